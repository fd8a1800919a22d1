/* bench_graph.c -- FunctionGraph costs per node as N grows. */
/* See the LICENSE file for copying conditions. */
/*
 * Two graph shapes of N Apply nodes, N = 10^3 .. 10^6:
 *
 *   chain   v_i = add(v_{i-1}, y) over inputs x, y: the graph of
 *           PyTensor's own fgraph benchmark (pytensor_peer_bench.md),
 *           so the first table compares like with like;
 *   random  each node adds (or multiplies) the previous node and a
 *           random earlier variable: a deep, shared DAG whose nodes are
 *           visited in random memory order.
 *
 * Table 1 times exactly what the PyTensor figures time: the graph's
 * nodes exist already; `FunctionGraph(inputs, [v_N], clone)` and
 * `toposort()` are timed, without and with cloning. It reports the
 * processor time of this process (the same as wall-clock time on an
 * idle machine, and steady when other work shares the processors),
 * median of BENCH_RUNS runs (default 11: a run at 10^4 takes a
 * millisecond, and a collection falling in one of few runs moves the
 * median) after one warm-up run.
 *
 * Table 2 times each phase for both shapes: make the N nodes, build the
 * FunctionGraph (clone false), toposort, clone, and replace every node
 * once by an equal new node (fgraph.replace, in toposort order). "us/node"
 * is the sum of the phase medians per node; "cpu us/node" the processor
 * time of one whole run per node (steadier on a shared machine); "peak
 * B/node" the growth of the resident set over the runs of that row,
 * per node; "alloc B/n" the bytes one run allocated, per node (the work
 * per node: it stays constant when the phases are linear, while the time
 * per node also feels the caches once the graph outgrows them). Each
 * row runs in its own process, so rows do not share a heap. Times are
 * medians of BENCH_RUNS runs (default 3).
 *
 * Usage: bench_graph [MAX_N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <kanrewrite.h>

#include "bench.h"

typedef enum shape { CHAIN, RANDOM } shape;

static const char *const shape_names[] = {"chain", "random"};

static uint64_t rnd_state = 88172645463325252ull;

static size_t rnd(size_t n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return (size_t)(rnd_state % n);
}

/*
 * The n node outputs after the graph's inputs: vars[0..nin) are the
 * inputs (copied to ins), vars[nin + n - 1] the last node's output.
 */
static kr_variable **build_vars(shape s, size_t n, kr_variable **ins,
				size_t *nin)
{
	*nin = s == CHAIN ? 2 : 4;
	kr_variable **vars = kr_alloc((n + *nin) * sizeof *vars);
	for (size_t i = 0; i < *nin; i++)
		vars[i] = ins[i] = kr_variable_new(kr_type_vector(), NULL);
	kr_op *ops[2] = {kr_op_add(), kr_op_mul()};
	for (size_t k = *nin; k < n + *nin; k++) {
		kr_variable *a = vars[k - 1];
		kr_variable *b = s == CHAIN ? ins[1] : vars[rnd(k)];
		kr_op *op = s == CHAIN ? ops[0] : ops[k & 1];
		if (KR_OP_CALL(&vars[k], op, a, b) < 0)
			abort();
	}
	return vars;
}


static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A FunctionGraph over vars and its toposort; returns the graph. */
static kr_fgraph *fgraph_topo(size_t nin, kr_variable **ins, kr_variable *out,
			      bool clone, size_t n)
{
	kr_fgraph *fg;
	kr_apply **order;
	size_t len;
	if (kr_fgraph_new(&fg, nin, ins, 1, &out, clone) < 0 ||
	    kr_fgraph_toposort(&order, &len, fg) < 0 || len != n)
		abort();
	return fg;
}

/* Table 1 row: medians of FunctionGraph + toposort, clone false/true. */
static void peer_row(size_t n, int runs, double *plain, double *cloned)
{
	double t[2][64];
	for (int i = -1; i < runs; i++) { /* run -1 warms the heap up */
		kr_variable *ins[4];
		size_t nin;
		kr_variable **vars = build_vars(CHAIN, n, ins, &nin);
		for (int c = 0; c < 2; c++) {
			double t0 = cpu_now();
			fgraph_topo(nin, ins, vars[nin + n - 1], c, n);
			if (i >= 0)
				t[c][i] = cpu_now() - t0;
		}
	}
	*plain = bench_median(t[0], runs);
	*cloned = bench_median(t[1], runs);
}

enum { P_MAKE, P_FGRAPH, P_TOPO, P_CLONE, P_REPLACE, P_CPU, NPHASE };

/* Replace every node of fg once by an equal new node. */
static void replace_all(kr_fgraph *fg, kr_apply **order, size_t len)
{
	for (size_t k = 0; k < len; k++) {
		kr_apply *node = order[k];
		kr_variable *in[2] = {kr_apply_input(node, 0),
				      kr_apply_input(node, 1)}, *nv;
		if (kr_op_call(&nv, kr_apply_op(node), 2, in) < 0 ||
		    kr_fgraph_replace(fg, kr_apply_output(node, 0), nv, "b") < 0)
			abort();
	}
}

static void phases_once(double *t, shape s, size_t n)
{
	kr_variable *ins[4];
	size_t nin;
	double c0 = cpu_now(), t0 = bench_now();
	kr_variable **vars = build_vars(s, n, ins, &nin);
	double t1 = bench_now();
	kr_fgraph *fg;
	if (kr_fgraph_new(&fg, nin, ins, 1, &vars[nin + n - 1], false) < 0)
		abort();
	double t2 = bench_now();
	kr_apply **order;
	size_t len;
	if (kr_fgraph_toposort(&order, &len, fg) < 0 || len != n)
		abort();
	double t3 = bench_now();
	kr_fgraph *cl;
	if (kr_fgraph_clone(&cl, fg) < 0 || kr_fgraph_nnodes(cl) != n)
		abort();
	double t4 = bench_now();
	replace_all(fg, order, len);
	double t5 = bench_now();
	if (kr_fgraph_nnodes(fg) != n)
		abort();
	double d[NPHASE] = {t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4,
			    cpu_now() - c0};
	for (int p = 0; p < NPHASE; p++)
		t[p] = d[p];
}

static void phases_row(shape s, size_t n, int runs)
{
	double t[NPHASE][64], m[NPHASE], all = 0;
	double before = bench_peak_mib();
	size_t alloc = 0;
	for (int i = 0; i < runs; i++) {
		double one[NPHASE];
		kr_memory_stats m0, m1;
		kr_memory_stats_get(&m0);
		phases_once(one, s, n);
		kr_memory_stats_get(&m1);
		alloc = m1.allocated - m0.allocated;
		for (int p = 0; p < NPHASE; p++)
			t[p][i] = one[p];
	}
	for (int p = 0; p < NPHASE; p++) {
		m[p] = bench_median(t[p], runs);
		all += p == P_CPU ? 0 : m[p];
	}
	double grown = (bench_peak_mib() - before) * 1048576.0;
	printf("%-7s %8zu %9.6f %9.6f %9.6f %9.6f %9.6f %8.3f %8.3f %8.0f "
	       "%8.0f\n",
	       shape_names[s], n, m[P_MAKE], m[P_FGRAPH], m[P_TOPO],
	       m[P_CLONE], m[P_REPLACE], all / (double)n * 1e6,
	       m[P_CPU] / (double)n * 1e6, grown / (double)n,
	       (double)alloc / (double)n);
}

/* PyTensor 2.32 medians (s) for N = 10^3, 10^4; 0 where not measured. */
static double peer_figure(size_t n, bool clone)
{
	if (n == 1000)
		return clone ? 7.72e-02 : 1.06e-02;
	if (n == 10000)
		return clone ? 0.594 : 0.161;
	return 0;
}

static void peer_line(size_t n, int runs)
{
	double plain, cloned;
	peer_row(n, runs, &plain, &cloned);
	double pp = peer_figure(n, false), pc = peer_figure(n, true);
	printf("%8zu %10.6f %8.3f %10.4g %8.0f  %10.6f %8.3f %10.4g %8.0f\n",
	       n, plain, plain / (double)n * 1e6, pp, pp ? pp / plain : 0,
	       cloned, cloned / (double)n * 1e6, pc, pc ? pc / cloned : 0);
}

/* One row, run in a child process (bench_in_child). */
typedef struct row_job {
	bool peer;   /* table 1, else table 2 */
	shape s;
	size_t n;
	int runs;
} row_job;

static int row_child(void *arg)
{
	const row_job *j = arg;
	kr_init();
	if (j->peer)
		peer_line(j->n, j->runs);
	else
		phases_row(j->s, j->n, j->runs);
	return 0;
}

static void row(bool peer, shape s, size_t n, int runs)
{
	row_job j = {peer, s, n, runs};
	if (bench_in_child(row_child, &j, "bench_graph") != 0)
		exit(1);
}

int main(int argc, char **argv)
{
	int runs = bench_runs(3), peer_runs = bench_runs(11);
	size_t maxn = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 1000000;
	printf("FunctionGraph(inputs, [v_N], clone) + toposort, chain shape "
	       "(PyTensor's fgraph bench), median of %d runs\n", peer_runs);
	printf("%8s %10s %8s %10s %8s  %10s %8s %10s %8s\n", "N", "fgraph s",
	       "us/node", "PyTensor s", "speedup", "clone s", "us/node",
	       "PyTensor s", "speedup");
	for (size_t n = 1000; n <= maxn; n *= 10)
		row(true, CHAIN, n, peer_runs);
	printf("\nphases (s, median of %d runs)\n", runs);
	printf("%-7s %8s %9s %9s %9s %9s %9s %8s %8s %8s %8s\n", "shape",
	       "N", "make", "fgraph", "toposort", "clone", "replace",
	       "us/node", "cpu us/n", "peak B/n", "alloc B/n");
	for (int s = CHAIN; s <= RANDOM; s++)
		for (size_t n = 1000; n <= maxn; n *= 10)
			row(false, (shape)s, n, runs);
	return 0;
}
