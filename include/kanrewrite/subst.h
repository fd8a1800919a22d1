/* kanrewrite/subst.h -- persistent substitutions and walk. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_SUBST_H
#define KANREWRITE_SUBST_H

#include "term.h"

/**
 * @file kanrewrite/subst.h
 * A substitution maps logic variables to terms. It is persistent: extending
 * one returns a new substitution and leaves the old one valid and unchanged,
 * so the branches of a search share structure. The representation is a hash
 * array mapped trie keyed by variable id (16-way, bitmap-compressed), so
 * lookup and extension cost O(log16 n) whatever the search has done before.
 * Bindings are triangular (a variable may be bound to a term holding other
 * bound variables); kr_walk() follows variable-to-variable chains.
 *
 * During a run the goal engine also binds some variables in place, as
 * faster-miniKanren's set-var-val! does: a variable made while a relation
 * body is built (see goal.h) and bound by == before any branch of the
 * search is stored in the variable itself, since only one state can ever
 * see it. kr_subst_lookup() and kr_walk() see such bindings whatever the
 * substitution; kr_subst_size() and kr_subst_foreach() do not count them.
 * Variables made outside a run are never bound in place.
 */

/** A persistent substitution (opaque, immutable; see the file comment). */
typedef struct kr_subst kr_subst;

/** The empty substitution (a shared, non-NULL value). */
const kr_subst *kr_subst_empty(void);

/** Number of bindings in the trie (not those made in place). Cost: O(1). */
size_t kr_subst_size(const kr_subst *s);

/**
 * The binding of variable v in s (or in v itself, when the engine bound it
 * in place), or NULL when v is unbound there. Cost: O(log16 n).
 */
kr_term *kr_subst_lookup(const kr_subst *s, const kr_term *v);

/**
 * s extended with v -> t.
 * Shape: v is a variable (a binding it has in s is replaced), and t does
 * not lead back to v through s: a binding of v to itself, directly or
 * through a chain, would make walks loop. No other occurs check is done
 * here.
 * Returns: a new substitution; s is unchanged. Cost: O(log16 n) time and
 * memory, plus a walk of t's chain through s, and of t's own structure
 * (not through bindings) that flags its variables as referenced for the
 * occurs check's fast path.
 * Errors: none; aborts on OOM, and asserts the shape (API misuse).
 */
const kr_subst *kr_subst_extend(const kr_subst *s, kr_term *v, kr_term *t);

/**
 * Call fn(v, t, data) for every binding of the trie (not those made in
 * place), in no specified order; stops early when fn returns false.
 */
void kr_subst_foreach(const kr_subst *s,
		      bool (*fn)(kr_term *v, kr_term *t, void *data),
		      void *data);

/**
 * Walk: follow t through s while it is a bound variable.
 * Returns: a non-variable term or an unbound variable.
 * Cost: O(chain length * log16 n). Terminates because a substitution never
 * binds a variable to itself, directly or through a chain.
 */
kr_term *kr_walk(kr_term *t, const kr_subst *s);

#endif
