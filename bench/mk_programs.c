/* mk_programs.c -- programs.ss (the miniKanren benchmarks) in the C API. */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mk_programs.h"

/*
 * Each defrel is a kr_rel whose body is built per call (membero, lefto
 * and nexto run clause functions instead, see membero). faster-mk's defrel
 * with a single goal does not suspend; `fresh` (KR_FRESH) and `conde`
 * suspend once; a multi-goal body (KR_ALL) suspends once in kr_rel_call.
 * Variables are made where faster-mk's `fresh` makes them: a fresh at the
 * top of a body is the body's KR_FRESH (its variables are made when the
 * call is applied); a fresh inside a conde clause is a kr_fresh_call,
 * whose variables are made when the clause runs, so that == can bind them
 * in place (no branch has happened since they were made). The clause
 * bodies get the call's arguments as their environment.
 */

#define V(x) kr_term *x = kr_var_new(NULL)
#define EQ kr_eq
#define CONS kr_cons
#define NIL kr_nil()
#define SYM kr_sym

static kr_rel *rel(kr_rel **slot, const char *name, int arity, kr_rel_fn fn,
		   void *env)
{
	if (!*slot)
		*slot = kr_rel_new(name, arity, fn, env);
	return *slot;
}

/* ------------------------------------------------------------ lists */

static kr_goal *conso(kr_term *a, kr_term *d, kr_term *p)
{
	return EQ(CONS(a, d), p);
}

static kr_goal *heado(kr_term *p, kr_term *a)
{
	V(d);
	return KR_FRESH(EQ(CONS(a, d), p));
}

static kr_rel *appendo_r, *reverso_r, *lefto_r, *nexto_r;

/* A conde clause (fresh (v0 ... vn-1) body) over the call's arguments a. */
static kr_goal *clause(size_t n, kr_fresh_fn body, kr_term *const *a)
{
	return kr_fresh_call(n, body, (void *)a);
}

/* (fresh (h d res) (conso h d l) (conso h res out) (appendo d s res)) */
static kr_goal *appendo_c2(kr_term *const *v, void *env)
{
	kr_term *const *a = env;
	return KR_ALL(conso(v[0], v[1], a[0]), conso(v[0], v[2], a[2]),
		      KR_CALL(appendo_r, v[1], a[1], v[2]));
}

static kr_goal *appendo_body(kr_term *const *a, void *env)
{
	(void)env;
	return KR_CONDE(KR_ALL(EQ(NIL, a[0]), EQ(a[1], a[2])),
			clause(3, appendo_c2, a));
}

static kr_goal *appendo(kr_term *l, kr_term *s, kr_term *out)
{
	return KR_CALL(rel(&appendo_r, "appendo", 3, appendo_body, NULL), l, s,
		       out);
}

/*
 * membero is the relation library's (relations/list.c), the same defrel
 * written with clause functions (kr_rel_new_fresh, kr_clause_conde,
 * kr_clause_eq): the same answers, order and steps as the goal-building
 * style of the other relations here, without building the goals of a
 * body whose leading == fails (measured on zebra: 12-15% less time),
 * and its conso takes the parts of a pair instead of making variables
 * (kr_clause_conso: 20% less); its conde and its recursive call are the
 * streams their goals would give, without the goals (kr_clause_conde,
 * kr_clause_fresh_run: zebra 5% less, membero-intersect 15%). The
 * zebra's lefto and nexto below are written the same way.
 */

/* (mapo rel xs ys) with rel a binary kr_rel, recursion through self. */
struct mapo_env {
	const kr_rel *r;
	kr_rel *self;
};

/* The arguments of a mapo call and its relations. */
struct mapo_call {
	const struct mapo_env *e;
	kr_term *xs, *ys;
};

/* (fresh (x xr y yr) (conso x xr xs) (conso y yr ys) (rel x y) (mapo ...)) */
static kr_goal *mapo_c2(kr_term *const *v, void *env)
{
	const struct mapo_call *c = env;
	return KR_ALL(conso(v[0], v[1], c->xs), conso(v[2], v[3], c->ys),
		      KR_CALL(c->e->r, v[0], v[2]),
		      KR_CALL(c->e->self, v[1], v[3]));
}

static kr_goal *mapo_rec(kr_term *const *a, void *env)
{
	struct mapo_call *c = kr_alloc(sizeof *c);
	c->e = env;
	c->xs = a[0];
	c->ys = a[1];
	return KR_CONDE(KR_ALL(EQ(NIL, a[0]), EQ(NIL, a[1])),
			kr_fresh_call(4, mapo_c2, c));
}

static kr_goal *mapo(const kr_rel *r, kr_term *xs, kr_term *ys)
{
	struct mapo_env *e = kr_alloc(sizeof *e);
	e->r = r;
	e->self = kr_rel_new("mapo", 2, mapo_rec, e);
	return KR_CALL(e->self, xs, ys);
}

/* (fresh (h d rd) (conso h d l) (reverso d rd) (appendo rd (list h) r)) */
static kr_goal *reverso_c2(kr_term *const *v, void *env)
{
	kr_term *const *a = env;
	return KR_ALL(conso(v[0], v[1], a[0]), KR_CALL(reverso_r, v[1], v[2]),
		      appendo(v[2], KR_LIST(v[0]), a[1]));
}

static kr_goal *reverso_body(kr_term *const *a, void *env)
{
	(void)env;
	return KR_CONDE(KR_ALL(EQ(NIL, a[0]), EQ(NIL, a[1])),
			clause(3, reverso_c2, a));
}

static kr_goal *reverso(kr_term *l, kr_term *r)
{
	return KR_CALL(rel(&reverso_r, "reverso", 2, reverso_body, NULL), l,
		       r);
}

/* ------------------------------------------------------------ zebra */

/*
 * (defrel (lefto x y l)
 *   (fresh (h d) (conso h d l)
 *     (conde ((fresh (r) (== h x) (conso y r d))) ((lefto x y d)))))
 */
/*
 * The env of the conde: {h, x, y, d}, so that its last three are the
 * arguments of the recursive call.
 */
enum { L_H, L_X, L_Y, L_D };

static kr_stream *lefto_run(const kr_state *st, kr_term *const *v,
			    void *env);

/* (fresh (r) (== h x) (conso y r d)) */
static kr_stream *lefto_here(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *e = env;
	kr_term *y = e[L_Y], *r = NULL;
	(void)v;
	st = kr_clause_eq(st, e[L_H], e[L_X]);
	st = st ? kr_clause_conso(st, &y, &r, e[L_D]) : NULL;
	return st ? kr_stream_unit(st) : NULL;
}

/* The recursive call is the stream (lefto x y d) gives, without the goal. */
static kr_stream *lefto_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *e = env;
	if (i == 0)
		return kr_clause_fresh_run(st, 0, lefto_here, env);
	return kr_clause_fresh_run(st, 0, lefto_run, (void *)(e + L_X));
}

static kr_stream *lefto_run(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *a = env;
	kr_term *h = NULL, *d = NULL;
	(void)v;
	if (!(st = kr_clause_conso(st, &h, &d, a[2])))
		return NULL;
	kr_term *e[] = {[L_H] = h, [L_X] = a[0], [L_Y] = a[1], [L_D] = d};
	return kr_clause_conde(st, 2, lefto_clause, 4, e);
}

static kr_goal *lefto(kr_term *x, kr_term *y, kr_term *l)
{
	if (!lefto_r)
		lefto_r = kr_rel_new_fresh("lefto", 3, 0, lefto_run);
	return KR_CALL(lefto_r, x, y, l);
}

/* (defrel (nexto x y l) (conde ((lefto x y l)) ((lefto y x l)))) */
static kr_stream *nexto_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = env;
	return KR_THEN(st, i == 0 ? lefto(a[0], a[1], a[2])
				  : lefto(a[1], a[0], a[2]));
}

static kr_goal *nexto(kr_term *x, kr_term *y, kr_term *l)
{
	if (!nexto_r)
		nexto_r = kr_rel_new_conde("nexto", 3, 2, nexto_clause);
	return KR_CALL(nexto_r, x, y, l);
}

/* A house (nationality smoke drink pet colour); NULL parts are fresh. */
static kr_term *house(const char *n, const char *s, const char *d,
		      const char *p, const char *c)
{
	const char *parts[] = {n, s, d, p, c};
	kr_term *t[5];
	for (int i = 0; i < 5; i++)
		t[i] = parts[i] ? SYM(parts[i]) : kr_var_new(NULL);
	return kr_list(5, t);
}

static kr_goal *zebrao_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *hs = a[0];
	V(a1);
	V(a2);
	V(a7);
	V(a8);
	return KR_FRESH(
		EQ(hs, KR_LIST(a1, a2, house(NULL, NULL, "milk", NULL, NULL),
			       a7, a8)),
		heado(hs, house("norwegian", NULL, NULL, NULL, NULL)),
		nexto(house("norwegian", NULL, NULL, NULL, NULL),
		      house(NULL, NULL, NULL, NULL, "blue"), hs),
		lefto(house(NULL, NULL, NULL, NULL, "ivory"),
		      house(NULL, NULL, NULL, NULL, "green"), hs),
		kr_membero(house("englishman", NULL, NULL, NULL, "red"), hs),
		kr_membero(house(NULL, "kools", NULL, NULL, "yellow"), hs),
		kr_membero(house("spaniard", NULL, NULL, "dog", NULL), hs),
		kr_membero(house(NULL, NULL, "coffee", NULL, "green"), hs),
		kr_membero(house("ukrainian", NULL, "tea", NULL, NULL), hs),
		kr_membero(house(NULL, "lucky-strikes", "oj", NULL, NULL), hs),
		kr_membero(house("japanese", "parliaments", NULL, NULL, NULL),
			   hs),
		kr_membero(house(NULL, "oldgolds", NULL, "snails", NULL), hs),
		nexto(house(NULL, NULL, NULL, "horse", NULL),
		      house(NULL, "kools", NULL, NULL, NULL), hs),
		KR_FRESH(nexto(house(NULL, NULL, NULL, "fox", NULL),
			       house(NULL, "chesterfields", NULL, NULL, NULL),
			       hs)));
}

static kr_goal *zebrao(kr_term *hs)
{
	static kr_rel *zebrao_r;
	return KR_CALL(rel(&zebrao_r, "zebrao", 1, zebrao_body, NULL), hs);
}

/* ------------------------------------------------------ term rewriting */

static kr_goal *dot_ofo_body(kr_term *const *a, void *env)
{
	return EQ(a[1], KR_LIST(SYM("dot"), (kr_term *)env, a[0]));
}

static kr_rel *dist_nary_r, *dist_tree_r, *ruleo_r, *stepo_r;

static kr_goal *dist_nary_body(kr_term *const *a, void *env)
{
	(void)env;
	V(m);
	V(xs);
	V(ys);
	kr_rel *each = kr_rel_new("dot-ofo", 2, dot_ofo_body, m);
	return KR_FRESH(EQ(a[0], KR_LIST(SYM("dot"), m, CONS(SYM("add"), xs))),
			EQ(a[1], CONS(SYM("add"), ys)), mapo(each, xs, ys));
}

static kr_goal *dist_naryo(kr_term *t, kr_term *out)
{
	return KR_CALL(rel(&dist_nary_r, "dist-naryo", 2, dist_nary_body,
			   NULL),
		       t, out);
}

/* env of the dist-treeo clauses: (t out m e) */
static kr_goal *dist_tree_c1(kr_term *const *v, void *env)
{
	kr_term *const *c = env;
	return KR_ALL(EQ(c[3], KR_LIST(SYM("x"), v[0])), EQ(c[1], c[0]));
}

static kr_goal *dist_tree_c2(kr_term *const *v, void *env)
{
	kr_term *const *c = env;
	kr_term *dot = SYM("dot");
	return KR_ALL(EQ(c[3], KR_LIST(SYM("add"), v[0], v[1])),
		      EQ(c[1], KR_LIST(SYM("add"), v[2], v[3])),
		      KR_CALL(dist_tree_r, KR_LIST(dot, c[2], v[0]), v[2]),
		      KR_CALL(dist_tree_r, KR_LIST(dot, c[2], v[1]), v[3]));
}

static kr_goal *dist_tree_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term **c = kr_alloc(4 * sizeof *c);
	c[0] = a[0];
	c[1] = a[1];
	c[2] = kr_var_new(NULL);
	c[3] = kr_var_new(NULL);
	return KR_FRESH(EQ(a[0], KR_LIST(SYM("dot"), c[2], c[3])),
			KR_CONDE(kr_fresh_call(1, dist_tree_c1, c),
				 kr_fresh_call(4, dist_tree_c2, c)));
}

static kr_goal *dist_treeo(kr_term *t, kr_term *out)
{
	return KR_CALL(rel(&dist_tree_r, "dist-treeo", 2, dist_tree_body,
			   NULL),
		       t, out);
}

/* The four rules; a is (t u), v the clause's fresh variables. */
static kr_goal *rule_commute(kr_term *const *a, kr_term *const *v,
			     const char *op)
{
	return KR_ALL(EQ(a[0], KR_LIST(SYM(op), v[0], v[1])),
		      EQ(a[1], KR_LIST(SYM(op), v[1], v[0])));
}

static kr_goal *ruleo_c1(kr_term *const *v, void *env)
{
	return rule_commute(env, v, "add");
}

static kr_goal *ruleo_c2(kr_term *const *v, void *env)
{
	return rule_commute(env, v, "dot");
}

static kr_goal *ruleo_c3(kr_term *const *v, void *env)
{
	kr_term *const *a = env;
	kr_term *add = SYM("add"), *dot = SYM("dot");
	return KR_ALL(EQ(a[0], KR_LIST(dot, v[0], KR_LIST(add, v[1], v[2]))),
		      EQ(a[1], KR_LIST(add, KR_LIST(dot, v[0], v[1]),
				       KR_LIST(dot, v[0], v[2]))));
}

static kr_goal *ruleo_c4(kr_term *const *v, void *env)
{
	kr_term *const *a = env;
	kr_term *add = SYM("add");
	return KR_ALL(EQ(a[0], KR_LIST(add, v[0], KR_LIST(add, v[1], v[2]))),
		      EQ(a[1], KR_LIST(add, KR_LIST(add, v[0], v[1]), v[2])));
}

static kr_goal *ruleo_body(kr_term *const *a, void *env)
{
	(void)env;
	return KR_CONDE(clause(2, ruleo_c1, a), clause(2, ruleo_c2, a),
			clause(3, ruleo_c3, a), clause(3, ruleo_c4, a));
}

/* (fresh (op a b a2) (== t (op a b)) (== u (op a2 b)) (stepo a a2)) */
static kr_goal *stepo_c2(kr_term *const *v, void *env)
{
	kr_term *const *a = env;
	return KR_ALL(EQ(a[0], KR_LIST(v[0], v[1], v[2])),
		      EQ(a[1], KR_LIST(v[0], v[3], v[2])),
		      KR_CALL(stepo_r, v[1], v[3]));
}

/* (fresh (op a b b2) (== t (op a b)) (== u (op a b2)) (stepo b b2)) */
static kr_goal *stepo_c3(kr_term *const *v, void *env)
{
	kr_term *const *a = env;
	return KR_ALL(EQ(a[0], KR_LIST(v[0], v[1], v[2])),
		      EQ(a[1], KR_LIST(v[0], v[1], v[3])),
		      KR_CALL(stepo_r, v[2], v[3]));
}

static kr_goal *stepo_body(kr_term *const *a, void *env)
{
	(void)env;
	return KR_CONDE(KR_CALL(ruleo_r, a[0], a[1]), clause(4, stepo_c2, a),
			clause(4, stepo_c3, a));
}

static kr_goal *stepo(kr_term *t, kr_term *u)
{
	rel(&ruleo_r, "ruleo", 2, ruleo_body, NULL);
	return KR_CALL(rel(&stepo_r, "stepo", 2, stepo_body, NULL), t, u);
}

/* ------------------------------------------------------------ builders */

/* (lo lo+1 ... hi) */
static kr_term *range(long lo, long hi)
{
	kr_term *l = NIL;
	for (long i = hi; i >= lo; i--)
		l = CONS(kr_int(i), l);
	return l;
}

static kr_term *leaf(long i) { return KR_LIST(SYM("x"), kr_int(i)); }

static kr_term *a_term(void) { return leaf(0); }

/* (add x1 (add x2 ... xn)), or (add (dot A x1) ...) with `dotted`. */
static kr_term *chain(long n, bool dotted)
{
	kr_term *acc = NULL;
	for (long i = n; i >= 1; i--) {
		kr_term *x = dotted ? KR_LIST(SYM("dot"), a_term(), leaf(i))
				    : leaf(i);
		acc = acc ? KR_LIST(SYM("add"), x, acc) : x;
	}
	return acc;
}

/* The balanced tree of depth d (2^d leaves, so d is at most 30 here). */
static kr_term *balanced(long d, long lo)
{
	if (d < 0 || d > 30) {
		fprintf(stderr, "mk_programs: tree depth %ld is not in 0..30\n",
			d);
		exit(2);
	}
	if (d == 0)
		return leaf(lo);
	long half = 1L << (d - 1);
	return KR_LIST(SYM(d % 2 ? "add" : "dot"), balanced(d - 1, lo),
		       balanced(d - 1, lo + half));
}

/* (add x1 ... xn) or (add (dot A x1) ... (dot A xn)) */
static kr_term *nary(long n, bool dotted)
{
	kr_term *l = NIL;
	for (long i = n; i >= 1; i--)
		l = CONS(dotted ? KR_LIST(SYM("dot"), a_term(), leaf(i))
				: leaf(i),
			 l);
	return CONS(SYM("add"), l);
}

/* ------------------------------------------------------------ queries */

static mk_query query(kr_term *q, kr_goal *g, long n)
{
	mk_query r = {q, g, n};
	return r;
}

static mk_query q_appendo_splits(long n)
{
	V(q);
	V(r);
	return query(KR_LIST(q, r), appendo(q, r, range(1, n)), -1);
}

static mk_query q_appendo_backward(long n)
{
	V(q);
	return query(q, appendo(q, range(n - n / 2 + 1, n), range(1, n)), 1);
}

static mk_query q_appendo_generate(long n)
{
	V(x);
	V(y);
	V(z);
	return query(KR_LIST(x, y, z), appendo(x, y, z), n);
}

static mk_query q_reverso_forward(long n)
{
	V(q);
	return query(q, reverso(range(1, n), q), -1);
}

static mk_query q_reverso_backward(long n)
{
	V(q);
	return query(q, reverso(q, range(1, n)), 1);
}

static mk_query q_membero_all(long n)
{
	V(q);
	return query(q, kr_membero(q, range(1, n)), -1);
}

static mk_query q_membero_intersect(long n)
{
	V(q);
	return query(q,
		     KR_ALL(kr_membero(q, range(1, n)),
			    kr_membero(q, range(n / 2 + 1, 3 * n / 2))),
		     -1);
}

static mk_query q_zebra(long n)
{
	(void)n;
	V(q);
	return query(q, zebrao(q), -1);
}

static mk_query q_mul_forward(long n)
{
	V(q);
	return query(q, kr_mulo(kr_build_num((uint64_t)n),
				kr_build_num((uint64_t)n), q),
		     -1);
}

static mk_query q_factor(long n)
{
	V(p);
	V(q);
	return query(KR_LIST(p, q), kr_mulo(p, q, kr_build_num((uint64_t)n)),
		     -1);
}

static mk_query q_pluso_backward(long n)
{
	V(x);
	V(y);
	return query(KR_LIST(x, y), kr_pluso(x, y, kr_build_num((uint64_t)n)),
		     -1);
}

static mk_query q_divide(long n)
{
	V(q);
	V(r);
	return query(KR_LIST(q, r),
		     kr_divo(kr_build_num((uint64_t)n), kr_build_num(7), q, r),
		     -1);
}

/* programs.ss's logo is numbers.scm's at a25c702, whose answers the
 * anchors record: TRS2's (kr_logo_trs2), not today's (kr_logo). */
static mk_query q_logo(long n)
{
	V(b);
	V(q);
	V(r);
	return query(KR_LIST(b, q, r),
		     kr_logo_trs2(kr_build_num((uint64_t)n), b, q, r), -1);
}

static kr_term *dist_in(long n, bool tree)
{
	return tree ? KR_LIST(SYM("dot"), a_term(), chain(n, false))
		    : KR_LIST(SYM("dot"), a_term(), nary(n, false));
}

static kr_term *dist_out(long n, bool tree)
{
	return tree ? chain(n, true) : nary(n, true);
}

static mk_query q_dist_nary_forward(long n)
{
	V(q);
	return query(q, dist_naryo(dist_in(n, false), q), -1);
}

static mk_query q_dist_nary_backward(long n)
{
	V(q);
	return query(q, dist_naryo(q, dist_out(n, false)), -1);
}

static mk_query q_dist_tree_forward(long n)
{
	V(q);
	return query(q, dist_treeo(dist_in(n, true), q), -1);
}

static mk_query q_dist_tree_backward(long n)
{
	V(q);
	return query(q, dist_treeo(q, dist_out(n, true)), -1);
}

static mk_query q_rewrite_1step(long d)
{
	V(q);
	return query(q, stepo(balanced(d, 1), q), -1);
}

static mk_query q_rewrite_1step_backward(long d)
{
	V(q);
	return query(q, stepo(q, balanced(d, 1)), -1);
}

static mk_query q_rewrite_2step(long d)
{
	V(q);
	V(m);
	return query(q, KR_FRESH(stepo(balanced(d, 1), m), stepo(m, q)), -1);
}

const mk_program mk_programs[] = {
	{"appendo-splits", 3000, 6, 1, false, q_appendo_splits},
	{"appendo-backward", 4000, 6, 25, false, q_appendo_backward},
	{"appendo-generate", 400, 6, 1, false, q_appendo_generate},
	{"reverso-forward", 500, 6, 1, false, q_reverso_forward},
	{"reverso-backward", 100, 6, 1, false, q_reverso_backward},
	{"membero-all", 10000, 6, 1, false, q_membero_all},
	{"membero-intersect", 700, 6, 1, false, q_membero_intersect},
	{"zebra", 1000, 1, 1, true, q_zebra},
	{"mul-forward", 255, 13, 2, false, q_mul_forward},
	{"factor", 840, 24, 1, false, q_factor},
	{"pluso-backward", 16000, 8, 1, false, q_pluso_backward},
	{"divide", 5000, 7, 20, false, q_divide},
	{"logo", 20, 14, 3, false, q_logo},
	{"dist-nary-forward", 2000, 4, 10, false, q_dist_nary_forward},
	{"dist-nary-backward", 2000, 4, 10, false, q_dist_nary_backward},
	{"dist-tree-forward", 2000, 4, 10, false, q_dist_tree_forward},
	{"dist-tree-backward", 2000, 4, 10, false, q_dist_tree_backward},
	{"rewrite-1step", 10, 3, 3, false, q_rewrite_1step},
	{"rewrite-1step-backward", 10, 3, 4, false, q_rewrite_1step_backward},
	{"rewrite-2step", 7, 2, 1, false, q_rewrite_2step},
};

const size_t mk_programs_count = sizeof mk_programs / sizeof mk_programs[0];

const mk_program *mk_program_find(const char *name)
{
	for (size_t i = 0; i < mk_programs_count; i++)
		if (strcmp(mk_programs[i].name, name) == 0)
			return &mk_programs[i];
	return NULL;
}

/* ------------------------------------------------------- run, digest */

size_t mk_run(const mk_query *qr, char ***out)
{
	if (!out) {
		/* the query as faster-mk times it: run returns the list */
		long len = kr_list_length(kr_run(qr->n, qr->q, qr->g));
		return len > 0 ? (size_t)len : 0;
	}
	kr_runner *r = kr_run_start(qr->q, qr->g);
	size_t n = 0, cap = 0;
	char **v = NULL;
	kr_term *t;
	while ((qr->n < 0 || n < (size_t)qr->n) && kr_run_next(&t, r) == 0) {
		if (out) {
			if (n == cap) {
				cap = cap ? cap * 2 : 16;
				char **nv = kr_alloc(cap * sizeof *nv);
				if (n)
					memcpy(nv, v, n * sizeof *nv);
				v = nv;
			}
			v[n] = kr_term_to_string(t);
		}
		n++;
	}
	if (out)
		*out = v;
	return n;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

uint32_t mk_digest(char *const *answers, size_t n)
{
	char **v = kr_alloc((n ? n : 1) * sizeof *v);
	if (n)
		memcpy(v, answers, n * sizeof *v);
	qsort(v, n, sizeof *v, cmp_str);
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++) {
		for (const char *p = v[i]; *p; p++)
			h = (h ^ (uint8_t)*p) * 16777619u;
		h = (h ^ (uint8_t)'\n') * 16777619u;
	}
	return h;
}
