/* test_constraints.c -- =/=, absento, type constraints and their reification. */
/* See the LICENSE file for copying conditions. */
#include "suites.h"

/*
 * Expected answers are faster-miniKanren's printed forms (its
 * disequality-tests.scm, absento-tests.scm and symbolo-tests.scm show the
 * same shapes).
 */

static kr_term *sym(const char *s) { return kr_sym(s); }
static kr_term *num(int64_t i) { return kr_int(i); }

static const char *run_str(long n, kr_term *q, kr_goal *g)
{
	return t_str(kr_run(n, q, g));
}

START_TEST(test_neq_basic)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x"),
		*y = kr_var_new("y");
	ck_assert_str_eq(run_str(-1, q, kr_neq(q, sym("x"))),
			 "((_.0 (=/= ((_.0 x)))))");
	ck_assert_str_eq(run_str(-1, q, kr_neq(num(1), num(1))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_neq(num(1), num(2))), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_neq(q, num(1)),
					       kr_eq(q, num(1)))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(q, num(1)),
					       kr_neq(q, num(1)))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_neq(q, num(1)),
					       kr_eq(q, num(2)))),
			 "(2)");
	/* a disequality between two pairs, partly decided */
	kr_goal *g = KR_ALL(kr_neq(KR_LIST(x, y), KR_LIST(num(1), num(2))),
			    kr_eq(q, KR_LIST(x, y)));
	ck_assert_str_eq(run_str(-1, q, g),
			 "(((_.0 _.1) (=/= ((_.0 1) (_.1 2)))))");
	g = KR_ALL(g, kr_eq(x, num(1)));
	ck_assert_str_eq(run_str(-1, q, g), "(((1 _.0) (=/= ((_.0 2)))))");
	g = KR_ALL(g, kr_eq(y, num(2)));
	ck_assert_str_eq(run_str(-1, q, g), "()");
	/* two variables: the pair is oriented by name */
	g = KR_ALL(kr_neq(x, y), kr_eq(q, KR_LIST(y, x)));
	ck_assert_str_eq(run_str(-1, q, g),
			 "(((_.0 _.1) (=/= ((_.0 _.1)))))");
	/* a constraint on a variable absent from the answer is dropped */
	g = KR_ALL(kr_neq(x, num(5)), kr_eq(q, num(3)));
	ck_assert_str_eq(run_str(-1, q, g), "(3)");
	/* binding two constrained variables together */
	g = KR_ALL(kr_neq(x, num(5)), kr_eq(x, y), kr_eq(y, num(5)));
	ck_assert_str_eq(run_str(-1, q, g), "()");
}
END_TEST

START_TEST(test_types)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	ck_assert_str_eq(run_str(-1, q, kr_symbolo(q)), "((_.0 (sym _.0)))");
	ck_assert_str_eq(run_str(-1, q, kr_numbero(q)), "((_.0 (num _.0)))");
	ck_assert_str_eq(run_str(-1, q, kr_stringo(q)), "((_.0 (str _.0)))");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_symbolo(q),
					       kr_eq(q, sym("a")))),
			 "(a)");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_symbolo(q),
					       kr_eq(q, num(1)))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_numbero(q),
					       kr_eq(q, kr_real(1.5)))),
			 "(1.5)");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_symbolo(q), kr_numbero(q))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_symbolo(q), kr_symbolo(q))),
			 "((_.0 (sym _.0)))");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_stringo(q),
					       kr_eq(q, KR_LIST(x)))),
			 "()");
	/* two typed variables, sorted; =/= between different types dropped */
	kr_term *y = kr_var_new("y");
	kr_goal *g = KR_ALL(kr_numbero(y), kr_symbolo(x), kr_neq(x, y),
			    kr_eq(q, KR_LIST(x, y)));
	ck_assert_str_eq(run_str(-1, q, g),
			 "(((_.0 _.1) (num _.1) (sym _.0)))");
	/* =/= against a value of another type is dropped too */
	g = KR_ALL(kr_symbolo(q), kr_neq(q, num(1)));
	ck_assert_str_eq(run_str(-1, q, g), "((_.0 (sym _.0)))");
	g = KR_ALL(kr_symbolo(q), kr_neq(q, sym("a")));
	ck_assert_str_eq(run_str(-1, q, g),
			 "((_.0 (=/= ((_.0 a))) (sym _.0)))");
	/* binding a typed variable to another typed one */
	g = KR_ALL(kr_symbolo(x), kr_numbero(y), kr_eq(x, y));
	ck_assert_str_eq(run_str(-1, q, g), "()");
}
END_TEST

static const kr_foreign_type op_type = {.name = "Op"};
static const kr_foreign_type other_type = {.name = "Other"};

START_TEST(test_typeo_foreign)
{
	static int a, b;
	kr_term *q = kr_var_new("q");
	kr_term *fa = kr_foreign(&op_type, &a), *fb = kr_foreign(&other_type, &b);
	ck_assert_str_eq(run_str(-1, q, kr_foreigno(q, &op_type)),
			 "((_.0 (Op _.0)))");
	ck_assert_int_eq(kr_list_length(kr_run(
				 -1, q, KR_ALL(kr_foreigno(q, &op_type),
					       kr_eq(q, fa)))),
			 1);
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_foreigno(q, &op_type),
					       kr_eq(q, fb))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_foreigno(q, &op_type),
					       kr_symbolo(q))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_foreigno(sym("a"), &op_type)), "()");
}
END_TEST

/*
 * kanren's test_constraints.py test_typeo and test_instanceo: each goal
 * set gives the same answers in every order of its goals.
 */
static void every_order(kr_term *q, size_t n, kr_goal *const *gs,
			const char *want)
{
	static const int perm3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
					{1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
	for (size_t p = 0; p < (n == 3 ? 6 : 2); p++) {
		kr_goal *o[3];
		for (size_t i = 0; i < n; i++)
			o[i] = gs[n == 3 ? (size_t)perm3[p][i] : (i + p) % 2];
		ck_assert_str_eq(run_str(-1, q, kr_conj(n, o)), want);
	}
}

#define ORDERS(q, want, ...)                                             \
	every_order(q, sizeof((kr_goal *[]){__VA_ARGS__}) / sizeof(kr_goal *), \
		    (kr_goal *[]){__VA_ARGS__}, want)

START_TEST(test_typeo_kanren)
{
	kr_term *q = kr_var_new("q"), *a = kr_var_new("a"),
		*b = kr_var_new("b");
	ck_assert_str_eq(run_str(-1, q, kr_typeo(q, sym("int"))),
			 "((_.0 (typeo (_.0 int))))");
	ck_assert_str_eq(run_str(-1, q, kr_typeo(num(1), sym("int"))), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_typeo(num(1), sym("str"))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_typeo(kr_str("hi"), sym("str"))),
			 "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_typeo(kr_nil(), q)),
			 "((_.0 (typeo (() _.0))))");
	/* a parameter that is not a type */
	ck_assert_str_eq(run_str(-1, q, kr_typeo(num(1), num(1))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_typeo(q, sym("nosuchkind"))), "()");
	/* no subkinds: nothing is exactly a number */
	ck_assert_str_eq(run_str(-1, q, kr_typeo(num(1), sym("number"))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_typeo(kr_real(1.0), sym("float"))),
			 "(_.0)");
	ORDERS(q, "(1)", kr_typeo(q, sym("int")), kr_eq(q, num(1)));
	ORDERS(q, "(())", kr_typeo(q, sym("list")), kr_eq(q, kr_nil()));
	/* a pair whose type is known once its spine ends */
	ORDERS(q, "(_.0)", kr_typeo(kr_cons(num(1), a), sym("list")),
	       kr_eq(a, kr_nil()));
	ORDERS(q, "()", kr_typeo(kr_cons(num(1), a), sym("list")),
	       kr_eq(a, num(2)));
	ORDERS(q, "(1)", kr_typeo(q, sym("int")), kr_eq(b, num(1)),
	       kr_eq(b, q));
	ORDERS(q, "()", kr_typeo(q, sym("int")), kr_eq(b, kr_real(1.0)),
	       kr_eq(b, q));
	/* both arguments become the designator 'int, itself a symbol */
	ORDERS(q, "()", kr_typeo(q, b), kr_eq(b, sym("int")), kr_eq(b, q));
	/* both arguments become 1, which designates no type */
	ORDERS(q, "()", kr_typeo(q, b), kr_eq(b, num(1)), kr_eq(b, q));
	/* two typeo on one term must both hold */
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_typeo(q, sym("int")),
					       kr_typeo(q, sym("real")),
					       kr_eq(q, num(1)))),
			 "()");
	/* which they cannot on a term still unknown (kanren: ValueError),
	 * whatever order the type and the term are known in; one kind
	 * twice is once; null and list are both exactly '() */
	ORDERS(q, "()", kr_typeo(q, sym("str")), kr_typeo(q, sym("int")));
	ORDERS(q, "()", kr_typeo(q, b), kr_typeo(q, sym("int")),
	       kr_eq(b, sym("str")));
	ORDERS(q, "((_.0 (typeo (_.0 int))))", kr_typeo(q, b),
	       kr_typeo(q, sym("int")), kr_eq(b, sym("int")));
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_typeo(q, sym("null")),
					       kr_typeo(q, sym("list")),
					       kr_eq(q, kr_nil()))),
			 "(())");
	/* a pair onto an etuple is an etuple (cons), also through a
	 * variable (kanren's test_walko with its isinstanceo goals) */
	kr_term *et = KR_ETUPLE(num(2), num(1));
	ORDERS(q, "((mul 2 1))", kr_eq(a, et),
	       kr_eq(q, kr_cons(sym("mul"), a)), kr_typeo(q, sym("etuple")));
	ORDERS(q, "((mul 2 1))", kr_eq(a, et),
	       kr_eq(q, kr_cons(sym("mul"), a)),
	       kr_isinstanceo(q, sym("etuple")));
	ORDERS(q, "()", kr_eq(a, et), kr_eq(q, kr_cons(sym("mul"), a)),
	       kr_typeo(q, sym("pair")));
}
END_TEST

START_TEST(test_isinstanceo_kanren)
{
	kr_term *q = kr_var_new("q"), *b = kr_var_new("b");
	ck_assert_str_eq(run_str(-1, q, kr_isinstanceo(q, sym("int"))),
			 "((_.0 (isinstanceo (_.0 int))))");
	ck_assert_str_eq(run_str(-1, q, kr_isinstanceo(num(1), sym("int"))),
			 "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_isinstanceo(num(1), sym("object"))),
			 "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_isinstanceo(num(1), sym("str"))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_isinstanceo(kr_str("hi"),
						       sym("str"))),
			 "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_isinstanceo(num(1), num(1))), "()");
	ORDERS(q, "(())", kr_isinstanceo(q, sym("list")), kr_eq(q, kr_nil()));
	ORDERS(q, "(list)", kr_isinstanceo(kr_nil(), q),
	       kr_eq(q, sym("list")));
	ORDERS(q, "(())", kr_isinstanceo(kr_cons(num(1), q), sym("list")),
	       kr_eq(q, kr_nil()));
	ORDERS(q, "(1)", kr_isinstanceo(q, sym("int")), kr_eq(b, num(1)),
	       kr_eq(b, q));
	ORDERS(q, "()", kr_isinstanceo(q, sym("int")), kr_eq(b, kr_real(1.0)),
	       kr_eq(b, q));
	ORDERS(q, "()", kr_isinstanceo(q, b), kr_eq(b, sym("int")),
	       kr_eq(b, q));
	ORDERS(q, "()", kr_isinstanceo(q, b), kr_eq(b, num(1)), kr_eq(b, q));
	/* subkinds */
	kr_goal *vals = kr_conde(4, (kr_goal *[]){kr_eq(q, num(1)),
			   kr_eq(q, kr_real(1.5)), kr_eq(q, kr_str("a")),
			   kr_eq(q, KR_LIST(num(1)))});
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_isinstanceo(q,
							  sym("number")),
					       vals)),
			 "(1 1.5)");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_isinstanceo(q, sym("pair")),
					       vals)),
			 "((1))");
	/* several isinstanceo on one variable: any one of their types */
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_isinstanceo(q, sym("str")),
					       kr_isinstanceo(q, sym("list")),
					       vals)),
			 "(\"a\" (1))");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_isinstanceo(q, sym("str")),
					       kr_isinstanceo(q, sym("int")))),
			 "((_.0 (isinstanceo (_.0 str int))))");
	/* a pair is a pair before its spine ends */
	ck_assert_str_eq(run_str(-1, q, kr_isinstanceo(kr_cons(num(1), q),
						       sym("pair"))),
			 "(_.0)");
	/* a non-empty etuple is a ConsPair instance too, as in kanren;
	 * the empty one is not, and typeo asks for the exact kind */
	kr_term *et = kr_etuple(2, (kr_term *[]){sym("f"), num(1)});
	ck_assert_str_eq(run_str(-1, q, kr_isinstanceo(et, sym("pair"))),
			 "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_isinstanceo(kr_etuple(0, NULL),
						       sym("pair"))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_typeo(et, sym("pair"))), "()");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_isinstanceo(q, sym("pair")),
					       kr_eq(q, et))),
			 "((f 1))");
}
END_TEST

START_TEST(test_kind_define)
{
	static int a;
	kr_term *q = kr_var_new("q");
	ck_assert_int_eq(kr_kind_define("Op", &op_type), 0);
	ck_assert_int_eq(kr_kind_define("Op", &op_type), 0);
	ck_assert_int_eq(kr_kind_define("Op", &other_type), KR_EEXISTS);
	ck_assert_int_eq(kr_kind_define("int", &other_type), KR_EEXISTS);
	kr_term *fa = kr_foreign(&op_type, &a);
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, KR_ALL(
				 kr_isinstanceo(q, sym("Op")), kr_eq(q, fa)))),
			 1);
	/* a foreign atom as the designator of its own type */
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, KR_ALL(
				 kr_typeo(q, fa), kr_eq(q, fa)))),
			 1);
	ck_assert_str_eq(run_str(-1, q, kr_typeo(q, fa)),
			 "((_.0 (typeo (_.0 Op))))");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_typeo(q, sym("Op")),
					       kr_eq(q, num(1)))),
			 "()");
}
END_TEST

START_TEST(test_absento)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	ck_assert_str_eq(run_str(-1, q, kr_absento(sym("a"), q)),
			 "((_.0 (absento (a _.0))))");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_absento(sym("a"), q),
					       kr_eq(q, KR_LIST(x, sym("a"))))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(q, KR_LIST(x, sym("a"))),
					       kr_absento(sym("a"), q))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_absento(sym("a"), q),
					       kr_eq(q, KR_LIST(x, sym("b"))))),
			 "(((_.0 b) (absento (a _.0))))");
	ck_assert_str_eq(run_str(-1, q, kr_absento(sym("a"), sym("a"))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_absento(sym("a"),
						   t_read("(b (c (d a)))"))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_absento(sym("a"),
						   t_read("(b (c (d e)))"))),
			 "(_.0)");
	/* absento on a typed variable is just a disequality */
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_symbolo(q),
					       kr_absento(sym("a"), q))),
			 "((_.0 (=/= ((_.0 a))) (sym _.0)))");
}
END_TEST

START_TEST(test_reify_state)
{
	kr_term *q = kr_var_new("q");
	kr_runner *r = kr_run_start(q, KR_ALL(kr_neq(q, num(1)),
					      kr_neq(q, num(2))));
	const kr_state *st;
	ck_assert_int_eq(kr_run_next_state(&st, r), 0);
	ck_assert_uint_gt(kr_state_constraint_count(st), 0);
	ck_assert_str_eq(t_str(kr_reify_state(q, st)),
			 "(_.0 (=/= ((_.0 1)) ((_.0 2))))");
	ck_assert_uint_eq(kr_state_constraint_count(kr_state_empty()), 0);
	/* a ground answer reifies without its (now irrelevant) constraints */
	ck_assert_str_eq(t_str(kr_reify_state(num(7), st)), "7");
}
END_TEST

Suite *constraints_suite(void)
{
	Suite *s = suite_create("constraints");
	TCase *tc = tcase_create("neq");
	tcase_add_test(tc, test_neq_basic);
	suite_add_tcase(s, tc);
	tc = tcase_create("types");
	tcase_add_test(tc, test_types);
	tcase_add_test(tc, test_typeo_foreign);
	tcase_add_test(tc, test_typeo_kanren);
	tcase_add_test(tc, test_isinstanceo_kanren);
	tcase_add_test(tc, test_kind_define);
	suite_add_tcase(s, tc);
	tc = tcase_create("absento");
	tcase_add_test(tc, test_absento);
	suite_add_tcase(s, tc);
	tc = tcase_create("reify");
	tcase_add_test(tc, test_reify_state);
	suite_add_tcase(s, tc);
	return s;
}
