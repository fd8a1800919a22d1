/* ops.c -- the built-in ops: elementwise arithmetic and dot. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"

/* ---------------------------------------------------- type inference */

static int same_dtype(const kr_op *op, size_t nin, const kr_type *const *ts)
{
	for (size_t i = 1; i < nin; i++)
		if (ts[i]->dtype != ts[0]->dtype)
			return kr_error_set(
				KR_EINVALID,
				"%s: inputs have different dtypes (%s and %s)",
				kr_op_name(op), kr_dtype_name(ts[0]->dtype),
				kr_dtype_name(ts[i]->dtype));
	return 0;
}

/* The output ndim: scalars broadcast, tensors must agree. */
static int broadcast_ndim(int *out, const kr_op *op, size_t nin,
			  const kr_type *const *ts)
{
	const kr_type *first = NULL;
	for (size_t i = 0; i < nin; i++) {
		if (ts[i]->ndim == 0)
			continue;
		if (first && ts[i]->ndim != first->ndim)
			return kr_error_set(
				KR_EINVALID,
				"%s: cannot broadcast %s with %s (tensor inputs "
				"must have the same number of dimensions)",
				kr_op_name(op), kr_type_to_string(first),
				kr_type_to_string(ts[i]));
		if (!first)
			first = ts[i];
	}
	*out = first ? first->ndim : 0;
	return 0;
}

/*
 * Static length of dimension d of the output: a known length other than 1
 * wins; all inputs of length 1 give 1; otherwise unknown. Two different
 * known lengths other than 1 cannot broadcast.
 */
static int broadcast_dim(int64_t *out, const kr_op *op, size_t nin,
			 const kr_type *const *ts, int d)
{
	const kr_type *known = NULL;
	bool all_one = true;
	for (size_t i = 0; i < nin; i++) {
		if (ts[i]->ndim == 0)
			continue;
		int64_t s = ts[i]->shape[d];
		if (s != 1)
			all_one = false;
		if (s < 0 || s == 1)
			continue;
		if (known && known->shape[d] != s)
			return kr_error_set(
				KR_EINVALID,
				"%s: static shapes of %s and %s differ in "
				"dimension %d (%lld != %lld)",
				kr_op_name(op), kr_type_to_string(known),
				kr_type_to_string(ts[i]), d,
				(long long)known->shape[d], (long long)s);
		known = ts[i];
	}
	*out = known ? known->shape[d] : all_one ? 1 : -1;
	return 0;
}

static int elemwise(const kr_type **out, const kr_op *op, size_t nin,
		    const kr_type *const *ts, bool to_float)
{
	int nd = 0, rc;
	int64_t shape[KR_TYPE_MAX_NDIM];
	if ((rc = same_dtype(op, nin, ts)) < 0 ||
	    (rc = broadcast_ndim(&nd, op, nin, ts)) < 0)
		return rc;
	for (int d = 0; d < nd; d++)
		if ((rc = broadcast_dim(&shape[d], op, nin, ts, d)) < 0)
			return rc;
	kr_dtype dt = to_float ? KR_FLOAT64 : ts[0]->dtype;
	*out = kr_type_tensor(dt, nd, shape);
	return 0;
}

static int infer_elemwise(const kr_type **out, const kr_op *op, size_t nin,
			  const kr_type *const *ts)
{
	return elemwise(out, op, nin, ts, false);
}

static int infer_float(const kr_type **out, const kr_op *op, size_t nin,
		       const kr_type *const *ts)
{
	return elemwise(out, op, nin, ts, true);
}

static int infer_dot(const kr_type **out, const kr_op *op, size_t nin,
		     const kr_type *const *ts)
{
	const kr_type *a = ts[0], *b = ts[1];
	int rc = same_dtype(op, nin, ts);
	if (rc < 0)
		return rc;
	if (a->ndim < 1 || a->ndim > 2 || b->ndim < 1 || b->ndim > 2)
		return kr_error_set(KR_EINVALID,
				    "dot: cannot multiply %s by %s (operands "
				    "must be vectors or matrices)",
				    kr_type_to_string(a), kr_type_to_string(b));
	int64_t k1 = a->shape[a->ndim - 1], k2 = b->shape[0];
	if (k1 >= 0 && k2 >= 0 && k1 != k2)
		return kr_error_set(KR_EINVALID,
				    "dot: shapes of %s and %s are not aligned "
				    "(%lld in dimension %d != %lld in dimension 0)",
				    kr_type_to_string(a), kr_type_to_string(b),
				    (long long)k1, a->ndim - 1, (long long)k2);
	int64_t dims[2];
	int nd = 0;
	if (a->ndim == 2)
		dims[nd++] = a->shape[0];
	if (b->ndim == 2)
		dims[nd++] = b->shape[1];
	*out = kr_type_tensor(a->dtype, nd, dims);
	return 0;
}

/* ---------------------------------------------------------- the ops */

enum { ADD, MUL, SUB, TRUE_DIV, NEG, IDENTITY, EXP, LOG, DOT, NBUILTIN };

static const kr_op_desc descs[NBUILTIN] = {
	[ADD] = {.name = "add", .min_inputs = 1, .max_inputs = -1,
		 .infer = infer_elemwise},
	[MUL] = {.name = "mul", .min_inputs = 1, .max_inputs = -1,
		 .infer = infer_elemwise},
	[SUB] = {.name = "sub", .min_inputs = 2, .max_inputs = 2,
		 .infer = infer_elemwise},
	[TRUE_DIV] = {.name = "true_div", .min_inputs = 2, .max_inputs = 2,
		      .infer = infer_float},
	[NEG] = {.name = "neg", .min_inputs = 1, .max_inputs = 1,
		 .infer = infer_elemwise},
	[IDENTITY] = {.name = "identity", .min_inputs = 1, .max_inputs = 1,
		      .infer = infer_elemwise},
	[EXP] = {.name = "exp", .min_inputs = 1, .max_inputs = 1,
		 .infer = infer_float},
	[LOG] = {.name = "log", .min_inputs = 1, .max_inputs = 1,
		 .infer = infer_float},
	[DOT] = {.name = "dot", .min_inputs = 2, .max_inputs = 2,
		 .infer = infer_dot},
};

/* The built-in op objects; static storage is a root of the collector. */
static kr_op *builtin[NBUILTIN];

void kri_graph_init(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	for (int i = 0; i < NBUILTIN; i++) {
		builtin[i] = kr_op_new(&descs[i], NULL);
		int rc = kr_op_register(builtin[i]);
		kr_check(rc == 0);
	}
}

static kr_op *get(int which)
{
	kri_graph_init();
	return builtin[which];
}

kr_op *kr_op_add(void) { return get(ADD); }
kr_op *kr_op_mul(void) { return get(MUL); }
kr_op *kr_op_sub(void) { return get(SUB); }
kr_op *kr_op_true_div(void) { return get(TRUE_DIV); }
kr_op *kr_op_neg(void) { return get(NEG); }
kr_op *kr_op_identity(void) { return get(IDENTITY); }
kr_op *kr_op_exp(void) { return get(EXP); }
kr_op *kr_op_log(void) { return get(LOG); }
kr_op *kr_op_dot(void) { return get(DOT); }
