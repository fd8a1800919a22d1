/* test_contracts.c -- the public API at the edges of its contracts. */
/* See the LICENSE file for copying conditions. */
/*
 * Each case holds a header's promise at a place where the code once broke
 * it: input the doc calls valid that crashed or hung, misuse that crashed
 * instead of aborting with the function's name, an error code other than
 * the documented one. Misuse runs in a child (t_abort_message).
 */
#include <string.h>

#include "suites.h"

/* ---------------------------------------------------------- the term layer */

static void walk_self_binding(void)
{
	kr_term *x = kr_var_new("x");
	(void)kr_subst_extend(kr_subst_empty(), x, x);
}

static void walk_chain_binding(void)
{
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	const kr_subst *s = kr_subst_extend(kr_subst_empty(), x, y);
	(void)kr_subst_extend(s, y, x);
}

/* A walk terminates: a binding that would close a chain is refused. */
START_TEST(subst_extend_refuses_a_cycle)
{
	ck_assert_ptr_nonnull(strstr(t_abort_message(walk_self_binding),
				     "kr_subst_extend"));
	ck_assert_ptr_nonnull(strstr(t_abort_message(walk_chain_binding),
				     "kr_subst_extend"));
	/* a chain that does not come back is still fine */
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	const kr_subst *s = kr_subst_extend(kr_subst_empty(), x, y);
	s = kr_subst_extend(s, y, kr_int(1));
	ck_assert_str_eq(t_str(kr_walk(x, s)), "1");
}
END_TEST

static kr_term *expand_empty(const void *p)
{
	(void)p;
	return kr_etuple(0, NULL);
}

static kr_term *expand_list(const void *p)
{
	(void)p;
	return KR_LIST(kr_sym("f"), kr_int(1));
}

static const kr_foreign_type empty_type = {.name = "hollow",
					   .expand = expand_empty};
static const kr_foreign_type list_type = {.name = "listy",
					  .expand = expand_list};
static int tag;

static void pair_of_empty_expansion(void)
{
	(void)kr_is_pair(kr_foreign(&empty_type, &tag));
}

static void car_of_list_expansion(void)
{
	(void)kr_car(kr_foreign(&list_type, &tag));
}

/* An expand hook must give NULL or a non-empty etuple; it names its type. */
START_TEST(foreign_expand_result_checked)
{
	ck_assert_ptr_nonnull(
		strstr(t_abort_message(pair_of_empty_expansion), "hollow"));
	ck_assert_ptr_nonnull(
		strstr(t_abort_message(car_of_list_expansion), "listy"));
}
END_TEST

static void length_of_null(void) { (void)kr_list_length(NULL); }
static void boolean_of_null(void) { (void)kr_is_boolean(NULL); }
static void type_equal_null(void)
{
	(void)kr_type_equal(NULL, kr_type_scalar(KR_FLOAT64));
}
static void facts_count_null(void) { (void)kr_facts_count(NULL); }
static void db_size_null(void) { (void)kr_db_size(NULL); }

/* NULL is misuse: an abort naming the function, not a segfault. */
START_TEST(null_arguments_abort_with_a_name)
{
	ck_assert_ptr_nonnull(
		strstr(t_abort_message(length_of_null), "kr_list_length"));
	ck_assert_ptr_nonnull(
		strstr(t_abort_message(boolean_of_null), "kr_is_boolean"));
	ck_assert_ptr_nonnull(
		strstr(t_abort_message(type_equal_null), "kr_type_equal"));
	ck_assert_ptr_nonnull(
		strstr(t_abort_message(facts_count_null), "kr_facts_count"));
	ck_assert_ptr_nonnull(
		strstr(t_abort_message(db_size_null), "kr_db_size"));
}
END_TEST

/* An error re-reported with context keeps its first message intact. */
START_TEST(error_set_takes_the_last_message)
{
	kr_error_set(KR_ENOTFOUND, "inner %d", 7);
	kr_error_set(KR_EINVALID, "outer: %s", kr_error_last()->message);
	ck_assert_str_eq(kr_error_last()->message, "outer: inner 7");
	ck_assert_int_eq(kr_error_last()->code, KR_EINVALID);
}
END_TEST

/* -------------------------------------------------------- goals, relations */

/* A constraint that went when its variable was bound is not counted. */
START_TEST(constraint_count_after_binding)
{
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	const kr_state *st = NULL;
	kr_runner *r = kr_run_start(x, KR_ALL(kr_neq(x, kr_int(1)),
					      kr_eq(x, kr_int(2))));
	ck_assert_int_eq(kr_run_next_state(&st, r), 0);
	ck_assert_uint_eq(kr_state_constraint_count(st), 0);
	r = kr_run_start(y, KR_ALL(kr_symbolo(y), kr_eq(y, kr_sym("a"))));
	ck_assert_int_eq(kr_run_next_state(&st, r), 0);
	ck_assert_uint_eq(kr_state_constraint_count(st), 0);
	r = kr_run_start(x, KR_ALL(kr_neq(x, kr_int(1)), kr_symbolo(y)));
	ck_assert_int_eq(kr_run_next_state(&st, r), 0);
	ck_assert_uint_eq(kr_state_constraint_count(st), 2);
}
END_TEST

static kr_goal *three_body(kr_term *const *a, void *env)
{
	(void)env;
	return kr_eq(a[0], a[2]);
}

static void reduceo_of_arity_3(void)
{
	kr_rel *r = kr_rel_new("three", 3, three_body, NULL);
	(void)kr_reduceo(r, kr_int(1), kr_var_new("q"));
}

static void term_walko_of_wrong_arity(void)
{
	kr_rel *r = kr_rel_new("three", 3, three_body, NULL);
	(void)kr_term_walko(r, r, kr_int(1), kr_var_new("q"));
}

/* Higher-order relations check the arity of the relation they are given. */
START_TEST(relation_arity_checked)
{
	ck_assert_ptr_nonnull(
		strstr(t_abort_message(reduceo_of_arity_3), "arity 2"));
	ck_assert_ptr_nonnull(strstr(
		t_abort_message(term_walko_of_wrong_arity), "arity 1"));
}
END_TEST

/*
 * A fact holding the etuple of add(x, y) answers a call with the graph
 * Variable add(x, y), which unifies with it, whichever goal binds first.
 */
START_TEST(facts_answer_what_unifies)
{
	const kr_type *t = kr_type_scalar(KR_FLOAT64);
	kr_variable *x = kr_variable_new(t, "x"), *y = kr_variable_new(t, "y");
	kr_variable *s;
	KR_OP_CALL(&s, kr_op_add(), x, y);
	kr_term *vt = kr_variable_term(s);
	kr_term *et = KR_ETUPLE(kr_op_term(kr_op_add()), kr_variable_term(x),
				kr_variable_term(y));
	kr_facts *f = kr_facts_new("f", 2);
	ck_assert_int_eq(KR_FACT(f, et, kr_sym("yes")), 0);
	ck_assert_int_eq(KR_FACT(f, kr_sym("other"), kr_sym("no")), 0);
	kr_term *q = kr_var_new("q"), *a = kr_var_new("a");
	kr_goal *direct = kr_facts_goal(f, (kr_term *[]){vt, q});
	ck_assert_str_eq(t_run_str(-1, q, direct), "(yes)");
	ck_assert_str_eq(t_run_str(-1, q, KR_ALL(kr_facts_goal(f, (kr_term *[]){
							 a, q}),
						 kr_eq(a, vt))),
			 "(yes)");
	/* a plain atom with no equal fact still fails at once */
	ck_assert_str_eq(t_run_str(-1, q, kr_facts_goal(f, (kr_term *[]){
						     kr_sym("none"), q})),
			 "()");
}
END_TEST

/* ------------------------------------------------------------------ graphs */

static void huge_value(void)
{
	int64_t shape[2] = {3, (int64_t)1 << 62};
	(void)kr_value_new(KR_FLOAT64, 2, shape);
}

/* A shape whose size cannot be counted is refused, not wrapped. */
START_TEST(value_shape_overflow)
{
	ck_assert_ptr_nonnull(
		strstr(t_abort_message(huge_value), "kr_value_new"));
	int64_t shape[2] = {0, (int64_t)1 << 62};
	ck_assert_uint_eq(kr_value_size(kr_value_new(KR_FLOAT64, 2, shape)),
			  0);
}
END_TEST

/* An integer outside its dtype is a syntax error, not a wrapped value. */
START_TEST(value_parse_range)
{
	kr_value *v = NULL;
	ck_assert_int_eq(kr_value_parse(&v, "300", KR_INT8), KR_ESYNTAX);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "range"));
	ck_assert_int_eq(kr_value_parse(&v, "-1", KR_UINT8), KR_ESYNTAX);
	ck_assert_int_eq(kr_value_parse(&v, "[1,70000]", KR_INT16),
			 KR_ESYNTAX);
	ck_assert_int_eq(kr_value_parse(&v, "[127,-128]", KR_INT8), 0);
	ck_assert_str_eq(kr_value_to_string(v), "[127,-128]");
	ck_assert_int_eq(kr_value_parse(&v, "255", KR_UINT8), 0);
	ck_assert_int_eq(kr_value_parse(&v, "1e300", KR_FLOAT32), KR_ESYNTAX);
	ck_assert_int_eq(kr_value_parse(&v, "inf", KR_FLOAT32), 0);
}
END_TEST

/* exp(x) -> log; then x's client rewired to the log: a cycle. */
static kr_fgraph *cyclic_graph(kr_variable **x, kr_variable **z)
{
	kr_variable *y;
	*x = kr_variable_new(kr_type_scalar(KR_FLOAT64), "x");
	KR_OP_CALL(&y, kr_op_exp(), *x);
	KR_OP_CALL(z, kr_op_log(), y);
	kr_fgraph *fg = t_fgraph(1, x, 1, z, false);
	ck_assert_int_eq(kr_fgraph_replace(fg, *x, *z, "cycle"), 0);
	return fg;
}

/* Evaluation and etuplization report a cycle instead of crashing. */
START_TEST(cycle_reported_by_eval_and_etuplize)
{
	kr_variable *x, *z;
	(void)cyclic_graph(&x, &z);
	kr_value *out = NULL;
	const kr_value *in[1] = {kr_value_scalar(KR_FLOAT64, 1.0)};
	ck_assert_int_eq(kr_graph_eval(&out, 1, &z, 1, &x, in), KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "cycle"));
	kr_term *t = NULL;
	ck_assert_int_eq(kr_etuplize_term(&t, kr_variable_term(z), 0),
			 KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "cycle"));
	ck_assert_ptr_null(t);
}
END_TEST

/* NoneTypeT prints as its class in both forms. */
START_TEST(none_type_repr)
{
	ck_assert_str_eq(kr_type_repr(kr_type_none()), "NoneTypeT");
	ck_assert_str_eq(kr_type_to_string(kr_type_none()), "NoneTypeT");
}
END_TEST

static int same_type(const kr_type **out, const kr_op *op, size_t nin,
		     const kr_type *const *in)
{
	(void)op, (void)nin;
	*out = in[0];
	return 0;
}

static const kr_op_desc pair_desc = {.name = "pairop", .min_inputs = 2,
				     .max_inputs = 2, .infer = same_type};

/* Does rw rewrite pairop(neg(b), a), the pattern's inputs swapped? */
static bool matches_swapped(kr_node_rewriter *rw, kr_op *op)
{
	kr_variable *a = kr_variable_new(kr_type_scalar(KR_FLOAT64), "a");
	kr_variable *b = kr_variable_new(kr_type_scalar(KR_FLOAT64), "b");
	kr_variable *nb, *o, *ins[2] = {a, b};
	KR_OP_CALL(&nb, kr_op_neg(), b);
	KR_OP_CALL(&o, op, nb, a);
	kr_fgraph *fg = t_fgraph(2, ins, 1, &o, false);
	kr_replacements *r = NULL;
	ck_assert_int_eq(kr_node_rewriter_transform(rw, fg,
						    kr_variable_owner(o), &r),
			 0);
	return r != NULL;
}

/* The pattern's extra commutative ops are copied, as its tracks are. */
START_TEST(pattern_copies_commutative_ops)
{
	kr_op *op = kr_op_new(&pair_desc, NULL);
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_term *in = KR_ETUPLE(kr_op_term(op), x,
				KR_ETUPLE(kr_op_term(kr_op_neg()), y));
	kr_term *out = KR_ETUPLE(kr_op_term(kr_op_sub()), x, y);
	kr_op *comm[1] = {op};
	kr_pattern_opts o = KR_PATTERN_OPTS_INIT;
	o.commutative = true;
	o.ncommutative_ops = 1;
	o.commutative_ops = comm;
	kr_node_rewriter *rw = kr_pattern_node_rewriter_new(in, out, &o);
	ck_assert(matches_swapped(rw, op));
	comm[0] = kr_op_mul(); /* the caller reuses its array */
	ck_assert(matches_swapped(rw, op));
}
END_TEST

/* ---------------------------------------------------------------- rewriters */

/* get_nodes: the clients of the node's output. */
static int clients_of(kr_apply ***nodes, size_t *n, kr_fgraph *fg,
		      kr_apply *node, void *data)
{
	(void)data;
	const kr_client *cl = kr_fgraph_clients(fg, kr_apply_output(node, 0),
						n);
	*nodes = kr_alloc((*n + 1) * sizeof **nodes);
	for (size_t i = 0; i < *n; i++)
		(*nodes)[i] = cl[i].node;
	return 0;
}

/*
 * A pattern dispatched on exp that matches at its client mul(exp(a),
 * neg(b)) sees that client's other input: once add(y, 0) has become
 * neg(y) there, it matches although nothing in exp's subgraph changed.
 * The equilibrium reaches PyTensor's fixed point, which a second run
 * leaves as it is.
 */
START_TEST(equilibrium_with_get_nodes_reaches_the_fixed_point)
{
	const kr_type *t = kr_type_scalar(KR_FLOAT64);
	kr_variable *x = kr_variable_new(t, "x"), *y = kr_variable_new(t, "y");
	kr_term *a = kr_var_new("a"), *b = kr_var_new("b");
	kr_term *v = kr_var_new("v");
	kr_op *exp_op = kr_op_exp();
	kr_pattern_opts po = KR_PATTERN_OPTS_INIT;
	po.ntracks = 1;
	po.tracks = &exp_op;
	po.get_nodes = clients_of;
	kr_node_rewriter *p = kr_pattern_node_rewriter_new(
		KR_ETUPLE(kr_op_term(kr_op_mul()),
			  KR_ETUPLE(kr_op_term(exp_op), a),
			  KR_ETUPLE(kr_op_term(kr_op_neg()), b)),
		KR_ETUPLE(kr_op_term(exp_op), b), &po);
	kr_node_rewriter *r = kr_pattern_node_rewriter_new(
		KR_ETUPLE(kr_op_term(kr_op_add()), v, kr_real(0)),
		KR_ETUPLE(kr_op_term(kr_op_neg()), v), NULL);
	kr_variable *e, *zero, *s, *out, *ins[2] = {x, y};
	KR_OP_CALL(&e, exp_op, x);
	ck_assert_int_eq(kr_term_eval(&zero, kr_real(0)), 0);
	KR_OP_CALL(&s, kr_op_add(), y, zero);
	KR_OP_CALL(&out, kr_op_mul(), e, s);
	kr_fgraph *fg = t_fgraph(2, ins, 1, &out, false);
	kr_graph_rewriter *eq = kr_equilibrium_graph_rewriter_new(
		2, (kr_node_rewriter *[]){p, r}, NULL);
	ck_assert_int_eq(kr_graph_rewriter_rewrite(eq, fg, NULL), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(exp(y))");
	ck_assert_int_eq(kr_graph_rewriter_rewrite(eq, fg, NULL), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(exp(y))");
}
END_TEST

/*
 * A sequential rewriter adds every sub-rewriter's requirements before it
 * runs any, as PyTensor's: the stack-trace check registered after a walk
 * guards the walk too, so the walk's traceless mul is refused in both
 * orders.
 */
START_TEST(sequential_requirements_up_front)
{
	for (int check_first = 0; check_first < 2; check_first++) {
		const kr_type *t = kr_type_scalar(KR_FLOAT64);
		kr_variable *x = kr_variable_new(t, "x");
		kr_variable *y = kr_variable_new(t, "y");
		kr_variable *s, *ins[2] = {x, y};
		KR_OP_CALL(&s, kr_op_add(), x, y);
		const char *tr = "user code line 1";
		kr_variable_set_trace(s, 1, &tr);
		kr_fgraph *fg = t_fgraph(2, ins, 1, &s, false);
		kr_graph_rewriter *walk = kr_walking_graph_rewriter_new(
			kr_substitution_node_rewriter_new(kr_op_add(),
							  kr_op_mul()),
			KR_IN_TO_OUT, false);
		kr_graph_rewriter_set_failure_callback(walk, kr_failure_ignore,
						       NULL);
		kr_graph_rewriter *check =
			kr_check_stack_trace_rewriter_new(KR_STACK_TRACE_RAISE);
		kr_graph_rewriter *list[2] = {check_first ? check : walk,
					      check_first ? walk : check};
		kr_graph_rewriter *seq =
			kr_sequential_graph_rewriter_new(2, list);
		ck_assert_int_eq(kr_graph_rewriter_rewrite(seq, fg, NULL), 0);
		ck_assert_str_eq(kr_fgraph_repr(fg),
				 "FunctionGraph(add(x, y))");
	}
}
END_TEST

/* ---------------------------------------------------------------- databases */

/* A database cannot be put inside itself, directly or through others. */
START_TEST(db_refuses_a_cycle)
{
	kr_rewrite_db *a = kr_sequence_db_new(), *b = kr_sequence_db_new();
	ck_assert_int_eq(kr_db_register(a, "b", NULL, NULL, b, KR_TAGS("t"),
					NULL),
			 0);
	ck_assert_int_eq(kr_db_register(b, "a", NULL, NULL, a, KR_TAGS("t"),
					NULL),
			 KR_EINVALID);
	ck_assert_int_eq(kr_db_register(a, "self", NULL, NULL, a, NULL, NULL),
			 KR_EINVALID);
	ck_assert_int_eq(kr_db_register(b, "p", NULL, NULL,
					kr_proxy_db_new(a), NULL, NULL),
			 KR_EINVALID);
	ck_assert_uint_eq(kr_db_size(b), 0);
	kr_db_result r;
	ck_assert_int_eq(kr_db_query(&r, a, kr_db_query_new(KR_TAGS("t"), NULL,
							    NULL)),
			 0);
}
END_TEST

/* rewrite_graph over a LocalGroupDB walks its node rewriter in_to_out. */
START_TEST(rewrite_graph_over_a_local_group)
{
	kr_rewrite_db *lg = kr_local_group_db_new();
	ck_assert_int_eq(kr_db_register(lg, "add_to_mul", NULL,
					kr_substitution_node_rewriter_new(
						kr_op_add(), kr_op_mul()),
					NULL, KR_TAGS("t"), NULL),
			 0);
	const kr_type *t = kr_type_scalar(KR_FLOAT64);
	kr_variable *x = kr_variable_new(t, "x"), *y = kr_variable_new(t, "y");
	kr_variable *s, *ins[2] = {x, y};
	KR_OP_CALL(&s, kr_op_add(), x, y);
	kr_fgraph *fg = t_fgraph(2, ins, 1, &s, false);
	kr_rewrite_graph_opts o = KR_REWRITE_GRAPH_OPTS_INIT;
	o.include = KR_TAGS("t");
	o.db = lg;
	ck_assert_int_eq(kr_rewrite_fgraph_query(fg, &o), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(mul(x, y))");
}
END_TEST

/* An extra rewriter of a query takes the name it is sorted under. */
START_TEST(query_register_names_the_rewriter)
{
	kr_rewrite_db_query *q = kr_db_query_new(KR_TAGS("t"), NULL, NULL);
	kr_graph_rewriter *extra = kr_merge_optimizer_new();
	ck_assert_int_eq(kr_db_query_register(q, extra, 0.5), 0);
	const char *name = kr_graph_rewriter_name(extra);
	ck_assert_ptr_nonnull(name);
	ck_assert_int_eq(strncmp(name, "MergeOptimizer_", 15), 0);
	ck_assert_ptr_nonnull(strstr(kr_db_query_to_string(q), name));
}
END_TEST

static void query_to_string_null(void) { (void)kr_db_query_to_string(NULL); }
static void graph_rw_name_null(void) { (void)kr_graph_rewriter_name(NULL); }
static void facts_goal_null(void) { (void)kr_facts_goal(NULL, NULL); }
static void lany_null(void) { (void)kr_lany_kanren(2, NULL); }

/* NULL is misuse in the rewriter, database and relation layers too. */
START_TEST(null_arguments_abort_in_upper_layers)
{
	ck_assert_ptr_nonnull(strstr(t_abort_message(query_to_string_null),
				     "kr_db_query_to_string"));
	ck_assert_ptr_nonnull(strstr(t_abort_message(graph_rw_name_null),
				     "kr_graph_rewriter_name"));
	ck_assert_ptr_nonnull(strstr(t_abort_message(facts_goal_null),
				     "kr_facts_goal"));
	ck_assert_ptr_nonnull(
		strstr(t_abort_message(lany_null), "kr_lany_kanren"));
}
END_TEST

Suite *contracts_suite(void)
{
	Suite *s = suite_create("contracts");
	TCase *tc = tcase_create("terms");
	tcase_add_test(tc, subst_extend_refuses_a_cycle);
	tcase_add_test(tc, foreign_expand_result_checked);
	tcase_add_test(tc, null_arguments_abort_with_a_name);
	tcase_add_test(tc, error_set_takes_the_last_message);
	suite_add_tcase(s, tc);
	tc = tcase_create("goals");
	tcase_add_test(tc, constraint_count_after_binding);
	tcase_add_test(tc, relation_arity_checked);
	tcase_add_test(tc, facts_answer_what_unifies);
	suite_add_tcase(s, tc);
	tc = tcase_create("graphs");
	tcase_add_test(tc, value_shape_overflow);
	tcase_add_test(tc, value_parse_range);
	tcase_add_test(tc, cycle_reported_by_eval_and_etuplize);
	tcase_add_test(tc, none_type_repr);
	tcase_add_test(tc, pattern_copies_commutative_ops);
	suite_add_tcase(s, tc);
	tc = tcase_create("rewriters");
	tcase_add_test(tc, equilibrium_with_get_nodes_reaches_the_fixed_point);
	tcase_add_test(tc, sequential_requirements_up_front);
	suite_add_tcase(s, tc);
	tc = tcase_create("databases");
	tcase_add_test(tc, db_refuses_a_cycle);
	tcase_add_test(tc, rewrite_graph_over_a_local_group);
	tcase_add_test(tc, query_register_names_the_rewriter);
	tcase_add_test(tc, null_arguments_abort_in_upper_layers);
	suite_add_tcase(s, tc);
	return s;
}
