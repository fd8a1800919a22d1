/* sequential.c -- OpToRewriterTracker, SequentialNodeRewriter, SequentialGraphRewriter. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <math.h>

#include "graph/graph.h"
#include "rewrite/rewrite.h"
#include "kanrewrite/pprint.h"

/* ------------------------------------------------------------- tracker */

/*
 * Rewriters filed by tracked op. `by_op` maps an op hash to a chain of
 * buckets (ops with that hash, compared with kr_op_equal); `patterns`
 * holds the buckets of OpPattern tracks (kr_op_pattern_track()), tried
 * in turn; `cache` maps an op object to its computed list (tracked by
 * the op, then by patterns, then untracked, as PyTensor's
 * OpToRewriterTracker), cleared on add.
 */
typedef struct bucket {
	const kr_op *op;
	kri_vec rws;
	struct bucket *next;
} bucket;

struct kr_rewriter_tracker {
	kri_pmap by_op;     /* (hash | 1) -> bucket * */
	bucket *patterns;   /* OpPattern tracks, newest first */
	kri_vec untracked;  /* kr_node_rewriter * */
	kri_vec all;        /* every rewriter, in the order added */
	kri_vec ops;        /* the by_op buckets, in the order made */
	kri_pmap cache;     /* kr_op * -> kri_vec * */
};

kr_rewriter_tracker *kr_rewriter_tracker_new(void)
{
	return kri_alloc(sizeof(kr_rewriter_tracker));
}

static void *hash_key(const kr_op *op)
{
	return (void *)(uintptr_t)(kr_op_hash(op) | 1);
}

static bucket *find_bucket(const kr_rewriter_tracker *t, const kr_op *op)
{
	bucket *b = kr_op_track_pattern(op) ? t->patterns
					    : kri_pmap_get(&t->by_op, hash_key(op));
	for (; b; b = b->next)
		if (kr_op_equal(b->op, op))
			return b;
	return NULL;
}

void kr_rewriter_tracker_add(kr_rewriter_tracker *t, kr_node_rewriter *rw)
{
	kr_check(t != NULL && rw != NULL);
	kri_vec_push(&t->all, rw);
	kri_pmap_clear(&t->cache);
	size_t n;
	kr_op *const *ops = kr_node_rewriter_tracks(rw, &n);
	if (!ops) {
		kri_vec_push(&t->untracked, rw);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		bucket *b = find_bucket(t, ops[i]);
		if (!b && kr_op_track_pattern(ops[i])) {
			b = kri_alloc(sizeof *b);
			b->op = ops[i];
			b->next = t->patterns;
			t->patterns = b;
		} else if (!b) {
			b = kri_alloc(sizeof *b);
			b->op = ops[i];
			b->next = kri_pmap_get(&t->by_op, hash_key(ops[i]));
			kri_pmap_put(&t->by_op, hash_key(ops[i]), b);
			kri_vec_push(&t->ops, b);
		}
		bool dup = false;
		for (size_t k = 0; k < b->rws.len; k++)
			dup |= b->rws.items[k] == rw;
		if (!dup)
			kri_vec_push(&b->rws, rw);
	}
}

/* Append the rewriters of b to v, but not those v has already. */
static void add_bucket(kri_vec *v, const bucket *b)
{
	for (size_t i = 0; b && i < b->rws.len; i++) {
		bool dup = false;
		for (size_t j = 0; j < v->len && !dup; j++)
			dup = v->items[j] == b->rws.items[i];
		if (!dup)
			kri_vec_push(v, b->rws.items[i]);
	}
}

/*
 * Append to v the rewriters of the OpPattern tracks that match op, in the
 * order they were added; those of OpPattern(Op) last, as the base class
 * comes last in the op type's MRO.
 */
static void add_pattern_tracked(kri_vec *v, const kr_rewriter_tracker *t,
				const kr_op *op)
{
	kri_vec matching = {0};
	for (bucket *b = t->patterns; b; b = b->next)
		if (kr_op_tracked(b->op, op))
			kri_vec_push(&matching, b);
	for (int base = 0; base < 2; base++)
		for (size_t k = matching.len; k-- > 0;) {
			bucket *b = matching.items[k];
			size_t nc = kr_op_pattern_nclasses(
				kr_op_track_pattern(b->op));
			if ((nc == 0) == (base == 1))
				add_bucket(v, b);
		}
}

kr_node_rewriter *const *kr_rewriter_tracker_get(kr_rewriter_tracker *t,
						 const kr_op *op, size_t *n)
{
	kr_check(t != NULL && op != NULL && n != NULL);
	kri_vec *v = kri_pmap_get(&t->cache, op);
	if (!v) {
		v = kri_alloc(sizeof *v);
		add_pattern_tracked(v, t, op);
		add_bucket(v, find_bucket(t, op));
		for (size_t i = 0; i < t->untracked.len; i++)
			kri_vec_push(v, t->untracked.items[i]);
		kri_pmap_put(&t->cache, op, v);
	}
	*n = v->len;
	return (kr_node_rewriter *const *)v->items;
}

/* PyTensor's get_rewriters: classes', instances', then untracked lists. */
kr_node_rewriter *const *kr_rewriter_tracker_rewriters(
	const kr_rewriter_tracker *t, size_t *n)
{
	kr_check(t != NULL && n != NULL);
	kri_vec v = {0}, pats = {0};
	for (bucket *b = t->patterns; b; b = b->next)
		kri_vec_push(&pats, b);
	for (size_t k = pats.len; k-- > 0;) {
		const bucket *b = pats.items[k];
		for (size_t i = 0; i < b->rws.len; i++)
			kri_vec_push(&v, b->rws.items[i]);
	}
	for (size_t k = 0; k < t->ops.len; k++) {
		const bucket *b = t->ops.items[k];
		for (size_t i = 0; i < b->rws.len; i++)
			kri_vec_push(&v, b->rws.items[i]);
	}
	for (size_t i = 0; i < t->untracked.len; i++)
		kri_vec_push(&v, t->untracked.items[i]);
	*n = v.len;
	return (kr_node_rewriter *const *)v.items;
}

/* ---------------------------------------------- SequentialNodeRewriter */

typedef struct seq_node {
	kri_vec rws;
	kr_rewriter_tracker *tracker;
	kri_vec tracks; /* union of the children's, or empty */
	bool untracked;
	bool apply_all;
} seq_node;

static const char *var_string(const kr_variable *v)
{
	return v ? kr_variable_to_string(v) : "None";
}

/* r as Python prints the list or dict a transform returns. */
static char *replacements_string(const kr_replacements *r)
{
	kri_buf b = {0};
	kri_buf_putc(&b, r->is_list ? '[' : '{');
	for (size_t i = 0; i < r->news.len; i++) {
		if (i)
			kri_buf_puts(&b, ", ");
		if (!r->is_list)
			kri_buf_printf(&b, "%s: ", var_string(r->olds.items[i]));
		kri_buf_puts(&b, var_string(r->news.items[i]));
	}
	if (r->removes.len) {
		kri_buf_puts(&b, r->news.len ? ", 'remove': [" : "'remove': [");
		for (size_t i = 0; i < r->removes.len; i++)
			kri_buf_printf(&b, "%s%s", i ? ", " : "",
				       var_string(r->removes.items[i]));
		kri_buf_putc(&b, ']');
	}
	kri_buf_putc(&b, r->is_list ? ']' : '}');
	return kri_buf_str(&b);
}

/* The first change of the rewriters tracking node's op, or *out NULL. */
static int seq_node_step(seq_node *s, kr_fgraph *fg, kr_apply *node,
			 kr_replacements **out)
{
	size_t n;
	kr_node_rewriter *const *rws =
		kr_rewriter_tracker_get(s->tracker, kr_apply_op(node), &n);
	*out = NULL;
	for (size_t i = 0; i < n; i++) {
		int rc = kr_node_rewriter_transform(rws[i], fg, node, out);
		if (rc >= 0 && *out && kr_optimizer_verbose())
			fprintf(kr_optimizer_verbose(),
				"rewriting: rewrite %s replaces node %s with "
				"%s\n",
				kr_node_rewriter_to_string(rws[i]),
				kr_apply_to_string(node),
				replacements_string(*out));
		if (rc < 0 || *out)
			return rc;
	}
	return 0;
}

/*
 * The node computing every new variable of r (apply_all_rewrites goes on
 * there), or NULL when there is none: a variable without owner (the start
 * of the graph), an output without replacement, or several owners.
 */
static kr_apply *chained_node(const kr_replacements *r)
{
	kr_apply *owner = NULL;
	for (size_t i = 0; i < r->news.len; i++) {
		kr_variable *v = r->news.items[i];
		kr_apply *o = v ? kr_variable_owner(v) : NULL;
		if (!o || (owner && o != owner))
			return NULL;
		owner = o;
	}
	return owner;
}

/*
 * PyTensor's SequentialNodeRewriter.transform. With apply_all_rewrites,
 * after a change the rewriters are tried again on the node that computes
 * the new variables (not yet in the graph), until none applies; the
 * result is then the last change's new variables, one per output of the
 * original node. The chain stops where it does not move (a result
 * computed by the node it came from, e.g. a KanrenRelationSub giving the
 * node's own outputs back, on which PyTensor's would go on forever) and
 * is bounded (KRI_MAX_CHAIN) so that two rewriters undoing each other
 * cannot loop forever.
 */
enum { KRI_MAX_CHAIN = 10000 };

static int seq_node_transform(kr_node_rewriter *self, kr_fgraph *fg,
			      kr_apply *node, kr_replacements **out)
{
	seq_node *s = self->data;
	int rc = seq_node_step(s, fg, node, out);
	if (rc < 0 || !*out || !s->apply_all)
		return rc;
	kr_replacements *last = *out;
	kr_apply *cur = node, *next;
	for (size_t steps = 1; (next = chained_node(last)) && next != cur;
	     steps++) {
		if (steps > KRI_MAX_CHAIN)
			return kr_error_set(KR_ELIMIT,
					    "%s: more than %d chained rewrites "
					    "on %s (apply_all_rewrites)",
					    kr_node_rewriter_to_string(self),
					    KRI_MAX_CHAIN,
					    kr_apply_to_string(node));
		kr_replacements *r;
		if ((rc = seq_node_step(s, fg, next, &r)) < 0)
			return rc;
		if (!r)
			break;
		last = r;
		cur = next;
	}
	if (last != *out)
		*out = kr_replacements_for_outputs(
			node, last->news.len,
			(kr_variable *const *)last->news.items);
	return 0;
}

static kr_op *const *seq_node_tracks(const kr_node_rewriter *self, size_t *n)
{
	static kr_op *const none[1]; /* tracks no op (no children) */
	const seq_node *s = self->data;
	*n = s->untracked ? 0 : s->tracks.len;
	if (s->untracked)
		return NULL;
	return s->tracks.len ? (kr_op *const *)s->tracks.items : none;
}

static char *seq_node_to_string(const kr_node_rewriter *self)
{
	const seq_node *s = self->data;
	kri_buf b = {0};
	kri_buf_puts(&b, "SequentialNodeRewriter(");
	for (size_t i = 0; i < s->rws.len; i++)
		kri_buf_printf(&b, "%s%s", i ? "," : "",
			       kr_node_rewriter_to_string(s->rws.items[i]));
	kri_buf_putc(&b, ')');
	return kri_buf_str(&b);
}

static bool seq_node_sees_beyond(const kr_node_rewriter *self)
{
	const seq_node *s = self->data;
	for (size_t i = 0; i < s->rws.len; i++)
		if (kri_node_rewriter_sees_beyond(s->rws.items[i]))
			return true;
	return false;
}

static const kr_node_rewriter_class seq_node_class = {
	.name = "SequentialNodeRewriter",
	.transform = seq_node_transform,
	.tracks = seq_node_tracks,
	.to_string = seq_node_to_string,
	.sees_beyond = seq_node_sees_beyond,
};

static void union_tracks(seq_node *s, kr_node_rewriter *rw)
{
	size_t n;
	kr_op *const *ops = kr_node_rewriter_tracks(rw, &n);
	if (!ops) {
		s->untracked = true;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		bool seen = false;
		for (size_t k = 0; k < s->tracks.len && !seen; k++)
			seen = kr_op_equal(s->tracks.items[k], ops[i]);
		if (!seen)
			kri_vec_push(&s->tracks, ops[i]);
	}
}

kr_node_rewriter *kr_sequential_node_rewriter_new(
	size_t n, kr_node_rewriter *const *rewriters)
{
	kr_check(n == 0 || rewriters != NULL);
	seq_node *s = kri_alloc(sizeof *s);
	s->tracker = kr_rewriter_tracker_new();
	for (size_t i = 0; i < n; i++) {
		kr_check(rewriters[i] != NULL);
		kri_vec_push(&s->rws, rewriters[i]);
		kr_rewriter_tracker_add(s->tracker, rewriters[i]);
		union_tracks(s, rewriters[i]);
	}
	return kr_node_rewriter_new(&seq_node_class, NULL, s);
}

void kr_sequential_node_rewriter_set_apply_all(kr_node_rewriter *rw,
					       bool apply_all)
{
	kr_check(rw != NULL && rw->cls == &seq_node_class);
	((seq_node *)rw->data)->apply_all = apply_all;
}

/* --------------------------------------------- SequentialGraphRewriter */

typedef struct seq_graph {
	kri_vec rws;
} seq_graph;

/* Run sub-rewriter i, record its entry; returns 0 or an unabsorbed error. */
static int run_one(kr_graph_rewriter *self, kr_fgraph *fg, kr_profile *p,
		   size_t i)
{
	seq_graph *s = self->data;
	kr_graph_rewriter *sub = s->rws.items[i];
	kri_seq_entry *e = kri_alloc(sizeof *e);
	e->name = sub->name;
	e->cls = sub->cls->name;
	e->index = i;
	e->before = kr_fgraph_nnodes(fg);
	double t0 = kri_now();
	int rc = sub->cls->apply(sub, fg, &e->prof); /* requirements: above */
	e->time = kri_now() - t0;
	e->after = kr_fgraph_nnodes(fg);
	kri_vec_push(&p->entries, e);
	kri_vec_push(&p->children, e->prof);
	if (rc < 0)
		rc = kri_report_failure(self, rc, sub, NULL, NULL);
	return rc;
}

static int seq_graph_apply(kr_graph_rewriter *self, kr_fgraph *fg,
			   kr_profile **profile)
{
	seq_graph *s = self->data;
	kr_profile *p = kri_profile_new(self);
	p->nodes_start = kr_fgraph_nnodes(fg);
	uint64_t callbacks0 = fg->callbacks;
	double callbacks_time0 = fg->callbacks_time;
	kri_fg_time_callbacks(fg, +1);
	double t0 = kri_now();
	int rc = 0;
	for (size_t i = 0; i < s->rws.len && rc == 0; i++)
		rc = run_one(self, fg, p, i);
	p->time = kri_now() - t0;
	kri_fg_time_callbacks(fg, -1);
	/* PyTensor prints nan when no callback ran (a time of zero) */
	p->callback_time = fg->callbacks == callbacks0
				   ? NAN
				   : fg->callbacks_time - callbacks_time0;
	p->nodes_end = kr_fgraph_nnodes(fg);
	if (profile)
		*profile = p;
	return rc;
}

/* All the sub-rewriters' requirements, before any of them runs. */
static int seq_graph_requirements(kr_graph_rewriter *self, kr_fgraph *fg)
{
	seq_graph *s = self->data;
	return kri_add_requirements_of(fg, &s->rws);
}

static const kr_graph_rewriter_class seq_graph_class = {
	.name = "SequentialGraphRewriter",
	.add_requirements = seq_graph_requirements,
	.apply = seq_graph_apply,
};

kr_graph_rewriter *kr_sequential_graph_rewriter_new(
	size_t n, kr_graph_rewriter *const *rewriters)
{
	kr_check(n == 0 || rewriters != NULL);
	seq_graph *s = kri_alloc(sizeof *s);
	for (size_t i = 0; i < n; i++) {
		kr_check(rewriters[i] != NULL);
		kri_vec_push(&s->rws, rewriters[i]);
	}
	return kr_graph_rewriter_new(&seq_graph_class, NULL, s);
}
