/* test_graph.c -- tests of types, ops, variables, the term bridge, pprint. */
/* See the LICENSE file for copying conditions. */
#include <stdio.h>
#include <stdlib.h>
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

static kr_variable *scalar(const char *name)
{
	return kr_variable_new(kr_type_scalar(KR_FLOAT64), name);
}

static kr_variable *matrix(const char *name)
{
	return kr_variable_new(kr_type_matrix(), name);
}

/* ---------------------------------------------------------------- types */

START_TEST(test_type_strings)
{
	int64_t s3[3] = {2, -1, 3};
	ck_assert_str_eq(kr_type_to_string(kr_type_scalar(KR_FLOAT64)),
			 "float64");
	ck_assert_str_eq(kr_type_to_string(kr_type_scalar(KR_INT64)), "int64");
	ck_assert_str_eq(kr_type_to_string(kr_type_vector()),
			 "Vector(float64, shape=(?,))");
	ck_assert_str_eq(kr_type_to_string(kr_type_matrix()),
			 "Matrix(float64, shape=(?, ?))");
	const kr_type *t3 = kr_type_tensor(KR_INT64, 3, s3);
	ck_assert_str_eq(kr_type_to_string(t3),
			 "Tensor3(int64, shape=(2, ?, 3))");
	ck_assert_int_eq(kr_type_ndim(t3), 3);
	ck_assert_int_eq(kr_type_dtype(t3), KR_INT64);
	ck_assert_int_eq(kr_type_dim(t3, 0), 2);
	ck_assert_int_eq(kr_type_dim(t3, 1), -1);
	ck_assert(!kr_type_equal(kr_type_tensor(KR_FLOAT64, 0, NULL),
				 kr_type_scalar(KR_FLOAT64)));
	ck_assert_str_eq(kr_type_to_string(kr_type_tensor(KR_FLOAT64, 0, NULL)),
			 "Scalar(float64, shape=())");
	ck_assert(kr_type_is_tensor(kr_type_tensor(KR_FLOAT64, 0, NULL)));
	ck_assert(!kr_type_is_tensor(kr_type_scalar(KR_INT64)));
	ck_assert_int_eq(kr_dtype_upcast(KR_INT8, KR_FLOAT32), KR_FLOAT32);
	ck_assert_int_eq(kr_dtype_upcast(KR_INT64, KR_FLOAT32), KR_FLOAT64);
	ck_assert_int_eq(kr_dtype_upcast(KR_UINT8, KR_INT8), KR_INT16);
	ck_assert_int_eq(kr_dtype_upcast(KR_BOOL, KR_INT8), KR_INT8);
	kr_dtype d;
	ck_assert_int_eq(kr_dtype_from_name(&d, "float32"), 0);
	ck_assert_int_eq(d, KR_FLOAT32);
	ck_assert_int_eq(kr_dtype_from_name(&d, "float65"), KR_ENOTFOUND);
	ck_assert(kr_type_equal(kr_type_tensor(KR_FLOAT64, 2, NULL),
				kr_type_matrix()));
	ck_assert(kr_type_equal(kr_type_tensor(KR_INT64, 3, s3),
				kr_type_tensor(KR_INT64, 3, s3)));
	ck_assert(kr_type_hash(kr_type_tensor(KR_INT64, 3, s3)) ==
		  kr_type_hash(t3));
	ck_assert(!kr_type_equal(kr_type_vector(), kr_type_matrix()));
	ck_assert(!kr_type_equal(kr_type_scalar(KR_INT64),
				 kr_type_scalar(KR_FLOAT64)));
}
END_TEST

START_TEST(test_type_repr)
{
	int64_t s2[2] = {2, -1};
	ck_assert_str_eq(kr_type_repr(kr_type_tensor(KR_FLOAT64, 0, NULL)),
			 "TensorType(float64, shape=())");
	ck_assert_str_eq(kr_type_repr(kr_type_vector()),
			 "TensorType(float64, shape=(None,))");
	ck_assert_str_eq(kr_type_repr(kr_type_tensor(KR_INT64, 2, s2)),
			 "TensorType(int64, shape=(2, None))");
	ck_assert_str_eq(kr_type_repr(kr_type_scalar(KR_FLOAT32)),
			 "ScalarType(float32)");
}
END_TEST

START_TEST(test_type_is_super)
{
	int64_t s23[2] = {2, 3}, s2u[2] = {2, -1};
	const kr_type *m = kr_type_matrix();
	const kr_type *m23 = kr_type_tensor(KR_FLOAT64, 2, s23);
	const kr_type *m2u = kr_type_tensor(KR_FLOAT64, 2, s2u);
	ck_assert(kr_type_is_super(m, m23));
	ck_assert(kr_type_is_super(m2u, m23));
	ck_assert(kr_type_is_super(m23, m23));
	ck_assert(!kr_type_is_super(m23, m));
	ck_assert(!kr_type_is_super(m23, m2u));
	ck_assert(!kr_type_is_super(m, kr_type_vector()));
	ck_assert(!kr_type_is_super(m, kr_type_tensor(KR_INT64, 2, NULL)));
	ck_assert(kr_type_is_super(kr_type_scalar(KR_FLOAT64),
				   kr_type_scalar(KR_FLOAT64)));
}
END_TEST

/* ------------------------------------------------------- type inference */

/*
 * Type specs: s/i float64/int64 scalar; v/m float64 vector/matrix, with
 * optional static lengths as digits (m23 is 2x3, v3 has length 3, m1u is
 * 1x?); t3 a float64 3-tensor.
 */
static const kr_type *spec_type(const char *s)
{
	int64_t dims[3] = {-1, -1, -1};
	switch (s[0]) {
	case 's': return kr_type_scalar(KR_FLOAT64);
	case 'i': return kr_type_scalar(KR_INT64);
	case 't': return kr_type_tensor(KR_FLOAT64, 3, NULL);
	default: break;
	}
	int nd = s[0] == 'v' ? 1 : 2;
	for (int d = 0; d < nd && s[1 + d]; d++)
		dims[d] = s[1 + d] == 'u' ? -1 : s[1 + d] - '0';
	return kr_type_tensor(KR_FLOAT64, nd, dims);
}

static const struct infer_case {
	const char *op;
	const char *inputs; /* space-separated type specs */
	const char *expect; /* output type, or "!" + message substring */
} infer_cases[] = {
	{"add", "m m", "Matrix(float64, shape=(?, ?))"},
	{"add", "m s", "Matrix(float64, shape=(?, ?))"},
	{"add", "s m23", "Matrix(float64, shape=(2, 3))"},
	{"add", "s s s", "float64"},
	{"add", "s", "float64"},
	{"add", "", "!add: expected at least 1 input, got 0"},
	{"add", "m v", "!add: cannot broadcast Matrix(float64, shape=(?, ?)) "
		       "with Vector(float64, shape=(?,))"},
	{"add", "s i", "float64"}, /* upcast, as PyTensor's scalar add */
	{"add", "m23 m24", "!differ in dimension 1 (3 != 4)"},
	{"add", "m13 m23", "Matrix(float64, shape=(2, 3))"},
	{"add", "m1u m1u", "Matrix(float64, shape=(1, ?))"},
	{"add", "m23 m", "Matrix(float64, shape=(2, 3))"},
	{"mul", "i i", "int64"},
	{"mul", "v3 v", "Vector(float64, shape=(3,))"},
	{"sub", "s", "!sub: expected 2 inputs, got 1"},
	{"sub", "s s s", "!sub: expected 2 inputs, got 3"},
	{"sub", "v v", "Vector(float64, shape=(?,))"},
	{"true_div", "i i", "float64"},
	{"true_div", "m s", "Matrix(float64, shape=(?, ?))"},
	{"neg", "s s", "!neg: expected 1 input, got 2"},
	{"neg", "m23", "Matrix(float64, shape=(2, 3))"},
	{"identity", "v3", "Vector(float64, shape=(3,))"},
	{"exp", "i", "float64"},
	{"log", "m", "Matrix(float64, shape=(?, ?))"},
	{"log", "", "!log: expected 1 input, got 0"},
	{"dot", "m m", "Matrix(float64, shape=(?, ?))"},
	{"dot", "m v", "Vector(float64, shape=(?,))"},
	{"dot", "v m", "Vector(float64, shape=(?,))"},
	{"dot", "v v", "Scalar(float64, shape=())"},
	{"pow", "s i", "float64"},
	{"sqr", "i", "int64"},
	{"reciprocal", "i", "float64"},
	{"neg", "m23", "Matrix(float64, shape=(2, 3))"},
	{"dot", "m23 m34", "Matrix(float64, shape=(2, 4))"},
	{"dot", "m23 v", "Vector(float64, shape=(2,))"},
	{"dot", "m23 m24", "!dot: shapes of Matrix(float64, shape=(2, 3)) and "
			   "Matrix(float64, shape=(2, 4)) are not aligned"},
	{"dot", "v3 v4", "!not aligned (3 in dimension 0 != 4 in dimension 0)"},
	{"dot", "s m", "!dot: cannot multiply float64 by Matrix(float64, "
		       "shape=(?, ?))"},
	{"dot", "t m", "!dot: cannot multiply Tensor3(float64"},
	{"dot", "m", "!dot: expected 2 inputs, got 1"},
	{"dot", "i i", "!dot: cannot multiply int64 by int64"},
};

START_TEST(test_infer_table)
{
	const struct infer_case *c = &infer_cases[_i];
	kr_variable *in[8];
	size_t n = 0;
	char buf[64];
	snprintf(buf, sizeof buf, "%s", c->inputs);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
		in[n++] = kr_variable_new(spec_type(tok), NULL);
	kr_op *op = kr_op_lookup(c->op);
	ck_assert_ptr_nonnull(op);
	kr_variable *out = NULL;
	int rc = kr_op_call(&out, op, n, in);
	if (c->expect[0] == '!') {
		ck_assert_int_eq(rc, KR_EINVALID);
		ck_assert_ptr_null(out);
		ck_assert_int_eq(kr_error_last()->code, KR_EINVALID);
		ck_assert_msg(strstr(kr_error_last()->message, c->expect + 1),
			      "%s(%s): message '%s' lacks '%s'", c->op,
			      c->inputs, kr_error_last()->message,
			      c->expect + 1);
	} else {
		ck_assert_msg(rc == 0, "%s(%s) failed: %s", c->op, c->inputs,
			      kr_error_last()->message);
		ck_assert_str_eq(kr_type_to_string(kr_variable_type(out)),
				 c->expect);
	}
}
END_TEST

/* ------------------------------------------------------------------ ops */

static bool scale_equal(const void *a, const void *b)
{
	return *(const double *)a == *(const double *)b;
}

static uint64_t scale_hash(const void *p)
{
	return (uint64_t)(*(const double *)p * 1000);
}

static char *scale_string(const void *p)
{
	return kr_strfmt("%g", *(const double *)p);
}

static int scale_infer(const kr_type **out, const kr_op *op, size_t nin,
		       const kr_type *const *in)
{
	(void)op;
	(void)nin;
	*out = in[0];
	return 0;
}

static const kr_op_desc scale_desc = {
	.name = "scale",
	.min_inputs = 1,
	.max_inputs = 1,
	.infer = scale_infer,
	.props_equal = scale_equal,
	.props_hash = scale_hash,
	.props_to_string = scale_string,
};

static char *op_own_name(const kr_op *op)
{
	return kr_strfmt("%s@%g", kr_op_name(op),
			 *(const double *)kr_op_props(op));
}

static kr_op *scale_op(double k)
{
	double *p = kr_alloc_atomic(sizeof *p);
	*p = k;
	return kr_op_new(&scale_desc, p);
}

START_TEST(test_op_props)
{
	kr_op *a = scale_op(2), *b = scale_op(2), *c = scale_op(3);
	ck_assert_ptr_ne(a, b);
	ck_assert(kr_op_equal(a, b));
	ck_assert(kr_op_hash(a) == kr_op_hash(b));
	ck_assert(!kr_op_equal(a, c));
	ck_assert(!kr_op_equal(a, kr_op_neg()));
	ck_assert(!kr_op_equal(kr_op_add(), kr_op_mul()));
	ck_assert(kr_op_equal(kr_op_add(), kr_op_add()));
	ck_assert_str_eq(kr_op_name(a), "scale");
	ck_assert_str_eq(kr_op_to_string(a), "scale{2}");
	ck_assert_str_eq(kr_op_to_string(kr_op_true_div()), "true_div");
	ck_assert_ptr_eq(kr_op_desc_of(a), &scale_desc);
	ck_assert(*(const double *)kr_op_props(c) == 3);
	/* an op made from a built-in's descriptor equals the built-in */
	kr_op *add2 = kr_op_new(kr_op_desc_of(kr_op_add()), NULL);
	ck_assert(kr_op_equal(add2, kr_op_add()));
	ck_assert(kr_op_hash(add2) == kr_op_hash(kr_op_add()));
	/* without a props_equal hook, distinct props differ */
	static const kr_op_desc plain = {.name = "plain", .min_inputs = 1,
					 .max_inputs = 1, .infer = scale_infer};
	int p1 = 1, p2 = 1;
	ck_assert(!kr_op_equal(kr_op_new(&plain, &p1), kr_op_new(&plain, &p2)));
	ck_assert(kr_op_equal(kr_op_new(&plain, &p1), kr_op_new(&plain, &p1)));
	/* a descriptor's to_string prints each op its own way (MyOp's
	 * __str__): equal ops of different names, graphs printing them */
	static const kr_op_desc named = {.name = "MyOp", .min_inputs = 1,
					 .max_inputs = 1, .infer = scale_infer,
					 .props_equal = scale_equal,
					 .props_hash = scale_hash,
					 .to_string = op_own_name};
	static double one = 1;
	kr_op *opy = kr_op_new(&named, &one), *opz = kr_op_new(&named, &one);
	ck_assert(kr_op_equal(opy, opz));
	ck_assert_str_eq(kr_op_to_string(opy), "MyOp@1");
	kr_variable *o;
	ck_assert_int_eq(KR_OP_CALL(&o, opy, scalar("x")), 0);
	ck_assert_str_eq(kr_pprint(o), "MyOp@1(x)");
}
END_TEST

START_TEST(test_op_registry)
{
	static const char *names[] = {"add", "mul", "sub", "true_div", "neg",
				      "identity", "exp", "log", "dot"};
	kr_op *ops[] = {kr_op_add(), kr_op_mul(), kr_op_sub(),
			kr_op_true_div(), kr_op_neg(), kr_op_identity(),
			kr_op_exp(), kr_op_log(), kr_op_dot()};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		ck_assert_ptr_eq(kr_op_lookup(names[i]), ops[i]);
		ck_assert_str_eq(kr_op_name(ops[i]), names[i]);
	}
	ck_assert_ptr_null(kr_op_lookup("nope"));
	static const kr_op_desc dup = {.name = "add", .min_inputs = 1,
				       .max_inputs = 1, .infer = scale_infer};
	ck_assert_int_eq(kr_op_register(kr_op_new(&dup, NULL)), KR_EEXISTS);
	ck_assert(strstr(kr_error_last()->message, "'add'"));
	ck_assert_ptr_eq(kr_op_lookup("add"), kr_op_add());
	kr_op *s = scale_op(5);
	ck_assert_int_eq(kr_op_register(s), 0);
	ck_assert_ptr_eq(kr_op_lookup("scale"), s);
	ck_assert_int_eq(kr_op_register(scale_op(6)), KR_EEXISTS);
}
END_TEST

/* ------------------------------------------------------------ variables */

START_TEST(test_variable_strings)
{
	const kr_type *i64 = kr_type_scalar(KR_INT64);
	ck_assert_str_eq(kr_variable_to_string(scalar("x")), "x");
	ck_assert_str_eq(kr_variable_to_string(matrix(NULL)),
			 "<Matrix(float64, shape=(?, ?))>");
	ck_assert_str_eq(kr_variable_to_string(kr_constant_new(2, NULL)),
			 "2.0");
	ck_assert_str_eq(kr_variable_to_string(kr_constant_new(0.5, NULL)),
			 "0.5");
	ck_assert_str_eq(kr_variable_to_string(kr_constant_new(0.1, NULL)),
			 "0.1");
	ck_assert_str_eq(kr_variable_to_string(kr_constant_new(-3, NULL)),
			 "-3.0");
	ck_assert_str_eq(kr_variable_to_string(kr_constant_new(1e-5, NULL)),
			 "1e-05");
	ck_assert_str_eq(kr_variable_to_string(kr_constant_new(100, NULL)),
			 "100.0");
	ck_assert_str_eq(kr_variable_to_string(kr_constant_new(1e16, NULL)),
			 "1e+16");
	ck_assert_str_eq(kr_variable_to_string(kr_constant_new(3.7, i64)),
			 "3");
	kr_variable *two = kr_constant_new(2, NULL);
	kr_variable_set_name(two, "two");
	ck_assert_str_eq(kr_variable_to_string(two), "two{2.0}");
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_variable *s = CALL(kr_op_add(), x, y);
	ck_assert_str_eq(kr_variable_to_string(s), "add.0");
	kr_variable_set_name(s, "s");
	ck_assert_str_eq(kr_variable_to_string(s), "s");
	ck_assert_str_eq(kr_variable_name(s), "s");
	kr_variable_set_name(s, NULL);
	ck_assert_ptr_null(kr_variable_name(s));
}
END_TEST

START_TEST(test_variable_accessors)
{
	kr_variable *x = scalar("x");
	kr_variable *c = kr_constant_new(1.5, NULL);
	ck_assert_ptr_null(kr_variable_owner(x));
	ck_assert_int_eq(kr_variable_index(x), -1);
	ck_assert(!kr_variable_is_constant(x));
	ck_assert(kr_variable_is_constant(c));
	ck_assert(kr_variable_constant_value(c) == 1.5);
	ck_assert_ptr_eq(kr_variable_type(c), kr_type_scalar(KR_FLOAT64));
	ck_assert_ptr_null(kr_variable_owner(c));

	kr_apply *node = NULL;
	kr_variable *in[2] = {x, c};
	ck_assert_int_eq(kr_apply_make(&node, kr_op_mul(), 2, in), 0);
	ck_assert_ptr_eq(kr_apply_op(node), kr_op_mul());
	ck_assert_uint_eq(kr_apply_ninputs(node), 2);
	ck_assert_ptr_eq(kr_apply_input(node, 0), x);
	ck_assert_ptr_eq(kr_apply_input(node, 1), c);
	ck_assert_uint_eq(kr_apply_noutputs(node), 1);
	kr_variable *out = kr_apply_default_output(node);
	ck_assert_ptr_eq(kr_apply_output(node, 0), out);
	ck_assert_ptr_eq(kr_variable_owner(out), node);
	ck_assert_int_eq(kr_variable_index(out), 0);
	ck_assert(!kr_apply_is_output(node));
	ck_assert_int_eq(kr_apply_output_index(node), -1);
	ck_assert_str_eq(kr_apply_to_string(node), "mul(x, 1.5)");

	kr_variable *v = NULL;
	ck_assert_int_eq(KR_OP_CALL(&v, kr_op_exp(), out), 0);
	ck_assert_ptr_eq(kr_apply_op(kr_variable_owner(v)), kr_op_exp());
	ck_assert_ptr_eq(kr_apply_input(kr_variable_owner(v), 0), out);
	ck_assert_str_eq(kr_apply_to_string(kr_variable_owner(v)),
			 "exp(mul.0)");
	ck_assert_int_eq(KR_OP_CALL(&v, kr_op_dot(), x, x), KR_EINVALID);
}
END_TEST

/* A float64 vector of static length len (-1: unknown). */
static kr_variable *vec(const char *name, int64_t len)
{
	return kr_variable_new(kr_type_tensor(KR_FLOAT64, 1, &len), name);
}

static const char *out_type(const kr_apply *node)
{
	return kr_type_to_string(kr_variable_type(kr_apply_output(node, 0)));
}

/*
 * Apply.clone and clone_with_new_inputs, test_basic.py's
 * test_clone_new_inputs: a more specific input remakes the node, whose
 * output type follows; a less specific one, strict, is wrapped in a
 * SpecifyShape of the old type, so nothing is lost.
 */
START_TEST(test_apply_clone)
{
	kr_variable *x = vec("x", -1), *y = vec("y", 1), *z = NULL;
	ck_assert_int_eq(KR_OP_CALL(&z, kr_op_add(), x, y), 0);
	kr_apply *node = kr_variable_owner(z);
	ck_assert_str_eq(out_type(node), "Vector(float64, shape=(?,))");
	kr_variable_set_name(z, "z");

	kr_apply *c = kr_apply_clone(node);
	ck_assert(c != node && kr_apply_op(c) == kr_apply_op(node));
	ck_assert(kr_apply_input(c, 0) == x && kr_apply_input(c, 1) == y);
	ck_assert(kr_apply_output(c, 0) != z);
	ck_assert_str_eq(kr_variable_name(kr_apply_output(c, 0)), "z");
	ck_assert_ptr_eq(kr_variable_owner(kr_apply_output(c, 0)), c);
	ck_assert_ptr_eq(kr_variable_owner(z), node);

	/* Same types: a copy on the new inputs, names kept. */
	kr_variable *x2 = vec("x2", -1);
	ck_assert_int_eq(kr_apply_clone_with_new_inputs(
				 &c, node, 2, (kr_variable *[]){x2, y}, true),
			 0);
	ck_assert(kr_apply_input(c, 0) == x2);
	ck_assert_str_eq(kr_variable_name(kr_apply_output(c, 0)), "z");
	/* A more specific input: the node is made anew, (1,) + (1,). */
	kr_variable *x_new = vec("x_new", 1);
	for (int strict = 0; strict < 2; strict++) {
		ck_assert_int_eq(kr_apply_clone_with_new_inputs(
					 &c, node, 2,
					 (kr_variable *[]){x_new, y}, strict),
				 0);
		ck_assert(kr_apply_input(c, 0) == x_new);
		ck_assert_str_eq(out_type(c), "Vector(float64, shape=(1,))");
		ck_assert_int_eq(kr_type_dim(kr_variable_type(
					 kr_apply_input(c, 1)), 0), 1);
	}
	/* Less specific, strict: x goes through SpecifyShape(x, 1). */
	kr_variable *z1 = CALL(kr_op_add(), x_new, y);
	ck_assert_str_eq(kr_type_to_string(kr_variable_type(z1)),
			 "Vector(float64, shape=(1,))");
	ck_assert_int_eq(kr_apply_clone_with_new_inputs(
				 &c, kr_variable_owner(z1), 2,
				 (kr_variable *[]){x, y}, true),
			 0);
	ck_assert_str_eq(out_type(c), "Vector(float64, shape=(1,))");
	kr_variable *in0 = kr_apply_input(c, 0);
	ck_assert_str_eq(kr_type_to_string(kr_variable_type(in0)),
			 "Vector(float64, shape=(1,))");
	ck_assert_int_eq(kr_type_dim(kr_variable_type(kr_apply_input(c, 1)),
				     0), 1);
	ck_assert_ptr_eq(kr_apply_op(kr_variable_owner(in0)),
			 kr_op_specify_shape());
	ck_assert_str_eq(kr_pprint(kr_apply_output(c, 0)),
			 "(SpecifyShape(x, 1) + y)");
	/* Not strict, the node follows the less specific input. */
	ck_assert_int_eq(kr_apply_clone_with_new_inputs(
				 &c, kr_variable_owner(z1), 2,
				 (kr_variable *[]){x, y}, false),
			 0);
	ck_assert_ptr_eq(kr_apply_input(c, 0), x);
	ck_assert_str_eq(out_type(c), "Vector(float64, shape=(?,))");
	/* A type that cannot stand for the old one: strict refuses it. */
	kr_variable *m = kr_variable_new(kr_type_matrix(), "m");
	kr_apply *keep = node;
	ck_assert_int_eq(kr_apply_clone_with_new_inputs(
				 &keep, node, 2, (kr_variable *[]){m, y}, true),
			 KR_EINVALID);
	ck_assert_ptr_eq(keep, node);
	ck_assert_str_eq(kr_error_last()->message,
			 "Cannot convert Type Matrix(float64, shape=(?, ?)) "
			 "(of Variable m) into Type Vector(float64, "
			 "shape=(?,)). You can try to manually convert m into "
			 "a Vector(float64, shape=(?,)).");
	/* Not strict, the op decides: add refuses a matrix and a vector. */
	ck_assert_int_eq(kr_apply_clone_with_new_inputs(
				 &keep, node, 2, (kr_variable *[]){m, y}, false),
			 KR_EINVALID);
	ck_assert_int_eq(kr_apply_clone_with_new_inputs(
				 &keep, node, 1, (kr_variable *[]){x}, false),
			 KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, "1 inputs given to a "
				  "node of 2") != NULL);
	ck_assert_ptr_eq(keep, node);
}
END_TEST

/* ----------------------------------------------------- SpecifyShape */

static kr_variable *tensor(const char *name, int ndim, const int64_t *shape)
{
	return kr_variable_new(kr_type_tensor(KR_FLOAT64, ndim, shape), name);
}

static kr_variable *specify(kr_variable *x, int ndim, const int64_t *shape)
{
	kr_variable *y = NULL;
	int rc = kr_specify_shape(&y, x, ndim, shape);
	ck_assert_msg(rc == 0, "specify_shape: %s", kr_error_last()->message);
	return y;
}

static const char *type_of(const kr_variable *v)
{
	return kr_type_to_string(kr_variable_type(v));
}

/* An int8 0-d constant, as pt.as_tensor_variable(n). */
static kr_variable *int8_const(double n)
{
	return kr_constant_new(n, kr_type_tensor(KR_INT8, 0, NULL));
}

/*
 * test_shape.py's TestSpecifyShape: test_fixed_shapes,
 * test_fixed_partial_shapes, test_direct_return, test_check_inputs,
 * test_scalar_shapes (the output type merges x's static shape with the
 * constant entries; no new information gives x itself).
 */
START_TEST(test_specify_shape_types)
{
	kr_variable *x = tensor("x", 1, (int64_t[]){-1});
	ck_assert_str_eq(type_of(specify(x, 1, (int64_t[]){2})),
			 "Vector(float64, shape=(2,))");
	kr_variable *m = tensor("x", 2, (int64_t[]){-1, -1});
	ck_assert_str_eq(type_of(specify(m, 2, (int64_t[]){-1, 5})),
			 "Matrix(float64, shape=(?, 5))");
	m = tensor("x", 2, (int64_t[]){3, -1});
	ck_assert_str_eq(type_of(specify(m, 2, (int64_t[]){-1, 5})),
			 "Matrix(float64, shape=(3, 5))");
	/* test_direct_return */
	kr_variable *t = tensor("x", 3, (int64_t[]){1, 2, -1});
	ck_assert_ptr_eq(specify(t, 3, (int64_t[]){1, 2, -1}), t);
	ck_assert_ptr_eq(specify(t, 3, (int64_t[]){-1, -1, -1}), t);
	ck_assert_ptr_ne(specify(t, 3, (int64_t[]){1, 2, 3}), t);
	ck_assert_ptr_ne(specify(t, 3, (int64_t[]){-1, -1, 3}), t);
	kr_variable *bad = specify(t, 3, (int64_t[]){1, 3, -1});
	ck_assert_ptr_ne(bad, t);
	/* a conflicting entry keeps x's static length (make_node) */
	ck_assert_str_eq(type_of(bad), "Tensor3(float64, shape=(1, 2, ?))");
	/* test_check_inputs, test_scalar_shapes */
	kr_variable *y;
	kr_variable *mat = matrix("m");
	ck_assert_int_eq(kr_specify_shape(&y, mat, 1, (int64_t[]){4}),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "Input `x` is 2-dimensional and will never match a "
			 "shape of length 1.");
	ck_assert_int_eq(KR_OP_CALL(&y, kr_op_specify_shape(), mat,
				    int8_const(4)),
			 KR_EINVALID);
	ck_assert(strstr(kr_error_last()->message, "will never match"));
	ck_assert_int_eq(kr_specify_shape(&y, x, 0, NULL), KR_EINVALID);
	ck_assert_int_eq(kr_specify_shape(&y, mat, 0, NULL), KR_EINVALID);
	kr_variable *f = kr_constant_new(2.2, kr_type_tensor(KR_FLOAT64, 0,
							      NULL));
	ck_assert_int_eq(KR_OP_CALL(&y, kr_op_specify_shape(), mat, f,
				    int8_const(3)),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "Shape values must be integer types");
	kr_variable *s0 = kr_variable_new(kr_type_tensor(KR_FLOAT64, 0, NULL),
					  "s");
	ck_assert_ptr_eq(specify(s0, 0, NULL), s0);
	/* entries: 0-d integer tensors or NoneConst, a tensor as x */
	ck_assert_int_eq(KR_OP_CALL(&y, kr_op_specify_shape(), x,
				    kr_variable_new(kr_type_vector(), "v")),
			 KR_EINVALID);
	ck_assert_int_eq(KR_OP_CALL(&y, kr_op_specify_shape(),
				    kr_none_const()),
			 KR_EINVALID);
	ck_assert_int_eq(KR_OP_CALL(&y, kr_op_specify_shape(), x,
				    int8_const(-1)),
			 KR_EINVALID);
	/* a symbolic entry says nothing statically */
	kr_variable *s1 = kr_variable_new(kr_type_tensor(KR_INT64, 0, NULL),
					  "s1");
	ck_assert_str_eq(type_of(CALL(kr_op_specify_shape(), mat, s1,
				      kr_none_const())),
			 "Matrix(float64, shape=(?, ?))");
	/* lengths as pt.as_tensor_variable(int): the smallest int dtype */
	kr_variable *big = specify(x, 1, (int64_t[]){300});
	kr_apply *node = kr_variable_owner(big);
	ck_assert_str_eq(type_of(kr_apply_input(node, 1)),
			 "Scalar(int16, shape=())");
	/* NoneConst refuses to be an operand of the built-in ops */
	ck_assert_int_eq(KR_OP_CALL(&y, kr_op_add(), x, kr_none_const()),
			 KR_EINVALID);
	ck_assert_str_eq(type_of(kr_none_const()), "NoneTypeT");
	ck_assert(kr_type_is_none(kr_variable_type(kr_none_const())));
	ck_assert(!kr_type_equal(kr_type_none(), kr_type_scalar(KR_FLOAT64)));
}
END_TEST

static kr_value *vec_value(int n)
{
	double d[4] = {1, 2, 3, 4};
	return kr_value_from_array(KR_FLOAT64, 1, (int64_t[]){n}, d);
}

static kr_value *mat_value(int64_t r, int64_t c)
{
	kr_value *v = kr_value_new(KR_FLOAT64, 2, (int64_t[]){r, c});
	return v;
}

static int eval1(kr_value **out, kr_variable *y, size_t n,
		 kr_variable *const *ins, const kr_value *const *vals)
{
	return kr_graph_eval(out, 1, &y, n, ins, vals);
}

/*
 * test_shape.py's test_python_perform and test_bad_shape: perform checks
 * the runtime shape against the non-None entries and returns x.
 */
START_TEST(test_specify_shape_perform)
{
	kr_value *out;
	kr_variable *x = tensor("x", 1, (int64_t[]){-1});
	kr_variable *y = specify(x, 1, (int64_t[]){2});
	const kr_value *v2 = vec_value(2), *v3 = vec_value(3);
	ck_assert_int_eq(eval1(&out, y, 1, &x, &v2), 0);
	ck_assert_ptr_eq(out, v2);
	ck_assert_int_eq(eval1(&out, y, 1, &x, &v3), KR_EINVALID);
	ck_assert_msg(strstr(kr_error_last()->message,
			     "SpecifyShape: Got shape (3,), expected (2,)."),
		      "%s", kr_error_last()->message);
	kr_variable *m = matrix("m");
	y = specify(m, 2, (int64_t[]){-1, 2});
	const kr_value *m32 = mat_value(3, 2), *m33 = mat_value(3, 3);
	ck_assert_int_eq(eval1(&out, y, 1, &m, &m32), 0);
	ck_assert_int_eq(kr_value_dim(out, 0), 3);
	ck_assert_int_eq(eval1(&out, y, 1, &m, &m33), KR_EINVALID);
	ck_assert_msg(strstr(kr_error_last()->message,
			     "SpecifyShape: Got shape (3, 3), expected (None, "
			     "2)."),
		      "%s", kr_error_last()->message);
	/* a symbolic entry: specify_shape(x, None, s) */
	kr_variable *s = kr_variable_new(kr_type_tensor(KR_INT32, 0, NULL),
					 "s");
	y = CALL(kr_op_specify_shape(), m, kr_none_const(), s);
	kr_variable *ins[2] = {m, s};
	const kr_value *ok[2] = {m32, kr_value_scalar(KR_INT32, 2)};
	const kr_value *no[2] = {m32, kr_value_scalar(KR_INT32, 3)};
	ck_assert_int_eq(kr_graph_eval(&out, 1, &y, 2, ins, ok), 0);
	ck_assert_int_eq(kr_graph_eval(&out, 1, &y, 2, ins, no), KR_EINVALID);
	ck_assert_msg(strstr(kr_error_last()->message,
			     "SpecifyShape: Got shape (3, 2), expected (None, "
			     "3)."),
		      "%s", kr_error_last()->message);
	/* test_scalar_shapes: a 0-d x with shape () */
	kr_variable *x0 = kr_variable_new(kr_type_tensor(KR_FLOAT64, 0, NULL),
					  "x0");
	y = CALL(kr_op_specify_shape(), x0);
	const kr_value *fifteen = kr_value_scalar(KR_FLOAT64, 15);
	ck_assert_int_eq(eval1(&out, y, 1, &x0, &fifteen), 0);
	ck_assert(kr_value_get(out, 0) == 15);
}
END_TEST

/*
 * test_shape.py's test_rebuild: a constant entry gives the static length;
 * rebuilt not strict with another constant, the node is made anew (its
 * output type depends on input values).
 */
START_TEST(test_specify_shape_rebuild)
{
	kr_variable *x = int8_const(50), *i = matrix("i");
	kr_variable *y = CALL(kr_op_specify_shape(), i, kr_none_const(), x);
	ck_assert_str_eq(type_of(y), "Matrix(float64, shape=(?, 50))");
	kr_value *out;
	const kr_value *v = mat_value(4, 50);
	ck_assert_int_eq(eval1(&out, y, 1, &i, &v), 0);
	ck_assert_int_eq(kr_value_dim(out, 1), 50);
	kr_variable *x_new = int8_const(100), **res;
	kr_rebuild_opts o = {.rebuild_strict = false, .copy_inputs_over = true};
	ck_assert_int_eq(kr_clone_replace_opts(&res, 1, &y, 1, &x, &x_new, &o),
			 0);
	ck_assert_str_eq(type_of(res[0]), "Matrix(float64, shape=(?, 100))");
	v = mat_value(4, 100);
	ck_assert_int_eq(eval1(&out, res[0], 1, &i, &v), 0);
	ck_assert_int_eq(kr_value_dim(out, 1), 100);
	/* clone_with_new_inputs not strict makes the node anew, strict not */
	kr_apply *c;
	kr_apply *node = kr_variable_owner(y);
	kr_variable *in[3] = {i, kr_none_const(), x_new};
	ck_assert_int_eq(kr_apply_clone_with_new_inputs(&c, node, 3, in, false),
			 0);
	ck_assert_str_eq(type_of(kr_apply_output(c, 0)),
			 "Matrix(float64, shape=(?, 100))");
	ck_assert_int_eq(kr_apply_clone_with_new_inputs(&c, node, 3, in, true),
			 0);
	ck_assert_str_eq(type_of(kr_apply_output(c, 0)),
			 "Matrix(float64, shape=(?, 50))");
}
END_TEST

/*
 * The printed forms: str `SpecifyShape.0`, PyTensor's DefaultPrinter in
 * pprint (`SpecifyShape(x, None, 2)`), dprint with the shape entries as
 * children (NoneConst prints `NoneConst{None}`), as PyTensor 2.32 prints
 * the `v2.type.filter_variable(v1)` of the Type documentation.
 */
START_TEST(test_specify_shape_print)
{
	kr_variable *m = matrix("x");
	kr_variable *y = specify(m, 2, (int64_t[]){-1, 2});
	ck_assert_str_eq(kr_variable_to_string(y), "SpecifyShape.0");
	ck_assert_str_eq(kr_op_to_string(kr_op_specify_shape()),
			 "SpecifyShape");
	ck_assert_str_eq(kr_pprint(y), "SpecifyShape(x, None, 2)");
	ck_assert_str_eq(kr_variable_to_string(kr_none_const()),
			 "NoneConst{None}");
	ck_assert_str_eq(kr_dprint(1, &y), "SpecifyShape [id A]\n"
					   " ├─ x [id B]\n"
					   " ├─ NoneConst{None} [id C]\n"
					   " └─ 2 [id D]\n");
	ck_assert_str_eq(kr_graph_repr(1, &y),
			 "SpecifyShape(x, NoneConst{None}, 2)");
	kr_variable *v1 = tensor(NULL, 2, (int64_t[]){2, -1});
	kr_variable *v2 = tensor(NULL, 2, (int64_t[]){2, 1});
	kr_variable *f;
	ck_assert_int_eq(kr_filter_variable(&f, kr_variable_type(v1), v2), 0);
	ck_assert_ptr_eq(f, v2);
	kr_variable *v3;
	ck_assert_int_eq(kr_filter_variable(&v3, kr_variable_type(v2), v1), 0);
	ck_assert_str_eq(kr_variable_to_string(v3), "SpecifyShape.0");
	kr_dprint_opts o = KR_DPRINT_OPTS_INIT;
	o.print_type = true;
	ck_assert_str_eq(
		kr_dprint_ex(1, &v3, &o),
		"SpecifyShape [id A] <Matrix(float64, shape=(2, 1))>\n"
		" ├─ <Matrix(float64, shape=(2, ?))> [id B] "
		"<Matrix(float64, shape=(2, ?))>\n"
		" ├─ 2 [id C] <Scalar(int8, shape=())>\n"
		" └─ 1 [id D] <Scalar(int8, shape=())>\n");
	/* filter_variable: another dtype or ndim cannot be converted */
	kr_variable *iv = kr_variable_new(kr_type_tensor(KR_INT64, 1, NULL),
					  "i");
	ck_assert_int_eq(kr_filter_variable(&f, kr_type_vector(), iv),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message,
			 "Cannot convert Type Vector(int64, shape=(?,)) (of "
			 "Variable i) into Type Vector(float64, shape=(?,)). "
			 "You can try to manually convert i into a "
			 "Vector(float64, shape=(?,)).");
	ck_assert_ptr_null(kr_convert_variable(kr_type_scalar(KR_FLOAT64),
					       kr_variable_new(kr_type_tensor(
						       KR_FLOAT64, 0, NULL),
							       "t")));
}
END_TEST

/*
 * Variable.clone(name=...): an ownerless variable of the same type; a
 * Constant's clone is a new Constant of the same value.
 */
/* etuples' test_etuplize, with lists for tuples and a graph for Nodes */
/* PyTensor's tests/graph/test_basic.py test_NominalVariable. */
START_TEST(test_nominal_variable)
{
	int64_t one[1] = {1}, two[1] = {2};
	const kr_type *type1 = kr_type_tensor(KR_FLOAT64, 1, one);
	kr_variable *nv1 = kr_nominal_new(1, type1, NULL);
	kr_variable *nv2 = kr_nominal_new(1, type1, NULL);
	ck_assert_ptr_eq(nv1, nv2);
	kr_term *t1 = kr_variable_term(nv1);
	ck_assert(kr_equal(t1, kr_variable_term(nv2)));
	ck_assert(kr_hash(t1) == kr_hash(kr_variable_term(nv2)));

	const kr_type *type2 = kr_type_tensor(KR_FLOAT64, 1, two);
	kr_variable *nv3 = kr_nominal_new(1, type2, NULL);
	ck_assert_ptr_ne(nv1, nv3);
	ck_assert(!kr_equal(t1, kr_variable_term(nv3)));
	ck_assert(kr_hash(t1) != kr_hash(kr_variable_term(nv3)));

	const kr_type *type3 = kr_type_tensor(KR_FLOAT64, 1, one);
	ck_assert_ptr_ne(type3, type1);
	ck_assert(kr_type_equal(type3, type1));
	kr_variable *nv4 = kr_nominal_new(1, type3, NULL);
	ck_assert_ptr_eq(nv1, nv4);
	ck_assert(kr_equal(t1, kr_variable_term(nv4)));

	kr_variable *nv5 = kr_nominal_new(2, type3, NULL);
	ck_assert_ptr_ne(nv4, nv5);
	ck_assert(!kr_equal(t1, kr_variable_term(nv5)));
	ck_assert_str_eq(kr_nominal_repr(nv5),
			 "NominalTensorVariable(2, TensorType(float64, "
			 "shape=(1,)))");
	/* the signature (type, id) */
	ck_assert(kr_type_equal(kr_variable_type(nv5), type3));
	ck_assert_int_eq(kr_nominal_id(nv5), 2);
	/* clone() is the variable itself */
	ck_assert_ptr_eq(kr_variable_clone(nv5, NULL), nv5);
	ck_assert(kr_variable_is_nominal(kr_variable_clone(nv5, NULL)));
}
END_TEST

START_TEST(test_nominal_forms)
{
	const kr_type *s = kr_type_scalar(KR_FLOAT64);
	kr_variable *nv = kr_nominal_new(7, s, NULL);
	ck_assert(kr_variable_is_atomic(nv));
	ck_assert(!kr_variable_is_constant(nv));
	ck_assert(kr_variable_is_atomic(kr_constant_new(1, NULL)));
	ck_assert(!kr_variable_is_atomic(scalar("x")));
	ck_assert(!kr_variable_is_nominal(scalar("x")));
	ck_assert_ptr_null(kr_variable_owner(nv));
	ck_assert_int_eq(kr_variable_index(nv), -1);
	ck_assert_str_eq(kr_nominal_repr(nv),
			 "NominalScalarVariable(7, ScalarType(float64))");
	/* str: `*id-` and Variable's str, the name or `<type>` */
	ck_assert_str_eq(kr_variable_to_string(nv), "*7-<float64>");
	kr_variable *nm = kr_nominal_new(-3, kr_type_vector(), "v");
	ck_assert_str_eq(kr_variable_to_string(nm), "*-3-v");
	/* the constructor re-initialises the shared object's name */
	ck_assert_ptr_eq(kr_nominal_new(-3, kr_type_vector(), NULL), nm);
	ck_assert_str_eq(kr_variable_to_string(nm),
			 "*-3-<Vector(float64, shape=(?,))>");
	ck_assert_ptr_eq(kr_nominal_new(-3, kr_type_vector(), "w"), nm);
	ck_assert_str_eq(kr_variable_name(nm), "w");
	/* clone(name=...) renames it, clone() keeps the name */
	ck_assert_ptr_eq(kr_variable_clone(nm, NULL), nm);
	ck_assert_str_eq(kr_variable_name(nm), "w");
	ck_assert_ptr_eq(kr_variable_clone(nm, "u"), nm);
	ck_assert_str_eq(kr_variable_name(nm), "u");
	/* the same id on another type is another variable */
	ck_assert_ptr_ne(kr_nominal_new(7, kr_type_scalar(KR_INT64), NULL),
			 nv);
	/* printers: a leaf as its str; greek names as LeafPrinter's */
	kr_variable *e = CALL(kr_op_add(), nv, kr_nominal_new(8, s, "alpha"));
	ck_assert_str_eq(kr_pprint(e), "(*7-<float64> + \\alpha)");
	ck_assert_str_eq(kr_graph_repr(1, &e), "add(*7-<float64>, *8-alpha)");
	ck_assert_str_eq(kr_dprint(1, &e), "add [id A]\n"
					   " ├─ *7-<float64> [id B]\n"
					   " └─ *8-alpha [id C]\n");
	/* an atom of its own: etuplize gives the atom, no expansion */
	ck_assert(kr_equal(kr_etuplize(nv), kr_variable_term(nv)));
	ck_assert_ptr_eq(kr_term_variable(kr_variable_term(nv)), nv);
}
END_TEST

START_TEST(test_etuplize_term)
{
	kr_term *out, *e0 = KR_ETUPLE(kr_sym("add"), kr_int(1));
	ck_assert_int_eq(kr_etuplize_term(&out, e0, 0), 0);
	ck_assert_ptr_eq(out, e0);
	ck_assert_int_eq(kr_etuplize_term(&out, KR_LIST(kr_int(1), kr_int(2)),
					  0),
			 0);
	ck_assert(kr_equal(out, KR_ETUPLE(kr_int(1), kr_int(2))));
	ck_assert_int_eq(kr_term_kind(out), KR_ETUPLE);
	ck_assert_int_eq(kr_etuplize_term(&out, kr_str("ab"), 0), KR_EINVALID);
	ck_assert_int_eq(kr_etuplize_term(&out, kr_str("ab"),
					  KR_ETUPLIZE_RETURN_BAD),
			 0);
	ck_assert_str_eq(kr_str_value(out), "ab");
	ck_assert_int_eq(kr_etuplize_term(&out, kr_nil(), 0), KR_EINVALID);
	ck_assert_int_eq(kr_etuplize_term(&out, kr_cons(kr_int(1), kr_int(2)),
					  0),
			 KR_EINVALID);
	/* node_2 = op1(op2(1, 2), 3, ()): deep, the empty list stays a list */
	kr_term *node1 = KR_LIST(kr_sym("op2"), kr_int(1), kr_int(2));
	kr_term *node2 = KR_LIST(kr_sym("op1"), node1, kr_int(3), kr_nil());
	ck_assert_int_eq(kr_etuplize_term(&out, node2, 0), 0);
	ck_assert_int_eq(kr_term_kind(kr_etuple_ref(out, 1)), KR_ETUPLE);
	ck_assert_int_eq(kr_term_kind(kr_etuple_ref(out, 3)), KR_NIL);
	ck_assert_ptr_eq(kr_etuple_evaled(out), node2);
	ck_assert_int_eq(kr_etuplize_term(&out, node2, KR_ETUPLIZE_SHALLOW), 0);
	ck_assert_ptr_eq(kr_etuple_ref(out, 1), node1);
	/* a graph: a shared subexpression gives one etuple */
	kr_variable *x = vec("x", -1), *m = NULL, *a = NULL;
	ck_assert_int_eq(KR_OP_CALL(&m, kr_op_mul(), x, x), 0);
	ck_assert_int_eq(KR_OP_CALL(&a, kr_op_add(), m, m), 0);
	ck_assert_int_eq(kr_etuplize_term(&out, kr_variable_term(a), 0), 0);
	ck_assert_int_eq(kr_etuple_len(out), 3);
	ck_assert_ptr_eq(kr_etuple_ref(out, 0), kr_op_term(kr_op_add()));
	ck_assert_int_eq(kr_term_kind(kr_etuple_ref(out, 1)), KR_ETUPLE);
	ck_assert_ptr_eq(kr_etuple_ref(out, 1), kr_etuple_ref(out, 2));
	ck_assert_ptr_eq(kr_etuple_ref(kr_etuple_ref(out, 1), 1),
			 kr_variable_term(x));
	ck_assert_int_eq(kr_etuplize_term(&out, kr_variable_term(a),
					  KR_ETUPLIZE_SHALLOW),
			 0);
	ck_assert_ptr_eq(kr_etuple_ref(out, 1), kr_variable_term(m));
	/* a graph input is no expression */
	ck_assert_int_eq(kr_etuplize_term(&out, kr_variable_term(x), 0),
			 KR_EINVALID);
}
END_TEST

START_TEST(test_variable_clone)
{
	kr_variable *x = vec("x", 1), *y = vec("y", -1), *z = NULL;
	ck_assert_int_eq(KR_OP_CALL(&z, kr_op_add(), x, y), 0);
	kr_variable *cx = kr_variable_clone(x, NULL);
	ck_assert(cx != x && kr_variable_type(cx) == kr_variable_type(x));
	ck_assert_str_eq(kr_variable_name(cx), "x");
	ck_assert_str_eq(kr_variable_name(kr_variable_clone(x, "x2")), "x2");
	ck_assert_str_eq(kr_variable_name(x), "x");
	kr_variable *cz = kr_variable_clone(z, "zc");
	ck_assert_ptr_null(kr_variable_owner(cz));
	ck_assert(kr_variable_type(cz) == kr_variable_type(z));
	ck_assert_ptr_null(kr_variable_name(kr_variable_clone(z, NULL)));
	kr_variable *two = kr_constant_new(2.0, NULL);
	/* Constant.clone(**kwargs) returns self, name and all */
	ck_assert_ptr_eq(kr_variable_clone(two, NULL), two);
	ck_assert_ptr_eq(kr_variable_clone(two, "two"), two);
	ck_assert_str_eq(kr_variable_to_string(two), "2.0");
}
END_TEST

/* ---------------------------------------------------------- term bridge */

START_TEST(test_op_terms)
{
	kr_term *t = kr_op_term(kr_op_add());
	ck_assert_ptr_eq(kr_op_term(kr_op_add()), t);
	ck_assert_ptr_eq(kr_term_op(t), kr_op_add());
	ck_assert_int_eq(kr_term_kind(t), KR_FOREIGN);
	ck_assert_str_eq(t_str(t), "add");
	ck_assert_ptr_null(kr_term_op(kr_sym("add")));
	ck_assert_ptr_null(kr_term_variable(t));
	ck_assert(kr_equal(kr_op_term(scale_op(2)), kr_op_term(scale_op(2))));
	ck_assert(kr_hash(kr_op_term(scale_op(2))) ==
		  kr_hash(kr_op_term(scale_op(2))));
	ck_assert(!kr_equal(kr_op_term(scale_op(2)), kr_op_term(scale_op(3))));
	ck_assert(!kr_equal(t, kr_op_term(kr_op_mul())));
	ck_assert_str_eq(t_str(kr_op_term(scale_op(2))), "scale{2}");
}
END_TEST

START_TEST(test_variable_terms)
{
	kr_variable *x = scalar("x"), *y = scalar("y"), *z = scalar("z");
	kr_term *xt = kr_variable_term(x);
	ck_assert_ptr_eq(kr_variable_term(x), xt);
	ck_assert_ptr_eq(kr_term_variable(xt), x);
	ck_assert_ptr_null(kr_term_op(xt));
	ck_assert_str_eq(t_str(xt), "x");
	ck_assert(!kr_is_pair(xt));
	ck_assert_ptr_eq(kr_etuplize(x), xt);
	ck_assert(!kr_equal(xt, kr_variable_term(scalar("x"))));
	kr_variable *c = kr_constant_new(2, NULL);
	ck_assert_str_eq(t_str(kr_variable_term(c)), "2.0");
	ck_assert_ptr_eq(kr_etuplize(c), kr_variable_term(c));

	kr_variable *s = CALL(kr_op_add(), x, y);
	kr_variable *m = CALL(kr_op_mul(), s, z);
	kr_term *mt = kr_variable_term(m);
	ck_assert(kr_is_pair(mt));
	ck_assert_ptr_eq(kr_car(mt), kr_op_term(kr_op_mul()));
	kr_term *args = kr_cdr(mt);
	ck_assert_int_eq(kr_list_length(args), 2);
	ck_assert_ptr_eq(kr_car(args), kr_variable_term(s));
	ck_assert_ptr_eq(kr_car(kr_cdr(args)), kr_variable_term(z));
	ck_assert_int_eq(kr_term_kind(kr_car(args)), KR_FOREIGN);

	kr_term *e = kr_etuplize(m);
	ck_assert_int_eq(kr_term_kind(e), KR_ETUPLE);
	ck_assert_uint_eq(kr_etuple_len(e), 3);
	ck_assert_ptr_eq(kr_etuple_evaled(e), mt);
	ck_assert_ptr_eq(kr_etuplize(m), e); /* cached */
	ck_assert_str_eq(t_str(e), "(mul add.0 z)");
	ck_assert_str_eq(t_str(kr_etuplize(s)), "(add x y)");
	/* cons of the parts is the expansion itself, so it evaluates to m */
	kr_variable *back = NULL;
	ck_assert_int_eq(kr_term_eval(&back, kr_cons(kr_car(mt), kr_cdr(mt))),
			 0);
	ck_assert_ptr_eq(back, m);
	ck_assert_int_eq(kr_term_eval(&back, e), 0);
	ck_assert_ptr_eq(back, m);
}
END_TEST

/* A constant of dtype d and shape (n) or (r, c) holding xs. */
static kr_variable *const_of(kr_dtype d, int ndim, const int64_t *shape,
			     const double *xs)
{
	kr_value *v = kr_value_new(d, ndim, shape);
	for (size_t k = 0; k < kr_value_size(v); k++)
		kr_value_data(v)[k] = xs[k];
	kr_variable *c;
	ck_assert_int_eq(kr_constant_make(&c, kr_type_tensor(d, ndim, NULL), v),
			 0);
	return c;
}

/* Two constant atoms unify exactly when numpy's array_equiv holds. */
static bool atoms_unify(kr_variable *a, kr_variable *b)
{
	kr_term *x = kr_variable_term(a), *y = kr_variable_term(b);
	bool eq = kr_unify(x, y, kr_subst_empty()) != NULL;
	ck_assert_int_eq(eq, kr_equal(x, y));
	if (eq)
		ck_assert_uint_eq(kr_hash(x), kr_hash(y));
	return eq;
}

/* PyTensor's _unify_Constant_Constant: np.array_equiv, types ignored. */
START_TEST(test_constant_unify_equiv)
{
	int64_t n2[1] = {2}, n3[1] = {3}, n1[1] = {1}, m23[2] = {2, 3},
		m21[2] = {2, 1}, n0[1] = {0};
	double two[6] = {2, 2, 2, 2, 2, 2}, r[6] = {1, 2, 3, 1, 2, 3},
	       c[3] = {1, 2, 3}, col[2] = {5, 7}, wide[6] = {5, 5, 5, 7, 7, 7};
	kr_variable *i2 = const_of(KR_INT8, 0, NULL, two);
	kr_variable *f2 = const_of(KR_FLOAT64, 0, NULL, two);
	ck_assert(!kr_constant_equal(i2, f2)); /* merge keeps them apart */
	ck_assert(atoms_unify(i2, f2));
	ck_assert(atoms_unify(f2, const_of(KR_FLOAT32, 1, n3, two)));
	ck_assert(!atoms_unify(f2, const_of(KR_INT64, 1, n1, r)));
	ck_assert(atoms_unify(const_of(KR_INT64, 1, n3, c),
			      const_of(KR_FLOAT64, 2, m23, r)));
	ck_assert(!atoms_unify(const_of(KR_INT64, 1, n2, c),
			       const_of(KR_FLOAT64, 2, m23, r)));
	ck_assert(atoms_unify(const_of(KR_INT64, 2, m21, col),
			      const_of(KR_INT64, 2, m23, wide)));
	ck_assert(!atoms_unify(const_of(KR_INT64, 2, m21, col),
			       const_of(KR_INT64, 1, n3, wide)));
	double nan[1] = {NAN};
	kr_variable *cn = const_of(KR_FLOAT64, 0, NULL, nan);
	ck_assert(atoms_unify(cn, cn)); /* the same object */
	ck_assert(!atoms_unify(cn, const_of(KR_FLOAT64, 0, NULL, nan)));
	kr_variable *e0 = const_of(KR_FLOAT64, 1, n0, NULL);
	ck_assert(atoms_unify(e0, const_of(KR_INT8, 1, n0, NULL)));
	ck_assert(!atoms_unify(e0, f2)); /* numpy would say yes; see value.h */
	/* an equivalent constant is found again in an indexed fact table */
	kr_facts *facts = kr_facts_new("k", 1);
	kr_term *row[1] = {kr_variable_term(f2)}, *ask[1] = {
		kr_variable_term(i2)};
	ck_assert_int_eq(kr_fact(facts, row), 0);
	ck_assert(kr_facts_has(facts, ask));
}
END_TEST

START_TEST(test_eval_etuple_cache)
{
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_term *e = KR_ETUPLE(kr_op_term(kr_op_add()), kr_variable_term(x),
			       kr_variable_term(y));
	ck_assert_ptr_null(kr_etuple_evaled(e));
	kr_variable *v = NULL, *v2 = NULL;
	ck_assert_int_eq(kr_term_eval(&v, e), 0);
	kr_apply *node = kr_variable_owner(v);
	ck_assert_ptr_nonnull(node);
	ck_assert_ptr_eq(kr_apply_op(node), kr_op_add());
	ck_assert_ptr_eq(kr_apply_input(node, 0), x);
	ck_assert_ptr_eq(kr_apply_input(node, 1), y);
	ck_assert_ptr_eq(kr_etuple_evaled(e), kr_variable_term(v));
	ck_assert_int_eq(kr_term_eval(&v2, e), 0);
	ck_assert_ptr_eq(v2, v);
	/* an op atom made of an equal op works as the head too */
	kr_op *add2 = kr_op_new(kr_op_desc_of(kr_op_add()), NULL);
	kr_term *e2 = KR_ETUPLE(kr_op_term(add2), kr_variable_term(x));
	ck_assert_int_eq(kr_term_eval(&v2, e2), 0);
	ck_assert_ptr_eq(kr_apply_op(kr_variable_owner(v2)), add2);
}
END_TEST

START_TEST(test_eval_lists)
{
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_term *xt = kr_variable_term(x), *yt = kr_variable_term(y);
	kr_term *sum = KR_LIST(kr_op_term(kr_op_add()), xt, yt);
	kr_term *t = KR_LIST(kr_op_term(kr_op_mul()), xt, sum);
	kr_variable *v = NULL;
	ck_assert_int_eq(kr_term_eval(&v, t), 0);
	ck_assert_str_eq(kr_pprint(v), "(x * (x + y))");
	/* the same subterm object twice gives one node */
	kr_term *sq = KR_LIST(kr_op_term(kr_op_mul()), sum, sum);
	ck_assert_int_eq(kr_term_eval(&v, sq), 0);
	kr_apply *node = kr_variable_owner(v);
	ck_assert_ptr_eq(kr_apply_input(node, 0), kr_apply_input(node, 1));
	/* numbers become constants typed as PyTensor's autocasting types
	 * Python numbers: the smallest int that holds them, float32 when
	 * exact, else float64 */
	ck_assert_int_eq(kr_term_eval(&v, kr_real(2.5)), 0);
	ck_assert(kr_variable_is_constant(v));
	ck_assert(kr_variable_constant_value(v) == 2.5);
	ck_assert_ptr_eq(kr_variable_type(v), kr_type_scalar(KR_FLOAT32));
	ck_assert_int_eq(kr_term_eval(&v, kr_real(0.1)), 0);
	ck_assert_ptr_eq(kr_variable_type(v), kr_type_scalar(KR_FLOAT64));
	ck_assert_int_eq(kr_term_eval(&v, kr_int(3)), 0);
	ck_assert(kr_variable_constant_value(v) == 3);
	ck_assert_str_eq(kr_variable_to_string(v), "3");
	ck_assert_ptr_eq(kr_variable_type(v), kr_type_scalar(KR_INT8));
	ck_assert_int_eq(kr_term_eval(&v, kr_int(300)), 0);
	ck_assert_ptr_eq(kr_variable_type(v), kr_type_scalar(KR_INT16));
	ck_assert_int_eq(kr_term_eval(&v, kr_int(-70000)), 0);
	ck_assert_ptr_eq(kr_variable_type(v), kr_type_scalar(KR_INT32));
	ck_assert_int_eq(kr_term_eval(&v, kr_int(1ll << 40)), 0);
	ck_assert_ptr_eq(kr_variable_type(v), kr_type_scalar(KR_INT64));
	kr_term *mixed = KR_LIST(kr_op_term(kr_op_true_div()), xt, kr_int(2));
	ck_assert_int_eq(kr_term_eval(&v, mixed), 0);
	ck_assert_str_eq(kr_pprint(v), "(x / 2)");
	/* a variable atom is itself */
	ck_assert_int_eq(kr_term_eval(&v, xt), 0);
	ck_assert_ptr_eq(v, x);
}
END_TEST

static void expect_eval_error(kr_term *t, const char *needle)
{
	kr_variable *v = NULL;
	int rc = kr_term_eval(&v, t);
	ck_assert_int_eq(rc, KR_EINVALID);
	ck_assert_ptr_null(v);
	ck_assert_msg(strstr(kr_error_last()->message, needle),
		      "message '%s' lacks '%s'", kr_error_last()->message,
		      needle);
}

START_TEST(test_eval_errors)
{
	kr_term *xt = kr_variable_term(scalar("x"));
	kr_term *add = kr_op_term(kr_op_add());
	expect_eval_error(kr_var_new("q"), "logic variable");
	expect_eval_error(kr_var_new("q"), "~q");
	expect_eval_error(kr_sym("foo"), "cannot evaluate foo");
	expect_eval_error(KR_LIST(kr_sym("foo"), xt), "head is not an op");
	expect_eval_error(KR_LIST(add, xt, kr_var_new("r")), "logic variable");
	expect_eval_error(kr_nil(), "cannot evaluate");
	expect_eval_error(add, "an op is not a value");
	expect_eval_error(kr_cons(add, xt), "cannot evaluate");
	expect_eval_error(kr_str("s"), "cannot evaluate");
	kr_term *bad = KR_ETUPLE(kr_op_term(kr_op_dot()), xt, xt);
	expect_eval_error(bad, "dot: cannot multiply float64 by float64");
	ck_assert_ptr_null(kr_etuple_evaled(bad));
	expect_eval_error(KR_LIST(kr_op_term(kr_op_sub()), xt),
			  "sub: expected 2 inputs, got 1");
}
END_TEST

START_TEST(test_eval_deep)
{
	enum { DEPTH = 10000 };
	kr_variable *x = scalar("x");
	kr_term *t = kr_variable_term(x), *l = t;
	kr_term *neg = kr_op_term(kr_op_neg());
	for (int i = 0; i < DEPTH; i++) {
		t = KR_ETUPLE(neg, t);
		l = KR_LIST(neg, l);
	}
	kr_term *terms[2] = {t, l};
	for (int k = 0; k < 2; k++) {
		kr_variable *v = NULL;
		ck_assert_int_eq(kr_term_eval(&v, terms[k]), 0);
		int depth = 0;
		while (kr_variable_owner(v)) {
			ck_assert_ptr_eq(kr_apply_op(kr_variable_owner(v)),
					 kr_op_neg());
			v = kr_apply_input(kr_variable_owner(v), 0);
			depth++;
		}
		ck_assert_ptr_eq(v, x);
		ck_assert_int_eq(depth, DEPTH);
	}
	kr_variable *v = NULL;
	ck_assert_int_eq(kr_term_eval(&v, t), 0); /* cached now */
	ck_assert_ptr_eq(kr_term_variable(kr_etuple_evaled(t)), v);
	char *s = kr_pprint(v);
	ck_assert_uint_eq(strlen(s), 3 * DEPTH + 1);
	ck_assert(strncmp(s, "(-(-(-", 6) == 0);
}
END_TEST

/* --------------------------------------------------------------- pprint */

typedef struct mats {
	kr_variable *A, *B, *x, *y, *z, *w;
} mats;

static mats make_mats(void)
{
	return (mats){matrix("A"), matrix("B"), matrix("x"),
		      matrix("y"), matrix("z"), matrix("w")};
}

START_TEST(test_pprint_docs)
{
	mats m = make_mats();
	kr_op *dot = kr_op_dot(), *add = kr_op_add();
	ck_assert_str_eq(kr_pprint(CALL(dot, m.A, CALL(add, m.x, m.y))),
			 "(A @ (x + y))");
	ck_assert_str_eq(kr_pprint(CALL(add, CALL(dot, m.A, m.x),
					CALL(dot, m.A, m.y))),
			 "((A @ x) + (A @ y))");
	kr_variable *xy = CALL(add, m.x, m.y), *zw = CALL(add, m.z, m.w);
	ck_assert_str_eq(kr_pprint(CALL(dot, m.A, CALL(add, xy, zw))),
			 "(A @ ((x + y) + (z + w)))");
	kr_variable *l = CALL(add, CALL(dot, m.A, m.x), CALL(dot, m.A, m.y));
	kr_variable *r = CALL(add, CALL(dot, m.A, m.z), CALL(dot, m.A, m.w));
	ck_assert_str_eq(kr_pprint(CALL(add, l, r)),
			 "(((A @ x) + (A @ y)) + ((A @ z) + (A @ w)))");
	kr_variable *bzw = CALL(dot, m.B, CALL(add, m.z, m.w));
	kr_variable *t3 = CALL(dot, m.A, CALL(add, m.x, CALL(add, m.y, bzw)));
	ck_assert_str_eq(kr_pprint(t3), "(A @ (x + (y + (B @ (z + w)))))");
	kr_variable *abz = CALL(dot, m.A, CALL(dot, m.B, m.z));
	kr_variable *abw = CALL(dot, m.A, CALL(dot, m.B, m.w));
	kr_variable *d3 = CALL(add, CALL(dot, m.A, m.x),
			       CALL(add, CALL(dot, m.A, m.y),
				    CALL(add, abz, abw)));
	ck_assert_str_eq(kr_pprint(d3), "((A @ x) + ((A @ y) + ((A @ (B @ z)) "
					"+ (A @ (B @ w)))))");
}
END_TEST

START_TEST(test_pprint_forms)
{
	kr_variable *x = scalar("x"), *y = scalar("y"), *z = scalar("z");
	ck_assert_str_eq(kr_pprint(x), "x");
	ck_assert_str_eq(kr_pprint(CALL(kr_op_neg(), x)), "(-x)");
	ck_assert_str_eq(kr_pprint(CALL(kr_op_add(), x, y, z)), "(x + y + z)");
	ck_assert_str_eq(kr_pprint(CALL(kr_op_add(), x)), "(+x)");
	ck_assert_str_eq(kr_pprint(CALL(kr_op_sub(), x, y)), "(x - y)");
	kr_variable *two = kr_constant_new(2, NULL);
	ck_assert_str_eq(kr_pprint(CALL(kr_op_mul(), x, two)), "(x * 2.0)");
	kr_variable *e = CALL(kr_op_exp(), CALL(kr_op_true_div(), x, y));
	ck_assert_str_eq(kr_pprint(e), "exp((x / y))");
	ck_assert_str_eq(kr_pprint(CALL(kr_op_identity(), CALL(kr_op_log(), x))),
			 "identity(log(x))");
}
END_TEST

START_TEST(test_pprint_assign)
{
	kr_variable *x = scalar("x"), *y = scalar("y");
	kr_variable *e = CALL(kr_op_exp(), x);
	kr_variable *s = CALL(scale_op(2), x);
	ck_assert_str_eq(kr_pprint(s), "scale{2}(x)");
	kr_pprint_assign(scale_op(2), "%", 1, "left");
	ck_assert_str_eq(kr_pprint(s), "(%x)");
	ck_assert_str_eq(kr_pprint(CALL(scale_op(3), x)), "scale{3}(x)");
	kr_pprint_assign(kr_op_exp(), "E", 0, "right");
	ck_assert_str_eq(kr_pprint(e), "(Ex)");
	kr_pprint_assign(kr_op_exp(), "EXP", 0, "right");
	ck_assert_str_eq(kr_pprint(e), "(EXPx)");
	kr_pprint_assign(kr_op_exp(), NULL, 0, "either");
	ck_assert_str_eq(kr_pprint(e), "exp(x)");
	kr_pprint_assign(kr_op_add(), "plus", -2, "either");
	ck_assert_str_eq(kr_pprint(CALL(kr_op_add(), x, y)), "(x plus y)");
	kr_pprint_assign(kr_op_add(), "+", -2, "either");
	ck_assert_str_eq(kr_pprint(CALL(kr_op_add(), x, y)), "(x + y)");
}
END_TEST

START_TEST(test_graph_repr)
{
	kr_variable *x = scalar("x"), *y = scalar("y"), *z = scalar("z");
	kr_variable *s = CALL(kr_op_add(), y, z);
	kr_variable *t = CALL(kr_op_true_div(), CALL(kr_op_mul(), s, x), s);
	kr_variable *outs[2] = {t, s};
	ck_assert_str_eq(kr_graph_repr(1, outs),
			 "true_div(mul(*1 -> add(y, z), x), *1)");
	ck_assert_str_eq(kr_graph_repr(2, outs),
			 "true_div(mul(*1 -> add(y, z), x), *1), *1");
	kr_variable *e = CALL(kr_op_exp(), x);
	kr_variable *both[2] = {CALL(kr_op_add(), e, e), CALL(kr_op_neg(), x)};
	ck_assert_str_eq(kr_graph_repr(2, both), "add(*1 -> exp(x), *1), neg(x)");
	kr_variable *leaf[1] = {x};
	ck_assert_str_eq(kr_graph_repr(1, leaf), "x");
}
END_TEST

Suite *graph_suite(void)
{
	Suite *s = suite_create("graph");
	TCase *tc = tcase_create("types");
	tcase_add_test(tc, test_type_strings);
	tcase_add_test(tc, test_type_repr);
	tcase_add_test(tc, test_type_is_super);
	suite_add_tcase(s, tc);
	tc = tcase_create("infer");
	tcase_add_loop_test(tc, test_infer_table, 0,
			    sizeof infer_cases / sizeof *infer_cases);
	suite_add_tcase(s, tc);
	tc = tcase_create("ops");
	tcase_add_test(tc, test_op_props);
	tcase_add_test(tc, test_op_registry);
	suite_add_tcase(s, tc);
	tc = tcase_create("variables");
	tcase_add_test(tc, test_variable_strings);
	tcase_add_test(tc, test_variable_accessors);
	tcase_add_test(tc, test_apply_clone);
	tcase_add_test(tc, test_variable_clone);
	tcase_add_test(tc, test_nominal_variable);
	tcase_add_test(tc, test_nominal_forms);
	tcase_add_test(tc, test_etuplize_term);
	suite_add_tcase(s, tc);
	tc = tcase_create("specify_shape");
	tcase_add_test(tc, test_specify_shape_types);
	tcase_add_test(tc, test_specify_shape_perform);
	tcase_add_test(tc, test_specify_shape_rebuild);
	tcase_add_test(tc, test_specify_shape_print);
	suite_add_tcase(s, tc);
	tc = tcase_create("terms");
	tcase_add_test(tc, test_op_terms);
	tcase_add_test(tc, test_variable_terms);
	tcase_add_test(tc, test_constant_unify_equiv);
	tcase_add_test(tc, test_eval_etuple_cache);
	tcase_add_test(tc, test_eval_lists);
	tcase_add_test(tc, test_eval_errors);
	tcase_add_test(tc, test_eval_deep);
	suite_add_tcase(s, tc);
	tc = tcase_create("pprint");
	tcase_add_test(tc, test_pprint_docs);
	tcase_add_test(tc, test_pprint_forms);
	tcase_add_test(tc, test_pprint_assign);
	tcase_add_test(tc, test_graph_repr);
	suite_add_tcase(s, tc);
	return s;
}
