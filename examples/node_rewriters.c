/* node_rewriters.c -- the documents' substitution, removal and pattern rewriters. */
/* See the LICENSE file for copying conditions. */
/*
 * add_to_mul = SubstitutionNodeRewriter(add, mul), remove_identity =
 * RemovalNodeRewriter(identity) and the two PatternNodeRewriters of
 * x * y / y, in WalkingGraphRewriters and an EquilibriumGraphRewriter
 * (with and without a final MergeOptimizer); one commutative pattern does
 * the work of the two. Prints what PyTensor prints for the documents'
 * program (`pytensor_doc_outputs.md` section 5) and exits with status 1 if
 * anything differs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kanrewrite.h>

static int failures;

static void expect(const char *what, const char *got, const char *want)
{
	printf(">>> %s\n%s\n", what, got);
	if (strcmp(got, want)) {
		fprintf(stderr, "MISMATCH in %s:\n  got  %s\n  want %s\n",
			what, got, want);
		failures++;
	}
}

static kr_variable *call(kr_op *op, size_t n, kr_variable **ins)
{
	kr_variable *out;
	if (kr_op_call(&out, op, n, ins) < 0) {
		fprintf(stderr, "%s\n", kr_error_last()->message);
		exit(2);
	}
	return out;
}

#define CALL(op, ...)                                                         \
	call((op), sizeof((kr_variable *[]){__VA_ARGS__}) /                   \
			   sizeof(kr_variable *),                             \
	     (kr_variable *[]){__VA_ARGS__})

static kr_variable *x, *y, *z;

static kr_fgraph *fgraph_of(kr_variable *e)
{
	kr_fgraph *fg;
	if (kr_fgraph_new(&fg, 0, NULL, 1, &e, false) < 0)
		exit(2);
	return fg;
}

/* add(z, mul(true_div(mul(y, x), y), true_div(z, x))) */
static kr_fgraph *graph1(void)
{
	return fgraph_of(CALL(kr_op_add(), z,
			      CALL(kr_op_mul(),
				   CALL(kr_op_true_div(),
					CALL(kr_op_mul(), y, x), y),
				   CALL(kr_op_true_div(), z, x))));
}

/* true_div(mul(add(y, z), x), add(y, z)) */
static kr_fgraph *graph2(void)
{
	return fgraph_of(CALL(kr_op_true_div(),
			      CALL(kr_op_mul(), CALL(kr_op_add(), y, z), x),
			      CALL(kr_op_add(), y, z)));
}

static kr_profile *run(kr_graph_rewriter *rw, kr_fgraph *fg)
{
	kr_profile *p;
	if (kr_graph_rewriter_rewrite(rw, fg, &p) < 0) {
		fprintf(stderr, "%s\n", kr_error_last()->message);
		exit(2);
	}
	return p;
}

static kr_graph_rewriter *walker(kr_node_rewriter *rw)
{
	return kr_walking_graph_rewriter_new(rw, KR_IN_TO_OUT, false);
}

/* (true_div (mul ?x ?y) ?d) -> ?out */
static kr_node_rewriter *simplify(kr_term *vx, kr_term *vy, kr_term *d,
				  kr_term *res, bool commutative)
{
	kr_term *in = KR_ETUPLE(kr_op_term(kr_op_true_div()),
				KR_ETUPLE(kr_op_term(kr_op_mul()), vx, vy), d);
	kr_pattern_opts o = KR_PATTERN_OPTS_INIT;
	o.commutative = commutative;
	return kr_pattern_node_rewriter_new(in, res, &o);
}

static kr_graph_rewriter *equilibrium(size_t n, kr_node_rewriter **rws,
				      kr_graph_rewriter *final)
{
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.ignore_newtrees = true; /* PyTensor's defaults */
	o.tracks_on_change_inputs = false;
	o.nfinal_rewriters = final ? 1 : 0;
	o.final_rewriters = &final;
	return kr_equilibrium_graph_rewriter_new(n, rws, &o);
}

/* The equilibrium profile with its times masked: "0.000s" -> "Ts". */
static char *profile_text(const kr_profile *p)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	kr_profile_print(f, p);
	fclose(f);
	char *out = kr_strdup(buf), *w = out;
	free(buf);
	for (const char *r = out; *r;) {
		size_t n = strspn(r, "0123456789.");
		if (n && memchr(r, '.', n) && r[n] == 's') {
			*w++ = 'T';
			r += n;
		} else {
			*w++ = *r++;
		}
	}
	*w = 0;
	return out;
}

static const char *equilibrium_profile =
	" EquilibriumGraphRewriter  None\n"
	"   time Ts for 2 passes\n"
	"   nb nodes (start, end,  max) 5 3 5\n"
	"   time io_toposort Ts\n"
	"   time in node rewriters Ts\n"
	"   time in graph rewriters Ts\n"
	"   time in final rewriters Ts\n"
	"   time in cleanup rewriters Ts\n"
	"    0 - Ts 1 (Ts in graph rewriters, Ts io_toposort) - 5 nodes - "
	"('e(true_div, e(mul, ~x, ~y), ~x) -> ~y', 1)\n"
	"    1 - Ts 0 (Ts in graph rewriters, Ts io_toposort) - 3 nodes - \n"
	"   times - times applied - nb node created - name:\n"
	"   Ts - 1 - 0 - e(true_div, e(mul, ~x, ~y), ~x) -> ~y\n"
	"   Ts - in 0 rewrites that were not used (i.e. those with a "
	"run-time of zero)\n\n";

int main(void)
{
	kr_init();
	const kr_type *t = kr_type_scalar(KR_FLOAT64);
	x = kr_variable_new(t, "x");
	y = kr_variable_new(t, "y");
	z = kr_variable_new(t, "z");
	kr_term *vx = kr_var_new("x"), *vy = kr_var_new("y");
	kr_node_rewriter *add_to_mul =
		kr_substitution_node_rewriter_new(kr_op_add(), kr_op_mul());
	kr_node_rewriter *ls[2] = {simplify(vx, vy, vy, vx, false),
				   simplify(vx, vy, vx, vy, false)};
	kr_node_rewriter *remove_identity =
		kr_removal_node_rewriter_new(kr_op_identity());
	expect("str(add_to_mul)", kr_node_rewriter_to_string(add_to_mul),
	       "add -> mul");
	expect("str(local_simplify_1)", kr_node_rewriter_to_string(ls[0]),
	       "e(true_div, e(mul, ~x, ~y), ~y) -> ~x");
	expect("str(local_simplify_2)", kr_node_rewriter_to_string(ls[1]),
	       "e(true_div, e(mul, ~x, ~y), ~x) -> ~y");
	size_t nt;
	kr_op *const *tr = kr_node_rewriter_tracks(ls[0], &nt);
	expect("local_simplify_1.tracks()",
	       kr_strfmt("[%s]", nt == 1 ? kr_op_to_string(tr[0]) : "?"),
	       "[true_div]");
	expect("str(remove_identity)",
	       kr_node_rewriter_to_string(remove_identity), "identity(x) -> x");

	kr_fgraph *fg = graph1();
	run(walker(add_to_mul), fg);
	expect("WalkingGraphRewriter(add_to_mul) on graph1; e",
	       kr_fgraph_repr(fg), "FunctionGraph(mul(z, mul(true_div(mul(y,"
				   " x), y), true_div(z, x))))");
	fg = graph1();
	run(walker(kr_sequential_node_rewriter_new(2, ls)), fg);
	expect("WalkingGraphRewriter(SequentialNodeRewriter(local_simplify_1,"
	       " local_simplify_2)) on graph1; e", kr_fgraph_repr(fg),
	       "FunctionGraph(add(z, mul(x, true_div(z, x))))");
	fg = graph1();
	kr_profile *p = run(equilibrium(2, ls, NULL), fg);
	expect("EquilibriumGraphRewriter([local_simplify_1, local_simplify_2],"
	       " max_use_ratio=10) on graph1; e", kr_fgraph_repr(fg),
	       "FunctionGraph(add(z, mul(x, true_div(z, x))))");
	expect("EquilibriumGraphRewriter.print_profile", profile_text(p),
	       equilibrium_profile);

	fg = graph2();
	run(equilibrium(2, ls, kr_merge_optimizer_new()), fg);
	expect("same, with final_rewriters=[MergeOptimizer()] on graph2; e",
	       kr_fgraph_repr(fg), "FunctionGraph(x)");
	fg = graph2();
	run(kr_merge_optimizer_new(), fg);
	run(equilibrium(2, ls, NULL), fg);
	expect("MergeOptimizer then the equilibrium rewriter on graph2; e",
	       kr_fgraph_repr(fg), "FunctionGraph(x)");

	fg = fgraph_of(CALL(kr_op_add(), CALL(kr_op_identity(), x),
			    CALL(kr_op_identity(), CALL(kr_op_mul(), x, y))));
	expect("g (identity example)", kr_fgraph_repr(fg),
	       "FunctionGraph(add(identity(x), identity(mul(x, y))))");
	run(walker(remove_identity), fg);
	expect("WalkingGraphRewriter(RemovalNodeRewriter(identity)); g",
	       kr_fgraph_repr(fg), "FunctionGraph(add(x, mul(x, y)))");

	/* Beyond PyTensor 2.32: one commutative pattern for both orders. */
	kr_node_rewriter *comm = simplify(vx, vy, vy, vx, true);
	fg = graph1();
	run(equilibrium(1, &comm, NULL), fg);
	expect("EquilibriumGraphRewriter([commutative local_simplify_1]) on "
	       "graph1; e", kr_fgraph_repr(fg),
	       "FunctionGraph(add(z, mul(x, true_div(z, x))))");
	if (failures)
		fprintf(stderr, "%d outputs differ from PyTensor's\n",
			failures);
	return failures ? 1 : 0;
}
