/* bench_rewrite.c -- the rewriter toolbox on N-sized graphs, beside PyTensor. */
/* See the LICENSE file for copying conditions. */
/*
 * The shapes of ../shared/reference/pytensor_peer_bench.md: (a) merge of N
 * duplicated subexpressions, (b) equilibrium with the two x*y/y patterns
 * on N instances, (c) dot_distributeo forward on A @ (x1 + (x2 + ...)) and
 * gather on its result, (d) walking add -> mul on an N-node chain. Only
 * the rewrite is timed; each run's result is checked (node count). Prints
 * median seconds and PyTensor 2.32's median for the same work, where
 * measured, the median processor time of this process per node (steadier
 * on a shared machine) and how much the resident set grew over the runs
 * (graphs built and rewritten), per node; each row runs in its own
 * process, so the figure is that row's own. "visits" is the rewriter's
 * node visits per node (kr_profile_visits: constant as N grows when no
 * pass rescans unchanged nodes), "passes" an equilibrium's passes,
 * "alloc B/n" the bytes one rewrite allocated per node (also constant
 * for linear work; the time per node also feels the caches and the
 * collector's marking of a live graph that outgrows them). "gc %" is the
 * share of the rewrite's time spent inside collections and "mut us/node"
 * the rest per node (medians over the runs, wall clock): the work of the
 * rewriter itself, whose flatness shows that nothing is rescanned, apart
 * from the collector whose marking grows with the live graph.
 * "mut ins/n" and "gc ins/n" are the median counts of instructions one
 * rewrite executed outside and inside collections, per node, as the
 * processor counts them (bench_instructions, read at each collection's
 * start and end through kr_memory_on_collection; -1 without a counter):
 * unlike time they do not feel the caches, so the first is the steadiest
 * measure of the rewriter's own work per node. A size
 * stops growing once one run takes over BENCH_LIMIT seconds (default
 * 10). Arguments:
 * [SHAPE [MAXN]] runs only the shapes whose name starts with SHAPE (e.g.
 * `merge`, `kanren_bwd`), up to MAXN.
 */
#include <string.h>
#include <time.h>

#include <kanrewrite.h>

#include "bench.h"

typedef struct shape {
	const char *name;
	double peer[5]; /* PyTensor at N = 10, 100, 1000, 10000 (0: none) */
	kr_fgraph *(*build)(long n);
	kr_graph_rewriter *(*rewriter)(void);
	size_t (*expected)(long n);
} shape;

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

static kr_fgraph *fgraph(kr_variable *out)
{
	kr_fgraph *fg;
	if (kr_fgraph_new(&fg, 0, NULL, 1, &out, false) < 0)
		exit(2);
	return fg;
}

/* (a) e_1 + (e_2 + ...), e_i = add(mul(x, y), exp(x)) copies */
static kr_fgraph *build_merge(long n)
{
	const kr_type *t = kr_type_matrix();
	kr_variable *x = kr_variable_new(t, "x"), *y = kr_variable_new(t, "y");
	kr_variable *acc = NULL;
	for (long i = 0; i < n; i++) {
		kr_variable *e = CALL(kr_op_add(), CALL(kr_op_mul(), x, y),
				      CALL(kr_op_exp(), x));
		acc = acc ? CALL(kr_op_add(), e, acc) : e;
	}
	return fgraph(acc);
}

static size_t expect_merge(long n) { return (size_t)n + 2; }

/* (b) t_1 + (t_2 + ...), t_i = true_div(mul(x_i, y), y) */
static kr_fgraph *build_pattern(long n)
{
	const kr_type *t = kr_type_matrix();
	kr_variable *y = kr_variable_new(t, "y"), *acc = NULL;
	for (long i = 0; i < n; i++) {
		kr_variable *xi = kr_variable_new(t, NULL);
		kr_variable *ti = CALL(kr_op_true_div(),
				       CALL(kr_op_mul(), xi, y), y);
		acc = acc ? CALL(kr_op_add(), ti, acc) : ti;
	}
	return fgraph(acc);
}

static size_t expect_pattern(long n) { return (size_t)n - 1; }

static kr_graph_rewriter *pattern_rewriter(void)
{
	kr_term *vx = kr_var_new("x"), *vy = kr_var_new("y");
	kr_term *div = kr_op_term(kr_op_true_div());
	kr_term *mul = kr_op_term(kr_op_mul());
	kr_node_rewriter *rws[2] = {
		kr_pattern_node_rewriter_new(
			KR_ETUPLE(div, KR_ETUPLE(mul, vx, vy), vy), vx, NULL),
		kr_pattern_node_rewriter_new(
			KR_ETUPLE(div, KR_ETUPLE(mul, vx, vy), vx), vy, NULL)};
	return kr_equilibrium_graph_rewriter_new(2, rws, NULL);
}

/* (c) A @ (x_1 + (x_2 + ... + x_n)) */
static kr_fgraph *build_dot(long n)
{
	const kr_type *t = kr_type_matrix();
	kr_variable *a = kr_variable_new(t, "A");
	kr_variable *acc = kr_variable_new(t, NULL);
	for (long i = 1; i < n; i++)
		acc = CALL(kr_op_add(), kr_variable_new(t, NULL), acc);
	return fgraph(CALL(kr_op_dot(), a, acc));
}

static size_t expect_fwd(long n) { return 2 * (size_t)n - 1; }
static size_t expect_bwd(long n) { return (size_t)n; }

/*
 * The equilibrium visits the nodes a rewrite makes in the same pass
 * (PyTensor's ignore_newtrees=False, as its canonicalize): dot
 * distribution has one normal form, which it reaches in one pass and
 * confirms in a second. With PyTensor's default (new nodes wait for the
 * next pass), which its figures were measured with, the rewrite takes a
 * pass per nesting level here too, and each pass tries again the nodes
 * above the change, whose subgraph changed: 0.15 s at N = 1000 (against
 * PyTensor's 151 s) and 25-28 s at N = 10^4.
 */
static kr_graph_rewriter *kanren(bool reverse)
{
	kr_node_rewriter *sub =
		kr_kanren_relation_sub_new(kr_dot_distributeo_rel(), reverse);
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.ignore_newtrees = false;
	o.tracks_on_change_inputs = true;
	return kr_equilibrium_graph_rewriter_new(1, &sub, &o);
}

static kr_graph_rewriter *fwd_rewriter(void) { return kanren(false); }
static kr_graph_rewriter *bwd_rewriter(void) { return kanren(true); }

/* The gather input: the distributed graph (built, not timed). */
static kr_fgraph *build_distributed(long n)
{
	kr_fgraph *fg = build_dot(n);
	if (kr_graph_rewriter_rewrite(fwd_rewriter(), fg, NULL) < 0)
		exit(2);
	return fg;
}

/* (d) v_i = add(v_{i-1}, y) */
static kr_fgraph *build_chain(long n)
{
	const kr_type *t = kr_type_matrix();
	kr_variable *v = kr_variable_new(t, "x"), *y = kr_variable_new(t, "y");
	for (long i = 0; i < n; i++)
		v = CALL(kr_op_add(), v, y);
	return fgraph(v);
}

static size_t expect_chain(long n) { return (size_t)n; }

static kr_graph_rewriter *walk_rewriter(void)
{
	kr_node_rewriter *rw =
		kr_substitution_node_rewriter_new(kr_op_add(), kr_op_mul());
	return kr_walking_graph_rewriter_new(rw, KR_IN_TO_OUT, false);
}

static const shape shapes[] = {
	{"merge (a)", {7.98e-04, 1.40e-02, 0.476, 55.9}, build_merge,
	 kr_merge_optimizer_new, expect_merge},
	{"pattern (b)", {1.50e-03, 1.43e-02, 0.311, 22.8}, build_pattern,
	 pattern_rewriter, expect_pattern},
	{"kanren_fwd (c)", {2.24e-02, 1.592, 150.8, 0}, build_dot,
	 fwd_rewriter, expect_fwd},
	{"kanren_bwd (c)", {4.05e-02, 3.950, 401.8, 0}, build_distributed,
	 bwd_rewriter, expect_bwd},
	{"walk (d)", {8.47e-04, 1.60e-02, 0.147, 5.102}, build_chain,
	 walk_rewriter, expect_chain},
};

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Instructions inside collections so far (collection_hook). */
static int64_t gc_instructions, gc_started_at;

static void collection_hook(bool start, void *data)
{
	(void)data;
	int64_t now = bench_instructions();
	if (now < 0)
		return;
	if (start)
		gc_started_at = now;
	else
		gc_instructions += now - gc_started_at;
}

/* What one row measured. */
typedef struct result {
	double wall, cpu;       /* medians, s */
	double instr, gc_instr; /* medians: instructions outside and inside
				   collections (-1: no counter) */
	double gc, mut;         /* medians: in collections, the rest, s */
	size_t visits, passes;  /* of the last run */
	size_t alloc;           /* bytes the last rewrite allocated */
	bool ok;
} result;

/* Median of `runs` rewrites; ok false if a result is wrong. */
static result measure(const shape *s, long n, int runs)
{
	double t[64], c[64], g[64], u[64], ins[64], gins[64];
	result res = {.ok = true};
	for (int r = 0; r < runs; r++) {
		kr_fgraph *fg = s->build(n);
		kr_profile *prof = NULL;
		kr_memory_stats m0, m1;
		kr_memory_stats_get(&m0);
		int64_t i0 = bench_instructions(), g0 = gc_instructions;
		double c0 = cpu_now(), t0 = bench_now();
		int rc = kr_graph_rewriter_rewrite(s->rewriter(), fg, &prof);
		t[r] = bench_now() - t0;
		c[r] = cpu_now() - c0;
		int64_t i1 = bench_instructions();
		gins[r] = (double)(gc_instructions - g0);
		ins[r] = i0 < 0 || i1 < 0 ? -1 : (double)(i1 - i0) - gins[r];
		kr_memory_stats_get(&m1);
		g[r] = m1.gc_seconds - m0.gc_seconds;
		u[r] = t[r] - g[r];
		res.alloc = m1.allocated - m0.allocated;
		res.visits = kr_profile_visits(prof);
		res.passes = kr_profile_passes(prof);
		if (rc < 0 || kr_fgraph_nnodes(fg) != s->expected(n)) {
			fprintf(stderr, "%s N=%ld: %s (%zu nodes)\n", s->name,
				n, rc < 0 ? kr_error_last()->message : "wrong",
				kr_fgraph_nnodes(fg));
			res.ok = false;
		}
	}
	res.cpu = bench_median(c, runs);
	res.instr = bench_median(ins, runs);
	res.gc_instr = res.instr < 0 ? -1 : bench_median(gins, runs);
	res.wall = bench_median(t, runs);
	res.gc = bench_median(g, runs);
	res.mut = bench_median(u, runs);
	return res;
}

enum { ROW_OK = 0, ROW_WRONG = 1, ROW_LAST = 3 };

/* One row of the table: the rewrites of s at size n (i-th size). */
static int row(const shape *s, long n, long i, int runs, double limit)
{
	double before = bench_peak_mib();
	result r = measure(s, n, runs);
	double peer = i < 4 ? s->peer[i] : 0, m = r.wall;
	double grown = (bench_peak_mib() - before) * 1048576.0;
	printf("%-16s %8ld %12.6f %12.3e %10.4g %10.4g %12.3f %12.0f %7.2f "
	       "%6zu %9.0f %5.1f %12.3f %11.0f %11.0f %s\n",
	       s->name, n, m, m / (double)n, peer, peer > 0 ? peer / m : 0.0,
	       r.cpu / (double)n * 1e6, grown / (double)n,
	       (double)r.visits / (double)n, r.passes,
	       (double)r.alloc / (double)n, m > 0 ? 100 * r.gc / m : 0.0,
	       r.mut / (double)n * 1e6,
	       r.instr < 0 ? -1.0 : r.instr / (double)n,
	       r.gc_instr < 0 ? -1.0 : r.gc_instr / (double)n,
	       r.ok ? "ok" : "WRONG");
	fflush(stdout);
	if (!r.ok)
		return ROW_WRONG;
	return m * (double)runs > limit ? ROW_LAST : ROW_OK;
}

/* One row, run in a child process (bench_in_child). */
typedef struct row_job {
	const shape *s;
	long n, i;
	int runs;
	double limit;
} row_job;

static int row_child(void *arg)
{
	const row_job *j = arg;
	kr_init();
	kr_memory_on_collection(collection_hook, NULL);
	return row(j->s, j->n, j->i, j->runs, j->limit);
}

int main(int argc, char **argv)
{
	int runs = bench_runs(3);
	const char *lim = getenv("BENCH_LIMIT");
	double limit = lim ? atof(lim) : 10.0;
	const char *only = argc > 1 ? argv[1] : "";
	long maxn = argc > 2 ? atol(argv[2]) : 1000000;
	printf("%-16s %8s %12s %12s %10s %10s %12s %12s %7s %6s %9s %5s "
	       "%12s %11s %11s %s\n",
	       "benchmark", "N", "median s", "s/node", "PyTensor s", "speedup",
	       "cpu us/node", "peak B/node", "visits", "passes", "alloc B/n",
	       "gc %", "mut us/node", "mut ins/n", "gc ins/n", "check");
	for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
		const shape *s = &shapes[k];
		if (strncmp(s->name, only, strlen(only)) != 0)
			continue;
		for (long n = 100, i = 1; n <= maxn; n *= 10, i++) {
			row_job j = {s, n, i, runs, limit};
			int rc = bench_in_child(row_child, &j, "bench_rewrite");
			if (rc == ROW_WRONG)
				return 1;
			if (rc != ROW_OK)
				break;
		}
	}
	return 0;
}
