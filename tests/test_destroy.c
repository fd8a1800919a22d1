/* test_destroy.c -- DestroyHandler, Supervisor and in-place ops. */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"

/*
 * The first TCase ports pymc-devs/pytensor tests/graph/test_destroyhandler.py
 * (PyTensor 2.32, cycle_detection "regular", so the tests marked
 * assertFailure_fast hold as written). Its MyOp(nin, name, vmap, dmap,
 * nout, tolerate_same, tolerate_aliased) instances become the op
 * descriptors below, MyType the float64 ScalarType; MyConstant("abc")
 * is a float64 constant (our constants hold numbers; the tests only need
 * a constant). The other TCases test what the port does not reach:
 * the queries, orderings, Supervisor, unsupported maps, clones, and the
 * rewriters that meet a DestroyHandler (merge, walkers, optdb).
 */

/* ------------------------------------------------------------ test ops */

static int two_infer(const kr_type **out, const kr_op *op, size_t nin,
		     const kr_type *const *in)
{
	int rc = t_my_infer(out, op, nin, in);
	out[1] = out[0];
	return rc;
}

#define FIXED(n, k)                                                           \
	.name = (n), .min_inputs = (k), .max_inputs = (k), .infer = t_my_infer
#define MULTI(n) FIXED(n, 2), .nout = 2, .infer_outputs = two_infer
#define PAIRS(...) ((const kr_io_pair[]){__VA_ARGS__, KR_PAIRS_END})
#define ALIAS(...) ((const kr_alias_pair[]){__VA_ARGS__, KR_PAIRS_END})

static const kr_op_desc sigmoid_d = {FIXED("Sigmoid", 1)};
static const kr_op_desc tv_d = {FIXED("TransposeView", 1),
				.view_map = PAIRS({0, 0})};
static const kr_op_desc add_d = {FIXED("Add", 2)};
static const kr_op_desc aip_d = {FIXED("AddInPlace", 2),
				 .destroy_map = PAIRS({0, 0})};
static const kr_op_desc aip2_d = {FIXED("AddInPlace", 2),
				  .destroy_map = PAIRS({0, 0}),
				  .tolerate_same = ALIAS({0, 1})};
static const kr_op_desc aip3_d = {FIXED("AddInPlace", 2),
				  .destroy_map = PAIRS({0, 0}),
				  .tolerate_aliased = ALIAS({0, 1})};
static const kr_op_desc dot_d = {FIXED("Dot", 2)};
static const kr_op_desc multiple_d = {MULTI("Multiple")};
static const kr_op_desc mip0_d = {MULTI("MultipleInPlace0"),
				  .destroy_map = PAIRS({0, 0})};
static const kr_op_desc mip1_d = {MULTI("MultipleInPlace1"),
				  .destroy_map = PAIRS({1, 1})};
static const kr_op_desc mip01_d = {MULTI("MultipleInPlace01"),
				   .destroy_map = PAIRS({0, 0}, {1, 1})};

/* Ops of one descriptor (and no props) are equal, as one MyOp instance. */
static kr_op *op(const kr_op_desc *d) { return kr_op_new(d, NULL); }

#define VS(...) ((kr_variable *[]){__VA_ARGS__})
#define NV(...) (sizeof(VS(__VA_ARGS__)) / sizeof(kr_variable *))
#define LIST(...) NV(__VA_ARGS__), VS(__VA_ARGS__)

static kr_apply *apply(const kr_op_desc *d, size_t n, kr_variable *const *in)
{
	kr_apply *node = NULL;
	int rc = kr_apply_make(&node, op(d), n, in);
	ck_assert_msg(rc == 0, "%s: %s", d->name, kr_error_last()->message);
	return node;
}

static kr_variable *call(const kr_op_desc *d, size_t n,
			 kr_variable *const *in)
{
	return kr_apply_output(apply(d, n, in), 0);
}

#define SIGMOID(a) call(&sigmoid_d, LIST(a))
#define TV(a) call(&tv_d, LIST(a))
#define ADD(a, b) call(&add_d, LIST(a, b))
#define AIP(a, b) call(&aip_d, LIST(a, b))
#define AIP2(a, b) call(&aip2_d, LIST(a, b))
#define AIP3(a, b) call(&aip3_d, LIST(a, b))
#define DOT(a, b) call(&dot_d, LIST(a, b))

static kr_variable *myvar(const char *name)
{
	return kr_variable_new(kr_type_scalar(KR_FLOAT64), name);
}

static kr_variable *x, *y, *z;

/* inputs() of the test file. */
static void inputs(void)
{
	x = myvar("x");
	y = myvar("y");
	z = myvar("z");
}

static void ok(int rc)
{
	ck_assert_msg(rc == 0, "error %d: %s", rc, kr_error_last()->message);
}

/* The call failed with KR_EINCONSISTENT and a message containing want. */
static void inconsistent(int rc, const char *want)
{
	ck_assert_msg(rc == KR_EINCONSISTENT, "rc %d (%s), want "
		      "KR_EINCONSISTENT", rc, kr_error_last()->message);
	ck_assert_msg(strstr(kr_error_last()->message, want),
		      "message '%s' lacks '%s'", kr_error_last()->message,
		      want);
}

/*
 * create_fgraph(inputs, outputs, validate) of the test file: a graph
 * over the variables themselves (clone=False), with a DestroyHandler
 * and ReplaceValidate (already on every graph); validated when asked.
 */
static kr_fgraph *create_fgraph(size_t nin, kr_variable *const *ins,
				size_t nout, kr_variable *const *outs,
				bool validate)
{
	kr_fgraph *fg = t_fgraph(nin, ins, nout, outs, false);
	ok(kr_fgraph_attach_feature(fg, kr_destroy_handler_new()));
	ok(kr_fgraph_attach_feature(fg, kr_replace_validate_new()));
	if (validate)
		ok(kr_fgraph_validate(fg));
	return fg;
}

#define CREATE(ins, outs, validate) create_fgraph(LIST ins, LIST outs, validate)

static void consistent(kr_fgraph *fg, bool want)
{
	bool got = kr_fgraph_consistent(fg);
	ck_assert_msg(got == want, "consistent() is %d (%s), want %d", got,
		      got ? "" : kr_error_last()->message, want);
	ck_assert_int_eq(kr_fgraph_check_integrity(fg), 0);
}

static void str_is(const kr_fgraph *fg, const char *want)
{
	ck_assert_str_eq(kr_fgraph_repr(fg), want);
}

static void replace(kr_fgraph *fg, kr_variable *old, kr_variable *new_var)
{
	ok(kr_fgraph_replace(fg, old, new_var, NULL));
}

/* FailureWatch: counts failures, which must be inconsistencies. */
static int watch(const kr_failure *f, void *data)
{
	ck_assert_msg(f->code == KR_EINCONSISTENT, "failure %d: %s", f->code,
		      f->message);
	++*(int *)data;
	return 0;
}

/*
 * TopoSubstitutionNodeRewriter(op1, op2, fail).rewrite(g): an in_to_out
 * WalkingGraphRewriter ignoring new trees; *failures counts the failures
 * (NULL: PyTensor's default warn_ignore).
 */
static void topo_sub(kr_fgraph *fg, const kr_op_desc *d1,
		     const kr_op_desc *d2, int *failures)
{
	kr_graph_rewriter *rw = kr_walking_graph_rewriter_new(
		kr_substitution_node_rewriter_new(op(d1), op(d2)),
		KR_IN_TO_OUT, true);
	if (failures)
		kr_graph_rewriter_set_failure_callback(rw, watch, failures);
	else
		kr_graph_rewriter_set_failure_callback(rw, kr_failure_ignore,
						       NULL);
	ok(kr_graph_rewriter_rewrite(rw, fg, NULL));
}

/* -------------------------------------------- test_destroyhandler.py */

START_TEST(dh_misc)
{
	inputs();
	kr_variable *e = TV(TV(TV(TV(x))));
	kr_fgraph *g = CREATE((x, y, z), (e), true);
	consistent(g, true);
	/* OpKeyPatternNodeRewriter((tv, (tv, "x")), "x").rewrite(g) */
	kr_term *lx = kr_var_new("x");
	kr_term *tv = kr_op_term(op(&tv_d));
	kr_graph_rewriter *rw = kr_op_key_graph_rewriter_new(
		kr_pattern_node_rewriter_new(KR_ETUPLE(tv, KR_ETUPLE(tv, lx)),
					     lx, NULL),
		true);
	ok(kr_graph_rewriter_rewrite(rw, g, NULL));
	str_is(g, "FunctionGraph(x)");
	kr_variable *new_e = ADD(x, y);
	ok(kr_fgraph_replace_validate(g, x, new_e, NULL));
	str_is(g, "FunctionGraph(Add(x, y))");
	replace(g, new_e, DOT(AIP(x, y), TV(x)));
	str_is(g, "FunctionGraph(Dot(AddInPlace(x, y), TransposeView(x)))");
	consistent(g, false);
	inconsistent(kr_fgraph_validate(g), "Dependency graph contains cycles");
}
END_TEST

START_TEST(dh_aliased_inputs_replacement)
{
	inputs();
	kr_variable *tv = TV(x), *tvv = TV(tv), *sx = SIGMOID(x);
	kr_variable *e = AIP(x, tv);
	kr_fgraph *g = CREATE((x, y), (e), false);
	consistent(g, false);
	inconsistent(kr_fgraph_validate(g),
		     "Input aliasing: AddInPlace(x, TransposeView.0) (0, 1)");
	replace(g, tv, sx);
	consistent(g, true);
	replace(g, sx, tv);
	consistent(g, false);
	replace(g, tv, tvv);
	consistent(g, false);
	replace(g, tv, sx);
	consistent(g, true);
}
END_TEST

START_TEST(dh_indestructible)
{
	inputs();
	kr_variable_set_indestructible(x, true);
	x = kr_variable_clone(x, NULL);
	/* checking if indestructible survives the copy! */
	ck_assert(kr_variable_is_indestructible(x));
	kr_variable *e = AIP(x, y);
	kr_fgraph *g = CREATE((x, y, z), (e), false);
	consistent(g, false);
	inconsistent(kr_fgraph_validate(g),
		     "Attempting to destroy indestructible variables: [x]");
	ok(kr_fgraph_replace_validate(g, e, ADD(x, y), NULL));
	consistent(g, true);
}
END_TEST

START_TEST(dh_usage_loop_through_views_2)
{
	inputs();
	kr_variable *e0 = TV(TV(SIGMOID(x)));
	kr_variable *e = DOT(AIP(x, y), TV(e0));
	kr_fgraph *g = CREATE((x, y, z), (e), true);
	consistent(g, true); /* because sigmoid can do the copy */
	replace(g, e0, x);
	consistent(g, false); /* we cut off the path to the sigmoid */
}
END_TEST

START_TEST(dh_destroyers_loop)
{
	/* AddInPlace(x, y) and AddInPlace(y, x) should not coexist */
	for (int first = 0; first < 2; first++) {
		inputs();
		kr_variable *e1 = ADD(x, y), *e2 = ADD(y, x);
		kr_fgraph *g = CREATE((x, y, z), (e1, e2), true);
		consistent(g, true);
		kr_variable *a = first ? e2 : e1, *b = first ? e1 : e2;
		ok(kr_fgraph_replace_validate(g, a, first ? AIP(y, x)
							  : AIP(x, y), NULL));
		consistent(g, true);
		inconsistent(kr_fgraph_replace_validate(
				     g, b, first ? AIP(x, y) : AIP(y, x), NULL),
			     "Dependency graph contains cycles");
		consistent(g, true);
		str_is(g, first ? "FunctionGraph(Add(x, y), AddInPlace(y, x))"
				: "FunctionGraph(AddInPlace(x, y), Add(y, x))");
	}
}
END_TEST

START_TEST(dh_aliased_inputs)
{
	inputs();
	kr_fgraph *g = CREATE((x), (AIP(x, x)), false);
	consistent(g, false);
	inconsistent(kr_fgraph_validate(g),
		     "Input aliasing: AddInPlace(x, x) (0, 1)");
}
END_TEST

START_TEST(dh_aliased_inputs2)
{
	inputs();
	kr_fgraph *g = CREATE((x), (AIP(x, TV(x))), false);
	consistent(g, false);
}
END_TEST

START_TEST(dh_aliased_inputs_tolerate)
{
	inputs();
	kr_fgraph *g = CREATE((x), (AIP2(x, x)), false);
	consistent(g, true);
}
END_TEST

START_TEST(dh_aliased_inputs_tolerate2)
{
	inputs();
	kr_fgraph *g = CREATE((x), (AIP2(x, TV(x))), false);
	consistent(g, false);
	inconsistent(kr_fgraph_validate(g), "Input aliasing");
}
END_TEST

START_TEST(dh_same_aliased_inputs_ignored)
{
	inputs();
	kr_fgraph *g = CREATE((x), (AIP3(x, x)), false);
	consistent(g, true);
}
END_TEST

START_TEST(dh_different_aliased_inputs_ignored)
{
	inputs();
	kr_fgraph *g = CREATE((x), (AIP3(x, TV(x))), false);
	consistent(g, true);
}
END_TEST

START_TEST(dh_indestructible_through_views)
{
	inputs();
	kr_variable_set_indestructible(x, true);
	kr_variable *tv = TV(x);
	kr_variable *e = AIP(tv, y);
	kr_fgraph *g = CREATE((x, y, z), (e), false);
	consistent(g, false);
	/* droot holds the root x, then its view */
	inconsistent(kr_fgraph_validate(g),
		     "indestructible variables: [x]");
	ok(kr_fgraph_replace_validate(g, tv, SIGMOID(x), NULL));
	consistent(g, true);
}
END_TEST

START_TEST(dh_indirect)
{
	inputs();
	kr_variable *e0 = AIP(x, y);
	kr_variable *e = DOT(SIGMOID(e0), TV(x));
	kr_fgraph *g = CREATE((x, y, z), (e), false);
	consistent(g, false);
	kr_variable *new_e0 = ADD(x, y);
	replace(g, e0, new_e0);
	consistent(g, true);
	replace(g, new_e0, AIP(x, y));
	consistent(g, false);
}
END_TEST

START_TEST(dh_indirect_2)
{
	inputs();
	kr_variable *e0 = TV(x);
	kr_variable *e = DOT(SIGMOID(AIP(x, y)), e0);
	kr_fgraph *g = CREATE((x, y, z), (e), false);
	consistent(g, false);
	kr_variable *new_e0 = ADD(e0, y);
	replace(g, e0, new_e0);
	consistent(g, true);
}
END_TEST

START_TEST(dh_long_destroyers_loop)
{
	inputs();
	kr_variable *e = DOT(DOT(AIP(x, y), AIP(y, z)), ADD(z, x));
	kr_fgraph *g = CREATE((x, y, z), (e), true);
	consistent(g, true);
	topo_sub(g, &add_d, &aip_d, NULL);
	consistent(g, true);
	/* we don't want to see that! */
	ck_assert_str_ne(kr_fgraph_repr(g),
			 "FunctionGraph(Dot(Dot(AddInPlace(x, y), "
			 "AddInPlace(y, z)), AddInPlace(z, x)))");
	str_is(g, "FunctionGraph(Dot(Dot(AddInPlace(x, y), AddInPlace(y, z)), "
		  "Add(z, x)))");
	kr_variable *e2 = DOT(DOT(AIP(x, y), AIP(y, z)), AIP(z, x));
	kr_variable **ins, **outs;
	ok(kr_clone(&ins, &outs, LIST(x, y, z), LIST(e2), true, true));
	kr_fgraph *g2 = create_fgraph(3, ins, 1, outs, false);
	inconsistent(kr_fgraph_validate(g2),
		     "Dependency graph contains cycles");
}
END_TEST

START_TEST(dh_misc_2)
{
	inputs();
	kr_variable *tv = TV(x);
	kr_variable *e = AIP(x, tv);
	kr_fgraph *g = CREATE((x, y), (e), false);
	consistent(g, false);
	replace(g, tv, x);
	consistent(g, false);
}
END_TEST

START_TEST(dh_multi_destroyers)
{
	inputs();
	kr_variable *e = ADD(AIP(x, y), AIP(x, y));
	kr_fgraph *g = CREATE((x, y, z), (e), false);
	inconsistent(kr_fgraph_validate(g), "Multiple destroyers of x");
}
END_TEST

START_TEST(dh_multi_destroyers_through_views)
{
	inputs();
	kr_variable *e = DOT(ADD(TV(z), y), ADD(z, x));
	kr_fgraph *g = CREATE((x, y, z), (e), true);
	consistent(g, true);
	int fail = 0;
	topo_sub(g, &add_d, &aip_d, &fail);
	consistent(g, true);
	ck_assert_int_eq(fail, 1); /* should have succeeded once, failed once */
}
END_TEST

START_TEST(dh_repair_destroy_path)
{
	inputs();
	kr_variable *e1 = TV(TV(x));
	kr_variable *e2 = TV(TV(e1));
	kr_variable *e3 = AIP(e2, y);
	kr_variable *e4 = AIP(e1, z);
	kr_fgraph *g = CREATE((x, y, z), (e3, e4), false);
	consistent(g, false);
	replace(g, e2, TV(x));
	consistent(g, false);
}
END_TEST

START_TEST(dh_usage_loop)
{
	inputs();
	kr_fgraph *g = CREATE((x, y, z), (DOT(AIP(x, z), x)), false);
	consistent(g, false);
	/* replace add_in_place with add */
	topo_sub(g, &aip_d, &add_d, NULL);
	consistent(g, true);
	str_is(g, "FunctionGraph(Dot(Add(x, z), x))");
}
END_TEST

START_TEST(dh_usage_loop_through_views)
{
	inputs();
	kr_variable *aip = AIP(x, y);
	kr_variable *e = DOT(aip, TV(x));
	kr_fgraph *g = CREATE((x, y, z), (e), false);
	consistent(g, false);
	ok(kr_fgraph_replace_validate(g, aip, ADD(x, z), NULL));
	consistent(g, true);
}
END_TEST

START_TEST(dh_usage_loop_insert_views)
{
	inputs();
	kr_variable *e = DOT(AIP(x, ADD(y, z)),
			     SIGMOID(SIGMOID(SIGMOID(SIGMOID(SIGMOID(x))))));
	kr_fgraph *g = CREATE((x, y, z), (e), true);
	consistent(g, true);
	int fail = 0;
	topo_sub(g, &sigmoid_d, &tv_d, &fail);
	consistent(g, true);
	/* it must keep one sigmoid in the long sigmoid chain */
	ck_assert_int_eq(fail, 1);
	ck_assert_ptr_nonnull(strstr(kr_fgraph_repr(g), "Sigmoid"));
}
END_TEST

START_TEST(dh_value_repl)
{
	inputs();
	kr_variable *sy = SIGMOID(y);
	kr_variable *e = AIP(x, sy);
	kr_fgraph *g = CREATE((x, y), (e), false);
	consistent(g, true);
	replace(g, sy, kr_constant_new(1.0, kr_type_scalar(KR_FLOAT64)));
	consistent(g, true);
}
END_TEST

START_TEST(dh_value_repl_2)
{
	inputs();
	kr_variable *sy = SIGMOID(y);
	kr_variable *e = AIP(x, sy);
	kr_fgraph *g = CREATE((x, y), (e), false);
	consistent(g, true);
	replace(g, sy, TV(kr_constant_new(1.0, kr_type_scalar(KR_FLOAT64))));
	consistent(g, true);
}
END_TEST

START_TEST(dh_multiple_inplace)
{
	/* this tests issue #5223: ops with more than one in-place input */
	inputs();
	/* we will try to replace this op with an in-place version */
	kr_apply *m = apply(&multiple_d, LIST(x, y));
	/* this makes it impossible to run in-place on x */
	kr_variable *e_1 = DOT(kr_apply_output(m, 0), x);
	/* try to confuse the DestroyHandler: this dot can run before
	 * multiple, and then multiple can still run in-place on y */
	kr_variable *e_2 = DOT(y, y);
	kr_fgraph *g = CREATE((x, y), (e_1, e_2), false);
	consistent(g, true);
	static const struct {
		const kr_op_desc *from, *to;
		int failures;
	} steps[] = {
		{&multiple_d, &mip01_d, 1}, /* in-place on x/0 and y/1: fails */
		{&multiple_d, &mip0_d, 1},  /* in-place on x/0: fails */
		{&multiple_d, &mip1_d, 0},  /* in-place on y/1: succeeds */
		{&mip1_d, &mip01_d, 1},     /* x/0 and y/1: still fails */
	};
	for (size_t k = 0; k < sizeof steps / sizeof *steps; k++) {
		int fail = 0;
		topo_sub(g, steps[k].from, steps[k].to, &fail);
		consistent(g, true);
		ck_assert_msg(fail == steps[k].failures,
			      "step %zu: %d failures", k, fail);
	}
	str_is(g, "FunctionGraph(Dot(MultipleInPlace1(x, y), x), Dot(y, y))");
}
END_TEST

/* -------------------------------------------------- queries, orderings */

static size_t position(kr_apply **order, size_t n, const kr_apply *node)
{
	for (size_t k = 0; k < n; k++)
		if (order[k] == node)
			return k;
	ck_abort_msg("node %s not in the order", kr_apply_to_string(node));
	return n;
}

/*
 * A destroyer waits for every other reader of what it destroys, through
 * views: the orderings name them, and the toposort follows them.
 */
START_TEST(dh_orderings_and_toposort)
{
	inputs();
	kr_variable *tx = TV(x);
	kr_variable *rd1 = SIGMOID(tx), *rd2 = ADD(x, z);
	kr_variable *d = AIP(x, y);
	kr_fgraph *g = CREATE((x, y, z), (d, rd1, rd2), true);
	kr_apply *dn = kr_variable_owner(d);
	kr_ordering *ords;
	size_t n;
	ok(kr_fgraph_orderings(&ords, &n, g));
	ck_assert_uint_eq(n, 3);
	for (size_t k = 0; k < n; k++)
		ck_assert_ptr_eq(ords[k].node, dn);
	/*
	 * PyTensor's impact lists the views (breadth first), then the root:
	 * the readers of tx, then those of x in the order of x's clients
	 */
	ck_assert_ptr_eq(ords[0].before, kr_variable_owner(rd1));
	ck_assert_ptr_eq(ords[1].before, kr_variable_owner(tx));
	ck_assert_ptr_eq(ords[2].before, kr_variable_owner(rd2));
	kr_apply **order;
	ok(kr_fgraph_toposort(&order, &n, g));
	ck_assert_uint_eq(n, 4);
	size_t at = position(order, n, dn);
	ck_assert_uint_gt(at, position(order, n, kr_variable_owner(rd1)));
	ck_assert_uint_gt(at, position(order, n, kr_variable_owner(rd2)));
	ck_assert_uint_gt(at, position(order, n, kr_variable_owner(tx)));
	/* without the DestroyHandler, PyTensor's order puts it first */
	kr_fgraph_remove_feature(g, kr_fgraph_destroy_handler(g));
	ok(kr_fgraph_toposort(&order, &n, g));
	ck_assert_ptr_eq(order[0], dn);
	ok(kr_fgraph_orderings(&ords, &n, g));
	ck_assert_uint_eq(n, 0);
}
END_TEST

START_TEST(dh_queries)
{
	inputs();
	kr_variable *t1 = TV(x), *t2 = TV(t1), *t3 = TV(x);
	kr_variable *d = AIP(t2, y);
	kr_fgraph *g = CREATE((x, y, z), (d, t3, SIGMOID(z)), true);
	kr_feature *dh = kr_fgraph_destroy_handler(g);
	ck_assert_ptr_nonnull(dh);
	ck_assert_str_eq(dh->name, "DestroyHandler");
	/* view_i and view_o */
	ck_assert_ptr_eq(kr_destroy_handler_view_of(dh, t2), t1);
	ck_assert_ptr_eq(kr_destroy_handler_view_of(dh, t1), x);
	ck_assert_ptr_null(kr_destroy_handler_view_of(dh, x));
	ck_assert_ptr_null(kr_destroy_handler_view_of(dh, d));
	size_t n;
	kr_variable **views = kr_destroy_handler_views(dh, x, &n);
	ck_assert_uint_eq(n, 2);
	/* recorded in io_toposort order: d's subtree, then t3 */
	ck_assert(views[0] == t1 && views[1] == t3);
	views = kr_destroy_handler_views(dh, t1, &n);
	ck_assert(n == 1 && views[0] == t2);
	ck_assert_ptr_null(kr_destroy_handler_views(dh, y, &n));
	ck_assert_uint_eq(n, 0);
	kr_apply **ds = kr_destroy_handler_destroyers(dh, &n);
	ck_assert(n == 1 && ds[0] == kr_variable_owner(d));
	/* destroying t2 destroys its root x and every view of x */
	kr_variable *destroyed[] = {x, t1, t2, t3};
	for (size_t k = 0; k < 4; k++)
		ck_assert_ptr_eq(kr_fgraph_destroyer(g, destroyed[k]),
				 kr_variable_owner(d));
	ck_assert_ptr_null(kr_fgraph_destroyer(g, y));
	ck_assert_ptr_null(kr_fgraph_destroyer(g, d));
	bool has;
	ok(kr_fgraph_has_destroyers(&has, g, LIST(y, z)));
	ck_assert(!has);
	ok(kr_fgraph_has_destroyers(&has, g, LIST(z, t3)));
	ck_assert(has);
	/* the trees follow changes: t2 now views y */
	replace(g, t1, y);
	ck_assert_ptr_eq(kr_destroy_handler_view_of(dh, t2), y);
	views = kr_destroy_handler_views(dh, x, &n);
	ck_assert(n == 1 && views[0] == t3);
	ck_assert_ptr_null(kr_destroy_handler_view_of(dh, t1)); /* pruned */
	ck_assert_ptr_null(kr_fgraph_destroyer(g, x));
	ck_assert_ptr_eq(kr_fgraph_destroyer(g, y), kr_variable_owner(d));
	/* pruning the destroyer leaves no destroyer */
	replace(g, d, z);
	ck_assert_ptr_null(kr_destroy_handler_destroyers(dh, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert_ptr_null(kr_fgraph_destroyer(g, y));
	ck_assert_ptr_null(kr_destroy_handler_views(dh, y, &n));
}
END_TEST

START_TEST(dh_queries_errors)
{
	inputs();
	kr_fgraph *g = t_fgraph(LIST(x, y), LIST(AIP(x, y)), false);
	bool has = true;
	ck_assert_int_eq(kr_fgraph_has_destroyers(&has, g, LIST(x)),
			 KR_ENOTFOUND);
	ck_assert_ptr_null(kr_fgraph_destroyer(g, x));
	ck_assert_ptr_null(kr_fgraph_destroy_handler(g));
	/* a graph without DestroyHandler does not check in-place ops */
	consistent(g, true);
	/* two destroyers of x: has_destroyers raises, destroyers() not */
	kr_fgraph *g2 = CREATE((x, y), (AIP(x, y), AIP(x, y)), false);
	inconsistent(kr_fgraph_has_destroyers(&has, g2, LIST(y)),
		     "Multiple destroyers of x");
	kr_error_clear();
	ck_assert_ptr_null(kr_fgraph_destroyer(g2, x));
	ck_assert_int_eq(kr_error_last()->code, KR_OK);
}
END_TEST

START_TEST(dh_op_maps)
{
	size_t n;
	const kr_io_pair *p = kr_op_destroy_map(op(&mip01_d), &n);
	ck_assert_uint_eq(n, 2);
	ck_assert(p[1].output == 1 && p[1].input == 1);
	ck_assert_ptr_null(kr_op_view_map(op(&mip01_d), &n));
	ck_assert_uint_eq(n, 0);
	p = kr_op_view_map(op(&tv_d), &n);
	ck_assert(n == 1 && p[0].output == 0 && p[0].input == 0);
	ck_assert_ptr_null(kr_op_destroy_map(kr_op_add(), &n));
}
END_TEST

/* Maps the handler cannot follow: PyTensor's NotImplementedError. */
static const kr_op_desc two_views_d = {FIXED("TwoViews", 2),
				       .view_map = PAIRS({0, 0}, {0, 1})};
static const kr_op_desc far_d = {FIXED("Far", 1),
				 .destroy_map = PAIRS({0, 3})};

START_TEST(dh_unsupported_maps)
{
	inputs();
	kr_variable *v = call(&two_views_d, LIST(x, y));
	kr_fgraph *g = CREATE((x, y, z), (SIGMOID(v)), false);
	ck_assert_int_eq(kr_fgraph_validate(g), KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "DestroyHandler: the view_map of TwoViews gives "
			 "output 0 several inputs, which PyTensor refuses "
			 "too");
	kr_apply **order;
	size_t n;
	ck_assert_int_eq(kr_fgraph_toposort(&order, &n, g), KR_EINVALID);
	/* the node leaves: the graph is valid again */
	replace(g, v, z);
	ok(kr_fgraph_validate(g));
	kr_variable *f = call(&far_d, LIST(x));
	g = CREATE((x), (f), false);
	ck_assert_int_eq(kr_fgraph_validate(g), KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message,
				     "names output 0 and input 3"));
}
END_TEST

START_TEST(dh_attach_detach_clone)
{
	inputs();
	kr_variable *e = AIP(x, TV(x));
	kr_fgraph *g = t_fgraph(LIST(x), LIST(e), false);
	consistent(g, true);
	kr_feature *dh = kr_destroy_handler_new();
	ok(kr_fgraph_attach_feature(g, dh));
	consistent(g, false);
	/* a second one is not attached (AlreadyThere) */
	kr_feature *dh2 = kr_destroy_handler_new();
	ok(kr_fgraph_attach_feature(g, dh2));
	ck_assert_ptr_eq(kr_fgraph_destroy_handler(g), dh);
	/* one graph per handler */
	kr_fgraph *other = t_fgraph(LIST(y), LIST(SIGMOID(y)), false);
	ck_assert_int_eq(kr_fgraph_attach_feature(other, dh), KR_EINVALID);
	/* a clone gets a DestroyHandler of its own */
	kr_fgraph *c;
	ok(kr_fgraph_clone(&c, g));
	ck_assert_ptr_nonnull(kr_fgraph_destroy_handler(c));
	ck_assert_ptr_ne(kr_fgraph_destroy_handler(c), dh);
	consistent(c, false);
	/* detached, it checks nothing; attached again, it follows again */
	kr_fgraph_remove_feature(g, dh);
	consistent(g, true);
	ok(kr_fgraph_attach_feature(other, dh));
	consistent(other, true);
	kr_fgraph_remove_feature(other, dh);
	ok(kr_fgraph_attach_feature(g, dh));
	consistent(g, false);
}
END_TEST

START_TEST(dh_indestructible_clones)
{
	inputs();
	kr_variable_set_indestructible(x, true);
	kr_variable *t = TV(x);
	kr_variable_set_indestructible(t, true);
	kr_variable *e = AIP(y, t);
	kr_fgraph *g = CREATE((x, y), (e), true);
	kr_fgraph *c;
	kr_equiv *eq;
	ok(kr_fgraph_clone_get_equiv(&c, &eq, g, true));
	ck_assert(kr_variable_is_indestructible(kr_equiv_variable(eq, x)));
	ck_assert(kr_variable_is_indestructible(kr_equiv_variable(eq, t)));
	ck_assert(!kr_variable_is_indestructible(kr_equiv_variable(eq, y)));
	/* destroying the view of x is refused in the copy, as in g */
	kr_variable *cx = kr_equiv_variable(eq, x);
	kr_variable *cy = kr_equiv_variable(eq, y);
	kr_variable *ce = kr_equiv_variable(eq, e);
	inconsistent(kr_fgraph_replace_validate(c, ce, AIP(TV(cx), cy), NULL),
		     "indestructible variables: [");
	consistent(c, true);
	/* a constant can never be destroyed */
	kr_variable *k = kr_constant_new(2.0, kr_type_scalar(KR_FLOAT64));
	inconsistent(kr_fgraph_replace_validate(g, e, AIP(k, y), NULL),
		     "Attempting to destroy indestructible variables: [2.0]");
}
END_TEST

/* ------------------------------------------------------------ Supervisor */

START_TEST(dh_supervisor)
{
	inputs();
	kr_variable *e1 = ADD(x, y), *e2 = SIGMOID(z);
	kr_fgraph *g = CREATE((x, y, z), (e1, e2), true);
	kr_feature *sv = kr_supervisor_new(LIST(x));
	ok(kr_fgraph_attach_feature(g, sv));
	ok(kr_fgraph_attach_feature(g, kr_supervisor_new(LIST(y))));
	/* x is protected */
	inconsistent(kr_fgraph_replace_validate(g, e1, AIP(x, y), NULL),
		     "Trying to destroy a protected variable: x");
	str_is(g, "FunctionGraph(Add(x, y), Sigmoid(z))");
	/* y is not (the second Supervisor was not attached) */
	ok(kr_fgraph_replace_validate(g, e1, AIP(y, x), NULL));
	/* an output is protected: destroying a view of it as well */
	kr_variable *out1 = kr_fgraph_output(g, 1);
	kr_variable *w = myvar("w");
	ok(kr_fgraph_add_input(g, w));
	ok(kr_fgraph_add_output(g, AIP(TV(out1), w), NULL));
	inconsistent(kr_fgraph_validate(g),
		     "Trying to destroy a protected variable: Sigmoid.0");
	/* without DestroyHandler a Supervisor checks nothing */
	kr_fgraph *h = t_fgraph(LIST(x, y), LIST(AIP(x, y)), false);
	ok(kr_fgraph_attach_feature(h, kr_supervisor_new(LIST(x))));
	consistent(h, true);
	/* a clone keeps its protected list */
	kr_fgraph *c;
	kr_equiv *eq;
	ok(kr_fgraph_clone_get_equiv(&c, &eq, g, true));
	ok(kr_fgraph_attach_feature(c, kr_destroy_handler_new()));
	inconsistent(kr_fgraph_validate(c), "protected variable");
}
END_TEST

/* ---------------------------------------------------------- rewriters */

/*
 * Two identical nodes, each destroyed by its own client: merging them
 * would make one variable destroyed twice. As PyTensor 2.32 (whose guard
 * against it never fires), the merge is tried, refused by validation,
 * and counted as a failure.
 */
START_TEST(dh_merge_refused)
{
	inputs();
	kr_variable *w = myvar("w");
	kr_variable *a1 = ADD(x, y), *a2 = ADD(x, y);
	kr_fgraph *g = CREATE((x, y, z, w), (AIP(a1, z), AIP(a2, w)), true);
	kr_profile *prof;
	ok(kr_graph_rewriter_rewrite(kr_merge_optimizer_new(), g, &prof));
	size_t nb_fail, nb_merged, nb_atomic;
	double t;
	ok(kr_merge_profile_stats(prof, &nb_fail, &t, &nb_merged, &nb_atomic));
	ck_assert_uint_eq(nb_fail, 1);
	ck_assert_uint_eq(nb_merged, 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(g), 4);
	consistent(g, true);
	/* without destroyers the same nodes merge */
	kr_fgraph *h = CREATE((x, y, z, w), (ADD(a1, z), ADD(a2, w)), true);
	ok(kr_graph_rewriter_rewrite(kr_merge_optimizer_new(), h, &prof));
	ok(kr_merge_profile_stats(prof, &nb_fail, &t, &nb_merged, &nb_atomic));
	ck_assert_uint_eq(nb_fail, 0);
	ck_assert_uint_eq(nb_merged, 1);
	ck_assert_uint_eq(kr_fgraph_nnodes(h), 3);
}
END_TEST

/* warn_inplace: silent on inconsistencies, a warning for the rest. */
START_TEST(dh_warn_inplace)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	kr_graph_rewriter *rw = kr_merge_optimizer_new();
	kr_failure fail = {KR_EINCONSISTENT, "cycles", rw, NULL, NULL, NULL};
	ck_assert_int_eq(kr_failure_warn_inplace(&fail, f), 0);
	fflush(f);
	ck_assert_uint_eq(len, 0);
	fail.code = KR_EINVALID;
	ck_assert_int_eq(kr_failure_warn_inplace(&fail, f), 0);
	fclose(f);
	ck_assert_str_eq(text,
			 "WARNING: MergeOptimizer None: failed: cycles\n");
	free(text);
	/* in2out's default: an in-place change refused is not reported */
	inputs();
	kr_fgraph *g = CREATE((x, y), (DOT(AIP(x, y), SIGMOID(x))), true);
	kr_node_rewriter *sub = kr_substitution_node_rewriter_new(
		op(&sigmoid_d), op(&tv_d));
	rw = kr_walking_rewriter(KR_IN_TO_OUT, 1, &sub);
	ok(kr_graph_rewriter_rewrite(rw, g, NULL));
	str_is(g, "FunctionGraph(Dot(AddInPlace(x, y), Sigmoid(x)))");
}
END_TEST

/* optdb's add_destroy_handler leaves a DestroyHandler on the graph. */
START_TEST(dh_optdb_attaches)
{
	kr_variable *a = kr_variable_new(kr_type_vector(), "a");
	kr_variable *b = kr_variable_new(kr_type_vector(), "b");
	kr_variable *s = NULL;
	ok(kr_op_call(&s, kr_op_add(), LIST(a, b)));
	kr_fgraph *g = t_fgraph(LIST(a, b), LIST(s), false);
	kr_rewrite_graph_opts o = KR_REWRITE_GRAPH_OPTS_INIT;
	ok(kr_rewrite_fgraph_query(g, &o)); /* canonicalize only */
	ck_assert_ptr_null(kr_fgraph_destroy_handler(g));
	o.include = KR_TAGS("fast_run");
	ok(kr_rewrite_fgraph_query(g, &o));
	ck_assert_ptr_nonnull(kr_fgraph_destroy_handler(g));
	o.exclude = KR_TAGS("inplace");
	kr_fgraph *h = t_fgraph(LIST(a, b), LIST(s), true);
	ok(kr_rewrite_fgraph_query(h, &o));
	ck_assert_ptr_null(kr_fgraph_destroy_handler(h));
	consistent(g, true);
}
END_TEST

Suite *destroy_suite(void)
{
	Suite *s = suite_create("destroy");
	TCase *tc = tcase_create("test_destroyhandler");
	tcase_add_test(tc, dh_misc);
	tcase_add_test(tc, dh_aliased_inputs_replacement);
	tcase_add_test(tc, dh_indestructible);
	tcase_add_test(tc, dh_usage_loop_through_views_2);
	tcase_add_test(tc, dh_destroyers_loop);
	tcase_add_test(tc, dh_aliased_inputs);
	tcase_add_test(tc, dh_aliased_inputs2);
	tcase_add_test(tc, dh_aliased_inputs_tolerate);
	tcase_add_test(tc, dh_aliased_inputs_tolerate2);
	tcase_add_test(tc, dh_same_aliased_inputs_ignored);
	tcase_add_test(tc, dh_different_aliased_inputs_ignored);
	tcase_add_test(tc, dh_indestructible_through_views);
	tcase_add_test(tc, dh_indirect);
	tcase_add_test(tc, dh_indirect_2);
	tcase_add_test(tc, dh_long_destroyers_loop);
	tcase_add_test(tc, dh_misc_2);
	tcase_add_test(tc, dh_multi_destroyers);
	tcase_add_test(tc, dh_multi_destroyers_through_views);
	tcase_add_test(tc, dh_repair_destroy_path);
	tcase_add_test(tc, dh_usage_loop);
	tcase_add_test(tc, dh_usage_loop_through_views);
	tcase_add_test(tc, dh_usage_loop_insert_views);
	tcase_add_test(tc, dh_value_repl);
	tcase_add_test(tc, dh_value_repl_2);
	tcase_add_test(tc, dh_multiple_inplace);
	suite_add_tcase(s, tc);
	tc = tcase_create("queries");
	tcase_add_test(tc, dh_orderings_and_toposort);
	tcase_add_test(tc, dh_queries);
	tcase_add_test(tc, dh_queries_errors);
	tcase_add_test(tc, dh_op_maps);
	tcase_add_test(tc, dh_unsupported_maps);
	tcase_add_test(tc, dh_attach_detach_clone);
	tcase_add_test(tc, dh_indestructible_clones);
	suite_add_tcase(s, tc);
	tc = tcase_create("supervisor");
	tcase_add_test(tc, dh_supervisor);
	suite_add_tcase(s, tc);
	tc = tcase_create("rewriters");
	tcase_add_test(tc, dh_merge_refused);
	tcase_add_test(tc, dh_warn_inplace);
	tcase_add_test(tc, dh_optdb_attaches);
	suite_add_tcase(s, tc);
	return s;
}
