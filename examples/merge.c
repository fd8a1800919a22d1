/* merge.c -- the documents' MergeOptimizer example, then Simplify. */
/* See the LICENSE file for copying conditions. */
/*
 * true_div(mul(add(y, z), x), add(y, z)) holds add(y, z) twice, so the
 * documents' Simplify (a GraphRewriter written as a function) cannot see
 * that numerator and denominator share a factor; after MergeOptimizer they
 * do, and the graph simplifies to x. Also shows is_same_graph. Prints what
 * PyTensor prints for the documents' program (`pytensor_doc_outputs.md`
 * sections 2, 3 and 9) and exits with status 1 if anything differs.
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

/*
 * The documents' Simplify.apply: for each true_div(mul(a, b), y) in
 * toposort order, replace it by b when y is a, by a when y is b.
 */
static int simplify(kr_fgraph *fg, void *data)
{
	(void)data;
	kr_apply **order;
	size_t n;
	int rc = kr_fgraph_toposort(&order, &n, fg);
	for (size_t i = 0; rc == 0 && i < n; i++) {
		kr_apply *node = order[i];
		if (!kr_fgraph_has_node(fg, node) ||
		    !kr_op_equal(kr_apply_op(node), kr_op_true_div()))
			continue;
		kr_variable *x = kr_apply_input(node, 0);
		kr_variable *y = kr_apply_input(node, 1);
		kr_apply *m = kr_variable_owner(x);
		if (!m || !kr_op_equal(kr_apply_op(m), kr_op_mul()))
			continue;
		kr_variable *a = kr_apply_input(m, 0), *b = kr_apply_input(m, 1);
		kr_variable *z = kr_apply_output(node, 0);
		if (y == a)
			rc = kr_fgraph_replace_validate(fg, z, b, "simplify");
		else if (y == b)
			rc = kr_fgraph_replace_validate(fg, z, a, "simplify");
	}
	return rc;
}

static char *profile_text(const kr_profile *p)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	kr_profile_print(f, p);
	fclose(f);
	char *s = kr_strdup(buf);
	free(buf);
	return s;
}

int main(void)
{
	kr_init();
	const kr_type *t = kr_type_scalar(KR_FLOAT64);
	kr_variable *x = kr_variable_new(t, "x"), *y = kr_variable_new(t, "y");
	kr_variable *z = kr_variable_new(t, "z");
	kr_variable *e = call(kr_op_true_div(),
			      call(kr_op_mul(), call(kr_op_add(), y, z), x),
			      call(kr_op_add(), y, z));
	kr_fgraph *fg;
	if (kr_fgraph_new(&fg, 3, (kr_variable *[]){x, y, z}, 1, &e, false))
		return 2;
	kr_graph_rewriter *simp = kr_graph_rewriter_from_fn("Simplify",
							    simplify, NULL);
	if (kr_graph_rewriter_rewrite(simp, fg, NULL) < 0)
		return 2;
	expect("e (Simplify without merge)", kr_fgraph_repr(fg),
	       "FunctionGraph(true_div(mul(add(y, z), x), add(y, z)))");
	kr_profile *p;
	if (kr_graph_rewriter_rewrite(kr_merge_optimizer_new(), fg, &p) < 0)
		return 2;
	size_t nb_fail, nb_merged, nb_atomic;
	double replace_time;
	kr_merge_profile_stats(p, &nb_fail, &replace_time, &nb_merged,
			       &nb_atomic);
	expect("MergeOptimizer().rewrite(e) (replace_time masked)",
	       kr_strfmt("(%zu, T, None, None, {}, %zu, %zu)", nb_fail,
			 nb_merged, nb_atomic),
	       "(0, T, None, None, {}, 1, 0)");
	expect("e", kr_fgraph_repr(fg),
	       "FunctionGraph(true_div(mul(*1 -> add(y, z), x), *1))");
	char *text = profile_text(p);
	expect("MergeOptimizer.print_profile (time masked)",
	       kr_strfmt("%.*s", (int)(strstr(text, "replace=") - text), text),
	       " MergeOptimizer\n   nb fail=    0 merged=    1 atomic=    0\n"
	       "   time ");
	if (kr_graph_rewriter_rewrite(simp, fg, NULL) < 0)
		return 2;
	expect("e (Simplify after merge)", kr_fgraph_repr(fg),
	       "FunctionGraph(x)");

	bool same;
	kr_variable *a = call(kr_op_add(), call(kr_op_mul(), x, y), x);
	kr_variable *b = call(kr_op_add(), call(kr_op_mul(), x, y), x);
	kr_variable *c = call(kr_op_add(), call(kr_op_mul(), y, x), x);
	kr_is_same_graph(&same, a, b, 0, NULL, NULL);
	expect("is_same_graph(x*y + x, x*y + x)", same ? "True" : "False",
	       "True");
	kr_is_same_graph(&same, a, c, 0, NULL, NULL);
	expect("is_same_graph(x*y + x, y*x + x)", same ? "True" : "False",
	       "False");
	kr_is_same_graph(&same, a, c, 1, &y, &x);
	expect("is_same_graph(x*y + x, y*x + x, givens={y: x})",
	       same ? "True" : "False", "True");
	if (failures)
		fprintf(stderr, "%d outputs differ from PyTensor's\n",
			failures);
	return failures ? 1 : 0;
}
