/* destroy.c -- DestroyHandler and Supervisor: in-place ops in a graph. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "graph.h"
#include "kanrewrite/destroy.h"
#include "kanrewrite/pprint.h"

/*
 * The DestroyHandler follows PyTensor 2.32's graph/destroyhandler.py with
 * cycle_detection "regular": the view trees (view_i, view_o) and the set
 * of destroyers are kept up to date by the feature callbacks; the roots
 * of the destroyed variables, their impact and their destroyers
 * (PyTensor's droot, impact and root_destroyer) are rebuilt from those
 * when asked for after a change. The clients of a variable are the
 * graph's own (without Output pseudo-nodes), which are PyTensor's
 * DestroyHandler.clients.
 *
 * Invariants, between callbacks:
 *  - view_i[o] == in exactly when o is output k of a recorded node whose
 *    op's view_map has (k, j) and in is that node's input j; then o is
 *    in view_o[in] (a kri_vec *), and view_o has no empty entry;
 *  - `destroyers` holds the recorded nodes whose op has a destroy_map
 *    and sound maps; `bad` the recorded nodes whose maps the handler
 *    cannot follow (an output of several inputs, an index out of range,
 *    PyTensor's NotImplementedError and IndexError), which validation
 *    reports. A bad node takes no part in the view trees.
 */

/* ----------------------------------------------------------- ordered sets */

/* Insertion-ordered set of pointers; removal leaves a hole (NULL). */
typedef struct oset {
	kri_vec items;
	kri_pmap at; /* item -> index + 1 */
	size_t holes;
} oset;

static void oset_add(oset *s, void *x)
{
	if (kri_pmap_has(&s->at, x))
		return;
	kri_vec_push(&s->items, x);
	kri_pmap_put(&s->at, x, (void *)(uintptr_t)s->items.len);
}

/* Squeeze the holes out (the order is kept). */
static void oset_squeeze(oset *s)
{
	size_t j = 0;
	for (size_t k = 0; k < s->items.len; k++) {
		void *x = s->items.items[k];
		if (!x)
			continue;
		s->items.items[j++] = x;
		kri_pmap_put(&s->at, x, (void *)(uintptr_t)j);
	}
	for (size_t k = j; k < s->items.len; k++)
		s->items.items[k] = NULL;
	s->items.len = j;
	s->holes = 0;
}

static void oset_del(oset *s, const void *x)
{
	uintptr_t at = (uintptr_t)kri_pmap_get(&s->at, x);
	if (!at)
		return;
	s->items.items[at - 1] = NULL;
	kri_pmap_del(&s->at, x);
	if (++s->holes > s->items.len / 2)
		oset_squeeze(s);
}

static size_t oset_len(const oset *s) { return s->items.len - s->holes; }

static void oset_clear(oset *s)
{
	kri_vec_clear(&s->items);
	kri_pmap_clear(&s->at);
	s->holes = 0;
}

/* ------------------------------------------------------------------ state */

/* What the destroyers do to the roots; see rebuild(). */
typedef struct roots {
	kri_pmap droot;     /* destroyed root or a view of it -> the root */
	kri_vec dvars;      /* the keys of droot, in insertion order */
	kri_pmap impact;    /* root -> kri_vec *: its views, then itself */
	kri_pmap destroyer; /* root -> the node destroying it */
} roots;

typedef struct dhandler {
	kr_fgraph *fg;
	oset destroyers;
	oset bad;
	kri_pmap view_i;
	kri_pmap view_o;
	bool stale;
	roots r;
} dhandler;

static int dh_attach(kr_feature *f, kr_fgraph *fg);

static dhandler *dh_of(const kr_feature *f)
{
	kr_check(f != NULL && f->on_attach == dh_attach);
	return f->data;
}

kr_feature *kr_fgraph_destroy_handler(const kr_fgraph *fg)
{
	kr_check(fg != NULL);
	size_t n;
	kr_feature *const *fs = kri_fgraph_features(fg, &n);
	for (size_t k = 0; k < n; k++)
		if (fs[k]->on_attach == dh_attach)
			return fs[k];
	return NULL;
}

/* ------------------------------------------------------------- op maps */

static size_t npairs(const kr_io_pair *p)
{
	size_t n = 0;
	while (p && p[n].output >= 0)
		n++;
	return n;
}

/*
 * Why the handler cannot follow node's maps, or NULL when it can: every
 * index in range, every output of one input only.
 */
static char *map_trouble(const kr_apply *node, const kr_io_pair *p,
			 const char *what)
{
	for (size_t k = 0; k < npairs(p); k++) {
		const char *op = kr_op_to_string(node->op);
		if ((size_t)p[k].output >= node->nout || p[k].input < 0 ||
		    (size_t)p[k].input >= node->nin)
			return kr_strfmt("DestroyHandler: the %s of %s names "
					 "output %d and input %d of a node of "
					 "%zu outputs and %zu inputs",
					 what, op, p[k].output, p[k].input,
					 (size_t)node->nout,
					 (size_t)node->nin);
		for (size_t j = 0; j < k; j++)
			if (p[j].output == p[k].output)
				return kr_strfmt("DestroyHandler: the %s of %s "
						 "gives output %d several "
						 "inputs, which PyTensor "
						 "refuses too",
						 what, op, p[k].output);
	}
	return NULL;
}

static char *node_trouble(const kr_apply *node)
{
	char *why = map_trouble(node, node->op->desc->view_map, "view_map");
	return why ? why : map_trouble(node, node->op->desc->destroy_map,
				       "destroy_map");
}

/* ---------------------------------------------------------- view trees */

static void view_add(dhandler *h, kr_variable *o, kr_variable *in)
{
	kri_pmap_put(&h->view_i, o, in);
	kri_vec *views = kri_pmap_get(&h->view_o, in);
	if (!views) {
		views = kri_alloc(sizeof *views);
		kri_pmap_put(&h->view_o, in, views);
	}
	kri_vec_push(views, o);
}

static void view_del(dhandler *h, kr_variable *o, kr_variable *in)
{
	kri_pmap_del(&h->view_i, o);
	kri_vec *views = kri_pmap_get(&h->view_o, in);
	for (size_t k = 0; views && k < views->len; k++) {
		if (views->items[k] != o)
			continue;
		memmove(&views->items[k], &views->items[k + 1],
			(views->len - k - 1) * sizeof *views->items);
		views->items[--views->len] = NULL;
		break;
	}
	if (views && !views->len)
		kri_pmap_del(&h->view_o, in);
}

/* ----------------------------------------------------------- callbacks */

static void dh_import(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		      const char *reason)
{
	(void)fg, (void)reason;
	dhandler *h = f->data;
	h->stale = true;
	if (kr_apply_is_output(node))
		return;
	if (node_trouble(node)) {
		oset_add(&h->bad, node);
		return;
	}
	const kr_io_pair *vm = node->op->desc->view_map;
	for (size_t k = 0; k < npairs(vm); k++)
		view_add(h, node->outputs[vm[k].output],
			 node->inputs[vm[k].input]);
	if (npairs(node->op->desc->destroy_map))
		oset_add(&h->destroyers, node);
}

static void dh_prune(kr_feature *f, kr_fgraph *fg, kr_apply *node,
		     const char *reason)
{
	(void)fg, (void)reason;
	dhandler *h = f->data;
	h->stale = true;
	if (kri_pmap_has(&h->bad.at, node)) {
		oset_del(&h->bad, node);
		return;
	}
	oset_del(&h->destroyers, node);
	const kr_io_pair *vm = node->op->desc->view_map;
	for (size_t k = 0; k < npairs(vm); k++) {
		kr_variable *o = node->outputs[vm[k].output];
		kr_variable *in = kri_pmap_get(&h->view_i, o);
		if (in)
			view_del(h, o, in);
	}
}

static void dh_change(kr_feature *f, kr_fgraph *fg, kr_apply *node, int i,
		      kr_variable *old, kr_variable *new_var,
		      const char *reason)
{
	(void)fg, (void)reason;
	dhandler *h = f->data;
	h->stale = true;
	if (kr_apply_is_output(node) || kri_pmap_has(&h->bad.at, node))
		return;
	const kr_io_pair *vm = node->op->desc->view_map;
	for (size_t k = 0; k < npairs(vm); k++) {
		kr_variable *o = node->outputs[vm[k].output];
		if (vm[k].input != i || kri_pmap_get(&h->view_i, o) != old)
			continue; /* another input, or a node not recorded */
		view_del(h, o, old);
		view_add(h, o, new_var);
	}
}

/* --------------------------------------------------------------- roots */

/* The root of v: the variable its chain of views starts from. */
static kr_variable *root_of(const dhandler *h, kr_variable *v)
{
	kr_variable *up;
	while ((up = kri_pmap_get(&h->view_i, v)))
		v = up;
	return v;
}

/* Record root as destroyed by node, with its views (breadth first). */
static void add_root(roots *r, const dhandler *h, kr_variable *root,
		     kr_apply *node)
{
	kri_pmap_put(&r->droot, root, root);
	kri_vec_push(&r->dvars, root);
	kri_pmap_put(&r->destroyer, root, node);
	kri_vec *imp = kri_alloc(sizeof *imp);
	for (size_t k = 0; k <= imp->len; k++) {
		kr_variable *v = k ? imp->items[k - 1] : root;
		kri_vec *views = kri_pmap_get(&h->view_o, v);
		for (size_t j = 0; views && j < views->len; j++) {
			kri_vec_push(imp, views->items[j]);
			kri_pmap_put(&r->droot, views->items[j], root);
			kri_vec_push(&r->dvars, views->items[j]);
		}
	}
	kri_vec_push(imp, root);
	kri_pmap_put(&r->impact, root, imp);
}

/*
 * PyTensor's _build_droot_impact, when the graph changed since the last
 * build: every destroyed input's root, in the order of the destroyers
 * and of their destroy_maps. A root destroyed twice is an error, and the
 * roots are rebuilt on the next call.
 */
static int refresh(dhandler *h)
{
	if (!h->stale)
		return 0;
	roots *r = &h->r;
	*r = (roots){0};
	oset_squeeze(&h->destroyers);
	for (size_t k = 0; k < h->destroyers.items.len; k++) {
		kr_apply *node = h->destroyers.items.items[k];
		const kr_io_pair *dm = node->op->desc->destroy_map;
		for (size_t j = 0; j < npairs(dm); j++) {
			kr_variable *root =
				root_of(h, node->inputs[dm[j].input]);
			if (kri_pmap_has(&r->droot, root))
				return kr_error_set(
					KR_EINCONSISTENT,
					"Multiple destroyers of %s",
					kr_variable_to_string(root));
			add_root(r, h, root, node);
		}
	}
	h->stale = false;
	return 0;
}

static bool destructible(const kr_variable *v)
{
	return !v->is_constant && !v->indestructible;
}

/* A Constant or indestructible variable among the destroyed ones. */
static int check_destructible(const roots *r)
{
	kri_buf b = {0};
	for (size_t k = 0; k < r->dvars.len; k++) {
		kr_variable *v = r->dvars.items[k];
		if (destructible(v))
			continue;
		kri_buf_puts(&b, b.len ? ", " : "[");
		kri_buf_puts(&b, kr_variable_to_string(v));
	}
	if (!b.len)
		return 0;
	kri_buf_putc(&b, ']');
	return kr_error_set(KR_EINCONSISTENT,
			    "Attempting to destroy indestructible "
			    "variables: %s",
			    kri_buf_str(&b));
}

/* --------------------------------------------------------- orderings */

static bool listed(const kr_alias_pair *p, int destroyed, int other)
{
	for (size_t k = 0; p && p[k].destroyed >= 0; k++)
		if (p[k].destroyed == destroyed && p[k].other == other)
			return true;
	return false;
}

/*
 * The inputs of node other than input d that alias what input d
 * destroys: allowed only where the op tolerates the same variable
 * (tolerate_same) or any alias (tolerate_aliased).
 */
static int check_aliasing(const dhandler *h, kr_apply *node, int d)
{
	const kr_op_desc *desc = node->op->desc;
	kr_variable *dvar = node->inputs[d];
	kr_variable *root = kri_pmap_get(&h->r.droot, dvar);
	for (size_t i = 0; i < node->nin; i++) {
		kr_variable *in = node->inputs[i];
		if (listed(desc->tolerate_aliased, d, (int)i) ||
		    kri_pmap_get(&h->r.droot, in) != root)
			continue;
		bool same = (int)i == d || listed(desc->tolerate_same, d,
						  (int)i);
		if (!same || in != dvar)
			return kr_error_set(KR_EINCONSISTENT,
					    "Input aliasing: %s (%d, %zu)",
					    kr_apply_to_string(node), d, i);
	}
	return 0;
}

/* Add to `before` every node (not an Output) reading a variable of imp. */
static void add_readers(oset *before, const kr_fgraph *fg,
			const kri_vec *imp)
{
	for (size_t k = 0; k < imp->len; k++) {
		size_t n;
		const kr_client *cl = kr_fgraph_clients(fg, imp->items[k], &n);
		for (size_t j = 0; j < n; j++)
			if (!kr_apply_is_output(cl[j].node))
				oset_add(before, cl[j].node);
	}
}

/* The orderings of one destroyer, appended to out. */
static int destroyer_orderings(kri_vec *out, const dhandler *h,
			       kr_apply *node)
{
	oset before = {0};
	const kr_io_pair *dm = node->op->desc->destroy_map;
	for (size_t j = 0; j < npairs(dm); j++) {
		int rc = check_aliasing(h, node, dm[j].input);
		if (rc < 0)
			return rc;
		kr_variable *root =
			kri_pmap_get(&h->r.droot, node->inputs[dm[j].input]);
		add_readers(&before, h->fg, kri_pmap_get(&h->r.impact, root));
	}
	oset_del(&before, node);
	for (size_t k = 0; k < before.items.len; k++)
		if (before.items.items[k])
			kri_vec_push(out, before.items.items[k]);
	return 0;
}

static int first_bad(const dhandler *h)
{
	for (size_t k = 0; k < h->bad.items.len; k++) {
		kr_apply *node = h->bad.items.items[k];
		if (node)
			return kr_error_set(KR_EINVALID, "%s",
					    node_trouble(node));
	}
	return 0;
}

/*
 * PyTensor's DestroyHandler.orderings: for each destroyer, the other
 * nodes reading its destroyed roots or their views, as pairs
 * (destroyer, reader) in *out, after the checks of the roots.
 */
static int collect_orderings(kr_ordering **out, size_t *n, dhandler *h)
{
	*out = NULL;
	*n = 0;
	int rc = first_bad(h);
	if (rc < 0 || !oset_len(&h->destroyers))
		return rc;
	if ((rc = refresh(h)) < 0 || (rc = check_destructible(&h->r)) < 0)
		return rc;
	kri_vec pairs = {0}, readers = {0};
	for (size_t k = 0; k < h->destroyers.items.len; k++) {
		kr_apply *node = h->destroyers.items.items[k];
		kri_vec_clear(&readers);
		if ((rc = destroyer_orderings(&readers, h, node)) < 0)
			return rc;
		for (size_t j = 0; j < readers.len; j++) {
			kri_vec_push(&pairs, node);
			kri_vec_push(&pairs, readers.items[j]);
		}
	}
	*n = pairs.len / 2;
	*out = *n ? kri_alloc(*n * sizeof **out) : NULL;
	for (size_t k = 0; k < *n; k++)
		(*out)[k] = (kr_ordering){pairs.items[2 * k],
					  pairs.items[2 * k + 1]};
	return 0;
}

static int dh_orderings(kr_feature *f, kr_fgraph *fg, kr_ordering **out,
			size_t *n)
{
	(void)fg;
	return collect_orderings(out, n, f->data);
}

/* -------------------------------------------------------- cycle check */

/*
 * PyTensor's _contains_cycle: Kahn's algorithm over every node of the
 * graph, where a node waits for the owners of its inputs (once per
 * input) and for its orderings. A cycle leaves some node unvisited.
 * `wait` is indexed by place in the graph's node list; `after` maps a
 * node to the kri_vec * of the nodes its orderings make wait for it.
 */
typedef struct kahn {
	const kr_fgraph *fg;
	size_t *wait;
	kri_pmap after;
	kri_vec ready;
} kahn;

static void kahn_init(kahn *k, const kr_ordering *ords, size_t nords)
{
	size_t n;
	kr_apply *const *nodes = kr_fgraph_apply_nodes(k->fg, &n);
	k->wait = kri_alloc_atomic((n ? n : 1) * sizeof *k->wait);
	for (size_t j = 0; j < n; j++) {
		k->wait[j] = 0;
		for (size_t i = 0; i < nodes[j]->nin; i++) {
			kr_apply *o = nodes[j]->inputs[i]->owner;
			if (o && kri_fgraph_node_index(k->fg, o) != SIZE_MAX)
				k->wait[j]++;
		}
	}
	for (size_t j = 0; j < nords; j++) {
		size_t at = kri_fgraph_node_index(k->fg, ords[j].node);
		if (at == SIZE_MAX)
			continue; /* not a node of the graph: no wait */
		kri_vec *w = kri_pmap_get(&k->after, ords[j].before);
		if (!w) {
			w = kri_alloc(sizeof *w);
			kri_pmap_put(&k->after, ords[j].before, w);
		}
		kri_vec_push(w, ords[j].node);
		k->wait[at]++;
	}
	for (size_t j = 0; j < n; j++)
		if (!k->wait[j])
			kri_vec_push(&k->ready, nodes[j]);
}

/* One node fewer to wait for; ready when none is left. */
static void kahn_release(kahn *k, kr_apply *node)
{
	size_t at = kri_fgraph_node_index(k->fg, node);
	if (at != SIZE_MAX && !--k->wait[at])
		kri_vec_push(&k->ready, node);
}

/* Visit node: release its clients (not Outputs) and its waiters. */
static void kahn_visit(kahn *k, kr_apply *node)
{
	for (size_t o = 0; o < node->nout; o++) {
		size_t m;
		const kr_client *cl =
			kr_fgraph_clients(k->fg, node->outputs[o], &m);
		for (size_t j = 0; j < m; j++)
			if (!kr_apply_is_output(cl[j].node))
				kahn_release(k, cl[j].node);
	}
	kri_vec *w = kri_pmap_get(&k->after, node);
	for (size_t j = 0; w && j < w->len; j++)
		kahn_release(k, w->items[j]);
}

/* Cost: O(nodes + edges + orderings). */
static bool contains_cycle(const kr_fgraph *fg, const kr_ordering *ords,
			   size_t nords)
{
	kahn k = {.fg = fg};
	kahn_init(&k, ords, nords);
	size_t visited = 0;
	while (k.ready.len) {
		kahn_visit(&k, kri_vec_pop(&k.ready));
		visited++;
	}
	return visited != kr_fgraph_nnodes(fg);
}

static int dh_validate(kr_feature *f, kr_fgraph *fg)
{
	dhandler *h = f->data;
	kr_ordering *ords;
	size_t n;
	int rc = collect_orderings(&ords, &n, h);
	if (rc < 0 || !oset_len(&h->destroyers))
		return rc;
	if (contains_cycle(fg, ords, n))
		return kr_error_set(KR_EINCONSISTENT,
				    "Dependency graph contains cycles");
	return 0;
}

/* ------------------------------------------------------- attach, detach */

static void dh_reset(dhandler *h)
{
	oset_clear(&h->destroyers);
	oset_clear(&h->bad);
	kri_pmap_clear(&h->view_i);
	kri_pmap_clear(&h->view_o);
	h->r = (roots){0};
	h->stale = true;
}

/*
 * As PyTensor's Bookkeeper: record every node, in io_toposort order
 * (no orderings), then the nodes no output needs (which PyTensor's
 * replay misses).
 */
static int dh_attach(kr_feature *f, kr_fgraph *fg)
{
	dhandler *h = f->data;
	if (kr_fgraph_destroy_handler(fg))
		return KR_EEXISTS;
	if (h->fg && h->fg != fg)
		return kr_error_set(KR_EINVALID,
				    "A DestroyHandler instance can only serve "
				    "one FunctionGraph");
	kr_apply **order;
	size_t n;
	int rc = kri_fgraph_io_toposort(&order, &n, fg);
	if (rc < 0)
		return rc;
	dh_reset(h);
	h->fg = fg;
	kri_pmap seen = {0};
	for (size_t k = 0; k < n; k++) {
		kri_pmap_put(&seen, order[k], order[k]);
		dh_import(f, fg, order[k], "on_attach");
	}
	kr_apply *const *all = kr_fgraph_apply_nodes(fg, &n);
	for (size_t k = 0; k < n; k++)
		if (!kri_pmap_has(&seen, all[k]))
			dh_import(f, fg, all[k], "on_attach");
	return 0;
}

static void dh_detach(kr_feature *f, kr_fgraph *fg)
{
	(void)fg;
	dhandler *h = f->data;
	dh_reset(h);
	h->fg = NULL;
}

static kr_feature *dh_clone(kr_feature *f)
{
	(void)f;
	return kr_destroy_handler_new();
}

kr_feature *kr_destroy_handler_new(void)
{
	kr_feature *f = kri_alloc(sizeof *f);
	dhandler *h = kri_alloc(sizeof *h);
	h->stale = true;
	f->name = "DestroyHandler";
	f->data = h;
	f->on_attach = dh_attach;
	f->on_detach = dh_detach;
	f->on_import = dh_import;
	f->on_prune = dh_prune;
	f->on_change_input = dh_change;
	f->validate = dh_validate;
	f->orderings = dh_orderings;
	f->clone = dh_clone;
	return f;
}

/* ------------------------------------------------------------- queries */

/* v's destroyer in fresh roots, or NULL. */
static kr_apply *destroyer_of(const dhandler *h, const kr_variable *v)
{
	kr_variable *root = kri_pmap_get(&h->r.droot, v);
	return root ? kri_pmap_get(&h->r.destroyer, root) : NULL;
}

kr_apply *kr_fgraph_destroyer(kr_fgraph *fg, const kr_variable *v)
{
	kr_check(fg != NULL && v != NULL);
	kr_feature *f = kr_fgraph_destroy_handler(fg);
	if (!f)
		return NULL;
	dhandler *h = f->data;
	const kr_error *e = kr_error_last();
	int code = e->code;
	char *msg = kr_strdup(e->message);
	if (refresh(h) < 0) { /* swallowed, as PyTensor's destroyers() */
		if (code)
			kr_error_set(code, "%s", msg);
		else
			kr_error_clear();
		return NULL;
	}
	return destroyer_of(h, v);
}

int kr_fgraph_has_destroyers(bool *out, kr_fgraph *fg, size_t n,
			     kr_variable *const *vars)
{
	kr_check(out != NULL && fg != NULL && (n == 0 || vars != NULL));
	kr_feature *f = kr_fgraph_destroy_handler(fg);
	if (!f)
		return kr_error_set(KR_ENOTFOUND,
				    "has_destroyers: the graph has no "
				    "DestroyHandler");
	dhandler *h = f->data;
	int rc = refresh(h);
	if (rc < 0)
		return rc;
	*out = false;
	for (size_t k = 0; k < n && !*out; k++)
		*out = destroyer_of(h, vars[k]) != NULL;
	return 0;
}

kr_apply **kr_destroy_handler_destroyers(const kr_feature *f, size_t *n)
{
	kr_check(n != NULL);
	dhandler *h = dh_of(f);
	oset_squeeze(&h->destroyers);
	*n = h->destroyers.items.len;
	if (!*n)
		return NULL;
	kr_apply **out = kri_alloc(*n * sizeof *out);
	memcpy(out, h->destroyers.items.items, *n * sizeof *out);
	return out;
}

kr_variable *kr_destroy_handler_view_of(const kr_feature *f,
					const kr_variable *v)
{
	kr_check(v != NULL);
	return kri_pmap_get(&dh_of(f)->view_i, v);
}

kr_variable **kr_destroy_handler_views(const kr_feature *f,
				       const kr_variable *v, size_t *n)
{
	kr_check(v != NULL && n != NULL);
	kri_vec *views = kri_pmap_get(&dh_of(f)->view_o, v);
	*n = views ? views->len : 0;
	if (!*n)
		return NULL;
	kr_variable **out = kri_alloc(*n * sizeof *out);
	memcpy(out, views->items, *n * sizeof *out);
	return out;
}

/* ------------------------------------------------------------ Supervisor */

typedef struct supervisor {
	kr_fgraph *fg;
	size_t n;
	kr_variable **vars;
} supervisor;

static int sv_attach(kr_feature *f, kr_fgraph *fg)
{
	supervisor *s = f->data;
	size_t n;
	kr_feature *const *fs = kri_fgraph_features(fg, &n);
	for (size_t k = 0; k < n; k++)
		if (fs[k] != f && fs[k]->on_attach == sv_attach)
			return KR_EEXISTS;
	if (s->fg && s->fg != fg)
		return kr_error_set(KR_EINVALID,
				    "This Supervisor is already associated "
				    "with a FunctionGraph");
	s->fg = fg;
	return 0;
}

static void sv_detach(kr_feature *f, kr_fgraph *fg)
{
	(void)fg;
	((supervisor *)f->data)->fg = NULL;
}

static int protect(kr_fgraph *fg, const kr_variable *v)
{
	if (!kr_fgraph_destroyer(fg, v))
		return 0;
	return kr_error_set(KR_EINCONSISTENT,
			    "Trying to destroy a protected variable: %s",
			    kr_variable_to_string(v));
}

/* The protected variables first, then the outputs, as PyTensor. */
static int sv_validate(kr_feature *f, kr_fgraph *fg)
{
	supervisor *s = f->data;
	if (!kr_fgraph_destroy_handler(fg))
		return 0;
	int rc = 0;
	for (size_t k = 0; rc == 0 && k < s->n; k++)
		rc = protect(fg, s->vars[k]);
	for (size_t k = 0; rc == 0 && k < kr_fgraph_noutputs(fg); k++)
		rc = protect(fg, kr_fgraph_output(fg, k));
	return rc;
}

static kr_feature *sv_clone(kr_feature *f)
{
	supervisor *s = f->data;
	return kr_supervisor_new(s->n, s->vars);
}

kr_feature *kr_supervisor_new(size_t n, kr_variable *const *vars)
{
	kr_check(n == 0 || vars != NULL);
	kr_feature *f = kri_alloc(sizeof *f);
	supervisor *s = kri_alloc(sizeof *s);
	s->n = n;
	s->vars = kri_alloc((n ? n : 1) * sizeof *s->vars);
	for (size_t k = 0; k < n; k++)
		s->vars[k] = vars[k];
	f->name = "Supervisor";
	f->data = s;
	f->on_attach = sv_attach;
	f->on_detach = sv_detach;
	f->validate = sv_validate;
	f->clone = sv_clone;
	return f;
}
