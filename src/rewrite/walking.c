/* walking.c -- WalkingGraphRewriter and OpKeyGraphRewriter (node processing). */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"
#include "graph/graph.h"
#include "kanrewrite/features.h"
#include "kanrewrite/traversal.h"

typedef struct walking {
	kr_node_rewriter *rw;
	kr_walk_order order;
	bool ignore_newtrees;
	kr_op *only; /* OpKeyGraphRewriter: the op key, else NULL */
} walking;

/*
 * The queue of one walk: the starting nodes in `items[head..len)`, with
 * imported nodes appended at the back (the updater; only those of the op
 * key for an OpKeyGraphRewriter). in_to_out and dfs pop at the head,
 * out_to_in (and OpKeyGraphRewriter) at the back.
 */
typedef struct walk {
	walking *w;
	kri_vec queue;
	size_t head;
	kr_apply *current;
	double callback_time;
} walk;

static void on_import(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		      const char *reason)
{
	(void)fg;
	double t0 = kri_now();
	walk *k = f->data;
	if (node != k->current && !kri_is_rollback(reason) &&
	    (!k->w->only || kr_op_equal(kr_apply_op(node), k->w->only)))
		kri_vec_push(&k->queue, node);
	k->callback_time += kri_now() - t0;
}

static kr_apply *next_node(walk *k)
{
	if (k->head >= k->queue.len)
		return NULL;
	if (k->w->order != KR_OUT_TO_IN)
		return k->queue.items[k->head++];
	return kri_vec_pop(&k->queue);
}

static int walk_loop(kr_graph_rewriter *self, kr_fgraph *fg, walk *k,
		     kr_profile *p)
{
	kr_apply *node;
	while ((node = next_node(k))) {
		if (!kr_fgraph_has_node(fg, node))
			continue;
		k->current = node;
		p->visits++;
		int rc = kri_process_node(self, fg, node, k->w->rw);
		k->current = NULL;
		if (rc < 0)
			return rc;
		p->changes += (size_t)rc;
	}
	return 0;
}

/*
 * Walk the queued nodes of k with the updater attached (unless
 * ignore_newtrees); fills p's times and counts (t0: when apply began).
 */
static int walk_run(kr_graph_rewriter *self, kr_fgraph *fg, walk *k,
		    kr_profile *p, double t0, kr_profile **profile)
{
	int rc;
	kr_feature updater = {.name = "WalkingUpdater", .data = k,
			      .on_import = on_import};
	if (!k->w->ignore_newtrees &&
	    (rc = kr_fgraph_attach_feature(fg, &updater)) < 0)
		return rc;
	double t1 = kri_now();
	rc = walk_loop(self, fg, k, p);
	p->loop_time = kri_now() - t1;
	kr_fgraph_remove_feature(fg, &updater);
	p->callback_time = k->callback_time;
	p->time = kri_now() - t0;
	p->nodes_end = kr_fgraph_nnodes(fg);
	if (profile)
		*profile = p;
	return rc;
}

static int walking_apply(kr_graph_rewriter *self, kr_fgraph *fg,
			 kr_profile **profile)
{
	walk k = {.w = self->data};
	kr_profile *p = kri_profile_new(self);
	p->nodes_start = kr_fgraph_nnodes(fg);
	double t0 = kri_now();
	kr_apply **order;
	size_t n;
	int rc = 0;
	if (k.w->order == KR_DFS)
		order = kr_apply_ancestors(
			&n, fg->outputs.len,
			(kr_variable *const *)fg->outputs.items, 0, NULL);
	else /* PyTensor's io_toposort: no orderings */
		rc = kri_fgraph_io_toposort(&order, &n, fg);
	p->toposort_time = kri_now() - t0;
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < n; i++)
		kri_vec_push(&k.queue, order[i]);
	return walk_run(self, fg, &k, p, t0, profile);
}

static const kr_graph_rewriter_class walking_class = {
	.name = "WalkingGraphRewriter",
	.apply = walking_apply,
};

static walking *walking_data(kr_node_rewriter *rw, kr_walk_order order,
			     bool ignore_newtrees, kr_op *only)
{
	walking *w = kri_alloc(sizeof *w);
	w->rw = rw;
	w->order = order;
	w->ignore_newtrees = ignore_newtrees;
	w->only = only;
	return w;
}

kr_graph_rewriter *kr_walking_graph_rewriter_new(kr_node_rewriter *rw,
						 kr_walk_order order,
						 bool ignore_newtrees)
{
	kr_check(rw != NULL);
	kr_check(order == KR_IN_TO_OUT || order == KR_OUT_TO_IN ||
		 order == KR_DFS);
	return kr_graph_rewriter_new(
		&walking_class, NULL,
		walking_data(rw, order, ignore_newtrees, NULL));
}

kr_graph_rewriter *kr_walking_rewriter(kr_walk_order order, size_t n,
				       kr_node_rewriter *const *rws)
{
	kr_check(n >= 1 && rws != NULL);
	kr_node_rewriter *rw =
		n == 1 ? rws[0] : kr_sequential_node_rewriter_new(n, rws);
	kr_graph_rewriter *g = kr_walking_graph_rewriter_new(rw, order, false);
	kr_graph_rewriter_set_failure_callback(g, kr_failure_warn_inplace,
					       NULL);
	return g;
}

/* ------------------------------------------------------ OpKeyGraphRewriter */

static int op_key_add_requirements(kr_graph_rewriter *self, kr_fgraph *fg)
{
	(void)self;
	return kr_fgraph_attach_feature(fg, kr_node_finder_new());
}

/* The queue is get_nodes(op), taken from the back, as PyTensor's. */
static int op_key_apply(kr_graph_rewriter *self, kr_fgraph *fg,
			kr_profile **profile)
{
	walk k = {.w = self->data};
	kr_profile *p = kri_profile_new(self);
	p->nodes_start = kr_fgraph_nnodes(fg);
	double t0 = kri_now();
	size_t n; /* the NodeFinder is there: rewrite ran add_requirements */
	kr_apply **nodes = kr_fgraph_get_nodes(fg, k.w->only, &n);
	for (size_t i = 0; i < n; i++)
		kri_vec_push(&k.queue, nodes[i]);
	return walk_run(self, fg, &k, p, t0, profile);
}

static const kr_graph_rewriter_class op_key_class = {
	.name = "OpKeyGraphRewriter",
	.add_requirements = op_key_add_requirements,
	.apply = op_key_apply,
};

kr_graph_rewriter *kr_op_key_graph_rewriter_new(kr_node_rewriter *rw,
						bool ignore_newtrees)
{
	kr_check(rw != NULL);
	kr_op *op = kr_node_rewriter_op_key(rw);
	if (!op) {
		kr_error_set(KR_EINVALID, "%s must have an `op_key` method.",
			     kr_node_rewriter_to_string(rw));
		return NULL;
	}
	return kr_graph_rewriter_new(
		&op_key_class, NULL,
		walking_data(rw, KR_OUT_TO_IN, ignore_newtrees, op));
}
