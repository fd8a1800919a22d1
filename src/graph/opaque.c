/* opaque.c -- opaque ops: ops of graph files outside our op library. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <ctype.h>
#include <limits.h>

#include "graph.h"

/*
 * An opaque op has its own descriptor whose name is the token, interned
 * in `tokens` (hash of the token -> chain), so equal tokens give the same
 * op object and kr_op_equal is token equality. The output type follows the
 * rules of the shared graphs' ops.tsv for the op classes listed below.
 */
typedef struct opaque {
	kr_op_desc desc;
	kr_op *op;
	struct opaque *next;
} opaque;

static kri_pmap tokens;

/* ----------------------------------------------------------- token props */

/* The text of prop `key` in `Class{k=v,...}` (depth-0 commas), or NULL. */
static char *prop(const char *token, const char *key)
{
	const char *s = strchr(token, '{');
	size_t klen = strlen(key);
	int depth = 0;
	for (const char *p = s ? s + 1 : NULL; p && *p; p++) {
		bool start = p == s + 1 || (depth == 0 && p[-1] == ',');
		if (start && !strncmp(p, key, klen) && p[klen] == '=') {
			const char *v = p + klen + 1, *e = v;
			for (int d = 0; *e && (d > 0 || (*e != ',' && *e != '}'));
			     e++)
				d += (*e == '[' || *e == '{') - (*e == ']' || *e == '}');
			return kr_strfmt("%.*s", (int)(e - v), v);
		}
		depth += (*p == '[' || *p == '{') - (*p == ']' || *p == '}');
	}
	return NULL;
}

/* The class: the token up to `{`, without a `ps.` prefix. */
static char *class_of(const char *token)
{
	if (!strncmp(token, "ps.", 3))
		token += 3;
	return kr_strfmt("%.*s", (int)strcspn(token, "{"), token);
}

static bool in_list(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(name, *list))
			return true;
	return false;
}

/* ------------------------------------------------------------ type rules */

static const char *const float_ops[] = {
	"sigmoid", "tanh", "sqrt", "log1p", "expm1", "softplus", "sin", "cos",
	"tan", "erf", "erfc", "log2", "log10", "exp2", "arctan", "cosh",
	"sinh", "arcsin", "arccos", "reciprocal", NULL};
static const char *const bool_ops[] = {"eq", "neq", "lt", "gt", "le", "ge",
				       "isnan", "isinf", "invert", NULL};
static const char *const upcast_ops[] = {"maximum", "minimum", "abs",
					 "int_div", "mod", "sign", "floor",
					 "ceil", "round", "clip", "switch",
					 NULL};

static int elemwise_rule(const char *cls, const char *token)
{
	char *dt;
	kr_dtype d;
	if (in_list(cls, float_ops))
		return KRI_DT_FLOAT;
	if (in_list(cls, bool_ops))
		return KRI_NDT_RULES + KR_BOOL;
	if (!strcmp(cls, "second"))
		return KRI_DT_SECOND;
	if (!strcmp(cls, "Cast") && (dt = prop(token, "dtype")) &&
	    kr_dtype_from_name(&d, dt) == 0)
		return KRI_NDT_RULES + (int)d;
	if (in_list(cls, upcast_ops))
		return KRI_DT_UPCAST;
	return -1;
}

/* DimShuffle{input_ndim=N,new_order=[...]}: x is a new length-1 dim. */
static const kr_type *dimshuffle(const char *token, const kr_type *x)
{
	char *order = prop(token, "new_order");
	if (!order || order[0] != '[' || !x->tensor)
		return NULL;
	int64_t shape[KR_TYPE_MAX_NDIM];
	int nd = 0;
	for (char *p = order + 1; *p && *p != ']' && nd < KR_TYPE_MAX_NDIM;) {
		if (*p == 'x') {
			shape[nd++] = 1;
			p++;
		} else {
			long k = strtol(p, &p, 10);
			shape[nd++] = k >= 0 && k < x->ndim ? x->shape[k] : -1;
		}
		if (*p == ',')
			p++;
	}
	return kr_type_tensor(x->dtype, nd, shape);
}

/* Sum{axis=None|[a,...],dtype=D}: the axes are removed. */
static const kr_type *sum(const char *token, const kr_type *x)
{
	char *axis = prop(token, "axis"), *dt = prop(token, "dtype");
	kr_dtype d = KR_FLOAT64;
	if (dt && kr_dtype_from_name(&d, dt) < 0)
		return NULL;
	bool drop[KR_TYPE_MAX_NDIM] = {0};
	for (int i = 0; i < x->ndim; i++)
		drop[i] = !axis || !strcmp(axis, "None");
	for (char *p = axis && axis[0] == '[' ? axis + 1 : NULL; p && *p;) {
		if (*p == ']')
			break;
		char *end;
		long k = strtol(p, &end, 10);
		if (end == p)
			return NULL; /* not a list of axes */
		p = end;
		if (k < 0)
			k += x->ndim;
		if (k >= 0 && k < x->ndim)
			drop[k] = true;
		p += *p == ',' || *p == ']';
	}
	int64_t shape[KR_TYPE_MAX_NDIM];
	int nd = 0;
	for (int i = 0; i < x->ndim; i++)
		if (!drop[i])
			shape[nd++] = x->shape[i];
	return kr_type_tensor(d, nd, shape);
}

/* Subtensor{idx_list=[...]}: a dtype entry (an index) removes a dim. */
static const kr_type *subtensor(const char *token, const kr_type *x)
{
	char *list = prop(token, "idx_list");
	if (!list || list[0] != '[')
		return NULL;
	int64_t shape[KR_TYPE_MAX_NDIM];
	int nd = 0, dim = 0;
	for (char *p = list + 1; *p && *p != ']' && dim < x->ndim; dim++) {
		size_t n = strcspn(p, ",]");
		if (!strncmp(p, "slice", 5))
			shape[nd++] = -1;
		p += n + (p[n] == ',');
	}
	for (; dim < x->ndim; dim++)
		shape[nd++] = x->shape[dim];
	return kr_type_tensor(x->dtype, nd, shape);
}

/* Blockwise{core_op=Dot,...}: batch dims, then (m, p). */
static const kr_type *blockwise_dot(const kr_type *a, const kr_type *b)
{
	if (a->ndim < 2 || b->ndim < 2 || a->ndim != b->ndim)
		return NULL;
	int64_t shape[KR_TYPE_MAX_NDIM];
	int nd = a->ndim;
	for (int i = 0; i < nd - 2; i++)
		shape[i] = a->shape[i] == 1 ? b->shape[i] : a->shape[i];
	shape[nd - 2] = a->shape[nd - 2];
	shape[nd - 1] = b->shape[nd - 1];
	return kr_type_tensor(kr_dtype_upcast(a->dtype, b->dtype), nd, shape);
}

static const kr_type *class_rule(const char *cls, const char *token,
				 size_t nin, const kr_type *const *ts)
{
	if (!strcmp(cls, "DimShuffle"))
		return dimshuffle(token, ts[0]);
	if (!strcmp(cls, "Sum"))
		return sum(token, ts[0]);
	if (!strcmp(cls, "Subtensor"))
		return subtensor(token, ts[0]);
	if (!strcmp(cls, "Shape")) {
		int64_t n = ts[0]->ndim;
		return kr_type_tensor(KR_INT64, 1, &n);
	}
	if (!strcmp(cls, "Shape_i"))
		return kr_type_tensor(KR_INT64, 0, NULL);
	if (!strcmp(cls, "Blockwise") && nin == 2 &&
	    !strcmp(prop(token, "core_op") ? prop(token, "core_op") : "", "Dot"))
		return blockwise_dot(ts[0], ts[1]);
	return NULL; /* Softmax, SoftmaxGrad, unknown: the first input's type */
}

static int infer_opaque(const kr_type **out, const kr_op *op, size_t nin,
			const kr_type *const *ts)
{
	const char *token = op->desc->name;
	if (nin == 0) {
		*out = kr_type_tensor(KR_FLOAT64, 0, NULL);
		return 0;
	}
	char *cls = class_of(token);
	int rule = elemwise_rule(cls, token);
	if (rule >= 0 && kri_infer_elemwise_rule(out, op, nin, ts, rule) == 0)
		return 0;
	const kr_type *t = class_rule(cls, token, nin, ts);
	*out = t ? t : ts[0];
	return 0;
}

/*
 * The outputs of a Composite of several (`out=[r0,r1,...]`, the format's
 * `(...)::k`): each the inputs' broadcast shape and upcast dtype -- the
 * inner graph, which would tell each output's dtype, is not read.
 */
static size_t composite_nout(const char *token)
{
	char *outs = prop(token, "out");
	if (strcmp(class_of(token), "Composite") || !outs || outs[0] != '[' ||
	    outs[1] == ']')
		return 1;
	size_t n = 1;
	int depth = 0;
	for (const char *p = outs + 1; *p; p++) {
		depth += (*p == '[' || *p == '{') - (*p == ']' || *p == '}');
		n += depth == 0 && *p == ',';
	}
	return n;
}

static int infer_composite(const kr_type **out, const kr_op *op, size_t nin,
			   const kr_type *const *ts)
{
	const kr_type *t = kr_type_tensor(KR_FLOAT64, 0, NULL);
	if (nin > 0 && kri_infer_elemwise_rule(&t, op, nin, ts,
					       KRI_DT_UPCAST) < 0)
		t = ts[0];
	for (int k = 0; k < op->desc->nout; k++)
		out[k] = t;
	return 0;
}

/*
 * Cast{dtype=D}, the one opaque op that evaluates: each element converted
 * to D as numpy's astype (kr_value_convert()).
 */
static int perform_cast(kr_value **out, const kr_op *op, size_t nin,
			const kr_value *const *in)
{
	kr_dtype d;
	char *dt = prop(op->desc->name, "dtype");
	if (nin != 1)
		return kr_error_set(KR_EINVALID, "%s: takes 1 input, not %zu",
				    op->desc->name, nin);
	if (!dt || kr_dtype_from_name(&d, dt) < 0)
		return kr_error_set(KR_EINVALID, "%s: no known dtype",
				    op->desc->name);
	kr_value *v = kr_value_new(d, in[0]->ndim, in[0]->shape);
	for (size_t k = 0; k < v->size; k++)
		v->data[k] = kr_value_convert(d, in[0]->data[k]);
	*out = v;
	return 0;
}

/* ----------------------------------------------------------- the table */

kr_op *kr_op_opaque(const char *token)
{
	kr_check(token != NULL && *token && !strpbrk(token, " \t\n()"));
	uint64_t h = kri_hash_bytes(token, strlen(token)) | 1;
	void *key = (void *)(uintptr_t)h;
	opaque *chain = kri_pmap_get(&tokens, key);
	for (opaque *o = chain; o; o = o->next)
		if (!strcmp(o->desc.name, token))
			return o->op;
	opaque *o = kri_alloc(sizeof *o);
	o->desc = (kr_op_desc){.name = kr_strdup(token), .min_inputs = 0,
			       .max_inputs = -1, .infer = infer_opaque};
	if (!strcmp(class_of(token), "Cast") && strncmp(token, "ps.", 3))
		o->desc.perform = perform_cast;
	size_t nout = composite_nout(token);
	if (nout > 1 && nout <= INT_MAX) {
		o->desc.nout = (int)nout;
		o->desc.infer_outputs = infer_composite;
	}
	o->op = kr_op_new(&o->desc, NULL);
	o->next = chain;
	kri_pmap_put(&tokens, key, o);
	return o->op;
}

kr_op *kr_op_cast(kr_dtype d)
{
	return kr_op_opaque(kr_strfmt("Cast{dtype=%s}", kr_dtype_name(d)));
}

bool kr_op_is_opaque(const kr_op *op)
{
	kr_check(op != NULL);
	return op->desc->infer == infer_opaque;
}

/* ------------------------------------------------------------ printing */

/*
 * The new_order of a DimShuffle token, entries -1 for `x`, and its
 * input_ndim; false for another token or one that does not parse.
 */
bool kri_opaque_dimshuffle(const kr_op *op, int *order, int *n, int *ndim)
{
	if (!kr_op_is_opaque(op))
		return false;
	const char *token = op->desc->name;
	char *cls = class_of(token), *nd = prop(token, "input_ndim");
	char *list = prop(token, "new_order");
	if (strcmp(cls, "DimShuffle") || !nd || !list || list[0] != '[')
		return false;
	char *rest;
	long d = strtol(nd, &rest, 10);
	if (rest == nd || *rest || d < 0 || d > KR_TYPE_MAX_NDIM)
		return false; /* not a rank a tensor can have */
	*ndim = (int)d;
	*n = 0;
	for (char *p = list + 1; *p && *p != ']';) {
		if (*n == KR_TYPE_MAX_NDIM)
			return false;
		if (*p == 'x') {
			order[(*n)++] = -1;
			p++;
		} else {
			char *end;
			long k = strtol(p, &end, 10);
			if (end == p || k < 0 || k >= *ndim)
				return false;
			order[(*n)++] = (int)k;
			p = end;
		}
		if (*p == ',')
			p++;
	}
	return true;
}

/* Python's repr of a list of ints: `[1, 0]`. */
static char *int_list(const int *v, int n)
{
	kri_buf b = {0};
	kri_buf_putc(&b, '[');
	for (int i = 0; i < n; i++)
		kri_buf_printf(&b, "%s%d", i ? ", " : "", v[i]);
	kri_buf_putc(&b, ']');
	return kri_buf_str(&b);
}

/* PyTensor 2.32's DimShuffle.__str__. */
static char *dimshuffle_str(const int *order, int n, int ndim)
{
	int shuffle[KR_TYPE_MAX_NDIM], augment[KR_TYPE_MAX_NDIM];
	int drop[KR_TYPE_MAX_NDIM];
	int ns = 0, na = 0, nd = 0;
	bool kept[KR_TYPE_MAX_NDIM] = {0}, shuffled = false;
	for (int i = 0; i < n; i++) {
		if (order[i] < 0) {
			augment[na++] = i;
			continue;
		}
		shuffled = shuffled || (ns > 0 && shuffle[ns - 1] > order[i]);
		shuffle[ns++] = order[i];
		kept[order[i]] = true;
	}
	for (int i = 0; i < ndim; i++)
		if (!kept[i])
			drop[nd++] = i;
	if (na && !shuffled && !nd)
		return na == 1 ? kr_strfmt("ExpandDims{axis=%d}", augment[0])
			       : kr_strfmt("ExpandDims{axes=%s}",
					   int_list(augment, na));
	if (nd && !shuffled && !na)
		return nd == 1 ? kr_strfmt("Squeeze{axis=%d}", drop[0])
			       : kr_strfmt("Squeeze{axes=%s}",
					   int_list(drop, nd));
	if (shuffled && !na && !nd)
		return kr_strfmt("Transpose{axes=%s}", int_list(shuffle, ns));
	kri_buf b = {0};
	kri_buf_puts(&b, "DimShuffle{order=[");
	for (int i = 0; i < n; i++) {
		if (i)
			kri_buf_putc(&b, ',');
		if (order[i] < 0)
			kri_buf_putc(&b, 'x');
		else
			kri_buf_printf(&b, "%d", order[i]);
	}
	kri_buf_puts(&b, "]}");
	return kri_buf_str(&b);
}

/*
 * PyTensor 2.32's Sum.__str__ (FixedOpCAReduce): `Sum{axes=None}`,
 * `Sum{axis=0}`, `Sum{axes=[0, 1]}`, with `, acc=D` when the accumulator
 * dtype differs from the output's. The token's dtype and acc_dtype are
 * float64 when left out. NULL when the axis does not parse.
 */
static char *sum_str(const char *token)
{
	char *axis = prop(token, "axis");
	const char *dt = prop(token, "dtype"), *acc = prop(token, "acc_dtype");
	dt = dt ? dt : "float64";
	acc = acc ? acc : "float64";
	const char *tail = strcmp(dt, acc) ? kr_strfmt(", acc=%s}", acc) : "}";
	if (!axis || !strcmp(axis, "None"))
		return kr_strfmt("Sum{axes=None%s", tail);
	if (axis[0] != '[')
		return NULL;
	int v[KR_TYPE_MAX_NDIM], n = 0;
	for (char *p = axis + 1; *p && *p != ']';) {
		char *end;
		long k = strtol(p, &end, 10);
		if (end == p || n == KR_TYPE_MAX_NDIM)
			return NULL;
		v[n++] = (int)k;
		p = end + (*end == ',');
	}
	if (n == 1)
		return kr_strfmt("Sum{axis=%d%s", v[0], tail);
	return kr_strfmt("Sum{axes=%s%s", int_list(v, n), tail);
}

char *kri_opaque_str(const kr_op *op)
{
	if (!kr_op_is_opaque(op))
		return NULL;
	const char *token = op->desc->name;
	char *cls = class_of(token);
	int order[KR_TYPE_MAX_NDIM], n, ndim;
	if (!strcmp(cls, "Cast") && strncmp(token, "ps.", 3)) {
		char *dt = prop(token, "dtype");
		return dt ? kr_strfmt("Cast{%s}", dt) : NULL;
	}
	if (kri_opaque_dimshuffle(op, order, &n, &ndim))
		return dimshuffle_str(order, n, ndim);
	if (!strcmp(cls, "Sum"))
		return sum_str(token);
	if (!islower((unsigned char)token[0]) || !strncmp(token, "ps.", 3))
		return NULL;
	return kri_capitalize(cls); /* an Elemwise: str(scalar_op) */
}

char *kri_capitalize(const char *s)
{
	char *c = kr_strdup(s);
	for (size_t i = 0; c[i]; i++)
		c[i] = (char)(i ? tolower((unsigned char)c[i])
				: toupper((unsigned char)c[i]));
	return c;
}
