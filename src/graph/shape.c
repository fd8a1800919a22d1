/* shape.c -- SpecifyShape, NoneConst and the conversion of variables. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <math.h>

#include "graph.h"

/*
 * A SpecifyShape node has PyTensor's inputs: the tensor x, then one
 * shape entry per dimension of x, each a 0-d integer tensor (a constant
 * for a static length) or NoneConst (no requirement). Its output has x's
 * dtype and ndim; a dimension is x's static length when x has one, else
 * the entry's value when the entry is a constant, else unknown.
 *
 * NoneConst is one shared constant of type NoneTypeT; its value is a 0-d
 * float64 NaN, a value no integer shape entry can have, which is how
 * perform tells a `None` entry from a length.
 */

/* ------------------------------------------------------------ NoneConst */

static kr_variable *none_const; /* static storage: a root of the collector */

kr_variable *kr_none_const(void)
{
	if (!none_const) {
		kr_variable *v = kri_constant_with_value(
			kr_type_none(), kr_value_scalar(KR_FLOAT64, NAN));
		v->name = "NoneConst";
		none_const = v;
	}
	return none_const;
}

/* A shape entry's value that stands for None (see the top). */
static bool is_none_value(const kr_value *v)
{
	return v->dtype == KR_FLOAT64 && v->ndim == 0 && isnan(v->data[0]);
}

/* ------------------------------------------------------ type inference */

static int check_entry(const kr_variable *s, size_t i)
{
	const kr_type *t = s->type;
	if (t->none)
		return 0;
	if (!kr_dtype_is_int(t->dtype))
		return kr_error_set(KR_EINVALID,
				    "Shape values must be integer types");
	if (!t->tensor || t->ndim != 0)
		return kr_error_set(KR_EINVALID,
				    "SpecifyShape: shape entry %zu is %s, not "
				    "a 0-d tensor or NoneConst",
				    i, kr_type_to_string(t));
	if (s->is_constant && s->value->data[0] < 0)
		return kr_error_set(KR_EINVALID,
				    "SpecifyShape: shape entry %zu is negative "
				    "(%lld)", i, (long long)s->value->data[0]);
	return 0;
}

/* PyTensor's SpecifyShape.make_node, on the types and constant entries. */
static int infer_specify_shape(const kr_type **out, const kr_op *op,
			       size_t nin, kr_variable *const *in)
{
	(void)op;
	const kr_type *xt = in[0]->type;
	if (!xt->tensor)
		return kr_error_set(KR_EINVALID,
				    "SpecifyShape: the input %s is %s, not a "
				    "tensor", kr_variable_to_string(in[0]),
				    kr_type_to_string(xt));
	for (size_t i = 1; i < nin; i++) {
		int rc = check_entry(in[i], i - 1);
		if (rc < 0)
			return rc;
	}
	if (nin - 1 != (size_t)xt->ndim)
		return kr_error_set(KR_EINVALID,
				    "Input `x` is %d-dimensional and will "
				    "never match a shape of length %zu.",
				    xt->ndim, nin - 1);
	int64_t shape[KR_TYPE_MAX_NDIM];
	for (int d = 0; d < xt->ndim; d++) {
		const kr_variable *s = in[d + 1];
		shape[d] = xt->shape[d];
		if (shape[d] < 0 && s->is_constant && !s->type->none)
			shape[d] = (int64_t)s->value->data[0];
	}
	*out = kr_type_tensor(xt->dtype, xt->ndim, shape);
	return 0;
}

/* ---------------------------------------------------------- evaluation */

/* Python's str() of a tuple of lengths: `()`, `(3,)`, `(3, None)`. */
static char *py_tuple(int n, const int64_t *xs)
{
	kri_buf b = {0};
	kri_buf_putc(&b, '(');
	for (int i = 0; i < n; i++) {
		if (i > 0)
			kri_buf_puts(&b, ", ");
		if (xs[i] < 0)
			kri_buf_puts(&b, "None");
		else
			kri_buf_printf(&b, "%lld", (long long)xs[i]);
	}
	kri_buf_puts(&b, n == 1 ? ",)" : ")");
	return kri_buf_str(&b);
}

/* PyTensor's SpecifyShape.perform: x itself, once its shape is checked. */
static int perform_specify_shape(kr_value **out, const kr_op *op, size_t nin,
				 const kr_value *const *in)
{
	(void)op;
	const kr_value *x = in[0];
	int n = (int)nin - 1;
	int64_t want[KR_TYPE_MAX_NDIM];
	bool ok = x->ndim == n;
	for (int i = 0; i < n && i < KR_TYPE_MAX_NDIM; i++) {
		want[i] = is_none_value(in[i + 1]) ? -1
			  : (int64_t)in[i + 1]->data[0];
		ok = ok && (want[i] < 0 || want[i] == x->shape[i]);
	}
	if (x->ndim != n)
		return kr_error_set(KR_EINVALID,
				    "SpecifyShape: Got %d dimensions (shape "
				    "%s), expected %d dimensions with shape "
				    "%s.",
				    x->ndim, py_tuple(x->ndim, x->shape), n,
				    py_tuple(n, want));
	if (!ok)
		return kr_error_set(KR_EINVALID,
				    "SpecifyShape: Got shape %s, expected %s.",
				    py_tuple(x->ndim, x->shape),
				    py_tuple(n, want));
	*out = (kr_value *)x; /* a view of x, as PyTensor's view_map */
	return 0;
}

/* ------------------------------------------------------------- the op */

/* PyTensor's SpecifyShape: no props, printed `SpecifyShape`. */
static const kr_op_desc specify_shape_desc = {
	.name = "SpecifyShape",
	.min_inputs = 1,
	.max_inputs = -1,
	.infer_from_inputs = infer_specify_shape,
	.perform = perform_specify_shape,
};

static kr_op *specify_shape_op; /* static storage: a root */

kr_op *kr_op_specify_shape(void)
{
	kri_graph_init();
	return specify_shape_op;
}

void kri_shape_init(void)
{
	specify_shape_op = kr_op_new(&specify_shape_desc, NULL);
	int rc = kr_op_register(specify_shape_op);
	kr_check(rc == 0);
}

/* A constant of a static length, as pt.as_tensor_variable(int): the
 * smallest of int8, int16, int32, int64 that holds it (autocast_int). */
static kr_variable *length_constant(int64_t n)
{
	kr_dtype d = n <= INT8_MAX ? KR_INT8 : n <= INT16_MAX ? KR_INT16
		     : n <= INT32_MAX ? KR_INT32 : KR_INT64;
	return kr_constant_new((double)n, kr_type_tensor(d, 0, NULL));
}

int kr_specify_shape(kr_variable **out, kr_variable *x, int ndim,
		     const int64_t *shape)
{
	kr_check(out != NULL && x != NULL && ndim >= 0);
	kr_check(ndim == 0 || shape != NULL);
	kr_check(ndim <= KR_TYPE_MAX_NDIM);
	const kr_type *xt = x->type;
	bool news = false;
	for (int i = 0; i < ndim; i++) {
		kr_check(shape[i] >= -1);
		news |= shape[i] >= 0 &&
			(i >= xt->ndim || shape[i] != xt->shape[i]);
	}
	if (!news && xt->tensor && ndim == xt->ndim) {
		*out = x;
		return 0;
	}
	kr_variable **in = kri_alloc(((size_t)ndim + 1) * sizeof *in);
	in[0] = x;
	for (int i = 0; i < ndim; i++)
		in[i + 1] = shape[i] < 0 ? kr_none_const()
					 : length_constant(shape[i]);
	return kr_op_call(out, kr_op_specify_shape(), (size_t)ndim + 1, in);
}

/* ---------------------------------------------------------- conversion */

kr_variable *kr_convert_variable(const kr_type *t, kr_variable *v)
{
	kr_check(t != NULL && v != NULL);
	if (kr_type_is_super(t, v->type))
		return v;
	if (!t->tensor || !v->type->tensor || t->dtype != v->type->dtype ||
	    t->ndim != v->type->ndim)
		return NULL;
	kr_variable *c;
	int rc = kr_specify_shape(&c, v, t->ndim, t->shape);
	kr_check(rc == 0); /* a tensor of that ndim always takes it */
	return c;
}

int kr_filter_variable(kr_variable **out, const kr_type *t, kr_variable *v)
{
	kr_check(out != NULL && t != NULL && v != NULL);
	kr_variable *c = kr_type_equal(t, v->type) ? v
						    : kr_convert_variable(t, v);
	if (!c)
		return kr_error_set(
			KR_EINVALID,
			"Cannot convert Type %s (of Variable %s) into Type %s. "
			"You can try to manually convert %s into a %s.",
			kr_type_to_string(v->type), kr_variable_to_string(v),
			kr_type_to_string(t), kr_variable_to_string(v),
			kr_type_to_string(t));
	*out = c;
	return 0;
}
