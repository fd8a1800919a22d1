/* node.c -- node rewriters, graph rewriters and replacement results. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"
#include "kanrewrite/pprint.h"
#include "kanrewrite/stream.h"
#include "graph/graph.h"
#include "kanrewrite/destroy.h"
#include "kanrewrite/features.h"

#include <string.h>

/* ------------------------------------------------------------ replacements */

kr_replacements *kr_replacements_for_outputs(const kr_apply *node, size_t n,
					     kr_variable *const *new_outputs)
{
	kr_check(node != NULL && (n == 0 || new_outputs != NULL));
	kr_replacements *r = kri_alloc(sizeof *r);
	r->is_list = true;
	r->node = node;
	r->news.items = kri_alloc((n ? n : 1) * sizeof *r->news.items);
	r->news.cap = n ? n : 1;
	for (size_t i = 0; i < n; i++)
		r->news.items[r->news.len++] = new_outputs[i];
	return r;
}

kr_replacements *kr_replacements_new(void)
{
	return kri_alloc(sizeof(kr_replacements));
}

void kr_replacements_add(kr_replacements *r, kr_variable *old_var,
			 kr_variable *new_var)
{
	kr_check(r && !r->is_list && old_var && new_var);
	kri_vec_push(&r->olds, old_var);
	kri_vec_push(&r->news, new_var);
}

void kr_replacements_remove(kr_replacements *r, kr_variable *var)
{
	kr_check(r && var);
	kri_vec_push(&r->removes, var);
}

bool kr_replacements_is_list(const kr_replacements *r)
{
	kr_check(r != NULL);
	return r->is_list;
}

size_t kr_replacements_count(const kr_replacements *r)
{
	kr_check(r != NULL);
	return r->news.len;
}

kr_variable *kr_replacements_new_var(const kr_replacements *r, size_t i)
{
	kr_check(r != NULL && i < r->news.len);
	return r->news.items[i];
}

kr_variable *kr_replacements_old_var(const kr_replacements *r, size_t i)
{
	kr_check(r != NULL && i < r->news.len);
	if (r->is_list)
		return i < kr_apply_noutputs(r->node) ? kr_apply_output(r->node, i)
						      : NULL;
	return r->olds.items[i];
}

size_t kr_replacements_nremoves(const kr_replacements *r)
{
	kr_check(r != NULL);
	return r->removes.len;
}

kr_variable *kr_replacements_removed(const kr_replacements *r, size_t i)
{
	kr_check(r != NULL && i < r->removes.len);
	return r->removes.items[i];
}

/* The (old, new) pairs of a list-form result, checked against the node. */
static int list_pairs(kri_vec *olds, kri_vec *news, kr_fgraph *fg,
		      kr_apply *node, const kr_replacements *r,
		      const char *reason)
{
	size_t nout = kr_apply_noutputs(node);
	if (r->news.len != nout)
		return kr_error_set(KR_EINVALID,
				    "rewriter %s returned %zu replacements "
				    "for a node with %zu outputs",
				    reason, r->news.len, nout);
	for (size_t i = 0; i < nout; i++) {
		kr_variable *old = kr_apply_output(node, i);
		kr_variable *new = r->news.items[i];
		size_t nclients = 0;
		kr_fgraph_clients(fg, old, &nclients);
		if (!new && nclients > 0)
			return kr_error_set(KR_EINVALID,
					    "rewriter %s returned no "
					    "replacement for output %zu, "
					    "which is used", reason, i);
		if (new && new != old) {
			kri_vec_push(olds, old);
			kri_vec_push(news, new);
		}
	}
	return 0;
}

bool kri_is_rollback(const char *reason)
{
	return reason && !strcmp(reason, "Revert");
}

/*
 * PyTensor's process_node relies on the ReplaceValidate feature that
 * add_requirements attaches; a graph without History gets one here, so
 * that kr_fgraph_replace_all_validate_remove() can roll back.
 */
int kri_require_history(kr_fgraph *fg)
{
	if (kr_fgraph_feature(fg, "ReplaceValidate") ||
	    kr_fgraph_feature(fg, "History"))
		return 0;
	return kr_fgraph_attach_feature(fg, kr_replace_validate_new());
}

/* The pairs of a map-form result, without the identity pairs. */
static void map_pairs(kri_vec *olds, kri_vec *news, const kr_replacements *r)
{
	for (size_t i = 0; i < r->olds.len; i++)
		if (r->olds.items[i] != r->news.items[i]) {
			kri_vec_push(olds, r->olds.items[i]);
			kri_vec_push(news, r->news.items[i]);
		}
}

/* The pairs to replace: *olds and *news (shape errors: KR_EINVALID). */
static int pairs_of(kri_vec *olds, kri_vec *news, kr_fgraph *fg,
		    kr_apply *node, const kr_replacements *r, const char *reason)
{
	size_t cap = r->news.len ? r->news.len : 1;
	*olds = (kri_vec){kri_alloc(cap * sizeof(void *)), 0, cap};
	*news = (kri_vec){kri_alloc(cap * sizeof(void *)), 0, cap};
	if (r->is_list)
		return list_pairs(olds, news, fg, node, r, reason);
	map_pairs(olds, news, r);
	return 0;
}

/* Replace the pairs, validate, check the removals; 1, 0 or < 0. */
static int replace_pairs(kr_fgraph *fg, const kri_vec *olds,
			 const kri_vec *news, const kr_replacements *r,
			 const char *reason)
{
	if (!olds->len)
		return 0;
	int rc = kri_require_history(fg);
	if (rc < 0)
		return rc;
	rc = kr_fgraph_replace_all_validate_remove(
		fg, olds->len, (kr_variable *const *)olds->items,
		(kr_variable *const *)news->items, r->removes.len,
		(kr_variable *const *)r->removes.items, reason);
	return rc < 0 ? rc : 1;
}

int kr_replacements_apply(kr_fgraph *fg, kr_apply *node,
			  const kr_replacements *r, const char *reason)
{
	kr_check(fg && r && (node || !r->is_list));
	kri_vec olds, news;
	int rc = pairs_of(&olds, &news, fg, node, r, reason);
	return rc < 0 ? rc : replace_pairs(fg, &olds, &news, r, reason);
}

/* ------------------------------------------------------------ node rewriters */

kr_node_rewriter *kr_node_rewriter_new(const kr_node_rewriter_class *cls,
				       const char *name, void *data)
{
	kr_check(cls != NULL && cls->transform != NULL && cls->name != NULL);
	kr_node_rewriter *rw = kri_alloc(sizeof *rw);
	rw->cls = cls;
	rw->name = kr_strdup(name ? name : cls->name);
	rw->data = data;
	return rw;
}

bool kri_node_rewriter_sees_beyond(const kr_node_rewriter *rw)
{
	return rw->cls->sees_beyond && rw->cls->sees_beyond(rw);
}

void *kr_node_rewriter_data(const kr_node_rewriter *rw)
{
	kr_check(rw != NULL);
	return rw->data;
}

const char *kr_node_rewriter_name(const kr_node_rewriter *rw)
{
	kr_check(rw != NULL);
	return rw->name;
}

/*
 * The printed form is computed once and cached (it is the reason of every
 * replacement the rewriter makes); renaming the rewriter clears it.
 */
char *kr_node_rewriter_to_string(const kr_node_rewriter *rw)
{
	kr_check(rw != NULL);
	kr_node_rewriter *m = (kr_node_rewriter *)rw;
	if (!m->str)
		m->str = rw->cls->to_string ? rw->cls->to_string(rw)
					    : kr_strdup(rw->name);
	return m->str;
}

/* Does rw track node's op? Untracked rewriters (tracks NULL) see all. */
static bool tracks_node(const kr_node_rewriter *rw, const kr_apply *node)
{
	if (!rw->cls->tracks)
		return true;
	size_t n = 0;
	kr_op *const *ops = rw->cls->tracks(rw, &n);
	if (!ops)
		return true;
	for (size_t i = 0; i < n; i++)
		if (kr_op_tracked(ops[i], kr_apply_op(node)))
			return true;
	return false;
}

int kr_node_rewriter_transform(kr_node_rewriter *rw, kr_fgraph *fg,
			       kr_apply *node, kr_replacements **out)
{
	kr_check(rw && fg && node && out);
	*out = NULL;
	if (!tracks_node(rw, node))
		return 0;
	return rw->cls->transform(rw, fg, node, out);
}

/* ------------------------------------------------------------ graph rewriters */

kr_graph_rewriter *kr_graph_rewriter_new(const kr_graph_rewriter_class *cls,
					 const char *name, void *data)
{
	kr_check(cls != NULL && cls->apply != NULL && cls->name != NULL);
	kr_graph_rewriter *rw = kri_alloc(sizeof *rw);
	rw->cls = cls;
	rw->name = name ? kr_strdup(name) : NULL;
	rw->data = data;
	return rw;
}

void *kr_graph_rewriter_data(const kr_graph_rewriter *rw)
{
	kr_check(rw != NULL);
	return rw->data;
}

const char *kr_graph_rewriter_name(const kr_graph_rewriter *rw)
{
	kr_check(rw != NULL);
	return rw->name;
}

int kri_add_requirements_of(kr_fgraph *fg, const kri_vec *list)
{
	for (size_t i = 0; i < list->len; i++) {
		kr_graph_rewriter *g = list->items[i];
		int rc = g->cls->add_requirements
				 ? g->cls->add_requirements(g, fg)
				 : 0;
		if (rc < 0)
			return rc;
	}
	return 0;
}

int kr_graph_rewriter_rewrite(kr_graph_rewriter *rw, kr_fgraph *fg,
			      kr_profile **profile)
{
	kr_check(rw && fg);
	if (profile)
		*profile = NULL;
	if (rw->cls->add_requirements) {
		int rc = rw->cls->add_requirements(rw, fg);
		if (rc < 0)
			return rc;
	}
	return rw->cls->apply(rw, fg, profile);
}

void kr_graph_rewriter_set_name(kr_graph_rewriter *rw, const char *name)
{
	kr_check(rw != NULL);
	rw->name = name ? kr_strdup(name) : NULL;
}

const char *kr_graph_rewriter_class_name(const kr_graph_rewriter *rw)
{
	kr_check(rw != NULL);
	return rw->cls->name;
}

void kr_node_rewriter_set_name(kr_node_rewriter *rw, const char *name)
{
	kr_check(rw != NULL && name != NULL);
	rw->name = kr_strdup(name);
	rw->str = NULL;
}

const char *kr_node_rewriter_class_name(const kr_node_rewriter *rw)
{
	kr_check(rw != NULL);
	return rw->cls->name;
}

kr_op *const *kr_node_rewriter_tracks(const kr_node_rewriter *rw, size_t *n)
{
	kr_check(rw != NULL && n != NULL);
	*n = 0;
	if (!rw->cls->tracks)
		return NULL;
	kr_op *const *ops = rw->cls->tracks(rw, n);
	if (!ops)
		*n = 0;
	return ops;
}

kr_op *kr_node_rewriter_op_key(const kr_node_rewriter *rw)
{
	kr_check(rw != NULL);
	return rw->cls->op_key ? rw->cls->op_key(rw) : NULL;
}

/* ---------------------------------------------------- function rewriters */

typedef struct fn_node {
	kr_node_rewriter_fn fn;
	void *data;
	size_t ntracks;
	kr_op **tracks;
} fn_node;

static int fn_node_transform(kr_node_rewriter *self, kr_fgraph *fg,
			     kr_apply *node, kr_replacements **out)
{
	fn_node *f = self->data;
	return f->fn(fg, node, out, f->data);
}

static kr_op *const *fn_node_tracks(const kr_node_rewriter *self, size_t *n)
{
	const fn_node *f = self->data;
	*n = f->ntracks;
	return f->ntracks ? f->tracks : NULL;
}

/* A function may read anything: other nodes, the outputs, its own state. */
static bool fn_node_sees_beyond(const kr_node_rewriter *self)
{
	(void)self;
	return true;
}

static const kr_node_rewriter_class fn_node_class = {
	.name = "FromFunctionNodeRewriter",
	.transform = fn_node_transform,
	.tracks = fn_node_tracks,
	.sees_beyond = fn_node_sees_beyond,
};

kr_node_rewriter *kr_node_rewriter_from_fn(const char *name,
					   kr_node_rewriter_fn fn, void *data,
					   size_t ntracks,
					   kr_op *const *tracks)
{
	kr_check(fn != NULL && (ntracks == 0 || tracks != NULL));
	fn_node *f = kri_alloc(sizeof *f);
	f->fn = fn;
	f->data = data;
	f->ntracks = ntracks;
	f->tracks = kri_alloc((ntracks + 1) * sizeof *f->tracks);
	for (size_t i = 0; i < ntracks; i++) {
		kr_check(tracks[i] != NULL);
		f->tracks[i] = tracks[i];
	}
	return kr_node_rewriter_new(&fn_node_class, name, f);
}

typedef struct fn_graph {
	kr_graph_rewriter_fn fn;
	void *data;
} fn_graph;

static int fn_graph_apply(kr_graph_rewriter *self, kr_fgraph *fg,
			  kr_profile **profile)
{
	fn_graph *f = self->data;
	kr_profile *p = kri_profile_new(self);
	p->nodes_start = kr_fgraph_nnodes(fg);
	double t0 = kri_now();
	int rc = f->fn(fg, f->data);
	p->time = kri_now() - t0;
	p->nodes_end = kr_fgraph_nnodes(fg);
	if (profile)
		*profile = p;
	return rc;
}

static const kr_graph_rewriter_class fn_graph_class = {
	.name = "FromFunctionGraphRewriter",
	.apply = fn_graph_apply,
};

/* A rewriter of class cl running fn(fg, data). */
static kr_graph_rewriter *fn_graph_new(const kr_graph_rewriter_class *cl,
				       const char *name,
				       kr_graph_rewriter_fn fn, void *data)
{
	kr_check(fn != NULL);
	fn_graph *f = kri_alloc(sizeof *f);
	f->fn = fn;
	f->data = data;
	return kr_graph_rewriter_new(cl, name, f);
}

kr_graph_rewriter *kr_graph_rewriter_from_fn(const char *name,
					     kr_graph_rewriter_fn fn,
					     void *data)
{
	return fn_graph_new(&fn_graph_class, name, fn, data);
}

/* PyTensor's inplace_graph_rewriter requirement: a DestroyHandler. */
static int inplace_requirements(kr_graph_rewriter *self, kr_fgraph *fg)
{
	(void)self;
	return kr_fgraph_attach_feature(fg, kr_destroy_handler_new());
}

static const kr_graph_rewriter_class inplace_graph_class = {
	.name = "FromFunctionGraphRewriter",
	.add_requirements = inplace_requirements,
	.apply = fn_graph_apply,
};

kr_graph_rewriter *kr_inplace_graph_rewriter(const char *name,
					     kr_graph_rewriter_fn fn,
					     void *data)
{
	return fn_graph_new(&inplace_graph_class, name, fn, data);
}

/* ------------------------------------------------------------ failures */

void kr_graph_rewriter_set_failure_callback(kr_graph_rewriter *rw,
					    kr_failure_fn fn, void *data)
{
	kr_check(rw != NULL);
	rw->failure = fn;
	rw->failure_data = data;
}

int kr_failure_warn(const kr_failure *f, void *data)
{
	kr_check(f != NULL && f->rewriter != NULL);
	FILE *out = data ? data : stderr;
	fprintf(out, "WARNING: %s %s: ", f->rewriter->cls->name,
		f->rewriter->name ? f->rewriter->name : "None");
	if (f->sub)
		fprintf(out, "rewriter %s (%s) failed",
			f->sub->name ? f->sub->name : "None",
			f->sub->cls->name);
	else if (f->node_rewriter)
		fprintf(out, "rewriter %s failed",
			kr_node_rewriter_to_string(f->node_rewriter));
	else if (f->node || f->code != KR_ELIMIT)
		fputs("failed", out);
	else { /* a limit of the rewriter itself (max'ed out) */
		fprintf(out, "%s\n", f->message);
		return 0;
	}
	if (f->node)
		fprintf(out, " on %s", kr_apply_to_string(f->node));
	fprintf(out, ": %s\n", f->message);
	return 0;
}

int kr_failure_ignore(const kr_failure *f, void *data)
{
	(void)f, (void)data;
	return 0;
}

int kr_failure_warn_inplace(const kr_failure *f, void *data)
{
	return f->code == KR_EINCONSISTENT ? 0 : kr_failure_warn(f, data);
}

int kri_report_failure(kr_graph_rewriter *self, int code,
		       kr_graph_rewriter *sub, kr_node_rewriter *nrw,
		       kr_apply *node)
{
	/* a stop ends the rewrite: no callback warns on every node left */
	if (!self->failure || kr_run_interrupted())
		return code;
	kr_failure f = {code, kr_strdup(kr_error_last()->message), self, sub,
			nrw, node};
	int rc = self->failure(&f, self->failure_data);
	if (rc == 0)
		kr_error_clear();
	return rc;
}

int kri_process_node(kr_graph_rewriter *self, kr_fgraph *fg, kr_apply *node,
		     kr_node_rewriter *rw)
{
	/* a stop (kr_run_interrupt: Ctrl-C, a memory limit) ends every
	 * rewrite, also one whose rewriters never fail or search */
	if (kr_run_interrupted())
		return kr_error_set(KR_ELIMIT, "rewrite: interrupted");
	kr_replacements *out;
	int rc = kr_node_rewriter_transform(rw, fg, node, &out);
	if (rc < 0)
		return kri_report_failure(self, rc, NULL, rw, node);
	if (!out)
		return 0;
	const char *reason = kr_node_rewriter_to_string(rw);
	kri_vec olds, news;
	rc = pairs_of(&olds, &news, fg, node, out, reason);
	if (rc < 0) /* a malformed result: PyTensor raises past the callback */
		return rc;
	rc = replace_pairs(fg, &olds, &news, out, reason);
	if (rc < 0)
		rc = kri_report_failure(self, rc, NULL, rw, node);
	return rc;
}
