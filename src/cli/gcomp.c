/* gcomp.c -- goal expressions compiled once into templates, built per call. */
/* See the LICENSE file for copying conditions. */
#include <limits.h>
#include <string.h>

#include "lang.h"

/*
 * A goal expression (the body of a defrel, fresh, conde, a goal call) is
 * compiled once, at its first use, into a template: calls with their
 * function and argument parts resolved (local slots, global cells,
 * constants), term constructors (cons, list, quasiquote) as term
 * templates, and everything else kept as the compiled node, evaluated by
 * lang_eval(). Building a template in a frame makes the library goals
 * directly (kr_eq, kr_rel_call, kr_conde, kr_fresh_call), as the C
 * versions of relations do, with no goal values, argument lists or
 * procedure dispatch in between.
 *
 * The meaning is lang_eval()'s, answer for answer: the same goals, in the
 * same order, with the same suspensions. Two builds exist. A full build
 * is what lang_eval() does: any value, any error (reported at the same
 * node, with the same message). An eager build only makes what cannot
 * fail or be seen: it defers (returns NULL) at anything else -- a node
 * that needs evaluation, an unbound name, a non-relation call. A conde
 * whose clauses would all build eagerly (gt_ready) is a conde of clause
 * functions: each clause is built when the search reaches it, as
 * faster-mk's conde evaluates it, and its leading == goals run on the
 * state as their terms are built, so that a clause whose head fails
 * builds nothing more. When a clause would defer, the conde is built
 * lazily when applied (as the conde macro evaluates its clauses), so side
 * effects, errors and recursion through Scheme procedures happen exactly
 * where they did. A fresh that starts with (== (cons a d) l) over two of
 * its variables runs as a clause function too (fresh_conso_run). Calls
 * of closures whose body builds eagerly are expanded in place, at most
 * MAX_EXPAND deep (a closure calling itself then goes through
 * lang_apply(), which loops without C recursion).
 */

#define MAX_EXPAND 3
#define SMALL 8
#define MAX_NEST 256 /* deeper term parts: lang_eval and its depth check */

typedef enum { T_CONST, T_LOCAL, T_GLOBAL, T_CONS, T_LIST, T_LAMBDA,
	       T_EVAL } tkind;

/* A term template: a part of a goal that builds a value. */
typedef struct tt {
	tkind kind;
	int depth, index;	/* T_LOCAL: the node's lexical address */
	kr_term *value;		/* T_CONST: the value */
	lang_global *glob;	/* T_GLOBAL: the cell */
	const lang_node *node;
	struct tt *fn;	/* T_CONS, T_LIST: the function part */
	size_t n;
	struct tt *kids;	/* n templates side by side */
} tt;

typedef enum { G_CALL, G_CONJ, G_CONDE, G_FRESH, G_EVAL } gkind;

/*
 * A fresh whose first goal is (== (cons a d) l) -- written so, or as a
 * call of a relation whose body is that == over its parameters, such as
 * conso -- with a and d two variables of the fresh and l a term that
 * names neither: the fresh of membero, lefto, mapo and the arithmetic.
 * It runs as a clause function (kr_fresh_run), so that when l is a pair
 * a and d are its parts, and neither the two variables, nor the pair,
 * nor the == are made (kr_clause_conso: the answers never see them).
 */
typedef struct conso_head {
	size_t a, d;	/* the slots of a and d in the fresh's frame */
	const tt *l;	/* l's template, built in that frame */
} conso_head;

/* A goal template. */
typedef struct gt {
	gkind kind;
	const lang_node *node;
	tt *fn;		/* G_CALL: the procedure */
	size_t n;
	tt *args;	/* G_CALL: n arguments side by side */
	lang_global *fglob; /* G_CALL: the procedure's name, when global */
	struct gt **kids; /* G_CONJ, G_CONDE, G_FRESH: n goals */
	size_t nvars;	/* G_FRESH: its variables */
	/* G_CALL: the procedure of the last build, decoded */
	kr_term *last;
	const kr_rel *rel;	/* a relation of the call's arity */
	const struct capture *body; /* its body, when built in place */
	bool eq;		/* == */
	bool pure;		/* a goal constructor without side effects */
	bool captures;	/* an eager build may keep the frame (a closure,
			   a fresh, a conde built when applied) */
	/* G_FRESH: its head as a conso (find_conso_head), while
	   lang_globals_epoch + 1 is head_epoch */
	uint64_t head_epoch;
	bool head_ok;
	conso_head head;
	/* G_CONDE: conde_ready's answer, while lang_globals_epoch + 1 is
	   ready_epoch */
	uint64_t ready_epoch;
	bool ready;
} gt;

static kr_term *cons_value, *list_value, *eq_value;

/* Primitives that only make a goal of their arguments (no side effect). */
static const char *const pure_names[] = {
	"=/=", "symbolo", "numbero", "stringo", "absento", "conj", "disj",
	"conj2", "disj2", "onceo", "once", "ifte", "permuteo", "permuteq",
};
#define NPURE (sizeof pure_names / sizeof *pure_names)
static kr_term *pure_values[NPURE];

void lang_gcomp_init(void)
{
	cons_value = lang_lookup("cons");
	list_value = lang_lookup("list");
	eq_value = lang_lookup("==");
	for (size_t i = 0; i < NPURE; i++)
		pure_values[i] = lang_lookup(pure_names[i]);
}

static bool is_pure(const kr_term *fn)
{
	for (size_t i = 0; i < NPURE; i++)
		if (fn == pure_values[i])
			return true;
	return false;
}

/* ========================================================== compiling */

static bool is_named(const lang_node *n, const char *name, kr_term *value)
{
	if (n->kind == N_CONST)
		return n->value == value;
	return n->kind == N_GLOBAL && !strcmp(kr_sym_name(n->value), name);
}

static void tt_fill(tt *t, const lang_node *n, int nest);

/* Fill t from node n, with room for nkids templates side by side. */
static void tt_set(tt *t, tkind kind, const lang_node *n, size_t nkids)
{
	t->kind = kind;
	t->node = n;
	t->depth = n->depth;
	t->index = n->index;
	t->value = n->value;
	t->glob = n->glob;
	t->n = nkids;
	if (nkids)
		t->kids = kr_alloc(nkids * sizeof *t->kids);
}

/* (cons a b), (list a ...) and quasiquote's conses: term constructors. */
static void tt_app(tt *t, const lang_node *n, int nest)
{
	const lang_node *head = n->kids[0];
	tkind kind;
	if (nest >= MAX_NEST)
		return tt_set(t, T_EVAL, n, 0);
	if (n->nkids == 3 && is_named(head, "cons", cons_value))
		kind = T_CONS;
	else if (is_named(head, "list", list_value))
		kind = T_LIST;
	else
		return tt_set(t, T_EVAL, n, 0);
	tt_set(t, kind, n, n->nkids - 1);
	t->fn = kr_alloc(sizeof *t->fn);
	tt_fill(t->fn, head, nest + 1);
	for (size_t i = 0; i < t->n; i++)
		tt_fill(&t->kids[i], n->kids[i + 1], nest + 1);
}

static void tt_fill(tt *t, const lang_node *n, int nest)
{
	switch (n->kind) {
	case N_CONST:
		return tt_set(t, T_CONST, n, 0);
	case N_LOCAL:
		return tt_set(t, T_LOCAL, n, 0);
	case N_GLOBAL:
		return tt_set(t, T_GLOBAL, n, 0);
	case N_LAMBDA:
		return tt_set(t, T_LAMBDA, n, 0);
	case N_APP:
		return tt_app(t, n, nest);
	default:
		return tt_set(t, T_EVAL, n, 0);
	}
}

static gt *gt_new(gkind kind, const lang_node *n)
{
	gt *g = kr_alloc(sizeof *g);
	g->kind = kind;
	g->node = n;
	g->nvars = n->nvars;
	return g;
}

static const gt *gt_of(const lang_node *n);

/* The goals of kids from..nkids-1. */
static void gt_kids(gt *g, const lang_node *n, size_t from)
{
	g->n = n->nkids - from;
	g->kids = kr_alloc((g->n ? g->n : 1) * sizeof *g->kids);
	for (size_t i = 0; i < g->n; i++)
		g->kids[i] = (gt *)gt_of(n->kids[from + i]);
}

/* True when a term template makes a closure over the frame. */
static bool tt_captures(const tt *t)
{
	if (t->kind == T_LAMBDA)
		return true;
	for (size_t i = 0; i < t->n; i++)
		if (tt_captures(&t->kids[i]))
			return true;
	return false;
}

static gt *gt_call(const lang_node *n)
{
	gt *g = gt_new(G_CALL, n);
	g->fn = kr_alloc(sizeof *g->fn);
	tt_fill(g->fn, n->kids[0], 0);
	if (g->fn->kind == T_GLOBAL)
		g->fglob = g->fn->glob;
	g->n = n->nkids - 1;
	g->args = kr_alloc((g->n ? g->n : 1) * sizeof *g->args);
	g->captures = tt_captures(g->fn);
	for (size_t i = 0; i < g->n; i++) {
		tt_fill(&g->args[i], n->kids[i + 1], 0);
		g->captures = g->captures || tt_captures(&g->args[i]);
	}
	return g;
}

static gt *gt_compile(const lang_node *n)
{
	gt *g;
	switch (n->kind) {
	case N_APP:
		return gt_call(n);
	case N_CONJ:
	case N_REL:
		g = gt_new(G_CONJ, n);
		break;
	case N_CONDE:
		g = gt_new(G_CONDE, n);
		break;
	case N_FRESH:
		g = gt_new(G_FRESH, n);
		break;
	default:
		return gt_new(G_EVAL, n);
	}
	gt_kids(g, n, 0);
	g->captures = g->kind != G_CONJ;
	for (size_t i = 0; i < g->n; i++)
		g->captures = g->captures || g->kids[i]->captures;
	return g;
}

/* The template of a node, compiled at its first use. */
static const gt *gt_of(const lang_node *n)
{
	if (!n->gt)
		((lang_node *)n)->gt = gt_compile(n);
	return n->gt;
}

/* ============================================================ building */

static kr_term *slot_of(const tt *t, lang_frame *f)
{
	for (int d = t->depth; d; d--)
		f = f->up;
	return f->slot[t->index];
}

static kr_term *tt_slow(const tt *t, lang_frame *f, int eager);

/* The value of a term template; NULL: error (full) or deferred (eager). */
static inline kr_term *tt_build(const tt *t, lang_frame *f, int eager)
{
	if (t->kind == T_LOCAL) {
		kr_term *v = t->depth ? slot_of(t, f) : f->slot[t->index];
		if (v)
			return v;
	} else if (t->kind == T_CONST) {
		return t->value;
	}
	return tt_slow(t, f, eager);
}

/* The values of n term templates into out; false at an error/deferral. */
static bool tt_build_all(kr_term **out, size_t n, const tt *ts,
			 lang_frame *f, int eager)
{
	for (size_t i = 0; i < n; i++)
		if (!(out[i] = tt_build(&ts[i], f, eager)))
			return false;
	return true;
}

static kr_term *tt_construct(const tt *t, lang_frame *f, int eager)
{
	kr_term *small[SMALL];
	kr_term **v = t->n <= SMALL ? small : kr_alloc(t->n * sizeof *v);
	if (!tt_build_all(v, t->n, t->kids, f, eager))
		return NULL;
	return t->kind == T_CONS ? kr_cons(v[0], v[1]) : kr_list(t->n, v);
}

/* The function of a T_CONS or T_LIST: a constant or a global's value. */
static kr_term *head_of(const tt *fn)
{
	return fn->kind == T_CONST ? fn->value : fn->glob->value;
}

/* tt_build's other cases (and its unbound locals). */
static kr_term *tt_slow(const tt *t, lang_frame *f, int eager)
{
	kr_term *v;
	switch (t->kind) {
	case T_GLOBAL:
		if ((v = t->glob->value))
			return v;
		break;
	case T_CONS:
	case T_LIST:
		v = head_of(t->fn);
		if (v && v == (t->kind == T_CONS ? cons_value : list_value))
			return tt_construct(t, f, eager);
		break;
	case T_LAMBDA:
		return lang_make_closure(t->node, f);
	default:
		break;
	}
	return eager ? NULL : lang_eval(t->node, f);
}

static kr_goal *gt_build(const gt *g, lang_frame *f, int eager);

/* The conjunction of a template's goals. */
static kr_goal *conj_build(const gt *g, lang_frame *f, int eager)
{
	if (g->n == 1)
		return gt_build(g->kids[0], f, eager);
	kr_goal *small[SMALL];
	kr_goal **gs = g->n <= SMALL ? small : kr_alloc(g->n * sizeof *gs);
	for (size_t i = 0; i < g->n; i++)
		if (!(gs[i] = gt_build(g->kids[i], f, eager)))
			return NULL;
	return kr_conj(g->n, gs);
}

/* A template captured with its frame, built when the goal is applied. */
typedef struct capture {
	const gt *g;
	lang_frame *env;
} capture;

static capture *capture_new(const gt *g, lang_frame *f)
{
	capture *c = kr_alloc(sizeof *c);
	c->g = g;
	c->env = f;
	return c;
}

/* fresh: faster-miniKanren's, the variables made at each application. */
static kr_goal *fresh_body(kr_term *const *vars, void *env)
{
	const capture *c = env;
	lang_frame *f = lang_frame_new(c->env, c->g->node->nvars);
	if (c->g->node->nvars)
		memcpy(f->slot, vars, c->g->node->nvars * sizeof *vars);
	kr_goal *g = conj_build(c->g, f, 0);
	if (!g) {
		lang_search_error();
		return kr_fail();
	}
	return g;
}

/* True when t may read slot i of the frame it is built in. */
static bool tt_reads_slot(const tt *t, size_t i)
{
	switch (t->kind) {
	case T_CONST:
	case T_GLOBAL:
		return false;
	case T_LOCAL:
		return t->depth == 0 && (size_t)t->index == i;
	case T_CONS:
	case T_LIST:
		for (size_t k = 0; k < t->n; k++)
			if (tt_reads_slot(&t->kids[k], i))
				return true;
		return false;
	default:
		return true;
	}
}

/* t is a local of the frame it is built in: its slot in *i. */
static bool tt_slot(const tt *t, size_t *i)
{
	if (t->kind != T_LOCAL || t->depth != 0)
		return false;
	*i = (size_t)t->index;
	return true;
}

/*
 * The two arguments of an == as (cons p q) and r: the templates of p, q
 * and r, in either order. The head is read as it is now (a rebound
 * `cons` is no pair constructor).
 */
static bool eq_cons_args(const tt *args, const tt **p, const tt **q,
			 const tt **r)
{
	for (int k = 0; k < 2; k++) {
		const tt *c = &args[k];
		if (c->kind == T_CONS && head_of(c->fn) == cons_value) {
			*p = &c->kids[0];
			*q = &c->kids[1];
			*r = &args[1 - k];
			return true;
		}
	}
	return false;
}

/* g is a call of == (its current value) with its two arguments. */
static bool is_eq_call(const gt *g)
{
	return g->kind == G_CALL && g->fglob && g->fglob->value == eq_value &&
	       g->n == 2;
}

/* The first goal of fresh template fr as a conso_head, in the globals'
 * current values (not cached). */
static bool match_conso_head(const gt *fr, conso_head *h)
{
	const gt *g = fr->n ? fr->kids[0] : NULL;
	if (!g || g->kind != G_CALL || !g->fglob || !g->fglob->value ||
	    g->n != 2 + (g->fglob->value != eq_value))
		return false;
	const tt *p, *q, *r;
	kr_term *fn = g->fglob->value;
	if (fn == eq_value) {
		if (!eq_cons_args(g->args, &p, &q, &r))
			return false;
	} else {
		/* a relation (a d l) whose body is (== (cons a d) l) */
		const capture *c = lang_term_defrel(fn);
		const kr_rel *rel = lang_term_rel(fn);
		const gt *b = c ? c->g : NULL;
		if (!b || !rel || kr_rel_arity(rel) != 3 || b->kind != G_CONJ ||
		    b->n != 1)
			return false;
		const gt *e = b->kids[0];
		size_t ip, iq, ir;
		if (!is_eq_call(e) || !eq_cons_args(e->args, &p, &q, &r) ||
		    !tt_slot(p, &ip) ||
		    !tt_slot(q, &iq) || !tt_slot(r, &ir) || ip > 2 || iq > 2 ||
		    ir > 2)
			return false;
		p = &g->args[ip];
		q = &g->args[iq];
		r = &g->args[ir];
	}
	return tt_slot(p, &h->a) && tt_slot(q, &h->d) && h->a != h->d &&
	       h->a < fr->nvars && h->d < fr->nvars &&
	       !tt_reads_slot(r, h->a) && !tt_reads_slot(r, h->d) &&
	       (h->l = r, true);
}

/* match_conso_head, kept in the template while no global changes. */
static bool find_conso_head(const gt *fr, conso_head *h)
{
	gt *g = (gt *)fr;
	if (g->head_epoch != lang_globals_epoch + 1) {
		g->head_ok = match_conso_head(fr, &g->head);
		g->head_epoch = lang_globals_epoch + 1;
	}
	*h = g->head;
	return g->head_ok;
}

/*
 * The goals gs[0..k-1] built in full in frame f (as fresh_body builds a
 * fresh's, when it is forced) and run on st; an error is the search's.
 */
static kr_stream *build_run(const kr_state *st, size_t k,
			    const gt *const *gs, lang_frame *f)
{
	kr_goal *small[SMALL];
	kr_goal **built = k <= SMALL ? small : kr_alloc(k * sizeof *built);
	for (size_t i = 0; i < k; i++)
		if (!(built[i] = gt_build(gs[i], f, 0))) {
			lang_search_error();
			return NULL;
		}
	return kr_clause_run(st, k, built);
}

/*
 * The body of such a fresh on st: its frame, the head by
 * kr_clause_conso, then its other goals built (as fresh_body builds
 * them, when the fresh is forced) and run on the state. When the
 * globals no longer make the head a conso, or l does not build at once,
 * every variable is made and every goal built and run.
 */
static kr_stream *fresh_conso_run(const kr_state *st, kr_term *const *vars,
				  void *env)
{
	const capture *c = env;
	const gt *fr = c->g;
	(void)vars;
	lang_frame *f = lang_frame_new(c->env, fr->nvars);
	conso_head h;
	size_t from = 0;
	bool head = find_conso_head(fr, &h);
	for (size_t i = 0; i < fr->nvars; i++)
		if (!head || (i != h.a && i != h.d))
			f->slot[i] = kr_var_new(NULL);
	kr_term *l = head ? tt_build(h.l, f, 1) : NULL;
	if (l) {
		kr_term *a = NULL, *d = NULL;
		if (!(st = kr_clause_conso(st, &a, &d, l)))
			return NULL;
		f->slot[h.a] = a;
		f->slot[h.d] = d;
		from = 1;
	} else if (head) {
		f->slot[h.a] = kr_var_new(NULL);
		f->slot[h.d] = kr_var_new(NULL);
	}
	return build_run(st, fr->n - from, (const gt *const *)fr->kids + from,
			 f);
}

/* The fresh fr over frame f as a clause function, if it starts with a
 * conso; else NULL. */
static kr_goal *conso_fresh(const gt *fr, lang_frame *f)
{
	conso_head h;
	if (!find_conso_head(fr, &h))
		return NULL;
	return kr_fresh_run(0, fresh_conso_run, capture_new(fr, f));
}

/* A fresh's goal: as a clause function when it starts with a conso. */
static kr_goal *fresh_goal(const gt *fr, lang_frame *f)
{
	kr_goal *g = conso_fresh(fr, f);
	return g ? g : kr_fresh_call(fr->node->nvars, fresh_body,
				     capture_new(fr, f));
}

/* A conde whose clauses could not be built at once: built when applied. */
static kr_stream *conde_apply(const kr_state *st, void *env)
{
	const capture *c = env;
	const gt *g = c->g;
	kr_goal **cl = kr_alloc(g->n * sizeof *cl);
	for (size_t i = 0; i < g->n; i++)
		if (!(cl[i] = gt_build(g->kids[i], c->env, 0))) {
			lang_search_error();
			return NULL;
		}
	return kr_goal_apply(kr_conde(g->n, cl), st);
}

/*
 * Whether a term template builds eagerly, as tt_build would with eager
 * set, without building it: conservative (a call of a pure primitive
 * counts as not ready). A local is taken as bound: only a letrec's not
 * yet initialized can be unbound, and a clause that meets one is built
 * in full when the search reaches it (conde_clause), which reads it then
 * as the lazy conde would have.
 */
static bool tt_ready(const tt *t)
{
	switch (t->kind) {
	case T_CONST:
	case T_LAMBDA:
	case T_LOCAL:
		return true;
	case T_GLOBAL:
		return t->glob->value != NULL;
	case T_CONS:
	case T_LIST:
		if (head_of(t->fn) !=
		    (t->kind == T_CONS ? cons_value : list_value))
			return false;
		for (size_t i = 0; i < t->n; i++)
			if (!tt_ready(&t->kids[i]))
				return false;
		return true;
	default:
		return false;
	}
}

static void call_decode(gt *g, kr_term *fn);

/*
 * Whether a goal template builds eagerly in frame f, as gt_build would
 * with eager set, without building it: conservative (a call of a closure
 * counts as not ready). *framed is set when the answer depends on f (a
 * procedure in a local): otherwise it holds for any frame until a global
 * changes.
 */
static bool gt_ready(const gt *g, lang_frame *f, bool *framed)
{
	switch (g->kind) {
	case G_CONDE:
	case G_FRESH:
		return true;
	case G_CONJ:
		for (size_t i = 0; i < g->n; i++)
			if (!gt_ready(g->kids[i], f, framed))
				return false;
		return true;
	case G_CALL:
		break;
	default:
		return false;
	}
	kr_term *fn = g->fglob ? g->fglob->value : NULL;
	if (!g->fglob) {
		*framed = true;
		if (!tt_ready(g->fn) || !(fn = tt_build(g->fn, f, 1)))
			return false;
	}
	if (!fn)
		return false;
	for (size_t i = 0; i < g->n; i++)
		if (!tt_ready(&g->args[i]))
			return false;
	if (fn != g->last)
		call_decode((gt *)g, fn);
	return g->rel || g->eq;
}

/*
 * Whether every clause of conde template g is ready (gt_ready), kept in
 * the template while no global changes, unless it depends on the frame.
 */
static bool conde_ready(const gt *g, lang_frame *f)
{
	gt *m = (gt *)g;
	if (m->ready_epoch == lang_globals_epoch + 1)
		return m->ready;
	bool ready = g->n <= INT_MAX, framed = false;
	for (size_t i = 0; ready && i < g->n; i++)
		ready = gt_ready(g->kids[i], f, &framed);
	if (!framed) {
		m->ready = ready;
		m->ready_epoch = lang_globals_epoch + 1;
	}
	return ready;
}

/*
 * Clause i of a conde whose clauses were all ready when it was built
 * (conde_build), run when the search reaches it, in the conde's frame:
 * its leading == goals on the state as soon as their terms are built,
 * so that a clause whose head fails builds nothing else; then its other
 * goals, built (as faster-mk's conde evaluates a clause's goals when it
 * reaches the clause) and run on the state.
 */
static kr_stream *conde_clause(const kr_state *st, int i, void *env)
{
	const capture *c = env;
	const gt *cl = c->g->kids[i];
	size_t n = cl->kind == G_CONJ ? cl->n : 1;
	const gt *const *gs = cl->kind == G_CONJ ? (const gt *const *)cl->kids
						 : &cl;
	size_t j = 0;
	for (; j < n; j++) {
		const gt *g = gs[j];
		if (!is_eq_call(g))
			break;
		kr_term *u = tt_build(&g->args[0], c->env, 1);
		kr_term *v = u ? tt_build(&g->args[1], c->env, 1) : NULL;
		if (!v)
			break;
		if (!(st = kr_clause_eq(st, u, v)))
			return NULL;
	}
	return build_run(st, n - j, gs + j, c->env);
}

static kr_goal *conde_build(const gt *g, lang_frame *f, int eager)
{
	if (conde_ready(g, f))
		return kr_conde_fn((int)g->n, conde_clause, capture_new(g, f));
	kr_goal *small[SMALL];
	kr_goal **cl = g->n <= SMALL ? small : kr_alloc(g->n * sizeof *cl);
	for (size_t i = 0; i < g->n; i++)
		if (!(cl[i] = gt_build(g->kids[i], f, eager ? eager : 1)))
			return kr_goal_new(conde_apply, capture_new(g, f));
	return kr_conde(g->n, cl);
}

/* A closure call built in place: its body, eagerly, in a new frame. */
static kr_goal *expand(const gt *g, kr_term *fn, kr_term *const *args,
		       int eager)
{
	lang_frame *env;
	const lang_node *lam = lang_closure_lambda(fn, &env);
	if (!lam || lam->rest || lam->nvars != g->n || eager >= MAX_EXPAND)
		return NULL;
	lang_frame *f = lang_frame_new(env, lam->nvars);
	if (g->n)
		memcpy(f->slot, args, g->n * sizeof *args);
	return gt_build(gt_of(lam->body), f, eager + 1);
}

/*
 * A call of a relation defined at the prompt whose body only calls (no
 * fresh, conde or lambda), built in place: its body, eagerly, in a frame
 * on the C stack, as kr_rel_call() would build it when applied -- with
 * the one suspension of a multi-goal body. The same goal, one call fewer,
 * so that (conso a d l) is an == in the caller's conjunction, as in C.
 * Relations with a fresh or a conde are called: rel_body builds them.
 */
static kr_goal *inline_call(const capture *c, kr_term *const *args,
			    int eager)
{
	const lang_node *n = c->g->node;
	union {
		lang_frame f;
		char room[sizeof(lang_frame) + SMALL * sizeof(kr_term *)];
	} stack;
	lang_frame *f = &stack.f;
	f->up = c->env;
	f->n = n->nvars;
	if (n->nvars)
		memcpy(f->slot, args, n->nvars * sizeof *args);
	kr_goal *g = conj_build(c->g, f, eager + 1);
	return g && c->g->n > 1 ? kr_suspend(g) : g;
}

/* Any other procedure (full builds only): lang_eval's call. */
static kr_goal *apply_build(const gt *g, kr_term *fn, kr_term *const *args)
{
	kr_term *v;
	if (lang_apply(&v, fn, g->n, args) < 0)
		return lang_fail_here(g->node), NULL;
	kr_goal *goal = lang_term_goal(v);
	if (!goal)
		lang_fail_at(g->node, KR_EINVALID, "not a goal: %s",
			     lang_show_short(v));
	return goal;
}

/* =/=, absento ...: called in eager builds too, deferring at an error. */
static kr_goal *pure_build(const gt *g, kr_term *fn, kr_term *const *args,
			   int eager)
{
	kr_term *v;
	if (!eager)
		return apply_build(g, fn, args);
	if (lang_apply(&v, fn, g->n, args) < 0)
		return NULL;
	return lang_term_goal(v);
}

/* Decode the procedure of a call once per value it has (a name's value). */
static void call_decode(gt *g, kr_term *fn)
{
	const capture *c = lang_term_defrel(fn);
	const kr_rel *r = lang_term_rel(fn);
	g->last = fn;
	g->rel = r && kr_rel_arity(r) == (int)g->n ? r : NULL;
	g->body = g->rel && c && !c->g->captures &&
		  c->g->node->nvars <= SMALL ? c : NULL;
	g->eq = fn == eq_value && g->n == 2;
	g->pure = is_pure(fn);
}

static kr_goal *call_build(const gt *g, lang_frame *f, int eager)
{
	if (!eager && lang_interrupted) /* placed where the form is */
		return kr_error_set(KR_ELIMIT, "%s", lang_stop_message("")),
		       NULL;
	kr_term *fn = g->fglob ? g->fglob->value : NULL;
	if (!fn && !(fn = tt_build(g->fn, f, eager)))
		return NULL;
	kr_term *small[SMALL];
	kr_term **args = g->n <= SMALL ? small : kr_alloc(g->n * sizeof *args);
	if (!tt_build_all(args, g->n, g->args, f, eager))
		return NULL;
	if (fn != g->last)
		call_decode((gt *)g, fn);
	if (g->rel) {
		kr_goal *in = g->body && eager < MAX_EXPAND ?
			      inline_call(g->body, args, eager) : NULL;
		return in ? in : kr_rel_call(g->rel, args);
	}
	if (g->eq)
		return kr_eq(args[0], args[1]);
	if (g->pure)
		return pure_build(g, fn, args, eager);
	kr_goal *goal = expand(g, fn, args, eager);
	if (goal || eager)
		return goal;
	return apply_build(g, fn, args);
}

/* The goal of a template; NULL: error (full) or deferred (eager). */
static kr_goal *gt_build(const gt *g, lang_frame *f, int eager)
{
	switch (g->kind) {
	case G_CALL:
		return call_build(g, f, eager);
	case G_CONJ:
		return conj_build(g, f, eager);
	case G_CONDE:
		return conde_build(g, f, eager);
	case G_FRESH:
		return fresh_goal(g, f);
	case G_EVAL:
		break;
	}
	if (eager)
		return NULL;
	kr_term *v = lang_eval(g->node, f);
	if (!v)
		return NULL;
	kr_goal *goal = lang_term_goal(v);
	if (!goal)
		lang_fail_at(g->node, KR_EINVALID, "not a goal: %s",
			     lang_show_short(v));
	return goal;
}

/* ============================================================== entry */

kr_goal *lang_goal_build(const lang_node *n, lang_frame *f)
{
	return gt_build(gt_of(n), f, 0);
}

kr_goal *lang_goal_conj(const lang_node *n, size_t from, lang_frame *f)
{
	if (from == 0 && (n->kind == N_CONJ || n->kind == N_REL ||
			  n->kind == N_FRESH))
		return conj_build(gt_of(n), f, 0);
	size_t k = n->nkids - from;
	if (k == 1)
		return lang_goal_build(n->kids[from], f);
	kr_goal **gs = kr_alloc(k * sizeof *gs);
	for (size_t i = 0; i < k; i++)
		if (!(gs[i] = lang_goal_build(n->kids[from + i], f)))
			return NULL;
	return kr_conj(k, gs);
}

/* The goals of a fresh over its variables, built when it is forced. */
static kr_stream *fresh_late(const kr_state *st, void *env)
{
	const capture *c = env;
	kr_goal *g = conj_build(c->g, c->env, 0);
	if (!g) {
		lang_search_error();
		return NULL;
	}
	return kr_goal_apply(g, st);
}

/*
 * A body that is one fresh, `(defrel (r x ...) (fresh (v ...) g ...))`,
 * as the C relations write it: the variables made with the call (which
 * applies the body once, in the call's scope) and the goals built at once
 * behind the fresh's suspension -- when they build eagerly, so that
 * nothing that can be seen happens earlier than in faster-mk's fresh;
 * else they are built when the suspension is forced.
 */
static kr_goal *body_fresh(const gt *fr, lang_frame *up)
{
	kr_goal *g = conso_fresh(fr, up);
	if (g)
		return g;
	lang_frame *f = lang_frame_new(up, fr->node->nvars);
	for (size_t i = 0; i < fr->node->nvars; i++)
		f->slot[i] = kr_var_new(NULL);
	g = conj_build(fr, f, 1);
	if (!g)
		g = kr_goal_new(fresh_late, capture_new(fr, f));
	return kr_suspend(g);
}

/* A relation defined at the prompt: its body built at each call. */
static kr_goal *rel_body(kr_term *const *args, void *env)
{
	const capture *c = env;
	const lang_node *n = c->g->node;
	if (lang_interrupted) { /* a relation that calls itself at once */
		kr_error_set(KR_ELIMIT, "%s", lang_stop_message(""));
		lang_search_error();
		return kr_fail();
	}
	if (lang_over_budget(n)) { /* calls count as Scheme calls do */
		lang_search_error();
		return kr_fail();
	}
	lang_frame *f = lang_frame_new(c->env, n->nvars);
	if (n->nvars)
		memcpy(f->slot, args, n->nvars * sizeof *args);
	kr_goal *g = c->g->n == 1 && c->g->kids[0]->kind == G_FRESH ?
		     body_fresh(c->g->kids[0], f) : conj_build(c->g, f, 0);
	if (!g) {
		lang_search_error();
		return kr_fail();
	}
	return g;
}

kr_term *lang_rel_value(const lang_node *n, lang_frame *f)
{
	capture *c = capture_new(gt_of(n), f);
	return lang_defrel_term(kr_rel_new(n->name, (int)n->nvars, rel_body,
					   c), c);
}
