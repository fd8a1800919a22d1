/* fgraph.c -- FunctionGraph: clients, import, replace, prune, features. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <string.h>

#include "graph.h"
#include "kanrewrite/features.h"
#include "kanrewrite/pprint.h"

/*
 * Bookkeeping, as PyTensor's FunctionGraph keeps `apply_nodes`,
 * `variables` and `clients`, but with O(1) removal of a client and no
 * hashing in the common case:
 *
 *   kri_ndata, for every Apply node of the graph and for the Output
 *          pseudo-nodes: pos[i] is the place of the client (node, i) in
 *          the client array of node->inputs[i]; idx its place in `nodes`.
 *   kri_vdata, for every variable of the graph (member), and for inputs
 *          even when unused (input, not member).
 *
 * The data sits in the variable or node itself (fgid == the graph's id)
 * unless another graph already uses that slot; then it lives in the
 * graph's xvars/xnodes maps. A slot is released when its object leaves the
 * graph. A client array keeps clients in insertion order; a removed client
 * leaves a hole (node NULL) that compaction squeezes out once holes
 * outnumber live clients, or before the array is handed out.
 *
 * Invariants: for every node N with data n and every i,
 * vdata(N->inputs[i]).cl[n.pos[i]] == (N, i); live counts the non-holes;
 * a variable with an owner is a member iff its owner has data; nvars
 * counts the members; nodes[n.idx] == N for Apply nodes.
 */

/* ------------------------------------------------------------- slots */

static kri_vdata *vget(const kr_fgraph *fg, const kr_variable *v)
{
	return kri_fg_vdata(fg, v);
}

static kri_ndata *nget(const kr_fgraph *fg, const kr_apply *node)
{
	return kri_fg_ndata(fg, node);
}

static kri_vdata *vsetup(kr_fgraph *fg, kr_variable *v)
{
	kri_vdata *vd = vget(fg, v);
	if (vd)
		return vd;
	if (v->fgid == 0) {
		v->fgid = fg->id;
		v->fgd = (kri_vdata){0};
		return &v->fgd;
	}
	vd = kri_alloc(sizeof *vd);
	kri_pmap_put(&fg->xvars, v, vd);
	return vd;
}

static void vdel(kr_fgraph *fg, kr_variable *v)
{
	kri_vdata *vd = vget(fg, v);
	if (!vd)
		return;
	if (vd->member)
		fg->nvars--;
	if (v->fgid == fg->id) {
		v->fgid = 0;
		v->fgd = (kri_vdata){0};
	} else {
		kri_pmap_del(&fg->xvars, v);
	}
}

static kri_vdata *vmember(kr_fgraph *fg, kr_variable *v)
{
	kri_vdata *vd = vsetup(fg, v);
	if (!vd->member) {
		vd->member = true;
		fg->nvars++;
	}
	return vd;
}

static bool is_member(const kr_fgraph *fg, const kr_variable *v)
{
	kri_vdata *vd = vget(fg, v);
	return vd && vd->member;
}

static bool is_input(const kr_fgraph *fg, const kr_variable *v)
{
	kri_vdata *vd = vget(fg, v);
	return vd && vd->input;
}

bool kri_fgraph_is_missing(const kr_fgraph *fg, const kr_variable *v)
{
	return !v->owner && !kri_is_atomic(v) && !is_input(fg, v);
}

static kri_ndata *nsetup(kr_fgraph *fg, kr_apply *node)
{
	kri_ndata *nd;
	if (node->fgid == 0) {
		node->fgid = fg->id;
		nd = &node->fgd;
		*nd = (kri_ndata){0};
	} else {
		nd = kri_alloc(sizeof *nd);
		kri_pmap_put(&fg->xnodes, node, nd);
	}
	nd->pos = node->nin <= 2 ? nd->inl
				 : kri_alloc_atomic(node->nin * sizeof *nd->pos);
	return nd;
}

static void ndel(kr_fgraph *fg, kr_apply *node)
{
	if (node->fgid == fg->id) {
		node->fgid = 0;
		node->fgd = (kri_ndata){0};
	} else {
		kri_pmap_del(&fg->xnodes, node);
	}
}

/* Append node to the node list / remove it (swap with the last one). */
static void list_add(kr_fgraph *fg, kr_apply *node, kri_ndata *nd)
{
	nd->idx = fg->nodes.len;
	kri_vec_push(&fg->nodes, node);
}

static void list_del(kr_fgraph *fg, kri_ndata *nd)
{
	kr_apply *last = kri_vec_pop(&fg->nodes);
	if (nd->idx < fg->nodes.len) {
		fg->nodes.items[nd->idx] = last;
		nget(fg, last)->idx = nd->idx;
	}
}

/* ------------------------------------------------------------ clients */

static void compact(const kr_fgraph *fg, kri_vdata *vd)
{
	uint32_t j = 0;
	for (uint32_t k = 0; k < vd->len; k++) {
		if (!vd->cl[k].node)
			continue;
		vd->cl[j] = vd->cl[k];
		nget(fg, vd->cl[j].node)->pos[vd->cl[j].index] = j;
		j++;
	}
	for (uint32_t k = j; k < vd->len; k++)
		vd->cl[k] = (kr_client){0};
	vd->len = j;
}

/* Client arrays are atomic: see graph.h. Entries past len are unused. */
static void grow(kri_vdata *vd)
{
	kr_check(vd->cap < UINT32_MAX / 2);
	uint32_t cap = vd->cap ? vd->cap * 2 : 1;
	kr_client *cl = kri_alloc_atomic(cap * sizeof *cl);
	if (vd->len)
		memcpy(cl, vd->cl, vd->len * sizeof *cl);
	vd->cl = cl;
	vd->cap = cap;
}

static void client_add(const kr_fgraph *fg, kri_vdata *vd, kr_apply *node,
		       int i, kri_ndata *nd)
{
	if (vd->len == vd->cap && vd->len - vd->live > vd->len / 2)
		compact(fg, vd);
	if (vd->len == vd->cap)
		grow(vd);
	vd->cl[vd->len] = (kr_client){node, i};
	nd->pos[i] = vd->len++;
	vd->live++;
}

/* Remove the client (node, i) if it is recorded. Returns true if it was. */
static bool client_del(const kr_fgraph *fg, kri_vdata *vd, kr_apply *node,
		       int i, const kri_ndata *nd)
{
	uint32_t p = nd->pos[i];
	if (!vd || p >= vd->len || vd->cl[p].node != node ||
	    vd->cl[p].index != i)
		return false;
	vd->cl[p] = (kr_client){0};
	vd->live--;
	while (vd->len > 0 && !vd->cl[vd->len - 1].node)
		vd->len--;
	uint32_t holes = vd->len - vd->live;
	if (holes > 16 && holes > vd->live)
		compact(fg, vd);
	return true;
}

const kr_client *kr_fgraph_clients(const kr_fgraph *fg, const kr_variable *v,
				   size_t *n)
{
	kr_check(fg != NULL && v != NULL && n != NULL);
	kri_vdata *vd = vget(fg, v);
	*n = vd ? vd->live : 0;
	if (!*n)
		return NULL;
	if (vd->len != vd->live)
		compact(fg, vd); /* logically const: only squeezes out holes */
	return vd->cl;
}

int kr_fgraph_get_output_client(kr_client *out, const kr_fgraph *fg,
				size_t i)
{
	kr_check(out != NULL && fg != NULL);
	if (i >= fg->outputs.len)
		return kr_error_set(KR_ENOTFOUND,
				    "get_output_client: the graph has no "
				    "output %zu (it has %zu)",
				    i, fg->outputs.len);
	*out = (kr_client){fg->outnodes.items[i], 0};
	return 0;
}

/* ----------------------------------------------------------- features */

/*
 * The three events go to every feature in attach order. Each firing is
 * counted, and timed while a SequentialGraphRewriter asks for it.
 */
#define FIRE(fg, member, ...)                                                \
	do {                                                                 \
		double t0_ = (fg)->timing ? kri_now() : 0;                   \
		(fg)->callbacks++;                                           \
		for (size_t k_ = 0; k_ < (fg)->features.len; k_++) {         \
			kr_feature *f_ = (fg)->features.items[k_];           \
			if (f_->member)                                      \
				f_->member(f_, (fg), __VA_ARGS__);           \
		}                                                            \
		if ((fg)->timing)                                            \
			(fg)->callbacks_time += kri_now() - t0_;             \
	} while (0)

/*
 * The tag texts of str(reason) (Python prints a missing reason as
 * `None`), cached in fg with the cell of a first import while the same
 * reason comes back: the nodes of one import share them.
 */
static void reason_texts(kr_fgraph *fg, const char *reason)
{
	const char *r = reason ? reason : "None";
	if (fg->import_cell && strcmp(fg->import_text + 1, r) == 0)
		return;
	fg->import_text = kr_strfmt("i%s", r);
	fg->remove_text = kr_strfmt("r%s", r);
	kri_tagcell *c = kri_alloc(sizeof *c);
	c->reason = fg->import_text;
	fg->import_cell = c;
}

/* Prepend a cell of `text` to node's tag; the new cell. */
static kri_tagcell *tag_push(kr_apply *node, const char *text)
{
	kri_tagcell *c = kri_alloc(sizeof *c);
	c->reason = text;
	c->next = node->tag;
	node->tag = c;
	return c;
}

/* PyTensor's `node.tag.imported_by.append(str(reason))`. */
static void tag_imported(kr_fgraph *fg, kr_apply *node, const char *reason)
{
	reason_texts(fg, reason);
	if (!node->tag)
		node->tag = fg->import_cell;
	else
		tag_push(node, fg->import_text);
}

/*
 * PyTensor's `node.tag.removed_by.append(str(reason))`. The nodes pruned
 * together mostly share one tag (their first import's cell), so the cell
 * made for the last of them serves the next one too: pruning a big graph
 * allocates nothing per node.
 */
static void tag_removed(kr_fgraph *fg, kr_apply *node, const char *reason)
{
	reason_texts(fg, reason);
	if (fg->remove_cell && fg->remove_cell->reason == fg->remove_text &&
	    fg->remove_cell->next == node->tag)
		node->tag = fg->remove_cell;
	else
		fg->remove_cell = tag_push(node, fg->remove_text);
}

static void fire_import(kr_fgraph *fg, kr_apply *node, const char *reason)
{
	tag_imported(fg, node, reason);
	FIRE(fg, on_import, node, reason);
}

static void fire_prune(kr_fgraph *fg, kr_apply *node, const char *reason)
{
	tag_removed(fg, node, reason);
	FIRE(fg, on_prune, node, reason);
}

static void fire_change(kr_fgraph *fg, kr_apply *node, int i,
			kr_variable *old, kr_variable *new_var,
			const char *reason)
{
	FIRE(fg, on_change_input, node, i, old, new_var, reason);
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

static void add_node(kr_fgraph *fg, kr_apply *node)
{
	kri_ndata *nd = nsetup(fg, node);
	if (!kr_apply_is_output(node))
		list_add(fg, node, nd);
	for (size_t k = 0; k < node->nout; k++)
		vmember(fg, node->outputs[k]);
	for (size_t i = 0; i < node->nin; i++)
		client_add(fg, vmember(fg, node->inputs[i]), node, (int)i, nd);
}

/*
 * Import the nodes that node's outputs need, in toposort order. Missing
 * inputs are checked first (nothing changes on error) or, with
 * KR_IMPORT_MISSING, become inputs.
 */
/* True when every input of node is in fg or ownerless (the common case). */
static bool inputs_present(const kr_fgraph *fg, const kr_apply *node)
{
	for (size_t i = 0; i < node->nin; i++) {
		const kr_apply *o = node->inputs[i]->owner;
		if (o && !nget(fg, o))
			return false;
	}
	return true;
}

static int import_node(kr_fgraph *fg, kr_apply *node, const char *reason,
		       unsigned flags)
{
	void *few[16] = {node}; /* the nodes to import, most often a few */
	kri_vec order = {few, 1, 16};
	bool look = true; /* may an input be missing? not known yet */
	if (!inputs_present(fg, node)) {
		order.len = 0;
		int rc = kri_toposort(&order, fg, node->nout, node->outputs,
				      NULL, &look);
		if (rc < 0)
			return rc;
	}
	for (size_t k = 0; look && k < order.len; k++) {
		kr_apply *n = order.items[k];
		for (size_t i = 0; i < n->nin; i++)
			if (kri_fgraph_is_missing(fg, n->inputs[i]) &&
			    !(flags & KR_IMPORT_MISSING))
				return missing(n->inputs[i], n);
	}
	for (size_t k = 0; k < order.len; k++) {
		kr_apply *n = order.items[k];
		for (size_t i = 0; look && i < n->nin; i++)
			if (kri_fgraph_is_missing(fg, n->inputs[i]))
				kr_fgraph_add_input(fg, n->inputs[i]);
		add_node(fg, n);
		fire_import(fg, n, reason);
	}
	return 0;
}

int kri_fgraph_import_sorted(kr_fgraph *fg, const kri_vec *nodes,
			     const char *reason)
{
	for (size_t k = 0; k < nodes->len; k++) {
		kr_apply *n = nodes->items[k];
		for (size_t i = 0; i < n->nin; i++)
			if (kri_fgraph_is_missing(fg, n->inputs[i]))
				return missing(n->inputs[i], n);
		add_node(fg, n);
		fire_import(fg, n, reason);
	}
	return 0;
}

static int import_var(kr_fgraph *fg, kr_variable *v, const char *reason,
		      unsigned flags)
{
	if (v->owner && !nget(fg, v->owner)) {
		int rc = import_node(fg, v->owner, reason, flags);
		if (rc < 0)
			return rc;
	} else if (kri_fgraph_is_missing(fg, v)) {
		if (!(flags & KR_IMPORT_MISSING))
			return missing(v, NULL);
		kr_fgraph_add_input(fg, v);
	}
	vmember(fg, v);
	return 0;
}

int kr_fgraph_import_var(kr_fgraph *fg, kr_variable *v, const char *reason,
			 unsigned flags)
{
	kr_check(fg != NULL && v != NULL);
	return import_var(fg, v, reason, flags);
}

int kr_fgraph_import_node_ex(kr_fgraph *fg, kr_apply *node,
			     const char *reason, unsigned flags)
{
	kr_check(fg != NULL && node != NULL && !kr_apply_is_output(node));
	if (nget(fg, node))
		return 0;
	return import_node(fg, node, reason, flags);
}

int kr_fgraph_import_node(kr_fgraph *fg, kr_apply *node, const char *reason)
{
	return kr_fgraph_import_node_ex(fg, node, reason, 0);
}

/* Add v to the inputs; `again`: append it even when it already is one. */
static int add_input(kr_fgraph *fg, kr_variable *v, bool again)
{
	kr_check(fg != NULL && v != NULL);
	if (v->owner)
		return kr_error_set(KR_EINVALID,
				    "%s cannot be an input of a graph: it is "
				    "the output of %s",
				    kr_variable_to_string(v),
				    kr_apply_to_string(v->owner));
	kri_vdata *vd = vsetup(fg, v);
	if (!vd->input || again) {
		vd->input = true;
		kri_vec_push(&fg->inputs, v);
	}
	return 0;
}

int kr_fgraph_add_input(kr_fgraph *fg, kr_variable *v)
{
	return add_input(fg, v, false);
}

int kri_fgraph_append_input(kr_fgraph *fg, kr_variable *v)
{
	return add_input(fg, v, true);
}

int kr_fgraph_add_output_ex(kr_fgraph *fg, kr_variable *v, const char *reason,
			    unsigned flags)
{
	kr_check(fg != NULL && v != NULL);
	int rc = import_var(fg, v, reason, flags);
	if (rc < 0)
		return rc;
	kr_apply *onode = kri_output_node((int)fg->outputs.len, v);
	kri_vec_push(&fg->outputs, v);
	kri_vec_push(&fg->outnodes, onode);
	kri_vec_push(&fg->outnames, NULL);
	add_node(fg, onode);
	return 0;
}

int kr_fgraph_add_output(kr_fgraph *fg, kr_variable *v, const char *reason)
{
	return kr_fgraph_add_output_ex(fg, v, reason, 0);
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
		kri_vdata *vd = vget(fg, node->outputs[k]);
		if (vd && vd->live > 0)
			return true;
	}
	return false;
}

static void prune(kr_fgraph *fg, kr_apply *node, kri_vec *stack,
		  const char *reason)
{
	kri_ndata *nd = nget(fg, node);
	list_del(fg, nd);
	for (size_t k = 0; k < node->nout; k++)
		vdel(fg, node->outputs[k]);
	for (size_t i = 0; i < node->nin; i++) {
		client_del(fg, vget(fg, node->inputs[i]), node, (int)i, nd);
		kri_vec_push(stack, node->inputs[i]);
	}
	ndel(fg, node);
	fire_prune(fg, node, reason);
}

/* v lost a client: drop it, and what only it needed, if it is unused. */
static void release(kr_fgraph *fg, kr_variable *v, const char *reason)
{
	kri_vdata *vd = vget(fg, v);
	if (!vd || vd->live > 0)
		return;
	void *first[16]; /* kri_vec_push copies out when it grows */
	kri_vec stack = {first, 0, 16};
	kri_vec_push(&stack, v);
	while (stack.len > 0) {
		v = kri_vec_pop(&stack);
		vd = vget(fg, v);
		if (!vd || vd->live > 0)
			continue;
		if (!v->owner) {
			if (vd->member)
				fg->nvars--;
			vd->member = false;
			if (!vd->input)
				vdel(fg, v);
		} else if (nget(fg, v->owner) && !node_used(fg, v->owner)) {
			prune(fg, v->owner, &stack, reason);
		}
	}
}

/*
 * The client bookkeeping itself, for features and tests, as PyTensor's
 * add_client and remove_client. A removal may leave node using var
 * without being recorded: kr_fgraph_check_integrity() then says so, as
 * PyTensor's does.
 */
int kr_fgraph_remove_client(kr_fgraph *fg, kr_variable *var, kr_apply *node,
			    int i, const char *reason)
{
	kr_check(fg != NULL && var != NULL && node != NULL);
	kri_vdata *vd = vget(fg, var);
	if (!vd)
		return kr_error_set(KR_ENOTFOUND,
				    "remove_client: %s is not a variable of "
				    "the graph",
				    kr_variable_to_string(var));
	kri_ndata *nd = nget(fg, node);
	if (nd && i >= 0 && (size_t)i < node->nin)
		client_del(fg, vd, node, i, nd);
	release(fg, var, reason);
	return 0;
}

int kr_fgraph_add_client(kr_fgraph *fg, kr_variable *var, kr_apply *node,
			 int i)
{
	kr_check(fg != NULL && var != NULL && node != NULL);
	kri_ndata *nd = nget(fg, node);
	if (!nd)
		return kr_error_set(KR_EINVALID,
				    "add_client: the client %s is not in the "
				    "graph",
				    kr_apply_to_string(node));
	if (i < 0 || (size_t)i >= node->nin || node->inputs[i] != var)
		return kr_error_set(KR_EINVALID,
				    "add_client: input %d of %s is not %s", i,
				    kr_apply_to_string(node),
				    kr_variable_to_string(var));
	kri_vdata *vd = vget(fg, var);
	if (!vd || !(vd->member || vd->input))
		return kr_error_set(KR_EINVALID,
				    "add_client: %s is not a variable of the "
				    "graph",
				    kr_variable_to_string(var));
	uint32_t p = nd->pos[i];
	if (p < vd->len && vd->cl[p].node == node && vd->cl[p].index == i)
		return kr_error_set(KR_EINVALID,
				    "add_client: (%s, %d) is already a client "
				    "of %s",
				    kr_apply_to_string(node), i,
				    kr_variable_to_string(var));
	client_add(fg, vd, node, i, nd);
	return 0;
}

/* -------------------------------------------------------------- change */

int kri_type_mismatch(const kr_variable *old, const kr_variable *new_var)
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

int kr_fgraph_change_node_input_ex(kr_fgraph *fg, kr_apply *node, int i,
				   kr_variable *new_var, const char *reason,
				   unsigned flags)
{
	kr_check(fg != NULL && node != NULL && new_var != NULL);
	kri_ndata *nd = nget(fg, node);
	if (!nd)
		return kr_error_set(KR_EINVALID,
				    "change_node_input: %s is not in the graph",
				    kr_apply_to_string(node));
	kr_check(i >= 0 && (size_t)i < node->nin);
	kr_variable *old = node->inputs[i];
	if (old == new_var)
		return 0;
	if (!(flags & KR_NO_TYPE_CHECK) &&
	    !kr_type_is_super(old->type, new_var->type))
		return kri_type_mismatch(old, new_var);
	int rc = import_var(fg, new_var, reason, flags);
	if (rc < 0)
		return rc;
	kri_apply_set_input(node, (size_t)i, new_var);
	if (kr_apply_is_output(node))
		fg->outputs.items[kr_apply_output_index(node)] = new_var;
	client_del(fg, vget(fg, old), node, i, nd);
	client_add(fg, vmember(fg, new_var), node, i, nd);
	release(fg, old, reason);
	fire_change(fg, node, i, old, new_var, reason);
	return 0;
}

int kri_fgraph_change_input(kr_fgraph *fg, kr_apply *node, int i,
			    kr_variable *new_var, const char *reason,
			    bool check)
{
	return kr_fgraph_change_node_input_ex(fg, node, i, new_var, reason,
					      check ? 0 : KR_NO_TYPE_CHECK);
}

int kr_fgraph_change_node_input(kr_fgraph *fg, kr_apply *node, int i,
				kr_variable *new_var, const char *reason)
{
	return kr_fgraph_change_node_input_ex(fg, node, i, new_var, reason, 0);
}

static FILE *verbose_stream;

void kr_set_optimizer_verbose(FILE *stream) { verbose_stream = stream; }

FILE *kr_optimizer_verbose(void) { return verbose_stream; }

static const char *owner_string(const kr_variable *v)
{
	return v->owner ? kr_apply_to_string(v->owner) : "None";
}

int kr_fgraph_replace_ex(kr_fgraph *fg, kr_variable *var,
			 kr_variable *new_var, const char *reason,
			 unsigned flags)
{
	kr_check(fg != NULL && var != NULL && new_var != NULL);
	if (verbose_stream)
		fprintf(verbose_stream,
			"rewriting: rewrite %s replaces %s of %s with %s of "
			"%s\n",
			reason ? reason : "None", kr_variable_to_string(var),
			owner_string(var), kr_variable_to_string(new_var),
			owner_string(new_var));
	/* PyTensor's var.type.filter_variable(new_var, allow_convert=True) */
	kr_variable *conv = kr_type_equal(var->type, new_var->type)
				    ? new_var
				    : kr_convert_variable(var->type, new_var);
	if (!conv)
		return kri_type_mismatch(var, new_var);
	if (!is_member(fg, var) || var == new_var)
		return 0;
	size_t n;
	const kr_client *cl = kr_fgraph_clients(fg, var, &n);
	/* shapes in conflict: change_node_input refuses the first client */
	if (!kr_type_is_super(var->type, conv->type))
		return n ? kri_type_mismatch(var, new_var) : 0;
	new_var = conv;
	kr_client small[8];
	kr_client *snap = n <= 8 ? small : kri_alloc(n * sizeof *snap);
	if (n)
		memcpy(snap, cl, n * sizeof *snap);
	int rc = import_var(fg, new_var, reason, flags);
	for (size_t k = 0; rc == 0 && k < n; k++) {
		kr_apply *node = snap[k].node;
		if (!nget(fg, node) || node->inputs[snap[k].index] != var)
			continue;
		rc = kr_fgraph_change_node_input_ex(fg, node, snap[k].index,
						    new_var, reason, flags);
	}
	return rc;
}

int kr_fgraph_replace(kr_fgraph *fg, kr_variable *var, kr_variable *new_var,
		      const char *reason)
{
	return kr_fgraph_replace_ex(fg, var, new_var, reason, 0);
}

int kr_fgraph_replace_all_ex(kr_fgraph *fg, size_t n,
			     kr_variable *const *olds,
			     kr_variable *const *news, const char *reason,
			     unsigned flags)
{
	kr_check(n == 0 || (olds != NULL && news != NULL));
	for (size_t k = 0; k < n; k++) {
		int rc = kr_fgraph_replace_ex(fg, olds[k], news[k], reason,
					      flags);
		if (rc < 0)
			return rc;
	}
	return 0;
}

int kr_fgraph_replace_all(kr_fgraph *fg, size_t n, kr_variable *const *olds,
			  kr_variable *const *news, const char *reason)
{
	return kr_fgraph_replace_all_ex(fg, n, olds, news, reason, 0);
}

/* -------------------------------------------------------------- remove */

/* Renumber the Output pseudo-nodes after position i and drop output i. */
static void pop_output(kr_fgraph *fg, size_t i)
{
	for (size_t k = i + 1; k < fg->outputs.len; k++) {
		kr_apply *o = fg->outnodes.items[k];
		*(int *)o->op->props = (int)k - 1;
	}
	kri_vec *vs[3] = {&fg->outputs, &fg->outnodes, &fg->outnames};
	for (int j = 0; j < 3; j++) {
		memmove(&vs[j]->items[i], &vs[j]->items[i + 1],
			(vs[j]->len - i - 1) * sizeof(void *));
		vs[j]->items[--vs[j]->len] = NULL;
	}
}

/*
 * kr_fgraph_remove_node, as PyTensor's recursive remove_node, with an
 * explicit stack of frames. A frame first removes every client of the
 * node's outputs (an Output client drops that graph output, any other
 * client is removed by a new frame), then its arrows from its inputs
 * (an input left without clients is dropped, or its node removed by a
 * new frame), then fires on_prune. A node being removed is `dying`.
 */
typedef struct rframe {
	kr_apply *node;
	size_t k; /* next output, then nout + next input */
} rframe;

static rframe *push_frame(kr_fgraph *fg, kri_vec *st, kr_apply *node)
{
	kri_ndata *nd = nget(fg, node);
	if (!nd || nd->dying || kr_apply_is_output(node))
		return NULL;
	nd->dying = true;
	list_del(fg, nd);
	for (size_t k = 0; k < node->nout; k++) {
		kri_vdata *vd = vget(fg, node->outputs[k]);
		if (vd && vd->member)
			fg->nvars--, vd->member = false;
	}
	rframe *f = kri_alloc(sizeof *f);
	f->node = node;
	kri_vec_push(st, f);
	return f;
}

/* One step on an output: pop its last client; false when none is left. */
static bool out_step(kr_fgraph *fg, kri_vec *st, kr_variable *out)
{
	kri_vdata *vd = vget(fg, out);
	while (vd && vd->len > 0 && !vd->cl[vd->len - 1].node)
		vd->len--;
	if (!vd || vd->len == 0) {
		vdel(fg, out);
		return false;
	}
	kr_client c = vd->cl[vd->len - 1];
	client_del(fg, vd, c.node, c.index, nget(fg, c.node));
	if (kr_apply_is_output(c.node)) {
		pop_output(fg, (size_t)kr_apply_output_index(c.node));
		ndel(fg, c.node);
	} else {
		push_frame(fg, st, c.node);
	}
	return true;
}

static void in_step(kr_fgraph *fg, kri_vec *st, kr_apply *node, size_t i)
{
	kr_variable *in = node->inputs[i];
	kri_vdata *vd = vget(fg, in);
	if (!client_del(fg, vd, node, (int)i, nget(fg, node)) || vd->live)
		return;
	if (!in->owner) {
		if (vd->member)
			fg->nvars--, vd->member = false;
		if (!vd->input)
			vdel(fg, in);
		return;
	}
	for (size_t k = 0; k < in->owner->nout; k++)
		if (in->owner->outputs[k] != in &&
		    is_member(fg, in->owner->outputs[k]))
			return;
	push_frame(fg, st, in->owner);
}

int kr_fgraph_remove_node(kr_fgraph *fg, kr_apply *node, const char *reason)
{
	kr_check(fg != NULL && node != NULL);
	kri_vec st = {0};
	if (!push_frame(fg, &st, node))
		return 0;
	while (st.len > 0) {
		rframe *f = st.items[st.len - 1];
		kr_apply *n = f->node;
		if (f->k < n->nout) {
			if (!out_step(fg, &st, n->outputs[f->k]))
				f->k++;
		} else if (f->k < n->nout + n->nin) {
			in_step(fg, &st, n, f->k++ - n->nout);
		} else {
			kri_vec_pop(&st);
			ndel(fg, n);
			fire_prune(fg, n, reason);
		}
	}
	return 0;
}

int kr_fgraph_remove_input(kr_fgraph *fg, size_t i, const char *reason)
{
	kr_check(fg != NULL);
	if (i >= fg->inputs.len)
		return kr_error_set(KR_ENOTFOUND,
				    "remove_input: the graph has no input %zu "
				    "(it has %zu)",
				    i, fg->inputs.len);
	kr_variable *v = fg->inputs.items[i];
	kri_vec *ins = &fg->inputs;
	memmove(&ins->items[i], &ins->items[i + 1],
		(ins->len - i - 1) * sizeof *ins->items);
	ins->items[--ins->len] = NULL;
	kri_vdata *vd = vget(fg, v);
	vd->input = false;
	for (size_t k = 0; k < ins->len; k++)
		vd->input |= ins->items[k] == v; /* a repeated input stays */
	size_t n;
	const kr_client *cl = kr_fgraph_clients(fg, v, &n);
	kr_client *snap = kri_alloc((n ? n : 1) * sizeof *snap);
	if (n)
		memcpy(snap, cl, n * sizeof *snap);
	for (size_t k = 0; k < n; k++)
		kr_fgraph_remove_node(fg, snap[k].node, reason);
	vd = vget(fg, v);
	if (vd && !vd->member && !vd->live)
		vdel(fg, v);
	return 0;
}

int kr_fgraph_remove_output(kr_fgraph *fg, size_t i, const char *reason)
{
	kr_check(fg != NULL);
	if (i >= fg->outputs.len)
		return kr_error_set(KR_ENOTFOUND,
				    "remove_output: the graph has no output "
				    "%zu (it has %zu)",
				    i, fg->outputs.len);
	kr_variable *v = fg->outputs.items[i];
	kr_apply *onode = fg->outnodes.items[i];
	client_del(fg, vget(fg, v), onode, 0, nget(fg, onode));
	ndel(fg, onode);
	pop_output(fg, i);
	release(fg, v, reason);
	return 0;
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
	return fg->nodes.len;
}

size_t kr_fgraph_nvariables(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	return fg->nvars;
}

kr_apply *const *kr_fgraph_apply_nodes(const kr_fgraph *fg, size_t *n)
{
	kr_check(fg != NULL && n != NULL);
	*n = fg->nodes.len;
	return (kr_apply *const *)fg->nodes.items;
}

size_t kri_fgraph_node_index(const kr_fgraph *fg, const kr_apply *node)
{
	kri_ndata *nd = nget(fg, node);
	if (!nd || nd->dying || kr_apply_is_output(node))
		return SIZE_MAX;
	return nd->idx;
}

bool kr_fgraph_has_node(const kr_fgraph *fg, const kr_apply *node)
{
	kr_check(fg != NULL && node != NULL);
	kri_ndata *nd = nget(fg, node);
	return nd && !nd->dying && !kr_apply_is_output(node);
}

bool kr_fgraph_has_variable(const kr_fgraph *fg, const kr_variable *v)
{
	kr_check(fg != NULL && v != NULL);
	return is_member(fg, v);
}
