/* test_arith.c -- TRS2 relational arithmetic in the modes it terminates in. */
/* See the LICENSE file for copying conditions. */
#include "suites.h"

static kr_term *n(uint64_t v) { return kr_build_num(v); }

static const char *run_str(long k, kr_term *q, kr_goal *g)
{
	return t_str(kr_run(k, q, g));
}

/* The values of a run* of numerals, as "v1 v2 ...". */
static const char *values(kr_term *q, kr_goal *g)
{
	kr_term *all = kr_run(-1, q, g);
	char *s = kr_strdup("");
	for (; kr_is_pair(all); all = kr_cdr(all))
		s = kr_strfmt("%s%s%lld", s, *s ? " " : "",
			      (long long)kr_num_value(kr_car(all)));
	return s;
}

START_TEST(test_build_num)
{
	ck_assert_str_eq(t_str(n(0)), "()");
	ck_assert_str_eq(t_str(n(1)), "(1)");
	ck_assert_str_eq(t_str(n(6)), "(0 1 1)");
	ck_assert_str_eq(t_str(n(19)), "(1 1 0 0 1)");
	for (uint64_t i = 0; i < 300; i++)
		ck_assert_int_eq(kr_num_value(n(i)), (int64_t)i);
	ck_assert_int_eq(kr_num_value(t_read("(0 1 0)")), -1);
	ck_assert_int_eq(kr_num_value(t_read("(2)")), -1);
	ck_assert_int_eq(kr_num_value(t_read("(1 . 1)")), -1);
}
END_TEST

START_TEST(test_pluso)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x"),
		*y = kr_var_new("y");
	/* forward, every small pair */
	for (uint64_t a = 0; a < 12; a++)
		for (uint64_t b = 0; b < 12; b++) {
			kr_term *all = kr_run(-1, q, kr_pluso(n(a), n(b), q));
			ck_assert_int_eq(kr_list_length(all), 1);
			ck_assert_int_eq(kr_num_value(kr_car(all)),
					 (int64_t)(a + b));
		}
	/* backward: all splits of 5 */
	kr_term *all = kr_run(-1, KR_LIST(x, y), kr_pluso(x, y, n(5)));
	ck_assert_int_eq(kr_list_length(all), 6);
	/* the middle argument */
	ck_assert_str_eq(values(q, kr_pluso(n(3), q, n(10))), "7");
	ck_assert_str_eq(values(q, kr_minuso(n(10), n(3), q)), "7");
	ck_assert_str_eq(values(q, kr_minuso(n(3), n(10), q)), "");
	/* fully fresh: the first answers of TRS2 */
	ck_assert_str_eq(run_str(3, KR_LIST(x, y, q), kr_pluso(x, y, q)),
			 "((_.0 () _.0) (() (_.0 . _.1) (_.0 . _.1)) "
			 "((1) (1) (0 1)))");
}
END_TEST

START_TEST(test_mulo)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x"),
		*y = kr_var_new("y");
	for (uint64_t a = 0; a < 9; a++)
		for (uint64_t b = 0; b < 9; b++)
			ck_assert_int_eq(
				kr_num_value(kr_car(kr_run(1, q, kr_mulo(n(a), n(b),
									  q)))),
				(int64_t)(a * b));
	ck_assert_str_eq(values(q, kr_mulo(n(6), q, n(24))), "4");
	ck_assert_str_eq(values(q, kr_mulo(n(5), q, n(24))), "");
	kr_term *all = kr_run(-1, KR_LIST(x, y), kr_mulo(x, y, n(12)));
	ck_assert_int_eq(kr_list_length(all), 6);
}
END_TEST

START_TEST(test_divo)
{
	kr_term *q = kr_var_new("q"), *r = kr_var_new("r");
	for (uint64_t a = 0; a < 20; a++)
		for (uint64_t b = 1; b < 6; b++) {
			kr_term *all = kr_run(-1, KR_LIST(q, r),
					      kr_divo(n(a), n(b), q, r));
			ck_assert_int_eq(kr_list_length(all), 1);
			kr_term *qr = kr_car(all);
			ck_assert_int_eq(kr_num_value(kr_car(qr)),
					 (int64_t)(a / b));
			ck_assert_int_eq(kr_num_value(kr_car(kr_cdr(qr))),
					 (int64_t)(a % b));
		}
	ck_assert_str_eq(run_str(-1, q, kr_divo(n(5), n(0), q, r)), "()");
}
END_TEST

START_TEST(test_compare)
{
	kr_term *q = kr_var_new("q");
	ck_assert_str_eq(run_str(-1, q, kr_lto(n(3), n(5))), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_lto(n(5), n(5))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_leo(n(5), n(5))), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_leo(n(6), n(5))), "()");
	/* TRS2: numbers below 5 of a shorter length come as one shape */
	ck_assert_str_eq(run_str(-1, q, kr_lto(q, n(5))),
			 "(() (1) (_.0 1) (0 0 1))");
	ck_assert_str_eq(values(q, kr_leo(q, n(3))), "3 0 1 2");
	ck_assert_str_eq(run_str(-1, q, kr_gt1o(n(1))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_gt1o(n(2))), "(_.0)");
	/* faster-miniKanren's zeroo: () only, and no suspension, so its
	 * answer overtakes a suspended clause's (poso's fresh does not) */
	ck_assert_str_eq(run_str(-1, q, kr_zeroo(q)), "(())");
	kr_goal *a = KR_FRESH(kr_eq(q, kr_sym("a")));
	ck_assert_str_eq(run_str(-1, q, KR_CONDE(a, kr_zeroo(q))), "(() a)");
	ck_assert_str_eq(run_str(-1, q, KR_CONDE(a, kr_poso(q))),
			 "(a (_.0 . _.1))");
	ck_assert_str_eq(run_str(-1, q, kr_zeroo(n(0))), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_zeroo(n(1))), "()");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_poso(q), kr_zeroo(q))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_poso(n(0))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_poso(q)), "((_.0 . _.1))");
	/* on a pair poso and >1o bind nothing; a partial list is extended */
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(q, n(6)), kr_poso(q))),
			 "((0 1 1))");
	ck_assert_str_eq(run_str(-1, q, kr_gt1o(q)), "((_.0 _.1 . _.2))");
	kr_term *x = kr_var_new("x");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(q, kr_cons(kr_int(1), x)),
					       kr_gt1o(q))),
			 "((1 _.0 . _.1))");
	ck_assert_str_eq(run_str(-1, q, kr_gt1o(kr_sym("a"))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_poso(kr_sym("a"))), "()");
}
END_TEST

/* The modes the doc comments claim, beyond the ones above. */
START_TEST(test_arith_modes)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	/* minuso with n ground (pluso's k): every split, run* ends */
	ck_assert_int_eq(kr_list_length(kr_run(-1, KR_LIST(q, x),
					       kr_minuso(n(5), q, x))), 6);
	ck_assert_str_eq(values(q, kr_minuso(q, n(3), n(4))), "7");
	/* *o with n and m ground */
	ck_assert_str_eq(values(q, kr_mulo(n(7), n(6), q)), "42");
	/* expo with n ground: q found (logo terminates on ground n) */
	ck_assert_str_eq(values(q, kr_expo(n(2), q, n(8))), "3");
	/* <o with only n ground: the numerals above n, run* ends */
	ck_assert_str_eq(run_str(-1, q, kr_lto(n(1), q)), "((_.0 _.1 . _.2))");
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, kr_leo(n(2), q))), 3);
	ck_assert_str_eq(values(q, kr_lto(q, n(3))), "0 1 2");
	/* minuso with m and k ground, its other terminating mode */
	ck_assert_str_eq(values(q, kr_minuso(q, n(2), n(0))), "2");
	/* expo with only n ground: every base and power, run* ends */
	kr_term *m = kr_var_new("m"), *p = kr_var_new("p"),
		*r = kr_var_new("r");
	ck_assert_str_eq(run_str(-1, KR_LIST(q, m), kr_expo(q, m, n(8))),
			 "(((0 0 0 1) (1)) ((0 1) (1 1)))");
	/* all fresh ("fully relational"): faster-miniKanren's first answers */
	ck_assert_str_eq(run_str(3, KR_LIST(q, m, p), kr_mulo(q, m, p)),
			 "((() _.0 ()) ((_.0 . _.1) () ()) "
			 "((1) (_.0 . _.1) (_.0 . _.1)))");
	ck_assert_str_eq(run_str(2, KR_LIST(q, m, p, r), kr_divo(q, m, p, r)),
			 "((() (_.0 . _.1) () ()) "
			 "((1) (_.0 _.1 . _.2) () (1)))");
	ck_assert_str_eq(run_str(3, KR_LIST(q, m, p), kr_minuso(q, m, p)),
			 "((_.0 _.0 ()) ((_.0 . _.1) () (_.0 . _.1)) "
			 "((0 1) (1) (1)))");
}
END_TEST

START_TEST(test_logo_expo)
{
	kr_term *q = kr_var_new("q"), *r = kr_var_new("r");
	ck_assert_str_eq(values(q, kr_expo(n(3), n(4), q)), "81");
	ck_assert_str_eq(values(q, kr_expo(n(2), n(10), q)), "1024");
	kr_term *all = kr_run(-1, KR_LIST(q, r), kr_logo(n(68), n(2), q, r));
	ck_assert_str_eq(t_str(all), "(((0 1 1) (0 0 1)))");
	all = kr_run(-1, KR_LIST(q, r), kr_logo(n(243), n(3), q, r));
	ck_assert_str_eq(t_str(all), "(((1 0 1) ()))");
	/* faster-miniKanren's numbers.scm: n = b is b^1 only, n = 1 is b^0
	 * for any positive b, answer for answer with Chez */
	all = kr_run(-1, KR_LIST(q, r), kr_logo(n(2), n(2), q, r));
	ck_assert_str_eq(t_str(all), "(((1) ()))");
	all = kr_run(-1, KR_LIST(q, r), kr_logo(n(1), n(2), q, r));
	ck_assert_str_eq(t_str(all), "((() ()) (() ()))");
	ck_assert_str_eq(t_str(kr_run(-1, q, kr_expo(q, kr_nil(), n(1)))),
			 "((_.0 . _.1) (_.0 _.1 . _.2))");
	kr_term *m = kr_var_new("m"), *b = kr_var_new("b");
	ck_assert_str_eq(t_str(kr_run(3, KR_LIST(m, b, q, r),
				      kr_logo(m, b, q, r))),
			 "(((1) (_.0 . _.1) () ()) (_.0 () (_.1 . _.2) _.0) "
			 "((1) (1) (_.0 . _.1) ()))");
	ck_assert_int_eq(kr_list_length(kr_run(-1, KR_LIST(b, q, r),
					       kr_logo(n(20), b, q, r))),
			 33);
	/* TRS2's, the anchors': 2 = 2^0 + 1 too, and 34 answers at 20 */
	all = kr_run(-1, KR_LIST(q, r), kr_logo_trs2(n(2), n(2), q, r));
	ck_assert_str_eq(t_str(all), "((() (1)) ((1) ()))");
	ck_assert_int_eq(kr_list_length(kr_run(-1, KR_LIST(b, q, r),
					       kr_logo_trs2(n(20), b, q, r))),
			 34);
}
END_TEST

Suite *arith_suite(void)
{
	Suite *s = suite_create("arith");
	TCase *tc = tcase_create("arith");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_build_num);
	tcase_add_test(tc, test_pluso);
	tcase_add_test(tc, test_mulo);
	tcase_add_test(tc, test_divo);
	tcase_add_test(tc, test_compare);
	tcase_add_test(tc, test_logo_expo);
	tcase_add_test(tc, test_arith_modes);
	suite_add_tcase(s, tc);
	return s;
}
