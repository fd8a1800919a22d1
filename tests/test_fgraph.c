/* test_fgraph.c -- tests of FunctionGraph: clients, replace, features. */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <string.h>

#include "suites.h"

static kr_variable *call(kr_op *op, size_t n, kr_variable *const *in)
{
	kr_variable *v = NULL;
	int rc = kr_op_call(&v, op, n, in);
	ck_assert_msg(rc == 0, "%s failed: %s", kr_op_name(op),
		      kr_error_last()->message);
	return v;
}

#define CALL(op, ...)                                                         \
	call((op), sizeof((kr_variable *[]){__VA_ARGS__}) / sizeof(void *),   \
	     (kr_variable *[]){__VA_ARGS__})

#define OWNER(v) kr_variable_owner(v)

static kr_variable *scalar(const char *name)
{
	return kr_variable_new(kr_type_scalar(KR_FLOAT64), name);
}

#define make_fg t_fgraph

static void assert_integrity(const kr_fgraph *fg)
{
	int rc = kr_fgraph_check_integrity(fg);
	ck_assert_msg(rc == 0, "integrity: %s", kr_error_last()->message);
}

/*
 * The doc's first graph: add(z, mul(true_div(mul(y, x), y), true_div(z, x)))
 * over float64 scalars x, y, z.
 */
typedef struct doc1 {
	kr_variable *x, *y, *z;
	kr_variable *mul_yx, *div1, *div2, *mul, *out;
	kr_fgraph *fg;
} doc1;

static doc1 make_doc1(void)
{
	doc1 d;
	d.x = scalar("x");
	d.y = scalar("y");
	d.z = scalar("z");
	d.mul_yx = CALL(kr_op_mul(), d.y, d.x);
	d.div1 = CALL(kr_op_true_div(), d.mul_yx, d.y);
	d.div2 = CALL(kr_op_true_div(), d.z, d.x);
	d.mul = CALL(kr_op_mul(), d.div1, d.div2);
	d.out = CALL(kr_op_add(), d.z, d.mul);
	kr_variable *in[3] = {d.x, d.y, d.z};
	d.fg = make_fg(3, in, 1, &d.out, false);
	return d;
}

/* A feature counting its callbacks and logging them in order. */
typedef struct counts {
	int attach, detach, import, prune, change, validate;
	int attach_rc, validate_rc;
	char log[512];
	const char *tag;
} counts;

static void logf_(counts *c, const char *what)
{
	size_t n = strlen(c->log);
	if (c->tag)
		snprintf(c->log + n, sizeof c->log - n, "%s:%s ", c->tag, what);
	else
		snprintf(c->log + n, sizeof c->log - n, "%s ", what);
}

static int on_attach(kr_feature *f, kr_fgraph *fg)
{
	counts *c = f->data;
	(void)fg;
	c->attach++;
	return c->attach_rc;
}

static void on_detach(kr_feature *f, kr_fgraph *fg)
{
	(void)fg;
	((counts *)f->data)->detach++;
}

static void on_import(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		      const char *reason)
{
	counts *c = f->data;
	ck_assert(kr_fgraph_has_node(fg, node));
	c->import++;
	logf_(c, kr_strfmt("import(%s,%s)", kr_op_name(kr_apply_op(node)),
			   reason ? reason : "-"));
}

static void on_prune(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		     const char *reason)
{
	counts *c = f->data;
	ck_assert(!kr_fgraph_has_node(fg, node));
	for (size_t i = 0; i < kr_apply_ninputs(node); i++) {
		size_t n;
		const kr_client *cl =
			kr_fgraph_clients(fg, kr_apply_input(node, i), &n);
		for (size_t k = 0; k < n; k++)
			ck_assert_ptr_ne(cl[k].node, node); /* disconnected */
	}
	c->prune++;
	logf_(c, kr_strfmt("prune(%s,%s)", kr_op_name(kr_apply_op(node)),
			   reason ? reason : "-"));
}

static void on_change(kr_feature *f, kr_fgraph *fg, kr_apply *node, int i,
		      kr_variable *old, kr_variable *new_var,
		      const char *reason)
{
	counts *c = f->data;
	(void)fg;
	ck_assert_ptr_eq(kr_apply_input(node, (size_t)i), new_var);
	c->change++;
	logf_(c, kr_strfmt("change(%d,%s->%s,%s)", i,
			   kr_variable_to_string(old),
			   kr_variable_to_string(new_var),
			   reason ? reason : "-"));
}

static int on_validate(kr_feature *f, kr_fgraph *fg)
{
	counts *c = f->data;
	(void)fg;
	c->validate++;
	return c->validate_rc;
}

static kr_feature counter(counts *c, const char *name)
{
	return (kr_feature){.name = name,
			    .data = c,
			    .on_attach = on_attach,
			    .on_detach = on_detach,
			    .on_import = on_import,
			    .on_prune = on_prune,
			    .on_change_input = on_change,
			    .validate = on_validate};
}

/* -------------------------------------------------------- construction */

START_TEST(test_repr_doc1)
{
	doc1 d = make_doc1();
	ck_assert_str_eq(kr_fgraph_repr(d.fg),
			 "FunctionGraph(add(z, mul(true_div(mul(y, x), y), "
			 "true_div(z, x))))");
	ck_assert_uint_eq(kr_fgraph_nnodes(d.fg), 5);
	ck_assert_uint_eq(kr_fgraph_ninputs(d.fg), 3);
	ck_assert_ptr_eq(kr_fgraph_input(d.fg, 1), d.y);
	ck_assert_uint_eq(kr_fgraph_noutputs(d.fg), 1);
	ck_assert_ptr_eq(kr_fgraph_output(d.fg, 0), d.out);
	ck_assert(kr_fgraph_has_node(d.fg, OWNER(d.div1)));
	ck_assert(kr_fgraph_has_variable(d.fg, d.mul_yx));
	ck_assert(kr_fgraph_has_variable(d.fg, d.x));
	ck_assert(!kr_fgraph_has_variable(d.fg, scalar("x")));
	assert_integrity(d.fg);
}
END_TEST

START_TEST(test_toposort_doc1)
{
	doc1 d = make_doc1();
	kr_apply **order = NULL;
	size_t n = 0;
	ck_assert_int_eq(kr_fgraph_toposort(&order, &n, d.fg), 0);
	ck_assert_uint_eq(n, 5);
	ck_assert_ptr_eq(order[0], OWNER(d.div2));
	ck_assert_ptr_eq(order[1], OWNER(d.mul_yx));
	ck_assert_ptr_eq(order[2], OWNER(d.div1));
	ck_assert_ptr_eq(order[3], OWNER(d.mul));
	ck_assert_ptr_eq(order[4], OWNER(d.out));
}
END_TEST

START_TEST(test_toposort_outputs)
{
	/* the first output's nodes come first; shared nodes once */
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_variable *a = CALL(kr_op_exp(), x), *b = CALL(kr_op_log(), y);
	kr_variable *c = CALL(kr_op_add(), a, b);
	kr_variable *outs[2] = {b, c};
	kr_fgraph *fg = make_fg(0, NULL, 2, outs, false);
	kr_apply **order;
	size_t n;
	ck_assert_int_eq(kr_fgraph_toposort(&order, &n, fg), 0);
	ck_assert_uint_eq(n, 3);
	ck_assert_ptr_eq(order[0], OWNER(b));
	ck_assert_ptr_eq(order[1], OWNER(a));
	ck_assert_ptr_eq(order[2], OWNER(c));
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(*1 -> log(y), add(exp(x), *1))");
}
END_TEST

START_TEST(test_inferred_inputs)
{
	doc1 d = make_doc1();
	kr_fgraph *fg = make_fg(0, NULL, 1, &d.out, false);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 3);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 0), d.z);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 1), d.y);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 2), d.x);
	/* constants are not inputs; the last output is walked first */
	kr_variable *c = kr_constant_new(2, NULL);
	kr_variable *outs[2] = {CALL(kr_op_add(), d.x, c, d.y), d.z};
	fg = make_fg(0, NULL, 2, outs, false);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 3);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 0), d.z);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 1), d.x);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 2), d.y);
	ck_assert(kr_fgraph_has_variable(fg, c));
	assert_integrity(fg);
}
END_TEST

START_TEST(test_construction_errors)
{
	doc1 d = make_doc1();
	kr_fgraph *fg = NULL;
	kr_variable *in1[1] = {d.x};
	ck_assert_int_eq(kr_fgraph_new(&fg, 1, in1, 1, &d.out, false),
			 KR_ENOTFOUND);
	ck_assert_ptr_null(fg);
	const char *msg = kr_error_last()->message;
	ck_assert_msg(strstr(msg, "missing input: z, used to compute "
				"true_div(z, x)"),
		      "message: %s", msg);
	ck_assert_int_eq(kr_fgraph_new(&fg, 1, in1, 1, &d.out, true),
			 KR_ENOTFOUND);
	kr_variable *owned[1] = {d.mul};
	ck_assert_int_eq(kr_fgraph_new(&fg, 1, owned, 1, &d.out, false),
			 KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, "output of an existing"));
	/* a repeated input stays repeated (PyTensor 2.32) */
	kr_variable *dup[4] = {d.x, d.y, d.z, d.x};
	ck_assert_int_eq(kr_fgraph_new(&fg, 4, dup, 1, &d.out, false), 0);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 4);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 3), d.x);
	assert_integrity(fg);
	fg = NULL;
	/* an unused input is kept, but is not a variable of the graph */
	kr_variable *w = scalar("w");
	kr_variable *in4[4] = {d.x, d.y, d.z, w};
	fg = make_fg(4, in4, 1, &d.out, false);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 4);
	ck_assert(!kr_fgraph_has_variable(fg, w));
	/* an output may be an input */
	fg = make_fg(1, in1, 1, in1, false);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(x)");
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 0);
	assert_integrity(fg);
}
END_TEST

START_TEST(test_clone)
{
	doc1 d = make_doc1();
	kr_fgraph *fg = make_fg(0, NULL, 1, &d.out, true);
	kr_variable *out = kr_fgraph_output(fg, 0);
	ck_assert_ptr_ne(out, d.out);
	ck_assert_ptr_ne(kr_fgraph_input(fg, 0), d.z);
	ck_assert_str_eq(kr_variable_name(kr_fgraph_input(fg, 0)), "z");
	ck_assert_str_eq(kr_fgraph_repr(fg), kr_fgraph_repr(d.fg));
	ck_assert(!kr_fgraph_has_node(fg, OWNER(d.out)));
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 5);
	assert_integrity(fg);
	/* rewriting the clone leaves the original alone */
	kr_variable *div1 = kr_apply_input(OWNER(kr_apply_input(OWNER(out), 1)),
					   0);
	ck_assert_int_eq(kr_fgraph_replace(fg, div1, kr_fgraph_input(fg, 2),
					   "test"), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(add(z, mul(x, true_div(z, x))))");
	ck_assert_str_eq(kr_fgraph_repr(d.fg),
			 "FunctionGraph(add(z, mul(true_div(mul(y, x), y), "
			 "true_div(z, x))))");
	kr_fgraph *fg2 = NULL;
	ck_assert_int_eq(kr_fgraph_clone(&fg2, fg), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg2), kr_fgraph_repr(fg));
	ck_assert_ptr_ne(kr_fgraph_output(fg2, 0), kr_fgraph_output(fg, 0));
	/* constants are shared by clones */
	kr_variable *c = kr_constant_new(1, NULL);
	kr_variable *e = CALL(kr_op_add(), d.x, c);
	fg = make_fg(0, NULL, 1, &e, true);
	ck_assert_ptr_eq(kr_apply_input(OWNER(kr_fgraph_output(fg, 0)), 1), c);
}
END_TEST

/* ---------------------------------------------------- nominal variables */

/* PyTensor's tests/graph/test_fg.py TestFunctionGraph.test_nominals. */
START_TEST(test_nominals)
{
	const kr_type *t1 = kr_type_scalar(KR_FLOAT64);
	kr_variable *nm = kr_nominal_new(1, t1, NULL);
	kr_variable *nm2 = kr_nominal_new(2, t1, NULL);
	kr_variable *v1 = CALL(kr_op_opaque("op1"), nm, nm2);
	kr_fgraph *fg = make_fg(0, NULL, 1, &v1, false);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 0); /* neither is an input */
	ck_assert(kr_fgraph_has_variable(fg, nm));
	ck_assert(kr_fgraph_has_variable(fg, nm2));
	ck_assert_uint_eq(kr_fgraph_nvariables(fg), 3);
	assert_integrity(fg);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(op1(*1-<float64>, *2-<float64>))");
}
END_TEST

/* Nominal variables take the paths of constants through graphs. */
START_TEST(test_nominal_graphs)
{
	const kr_type *t = kr_type_scalar(KR_FLOAT64);
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_variable *nm = kr_nominal_new(1, t, NULL);
	kr_variable *g = CALL(kr_op_add(), x, nm);
	/* it has no value of its own: evaluation needs one given */
	kr_value *out;
	ck_assert_int_eq(kr_graph_eval(&out, 1, &g, 1, &x,
				       (const kr_value *[]){
					       kr_value_scalar(KR_FLOAT64, 2)}),
			 KR_ENOTFOUND);
	ck_assert_int_eq(kr_graph_eval(&out, 1, &g, 2,
				       (kr_variable *[]){x, nm},
				       (const kr_value *[]){
					       kr_value_scalar(KR_FLOAT64, 2),
					       kr_value_scalar(KR_FLOAT64, 3)}),
			 0);
	ck_assert(kr_value_get(out, 0) == 5);
	kr_fgraph *fg = make_fg(1, &x, 1, &g, false);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 1);
	/* copies share it: clone, clone_get_equiv, clone_replace */
	kr_fgraph *copy = make_fg(0, NULL, 1, &g, true);
	kr_apply *node = OWNER(kr_fgraph_output(copy, 0));
	ck_assert_ptr_ne(kr_apply_input(node, 0), x);
	ck_assert_ptr_eq(kr_apply_input(node, 1), nm);
	kr_equiv *eq;
	ck_assert_int_eq(kr_fgraph_clone_get_equiv(&copy, &eq, fg, false), 0);
	ck_assert_ptr_eq(kr_equiv_variable(eq, nm), nm);
	ck_assert_ptr_ne(kr_equiv_variable(eq, x), x);
	kr_variable **rep;
	ck_assert_int_eq(kr_clone_replace(&rep, 1, &g, 1, &x, &y), 0);
	ck_assert_ptr_eq(kr_apply_input(OWNER(rep[0]), 0), y);
	ck_assert_ptr_eq(kr_apply_input(OWNER(rep[0]), 1), nm);
	/* importing a node over another nominal asks for no input */
	kr_variable *nm3 = kr_nominal_new(3, t, NULL);
	kr_variable *h = CALL(kr_op_mul(), x, nm3);
	ck_assert_int_eq(kr_fgraph_add_output(fg, h, "test"), 0);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 1);
	ck_assert(kr_fgraph_has_variable(fg, nm3));
	assert_integrity(fg);
	/* replacing one nominal variable by another */
	ck_assert_int_eq(kr_fgraph_replace(fg, nm, nm3, "test"), 0);
	ck_assert(!kr_fgraph_has_variable(fg, nm));
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(add(x, "
			 "*3-<float64>), mul(x, *3-<float64>))");
	assert_integrity(fg);
}
END_TEST

/* MergeOptimizer: nodes over the same nominal variables merge. */
START_TEST(test_nominal_merge)
{
	const kr_type *t = kr_type_scalar(KR_FLOAT64);
	kr_op *op1 = kr_op_opaque("op1");
	kr_variable *a = CALL(op1, kr_nominal_new(1, t, NULL),
			      kr_nominal_new(2, t, NULL));
	kr_variable *b = CALL(op1, kr_nominal_new(1, t, NULL),
			      kr_nominal_new(2, t, NULL));
	kr_variable *c = CALL(op1, kr_nominal_new(2, t, NULL),
			      kr_nominal_new(1, t, NULL));
	kr_variable *g = CALL(kr_op_add(), a, b, c);
	kr_fgraph *fg = make_fg(0, NULL, 1, &g, false);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 4);
	kr_profile *p;
	ck_assert_int_eq(kr_graph_rewriter_rewrite(kr_merge_optimizer_new(),
						   fg, &p), 0);
	size_t fail, merged, atomic;
	double time;
	ck_assert_int_eq(kr_merge_profile_stats(p, &fail, &time, &merged,
						&atomic), 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 3);
	ck_assert_uint_eq(merged, 1);
	ck_assert_uint_eq(atomic, 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(add(*1 -> op1(*1-<float64>, "
			 "*2-<float64>), *1, op1(*2-<float64>, "
			 "*1-<float64>)))");
	assert_integrity(fg);
}
END_TEST

/* The graph text format has no form for them (see kr_gformat_write()). */
START_TEST(test_nominal_gformat)
{
	kr_variable *x = scalar("x");
	kr_variable *g = CALL(kr_op_add(), x,
			      kr_nominal_new(1, kr_type_scalar(KR_FLOAT64),
					     "n"));
	kr_fgraph *fg = make_fg(0, NULL, 1, &g, false);
	char *text = kr_gformat_write(fg, "c");
	ck_assert_msg(strstr(text, " x *1-n))\n"), "%s", text);
	kr_fgraph *back = NULL;
	ck_assert_int_lt(kr_gformat_read(&back, NULL, text, "t"), 0);
	ck_assert_ptr_null(back);
}
END_TEST

/* -------------------------------------------------------------- clients */

START_TEST(test_clients)
{
	doc1 d = make_doc1();
	size_t n = 99;
	const kr_client *cl = kr_fgraph_clients(d.fg, d.x, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_ptr_eq(cl[0].node, OWNER(d.div2));
	ck_assert_int_eq(cl[0].index, 1);
	ck_assert_ptr_eq(cl[1].node, OWNER(d.mul_yx));
	ck_assert_int_eq(cl[1].index, 1);
	cl = kr_fgraph_clients(d.fg, d.z, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_ptr_eq(cl[0].node, OWNER(d.div2));
	ck_assert_int_eq(cl[0].index, 0);
	ck_assert_ptr_eq(cl[1].node, OWNER(d.out));
	ck_assert_int_eq(cl[1].index, 0);
	cl = kr_fgraph_clients(d.fg, d.out, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert(kr_apply_is_output(cl[0].node));
	ck_assert_int_eq(kr_apply_output_index(cl[0].node), 0);
	ck_assert_int_eq(cl[0].index, 0);
	ck_assert_ptr_eq(kr_apply_input(cl[0].node, 0), d.out);
	ck_assert_str_eq(kr_op_to_string(kr_apply_op(cl[0].node)), "output[0]");
	ck_assert(!kr_fgraph_has_node(d.fg, cl[0].node));
	ck_assert_uint_eq(kr_apply_noutputs(cl[0].node), 0);
	ck_assert_ptr_null(kr_fgraph_clients(d.fg, scalar("q"), &n));
	ck_assert_uint_eq(n, 0);
	/* y is used twice by one node: two clients */
	kr_variable *y2 = CALL(kr_op_mul(), d.y, d.y);
	kr_fgraph *fg = make_fg(0, NULL, 1, &y2, false);
	cl = kr_fgraph_clients(fg, d.y, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(cl[0].index, 0);
	ck_assert_int_eq(cl[1].index, 1);
}
END_TEST

/* -------------------------------------------------------------- replace */

START_TEST(test_replace_simplify)
{
	doc1 d = make_doc1();
	counts c = {0};
	kr_feature f = counter(&c, "count");
	ck_assert_int_eq(kr_fgraph_attach_feature(d.fg, &f), 0);
	ck_assert_int_eq(c.attach, 1);
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.div1, d.x, "simplify"), 0);
	ck_assert_str_eq(kr_fgraph_repr(d.fg),
			 "FunctionGraph(add(z, mul(x, true_div(z, x))))");
	ck_assert_uint_eq(kr_fgraph_nnodes(d.fg), 3);
	ck_assert_int_eq(c.change, 1);
	ck_assert_int_eq(c.prune, 2);
	ck_assert_int_eq(c.import, 0);
	ck_assert_str_eq(c.log, "prune(true_div,simplify) prune(mul,simplify) "
				"change(0,true_div.0->x,simplify) ");
	ck_assert(!kr_fgraph_has_node(d.fg, OWNER(d.div1)));
	ck_assert(!kr_fgraph_has_node(d.fg, OWNER(d.mul_yx)));
	ck_assert(!kr_fgraph_has_variable(d.fg, d.mul_yx));
	ck_assert(!kr_fgraph_has_variable(d.fg, d.div1));
	ck_assert(!kr_fgraph_has_variable(d.fg, d.y));
	ck_assert_uint_eq(kr_fgraph_ninputs(d.fg), 3);
	ck_assert_ptr_eq(kr_apply_input(OWNER(d.mul), 0), d.x);
	size_t n;
	kr_fgraph_clients(d.fg, d.x, &n);
	ck_assert_uint_eq(n, 2);
	assert_integrity(d.fg);
	kr_apply **order;
	ck_assert_int_eq(kr_fgraph_toposort(&order, &n, d.fg), 0);
	ck_assert_uint_eq(n, 3);
	ck_assert_ptr_eq(order[0], OWNER(d.div2));
	ck_assert_ptr_eq(order[2], OWNER(d.out));
	/* the variable's term now expands to the new inputs */
	ck_assert_str_eq(t_str(kr_etuplize(d.mul)), "(mul x true_div.0)");
}
END_TEST

START_TEST(test_replace_output)
{
	doc1 d = make_doc1();
	counts c = {0};
	kr_feature f = counter(&c, NULL);
	kr_fgraph_attach_feature(d.fg, &f);
	kr_variable *n = CALL(kr_op_mul(), d.x, CALL(kr_op_exp(), d.z));
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.out, n, NULL), 0);
	ck_assert_ptr_eq(kr_fgraph_output(d.fg, 0), n);
	ck_assert_str_eq(kr_fgraph_repr(d.fg), "FunctionGraph(mul(x, exp(z)))");
	ck_assert_int_eq(c.import, 2);
	ck_assert_int_eq(c.prune, 5);
	ck_assert_int_eq(c.change, 1);
	ck_assert(strncmp(c.log, "import(exp,-) import(mul,-) ", 28) == 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(d.fg), 2);
	size_t k;
	const kr_client *cl = kr_fgraph_clients(d.fg, n, &k);
	ck_assert_uint_eq(k, 1);
	ck_assert(kr_apply_is_output(cl[0].node));
	ck_assert(!kr_fgraph_has_variable(d.fg, d.out));
	ck_assert(!kr_fgraph_has_variable(d.fg, d.y));
	assert_integrity(d.fg);
	/* replacing the output by an input empties the graph */
	ck_assert_int_eq(kr_fgraph_replace(d.fg, n, d.y, NULL), 0);
	ck_assert_str_eq(kr_fgraph_repr(d.fg), "FunctionGraph(y)");
	ck_assert_uint_eq(kr_fgraph_nnodes(d.fg), 0);
	ck_assert(kr_fgraph_has_variable(d.fg, d.y));
	ck_assert(!kr_fgraph_has_variable(d.fg, d.x));
	assert_integrity(d.fg);
}
END_TEST

START_TEST(test_replace_errors)
{
	doc1 d = make_doc1();
	char *before = kr_fgraph_repr(d.fg);
	counts c = {0};
	kr_feature f = counter(&c, NULL);
	kr_fgraph_attach_feature(d.fg, &f);
	/* incompatible types */
	kr_variable *v = kr_variable_new(kr_type_vector(), "v");
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.mul, v, NULL), KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message,
			 "Vector(float64, shape=(?,))"));
	kr_variable *i = kr_variable_new(kr_type_scalar(KR_INT64), "i");
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.mul, i, NULL), KR_EINVALID);
	/* not in the graph: nothing happens */
	ck_assert_int_eq(kr_fgraph_replace(d.fg, scalar("q"), d.x, NULL), 0);
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.mul, d.mul, NULL), 0);
	/* a missing input leaves the graph unchanged */
	kr_variable *w = scalar("w");
	kr_variable *bad = CALL(kr_op_add(), d.x, CALL(kr_op_exp(), w));
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.mul, bad, NULL),
			 KR_ENOTFOUND);
	ck_assert_msg(strstr(kr_error_last()->message, "w, used to compute "
						       "exp(w)"),
		      "%s", kr_error_last()->message);
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.mul, w, NULL), KR_ENOTFOUND);
	ck_assert_str_eq(kr_fgraph_repr(d.fg), before);
	ck_assert_int_eq(c.import + c.prune + c.change, 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(d.fg), 5);
	assert_integrity(d.fg);
	/* a constant needs no input */
	kr_variable *k = kr_constant_new(3, NULL);
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.mul, k, "fold"), 0);
	ck_assert_str_eq(kr_fgraph_repr(d.fg), "FunctionGraph(add(z, 3.0))");
	assert_integrity(d.fg);
}
END_TEST

/*
 * fg.replace filters the replacement through the old type, as PyTensor's
 * var.type.filter_variable(new_var, allow_convert=True): a more specific
 * one is taken as it is, a less specific one of the same dtype and ndim
 * is wrapped in SpecifyShape(new, *old.type.shape), so the graph keeps
 * its static types; another dtype or ndim, or static lengths in
 * conflict, are refused and the graph is unchanged. change_node_input
 * does not convert (PyTensor's checks is_super only).
 */
START_TEST(test_replace_shapes)
{
	int64_t s23[2] = {2, 3};
	const kr_type *m23 = kr_type_tensor(KR_FLOAT64, 2, s23);
	kr_variable *A = kr_variable_new(kr_type_matrix(), "A");
	kr_variable *B = kr_variable_new(m23, "B");
	kr_variable *e = CALL(kr_op_exp(), A);
	kr_variable *in[2] = {A, B};
	kr_fgraph *fg = make_fg(2, in, 1, &e, false);
	ck_assert_int_eq(kr_fgraph_replace(fg, A, B, NULL), 0); /* narrower */
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Exp(B))");
	kr_variable *e2 = CALL(kr_op_exp(), B);
	kr_variable *in2[2] = {A, B};
	fg = make_fg(2, in2, 1, &e2, false);
	/* wider: through SpecifyShape(A, 2, 3), which has B's type */
	ck_assert_int_eq(kr_fgraph_change_node_input(fg, OWNER(e2), 0, A,
						     NULL),
			 KR_EINVALID);
	ck_assert_int_eq(kr_fgraph_replace(fg, B, A, NULL), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Exp(SpecifyShape(A, 2, 3)))");
	kr_variable *ss = kr_apply_input(OWNER(e2), 0);
	ck_assert(kr_type_equal(kr_variable_type(ss), m23));
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 2);
	assert_integrity(fg);
	/* lengths in conflict: refused, nothing changes */
	int64_t s43[2] = {4, -1};
	kr_variable *C = kr_variable_new(kr_type_tensor(KR_FLOAT64, 2, s43),
					 "C");
	ck_assert_int_eq(kr_fgraph_replace_ex(fg, ss, C, NULL,
					      KR_IMPORT_MISSING),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "the type of the replacement C (Matrix(float64, "
			 "shape=(4, ?))) must be compatible with the type of "
			 "the original variable SpecifyShape.0 "
			 "(Matrix(float64, shape=(2, 3)))");
	/* another dtype or ndim: refused as before */
	kr_variable *I = kr_variable_new(kr_type_tensor(KR_INT64, 2, NULL),
					 "I");
	ck_assert_int_eq(kr_fgraph_replace(fg, ss, I, NULL), KR_EINVALID);
	ck_assert_int_eq(kr_fgraph_replace(fg, ss, kr_variable_new(
					kr_type_vector(), "v"), NULL),
			 KR_EINVALID);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Exp(SpecifyShape(A, 2, 3)))");
	assert_integrity(fg);
}
END_TEST

/*
 * The probe of the task: exp(a), a of shape (1,), replaced by exp(b), b of
 * shape (?,): the graph's output keeps its type (1,).
 */
START_TEST(test_replace_output_less_specific)
{
	int64_t one = 1, unknown = -1;
	kr_variable *a = kr_variable_new(kr_type_tensor(KR_FLOAT64, 1, &one),
					 "a");
	kr_variable *b = kr_variable_new(
		kr_type_tensor(KR_FLOAT64, 1, &unknown), "b");
	kr_variable *ea = CALL(kr_op_exp(), a), *eb = CALL(kr_op_exp(), b);
	kr_variable *in[2] = {a, b};
	kr_fgraph *fg = make_fg(2, in, 1, &ea, false);
	counts c = {0};
	kr_feature f = counter(&c, NULL);
	kr_fgraph_attach_feature(fg, &f);
	ck_assert_int_eq(kr_fgraph_replace(fg, ea, eb, "probe"), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(SpecifyShape(Exp(b), 1))");
	kr_variable *out = kr_fgraph_output(fg, 0);
	ck_assert_str_eq(kr_type_to_string(kr_variable_type(out)),
			 "Vector(float64, shape=(1,))");
	ck_assert_ptr_eq(kr_apply_input(OWNER(out), 0), eb);
	ck_assert_int_eq(c.import, 2); /* exp(b) and the SpecifyShape */
	ck_assert_int_eq(c.change, 1);
	assert_integrity(fg);
	/* a variable outside the graph: nothing happens, no error */
	ck_assert_int_eq(kr_fgraph_replace(fg, ea, eb, NULL), 0);
	/* with no clients, lengths in conflict are not an error either */
	int64_t two = 2;
	kr_variable *t = kr_variable_new(kr_type_tensor(KR_FLOAT64, 1, &two),
					 "t");
	ck_assert_int_eq(kr_fgraph_replace(fg, a, t, NULL), 0);
	assert_integrity(fg);
}
END_TEST

START_TEST(test_merge_shared)
{
	kr_variable *x = scalar("x"), *y = scalar("y"), *z = scalar("z");
	kr_variable *a1 = CALL(kr_op_add(), y, z), *a2 = CALL(kr_op_add(), y, z);
	kr_variable *t = CALL(kr_op_true_div(), CALL(kr_op_mul(), a1, x), a2);
	kr_variable *in[3] = {x, y, z};
	kr_fgraph *fg = make_fg(3, in, 1, &t, false);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(true_div(mul(add(y, "
					     "z), x), add(y, z)))");
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 4);
	counts c = {0};
	kr_feature f = counter(&c, NULL);
	kr_fgraph_attach_feature(fg, &f);
	ck_assert_int_eq(kr_fgraph_replace(fg, a2, a1, "merge"), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(true_div(mul(*1 -> add(y, z), x), *1))");
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 3);
	ck_assert_int_eq(c.prune, 1);
	size_t n;
	kr_fgraph_clients(fg, a1, &n);
	ck_assert_uint_eq(n, 2);
	kr_fgraph_clients(fg, y, &n);
	ck_assert_uint_eq(n, 1);
	assert_integrity(fg);
	ck_assert_int_eq(kr_fgraph_replace(fg, t, x, "simplify"), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(x)");
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 0);
	ck_assert_int_eq(c.prune, 4);
	assert_integrity(fg);
}
END_TEST

START_TEST(test_replace_all)
{
	doc1 d = make_doc1();
	kr_variable *olds[2] = {d.div1, d.div2};
	kr_variable *news[2] = {d.x, d.z};
	ck_assert_int_eq(kr_fgraph_replace_all(d.fg, 2, olds, news, "r"), 0);
	ck_assert_str_eq(kr_fgraph_repr(d.fg), "FunctionGraph(add(z, mul(x, z)))");
	assert_integrity(d.fg);
	kr_variable *bad[1] = {kr_variable_new(kr_type_matrix(), "M")};
	ck_assert_int_eq(kr_fgraph_replace_all(d.fg, 1, &d.mul, bad, "r"),
			 KR_EINVALID);
}
END_TEST

START_TEST(test_change_node_input)
{
	doc1 d = make_doc1();
	counts c = {0};
	kr_feature f = counter(&c, NULL);
	kr_fgraph_attach_feature(d.fg, &f);
	kr_apply *node = OWNER(d.out);
	ck_assert_int_eq(kr_fgraph_change_node_input(d.fg, node, 1, d.y, "c"),
			 0);
	ck_assert_str_eq(kr_fgraph_repr(d.fg), "FunctionGraph(add(z, y))");
	ck_assert_int_eq(c.prune, 4);
	ck_assert_int_eq(c.change, 1);
	/* same input: nothing happens */
	ck_assert_int_eq(kr_fgraph_change_node_input(d.fg, node, 1, d.y, "c"),
			 0);
	ck_assert_int_eq(c.change, 1);
	kr_variable *v = kr_variable_new(kr_type_vector(), NULL);
	ck_assert_int_eq(kr_fgraph_change_node_input(d.fg, node, 1, v, "c"),
			 KR_EINVALID);
	ck_assert_int_eq(kr_fgraph_change_node_input(d.fg, OWNER(d.div1), 0,
						     d.x, "c"),
			 KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, "not in the graph"));
	/* the Output pseudo-node changes the graph output */
	size_t n;
	const kr_client *cl = kr_fgraph_clients(d.fg, d.out, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(kr_fgraph_change_node_input(d.fg, cl[0].node, 0, d.x,
						     "o"),
			 0);
	ck_assert_ptr_eq(kr_fgraph_output(d.fg, 0), d.x);
	ck_assert_str_eq(kr_fgraph_repr(d.fg), "FunctionGraph(x)");
	assert_integrity(d.fg);
}
END_TEST

START_TEST(test_import_node)
{
	doc1 d = make_doc1();
	counts c = {0};
	kr_feature f = counter(&c, NULL);
	kr_fgraph_attach_feature(d.fg, &f);
	kr_variable *e = CALL(kr_op_exp(), CALL(kr_op_neg(), d.y));
	ck_assert_int_eq(kr_fgraph_import_node(d.fg, OWNER(e), "imp"), 0);
	ck_assert_int_eq(c.import, 2);
	ck_assert_str_eq(c.log, "import(neg,imp) import(exp,imp) ");
	ck_assert_uint_eq(kr_fgraph_nnodes(d.fg), 7);
	ck_assert(kr_fgraph_has_node(d.fg, OWNER(e)));
	ck_assert(kr_fgraph_has_variable(d.fg, e));
	size_t n;
	ck_assert_ptr_null(kr_fgraph_clients(d.fg, e, &n));
	ck_assert_int_eq(kr_fgraph_import_node(d.fg, OWNER(e), "imp"), 0);
	ck_assert_int_eq(c.import, 2);
	kr_variable *w = scalar("w");
	kr_variable *bad = CALL(kr_op_exp(), CALL(kr_op_neg(), w));
	ck_assert_int_eq(kr_fgraph_import_node(d.fg, OWNER(bad), "imp"),
			 KR_ENOTFOUND);
	ck_assert_int_eq(c.import, 2);
	ck_assert(!kr_fgraph_has_node(d.fg, OWNER(bad)));
	/* inputs and outputs can be added */
	ck_assert_int_eq(kr_fgraph_add_input(d.fg, w), 0);
	ck_assert_int_eq(kr_fgraph_add_input(d.fg, w), 0);
	ck_assert_uint_eq(kr_fgraph_ninputs(d.fg), 4);
	ck_assert_int_eq(kr_fgraph_add_input(d.fg, e), KR_EINVALID);
	ck_assert_int_eq(kr_fgraph_add_output(d.fg, bad, "out"), 0);
	ck_assert_uint_eq(kr_fgraph_noutputs(d.fg), 2);
	ck_assert_str_eq(kr_fgraph_repr(d.fg),
			 "FunctionGraph(add(z, mul(true_div(mul(y, x), y), "
			 "true_div(z, x))), exp(neg(w)))");
	const kr_client *cl = kr_fgraph_clients(d.fg, bad, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(kr_apply_output_index(cl[0].node), 1);
	/* the imported node nothing uses is in excess, as in PyTensor */
	ck_assert_int_eq(kr_fgraph_check_integrity(d.fg), KR_ERROR);
	ck_assert_str_eq(kr_error_last()->message,
			 "inconsistent graph: The following nodes are "
			 "inappropriately cached: 9 nodes are recorded, the "
			 "outputs need 7");
	ck_assert_int_eq(kr_fgraph_remove_node(d.fg, OWNER(e), "rm"), 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(d.fg), 7);
	assert_integrity(d.fg);
}
END_TEST

/* ------------------------------------------------------------- removal */

START_TEST(test_remove_node_all)
{
	doc1 d = make_doc1();
	counts c = {0};
	kr_feature f = counter(&c, NULL);
	kr_fgraph_attach_feature(d.fg, &f);
	ck_assert_uint_eq(kr_fgraph_nvariables(d.fg), 8);
	/* downstream nodes first, then the orphaned true_div(z, x), itself */
	ck_assert_int_eq(kr_fgraph_remove_node(d.fg, OWNER(d.mul_yx), "rm"), 0);
	ck_assert_str_eq(c.log, "prune(add,rm) prune(true_div,rm) "
				"prune(mul,rm) prune(true_div,rm) "
				"prune(mul,rm) ");
	ck_assert_uint_eq(kr_fgraph_noutputs(d.fg), 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(d.fg), 0);
	ck_assert_uint_eq(kr_fgraph_ninputs(d.fg), 3);
	ck_assert_uint_eq(kr_fgraph_nvariables(d.fg), 0);
	ck_assert(!kr_fgraph_has_variable(d.fg, d.x));
	assert_integrity(d.fg);
	/* a node not in the graph: nothing happens */
	ck_assert_int_eq(kr_fgraph_remove_node(d.fg, OWNER(d.out), "rm"), 0);
	ck_assert_int_eq(c.prune, 5);
}
END_TEST

START_TEST(test_remove_node_outputs)
{
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_variable *e = CALL(kr_op_exp(), x), *a = CALL(kr_op_add(), x, y);
	kr_variable *l = CALL(kr_op_log(), a);
	kr_variable *in[2] = {x, y}, *out[3] = {e, l, a};
	kr_fgraph *fg = make_fg(2, in, 3, out, false);
	kr_fgraph_set_output_name(fg, 1, "second");
	ck_assert_int_eq(kr_fgraph_remove_node(fg, OWNER(e), "rm"), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(log(*1 -> add(x, y)), *1)");
	ck_assert_str_eq(kr_fgraph_output_name(fg, 0), "second");
	kr_client oc;
	ck_assert_int_eq(kr_fgraph_get_output_client(&oc, fg, 1), 0);
	ck_assert_int_eq(kr_apply_output_index(oc.node), 1);
	ck_assert_ptr_eq(kr_apply_input(oc.node, 0), a);
	ck_assert_int_eq(kr_fgraph_get_output_client(&oc, fg, 2),
			 KR_ENOTFOUND);
	assert_integrity(fg);
	/* removing add removes log (and both outputs), x and y stay inputs */
	ck_assert_int_eq(kr_fgraph_remove_node(fg, OWNER(a), "rm"), 0);
	ck_assert_uint_eq(kr_fgraph_noutputs(fg), 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 0);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 2);
	assert_integrity(fg);
	/* the graph stays usable */
	ck_assert_int_eq(kr_fgraph_add_output(fg, CALL(kr_op_neg(), y), "o"), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(neg(y))");
	assert_integrity(fg);
}
END_TEST

START_TEST(test_remove_input)
{
	kr_variable *x = scalar("x"), *y = scalar("y"), *z = scalar("z");
	kr_variable *e = CALL(kr_op_exp(), x), *a = CALL(kr_op_add(), y, z);
	kr_variable *in[3] = {x, y, z}, *out[2] = {e, a};
	kr_fgraph *fg = make_fg(3, in, 2, out, false);
	ck_assert_int_eq(kr_fgraph_remove_input(fg, 1, "ri"), 0);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 2);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 1), z);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(exp(x))");
	ck_assert(!kr_fgraph_has_variable(fg, z));
	ck_assert(!kr_fgraph_has_variable(fg, y));
	assert_integrity(fg);
	ck_assert_int_eq(kr_fgraph_remove_input(fg, 2, "ri"), KR_ENOTFOUND);
	ck_assert_str_eq(kr_error_last()->message,
			 "remove_input: the graph has no input 2 (it has 2)");
	/* an input that is itself an output stays an output: undeclared */
	kr_variable *o2[1] = {x};
	kr_fgraph *g = make_fg(1, &x, 1, o2, false);
	ck_assert_int_eq(kr_fgraph_remove_input(g, 0, "ri"), 0);
	ck_assert_uint_eq(kr_fgraph_noutputs(g), 1);
	ck_assert_int_eq(kr_fgraph_check_integrity(g), KR_ERROR);
	ck_assert_str_eq(kr_error_last()->message,
			 "inconsistent graph: Undeclared input (x)");
}
END_TEST

/* PyTensor's test_remove_duplicates: a repeated input. */
START_TEST(test_remove_duplicates)
{
	kr_variable *v1 = scalar("var1"), *v2 = scalar("var2");
	kr_variable *o1 = CALL(kr_op_exp(), v1);
	kr_variable *o3 = CALL(kr_op_mul(), CALL(kr_op_add(), o1, v2), v2);
	kr_variable *in[3] = {v1, v1, v2}, *out[3] = {o1, o3, o3};
	kr_fgraph *fg = make_fg(3, in, 3, out, false), *copy;
	ck_assert_int_eq(kr_fgraph_clone(&copy, fg), 0);
	assert_integrity(copy);
	ck_assert_uint_eq(kr_fgraph_ninputs(copy), 3);
	ck_assert_ptr_eq(kr_fgraph_input(copy, 0), kr_fgraph_input(copy, 1));
	ck_assert_ptr_ne(kr_fgraph_input(copy, 0), v1);
	ck_assert_int_eq(kr_fgraph_remove_output(fg, 2, "ro"), 0);
	assert_integrity(fg);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 3);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 1), v1);
	ck_assert_uint_eq(kr_fgraph_noutputs(fg), 2);
	ck_assert_ptr_eq(kr_fgraph_output(fg, 1), o3);
	ck_assert_int_eq(kr_fgraph_remove_input(fg, 0, "ri"), 0);
	assert_integrity(fg);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 2);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 0), v1);
	ck_assert_ptr_eq(kr_fgraph_input(fg, 1), v2);
	ck_assert_uint_eq(kr_fgraph_noutputs(fg), 0);
}
END_TEST

START_TEST(test_remove_output)
{
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_variable *e = CALL(kr_op_exp(), x), *n = CALL(kr_op_neg(), x);
	kr_variable *a = CALL(kr_op_add(), e, y);
	kr_variable *in[2] = {x, y}, *out[3] = {e, n, a};
	kr_fgraph *fg = make_fg(2, in, 3, out, false);
	counts c = {0};
	kr_feature f = counter(&c, NULL);
	kr_fgraph_attach_feature(fg, &f);
	kr_fgraph_set_output_name(fg, 2, "a");
	/* exp stays: add still uses it */
	ck_assert_int_eq(kr_fgraph_remove_output(fg, 0, "ro"), 0);
	ck_assert_int_eq(c.prune, 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(neg(x), add(exp(x), y))");
	ck_assert_str_eq(kr_fgraph_output_name(fg, 1), "a");
	assert_integrity(fg);
	size_t nc;
	const kr_client *cl = kr_fgraph_clients(fg, a, &nc);
	ck_assert_uint_eq(nc, 1);
	ck_assert_int_eq(kr_apply_output_index(cl[0].node), 1);
	/* the graph keeps working through the renumbered Output node */
	kr_variable *m = CALL(kr_op_mul(), e, y);
	ck_assert_int_eq(kr_fgraph_replace(fg, a, m, "r"), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(neg(x), mul(exp(x), y))");
	c.log[0] = 0;
	ck_assert_int_eq(kr_fgraph_remove_output(fg, 1, "ro"), 0);
	ck_assert_str_eq(c.log, "prune(mul,ro) prune(exp,ro) ");
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 1);
	ck_assert(!kr_fgraph_has_variable(fg, y));
	assert_integrity(fg);
	ck_assert_int_eq(kr_fgraph_remove_output(fg, 1, "ro"), KR_ENOTFOUND);
}
END_TEST

/* ------------------------------------------------ imports, missing inputs */

START_TEST(test_import_var)
{
	doc1 d = make_doc1();
	kr_variable *w = scalar("w");
	ck_assert_int_eq(kr_fgraph_import_var(d.fg, w, "iv", 0), KR_ENOTFOUND);
	ck_assert_str_eq(kr_error_last()->message,
			 "missing input: w is not an input of the graph");
	ck_assert_uint_eq(kr_fgraph_ninputs(d.fg), 3);
	ck_assert_int_eq(kr_fgraph_import_var(d.fg, w, "iv",
					      KR_IMPORT_MISSING), 0);
	ck_assert_uint_eq(kr_fgraph_ninputs(d.fg), 4);
	ck_assert_ptr_eq(kr_fgraph_input(d.fg, 3), w);
	ck_assert(kr_fgraph_has_variable(d.fg, w));
	/* a constant never needs to be an input */
	kr_variable *two = kr_constant_new(2, NULL);
	ck_assert_int_eq(kr_fgraph_import_var(d.fg, two, "iv", 0), 0);
	ck_assert_uint_eq(kr_fgraph_ninputs(d.fg), 4);
	/* a node whose input is missing: error, or the input is added */
	kr_variable *v = scalar("v"), *ev = CALL(kr_op_exp(), v);
	ck_assert_int_eq(kr_fgraph_import_var(d.fg, ev, "iv", 0), KR_ENOTFOUND);
	ck_assert(!kr_fgraph_has_node(d.fg, OWNER(ev)));
	ck_assert_int_eq(kr_fgraph_import_node_ex(d.fg, OWNER(ev), "in",
						  KR_IMPORT_MISSING), 0);
	ck_assert(kr_fgraph_has_node(d.fg, OWNER(ev)));
	ck_assert_ptr_eq(kr_fgraph_input(d.fg, 4), v);
}
END_TEST

START_TEST(test_import_missing_replace)
{
	doc1 d = make_doc1();
	char *before = kr_fgraph_repr(d.fg);
	kr_variable *w = scalar("w"), *nw = CALL(kr_op_add(), w, d.x);
	/* without import_missing: a clear error, the graph unchanged */
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.div2, nw, "r"), KR_ENOTFOUND);
	ck_assert_str_eq(kr_error_last()->message,
			 "missing input: w, used to compute add(w, x), is "
			 "not an input of the graph");
	ck_assert_str_eq(kr_fgraph_repr(d.fg), before);
	ck_assert_int_eq(kr_fgraph_change_node_input(d.fg, OWNER(d.mul), 1,
						     nw, "c"),
			 KR_ENOTFOUND);
	ck_assert_str_eq(kr_fgraph_repr(d.fg), before);
	assert_integrity(d.fg);
	/* with it: w becomes an input */
	ck_assert_int_eq(kr_fgraph_replace_ex(d.fg, d.div2, nw, "r",
					      KR_IMPORT_MISSING), 0);
	ck_assert_str_eq(kr_fgraph_repr(d.fg),
			 "FunctionGraph(add(z, mul(true_div(mul(y, x), y), "
			 "add(w, x))))");
	ck_assert_uint_eq(kr_fgraph_ninputs(d.fg), 4);
	assert_integrity(d.fg);
	kr_variable *u = scalar("u");
	ck_assert_int_eq(kr_fgraph_change_node_input_ex(d.fg, OWNER(d.out), 0,
							u, "c",
							KR_IMPORT_MISSING),
			 0);
	ck_assert_ptr_eq(kr_fgraph_input(d.fg, 4), u);
	kr_variable *t = scalar("t"), *olds[1] = {d.mul_yx}, *news[1] = {t};
	ck_assert_int_eq(kr_fgraph_replace_all_ex(d.fg, 1, olds, news, "r",
						  KR_IMPORT_MISSING), 0);
	kr_variable *s2 = scalar("s");
	ck_assert_int_eq(kr_fgraph_add_output(d.fg, s2, "o"), KR_ENOTFOUND);
	ck_assert_int_eq(kr_fgraph_add_output_ex(d.fg, s2, "o",
						 KR_IMPORT_MISSING), 0);
	ck_assert_str_eq(kr_fgraph_repr(d.fg),
			 "FunctionGraph(add(u, mul(true_div(t, y), add(w, x))), "
			 "s)");
	assert_integrity(d.fg);
}
END_TEST

/* A node shared by two graphs and changed through one: the other one's
 * bookkeeping no longer agrees. */
START_TEST(test_integrity_errors)
{
	doc1 d = make_doc1();
	kr_variable *in[3] = {d.x, d.y, d.z};
	kr_fgraph *other = make_fg(3, in, 1, &d.out, false);
	assert_integrity(other);
	ck_assert_int_eq(kr_fgraph_change_node_input(other, OWNER(d.mul), 1,
						     d.x, "c"),
			 0);
	assert_integrity(other);
	ck_assert_int_eq(kr_fgraph_check_integrity(d.fg), KR_ERROR);
	ck_assert_str_eq(kr_error_last()->message,
			 "inconsistent graph: Inconsistent clients list: a "
			 "client is not recorded (x)");
	kr_variable *e = CALL(kr_op_exp(), d.x);
	ck_assert_int_eq(kr_fgraph_import_node(other, OWNER(e), "i"), 0);
	ck_assert_int_eq(kr_fgraph_check_integrity(other), KR_ERROR);
	ck_assert_str_eq(kr_error_last()->message,
			 "inconsistent graph: The following nodes are "
			 "inappropriately cached: 5 nodes are recorded, the "
			 "outputs need 4");
}
END_TEST

/* ------------------------------------------------------------- features */

START_TEST(test_features)
{
	doc1 d = make_doc1();
	counts c1 = {.tag = "a"}, c2 = {.tag = "b"}, c3 = {0};
	kr_feature f1 = counter(&c1, "first"), f2 = counter(&c2, "second");
	ck_assert_int_eq(kr_fgraph_attach_feature(d.fg, &f1), 0);
	ck_assert_int_eq(kr_fgraph_attach_feature(d.fg, &f2), 0);
	ck_assert_int_eq(kr_fgraph_attach_feature(d.fg, &f1), 0);
	ck_assert_int_eq(c1.attach, 1);
	ck_assert_ptr_eq(kr_fgraph_feature(d.fg, "second"), &f2);
	ck_assert_ptr_null(kr_fgraph_feature(d.fg, "third"));
	/* AlreadyThere: silently not attached; other errors are returned */
	c3.attach_rc = KR_EEXISTS;
	kr_feature f3 = counter(&c3, "third");
	ck_assert_int_eq(kr_fgraph_attach_feature(d.fg, &f3), 0);
	ck_assert_ptr_null(kr_fgraph_feature(d.fg, "third"));
	c3.attach_rc = kr_error_set(KR_EINVALID, "refused");
	ck_assert_int_eq(kr_fgraph_attach_feature(d.fg, &f3), KR_EINVALID);
	ck_assert_ptr_null(kr_fgraph_feature(d.fg, "third"));
	/* callbacks run in attach order: a sees each event before b */
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.div2, d.z, "r"), 0);
	ck_assert_str_eq(c1.log, "a:prune(true_div,r) a:change(1,true_div.0->z,r) ");
	ck_assert_str_eq(c2.log, "b:prune(true_div,r) b:change(1,true_div.0->z,r) ");
	ck_assert_int_eq(kr_fgraph_validate(d.fg), 0);
	ck_assert_int_eq(c1.validate + c2.validate, 2);
	c2.validate_rc = KR_EINVALID;
	ck_assert_int_eq(kr_fgraph_validate(d.fg), KR_EINVALID);
	kr_fgraph_remove_feature(d.fg, &f1);
	ck_assert_int_eq(c1.detach, 1);
	kr_fgraph_remove_feature(d.fg, &f1);
	ck_assert_int_eq(c1.detach, 1);
	ck_assert_ptr_null(kr_fgraph_feature(d.fg, "first"));
	ck_assert_int_eq(kr_fgraph_replace(d.fg, d.div1, d.x, "s"), 0);
	ck_assert_int_eq(c1.prune, 1);
	ck_assert_int_eq(c2.prune, 3);
}
END_TEST

/* ---------------------------------------------------------------- cycles */

START_TEST(test_cycle)
{
	kr_variable *x = scalar("x");
	kr_variable *out = CALL(kr_op_exp(), CALL(kr_op_log(), x));
	kr_fgraph *fg = make_fg(1, &x, 1, &out, false);
	ck_assert_int_eq(kr_fgraph_replace(fg, x, out, "loop"), 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 2);
	kr_apply **order;
	size_t n;
	ck_assert_int_eq(kr_fgraph_toposort(&order, &n, fg), KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, "cycle"));
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(*1 -> exp(log(*1)))");
	ck_assert_str_eq(kr_pprint(out), "exp(log(...))");
	assert_integrity(fg);
}
END_TEST

/* A cycle entered along two paths is found from either. */
START_TEST(test_cycle_two_paths)
{
	kr_variable *x = scalar("x");
	kr_variable *out =
		CALL(kr_op_add(), CALL(kr_op_exp(), x), CALL(kr_op_log(), x));
	kr_fgraph *fg = make_fg(1, &x, 1, &out, false);
	ck_assert_int_eq(kr_fgraph_replace(fg, x, out, "loop"), 0);
	kr_apply **order;
	size_t n;
	ck_assert_int_eq(kr_fgraph_toposort(&order, &n, fg), KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, "cycle"));
	assert_integrity(fg);
}
END_TEST

/* ------------------------------------------------------------------ scale */

enum { BIG = 100000 };

START_TEST(test_long_chain)
{
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_variable **chain = kr_alloc(BIG * sizeof *chain);
	kr_variable *v = x;
	for (int i = 0; i < BIG; i++)
		chain[i] = v = CALL(kr_op_add(), v, y);
	kr_variable *in[2] = {x, y};
	kr_fgraph *fg = make_fg(2, in, 1, &v, false);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), BIG);
	kr_apply **order;
	size_t n;
	ck_assert_int_eq(kr_fgraph_toposort(&order, &n, fg), 0);
	ck_assert_uint_eq(n, BIG);
	for (size_t i = 0; i < n; i++)
		ck_assert_ptr_eq(order[i], OWNER(chain[i]));
	size_t k;
	kr_fgraph_clients(fg, y, &k);
	ck_assert_uint_eq(k, BIG);
	char *r = kr_fgraph_repr(fg);
	ck_assert_uint_eq(strlen(r), strlen("FunctionGraph()") + 1 +
					     (size_t)BIG * strlen("add(, y)"));
	ck_assert_uint_eq(strlen(kr_pprint(v)), 1 + (size_t)BIG * 6);
	/* replacing the middle prunes the first half */
	counts c = {0};
	kr_feature f = counter(&c, NULL);
	f.on_prune = NULL; /* the log would overflow; count below */
	kr_fgraph_attach_feature(fg, &f);
	ck_assert_int_eq(kr_fgraph_replace(fg, chain[BIG / 2 - 1], x, "cut"), 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), BIG - BIG / 2);
	kr_fgraph_clients(fg, y, &k);
	ck_assert_uint_eq(k, BIG - BIG / 2);
	ck_assert(!kr_fgraph_has_node(fg, OWNER(chain[0])));
	assert_integrity(fg);
	kr_fgraph *copy = NULL;
	ck_assert_int_eq(kr_fgraph_clone(&copy, fg), 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(copy), BIG - BIG / 2);
	/* the chain as a term, evaluated back, is the same variable */
	kr_variable *back = NULL;
	ck_assert_int_eq(kr_term_eval(&back, kr_etuplize(v)), 0);
	ck_assert_ptr_eq(back, v);
}
END_TEST

START_TEST(test_wide_replace)
{
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_variable **negs = kr_alloc(BIG * sizeof *negs);
	for (int i = 0; i < BIG; i++)
		negs[i] = CALL(kr_op_neg(), x);
	kr_variable *sum = call(kr_op_add(), BIG, negs);
	kr_variable *in[2] = {x, y};
	kr_fgraph *fg = make_fg(2, in, 1, &sum, true);
	kr_variable *cx = kr_fgraph_input(fg, 0), *cy = kr_fgraph_input(fg, 1);
	size_t n;
	kr_fgraph_clients(fg, cx, &n);
	ck_assert_uint_eq(n, BIG);
	counts c = {0};
	kr_feature f = counter(&c, NULL);
	f.on_change_input = NULL;
	f.on_prune = NULL; /* it scans clients: quadratic here */
	kr_fgraph_attach_feature(fg, &f);
	ck_assert_int_eq(kr_fgraph_replace(fg, cx, cy, "swap"), 0);
	ck_assert_ptr_null(kr_fgraph_clients(fg, cx, &n));
	const kr_client *cl = kr_fgraph_clients(fg, cy, &n);
	ck_assert_uint_eq(n, BIG);
	ck_assert_int_eq(cl[0].index, 0);
	ck_assert_ptr_eq(kr_apply_input(cl[BIG - 1].node, 0), cy);
	ck_assert(!kr_fgraph_has_variable(fg, cx));
	assert_integrity(fg);
	/* now drop every other neg: the sum's inputs change one by one */
	kr_apply *add = OWNER(kr_fgraph_output(fg, 0));
	for (size_t i = 0; i < BIG; i += 2)
		ck_assert_int_eq(kr_fgraph_change_node_input(
					 fg, add, (int)i, cy, "drop"),
				 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 1 + BIG / 2);
	kr_fgraph_clients(fg, cy, &n);
	ck_assert_uint_eq(n, BIG);
	assert_integrity(fg);
}
END_TEST

/*
 * A graph whose nodes nothing but the graph references: node k computes
 * add(v_{k-1}, y), and mul(v_{k-1}, y) for every third k, so y has many
 * clients and the client arrays grow. Returned through a noinline call
 * so that no local of the test refers to a node.
 */
enum { KEPT = 6000 };

static __attribute__((noinline)) kr_fgraph *kept_graph(kr_variable *x,
							kr_variable *y)
{
	kr_variable *v = x;
	for (int k = 1; k <= KEPT; k++)
		v = k % 3 ? CALL(kr_op_add(), v, y)
			  : CALL(kr_op_mul(), v, y);
	kr_variable *in[2] = {x, y};
	return make_fg(2, in, 1, &v, false);
}

/* Allocate and drop about `mib` MiB, so that the collector runs. */
static __attribute__((noinline)) void churn(size_t mib)
{
	for (size_t k = 0; k < mib * 1024; k++) {
		char *p = kr_alloc(1024);
		p[k % 1024] = 1;
	}
}

/* (x + y) * y ... as the graph computes it, with x = 0.5, y = 1.0. */
static double kept_value(void)
{
	double v = 0.5;
	for (int k = 1; k <= KEPT; k++)
		v = k % 3 ? v + 1.0 : v * 1.0;
	return v;
}

/*
 * Client arrays are not scanned by the collector (graph.h): after
 * collections, with clones made and dropped, every client must still be
 * a live node of the graph.
 */
START_TEST(test_collection_keeps_graph)
{
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_fgraph *fg = kept_graph(x, y);
	for (int i = 0; i < 8; i++) {
		kr_fgraph *cl;
		ck_assert_int_eq(kr_fgraph_clone(&cl, fg), 0);
		ck_assert_uint_eq(kr_fgraph_nnodes(cl), KEPT);
		churn(24);
	}
	assert_integrity(fg);
	size_t n;
	const kr_client *cl = kr_fgraph_clients(fg, y, &n);
	ck_assert_uint_eq(n, KEPT);
	for (size_t k = 0; k < n; k++) {
		ck_assert(kr_fgraph_has_node(fg, cl[k].node));
		ck_assert_ptr_eq(kr_apply_input(cl[k].node, 1), y);
	}
	const kr_value *vals[2] = {kr_value_scalar(KR_FLOAT64, 0.5),
				   kr_value_scalar(KR_FLOAT64, 1.0)};
	kr_value *out;
	ck_assert_int_eq(kr_fgraph_eval(&out, fg, vals), 0);
	ck_assert_double_eq(kr_value_get(out, 0), kept_value());
	/* replacing the middle still works on the collected graph */
	kr_variable *mid = kr_apply_input(cl[KEPT / 2].node, 0);
	ck_assert_int_eq(kr_fgraph_replace(fg, mid, x, "cut"), 0);
	churn(24);
	assert_integrity(fg);
}
END_TEST

Suite *fgraph_suite(void)
{
	Suite *s = suite_create("fgraph");
	TCase *tc = tcase_create("construction");
	tcase_add_test(tc, test_repr_doc1);
	tcase_add_test(tc, test_toposort_doc1);
	tcase_add_test(tc, test_toposort_outputs);
	tcase_add_test(tc, test_inferred_inputs);
	tcase_add_test(tc, test_construction_errors);
	tcase_add_test(tc, test_clone);
	tcase_add_test(tc, test_nominals);
	tcase_add_test(tc, test_nominal_graphs);
	tcase_add_test(tc, test_nominal_merge);
	tcase_add_test(tc, test_nominal_gformat);
	tcase_add_test(tc, test_clients);
	suite_add_tcase(s, tc);
	tc = tcase_create("replace");
	tcase_add_test(tc, test_replace_simplify);
	tcase_add_test(tc, test_replace_output);
	tcase_add_test(tc, test_replace_errors);
	tcase_add_test(tc, test_replace_shapes);
	tcase_add_test(tc, test_replace_output_less_specific);
	tcase_add_test(tc, test_merge_shared);
	tcase_add_test(tc, test_replace_all);
	tcase_add_test(tc, test_change_node_input);
	tcase_add_test(tc, test_import_node);
	tcase_add_test(tc, test_cycle);
	tcase_add_test(tc, test_cycle_two_paths);
	suite_add_tcase(s, tc);
	tc = tcase_create("methods");
	tcase_add_test(tc, test_remove_node_all);
	tcase_add_test(tc, test_remove_node_outputs);
	tcase_add_test(tc, test_remove_input);
	tcase_add_test(tc, test_remove_output);
	tcase_add_test(tc, test_remove_duplicates);
	tcase_add_test(tc, test_import_var);
	tcase_add_test(tc, test_import_missing_replace);
	tcase_add_test(tc, test_integrity_errors);
	suite_add_tcase(s, tc);
	tc = tcase_create("features");
	tcase_add_test(tc, test_features);
	suite_add_tcase(s, tc);
	tc = tcase_create("scale");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_long_chain);
	tcase_add_test(tc, test_wide_replace);
	tcase_add_test(tc, test_collection_keeps_graph);
	suite_add_tcase(s, tc);
	return s;
}
