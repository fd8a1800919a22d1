/* test_docs.c -- the examples of the graph rewriting documents. */
/* See the LICENSE file for copying conditions. */
#include "suites.h"

/* The documents' matrices A B x y z w and the dot-distribution rewriters. */
static kr_variable *A, *B, *x, *y, *z, *w;

static void matrices(void)
{
	A = kr_variable_new(kr_type_matrix(), "A");
	B = kr_variable_new(kr_type_matrix(), "B");
	x = kr_variable_new(kr_type_matrix(), "x");
	y = kr_variable_new(kr_type_matrix(), "y");
	z = kr_variable_new(kr_type_matrix(), "z");
	w = kr_variable_new(kr_type_matrix(), "w");
}

static kr_variable *call2(kr_op *op, kr_variable *a, kr_variable *b)
{
	kr_variable *out;
	ck_assert_int_eq(KR_OP_CALL(&out, op, a, b), 0);
	return out;
}

static kr_variable *dot(kr_variable *a, kr_variable *b)
{
	return call2(kr_op_dot(), a, b);
}

static kr_variable *add(kr_variable *a, kr_variable *b)
{
	return call2(kr_op_add(), a, b);
}

static kr_graph_rewriter *distribute(bool reverse)
{
	kr_node_rewriter *sub =
		kr_kanren_relation_sub_new(kr_dot_distributeo_rel(), reverse);
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.max_use_ratio = 10;
	return kr_equilibrium_graph_rewriter_new(1, &sub, &o);
}

typedef struct dcase {
	const char *before, *forward;
} dcase;

static const dcase dot_cases[] = {
	{"(A @ (x + y))", "((A @ x) + (A @ y))"},
	{"(A @ ((x + y) + (z + w)))",
	 "(((A @ x) + (A @ y)) + ((A @ z) + (A @ w)))"},
	{"(A @ (x + (y + (B @ (z + w)))))",
	 "((A @ x) + ((A @ y) + ((A @ (B @ z)) + (A @ (B @ w)))))"},
};

static kr_variable *dot_graph(int i)
{
	matrices();
	switch (i) {
	case 0: return dot(A, add(x, y));
	case 1: return dot(A, add(add(x, y), add(z, w)));
	default: return dot(A, add(x, add(y, dot(B, add(z, w)))));
	}
}

/* Forward, then backward on the forward result, as the documents do. */
START_TEST(dot_distribution_both_ways)
{
	const dcase *c = &dot_cases[_i];
	kr_variable *g = dot_graph(_i), *res, *rev;
	ck_assert_str_eq(kr_pprint(g), c->before);
	ck_assert_int_eq(kr_rewrite_graph(&res, g, distribute(false), false), 0);
	ck_assert_str_eq(kr_pprint(res), c->forward);
	ck_assert_int_eq(kr_rewrite_graph(&rev, res, distribute(true), false),
			 0);
	ck_assert_str_eq(kr_pprint(rev), c->before);
}
END_TEST

/* The relation itself gives exactly one answer, one `add` level deep. */
START_TEST(dot_distributeo_answers)
{
	matrices();
	kr_variable *g = dot(A, add(x, add(y, z)));
	kr_term *q = kr_var_new("q");
	kr_term *answers =
		kr_run(-1, q, kr_dot_distributeo(kr_variable_term(g), q));
	ck_assert_int_eq(kr_list_length(answers), 1);
	kr_variable *v;
	ck_assert_int_eq(kr_term_eval(&v, kr_car(answers)), 0);
	ck_assert_str_eq(kr_pprint(v), "((A @ x) + (A @ (y + z)))");
	/* a flat 3-ary add distributes in one step into a 3-ary add */
	kr_variable *sum;
	ck_assert_int_eq(KR_OP_CALL(&sum, kr_op_add(), x, y, z), 0);
	answers = kr_run(-1, q, kr_dot_distributeo(kr_variable_term(dot(A, sum)),
						   q));
	ck_assert_int_eq(kr_list_length(answers), 1);
	ck_assert_int_eq(kr_term_eval(&v, kr_car(answers)), 0);
	ck_assert_str_eq(kr_pprint(v), "((A @ x) + (A @ y) + (A @ z))");
	/* backward on a ground sum of products: the gather, then the end */
	kr_variable *pa, *pb, *gsum;
	ck_assert_int_eq(KR_OP_CALL(&pa, kr_op_dot(), A, x), 0);
	ck_assert_int_eq(KR_OP_CALL(&pb, kr_op_dot(), A, y), 0);
	ck_assert_int_eq(KR_OP_CALL(&gsum, kr_op_add(), pa, pb), 0);
	answers = kr_run(-1, q, kr_dot_distributeo(q, kr_variable_term(gsum)));
	ck_assert_int_eq(kr_list_length(answers), 1);
	ck_assert_int_eq(kr_term_eval(&v, kr_car(answers)), 0);
	ck_assert_str_eq(kr_pprint(v), "(A @ (x + y))");
	/* on etuples the flattening is kanren's: all levels at once */
	kr_term *dt = kr_op_term(kr_op_dot()), *at = kr_op_term(kr_op_add());
	kr_term *X = kr_variable_term(x), *Y = kr_variable_term(y),
		*Z = kr_variable_term(z), *AA = kr_variable_term(A);
	kr_term *et = KR_ETUPLE(dt, AA, KR_ETUPLE(at, X, KR_ETUPLE(at, Y, Z)));
	answers = kr_run(-1, q, kr_dot_distributeo(et, q));
	ck_assert_int_eq(kr_list_length(answers), 1);
	ck_assert_int_eq(kr_term_eval(&v, kr_car(answers)), 0);
	ck_assert_str_eq(kr_pprint(v), "((A @ x) + (A @ y) + (A @ z))");
}
END_TEST

/*
 * Terms that cannot be `dot(A, add(...))` give no answer (the relation
 * stops before making its variables); terms that still can, through
 * the substitution or an unbound head, give the answer as before.
 */
START_TEST(dot_distributeo_partial_terms)
{
	matrices();
	kr_term *q = kr_var_new("q");
	kr_term *dt = kr_op_term(kr_op_dot()), *at = kr_op_term(kr_op_add());
	kr_term *AA = kr_variable_term(A), *X = kr_variable_term(x),
		*Y = kr_variable_term(y);
	kr_term *none[] = {
		kr_variable_term(add(x, y)),
		kr_variable_term(dot(A, x)),
		kr_variable_term(dot(A, dot(x, y))),
		X,
		kr_sym("dot"),
		kr_nil(),
		KR_ETUPLE(dt, AA),
		KR_LIST(dt, AA, KR_LIST(kr_sym("add"), X, Y)),
	};
	for (size_t i = 0; i < sizeof none / sizeof *none; i++)
		ck_assert(kr_is_null(kr_run(-1, q, kr_dot_distributeo(none[i],
								      q))));
	/* backwards: an out that is not an `add` */
	kr_term *outs[] = {kr_variable_term(dot(A, x)), X, kr_sym("add"),
			   KR_LIST(kr_sym("add"), X)};
	for (size_t i = 0; i < sizeof outs / sizeof *outs; i++)
		ck_assert(kr_is_null(kr_run(-1, q, kr_dot_distributeo(q,
								      outs[i]))));
	/* backwards: an argument of out that cannot be a `dot` (mapo would
	 * fail on it), the gather's usual case */
	kr_term *no_dot[] = {
		kr_variable_term(add(dot(A, x), y)),
		kr_variable_term(add(x, dot(A, y))),
		KR_LIST(at, KR_ETUPLE(dt, AA, X), Y),
		KR_LIST(at, KR_ETUPLE(dt, AA, X), KR_ETUPLE(at, X, Y)),
		kr_cons(at, kr_cons(KR_ETUPLE(dt, AA, X),
				    kr_cons(Y, kr_var_new(NULL)))),
	};
	for (size_t i = 0; i < sizeof no_dot / sizeof *no_dot; i++)
		ck_assert_msg(kr_is_null(kr_run(-1, q, kr_dot_distributeo(
						       q, no_dot[i]))),
			      "case %zu", i);
	/* ... but an argument that is unbound, or whose head is, can be */
	kr_term *e = kr_var_new("e");
	kr_term *dAX = KR_ETUPLE(dt, AA, X);
	ck_assert_str_eq(t_str(kr_run(-1, q, kr_dot_distributeo(
					     q, KR_LIST(at, dAX, e)))),
			 "((dot A (add x _.0)))");
	ck_assert_str_eq(t_str(kr_run(-1, q, kr_dot_distributeo(
					     q, KR_LIST(at, dAX,
							KR_LIST(e, AA, Y))))),
			 "((dot A (add x y)))");
	ck_assert_str_eq(t_str(kr_run(2, q, kr_dot_distributeo(
					    q, kr_cons(at, kr_cons(dAX, e))))),
			 "((dot A (add x)) (dot A (add x _.0)))");
	kr_variable *v;
	/* ... and one whose head is still unbound */
	kr_term *o = KR_ETUPLE(kr_var_new("o"), KR_ETUPLE(dt, AA, X),
			       KR_ETUPLE(dt, AA, Y));
	kr_term *back = kr_run(-1, q, kr_dot_distributeo(q, o));
	ck_assert_int_eq(kr_list_length(back), 1);
	ck_assert_int_eq(kr_term_eval(&v, kr_car(back)), 0);
	ck_assert_str_eq(kr_pprint(v), "(A @ (x + y))");
	/* through a binding */
	kr_term *in = kr_var_new("in");
	kr_term *ans = kr_run(-1, q,
			      KR_ALL(kr_eq(in, kr_variable_term(dot(A, add(x, y)))),
				     kr_dot_distributeo(in, q)));
	ck_assert_int_eq(kr_list_length(ans), 1);
	ck_assert_int_eq(kr_term_eval(&v, kr_car(ans)), 0);
	ck_assert_str_eq(kr_pprint(v), "((A @ x) + (A @ y))");
	/* an unbound head and an unbound argument head are bound */
	kr_term *h = kr_var_new("h"), *h2 = kr_var_new("h2");
	kr_term *pair = KR_LIST(h, h2);
	ans = kr_run(-1, pair,
		     kr_dot_distributeo(KR_ETUPLE(h, AA, KR_ETUPLE(h2, X, Y)),
					q));
	ck_assert_int_eq(kr_list_length(ans), 1);
	ck_assert(kr_equal(kr_car(ans), KR_LIST(dt, at)));
}
END_TEST

/* The documents' unification and reification examples. */
static kr_variable *sx, *sy, *sz;

static void scalars(void)
{
	sx = kr_variable_new(kr_type_scalar(KR_FLOAT64), "x");
	sy = kr_variable_new(kr_type_scalar(KR_FLOAT64), "y");
	sz = kr_variable_new(kr_type_scalar(KR_FLOAT64), "z");
}

START_TEST(unify_graph_with_etuple)
{
	scalars();
	kr_term *add_t = kr_op_term(kr_op_add());
	kr_term *y_lv = kr_var_new(NULL);
	kr_variable *xy = call2(kr_op_add(), sx, sy);
	const kr_subst *s = kr_unify(kr_variable_term(xy),
				     KR_ETUPLE(add_t, kr_variable_term(sx),
					       y_lv),
				     kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(kr_subst_size(s), 1);
	ck_assert_ptr_eq(kr_term_variable(kr_walk(y_lv, s)), sy);
	/* reify etuple(add, y_lv, y_lv) and evaluate: add(y, y) */
	kr_term *res = kr_walk_star(KR_ETUPLE(add_t, y_lv, y_lv), s);
	ck_assert_str_eq(t_str(res), "(add y y)");
	kr_variable *v;
	ck_assert_int_eq(kr_term_eval(&v, res), 0);
	kr_apply *node = kr_variable_owner(v);
	ck_assert_ptr_nonnull(node);
	ck_assert(kr_op_equal(kr_apply_op(node), kr_op_add()));
	ck_assert_ptr_eq(kr_apply_input(node, 0), sy);
	ck_assert_ptr_eq(kr_apply_input(node, 1), sy);
	ck_assert_ptr_eq(kr_term_variable(kr_etuple_evaled(res)), v);
	/* unify(add(x, y), etuple(mul, x, y_lv)) fails */
	ck_assert_ptr_null(kr_unify(kr_variable_term(xy),
				    KR_ETUPLE(kr_op_term(kr_op_mul()),
					      kr_variable_term(sx), y_lv),
				    kr_subst_empty()));
}
END_TEST

START_TEST(unify_graph_with_cons)
{
	scalars();
	kr_term *op_lv = kr_var_new(NULL), *args_lv = kr_var_new(NULL);
	kr_variable *xy = call2(kr_op_add(), sx, sy), *xyz;
	const kr_subst *s = kr_unify(kr_cons(op_lv, args_lv),
				     kr_variable_term(xy), kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_eq(kr_term_op(kr_walk(op_lv, s)), kr_op_add());
	ck_assert_str_eq(t_str(kr_walk(args_lv, s)), "(x y)");
	ck_assert_int_eq(KR_OP_CALL(&xyz, kr_op_add(), sx, sy, sz), 0);
	s = kr_unify(kr_cons(op_lv, args_lv), kr_variable_term(xyz),
		     kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert(kr_op_equal(kr_term_op(kr_walk(op_lv, s)), kr_op_add()));
	ck_assert_str_eq(t_str(kr_walk(args_lv, s)), "(x y z)");
	/* reify(cons(mul, args_lv)) evaluates to mul(x, y, z) */
	kr_term *res = kr_walk_star(kr_cons(kr_op_term(kr_op_mul()), args_lv),
				    s);
	ck_assert_int_eq(kr_term_kind(res), KR_ETUPLE);
	kr_variable *v;
	ck_assert_int_eq(kr_term_eval(&v, res), 0);
	ck_assert(kr_op_equal(kr_apply_op(kr_variable_owner(v)), kr_op_mul()));
	ck_assert_uint_eq(kr_apply_ninputs(kr_variable_owner(v)), 3);
	ck_assert_str_eq(kr_pprint(v), "(x * y * z)");
}
END_TEST

Suite *docs_suite(void)
{
	Suite *s = suite_create("docs");
	TCase *tc = tcase_create("dot_distribution");
	tcase_add_loop_test(tc, dot_distribution_both_ways, 0,
			    sizeof dot_cases / sizeof *dot_cases);
	tcase_add_test(tc, dot_distributeo_answers);
	tcase_add_test(tc, dot_distributeo_partial_terms);
	suite_add_tcase(s, tc);
	tc = tcase_create("unification");
	tcase_add_test(tc, unify_graph_with_etuple);
	tcase_add_test(tc, unify_graph_with_cons);
	suite_add_tcase(s, tc);
	return s;
}
