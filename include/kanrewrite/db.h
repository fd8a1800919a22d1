/* kanrewrite/db.h -- rewrite databases (optdb) and their queries. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_DB_H
#define KANREWRITE_DB_H

#include "rewrite.h"

/**
 * @file kanrewrite/db.h
 * PyTensor's rewrite databases (pytensor/graph/rewriting/db.py). A
 * database holds rewriters — graph rewriters, node rewriters or other
 * databases — each registered under a name, with tags and (in a
 * SequenceDB) a position. A query selects entries by tag and builds the
 * rewriter that runs them:
 *
 *  - SequenceDB    -> SequentialGraphRewriter, sorted by (position, name)
 *  - EquilibriumDB -> EquilibriumGraphRewriter (final and cleanup entries
 *                     apart)
 *  - LocalGroupDB  -> SequentialNodeRewriter
 *  - TopoDB        -> WalkingGraphRewriter over another database's result
 *  - ProxyDB       -> whatever the database it stands for builds
 *
 * An entry is filed under its name, its class name, each of its tags, and
 * the name of the database it is in (when that database is itself
 * registered), so all of these can be used as tags in a query.
 *
 * As PyTensor's, the SequentialGraphRewriter and EquilibriumGraphRewriter
 * that queries build log a failing rewriter (kr_failure_warn, to stderr;
 * the EquilibriumGraphRewriter's kr_failure_warn_inplace is silent on an
 * in-place change the DestroyHandler refuses) and go on; set another
 * failure callback on the result to change that.
 *
 * Beyond PyTensor: a node rewriter selected into a SequenceDB (registered
 * directly, or what a LocalGroupDB entry builds) runs as a
 * WalkingGraphRewriter in_to_out. PyTensor's SequentialGraphRewriter
 * cannot apply a NodeRewriter and hands the error to its failure
 * callback, which logs it and skips the entry.
 */

/** A rewrite database, as PyTensor's RewriteDatabase (opaque). */
typedef struct kr_rewrite_db kr_rewrite_db;
/** A query of a database, as PyTensor's RewriteDatabaseQuery (opaque). */
typedef struct kr_rewrite_db_query kr_rewrite_db_query;

/** What a query built: exactly one of the two is non-NULL. */
typedef struct kr_db_result {
	kr_graph_rewriter *graph;
	kr_node_rewriter *node;
} kr_db_result;

/** Options of kr_db_register() (libgit2-style options struct). */
typedef struct kr_db_register_opts {
	/** Position in a SequenceDB or a LocalGroupDB (which sort by it);
	 * ignored by other kinds. */
	double position;
	/** Place after every entry registered so far (PyTensor's "last"). */
	bool position_last;
	/** EquilibriumDB: run it as a final rewriter after each pass. */
	bool final_rewriter;
	/** EquilibriumDB: run it as a cleanup rewriter after each change. */
	bool cleanup;
	/** Replace an existing entry of the same name instead of failing. */
	bool overwrite_existing;
	/** Also tag the entry with the name of this database (default). */
	bool use_db_name_as_tag;
} kr_db_register_opts;

/** Defaults: position "last", no flags, use_db_name_as_tag. */
#define KR_DB_REGISTER_OPTS_INIT {0.0, true, false, false, false, true}

/** A NULL-terminated list of tags: `KR_TAGS("fast_run", "stable")`. */
#define KR_TAGS(...) ((const char *const[]){__VA_ARGS__, NULL})

/** The empty list of tags (a query including it selects nothing). */
#define KR_NO_TAGS ((const char *const[]){NULL})

/* --------------------------------------------------------------- databases */

/** A new SequenceDB (PyTensor's SequenceDB). */
kr_rewrite_db *kr_sequence_db_new(void);

/**
 * A new EquilibriumDB. Its queries build an EquilibriumGraphRewriter with
 * this max_use_ratio (PyTensor's config.optdb__max_use_ratio is 8) and the
 * two walking flags of kr_equilibrium_opts.
 */
kr_rewrite_db *kr_equilibrium_db_new(double max_use_ratio,
				     bool ignore_newtrees,
				     bool tracks_on_change_inputs);

/**
 * A new LocalGroupDB: its queries build a SequentialNodeRewriter over the
 * selected node rewriters, sorted like a SequenceDB's entries. As in
 * PyTensor, a graph rewriter may be registered; a query that selects it
 * fails with KR_EINVALID.
 */
kr_rewrite_db *kr_local_group_db_new(void);

/**
 * A TopoDB: its queries build a WalkingGraphRewriter (in_to_out or
 * out_to_in) over the node rewriter that `db` builds for the same query.
 */
kr_rewrite_db *kr_topo_db_new(kr_rewrite_db *db, bool out_to_in,
			      bool ignore_newtrees);

/** A ProxyDB: stands for `db` (so one database can sit at two places). */
kr_rewrite_db *kr_proxy_db_new(kr_rewrite_db *db);

/** Class name of a database ("SequenceDB", "EquilibriumDB", ...). */
const char *kr_rewrite_db_class_name(const kr_rewrite_db *db);

/** The name a database was registered under in another one, or NULL. */
const char *kr_rewrite_db_name(const kr_rewrite_db *db);

/**
 * Register a graph rewriter, node rewriter or database under `name`
 * (exactly one of graph, node, sub is non-NULL); the rewriter's name
 * becomes `name`. Shape: tags is NULL or a NULL-terminated list; opts may
 * be NULL for the defaults.
 * Errors: KR_EEXISTS "The tag 'NAME' is already present in the database."
 * when the name is already a name or a tag (unless overwrite_existing; a
 * tag stays one after the entries that had it were overwritten, as in
 * PyTensor), or "The tag 'T' collides with an existing name." for a tag
 * that is an existing name; KR_EINVALID "`final_rewriter` and `cleanup`
 * cannot both be true." for both flags, KR_EINVALID for either flag
 * outside an EquilibriumDB or a position outside a SequenceDB or
 * LocalGroupDB (PyTensor's TypeError for an unexpected keyword
 * argument), KR_EINVALID for a rewriter kind
 * the database cannot run, for an empty name, "`position` must be
 * numeric; ..." for a non-finite position, or when sub is db or holds it
 * at any depth (a database inside itself, which PyTensor's queries
 * recurse into without end).
 */
int kr_db_register(kr_rewrite_db *db, const char *name,
		   kr_graph_rewriter *graph, kr_node_rewriter *node,
		   kr_rewrite_db *sub, const char *const *tags,
		   const kr_db_register_opts *opts);

/** True when db has an entry of that name. */
bool kr_db_contains(const kr_rewrite_db *db, const char *name);

/** Number of entries of db (not counting those of sub-databases). */
size_t kr_db_size(const kr_rewrite_db *db);

/**
 * Position of the entry `name` in a SequenceDB.
 * Returns: 0 and *out set, KR_ENOTFOUND for an unknown name.
 */
int kr_db_position(double *out, const kr_rewrite_db *db, const char *name);

/**
 * Print the database as PyTensor's print_summary does: its class and
 * id (Python's id(self); here 1, 2, ... in the order databases were
 * made, so that a summary reads the same from run to run); for a
 * SequenceDB or LocalGroupDB its `position [('a', 1), ...]` and
 * `names {'a', ...}` lines (Python's reprs; names sorted); then one
 * line per entry in order with position, class and tags (sub-databases
 * indented). Returns 0 or KR_ERROR on a write error.
 */
int kr_db_print_summary(FILE *f, const kr_rewrite_db *db);

/**
 * Print what query q selects in db, in the order it would run: one line
 * per entry, `POSITION NAME CLASS [TAGS]` (the position only for
 * SequenceDB and LocalGroupDB entries), and under each selected database
 * what the query (or its subquery) selects there, indented.
 * Returns 0 or KR_ERROR on a write error.
 */
int kr_db_print_query(FILE *f, kr_rewrite_db *db,
		      const kr_rewrite_db_query *q);

/* ----------------------------------------------------------------- queries */

/**
 * A query (PyTensor's RewriteDatabaseQuery): entries having any tag of
 * `include`, all tags of `require` and no tag of `exclude`.
 * Shape: each list is NULL or NULL-terminated. Position cutoff: none.
 */
kr_rewrite_db_query *kr_db_query_new(const char *const *include,
			     const char *const *require,
			     const char *const *exclude);

/**
 * Parse PyTensor's string form: each string is "+tag" (include), "&tag"
 * (require) or "-tag" (exclude).
 * Errors: KR_EINVALID naming a string with any other first character (a
 * bare tag included, as in PyTensor) or with no tag after it.
 */
int kr_db_query_parse(kr_rewrite_db_query **out, size_t n, const char *const *strs);

/** A copy of q with more include tags (PyTensor's `including`). */
kr_rewrite_db_query *kr_db_query_including(const kr_rewrite_db_query *q,
				   const char *const *tags);

/** A copy of q with more require tags (`requiring`). */
kr_rewrite_db_query *kr_db_query_requiring(const kr_rewrite_db_query *q,
				   const char *const *tags);

/** A copy of q with more exclude tags (`excluding`). */
kr_rewrite_db_query *kr_db_query_excluding(const kr_rewrite_db_query *q,
				   const char *const *tags);

/** The query used for the sub-database named `db_name` instead of q. */
void kr_db_query_set_subquery(kr_rewrite_db_query *q, const char *db_name,
			      kr_rewrite_db_query *sub);

/**
 * Keep only SequenceDB and LocalGroupDB entries with position < cutoff
 * (default +inf). As in PyTensor, whose SequenceDB.query tests the
 * query's cutoff for truth, a cutoff of 0 keeps every entry.
 */
void kr_db_query_set_position_cutoff(kr_rewrite_db_query *q, double cutoff);

/**
 * Add a rewriter that a SequenceDB queried with q runs at `position`
 * besides its own entries (PyTensor's `RewriteDatabaseQuery.register`,
 * its `extra_rewrites`). The rewriter gets the name `<class>_<n>` (n
 * counts registrations; PyTensor appends the object's id), under which it
 * is sorted with the entries (position, then name) and cut at the
 * position cutoff. Copies made by kr_db_query_including() and its kin
 * keep the extra rewriters; sub-databases queried with q itself (no
 * subquery of their own) do not see them, nor do the other kinds of
 * database. Shape: rw a graph rewriter; position a finite number.
 * Returns: 0. Errors: KR_EINVALID for a position that is NaN or infinite
 * (q unchanged). Cost: O(1).
 */
int kr_db_query_register(kr_rewrite_db_query *q, kr_graph_rewriter *rw,
			 double position);

/**
 * Printed form, laid out as PyTensor 2.32's str() of the query, with the
 * tag sets printed as their contents (PyTensor prints their addresses):
 * `RewriteDatabaseQuery(inc=OrderedSet(['fast_run']),ex=OrderedSet(),`
 * `require=OrderedSet(),subquery={},position_cutoff=inf,extra_rewrites=[])`
 * (one line); a subquery prints as `{'db': RewriteDatabaseQuery(...)}`,
 * an extra rewriter as `(<name>, <position>)`.
 */
char *kr_db_query_to_string(const kr_rewrite_db_query *q);

/**
 * Run a query: the rewriter that applies the selected entries (see the
 * file comment for what each kind of database builds).
 * Errors: KR_EINVALID when a selected entry cannot run in this database
 * kind (e.g. a graph rewriter selected into a LocalGroupDB).
 * Cost: O(entries * tags) plus the sub-databases' queries.
 */
int kr_db_query(kr_db_result *out, kr_rewrite_db *db, const kr_rewrite_db_query *q);

/**
 * The names of the entries a query selects, in the order they would run
 * (sub-databases are listed by their own name). Shape: sets *n.
 * Returns: 0 (never fails); *out is a collected, NULL-terminated array of
 * the *n names.
 */
int kr_db_query_names(const char ***out, size_t *n, kr_rewrite_db *db,
		      const kr_rewrite_db_query *q);

/* ------------------------------------------------------------------- optdb */

/**
 * The default optdb, built on first use: merge1 0, canonicalize 1
 * (EquilibriumDB), dot_distribute and dot_gather 1.1 (EquilibriumDBs,
 * off by default: only a query naming them selects them; they visit the
 * nodes a rewrite makes in the same pass, so that a nested distribution
 * takes two passes, not one per level), specialize 2
 * (EquilibriumDB), merge2 49, add_destroy_handler 49.5 (attaches a
 * DestroyHandler, destroy.h; the in-place rewrites come after it),
 * merge3 100. Its tags are PyTensor's fast_run, fast_compile, merge
 * (the MergeOptimizers) and inplace. Its canonicalize and specialize
 * databases hold the standard rewrites of the op library (most written
 * as relations).
 */
kr_rewrite_db *kr_optdb(void);

/** The EquilibriumDB `canonicalize` of kr_optdb(). */
kr_rewrite_db *kr_optdb_canonicalize(void);

/** The EquilibriumDB `specialize` of kr_optdb(). */
kr_rewrite_db *kr_optdb_specialize(void);

/**
 * Register a relation of arity 2 `rel(in, out)` into db as a
 * KanrenRelationSub (run forward, or backward when reverse).
 * Shape: rel of arity 2 (else API misuse, aborts).
 * Returns as kr_db_register().
 */
int kr_db_register_relation(kr_rewrite_db *db, const char *name,
			    const kr_rel *rel, bool reverse,
			    const char *const *tags,
			    const kr_db_register_opts *opts);

/** Options of kr_rewrite_graph_query (PyTensor's rewrite_graph). */
typedef struct kr_rewrite_graph_opts {
	const char *const *include; /**< default {"canonicalize"} when NULL */
	const char *const *exclude; /**< NULL: none */
	const char *const *require; /**< NULL: none */
	kr_graph_rewriter *custom_rewrite; /**< run after the query, or NULL */
	bool clone;                 /**< rewrite a clone of the graph */
	kr_rewrite_db *db;          /**< NULL: kr_optdb() */
} kr_rewrite_graph_opts;

/** Defaults of kr_rewrite_graph_opts: PyTensor's rewrite_graph(graph). */
#define KR_REWRITE_GRAPH_OPTS_INIT {NULL, NULL, NULL, NULL, false, NULL}

/**
 * PyTensor's rewrite_graph over a database query, on a FunctionGraph
 * rewritten in place: applies db.query(include, exclude, require), then
 * custom_rewrite. A query that builds a node rewriter (a LocalGroupDB's)
 * is applied by a WalkingGraphRewriter in_to_out, as PyTensor's in2out.
 * Returns 0 or the first error.
 */
int kr_rewrite_fgraph_query(kr_fgraph *fg, const kr_rewrite_graph_opts *opts);

/**
 * rewrite_graph on one output variable: builds a FunctionGraph over it
 * (cloned first when opts->clone) and returns the rewritten output.
 * Returns: 0 and *out set, or the error of kr_fgraph_new() or
 * kr_rewrite_fgraph_query() (*out unchanged then).
 */
int kr_rewrite_graph_query(kr_variable **out, kr_variable *graph,
			   const kr_rewrite_graph_opts *opts);

#endif
