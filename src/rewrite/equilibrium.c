/* equilibrium.c -- EquilibriumGraphRewriter and its profile. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rewrite/rewrite.h"

typedef struct equilibrium {
	kri_vec rewriters; /* kr_node_rewriter * */
	kr_equilibrium_opts opts;
} equilibrium;

/*
 * State of one run. The updater feature pushes imported nodes (unless
 * ignore_newtrees) and nodes whose inputs changed (with
 * tracks_on_change_inputs) onto the work stack, and counts imports so that
 * each rewriter's "nb node created" is known.
 */
typedef struct run {
	equilibrium *eq;
	kri_vec work;
	kr_apply *current;
	size_t imported;
	kr_feature feature;
	kr_profile *prof;
	kri_rw_stat *stats;
} run;

static void on_import(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		      const char *reason)
{
	(void)fg, (void)reason;
	run *r = f->data;
	r->imported++;
	if (!r->eq->opts.ignore_newtrees && node != r->current)
		kri_vec_push(&r->work, node);
}

static void on_change_input(kr_feature *f, kr_fgraph *fg, kr_apply *node,
			    int i, kr_variable *old_var, kr_variable *new_var,
			    const char *reason)
{
	(void)fg, (void)i, (void)old_var, (void)new_var, (void)reason;
	run *r = f->data;
	if (r->eq->opts.tracks_on_change_inputs && !kr_apply_is_output(node))
		kri_vec_push(&r->work, node);
}

static void count_use(kri_pass *pass, const char *name)
{
	uintptr_t n = (uintptr_t)kri_pmap_get(&pass->counts, name);
	if (!n)
		kri_vec_push(&pass->order, (void *)name);
	kri_pmap_put(&pass->counts, name, (void *)(n + 1));
}

/*
 * Try every rewriter on node. Returns 1 if the graph changed, 0 if not,
 * < 0 on error (or KR_ELIMIT when a rewriter is over its use budget).
 */
static int process_node(run *r, kr_fgraph *fg, kr_apply *node, kri_pass *pass,
			size_t *max_nodes)
{
	int changed = 0;
	r->current = node;
	for (size_t k = 0; k < r->eq->rewriters.len; k++) {
		kr_node_rewriter *rw = r->eq->rewriters.items[k];
		kri_rw_stat *st = &r->stats[k];
		if (!kr_fgraph_has_node(fg, node))
			break;
		double t0 = kri_now();
		kr_replacements *out;
		size_t before = r->imported;
		int rc = kr_node_rewriter_transform(rw, fg, node, &out);
		if (rc == 0 && out)
			rc = kr_replacements_apply(fg, node, out, rw->name);
		st->time += kri_now() - t0;
		if (rc < 0)
			return rc;
		if (rc == 0)
			continue;
		changed = 1;
		st->applied++;
		st->created += r->imported - before;
		count_use(pass, st->name);
		size_t n = kr_fgraph_nnodes(fg);
		*max_nodes = n > *max_nodes ? n : *max_nodes;
		if ((double)st->applied >
		    r->eq->opts.max_use_ratio * (double)*max_nodes)
			return kr_error_set(
				KR_ELIMIT,
				"EquilibriumGraphRewriter max'ed out by %s: "
				"applied %zu times on a graph of at most %zu "
				"nodes (max_use_ratio %g)",
				kr_node_rewriter_to_string(rw), st->applied,
				*max_nodes, r->eq->opts.max_use_ratio);
	}
	return changed;
}

/* One pass: every node, outputs first, plus what the updater queues. */
static int one_pass(run *r, kr_fgraph *fg, kri_pass *pass, size_t *max_nodes)
{
	kr_apply **order;
	size_t n;
	double t0 = kri_now();
	int rc = kr_fgraph_toposort(&order, &n, fg);
	r->prof->toposort_time += kri_now() - t0;
	if (rc < 0)
		return rc;
	kri_vec_clear(&r->work);
	for (size_t i = 0; i < n; i++)
		kri_vec_push(&r->work, order[i]);
	while (r->work.len) {
		kr_apply *node = kri_vec_pop(&r->work);
		if (!kr_fgraph_has_node(fg, node))
			continue;
		rc = process_node(r, fg, node, pass, max_nodes);
		if (rc < 0)
			return rc;
		pass->changes += (size_t)rc;
	}
	return 0;
}

static kr_profile *new_profile(const kr_graph_rewriter *self, size_t nrw)
{
	kr_profile *p = kri_alloc(sizeof *p);
	p->kind = "EquilibriumGraphRewriter";
	p->name = self->name;
	for (size_t i = 0; i < nrw; i++)
		kri_vec_push(&p->stats, kri_alloc(sizeof(kri_rw_stat)));
	return p;
}

static int eq_loop(run *r, kr_fgraph *fg)
{
	size_t max_nodes = kr_fgraph_nnodes(fg);
	for (;;) {
		kri_pass *pass = kri_alloc(sizeof *pass);
		pass->nodes = kr_fgraph_nnodes(fg);
		kri_vec_push(&r->prof->passes, pass);
		double t0 = kri_now();
		int rc = one_pass(r, fg, pass, &max_nodes);
		pass->time = kri_now() - t0;
		r->prof->nodes_max = max_nodes;
		if (rc < 0 || pass->changes == 0)
			return rc;
	}
}

static int eq_apply(kr_graph_rewriter *self, kr_fgraph *fg,
		    kr_profile **profile)
{
	equilibrium *eq = self->data;
	run r = {.eq = eq};
	r.prof = new_profile(self, eq->rewriters.len);
	r.stats = kri_alloc((eq->rewriters.len + 1) * sizeof *r.stats);
	r.feature.name = "EquilibriumUpdater";
	r.feature.data = &r;
	r.feature.on_import = on_import;
	r.feature.on_change_input = on_change_input;
	for (size_t k = 0; k < eq->rewriters.len; k++)
		r.stats[k].name =
			kr_node_rewriter_to_string(eq->rewriters.items[k]);
	r.prof->nodes_start = kr_fgraph_nnodes(fg);
	double t0 = kri_now();
	int rc = kr_fgraph_attach_feature(fg, &r.feature);
	if (rc < 0)
		return rc;
	rc = eq_loop(&r, fg);
	kr_fgraph_remove_feature(fg, &r.feature);
	r.prof->time = kri_now() - t0;
	r.prof->nodes_end = kr_fgraph_nnodes(fg);
	for (size_t k = 0; k < eq->rewriters.len; k++) {
		kri_rw_stat *st = r.prof->stats.items[k];
		*st = r.stats[k];
		r.prof->node_rewriter_time += st->time;
	}
	if (profile)
		*profile = r.prof;
	return rc;
}

static const kr_graph_rewriter_class equilibrium_class = {
	.name = "EquilibriumGraphRewriter",
	.apply = eq_apply,
};

kr_graph_rewriter *kr_equilibrium_graph_rewriter_new(
	size_t n, kr_node_rewriter *const *rewriters,
	const kr_equilibrium_opts *opts)
{
	static const kr_equilibrium_opts defaults = KR_EQUILIBRIUM_OPTS_INIT;
	kr_check(n == 0 || rewriters != NULL);
	equilibrium *eq = kri_alloc(sizeof *eq);
	eq->opts = opts ? *opts : defaults;
	kr_check(eq->opts.max_use_ratio > 0);
	for (size_t i = 0; i < n; i++) {
		kr_check(rewriters[i] != NULL);
		kri_vec_push(&eq->rewriters, rewriters[i]);
	}
	return kr_graph_rewriter_new(&equilibrium_class, NULL, eq);
}

/* ------------------------------------------------------------------ profiles */

size_t kr_profile_passes(const kr_profile *p)
{
	return p ? p->passes.len : 0;
}

void kr_profile_nodes(const kr_profile *p, size_t *start, size_t *end)
{
	*start = p ? p->nodes_start : 0;
	*end = p ? p->nodes_end : 0;
}

static void print_pass(FILE *f, size_t i, const kri_pass *pass)
{
	fprintf(f, "    %zu - %.3fs %zu (0.000s in graph rewriters, 0.000s "
		   "io_toposort) - %zu nodes - ",
		i, pass->time, pass->changes, pass->nodes);
	/* Top five by count, ties in first-use order. */
	bool used[pass->order.len + 1];
	memset(used, 0, sizeof used);
	for (size_t shown = 0; shown < 5 && shown < pass->order.len; shown++) {
		size_t best = 0;
		uintptr_t bestn = 0;
		for (size_t k = 0; k < pass->order.len; k++) {
			uintptr_t n = (uintptr_t)kri_pmap_get(
				&pass->counts, pass->order.items[k]);
			if (!used[k] && n > bestn)
				best = k, bestn = n;
		}
		used[best] = true;
		fprintf(f, "%s('%s', %lu)", shown ? " " : "",
			(const char *)pass->order.items[best],
			(unsigned long)bestn);
	}
	fputs(pass->order.len > 5 ? " ...\n" : "\n", f);
}

static void print_stats(FILE *f, const kr_profile *p)
{
	fputs("   times - times applied - nb node created - name:\n", f);
	size_t unused = 0;
	double unused_time = 0;
	for (size_t k = 0; k < p->stats.len; k++) {
		const kri_rw_stat *st = p->stats.items[k];
		if (!st->applied) {
			unused++;
			unused_time += st->time;
			continue;
		}
		fprintf(f, "   %.3fs - %zu - %zu - %s\n", st->time, st->applied,
			st->created, st->name);
	}
	fprintf(f, "   %.3fs - in %zu rewrites that were not used (i.e. those "
		   "with a run-time of zero)\n", unused_time, unused);
}

int kr_profile_print(FILE *f, const kr_profile *p)
{
	kr_check(f != NULL && p != NULL);
	fprintf(f, " %s  %s\n", p->kind, p->name ? p->name : "None");
	fprintf(f, "   time %.3fs for %zu passes\n", p->time, p->passes.len);
	fprintf(f, "   nb nodes (start, end,  max) %zu %zu %zu\n",
		p->nodes_start, p->nodes_end, p->nodes_max);
	fprintf(f, "   time io_toposort %.3fs\n", p->toposort_time);
	fprintf(f, "   time in node rewriters %.3fs\n", p->node_rewriter_time);
	fputs("   time in graph rewriters 0.000s\n", f);
	fputs("   time in final rewriters 0.000s\n", f);
	fputs("   time in cleanup rewriters 0.000s\n", f);
	for (size_t i = 0; i < p->passes.len; i++)
		print_pass(f, i, p->passes.items[i]);
	print_stats(f, p);
	return ferror(f) ? kr_error_set(KR_ERROR, "cannot write a profile") : 0;
}
