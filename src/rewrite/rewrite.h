/* rewrite.h -- internal structures of the rewrite layer. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_REWRITE_H
#define KRI_REWRITE_H

#include <time.h>

#include "core/alloc.h"
#include "kanrewrite/rewrite.h"

struct kr_node_rewriter {
	const kr_node_rewriter_class *cls;
	const char *name;
	void *data;
};

struct kr_graph_rewriter {
	const kr_graph_rewriter_class *cls;
	const char *name;
	void *data;
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

/* Statistics of one rewriter inside an equilibrium run. */
typedef struct kri_rw_stat {
	const char *name;
	double time;
	size_t applied, created;
} kri_rw_stat;

/* One pass of an equilibrium run. */
typedef struct kri_pass {
	double time;
	size_t changes, nodes;
	kri_pmap counts; /* name -> count (as pointer-sized integer) */
	kri_vec order;   /* names in first-use order */
} kri_pass;

/*
 * A rewrite profile. `kind` selects the fields in use and the print
 * format (PyTensor's print_profile of each rewriter class).
 */
struct kr_profile {
	const char *kind; /* class name */
	const char *name; /* rewriter name, or NULL */
	double time, toposort_time, node_rewriter_time;
	size_t nodes_start, nodes_end, nodes_max;
	kri_vec passes; /* kri_pass * */
	kri_vec stats;  /* kri_rw_stat *, in rewriter order */
};

double kri_now(void);

#endif
