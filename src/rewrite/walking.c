/* walking.c -- WalkingGraphRewriter (NodeProcessingGraphRewriter). */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"

typedef struct walking {
	kr_node_rewriter *rw;
	kr_walk_order order;
	bool ignore_newtrees;
} walking;

/*
 * The queue of one walk: io_toposort's nodes in `items[head..len)`, with
 * imported nodes appended at the back (the updater). in_to_out pops at
 * the head, out_to_in at the back.
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
	if (node != k->current && !kri_is_rollback(reason))
		kri_vec_push(&k->queue, node);
	k->callback_time += kri_now() - t0;
}

static kr_apply *next_node(walk *k)
{
	if (k->head >= k->queue.len)
		return NULL;
	if (k->w->order == KR_IN_TO_OUT)
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

static int walking_apply(kr_graph_rewriter *self, kr_fgraph *fg,
			 kr_profile **profile)
{
	walk k = {.w = self->data};
	kr_profile *p = kri_profile_new(self);
	p->nodes_start = kr_fgraph_nnodes(fg);
	double t0 = kri_now();
	kr_apply **order;
	size_t n;
	int rc = kr_fgraph_toposort(&order, &n, fg);
	p->toposort_time = kri_now() - t0;
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < n; i++)
		kri_vec_push(&k.queue, order[i]);
	kr_feature updater = {.name = "WalkingUpdater", .data = &k,
			      .on_import = on_import};
	if (!k.w->ignore_newtrees &&
	    (rc = kr_fgraph_attach_feature(fg, &updater)) < 0)
		return rc;
	double t1 = kri_now();
	rc = walk_loop(self, fg, &k, p);
	p->loop_time = kri_now() - t1;
	kr_fgraph_remove_feature(fg, &updater);
	p->callback_time = k.callback_time;
	p->time = kri_now() - t0;
	p->nodes_end = kr_fgraph_nnodes(fg);
	if (profile)
		*profile = p;
	return rc;
}

static const kr_graph_rewriter_class walking_class = {
	.name = "WalkingGraphRewriter",
	.apply = walking_apply,
};

kr_graph_rewriter *kr_walking_graph_rewriter_new(kr_node_rewriter *rw,
						 kr_walk_order order,
						 bool ignore_newtrees)
{
	kr_check(rw != NULL);
	kr_check(order == KR_IN_TO_OUT || order == KR_OUT_TO_IN);
	walking *w = kri_alloc(sizeof *w);
	w->rw = rw;
	w->order = order;
	w->ignore_newtrees = ignore_newtrees;
	return kr_graph_rewriter_new(&walking_class, NULL, w);
}

kr_graph_rewriter *kr_walking_rewriter(kr_walk_order order, size_t n,
				       kr_node_rewriter *const *rws)
{
	kr_check(n >= 1 && rws != NULL);
	kr_node_rewriter *rw =
		n == 1 ? rws[0] : kr_sequential_node_rewriter_new(n, rws);
	kr_graph_rewriter *g = kr_walking_graph_rewriter_new(rw, order, false);
	kr_graph_rewriter_set_failure_callback(g, kr_failure_warn, NULL);
	return g;
}
