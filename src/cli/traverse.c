/* traverse.c -- graph utilities at the prompt: PyTensor's graph.basic. */
/* See the LICENSE file for copying conditions. */
#include <string.h>

#include "lang.h"

/*
 * PyTensor's functions over graphs of Variables (graph/basic.py,
 * graph/traversal.py, graph/replace.py), with their names: each takes a
 * graph or a list of graphs where PyTensor takes a list, and gives a list
 * of graph Variables, a boolean, or graphs in the shape it was given.
 */

/*
 * The graphs a value stands for: a list of graphs, or one graph (a list
 * headed by an op is one graph, as everywhere at the prompt).
 * *single tells which, when not NULL.
 */
static int graphs_of(kr_variable ***out, size_t *n, bool *single,
		     const char *who, kr_term *t)
{
	long len = kr_list_length(t);
	bool one = len < 0 || (len > 0 && kr_term_op(kr_car(t)));
	size_t k = one ? 1 : (size_t)len;
	kr_variable **v = kr_alloc((k ? k : 1) * sizeof *v);
	for (size_t i = 0; i < k; i++, t = one ? t : kr_cdr(t)) {
		int rc = lang_graph_of(&v[i], who, one ? t : kr_car(t));
		if (rc < 0)
			return rc;
	}
	*out = v;
	*n = k;
	if (single)
		*single = one;
	return 0;
}

/* The list of the variables v[0..n). */
static kr_term *var_list(size_t n, kr_variable *const *v)
{
	kr_term **items = kr_alloc((n ? n : 1) * sizeof *items);
	for (size_t i = 0; i < n; i++)
		items[i] = kr_variable_term(v[i]);
	return kr_list(n, items);
}

/* Optional argument i: a list of graphs, or none. */
static int opt_graphs(kr_variable ***out, size_t *cnt, const char *who,
		      size_t n, kr_term *const *a, size_t i)
{
	*out = NULL;
	*cnt = 0;
	return i < n ? graphs_of(out, cnt, NULL, who, a[i]) : 0;
}

typedef kr_variable **(*walk_fn)(size_t *, size_t, kr_variable *const *,
				 size_t, kr_variable *const *);

/*
 * (WHO graphs [others]) through fn: graphs and blockers, outputs and the
 * ancestors to include, or (with both given) ins and outs.
 */
static int blocked_walk(kr_term **out, const char *who, size_t n,
			kr_term *const *a, walk_fn fn)
{
	kr_variable **gs, **bs;
	size_t ng, nb, count;
	int rc = graphs_of(&gs, &ng, NULL, who, a[0]);
	if (rc < 0 || (rc = opt_graphs(&bs, &nb, who, n, a, 1)) < 0)
		return rc;
	kr_variable **r = fn(&count, ng, gs, nb, bs);
	*out = var_list(count, r);
	return 0;
}

/* (graph-inputs graphs [blockers]): PyTensor's graph_inputs. */
PRIM(p_graph_inputs)
{
	return blocked_walk(out, "graph-inputs", n, a, kr_graph_inputs);
}

/* (ancestors graphs [blockers]): PyTensor's ancestors. */
PRIM(p_ancestors)
{
	return blocked_walk(out, "ancestors", n, a, kr_ancestors);
}

/* (owner-inputs g): the inputs of g's owner, PyTensor's g.owner.inputs. */
PRIM(p_owner_inputs)
{
	(void)n;
	kr_variable *v;
	int rc = lang_graph_of(&v, "owner-inputs", a[0]);
	if (rc < 0)
		return rc;
	kr_apply *node = kr_variable_owner(v);
	size_t k = node ? kr_apply_ninputs(node) : 0;
	kr_variable **ins = kr_alloc((k ? k : 1) * sizeof *ins);
	for (size_t i = 0; i < k; i++)
		ins[i] = kr_apply_input(node, i);
	*out = var_list(k, ins);
	return 0;
}

/* (vars-between ins outs): PyTensor's vars_between. */
PRIM(p_vars_between)
{
	return blocked_walk(out, "vars-between", n, a, kr_vars_between);
}

/* (orphans-between ins outs): PyTensor's orphans_between. */
PRIM(p_orphans_between)
{
	return blocked_walk(out, "orphans-between", n, a, kr_orphans_between);
}

/* (truncated-graph-inputs outs [include]): PyTensor's function. */
PRIM(p_truncated_graph_inputs)
{
	return blocked_walk(out, "truncated-graph-inputs", n, a,
			    kr_truncated_graph_inputs);
}

/* (get-var-by-name graphs name): PyTensor's get_var_by_name. */
PRIM(p_get_var_by_name)
{
	(void)n;
	kr_variable **gs;
	size_t ng, count;
	int rc = graphs_of(&gs, &ng, NULL, "get-var-by-name", a[0]);
	if (rc < 0)
		return rc;
	const char *name;
	if ((rc = lang_name_arg(&name, "get-var-by-name", a[1])) < 0)
		return rc;
	kr_variable **r = kr_get_var_by_name(&count, ng, gs, name);
	*out = var_list(count, r);
	return 0;
}

/* (variable-depends-on v graphs): PyTensor's variable_depends_on. */
PRIM(p_variable_depends_on)
{
	(void)n;
	kr_variable *v, **gs;
	size_t ng;
	int rc = lang_graph_of(&v, "variable-depends-on", a[0]);
	if (rc < 0 || (rc = graphs_of(&gs, &ng, NULL, "variable-depends-on",
				      a[1])) < 0)
		return rc;
	*out = lang_bool(kr_variable_depends_on(v, ng, gs));
	return 0;
}

/*
 * Whether x and y, at least one of them a raw array (vx, vy: their
 * values, NULL for a graph), are equal as equal_computations takes them:
 * a raw array equals a raw array or a Constant of the same shape and
 * elements (np.array_equal), and no other graph.
 */
static int raw_pair_equal(bool *eq, const char *who, kr_term *x,
			  const kr_value *vx, kr_term *y, const kr_value *vy)
{
	if (vx && vy) {
		*eq = lang_array_equal(vx, vy);
		return 0;
	}
	kr_variable *g;
	int rc = lang_graph_of(&g, who, vx ? y : x);
	if (rc < 0)
		return rc;
	*eq = kr_variable_is_constant(g) &&
	      lang_array_equal(vx ? vx : vy, kr_constant_value(g));
	return 0;
}

/*
 * (equal-computations xs ys [in-xs in-ys]): PyTensor's
 * equal_computations, two lists of graphs (or two graphs). A number or a
 * nested list of numbers in xs or ys is a raw array, as a numpy array is
 * there (raw_pair_equal). PyTensor returns at the first pair holding a
 * raw array; here every pair is compared.
 */
PRIM(p_equal_computations)
{
	const char *who = "equal-computations";
	kr_term *gx = a[0], *gy = a[1];
	bool eq = true;
	long len = kr_list_length(gx);
	if (len > 0 && len == kr_list_length(gy) && !kr_term_op(kr_car(gx)) &&
	    !kr_term_op(kr_car(gy))) {
		/* the pairs without a raw array go to the library */
		kr_term **kx = kr_alloc((size_t)len * sizeof *kx);
		kr_term **ky = kr_alloc((size_t)len * sizeof *ky);
		size_t k = 0;
		for (kr_term *x = gx, *y = gy; kr_is_pair(x);
		     x = kr_cdr(x), y = kr_cdr(y)) {
			kr_value *vx = lang_array(kr_car(x));
			kr_value *vy = lang_array(kr_car(y));
			bool same = true;
			int rc = 0;
			if (vx || vy)
				rc = raw_pair_equal(&same, who, kr_car(x), vx,
						    kr_car(y), vy);
			if (rc < 0)
				return rc;
			eq = eq && same;
			if (!vx && !vy) {
				kx[k] = kr_car(x);
				ky[k++] = kr_car(y);
			}
		}
		gx = kr_list(k, kx);
		gy = kr_list(k, ky);
	}
	kr_variable **xs, **ys, **ix, **iy;
	size_t nx, ny, nix, niy;
	int rc = graphs_of(&xs, &nx, NULL, who, gx);
	if (rc < 0 || (rc = graphs_of(&ys, &ny, NULL, who, gy)) < 0 ||
	    (rc = opt_graphs(&ix, &nix, who, n, a, 2)) < 0 ||
	    (rc = opt_graphs(&iy, &niy, who, n, a, 3)) < 0)
		return rc;
	if (n == 3)
		return kr_error_set(KR_EINVALID, "%s: give both in-xs and "
				    "in-ys, or neither", who);
	bool rest = false;
	rc = kr_equal_computations(&rest, nx, xs, ny, ys, nix, ix, niy, iy);
	if (rc < 0)
		return lang_error_in(rc, who);
	*out = lang_bool(eq && rest);
	return 0;
}

/*
 * The pairs of an association list ((old . new) ...) of graphs: PyTensor's
 * replacement dict.
 */
static int replacements(kr_variable ***keys, kr_variable ***vals, size_t *k,
			const char *who, kr_term *t)
{
	long len = kr_list_length(t);
	if (len < 0)
		return lang_type_error(who, "a list of (old . new) pairs", t);
	*k = (size_t)len;
	*keys = kr_alloc((*k ? *k : 1) * sizeof **keys);
	*vals = kr_alloc((*k ? *k : 1) * sizeof **vals);
	for (size_t i = 0; i < *k; i++, t = kr_cdr(t)) {
		kr_term *p = kr_car(t);
		if (!kr_is_pair(p) || kr_term_kind(p) != KR_CONS)
			return lang_type_error(who, "an (old . new) pair", p);
		int rc = lang_graph_of(&(*keys)[i], who, kr_car(p));
		if (rc < 0 || (rc = lang_graph_of(&(*vals)[i], who,
						   kr_cdr(p))) < 0)
			return rc;
	}
	return 0;
}

/* Graphs in the shape they were given: one, or a list. */
static kr_term *shaped(bool single, size_t n, kr_variable *const *v)
{
	return single ? kr_variable_term(v[0]) : var_list(n, v);
}

/*
 * (graph-replace outs '((old . new) ...) ['non-strict]) and
 * (clone-replace outs '((old . new) ...) ['non-strict] ['copy-inputs]):
 * PyTensor's graph_replace(outputs, replace, strict) and
 * clone_replace(outputs, replace, rebuild_strict, copy_inputs_over).
 */
static int replace(kr_term **out, const char *who, size_t n,
		   kr_term *const *a, bool clone)
{
	kr_variable **outs, **keys, **vals, **res;
	size_t no, k;
	bool single;
	int rc = graphs_of(&outs, &no, &single, who, a[0]);
	if (rc < 0 || (rc = replacements(&keys, &vals, &k, who, a[1])) < 0)
		return rc;
	kr_rebuild_opts opts = KR_REBUILD_OPTS_INIT;
	bool strict = true;
	for (size_t i = 2; i < n; i++) {
		const char *o = kr_term_kind(a[i]) == KR_SYM ?
				kr_sym_name(a[i]) : "";
		if (!strcmp(o, "non-strict")) {
			strict = false;
			opts.rebuild_strict = false;
		} else if (clone && !strcmp(o, "copy-inputs")) {
			opts.copy_inputs_over = false;
		} else {
			return lang_type_error(who, clone ? "'non-strict or "
					       "'copy-inputs" : "'non-strict",
					       a[i]);
		}
	}
	rc = clone ? kr_clone_replace_opts(&res, no, outs, k, keys, vals,
					   &opts)
		   : kr_graph_replace(&res, no, outs, k, keys, vals, strict);
	if (rc < 0)
		return lang_error_in(rc, who);
	*out = shaped(single, no, res);
	return 0;
}

PRIM(p_graph_replace) { return replace(out, "graph-replace", n, a, false); }
PRIM(p_clone_replace) { return replace(out, "clone-replace", n, a, true); }

/*
 * (is-same-graph x y ['((old . new) ...)]): PyTensor's is_same_graph,
 * with givens; is-same-graph-with-merge: its merge-based half.
 */
static int same_graph(kr_term **out, const char *who, size_t n,
		      kr_term *const *a, bool merge_only)
{
	kr_variable *x, *y, **keys = NULL, **vals = NULL;
	size_t k = 0;
	int rc = lang_graph_of(&x, who, a[0]);
	if (rc < 0 || (rc = lang_graph_of(&y, who, a[1])) < 0 ||
	    (n > 2 && (rc = replacements(&keys, &vals, &k, who, a[2])) < 0))
		return rc;
	bool same = false;
	rc = merge_only ? kr_is_same_graph_with_merge(&same, x, y, k, keys,
						      vals)
			: kr_is_same_graph(&same, x, y, k, keys, vals);
	if (rc < 0)
		return lang_error_in(rc, who);
	*out = lang_bool(same);
	return 0;
}

PRIM(p_is_same_graph)
{
	return same_graph(out, "is-same-graph", n, a, false);
}

PRIM(p_is_same_graph_with_merge)
{
	return same_graph(out, "is-same-graph-with-merge", n, a, true);
}

/* (explicit-graph-inputs graphs): PyTensor's explicit_graph_inputs. */
PRIM(p_explicit_graph_inputs)
{
	(void)n;
	kr_variable **gs;
	size_t ng, count;
	int rc = graphs_of(&gs, &ng, NULL, "explicit-graph-inputs", a[0]);
	if (rc < 0)
		return rc;
	kr_variable **r = kr_explicit_graph_inputs(&count, ng, gs);
	*out = var_list(count, r);
	return 0;
}

/*
 * (get-clients-at-depth FG g depth): PyTensor's get_clients_at_depth of
 * g's owner, each node as its first output (the prompt's handle of a
 * node), repeated as PyTensor's generator repeats it.
 */
PRIM(p_get_clients_at_depth)
{
	(void)n;
	const char *who = "get-clients-at-depth";
	kr_fgraph *fg;
	kr_variable *v;
	int rc = lang_fgraph_arg(&fg, who, a[0]);
	if (rc < 0 || (rc = lang_graph_of(&v, who, a[1])) < 0)
		return rc;
	if (kr_term_kind(a[2]) != KR_INT)
		return lang_type_error(who, "an integer depth", a[2]);
	int64_t d = kr_int_value(a[2]);
	int depth = d > 1000000 ? 1000000 : d < 0 ? 0 : (int)d;
	kr_apply *node = kr_variable_owner(v);
	if (!node)
		return kr_error_set(KR_EINVALID, "%s: %s has no owner", who,
				    kr_variable_to_string(v));
	kr_apply **nodes;
	size_t k;
	if ((rc = kr_get_clients_at_depth(&nodes, &k, fg, node, depth)) < 0)
		return lang_error_in(rc, who);
	kr_variable **firsts = kr_alloc((k ? k : 1) * sizeof *firsts);
	for (size_t i = 0; i < k; i++)
		firsts[i] = kr_apply_output(nodes[i], 0);
	*out = var_list(k, firsts);
	return 0;
}

/* (graph-trace g): g's stack trace, PyTensor's g.tag.trace (strings). */
PRIM(p_graph_trace)
{
	(void)n;
	kr_variable *v;
	int rc = lang_graph_of(&v, "graph-trace", a[0]);
	if (rc < 0)
		return rc;
	size_t k;
	const char *const *tr = kr_variable_trace(v, &k);
	kr_term **items = kr_alloc((k ? k : 1) * sizeof *items);
	for (size_t i = 0; i < k; i++)
		items[i] = kr_str(tr[i]);
	*out = kr_list(k, items);
	return 0;
}

/* (add-tag-trace! g "text"): PyTensor's add_tag_trace; gives g. */
PRIM(p_add_tag_trace)
{
	(void)n;
	const char *who = "add-tag-trace!";
	kr_variable *v;
	int rc = lang_graph_of(&v, who, a[0]);
	if (rc < 0)
		return rc;
	if (kr_term_kind(a[1]) != KR_STR)
		return lang_type_error(who, "a string", a[1]);
	kr_add_tag_trace(v, kr_str_value(a[1]));
	*out = kr_variable_term(v);
	return 0;
}

/* (copy-stack-trace! from to): PyTensor's copy_stack_trace; gives to. */
PRIM(p_copy_stack_trace)
{
	(void)n;
	const char *who = "copy-stack-trace!";
	kr_variable **from, **to;
	size_t nf, nt;
	bool single;
	int rc = graphs_of(&from, &nf, NULL, who, a[0]);
	if (rc < 0 || (rc = graphs_of(&to, &nt, &single, who, a[1])) < 0)
		return rc;
	kr_copy_stack_trace(nf, from, nt, to);
	*out = shaped(single, nt, to);
	return 0;
}

kr_op *lang_track_op(kr_term *t)
{
	if (kr_is_op_pattern(t))
		return kr_op_pattern_track(t);
	kr_op *op = kr_term_op(t);
	const kr_op_desc *d = op ? NULL : kr_term_op_desc(t);
	if (d)
		op = kr_op_pattern_track(kr_op_pattern(1, &d, 0, NULL, NULL));
	return op;
}

/*
 * (check-stack-trace FG ['last | 'all | ops]): PyTensor's
 * check_stack_trace(fgraph, ops_to_check) with bug_print "raise"; ops is
 * a list of ops (or op classes, (op-class ...)).
 */
PRIM(p_check_stack_trace)
{
	const char *who = "check-stack-trace";
	kr_fgraph *fg;
	int rc = lang_fgraph_arg(&fg, who, a[0]);
	if (rc < 0)
		return rc;
	bool ok = false;
	kr_term *which = n > 1 ? a[1] : NULL;
	long len = which ? kr_list_length(which) : -1;
	if (!which || kr_term_kind(which) == KR_SYM) {
		rc = kr_check_stack_trace(&ok, fg,
					  which ? kr_sym_name(which) : NULL,
					  NULL);
	} else if (len >= 0) {
		kr_op **ops = kr_alloc((size_t)(len ? len : 1) * sizeof *ops);
		for (long i = 0; i < len; i++, which = kr_cdr(which))
			if (!(ops[i] = lang_track_op(kr_car(which))))
				return lang_type_error(who, "an op or op class",
						       kr_car(which));
		rc = kr_check_stack_trace_ops(&ok, fg, (size_t)len, ops, NULL);
	} else {
		return lang_type_error(who, "'last, 'all or a list of ops",
				       which);
	}
	if (rc < 0)
		return lang_error_in(rc, who);
	*out = lang_bool(ok);
	return 0;
}

static const lang_prim_def prims[] = {
	{"graph-inputs", 1, 2, p_graph_inputs},
	{"ancestors", 1, 2, p_ancestors},
	{"owner-inputs", 1, 1, p_owner_inputs},
	{"vars-between", 2, 2, p_vars_between},
	{"orphans-between", 2, 2, p_orphans_between},
	{"truncated-graph-inputs", 1, 2, p_truncated_graph_inputs},
	{"get-var-by-name", 2, 2, p_get_var_by_name},
	{"variable-depends-on", 2, 2, p_variable_depends_on},
	{"equal-computations", 2, 4, p_equal_computations},
	{"graph-replace", 2, 3, p_graph_replace},
	{"clone-replace", 2, 4, p_clone_replace},
	{"is-same-graph", 2, 3, p_is_same_graph},
	{"is-same-graph-with-merge", 2, 3, p_is_same_graph_with_merge},
	{"explicit-graph-inputs", 1, 1, p_explicit_graph_inputs},
	{"get-clients-at-depth", 3, 3, p_get_clients_at_depth},
	{"graph-trace", 1, 1, p_graph_trace},
	{"add-tag-trace!", 2, 2, p_add_tag_trace},
	{"copy-stack-trace!", 2, 2, p_copy_stack_trace},
	{"check-stack-trace", 1, 2, p_check_stack_trace},
};

void lang_traverse_init(void)
{
	lang_define_prims(prims, sizeof prims / sizeof *prims);
}
