/* goal.c -- microKanren states, goals and relations. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "goal.h"
#include "term/term.h"
#include "term/unify.h"

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
	kr_state *r = kri_alloc_struct(sizeof *r);
	*r = *st;
	r->s = s;
	return r;
}

const kr_state *kri_state_scoped(const kr_state *st)
{
	kr_state *r = kri_alloc_struct(sizeof *r);
	*r = *st;
	r->scope = kri_scope_new();
	return r;
}

/* u == v in st, binding the variables of `scope` in place (0: none). */
static const kr_state *unify_in(const kr_state *st, kr_term *u, kr_term *v,
				uint64_t scope)
{
	unsigned flags = occurs_check ? KRI_UNIFY_CHECK : 0;
	if (!st->store) {
		const kr_subst *s = kri_unify_added(u, v, st->s, flags, NULL,
						   scope);
		/* most bind in place or nothing: st itself, without a call */
		if (!s || s == st->s)
			return s ? st : NULL;
		return kr_state_with_subst(st, s);
	}
	kri_vec added = {0};
	const kr_subst *s = kri_unify_added(u, v, st->s, flags, &added, scope);
	if (!s)
		return NULL;
	return kri_constraints_update(kr_state_with_subst(st, s), &added);
}

const kr_state *kr_state_unify(const kr_state *st, kr_term *u, kr_term *v)
{
	kr_check(st != NULL && u != NULL && v != NULL);
	return unify_in(st, u, v, 0);
}

bool kri_occurs_check_on(void) { return occurs_check; }

bool kr_set_occurs_check(bool on)
{
	bool old = occurs_check;
	occurs_check = on;
	return old;
}

/* -------------------------------------------------------------- basic goals */

kr_goal *kri_goal_make(kr_goal_fn fn, void *env)
{
	kr_goal *g = kri_alloc(sizeof *g);
	g->fn = fn;
	g->env = env;
	return g;
}

/* A goal written outside the engine: it may branch on its own. */
static kr_stream *user_fn(const kr_state *st, void *env)
{
	const kr_goal *u = env;
	return u->fn(kri_state_scoped(st), u->env);
}

kr_goal *kr_goal_new(kr_goal_fn fn, void *env)
{
	kr_check(fn != NULL);
	return kri_goal_make(user_fn, kri_goal_make(fn, env));
}

kr_stream *kr_goal_apply(const kr_goal *g, const kr_state *st)
{
	kr_check(g != NULL && st != NULL);
	return kri_stream_public(KRI_APPLY(g, kri_state_scoped(st)));
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

/* An == goal and its two terms, in one object (env points to it). */
struct eq_goal {
	struct kr_goal g;
	kr_term *u, *v;
};

static kr_stream *eq_fn(const kr_state *st, void *env)
{
	struct eq_goal *e = env;
	const kr_state *r = unify_in(st, e->u, e->v, st->scope);
	return r ? kr_stream_unit(r) : NULL;
}

kr_goal *kr_eq(kr_term *u, kr_term *v)
{
	kr_check(u != NULL && v != NULL);
	struct eq_goal *e = kri_alloc_struct(sizeof *e);
	e->g.fn = eq_fn;
	e->g.env = e;
	e->u = u;
	e->v = v;
	return &e->g;
}

void kr_fresh(size_t n, kr_term **out)
{
	kr_check(n == 0 || out != NULL);
	for (size_t i = 0; i < n; i++)
		out[i] = kr_var_new(NULL);
}

/* ------------------------------------------------- conjunction, disjunction */

/*
 * A goal over n goals: the goal and the copied goals in one object, the
 * goals (its env) right after the goal.
 */
static kr_goal *goal_over(kr_goal_fn fn, size_t n, kr_goal *const *goals)
{
	struct kr_goal *g = kri_alloc(sizeof *g + sizeof(struct kri_goals) +
				      n * sizeof(kr_goal *));
	struct kri_goals *e = (struct kri_goals *)(g + 1);
	e->n = n;
	for (size_t i = 0; i < n; i++) {
		kr_check(goals[i] != NULL);
		e->goals[i] = goals[i];
	}
	g->fn = fn;
	g->env = e;
	return g;
}

/*
 * (bind* (g0 st) g1 g2 ...), as faster-miniKanren's fresh body. bind* is
 * eager: while the stream so far is one answer, the next goal runs on it
 * at once (bind((c), g) = (g c)), so a run of == goals, the usual head
 * of a clause, makes neither answer nodes nor bind nodes.
 */
static kr_stream *conj_fn(const kr_state *st, void *env)
{
	struct kri_goals *e = env;
	size_t i = 0;
	for (; i < e->n; i++) {
		const kr_goal *g = e->goals[i];
		if (g->fn != eq_fn)
			break;
		const struct eq_goal *q = g->env;
		if (!(st = unify_in(st, q->u, q->v, st->scope)))
			return NULL;
	}
	if (i == e->n)
		return kr_stream_unit(st);
	kr_stream *s = KRI_APPLY(e->goals[i], st);
	return kri_bind_goals(s, e->n - i - 1, e->goals + i + 1);
}

bool kri_goal_is_conj(const kr_goal *g) { return g->fn == conj_fn; }

kr_goal *kr_conj(size_t n, kr_goal *const *goals)
{
	kr_check(n == 0 || goals != NULL);
	if (n == 0)
		return kr_succeed();
	if (n == 1)
		return goals[0];
	return goal_over(conj_fn, n, goals);
}

/*
 * (mplus* (g0 st) (g1 st) ...): g0 runs at once, the others only when the
 * machine needs them, each mplus taking the rest as a thunk (faster-mk).
 * The branches share one new scope, as in faster-mk's conde.
 */
static kr_stream *disj_fn(const kr_state *st, void *env)
{
	kr_stream *p = kri_node(KRI_P_DISJ);
	p->u.disj.gs = env;
	p->u.disj.st = kri_state_scoped(st);
	return p;
}

kr_goal *kr_disj(size_t n, kr_goal *const *goals)
{
	kr_check((n == 0 || goals != NULL) && n <= UINT32_MAX);
	if (n == 0)
		return kr_fail();
	if (n == 1)
		return goals[0];
	return goal_over(disj_fn, n, goals);
}

kr_goal *kr_lany(size_t n, kr_goal *const *goals)
{
	return n == 0 ? kr_succeed() : kr_disj(n, goals);
}

/* ------------------------------------------------------ clause functions */

/*
 * A kr_conde_fn goal: the goal and its clauses in one object (env points
 * to the clauses, right after the goal).
 */
struct conde_goal {
	struct kr_goal g;
	struct kri_clauses cl;
};

/*
 * A conde over a call's terms of at least this many clauses hands its
 * clauses the terms walked in the call's state: every clause unifies
 * them in that state, and most walk the same bound variables through the
 * trie (addero's eight clauses walk its four terms some twenty times). A
 * conde of two clauses walks a term twice at most, which does not pay
 * for the copy (zebra's relations: 5% slower with it).
 */
#define CONDE_WALKS 3

/* The clauses over a call's terms walked in st, a copy when one is bound. */
static const struct kri_clauses *walked(const struct kri_clauses *cl,
					const kr_state *st)
{
	kr_term *const *args = cl->env;
	size_t i = 0;
	kr_term *t = NULL;
	while (i < cl->nargs && (t = kri_walk(args[i], st->s)) == args[i])
		i++;
	if (i == cl->nargs)
		return cl; /* nothing bound: no copy */
	struct kri_clauses *w =
		kri_alloc_struct(sizeof *w + cl->nargs * sizeof(kr_term *));
	kr_term **a = (kr_term **)(w + 1);
	memcpy(a, args, i * sizeof *a);
	a[i] = t;
	while (++i < cl->nargs)
		a[i] = kri_walk(args[i], st->s);
	w->n = cl->n;
	w->fn = cl->fn;
	w->env = a;
	return w;
}

/*
 * `conde` suspends once (faster-mk), and its clauses share one new scope,
 * as disj_fn's: the goal is one self-suspending node (goal.h), owned, so
 * the machine steps it from clause to clause in place.
 */
static kr_stream *conde_fn_goal(const kr_state *st, void *env)
{
	const struct kri_clauses *cl = env;
	kr_stream *p = kri_node(KRI_S_CLAUSES);
	p->owned = 1;
	p->u.clauses.cl =
		cl->nargs && cl->n >= CONDE_WALKS ? walked(cl, st) : cl;
	p->u.clauses.st = *st;
	p->u.clauses.st.scope = kri_scope_new();
	return p;
}

kr_goal *kr_conde_fn(int n, kr_clause_fn fn, void *env)
{
	kr_check(n >= 1 && fn != NULL);
	struct conde_goal *c = kri_alloc(sizeof *c);
	c->cl.n = (size_t)n;
	c->cl.fn = fn;
	c->cl.env = env;
	c->g.fn = conde_fn_goal;
	c->g.env = &c->cl;
	return &c->g;
}

/* Copy the n arguments of a call to `to`. */
static void copy_args(kr_term **to, size_t n, kr_term *const *args)
{
	for (size_t i = 0; i < n; i++) {
		kr_check(args[i] != NULL);
		to[i] = args[i];
	}
}

/*
 * The kr_conde_fn goal of n clauses fn over a copy of the nargs terms
 * args, in one object (the terms right after it): a call of a
 * kr_rel_new_conde relation, and kr_clause_conde's clauses.
 */
static struct conde_goal *conde_over(size_t n, kr_clause_fn fn,
				     size_t nargs, kr_term *const *args)
{
	struct conde_goal *c =
		kri_alloc_struct(sizeof *c + nargs * sizeof(kr_term *));
	kr_term **a = (kr_term **)(c + 1);
	copy_args(a, nargs, args);
	c->cl.nargs = nargs;
	c->cl.n = n;
	c->cl.fn = fn;
	c->cl.env = a;
	c->g.fn = conde_fn_goal;
	c->g.env = &c->cl;
	return c;
}

kr_stream *kr_clause_conde(const kr_state *st, int n, kr_clause_fn fn,
			   size_t nargs, kr_term *const *args)
{
	kr_check(st != NULL && n >= 1 && fn != NULL &&
		 (nargs == 0 || args != NULL));
	struct conde_goal *c = conde_over((size_t)n, fn, nargs, args);
	/* walked as conde_fn_goal would, in this copy: no one else has it */
	if (n >= CONDE_WALKS) {
		kr_term **a = c->cl.env;
		for (size_t i = 0; i < nargs; i++)
			a[i] = kri_walk(a[i], st->s);
	}
	c->cl.nargs = 0;
	return conde_fn_goal(st, &c->cl);
}

const kr_state *kr_clause_eq(const kr_state *st, kr_term *u, kr_term *v)
{
	kr_check(st != NULL && u != NULL && v != NULL);
	return unify_in(st, u, v, st->scope);
}

/*
 * Most calls of list and arithmetic relations meet a pair: taking its
 * parts saves two variables, a pair and a unification (zebra's membero
 * and lefto: 20% of its time; membero-intersect: 30%).
 */
const kr_state *kr_clause_conso(const kr_state *st, kr_term **a,
				kr_term **d, kr_term *l)
{
	kr_check(st != NULL && a != NULL && d != NULL && l != NULL);
	kr_term *t = kri_walk(l, st->s);
	if (t->kind != KR_CONS) {
		if (kri_is_atom(t)) /* () most of all: no pair to make */
			return NULL;
		if (!*a)
			*a = kr_var_new(NULL);
		if (!*d)
			*d = kr_var_new(NULL);
		return unify_in(st, kr_cons(*a, *d), t, st->scope);
	}
	if (!*a)
		*a = t->u.cons.car;
	else if (!(st = unify_in(st, *a, t->u.cons.car, st->scope)))
		return NULL;
	if (!*d)
		*d = t->u.cons.cdr;
	else if (!(st = unify_in(st, *d, t->u.cons.cdr, st->scope)))
		return NULL;
	return st;
}

kr_stream *kr_clause_run(const kr_state *st, size_t n, kr_goal *const *goals)
{
	kr_check(st != NULL && (n == 0 || goals != NULL));
	size_t i = 0;
	for (; i < n; i++) {
		kr_check(goals[i] != NULL);
		if (goals[i]->fn != eq_fn)
			break;
		const struct eq_goal *q = goals[i]->env;
		if (!(st = unify_in(st, q->u, q->v, st->scope)))
			return NULL;
	}
	if (i == n)
		return kr_stream_unit(st);
	kr_stream *s = KRI_APPLY(goals[i], st);
	size_t rest = n - i - 1;
	if (!s || rest == 0)
		return s;
	if (rest == 1)
		return kri_bind_goals(s, 1, (const kr_goal *const *)goals + n - 1);
	/* the goals after goals[i] (the caller's array is temporary) */
	kr_goal **g = kri_alloc(rest * sizeof *g);
	memcpy(g, goals + i + 1, rest * sizeof *g);
	return kri_bind_goals(s, rest, (const kr_goal *const *)g);
}

/* --------------------------------------------------------------- suspension */

/* One self-suspension node (goal.h): the application of env to st. */
static kr_stream *suspend_fn(const kr_state *st, void *env)
{
	kr_stream *s = kri_node(KRI_S_GOAL);
	s->u.goal.g = env;
	s->u.goal.st = st;
	return s;
}

kr_goal *kr_suspend(kr_goal *g)
{
	kr_check(g != NULL);
	return kri_goal_make(suspend_fn, g);
}

kr_goal *kr_conde(size_t n, kr_goal *const *clauses)
{
	return kr_suspend(kr_disj(n, clauses));
}

/*
 * kr_fresh_call: n variables made per application, after one suspension.
 * The suspension is one self-suspending node holding the body, its env,
 * the state and n (goal.h), forced by the machine (stream.c's
 * force_fresh).
 */
struct fresh_env {
	size_t n;
	kr_fresh_fn body;
	void *env;
};

static kr_stream *fresh_node(const kr_state *st, size_t n, void *env)
{
	kr_check(n <= UINT32_MAX);
	kr_stream *s = kri_node(KRI_S_FRESH);
	s->n = (uint32_t)n;
	s->u.fresh.env = env;
	s->u.fresh.st = st;
	return s;
}

static kr_stream *fresh_fn(const kr_state *st, void *env)
{
	const struct fresh_env *e = env;
	kr_stream *s = fresh_node(st, e->n, e->env);
	s->u.fresh.body.goal = e->body;
	return s;
}

kr_stream *kr_clause_fresh(const kr_state *st, size_t n, kr_fresh_fn body,
			   void *env)
{
	kr_check(st != NULL && body != NULL);
	kr_stream *s = fresh_node(st, n, env);
	s->u.fresh.body.goal = body;
	return s;
}

kr_stream *kr_clause_fresh_run(const kr_state *st, size_t n,
			       kr_fresh_run_fn body, void *env)
{
	kr_check(st != NULL && body != NULL);
	kr_stream *s = fresh_node(st, n, env);
	s->owned = 1;
	s->u.fresh.body.run = body;
	return s;
}

/* kr_fresh_run: the goal, its n, body and env in one object. */
struct fresh_run_goal {
	struct kr_goal g;
	size_t n;
	kr_fresh_run_fn body;
	void *env;
};

static kr_stream *fresh_run_fn(const kr_state *st, void *env)
{
	const struct fresh_run_goal *f = env;
	return kr_clause_fresh_run(st, f->n, f->body, f->env);
}

kr_goal *kr_fresh_run(size_t n, kr_fresh_run_fn body, void *env)
{
	kr_check(body != NULL && n <= UINT32_MAX);
	struct fresh_run_goal *f = kri_alloc(sizeof *f);
	f->g.fn = fresh_run_fn;
	f->g.env = f;
	f->n = n;
	f->body = body;
	f->env = env;
	return &f->g;
}

kr_goal *kr_fresh_call(size_t n, kr_fresh_fn body, void *env)
{
	kr_check(body != NULL && n <= UINT32_MAX);
	struct fresh_env *e = kri_alloc(sizeof *e);
	e->n = n;
	e->body = body;
	e->env = env;
	return kri_goal_make(fresh_fn, e);
}

/* ---------------------------------------------------------------- relations */

/* A relation with its name and arity; the caller sets how it runs. */
static kr_rel *rel_alloc(const char *name, int arity)
{
	kr_check(name != NULL && arity >= 0);
	kr_rel *r = kri_alloc(sizeof *r);
	r->name = kr_strdup(name);
	r->arity = arity;
	return r;
}

kr_rel *kr_rel_new(const char *name, int arity, kr_rel_fn fn, void *env)
{
	kr_check(fn != NULL);
	kr_rel *r = rel_alloc(name, arity);
	r->fn = fn;
	r->env = env;
	return r;
}

kr_rel *kr_rel_new_conde(const char *name, int arity, int n,
			 kr_clause_fn fn)
{
	kr_check(n >= 1 && fn != NULL);
	kr_rel *r = rel_alloc(name, arity);
	r->clause = fn;
	r->n = (size_t)n;
	return r;
}

kr_rel *kr_rel_new_fresh(const char *name, int arity, size_t n,
			 kr_fresh_run_fn body)
{
	kr_check(body != NULL && n <= UINT32_MAX);
	kr_rel *r = rel_alloc(name, arity);
	r->run = body;
	r->n = n;
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

/*
 * Applying a call builds the body now; a conjunction body is a multi-goal
 * defrel, `(fresh () g ...)`, which suspends once (faster-mk's defrel).
 */
static kr_stream *call_fn(const kr_state *st, void *env)
{
	const struct call_env *c = env;
	const kr_rel *r = c->rel;
	uint64_t outer = kri_var_scope;
	kri_var_scope = st->scope;
	kr_goal *body = r->fn(c->args, r->env);
	kri_var_scope = outer;
	kr_check(body != NULL);
	if (body->fn == conde_fn_goal) /* suspends: no call chain to count */
		return conde_fn_goal(st, body->env);
	kr_stream *p = kri_node(kri_goal_is_conj(body) ? KRI_S_CALL
						       : KRI_P_CALL);
	p->u.goal.g = body;
	p->u.goal.st = st;
	return p;
}

/*
 * A call of a kr_rel_new_fresh relation: the goal kr_fresh_run(r->n,
 * r->run, args) would be, with the relation in place of its n, body and
 * env, and the copied arguments, in one object (48 bytes for a binary
 * relation: KanrenRelationSub makes one per node it tries).
 */
struct fresh_call {
	struct kr_goal g;
	const kr_rel *rel;
	kr_term *args[];
};

static kr_stream *fresh_call_fn(const kr_state *st, void *env)
{
	const struct fresh_call *c = env;
	return kr_clause_fresh_run(st, c->rel->n, c->rel->run,
				   (void *)c->args);
}

static kr_goal *fresh_call(const kr_rel *r, kr_term *const *args)
{
	size_t n = (size_t)r->arity;
	struct fresh_call *c =
		kri_alloc_struct(sizeof *c + n * sizeof(kr_term *));
	copy_args(c->args, n, args);
	c->g.fn = fresh_call_fn;
	c->g.env = c;
	c->rel = r;
	return &c->g;
}

kr_goal *kr_rel_call(const kr_rel *r, kr_term *const *args)
{
	kr_check(r != NULL && (r->arity == 0 || args != NULL));
	if (r->clause) /* its kr_conde_fn goal over the copied arguments */
		return &conde_over(r->n, r->clause, (size_t)r->arity, args)->g;
	if (r->run)
		return fresh_call(r, args);
	size_t n = (size_t)r->arity;
	/* the goal and its call in one object, the call right after */
	kr_goal *g = kri_alloc_struct(sizeof *g + sizeof(struct call_env) +
				      n * sizeof(kr_term *));
	struct call_env *e = (struct call_env *)(g + 1);
	e->rel = r;
	for (size_t i = 0; i < n; i++) {
		kr_check(args[i] != NULL);
		e->args[i] = args[i];
	}
	g->fn = call_fn;
	g->env = e;
	return g;
}
