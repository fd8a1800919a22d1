/* features.c -- ReplaceValidate, History, FullHistory, NodeFinder, ... */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"
#include "kanrewrite/features.h"
#include "kanrewrite/pprint.h"

/*
 * One recorded input change: node->inputs[i] was `var` (History and the
 * backward log of FullHistory) or became `var` (FullHistory's forward log).
 */
typedef struct change {
	kr_apply *node;
	int i;
	kr_variable *var;
} change;

static change *change_new(kr_apply *node, int i, kr_variable *var)
{
	change *c = kri_alloc(sizeof *c);
	*c = (change){node, i, var};
	return c;
}

/* A growable array of changes held by value (one allocation per growth). */
typedef struct change_log {
	change *items;
	size_t len, cap;
} change_log;

static void log_push(change_log *l, kr_apply *node, int i, kr_variable *var)
{
	l->items = kri_grow(l->items, l->len, &l->cap, sizeof *l->items, 16);
	l->items[l->len++] = (change){node, i, var};
}

/* Forget the changes (the array is kept; its entries are cleared). */
static void log_clear(change_log *l)
{
	if (l->len)
		memset(l->items, 0, l->len * sizeof *l->items);
	l->len = 0;
}

/* Apply a recorded change without the type check (PyTensor's check=False). */
static int replay(kr_fgraph *fg, const change *c)
{
	return kri_fgraph_change_input(fg, c->node, c->i, c->var, "Revert",
				       false);
}

/* A feature may follow one graph: attach to a second one is refused. */
static int attach_once(kr_fgraph **slot, kr_fgraph *fg, const char *what)
{
	if (*slot && *slot != fg)
		return kr_error_set(KR_EINVALID,
				    "%s is already attached to another graph",
				    what);
	*slot = fg;
	return 0;
}

/* ----------------------------------------------- History, ReplaceValidate */

/*
 * State of History and ReplaceValidate. `log` holds the changes since the
 * last checkpoint; `recording` is false while a revert replays them.
 * `removed` (ReplaceValidate) maps owners of variables that a
 * replace_all_validate_remove wanted gone; re-importing one sets `fail`,
 * which the next validation reports.
 */
typedef struct history {
	kr_fgraph *fg;
	change_log log;
	unsigned long counter;
	bool recording;
	kri_pmap removed;
	bool fail;
} history;

static history *hist_of(const kr_feature *f) { return f->data; }

static kr_feature *find_history(const kr_fgraph *fg);

static int history_attach(kr_feature *f, kr_fgraph *fg)
{
	history *h = hist_of(f);
	int rc = attach_once(&h->fg, fg, f->name);
	if (rc < 0)
		return rc;
	kr_feature *other = find_history(fg);
	if (other && other != f) {
		h->fg = NULL;
		return KR_EEXISTS;
	}
	log_clear(&h->log);
	h->recording = true;
	h->fail = false;
	return 0;
}

static void history_detach(kr_feature *f, kr_fgraph *fg)
{
	(void)fg;
	history *h = hist_of(f);
	h->fg = NULL;
	log_clear(&h->log);
}

static void history_change(kr_feature *f, kr_fgraph *fg, kr_apply *node,
			   int i, kr_variable *old, kr_variable *new_var,
			   const char *reason)
{
	(void)fg, (void)new_var, (void)reason;
	history *h = hist_of(f);
	if (h->recording)
		log_push(&h->log, node, i, old);
}

static void rv_import(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		      const char *reason)
{
	(void)fg, (void)reason;
	history *h = hist_of(f);
	if (kri_pmap_has(&h->removed, node))
		h->fail = true;
}

static int rv_validate(kr_feature *f, kr_fgraph *fg)
{
	(void)fg;
	history *h = hist_of(f);
	if (!h->fail)
		return 0;
	h->fail = false;
	return kr_error_set(KR_EINCONSISTENT,
			    "inconsistent graph: trying to reintroduce a "
			    "removed node");
}

static kr_feature *history_clone(kr_feature *f);

static kr_feature *history_feature(const char *name, bool rv)
{
	kr_feature *f = kri_alloc(sizeof *f);
	f->name = name;
	f->data = kri_alloc(sizeof(history));
	f->on_attach = history_attach;
	f->on_detach = history_detach;
	f->on_change_input = history_change;
	f->clone = history_clone;
	if (rv) {
		f->on_import = rv_import;
		f->validate = rv_validate;
	}
	return f;
}

kr_feature *kr_history_new(void) { return history_feature("History", false); }

/* A fresh feature of the same kind, for a copy of the graph. */
static kr_feature *history_clone(kr_feature *f)
{
	return history_feature(f->name, f->validate != NULL);
}

kr_feature *kr_replace_validate_new(void)
{
	return history_feature("ReplaceValidate", true);
}

static bool provides_history(const kr_feature *f)
{
	return f->on_attach == history_attach;
}

static kr_feature *find_history(const kr_fgraph *fg)
{
	size_t n;
	kr_feature *const *fs = kri_fgraph_features(fg, &n);
	for (size_t k = 0; k < n; k++)
		if (provides_history(fs[k]))
			return fs[k];
	return NULL;
}

static int no_history(const char *what)
{
	return kr_error_set(KR_ENOTFOUND,
			    "%s: the graph has no History or ReplaceValidate "
			    "feature",
			    what);
}

int kr_fgraph_checkpoint(kr_fgraph *fg, unsigned long *out)
{
	kr_check(fg != NULL && out != NULL);
	kr_feature *f = find_history(fg);
	if (!f)
		return no_history("checkpoint");
	history *h = hist_of(f);
	log_clear(&h->log);
	*out = ++h->counter;
	return 0;
}

int kr_fgraph_revert(kr_fgraph *fg, unsigned long chk)
{
	kr_check(fg != NULL);
	kr_feature *f = find_history(fg);
	if (!f)
		return no_history("revert");
	history *h = hist_of(f);
	if (chk != h->counter)
		return kr_error_set(KR_EINVALID,
				    "revert: checkpoint %lu is not the latest "
				    "(%lu)",
				    chk, h->counter);
	int rc = 0;
	h->recording = false;
	while (h->log.len > 0 && rc == 0) {
		change c = h->log.items[--h->log.len];
		h->log.items[h->log.len] = (change){0};
		rc = replay(fg, &c);
	}
	h->recording = true;
	return rc;
}

/* ------------------------------------------------- replace and validate */

static int replace_pairs(kr_fgraph *fg, size_t n, kr_variable *const *olds,
			 kr_variable *const *news, const char *reason)
{
	for (size_t k = 0; k < n; k++) {
		int rc = kr_fgraph_replace(fg, olds[k], news[k], reason);
		char *why = rc < 0 ? kr_strdup(kr_error_last()->message) : NULL;
		if (rc < 0)
			return kr_error_set(rc,
					    "replace_validate: replacing %s by "
					    "%s failed, reverted: %s",
					    kr_variable_to_string(olds[k]),
					    kr_variable_to_string(news[k]), why);
	}
	return 0;
}

/* The body of replace_all_validate; *chk receives the checkpoint. */
static int replace_all_validate(kr_fgraph *fg, unsigned long *chk, size_t n,
				kr_variable *const *olds,
				kr_variable *const *news, const char *reason)
{
	kr_check(fg != NULL && (n == 0 || (olds != NULL && news != NULL)));
	int rc = kr_fgraph_checkpoint(fg, chk);
	if (rc < 0)
		return rc;
	/* PyTensor replaces with verbose=False, then tells of the last pair */
	FILE *verbose = kr_optimizer_verbose();
	kr_set_optimizer_verbose(NULL);
	rc = replace_pairs(fg, n, olds, news, reason);
	kr_set_optimizer_verbose(verbose);
	if (rc == 0 && (rc = kr_fgraph_validate(fg)) < 0) {
		char *why = kr_strdup(kr_error_last()->message);
		if (verbose && n > 0) /* PyTensor's message, on the last pair */
			fprintf(verbose, "rewriting: validate failed on node "
				"%s.\n Reason: %s, %s\n",
				kr_variable_to_string(olds[n - 1]),
				reason ? reason : "None", why);
		kr_error_set(rc, "replace_validate: validation failed, "
				 "reverted: %s", why);
	}
	if (rc < 0) {
		char *msg = kr_strdup(kr_error_last()->message);
		if (kr_fgraph_revert(fg, *chk) < 0)
			return kr_error_set(KR_ERROR, "%s; and the revert "
						      "failed: %s",
					    msg, kr_strdup(kr_error_last()->message));
		return kr_error_set(rc, "%s", msg);
	}
	if (verbose && n > 0) {
		const kr_variable *r = olds[n - 1], *nr = news[n - 1];
		fprintf(verbose,
			"rewriting: rewrite %s replaces %s of %s with %s of "
			"%s\n",
			reason ? reason : "None", kr_variable_to_string(r),
			r->owner ? kr_apply_to_string(r->owner) : "None",
			kr_variable_to_string(nr),
			nr->owner ? kr_apply_to_string(nr->owner) : "None");
	}
	return 0;
}

int kr_fgraph_replace_all_validate(kr_fgraph *fg, size_t n,
				   kr_variable *const *olds,
				   kr_variable *const *news,
				   const char *reason)
{
	unsigned long chk;
	return replace_all_validate(fg, &chk, n, olds, news, reason);
}

int kr_fgraph_replace_validate(kr_fgraph *fg, kr_variable *var,
			       kr_variable *new_var, const char *reason)
{
	return kr_fgraph_replace_all_validate(fg, 1, &var, &new_var, reason);
}

int kr_fgraph_replace_all_validate_remove(kr_fgraph *fg, size_t n,
					  kr_variable *const *olds,
					  kr_variable *const *news,
					  size_t nremove,
					  kr_variable *const *remove,
					  const char *reason)
{
	kr_check(nremove == 0 || remove != NULL);
	unsigned long chk;
	int rc = replace_all_validate(fg, &chk, n, olds, news, reason);
	if (rc < 0)
		return rc;
	history *h = hist_of(find_history(fg));
	for (size_t k = 0; k < nremove; k++)
		if (kr_variable_owner(remove[k]))
			kri_pmap_put(&h->removed, kr_variable_owner(remove[k]),
				     remove[k]);
	for (size_t k = 0; k < nremove; k++) {
		if (!kr_fgraph_has_variable(fg, remove[k]))
			continue;
		const char *what = kr_variable_to_string(remove[k]);
		rc = kr_fgraph_revert(fg, chk);
		if (rc < 0)
			return rc;
		return kr_error_set(KR_EINVALID,
				    "replacement did not remove %s (%s); "
				    "reverted",
				    what, reason ? reason : "no reason");
	}
	return 0;
}

/* -------------------------------------------------------------- Validator */

static int validator_attach(kr_feature *f, kr_fgraph *fg)
{
	size_t n;
	kr_feature *const *fs = kri_fgraph_features(fg, &n);
	for (size_t k = 0; k < n; k++)
		if (fs[k] != f && (fs[k]->on_attach == validator_attach ||
				   fs[k]->validate == rv_validate))
			return KR_EEXISTS;
	return 0;
}

static kr_feature *validator_clone(kr_feature *f)
{
	(void)f;
	return kr_validator_new();
}

kr_feature *kr_validator_new(void)
{
	kr_feature *f = kri_alloc(sizeof *f);
	f->name = "Validator";
	f->on_attach = validator_attach;
	f->clone = validator_clone;
	return f;
}

bool kr_fgraph_consistent(kr_fgraph *fg)
{
	return kr_fgraph_validate(fg) == 0;
}

/* ------------------------------------------------------------ FullHistory */

/*
 * bw[k] undoes change k, fw[k] redoes it; `step` changes are applied.
 * Moves replay changes with `moving` set, so they are not recorded.
 */
typedef struct full_history {
	kr_fgraph *fg;
	kri_vec fw, bw;
	size_t step;
	bool moving;
	void (*callback)(void *);
	void *data;
} full_history;

static int fh_attach(kr_feature *f, kr_fgraph *fg)
{
	full_history *h = f->data;
	return attach_once(&h->fg, fg, "FullHistory");
}

static void fh_detach(kr_feature *f, kr_fgraph *fg)
{
	(void)fg;
	((full_history *)f->data)->fg = NULL;
}

static void fh_change(kr_feature *f, kr_fgraph *fg, kr_apply *node, int i,
		      kr_variable *old, kr_variable *new_var,
		      const char *reason)
{
	(void)fg, (void)reason;
	full_history *h = f->data;
	if (h->moving)
		return;
	/* a change made after going back forgets the undone future */
	h->fw.len = h->bw.len = h->step;
	kri_vec_push(&h->bw, change_new(node, i, old));
	kri_vec_push(&h->fw, change_new(node, i, new_var));
	h->step++;
	if (h->callback)
		h->callback(h->data);
}

static kr_feature *fh_clone(kr_feature *f)
{
	full_history *h = f->data;
	return kr_full_history_new(h->callback, h->data);
}

kr_feature *kr_full_history_new(void (*callback)(void *data), void *data)
{
	kr_feature *f = kri_alloc(sizeof *f);
	full_history *h = kri_alloc(sizeof *h);
	h->callback = callback;
	h->data = data;
	f->name = "FullHistory";
	f->data = h;
	f->on_attach = fh_attach;
	f->on_detach = fh_detach;
	f->on_change_input = fh_change;
	f->clone = fh_clone;
	return f;
}

static full_history *fh_of(const kr_feature *f)
{
	kr_check(f != NULL && f->on_attach == fh_attach);
	return f->data;
}

size_t kr_full_history_len(const kr_feature *f) { return fh_of(f)->bw.len; }

size_t kr_full_history_step(const kr_feature *f) { return fh_of(f)->step; }

int kr_full_history_goto(kr_feature *f, size_t k)
{
	full_history *h = fh_of(f);
	if (!h->fg || k > h->bw.len)
		return kr_error_set(KR_EINVALID,
				    "FullHistory: cannot go to step %zu of %zu%s",
				    k, h->bw.len,
				    h->fg ? "" : " (not attached)");
	int rc = 0;
	h->moving = true;
	while (rc == 0 && h->step > k)
		rc = replay(h->fg, h->bw.items[--h->step]);
	while (rc == 0 && h->step < k)
		rc = replay(h->fg, h->fw.items[h->step++]);
	h->moving = false;
	return rc;
}

int kr_full_history_prev(kr_feature *f)
{
	full_history *h = fh_of(f);
	return h->step == 0 ? 0 : kr_full_history_goto(f, h->step - 1);
}

int kr_full_history_next(kr_feature *f)
{
	full_history *h = fh_of(f);
	return h->step >= h->bw.len ? 0 : kr_full_history_goto(f, h->step + 1);
}

int kr_full_history_start(kr_feature *f) { return kr_full_history_goto(f, 0); }

int kr_full_history_end(kr_feature *f)
{
	return kr_full_history_goto(f, fh_of(f)->bw.len);
}

/* ------------------------------------------------------------- NodeFinder */

/*
 * Nodes by op: `buckets` maps an op hash to a chain of buckets, one per
 * distinct op (by kr_op_equal); a bucket lists its nodes in record order,
 * with holes (NULL) left by prunes and squeezed out by kr_fgraph_get_nodes.
 */
typedef struct bucket {
	const kr_op *op;
	kri_vec nodes;
	kri_pmap where; /* node -> index + 1 */
	struct bucket *next;
} bucket;

typedef struct finder {
	kr_fgraph *fg;
	kri_pmap buckets; /* (hash | 1) as a key -> bucket chain */
} finder;

static bucket *bucket_find(finder *nf, const kr_op *op, bool create)
{
	void *key = (void *)(uintptr_t)(kr_op_hash(op) | 1);
	bucket *b = kri_pmap_get(&nf->buckets, key);
	for (bucket *c = b; c; c = c->next)
		if (kr_op_equal(c->op, op))
			return c;
	if (!create)
		return NULL;
	bucket *nb = kri_alloc(sizeof *nb);
	nb->op = op;
	nb->next = b;
	kri_pmap_put(&nf->buckets, key, nb);
	return nb;
}

static void nf_import(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		      const char *reason)
{
	(void)fg, (void)reason;
	bucket *b = bucket_find(f->data, kr_apply_op(node), true);
	if (kri_pmap_has(&b->where, node))
		return;
	kri_vec_push(&b->nodes, node);
	kri_pmap_put(&b->where, node, (void *)(uintptr_t)b->nodes.len);
}

static void nf_prune(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		     const char *reason)
{
	(void)fg, (void)reason;
	bucket *b = bucket_find(f->data, kr_apply_op(node), false);
	uintptr_t at = b ? (uintptr_t)kri_pmap_get(&b->where, node) : 0;
	if (!at)
		return;
	b->nodes.items[at - 1] = NULL;
	kri_pmap_del(&b->where, node);
}

static int nf_attach(kr_feature *f, kr_fgraph *fg)
{
	finder *nf = f->data;
	size_t n;
	kr_feature *const *fs = kri_fgraph_features(fg, &n);
	for (size_t k = 0; k < n; k++)
		if (fs[k] != f && fs[k]->on_attach == nf_attach)
			return KR_EEXISTS;
	int rc = attach_once(&nf->fg, fg, "NodeFinder");
	kr_apply **order;
	if (rc == 0)
		rc = kr_fgraph_toposort(&order, &n, fg);
	for (size_t k = 0; rc == 0 && k < n; k++)
		nf_import(f, fg, order[k], "on_attach");
	return rc;
}

static void nf_detach(kr_feature *f, kr_fgraph *fg)
{
	(void)fg;
	finder *nf = f->data;
	nf->fg = NULL;
	kri_pmap_clear(&nf->buckets);
}

static kr_feature *nf_clone(kr_feature *f)
{
	(void)f;
	return kr_node_finder_new();
}

kr_feature *kr_node_finder_new(void)
{
	kr_feature *f = kri_alloc(sizeof *f);
	f->name = "NodeFinder";
	f->data = kri_alloc(sizeof(finder));
	f->on_attach = nf_attach;
	f->on_detach = nf_detach;
	f->on_import = nf_import;
	f->on_prune = nf_prune;
	f->clone = nf_clone;
	return f;
}

static void squeeze(bucket *b)
{
	size_t j = 0;
	for (size_t k = 0; k < b->nodes.len; k++) {
		kr_apply *node = b->nodes.items[k];
		if (!node)
			continue;
		b->nodes.items[j++] = node;
		kri_pmap_put(&b->where, node, (void *)(uintptr_t)j);
	}
	b->nodes.len = j;
}

kr_apply **kr_fgraph_get_nodes(const kr_fgraph *fg, const kr_op *op,
			       size_t *n)
{
	kr_check(fg != NULL && op != NULL && n != NULL);
	*n = 0;
	size_t nf;
	kr_feature *const *fs = kri_fgraph_features(fg, &nf);
	kr_feature *f = NULL;
	for (size_t k = 0; k < nf && !f; k++)
		if (fs[k]->on_attach == nf_attach)
			f = fs[k];
	bucket *b = f ? bucket_find(f->data, op, false) : NULL;
	if (!b)
		return NULL;
	squeeze(b);
	if (!(*n = b->nodes.len))
		return NULL;
	kr_apply **out = kri_alloc(*n * sizeof *out);
	memcpy(out, b->nodes.items, *n * sizeof *out);
	return out;
}

/* ---------------------------------------------------------- PrintListener */

typedef struct listener {
	FILE *out;
	bool active;
} listener;

static FILE *pl_out(const kr_feature *f)
{
	listener *l = f->data;
	return l->active ? (l->out ? l->out : stdout) : NULL;
}

static int pl_attach(kr_feature *f, kr_fgraph *fg)
{
	FILE *o = pl_out(f);
	if (o)
		fprintf(o, "-- attaching to:  %s\n", kr_fgraph_repr(fg));
	return 0;
}

static void pl_detach(kr_feature *f, kr_fgraph *fg)
{
	FILE *o = pl_out(f);
	if (o)
		fprintf(o, "-- detaching from:  %s\n", kr_fgraph_repr(fg));
}

static void pl_import(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		      const char *reason)
{
	(void)fg;
	FILE *o = pl_out(f);
	if (o)
		fprintf(o, "-- importing: %s, reason: %s\n",
			kr_apply_to_string(node), reason ? reason : "None");
}

static void pl_prune(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		     const char *reason)
{
	(void)fg;
	FILE *o = pl_out(f);
	if (o)
		fprintf(o, "-- pruning: %s, reason: %s\n",
			kr_apply_to_string(node), reason ? reason : "None");
}

static void pl_change(kr_feature *f, kr_fgraph *fg, kr_apply *node, int i,
		      kr_variable *old, kr_variable *new_var,
		      const char *reason)
{
	(void)fg, (void)reason;
	FILE *o = pl_out(f);
	if (o)
		fprintf(o, "-- changing (%s.inputs[%d]) from %s to %s\n",
			kr_apply_to_string(node), i,
			kr_variable_to_string(old),
			kr_variable_to_string(new_var));
}

static kr_feature *pl_clone(kr_feature *f)
{
	listener *l = f->data;
	return kr_print_listener_new(l->out, l->active);
}

kr_feature *kr_print_listener_new(FILE *out, bool active)
{
	kr_feature *f = kri_alloc(sizeof *f);
	listener *l = kri_alloc(sizeof *l);
	l->out = out;
	l->active = active;
	f->name = "PrintListener";
	f->data = l;
	f->on_attach = pl_attach;
	f->on_detach = pl_detach;
	f->on_import = pl_import;
	f->on_prune = pl_prune;
	f->on_change_input = pl_change;
	f->clone = pl_clone;
	return f;
}

void kr_print_listener_set_active(kr_feature *f, bool active)
{
	kr_check(f != NULL && f->on_attach == pl_attach);
	((listener *)f->data)->active = active;
}

/* ---------------------------------------------- PreserveVariableAttributes */

static void pva_change(kr_feature *f, kr_fgraph *fg, kr_apply *node, int i,
		       kr_variable *old, kr_variable *new_var,
		       const char *reason)
{
	(void)f, (void)fg, (void)node, (void)i, (void)reason;
	if (kr_variable_owner(old) && kr_variable_name(old) &&
	    !kr_variable_name(new_var))
		kr_variable_set_name(new_var, kr_variable_name(old));
}

static kr_feature *pva_clone(kr_feature *f)
{
	(void)f;
	return kr_preserve_variable_attributes_new();
}

kr_feature *kr_preserve_variable_attributes_new(void)
{
	kr_feature *f = kri_alloc(sizeof *f);
	f->name = "PreserveVariableAttributes";
	f->on_change_input = pva_change;
	f->clone = pva_clone;
	return f;
}
