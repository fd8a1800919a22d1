/* run.c -- the driver: taking answers from a goal's stream. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <inttypes.h>

#include "goal.h"

/*
 * A run holds the thunk still to explore (faster-mk's `take`) and the
 * machine's continuations under it: each request evaluates it; a
 * suspension is one step (its thunk is evaluated next, on the kept
 * continuations), a mature node is an answer whose rest is kept for the
 * next request.
 */
struct kr_runner {
	kr_term *q;
	const kr_goal *g; /* NULL once applied */
	kr_stream *s;
	kri_machine m;
	uint64_t steps;
	uint64_t limit; /* 0: no limit */
};

kr_runner *kr_run_start(kr_term *q, const kr_goal *g)
{
	kr_check(q != NULL && g != NULL);
	kr_runner *r = kri_alloc(sizeof *r);
	r->q = q;
	r->g = g;
	return r;
}

void kr_run_set_step_limit(kr_runner *r, uint64_t steps)
{
	kr_check(r != NULL);
	r->limit = steps;
}

uint64_t kr_run_steps(const kr_runner *r)
{
	kr_check(r != NULL);
	return r->steps;
}

int kr_run_next_state(const kr_state **out, kr_runner *r)
{
	kr_check(out != NULL && r != NULL);
	if (r->g) {
		r->s = KRI_APPLY(r->g, kri_state_scoped(kr_state_empty()));
		r->g = NULL;
	}
	for (;;) {
		bool susp;
		kr_stream *s = r->s ? kri_eval(r->s, &r->m, &susp) : NULL;
		if (!s) {
			r->s = NULL;
			return KR_EOF;
		}
		if (!susp) {
			*out = s->u.m.st;
			r->s = s->u.m.rest;
			return 0;
		}
		if (r->limit && r->steps >= r->limit) {
			/* keep the suspension itself: the next request takes
			 * this step, counted */
			r->s = kri_susp(s);
			return kr_error_set(KR_ELIMIT,
					    "run: step limit of %" PRIu64
					    " reached",
					    r->limit);
		}
		r->s = s;
		r->steps++;
	}
}

int kr_run_next(kr_term **out, kr_runner *r)
{
	kr_check(out != NULL && r != NULL);
	const kr_state *st;
	int rc = kr_run_next_state(&st, r);
	if (rc == 0)
		*out = kr_reify_state(r->q, st);
	return rc;
}

kr_term *kr_run(long n, kr_term *q, const kr_goal *g)
{
	kr_runner *r = kr_run_start(q, g);
	kri_vec answers = {0};
	kr_term *t;
	while ((n < 0 || answers.len < (size_t)n) && kr_run_next(&t, r) == 0)
		kri_vec_push(&answers, t);
	return kr_list(answers.len, (kr_term *const *)answers.items);
}
