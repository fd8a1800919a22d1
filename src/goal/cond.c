/* cond.c -- committed choice: ifte, onceo, conda, condu (TRS2). */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "goal.h"

/*
 * These goals look at the stream of a test goal: the machine (stream.c)
 * evaluates the KRI_P_IFTE and KRI_P_ONCE nodes built here, waiting for
 * the test's first answer through its suspensions without blocking other
 * branches, as TRS2's ifte and once do with their loops.
 */

/* ------------------------------------------------------ ifte, once, conda */

struct ifte_env {
	const kr_goal *test, *then, *otherwise;
};

static kr_stream *ifte_fn(const kr_state *st, void *env)
{
	const struct ifte_env *e = env;
	kr_stream *p = kri_node(KRI_P_IFTE);
	st = kri_state_scoped(st); /* test and otherwise both see st */
	p->u.ifte.a = KRI_APPLY(e->test, st);
	p->u.ifte.then = e->then;
	p->u.ifte.otherwise = e->otherwise;
	p->u.ifte.st = st;
	return p;
}

kr_goal *kr_ifte(kr_goal *test, kr_goal *then, kr_goal *otherwise)
{
	kr_check(test != NULL && then != NULL && otherwise != NULL);
	struct ifte_env *e = kri_alloc(sizeof *e);
	e->test = test;
	e->then = then;
	e->otherwise = otherwise;
	return kri_goal_make(ifte_fn, e);
}

static kr_stream *once_fn(const kr_state *st, void *env)
{
	kr_stream *p = kri_node(KRI_P_ONCE);
	const kr_goal *g = env;
	p->u.once.a = KRI_APPLY(g, st);
	return p;
}

kr_goal *kr_ifa(kr_goal *g1, kr_goal *g2)
{
	return kr_ifte(g1, kr_succeed(), g2);
}

kr_goal *kr_onceo(kr_goal *g)
{
	kr_check(g != NULL);
	return kri_goal_make(once_fn, g);
}

/* (conda (h0 b0) (h1 b1) ...) = (ifte h0 b0 (conda (h1 b1) ...)). */
static kr_goal *cond_a(size_t n, kr_goal *const *heads,
		       kr_goal *const *bodies, bool once)
{
	kr_check(n >= 1 && heads != NULL);
	kr_goal *acc = NULL;
	for (size_t i = n; i-- > 0;) {
		kr_check(heads[i] != NULL);
		kr_goal *h = once ? kr_onceo(heads[i]) : heads[i];
		kr_goal *b = bodies && bodies[i] ? bodies[i] : kr_succeed();
		acc = acc ? kr_ifte(h, b, acc) : KR_ALL(h, b);
	}
	return acc;
}

kr_goal *kr_conda(size_t n, kr_goal *const *heads, kr_goal *const *bodies)
{
	return cond_a(n, heads, bodies, false);
}

kr_goal *kr_condu(size_t n, kr_goal *const *heads, kr_goal *const *bodies)
{
	return cond_a(n, heads, bodies, true);
}

