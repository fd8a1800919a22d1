/* test_gformat.c -- the graph text format, shorthand, printers. */
/* See the LICENSE file for copying conditions. */
#include <string.h>

#include "suites.h"

static kr_fgraph *load(const char *text)
{
	kr_fgraph *fg = NULL;
	ck_assert_msg(kr_gformat_read(&fg, NULL, text, "t.sexp") == 0, "%s",
		      kr_error_last()->message);
	return fg;
}

static const char *const SMALL =
	"; kanrewrite-graph 1 | small | raw | test | 4 apply nodes | x\n"
	"(input x (tensor float64 ?))\n"
	"(input i (scalar int64))\n"
	"(constant $1 (tensor int8) 1)\n"
	"(constant $2 (tensor int8) 1)\n"
	"(constant $3 (tensor float64 ?) [0.5,1e-08])\n"
	"(output 0 loss (tensor float64 ?) #1=(mul (sub "
	"(DimShuffle{input_ndim=0,new_order=[x]} $1) x) "
	"#2=(add $3 (DimShuffle{input_ndim=0,new_order=[x]} $2))))\n"
	"(output 1 d/dx (tensor float64 ?) (neg #2#))\n"
	"(output 2 same (tensor float64 ?) #1#)\n";

START_TEST(full_format_round_trip)
{
	char *comment;
	kr_fgraph *fg;
	ck_assert_int_eq(kr_gformat_read(&fg, &comment, SMALL, "s"), 0);
	ck_assert_str_eq(comment, "kanrewrite-graph 1 | small | raw | test | "
				  "4 apply nodes | x");
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 6);
	ck_assert_str_eq(kr_gformat_write(fg, comment), SMALL);
	ck_assert_str_eq(kr_fgraph_output_name(fg, 1), "d/dx");
	/* $1 and $2 are distinct but merge-equal constants */
	kr_variable *sub = kr_apply_input(
		kr_variable_owner(kr_fgraph_output(fg, 0)), 0);
	kr_variable *ds1 = kr_apply_input(kr_variable_owner(sub), 0);
	kr_variable *c1 = kr_apply_input(kr_variable_owner(ds1), 0);
	ck_assert(kr_variable_is_constant(c1));
	ck_assert(kr_op_is_opaque(kr_apply_op(kr_variable_owner(ds1))));
	ck_assert_str_eq(kr_type_to_string(kr_variable_type(ds1)),
			 "Vector(int8, shape=(1,))");
	ck_assert_str_eq(kr_type_to_string(kr_variable_type(sub)),
			 "Vector(float64, shape=(?,))");
}
END_TEST

/*
 * Output k of a node of several outputs, `(...)::k` and `#n#::k`: a
 * Composite of fast_run has one output per entry of its out=[...].
 */
static const char *const MULTI =
	"; kanrewrite-graph 1 | multi | fast_run | test\n"
	"(input x (tensor float64 ?))\n"
	"(input y (tensor float64 ?))\n"
	"(output 0 a (tensor float64 ?) (add #1=(Composite{in=[float64,"
	"float64],nodes=[add[i0,i1],mul[i0,n0]],out=[n0,n1]} x y)::1 "
	"#1#::0))\n"
	"(output 1 b (tensor float64 ?) #1#::1)\n";

START_TEST(multi_output_round_trip)
{
	char *comment;
	kr_fgraph *fg;
	ck_assert_int_eq(kr_gformat_read(&fg, &comment, MULTI, "m"), 0);
	ck_assert_uint_eq(kr_fgraph_nnodes(fg), 2);
	kr_variable *b = kr_fgraph_output(fg, 1);
	kr_apply *c = kr_variable_owner(b);
	ck_assert_uint_eq(kr_apply_noutputs(c), 2);
	ck_assert_ptr_eq(kr_apply_output(c, 1), b);
	kr_apply *add = kr_variable_owner(kr_fgraph_output(fg, 0));
	ck_assert_ptr_eq(kr_apply_input(add, 0), b);
	ck_assert_ptr_eq(kr_apply_input(add, 1), kr_apply_output(c, 0));
	ck_assert_str_eq(kr_gformat_write(fg, comment), MULTI);
}
END_TEST

START_TEST(shorthand_and_tokens)
{
	kr_fgraph *fg = load("(matrix A) (vector x y)\n(dot A (add x y))\n"
			     "(mul 2 (ps.add x y) x)\n");
	ck_assert_uint_eq(kr_fgraph_noutputs(fg), 2);
	ck_assert_str_eq(kr_pprint(kr_fgraph_output(fg, 0)), "(A @ (x + y))");
	ck_assert_str_eq(kr_gformat_write(fg, "c"),
			 "; c\n(input A (tensor float64 ? ?))\n"
			 "(input x (tensor float64 ?))\n"
			 "(input y (tensor float64 ?))\n"
			 "(constant $1 (scalar float64) 2.0)\n"
			 "(output 0 out_0 (tensor float64 ?) "
			 "(Dot A (add x y)))\n"
			 "(output 1 out_1 (tensor float64 ?) "
			 "(mul $1 (add x y) x))\n");
	kr_fgraph *s = load("(scalar a b) (ps.add (ps.mul a b) a)");
	ck_assert_ptr_nonnull(strstr(kr_gformat_write(s, NULL),
				     "(ps.add (ps.mul a b) a)"));
	/* a bare scalar op we do not have: the file keeps its token, the
	 * PyTensor printers its str() (poly_expand_scalar's ps.second) */
	kr_fgraph *sec = load("(scalar a b) (ps.second a b)");
	ck_assert_ptr_nonnull(strstr(kr_gformat_write(sec, NULL),
				     "(ps.second a b)"));
	ck_assert_str_eq(kr_fgraph_repr(sec), "FunctionGraph(second(a, b))");
	ck_assert(kr_op_equal(kr_op_from_token("ps.mul"), kr_op_mul()));
	/* fuzzed inputs: a Sum whose axes are not numbers is typed like its
	 * input (it used to loop), a huge label is refused */
	ck_assert_str_eq(kr_fgraph_repr(load("(vector x) (Sum{axis=[u]} x)")),
			 "FunctionGraph(Sum{axis=[u]}(x))");
	kr_program *bad;
	ck_assert_int_eq(kr_program_read(&bad, "(input x (tensor float64 ?))\n"
					       "(output 0 a (tensor float64 ?) "
					       "#522222222=(neg x))\n",
					 "t"),
			 KR_ESYNTAX);
	ck_assert(strstr(kr_error_last()->message, "bad label"));
	ck_assert(kr_op_equal(kr_op_from_token("Dot"), kr_op_dot()));
	ck_assert_ptr_eq(kr_op_from_token("Sum{axis=None}"),
			 kr_op_opaque("Sum{axis=None}"));
	ck_assert(!kr_op_equal(kr_op_opaque("Sum{axis=None}"),
			       kr_op_opaque("Sum{axis=[0]}")));
}
END_TEST

/*
 * Opaque ops of the graph files print as PyTensor 2.32's str() of their
 * class (Elemwise capitalized, DimShuffle's ExpandDims/Squeeze/Transpose,
 * Sum's axes), pprint's DimShufflePrinter drops leading new axes, and the
 * text format keeps the tokens.
 */
START_TEST(opaque_printers)
{
	kr_fgraph *fg = load(
		"(matrix M) (vector x)\n"
		"(sigmoid (DimShuffle{input_ndim=1,new_order=[0,x]} x))\n"
		"(Sum{axis=[0]} (DimShuffle{input_ndim=2,new_order=[1,0]} M))\n"
		"(Cast{dtype=float32} (DimShuffle{input_ndim=2,new_order=[1]} M))\n"
		"(DimShuffle{input_ndim=2,new_order=[1,x,0]} M)\n"
		"(Sum{axis=None} (DimShuffle{input_ndim=1,new_order=[x,0]} x))\n"
		"(Sum{axis=[0,1],dtype=float32} M)\n"
		"(tanh{out=transfer_type[0],inplace={0:0}} x)\n");
	ck_assert_str_eq(
		kr_fgraph_repr(fg),
		"FunctionGraph(Sigmoid(ExpandDims{axis=1}(x)), "
		"Sum{axis=0}(Transpose{axes=[1, 0]}(M)), "
		"Cast{float32}(Squeeze{axis=0}(M)), "
		"DimShuffle{order=[1,x,0]}(M), "
		"Sum{axes=None}(ExpandDims{axis=0}(x)), "
		"Sum{axes=[0, 1], acc=float64}(M), Tanh(x))");
	ck_assert_str_eq(kr_variable_to_string(kr_fgraph_output(fg, 0)),
			 "Sigmoid.0");
	const char *pp[] = {"Sigmoid(DimShuffle{0, x}(x))",
			    "Sum{axis=0}(M.T)",
			    "Cast{float32}(DimShuffle{1}(M))",
			    "DimShuffle{1, x, 0}(M)",
			    "Sum{axes=None}(x)"};
	for (size_t i = 0; i < sizeof pp / sizeof *pp; i++)
		ck_assert_str_eq(kr_pprint(kr_fgraph_output(fg, i)), pp[i]);
	ck_assert_ptr_nonnull(strstr(kr_gformat_write(fg, NULL),
				     "(sigmoid (DimShuffle{input_ndim=1,"
				     "new_order=[0,x]} x))"));
	/* a rank past KR_TYPE_MAX_NDIM, or not a number: the token as it is
	 * (it used to write past an array of the printer) */
	ck_assert_str_eq(kr_fgraph_repr(load("(vector x) (DimShuffle{input_ndim"
					     "=100,new_order=[50]} x)")),
			 "FunctionGraph(DimShuffle{input_ndim=100,"
			 "new_order=[50]}(x))");
	ck_assert_str_eq(kr_pprint(kr_fgraph_output(
				 load("(vector x) (DimShuffle{input_ndim=1x,"
				      "new_order=[0]} x)"),
				 0)),
			 "DimShuffle{input_ndim=1x,new_order=[0]}(x)");
	/* an expansion of a 0-d tensor prints its input, as PyTensor */
	kr_fgraph *e = load("(input a (tensor float64))\n"
			    "(output 0 o (tensor float64 1 1) "
			    "(DimShuffle{input_ndim=0,new_order=[x,x]} a))\n");
	ck_assert_str_eq(kr_pprint(kr_fgraph_output(e, 0)), "a");
	ck_assert_str_eq(kr_fgraph_repr(e),
			 "FunctionGraph(ExpandDims{axes=[0, 1]}(a))");
}
END_TEST

static const struct {
	const char *text, *msg;
	int code;
} bad[] = {
	{"(input x (tensor float65))", "t.sexp:1:18: unknown dtype", KR_ENOTFOUND},
	{"(vector x)\n(add x y)", "t.sexp:2:8: undeclared name y", KR_ENOTFOUND},
	{"(vector x)\n(add x x", "t.sexp:2:9: unexpected end", KR_ESYNTAX},
	{"(vector x) (vector x)", "t.sexp:1:20: x is already declared", KR_EEXISTS},
	{"(input x (tensor float64 ?))\n(output 0 o (tensor float64) (neg x))",
	 "t.sexp:2:30: the output is declared", KR_EINVALID},
	{"(vector x)\n(add x #3#)", "t.sexp:2:8: label #3# is not defined",
	 KR_ENOTFOUND},
	{"(matrix A) (vector x)\n(add A x)", "t.sexp:2:1: add: cannot broadcast",
	 KR_EINVALID},
	/* an empty file is no graph (a comment line alone is the empty
	 * graph, as the writer writes it) */
	{"", "t.sexp:1:1: no graph: the text is empty", KR_ESYNTAX},
	{" \n\n", "t.sexp:3:1: no graph", KR_ESYNTAX},
	/* integers in decimal, held exactly; booleans True or False */
	{"(constant $1 (tensor int64) 9007199254740993)",
	 "'9007199254740993': beyond 2^53", KR_ESYNTAX},
	{"(constant $1 (tensor int8) 0x10)", "'0x10': not an integer",
	 KR_ESYNTAX},
	{"(constant $1 (tensor int8) 1E2)", "'1E2': not an integer",
	 KR_ESYNTAX},
	{"(constant $1 (tensor bool) 1)", "'1': not True or False",
	 KR_ESYNTAX},
	/* a finite float too big for its dtype is no inf */
	{"(constant $1 (tensor float64) 1e500)", "'1e500': out of range",
	 KR_ESYNTAX},
	{"(constant $1 (tensor float32) 1e39)", "'1e39': out of range",
	 KR_ESYNTAX},
	/* a static length in decimal, within int64 */
	{"(input x (tensor float64 99999999999999999999))",
	 "t.sexp:1:26: a dimension is ? or a length", KR_ESYNTAX},
	{"(input x (tensor float64 +3))", "a dimension is ? or a length",
	 KR_ESYNTAX},
	{"(input x (tensor float64 03))", "a dimension is ? or a length",
	 KR_ESYNTAX},
	/* labels count 1, 2, ... in pre-order; references are plain */
	{"(vector x)\n(add #2=(exp x) #2#)",
	 "t.sexp:2:6: label #2= out of order: the next label is #1=",
	 KR_ESYNTAX},
	{"(vector x)\n(add #10000000=(exp x) x)", "out of order", KR_ESYNTAX},
	{"(vector x)\n(add #1=(exp x) #01#)", "bad label reference #01#",
	 KR_ESYNTAX},
	{"(vector x)\n(add #1=(exp x) #1#::0abc)",
	 "bad label reference #1#::0abc", KR_ESYNTAX},
	{"(constant $1 (tensor int8) 1.5)", "t.sexp:1:28: bad int8 value",
	 KR_ESYNTAX},
	{"(vector x)\n(neg x))", "t.sexp:2:8: unbalanced", KR_ESYNTAX},
	{"(input x (tensor float64 ?))\n(output 0 o (tensor float64 ?) "
	 "(neg x)::1)", "t.sexp:2:39: ::1: the node has 1 output(s)",
	 KR_EINVALID},
	{"(input x (tensor float64 ?))\n(output 0 o (tensor float64 ?) "
	 "(neg x)::)", "::k needs an output index k in decimal", KR_ESYNTAX},
	{"(input x (tensor float64 ?))\n(output 0 o (tensor float64 ?) "
	 "(neg x)::01)", "::k needs an output index k in decimal", KR_ESYNTAX},
	{"(input x (tensor float64 ?))::0", "t.sexp:1:29: ::k follows a node",
	 KR_ESYNTAX},
	{"(input x (tensor float64 ?) (tensor float64)::0)",
	 "::k follows a node", KR_ESYNTAX},
	{"(vector x)\n(add #1=(Composite{in=[float64],nodes=[exp[i0],"
	 "neg[i0]],out=[n0,n1]} x)::0 #1#::2)",
	 "#1#::2: the node has 2 output(s)", KR_EINVALID},
};

START_TEST(read_errors)
{
	kr_fgraph *fg;
	int rc = kr_gformat_read(&fg, NULL, bad[_i].text, "t.sexp");
	ck_assert_int_eq(rc, bad[_i].code);
	ck_assert_msg(strstr(kr_error_last()->message, bad[_i].msg), "%s",
		      kr_error_last()->message);
}
END_TEST

/* A constant of dtype d and shape (n) or (r, c) holding xs. */
static kr_variable *array_constant(kr_dtype d, int ndim, int64_t r, int64_t c,
				   const double *xs)
{
	int64_t shape[2] = {r, c};
	kr_variable *v;
	ck_assert_int_eq(kr_constant_make(&v, kr_type_tensor(d, ndim, shape),
					  kr_value_from_array(d, ndim, shape,
							      xs)),
			 0);
	return v;
}

/* str() of constants as PyTensor prints them: numpy's str(), line breaks
 * removed, first 10 ... last 10 characters beyond 20 (numpy 1.24.2). */
START_TEST(constants_print_as_numpy)
{
	static const double nums[2000] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
	double *big = kr_alloc(2000 * sizeof *big);
	for (int i = 0; i < 2000; i++)
		big[i] = i;
	const double nan = NAN, inf = INFINITY;
	struct {
		kr_variable *c;
		const char *want;
	} cs[] = {
		{array_constant(KR_FLOAT64, 1, 2, 0, nums + 1), "[1. 2.]"},
		{array_constant(KR_FLOAT64, 1, 3, 0, (double[]){0.1, 0.25, 3}),
		 "[0.1  0.25 3.  ]"},
		{array_constant(KR_INT64, 1, 3, 0, (double[]){1, -2, 10}),
		 "[ 1 -2 10]"},
		{array_constant(KR_BOOL, 1, 2, 0, (double[]){1, 0}),
		 "[ True False]"},
		{array_constant(KR_FLOAT64, 2, 2, 2, nums + 1),
		 "[[1. 2.] [3. 4.]]"},
		{array_constant(KR_FLOAT64, 1, 10, 0, nums),
		 "[0. 1. 2. ... 7. 8. 9.]"},
		{array_constant(KR_FLOAT64, 1, 2, 0, (double[]){1e-5, 1.5e10}),
		 "[1.0e-05 1.5e+10]"},
		{array_constant(KR_FLOAT64, 1, 2, 0, (double[]){1e-5, 1e10}),
		 "[1.e-05 1.e+10]"},
		{array_constant(KR_FLOAT64, 1, 2, 0,
				(double[]){1.0 / 3, 2.0 / 3}),
		 "[0.3333333 ... .66666667]"},
		{array_constant(KR_FLOAT64, 1, 3, 0, (double[]){nan, 1.5, -inf}),
		 "[ nan  1.5 -inf]"},
		{array_constant(KR_FLOAT32, 1, 2, 0, (double[]){0.1, 0.2}),
		 "[0.1 0.2]"},
		{array_constant(KR_FLOAT64, 1, 2, 0, (double[]){-0.5, 100.25}),
		 "[ -0.5  100.25]"},
		{array_constant(KR_FLOAT64, 1, 2000, 0, big),
		 "[0.000e+00 ... 1.999e+03]"},
		{array_constant(KR_FLOAT32, 0, 0, 0, (double[]){0.1}), "0.1"},
	};
	for (size_t k = 0; k < sizeof cs / sizeof *cs; k++)
		ck_assert_str_eq(kr_variable_to_string(cs[k].c), cs[k].want);
	/* pprint prints the whole value (ConstantPrinter); leaves named
	 * alpha ... epsilon as TeX letters (LeafPrinter) */
	kr_variable *sum, *a = kr_variable_new(kr_type_vector(), "alpha");
	ck_assert_int_eq(KR_OP_CALL(&sum, kr_op_add(), a, cs[8].c), 0);
	ck_assert_str_eq(kr_pprint(sum), "(\\alpha + [0.33333333 0.66666667])");
}
END_TEST

/* PyTensor's test_debugprint: id styles, stop_on_name, depth, types. */
START_TEST(dprint_options)
{
	const kr_type *t = kr_type_vector();
	kr_variable *A = kr_variable_new(t, "A"), *B = kr_variable_new(t, "B"),
		    *D = kr_variable_new(t, "D"), *E = kr_variable_new(t, "E");
	kr_variable *C, *F, *G;
	ck_assert_int_eq(KR_OP_CALL(&C, kr_op_add(), A, B), 0);
	kr_variable_set_name(C, "C");
	ck_assert_int_eq(KR_OP_CALL(&F, kr_op_add(), D, E), 0);
	ck_assert_int_eq(KR_OP_CALL(&G, kr_op_add(), C, F), 0);
	kr_dprint_opts o = KR_DPRINT_OPTS_INIT;
	o.ids = KR_DPRINT_ID_INT;
	ck_assert_str_eq(kr_dprint_ex(1, &G, &o),
			 "Add [id 0]\n ├─ Add [id 1] 'C'\n │  ├─ A [id 2]\n"
			 " │  └─ B [id 3]\n └─ Add [id 4]\n    ├─ D [id 5]\n"
			 "    └─ E [id 6]\n");
	o.ids = KR_DPRINT_ID_CHAR;
	o.stop_on_name = true;
	ck_assert_str_eq(kr_dprint_ex(1, &G, &o),
			 "Add [id A]\n ├─ Add [id B] 'C'\n │  └─ ···\n"
			 " └─ Add [id C]\n    ├─ D [id D]\n    └─ E [id E]\n");
	o = (kr_dprint_opts)KR_DPRINT_OPTS_INIT;
	o.ids = KR_DPRINT_ID_NONE;
	ck_assert_str_eq(kr_dprint_ex(1, &G, &o),
			 "Add\n ├─ Add 'C'\n │  ├─ A\n │  └─ B\n └─ Add\n"
			 "    ├─ D\n    └─ E\n");
	o = (kr_dprint_opts)KR_DPRINT_OPTS_INIT;
	o.depth = 2;
	o.print_type = true;
	ck_assert_str_eq(kr_dprint_ex(1, &G, &o),
			 "Add [id A] <Vector(float64, shape=(?,))>\n"
			 " ├─ Add [id B] <Vector(float64, shape=(?,))> 'C'\n"
			 " └─ Add [id C] <Vector(float64, shape=(?,))>\n");
}
END_TEST

/* The text of a stream written by fn, read back whole. */
static char *stream_text(FILE *f)
{
	long n = ftell(f);
	ck_assert_int_ge(n, 0);
	char *s = kr_strfmt("%*s", (int)n, "");
	rewind(f);
	ck_assert_uint_eq(fread(s, 1, (size_t)n, f), (size_t)n);
	return s;
}

/*
 * pytensor.dprint(x, file=f): the streamed text is the string's, across
 * the pieces it is written in (a chain of 600 gives ~540 KB), and a
 * stream that fails to take it is an error.
 */
START_TEST(dprint_to_a_stream)
{
	kr_variable *x = kr_variable_new(kr_type_vector(), "x"), *v = x;
	for (int i = 0; i < 600; i++)
		ck_assert_int_eq(KR_OP_CALL(&v, kr_op_neg(), v), 0);
	kr_fgraph *fg;
	ck_assert_int_eq(kr_fgraph_new(&fg, 1, &x, 1, &v, false), 0);
	FILE *f = tmpfile();
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(kr_fgraph_dprint_file(f, fg, NULL), 0);
	char *whole = kr_fgraph_dprint(fg);
	ck_assert_uint_gt(strlen(whole), 500000);
	ck_assert(strcmp(stream_text(f), whole) == 0);
	fclose(f);
	kr_dprint_opts o = KR_DPRINT_OPTS_INIT;
	o.ids = KR_DPRINT_ID_INT;
	f = tmpfile();
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(kr_dprint_file(f, 1, &v, &o), 0);
	ck_assert(strcmp(stream_text(f), kr_dprint_ex(1, &v, &o)) == 0);
	fclose(f);
	f = fopen("/dev/full", "w");
	if (f) {
		ck_assert_int_eq(kr_fgraph_dprint_file(f, fg, NULL), KR_ERROR);
		ck_assert_str_eq(kr_error_last()->message,
				 "dprint: cannot write the output");
		fclose(f);
	}
}
END_TEST

START_TEST(printers_of_the_documents)
{
	/* section 3: after MergeOptimizer the add node is shared */
	kr_fgraph *fg = load("(scalar x y z)\n"
			     "(true_div (mul (identity x) x) (identity x))");
	(void)fg;
	kr_variable *x = kr_variable_new(kr_type_scalar(KR_FLOAT64), "x");
	kr_variable *y = kr_variable_new(kr_type_scalar(KR_FLOAT64), "y");
	kr_variable *z = kr_variable_new(kr_type_scalar(KR_FLOAT64), "z");
	kr_variable *a, *m, *d;
	ck_assert_int_eq(KR_OP_CALL(&a, kr_op_add(), y, z), 0);
	ck_assert_int_eq(KR_OP_CALL(&m, kr_op_mul(), a, x), 0);
	ck_assert_int_eq(KR_OP_CALL(&d, kr_op_true_div(), m, a), 0);
	kr_variable *ins[3] = {x, y, z};
	ck_assert_int_eq(kr_fgraph_new(&fg, 3, ins, 1, &d, false), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg),
			 "FunctionGraph(true_div(mul(*1 -> add(y, z), x), *1))");
	ck_assert_str_eq(kr_fgraph_dprint(fg),
			 "true_div [id A] 2\n"
			 " ├─ mul [id B] 1\n"
			 " │  ├─ add [id C] 0\n"
			 " │  │  ├─ y [id D]\n"
			 " │  │  └─ z [id E]\n"
			 " │  └─ x [id F]\n"
			 " └─ add [id C] 0\n"
			 "    └─ ···\n");
	ck_assert_int_eq(kr_fgraph_replace(fg, d, x, "simplify"), 0);
	ck_assert_str_eq(kr_fgraph_repr(fg), "FunctionGraph(x)");
	ck_assert_str_eq(kr_fgraph_dprint(fg), "x [id A]\n");
	/* section 6: dprint of a variable, y used twice */
	kr_variable *yy;
	ck_assert_int_eq(KR_OP_CALL(&yy, kr_op_add(), y, y), 0);
	ck_assert_str_eq(kr_dprint(1, &yy),
			 "add [id A]\n ├─ y [id B]\n └─ y [id B]\n");
	/* a node without inputs met again is elided too, as PyTensor does */
	kr_variable *zero, *zz;
	ck_assert_int_eq(kr_op_call(&zero, kr_op_opaque("Zero"), 0, NULL), 0);
	ck_assert_int_eq(KR_OP_CALL(&zz, kr_op_add(), zero, zero), 0);
	ck_assert_str_eq(kr_dprint(1, &zz), "Add [id A]\n ├─ Zero [id B]\n"
					    " └─ Zero [id B]\n    └─ ···\n");
	char *dot = kr_fgraph_dot(load("(vector x) (neg (add x 1.0))"));
	ck_assert_ptr_nonnull(strstr(dot, "digraph FunctionGraph {"));
	ck_assert_ptr_nonnull(strstr(dot, "[label=\"Add\", shape=box]"));
	ck_assert_ptr_nonnull(strstr(dot, "-> out0;"));
}
END_TEST

/* ------------------------------------------------- program reader, pprint */

START_TEST(program_reads_the_full_format)
{
	const char *text =
		"; a comment\n"
		"(input x (tensor float64 ?))\n"
		"(constant $1 (tensor float64) 2.0)\n"
		"(output 0 a (tensor float64 ?) #1=(pow x $1))\n"
		"  (output 1 b (tensor float64 ?) (exp #1#))\n"
		"(vector v)\n"
		"(neg v)\n";
	kr_program *p;
	ck_assert_int_eq(kr_program_read(&p, text, "f.sexp"), 0);
	ck_assert_ptr_nonnull(kr_program_fgraph(p));
	ck_assert_uint_eq(kr_program_count(p), 3);
	ck_assert_str_eq(kr_pprint(kr_program_graph(p, 0)), "(x ** 2.0)");
	/* a named constant prints as its value (ConstantPrinter) */
	kr_variable *two = kr_constant_new(2.0, NULL), *named;
	kr_variable_set_name(two, "c");
	ck_assert_int_eq(KR_OP_CALL(&named, kr_op_add(), kr_program_graph(p, 0),
				    two),
			 0);
	ck_assert_str_eq(kr_pprint(named), "((x ** 2.0) + 2.0)");
	ck_assert_str_eq(kr_variable_to_string(two), "c{2.0}");
	/* the repr prints str(var): the name stays */
	ck_assert_str_eq(kr_graph_repr(1, &named),
			 "Add(Pow(x, 2.0), c{2.0})");
	ck_assert_str_eq(kr_pprint(kr_program_graph(p, 1)), "Exp((x ** 2.0))");
	ck_assert_str_eq(kr_pprint(kr_program_graph(p, 2)), "(-v)");
	int line, col;
	kr_program_position(p, 1, &line, &col);
	ck_assert_int_eq(line, 5);
	ck_assert_int_eq(col, 3);
	kr_program_position(p, 2, &line, &col);
	ck_assert_int_eq(line, 7);
	ck_assert_ptr_eq(kr_program_lookup(p, "x"),
			 kr_fgraph_input(kr_program_fgraph(p), 0));
	ck_assert_ptr_nonnull(kr_program_lookup(p, "v"));
	/* errors keep the FILE:LINE:COL: form */
	ck_assert_int_eq(kr_program_read(&p, "(input x (tensor float64 ?))\n"
					 "(output 0 y (tensor float64 ?) "
					 "(add x z))\n",
					 "g.sexp"),
			 KR_ENOTFOUND);
	ck_assert_str_eq(kr_error_last()->message,
			 "g.sexp:2:39: undeclared name z");
	/* the shorthand alone has no graph of its own */
	ck_assert_int_eq(kr_program_read(&p, "(scalar s) (pow s s)", "h"), 0);
	ck_assert_ptr_null(kr_program_fgraph(p));
	ck_assert_str_eq(kr_pprint(kr_program_graph(p, 0)), "(s ** s)");
}
END_TEST

/*
 * The writer's names read back as the same graph: inputs and constants
 * never share one (an input named like a constant, an unnamed input next
 * to one named like its default), and a constant new in a graph read
 * from a file is $n1, as FORMAT.md names constants a rewrite made.
 */
/* Lines ending in CR alone or CR LF; an integer -0 written as 0. */
START_TEST(line_ends_and_negative_zero)
{
	const char *cr = "; c\r(input x (tensor float64))\r"
			 "(constant $1 (tensor int8) -0)\r"
			 "(output 0 o (tensor float64) (second $1 x))\r";
	const char *want = "; c\n(input x (tensor float64))\n"
			   "(constant $1 (tensor int8) 0)\n"
			   "(output 0 o (tensor float64) (second $1 x))\n";
	kr_fgraph *fg;
	char *comment;
	ck_assert_int_eq(kr_gformat_read(&fg, &comment, cr, "t"), 0);
	ck_assert_str_eq(kr_gformat_write(fg, comment), want);
	const char *crlf = "; c\r\n(input x (tensor float64))\r\n"
			   "(constant $1 (tensor int8) 0)\r\n"
			   "(output 0 o (tensor float64) (second $1 x))\r\n";
	ck_assert_int_eq(kr_gformat_read(&fg, &comment, crlf, "t"), 0);
	ck_assert_str_eq(kr_gformat_write(fg, comment), want);
}
END_TEST

START_TEST(writer_names_are_distinct)
{
	const kr_type *t = kr_type_tensor(KR_FLOAT64, 0, NULL);
	kr_variable *a = kr_variable_new(t, NULL);
	kr_variable *b = kr_variable_new(t, "_0");
	kr_variable *s, *ins[2] = {a, b};
	KR_OP_CALL(&s, kr_op_add(), a, b);
	kr_fgraph *fg = t_fgraph(2, ins, 1, &s, false);
	const char *text = kr_gformat_write(fg, "c");
	ck_assert_str_eq(text, "; c\n(input _0_2 (tensor float64))\n"
			       "(input _0 (tensor float64))\n"
			       "(output 0 out_0 (tensor float64) "
			       "(add _0_2 _0))\n");
	kr_fgraph *back;
	ck_assert_int_eq(kr_gformat_read(&back, NULL, text, "t"), 0);
	const char *raw = "; r\n(input $1 (tensor float64))\n"
			  "(constant $2 (tensor float64) 1.0)\n"
			  "(output 0 o (tensor float64) (add $1 (exp $2)))\n";
	ck_assert_int_eq(kr_gformat_read(&fg, NULL, raw, "r"), 0);
	kr_graph_rewriter *fold = kr_walking_graph_rewriter_new(
		kr_constant_folding_new(), KR_OUT_TO_IN, false);
	ck_assert_int_eq(kr_graph_rewriter_rewrite(fold, fg, NULL), 0);
	text = kr_gformat_write(fg, "r");
	ck_assert_str_eq(text, "; r\n(input $1 (tensor float64))\n"
			       "(constant $n1 (tensor float64) "
			       "2.718281828459045)\n"
			       "(output 0 o (tensor float64) (add $1 $n1))\n");
	ck_assert_int_eq(kr_gformat_read(&back, NULL, text, "t"), 0);
	/* the empty graph is its comment line, which reads back */
	kr_fgraph *none = t_fgraph(0, NULL, 0, NULL, false);
	ck_assert_int_eq(kr_gformat_read(&back, NULL,
					 kr_gformat_write(none, NULL), "t"),
			 0);
	ck_assert_uint_eq(kr_fgraph_noutputs(back), 0);
}
END_TEST

Suite *gformat_suite(void)
{
	Suite *s = suite_create("gformat");
	TCase *tc = tcase_create("read_write");
	tcase_add_test(tc, full_format_round_trip);
	tcase_add_test(tc, multi_output_round_trip);
	tcase_add_test(tc, shorthand_and_tokens);
	tcase_add_test(tc, opaque_printers);
	tcase_add_loop_test(tc, read_errors, 0, sizeof bad / sizeof *bad);
	suite_add_tcase(s, tc);
	tc = tcase_create("printers");
	tcase_add_test(tc, printers_of_the_documents);
	tcase_add_test(tc, constants_print_as_numpy);
	tcase_add_test(tc, dprint_options);
	tcase_add_test(tc, dprint_to_a_stream);
	tcase_add_test(tc, program_reads_the_full_format);
	tcase_add_test(tc, writer_names_are_distinct);
	tcase_add_test(tc, line_ends_and_negative_zero);
	suite_add_tcase(s, tc);
	return s;
}
