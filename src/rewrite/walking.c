/* walking.c -- WalkingGraphRewriter and OpKeyGraphRewriter (node processing). */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"
#include "kanrewrite/features.h"

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

/* ------------------------------------------------------ OpKeyGraphRewriter */

typedef struct op_key_rw {
	kr_node_rewriter *rw;
	kr_op *op;
	bool ignore_newtrees;
} op_key_rw;

/* One run: the queue of nodes of the op, taken from the back. */
typedef struct op_key_run {
	const op_key_rw *o;
	kri_vec queue;
	kr_apply *current;
	double callback_time;
} op_key_run;

static void op_key_on_import(kr_feature *f, kr_fgraph *fg, kr_apply *node,
			     const char *reason)
{
	(void)fg;
	double t0 = kri_now();
	op_key_run *k = f->data;
	if (node != k->current && !kri_is_rollback(reason) &&
	    kr_op_equal(kr_apply_op(node), k->o->op))
		kri_vec_push(&k->queue, node);
	k->callback_time += kri_now() - t0;
}

static int op_key_add_requirements(kr_graph_rewriter *self, kr_fgraph *fg)
{
	(void)self;
	return kr_fgraph_attach_feature(fg, kr_node_finder_new());
}

static int op_key_apply(kr_graph_rewriter *self, kr_fgraph *fg,
			kr_profile **profile)
{
	op_key_run k = {.o = self->data};
	kr_profile *p = kri_profile_new(self);
	p->nodes_start = kr_fgraph_nnodes(fg);
	double t0 = kri_now();
	int rc = op_key_add_requirements(self, fg); /* apply without rewrite */
	if (rc < 0)
		return rc;
	size_t n;
	kr_apply **nodes = kr_fgraph_get_nodes(fg, k.o->op, &n);
	for (size_t i = 0; i < n; i++)
		kri_vec_push(&k.queue, nodes[i]);
	kr_feature updater = {.name = "OpKeyUpdater", .data = &k,
			      .on_import = op_key_on_import};
	if (!k.o->ignore_newtrees &&
	    (rc = kr_fgraph_attach_feature(fg, &updater)) < 0)
		return rc;
	double t1 = kri_now();
	while (k.queue.len > 0) {
		kr_apply *node = kri_vec_pop(&k.queue);
		if (!kr_fgraph_has_node(fg, node))
			continue;
		k.current = node;
		p->visits++;
		rc = kri_process_node(self, fg, node, k.o->rw);
		k.current = NULL;
		if (rc < 0)
			break;
		p->changes += (size_t)rc;
		rc = 0;
	}
	p->loop_time = kri_now() - t1;
	kr_fgraph_remove_feature(fg, &updater);
	p->callback_time = k.callback_time;
	p->time = kri_now() - t0;
	p->nodes_end = kr_fgraph_nnodes(fg);
	if (profile)
		*profile = p;
	return rc;
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
	op_key_rw *o = kri_alloc(sizeof *o);
	o->rw = rw;
	o->op = op;
	o->ignore_newtrees = ignore_newtrees;
	return kr_graph_rewriter_new(&op_key_class, NULL, o);
}
