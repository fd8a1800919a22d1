/* clone.c -- copying plain graphs between inputs and outputs. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"
#include "kanrewrite/traversal.h"

/*
 * PyTensor's clone_get_equiv over a kr_equiv memo. The memo is the only
 * state: the sort (kr_io_toposort) ends before any copy is made, so no
 * traversal epoch is held while copying, and an entry of the memo is
 * never replaced except a node's (PyTensor's `memo[node] = new_node`).
 */

/* v's entry; unless it has one, `val` (memo.setdefault(v, val)). */
static kr_variable *setdefault(kr_equiv *memo, kr_variable *v,
			       kr_variable *val)
{
	kr_variable *e = kr_equiv_variable(memo, v);
	if (e)
		return e;
	kr_equiv_set_variable(memo, v, val);
	return val;
}

/* v's entry; unless it has one, its copy (copy) or itself. */
static kr_variable *entry_or(kr_equiv *memo, kr_variable *v, bool copy)
{
	kr_variable *e = kr_equiv_variable(memo, v);
	return e ? e : setdefault(memo, v, copy ? kri_variable_clone(v) : v);
}

static bool outputs_mapped(const kr_equiv *memo, const kr_apply *node)
{
	for (size_t j = 0; j < node->nout; j++)
		if (!kr_equiv_variable(memo, node->outputs[j]))
			return false;
	return true;
}

/* PyTensor's clone_node_and_cache: copy node over its inputs' entries. */
static int clone_node_into(kr_equiv *memo, kr_apply *node, bool copy_orphans)
{
	kr_variable **in = kri_alloc((node->nin ? node->nin : 1) * sizeof *in);
	for (size_t i = 0; i < node->nin; i++)
		in[i] = entry_or(memo, node->inputs[i], copy_orphans);
	if (outputs_mapped(memo, node))
		return 0;
	kr_apply *copy;
	int rc = kr_apply_clone_with_new_inputs(&copy, node, node->nin, in,
						true);
	if (rc < 0)
		return rc;
	kri_equiv_set_apply(memo, node, copy);
	for (size_t j = 0; j < node->nout; j++)
		setdefault(memo, node->outputs[j], copy->outputs[j]);
	return 0;
}

int kr_clone_get_equiv(kr_equiv **out, kr_equiv *memo, size_t nin,
		       kr_variable *const *inputs, size_t nout,
		       kr_variable *const *outputs, bool copy_inputs,
		       bool copy_orphans)
{
	kr_check(out != NULL && (nin == 0 || inputs != NULL));
	kr_check(nout == 0 || outputs != NULL);
	if (!memo)
		memo = kr_equiv_new();
	for (size_t k = 0; k < nin; k++) {
		kr_check(inputs[k] != NULL);
		entry_or(memo, inputs[k], copy_inputs);
	}
	kr_apply **order;
	size_t count;
	int rc = kr_io_toposort(&order, &count, nin, inputs, nout, outputs);
	for (size_t k = 0; rc == 0 && k < count; k++)
		rc = clone_node_into(memo, order[k], copy_orphans);
	if (rc < 0)
		return rc;
	for (size_t k = 0; k < nout; k++)
		entry_or(memo, outputs[k], true);
	*out = memo;
	return 0;
}

int kr_clone(kr_variable ***new_inputs, kr_variable ***new_outputs,
	     size_t nin, kr_variable *const *inputs, size_t nout,
	     kr_variable *const *outputs, bool copy_inputs, bool copy_orphans)
{
	kr_equiv *memo;
	int rc = kr_clone_get_equiv(&memo, NULL, nin, inputs, nout, outputs,
				    copy_inputs, copy_orphans);
	if (rc < 0)
		return rc;
	if (new_inputs) {
		*new_inputs = kri_alloc((nin ? nin : 1) * sizeof **new_inputs);
		for (size_t k = 0; k < nin; k++)
			(*new_inputs)[k] = kr_equiv_variable(memo, inputs[k]);
	}
	if (new_outputs) {
		*new_outputs = kri_alloc((nout ? nout : 1) *
					 sizeof **new_outputs);
		for (size_t k = 0; k < nout; k++)
			(*new_outputs)[k] = kr_equiv_variable(memo, outputs[k]);
	}
	return 0;
}
