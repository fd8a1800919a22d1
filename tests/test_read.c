/* test_read.c -- the S-expression reader and the program reader. */
/* See the LICENSE file for copying conditions. */
#include "suites.h"

typedef struct ecase {
	const char *text, *message;
} ecase;

static const ecase errors[] = {
	{"(a b", "t:1:1: unclosed list"},
	{"(a\n  (b c]", "t:2:7: ']' closes a list opened with '('"},
	{")", "t:1:1: unexpected ')'"},
	{"(a . )", "t:1:6: a dot must stand between data"},
	{"( . a)", "t:1:3: unexpected dot"},
	{"(a . b c)", "t:1:8: more than one datum after a dot"},
	{"\"abc", "t:1:1: unterminated string"},
	{"#| never closed", "t:1:1: unterminated #| comment"},
	{"#q12", "t:1:1: unknown syntax #q12"},
	{"#x12g", "t:1:1: bad number #x12g"},
	{"#x0x12", "t:1:1: bad number #x0x12"},
	{"#b102", "t:1:1: bad number #b102"},
	{"#x8000000000000000", "t:1:1: integer out of range"},
	{"\"a\\x41\"", "t:1:4: bad \\x escape in a string (\\xHH; with a "
			"non-zero Unicode scalar value)"},
	{"\"\\xd800;\"", "t:1:3: bad \\x escape in a string (\\xHH; with a "
			  "non-zero Unicode scalar value)"},
	{"\"a\\qb\"", "t:1:3: unknown escape \\q in a string"},
	{"\"a\\0b\"", "t:1:3: unknown escape \\0 in a string"},
	{"\"a\\  x\"", "t:1:1: a backslash and blanks in a string must end "
		       "the line"},
	{"#\\a", "t:1:1: characters (#\\x) are not supported: #\\a"},
	{"(#(1 (2) \")\") 3)", "t:1:2: vectors (#(...)) are not supported"},
	{"#'x", "t:1:1: syntax objects (#', #`, #,) are not supported"},
	{"'(a #,@(f))", "t:1:5: syntax objects (#', #`, #,) are not supported"},
	{"|#t|", "t:1:1: the symbol #t would be the boolean #t"},
	{"|a b", "t:1:1: unterminated |symbol|"},
	{"a\\x0;", "t:1:3: bad \\x escape in a symbol (\\xHH; with a "
		    "non-zero Unicode scalar value)"},
	{"'", "t:1:1: missing datum"},
	{"99999999999999999999", "t:1:1: integer out of range"},
	{"(1 -3/0)", "t:1:4: cannot represent -3/0"},
	{"", "t:1:1: no datum"},
	{"a b", "t:1:3: more than one datum"},
};

START_TEST(read_errors)
{
	const ecase *c = &errors[_i];
	kr_term *t;
	ck_assert_int_eq(kr_read_term(&t, c->text, "t"), KR_ESYNTAX);
	ck_assert_str_eq(kr_error_last()->message, c->message);
}
END_TEST

/* R6RS's escapes, a line continuation among them (with CR LF too). */
START_TEST(read_string_escapes)
{
	ck_assert_str_eq(t_str(t_read("\"\\x41;\\t\\\\\\\"\\a\"")),
			 "\"A\\t\\\\\\\"\\a\"");
	ck_assert_str_eq(t_str(t_read("\"a\\  \n   b\"")), "\"ab\"");
	ck_assert_str_eq(t_str(t_read("\"a\\\r\n b\"")), "\"ab\"");
	ck_assert_str_eq(t_str(t_read("\"a\\\nb\"")), "\"ab\"");
}
END_TEST

START_TEST(read_forms_and_positions)
{
	const char *text = "; comment\n(a #| block #| nested |# |# b)\n"
			   "  #;(skipped form) (c\n   d) 7";
	kr_reader *r = kr_reader_new(text, "f.scm");
	kr_term *t;
	int line, col;
	ck_assert_int_eq(kr_reader_next(&t, r), 0);
	ck_assert_str_eq(t_str(t), "(a b)");
	kr_reader_form_position(r, &line, &col);
	ck_assert_int_eq(line, 2);
	ck_assert_int_eq(col, 1);
	ck_assert(kr_reader_cell_position(r, kr_cdr(t), &line, &col));
	ck_assert_int_eq(col, 29);
	ck_assert_int_eq(kr_reader_next(&t, r), 0);
	ck_assert_str_eq(t_str(t), "(c d)");
	kr_reader_form_position(r, &line, &col);
	ck_assert_int_eq(line, 3);
	ck_assert_int_eq(col, 20);
	ck_assert(kr_reader_cell_position(r, kr_cdr(t), &line, &col));
	ck_assert_int_eq(line, 4);
	ck_assert_int_eq(col, 4);
	ck_assert_int_eq(kr_reader_next(&t, r), 0);
	ck_assert_int_eq(kr_int_value(t), 7);
	ck_assert_int_eq(kr_reader_next(&t, r), KR_EOF);
	/* ratios: a real, or an integer when the division is exact */
	ck_assert_str_eq(t_str(t_read("(1/2 -4/2 +3/4 a/b 1/2/3)")),
			 "(0.5 -2 0.75 a/b 1/2/3)");
	ck_assert_str_eq(kr_reader_name(r), "f.scm");
	ck_assert(!kr_reader_cell_position(r, t_read("(x)"), &line, &col));
}
END_TEST

/* Nesting 10^5 deep costs no C stack. */
START_TEST(read_deep)
{
	enum { N = 100000 };
	char *text = kr_alloc_atomic(2 * N + 2);
	memset(text, '(', N);
	memset(text + N, ')', N);
	text[2 * N] = 0;
	kr_term *t;
	ck_assert_int_eq(kr_read_term(&t, text, "deep"), 0);
	int depth = 0;
	while (kr_term_kind(t) == KR_CONS) {
		t = kr_car(t);
		depth++;
	}
	ck_assert_int_eq(depth, N - 1);
}
END_TEST

typedef struct pcase {
	const char *text, *message;
} pcase;

static const pcase program_errors[] = {
	{"(matrix A x)\n(dot A (add x q))", "p:2:15: undeclared name q"},
	{"(matrix A x)\n(dot A (frob x))", "p:2:8: unknown op frob"},
	{"(matrix A x)\n(matrix x)", "p:2:9: x is already declared"},
	{"(matrix A 1)", "p:1:11: a declaration names inputs with symbols, "
			 "not 1"},
	{"(matrix A x)\n(dot A (add x", "p:2:8: unclosed list"},
	{"(matrix A x)\n(\"s\" A)", "p:2:1: an operation starts with an op "
				    "name"},
};

START_TEST(program_read_errors)
{
	const pcase *c = &program_errors[_i];
	kr_program *p;
	ck_assert_int_lt(kr_program_read(&p, c->text, "p"), 0);
	ck_assert_str_eq(kr_error_last()->message, c->message);
}
END_TEST

START_TEST(program_read_graphs)
{
	kr_program *p;
	ck_assert_int_eq(kr_program_read(&p, "(matrix A x y) (vector v)\n"
					  "(dot A (add x y))\n(dot A v)\n2.5",
					  "p"), 0);
	ck_assert_uint_eq(kr_program_count(p), 3);
	ck_assert_str_eq(kr_pprint(kr_program_graph(p, 0)), "(A @ (x + y))");
	ck_assert_str_eq(kr_pprint(kr_program_graph(p, 1)), "(A @ v)");
	int line, col;
	kr_program_position(p, 1, &line, &col);
	ck_assert_int_eq(line, 3);
	ck_assert_int_eq(col, 1);
	ck_assert_ptr_nonnull(kr_program_lookup(p, "v"));
	ck_assert_ptr_null(kr_program_lookup(p, "nope"));
	/* a type error names the place of the failing expression */
	ck_assert_int_eq(kr_program_read(&p, "(matrix A) (vector v w)\n"
					     "(dot v (dot w w))", "p"),
			 KR_EINVALID);
	ck_assert(strncmp(kr_error_last()->message, "p:2:1: ", 7) == 0);
}
END_TEST

/*
 * Symbols with escapes, as Chez Scheme reads them, and its `write` of
 * symbols under KR_PRINT_SCHEME: each character that may not stand
 * there in an R6RS identifier as \xHH;.
 */
START_TEST(read_symbol_escapes)
{
	static const struct {
		const char *text, *name, *written;
	} cases[] = {
		{"|a b|", "a b", "a\\x20;b"},
		{"a|b c|d", "ab cd", "ab\\x20;cd"},
		{"a\\x20;b", "a b", "a\\x20;b"},
		{"|1|", "1", "\\x31;"},
		{"\\x31;+", "1+", "\\x31;+"},
		{"a\\|b", "a|b", "a\\x7C;b"},
		{"|a\\b|", "a\\b", "a\\x5C;b"},
		{"|x,y{z}|", "x,y{z}", "x\\x2C;y\\x7B;z\\x7D;"},
		{"|+a|", "+a", "\\x2B;a"},
		{"|.|", ".", "\\x2E;"},
		{"|#foo|", "#foo", "\\x23;foo"},
		{"->x", "->x", "->x"},
		{"...", "...", "..."},
		{"a@1.+-", "a@1.+-", "a@1.+-"},
		{"\xce\xbb", "\xce\xbb", "\xce\xbb"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		kr_term *t;
		ck_assert_int_eq(kr_read_term(&t, cases[i].text, "t"), 0);
		ck_assert_int_eq(kr_term_kind(t), KR_SYM);
		ck_assert_str_eq(kr_sym_name(t), cases[i].name);
		const char *w = kr_term_to_string_ex(t, KR_PRINT_SCHEME);
		ck_assert_str_eq(w, cases[i].written);
		kr_term *back;
		ck_assert_int_eq(kr_read_term(&back, w, "t"), 0);
		ck_assert(back == t);
		/* display and the default printer show the name itself */
		ck_assert_str_eq(kr_term_to_string_ex(t, KR_PRINT_SCHEME |
						      KR_PRINT_DISPLAY),
				 cases[i].name);
		ck_assert_str_eq(kr_term_to_string(t), cases[i].name);
	}
}
END_TEST

/* After an error the rest of the broken form is dropped, then reading goes on. */
START_TEST(read_recover)
{
	kr_reader *r = kr_reader_new(
		"(a #\\x (b \")\" ;)\n c)) d\n)\n(e . f . g) h \"open", "t");
	kr_term *t;
	ck_assert_int_eq(kr_reader_recover(r), 0); /* nothing failed */
	ck_assert_int_eq(kr_reader_next(&t, r), KR_ESYNTAX);
	ck_assert_int_eq(kr_reader_recover(r), 0);
	ck_assert_int_eq(kr_reader_next(&t, r), 0);
	ck_assert_str_eq(kr_term_to_string(t), "d");
	ck_assert_int_eq(kr_reader_next(&t, r), KR_ESYNTAX); /* stray ) */
	ck_assert_int_eq(kr_reader_recover(r), 0);
	ck_assert_int_eq(kr_reader_next(&t, r), KR_ESYNTAX); /* two dots */
	ck_assert_int_eq(kr_reader_recover(r), 0);
	ck_assert_int_eq(kr_reader_next(&t, r), 0);
	ck_assert_str_eq(kr_term_to_string(t), "h");
	ck_assert_int_eq(kr_reader_next(&t, r), KR_ESYNTAX); /* open string */
	ck_assert_int_eq(kr_reader_recover(r), 0);
	ck_assert_int_eq(kr_reader_next(&t, r), KR_EOF);
	/* a wrong closer closes its list; #; and a character are tokens */
	r = kr_reader_new("(a ]\n(b .)\n(c #z #;(d) e)\n(f #\\( g)\nh", "t");
	for (int i = 0; i < 4; i++) {
		ck_assert_int_eq(kr_reader_next(&t, r), KR_ESYNTAX);
		ck_assert_int_eq(kr_reader_recover(r), 0);
	}
	ck_assert_int_eq(kr_reader_next(&t, r), 0);
	ck_assert_str_eq(kr_term_to_string(t), "h");
	/* a symbol's bars and escapes, a vector's string: one token each */
	r = kr_reader_new("(#\\a '|x \"y| a\\) #(\")\"))\n#'(g)\nh", "t");
	ck_assert_int_eq(kr_reader_next(&t, r), KR_ESYNTAX);
	ck_assert_int_eq(kr_reader_recover(r), 0);
	ck_assert_int_eq(kr_reader_next(&t, r), KR_ESYNTAX); /* #' */
	ck_assert_int_eq(kr_reader_recover(r), 0);
	ck_assert_int_eq(kr_reader_next(&t, r), 0);
	ck_assert_str_eq(kr_term_to_string(t), "h");
	/* a prefix with no datum before a closer: the closer closes its list */
	r = kr_reader_new("(a (b ') c)\n([d #;] x)\n(e ,@)\nf", "t");
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(kr_reader_next(&t, r), KR_ESYNTAX);
		ck_assert_str_eq(kr_error_last()->message,
				 i == 0 ? "t:1:8: missing datum before ')'" :
				 i == 1 ? "t:2:7: missing datum before ']'" :
					  "t:3:6: missing datum before ')'");
		ck_assert_int_eq(kr_reader_recover(r), 0);
	}
	ck_assert_int_eq(kr_reader_next(&t, r), 0);
	ck_assert_str_eq(kr_term_to_string(t), "f");
	/* an error inside a form whose rest never closes: the end */
	r = kr_reader_new("(a #\\x (b", "t");
	ck_assert_int_eq(kr_reader_next(&t, r), KR_ESYNTAX);
	ck_assert_int_eq(kr_reader_recover(r), KR_EOF);
	ck_assert_int_eq(kr_reader_next(&t, r), KR_EOF);
}
END_TEST

Suite *read_suite(void)
{
	Suite *s = suite_create("read");
	TCase *tc = tcase_create("reader");
	tcase_add_loop_test(tc, read_errors, 0, sizeof errors / sizeof *errors);
	tcase_add_test(tc, read_forms_and_positions);
	tcase_add_test(tc, read_deep);
	tcase_add_test(tc, read_recover);
	tcase_add_test(tc, read_symbol_escapes);
	tcase_add_test(tc, read_string_escapes);
	suite_add_tcase(s, tc);
	tc = tcase_create("program");
	tcase_add_loop_test(tc, program_read_errors, 0,
			    sizeof program_errors / sizeof *program_errors);
	tcase_add_test(tc, program_read_graphs);
	suite_add_tcase(s, tc);
	return s;
}
