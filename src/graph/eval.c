/* eval.c -- evaluation of graphs on input values (each op's perform). */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"
#include "kanrewrite/pprint.h"
#include "kanrewrite/value.h"

/*
 * Values live in a map variable -> value. The nodes are ordered by an
 * explicit-stack post-order walk from the outputs (no recursion), so each
 * node runs once, after the owners of its inputs.
 */
static int leaf_value(kri_pmap *vals, kr_variable *v)
{
	if (kri_pmap_has(vals, v))
		return 0;
	if (v->is_constant) {
		kri_pmap_put(vals, v, (void *)v->value);
		return 0;
	}
	return kr_error_set(KR_ENOTFOUND,
			    "eval: no value for the input %s",
			    kr_variable_to_string(v));
}

bool kri_can_perform(const kr_apply *node)
{
	const kr_op_desc *d = node->op->desc;
	return node->nout > 1 ? d->perform_outputs != NULL : d->perform != NULL;
}

int kri_perform(kr_value **outs, const kr_apply *node, const kr_value **in)
{
	const kr_op_desc *d = node->op->desc;
	return node->nout > 1
		       ? d->perform_outputs(outs, node->op, node->nin, in)
		       : d->perform(outs, node->op, node->nin, in);
}

static int run_node(kri_pmap *vals, kr_apply *node)
{
	const kr_value **in = kri_alloc((node->nin + 1) * sizeof *in);
	for (size_t i = 0; i < node->nin; i++) {
		in[i] = kri_pmap_get(vals, node->inputs[i]);
		/* the post-order gave every input a value, unless the
		 * input depends on this node: a graph that a
		 * replacement rewired into a cycle */
		if (!in[i])
			return kr_error_set(KR_EINVALID,
					    "eval: the graph contains a cycle "
					    "through %s",
					    kr_apply_to_string(node));
	}
	if (!kri_can_perform(node))
		return kr_error_set(KR_EINVALID,
				    "eval: the op %s cannot be evaluated (no "
				    "perform), in %s",
				    kr_op_to_string(node->op),
				    kr_apply_to_string(node));
	kr_value **outs = kri_alloc(node->nout * sizeof *outs);
	int rc = kri_perform(outs, node, in);
	if (rc < 0)
		return kr_error_set(rc, "eval: %s: %s",
				    kr_apply_to_string(node),
				    kr_strdup(kr_error_last()->message));
	for (size_t k = 0; k < node->nout; k++) {
		kr_check(outs[k] != NULL);
		kri_pmap_put(vals, node->outputs[k], outs[k]);
	}
	return 0;
}

/* Post-order: a variable is pushed twice, marked the second time. */
static int eval_var(kri_pmap *vals, kr_variable *root)
{
	kri_vec stack = {0};
	kri_pmap open = {0};
	kri_vec_push(&stack, root);
	while (stack.len > 0) {
		kr_variable *v = stack.items[stack.len - 1];
		if (kri_pmap_has(vals, v) || !v->owner) {
			stack.len--;
			int rc = leaf_value(vals, v);
			if (rc < 0)
				return rc;
			continue;
		}
		if (kri_pmap_has(&open, v->owner)) {
			stack.len--;
			int rc = run_node(vals, v->owner);
			if (rc < 0)
				return rc;
			continue;
		}
		kri_pmap_put(&open, v->owner, v);
		for (size_t i = v->owner->nin; i-- > 0;)
			kri_vec_push(&stack, v->owner->inputs[i]);
	}
	return 0;
}

int kr_graph_eval(kr_value **out, size_t nout, kr_variable *const *outputs,
		  size_t nin, kr_variable *const *inputs,
		  const kr_value *const *values)
{
	kr_check(out != NULL && (nout == 0 || outputs != NULL));
	kr_check(nin == 0 || (inputs != NULL && values != NULL));
	kri_pmap vals = {0};
	for (size_t i = 0; i < nin; i++) {
		kr_check(inputs[i] != NULL && values[i] != NULL);
		if (!kr_value_fits(values[i], inputs[i]->type))
			return kr_error_set(
				KR_EINVALID,
				"eval: a %s value of %d dimensions does not "
				"fit the input %s of type %s",
				kr_dtype_name(values[i]->dtype), values[i]->ndim,
				kr_variable_to_string(inputs[i]),
				kr_type_to_string(inputs[i]->type));
		kri_pmap_put(&vals, inputs[i], (void *)values[i]);
	}
	for (size_t k = 0; k < nout; k++) {
		int rc = eval_var(&vals, outputs[k]);
		if (rc < 0)
			return rc;
	}
	for (size_t k = 0; k < nout; k++)
		out[k] = kri_pmap_get(&vals, outputs[k]);
	return 0;
}

int kr_fgraph_eval(kr_value **out, const kr_fgraph *fg,
		   const kr_value *const *values)
{
	kr_check(fg != NULL);
	size_t nin = kr_fgraph_ninputs(fg), nout = kr_fgraph_noutputs(fg);
	kr_variable **ins = kri_alloc((nin + 1) * sizeof *ins);
	kr_variable **outs = kri_alloc((nout + 1) * sizeof *outs);
	for (size_t i = 0; i < nin; i++)
		ins[i] = kr_fgraph_input(fg, i);
	for (size_t k = 0; k < nout; k++)
		outs[k] = kr_fgraph_output(fg, k);
	return kr_graph_eval(out, nout, outs, nin, ins, values);
}
