/* greedy.c -- constant folding, pre_constant_merge, pre_greedy_node_rewriter. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"
#include "graph/graph.h"
#include "kanrewrite/pprint.h"
#include "kanrewrite/value.h"

/*
 * The two pre_* helpers of PyTensor's rewriting/basic.py change graphs
 * that are not (yet) in a FunctionGraph, in place, by setting node inputs
 * (kri_apply_set_input). Both walk up from their variables with an
 * explicit stack of (node, next input) frames, in the order of PyTensor's
 * recursion (depth first, inputs left to right), so a deep graph never
 * reaches the C stack and the first constant met is the one kept.
 */

typedef struct frame {
	kr_apply *node;
	size_t i;
} frame;

static void push(kri_vec *stack, kr_apply *node)
{
	frame *f = kri_alloc(sizeof *f);
	f->node = node;
	kri_vec_push(stack, f);
}

/* ------------------------------------------------------ constant folding */

static int fold(kr_fgraph *fg, kr_apply *node, kr_replacements **out,
		void *data)
{
	(void)fg;
	(void)data;
	for (size_t i = 0; i < node->nin; i++)
		if (!node->inputs[i]->is_constant)
			return 0;
	if (!kri_can_perform(node))
		return 0;
	const kr_value **in = kri_alloc((node->nin + 1) * sizeof *in);
	for (size_t i = 0; i < node->nin; i++)
		in[i] = node->inputs[i]->value;
	kr_value **vals = kri_alloc(node->nout * sizeof *vals);
	int rc = kri_perform(vals, node, in);
	if (rc < 0)
		return kr_error_set(rc, "constant_folding: %s: %s",
				    kr_apply_to_string(node),
				    kr_strdup(kr_error_last()->message));
	kr_variable **consts = kri_alloc(node->nout * sizeof *consts);
	for (size_t k = 0; k < node->nout; k++)
		if (kr_constant_make(&consts[k], node->outputs[k]->type,
				     vals[k]) < 0) {
			kr_error_clear(); /* a value its type cannot hold */
			return 0;
		}
	*out = kr_replacements_for_outputs(node, node->nout, consts);
	return 0;
}

kr_node_rewriter *kr_constant_folding_new(void)
{
	return kr_node_rewriter_from_fn("constant_folding", fold, NULL, 0,
					NULL);
}

/* ---------------------------------------------------- pre_constant_merge */

/* The canonical constant equal to c: the first one interned. */
static kr_variable *canonical(kri_pmap *table, kr_variable *c)
{
	kri_entry *first =
		kri_intern(table, kr_constant_hash(c), c, kri_same_constant);
	return first ? first->item : c;
}

int kr_pre_constant_merge(kr_variable **out, kr_fgraph *fg, size_t n,
			  kr_variable *const *vars)
{
	kr_check(out != NULL && fg != NULL && (n == 0 || vars != NULL));
	kri_pmap table = {0}, done = {0};
	kri_vec stack = {0};
	for (size_t v = 0; v < n; v++) {
		kr_check(vars[v] != NULL);
		kr_variable *var = vars[v];
		out[v] = var->is_constant ? canonical(&table, var) : var;
		kr_apply *root = var->owner;
		if (!root || kr_fgraph_has_node(fg, root) ||
		    kri_pmap_has(&done, root))
			continue;
		kri_pmap_put(&done, root, root);
		push(&stack, root);
		while (stack.len) {
			frame *f = stack.items[stack.len - 1];
			if (f->i == f->node->nin) {
				kri_vec_pop(&stack);
				continue;
			}
			size_t i = f->i++;
			kr_variable *in = f->node->inputs[i];
			if (in->is_constant) {
				kr_variable *c = canonical(&table, in);
				if (c != in)
					kri_apply_set_input(f->node, i, c);
			} else if (in->owner &&
				   !kr_fgraph_has_node(fg, in->owner) &&
				   !kri_pmap_has(&done, in->owner)) {
				kri_pmap_put(&done, in->owner, in->owner);
				push(&stack, in->owner);
			}
		}
	}
	return 0;
}

/* ---------------------------------------------- pre_greedy_node_rewriter */

typedef struct greedy {
	kr_fgraph *fg;
	size_t nrw;
	kr_node_rewriter *const *rws;
	kri_pmap map; /* variable -> its rewritten variable */
} greedy;

static void map_outputs(greedy *g, const kr_apply *node,
			kr_variable *const *results)
{
	for (size_t k = 0; k < node->nout; k++)
		kri_pmap_put(&g->map, node->outputs[k], results[k]);
}

/*
 * The rewriters on node (its inputs done): each one in turn on the same
 * node, as PyTensor's loop; a result replaces the previous one, and a
 * result whose first variable has no owner (a constant) ends the loop.
 */
static int rewrite_node(greedy *g, kr_apply *node)
{
	kr_variable **results = node->outputs;
	for (size_t r = 0; r < g->nrw; r++) {
		kr_replacements *rep = NULL;
		int rc = kr_node_rewriter_transform(g->rws[r], g->fg, node,
						    &rep);
		if (rc < 0)
			return rc;
		if (!rep)
			continue;
		if (!rep->is_list || rep->news.len != node->nout)
			return kr_error_set(
				KR_EINVALID,
				"pre_greedy_node_rewriter: %s must return one "
				"replacement per output of %s (%zu), not %s",
				kr_node_rewriter_to_string(g->rws[r]),
				kr_apply_to_string(node), (size_t)node->nout,
				rep->is_list ? kr_strfmt("%zu", rep->news.len)
					     : "a map of replacements");
		kr_variable **now = kri_alloc(node->nout * sizeof *now);
		for (size_t k = 0; k < node->nout; k++) {
			now[k] = rep->news.items[k];
			if (!now[k]) /* an output without clients */
				now[k] = node->outputs[k];
		}
		results = now;
		if (!results[0]->owner)
			break;
	}
	map_outputs(g, node, results);
	return 0;
}

int kr_pre_greedy_node_rewriter(kr_variable **out, kr_fgraph *fg,
				size_t nrw, kr_node_rewriter *const *rws,
				kr_variable *var)
{
	kr_check(out != NULL && fg != NULL && var != NULL &&
		 (nrw == 0 || rws != NULL));
	*out = var;
	kr_apply *root = var->owner;
	if (!root || kr_fgraph_has_node(fg, root))
		return 0;
	greedy g = {fg, nrw, rws, {0}};
	kri_vec stack = {0};
	push(&stack, root);
	while (stack.len) {
		frame *f = stack.items[stack.len - 1];
		kr_apply *node = f->node;
		if (f->i == node->nin) {
			int rc = rewrite_node(&g, node);
			if (rc < 0)
				return rc;
			kri_vec_pop(&stack);
			continue;
		}
		kr_variable *in = node->inputs[f->i];
		kr_variable *now = kri_pmap_get(&g.map, in);
		if (!now && in->owner && !kr_fgraph_has_node(fg, in->owner)) {
			push(&stack, in->owner); /* come back to input i */
			continue;
		}
		if (!now) { /* an atom, or a node of fg: kept */
			now = in;
			kri_pmap_put(&g.map, in, in);
		}
		if (now != in)
			kri_apply_set_input(node, f->i, now);
		f->i++;
	}
	*out = kri_pmap_get(&g.map, var);
	return 0;
}
