/* type.c -- types of graph variables: scalars and tensors. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"

/*
 * Scalar types and tensors of unknown shape with up to 2 dimensions are
 * static and shared, one per dtype; other types are allocated on demand
 * and compared structurally, so sharing is only an optimisation.
 */
static const int64_t unknown2[2] = {-1, -1};

#define ONE_TYPE(D, ND, SH, TN) {D, ND, SH, TN, false}
#define FOR_DTYPES(T, ND, SH, TN)                                             \
	{                                                                     \
		ONE_TYPE(KR_FLOAT64, ND, SH, TN),                             \
		ONE_TYPE(KR_INT64, ND, SH, TN),                               \
		ONE_TYPE(KR_FLOAT32, ND, SH, TN),                             \
		ONE_TYPE(KR_INT32, ND, SH, TN),                               \
		ONE_TYPE(KR_INT16, ND, SH, TN),                               \
		ONE_TYPE(KR_INT8, ND, SH, TN),                                \
		ONE_TYPE(KR_UINT64, ND, SH, TN),                              \
		ONE_TYPE(KR_UINT32, ND, SH, TN),                              \
		ONE_TYPE(KR_UINT16, ND, SH, TN),                              \
		ONE_TYPE(KR_UINT8, ND, SH, TN),                               \
		ONE_TYPE(KR_BOOL, ND, SH, TN),                                \
	}

static const kr_type scalars[KR_NDTYPES] = FOR_DTYPES(x, 0, NULL, false);
static const kr_type tensors0[KR_NDTYPES] = FOR_DTYPES(x, 0, NULL, true);
static const kr_type vectors[KR_NDTYPES] = FOR_DTYPES(x, 1, unknown2, true);
static const kr_type matrices[KR_NDTYPES] = FOR_DTYPES(x, 2, unknown2, true);
static const kr_type none_type = {KR_FLOAT64, 0, NULL, false, true};

static const char *const dtype_names[KR_NDTYPES] = {
	[KR_FLOAT64] = "float64", [KR_INT64] = "int64",
	[KR_FLOAT32] = "float32", [KR_INT32] = "int32",
	[KR_INT16] = "int16",     [KR_INT8] = "int8",
	[KR_UINT64] = "uint64",   [KR_UINT32] = "uint32",
	[KR_UINT16] = "uint16",   [KR_UINT8] = "uint8",
	[KR_BOOL] = "bool",
};

/* Bits of each integer dtype (bool: 1, floats: their mantissa class). */
static const int dtype_bits[KR_NDTYPES] = {
	[KR_FLOAT64] = 64, [KR_INT64] = 64, [KR_FLOAT32] = 32,
	[KR_INT32] = 32,   [KR_INT16] = 16, [KR_INT8] = 8,
	[KR_UINT64] = 64,  [KR_UINT32] = 32, [KR_UINT16] = 16,
	[KR_UINT8] = 8,    [KR_BOOL] = 1,
};

const char *kr_dtype_name(kr_dtype d)
{
	return (unsigned)d < KR_NDTYPES ? dtype_names[d] : "?";
}

int kr_dtype_from_name(kr_dtype *out, const char *name)
{
	kr_check(out != NULL && name != NULL);
	for (int d = 0; d < KR_NDTYPES; d++)
		if (strcmp(dtype_names[d], name) == 0) {
			*out = (kr_dtype)d;
			return 0;
		}
	return kr_error_set(KR_ENOTFOUND, "unknown dtype '%s'", name);
}

bool kr_dtype_is_float(kr_dtype d) { return d == KR_FLOAT64 || d == KR_FLOAT32; }

static bool is_unsigned(kr_dtype d)
{
	return d == KR_UINT64 || d == KR_UINT32 || d == KR_UINT16 ||
	       d == KR_UINT8;
}

bool kr_dtype_is_int(kr_dtype d)
{
	return !kr_dtype_is_float(d) && d != KR_BOOL;
}

static kr_dtype signed_of_bits(int bits)
{
	return bits <= 8 ? KR_INT8 : bits <= 16 ? KR_INT16
	       : bits <= 32 ? KR_INT32 : KR_INT64;
}

static kr_dtype upcast_int(kr_dtype a, kr_dtype b)
{
	int ba = dtype_bits[a], bb = dtype_bits[b];
	if (is_unsigned(a) == is_unsigned(b))
		return ba >= bb ? a : b;
	kr_dtype u = is_unsigned(a) ? a : b, sg = is_unsigned(a) ? b : a;
	if (dtype_bits[sg] > dtype_bits[u])
		return sg;
	return dtype_bits[u] == 64 ? KR_FLOAT64 : signed_of_bits(2 * dtype_bits[u]);
}

kr_dtype kr_dtype_upcast(kr_dtype a, kr_dtype b)
{
	kr_check((unsigned)a < KR_NDTYPES && (unsigned)b < KR_NDTYPES);
	if (a == b || b == KR_BOOL)
		return a;
	if (a == KR_BOOL)
		return b;
	bool fa = kr_dtype_is_float(a), fb = kr_dtype_is_float(b);
	if (fa && fb)
		return dtype_bits[a] >= dtype_bits[b] ? a : b;
	if (fa || fb) {
		kr_dtype f = fa ? a : b, i = fa ? b : a;
		return f == KR_FLOAT32 && dtype_bits[i] > 16 ? KR_FLOAT64 : f;
	}
	return upcast_int(a, b);
}

static int dtype_slot(kr_dtype d)
{
	kr_check((unsigned)d < KR_NDTYPES);
	return (int)d;
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
		return &tensors0[slot];
	if (ndim <= 2 && all_unknown(ndim, shape))
		return ndim == 1 ? &vectors[slot] : &matrices[slot];
	int64_t *dims = kri_alloc_atomic((size_t)ndim * sizeof *dims);
	for (int i = 0; i < ndim; i++)
		dims[i] = shape ? shape[i] : -1;
	kr_type *t = kri_alloc(sizeof *t);
	t->dtype = d;
	t->ndim = ndim;
	t->shape = dims;
	t->tensor = true;
	return t;
}

const kr_type *kr_type_vector(void) { return &vectors[0]; }

const kr_type *kr_type_matrix(void) { return &matrices[0]; }

const kr_type *kr_type_none(void) { return &none_type; }

bool kr_type_is_none(const kr_type *t)
{
	kr_check(t != NULL);
	return t->none;
}

bool kr_type_is_tensor(const kr_type *t)
{
	kr_check(t != NULL);
	return t->tensor;
}

const kr_type *kr_type_with_dtype(const kr_type *t, kr_dtype d)
{
	kr_check(t != NULL);
	if (!t->tensor)
		return kr_type_scalar(d);
	return kr_type_tensor(d, t->ndim, t->shape);
}

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
	kr_check(a != NULL && b != NULL);
	if (a == b)
		return true;
	if (a->dtype != b->dtype || a->ndim != b->ndim ||
	    a->tensor != b->tensor || a->none != b->none)
		return false;
	for (int i = 0; i < a->ndim; i++)
		if (a->shape[i] != b->shape[i])
			return false;
	return true;
}

uint64_t kr_type_hash(const kr_type *t)
{
	kr_check(t != NULL);
	uint64_t h = kri_hash_mix((uint64_t)t->dtype * 4 + t->tensor +
					  2u * t->none,
				  (uint64_t)t->ndim);
	for (int i = 0; i < t->ndim; i++)
		h = kri_hash_mix(h, (uint64_t)t->shape[i]);
	return h;
}

bool kr_type_is_super(const kr_type *a, const kr_type *b)
{
	kr_check(a != NULL && b != NULL);
	if (a->dtype != b->dtype || a->ndim != b->ndim ||
	    a->tensor != b->tensor || a->none != b->none)
		return false;
	for (int i = 0; i < a->ndim; i++)
		if (a->shape[i] >= 0 && a->shape[i] != b->shape[i])
			return false;
	return true;
}

bool kr_type_in_same_class(const kr_type *a, const kr_type *b)
{
	kr_check(a != NULL && b != NULL);
	if (!a->tensor)
		return kr_type_equal(a, b);
	if (!b->tensor || a->dtype != b->dtype || a->ndim != b->ndim)
		return false;
	for (int i = 0; i < a->ndim; i++)
		if ((a->shape[i] == 1) != (b->shape[i] == 1))
			return false;
	return true;
}

char *kr_type_to_string(const kr_type *t)
{
	static const char *const kinds[] = {"Scalar", "Vector", "Matrix"};
	kr_check(t != NULL);
	if (t->none)
		return kr_strdup("NoneTypeT");
	if (!t->tensor)
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

char *kr_type_repr(const kr_type *t)
{
	kr_check(t != NULL);
	if (t->none)
		return kr_strdup("NoneTypeT");
	if (!t->tensor)
		return kr_strfmt("ScalarType(%s)", kr_dtype_name(t->dtype));
	kri_buf b = {0};
	kri_buf_printf(&b, "TensorType(%s, shape=(", kr_dtype_name(t->dtype));
	for (int i = 0; i < t->ndim; i++) {
		if (i > 0)
			kri_buf_puts(&b, ", ");
		if (t->shape[i] < 0)
			kri_buf_puts(&b, "None");
		else
			kri_buf_printf(&b, "%lld", (long long)t->shape[i]);
	}
	kri_buf_puts(&b, t->ndim == 1 ? ",))" : "))");
	return kri_buf_str(&b);
}
