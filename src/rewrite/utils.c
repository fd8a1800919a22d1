/* utils.c -- rewrite_graph, as PyTensor's rewriting/utils.py. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"

int kr_rewrite_fgraph(kr_fgraph *fg, kr_graph_rewriter *custom_rewrite)
{
	kr_check(fg != NULL);
	if (!custom_rewrite)
		return 0;
	return kr_graph_rewriter_rewrite(custom_rewrite, fg, NULL);
}

int kr_rewrite_graph(kr_variable **out, kr_variable *graph,
		     kr_graph_rewriter *custom_rewrite, bool clone)
{
	kr_check(out != NULL && graph != NULL);
	kr_fgraph *fg;
	int rc = kr_fgraph_new(&fg, 0, NULL, 1, &graph, clone);
	if (rc < 0)
		return rc;
	rc = kr_rewrite_fgraph(fg, custom_rewrite);
	if (rc < 0)
		return rc;
	*out = kr_fgraph_output(fg, 0);
	return 0;
}

int kr_rewrite_graphs(kr_variable **out, size_t n, kr_variable *const *graphs,
		      kr_graph_rewriter *custom_rewrite, bool clone)
{
	kr_check(out != NULL && n > 0 && graphs != NULL);
	kr_fgraph *fg;
	int rc = kr_fgraph_new(&fg, 0, NULL, n, graphs, clone);
	if (rc < 0)
		return rc;
	rc = kr_rewrite_fgraph(fg, custom_rewrite);
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < n; i++)
		out[i] = kr_fgraph_output(fg, i);
	return 0;
}

/* ------------------------------------------------- get_clients_at_depth */

/* A node being walked: its depth left, next output and next client. */
typedef struct depth_frame {
	kr_apply *node;
	int depth;
	size_t k, c;
} depth_frame;

static void push_depth(kri_vec *stack, kr_apply *node, int depth)
{
	depth_frame *f = kri_alloc(sizeof *f);
	*f = (depth_frame){node, depth, 0, 0};
	kri_vec_push(stack, f);
}

/*
 * PyTensor's generator, with an explicit stack: a frame lists its node
 * once per output at depth 0, else goes through each output's clients,
 * one frame deeper each.
 */
int kr_get_clients_at_depth(kr_apply ***out, size_t *n, const kr_fgraph *fg,
			    kr_apply *node, int depth)
{
	kr_check(out && n && fg && node);
	kri_vec res = {0}, stack = {0};
	push_depth(&stack, node, depth);
	while (stack.len > 0) {
		depth_frame *f = stack.items[stack.len - 1];
		size_t nout = kr_apply_noutputs(f->node);
		if (f->depth <= 0) {
			for (size_t k = 0; k < nout; k++)
				kri_vec_push(&res, f->node);
			kri_vec_pop(&stack);
			continue;
		}
		if (f->k == nout) {
			kri_vec_pop(&stack);
			continue;
		}
		kr_variable *v = kr_apply_output(f->node, f->k);
		if (!kr_fgraph_has_variable(fg, v))
			return kr_error_set(KR_ENOTFOUND,
					    "get_clients_at_depth: %s is not "
					    "in the graph",
					    kr_variable_to_string(v));
		size_t m;
		const kr_client *cl = kr_fgraph_clients(fg, v, &m);
		if (f->c == m) {
			f->k++;
			f->c = 0;
			continue;
		}
		kr_apply *client = cl[f->c++].node;
		if (!kr_apply_is_output(client)) /* Output: no outputs */
			push_depth(&stack, client, f->depth - 1);
	}
	*out = (kr_apply **)res.items;
	*n = res.len;
	return 0;
}
