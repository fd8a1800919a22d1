/* read.c -- the S-expression reader. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>

#include "term/term.h"
#include "kanrewrite/read.h"

/*
 * The reader keeps open lists and pending prefixes (quote forms, datum
 * comments) on an explicit stack of frames, so the nesting depth of the
 * text never reaches the C stack. Positions are packed as line << 32 | col
 * and remembered per list cell in `cells`.
 */
enum frame_kind { F_LIST, F_WRAP, F_DISCARD };

typedef struct frame {
	enum frame_kind kind;
	char close;         /* ')' or ']' for lists */
	kr_term *wrap;      /* the symbol of a quote form */
	kri_vec items;      /* elements of a list */
	kri_vec pos;        /* their positions (packed, as pointers) */
	kr_term *tail;      /* the datum after a dot */
	int dot;            /* 0 none, 1 dot seen, 2 tail read */
	uint64_t start;     /* where the frame began */
	const char *refuse; /* why its datum cannot be read (#( and #') */
} frame;

struct kr_reader {
	const char *text, *p, *name;
	int line, col;
	uint64_t form_pos;
	kri_pmap cells;
	kri_vec stack;
	bool failed;
};

static uint64_t pack(int line, int col)
{
	return ((uint64_t)line << 32) | (uint32_t)col;
}

kr_reader *kr_reader_new(const char *text, const char *name)
{
	kr_check(text != NULL);
	kr_reader *r = kri_alloc(sizeof *r);
	r->text = r->p = text;
	r->name = kr_strdup(name ? name : "<input>");
	r->line = r->col = 1;
	return r;
}

const char *kr_reader_name(const kr_reader *r) { return r->name; }

void kr_reader_form_position(const kr_reader *r, int *line, int *col)
{
	*line = (int)(r->form_pos >> 32);
	*col = (int)(r->form_pos & 0xffffffffu);
}

bool kr_reader_cell_position(const kr_reader *r, const kr_term *cell,
			     int *line, int *col)
{
	void *v = kri_pmap_get(&r->cells, cell);
	if (!v)
		return false;
	uint64_t pos = (uint64_t)(uintptr_t)v;
	*line = (int)(pos >> 32);
	*col = (int)(pos & 0xffffffffu);
	return true;
}

static int fail_at(kr_reader *r, uint64_t pos, const char *msg)
{
	r->failed = true;
	return kr_error_set(KR_ESYNTAX, "%s:%d:%d: %s", r->name,
			    (int)(pos >> 32), (int)(pos & 0xffffffffu), msg);
}

static void advance(kr_reader *r)
{
	if (*r->p == '\n') {
		r->line++;
		r->col = 1;
	} else {
		r->col++;
	}
	r->p++;
}

/* Skip blanks and comments; an unterminated block comment is an error. */
static int skip_space(kr_reader *r)
{
	for (;;) {
		if (isspace((unsigned char)*r->p)) {
			advance(r);
		} else if (*r->p == ';') {
			while (*r->p && *r->p != '\n')
				advance(r);
		} else if (r->p[0] == '#' && r->p[1] == '|') {
			uint64_t at = pack(r->line, r->col);
			int depth = 0;
			do {
				if (!*r->p)
					return fail_at(r, at,
						       "unterminated #| comment");
				if (r->p[0] == '#' && r->p[1] == '|')
					depth++, advance(r);
				else if (r->p[0] == '|' && r->p[1] == '#')
					depth--, advance(r);
				advance(r);
			} while (depth > 0);
		} else {
			return 0;
		}
	}
}

static bool delimiter(char c)
{
	return !c || isspace((unsigned char)c) || strchr("()[]\";'`,", c);
}

/* R6RS string escapes: \a \b \t \n \v \f \r, besides \\ \" \xHH; and a line
 * continuation; any other is an error, as in Chez Scheme. */
static const char escapes[] = "abtnvfr";
static const char escaped[] = "\a\b\t\n\v\f\r";

/* Append code point c to b in UTF-8. */
static void put_utf8(kri_buf *b, unsigned long c)
{
	if (c < 0x80) {
		kri_buf_putc(b, (char)c);
	} else if (c < 0x800) {
		kri_buf_putc(b, (char)(0xc0 | (c >> 6)));
		kri_buf_putc(b, (char)(0x80 | (c & 0x3f)));
	} else if (c < 0x10000) {
		kri_buf_putc(b, (char)(0xe0 | (c >> 12)));
		kri_buf_putc(b, (char)(0x80 | ((c >> 6) & 0x3f)));
		kri_buf_putc(b, (char)(0x80 | (c & 0x3f)));
	} else {
		kri_buf_putc(b, (char)(0xf0 | (c >> 18)));
		kri_buf_putc(b, (char)(0x80 | ((c >> 12) & 0x3f)));
		kri_buf_putc(b, (char)(0x80 | ((c >> 6) & 0x3f)));
		kri_buf_putc(b, (char)(0x80 | (c & 0x3f)));
	}
}

/* At the x of `\xHH;`: the character, in UTF-8; r ends after the `;`. */
static int read_hex_escape(kr_reader *r, kri_buf *b, const char *what)
{
	uint64_t at = pack(r->line, r->col);
	advance(r);
	unsigned long c = 0;
	int digits = 0;
	while (isxdigit((unsigned char)*r->p) && digits < 8) {
		char d = *r->p;
		c = c * 16 + (unsigned long)(isdigit((unsigned char)d)
						? d - '0'
						: tolower((unsigned char)d) - 'a' + 10);
		digits++;
		advance(r);
	}
	if (!digits || *r->p != ';' || c > 0x10ffff || c == 0 ||
	    (c >= 0xd800 && c < 0xe000))
		return fail_at(r, at, kr_strfmt("bad \\x escape in a %s "
						"(\\xHH; with a non-zero "
						"Unicode scalar value)", what));
	advance(r);
	put_utf8(b, c);
	return 0;
}

/* After a backslash: blanks, a line end and blanks (R6RS <line ending>). */
static int skip_continuation(kr_reader *r, uint64_t at)
{
	while (*r->p == ' ' || *r->p == '\t')
		advance(r);
	if (*r->p == '\r')
		advance(r);
	if (*r->p != '\n')
		return fail_at(r, at, "a backslash and blanks in a string must "
				      "end the line");
	advance(r);
	while (*r->p == ' ' || *r->p == '\t')
		advance(r);
	return 0;
}

/*
 * After an error inside a string: r moves past the string's closing
 * quote, so that a session that goes on (kr_reader_recover) reads on
 * after the string, not from inside it. Returns rc.
 */
static int string_error(kr_reader *r, int rc)
{
	while (*r->p && *r->p != '"') {
		if (*r->p == '\\' && r->p[1])
			advance(r);
		advance(r);
	}
	if (*r->p)
		advance(r);
	return rc;
}

static int read_string(kr_reader *r, kr_term **out)
{
	uint64_t at = pack(r->line, r->col);
	kri_buf b = {0};
	advance(r);
	while (*r->p != '"') {
		char c = *r->p;
		if (!c)
			return fail_at(r, at, "unterminated string");
		if (c == '\\') {
			advance(r);
			c = *r->p;
			if (!c)
				return fail_at(r, at, "unterminated string");
			if (c == 'x') {
				int rc = read_hex_escape(r, &b, "string");
				if (rc < 0)
					return string_error(r, rc);
				continue;
			}
			if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
				/* R6RS's line continuation: blanks, one
				 * line end, blanks, all dropped */
				int rc = skip_continuation(r, at);
				if (rc < 0)
					return string_error(r, rc);
				continue;
			}
			const char *e = strchr(escapes, c);
			if (e)
				c = escaped[e - escapes];
			else if (c != '\\' && c != '"')
				return string_error(
					r, fail_at(r, pack(r->line, r->col - 1),
						   kr_strfmt("unknown escape "
							     "\\%c in a "
							     "string", c)));
		}
		kri_buf_putc(&b, c);
		advance(r);
	}
	advance(r);
	*out = kr_str(kri_buf_str(&b));
	return 0;
}

/* #x1F, #b101, #o17, #d9: an integer in that radix (with a sign). */
static int read_radix(kr_reader *r, uint64_t at, const char *tok,
		      kr_term **out)
{
	char k = (char)tolower((unsigned char)tok[1]);
	int base = k == 'x' ? 16 : k == 'b' ? 2 : k == 'o' ? 8 : 10;
	const char *digits = tok + 2;
	char *end;
	errno = 0;
	long long i = strtoll(digits, &end, base);
	if (*end || end == digits || !isxdigit((unsigned char)end[-1]) ||
	    strpbrk(digits, "xX"))
		return fail_at(r, at, kr_strfmt("bad number %s", tok));
	if (errno == ERANGE)
		return fail_at(r, at, "integer out of range");
	*out = kr_int(i);
	return 0;
}

/*
 * A symbol written with escapes, as Chez Scheme reads and writes them:
 * \xHH; stands for that character and \c for c, and between bars every
 * character but a bar stands for itself. So a\x20;b and |a b| are the
 * symbol "a b", and \x31; or |1| a symbol, not a number. The booleans
 * are symbols here, so |#t| and |#f| are refused: they would read back
 * as #t and #f.
 */
static int read_escaped_symbol(kr_reader *r, uint64_t at, kr_term **out)
{
	kri_buf b = {0};
	while (!delimiter(*r->p)) {
		if (*r->p == '\\' && r->p[1] == 'x') {
			advance(r);
			int rc = read_hex_escape(r, &b, "symbol");
			if (rc < 0)
				return rc;
			continue;
		}
		if (*r->p != '|') {
			if (*r->p == '\\' && r->p[1])
				advance(r);
			kri_buf_putc(&b, *r->p);
			advance(r);
			continue;
		}
		for (advance(r); *r->p != '|'; advance(r)) {
			if (!*r->p)
				return fail_at(r, at, "unterminated |symbol|");
			kri_buf_putc(&b, *r->p);
		}
		advance(r);
	}
	*out = kr_sym(kri_buf_str(&b));
	if (kr_is_boolean(*out))
		return fail_at(r, at, kr_strfmt("the symbol %s would be the "
						 "boolean %s",
						 kr_sym_name(*out),
						 kr_sym_name(*out)));
	return 0;
}

/* Skip an atom's characters, escapes and |bars| included. */
static void skip_atom(kr_reader *r)
{
	while (!delimiter(*r->p)) {
		if (*r->p == '\\' && r->p[1]) {
			advance(r);
		} else if (*r->p == '|') {
			advance(r);
			while (*r->p && *r->p != '|')
				advance(r);
			if (!*r->p)
				return;
		}
		advance(r);
	}
}

/* True when s[0..n) is one or more decimal digits. */
static bool all_digits(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

/*
 * [+-]n/d: where Chez Scheme reads a rational, a double (an integer when
 * d divides n: 4/2 is 2), as the REPL's arithmetic makes one; n/0 is an
 * error, as in Chez. Returns 1 when tok has another shape.
 */
static int read_ratio(kr_reader *r, uint64_t at, const char *tok,
		      kr_term **out)
{
	const char *num = tok + (*tok == '-' || *tok == '+');
	const char *slash = strchr(num, '/');
	if (!slash || !all_digits(num, (size_t)(slash - num)) ||
	    !all_digits(slash + 1, strlen(slash + 1)))
		return 1;
	errno = 0;
	long long n = strtoll(tok, NULL, 10), d = strtoll(slash + 1, NULL, 10);
	bool range = errno == ERANGE;
	if (strtod(slash + 1, NULL) == 0)
		return fail_at(r, at, kr_strfmt("cannot represent %s", tok));
	if (!range && n % d == 0)
		*out = kr_int(n / d);
	else
		*out = kr_real(strtod(tok, NULL) / strtod(slash + 1, NULL));
	return 0;
}

/* Integer, real, #t/#f or symbol. */
static int read_atom(kr_reader *r, kr_term **out)
{
	uint64_t at = pack(r->line, r->col);
	const char *s = r->p;
	if (s[0] == '#' && s[1] == '\\' && s[2]) {
		/* refused whole: #\( is one character, not a list */
		advance(r), advance(r), advance(r);
		while (!delimiter(*r->p))
			advance(r);
		return fail_at(r, at, kr_strfmt("characters (#\\x) are not "
						 "supported: %.*s",
						 (int)(r->p - s), s));
	}
	for (const char *q = s; !delimiter(*q); q++)
		if (*q == '|' || *q == '\\')
			return read_escaped_symbol(r, at, out);
	while (!delimiter(*r->p))
		advance(r);
	size_t n = (size_t)(r->p - s);
	char *tok = kri_alloc_atomic(n + 1);
	memcpy(tok, s, n);
	tok[n] = 0;
	char *end;
	errno = 0;
	long long i = strtoll(tok, &end, 10);
	if (!*end && end != tok && isdigit((unsigned char)tok[n - 1])) {
		if (errno == ERANGE)
			return fail_at(r, at, "integer out of range");
		*out = kr_int(i);
		return 0;
	}
	int rc = read_ratio(r, at, tok, out);
	if (rc <= 0)
		return rc;
	double d = strtod(tok, &end);
	if (!*end && strpbrk(tok, "0123456789") && !strpbrk(tok, "xXpP")) {
		*out = kr_real(d);
		return 0;
	}
	if (!strcmp(tok, "+inf.0") || !strcmp(tok, "-inf.0")) {
		*out = kr_real(tok[0] == '+' ? HUGE_VAL : -HUGE_VAL);
		return 0;
	}
	if (!strcmp(tok, "+nan.0") || !strcmp(tok, "-nan.0")) {
		*out = kr_real(NAN);
		return 0;
	}
	if (tok[0] == '#' && tok[1] && strchr("xXbBoOdD", tok[1]) && tok[2])
		return read_radix(r, at, tok, out);
	if (tok[0] == '#') {
		if (!strcmp(tok, "#t") || !strcmp(tok, "#true"))
			*out = kr_sym("#t");
		else if (!strcmp(tok, "#f") || !strcmp(tok, "#false"))
			*out = kr_sym("#f");
		else
			return fail_at(r, at, kr_strfmt("unknown syntax %s",
							 tok));
		return 0;
	}
	*out = kr_sym(tok);
	return 0;
}

static frame *push_frame(kr_reader *r, enum frame_kind k, uint64_t at)
{
	frame *f = kri_alloc(sizeof *f);
	f->kind = k;
	f->start = at;
	kri_vec_push(&r->stack, f);
	return f;
}

static frame *top(kr_reader *r)
{
	return r->stack.len ? r->stack.items[r->stack.len - 1] : NULL;
}

/* Build the list of a closed frame, remembering each cell's position. */
static kr_term *close_list(kr_reader *r, frame *f)
{
	kr_term *l = f->dot ? f->tail : kr_nil();
	for (size_t i = f->items.len; i-- > 0;) {
		l = kr_cons(f->items.items[i], l);
		kri_pmap_put(&r->cells, l, f->pos.items[i]);
	}
	return l;
}

/*
 * Hand a finished datum to the innermost open frame. Returns 1 when the
 * datum completes a top-level form (stored in *out), 0 otherwise.
 */
static int deliver(kr_reader *r, kr_term *d, uint64_t at, kr_term **out)
{
	for (;;) {
		frame *f = top(r);
		if (!f) {
			*out = d;
			return 1;
		}
		if (f->kind == F_LIST) {
			if (f->dot == 1) {
				f->tail = d;
				f->dot = 2;
			} else if (f->dot == 2) {
				return fail_at(r, at, "more than one datum "
						      "after a dot");
			} else {
				kri_vec_push(&f->items, d);
				kri_vec_push(&f->pos, (void *)(uintptr_t)at);
			}
			return 0;
		}
		kri_vec_pop(&r->stack);
		if (f->kind == F_DISCARD)
			return 0;
		if (f->refuse)
			return fail_at(r, f->start, f->refuse);
		d = KR_LIST(f->wrap, d);
		kri_pmap_put(&r->cells, d, (void *)(uintptr_t)f->start);
		at = f->start;
	}
}

static int close_frame(kr_reader *r, char c, uint64_t at, kr_term **out)
{
	frame *f = top(r);
	if (f && f->kind != F_LIST) {
		/* a quote or #; with no datum: the bracket still closes its
		 * list, so that recovery goes on after it */
		while ((f = top(r)) && f->kind != F_LIST)
			kri_vec_pop(&r->stack);
		if (f)
			kri_vec_pop(&r->stack);
		return fail_at(r, at, kr_strfmt("missing datum before '%c'",
						 c));
	}
	if (!f)
		return fail_at(r, at, kr_strfmt("unexpected '%c'", c));
	kri_vec_pop(&r->stack); /* closed, even when wrongly: see recover */
	if (f->close != c)
		return fail_at(r, at, kr_strfmt("'%c' closes a list opened "
						 "with '%c'", c,
						 f->close == ')' ? '(' : '['));
	if (f->dot == 1 || (f->dot && !f->items.len))
		return fail_at(r, at, "a dot must stand between data");
	if (f->refuse)
		return fail_at(r, f->start, f->refuse);
	return deliver(r, close_list(r, f), f->start, out);
}

static int prefix(kr_reader *r, uint64_t at)
{
	const char *name = NULL;
	if (*r->p == '\'')
		name = "quote";
	else if (*r->p == '`')
		name = "quasiquote";
	else if (r->p[0] == ',' && r->p[1] == '@')
		name = "unquote-splicing", advance(r);
	else
		name = "unquote";
	advance(r);
	push_frame(r, F_WRAP, at)->wrap = kr_sym(name);
	return 0;
}

/* One token: 1 = a form is complete, 0 = go on, < 0 = error. */
static int step(kr_reader *r, kr_term **out)
{
	uint64_t at = pack(r->line, r->col);
	char c = *r->p;
	kr_term *d = NULL;
	int rc;
	if (c == '(' || c == '[') {
		advance(r);
		push_frame(r, F_LIST, at)->close = c == '(' ? ')' : ']';
		return 0;
	}
	if (c == ')' || c == ']') {
		advance(r);
		return close_frame(r, c, at, out);
	}
	if (c == '\'' || c == '`' || c == ',')
		return prefix(r, at);
	/*
	 * A vector or a syntax object is read to its end and then refused,
	 * so that what it holds is never taken for forms of its own.
	 */
	if (c == '#' && r->p[1] == '(') {
		advance(r), advance(r);
		frame *f = push_frame(r, F_LIST, at);
		f->close = ')';
		f->refuse = "vectors (#(...)) are not supported";
		return 0;
	}
	if (c == '#' && r->p[1] && strchr("'`,", r->p[1])) {
		advance(r);
		prefix(r, at);
		((frame *)top(r))->refuse = "syntax objects (#', #`, #,) are "
					    "not supported";
		return 0;
	}
	if (c == '#' && r->p[1] == ';') {
		advance(r), advance(r);
		push_frame(r, F_DISCARD, at);
		return 0;
	}
	if (c == '.' && delimiter(r->p[1])) {
		frame *f = top(r);
		advance(r);
		if (!f || f->kind != F_LIST || f->dot || !f->items.len)
			return fail_at(r, at, "unexpected dot");
		f->dot = 1;
		return 0;
	}
	rc = c == '"' ? read_string(r, &d) : read_atom(r, &d);
	return rc < 0 ? rc : deliver(r, d, at, out);
}

int kr_reader_next(kr_term **out, kr_reader *r)
{
	kr_check(out != NULL && r != NULL);
	if (r->failed)
		return KR_EOF;
	kri_vec_clear(&r->stack);
	for (;;) {
		int rc = skip_space(r);
		if (rc < 0)
			return rc;
		if (!*r->p) {
			frame *f = top(r);
			if (!f)
				return KR_EOF;
			return fail_at(r, f->start,
				       f->kind == F_LIST ? "unclosed list"
							 : "missing datum");
		}
		if (!r->stack.len)
			r->form_pos = pack(r->line, r->col);
		rc = step(r, out);
		if (rc != 0)
			return rc < 0 ? rc : 0;
	}
}

/*
 * Skip one token of a form being dropped; the change in open lists. A
 * datum comment's `#;` and a character's `#\x` are tokens of their own,
 * so that neither the `;` nor the character is read as anything else.
 */
static int skip_token(kr_reader *r, int *delta)
{
	char c = *r->p;
	kr_term *d;
	*delta = c == '(' || c == '[' ? 1 : c == ')' || c == ']' ? -1 : 0;
	if (c == '"') { /* a bad escape is skipped with its string */
		int rc = read_string(r, &d);
		return rc < 0 && !*r->p ? rc : 0;
	}
	if (*delta || strchr("'`,", c)) {
		advance(r);
		return 0;
	}
	const char *from = r->p;
	if (c == '#' && (r->p[1] == ';' || (r->p[1] == '\\' && r->p[2]))) {
		bool ch = r->p[1] == '\\';
		advance(r), advance(r);
		if (ch)
			advance(r);
	}
	skip_atom(r);
	if (r->p == from) /* a delimiter no other case takes */
		advance(r);
	return 0;
}

int kr_reader_recover(kr_reader *r)
{
	kr_check(r != NULL);
	if (!r->failed)
		return 0;
	size_t open = 0;
	for (size_t i = 0; i < r->stack.len; i++)
		open += ((frame *)r->stack.items[i])->kind == F_LIST;
	kri_vec_clear(&r->stack);
	while (open > 0) {
		int delta;
		if (skip_space(r) < 0 || !*r->p || skip_token(r, &delta) < 0) {
			r->failed = true;
			return KR_EOF;
		}
		open = (size_t)((long)open + delta);
	}
	r->failed = false;
	return 0;
}

int kr_read_term(kr_term **out, const char *text, const char *name)
{
	kr_reader *r = kr_reader_new(text, name);
	int rc = kr_reader_next(out, r);
	if (rc == KR_EOF)
		return kr_error_set(KR_ESYNTAX, "%s:1:1: no datum",
				    r->name);
	if (rc < 0)
		return rc;
	kr_term *extra;
	rc = kr_reader_next(&extra, r);
	if (rc == 0) {
		int line, col;
		kr_reader_form_position(r, &line, &col);
		return kr_error_set(KR_ESYNTAX, "%s:%d:%d: more than one datum",
				    r->name, line, col);
	}
	return rc == KR_EOF ? 0 : rc;
}
