/* type.c -- types of graph variables: scalars and tensors. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"

/*
 * Scalars, vectors and matrices of unknown shape are static and shared;
 * other types are allocated on demand and compared structurally, so
 * sharing is only an optimisation.
 */
static const int64_t unknown2[2] = {-1, -1};

static const kr_type scalars[2] = {
	{KR_FLOAT64, 0, NULL},
	{KR_INT64, 0, NULL},
};

static const kr_type vectors[2] = {
	{KR_FLOAT64, 1, unknown2},
	{KR_INT64, 1, unknown2},
};

static const kr_type matrices[2] = {
	{KR_FLOAT64, 2, unknown2},
	{KR_INT64, 2, unknown2},
};

const char *kr_dtype_name(kr_dtype d)
{
	return d == KR_INT64 ? "int64" : "float64";
}

static int dtype_slot(kr_dtype d)
{
	kr_check(d == KR_FLOAT64 || d == KR_INT64);
	return d == KR_INT64;
}

const kr_type *kr_type_scalar(kr_dtype d) { return &scalars[dtype_slot(d)]; }

static bool all_unknown(int ndim, const int64_t *shape)
{
	for (int i = 0; shape && i < ndim; i++)
		if (shape[i] >= 0)
			return false;
	return true;
}

const kr_type *kr_type_tensor(kr_dtype d, int ndim, const int64_t *shape)
{
	int slot = dtype_slot(d);
	kr_check(ndim >= 0 && ndim <= KR_TYPE_MAX_NDIM);
	for (int i = 0; shape && i < ndim; i++)
		kr_check(shape[i] >= -1);
	if (ndim == 0)
		return &scalars[slot];
	if (ndim <= 2 && all_unknown(ndim, shape))
		return ndim == 1 ? &vectors[slot] : &matrices[slot];
	int64_t *dims = kri_alloc_atomic((size_t)ndim * sizeof *dims);
	for (int i = 0; i < ndim; i++)
		dims[i] = shape ? shape[i] : -1;
	kr_type *t = kri_alloc(sizeof *t);
	t->dtype = d;
	t->ndim = ndim;
	t->shape = dims;
	return t;
}

const kr_type *kr_type_vector(void) { return &vectors[0]; }

const kr_type *kr_type_matrix(void) { return &matrices[0]; }

int kr_type_ndim(const kr_type *t)
{
	kr_check(t != NULL);
	return t->ndim;
}

kr_dtype kr_type_dtype(const kr_type *t)
{
	kr_check(t != NULL);
	return t->dtype;
}

int64_t kr_type_dim(const kr_type *t, int i)
{
	kr_check(t != NULL && i >= 0 && i < t->ndim);
	return t->shape[i];
}

bool kr_type_equal(const kr_type *a, const kr_type *b)
{
	if (a == b)
		return true;
	if (a->dtype != b->dtype || a->ndim != b->ndim)
		return false;
	for (int i = 0; i < a->ndim; i++)
		if (a->shape[i] != b->shape[i])
			return false;
	return true;
}

uint64_t kr_type_hash(const kr_type *t)
{
	uint64_t h = kri_hash_mix((uint64_t)t->dtype, (uint64_t)t->ndim);
	for (int i = 0; i < t->ndim; i++)
		h = kri_hash_mix(h, (uint64_t)t->shape[i]);
	return h;
}

bool kr_type_is_super(const kr_type *a, const kr_type *b)
{
	if (a->dtype != b->dtype || a->ndim != b->ndim)
		return false;
	for (int i = 0; i < a->ndim; i++)
		if (a->shape[i] >= 0 && a->shape[i] != b->shape[i])
			return false;
	return true;
}

char *kr_type_to_string(const kr_type *t)
{
	static const char *const kinds[] = {"Scalar", "Vector", "Matrix"};
	if (t->ndim == 0)
		return kr_strdup(kr_dtype_name(t->dtype));
	kri_buf b = {0};
	if (t->ndim < 3)
		kri_buf_puts(&b, kinds[t->ndim]);
	else
		kri_buf_printf(&b, "Tensor%d", t->ndim);
	kri_buf_printf(&b, "(%s, shape=(", kr_dtype_name(t->dtype));
	for (int i = 0; i < t->ndim; i++) {
		if (i > 0)
			kri_buf_puts(&b, ", ");
		if (t->shape[i] < 0)
			kri_buf_putc(&b, '?');
		else
			kri_buf_printf(&b, "%lld", (long long)t->shape[i]);
	}
	kri_buf_puts(&b, t->ndim == 1 ? ",))" : "))");
	return kri_buf_str(&b);
}
