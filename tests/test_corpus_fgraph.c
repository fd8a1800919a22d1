/* test_corpus_fgraph.c -- corpus: PyTensor's FunctionGraph, features and graph-utility tests. */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"

/*
 * Ports of pymc-devs/pytensor tests/graph/test_fg.py, test_features.py
 * and test_basic.py. Their helper ops (tests/graph/utils.py and the local
 * classes) become op descriptors here:
 *
 *  - MyType is the float64 ScalarType and MyType2 the int64 one, so a
 *    MyVariable2 can never replace a MyVariable (Type.is_super fails);
 *  - op1, op2, op3 are variadic ops of one output named Op1..Op3 that
 *    reject inputs of another type (MyOp's "Error 1"); `mop` is MyOp with
 *    n_outs=2;
 *  - test_basic.py's MyOp is the variadic op `MyOp`; its MyType(thingy)
 *    only feeds the leaf formatter, so the leaves carry the names R1, R2
 *    ... that the formatter would print; `Two` stands for the
 *    two-output ops (max_and_argmax, op_multiple_outputs);
 *  - test_features.py's MyOp(nin, name) are the fixed-arity ops Sigmoid,
 *    Add and Dot.
 */

/* ------------------------------------------------------------ test ops */

static int two_infer(const kr_type **out, const kr_op *op, size_t nin,
		     const kr_type *const *in)
{
	for (size_t i = 0; i < nin; i++)
		if (!kr_type_equal(in[i], kr_type_scalar(KR_FLOAT64)))
			return kr_error_set(KR_EINVALID, "%s: Error 1",
					    kr_op_name(op));
	out[0] = out[1] = kr_type_scalar(KR_FLOAT64);
	return 0;
}

#define VARIADIC(n) .name = (n), .min_inputs = 0, .max_inputs = -1
#define FIXED(n, k) .name = (n), .min_inputs = (k), .max_inputs = (k)

static const kr_op_desc op1_desc = {VARIADIC("Op1"), .infer = t_my_infer};
static const kr_op_desc op2_desc = {VARIADIC("Op2"), .infer = t_my_infer};
static const kr_op_desc op3_desc = {VARIADIC("Op3"), .infer = t_my_infer};
static const kr_op_desc mop_desc = {
	VARIADIC("mop"), .nout = 2, .infer_outputs = two_infer};
static const kr_op_desc myop_desc = {VARIADIC("MyOp"), .infer = t_my_infer};
static const kr_op_desc two_desc = {
	VARIADIC("Two"), .nout = 2, .infer_outputs = two_infer};
static const kr_op_desc sigmoid_desc = {FIXED("Sigmoid", 1),
					.infer = t_my_infer};
static const kr_op_desc add_desc = {FIXED("Add", 2), .infer = t_my_infer};
static const kr_op_desc dot_desc = {FIXED("Dot", 2), .infer = t_my_infer};

#define VS(...) ((kr_variable *[]){__VA_ARGS__})
#define NV(...) (sizeof(VS(__VA_ARGS__)) / sizeof(kr_variable *))
#define LIST(...) NV(__VA_ARGS__), VS(__VA_ARGS__)
#define NS(...) ((kr_apply *[]){__VA_ARGS__})
#define NN(...) (sizeof(NS(__VA_ARGS__)) / sizeof(kr_apply *))
#define OWNER(v) kr_variable_owner(v)

static kr_apply *apply(const kr_op_desc *d, size_t n, kr_variable *const *in)
{
	kr_apply *node = NULL;
	int rc = kr_apply_make(&node, kr_op_new(d, NULL), n, in);
	ck_assert_msg(rc == 0, "%s: %s", d->name, kr_error_last()->message);
	return node;
}

static kr_variable *call(const kr_op_desc *d, size_t n,
			 kr_variable *const *in)
{
	return kr_apply_output(apply(d, n, in), 0);
}

/* The default output of op(args...); APPLY gives the node. */
#define CALL(d, ...) call((d), LIST(__VA_ARGS__))
#define CALL0(d) call((d), 0, NULL)
#define APPLY(d, ...) apply((d), LIST(__VA_ARGS__))
#define OP1(...) CALL(&op1_desc, __VA_ARGS__)
#define OP2(...) CALL(&op2_desc, __VA_ARGS__)
#define OP3(...) CALL(&op3_desc, __VA_ARGS__)
#define MYOP(...) CALL(&myop_desc, __VA_ARGS__)

static kr_variable *named(kr_variable *v, const char *name)
{
	kr_variable_set_name(v, name);
	return v;
}

/* MyVariable(name) and MyVariable2(name) of tests/graph/utils.py. */
static kr_variable *myvar(const char *name)
{
	return kr_variable_new(kr_type_scalar(KR_FLOAT64), name);
}

static kr_variable *myvar2(const char *name)
{
	return kr_variable_new(kr_type_scalar(KR_INT64), name);
}

/* ------------------------------------------------------------- checks */

#define fg_new(...) t_fgraph(__VA_ARGS__, false)

#define FG(ins, outs) fg_new(LIST ins, LIST outs)

static void ok(int rc)
{
	ck_assert_msg(rc == 0, "error %d: %s", rc, kr_error_last()->message);
}

static void integrity(const kr_fgraph *fg)
{
	int rc = kr_fgraph_check_integrity(fg);
	ck_assert_msg(rc == 0, "check_integrity: %s", kr_error_last()->message);
}

static const char *vstr(const kr_variable *v)
{
	return v ? kr_variable_to_string(v) : "(null)";
}

static void expect_list(const char *what, size_t n, kr_variable *const *got,
			size_t m, kr_variable *const *want)
{
	ck_assert_msg(n == m, "%s: %zu items, want %zu", what, n, m);
	for (size_t k = 0; k < n; k++)
		ck_assert_msg(got[k] == want[k], "%s[%zu] is %s, want %s", what,
			      k, vstr(got[k]), vstr(want[k]));
}

static void expect_inputs(const kr_fgraph *fg, size_t m,
			  kr_variable *const *want)
{
	size_t n = kr_fgraph_ninputs(fg);
	kr_variable **got = kr_alloc((n + 1) * sizeof *got);
	for (size_t k = 0; k < n; k++)
		got[k] = kr_fgraph_input(fg, k);
	expect_list("inputs", n, got, m, want);
}

static void expect_outputs(const kr_fgraph *fg, size_t m,
			   kr_variable *const *want)
{
	size_t n = kr_fgraph_noutputs(fg);
	kr_variable **got = kr_alloc((n + 1) * sizeof *got);
	for (size_t k = 0; k < n; k++)
		got[k] = kr_fgraph_output(fg, k);
	expect_list("outputs", n, got, m, want);
}

#define INPUTS(fg, ...) expect_inputs((fg), LIST(__VA_ARGS__))
#define OUTPUTS(fg, ...) expect_outputs((fg), LIST(__VA_ARGS__))
#define NO_OUTPUTS(fg) ck_assert_uint_eq(kr_fgraph_noutputs(fg), 0)

/* fg.apply_nodes == {nodes...} (a set). */
static void expect_node_set(const kr_fgraph *fg, size_t m,
			    kr_apply *const *want)
{
	size_t n;
	kr_apply *const *got = kr_fgraph_apply_nodes(fg, &n);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), n);
	ck_assert_msg(n == m, "%zu apply nodes, want %zu", n, m);
	for (size_t k = 0; k < m; k++) {
		ck_assert_msg(kr_fgraph_has_node(fg, want[k]),
			      "node %zu missing", k);
		bool listed = false;
		for (size_t j = 0; j < n; j++)
			listed |= got[j] == want[k];
		ck_assert_msg(listed, "node %zu not listed", k);
	}
}

#define NODES(fg, ...) expect_node_set((fg), NN(__VA_ARGS__), NS(__VA_ARGS__))
#define NO_NODES(fg) ck_assert_uint_eq(kr_fgraph_nnodes(fg), 0)

/* fg.variables == {vars...} (a set). */
static void expect_var_set(const kr_fgraph *fg, size_t m,
			   kr_variable *const *want)
{
	ck_assert_uint_eq(kr_fgraph_nvariables(fg), m);
	for (size_t k = 0; k < m; k++)
		ck_assert_msg(kr_fgraph_has_variable(fg, want[k]),
			      "%s is not a variable", vstr(want[k]));
}

#define VARIABLES(fg, ...) expect_var_set((fg), LIST(__VA_ARGS__))

/* fg.get_clients(v) == [(node, index), ...] in order. */
static void expect_clients(const kr_fgraph *fg, const kr_variable *v,
			   size_t m, const kr_client *want)
{
	size_t n;
	const kr_client *got = kr_fgraph_clients(fg, v, &n);
	ck_assert_msg(n == m, "%s has %zu clients, want %zu", vstr(v), n, m);
	for (size_t k = 0; k < n; k++) {
		ck_assert_msg(got[k].node == want[k].node,
			      "client %zu of %s: another node", k, vstr(v));
		ck_assert_int_eq(got[k].index, want[k].index);
	}
}

#define CL(node, i) ((kr_client){(node), (i)})
#define CLIENTS(fg, v, ...)                                                   \
	expect_clients((fg), (v),                                             \
		       sizeof((kr_client[]){__VA_ARGS__}) / sizeof(kr_client), \
		       (kr_client[]){__VA_ARGS__})
#define NO_CLIENTS(fg, v) expect_clients((fg), (v), 0, NULL)

static bool has_client(const kr_fgraph *fg, const kr_variable *v,
		       const kr_apply *node, int index)
{
	size_t n;
	const kr_client *cl = kr_fgraph_clients(fg, v, &n);
	for (size_t k = 0; k < n; k++)
		if (cl[k].node == node && cl[k].index == index)
			return true;
	return false;
}

/* No client list of the given variables names node (the test's chain over
 * fg.clients.values(); here over the variables the test knows). */
static void expect_no_client_node(const kr_fgraph *fg, const kr_apply *node,
				  size_t m, kr_variable *const *vars)
{
	for (size_t k = 0; k < m; k++) {
		size_t n;
		const kr_client *cl = kr_fgraph_clients(fg, vars[k], &n);
		for (size_t j = 0; j < n; j++)
			ck_assert_msg(cl[j].node != node,
				      "%s still has the node as a client",
				      vstr(vars[k]));
	}
}

#define NOT_A_CLIENT(fg, node, ...)                                           \
	expect_no_client_node((fg), (node), LIST(__VA_ARGS__))

/* A node's tag.imported_by / removed_by is exactly the n reasons given. */
static void expect_reasons(const char *what, const char *const *got, size_t n,
			   size_t m, const char *const *want)
{
	ck_assert_msg(n == m, "%s: %zu reasons, want %zu", what, n, m);
	for (size_t k = 0; k < n; k++)
		ck_assert_str_eq(got[k], want[k]);
}

#define SS(...) ((const char *[]){__VA_ARGS__})
#define NSS(...) (sizeof(SS(__VA_ARGS__)) / sizeof(const char *))
#define IMPORTED_BY(node, ...)                                                \
	do {                                                                  \
		size_t n_;                                                    \
		const char *const *r_ = kr_apply_imported_by((node), &n_);   \
		expect_reasons("imported_by", r_, n_, NSS(__VA_ARGS__),       \
			       SS(__VA_ARGS__));                              \
	} while (0)
#define REMOVED_BY(node, ...)                                                 \
	do {                                                                  \
		size_t n_;                                                    \
		const char *const *r_ = kr_apply_removed_by((node), &n_);    \
		expect_reasons("removed_by", r_, n_, NSS(__VA_ARGS__),        \
			       SS(__VA_ARGS__));                              \
	} while (0)

/* No tag.imported_by (removed_by): never imported (removed). */
#define NOT_IMPORTED(node)                                                    \
	do {                                                                  \
		size_t n_;                                                    \
		ck_assert_ptr_null(kr_apply_imported_by((node), &n_));       \
		ck_assert_uint_eq(n_, 0);                                     \
	} while (0)
#define NOT_REMOVED(node)                                                     \
	do {                                                                  \
		size_t n_;                                                    \
		ck_assert_ptr_null(kr_apply_removed_by((node), &n_));        \
		ck_assert_uint_eq(n_, 0);                                     \
	} while (0)

/* What the optimizer_verbose stream received while it was `f`. */
static char *verbose_text(FILE *f, char **buf)
{
	kr_set_optimizer_verbose(NULL);
	fclose(f);
	return *buf;
}

/* =================================================== tests/graph/test_fg.py */

/*
 * The graph most test_fg.py cases build: var3 = op1(var2, var1),
 * var4 = op2(var3, var2), var5 = op3(var4, var2, var2), outputs var3, var5.
 */
typedef struct g5 {
	kr_variable *var1, *var2, *var3, *var4, *var5;
	kr_fgraph *fg;
} g5;

/* Its variables only (fg NULL), for cases that make their own graph. */
static g5 graph5_vars(void)
{
	g5 g;
	g.var1 = myvar("var1");
	g.var2 = myvar("var2");
	g.var3 = OP1(g.var2, g.var1);
	g.var4 = OP2(g.var3, g.var2);
	g.var5 = OP3(g.var4, g.var2, g.var2);
	g.fg = NULL;
	return g;
}

static g5 graph5(void)
{
	g5 g = graph5_vars();
	g.fg = FG((g.var1, g.var2), (g.var3, g.var5));
	return g;
}

/* TestFunctionGraph.test_validate_inputs (the inputs-with-owner error). */
START_TEST(fg_validate_inputs)
{
	kr_variable *var1 = CALL0(&op1_desc), *var2 = CALL0(&op2_desc);
	kr_variable *var3 = OP1(var1);
	kr_fgraph *fg = NULL;
	ck_assert_int_eq(kr_fgraph_new(&fg, LIST(var3), LIST(var2), false),
			 KR_EINVALID);
	ck_assert_ptr_null(fg);
	const char *msg = kr_error_last()->message;
	ck_assert_msg(strstr(msg, "output of an existing"), "%s", msg);
}
END_TEST

/* TestFunctionGraph.test_init */
START_TEST(fg_init)
{
	kr_variable *var1 = myvar("var1"), *var2 = myvar("var2");
	kr_variable *var3 = OP1(var1), *var4 = OP2(var3, var2);
	kr_fgraph *fg = FG((var1, var2), (var3, var4));
	INPUTS(fg, var1, var2);
	OUTPUTS(fg, var3, var4);
	NODES(fg, OWNER(var3), OWNER(var4));
	integrity(fg);
	VARIABLES(fg, var1, var2, var3, var4);
	CLIENTS(fg, var1, CL(OWNER(var3), 0));
	CLIENTS(fg, var2, CL(OWNER(var4), 1));
	size_t n;
	const kr_client *cl = kr_fgraph_clients(fg, var3, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert(kr_apply_is_output(cl[0].node));
	ck_assert_int_eq(kr_apply_output_index(cl[0].node), 0);
	ck_assert_ptr_eq(cl[1].node, OWNER(var4));
	ck_assert_int_eq(cl[1].index, 0);
	cl = kr_fgraph_clients(fg, var4, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert(kr_apply_is_output(cl[0].node));
	ck_assert_int_eq(kr_apply_output_index(cl[0].node), 1);

	/* inputs inferred from the outputs; the constant is not one */
	kr_variable *varC = NULL;
	ok(kr_constant_make(&varC, kr_type_scalar(KR_FLOAT64),
			    kr_value_scalar(KR_FLOAT64, 0)));
	kr_variable_set_name(varC, "varC");
	kr_variable *var5 = OP1(var1, varC);
	fg = fg_new(0, NULL, LIST(var3, var4, var5));
	INPUTS(fg, var1, var2);

	/* the memo of a clone: through kr_fgraph_clone_get_equiv() */
	fg = fg_new(0, NULL, LIST(var3, var4));
	kr_fgraph *copy = NULL;
	kr_equiv *memo = NULL;
	ok(kr_fgraph_clone_get_equiv(&copy, &memo, fg, false));
	for (int k = 0; k < 2; k++) {
		kr_variable *v = k ? var2 : var1;
		kr_variable *c = kr_equiv_variable(memo, v);
		ck_assert_ptr_nonnull(c);
		ck_assert(kr_type_equal(kr_variable_type(c),
					kr_variable_type(v)));
		ck_assert_str_eq(kr_variable_name(c), kr_variable_name(v));
	}
	ck_assert_ptr_nonnull(kr_equiv_variable(memo, var3));
	ck_assert_ptr_nonnull(kr_equiv_variable(memo, var4));
}
END_TEST

/*
 * TestFunctionGraph.test_import_node: a missing input refuses the node
 * (nothing is imported), import_missing makes it an input; a node gets
 * tag.imported_by when it is imported (str(None) for no reason), the
 * graph's own nodes have `init`.
 */
START_TEST(fg_import_node)
{
	g5 g = graph5();
	kr_variable *var8 = myvar("var8"), *var6 = OP2(var8);
	ck_assert_int_eq(kr_fgraph_import_node(g.fg, OWNER(var6), NULL),
			 KR_ENOTFOUND);
	ck_assert(!kr_fgraph_has_variable(g.fg, var8));
	NOT_IMPORTED(OWNER(var6));
	ok(kr_fgraph_import_node_ex(g.fg, OWNER(var6), NULL,
				    KR_IMPORT_MISSING));
	INPUTS(g.fg, g.var1, g.var2, var8);
	ck_assert(kr_fgraph_has_node(g.fg, OWNER(var6)));

	kr_variable *var7 = OP2(g.var2);
	NOT_IMPORTED(OWNER(var7)); /* not hasattr(tag, "imported_by") */
	ok(kr_fgraph_import_node(g.fg, OWNER(var7), NULL));
	IMPORTED_BY(OWNER(var7), "None");
	ck_assert(kr_fgraph_has_variable(g.fg, var7));
	ck_assert(kr_fgraph_has_node(g.fg, OWNER(var7)));
	ck_assert(has_client(g.fg, g.var2, OWNER(var7), 0));
	IMPORTED_BY(OWNER(g.var3), "init");
	IMPORTED_BY(OWNER(g.var5), "init");
	NOT_REMOVED(OWNER(g.var5));
}
END_TEST

/* TestFunctionGraph.test_import_var (without NullType). */
START_TEST(fg_import_var)
{
	g5 g = graph5();
	kr_variable *var0 = myvar("var0");
	ck_assert_int_eq(kr_fgraph_import_var(g.fg, var0, "testing", 0),
			 KR_ENOTFOUND);
	ok(kr_fgraph_import_var(g.fg, var0, NULL, KR_IMPORT_MISSING));
	INPUTS(g.fg, g.var1, g.var2, var0);
	kr_variable *var5 = CALL0(&op2_desc);
	ok(kr_fgraph_import_var(g.fg, var5, "testing", 0));
	ck_assert(kr_fgraph_has_variable(g.fg, var5));
	ck_assert(kr_fgraph_has_node(g.fg, OWNER(var5)));
}
END_TEST

/* TestFunctionGraph.test_change_input */
START_TEST(fg_change_input)
{
	g5 g = graph5();
	kr_variable *var6 = myvar2("var6");
	kr_client out_client;
	ok(kr_fgraph_get_output_client(&out_client, g.fg, 0));
	ck_assert(kr_apply_is_output(out_client.node));
	ck_assert_int_eq(kr_fgraph_change_node_input(g.fg, out_client.node, 0,
						     var6, NULL),
			 KR_EINVALID);
	ck_assert_int_eq(kr_fgraph_change_node_input(g.fg, OWNER(g.var5), 1,
						     var6, NULL),
			 KR_EINVALID);

	/* the same variable again: nothing changes */
	size_t nvars = kr_fgraph_nvariables(g.fg);
	ok(kr_fgraph_change_node_input(g.fg, OWNER(g.var5), 1, g.var2, NULL));
	NODES(g.fg, OWNER(g.var3), OWNER(g.var4), OWNER(g.var5));
	ck_assert_uint_eq(kr_fgraph_nvariables(g.fg), nvars);
	VARIABLES(g.fg, g.var1, g.var2, g.var3, g.var4, g.var5);
	ok(kr_fgraph_get_output_client(&out_client, g.fg, 1));
	CLIENTS(g.fg, g.var5, out_client);

	ok(kr_fgraph_change_node_input(g.fg, OWNER(g.var5), 1, g.var1, NULL));
	ck_assert_ptr_eq(kr_apply_input(OWNER(g.var5), 1), g.var1);
	ck_assert(!has_client(g.fg, g.var2, OWNER(g.var5), 1));
	integrity(g.fg);
}
END_TEST

/* TestFunctionGraph.test_replace */
START_TEST(fg_replace)
{
	g5 g = graph5();
	kr_variable *var0 = myvar2("var0");
	ck_assert_int_eq(kr_fgraph_replace(g.fg, g.var3, var0, NULL),
			 KR_EINVALID);
	ok(kr_fgraph_replace_all(g.fg, 1, VS(g.var3), VS(g.var1), NULL));
	ck_assert(!kr_fgraph_has_variable(g.fg, g.var3));
	NODES(g.fg, OWNER(g.var4), OWNER(g.var5));
	ck_assert_uint_eq(kr_apply_ninputs(OWNER(g.var4)), 2);
	ck_assert_ptr_eq(kr_apply_input(OWNER(g.var4), 0), g.var1);
	ck_assert_ptr_eq(kr_apply_input(OWNER(g.var4), 1), g.var2);
	integrity(g.fg);
}
END_TEST

/*
 * TestFunctionGraph.test_replace_verbose: fgraph.replace with verbose
 * (here the optimizer_verbose stream) writes the replacement, nothing
 * else.
 */
START_TEST(fg_replace_verbose)
{
	kr_variable *var1 = myvar("var1"), *var2 = myvar("var2");
	kr_variable *var3 = OP1(var2, var1);
	kr_fgraph *fg = FG((var1, var2), (var3));
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	kr_set_optimizer_verbose(f);
	ok(kr_fgraph_replace(fg, var3, var1, "test-reason"));
	ck_assert_str_eq(verbose_text(f, &buf),
			 "rewriting: rewrite test-reason replaces Op1.0 of "
			 "Op1(var2, var1) with var1 of None\n");
	free(buf);
	OUTPUTS(fg, var1);
}
END_TEST

/* TestFunctionGraph.test_replace_circular */
START_TEST(fg_replace_circular)
{
	g5 g = graph5();
	ok(kr_fgraph_replace_all(g.fg, 1, VS(g.var3), VS(g.var4), NULL));
	NODES(g.fg, OWNER(g.var4), OWNER(g.var5));
	ck_assert_uint_eq(kr_apply_ninputs(OWNER(g.var4)), 2);
	ck_assert_ptr_eq(kr_apply_input(OWNER(g.var4), 0), g.var4);
	ck_assert_ptr_eq(kr_apply_input(OWNER(g.var4), 1), g.var2);
}
END_TEST

/*
 * TestFunctionGraph.test_replace_bad_state: a MissingInputError. PyTensor
 * leaves the graph broken (its FIXME); ours stays intact (fgraph.h).
 */
START_TEST(fg_replace_bad_state)
{
	g5 g = graph5();
	kr_variable *var0 = myvar("var0");
	ck_assert_int_eq(kr_fgraph_replace(g.fg, g.var1, var0, NULL),
			 KR_ENOTFOUND);
	ck_assert_ptr_eq(kr_apply_input(OWNER(g.var3), 1), g.var1);
	integrity(g.fg);
}
END_TEST

/*
 * TestFunctionGraph.test_check_integrity, the client cases: a client
 * taken away by hand makes the graph inconsistent until it is added back;
 * add_client refuses what would corrupt the bookkeeping (PyTensor lets it
 * through and check_integrity then complains).
 */
START_TEST(fg_check_integrity)
{
	g5 g = graph5();
	integrity(g.fg);
	kr_apply *n5 = OWNER(g.var5);
	ok(kr_fgraph_remove_client(g.fg, g.var2, n5, 1, NULL));
	ck_assert_int_eq(kr_fgraph_check_integrity(g.fg), KR_ERROR);
	ck_assert_msg(strstr(kr_error_last()->message,
			     "inconsistent graph: Inconsistent clients"),
		      "%s", kr_error_last()->message);
	ok(kr_fgraph_add_client(g.fg, g.var2, n5, 1));
	integrity(g.fg);
	/* already recorded, not that input, a node outside the graph */
	ck_assert_int_eq(kr_fgraph_add_client(g.fg, g.var2, n5, 1),
			 KR_EINVALID);
	ck_assert_int_eq(kr_fgraph_add_client(g.fg, g.var4, OWNER(g.var3), 0),
			 KR_EINVALID);
	kr_variable *var7 = OP1(g.var4);
	ck_assert_int_eq(kr_fgraph_add_client(g.fg, g.var4, OWNER(var7), 0),
			 KR_EINVALID);
	ck_assert_msg(strstr(kr_error_last()->message, "not in the graph"),
		      "%s", kr_error_last()->message);
	integrity(g.fg);
}
END_TEST

/*
 * TestFunctionGraph.test_remove_client: var3 = op1(var2, var1),
 * var4 = op2(var3, var2), var5 = op3(var4, var2, var2), outputs var3 and
 * var5. Removing the last client of var4 prunes its node (removed_by the
 * reason), which in turn stops being a client of var3 and var2, although
 * (var4.owner, 1) was taken from var2's clients already.
 */
START_TEST(fg_remove_client)
{
	g5 g = graph5();
	VARIABLES(g.fg, g.var1, g.var2, g.var3, g.var4, g.var5);
	CLIENTS(g.fg, g.var2, CL(OWNER(g.var3), 0), CL(OWNER(g.var4), 1),
		CL(OWNER(g.var5), 1), CL(OWNER(g.var5), 2));
	ok(kr_fgraph_remove_client(g.fg, g.var2, OWNER(g.var4), 1, NULL));
	CLIENTS(g.fg, g.var2, CL(OWNER(g.var3), 0), CL(OWNER(g.var5), 1),
		CL(OWNER(g.var5), 2));
	ok(kr_fgraph_remove_client(g.fg, g.var1, OWNER(g.var3), 1, NULL));
	NO_CLIENTS(g.fg, g.var1);
	ck_assert(kr_fgraph_has_node(g.fg, OWNER(g.var4)));
	NOT_REMOVED(OWNER(g.var4));
	ok(kr_fgraph_remove_client(g.fg, g.var4, OWNER(g.var5), 0,
				   "testing"));
	ck_assert(!kr_fgraph_has_node(g.fg, OWNER(g.var4)));
	REMOVED_BY(OWNER(g.var4), "testing");
	ck_assert(!kr_fgraph_has_variable(g.fg, g.var4));
	/* nothing else went: var3 keeps its output client */
	ck_assert(kr_fgraph_has_node(g.fg, OWNER(g.var3)));
	ck_assert_uint_eq(kr_fgraph_nnodes(g.fg), 2);
	size_t n;
	const kr_client *cl = kr_fgraph_clients(g.fg, g.var3, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert(kr_apply_is_output(cl[0].node));
	/* a pair that is not recorded is ignored; an unknown variable fails */
	ok(kr_fgraph_remove_client(g.fg, g.var2, OWNER(g.var4), 1, "test"));
	kr_variable *stranger = myvar("stranger");
	ck_assert_int_eq(kr_fgraph_remove_client(g.fg, stranger,
						 OWNER(g.var5), 0, NULL),
			 KR_ENOTFOUND);
	/* an ownerless variable that loses its last client leaves */
	kr_variable *a = myvar("a"), *b = myvar("b");
	kr_variable *out = OP1(a, b);
	kr_fgraph *fg = FG((a, b), (out));
	ok(kr_fgraph_remove_client(fg, b, OWNER(out), 1, NULL));
	ck_assert(!kr_fgraph_has_variable(fg, b));
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), 2);
}
END_TEST

/*
 * The tag's lists beyond test_fg: a copy of a node keeps its list, so a
 * clone of the graph has `init` twice (PyTensor copies node.tag, then
 * imports); removals and imports append in order, with their reasons.
 */
START_TEST(fg_tags)
{
	g5 g = graph5();
	kr_fgraph *copy = NULL;
	ok(kr_fgraph_clone(&copy, g.fg));
	kr_apply *c4 = OWNER(kr_apply_input(OWNER(kr_fgraph_output(copy, 1)),
					    0));
	IMPORTED_BY(c4, "init", "init");
	IMPORTED_BY(OWNER(g.var4), "init");
	ok(kr_fgraph_replace(g.fg, g.var3, g.var1, "r1"));
	ck_assert(!kr_fgraph_has_node(g.fg, OWNER(g.var3)));
	REMOVED_BY(OWNER(g.var3), "r1");
	ok(kr_fgraph_import_node(g.fg, OWNER(g.var3), "back"));
	IMPORTED_BY(OWNER(g.var3), "init", "back");
	REMOVED_BY(OWNER(g.var3), "r1");
	ok(kr_fgraph_remove_node(g.fg, OWNER(g.var3), NULL));
	REMOVED_BY(OWNER(g.var3), "r1", "None");
	IMPORTED_BY(kr_apply_clone(OWNER(g.var3)), "init", "back");
	NOT_IMPORTED(OWNER(OP1(g.var1)));
}
END_TEST

/* TestFunctionGraph.test_contains */
START_TEST(fg_contains)
{
	g5 g = graph5();
	ck_assert(kr_fgraph_has_variable(g.fg, g.var1));
	ck_assert(kr_fgraph_has_variable(g.fg, g.var3));
	ck_assert(kr_fgraph_has_node(g.fg, OWNER(g.var3)));
	ck_assert(kr_fgraph_has_variable(g.fg, g.var5));
	ck_assert(kr_fgraph_has_node(g.fg, OWNER(g.var5)));
}
END_TEST

/* var1, var2; node1_out = op1(var1); node2_out = op2(var2, node1_out);
 * node3_out = op3(node2_out) (test_remove_node, test_remove_output). */
typedef struct chain3 {
	kr_variable *var1, *var2, *n1, *n2, *n3;
} chain3;

static chain3 make_chain3(void)
{
	chain3 c;
	c.var1 = myvar("var1");
	c.var2 = myvar("var2");
	c.n1 = OP1(c.var1);
	c.n2 = OP2(c.var2, c.n1);
	c.n3 = OP3(c.n2);
	return c;
}

/* TestFunctionGraph.test_remove_node */
START_TEST(fg_remove_node)
{
	chain3 c = make_chain3();
	kr_fgraph *fg = FG((c.var1, c.var2), (c.n3));
	ok(kr_fgraph_remove_node(fg, OWNER(c.n3), NULL));
	integrity(fg);
	NO_NODES(fg);

	fg = FG((c.var1, c.var2), (c.n2, c.n3));
	ok(kr_fgraph_remove_node(fg, OWNER(c.n3), NULL));
	integrity(fg);
	NODES(fg, OWNER(c.n1), OWNER(c.n2));

	fg = FG((c.var1, c.var2), (c.n2, c.n3));
	ok(kr_fgraph_remove_node(fg, OWNER(c.n2), NULL));
	integrity(fg);
	NO_NODES(fg);
}
END_TEST

/* TestFunctionGraph.test_remove_output */
START_TEST(fg_remove_output)
{
	chain3 c = make_chain3();
	kr_fgraph *fg = FG((c.var1, c.var2), (c.n2, c.n3));
	ok(kr_fgraph_remove_output(fg, 0, NULL));
	integrity(fg);
	NODES(fg, OWNER(c.n1), OWNER(c.n2), OWNER(c.n3));
	INPUTS(fg, c.var1, c.var2);
	OUTPUTS(fg, c.n3);

	fg = FG((c.var1, c.var2), (c.n2, c.n3));
	ok(kr_fgraph_remove_output(fg, 1, NULL));
	integrity(fg);
	NODES(fg, OWNER(c.n1), OWNER(c.n2));
	INPUTS(fg, c.var1, c.var2);
	OUTPUTS(fg, c.n2);

	fg = FG((c.var1, c.var2), (c.n2, c.n3, c.var1));
	ok(kr_fgraph_remove_output(fg, 2, NULL));
	integrity(fg);
	NODES(fg, OWNER(c.n1), OWNER(c.n2), OWNER(c.n3));
	INPUTS(fg, c.var1, c.var2);
	OUTPUTS(fg, c.n2, c.n3);

	fg = FG((c.var1, c.var2), (c.var1));
	ok(kr_fgraph_remove_output(fg, 0, NULL));
	integrity(fg);
	INPUTS(fg, c.var1, c.var2);
	NO_OUTPUTS(fg);
}
END_TEST

/* var0..var4; op1_out = op1(var1, var0); out0 = op2(op1_out, var2);
 * out1 = op1(var3, var4) 'out1'; out2 = op1(out1, var0) 'out2'. */
typedef struct g7 {
	kr_variable *var0, *var1, *var2, *var3, *var4;
	kr_variable *op1_out, *out0, *out1, *out2;
} g7;

static g7 graph7(void)
{
	g7 g;
	g.var0 = myvar("var0");
	g.var1 = myvar("var1");
	g.var2 = myvar("var2");
	g.var3 = myvar("var3");
	g.var4 = myvar("var4");
	g.op1_out = OP1(g.var1, g.var0);
	g.out0 = OP2(g.op1_out, g.var2);
	g.out1 = named(OP1(g.var3, g.var4), "out1");
	g.out2 = named(OP1(g.out1, g.var0), "out2");
	return g;
}

/* TestFunctionGraph.test_remove_output_2 */
START_TEST(fg_remove_output_2)
{
	g7 g = graph7();
	kr_variable *out3 = g.out1;
	kr_fgraph *fg = FG((g.var0, g.var1, g.var2, g.var3, g.var4),
			   (g.out0, g.out1, g.out2, out3));
	ok(kr_fgraph_remove_output(fg, 1, NULL));
	integrity(fg);
	OUTPUTS(fg, g.out0, g.out2, out3);

	fg = FG((g.var0, g.var1, g.var2, g.var3, g.var4),
		(g.out0, g.out1, g.out2, g.var4, g.var4));
	ok(kr_fgraph_remove_output(fg, 3, NULL));
	integrity(fg);
	INPUTS(fg, g.var0, g.var1, g.var2, g.var3, g.var4);
	OUTPUTS(fg, g.out0, g.out1, g.out2, g.var4);
}
END_TEST

/* TestFunctionGraph.test_remove_output_3 */
START_TEST(fg_remove_output_3)
{
	kr_variable *var0 = myvar("var0"), *var1 = myvar("var1");
	kr_variable *var2 = myvar("var2"), *var3 = myvar("var3");
	kr_variable *var4 = myvar("var4"), *var5 = myvar("var5");
	kr_variable *var6 = myvar("var6");
	kr_variable *op1_out = OP1(var1, var0);
	kr_variable *out0 = OP2(op1_out, var2);
	kr_variable *out1 = named(OP1(var3, var4), "out1");
	kr_variable *out2 = named(OP1(op1_out, var5), "out2");
	kr_variable *out3 = named(OP1(var3, var6), "out3");
	kr_variable *out4 = op1_out, *out5 = var3;
	kr_fgraph *fg = FG((var0, var1, var2, var3, var4, var5, var6),
			   (out0, out1, out2, out3, out4, out5));
	ok(kr_fgraph_remove_output(fg, 1, NULL));
	integrity(fg);
	INPUTS(fg, var0, var1, var2, var3, var4, var5, var6);
	OUTPUTS(fg, out0, out2, out3, out4, out5);
	ck_assert(!kr_fgraph_has_variable(fg, out1));
	NO_CLIENTS(fg, out1);
}
END_TEST

/* TestFunctionGraph.test_remove_input */
START_TEST(fg_remove_input)
{
	g7 g = graph7();
	kr_variable *out3 = g.out1;
	kr_fgraph *fg = FG((g.var0, g.var1, g.var2, g.var3, g.var4),
			   (g.out0, g.out1, g.out2, out3));
	ok(kr_fgraph_remove_input(fg, 4, NULL));
	integrity(fg);
	INPUTS(fg, g.var0, g.var1, g.var2, g.var3);
	OUTPUTS(fg, g.out0);
}
END_TEST

/* TestFunctionGraph.test_remove_in_and_out */
START_TEST(fg_remove_in_and_out)
{
	g5 g = graph5_vars(); /* var3..var5: PyTensor's op1_out..op3_out */
	kr_fgraph *fg = FG((g.var1, g.var2), (g.var3, g.var5));
	ok(kr_fgraph_remove_output(fg, 1, NULL));
	integrity(fg);
	OUTPUTS(fg, g.var3);
	ck_assert(!kr_fgraph_has_variable(fg, g.var5));
	NOT_A_CLIENT(fg, OWNER(g.var5), g.var1, g.var2, g.var3,
		     g.var4, g.var5);

	ok(kr_fgraph_remove_input(fg, 0, NULL));
	integrity(fg);
	ck_assert(!kr_fgraph_has_variable(fg, g.var1));
	INPUTS(fg, g.var2);
	NO_OUTPUTS(fg);
	NOT_A_CLIENT(fg, OWNER(g.var3), g.var1, g.var2, g.var3,
		     g.var4, g.var5);
}
END_TEST

/* TestFunctionGraph.test_remove_duplicates */
START_TEST(fg_remove_duplicates)
{
	g5 g = graph5_vars();
	kr_fgraph *fg = FG((g.var1, g.var1, g.var2),
			   (g.var3, g.var5, g.var5));
	ok(kr_fgraph_remove_output(fg, 2, NULL));
	integrity(fg);
	OUTPUTS(fg, g.var3, g.var5);
	ok(kr_fgraph_remove_input(fg, 0, NULL));
	integrity(fg);
	ck_assert(!kr_fgraph_has_variable(fg, g.var1));
	INPUTS(fg, g.var1, g.var2);
	NO_OUTPUTS(fg);
}
END_TEST

/* TestFunctionGraph.test_remove_output_empty */
START_TEST(fg_remove_output_empty)
{
	kr_variable *var1 = myvar("var1"), *var2 = myvar("var2");
	kr_variable *op1_out = OP1(var1), *op3_out = OP3(op1_out, var2);
	kr_fgraph *fg = FG((var1, var2), (op3_out));
	ok(kr_fgraph_remove_output(fg, 0, NULL));
	integrity(fg);
	INPUTS(fg, var1, var2);
	NO_NODES(fg);
	ck_assert(!kr_fgraph_has_variable(fg, op1_out));
	NOT_A_CLIENT(fg, OWNER(op1_out), var1, var2, op1_out, op3_out);
	NOT_A_CLIENT(fg, OWNER(op3_out), var1, var2, op1_out, op3_out);
}
END_TEST

/* TestFunctionGraph.test_remove_node_multi_out */
START_TEST(fg_remove_node_multi_out)
{
	kr_variable *var1 = myvar("var1"), *var2 = myvar("var2");
	kr_variable *op1_out = OP1(var1);
	kr_apply *mop = APPLY(&mop_desc, op1_out, var2);
	kr_variable *mop_out_1 = kr_apply_output(mop, 0);
	kr_variable *mop_out_2 = kr_apply_output(mop, 1);
	kr_variable *op3_out = OP3(mop_out_2);
	kr_fgraph *fg = FG((var1, var2), (mop_out_1, op3_out));
	ok(kr_fgraph_remove_node(fg, mop, NULL));
	integrity(fg);
	INPUTS(fg, var1, var2);
	NO_OUTPUTS(fg);
	NO_CLIENTS(fg, mop_out_1);
	NO_CLIENTS(fg, mop_out_2);
	ck_assert(!kr_fgraph_has_variable(fg, mop_out_1));
	ck_assert(!kr_fgraph_has_variable(fg, mop_out_2));

	kr_apply *mop1 = APPLY(&mop_desc, var1);
	kr_variable *mop1_out_1 = kr_apply_output(mop1, 0);
	kr_variable *mop1_out_2 = kr_apply_output(mop1, 1);
	kr_variable *op2_out = OP2(mop1_out_1);
	op3_out = OP3(mop1_out_1, mop1_out_2);
	fg = FG((var1), (op2_out, op3_out));
	ok(kr_fgraph_remove_node(fg, OWNER(op3_out), NULL));
	integrity(fg);
	INPUTS(fg, var1);
	OUTPUTS(fg, op2_out);

	fg = FG((var1), (op2_out, op3_out, mop1_out_2));
	ok(kr_fgraph_remove_node(fg, OWNER(op3_out), NULL));
	integrity(fg);
	INPUTS(fg, var1);
	OUTPUTS(fg, op2_out, mop1_out_2);
	size_t n;
	kr_fgraph_clients(fg, mop1_out_2, &n);
	ck_assert_uint_eq(n, 1); /* its Output client */
	ck_assert(kr_fgraph_has_variable(fg, mop1_out_2));
}
END_TEST

/* TestFunctionGraph.test_empty */
START_TEST(fg_empty)
{
	kr_variable *var1 = myvar("var1"), *var2 = myvar("var2");
	kr_fgraph *fg = fg_new(LIST(var1, var2), 0, NULL);
	integrity(fg);
	INPUTS(fg, var1, var2);
	NO_OUTPUTS(fg);
	ck_assert_uint_eq(kr_fgraph_nvariables(fg), 0);
	NO_NODES(fg);
	NO_CLIENTS(fg, var1);
	NO_CLIENTS(fg, var2);
}
END_TEST

/*
 * TestFunctionGraph.test_dprint: fg.dprint() is debugprint(fg); the text
 * is what PyTensor prints for this graph.
 */
START_TEST(fg_dprint)
{
	kr_variable *r1 = myvar("x"), *r2 = myvar("y");
	kr_variable *o1 = OP1(r1, r2);
	kr_fgraph *fg = FG((r1, r2), (o1));
	ck_assert_str_eq(kr_fgraph_dprint(fg), "Op1 [id A] 0\n"
					       " ├─ x [id B]\n"
					       " └─ y [id C]\n");
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op1(x, y))");
}
END_TEST

/* ============================================= tests/graph/test_features.py */

/* TestNodeFinder.test_straightforward */
START_TEST(features_node_finder)
{
	kr_variable *x = myvar("x"), *y = myvar("y"), *z = myvar("z");
	kr_op *sigmoid = kr_op_new(&sigmoid_desc, NULL);
	kr_op *add = kr_op_new(&add_desc, NULL);
	kr_op *dot = kr_op_new(&dot_desc, NULL);
	kr_variable *e0 = CALL(&dot_desc, y, z);
	kr_variable *e = CALL(
		&add_desc,
		CALL(&add_desc, CALL(&sigmoid_desc, x),
		     CALL(&sigmoid_desc, CALL(&sigmoid_desc, z))),
		CALL(&dot_desc, CALL(&add_desc, x, y), e0));
	kr_fgraph *g = FG((x, y, z), (e));
	ok(kr_fgraph_attach_feature(g, kr_node_finder_new()));
	size_t n;
	kr_fgraph_get_nodes(g, add, &n);
	ck_assert_uint_eq(n, 3);
	kr_fgraph_get_nodes(g, sigmoid, &n);
	ck_assert_uint_eq(n, 3);
	kr_apply **dots = kr_fgraph_get_nodes(g, dot, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert(dots[0] == OWNER(e0) || dots[1] == OWNER(e0));

	kr_variable *new_e0 = CALL(&add_desc, y, z);
	kr_apply **adds = kr_fgraph_get_nodes(g, add, &n);
	for (size_t k = 0; k < n; k++)
		ck_assert_ptr_ne(adds[k], OWNER(new_e0));
	ok(kr_fgraph_replace(g, e0, new_e0, NULL));
	dots = kr_fgraph_get_nodes(g, dot, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_ptr_ne(dots[0], OWNER(e0));
	adds = kr_fgraph_get_nodes(g, add, &n);
	ck_assert_uint_eq(n, 4);
	bool found = false;
	for (size_t k = 0; k < n; k++)
		found |= adds[k] == OWNER(new_e0);
	ck_assert(found);
	kr_fgraph_get_nodes(g, sigmoid, &n);
	ck_assert_uint_eq(n, 3);
}
END_TEST

static int refuse(kr_feature *f, kr_fgraph *fg)
{
	(void)f, (void)fg;
	return kr_error_set(KR_EINVALID, "refused");
}

/*
 * TestReplaceValidate.test_verbose: replace_all_validate succeeds and
 * says so on the optimizer_verbose stream (its last pair, once
 * validated); once a feature's validate refuses, it fails, leaves the
 * graph as it was and says that instead.
 */
START_TEST(features_replace_validate)
{
	kr_variable *var1 = myvar("var1"), *var2 = myvar("var2");
	kr_variable *var3 = OP1(var2, var1);
	kr_fgraph *fg = FG((var1, var2), (var3));
	/* a second ReplaceValidate is not attached (AlreadyThere) */
	ok(kr_fgraph_attach_feature(fg, kr_replace_validate_new()));
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	kr_set_optimizer_verbose(f);
	ok(kr_fgraph_replace_all_validate(fg, 1, VS(var3), VS(var1),
					  "test-reason"));
	ck_assert_str_eq(verbose_text(f, &buf),
			 "rewriting: rewrite test-reason replaces Op1.0 of "
			 "Op1(var2, var1) with var1 of None\n");
	free(buf);
	OUTPUTS(fg, var1);
	kr_feature bad = {.name = "TestFeature", .validate = refuse};
	ok(kr_fgraph_attach_feature(fg, &bad));
	f = open_memstream(&buf, &len);
	kr_set_optimizer_verbose(f);
	int rc = kr_fgraph_replace_all_validate(fg, 1, VS(var3), VS(var1),
						"test-reason");
	ck_assert_str_eq(verbose_text(f, &buf),
			 "rewriting: validate failed on node Op1.0.\n"
			 " Reason: test-reason, refused\n");
	free(buf);
	ck_assert_int_eq(rc, KR_EINVALID);
	OUTPUTS(fg, var1);
	integrity(fg);
}
END_TEST

static bool same_computation(kr_variable *a, kr_variable *b)
{
	bool eq = false;
	ok(kr_equal_computations(&eq, 1, VS(a), 1, VS(b), 0, NULL, 0, NULL));
	return eq;
}

/*
 * test_full_history: PyTensor records the changes of its canonicalize
 * and stabilize rewrites of log(exp(x) / sum(exp(x))), three of them
 * (to log(softmax(x)), then log_softmax(x)); we have no softmax rewrites,
 * so three replacements of our own stand in for them:
 * op1(op2(x)) -> op1(op3(x)) -> op2(op3(x)) -> op2(op1(x)).
 * The walk through the history is the test's.
 */
START_TEST(features_full_history)
{
	kr_variable *x = myvar("x");
	kr_variable *out = OP1(OP2(x));
	/* clone=True, copy_inputs=False: a copy of the nodes over x itself */
	kr_variable **copy = NULL;
	ok(kr_clone_replace(&copy, 1, &out, 0, NULL, NULL));
	ck_assert_ptr_ne(copy[0], out);
	kr_fgraph *fg = fg_new(0, NULL, 1, copy);
	kr_variable *cx = kr_fgraph_input(fg, 0);
	ck_assert_ptr_eq(cx, x);
	kr_feature *history = kr_full_history_new(NULL, NULL);
	ok(kr_fgraph_attach_feature(fg, history));
	kr_variable *o = kr_fgraph_output(fg, 0);
	ok(kr_fgraph_replace(fg, kr_apply_input(OWNER(o), 0), OP3(cx), "1"));
	ok(kr_fgraph_replace(fg, o, OP2(kr_apply_input(OWNER(o), 0)), "2"));
	o = kr_fgraph_output(fg, 0);
	ok(kr_fgraph_replace(fg, kr_apply_input(OWNER(o), 0), OP1(cx), "3"));
	ck_assert_uint_eq(kr_full_history_len(history), 3);

	ok(kr_full_history_start(history));
	ck_assert(same_computation(kr_fgraph_output(fg, 0), out));
	ok(kr_full_history_end(history));
	ck_assert(same_computation(kr_fgraph_output(fg, 0), OP2(OP1(x))));
	ok(kr_full_history_prev(history));
	ck_assert(same_computation(kr_fgraph_output(fg, 0), OP2(OP3(x))));
	for (int i = 0; i < 10; i++)
		ok(kr_full_history_prev(history));
	ck_assert(same_computation(kr_fgraph_output(fg, 0), out));
	ok(kr_full_history_goto(history, 2));
	ck_assert(same_computation(kr_fgraph_output(fg, 0), OP2(OP3(x))));
	for (int i = 0; i < 10; i++)
		ok(kr_full_history_next(history));
	ck_assert(same_computation(kr_fgraph_output(fg, 0), OP2(OP1(x))));
	integrity(fg);
}
END_TEST

/* ================================================ tests/graph/test_basic.py */

static kr_variable *r(int k)
{
	return myvar(kr_strfmt("R%d", k));
}

/* TestStr.test_as_string (leaves named as the leaf formatter prints). */
START_TEST(basic_as_string)
{
	kr_variable *r1 = r(1), *r2 = r(2);
	kr_apply *node = APPLY(&myop_desc, r1, r2);
	ck_assert_str_eq(kr_graph_repr(1, VS(kr_apply_output(node, 0))),
			 "MyOp(R1, R2)");
}
END_TEST

/* TestStr.test_as_string_deep */
START_TEST(basic_as_string_deep)
{
	kr_variable *r1 = r(1), *r2 = r(2), *r5 = r(5);
	kr_apply *node = APPLY(&myop_desc, r1, r2);
	kr_apply *node2 = APPLY(&myop_desc, kr_apply_output(node, 0), r5);
	ck_assert_str_eq(kr_graph_repr(1, VS(kr_apply_output(node2, 0))),
			 "MyOp(MyOp(R1, R2), R5)");
}
END_TEST

/* TestStr.test_multiple_references */
START_TEST(basic_multiple_references)
{
	kr_variable *r1 = r(1), *r2 = r(2);
	kr_variable *o = kr_apply_output(APPLY(&myop_desc, r1, r2), 0);
	kr_apply *node2 = APPLY(&myop_desc, o, o);
	ck_assert_str_eq(kr_graph_repr(1, VS(kr_apply_output(node2, 0))),
			 "MyOp(*1 -> MyOp(R1, R2), *1)");
}
END_TEST

static kr_variable **clone_outs(size_t n, kr_variable *const *outs)
{
	kr_variable **res = NULL;
	ok(kr_clone_replace(&res, n, outs, 0, NULL, NULL));
	return res;
}

/* TestClone.test_accurate (clone without copying the inputs) */
START_TEST(basic_clone_accurate)
{
	kr_variable *r1 = r(1), *r2 = r(2);
	kr_apply *node = APPLY(&myop_desc, r1, r2);
	kr_variable **new = clone_outs(1, VS(kr_apply_output(node, 0)));
	ck_assert_ptr_ne(new[0], kr_apply_output(node, 0));
	ck_assert_str_eq(kr_graph_repr(1, new), "MyOp(R1, R2)");
}
END_TEST

/* TestClone.test_copy */
START_TEST(basic_clone_copy)
{
	kr_variable *r1 = r(1), *r2 = r(2), *r5 = r(5);
	kr_apply *node = APPLY(&myop_desc, r1, r2);
	kr_apply *node2 = APPLY(&myop_desc, kr_apply_output(node, 0), r5);
	kr_variable **new = clone_outs(1, VS(kr_apply_output(node2, 0)));
	ck_assert(kr_type_equal(kr_variable_type(kr_apply_output(node2, 0)),
				kr_variable_type(new[0])));
	ck_assert_ptr_ne(kr_apply_output(node2, 0), new[0]);
	ck_assert_ptr_ne(node2, OWNER(new[0]));
	ck_assert_ptr_eq(kr_apply_input(OWNER(new[0]), 1), r5);
	kr_variable *deep = kr_apply_input(OWNER(new[0]), 0);
	ck_assert(kr_type_equal(kr_variable_type(deep),
				kr_variable_type(kr_apply_output(node, 0))));
	ck_assert_ptr_ne(deep, kr_apply_output(node, 0));
}
END_TEST

/*
 * TestClone.test_not_destructive: PyTensor assigns the clone's node new
 * inputs directly; we change them through a FunctionGraph over the clone.
 */
START_TEST(basic_clone_not_destructive)
{
	kr_variable *r1 = r(1), *r2 = r(2), *r5 = r(5);
	kr_variable *o = MYOP(MYOP(r1, r2), r5);
	kr_variable **new = clone_outs(1, VS(o));
	kr_apply *new_node = OWNER(new[0]);
	kr_fgraph *fg = fg_new(0, NULL, 1, new);
	ok(kr_fgraph_change_node_input_ex(fg, new_node, 0, r(7), NULL,
					  KR_IMPORT_MISSING));
	ok(kr_fgraph_change_node_input_ex(fg, new_node, 1, r(8), NULL,
					  KR_IMPORT_MISSING));
	ck_assert_str_eq(kr_graph_repr(1, new), "MyOp(R7, R8)");
	ck_assert_str_eq(kr_graph_repr(1, VS(o)), "MyOp(MyOp(R1, R2), R5)");
}
END_TEST

/* TestClone.test_constant: a constant clones to itself. */
START_TEST(basic_clone_constant)
{
	kr_variable *c1 = kr_constant_new(1.5, NULL);
	kr_variable **o = clone_outs(1, VS(c1));
	ck_assert_ptr_eq(o[0], c1);
}
END_TEST

static kr_apply **io_toposort(size_t *n, size_t nins, kr_variable *const *ins,
			      size_t nouts, kr_variable *const *outs)
{
	kr_apply **res = NULL;
	ok(kr_io_toposort(&res, n, nins, ins, nouts, outs));
	return res;
}

static void expect_nodes(size_t n, kr_apply **got, size_t m,
			 kr_apply *const *want)
{
	ck_assert_msg(n == m, "%zu nodes, want %zu", n, m);
	for (size_t k = 0; k < n; k++)
		ck_assert_msg(got[k] == want[k], "node %zu differs", k);
}

#define EXPECT_NODES(n, got, ...)                                             \
	expect_nodes((n), (got), NN(__VA_ARGS__), NS(__VA_ARGS__))

/* TestToposort.test_simple (its io_toposort part) */
START_TEST(basic_toposort_simple)
{
	kr_variable *r1 = r(1), *r2 = r(2), *r5 = r(5);
	kr_variable *o = named(MYOP(r1, r2), "o1");
	kr_variable *o2 = named(MYOP(o, r5), "o2");
	size_t n;
	kr_apply **res = io_toposort(&n, LIST(r5), LIST(o2));
	EXPECT_NODES(n, res, OWNER(o), OWNER(o2));
}
END_TEST

/* TestToposort.test_inputs_owners */
START_TEST(basic_toposort_inputs_owners)
{
	kr_variable *r1 = r(1), *r5 = r(5);
	kr_apply *o = APPLY(&myop_desc, r1, r1);
	kr_variable *r2b = kr_apply_output(o, 0);
	kr_apply *o2 = APPLY(&myop_desc, r2b, r2b);
	size_t n;
	kr_apply **all = io_toposort(&n, LIST(r2b), LIST(kr_apply_output(o2, 0)));
	EXPECT_NODES(n, all, o2);
	o2 = APPLY(&myop_desc, r2b, r5);
	all = io_toposort(&n, LIST(r2b), LIST(kr_apply_output(o2, 0)));
	EXPECT_NODES(n, all, o2);
}
END_TEST

/* TestToposort.test_not_connected */
START_TEST(basic_toposort_not_connected)
{
	kr_variable *r1 = r(1), *r2 = r(2), *r3 = r(3), *r4 = r(4);
	kr_apply *o0 = APPLY(&myop_desc, r1, r2);
	kr_apply *o1 = APPLY(&myop_desc, r3, r4);
	size_t n;
	kr_apply **all = io_toposort(&n, LIST(r1, r2, r3, r4),
				     LIST(kr_apply_output(o0, 0),
					  kr_apply_output(o1, 0)));
	ck_assert_uint_eq(n, 2);
	ck_assert((all[0] == o1 && all[1] == o0) ||
		  (all[0] == o0 && all[1] == o1));
}
END_TEST

/* TestToposort.test_io_chain */
START_TEST(basic_toposort_io_chain)
{
	kr_variable *r1 = r(1), *r2 = r(2);
	kr_apply *o0 = APPLY(&myop_desc, r1, r2);
	kr_apply *o1 = APPLY(&myop_desc, kr_apply_output(o0, 0), r1);
	size_t n;
	kr_apply **all = io_toposort(
		&n, LIST(r1, kr_apply_output(o0, 0)),
		LIST(kr_apply_output(o0, 0), kr_apply_output(o1, 0)));
	EXPECT_NODES(n, all, o1);
}
END_TEST

/* TestToposort.test_outputs_clients */
START_TEST(basic_toposort_outputs_clients)
{
	kr_variable *r1 = r(1), *r2 = r(2), *r4 = r(4);
	kr_apply *o0 = APPLY(&myop_desc, r1, r2);
	APPLY(&myop_desc, kr_apply_output(o0, 0), r4);
	size_t n;
	kr_apply **all = io_toposort(&n, 0, NULL, LIST(kr_apply_output(o0, 0)));
	EXPECT_NODES(n, all, o0);
}
END_TEST

/* The nodes are exactly want (as sets). */
static void expect_node_set_of(size_t n, kr_apply **got, size_t m,
			       kr_apply *const *want)
{
	ck_assert_msg(n == m, "%zu nodes, want %zu", n, m);
	for (size_t k = 0; k < m; k++) {
		bool found = false;
		for (size_t j = 0; j < n; j++)
			found |= got[j] == want[k];
		ck_assert_msg(found, "node %zu missing", k);
	}
}

#define NODE_SET(n, got, ...)                                                 \
	expect_node_set_of((n), (got), NN(__VA_ARGS__), NS(__VA_ARGS__))

/*
 * TestToposort.test_multi_output_nodes, with `Two` for op_multiple_outputs,
 * input variables for the shared variables and MyOp for r0 + 1, exp and *.
 */
START_TEST(basic_toposort_multi_output_nodes)
{
	kr_apply *m0 = APPLY(&two_desc, myvar("s0"));
	kr_apply *m1 = APPLY(&two_desc, myvar("s1"));
	kr_variable *l0 = kr_apply_output(m0, 0), *r0 = kr_apply_output(m0, 1);
	kr_variable *l1 = kr_apply_output(m1, 0), *r1 = kr_apply_output(m1, 1);
	kr_variable *v0 = MYOP(r0), *v1 = MYOP(v0), *out = MYOP(r1, v1);
	size_t n;
	kr_apply **res = io_toposort(&n, 0, NULL, LIST(out));
	NODE_SET(n, res, m0, m1, OWNER(v0), OWNER(v1), OWNER(out));
	res = io_toposort(&n, LIST(r0), LIST(out));
	NODE_SET(n, res, m1, OWNER(v0), OWNER(v1), OWNER(out));
	res = io_toposort(&n, LIST(r1), LIST(out));
	NODE_SET(n, res, m0, OWNER(v0), OWNER(v1), OWNER(out));
	res = io_toposort(&n, LIST(r0, r1), LIST(out));
	NODE_SET(n, res, OWNER(v0), OWNER(v1), OWNER(out));
	res = io_toposort(&n, LIST(l0, l1), LIST(out));
	NODE_SET(n, res, m0, m1, OWNER(v0), OWNER(v1), OWNER(out));
}
END_TEST

/* TestEval.test_eval (the inputs part; no caching, no string keys). */
START_TEST(basic_eval)
{
	kr_variable *x = myvar("x"), *y = myvar("y");
	kr_variable *z = NULL, *w = NULL;
	ok(KR_OP_CALL(&z, kr_op_add(), x, y));
	ok(KR_OP_CALL(&w, kr_op_mul(), kr_constant_new(2, NULL), z));
	kr_value *out = NULL;
	const kr_value *vals[2] = {kr_value_scalar(KR_FLOAT64, 1.0),
				   kr_value_scalar(KR_FLOAT64, 2.0)};
	ok(kr_graph_eval(&out, 1, &w, 2, VS(x, y), vals));
	ck_assert_double_eq(kr_value_get(out, 0), 6.0);
	/* w.eval({z: 3}): the graph is cut at z */
	const kr_value *three[2] = {kr_value_scalar(KR_FLOAT64, 3.0),
				    kr_value_scalar(KR_FLOAT64, 2.5)};
	out = NULL;
	ok(kr_graph_eval(&out, 1, &w, 1, VS(z), three));
	ck_assert_double_eq(kr_value_get(out, 0), 6.0);
	/* test_eval_kwargs with on_unused_input="ignore": x is not used */
	out = NULL;
	ok(kr_graph_eval(&out, 1, &w, 2, VS(z, x), three));
	ck_assert_double_eq(kr_value_get(out, 0), 6.0);
}
END_TEST

/*
 * test_equal_computations: a, b are iscalars (int32), as_tensor(1) an
 * int8 constant, a numpy value a constant of its dtype (we have no raw
 * values), max_and_argmax a two-output op.
 */
START_TEST(basic_equal_computations)
{
	const kr_type *i32 = kr_type_tensor(KR_INT32, 0, NULL);
	const kr_type *i8 = kr_type_tensor(KR_INT8, 0, NULL);
	kr_variable *a = kr_variable_new(i32, NULL);
	kr_variable *b = kr_variable_new(i32, NULL);
	bool eq = true;
	ck_assert_int_eq(kr_equal_computations(&eq, LIST(a), LIST(a, b), 0,
					       NULL, 0, NULL),
			 KR_EINVALID);
	ok(kr_equal_computations(&eq, LIST(a), LIST(a), 0, NULL, 0, NULL));
	ck_assert(eq);
	ok(kr_equal_computations(&eq, LIST(kr_constant_new(1, i8)),
				 LIST(kr_constant_new(1, i8)), 0, NULL, 0,
				 NULL));
	ck_assert(eq);
	ok(kr_equal_computations(&eq, LIST(b), LIST(a), 0, NULL, 0, NULL));
	ck_assert(!eq);
	ok(kr_equal_computations(&eq, LIST(kr_constant_new(1, i8)),
				 LIST(kr_constant_new(2, i8)), 0, NULL, 0,
				 NULL));
	ck_assert(!eq);
	/* numpy values stand as constants: [2, 1] twice, 2 against a */
	int64_t two[1] = {2};
	kr_value *v21 = kr_value_new(KR_INT64, 1, two);
	kr_value_data(v21)[0] = 2;
	kr_value_data(v21)[1] = 1;
	kr_variable *c1 = NULL, *c2 = NULL;
	ok(kr_constant_make(&c1, kr_type_tensor(KR_INT64, 1, two), v21));
	ok(kr_constant_make(&c2, kr_type_tensor(KR_INT64, 1, two), v21));
	ok(kr_equal_computations(&eq, LIST(c1), LIST(c2), 0, NULL, 0, NULL));
	ck_assert(eq);
	ok(kr_equal_computations(&eq, LIST(kr_constant_new(2, i32)), LIST(a),
				 0, NULL, 0, NULL));
	ck_assert(!eq);
	ok(kr_equal_computations(&eq, LIST(a), LIST(kr_constant_new(2, i32)),
				 0, NULL, 0, NULL));
	ck_assert(!eq);
	ok(kr_equal_computations(&eq, LIST(c1), LIST(a), 0, NULL, 0, NULL));
	ck_assert(!eq);
	/* NoneConst */
	ok(kr_equal_computations(&eq, LIST(kr_none_const()),
				 LIST(kr_none_const()), 0, NULL, 0, NULL));
	ck_assert(eq);

	kr_variable *m = myvar(NULL);
	kr_apply *ma1 = APPLY(&two_desc, m), *ma2 = APPLY(&two_desc, m);
	ok(kr_equal_computations(
		&eq, LIST(kr_apply_output(ma1, 0), kr_apply_output(ma1, 1)),
		LIST(kr_apply_output(ma2, 0), kr_apply_output(ma2, 1)), 0,
		NULL, 0, NULL));
	ck_assert(eq);
}
END_TEST

/* r1, r2, r3; o1 = MyOp(r1, r2) 'o1'; o2 = MyOp(r3, o1) 'o2'. */
typedef struct b3 {
	kr_variable *r1, *r2, *r3, *o1, *o2;
} b3;

static b3 basic3(void)
{
	b3 g = {r(1), r(2), r(3), NULL, NULL};
	g.o1 = named(MYOP(g.r1, g.r2), "o1");
	g.o2 = named(MYOP(g.r3, g.o1), "o2");
	return g;
}

#define EXPECT_VARS(what, got, n, ...)                                        \
	expect_list((what), (n), (got), LIST(__VA_ARGS__))

/* test_ancestors (without the partly consumed generator) */
START_TEST(basic_ancestors)
{
	b3 g = basic3();
	size_t n;
	kr_variable **res = kr_ancestors(&n, LIST(g.o2), 0, NULL);
	EXPECT_VARS("ancestors", res, n, g.o2, g.r3, g.o1, g.r1, g.r2);
	res = kr_ancestors(&n, LIST(g.o2), LIST(g.o1));
	EXPECT_VARS("ancestors", res, n, g.o2, g.r3, g.o1);
}
END_TEST

/* test_graph_inputs */
START_TEST(basic_graph_inputs)
{
	b3 g = basic3();
	size_t n;
	kr_variable **res = kr_graph_inputs(&n, LIST(g.o2), 0, NULL);
	EXPECT_VARS("graph_inputs", res, n, g.r3, g.r1, g.r2);
}
END_TEST

/* test_variables_and_orphans */
START_TEST(basic_variables_and_orphans)
{
	b3 g = basic3();
	size_t n;
	kr_variable **vars = kr_vars_between(&n, LIST(g.r1, g.r2), LIST(g.o2));
	EXPECT_VARS("vars_between", vars, n, g.o2, g.o1, g.r3, g.r2, g.r1);
	kr_variable **orph =
		kr_orphans_between(&n, LIST(g.r1, g.r2), LIST(g.o2));
	EXPECT_VARS("orphans_between", orph, n, g.r3);
}
END_TEST

/* test_ops */
START_TEST(basic_ops)
{
	kr_variable *r1 = r(1), *r2 = r(2), *r3 = r(3), *r4 = r(4);
	kr_variable *o1 = named(MYOP(r1, r2), "o1");
	kr_variable *o2 = named(MYOP(r3, r4), "o2");
	kr_variable *o3 = named(MYOP(r3, o1, o2), "o3");
	size_t n;
	kr_apply **res = kr_applys_between(&n, LIST(r1, r2), LIST(o3));
	EXPECT_NODES(n, res, OWNER(o3), OWNER(o2), OWNER(o1));
}
END_TEST

/*
 * test_apply_depends_on and test_variable_depends_on: in
 * tests/test_traversal.c, with the same graphs and more cases.
 */

static kr_variable **truncated(size_t *n, size_t nouts,
			       kr_variable *const *outs, size_t ninc,
			       kr_variable *const *inc)
{
	return kr_truncated_graph_inputs(n, nouts, outs, ninc, inc);
}

/* TestTruncatedGraphInputs.test_basic */
START_TEST(basic_truncated_graph_inputs)
{
	kr_variable *x = myvar("x"), *y = myvar("y"), *z = myvar("z");
	kr_variable *x2 = named(MYOP(x), "x2");
	kr_variable *y2 = named(MYOP(y, x2), "y2");
	kr_variable *o = MYOP(y2), *o2 = MYOP(o);
	size_t n;
	kr_variable **res = truncated(&n, LIST(o), 0, NULL);
	EXPECT_VARS("no conditions", res, n, o);
	res = truncated(&n, LIST(o2), LIST(y2));
	EXPECT_VARS("one condition", res, n, y2);
	res = truncated(&n, LIST(o), LIST(y2, o));
	EXPECT_VARS("condition on itself", res, n, o, y2);
	res = truncated(&n, LIST(o2), LIST(y2, o));
	EXPECT_VARS("two conditions", res, n, o, y2);
	res = truncated(&n, LIST(o), LIST(y));
	EXPECT_VARS("additional nodes", res, n, x2, y);
	res = truncated(&n, LIST(o2), LIST(y2, z));
	EXPECT_VARS("disconnected condition", res, n, y2);
	res = truncated(&n, LIST(o2, z), LIST(y2));
	EXPECT_VARS("disconnected output", res, n, z, y2);
}
END_TEST

/* TestTruncatedGraphInputs.test_repeated_input */
START_TEST(basic_truncated_repeated_input)
{
	kr_variable *x = myvar("x"), *y = myvar("y");
	kr_variable *t1 = named(MYOP(x, y), "trunc_inp1");
	kr_variable *t2 = named(MYOP(x, y), "trunc_inp2");
	kr_variable *o = named(MYOP(t1, t1, t2, t2), "o");
	size_t n;
	kr_variable **res = truncated(&n, LIST(o), LIST(t1));
	EXPECT_VARS("truncated", res, n, t2, t1);
}
END_TEST

/* TestTruncatedGraphInputs.test_repeated_nested_input */
START_TEST(basic_truncated_repeated_nested_input)
{
	kr_variable *x = myvar("x"), *y = myvar("y");
	kr_variable *t = named(MYOP(x, y), "trunc_inp");
	kr_variable *o1 = named(MYOP(t, t, x, x), "o1");
	size_t n;
	kr_variable **res = truncated(&n, LIST(o1), LIST(t));
	EXPECT_VARS("truncated", res, n, x, t);
	kr_variable *o2 = named(MYOP(x, x, t, t), "o2");
	res = truncated(&n, LIST(o2), LIST(t));
	EXPECT_VARS("truncated", res, n, t, x);
}
END_TEST

/*
 * test_dprint: o1.dprint() is debugprint(o1); the text is what PyTensor
 * prints for an output of unnamed inputs (str of an unnamed input is its
 * type in angle brackets: `<float64>` for our MyType).
 */
START_TEST(basic_dprint)
{
	kr_variable *r1 = myvar(NULL), *r2 = myvar(NULL);
	kr_variable *o1 = MYOP(r1, r2);
	ck_assert_str_eq(kr_dprint(1, VS(o1)), "MyOp [id A]\n"
					       " ├─ <float64> [id B]\n"
					       " └─ <float64> [id C]\n");
}
END_TEST

/*
 * test_explicit_graph_inputs: the inputs a user gives, not the
 * constants: x an fscalar, y = constant(2) (an int8 0-d tensor); a =
 * sum(x + y) (Sum as PyTensor prints it, an opaque op here; PyTensor's
 * shared z is left out: we have no shared variables), b = x / y.
 */
START_TEST(basic_explicit_graph_inputs)
{
	kr_variable *x = kr_variable_new(kr_type_tensor(KR_FLOAT32, 0, NULL),
					 NULL);
	kr_variable *y = kr_constant_new(2, kr_type_tensor(KR_INT8, 0, NULL));
	kr_variable *xy = NULL, *a = NULL, *b = NULL;
	ok(KR_OP_CALL(&xy, kr_op_add(), x, y));
	ok(KR_OP_CALL(&a, kr_op_opaque("Sum{axes=None}"), xy));
	ok(KR_OP_CALL(&b, kr_op_true_div(), x, y));
	size_t n;
	kr_variable **res = kr_explicit_graph_inputs(&n, 1, &a);
	expect_list("explicit_graph_inputs([a])", n, res, 1, &x);
	res = kr_explicit_graph_inputs(&n, 1, &b);
	expect_list("explicit_graph_inputs(b)", n, res, 1, &x);
	/* graph_inputs lists the constant too */
	res = kr_graph_inputs(&n, 1, &b, 0, NULL);
	expect_list("graph_inputs(b)", n, res, 2, VS(x, y));
}
END_TEST

/*
 * test_NominalVariable_create_variable_type: a nominal variable of a
 * TensorType is a tensor variable (its ndim, static shape and dtype),
 * and the same (type, id) is the same object.
 */
START_TEST(basic_nominal_tensor)
{
	const kr_type *ttype = kr_type_matrix();
	kr_variable *ntv = kr_nominal_new(0, ttype, NULL);
	ck_assert(kr_variable_is_nominal(ntv));
	const kr_type *t = kr_variable_type(ntv);
	ck_assert(kr_type_is_tensor(t));
	ck_assert_int_eq(kr_type_ndim(t), 2);
	ck_assert_int_eq(kr_type_dim(t, 0), -1); /* not broadcastable */
	ck_assert_int_eq(kr_type_dim(t, 1), -1);
	ck_assert_int_eq(kr_type_dtype(t), KR_FLOAT64);
	ck_assert_ptr_eq(kr_nominal_new(0, kr_type_matrix(), NULL), ntv);
	ck_assert_str_eq(kr_nominal_repr(ntv),
			 "NominalTensorVariable(0, TensorType(float64, "
			 "shape=(None, None)))");
}
END_TEST

/* ============================================= tests/graph/test_types.py */

/*
 * test_is_super and test_in_same_class on our types (PyTensor's MyType(n)
 * of test_types.py has no counterpart: a Type of ours is a ScalarType or
 * a TensorType): unequal types are not super (PyTensor's base is_super
 * gives None), equal ones are; in_same_class is equality for scalar
 * types, the dtype and the places of static 1s for tensors.
 */
START_TEST(types_is_super_in_same_class)
{
	const kr_type *t1 = kr_type_scalar(KR_FLOAT64);
	const kr_type *t2 = kr_type_scalar(KR_INT64);
	ck_assert(!kr_type_is_super(t1, t2));
	ck_assert(kr_type_is_super(t1, kr_type_scalar(KR_FLOAT64)));
	ck_assert(!kr_type_in_same_class(t1, t2));
	ck_assert(kr_type_in_same_class(t1, kr_type_scalar(KR_FLOAT64)));
	/* (2, 1), (3, 1) and (?, 1) are one class; (2, ?) is not */
	const int64_t s21[2] = {2, 1}, s31[2] = {3, 1}, su1[2] = {-1, 1};
	const int64_t s2u[2] = {2, -1};
	const kr_type *a = kr_type_tensor(KR_FLOAT64, 2, s21);
	ck_assert(kr_type_in_same_class(a, kr_type_tensor(KR_FLOAT64, 2, s31)));
	ck_assert(kr_type_in_same_class(a, kr_type_tensor(KR_FLOAT64, 2, su1)));
	ck_assert(!kr_type_in_same_class(a,
					 kr_type_tensor(KR_FLOAT64, 2, s2u)));
	ck_assert(!kr_type_in_same_class(a,
					 kr_type_tensor(KR_FLOAT32, 2, s21)));
	ck_assert(!kr_type_in_same_class(a, kr_type_matrix()));
	ck_assert(!kr_type_in_same_class(kr_type_tensor(KR_FLOAT64, 0, NULL),
					 t1));
	/* is_super: no more specific than the other */
	ck_assert(kr_type_is_super(kr_type_tensor(KR_FLOAT64, 2, su1), a));
	ck_assert(!kr_type_is_super(a, kr_type_tensor(KR_FLOAT64, 2, su1)));
}
END_TEST

/* test_convert_variable: a variable of the type itself; None otherwise. */
START_TEST(types_convert_variable)
{
	const kr_type *t1 = kr_type_scalar(KR_FLOAT64);
	kr_variable *v1 = kr_variable_new(kr_type_scalar(KR_FLOAT64), NULL);
	kr_variable *v2 = kr_variable_new(kr_type_scalar(KR_INT64), NULL);
	ck_assert_ptr_eq(kr_convert_variable(t1, v1), v1);
	ck_assert_ptr_null(kr_convert_variable(t1, v2));
}
END_TEST

/* ================================================ tests/graph/test_op.py */

/*
 * TestOp.test_sanity_0: the node has the inputs given and one output of
 * the inferred type, owned by it at index 0; test_validate: an input of
 * another type is MyOp's "Error 1".
 */
START_TEST(op_sanity_validate)
{
	kr_variable *r1 = myvar(NULL), *r2 = myvar(NULL);
	kr_apply *node = APPLY(&myop_desc, r1, r2);
	ck_assert_uint_eq(kr_apply_ninputs(node), 2);
	ck_assert_ptr_eq(kr_apply_input(node, 0), r1);
	ck_assert_ptr_eq(kr_apply_input(node, 1), r2);
	ck_assert_uint_eq(kr_apply_noutputs(node), 1);
	kr_variable *o = kr_apply_output(node, 0);
	ck_assert(kr_type_equal(kr_variable_type(o),
				kr_type_scalar(KR_FLOAT64)));
	ck_assert_ptr_eq(kr_variable_owner(o), node);
	ck_assert_int_eq(kr_variable_index(o), 0);
	kr_apply *bad = NULL;
	ck_assert_int_eq(kr_apply_make(&bad, kr_op_new(&myop_desc, NULL), 2,
				       VS(myvar2("g"), r1)),
			 KR_EINVALID);
	ck_assert_ptr_null(bad);
	ck_assert_msg(strstr(kr_error_last()->message, "Error 1"), "%s",
		      kr_error_last()->message);
}
END_TEST

static int no_input_infer(const kr_type **out, const kr_op *op, size_t nin,
			  const kr_type *const *in)
{
	(void)op, (void)nin, (void)in;
	*out = kr_type_scalar(KR_FLOAT64);
	return 0;
}

static int no_input_perform(kr_value **out, const kr_op *op, size_t nin,
			    const kr_value *const *in)
{
	(void)op, (void)nin, (void)in;
	*out = kr_value_scalar(KR_FLOAT64, 7.0);
	return 0;
}

static const kr_op_desc no_input_desc = {
	FIXED("NoInputOp", 0), .infer = no_input_infer,
	.perform = no_input_perform};

/* TestOp.test_op_no_input: a node without inputs computes its value. */
START_TEST(op_no_input)
{
	kr_variable *x = CALL0(&no_input_desc);
	kr_value *out = NULL;
	ok(kr_graph_eval(&out, 1, &x, 0, NULL, NULL));
	ck_assert_double_eq(kr_value_get(out, 0), 7.0);
}
END_TEST

Suite *corpus_fgraph_suite(void)
{
	Suite *s = suite_create("corpus_fgraph");
	TCase *tc = tcase_create("test_fg");
	tcase_add_test(tc, fg_validate_inputs);
	tcase_add_test(tc, fg_init);
	tcase_add_test(tc, fg_import_node);
	tcase_add_test(tc, fg_import_var);
	tcase_add_test(tc, fg_change_input);
	tcase_add_test(tc, fg_replace);
	tcase_add_test(tc, fg_replace_verbose);
	tcase_add_test(tc, fg_replace_circular);
	tcase_add_test(tc, fg_replace_bad_state);
	tcase_add_test(tc, fg_check_integrity);
	tcase_add_test(tc, fg_remove_client);
	tcase_add_test(tc, fg_tags);
	tcase_add_test(tc, fg_contains);
	tcase_add_test(tc, fg_remove_node);
	tcase_add_test(tc, fg_remove_output);
	tcase_add_test(tc, fg_remove_output_2);
	tcase_add_test(tc, fg_remove_output_3);
	tcase_add_test(tc, fg_remove_input);
	tcase_add_test(tc, fg_remove_in_and_out);
	tcase_add_test(tc, fg_remove_duplicates);
	tcase_add_test(tc, fg_remove_output_empty);
	tcase_add_test(tc, fg_remove_node_multi_out);
	tcase_add_test(tc, fg_empty);
	tcase_add_test(tc, fg_dprint);
	suite_add_tcase(s, tc);
	tc = tcase_create("test_features");
	tcase_add_test(tc, features_node_finder);
	tcase_add_test(tc, features_replace_validate);
	tcase_add_test(tc, features_full_history);
	suite_add_tcase(s, tc);
	tc = tcase_create("test_basic");
	tcase_add_test(tc, basic_as_string);
	tcase_add_test(tc, basic_as_string_deep);
	tcase_add_test(tc, basic_multiple_references);
	tcase_add_test(tc, basic_clone_accurate);
	tcase_add_test(tc, basic_clone_copy);
	tcase_add_test(tc, basic_clone_not_destructive);
	tcase_add_test(tc, basic_clone_constant);
	tcase_add_test(tc, basic_toposort_simple);
	tcase_add_test(tc, basic_toposort_inputs_owners);
	tcase_add_test(tc, basic_toposort_not_connected);
	tcase_add_test(tc, basic_toposort_io_chain);
	tcase_add_test(tc, basic_toposort_outputs_clients);
	tcase_add_test(tc, basic_toposort_multi_output_nodes);
	tcase_add_test(tc, basic_eval);
	tcase_add_test(tc, basic_equal_computations);
	tcase_add_test(tc, basic_ancestors);
	tcase_add_test(tc, basic_graph_inputs);
	tcase_add_test(tc, basic_variables_and_orphans);
	tcase_add_test(tc, basic_ops);
	tcase_add_test(tc, basic_truncated_graph_inputs);
	tcase_add_test(tc, basic_truncated_repeated_input);
	tcase_add_test(tc, basic_truncated_repeated_nested_input);
	tcase_add_test(tc, basic_dprint);
	tcase_add_test(tc, basic_explicit_graph_inputs);
	tcase_add_test(tc, basic_nominal_tensor);
	suite_add_tcase(s, tc);
	tc = tcase_create("test_types_op");
	tcase_add_test(tc, types_is_super_in_same_class);
	tcase_add_test(tc, types_convert_variable);
	tcase_add_test(tc, op_sanity_validate);
	tcase_add_test(tc, op_no_input);
	suite_add_tcase(s, tc);
	return s;
}
