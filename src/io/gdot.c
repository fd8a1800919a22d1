/* gdot.c -- a Graphviz DOT picture of a FunctionGraph. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph/graph.h"
#include "kanrewrite/pprint.h"

/*
 * Every node and every leaf gets a DOT id (`n<k>` / `v<k>`) in
 * toposort order; labels are quoted with `"` and `\` escaped. Leaves
 * are drawn once however many nodes use them.
 */
typedef struct gdot {
	kri_buf out;
	kri_pmap ids; /* node or leaf variable -> number + 1 */
	size_t next;
} gdot;

static char *quote(const char *s)
{
	kri_buf b = {0};
	kri_buf_putc(&b, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			kri_buf_putc(&b, '\\');
		kri_buf_putc(&b, *s);
	}
	kri_buf_putc(&b, '"');
	return kri_buf_str(&b);
}

static size_t id_of(gdot *g, const void *x, bool *fresh)
{
	uintptr_t id = (uintptr_t)kri_pmap_get(&g->ids, x);
	*fresh = !id;
	if (!id) {
		id = ++g->next;
		kri_pmap_put(&g->ids, x, (void *)id);
	}
	return (size_t)id;
}

/* The DOT id of the source of v: its owner node or its leaf shape. */
static char *source(gdot *g, const kr_variable *v)
{
	bool fresh;
	if (v->owner)
		return kr_strfmt("n%zu", id_of(g, v->owner, &fresh));
	size_t id = id_of(g, v, &fresh);
	if (fresh)
		kri_buf_printf(&g->out,
			       "  v%zu [label=%s, shape=%s, style=filled, "
			       "fillcolor=%s];\n",
			       id, quote(kr_variable_to_string(v)),
			       v->is_constant ? "box" : "ellipse",
			       v->is_constant ? "lightgrey" : "palegreen");
	return kr_strfmt("v%zu", id);
}

static void node_lines(gdot *g, const kr_apply *node)
{
	bool fresh;
	size_t id = id_of(g, node, &fresh);
	kri_buf_printf(&g->out, "  n%zu [label=%s, shape=box];\n", id,
		       quote(kri_apply_op_string(node)));
	for (size_t i = 0; i < node->nin; i++) {
		char *src = source(g, node->inputs[i]);
		if (node->nin > 1)
			kri_buf_printf(&g->out, "  %s -> n%zu [label=\"%zu\"];\n",
				       src, id, i);
		else
			kri_buf_printf(&g->out, "  %s -> n%zu;\n", src, id);
	}
}

char *kr_fgraph_dot(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	gdot g = {0};
	kri_buf_puts(&g.out, "digraph FunctionGraph {\n  rankdir=TB;\n");
	kr_apply **order;
	size_t n = 0;
	if (kr_fgraph_toposort(&order, &n, fg) < 0)
		n = 0;
	for (size_t k = 0; k < n; k++) {
		bool fresh;
		id_of(&g, order[k], &fresh);
	}
	for (size_t k = 0; k < n; k++)
		node_lines(&g, order[k]);
	for (size_t k = 0; k < kr_fgraph_noutputs(fg); k++) {
		const char *label = kr_fgraph_output_name(fg, k);
		kr_variable *v = kr_fgraph_output(fg, k);
		kri_buf_printf(&g.out,
			       "  out%zu [label=%s, shape=ellipse, "
			       "style=filled, fillcolor=lightblue];\n",
			       k, quote(label ? label
					      : kr_strfmt("output %zu", k)));
		kri_buf_printf(&g.out, "  %s -> out%zu;\n", source(&g, v), k);
	}
	kri_buf_puts(&g.out, "}\n");
	return kri_buf_str(&g.out);
}
