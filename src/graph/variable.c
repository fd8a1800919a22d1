/* variable.c -- graph variables, constants and Apply nodes. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <math.h>

#include "graph.h"

/* ------------------------------------------------------------ variables */

static kr_variable *variable_alloc(const kr_type *type, const char *name)
{
	kr_check(type != NULL);
	kr_variable *v = kri_alloc(sizeof *v);
	v->type = type;
	v->name = name ? kr_strdup(name) : NULL;
	v->index = -1;
	return v;
}

kr_variable *kr_variable_new(const kr_type *type, const char *name)
{
	return variable_alloc(type, name);
}

kr_variable *kri_constant_with_value(const kr_type *t, const kr_value *value)
{
	kr_variable *v = variable_alloc(t, NULL);
	v->is_constant = true;
	v->value = value;
	return v;
}

/* Unknown lengths become 1, so the value broadcasts to any length. */
kr_variable *kr_constant_new(double value, const kr_type *type)
{
	const kr_type *t = type ? type : kr_type_scalar(KR_FLOAT64);
	int64_t shape[KR_TYPE_MAX_NDIM];
	for (int i = 0; i < t->ndim; i++)
		shape[i] = t->shape[i] >= 0 ? t->shape[i] : 1;
	kr_value *v = kr_value_new(t->dtype, t->ndim, shape);
	double x = kr_value_convert(t->dtype, value);
	for (size_t k = 0; k < v->size; k++)
		v->data[k] = x;
	return kri_constant_with_value(t, v);
}

/* --------------------------------------------------- nominal variables */

/*
 * The interned nominal variables, as PyTensor's class-level
 * `NominalVariable.__instances__`: a bucket (kri_vec *) per hash of
 * (type, id), keyed by that hash made an odd, hence non-NULL, "pointer".
 * The table is a static root of the collector, so a nominal variable
 * lives as long as the program, as in PyTensor.
 */
static kri_pmap nominals;

static void *nominal_key(const kr_type *t, int64_t id)
{
	return (void *)(uintptr_t)(kri_hash_mix(kr_type_hash(t),
						(uint64_t)id) | 1);
}

kr_variable *kr_nominal_new(int64_t id, const kr_type *type, const char *name)
{
	kr_check(type != NULL);
	void *key = nominal_key(type, id);
	kri_vec *bucket = kri_pmap_get(&nominals, key);
	for (size_t k = 0; bucket && k < bucket->len; k++) {
		kr_variable *v = bucket->items[k];
		if (v->nominal_id == id && kr_type_equal(v->type, type)) {
			kr_variable_set_name(v, name); /* as __init__ again */
			return v;
		}
	}
	if (!bucket) {
		bucket = kri_alloc(sizeof *bucket);
		kri_pmap_put(&nominals, key, bucket);
	}
	kr_variable *v = variable_alloc(type, name);
	v->is_nominal = true;
	v->nominal_id = id;
	kri_vec_push(bucket, v);
	return v;
}

bool kr_variable_is_nominal(const kr_variable *v)
{
	kr_check(v != NULL);
	return v->is_nominal;
}

bool kr_variable_is_atomic(const kr_variable *v)
{
	kr_check(v != NULL);
	return kri_is_atomic(v);
}

int64_t kr_nominal_id(const kr_variable *v)
{
	kr_check(v != NULL && v->is_nominal);
	return v->nominal_id;
}

char *kr_nominal_repr(const kr_variable *v)
{
	kr_check(v != NULL && v->is_nominal);
	return kr_strfmt("Nominal%sVariable(%lld, %s)",
			 v->type->tensor ? "Tensor" : "Scalar",
			 (long long)v->nominal_id, kr_type_repr(v->type));
}

/* ------------------------------------------------------------ accessors */

const kr_type *kr_variable_type(const kr_variable *v)
{
	kr_check(v != NULL);
	return v->type;
}

const char *kr_variable_name(const kr_variable *v)
{
	kr_check(v != NULL);
	return v->name;
}

void kr_variable_set_name(kr_variable *v, const char *name)
{
	kr_check(v != NULL);
	v->name = name ? kr_strdup(name) : NULL;
}

void kr_variable_set_indestructible(kr_variable *v, bool on)
{
	kr_check(v != NULL);
	v->indestructible = on;
}

bool kr_variable_is_indestructible(const kr_variable *v)
{
	kr_check(v != NULL);
	return v->indestructible;
}

kr_apply *kr_variable_owner(const kr_variable *v)
{
	kr_check(v != NULL);
	return v->owner;
}

int kr_variable_index(const kr_variable *v)
{
	kr_check(v != NULL);
	return v->index;
}

bool kr_variable_is_constant(const kr_variable *v)
{
	kr_check(v != NULL);
	return v->is_constant;
}

double kr_variable_constant_value(const kr_variable *v)
{
	kr_check(v != NULL && v->is_constant);
	return v->value->size ? v->value->data[0] : 0;
}

/*
 * Python's repr of a float: the shortest digits that read back exactly,
 * positional for decimal exponents in [-4, 16), with ".0" when integral.
 */
char *kri_format_double(double d)
{
	if (isnan(d))
		return kr_strdup("nan");
	if (isinf(d))
		return kr_strdup(d < 0 ? "-inf" : "inf");
	char buf[64];
	int p = 1;
	for (; p < 17; p++) {
		snprintf(buf, sizeof buf, "%.*e", p - 1, d);
		if (strtod(buf, NULL) == d)
			break;
	}
	snprintf(buf, sizeof buf, "%.*e", p - 1, d);
	int exp10 = atoi(strchr(buf, 'e') + 1);
	if (exp10 < -4 || exp10 >= 16)
		return kr_strdup(buf);
	int decimals = p - 1 - exp10 > 0 ? p - 1 - exp10 : 0;
	snprintf(buf, sizeof buf, "%.*f", decimals, d);
	return decimals ? kr_strdup(buf) : kr_strfmt("%s.0", buf);
}

/* NoneConst's data is Python's None (its value only marks it). */
static char *constant_string(const kr_variable *v)
{
	return v->type->none ? kr_strdup("None") : kri_constant_pystr(v->value);
}

/* Variable.__str__: the name, `op.index`, or `<type>`. */
static char *plain_string(const kr_variable *v)
{
	if (v->name)
		return kr_strdup(v->name);
	if (v->owner)
		return kr_strfmt("%s.%d", kri_apply_op_string(v->owner),
				 v->index);
	return kr_strfmt("<%s>", kr_type_to_string(v->type));
}

char *kr_variable_to_string(const kr_variable *v)
{
	kr_check(v != NULL);
	if (v->is_constant && v->name)
		return kr_strfmt("%s{%s}", v->name, constant_string(v));
	if (v->is_constant)
		return constant_string(v);
	if (v->is_nominal)
		return kr_strfmt("*%lld-%s", (long long)v->nominal_id,
				 plain_string(v));
	return plain_string(v);
}

kr_variable *kr_variable_clone(const kr_variable *v, const char *name)
{
	kr_check(v != NULL);
	if (v->is_constant) /* Constant.clone(**kwargs): self, name unused */
		return (kr_variable *)v;
	if (v->is_nominal) { /* the one object of its (type, id) */
		kr_variable *same = (kr_variable *)v;
		if (name)
			kr_variable_set_name(same, name);
		return same;
	}
	kr_variable *c = variable_alloc(v->type, NULL);
	c->name = name ? kr_strdup(name) : v->name;
	c->indestructible = v->indestructible;
	c->tag = v->tag; /* label and trace */
	return c;
}

kr_variable *kri_variable_clone(const kr_variable *v)
{
	if (kri_is_atomic(v))
		return (kr_variable *)v;
	kr_variable *c = variable_alloc(v->type, NULL);
	c->name = v->name;
	c->indestructible = v->indestructible;
	c->tag = v->tag; /* its trace (labels are constants') */
	return c;
}

/* ------------------------------------------------------------ tags */

const kri_strs *kri_strs_append(const kri_strs *list, const char *s)
{
	size_t n = list ? list->n : 0;
	kri_strs *l = kri_alloc(sizeof *l + (n + 1) * sizeof l->items[0]);
	for (size_t k = 0; k < n; k++)
		l->items[k] = list->items[k];
	l->items[n] = s;
	l->n = n + 1;
	return l;
}

static const kri_vtag *vtag(const char *label, const kri_strs *trace)
{
	if (!label && !trace)
		return NULL;
	kri_vtag *t = kri_alloc(sizeof *t);
	t->label = label;
	t->trace = trace;
	return t;
}

void kri_variable_set_label(kr_variable *v, const char *label)
{
	v->tag = vtag(label ? kr_strdup(label) : NULL,
		      v->tag ? v->tag->trace : NULL);
}

static const char *const *strs_items(const kri_strs *l, size_t *n)
{
	*n = l ? l->n : 0;
	return *n ? l->items : NULL;
}

const char *const *kr_variable_trace(const kr_variable *v, size_t *n)
{
	kr_check(v != NULL && n != NULL);
	return strs_items(v->tag ? v->tag->trace : NULL, n);
}

void kr_variable_set_trace(kr_variable *v, size_t n,
			   const char *const *traces)
{
	kr_check(v != NULL && (n == 0 || traces != NULL));
	const kri_strs *l = NULL;
	for (size_t k = 0; k < n; k++) {
		kr_check(traces[k] != NULL);
		l = kri_strs_append(l, kr_strdup(traces[k]));
	}
	v->tag = vtag(kri_variable_label(v), l);
}

kr_variable *kr_add_tag_trace(kr_variable *v, const char *trace)
{
	kr_check(v != NULL && trace != NULL);
	kr_variable_set_trace(v, 1, &trace);
	return v;
}

/* The reasons of node's tag cells of one kind, oldest first. */
static const char *const *tag_reasons(const kr_apply *node, char kind,
				      size_t *n)
{
	size_t k = 0;
	for (const kri_tagcell *c = node->tag; c; c = c->next)
		k += c->reason[0] == kind;
	*n = k;
	if (k == 0)
		return NULL;
	const char **items = kri_alloc(k * sizeof *items);
	for (const kri_tagcell *c = node->tag; c; c = c->next)
		if (c->reason[0] == kind)
			items[--k] = c->reason + 1;
	return items;
}

const char *const *kr_apply_imported_by(const kr_apply *node, size_t *n)
{
	kr_check(node != NULL && n != NULL);
	return tag_reasons(node, 'i', n);
}

const char *const *kr_apply_removed_by(const kr_apply *node, size_t *n)
{
	kr_check(node != NULL && n != NULL);
	return tag_reasons(node, 'r', n);
}

/* ---------------------------------------------------------- apply nodes */

static kr_apply *apply_alloc(kr_op *op, size_t nin, kr_variable *const *in,
			     size_t nout)
{
	kr_check(nin < UINT32_MAX && nout < UINT32_MAX);
	kr_apply *node = kri_alloc(sizeof *node + (nin + nout) * sizeof(void *));
	node->op = op;
	node->nin = (uint32_t)nin;
	node->nout = (uint32_t)nout;
	node->inputs = node->io;
	for (size_t i = 0; i < nin; i++)
		node->inputs[i] = in[i];
	node->outputs = node->io + nin;
	return node;
}

static void set_output(kr_apply *node, size_t i, kr_variable *v)
{
	v->owner = node;
	v->index = (int)i;
	node->outputs[i] = v;
}

static int check_arity(const kr_op *op, size_t nin)
{
	const kr_op_desc *d = op->desc;
	if (nin < (size_t)d->min_inputs)
		return kr_error_set(KR_EINVALID,
				    "%s: expected %s%d input%s, got %zu",
				    d->name,
				    d->max_inputs == d->min_inputs ? "" : "at least ",
				    d->min_inputs, d->min_inputs == 1 ? "" : "s",
				    nin);
	if (d->max_inputs >= 0 && nin > (size_t)d->max_inputs)
		return kr_error_set(KR_EINVALID,
				    "%s: expected %s%d input%s, got %zu",
				    d->name,
				    d->max_inputs == d->min_inputs ? "" : "at most ",
				    d->max_inputs, d->max_inputs == 1 ? "" : "s",
				    nin);
	return 0;
}

int kr_apply_make(kr_apply **out, kr_op *op, size_t nin,
		  kr_variable *const *inputs)
{
	kr_check(out != NULL && op != NULL && (nin == 0 || inputs != NULL));
	kr_check(op->desc != &kri_output_desc);
	for (size_t i = 0; i < nin; i++)
		kr_check(inputs[i] != NULL);
	int rc = check_arity(op, nin);
	if (rc < 0)
		return rc;
	const kr_type *small[8];
	const kr_type **types =
		nin <= 8 ? small : kri_alloc(nin * sizeof *types);
	for (size_t i = 0; i < nin; i++)
		types[i] = inputs[i]->type;
	size_t nout = op->desc->nout > 1 ? (size_t)op->desc->nout : 1;
	const kr_type *osmall[8];
	const kr_type **otypes =
		nout <= 8 ? osmall : kri_alloc(nout * sizeof *otypes);
	if (op->desc->infer_from_inputs)
		rc = op->desc->infer_from_inputs(otypes, op, nin, inputs);
	else
		rc = nout > 1 ? op->desc->infer_outputs(otypes, op, nin, types)
			      : op->desc->infer(otypes, op, nin, types);
	if (rc < 0)
		return rc;
	kr_apply *node = apply_alloc(op, nin, inputs, nout);
	for (size_t k = 0; k < nout; k++) {
		kr_check(otypes[k] != NULL);
		set_output(node, k, variable_alloc(otypes[k], NULL));
	}
	*out = node;
	return 0;
}

int kr_op_call(kr_variable **out, kr_op *op, size_t nin,
	       kr_variable *const *inputs)
{
	kr_check(out != NULL);
	kr_apply *node;
	int rc = kr_apply_make(&node, op, nin, inputs);
	if (rc < 0)
		return rc;
	*out = node->outputs[0]; /* the default output, or the first */
	return 0;
}

int kr_op_call_named(kr_variable **out, kr_op *op, size_t nin,
		     kr_variable *const *inputs, const char *name)
{
	int rc = kr_op_call(out, op, nin, inputs);
	if (rc < 0 || !name)
		return rc;
	kr_apply *node = (*out)->owner;
	if (node->nout == 1) {
		kr_variable_set_name(*out, name);
		return 0;
	}
	for (uint32_t k = 0; k < node->nout; k++)
		kr_variable_set_name(node->outputs[k],
				     kr_strfmt("%s_%u", name, (unsigned)k));
	return 0;
}

kr_apply *kri_output_node(int idx, kr_variable *v)
{
	int *props = kri_alloc_atomic(sizeof *props);
	*props = idx;
	kr_op *op = kr_op_new(&kri_output_desc, props);
	return apply_alloc(op, 1, &v, 0);
}

kr_apply *kri_apply_clone(const kr_apply *node, kr_variable *const *new_inputs)
{
	kr_apply *c = apply_alloc(node->op, node->nin, new_inputs, node->nout);
	for (size_t i = 0; i < node->nout; i++) {
		kr_variable *o = variable_alloc(node->outputs[i]->type, NULL);
		o->name = node->outputs[i]->name;
		o->indestructible = node->outputs[i]->indestructible;
		o->tag = node->outputs[i]->tag;
		set_output(c, i, o);
	}
	c->tag = node->tag; /* PyTensor copies node.tag */
	return c;
}

kr_apply *kr_apply_clone(const kr_apply *node)
{
	kr_check(node != NULL);
	return kri_apply_clone(node, node->inputs);
}

/*
 * As PyTensor: an input of another type (any input, for an op reading
 * input values) is filtered through the old type when strict, and the
 * node is made anew when a (filtered) type still differs, or always when
 * not strict.
 */
int kr_apply_clone_with_new_inputs(kr_apply **out, const kr_apply *node,
				   size_t nin, kr_variable *const *inputs,
				   bool strict)
{
	kr_check(out != NULL && node != NULL && (nin == 0 || inputs));
	if (nin != node->nin)
		return kr_error_set(KR_EINVALID,
				    "clone_with_new_inputs: %zu inputs given "
				    "to a node of %zu (%s)",
				    nin, (size_t)node->nin,
				    kr_op_to_string(node->op));
	bool by_value = node->op->desc->infer_from_inputs != NULL;
	bool remake = false;
	kr_variable **in = kri_alloc((nin + 1) * sizeof *in);
	for (size_t i = 0; i < nin; i++) {
		kr_check(inputs[i] != NULL);
		const kr_type *t = node->inputs[i]->type;
		in[i] = inputs[i];
		if (kr_type_equal(t, in[i]->type) && !by_value)
			continue;
		if (!strict) {
			remake = true;
			continue;
		}
		int rc = kr_filter_variable(&in[i], t, inputs[i]);
		if (rc < 0)
			return rc;
		remake |= !kr_type_equal(t, in[i]->type);
	}
	if (remake) {
		int rc = kr_apply_make(out, node->op, nin, in);
		if (rc == 0) /* PyTensor: copy(self.tag).__update__(new.tag) */
			(*out)->tag = node->tag;
		return rc;
	}
	*out = kri_apply_clone(node, in);
	return 0;
}

void kri_apply_set_input(kr_apply *node, size_t i, kr_variable *v)
{
	kr_check(i < node->nin && v != NULL);
	node->inputs[i] = v;
	for (size_t k = 0; k < node->nout; k++)
		node->outputs[k]->expansion = NULL;
}

kr_op *kr_apply_op(const kr_apply *node)
{
	kr_check(node != NULL);
	return node->op;
}

size_t kr_apply_ninputs(const kr_apply *node)
{
	kr_check(node != NULL);
	return node->nin;
}

kr_variable *kr_apply_input(const kr_apply *node, size_t i)
{
	kr_check(node != NULL && i < node->nin);
	return node->inputs[i];
}

size_t kr_apply_noutputs(const kr_apply *node)
{
	kr_check(node != NULL);
	return node->nout;
}

kr_variable *kr_apply_output(const kr_apply *node, size_t i)
{
	kr_check(node != NULL && i < node->nout);
	return node->outputs[i];
}

kr_variable *kr_apply_default_output(const kr_apply *node)
{
	kr_check(node != NULL && node->nout == 1);
	return node->outputs[0];
}

bool kr_apply_is_output(const kr_apply *node)
{
	kr_check(node != NULL);
	return node->op->desc == &kri_output_desc;
}

int kr_apply_output_index(const kr_apply *node)
{
	if (!kr_apply_is_output(node))
		return -1;
	return *(const int *)node->op->props;
}

void kri_apply_set_output_type(kr_apply *node, size_t i, const kr_type *t)
{
	kr_check(node != NULL && i < node->nout && t != NULL);
	node->outputs[i]->type = t;
}
