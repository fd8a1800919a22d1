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
