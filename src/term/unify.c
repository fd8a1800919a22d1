/* unify.c -- unification of terms, with and without the occurs check. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "term/term.h"
#include "term/unify.h"

/*
 * Unification keeps its pending pairs on an explicit stack, so the depth of
 * the terms never reaches the C stack. The stack starts in a local array
 * and moves to collected memory when it outgrows it.
 */
typedef struct work {
	kr_term **pairs; /* u0, v0, u1, v1, ... */
	size_t len, cap;
	kr_term *local[64];
} work;

static __attribute__((noinline)) void grow(work *w)
{
	size_t cap = w->cap * 2;
	kr_term **p = kri_alloc(cap * sizeof *p);
	memcpy(p, w->pairs, w->len * sizeof *p);
	w->pairs = p;
	w->cap = cap;
}

static inline void push(work *w, kr_term *u, kr_term *v)
{
	if (__builtin_expect(w->len + 2 > w->cap, 0))
		grow(w);
	w->pairs[w->len++] = u;
	w->pairs[w->len++] = v;
}

static void work_init(work *w)
{
	w->pairs = w->local;
	w->cap = sizeof w->local / sizeof *w->local;
	w->len = 0;
}

/* Pop the next term pushed alone (push(w, t, NULL)); NULL when empty. */
static kr_term *pop1(work *w)
{
	if (w->len == 0)
		return NULL;
	w->len -= 2;
	return w->pairs[w->len];
}

void kri_mark_refs_walk(kr_term *t)
{
	work w;
	work_init(&w);
	for (; t; t = pop1(&w)) {
		while (!(t->flags & (KRI_GROUND | KRI_MARKED))) {
			if (t->kind == KR_VAR) {
				t->flags |= KRI_REFERENCED;
			} else if (t->kind == KR_CONS) {
				t->flags |= KRI_MARKED;
				push(&w, t->u.cons.cdr, NULL);
				t = t->u.cons.car;
				continue;
			} else if (t->kind == KR_ETUPLE) {
				t->flags |= KRI_MARKED;
				for (size_t i = 0; i < t->u.et.n; i++)
					push(&w, t->u.et.items[i], NULL);
			}
			break;
		}
	}
}

/*
 * A term built by sharing (x2 = (x1 . x1), x3 = (x2 . x2), ...) has a tree
 * exponentially bigger than its graph, and a plain traversal visits the
 * whole tree: the occurs check opens the same node, and unification
 * decomposes the same pair of nodes, once per path. Both count what they
 * open (SEEN_BEFORE). Past SHARED_AFTER they also note each node or pair
 * in a small table of recent ones (direct-mapped on the address); once
 * one comes up again, or past SHARED_LIMIT (sharing the table misses,
 * such as copies of one long list), they keep everything in a set and
 * skip what they opened before. That is sound: what a node or a pair
 * needs was checked, or is pending on the work stack, the first time.
 * Ordinary terms pay the count; long unshared ones (a list of 10^5 cells)
 * also the table, never the set.
 */
#define SHARED_AFTER 4096
#define SHARED_LIMIT (64 * SHARED_AFTER)
#define RECENT 256

typedef struct shared {
	size_t n;      /* nodes or pairs opened */
	kri_pmap *all; /* u -> v, once kept: the set */
	const kr_term *u[RECENT], *v[RECENT];
} shared;

/* The slow half of SEEN_BEFORE, past SHARED_AFTER. */
static __attribute__((noinline)) bool seen_before(shared *sh, kr_term *u,
						  kr_term *v)
{
	if (!sh->all) {
		if (sh->n == SHARED_AFTER + 1) /* the table's first use */
			memset(sh->u, 0, sizeof sh->u);
		size_t h = ((uintptr_t)u >> 4) % RECENT;
		bool again = sh->u[h] == u && sh->v[h] == v;
		sh->u[h] = u;
		sh->v[h] = v;
		if (!again && sh->n <= SHARED_LIMIT)
			return false;
		sh->all = kri_alloc(sizeof *sh->all);
	}
	if (kri_pmap_get(sh->all, u) == v)
		return true;
	kri_pmap_put(sh->all, u, v);
	return false;
}

/* An empty record (the table is cleared only when first used). */
static inline void shared_init(shared *sh)
{
	sh->n = 0;
	sh->all = NULL;
}

/* Was the node u (v == u) or the pair (u, v) opened before? Counts it. */
#define SEEN_BEFORE(sh, u, v)                                                 \
	(__builtin_expect(++(sh)->n > SHARED_AFTER, 0) &&                     \
	 seen_before(sh, u, v))

/*
 * Does unreferenced x occur in t's own structure? Nodes born before x are
 * skipped (see term.h); bindings are not followed (none leads to x).
 */
static bool occurs_fresh(const kr_term *x, kr_term *t)
{
	work w;
	work_init(&w);
	uint64_t id = x->u.var.id;
	shared sh;
	shared_init(&sh);
	for (; t; t = pop1(&w)) {
		while (!KRI_IS_GROUND(t)) {
			if (t == x)
				return true;
			if (t->birth != KRI_BIRTH_UNKNOWN && t->birth <= id)
				break; /* made before x */
			if (t->kind != KR_CONS && t->kind != KR_ETUPLE)
				break;
			if (SEEN_BEFORE(&sh, t, t))
				break;
			if (t->kind == KR_CONS) {
				push(&w, t->u.cons.cdr, NULL);
				t = t->u.cons.car;
				continue;
			}
			for (size_t i = 0; i < t->u.et.n; i++)
				push(&w, t->u.et.items[i], NULL);
			break;
		}
	}
	return false;
}

/*
 * The occurs check keeps the subterms still to visit on a work stack of its
 * own (a list is followed along its spine without one), so deep terms
 * never reach the C stack. Ground subterms cost O(1), and so does a
 * variable no binding refers to against old terms (occurs_fresh). Linear
 * in the size of t as a graph (see SHARED_AFTER).
 */
bool kr_occurs(const kr_term *x, kr_term *t, const kr_subst *s)
{
	kr_check(x && x->kind == KR_VAR && t != NULL && s != NULL);
	if (!(x->flags & KRI_REFERENCED) && !kri_var_val(x))
		return occurs_fresh(x, t);
	work w;
	work_init(&w);
	shared sh;
	shared_init(&sh);
	for (;;) {
		/*
		 * t walked a link at a time: a bound variable is a node of
		 * the graph too, and one met before leads where it did. (A
		 * term holding many variables bound one to the next walked
		 * every chain once per occurrence.)
		 */
		while (t->kind == KR_VAR) {
			if (t == x)
				return true;
			kr_term *b = kri_binding(t, s);
			if (!b || SEEN_BEFORE(&sh, t, t))
				break;
			t = b;
		}
		if (t->kind != KR_VAR && !KRI_IS_GROUND(t) &&
		    (t->kind == KR_CONS || t->kind == KR_ETUPLE) &&
		    !SEEN_BEFORE(&sh, t, t)) {
			if (t->kind == KR_CONS) {
				push(&w, t->u.cons.cdr, NULL);
				t = t->u.cons.car;
				continue;
			}
			for (size_t i = t->u.et.n; i-- > 0;)
				push(&w, t->u.et.items[i], NULL);
		}
		if (w.len == 0)
			return false;
		w.len -= 2;
		t = w.pairs[w.len];
	}
}

/* Split a pair-like term into head and tail (expanding foreign atoms). */
static bool split(kr_term *t, kr_term **head, kr_term **tail)
{
	if (t->kind == KR_FOREIGN) {
		t = kri_foreign_expand(t);
		if (!t)
			return false;
	}
	if (!kr_is_pair(t))
		return false;
	*head = kr_car(t);
	*tail = kr_cdr(t);
	return true;
}

/* Push the elements of two etuples of equal length, leftmost on top. */
static bool push_etuples(work *w, kr_term *u, kr_term *v)
{
	if (u->u.et.n != v->u.et.n)
		return false;
	for (size_t i = u->u.et.n; i-- > 0;)
		push(w, u->u.et.items[i], v->u.et.items[i]);
	return true;
}

/* A foreign object's own unification (kr_foreign_type.unify). */
static bool foreign_unify(work *w, kr_term *u, kr_term *v)
{
	if (!(u->kind == KR_FOREIGN && u->u.fo.type->unify)) {
		kr_term *t = u;
		u = v, v = t;
	}
	kr_term **pairs = NULL;
	size_t n = 0;
	if (!u->u.fo.type->unify(u->u.fo.ptr, v, &pairs, &n))
		return false;
	for (size_t i = n; i-- > 0;)
		push(w, pairs[2 * i], pairs[2 * i + 1]);
	return true;
}

/*
 * Whether t may be a pair or () other than by its kind: an etuple (the
 * empty one is ()) or a foreign atom (its expansion, or its own
 * unification). Two terms that are neither are pairs or atoms.
 */
static inline bool has_protocol(const kr_term *t)
{
	return t->kind == KR_ETUPLE || t->kind == KR_FOREIGN;
}

/* Decompose two non-variable terms; false when they cannot unify. */
static bool decompose(work *w, kr_term *u, kr_term *v)
{
	if (u->kind == KR_CONS && v->kind == KR_CONS) { /* the common case */
		push(w, u->u.cons.cdr, v->u.cons.cdr);
		push(w, u->u.cons.car, v->u.cons.car);
		return true;
	}
	/*
	 * Plain pairs and atoms are decided by kind, first: a pair against
	 * () is the commonest failure of the arithmetic, and the protocol
	 * tests below took 1.3% of logo's instructions.
	 */
	if (!has_protocol(u) && !has_protocol(v))
		return u->kind == v->kind && u->kind != KR_CONS &&
		       kri_atoms_equal(u, v);
	if ((u->kind == KR_FOREIGN && u->u.fo.type->unify) ||
	    (v->kind == KR_FOREIGN && v->u.fo.type->unify))
		return foreign_unify(w, u, v);
	if (u->kind == KR_FOREIGN && v->kind == KR_FOREIGN &&
	    u->u.fo.type == v->u.fo.type &&
	    (u->u.fo.ptr == v->u.fo.ptr ||
	     (u->u.fo.type->equal &&
	      u->u.fo.type->equal(u->u.fo.ptr, v->u.fo.ptr))))
		return true;
	if (kr_is_null(u) || kr_is_null(v))
		return kr_is_null(u) && kr_is_null(v);
	kr_term *eu = u->kind == KR_FOREIGN ? kri_foreign_expand(u) : u;
	kr_term *ev = v->kind == KR_FOREIGN ? kri_foreign_expand(v) : v;
	if (eu && ev && eu->kind == KR_ETUPLE && ev->kind == KR_ETUPLE)
		return push_etuples(w, eu, ev);
	kr_term *hu, *tu, *hv, *tv;
	if (eu && ev && split(eu, &hu, &tu) && split(ev, &hv, &tv)) {
		push(w, tu, tv);
		push(w, hu, hv);
		return true;
	}
	if (u->kind != v->kind || kr_is_pair(u) || kr_is_pair(v))
		return false;
	return kr_equal(u, v);
}

/*
 * The bindings a unification makes outside its scope are provisional
 * until it succeeds: the variable holds its value in place, as a
 * variable of the scope does, and is listed here. Walks during the
 * unification see the value; at the end, success moves each one into
 * the trie, failure clears them (each variable gets back its tagged
 * scope, which its value replaced: term.h). A failed == (most of those
 * of a search such as zebra's) then copies no path of the trie. Past
 * PROVISIONAL bindings the rest go straight to the trie.
 */
#define PROVISIONAL 32

typedef struct provisional {
	size_t n;
	kr_term *vars[PROVISIONAL];
	uintptr_t tags[PROVISIONAL]; /* their scopes, tagged */
} provisional;

/* Bind variable x to t: in place when x belongs to `scope` (see term.h). */
static inline const kr_subst *bind(const kr_subst *s, kr_term *x, kr_term *t,
				   uint64_t scope, kri_vec *added,
				   provisional *pv)
{
	if (kri_var_in_scope(x, scope)) {
		x->u.var.bound = (uintptr_t)t;
	} else if (pv->n < PROVISIONAL) {
		pv->tags[pv->n] = x->u.var.bound;
		pv->vars[pv->n++] = x;
		x->u.var.bound = (uintptr_t)t;
	} else {
		s = kri_subst_extend(s, x, t);
	}
	if (added)
		kri_vec_push(added, x);
	return s;
}

/* s with the provisional bindings of pv, which are cleared. */
static const kr_subst *commit(const kr_subst *s, provisional *pv)
{
	s = kri_subst_extend_vals(s, pv->vars, pv->n);
	for (size_t i = 0; i < pv->n; i++)
		pv->vars[i]->u.var.bound = pv->tags[i];
	return s;
}

/* Failure: the provisional bindings are cleared; NULL. */
static const kr_subst *undo(provisional *pv)
{
	for (size_t i = 0; i < pv->n; i++)
		pv->vars[i]->u.var.bound = pv->tags[i];
	return NULL;
}

/* The constraints of variable v, or NULL. */
static inline const struct kri_vcons *vcons(const kr_term *v)
{
	return v->flags & KRI_CONSTRAINED ? v->u.var.cv->cons : NULL;
}

/* Make variable v constrained by the list c (v fresh from kr_var_new). */
static void set_vcons(kr_term *v, const struct kri_vcons *c)
{
	struct kri_cvar *cv = kri_alloc(sizeof *cv);
	*cv = (struct kri_cvar){v->u.var.name, c};
	v->u.var.cv = cv;
	v->flags |= KRI_CONSTRAINED;
}

kr_term *kr_constrained_var_new(const char *name, kr_var_constraint_fn fn,
				void *env)
{
	kr_check(fn != NULL);
	kr_term *v = kr_var_new(name);
	struct kri_vcons *c = kri_alloc(sizeof *c);
	*c = (struct kri_vcons){fn, env, NULL};
	set_vcons(v, c);
	return v;
}

bool kr_var_is_constrained(const kr_term *v)
{
	return v && v->kind == KR_VAR && (v->flags & KRI_CONSTRAINED);
}

bool kr_var_admits(const kr_term *v, kr_term *value, const kr_subst *s)
{
	kr_check(v != NULL && v->kind == KR_VAR && value != NULL);
	if (value->kind == KR_VAR)
		return true;
	for (const struct kri_vcons *c = vcons(v); c; c = c->next)
		if (!c->fn(value, s, c->env))
			return false;
	return true;
}

/*
 * A new variable holding the constraints of both x and y (two constrained
 * variables that meet): both are then bound to it, so that each one's
 * constraints still apply to the value they are given later.
 */
static kr_term *merged(const kr_term *x, const kr_term *y)
{
	const struct kri_vcons *list = vcons(y);
	for (const struct kri_vcons *c = vcons(x); c; c = c->next) {
		struct kri_vcons *n = kri_alloc(sizeof *n);
		*n = (struct kri_vcons){c->fn, c->env, list};
		list = n;
	}
	kr_term *m = kr_var_new(NULL);
	/* made mid-unification: never bound in place */
	m->u.var.bound = kri_scope_tag(0);
	set_vcons(m, list);
	return m;
}

/*
 * The binding of x to t (walked, distinct, x a variable) when one of them
 * is constrained: false when t is a value x's constraints refuse; else
 * true, with x and t swapped so that a plain variable is bound to a
 * constrained one, or, for two constrained variables, t a new variable
 * holding both constraints, to which the old t is bound in *s.
 */
static bool constrained(kr_term **x, kr_term **t, const kr_subst **s,
			uint64_t scope, kri_vec *added, provisional *pv)
{
	if ((*t)->kind != KR_VAR)
		return kr_var_admits(*x, *t, *s);
	if (!vcons(*t)) { /* keep x's constraints */
		kr_term *y = *x;
		*x = *t;
		*t = y;
	} else if (vcons(*x)) {
		kr_term *m = merged(*x, *t);
		*s = bind(*s, *t, m, scope, added, pv);
		*t = m;
	}
	return true;
}

const kr_subst *kri_unify_loop(kr_term *u, kr_term *v, const kr_subst *s,
			       unsigned flags, kri_vec *added, uint64_t scope)
{
	work w;
	work_init(&w);
	shared sh; /* pairs decomposed (see SHARED_AFTER) */
	shared_init(&sh);
	provisional pv;
	pv.n = 0;
	push(&w, u, v);
	while (w.len > 0) {
		v = kri_walk(w.pairs[--w.len], s);
		u = kri_walk(w.pairs[--w.len], s);
		if (u == v)
			continue;
		if (u->kind == KR_VAR || v->kind == KR_VAR) {
			kr_term *x = kri_bound_side(u, v, flags);
			kr_term *t = x == u ? v : u;
			if (__builtin_expect((x->flags | t->flags) &
					     KRI_CONSTRAINED, 0) &&
			    !constrained(&x, &t, &s, scope, added, &pv))
				return undo(&pv);
			/* as kri_unify_added: not in a ground term, or in a
			 * variable (walked, so unbound) */
			if ((flags & KRI_UNIFY_CHECK) && !KRI_IS_GROUND(t) &&
			    t->kind != KR_VAR && kr_occurs(x, t, s))
				return undo(&pv);
			kri_mark_refs(t);
			s = bind(s, x, t, scope, added, &pv);
			continue;
		}
		if (SEEN_BEFORE(&sh, u, v))
			continue;
		if (!decompose(&w, u, v))
			return undo(&pv);
	}
	return commit(s, &pv);
}

const kr_subst *kr_unify(kr_term *u, kr_term *v, const kr_subst *s)
{
	return kri_unify_added(u, v, s, KRI_UNIFY_LEFT, NULL, 0);
}

const kr_subst *kr_unify_check(kr_term *u, kr_term *v, const kr_subst *s)
{
	return kri_unify_added(u, v, s, KRI_UNIFY_CHECK | KRI_UNIFY_LEFT, NULL,
			       0);
}
