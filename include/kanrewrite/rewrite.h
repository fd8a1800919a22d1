/* kanrewrite/rewrite.h -- node rewriters, graph rewriters, KanrenRelationSub. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_REWRITE_H
#define KANREWRITE_REWRITE_H

#include <stdio.h>

#include "fgraph.h"
#include "goal.h"

/**
 * @file kanrewrite/rewrite.h
 * PyTensor's rewriting toolbox. A node rewriter (NodeRewriter) looks at one
 * Apply node and proposes replacements for its outputs; a graph rewriter
 * (GraphRewriter) transforms a whole FunctionGraph, usually by walking it
 * and applying node rewriters. Both are small vtables that users implement
 * in C. KanrenRelationSub turns a miniKanren relation into a node rewriter,
 * so that one relation rewrites in both directions.
 */

typedef struct kr_node_rewriter kr_node_rewriter;
typedef struct kr_graph_rewriter kr_graph_rewriter;
typedef struct kr_replacements kr_replacements;
typedef struct kr_profile kr_profile;

/* ------------------------------------------------------------ replacements */

/**
 * The list form of a node rewriter's result (PyTensor's list return): one
 * new variable per output of `node`, NULL for an output without clients.
 * The length is checked when the replacements are applied.
 */
kr_replacements *kr_replacements_for_outputs(const kr_apply *node, size_t n,
					     kr_variable *const *new_outputs);

/**
 * An empty map form (PyTensor's dict return): add pairs with
 * kr_replacements_add() and variables that must disappear with
 * kr_replacements_remove().
 */
kr_replacements *kr_replacements_new(void);

/** Add old_var -> new_var to a map-form result. */
void kr_replacements_add(kr_replacements *r, kr_variable *old_var,
			 kr_variable *new_var);

/** Require that var is no longer in the graph after the replacement. */
void kr_replacements_remove(kr_replacements *r, kr_variable *var);

/* ------------------------------------------------------------ node rewriters */

/** The vtable of a node rewriter class (PyTensor's NodeRewriter). */
typedef struct kr_node_rewriter_class {
	/** Class name, as PyTensor prints it ("KanrenRelationSub"). */
	const char *name;
	/**
	 * Look at node in fg. Returns 0 with *out NULL for "no change",
	 * 0 with *out set for a change, or a negative code with
	 * kr_error_set() for a failure (reported through the graph
	 * rewriter's failure callback).
	 */
	int (*transform)(kr_node_rewriter *self, kr_fgraph *fg, kr_apply *node,
			 kr_replacements **out);
	/**
	 * The ops this rewriter applies to (PyTensor's `tracks`), or NULL
	 * (the default) for every node. Shape: sets *n and returns an array
	 * of ops owned by the rewriter.
	 */
	kr_op *const *(*tracks)(const kr_node_rewriter *self, size_t *n);
	/** Printed form (default: the rewriter's name). */
	char *(*to_string)(const kr_node_rewriter *self);
} kr_node_rewriter_class;

/**
 * A node rewriter of class cls with private data.
 * Shape: name may be NULL (the class name is used).
 */
kr_node_rewriter *kr_node_rewriter_new(const kr_node_rewriter_class *cls,
				       const char *name, void *data);

/** The data given to kr_node_rewriter_new(). */
void *kr_node_rewriter_data(const kr_node_rewriter *rw);

/** Name of a node rewriter. */
const char *kr_node_rewriter_name(const kr_node_rewriter *rw);

/** Printed form of a node rewriter (PyTensor's str()). */
char *kr_node_rewriter_to_string(const kr_node_rewriter *rw);

/**
 * Call the rewriter's transform. Returns as the class's transform.
 * A rewriter whose `tracks` do not include node's op is not called
 * (0, *out NULL).
 */
int kr_node_rewriter_transform(kr_node_rewriter *rw, kr_fgraph *fg,
			       kr_apply *node, kr_replacements **out);

/**
 * Apply a node rewriter's result to fg (PyTensor's process_node after
 * transform): checks the list length and that NULL entries stand for
 * outputs without clients, drops pairs whose new variable is the old one,
 * replaces, then checks that every variable marked for removal is gone.
 * Returns: 1 when the graph changed, 0 when nothing was to be done, or a
 * negative code (KR_EINVALID with a message naming the rewriter and node).
 */
int kr_replacements_apply(kr_fgraph *fg, kr_apply *node,
			  const kr_replacements *r, const char *reason);

/* --------------------------------------------------------- KanrenRelationSub */

/**
 * PyTensor's KanrenRelationSub: a node rewriter from a relation of arity 2
 * `rel(in, out)`. For a node, its (single) output is etuplized lazily, the
 * goal `rel(output, q)` is run for a fresh q, and the first answer
 * (PyTensor's default results filter) is evaluated into graph nodes and
 * returned as the replacement. An answer that still holds logic variables,
 * that cannot be evaluated, or that is the output itself is no rewrite.
 * With `reverse`, the relation is run with its arguments swapped
 * (`rel(q, output)`), which is how one relation rewrites both ways.
 * Errors of transform: KR_ELIMIT when the run takes more than the step
 * limit (kr_kanren_relation_sub_set_step_limit; default 10^7 suspensions)
 * without an answer, so a divergent relation cannot hang a rewrite.
 */
kr_node_rewriter *kr_kanren_relation_sub_new(const kr_rel *rel, bool reverse);

/** Set the step limit of a KanrenRelationSub's runs (0: no limit). */
void kr_kanren_relation_sub_set_step_limit(kr_node_rewriter *rw,
					   uint64_t steps);

/* ------------------------------------------------------------ graph rewriters */

/** The vtable of a graph rewriter class (PyTensor's GraphRewriter). */
typedef struct kr_graph_rewriter_class {
	/** Class name ("EquilibriumGraphRewriter"). */
	const char *name;
	/** Attach the features apply needs (may be NULL). Returns 0 or < 0. */
	int (*add_requirements)(kr_graph_rewriter *self, kr_fgraph *fg);
	/**
	 * Rewrite fg in place. Returns 0 or a negative code with a message;
	 * sets *profile (may be left NULL) when profile is non-NULL.
	 */
	int (*apply)(kr_graph_rewriter *self, kr_fgraph *fg,
		     kr_profile **profile);
} kr_graph_rewriter_class;

/** A graph rewriter of class cls with private data. */
kr_graph_rewriter *kr_graph_rewriter_new(const kr_graph_rewriter_class *cls,
					 const char *name, void *data);

/** The data given to kr_graph_rewriter_new(). */
void *kr_graph_rewriter_data(const kr_graph_rewriter *rw);

/** Name of a graph rewriter. */
const char *kr_graph_rewriter_name(const kr_graph_rewriter *rw);

/**
 * PyTensor's GraphRewriter.rewrite: add_requirements, then apply.
 * Shape: profile may be NULL. Returns: 0 or the negative code of the
 * failing step (message in kr_error_last()).
 */
int kr_graph_rewriter_rewrite(kr_graph_rewriter *rw, kr_fgraph *fg,
			      kr_profile **profile);

/** Options of an EquilibriumGraphRewriter (libgit2-style options struct). */
typedef struct kr_equilibrium_opts {
	/**
	 * Stop when a rewriter has been applied more than max_use_ratio times
	 * the largest node count seen (PyTensor's max_use_ratio; required,
	 * > 0). The rewrite then fails with KR_ELIMIT and a message naming the
	 * rewriter, never loops forever.
	 */
	double max_use_ratio;
	/** Do not queue nodes created by a rewrite in the same pass. */
	bool ignore_newtrees;
	/** Queue again nodes whose inputs changed in the same pass. */
	bool tracks_on_change_inputs;
} kr_equilibrium_opts;

/**
 * Defaults: max_use_ratio 10, new nodes and nodes whose inputs changed are
 * revisited in the same pass. PyTensor's defaults (ignore_newtrees true,
 * tracks_on_change_inputs false) reach the same fixed point but need one
 * pass per nesting level of a rewrite such as dot distribution.
 */
#define KR_EQUILIBRIUM_OPTS_INIT {10.0, false, true}

/**
 * PyTensor's EquilibriumGraphRewriter over node rewriters: passes over the
 * graph, outputs first, trying every rewriter (those whose `tracks` match)
 * on every live node, until a pass changes nothing.
 * Shape: n node rewriters; opts may be NULL for the defaults.
 * Cost per pass: O(nodes * rewriters) transform calls.
 */
kr_graph_rewriter *kr_equilibrium_graph_rewriter_new(
	size_t n, kr_node_rewriter *const *rewriters,
	const kr_equilibrium_opts *opts);

/* ------------------------------------------------------------------ profiles */

/**
 * Print a profile in PyTensor's format for its rewriter class.
 * Returns: 0 or KR_ERROR on a write error.
 */
int kr_profile_print(FILE *f, const kr_profile *p);

/** Number of passes of an equilibrium profile (0 for other profiles). */
size_t kr_profile_passes(const kr_profile *p);

/** Apply node counts at start and end of the rewrite. */
void kr_profile_nodes(const kr_profile *p, size_t *start, size_t *end);

/* --------------------------------------------------------------- utilities */

/**
 * PyTensor's rewrite_graph for one output variable: builds a FunctionGraph
 * over `graph` (cloned first when clone is true), applies custom_rewrite
 * and returns the rewritten output in *out.
 * Returns: 0, or the error of the graph construction or of the rewrite.
 */
int kr_rewrite_graph(kr_variable **out, kr_variable *graph,
		     kr_graph_rewriter *custom_rewrite, bool clone);

/** As kr_rewrite_graph, on a FunctionGraph rewritten in place. */
int kr_rewrite_fgraph(kr_fgraph *fg, kr_graph_rewriter *custom_rewrite);

#endif
