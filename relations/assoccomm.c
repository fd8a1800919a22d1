/* assoccomm.c -- kanren.assoccomm: eq_comm, eq_assoc, eq_assoccomm. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <string.h>

#include <kanrewrite/error.h>

#include "rel_internal.h"

/*
 * Written with the public API only, after kanren.assoccomm: each equality
 * is term_walko with a test on the operator (the `commutative` and
 * `associative` fact tables) and a step on the argument list of a node:
 * the permutations of the arguments (without the identity), or their
 * groupings into nested applications of the operator (kanren's
 * assoc_args: for each group size from 2 to n - 1, each window of
 * consecutive arguments, left to right): kanren's permuteo and
 * eq_assoc_args with no_ident, the public relations of lists.c and
 * below. Like kanren's, they read the argument lists through the state
 * and enumerate in C.
 */

/* --------------------------------------------------------- argument steps */

/* An argument list: its items and a term of its kind (`like`). */
struct rands {
	kr_term **items;
	long n;
	kr_term *like;
};

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

/*
 * (rands_rel u_rands v_rands op): kanren's permuteo_unique, a permutation
 * that is not the identity: permuteo(a, b, no_ident=True,
 * default_ConsNull=etuple).
 */
static kr_goal *perm_step(kr_term *const *a, void *env)
{
	(void)env;
	kr_permuteo_opts o = {NULL, KR_SEQ_ETUPLE, true};
	return kr_permuteo_ex(a[0], a[1], &o);
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

/* A head test of flatten_pred: h walked in s. */
typedef bool (*head_pred)(kr_term *h, const kr_subst *s, void *env);

/*
 * Append the items of t to out, splicing every application (a sequence
 * with at least one argument) whose head passes pred, at any depth. The
 * applications still open wait on an explicit stack of (items, next)
 * frames: they may nest deeper than the C stack goes.
 */
static void flatten_pred(kr_term *t, head_pred pred, void *env,
			 const kr_subst *s, kr_term ***out, long *n, long *cap)
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
		if (!(m >= 2 && pred(kr_walk(sub[0], s), s, env))) {
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

static bool head_is(kr_term *h, const kr_subst *s, void *op)
{
	(void)s;
	return kr_equal(h, op);
}

/* flatten_pred over the applications of op (walked). */
static void flatten_into(kr_term *t, kr_term *op, const kr_subst *s,
			 kr_term ***out, long *n, long *cap)
{
	flatten_pred(t, head_is, op, s, out, n, cap);
}

/*
 * The groupings of the flattened arguments f.items into one window of
 * `size` .. `last` consecutive ones, left to right (but one equal to
 * orig), for kri_rel_eq_each: there are O(n^2) of them, each of size n,
 * so they are made as the search reaches them. With `whole`, a window of
 * all the arguments is the arguments themselves (kanren's assoc_args),
 * not one application of op.
 */
struct groupings {
	struct rands f;   /* the flattened arguments */
	kr_term *op, *orig; /* orig: a grouping to skip, or NULL */
	long size, i;     /* the next window */
	long last;        /* the largest window size */
	bool whole;
};

static kr_term *groupings_next(void *it, const kr_subst *s)
{
	struct groupings *g = it;
	/* no window is larger than the arguments: stopping there also
	 * keeps size + 1 and i + size from overflowing for a huge last */
	for (; g->size <= g->last && g->size <= g->f.n; g->size++, g->i = 0)
		while (g->i + g->size <= g->f.n) {
			kr_term *t = g->whole && g->size == g->f.n
				? (g->i++, seq_like(g->f.like, (size_t)g->f.n,
						    g->f.items))
				: grouped(&g->f, g->op, g->i++, g->size);
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
 * (rands_rel u_rands v_rands op): kanren's assoc_args_unique, a regrouping
 * that is not the identity: eq_assoc_args(op, a, b, no_ident=True,
 * null_type=etuple).
 */
static kr_goal *assoc_step(kr_term *const *a, void *env)
{
	(void)env;
	kr_eq_assoc_args_opts o = KR_EQ_ASSOC_ARGS_OPTS_INIT;
	o.no_ident = true;
	return kr_eq_assoc_args(a[2], a[0], a[1], &o);
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
	return kri_term_walko(kr_facts_rel(kr_commutative()), perm_rel(), NULL,
			      false, KR_SEQ_ETUPLE, u, v);
}

kr_goal *kr_eq_assoc(kr_term *u, kr_term *v)
{
	return kri_term_walko(kr_facts_rel(kr_associative()), assoc_rel(),
			      NULL, false, KR_SEQ_ETUPLE, u, v);
}

kr_goal *kr_eq_assoc_n(kr_term *u, kr_term *v, long n)
{
	(void)n; /* kanren's term_walko drops it before eq_assoc_args */
	return kr_eq_assoc(u, v);
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
	return kri_term_walko(pred, step, format, false, KR_SEQ_ETUPLE, u, v);
}

/* ------------------------------------- kanren's assoc_args, eq_assoc_args */

/* A user's predicate in flatten_pred's form. */
struct user_pred {
	kr_term_pred_fn fn;
	void *env;
};

static bool user_head(kr_term *h, const kr_subst *s, void *env)
{
	(void)s;
	const struct user_pred *p = env;
	return p->fn(h, p->env);
}

int kr_flatten_assoc_args(kr_term **out, kr_term_pred_fn pred, void *env,
			  kr_term *items)
{
	if (!pred)
		kri_rel_misuse(__func__, "the predicate must not be NULL");
	const kr_subst *s = kr_subst_empty();
	long n;
	kri_rel_elements(items, s, &n);
	if (n < 0)
		return kr_error_set(KR_EINVALID, "flatten_assoc_args: not a "
				    "proper list or etuple");
	struct user_pred p = {pred, env};
	kr_term **v = NULL;
	long m = 0, cap = 0;
	flatten_pred(items, user_head, &p, s, &v, &m, &cap);
	*out = kr_list((size_t)m, v);
	return 0;
}

int kr_assoc_args(kr_term **out, kr_term *rator, kr_term *rands, long n)
{
	if (n < 1)
		return kr_error_set(KR_EINVALID, "assoc_args: the group size "
				    "must be positive, not %ld", n);
	struct groupings g = {{NULL, 0, NULL}, rator, NULL, n, 0, n,
			      true};
	g.f.items = kri_rel_elements(rands, kr_subst_empty(), &g.f.n);
	if (g.f.n < 0)
		return kr_error_set(KR_EINVALID, "assoc_args: not a proper "
				    "list or etuple");
	g.f.like = rands;
	kr_term **v = NULL, *t;
	long m = 0, cap = 0;
	while ((t = groupings_next(&g, kr_subst_empty())))
		push_item(&v, &m, &cap, t);
	*out = kr_list((size_t)m, v);
	return 0;
}

static kr_term *empty_of(int kind)
{
	return kind == KR_SEQ_ETUPLE ? kr_etuple(0, NULL) : kr_nil();
}

/*
 * kanren's itero(l, nullo_refs=(ref,), default_ConsNull=dflt) in kanren's
 * order: (conde ((nullo l refs)) ((conso c d l) (itero d))), the empty
 * sequence of the kind of l or ref (which must agree), else dflt; the
 * recursion has no refs, as kanren's.
 */
struct itero_k {
	kr_term *l, *ref;
	kr_seq_kind dflt;
};

static kr_goal *itero_k_new(kr_term *l, kr_term *ref, kr_seq_kind dflt);

static kr_stream *nullo_ref_fn(const kr_state *st, void *env)
{
	const struct itero_k *k = env;
	const kr_subst *s = kr_state_subst(st);
	int kl = kri_rel_seq_kind(k->l, s);
	int kr = k->ref ? kri_rel_seq_kind(k->ref, s) : -1;
	if (kl >= 0 && kr >= 0 && kl != kr)
		return NULL;
	int kind = kl >= 0 ? kl : kr >= 0 ? kr : (int)k->dflt;
	st = kr_state_unify(st, k->l, empty_of(kind));
	return st ? kr_stream_unit(st) : NULL;
}

static kr_stream *itero_k_fn(const kr_state *st, void *env)
{
	const struct itero_k *k = env;
	kr_term *c = kr_var_new(NULL), *d = kr_var_new(NULL);
	kr_goal *step = kri_rel_kall(kr_conso(c, d, k->l),
				     itero_k_new(d, NULL, k->dflt));
	kr_goal *g = kri_rel_kany(2, (kr_goal *[]){
					     kr_goal_new(nullo_ref_fn, env),
					     step});
	return kr_goal_apply(g, st);
}

static kr_goal *itero_k_new(kr_term *l, kr_term *ref, kr_seq_kind dflt)
{
	struct itero_k *k = kr_alloc(sizeof *k);
	k->l = l;
	k->ref = ref;
	k->dflt = dflt;
	return kr_goal_new(itero_k_fn, k);
}

struct eq_assoc_args {
	kr_term *op, *u, *v;
	kr_eq_assoc_args_opts o;
};

/* (inner_eq a b), == without one. */
static kr_goal *inner_goal(const struct eq_assoc_args *e, kr_term *a,
			   kr_term *b)
{
	return e->o.inner_eq ? KR_CALL(e->o.inner_eq, a, b) : kr_eq(a, b);
}

/* The disjunction of (inner_eq other t) over the groupings of g. */
static kr_goal *inner_each(const struct eq_assoc_args *e, kr_term *other,
			   struct groupings *g)
{
	if (e->o.inner_eq)
		return kri_rel_kcall_each(e->o.inner_eq, other, &groupings_enum,
					  g);
	return kri_rel_eq_each(other, &groupings_enum, g);
}

/* A grouping enumerator over items[0..n) of kind `kind`. */
static struct groupings *groupings_new(kr_term **items, long n, int kind,
				       kr_term *op, long size, long last)
{
	struct groupings *g = kr_alloc(sizeof *g);
	g->f = (struct rands){items, n, empty_of(kind)};
	g->op = op;
	g->size = size;
	g->last = last;
	g->whole = true;
	return g;
}

/* Both argument lists known: u (kind ku, nu items) and v. */
static kr_goal *eqaa_both(const struct eq_assoc_args *e, kr_term *u, int ku,
			  kr_term *v, int kv, const kr_state *st)
{
	const kr_subst *s = kr_state_subst(st);
	if (ku != kv || (e->o.no_ident && kr_state_unify(st, u, v)))
		return kr_fail();
	kr_term *op = kr_walk_star(e->op, s);
	kr_term **fu = NULL, **fv = NULL;
	long nu = 0, nv = 0, cu = 0, cv = 0;
	flatten_into(u, op, s, &fu, &nu, &cu);
	flatten_into(v, op, s, &fv, &nv, &cv);
	kr_term *like = empty_of(ku);
	if (nu == nv)
		return inner_goal(e, seq_like(like, (size_t)nu, fu),
				  seq_like(like, (size_t)nv, fv));
	bool ushort = nu < nv;
	long nsm = ushort ? nu : nv, nlg = ushort ? nv : nu;
	long size = nlg - nsm + 1;
	struct groupings *g = groupings_new(ushort ? fv : fu, nlg, ku, op, size,
					    size);
	return inner_each(e, seq_like(like, (size_t)nsm, ushort ? fu : fv), g);
}

/* Only u known (kind ku, nu items): v is related to its groupings. */
static kr_goal *eqaa_one(const struct eq_assoc_args *e, kr_term *u, int ku,
			 long nu, kr_term *v, const kr_subst *s)
{
	long n = e->o.n;
	if (nu == 1)
		return !e->o.no_ident && n <= 1 ? inner_goal(e, u, v)
						: kr_fail();
	kr_term *op = kr_walk_star(e->op, s);
	kr_term **fu = NULL;
	long m = 0, cap = 0;
	flatten_into(u, op, s, &fu, &m, &cap);
	struct groupings *g = groupings_new(fu, m, ku, op, n ? n : 2,
					    n ? n : m - e->o.no_ident);
	g->orig = e->o.no_ident ? kr_walk_star(u, s) : NULL;
	return inner_each(e, v, g);
}

/* kanren's eq_assoc_args_goal, once u is a proper sequence. */
static kr_stream *eqaa_fn(const kr_state *st, void *env)
{
	const struct eq_assoc_args *e = env;
	const kr_subst *s = kr_state_subst(st);
	kr_term *u = kr_walk(e->u, s), *v = kr_walk(e->v, s);
	long nu, nv;
	kri_rel_elements(u, s, &nu);
	kri_rel_elements(v, s, &nv);
	if (nv >= 0) { /* kanren swaps when v is a sequence */
		kr_term *t = u;
		long tn = nu;
		u = v, nu = nv;
		v = t, nv = tn;
	}
	kr_goal *g;
	if (nu >= 0 && nv >= 0)
		g = eqaa_both(e, u, kri_rel_seq_kind(u, s), v,
			      kri_rel_seq_kind(v, s), st);
	else if (nu >= 0)
		g = eqaa_one(e, u, kri_rel_seq_kind(u, s), nu, v, s);
	else
		return NULL;
	return kr_goal_apply(g, st);
}

/* itero of u (kanren's, or nothing to do when u is a proper sequence). */
static kr_stream *eqaa_itero_fn(const kr_state *st, void *env)
{
	const struct eq_assoc_args *e = env;
	const kr_subst *s = kr_state_subst(st);
	long nu;
	kri_rel_elements(e->u, s, &nu);
	kr_goal *rest = kr_goal_new(eqaa_fn, env);
	if (nu < 0)
		return kr_goal_apply(kri_rel_kall(itero_k_new(e->u, e->v,
							      e->o.null_type),
						  rest),
				     st);
	/* itero gives the state itself, unless nullo's kinds disagree */
	int ku = kri_rel_seq_kind(e->u, s), kv = kri_rel_seq_kind(e->v, s);
	if (nu == 0 && kv >= 0 && kv != ku)
		return NULL;
	return kr_goal_apply(rest, st);
}

kr_goal *kr_eq_assoc_args(kr_term *op, kr_term *a_args, kr_term *b_args,
			  const kr_eq_assoc_args_opts *opts)
{
	static const kr_eq_assoc_args_opts dflt = KR_EQ_ASSOC_ARGS_OPTS_INIT;
	if (!opts)
		opts = &dflt;
	if (opts->n < 0)
		kri_rel_misuse(__func__, "n must be 0 (None) or positive");
	if (opts->inner_eq && kr_rel_arity(opts->inner_eq) != 2)
		kri_rel_misuse(__func__, "inner_eq must have arity 2");
	struct eq_assoc_args *e = kr_alloc(sizeof *e);
	e->op = op;
	e->u = kr_var_new(NULL);
	e->v = kr_var_new(NULL);
	e->o = *opts;
	return kri_rel_kall(kr_ground_order(KR_LIST(a_args, b_args),
					    KR_LIST(e->u, e->v)),
			    kr_goal_new(eqaa_itero_fn, e));
}
