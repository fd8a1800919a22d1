/* test_kanren_opts.c -- kanren's keyword arguments of the relations. */
/* See the LICENSE file for copying conditions. */
#include <string.h>

#include "suites.h"

/*
 * The cases of kanren's tests/test_goals.py (test_permuteo),
 * test_assoccomm.py (test_eq_assoc_args, test_assoc_args,
 * test_flatten_assoc_args) and test_graph.py (test_map_anyo_misc,
 * test_walko_misc, test_walko, test_walko_reverse) that use the options,
 * with kanren's answers and order. A Python tuple is a list here, except
 * where kanren relies on a tuple being hashable or of another type than a
 * list: an etuple then. Orders that kanren's tests leave open (sets,
 * `results_filter=unique`) are kanren's own, as it gives them.
 */

static kr_term *num(int64_t i) { return kr_int(i); }

static kr_term *sym(const char *s) { return kr_sym(s); }

/* ----------------------------------------------------------------- permuteo */

static kr_goal *permuteo_ni(kr_term *a, kr_term *b)
{
	kr_permuteo_opts o = KR_PERMUTEO_OPTS_INIT;
	o.no_ident = true;
	return kr_permuteo_ex(a, b, &o);
}

/* test_permuteo's no_ident cases (the others are test_relations.c's). */
START_TEST(test_permuteo_no_ident_kanren)
{
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	ck_assert_str_eq(t_run_str(-1, x, permuteo_ni(t_read("(1 2)"),
						    t_read("(1 2)"))), "()");
	ck_assert_str_eq(t_run_str(-1, x, permuteo_ni(t_read("(1 2)"),
						    t_read("(2 1)"))),
			 "(_.0)");
	ck_assert_str_eq(t_run_str(-1, x, permuteo_ni(kr_nil(), x)), "()");
	ck_assert_str_eq(t_run_str(-1, x, permuteo_ni(x, kr_nil())), "()");
	ck_assert_str_eq(t_run_str(-1, x, permuteo_ni(t_read("(1)"), x)), "()");
	ck_assert_str_eq(t_run_str(-1, x, permuteo_ni(x, t_read("(1)"))), "()");
	ck_assert_str_eq(t_run_str(-1, x, permuteo_ni(x, t_read("(1 2 3)"))),
			 "((1 3 2) (2 1 3) (2 3 1) (3 1 2) (3 2 1))");
	/* run(6, [x, y], permuteo(x, y, no_ident=True)): a != b each time */
	kr_term *all = kr_run(6, KR_LIST(x, y), permuteo_ni(x, y));
	ck_assert_int_eq(kr_list_length(all), 6);
	for (; kr_is_pair(all); all = kr_cdr(all))
		ck_assert(!kr_equal(kr_car(kr_car(all)),
				    kr_car(kr_cdr(kr_car(all)))));
	/* the options struct: NULL and the defaults are kr_permuteo() */
	kr_permuteo_opts o = KR_PERMUTEO_OPTS_INIT;
	ck_assert_str_eq(t_run_str(-1, x, kr_permuteo_ex(t_read("(1 2)"), x, &o)),
			 "((1 2) (2 1))");
	ck_assert_str_eq(t_run_str(-1, x, kr_permuteo_ex(t_read("(1 2)"), x,
						       NULL)),
			 "((1 2) (2 1))");
}
END_TEST

/*
 * kanren's eq_permute: `conde([eq(x, y)], [permuteo(a, b) for a, b in
 * zip(x, y)])`, zip taken on the values when it runs.
 */
static kr_stream *eq_permute_fn(const kr_state *st, void *env)
{
	kr_term *const *a = env;
	const kr_subst *s = kr_state_subst(st);
	kr_term *x = kr_walk_star(a[0], s), *y = kr_walk_star(a[1], s);
	kr_term *ex = kr_as_etuple(x), *ey = kr_as_etuple(y);
	kr_goal *each = kr_succeed();
	if (!ex || !ey) /* Python's zip fails on a non-sequence */
		each = kr_fail();
	for (size_t i = 0; ex && ey && i < kr_etuple_len(ex) &&
			   i < kr_etuple_len(ey); i++)
		each = KR_ALL(each, kr_permuteo(kr_etuple_ref(ex, i),
						kr_etuple_ref(ey, i)));
	kr_goal *g = kr_lany_kanren(2, (kr_goal *[]){kr_eq(x, y), each});
	return kr_goal_apply(g, st);
}

static kr_goal *eq_permute_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term **c = kr_alloc(2 * sizeof *c);
	c[0] = a[0];
	c[1] = a[1];
	return kr_goal_new(eq_permute_fn, c);
}

/* test_permuteo: inner_eq=eq_permute, no_ident=True */
START_TEST(test_permuteo_inner_eq)
{
	kr_term *q = kr_var_new("q");
	kr_permuteo_opts o = KR_PERMUTEO_OPTS_INIT;
	o.inner_eq = kr_rel_new("eq_permute", 2, eq_permute_body, NULL);
	o.no_ident = true;
	/* (1, (2, 3)) and ((3, 2), 1): the inner tuples are hashable */
	kr_term *a = KR_LIST(num(1), KR_ETUPLE(num(2), num(3)));
	kr_term *b = KR_LIST(KR_ETUPLE(num(3), num(2)), num(1));
	ck_assert_str_eq(t_run_str(-1, q, kr_permuteo_ex(a, b, &o)), "(_.0)");
	/* without inner_eq: no answer */
	ck_assert_str_eq(t_run_str(-1, q, permuteo_ni(a, b)), "()");
	/* inner Python lists are not hashable: nothing cancels, and
	 * eq_permute's permuteo(1, 1) fails, as kanren's */
	ck_assert_str_eq(t_run_str(-1, q, kr_permuteo_ex(t_read("(1 (2 3))"),
						       t_read("((3 2) 1)"),
						       &o)),
			 "()");
	/* with an inner_eq, ground sequences of lists are not compared at
	 * once: each permutation goes through it (== here) */
	o.inner_eq = t_eqo();
	o.no_ident = false;
	ck_assert_str_eq(t_run_str(-1, q, kr_permuteo_ex(t_read("((1) (1))"),
						       t_read("((1) (1))"),
						       &o)),
			 "(_.0 _.0)");
	ck_assert_str_eq(t_run_str(-1, q, kr_permuteo(t_read("((1) (1))"),
						    t_read("((1) (1))"))),
			 "(_.0)");
}
END_TEST

/* default_ConsNull: the kind of both sides when neither is a sequence */
START_TEST(test_permuteo_default_null)
{
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_permuteo_opts o = KR_PERMUTEO_OPTS_INIT;
	o.default_null = KR_SEQ_ETUPLE;
	kr_term *all = kr_run(3, KR_LIST(x, y), kr_permuteo_ex(x, y, &o));
	ck_assert_str_eq(t_str(all), "((() ()) ((_.0) (_.0)) "
				     "((_.0 _.1) (_.0 _.1)))");
	for (; kr_is_pair(all); all = kr_cdr(all)) {
		ck_assert(t_is_etuple(kr_car(kr_car(all))));
		ck_assert(t_is_etuple(kr_car(kr_cdr(kr_car(all)))));
	}
	all = kr_run(2, KR_LIST(x, y), kr_permuteo(x, y));
	ck_assert(!t_is_etuple(kr_car(kr_car(all))));
}
END_TEST

static kr_goal *three_body(kr_term *const *a, void *env)
{
	(void)a;
	(void)env;
	return kr_succeed();
}

static void permuteo_bad_inner(void)
{
	kr_permuteo_opts o = KR_PERMUTEO_OPTS_INIT;
	o.inner_eq = kr_rel_new("three", 3, three_body, NULL);
	kr_permuteo_ex(kr_nil(), kr_nil(), &o);
}

START_TEST(test_permuteo_misuse)
{
	ck_assert_str_eq(t_abort_message(permuteo_bad_inner),
			 "kanrewrite: API misuse in kr_permuteo_ex: inner_eq "
			 "must have arity 2\n");
}
END_TEST

/* ------------------------------------------------------------- assoccomm */

static bool is_add(kr_term *t, void *env)
{
	(void)env;
	return t == kr_sym("add");
}

static const char *flat(const char *items)
{
	kr_term *out;
	ck_assert_int_eq(kr_flatten_assoc_args(&out, is_add, NULL,
					       t_read(items)), 0);
	return t_str(out);
}

START_TEST(test_flatten_assoc_args)
{
	ck_assert_str_eq(flat("(add 1 2 3 4)"), "(add 1 2 3 4)");
	ck_assert_str_eq(flat("(add 1 2 (add))"), "(add 1 2 (add))");
	ck_assert_str_eq(flat("((add 1 2 (add)))"), "(1 2 (add))");
	ck_assert_str_eq(flat("((1 2 add) 3 (add 4 (add (add))) (add 5) 6 "
			      "add 7)"),
			 "((1 2 add) 3 4 (add) 5 6 add 7)");
	/* etuples are spliced too; an improper pair is not */
	kr_term *out;
	ck_assert_int_eq(kr_flatten_assoc_args(&out, is_add, NULL,
					       KR_ETUPLE(num(1), KR_ETUPLE(
						       sym("add"), num(2),
						       num(3)))),
			 0);
	ck_assert_str_eq(t_str(out), "(1 2 3)");
	ck_assert_str_eq(flat("((add 1 . 2) 3)"), "((add 1 . 2) 3)");
	ck_assert_int_eq(kr_flatten_assoc_args(&out, is_add, NULL, num(1)),
			 KR_EINVALID);
}
END_TEST

static const char *groupings(kr_term *rands, long n)
{
	kr_term *out;
	ck_assert_int_eq(kr_assoc_args(&out, sym("add"), rands, n), 0);
	return t_str(out);
}

START_TEST(test_assoc_args)
{
	ck_assert_str_eq(groupings(t_read("(1 2 3)"), 2),
			 "(((add 1 2) 3) (1 (add 2 3)))");
	kr_term *out;
	ck_assert_int_eq(kr_assoc_args(&out, sym("add"),
				       KR_ETUPLE(num(1), num(2), num(3)), 2),
			 0);
	ck_assert_str_eq(t_str(out), "(((add 1 2) 3) (1 (add 2 3)))");
	ck_assert(t_is_etuple(kr_car(out)) && t_is_etuple(kr_car(kr_car(out))));
	ck_assert_str_eq(groupings(t_read("(1 2 3)"), 1),
			 "(((add 1) 2 3) (1 (add 2) 3) (1 2 (add 3)))");
	ck_assert_str_eq(groupings(t_read("(1 2 3)"), 3), "((1 2 3))");
	ck_assert_str_eq(groupings(t_read("(1 2 3)"), 4), "()");
	/* f_rands = flatten_assoc_args(op_pred, (1, (op, 2, 3))) */
	kr_term *f;
	ck_assert_int_eq(kr_flatten_assoc_args(&f, is_add, NULL,
					       t_read("(1 (add 2 3))")), 0);
	ck_assert_str_eq(groupings(f, 2), "(((add 1 2) 3) (1 (add 2 3)))");
	ck_assert_int_eq(kr_assoc_args(&out, sym("add"), t_read("(1 2)"), 0),
			 KR_EINVALID);
	ck_assert_int_eq(kr_assoc_args(&out, sym("add"), num(1), 1),
			 KR_EINVALID);
}
END_TEST

static kr_goal *eqaa(const char *a, const char *b, long n, bool no_ident)
{
	kr_eq_assoc_args_opts o = KR_EQ_ASSOC_ARGS_OPTS_INIT;
	o.n = n;
	o.no_ident = no_ident;
	return kr_eq_assoc_args(sym("assoc_op"), t_read(a), t_read(b), &o);
}

/* test_eq_assoc_args, case by case */
START_TEST(test_eq_assoc_args)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	kr_term *y = kr_var_new("y");
	kr_term *op = sym("assoc_op");
	KR_FACT(kr_associative(), op);
	/* (1,) and [1]: two kinds of sequence */
	ck_assert_str_eq(t_run_str(-1, q, kr_eq_assoc_args(
					 op, KR_ETUPLE(num(1)), KR_LIST(num(1)),
					 NULL)),
			 "()");
	ck_assert_str_eq(t_run_str(-1, q, eqaa("(1)", "(1)", 0, false)), "(_.0)");
	ck_assert_str_eq(t_run_str(-1, q, eqaa("(1 1)", "(1 1)", 0, false)),
			 "(_.0)");
	ck_assert_str_eq(t_run_str(-1, q, eqaa("(1 2 3)", "(1 (assoc_op 2 3))",
					     0, false)),
			 "(_.0)");
	ck_assert_str_eq(t_run_str(-1, q, eqaa("(1 (assoc_op 2 3))", "(1 2 3)",
					     0, false)),
			 "(_.0)");
	ck_assert_str_eq(t_run_str(-1, q, eqaa("(1 (assoc_op 2 3) 4)",
					     "(1 2 3 4)", 0, false)),
			 "(_.0)");
	ck_assert_str_eq(t_run_str(-1, q, eqaa("(1 2 3)", "(1 (assoc_op 2 3) 4)",
					     0, false)),
			 "()");
	ck_assert_str_eq(t_run_str(-1, q, kr_eq_assoc_args(op, KR_LIST(x),
							 KR_LIST(x), NULL)),
			 "(_.0)");
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(op, x, KR_LIST(y),
							 NULL)),
			 "((_.0))");
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(op, KR_LIST(y), x,
							 NULL)),
			 "((_.0))");
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(
					 op, KR_LIST(num(1), x, num(4)),
					 t_read("(1 2 3 4)"), NULL)),
			 "((assoc_op 2 3))");
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(
					 op, t_read("(1 2 3 4)"),
					 KR_LIST(num(1), x, num(4)), NULL)),
			 "((assoc_op 2 3))");
	/* the grouping keeps the kind (kanren's ctor=type(u_args)) */
	kr_term *g = kr_car(kr_run(-1, x, kr_eq_assoc_args(
					       op, KR_ETUPLE(num(1), x, num(4)),
					       KR_ETUPLE(num(1), num(2), num(3),
							 num(4)),
					       NULL)));
	ck_assert(t_is_etuple(g));
	ck_assert_str_eq(t_run_str(-1, q, eqaa("(1 1)", "(other_op 1 1)", 0,
					     false)),
			 "()");
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(
					 op, t_read("(1 2 3)"), x,
					 &(kr_eq_assoc_args_opts){
						 2, NULL, false,
						 KR_SEQ_ETUPLE})),
			 "(((assoc_op 1 2) 3) (1 (assoc_op 2 3)))");
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(
					 op, x, t_read("(1 2 3)"),
					 &(kr_eq_assoc_args_opts){
						 2, NULL, false,
						 KR_SEQ_ETUPLE})),
			 "(((assoc_op 1 2) 3) (1 (assoc_op 2 3)))");
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(op, t_read("(1 2 3)"),
							 x, NULL)),
			 "(((assoc_op 1 2) 3) (1 (assoc_op 2 3)) (1 2 3))");
}
END_TEST

/* test_eq_assoc_args's no_ident cases, and the modes beyond its own */
START_TEST(test_eq_assoc_args_no_ident)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	kr_term *y = kr_var_new("y");
	kr_term *op = sym("assoc_op");
	kr_eq_assoc_args_opts o = KR_EQ_ASSOC_ARGS_OPTS_INIT;
	o.no_ident = true;
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(op, kr_nil(), x, &o)),
			 "()");
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(op, t_read("(1)"), x,
							 &o)),
			 "()");
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(op, t_read("(1 2 3)"),
							 x, &o)),
			 "(((assoc_op 1 2) 3) (1 (assoc_op 2 3)))");
	ck_assert_str_eq(t_run_str(-1, q, eqaa("(1 (assoc_op 2 3))",
					     "(1 (assoc_op 2 3))", 0, true)),
			 "()");
	ck_assert_str_eq(t_run_str(-1, q, eqaa("(1 (assoc_op 2 3))",
					     "((assoc_op 1 2) 3)", 0, true)),
			 "(_.0)");
	/* one argument against three: kanren's assoc_args gives the three
	 * themselves, which a list of one does not unify with */
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(op, KR_LIST(x),
							 t_read("(1 2 3)"),
							 NULL)),
			 "()");
	/* both fresh: kanren's itero by length, etuples (null_type) */
	kr_term *all = kr_run(4, KR_LIST(x, y),
			      kr_eq_assoc_args(op, x, y, NULL));
	ck_assert_str_eq(t_str(all),
			 "(((_.0) (_.0)) ((_.0 _.1) (_.0 _.1)) "
			 "((_.0 _.1 _.2) ((assoc_op _.0 _.1) _.2)) "
			 "((_.0 _.1 _.2 _.3) ((assoc_op _.0 _.1) _.2 _.3)))");
	ck_assert(t_is_etuple(kr_car(kr_car(all))));
	o = (kr_eq_assoc_args_opts)KR_EQ_ASSOC_ARGS_OPTS_INIT;
	o.null_type = KR_SEQ_LIST;
	all = kr_run(1, KR_LIST(x, y), kr_eq_assoc_args(op, x, y, &o));
	ck_assert(!t_is_etuple(kr_car(kr_car(all))));
	/* an inner_eq relates the groupings; here == again */
	o.inner_eq = t_eqo();
	ck_assert_str_eq(t_run_str(-1, x, kr_eq_assoc_args(op, t_read("(1 2 3)"),
							 x, &o)),
			 "(((assoc_op 1 2) 3) (1 (assoc_op 2 3)) (1 2 3))");
}
END_TEST

/* ---------------------------------------------------------------- graph */

/* The reductions of kanren's test_graph.py single_math_reduceo, over x. */
static kr_goal *smr_goal(kr_term *e, kr_term *r, kr_term *x)
{
	return kr_lany_kanren(2, (kr_goal *[]){
		KR_ALL(kr_eq(e, KR_ETUPLE(sym("add"), x, x)),
		       kr_eq(r, KR_ETUPLE(sym("mul"), num(2), x))),
		KR_ALL(kr_eq(e, KR_ETUPLE(sym("log"),
					  KR_ETUPLE(sym("exp"), x))),
		       kr_eq(r, x))});
}

/* single_math_reduceo without its isinstanceo */
static kr_goal *smr_body(kr_term *const *a, void *env)
{
	(void)env;
	return smr_goal(a[0], a[1], kr_var_new(NULL));
}

static const kr_rel *smr(void)
{
	static kr_rel *r;
	if (!r)
		r = kr_rel_new("single_math_reduceo", 2, smr_body, NULL);
	return r;
}

/*
 * single_math_reduceo as test_graph.py has it, with its isinstanceo: x
 * a Real or an etuple (two isinstanceo on one variable: either), which
 * the reduced etuples walko builds by consing onto a variable must pass.
 */
static kr_goal *smr_typed_body(kr_term *const *a, void *env)
{
	(void)env;
	kr_term *x = kr_var_new(NULL);
	return kr_lall_kanren(3, (kr_goal *[]){
		kr_isinstanceo(x, sym("number")),
		kr_isinstanceo(x, sym("etuple")),
		smr_goal(a[0], a[1], x)});
}

static kr_goal *math_reduceo_body(kr_term *const *a, void *env)
{
	(void)env;
	return kr_reduceo(smr(), a[0], a[1]);
}

/* math_reduceo = partial(reduceo, single_math_reduceo) */
static const kr_rel *math_reduceo(void)
{
	static kr_rel *r;
	if (!r)
		r = kr_rel_new("math_reduceo", 2, math_reduceo_body, NULL);
	return r;
}

/* partial(map_anyo, null_res=False) as a walko map_rel */
static kr_goal *map_no_null(const kr_rel *rel, kr_term *a, kr_term *b,
			    kr_seq_kind null_type, void *env)
{
	(void)env;
	kr_map_anyo_opts o = {null_type, false};
	return kr_map_anyo_ex(rel, a, b, &o);
}

/* test_graph.py's term_walko = partial(walko, rator_goal=eq,
 * null_type=ExpressionTuple, map_rel=partial(map_anyo, null_res=False)) */
static kr_goal *term_walko(const kr_rel *rel, kr_term *a, kr_term *b)
{
	kr_walko_opts o = {t_eqo(), KR_SEQ_ETUPLE, map_no_null, NULL};
	return kr_walko_ex(rel, a, b, &o);
}

static kr_term *et(const char *op, kr_term *a, kr_term *b)
{
	return b ? KR_ETUPLE(sym(op), a, b) : KR_ETUPLE(sym(op), a);
}

/* test_map_anyo_misc's null_type=tuple cases */
START_TEST(test_map_anyo_null_type)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	kr_term *y = kr_var_new("y");
	kr_facts *bin = kr_facts_new("test_bin", 2);
	KR_FACT(bin, num(1), num(2));
	kr_map_anyo_opts o = {KR_SEQ_ETUPLE, false};
	kr_term *all = kr_run(10, KR_LIST(x, y),
			      kr_map_anyo_ex(kr_facts_rel(bin), x, y, &o));
	ck_assert_str_eq(t_str(all),
			 "(((1) (2)) ((_.0 1) (_.0 2)) ((1 1) (2 2)) "
			 "((_.0 _.1 1) (_.0 _.1 2)) ((1 _.0) (2 _.0)) "
			 "((_.0 1 1) (_.0 2 2)) ((1 1 1) (2 2 2)) "
			 "((_.0 _.1 _.2 1) (_.0 _.1 _.2 2)) "
			 "((1 _.0 1) (2 _.0 2)) ((_.0 1 _.1) (_.0 2 _.1)))");
	for (; kr_is_pair(all); all = kr_cdr(all))
		ck_assert(t_is_etuple(kr_car(kr_car(all))));
	/* map_anyo(math_reduceo, q, z, tuple): every answer a tuple */
	all = kr_run(4, q, kr_map_anyo_ex(math_reduceo(), q, kr_var_new("z"),
					  &o));
	ck_assert_int_eq(kr_list_length(all), 4);
	for (; kr_is_pair(all); all = kr_cdr(all))
		ck_assert(t_is_etuple(kr_car(all)));
	all = kr_run(4, q, kr_map_anyo(math_reduceo(), q, kr_var_new("z")));
	for (; kr_is_pair(all); all = kr_cdr(all))
		ck_assert(!t_is_etuple(kr_car(all)));
}
END_TEST

/* null_res: two empty sequences are related (walko's map_rel default) */
START_TEST(test_map_anyo_null_res)
{
	kr_term *q = kr_var_new("q"), *r = kr_var_new("r");
	kr_map_anyo_opts o = {KR_SEQ_LIST, true};
	ck_assert_str_eq(t_run_str(-1, q, kr_map_anyo(t_eqo(), kr_nil(), q)), "()");
	ck_assert_str_eq(t_run_str(-1, q, kr_map_anyo_ex(t_eqo(), kr_nil(), q,
						       &o)),
			 "(())");
	ck_assert_str_eq(t_run_str(-1, q, kr_map_anyo_ex(t_eqo(),
						       t_read("(1 2)"), q,
						       &o)),
			 "((1 2) (1 2) (1 2))");
	o.null_type = KR_SEQ_ETUPLE;
	kr_term *all = kr_run(3, KR_LIST(q, r), kr_map_anyo_ex(t_eqo(), q, r,
							       &o));
	ck_assert_str_eq(t_str(all), "((() ()) ((_.0) (_.0)) "
				     "((_.0 _.1) (_.0 _.1)))");
	ck_assert(t_is_etuple(kr_car(kr_car(all))));
	/* a known list keeps its kind */
	ck_assert(!t_is_etuple(kr_car(kr_run(1, q, kr_map_anyo_ex(
					       t_eqo(), kr_nil(), q, &o)))));
}
END_TEST

/* test_walko_misc: walko(eq, q, q, null_type=ExpressionTuple) */
START_TEST(test_walko_null_type)
{
	kr_term *q = kr_var_new("q");
	kr_walko_opts o = KR_WALKO_OPTS_INIT;
	o.null_type = KR_SEQ_ETUPLE;
	kr_term *all = kr_run(2, q, kr_walko_ex(t_eqo(), q, q, &o));
	ck_assert_str_eq(t_str(all), "(_.0 ())");
	ck_assert(t_is_etuple(kr_car(kr_cdr(all))));
	/* kr_walko() keeps its lists */
	all = kr_run(2, q, kr_walko(t_eqo(), q, q));
	ck_assert(!t_is_etuple(kr_car(kr_cdr(all))));
	ck_assert_str_eq(t_str(kr_run(2, q, kr_walko_ex(t_eqo(), q, q, NULL))),
			 "(_.0 ())");
}
END_TEST

/* test_walko_reverse, with kanren's answers for the four of its last
 * case (its own expected tuple is not what it asserts) */
START_TEST(test_walko_reverse)
{
	kr_term *q = kr_var_new("q"), *r = kr_var_new("r");
	ck_assert_str_eq(t_run_str(2, q, term_walko(math_reduceo(), q, num(5))),
			 "((log (exp 5)) (log (exp (log (exp 5)))))");
	ck_assert_str_eq(t_run_str(2, q, term_walko(math_reduceo(), q,
						  et("mul", num(2), num(5)))),
			 "((add 5 5) (mul (log (exp 2)) (log (exp 5))))");
	kr_term *all = kr_run(4, KR_LIST(q, r),
			      term_walko(math_reduceo(), q, r));
	ck_assert_str_eq(t_str(all),
			 "(((add _.0 _.0) (mul 2 _.0)) "
			 "((_.0 (add _.1 _.1)) (_.0 (mul 2 _.1))) "
			 "((log (exp (add _.0 _.0))) (mul 2 _.0)) "
			 "((_.0 _.1 (add _.2 _.2)) (_.0 _.1 (mul 2 _.2))))");
	ck_assert(t_is_etuple(kr_car(kr_car(kr_cdr(all)))));
	/* with walko's default map_rel (null_res=True): an operator alone */
	kr_walko_opts o = {t_eqo(), KR_SEQ_ETUPLE, NULL, NULL};
	ck_assert_str_eq(t_run_str(4, KR_LIST(q, r),
				 kr_walko_ex(math_reduceo(), q, r, &o)),
			 "(((add _.0 _.0) (mul 2 _.0)) ((_.0) (_.0)) "
			 "((log (exp (add _.0 _.0))) (mul 2 _.0)) "
			 "((_.0 (add _.1 _.1)) (_.0 (mul 2 _.1))))");
}
END_TEST

static kr_goal *tw_smr_body(kr_term *const *a, void *env)
{
	(void)env;
	static kr_rel *typed;
	if (!typed)
		typed = kr_rel_new("single_math_reduceo", 2, smr_typed_body,
				   NULL);
	return term_walko(typed, a[0], a[1]);
}

/* test_walko: reduceo over partial(term_walko, single_math_reduceo) */
START_TEST(test_walko_fixed_point)
{
	kr_term *q = kr_var_new("q");
	const kr_rel *tw = kr_rel_new("term_walko", 2, tw_smr_body, NULL);
	ck_assert_str_eq(t_run_str(-1, q, kr_reduceo(tw, num(1), q)), "()");
	ck_assert_str_eq(t_run_str(-1, q, kr_reduceo(tw, et("add", num(1),
							  num(1)), q)),
			 "((mul 2 1))");
	kr_term *in = KR_ETUPLE(sym("add"), et("mul", num(2), num(1)),
				et("add", num(1), num(1)));
	ck_assert_str_eq(t_run_str(-1, q, kr_reduceo(tw, in, q)),
			 "((mul 2 (mul 2 1)) (add (mul 2 1) (mul 2 1)))");
	/* kanren's answers with its duplicates, in its order */
	in = KR_ETUPLE(sym("add"),
		       KR_ETUPLE(sym("mul"), et("log", et("exp", num(2), NULL),
						NULL),
				 num(1)),
		       et("add", num(1), num(1)));
	ck_assert_str_eq(t_run_str(-1, q, kr_reduceo(tw, in, q)),
			 "((mul 2 (mul 2 1)) (mul 2 (mul 2 1)) "
			 "(mul 2 (mul 2 1)) (add (mul 2 1) (mul 2 1)) "
			 "(add (mul (log (exp 2)) 1) (mul 2 1)) "
			 "(add (mul 2 1) (add 1 1)) (add (mul 2 1) (mul 2 1)) "
			 "(add (mul 2 1) (mul 2 1)))");
}
END_TEST

/* A custom map_rel sees walko and the null type. */
static kr_goal *map_counting(const kr_rel *rel, kr_term *a, kr_term *b,
			     kr_seq_kind null_type, void *env)
{
	int *calls = env;
	ck_assert_int_eq(kr_rel_arity(rel), 2);
	ck_assert_int_eq(null_type, KR_SEQ_LIST);
	++*calls;
	return kr_mapo(rel, a, b);
}

START_TEST(test_walko_map_rel)
{
	kr_term *q = kr_var_new("q");
	int calls = 0;
	kr_facts *f = kr_facts_new("one_to_threeo", 2);
	KR_FACT(f, num(1), num(3));
	kr_walko_opts o = {NULL, KR_SEQ_LIST, map_counting, &calls};
	/* mapo instead of map_anyo: every element walked, identity too */
	ck_assert_str_eq(t_run_str(-1, q, kr_walko_ex(kr_facts_rel(f),
						    t_read("(1 2)"), q, &o)),
			 "()");
	ck_assert_int_gt(calls, 0);
	ck_assert_str_eq(t_run_str(-1, q, kr_walko_ex(kr_facts_rel(f),
						    t_read("(1 (1))"), q,
						    NULL)),
			 "((3 (3)) (1 (3)) (3 (1)))");
}
END_TEST

static kr_goal *okop_body(kr_term *const *a, void *env)
{
	(void)env;
	return kr_eq(a[0], sym("tw_op"));
}

static kr_goal *swap_body(kr_term *const *a, void *env)
{
	(void)env;
	return kr_lany_kanren(2, (kr_goal *[]){
		KR_ALL(kr_eq(a[0], t_read("(1 2)")),
		       kr_eq(a[1], t_read("(2 1)"))),
		KR_ALL(kr_eq(a[0], t_read("(2 1)")),
		       kr_eq(a[1], t_read("(1 2)")))});
}

/* term_walko(rator_goal, rands_goal, a, b, null_type, no_ident) */
START_TEST(test_term_walko_opts)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	kr_term *y = kr_var_new("y");
	const kr_rel *okop = kr_rel_new("okop", 1, okop_body, NULL);
	const kr_rel *sw = kr_rel_new("swap", 3, swap_body, NULL);
	kr_term *t = t_read("(tw_op 1 2)");
	ck_assert_str_eq(t_run_str(-1, q, kr_term_walko_ex(okop, sw, t, q, NULL)),
			 "((tw_op 2 1) (tw_op 1 2))");
	kr_term_walko_opts o = KR_TERM_WALKO_OPTS_INIT;
	o.no_ident = true;
	ck_assert_str_eq(t_run_str(-1, q, kr_term_walko_ex(okop, sw, t, q, &o)),
			 "((tw_op 2 1))");
	o = (kr_term_walko_opts)KR_TERM_WALKO_OPTS_INIT;
	o.null_type = KR_SEQ_ETUPLE;
	kr_term *all = kr_run(3, KR_LIST(x, y), kr_term_walko_ex(okop, sw, x, y,
								 &o));
	ck_assert_str_eq(t_str(all), "(((tw_op 1 2) (tw_op 2 1)) (_.0 _.0) "
				     "(((tw_op 1 2)) ((tw_op 2 1))))");
	ck_assert(t_is_etuple(kr_car(kr_car(kr_cdr(kr_cdr(all))))));
	all = kr_run(3, KR_LIST(x, y), kr_term_walko(okop, sw, x, y));
	ck_assert(!t_is_etuple(kr_car(kr_car(kr_cdr(kr_cdr(all))))));
	/* format_step rewrites the ground side first: here to (tw_op 2 1) */
	kr_facts *fmt = kr_facts_new("fmt", 2);
	KR_FACT(fmt, t, t_read("(tw_op 2 1)"));
	o = (kr_term_walko_opts)KR_TERM_WALKO_OPTS_INIT;
	o.format_step = kr_facts_rel(fmt);
	o.no_ident = true;
	ck_assert_str_eq(t_run_str(-1, q, kr_term_walko_ex(okop, sw, t, q, &o)),
			 "((tw_op 1 2))");
}
END_TEST

static void walko_bad_rator(void)
{
	kr_walko_opts o = {kr_rel_new("okop", 1, okop_body, NULL),
			   KR_SEQ_LIST, NULL, NULL};
	kr_walko_ex(t_eqo(), kr_nil(), kr_nil(), &o);
}

START_TEST(test_opts_misuse)
{
	ck_assert_str_eq(t_abort_message(walko_bad_rator),
			 "kanrewrite: API misuse in kr_walko_ex: the rator "
			 "relation must have arity 2\n");
}
END_TEST

Suite *kanren_opts_suite(void)
{
	Suite *s = suite_create("kanren_opts");
	struct {
		const char *name;
		const TTest *test;
	} cases[] = {
		{"permuteo_no_ident", test_permuteo_no_ident_kanren},
		{"permuteo_inner_eq", test_permuteo_inner_eq},
		{"permuteo_default_null", test_permuteo_default_null},
		{"permuteo_misuse", test_permuteo_misuse},
		{"flatten_assoc_args", test_flatten_assoc_args},
		{"assoc_args", test_assoc_args},
		{"eq_assoc_args", test_eq_assoc_args},
		{"eq_assoc_args_no_ident", test_eq_assoc_args_no_ident},
		{"map_anyo_null_type", test_map_anyo_null_type},
		{"map_anyo_null_res", test_map_anyo_null_res},
		{"walko_null_type", test_walko_null_type},
		{"walko_reverse", test_walko_reverse},
		{"walko_fixed_point", test_walko_fixed_point},
		{"walko_map_rel", test_walko_map_rel},
		{"term_walko_opts", test_term_walko_opts},
		{"opts_misuse", test_opts_misuse},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		TCase *tc = tcase_create(cases[i].name);
		tcase_add_test(tc, cases[i].test);
		suite_add_tcase(s, tc);
	}
	return s;
}
