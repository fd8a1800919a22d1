/* fgraph.c -- FunctionGraph: clients, import, replace, prune, features. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"
#include "kanrewrite/features.h"
#include "kanrewrite/pprint.h"

/*
 * Bookkeeping, as PyTensor's FunctionGraph keeps `apply_nodes`,
 * `variables` and `clients`, but with O(1) removal of a client:
 *
 *   nodes: kr_apply * -> ninfo, for every Apply node of the graph and for
 *          the Output pseudo-nodes; ninfo.pos[i] is the position of the
 *          client (node, i) in the client array of node->inputs[i].
 *   vars:  kr_variable * -> vinfo, for every variable of the graph
 *          (member), and for inputs even when unused (input, not member).
 *
 * A client array keeps clients in insertion order; a removed client leaves
 * a hole (node NULL) that compaction squeezes out once holes outnumber
 * live clients, or before the array is handed out. `cni[p]` is the ninfo
 * of the client at p, so compaction fixes positions without lookups.
 *
 * Invariants: for every node N with ninfo n and every i,
 * vars[N->inputs[i]].cl[n.pos[i]] == (N, i); live counts the non-holes;
 * a variable with an owner is a member iff its owner is in `nodes`.
 */
typedef struct ninfo {
	size_t *pos;
} ninfo;

typedef struct vinfo {
	kr_client *cl;
	ninfo **cni;
	size_t len, cap, live;
	bool member;
	bool input;
} vinfo;

struct kr_fgraph {
	kri_vec inputs;   /* kr_variable * */
	kri_vec outputs;  /* kr_variable * */
	kri_vec outnodes; /* Output pseudo-node of each output */
	kri_pmap vars;
	kri_pmap nodes;
	size_t nnodes;    /* Apply nodes, Output pseudo-nodes not counted */
	kri_vec features; /* kr_feature *, in attach order */
	kri_vec outnames; /* label of each output (char * or NULL) */
};

/* ------------------------------------------------------------ clients */

static vinfo *vget(const kr_fgraph *fg, const kr_variable *v)
{
	return kri_pmap_get(&fg->vars, v);
}

static vinfo *vsetup(kr_fgraph *fg, kr_variable *v)
{
	vinfo *vi = vget(fg, v);
	if (!vi) {
		vi = kri_alloc(sizeof *vi);
		kri_pmap_put(&fg->vars, v, vi);
	}
	return vi;
}

static ninfo *nget(const kr_fgraph *fg, const kr_apply *node)
{
	return kri_pmap_get(&fg->nodes, node);
}

static bool is_member(const kr_fgraph *fg, const kr_variable *v)
{
	vinfo *vi = vget(fg, v);
	return vi && vi->member;
}

static bool is_input(const kr_fgraph *fg, const kr_variable *v)
{
	vinfo *vi = vget(fg, v);
	return vi && vi->input;
}

static void compact(vinfo *vi)
{
	size_t j = 0;
	for (size_t k = 0; k < vi->len; k++) {
		if (!vi->cl[k].node)
			continue;
		vi->cl[j] = vi->cl[k];
		vi->cni[j] = vi->cni[k];
		vi->cni[j]->pos[vi->cl[j].index] = j;
		j++;
	}
	for (size_t k = j; k < vi->len; k++)
		vi->cni[k] = NULL;
	vi->len = j;
}

static void client_add(vinfo *vi, kr_apply *node, int i, ninfo *ni)
{
	if (vi->len == vi->cap && vi->len - vi->live > vi->len / 2)
		compact(vi);
	if (vi->len == vi->cap) {
		size_t cap = vi->cap ? vi->cap * 2 : 2;
		kr_client *cl = kri_alloc(cap * sizeof *cl);
		ninfo **cni = kri_alloc(cap * sizeof *cni);
		if (vi->len) {
			memcpy(cl, vi->cl, vi->len * sizeof *cl);
			memcpy(cni, vi->cni, vi->len * sizeof *cni);
		}
		vi->cl = cl;
		vi->cni = cni;
		vi->cap = cap;
	}
	vi->cl[vi->len] = (kr_client){node, i};
	vi->cni[vi->len] = ni;
	ni->pos[i] = vi->len++;
	vi->live++;
}

static void client_del(vinfo *vi, kr_apply *node, int i, ninfo *ni)
{
	size_t p = ni->pos[i];
	if (!vi || p >= vi->len || vi->cl[p].node != node || vi->cl[p].index != i)
		return; /* already removed */
	vi->cl[p].node = NULL;
	vi->cni[p] = NULL;
	vi->live--;
	size_t holes = vi->len - vi->live;
	if (holes > 16 && holes > vi->live)
		compact(vi);
}

const kr_client *kr_fgraph_clients(const kr_fgraph *fg, const kr_variable *v,
				   size_t *n)
{
	kr_check(fg != NULL && v != NULL && n != NULL);
	vinfo *vi = vget(fg, v);
	*n = vi ? vi->live : 0;
	if (!*n)
		return NULL;
	if (vi->len != vi->live)
		compact(vi); /* logically const: only squeezes out holes */
	return vi->cl;
}

/* ----------------------------------------------------------- features */

static void fire_import(kr_fgraph *fg, kr_apply *node, const char *reason)
{
	for (size_t k = 0; k < fg->features.len; k++) {
		kr_feature *f = fg->features.items[k];
		if (f->on_import)
			f->on_import(f, fg, node, reason);
	}
}

static void fire_prune(kr_fgraph *fg, kr_apply *node, const char *reason)
{
	for (size_t k = 0; k < fg->features.len; k++) {
		kr_feature *f = fg->features.items[k];
		if (f->on_prune)
			f->on_prune(f, fg, node, reason);
	}
}

static void fire_change(kr_fgraph *fg, kr_apply *node, int i,
			kr_variable *old, kr_variable *new_var,
			const char *reason)
{
	for (size_t k = 0; k < fg->features.len; k++) {
		kr_feature *f = fg->features.items[k];
		if (f->on_change_input)
			f->on_change_input(f, fg, node, i, old, new_var,
					   reason);
	}
}

int kr_fgraph_attach_feature(kr_fgraph *fg, kr_feature *f)
{
	kr_check(fg != NULL && f != NULL);
	for (size_t k = 0; k < fg->features.len; k++)
		if (fg->features.items[k] == f)
			return 0;
	if (f->on_attach) {
		int rc = f->on_attach(f, fg);
		if (rc == KR_EEXISTS)
			return 0;
		if (rc < 0)
			return rc;
	}
	kri_vec_push(&fg->features, f);
	return 0;
}

void kr_fgraph_remove_feature(kr_fgraph *fg, kr_feature *f)
{
	kr_check(fg != NULL && f != NULL);
	kri_vec *fs = &fg->features;
	for (size_t k = 0; k < fs->len; k++) {
		if (fs->items[k] != f)
			continue;
		memmove(&fs->items[k], &fs->items[k + 1],
			(fs->len - k - 1) * sizeof *fs->items);
		fs->items[--fs->len] = NULL;
		if (f->on_detach)
			f->on_detach(f, fg);
		return;
	}
}

kr_feature *const *kri_fgraph_features(const kr_fgraph *fg, size_t *n)
{
	*n = fg->features.len;
	return (kr_feature *const *)fg->features.items;
}

kr_feature *kr_fgraph_feature(const kr_fgraph *fg, const char *name)
{
	kr_check(fg != NULL && name != NULL);
	for (size_t k = 0; k < fg->features.len; k++) {
		kr_feature *f = fg->features.items[k];
		if (f->name && strcmp(f->name, name) == 0)
			return f;
	}
	return NULL;
}

int kr_fgraph_validate(kr_fgraph *fg)
{
	kr_check(fg != NULL);
	for (size_t k = 0; k < fg->features.len; k++) {
		kr_feature *f = fg->features.items[k];
		int rc = f->validate ? f->validate(f, fg) : 0;
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* ----------------------------------------------------------- toposort */

/*
 * PyTensor 2.32's io_toposort without orderings: a stack seeded with the
 * outputs' owners (first output on top); a popped node that is done is
 * skipped, one whose inputs are all computed is emitted, otherwise it is
 * pushed back with the owners of its uncomputed inputs (the last input's
 * owner on top). A node popped again while expanded but not ready lies on
 * a cycle. A variable is computed when it has no owner, its owner was
 * emitted, or (in import mode) it already is in the graph `fg`.
 */
enum { EXPANDED = 1, DONE = 2 };

typedef struct topo {
	const kr_fgraph *fg; /* import mode when not NULL */
	kri_pmap state;      /* kr_apply * -> EXPANDED or DONE */
	kri_vec todo;
} topo;

static bool node_done(topo *t, const kr_apply *node)
{
	if ((uintptr_t)kri_pmap_get(&t->state, node) == DONE)
		return true;
	return t->fg && nget(t->fg, node) != NULL;
}

static bool computed(topo *t, const kr_variable *v)
{
	return !v->owner || node_done(t, v->owner);
}

static bool node_ready(topo *t, const kr_apply *node)
{
	for (size_t i = 0; i < node->nin; i++)
		if (!computed(t, node->inputs[i]))
			return false;
	return true;
}

static int topo_step(topo *t, kr_apply *cur, kri_vec *order)
{
	if (node_done(t, cur))
		return 0;
	if (node_ready(t, cur)) {
		kri_pmap_put(&t->state, cur, (void *)(uintptr_t)DONE);
		kri_vec_push(order, cur);
		return 0;
	}
	if ((uintptr_t)kri_pmap_get(&t->state, cur) == EXPANDED)
		return kr_error_set(KR_EINVALID,
				    "the graph contains a cycle through %s",
				    kr_apply_to_string(cur));
	kri_pmap_put(&t->state, cur, (void *)(uintptr_t)EXPANDED);
	kri_vec_push(&t->todo, cur);
	for (size_t i = 0; i < cur->nin; i++)
		if (!computed(t, cur->inputs[i]))
			kri_vec_push(&t->todo, cur->inputs[i]->owner);
	return 0;
}

/* Append to `order` the nodes the outputs need, in io_toposort order. */
static int toposort(kri_vec *order, const kr_fgraph *import_into, size_t n,
		    kr_variable *const *outs)
{
	topo t = {.fg = import_into};
	for (size_t i = n; i-- > 0;)
		if (outs[i]->owner)
			kri_vec_push(&t.todo, outs[i]->owner);
	while (t.todo.len > 0) {
		int rc = topo_step(&t, kri_vec_pop(&t.todo), order);
		if (rc < 0)
			return rc;
	}
	return 0;
}

int kr_fgraph_toposort(kr_apply ***out, size_t *n, const kr_fgraph *fg)
{
	kr_check(out != NULL && n != NULL && fg != NULL);
	kri_vec order = {0};
	if (fg->nnodes < 2) {
		void *k;
		for (size_t it = 0; kri_pmap_next(&fg->nodes, &it, &k, NULL);)
			if (!kr_apply_is_output(k))
				kri_vec_push(&order, k);
	} else {
		int rc = toposort(&order, NULL, fg->outputs.len,
				  (kr_variable *const *)fg->outputs.items);
		if (rc < 0)
			return rc;
	}
	*out = (kr_apply **)order.items;
	*n = order.len;
	return 0;
}

/* -------------------------------------------------------------- import */

static int missing(const kr_variable *v, const kr_apply *user)
{
	if (!user)
		return kr_error_set(KR_ENOTFOUND,
				    "missing input: %s is not an input of the "
				    "graph",
				    kr_variable_to_string(v));
	return kr_error_set(KR_ENOTFOUND,
			    "missing input: %s, used to compute %s, is not an "
			    "input of the graph",
			    kr_variable_to_string(v), kr_apply_to_string(user));
}

static bool is_missing(const kr_fgraph *fg, const kr_variable *v)
{
	return !v->owner && !v->is_constant && !is_input(fg, v);
}

static void add_node(kr_fgraph *fg, kr_apply *node)
{
	ninfo *ni = kri_alloc(sizeof *ni);
	ni->pos = kri_alloc_atomic((node->nin ? node->nin : 1) *
				   sizeof *ni->pos);
	kri_pmap_put(&fg->nodes, node, ni);
	if (!kr_apply_is_output(node))
		fg->nnodes++;
	for (size_t k = 0; k < node->nout; k++)
		vsetup(fg, node->outputs[k])->member = true;
	for (size_t i = 0; i < node->nin; i++) {
		vinfo *vi = vsetup(fg, node->inputs[i]);
		vi->member = true;
		client_add(vi, node, (int)i, ni);
	}
}

static int import_node(kr_fgraph *fg, kr_apply *node, const char *reason)
{
	kri_vec order = {0};
	int rc = toposort(&order, fg, node->nout, node->outputs);
	if (rc < 0)
		return rc;
	for (size_t k = 0; k < order.len; k++) {
		kr_apply *n = order.items[k];
		for (size_t i = 0; i < n->nin; i++)
			if (is_missing(fg, n->inputs[i]))
				return missing(n->inputs[i], n);
	}
	for (size_t k = 0; k < order.len; k++) {
		add_node(fg, order.items[k]);
		fire_import(fg, order.items[k], reason);
	}
	return 0;
}

static int import_var(kr_fgraph *fg, kr_variable *v, const char *reason)
{
	if (v->owner && !nget(fg, v->owner)) {
		int rc = import_node(fg, v->owner, reason);
		if (rc < 0)
			return rc;
	} else if (is_missing(fg, v)) {
		return missing(v, NULL);
	}
	vsetup(fg, v)->member = true;
	return 0;
}

int kr_fgraph_import_node(kr_fgraph *fg, kr_apply *node, const char *reason)
{
	kr_check(fg != NULL && node != NULL && !kr_apply_is_output(node));
	if (nget(fg, node))
		return 0;
	return import_node(fg, node, reason);
}

int kr_fgraph_add_input(kr_fgraph *fg, kr_variable *v)
{
	kr_check(fg != NULL && v != NULL);
	if (v->owner)
		return kr_error_set(KR_EINVALID,
				    "%s cannot be an input of a graph: it is "
				    "the output of %s",
				    kr_variable_to_string(v),
				    kr_apply_to_string(v->owner));
	vinfo *vi = vsetup(fg, v);
	if (!vi->input) {
		vi->input = true;
		kri_vec_push(&fg->inputs, v);
	}
	return 0;
}

int kr_fgraph_add_output(kr_fgraph *fg, kr_variable *v, const char *reason)
{
	kr_check(fg != NULL && v != NULL);
	int rc = import_var(fg, v, reason);
	if (rc < 0)
		return rc;
	kr_apply *onode = kri_output_node((int)fg->outputs.len, v);
	kri_vec_push(&fg->outputs, v);
	kri_vec_push(&fg->outnodes, onode);
	kri_vec_push(&fg->outnames, NULL);
	add_node(fg, onode);
	return 0;
}

/* --------------------------------------------------------------- prune */

/*
 * A variable that lost its last client leaves the graph: an ownerless one
 * leaves the graph's variables (an input stays an input); one with an
 * owner whose outputs are all unused has its node pruned: the node and its
 * outputs leave the graph, its clients are removed from its inputs, then
 * on_prune fires, and its inputs may be released in turn. A worklist
 * replaces PyTensor's recursion (the last input is handled first).
 */
static bool node_used(const kr_fgraph *fg, const kr_apply *node)
{
	for (size_t k = 0; k < node->nout; k++) {
		vinfo *vi = vget(fg, node->outputs[k]);
		if (vi && vi->live > 0)
			return true;
	}
	return false;
}

static void prune(kr_fgraph *fg, kr_apply *node, kri_vec *stack,
		  const char *reason)
{
	ninfo *ni = nget(fg, node);
	kri_pmap_del(&fg->nodes, node);
	fg->nnodes--;
	for (size_t k = 0; k < node->nout; k++)
		kri_pmap_del(&fg->vars, node->outputs[k]);
	for (size_t i = 0; i < node->nin; i++) {
		client_del(vget(fg, node->inputs[i]), node, (int)i, ni);
		kri_vec_push(stack, node->inputs[i]);
	}
	fire_prune(fg, node, reason);
}

static void release(kr_fgraph *fg, kr_variable *v, const char *reason)
{
	kri_vec stack = {0};
	kri_vec_push(&stack, v);
	while (stack.len > 0) {
		v = kri_vec_pop(&stack);
		vinfo *vi = vget(fg, v);
		if (!vi || vi->live > 0)
			continue;
		if (!v->owner) {
			vi->member = false;
			if (!vi->input)
				kri_pmap_del(&fg->vars, v);
		} else if (nget(fg, v->owner) && !node_used(fg, v->owner)) {
			prune(fg, v->owner, &stack, reason);
		}
	}
}

/* -------------------------------------------------------------- change */

static int type_mismatch(const kr_variable *old, const kr_variable *new_var)
{
	return kr_error_set(KR_EINVALID,
			    "the type of the replacement %s (%s) must be "
			    "compatible with the type of the original "
			    "variable %s (%s)",
			    kr_variable_to_string(new_var),
			    kr_type_to_string(new_var->type),
			    kr_variable_to_string(old),
			    kr_type_to_string(old->type));
}

int kri_fgraph_change_input(kr_fgraph *fg, kr_apply *node, int i,
			    kr_variable *new_var, const char *reason,
			    bool check)
{
	kr_check(fg != NULL && node != NULL && new_var != NULL);
	ninfo *ni = nget(fg, node);
	if (!ni)
		return kr_error_set(KR_EINVALID,
				    "change_node_input: %s is not in the graph",
				    kr_apply_to_string(node));
	kr_check(i >= 0 && (size_t)i < node->nin);
	kr_variable *old = node->inputs[i];
	if (old == new_var)
		return 0;
	if (check && !kr_type_is_super(old->type, new_var->type))
		return type_mismatch(old, new_var);
	int rc = import_var(fg, new_var, reason);
	if (rc < 0)
		return rc;
	kri_apply_set_input(node, (size_t)i, new_var);
	if (kr_apply_is_output(node))
		fg->outputs.items[kr_apply_output_index(node)] = new_var;
	client_del(vget(fg, old), node, i, ni);
	client_add(vsetup(fg, new_var), node, i, ni);
	release(fg, old, reason);
	fire_change(fg, node, i, old, new_var, reason);
	return 0;
}

int kr_fgraph_change_node_input(kr_fgraph *fg, kr_apply *node, int i,
				kr_variable *new_var, const char *reason)
{
	return kri_fgraph_change_input(fg, node, i, new_var, reason, true);
}

int kr_fgraph_replace(kr_fgraph *fg, kr_variable *var, kr_variable *new_var,
		      const char *reason)
{
	kr_check(fg != NULL && var != NULL && new_var != NULL);
	if (!kr_type_is_super(var->type, new_var->type))
		return type_mismatch(var, new_var);
	if (!is_member(fg, var) || var == new_var)
		return 0;
	size_t n;
	const kr_client *cl = kr_fgraph_clients(fg, var, &n);
	kr_client *snap = kri_alloc((n ? n : 1) * sizeof *snap);
	if (n)
		memcpy(snap, cl, n * sizeof *snap);
	int rc = import_var(fg, new_var, reason);
	for (size_t k = 0; rc == 0 && k < n; k++) {
		kr_apply *node = snap[k].node;
		if (!nget(fg, node) || node->inputs[snap[k].index] != var)
			continue;
		rc = kri_fgraph_change_input(fg, node, snap[k].index, new_var,
					     reason, true);
	}
	return rc;
}

int kr_fgraph_replace_all(kr_fgraph *fg, size_t n, kr_variable *const *olds,
			  kr_variable *const *news, const char *reason)
{
	kr_check(n == 0 || (olds != NULL && news != NULL));
	for (size_t k = 0; k < n; k++) {
		int rc = kr_fgraph_replace(fg, olds[k], news[k], reason);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* -------------------------------------------------------- construction */

/*
 * The ownerless non-constant ancestors of the outputs, as PyTensor's
 * graph_inputs: a depth-first walk whose stack starts with the outputs
 * (the last output on top) and pushes an owner's inputs reversed, so the
 * first input is visited first.
 */
static void infer_inputs(kri_vec *ins, size_t n, kr_variable *const *outs)
{
	kri_vec stack = {0};
	kri_pmap seen = {0};
	for (size_t k = 0; k < n; k++)
		kri_vec_push(&stack, outs[k]);
	while (stack.len > 0) {
		kr_variable *v = kri_vec_pop(&stack);
		if (kri_pmap_has(&seen, v))
			continue;
		kri_pmap_put(&seen, v, v);
		if (v->owner) {
			for (size_t i = v->owner->nin; i-- > 0;)
				kri_vec_push(&stack, v->owner->inputs[i]);
		} else if (!v->is_constant) {
			kri_vec_push(ins, v);
		}
	}
}

static int check_inputs(kri_vec *ins, size_t n, kr_variable *const *inputs)
{
	kri_pmap seen = {0};
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
		if (kri_pmap_has(&seen, v))
			return kr_error_set(KR_EINVALID,
					    "input %zu (%s) is given twice", k,
					    kr_variable_to_string(v));
		kri_pmap_put(&seen, v, v);
		kri_vec_push(ins, v);
	}
	return 0;
}

static kr_variable *clone_leaf(kri_pmap *memo, kr_variable *v)
{
	kr_variable *c = kri_pmap_get(memo, v);
	if (!c) {
		c = kri_variable_clone(v);
		kri_pmap_put(memo, v, c);
	}
	return c;
}

/*
 * Copy the graph between ins and outs in place, as PyTensor's
 * clone_get_equiv: inputs and other ownerless variables are copied
 * (constants are shared), nodes are copied in topological order.
 */
static int clone_graph(kri_vec *ins, size_t n, kr_variable **outs)
{
	kri_pmap memo = {0};
	kri_vec order = {0};
	for (size_t k = 0; k < ins->len; k++)
		ins->items[k] = clone_leaf(&memo, ins->items[k]);
	int rc = toposort(&order, NULL, n, outs);
	if (rc < 0)
		return rc;
	for (size_t k = 0; k < order.len; k++) {
		kr_apply *node = order.items[k];
		kr_variable **in = kri_alloc((node->nin + 1) * sizeof *in);
		for (size_t i = 0; i < node->nin; i++)
			in[i] = clone_leaf(&memo, node->inputs[i]);
		kr_apply *c = kri_apply_clone(node, in);
		for (size_t j = 0; j < node->nout; j++)
			kri_pmap_put(&memo, node->outputs[j], c->outputs[j]);
	}
	for (size_t k = 0; k < n; k++)
		outs[k] = clone_leaf(&memo, outs[k]);
	return 0;
}

int kr_fgraph_new(kr_fgraph **out, size_t nin, kr_variable *const *inputs,
		  size_t nout, kr_variable *const *outputs, bool clone)
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
	if (rc == 0 && clone)
		rc = clone_graph(&ins, nout, outs);
	if (rc < 0)
		return rc;
	kr_fgraph *fg = kri_alloc(sizeof *fg);
	for (size_t k = 0; k < ins.len; k++)
		kr_fgraph_add_input(fg, ins.items[k]);
	for (size_t k = 0; k < nout && rc == 0; k++)
		rc = kr_fgraph_add_output(fg, outs[k], "init");
	if (rc == 0)
		rc = kr_fgraph_attach_feature(fg, kr_replace_validate_new());
	if (rc == 0)
		*out = fg;
	return rc;
}

int kr_fgraph_clone(kr_fgraph **out, const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	int rc = kr_fgraph_new(out, fg->inputs.len,
			       (kr_variable *const *)fg->inputs.items,
			       fg->outputs.len,
			       (kr_variable *const *)fg->outputs.items, true);
	for (size_t k = 0; rc == 0 && k < fg->outnames.len; k++)
		(*out)->outnames.items[k] = fg->outnames.items[k];
	return rc;
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

/* ----------------------------------------------------------- accessors */

size_t kr_fgraph_ninputs(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	return fg->inputs.len;
}

kr_variable *kr_fgraph_input(const kr_fgraph *fg, size_t i)
{
	kr_check(fg != NULL && i < fg->inputs.len);
	return fg->inputs.items[i];
}

size_t kr_fgraph_noutputs(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	return fg->outputs.len;
}

kr_variable *kr_fgraph_output(const kr_fgraph *fg, size_t i)
{
	kr_check(fg != NULL && i < fg->outputs.len);
	return fg->outputs.items[i];
}

size_t kr_fgraph_nnodes(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	return fg->nnodes;
}

bool kr_fgraph_has_node(const kr_fgraph *fg, const kr_apply *node)
{
	kr_check(fg != NULL && node != NULL);
	return !kr_apply_is_output(node) && nget(fg, node) != NULL;
}

bool kr_fgraph_has_variable(const kr_fgraph *fg, const kr_variable *v)
{
	kr_check(fg != NULL && v != NULL);
	return is_member(fg, v);
}

/* ----------------------------------------------------------- integrity */

static int broken(const char *what, const kr_variable *v)
{
	return kr_error_set(KR_ERROR, "inconsistent graph: %s (%s)", what,
			    v ? kr_variable_to_string(v) : "-");
}

/* Every node's inputs list the node as a client at the recorded place. */
static int check_node(const kr_fgraph *fg, const kr_apply *node,
		      const ninfo *ni)
{
	for (size_t i = 0; i < node->nin; i++) {
		kr_variable *v = node->inputs[i];
		vinfo *vi = vget(fg, v);
		size_t p = ni->pos[i];
		if (!vi || !vi->member)
			return broken("a node input is not in the graph", v);
		if (p >= vi->len || vi->cl[p].node != node ||
		    vi->cl[p].index != (int)i || vi->cni[p] != ni)
			return broken("a client is not recorded", v);
	}
	for (size_t k = 0; k < node->nout; k++)
		if (!is_member(fg, node->outputs[k]))
			return broken("a node output is not in the graph",
				      node->outputs[k]);
	return 0;
}

/* Every recorded client is a node of the graph using the variable. */
static int check_var(const kr_fgraph *fg, const kr_variable *v,
		     const vinfo *vi)
{
	size_t live = 0;
	for (size_t p = 0; p < vi->len; p++) {
		kr_apply *node = vi->cl[p].node;
		if (!node)
			continue;
		live++;
		if (nget(fg, node) != vi->cni[p] ||
		    node->inputs[vi->cl[p].index] != v)
			return broken("a recorded client does not use it", v);
	}
	if (live != vi->live || (live > 0 && !vi->member))
		return broken("wrong client count", v);
	if (vi->member && v->owner && !nget(fg, v->owner))
		return broken("its owner is not in the graph", v);
	return 0;
}

static int check_reachable(const kr_fgraph *fg)
{
	kri_vec stack = {0};
	kri_pmap seen = {0};
	for (size_t k = 0; k < fg->outputs.len; k++)
		kri_vec_push(&stack, fg->outputs.items[k]);
	while (stack.len > 0) {
		kr_variable *v = kri_vec_pop(&stack);
		if (kri_pmap_has(&seen, v))
			continue;
		kri_pmap_put(&seen, v, v);
		if (!is_member(fg, v))
			return broken("a needed variable is not in the graph",
				      v);
		if (is_missing(fg, v))
			return broken("an undeclared input", v);
		for (size_t i = 0; v->owner && i < v->owner->nin; i++)
			kri_vec_push(&stack, v->owner->inputs[i]);
	}
	return 0;
}

int kr_fgraph_check_integrity(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	void *k, *val;
	size_t count = 0;
	int rc = 0;
	for (size_t it = 0; rc == 0 && kri_pmap_next(&fg->nodes, &it, &k, &val);) {
		count += !kr_apply_is_output(k);
		rc = check_node(fg, k, val);
	}
	for (size_t it = 0; rc == 0 && kri_pmap_next(&fg->vars, &it, &k, &val);)
		rc = check_var(fg, k, val);
	if (rc == 0 && count != fg->nnodes)
		rc = broken("wrong node count", NULL);
	for (size_t o = 0; rc == 0 && o < fg->outputs.len; o++)
		if (((kr_apply *)fg->outnodes.items[o])->inputs[0] !=
		    fg->outputs.items[o])
			rc = broken("an Output node disagrees", fg->outputs.items[o]);
	return rc ? rc : check_reachable(fg);
}
