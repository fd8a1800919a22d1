/* trace.c -- stack traces: copy_stack_trace, check_stack_trace, features. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rewrite/rewrite.h"

/* ------------------------------------------------------- copy_stack_trace */

void kr_copy_stack_trace(size_t nfrom, kr_variable *const *from, size_t nto,
			 kr_variable *const *to)
{
	kr_check((nfrom == 0 || from) && (nto == 0 || to));
	kri_vec tr = {0};
	for (size_t i = 0; i < nfrom; i++) {
		size_t n;
		const char *const *t = kr_variable_trace(from[i], &n);
		for (size_t k = 0; k < n; k++)
			kri_vec_push(&tr, (void *)t[k]);
	}
	for (size_t j = 0; j < nto; j++) {
		size_t n;
		const char *const *own = kr_variable_trace(to[j], &n);
		const char **all = kri_alloc((n + tr.len + 1) * sizeof *all);
		for (size_t k = 0; k < n; k++)
			all[k] = own[k];
		for (size_t k = 0; k < tr.len; k++)
			all[n + k] = tr.items[k];
		kr_variable_set_trace(to[j], n + tr.len, all);
	}
}

/* ------------------------------------------------------ check_stack_trace */

static const char empty_msg[] = "Provided op instances/classes are not in "
				"the graph or the graph is empty";

/* Whether every output of the nodes has a trace (an empty list: true). */
static bool traced(kr_apply *const *nodes, size_t n)
{
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < kr_apply_noutputs(nodes[k]); i++) {
			size_t m;
			kr_variable_trace(kr_apply_output(nodes[k], i), &m);
			if (m == 0)
				return false;
		}
	return true;
}

/* PyTensor's answer once the nodes to check are known. */
static int check_nodes(bool *out, kr_apply *const *nodes, size_t n,
		       const char *bug_print)
{
	if (n == 0) {
		const char *bp = bug_print ? bug_print : "raise";
		if (strcmp(bp, "warn") == 0)
			fprintf(stderr, "WARNING: check_stack_trace: %s\n",
				empty_msg);
		else if (strcmp(bp, "raise") == 0)
			return kr_error_set(KR_ENOTFOUND, "%s", empty_msg);
		else if (strcmp(bp, "ignore") != 0)
			return kr_error_set(KR_EINVALID, "The string bug_print "
					    "is not recognised");
	}
	*out = traced(nodes, n);
	return 0;
}

int kr_check_stack_trace(bool *out, const kr_fgraph *fg,
			 const char *ops_to_check, const char *bug_print)
{
	kr_check(out && fg);
	const char *which = ops_to_check ? ops_to_check : "last";
	size_t n;
	kr_apply **nodes;
	if (strcmp(which, "all") == 0) {
		kr_apply *const *all = kr_fgraph_apply_nodes(fg, &n);
		nodes = kri_alloc((n + 1) * sizeof *nodes);
		for (size_t k = 0; k < n; k++)
			nodes[k] = all[k];
	} else if (strcmp(which, "last") == 0) {
		n = kr_fgraph_noutputs(fg);
		nodes = kri_alloc((n + 1) * sizeof *nodes);
		for (size_t k = 0; k < n; k++) {
			nodes[k] = kr_variable_owner(kr_fgraph_output(fg, k));
			if (!nodes[k])
				return kr_error_set(
					KR_EINVALID,
					"check_stack_trace: output %zu (%s) "
					"has no owner",
					k,
					kr_variable_to_string(
						kr_fgraph_output(fg, k)));
		}
	} else {
		return kr_error_set(KR_EINVALID, "The string ops_to_check is "
				    "not recognised");
	}
	return check_nodes(out, nodes, n, bug_print);
}

/*
 * A class (an op of kr_op_pattern_track()) covers a node whose op is of
 * it, or whose `scalar_op` is (PyTensor's Elemwise check).
 */
static bool op_listed(kr_op *const *ops, size_t nops, const kr_op *op)
{
	for (size_t k = 0; k < nops; k++) {
		if (kr_op_tracked(ops[k], op))
			return true;
		kr_term *pat = kr_op_track_pattern(ops[k]);
		kr_term *sop = pat ? kr_op_prop(op, "scalar_op") : NULL;
		kr_op *scalar = sop ? kr_term_op(sop) : NULL;
		if (scalar && kr_op_pattern_matches(pat, scalar))
			return true;
	}
	return false;
}

int kr_check_stack_trace_ops(bool *out, const kr_fgraph *fg, size_t nops,
			     kr_op *const *ops, const char *bug_print)
{
	kr_check(out && fg && (nops == 0 || ops));
	size_t n, m = 0;
	kr_apply *const *all = kr_fgraph_apply_nodes(fg, &n);
	kr_apply **nodes = kri_alloc((n + 1) * sizeof *nodes);
	for (size_t k = 0; k < n; k++)
		if (op_listed(ops, nops, kr_apply_op(all[k])))
			nodes[m++] = all[k];
	return check_nodes(out, nodes, m, bug_print);
}

int kr_check_stack_trace_fn(bool *out, const kr_fgraph *fg,
			    kr_apply_pred_fn fn, void *data,
			    const char *bug_print)
{
	kr_check(out && fg && fn);
	size_t n, m = 0;
	kr_apply *const *all = kr_fgraph_apply_nodes(fg, &n);
	kr_apply **nodes = kri_alloc((n + 1) * sizeof *nodes);
	for (size_t k = 0; k < n; k++)
		if (fn(all[k], data))
			nodes[m++] = all[k];
	return check_nodes(out, nodes, m, bug_print);
}

/* ------------------------------------------------ CheckStackTraceFeature */

typedef struct trace_check {
	kr_stack_trace_mode mode;
	const char *pending; /* raise: the message validate returns */
} trace_check;

static char *empty_trace(const char *reason)
{
	return kr_strfmt("Empty stack trace. The rewrite that inserted this "
			 "variable is %s.",
			 reason ? reason : "None");
}

/* Give every output of the graph without a trace the message as one. */
static void fill_traces(kr_fgraph *fg, const char *msg)
{
	size_t n;
	kr_apply *const *all = kr_fgraph_apply_nodes(fg, &n);
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < kr_apply_noutputs(all[k]); i++) {
			kr_variable *o = kr_apply_output(all[k], i);
			size_t m;
			kr_variable_trace(o, &m);
			if (m == 0)
				kr_variable_set_trace(o, 1, &msg);
		}
}

static void ct_import(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		      const char *reason)
{
	(void)node;
	trace_check *c = f->data;
	bool ok = true;
	if (c->mode == KR_STACK_TRACE_OFF ||
	    kr_check_stack_trace(&ok, fg, "all", "ignore") < 0 || ok)
		return;
	char *msg = empty_trace(reason);
	if (c->mode == KR_STACK_TRACE_RAISE) {
		if (!c->pending && !(reason && strcmp(reason, "Revert") == 0))
			c->pending = msg;
		return;
	}
	fill_traces(fg, msg);
	if (c->mode == KR_STACK_TRACE_WARN)
		fprintf(stderr, "WARNING: %s\n", msg);
}

static int ct_validate(kr_feature *f, kr_fgraph *fg)
{
	(void)fg;
	trace_check *c = f->data;
	const char *msg = c->pending;
	if (!msg)
		return 0;
	c->pending = NULL;
	return kr_error_set(KR_ERROR, "%s", msg);
}

static kr_feature *ct_clone(kr_feature *f)
{
	const trace_check *c = f->data;
	return kr_check_stack_trace_feature_new(c->mode);
}

kr_feature *kr_check_stack_trace_feature_new(kr_stack_trace_mode mode)
{
	kr_check(mode >= KR_STACK_TRACE_OFF && mode <= KR_STACK_TRACE_LOG);
	trace_check *c = kri_alloc(sizeof *c);
	c->mode = mode;
	kr_feature *f = kri_alloc(sizeof *f);
	f->name = "CheckStackTraceFeature";
	f->data = c;
	f->on_import = ct_import;
	f->validate = ct_validate;
	f->clone = ct_clone;
	return f;
}

/* ------------------------------------------------ CheckStackTraceRewriter */

static int ctr_requirements(kr_graph_rewriter *self, kr_fgraph *fg)
{
	const trace_check *c = self->data;
	if (kr_fgraph_feature(fg, "CheckStackTraceFeature"))
		return 0;
	return kr_fgraph_attach_feature(
		fg, kr_check_stack_trace_feature_new(c->mode));
}

static int ctr_apply(kr_graph_rewriter *self, kr_fgraph *fg,
		     kr_profile **profile)
{
	(void)self, (void)fg, (void)profile;
	return 0;
}

static const kr_graph_rewriter_class check_trace_class = {
	.name = "CheckStackTraceRewriter",
	.add_requirements = ctr_requirements,
	.apply = ctr_apply,
};

kr_graph_rewriter *kr_check_stack_trace_rewriter_new(kr_stack_trace_mode mode)
{
	kr_check(mode >= KR_STACK_TRACE_OFF && mode <= KR_STACK_TRACE_LOG);
	trace_check *c = kri_alloc(sizeof *c);
	c->mode = mode;
	return kr_graph_rewriter_new(&check_trace_class, NULL, c);
}
