/* reify.c -- deep substitution (walk*) and miniKanren reification. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "term/term.h"
#include "kanrewrite/error.h"
#include "kanrewrite/reify.h"

/*
 * walk* and the naming of reification keep their pending work on explicit
 * stacks, so neither the length of a list nor the nesting depth of a term
 * ever reaches the C stack (as unification does). Ground subterms are
 * returned as they are (O(1) thanks to KRI_GROUND), and a term in which
 * nothing changed is returned itself, which keeps the evaluated-object
 * cache of etuples.
 */

/* ---------------------------------------------------------------- cycles */

/*
 * Only bindings made without the occurs check (kr_unify(), == with
 * kr_set_occurs_check(false)) can make a term cyclic, and walking one
 * never ends. A walk that has visited CYCLE_CHECK_AFTER nodes checks its
 * term once for a cycle, in time linear in the term's shared graph, and
 * stops if there is one: a walk of a finite term pays one counter.
 */
enum { CYCLE_CHECK_AFTER = 1 << 16 };

unsigned long kri_cycles_met;

/*
 * Whether t is cyclic under s: a depth-first search over the bound
 * variables and compound terms reachable from t, each grey while the
 * search is inside it and black once done; meeting a grey one again is a
 * cycle. An exit marker is the node's address with its low bit set.
 */
static bool cyclic_in(kr_term *t, const kr_subst *s)
{
	static char grey, black;
	kri_pmap seen = {0};
	kri_vec todo = {0};
	kri_vec_push(&todo, t);
	while (todo.len > 0) {
		uintptr_t e = (uintptr_t)kri_vec_pop(&todo);
		if (e & 1) {
			kri_pmap_put(&seen, (void *)(e - 1), &black);
			continue;
		}
		kr_term *x = (kr_term *)e, *v = NULL;
		if (KRI_IS_GROUND(x) || (x->kind == KR_VAR &&
					 !(v = kr_subst_lookup(s, x))))
			continue;
		void *c = kri_pmap_get(&seen, x);
		if (c == &grey)
			return true;
		if (c)
			continue;
		kri_pmap_put(&seen, x, &grey);
		kri_vec_push(&todo, (void *)((uintptr_t)x | 1));
		if (v) {
			kri_vec_push(&todo, v);
		} else if (x->kind == KR_CONS) {
			kri_vec_push(&todo, x->u.cons.cdr);
			kri_vec_push(&todo, x->u.cons.car);
		} else if (x->kind == KR_ETUPLE) {
			for (size_t i = x->u.et.n; i-- > 0;)
				kri_vec_push(&todo, x->u.et.items[i]);
		}
	}
	return false;
}

/* Called by a walk at its CYCLE_CHECK_AFTER-th node: true to stop. */
static bool cycle_stop(kr_term *t, const kr_subst *s, const char *who)
{
	if (!cyclic_in(t, s))
		return false;
	kri_cycles_met++;
	kr_error_set(KR_EINVALID, "%s: the term is cyclic (a variable is bound "
		     "to a term that contains it, made without the occurs "
		     "check)", who);
	return true;
}

/* ----------------------------------------------------------- work stacks */

/*
 * A frame rebuilds one non-ground list or etuple. A list frame walks the
 * cars along the spine (`cur` is the cell whose car is being walked), then
 * its tail (`tail` set, `cur` the tail); an etuple frame walks item `i`.
 * The walked parts go on the value stack from `base` on.
 */
typedef struct wframe {
	kr_term *t, *cur;
	size_t i, base;
	bool changed, tail;
} wframe;

typedef struct wstack {
	wframe *f;
	size_t len, cap;
	wframe local[32];
	kri_vec vals; /* starts in local_vals (kri_vec_push moves it) */
	void *local_vals[32];
} wstack;

static void frame_push(wstack *w, kr_term *t)
{
	if (w->len == w->cap) {
		size_t cap = w->cap * 2;
		wframe *f = kri_alloc(cap * sizeof *f);
		memcpy(f, w->f, w->len * sizeof *f);
		w->f = f;
		w->cap = cap;
	}
	wframe *f = &w->f[w->len++];
	f->t = t;
	f->cur = t;
	f->i = 0;
	f->base = w->vals.len;
	f->changed = false;
	f->tail = false;
}

/* A term walk* has to rebuild: a non-ground list or etuple. */
static bool compound(const kr_term *t)
{
	return !KRI_IS_GROUND(t) && (t->kind == KR_CONS || t->kind == KR_ETUPLE);
}

/* The child of the top frame to walk next, or NULL when it is complete. */
static kr_term *next_child(const wframe *f)
{
	if (f->t->kind == KR_ETUPLE)
		return f->i < f->t->u.et.n ? f->t->u.et.items[f->i] : NULL;
	return f->tail ? f->cur : f->cur->u.cons.car;
}

/* The rebuilt term of a complete frame (its parts popped). */
static kr_term *frame_result(wstack *w, wframe *f, kr_term *tail)
{
	kr_term **parts = (kr_term **)w->vals.items + f->base;
	size_t n = w->vals.len - f->base;
	kr_term *r = f->t;
	if (f->changed && f->t->kind == KR_ETUPLE)
		r = kr_etuple(n, parts);
	else if (f->changed)
		for (r = tail; n-- > 0;)
			r = kr_cons(parts[n], r);
	w->vals.len = f->base;
	return r;
}

/* Give the walked child v to the top frame; the frame's result when done. */
static kr_term *deliver(wstack *w, kr_term *v, const kr_subst *s)
{
	wframe *f = &w->f[w->len - 1];
	if (f->t->kind == KR_ETUPLE) {
		f->changed |= v != f->t->u.et.items[f->i++];
		kri_vec_push(&w->vals, v);
		return f->i == f->t->u.et.n ? frame_result(w, f, NULL) : NULL;
	}
	if (f->tail) {
		f->changed |= v != f->cur;
		return frame_result(w, f, v);
	}
	kr_term *next = kr_walk(f->cur->u.cons.cdr, s);
	f->changed |= v != f->cur->u.cons.car || next != f->cur->u.cons.cdr;
	kri_vec_push(&w->vals, v);
	f->cur = next;
	f->tail = !(next->kind == KR_CONS && !KRI_IS_GROUND(next));
	return NULL;
}

kr_term *kr_walk_star(kr_term *t, const kr_subst *s)
{
	kr_check(t != NULL && s != NULL);
	t = kr_walk(t, s);
	if (!compound(t))
		return t;
	wstack w = {.f = NULL, .len = 0, .cap = 32};
	w.f = w.local;
	w.vals = (kri_vec){w.local_vals, 0, 32};
	frame_push(&w, t);
	for (size_t visited = 0;; visited++) {
		if (visited == CYCLE_CHECK_AFTER &&
		    cycle_stop(t, s, "walk*"))
			return t;
		wframe *f = &w.f[w.len - 1];
		kr_term *c = next_child(f);
		kr_term *v = c ? kr_walk(c, s) : NULL;
		if (v && compound(v)) { /* a list tail here is an etuple */
			frame_push(&w, v);
			continue;
		}
		kr_term *r = v ? deliver(&w, v, s) : frame_result(&w, f, NULL);
		while (r) {
			if (--w.len == 0)
				return r;
			r = deliver(&w, r, s);
		}
	}
}

/* ------------------------------------------------------------- naming */

static void unbound_vars(kr_term *t, const kr_subst *s, bool first,
			 kri_vec *out);

/* The unbound variables of t, left to right, depth first, named. */
const kr_subst *kr_reify_names(kr_term *t, const kr_subst *s, size_t start)
{
	kr_check(t != NULL && s != NULL);
	kri_vec vs = {0};
	unbound_vars(t, s, false, &vs);
	for (size_t i = 0; i < vs.len; i++) {
		char buf[32];
		snprintf(buf, sizeof buf, "_.%zu", start + i);
		s = kr_subst_extend(s, vs.items[i], kr_sym(buf));
	}
	return s;
}

kr_term *kr_reify(kr_term *t, const kr_subst *s)
{
	kr_term *v = kr_walk_star(t, s);
	if (KRI_IS_GROUND(v))
		return v;
	const kr_subst *r = kr_reify_names(v, kr_subst_empty(), 0);
	return kr_walk_star(v, r);
}

/* ------------------------------------------------------ unbound variables */

/*
 * Push the distinct unbound variables of t under s on out, left to right,
 * depth first; stop at the first one when `first`. A variable seen is
 * bound to () in a local extension of s, so it is not pushed twice.
 */
static void unbound_vars(kr_term *t, const kr_subst *s, bool first,
			 kri_vec *out)
{
	kri_vec todo = {0};
	kr_term *t0 = t;
	const kr_subst *s0 = s;
	for (size_t visited = 0;; visited++) {
		if (visited == CYCLE_CHECK_AFTER &&
		    cycle_stop(t0, s0, "reify"))
			return;
		t = kr_walk(t, s);
		if (!KRI_IS_GROUND(t) && t->kind == KR_VAR) {
			kri_vec_push(out, t);
			if (first)
				return;
			s = kr_subst_extend(s, t, kr_nil());
		} else if (!KRI_IS_GROUND(t) && t->kind == KR_CONS) {
			kri_vec_push(&todo, t->u.cons.cdr);
			t = t->u.cons.car;
			continue;
		} else if (!KRI_IS_GROUND(t) && t->kind == KR_ETUPLE) {
			for (size_t i = t->u.et.n; i-- > 0;)
				kri_vec_push(&todo, t->u.et.items[i]);
		}
		if (todo.len == 0)
			return;
		t = kri_vec_pop(&todo);
	}
}

bool kr_is_ground_in(kr_term *t, const kr_subst *s)
{
	kr_check(t != NULL && s != NULL);
	kri_vec vs = {0};
	unbound_vars(t, s, true, &vs);
	return vs.len == 0;
}

kr_term *kr_unground_vars(kr_term *t, const kr_subst *s)
{
	kr_check(t != NULL && s != NULL);
	kri_vec vs = {0};
	unbound_vars(t, s, false, &vs);
	return kr_list(vs.len, (kr_term *const *)vs.items);
}
