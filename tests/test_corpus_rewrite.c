/* test_corpus_rewrite.c -- corpus: PyTensor's rewriter tests (tests/graph/rewriting/test_basic.py). */
/* See the LICENSE file for copying conditions. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"

/*
 * The cases of PyTensor 2.32's tests/graph/rewriting/test_basic.py.
 *
 * Its test ops (tests/graph/utils.py) become ops of our IR. MyType is the
 * int64 scalar type, so that a constant 2 named z prints `z{2}` as there,
 * and MyType2 the float32 scalar. op1 ... op6 are variadic MyOps taking
 * MyType inputs only, each of its own descriptor, so they print `Op1` ...
 * and equal only themselves. op_y and op_z are two distinct MyOp objects
 * with x=1, which PyTensor compares equal: here two op objects of one
 * descriptor with equal props (both print `OpY`). These ops have no
 * perform hook, so their rewrites are checked by the printed graph as
 * PyTensor's tests do; rewrites of graphs that can be evaluated also go
 * through t_rewrite_checked.
 *
 * PyTensor 2.32 ran the pattern and substitution cases under
 * OpKeyGraphRewriter; 2.33 moved them to WalkingGraphRewriter (in_to_out)
 * with the same expected graphs, which is what we have.
 */

/* ------------------------------------------------------------ test ops */

static const kr_type *my_type(void) { return kr_type_scalar(KR_INT64); }

static const kr_type *my_type2(void) { return kr_type_scalar(KR_FLOAT32); }

/* MyOp.make_node: every input must be of MyType ("Error 1"). */
static int my_inputs(size_t nin, const kr_type *const *in)
{
	for (size_t i = 0; i < nin; i++)
		if (!kr_type_equal(in[i], my_type()))
			return kr_error_set(KR_EINVALID, "Error 1");
	return 0;
}

static int my_infer(const kr_type **out, const kr_op *op, size_t nin,
		    const kr_type *const *in)
{
	(void)op;
	*out = my_type();
	return my_inputs(nin, in);
}

#define MY_DESC(nm)                                                           \
	{                                                                     \
		.name = (nm), .min_inputs = 0, .max_inputs = -1,              \
		.infer = my_infer                                             \
	}

static const kr_op_desc my_descs[6] = {MY_DESC("Op1"), MY_DESC("Op2"),
				       MY_DESC("Op3"), MY_DESC("Op4"),
				       MY_DESC("Op5"), MY_DESC("Op6")};

/* op1 ... op6 */
static kr_op *my_op(int k)
{
	static kr_op *ops[6];
	if (!ops[k - 1])
		ops[k - 1] = kr_op_new(&my_descs[k - 1], NULL);
	return ops[k - 1];
}

#define OP1 my_op(1)
#define OP2 my_op(2)
#define OP3 my_op(3)
#define OP4 my_op(4)
#define OP5 my_op(5)
#define OP6 my_op(6)

static bool int_props_equal(const void *a, const void *b)
{
	return *(const int *)a == *(const int *)b;
}

static uint64_t int_props_hash(const void *p)
{
	return (uint64_t)*(const int *)p;
}

/* MyOp(name, x=...): equal to any MyOp of the same x. */
static const kr_op_desc myx_desc = {
	.name = "OpY",
	.min_inputs = 0,
	.max_inputs = -1,
	.infer = my_infer,
	.props_equal = int_props_equal,
	.props_hash = int_props_hash,
};

static const int op_y_x = 1, op_z_x = 1;

static kr_op *op_y(void) { return kr_op_new(&myx_desc, &op_y_x); }

static kr_op *op_z(void) { return kr_op_new(&myx_desc, &op_z_x); }

/* op_cast_type2: MyType inputs, a MyType2 output. */
static int cast2_infer(const kr_type **out, const kr_op *op, size_t nin,
		       const kr_type *const *in)
{
	(void)op;
	*out = my_type2();
	return my_inputs(nin, in);
}

static const kr_op_desc cast2_desc = {.name = "OpCastType2",
				      .min_inputs = 0,
				      .max_inputs = -1,
				      .infer = cast2_infer};

/* op_multiple_outputs: one input, two outputs of its type. */
static int multi_infer(const kr_type **out, const kr_op *op, size_t nin,
		       const kr_type *const *in)
{
	(void)op, (void)nin;
	out[0] = out[1] = in[0];
	return 0;
}

static const kr_op_desc multi_desc = {.name = "OpMultipleOutputs",
				      .min_inputs = 1,
				      .max_inputs = 1,
				      .nout = 2,
				      .infer_outputs = multi_infer};

/* NoInputOp(param): no inputs, computes its param (a MyType value). */
static int noinput_infer(const kr_type **out, const kr_op *op, size_t nin,
			 const kr_type *const *in)
{
	(void)op, (void)nin, (void)in;
	*out = my_type();
	return 0;
}

static int noinput_perform(kr_value **out, const kr_op *op, size_t nin,
			   const kr_value *const *in)
{
	(void)nin, (void)in;
	*out = kr_value_scalar(KR_INT64, *(const int *)kr_op_props(op));
	return 0;
}

static const kr_op_desc noinput_desc = {.name = "NoInputOp",
					.min_inputs = 0,
					.max_inputs = 0,
					.infer = noinput_infer,
					.props_equal = int_props_equal,
					.props_hash = int_props_hash,
					.perform = noinput_perform};

/* ------------------------------------------------------------ helpers */

#define VS(...) ((kr_variable *[]){__VA_ARGS__})
#define VS_OP(...) ((kr_op *[]){__VA_ARGS__})
#define NV(...) (sizeof(VS(__VA_ARGS__)) / sizeof(kr_variable *))
#define AP(op, ...) call((op), NV(__VA_ARGS__), VS(__VA_ARGS__))
#define E(...) KR_ETUPLE(__VA_ARGS__)
#define OT(k) kr_op_term(my_op(k))

static kr_variable *call(kr_op *op, size_t n, kr_variable *const *in)
{
	kr_variable *out = NULL;
	int rc = kr_op_call(&out, op, n, in);
	ck_assert_msg(rc == 0, "%s", kr_error_last()->message);
	return out;
}

/* MyVariable(name) */
static kr_variable *var(const char *name)
{
	return kr_variable_new(my_type(), name);
}

/* Constant(MyType(), value, name=name) */
static kr_variable *my_constant(double value, const char *name)
{
	kr_variable *c = kr_constant_new(value, my_type());
	kr_variable_set_name(c, name);
	return c;
}

static kr_variable *x, *y, *z;

static void xyz(void)
{
	x = var("x");
	y = var("y");
	z = var("z");
}

#define fgraph t_fgraph

/* FunctionGraph([x, y, z], [e]) (cloned, PyTensor's default). */
static kr_fgraph *fg_xyz(kr_variable *e)
{
	return fgraph(3, VS(x, y, z), 1, &e, true);
}

static void rewrite_ok(kr_graph_rewriter *rw, kr_fgraph *fg)
{
	int rc = kr_graph_rewriter_rewrite(rw, fg, NULL);
	ck_assert_msg(rc == 0, "%s", kr_error_last()->message);
	ck_assert_int_eq(kr_fgraph_check_integrity(fg), 0);
}

static kr_node_rewriter *pattern(kr_term *in, kr_term *out, bool amc)
{
	kr_pattern_opts o = KR_PATTERN_OPTS_INIT;
	o.allow_multiple_clients = amc;
	return kr_pattern_node_rewriter_new(in, out, &o);
}

/*
 * The graph rewriter of the pattern and substitution cases: 2.33's
 * WalkingGraphRewriter in_to_out, or (the "pattern_op_key" TCase, whose
 * fixture sets this) 2.32's OpKeyGraphRewriter, with the same expected
 * graphs.
 */
static bool use_op_key;

static void op_key_on(void) { use_op_key = true; }

static void op_key_off(void) { use_op_key = false; }

static kr_graph_rewriter *node_walker(kr_node_rewriter *rw, bool ign)
{
	if (!use_op_key)
		return kr_walking_graph_rewriter_new(rw, KR_IN_TO_OUT, ign);
	kr_graph_rewriter *g = kr_op_key_graph_rewriter_new(rw, ign);
	ck_assert_msg(g != NULL, "%s", kr_error_last()->message);
	return g;
}

/*
 * The test file's WalkingPatternNodeRewriter(in, out,
 * allow_multiple_clients, ign).rewrite(fg) (2.32: OpKeyPatternNodeRewriter).
 */
static void walking_pattern(kr_fgraph *fg, kr_term *in, kr_term *out,
			    bool amc, bool ign)
{
	rewrite_ok(node_walker(pattern(in, out, amc), ign), fg);
}

/*
 * equal_computations(fg.outputs, want), fg's inputs taken as ins (the
 * graph may be a clone).
 */
static void expect_outputs(const kr_fgraph *fg, size_t n,
			   kr_variable *const *want, size_t nin,
			   kr_variable *const *ins)
{
	ck_assert_uint_eq(kr_fgraph_noutputs(fg), n);
	ck_assert_uint_eq(kr_fgraph_ninputs(fg), nin);
	kr_variable **got = kr_alloc((n + 1) * sizeof *got);
	kr_variable **fins = kr_alloc((nin + 1) * sizeof *fins);
	for (size_t i = 0; i < n; i++)
		got[i] = kr_fgraph_output(fg, i);
	for (size_t i = 0; i < nin; i++)
		fins[i] = kr_fgraph_input(fg, i);
	bool same = false;
	ck_assert_int_eq(kr_equal_computations(&same, n, got, n, want, nin,
					       fins, nin, ins),
			 0);
	ck_assert_msg(same, "got %s, want %s", kr_fgraph_repr(fg),
		      kr_graph_repr(n, want));
}

static kr_variable *input_of(kr_variable *v, size_t i)
{
	kr_apply *node = kr_variable_owner(v);
	ck_assert_ptr_nonnull(node);
	return kr_apply_input(node, i);
}

/* ---------------------------------------------- TestPatternNodeRewriter */

/* TestPatternNodeRewriter.test_replace_output */
START_TEST(pattern_replace_output)
{
	xyz();
	kr_fgraph *fg = fg_xyz(AP(OP1, AP(OP2, x, y), z));
	kr_term *v1 = kr_var_new("1"), *v2 = kr_var_new("2");
	kr_term *v3 = kr_var_new("3");
	walking_pattern(fg, E(OT(1), E(OT(2), v1, v2), v3), E(OT(4), v3, v2),
			false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op4(z, y))");
}
END_TEST

/* TestPatternNodeRewriter.test_nested_out_pattern */
START_TEST(pattern_nested_out_pattern)
{
	xyz();
	kr_fgraph *fg = fg_xyz(AP(OP1, x, y));
	kr_term *v1 = kr_var_new("1"), *v2 = kr_var_new("2");
	walking_pattern(fg, E(OT(1), v1, v2),
			E(OT(4), E(OT(1), v1), E(OT(2), v2), E(OT(3), v1, v2)),
			false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op4(Op1(x), Op2(y), Op3(x, y)))");
}
END_TEST

/* TestPatternNodeRewriter.test_unification_1 and test_unification_2 */
START_TEST(pattern_unification)
{
	xyz();
	kr_term *v1 = kr_var_new("1"), *v2 = kr_var_new("2");
	kr_term *in = E(OT(1), E(OT(2), v1, v1), v2);
	kr_term *out = E(OT(4), v2, v1);
	/* op2's arguments are the same: rewritten */
	kr_fgraph *fg = fg_xyz(AP(OP1, AP(OP2, x, x), z));
	walking_pattern(fg, in, out, false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op4(z, x))");
	/* different: not rewritten */
	fg = fg_xyz(AP(OP1, AP(OP2, x, y), z));
	walking_pattern(fg, in, out, false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op1(Op2(x, y), z))");
}
END_TEST

/* TestPatternNodeRewriter.test_replace_subgraph */
START_TEST(pattern_replace_subgraph)
{
	xyz();
	kr_fgraph *fg = fg_xyz(AP(OP1, AP(OP2, x, y), z));
	kr_term *v1 = kr_var_new("1"), *v2 = kr_var_new("2");
	walking_pattern(fg, E(OT(2), v1, v2), E(OT(1), v2, v1), false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op1(Op1(y, x), z))");
}
END_TEST

/* TestPatternNodeRewriter.test_no_recurse (ignore_newtrees) */
START_TEST(pattern_no_recurse)
{
	xyz();
	kr_fgraph *fg = fg_xyz(AP(OP1, AP(OP2, x, y), z));
	kr_term *v1 = kr_var_new("1"), *v2 = kr_var_new("2");
	walking_pattern(fg, E(OT(2), v1, v2), E(OT(2), v2, v1), false, true);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op1(Op2(y, x), z))");
}
END_TEST

/* TestPatternNodeRewriter.test_multiple */
START_TEST(pattern_multiple)
{
	xyz();
	kr_fgraph *fg = fg_xyz(
		AP(OP1, AP(OP2, x, y), AP(OP2, x, y), AP(OP2, y, z)));
	kr_term *v1 = kr_var_new("1"), *v2 = kr_var_new("2");
	walking_pattern(fg, E(OT(2), v1, v2), E(OT(4), v1), false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op1(Op4(x), Op4(x), Op4(y)))");
}
END_TEST

static kr_variable *nest_op1(int n, kr_variable *v)
{
	while (n-- > 0)
		v = AP(OP1, v);
	return v;
}

/* TestPatternNodeRewriter.test_nested_even and test_nested_odd */
START_TEST(pattern_nested_even_odd)
{
	xyz();
	kr_term *v1 = kr_var_new("1");
	kr_fgraph *fg = fg_xyz(nest_op1(4, x));
	walking_pattern(fg, E(OT(1), E(OT(1), v1)), v1, false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(x)");
	fg = fg_xyz(nest_op1(5, x));
	walking_pattern(fg, E(OT(1), E(OT(1), v1)), v1, false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op1(x))");
}
END_TEST

/* TestPatternNodeRewriter.test_expand (ignore_newtrees) */
START_TEST(pattern_expand)
{
	xyz();
	kr_fgraph *fg = fg_xyz(nest_op1(3, x));
	kr_term *v1 = kr_var_new("1");
	walking_pattern(fg, E(OT(1), v1), E(OT(2), E(OT(1), v1)), false, true);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op2(Op1(Op2(Op1(Op2(Op1(x)))))))");
}
END_TEST

/* TestPatternNodeRewriter.test_ambiguous (new trees revisited) */
START_TEST(pattern_ambiguous)
{
	xyz();
	kr_fgraph *fg = fg_xyz(nest_op1(5, x));
	kr_term *v1 = kr_var_new("1");
	walking_pattern(fg, E(OT(1), E(OT(1), v1)), E(OT(1), v1), false,
			false);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op1(x))");
}
END_TEST

/* TestPatternNodeRewriter.test_constant */
START_TEST(pattern_constant)
{
	kr_variable *cx = my_constant(2, "x"), *cz = my_constant(2, "z");
	kr_variable *vy = var("y");
	kr_variable *e = AP(OP1, AP(OP1, cx, vy), vy);
	kr_fgraph *fg = fgraph(1, &vy, 1, &e, true);
	kr_term *v1 = kr_var_new("1"), *tz = kr_variable_term(cz);
	walking_pattern(fg, E(OT(1), tz, v1), E(OT(2), v1, tz), false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op1(Op2(y, z{2}), y))");
}
END_TEST

/* The constraint of test_constraints: only values computed by op2. */
static bool owner_is_op2(const kr_variable *v, void *data)
{
	(void)data;
	kr_apply *node = kr_variable_owner(v);
	return node && kr_op_equal(kr_apply_op(node), OP2);
}

/* TestPatternNodeRewriter.test_constraints */
START_TEST(pattern_constraints)
{
	xyz();
	kr_fgraph *fg = fg_xyz(
		AP(OP4, AP(OP1, AP(OP2, x, y)), AP(OP1, AP(OP1, x, y))));
	kr_term *v1 = kr_var_new("1");
	kr_node_rewriter *rw = pattern(E(OT(1), v1), E(OT(3), v1), false);
	kr_pattern_constrain(rw, v1, owner_is_op2, NULL);
	rewrite_ok(kr_walking_graph_rewriter_new(rw, KR_IN_TO_OUT, false), fg);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op4(Op3(Op2(x, y)), Op1(Op1(x, y))))");
}
END_TEST

/* TestPatternNodeRewriter.test_match_same */
START_TEST(pattern_match_same)
{
	xyz();
	kr_fgraph *fg = fg_xyz(AP(OP1, x, x));
	kr_term *vx = kr_var_new("x"), *vy = kr_var_new("y");
	walking_pattern(fg, E(OT(1), vx, vy), E(OT(3), vx, vy), false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op3(x, x))");
}
END_TEST

/* TestPatternNodeRewriter.test_allow_multiple_clients */
START_TEST(pattern_allow_multiple_clients)
{
	xyz();
	kr_variable *const ins[3] = {x, y, z};
	kr_variable *w = AP(OP1, x, y);
	/* w has two clients: op4 and op3 */
	kr_variable *e = AP(OP3, AP(OP4, w), w);
	kr_term *vx = kr_var_new("x"), *vy = kr_var_new("y");
	kr_term *vw = kr_var_new("w"), *ve = kr_var_new("e");
	kr_term *in = E(OT(4), E(OT(1), vx, vy)), *out = E(OT(3), vx, vy);
	/* by default, not rewritten */
	kr_fgraph *fg = fgraph(3, ins, 1, &e, true);
	walking_pattern(fg, in, out, false, false);
	expect_outputs(fg, 1, &e, 3, ins);
	/* allowed */
	fg = fgraph(3, ins, 1, &e, true);
	walking_pattern(fg, in, out, true, false);
	expect_outputs(fg, 1, VS(AP(OP3, AP(OP3, x, y), w)), 3, ins);
	/* other clients of the values bound to the pattern do not matter */
	fg = fgraph(3, ins, 1, &e, true);
	walking_pattern(fg, E(OT(3), E(OT(4), vw), vw), E(OT(3), vw, vw),
			false, false);
	expect_outputs(fg, 1, VS(AP(OP3, w, w)), 3, ins);
	/* nor do clients above the pattern's inputs */
	kr_variable *v = AP(OP4, e);
	kr_variable *e1 = AP(OP4, v);
	kr_variable *e2 = AP(OP1, x, x); /* reuses x: irrelevant */
	kr_variable *e3 = AP(OP1, v, v); /* reuses v: blocks the rewrite */
	in = E(OT(4), E(OT(4), ve));
	fg = fgraph(3, ins, 2, VS(e1, e2), true);
	walking_pattern(fg, in, ve, false, false);
	expect_outputs(fg, 2, VS(e, e2), 3, ins);
	fg = fgraph(3, ins, 2, VS(e1, e3), true);
	walking_pattern(fg, in, ve, false, false);
	expect_outputs(fg, 2, VS(e1, e3), 3, ins);
	fg = fgraph(3, ins, 2, VS(e1, e3), true);
	walking_pattern(fg, in, ve, true, false);
	expect_outputs(fg, 2, VS(e, e3), 3, ins);
}
END_TEST

/* TestPatternNodeRewriter.test_eq: op_z in the pattern matches op_y. */
START_TEST(pattern_eq)
{
	xyz();
	ck_assert_ptr_ne(op_y(), op_z());
	ck_assert(kr_op_equal(op_y(), op_z()));
	kr_fgraph *fg = fg_xyz(AP(OP1, AP(op_y(), x, y), z));
	kr_term *v1 = kr_var_new("1"), *v2 = kr_var_new("2");
	kr_term *v3 = kr_var_new("3");
	walking_pattern(fg, E(OT(1), E(kr_op_term(op_z()), v1, v2), v3),
			E(OT(4), v3, v2), false, false);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op4(z, y))");
}
END_TEST

/* ------------------------------------------ TestSubstitutionNodeRewriter */

static void substitute(kr_fgraph *fg, kr_op *a, kr_op *b)
{
	rewrite_ok(node_walker(kr_substitution_node_rewriter_new(a, b), false),
		   fg);
}

/* TestSubstitutionNodeRewriter.test_straightforward and _2 */
START_TEST(substitution_straightforward)
{
	xyz();
	kr_fgraph *fg = fg_xyz(nest_op1(5, x));
	substitute(fg, OP1, OP2);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op2(Op2(Op2(Op2(Op2(x))))))");
	fg = fg_xyz(AP(OP1, AP(OP2, x), AP(OP3, y), AP(OP4, z)));
	substitute(fg, OP3, OP4);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op1(Op2(x), Op4(y), Op4(z)))");
}
END_TEST

/* A node rewriter that never changes anything. */
static int do_nothing(kr_fgraph *fg, kr_apply *node, kr_replacements **out,
		      void *data)
{
	(void)fg, (void)node, (void)out, (void)data;
	return 0;
}

/*
 * OpKeyGraphRewriter itself: it visits only the nodes of its rewriter's
 * op key, the last recorded first, and takes new ones of that op unless
 * ignore_newtrees; a rewriter without an op key is refused, as 2.32's
 * TypeError.
 */
START_TEST(op_key_graph_rewriter)
{
	xyz();
	/* Op1(Op2(x), Op2(y), Op3(z)): Op2 -> Op4 visits the two Op2 only */
	kr_fgraph *fg = fg_xyz(AP(OP1, AP(OP2, x), AP(OP2, y), AP(OP3, z)));
	kr_graph_rewriter *g =
		kr_op_key_graph_rewriter_new(
			kr_substitution_node_rewriter_new(OP2, OP4), false);
	ck_assert_ptr_nonnull(g);
	ck_assert_str_eq(kr_graph_rewriter_class_name(g), "OpKeyGraphRewriter");
	kr_profile *p = NULL;
	ck_assert_int_eq(kr_graph_rewriter_rewrite(g, fg, &p), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op1(Op4(x), Op4(y), Op3(z)))");
	ck_assert_uint_eq(kr_profile_visits(p), 2);
	ck_assert_uint_eq(kr_profile_changes(p), 2);
	/* Op1(Op1(Op1(Op1(x)))) with Op1(Op1(a)) -> Op1(a): new Op1 nodes
	 * are taken again until one Op1 is left, unless ignore_newtrees */
	kr_term *a = kr_var_new("a");
	for (int ign = 0; ign < 2; ign++) {
		fg = fg_xyz(AP(OP1, AP(OP1, AP(OP1, AP(OP1, x)))));
		g = kr_op_key_graph_rewriter_new(
			pattern(E(OT(1), E(OT(1), a)), E(OT(1), a), false),
			ign);
		ck_assert_int_eq(kr_graph_rewriter_rewrite(g, fg, NULL), 0);
		ck_assert_str_eq(kr_fgraph_repr(fg),
				 ign ? "FunctionGraph(Op1(Op1(x)))"
				     : "FunctionGraph(Op1(x))");
	}
	ck_assert_ptr_null(kr_op_key_graph_rewriter_new(
		kr_node_rewriter_from_fn("f", do_nothing, NULL, 0, NULL),
		false));
	ck_assert_int_eq(kr_error_last()->code, KR_EINVALID);
	ck_assert_msg(strstr(kr_error_last()->message, "op_key"), "%s",
		      kr_error_last()->message);
}
END_TEST

/* ------------------------------------------------- TestMergeOptimizer */

static void merge(kr_fgraph *fg)
{
	rewrite_ok(kr_merge_optimizer_new(), fg);
}

/* TestMergeOptimizer.test_straightforward */
START_TEST(merge_straightforward)
{
	xyz();
	kr_variable *e = AP(OP1, AP(OP2, x, y), AP(OP2, x, y), AP(OP2, x, z));
	kr_fgraph *fg = fgraph(3, VS(x, y, z), 1, &e, false);
	merge(fg);
	kr_variable *out = kr_fgraph_output(fg, 0);
	ck_assert_ptr_eq(input_of(out, 0), input_of(out, 1));
	ck_assert_ptr_ne(input_of(out, 0), input_of(out, 2));
}
END_TEST

/* TestMergeOptimizer.test_constant_merging: constants y and z are equal */
START_TEST(merge_constant_merging)
{
	kr_variable *vx = var("x");
	kr_variable *cy = my_constant(2, "y"), *cz = my_constant(2, "z");
	kr_variable *e = AP(OP1, AP(OP2, vx, cy), AP(OP2, vx, cy),
			    AP(OP2, vx, cz));
	kr_fgraph *fg = fgraph(3, VS(vx, cy, cz), 1, &e, false);
	merge(fg);
	kr_variable *out = kr_fgraph_output(fg, 0);
	ck_assert_ptr_eq(input_of(out, 0), input_of(out, 1));
	ck_assert_ptr_eq(input_of(out, 1), input_of(out, 2));
}
END_TEST

/* TestMergeOptimizer.test_deep_merge */
START_TEST(merge_deep_merge)
{
	xyz();
	kr_variable *e = AP(OP1, AP(OP3, AP(OP2, x, y), z),
			    AP(OP4, AP(OP3, AP(OP2, x, y), z)));
	kr_fgraph *fg = fgraph(3, VS(x, y, z), 1, &e, false);
	merge(fg);
	kr_variable *out = kr_fgraph_output(fg, 0);
	ck_assert_ptr_eq(input_of(input_of(out, 1), 0), input_of(out, 0));
}
END_TEST

/* The AssertNoChanges feature: counts the input changes. */
static void count_change(kr_feature *f, kr_fgraph *fg, kr_apply *node, int i,
			 kr_variable *old_var, kr_variable *new_var,
			 const char *reason)
{
	(void)fg, (void)node, (void)i, (void)old_var, (void)new_var;
	(void)reason;
	(*(int *)f->data)++;
}

/* TestMergeOptimizer.test_no_merge */
START_TEST(merge_no_merge)
{
	xyz();
	kr_fgraph *fg = fg_xyz(
		AP(OP1, AP(OP3, AP(OP2, x, y)), AP(OP3, AP(OP2, y, x))));
	static int changes;
	kr_feature no_changes = {.name = "AssertNoChanges",
				 .data = &changes,
				 .on_change_input = count_change};
	ck_assert_int_eq(kr_fgraph_attach_feature(fg, &no_changes), 0);
	merge(fg);
	ck_assert_int_eq(changes, 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(Op1(Op3(Op2(x, y)), Op3(Op2(y, x))))");
}
END_TEST

/* TestMergeOptimizer.test_merge_outputs */
START_TEST(merge_outputs)
{
	xyz();
	kr_variable *e1 = AP(OP3, AP(OP2, x, y));
	kr_variable *e2 = AP(OP3, AP(OP2, x, y));
	kr_fgraph *fg = fgraph(3, VS(x, y, z), 2, VS(e1, e2), false);
	merge(fg);
	ck_assert_ptr_eq(kr_fgraph_output(fg, 0), kr_fgraph_output(fg, 1));
}
END_TEST

/* TestMergeOptimizer.test_identical_constant_args */
START_TEST(merge_identical_constant_args)
{
	kr_variable *vx = var("x");
	kr_variable *cy = my_constant(2, "y"), *cz = my_constant(2, "z");
	kr_variable *e1 = AP(OP1, cy, cz);
	kr_fgraph *fg = fgraph(3, VS(vx, cy, cz), 1, &e1, false);
	merge(fg);
	kr_variable *out = kr_fgraph_output(fg, 0);
	ck_assert(kr_op_equal(kr_apply_op(kr_variable_owner(out)), OP1));
	ck_assert_ptr_eq(input_of(out, 0), input_of(out, 1));
}
END_TEST

/*
 * assert_op(x1, (x1 > x2).all()), with ops we do not have (Assert, gt,
 * All) as opaque ops: what matters is that they are equal ops.
 */
static kr_variable *asserted(kr_variable *x1, kr_variable *x2)
{
	kr_variable *cond = AP(kr_op_opaque("All{axes=None}"),
			       AP(kr_op_opaque("gt"), x1, x2));
	return AP(kr_op_opaque("Assert"), x1, cond);
}

/* TestMergeOptimizer.test_both_assert_merge_identical */
START_TEST(merge_both_assert_identical)
{
	kr_variable *x1 = kr_variable_new(kr_type_matrix(), "x1");
	kr_variable *x2 = kr_variable_new(kr_type_matrix(), "x2");
	kr_variable *e = AP(kr_op_add(), AP(kr_op_dot(), asserted(x1, x2), x2),
			    AP(kr_op_dot(), asserted(x1, x2), x2));
	kr_fgraph *fg = fgraph(2, VS(x1, x2), 1, &e, false);
	merge(fg);
	kr_variable *out = kr_fgraph_output(fg, 0);
	ck_assert(kr_op_equal(kr_apply_op(kr_variable_owner(out)),
			      kr_op_add()));
	kr_variable *a0 = input_of(out, 0);
	ck_assert(kr_op_equal(kr_apply_op(kr_variable_owner(a0)), kr_op_dot()));
	bool same = false;
	kr_variable *ref = asserted(x1, x2);
	kr_variable *got = input_of(a0, 0);
	ck_assert_int_eq(kr_equal_computations(&same, 1, &got, 1, &ref, 0,
					       NULL, 0, NULL),
			 0);
	ck_assert(same);
	ck_assert_ptr_eq(input_of(out, 0), input_of(out, 1));
}
END_TEST

static kr_variable *no_input(const int *param)
{
	kr_variable *none[1] = {NULL};
	return call(kr_op_new(&noinput_desc, param), 0, none);
}

/* TestMergeOptimizer.test_merge_noinput */
START_TEST(merge_noinput)
{
	static const int p0 = 0, p0b = 0, p1 = 1;
	kr_variable *a = no_input(&p0), *b = no_input(&p0b), *c = no_input(&p1);
	kr_variable *none[1] = {NULL};
	kr_fgraph *fg = fgraph(0, none, 3, VS(a, b, c), false);
	ck_assert_int_eq(t_rewrite_checked(kr_merge_optimizer_new(), fg, NULL),
			 0);
	ck_assert_ptr_eq(kr_fgraph_output(fg, 0), kr_fgraph_output(fg, 1));
	ck_assert_ptr_ne(kr_fgraph_output(fg, 0), kr_fgraph_output(fg, 2));
}
END_TEST

/* TestMergeOptimizer.test_merge_more_specific_types (reverse or not) */
START_TEST(merge_more_specific_types)
{
	int64_t s500 = 500;
	kr_variable *x1 = kr_variable_new(kr_type_vector(), "x1");
	kr_variable *x2 = kr_variable_new(kr_type_tensor(KR_FLOAT64, 1, &s500),
					  "x2");
	kr_variable *y1 = AP(kr_op_exp(), x1), *y2 = AP(kr_op_exp(), x2);
	kr_fgraph *fg = fgraph(2, VS(x1, x2), 2,
			       _i ? VS(y2, y1) : VS(y1, y2), false);
	/* x2 found to be equivalent to x1 */
	ck_assert_int_eq(kr_fgraph_replace(fg, x1, x2, NULL), 0);
	ck_assert_int_eq(t_rewrite_checked(kr_merge_optimizer_new(), fg, NULL),
			 0);
	ck_assert_ptr_eq(kr_fgraph_output(fg, 0), y2);
	ck_assert_ptr_eq(kr_fgraph_output(fg, 1), y2);
}
END_TEST

/* ----------------------------------------------------- TestEquilibrium */

/*
 * EquilibriumGraphRewriter(rws, max_use_ratio) with PyTensor's defaults
 * (ignore_newtrees, no tracks_on_change_inputs) or with ours.
 */
static kr_graph_rewriter *equilibrium(size_t n, kr_node_rewriter **rws,
				      double ratio, bool ours)
{
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.max_use_ratio = ratio;
	if (!ours) {
		o.ignore_newtrees = true;
		o.tracks_on_change_inputs = false;
	}
	return kr_equilibrium_graph_rewriter_new(n, rws, &o);
}

/* The rewriters of test_1 and test_low_use_ratio. */
static void cycle_rewriters(kr_node_rewriter **rws)
{
	kr_term *vx = kr_var_new("x"), *vy = kr_var_new("y");
	rws[0] = pattern(E(OT(1), vx, vy), E(OT(2), vx, vy), false);
	rws[1] = pattern(E(OT(4), vx, vy), E(OT(1), vx, vy), false);
	rws[2] = pattern(E(OT(3), E(OT(2), vx, vy)), E(OT(4), vx, vy), false);
}

/* TestEquilibrium.test_1 */
START_TEST(equilibrium_1)
{
	for (int ours = 0; ours < 2; ours++) {
		xyz();
		kr_fgraph *fg = fg_xyz(AP(OP3, AP(OP4, x, y)));
		kr_node_rewriter *rws[3];
		cycle_rewriters(rws);
		rewrite_ok(equilibrium(3, rws, 10, ours), fg);
		ck_assert_str_eq(kr_fgraph_repr(fg),
				 "FunctionGraph(Op2(x, y))");
	}
}
END_TEST

/* TestEquilibrium.test_2 */
START_TEST(equilibrium_2)
{
	for (int ours = 0; ours < 2; ours++) {
		xyz();
		kr_fgraph *fg = fg_xyz(AP(OP1, AP(OP1, AP(OP3, x, y))));
		kr_term *vx = kr_var_new("x"), *vy = kr_var_new("y");
		kr_node_rewriter *rws[5] = {
			pattern(E(OT(1), E(OT(2), vx, vy)), E(OT(4), vx, vy),
				false),
			pattern(E(OT(3), vx, vy), E(OT(4), vx, vy), false),
			pattern(E(OT(4), vx, vy), E(OT(5), vx, vy), false),
			pattern(E(OT(5), vx, vy), E(OT(6), vx, vy), false),
			pattern(E(OT(6), vx, vy), E(OT(2), vx, vy), false)};
		rewrite_ok(equilibrium(5, rws, 10, ours), fg);
		ck_assert_str_eq(kr_fgraph_repr(fg),
				 "FunctionGraph(Op2(x, y))");
	}
}
END_TEST

/*
 * Beyond PyTensor's tests: every PyTensor pass tries every node again, so
 * a pattern refused because an inner variable had two clients matches in
 * a later pass once a rewrite elsewhere took one client away, although
 * no node below it changed. Here m = Op2(x, y) feeds Op3(m) and Op1(m, y);
 * Op1(Op2(a, b), b) -> a needs m to have one client, and Op1 is tried
 * first in the outputs-first order of the pass, before Op3's rewrite
 * takes its client away.
 */
START_TEST(equilibrium_client_change)
{
	for (int ours = 0; ours < 2; ours++) {
		xyz();
		kr_variable *m = AP(OP2, x, y);
		kr_variable *outs[2] = {AP(OP3, m), AP(OP1, m, y)};
		kr_fgraph *fg = fgraph(2, VS(x, y), 2, outs, false);
		kr_term *va = kr_var_new("a"), *vb = kr_var_new("b");
		kr_node_rewriter *rws[2] = {
			pattern(E(OT(1), E(OT(2), va, vb), vb), va, false),
			pattern(E(OT(3), E(OT(2), va, vb)), E(OT(4), va, vb),
				true)};
		rewrite_ok(equilibrium(2, rws, 10, ours), fg);
		ck_assert_str_eq(kr_fgraph_repr(fg),
				 "FunctionGraph(Op4(x, y), x)");
	}
}
END_TEST

/*
 * TestEquilibrium.test_low_use_ratio: max_use_ratio 1/2 stops the
 * rewrite at Op1(x, y). on_opt_error="ignore" is the ignoring failure
 * callback here; without a callback the limit is an error (KR_ELIMIT, as
 * PyTensor's on_opt_error="raise"), the graph being the same.
 */
START_TEST(equilibrium_low_use_ratio)
{
	for (int callback = 0; callback < 2; callback++) {
		xyz();
		kr_fgraph *fg = fg_xyz(AP(OP3, AP(OP4, x, y)));
		kr_node_rewriter *rws[3];
		cycle_rewriters(rws);
		double ratio = 1.0 / (double)kr_fgraph_nnodes(fg);
		kr_graph_rewriter *eq = equilibrium(3, rws, ratio, false);
		if (callback)
			kr_graph_rewriter_set_failure_callback(
				eq, kr_failure_ignore, NULL);
		int rc = kr_graph_rewriter_rewrite(eq, fg, NULL);
		ck_assert_int_eq(rc, callback ? 0 : KR_ELIMIT);
		ck_assert_int_eq(kr_fgraph_check_integrity(fg), 0);
		ck_assert_str_eq(kr_fgraph_repr(fg),
				 "FunctionGraph(Op1(x, y))");
	}
}
END_TEST

/* ------------------------------------------------ PatternNodeRewriter */

static bool always_true(double a, double b)
{
	(void)a, (void)b;
	return true;
}

/* get_nodes=lambda fgraph, node: [node] */
static int node_itself(kr_apply ***nodes, size_t *n, kr_fgraph *fg,
		       kr_apply *node, void *data)
{
	(void)fg, (void)data;
	*nodes = kr_alloc(sizeof **nodes);
	(*nodes)[0] = node;
	*n = 1;
	return 0;
}

/*
 * test_patternsub_values_eq_approx, out_pattern (op2, "x"), "x" and 1.0
 * (_i % 3), with tracks=[op1] and get_nodes (_i >= 3) or without.
 */
START_TEST(patternsub_values_eq_approx)
{
	kr_variable *vx = var("x");
	kr_variable *e = AP(OP1, vx);
	kr_fgraph *fg = fgraph(1, &vx, 1, &e, false);
	kr_term *lx = kr_var_new("x");
	kr_term *outs[3] = {E(OT(2), lx), lx, kr_real(1.0)};
	kr_pattern_opts o = KR_PATTERN_OPTS_INIT;
	o.values_eq_approx = always_true;
	kr_op *tracks[1] = {OP1};
	if (_i >= 3) {
		o.ntracks = 1;
		o.tracks = tracks;
		o.get_nodes = node_itself;
	}
	kr_node_rewriter *rw =
		kr_pattern_node_rewriter_new(E(OT(1), lx), outs[_i % 3], &o);
	rewrite_ok(equilibrium(1, &rw, 1, false), fg);
	kr_variable *out = kr_fgraph_output(fg, 0);
	if (_i % 3 == 0) {
		kr_apply *node = kr_variable_owner(out);
		ck_assert(node && kr_op_equal(kr_apply_op(node), OP2));
		ck_assert(kr_pattern_values_eq_approx(rw, out) == always_true);
	} else if (_i % 3 == 1) {
		ck_assert_ptr_eq(out, vx);
		ck_assert(kr_pattern_values_eq_approx(rw, out) == always_true);
	} else {
		/* the types differ: no substitution */
		ck_assert_ptr_eq(out, e);
	}
}
END_TEST

/*
 * PatternNodeRewriter with tracks and get_nodes: tracking Op3, it is
 * handed an Op3 node and rewrites an Op1 node that get_nodes finds below
 * it (a map from that node's output); tracks() are the given ops.
 */
static int first_input_owner(kr_apply ***nodes, size_t *n, kr_fgraph *fg,
			     kr_apply *node, void *data)
{
	(void)fg, (void)data;
	kr_apply *below = kr_variable_owner(kr_apply_input(node, 0));
	if (!below)
		return 0;
	*nodes = kr_alloc(sizeof **nodes);
	(*nodes)[0] = below;
	*n = 1;
	return 0;
}

START_TEST(pattern_tracks_get_nodes)
{
	xyz();
	kr_fgraph *fg = fg_xyz(AP(OP3, AP(OP1, x, y)));
	kr_term *a = kr_var_new("a"), *b = kr_var_new("b");
	kr_op *tracks[1] = {OP3};
	kr_pattern_opts o = KR_PATTERN_OPTS_INIT;
	o.ntracks = 1;
	o.tracks = tracks;
	o.get_nodes = first_input_owner;
	kr_node_rewriter *rw = kr_pattern_node_rewriter_new(
		E(OT(1), a, b), E(OT(2), b, a), &o);
	size_t n;
	kr_op *const *t = kr_node_rewriter_tracks(rw, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert(kr_op_equal(t[0], OP3));
	kr_replacements *r = NULL;
	kr_apply *top = kr_variable_owner(kr_fgraph_output(fg, 0));
	ck_assert_int_eq(kr_node_rewriter_transform(rw, fg, top, &r), 0);
	ck_assert_ptr_nonnull(r);
	ck_assert(!kr_replacements_is_list(r));
	ck_assert_ptr_eq(kr_replacements_old_var(r, 0), kr_apply_input(top, 0));
	rewrite_ok(equilibrium(1, &rw, 10, false), fg);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op3(Op2(y, x)))");
}
END_TEST

/* test_patternsub_invalid_dtype, out_pattern (op1, "x") and "x" */
START_TEST(patternsub_invalid_dtype)
{
	kr_variable *vx = var("x");
	kr_variable *e = AP(kr_op_new(&cast2_desc, NULL), vx);
	kr_fgraph *fg = fgraph(1, &vx, 1, &e, true);
	kr_term *lx = kr_var_new("x");
	kr_term *outs[2] = {E(OT(1), lx), lx};
	kr_term *cast2 = kr_op_term(kr_op_new(&cast2_desc, NULL));
	kr_node_rewriter *rw = pattern(E(cast2, lx), outs[_i], false);
	rewrite_ok(equilibrium(1, &rw, 1, false), fg);
	ck_assert(kr_type_is_super(kr_variable_type(e),
				   kr_variable_type(kr_fgraph_output(fg, 0))));
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(OpCastType2(x))");
}
END_TEST

/* test_patternsub_multi_output_nodes */
START_TEST(patternsub_multi_output_nodes)
{
	kr_op *multi = kr_op_new(&multi_desc, NULL);
	kr_term *lx = kr_var_new("x");
	kr_pattern_opts o = KR_PATTERN_OPTS_INIT;
	o.name = "ps";
	kr_node_rewriter *rws[2] = {
		kr_pattern_node_rewriter_new(E(kr_op_term(multi), lx), lx, &o),
		kr_pattern_node_rewriter_new(E(kr_op_term(op_y()), lx), lx,
					     &o)};
	ck_assert_str_eq(kr_node_rewriter_to_string(rws[0]), "ps");
	kr_graph_rewriter *rw = kr_walking_rewriter(KR_IN_TO_OUT, 2, rws);
	kr_variable *vx = var("x");
	kr_apply *node;
	ck_assert_int_eq(kr_apply_make(&node, multi, 1, &vx), 0);
	kr_variable *e1 = kr_apply_output(node, 0);
	kr_variable *e2 = kr_apply_output(node, 1);
	kr_variable *o1 = AP(op_y(), e1), *o2 = AP(op_y(), e2);
	/* a node of several outputs is not replaced */
	kr_fgraph *fg = fgraph(1, &vx, 2, VS(e2, e1), true);
	rewrite_ok(rw, fg);
	expect_outputs(fg, 2, VS(e2, e1), 1, &vx);
	/* but one of its outputs may be the replacement */
	fg = fgraph(1, &vx, 2, VS(o2, o1), true);
	rewrite_ok(rw, fg);
	expect_outputs(fg, 2, VS(e2, e1), 1, &vx);
}
END_TEST

/* ------------------------------------------------- node rewriters */

/* local_rewrite_1/2: op(from, rest...) -> op2(to, rest...) */
typedef struct swap {
	kr_variable *from, *to;
} swap;

static int swap_first(kr_fgraph *fg, kr_apply *node, kr_replacements **out,
		      void *data)
{
	(void)fg;
	const swap *s = data;
	size_t n = kr_apply_ninputs(node);
	if (n == 0 || kr_apply_input(node, 0) != s->from)
		return 0;
	kr_variable **ins = kr_alloc(n * sizeof *ins);
	ins[0] = s->to;
	for (size_t i = 1; i < n; i++)
		ins[i] = kr_apply_input(node, i);
	kr_variable *res = call(OP2, n, ins);
	*out = kr_replacements_for_outputs(node, 1, &res);
	return 0;
}

/*
 * TestSequentialNodeRewriter.test_optimizer_verbose: its two transforms
 * under config.optimizer_verbose (kr_set_optimizer_verbose) print the
 * expected messages.
 */
START_TEST(sequential_node_rewriter)
{
	kr_variable *vx = var("x"), *vy = var("y");
	kr_variable *o1 = AP(OP1, vx, vy);
	kr_fgraph *fg = fgraph(2, VS(vx, vy), 1, &o1, false);
	static swap s1, s2;
	s1 = (swap){vx, vy};
	s2 = (swap){vy, vx};
	kr_node_rewriter *rws[2] = {
		kr_node_rewriter_from_fn("local_rewrite_1", swap_first, &s1, 0,
					 NULL),
		kr_node_rewriter_from_fn("local_rewrite_2", swap_first, &s2, 0,
					 NULL)};
	kr_node_rewriter *seq = kr_sequential_node_rewriter_new(2, rws);
	kr_apply *node = kr_variable_owner(o1);
	ck_assert_str_eq(kr_apply_to_string(node), "Op1(x, y)");
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	kr_set_optimizer_verbose(f); /* config.optimizer_verbose=True */
	kr_replacements *r = NULL;
	ck_assert_int_eq(kr_node_rewriter_transform(seq, fg, node, &r), 0);
	kr_set_optimizer_verbose(NULL);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(kr_replacements_apply(fg, node, r, "seq"), 1);
	kr_variable *new_res = kr_fgraph_output(fg, 0);
	ck_assert_str_eq(kr_variable_to_string(new_res), "Op2.0");
	node = kr_variable_owner(new_res);
	ck_assert_str_eq(kr_apply_to_string(node), "Op2(y, y)");
	r = NULL;
	kr_set_optimizer_verbose(f);
	ck_assert_int_eq(kr_node_rewriter_transform(seq, fg, node, &r), 0);
	kr_set_optimizer_verbose(NULL);
	fclose(f);
	ck_assert_str_eq(text, "rewriting: rewrite local_rewrite_1 replaces "
			       "node Op1(x, y) with [Op2.0]\n"
			       "rewriting: rewrite local_rewrite_2 replaces "
			       "node Op2(y, y) with [Op2.0]\n");
	free(text);
	ck_assert_ptr_nonnull(r);
	/* Beyond the test: fgraph.replace's own line (verbose) */
	f = open_memstream(&text, &len);
	kr_set_optimizer_verbose(f);
	ck_assert_int_eq(kr_replacements_apply(fg, node, r, "seq"), 1);
	kr_set_optimizer_verbose(NULL);
	fclose(f);
	ck_assert_str_eq(text, "rewriting: rewrite seq replaces Op2.0 of "
			       "Op2(y, y) with Op2.0 of Op2(x, y)\n");
	free(text);
	ck_assert_str_eq(kr_variable_to_string(kr_fgraph_output(fg, 0)),
			 "Op2.0");
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op2(x, y))");
}
END_TEST

/*
 * test_node_rewriter_str: str() is the function's name, and the class
 * and tracked op are known (repr). Also the str forms of the
 * substitution and pattern rewriters (PyTensor 2.32's __str__).
 */
START_TEST(node_rewriter_str)
{
	kr_op *op1 = OP1;
	kr_node_rewriter *rw = kr_node_rewriter_from_fn(
		"local_rewriter_1", do_nothing, NULL, 1, &op1);
	ck_assert_str_eq(kr_node_rewriter_to_string(rw), "local_rewriter_1");
	ck_assert_str_eq(kr_node_rewriter_class_name(rw),
			 "FromFunctionNodeRewriter");
	size_t n = 0;
	kr_op *const *tracks = kr_node_rewriter_tracks(rw, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(kr_op_to_string(tracks[0]), "Op1");
	ck_assert_str_eq(kr_node_rewriter_to_string(
				 kr_substitution_node_rewriter_new(OP1, OP2)),
			 "Op1 -> Op2");
	kr_term *v1 = kr_var_new("1"), *v2 = kr_var_new("2");
	kr_term *v3 = kr_var_new("3");
	ck_assert_str_eq(kr_node_rewriter_to_string(pattern(
				 E(OT(1), E(OT(2), v1, v2), v3),
				 E(OT(4), v3, v2), false)),
			 "e(Op1, e(Op2, ~1, ~2), ~3) -> e(Op4, ~3, ~2)");
}
END_TEST

/* test_node_rewriter's transform counts the calls. */
static int count_hits(kr_fgraph *fg, kr_apply *node, kr_replacements **out,
		      void *data)
{
	(void)fg;
	(*(int *)data)++;
	size_t n = kr_apply_noutputs(node);
	kr_variable **outs = kr_alloc(n * sizeof *outs);
	for (size_t i = 0; i < n; i++)
		outs[i] = kr_apply_output(node, i);
	*out = kr_replacements_for_outputs(node, n, outs);
	return 0;
}

/*
 * test_node_rewriter: the function is called on nodes of a tracked op
 * only (tracking op classes and the Python type errors are not ported).
 */
START_TEST(node_rewriter_tracks)
{
	kr_variable *vx = var("x"), *vy = var("y");
	kr_variable *o1 = AP(OP1, vx, vy), *o3 = AP(OP3, vx, vy);
	kr_fgraph *fg = fgraph(2, VS(vx, vy), 2, VS(o1, o3), false);
	static int hits;
	kr_op *op1 = OP1;
	kr_node_rewriter *rw = kr_node_rewriter_from_fn(
		"local_rewriter_1", count_hits, &hits, 1, &op1);
	kr_replacements *r = NULL;
	kr_apply *n1 = kr_variable_owner(kr_fgraph_output(fg, 0));
	ck_assert_int_eq(kr_node_rewriter_transform(rw, fg, n1, &r), 0);
	ck_assert_int_eq(hits, 1);
	/* the outputs themselves: nothing to do */
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(kr_replacements_apply(fg, n1, r, "same"), 0);
	r = NULL;
	kr_apply *n3 = kr_variable_owner(kr_fgraph_output(fg, 1));
	ck_assert_int_eq(kr_node_rewriter_transform(rw, fg, n3, &r), 0);
	ck_assert_int_eq(hits, 1);
	ck_assert_ptr_null(r);
}
END_TEST

/* MyNewOp and MyNewOp2 of test_node_rewriter: two more MyOp classes. */
static const kr_op_desc newop_desc = MY_DESC("MyNewOp");
static const kr_op_desc newop2_desc = MY_DESC("MyNewOp2");

/*
 * test_node_rewriter, its class part: tracks [op1, MyNewOp] (the class as
 * an OpPattern) lets op1's node and MyNewOp's node through, not
 * MyNewOp2's.
 */
START_TEST(node_rewriter_tracks_class)
{
	kr_variable *vx = var("x"), *vy = var("y");
	kr_variable *o1 = AP(OP1, vx, vy);
	kr_variable *o2 = AP(kr_op_new(&newop_desc, NULL), vx, vy);
	kr_variable *o3 = AP(kr_op_new(&newop2_desc, NULL), vx, vy);
	kr_fgraph *fg = fgraph(2, VS(vx, vy), 3, VS(o1, o2, o3), false);
	static int hits;
	const kr_op_desc *cls = &newop_desc;
	kr_op *cls_op =
		kr_op_pattern_track(kr_op_pattern(1, &cls, 0, NULL, NULL));
	kr_op *tracks[2] = {OP1, cls_op};
	kr_node_rewriter *rw = kr_node_rewriter_from_fn(
		"local_rewriter_1", count_hits, &hits, 2, tracks);
	kr_replacements *r = NULL;
	for (size_t k = 0; k < 3; k++) {
		kr_apply *node = kr_variable_owner(kr_fgraph_output(fg, k));
		ck_assert_int_eq(kr_node_rewriter_transform(rw, fg, node, &r),
				 0);
		ck_assert_int_eq(hits, k < 2 ? (int)k + 1 : 2);
	}
}
END_TEST

/*
 * test_OpToRewriterTracker: 1 untracked, 2 tracking op1, 3 tracking the
 * class Op (OpPattern(Op)), 4 and 5 the class MyOp (here an OpPattern of
 * the six classes of op1 ... op6). get_trackers(op1) lists the class
 * trackers first, the most specific class first (the MRO), then the
 * instance trackers, then the untracked: [4, 5, 3, 2, 1]. An op of
 * another class has [3, 1].
 */
START_TEST(op_to_rewriter_tracker)
{
	kr_op *op1 = OP1;
	const kr_op_desc *my_classes[6];
	for (int i = 0; i < 6; i++)
		my_classes[i] = &my_descs[i];
	kr_op *any_op = kr_op_pattern_track(
		kr_op_pattern(0, NULL, 0, NULL, NULL));
	kr_op *my_op_class = kr_op_pattern_track(
		kr_op_pattern(6, my_classes, 0, NULL, NULL));
	ck_assert_str_eq(kr_op_to_string(any_op), "OpPattern(Op)");
	kr_node_rewriter *rw1 = kr_node_rewriter_from_fn(
		"local_rewriter_1", do_nothing, NULL, 0, NULL);
	kr_node_rewriter *rw2 = kr_node_rewriter_from_fn(
		"local_rewriter_2", do_nothing, NULL, 1, &op1);
	kr_node_rewriter *rw3 = kr_node_rewriter_from_fn(
		"local_rewriter_3", do_nothing, NULL, 1, &any_op);
	kr_node_rewriter *rw4 = kr_node_rewriter_from_fn(
		"local_rewriter_4", do_nothing, NULL, 1, &my_op_class);
	kr_node_rewriter *rw5 = kr_node_rewriter_from_fn(
		"local_rewriter_5", do_nothing, NULL, 1, &my_op_class);
	kr_rewriter_tracker *t = kr_rewriter_tracker_new();
	kr_node_rewriter *all[] = {rw1, rw2, rw3, rw4, rw5};
	for (int i = 0; i < 5; i++)
		kr_rewriter_tracker_add(t, all[i]);
	size_t n = 0;
	kr_node_rewriter *const *rs = kr_rewriter_tracker_get(t, op1, &n);
	kr_node_rewriter *want[] = {rw4, rw5, rw3, rw2, rw1};
	ck_assert_uint_eq(n, 5);
	for (int i = 0; i < 5; i++)
		ck_assert_ptr_eq(rs[i], want[i]);
	rs = kr_rewriter_tracker_get(t, kr_op_new(&noinput_desc, &op_y_x), &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_ptr_eq(rs[0], rw3);
	ck_assert_ptr_eq(rs[1], rw1);
	/* get_rewriters(): types' lists, instances', then the untracked */
	rs = kr_rewriter_tracker_rewriters(t, &n);
	kr_node_rewriter *every[] = {rw3, rw4, rw5, rw2, rw1};
	ck_assert_uint_eq(n, 5);
	for (int i = 0; i < 5; i++)
		ck_assert_ptr_eq(rs[i], every[i]);
}
END_TEST

/* ---------------------------------------- pre_constant_merge, pre_greedy */

/* test_pre_constant_merge */
START_TEST(pre_constant_merge)
{
	kr_fgraph *empty = fgraph(0, NULL, 0, NULL, false);
	kr_variable *vx = var("x"), *vy = var("y");
	kr_variable *c1 = my_constant(1, "c1"), *c2 = my_constant(1, "c1");
	kr_variable *o1 = AP(OP2, c1, vx);
	kr_variable *o2 = AP(OP1, o1, vy, c2);
	ck_assert_ptr_ne(c1, c2);
	kr_variable *res = NULL;
	ck_assert_int_eq(kr_pre_constant_merge(&res, empty, 1, &o2), 0);
	ck_assert_ptr_eq(res, o2);
	ck_assert_ptr_eq(input_of(o2, 2), c1);

	o2 = AP(OP1, o1, vy, c2);
	kr_fgraph *fg = fgraph(2, VS(vx, vy), 1, &o2, false);
	ck_assert(kr_fgraph_has_node(fg, kr_variable_owner(o2)));
	ck_assert_int_eq(kr_pre_constant_merge(&res, fg, 1, &o2), 0);
	ck_assert_ptr_eq(res, o2);
	ck_assert_ptr_eq(input_of(o2, 2), c2);
}
END_TEST

/*
 * Beyond the PyTensor test: a duplicate met twice is replaced both times,
 * a duplicate Constant given as a variable comes back as the kept one, a
 * different value is not merged, and a chain deeper than any C stack is
 * walked.
 */
START_TEST(pre_constant_merge_more)
{
	kr_fgraph *empty = fgraph(0, NULL, 0, NULL, false);
	kr_variable *vx = var("x");
	kr_variable *c1 = my_constant(1, "a"), *c2 = my_constant(1, "b");
	kr_variable *c3 = my_constant(3, "c");
	kr_variable *e = AP(OP1, c1, c2, AP(OP2, c2, vx), c3);
	kr_variable *res[2];
	ck_assert_int_eq(kr_pre_constant_merge(res, empty, 2, VS(e, c2)), 0);
	ck_assert_ptr_eq(res[0], e);
	ck_assert_ptr_eq(res[1], c1);
	ck_assert_ptr_eq(input_of(e, 1), c1);
	ck_assert_ptr_eq(input_of(input_of(e, 2), 0), c1);
	ck_assert_ptr_eq(input_of(e, 3), c3);

	kr_variable *first = my_constant(7, "k"), *v = first;
	for (int i = 0; i < 200000; i++)
		v = AP(OP2, v, my_constant(7, "k"));
	ck_assert_int_eq(kr_pre_constant_merge(res, empty, 1, &v), 0);
	for (int i = 0; i < 200000; i++, v = input_of(v, 0))
		ck_assert_ptr_eq(input_of(v, 1), first);
}
END_TEST

/* Op1/Op2 with a perform (MyOp's): the sum of the inputs. */
static int sum_perform(kr_value **out, const kr_op *op, size_t nin,
		       const kr_value *const *in)
{
	(void)op;
	double s = 0;
	for (size_t i = 0; i < nin; i++)
		s += kr_value_get(in[i], 0);
	*out = kr_value_scalar(KR_INT64, s);
	return 0;
}

static const kr_op_desc fold_descs[2] = {
	{.name = "Op1", .max_inputs = -1, .infer = my_infer,
	 .perform = sum_perform},
	{.name = "Op2", .max_inputs = -1, .infer = my_infer,
	 .perform = sum_perform}};

static kr_op *fold_op(int k)
{
	static kr_op *ops[2];
	if (!ops[k - 1])
		ops[k - 1] = kr_op_new(&fold_descs[k - 1], NULL);
	return ops[k - 1];
}

/* test_pre_greedy_node_rewriter */
START_TEST(pre_greedy_node_rewriter)
{
	kr_fgraph *empty = fgraph(0, NULL, 0, NULL, false);
	kr_node_rewriter *cf = kr_constant_folding_new();
	kr_variable *vx = var("x"), *vy = var("y");
	kr_variable *c1 = my_constant(1, "c1"), *c2 = my_constant(2, "c2");
	kr_variable *o1 = AP(fold_op(2), c1, c2);
	kr_variable *o3 = AP(fold_op(1), c1, vy);
	kr_variable *o2 = AP(fold_op(1), o1, c2, vx, o3, o1);
	ck_assert_ptr_nonnull(kr_variable_owner(input_of(o2, 0)));
	ck_assert_ptr_nonnull(kr_variable_owner(input_of(o2, 4)));

	kr_variable *cst = NULL;
	ck_assert_int_eq(kr_pre_greedy_node_rewriter(&cst, empty, 1, &cf, o2),
			 0);
	ck_assert_ptr_null(kr_variable_owner(input_of(cst, 0)));
	ck_assert(kr_variable_is_constant(input_of(cst, 0)));
	ck_assert(kr_variable_constant_value(input_of(cst, 0)) == 3);
	ck_assert_ptr_eq(input_of(cst, 1), c2);
	ck_assert_ptr_eq(input_of(cst, 2), vx);
	ck_assert_ptr_eq(input_of(cst, 3), o3);
	ck_assert_ptr_eq(input_of(cst, 4), input_of(cst, 0));

	/* o1 in the graph: not folded. */
	kr_fgraph *fg = fgraph(0, NULL, 1, &o1, false);
	o2 = AP(fold_op(1), o1, c2, vx, o3, o1);
	ck_assert_int_eq(kr_pre_greedy_node_rewriter(&cst, fg, 1, &cf, o2), 0);
	ck_assert_ptr_eq(input_of(cst, 0), o1);
	ck_assert_ptr_eq(input_of(cst, 4), input_of(cst, 0));

	/* A graph of constants folds to one constant. */
	kr_variable *all = AP(fold_op(1), AP(fold_op(2), c1, c2), c2);
	ck_assert_int_eq(kr_pre_greedy_node_rewriter(&cst, empty, 1, &cf, all),
			 0);
	ck_assert(kr_variable_is_constant(cst));
	ck_assert(kr_variable_constant_value(cst) == 5);
}
END_TEST

static int map_form(kr_fgraph *fg, kr_apply *node, kr_replacements **out,
		    void *data)
{
	(void)fg, (void)data;
	*out = kr_replacements_new();
	kr_replacements_add(*out, kr_apply_output(node, 0), x);
	return 0;
}

static int failing_perform(kr_value **out, const kr_op *op, size_t nin,
			   const kr_value *const *in)
{
	(void)out, (void)op, (void)nin, (void)in;
	return kr_error_set(KR_EINVALID, "division by zero");
}

static const kr_op_desc failing_desc = {.name = "Fails",
					.max_inputs = -1,
					.infer = my_infer,
					.perform = failing_perform};

/* Failure paths: a map-form result, a perform error, no perform. */
START_TEST(pre_greedy_errors)
{
	xyz();
	kr_fgraph *empty = fgraph(0, NULL, 0, NULL, false);
	kr_node_rewriter *bad =
		kr_node_rewriter_from_fn("local_map", map_form, NULL, 0, NULL);
	kr_variable *e = AP(OP1, y);
	kr_variable *res = NULL;
	ck_assert_int_eq(kr_pre_greedy_node_rewriter(&res, empty, 1, &bad, e),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "pre_greedy_node_rewriter: local_map must return one "
			 "replacement per output of Op1(y) (1), not a map of "
			 "replacements");

	kr_node_rewriter *cf = kr_constant_folding_new();
	ck_assert_str_eq(kr_node_rewriter_to_string(cf), "constant_folding");
	kr_variable *f =
		AP(kr_op_new(&failing_desc, NULL), my_constant(1, "c"));
	ck_assert_int_eq(kr_pre_greedy_node_rewriter(&res, empty, 1, &cf, f),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "constant_folding: Fails(c{1}): division by zero");

	/* Op1 of the test ops has no perform: nothing to fold. */
	kr_variable *g = AP(OP1, my_constant(1, "c"));
	ck_assert_int_eq(kr_pre_greedy_node_rewriter(&res, empty, 1, &cf, g),
			 0);
	ck_assert_ptr_eq(res, g);
}
END_TEST

/* ------------------------------------------- inplace_graph_rewriter */

/* The function of an in-place graph rewriter: is a DestroyHandler there? */
static int sees_destroy_handler(kr_fgraph *fg, void *data)
{
	*(kr_feature **)data = kr_fgraph_destroy_handler(fg);
	return 0;
}

/*
 * inplace_graph_rewriter: a FromFunctionGraphRewriter whose requirement
 * attaches a DestroyHandler before its function runs, once per graph.
 */
START_TEST(inplace_graph_rewriter)
{
	xyz();
	kr_fgraph *fg = fg_xyz(AP(OP1, x, y));
	ck_assert_ptr_null(kr_fgraph_destroy_handler(fg));
	static kr_feature *seen;
	kr_graph_rewriter *rw = kr_inplace_graph_rewriter(
		"local_inplace", sees_destroy_handler, &seen);
	ck_assert_str_eq(kr_graph_rewriter_class_name(rw),
			 "FromFunctionGraphRewriter");
	ck_assert_str_eq(kr_graph_rewriter_name(rw), "local_inplace");
	rewrite_ok(rw, fg);
	kr_feature *dh = kr_fgraph_destroy_handler(fg);
	ck_assert_ptr_nonnull(dh);
	ck_assert_ptr_eq(seen, dh);
	rewrite_ok(rw, fg);
	ck_assert_ptr_eq(kr_fgraph_destroy_handler(fg), dh);
	/* graph_rewriter (not in place) attaches nothing */
	fg = fg_xyz(AP(OP1, x, y));
	seen = dh;
	rewrite_ok(kr_graph_rewriter_from_fn("f", sees_destroy_handler,
					     &seen),
		   fg);
	ck_assert_ptr_null(seen);
}
END_TEST

/* ------------------------------------------------------- stack traces */

static void expect_trace(const kr_variable *v, size_t m,
			 const char *const *want)
{
	size_t n;
	const char *const *got = kr_variable_trace(v, &n);
	ck_assert_uint_eq(n, m);
	for (size_t k = 0; k < n; k++)
		ck_assert_str_eq(got[k], want[k]);
	if (m == 0)
		ck_assert_ptr_null(got);
}

#define TRACE(v, ...)                                                         \
	expect_trace((v),                                                     \
		     sizeof((const char *[]){__VA_ARGS__}) / sizeof(char *),  \
		     (const char *[]){__VA_ARGS__})
#define NO_TRACE(v) expect_trace((v), 0, NULL)

/*
 * copy_stack_trace: to_var keeps its own traces and gets those of every
 * from_var after them, in order; add_tag_trace sets one; copies of a
 * variable keep it (as PyTensor copies the tag).
 */
START_TEST(copy_stack_trace)
{
	xyz();
	NO_TRACE(x);
	ck_assert_ptr_eq(kr_add_tag_trace(x, "a.c:1"), x);
	kr_add_tag_trace(y, "b.c:2");
	kr_variable *e = AP(OP1, x, y);
	NO_TRACE(e);
	kr_copy_stack_trace(1, &x, 1, &e);
	TRACE(e, "a.c:1");
	kr_copy_stack_trace(2, VS(x, y), 1, &e);
	TRACE(e, "a.c:1", "a.c:1", "b.c:2");
	kr_copy_stack_trace(1, &z, 1, &e); /* z has none: nothing added */
	TRACE(e, "a.c:1", "a.c:1", "b.c:2");
	kr_variable *f = AP(OP2, x), *g = AP(OP3, y);
	kr_copy_stack_trace(1, &y, 2, VS(f, g));
	TRACE(f, "b.c:2");
	TRACE(g, "b.c:2");
	kr_variable_set_trace(g, 0, NULL);
	NO_TRACE(g);
	TRACE(kr_variable_clone(x, "x2"), "a.c:1");
	TRACE(kr_apply_output(kr_apply_clone(kr_variable_owner(e)), 0),
	      "a.c:1", "a.c:1", "b.c:2");
	kr_fgraph *fg = fg_xyz(e); /* a clone of the graph */
	TRACE(kr_fgraph_output(fg, 0), "a.c:1", "a.c:1", "b.c:2");
	TRACE(kr_fgraph_input(fg, 0), "a.c:1");
}
END_TEST

static bool is_op2(const kr_apply *node, void *data)
{
	(void)data;
	return kr_op_equal(kr_apply_op(node), OP2);
}

/*
 * check_stack_trace: "last" checks the owners of the outputs, "all" every
 * node, a list of ops (instances and classes) or a function the nodes
 * they select; with nothing to check, bug_print decides.
 */
START_TEST(check_stack_trace)
{
	xyz();
	kr_variable *inner = AP(OP2, x), *out = AP(OP1, inner, y);
	kr_fgraph *fg = fgraph(3, VS(x, y, z), 1, &out, false);
	bool ok = true;
	ck_assert_int_eq(kr_check_stack_trace(&ok, fg, NULL, NULL), 0);
	ck_assert(!ok);
	kr_add_tag_trace(out, "t.c:1");
	ok = false;
	ck_assert_int_eq(kr_check_stack_trace(&ok, fg, "last", NULL), 0);
	ck_assert(ok);
	ck_assert_int_eq(kr_check_stack_trace(&ok, fg, "all", "raise"), 0);
	ck_assert(!ok);
	ck_assert_int_eq(kr_check_stack_trace_ops(&ok, fg, 1, VS_OP(OP1),
						  NULL),
			 0);
	ck_assert(ok);
	ck_assert_int_eq(kr_check_stack_trace_ops(&ok, fg, 1, VS_OP(OP2),
						  NULL),
			 0);
	ck_assert(!ok);
	const kr_op_desc *cls = &my_descs[1]; /* the class of op2 */
	kr_op *op2_class = kr_op_pattern_track(
		kr_op_pattern(1, &cls, 0, NULL, NULL));
	ok = true;
	ck_assert_int_eq(kr_check_stack_trace_ops(&ok, fg, 1, &op2_class,
						  NULL),
			 0);
	ck_assert(!ok);
	ok = true;
	ck_assert_int_eq(kr_check_stack_trace_fn(&ok, fg, is_op2, NULL, NULL),
			 0);
	ck_assert(!ok);
	kr_add_tag_trace(inner, "t.c:2");
	ck_assert_int_eq(kr_check_stack_trace(&ok, fg, "all", NULL), 0);
	ck_assert(ok);
	/* nothing to check: raise, warn, ignore, or a bad bug_print */
	ck_assert_int_eq(kr_check_stack_trace_ops(&ok, fg, 1, VS_OP(OP3),
						  "raise"),
			 KR_ENOTFOUND);
	ck_assert_str_eq(kr_error_last()->message,
			 "Provided op instances/classes are not in the graph "
			 "or the graph is empty");
	ok = false;
	ck_assert_int_eq(kr_check_stack_trace_ops(&ok, fg, 1, VS_OP(OP3),
						  "ignore"),
			 0);
	ck_assert(ok);
	ck_assert_int_eq(kr_check_stack_trace_ops(&ok, fg, 1, VS_OP(OP3),
						  "loud"),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "The string bug_print is not recognised");
	ck_assert_int_eq(kr_check_stack_trace(&ok, fg, "first", NULL),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "The string ops_to_check is not recognised");
	/* an empty graph: "all" has nothing to check */
	kr_fgraph *empty = fgraph(0, NULL, 0, NULL, false);
	ck_assert_int_eq(kr_check_stack_trace(&ok, empty, "all", NULL),
			 KR_ENOTFOUND);
	/* "last" on an output without owner fails (None in PyTensor) */
	kr_fgraph *bare = fgraph(1, &x, 1, &x, false);
	ck_assert_int_eq(kr_check_stack_trace(&ok, bare, "last", NULL),
			 KR_EINVALID);
}
END_TEST

/* A rewriter replacing Op1(a, b) by Op3(a, b), without copying traces. */
static int op1_to_op3(kr_fgraph *fg, kr_apply *node, kr_replacements **out,
		      void *data)
{
	(void)fg, (void)data;
	kr_variable *v = AP(OP3, kr_apply_input(node, 0),
			    kr_apply_input(node, 1));
	*out = kr_replacements_for_outputs(node, 1, &v);
	return 0;
}

/* The same, copying the replaced output's trace to the new one. */
static int op1_to_op3_traced(kr_fgraph *fg, kr_apply *node,
			     kr_replacements **out, void *data)
{
	int rc = op1_to_op3(fg, node, out, data);
	kr_variable *old = kr_apply_output(node, 0);
	kr_variable *new_var = kr_replacements_new_var(*out, 0);
	kr_copy_stack_trace(1, &old, 1, &new_var);
	return rc;
}

static kr_graph_rewriter *op1_walker(kr_node_rewriter_fn fn)
{
	kr_op *op1 = OP1;
	return kr_walking_graph_rewriter_new(
		kr_node_rewriter_from_fn("local_op1_to_op3", fn, NULL, 1,
					 &op1),
		KR_IN_TO_OUT, false);
}

/*
 * CheckStackTraceFeature (through CheckStackTraceRewriter, which attaches
 * it once): "raise" refuses a rewrite that leaves an output without a
 * trace (the replacement is reverted) and lets one that copies the trace
 * through; "log" fills the missing traces in with the sentence; "off"
 * does nothing.
 */
START_TEST(check_stack_trace_feature)
{
	xyz();
	kr_variable *e = kr_add_tag_trace(AP(OP1, x, y), "t.c:1");
	kr_fgraph *fg = fgraph(3, VS(x, y, z), 1, &e, false);
	kr_graph_rewriter *ct =
		kr_check_stack_trace_rewriter_new(KR_STACK_TRACE_RAISE);
	ck_assert_str_eq(kr_graph_rewriter_class_name(ct),
			 "CheckStackTraceRewriter");
	rewrite_ok(ct, fg);
	kr_feature *f = kr_fgraph_feature(fg, "CheckStackTraceFeature");
	ck_assert_ptr_nonnull(f);
	rewrite_ok(ct, fg);
	ck_assert_ptr_eq(kr_fgraph_feature(fg, "CheckStackTraceFeature"), f);
	kr_graph_rewriter *plain = op1_walker(op1_to_op3);
	int rc = kr_graph_rewriter_rewrite(plain, fg, NULL);
	ck_assert_int_eq(rc, KR_ERROR);
	ck_assert_msg(strstr(kr_error_last()->message,
			     "Empty stack trace. The rewrite that inserted "
			     "this variable is local_op1_to_op3."),
		      "%s", kr_error_last()->message);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op1(x, y))");
	rewrite_ok(op1_walker(op1_to_op3_traced), fg);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op3(x, y))");
	TRACE(kr_fgraph_output(fg, 0), "t.c:1");

	/* log: the new output gets the sentence as its trace */
	e = AP(OP1, x, y);
	fg = fgraph(3, VS(x, y, z), 1, &e, false);
	ck_assert_int_eq(kr_fgraph_attach_feature(
				 fg, kr_check_stack_trace_feature_new(
					     KR_STACK_TRACE_LOG)),
			 0);
	rewrite_ok(op1_walker(op1_to_op3), fg);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(Op3(x, y))");
	TRACE(kr_fgraph_output(fg, 0),
	      "Empty stack trace. The rewrite that inserted this variable is "
	      "local_op1_to_op3.");
	/* off: nothing */
	e = AP(OP1, x, y);
	fg = fgraph(3, VS(x, y, z), 1, &e, false);
	rewrite_ok(kr_check_stack_trace_rewriter_new(KR_STACK_TRACE_OFF), fg);
	rewrite_ok(op1_walker(op1_to_op3), fg);
	NO_TRACE(kr_fgraph_output(fg, 0));
}
END_TEST

Suite *corpus_rewrite_suite(void)
{
	Suite *s = suite_create("corpus_rewrite");
	TCase *tc = tcase_create("pattern");
	tcase_add_test(tc, pattern_replace_output);
	tcase_add_test(tc, pattern_nested_out_pattern);
	tcase_add_test(tc, pattern_unification);
	tcase_add_test(tc, pattern_replace_subgraph);
	tcase_add_test(tc, pattern_no_recurse);
	tcase_add_test(tc, pattern_multiple);
	tcase_add_test(tc, pattern_nested_even_odd);
	tcase_add_test(tc, pattern_expand);
	tcase_add_test(tc, pattern_ambiguous);
	tcase_add_test(tc, pattern_constant);
	tcase_add_test(tc, pattern_constraints);
	tcase_add_test(tc, pattern_match_same);
	tcase_add_test(tc, pattern_allow_multiple_clients);
	tcase_add_test(tc, pattern_eq);
	tcase_add_test(tc, substitution_straightforward);
	tcase_add_loop_test(tc, patternsub_values_eq_approx, 0, 6);
	tcase_add_loop_test(tc, patternsub_invalid_dtype, 0, 2);
	tcase_add_test(tc, patternsub_multi_output_nodes);
	suite_add_tcase(s, tc);
	tc = tcase_create("pattern_op_key");
	tcase_add_checked_fixture(tc, op_key_on, op_key_off);
	tcase_add_test(tc, pattern_replace_output);
	tcase_add_test(tc, pattern_nested_out_pattern);
	tcase_add_test(tc, pattern_unification);
	tcase_add_test(tc, pattern_replace_subgraph);
	tcase_add_test(tc, pattern_no_recurse);
	tcase_add_test(tc, pattern_multiple);
	tcase_add_test(tc, pattern_nested_even_odd);
	tcase_add_test(tc, pattern_expand);
	tcase_add_test(tc, pattern_ambiguous);
	tcase_add_test(tc, pattern_constant);
	tcase_add_test(tc, pattern_constraints);
	tcase_add_test(tc, pattern_match_same);
	tcase_add_test(tc, pattern_allow_multiple_clients);
	tcase_add_test(tc, pattern_eq);
	tcase_add_test(tc, substitution_straightforward);
	tcase_add_test(tc, op_key_graph_rewriter);
	tcase_add_test(tc, pattern_tracks_get_nodes);
	suite_add_tcase(s, tc);
	tc = tcase_create("merge");
	tcase_add_test(tc, merge_straightforward);
	tcase_add_test(tc, merge_constant_merging);
	tcase_add_test(tc, merge_deep_merge);
	tcase_add_test(tc, merge_no_merge);
	tcase_add_test(tc, merge_outputs);
	tcase_add_test(tc, merge_identical_constant_args);
	tcase_add_test(tc, merge_both_assert_identical);
	tcase_add_test(tc, merge_noinput);
	tcase_add_loop_test(tc, merge_more_specific_types, 0, 2);
	suite_add_tcase(s, tc);
	tc = tcase_create("equilibrium");
	tcase_add_test(tc, equilibrium_1);
	tcase_add_test(tc, equilibrium_2);
	tcase_add_test(tc, equilibrium_low_use_ratio);
	tcase_add_test(tc, equilibrium_client_change);
	suite_add_tcase(s, tc);
	tc = tcase_create("node_rewriters");
	tcase_add_test(tc, sequential_node_rewriter);
	tcase_add_test(tc, node_rewriter_str);
	tcase_add_test(tc, node_rewriter_tracks);
	tcase_add_test(tc, node_rewriter_tracks_class);
	tcase_add_test(tc, op_to_rewriter_tracker);
	suite_add_tcase(s, tc);
	tc = tcase_create("graph_rewriters");
	tcase_add_test(tc, inplace_graph_rewriter);
	suite_add_tcase(s, tc);
	tc = tcase_create("stack_traces");
	tcase_add_test(tc, copy_stack_trace);
	tcase_add_test(tc, check_stack_trace);
	tcase_add_test(tc, check_stack_trace_feature);
	suite_add_tcase(s, tc);
	tc = tcase_create("pre_rewriters");
	tcase_add_test(tc, pre_constant_merge);
	tcase_add_test(tc, pre_constant_merge_more);
	tcase_add_test(tc, pre_greedy_node_rewriter);
	tcase_add_test(tc, pre_greedy_errors);
	suite_add_tcase(s, tc);
	return s;
}
