/* repr.c -- the string forms of graphs: str(node), repr(fgraph), as_string. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph/graph.h"
#include "kanrewrite/traversal.h"

/*
 * PyTensor defines these with the graph itself (Apply.__str__ and
 * as_string in graph/basic.py, FunctionGraph.__repr__ in graph/fg.py), and
 * so do we: the graph and rewrite layers name nodes and graphs in their
 * errors and in PrintListener's output. pprint and dprint, which print
 * through the printers assigned to ops, are the io layer's.
 */

/* ---------------------------------------------------------- text stack */

void kri_gtext_push(kri_gtext *t, int kind, const char *text,
		    const kr_variable *v)
{
	t->items = kri_grow(t->items, t->len, &t->cap, sizeof *t->items, 64);
	t->items[t->len++] = (kri_item){kind, text, v};
}

void kri_gtext_args(kri_gtext *t, const kr_apply *node, const char *open,
		    const char *sep, const char *close)
{
	kri_buf_puts(&t->out, open);
	kri_gtext_text(t, close);
	for (size_t i = node->nin; i-- > 0;) {
		kri_gtext_push(t, KRI_ITEM_VAR, NULL, node->inputs[i]);
		if (i > 0)
			kri_gtext_text(t, sep);
	}
}

/* --------------------------------------------------------------- repr */

/* The state of a repr: its text, the uses and the *n numbers of nodes. */
typedef struct repr_state {
	kri_gtext t;
	kri_pmap uses; /* node -> number of uses */
	kri_pmap ids;  /* node -> its *n number, or NOT_SHARED */
	uintptr_t nshared;
} repr_state;

#define NOT_SHARED ((void *)(uintptr_t)-1)

/*
 * Uses of each node, as graph.basic.as_string counts them: once per graph
 * output it computes and once per input slot of the nodes between the
 * inputs and the outputs. A node is explored when first counted.
 */
static void count_use(kri_pmap *uses, kri_vec *stack, kr_apply *node)
{
	uintptr_t n = (uintptr_t)kri_pmap_get(uses, node);
	kri_pmap_put(uses, node, (void *)(n + 1));
	if (n == 0)
		kri_vec_push(stack, node);
}

static void count_uses(kri_pmap *uses, size_t n, kr_variable *const *outs)
{
	kri_vec stack = {0};
	for (size_t k = 0; k < n; k++)
		if (outs[k]->owner)
			count_use(uses, &stack, outs[k]->owner);
	while (stack.len > 0) {
		kr_apply *node = kri_vec_pop(&stack);
		for (size_t i = 0; i < node->nin; i++)
			if (node->inputs[i]->owner)
				count_use(uses, &stack, node->inputs[i]->owner);
	}
}

static void repr_var(repr_state *ps, const kr_variable *v)
{
	const kr_apply *node = v->owner;
	if (!node) {
		kri_buf_puts(&ps->t.out, kr_variable_to_string(v));
		return;
	}
	void *id = kri_pmap_get(&ps->ids, node);
	if (id) { /* seen before, hence shared */
		kri_buf_printf(&ps->t.out, "*%zu", (size_t)(uintptr_t)id);
		if (node->nout > 1)
			kri_buf_printf(&ps->t.out, "::%d", v->index);
		return;
	}
	if ((uintptr_t)kri_pmap_get(&ps->uses, node) > 1) {
		id = (void *)++ps->nshared;
		kri_buf_printf(&ps->t.out, "*%zu -> ", (size_t)(uintptr_t)id);
	}
	kri_pmap_put(&ps->ids, node, id ? id : NOT_SHARED);
	kri_buf_puts(&ps->t.out, kri_apply_op_string(node));
	kri_gtext_args(&ps->t, node, "(", ", ", ")");
}

static void repr_into(repr_state *ps, size_t n, kr_variable *const *outs)
{
	count_uses(&ps->uses, n, outs);
	for (size_t k = 0; k < n; k++) {
		kr_check(outs[k] != NULL);
		if (k > 0)
			kri_buf_puts(&ps->t.out, ", ");
		kri_gtext_push(&ps->t, KRI_ITEM_VAR, NULL, outs[k]);
		while (ps->t.len > 0) {
			kri_item it = ps->t.items[--ps->t.len];
			if (it.kind == KRI_ITEM_TEXT)
				kri_buf_puts(&ps->t.out, it.text);
			else
				repr_var(ps, it.v);
		}
	}
}

char *kr_graph_repr(size_t n, kr_variable *const *outputs)
{
	kr_check(n == 0 || outputs != NULL);
	repr_state ps = {0};
	repr_into(&ps, n, outputs);
	return kri_buf_str(&ps.t.out);
}

char *kr_fgraph_repr(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	size_t n = kr_fgraph_noutputs(fg);
	kr_variable **outs = kri_alloc((n ? n : 1) * sizeof *outs);
	for (size_t k = 0; k < n; k++)
		outs[k] = kr_fgraph_output(fg, k);
	repr_state ps = {0};
	kri_buf_puts(&ps.t.out, "FunctionGraph(");
	repr_into(&ps, n, outs);
	kri_buf_putc(&ps.t.out, ')');
	return kri_buf_str(&ps.t.out);
}

/* ---------------------------------------------------------- as_string */

/*
 * graph.basic.as_string with explicit inputs. The sharing is counted
 * first, from kr_vars_between() (an epoch walk that ends before any
 * formatter runs); then each output is described depth first with an
 * explicit stack of frames, one per node whose arguments are being
 * described, so that the formatters get every argument string at once.
 * All state is in this file's maps, so a formatter may walk the graph.
 */
typedef struct as_frame {
	const kr_apply *node;
	size_t next;  /* next input to describe */
	char **args;  /* the strings of the inputs described */
	char **dst;   /* where the node's string goes */
	uintptr_t id; /* its *n number, 0 when not shared */
} as_frame;

typedef struct as_state {
	kri_pmap ins;   /* the inputs, a set */
	kri_pmap seen;  /* nodes counted once */
	kri_pmap multi; /* nodes counted twice or more */
	kri_pmap ids;   /* nodes described: their number, or NOT_SHARED */
	uintptr_t nshared;
	kri_vec frames; /* as_frame * */
	kr_leaf_formatter_fn leaf;
	kr_node_formatter_fn node;
	void *ud;
} as_state;

static void as_count(as_state *st, const kr_apply *op)
{
	if (kri_pmap_has(&st->seen, op))
		kri_pmap_put(&st->multi, op, (void *)op);
	else
		kri_pmap_put(&st->seen, op, (void *)op);
}

static void as_count_uses(as_state *st, size_t nins, kr_variable *const *ins,
			  size_t nouts, kr_variable *const *outs)
{
	for (size_t k = 0; k < nouts; k++) {
		kr_check(outs[k] != NULL);
		if (outs[k]->owner)
			as_count(st, outs[k]->owner);
	}
	size_t n;
	kr_variable **vars = kr_vars_between(&n, nins, ins, nouts, outs);
	for (size_t k = 0; k < n; k++) {
		const kr_apply *op = vars[k]->owner;
		if (!op || kri_pmap_has(&st->ins, vars[k]))
			continue;
		for (size_t i = 0; i < op->nin; i++) {
			kr_variable *in = op->inputs[i];
			if (in->owner && !kri_pmap_has(&st->ins, in))
				as_count(st, in->owner);
		}
	}
}

static char *as_leaf(as_state *st, const kr_variable *v)
{
	char *s = st->leaf ? st->leaf(v, st->ud) : kr_variable_to_string(v);
	kr_check(s != NULL);
	return s;
}

static char *as_node(as_state *st, const as_frame *f)
{
	const kr_apply *node = f->node;
	char *s;
	if (st->node) {
		s = st->node(node, node->nin, f->args, st->ud);
		kr_check(s != NULL);
	} else {
		kri_buf b = {0};
		kri_buf_printf(&b, "%s(", kri_apply_op_string(node));
		for (size_t i = 0; i < node->nin; i++)
			kri_buf_printf(&b, "%s%s", i ? ", " : "", f->args[i]);
		kri_buf_putc(&b, ')');
		s = kri_buf_str(&b);
	}
	return f->id ? kr_strfmt("*%zu -> %s", (size_t)f->id, s) : s;
}

/*
 * Describe v into *dst: a leaf or a node described before at once, else
 * a new frame. Every use followed here was counted, so a node met again
 * is shared, also on a cycle (a rewired kr_fgraph), which thus ends; a
 * node met again unshared would be a counting bug, and prints `...`.
 */
static void as_start(as_state *st, const kr_variable *v, char **dst)
{
	const kr_apply *op = v->owner;
	if (!op || kri_pmap_has(&st->ins, v)) {
		*dst = as_leaf(st, v);
		return;
	}
	void *id = kri_pmap_get(&st->ids, op);
	if (id == NOT_SHARED) {
		*dst = kr_strfmt("...");
	} else if (id) {
		size_t k = (size_t)(uintptr_t)id;
		*dst = op->nout > 1 ? kr_strfmt("*%zu::%d", k, v->index)
				    : kr_strfmt("*%zu", k);
	} else {
		as_frame *f = kri_alloc(sizeof *f);
		*f = (as_frame){.node = op, .dst = dst,
				.args = kri_alloc((op->nin ? op->nin : 1) *
						  sizeof(char *))};
		if (kri_pmap_has(&st->multi, op))
			f->id = ++st->nshared;
		kri_pmap_put(&st->ids, op, f->id ? (void *)f->id : NOT_SHARED);
		kri_vec_push(&st->frames, f);
	}
}

static void as_describe(as_state *st, const kr_variable *v, char **dst)
{
	as_start(st, v, dst);
	while (st->frames.len > 0) {
		as_frame *f = st->frames.items[st->frames.len - 1];
		if (f->next < f->node->nin) {
			size_t i = f->next++;
			as_start(st, f->node->inputs[i], &f->args[i]);
			continue;
		}
		*f->dst = as_node(st, f);
		kri_vec_pop(&st->frames);
	}
}

char **kr_as_string(size_t nins, kr_variable *const *ins, size_t nouts,
		    kr_variable *const *outs, kr_leaf_formatter_fn leaf,
		    kr_node_formatter_fn node, void *ud)
{
	kr_check((nins == 0 || ins != NULL) && (nouts == 0 || outs != NULL));
	as_state st = {.leaf = leaf, .node = node, .ud = ud};
	for (size_t k = 0; k < nins; k++) {
		kr_check(ins[k] != NULL);
		kri_pmap_put(&st.ins, ins[k], ins[k]);
	}
	as_count_uses(&st, nins, ins, nouts, outs);
	char **res = kri_alloc((nouts ? nouts : 1) * sizeof *res);
	for (size_t k = 0; k < nouts; k++)
		as_describe(&st, outs[k], &res[k]);
	return res;
}

char *kr_apply_to_string(const kr_apply *node)
{
	kr_check(node != NULL);
	kri_buf b = {0};
	kri_buf_printf(&b, "%s(", kri_apply_op_string(node));
	for (size_t i = 0; i < node->nin; i++) {
		if (i > 0)
			kri_buf_puts(&b, ", ");
		kri_buf_puts(&b, kr_variable_to_string(node->inputs[i]));
	}
	kri_buf_putc(&b, ')');
	return kri_buf_str(&b);
}
