/* op.c -- ops: descriptors with props, equality, and the op registry. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"

kr_op *kr_op_new(const kr_op_desc *desc, const void *props)
{
	kr_check(desc != NULL && desc->name != NULL);
	kr_check(desc->infer_from_inputs != NULL ||
		 (desc->nout > 1 ? desc->infer_outputs != NULL
				 : desc->infer != NULL ||
					   desc == &kri_output_desc));
	kr_check(desc->min_inputs >= 0);
	kr_check(desc->max_inputs < 0 || desc->max_inputs >= desc->min_inputs);
	kr_op *op = kri_alloc(sizeof *op);
	op->desc = desc;
	op->props = props;
	return op;
}

const char *kr_op_name(const kr_op *op)
{
	kr_check(op != NULL);
	return op->desc->name;
}

const kr_op_desc *kr_op_desc_of(const kr_op *op)
{
	kr_check(op != NULL);
	return op->desc;
}

const void *kr_op_props(const kr_op *op)
{
	kr_check(op != NULL);
	return op->props;
}

bool kr_op_equal(const kr_op *a, const kr_op *b)
{
	kr_check(a != NULL && b != NULL);
	if (a == b)
		return true;
	if (a->desc != b->desc)
		return false;
	if (a->props == b->props)
		return true;
	if (!a->desc->props_equal || !a->props || !b->props)
		return false;
	return a->desc->props_equal(a->props, b->props);
}

uint64_t kr_op_hash(const kr_op *op)
{
	kr_check(op != NULL);
	uint64_t h = kri_hash_ptr(op->desc);
	if (op->props == NULL)
		return h;
	if (op->desc->props_hash)
		return kri_hash_mix(h, op->desc->props_hash(op->props));
	if (op->desc->props_equal)
		return h; /* equal props, other pointers: only the desc is safe */
	return kri_hash_mix(h, kri_hash_ptr(op->props));
}

/* The entries of a KR_PAIRS_END-terminated list (NULL when empty). */
static const kr_io_pair *io_pairs(const kr_io_pair *p, size_t *n)
{
	kr_check(n != NULL);
	*n = 0;
	while (p && p[*n].output >= 0)
		++*n;
	return *n ? p : NULL;
}

const kr_io_pair *kr_op_destroy_map(const kr_op *op, size_t *n)
{
	kr_check(op != NULL);
	return io_pairs(op->desc->destroy_map, n);
}

const kr_io_pair *kr_op_view_map(const kr_op *op, size_t *n)
{
	kr_check(op != NULL);
	return io_pairs(op->desc->view_map, n);
}

kr_term *kr_op_prop(const kr_op *op, const char *name)
{
	kr_check(op != NULL && name != NULL);
	return op->desc->prop ? op->desc->prop(op, name) : NULL;
}

size_t kr_op_desc_nprops(const kr_op_desc *desc)
{
	kr_check(desc != NULL);
	size_t n = 0;
	while (desc->prop_names && desc->prop_names[n])
		n++;
	return n;
}

int kr_op_make(kr_op **out, const kr_op_desc *desc, kr_term *const *values)
{
	kr_check(out != NULL && desc != NULL);
	if (!desc->make)
		return kr_error_set(KR_EINVALID, "cannot make a %s op from "
				    "prop values: its descriptor has no make "
				    "hook", desc->name);
	kr_op *op = NULL;
	int rc = desc->make(&op, desc, values);
	if (rc < 0)
		return rc;
	if (!op)
		return kr_error_set(KR_EINVALID, "the make hook of %s gave no "
				    "op", desc->name);
	*out = op;
	return 0;
}

char *kr_op_to_string(const kr_op *op)
{
	kr_check(op != NULL);
	if (op->desc == &kri_output_desc)
		return kr_strfmt("output[%d]", *(const int *)op->props);
	if (op->desc->to_string)
		return op->desc->to_string(op);
	if (kr_op_is_opaque(op) && !strncmp(op->desc->name, "ps.", 3))
		return kr_strdup(op->desc->name + 3); /* str(ps.add) is add */
	if (!op->desc->props_to_string || !op->props)
		return kr_strdup(op->desc->name);
	return kr_strfmt("%s{%s}", op->desc->name,
			 op->desc->props_to_string(op->props));
}

/* ------------------------------------------------------------ registry */

/* Registered ops, in registration order; names are unique. */
static kri_vec registry;

kr_op *kr_op_lookup(const char *name)
{
	kr_check(name != NULL);
	kri_graph_init();
	for (size_t i = 0; i < registry.len; i++) {
		kr_op *op = registry.items[i];
		if (strcmp(op->desc->name, name) == 0)
			return op;
	}
	return NULL;
}

int kr_op_register(kr_op *op)
{
	kr_check(op != NULL);
	if (kr_op_lookup(op->desc->name))
		return kr_error_set(KR_EEXISTS,
				    "an op named '%s' is already registered",
				    op->desc->name);
	kri_vec_push(&registry, op);
	return 0;
}

/* ---------------------------------------------------------- Output ops */

static bool output_props_equal(const void *a, const void *b)
{
	return *(const int *)a == *(const int *)b;
}

static uint64_t output_props_hash(const void *p)
{
	return (uint64_t)(unsigned)*(const int *)p;
}

/*
 * PyTensor's Output(idx): the props are the index (an int), and the op
 * prints as `output[idx]` (special-cased in kr_op_to_string). It has no
 * infer hook: Output nodes are made by kri_output_node only.
 */
const kr_op_desc kri_output_desc = {
	.name = "output",
	.min_inputs = 1,
	.max_inputs = 1,
	.props_equal = output_props_equal,
	.props_hash = output_props_hash,
};
