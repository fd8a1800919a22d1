/* kanrewrite/unify.h -- first-order unification of terms. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_UNIFY_H
#define KANREWRITE_UNIFY_H

#include "subst.h"

/**
 * @file kanrewrite/unify.h
 * Unification as in miniKanren and Python's `unification` package, extended
 * to the term protocol: pairs, etuples and expandable foreign atoms unify
 * element by element (an etuple and a proper list with unifiable elements
 * unify; `()` and the empty etuple unify); a graph Variable produced by an
 * Apply node unifies as the etuple `(op input ...)` of its owner; other
 * foreign atoms and atoms unify when kr_equal().
 */

/**
 * Most general unifier of u and v extending s. Where u and v walk to two
 * variables, u's is bound to v's, as Python's `unification` does
 * (`unify(x, y, {})` is `{x: y}`); the engine's == (kr_eq()) binds the
 * newer to the older there instead, as faster-miniKanren does.
 * Returns: the extended substitution (s itself when nothing needed binding),
 * or NULL when u and v do not unify. Never mutates s. No occurs check: a
 * binding of x to a term holding x is accepted (use kr_unify_check when
 * cyclic terms must be excluded).
 * Cost: O(size of the smaller term) walks, size counted as a graph: a
 * subterm shared by several paths ((a . a), a level after another) is
 * decomposed once per pair, not once per path. Stack use is constant in
 * the depth of the terms (an explicit work stack is used).
 * Errors: none; aborts on OOM.
 */
const kr_subst *kr_unify(kr_term *u, kr_term *v, const kr_subst *s);

/**
 * As kr_unify(), with the occurs check: a variable is never bound to a term
 * that contains it (after walking). Ground terms are skipped in O(1).
 * Cost: as kr_unify() plus one kr_occurs() per binding (O(non-ground size
 * of the bound term)), so quadratic at worst.
 */
const kr_subst *kr_unify_check(kr_term *u, kr_term *v, const kr_subst *s);

/**
 * A constraint of a constrained variable: true when `value` (a term that
 * is not a variable, walked one level in `s`, its own parts possibly bound
 * in `s`) is a value the variable may be bound to. `env` is what was given
 * to kr_constrained_var_new(). It must not bind anything; it may be called
 * more than once for the same value, and never for a variable.
 */
typedef bool (*kr_var_constraint_fn)(kr_term *value, const kr_subst *s,
				     void *env);

/**
 * A new logic variable that unification binds only to values satisfying
 * `fn`, as PyTensor's ConstrainedVar: kr_unify() of it and a non-variable
 * term that fn refuses fails, whichever side it is on. Against another
 * variable it always unifies: an unconstrained variable is bound to it
 * (so the constraint still applies to what that variable meets later),
 * and two constrained variables are both bound to a new variable holding
 * both constraints. Everything else -- printing as `~name`, reification
 * to `_.N`, kr_is_var() -- is that of a plain variable; the goal engine's
 * == and every relation built on it see the constraint through
 * unification. Unlike a miniKanren constraint (=/=, symbolo), it is never
 * deferred: fn decides at once, from the value as it stands.
 * Shape: `name` (may be NULL) as for kr_var_new(). Errors: none; aborts
 * on OOM (fn == NULL is a programming error).
 */
kr_term *kr_constrained_var_new(const char *name, kr_var_constraint_fn fn,
				void *env);

/** True when v is a variable made by kr_constrained_var_new(). */
bool kr_var_is_constrained(const kr_term *v);

/**
 * True when every constraint of the variable v holds of `value` under s
 * (always true for a plain variable, and for a `value` that is itself a
 * variable). The test unification makes before a binding, for matchers
 * that bind without unifying.
 */
bool kr_var_admits(const kr_term *v, kr_term *value, const kr_subst *s);

/**
 * True when variable x occurs in t under s.
 * Cost: O(size of the non-ground part of t), counted as a graph (a
 * subterm shared by several paths is searched once).
 */
bool kr_occurs(const kr_term *x, kr_term *t, const kr_subst *s);

#endif
