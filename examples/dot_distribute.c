/* dot_distribute.c -- the documents' dot distribution, forward and back. */
/* See the LICENSE file for copying conditions. */
/*
 * A @ (x + y) = (A @ x) + (A @ y), as one miniKanren relation used in both
 * directions through KanrenRelationSub and an EquilibriumGraphRewriter.
 * Prints, for each of the documents' three graphs, the graph, its
 * distributed form and the gathered form of that, and exits with status 1
 * if any differs from what PyTensor prints for the same program.
 */
#include <stdio.h>
#include <string.h>

#include <kanrewrite.h>

static kr_variable *call(kr_op *op, kr_variable *a, kr_variable *b)
{
	kr_variable *out;
	if (KR_OP_CALL(&out, op, a, b) < 0) {
		fprintf(stderr, "%s\n", kr_error_last()->message);
		return NULL;
	}
	return out;
}

#define DOT(a, b) call(kr_op_dot(), a, b)
#define ADD(a, b) call(kr_op_add(), a, b)

/* EquilibriumGraphRewriter([KanrenRelationSub(rel)], max_use_ratio=10). */
static kr_graph_rewriter *rewriter(bool reverse)
{
	kr_node_rewriter *sub =
		kr_kanren_relation_sub_new(kr_dot_distributeo_rel(), reverse);
	kr_equilibrium_opts opts = KR_EQUILIBRIUM_OPTS_INIT;
	opts.max_use_ratio = 10;
	return kr_equilibrium_graph_rewriter_new(1, &sub, &opts);
}

static const char *expected[3][2] = {
	{"(A @ (x + y))", "((A @ x) + (A @ y))"},
	{"(A @ ((x + y) + (z + w)))",
	 "(((A @ x) + (A @ y)) + ((A @ z) + (A @ w)))"},
	{"(A @ (x + (y + (B @ (z + w)))))",
	 "((A @ x) + ((A @ y) + ((A @ (B @ z)) + (A @ (B @ w)))))"},
};

int main(void)
{
	kr_init();
	const kr_type *m = kr_type_matrix();
	kr_variable *A = kr_variable_new(m, "A"), *B = kr_variable_new(m, "B");
	kr_variable *x = kr_variable_new(m, "x"), *y = kr_variable_new(m, "y");
	kr_variable *z = kr_variable_new(m, "z"), *w = kr_variable_new(m, "w");
	kr_variable *graphs[3] = {
		DOT(A, ADD(x, y)),
		DOT(A, ADD(ADD(x, y), ADD(z, w))),
		DOT(A, ADD(x, ADD(y, DOT(B, ADD(z, w))))),
	};
	int status = 0;
	for (int i = 0; i < 3; i++) {
		const char *before = kr_pprint(graphs[i]);
		kr_variable *fwd, *back;
		/* clone=false, as the documents: each rewrite changes the graph
		 * in place, so print the forward result before gathering it. */
		if (kr_rewrite_graph(&fwd, graphs[i], rewriter(false), false) < 0) {
			fprintf(stderr, "%s\n", kr_error_last()->message);
			return 1;
		}
		const char *f = kr_pprint(fwd);
		if (kr_rewrite_graph(&back, fwd, rewriter(true), false) < 0) {
			fprintf(stderr, "%s\n", kr_error_last()->message);
			return 1;
		}
		const char *b = kr_pprint(back);
		printf("%s => %s => %s\n", before, f, b);
		if (strcmp(before, expected[i][0]) || strcmp(f, expected[i][1]) ||
		    strcmp(b, expected[i][0]))
			status = 1;
	}
	return status;
}
