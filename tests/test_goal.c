/* test_goal.c -- tests of states, streams, goals, relations and run. */
/* See the LICENSE file for copying conditions. */
#include <inttypes.h>

#include "suites.h"

/*
 * Expected answer orders were worked out by hand and checked against a
 * separate model of the TRS2 search (append-inf with the swap on
 * suspension, conde and relation calls suspending once).
 */

/* ------------------------------------------------------------------ helpers */

static kr_term *sym(const char *s) { return kr_sym(s); }

static kr_term *num(int64_t i) { return kr_int(i); }

/* The printed list of the answers of run n. */
static const char *run_str(long n, kr_term *q, kr_goal *g)
{
	return t_str(kr_run(n, q, g));
}

static size_t list_len(kr_term *l)
{
	long n = kr_list_length(l);
	ck_assert_int_ge(n, 0);
	return (size_t)n;
}

/* (defrel (nevero x) (nevero x)) */
static kr_goal *nevero_body(kr_term *const *args, void *env)
{
	return KR_CALL(*(kr_rel **)env, args[0]);
}

static kr_goal *nevero(kr_term *x)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("nevero", 1, nevero_body, &rel);
	return KR_CALL(rel, x);
}

/* (defrel (alwayso x) (conde (succeed) ((alwayso x)))) */
static kr_goal *alwayso_body(kr_term *const *args, void *env)
{
	return KR_CONDE(kr_succeed(), KR_CALL(*(kr_rel **)env, args[0]));
}

static kr_goal *alwayso(kr_term *x)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("alwayso", 1, alwayso_body, &rel);
	return KR_CALL(rel, x);
}

/* (defrel (nato n)
 *   (conde ((== n 'z)) ((fresh (m) (nato m) (== n `(s ,m)))))) */
static kr_goal *nato_body(kr_term *const *args, void *env)
{
	kr_term *m = kr_var_new("m");
	return KR_CONDE(kr_eq(args[0], sym("z")),
			KR_ALL(KR_CALL(*(kr_rel **)env, m),
			       kr_eq(args[0], KR_LIST(sym("s"), m))));
}

static kr_goal *nato(kr_term *n)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("nato", 1, nato_body, &rel);
	return KR_CALL(rel, n);
}

/* (defrel (fnato n)
 *   (conde ((== n 'z)) ((fresh (m) (fnato m) (== n `(s ,m)))))):
 * nato with faster-mk's suspension at its fresh */
static kr_goal *fnato_body(kr_term *const *args, void *env)
{
	kr_term *m = kr_var_new("m");
	return KR_CONDE(kr_eq(args[0], sym("z")),
			kr_suspend(KR_ALL(KR_CALL(*(kr_rel **)env, m),
					  kr_eq(args[0],
						KR_LIST(sym("s"), m)))));
}

static kr_goal *fnato(kr_term *n)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("fnato", 1, fnato_body, &rel);
	return KR_CALL(rel, n);
}

/* (defrel (lefto x) (conde ((== x 'z)) ((lefto x) (== x 'z)))) */
static kr_goal *lefto_body(kr_term *const *args, void *env)
{
	return KR_CONDE(kr_eq(args[0], sym("z")),
			KR_ALL(KR_CALL(*(kr_rel **)env, args[0]),
			       kr_eq(args[0], sym("z"))));
}

static kr_goal *lefto(kr_term *x)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("lefto", 1, lefto_body, &rel);
	return KR_CALL(rel, x);
}

/*
 * One-step rewriting (the ruleo/stepo benchmark program), ported with a
 * kr_suspend() wherever faster-miniKanren's `fresh` suspends, to compare
 * the search order with faster-miniKanren's answers.
 */
static kr_goal *fresh_all(size_t n, kr_goal *const *goals)
{
	return kr_suspend(kr_conj(n, goals));
}

#define FRESH_ALL(...) \
	fresh_all(sizeof((kr_goal *[]){__VA_ARGS__}) / sizeof(kr_goal *), \
		  (kr_goal *[]){__VA_ARGS__})

static kr_goal *ruleo_body(kr_term *const *args, void *env)
{
	(void)env;
	kr_term *t = args[0], *u = args[1], *v[11];
	kr_term *add = sym("add"), *dot = sym("dot");
	kr_fresh(11, v);
	return KR_CONDE(
		FRESH_ALL(kr_eq(t, KR_LIST(add, v[0], v[1])),
			  kr_eq(u, KR_LIST(add, v[1], v[0]))),
		FRESH_ALL(kr_eq(t, KR_LIST(dot, v[2], v[3])),
			  kr_eq(u, KR_LIST(dot, v[3], v[2]))),
		FRESH_ALL(kr_eq(t, KR_LIST(dot, v[4], KR_LIST(add, v[5], v[6]))),
			  kr_eq(u, KR_LIST(add, KR_LIST(dot, v[4], v[5]),
					   KR_LIST(dot, v[4], v[6])))),
		FRESH_ALL(kr_eq(t, KR_LIST(add, v[7], KR_LIST(add, v[8], v[9]))),
			  kr_eq(u, KR_LIST(add, KR_LIST(add, v[7], v[8]),
					   v[9]))));
}

static kr_goal *stepo_body(kr_term *const *args, void *env)
{
	static kr_rel *ruleo;
	if (!ruleo)
		ruleo = kr_rel_new("ruleo", 2, ruleo_body, NULL);
	kr_rel *stepo = *(kr_rel **)env;
	kr_term *t = args[0], *u = args[1], *v[8];
	kr_fresh(8, v);
	return KR_CONDE(
		KR_CALL(ruleo, t, u),
		FRESH_ALL(kr_eq(t, KR_LIST(v[0], v[1], v[2])),
			  kr_eq(u, KR_LIST(v[0], v[3], v[2])),
			  KR_CALL(stepo, v[1], v[3])),
		FRESH_ALL(kr_eq(t, KR_LIST(v[4], v[5], v[6])),
			  kr_eq(u, KR_LIST(v[4], v[5], v[7])),
			  KR_CALL(stepo, v[6], v[7])));
}

static kr_goal *stepo(kr_term *t, kr_term *u)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("stepo", 2, stepo_body, &rel);
	return KR_CALL(rel, t, u);
}

/* A goal written in C giving n states, q = 0 .. n-1, as one mature stream. */
static kr_stream *count_fn(const kr_state *st, void *env)
{
	kr_term *const *e = env;
	int64_t n = kr_int_value(e[1]);
	kr_stream *s = NULL;
	for (int64_t i = n; i-- > 0;)
		s = kr_stream_cons(kr_state_unify(st, e[0], num(i)), s);
	return s;
}

static kr_goal *counto(kr_term *q, int64_t n)
{
	kr_term **env = kr_alloc(2 * sizeof *env);
	env[0] = q;
	env[1] = num(n);
	return kr_goal_new(count_fn, env);
}

/* ------------------------------------------------------------------- states */

START_TEST(test_state_basics)
{
	const kr_state *e = kr_state_empty();
	ck_assert_ptr_nonnull(e);
	ck_assert_ptr_eq(e, kr_state_empty());
	ck_assert_uint_eq(kr_subst_size(kr_state_subst(e)), 0);
	kr_term *x = kr_var_new("x");
	const kr_state *s1 = kr_state_unify(e, x, num(1));
	ck_assert_ptr_nonnull(s1);
	ck_assert_uint_eq(kr_subst_size(kr_state_subst(s1)), 1);
	ck_assert(kr_equal(kr_walk(x, kr_state_subst(s1)), num(1)));
	/* the empty state is unchanged (persistence) */
	ck_assert_uint_eq(kr_subst_size(kr_state_subst(e)), 0);
	ck_assert_ptr_null(kr_state_unify(s1, x, num(2)));
	ck_assert_ptr_eq(kr_state_unify(s1, x, num(1)), s1);
	const kr_state *s2 = kr_state_with_subst(e, kr_state_subst(s1));
	ck_assert_ptr_eq(kr_state_subst(s2), kr_state_subst(s1));
}
END_TEST

START_TEST(test_occurs_check)
{
	kr_term *q = kr_var_new("q");
	kr_goal *g = kr_eq(q, KR_LIST(num(1), q));
	ck_assert(kr_set_occurs_check(true));
	ck_assert_str_eq(run_str(-1, q, g), "()");
	ck_assert(kr_set_occurs_check(false));
	kr_runner *r = kr_run_start(q, g);
	const kr_state *st;
	ck_assert_int_eq(kr_run_next_state(&st, r), 0);
	ck_assert_uint_eq(kr_subst_size(kr_state_subst(st)), 1);
	ck_assert_int_eq(kr_run_next_state(&st, r), KR_EOF);
	ck_assert(!kr_set_occurs_check(true));
	/* a non-cyclic binding is unaffected by the check */
	ck_assert_str_eq(run_str(-1, q, kr_eq(q, KR_LIST(num(1), num(2)))),
			 "((1 2))");
}
END_TEST

/* -------------------------------------------------------------- basic goals */

START_TEST(test_succeed_fail_eq)
{
	kr_term *q = kr_var_new("q");
	ck_assert_str_eq(run_str(-1, q, kr_succeed()), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_fail()), "()");
	ck_assert_str_eq(run_str(-1, q, kr_eq(q, sym("pea"))), "(pea)");
	ck_assert_str_eq(run_str(-1, q, kr_eq(sym("pea"), sym("pod"))), "()");
	kr_term *x = kr_var_new("x");
	ck_assert_str_eq(run_str(-1, q, kr_eq(q, KR_LIST(x, x))),
			 "((_.0 _.0))");
	ck_assert_str_eq(run_str(0, q, kr_succeed()), "()");
}
END_TEST

START_TEST(test_conj_disj)
{
	kr_term *q = kr_var_new("q");
	ck_assert_ptr_eq(kr_conj(0, NULL), kr_succeed());
	ck_assert_ptr_eq(kr_disj(0, NULL), kr_fail());
	ck_assert_str_eq(run_str(-1, q, kr_conj(0, NULL)), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_disj(0, NULL)), "()");
	/* kanren's lany of no goals succeeds (its ldisj_seq) */
	ck_assert_str_eq(run_str(-1, q, kr_lany(0, NULL)), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_lany(2, (kr_goal *[]){
						    kr_eq(q, num(1)),
						    kr_eq(q, num(2))})),
			 "(1 2)");
	ck_assert_str_eq(run_str(-1, q, KR_ANY(kr_eq(q, num(1)),
					       kr_eq(q, num(2)),
					       kr_eq(q, num(3)))),
			 "(1 2 3)");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(q, num(1)),
					       kr_eq(q, num(2)))),
			 "()");
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_goal *g = KR_ALL(KR_ANY(kr_eq(x, num(1)), kr_eq(x, num(2))),
			    KR_ANY(kr_eq(y, sym("a")), kr_eq(y, sym("b"))),
			    kr_eq(q, KR_LIST(x, y)));
	/* faster-mk's mplus interleaves: (c . f) ++ g = (c . g ++ f) */
	ck_assert_str_eq(run_str(-1, q, g), "((1 a) (2 a) (1 b) (2 b))");
}
END_TEST

START_TEST(test_conde)
{
	kr_term *q = kr_var_new("q");
	ck_assert_str_eq(run_str(-1, q, KR_CONDE(kr_eq(q, num(1)),
						 kr_eq(q, num(2)))),
			 "(1 2)");
	ck_assert_str_eq(run_str(-1, q, kr_conde(0, NULL)), "()");
	/* nested conde: the first branch suspends, so 3 comes first */
	kr_goal *g = KR_ANY(KR_CONDE(kr_eq(q, num(1)), kr_eq(q, num(2))),
			    kr_eq(q, num(3)),
			    KR_CONDE(kr_eq(q, num(4)),
				     KR_CONDE(kr_eq(q, num(5)),
					      kr_eq(q, num(6)))));
	ck_assert_str_eq(run_str(-1, q, g), "(3 1 2 4 5 6)");
	kr_goal *h = KR_CONDE(KR_CONDE(kr_eq(q, num(1)), kr_eq(q, num(2))),
			      KR_CONDE(kr_eq(q, num(3)), kr_eq(q, num(4))));
	/* both inner condes suspend: the second runs before 2 (swap) */
	ck_assert_str_eq(run_str(-1, q, h), "(1 3 2 4)");
}
END_TEST

START_TEST(test_fresh)
{
	kr_term *v[3];
	kr_fresh(3, v);
	for (int i = 0; i < 3; i++)
		ck_assert(kr_is_var(v[i]));
	ck_assert(!kr_equal(v[0], v[1]));
	ck_assert(!kr_equal(v[1], v[2]));
	kr_term *q = kr_var_new("q");
	kr_goal *g = KR_ALL(kr_eq(v[0], v[1]),
			    kr_eq(q, KR_LIST(v[0], v[1], v[2])));
	ck_assert_str_eq(run_str(-1, q, g), "((_.0 _.0 _.1))");
}
END_TEST

/* ----------------------------------------------------- suspension and steps */

START_TEST(test_suspend_steps)
{
	kr_term *q = kr_var_new("q");
	kr_runner *r = kr_run_start(q, kr_suspend(kr_eq(q, num(7))));
	ck_assert_uint_eq(kr_run_steps(r), 0);
	kr_term *a;
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "7");
	ck_assert_uint_eq(kr_run_steps(r), 1);
	ck_assert_int_eq(kr_run_next(&a, r), KR_EOF);
	ck_assert_int_eq(kr_run_next(&a, r), KR_EOF);
	/* a goal without suspension takes no step */
	r = kr_run_start(q, KR_ANY(kr_eq(q, num(1)), kr_eq(q, num(2))));
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "2");
	ck_assert_int_eq(kr_run_next(&a, r), KR_EOF);
	ck_assert_uint_eq(kr_run_steps(r), 0);
}
END_TEST

/* kanren's run(..., results_filter=toolz.unique) */
START_TEST(test_run_unique)
{
	kr_term *q = kr_var_new("q"), *a = kr_var_new("a"),
		*b = kr_var_new("b");
	kr_goal *g = kr_disj(5, (kr_goal *[]){kr_eq(q, num(1)),
		kr_eq(q, num(2)), kr_eq(q, num(1)), kr_eq(q, KR_LIST(a, a)),
		kr_eq(q, KR_LIST(b, b))});
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, g)), 5);
	ck_assert_str_eq(t_str(kr_run_unique(0, q, g)), "(1 2 (_.0 _.0))");
	ck_assert_str_eq(t_str(kr_run_unique(-1, q, g)), "(1 2 (_.0 _.0))");
	/* the filter comes before the count */
	kr_goal *g2 = kr_disj(4, (kr_goal *[]){kr_eq(q, num(1)),
		kr_eq(q, num(1)), kr_eq(q, num(1)), kr_eq(q, num(2))});
	ck_assert_str_eq(t_str(kr_run(2, q, g2)), "(1 1)");
	ck_assert_str_eq(t_str(kr_run_unique(2, q, g2)), "(1 2)");
	/* on an infinite stream of one answer, the next distinct one is
	 * never found: the step limit stops it */
	kr_runner *r = kr_run_start(q, KR_ALL(kr_eq(q, sym("ok")), alwayso(q)));
	kr_run_set_unique(r, true);
	kr_run_set_step_limit(r, 100);
	kr_term *t;
	ck_assert_int_eq(kr_run_next(&t, r), 0);
	ck_assert_str_eq(t_str(t), "ok");
	ck_assert_int_eq(kr_run_next(&t, r), KR_ELIMIT);
	/* states are filtered too */
	r = kr_run_start(q, g2);
	kr_run_set_unique(r, true);
	const kr_state *st;
	int n = 0;
	while (kr_run_next_state(&st, r) == 0)
		n++;
	ck_assert_int_eq(n, 2);
}
END_TEST

START_TEST(test_step_limit)
{
	kr_term *q = kr_var_new("q");
	kr_runner *r = kr_run_start(q, nevero(q));
	kr_run_set_step_limit(r, 50);
	kr_term *a;
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	ck_assert_int_eq(kr_error_last()->code, KR_ELIMIT);
	ck_assert_uint_eq(kr_run_steps(r), 50);
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	ck_assert_uint_eq(kr_run_steps(r), 50);
	kr_run_set_step_limit(r, 120);
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	ck_assert_uint_eq(kr_run_steps(r), 120);

	/* a limited run of an infinite generator resumes where it stopped */
	r = kr_run_start(q, KR_ALL(kr_eq(q, sym("ok")), alwayso(q)));
	kr_run_set_step_limit(r, 1);
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "ok");
	ck_assert_uint_eq(kr_run_steps(r), 1);
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	kr_run_set_step_limit(r, 0);
	int got = 0;
	while (got < 10 && kr_run_next(&a, r) == 0)
		got++;
	ck_assert_int_eq(got, 10);
	ck_assert_uint_gt(kr_run_steps(r), 1);
}
END_TEST

/*
 * A goal that recurses through kr_disj() without ever suspending: its
 * one step would grow without end. The machine makes it suspend every
 * KRI_STEP_WORK pending nodes, so the step limit and an interrupt stop it.
 */
static kr_stream *left_loop_fn(const kr_state *st, void *env)
{
	kr_goal *again = kr_goal_new(left_loop_fn, env);
	kr_goal *g = kr_disj(2, (kr_goal *[]){kr_succeed(), again});
	return kr_goal_apply(KR_ALL(g, kr_fail()), st);
}

START_TEST(test_never_suspends)
{
	kr_term *q = kr_var_new("q"), *a;
	kr_runner *r = kr_run_start(q, kr_goal_new(left_loop_fn, q));
	kr_run_set_step_limit(r, 2);
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	ck_assert_uint_eq(kr_run_steps(r), 2);
	ck_assert_str_eq(kr_error_last()->message,
			 "run: step limit of 2 reached");
	/* an interrupt stops a run at its next suspension, in its place */
	r = kr_run_start(q, KR_ALL(kr_eq(q, sym("ok")), alwayso(q)));
	kr_run_interrupt(true);
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	ck_assert_str_eq(kr_error_last()->message, "run: interrupted");
	uint64_t steps = kr_run_steps(r);
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	ck_assert_uint_eq(kr_run_steps(r), steps);
	kr_run_interrupt(false);
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "ok");
	/* and the never-suspending one too, with no step limit */
	r = kr_run_start(q, kr_goal_new(left_loop_fn, q));
	kr_run_interrupt(true);
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	kr_run_interrupt(false);
}
END_TEST

/*
 * A search that terminates without suspending but outlasts one step's
 * work bound: the step pauses and the next goes on in place, so the
 * answers come as they would in one step: the deepest first, then the
 * others from the top down (mplus of an answer puts the other branch
 * first, as faster-miniKanren's). Made a suspension, the cut swapped
 * the branches of the levels it crossed, and map-anyo over 38,000
 * elements took all memory.
 */
#define DEEP 300000

static kr_stream *deep_fn(const kr_state *st, void *env)
{
	kr_term **a = env;
	int64_t i = kr_int_value(a[1]);
	if (i == DEEP)
		return kr_goal_apply(kr_eq(a[0], a[1]), st);
	kr_term **next = kr_alloc(2 * sizeof *next);
	next[0] = a[0];
	next[1] = num(i + 1);
	kr_goal *g = kr_disj(2, (kr_goal *[]){kr_goal_new(deep_fn, next),
					      kr_eq(a[0], a[1])});
	return kr_goal_apply(g, st);
}

START_TEST(test_long_step_pauses)
{
	kr_term *q = kr_var_new("q");
	kr_term **a = kr_alloc(2 * sizeof *a);
	a[0] = q;
	a[1] = num(0);
	ck_assert_str_eq(run_str(3, q, kr_goal_new(deep_fn, a)),
			 "(300000 0 1)");
}
END_TEST

/*
 * A stop asked in the middle of a step (Ctrl-C while one step runs slow
 * goals) is taken within the step, after at most KRI_STOP_POLL + 1 more
 * pending nodes, not at the end of the step's 2^18.
 */
static unsigned stop_calls;

static kr_stream *stop_loop_fn(const kr_state *st, void *env)
{
	if (++stop_calls == 100)
		kr_run_interrupt(true);
	kr_goal *again = kr_goal_new(stop_loop_fn, env);
	kr_goal *g = kr_disj(2, (kr_goal *[]){kr_succeed(), again});
	return kr_goal_apply(KR_ALL(g, kr_fail()), st);
}

START_TEST(test_stop_within_step)
{
	kr_term *q = kr_var_new("q"), *a;
	stop_calls = 0;
	kr_runner *r = kr_run_start(q, kr_goal_new(stop_loop_fn, q));
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	ck_assert_str_eq(kr_error_last()->message, "run: interrupted");
	ck_assert_uint_eq(kr_run_steps(r), 0);
	ck_assert_uint_gt(stop_calls, 100);
	ck_assert_uint_lt(stop_calls, 100 + 2048);
	kr_run_interrupt(false);
	/* the run goes on from its place once the stop is taken back */
	unsigned before = stop_calls;
	kr_run_set_step_limit(r, 1);
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	ck_assert_uint_gt(stop_calls, before);
}
END_TEST

/*
 * A suspension under many continuations that only wait for it (nested
 * conjunctions) and under a branch point below them: the machine keeps
 * the waiting ones between steps (stream.c), which must change neither
 * the answers, nor their order, nor the steps counted, nor what a run
 * stopped by its step limit does next.
 */
static kr_goal *suspended(int n, kr_goal *g)
{
	while (n-- > 0)
		g = kr_suspend(g);
	return g;
}

START_TEST(test_kept_continuations)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	kr_goal *g = suspended(5, kr_eq(x, num(0)));
	for (int i = 0; i < 300; i++)
		g = KR_ALL(g, kr_succeed());
	g = KR_ALL(g, kr_eq(q, KR_LIST(x, sym("end"))));
	kr_runner *r = kr_run_start(q, g);
	kr_term *a;
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "(0 end)");
	ck_assert_uint_eq(kr_run_steps(r), 5);
	ck_assert_int_eq(kr_run_next(&a, r), KR_EOF);

	/* stopped after 2 of the 5 steps, then resumed */
	r = kr_run_start(q, g);
	kr_run_set_step_limit(r, 2);
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	ck_assert_uint_eq(kr_run_steps(r), 2);
	kr_run_set_step_limit(r, 0);
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "(0 end)");
	ck_assert_uint_eq(kr_run_steps(r), 5);

	/* a branch point above waiting continuations, one inside them */
	kr_goal *b = KR_ANY(suspended(3, kr_eq(x, num(1))),
			    suspended(1, kr_eq(x, num(2))),
			    KR_ANY(suspended(2, kr_eq(x, num(3))),
				   kr_eq(x, num(4))));
	for (int i = 0; i < 50; i++)
		b = KR_ALL(b, kr_succeed());
	b = KR_ALL(b, kr_eq(q, x));
	kr_goal *top = KR_CONDE(b, KR_ALL(suspended(4, kr_succeed()),
					  kr_eq(q, sym("late"))));
	/* faster-miniKanren (mk.scm @6f8faa) answers the same goal so */
	ck_assert_str_eq(run_str(-1, q, top), "(late 2 1 4 3)");
	r = kr_run_start(q, top);
	int n = 0;
	while (kr_run_next(&a, r) == 0)
		n++;
	ck_assert_int_eq(n, 5);
	uint64_t steps = kr_run_steps(r);
	/* the same run, one step at a time */
	r = kr_run_start(q, top);
	kr_run_set_step_limit(r, 1);
	n = 0;
	for (uint64_t lim = 1; lim < 100; lim++) {
		kr_run_set_step_limit(r, lim);
		int rc;
		while ((rc = kr_run_next(&a, r)) == 0)
			n++;
		if (rc == KR_EOF)
			break;
		ck_assert_int_eq(rc, KR_ELIMIT);
	}
	ck_assert_int_eq(n, 5);
	ck_assert_uint_eq(kr_run_steps(r), steps);
}
END_TEST

/* ----------------------------------------------------------------- fairness */

START_TEST(test_fair_nevero_first)
{
	kr_term *q = kr_var_new("q");
	kr_goal *g = KR_CONDE(nevero(q), KR_ALL(kr_eq(q, num(1)), alwayso(q)));
	ck_assert_str_eq(run_str(3, q, g), "(1 1 1)");
	/* the same with kr_disj and the infinite branch first */
	g = KR_ANY(nevero(q), kr_eq(q, sym("tea")), nevero(q));
	ck_assert_str_eq(run_str(1, q, g), "(tea)");
}
END_TEST

START_TEST(test_fair_alwayso)
{
	kr_term *q = kr_var_new("q");
	kr_goal *g = KR_CONDE(KR_ALL(kr_eq(q, num(1)), alwayso(q)),
			      KR_ALL(kr_eq(q, num(2)), alwayso(q)));
	ck_assert_str_eq(run_str(6, q, g), "(1 2 1 2 1 2)");
	g = KR_ANY(KR_ALL(alwayso(q), kr_eq(q, num(1))),
		   KR_ALL(alwayso(q), kr_eq(q, num(2))), kr_eq(q, num(3)));
	ck_assert_str_eq(run_str(6, q, g), "(1 3 2 1 2 1)");
	g = KR_CONDE(KR_ALL(kr_eq(q, sym("a")), alwayso(q)),
		     KR_ALL(kr_eq(q, sym("b")), alwayso(q)),
		     KR_ALL(kr_eq(q, sym("c")), alwayso(q)));
	ck_assert_str_eq(run_str(7, q, g), "(a b a c a b a)");
}
END_TEST

START_TEST(test_left_recursion)
{
	kr_term *q = kr_var_new("q");
	ck_assert_str_eq(run_str(4, q, nato(q)),
			 "(z (s z) (s (s z)) (s (s (s z))))");
	/*
	 * Deep chains of suspended binds are forced without C recursion:
	 * answer k of (lefto q) sits under k binds. lefto binds no new
	 * variable, so the cost is only the forcing (quadratic in total).
	 */
	kr_term *all = kr_run(3000, q, lefto(q));
	ck_assert_uint_eq(list_len(all), 3000);
	for (kr_term *t = all; kr_is_pair(t); t = kr_cdr(t))
		ck_assert_ptr_eq(kr_car(t), sym("z"));
}
END_TEST

START_TEST(test_faster_mk_order)
{
	/* answers in faster-miniKanren's order (bench rewrite-1step) */
	static const char *const expected[] = {
		"(add (dot (add (x 5) (x 6)) (add (x 7) (x 8))) "
		"(dot (add (x 1) (x 2)) (add (x 3) (x 4))))",
		"(add (dot (add (x 3) (x 4)) (add (x 1) (x 2))) "
		"(dot (add (x 5) (x 6)) (add (x 7) (x 8))))",
		"(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) "
		"(dot (add (x 7) (x 8)) (add (x 5) (x 6))))",
		"(add (add (dot (add (x 1) (x 2)) (x 3)) "
		"(dot (add (x 1) (x 2)) (x 4))) "
		"(dot (add (x 5) (x 6)) (add (x 7) (x 8))))",
		"(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) "
		"(add (dot (add (x 5) (x 6)) (x 7)) "
		"(dot (add (x 5) (x 6)) (x 8))))",
		"(add (dot (add (x 2) (x 1)) (add (x 3) (x 4))) "
		"(dot (add (x 5) (x 6)) (add (x 7) (x 8))))",
		"(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) "
		"(dot (add (x 6) (x 5)) (add (x 7) (x 8))))",
		"(add (dot (add (x 1) (x 2)) (add (x 4) (x 3))) "
		"(dot (add (x 5) (x 6)) (add (x 7) (x 8))))",
		"(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) "
		"(dot (add (x 5) (x 6)) (add (x 8) (x 7))))",
	};
	kr_term *t0 = t_read("(add (dot (add (x 1) (x 2)) (add (x 3) (x 4)))"
			     " (dot (add (x 5) (x 6)) (add (x 7) (x 8))))");
	kr_term *q = kr_var_new("q");
	kr_term *all = kr_run(-1, q, stepo(t0, q));
	size_t n = sizeof expected / sizeof expected[0];
	ck_assert_uint_eq(list_len(all), n);
	for (size_t i = 0; i < n; i++, all = kr_cdr(all))
		ck_assert_str_eq(t_str(kr_car(all)), expected[i]);
}
END_TEST

/* ------------------------------------------------------------------ streams */

/* The stream a test goal returns, whatever the state. */
static kr_stream *fixed_fn(const kr_state *st, void *env)
{
	(void)st;
	return env;
}

START_TEST(test_stream_basics)
{
	const kr_state *e = kr_state_empty();
	kr_term *q = kr_var_new("q");
	const kr_state *s1 = kr_state_unify(e, q, num(1));
	ck_assert_ptr_null(kr_stream_mplus(NULL, NULL));
	kr_stream *a = kr_stream_unit(s1);
	ck_assert_ptr_eq(kr_stream_mplus(a, NULL), a);
	ck_assert_ptr_eq(kr_stream_mplus(NULL, a), a);
	ck_assert_ptr_null(kr_stream_bind(NULL, kr_succeed()));
	/* bind is lazy: its value is what the run finds */
	kr_goal *failing = kr_goal_new(fixed_fn, kr_stream_bind(a, kr_fail()));
	ck_assert_str_eq(run_str(-1, q, failing), "()");
	ck_assert_ptr_null(kr_goal_apply(kr_fail(), e));
	ck_assert_ptr_nonnull(kr_goal_apply(kr_succeed(), e));
	ck_assert_ptr_null(kr_goal_apply(kr_eq(num(1), num(2)), e));
}
END_TEST

START_TEST(test_stream_order)
{
	const kr_state *e = kr_state_empty();
	kr_term *q = kr_var_new("q");
	const kr_state *s1 = kr_state_unify(e, q, num(1));
	const kr_state *s3 = kr_state_unify(e, q, num(3));
	kr_goal *two = kr_suspend(kr_eq(q, num(2)));
	/* (1 . suspended(2)) ++ (3): 1, then the swap puts 3 before 2 */
	kr_stream *left = kr_stream_cons(s1, kr_goal_apply(two, e));
	kr_stream *m = kr_stream_mplus(left, kr_stream_unit(s3));
	kr_goal *g = kr_goal_new(fixed_fn, m);
	ck_assert_str_eq(run_str(-1, q, g), "(1 3 2)");
	/* bind over a mature prefix runs the goal on each state, in order */
	kr_term *x = kr_var_new("x");
	kr_stream *b = kr_stream_bind(kr_goal_apply(counto(x, 3), e),
				      KR_ANY(kr_eq(q, KR_LIST(x, sym("a"))),
					     kr_eq(q, KR_LIST(x, sym("b")))));
	g = kr_goal_new(fixed_fn, b);
	/* faster-mk's bind: g on the first state, then the rest interleaved */
	ck_assert_str_eq(run_str(-1, q, g),
			 "((0 a) (1 a) (0 b) (2 a) (1 b) (2 b))");
}
END_TEST

/*
 * Binds and mplus made through the public calls take the machine's
 * general path (the caller may hold them, so they are never rewritten);
 * the machine's own nodes for the same search take the owned one, and a
 * suspension saves runs of both kinds together. Each gives faster-mk's
 * order: the literal is what faster-mk 6f8faa prints for
 *   (run 24 (q) (fresh (x a b y)
 *     (disj2 (conj (fnato x)
 *                  (conde ((== a 'p)) ((susp (susp (== a 'q)))))
 *                  (conde ((== b 1)) ((susp (== b 2))))
 *                  (== q (list x a b)))
 *            (conj (fnato y) (== q 'o)))))
 * with disj2 and conj its mplus and bind* without a suspension, and susp
 * one suspension.
 */
START_TEST(test_stream_public_nodes_order)
{
	static const char expected[] =
		"(o o (z p 1) o (z p 2) o o (z q 1) o ((s z) p 1) (z q 2) o "
		"((s z) p 2) o o ((s z) q 1) o ((s (s z)) p 1) ((s z) q 2) "
		"o o ((s (s z)) p 2) o ((s (s z)) q 1))";
	const kr_state *e = kr_state_empty();
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	kr_term *a = kr_var_new("a"), *b = kr_var_new("b");
	kr_term *y = kr_var_new("y");
	kr_goal *g1 = KR_CONDE(kr_eq(a, sym("p")),
			       kr_suspend(kr_suspend(kr_eq(a, sym("q")))));
	kr_goal *g2 = KR_CONDE(kr_eq(b, num(1)),
			       kr_suspend(kr_eq(b, num(2))));
	kr_goal *g3 = kr_eq(q, KR_LIST(x, a, b));
	kr_goal *other = KR_ALL(fnato(y), kr_eq(q, sym("o")));
	/* the public nodes: three binds under an mplus */
	kr_stream *s = kr_goal_apply(fnato(x), e);
	s = kr_stream_bind(kr_stream_bind(kr_stream_bind(s, g1), g2), g3);
	s = kr_stream_mplus(s, kr_goal_apply(other, e));
	ck_assert_str_eq(run_str(24, q, kr_goal_new(fixed_fn, s)), expected);
	/* the same search through goals */
	kr_goal *g = KR_ANY(KR_ALL(fnato(x), g1, g2, g3), other);
	ck_assert_str_eq(run_str(24, q, g), expected);
	/* and as conde under a fresh, as the REPL would write it */
	g = kr_suspend(KR_CONDE(KR_ALL(fnato(x), g1, g2, g3), other));
	ck_assert_str_eq(run_str(24, q, g), expected);
}
END_TEST

START_TEST(test_long_mature_streams)
{
	enum { N = 100000 };
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	/* bind over a mature prefix of 10^5 states, then a suspended tail */
	kr_goal *g = KR_ALL(counto(x, N), kr_eq(q, x));
	kr_term *all = kr_run(-1, q, g);
	ck_assert_uint_eq(list_len(all), N);
	ck_assert(kr_equal(kr_car(all), num(0)));
	/* mplus of two long prefixes interleaves them (faster-mk's mplus) */
	g = KR_ALL(KR_ANY(counto(x, N), counto(x, 3)), kr_eq(q, x));
	kr_runner *r = kr_run_start(q, g);
	kr_term *a = NULL;
	static const int first[] = {0, 0, 1, 1, 2, 2, 3, 4};
	for (int i = 0; i < N + 3; i++) {
		ck_assert_int_eq(kr_run_next(&a, r), 0);
		if (i < 8)
			ck_assert(kr_equal(a, num(first[i])));
	}
	ck_assert(kr_equal(a, num(N - 1)));
	ck_assert_int_eq(kr_run_next(&a, r), KR_EOF);
	/* a disjunction of 10^5 goals */
	kr_goal **gs = kr_alloc(N * sizeof *gs);
	for (int i = 0; i < N; i++)
		gs[i] = kr_eq(q, num(i));
	all = kr_run(-1, q, kr_disj(N, gs));
	ck_assert_uint_eq(list_len(all), N);
	ck_assert(kr_equal(kr_car(kr_cdr(all)), num(1)));
	/* a conjunction of 2000 goals, each suspending */
	enum { M = 2000 };
	kr_goal **cs = kr_alloc(M * sizeof *cs);
	for (int i = 0; i < M; i++)
		cs[i] = kr_suspend(kr_eq(q, num(5)));
	r = kr_run_start(q, kr_conj(M, cs));
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert(kr_equal(a, num(5)));
	ck_assert_uint_eq(kr_run_steps(r), M);
}
END_TEST

/* ---------------------------------------------------------------- relations */

static int body_calls;

static kr_goal *counting_body(kr_term *const *args, void *env)
{
	body_calls++;
	return kr_eq(args[0], env);
}

START_TEST(test_rel_call)
{
	kr_rel *r = kr_rel_new("is-seven", 1, counting_body, num(7));
	ck_assert_str_eq(kr_rel_name(r), "is-seven");
	ck_assert_int_eq(kr_rel_arity(r), 1);
	kr_term *q = kr_var_new("q");
	kr_term *args[1] = {q};
	kr_goal *g = kr_rel_call(r, args);
	args[0] = num(0); /* the call copied its arguments */
	body_calls = 0;
	kr_runner *run = kr_run_start(q, g);
	ck_assert_int_eq(body_calls, 0);
	kr_term *a;
	ck_assert_int_eq(kr_run_next(&a, run), 0);
	ck_assert_str_eq(t_str(a), "7");
	ck_assert_int_eq(body_calls, 1);
	/* a single-goal body runs without suspending (faster-mk's defrel) */
	ck_assert_uint_eq(kr_run_steps(run), 0);
	/* each application builds the body again */
	ck_assert_str_eq(run_str(-1, q, KR_ANY(g, g)), "(7 7)");
	ck_assert_int_eq(body_calls, 3);
}
END_TEST

START_TEST(test_run_lazy)
{
	kr_term *q = kr_var_new("q");
	kr_goal *g = KR_CONDE(kr_eq(q, num(1)), kr_eq(q, num(2)),
			      kr_eq(q, num(3)));
	kr_runner *r = kr_run_start(q, g);
	kr_term *a;
	const kr_state *st;
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "1");
	ck_assert_int_eq(kr_run_next_state(&st, r), 0);
	ck_assert(kr_equal(kr_walk(q, kr_state_subst(st)), num(2)));
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "3");
	ck_assert_int_eq(kr_run_next(&a, r), KR_EOF);
	ck_assert_str_eq(run_str(2, q, g), "(1 2)");
	ck_assert_str_eq(run_str(5, q, g), "(1 2 3)");
}
END_TEST

/* ------------------------------------------------------ in-place binding */

/*
 * == binds a variable made in a relation body in the variable itself when
 * no branch happened since (faster-mk's set-var-val!). These relations
 * check that such a binding is made, and never seen by another branch.
 */

/* (defrel (chain q) (fresh (x y) (== x 1) (== y x) (== q y))) */
static kr_goal *chain_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	return KR_ALL(kr_eq(x, num(1)), kr_eq(y, x), kr_eq(a[0], y));
}

/* x made in the body, then bound differently by two conde clauses. */
static kr_goal *split_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *x = kr_var_new("x");
	return KR_ALL(kr_eq(a[0], x),
		      KR_CONDE(kr_eq(x, num(1)), kr_eq(x, num(2))));
}

/* A goal in C that branches by itself: x == 1 and x == 2 on one state. */
static kr_stream *both_fn(const kr_state *st, void *env)
{
	kr_term *x = env;
	return kr_stream_mplus(kr_goal_apply(kr_eq(x, num(1)), st),
			       kr_goal_apply(kr_eq(x, num(2)), st));
}

static kr_goal *both_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *x = kr_var_new("x");
	return KR_ALL(kr_goal_new(both_fn, x), kr_eq(a[0], x));
}

/* (ifte (== x 1) fail) else (== q x): the failed test binds nothing. */
static kr_goal *ifte_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *x = kr_var_new("x");
	return KR_ALL(kr_eq(x, KR_LIST(kr_var_new("z"))),
		      kr_ifte(KR_ALL(kr_eq(x, KR_LIST(num(1))), kr_fail()),
			      kr_succeed(), kr_eq(a[0], x)));
}

static const char *run_rel(const char *name, kr_rel_fn fn, kr_term **q)
{
	kr_rel *r = kr_rel_new(name, 1, fn, NULL);
	*q = kr_var_new("q");
	return run_str(-1, *q, KR_CALL(r, *q));
}

START_TEST(test_in_place)
{
	kr_term *q;
	ck_assert_str_eq(run_rel("chain", chain_body, &q), "(1)");
	/* x and y were bound in place: only q is in the substitution */
	kr_runner *r = kr_run_start(q, KR_CALL(kr_rel_new("chain", 1,
							  chain_body, NULL),
					       q));
	const kr_state *st;
	ck_assert_int_eq(kr_run_next_state(&st, r), 0);
	ck_assert_uint_eq(kr_subst_size(kr_state_subst(st)), 1);
	ck_assert_str_eq(t_str(kr_reify(q, kr_state_subst(st))), "1");
	ck_assert_str_eq(run_rel("split", split_body, &q), "(1 2)");
	ck_assert_str_eq(run_rel("both", both_body, &q), "(1 2)");
	ck_assert_str_eq(run_rel("ifte", ifte_body, &q), "((_.0))");
	/* a variable made outside any run is never bound in place */
	kr_term *x = kr_var_new("x");
	ck_assert_str_eq(run_str(-1, x, KR_CONDE(kr_eq(x, num(1)),
						 kr_eq(x, num(2)))),
			 "(1 2)");
	ck_assert_ptr_eq(kr_walk(x, kr_subst_empty()), x);
}
END_TEST

/* ------------------------------------------------------ clause functions */

/* The body of (fresh (x) (== x 5) (== q (list x x))) over env = &q. */
static kr_goal *pair_of_five(kr_term *const *v, void *env)
{
	kr_term *q = *(kr_term **)env;
	return KR_ALL(kr_eq(v[0], num(5)), kr_eq(q, KR_LIST(v[0], v[0])));
}

/*
 * The clauses of h in test_conde plus a failing head, a head followed by a
 * nested conde, and a fresh clause, as a clause function over env = &q.
 */
static kr_stream *clause_demo(const kr_state *st, int i, void *env)
{
	kr_term *q = *(kr_term **)env;
	switch (i) {
	case 0: return KR_THEN(st, KR_CONDE(kr_eq(q, num(1)), kr_eq(q, num(2))));
	case 1:
		if (!(st = kr_clause_eq(st, q, num(9))) ||
		    !(st = kr_clause_eq(st, q, num(10))))
			return NULL;
		return kr_stream_unit(st);
	case 2: return KR_THEN(st, KR_CONDE(kr_eq(q, num(3)), kr_eq(q, num(4))));
	case 3: return kr_clause_fresh(st, 1, pair_of_five, env);
	default:
		if (!(st = kr_clause_eq(st, q, KR_LIST(num(6), num(7)))))
			return NULL;
		return kr_clause_run(st, 0, NULL);
	}
}

/* The same disjunction built as goals. */
static kr_goal *clause_demo_goals(kr_term *q, kr_term *x)
{
	return KR_CONDE(KR_CONDE(kr_eq(q, num(1)), kr_eq(q, num(2))),
			KR_ALL(kr_eq(q, num(9)), kr_eq(q, num(10))),
			KR_CONDE(kr_eq(q, num(3)), kr_eq(q, num(4))),
			KR_FRESH(kr_eq(x, num(5)), kr_eq(q, KR_LIST(x, x))),
			kr_eq(q, KR_LIST(num(6), num(7))));
}

START_TEST(test_clause_fns)
{
	kr_term *q = kr_var_new("q");
	kr_term **env = kr_alloc(sizeof *env);
	*env = q;
	const char *want = run_str(-1, q, clause_demo_goals(q, kr_var_new("x")));
	ck_assert_str_eq(want, "(1 2 3 (6 7) 4 (5 5))");
	ck_assert_str_eq(run_str(-1, q, kr_conde_fn(5, clause_demo, env)), want);
	/* run n stops in the same place; one clause only; all failing */
	ck_assert_str_eq(run_str(4, q, kr_conde_fn(5, clause_demo, env)),
			 "(1 2 3 (6 7))");
	ck_assert_str_eq(run_str(-1, q, kr_conde_fn(1, clause_demo, env)),
			 "(1 2)");
	/* with q already 8, every clause fails */
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(q, num(8)),
					       kr_conde_fn(5, clause_demo,
							   env))),
			 "()");
}
END_TEST

/* clause 3 of clause_demo as a kr_fresh_run_fn: head first, then KR_THEN. */
static kr_stream *pair_of_five_run(const kr_state *st, kr_term *const *v,
				   void *env)
{
	kr_term *q = *(kr_term **)env;
	if (!(st = kr_clause_eq(st, v[0], num(5))))
		return NULL;
	return KR_THEN(st, kr_eq(q, KR_LIST(v[0], v[0])));
}

/* clause_demo with its fresh clause written by kr_clause_fresh_run. */
static kr_stream *clause_demo_run(const kr_state *st, int i, void *env)
{
	if (i == 3)
		return kr_clause_fresh_run(st, 1, pair_of_five_run, env);
	return clause_demo(st, i, env);
}

/* (fresh (x) (== q (x . x)) (conde ((== x 1)) ((== x 2)))), as a run. */
static kr_stream *twin_run(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *q = *(kr_term **)env;
	if (!(st = kr_clause_eq(st, q, kr_cons(v[0], v[0]))))
		return NULL;
	return KR_THEN(st, KR_CONDE(kr_eq(v[0], num(1)), kr_eq(v[0], num(2))));
}

START_TEST(test_fresh_run)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	kr_term **env = kr_alloc(sizeof *env);
	*env = q;
	const char *want = run_str(-1, q, clause_demo_goals(q, x));
	ck_assert_str_eq(run_str(-1, q, kr_conde_fn(5, clause_demo_run, env)),
			 want);
	/* as a goal: the answers, order and steps of KR_FRESH */
	kr_goal *g = KR_FRESH(kr_eq(q, kr_cons(x, x)),
			      KR_CONDE(kr_eq(x, num(1)), kr_eq(x, num(2))));
	kr_runner *r1 = kr_run_start(q, KR_ANY(g, kr_eq(q, num(0))));
	kr_runner *r2 = kr_run_start(q, KR_ANY(kr_fresh_run(1, twin_run, env),
					       kr_eq(q, num(0))));
	kr_term *a1, *a2;
	int n = 0;
	while (kr_run_next(&a1, r1) == 0) {
		ck_assert_int_eq(kr_run_next(&a2, r2), 0);
		ck_assert_str_eq(t_str(a1), t_str(a2));
		ck_assert_uint_eq(kr_run_steps(r1), kr_run_steps(r2));
		n++;
	}
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(kr_run_next(&a2, r2), KR_EOF);
	/* a failing head gives no answer; with q bound first, none at all */
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(q, num(3)),
					       kr_fresh_run(1, twin_run, env))),
			 "()");
}
END_TEST

/* A goal written outside the engine that uses one stream twice. */
static kr_stream *twice_fn(const kr_state *st, void *env)
{
	kr_stream *s = kr_goal_apply(env, st);
	return kr_stream_mplus(s, s);
}

START_TEST(test_apply_twice)
{
	/* kr_goal_apply's stream is a value: using it twice runs it twice,
	 * each time through its suspension */
	kr_term *q = kr_var_new("q");
	kr_goal *inner = KR_FRESH(kr_eq(q, num(1)));
	kr_runner *r = kr_run_start(q, kr_goal_new(twice_fn, inner));
	kr_term *a;
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "1");
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "1");
	ck_assert_int_eq(kr_run_next(&a, r), KR_EOF);
	ck_assert_uint_eq(kr_run_steps(r), 2);
}
END_TEST

/*
 * (defrel (bitso l) (conde ((== l '()))
 *                          ((fresh (a d) (== l (a . d))
 *                             (conde ((== a 0)) ((== a 1))) (bitso d)))))
 * twice: as kr_rel_new_conde, and as kr_rel_new over kr_conde_fn.
 */
static kr_rel *bits_new, *bits_old;

static kr_stream *bits_cons(const kr_state *st, kr_term *const *v,
			    kr_term *l, kr_rel *self)
{
	if (!(st = kr_clause_eq(st, l, kr_cons(v[0], v[1]))))
		return NULL;
	return KR_THEN(st, KR_CONDE(kr_eq(v[0], num(0)), kr_eq(v[0], num(1))),
		       KR_CALL(self, v[1]));
}

static kr_stream *bits_cons_new(const kr_state *st, kr_term *const *v,
				void *env)
{
	return bits_cons(st, v, *(kr_term **)env, bits_new);
}

static kr_stream *bits_cons_old(const kr_state *st, kr_term *const *v,
				void *env)
{
	return bits_cons(st, v, *(kr_term **)env, bits_old);
}

static kr_stream *bits_clause(const kr_state *st, int i, void *env,
			      kr_fresh_run_fn rec)
{
	if (i == 1)
		return kr_clause_fresh_run(st, 2, rec, env);
	if (!(st = kr_clause_eq(st, *(kr_term **)env, kr_nil())))
		return NULL;
	return kr_stream_unit(st);
}

static kr_stream *bits_clause_new(const kr_state *st, int i, void *env)
{
	return bits_clause(st, i, env, bits_cons_new);
}

static kr_stream *bits_clause_old(const kr_state *st, int i, void *env)
{
	return bits_clause(st, i, env, bits_cons_old);
}

static kr_goal *bits_body_old(kr_term *const *a, void *env)
{
	(void)env;
	return kr_conde_fn(2, bits_clause_old, (void *)a);
}

static kr_goal *twin_body_old(kr_term *const *a, void *env)
{
	(void)env;
	return kr_fresh_run(1, twin_run, (void *)a);
}

/* r1 and r2 give the same answers, in the same order, after the same
 * steps; n answers (all of them when n < 0). */
static void assert_same_run(kr_runner *r1, kr_runner *r2, int n)
{
	kr_term *a1, *a2;
	int k = 0;
	for (; n < 0 || k < n; k++) {
		int rc = kr_run_next(&a1, r1);
		ck_assert_int_eq(kr_run_next(&a2, r2), rc);
		if (rc != 0)
			break;
		ck_assert_str_eq(t_str(a1), t_str(a2));
		ck_assert_uint_eq(kr_run_steps(r1), kr_run_steps(r2));
	}
	ck_assert_int_eq(k, n < 0 ? k : n);
}

START_TEST(test_rel_shapes)
{
	bits_new = kr_rel_new_conde("bitso", 1, 2, bits_clause_new);
	bits_old = kr_rel_new("bitso", 1, bits_body_old, NULL);
	ck_assert_str_eq(kr_rel_name(bits_new), "bitso");
	ck_assert_int_eq(kr_rel_arity(bits_new), 1);
	kr_term *q = kr_var_new("q");
	kr_term *l = KR_LIST(num(1), kr_var_new("y"), num(0));
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(q, l),
					       KR_CALL(bits_new, q))),
			 "((1 0 0) (1 1 0))");
	/* a list of 4 fails on the last element; the first 30 of all */
	assert_same_run(kr_run_start(q, KR_CALL(bits_new, q)),
			kr_run_start(q, KR_CALL(bits_old, q)), 30);
	kr_term *bad = KR_LIST(num(0), num(1), num(2));
	assert_same_run(kr_run_start(q, KR_ALL(kr_eq(q, bad),
					      KR_CALL(bits_new, q))),
			kr_run_start(q, KR_ALL(kr_eq(q, bad),
					      KR_CALL(bits_old, q))),
			-1);
	/* a fresh-bodied relation: the answers and steps of kr_fresh_run */
	kr_rel *tw_new = kr_rel_new_fresh("twino", 1, 1, twin_run);
	kr_rel *tw_old = kr_rel_new("twino", 1, twin_body_old, NULL);
	assert_same_run(
		kr_run_start(q, KR_ANY(KR_CALL(tw_new, q), kr_eq(q, num(0)))),
		kr_run_start(q, KR_ANY(KR_CALL(tw_old, q), kr_eq(q, num(0)))),
		-1);
	ck_assert_str_eq(run_str(-1, q, KR_CALL(tw_new, q)),
			 "((1 . 1) (2 . 2))");
	/* a call's stream used twice by a goal outside the engine */
	kr_runner *r = kr_run_start(
		q, KR_ALL(kr_eq(q, KR_LIST(num(1))),
			  kr_goal_new(twice_fn, KR_CALL(bits_new, q))));
	kr_term *a;
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(kr_run_next(&a, r), 0);
		ck_assert_str_eq(t_str(a), "(1)");
	}
	ck_assert_int_eq(kr_run_next(&a, r), KR_EOF);
}
END_TEST

/*
 * bitso once more, its pair clause written with kr_clause_conso over no
 * fresh variables of its own: the same answers, order and steps.
 */
static kr_rel *bits_conso;

static kr_stream *bits_conso_run(const kr_state *st, kr_term *const *v,
				 void *env)
{
	kr_term *a = NULL, *d = NULL;
	(void)v;
	if (!(st = kr_clause_conso(st, &a, &d, *(kr_term **)env)))
		return NULL;
	return KR_THEN(st, KR_CONDE(kr_eq(a, num(0)), kr_eq(a, num(1))),
		       KR_CALL(bits_conso, d));
}

static kr_stream *bits_conso_clause(const kr_state *st, int i, void *env)
{
	if (i == 1)
		return kr_clause_fresh_run(st, 0, bits_conso_run, env);
	return bits_clause(st, i, env, NULL);
}

/* (== (1 . d) l) by kr_clause_conso; env: l, then d or NULL. */
static kr_stream *one_pair_run(const kr_state *st, kr_term *const *v,
			       void *env)
{
	kr_term *const *e = env;
	kr_term *a = num(1), *d = e[1];
	(void)v;
	if (!(st = kr_clause_conso(st, &a, &d, e[0])))
		return NULL;
	return kr_stream_unit(st);
}

/* kr_clause_conso(st, &a, &d, l) with *a = a0, *d = d0: the state, or
 * NULL, and the parts in pa and pd. */
static const kr_state *conso_on(const kr_state *st, kr_term *a0,
				kr_term *d0, kr_term *l, kr_term **pa,
				kr_term **pd)
{
	*pa = a0;
	*pd = d0;
	return kr_clause_conso(st, pa, pd, l);
}

START_TEST(test_clause_conso)
{
	if (!bits_old)
		bits_old = kr_rel_new("bitso", 1, bits_body_old, NULL);
	bits_conso = kr_rel_new_conde("bitso", 1, 2, bits_conso_clause);
	kr_term *q = kr_var_new("q");
	assert_same_run(kr_run_start(q, KR_CALL(bits_conso, q)),
			kr_run_start(q, KR_CALL(bits_old, q)), 30);
	kr_term *part = KR_LIST(num(1), kr_var_new("y"), num(0));
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(q, part),
					       KR_CALL(bits_conso, q))),
			 "((1 0 0) (1 1 0))");
	kr_term *bad = kr_cons(num(0), kr_cons(num(2), kr_var_new("t")));
	assert_same_run(kr_run_start(q, KR_ALL(kr_eq(q, bad),
					      KR_CALL(bits_conso, q))),
			kr_run_start(q, KR_ALL(kr_eq(q, bad),
					      KR_CALL(bits_old, q))),
			-1);

	/* a pair: its parts, the state itself, no variable made */
	const kr_state *st0 = kr_state_empty();
	kr_term *l = kr_var_new("l"), *a, *d;
	const kr_state *st = kr_state_unify(st0, l, KR_LIST(num(1), num(2)));
	ck_assert_ptr_eq(conso_on(st, NULL, NULL, l, &a, &d), st);
	ck_assert_str_eq(t_str(a), "1");
	ck_assert_str_eq(t_str(d), "(2)");
	/* given parts are unified, in order; a mismatch fails */
	kr_term *x = kr_var_new("x");
	const kr_state *r = conso_on(st, x, NULL, l, &a, &d);
	ck_assert_ptr_nonnull(r);
	ck_assert_ptr_eq(a, x);
	ck_assert_str_eq(t_str(kr_walk(x, kr_state_subst(r))), "1");
	ck_assert_ptr_null(conso_on(st, num(2), NULL, l, &a, &d));
	ck_assert_ptr_null(conso_on(st, NULL, kr_nil(), l, &a, &d));
	/* an unbound l is bound to a pair of new variables */
	r = conso_on(st0, num(7), NULL, x, &a, &d);
	ck_assert_ptr_nonnull(r);
	ck_assert(kr_is_var(d) && d != x);
	ck_assert_str_eq(t_str(kr_walk(kr_cdr(kr_walk(x, kr_state_subst(r))),
				       kr_state_subst(r))),
			 t_str(d));
	ck_assert_str_eq(t_str(kr_car(kr_walk(x, kr_state_subst(r)))), "7");
	/* not a pair: an atom fails; an etuple decomposes as a pair does */
	ck_assert_ptr_null(conso_on(st0, NULL, NULL, num(3), &a, &d));
	uint64_t before = kr_var_id(kr_var_new(NULL));
	ck_assert_ptr_null(conso_on(st0, NULL, NULL, kr_nil(), &a, &d));
	/* at once: no variable made for the parts */
	ck_assert_uint_eq(kr_var_id(kr_var_new(NULL)), before + 1);
	kr_term *e = KR_ETUPLE(sym("f"), num(1), num(2));
	r = conso_on(st0, NULL, NULL, e, &a, &d);
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(t_str(kr_walk(a, kr_state_subst(r))), "f");
	kr_term *dw = kr_walk(d, kr_state_subst(r));
	ck_assert_int_eq(kr_term_kind(dw), KR_ETUPLE);
	ck_assert_str_eq(t_str(kr_car(dw)), "1");
	/* the constraints on l hold: (=/= n (1 . 2)) */
	kr_term *n = kr_var_new("n");
	kr_term **env = kr_alloc(2 * sizeof *env);
	env[0] = n;
	env[1] = num(2);
	kr_goal *ne = kr_neq(n, kr_cons(num(1), num(2)));
	ck_assert_str_eq(run_str(-1, n, KR_ALL(ne, kr_fresh_run(0, one_pair_run,
								 env))),
			 "()");
	env[1] = NULL;
	ck_assert_str_eq(run_str(-1, n, KR_ALL(ne, kr_fresh_run(0, one_pair_run,
								 env))),
			 "(((1 . _.0) (=/= ((_.0 2)))))");
	kr_term *m = kr_var_new("m");
	env[0] = kr_cons(num(1), m);
	env[1] = num(2);
	ck_assert_str_eq(run_str(-1, m, KR_ALL(kr_neq(m, num(2)),
					       kr_fresh_run(0, one_pair_run,
							    env))),
			 "()");
}
END_TEST

/* (conde ((== q 0)) ((== q 1))) with q read from a static: no terms. */
static kr_term *no_terms_q;

static kr_stream *no_terms_clause(const kr_state *st, int i, void *env)
{
	ck_assert_ptr_nonnull(env);
	st = kr_clause_eq(st, no_terms_q, num(i));
	return st ? kr_stream_unit(st) : NULL;
}

static kr_stream *no_terms_run(const kr_state *st, kr_term *const *v,
			       void *env)
{
	(void)v;
	no_terms_q = env;
	return kr_clause_conde(st, 2, no_terms_clause, 0, NULL);
}

/*
 * (defrel (memo x l)
 *   (fresh (a d) (conso a d l) (conde ((== a x)) ((memo x d)))))
 * twice: its conde by kr_clause_conde over the terms {a, x, d}, and by
 * KR_THEN over a kr_conde_fn goal. The array given to kr_clause_conde is
 * overwritten right after the call, as a caller's local array is: the
 * clauses must read the copy.
 */
static kr_rel *mem_new, *mem_old;

static kr_stream *mem_clause(const kr_state *st, int i, void *env,
			     kr_rel *self)
{
	kr_term *const *e = env;
	if (i == 1)
		return KR_THEN(st, KR_CALL(self, e[1], e[2]));
	if (!(st = kr_clause_eq(st, e[0], e[1])))
		return NULL;
	return kr_stream_unit(st);
}

static kr_stream *mem_clause_new(const kr_state *st, int i, void *env)
{
	return mem_clause(st, i, env, mem_new);
}

static kr_stream *mem_clause_old(const kr_state *st, int i, void *env)
{
	return mem_clause(st, i, env, mem_old);
}

static kr_stream *mem_run(const kr_state *st, kr_term *const *v, void *env,
			  bool new)
{
	kr_term *const *args = env;
	kr_term *a = NULL, *d = NULL;
	(void)v;
	if (!(st = kr_clause_conso(st, &a, &d, args[1])))
		return NULL;
	if (!new) {
		kr_term **e = kr_alloc(3 * sizeof *e);
		e[0] = a;
		e[1] = args[0];
		e[2] = d;
		return KR_THEN(st, kr_conde_fn(2, mem_clause_old, e));
	}
	kr_term *e[3] = {a, args[0], d};
	kr_stream *s = kr_clause_conde(st, 2, mem_clause_new, 3, e);
	e[0] = e[1] = e[2] = kr_nil();
	return s;
}

static kr_stream *mem_run_new(const kr_state *st, kr_term *const *v,
			      void *env)
{
	return mem_run(st, v, env, true);
}

static kr_stream *mem_run_old(const kr_state *st, kr_term *const *v,
			      void *env)
{
	return mem_run(st, v, env, false);
}

START_TEST(test_clause_conde)
{
	mem_new = kr_rel_new_fresh("memo", 2, 0, mem_run_new);
	mem_old = kr_rel_new_fresh("memo", 2, 0, mem_run_old);
	kr_term *q = kr_var_new("q");
	kr_term *l = KR_LIST(num(1), kr_var_new("y"), num(3));
	ck_assert_str_eq(run_str(-1, q, KR_CALL(mem_new, q, l)), "(1 _.0 3)");
	/* x in a list of unknown length: the first 30 answers */
	assert_same_run(kr_run_start(q, KR_CALL(mem_new, num(5), q)),
			kr_run_start(q, KR_CALL(mem_old, num(5), q)), 30);
	/* two memberships over one list: the answers, order and steps */
	kr_term *p = kr_var_new("p");
	kr_term *l3 = KR_LIST(kr_var_new("u"), kr_var_new("v"),
			      kr_var_new("w"));
	kr_goal *g_new = KR_ALL(kr_eq(q, l3), KR_CALL(mem_new, num(1), q),
				KR_CALL(mem_new, num(2), q),
				KR_CALL(mem_new, p, q));
	kr_goal *g_old = KR_ALL(kr_eq(q, l3), KR_CALL(mem_old, num(1), q),
				KR_CALL(mem_old, num(2), q),
				KR_CALL(mem_old, p, q));
	kr_term *qp = KR_LIST(q, p);
	assert_same_run(kr_run_start(qp, g_new), kr_run_start(qp, g_old), -1);
	ck_assert_str_eq(run_str(2, qp, g_new),
			 "(((1 2 _.0) 1) ((1 2 _.0) 2))");
	/* a conde of clause functions over no terms */
	ck_assert_str_eq(run_str(-1, q, kr_fresh_run(0, no_terms_run, q)),
			 "(0 1)");
}
END_TEST

/*
 * A conjunction of more goals than an mplus node counts for a side
 * (65535) stays a binds node under it, and still gives every answer in
 * order.
 */
START_TEST(test_long_conj_in_mplus)
{
	enum { N = 70000 };
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_goal **goals = kr_alloc(N * sizeof *goals);
	goals[0] = KR_CONDE(kr_eq(x, num(1)), kr_eq(x, num(2)));
	for (size_t i = 1; i < N - 1; i++)
		goals[i] = kr_suspend(kr_succeed());
	goals[N - 1] = kr_eq(y, sym("last"));
	kr_goal *g = KR_ANY(kr_conj(N, goals),
			    kr_suspend(KR_ALL(kr_eq(x, num(3)),
					      kr_eq(y, sym("other")))));
	ck_assert_str_eq(run_str(-1, KR_LIST(x, y), g),
			 "((3 other) (1 last) (2 last))");
}
END_TEST

/* (trio x q): three clauses, clause i gives q = (x i) and notes x's kind */
static int trio_kinds[3];

static kr_stream *trio_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *a = env;
	trio_kinds[i] = kr_term_kind(a[0]);
	st = kr_clause_eq(st, a[1], KR_LIST(a[0], num(i)));
	return st ? kr_stream_unit(st) : NULL;
}

/*
 * A conde of three clauses or more hands its clauses the call's terms
 * walked in the call's state, once for all of them; the goal of the
 * call, applied to several states, walks in each its own.
 */
START_TEST(test_walked_args)
{
	kr_rel *trio = kr_rel_new_conde("trio", 2, 3, trio_clause);
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	kr_goal *g = KR_ALL(kr_eq(x, KR_LIST(num(1), num(2))),
			    KR_CALL(trio, x, q));
	ck_assert_str_eq(run_str(-1, q, g),
			 "(((1 2) 0) ((1 2) 1) ((1 2) 2))");
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(trio_kinds[i], KR_CONS);
	/* one call goal, two states binding x differently */
	g = KR_ALL(KR_ANY(kr_eq(x, sym("a")), kr_eq(x, sym("b"))),
		   KR_CALL(trio, x, q));
	ck_assert_str_eq(run_str(-1, q, g),
			 "((a 0) (b 0) (a 1) (b 1) (a 2) (b 2))");
	/* an unbound term stays the variable */
	ck_assert_str_eq(run_str(1, x, KR_CALL(trio, x, q)), "(_.0)");
	ck_assert_int_eq(trio_kinds[0], KR_VAR);
}
END_TEST

Suite *goal_suite(void)
{
	Suite *s = suite_create("goal");
	struct {
		const char *name;
		const TTest *test;
	} cases[] = {
		{"state", test_state_basics},
		{"occurs_check", test_occurs_check},
		{"succeed_fail_eq", test_succeed_fail_eq},
		{"conj_disj", test_conj_disj},
		{"conde", test_conde},
		{"clause_fns", test_clause_fns},
		{"fresh_run", test_fresh_run},
		{"apply_twice", test_apply_twice},
		{"fresh", test_fresh},
		{"suspend", test_suspend_steps},
		{"step_limit", test_step_limit},
		{"never_suspends", test_never_suspends},
		{"long_step_pauses", test_long_step_pauses},
		{"stop_within_step", test_stop_within_step},
		{"run_unique", test_run_unique},
		{"kept_continuations", test_kept_continuations},
		{"fair_nevero", test_fair_nevero_first},
		{"fair_alwayso", test_fair_alwayso},
		{"left_recursion", test_left_recursion},
		{"faster_mk_order", test_faster_mk_order},
		{"stream_basics", test_stream_basics},
		{"stream_order", test_stream_order},
		{"walked_args", test_walked_args},
		{"long_conj_in_mplus", test_long_conj_in_mplus},
		{"stream_public_nodes_order", test_stream_public_nodes_order},
		{"long_streams", test_long_mature_streams},
		{"rel_call", test_rel_call},
		{"rel_shapes", test_rel_shapes},
		{"clause_conso", test_clause_conso},
		{"clause_conde", test_clause_conde},
		{"run_lazy", test_run_lazy},
		{"in_place", test_in_place},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		TCase *tc = tcase_create(cases[i].name);
		/* long searches (10^5 answers, 3000 nested binds) on a busy CI */
		tcase_set_timeout(tc, 60);
		tcase_add_test(tc, cases[i].test);
		suite_add_tcase(s, tc);
	}
	return s;
}
