/* kanrewrite/goal.h -- microKanren goals, states and relations. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_GOAL_H
#define KANREWRITE_GOAL_H

#include "unify.h"
#include "reify.h"

/**
 * @file kanrewrite/goal.h
 * A goal is a function from a state to a stream of states (microKanren).
 * Goals are built by the constructors below and combined with conjunction
 * and disjunction; nothing runs until the goal is applied to a state by
 * kr_run_start() (see stream.h).
 *
 * The search follows The Reasoned Schemer (2nd ed.) and faster-miniKanren:
 * disjunction is a binary, right-nested interleaving that swaps its two
 * streams whenever the left one suspends, conjunction binds the right goal
 * over the left goal's stream, and `conde`, relation calls (kr_rel_call)
 * and kr_suspend() each suspend once, so a branch that never produces an
 * answer cannot starve the others.
 */

typedef struct kr_state kr_state;
typedef struct kr_stream kr_stream;
typedef struct kr_goal kr_goal;
typedef struct kr_rel kr_rel;

/* ------------------------------------------------------------------ states */

/** The empty state: empty substitution, no constraints. */
const kr_state *kr_state_empty(void);

/** The substitution of a state. */
const kr_subst *kr_state_subst(const kr_state *st);

/**
 * st with u and v unified, or NULL when they do not unify.
 * Uses the occurs check when it is on (kr_set_occurs_check()).
 */
const kr_state *kr_state_unify(const kr_state *st, kr_term *u, kr_term *v);

/** st with another substitution (constraints kept). */
const kr_state *kr_state_with_subst(const kr_state *st, const kr_subst *s);

/**
 * Turn the occurs check of == on or off for the whole library (default on,
 * as in faster-miniKanren). Returns the previous setting.
 */
bool kr_set_occurs_check(bool on);

/* ------------------------------------------------------------------- goals */

/** Body of a goal written in C: the stream of states `st` leads to. */
typedef kr_stream *(*kr_goal_fn)(const kr_state *st, void *env);

/**
 * A goal written in C: applying it to a state calls fn(st, env).
 * Use it for non-relational helpers (kanren's style of reifying arguments
 * and branching in the host language). Errors: none; aborts on OOM.
 */
kr_goal *kr_goal_new(kr_goal_fn fn, void *env);

/** Apply a goal to a state. Returns the (possibly suspended) stream. */
kr_stream *kr_goal_apply(const kr_goal *g, const kr_state *st);

/** The goal that succeeds once (miniKanren's `succeed`, #s). */
kr_goal *kr_succeed(void);

/** The goal that never succeeds (miniKanren's `fail`, #u). */
kr_goal *kr_fail(void);

/** `(== u v)`: u and v unify. One answer or none. */
kr_goal *kr_eq(kr_term *u, kr_term *v);

/**
 * Conjunction of n goals (kanren's `lall`, miniKanren's `conj`): each goal
 * runs on every answer of the ones before it. n == 0 gives kr_succeed().
 * Does not suspend by itself.
 */
kr_goal *kr_conj(size_t n, kr_goal *const *goals);

/**
 * Disjunction of n goals (kanren's `lany`, miniKanren's `disj`): the answers
 * of all goals, interleaved as right-nested binary disjunctions.
 * n == 0 gives kr_fail(). Does not suspend by itself.
 */
kr_goal *kr_disj(size_t n, kr_goal *const *goals);

/**
 * `conde`: a disjunction of clauses, each a conjunction; suspends once
 * when applied (faster-miniKanren). Shape: clauses[i] are goals, typically
 * built with KR_ALL.
 */
kr_goal *kr_conde(size_t n, kr_goal *const *clauses);

/** The goal g, delayed by one suspension (miniKanren's `Zzz`/`inc`). */
kr_goal *kr_suspend(kr_goal *g);

/** `KR_ALL(g1, g2, ...)`: kr_conj() of the arguments. */
#define KR_ALL(...) \
	kr_conj(sizeof((kr_goal *[]){__VA_ARGS__}) / sizeof(kr_goal *), \
		(kr_goal *[]){__VA_ARGS__})

/** `KR_ANY(g1, g2, ...)`: kr_disj() of the arguments. */
#define KR_ANY(...) \
	kr_disj(sizeof((kr_goal *[]){__VA_ARGS__}) / sizeof(kr_goal *), \
		(kr_goal *[]){__VA_ARGS__})

/** `KR_CONDE(KR_ALL(...), KR_ALL(...), ...)`: kr_conde() of the clauses. */
#define KR_CONDE(...) \
	kr_conde(sizeof((kr_goal *[]){__VA_ARGS__}) / sizeof(kr_goal *), \
		 (kr_goal *[]){__VA_ARGS__})

/**
 * Fill out[0..n-1] with new logic variables (miniKanren's `fresh`, which in
 * C is simply making the variables before building the goal that uses them).
 */
void kr_fresh(size_t n, kr_term **out);

/* --------------------------------------------------------------- relations */

/**
 * Body of a relation written in C: builds the goal for one call.
 * Shape: args holds `arity` terms; env is the pointer given to kr_rel_new.
 */
typedef kr_goal *(*kr_rel_fn)(kr_term *const *args, void *env);

/**
 * A named relation of fixed arity (miniKanren's `defrel`). Relations are
 * values: they can be passed to higher-order relations such as kr_mapo().
 * Errors: none; aborts on OOM.
 */
kr_rel *kr_rel_new(const char *name, int arity, kr_rel_fn fn, void *env);

/** Name of a relation. */
const char *kr_rel_name(const kr_rel *r);

/** Arity of a relation. */
int kr_rel_arity(const kr_rel *r);

/**
 * The goal of calling r on args (copied). Applying it suspends once and
 * then builds the body with the relation's function, so recursive relations
 * are productive and their fresh variables are made per call.
 * Shape: args holds kr_rel_arity(r) terms.
 */
kr_goal *kr_rel_call(const kr_rel *r, kr_term *const *args);

/** `KR_CALL(rel, a, b)`: kr_rel_call() with the arguments. */
#define KR_CALL(rel, ...) kr_rel_call((rel), (kr_term *[]){__VA_ARGS__})

#endif
