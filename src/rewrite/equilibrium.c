/* equilibrium.c -- EquilibriumGraphRewriter: node and graph rewriters to a fixed point. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph/graph.h"
#include "rewrite/rewrite.h"

typedef struct equilibrium {
	kri_vec rewriters; /* kr_node_rewriter * */
	kr_rewriter_tracker *tracker;
	kri_vec global, final, cleanup; /* kr_graph_rewriter * */
	kr_equilibrium_opts opts;
} equilibrium;

/* Over budget, the imports the pass may still make (see struct run). */
#define OVER_IMPORTS 4

/*
 * State of one run.
 *
 * Change clock: every import and input change (except rollbacks) ticks
 * `clock` and stamps the node in `changed_at`, and so does every change
 * of a variable's clients, on the variable's owner. A node tried by every
 * rewriter without success is stamped in `clean_at`. A later pass visits a
 * node only when the newest stamp in its subgraph (itself and the nodes it
 * depends on) is newer than its clean stamp: a rewriter sees at most the
 * node's subgraph and the clients of its variables, so a node whose
 * subgraph and clients did not change since it was last tried cannot
 * match now. Stamps are >= 1 so that 0 means "never".
 *
 * Within a pass, the updater pushes imported nodes (unless
 * ignore_newtrees) and nodes whose inputs changed (with
 * tracks_on_change_inputs, and only without ignore_newtrees, as PyTensor)
 * onto the work stack. While one attempt runs,
 * the previous stamps of the nodes it touches are logged in `attempt`, so
 * that an attempt rolled back after a failure leaves no trace.
 *
 * The use budget of a rewriter is max_use_ratio times the largest node
 * count seen at the start of a pass, as PyTensor's max_nb_nodes: counting
 * the nodes a pass adds would let a rewrite that adds a node per
 * application run forever. Over budget, as in PyTensor, the pass goes on
 * with the nodes it has queued and those its rewrites queue, and the
 * rewrite ends after it; unlike PyTensor, once the pass has imported
 * OVER_IMPORTS times the largest node count since, it queues no more, so
 * that a pass whose rewrites keep making nodes also ends.
 *
 * The stamps of a node that left the graph are dropped once the attempt
 * (or graph rewriter) that pruned it is kept (`pruned` lists them until
 * then): the maps would otherwise keep every node ever replaced alive,
 * and the collector would mark them all at every collection.
 */
typedef struct run {
	equilibrium *eq;
	kr_graph_rewriter *self;
	kri_vec work;
	kr_apply *current;
	bool node_phase;
	size_t imported, max_nodes;
	uintptr_t clock;
	kri_pmap changed_at, clean_at, stat_of;
	kri_vec attempt; /* node, previous stamp, node, previous stamp ... */
	kri_vec pruned;  /* nodes pruned since the last kept change */
	kr_feature feature;
	kr_profile *prof;
	bool sees_beyond;    /* a node rewriter looks beyond (see eq_loop) */
	bool retry_all;      /* try every node, clean or not (eq_loop) */
	char *over;          /* the message once a rewriter is over budget */
	size_t over_at;      /* `imported` then */
} run;

/* Stamp a node, or a constant (see stamp_owner), in `changed_at`. */
static void stamp(run *r, const void *key)
{
	kri_vec_push(&r->attempt, (void *)key);
	kri_vec_push(&r->attempt, kri_pmap_get(&r->changed_at, key));
	kri_pmap_put(&r->changed_at, key, (void *)++r->clock);
}

/*
 * A variable whose clients change: its owner is stamped, so that the
 * nodes above it are tried again. A rewriter may look at the clients of
 * the variables in a node's subgraph (PatternNodeRewriter's
 * allow_multiple_clients does), so a node can match once a client of
 * one of them is gone, although no node of its subgraph changed. A
 * constant has no owner, but a pattern that names one counts its
 * clients too: the constant itself is stamped, and its clients' subgraph
 * stamps include it (subgraph_stamp).
 */
static void stamp_owner(run *r, const kr_fgraph *fg, const kr_variable *v)
{
	kr_apply *owner = v ? kr_variable_owner(v) : NULL;
	if (owner && kr_fgraph_has_node(fg, owner))
		stamp(r, owner);
	else if (v && !owner && kr_variable_is_constant(v))
		stamp(r, v);
}

static void on_import(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		      const char *reason)
{
	run *r = f->data;
	if (kri_is_rollback(reason))
		return;
	r->imported++;
	stamp(r, node);
	for (size_t k = 0; k < kr_apply_ninputs(node); k++)
		stamp_owner(r, fg, kr_apply_input(node, k));
	if (r->node_phase && !r->eq->opts.ignore_newtrees &&
	    node != r->current)
		kri_vec_push(&r->work, node);
}

static void on_change_input(kr_feature *f, kr_fgraph *fg, kr_apply *node,
			    int i, kr_variable *old_var, kr_variable *new_var,
			    const char *reason)
{
	(void)i;
	run *r = f->data;
	if (kri_is_rollback(reason))
		return;
	stamp_owner(r, fg, old_var);
	stamp_owner(r, fg, new_var);
	if (kr_apply_is_output(node)) {
		r->clock++; /* a change all the same: another pass, as PyTensor */
		return;
	}
	stamp(r, node);
	if (r->node_phase && r->eq->opts.tracks_on_change_inputs &&
	    !r->eq->opts.ignore_newtrees && node != r->current)
		kri_vec_push(&r->work, node);
}

static void on_prune(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		     const char *reason)
{
	run *r = f->data;
	kri_vec_push(&r->pruned, node);
	if (kri_is_rollback(reason))
		return;
	for (size_t k = 0; k < kr_apply_ninputs(node); k++)
		stamp_owner(r, fg, kr_apply_input(node, k));
}

/* The changes since the last kept one are kept: drop the pruned stamps. */
static void keep_changes(run *r, kr_fgraph *fg)
{
	r->attempt.len = 0;
	while (r->pruned.len) {
		kr_apply *node = kri_vec_pop(&r->pruned);
		if (kr_fgraph_has_node(fg, node))
			continue;
		kri_pmap_del(&r->changed_at, node);
		kri_pmap_del(&r->clean_at, node);
	}
}

/* Forget the stamps of an attempt that was rolled back. */
static void forget_attempt(run *r, uintptr_t clock0)
{
	while (r->pruned.len)
		kri_vec_pop(&r->pruned);
	while (r->attempt.len) {
		void *prev = kri_vec_pop(&r->attempt);
		kr_apply *node = kri_vec_pop(&r->attempt);
		if (prev)
			kri_pmap_put(&r->changed_at, node, prev);
		else
			kri_pmap_del(&r->changed_at, node);
	}
	r->clock = clock0;
}

/*
 * The name PyTensor's "max'ed out" message gives a node rewriter: the
 * name it was registered under (PyTensor's `name`, which a database sets
 * on registration), else its printed form.
 */
static const char *budget_name(const kr_node_rewriter *rw)
{
	const char *name = kr_node_rewriter_name(rw);
	if (strcmp(name, kr_node_rewriter_class_name(rw)) != 0)
		return name;
	return kr_node_rewriter_to_string(rw);
}

static kri_rw_stat *stat_of(run *r, const void *rw, const char *name)
{
	kri_rw_stat *st = kri_pmap_get(&r->stat_of, rw);
	if (!st) {
		st = kri_alloc(sizeof *st);
		st->name = name;
		kri_pmap_put(&r->stat_of, rw, st);
		kri_vec_push(&r->prof->stats, st);
	}
	return st;
}

static void count_use(kri_pass *pass, const char *name)
{
	uintptr_t n = (uintptr_t)kri_pmap_get(&pass->counts, name);
	if (!n)
		kri_vec_push(&pass->order, (void *)name);
	kri_pmap_put(&pass->counts, name, (void *)(n + 1));
}

/*
 * Note a successful application, and the first one over budget, with
 * PyTensor's message word for word (its missing space included); the
 * threshold is this rewriter's ratio, which for optdb's is the
 * configured optdb__max_use_ratio that PyTensor prints.
 */
static void applied(run *r, kri_rw_stat *st, const char *name,
		    kri_pass *pass, size_t created)
{
	st->applied++;
	st->created += created;
	count_use(pass, st->name);
	double budget = r->eq->opts.max_use_ratio * (double)r->max_nodes;
	if ((double)st->applied <= budget || r->over)
		return;
	r->over_at = r->imported;
	r->over = kr_strfmt("EquilibriumGraphRewriter max'ed out by %s."
			    "You can safely raise the current threshold of "
			    "%s with the option `optdb__max_use_ratio`.",
			    name, kri_format_double(r->eq->opts.max_use_ratio));
}

/*
 * After the pass that went over budget: the KR_ELIMIT error goes to the
 * failure callback (PyTensor logs it: config.on_opt_error "warn"); when
 * it returns 0 the rewrite ends without error.
 */
static int report_over(run *r)
{
	kr_error_set(KR_ELIMIT, "%s", r->over);
	/* no node: the rewriter's last application did not fail */
	return kri_report_failure(r->self, KR_ELIMIT, NULL, NULL, NULL);
}

/* A graph rewriter as PyTensor's str() of it: MergeOptimizer by class. */
static const char *graph_rw_name(const kr_graph_rewriter *g)
{
	if (!g->name || !strcmp(g->cls->name, "MergeOptimizer"))
		return g->cls->name;
	return g->name;
}

/*
 * Sum the counts and times of a run of a cleanup rewriter into the
 * profile `into` of its earlier runs in the pass, as PyTensor's
 * MergeOptimizer.merge_profile does; a profile of another kind keeps
 * its first run's printed figures. Visits (kr_profile_visits) add up
 * for every kind.
 */
static void merge_profile(kr_profile *into, const kr_profile *p)
{
	into->visits += kr_profile_visits(p);
	if (strcmp(into->kind, "MergeOptimizer") || strcmp(p->kind, into->kind))
		return;
	into->nb_fail += p->nb_fail;
	into->nb_merged += p->nb_merged;
	into->nb_atomic += p->nb_atomic;
	into->replace_time += p->replace_time;
	into->time += p->time;
}

/*
 * Run a list of graph rewriters once each. Returns 0 or < 0; adds the
 * time to *time, counts the ones that changed the graph and keeps their
 * profiles in profs, one slot per rewriter; with `merge` (cleanup) a
 * later run's profile is merged into the slot's.
 */
static int run_graph_list(run *r, kr_fgraph *fg, const kri_vec *list,
			  kri_pass *pass, double *time, kri_vec *profs,
			  bool merge)
{
	double t0 = kri_now();
	int rc = 0;
	while (profs->len < list->len)
		kri_vec_push(profs, NULL);
	for (size_t i = 0; i < list->len && rc == 0; i++) {
		kr_graph_rewriter *g = list->items[i];
		kri_rw_stat *st = stat_of(r, g, graph_rw_name(g));
		uintptr_t clock0 = r->clock;
		size_t before = r->imported;
		kr_profile *sub = NULL;
		double t1 = kri_now();
		/* the requirements were added up front (eq_requirements) */
		rc = g->cls->apply(g, fg, &sub);
		st->time += kri_now() - t1;
		if (sub) {
			kr_profile *c = sub;
			if (merge && profs->items[i]) {
				merge_profile(profs->items[i], sub);
				c = profs->items[i];
			} else if (merge) { /* the sums must not change sub */
				c = kri_alloc(sizeof *c);
				*c = *sub;
			}
			profs->items[i] = c;
		}
		if (rc < 0) {
			rc = kri_report_failure(r->self, rc, g, NULL, NULL);
			continue;
		}
		keep_changes(r, fg);
		if (r->clock != clock0)
			applied(r, st, graph_rw_name(g), pass,
				r->imported - before);
	}
	*time += kri_now() - t0;
	return rc;
}

/* Try one node rewriter on node; 1 changed, 0 not, < 0 error. */
static int try_rewriter(run *r, kr_fgraph *fg, kr_apply *node,
			kr_node_rewriter *rw, kri_pass *pass)
{
	kri_rw_stat *st = stat_of(r, rw, kr_node_rewriter_to_string(rw));
	uintptr_t clock0 = r->clock;
	size_t before = r->imported;
	r->attempt.len = 0;
	double t0 = kri_now();
	int rc = kri_process_node(r->self, fg, node, rw);
	st->time += kri_now() - t0;
	if (rc <= 0) {
		if (rc == 0 && r->clock != clock0)
			forget_attempt(r, clock0);
		return rc;
	}
	keep_changes(r, fg);
	applied(r, st, budget_name(rw), pass, r->imported - before);
	rc = 0;
	if (r->eq->cleanup.len)
		rc = run_graph_list(r, fg, &r->eq->cleanup, pass,
				    &r->prof->cleanup_time,
				    &pass->cleanup_profs, true);
	return rc < 0 ? rc : 1;
}

/* Try the rewriters that track node's op. Returns 1, 0 or < 0. */
static int process_node(run *r, kr_fgraph *fg, kr_apply *node, kri_pass *pass)
{
	size_t n;
	kr_node_rewriter *const *rws =
		kr_rewriter_tracker_get(r->eq->tracker, kr_apply_op(node), &n);
	int changed = 0;
	r->current = node;
	for (size_t k = 0; k < n && kr_fgraph_has_node(fg, node); k++) {
		int rc = try_rewriter(r, fg, node, rws[k], pass);
		if (rc < 0) {
			r->current = NULL;
			return rc;
		}
		changed |= rc;
	}
	r->current = NULL;
	if (!changed && kr_fgraph_has_node(fg, node))
		kri_pmap_put(&r->clean_at, node, (void *)r->clock);
	return changed;
}

/* The newest stamp in node's subgraph, from its inputs' owners' (newest
 * holds them by place in the node list), its constant inputs' and its
 * own. */
static uintptr_t subgraph_stamp(const run *r, const kr_fgraph *fg,
				const kr_apply *node, const uintptr_t *newest)
{
	uintptr_t t = (uintptr_t)kri_pmap_get(&r->changed_at, node);
	for (size_t k = 0; k < kr_apply_ninputs(node); k++) {
		kr_variable *in = kr_apply_input(node, k);
		kr_apply *o = kr_variable_owner(in);
		size_t j = o ? kri_fgraph_node_index(fg, o) : SIZE_MAX;
		uintptr_t s = j != SIZE_MAX ? newest[j]
			      : o	     ? 0
					     : (uintptr_t)kri_pmap_get(
						       &r->changed_at, in);
		t = s > t ? s : t;
	}
	return t;
}

/*
 * Queue the nodes of this pass, in io_toposort order so that popping
 * takes outputs first: every node in pass 0, afterwards only the nodes
 * whose subgraph changed after they were last tried (see struct run).
 * The newest stamps of the subgraphs live in an array indexed by place
 * in the node list, not a map: a pass over 10^6 nodes spent most of its
 * time growing and probing that map.
 */
static int queue_pass(run *r, kr_fgraph *fg, bool first, kri_pass *pass)
{
	kr_apply **order;
	size_t n;
	double t0 = kri_now();
	int rc = kri_fgraph_io_toposort(&order, &n, fg); /* no orderings */
	pass->nodes = n; /* after the graph rewriters, as PyTensor */
	kri_vec_clear(&r->work);
	r->max_nodes = n > r->max_nodes ? n : r->max_nodes;
	uintptr_t *newest = NULL;
	size_t len = kr_fgraph_nnodes(fg) + 1;
	if (!first && rc == 0) {
		newest = kri_alloc_atomic(len * sizeof *newest);
		memset(newest, 0, len * sizeof *newest);
	}
	for (size_t i = 0; rc == 0 && i < n; i++) {
		kr_apply *node = order[i];
		uintptr_t t = first ? 0 : subgraph_stamp(r, fg, node, newest);
		size_t j = first ? SIZE_MAX : kri_fgraph_node_index(fg, node);
		if (j != SIZE_MAX)
			newest[j] = t;
		uintptr_t clean = (uintptr_t)kri_pmap_get(&r->clean_at, node);
		if (first || !clean || t > clean)
			kri_vec_push(&r->work, node);
	}
	pass->toposort_time = kri_now() - t0;
	r->prof->toposort_time += pass->toposort_time;
	return rc;
}

static int node_phase(run *r, kr_fgraph *fg, kri_pass *pass)
{
	r->node_phase = true;
	int rc = 0;
	while (r->work.len && rc >= 0) {
		kr_apply *node = kri_vec_pop(&r->work);
		if (!kr_fgraph_has_node(fg, node))
			continue;
		if (!r->retry_all &&
		    (uintptr_t)kri_pmap_get(&r->clean_at, node) == r->clock)
			continue; /* tried since the last change anywhere */
		size_t queued = r->work.len;
		pass->visited++;
		rc = process_node(r, fg, node, pass);
		if (rc > 0)
			pass->changes++;
		if (r->over && r->work.len > queued &&
		    r->imported - r->over_at > OVER_IMPORTS * r->max_nodes)
			r->work.len = queued; /* long over budget: no more */
	}
	r->node_phase = false;
	return rc < 0 ? rc : 0;
}

/* One pass; sets *changed when the graph changed. */
static int one_pass(run *r, kr_fgraph *fg, kri_pass *pass, bool first,
		    bool *changed)
{
	equilibrium *eq = r->eq;
	uintptr_t clock0 = r->clock;
	int rc = run_graph_list(r, fg, &eq->global, pass, &pass->graph_time,
				&pass->global_profs, false);
	if (rc == 0)
		rc = run_graph_list(r, fg, &eq->cleanup, pass,
				    &r->prof->cleanup_time,
				    &pass->cleanup_profs, true);
	if (rc == 0)
		rc = queue_pass(r, fg, first, pass);
	if (rc == 0)
		rc = node_phase(r, fg, pass);
	if (rc == 0)
		rc = run_graph_list(r, fg, &eq->final, pass,
				    &r->prof->final_time, &pass->final_profs,
				    false);
	if (rc == 0)
		rc = run_graph_list(r, fg, &eq->cleanup, pass,
				    &r->prof->cleanup_time,
				    &pass->cleanup_profs, true);
	r->prof->graph_time += pass->graph_time;
	*changed = r->clock != clock0;
	return rc;
}

/*
 * Passes until one changes nothing. With a rewriter that sees beyond a
 * node's subgraph and clients, the stamps cannot tell which nodes it
 * would now match, so every pass is full and tries every node again, as
 * all of PyTensor's passes do: even one tried since the graph last
 * changed, since such a rewriter may depend on more than the graph (a
 * function keeping state of its own). The passes, and the runs of the
 * graph rewriters, are then PyTensor's one for one.
 */
static int eq_loop(run *r, kr_fgraph *fg)
{
	for (size_t k = 0;; k++) {
		r->retry_all = k > 0 && r->sees_beyond;
		kri_pass *pass = kri_alloc(sizeof *pass);
		pass->nodes = kr_fgraph_nnodes(fg);
		kri_vec_push(&r->prof->passes, pass);
		double t0 = kri_now();
		bool changed;
		int rc = one_pass(r, fg, pass, k == 0 || r->sees_beyond,
				  &changed);
		pass->time = kri_now() - t0;
		r->prof->changes += pass->changes;
		if (rc < 0 || r->over || !changed)
			return rc;
	}
}

/* The statistics of a list of graph rewriters, made in list order. */
static void stat_graph_list(run *r, const kri_vec *list)
{
	for (size_t k = 0; k < list->len; k++) {
		kr_graph_rewriter *g = list->items[k];
		stat_of(r, g, graph_rw_name(g))->graph = true;
	}
}

static int eq_apply(kr_graph_rewriter *self, kr_fgraph *fg,
		    kr_profile **profile)
{
	equilibrium *eq = self->data;
	run r = {.eq = eq, .self = self, .clock = 1};
	r.prof = kri_profile_new(self);
	/* PyTensor's order: graph, node, final, cleanup rewriters */
	stat_graph_list(&r, &eq->global);
	for (size_t k = 0; k < eq->rewriters.len; k++) {
		stat_of(&r, eq->rewriters.items[k],
			kr_node_rewriter_to_string(eq->rewriters.items[k]));
		if (kri_node_rewriter_sees_beyond(eq->rewriters.items[k]))
			r.sees_beyond = true;
	}
	stat_graph_list(&r, &eq->final);
	stat_graph_list(&r, &eq->cleanup);
	r.feature = (kr_feature){.name = "EquilibriumUpdater", .data = &r,
				 .on_import = on_import,
				 .on_change_input = on_change_input,
				 .on_prune = on_prune};
	r.prof->nodes_start = r.max_nodes = kr_fgraph_nnodes(fg);
	double t0 = kri_now();
	int rc = kr_fgraph_attach_feature(fg, &r.feature);
	if (rc < 0)
		return rc;
	rc = eq_loop(&r, fg);
	if (rc == 0 && r.over)
		rc = report_over(&r);
	kr_fgraph_remove_feature(fg, &r.feature);
	r.prof->time = kri_now() - t0;
	r.prof->nodes_end = kr_fgraph_nnodes(fg);
	r.prof->nodes_max = r.max_nodes;
	for (size_t k = 0; k < eq->rewriters.len; k++) {
		kri_rw_stat *st = kri_pmap_get(&r.stat_of, eq->rewriters.items[k]);
		r.prof->node_rewriter_time += st->time;
	}
	if (profile)
		*profile = r.prof;
	return rc;
}

/* The global, final and cleanup rewriters' requirements, up front. */
static int eq_requirements(kr_graph_rewriter *self, kr_fgraph *fg)
{
	equilibrium *eq = self->data;
	int rc = kri_add_requirements_of(fg, &eq->global);
	if (rc == 0)
		rc = kri_add_requirements_of(fg, &eq->final);
	if (rc == 0)
		rc = kri_add_requirements_of(fg, &eq->cleanup);
	return rc;
}

static const kr_graph_rewriter_class equilibrium_class = {
	.name = "EquilibriumGraphRewriter",
	.add_requirements = eq_requirements,
	.apply = eq_apply,
};

static void copy_list(kri_vec *v, size_t n, kr_graph_rewriter *const *rws)
{
	kr_check(n == 0 || rws != NULL);
	for (size_t i = 0; i < n; i++) {
		kr_check(rws[i] != NULL);
		kri_vec_push(v, rws[i]);
	}
}

kr_graph_rewriter *kr_equilibrium_graph_rewriter_new(
	size_t n, kr_node_rewriter *const *rewriters,
	const kr_equilibrium_opts *opts)
{
	static const kr_equilibrium_opts defaults = KR_EQUILIBRIUM_OPTS_INIT;
	kr_check(n == 0 || rewriters != NULL);
	equilibrium *eq = kri_alloc(sizeof *eq);
	eq->opts = opts ? *opts : defaults;
	kr_check(eq->opts.max_use_ratio > 0);
	eq->tracker = kr_rewriter_tracker_new();
	for (size_t i = 0; i < n; i++) {
		kr_check(rewriters[i] != NULL);
		kri_vec_push(&eq->rewriters, rewriters[i]);
		kr_rewriter_tracker_add(eq->tracker, rewriters[i]);
	}
	copy_list(&eq->global, eq->opts.ngraph_rewriters,
		  eq->opts.graph_rewriters);
	copy_list(&eq->final, eq->opts.nfinal_rewriters,
		  eq->opts.final_rewriters);
	copy_list(&eq->cleanup, eq->opts.ncleanup_rewriters,
		  eq->opts.cleanup_rewriters);
	kr_graph_rewriter *g = kr_graph_rewriter_new(&equilibrium_class, NULL,
						     eq);
	g->failure = eq->opts.failure_callback;
	g->failure_data = eq->opts.failure_data;
	return g;
}
