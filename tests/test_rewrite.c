/* test_rewrite.c -- node rewriters, KanrenRelationSub, equilibrium. */
/* See the LICENSE file for copying conditions. */
#include <stdlib.h>

#include "suites.h"

static kr_variable *a, *b, *c;

static void inputs(void)
{
	a = kr_variable_new(kr_type_matrix(), "a");
	b = kr_variable_new(kr_type_matrix(), "b");
	c = kr_variable_new(kr_type_matrix(), "c");
}

static kr_variable *op2(kr_op *op, kr_variable *x, kr_variable *y)
{
	kr_variable *out;
	ck_assert_int_eq(KR_OP_CALL(&out, op, x, y), 0);
	return out;
}

/* commuteo(in, out): (add x y) <-> (add y x), a rewrite that oscillates. */
static kr_goal *commute_body(kr_term *const *t, void *env)
{
	(void)env;
	kr_term *v[2];
	kr_fresh(2, v);
	kr_term *add = kr_op_term(kr_op_add());
	return KR_ALL(kr_eq(t[0], KR_ETUPLE(add, v[0], v[1])),
		      kr_eq(t[1], KR_ETUPLE(add, v[1], v[0])));
}

/* sameo(in, out): out is in -- never a rewrite. */
static kr_goal *same_body(kr_term *const *t, void *env)
{
	(void)env;
	return kr_eq(t[0], t[1]);
}

/* looseo(in, out): out is a fresh variable -- no graph to evaluate. */
static kr_goal *loose_body(kr_term *const *t, void *env)
{
	(void)env;
	(void)t;
	return kr_succeed();
}

/* nevero: calls itself forever without an answer. */
static kr_rel *nevero;

static kr_goal *never_body(kr_term *const *t, void *env)
{
	(void)env;
	return KR_CALL(nevero, t[0], t[1]);
}

static kr_graph_rewriter *eq_of(const kr_rel *rel, bool reverse,
				double ratio)
{
	kr_node_rewriter *sub = kr_kanren_relation_sub_new(rel, reverse);
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.max_use_ratio = ratio;
	return kr_equilibrium_graph_rewriter_new(1, &sub, &o);
}

START_TEST(oscillation_stops)
{
	inputs();
	kr_rel *commute = kr_rel_new("commuteo", 2, commute_body, NULL);
	kr_variable *g = op2(kr_op_add(), a, b), *out;
	int rc = kr_rewrite_graph(&out, g, eq_of(commute, false, 3), true);
	ck_assert_int_eq(rc, KR_ELIMIT);
	ck_assert_msg(strstr(kr_error_last()->message, "max'ed out by "
						       "KanrenRelationSub("
						       "commuteo)") != NULL,
		      "%s", kr_error_last()->message);
}
END_TEST

START_TEST(no_rewrite_answers)
{
	inputs();
	kr_variable *g = op2(kr_op_add(), a, op2(kr_op_mul(), b, c)), *out;
	kr_rel *same = kr_rel_new("sameo", 2, same_body, NULL);
	kr_rel *loose = kr_rel_new("looseo", 2, loose_body, NULL);
	kr_profile *prof;
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &g, false), 0);
	ck_assert_int_eq(kr_graph_rewriter_rewrite(eq_of(same, false, 10), fg,
						   &prof), 0);
	ck_assert_uint_eq(kr_profile_passes(prof), 1);
	ck_assert_ptr_eq(kr_fgraph_output(fg, 0), g);
	/* an answer that is no graph fails the transform, as PyTensor's
	 * eval_if_etuple or replace raises: with a failure callback that
	 * warns the graph stays as it is */
	ck_assert_int_eq(kr_rewrite_graph(&out, g, eq_of(loose, false, 10),
					  false), KR_EINVALID);
	ck_assert_msg(strstr(kr_error_last()->message,
			     "KanrenRelationSub(looseo): the answer ~q is no "
			     "graph: ") != NULL,
		      "%s", kr_error_last()->message);
	kr_node_rewriter *sub = kr_kanren_relation_sub_new(loose, false);
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.failure_callback = kr_failure_ignore;
	ck_assert_int_eq(kr_rewrite_graph(&out, g,
					  kr_equilibrium_graph_rewriter_new(
						  1, &sub, &o),
					  false), 0);
	ck_assert_ptr_eq(out, g);
	/* the gather direction finds nothing to gather here */
	ck_assert_int_eq(kr_rewrite_graph(&out, g, eq_of(kr_dot_distributeo_rel(),
							 true, 10), false), 0);
	ck_assert_ptr_eq(out, g);
}
END_TEST

START_TEST(divergent_relation_is_bounded)
{
	inputs();
	nevero = kr_rel_new("nevero", 2, never_body, NULL);
	kr_node_rewriter *sub = kr_kanren_relation_sub_new(nevero, false);
	kr_kanren_relation_sub_set_step_limit(sub, 1000);
	kr_graph_rewriter *eq = kr_equilibrium_graph_rewriter_new(1, &sub,
								  NULL);
	kr_variable *g = op2(kr_op_add(), a, b), *out;
	ck_assert_int_eq(kr_rewrite_graph(&out, g, eq, true), KR_ELIMIT);
	ck_assert_msg(strstr(kr_error_last()->message, "no answer within "
						       "1000 steps") != NULL,
		      "%s", kr_error_last()->message);
}
END_TEST

static int count_failures(const kr_failure *f, void *data)
{
	(void)f;
	++*(int *)data;
	return 0;
}

/*
 * A stop asked while a rewrite runs ends it with KR_ELIMIT: the failure
 * callback, which would warn on every node left, is not called. Without a
 * stop the same failures go to the callback.
 */
START_TEST(interrupt_ends_the_rewrite)
{
	inputs();
	nevero = kr_rel_new("nevero", 2, never_body, NULL);
	kr_node_rewriter *sub = kr_kanren_relation_sub_new(nevero, false);
	kr_kanren_relation_sub_set_step_limit(sub, 100);
	int failures = 0;
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.failure_callback = count_failures;
	o.failure_data = &failures;
	kr_graph_rewriter *eq = kr_equilibrium_graph_rewriter_new(1, &sub,
								  &o);
	kr_variable *g = op2(kr_op_add(), op2(kr_op_mul(), a, b),
			     op2(kr_op_sub(), b, c)),
		    *out;
	ck_assert_int_eq(kr_rewrite_graph(&out, g, eq, true), 0);
	ck_assert_int_eq(failures, 3);
	failures = 0;
	kr_run_interrupt(true);
	ck_assert(kr_run_interrupted());
	int rc = kr_rewrite_graph(&out, g, eq, true);
	kr_run_interrupt(false);
	ck_assert(!kr_run_interrupted());
	ck_assert_int_eq(rc, KR_ELIMIT);
	ck_assert_int_eq(failures, 0);
	ck_assert_msg(strstr(kr_error_last()->message, "interrupted") != NULL,
		      "%s", kr_error_last()->message);
	/* also a rewrite whose rewriter never fails nor searches */
	kr_graph_rewriter *loop = kr_walking_graph_rewriter_new(
		kr_substitution_node_rewriter_new(kr_op_add(), kr_op_add()),
		KR_IN_TO_OUT, false);
	kr_run_interrupt(true);
	rc = kr_rewrite_graph(&out, g, loop, true);
	kr_run_interrupt(false);
	ck_assert_int_eq(rc, KR_ELIMIT);
}
END_TEST

/* choiceo(in, out): (add x y) is (mul x y), or else (true_div x y). */
static kr_goal *choice_body(kr_term *const *t, void *env)
{
	(void)env;
	kr_term *v[2];
	kr_fresh(2, v);
	return KR_ALL(kr_eq(t[0], KR_ETUPLE(kr_op_term(kr_op_add()), v[0],
					    v[1])),
		      KR_CONDE(kr_eq(t[1], KR_ETUPLE(kr_op_term(kr_op_mul()),
						      v[0], v[1])),
			       kr_eq(t[1], KR_ETUPLE(kr_op_term(
							 kr_op_true_div()),
						     v[0], v[1]))));
}

/* results filter: the answer number *data (0-based), or none. */
static int nth_answer(kr_term **chosen, kr_answers *answers, void *data)
{
	int n = *(int *)data, rc = 0;
	for (int k = 0; k <= n && rc == 0; k++)
		rc = kr_answers_next(chosen, answers);
	if (rc == KR_EOF)
		*chosen = NULL;
	return rc == KR_EOF ? 0 : rc;
}

static int not_add(const kr_apply *node, void *data)
{
	(void)data;
	return !kr_op_equal(kr_apply_op(node), kr_op_add());
}

static int refuse(kr_term **chosen, kr_answers *answers, void *data)
{
	(void)chosen, (void)answers, (void)data;
	return kr_error_set(KR_EINVALID, "no answer suits");
}

/* PyTensor's results_filter and node_filter. */
START_TEST(kanren_filters)
{
	inputs();
	kr_rel *choice = kr_rel_new("choiceo", 2, choice_body, NULL);
	static const char *const want[] = {"FunctionGraph(Mul(a, b))",
					   "FunctionGraph(True_div(a, b))",
					   "FunctionGraph(Add(a, b))"};
	for (int n = 0; n < 3; n++) {
		kr_node_rewriter *sub = kr_kanren_relation_sub_new(choice,
								   false);
		kr_kanren_relation_sub_set_filters(sub, NULL, nth_answer, &n);
		kr_fgraph *fg;
		kr_variable *g = op2(kr_op_add(), a, b);
		ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &g, false), 0);
		ck_assert_int_eq(kr_graph_rewriter_rewrite(
					 kr_walking_graph_rewriter_new(
						 sub, KR_OUT_TO_IN, false),
					 fg, NULL),
				 0);
		ck_assert_str_eq(kr_fgraph_repr(fg), want[n]);
	}
	/* a node filter skips the node; a filter's error is the rewrite's */
	kr_node_rewriter *sub = kr_kanren_relation_sub_new(choice, false);
	kr_kanren_relation_sub_set_filters(sub, not_add, NULL, NULL);
	kr_variable *g = op2(kr_op_add(), a, b), *out;
	ck_assert_int_eq(kr_rewrite_graph(&out, g, kr_walking_graph_rewriter_new(
						       sub, KR_OUT_TO_IN, false),
					  false),
			 0);
	ck_assert_ptr_eq(out, g);
	kr_kanren_relation_sub_set_filters(sub, NULL, refuse, NULL);
	ck_assert_int_eq(kr_rewrite_graph(&out, g, kr_walking_graph_rewriter_new(
						       sub, KR_OUT_TO_IN, false),
					  false),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message, "no answer suits");
}
END_TEST

/*
 * PyTensor's test_KanrenRelationSub_filters: with dot and add commutative
 * and add associative, eq_assoccomm matches A @ ((x + y) + z) against
 * A @ (x + (y + z)) in every AC form, and the results filter sees the
 * argument permutations among the answers.
 */
static kr_goal *ac_distributes_body(kr_term *const *arg, void *env)
{
	(void)env;
	kr_term *v[4];
	kr_fresh(4, v);
	kr_term *dot = kr_op_term(kr_op_dot()), *add = kr_op_term(kr_op_add());
	return KR_ALL(kr_eq_assoccomm(KR_ETUPLE(dot, v[0],
						KR_ETUPLE(add, v[1],
							  KR_ETUPLE(add, v[2],
								    v[3]))),
				      arg[0]),
		      kr_eq(KR_LIST(v[0], v[1], v[2], v[3]), arg[1]));
}

static int permutations_seen(kr_term **chosen, kr_answers *answers,
			     void *data)
{
	kr_term *const *want = data;
	bool seen[3] = {false, false, false};
	kr_term *t;
	int rc, n = 0;
	while ((rc = kr_answers_next(&t, answers)) == 0) {
		n++;
		for (int i = 0; i < 3; i++)
			seen[i] = seen[i] || kr_equal(t, want[i]);
	}
	ck_assert_int_eq(rc, KR_EOF);
	ck_assert_int_ge(n, 3);
	ck_assert(seen[0] && seen[1] && seen[2]);
	*chosen = NULL;
	return 0;
}

START_TEST(kanren_filters_assoccomm)
{
	kr_variable *A = kr_variable_new(kr_type_matrix(), "A");
	kr_variable *x = kr_variable_new(kr_type_vector(), "x");
	kr_variable *y = kr_variable_new(kr_type_vector(), "y");
	kr_variable *z = kr_variable_new(kr_type_vector(), "z");
	kr_term *dot = kr_op_term(kr_op_dot()), *add = kr_op_term(kr_op_add());
	KR_FACT(kr_commutative(), dot);
	KR_FACT(kr_commutative(), add);
	KR_FACT(kr_associative(), add);
	kr_variable *g = op2(kr_op_dot(), A, op2(kr_op_add(),
						 op2(kr_op_add(), x, y), z));
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &g, false), 0);
	kr_term *tA = kr_variable_term(A), *tx = kr_variable_term(x);
	kr_term *ty = kr_variable_term(y), *tz = kr_variable_term(z);
	kr_term *want[3] = {KR_LIST(tA, tx, ty, tz), KR_LIST(tA, ty, tx, tz),
			    KR_LIST(tA, tz, tx, ty)};
	kr_node_rewriter *sub = kr_kanren_relation_sub_new(
		kr_rel_new("distributes", 2, ac_distributes_body, NULL),
		false);
	kr_kanren_relation_sub_set_filters(sub, NULL, permutations_seen,
					   want);
	kr_replacements *r = NULL;
	ck_assert_int_eq(kr_node_rewriter_transform(sub, fg,
						    kr_variable_owner(g), &r),
			 0);
	ck_assert_ptr_null(r);
	/* a node filter that refuses: no transform at all */
	kr_kanren_relation_sub_set_filters(sub, not_add, NULL, NULL);
	ck_assert_int_eq(kr_node_rewriter_transform(
				 sub, fg,
				 kr_variable_owner(kr_apply_input(
					 kr_variable_owner(g), 1)),
				 &r),
			 0);
	ck_assert_ptr_null(r);
}
END_TEST

/* A node rewriter written in C: add -> mul, with a configurable bug. */
typedef enum { OK, WRONG_LENGTH, FAILS, DROPS_USED } bug;

static int add_to_mul(kr_node_rewriter *self, kr_fgraph *fg, kr_apply *node,
		      kr_replacements **out)
{
	(void)fg;
	bug how = *(bug *)kr_node_rewriter_data(self);
	if (how == FAILS)
		return kr_error_set(KR_EINVALID, "add_to_mul failed");
	kr_variable *m, *none[2] = {NULL, NULL};
	kr_variable *ins[2] = {kr_apply_input(node, 0),
			       kr_apply_input(node, 1)};
	ck_assert_int_eq(kr_op_call(&m, kr_op_mul(), 2, ins), 0);
	if (how == WRONG_LENGTH)
		*out = kr_replacements_for_outputs(node, 2,
						   (kr_variable *[]){m, m});
	else if (how == DROPS_USED)
		*out = kr_replacements_for_outputs(node, 1, none);
	else
		*out = kr_replacements_for_outputs(node, 1, &m);
	return 0;
}

static kr_op *add_only[1];

static kr_op *const *tracks_add(const kr_node_rewriter *self, size_t *n)
{
	(void)self;
	add_only[0] = kr_op_add();
	*n = 1;
	return add_only;
}

static const kr_node_rewriter_class add_to_mul_class = {
	.name = "AddToMul", .transform = add_to_mul, .tracks = tracks_add};

START_TEST(node_rewriter_results)
{
	static bug how;
	kr_node_rewriter *rw = kr_node_rewriter_new(&add_to_mul_class, NULL,
						    &how);
	kr_graph_rewriter *eq = kr_equilibrium_graph_rewriter_new(1, &rw, NULL);
	kr_variable *out;
	const bug bugs[] = {OK, WRONG_LENGTH, FAILS, DROPS_USED};
	const char *msgs[] = {NULL, "returned 2 replacements for a node with 1 "
				    "outputs", "add_to_mul failed",
			      "returned no replacement for output 0"};
	for (int i = 0; i < 4; i++) {
		inputs();
		how = bugs[i];
		kr_variable *g = op2(kr_op_add(), a, op2(kr_op_add(), b, c));
		int rc = kr_rewrite_graph(&out, g, eq, false);
		if (!msgs[i]) {
			ck_assert_int_eq(rc, 0);
			ck_assert_str_eq(kr_pprint(out), "(a * (b * c))");
			continue;
		}
		ck_assert_int_lt(rc, 0);
		ck_assert_msg(strstr(kr_error_last()->message, msgs[i]),
			      "%s", kr_error_last()->message);
	}
	ck_assert_str_eq(kr_node_rewriter_to_string(rw), "AddToMul");
}
END_TEST

START_TEST(profile_of_distribution)
{
	inputs();
	kr_variable *g = op2(kr_op_dot(), a, op2(kr_op_add(), b, c));
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &g, true), 0);
	kr_profile *prof;
	ck_assert_int_eq(kr_graph_rewriter_rewrite(
				 eq_of(kr_dot_distributeo_rel(), false, 10),
				 fg, &prof), 0);
	size_t start, end;
	kr_profile_nodes(prof, &start, &end);
	ck_assert_uint_eq(start, 2);
	ck_assert_uint_eq(end, 3);
	ck_assert_uint_eq(kr_profile_passes(prof), 2);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert_int_eq(kr_profile_print(f, prof), 0);
	fclose(f);
	ck_assert_msg(strstr(text, " EquilibriumGraphRewriter  None\n") == text,
		      "%s", text);
	ck_assert(strstr(text, "for 2 passes\n"));
	ck_assert(strstr(text, "nb nodes (start, end,  max) 2 3 3\n"));
	ck_assert(strstr(text, "('KanrenRelationSub(dot_distributeo)', 1)"));
	ck_assert(strstr(text, " - 1 - 3 - KanrenRelationSub(dot_distributeo)"));
	free(text);
	/* nothing left to distribute: as PyTensor, no table of rewriters */
	ck_assert_int_eq(kr_graph_rewriter_rewrite(
				 eq_of(kr_dot_distributeo_rel(), false, 10),
				 fg, &prof), 0);
	f = open_memstream(&text, &len);
	ck_assert_int_eq(kr_profile_print(f, prof), 0);
	fclose(f);
	const char *last = strstr(text, "    0 - ");
	ck_assert_msg(last && strchr(last, '\n')[1] == 0, "%s", text);
	free(text);
	/* PyTensor's options need a pass per nesting level; pass numbers
	 * are printed two wide ("{i:2d}") */
	kr_variable *sum = b;
	for (int k = 0; k < 11; k++)
		sum = op2(kr_op_add(), k % 2 ? b : c, sum);
	g = op2(kr_op_dot(), a, sum);
	ck_assert_int_eq(kr_fgraph_new(&fg, 0, NULL, 1, &g, true), 0);
	kr_node_rewriter *sub =
		kr_kanren_relation_sub_new(kr_dot_distributeo_rel(), false);
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.ignore_newtrees = true;
	o.tracks_on_change_inputs = false;
	ck_assert_int_eq(kr_graph_rewriter_rewrite(
				 kr_equilibrium_graph_rewriter_new(1, &sub, &o),
				 fg, &prof), 0);
	ck_assert_uint_ge(kr_profile_passes(prof), 11);
	f = open_memstream(&text, &len);
	ck_assert_int_eq(kr_profile_print(f, prof), 0);
	fclose(f);
	ck_assert_msg(strstr(text, "\n    9 - ") && strstr(text, "\n   10 - "),
		      "%s", text);
	free(text);
}
END_TEST

Suite *rewrite_suite(void)
{
	Suite *s = suite_create("rewrite");
	TCase *tc = tcase_create("kanren");
	tcase_add_test(tc, oscillation_stops);
	tcase_add_test(tc, no_rewrite_answers);
	tcase_add_test(tc, divergent_relation_is_bounded);
	tcase_add_test(tc, interrupt_ends_the_rewrite);
	tcase_add_test(tc, kanren_filters);
	tcase_add_test(tc, kanren_filters_assoccomm);
	suite_add_tcase(s, tc);
	tc = tcase_create("node_rewriter");
	tcase_add_test(tc, node_rewriter_results);
	tcase_add_test(tc, profile_of_distribution);
	suite_add_tcase(s, tc);
	return s;
}
