/* dprint.c -- PyTensor's debugprint (box-drawing format) of graphs. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph/graph.h"
#include "kanrewrite/pprint.h"

/*
 * Lines are produced from an explicit stack of (variable, prefix of its
 * line, prefix of its children's lines, depth left), so any depth is
 * fine. `ids` numbers what was printed, as PyTensor's used_ids: a node by
 * the node (the outputs of one node share its id), a leaf by the
 * variable; `done` holds the nodes whose inputs were printed already;
 * `topo` maps nodes to toposort indices.
 */
typedef struct dstate {
	kri_buf out;
	FILE *f; /* where `out` goes as it fills, or NULL: kept whole */
	kri_pmap ids;  /* node or variable -> id number + 1 */
	kri_pmap done; /* node -> node */
	kri_pmap topo; /* node -> index + 1, or empty */
	size_t next_id;
	kr_dprint_opts opts;
} dstate;

typedef struct entry {
	kr_variable *v;
	const char *prefix, *child;
	int depth; /* levels still to print; < 0: no limit */
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

/* ` [id X]` for key (a node or a leaf), numbering it on first use. */
static char *id_of(dstate *d, const void *key)
{
	uintptr_t id = (uintptr_t)kri_pmap_get(&d->ids, key);
	if (!id) {
		id = ++d->next_id;
		kri_pmap_put(&d->ids, key, (void *)id);
	}
	switch (d->opts.ids) {
	case KR_DPRINT_ID_INT: return kr_strfmt(" [id %zu]", (size_t)id - 1);
	case KR_DPRINT_ID_NONE: return kr_strdup("");
	default: return kr_strfmt(" [id %s]", letters(id - 1));
	}
}

static void push_entry(kri_vec *stack, kr_variable *v, const char *prefix,
		       const char *child, int depth)
{
	entry *e = kri_alloc(sizeof *e);
	*e = (entry){v, prefix, child, depth};
	kri_vec_push(stack, e);
}

static void print_line(dstate *d, const entry *e)
{
	const kr_variable *v = e->v;
	const kr_apply *node = v->owner;
	const char *type = d->opts.print_type
				   ? kr_strfmt(" <%s>", kr_type_to_string(v->type))
				   : "";
	kri_buf_printf(&d->out, "%s", e->prefix);
	if (!node) {
		kri_buf_printf(&d->out, "%s%s%s\n", kr_variable_to_string(v),
			       id_of(d, v), type);
		return;
	}
	kri_buf_puts(&d->out, kri_apply_op_string(node));
	if (node->nout > 1)
		kri_buf_printf(&d->out, ".%d", v->index);
	kri_buf_printf(&d->out, "%s%s", id_of(d, node), type);
	if (v->name)
		kri_buf_printf(&d->out, " '%s'", v->name);
	uintptr_t t = (uintptr_t)kri_pmap_get(&d->topo, node);
	if (t)
		kri_buf_printf(&d->out, " %zu", (size_t)(t - 1));
	kri_buf_putc(&d->out, '\n');
}

/* Push the inputs of node, the first one on top. */
static void push_inputs(kri_vec *stack, const entry *e, kr_apply *node)
{
	for (size_t i = node->nin; i-- > 0;) {
		bool last = i + 1 == node->nin;
		push_entry(stack, node->inputs[i],
			   kr_strfmt("%s%s", e->child, last ? " └─ " : " ├─ "),
			   kr_strfmt("%s%s", e->child, last ? "   " : " │ "),
			   e->depth - 1);
	}
}

/*
 * Hand what `out` holds to the file, when there is one and `out` is full
 * (or always): the output is quadratic in the depth of a chain
 * (PyTensor's indentation), so a file gets it a piece at a time.
 */
#define DPRINT_CHUNK 65536

static void drain(dstate *d, bool always)
{
	if (!d->f || (!always && d->out.len < DPRINT_CHUNK))
		return;
	fwrite(d->out.s, 1, d->out.len, d->f);
	d->out.len = 0;
}

static void print_var(dstate *d, kr_variable *root)
{
	kri_vec stack = {0};
	push_entry(&stack, root, "", "", d->opts.depth);
	while (stack.len > 0) {
		entry *e = kri_vec_pop(&stack);
		if (e->depth == 0)
			continue;
		kr_apply *node = e->v->owner;
		bool done = node && kri_pmap_has(&d->done, node);
		print_line(d, e);
		if (!node)
			continue;
		kri_pmap_put(&d->done, node, node);
		if (done || (d->opts.stop_on_name && e->v->name))
			kri_buf_printf(&d->out, "%s └─ ···\n", e->child);
		else
			push_inputs(&stack, e, node);
		drain(d, false);
	}
}

static const kr_dprint_opts dprint_defaults = KR_DPRINT_OPTS_INIT;

static void vars_into(dstate *d, size_t n, kr_variable *const *vars)
{
	kr_check(n == 0 || vars != NULL);
	for (size_t k = 0; k < n; k++)
		print_var(d, vars[k]);
}

/* The graph's outputs, with the toposort indices. */
static void fgraph_into(dstate *d, const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	kr_apply **order;
	size_t n;
	if (kr_fgraph_toposort(&order, &n, fg) == 0)
		for (size_t k = 0; k < n; k++)
			kri_pmap_put(&d->topo, order[k],
				     (void *)(uintptr_t)(k + 1));
	for (size_t k = 0; k < kr_fgraph_noutputs(fg); k++)
		print_var(d, kr_fgraph_output(fg, k));
}

/* The end of a print to a file: 0, or KR_ERROR when writing failed. */
static int file_status(dstate *d)
{
	drain(d, true);
	if (fflush(d->f) != 0 || ferror(d->f))
		return kr_error_set(KR_ERROR,
				    "dprint: cannot write the output");
	return 0;
}

char *kr_dprint_ex(size_t n, kr_variable *const *vars,
		   const kr_dprint_opts *opts)
{
	dstate d = {.opts = opts ? *opts : dprint_defaults};
	vars_into(&d, n, vars);
	return kri_buf_str(&d.out);
}

int kr_dprint_file(FILE *f, size_t n, kr_variable *const *vars,
		   const kr_dprint_opts *opts)
{
	kr_check(f != NULL);
	dstate d = {.f = f, .opts = opts ? *opts : dprint_defaults};
	vars_into(&d, n, vars);
	return file_status(&d);
}

char *kr_dprint(size_t n, kr_variable *const *vars)
{
	return kr_dprint_ex(n, vars, NULL);
}

char *kr_fgraph_dprint_ex(const kr_fgraph *fg, const kr_dprint_opts *opts)
{
	dstate d = {.opts = opts ? *opts : dprint_defaults};
	fgraph_into(&d, fg);
	return kri_buf_str(&d.out);
}

int kr_fgraph_dprint_file(FILE *f, const kr_fgraph *fg,
			  const kr_dprint_opts *opts)
{
	kr_check(f != NULL);
	dstate d = {.f = f, .opts = opts ? *opts : dprint_defaults};
	fgraph_into(&d, fg);
	return file_status(&d);
}

char *kr_fgraph_dprint(const kr_fgraph *fg)
{
	return kr_fgraph_dprint_ex(fg, NULL);
}
