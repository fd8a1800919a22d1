/* node.c -- node rewriters, graph rewriters and replacement results. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"
#include "kanrewrite/pprint.h"

double kri_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------ replacements */

kr_replacements *kr_replacements_for_outputs(const kr_apply *node, size_t n,
					     kr_variable *const *new_outputs)
{
	kr_check(node != NULL && (n == 0 || new_outputs != NULL));
	kr_replacements *r = kri_alloc(sizeof *r);
	r->is_list = true;
	r->node = node;
	for (size_t i = 0; i < n; i++)
		kri_vec_push(&r->news, new_outputs[i]);
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

int kr_replacements_apply(kr_fgraph *fg, kr_apply *node,
			  const kr_replacements *r, const char *reason)
{
	kr_check(fg && r);
	kri_vec olds = {0}, news = {0};
	if (r->is_list) {
		int rc = list_pairs(&olds, &news, fg, node, r, reason);
		if (rc < 0)
			return rc;
	} else {
		for (size_t i = 0; i < r->olds.len; i++)
			if (r->olds.items[i] != r->news.items[i]) {
				kri_vec_push(&olds, r->olds.items[i]);
				kri_vec_push(&news, r->news.items[i]);
			}
	}
	if (!olds.len)
		return 0;
	int rc = kr_fgraph_replace_all(fg, olds.len,
				       (kr_variable *const *)olds.items,
				       (kr_variable *const *)news.items,
				       reason);
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < r->removes.len; i++)
		if (kr_fgraph_has_variable(fg, r->removes.items[i]))
			return kr_error_set(KR_EINVALID,
					    "rewriter %s did not remove %s "
					    "as it promised", reason,
					    kr_pprint(r->removes.items[i]));
	return 1;
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

void *kr_node_rewriter_data(const kr_node_rewriter *rw) { return rw->data; }

const char *kr_node_rewriter_name(const kr_node_rewriter *rw)
{
	return rw->name;
}

char *kr_node_rewriter_to_string(const kr_node_rewriter *rw)
{
	if (rw->cls->to_string)
		return rw->cls->to_string(rw);
	return kr_strdup(rw->name);
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
		if (kr_op_equal(ops[i], kr_apply_op(node)))
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

void *kr_graph_rewriter_data(const kr_graph_rewriter *rw) { return rw->data; }

const char *kr_graph_rewriter_name(const kr_graph_rewriter *rw)
{
	return rw->name;
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
