/* test_print.c -- printing terms. */
/* See the LICENSE file for copying conditions. */
#include <string.h>

#include "suites.h"

typedef struct pcase {
	const char *in, *out;
} pcase;

/* Read then print: the printed form is canonical. */
static const pcase roundtrip[] = {
	{"(a b c)", "(a b c)"},
	{"(a . (b . (c . ())))", "(a b c)"},
	{"(a b . c)", "(a b . c)"},
	{"()", "()"},
	{"(() (()))", "(() (()))"},
	{"1.0", "1.0"},
	{"0.1", "0.1"},
	{"-2.5e-7", "-2.5e-07"},
	{"100.0", "100.0"},
	{"1e21", "1e+21"},
	{"1e16", "1e+16"},
	{"123456.5", "123456.5"},
	{"0.0001", "0.0001"},
	{"0.00001", "1e-05"},
	{"0.9189385332046727", "0.9189385332046727"},
	{"-17", "-17"},
	{"\"a\\\"b\\\\c\\n\"", "\"a\\\"b\\\\c\\n\""},
	/* Chez escapes the line endings past ASCII, no other character */
	{"\"a\\x85;b\\x2028;c\\x2029;\\xA0;\"",
	 "\"a\\x85;b\\x2028;c\xe2\x80\xa9\xc2\xa0\""},
	{"#t", "#t"},
	{"#false", "#f"},
	{"'x", "(quote x)"},
	{"`(a ,b ,@c)", "(quasiquote (a (unquote b) (unquote-splicing c)))"},
	{"[a (b)]", "(a (b))"},
	{"(_.0 _.1)", "(_.0 _.1)"},
	{"(+ - ... a->b 1+)", "(+ - ... a->b 1+)"},
	/* R6RS escapes and literals, written back as Chez writes them */
	{"\"\\x41;\\x3bb;\\a\\r\\x1;\"", "\"A\u03bb\\a\\r\\x1;\""},
	{"(+inf.0 -inf.0 +nan.0)", "(+inf.0 -inf.0 +nan.0)"},
	{"(#x1F #X-ff #b101 #o17 #d9)", "(31 -255 5 15 9)"},
};

START_TEST(print_roundtrip)
{
	const pcase *c = &roundtrip[_i];
	const char *s = t_str(t_read(c->in));
	ck_assert_str_eq(s, c->out);
	ck_assert_str_eq(t_str(t_read(s)), c->out);
}
END_TEST

/* Nesting of any depth prints (it used to recurse per level). */
START_TEST(print_deep)
{
	kr_term *t = kr_nil();
	for (int i = 0; i < 200000; i++)
		t = KR_LIST(t, kr_sym("a"));
	char *s = kr_term_to_string(t);
	ck_assert_uint_eq(strlen(s), 2 + 4 * 200000); /* "(" ... " a)" */
	ck_assert(!strncmp(s, "(((", 3));
	ck_assert_str_eq(s + strlen(s) - 6, " a) a)");
	ck_assert_str_eq(t_str(t_read("(a (b . c) \"s\" () . 1.5)")),
			 "(a (b . c) \"s\" () . 1.5)");
}
END_TEST

START_TEST(print_special)
{
	ck_assert_str_eq(t_str(kr_real(1.0 / 0.0)), "+inf.0");
	ck_assert_str_eq(t_str(kr_real(-1.0 / 0.0)), "-inf.0");
	ck_assert_str_eq(t_str(kr_var_new("q")), "~q");
	kr_term *v = kr_var_new(NULL);
	char buf[40];
	snprintf(buf, sizeof buf, "~_%llu", (unsigned long long)kr_var_id(v));
	ck_assert_str_eq(t_str(v), buf);
	ck_assert_str_eq(t_str(KR_ETUPLE(kr_sym("f"), kr_int(1))), "(f 1)");
	ck_assert_str_eq(t_str(kr_cons(kr_int(1), KR_ETUPLE(kr_int(2)))),
			 "(1 2)");
	FILE *f = tmpfile();
	ck_assert_int_eq(kr_term_fprint(f, t_read("(a 1)")), 0);
	rewind(f);
	char line[16] = {0};
	ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
	ck_assert_str_eq(line, "(a 1)");
	fclose(f);
}
END_TEST

/* KR_PRINT_QUOTE: Chez's REPL abbreviations, only on two-element lists. */
START_TEST(print_quote_abbrev)
{
	static const pcase cases[] = {
		{"'x", "'x"},
		{"''x", "''x"},
		{"`(a ,b ,@c)", "`(a ,b ,@c)"},
		{"(quote)", "(quote)"},
		{"(quote a b)", "(quote a b)"},
		{"(quote . a)", "(quote . a)"},
		{"(a quote b)", "(a quote b)"},
		{"(a . 'b)", "(a quote b)"}, /* as Chez prints it */
		{"(list 'quote _.0)", "(list 'quote _.0)"},
		/* Chez's abbreviations of the syntax forms */
		{"((syntax a) (quasisyntax b) (unsyntax c) (unsyntax-splicing "
		 "d))",
		 "(#'a #`b #,c #,@d)"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		ck_assert_str_eq(kr_term_to_string_ex(t_read(cases[i].in),
						      KR_PRINT_QUOTE),
				 cases[i].out);
	ck_assert_str_eq(kr_term_to_string_ex(t_read("'x"), 0), "(quote x)");
	/* KR_PRINT_DISPLAY: strings bare at any depth */
	ck_assert_str_eq(kr_term_to_string_ex(t_read("(\"a b\" (\"c\\\"\") s)"),
					      KR_PRINT_DISPLAY),
			 "(a b (c\") s)");
	ck_assert_str_eq(kr_term_to_string_ex(t_read("\"x\""), 0), "\"x\"");
	/* an etuple is not abbreviated: it is an expression, not a datum */
	ck_assert_str_eq(kr_term_to_string_ex(KR_ETUPLE(kr_sym("quote"),
						       kr_sym("x")),
					      KR_PRINT_QUOTE),
			 "(quote x)");
}
END_TEST

/*
 * KR_PRINT_PRETTY: Chez's pretty-print (its REPL) ends a list whose tail
 * is (unquote x) in `. ,x`, and shortens no other form in a tail. The
 * expected strings are what Chez Scheme 9.5 printed at its prompt.
 */
START_TEST(print_pretty_unquote_tail)
{
	static const pcase cases[] = {
		{"(a unquote b)", "(a . ,b)"},
		{"(a b unquote c)", "(a b . ,c)"},
		{"(,x unquote y)", "(,x . ,y)"},
		{"(a unquote ,b)", "(a . ,,b)"},
		{"(x (a unquote b))", "(x (a . ,b))"},
		{"(unquote b)", ",b"},
		{"(unquote)", "(unquote)"},
		{"(a unquote)", "(a unquote)"},
		{"(a unquote b c)", "(a unquote b c)"},
		{"(a unquote b . c)", "(a unquote b . c)"},
		{"(a quote b)", "(a quote b)"},
		{"(a quasiquote b)", "(a quasiquote b)"},
		{"(a unquote-splicing b)", "(a unquote-splicing b)"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		ck_assert_str_eq(
			kr_term_to_string_ex(t_read(cases[i].in),
					     KR_PRINT_QUOTE | KR_PRINT_PRETTY),
			cases[i].out);
	/* display and write keep the tail */
	ck_assert_str_eq(kr_term_to_string_ex(t_read("(a unquote b)"),
					      KR_PRINT_QUOTE),
			 "(a unquote b)");
	ck_assert_str_eq(kr_term_to_string_ex(t_read("(a unquote b)"),
					      KR_PRINT_PRETTY),
			 "(a unquote b)");
}
END_TEST

/*
 * KR_PRINT_SCHEME: reals as Chez Scheme 9.5's write prints them (the
 * expected strings are Chez's; 59,988 random doubles printed alike).
 */
START_TEST(print_scheme_reals)
{
	static const pcase cases[] = {
		{"1e21", "1e21"},	  {"1e-7", "1e-7"},
		{"0.000123", "1.23e-4"},  {"0.001", "0.001"},
		{"9.99e-4", "9.99e-4"},   {"123456.789", "123456.789"},
		{"9999999999.0", "9999999999.0"},
		{"1e10", "1e10"},	  {"1.5e10", "1.5e10"},
		{"123456789012.0", "1.23456789012e11"},
		{"-2.5e-7", "-2.5e-7"},   {"-0.0", "-0.0"},
		{"100.0", "100.0"},	  {"0.0", "0.0"},
		{"12345678901234567890.0", "1.2345678901234567e19"},
		/* Burger and Dybvig: a tie between two last digits that both
		 * read back takes the larger (Python's repr: ...492e15) */
		{"-1493547273053849.2", "-1.4935472730538493e15"},
		{"1922325273544703.25", "1.9223252735447033e15"},
		/* subnormals end in |p, their bits of precision */
		{"5e-324", "5e-324|1"},
		{"1e-310", "1e-310|45"},
		{"2.225073858507201e-308", "2.225073858507201e-308|52"},
		{"2.2250738585072014e-308", "2.2250738585072014e-308"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		ck_assert_str_eq(kr_term_to_string_ex(t_read(cases[i].in),
						      KR_PRINT_SCHEME),
				 cases[i].out);
}
END_TEST

/* Chez Scheme's print-level and print-length (its outputs at 2 and 2). */
START_TEST(print_limited)
{
	static const pcase cases[] = {
		{"(f (g (h 1)))", "(f (g (...)))"},
		{"(f (g 1 2))", "(f (g 1 ...))"},
		{"(car (quote (1 2 3)))", "(car (quote (...)))"},
		{"(f \"abc\" 1)", "(f \"abc\" ...)"},
		{"(a . b)", "(a . b)"},
		{"(a b . c)", "(a b . c)"},
		{"(1 2 3 . 4)", "(1 2 ...)"},
		{"((1))", "((1))"},
		{"(((1)))", "(((...)))"},
		{"#t", "#t"},
		{"()", "()"},
		{"(f 'x 2)", "(f (quote x) ...)"},
		{"(f (a . b))", "(f (a . b))"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		ck_assert_str_eq(kr_term_to_string_limited(t_read(cases[i].in),
							   0, 2, 2),
				 cases[i].out);
	kr_term *t = t_read("(a (b (c d) e) f g)");
	ck_assert_str_eq(kr_term_to_string_limited(t, 0, -1, -1),
			 kr_term_to_string(t));
	ck_assert_str_eq(kr_term_to_string_limited(t, 0, 0, -1), "(...)");
	ck_assert_str_eq(kr_term_to_string_limited(t, 0, -1, 0), "(...)");
	ck_assert_str_eq(kr_term_to_string_limited(t, 0, 1, 3),
			 "(a (...) f ...)");
	ck_assert_str_eq(kr_term_to_string_limited(t, 0, 3, 1), "(a ...)");
	ck_assert_str_eq(kr_term_to_string_limited(t, KR_PRINT_QUOTE, 2, 2),
			 "(a (b (...) ...) ...)");
	/* etuples print as lists, limits included */
	kr_term *e = KR_ETUPLE(kr_sym("f"), kr_int(1), kr_int(2));
	ck_assert_str_eq(kr_term_to_string_limited(e, 0, 2, 2), "(f 1 ...)");
	ck_assert_str_eq(kr_term_to_string_limited(e, 0, 2, 3), "(f 1 2)");
}
END_TEST

/* ------------------------------------------- PyTensor's PatternPrinter */

static kr_variable *leaf(const char *name)
{
	return kr_variable_new(kr_type_scalar(KR_FLOAT64), name);
}

static kr_variable *apply(kr_op *op, size_t n, kr_variable *const *in)
{
	kr_variable *v = NULL;
	ck_assert_int_eq(kr_op_call(&v, op, n, in), 0);
	return v;
}

#define APPLY(op, ...)                                                        \
	apply((op), sizeof((kr_variable *[]){__VA_ARGS__}) / sizeof(void *), \
	      (kr_variable *[]){__VA_ARGS__})

static int two_infer(const kr_type **out, const kr_op *op, size_t nin,
		     const kr_type *const *in)
{
	(void)op, (void)nin;
	out[0] = out[1] = in[0];
	return 0;
}

/* An op of two inputs and two outputs. */
static const kr_op_desc two_desc = {.name = "Two",
				    .min_inputs = 2,
				    .max_inputs = 2,
				    .nout = 2,
				    .infer_outputs = two_infer};

/* The printers are global: each test leaves the ones it assigned off. */
static void reset_printers(void)
{
	kr_op *ops[] = {kr_op_opaque("op1"), kr_op_opaque("op2"),
			kr_op_new(&two_desc, NULL), kr_op_exp()};
	for (size_t k = 0; k < sizeof ops / sizeof *ops; k++)
		kr_pprint_assign(ops[k], NULL, 0, "either");
	kr_pprint_assign(kr_op_add(), "+", -2, "either");
}

/* PyTensor's tests/test_printing.py test_PatternPrinter. */
START_TEST(pprint_pattern_printer)
{
	kr_variable *r1 = leaf("1"), *r2 = leaf("2");
	kr_op *op1 = kr_op_opaque("op1");
	kr_variable *o1 = APPLY(op1, r1, r2);
	kr_variable_set_name(o1, "o1");
	ck_assert_str_eq(kr_pprint(o1), "op1(1, 2)");
	const char *pat[] = {"|%(0)s - %(1)s|"};
	ck_assert_int_eq(kr_pprint_assign_pattern(op1, 1, pat), 0);
	ck_assert_str_eq(kr_pprint(o1), "|1 - 2|");
}
END_TEST

START_TEST(pprint_pattern_forms)
{
	kr_variable *x = leaf("x"), *y = leaf("y"), *z = leaf("z");
	kr_op *op1 = kr_op_opaque("op1");
	const char *pat[] = {"|%(0)s - %(1)s|"};
	ck_assert_int_eq(kr_pprint_assign_pattern(op1, 1, pat), 0);
	/* patterns nest in other printers and in themselves */
	kr_variable *d = APPLY(op1, x, APPLY(op1, y, z));
	ck_assert_str_eq(kr_pprint(APPLY(kr_op_add(), d, x)),
			 "(|x - |y - z|| + x)");
	/* `%%`, repeated and unused inputs */
	kr_op *op2 = kr_op_opaque("op2");
	const char *pat2[] = {"%(1)s%%%(1)s"};
	ck_assert_int_eq(kr_pprint_assign_pattern(op2, 1, pat2), 0);
	ck_assert_str_eq(kr_pprint(APPLY(op2, x, APPLY(kr_op_neg(), y))),
			 "(-y)%(-y)");
	/* a node lacking an input its pattern names (KeyError in PyTensor)
	 * prints with the default printer */
	ck_assert_str_eq(kr_pprint(APPLY(op1, x)), "op1(x)");
	/* one pattern per output; an output without one prints by default */
	kr_op *two = kr_op_new(&two_desc, NULL);
	kr_apply *node;
	ck_assert_int_eq(kr_apply_make(&node, two, 2, (kr_variable *[]){x, y}),
			 0);
	const char *pats[] = {"%(0)s // %(1)s", "%(0)s mod %(1)s"};
	ck_assert_int_eq(kr_pprint_assign_pattern(two, 2, pats), 0);
	ck_assert_str_eq(kr_pprint(kr_apply_output(node, 0)), "x // y");
	ck_assert_str_eq(kr_pprint(kr_apply_output(node, 1)), "x mod y");
	ck_assert_int_eq(kr_pprint_assign_pattern(two, 1, pats), 0);
	ck_assert_str_eq(kr_pprint(kr_apply_output(node, 1)), "Two(x, y)");
	/* a pattern without conversions; removal */
	const char *lit[] = {"constant text"};
	ck_assert_int_eq(kr_pprint_assign_pattern(op1, 1, lit), 0);
	ck_assert_str_eq(kr_pprint(d), "constant text");
	kr_pprint_assign(op1, NULL, 0, "either");
	ck_assert_str_eq(kr_pprint(d), "op1(x, op1(y, z))");
	/* a pattern replaces an operator printer, and the reverse */
	const char *plus[] = {"plus(%(0)s, %(1)s)"};
	ck_assert_int_eq(kr_pprint_assign_pattern(kr_op_add(), 1, plus), 0);
	ck_assert_str_eq(kr_pprint(APPLY(kr_op_add(), x, y)), "plus(x, y)");
	kr_pprint_assign(kr_op_add(), "+", -2, "either");
	ck_assert_str_eq(kr_pprint(APPLY(kr_op_add(), x, y)), "(x + y)");
}
END_TEST

typedef struct bad_pattern {
	const char *pattern, *message;
} bad_pattern;

static const bad_pattern bad_patterns[] = {
	{"%s", "expected %(N)s or %%"},
	{"%(0)d", "only the conversion s"},
	{"%(0)5s", "only the conversion s"},
	{"%(x)s", "not an input number"},
	{"%(01)s", "not an input number"},
	{"%()s", "not an input number"},
	{"%(0", "unclosed ("},
	{"ab%", "expected %(N)s or %%"},
	{"%(1)s", "neg has at most 1 input, not 2"},
};

START_TEST(pprint_pattern_errors)
{
	const bad_pattern *b = &bad_patterns[_i];
	kr_variable *x = leaf("x");
	const char *pats[] = {"-%(0)s", b->pattern};
	ck_assert_int_eq(kr_pprint_assign_pattern(kr_op_neg(), 2, pats),
			 KR_EINVALID);
	ck_assert_msg(strstr(kr_error_last()->message, b->message),
		      "%s: %s", b->pattern, kr_error_last()->message);
	ck_assert_msg(strstr(kr_error_last()->message, b->pattern),
		      "%s: %s", b->pattern, kr_error_last()->message);
	/* nothing was assigned */
	ck_assert_str_eq(kr_pprint(APPLY(kr_op_neg(), x)), "(-x)");
}
END_TEST

/* PyTensor's FunctionPrinter(names). */
START_TEST(pprint_function_printer)
{
	kr_variable *x = leaf("x"), *y = leaf("y");
	kr_op *op1 = kr_op_opaque("op1");
	const char *f[] = {"f"};
	kr_pprint_assign_function(op1, 1, f);
	ck_assert_str_eq(kr_pprint(APPLY(op1, x, APPLY(kr_op_sub(), x, y))),
			 "f(x, (x - y))");
	ck_assert_str_eq(kr_pprint(apply(op1, 0, NULL)), "f()");
	kr_op *two = kr_op_new(&two_desc, NULL);
	kr_apply *node;
	ck_assert_int_eq(kr_apply_make(&node, two, 2, (kr_variable *[]){x, y}),
			 0);
	const char *names[] = {"quot", "rem"};
	kr_pprint_assign_function(two, 2, names);
	ck_assert_str_eq(kr_pprint(kr_apply_output(node, 1)), "rem(x, y)");
	kr_pprint_assign_function(two, 1, names);
	ck_assert_str_eq(kr_pprint(kr_apply_output(node, 0)), "quot(x, y)");
	ck_assert_str_eq(kr_pprint(kr_apply_output(node, 1)), "Two(x, y)");
	kr_pprint_assign(kr_op_exp(), NULL, 0, "either");
	kr_pprint_assign_function(kr_op_exp(), 1, (const char *[]){"e"});
	ck_assert_str_eq(kr_pprint(APPLY(kr_op_exp(), x)), "e(x)");
	/* a printer assigned to an op wins over its class's (DimShuffle) */
	kr_op *ds = kr_op_opaque("DimShuffle{input_ndim=1,new_order=[0,x]}");
	kr_variable *v = kr_variable_new(kr_type_vector(), "v");
	kr_variable *col = APPLY(ds, v);
	ck_assert_str_eq(kr_pprint(col), "DimShuffle{0, x}(v)");
	kr_pprint_assign_function(ds, 1, (const char *[]){"column"});
	ck_assert_str_eq(kr_pprint(col), "column(v)");
	kr_pprint_assign(ds, NULL, 0, "either");
	ck_assert_str_eq(kr_pprint(col), "DimShuffle{0, x}(v)");
}
END_TEST

Suite *print_suite(void)
{
	Suite *s = suite_create("print");
	TCase *tc = tcase_create("print");
	tcase_add_loop_test(tc, print_roundtrip, 0,
			    sizeof roundtrip / sizeof *roundtrip);
	tcase_add_test(tc, print_special);
	tcase_add_test(tc, print_deep);
	tcase_add_test(tc, print_quote_abbrev);
	tcase_add_test(tc, print_pretty_unquote_tail);
	tcase_add_test(tc, print_limited);
	tcase_add_test(tc, print_scheme_reals);
	suite_add_tcase(s, tc);
	tc = tcase_create("pprint_printers");
	tcase_add_checked_fixture(tc, NULL, reset_printers);
	tcase_add_test(tc, pprint_pattern_printer);
	tcase_add_test(tc, pprint_pattern_forms);
	tcase_add_loop_test(tc, pprint_pattern_errors, 0,
			    sizeof bad_patterns / sizeof *bad_patterns);
	tcase_add_test(tc, pprint_function_printer);
	suite_add_tcase(s, tc);
	return s;
}
