/* unify.h -- internal unification entry point recording new bindings. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_UNIFY_H
#define KRI_UNIFY_H

#include "core/alloc.h"
#include "kanrewrite/unify.h"
#include "term/term.h"

/* kri_unify_added's flags. */
enum {
	KRI_UNIFY_CHECK = 1, /* the occurs check */
	/*
	 * Between two variables bind u's to v's, as Python's `unification`
	 * does; without it the newer one is bound to the older, as
	 * faster-miniKanren does (its reified constraints depend on it).
	 */
	KRI_UNIFY_LEFT = 2
};

/*
 * The constraints of a constrained variable (term.h's struct kri_cvar), a list:
 * every one must hold of a value for the variable to be bound to it.
 */
struct kri_vcons {
	kr_var_constraint_fn fn;
	void *env;
	const struct kri_vcons *next;
};

/* The binding of v in the trie of s only (not an in-place binding). */
kr_term *kri_trie_lookup(const kr_subst *s, const kr_term *v);

/* The binding of variable v: in place, else in s's trie; NULL if none. */
static inline kr_term *kri_binding(const kr_term *v, const kr_subst *s)
{
	if (!(v->u.var.bound & 1u)) /* kri_var_val, one test fewer */
		return (kr_term *)v->u.var.bound;
	return v->flags & KRI_KEYED ? kri_trie_lookup(s, v) : NULL;
}

/*
 * kr_walk() without its argument checks, inline: the unifier walks every
 * subterm it meets, most of them no variable or one bound in place.
 */
static inline kr_term *kri_walk(kr_term *t, const kr_subst *s)
{
	kr_term *b;
	while (t->kind == KR_VAR && (b = kri_binding(t, s)))
		t = b;
	return t;
}

/* s extended with v -> t, without flagging t's variables referenced. */
const kr_subst *kri_subst_extend(const kr_subst *s, kr_term *v, void *t);

/*
 * s extended with vars[i] -> each variable's in-place value
 * (kri_var_val(vars[i])), for n >= 0 variables not yet bound in s: the
 * trie kri_subst_extend would give after n calls, with each node it
 * copies copied once (a unification that binds the five parts of a house
 * binds them in one copy of the root, not five).
 */
const kr_subst *kri_subst_extend_vals(const kr_subst *s, kr_term *const *vars,
				      size_t n);

/*
 * kri_unify_added from the walked terms u and v, distinct: the general
 * case, with a work stack and provisional bindings (unify.c).
 */
const kr_subst *kri_unify_loop(kr_term *u, kr_term *v, const kr_subst *s,
			       unsigned flags, kri_vec *added, uint64_t scope);

/* A symbol, number, string or (), which unifies only with its equal. */
static inline bool kri_is_atom(const kr_term *t)
{
	return t->kind >= KR_SYM && t->kind <= KR_NIL;
}

/*
 * Whether the atoms u and v (kri_is_atom, distinct objects) are equal:
 * integers by value here (the bits of the arithmetic, 0 against 1, are
 * most atoms a search compares), the others as kr_equal() has it.
 */
static inline bool kri_atoms_equal(const kr_term *u, const kr_term *v)
{
	if (u->kind != v->kind)
		return false;
	return u->kind == KR_INT ? u->u.i == v->u.i : kr_equal(u, v);
}

/*
 * The variable to bind when u and v (walked, distinct) meet and one is a
 * variable: between two variables u (KRI_UNIFY_LEFT, as Python's
 * `unification`) or the newer one, bound to the older as in
 * faster-miniKanren, so chains point towards the query variables.
 */
static inline kr_term *kri_bound_side(kr_term *u, kr_term *v, unsigned flags)
{
	if (u->kind == KR_VAR && v->kind == KR_VAR && !(flags & KRI_UNIFY_LEFT))
		return u->u.var.id > v->u.var.id ? u : v;
	return u->kind == KR_VAR ? u : v;
}

/*
 * Unify u and v extending s (flags: KRI_UNIFY_*); when
 * `added` is not NULL, push every variable bound on the way, in binding
 * order (faster-miniKanren's "added" associations: var -> its value in the
 * result). A variable whose scope is `scope` (non-zero) is bound in place
 * (see term.h), even when the unification then fails: only the engine's
 * == passes a scope, for a state nothing else will see. Returns NULL when
 * u and v do not unify.
 *
 * Inline: most unifications of a search bind one variable or compare two
 * atoms (a clause's head against a bit of a numeral), and those are
 * settled here, without a work stack or provisional bindings, and
 * without a call (whose frame was 5% of logo's instructions); the result
 * is what kri_unify_loop would give.
 */
static inline __attribute__((always_inline)) const kr_subst *
kri_unify_added(kr_term *u0, kr_term *v0, const kr_subst *s, unsigned flags,
		kri_vec *added, uint64_t scope)
{
	kr_check(u0 != NULL && v0 != NULL && s != NULL);
	kr_term *u = kri_walk(u0, s), *v = kri_walk(v0, s);
	if (u == v)
		return s;
	if ((u->kind == KR_VAR || v->kind == KR_VAR) &&
	    !((u->flags | v->flags) & KRI_CONSTRAINED)) {
		kr_term *x = kri_bound_side(u, v, flags);
		kr_term *t = x == u ? v : u;
		/* x cannot occur in a ground term, or in another variable
		 * that is not bound (t is walked) */
		if ((flags & KRI_UNIFY_CHECK) && !KRI_IS_GROUND(t) &&
		    t->kind != KR_VAR && kr_occurs(x, t, s))
			return NULL;
		kri_mark_refs(t);
		if (added)
			kri_vec_push(added, x);
		if (kri_var_in_scope(x, scope)) {
			x->u.var.bound = (uintptr_t)t;
			return s;
		}
		return kri_subst_extend(s, x, t);
	}
	bool au = kri_is_atom(u), av = kri_is_atom(v);
	if (au && av)
		return kri_atoms_equal(u, v) ? s : NULL;
	/* a pair against an atom, () most of all, fails here without the
	 * general case's work stack: 56% of the calls it had in logo */
	if ((au && v->kind == KR_CONS) || (av && u->kind == KR_CONS))
		return NULL;
	return kri_unify_loop(u, v, s, flags, added, scope);
}

/* True when the occurs check of == is on (goal layer setting). */
bool kri_occurs_check_on(void);

/*
 * The substitution as a persistent map from variables to arbitrary
 * pointers (the constraint store uses it). kri_map_set replaces a
 * binding; kri_map_get returns NULL when unbound.
 */
const kr_subst *kri_map_set(const kr_subst *m, const kr_term *v, void *val);
void *kri_map_get(const kr_subst *m, const kr_term *v);

#endif
