/* dprint.c -- PyTensor's debugprint (box-drawing format) of graphs. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph/graph.h"
#include "kanrewrite/pprint.h"

/*
 * Lines are produced from an explicit stack of (variable, prefix of its
 * line, prefix of its children's lines), so any depth is fine. `ids`
 * gives each printed variable its letter id; `done` holds the nodes whose
 * inputs were printed already; `topo` maps nodes to toposort indices.
 */
typedef struct dstate {
	kri_buf out;
	kri_pmap ids;  /* variable -> id number + 1 */
	kri_pmap done; /* node -> node */
	kri_pmap topo; /* node -> index + 1, or empty */
	size_t next_id;
} dstate;

typedef struct entry {
	kr_variable *v;
	const char *prefix, *child;
} entry;

/* PyTensor's char_from_number: 0 -> A, 25 -> Z, 26 -> BA. */
static char *letters(size_t n)
{
	char buf[32];
	size_t k = sizeof buf - 1;
	buf[k] = 0;
	do {
		buf[--k] = (char)('A' + n % 26);
		n /= 26;
	} while (n);
	return kr_strdup(buf + k);
}

static char *id_of(dstate *d, const kr_variable *v)
{
	uintptr_t id = (uintptr_t)kri_pmap_get(&d->ids, v);
	if (!id) {
		id = ++d->next_id;
		kri_pmap_put(&d->ids, v, (void *)id);
	}
	return letters(id - 1);
}

static void push_entry(kri_vec *stack, kr_variable *v, const char *prefix,
		       const char *child)
{
	entry *e = kri_alloc(sizeof *e);
	*e = (entry){v, prefix, child};
	kri_vec_push(stack, e);
}

static void print_line(dstate *d, const entry *e)
{
	const kr_variable *v = e->v;
	const kr_apply *node = v->owner;
	kri_buf_printf(&d->out, "%s", e->prefix);
	if (!node) {
		kri_buf_printf(&d->out, "%s [id %s]\n", kr_variable_to_string(v),
			       id_of(d, v));
		return;
	}
	kri_buf_puts(&d->out, kri_apply_op_string(node));
	if (node->nout > 1)
		kri_buf_printf(&d->out, ".%d", v->index);
	kri_buf_printf(&d->out, " [id %s]", id_of(d, v));
	if (v->name)
		kri_buf_printf(&d->out, " '%s'", v->name);
	uintptr_t t = (uintptr_t)kri_pmap_get(&d->topo, node);
	if (t)
		kri_buf_printf(&d->out, " %zu", (size_t)(t - 1));
	kri_buf_putc(&d->out, '\n');
}

static void print_var(dstate *d, kr_variable *root)
{
	kri_vec stack = {0};
	push_entry(&stack, root, "", "");
	while (stack.len > 0) {
		entry *e = kri_vec_pop(&stack);
		print_line(d, e);
		kr_apply *node = e->v->owner;
		if (!node)
			continue;
		if (kri_pmap_has(&d->done, node)) { /* even without inputs */
			kri_buf_printf(&d->out, "%s └─ ···\n", e->child);
			continue;
		}
		kri_pmap_put(&d->done, node, node);
		for (size_t i = node->nin; i-- > 0;) {
			bool last = i + 1 == node->nin;
			push_entry(&stack, node->inputs[i],
				   kr_strfmt("%s%s", e->child,
					     last ? " └─ " : " ├─ "),
				   kr_strfmt("%s%s", e->child,
					     last ? "   " : " │ "));
		}
	}
}

char *kr_dprint(size_t n, kr_variable *const *vars)
{
	kr_check(n == 0 || vars != NULL);
	dstate d = {0};
	for (size_t k = 0; k < n; k++)
		print_var(&d, vars[k]);
	return kri_buf_str(&d.out);
}

char *kr_fgraph_dprint(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	dstate d = {0};
	kr_apply **order;
	size_t n;
	if (kr_fgraph_toposort(&order, &n, fg) == 0)
		for (size_t k = 0; k < n; k++)
			kri_pmap_put(&d.topo, order[k], (void *)(uintptr_t)(k + 1));
	for (size_t k = 0; k < kr_fgraph_noutputs(fg); k++)
		print_var(&d, kr_fgraph_output(fg, k));
	return kri_buf_str(&d.out);
}
