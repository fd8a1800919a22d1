/* db.h -- internal structures of the rewrite databases. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_DB_H
#define KRI_DB_H

#include "core/alloc.h"
#include "kanrewrite/db.h"

typedef enum { DB_SEQUENCE, DB_EQUILIBRIUM, DB_LOCAL_GROUP, DB_TOPO, DB_PROXY }
	kri_db_kind;

/*
 * An entry of a database. Exactly one of graph, node, sub is set. `order`
 * is the registration order, which is the order of query results before
 * a SequenceDB sorts them.
 */
typedef struct kri_db_entry {
	const char *name;
	kr_graph_rewriter *graph;
	kr_node_rewriter *node;
	kr_rewrite_db *sub;
	kri_vec tags; /* the tag symbols it is filed under, own name first */
	double position;
	bool final_rewriter, cleanup;
	size_t order;
} kri_db_entry;

/*
 * A database. Tags and names are interned symbols (kr_sym), so the maps
 * are keyed by pointer: `by_tag` maps a tag to a kri_vec of entries in
 * registration order, `by_name` a name to its entry.
 */
struct kr_rewrite_db {
	kri_db_kind kind;
	const char *name;
	kri_vec entries;
	kri_pmap by_tag, by_name;
	size_t next_order;
	double max_use_ratio;
	bool ignore_newtrees, tracks_on_change_inputs, out_to_in;
	kr_rewrite_db *inner;
	unsigned long id; /* 1, 2, ... in creation order: Python's id() */
};

struct kr_rewrite_db_query {
	kri_vec include, require, exclude; /* tag symbols */
	kri_pmap subquery;                 /* db name symbol -> query */
	double position_cutoff;
	kri_vec extra; /* kri_db_entry * made by kr_db_query_register() */
};

/*
 * The entries q selects in db, in running order (sorted and cut at the
 * position cutoff for a SequenceDB), sub-databases left as they are.
 */
void kri_db_select_raw(kri_vec *out, const kr_rewrite_db *db,
		       const kr_rewrite_db_query *q);

/* The query q uses for the sub-database `name`. */
const kr_rewrite_db_query *kri_db_subquery(const kr_rewrite_db_query *q,
					   const char *name);

/* The entries q selects in db, sub-databases already queried. */
int kri_db_select(kri_vec *out, kr_rewrite_db *db, const kr_rewrite_db_query *q);

/* Sort entries as a SequenceDB runs them: by position, then name. */
void kri_db_sort(kri_vec *v);

/* Class name of the entry's object. */
const char *kri_db_entry_class(const kri_db_entry *e);

#endif
