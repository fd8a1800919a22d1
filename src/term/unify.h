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
 * Unify u and v extending s (flags: KRI_UNIFY_*); when
 * `added` is not NULL, push every variable bound on the way, in binding
 * order (faster-miniKanren's "added" associations: var -> its value in the
 * result). A variable whose scope is `scope` (non-zero) is bound in place
 * (see term.h), even when the unification then fails: only the engine's
 * == passes a scope, for a state nothing else will see. Returns NULL when
 * u and v do not unify.
 */
const kr_subst *kri_unify_added(kr_term *u, kr_term *v, const kr_subst *s,
				unsigned flags, kri_vec *added, uint64_t scope);

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
	if (v->u.var.val)
		return v->u.var.val;
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
 * (vars[i]->u.var.val), for n >= 0 variables not yet bound in s: the
 * trie kri_subst_extend would give after n calls, with each node it
 * copies copied once (a unification that binds the five parts of a house
 * binds them in one copy of the root, not five).
 */
const kr_subst *kri_subst_extend_vals(const kr_subst *s, kr_term *const *vars,
				      size_t n);

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
