/* bench_mk.c -- the miniKanren benchmark programs at their anchor sizes. */
/* See the LICENSE file for copying conditions. */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"
#include "mk_programs.h"

/*
 * For each program of ../shared/bench/minikanren/ (anchors.md sizes), one
 * line: name, size, median seconds of one run (a run is `reps` queries, or
 * N solves for zebra, as the anchors count it; answers are reified, the
 * printing for the digest is not timed), answers of one query, the
 * FNV-1a digest of the README, and the peak resident size of the process
 * that ran it. Each program runs in its own child process, so the peak is
 * its own. BENCH_RUNS sets the timed runs (default 3, after one warm-up);
 * BENCH_SIZE=N runs every selected program at size N instead of its
 * anchor size (to check how a program scales); BENCH_PROFILE=1 runs one
 * query per program (N solves for zebra) in this process, untimed, for
 * valgrind's callgrind;
 * naming programs on the command line runs only those. Times are the
 * processor time of the child (CLOCK_PROCESS_CPUTIME_ID, collector
 * included), as the anchors' CPU column, so that other work on the
 * machine does not count.
 */

struct result {
	double median;
	size_t answers;
	uint32_t digest;
	double peak_mib;
};

/* The size a program runs at: BENCH_SIZE when set, else its anchor. */
static long size_of(const mk_program *p)
{
	const char *s = getenv("BENCH_SIZE");
	long n = s ? atol(s) : 0;
	return n > 0 ? n : p->size;
}

/* Processor time of this process, in seconds. */
static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One timed run: the queries' answers are reified, not printed. */
static double one_run(const mk_program *p, size_t *n)
{
	long queries = p->size_is_reps ? size_of(p) : p->reps;
	double t0 = cpu_now();
	for (long i = 0; i < queries; i++) {
		mk_query q = p->build(p->size_is_reps ? 1 : size_of(p));
		*n = mk_run(&q, NULL);
	}
	return cpu_now() - t0;
}

static void measure(const mk_program *p, struct result *r)
{
	double t[64];
	int runs = bench_runs(3);
	size_t n = 0;
	one_run(p, &n);
	for (int i = 0; i < runs; i++)
		t[i] = one_run(p, &n);
	r->median = bench_median(t, runs);
	/* one more query, untimed, for the printed answers and the digest */
	char **ans = NULL;
	mk_query q = p->build(p->size_is_reps ? 1 : size_of(p));
	r->answers = mk_run(&q, &ans);
	r->digest = mk_digest(ans, r->answers);
	r->peak_mib = bench_peak_mib();
}

/* Run p in a child process; false when the child failed. */
static bool measure_apart(const mk_program *p, struct result *r)
{
	int fd[2];
	if (pipe(fd) != 0)
		return false;
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		close(fd[0]);
		struct result res;
		measure(p, &res);
		ssize_t w = write(fd[1], &res, sizeof res);
		_exit(w == (ssize_t)sizeof res ? 0 : 1);
	}
	close(fd[1]);
	ssize_t got = read(fd[0], r, sizeof *r);
	close(fd[0]);
	int status;
	waitpid(pid, &status, 0);
	return got == (ssize_t)sizeof *r && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 0;
}

static bool selected(const mk_program *p, int argc, char **argv)
{
	if (argc < 2)
		return true;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], p->name) == 0)
			return true;
	return false;
}

/*
 * BENCH_PROFILE: one query of p in this process (no fork, no timing);
 * zebra makes its N solves.
 */
static void profile_once(const mk_program *p)
{
	long queries = p->size_is_reps ? size_of(p) : 1;
	size_t n = 0;
	for (long i = 0; i < queries; i++) {
		mk_query q = p->build(p->size_is_reps ? 1 : size_of(p));
		n = mk_run(&q, NULL);
	}
	printf("%-24s %6ld %8zu answers\n", p->name, size_of(p), n);
}

int main(int argc, char **argv)
{
	kr_init();
	int rc = 0;
	bool profile = getenv("BENCH_PROFILE") != NULL;
	for (size_t i = 0; i < mk_programs_count; i++) {
		const mk_program *p = &mk_programs[i];
		if (!selected(p, argc, argv))
			continue;
		if (profile) {
			profile_once(p);
			continue;
		}
		struct result r;
		if (!measure_apart(p, &r)) {
			fprintf(stderr, "bench_mk: %s failed\n", p->name);
			rc = 1;
			continue;
		}
		printf("%-24s %6ld %12.6f s %8zu answers %10u digest %8.1f MiB\n",
		       p->name, size_of(p), r.median, r.answers, r.digest,
		       r.peak_mib);
		fflush(stdout);
	}
	return rc;
}
