/* fgraph_build.c -- FunctionGraph construction, cloning, toposort, checks. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"
#include "kanrewrite/features.h"
#include "kanrewrite/pprint.h"
#include "kanrewrite/traversal.h"

uint64_t kri_epoch(void)
{
	static uint64_t epoch;
	return ++epoch;
}

kr_fgraph *kri_fgraph_alloc(void)
{
	static uint64_t ids;
	kr_fgraph *fg = kri_alloc(sizeof *fg);
	fg->id = ++ids;
	return fg;
}

/* ----------------------------------------------------------- toposort */

/*
 * PyTensor 2.32's io_toposort without orderings: a stack seeded with the
 * outputs' owners (first output on top); a popped node that is done is
 * skipped, one whose inputs are all computed is emitted, otherwise it is
 * pushed back with the owners of its uncomputed inputs (the last input's
 * owner on top). A node popped again while expanded but not ready lies on
 * a cycle. A variable is computed when it has no owner, its owner was
 * emitted, or (in import mode) it already is in the graph `fg`. Extra
 * prerequisites (orderings) count like inputs and are pushed last, so
 * they come first. The state of a node lives in its `mark`/`state` for
 * this traversal's epoch.
 *
 * The entry pushed back under a node's uncomputed inputs is tagged
 * (FINISH): it comes off the stack only after everything pushed above it,
 * so its node is ready then without looking at its inputs again (on a
 * big graph that second look is a cache miss per input). An untagged
 * entry found expanded is another path into a node still being expanded:
 * a cycle.
 */
enum { EXPANDED = 1, DONE = 2, FINISH = 1 };

typedef struct topo {
	const kr_fgraph *fg; /* import mode when not NULL */
	const kri_pmap *pre; /* kr_apply * -> kri_vec * of prerequisites */
	uint64_t ep;
	kri_vec todo;
	bool missing; /* import mode: an input is missing from fg */
	void (*each)(void *ctx, kr_apply *node); /* called on each emitted */
	void *ctx;
} topo;

static bool node_done(const topo *t, const kr_apply *node)
{
	if (kri_node_state(node, t->ep) == DONE)
		return true;
	return t->fg && kri_fg_ndata(t->fg, node) != NULL;
}

static bool computed(topo *t, const kr_variable *v)
{
	if (v->owner)
		return node_done(t, v->owner);
	if (t->fg && !t->missing)
		t->missing = kri_fgraph_is_missing(t->fg, v);
	return true;
}

static kri_vec *prereqs(const topo *t, const kr_apply *node)
{
	return t->pre ? kri_pmap_get(t->pre, node) : NULL;
}

static bool node_ready(topo *t, const kr_apply *node)
{
	for (size_t i = 0; i < node->nin; i++)
		if (!computed(t, node->inputs[i]))
			return false;
	kri_vec *pre = prereqs(t, node);
	for (size_t k = 0; pre && k < pre->len; k++)
		if (!node_done(t, pre->items[k]))
			return false;
	return true;
}

static void emit(topo *t, kr_apply *node, kri_vec *order)
{
	kri_node_set_state(node, t->ep, DONE);
	kri_vec_push(order, node);
	if (t->each)
		t->each(t->ctx, node);
}

static int topo_step(topo *t, kr_apply *cur, kri_vec *order)
{
	if (node_done(t, cur))
		return 0;
	if (node_ready(t, cur)) {
		emit(t, cur, order);
		return 0;
	}
	if (kri_node_state(cur, t->ep) == EXPANDED)
		return kr_error_set(KR_EINVALID,
				    "the graph contains a cycle through %s",
				    kr_apply_to_string(cur));
	kri_node_set_state(cur, t->ep, EXPANDED);
	kri_vec_push(&t->todo, (char *)cur + FINISH);
	for (size_t i = 0; i < cur->nin; i++)
		if (!computed(t, cur->inputs[i]))
			kri_vec_push(&t->todo, cur->inputs[i]->owner);
	kri_vec *pre = prereqs(t, cur);
	for (size_t k = 0; pre && k < pre->len; k++)
		if (!node_done(t, pre->items[k]))
			kri_vec_push(&t->todo, pre->items[k]);
	return 0;
}

static int run_topo(topo *t, kri_vec *order, size_t n,
		    kr_variable *const *outs)
{
	for (size_t i = n; i-- > 0;)
		if (outs[i]->owner)
			kri_vec_push(&t->todo, outs[i]->owner);
	while (t->todo.len > 0) {
		uintptr_t top = (uintptr_t)kri_vec_pop(&t->todo);
		int rc = 0;
		if (top & FINISH)
			emit(t, (kr_apply *)(top - FINISH), order);
		else
			rc = topo_step(t, (kr_apply *)top, order);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/*
 * The stack of a sort starts on the C stack: a replacement imports a few
 * nodes at a time (kri_vec_push moves it to the heap when it outgrows
 * that).
 */
#define LOCAL_STACK 32

int kri_toposort(kri_vec *order, const kr_fgraph *import_into, size_t n,
		 kr_variable *const *outs, const kri_pmap *pre, bool *missing)
{
	void *todo[LOCAL_STACK];
	topo t = {.fg = import_into, .pre = pre, .ep = kri_epoch(),
		  .todo = {todo, 0, LOCAL_STACK}};
	int rc = run_topo(&t, order, n, outs);
	if (missing)
		*missing = t.missing;
	return rc;
}

/*
 * kri_toposort without import mode or prerequisites, calling
 * each(ctx, node) as each node is emitted: a pass that needs the nodes in
 * order can do its work then, while the node is in the cache.
 */
static int toposort_each(kri_vec *order, size_t n, kr_variable *const *outs,
			 void (*each)(void *, kr_apply *), void *ctx)
{
	void *todo[LOCAL_STACK];
	topo t = {.ep = kri_epoch(), .each = each, .ctx = ctx,
		  .todo = {todo, 0, LOCAL_STACK}};
	return run_topo(&t, order, n, outs);
}

/* Group the orderings by node: node -> kri_vec * of distinct prereqs. */
static void group_orderings(kri_pmap *pre, const kr_ordering *ords, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		kri_vec *v = kri_pmap_get(pre, ords[k].node);
		if (!v) {
			v = kri_alloc(sizeof *v);
			kri_pmap_put(pre, ords[k].node, v);
		}
		kri_vec_push(v, ords[k].before);
	}
}

int kr_fgraph_orderings(kr_ordering **out, size_t *n, kr_fgraph *fg)
{
	kr_check(out != NULL && n != NULL && fg != NULL);
	kri_vec all = {0}; /* kr_ordering * */
	kri_pmap seen = {0}; /* node -> kri_pmap * of its prereqs */
	for (size_t k = 0; k < fg->features.len; k++) {
		kr_feature *f = fg->features.items[k];
		kr_ordering *o = NULL;
		size_t m = 0;
		int rc = f->orderings ? f->orderings(f, fg, &o, &m) : 0;
		if (rc < 0)
			return rc;
		for (size_t j = 0; j < m; j++) {
			kri_pmap *s = kri_pmap_get(&seen, o[j].node);
			if (!s)
				kri_pmap_put(&seen, o[j].node,
					     s = kri_alloc(sizeof *s));
			if (kri_pmap_has(s, o[j].before))
				continue;
			kri_pmap_put(s, o[j].before, o[j].before);
			kri_vec_push(&all, &o[j]);
		}
	}
	*n = all.len;
	*out = kri_alloc((all.len ? all.len : 1) * sizeof **out);
	for (size_t k = 0; k < all.len; k++)
		(*out)[k] = *(kr_ordering *)all.items[k];
	return 0;
}

/*
 * With orderings, PyTensor 2.32's io_toposort is its general_toposort
 * over variables and nodes: a variable depends on its owner unless it is
 * an input of the graph, a node on its inputs and then its prerequisites.
 * Objects are tagged: a variable with its low bit set.
 */
typedef struct ordered {
	kri_pmap inputs; /* the graph's inputs, as a set */
	kri_pmap *pre;   /* node -> kri_vec * of prerequisites */
} ordered;

#define VAR_TAG(v) ((void *)((uintptr_t)(v) | 1u))

static int ordered_deps(void ***children, size_t *n, void *obj, void *ud)
{
	ordered *o = ud;
	*children = NULL;
	if ((uintptr_t)obj & 1u) {
		kr_variable *v = (kr_variable *)((uintptr_t)obj & ~1ul);
		if (!v->owner || kri_pmap_has(&o->inputs, v))
			return 0;
		*children = kri_alloc(sizeof **children);
		(*children)[0] = v->owner;
		*n = 1;
		return 0;
	}
	kr_apply *a = obj;
	const kri_vec *pre = kri_pmap_get(o->pre, a);
	size_t k = a->nin + (pre ? pre->len : 0);
	if (k == 0)
		return 0;
	void **c = kri_alloc(k * sizeof *c);
	for (size_t i = 0; i < a->nin; i++)
		c[i] = VAR_TAG(a->inputs[i]);
	for (size_t i = 0; pre && i < pre->len; i++)
		c[a->nin + i] = pre->items[i];
	*children = c;
	*n = k;
	return 0;
}

static int toposort_ordered(kri_vec *order, const kr_fgraph *fg,
			    kri_pmap *pre)
{
	ordered o = {.pre = pre};
	for (size_t k = 0; k < fg->inputs.len; k++)
		kri_pmap_put(&o.inputs, fg->inputs.items[k],
			     fg->inputs.items[k]);
	size_t nout = fg->outputs.len, m;
	void **outs = kri_alloc((nout ? nout : 1) * sizeof *outs), **all;
	for (size_t k = 0; k < nout; k++)
		outs[k] = VAR_TAG(fg->outputs.items[k]);
	int rc = kr_general_toposort(&all, &m, NULL, NULL, nout, outs,
				     ordered_deps, &o);
	for (size_t k = 0; rc == 0 && k < m; k++)
		if (!((uintptr_t)all[k] & 1u))
			kri_vec_push(order, all[k]);
	return rc;
}

int kr_fgraph_toposort(kr_apply ***out, size_t *n, const kr_fgraph *fg)
{
	kr_check(out != NULL && n != NULL && fg != NULL);
	kri_vec order = {0};
	if (fg->nodes.len < 2) {
		for (size_t k = 0; k < fg->nodes.len; k++)
			kri_vec_push(&order, fg->nodes.items[k]);
	} else {
		kr_ordering *ords;
		size_t nords;
		int rc = kr_fgraph_orderings(&ords, &nords, (kr_fgraph *)fg);
		kri_pmap pre = {0};
		group_orderings(&pre, ords, rc == 0 ? nords : 0);
		if (rc == 0 && nords > 0)
			rc = toposort_ordered(&order, fg, &pre);
		else if (rc == 0)
			rc = kri_toposort(&order, NULL, fg->outputs.len,
					  (kr_variable *const *)fg->outputs.items,
					  NULL, NULL);
		if (rc < 0)
			return rc;
	}
	*out = (kr_apply **)order.items;
	*n = order.len;
	return 0;
}

int kri_fgraph_io_toposort(kr_apply ***out, size_t *n, const kr_fgraph *fg)
{
	kri_vec order = {0};
	int rc = kri_toposort(&order, NULL, fg->outputs.len,
			      (kr_variable *const *)fg->outputs.items, NULL,
			      NULL);
	if (rc < 0)
		return rc;
	*out = (kr_apply **)order.items;
	*n = order.len;
	return 0;
}

/* -------------------------------------------------------- construction */

/* PyTensor's graph_inputs of the outputs, atomic variables left out. */
static void infer_inputs(kri_vec *ins, size_t n, kr_variable *const *outs)
{
	size_t m;
	kr_variable **all = kr_graph_inputs(&m, n, outs, 0, NULL);
	for (size_t k = 0; k < m; k++)
		if (!kri_is_atomic(all[k]))
			kri_vec_push(ins, all[k]);
}

/* The given inputs, in order; a repeated one is kept (PyTensor 2.32). */
static int check_inputs(kri_vec *ins, size_t n, kr_variable *const *inputs)
{
	for (size_t k = 0; k < n; k++) {
		kr_variable *v = inputs[k];
		kr_check(v != NULL);
		if (v->owner)
			return kr_error_set(
				KR_EINVALID,
				"input %zu (%s) is the output of an existing "
				"node, %s; use its inputs or clone the graph",
				k, kr_variable_to_string(v),
				kr_apply_to_string(v->owner));
		kri_vec_push(ins, v);
	}
	return 0;
}

/* The equivalence map of a clone (see kr_fgraph_clone_get_equiv). */
struct kr_equiv {
	kri_pmap map; /* old variable or node -> new one */
};

typedef struct cloner {
	uint64_t ep;     /* v->scratch holds the copy when v->mark == ep */
	kr_equiv *equiv; /* filled when not NULL */
	kri_vec copies;  /* the copied nodes, in the originals' order */
} cloner;

/*
 * An original's `scratch` holds its copy hidden (kri_hide). The copies
 * stay alive through `copies` and the copied nodes' inputs while the
 * clone runs; a stale hidden pointer is never read, as its mark belongs
 * to this clone's epoch only.
 */

static kr_variable *clone_leaf(cloner *c, kr_variable *v)
{
	if (v->mark == c->ep)
		return kri_unhide(v->scratch);
	kr_variable *copy = kri_variable_clone(v);
	v->mark = c->ep;
	v->scratch = kri_hide(copy);
	if (c->equiv)
		kri_pmap_put(&c->equiv->map, v, copy);
	return copy;
}

static void clone_node(void *ctx, kr_apply *node)
{
	cloner *c = ctx;
	kr_variable *small[8];
	kr_variable **in = node->nin <= 8
				   ? small
				   : kri_alloc(node->nin * sizeof *in);
	for (size_t i = 0; i < node->nin; i++)
		in[i] = clone_leaf(c, node->inputs[i]);
	kr_apply *copy = kri_apply_clone(node, in);
	kri_vec_push(&c->copies, copy);
	for (size_t j = 0; j < node->nout; j++) {
		node->outputs[j]->mark = c->ep;
		node->outputs[j]->scratch = kri_hide(copy->outputs[j]);
		if (c->equiv)
			kri_pmap_put(&c->equiv->map, node->outputs[j],
				     copy->outputs[j]);
	}
	if (c->equiv)
		kri_pmap_put(&c->equiv->map, node, copy);
}

/*
 * Copy the graph between ins and outs, as PyTensor's clone_get_equiv:
 * inputs and other ownerless variables are copied (constants and
 * nominal variables are shared), nodes are copied in topological order,
 * into *copies.
 */
static int clone_graph(kri_vec *ins, size_t n, kr_variable **outs,
		       kr_equiv *equiv, kri_vec *copies)
{
	cloner c = {kri_epoch(), equiv, {0}};
	for (size_t k = 0; k < ins->len; k++)
		ins->items[k] = clone_leaf(&c, ins->items[k]);
	kri_vec order = {0};
	int rc = toposort_each(&order, n, outs, clone_node, &c);
	if (rc < 0)
		return rc;
	for (size_t k = 0; k < n; k++)
		outs[k] = clone_leaf(&c, outs[k]);
	*copies = c.copies;
	return 0;
}

static int fgraph_make(kr_fgraph **out, size_t nin, kr_variable *const *inputs,
		       size_t nout, kr_variable *const *outputs, bool clone,
		       kr_equiv *equiv)
{
	kr_check(out != NULL && (nout == 0 || outputs != NULL));
	kri_vec ins = {0};
	int rc = 0;
	if (inputs)
		rc = check_inputs(&ins, nin, inputs);
	else
		infer_inputs(&ins, nout, outputs);
	kr_variable **outs = kri_alloc((nout ? nout : 1) * sizeof *outs);
	for (size_t k = 0; k < nout; k++) {
		kr_check(outputs[k] != NULL);
		outs[k] = outputs[k];
	}
	kri_vec copies = {0};
	if (rc == 0 && clone)
		rc = clone_graph(&ins, nout, outs, equiv, &copies);
	if (rc < 0)
		return rc;
	kr_fgraph *fg = kri_fgraph_alloc();
	for (size_t k = 0; k < ins.len; k++)
		kri_fgraph_append_input(fg, ins.items[k]);
	if (copies.len)
		rc = kri_fgraph_import_sorted(fg, &copies, "init");
	for (size_t k = 0; k < nout && rc == 0; k++)
		rc = kr_fgraph_add_output(fg, outs[k], "init");
	if (rc == 0)
		rc = kr_fgraph_attach_feature(fg, kr_replace_validate_new());
	if (rc == 0)
		*out = fg;
	return rc;
}

int kr_fgraph_new(kr_fgraph **out, size_t nin, kr_variable *const *inputs,
		  size_t nout, kr_variable *const *outputs, bool clone)
{
	return fgraph_make(out, nin, inputs, nout, outputs, clone, NULL);
}

/* Attach a clone of every feature of fg that can be cloned to copy. */
static int clone_features(kr_fgraph *copy, const kr_fgraph *fg)
{
	for (size_t k = 0; k < fg->features.len; k++) {
		kr_feature *f = fg->features.items[k];
		kr_feature *c = f->clone ? f->clone(f) : NULL;
		int rc = c ? kr_fgraph_attach_feature(copy, c) : 0;
		if (rc < 0)
			return rc;
	}
	return 0;
}

int kr_fgraph_clone_get_equiv(kr_fgraph **out, kr_equiv **equiv,
			      const kr_fgraph *fg, bool attach_features)
{
	kr_check(out != NULL && fg != NULL);
	kr_equiv *e = equiv ? kri_alloc(sizeof *e) : NULL;
	kr_fgraph *copy;
	int rc = fgraph_make(&copy, fg->inputs.len,
			     (kr_variable *const *)fg->inputs.items,
			     fg->outputs.len,
			     (kr_variable *const *)fg->outputs.items, true, e);
	if (rc < 0)
		return rc;
	for (size_t k = 0; k < fg->outnames.len; k++)
		copy->outnames.items[k] = fg->outnames.items[k];
	if (attach_features && (rc = clone_features(copy, fg)) < 0)
		return rc;
	*out = copy;
	if (equiv)
		*equiv = e;
	return 0;
}

int kr_fgraph_clone(kr_fgraph **out, const kr_fgraph *fg)
{
	return kr_fgraph_clone_get_equiv(out, NULL, fg, true);
}

kr_variable *kr_equiv_variable(const kr_equiv *e, const kr_variable *v)
{
	kr_check(e != NULL && v != NULL);
	return kri_pmap_get(&e->map, v);
}

kr_apply *kr_equiv_apply(const kr_equiv *e, const kr_apply *node)
{
	kr_check(e != NULL && node != NULL);
	return kri_pmap_get(&e->map, node);
}

kr_equiv *kr_equiv_new(void) { return kri_alloc(sizeof(kr_equiv)); }

void kr_equiv_set_variable(kr_equiv *e, const kr_variable *old,
			   kr_variable *new_var)
{
	kr_check(e != NULL && old != NULL && new_var != NULL);
	kri_pmap_put(&e->map, old, new_var);
}

void kri_equiv_set_apply(kr_equiv *e, const kr_apply *old, kr_apply *new_node)
{
	kr_check(e != NULL && old != NULL && new_node != NULL);
	kri_pmap_put(&e->map, old, new_node);
}

size_t kr_equiv_size(const kr_equiv *e)
{
	kr_check(e != NULL);
	size_t n = 0;
	void *k, *v;
	for (size_t i = 0; kri_pmap_next(&e->map, &i, &k, &v);)
		n++;
	return n;
}

const char *kr_fgraph_output_name(const kr_fgraph *fg, size_t i)
{
	kr_check(fg != NULL && i < fg->outputs.len);
	return fg->outnames.items[i];
}

void kr_fgraph_set_output_name(kr_fgraph *fg, size_t i, const char *name)
{
	kr_check(fg != NULL && i < fg->outputs.len);
	fg->outnames.items[i] = name ? kr_strdup(name) : NULL;
}

/* ----------------------------------------------------------- integrity */

static int broken(const char *what, const kr_variable *v)
{
	return kr_error_set(KR_ERROR, "inconsistent graph: %s (%s)", what,
			    v ? kr_variable_to_string(v) : "-");
}

/* The recorded clients of v are nodes of the graph that use v. */
static int check_clients(const kr_fgraph *fg, const kr_variable *v)
{
	const kri_vdata *vd = kri_fg_vdata(fg, v);
	for (uint32_t p = 0; p < vd->len; p++) {
		kr_apply *node = vd->cl[p].node;
		if (!node)
			continue;
		kri_ndata *nd = kri_fg_ndata(fg, node);
		int i = vd->cl[p].index;
		if (!nd || nd->pos[i] != p)
			return broken("Client not in FunctionGraph: a "
				      "client is not in the graph",
				      v);
		if (kr_apply_is_output(node) &&
		    fg->outputs.items[kr_apply_output_index(node)] != v)
			return broken("Inconsistent clients list: an Output "
				      "client disagrees with the outputs",
				      v);
		if (node->inputs[i] != v)
			return broken("Inconsistent clients list: a recorded "
				      "client does not use it",
				      v);
	}
	return 0;
}

/* Node: its inputs list it as a client at the recorded place. */
static int check_node(const kr_fgraph *fg, const kr_apply *node)
{
	const kri_ndata *nd = kri_fg_ndata(fg, node);
	if (!nd)
		return broken("The following nodes are inappropriately "
			      "cached: a needed node is not in the graph",
			      node->nout ? node->outputs[0] : NULL);
	for (size_t i = 0; i < node->nin; i++) {
		const kri_vdata *vd = kri_fg_vdata(fg, node->inputs[i]);
		uint32_t p = nd->pos[i];
		if (!vd || p >= vd->len || vd->cl[p].node != node ||
		    vd->cl[p].index != (int)i)
			return broken("Inconsistent clients list: a client "
				      "is not recorded",
				      node->inputs[i]);
	}
	return 0;
}

/* A variable met by the walk from the outputs. */
static int check_var(const kr_fgraph *fg, kr_variable *v)
{
	const kri_vdata *vd = kri_fg_vdata(fg, v);
	if (!vd || !vd->member)
		return broken("The following variables are inappropriately "
			      "cached: a needed variable is not in the graph",
			      v);
	if (kri_fgraph_is_missing(fg, v))
		return broken("Undeclared input", v);
	return check_clients(fg, v);
}

/* Walk from the outputs (stopping at inputs); count what it meets. */
static int walk_check(const kr_fgraph *fg, size_t *nnodes, size_t *nvars)
{
	uint64_t ep = kri_epoch();
	kri_vec stack = {0};
	for (size_t k = 0; k < fg->outputs.len; k++)
		kri_vec_push(&stack, fg->outputs.items[k]);
	while (stack.len > 0) {
		kr_variable *v = kri_vec_pop(&stack);
		if (v->mark == ep)
			continue;
		v->mark = ep;
		++*nvars;
		int rc = check_var(fg, v);
		kr_apply *node = v->owner;
		if (rc == 0 && node && node->mark != ep) {
			node->mark = ep;
			++*nnodes;
			rc = check_node(fg, node);
			for (size_t j = 0; j < node->nout; j++)
				if (node->outputs[j] != v)
					kri_vec_push(&stack, node->outputs[j]);
			for (size_t i = 0; i < node->nin; i++)
				kri_vec_push(&stack, node->inputs[i]);
		}
		if (rc < 0)
			return rc;
	}
	return 0;
}

int kr_fgraph_check_integrity(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	size_t nnodes = 0, nvars = 0;
	int rc = walk_check(fg, &nnodes, &nvars);
	if (rc < 0)
		return rc;
	if (nnodes != fg->nodes.len)
		return kr_error_set(KR_ERROR,
				    "inconsistent graph: The following nodes "
				    "are inappropriately cached: %zu nodes "
				    "are recorded, the outputs need %zu",
				    fg->nodes.len, nnodes);
	if (nvars != fg->nvars)
		return kr_error_set(KR_ERROR,
				    "inconsistent graph: The following "
				    "variables are inappropriately cached: "
				    "%zu variables are recorded, the outputs "
				    "need %zu",
				    fg->nvars, nvars);
	for (size_t o = 0; o < fg->outputs.len; o++)
		if (((kr_apply *)fg->outnodes.items[o])->inputs[0] !=
		    fg->outputs.items[o])
			return broken("Inconsistent clients list: an Output "
				      "node disagrees",
				      fg->outputs.items[o]);
	return 0;
}
