/* rewrite.h -- internal structures of the rewrite layer. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_REWRITE_H
#define KRI_REWRITE_H

#include "core/alloc.h"
#include "kanrewrite/rewrite.h"

struct kr_node_rewriter {
	const kr_node_rewriter_class *cls;
	const char *name;
	void *data;
	char *str; /* cached printed form (the reason of its replacements) */
};

struct kr_graph_rewriter {
	const kr_graph_rewriter_class *cls;
	const char *name;
	void *data;
	kr_failure_fn failure;
	void *failure_data;
};

/*
 * A node rewriter's result. The list form holds one entry per output of
 * `node` (NULL allowed); the map form holds (old, new) pairs. Either form
 * may name variables that must be gone afterwards.
 */
struct kr_replacements {
	bool is_list;
	const kr_apply *node;
	kri_vec olds, news, removes;
};

/*
 * A hash table of items with a user equality (constants by type and
 * value, nodes by op and inputs): hash -> chain of entries.
 * kri_intern returns the entry of the item equal to `item` under same,
 * or NULL after inserting item.
 */
typedef struct kri_entry {
	void *item;
	struct kri_entry *next;
} kri_entry;

typedef bool (*kri_same_fn)(const void *a, const void *b);

kri_entry *kri_intern(kri_pmap *table, uint64_t hash, void *item,
		      kri_same_fn same);

/* Constants by PyTensor's Constant.merge_signature: type and value. */
bool kri_same_constant(const void *a, const void *b);

/* Statistics of one rewriter inside an equilibrium run. */
typedef struct kri_rw_stat {
	const char *name;
	double time;
	size_t applied, created;
	bool graph; /* a graph, final or cleanup rewriter */
} kri_rw_stat;

/* One pass of an equilibrium run. */
typedef struct kri_pass {
	double time, graph_time, toposort_time;
	size_t changes, nodes, visited;
	kri_pmap counts; /* name -> count (as pointer-sized integer) */
	kri_vec order;   /* names in first-use order */
	/*
	 * The profiles of the pass's graph rewriters, one per rewriter in
	 * list order (NULL when it gave none): the global and the final
	 * ones as run, a cleanup rewriter's runs of the pass merged into
	 * one (PyTensor's merge_profile).
	 */
	kri_vec global_profs, final_profs, cleanup_profs;
} kri_pass;

/* One sub-rewriter of a SequentialGraphRewriter run. */
typedef struct kri_seq_entry {
	const char *name, *cls;
	size_t index, before, after;
	double time;
	kr_profile *prof;
} kri_seq_entry;

/*
 * A rewrite profile. `kind` selects the fields in use and the print
 * format (PyTensor's print_profile of each rewriter class).
 */
struct kr_profile {
	const char *kind; /* class name */
	const char *name; /* rewriter name, or NULL */
	double time, toposort_time, node_rewriter_time;
	double graph_time, final_time, cleanup_time; /* equilibrium */
	double loop_time, callback_time;            /* walker */
	double replace_time;                        /* merge */
	size_t nodes_start, nodes_end, nodes_max;
	size_t changes;                      /* walker, equilibrium */
	size_t visits;                       /* walker, merge */
	size_t nb_fail, nb_merged, nb_atomic; /* merge */
	kri_vec passes;   /* kri_pass * */
	kri_vec stats;    /* kri_rw_stat *, in rewriter order */
	kri_vec entries;  /* kri_seq_entry *, in rewriter order */
	kri_vec children; /* kr_profile *, in rewriter order */
};

/*
 * True for the reason a failed replacement's revert gives to features
 * (features.h: "Revert"); rewriters' updaters ignore those changes.
 */
bool kri_is_rollback(const char *reason);

/*
 * The add_requirements of each graph rewriter of list, in order, as
 * PyTensor's sequential and equilibrium rewriters call them all before
 * applying any (their apply then calls the sub-rewriters' apply only).
 */
int kri_add_requirements_of(kr_fgraph *fg, const kri_vec *list);

/* Whether rw says it looks beyond its node (kr_node_rewriter_class). */
bool kri_node_rewriter_sees_beyond(const kr_node_rewriter *rw);

/* Attach a ReplaceValidate feature to fg unless it has History. */
int kri_require_history(kr_fgraph *fg);

/* A new, zeroed profile of a rewriter. */
kr_profile *kri_profile_new(const kr_graph_rewriter *rw);

/*
 * PyTensor's NodeProcessingGraphRewriter.process_node: transform node with
 * rw and apply the result (graph unchanged on error). Errors of transform
 * and of the replacement go to self's failure callback; a result of the
 * wrong shape (kr_replacements_apply's checks) is returned as it is, as
 * PyTensor raises it past the callback. Returns 1 (changed), 0, or < 0
 * (error not absorbed).
 */
int kri_process_node(kr_graph_rewriter *self, kr_fgraph *fg, kr_apply *node,
		     kr_node_rewriter *rw);

/*
 * Report an error (the last one) to self's failure callback; returned as
 * it is when there is none or a stop is asked (kr_run_interrupted()).
 */
int kri_report_failure(kr_graph_rewriter *self, int code,
		       kr_graph_rewriter *sub, kr_node_rewriter *nrw,
		       kr_apply *node);

/* The ops a commutative pattern treats as commutative by default. */
bool kri_op_is_commutative(const kr_op *op);

#endif
