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
 * streams whenever the left one suspends (faster-miniKanren's `mplus` with
 * the right branch computed only when needed), conjunction binds the right
 * goal over the left goal's stream, and `conde`, KR_FRESH/kr_fresh_call,
 * multi-goal relation bodies (kr_rel_call) and kr_suspend() each suspend
 * once, so that `run n` gives faster-miniKanren's first n answers in its
 * order and a branch that never produces an answer cannot starve others.
 * The constraint goals (=/=, absento, type constraints) are in
 * constraints.h.
 */

/** A search state: a substitution and a constraint store (opaque). */
typedef struct kr_state kr_state;
/** A lazy stream of states, as microKanren's $ (opaque). */
typedef struct kr_stream kr_stream;
/** A goal: a function from a state to a stream (opaque). */
typedef struct kr_goal kr_goal;
/** A named relation of fixed arity, as a `defrel` (opaque). */
typedef struct kr_rel kr_rel;

/* ------------------------------------------------------------------ states */

/** The empty state: empty substitution, no constraints. */
const kr_state *kr_state_empty(void);

/** The substitution of a state. */
const kr_subst *kr_state_subst(const kr_state *st);

/**
 * st with u and v unified, or NULL when they do not unify.
 * Uses the occurs check when it is on (kr_set_occurs_check()). Never binds
 * in place (see subst.h): a C goal may unify the same state many times
 * (a fact table does).
 */
const kr_state *kr_state_unify(const kr_state *st, kr_term *u, kr_term *v);

/**
 * st with another substitution (constraints kept). The constraints are not
 * re-checked against s: to bind variables that may be constrained, use
 * kr_state_unify().
 */
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
 * and branching in the host language). fn receives st in a new search
 * scope, so it may apply goals to st several times (branch by itself):
 * no variable is bound in place behind its back. Errors: none; aborts on
 * OOM.
 */
kr_goal *kr_goal_new(kr_goal_fn fn, void *env);

/**
 * Apply a goal to a state. Returns the (possibly suspended) stream.
 * The goal runs in a new search scope (see kr_goal_new()), so a state
 * may be given to several applications.
 */
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
 * Fill out[0..n-1] with new logic variables. In C, the variables of a
 * miniKanren `fresh` are made before the goal that uses them is built;
 * wrap the goals in KR_FRESH() to get `fresh`'s suspension as well.
 * Errors: none; aborts on OOM.
 */
void kr_fresh(size_t n, kr_term **out);

/**
 * `(fresh (x ...) g1 g2 ...)` with the variables made beforehand by
 * kr_fresh(): the conjunction of the goals, suspended once when applied,
 * exactly where faster-miniKanren's `fresh` suspends. Also `(fresh () g
 * ...)`, which is what a multi-goal `defrel` body is.
 */
#define KR_FRESH(...) kr_suspend(KR_ALL(__VA_ARGS__))

/** Body of kr_fresh_call(): the goal over n new variables `vars`. */
typedef kr_goal *(*kr_fresh_fn)(kr_term *const *vars, void *env);

/**
 * `(fresh (x1 ... xn) body)` where the variables are made anew each time
 * the goal is applied (as faster-miniKanren makes them): applying the goal
 * suspends once, then makes n variables, calls body(vars, env) and runs
 * the goal it returns. This is the form an interpreter (the REPL) uses.
 * Shape: n may be 0. Errors: none; aborts on OOM.
 */
kr_goal *kr_fresh_call(size_t n, kr_fresh_fn body, void *env);

/**
 * TRS2's `ifte`: if `test` has answers, `then` is run on each of them
 * (all of test's answers are kept: a soft cut); otherwise `otherwise` runs
 * on the original state. Waits for test's first answer without blocking
 * other branches (the wait suspends like test does). Not relational.
 */
kr_goal *kr_ifte(kr_goal *test, kr_goal *then, kr_goal *otherwise);

/**
 * kanren's `ifa(g1, g2)`: every answer of g1 when it has any, otherwise
 * the answers of g2 on the original state; kr_ifte(g1, kr_succeed(), g2),
 * a one-clause `conda` with a fallback. Not relational. Shape: two goals.
 * Errors: none; aborts on OOM. Cost: one object, as kr_ifte().
 */
kr_goal *kr_ifa(kr_goal *g1, kr_goal *g2);

/**
 * `onceo` (TRS2's `once`): the first answer of g only, or none. Not
 * relational: which answer is kept depends on the search order.
 */
kr_goal *kr_onceo(kr_goal *g);

/**
 * `conda` (soft cut, TRS2): clause i is heads[i] followed by bodies[i]; the
 * first clause whose head has an answer is committed to, with all the
 * head's answers; later clauses are not tried. Shape: n >= 1; bodies[i]
 * may be NULL for a head-only clause. Does not suspend by itself.
 */
kr_goal *kr_conda(size_t n, kr_goal *const *heads, kr_goal *const *bodies);

/**
 * `condu` (committed choice, TRS2): as kr_conda(), but only the first
 * answer of the committed head is kept (its head is wrapped in kr_onceo).
 */
kr_goal *kr_condu(size_t n, kr_goal *const *heads, kr_goal *const *bodies);

/**
 * Clause i (0-based) of a kr_conde_fn() disjunction, run on the state st
 * when the search reaches it: returns the clause's stream, NULL when it
 * fails. Written with kr_clause_eq() for the clause's leading == goals
 * and kr_clause_run()/KR_THEN() for the rest, a clause builds goals only
 * once its head has succeeded. Variables made inside the function
 * (kr_var_new, kr_fresh) belong to the clause's search scope, as those of
 * a kr_fresh_call() body do.
 */
typedef kr_stream *(*kr_clause_fn)(const kr_state *st, int i, void *env);

/**
 * `conde` whose n clauses are run by fn(st, i, env) one at a time, when
 * the search reaches each: the same answers in the same order as
 * kr_conde() over the goals the function runs (one suspension when
 * applied, clauses interleaved as faster-miniKanren's conde), without
 * building the clauses the search never reaches or that fail at their
 * first ==. The relations of relations/arith.c are written this way.
 * Shape: n >= 1. Errors: none; aborts on OOM. Cost: one node per clause
 * reached.
 */
kr_goal *kr_conde_fn(int n, kr_clause_fn fn, void *env);

/**
 * A clause (or fresh body) that ends in one `conde` of clause functions:
 * the stream kr_conde_fn(n, fn, env) gives on st, where env is a copy of
 * the nargs terms `args` (fn reads them as a kr_term *const *), without
 * making that goal. For the recursive relations written with clause
 * functions, such as membero: (fresh (a d) (conso a d l) (conde ...)).
 * Use on a clause function's st. Shape: n >= 1, nargs may be 0; the
 * terms are copied, so args may be the caller's local array (walked in
 * st when n >= 3, as kr_rel_new_conde's). Returns:
 * the conde's stream (one suspension, as faster-miniKanren's conde, then
 * its clauses interleaved). Errors: none; aborts on OOM. Cost: two
 * objects (the clauses with their terms, and one node).
 */
kr_stream *kr_clause_conde(const kr_state *st, int n, kr_clause_fn fn,
			   size_t nargs, kr_term *const *args);

/**
 * u == v inside a clause function: st extended (the clause's own
 * variables bound in place) or NULL when u and v do not unify. Use it only
 * on the state a kr_clause_fn was given, or one this function returned.
 */
const kr_state *kr_clause_eq(const kr_state *st, kr_term *u, kr_term *v);

/**
 * `(conso a d l)` inside a clause function, for a clause that reads
 * `(fresh (a d) (== (a . d) l) ...)`: each of *a and *d is either a term
 * (in) or NULL, which stands for a new variable of the clause and is set
 * to the term that variable would be bound to (out). When l walks to a
 * pair, a NULL part is set to the pair's car or cdr and a given part is
 * unified with it, so no variable and no pair is made; when l walks to
 * an atom (such as ()), NULL at once; otherwise the missing variables
 * are made (in the clause's scope) and (a . d) is unified with l, as
 * kr_clause_eq(). The answers and their order are
 * those of the `fresh` and `==` it replaces; only the variables the
 * answers never see are left out. Returns st extended, or NULL when l
 * cannot be a pair with those parts (*a and *d are then unspecified).
 * Use it as kr_clause_eq(): on the state a kr_clause_fn (or a
 * kr_fresh_run_fn) was given, or one these functions returned. Cost: a
 * walk of l, and the unification of the given parts.
 */
const kr_state *kr_clause_conso(const kr_state *st, kr_term **a,
				kr_term **d, kr_term *l);

/**
 * The rest of a clause: the conjunction of goals run on st (the state a
 * kr_clause_fn was given, or one kr_clause_eq() returned), as the clause's
 * remaining goals run in kr_conde(). Shape: n may be 0 (st itself).
 */
kr_stream *kr_clause_run(const kr_state *st, size_t n, kr_goal *const *goals);

/**
 * A clause that is `(fresh (x1 ... xn) body)`: the stream kr_fresh_call(n,
 * body, env) gives on st (one suspension, then the n variables and the
 * body's goal), without making that goal. Use on a clause function's st.
 */
kr_stream *kr_clause_fresh(const kr_state *st, size_t n, kr_fresh_fn body,
			   void *env);

/**
 * Body of kr_clause_fresh_run() and kr_fresh_run(): the stream of a
 * clause on st over its n new variables `vars`, written as a clause
 * function (kr_clause_eq() for its leading == goals, KR_THEN() for the
 * rest).
 */
typedef kr_stream *(*kr_fresh_run_fn)(const kr_state *st,
				      kr_term *const *vars, void *env);

/**
 * A clause that is `(fresh (x1 ... xn) g ...)`, run as a clause function:
 * one suspension, as kr_clause_fresh(), then the n variables (in the
 * clause's scope) and body(st, vars, env), which returns the stream of
 * the goals. The same answers in the same order as kr_clause_fresh()
 * with a body returning KR_ALL() of the same goals, without building the
 * goals a failing leading == would skip. Use on a clause function's st.
 * Shape: n may be 0. Errors: none; aborts on OOM. Cost: one node.
 */
kr_stream *kr_clause_fresh_run(const kr_state *st, size_t n,
			       kr_fresh_run_fn body, void *env);

/**
 * The goal `(fresh (x1 ... xn) g ...)` whose body is a kr_fresh_run_fn:
 * applying it gives kr_clause_fresh_run() on the state (one suspension,
 * as KR_FRESH() and kr_fresh_call()). For relation bodies (kr_rel_fn)
 * that are one `fresh`, such as TRS2's gen-addero and odd-*o.
 * Shape: n may be 0. Errors: none; aborts on OOM. Cost: one object.
 */
kr_goal *kr_fresh_run(size_t n, kr_fresh_run_fn body, void *env);

/** `KR_THEN(st, g1, g2, ...)`: kr_clause_run() with the goals. */
#define KR_THEN(st, ...) \
	kr_clause_run((st), sizeof((kr_goal *[]){__VA_ARGS__}) / \
			      sizeof(kr_goal *), (kr_goal *[]){__VA_ARGS__})

/** kanren's name for kr_conj(): `lall`. */
#define kr_lall kr_conj
/**
 * kanren's `lany` (also `ldisj`): kr_disj(), except that no goals at all
 * succeed once, as kanren's ldisj_seq does (miniKanren's empty `disj`
 * and `conde` fail). Shape: n goals, n may be 0. Errors: none; aborts on
 * OOM. Cost: as kr_disj().
 */
kr_goal *kr_lany(size_t n, kr_goal *const *goals);

/* --------------------------------------------------------------- relations */

/**
 * Body of a relation written in C: builds the goal for one call.
 * Shape: args holds `arity` terms; env is the pointer given to kr_rel_new.
 */
typedef kr_goal *(*kr_rel_fn)(kr_term *const *args, void *env);

/**
 * A named relation of fixed arity (miniKanren's `defrel`). Relations are
 * values: they can be passed to higher-order relations such as kr_mapo().
 * Shape: name (copied) not NULL, arity >= 0, fn not NULL (else API misuse,
 * aborts). Errors: none; aborts on OOM.
 */
kr_rel *kr_rel_new(const char *name, int arity, kr_rel_fn fn, void *env);

/**
 * A relation whose body is one `conde` of clause functions over the
 * call's arguments: clause i of a call on st is fn(st, i, args), args the
 * call's copied arguments (pass them as the clause's env). The same
 * answers in the same order, with the same steps, as kr_rel_new() with a
 * body returning kr_conde_fn(n, fn, args), but a call is one object and
 * builds no body goal (as faster-mk's defrel over a conde). With three
 * clauses or more, an argument bound in st reaches the clauses walked
 * (its value in st, as kr_walk gives it), so that they do not each walk
 * it again. Shape: n >= 1 clauses. Errors: none; aborts on OOM. Cost:
 * one object per call, one node per clause the search reaches, and one
 * more object when an argument is walked.
 */
kr_rel *kr_rel_new_conde(const char *name, int arity, int n,
			 kr_clause_fn fn);

/**
 * A relation whose body is one `(fresh (x1 ... xn) g ...)` written as a
 * kr_fresh_run_fn: a call on st gives kr_clause_fresh_run(st, n, body,
 * args), args the call's copied arguments. The same answers, order and
 * steps as kr_rel_new() with a body returning kr_fresh_run(n, body, args),
 * in one object per call. Shape: n may be 0. Errors: none; aborts on OOM.
 * Cost: one object per call and one node when it runs.
 */
kr_rel *kr_rel_new_fresh(const char *name, int arity, size_t n,
			 kr_fresh_run_fn body);

/** Name of a relation. */
const char *kr_rel_name(const kr_rel *r);

/** Arity of a relation. */
int kr_rel_arity(const kr_rel *r);

/**
 * The goal of calling r on args (copied): applying it builds the body with
 * the relation's function (so its fresh variables are made per call: make
 * them in the body, never keep them from one call to the next) and
 * runs it, as faster-miniKanren's `defrel`: when the body is a conjunction
 * of several goals (kr_conj()/KR_ALL with n >= 2) the call suspends once
 * first (`(fresh () g ...)`); a single-goal body (a conde, a KR_FRESH, an
 * ==, another call) runs without an extra suspension. Recursive relations
 * stay productive because `conde` and `fresh` suspend. The variables the
 * body makes belong to the search scope of the call, so == binds them in
 * place until the next branch (conde, disjunction, ifte); to get this for
 * the variables of a `fresh` inside a conde clause, make the clause with
 * kr_fresh_call(), which makes them when the clause runs, as
 * faster-miniKanren does.
 * Shape: args holds kr_rel_arity(r) terms.
 */
kr_goal *kr_rel_call(const kr_rel *r, kr_term *const *args);

/** `KR_CALL(rel, a, b)`: kr_rel_call() with the arguments. */
#define KR_CALL(rel, ...) kr_rel_call((rel), (kr_term *[]){__VA_ARGS__})

#endif
