/* bench_graph.c -- FunctionGraph costs per node as N grows. */
/* See the LICENSE file for copying conditions. */
/*
 * For N = 10^3 .. 10^6 Apply nodes: build a FunctionGraph over a random
 * DAG of elementwise nodes (each node adds the previous node and a random
 * earlier variable, so the graph is deep and shared), toposort it, clone
 * it, and replace every node once by an equal new node (PyTensor's
 * fgraph.replace). Prints the median seconds of each phase, the time per
 * node and the peak memory per node. PyTensor 2.32 needs 0.16 s to build
 * and toposort 10^4 nodes, 0.6 s with cloning (reference bench).
 * "cpu us/node" is the same total in processor time of this process, a
 * steadier figure on a shared machine (waiting for a processor counts in
 * the wall-clock times, not in it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <kanrewrite.h>

#include "bench.h"

static uint64_t rnd_state = 88172645463325252ull;

static size_t rnd(size_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return (size_t)(rnd_state % n);
}

/* The outputs of n nodes over 4 vector inputs; *last is the final one. */
static kr_variable **build_vars(size_t n, kr_variable **ins)
{
	kr_variable **vars = kr_alloc((n + 4) * sizeof *vars);
	for (int i = 0; i < 4; i++)
		vars[i] = ins[i] = kr_variable_new(kr_type_vector(), NULL);
	kr_op *ops[2] = {kr_op_add(), kr_op_mul()};
	for (size_t k = 4; k < n + 4; k++) {
		kr_variable *a = vars[k - 1], *b = vars[rnd(k)];
		if (KR_OP_CALL(&vars[k], ops[k & 1], a, b) < 0)
			abort();
	}
	return vars;
}

typedef struct phase_times {
	double build, topo, clone, replace, cpu;
} phase_times;

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void run_once(phase_times *t, size_t n)
{
	kr_variable *ins[4];
	double c0 = cpu_now(), t0 = bench_now();
	kr_variable **vars = build_vars(n, ins);
	kr_fgraph *fg;
	if (kr_fgraph_new(&fg, 4, ins, 1, &vars[n + 3], false) < 0)
		abort();
	double t1 = bench_now();
	kr_apply **order;
	size_t len;
	if (kr_fgraph_toposort(&order, &len, fg) < 0 || len != n)
		abort();
	double t2 = bench_now();
	kr_fgraph *cl;
	if (kr_fgraph_clone(&cl, fg) < 0 || kr_fgraph_nnodes(cl) != n)
		abort();
	double t3 = bench_now();
	for (size_t k = 0; k < len; k++) {
		kr_apply *node = order[k];
		kr_variable *in[2] = {kr_apply_input(node, 0),
				      kr_apply_input(node, 1)}, *nv;
		if (kr_op_call(&nv, kr_apply_op(node), 2, in) < 0 ||
		    kr_fgraph_replace(fg, kr_apply_output(node, 0), nv, "b") < 0)
			abort();
	}
	double t4 = bench_now(), c4 = cpu_now();
	if (kr_fgraph_nnodes(fg) != n)
		abort();
	*t = (phase_times){t1 - t0, t2 - t1, t3 - t2, t4 - t3, c4 - c0};
}

int main(int argc, char **argv)
{
	kr_init();
	int runs = bench_runs(3);
	size_t maxn = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 1000000;
	printf("%-9s %10s %10s %10s %10s %12s %12s %12s\n", "N", "build s",
	       "topo s", "clone s", "replace s", "us/node all", "cpu us/node",
	       "peak B/node");
	for (size_t n = 1000; n <= maxn; n *= 10) {
		double b[64], tp[64], c[64], r[64], cpu[64];
		double before = bench_peak_mib();
		for (int i = 0; i < runs; i++) {
			phase_times t;
			run_once(&t, n);
			b[i] = t.build, tp[i] = t.topo, c[i] = t.clone,
			r[i] = t.replace, cpu[i] = t.cpu;
		}
		double mb = bench_median(b, runs), mt = bench_median(tp, runs);
		double mc = bench_median(c, runs), mr = bench_median(r, runs);
		double mcpu = bench_median(cpu, runs), peak = bench_peak_mib();
		printf("%-9zu %10.6f %10.6f %10.6f %10.6f %12.3f %12.3f %12.0f\n",
		       n, mb, mt, mc, mr, (mb + mt + mc + mr) / (double)n * 1e6,
		       mcpu / (double)n * 1e6,
		       (peak > before ? peak : before) * 1048576.0 / (double)n);
		fflush(stdout);
	}
	return 0;
}
