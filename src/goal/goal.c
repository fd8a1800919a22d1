/* goal.c -- microKanren states, goals and relations. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "goal.h"

/* Goal arrays up to this length are staged in a local array. */
#define LOCAL_GOALS 16

/* ------------------------------------------------------------------- states */

/* The occurs check of ==, on by default as in faster-miniKanren. */
static bool occurs_check = true;

const kr_state *kr_state_empty(void)
{
	static struct kr_state empty;
	if (!empty.s)
		empty.s = kr_subst_empty();
	return &empty;
}

const kr_subst *kr_state_subst(const kr_state *st)
{
	kr_check(st != NULL);
	return st->s;
}

const kr_state *kr_state_with_subst(const kr_state *st, const kr_subst *s)
{
	kr_check(st != NULL && s != NULL);
	if (s == st->s)
		return st;
	kr_state *r = kri_alloc(sizeof *r);
	r->s = s;
	r->store = st->store;
	return r;
}

const kr_state *kr_state_unify(const kr_state *st, kr_term *u, kr_term *v)
{
	kr_check(st != NULL && u != NULL && v != NULL);
	const kr_subst *s = occurs_check ? kr_unify_check(u, v, st->s)
					 : kr_unify(u, v, st->s);
	return s ? kr_state_with_subst(st, s) : NULL;
}

bool kr_set_occurs_check(bool on)
{
	bool old = occurs_check;
	occurs_check = on;
	return old;
}

/* -------------------------------------------------------------- basic goals */

kr_goal *kr_goal_new(kr_goal_fn fn, void *env)
{
	kr_check(fn != NULL);
	kr_goal *g = kri_alloc(sizeof *g);
	g->fn = fn;
	g->env = env;
	return g;
}

kr_stream *kr_goal_apply(const kr_goal *g, const kr_state *st)
{
	kr_check(g != NULL && st != NULL);
	return g->fn(st, g->env);
}

static kr_stream *succeed_fn(const kr_state *st, void *env)
{
	(void)env;
	return kr_stream_unit(st);
}

static kr_stream *fail_fn(const kr_state *st, void *env)
{
	(void)st;
	(void)env;
	return NULL;
}

kr_goal *kr_succeed(void)
{
	static struct kr_goal g = {succeed_fn, NULL};
	return &g;
}

kr_goal *kr_fail(void)
{
	static struct kr_goal g = {fail_fn, NULL};
	return &g;
}

struct eq_env {
	kr_term *u, *v;
};

static kr_stream *eq_fn(const kr_state *st, void *env)
{
	struct eq_env *e = env;
	const kr_state *r = kr_state_unify(st, e->u, e->v);
	return r ? kr_stream_unit(r) : NULL;
}

kr_goal *kr_eq(kr_term *u, kr_term *v)
{
	kr_check(u != NULL && v != NULL);
	struct eq_env *e = kri_alloc(sizeof *e);
	e->u = u;
	e->v = v;
	return kr_goal_new(eq_fn, e);
}

void kr_fresh(size_t n, kr_term **out)
{
	kr_check(n == 0 || out != NULL);
	for (size_t i = 0; i < n; i++)
		out[i] = kr_var_new(NULL);
}

/* ------------------------------------------------- conjunction, disjunction */

/* The goals of a conjunction or disjunction (n >= 2), copied. */
struct goals_env {
	size_t n;
	const kr_goal *goals[];
};

static struct goals_env *goals_copy(size_t n, kr_goal *const *goals)
{
	struct goals_env *e = kri_alloc(sizeof *e + n * sizeof e->goals[0]);
	e->n = n;
	for (size_t i = 0; i < n; i++) {
		kr_check(goals[i] != NULL);
		e->goals[i] = goals[i];
	}
	return e;
}

/* Left-to-right binds: ((g0 st) >>= g1) >>= g2 ... (faster-miniKanren). */
static kr_stream *conj_fn(const kr_state *st, void *env)
{
	struct goals_env *e = env;
	kr_stream *s = kr_goal_apply(e->goals[0], st);
	for (size_t i = 1; i < e->n && s; i++)
		s = kr_stream_bind(s, e->goals[i]);
	return s;
}

kr_goal *kr_conj(size_t n, kr_goal *const *goals)
{
	kr_check(n == 0 || goals != NULL);
	if (n == 0)
		return kr_succeed();
	if (n == 1)
		return goals[0];
	return kr_goal_new(conj_fn, goals_copy(n, goals));
}

/*
 * (disj g0 g1 ... gn) = (disj2 g0 (disj2 g1 ... gn)): every goal is applied
 * in order, then the streams are appended from the right, which is the
 * right-nested binary append-inf without C recursion on n.
 */
static kr_stream *disj_fn(const kr_state *st, void *env)
{
	struct goals_env *e = env;
	void *buf[LOCAL_GOALS];
	void **ss = e->n <= LOCAL_GOALS ? buf : kri_alloc(e->n * sizeof *ss);
	for (size_t i = 0; i < e->n; i++)
		ss[i] = kr_goal_apply(e->goals[i], st);
	kr_stream *acc = ss[e->n - 1];
	for (size_t i = e->n - 1; i-- > 0;)
		acc = kr_stream_mplus(ss[i], acc);
	return acc;
}

kr_goal *kr_disj(size_t n, kr_goal *const *goals)
{
	kr_check(n == 0 || goals != NULL);
	if (n == 0)
		return kr_fail();
	if (n == 1)
		return goals[0];
	return kr_goal_new(disj_fn, goals_copy(n, goals));
}

/* --------------------------------------------------------------- suspension */

/* A goal applied to a state, to be run when the suspension is forced. */
struct pending {
	const kr_goal *g;
	const kr_state *st;
};

static kr_stream *pending_force(void *env)
{
	struct pending *p = env;
	return kr_goal_apply(p->g, p->st);
}

static kr_stream *suspend_fn(const kr_state *st, void *env)
{
	struct pending *p = kri_alloc(sizeof *p);
	p->g = env;
	p->st = st;
	return kr_stream_suspend(pending_force, p);
}

kr_goal *kr_suspend(kr_goal *g)
{
	kr_check(g != NULL);
	return kr_goal_new(suspend_fn, g);
}

kr_goal *kr_conde(size_t n, kr_goal *const *clauses)
{
	return kr_suspend(kr_disj(n, clauses));
}

/* ---------------------------------------------------------------- relations */

kr_rel *kr_rel_new(const char *name, int arity, kr_rel_fn fn, void *env)
{
	kr_check(name != NULL && arity >= 0 && fn != NULL);
	kr_rel *r = kri_alloc(sizeof *r);
	r->name = kr_strdup(name);
	r->arity = arity;
	r->fn = fn;
	r->env = env;
	return r;
}

const char *kr_rel_name(const kr_rel *r)
{
	kr_check(r != NULL);
	return r->name;
}

int kr_rel_arity(const kr_rel *r)
{
	kr_check(r != NULL);
	return r->arity;
}

/* One call of a relation: its arguments, copied. */
struct call_env {
	const kr_rel *rel;
	kr_term *args[];
};

/* One application of a call: built when the suspension is forced. */
struct call_app {
	const struct call_env *call;
	const kr_state *st;
};

static kr_stream *call_force(void *env)
{
	struct call_app *a = env;
	const kr_rel *r = a->call->rel;
	kr_goal *body = r->fn(a->call->args, r->env);
	kr_check(body != NULL);
	return kr_goal_apply(body, a->st);
}

static kr_stream *call_fn(const kr_state *st, void *env)
{
	struct call_app *a = kri_alloc(sizeof *a);
	a->call = env;
	a->st = st;
	return kr_stream_suspend(call_force, a);
}

kr_goal *kr_rel_call(const kr_rel *r, kr_term *const *args)
{
	kr_check(r != NULL && (r->arity == 0 || args != NULL));
	size_t n = (size_t)r->arity;
	struct call_env *e = kri_alloc(sizeof *e + n * sizeof e->args[0]);
	e->rel = r;
	for (size_t i = 0; i < n; i++) {
		kr_check(args[i] != NULL);
		e->args[i] = args[i];
	}
	return kr_goal_new(call_fn, e);
}
