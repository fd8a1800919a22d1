/* test_features.c -- ReplaceValidate, History, FullHistory, NodeFinder ... */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <string.h>

#include "suites.h"

static kr_variable *call2(kr_op *op, kr_variable *a, kr_variable *b)
{
	kr_variable *v = NULL;
	ck_assert_msg(KR_OP_CALL(&v, op, a, b) == 0, "%s",
		      kr_error_last()->message);
	return v;
}

#define MUL(a, b) call2(kr_op_mul(), a, b)
#define DIV(a, b) call2(kr_op_true_div(), a, b)
#define ADD(a, b) call2(kr_op_add(), a, b)

/* The documents' first graph over float64 scalars x, y, z. */
typedef struct doc {
	kr_variable *x, *y, *z, *mul_yx, *div1, *div2, *mul, *out;
	kr_fgraph *fg;
} doc;

static const char *const DOC1 =
	"FunctionGraph(add(z, mul(true_div(mul(y, x), y), true_div(z, x))))";

static doc make_doc(void)
{
	doc d;
	const kr_type *t = kr_type_scalar(KR_FLOAT64);
	d.x = kr_variable_new(t, "x");
	d.y = kr_variable_new(t, "y");
	d.z = kr_variable_new(t, "z");
	d.mul_yx = MUL(d.y, d.x);
	d.div1 = DIV(d.mul_yx, d.y);
	d.div2 = DIV(d.z, d.x);
	d.mul = MUL(d.div1, d.div2);
	d.out = ADD(d.z, d.mul);
	kr_variable *in[3] = {d.x, d.y, d.z};
	ck_assert_int_eq(kr_fgraph_new(&d.fg, 3, in, 1, &d.out, false), 0);
	return d;
}

static void ok(int rc)
{
	ck_assert_msg(rc == 0, "%s", kr_error_last()->message);
}

static void intact(const kr_fgraph *fg, const char *repr, size_t nnodes)
{
	ck_assert_str_eq(kr_fgraph_repr(fg), repr);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), nnodes);
	ok(kr_fgraph_check_integrity(fg));
}

/* ------------------------------------------------------ ReplaceValidate */

START_TEST(replace_validate_works)
{
	doc d = make_doc();
	ck_assert_ptr_nonnull(kr_fgraph_feature(d.fg, "ReplaceValidate"));
	ok(kr_fgraph_replace_validate(d.fg, d.div1, d.x, "simplify"));
	intact(d.fg, "FunctionGraph(add(z, mul(x, true_div(z, x))))", 3);
}
END_TEST

START_TEST(replace_validate_type_error_rolls_back)
{
	doc d = make_doc();
	kr_variable *v = kr_variable_new(kr_type_vector(), "v");
	ok(kr_fgraph_add_input(d.fg, v));
	int rc = kr_fgraph_replace_validate(d.fg, d.div1, v, "bad");
	ck_assert_int_eq(rc, KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message,
				     "replace_validate"));
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "type"));
	intact(d.fg, DOC1, 5);
}
END_TEST

START_TEST(replace_validate_missing_input_rolls_back)
{
	doc d = make_doc();
	kr_variable *w = kr_variable_new(kr_type_scalar(KR_FLOAT64), "w");
	kr_variable *olds[2] = {d.div2, d.div1};
	kr_variable *news[2] = {d.x, ADD(d.x, w)}; /* w is not an input */
	int rc = kr_fgraph_replace_all_validate(d.fg, 2, olds, news, "bad");
	ck_assert_int_eq(rc, KR_ENOTFOUND);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "w"));
	intact(d.fg, DOC1, 5); /* the first pair is reverted too */
}
END_TEST

static int refuse(kr_feature *f, kr_fgraph *fg)
{
	(void)fg;
	return *(bool *)f->data ? kr_error_set(KR_EINVALID, "refused") : 0;
}

START_TEST(replace_validate_validation_failure_rolls_back)
{
	doc d = make_doc();
	bool on = true;
	kr_feature veto = {.name = "veto", .data = &on, .validate = refuse};
	ok(kr_fgraph_attach_feature(d.fg, &veto));
	ck_assert(!kr_fgraph_consistent(d.fg));
	int rc = kr_fgraph_replace_validate(d.fg, d.div1, d.x, "r");
	ck_assert_int_eq(rc, KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "refused"));
	intact(d.fg, DOC1, 5);
	on = false;
	ok(kr_fgraph_replace_validate(d.fg, d.div1, d.x, "r"));
	intact(d.fg, "FunctionGraph(add(z, mul(x, true_div(z, x))))", 3);
}
END_TEST

START_TEST(replace_validate_remove)
{
	doc d = make_doc();
	/* replacing div2 keeps mul_yx: asking for its removal fails */
	int rc = kr_fgraph_replace_all_validate_remove(
		d.fg, 1, &d.div2, &d.x, 1, &d.mul_yx, "r");
	ck_assert_int_eq(rc, KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message,
				     "did not remove"));
	intact(d.fg, DOC1, 5);
	/* replacing div1 by x removes mul_yx */
	ok(kr_fgraph_replace_all_validate_remove(d.fg, 1, &d.div1, &d.x, 1,
						 &d.mul_yx, "r"));
	intact(d.fg, "FunctionGraph(add(z, mul(x, true_div(z, x))))", 3);
	/* bringing the removed node back makes validation fail */
	rc = kr_fgraph_replace_validate(d.fg, d.x, d.mul_yx, "back");
	ck_assert_int_eq(rc, KR_EINCONSISTENT);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message,
				     "reintroduce"));
	intact(d.fg, "FunctionGraph(add(z, mul(x, true_div(z, x))))", 3);
}
END_TEST

/* --------------------------------------------------------------- History */

START_TEST(revert_after_several_changes)
{
	doc d = make_doc();
	unsigned long chk, chk2;
	ok(kr_fgraph_checkpoint(d.fg, &chk));
	ok(kr_fgraph_replace(d.fg, d.div1, d.x, "1"));
	ok(kr_fgraph_replace(d.fg, d.div2, d.z, "2"));
	ok(kr_fgraph_replace(d.fg, d.mul, ADD(d.x, d.y), "3"));
	ck_assert_str_eq(kr_fgraph_repr(d.fg), "FunctionGraph(add(z, add(x, y)))");
	ck_assert_int_eq(kr_fgraph_revert(d.fg, chk + 1), KR_EINVALID);
	ok(kr_fgraph_revert(d.fg, chk));
	intact(d.fg, DOC1, 5);
	/* a new checkpoint forgets older changes; revert is per checkpoint */
	ok(kr_fgraph_replace(d.fg, d.div1, d.x, "1"));
	ok(kr_fgraph_checkpoint(d.fg, &chk2));
	ck_assert_uint_eq(chk2, chk + 1);
	ck_assert_int_eq(kr_fgraph_revert(d.fg, chk), KR_EINVALID);
	ok(kr_fgraph_revert(d.fg, chk2));
	intact(d.fg, "FunctionGraph(add(z, mul(x, true_div(z, x))))", 3);
}
END_TEST

START_TEST(history_needs_the_feature)
{
	doc d = make_doc();
	kr_feature *rv = kr_fgraph_feature(d.fg, "ReplaceValidate");
	kr_fgraph_remove_feature(d.fg, rv);
	unsigned long chk;
	ck_assert_int_eq(kr_fgraph_checkpoint(d.fg, &chk), KR_ENOTFOUND);
	ck_assert_int_eq(kr_fgraph_replace_validate(d.fg, d.div1, d.x, "r"),
			 KR_ENOTFOUND);
	kr_feature *h = kr_history_new();
	ok(kr_fgraph_attach_feature(d.fg, h));
	ck_assert_ptr_eq(kr_fgraph_feature(d.fg, "History"), h);
	kr_feature *h2 = kr_history_new(); /* AlreadyThere: not attached */
	ok(kr_fgraph_attach_feature(d.fg, h2));
	ck_assert_ptr_null(kr_fgraph_feature(d.fg, "ReplaceValidate"));
	ok(kr_fgraph_checkpoint(d.fg, &chk));
	ok(kr_fgraph_replace(d.fg, d.div1, d.x, "1"));
	ok(kr_fgraph_revert(d.fg, chk));
	intact(d.fg, DOC1, 5);
}
END_TEST

/* ----------------------------------------------------------- FullHistory */

static void tick(void *data) { ++*(int *)data; }

START_TEST(full_history_back_and_forth)
{
	doc d = make_doc();
	int ticks = 0;
	kr_feature *h = kr_full_history_new(tick, &ticks);
	ok(kr_fgraph_attach_feature(d.fg, h));
	ok(kr_fgraph_replace(d.fg, d.div1, d.x, "1"));
	const char *s1 = kr_fgraph_repr(d.fg);
	ok(kr_fgraph_replace(d.fg, d.div2, d.z, "2"));
	const char *s2 = kr_fgraph_repr(d.fg);
	ck_assert_str_eq(s2, "FunctionGraph(add(z, mul(x, z)))");
	ck_assert_uint_eq(kr_full_history_len(h), 2);
	ck_assert_int_eq(ticks, 2);
	ok(kr_full_history_start(h));
	intact(d.fg, DOC1, 5);
	ok(kr_full_history_prev(h)); /* at the start: nothing */
	ck_assert_uint_eq(kr_full_history_step(h), 0);
	ok(kr_full_history_next(h));
	ck_assert_str_eq(kr_fgraph_repr(d.fg), s1);
	ok(kr_full_history_end(h));
	ck_assert_str_eq(kr_fgraph_repr(d.fg), s2);
	ok(kr_full_history_goto(h, 1));
	ck_assert_str_eq(kr_fgraph_repr(d.fg), s1);
	ok(kr_fgraph_check_integrity(d.fg));
	ck_assert_int_eq(kr_full_history_goto(h, 3), KR_EINVALID);
	ck_assert_uint_eq(kr_full_history_len(h), 2); /* moves not recorded */
	ck_assert_int_eq(ticks, 2);
	doc d2 = make_doc();
	ck_assert_int_eq(kr_fgraph_attach_feature(d2.fg, h), KR_EINVALID);
}
END_TEST

/* ------------------------------------------------------------ NodeFinder */

START_TEST(node_finder_counts)
{
	doc d = make_doc();
	kr_feature *nf = kr_node_finder_new();
	size_t n;
	ck_assert_ptr_null(kr_fgraph_get_nodes(d.fg, kr_op_mul(), &n));
	ok(kr_fgraph_attach_feature(d.fg, nf));
	ok(kr_fgraph_attach_feature(d.fg, kr_node_finder_new())); /* ignored */
	kr_apply **muls = kr_fgraph_get_nodes(d.fg, kr_op_mul(), &n);
	ck_assert_uint_eq(n, 2);
	ck_assert(kr_fgraph_has_node(d.fg, muls[0]));
	kr_fgraph_get_nodes(d.fg, kr_op_true_div(), &n);
	ck_assert_uint_eq(n, 2);
	kr_fgraph_get_nodes(d.fg, kr_op_add(), &n);
	ck_assert_uint_eq(n, 1);
	/* replace div1 by mul(x, y) + mul(z, z): -1 div, -1 mul, +2 mul +1 add */
	ok(kr_fgraph_replace(d.fg, d.div1, ADD(MUL(d.x, d.y), MUL(d.z, d.z)),
			     "r"));
	kr_fgraph_get_nodes(d.fg, kr_op_mul(), &n);
	ck_assert_uint_eq(n, 3);
	kr_fgraph_get_nodes(d.fg, kr_op_true_div(), &n);
	ck_assert_uint_eq(n, 1);
	kr_fgraph_get_nodes(d.fg, kr_op_add(), &n);
	ck_assert_uint_eq(n, 2);
	kr_fgraph_remove_feature(d.fg, nf);
	ck_assert_ptr_null(kr_fgraph_get_nodes(d.fg, kr_op_add(), &n));
}
END_TEST

/* ------------------------------------------------- PrintListener and co */

START_TEST(print_listener_lines)
{
	doc d = make_doc();
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	kr_feature *pl = kr_print_listener_new(f, true);
	ok(kr_fgraph_attach_feature(d.fg, pl));
	ok(kr_fgraph_replace(d.fg, d.div2, MUL(d.z, d.y), "why"));
	kr_print_listener_set_active(pl, false);
	ok(kr_fgraph_replace(d.fg, d.div1, d.x, "quiet"));
	char buf[2048] = {0};
	rewind(f);
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	ck_assert_uint_gt(n, 0);
	ck_assert_str_eq(buf,
			 "-- attaching to:  " "FunctionGraph(add(z, mul(true_div("
			 "mul(y, x), y), true_div(z, x))))\n"
			 "-- importing: mul(z, y), reason: why\n"
			 "-- pruning: true_div(z, x), reason: why\n"
			 "-- changing (mul(true_div.0, mul.0).inputs[1]) from "
			 "true_div.0 to mul.0\n");
}
END_TEST

START_TEST(preserve_variable_attributes)
{
	doc d = make_doc();
	kr_variable_set_name(d.div1, "ratio");
	ok(kr_fgraph_attach_feature(d.fg,
				    kr_preserve_variable_attributes_new()));
	kr_variable *m = MUL(d.x, d.x);
	ok(kr_fgraph_replace(d.fg, d.div1, m, "r"));
	ck_assert_str_eq(kr_variable_name(m), "ratio");
	kr_variable *c = kr_constant_new(2.0, NULL);
	ok(kr_fgraph_replace(d.fg, d.z, c, "r")); /* z has no owner */
	ck_assert_ptr_null(kr_variable_name(c));
	ok(kr_fgraph_replace(d.fg, d.div2, d.y, "r"));
	ck_assert_str_eq(kr_variable_name(d.y), "y"); /* named already */
}
END_TEST

/* ------------------------------------------------------------- orderings */

/* An orderings hook giving the pairs in `data` (a NULL-terminated list of
 * node, before pairs), or failing when data is NULL. */
static int fixed_orderings(kr_feature *f, kr_fgraph *fg, kr_ordering **out,
			   size_t *n)
{
	(void)fg;
	kr_apply **pairs = f->data;
	if (!pairs)
		return kr_error_set(KR_EINVALID, "no orderings today");
	size_t m = 0;
	while (pairs[2 * m])
		m++;
	*out = kr_alloc((m ? m : 1) * sizeof **out);
	for (size_t k = 0; k < m; k++)
		(*out)[k] = (kr_ordering){pairs[2 * k], pairs[2 * k + 1]};
	*n = m;
	return 0;
}

static const char *topo_names(const kr_fgraph *fg)
{
	kr_apply **order;
	size_t n;
	ok(kr_fgraph_toposort(&order, &n, fg));
	char *s = kr_strdup("");
	for (size_t k = 0; k < n; k++)
		s = kr_strfmt("%s%s ", s, kr_apply_to_string(order[k]));
	return s;
}

START_TEST(orderings_constrain_toposort)
{
	doc d = make_doc();
	kr_apply *m = kr_variable_owner(d.mul_yx), *t = kr_variable_owner(d.div2);
	ck_assert_str_eq(topo_names(d.fg),
			 "true_div(z, x) mul(y, x) true_div(mul.0, y) "
			 "mul(true_div.0, true_div.0) add(z, mul.0) ");
	kr_apply *p1[] = {t, m, NULL}, *p2[] = {t, m, t, m, NULL};
	kr_feature f1 = {.name = "o1", .data = p1, .orderings = fixed_orderings};
	kr_feature f2 = {.name = "o2", .data = p2, .orderings = fixed_orderings};
	ok(kr_fgraph_attach_feature(d.fg, &f1));
	ok(kr_fgraph_attach_feature(d.fg, &f2));
	kr_ordering *ords;
	size_t n;
	ok(kr_fgraph_orderings(&ords, &n, d.fg));
	ck_assert_uint_eq(n, 1); /* merged without repeats */
	ck_assert_ptr_eq(ords[0].node, t);
	ck_assert_ptr_eq(ords[0].before, m);
	ck_assert_str_eq(topo_names(d.fg),
			 "mul(y, x) true_div(z, x) true_div(mul.0, y) "
			 "mul(true_div.0, true_div.0) add(z, mul.0) ");
	/* a constraint closing a cycle is an error */
	kr_apply *p3[] = {m, kr_variable_owner(d.out), NULL};
	kr_feature f3 = {.name = "o3", .data = p3, .orderings = fixed_orderings};
	ok(kr_fgraph_attach_feature(d.fg, &f3));
	kr_apply **order;
	ck_assert_int_eq(kr_fgraph_toposort(&order, &n, d.fg), KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, "cycle") != NULL);
	kr_fgraph_remove_feature(d.fg, &f3);
	/* a failing hook fails the toposort */
	kr_feature f4 = {.name = "o4", .orderings = fixed_orderings};
	ok(kr_fgraph_attach_feature(d.fg, &f4));
	ck_assert_int_eq(kr_fgraph_toposort(&order, &n, d.fg), KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message, "no orderings today");
}
END_TEST

/*
 * With orderings, PyTensor 2.32 sorts with general_toposort, whose order
 * differs from io_toposort's even where the orderings add nothing new:
 * for add(exp(exp(x)), neg(neg(y))) with add after the outer neg, the
 * two chains interleave.
 */
START_TEST(orderings_sort_as_general_toposort)
{
	const kr_type *t = kr_type_scalar(KR_FLOAT64);
	kr_variable *x = kr_variable_new(t, "x"), *y = kr_variable_new(t, "y");
	kr_variable *a1, *a2, *b1, *b2, *o;
	ok(KR_OP_CALL(&a1, kr_op_exp(), x));
	ok(KR_OP_CALL(&a2, kr_op_exp(), a1));
	ok(KR_OP_CALL(&b1, kr_op_neg(), y));
	ok(KR_OP_CALL(&b2, kr_op_neg(), b1));
	o = ADD(a2, b2);
	kr_fgraph *fg;
	ok(kr_fgraph_new(&fg, 2, (kr_variable *[]){x, y}, 1, &o, false));
	ck_assert_str_eq(topo_names(fg), "neg(y) neg(neg.0) exp(x) exp(exp.0) "
					 "add(exp.0, neg.0) ");
	kr_apply *p[] = {kr_variable_owner(o), kr_variable_owner(b2), NULL};
	kr_feature f = {.name = "o", .data = p, .orderings = fixed_orderings};
	ok(kr_fgraph_attach_feature(fg, &f));
	ck_assert_str_eq(topo_names(fg), "neg(y) exp(x) neg(neg.0) exp(exp.0) "
					 "add(exp.0, neg.0) ");
}
END_TEST

/* --------------------------------------------------------- clone + equiv */

START_TEST(clone_get_equiv_maps_and_features)
{
	doc d = make_doc();
	kr_variable *two = kr_constant_new(2, NULL), *o2 = MUL(d.out, two);
	ok(kr_fgraph_replace(d.fg, d.out, o2, "r"));
	ok(kr_fgraph_attach_feature(d.fg, kr_node_finder_new()));
	kr_fgraph *c;
	kr_equiv *e;
	ok(kr_fgraph_clone_get_equiv(&c, &e, d.fg, true));
	ck_assert_str_eq(kr_fgraph_repr(c), kr_fgraph_repr(d.fg));
	ok(kr_fgraph_check_integrity(c));
	for (size_t i = 0; i < 3; i++) {
		kr_variable *ci = kr_equiv_variable(e, kr_fgraph_input(d.fg, i));
		ck_assert_ptr_eq(ci, kr_fgraph_input(c, i));
		ck_assert_ptr_ne(ci, kr_fgraph_input(d.fg, i));
	}
	kr_variable *co = kr_fgraph_output(c, 0);
	ck_assert_ptr_eq(kr_equiv_variable(e, o2), co);
	ck_assert_ptr_eq(kr_equiv_apply(e, kr_variable_owner(o2)),
			 kr_variable_owner(co));
	ck_assert_ptr_eq(kr_equiv_variable(e, two), two); /* shared */
	ck_assert_ptr_null(kr_equiv_variable(e, kr_variable_new(
							kr_type_vector(), "q")));
	/* the NodeFinder was cloned: it knows the copy's nodes */
	size_t n;
	kr_apply **muls = kr_fgraph_get_nodes(c, kr_op_mul(), &n);
	ck_assert_uint_eq(n, 3);
	for (size_t k = 0; k < n; k++)
		ck_assert(kr_fgraph_has_node(c, muls[k]) &&
			  !kr_fgraph_has_node(d.fg, muls[k]));
	ck_assert_ptr_nonnull(kr_fgraph_feature(c, "ReplaceValidate"));
	/* fgraph.clone() attaches the clones too, as attach_feature=True */
	ok(kr_fgraph_clone(&c, d.fg));
	muls = kr_fgraph_get_nodes(c, kr_op_mul(), &n);
	ck_assert_uint_eq(n, 3);
	ck_assert(kr_fgraph_has_node(c, muls[0]) &&
		  !kr_fgraph_has_node(d.fg, muls[0]));
	/* without attach_features: only the copy's own ReplaceValidate */
	ok(kr_fgraph_clone_get_equiv(&c, NULL, d.fg, false));
	ck_assert_ptr_null(kr_fgraph_get_nodes(c, kr_op_mul(), &n));
	ck_assert_uint_eq(n, 0);
	/* a change of the copy leaves the original alone */
	ok(kr_fgraph_replace(c, kr_fgraph_output(c, 0), kr_fgraph_input(c, 0),
			     "r"));
	ck_assert_str_eq(kr_fgraph_repr(c), "FunctionGraph(x)");
	ck_assert_uint_eq(kr_fgraph_nnodes(d.fg), 6);
	ok(kr_fgraph_check_integrity(d.fg));
}
END_TEST

Suite *features_suite(void)
{
	Suite *s = suite_create("features");
	TCase *tc = tcase_create("replace_validate");
	tcase_add_test(tc, replace_validate_works);
	tcase_add_test(tc, replace_validate_type_error_rolls_back);
	tcase_add_test(tc, replace_validate_missing_input_rolls_back);
	tcase_add_test(tc, replace_validate_validation_failure_rolls_back);
	tcase_add_test(tc, replace_validate_remove);
	suite_add_tcase(s, tc);
	tc = tcase_create("history");
	tcase_add_test(tc, revert_after_several_changes);
	tcase_add_test(tc, history_needs_the_feature);
	tcase_add_test(tc, full_history_back_and_forth);
	suite_add_tcase(s, tc);
	tc = tcase_create("listeners");
	tcase_add_test(tc, node_finder_counts);
	tcase_add_test(tc, print_listener_lines);
	tcase_add_test(tc, preserve_variable_attributes);
	suite_add_tcase(s, tc);
	tc = tcase_create("orderings_clone");
	tcase_add_test(tc, orderings_constrain_toposort);
	tcase_add_test(tc, orderings_sort_as_general_toposort);
	tcase_add_test(tc, clone_get_equiv_maps_and_features);
	suite_add_tcase(s, tc);
	return s;
}
