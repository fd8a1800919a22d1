/* test_eval.c -- values, constants, evaluation, and the random-graph
 * property: read(write(g)) is g, and clone(g) evaluates as g. */
/* See the LICENSE file for copying conditions. */
#include <math.h>
#include <string.h>

#include "suites.h"

static kr_value *val(const char *text, kr_dtype d)
{
	kr_value *v = NULL;
	ck_assert_msg(kr_value_parse(&v, text, d) == 0, "%s",
		      kr_error_last()->message);
	return v;
}

static kr_variable *call(kr_op *op, size_t n, kr_variable *const *in)
{
	kr_variable *v = NULL;
	ck_assert_msg(kr_op_call(&v, op, n, in) == 0, "%s",
		      kr_error_last()->message);
	return v;
}

#define CALL(op, ...)                                                         \
	call((op), sizeof((kr_variable *[]){__VA_ARGS__}) / sizeof(void *),   \
	     (kr_variable *[]){__VA_ARGS__})

/* Evaluate out from the inputs and compare with the expected text. */
static void expect(kr_variable *out, size_t n, kr_variable *const *ins,
		   const kr_value *const *vals, const char *want)
{
	kr_value *got;
	ck_assert_msg(kr_graph_eval(&got, 1, &out, n, ins, vals) == 0, "%s",
		      kr_error_last()->message);
	ck_assert_str_eq(kr_value_to_string(got), want);
}

START_TEST(values_text)
{
	static const struct { const char *text; kr_dtype d; } cases[] = {
		{"1", KR_INT8}, {"1.0", KR_FLOAT64}, {"0.9189385332046727", KR_FLOAT64},
		{"1e-08", KR_FLOAT64}, {"inf", KR_FLOAT64}, {"-inf", KR_FLOAT64},
		{"nan", KR_FLOAT64}, {"True", KR_BOOL}, {"[1,2,3]", KR_INT64},
		{"[[1.0,2.5],[3.0,4.0]]", KR_FLOAT64}, {"[]", KR_FLOAT64},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		ck_assert_str_eq(kr_value_to_string(val(cases[i].text, cases[i].d)),
				 cases[i].text);
	kr_value *v;
	ck_assert_int_eq(kr_value_parse(&v, "1.5", KR_INT64), KR_ESYNTAX);
	ck_assert_int_eq(kr_value_parse(&v, "[[1],[2,3]]", KR_INT64), KR_ESYNTAX);
	ck_assert_int_eq(kr_value_parse(&v, "2", KR_BOOL), KR_ESYNTAX);
	ck_assert_int_eq(kr_value_parse(&v, "[1,2", KR_INT64), KR_ESYNTAX);
	ck_assert(kr_value_convert(KR_INT8, 200) == -56);
	ck_assert(kr_value_convert(KR_UINT8, -1) == 255);
	/* 64-bit integers wrap too (2^63 is int64's -2^63) */
	ck_assert(kr_value_convert(KR_INT64, 9223372036854775808.0) ==
		  -9223372036854775808.0);
	ck_assert(kr_value_convert(KR_INT64, -5) == -5);
	ck_assert(kr_value_convert(KR_UINT64, 18446744073709551616.0 + 4096) ==
		  4096);
	ck_assert(kr_value_convert(KR_UINT64, -1) > 1.8e19);
	ck_assert(kr_value_convert(KR_FLOAT32, 0.1) == (double)0.1f);
}
END_TEST

START_TEST(constants_merge_signature)
{
	const kr_type *i8 = kr_type_tensor(KR_INT8, 0, NULL);
	kr_variable *a, *b, *c;
	ck_assert_int_eq(kr_constant_make(&a, i8, val("1", KR_INT8)), 0);
	ck_assert_int_eq(kr_constant_make(&b, i8, val("1", KR_INT8)), 0);
	ck_assert_int_eq(kr_constant_make(&c, kr_type_tensor(KR_INT64, 0, NULL),
					  val("1", KR_INT64)), 0);
	ck_assert_ptr_ne(a, b);
	ck_assert(kr_constant_equal(a, b));
	ck_assert_uint_eq(kr_constant_hash(a), kr_constant_hash(b));
	ck_assert(!kr_constant_equal(a, c)); /* same value, other type */
	ck_assert_str_eq(kr_variable_to_string(a), "1");
	ck_assert_int_eq(kr_constant_make(&c, kr_type_vector(), val("1", KR_FLOAT64)),
			 KR_EINVALID);
	kr_variable *n1, *n2;
	ck_assert_int_eq(kr_constant_make(&n1, kr_type_scalar(KR_FLOAT64),
					  val("nan", KR_FLOAT64)), 0);
	ck_assert_int_eq(kr_constant_make(&n2, kr_type_scalar(KR_FLOAT64),
					  val("nan", KR_FLOAT64)), 0);
	ck_assert(kr_constant_equal(n1, n2));
}
END_TEST

START_TEST(eval_elementwise_broadcast)
{
	kr_variable *m = kr_variable_new(kr_type_matrix(), "m");
	kr_variable *r = kr_variable_new(kr_type_tensor(KR_FLOAT64, 2,
						(int64_t[]){1, -1}), "r");
	kr_variable *s = kr_variable_new(kr_type_scalar(KR_FLOAT64), "s");
	kr_variable *ins[3] = {m, r, s};
	const kr_value *vals[3] = {val("[[1.0,2.0],[3.0,4.0]]", KR_FLOAT64),
				   val("[[10.0,20.0]]", KR_FLOAT64),
				   val("2.0", KR_FLOAT64)};
	expect(CALL(kr_op_add(), m, r, s), 3, ins, vals,
	       "[[13.0,24.0],[15.0,26.0]]");
	expect(CALL(kr_op_true_div(), CALL(kr_op_sub(), m, s), s), 3, ins, vals,
	       "[[-0.5,0.0],[0.5,1.0]]");
	expect(CALL(kr_op_neg(), CALL(kr_op_sqr(), s)), 3, ins, vals, "-4.0");
	expect(CALL(kr_op_pow(), s, CALL(kr_op_reciprocal(), s)), 3, ins, vals,
	       "1.4142135623730951");
	expect(CALL(kr_op_log(), CALL(kr_op_exp(), s)), 3, ins, vals, "2.0");
	kr_value *bad = val("[[1.0,2.0,3.0]]", KR_FLOAT64), *out;
	const kr_value *vals2[3] = {vals[0], bad, vals[2]};
	kr_variable *sum = CALL(kr_op_add(), m, r);
	ck_assert_int_eq(kr_graph_eval(&out, 1, &sum, 3, ins, vals2), KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "broadcast"));
}
END_TEST

START_TEST(eval_upcast_and_ints)
{
	kr_variable *i = kr_variable_new(kr_type_tensor(KR_INT8, 0, NULL), "i");
	kr_variable *x = kr_variable_new(kr_type_tensor(KR_FLOAT32, 0, NULL), "x");
	kr_variable *s = CALL(kr_op_add(), i, x);
	ck_assert_str_eq(kr_type_to_string(kr_variable_type(s)),
			 "Scalar(float32, shape=())");
	kr_variable *q = CALL(kr_op_true_div(), i, i);
	ck_assert_int_eq(kr_type_dtype(kr_variable_type(q)), KR_FLOAT32);
	kr_variable *ins[2] = {i, x};
	const kr_value *vals[2] = {val("100", KR_INT8), val("0.5", KR_FLOAT32)};
	expect(CALL(kr_op_add(), i, i), 2, ins, vals, "-56"); /* wraps */
	expect(s, 2, ins, vals, "100.5");
}
END_TEST

START_TEST(eval_dot_shapes)
{
	kr_variable *A = kr_variable_new(kr_type_matrix(), "A");
	kr_variable *v = kr_variable_new(kr_type_vector(), "v");
	kr_variable *ins[2] = {A, v};
	const kr_value *vals[2] = {val("[[1.0,2.0],[3.0,4.0],[5.0,6.0]]", KR_FLOAT64),
				   val("[1.0,-1.0]", KR_FLOAT64)};
	kr_op *dot = kr_op_dot();
	expect(CALL(dot, A, v), 2, ins, vals, "[-1.0,-1.0,-1.0]");
	expect(CALL(dot, v, v), 2, ins, vals, "2.0");
	kr_variable *AtA = CALL(dot, CALL(kr_op_opaque("Transpose"), A), A);
	ck_assert_str_eq(kr_type_to_string(kr_variable_type(AtA)),
			 "Matrix(float64, shape=(?, ?))");
	kr_variable *B = kr_variable_new(kr_type_matrix(), "B");
	kr_variable *ins3[3] = {A, v, B};
	const kr_value *vals3[3] = {vals[0], vals[1],
				    val("[[1.0,0.0,2.0],[0.0,1.0,0.0]]", KR_FLOAT64)};
	expect(CALL(dot, A, B), 3, ins3, vals3,
	       "[[1.0,2.0,2.0],[3.0,4.0,6.0],[5.0,6.0,10.0]]");
	expect(CALL(dot, v, B), 3, ins3, vals3, "[1.0,-1.0,2.0]");
	kr_value *out;
	kr_variable *Av = CALL(dot, v, A); /* (2) . (3, 2): not aligned */
	ck_assert_int_eq(kr_graph_eval(&out, 1, &Av, 2, ins, vals), KR_EINVALID);
	kr_variable *o = CALL(kr_op_opaque("sigmoid"), v);
	ck_assert_int_eq(kr_graph_eval(&out, 1, &o, 2, ins, vals), KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "sigmoid"));
	kr_variable *w = kr_variable_new(kr_type_vector(), "w");
	kr_variable *vw = CALL(kr_op_add(), v, w);
	ck_assert_int_eq(kr_graph_eval(&out, 1, &vw, 2, ins, vals), KR_ENOTFOUND);
}
END_TEST

/* ------------------------------------------------------ random graphs */

static uint64_t seed = 12345;

static size_t pick(size_t n)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (size_t)(seed % n);
}

/* A random graph of up to 200 nodes over vectors, a matrix and scalars. */
static kr_fgraph *random_graph(void)
{
	kr_variable *pool[256];
	size_t np = 0;
	kr_variable *ins[4] = {
		kr_variable_new(kr_type_vector(), "a"),
		kr_variable_new(kr_type_vector(), "b"),
		kr_variable_new(kr_type_tensor(KR_FLOAT64, 0, NULL), "s"),
		kr_variable_new(kr_type_tensor(KR_FLOAT64, 0, NULL), "t")};
	for (int i = 0; i < 4; i++)
		pool[np++] = ins[i];
	pool[np++] = kr_constant_new(0.5, kr_type_tensor(KR_FLOAT64, 0, NULL));
	kr_op *un[] = {kr_op_neg(), kr_op_sqr(), kr_op_identity()};
	kr_op *bin[] = {kr_op_add(), kr_op_mul(), kr_op_sub(), kr_op_true_div()};
	size_t nnodes = 1 + pick(200);
	for (size_t k = 0; k < nnodes; k++) {
		kr_variable *a = pool[np - 1 - pick(np < 12 ? np : 12)];
		kr_variable *b = pool[pick(np)], *v;
		if (pick(3) == 0)
			v = CALL(un[pick(3)], a);
		else if (pick(8) == 0)
			v = CALL(kr_op_add(), a, b, pool[pick(np)]);
		else
			v = CALL(bin[pick(4)], a, b);
		pool[np < 255 ? np++ : 5 + pick(250)] = v;
	}
	kr_variable *outs[3] = {pool[np - 1], pool[pick(np)], pool[np - 1]};
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 4, ins, 1 + pick(3), outs, false), 0);
	return fg;
}

START_TEST(random_graphs_round_trip_and_clone)
{
	for (int g = 0; g < 1000; g++) {
		kr_fgraph *fg = random_graph(), *back, *cl;
		char *text = kr_gformat_write(fg, NULL);
		ck_assert_msg(kr_gformat_read(&back, NULL, text, "<rand>") == 0,
			      "%s\n%s", kr_error_last()->message, text);
		ck_assert_str_eq(kr_gformat_write(back, NULL), text);
		ck_assert_str_eq(kr_fgraph_repr(back), kr_fgraph_repr(fg));
		ck_assert_uint_eq(kr_fgraph_nnodes(back), kr_fgraph_nnodes(fg));
		ck_assert_int_eq(kr_fgraph_clone(&cl, fg), 0);
		ck_assert_int_eq(kr_fgraph_check_integrity(cl), 0);
		uint64_t s = (uint64_t)g + 1;
		const kr_value *vals[4];
		for (int i = 0; i < 4; i++)
			vals[i] = kr_value_random(
				kr_variable_type(kr_fgraph_input(fg, (size_t)i)), 3,
				0.5, 2.0, &s);
		size_t no = kr_fgraph_noutputs(fg);
		kr_value *v1[3], *v2[3], *v3[3];
		ck_assert_int_eq(kr_fgraph_eval(v1, fg, vals), 0);
		ck_assert_int_eq(kr_fgraph_eval(v2, cl, vals), 0);
		ck_assert_int_eq(kr_fgraph_eval(v3, back, vals), 0);
		for (size_t k = 0; k < no; k++) {
			ck_assert(kr_value_equal(v1[k], v2[k]));
			ck_assert(kr_value_allclose(v1[k], v3[k], 0, 0));
		}
	}
}
END_TEST

Suite *eval_suite(void)
{
	Suite *s = suite_create("eval");
	TCase *tc = tcase_create("values");
	tcase_add_test(tc, values_text);
	tcase_add_test(tc, constants_merge_signature);
	suite_add_tcase(s, tc);
	tc = tcase_create("eval");
	tcase_add_test(tc, eval_elementwise_broadcast);
	tcase_add_test(tc, eval_upcast_and_ints);
	tcase_add_test(tc, eval_dot_shapes);
	suite_add_tcase(s, tc);
	tc = tcase_create("property");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, random_graphs_round_trip_and_clone);
	suite_add_tcase(s, tc);
	return s;
}
