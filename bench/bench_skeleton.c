/* bench_skeleton.c -- the walking skeleton's figures: dot distribution, */
/* appendo splits, unify + reify of large terms. */
/* See the LICENSE file for copying conditions. */
/*
 * Prints one row per case: name, size, median seconds over BENCH_RUNS runs
 * (default 5), peak resident size of the process so far, and a correctness
 * check of the result (never timed in unit tests: see DEVELOPERS notes).
 */
#include <string.h>

#include <kanrewrite.h>

#include "bench.h"

static kr_variable *A, **xs;

/* A @ (x1 + (x2 + ... + xN)), right-nested. */
static kr_variable *dot_chain(long n)
{
	kr_variable *sum = xs[n - 1], *out;
	for (long i = n - 2; i >= 0; i--) {
		KR_OP_CALL(&out, kr_op_add(), xs[i], sum);
		sum = out;
	}
	KR_OP_CALL(&out, kr_op_dot(), A, sum);
	return out;
}

/*
 * The nodes a rewrite makes are visited in the same pass (PyTensor's
 * ignore_newtrees=False), as bench_rewrite's rows (c): the same graph in
 * two passes instead of one per level (see there).
 */
static kr_graph_rewriter *distribute(bool reverse)
{
	kr_node_rewriter *sub =
		kr_kanren_relation_sub_new(kr_dot_distributeo_rel(), reverse);
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.max_use_ratio = 10;
	o.ignore_newtrees = false;
	o.tracks_on_change_inputs = true;
	return kr_equilibrium_graph_rewriter_new(1, &sub, &o);
}

/* Count apply nodes of each op in the graph of v (for the check column). */
static void count_ops(kr_variable *v, long *dots, long *adds)
{
	kr_fgraph *fg;
	kr_fgraph_new(&fg, 0, NULL, 1, &v, false);
	kr_apply **order;
	size_t n;
	kr_fgraph_toposort(&order, &n, fg);
	*dots = *adds = 0;
	for (size_t i = 0; i < n; i++) {
		kr_op *op = kr_apply_op(order[i]);
		*dots += kr_op_equal(op, kr_op_dot());
		*adds += kr_op_equal(op, kr_op_add());
	}
}

static void bench_dot(long n, int runs)
{
	double tf[64], tb[64];
	long dots = 0, adds = 0, dots2 = 0, adds2 = 0;
	for (int r = 0; r < runs; r++) {
		kr_variable *g = dot_chain(n), *fwd, *back;
		double t0 = bench_now();
		if (kr_rewrite_graph(&fwd, g, distribute(false), false) < 0)
			goto fail;
		tf[r] = bench_now() - t0;
		/* count before gathering: the rewrite changes fwd in place */
		count_ops(fwd, &dots, &adds);
		double t1 = bench_now();
		if (kr_rewrite_graph(&back, fwd, distribute(true), false) < 0)
			goto fail;
		tb[r] = bench_now() - t1;
		count_ops(back, &dots2, &adds2);
	}
	bench_row("dot_distribute forward", n, bench_median(tf, runs),
		  dots == n && adds == n - 1 ? "ok" : "WRONG");
	bench_row("dot_distribute backward", n, bench_median(tb, runs),
		  dots2 == 1 && adds2 == n - 1 ? "ok" : "WRONG");
	return;
fail:
	fprintf(stderr, "bench: %s\n", kr_error_last()->message);
	exit(1);
}

static void bench_appendo(long n, int runs)
{
	kr_term **items = kr_alloc((size_t)n * sizeof *items);
	for (long i = 0; i < n; i++)
		items[i] = kr_int(i);
	kr_term *l = kr_list((size_t)n, items);
	double t[64];
	long answers = 0;
	for (int r = 0; r < runs; r++) {
		kr_term *q = kr_var_new("q"), *x = kr_var_new(NULL),
			*y = kr_var_new(NULL);
		double t0 = bench_now();
		kr_term *all = kr_run(-1, q, KR_ALL(kr_eq(q, KR_LIST(x, y)),
						    kr_appendo(x, y, l)));
		t[r] = bench_now() - t0;
		answers = kr_list_length(all);
	}
	bench_row("run* appendo splits", n, bench_median(t, runs),
		  answers == n + 1 ? "ok" : "WRONG");
}

/*
 * A complete binary tree of `n` pairs over leaves lo .. lo + n. Leaf k is
 * the integer k, except that for i < 16 leaf i*stride is variable i in
 * tree 0, leaf i*stride + 1 is variable i in tree 1 and the integer
 * i*stride in tree 0: the two trees unify, binding variable i to i*stride.
 */
static kr_term *tree(long lo, long n, kr_term **vars, long stride, int which)
{
	if (n == 0) {
		long i = lo / stride, k = lo % stride;
		if (i < 16 && k == which)
			return vars[i];
		return kr_int(i < 16 && k == 1 ? lo - 1 : lo);
	}
	long left = (n - 1) / 2;
	return kr_cons(tree(lo, left, vars, stride, which),
		       tree(lo + left + 1, n - 1 - left, vars, stride, which));
}

static void bench_unify(long n, int runs)
{
	kr_term *vars[16];
	kr_fresh(16, vars);
	long pairs = n / 2; /* a tree of p pairs has 2p + 1 nodes */
	long stride = (pairs + 1) / 16;
	kr_term *a = tree(0, pairs, vars, stride, 0);
	kr_term *b = tree(0, pairs, vars, stride, 1);
	double t[64];
	bool ok = false;
	for (int r = 0; r < runs; r++) {
		double t0 = bench_now();
		const kr_subst *s = kr_unify(a, b, kr_subst_empty());
		kr_term *ra = s ? kr_reify(a, s) : NULL;
		t[r] = bench_now() - t0;
		ok = s && kr_is_ground(ra) && kr_equal(ra, kr_reify(b, s));
	}
	bench_row("unify + reify, 16 shared vars", n, bench_median(t, runs),
		  ok ? "ok" : "WRONG");
}

int main(void)
{
	kr_init();
	int runs = bench_runs(5);
	A = kr_variable_new(kr_type_matrix(), "A");
	xs = kr_alloc(1000 * sizeof *xs);
	for (int i = 0; i < 1000; i++)
		xs[i] = kr_variable_new(kr_type_matrix(),
					kr_strfmt("x%d", i + 1));
	printf("%-34s %8s %14s  %12s  %s\n", "case", "N", "median", "peak RSS",
	       "check");
	const long dot_sizes[] = {10, 100, 1000};
	for (int i = 0; i < 3; i++)
		bench_dot(dot_sizes[i], runs);
	bench_appendo(100, runs);
	bench_appendo(1000, runs);
	bench_unify(100000, runs);
	return 0;
}
