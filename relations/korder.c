/* korder.c -- kanren's answer order: answer-granular interleaving. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <string.h>

#include <kanrewrite/error.h>

#include "rel_internal.h"

/*
 * kanren's streams are Python generators and its disjunction and bind are
 * toolz's `interleave`: a ring of streams visited in turn, taking one
 * *answer* from each before moving on (exhausted streams leave the ring;
 * bind adds the stream of each new state of its source when the first
 * pass reaches the end of the ring). The engine interleaves at every
 * suspension instead (faster-miniKanren), which changes the order of
 * answers; the few relations whose documented order is kanren's (reduceo:
 * the fully reduced term first) combine their branches with the goals
 * below.
 *
 * Built on the public API only: each branch is a lazy run (kr_runner)
 * started at the branch's state, advanced with a step limit of one more
 * suspension per call, so that every suspension forced inside a branch is
 * one suspension of the outer stream: the outer run's step limit and its
 * fairness towards other branches of the engine still hold. A branch's
 * stream is consumed once, in order, as the engine consumes streams.
 */

/* ------------------------------------------------------------- one branch */

struct adopt {
	const kr_goal *g;
	const kr_state *st;
};

/* Start the branch's run at its own state (a new scope: kr_goal_apply). */
static kr_stream *adopt_fn(const kr_state *st, void *env)
{
	const struct adopt *a = env;
	(void)st;
	return kr_goal_apply(a->g, a->st);
}

static kr_runner *branch_new(const kr_goal *g, const kr_state *st)
{
	struct adopt *a = kr_alloc(sizeof *a);
	a->g = g;
	a->st = st;
	kr_runner *r = kr_run_start(kr_nil(), kr_goal_new(adopt_fn, a));
	kr_run_set_part_of_step(r, true); /* one step of the outer run's */
	return r;
}

/*
 * Each branch run nests one C-level run in the one that forces it (some
 * 5 KB of stack, and every step of the innermost goes through all of
 * them). Past MAX_NESTING nested branch runs (a reduceo chain or
 * a walko term that deep), kany and kall fall back to the engine's own
 * disjunction and conjunction: the same answers in the engine's order,
 * instead of exhausting the stack.
 */
enum { MAX_NESTING = 200 };
static int nesting;

/*
 * Advance a branch by at most one suspension.
 * Returns 1 and *out for an answer, 0 after one suspension, -1 when the
 * branch is exhausted.
 */
static int branch_step(kr_runner *r, const kr_state **out)
{
	kr_run_set_step_limit(r, kr_run_steps(r) + 1);
	nesting++;
	int rc = kr_run_next_state(out, r);
	nesting--;
	if (rc == 0)
		return 1;
	return rc == KR_ELIMIT ? 0 : -1;
}

/* ------------------------------------------------------------------ ring */

/*
 * Invariant: items[0..n) are the live branches in ring order, pos the one
 * whose turn it is (pos == n: the end of a pass); source, while not NULL,
 * is the stream bind maps `g` over, pulled at the end of each pass; next,
 * while not NULL, makes the branches of a kri_rel_kseq one per pull, from
 * the state st: newest is the branch it made last until that branch gives
 * its first answer (then kept in first) or ends.
 */
struct ring {
	kr_runner **items;
	size_t n, cap, pos;
	kr_runner *source;
	const kr_goal *g;
	kri_rel_next_branch next;
	void *env;
	const kr_state *st, *first;
	kr_runner *newest;
};

static void ring_push(struct ring *r, kr_runner *b)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 4;
		kr_runner **v = kr_alloc(cap * sizeof *v);
		if (r->n)
			memcpy(v, r->items, r->n * sizeof *v);
		r->items = v;
		r->cap = cap;
	}
	r->items[r->n++] = b;
}

static void ring_remove(struct ring *r, size_t i)
{
	memmove(r->items + i, r->items + i + 1,
		(r->n - i - 1) * sizeof *r->items);
	r->n--;
}

static kr_stream *ring_next(void *env);

/*
 * Ask a kseq ring's next for a branch: 1 a new branch, -1 no more (next
 * told to stop: the whole ring ends).
 */
static int ring_next_branch(struct ring *r)
{
	const kr_goal *g = NULL;
	int rc = r->next(r->env, r->first, &g);
	r->first = NULL;
	r->newest = NULL;
	if (rc > 0) {
		r->newest = branch_new(g, r->st);
		ring_push(r, r->newest);
		return 1;
	}
	r->next = NULL;
	if (rc < 0)
		r->n = r->pos = 0;
	return -1;
}

/* Pull the source once: 1 a new branch, 0 one step, -1 source ended. */
static int ring_pull(struct ring *r)
{
	if (r->next)
		return ring_next_branch(r);
	const kr_state *st;
	int rc = branch_step(r->source, &st);
	if (rc == 1)
		ring_push(r, branch_new(r->g, st));
	else if (rc < 0)
		r->source = NULL;
	return rc;
}

/* The rest of the ring's stream; each call forces at most two steps. */
static kr_stream *ring_next(void *env)
{
	struct ring *r = env;
	for (;;) {
		if (r->pos == r->n && (r->source || r->next)) {
			if (ring_pull(r) == 0)
				return kr_stream_suspend(ring_next, r);
			continue;
		}
		if (r->pos >= r->n) {
			if (r->n == 0)
				return NULL;
			r->pos = 0;
		}
		const kr_state *st;
		int rc = branch_step(r->items[r->pos], &st);
		if (r->items[r->pos] == r->newest && rc != 0) {
			r->first = rc == 1 ? st : NULL;
			r->newest = NULL;
		}
		if (rc == 1) {
			r->pos++;
			return kr_stream_cons(st, kr_stream_suspend(ring_next,
								    r));
		}
		if (rc == 0)
			return kr_stream_suspend(ring_next, r);
		ring_remove(r, r->pos);
	}
}

/* ------------------------------------------------------------------ goals */

struct kgoals {
	size_t n;
	kr_goal **g;
};

static kr_stream *kany_fn(const kr_state *st, void *env)
{
	const struct kgoals *k = env;
	if (nesting >= MAX_NESTING)
		return kr_goal_apply(kr_disj(k->n, k->g), st);
	struct ring *r = kr_alloc(sizeof *r);
	for (size_t i = 0; i < k->n; i++)
		ring_push(r, branch_new(k->g[i], st));
	return kr_stream_suspend(ring_next, r);
}

kr_goal *kri_rel_kany(size_t n, kr_goal *const *goals)
{
	struct kgoals *k = kr_alloc(sizeof *k);
	k->n = n;
	k->g = kr_alloc((n ? n : 1) * sizeof *k->g);
	if (n)
		memcpy(k->g, goals, n * sizeof *goals);
	return kr_goal_new(kany_fn, k);
}

static kr_stream *kall_fn(const kr_state *st, void *env)
{
	const struct kgoals *k = env;
	if (nesting >= MAX_NESTING)
		return kr_goal_apply(KR_ALL(k->g[0], k->g[1]), st);
	struct ring *r = kr_alloc(sizeof *r);
	r->source = branch_new(k->g[0], st);
	r->g = k->g[1];
	return kr_stream_suspend(ring_next, r);
}

kr_goal *kri_rel_kall(kr_goal *a, kr_goal *b)
{
	struct kgoals *k = kr_alloc(sizeof *k);
	k->n = 2;
	k->g = kr_alloc(2 * sizeof *k->g);
	k->g[0] = a;
	k->g[1] = b;
	return kr_goal_new(kall_fn, k);
}

kr_stream *kri_rel_kseq(const kr_state *st, const char *who,
			kri_rel_next_branch next, void *env)
{
	if (nesting >= MAX_NESTING) {
		kr_error_set(KR_ELIMIT, "%s: applied inside more than %d "
			     "nested branch runs (a recursion too deep)", who,
			     MAX_NESTING);
		return NULL;
	}
	struct ring *r = kr_alloc(sizeof *r);
	r->next = next;
	r->env = env;
	r->st = st;
	return kr_stream_suspend(ring_next, r);
}

/* kri_rel_kthen's stream: g's branch run, then `then`. */
struct kthen {
	kr_runner *branch;
	kr_stream *(*then)(void *env);
	void *env;
};

static kr_stream *kthen_next(void *env)
{
	struct kthen *k = env;
	const kr_state *st;
	int rc = branch_step(k->branch, &st);
	if (rc == 1)
		return kr_stream_cons(st, kr_stream_suspend(kthen_next, k));
	if (rc == 0)
		return kr_stream_suspend(kthen_next, k);
	return k->then(k->env);
}

kr_stream *kri_rel_kthen(const kr_goal *g, const kr_state *st,
			 kr_stream *(*then)(void *env), void *env)
{
	if (nesting >= MAX_NESTING)
		return kr_stream_mplus(kr_goal_apply(g, st),
				       kr_stream_suspend(then, env));
	struct kthen *k = kr_alloc(sizeof *k);
	k->branch = branch_new(g, st);
	k->then = then;
	k->env = env;
	return kr_stream_suspend(kthen_next, k);
}

/*
 * kanren's lany over a generator of goals `(rel other t)`, t the terms of
 * an enumerator: a kseq ring whose next branch is the next term's goal.
 * The enumerator is copied per application, and reads the substitution
 * of the state the goal was applied to.
 */
struct kcall_each {
	const kr_rel *rel;
	kr_term *other;
	const kri_rel_enum *e;
	void *it;
	const kr_subst *s;
};

static int kcall_next(void *env, const kr_state *first, const kr_goal **g)
{
	struct kcall_each *c = env;
	(void)first;
	kr_term *t = c->e->next(c->it, c->s);
	if (!t)
		return 0;
	*g = KR_CALL(c->rel, c->other, t);
	return 1;
}

static kr_stream *kcall_each_fn(const kr_state *st, void *env)
{
	const struct kcall_each *c = env;
	if (nesting >= MAX_NESTING)
		return kr_goal_apply(kri_rel_call_each(c->rel, c->other, c->e,
						       c->it),
				     st);
	struct kcall_each *run = kr_alloc(sizeof *run);
	*run = *c;
	run->it = c->e->copy(c->it);
	run->s = kr_state_subst(st);
	return kri_rel_kseq(st, "lany", kcall_next, run);
}

kr_goal *kri_rel_kcall_each(const kr_rel *rel, kr_term *other,
			    const kri_rel_enum *e, void *it)
{
	struct kcall_each *c = kr_alloc(sizeof *c);
	c->rel = rel;
	c->other = other;
	c->e = e;
	c->it = it;
	c->s = NULL;
	return kr_goal_new(kcall_each_fn, c);
}

/* ------------------------------------------------------------------ public */

kr_goal *kr_lany_kanren(size_t n, kr_goal *const *goals)
{
	if (n > 0 && !goals)
		kri_rel_misuse(__func__, "the goals must not be NULL");
	if (n == 0)
		return kr_succeed();
	return n == 1 ? goals[0] : kri_rel_kany(n, goals);
}

kr_goal *kr_lall_kanren(size_t n, kr_goal *const *goals)
{
	if (n > 0 && !goals)
		kri_rel_misuse(__func__, "the goals must not be NULL");
	if (n == 0)
		return kr_succeed();
	kr_goal *g = goals[0];
	for (size_t i = 1; i < n; i++)
		g = kri_rel_kall(g, goals[i]);
	return g;
}
