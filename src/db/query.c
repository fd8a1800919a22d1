/* query.c -- RewriteDatabaseQuery and building rewriters from queries. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <math.h>

#include "db/db.h"
#include "graph/graph.h" /* kri_format_double */

/* ----------------------------------------------------------------- queries */

static void push_tags(kri_vec *v, const char *const *tags)
{
	for (size_t i = 0; tags && tags[i]; i++) {
		kr_term *t = kr_sym(tags[i]);
		bool seen = false;
		for (size_t k = 0; k < v->len && !seen; k++)
			seen = v->items[k] == t;
		if (!seen)
			kri_vec_push(v, t);
	}
}

kr_rewrite_db_query *kr_db_query_new(const char *const *include,
			     const char *const *require,
			     const char *const *exclude)
{
	kr_rewrite_db_query *q = kri_alloc(sizeof *q);
	push_tags(&q->include, include);
	push_tags(&q->require, require);
	push_tags(&q->exclude, exclude);
	q->position_cutoff = INFINITY;
	return q;
}

static kri_vec copy_vec(const kri_vec *v)
{
	kri_vec c = {0};
	for (size_t i = 0; i < v->len; i++)
		kri_vec_push(&c, v->items[i]);
	return c;
}

static kr_rewrite_db_query *query_copy(const kr_rewrite_db_query *q)
{
	kr_rewrite_db_query *c = kri_alloc(sizeof *c);
	c->include = copy_vec(&q->include);
	c->require = copy_vec(&q->require);
	c->exclude = copy_vec(&q->exclude);
	size_t i = 0;
	void *k, *v;
	while (kri_pmap_next(&q->subquery, &i, &k, &v))
		kri_pmap_put(&c->subquery, k, v);
	c->position_cutoff = q->position_cutoff;
	c->extra = copy_vec(&q->extra);
	return c;
}

kr_rewrite_db_query *kr_db_query_including(const kr_rewrite_db_query *q,
				   const char *const *tags)
{
	kr_check(q != NULL);
	kr_rewrite_db_query *c = query_copy(q);
	push_tags(&c->include, tags);
	return c;
}

kr_rewrite_db_query *kr_db_query_requiring(const kr_rewrite_db_query *q,
				   const char *const *tags)
{
	kr_check(q != NULL);
	kr_rewrite_db_query *c = query_copy(q);
	push_tags(&c->require, tags);
	return c;
}

kr_rewrite_db_query *kr_db_query_excluding(const kr_rewrite_db_query *q,
				   const char *const *tags)
{
	kr_check(q != NULL);
	kr_rewrite_db_query *c = query_copy(q);
	push_tags(&c->exclude, tags);
	return c;
}

void kr_db_query_set_subquery(kr_rewrite_db_query *q, const char *db_name,
			      kr_rewrite_db_query *sub)
{
	kr_check(q && db_name && sub);
	kri_pmap_put(&q->subquery, kr_sym(db_name), sub);
}

void kr_db_query_set_position_cutoff(kr_rewrite_db_query *q, double cutoff)
{
	kr_check(q != NULL);
	q->position_cutoff = cutoff;
}

int kr_db_query_register(kr_rewrite_db_query *q, kr_graph_rewriter *rw,
			 double position)
{
	static size_t count;
	kr_check(q != NULL && rw != NULL);
	if (!isfinite(position))
		return kr_error_set(KR_EINVALID,
				    "RewriteDatabaseQuery.register: the "
				    "position of %s must be a finite number",
				    kr_graph_rewriter_class_name(rw));
	kri_db_entry *e = kri_alloc(sizeof *e);
	e->name = kr_strfmt("%s_%zu", kr_graph_rewriter_class_name(rw),
			    ++count);
	e->graph = rw;
	e->position = position;
	kr_graph_rewriter_set_name(rw, e->name); /* as PyTensor's query */
	kri_vec_push(&e->tags, kr_sym(e->name));
	kri_vec_push(&q->extra, e);
	return 0;
}

int kr_db_query_parse(kr_rewrite_db_query **out, size_t n,
		      const char *const *strs)
{
	kr_check(out != NULL && (n == 0 || strs != NULL));
	kr_rewrite_db_query *q = kr_db_query_new(NULL, NULL, NULL);
	for (size_t i = 0; i < n; i++) {
		const char *s = strs[i];
		kri_vec *v = *s == '+'   ? &q->include
			     : *s == '&' ? &q->require
			     : *s == '-' ? &q->exclude
					 : NULL;
		if (!v || !s[1])
			return kr_error_set(KR_EINVALID,
					    "bad query element '%s': all tags "
					    "must start with one of the "
					    "following characters: '+', '&' or "
					    "'-'", strs[i]);
		push_tags(v, (const char *const[]){s + 1, NULL});
	}
	*out = q;
	return 0;
}

/* A tag set as PyTensor's OrderedSet repr: OrderedSet(['a', 'b']). */
static void print_tags(kri_buf *b, const char *label, const kri_vec *v)
{
	kri_buf_printf(b, "%s=OrderedSet(%s", label, v->len ? "[" : "");
	for (size_t i = 0; i < v->len; i++)
		kri_buf_printf(b, "%s'%s'", i ? ", " : "",
			       kr_sym_name(v->items[i]));
	kri_buf_puts(b, v->len ? "])" : ")");
}

char *kr_db_query_to_string(const kr_rewrite_db_query *q)
{
	kr_check(q != NULL);
	kri_buf b = {0};
	kri_buf_puts(&b, "RewriteDatabaseQuery(");
	print_tags(&b, "inc", &q->include);
	print_tags(&b, ",ex", &q->exclude);
	print_tags(&b, ",require", &q->require);
	kri_buf_puts(&b, ",subquery={");
	size_t i = 0, n = 0;
	void *k, *v;
	while (kri_pmap_next(&q->subquery, &i, &k, &v))
		kri_buf_printf(&b, "%s'%s': %s", n++ ? ", " : "",
			       kr_sym_name(k), kr_db_query_to_string(v));
	kri_buf_printf(&b, "},position_cutoff=%s,extra_rewrites=[",
		       isinf(q->position_cutoff)
			       ? (q->position_cutoff > 0 ? "inf" : "-inf")
			       : kri_format_double(q->position_cutoff));
	for (size_t j = 0; j < q->extra.len; j++) {
		const kri_db_entry *e = q->extra.items[j];
		kri_buf_printf(&b, "%s(%s, %s)", j ? ", " : "", e->name,
			       kri_format_double(e->position));
	}
	kri_buf_puts(&b, "])");
	return kri_buf_str(&b);
}

/* -------------------------------------------------------------- selection */

static bool has_tag(const kri_db_entry *e, const kr_term *tag)
{
	for (size_t i = 0; i < e->tags.len; i++)
		if (e->tags.items[i] == tag)
			return true;
	return false;
}

static void select_tagged(kri_vec *out, const kr_rewrite_db *db,
			  const kr_rewrite_db_query *q);

/*
 * Keep the entries of a SequenceDB or a LocalGroupDB (a SequenceDB in
 * PyTensor) before q's position cutoff. A cutoff of 0
 * cuts nothing: PyTensor's SequenceDB.query takes the query's cutoff only
 * when it is true as a Python number.
 */
static void cut(kri_vec *v, const kr_rewrite_db *db,
		const kr_rewrite_db_query *q)
{
	double cutoff = q->position_cutoff != 0 ? q->position_cutoff : INFINITY;
	size_t k = 0;
	for (size_t i = 0; i < v->len; i++) {
		const kri_db_entry *e = v->items[i];
		if ((db->kind != DB_SEQUENCE && db->kind != DB_LOCAL_GROUP) ||
		    e->position < cutoff)
			v->items[k++] = v->items[i];
	}
	v->len = k;
}

/*
 * PyTensor's RewriteDatabase.__query__ removes the selected databases
 * from its ordered set and adds their results back, so they come after
 * the other entries. Only an EquilibriumDB keeps that order (the others
 * sort their selection by position); there it is the order the node
 * rewriters are tried in and the graph rewriters run.
 */
static void databases_last(kri_vec *v)
{
	kri_vec subs = {0};
	size_t k = 0;
	for (size_t i = 0; i < v->len; i++) {
		kri_db_entry *e = v->items[i];
		if (e->sub)
			kri_vec_push(&subs, e);
		else
			v->items[k++] = e;
	}
	for (size_t i = 0; i < subs.len; i++)
		v->items[k++] = subs.items[i];
}

/*
 * Union of include tags (in tag order, then registration order), then
 * intersect with every require tag, then drop every exclude tag; in an
 * EquilibriumDB the selected databases go last; a
 * SequenceDB's or LocalGroupDB's selection is then put in running order
 * (position, then name) and cut at the position cutoff.
 */
void kri_db_select_raw(kri_vec *out, const kr_rewrite_db *db,
		       const kr_rewrite_db_query *q)
{
	select_tagged(out, db, q);
	if (db->kind == DB_EQUILIBRIUM)
		databases_last(out);
	if (db->kind == DB_SEQUENCE) /* the query's own rewriters, as PyTensor */
		for (size_t i = 0; i < q->extra.len; i++)
			kri_vec_push(out, q->extra.items[i]);
	if (db->kind == DB_SEQUENCE || db->kind == DB_LOCAL_GROUP)
		kri_db_sort(out);
	cut(out, db, q);
}

static void select_tagged(kri_vec *out, const kr_rewrite_db *db,
			  const kr_rewrite_db_query *q)
{
	kri_pmap seen = {0};
	for (size_t t = 0; t < q->include.len; t++) {
		kri_vec *v = kri_pmap_get(&db->by_tag, q->include.items[t]);
		for (size_t i = 0; v && i < v->len; i++) {
			kri_db_entry *e = v->items[i];
			bool keep = !kri_pmap_has(&seen, e);
			for (size_t r = 0; keep && r < q->require.len; r++)
				keep = has_tag(e, q->require.items[r]);
			for (size_t x = 0; keep && x < q->exclude.len; x++)
				keep = !has_tag(e, q->exclude.items[x]);
			if (keep) {
				kri_pmap_put(&seen, e, e);
				kri_vec_push(out, e);
			}
		}
	}
}

const kr_rewrite_db_query *kri_db_subquery(const kr_rewrite_db_query *q,
					   const char *name)
{
	kr_rewrite_db_query *sq = kri_pmap_get(&q->subquery, kr_sym(name));
	if (sq)
		return sq;
	if (!q->extra.len)
		return q;
	sq = query_copy(q); /* PyTensor: the default subquery drops them */
	kri_vec_clear(&sq->extra);
	return sq;
}

/* A selected sub-database becomes the rewriter its own query builds. */
static int resolve_sub(kri_db_entry **out, const kri_db_entry *e,
		       const kr_rewrite_db_query *q)
{
	kr_db_result r;
	int rc = kr_db_query(&r, e->sub, kri_db_subquery(q, e->name));
	if (rc < 0)
		return rc;
	kri_db_entry *c = kri_alloc(sizeof *c);
	*c = *e;
	c->sub = NULL;
	c->graph = r.graph;
	c->node = r.node;
	if (c->graph)
		kr_graph_rewriter_set_name(c->graph, e->name);
	else
		kr_node_rewriter_set_name(c->node, e->name);
	*out = c;
	return 0;
}

int kri_db_select(kri_vec *out, kr_rewrite_db *db, const kr_rewrite_db_query *q)
{
	kri_vec sel = {0};
	kri_db_select_raw(&sel, db, q);
	for (size_t i = 0; i < sel.len; i++) {
		kri_db_entry *e = sel.items[i];
		if (e->sub) {
			int rc = resolve_sub(&e, e, q);
			if (rc < 0)
				return rc;
		}
		kri_vec_push(out, e);
	}
	return 0;
}

/* -------------------------------------------------------------- builders */

static int build_sequence(kr_db_result *out, kr_rewrite_db *db,
			  const kr_rewrite_db_query *q)
{
	kri_vec sel = {0}, rws = {0};
	int rc = kri_db_select(&sel, db, q);
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < sel.len; i++) {
		kri_db_entry *e = sel.items[i];
		kr_graph_rewriter *g = e->graph;
		if (!g) {
			g = kr_walking_graph_rewriter_new(e->node, KR_IN_TO_OUT,
							  false);
			kr_graph_rewriter_set_name(g, e->name);
		}
		kri_vec_push(&rws, g);
	}
	out->graph = kr_sequential_graph_rewriter_new(
		rws.len, (kr_graph_rewriter *const *)rws.items);
	/* PyTensor's SequenceDB: SequentialGraphRewriter.warn */
	kr_graph_rewriter_set_failure_callback(out->graph, kr_failure_warn,
					       NULL);
	return 0;
}

/* The EquilibriumGraphRewriter of the selected entries of each role. */
static int equilibrium_of(kr_db_result *out, kr_equilibrium_opts *o,
			  const kri_vec *nodes, const kri_vec *graphs,
			  const kri_vec *finals, const kri_vec *cleanups)
{
	o->ngraph_rewriters = graphs->len;
	o->graph_rewriters = (kr_graph_rewriter *const *)graphs->items;
	o->nfinal_rewriters = finals->len;
	o->final_rewriters = (kr_graph_rewriter *const *)finals->items;
	o->ncleanup_rewriters = cleanups->len;
	o->cleanup_rewriters = (kr_graph_rewriter *const *)cleanups->items;
	out->graph = kr_equilibrium_graph_rewriter_new(
		nodes->len, (kr_node_rewriter *const *)nodes->items, o);
	return 0;
}

static int build_equilibrium(kr_db_result *out, kr_rewrite_db *db,
			     const kr_rewrite_db_query *q)
{
	kri_vec sel = {0}, nodes = {0}, graphs = {0}, finals = {0},
		cleanups = {0};
	int rc = kri_db_select(&sel, db, q);
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < sel.len; i++) {
		kri_db_entry *e = sel.items[i];
		kri_vec *v = e->final_rewriter ? &finals
			     : e->cleanup     ? &cleanups
			     : e->node        ? &nodes
					      : &graphs;
		if ((v == &finals || v == &cleanups) && !e->graph)
			return kr_error_set(KR_EINVALID,
					    "EquilibriumDB: final or cleanup "
					    "entry '%s' must be a graph "
					    "rewriter", e->name);
		kri_vec_push(v, e->graph ? (void *)e->graph : (void *)e->node);
	}
	kr_equilibrium_opts o = KR_EQUILIBRIUM_OPTS_INIT;
	o.max_use_ratio = db->max_use_ratio;
	o.ignore_newtrees = db->ignore_newtrees;
	o.tracks_on_change_inputs = db->tracks_on_change_inputs;
	o.failure_callback = kr_failure_warn_inplace;
	return equilibrium_of(out, &o, &nodes, &graphs, &finals, &cleanups);
}

static int build_local_group(kr_db_result *out, kr_rewrite_db *db,
			     const kr_rewrite_db_query *q)
{
	kri_vec sel = {0}, rws = {0};
	int rc = kri_db_select(&sel, db, q);
	if (rc < 0)
		return rc;
	for (size_t i = 0; i < sel.len; i++) {
		kri_db_entry *e = sel.items[i];
		if (!e->node)
			return kr_error_set(KR_EINVALID,
					    "LocalGroupDB: '%s' is a graph "
					    "rewriter, not a node rewriter",
					    e->name);
		kri_vec_push(&rws, e->node);
	}
	out->node = kr_sequential_node_rewriter_new(
		rws.len, (kr_node_rewriter *const *)rws.items);
	return 0;
}

static int build_topo(kr_db_result *out, kr_rewrite_db *db,
		      const kr_rewrite_db_query *q)
{
	kr_db_result inner;
	int rc = kr_db_query(&inner, db->inner, q);
	if (rc < 0)
		return rc;
	if (!inner.node)
		return kr_error_set(KR_EINVALID, "TopoDB: the database it "
						 "walks built a graph "
						 "rewriter, not a node "
						 "rewriter");
	out->graph = kr_walking_graph_rewriter_new(
		inner.node, db->out_to_in ? KR_OUT_TO_IN : KR_IN_TO_OUT,
		db->ignore_newtrees);
	return 0;
}

int kr_db_query(kr_db_result *out, kr_rewrite_db *db, const kr_rewrite_db_query *q)
{
	kr_check(out && db && q);
	out->graph = NULL;
	out->node = NULL;
	switch (db->kind) {
	case DB_SEQUENCE: return build_sequence(out, db, q);
	case DB_EQUILIBRIUM: return build_equilibrium(out, db, q);
	case DB_LOCAL_GROUP: return build_local_group(out, db, q);
	case DB_TOPO: return build_topo(out, db, q);
	case DB_PROXY: return kr_db_query(out, db->inner, q);
	}
	return kr_error_set(KR_EINVALID, "unknown database kind");
}

int kr_db_query_names(const char ***out, size_t *n, kr_rewrite_db *db,
		      const kr_rewrite_db_query *q)
{
	kr_check(out != NULL && n != NULL && db != NULL && q != NULL);
	while (db->kind == DB_PROXY || db->kind == DB_TOPO)
		db = db->inner;
	kri_vec sel = {0};
	kri_db_select_raw(&sel, db, q);
	const char **names = kri_alloc((sel.len + 1) * sizeof *names);
	for (size_t i = 0; i < sel.len; i++)
		names[i] = ((const kri_db_entry *)sel.items[i])->name;
	*out = names;
	*n = sel.len;
	return 0;
}
