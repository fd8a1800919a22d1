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
 * Most general unifier of u and v extending s.
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
 */
const kr_subst *kr_unify_check(kr_term *u, kr_term *v, const kr_subst *s);

/**
 * True when variable x occurs in t under s.
 * Cost: O(size of the non-ground part of t), counted as a graph (a
 * subterm shared by several paths is searched once).
 */
bool kr_occurs(const kr_term *x, kr_term *t, const kr_subst *s);

#endif
