/* run.c -- the driver: taking answers from a goal's stream. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <inttypes.h>
#include <signal.h>

#include "goal.h"
#include "term/term.h"

/* The layout of a run is in goal.h (struct kr_runner). */

/*
 * What a run that gives each answer once keeps (kr_run_set_unique),
 * apart: KanrenRelationSub starts a run per node it tries.
 */
struct unique {
	bool on;
	kri_pmap seen;	 /* kr_hash | 1 -> list of answers given */
	kr_term *answer; /* the last answer, reified */
};

void kri_run_init(kr_runner *r, kr_term *q, const kr_goal *g)
{
	kr_check(q != NULL && g != NULL);
	*r = (kr_runner){.q = q, .g = g};
}

kr_runner *kr_run_start(kr_term *q, const kr_goal *g)
{
	kr_runner *r = kri_alloc(sizeof *r);
	kri_run_init(r, q, g);
	return r;
}

/* kr_run_interrupt: read at each suspension of every run (goal.h). */
volatile sig_atomic_t kri_run_stop;

void kr_run_interrupt(bool on)
{
	kri_run_stop = on;
}

bool kr_run_interrupted(void)
{
	return kri_run_stop != 0;
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

void kr_run_set_part_of_step(kr_runner *r, bool part)
{
	kr_check(r != NULL);
	r->part = part;
}

void kr_run_set_unique(kr_runner *r, bool unique)
{
	kr_check(r != NULL);
	if (!r->u && unique)
		r->u = kri_alloc(sizeof *r->u);
	if (r->u)
		r->u->on = unique;
}

static bool is_unique(const kr_runner *r) { return r->u && r->u->on; }

/* True the first time a run gives an answer equal to a; records it. */
static bool first_seen(kr_runner *r, kr_term *a)
{
	void *key = (void *)(uintptr_t)(kr_hash(a) | 1);
	kr_term *l = kri_pmap_get(&r->u->seen, key);
	if (!l)
		l = kr_nil();
	for (kr_term *p = l; p->kind == KR_CONS; p = p->u.cons.cdr)
		if (kr_equal(p->u.cons.car, a))
			return false;
	kri_pmap_put(&r->u->seen, key, kr_cons(a, l));
	return true;
}

static int next_state(const kr_state **out, kr_runner *r);
static int reify_answer(kr_term **out, kr_runner *r, const kr_state *st);

int kr_run_next_state(const kr_state **out, kr_runner *r)
{
	kr_check(out != NULL && r != NULL);
	for (;;) {
		int rc = next_state(out, r);
		if (rc != 0 || !is_unique(r))
			return rc;
		rc = reify_answer(&r->u->answer, r, *out);
		if (rc != 0 || first_seen(r, r->u->answer))
			return rc;
	}
}

kr_runner *kri_driving;

static int next_state_in(const kr_state **out, kr_runner *r);

static int next_state(const kr_state **out, kr_runner *r)
{
	kr_runner *outer = kri_driving;
	if (!r->part)
		kri_driving = r;
	int rc = next_state_in(out, r);
	kri_driving = outer;
	return rc;
}

static int next_state_in(const kr_state **out, kr_runner *r)
{
	if (r->g) {
		r->s = KRI_APPLY(r->g, kri_state_scoped(kr_state_empty()));
		r->g = NULL;
	}
	for (;;) {
		bool susp;
		kr_stream *s = r->s ? kri_eval(r->s, r, &susp) : NULL;
		if (!s) {
			r->s = NULL;
			return KR_EOF;
		}
		if (!susp) {
			*out = kri_answer(s);
			r->s = kri_answer_rest(s);
			return 0;
		}
		/* the machine stepped past every suspension it could: this
		 * one stops the run, unless the limit or the stop changed
		 * since it asked */
		if (kri_run_step(r)) {
			r->s = s;
			continue;
		}
		/* keep the suspension itself: the next request takes this
		 * step, counted */
		r->s = kri_susp(s);
		if (kri_run_stop)
			return kr_error_set(KR_ELIMIT, "run: interrupted");
		return kr_error_set(KR_ELIMIT,
				    "run: step limit of %" PRIu64 " reached",
				    r->limit);
	}
}

/* The reified answer of st, or an error for a cyclic one. */
static int reify_answer(kr_term **out, kr_runner *r, const kr_state *st)
{
	unsigned long met = kri_cycles_met;
	*out = kr_reify_state(r->q, st);
	if (kri_cycles_met == met)
		return 0;
	return kr_error_set(KR_EINVALID, "run: the answer is a cyclic term "
			    "(a variable bound to a term that contains it, "
			    "with the occurs check off)");
}

int kr_run_next(kr_term **out, kr_runner *r)
{
	kr_check(out != NULL && r != NULL);
	const kr_state *st;
	int rc = kr_run_next_state(&st, r);
	if (rc != 0)
		return rc;
	if (is_unique(r)) {
		*out = r->u->answer;
		return 0;
	}
	return reify_answer(out, r, st);
}

static kr_term *take(long n, kr_runner *r)
{
	kri_vec answers = {0};
	kr_term *t;
	while ((n < 0 || answers.len < (size_t)n) && kr_run_next(&t, r) == 0)
		kri_vec_push(&answers, t);
	return kr_list(answers.len, (kr_term *const *)answers.items);
}

kr_term *kr_run(long n, kr_term *q, const kr_goal *g)
{
	return take(n, kr_run_start(q, g));
}

kr_term *kr_run_unique(long n, kr_term *q, const kr_goal *g)
{
	kr_runner *r = kr_run_start(q, g);
	kr_run_set_unique(r, true);
	return take(n > 0 ? n : -1, r);
}
