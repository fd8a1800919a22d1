/* value.c -- values (numpy-like arrays) and the values of constants. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <errno.h>
#include <math.h>

#include "graph.h"
#include "kanrewrite/value.h"

/* ------------------------------------------------------------- values */

/* Whether a shape's elements are countable: their bytes fit a size_t. */
static bool shape_countable(int ndim, const int64_t *shape)
{
	for (int i = 0; i < ndim; i++)
		if (shape[i] == 0)
			return true;
	size_t n = 1;
	for (int i = 0; i < ndim; i++) {
		size_t d = (size_t)shape[i];
		if (n > SIZE_MAX / sizeof(double) / d)
			return false;
		n *= d;
	}
	return true;
}

static size_t shape_size(int ndim, const int64_t *shape)
{
	size_t n = 1;
	for (int i = 0; i < ndim; i++)
		n *= (size_t)shape[i];
	return n;
}

kr_value *kr_value_new(kr_dtype d, int ndim, const int64_t *shape)
{
	kr_check((unsigned)d < KR_NDTYPES);
	kr_check(ndim >= 0 && ndim <= KR_TYPE_MAX_NDIM);
	kr_check(ndim == 0 || shape != NULL);
	for (int i = 0; i < ndim; i++)
		kr_check(shape[i] >= 0);
	kr_check(shape_countable(ndim, shape));
	kr_value *v = kri_alloc(sizeof *v);
	v->dtype = d;
	v->ndim = ndim;
	int64_t *dims = kri_alloc_atomic((size_t)(ndim ? ndim : 1) * sizeof *dims);
	for (int i = 0; i < ndim; i++)
		dims[i] = shape[i];
	v->shape = dims;
	v->size = shape_size(ndim, dims);
	v->data = kri_alloc_atomic((v->size ? v->size : 1) * sizeof *v->data);
	memset(v->data, 0, (v->size ? v->size : 1) * sizeof *v->data);
	return v;
}

double kr_value_convert(kr_dtype d, double x)
{
	switch (d) {
	case KR_FLOAT64:
		return x;
	case KR_FLOAT32:
		return (double)(float)x;
	case KR_BOOL:
		return x != 0;
	default:
		break;
	}
	if (isnan(x) || isinf(x))
		return 0; /* numpy gives an undefined integer; choose 0 */
	x = trunc(x);
	static const double span[KR_NDTYPES] = {
		[KR_INT8] = 256.0, [KR_UINT8] = 256.0, [KR_INT16] = 65536.0,
		[KR_UINT16] = 65536.0, [KR_INT32] = 4294967296.0,
		[KR_UINT32] = 4294967296.0, [KR_INT64] = 18446744073709551616.0,
		[KR_UINT64] = 18446744073709551616.0};
	double s = span[d];
	x = fmod(x, s); /* exact: now in (-s, s) */
	if (d == KR_INT8 || d == KR_INT16 || d == KR_INT32 || d == KR_INT64)
		return x >= s / 2 ? x - s : x < -s / 2 ? x + s : x;
	if (x < 0)
		x += s;
	return x < s ? x : nextafter(s, 0); /* -1 as uint64 rounds up to s */
}

kr_value *kr_value_scalar(kr_dtype d, double x)
{
	kr_value *v = kr_value_new(d, 0, NULL);
	v->data[0] = kr_value_convert(d, x);
	return v;
}

kr_value *kr_value_from_array(kr_dtype d, int ndim, const int64_t *shape,
			      const double *data)
{
	kr_value *v = kr_value_new(d, ndim, shape);
	kr_check(v->size == 0 || data != NULL);
	for (size_t k = 0; k < v->size; k++)
		v->data[k] = kr_value_convert(d, data[k]);
	return v;
}

kr_dtype kr_value_dtype(const kr_value *v)
{
	kr_check(v != NULL);
	return v->dtype;
}

int kr_value_ndim(const kr_value *v)
{
	kr_check(v != NULL);
	return v->ndim;
}

int64_t kr_value_dim(const kr_value *v, int i)
{
	kr_check(v != NULL && i >= 0 && i < v->ndim);
	return v->shape[i];
}

size_t kr_value_size(const kr_value *v)
{
	kr_check(v != NULL);
	return v->size;
}

double *kr_value_data(kr_value *v)
{
	kr_check(v != NULL);
	return v->data;
}

double kr_value_get(const kr_value *v, size_t k)
{
	kr_check(v != NULL && k < v->size);
	return v->data[k];
}

static bool same_shape(const kr_value *a, const kr_value *b)
{
	if (a->ndim != b->ndim)
		return false;
	for (int i = 0; i < a->ndim; i++)
		if (a->shape[i] != b->shape[i])
			return false;
	return true;
}

bool kr_value_equal(const kr_value *a, const kr_value *b)
{
	kr_check(a != NULL && b != NULL);
	if (a == b)
		return true;
	if (a->dtype != b->dtype || !same_shape(a, b))
		return false;
	for (size_t k = 0; k < a->size; k++) {
		double x = a->data[k], y = b->data[k];
		if (x != y && !(isnan(x) && isnan(y)))
			return false;
	}
	return true;
}

uint64_t kr_value_hash(const kr_value *v)
{
	kr_check(v != NULL);
	uint64_t h = kri_hash_mix((uint64_t)v->dtype, (uint64_t)v->ndim);
	for (int i = 0; i < v->ndim; i++)
		h = kri_hash_mix(h, (uint64_t)v->shape[i]);
	for (size_t k = 0; k < v->size; k++) {
		double x = v->data[k];
		if (isnan(x))
			x = NAN;
		if (x == 0)
			x = 0; /* -0.0 == 0.0 */
		h = kri_hash_mix(h, kri_hash_bytes(&x, sizeof x));
	}
	return h;
}

/* ------------------------------------------------------- broadcasting */

bool kri_broadcast_shape(int *nd, int64_t *shape, size_t n,
			 const kr_value *const *vs, int64_t conflict[2])
{
	*nd = 0;
	for (size_t i = 0; i < n; i++)
		if (vs[i]->ndim > *nd)
			*nd = vs[i]->ndim;
	for (int d = 0; d < *nd; d++)
		shape[d] = 1;
	for (size_t i = 0; i < n; i++) {
		int off = *nd - vs[i]->ndim;
		for (int d = 0; d < vs[i]->ndim; d++) {
			int64_t s = vs[i]->shape[d], *o = &shape[off + d];
			if (s != 1 && *o != 1 && s != *o) {
				conflict[0] = s;
				conflict[1] = *o;
				return false;
			}
			if (s != 1)
				*o = s;
		}
	}
	return true;
}

void kri_broadcast_strides(int64_t *st, const kr_value *v, int nd)
{
	int off = nd - v->ndim;
	int64_t s = 1;
	for (int d = nd - 1; d >= 0; d--) {
		int k = d - off;
		if (k < 0 || v->shape[k] == 1) {
			st[d] = 0;
			continue;
		}
		st[d] = s;
		s *= v->shape[k];
	}
}

void kri_broadcast_step(int nd, const int64_t *shape, int64_t *idx,
			size_t n, size_t *at, const int64_t *st)
{
	for (int d = nd - 1; d >= 0; d--) { /* odometer step */
		for (size_t i = 0; i < n; i++)
			at[i] += (size_t)st[i * (size_t)nd + (size_t)d];
		if (++idx[d] < shape[d])
			return;
		for (size_t i = 0; i < n; i++)
			at[i] -= (size_t)(st[i * (size_t)nd + (size_t)d] *
					  shape[d]);
		idx[d] = 0;
	}
}

bool kr_value_equiv(const kr_value *a, const kr_value *b)
{
	kr_check(a != NULL && b != NULL);
	const kr_value *ab[2] = {a, b};
	int nd;
	int64_t shape[KR_TYPE_MAX_NDIM], st[2 * KR_TYPE_MAX_NDIM],
		idx[KR_TYPE_MAX_NDIM] = {0}, conflict[2];
	if ((a->size == 0) != (b->size == 0) ||
	    !kri_broadcast_shape(&nd, shape, 2, ab, conflict))
		return false;
	kri_broadcast_strides(st, a, nd);
	kri_broadcast_strides(st + nd, b, nd);
	size_t total = a->size ? 1 : 0, at[2] = {0, 0};
	for (int d = 0; d < nd; d++)
		total *= (size_t)shape[d];
	for (size_t k = 0; k < total; k++) {
		if (!(a->data[at[0]] == b->data[at[1]]))
			return false;
		kri_broadcast_step(nd, shape, idx, 2, at, st);
	}
	return true;
}

/*
 * Broadcasting repeats elements without adding new ones, so equivalent
 * values have the same smallest and largest element: the hash mixes
 * those two (NaN never compares equal, so it is left out).
 */
uint64_t kr_value_equiv_hash(const kr_value *v)
{
	kr_check(v != NULL);
	double lo = INFINITY, hi = -INFINITY;
	for (size_t k = 0; k < v->size; k++) {
		double x = v->data[k];
		if (x < lo)
			lo = x;
		if (x > hi)
			hi = x;
	}
	if (lo == 0)
		lo = 0; /* -0.0 == 0.0 */
	if (hi == 0)
		hi = 0;
	return kri_hash_mix(kri_hash_bytes(&lo, sizeof lo),
			    kri_hash_bytes(&hi, sizeof hi));
}

bool kr_value_allclose(const kr_value *a, const kr_value *b, double rtol,
		       double atol)
{
	kr_check(a != NULL && b != NULL);
	if (!same_shape(a, b))
		return false;
	for (size_t k = 0; k < a->size; k++) {
		double x = a->data[k], y = b->data[k];
		if (isnan(x) || isnan(y)) {
			if (!(isnan(x) && isnan(y)))
				return false;
		} else if (isinf(x) || isinf(y)) {
			if (x != y)
				return false;
		} else if (fabs(x - y) > atol + rtol * fabs(y)) {
			return false;
		}
	}
	return true;
}

bool kr_value_fits(const kr_value *v, const kr_type *t)
{
	kr_check(v != NULL && t != NULL);
	if (v->dtype != t->dtype || v->ndim != t->ndim)
		return false;
	for (int i = 0; i < t->ndim; i++)
		if (t->shape[i] >= 0 && t->shape[i] != v->shape[i])
			return false;
	return true;
}

/* ------------------------------------------------------------ text */

static void put_element(kri_buf *b, kr_dtype d, double x)
{
	if (d == KR_BOOL)
		kri_buf_puts(b, x != 0 ? "True" : "False");
	else if (kr_dtype_is_float(d))
		kri_buf_puts(b, kri_format_double(x));
	else
		kri_buf_printf(b, "%.0f", x == 0 ? 0.0 : x); /* never -0 */
}

/* Elements [k, k + stride * shape[dim]) as a nested list. */
static void put_array(kri_buf *b, const kr_value *v, int dim, size_t *k)
{
	if (dim == v->ndim) {
		put_element(b, v->dtype, v->data[(*k)++]);
		return;
	}
	kri_buf_putc(b, '[');
	for (int64_t i = 0; i < v->shape[dim]; i++) {
		if (i > 0)
			kri_buf_putc(b, ',');
		put_array(b, v, dim + 1, k);
	}
	kri_buf_putc(b, ']');
}

char *kr_value_to_string(const kr_value *v)
{
	kr_check(v != NULL);
	kri_buf b = {0};
	size_t k = 0;
	put_array(&b, v, 0, &k); /* recursion depth <= KR_TYPE_MAX_NDIM */
	return kri_buf_str(&b);
}

typedef struct vparser {
	const char *s;
	kr_dtype d;
	int ndim;
	int64_t shape[KR_TYPE_MAX_NDIM];
	bool seen[KR_TYPE_MAX_NDIM];
	kri_buf elems; /* doubles, packed */
} vparser;

static int bad_value(vparser *p, const char *why)
{
	return kr_error_set(KR_ESYNTAX, "bad %s value '%s': %s",
			    kr_dtype_name(p->d), p->s, why);
}

/*
 * An integer element, in decimal as the format writes it, into *x: it
 * must fit its dtype and be held exactly by the double an element is
 * (integers beyond 2^53 are refused, not silently rounded).
 */
static int parse_integer(vparser *p, const char *s, size_t n, double *x)
{
	size_t i = s[0] == '-';
	if (i == n)
		return bad_value(p, "not an integer");
	for (size_t k = i; k < n; k++)
		if (s[k] < '0' || s[k] > '9')
			return bad_value(p, "not an integer");
	char buf[32];
	if (n >= sizeof buf)
		return bad_value(p, "out of range");
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	bool neg = s[0] == '-';
	unsigned long long mag = strtoull(buf + neg, NULL, 10);
	if (errno == ERANGE)
		return bad_value(p, "out of range");
	if (mag > (1ull << 53))
		return bad_value(p, "beyond 2^53, not held exactly");
	*x = neg ? -(double)mag : (double)mag;
	if (kr_value_convert(p->d, *x) != *x)
		return bad_value(p, "out of range");
	return 0;
}

static int parse_element(vparser *p, const char **at)
{
	const char *s = *at;
	double x;
	size_t n = strcspn(s, ",]");
	if (p->d == KR_BOOL) {
		if (n == 4 && !strncmp(s, "True", 4))
			x = 1;
		else if (n == 5 && !strncmp(s, "False", 5))
			x = 0;
		else
			return bad_value(p, "not True or False");
	} else if (!kr_dtype_is_float(p->d)) {
		int rc = parse_integer(p, s, n, &x);
		if (rc < 0)
			return rc;
	} else {
		char *end;
		errno = 0;
		x = strtod(s, &end);
		if (end != s + n || n == 0)
			return bad_value(p, "not a number");
		/* a finite number too big for the dtype is refused, not
		 * turned into inf (written inf, it stays inf) */
		if (isinf(x) && errno == ERANGE)
			return bad_value(p, "out of range");
		if (p->d == KR_FLOAT32 && !isinf(x) && isinf((float)x))
			return bad_value(p, "out of range");
	}
	x = kr_value_convert(p->d, x);
	kri_buf_putn(&p->elems, (const char *)&x, sizeof x);
	*at = s + n;
	return 0;
}

static int parse_level(vparser *p, const char **at, int dim)
{
	if (**at != '[') {
		if (p->ndim >= 0 && p->ndim != dim)
			return bad_value(p, "ragged nested list");
		p->ndim = dim;
		return parse_element(p, at);
	}
	if (dim >= KR_TYPE_MAX_NDIM)
		return bad_value(p, "too many dimensions");
	(*at)++;
	int64_t n = 0;
	while (**at != ']') {
		if (n > 0 && *(*at)++ != ',')
			return bad_value(p, "expected ','");
		int rc = parse_level(p, at, dim + 1);
		if (rc < 0)
			return rc;
		n++;
	}
	(*at)++;
	if (p->seen[dim] && p->shape[dim] != n)
		return bad_value(p, "ragged nested list");
	p->seen[dim] = true;
	p->shape[dim] = n;
	if (n == 0 && p->ndim < 0)
		p->ndim = dim + 1;
	return 0;
}

int kr_value_parse(kr_value **out, const char *text, kr_dtype d)
{
	kr_check(out != NULL && text != NULL);
	vparser p = {.s = text, .d = d, .ndim = -1};
	const char *at = text;
	int rc = parse_level(&p, &at, 0);
	if (rc < 0)
		return rc;
	if (*at)
		return bad_value(&p, "text after the value");
	kr_value *v = kr_value_new(d, p.ndim, p.shape);
	if (v->size * sizeof(double) != p.elems.len)
		return bad_value(&p, "ragged nested list");
	if (v->size)
		memcpy(v->data, p.elems.s, p.elems.len);
	*out = v;
	return 0;
}

static double next_random(uint64_t *seed)
{
	uint64_t x = *seed ? *seed : 88172645463325252ull;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*seed = x;
	return (double)(x >> 11) / 9007199254740992.0;
}

kr_value *kr_value_random(const kr_type *t, int64_t len, double lo,
			  double hi, uint64_t *seed)
{
	kr_check(t != NULL && seed != NULL && len >= 0);
	int64_t shape[KR_TYPE_MAX_NDIM];
	for (int i = 0; i < t->ndim; i++)
		shape[i] = t->shape[i] >= 0 ? t->shape[i] : len;
	kr_value *v = kr_value_new(t->dtype, t->ndim, shape);
	for (size_t k = 0; k < v->size; k++) {
		double u = next_random(seed);
		double x = kr_dtype_is_float(t->dtype) ? lo + u * (hi - lo)
			   : t->dtype == KR_BOOL       ? (double)(u < 0.5)
						       : floor(lo + u * (hi - lo + 1));
		v->data[k] = kr_value_convert(t->dtype, x);
	}
	return v;
}

/* ------------------------------------------------------------ constants */

int kr_constant_make(kr_variable **out, const kr_type *t, const kr_value *v)
{
	kr_check(out != NULL && t != NULL && v != NULL);
	if (!kr_value_fits(v, t))
		return kr_error_set(KR_EINVALID,
				    "a constant of type %s cannot hold the %s "
				    "value %s",
				    kr_type_to_string(t), kr_dtype_name(v->dtype),
				    kr_value_to_string(v));
	*out = kri_constant_with_value(t, v);
	return 0;
}

const kr_value *kr_constant_value(const kr_variable *c)
{
	kr_check(c != NULL && c->is_constant);
	return c->value;
}

bool kr_constant_equal(const kr_variable *a, const kr_variable *b)
{
	kr_check(a != NULL && b != NULL && a->is_constant && b->is_constant);
	return a == b || (kr_type_equal(a->type, b->type) &&
			  kr_value_equal(a->value, b->value));
}

uint64_t kr_constant_hash(const kr_variable *c)
{
	kr_check(c != NULL && c->is_constant);
	return kri_hash_mix(kr_type_hash(c->type), kr_value_hash(c->value));
}
