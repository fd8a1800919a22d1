/* mk_programs.h -- the miniKanren benchmark programs, shared by bench and tests. */
/* See the LICENSE file for copying conditions. */
#ifndef KR_MK_PROGRAMS_H
#define KR_MK_PROGRAMS_H

#include <kanrewrite.h>

/*
 * The programs of ../shared/bench/minikanren/programs.ss written against
 * the C API with the same clause and goal order, so that the answers (and
 * for `run n` their order) are faster-miniKanren's.
 */

/* One query: run `n` answers of goal g read through q (n < 0: run*). */
typedef struct mk_query {
	kr_term *q;
	kr_goal *g;
	long n;
} mk_query;

typedef struct mk_program {
	const char *name;
	long size;	 /* the benchmark size N (anchors.md) */
	long check_size; /* the size of expected/<name>.txt */
	int reps;	 /* queries per timed run (anchors.md) */
	bool size_is_reps; /* zebra: N is the number of solves */
	mk_query (*build)(long n);
} mk_program;

extern const mk_program mk_programs[];
extern const size_t mk_programs_count;

/* The program of that name, or NULL. */
const mk_program *mk_program_find(const char *name);

/*
 * Run a query; *out (when not NULL) receives the answers printed in
 * Scheme `write` syntax, in answer order. Without out, the query is run
 * as `run n`/`run*` is, returning the list of reified answers (what the
 * faster-miniKanren anchors time), and the list is dropped. Returns the
 * number of answers.
 */
size_t mk_run(const mk_query *qr, char ***out);

/*
 * FNV-1a 32-bit over the answers sorted bytewise, each followed by a
 * newline (the digest of the benchmark README). `answers` is not changed.
 */
uint32_t mk_digest(char *const *answers, size_t n);

#endif
