/* ops.c -- the built-in ops: elementwise arithmetic and dot. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <math.h>

#include "graph.h"

/* ---------------------------------------------------- type inference */

static kr_dtype upcast_all(size_t nin, const kr_type *const *ts)
{
	kr_dtype d = ts[0]->dtype;
	for (size_t i = 1; i < nin; i++)
		d = kr_dtype_upcast(d, ts[i]->dtype);
	return d;
}

/* PyTensor's upgrade_to_float: small integers to float32, others float64. */
static kr_dtype to_float(kr_dtype d)
{
	if (kr_dtype_is_float(d))
		return d;
	static const kr_dtype small[] = {KR_BOOL, KR_INT8, KR_INT16, KR_UINT8,
					 KR_UINT16};
	for (size_t i = 0; i < sizeof small / sizeof *small; i++)
		if (d == small[i])
			return KR_FLOAT32;
	return KR_FLOAT64;
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

/* Output dtype rules of the elementwise ops (see graph.h). */
enum { DT_UPCAST = KRI_DT_UPCAST, DT_FLOAT = KRI_DT_FLOAT,
       DT_FIRST = KRI_DT_FIRST };

/* NoneConst is no operand of the built-in ops (PyTensor's TypeError). */
static int refuse_none(const kr_op *op, size_t nin, const kr_type *const *ts)
{
	for (size_t i = 0; i < nin; i++)
		if (ts[i]->none)
			return kr_error_set(KR_EINVALID,
					    "%s: input %zu is NoneConst, not a "
					    "tensor or scalar", kr_op_name(op),
					    i);
	return 0;
}

static int elemwise(const kr_type **out, const kr_op *op, size_t nin,
		    const kr_type *const *ts, int rule)
{
	if (refuse_none(op, nin, ts) < 0)
		return KR_EINVALID;
	if (rule >= KRI_NDT_RULES) {
		int rc = elemwise(out, op, nin, ts, DT_UPCAST);
		if (rc == 0)
			*out = kr_type_with_dtype(
				*out, (kr_dtype)(rule - KRI_NDT_RULES));
		return rc;
	}
	int nd = 0, rc;
	int64_t shape[KR_TYPE_MAX_NDIM];
	if ((rc = broadcast_ndim(&nd, op, nin, ts)) < 0)
		return rc;
	for (int d = 0; d < nd; d++)
		if ((rc = broadcast_dim(&shape[d], op, nin, ts, d)) < 0)
			return rc;
	kr_dtype dt = upcast_all(nin, ts);
	if (rule == DT_FLOAT)
		dt = to_float(dt);
	else if (rule == DT_FIRST)
		dt = ts[0]->dtype;
	else if (rule == KRI_DT_SECOND)
		dt = ts[nin > 1]->dtype;
	bool tensor = false;
	for (size_t i = 0; i < nin; i++)
		tensor |= ts[i]->tensor;
	*out = tensor ? kr_type_tensor(dt, nd, shape) : kr_type_scalar(dt);
	return 0;
}

int kri_infer_elemwise(const kr_type **out, const kr_op *op, size_t nin,
		       const kr_type *const *ts)
{
	return elemwise(out, op, nin, ts, DT_UPCAST);
}

int kri_infer_elemwise_rule(const kr_type **out, const kr_op *op, size_t nin,
			    const kr_type *const *ts, int rule)
{
	return elemwise(out, op, nin, ts, rule);
}

static int infer_float(const kr_type **out, const kr_op *op, size_t nin,
		       const kr_type *const *ts)
{
	return elemwise(out, op, nin, ts, DT_FLOAT);
}

static int infer_same(const kr_type **out, const kr_op *op, size_t nin,
		      const kr_type *const *ts)
{
	if (ts[0]->dtype == KR_BOOL)
		return kr_error_set(KR_EINVALID, "%s: bool input %s",
				    kr_op_name(op), kr_type_to_string(ts[0]));
	return elemwise(out, op, nin, ts, DT_FIRST);
}

static int infer_dot(const kr_type **out, const kr_op *op, size_t nin,
		     const kr_type *const *ts)
{
	if (refuse_none(op, nin, ts) < 0)
		return KR_EINVALID;
	const kr_type *a = ts[0], *b = ts[1];
	if (!a->tensor || !b->tensor || a->ndim < 1 || a->ndim > 2 || b->ndim < 1 || b->ndim > 2)
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
	*out = kr_type_tensor(upcast_all(nin, ts), nd, dims);
	return 0;
}


/* ------------------------------------------------------- evaluation */

typedef double (*elem_fn)(size_t n, const double *x);

static double f_add(size_t n, const double *x)
{
	double s = x[0];
	for (size_t i = 1; i < n; i++)
		s += x[i];
	return s;
}

static double f_mul(size_t n, const double *x)
{
	double s = x[0];
	for (size_t i = 1; i < n; i++)
		s *= x[i];
	return s;
}

static double f_sub(size_t n, const double *x) { (void)n; return x[0] - x[1]; }
static double f_div(size_t n, const double *x) { (void)n; return x[0] / x[1]; }
static double f_neg(size_t n, const double *x) { (void)n; return -x[0]; }
static double f_id(size_t n, const double *x) { (void)n; return x[0]; }
static double f_exp(size_t n, const double *x) { (void)n; return exp(x[0]); }
static double f_log(size_t n, const double *x) { (void)n; return log(x[0]); }
static double f_pow(size_t n, const double *x) { (void)n; return pow(x[0], x[1]); }
static double f_sqr(size_t n, const double *x) { (void)n; return x[0] * x[0]; }
static double f_reciprocal(size_t n, const double *x) { (void)n; return 1.0 / x[0]; }

static int run_elemwise(kr_value **out, const kr_op *op, size_t nin,
			const kr_value *const *in, elem_fn fn, kr_dtype dt)
{
	int nd;
	int64_t shape[KR_TYPE_MAX_NDIM], idx[KR_TYPE_MAX_NDIM] = {0}, bad[2];
	if (!kri_broadcast_shape(&nd, shape, nin, in, bad))
		return kr_error_set(KR_EINVALID,
				    "%s: input shapes do not broadcast "
				    "(length %lld against %lld)",
				    kr_op_name(op), (long long)bad[0],
				    (long long)bad[1]);
	int64_t *st = kri_alloc_atomic((nin * (size_t)nd + 1) * sizeof *st);
	size_t *at = kri_alloc_atomic((nin + 1) * sizeof *at);
	double *xs = kri_alloc_atomic((nin + 1) * sizeof *xs);
	for (size_t i = 0; i < nin; i++) {
		kri_broadcast_strides(st + i * (size_t)nd, in[i], nd);
		at[i] = 0;
	}
	kr_value *v = kr_value_new(dt, nd, shape);
	for (size_t k = 0; k < v->size; k++) {
		for (size_t i = 0; i < nin; i++)
			xs[i] = in[i]->data[at[i]];
		v->data[k] = kr_value_convert(dt, fn(nin, xs));
		kri_broadcast_step(nd, shape, idx, nin, at, st);
	}
	*out = v;
	return 0;
}

static kr_dtype value_upcast(size_t nin, const kr_value *const *in)
{
	kr_dtype d = in[0]->dtype;
	for (size_t i = 1; i < nin; i++)
		d = kr_dtype_upcast(d, in[i]->dtype);
	return d;
}

static double dot_at(const kr_value *a, const kr_value *b, int64_t i,
		     int64_t j, int64_t k)
{
	double s = 0;
	int64_t bc = b->ndim == 2 ? b->shape[1] : 1;
	for (int64_t t = 0; t < k; t++)
		s += a->data[i * k + t] * b->data[t * bc + j];
	return s;
}

static int perform_dot(kr_value **out, const kr_op *op, size_t nin,
		       const kr_value *const *in)
{
	(void)op, (void)nin;
	const kr_value *a = in[0], *b = in[1];
	int64_t k = a->shape[a->ndim - 1], kb = b->shape[0];
	if (k != kb)
		return kr_error_set(KR_EINVALID,
				    "dot: shapes are not aligned (%lld != %lld)",
				    (long long)k, (long long)kb);
	int64_t dims[2], rows = a->ndim == 2 ? a->shape[0] : 1;
	int64_t cols = b->ndim == 2 ? b->shape[1] : 1;
	int nd = 0;
	if (a->ndim == 2)
		dims[nd++] = rows;
	if (b->ndim == 2)
		dims[nd++] = cols;
	kr_dtype dt = kr_dtype_upcast(a->dtype, b->dtype);
	kr_value *v = kr_value_new(dt, nd, dims);
	for (int64_t i = 0; i < rows; i++)
		for (int64_t j = 0; j < cols; j++)
			v->data[i * cols + j] =
				kr_value_convert(dt, dot_at(a, b, i, j, k));
	*out = v;
	return 0;
}

/* ---------------------------------------------------------- the ops */

enum { ADD, MUL, SUB, TRUE_DIV, NEG, IDENTITY, EXP, LOG, POW, SQR, RECIPROCAL,
       DOT, NBUILTIN };

/* The scalar function and dtype rule of each elementwise op. */
static const struct {
	elem_fn fn;
	int rule;
} impls[NBUILTIN] = {
	[ADD] = {f_add, DT_UPCAST},     [MUL] = {f_mul, DT_UPCAST},
	[SUB] = {f_sub, DT_UPCAST},     [TRUE_DIV] = {f_div, DT_FLOAT},
	[NEG] = {f_neg, DT_FIRST},      [IDENTITY] = {f_id, DT_FIRST},
	[EXP] = {f_exp, DT_FLOAT},      [LOG] = {f_log, DT_FLOAT},
	[POW] = {f_pow, DT_UPCAST},     [SQR] = {f_sqr, DT_FIRST},
	[RECIPROCAL] = {f_reciprocal, DT_FLOAT},
};

static int perform_elemwise(kr_value **out, const kr_op *op, size_t nin,
			    const kr_value *const *in);

#define ELEM(NAME, MIN, MAX, INFER)                                           \
	{.name = NAME, .min_inputs = MIN, .max_inputs = MAX,                  \
	 .infer = INFER, .perform = perform_elemwise}

static const kr_op_desc descs[NBUILTIN] = {
	[ADD] = ELEM("add", 1, -1, kri_infer_elemwise),
	[MUL] = ELEM("mul", 1, -1, kri_infer_elemwise),
	[SUB] = ELEM("sub", 2, 2, kri_infer_elemwise),
	[TRUE_DIV] = ELEM("true_div", 2, 2, infer_float),
	[NEG] = ELEM("neg", 1, 1, infer_same),
	[IDENTITY] = ELEM("identity", 1, 1, kri_infer_elemwise),
	[EXP] = ELEM("exp", 1, 1, infer_float),
	[LOG] = ELEM("log", 1, 1, infer_float),
	[POW] = ELEM("pow", 2, 2, kri_infer_elemwise),
	[SQR] = ELEM("sqr", 1, 1, infer_same),
	[RECIPROCAL] = ELEM("reciprocal", 1, 1, infer_float),
	[DOT] = {.name = "dot", .min_inputs = 2, .max_inputs = 2,
		 .infer = infer_dot, .perform = perform_dot},
};

static int builtin_index(const kr_op *op)
{
	for (int i = 0; i < NBUILTIN; i++)
		if (op->desc == &descs[i])
			return i;
	return -1;
}

static int perform_elemwise(kr_value **out, const kr_op *op, size_t nin,
			    const kr_value *const *in)
{
	int which = builtin_index(op);
	kr_check(which >= 0 && which < DOT);
	kr_dtype dt = value_upcast(nin, in);
	if (impls[which].rule == DT_FLOAT)
		dt = to_float(dt);
	else if (impls[which].rule == DT_FIRST)
		dt = in[0]->dtype;
	return run_elemwise(out, op, nin, in, impls[which].fn, dt);
}

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
	kri_shape_init();
	kri_etuplize_init();
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
kr_op *kr_op_pow(void) { return get(POW); }
kr_op *kr_op_sqr(void) { return get(SQR); }
kr_op *kr_op_reciprocal(void) { return get(RECIPROCAL); }
kr_op *kr_op_dot(void) { return get(DOT); }

char *kri_apply_op_string(const kr_apply *node)
{
	int which = builtin_index(node->op);
	bool tensor = node->nout == 1 &&
		      kr_type_is_tensor(node->outputs[0]->type);
	if (which < 0 && tensor) {
		char *s = kri_opaque_str(node->op);
		if (s)
			return s;
	}
	if (which < 0 || !tensor)
		return kr_op_to_string(node->op);
	if (which == DOT)
		return kr_strdup("Dot");
	return kri_capitalize(kr_op_to_string(node->op));
}

bool kri_op_is_elemwise(const kr_op *op)
{
	int which = builtin_index(op);
	return which >= 0 && which < DOT;
}
