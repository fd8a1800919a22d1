/* arith.c -- TRS2 relational arithmetic on little-endian bit lists. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <string.h>

#include <kanrewrite/relations.h>

/*
 * The relations of The Reasoned Schemer (2nd ed.), chapters 7 and 8, with
 * the clause and goal order of faster-miniKanren's numbers.scm, so that the
 * answers come in the same order. Each relation is a kr_rel whose body is
 * built per call: a body that is one `conde` or one call does not suspend,
 * a `fresh` body (KR_FRESH, kr_fresh_run) suspends once, as faster-mk's
 * defrel and fresh do. Bodies and clauses are clause functions
 * (kr_rel_new_conde, kr_rel_new_fresh, kr_clause_fresh_run): their
 * leading == run directly on the state and the goals after them are
 * built only when those succeed, which is most of what the search saves
 * (a `fresh` clause of *o whose first == fails built six goals before).
 * Numerals are proper lists of the integers 0 and 1, least significant
 * bit first, with no trailing 0 ("build-num").
 */

static kr_term *B0, *B1, *NUM1;

#define NIL kr_nil()
#define V(x) kr_term *x = kr_var_new(NULL)
#define EQ kr_eq
#define CONS kr_cons

enum {
	R_FULL_ADDER, R_ADDER, R_GEN_ADDER, R_MUL, R_ODD_MUL, R_BOUND_MUL,
	R_EQL, R_LTL, R_LEL, R_LT, R_LE, R_DIV, R_SPLIT, R_LOG, R_LOG_TRS2,
	R_EXP2,
	R_REPMUL, R_POS, R_GT1, R_COUNT
};

static kr_rel *rels[R_COUNT];

#define CALL(r, ...) KR_CALL(rels[r], __VA_ARGS__)

/*
 * A `fresh` goal whose n variables are made when it runs, in the scope
 * of the clause (so == binds them in place), with the call's arguments as
 * its env: FRESH(n, fn, a) is KR_FRESH over the goals of the clause
 * function fn (a kr_fresh_run_fn), built only when it runs.
 */
#define FRESH(n, fn, a) kr_fresh_run((n), (fn), (void *)(uintptr_t)(a))
#define ARGS(env) ((kr_term *const *)(env))

/* A leading == of a clause function (kr_conde_fn): fail the clause. */
#define HEAD(u, v)                                          \
	do {                                                \
		if (!(st = kr_clause_eq(st, (u), (v))))     \
			return NULL;                        \
	} while (0)

static void init(void);

/* --------------------------------------------------------- numerals */

kr_term *kr_build_num(uint64_t n)
{
	init();
	kr_term *bits[64];
	size_t k = 0;
	for (; n; n >>= 1)
		bits[k++] = n & 1 ? B1 : B0;
	return kr_list(k, bits);
}

int64_t kr_num_value(const kr_term *t)
{
	int64_t v = 0;
	int shift = 0;
	const kr_term *last = NULL;
	for (; kr_term_kind(t) == KR_CONS; t = kr_cdr(t), shift++) {
		last = kr_car(t);
		if (kr_term_kind(last) != KR_INT || shift > 62)
			return -1;
		int64_t b = kr_int_value(last);
		if (b != 0 && b != 1)
			return -1;
		v |= b << shift;
	}
	if (kr_term_kind(t) != KR_NIL)
		return -1;
	return last && kr_int_value(last) == 0 ? -1 : v;
}

/* ------------------------------------------------------ basic shapes */

/*
 * The clauses' heads of the form (== (a . d) n) over their own fresh
 * variables are kr_clause_conso: on a pair, which is most calls, the
 * parts of the pair are taken and no variable is made. The variables
 * the later goals need are made after the head has succeeded, in the
 * order the `fresh` lists them.
 */
#define CONSO(a, d, l)                                              \
	do {                                                        \
		if (!(st = kr_clause_conso(st, (a), (d), (l))))     \
			return NULL;                                \
	} while (0)

/*
 * (== (a b . c) l) as CONSO does it, for a head over two pairs: unless l
 * is a variable, CONSO on it and then on its tail (an atom fails at once;
 * a variable tail gets b and c: the general unification of a list
 * against a pair was 3% of logo's instructions); for a variable l, new
 * variables for the NULL ones (in the order a, b, c) and one ==, so that
 * l does not get an extra variable for its tail. NULL when that fails.
 */
static const kr_state *conso2(const kr_state *st, kr_term **a, kr_term **b,
			      kr_term **c, kr_term *l)
{
	const kr_subst *s = kr_state_subst(st);
	kr_term *t = kr_walk(l, s);
	if (kr_term_kind(t) != KR_VAR) {
		kr_term *d = NULL;
		st = kr_clause_conso(st, a, &d, t);
		return st ? kr_clause_conso(st, b, c, d) : NULL;
	}
	kr_term **parts[] = {a, b, c};
	for (int i = 0; i < 3; i++)
		if (!*parts[i])
			*parts[i] = kr_var_new(NULL);
	return kr_clause_eq(st, CONS(*a, CONS(*b, *c)), t);
}

/*
 * poso and >1o are one `fresh` over one ==: on a pair (a pair whose tail
 * is a pair) the state is st itself.
 */
static kr_stream *poso_run(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *h = NULL, *d = NULL;
	(void)v;
	CONSO(&h, &d, ARGS(env)[0]);
	return kr_stream_unit(st);
}

static kr_stream *gt1o_run(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *h = NULL, *ad = NULL, *dd = NULL;
	(void)v;
	st = conso2(st, &h, &ad, &dd, ARGS(env)[0]);
	return st ? kr_stream_unit(st) : NULL;
}

/* --------------------------------------------------------- addition */

/*
 * full-addero's clauses, the bits b x y r c of each (bit i of the mask is
 * argument i). A clause is a C goal doing its five == in order (what the
 * conjunction of five == does), so a call builds no == goals.
 */
static const unsigned char fa_bits[8] = {
	0x00, 0x09, 0x0a, 0x13, 0x0c, 0x15, 0x16, 0x1f,
};

static kr_stream *full_adder_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = ARGS(env);
	for (int k = 0; k < 5 && st; k++)
		st = kr_clause_eq(st, (fa_bits[i] >> k) & 1 ? B1 : B0, a[k]);
	return st ? kr_stream_unit(st) : NULL;
}

static kr_stream *adder_c5(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *r = NULL, *c = NULL, *nil = NIL;
	(void)v;
	if (!(st = conso2(st, &r, &c, &nil, a[3])))
		return NULL;
	return KR_THEN(st, CALL(R_FULL_ADDER, a[0], B1, B1, r, c));
}

static kr_stream *adder_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *d = a[0], *n = a[1], *m = a[2], *r = a[3];
	switch (i) {
	case 0: HEAD(B0, d); HEAD(NIL, m); HEAD(n, r); return kr_stream_unit(st);
	case 1: HEAD(B0, d); HEAD(NIL, n); HEAD(m, r);
		return KR_THEN(st, CALL(R_POS, m));
	case 2: HEAD(B1, d); HEAD(NIL, m);
		return KR_THEN(st, CALL(R_ADDER, B0, n, NUM1, r));
	case 3: HEAD(B1, d); HEAD(NIL, n);
		return KR_THEN(st, CALL(R_POS, m),
			       CALL(R_ADDER, B0, NUM1, m, r));
	case 4: HEAD(NUM1, n); HEAD(NUM1, m);
		return kr_clause_fresh_run(st, 0, adder_c5, env);
	case 5: HEAD(NUM1, n);
		return KR_THEN(st, CALL(R_GEN_ADDER, d, n, m, r));
	case 6: HEAD(NUM1, m);
		return KR_THEN(st, CALL(R_GT1, n), CALL(R_GT1, r),
			       CALL(R_ADDER, d, NUM1, n, r));
	default:
		return KR_THEN(st, CALL(R_GT1, n), CALL(R_GEN_ADDER, d, n, m, r));
	}
}

static kr_stream *gen_adder_run(const kr_state *st, kr_term *const *v,
				void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *d = a[0], *n = a[1], *m = a[2], *r = a[3];
	kr_term *ba = NULL, *x = NULL, *bb = NULL, *y = NULL;
	(void)v;
	CONSO(&ba, &x, n);
	CONSO(&bb, &y, m);
	V(bc);
	V(e);
	V(z);
	return KR_THEN(st, CALL(R_POS, y), EQ(CONS(bc, z), r), CALL(R_POS, z),
		       CALL(R_FULL_ADDER, d, ba, bb, bc, e),
		       CALL(R_ADDER, e, x, y, z));
}

kr_goal *kr_zeroo(kr_term *n)
{
	return EQ(NIL, n);
}

kr_goal *kr_poso(kr_term *n)
{
	init();
	return CALL(R_POS, n);
}

kr_goal *kr_gt1o(kr_term *n)
{
	init();
	return CALL(R_GT1, n);
}

kr_goal *kr_pluso(kr_term *n, kr_term *m, kr_term *k)
{
	init();
	return CALL(R_ADDER, B0, n, m, k);
}

kr_goal *kr_minuso(kr_term *n, kr_term *m, kr_term *k)
{
	return kr_pluso(m, k, n);
}

/* --------------------------------------------------- multiplication */

static kr_stream *mul_c5(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *n = a[0], *m = a[1], *p = a[2], *b = B0, *x = NULL;
	(void)v;
	CONSO(&b, &x, n);
	V(z);
	return KR_THEN(st, CALL(R_POS, x), EQ(CONS(B0, z), p), CALL(R_POS, z),
		       CALL(R_GT1, m), CALL(R_MUL, x, m, z));
}

static kr_stream *mul_c6(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *n = a[0], *m = a[1], *p = a[2], *b = B1, *x2 = NULL;
	(void)v;
	CONSO(&b, &x2, n);
	V(y2);
	return KR_THEN(st, CALL(R_POS, x2), EQ(CONS(B0, y2), m),
		       CALL(R_POS, y2), CALL(R_MUL, m, n, p));
}

static kr_stream *mul_c7(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *n = a[0], *m = a[1], *p = a[2], *b = B1, *x3 = NULL;
	(void)v;
	CONSO(&b, &x3, n);
	V(y3);
	return KR_THEN(st, CALL(R_POS, x3), EQ(CONS(B1, y3), m),
		       CALL(R_POS, y3), CALL(R_ODD_MUL, x3, n, m, p));
}

static kr_stream *mul_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *n = a[0], *m = a[1], *p = a[2];
	switch (i) {
	case 0: HEAD(NIL, n); HEAD(NIL, p); return kr_stream_unit(st);
	case 1: return KR_THEN(st, CALL(R_POS, n), EQ(NIL, m), EQ(NIL, p));
	case 2: HEAD(NUM1, n); return KR_THEN(st, CALL(R_POS, m), EQ(m, p));
	case 3: return KR_THEN(st, CALL(R_GT1, n), EQ(NUM1, m), EQ(n, p));
	case 4: return kr_clause_fresh_run(st, 0, mul_c5, env);
	case 5: return kr_clause_fresh_run(st, 0, mul_c6, env);
	default: return kr_clause_fresh_run(st, 0, mul_c7, env);
	}
}

static kr_stream *odd_mul_run(const kr_state *st, kr_term *const *v,
			      void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *x = a[0], *n = a[1], *m = a[2], *p = a[3], *q = v[0];
	return KR_THEN(st, CALL(R_BOUND_MUL, q, p, n, m), CALL(R_MUL, x, m, q),
		       CALL(R_ADDER, B0, CONS(B0, q), m, p));
}

/*
 * The inner conde of bound-*o's second clause; env: n m x y. The fresh
 * variables a2, a3 and z appear only in the heads of these clauses (z
 * also after them), so each clause has its own (CONSO).
 */
static kr_stream *bound_mul_inner(const kr_state *st, int i, void *env)
{
	kr_term *const *e = ARGS(env);
	kr_term *n = e[0], *m = e[1], *x = e[2], *y = e[3], *b = NULL,
		*z = NULL;
	if (i == 0) {
		HEAD(NIL, n);
		CONSO(&b, &z, m);
		return KR_THEN(st, CALL(R_BOUND_MUL, x, y, z, NIL));
	}
	CONSO(&b, &z, n);
	return KR_THEN(st, CALL(R_BOUND_MUL, x, y, z, m));
}

static kr_stream *bound_mul_c2(const kr_state *st, kr_term *const *v,
			       void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *a0 = NULL, *x = NULL, *a1 = NULL, *y = NULL;
	(void)v;
	CONSO(&a0, &x, a[0]);
	CONSO(&a1, &y, a[1]);
	kr_term *e[] = {a[2], a[3], x, y};
	return kr_clause_conde(st, 2, bound_mul_inner, 4, e);
}

static kr_stream *bound_mul_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = ARGS(env);
	if (i == 1)
		return kr_clause_fresh_run(st, 0, bound_mul_c2, env);
	HEAD(NIL, a[0]);
	return KR_THEN(st, CALL(R_POS, a[1]));
}

kr_goal *kr_mulo(kr_term *n, kr_term *m, kr_term *p)
{
	init();
	return CALL(R_MUL, n, m, p);
}

/* ------------------------------------------------------- comparison */

/* =lo and <lo share their shape: only the first two clauses differ. */
static kr_stream *len_rec(const kr_state *st, kr_term *const *v,
			  kr_term *const *a, int rel)
{
	kr_term *n = a[0], *m = a[1], *ha = NULL, *x = NULL;
	(void)v;
	CONSO(&ha, &x, n);
	V(hb);
	V(y);
	return KR_THEN(st, CALL(R_POS, x), EQ(CONS(hb, y), m), CALL(R_POS, y),
		       CALL(rel, x, y));
}

static kr_stream *eql_rec(const kr_state *st, kr_term *const *v, void *env)
{
	return len_rec(st, v, ARGS(env), R_EQL);
}

static kr_stream *ltl_rec(const kr_state *st, kr_term *const *v, void *env)
{
	return len_rec(st, v, ARGS(env), R_LTL);
}

static kr_stream *len_clause(const kr_state *st, int i, kr_term *const *a,
			     bool lt)
{
	kr_term *n = a[0], *m = a[1];
	switch (i) {
	case 0:
		HEAD(NIL, n);
		if (lt)
			return KR_THEN(st, CALL(R_POS, m));
		HEAD(NIL, m);
		return kr_stream_unit(st);
	case 1:
		HEAD(NUM1, n);
		if (lt)
			return KR_THEN(st, CALL(R_GT1, m));
		HEAD(NUM1, m);
		return kr_stream_unit(st);
	default:
		return kr_clause_fresh_run(st, 0, lt ? ltl_rec : eql_rec,
					   (void *)a);
	}
}

static kr_stream *eql_clause(const kr_state *st, int i, void *env)
{
	return len_clause(st, i, ARGS(env), false);
}

static kr_stream *ltl_clause(const kr_state *st, int i, void *env)
{
	return len_clause(st, i, ARGS(env), true);
}

static kr_stream *lel_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = ARGS(env);
	return KR_THEN(st, CALL(i == 0 ? R_EQL : R_LTL, a[0], a[1]));
}

static kr_stream *lt_c2(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *a = ARGS(env);
	return KR_THEN(st, CALL(R_POS, v[0]),
		       CALL(R_ADDER, B0, a[0], v[0], a[1]));
}

static kr_stream *lt_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = ARGS(env);
	if (i == 0)
		return KR_THEN(st, CALL(R_LTL, a[0], a[1]));
	return KR_THEN(st, CALL(R_EQL, a[0], a[1]), FRESH(1, lt_c2, a));
}

static kr_stream *le_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = ARGS(env);
	if (i == 1)
		return KR_THEN(st, CALL(R_LT, a[0], a[1]));
	HEAD(a[0], a[1]);
	return kr_stream_unit(st);
}

kr_goal *kr_lto(kr_term *n, kr_term *m)
{
	init();
	return CALL(R_LT, n, m);
}

kr_goal *kr_leo(kr_term *n, kr_term *m)
{
	init();
	return CALL(R_LE, n, m);
}

/* --------------------------------------------------------- division */

/*
 * The inner conde of /o's last clause; env: n m q r, then its fresh
 * variables nh nl qh ql qlm qlmr rr rh.
 */
static kr_stream *div_inner(const kr_state *st, int i, void *env)
{
	kr_term *const *e = ARGS(env);
	kr_term *m = e[1], *r = e[3], *nh = e[4], *nl = e[5], *qh = e[6],
		*ql = e[7], *qlm = e[8], *qlmr = e[9], *rr = e[10],
		*rh = e[11];
	if (i == 0) {
		HEAD(NIL, nh);
		HEAD(NIL, qh);
		return KR_THEN(st, kr_minuso(nl, r, qlm),
			       CALL(R_MUL, ql, m, qlm));
	}
	return KR_THEN(st, CALL(R_POS, nh), CALL(R_MUL, ql, m, qlm),
		       kr_pluso(qlm, r, qlmr), kr_minuso(qlmr, nl, rr),
		       CALL(R_SPLIT, rr, r, NIL, rh),
		       CALL(R_DIV, nh, m, qh, rh));
}

static kr_stream *div_c3(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term **e = kr_alloc(12 * sizeof *e);
	memcpy(e, a, 4 * sizeof *e);
	memcpy(e + 4, v, 8 * sizeof *e);
	kr_term *n = a[0], *q = a[2], *r = a[3];
	return KR_THEN(st, CALL(R_SPLIT, n, r, e[5], e[4]),
		       CALL(R_SPLIT, q, r, e[7], e[6]),
		       kr_conde_fn(2, div_inner, e));
}

static kr_stream *div_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *n = a[0], *m = a[1], *q = a[2], *r = a[3];
	switch (i) {
	case 0:
		HEAD(r, n);
		HEAD(NIL, q);
		return KR_THEN(st, CALL(R_LT, n, m));
	case 1:
		HEAD(NUM1, q);
		return KR_THEN(st, CALL(R_EQL, n, m), kr_pluso(r, m, n),
			       CALL(R_LT, r, m));
	default:
		return KR_THEN(st, CALL(R_LTL, m, n), CALL(R_LT, r, m),
			       CALL(R_POS, q), FRESH(8, div_c3, a));
	}
}

#define SPLIT_ARGS                                                       \
	kr_term *const *a = ARGS(env);                                   \
	kr_term *n = a[0], *r = a[1], *l = a[2], *h = a[3];              \
	(void)n, (void)r, (void)l, (void)h

/* (fresh (b n^) (== `(0 ,b . ,n^) n) (== '() r) (== `(,b . ,n^) h) ...) */
static kr_stream *split_c2(const kr_state *st, kr_term *const *v, void *env)
{
	SPLIT_ARGS;
	kr_term *b0 = B0, *b = NULL, *nn = NULL;
	(void)v;
	if (!(st = conso2(st, &b0, &b, &nn, n)))
		return NULL;
	HEAD(NIL, r);
	HEAD(CONS(b, nn), h);
	HEAD(NIL, l);
	return kr_stream_unit(st);
}

static kr_stream *split_c3(const kr_state *st, kr_term *const *v, void *env)
{
	SPLIT_ARGS;
	kr_term *b1 = B1, *nn = NULL;
	(void)v;
	CONSO(&b1, &nn, n);
	HEAD(NIL, r);
	HEAD(nn, h);
	HEAD(NUM1, l);
	return kr_stream_unit(st);
}

static kr_stream *split_c4(const kr_state *st, kr_term *const *v, void *env)
{
	SPLIT_ARGS;
	kr_term *b0 = B0, *b = NULL, *nn = NULL, *ra = NULL, *rr = NULL;
	(void)v;
	if (!(st = conso2(st, &b0, &b, &nn, n)))
		return NULL;
	CONSO(&ra, &rr, r);
	HEAD(NIL, l);
	return KR_THEN(st, CALL(R_SPLIT, CONS(b, nn), rr, NIL, h));
}

static kr_stream *split_c5(const kr_state *st, kr_term *const *v, void *env)
{
	SPLIT_ARGS;
	kr_term *b1 = B1, *nn = NULL, *ra = NULL, *rr = NULL;
	(void)v;
	CONSO(&b1, &nn, n);
	CONSO(&ra, &rr, r);
	HEAD(NUM1, l);
	return KR_THEN(st, CALL(R_SPLIT, nn, rr, NIL, h));
}

static kr_stream *split_c6(const kr_state *st, kr_term *const *v, void *env)
{
	SPLIT_ARGS;
	kr_term *b = NULL, *nn = NULL, *ra = NULL, *rr = NULL, *ll = NULL;
	(void)v;
	CONSO(&b, &nn, n);
	CONSO(&ra, &rr, r);
	CONSO(&b, &ll, l);
	return KR_THEN(st, CALL(R_POS, ll), CALL(R_SPLIT, nn, rr, ll, h));
}

static kr_stream *split_clause(const kr_state *st, int i, void *env)
{
	static const kr_fresh_run_fn rec[] = {NULL,     split_c2, split_c3,
					      split_c4, split_c5, split_c6};
	if (i > 0)
		return kr_clause_fresh_run(st, 0, rec[i], env);
	kr_term *const *a = ARGS(env);
	HEAD(NIL, a[0]);
	HEAD(NIL, a[3]);
	HEAD(NIL, a[2]);
	return kr_stream_unit(st);
}

kr_goal *kr_divo(kr_term *n, kr_term *m, kr_term *q, kr_term *r)
{
	init();
	return CALL(R_DIV, n, m, q, r);
}

/* ------------------------------------------------------ logarithm */

static kr_goal *log_base2(kr_term *n, kr_term *q, kr_term *r)
{
	V(ha);
	V(ad);
	V(dd);
	V(s);
	return KR_FRESH(CALL(R_POS, dd), EQ(CONS(ha, CONS(ad, dd)), n),
			CALL(R_EXP2, n, NIL, q),
			KR_FRESH(CALL(R_SPLIT, n, dd, r, s)));
}

/* The last clause of logo: a base of at least 3. */
static kr_goal *log_general(kr_term *n, kr_term *b, kr_term *q, kr_term *r)
{
	kr_term *v[24];
	kr_fresh(24, v);
	kr_term *bw1 = v[4], *bw = v[5], *nw = v[6], *nw1 = v[7],
		*ql1 = v[8], *ql = v[9], *s = v[10], *q1 = v[11],
		*bwq1 = v[12], *bql = v[13], *qh = v[14], *s2 = v[15],
		*qdh = v[16], *qd = v[17], *bqd = v[18], *bq1 = v[19],
		*bq = v[20];
	kr_goal *inner = KR_FRESH(
		CALL(R_REPMUL, b, ql, bql), CALL(R_DIV, nw, bw1, qh, s2),
		kr_pluso(ql, qdh, qh), kr_pluso(ql, qd, q), CALL(R_LE, qd, qdh),
		KR_FRESH(CALL(R_REPMUL, b, qd, bqd), CALL(R_MUL, bql, bqd, bq),
			 CALL(R_MUL, b, bq, bq1), kr_pluso(bq, r, n),
			 CALL(R_LT, n, bq1)));
	return KR_ALL(
		KR_FRESH(KR_CONDE(EQ(KR_LIST(B1, B1), b),
				  EQ(CONS(v[0], CONS(v[1], CONS(v[2], v[3]))),
				     b))),
		CALL(R_LTL, b, n),
		KR_FRESH(CALL(R_EXP2, b, NIL, bw1), kr_pluso(bw1, NUM1, bw),
			 CALL(R_LTL, q, n),
			 KR_FRESH(kr_pluso(q, NUM1, q1),
				  CALL(R_MUL, bw, q1, bwq1),
				  CALL(R_LT, nw1, bwq1)),
			 CALL(R_EXP2, n, NIL, nw1), kr_pluso(nw1, NUM1, nw),
			 CALL(R_DIV, nw, bw, ql1, s), kr_pluso(ql, NUM1, ql1),
			 CALL(R_LEL, ql, q), inner));
}

/*
 * logo's clauses. faster-miniKanren's numbers.scm (6f8faa) starts with
 *   ((== '(1) n) (poso b) (== '() q) (== '() r))
 *   ((== '() q) (<o n b) (pluso r '(1) n))
 * where TRS2's, and its numbers.scm up to a25c702, had the one clause
 *   ((== '() q) (<=o n b) (pluso r '(1) n)),
 * which also takes n = b with q = 0 (2 = 2^0 + 1) and gives n = 1 only
 * for b = 1. env: non-NULL for TRS2's.
 */
static kr_goal *log_body(kr_term *const *a, void *env)
{
	kr_term *n = a[0], *b = a[1], *q = a[2], *r = a[3];
	kr_goal *small = KR_ALL(EQ(NIL, q), CALL(env ? R_LE : R_LT, n, b),
				kr_pluso(r, NUM1, n));
	kr_goal *g[] = {
		KR_ALL(EQ(NUM1, n), CALL(R_POS, b), EQ(NIL, q), EQ(NIL, r)),
		small,
		KR_ALL(EQ(NUM1, q), CALL(R_GT1, b), CALL(R_EQL, n, b),
		       kr_pluso(r, b, n)),
		KR_ALL(EQ(NUM1, b), CALL(R_POS, q), kr_pluso(r, NUM1, n)),
		KR_ALL(EQ(NIL, b), CALL(R_POS, q), EQ(r, n)),
		KR_ALL(EQ(KR_LIST(B0, B1), b), log_base2(n, q, r)),
		log_general(n, b, q, r)};
	size_t skip = env ? 1 : 0; /* TRS2's has no clause for n = 1 */
	return kr_conde(sizeof g / sizeof *g - skip, g + skip);
}

static kr_stream *exp2_c2(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *a = ARGS(env);
	return KR_THEN(st, CALL(R_SPLIT, a[0], a[1], v[0], NUM1));
}

static kr_stream *exp2_c3(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *n = a[0], *b = a[1], *q = a[2], *b0 = B0, *q1 = NULL;
	(void)v;
	CONSO(&b0, &q1, q);
	V(b2);
	return KR_THEN(st, CALL(R_POS, q1), CALL(R_LTL, b, n),
		       kr_appendo(b, CONS(B1, b), b2),
		       CALL(R_EXP2, n, b2, q1));
}

static kr_stream *exp2_c4(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *n = a[0], *b = a[1], *q = a[2], *b1 = B1, *q1 = NULL;
	(void)v;
	CONSO(&b1, &q1, q);
	V(nh);
	V(b2);
	V(s);
	return KR_THEN(st, CALL(R_POS, q1), CALL(R_POS, nh),
		       CALL(R_SPLIT, n, b, s, nh),
		       kr_appendo(b, CONS(B1, b), b2),
		       CALL(R_EXP2, nh, b2, q1));
}

static kr_stream *exp2_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *n = a[0], *q = a[2];
	switch (i) {
	case 0:
		HEAD(NUM1, n);
		HEAD(NIL, q);
		return kr_stream_unit(st);
	case 1:
		return KR_THEN(st, CALL(R_GT1, n), EQ(NUM1, q),
			       FRESH(1, exp2_c2, a));
	case 2: return kr_clause_fresh_run(st, 0, exp2_c3, env);
	default: return kr_clause_fresh_run(st, 0, exp2_c4, env);
	}
}

static kr_stream *repmul_c3(const kr_state *st, kr_term *const *v,
			    void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *n = a[0], *q = a[1], *nq = a[2], *q1 = v[0], *nq1 = v[1];
	return KR_THEN(st, kr_pluso(q1, NUM1, q), CALL(R_REPMUL, n, q1, nq1),
		       CALL(R_MUL, nq1, n, nq));
}

static kr_stream *repmul_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = ARGS(env);
	kr_term *n = a[0], *q = a[1], *nq = a[2];
	switch (i) {
	case 0: return KR_THEN(st, CALL(R_POS, n), EQ(NIL, q), EQ(NUM1, nq));
	case 1:
		HEAD(NUM1, q);
		HEAD(n, nq);
		return kr_stream_unit(st);
	default: return KR_THEN(st, CALL(R_GT1, q), FRESH(2, repmul_c3, a));
	}
}

kr_goal *kr_logo(kr_term *n, kr_term *b, kr_term *q, kr_term *r)
{
	init();
	return CALL(R_LOG, n, b, q, r);
}

kr_goal *kr_logo_trs2(kr_term *n, kr_term *b, kr_term *q, kr_term *r)
{
	init();
	return CALL(R_LOG_TRS2, n, b, q, r);
}

kr_goal *kr_expo(kr_term *b, kr_term *q, kr_term *n)
{
	return kr_logo(n, b, q, NIL);
}

/* ------------------------------------------------------------ setup */

/*
 * Every relation but logo is one conde of clause functions (clauses > 0)
 * or one fresh (its variables in vars), made with kr_rel_new_conde and
 * kr_rel_new_fresh: a call is then one object.
 */
static void init(void)
{
	static const struct {
		const char *name;
		int arity;
		int clauses;
		kr_clause_fn clause;
		size_t vars;
		kr_fresh_run_fn run;
	} defs[R_COUNT] = {
		[R_FULL_ADDER] = {"full-addero", 5, 8, full_adder_clause, 0, 0},
		[R_ADDER] = {"addero", 4, 8, adder_clause, 0, 0},
		[R_GEN_ADDER] = {"gen-addero", 4, 0, 0, 0, gen_adder_run},
		[R_MUL] = {"*o", 3, 7, mul_clause, 0, 0},
		[R_ODD_MUL] = {"odd-*o", 4, 0, 0, 1, odd_mul_run},
		[R_BOUND_MUL] = {"bound-*o", 4, 2, bound_mul_clause, 0, 0},
		[R_EQL] = {"=lo", 2, 3, eql_clause, 0, 0},
		[R_LTL] = {"<lo", 2, 3, ltl_clause, 0, 0},
		[R_LEL] = {"<=lo", 2, 2, lel_clause, 0, 0},
		[R_LT] = {"<o", 2, 2, lt_clause, 0, 0},
		[R_LE] = {"<=o", 2, 2, le_clause, 0, 0},
		[R_DIV] = {"/o", 4, 3, div_clause, 0, 0},
		[R_SPLIT] = {"splito", 4, 6, split_clause, 0, 0},
		[R_EXP2] = {"exp2", 3, 4, exp2_clause, 0, 0},
		[R_REPMUL] = {"repeated-mul", 3, 3, repmul_clause, 0, 0},
		[R_POS] = {"poso", 1, 0, 0, 0, poso_run},
		[R_GT1] = {">1o", 1, 0, 0, 0, gt1o_run},
	};
	if (rels[0])
		return;
	B0 = kr_int(0);
	B1 = kr_int(1);
	NUM1 = KR_LIST(B1);
	for (int i = 0; i < R_COUNT; i++) {
		if (i == R_LOG || i == R_LOG_TRS2)
			rels[i] = kr_rel_new("logo", 4, log_body,
					     i == R_LOG ? NULL : rels);
		else if (defs[i].clause)
			rels[i] = kr_rel_new_conde(defs[i].name, defs[i].arity,
						   defs[i].clauses,
						   defs[i].clause);
		else
			rels[i] = kr_rel_new_fresh(defs[i].name, defs[i].arity,
						   defs[i].vars, defs[i].run);
	}
}
