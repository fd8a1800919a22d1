/* db.c -- rewrite databases: registration, tags, summaries. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <math.h>

#include "db/db.h"

static kr_rewrite_db *db_new(kri_db_kind kind)
{
	static unsigned long ids;
	kr_rewrite_db *db = kri_alloc(sizeof *db);
	db->id = ++ids;
	db->kind = kind;
	db->max_use_ratio = 8;
	return db;
}

kr_rewrite_db *kr_sequence_db_new(void) { return db_new(DB_SEQUENCE); }

kr_rewrite_db *kr_equilibrium_db_new(double max_use_ratio,
				     bool ignore_newtrees,
				     bool tracks_on_change_inputs)
{
	kr_check(max_use_ratio > 0);
	kr_rewrite_db *db = db_new(DB_EQUILIBRIUM);
	db->max_use_ratio = max_use_ratio;
	db->ignore_newtrees = ignore_newtrees;
	db->tracks_on_change_inputs = tracks_on_change_inputs;
	return db;
}

kr_rewrite_db *kr_local_group_db_new(void) { return db_new(DB_LOCAL_GROUP); }

kr_rewrite_db *kr_topo_db_new(kr_rewrite_db *inner, bool out_to_in,
			      bool ignore_newtrees)
{
	kr_check(inner != NULL);
	kr_rewrite_db *db = db_new(DB_TOPO);
	db->inner = inner;
	db->out_to_in = out_to_in;
	db->ignore_newtrees = ignore_newtrees;
	return db;
}

kr_rewrite_db *kr_proxy_db_new(kr_rewrite_db *inner)
{
	kr_check(inner != NULL);
	kr_rewrite_db *db = db_new(DB_PROXY);
	db->inner = inner;
	return db;
}

const char *kr_rewrite_db_class_name(const kr_rewrite_db *db)
{
	static const char *names[] = {"SequenceDB", "EquilibriumDB",
				      "LocalGroupDB", "TopoDB", "ProxyDB"};
	kr_check(db != NULL);
	return names[db->kind];
}

const char *kr_rewrite_db_name(const kr_rewrite_db *db)
{
	kr_check(db != NULL);
	return db->name;
}

const char *kri_db_entry_class(const kri_db_entry *e)
{
	if (e->sub)
		return kr_rewrite_db_class_name(e->sub);
	if (e->graph)
		return kr_graph_rewriter_class_name(e->graph);
	return kr_node_rewriter_class_name(e->node);
}

/* ------------------------------------------------------------ registration */

static void file_under(kr_rewrite_db *db, kr_term *tag, kri_db_entry *e)
{
	kri_vec *v = kri_pmap_get(&db->by_tag, tag);
	if (!v) {
		v = kri_alloc(sizeof *v);
		kri_pmap_put(&db->by_tag, tag, v);
	}
	for (size_t i = 0; i < v->len; i++)
		if (v->items[i] == e)
			return;
	kri_vec_push(v, e);
	kri_vec_push(&e->tags, tag);
}

/*
 * Take e out of the maps. A tag left without entries stays filed, empty,
 * as PyTensor's DefaultOrderedDict keeps its key: it still collides with
 * a new name after the entry that had it was overwritten.
 */
static void unfile(kr_rewrite_db *db, kri_db_entry *e)
{
	for (size_t t = 0; t < e->tags.len; t++) {
		kri_vec *v = kri_pmap_get(&db->by_tag, e->tags.items[t]);
		size_t k = 0;
		for (size_t i = 0; i < v->len; i++)
			if (v->items[i] != e)
				v->items[k++] = v->items[i];
		v->len = k;
	}
	kri_pmap_del(&db->by_name, kr_sym(e->name));
	size_t k = 0;
	for (size_t i = 0; i < db->entries.len; i++)
		if (db->entries.items[i] != e)
			db->entries.items[k++] = db->entries.items[i];
	db->entries.len = k;
}

/*
 * Can this kind of database hold that kind of object? As PyTensor, a
 * LocalGroupDB accepts any rewriter; a query selecting a graph rewriter
 * there fails (query.c).
 */
static int check_kind(const kr_rewrite_db *db, const char *name,
		      kr_graph_rewriter *graph, kr_node_rewriter *node,
		      kr_rewrite_db *sub)
{
	if ((graph != NULL) + (node != NULL) + (sub != NULL) != 1)
		return kr_error_set(KR_EINVALID, "%s is not a valid rewrite "
						 "type: register exactly one "
						 "rewriter or database", name);
	if (db->kind == DB_TOPO || db->kind == DB_PROXY)
		return kr_error_set(KR_EINVALID, "a %s registers nothing: "
						 "register %s into the database "
						 "it stands for",
				    kr_rewrite_db_class_name(db), name);
	return 0;
}

static double last_position(const kr_rewrite_db *db)
{
	double max = -INFINITY;
	for (size_t i = 0; i < db->entries.len; i++) {
		const kri_db_entry *e = db->entries.items[i];
		max = e->position > max ? e->position : max;
	}
	return db->entries.len ? max + 1 : 0;
}

/* The collision rules of PyTensor's RewriteDatabase.register/add_tags. */
static int check_names(kr_rewrite_db *db, const char *name,
		       const char *const *tags, bool overwrite)
{
	kr_term *n = kr_sym(name);
	if (kri_pmap_has(&db->by_tag, n) && !overwrite)
		return kr_error_set(KR_EEXISTS, "The tag '%s' is already "
						"present in the database.",
				    name);
	for (size_t i = 0; tags && tags[i]; i++) {
		kri_db_entry *other = kri_pmap_get(&db->by_name,
						   kr_sym(tags[i]));
		if ((other && !(overwrite && !strcmp(other->name, name))) ||
		    !strcmp(tags[i], name))
			return kr_error_set(KR_EEXISTS, "The tag '%s' collides "
							"with an existing "
							"name.", tags[i]);
	}
	return 0;
}

static void name_object(kri_db_entry *e)
{
	if (e->graph)
		kr_graph_rewriter_set_name(e->graph, e->name);
	else if (e->node)
		kr_node_rewriter_set_name(e->node, e->name);
	else
		e->sub->name = e->name;
}

/* Whether `target` is `from` or a database nested in it (entries, or a
 * proxy's inner database): registering `from` in `target` would make a
 * cycle that every query and summary would follow without end. */
static bool reaches(kr_rewrite_db *from, const kr_rewrite_db *target)
{
	kri_vec todo = {0};
	kri_pmap seen = {0};
	kri_vec_push(&todo, from);
	while (todo.len > 0) {
		kr_rewrite_db *d = kri_vec_pop(&todo);
		if (d == target)
			return true;
		if (kri_pmap_has(&seen, d))
			continue;
		kri_pmap_put(&seen, d, d);
		if (d->inner)
			kri_vec_push(&todo, d->inner);
		for (size_t i = 0; i < d->entries.len; i++) {
			kri_db_entry *e = d->entries.items[i];
			if (e->sub)
				kri_vec_push(&todo, e->sub);
		}
	}
	return false;
}

int kr_db_register(kr_rewrite_db *db, const char *name,
		   kr_graph_rewriter *graph, kr_node_rewriter *node,
		   kr_rewrite_db *sub, const char *const *tags,
		   const kr_db_register_opts *opts)
{
	static const kr_db_register_opts defaults = KR_DB_REGISTER_OPTS_INIT;
	kr_check(db != NULL && name != NULL);
	const kr_db_register_opts *o = opts ? opts : &defaults;
	if (!*name)
		return kr_error_set(KR_EINVALID, "a rewrite needs a name, not "
						 "the empty string");
	int rc = check_kind(db, name, graph, node, sub);
	if (rc == 0 && (o->final_rewriter || o->cleanup) &&
	    db->kind != DB_EQUILIBRIUM)
		rc = kr_error_set(KR_EINVALID, "%s.register() takes no "
					       "`final_rewriter` or `cleanup`: "
					       "those are an EquilibriumDB's",
				  kr_rewrite_db_class_name(db));
	if (rc == 0 && !o->position_last && db->kind != DB_SEQUENCE &&
	    db->kind != DB_LOCAL_GROUP)
		rc = kr_error_set(KR_EINVALID, "%s.register() takes no "
					       "`position`: a SequenceDB or "
					       "LocalGroupDB orders its "
					       "entries",
				  kr_rewrite_db_class_name(db));
	if (rc == 0 && o->final_rewriter && o->cleanup)
		rc = kr_error_set(KR_EINVALID, "`final_rewriter` and "
					       "`cleanup` cannot both be "
					       "true.");
	if (rc == 0 && !o->position_last && !isfinite(o->position))
		rc = kr_error_set(KR_EINVALID, "`position` must be numeric; "
					       "got %g", o->position);
	if (rc == 0)
		rc = check_names(db, name, tags, o->overwrite_existing);
	if (rc == 0 && sub && reaches(sub, db))
		rc = kr_error_set(KR_EINVALID, "registering '%s' here would "
					       "put the database inside "
					       "itself",
				  name);
	if (rc < 0)
		return rc;
	kri_db_entry *old = kri_pmap_get(&db->by_name, kr_sym(name));
	if (old)
		unfile(db, old);
	kri_db_entry *e = kri_alloc(sizeof *e);
	e->name = kr_strdup(name);
	e->graph = graph, e->node = node, e->sub = sub;
	e->position = o->position_last ? last_position(db) : o->position;
	e->final_rewriter = o->final_rewriter;
	e->cleanup = o->cleanup;
	e->order = db->next_order++;
	name_object(e);
	kri_vec_push(&db->entries, e);
	kri_pmap_put(&db->by_name, kr_sym(name), e);
	file_under(db, kr_sym(name), e);
	file_under(db, kr_sym(kri_db_entry_class(e)), e);
	for (size_t i = 0; tags && tags[i]; i++)
		file_under(db, kr_sym(tags[i]), e);
	if (o->use_db_name_as_tag && db->name)
		file_under(db, kr_sym(db->name), e);
	return 0;
}

bool kr_db_contains(const kr_rewrite_db *db, const char *name)
{
	kr_check(db != NULL && name != NULL);
	return kri_pmap_has(&db->by_name, kr_sym(name));
}

size_t kr_db_size(const kr_rewrite_db *db)
{
	kr_check(db != NULL);
	return db->entries.len;
}

int kr_db_position(double *out, const kr_rewrite_db *db, const char *name)
{
	kr_check(out != NULL && db != NULL && name != NULL);
	kri_db_entry *e = kri_pmap_get(&db->by_name, kr_sym(name));
	if (!e)
		return kr_error_set(KR_ENOTFOUND, "no entry '%s' in the "
						  "database", name);
	*out = e->position;
	return 0;
}

/* ----------------------------------------------------------------- summary */

static int entry_cmp(const void *a, const void *b)
{
	const kri_db_entry *x = *(kri_db_entry *const *)a,
			   *y = *(kri_db_entry *const *)b;
	if (x->position != y->position)
		return x->position < y->position ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Entries sorted as a SequenceDB runs them (position, then name). */
void kri_db_sort(kri_vec *v)
{
	if (v->len > 1)
		qsort(v->items, v->len, sizeof *v->items, entry_cmp);
}

static void print_entry(FILE *f, const kr_rewrite_db *db,
			const kri_db_entry *e, int depth)
{
	fprintf(f, "%*s", depth * 2, "");
	if (db->kind == DB_SEQUENCE || db->kind == DB_LOCAL_GROUP)
		fprintf(f, "%g ", e->position);
	const char *cls = kri_db_entry_class(e);
	fprintf(f, "%s %s [", e->name, cls);
	bool first = true;
	for (size_t t = 0; t < e->tags.len; t++) {
		const char *tag = kr_sym_name(e->tags.items[t]);
		if (!strcmp(tag, e->name) || !strcmp(tag, cls))
			continue;
		fprintf(f, "%s%s", first ? "" : " ", tag);
		first = false;
	}
	fprintf(f, "]%s%s\n", e->final_rewriter ? " final" : "",
		e->cleanup ? " cleanup" : "");
}

/*
 * A SequenceDB's `position` and `names` lines, as its print_summary
 * writes them with Python's reprs: `[('a', 1), ('b', 2.5)]` by position,
 * `{'a', 'b'}` (sorted here, a set's order being arbitrary there).
 */
static void positions_and_names(FILE *f, const kri_vec *sorted, int depth)
{
	fprintf(f, "%*sposition [", depth * 2, "");
	for (size_t i = 0; i < sorted->len; i++) {
		const kri_db_entry *e = sorted->items[i];
		double p = e->position;
		fprintf(f, "%s('%s', ", i ? ", " : "", e->name);
		char buf[40];
		int digits = 15; /* the shortest %g that reads back */
		do
			snprintf(buf, sizeof buf, "%.*g", digits, p);
		while (strtod(buf, NULL) != p && ++digits <= 17);
		fprintf(f, "%s)", p == floor(p) && fabs(p) < 1e15
					  ? kr_strfmt("%.0f", p) : buf);
	}
	fprintf(f, "]\n%*snames ", depth * 2, "");
	kri_vec names = *sorted;
	names.items = kri_alloc((names.len + 1) * sizeof *names.items);
	for (size_t i = 0; i < names.len; i++)
		names.items[i] = (void *)((const kri_db_entry *)
					  sorted->items[i])->name;
	for (size_t i = 1; i < names.len; i++) /* insertion sort by name */
		for (size_t j = i; j > 0 && strcmp(names.items[j - 1],
						   names.items[j]) > 0; j--) {
			void *t = names.items[j];
			names.items[j] = names.items[j - 1];
			names.items[j - 1] = t;
		}
	if (!names.len)
		fputs("set()", f);
	for (size_t i = 0; i < names.len; i++)
		fprintf(f, "%s'%s'%s", i ? ", " : "{", (char *)names.items[i],
			i + 1 == names.len ? "}" : "");
	fputc('\n', f);
}

static void summary(FILE *f, const kr_rewrite_db *db, int depth)
{
	fprintf(f, "%*s%s (id %lu)\n", depth * 2, "",
		kr_rewrite_db_class_name(db), db->id);
	if (db->inner) {
		summary(f, db->inner, depth + 1);
		return;
	}
	kri_vec v = db->entries;
	v.items = kri_alloc((v.len + 1) * sizeof *v.items);
	if (v.len)
		memcpy(v.items, db->entries.items, v.len * sizeof *v.items);
	if (db->kind == DB_SEQUENCE || db->kind == DB_LOCAL_GROUP) {
		kri_db_sort(&v);
		positions_and_names(f, &v, depth + 1);
	}
	for (size_t i = 0; i < v.len; i++) {
		const kri_db_entry *e = v.items[i];
		print_entry(f, db, e, depth + 1);
		if (e->sub)
			summary(f, e->sub, depth + 2);
	}
}

static void print_selection(FILE *f, kr_rewrite_db *db,
			    const kr_rewrite_db_query *q, int depth)
{
	while (db->inner)
		db = db->inner;
	kri_vec sel = {0};
	kri_db_select_raw(&sel, db, q);
	for (size_t i = 0; i < sel.len; i++) {
		const kri_db_entry *e = sel.items[i];
		print_entry(f, db, e, depth);
		if (e->sub)
			print_selection(f, e->sub,
					kri_db_subquery(q, e->name), depth + 1);
	}
}

int kr_db_print_query(FILE *f, kr_rewrite_db *db,
		      const kr_rewrite_db_query *q)
{
	kr_check(f && db && q);
	print_selection(f, db, q, 0);
	return ferror(f) ? kr_error_set(KR_ERROR, "cannot write a query")
			 : 0;
}

int kr_db_print_summary(FILE *f, const kr_rewrite_db *db)
{
	kr_check(f != NULL && db != NULL);
	summary(f, db, 0);
	return ferror(f) ? kr_error_set(KR_ERROR, "cannot write a summary")
			 : 0;
}
