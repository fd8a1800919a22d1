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
 * types given to kr_foreigno()). kanren's typeo and isinstanceo, with their
 * subkinds and their OR, are kr_typeo() and kr_isinstanceo().
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
 * t is a foreign atom of exactly that type, a type constraint of
 * faster-miniKanren's kind: disjoint from the others, reified as
 * `(NAME _.N)` with the type's name. Shape: `type` outlives the runs
 * (usually static). An expandable foreign atom (a graph Variable with an
 * owner) satisfies the constraint of its own type. Errors: none; aborts
 * on OOM. Cost: O(1) when applied and per later binding.
 */
kr_goal *kr_foreigno(kr_term *t, const kr_foreign_type *type);

/**
 * kanren's `typeo(t, type)`: t is exactly of the kind `type` designates,
 * as Python's `type(t) == type`. A designator is a symbol naming a kind,
 * a symbol given to a foreign type by kr_kind_define(), or a foreign atom
 * standing for its own type:
 *
 *     int integer | real float | string str | symbol | boolean bool
 *     null | list (null or a proper list) | pair (any other pair)
 *     etuple | number (int or real) | any object (everything)
 *
 * `number`, `any` and `null` are kinds of isinstanceo only: nothing is
 * exactly of them (as nothing is `type(x) == numbers.Number`), apart from
 * '(), which is exactly a null and a list.
 * Shape: t any term; type a designator or a term that becomes one (a
 * variable bound later, as kanren allows). The constraint waits while t,
 * the end of t's spine when t is a pair, or type is unbound, and is
 * decided when they are bound; it fails once type is known and is not a
 * designator (`typeo(1, 1)` has no answer). Reified, while it waits, as
 * `(typeo (t type))`. Where kanren raises ValueError for two typeo on one
 * term, both must hold here: on a term still unknown, two kinds that
 * nothing is exactly of at once (all but null and list) fail at once, and
 * one kind twice is kept once. A pair whose spine ends in an etuple is
 * an etuple (as `cons(x, etuple)` is). Errors: none; aborts on OOM.
 * Cost: one walk of t's spine per decision attempt.
 */
kr_goal *kr_typeo(kr_term *t, kr_term *type);

/**
 * kanren's `isinstanceo(t, type)`: t is of the kind `type` designates or
 * of one of its subkinds (int and real are numbers, null and non-empty
 * proper lists are lists, every pair and every non-empty etuple is a
 * pair, as a ConsPair instance in kanren, everything is `any`);
 * designators as for kr_typeo(). As in kanren, several isinstanceo on one
 * unbound variable are one constraint that any of their types satisfies:
 * `(isinstanceo x 'int) (isinstanceo x 'etuple)` lets x be either.
 * Reified, while it waits, as `(isinstanceo (t type ...))`. Errors: none;
 * aborts on OOM. Cost: as kr_typeo(), plus one walk of the types merged
 * on the variable.
 */
kr_goal *kr_isinstanceo(kr_term *t, kr_term *type);

/**
 * Let the symbol `name` designate the foreign type `type` in kr_typeo()
 * and kr_isinstanceo(); the graph layer defines `op` and `variable`.
 * Returns: 0; KR_EEXISTS when name is a built-in kind or names another
 * type already (defining the same pair again is 0). Cost: designators are
 * looked up by name, linearly in the defined names.
 */
int kr_kind_define(const char *name, const kr_foreign_type *type);

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
 * `(v (=/= ...) (num ...) (str ...) (sym ...) (TYPE ...) (absento ...)
 * (typeo ...) (isinstanceo ...))`
 * holding only the non-empty parts, with the constraints on reified
 * variables of v (constraints on variables absent from v are dropped, as
 * are ones subsumed by others), each part sorted as faster-miniKanren
 * sorts it. kr_run() and kr_run_next() return this form; the REPL prints
 * it with kr_term_fprint().
 * Cost: O(answer size + constraints on its variables), independent of the
 * size of the substitution.
 */
kr_term *kr_reify_state(kr_term *q, const kr_state *st);

/**
 * Number of variables holding constraints in st (for tests and
 * diagnostics); a variable whose constraints went when it was bound is
 * not counted. Cost: O(variables that ever held one in st).
 */
size_t kr_state_constraint_count(const kr_state *st);

#endif
