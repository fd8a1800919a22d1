/* kanrewrite/constraints.h -- disequality, absento and type constraints. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_CONSTRAINTS_H
#define KANREWRITE_CONSTRAINTS_H

#include "goal.h"

/**
 * @file kanrewrite/constraints.h
 * The constraints of faster-miniKanren, with its semantics: a constraint on
 * terms that are not yet known is kept in the state's constraint store,
 * attached to the variables involved, and re-checked whenever one of them
 * is bound (by ==, or another constraint). A run's answers are reified with
 * the constraints that concern them (kr_reify_state()), printed as
 * faster-miniKanren prints them:
 *
 *     (_.0 (=/= ((_.0 x))))      (_.0 (sym _.0))      (_.0 (absento (a _.0)))
 *
 * Type constraints are disjoint from each other and from pairs; each type
 * has infinitely many values (numbers, strings, symbols, and the foreign
 * types given to kr_typeo()).
 */

/**
 * `(=/= u v)`, kanren's `neq`: u and v must never become equal.
 * Shape: any terms. Returns: a goal with one answer (the constraint stored
 * when u and v can still become equal) or none (they are equal already).
 * Cost: one unification when applied, one per later binding of a variable
 * the constraint is attached to. Errors: none; aborts on OOM.
 */
kr_goal *kr_neq(kr_term *u, kr_term *v);

/**
 * `(symbolo t)`: t is a symbol (or will be). Reified as `(sym _.N)`.
 * Fails at once when t is something else, or a variable that already has
 * another type constraint.
 */
kr_goal *kr_symbolo(kr_term *t);

/** `(numbero t)`: t is an integer or a real. Reified as `(num _.N)`. */
kr_goal *kr_numbero(kr_term *t);

/** `(stringo t)`: t is a string. Reified as `(str _.N)`. */
kr_goal *kr_stringo(kr_term *t);

/**
 * kanren's `typeo`/`isinstanceo` for foreign atoms (Ops, graph Variables):
 * t is a foreign atom of exactly that type (foreign types have no
 * subtyping, so both kanren goals mean the same here). Reified as
 * `(NAME _.N)` with the type's name. Shape: `type` outlives the runs
 * (usually static). An expandable foreign atom (a graph Variable with an
 * owner) satisfies the constraint of its own type.
 */
kr_goal *kr_typeo(kr_term *t, const kr_foreign_type *type);

/**
 * `(absento a t)`: a occurs nowhere in t (t is not a, nor holds it in a
 * pair or etuple), now or later. Shape: a is any term (faster-miniKanren's
 * generalized absento). Reified as `(absento (a _.N))`.
 * Cost: proportional to the walked size of t when applied.
 */
kr_goal *kr_absento(kr_term *a, kr_term *t);

/**
 * The answer `q` in state st as faster-miniKanren prints it: kr_reify() of
 * q when no constraint concerns the answer, else the list
 * `(v (=/= ...) (num ...) (str ...) (sym ...) (TYPE ...) (absento ...))`
 * holding only the non-empty parts, with the constraints on reified
 * variables of v (constraints on variables absent from v are dropped, as
 * are ones subsumed by others), each part sorted as faster-miniKanren
 * sorts it. kr_run() and kr_run_next() return this form; the REPL prints
 * it with kr_print.
 * Cost: O(answer size + constraints on its variables), independent of the
 * size of the substitution.
 */
kr_term *kr_reify_state(kr_term *q, const kr_state *st);

/**
 * Number of variables holding constraints in st (for tests and
 * diagnostics). Cost: O(1).
 */
size_t kr_state_constraint_count(const kr_state *st);

#endif
