/* bench.h -- timing helpers shared by the benchmark programs. */
/* See the LICENSE file for copying conditions. */
#ifndef KR_BENCH_H
#define KR_BENCH_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static inline double bench_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline int bench_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Median of n timings (n <= 64). */
static inline double bench_median(double *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, bench_cmp);
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* Peak resident set size of this process so far, in MiB. */
static inline double bench_peak_mib(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_maxrss / 1024.0;
}

/* Runs per size: BENCH_RUNS in the environment, else `dflt`. */
static inline int bench_runs(int dflt)
{
	const char *s = getenv("BENCH_RUNS");
	int n = s ? atoi(s) : dflt;
	return n < 1 ? 1 : n > 64 ? 64 : n;
}

static inline void bench_row(const char *what, long n, double median,
			     const char *check)
{
	printf("%-34s %8ld %12.6f s  %8.1f MiB  %s\n", what, n, median,
	       bench_peak_mib(), check);
	fflush(stdout);
}

/*
 * Run fn(arg) in a forked child, so that it has a heap (and a peak
 * resident size) of its own, and return what it returns (0..255, its
 * exit status). A child that does not exit normally ends the benchmark
 * with a message naming `what`.
 */
static inline int bench_in_child(int (*fn)(void *), void *arg,
				 const char *what)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0) {
		perror(what);
		exit(2);
	}
	if (pid == 0) {
		int rc = fn(arg);
		fflush(stdout);
		_exit(rc);
	}
	int status;
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)) {
		fprintf(stderr, "%s: the child process crashed\n", what);
		exit(2);
	}
	return WEXITSTATUS(status);
}

/*
 * Instructions this process executes in user space, counted by the
 * processor (Linux perf_event_open): unlike time, the count does not
 * depend on the caches, the machine's other load or its clock, so it
 * shows whether the work per item stays flat as the input grows. -1
 * where there is no such counter (another system, a container without
 * perf events, kernel.perf_event_paranoid > 2). The counter is opened
 * once per process, on first use.
 */
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/syscall.h>

static inline int64_t bench_instructions(void)
{
	static int fd = -2;
	if (fd == -2) {
		struct perf_event_attr a;
		memset(&a, 0, sizeof a);
		a.type = PERF_TYPE_HARDWARE;
		a.size = sizeof a;
		a.config = PERF_COUNT_HW_INSTRUCTIONS;
		a.exclude_kernel = 1;
		a.exclude_hv = 1;
		fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	}
	int64_t n;
	if (fd < 0 || read(fd, &n, sizeof n) != (ssize_t)sizeof n)
		return -1;
	return n;
}
#else
static inline int64_t bench_instructions(void) { return -1; }
#endif

#endif
