/* bench_optdb.c -- rewrite_graph(fast_run) on graphs of repeated */
/* canonicalizable patterns, 10^3 .. 10^5 nodes. */
/* See the LICENSE file for copying conditions. */
/*
 * The graph is a chain of blocks; block k takes the previous value v and
 * computes ((neg(neg(v)) * 1 + 0) * x_k) / x_k + v * v, 9 apply nodes
 * (a constant 1 and 0 are shared), which fast_run reduces to
 * v + sqr(v) (2 nodes) per block. Prints nodes before and after, the
 * median seconds and the time per node.
 */
#include <kanrewrite.h>

#include "bench.h"

static kr_variable *op2(kr_op *op, kr_variable *a, kr_variable *b)
{
	kr_variable *out;
	if (KR_OP_CALL(&out, op, a, b) < 0) {
		fprintf(stderr, "bench: %s\n", kr_error_last()->message);
		exit(1);
	}
	return out;
}

static kr_variable *block(kr_variable *v, kr_variable *x, kr_variable *one,
			  kr_variable *zero)
{
	kr_variable *n;
	KR_OP_CALL(&n, kr_op_neg(), v);
	KR_OP_CALL(&n, kr_op_neg(), n);
	kr_variable *t = op2(kr_op_add(), op2(kr_op_mul(), n, one), zero);
	t = op2(kr_op_true_div(), op2(kr_op_mul(), t, x), x);
	return op2(kr_op_add(), t, op2(kr_op_mul(), v, v));
}

static kr_variable *chain(long blocks)
{
	const kr_type *s = kr_type_scalar(KR_FLOAT64);
	kr_variable *one = kr_constant_new(1.0, NULL);
	kr_variable *zero = kr_constant_new(0.0, NULL);
	kr_variable *v = kr_variable_new(s, "v0");
	for (long k = 0; k < blocks; k++)
		v = block(v, kr_variable_new(s, "x"), one, zero);
	return v;
}

static size_t count_nodes(kr_variable *v)
{
	kr_fgraph *fg;
	kr_fgraph_new(&fg, 0, NULL, 1, &v, false);
	return kr_fgraph_nnodes(fg);
}

int main(void)
{
	kr_init();
	int runs = bench_runs(3);
	printf("%-28s %8s %8s %12s %12s  %10s\n", "case", "before", "after",
	       "median", "per node", "peak RSS");
	const long sizes[] = {1000, 10000, 100000};
	for (int i = 0; i < 3; i++) {
		long blocks = sizes[i] / 9;
		double t[64];
		size_t before = 0, after = 0;
		for (int r = 0; r < runs; r++) {
			kr_variable *g = chain(blocks), *out;
			before = count_nodes(g);
			kr_rewrite_graph_opts o = KR_REWRITE_GRAPH_OPTS_INIT;
			o.include = KR_TAGS("fast_run");
			double t0 = bench_now();
			if (kr_rewrite_graph_query(&out, g, &o) < 0) {
				fprintf(stderr, "bench: %s\n",
					kr_error_last()->message);
				return 1;
			}
			t[r] = bench_now() - t0;
			after = count_nodes(out);
		}
		double med = bench_median(t, runs);
		printf("%-28s %8zu %8zu %10.4f s %10.2f us  %7.1f MiB\n",
		       "rewrite_graph(fast_run)", before, after, med,
		       med / (double)before * 1e6, bench_peak_mib());
	}
	return 0;
}
