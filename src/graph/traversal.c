/* traversal.c -- walks, sorts and substitutions on plain graphs. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"
#include "kanrewrite/pprint.h"
#include "kanrewrite/traversal.h"

/*
 * Every walk takes a fresh epoch (kri_epoch) and keeps its state in the
 * objects it meets: a variable's flags live in `scratch` while its `mark`
 * is the walk's epoch, a node's in `state` under its `mark`. A mark of an
 * older epoch means "not met yet", so nothing is cleared afterwards, and
 * a walk never reads what another left (fgraph_build.c's rule). No walk
 * calls out of this file while it runs, so no other walk can start
 * before it ends; a function that needs two walks runs them one after
 * the other, keeping what it carries over in its own arrays.
 */
enum {
	V_SEEN = 1,    /* listed / visited */
	V_STOP = 2,    /* a blocker, one of ins, or a target */
	V_A = 4,       /* truncated: an ancestor to include */
	V_BLK = 8,     /* truncated: a regular variable visited */
	V_DEPA = 16,   /* truncated: depends on an ancestor to include */
	V_KNOWN = 32,  /* truncated: V_DEPA is computed */
	V_OPEN = 64,   /* truncated: being computed */
	V_TAINT = 128, /* truncated: has a V_BLK ancestor */
	V_GEN = 8      /* truncated: bits above hold a clean generation */
};

static uintptr_t vflags(const kr_variable *v, uint64_t ep)
{
	return v->mark == ep ? (uintptr_t)v->scratch : 0;
}

static void vset(kr_variable *v, uint64_t ep, uintptr_t f)
{
	if (v->mark != ep) {
		v->mark = ep;
		v->scratch = NULL;
	}
	v->scratch = (void *)((uintptr_t)v->scratch | f);
}

static void mark_all(uint64_t ep, size_t n, kr_variable *const *vs,
		     uintptr_t f)
{
	for (size_t k = 0; k < n; k++) {
		kr_check(vs[k] != NULL);
		vset(vs[k], ep, f);
	}
}

/* The items of a vector as a result array (never NULL). */
static void **result(const kri_vec *v, size_t *count)
{
	*count = v->len;
	if (v->len == 0)
		return kri_alloc(sizeof(void *));
	return v->items;
}

enum { N_TARGET = 1, N_SEEN = 2 }; /* node states of the walks */

/* -------------------------------------------------------------- ancestors */

/*
 * A depth-first walk over variables: the stack starts with the graphs
 * (last on top); a popped variable not seen yet is listed (only when
 * ownerless with ownerless_only) and, unless it is a blocker, its owner's
 * inputs are pushed. PyTensor 2.32's `walk(graphs, expand, bfs=False)`
 * of `ancestors` pushes them reversed (the first input on top); with
 * right_first they are pushed in order (the last on top), as PyTensor
 * >= 2.34's right-recursive `ancestors` and 2.32's `get_var_by_name`.
 */
static void walk_ancestors(kri_vec *res, size_t n, kr_variable *const *graphs,
			   size_t nb, kr_variable *const *blockers,
			   bool ownerless_only, bool right_first)
{
	uint64_t ep = kri_epoch();
	mark_all(ep, nb, blockers, V_STOP);
	kri_vec stack = {0};
	for (size_t k = 0; k < n; k++) {
		kr_check(graphs[k] != NULL);
		kri_vec_push(&stack, graphs[k]);
	}
	while (stack.len > 0) {
		kr_variable *v = kri_vec_pop(&stack);
		uintptr_t f = vflags(v, ep);
		if (f & V_SEEN)
			continue;
		vset(v, ep, V_SEEN);
		if (!ownerless_only || !v->owner)
			kri_vec_push(res, v);
		if (!v->owner || (f & V_STOP))
			continue;
		size_t nin = v->owner->nin;
		for (size_t i = 0; i < nin; i++)
			kri_vec_push(&stack, v->owner->inputs[right_first
							      ? i
							      : nin - 1 - i]);
	}
}

kr_variable **kr_ancestors(size_t *count, size_t n, kr_variable *const *graphs,
			   size_t nblockers, kr_variable *const *blockers)
{
	kr_check(count != NULL && (n == 0 || graphs != NULL));
	kr_check(nblockers == 0 || blockers != NULL);
	kri_vec res = {0};
	walk_ancestors(&res, n, graphs, nblockers, blockers, false, false);
	return (kr_variable **)result(&res, count);
}

kr_variable **kr_graph_inputs(size_t *count, size_t n,
			      kr_variable *const *graphs, size_t nblockers,
			      kr_variable *const *blockers)
{
	kr_check(count != NULL && (n == 0 || graphs != NULL));
	kr_check(nblockers == 0 || blockers != NULL);
	kri_vec res = {0};
	walk_ancestors(&res, n, graphs, nblockers, blockers, true, false);
	return (kr_variable **)result(&res, count);
}

kr_variable **kr_explicit_graph_inputs(size_t *count, size_t n,
				       kr_variable *const *graphs)
{
	size_t m, k = 0;
	kr_variable **ins = kr_graph_inputs(&m, n, graphs, 0, NULL);
	for (size_t i = 0; i < m; i++)
		if (!kr_variable_is_constant(ins[i]))
			ins[k++] = ins[i];
	*count = k;
	return ins;
}

/* Each owner is listed when its first output is met. */
kr_apply **kr_apply_ancestors(size_t *count, size_t n,
			      kr_variable *const *graphs, size_t nblockers,
			      kr_variable *const *blockers)
{
	kr_check(count != NULL && (n == 0 || graphs != NULL));
	kr_check(nblockers == 0 || blockers != NULL);
	kri_vec vars = {0}, res = {0};
	walk_ancestors(&vars, n, graphs, nblockers, blockers, false, true);
	uint64_t ep = kri_epoch();
	for (size_t k = 0; k < vars.len; k++) {
		kr_apply *a = ((kr_variable *)vars.items[k])->owner;
		if (a && !(kri_node_state(a, ep) & N_SEEN)) {
			kri_node_set_state(a, ep, N_SEEN);
			kri_vec_push(&res, a);
		}
	}
	return (kr_apply **)result(&res, count);
}

/* a + b, saturating at cap */
static size_t sat_add(size_t a, size_t b, size_t cap)
{
	return a >= cap || b >= cap - a ? cap : a + b;
}

/*
 * Sizes are memoized per node (size + 1 in `memo`); a node waits on the
 * stack until its inputs' owners have theirs, and may be pushed once per
 * edge before that.
 */
size_t kr_graph_tree_size(size_t n, kr_variable *const *graphs, size_t cap)
{
	kr_check(n == 0 || graphs != NULL);
	if (cap == SIZE_MAX) /* memo holds size + 1 */
		cap--;
	kri_pmap memo = {0};
	kri_vec stack = {0};
	size_t total = 0;
	for (size_t k = 0; k < n && total < cap; k++) {
		kr_apply *root = graphs[k]->owner;
		if (!root)
			continue;
		kri_vec_push(&stack, root);
		while (stack.len > 0) {
			kr_apply *a = stack.items[stack.len - 1];
			if (kri_pmap_has(&memo, a)) {
				stack.len--;
				continue;
			}
			size_t size = 1;
			bool ready = true;
			for (size_t i = 0; i < a->nin; i++) {
				kr_apply *b = a->inputs[i]->owner;
				if (!b)
					continue;
				uintptr_t m = (uintptr_t)kri_pmap_get(&memo, b);
				if (!m) {
					kri_vec_push(&stack, b);
					ready = false;
				} else if (ready) {
					size = sat_add(size, m - 1, cap);
				}
			}
			if (!ready)
				continue;
			kri_pmap_put(&memo, a, (void *)(uintptr_t)(size + 1));
			stack.len--;
		}
		uintptr_t m = (uintptr_t)kri_pmap_get(&memo, root);
		total = sat_add(total, m - 1, cap);
	}
	return total;
}

kr_variable **kr_get_var_by_name(size_t *count, size_t n,
				 kr_variable *const *graphs, const char *name)
{
	kr_check(count != NULL && (n == 0 || graphs != NULL) && name);
	kri_vec vars = {0}, res = {0};
	walk_ancestors(&vars, n, graphs, 0, NULL, false, true);
	for (size_t k = 0; k < vars.len; k++) {
		kr_variable *v = vars.items[k];
		if (v->name && !strcmp(v->name, name))
			kri_vec_push(&res, v);
	}
	return (kr_variable **)result(&res, count);
}

bool kr_variable_depends_on(const kr_variable *v, size_t n,
			    kr_variable *const *depends_on)
{
	kr_check(v != NULL && (n == 0 || depends_on != NULL));
	uint64_t ep = kri_epoch();
	mark_all(ep, n, depends_on, V_STOP);
	kri_vec stack = {0};
	kri_vec_push(&stack, (kr_variable *)v);
	while (stack.len > 0) {
		kr_variable *u = kri_vec_pop(&stack);
		uintptr_t f = vflags(u, ep);
		if (f & V_STOP)
			return true;
		if (f & V_SEEN)
			continue;
		vset(u, ep, V_SEEN);
		for (size_t i = 0; u->owner && i < u->owner->nin; i++)
			kri_vec_push(&stack, u->owner->inputs[i]);
	}
	return false;
}

bool kr_apply_depends_on(const kr_apply *node, size_t n,
			 kr_apply *const *depends_on)
{
	kr_check(node != NULL && (n == 0 || depends_on != NULL));
	uint64_t ep = kri_epoch();
	for (size_t k = 0; k < n; k++) {
		kr_check(depends_on[k] != NULL);
		kri_node_set_state(depends_on[k], ep, N_TARGET);
	}
	kri_vec stack = {0};
	kri_vec_push(&stack, (kr_apply *)node);
	while (stack.len > 0) {
		kr_apply *a = kri_vec_pop(&stack);
		uintptr_t s = kri_node_state(a, ep);
		if (s & N_TARGET)
			return true;
		if (s & N_SEEN)
			continue;
		kri_node_set_state(a, ep, N_SEEN);
		for (size_t i = 0; i < a->nin; i++)
			if (a->inputs[i]->owner)
				kri_vec_push(&stack, a->inputs[i]->owner);
	}
	return false;
}

/* ------------------------------------------------------------ between */

/*
 * PyTensor's breadth-first `walk(outs, expand)` of vars_between: a queue
 * (items[head..len) of `q`) starting with the outputs; a popped variable
 * not seen yet is listed and, when it has an owner and is not one of ins,
 * the owner's inputs + outputs are appended reversed.
 */
static void walk_between(kri_vec *res, uint64_t ep, size_t nins,
			 kr_variable *const *ins, size_t nouts,
			 kr_variable *const *outs)
{
	mark_all(ep, nins, ins, V_STOP);
	kri_vec q = {0};
	for (size_t k = 0; k < nouts; k++) {
		kr_check(outs[k] != NULL);
		kri_vec_push(&q, outs[k]);
	}
	for (size_t head = 0; head < q.len; head++) {
		kr_variable *v = q.items[head];
		uintptr_t f = vflags(v, ep);
		if (f & V_SEEN)
			continue;
		vset(v, ep, V_SEEN);
		kri_vec_push(res, v);
		kr_apply *o = v->owner;
		if (!o || (f & V_STOP))
			continue;
		for (size_t j = o->nout; j-- > 0;)
			kri_vec_push(&q, o->outputs[j]);
		for (size_t i = o->nin; i-- > 0;)
			kri_vec_push(&q, o->inputs[i]);
	}
}

/* vars_between into *all under a fresh epoch, which is returned. */
static uint64_t between(kri_vec *all, size_t nins, kr_variable *const *ins,
			size_t nouts, kr_variable *const *outs)
{
	kr_check(nins == 0 || ins != NULL);
	kr_check(nouts == 0 || outs != NULL);
	uint64_t ep = kri_epoch();
	walk_between(all, ep, nins, ins, nouts, outs);
	return ep;
}

kr_variable **kr_vars_between(size_t *count, size_t nins,
			      kr_variable *const *ins, size_t nouts,
			      kr_variable *const *outs)
{
	kr_check(count != NULL);
	kri_vec res = {0};
	between(&res, nins, ins, nouts, outs);
	return (kr_variable **)result(&res, count);
}

kr_variable **kr_orphans_between(size_t *count, size_t nins,
				 kr_variable *const *ins, size_t nouts,
				 kr_variable *const *outs)
{
	kr_check(count != NULL);
	kri_vec all = {0}, res = {0};
	uint64_t ep = between(&all, nins, ins, nouts, outs);
	for (size_t k = 0; k < all.len; k++) {
		kr_variable *v = all.items[k];
		if (!v->owner && !(vflags(v, ep) & V_STOP))
			kri_vec_push(&res, v);
	}
	return (kr_variable **)result(&res, count);
}

kr_apply **kr_applys_between(size_t *count, size_t nins,
			     kr_variable *const *ins, size_t nouts,
			     kr_variable *const *outs)
{
	kr_check(count != NULL);
	kri_vec all = {0}, res = {0};
	uint64_t ep = between(&all, nins, ins, nouts, outs);
	for (size_t k = 0; k < all.len; k++) {
		kr_variable *v = all.items[k];
		kr_apply *o = v->owner;
		if (!o || (vflags(v, ep) & V_STOP) ||
		    kri_node_state(o, ep) == N_SEEN)
			continue;
		kri_node_set_state(o, ep, N_SEEN);
		kri_vec_push(&res, o);
	}
	return (kr_apply **)result(&res, count);
}

/* ------------------------------------------------------------ toposort */

/*
 * PyTensor 2.32's io_toposort (see kri_toposort in fgraph_build.c for the
 * stack discipline and the FINISH tag). A variable is computed when it
 * has no owner or its mark is the sort's epoch: the ins (and, for the
 * replacements, the keys) are marked before the sort, and each emitted
 * node's outputs are marked by `each` (which may keep data in their
 * `scratch`) or by emit itself. A node's own state is in its mark/state.
 */
enum { T_EXPANDED = 1, T_DONE = 2, T_FINISH = 1 };

typedef struct sorter {
	uint64_t ep;
	kri_vec todo;
	kri_vec order; /* kr_apply *, emitted */
	int (*each)(void *ctx, kr_apply *node); /* marks the outputs */
	void *ctx;
} sorter;

static bool computed(const sorter *s, const kr_variable *v)
{
	return !v->owner || v->mark == s->ep;
}

static bool outputs_computed(const sorter *s, const kr_apply *node)
{
	for (size_t j = 0; j < node->nout; j++)
		if (!computed(s, node->outputs[j]))
			return false;
	return true;
}

static bool inputs_computed(const sorter *s, const kr_apply *node)
{
	for (size_t i = 0; i < node->nin; i++)
		if (!computed(s, node->inputs[i]))
			return false;
	return true;
}

static int emit(sorter *s, kr_apply *node)
{
	kri_node_set_state(node, s->ep, T_DONE);
	kri_vec_push(&s->order, node);
	if (s->each)
		return s->each(s->ctx, node);
	for (size_t j = 0; j < node->nout; j++)
		node->outputs[j]->mark = s->ep;
	return 0;
}

static int sort_step(sorter *s, kr_apply *cur)
{
	uintptr_t st = kri_node_state(cur, s->ep);
	if (st == T_DONE || outputs_computed(s, cur))
		return 0;
	if (st == T_EXPANDED)
		return kr_error_set(KR_EINVALID,
				    "the graph contains a cycle through %s",
				    kr_apply_to_string(cur));
	if (inputs_computed(s, cur))
		return emit(s, cur);
	kri_node_set_state(cur, s->ep, T_EXPANDED);
	kri_vec_push(&s->todo, (char *)cur + T_FINISH);
	for (size_t i = 0; i < cur->nin; i++)
		if (!computed(s, cur->inputs[i]))
			kri_vec_push(&s->todo, cur->inputs[i]->owner);
	return 0;
}

static int run_sort(sorter *s, size_t n, kr_variable *const *outs)
{
	for (size_t k = n; k-- > 0;) {
		kr_check(outs[k] != NULL);
		if (outs[k]->owner)
			kri_vec_push(&s->todo, outs[k]->owner);
	}
	while (s->todo.len > 0) {
		uintptr_t top = (uintptr_t)kri_vec_pop(&s->todo);
		int rc = (top & T_FINISH)
				 ? emit(s, (kr_apply *)(top - T_FINISH))
				 : sort_step(s, (kr_apply *)top);
		if (rc < 0)
			return rc;
	}
	return 0;
}

int kr_io_toposort(kr_apply ***out, size_t *count, size_t nins,
		   kr_variable *const *ins, size_t nouts,
		   kr_variable *const *outs)
{
	kr_check(out != NULL && count != NULL);
	kr_check((nins == 0 || ins != NULL) && (nouts == 0 || outs != NULL));
	sorter s = {.ep = kri_epoch()};
	for (size_t k = 0; k < nins; k++) {
		kr_check(ins[k] != NULL);
		ins[k]->mark = s.ep;
	}
	int rc = run_sort(&s, nouts, outs);
	if (rc < 0)
		return rc;
	*out = (kr_apply **)result(&s.order, count);
	return 0;
}

/* ------------------------------------------------------- replacements */

/*
 * Copying in topological order, as PyTensor's clone_get_equiv: a marked
 * variable's `scratch` holds its image (a copy, or a key's replacement)
 * hidden from the collector, as clone does in fgraph_build.c; the images
 * stay alive through `copies` and the caller's arrays while the walk
 * runs. An unmarked variable reached by the sort has no owner and is its
 * own image. With `keep`, a node whose inputs are all their own images is
 * kept instead of copied (graph_replace rebuilds only what changes).
 */
typedef struct copier {
	uint64_t ep;
	bool keep;
	bool loose;     /* rebuild_strict=False: nodes re-infer their types */
	kri_pmap *ins;  /* copy_inputs_over=False: input -> its one copy */
	kri_vec copies; /* kr_apply *, the new nodes */
} copier;

/*
 * The image of v: its copy or replacement when marked; else v itself,
 * or, when inputs are not copied over, the one copy of an ownerless
 * non-atomic v (shared by the passes of a clone_replace).
 */
static kr_variable *image(const copier *c, kr_variable *v)
{
	if (v->mark == c->ep)
		return kri_unhide(v->scratch);
	if (!c->ins || v->owner || kri_is_atomic(v))
		return v;
	kr_variable *copy = kri_pmap_get(c->ins, v);
	if (!copy) {
		copy = kri_variable_clone(v);
		kri_pmap_put(c->ins, v, copy);
	}
	return copy;
}

static void set_image(uint64_t ep, kr_variable *v, kr_variable *img)
{
	v->mark = ep;
	v->scratch = kri_hide(img);
}

static int copy_node(void *ctx, kr_apply *node)
{
	copier *c = ctx;
	kr_variable *small[8];
	kr_variable **in = node->nin <= 8 ? small
					  : kri_alloc(node->nin * sizeof *in);
	bool same = true, retype = false;
	for (size_t i = 0; i < node->nin; i++) {
		in[i] = image(c, node->inputs[i]);
		same = same && in[i] == node->inputs[i];
		retype = retype || in[i]->type != node->inputs[i]->type;
	}
	kr_apply *copy = node;
	bool by_value = node->op->desc->infer_from_inputs != NULL;
	if (c->keep && same) {
		/* graph_replace: nothing above a key, the node stays */
	} else if (!c->keep && (retype || (c->loose && by_value))) {
		/* rebuild_collect_shared: clone_with_new_inputs(strict) */
		int rc = kr_apply_clone_with_new_inputs(&copy, node, node->nin,
							in, !c->loose);
		if (rc < 0)
			return rc;
		kri_vec_push(&c->copies, copy);
	} else {
		copy = kri_apply_clone(node, in);
		kri_vec_push(&c->copies, copy);
	}
	/* An output already marked is a key: its replacement stays. */
	for (size_t j = 0; j < node->nout; j++)
		if (node->outputs[j]->mark != c->ep)
			set_image(c->ep, node->outputs[j], copy->outputs[j]);
	return 0;
}

/* Sort the graph of outs, copying as c says; the keys are marked. */
static int copy_graph(copier *c, size_t n, kr_variable *const *outs,
		      kr_variable **images)
{
	sorter s = {.ep = c->ep, .each = copy_node, .ctx = c};
	int rc = run_sort(&s, n, outs);
	for (size_t k = 0; rc == 0 && k < n; k++)
		images[k] = image(c, outs[k]);
	return rc;
}

/*
 * Every value must be convertible to its key's type (kr_filter_variable:
 * the same kind, dtype and ndim; the static lengths may differ).
 */
static int check_pairs(size_t nrep, kr_variable *const *keys,
		       kr_variable *const *vals)
{
	for (size_t k = 0; k < nrep; k++) {
		kr_check(keys[k] != NULL && vals[k] != NULL);
		const kr_type *a = keys[k]->type, *b = vals[k]->type;
		bool loose = a->tensor && b->tensor && a->dtype == b->dtype &&
			     a->ndim == b->ndim;
		if (!loose && !kr_type_is_super(a, b))
			return kri_type_mismatch(keys[k], vals[k]);
	}
	return 0;
}

int kr_clone_replace(kr_variable ***out, size_t n, kr_variable *const *outs,
		     size_t nrep, kr_variable *const *keys,
		     kr_variable *const *vals)
{
	return kr_clone_replace_opts(out, n, outs, nrep, keys, vals, NULL);
}

int kr_clone_replace_opts(kr_variable ***out, size_t n,
			  kr_variable *const *outs, size_t nrep,
			  kr_variable *const *keys, kr_variable *const *vals,
			  const kr_rebuild_opts *opts)
{
	kr_check(out != NULL && (n == 0 || outs != NULL));
	kr_check(nrep == 0 || (keys != NULL && vals != NULL));
	const kr_rebuild_opts defaults = KR_REBUILD_OPTS_INIT;
	if (!opts)
		opts = &defaults;
	int rc = 0;
	if (opts->rebuild_strict)
		rc = check_pairs(nrep, keys, vals);
	for (size_t k = 0; k < nrep; k++)
		kr_check(keys[k] != NULL && vals[k] != NULL);
	kri_pmap *ins = opts->copy_inputs_over ? NULL
					       : kri_alloc(sizeof *ins);
	kr_variable **vcopy = kri_alloc((nrep ? nrep : 1) * sizeof *vcopy);
	copier cv = {.ep = kri_epoch(), .loose = !opts->rebuild_strict,
		     .ins = ins};
	if (rc == 0)
		rc = copy_graph(&cv, nrep, vals, vcopy);
	if (rc < 0)
		return rc;
	copier co = {.ep = kri_epoch(), .loose = !opts->rebuild_strict,
		     .ins = ins};
	for (size_t k = 0; k < nrep; k++)
		set_image(co.ep, keys[k], vcopy[k]);
	kr_variable **res = kri_alloc((n ? n : 1) * sizeof *res);
	rc = copy_graph(&co, n, outs, res);
	if (rc < 0)
		return rc;
	*out = res;
	return 0;
}

/* KR_EINVALID naming the first key the outputs do not depend on. */
static int check_used(size_t n, kr_variable *const *outs, size_t nrep,
		      kr_variable *const *keys)
{
	size_t count;
	kr_variable **anc = kr_ancestors(&count, n, outs, 0, NULL);
	uint64_t ep = kri_epoch();
	mark_all(ep, count, anc, V_SEEN);
	for (size_t k = 0; k < nrep; k++)
		if (!(vflags(keys[k], ep) & V_SEEN))
			return kr_error_set(KR_EINVALID,
					    "graph_replace: some replacements "
					    "were not used: %s is not in the "
					    "graph of the outputs",
					    kr_variable_to_string(keys[k]));
	return 0;
}

int kr_graph_replace(kr_variable ***out, size_t n, kr_variable *const *outs,
		     size_t nrep, kr_variable *const *keys,
		     kr_variable *const *vals, bool strict)
{
	kr_check(out != NULL && (n == 0 || outs != NULL));
	kr_check(nrep == 0 || (keys != NULL && vals != NULL));
	int rc = check_pairs(nrep, keys, vals);
	if (rc == 0 && strict)
		rc = check_used(n, outs, nrep, keys);
	if (rc < 0)
		return rc;
	/* fg.replace filters each value through its key's type */
	kr_variable **conv = kri_alloc((nrep ? nrep : 1) * sizeof *conv);
	for (size_t k = 0; k < nrep; k++) {
		conv[k] = kr_convert_variable(keys[k]->type, vals[k]);
		if (!kr_type_is_super(keys[k]->type, conv[k]->type))
			return kri_type_mismatch(keys[k], vals[k]);
	}
	copier c = {.ep = kri_epoch(), .keep = true};
	for (size_t k = 0; k < nrep; k++)
		set_image(c.ep, keys[k], conv[k]);
	kr_variable **res = kri_alloc((n ? n : 1) * sizeof *res);
	rc = copy_graph(&c, n, outs, res);
	if (rc < 0)
		return rc;
	*out = res;
	return 0;
}

/* ------------------------------------------------- truncated inputs */

/*
 * truncated_graph_inputs keeps, per variable, the flags of the enum at
 * the top and, above V_GEN bits, a "clean" generation: a variable whose
 * generation is the current one was walked over by an earlier query and
 * has no regular variable visited (V_BLK) among its ancestors. That stays
 * true until a clean variable itself becomes V_BLK (only then can a new
 * V_BLK variable be an ancestor of a clean one), which starts a new
 * generation. V_TAINT (a V_BLK ancestor) never goes away.
 */
typedef struct trunc {
	uint64_t ep;
	uintptr_t gen;
	kri_vec res;
	kri_vec todo; /* kr_variable *, the candidates */
} trunc;

#define V_FLAGMASK (((uintptr_t)1 << V_GEN) - 1)

static uintptr_t gen_of(const trunc *t, const kr_variable *v)
{
	return vflags(v, t->ep) >> V_GEN;
}

static void set_gen(const trunc *t, kr_variable *v, uintptr_t g)
{
	vset(v, t->ep, 0);
	v->scratch = (void *)(((uintptr_t)v->scratch & V_FLAGMASK) |
			      (g << V_GEN));
}

static bool depa(const trunc *t, const kr_variable *v)
{
	return vflags(v, t->ep) & V_DEPA;
}

/* V_DEPA on every ancestor of outs: post-order, the tagged entry last. */
static void compute_depa(trunc *t, size_t n, kr_variable *const *outs)
{
	kri_vec st = {0};
	for (size_t k = 0; k < n; k++)
		kri_vec_push(&st, outs[k]);
	while (st.len > 0) {
		uintptr_t top = (uintptr_t)kri_vec_pop(&st);
		kr_variable *v = (kr_variable *)(top & ~(uintptr_t)1);
		uintptr_t f = vflags(v, t->ep);
		if (top & 1) {
			bool d = f & V_A;
			for (size_t i = 0; !d && i < v->owner->nin; i++)
				d = depa(t, v->owner->inputs[i]);
			vset(v, t->ep, V_KNOWN | (d ? V_DEPA : 0));
		} else if (!(f & (V_KNOWN | V_OPEN))) {
			if (!v->owner) {
				vset(v, t->ep, V_KNOWN | ((f & V_A) ? V_DEPA : 0));
				continue;
			}
			vset(v, t->ep, V_OPEN);
			kri_vec_push(&st, (char *)v + 1);
			for (size_t i = 0; i < v->owner->nin; i++)
				kri_vec_push(&st, v->owner->inputs[i]);
		}
	}
}

/*
 * Whether a strict ancestor of w is V_BLK or V_TAINT: a depth-first walk
 * with explicit frames (variable, next input), skipping clean variables;
 * on a hit every variable of the path is tainted, otherwise all the
 * walked ones are clean (they were marked so on entry).
 */
static bool reaches_visited(trunc *t, kr_variable *w)
{
	kri_vec vars = {0}, next = {0};
	kri_vec_push(&vars, w);
	kri_vec_push(&next, (void *)0);
	while (vars.len > 0) {
		kr_variable *v = vars.items[vars.len - 1];
		size_t i = (uintptr_t)next.items[next.len - 1];
		if (!v->owner || i == v->owner->nin) {
			kri_vec_pop(&vars);
			kri_vec_pop(&next);
			continue;
		}
		next.items[next.len - 1] = (void *)(i + 1);
		kr_variable *u = v->owner->inputs[i];
		if (vflags(u, t->ep) & (V_BLK | V_TAINT)) {
			for (size_t k = 0; k < vars.len; k++)
				vset(vars.items[k], t->ep, V_TAINT);
			return true;
		}
		if (gen_of(t, u) == t->gen)
			continue;
		set_gen(t, u, t->gen);
		kri_vec_push(&vars, u);
		kri_vec_push(&next, (void *)0);
	}
	return false;
}

static void push_unseen_inputs(trunc *t, const kr_variable *v)
{
	for (size_t i = 0; i < v->owner->nin; i++)
		if (!(vflags(v->owner->inputs[i], t->ep) & V_SEEN))
			kri_vec_push(&t->todo, v->owner->inputs[i]);
}

/* One regular candidate: dependent (inputs pushed) or a truncated input. */
static void visit_regular(trunc *t, kr_variable *v)
{
	uintptr_t f = vflags(v, t->ep);
	bool clean = gen_of(t, v) == t->gen;
	bool dep = (f & (V_DEPA | V_TAINT)) ||
		   (!clean && reaches_visited(t, v));
	if (dep)
		push_unseen_inputs(t, v);
	else
		kri_vec_push(&t->res, v);
	vset(v, t->ep, V_BLK);
	if (clean)
		t->gen++;
}

static void unique_outputs(trunc *t, size_t n, kr_variable *const *outs)
{
	for (size_t k = 0; k < n; k++) {
		if (vflags(outs[k], t->ep) & V_SEEN)
			continue;
		vset(outs[k], t->ep, V_SEEN);
		kri_vec_push(&t->res, outs[k]);
	}
}

kr_variable **kr_truncated_graph_inputs(size_t *count, size_t n,
					kr_variable *const *outs,
					size_t ninclude,
					kr_variable *const *include)
{
	kr_check(count != NULL && (n == 0 || outs != NULL));
	kr_check(ninclude == 0 || include != NULL);
	trunc t = {.ep = kri_epoch(), .gen = 1};
	for (size_t k = 0; k < n; k++)
		kr_check(outs[k] != NULL);
	if (ninclude == 0) {
		unique_outputs(&t, n, outs);
		return (kr_variable **)result(&t.res, count);
	}
	mark_all(t.ep, ninclude, include, V_A);
	compute_depa(&t, n, outs);
	for (size_t k = 0; k < n; k++)
		kri_vec_push(&t.todo, outs[k]);
	while (t.todo.len > 0) {
		kr_variable *v = kri_vec_pop(&t.todo);
		uintptr_t f = vflags(v, t.ep);
		if (f & V_SEEN)
			continue;
		if (f & V_A) {
			kri_vec_push(&t.res, v);
			bool dep = false;
			for (size_t i = 0; v->owner && !dep && i < v->owner->nin;
			     i++)
				dep = depa(&t, v->owner->inputs[i]);
			if (dep)
				push_unseen_inputs(&t, v);
		} else {
			visit_regular(&t, v);
		}
		vset(v, t.ep, V_SEEN);
	}
	return (kr_variable **)result(&t.res, count);
}

/* ------------------------------------------------ equal computations */

/* Sets of pairs: a map from the first to a set of the second. */
static bool pair_has(const kri_pmap *m, const void *a, const void *b)
{
	kri_pmap *s = kri_pmap_get(m, a);
	return s && kri_pmap_has(s, b);
}

static void pair_put(kri_pmap *m, const void *a, const void *b)
{
	kri_pmap *s = kri_pmap_get(m, a);
	if (!s) {
		s = kri_alloc(sizeof *s);
		kri_pmap_put(m, a, s);
	}
	kri_pmap_put(s, b, (void *)b);
}

/*
 * PyTensor's Type.in_same_class for tensors: the same dtype, rank and
 * broadcastable dimensions (static length 1); scalars: the same dtype.
 */
static bool same_class(const kr_type *a, const kr_type *b)
{
	if (a->tensor != b->tensor || a->dtype != b->dtype ||
	    a->ndim != b->ndim)
		return false;
	for (int d = 0; d < a->ndim; d++)
		if ((a->shape[d] == 1) != (b->shape[d] == 1))
			return false;
	return true;
}

/*
 * compare_nodes of PyTensor, iterative: a frame (node x, node y, next
 * input) per pair of nodes being compared; a pair is done when all its
 * inputs are, and its outputs then join `common`. Any mismatch ends the
 * whole comparison (PyTensor returns False all the way up), so the set of
 * pairs known to differ is not needed.
 */
typedef struct cmp {
	kri_pmap common; /* x variable -> set of equal y variables */
	kri_pmap open;   /* x node -> set of y nodes being compared */
	kri_vec fx, fy, fi;
} cmp;

enum { C_FALSE, C_TRUE, C_PUSHED };

static int cmp_start(cmp *c, kr_apply *nx, kr_apply *ny)
{
	if (nx == ny)
		return C_TRUE;
	if (!kr_op_equal(nx->op, ny->op) || nx->nin != ny->nin ||
	    nx->nout != ny->nout)
		return C_FALSE;
	bool all = true;
	for (size_t j = 0; all && j < nx->nout; j++)
		all = pair_has(&c->common, nx->outputs[j], ny->outputs[j]);
	if (all)
		return C_TRUE;
	if (pair_has(&c->open, nx, ny))
		return kr_error_set(KR_EINVALID,
				    "equal_computations: the graph contains "
				    "a cycle through %s",
				    kr_apply_to_string(nx));
	pair_put(&c->open, nx, ny);
	kri_vec_push(&c->fx, nx);
	kri_vec_push(&c->fy, ny);
	kri_vec_push(&c->fi, (void *)0);
	return C_PUSHED;
}

static bool leaves_equal(kr_variable *dx, kr_variable *dy)
{
	return dx == dy || (dx->is_constant && dy->is_constant &&
			    kr_constant_equal(dx, dy));
}

static int cmp_input(cmp *c, kr_variable *dx, kr_variable *dy)
{
	if (pair_has(&c->common, dx, dy))
		return C_TRUE;
	if (dx->owner && dy->owner && dx->index == dy->index)
		return cmp_start(c, dx->owner, dy->owner);
	if (!dx->owner && !dy->owner && leaves_equal(dx, dy))
		return C_TRUE;
	return C_FALSE;
}

static int cmp_nodes(cmp *c, kr_apply *nx, kr_apply *ny)
{
	int r = cmp_start(c, nx, ny);
	while (r == C_PUSHED || (r == C_TRUE && c->fx.len > 0)) {
		kr_apply *ax = c->fx.items[c->fx.len - 1];
		kr_apply *ay = c->fy.items[c->fy.len - 1];
		size_t i = (uintptr_t)c->fi.items[c->fi.len - 1];
		if (i == ax->nin) {
			for (size_t j = 0; j < ax->nout; j++)
				pair_put(&c->common, ax->outputs[j],
					 ay->outputs[j]);
			kri_vec_pop(&c->fx);
			kri_vec_pop(&c->fy);
			kri_vec_pop(&c->fi);
			r = C_TRUE;
			continue;
		}
		c->fi.items[c->fi.len - 1] = (void *)(i + 1);
		r = cmp_input(c, ax->inputs[i], ay->inputs[i]);
	}
	return r;
}

/* The checks of the top-level pairs before any node is compared. */
static bool top_pairs_ok(uint64_t ep, size_t n, kr_variable *const *xs,
			 kr_variable *const *ys)
{
	for (size_t k = 0; k < n; k++) {
		kr_variable *x = xs[k], *y = ys[k];
		kr_check(x != NULL && y != NULL);
		if (!x->owner != !y->owner)
			return false;
		if (x->owner && x->index != y->index)
			return false;
		if (!(vflags(x, ep) & V_STOP) && !same_class(y->type, x->type))
			return false;
	}
	return true;
}

static int equal_graphs(bool *out, size_t n, kr_variable *const *xs,
			kr_variable *const *ys, size_t nin,
			kr_variable *const *in_xs, kr_variable *const *in_ys)
{
	cmp c = {0};
	for (size_t k = 0; k < nin; k++) {
		kr_check(in_xs[k] != NULL && in_ys[k] != NULL);
		if (!same_class(in_ys[k]->type, in_xs[k]->type))
			return 0;
		pair_put(&c.common, in_xs[k], in_ys[k]);
	}
	for (size_t k = 0; k < n; k++) {
		kr_variable *x = xs[k], *y = ys[k];
		if (x->owner)
			continue;
		bool ok = (x->is_constant && y->is_constant)
				  ? kr_constant_equal(x, y)
				  : x == y || pair_has(&c.common, x, y);
		if (!ok)
			return 0;
	}
	for (size_t k = 0; k < n; k++) {
		if (!xs[k]->owner)
			continue;
		int r = cmp_nodes(&c, xs[k]->owner, ys[k]->owner);
		if (r < 0)
			return r;
		if (r == C_FALSE)
			return 0;
	}
	*out = true;
	return 0;
}

int kr_equal_computations(bool *out, size_t nx, kr_variable *const *xs,
			  size_t ny, kr_variable *const *ys, size_t nin_x,
			  kr_variable *const *in_xs, size_t nin_y,
			  kr_variable *const *in_ys)
{
	kr_check(out != NULL && (nx == 0 || xs != NULL) &&
		 (ny == 0 || ys != NULL));
	kr_check((nin_x == 0 || in_xs != NULL) && (nin_y == 0 || in_ys != NULL));
	if (nx != ny)
		return kr_error_set(KR_EINVALID,
				    "equal_computations: the number of graphs "
				    "in each argument must match (%zu, %zu)",
				    nx, ny);
	uint64_t ep = kri_epoch();
	mark_all(ep, nin_x, in_xs, V_STOP);
	bool eq = false;
	int rc = 0;
	if (top_pairs_ok(ep, nx, xs, ys) && nin_x == nin_y)
		rc = equal_graphs(&eq, nx, xs, ys, nin_x, in_xs, in_ys);
	if (rc < 0)
		return rc;
	*out = eq;
	return 0;
}

/* ------------------------------------------------------- generic walks */

/*
 * The generic walks keep all their state in their own queue and hash
 * maps, never in the objects (no epoch): they call user code for each
 * object met, and that code may run any walk, this kind included. The
 * queue is items[head..len) of `queue`: breadth first takes from head,
 * depth first from len; an object is entered in `seen` (under its key)
 * when it is met, not when queued, as PyTensor's walk does.
 */
struct kr_graph_walker {
	kri_vec queue;
	size_t head;
	kri_pmap seen; /* key -> the object met under it */
	kr_graph_expand_fn expand;
	void *ud;
	kr_graph_walk_opts opts;
	bool over;
};

kr_graph_walker *kr_graph_walk_start(size_t n, void *const *nodes,
				     kr_graph_expand_fn expand, void *ud,
				     const kr_graph_walk_opts *opts)
{
	kr_check((n == 0 || nodes != NULL) && expand != NULL);
	const kr_graph_walk_opts defaults = KR_GRAPH_WALK_OPTS_INIT;
	kr_graph_walker *w = kri_alloc(sizeof *w);
	w->expand = expand;
	w->ud = ud;
	w->opts = opts ? *opts : defaults;
	for (size_t k = 0; k < n; k++) {
		kr_check(nodes[k] != NULL);
		kri_vec_push(&w->queue, nodes[k]);
	}
	return w;
}

static void *walk_take(kr_graph_walker *w)
{
	if (w->opts.bfs)
		return w->queue.items[w->head++];
	return kri_vec_pop(&w->queue);
}

int kr_graph_walk_next(kr_graph_walk_entry *out, kr_graph_walker *w)
{
	kr_check(out != NULL && w != NULL);
	while (!w->over && w->head < w->queue.len) {
		void *node = walk_take(w);
		const void *key = w->opts.key ? w->opts.key(node, w->ud) : node;
		kr_check(key != NULL);
		if (kri_pmap_has(&w->seen, key))
			continue;
		kri_pmap_put(&w->seen, key, node);
		void **children = NULL;
		size_t nc = 0;
		int rc = w->expand(&children, &nc, node, w->ud);
		if (rc < 0) {
			w->over = true;
			return rc;
		}
		if (!children)
			nc = 0;
		for (size_t i = 0; i < nc; i++) {
			kr_check(children[i] != NULL);
			kri_vec_push(&w->queue, children[i]);
		}
		*out = (kr_graph_walk_entry){node, children, nc};
		return 0;
	}
	w->over = true;
	return KR_EOF;
}

/* Every step of a walk into *steps; 0 or expand's error. */
static int walk_all(kri_vec *steps, size_t n, void *const *nodes,
		    kr_graph_expand_fn expand, void *ud,
		    const kr_graph_walk_opts *opts)
{
	kr_graph_walker *w = kr_graph_walk_start(n, nodes, expand, ud, opts);
	for (;;) {
		kr_graph_walk_entry *e = kri_alloc(sizeof *e);
		int rc = kr_graph_walk_next(e, w);
		if (rc == KR_EOF)
			return 0;
		if (rc < 0)
			return rc;
		kri_vec_push(steps, e);
	}
}

int kr_graph_walk(void ***out, size_t *count, size_t n, void *const *nodes,
		  kr_graph_expand_fn expand, void *ud,
		  const kr_graph_walk_opts *opts)
{
	kr_check(out != NULL && count != NULL);
	kr_graph_walker *w = kr_graph_walk_start(n, nodes, expand, ud, opts);
	kri_vec res = {0};
	kr_graph_walk_entry e;
	int rc;
	while ((rc = kr_graph_walk_next(&e, w)) == 0)
		kri_vec_push(&res, e.node);
	if (rc != KR_EOF)
		return rc;
	*out = result(&res, count);
	return 0;
}

int kr_graph_walk_children(kr_graph_walk_entry **out, size_t *count,
			   size_t n, void *const *nodes,
			   kr_graph_expand_fn expand, void *ud,
			   const kr_graph_walk_opts *opts)
{
	kr_check(out != NULL && count != NULL);
	kri_vec steps = {0};
	int rc = walk_all(&steps, n, nodes, expand, ud, opts);
	if (rc < 0)
		return rc;
	kr_graph_walk_entry *res =
		kri_alloc((steps.len ? steps.len : 1) * sizeof *res);
	for (size_t k = 0; k < steps.len; k++)
		res[k] = *(kr_graph_walk_entry *)steps.items[k];
	*out = res;
	*count = steps.len;
	return 0;
}

/* ------------------------------------------------- general toposort */

/*
 * PyTensor 2.32's general_toposort, one record per object met (a hash
 * map, as the walk's: deps runs user code). `left` counts the
 * dependencies not yet listed, a repeated one as often as it is repeated.
 * A client appears in an object's `clients` once per time the object is
 * among its dependencies, and those repeats are next to each other (they
 * come from one deps result), so going through them brings `left` down
 * by all of them before any other client is looked at: the client is
 * queued exactly when PyTensor's `[a for a in deps if a is not node]`
 * becomes empty, and in the same place of the queue.
 */
typedef struct tnode {
	size_t ndeps;
	size_t left;
	kri_vec clients; /* objects, in walk order */
	bool listed;
} tnode;

typedef struct gsort {
	kri_pmap recs; /* object -> tnode */
	kri_vec keys;  /* objects met as a dependency, first met first */
	kr_graph_expand_fn deps;
	void *ud;
} gsort;

static tnode *tnode_of(gsort *g, const void *node)
{
	tnode *t = kri_pmap_get(&g->recs, node);
	if (!t) {
		t = kri_alloc(sizeof *t);
		kri_pmap_put(&g->recs, node, t);
	}
	return t;
}

/* The walk's expand: the user's deps, recorded. */
static int gsort_deps(void ***children, size_t *n, void *node, void *ud)
{
	gsort *g = ud;
	int rc = g->deps(children, n, node, g->ud);
	if (rc < 0)
		return rc;
	tnode *t = tnode_of(g, node);
	t->ndeps = t->left = *children ? *n : 0;
	return 0;
}

static void add_clients(gsort *g, const kr_graph_walk_entry *e)
{
	for (size_t i = 0; i < e->n; i++) {
		tnode *c = tnode_of(g, e->items[i]);
		if (c->clients.len == 0)
			kri_vec_push(&g->keys, e->items[i]);
		kri_vec_push(&c->clients, e->node);
	}
}

/* List the sources and what they free, first in first out. */
static void gsort_list(gsort *g, kri_vec *sources, kri_vec *order)
{
	for (size_t head = 0; head < sources->len; head++) {
		void *node = sources->items[head];
		tnode *t = tnode_of(g, node);
		if (t->listed)
			continue;
		t->listed = true;
		kri_vec_push(order, node);
		for (size_t i = 0; i < t->clients.len; i++)
			if (--tnode_of(g, t->clients.items[i])->left == 0)
				kri_vec_push(sources, t->clients.items[i]);
	}
}

static kr_graph_walk_entry *clients_map(gsort *g, size_t *count)
{
	kr_graph_walk_entry *res =
		kri_alloc((g->keys.len ? g->keys.len : 1) * sizeof *res);
	for (size_t k = 0; k < g->keys.len; k++) {
		tnode *t = kri_pmap_get(&g->recs, g->keys.items[k]);
		res[k] = (kr_graph_walk_entry){g->keys.items[k],
					       t->clients.items,
					       t->clients.len};
	}
	*count = g->keys.len;
	return res;
}

int kr_general_toposort(void ***out, size_t *count,
			kr_graph_walk_entry **clients, size_t *nclients,
			size_t n, void *const *outputs, kr_graph_expand_fn deps,
			void *ud)
{
	kr_check(out != NULL && count != NULL && deps != NULL);
	kr_check((clients == NULL) == (nclients == NULL));
	gsort g = {.deps = deps, .ud = ud};
	kri_vec steps = {0}, sources = {0}, order = {0};
	const kr_graph_walk_opts dfs = {false, NULL};
	int rc = walk_all(&steps, n, outputs, gsort_deps, &g, &dfs);
	if (rc < 0)
		return rc;
	for (size_t k = 0; k < steps.len; k++) {
		kr_graph_walk_entry *e = steps.items[k];
		add_clients(&g, e);
		if (tnode_of(&g, e->node)->ndeps == 0)
			kri_vec_push(&sources, e->node);
	}
	gsort_list(&g, &sources, &order);
	if (order.len != steps.len)
		return kr_error_set(KR_EINVALID, "graph contains cycles");
	if (clients)
		*clients = clients_map(&g, nclients);
	*out = result(&order, count);
	return 0;
}
