/* test_corpus_peers_terms.c -- corpus: unification, etuples and cons. */
/* See the LICENSE file for copying conditions. */

#include <string.h>

#include "suites.h"

/*
 * The assertions of the test suites of unification (tests/test_core.py),
 * etuples (test_core.py, test_dispatch.py) and cons (test_cons.py) that
 * the other corpus files (test_corpus_unify.c, test_corpus_terms.c,
 * test_unify.c, test_term.c, test_graph.c) did not check yet, each test
 * named after its peer test, with the peers' expected values. A Python
 * callable is a callable foreign atom.
 */

static kr_term *num(int64_t i) { return kr_int(i); }

static kr_term *sym(const char *s) { return kr_sym(s); }

/* ==================================================== unification */

/* The binding of v in s, printed; "-" when v is unbound there. */
static const char *bound(const kr_subst *s, kr_term *v)
{
	kr_term *t = kr_subst_lookup(s, v);
	return t ? t_str(t) : "-";
}

/*
 * unification's test_unify. Between two variables the first argument is
 * bound, as Python does: unify(x, y, {}) is {x: y}, and unify(x, y,
 * {y: z}) is {y: z, x: z}. (The engine's == binds the newer to the
 * older instead, as faster-miniKanren, whose printed constraints show it.)
 */
START_TEST(test_unification_unify)
{
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_term *z = kr_var_new("z");
	const kr_subst *e = kr_subst_empty(), *s;
	ck_assert_ptr_eq(kr_unify(x, x, e), e);
	ck_assert_ptr_eq(kr_unify(num(1), num(1), e), e);
	ck_assert_ptr_null(kr_unify(num(1), num(2), e));
	s = kr_unify(x, num(2), e);
	ck_assert_uint_eq(kr_subst_size(s), 1);
	ck_assert_str_eq(bound(s, x), "2");
	s = kr_unify(num(2), x, e);
	ck_assert_str_eq(bound(s, x), "2");
	s = kr_unify(x, y, e);
	ck_assert_uint_eq(kr_subst_size(s), 1);
	ck_assert_str_eq(bound(s, x), "~y");
	s = kr_unify(y, x, e);
	ck_assert_uint_eq(kr_subst_size(s), 1);
	ck_assert_str_eq(bound(s, y), "~x");
	/* already unified either way: the substitution itself */
	const kr_subst *yx = kr_subst_extend(e, y, x);
	ck_assert_ptr_eq(kr_unify(y, x, yx), yx);
	ck_assert_ptr_eq(kr_unify(x, y, yx), yx);
	const kr_subst *xy = kr_subst_extend(e, x, y);
	ck_assert_ptr_eq(kr_unify(y, x, xy), xy);
	ck_assert_ptr_eq(kr_unify(x, y, xy), xy);
	/* through a chain: z (walked from y) meets x */
	const kr_subst *yz = kr_subst_extend(e, y, z);
	s = kr_unify(y, x, yz);
	ck_assert_uint_eq(kr_subst_size(s), 2);
	ck_assert_str_eq(bound(s, y), "~z");
	ck_assert_str_eq(bound(s, z), "~x");
	s = kr_unify(x, y, yz);
	ck_assert_uint_eq(kr_subst_size(s), 2);
	ck_assert_str_eq(bound(s, y), "~z");
	ck_assert_str_eq(bound(s, x), "~z");
}
END_TEST

/* test_unify_seq's last case, test_reify_list, test_transitive_get */
START_TEST(test_unification_seq_reify)
{
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_term *z = kr_var_new("z"), *a = kr_var_new("a");
	kr_term *b = kr_var_new("b");
	const kr_subst *e = kr_subst_empty();
	ck_assert_ptr_eq(kr_unify(kr_nil(), kr_nil(), e), e);
	ck_assert_ptr_eq(kr_unify(KR_LIST(x), KR_LIST(x), e), e);
	const kr_subst *s0 = kr_subst_extend(e, x, KR_LIST(z, num(1)));
	const kr_subst *s = kr_unify(KR_LIST(a, b), x, s0);
	ck_assert_uint_eq(kr_subst_size(s), 3);
	ck_assert_str_eq(bound(s, x), "(~z 1)");
	ck_assert_str_eq(bound(s, a), "~z");
	ck_assert_str_eq(bound(s, b), "1");
	ck_assert_ptr_null(kr_unify(KR_LIST(num(1), x), t_read("(1 2)"),
				    kr_subst_extend(e, x, num(3))));
	/* reify([1, [x, 3], y], {x: 2, y: 4}) */
	s = kr_subst_extend(kr_subst_extend(e, x, num(2)), y, num(4));
	ck_assert_str_eq(t_str(kr_walk_star(KR_LIST(num(1), KR_LIST(x, num(3)),
						    y),
					    s)),
			 "(1 (2 3) 4)");
	/* reify(z, {x: 1, y: 2, z: (x, y)}) and reify(10, s) */
	s = kr_subst_extend(kr_subst_extend(kr_subst_extend(e, x, num(1)), y,
					    num(2)),
			    z, KR_LIST(x, y));
	ck_assert_str_eq(t_str(kr_walk_star(z, s)), "(1 2)");
	ck_assert_str_eq(t_str(kr_walk_star(KR_LIST(num(1), KR_LIST(
						    x, KR_LIST(y, num(2)))),
					    s)),
			 "(1 (1 (2 2)))");
	ck_assert_str_eq(t_str(kr_walk_star(num(10), s)), "10");
	/* transitive_get(x, {x: y, y: 1}) and of a non-variable */
	s = kr_subst_extend(kr_subst_extend(e, x, y), y, num(1));
	ck_assert_str_eq(t_str(kr_walk(x, s)), "1");
	ck_assert_str_eq(t_str(kr_walk(t_read("(1 2)"), s)), "(1 2)");
}
END_TEST

/* ========================================================== etuples */

/* A callable of no argument returning the callable add, as
 * `lambda: add`. */
static int make_add_call(const void *p, size_t n, kr_term *const *args,
			 kr_term **out)
{
	(void)p, (void)args;
	if (n)
		return KR_EINVALID;
	*out = t_add_callable();
	return 0;
}

static const kr_foreign_type make_add_type = {
	.name = "make_add", .call = make_add_call,
};

/* etuple(add, num, etuple(add, num, ...)) n deep (gen_long_add_chain) */
static kr_term *add_chain(int n, int64_t v)
{
	kr_term *t = num(v), *add = t_add_callable();
	for (int i = 0; i < n; i++)
		t = KR_ETUPLE(add, num(v), t);
	return t;
}

/* test_ExpressionTuple and test_reify_recursion_limit */
START_TEST(test_etuples_core)
{
	kr_term *add = t_add_callable(), *out;
	kr_term *e0 = KR_ETUPLE(add, num(1), num(2));
	ck_assert_uint_eq(kr_hash(e0), kr_hash(KR_LIST(add, num(1), num(2))));
	ck_assert_ptr_eq(kr_as_etuple(e0), e0);
	kr_term *e5 = KR_ETUPLE(num(1), KR_ETUPLE(num(2), num(3)));
	kr_term *e6 = KR_ETUPLE(num(1), KR_ETUPLE(num(2), num(3)));
	ck_assert(kr_equal(e5, e6));
	ck_assert_uint_eq(kr_hash(e5), kr_hash(e6));
	ck_assert(!kr_equal(KR_ETUPLE(KR_ETUPLE(num(1)), num(2)),
			    KR_ETUPLE(num(1), num(2))));
	ck_assert(!kr_equal(KR_ETUPLE(num(1), num(2)), KR_ETUPLE(num(1))));
	ck_assert(!kr_equal(KR_ETUPLE(num(1), num(2)),
			    KR_ETUPLE(num(1), num(3))));
	/* e1 = (add, e0, 3) is 6; (1,) cannot be evaluated */
	ck_assert_int_eq(kr_etuple_eval(&out, KR_ETUPLE(add, e0, num(3))), 0);
	ck_assert_int_eq(kr_int_value(out), 6);
	ck_assert_int_eq(kr_etuple_eval(&out, KR_ETUPLE(num(1))), KR_EINVALID);
	/* an operator that is itself an etuple: ((lambda: add), 1, 1) */
	kr_term *mk = kr_foreign(&make_add_type, &make_add_type);
	ck_assert_int_eq(kr_etuple_eval(&out, KR_ETUPLE(KR_ETUPLE(mk), num(1),
							num(1))),
			 0);
	ck_assert_int_eq(kr_int_value(out), 2);
	/* 200 deep: 201 and 402; two chains of ones are equal */
	kr_term *a = add_chain(200, 1);
	ck_assert_int_eq(kr_etuple_eval(&out, add_chain(10, 1)), 0);
	ck_assert_int_eq(kr_int_value(out), 11);
	ck_assert_int_eq(kr_etuple_eval(&out, a), 0);
	ck_assert_int_eq(kr_int_value(out), 201);
	ck_assert_int_eq(kr_etuple_eval(&out, add_chain(200, 2)), 0);
	ck_assert_int_eq(kr_int_value(out), 402);
	ck_assert(kr_equal(a, add_chain(200, 1)));
	/* an op is callable as a Python op: neg(add(1, 2)) is a graph */
	kr_term *neg = kr_op_term(kr_op_neg());
	ck_assert_int_eq(kr_etuple_eval(&out, KR_ETUPLE(neg, e0)), 0);
	kr_variable *v = kr_term_variable(out);
	ck_assert_ptr_nonnull(v);
	ck_assert_str_eq(kr_pprint(v), "(-3)");
	ck_assert_int_eq(kr_term_call(&out, neg, 1, (kr_term *[]){kr_sym("a")}),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "neg: argument 1 is not a graph or a number: a");
}
END_TEST

/* test_dispatch.py: test_etuple_apply and test_etuplize's non-sequence
 * (test_rator_rands_apply is in test_corpus_peers.c, with its Node) */
START_TEST(test_etuples_dispatch)
{
	kr_term *q = kr_var_new("q"), *add = t_add_callable();
	ck_assert_str_eq(t_run_str(-1, q, kr_applyo(add, t_read("(1 2)"), q)),
			 "(3)");
	ck_assert_str_eq(t_run_str(-1, q, kr_applyo(num(1), t_read("(2)"), q)),
			 "((1 2))");
	kr_term *e1 = KR_ETUPLE(add, num(1), num(2)), *obj;
	ck_assert_int_eq(kr_etuple_eval(&obj, e1), 0);
	kr_term *dup = kr_cons(kr_car(e1), kr_cdr(e1));
	ck_assert(t_is_etuple(dup));
	ck_assert_ptr_eq(kr_etuple_evaled(dup), obj);
	ck_assert_str_eq(t_run_str(-1, q, kr_applyo(kr_car(e1), kr_cdr(e1), q)),
			 "(3)");
	ck_assert_ptr_null(kr_as_etuple(kr_str("ab")));
}
END_TEST

/* ============================================================= cons */

static void car_nil(void) { kr_car(kr_nil()); }
static void cdr_nil(void) { kr_cdr(kr_nil()); }
static void car_str(void) { kr_car(kr_str("ab")); }
static void cdr_empty_etuple(void) { kr_cdr(kr_etuple(0, NULL)); }
static void car_int(void) { kr_car(kr_int(1)); }

/* test_car_cdr's ConsError cases (misuse here) and test_cons_join */
START_TEST(test_cons)
{
	void (*bad[])(void) = {car_nil, cdr_nil, car_str, cdr_empty_etuple,
			       car_int};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ck_assert_str_ne(t_abort_message(bad[i]), "");
	/* caro fails where car raises */
	kr_term *q = kr_var_new("q");
	ck_assert_str_eq(t_run_str(-1, q, kr_caro(kr_nil(), q)), "()");
	ck_assert_str_eq(t_run_str(-1, q, kr_caro(kr_str("ab"), q)), "()");
	ck_assert_str_eq(t_run_str(-1, q, kr_cdro(kr_etuple(0, NULL), q)), "()");
	/* cons((), "a") and cons(["a", "b"], "c") are pairs */
	kr_term *p = kr_cons(kr_nil(), kr_str("a"));
	ck_assert_int_eq(kr_term_kind(p), KR_CONS);
	ck_assert(kr_is_null(kr_car(p)));
	ck_assert_str_eq(t_str(p), "(() . \"a\")");
	p = kr_cons(t_read("(a b)"), sym("c"));
	ck_assert_str_eq(t_str(kr_car(p)), "(a b)");
	ck_assert_str_eq(t_str(kr_cdr(p)), "c");
	p = kr_cons(sym("a"), kr_cons(sym("b"), sym("c")));
	ck_assert_str_eq(t_str(kr_car(p)), "a");
	ck_assert(kr_equal(kr_cdr(p), kr_cons(sym("b"), sym("c"))));
	ck_assert_str_eq(t_str(kr_cons(sym("a"), KR_ETUPLE(sym("b"),
							   sym("c")))),
			 "(a b c)");
	ck_assert(t_is_etuple(kr_cons(sym("a"), KR_ETUPLE(sym("b")))));
}
END_TEST

Suite *corpus_peers_terms_suite(void)
{
	Suite *s = suite_create("corpus_peers_terms");
	TCase *tc = tcase_create("unification");
	tcase_add_test(tc, test_unification_unify);
	tcase_add_test(tc, test_unification_seq_reify);
	suite_add_tcase(s, tc);
	tc = tcase_create("etuples");
	tcase_add_test(tc, test_etuples_core);
	tcase_add_test(tc, test_etuples_dispatch);
	suite_add_tcase(s, tc);
	tc = tcase_create("cons");
	tcase_add_test(tc, test_cons);
	suite_add_tcase(s, tc);
	return s;
}
