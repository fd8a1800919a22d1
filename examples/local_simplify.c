/* local_simplify.c -- the documents' LocalSimplify node rewriter in a walker. */
/* See the LICENSE file for copying conditions. */
/*
 * LocalSimplify turns (x * y) / y into x and (x * y) / x into y, as a
 * NodeRewriter written in C; a WalkingGraphRewriter applies it in_to_out
 * and out_to_in, without and with a MergeOptimizer first, and inside a
 * SequentialGraphRewriter. Prints what PyTensor prints for the documents'
 * program (`pytensor_doc_outputs.md` sections 4 and 9) and exits with
 * status 1 if anything differs.
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

static kr_variable *call(kr_op *op, kr_variable *a, kr_variable *b)
{
	kr_variable *out;
	if (KR_OP_CALL(&out, op, a, b) < 0) {
		fprintf(stderr, "%s\n", kr_error_last()->message);
		exit(2);
	}
	return out;
}

/* LocalSimplify.transform: true_div(mul(a, b), y) with y a or b. */
static int local_simplify(kr_node_rewriter *self, kr_fgraph *fg,
			  kr_apply *node, kr_replacements **out)
{
	(void)self, (void)fg;
	if (!kr_op_equal(kr_apply_op(node), kr_op_true_div()))
		return 0;
	kr_variable *x = kr_apply_input(node, 0), *y = kr_apply_input(node, 1);
	kr_apply *m = kr_variable_owner(x);
	if (!m || !kr_op_equal(kr_apply_op(m), kr_op_mul()) ||
	    kr_apply_ninputs(m) != 2)
		return 0;
	kr_variable *a = kr_apply_input(m, 0), *b = kr_apply_input(m, 1);
	if (y == a)
		*out = kr_replacements_for_outputs(node, 1, &b);
	else if (y == b)
		*out = kr_replacements_for_outputs(node, 1, &a);
	return 0;
}

static const kr_node_rewriter_class local_simplify_class = {
	.name = "LocalSimplify", .transform = local_simplify};

static kr_variable *x, *y, *z;

/* add(z, mul(true_div(mul(y, x), y), true_div(z, x))) */
static kr_fgraph *graph1(void)
{
	kr_variable *e = call(kr_op_add(), z,
			      call(kr_op_mul(),
				   call(kr_op_true_div(),
					call(kr_op_mul(), y, x), y),
				   call(kr_op_true_div(), z, x)));
	kr_fgraph *fg;
	if (kr_fgraph_new(&fg, 3, (kr_variable *[]){x, y, z}, 1, &e, false))
		exit(2);
	return fg;
}

/* true_div(mul(add(y, z), x), add(y, z)) */
static kr_fgraph *graph2(void)
{
	kr_variable *e = call(kr_op_true_div(),
			      call(kr_op_mul(), call(kr_op_add(), y, z), x),
			      call(kr_op_add(), y, z));
	kr_fgraph *fg;
	if (kr_fgraph_new(&fg, 3, (kr_variable *[]){x, y, z}, 1, &e, false))
		exit(2);
	return fg;
}

/* prof[1:4] of a WalkingGraphRewriter profile: (changed, start, end). */
static char *counts(const kr_profile *p)
{
	size_t start, end;
	kr_profile_nodes(p, &start, &end);
	char *s = kr_strfmt("(%zu, %zu, %zu)", kr_profile_changes(p), start,
			    end);
	return s;
}

static kr_profile *walk(kr_fgraph *fg, kr_walk_order order)
{
	kr_node_rewriter *ls =
		kr_node_rewriter_new(&local_simplify_class, NULL, NULL);
	kr_profile *p;
	if (kr_graph_rewriter_rewrite(kr_walking_graph_rewriter_new(ls, order,
								    false),
				      fg, &p) < 0)
		exit(2);
	return p;
}

/* A profile as text with every number that has a '.' replaced by T. */
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
		size_t n = strspn(r, "0123456789.e-");
		if (n && memchr(r, '.', n) && (r == out || r[-1] == ' ' ||
					       r[-1] == '=')) {
			*w++ = 'T';
			r += n;
		} else {
			*w++ = *r++;
		}
	}
	*w = 0;
	return out;
}

static void section4(void)
{
	kr_fgraph *fg = graph1();
	expect("e", kr_fgraph_repr(fg), "FunctionGraph(add(z, mul(true_div("
					"mul(y, x), y), true_div(z, x))))");
	kr_profile *p = walk(fg, KR_IN_TO_OUT);
	expect("prof[1:4]", counts(p), "(1, 5, 3)");
	expect("e", kr_fgraph_repr(fg),
	       "FunctionGraph(add(z, mul(x, true_div(z, x))))");
	expect("WalkingGraphRewriter.print_profile", profile_text(p),
	       " WalkingGraphRewriter  None\n"
	       "   nb_node (start, end, changed) (5, 3, 1)\n"
	       "   init io_toposort T\n   loop time T\n   callback_time T\n");
	fg = graph1();
	p = walk(fg, KR_OUT_TO_IN);
	expect("prof[1:4] (out_to_in)", counts(p), "(1, 5, 3)");
	expect("e", kr_fgraph_repr(fg),
	       "FunctionGraph(add(z, mul(x, true_div(z, x))))");
}

static void section4c(void)
{
	kr_fgraph *fg = graph2();
	kr_profile *p = walk(fg, KR_IN_TO_OUT);
	expect("prof[1:4] (no merge)", counts(p), "(0, 4, 4)");
	expect("e", kr_fgraph_repr(fg),
	       "FunctionGraph(true_div(mul(add(y, z), x), add(y, z)))");
	if (kr_graph_rewriter_rewrite(kr_merge_optimizer_new(), fg, NULL) < 0)
		exit(2);
	p = walk(fg, KR_IN_TO_OUT);
	expect("prof[1:4] (after MergeOptimizer)", counts(p), "(1, 3, 0)");
	expect("e", kr_fgraph_repr(fg), "FunctionGraph(x)");
}

/* Section 9: the nested profile; sub-rewriters are sorted by time. */
static void section9(void)
{
	kr_fgraph *fg = graph2();
	kr_node_rewriter *ls =
		kr_node_rewriter_new(&local_simplify_class, NULL, NULL);
	kr_graph_rewriter *rws[2] = {
		kr_merge_optimizer_new(),
		kr_walking_graph_rewriter_new(ls, KR_IN_TO_OUT, false)};
	kr_profile *p;
	if (kr_graph_rewriter_rewrite(kr_sequential_graph_rewriter_new(2, rws),
				      fg, &p) < 0)
		exit(2);
	char *text = profile_text(p);
	printf(">>> SequentialGraphRewriter.print_profile\n%s", text);
	static const char *blocks[] = {
		" SequentialGraphRewriter  None  time Ts for 4/0 nodes "
		"before/after rewriting\n   Ts for callback\n"
		"       nans for fgraph.validate()\n   time      - (name, "
		"class, index, nodes before, nodes after) - validate time\n",
		"   Ts - (None, 'WalkingGraphRewriter', 1, 3, 0)\n"
		"     WalkingGraphRewriter  None\n"
		"       nb_node (start, end, changed) (3, 0, 1)\n"
		"       init io_toposort T\n       loop time T\n"
		"       callback_time T\n",
		"   Ts - (None, 'MergeOptimizer', 0, 4, 3)\n"
		"     MergeOptimizer\n"
		"       nb fail=    0 merged=    1 atomic=    0\n"
		"       time replace=T validate=nan callback=nan\n"};
	for (size_t i = 0; i < 3; i++)
		if (!strstr(text, blocks[i])) {
			fprintf(stderr, "MISMATCH: missing block\n%s", blocks[i]);
			failures++;
		}
	expect("e", kr_fgraph_repr(fg), "FunctionGraph(x)");
}

int main(void)
{
	kr_init();
	x = kr_variable_new(kr_type_scalar(KR_FLOAT64), "x");
	y = kr_variable_new(kr_type_scalar(KR_FLOAT64), "y");
	z = kr_variable_new(kr_type_scalar(KR_FLOAT64), "z");
	section4();
	section4c();
	section9();
	if (failures)
		fprintf(stderr, "%d outputs differ from PyTensor's\n",
			failures);
	return failures ? 1 : 0;
}
