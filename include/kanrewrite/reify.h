/* kanrewrite/reify.h -- substitution into terms and miniKanren reification. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_REIFY_H
#define KANREWRITE_REIFY_H

#include "subst.h"

/**
 * @file kanrewrite/reify.h
 * Two ways of reading a term through a substitution:
 *  - kr_walk_star() (miniKanren's `walk*`, Python unification's `reify`)
 *    replaces bound variables by their values, deeply, and leaves unbound
 *    variables in place;
 *  - kr_reify() (miniKanren's `reify`) does the same and then names the
 *    unbound variables `_.0`, `_.1`, ... in order of first appearance
 *    (left to right, depth first), as miniKanren prints answers.
 */

/**
 * Deep substitution of s into t.
 * Returns: t itself when nothing changed (so etuples keep their evaluated
 * object), otherwise a new term; an etuple stays an etuple.
 * Cost: O(size of the result's non-ground part); ground subterms are
 * returned in O(1). Expandable foreign atoms are left as atoms.
 * Errors: aborts on OOM. A term that is cyclic under s (possible only
 * with bindings made without the occurs check: kr_unify(), or == with
 * kr_set_occurs_check(false)) has no finite walk: once a walk has
 * visited 2^16 nodes it checks for a cycle (linear in the term's shared
 * graph) and, on one, sets the library error KR_EINVALID and returns t
 * walked one level (kr_walk()). kr_run_next() reports such an answer as
 * KR_EINVALID. A finite term pays one counter per node.
 */
kr_term *kr_walk_star(kr_term *t, const kr_subst *s);

/**
 * miniKanren reification: kr_walk_star(), then every unbound variable is
 * replaced by the symbol `_.N`, N counting distinct variables from 0 in
 * order of first appearance.
 * Cost: O(size of the answer), independent of the size of s. A cyclic
 * term: as kr_walk_star().
 */
kr_term *kr_reify(kr_term *t, const kr_subst *s);

/**
 * The substitution that names the unbound variables of t (after walking
 * through s) `_.0`, `_.1`, ... starting at `_.{start}`: the reification
 * substitution, used by constraint reification.
 * Returns: s extended with one binding per unbound variable of t.
 * Cost: O(walked size of t) plus one kr_subst_extend() per variable named.
 * On a cyclic term, names the variables met in its first 2^16 nodes, with
 * the error of kr_walk_star().
 */
const kr_subst *kr_reify_names(kr_term *t, const kr_subst *s, size_t start);

/**
 * True when t has no unbound variable once walked through s (Python
 * unification's `isground(t, s)`; kr_is_ground() is the same test with an
 * empty s). Cost: stops at the first unbound variable; O(walked size of
 * t) when there is none, ground subterms in O(1). A cyclic term with no
 * unbound variable in its first 2^16 nodes counts as ground (error as
 * kr_walk_star()).
 */
bool kr_is_ground_in(kr_term *t, const kr_subst *s);

/**
 * The unbound variables of t walked through s, each once, in order of
 * first appearance (left to right, depth first, as kr_reify() names
 * them): Python unification's `unground_lvars(t, s)`, as a proper list.
 * Returns: () when t is ground in s. Cost: O(walked size of t). On a
 * cyclic term, the variables met in its first 2^16 nodes, and the error
 * of kr_walk_star().
 */
kr_term *kr_unground_vars(kr_term *t, const kr_subst *s);

#endif
