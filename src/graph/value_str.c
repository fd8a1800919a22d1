/* value_str.c -- numpy's str() of an array, as PyTensor prints constants. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <math.h>

#include "graph.h"

/*
 * numpy 1.24's default array printing (precision 8, floatmode "maxprec",
 * no suppression, threshold 1000 elements, 3 edge items): every element
 * of an array is formatted alike. Floats are positional, their integer
 * parts right-aligned and their fractions padded with spaces to the
 * longest (`[0.1  0.25 3.  ]`), unless a nonzero magnitude is >= 1e8 or
 * < 1e-4 or they span more than a factor 1000: then scientific, the
 * mantissas padded with zeros (`[1.0e-05 1.5e+10]`). Integers and bools
 * are right-aligned (`[ True False]`). Rows are not wrapped at 75
 * columns (PyTensor removes the line breaks anyway).
 */

enum { PRECISION = 8, EDGE = 3, THRESHOLD = 1000 };

/* The shortest digits of x as a number of its dtype: Python's repr. */
static char *shortest(double x, kr_dtype d)
{
	if (d == KR_FLOAT32 && isfinite(x)) {
		float f = (float)x;
		char buf[64];
		for (int p = 1; p <= 9; p++) {
			snprintf(buf, sizeof buf, "%.*e", p - 1, (double)f);
			if ((float)strtod(buf, NULL) == f)
				break;
		}
		x = strtod(buf, NULL);
	}
	return kri_format_double(x);
}

/* Positional digits of finite x: at most PRECISION decimals, no ".0". */
static char *positional(double x, kr_dtype d)
{
	char *s = shortest(x, d);
	char *dot = strchr(s, '.');
	if (dot && strlen(dot + 1) > PRECISION) {
		s = kr_strfmt("%.*f", PRECISION, x);
		dot = strchr(s, '.');
	}
	if (!dot)
		return kr_strfmt("%s.", s);
	size_t n = strlen(s);
	while (n > (size_t)(dot - s) + 1 && s[n - 1] == '0')
		s[--n] = '\0';
	return s;
}

/* Scientific digits of finite x: `d.ddde+XX`, shortest up to PRECISION. */
static char *scientific(double x, kr_dtype d)
{
	double y = strtod(shortest(x, d), NULL);
	char buf[64];
	int p = 1;
	for (; p <= PRECISION + 1; p++) {
		snprintf(buf, sizeof buf, "%.*e", p - 1, y);
		if (strtod(buf, NULL) == y)
			break;
	}
	if (p > PRECISION + 1) { /* cut at PRECISION decimals, zeros dropped */
		snprintf(buf, sizeof buf, "%.*e", PRECISION, y);
		char *e = strchr(buf, 'e'), *z = e;
		while (z[-1] == '0')
			z--;
		memmove(z, e, strlen(e) + 1);
		p = (int)(strchr(buf, 'e') - strchr(buf, '.'));
	} else {
		snprintf(buf, sizeof buf, "%.*e", p - 1, y);
	}
	char *e = strchr(buf, 'e');
	return e[-1] == '.' || p > 1 ? kr_strdup(buf)
				     : kr_strfmt("%.*s.%s", (int)(e - buf), buf, e);
}

typedef struct shown {
	const kr_value *v;
	bool summary;   /* more than THRESHOLD elements: edges only */
	char **text;    /* per shown element, before padding */
	size_t n;
} shown;

/* Is index i of an axis of length len shown? */
static bool is_shown(const shown *sh, int64_t i, int64_t len)
{
	return !sh->summary || len <= 2 * EDGE || i < EDGE || i >= len - EDGE;
}

/* Flat indices of the shown elements, in order, into out (count n). */
static void collect(const shown *sh, int dim, size_t base, size_t *out,
		    size_t *n)
{
	const kr_value *v = sh->v;
	if (dim == v->ndim) {
		out[(*n)++] = base;
		return;
	}
	size_t stride = 1;
	for (int k = dim + 1; k < v->ndim; k++)
		stride *= (size_t)v->shape[k];
	for (int64_t i = 0; i < v->shape[dim]; i++)
		if (is_shown(sh, i, v->shape[dim]))
			collect(sh, dim + 1, base + (size_t)i * stride, out, n);
}

/* Do the finite values call for scientific notation? */
static bool use_scientific(const kr_value *v, const size_t *idx, size_t n)
{
	double lo = INFINITY, hi = 0;
	for (size_t k = 0; k < n; k++) {
		double a = fabs(v->data[idx[k]]);
		if (isfinite(a) && a != 0) {
			lo = a < lo ? a : lo;
			hi = a > hi ? a : hi;
		}
	}
	return hi > 0 && (hi >= 1e8 || lo < 1e-4 || hi / lo > 1e3);
}

/*
 * Pad the float texts to a common layout. Positional: integer parts
 * right-aligned, fractions padded with spaces. Scientific: every mantissa
 * gets as many decimals as the longest, the further digits being those of
 * the exact value (numpy's min_digits: float32 0.93415111 beside a
 * two-decimal mantissa prints 9.3415111e-01), exponents zero-padded.
 * nan and inf are right-aligned to the width.
 */
static void pad_floats(char **text, const double *xs, size_t n, bool sci)
{
	size_t left = 0, right = 0, expw = 0;
	for (size_t k = 0; k < n; k++) {
		char *dot = strchr(text[k], '.');
		if (!dot)
			continue;
		size_t r = sci ? strcspn(dot + 1, "e") : strlen(dot + 1);
		right = r > right ? r : right;
		if (sci && strlen(strchr(dot, 'e') + 2) > expw)
			expw = strlen(strchr(dot, 'e') + 2);
	}
	for (size_t k = 0; sci && k < n; k++)
		if (strchr(text[k], '.')) {
			char *t = kr_strfmt("%.*e", (int)right, xs[k]);
			char *e = strchr(t, 'e');
			int ex = atoi(e + 1);
			text[k] = kr_strfmt("%.*s%se%c%0*d", (int)(e - t), t,
					    right ? "" : ".", ex < 0 ? '-' : '+',
					    (int)expw, abs(ex));
		}
	for (size_t k = 0; k < n; k++) {
		char *dot = strchr(text[k], '.');
		if (dot && (size_t)(dot - text[k]) > left)
			left = (size_t)(dot - text[k]);
	}
	size_t rest = 1 + right + (sci ? 2 + expw : 0); /* after the int part */
	for (size_t k = 0; k < n; k++)
		if (!strchr(text[k], '.') && strlen(text[k]) > left + rest)
			left = strlen(text[k]) - rest;
	for (size_t k = 0; k < n; k++) {
		char *t = text[k], *dot = strchr(t, '.');
		if (!dot || sci)
			text[k] = kr_strfmt("%*s", (int)(left + rest), t);
		else
			text[k] = kr_strfmt("%*.*s.%-*s", (int)left,
					    (int)(dot - t), t, (int)right,
					    dot + 1);
	}
}

/* The text of every shown element, padded to a common width. */
static void format_elements(shown *sh, const size_t *idx)
{
	const kr_value *v = sh->v;
	bool fl = kr_dtype_is_float(v->dtype);
	bool sci = fl && use_scientific(v, idx, sh->n);
	size_t width = 0;
	double *xs = kri_alloc_atomic((sh->n ? sh->n : 1) * sizeof *xs);
	for (size_t k = 0; k < sh->n; k++) {
		double x = v->data[idx[k]];
		xs[k] = v->dtype == KR_FLOAT32 ? (double)(float)x : x;
		char *s;
		if (v->dtype == KR_BOOL) /* numpy keeps True as wide as False */
			s = kr_strdup(x != 0 ? " True" : "False");
		else if (!fl)
			s = kr_strfmt("%.0f", x);
		else if (!isfinite(x))
			s = kri_format_double(x);
		else
			s = sci ? scientific(x, v->dtype) : positional(x, v->dtype);
		sh->text[k] = s;
		width = strlen(s) > width ? strlen(s) : width;
	}
	if (fl) {
		pad_floats(sh->text, xs, sh->n, sci);
		return;
	}
	for (size_t k = 0; k < sh->n; k++)
		sh->text[k] = kr_strfmt("%*s", (int)width, sh->text[k]);
}

/* Write axis dim of the shown elements (next: the next text to use). */
static void put_axis(kri_buf *b, const shown *sh, int dim, size_t *next)
{
	const kr_value *v = sh->v;
	kri_buf_putc(b, '[');
	int64_t len = v->shape[dim];
	bool first = true;
	for (int64_t i = 0; i < len; i++) {
		if (!is_shown(sh, i, len))
			continue;
		if (!first) {
			if (dim + 1 == v->ndim)
				kri_buf_putc(b, ' ');
			for (int k = dim + 1; k < v->ndim; k++)
				kri_buf_putc(b, '\n');
			if (dim + 1 < v->ndim)
				kri_buf_printf(b, "%*s", dim + 1, "");
		}
		first = false;
		if (dim + 1 == v->ndim)
			kri_buf_puts(b, sh->text[(*next)++]);
		else
			put_axis(b, sh, dim + 1, next);
		if (sh->summary && len > 2 * EDGE && i == EDGE - 1) {
			kri_buf_puts(b, dim + 1 == v->ndim ? " ..." : "\n...");
			i = len - EDGE - 1;
		}
	}
	kri_buf_putc(b, ']');
}

char *kri_value_numpy_str(const kr_value *v)
{
	if (v->ndim == 0) {
		double x = v->size ? v->data[0] : 0;
		if (v->dtype == KR_BOOL)
			return kr_strdup(x != 0 ? "True" : "False");
		if (!kr_dtype_is_float(v->dtype))
			return kr_strfmt("%.0f", x);
		return shortest(x, v->dtype);
	}
	shown sh = {v, v->size > THRESHOLD, NULL, 0};
	size_t *idx = kri_alloc_atomic((v->size ? v->size : 1) * sizeof *idx);
	collect(&sh, 0, 0, idx, &sh.n);
	sh.text = kri_alloc((sh.n ? sh.n : 1) * sizeof *sh.text);
	format_elements(&sh, idx);
	kri_buf b = {0};
	size_t next = 0;
	put_axis(&b, &sh, 0, &next);
	return kri_buf_str(&b);
}

char *kri_constant_pystr(const kr_value *v)
{
	kri_buf b = {0};
	for (const char *s = kri_value_numpy_str(v); *s; s++)
		if (*s != '\n')
			kri_buf_putc(&b, *s);
	char *s = kri_buf_str(&b);
	size_t n = strlen(s);
	if (n <= 20)
		return s;
	char *head = kr_strfmt("%.10s", s), *tail = s + n - 10;
	size_t h = strlen(head);
	while (h > 0 && head[h - 1] == ' ')
		head[--h] = '\0';
	while (*tail == ' ')
		tail++;
	return kr_strfmt("%s ... %s", head, tail);
}
