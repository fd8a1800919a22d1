/* assoccomm.c -- kanren.assoccomm: eq_comm, eq_assoc, eq_assoccomm. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <string.h>

#include "rel_internal.h"

/*
 * Written with the public API only, after kanren.assoccomm: each equality
 * is term_walko with a test on the operator (the `commutative` and
 * `associative` fact tables) and a step on the argument list of a node:
 * the permutations of the arguments (without the identity), or their
 * groupings into nested applications of the operator (kanren's
 * assoc_args: for each group size from 2 to n - 1, each window of
 * consecutive arguments, left to right). Like kanren's, these steps read
 * the argument list through the state and enumerate in C.
 */

/* --------------------------------------------------------- argument steps */

/* The argument lists: walked side with its items, and the other side. */
struct rands {
	kr_term **items;
	long n;
	kr_term *like, *other;
};

static bool rands_of(struct rands *r, kr_term *a, kr_term *b,
		     const kr_subst *s)
{
	r->items = kri_rel_elements(a, s, &r->n);
	r->like = kr_walk(a, s);
	r->other = b;
	if (r->n >= 0)
		return true;
	r->items = kri_rel_elements(b, s, &r->n);
	r->like = kr_walk(b, s);
	r->other = a;
	return r->n >= 0;
}

/*
 * kanren's itero: l is a proper list, enumerating lengths 0, 1, ... when
 * it is not one yet (a step on two unknown argument lists needs one).
 */
static kr_goal *itero_body(kr_term *const *a, void *env)
{
	kr_rel *self = *(kr_rel **)env;
	kr_term *x = kr_var_new(NULL), *d = kr_var_new(NULL);
	return KR_CONDE(kr_nullo(a[0]),
			KR_FRESH(kr_conso(x, d, a[0]), KR_CALL(self, d)));
}

kr_goal *kr_itero(kr_term *l)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("itero", 1, itero_body, &rel);
	return KR_CALL(rel, l);
}

static kr_goal *perm_step(kr_term *const *a, void *env);

static kr_stream *perm_step_fn(const kr_state *st, void *env)
{
	kr_term **a = env;
	struct rands r;
	if (!rands_of(&r, a[0], a[1], kr_state_subst(st)))
		return kr_goal_apply(KR_ALL(kr_itero(a[0]), perm_step(a, NULL)),
				     st);
	return kr_goal_apply(kri_rel_perms(r.items, r.n, r.like, r.other, true),
			     st);
}

/* (rands_rel u_rands v_rands op): v_rands is a permutation, not identity. */
static kr_goal *perm_step(kr_term *const *a, void *env)
{
	(void)env;
	kr_term **e = kr_alloc(2 * sizeof *e);
	e[0] = a[0];
	e[1] = a[1];
	return kr_goal_new(perm_step_fn, e);
}

static kr_term *seq_like(kr_term *like, size_t n, kr_term **items)
{
	return kr_term_kind(like) == KR_ETUPLE ? kr_etuple(n, items)
					       : kr_list(n, items);
}

/* The rands with items [i, i + k) grouped into an application of op. */
static kr_term *grouped(const struct rands *r, kr_term *op, long i, long k)
{
	size_t n = (size_t)(r->n - k + 1);
	kr_term **v = kr_alloc(n * sizeof *v);
	kr_term **g = kr_alloc((size_t)(k + 1) * sizeof *g);
	g[0] = op;
	for (long j = 0; j < k; j++)
		g[j + 1] = r->items[i + j];
	size_t m = 0;
	for (long j = 0; j < i; j++)
		v[m++] = r->items[j];
	v[m++] = seq_like(r->like, (size_t)(k + 1), g);
	for (long j = i + k; j < r->n; j++)
		v[m++] = r->items[j];
	return seq_like(r->like, n, v);
}

static void push_item(kr_term ***out, long *n, long *cap, kr_term *x)
{
	if (*n == *cap) {
		kr_term **v = kr_alloc((size_t)(*cap * 2 + 8) * sizeof *v);
		if (*n)
			memcpy(v, *out, (size_t)*n * sizeof *v);
		*out = v;
		*cap = *cap * 2 + 8;
	}
	(*out)[(*n)++] = x;
}

/*
 * Append the items of t to out, splicing applications of op (walked), at
 * any depth. The applications still open wait on an explicit stack of
 * (items, next) frames: op may nest deeper than the C stack goes.
 */
static void flatten_into(kr_term *t, kr_term *op, const kr_subst *s,
			 kr_term ***out, long *n, long *cap)
{
	struct frame {
		kr_term **items;
		long k, i;
	};
	long depth = 0, room = 8;
	struct frame *st = kr_alloc((size_t)room * sizeof *st);
	st[0].items = kri_rel_elements(t, s, &st[0].k);
	st[0].i = 0;
	while (depth >= 0) {
		struct frame *f = &st[depth];
		if (f->i >= f->k) {
			depth--;
			continue;
		}
		kr_term *x = kr_walk(f->items[f->i++], s);
		long m;
		kr_term **sub = kri_rel_elements(x, s, &m);
		if (!(m >= 2 && kr_equal(kr_walk(sub[0], s), op))) {
			push_item(out, n, cap, x);
			continue;
		}
		if (depth + 1 == room) {
			struct frame *more = kr_alloc((size_t)room * 2 *
						      sizeof *more);
			memcpy(more, st, (size_t)room * sizeof *more);
			st = more;
			room *= 2;
		}
		depth++;
		st[depth].items = sub + 1; /* the arguments of the application */
		st[depth].k = m - 1;
		st[depth].i = 0;
	}
}

/*
 * The groupings of the flattened arguments f.items into one window of
 * `size` .. `last` consecutive ones, left to right (but one equal to
 * orig), for kri_rel_eq_each: there are O(n^2) of them, each of size n,
 * so they are made as the search reaches them.
 */
struct groupings {
	struct rands f;   /* the flattened arguments */
	kr_term *op, *orig; /* orig: a grouping to skip, or NULL */
	long size, i;     /* the next window */
	long last;        /* the largest window size */
};

static kr_term *groupings_next(void *it, const kr_subst *s)
{
	struct groupings *g = it;
	for (; g->size <= g->last; g->size++, g->i = 0)
		while (g->i + g->size <= g->f.n) {
			kr_term *t = grouped(&g->f, g->op, g->i++, g->size);
			if (!g->orig || !kr_equal(kr_walk_star(t, s), g->orig))
				return t;
		}
	return NULL;
}

static void *groupings_copy(const void *it)
{
	struct groupings *g = kr_alloc(sizeof *g);
	*g = *(const struct groupings *)it;
	return g;
}

static const kri_rel_enum groupings_enum = {groupings_next, groupings_copy};

/*
 * Both argument lists known: kanren's eq_assoc_args flattens both; equal
 * lengths unify element-wise, else the longer side is grouped (one group
 * of size difference + 1) to match the shorter.
 */
static kr_goal *assoc_both(kr_term *a, kr_term *b, kr_term *op,
			   const kr_subst *s)
{
	kr_term **fa = NULL, **fb = NULL;
	long na = 0, nb = 0, ca = 0, cb = 0;
	flatten_into(a, op, s, &fa, &na, &ca);
	flatten_into(b, op, s, &fb, &nb, &cb);
	kr_term *like = kr_walk(a, s);
	if (na == nb)
		return kr_eq(seq_like(like, (size_t)na, fa),
			     seq_like(like, (size_t)nb, fb));
	struct groupings *g = kr_alloc(sizeof *g);
	g->f = (struct rands){na > nb ? fa : fb, na > nb ? na : nb, like, NULL};
	g->op = op;
	g->orig = NULL;
	g->size = g->last = g->f.n - (na > nb ? nb : na) + 1;
	g->i = 0;
	kr_term *shorter = na > nb ? seq_like(like, (size_t)nb, fb)
				   : seq_like(like, (size_t)na, fa);
	return kri_rel_eq_each(shorter, &groupings_enum, g);
}

static kr_goal *assoc_step(kr_term *const *a, void *env);

/*
 * One side known (kanren's eq_assoc_args with no_ident): its arguments,
 * flattened, regrouped by every window of 2 .. n - 1 consecutive ones
 * (only windows of `size` ones when size > 0: kanren's n), except a
 * regrouping equal to the side itself.
 */
static kr_goal *assoc_one(struct rands *r, kr_term *op, const kr_subst *s,
			  long size)
{
	if (r->n < 2)
		return kr_fail();
	struct groupings *g = kr_alloc(sizeof *g);
	long cap = 0;
	g->f = *r;
	g->f.n = 0;
	g->f.items = NULL;
	flatten_into(r->like, op, s, &g->f.items, &g->f.n, &cap);
	g->op = op;
	g->orig = kr_walk_star(r->like, s);
	g->size = size > 0 ? size : 2;
	g->i = 0;
	g->last = size > 0 ? size : g->f.n - 1;
	return kri_rel_eq_each(r->other, &groupings_enum, g);
}

/* (rands_rel u_rands v_rands op) and the window size (0: every size). */
struct assoc_args {
	kr_term *a[3];
	long size;
};

static kr_goal *assoc_step(kr_term *const *a, void *env);

static kr_stream *assoc_step_fn(const kr_state *st, void *env)
{
	struct assoc_args *e = env;
	kr_term **a = e->a;
	const kr_subst *s = kr_state_subst(st);
	kr_term *op = kr_walk_star(a[2], s);
	long na, nb;
	kri_rel_elements(a[0], s, &na);
	kri_rel_elements(a[1], s, &nb);
	if (na >= 0 && nb >= 0) {
		if (kr_state_unify(st, a[0], a[1]))
			return NULL; /* no_ident */
		return kr_goal_apply(assoc_both(a[0], a[1], op, s), st);
	}
	struct rands r;
	if (!rands_of(&r, a[0], a[1], s))
		return kr_goal_apply(KR_ALL(kr_itero(a[0]),
					    assoc_step(a, &e->size)),
				     st);
	return kr_goal_apply(assoc_one(&r, op, s, e->size), st);
}

/* (rands_rel u_rands v_rands op): v_rands regroups u_rands, not identity;
 * env: NULL or the window size. */
static kr_goal *assoc_step(kr_term *const *a, void *env)
{
	struct assoc_args *e = kr_alloc(sizeof *e);
	e->a[0] = a[0];
	e->a[1] = a[1];
	e->a[2] = a[2];
	e->size = env ? *(long *)env : 0;
	return kr_goal_new(assoc_step_fn, e);
}

static const kr_rel *perm_rel(void)
{
	static kr_rel *r;
	if (!r)
		r = kr_rel_new("permuteo_unique", 3, perm_step, NULL);
	return r;
}

static const kr_rel *assoc_rel(void)
{
	static kr_rel *r;
	if (!r)
		r = kr_rel_new("assoc_args_unique", 3, assoc_step, NULL);
	return r;
}

/* ---------------------------------------------------------------- equalities */

kr_goal *kr_eq_comm(kr_term *u, kr_term *v)
{
	return kr_term_walko(kr_facts_rel(kr_commutative()), perm_rel(), u, v);
}

kr_goal *kr_eq_assoc(kr_term *u, kr_term *v)
{
	return kr_term_walko(kr_facts_rel(kr_associative()), assoc_rel(), u,
			     v);
}

kr_goal *kr_eq_assoc_n(kr_term *u, kr_term *v, long n)
{
	if (n < 2)
		return kr_eq_assoc(u, v);
	long *size = kr_alloc(sizeof *size);
	*size = n;
	return kr_term_walko(kr_facts_rel(kr_associative()),
			     kr_rel_new("assoc_args_unique", 3, assoc_step,
					size),
			     u, v);
}

/* kanren's eq_assoccomm walks every operator: `lambda x: succeed`. */
static kr_goal *any_op(kr_term *const *a, void *env)
{
	(void)a;
	(void)env;
	return kr_succeed();
}

/*
 * kanren's eq_assoccomm step: optionally permute (commutative op), then
 * optionally regroup (associative op).
 */
static kr_goal *ac_step(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *z = kr_var_new(NULL), *op = a[2];
	kr_term *pa[] = {a[0], z, op}, *ga[] = {z, a[1], op};
	kr_goal *comm = kr_facts_goal(kr_commutative(), &op);
	kr_goal *assoc = kr_facts_goal(kr_associative(), &op);
	kr_goal *permute = kri_rel_kany(
		2, (kr_goal *[]){kri_rel_kall(comm, perm_step(pa, NULL)),
				 kr_eq(a[0], z)});
	kr_goal *regroup = kri_rel_kany(
		2, (kr_goal *[]){kri_rel_kall(assoc, assoc_step(ga, NULL)),
				 kr_eq(z, a[1])});
	return kri_rel_kall(permute, regroup);
}

static kr_goal *flatten_body(kr_term *const *a, void *env)
{
	(void)env;
	return kr_assoc_flatten(a[0], a[1]);
}

kr_goal *kr_eq_assoccomm(kr_term *u, kr_term *v)
{
	static kr_rel *pred, *step, *format;
	if (!pred) {
		pred = kr_rel_new("succeed", 1, any_op, NULL);
		step = kr_rel_new("eq_assoccomm_step", 3, ac_step, NULL);
		format = kr_rel_new("assoc_flatten", 2, flatten_body, NULL);
	}
	return kri_term_walko(pred, step, format, false, u, v);
}
