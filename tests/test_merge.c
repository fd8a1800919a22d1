/* test_merge.c -- MergeOptimizer and is_same_graph. */
/* See the LICENSE file for copying conditions. */
#include <stdlib.h>

#include "suites.h"

static kr_variable *x, *y;

static void inputs(void)
{
	x = kr_variable_new(kr_type_matrix(), "x");
	y = kr_variable_new(kr_type_matrix(), "y");
}

static kr_variable *op2(kr_op *op, kr_variable *a, kr_variable *b)
{
	kr_variable *out;
	ck_assert_int_eq(KR_OP_CALL(&out, op, a, b), 0);
	return out;
}

static kr_variable *op1(kr_op *op, kr_variable *a)
{
	kr_variable *out;
	ck_assert_int_eq(KR_OP_CALL(&out, op, a), 0);
	return out;
}

/* Merge fg, checking its integrity and values (t_rewrite_checked). */
static kr_profile *merge_checked(kr_fgraph *fg)
{
	kr_profile *p;
	ck_assert_int_eq(t_rewrite_checked(kr_merge_optimizer_new(), fg, &p), 0);
	return p;
}

/* e_1 + (e_2 + ... + e_n), e_i = add(mul(x, y), exp(x)) each a copy. */
static kr_variable *duplicated(int n)
{
	kr_variable *acc = NULL;
	for (int i = 0; i < n; i++) {
		kr_variable *e = op2(kr_op_add(), op2(kr_op_mul(), x, y),
				     op1(kr_op_exp(), x));
		acc = acc ? op2(kr_op_add(), e, acc) : e;
	}
	return acc;
}

START_TEST(merges_duplicates)
{
	inputs();
	kr_variable *g = duplicated(20);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &g, false), 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 3 * 20 + 19);
	kr_profile *p = merge_checked(fg);
	/* N+2 nodes remain: mul, exp, add(mul, exp) and N-1 adds of it
	 * with itself collapse to one per level */
	size_t fail, merged, atomic;
	double t;
	ck_assert_int_eq(kr_merge_profile_stats(p, &fail, &t, &merged,
						&atomic), 0);
	ck_assert_uint_eq(fail, 0);
	ck_assert_uint_eq(atomic, 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 20 + 2);
	ck_assert_uint_eq(merged, 3 * 20 + 19 - 22);
	/* a second merge finds nothing */
	p = merge_checked(fg);
	ck_assert_uint_eq(kr_profile_changes(p), 0);
}
END_TEST

START_TEST(merges_constants_first)
{
	inputs();
	kr_variable *c1 = kr_constant_new(2.0, NULL);
	kr_variable *c2 = kr_constant_new(2.0, NULL);
	kr_variable *c3 = kr_constant_new(3.0, NULL);
	kr_variable *g = op2(kr_op_add(), op2(kr_op_mul(), x, c1),
			     op2(kr_op_add(), op2(kr_op_mul(), x, c2),
				 op2(kr_op_mul(), x, c3)));
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &g, false), 0);
	kr_profile *p = merge_checked(fg);
	size_t merged, atomic;
	kr_merge_profile_stats(p, NULL, NULL, &merged, &atomic);
	/* as PyTensor, nb_merged counts the constant too */
	ck_assert_uint_eq(atomic, 1);
	ck_assert_uint_eq(merged, 2);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Add(*1 -> Mul(x, "
					     "2.0), Add(*1, Mul(x, 3.0))))");
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_int_eq(kr_profile_print(f, p), 0);
	fclose(f);
	ck_assert_str_eq(text, " MergeOptimizer\n   nb fail=    0 merged=    2"
			       " atomic=    1\n   time replace=0.00 "
			       "validate=nan callback=nan\n");
	free(text);
}
END_TEST

/* split2(x): two outputs of x's type, x and 2x (a multi-output op). */
static int split2_infer(const kr_type **out, const kr_op *op, size_t nin,
			const kr_type *const *in)
{
	(void)op, (void)nin;
	out[0] = out[1] = in[0];
	return 0;
}

static int split2_perform(kr_value **outs, const kr_op *op, size_t nin,
			  const kr_value *const *in)
{
	(void)op, (void)nin;
	int64_t shape[KR_TYPE_MAX_NDIM];
	for (int i = 0; i < kr_value_ndim(in[0]); i++)
		shape[i] = kr_value_dim(in[0], i);
	for (int k = 0; k < 2; k++) {
		outs[k] = kr_value_new(kr_value_dtype(in[0]),
				       kr_value_ndim(in[0]), shape);
		for (size_t i = 0; i < kr_value_size(in[0]); i++)
			kr_value_data(outs[k])[i] =
				(k + 1) * kr_value_get(in[0], i);
	}
	return 0;
}

static const kr_op_desc split2_desc = {
	.name = "split2",
	.min_inputs = 1,
	.max_inputs = 1,
	.nout = 2,
	.infer_outputs = split2_infer,
	.perform_outputs = split2_perform,
};

/* Two equal nodes of two outputs merge as one: 2 variables replaced. */
START_TEST(merges_multi_output_nodes)
{
	inputs();
	kr_op *split2 = kr_op_new(&split2_desc, NULL);
	kr_variable *s1, *s2;
	ck_assert_int_eq(KR_OP_CALL(&s1, split2, x), 0);
	ck_assert_int_eq(KR_OP_CALL(&s2, split2, x), 0);
	kr_apply *n1 = kr_variable_owner(s1), *n2 = kr_variable_owner(s2);
	ck_assert_uint_eq(kr_apply_noutputs(n1), 2);
	ck_assert_ptr_eq(kr_apply_output(n1, 0), s1);
	kr_variable *outs[2] = {op2(kr_op_add(), s1, kr_apply_output(n1, 1)),
				op2(kr_op_mul(), s2, kr_apply_output(n2, 1))};
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 2, outs, false), 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 4);
	kr_profile *p = merge_checked(fg); /* evaluates both outputs */
	size_t merged;
	ck_assert_int_eq(kr_merge_profile_stats(p, NULL, NULL, &merged, NULL),
			 0);
	ck_assert_uint_eq(merged, 2);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 3);
	/* the outputs of one node share its id, as PyTensor's dprint */
	ck_assert_str_eq(kr_fgraph_dprint(fg),
			 "Add [id A] 1\n ├─ split2.0 [id B] 0\n │  └─ x [id C]\n"
			 " └─ split2.1 [id B] 0\n    └─ ···\n"
			 "Mul [id D] 2\n ├─ split2.0 [id B] 0\n │  └─ ···\n"
			 " └─ split2.1 [id B] 0\n    └─ ···\n");
}
END_TEST

/* PyTensor's test_merge_more_specific_types: the (500,) variable stays. */
START_TEST(merge_keeps_more_specific_type)
{
	int64_t s500 = 500;
	for (int reverse = 0; reverse < 2; reverse++) {
		kr_variable *x1 = kr_variable_new(kr_type_vector(), "x1");
		kr_variable *x2 = kr_variable_new(
			kr_type_tensor(KR_FLOAT64, 1, &s500), "x2");
		kr_variable *y1 = op1(kr_op_exp(), x1);
		kr_variable *y2 = op1(kr_op_exp(), x2);
		kr_variable *outs[2] = {reverse ? y2 : y1, reverse ? y1 : y2};
		kr_fgraph *fg;
		ck_assert_int_eq(kr_fgraph_new(&fg, 2, (kr_variable *[]){x1, x2},
					       2, outs, false),
				 0);
		ck_assert_int_eq(kr_fgraph_replace(fg, x1, x2, NULL), 0);
		kr_profile *p = merge_checked(fg);
		ck_assert_ptr_eq(kr_fgraph_output(fg, 0), y2);
		ck_assert_ptr_eq(kr_fgraph_output(fg, 1), y2);
		size_t nb_fail = 1, nb_merged = 0;
		ck_assert_int_eq(kr_merge_profile_stats(p, &nb_fail, NULL,
							&nb_merged, NULL),
				 0);
		ck_assert_uint_eq(nb_fail, 0);
		ck_assert_uint_eq(nb_merged, 1);
	}
}
END_TEST

/*
 * MergeOptimizer when neither type is more specific than the other (two
 * equal nodes whose declared output types are (1, ?) and (?, 2)): as
 * PyTensor's apply, the later output is replaced by the earlier one
 * converted to its type, SpecifyShape(earlier, None, 2), of type (1, 2).
 * The graph text format writes the None entry as `None`, and reads it
 * back.
 */
START_TEST(merge_converts_incomparable_types)
{
	const char *text = "; t\n"
			   "(input x (tensor float64 ? ?))\n"
			   "(output 0 a (tensor float64 1 ?) (Foo x))\n"
			   "(output 1 b (tensor float64 ? 2) (Foo x))\n";
	kr_fgraph *fg;
	ck_assert_int_eq(kr_gformat_read(&fg, NULL, text, "t"), 0);
	kr_profile *p;
	ck_assert_int_eq(kr_graph_rewriter_rewrite(kr_merge_optimizer_new(),
						   fg, &p),
			 0);
	ck_assert_int_eq(kr_fgraph_check_integrity(fg), 0);
	size_t nb_fail = 1, nb_merged = 0;
	ck_assert_int_eq(kr_merge_profile_stats(p, &nb_fail, NULL, &nb_merged,
						NULL),
			 0);
	ck_assert_uint_eq(nb_fail, 0);
	ck_assert_uint_eq(nb_merged, 1);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(*1 -> Foo(x), SpecifyShape(*1, "
			 "NoneConst{None}, 2))");
	const char *want = "; merged\n"
			   "(input x (tensor float64 ? ?))\n"
			   "(constant $n1 (tensor int8) 2)\n"
			   "(output 0 a (tensor float64 1 ?) #1=(Foo x))\n"
			   "(output 1 b (tensor float64 1 2) (SpecifyShape #1# "
			   "None $n1))\n";
	ck_assert_str_eq(kr_gformat_write(fg, "merged"), want);
	kr_fgraph *back;
	ck_assert_int_eq(kr_gformat_read(&back, NULL, want, "back"), 0);
	ck_assert_str_eq(kr_gformat_write(back, "merged"), want);
	ck_assert_ptr_eq(kr_apply_input(kr_variable_owner(
					 kr_fgraph_output(back, 1)), 1),
			 kr_none_const());
}
END_TEST

START_TEST(same_graph)
{
	inputs();
	bool same;
	kr_variable *a = op2(kr_op_add(), op2(kr_op_mul(), x, y), x);
	kr_variable *b = op2(kr_op_add(), op2(kr_op_mul(), x, y), x);
	kr_variable *c = op2(kr_op_add(), op2(kr_op_mul(), y, x), x);
	ck_assert_int_eq(kr_is_same_graph(&same, a, b, 0, NULL, NULL), 0);
	ck_assert(same);
	ck_assert_int_eq(kr_is_same_graph(&same, a, c, 0, NULL, NULL), 0);
	ck_assert(!same);
	ck_assert_int_eq(kr_is_same_graph(&same, a, c, 1, &y, &x), 0);
	ck_assert(same);
	ck_assert_int_eq(kr_is_same_graph(&same, x, x, 0, NULL, NULL), 0);
	ck_assert(same);
	/* the inputs' graphs were not changed */
	ck_assert_str_eq(kr_pprint(c), "((y * x) + x)");
}
END_TEST

Suite *merge_suite(void)
{
	Suite *s = suite_create("merge");
	TCase *tc = tcase_create("merge");
	tcase_add_test(tc, merges_duplicates);
	tcase_add_test(tc, merges_constants_first);
	tcase_add_test(tc, merge_keeps_more_specific_type);
	tcase_add_test(tc, merge_converts_incomparable_types);
	tcase_add_test(tc, merges_multi_output_nodes);
	tcase_add_test(tc, same_graph);
	suite_add_tcase(s, tc);
	return s;
}
