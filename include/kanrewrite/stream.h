/* kanrewrite/stream.h -- answer streams and run. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_STREAM_H
#define KANREWRITE_STREAM_H

#include "goal.h"

/**
 * @file kanrewrite/stream.h
 * Streams of states, as in microKanren: empty (NULL), mature (a state
 * followed by a stream) or suspended (a step still to take). Goals written
 * in C build their result with these constructors; users usually only call
 * kr_run() or the lazy iterator kr_run_start()/kr_run_next().
 *
 * A stream is evaluated once: a goal function passes each stream it holds
 * on exactly once (returns it, or gives it to one kr_stream_mplus() or
 * kr_stream_bind()). The engine relies on this to rewrite the nodes it
 * makes itself in place while it searches, instead of allocating a new
 * node per level at every step; to use the answers of a goal twice, apply
 * the goal twice (kr_goal_apply()).
 */

/** The stream of one state. */
kr_stream *kr_stream_unit(const kr_state *st);

/**
 * The state st followed by the stream rest (evaluated only when the run
 * needs the answers after st). rest may be NULL: a single answer.
 */
kr_stream *kr_stream_cons(const kr_state *st, kr_stream *rest);

/**
 * A suspended stream: forcing it calls fn(env) once for the next stream.
 * This is a step of the search: disjunction swaps its branches here.
 */
kr_stream *kr_stream_suspend(kr_stream *(*fn)(void *env), void *env);

/**
 * The answers of a then b, interleaved as faster-miniKanren's mplus: b is
 * only evaluated when a is exhausted, when a suspends (the result
 * suspends with the roles swapped) or after a's first answer
 * (`(c . f) ++ b` = `(c . b ++ f)`). Lazy: returns a pending stream that
 * the run evaluates; NULL when both are NULL, the other one when one is.
 * Cost: O(1); evaluation uses no C recursion.
 */
kr_stream *kr_stream_mplus(kr_stream *a, kr_stream *b);

/**
 * g applied to every state of s, the results interleaved as faster-mk's
 * bind: `bind((c . f), g)` = `(g c) ++ bind(f, g)`. Lazy as
 * kr_stream_mplus(); NULL when s is NULL. Cost: O(1).
 */
kr_stream *kr_stream_bind(kr_stream *s, const kr_goal *g);

/* --------------------------------------------------------------------- run */

/** A lazy run: answers taken one at a time. */
typedef struct kr_runner kr_runner;

/**
 * Start running goal g (the query term q is what answers are read from).
 * No step is taken until kr_run_next() or kr_run_next_state().
 */
kr_runner *kr_run_start(kr_term *q, const kr_goal *g);

/**
 * Stop kr_run_next() after this many suspensions forced in total (0, the
 * default, means no limit). A limited run returns KR_ELIMIT.
 */
void kr_run_set_step_limit(kr_runner *r, uint64_t steps);

/**
 * Ask every run in progress to stop (on true) or let runs go on again
 * (false). While asked, kr_run_next() and kr_run_next_state() return
 * KR_ELIMIT ("run: interrupted") at the run's next suspension, keeping
 * their place as a step limit does; a search that never suspends is
 * made to suspend (see kr_run_next_state()). Async-signal-safe: a SIGINT
 * handler or a kr_memory_on_growth() hook may call it. Nested runs (a
 * goal that runs a query) stop too. The REPL's Ctrl-C and memory limit.
 */
void kr_run_interrupt(bool on);

/**
 * Whether a stop is asked (kr_run_interrupt(true) and not yet taken back).
 * The rewriters ask it before each node they process, and when a node
 * rewriter fails: a stop ends the whole rewrite with KR_ELIMIT (or the
 * failure's error), never handed to the failure callback, as a
 * KeyboardInterrupt passes the `except Exception` of PyTensor's
 * rewriters. Async-signal-safe.
 */
bool kr_run_interrupted(void);

/**
 * Make r's steps part of the step of the run whose goal drives r (a
 * branch taken one step at a time inside another run's goal, as
 * kr_lany_kanren() does): the work of one step of the driving run,
 * bounded so that step limits and interrupts reach a search that never
 * suspends (kr_run_next()), then counts r's work too, and r's steps
 * count as steps of the driving run (its step limit bounds them), however
 * deep such runs nest. Any other run driven inside a step has a bound of
 * its own. Default: off. Cost: none.
 */
void kr_run_set_part_of_step(kr_runner *r, bool part);

/**
 * Give each answer once: an answer equal (kr_equal()) to one given before
 * is skipped, as kanren's `run(..., results_filter=toolz.unique)`. The
 * filter comes before the count, so `run n` gives n distinct answers.
 * Applies to kr_run_next() and kr_run_next_state() (which compares the
 * reified answers of the states). Cost: one hash and one reification per
 * answer, and memory for every distinct answer given.
 */
void kr_run_set_unique(kr_runner *r, bool unique);

/** Suspensions forced so far by this run. */
uint64_t kr_run_steps(const kr_runner *r);

/**
 * The next answer: q reified with its constraints as faster-miniKanren
 * prints it (kr_reify_state(); kr_reify() when there is no constraint).
 * Returns: 0 and *out set; KR_EOF when there are no more answers;
 * KR_ELIMIT when the step limit was reached (the run may be resumed after
 * raising the limit) or the run was interrupted (kr_run_interrupt(),
 * taken within a step too); KR_EINVALID when the answer is a cyclic
 * term (kr_walk_star(); the run may go on to the next answer).
 * A search that goes on for 2^18 operations of the engine without a
 * suspension (goals recursing through kr_goal_new() or kr_disj(), which
 * do not suspend as faster-miniKanren's defrel and conde do) is made to
 * suspend there, a step like any other, so that the step limit and an
 * interrupt still stop it; being a suspension, it lets the other branches
 * of the search go first, so the order of such a search's answers may
 * differ from one that never met it. No faster-miniKanren program comes
 * near that.
 */
int kr_run_next(kr_term **out, kr_runner *r);

/**
 * The next answer state, for callers that read several terms through it.
 * Returns: 0 and *out set; KR_EOF; KR_ELIMIT as kr_run_next(); with
 * kr_run_set_unique() on, which reifies each state, KR_EINVALID for a
 * cyclic answer (as kr_run_next()).
 */
int kr_run_next_state(const kr_state **out, kr_runner *r);

/**
 * `run n` / `run*`: the list of at most n reified answers (all answers when
 * n < 0). Shape: returns a proper list of terms. Does not return if the
 * goal has fewer than n answers and diverges (as in miniKanren). Stops at
 * an error of kr_run_next() (a cyclic answer, or KR_ELIMIT when
 * kr_run_interrupt() is on): the list holds the answers before it and the
 * error is left in kr_error_last() (clear it first to tell a short list
 * from an error).
 */
kr_term *kr_run(long n, kr_term *q, const kr_goal *g);

/**
 * kr_run() with each answer given once (kr_run_set_unique()): kanren's
 * `run(n, q, g, results_filter=toolz.unique)`. Also kanren's convention
 * for n: n <= 0 asks for every answer here, as kanren's run(0, ...).
 */
kr_term *kr_run_unique(long n, kr_term *q, const kr_goal *g);

#endif
