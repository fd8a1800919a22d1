/* print.c -- printing terms as S-expressions. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <ctype.h>
#include <math.h>

#include "term/term.h"
#include "kanrewrite/print.h"

/*
 * The shortest digits of finite d that read back exactly, as "%.*e"
 * gives them (d.ddde+XX): *prec is the number of digits after the dot,
 * and the decimal exponent is returned.
 */
static int shortest(char *tmp, size_t size, double d, int *prec)
{
	for (*prec = 0; *prec < 17; ++*prec) {
		snprintf(tmp, size, "%.*e", *prec, d);
		if (strtod(tmp, NULL) == d)
			break;
	}
	return atoi(strchr(tmp, 'e') + 1);
}

/*
 * Whether the decimal mantissa m (digits, no dot) times 10^(exp - len(m)
 * + 1) reads back as d.
 */
static bool reads_back(const char *m, int exp, double d)
{
	char tmp[64];
	snprintf(tmp, sizeof tmp, "%c.%se%d", m[0], m + 1, exp);
	return strtod(tmp, NULL) == d;
}

/*
 * The digits Chez Scheme writes for finite d > 0, in m (no dot), and
 * their decimal exponent. Chez prints by Burger and Dybvig's free-format
 * algorithm: the digits of d are generated until the truncation or the
 * truncation plus one in the last place reads back as d; when both do,
 * the nearer one is taken, and the larger on a tie, where "%.*e" (and so
 * shortest) rounds to even. So 1493547273053849.25 prints as
 * 1.4935472730538493e15 where Python's repr ends in 492. The exact
 * digits of a double are at most 767.
 */
static int chez_digits(char m[24], double d)
{
	char exact[800], hi[24];
	snprintf(exact, sizeof exact, "%.780e", d);
	char *e = strchr(exact, 'e');
	int exp = atoi(e + 1);
	*e = 0;
	memmove(exact + 1, exact + 2, strlen(exact + 2) + 1); /* the dot */
	for (int n = 1;; n++) {
		memcpy(m, exact, (size_t)n);
		m[n] = 0;
		strcpy(hi, m);
		int hexp = exp, i = n - 1;
		while (i >= 0 && hi[i] == '9')
			hi[i--] = '0';
		if (i >= 0) {
			hi[i]++;
		} else { /* 99..9 + 1 = 100..0 */
			hi[0] = '1';
			hexp++;
		}
		bool lo_ok = reads_back(m, exp, d);
		bool hi_ok = reads_back(hi, hexp, d);
		if (!lo_ok && !hi_ok && n < 17)
			continue;
		if (lo_ok == hi_ok) {
			/* the rest of the digits against one half */
			const char *r = exact + n;
			int c = *r - '5';
			for (r++; *r && c == 0; r++)
				c = *r != '0';
			lo_ok = c < 0;
		}
		if (!lo_ok) {
			strcpy(m, hi);
			exp = hexp;
		}
		/* trailing zeros say nothing */
		for (size_t k = strlen(m); k > 1 && m[k - 1] == '0'; k--)
			m[k - 1] = 0;
		return exp;
	}
}

/*
 * d as Chez Scheme's write prints a real: fixed when 10^-3 <= |d| <
 * 10^10, else d.ddde-X, always with a dot or an exponent; a subnormal
 * ends in |p, its bits of precision (5e-324|1).
 */
static void print_real_scheme(kri_buf *b, double d)
{
	if (signbit(d))
		kri_buf_putc(b, '-');
	d = fabs(d);
	if (d == 0) {
		kri_buf_puts(b, "0.0");
		return;
	}
	char m[24];
	int exp = chez_digits(m, d);
	int len = (int)strlen(m);
	if (d >= 1e-3 && d < 1e10) {
		if (exp < 0) {
			kri_buf_puts(b, "0.");
			for (int i = -1; i > exp; i--)
				kri_buf_putc(b, '0');
			kri_buf_puts(b, m);
			return;
		}
		for (int i = 0; i <= exp; i++)
			kri_buf_putc(b, i < len ? m[i] : '0');
		kri_buf_printf(b, ".%s", exp + 1 < len ? m + exp + 1 : "0");
		return;
	}
	kri_buf_printf(b, "%c%s%se%d", m[0], len > 1 ? "." : "", m + 1, exp);
	if (fpclassify(d) == FP_SUBNORMAL) { /* d = f 2^e, 1/2 <= f < 1 */
		int e;
		frexp(d, &e);
		kri_buf_printf(b, "|%d", e + 1074); /* 2^-1074 has 1 bit */
	}
}

/*
 * A double in the style `flags` asks for: Python's repr (fixed notation
 * when the decimal exponent is in [-4, 16), else d.ddde+XX, with the
 * shortest digits that round-trip, the nearest of them) or Chez Scheme's
 * write (print_real_scheme); always with a dot or an exponent.
 * Infinities and NaN are spelled as in Scheme.
 */
static void print_real(kri_buf *b, double d, unsigned flags)
{
	if (isnan(d)) {
		kri_buf_puts(b, "+nan.0");
		return;
	}
	if (isinf(d)) {
		kri_buf_puts(b, d > 0 ? "+inf.0" : "-inf.0");
		return;
	}
	if (flags & KR_PRINT_SCHEME) {
		print_real_scheme(b, d);
		return;
	}
	char tmp[64];
	int prec;
	int exp = shortest(tmp, sizeof tmp, d, &prec);
	if (exp >= -4 && exp < 16) {
		int frac = prec - exp > 0 ? prec - exp : 0;
		snprintf(tmp, sizeof tmp, "%.*f", frac, d);
	}
	kri_buf_puts(b, tmp);
	if (!strpbrk(tmp, ".e"))
		kri_buf_puts(b, ".0");
}

/*
 * A string as Chez Scheme's `write` prints it: the R6RS escapes, \xH;
 * for the other control characters and for the two line endings past
 * ASCII (U+0085 and U+2028, which a reader could take for a line break),
 * every other character as it is.
 */
static void print_string(kri_buf *b, const char *s)
{
	kri_buf_putc(b, '"');
	for (; *s; s++) {
		switch (*s) {
		case '"': kri_buf_puts(b, "\\\""); break;
		case '\\': kri_buf_puts(b, "\\\\"); break;
		case '\n': kri_buf_puts(b, "\\n"); break;
		case '\t': kri_buf_puts(b, "\\t"); break;
		case '\a': kri_buf_puts(b, "\\a"); break;
		case '\b': kri_buf_puts(b, "\\b"); break;
		case '\v': kri_buf_puts(b, "\\v"); break;
		case '\f': kri_buf_puts(b, "\\f"); break;
		case '\r': kri_buf_puts(b, "\\r"); break;
		default:
			if ((unsigned char)*s < 0x20 || *s == 0x7f) {
				kri_buf_printf(b, "\\x%X;", (unsigned)*s);
			} else if (!strncmp(s, "\xc2\x85", 2)) {
				kri_buf_puts(b, "\\x85;");
				s++;
			} else if (!strncmp(s, "\xe2\x80\xa8", 3)) {
				kri_buf_puts(b, "\\x2028;");
				s += 2;
			} else {
				kri_buf_putc(b, *s);
			}
		}
	}
	kri_buf_putc(b, '"');
}

static void print_foreign(kri_buf *b, const kr_term *t)
{
	const kr_foreign_type *ty = t->u.fo.type;
	if (ty->to_string)
		kri_buf_puts(b, ty->to_string(t->u.fo.ptr));
	else
		kri_buf_printf(b, "#<%s %p>", ty->name, t->u.fo.ptr);
}

/* R6RS <initial> and <subsequent> characters (bytes past ASCII: UTF-8). */
static bool sym_initial(unsigned char c)
{
	return isalpha(c) || c >= 0x80 || (c && strchr("!$%&*/:<=>?^_~", c));
}

static bool sym_subsequent(unsigned char c)
{
	return sym_initial(c) || isdigit(c) || (c && strchr("+-.@", c));
}

/*
 * A symbol as Chez Scheme's `write` prints it: a character that may not
 * stand there unescaped in an R6RS identifier becomes \xHH; (`a b` is
 * a\x20;b, `1` is \x31;), the peculiar identifiers + - ... and ->x
 * stay, the empty symbol is ||. #t and #f are the REPL's booleans.
 */
static void print_symbol(kri_buf *b, const kr_term *t)
{
	const char *s = t->u.sym.name;
	if (!*s) {
		kri_buf_puts(b, "||");
		return;
	}
	if (kr_is_boolean(t) || !strcmp(s, "+") || !strcmp(s, "-") ||
	    !strcmp(s, "...")) {
		kri_buf_puts(b, s);
		return;
	}
	bool arrow = s[0] == '-' && s[1] == '>';
	for (const char *p = s; *p; p++) {
		unsigned char c = (unsigned char)*p;
		bool plain = p == s ? sym_initial(c) || arrow
				    : sym_subsequent(c);
		if (plain)
			kri_buf_putc(b, (char)c);
		else
			kri_buf_printf(b, "\\x%X;", (unsigned)c);
	}
}

static void print_atom(kri_buf *b, const kr_term *t, unsigned flags)
{
	switch (t->kind) {
	case KR_VAR:
		if (kri_var_name(t))
			kri_buf_printf(b, "~%s", kri_var_name(t));
		else
			kri_buf_printf(b, "~_%llu",
				       (unsigned long long)t->u.var.id);
		break;
	case KR_SYM:
		if ((flags & (KR_PRINT_SCHEME | KR_PRINT_DISPLAY)) ==
		    KR_PRINT_SCHEME)
			print_symbol(b, t);
		else
			kri_buf_puts(b, t->u.sym.name);
		break;
	case KR_INT: kri_buf_printf(b, "%lld", (long long)t->u.i); break;
	case KR_REAL: print_real(b, t->u.r, flags); break;
	case KR_STR:
		if (flags & KR_PRINT_DISPLAY)
			kri_buf_puts(b, t->u.str.s);
		else
			print_string(b, t->u.str.s);
		break;
	case KR_NIL: kri_buf_puts(b, "()"); break;
	case KR_FOREIGN: print_foreign(b, t); break;
	default: break;
	}
}

/*
 * The stack of what is left to print holds terms and small odd codes for
 * the punctuation (never a term's address), so nesting of any depth
 * prints in constant C stack: a list pushes its close paren, its
 * elements and their separators, last first.
 */
enum { CLOSE = 1, SPACE = 3, DOT = 5, ELLIPSIS = 7 };
#define TEXT(code) ((void *)(uintptr_t)(code))

/*
 * The reader prefix of (quote x) and its kin, or NULL (KR_PRINT_QUOTE);
 * Chez Scheme also abbreviates the syntax forms, which faster-miniKanren
 * answers holding those symbols then show.
 */
static const char *quote_prefix(const kr_term *t)
{
	static const char *const forms[][2] = {
		{"quote", "'"},	    {"quasiquote", "`"},
		{"unquote", ","},    {"unquote-splicing", ",@"},
		{"syntax", "#'"},    {"quasisyntax", "#`"},
		{"unsyntax", "#,"}, {"unsyntax-splicing", "#,@"}};
	const kr_term *h = t->u.cons.car, *d = t->u.cons.cdr;
	if (h->kind != KR_SYM || d->kind != KR_CONS ||
	    d->u.cons.cdr->kind != KR_NIL)
		return NULL;
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
		if (!strcmp(kr_sym_name(h), forms[i][0]))
			return forms[i][1];
	return NULL;
}

/* Whether t is (unquote x). */
static bool is_unquote(const kr_term *t)
{
	const char *prefix = quote_prefix(t);
	return prefix && !strcmp(prefix, ",");
}

/* Printing options: flags, and Chez's print-level/print-length (< 0: none). */
typedef struct popts {
	unsigned flags;
	long level, length;
	long open; /* lists opened and not yet closed */
} popts;

static void push_list(kri_vec *todo, kri_buf *b, const kr_term *t,
		      popts *o)
{
	const char *prefix;
	if ((o->flags & KR_PRINT_QUOTE) && t->kind == KR_CONS &&
	    (prefix = quote_prefix(t))) {
		kri_buf_puts(b, prefix);
		kri_vec_push(todo, t->u.cons.cdr->u.cons.car);
		return;
	}
	if (o->level >= 0 && o->open >= o->level) {
		kri_buf_puts(b, "(...)");
		return;
	}
	/* the elements to show, and one more when the list is longer */
	size_t max = o->length >= 0 ? (size_t)o->length + 1 : SIZE_MAX;
	kri_vec items = {0};
	const kr_term *tail = NULL;
	bool pretty = (o->flags & KR_PRINT_PRETTY) &&
		      (o->flags & KR_PRINT_QUOTE);
	for (; t->kind == KR_CONS && items.len < max; t = t->u.cons.cdr) {
		if (pretty && items.len > 0 && is_unquote(t))
			break; /* the tail, as `. ,x` */
		kri_vec_push(&items, t->u.cons.car);
	}
	if (t->kind == KR_ETUPLE)
		for (size_t i = 0; i < t->u.et.n && items.len < max; i++)
			kri_vec_push(&items, t->u.et.items[i]);
	else if (t->kind != KR_NIL && items.len < max)
		tail = t;
	bool cut = items.len == max;
	if (cut)
		items.len--;
	kri_buf_putc(b, '(');
	o->open++;
	kri_vec_push(todo, TEXT(CLOSE));
	if (cut) {
		kri_vec_push(todo, TEXT(ELLIPSIS));
		if (items.len > 0)
			kri_vec_push(todo, TEXT(SPACE));
	} else if (tail) {
		kri_vec_push(todo, (void *)tail);
		kri_vec_push(todo, TEXT(DOT));
	}
	for (size_t i = items.len; i-- > 0;) {
		kri_vec_push(todo, items.items[i]);
		if (i > 0)
			kri_vec_push(todo, TEXT(SPACE));
	}
}

static void print_term(kri_buf *b, const kr_term *t, popts *o)
{
	static const char *const text[] = {
		[CLOSE] = ")", [SPACE] = " ", [DOT] = " . ", [ELLIPSIS] = "..."};
	kri_vec todo = {0};
	kri_vec_push(&todo, (void *)t);
	while (todo.len > 0) {
		uintptr_t x = (uintptr_t)kri_vec_pop(&todo);
		if (x == CLOSE || x == SPACE || x == DOT || x == ELLIPSIS) {
			kri_buf_puts(b, text[x]);
			o->open -= x == CLOSE;
			continue;
		}
		t = (const kr_term *)x;
		if (t->kind == KR_CONS || t->kind == KR_ETUPLE)
			push_list(&todo, b, t, o);
		else
			print_atom(b, t, o->flags);
	}
}

char *kr_term_to_string_limited(const kr_term *t, unsigned flags,
				long level, long length)
{
	kr_check(t != NULL);
	kri_buf b = {0};
	popts o = {flags, level, length, 0};
	print_term(&b, t, &o);
	return kri_buf_str(&b);
}

char *kr_term_to_string_ex(const kr_term *t, unsigned flags)
{
	return kr_term_to_string_limited(t, flags, -1, -1);
}

char *kr_term_to_string(const kr_term *t)
{
	return kr_term_to_string_ex(t, 0);
}

int kr_term_fprint(FILE *f, const kr_term *t)
{
	kr_check(f != NULL);
	const char *s = kr_term_to_string(t);
	if (fputs(s, f) == EOF)
		return kr_error_set(KR_ERROR, "cannot write a term");
	return 0;
}
