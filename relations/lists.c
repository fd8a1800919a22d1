/* lists.c -- caro cdro pairo, kanren's list goals, rembero, permuteo. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <string.h>

#include "rel_internal.h"

/*
 * Written with the public API only. rembero is kanren's (three clauses,
 * with =/=); permuteo walks its arguments and, like kanren, enumerates the
 * permutations of whichever side is a proper list in C (lexicographic
 * order of the element positions), so it terminates in every mode where
 * one side is a proper list; with neither, it enumerates a's lengths as
 * kanren's itero does, each length's permutations before the next.
 */

kr_goal *kr_caro(kr_term *l, kr_term *a) { return kr_heado(a, l); }

kr_goal *kr_cdro(kr_term *l, kr_term *d) { return kr_tailo(d, l); }

kr_goal *kr_pairo(kr_term *p)
{
	return kr_eq(kr_cons(kr_var_new(NULL), kr_var_new(NULL)), p);
}

/* ----------------------------------------------- kanren's eq_length, applyo */

static kr_goal *succeed_body(kr_term *const *args, void *env)
{
	(void)args, (void)env;
	return kr_succeed();
}

kr_goal *kr_eq_length_kind(kr_term *u, kr_term *v, kr_seq_kind dflt)
{
	static kr_rel *any; /* kanren's vararg_success */
	if (!any)
		any = kr_rel_new("vararg_success", 2, succeed_body, NULL);
	return kri_rel_mapo_kind(any, u, v, dflt);
}

kr_goal *kr_eq_length(kr_term *u, kr_term *v)
{
	return kr_eq_length_kind(u, v, KR_SEQ_LIST);
}

/* (conso rator rands obj) once rands is known to be a sequence or fresh. */
static kr_stream *applyo_fn(const kr_state *st, void *env)
{
	kr_term *const *a = env;
	kr_term *rands = kr_walk(a[1], kr_state_subst(st));
	if (!kr_is_var(rands) && !kr_is_null(rands) && !kr_is_pair(rands))
		return NULL;
	const kr_subst *s = kr_state_subst(st);
	kr_term *rator = kr_walk(a[0], s);
	if (kr_is_callable(rator) && kr_is_var(kr_walk(a[2], s))) {
		kr_term *args = kr_walk_star(rands, s);
		kr_term *et = kr_is_ground(args) ? kr_as_etuple(args) : NULL;
		if (!et)
			goto relate;
		kr_term *res;
		int rc;
		if (kr_term_kind(args) == KR_ETUPLE) {
			/* etuples' apply: (rator,) + rands evaluated, which is
			 * the parent etuple, value cached, when rands is its
			 * tail and rator its head */
			rc = kr_etuple_eval(&res, kr_cons(rator, args));
		} else { /* rator(*rands) */
			size_t n = kr_etuple_len(et);
			kr_term **v = kr_alloc((n ? n : 1) * sizeof *v);
			for (size_t i = 0; i < n; i++)
				v[i] = kr_etuple_ref(et, i);
			rc = kr_term_call(&res, rator, n, v);
		}
		if (rc < 0)
			return NULL; /* the call's error stays set */
		st = kr_state_unify(st, res, a[2]);
		return st ? kr_stream_unit(st) : NULL;
	}
relate:
	st = kr_state_unify(st, kr_cons(a[0], rands), a[2]);
	return st ? kr_stream_unit(st) : NULL;
}

kr_goal *kr_applyo(kr_term *rator, kr_term *rands, kr_term *obj)
{
	kr_term **a = kr_alloc(3 * sizeof *a);
	a[0] = rator;
	a[1] = rands;
	a[2] = obj;
	return kr_goal_new(applyo_fn, a);
}

/* ----------------------------------------------------------- ground_order */

/* kanren's ground_order_key of a walked term. */
static int ground_key(kr_term *t)
{
	if (kr_is_var(t))
		return 2;
	if (kr_is_ground(t))
		return -1;
	return kr_term_kind(t) == KR_CONS && kr_list_length(t) < 0 ? 1 : 0;
}

static kr_stream *ground_order_fn(const kr_state *st, void *env)
{
	kr_term *const *a = env;
	const kr_subst *s = kr_state_subst(st);
	long n;
	kr_term **items = kri_rel_elements(a[0], s, &n);
	if (n < 0)
		return NULL;
	kr_term **sorted = kr_alloc((size_t)(n ? n : 1) * sizeof *sorted);
	int *key = kr_alloc((size_t)(n ? n : 1) * sizeof *key);
	for (long i = 0; i < n; i++) {
		items[i] = kr_walk_star(items[i], s);
		key[i] = ground_key(items[i]);
	}
	long m = 0; /* a stable sort on four keys: one pass per key */
	for (int k = -1; k <= 2; k++)
		for (long i = 0; i < n; i++)
			if (key[i] == k)
				sorted[m++] = items[i];
	st = kr_state_unify(st, a[1], kr_list((size_t)n, sorted));
	return st ? kr_stream_unit(st) : NULL;
}

/* A goal of fn over the two terms (in out), as the ground_order goals. */
static kr_goal *in_out_goal(kr_goal_fn fn, kr_term *in, kr_term *out)
{
	kr_term **a = kr_alloc(2 * sizeof *a);
	a[0] = in;
	a[1] = out;
	return kr_goal_new(fn, a);
}

kr_goal *kr_ground_order(kr_term *in, kr_term *out)
{
	return in_out_goal(ground_order_fn, in, out);
}

/*
 * kanren's shallow_ground_order_key of a walked term: 10 for a variable;
 * for a pair, 1 when its car is a variable, plus, for a proper list, 1
 * when its single other element is one, or the share of variables among
 * its other elements, and, for an improper pair, 2 when its cdr is a
 * variable; 0 for anything else.
 */
static double shallow_key(kr_term *t)
{
	if (kr_is_var(t))
		return 10;
	if (kr_term_kind(t) != KR_CONS)
		return 0;
	double val = kr_is_var(kr_car(t)) ? 1 : 0;
	kr_term *d = kr_cdr(t);
	long n = kr_list_length(d);
	if (n < 0)
		return val + (kr_is_var(d) ? 2 : 0);
	double vars = 0;
	for (kr_term *p = d; kr_is_pair(p); p = kr_cdr(p))
		vars += kr_is_var(kr_car(p)) ? 1 : 0;
	return n ? val + vars / (double)n : val;
}

static kr_stream *ground_order_seqs_fn(const kr_state *st, void *env)
{
	kr_term *const *a = env;
	const kr_subst *s = kr_state_subst(st);
	kr_term *in = kr_walk_star(a[0], s);
	long nseq = kr_list_length(in), len = -1;
	kr_term ***seqs = kr_alloc((size_t)(nseq > 0 ? nseq : 1) *
				   sizeof *seqs);
	for (long i = 0; i < nseq; i++, in = kr_cdr(in)) {
		long n;
		seqs[i] = kri_rel_elements(kr_car(in), s, &n);
		len = i == 0 || n == len ? n : -1;
		if (len < 0)
			break;
	}
	if (nseq <= 0 || len <= 0) { /* not sequences of one length > 0 */
		st = kr_state_unify(st, a[1], a[0]);
		return st ? kr_stream_unit(st) : NULL;
	}
	/* the columns, stably sorted by the key of the column as a list */
	long *order = kr_alloc((size_t)len * sizeof *order);
	double *key = kr_alloc((size_t)len * sizeof *key);
	for (long j = 0; j < len; j++) {
		kr_term **col = kr_alloc((size_t)nseq * sizeof *col);
		for (long i = 0; i < nseq; i++)
			col[i] = seqs[i][j];
		key[j] = shallow_key(kr_list((size_t)nseq, col));
		long k = j;
		while (k > 0 && key[order[k - 1]] > key[j]) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = j;
	}
	kr_term **outs = kr_alloc((size_t)nseq * sizeof *outs);
	for (long i = 0; i < nseq; i++) {
		kr_term **row = kr_alloc((size_t)len * sizeof *row);
		for (long j = 0; j < len; j++)
			row[j] = seqs[i][order[j]];
		outs[i] = kr_list((size_t)len, row);
	}
	st = kr_state_unify(st, a[1], kr_list((size_t)nseq, outs));
	return st ? kr_stream_unit(st) : NULL;
}

kr_goal *kr_ground_order_seqs(kr_term *in, kr_term *out)
{
	return in_out_goal(ground_order_seqs_fn, in, out);
}

/* ------------------------------------------------------------------ rembero */

/*
 * (defrel (rembero x l out)
 *   (conde ((nullo l out))
 *          ((fresh (a d) (conso a d l) (== x a) (== d out)))
 *          ((fresh (a d res) (conso a d l) (=/= x a) (conso a res out)
 *             (rembero x d res)))))
 */
static kr_goal *rembero_body(kr_term *const *args, void *env)
{
	kr_rel *self = *(kr_rel **)env;
	kr_term *x = args[0], *l = args[1], *out = args[2];
	kr_term *v[5];
	kr_fresh(5, v);
	return KR_CONDE(kr_nullo_n(2, (kr_term *[]){l, out}),
			KR_FRESH(kr_conso(v[0], v[1], l), kr_eq(x, v[0]),
				 kr_eq(v[1], out)),
			KR_FRESH(kr_conso(v[2], v[3], l), kr_neq(x, v[2]),
				 kr_conso(v[2], v[4], out),
				 KR_CALL(self, x, v[3], v[4])));
}

kr_goal *kr_rembero(kr_term *x, kr_term *l, kr_term *out)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("rembero", 3, rembero_body, &rel);
	return KR_CALL(rel, x, l, out);
}

/* ----------------------------------------------------------------- permuteo */

/* True when the proper sequence t (walked in s) ends in an etuple. */
static bool ends_in_etuple(kr_term *t, const kr_subst *s)
{
	return kri_rel_seq_kind(t, s) == KR_SEQ_ETUPLE;
}

kr_term **kri_rel_elements(kr_term *t, const kr_subst *s, long *n)
{
	t = kr_walk(t, s);
	long len = 0;
	kr_term *p = t;
	while (kr_term_kind(p) == KR_CONS) {
		len++;
		p = kr_walk(kr_cdr(p), s);
	}
	if (kr_term_kind(p) == KR_ETUPLE)
		len += (long)kr_etuple_len(p);
	else if (kr_term_kind(p) != KR_NIL) {
		*n = -1;
		return NULL;
	}
	kr_term **v = kr_alloc((size_t)(len ? len : 1) * sizeof *v);
	long i = 0;
	for (p = t; kr_term_kind(p) == KR_CONS; p = kr_walk(kr_cdr(p), s))
		v[i++] = kr_car(p);
	for (size_t j = 0; kr_term_kind(p) == KR_ETUPLE && j < kr_etuple_len(p);
	     j++)
		v[i++] = kr_etuple_ref(p, j);
	*n = len;
	return v;
}

/* Next permutation of idx[0..n-1] in lexicographic order; false at the end. */
static bool next_perm(size_t *idx, size_t n)
{
	if (n < 2)
		return false;
	size_t i = n - 1;
	while (i > 0 && idx[i - 1] >= idx[i])
		i--;
	if (i == 0)
		return false;
	size_t j = n - 1;
	while (idx[j] <= idx[i - 1])
		j--;
	size_t t = idx[i - 1];
	idx[i - 1] = idx[j];
	idx[j] = t;
	for (size_t a = i, b = n - 1; a < b; a++, b--) {
		t = idx[a];
		idx[a] = idx[b];
		idx[b] = t;
	}
	return true;
}

/*
 * kri_rel_eq_each's goal: the next term of its own copy of `it`, related
 * to other by rel (NULL: ==).
 */
struct eq_each {
	const kr_rel *rel;
	kr_term *other;
	const kri_rel_enum *e;
	void *it;
};

static kr_stream *eq_each_fn(const kr_state *st, void *env)
{
	const struct eq_each *c = env;
	struct eq_each *rest = kr_alloc(sizeof *rest);
	*rest = *c;
	rest->it = c->e->copy(c->it);
	kr_term *t = c->e->next(rest->it, kr_state_subst(st));
	if (!t)
		return NULL;
	kr_goal *here = c->rel ? KR_CALL(c->rel, c->other, t)
			       : kr_eq(c->other, t);
	return kr_goal_apply(kr_disj(2, (kr_goal *[]){
						here,
						kr_goal_new(eq_each_fn, rest)}),
			     st);
}

kr_goal *kri_rel_call_each(const kr_rel *rel, kr_term *other,
			   const kri_rel_enum *e, void *it)
{
	struct eq_each *c = kr_alloc(sizeof *c);
	c->rel = rel;
	c->other = other;
	c->e = e;
	c->it = it;
	return kr_goal_new(eq_each_fn, c);
}

kr_goal *kri_rel_eq_each(kr_term *other, const kri_rel_enum *e, void *it)
{
	return kri_rel_call_each(NULL, other, e, it);
}

/* The permutations of items, in lexicographic order of the positions. */
struct perms {
	kr_term **items;
	long n;
	bool et, started;
	size_t *idx; /* the last permutation given (the identity at first) */
};

static kr_term *perms_next(void *it, const kr_subst *s)
{
	(void)s;
	struct perms *p = it;
	if (p->started && !next_perm(p->idx, (size_t)p->n))
		return NULL;
	p->started = true;
	kr_term **perm = kr_alloc((size_t)(p->n ? p->n : 1) * sizeof *perm);
	for (long i = 0; i < p->n; i++)
		perm[i] = p->items[p->idx[i]];
	return p->et ? kr_etuple((size_t)p->n, perm)
		     : kr_list((size_t)p->n, perm);
}

static void *perms_copy(const void *it)
{
	const struct perms *p = it;
	struct perms *q = kr_alloc(sizeof *q);
	size_t bytes = (size_t)(p->n ? p->n : 1) * sizeof *p->idx;
	*q = *p;
	q->idx = kr_alloc_atomic(bytes);
	memcpy(q->idx, p->idx, bytes);
	return q;
}

/* The permutations of items[0..n), of like's kind, from the identity. */
static struct perms *perms_new(kr_term **items, long n, kr_term *like,
			       bool no_ident)
{
	struct perms *p = kr_alloc(sizeof *p);
	p->items = items;
	p->n = n;
	kr_term *end = like; /* walked in full: pairs onto an etuple */
	while (kr_term_kind(end) == KR_CONS)
		end = kr_cdr(end);
	p->et = kr_term_kind(end) == KR_ETUPLE;
	p->started = no_ident; /* the first step then skips the identity */
	p->idx = kr_alloc_atomic((size_t)(n ? n : 1) * sizeof *p->idx);
	for (long i = 0; i < n; i++)
		p->idx[i] = (size_t)i;
	return p;
}

kr_goal *kri_rel_perms(kr_term **items, long n, kr_term *like, kr_term *other,
		       bool no_ident, const kr_rel *inner)
{
	static const kri_rel_enum perms_enum = {perms_next, perms_copy};
	struct perms *p = perms_new(items, n, like, no_ident);
	if (inner)
		return kri_rel_kcall_each(inner, other, &perms_enum, p);
	return kri_rel_eq_each(other, &perms_enum, p);
}

struct perm_env {
	kr_term *a, *b;
	kr_permuteo_opts o;
};

static kr_goal *permuteo_new(kr_term *a, kr_term *b,
			     const kr_permuteo_opts *o);

/*
 * Keep in v[0..*n) the elements that `del` does not mark, grouped as
 * Python's Counter.elements() lists them: each distinct element (by
 * kr_equal) at its first place, followed by its repeats.
 */
static void keep_grouped(kr_term **v, long *n, const bool *del)
{
	long k = 0;
	kr_term **out = kr_alloc((size_t)(*n ? *n : 1) * sizeof *out);
	bool *used = kr_alloc_atomic((size_t)(*n ? *n : 1));
	memset(used, 0, (size_t)(*n ? *n : 1));
	for (long i = 0; i < *n; i++) {
		if (del[i] || used[i])
			continue;
		for (long j = i; j < *n; j++)
			if (!del[j] && !used[j] && kr_equal(v[j], v[i])) {
				used[j] = true;
				out[k++] = v[j];
			}
	}
	memcpy(v, out, (size_t)k * sizeof *v);
	*n = k;
}

/* Push t on the stack of hashable(). */
static void push_term(kr_term ***stack, size_t *len, size_t *cap, kr_term *t)
{
	if (*len == *cap) {
		kr_term **more = kr_alloc(2 * *cap * sizeof *more);
		memcpy(more, *stack, *cap * sizeof *more);
		*stack = more;
		*cap *= 2;
	}
	(*stack)[(*len)++] = t;
}

/*
 * Python can hash an element (kanren's Counter needs it): not a list,
 * whose analogue here is a proper list of pairs, nor a tuple (an etuple)
 * or an improper pair (a ConsPair) holding one. t is walked in full.
 */
static bool hashable(kr_term *t)
{
	/* an explicit stack: terms may nest deeper than the C stack goes */
	size_t len = 0, cap = 16;
	kr_term **stack = kr_alloc(cap * sizeof *stack);
	stack[len++] = t;
	while (len > 0) {
		t = stack[--len];
		if (kr_term_kind(t) == KR_ETUPLE) {
			for (size_t i = 0; i < kr_etuple_len(t); i++)
				push_term(&stack, &len, &cap,
					  kr_etuple_ref(t, i));
			continue;
		}
		if (kr_term_kind(t) != KR_CONS)
			continue;
		kr_term *end = t;
		while (kr_term_kind(end) == KR_CONS)
			end = kr_cdr(end);
		if (kr_term_kind(end) == KR_NIL)
			return false;
		for (; kr_term_kind(t) == KR_CONS; t = kr_cdr(t))
			push_term(&stack, &len, &cap, kr_car(t));
		push_term(&stack, &len, &cap, end);
	}
	return true;
}

/*
 * The number of distinct elements (kr_equal) of v[0..n) not in del (NULL:
 * none deleted).
 */
static long distinct(kr_term *const *v, long n, const bool *del)
{
	long k = 0;
	for (long i = 0; i < n; i++) {
		if (del && del[i])
			continue;
		long j = 0;
		while (j < i && ((del && del[j]) || !kr_equal(v[j], v[i])))
			j++;
		k += j == i;
	}
	return k;
}

/*
 * kanren's permuteo on two sequences of the same length, before it tries
 * permutations. When every element is hashable, elements equal on both
 * sides cancel out as in its Counter difference (kr_equal on the walked
 * terms): everything cancelled is one answer; otherwise, when some
 * distinct element cancelled completely, the rest of a is left in
 * a[0..*n) and, as a sequence of b's kind, in *rest. When some element is
 * not hashable, nothing cancels, but two ground sequences are compared
 * at once (one answer or none) unless `inner` (kanren compares them so
 * only with eq). Returns 1 for exactly one answer, -1 for none, 0 to go
 * on with the permutations of a[0..*n) against *rest.
 * Cost: O(n^2) kr_equal tests.
 */
static int cancel_common(kr_term **a, long *n, kr_term **b, long *m,
			 const kr_subst *s, kr_term **rest, bool inner)
{
	bool *da = kr_alloc_atomic((size_t)(*n ? *n : 1));
	bool *db = kr_alloc_atomic((size_t)(*m ? *m : 1));
	memset(da, 0, (size_t)(*n ? *n : 1));
	memset(db, 0, (size_t)(*m ? *m : 1));
	long gone = 0;
	bool hash = true, ground = true;
	for (long i = 0; i < *n; i++) {
		a[i] = kr_walk_star(a[i], s);
		hash = hash && hashable(a[i]);
		ground = ground && kr_is_ground(a[i]);
	}
	for (long j = 0; j < *m; j++) {
		b[j] = kr_walk_star(b[j], s);
		hash = hash && hashable(b[j]);
		ground = ground && kr_is_ground(b[j]);
	}
	for (long i = 0; i < *n; i++)
		for (long j = 0; j < *m; j++)
			if (!db[j] && kr_equal(a[i], b[j])) {
				da[i] = db[j] = true;
				gone++;
				break;
			}
	if (!hash)
		return ground && !inner ? (gone == *n ? 1 : -1) : 0;
	if (gone == *n)
		return 1;
	if (gone == 0 || distinct(a, *n, da) == distinct(a, *n, NULL))
		return 0;
	keep_grouped(a, n, da);
	keep_grouped(b, m, db);
	*rest = ends_in_etuple(*rest, s) ? kr_etuple((size_t)*m, b)
				       : kr_list((size_t)*m, b);
	return 0;
}

/*
 * kanren's permuteo with neither side a proper sequence: its itero of a,
 * whose open tail takes 0, 1, 2, ... fresh elements (an empty a makes b
 * empty too, itero's nullo_refs), and for each length every permutation
 * of a's elements unified with b, in the order of kri_rel_perms(), all of
 * them before the next length. Each answer, and each new length, is a
 * step of the search (a suspension), so no length is tried without
 * bound. With an inner_eq, a length's answers come as kri_rel_perms()
 * gives them (kanren's lany), all before the next length's
 * (kri_rel_kthen).
 */
struct by_length {
	const struct perm_env *e;
	const kr_state *st;  /* the goal's state */
	kr_term *tail;       /* a's open tail there: a fresh variable */
	bool a_null;         /* a is that variable: length 0 empties b */
	size_t k;            /* elements the tail takes at this length */
	const kr_state *stk; /* st with the tail so bound */
	struct perms *perms; /* a's elements there, and the last given */
};

static kr_stream *by_length_next(void *env);

/* The null of kind k. */
static kr_term *null_of(kr_seq_kind k)
{
	return k == KR_SEQ_ETUPLE ? kr_etuple(0, NULL) : kr_nil();
}

/* t, walked in st, made empty: its state, or NULL when it cannot be. */
static const kr_state *make_null(const kr_state *st, kr_term *t,
				 kr_seq_kind kind)
{
	t = kr_walk(t, kr_state_subst(st));
	if (kr_is_var(t))
		return kr_state_unify(st, t, null_of(kind));
	bool empty = kr_term_kind(t) == KR_NIL ||
		     (kr_term_kind(t) == KR_ETUPLE && kr_etuple_len(t) == 0);
	return empty ? st : NULL;
}

/* The enumeration at the length after c's, not entered yet. */
static struct by_length *next_length(const struct by_length *c)
{
	struct by_length *next = kr_alloc(sizeof *next);
	*next = *c;
	next->k = c->k + 1;
	next->stk = NULL;
	return next;
}

/* The stream of the lengths after c's, from the next one (a step). */
static kr_stream *by_length_after(const struct by_length *c)
{
	return kr_stream_suspend(by_length_next, next_length(c));
}

/* The answers of the length in c, from the permutation after the last. */
static kr_stream *by_length_answers(struct by_length *c)
{
	const kr_subst *s = kr_state_subst(c->stk);
	kr_term *t;
	while ((t = perms_next(c->perms, s)) != NULL) {
		const kr_state *ans = kr_state_unify(c->stk, c->e->b, t);
		if (!ans)
			continue;
		struct by_length *more = kr_alloc(sizeof *more);
		*more = *c;
		more->perms = perms_copy(c->perms);
		return kr_stream_cons(ans, kr_stream_suspend(by_length_next,
							     more));
	}
	return by_length_after(c);
}

/* a of the length in c: its elements and their first permutation. */
static kr_stream *by_length_enter(struct by_length *c)
{
	const struct perm_env *e = c->e;
	kr_seq_kind kind = e->o.default_null;
	kr_term **vs = kr_alloc((c->k ? c->k : 1) * sizeof *vs);
	kr_fresh(c->k, vs);
	kr_term *ext = kind == KR_SEQ_ETUPLE ? kr_etuple(c->k, vs)
					     : kr_list(c->k, vs);
	const kr_state *stk = kr_state_unify(c->st, c->tail, ext);
	if (stk && c->a_null && c->k == 0)
		stk = make_null(stk, e->b, kind);
	if (!stk)
		return by_length_after(c);
	const kr_subst *s = kr_state_subst(stk);
	long n;
	kr_term **items = kri_rel_elements(e->a, s, &n);
	kr_term *like = kr_walk_star(e->a, s);
	if (e->o.inner_eq) {
		kr_goal *g = kri_rel_perms(items, n, like, e->b,
					   e->o.no_ident, e->o.inner_eq);
		return kri_rel_kthen(g, stk, by_length_next, next_length(c));
	}
	c->stk = stk;
	c->perms = perms_new(items, n, like, e->o.no_ident);
	return by_length_answers(c);
}

static kr_stream *by_length_next(void *env)
{
	struct by_length *c = env;
	return c->stk ? by_length_answers(c) : by_length_enter(c);
}

/* The answers of permuteo_fn's e in st when neither side is proper. */
static kr_stream *by_length_start(const struct perm_env *e,
				  const kr_state *st)
{
	const kr_subst *s = kr_state_subst(st);
	kr_term *a = kr_walk(e->a, s), *t = a, *bt = kr_walk(e->b, s);
	while (kr_term_kind(t) == KR_CONS)
		t = kr_walk(kr_cdr(t), s);
	while (kr_term_kind(bt) == KR_CONS)
		bt = kr_walk(kr_cdr(bt), s);
	/*
	 * An improper a has no length; a b that ends in an atom (it is not
	 * proper, or permuteo_fn would have permuted it), and no term that
	 * decomposes as a pair, matches no permutation, so it has no answer
	 * at any length (kanren's itero would try them all).
	 */
	if (!kr_is_var(t) || (!kr_is_var(bt) && !kr_is_pair(bt)))
		return NULL;
	struct by_length *c = kr_alloc(sizeof *c);
	c->e = e;
	c->st = st;
	c->tail = t;
	c->a_null = t == a;
	c->k = 0;
	c->stk = NULL;
	c->perms = NULL;
	return by_length_enter(c);
}

static kr_stream *permuteo_fn(const kr_state *st, void *env)
{
	const struct perm_env *e = env;
	const kr_subst *s = kr_state_subst(st);
	long n;
	kr_term **items = kri_rel_elements(e->a, s, &n);
	kr_term *side = e->a, *other = e->b;
	if (n < 0) {
		items = kri_rel_elements(e->b, s, &n);
		side = e->b;
		other = e->a;
	}
	if (n < 0)
		return by_length_start(e, st);
	kr_term *like = kr_walk_star(side, s);
	bool no_ident = e->o.no_ident;
	long m;
	kr_term **others = kri_rel_elements(other, s, &m);
	if (m >= 0) {
		/* kanren's `type(a) != type(b)`: a list is no etuple */
		if (m != n ||
		    ends_in_etuple(side, s) != ends_in_etuple(other, s))
			return NULL;
		kr_term *rest = kr_walk(other, s);
		if (no_ident && kr_equal(like, kr_walk_star(rest, s)))
			return NULL;
		int rc = cancel_common(items, &n, others, &m, s, &rest,
				       e->o.inner_eq != NULL);
		if (rc)
			return rc > 0 ? kr_stream_unit(st) : NULL;
		/* kanren permutes a reduced pair in full */
		no_ident = no_ident && rest == kr_walk(other, s);
		other = rest;
	}
	return kr_goal_apply(kri_rel_perms(items, n, like, other, no_ident,
					   e->o.inner_eq),
			     st);
}

static kr_goal *permuteo_new(kr_term *a, kr_term *b,
			     const kr_permuteo_opts *o)
{
	struct perm_env *e = kr_alloc(sizeof *e);
	e->a = a;
	e->b = b;
	e->o = *o;
	return kr_goal_new(permuteo_fn, e);
}

kr_goal *kr_permuteo(kr_term *a, kr_term *b)
{
	return kr_permuteo_ex(a, b, NULL);
}

kr_goal *kr_permuteo_no_ident(kr_term *a, kr_term *b)
{
	kr_permuteo_opts o = KR_PERMUTEO_OPTS_INIT;
	o.no_ident = true;
	return kr_permuteo_ex(a, b, &o);
}

kr_goal *kr_permuteo_ex(kr_term *a, kr_term *b, const kr_permuteo_opts *opts)
{
	static const kr_permuteo_opts dflt = KR_PERMUTEO_OPTS_INIT;
	if (!opts)
		opts = &dflt;
	if (opts->inner_eq && kr_rel_arity(opts->inner_eq) != 2)
		kri_rel_misuse(__func__, "inner_eq must have arity 2");
	return permuteo_new(a, b, opts);
}
