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

/** A NodeRewriter, as PyTensor's (opaque). */
typedef struct kr_node_rewriter kr_node_rewriter;
/** A GraphRewriter, as PyTensor's (opaque). */
typedef struct kr_graph_rewriter kr_graph_rewriter;
/** What a node rewriter returns: its replacements (opaque). */
typedef struct kr_replacements kr_replacements;
/** A rewriter's profile, as PyTensor's profile tuples (opaque). */
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

/**
 * Add old_var -> new_var to a map-form result. Shape: r from
 * kr_replacements_new() (a list form is API misuse, aborts).
 */
void kr_replacements_add(kr_replacements *r, kr_variable *old_var,
			 kr_variable *new_var);

/** Require that var is no longer in the graph after the replacement. */
void kr_replacements_remove(kr_replacements *r, kr_variable *var);

/**
 * Reading a result back (for callers of kr_node_rewriter_transform(), as
 * PyTensor's tests look at the list or dict a transform returns).
 * kr_replacements_is_list: true for the list form. kr_replacements_count:
 * its new variables (list form: one per output) or pairs (map form).
 * kr_replacements_new_var: the i-th new variable (NULL for an output
 * without replacement). kr_replacements_old_var: the i-th replaced
 * variable of a map form, the node's i-th output for a list form (NULL
 * past the node's outputs, for a list of the wrong length).
 * kr_replacements_nremoves / kr_replacements_removed: the variables that
 * must disappear. An i out of range is a misuse (abort).
 * Errors: none. Cost: O(1) each.
 */
bool kr_replacements_is_list(const kr_replacements *r);
size_t kr_replacements_count(const kr_replacements *r);
kr_variable *kr_replacements_new_var(const kr_replacements *r, size_t i);
kr_variable *kr_replacements_old_var(const kr_replacements *r, size_t i);
size_t kr_replacements_nremoves(const kr_replacements *r);
kr_variable *kr_replacements_removed(const kr_replacements *r, size_t i);

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
	/**
	 * The op whose nodes an OpKeyGraphRewriter hands to this rewriter
	 * (PyTensor's `op_key()`), or NULL (the default) when the class has
	 * none.
	 */
	kr_op *(*op_key)(const kr_node_rewriter *self);
	/**
	 * Whether transform may look further than the node's subgraph and
	 * the clients of its variables (at a client's other inputs, say,
	 * or at clients of clients), or NULL (the default) for no. Every
	 * pass of an EquilibriumGraphRewriter that holds such a rewriter
	 * tries every node, as each of PyTensor's passes does (see
	 * kr_equilibrium_graph_rewriter_new()).
	 */
	bool (*sees_beyond)(const kr_node_rewriter *self);
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
 * Rename a node rewriter (as RewriteDatabase.register sets `name`). name is
 * copied and not NULL (asserted).
 */
void kr_node_rewriter_set_name(kr_node_rewriter *rw, const char *name);

/** Class name of a node rewriter ("PatternNodeRewriter"). */
const char *kr_node_rewriter_class_name(const kr_node_rewriter *rw);

/**
 * The ops rw tracks (PyTensor's `tracks()`).
 * @param[out] n the number of ops (0 with NULL returned: every node).
 * Returns: a borrowed array, or NULL when rw applies to every node.
 */
kr_op *const *kr_node_rewriter_tracks(const kr_node_rewriter *rw, size_t *n);

/**
 * The op key of rw (PyTensor's `op_key()`): the tracked op of a
 * SubstitutionNodeRewriter (op1), a RemovalNodeRewriter or a
 * PatternNodeRewriter (the op of in_pattern); NULL for a class without
 * one. Errors: none. Cost: O(1).
 */
kr_op *kr_node_rewriter_op_key(const kr_node_rewriter *rw);

/** The function of a function-based node rewriter (see below). */
typedef int (*kr_node_rewriter_fn)(kr_fgraph *fg, kr_apply *node,
				   kr_replacements **out, void *data);

/**
 * A node rewriter from a function, as PyTensor's `@node_rewriter(tracks)`
 * decorator (FromFunctionNodeRewriter): fn is only called on nodes whose op
 * is one of the ntracks ops (ntracks 0: every node). fn may read
 * anything (other nodes, state of its own), so every pass of an
 * equilibrium rewriter holding it tries every node, as PyTensor's passes
 * do (kr_node_rewriter_class.sees_beyond).
 * Shape: name (copied) is what the rewriter prints as; tracks is copied.
 * Returns: the rewriter. Errors: none; aborts on OOM.
 */
kr_node_rewriter *kr_node_rewriter_from_fn(const char *name,
					   kr_node_rewriter_fn fn, void *data,
					   size_t ntracks,
					   kr_op *const *tracks);

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
 * replaces, validates (kr_fgraph_validate()), then checks that every
 * variable marked for removal is gone, as PyTensor's
 * replace_all_validate_remove.
 * Returns: 1 when the graph changed, 0 when nothing was to be done (no
 * pair left; the removals are then not checked), or a negative code:
 * KR_EINVALID for a list of the wrong length or a NULL entry for a used
 * output, with a message naming the rewriter (`reason`); or the code of
 * the failed replacement or validation. On error every change
 * is rolled back: the graph is as before.
 * `reason` (the rewriter's name) also goes to the features with each
 * change. A graph with neither History nor ReplaceValidate gets a
 * ReplaceValidate attached (and kept) before the replacement, for the
 * rollback. node may be NULL for a map form.
 */
int kr_replacements_apply(kr_fgraph *fg, kr_apply *node,
			  const kr_replacements *r, const char *reason);

/* --------------------------------------------------------- KanrenRelationSub */

/**
 * PyTensor's KanrenRelationSub: a node rewriter from a relation of arity 2
 * `rel(in, out)`. For a node, its (single) output is etuplized lazily, the
 * goal `rel(output, q)` is run for a fresh q, and the first answer
 * (PyTensor's default results filter) is evaluated into graph nodes and
 * returned as the replacement (a list, one variable per output; for a
 * node of several outputs the answer is a list of as many). An answer
 * that evaluates to the node's own outputs is returned as it is, as
 * PyTensor returns it, and applying it changes nothing (identical pairs
 * are dropped). An answer Python reads as false (0, 0.0, the empty list,
 * etuple or string, `#f`) is no rewrite, as PyTensor's `if chosen_res`.
 * With `reverse`, the relation is run with its arguments swapped
 * (`rel(q, output)`), which is how one relation rewrites both ways.
 * Errors of transform: KR_EINVALID, naming the rewriter and the answer,
 * when the chosen answer cannot be evaluated into graphs (it still holds
 * logic variables, a list of the wrong length, an op that refuses its
 * inputs), as PyTensor's transform raises then (the walker hands it to
 * its failure_callback); KR_ELIMIT when the run takes more than the step
 * limit (kr_kanren_relation_sub_set_step_limit; default 10^7 suspensions)
 * without an answer, so a divergent relation cannot hang a rewrite.
 * Shape: rel of arity 2 (asserted).
 */
kr_node_rewriter *kr_kanren_relation_sub_new(const kr_rel *rel, bool reverse);

/**
 * Set the step limit of a KanrenRelationSub's runs (0: no limit).
 * Shape: rw made by kr_kanren_relation_sub_new() (asserted).
 */
void kr_kanren_relation_sub_set_step_limit(kr_node_rewriter *rw,
					   uint64_t steps);

/**
 * PyTensor's node_filter: called with each node before its run. Returns
 * 1 to run the relation on it, 0 to skip it (no rewrite, no run), or a
 * negative KR_E* code with the error set, which is the transform's error
 * (as an exception of PyTensor's node_filter).
 */
typedef int (*kr_node_filter_fn)(const kr_apply *node, void *data);

/** The lazy stream of a KanrenRelationSub's answers for one node. */
typedef struct kr_answers kr_answers;

/**
 * The next answer of the stream: q walked through the answer's
 * substitution (a term that may still hold logic variables; a ground one
 * evaluates into the replacement). Cost: the search up to that answer.
 * Returns: 0 and *out set; KR_EOF when there is no other answer;
 * KR_ELIMIT (message naming the relation and the node) when the step
 * limit is reached first.
 */
int kr_answers_next(kr_term **out, kr_answers *answers);

/**
 * PyTensor's results_filter: choose the replacement term among the
 * answers, pulled lazily with kr_answers_next(). Store the chosen term in
 * *chosen (NULL: no rewrite) and return 0, or return a negative code
 * (e.g. one from kr_answers_next()), which is the transform's error.
 * The default is PyTensor's: the first answer.
 */
typedef int (*kr_results_filter_fn)(kr_term **chosen, kr_answers *answers,
				    void *data);

/**
 * Set a KanrenRelationSub's node filter and results filter (NULL: every
 * node; the first answer), as PyTensor's
 * `KanrenRelationSub(relation, results_filter, node_filter)`. `data` is
 * passed to both. Shape: rw made by kr_kanren_relation_sub_new()
 * (asserted). Errors: none; a filter's error is the transform's.
 */
void kr_kanren_relation_sub_set_filters(kr_node_rewriter *rw,
					kr_node_filter_fn node_filter,
					kr_results_filter_fn results_filter,
					void *data);

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

/**
 * A graph rewriter of class cls with private data. Shape: cls->name and
 * cls->apply set (asserted); name copied, may be NULL (printed `None`).
 * Errors: none; aborts on OOM.
 */
kr_graph_rewriter *kr_graph_rewriter_new(const kr_graph_rewriter_class *cls,
					 const char *name, void *data);

/** The data given to kr_graph_rewriter_new(). */
void *kr_graph_rewriter_data(const kr_graph_rewriter *rw);

/** Name of a graph rewriter, or NULL (PyTensor prints `None`). */
const char *kr_graph_rewriter_name(const kr_graph_rewriter *rw);

/** Rename a graph rewriter (copied; NULL clears the name). */
void kr_graph_rewriter_set_name(kr_graph_rewriter *rw, const char *name);

/** Class name of a graph rewriter ("WalkingGraphRewriter"). */
const char *kr_graph_rewriter_class_name(const kr_graph_rewriter *rw);

/**
 * PyTensor's GraphRewriter.rewrite: add_requirements, then apply.
 * Shape: profile may be NULL. Returns: 0 or the negative code of the
 * failing step (message in kr_error_last()).
 */
int kr_graph_rewriter_rewrite(kr_graph_rewriter *rw, kr_fgraph *fg,
			      kr_profile **profile);

/** The function of a function-based graph rewriter. */
typedef int (*kr_graph_rewriter_fn)(kr_fgraph *fg, void *data);

/**
 * A graph rewriter from a function, as PyTensor's `@graph_rewriter`
 * decorator (FromFunctionGraphRewriter). Its profile records the node
 * counts before and after and the time.
 * Returns: the rewriter (named `name`, may be NULL).
 */
kr_graph_rewriter *kr_graph_rewriter_from_fn(const char *name,
					     kr_graph_rewriter_fn fn,
					     void *data);

/**
 * A graph rewriter from a function that makes in-place changes, as
 * PyTensor's `@inplace_graph_rewriter` decorator: kr_graph_rewriter_from_fn()
 * whose add_requirements attaches a DestroyHandler (kr_destroy_handler_new()
 * of destroy.h; nothing when one is there already), so that every
 * replacement it validates is checked for in-place safety.
 * Returns: the rewriter (class FromFunctionGraphRewriter, named `name`,
 * may be NULL). Errors: none; aborts on OOM. Its rewrite fails with the
 * DestroyHandler's attach error (KR_EINVALID when the handler would
 * follow a second graph: never for the fresh one made each time).
 */
kr_graph_rewriter *kr_inplace_graph_rewriter(const char *name,
					     kr_graph_rewriter_fn fn,
					     void *data);

/* ---------------------------------------------------------- failures */

/**
 * What a failure callback is told, as the arguments of PyTensor's
 * `failure_callback(exc, rewriter, replacements, node_rewriter, node)`.
 * Pointers are borrowed for the duration of the call.
 */
typedef struct kr_failure {
	int code;                   /**< the error code (< 0) */
	const char *message;        /**< the error message */
	kr_graph_rewriter *rewriter; /**< the graph rewriter reporting it */
	/** SequentialGraphRewriter: the sub-rewriter that failed, or NULL. */
	kr_graph_rewriter *sub;
	/** Node processing: the node rewriter that failed, or NULL. */
	kr_node_rewriter *node_rewriter;
	/** Node processing: the node it was applied to, or NULL. */
	kr_apply *node;
} kr_failure;

/**
 * A failure callback: return 0 to go on (the failed step leaves the graph
 * unchanged), or a negative code to stop the rewrite with that code.
 * Node processing calls it for the errors of a node rewriter's transform
 * and of the replacement (validation, a removal that did not happen);
 * a result of the wrong shape (wrong number of replacements, none for a
 * used output) stops the rewrite without it, as PyTensor's process_node
 * raises those ValueErrors outside its try.
 */
typedef int (*kr_failure_fn)(const kr_failure *f, void *data);

/**
 * Set the failure callback of a WalkingGraphRewriter,
 * EquilibriumGraphRewriter or SequentialGraphRewriter (PyTensor's
 * `failure_callback`). Without one (the default) a failure stops the
 * rewrite and is returned, as PyTensor re-raises the exception.
 */
void kr_graph_rewriter_set_failure_callback(kr_graph_rewriter *rw,
					    kr_failure_fn fn, void *data);

/**
 * PyTensor's `warn`: prints `WARNING: <class> <name>: rewriter <rw> failed
 * on <node>: <message>` to the FILE given as data (stderr when NULL) and
 * returns 0; a limit of no rewriter or node (KR_ELIMIT: an
 * EquilibriumGraphRewriter max'ed out) as `WARNING: <class> <name>:
 * <message>`.
 */
int kr_failure_warn(const kr_failure *f, void *data);

/** PyTensor's `warn_ignore`: returns 0 silently. */
int kr_failure_ignore(const kr_failure *f, void *data);

/**
 * PyTensor's `warn_inplace`: returns 0 silently for a KR_EINCONSISTENT
 * failure (an in-place replacement the DestroyHandler refused, destroy.h),
 * else as kr_failure_warn(). The default of in2out/out2in and of the
 * EquilibriumGraphRewriters of databases, as in PyTensor.
 */
int kr_failure_warn_inplace(const kr_failure *f, void *data);

/* ------------------------------------------------------------ walkers */

/** Order of a WalkingGraphRewriter. */
typedef enum kr_walk_order {
	KR_IN_TO_OUT, /**< inputs first (PyTensor's default "in_to_out") */
	KR_OUT_TO_IN, /**< outputs first ("out_to_in") */
	/**
	 * Outputs first, depth first ("dfs", PyTensor >= 2.34): the nodes of
	 * kr_apply_ancestors() of the outputs, in that order. Needs no sort,
	 * so it is the cheapest order to start on a big graph.
	 */
	KR_DFS
} kr_walk_order;

/**
 * PyTensor's WalkingGraphRewriter (a NodeProcessingGraphRewriter): visits
 * every node of io_toposort once, from the front (KR_IN_TO_OUT) or the
 * back (KR_OUT_TO_IN), or every node of kr_apply_ancestors() of the
 * outputs from the front (KR_DFS), skipping nodes no longer in the graph,
 * and applies rw to each (only to nodes whose op rw tracks). Unless
 * ignore_newtrees, nodes imported by a replacement (other than the node
 * itself) are appended at the back of the queue, so out_to_in handles
 * them at once and in_to_out and dfs after the original nodes. A replacement is checked and applied
 * as kr_replacements_apply() (on error the graph is unchanged); an error
 * goes to the failure callback, or ends the rewrite without one.
 * Profile: (nb_changed, nodes start, nodes end, io_toposort time, loop
 * time, callback time), printed as PyTensor's print_profile.
 * Cost: O(nodes) transform calls.
 */
kr_graph_rewriter *kr_walking_graph_rewriter_new(kr_node_rewriter *rw,
						 kr_walk_order order,
						 bool ignore_newtrees);

/**
 * PyTensor's OpKeyGraphRewriter (<= 2.32), a NodeProcessingGraphRewriter
 * that visits only the nodes of one op: rw's op key
 * (kr_node_rewriter_op_key()). add_requirements attaches a NodeFinder;
 * the queue is `fgraph.get_nodes(op)`, taken from the back; nodes no
 * longer in the graph are skipped; unless ignore_newtrees, nodes of that
 * op imported by a replacement (other than the node itself) are appended.
 * Replacements and failures as kr_walking_graph_rewriter_new().
 * Returns: the rewriter, or NULL with KR_EINVALID when rw has no op key
 * (PyTensor's TypeError "... must have an `op_key` method.").
 * Profile: node counts, visits and changes, printed in the generic form
 * (PyTensor's apply returns no profile). Cost: O(nodes of that op)
 * transform calls.
 */
kr_graph_rewriter *kr_op_key_graph_rewriter_new(kr_node_rewriter *rw,
						bool ignore_newtrees);

/**
 * PyTensor's `in2out(*rws)` / `out2in(*rws)` / `dfs_rewriter(*rws)` (order
 * KR_IN_TO_OUT, KR_OUT_TO_IN, KR_DFS): a WalkingGraphRewriter over
 * one rewriter, or over a SequentialNodeRewriter of n > 1, with
 * kr_failure_warn_inplace as failure callback (printing to stderr).
 * Shape: n >= 1 rewriters (asserted).
 */
kr_graph_rewriter *kr_walking_rewriter(kr_walk_order order, size_t n,
				       kr_node_rewriter *const *rws);

/* ----------------------------------------------------------- sequences */

/**
 * PyTensor's OpToRewriterTracker: node rewriters filed by the ops they
 * track, so the rewriters for an op are found by one hash lookup.
 */
typedef struct kr_rewriter_tracker kr_rewriter_tracker;

/** An empty tracker. */
kr_rewriter_tracker *kr_rewriter_tracker_new(void);

/** File rw under each op it tracks, or as untracked (tracks NULL). */
void kr_rewriter_tracker_add(kr_rewriter_tracker *t, kr_node_rewriter *rw);

/**
 * The rewriters for op, as `get_trackers(op)`: first those tracking a
 * class or OpPattern that covers op (as PyTensor lists the rewriters of
 * the op's type before those of the op itself), then those tracking an
 * op equal to op, then the untracked ones, each group in the order added
 * and each rewriter once.
 * @param[out] n their number. Returns: a borrowed array (cached per op;
 * valid until the next kr_rewriter_tracker_add()).
 */
kr_node_rewriter *const *kr_rewriter_tracker_get(kr_rewriter_tracker *t,
						 const kr_op *op, size_t *n);

/**
 * Every rewriter of the tracker, as PyTensor's `get_rewriters()`: the
 * lists of the classes and OpPatterns tracked (PyTensor's
 * `tracked_types`), in the order each was first tracked, then those of
 * the ops tracked (`tracked_instances`), in the same order, then the
 * untracked ones; a rewriter tracking several is listed with each.
 * @param[out] n their number. Returns: a new array (NULL when n is 0).
 * Errors: none. Cost: O(n).
 */
kr_node_rewriter *const *kr_rewriter_tracker_rewriters(
	const kr_rewriter_tracker *t, size_t *n);

/**
 * PyTensor's SequentialNodeRewriter: transform tries, in tracker order,
 * the rewriters that track node's op and returns the first change.
 * `tracks` is the union of the children's (NULL when one is untracked).
 * Shape: n >= 0 rewriters, none NULL; with none (what a query of a
 * LocalGroupDB that selects nothing builds) it tracks no op and never
 * changes a node, as PyTensor's empty SequentialNodeRewriter(). Prints as PyTensor's str() of it,
 * the children joined by a bare comma: `SequentialNodeRewriter(a,b)`;
 * errors of a child are returned as they are.
 */
kr_node_rewriter *kr_sequential_node_rewriter_new(
	size_t n, kr_node_rewriter *const *rewriters);

/**
 * PyTensor's `apply_all_rewrites` of a SequentialNodeRewriter (default
 * false): after a change, the rewriters are tried again on the node that
 * computes the new variables, and so on until none applies (or the new
 * variables have no single owner); the result is the last change's new
 * variables, one per output of the node first given.
 * Shape: rw was made by kr_sequential_node_rewriter_new() (asserted).
 * Errors of transform: KR_ELIMIT after 10000 chained changes on one
 * node (two rewriters undoing each other), never an endless loop.
 */
void kr_sequential_node_rewriter_set_apply_all(kr_node_rewriter *rw,
					       bool apply_all);

/**
 * PyTensor's SequentialGraphRewriter: applies the rewriters in order,
 * after adding the requirements of all of them (so a feature one of them
 * needs is there while the others run, as in PyTensor). An
 * error of one goes to the failure callback (see
 * kr_graph_rewriter_set_failure_callback()); when the callback returns 0
 * the next rewriter runs; without callback the error is returned.
 * Profile: per-rewriter times, node counts before/after and sub-profiles,
 * printed nested and sorted by decreasing time as PyTensor does.
 */
kr_graph_rewriter *kr_sequential_graph_rewriter_new(
	size_t n, kr_graph_rewriter *const *rewriters);

/* --------------------------------------------------------- equilibrium */

/** Options of an EquilibriumGraphRewriter (libgit2-style options struct). */
typedef struct kr_equilibrium_opts {
	/**
	 * Stop when a rewriter has been applied more than max_use_ratio times
	 * the largest node count seen at the start of a pass (PyTensor's
	 * max_use_ratio and max_nb_nodes; required, > 0), never loop
	 * forever. As in PyTensor the pass goes on with the nodes it has
	 * queued and those its rewrites queue, and the rewrite ends after
	 * it. Unlike PyTensor, once that pass has imported 4 times the
	 * largest node count since, it queues no more nodes: in PyTensor a
	 * pass whose rewrites keep making new nodes never ends. The
	 * KR_ELIMIT error, with a
	 * message naming the rewriter, then goes to the failure callback:
	 * when it returns 0 (kr_failure_warn, kr_failure_ignore: PyTensor's
	 * default, which logs "max'ed out" and stops) the rewrite ends
	 * without error, the graph as it is; without callback the rewrite
	 * fails with KR_ELIMIT, the graph as it is.
	 */
	double max_use_ratio;
	/** Do not queue nodes created by a rewrite in the same pass. */
	bool ignore_newtrees;
	/**
	 * Queue again nodes whose inputs changed in the same pass (not the
	 * node being rewritten). As in PyTensor, only together with
	 * ignore_newtrees false: its updater, which does both, is not
	 * attached at all when new nodes are ignored.
	 */
	bool tracks_on_change_inputs;
	/** Graph rewriters run at the start of every pass ("global"). */
	size_t ngraph_rewriters;
	kr_graph_rewriter *const *graph_rewriters;
	/** Graph rewriters run at the end of every pass. */
	size_t nfinal_rewriters;
	kr_graph_rewriter *const *final_rewriters;
	/**
	 * Graph rewriters run after every successful node rewrite, after the
	 * global rewriters and after the final ones.
	 */
	size_t ncleanup_rewriters;
	kr_graph_rewriter *const *cleanup_rewriters;
	/** Failure callback (NULL: errors end the rewrite) and its data. */
	kr_failure_fn failure_callback;
	void *failure_data;
} kr_equilibrium_opts;

/**
 * Defaults: max_use_ratio 10, and PyTensor's: new nodes wait for the next
 * pass (ignore_newtrees true, tracks_on_change_inputs false); no graph
 * rewriters, no failure callback. A rewrite system that is not confluent
 * may reach another fixed point when new nodes are visited in the same
 * pass (PyTensor's canonicalize does that: ignore_newtrees false).
 */
#define KR_EQUILIBRIUM_OPTS_INIT \
	{10.0, true, false, 0, NULL, 0, NULL, 0, NULL, NULL, NULL}

/**
 * PyTensor's EquilibriumGraphRewriter: passes until nothing changes.
 * The requirements of its graph rewriters (global, final, cleanup) are
 * all added before the first pass. A
 * pass runs the global graph rewriters, then the cleanup ones, then tries
 * on nodes, outputs first, the node rewriters that track their op
 * (OpToRewriterTracker order), running the cleanup rewriters after each
 * success, then the final rewriters and the cleanup ones again.
 *
 * Unlike PyTensor, a pass after the first does not rescan the whole graph:
 * it visits only the nodes in whose subgraph, since they were last tried
 * without success, a node was imported, had an input changed, or had a
 * client of one of its outputs added or removed. A rewriter sees a node's
 * subgraph and the clients of its variables (allow_multiple_clients
 * looks at them), so this reaches the same fixed point. A rewriter that
 * looks further says so (kr_node_rewriter_class.sees_beyond; a
 * PatternNodeRewriter with get_nodes does): then every pass tries every
 * node, as PyTensor's, and the passes are PyTensor's one for one.
 * Shape: n node rewriters; opts may be NULL for the defaults.
 * Profile: per pass its time, applications and node count; per rewriter
 * its time, applications and nodes created; per pass the profiles of the
 * graph, final and cleanup rewriters (a cleanup rewriter's runs merged);
 * printed as PyTensor's print_profile.
 * Cost: O(changed nodes * rewriters) transform calls per pass, plus one
 * O(nodes) topological sort per pass.
 */
kr_graph_rewriter *kr_equilibrium_graph_rewriter_new(
	size_t n, kr_node_rewriter *const *rewriters,
	const kr_equilibrium_opts *opts);

/* --------------------------------------------------------------- merge */

/**
 * PyTensor's MergeOptimizer: merges equal constants (same type and value;
 * the first met in io_toposort order is kept), then, bottom-up, nodes
 * with equal ops and identical inputs (the first node is kept), so that
 * every subexpression is computed once. Each replaced output keeps the
 * more specific static type, as PyTensor's: when the kept node's output
 * is less specific the later one is kept instead (for a node whose
 * outputs all are), and when neither type is more specific the kept
 * output goes through a SpecifyShape of the replaced one's type
 * (kr_fgraph_replace()).
 * Profile: kr_merge_profile_stats(). Cost: O(nodes + edges) expected
 * (nodes are hashed by op and inputs).
 */
kr_graph_rewriter *kr_merge_optimizer_new(void);

/**
 * The numbers of a MergeOptimizer profile, as PyTensor's tuple
 * `(nb_fail, replace_time, validate_time, callback_time, callbacks_time,
 * nb_merged, nb_atomic)`: nb_merged counts replaced variables
 * (constants included; 2 for a merged node of 2 outputs), nb_atomic the
 * merged constants among them. Any output pointer may be NULL.
 * Returns: 0. Errors: KR_EINVALID when p is not a MergeOptimizer profile.
 */
int kr_merge_profile_stats(const kr_profile *p, size_t *nb_fail,
			   double *replace_time, size_t *nb_merged,
			   size_t *nb_atomic);

/**
 * PyTensor's is_same_graph(var1, var2, givens): whether a and b compute
 * the same thing, structurally, once merged, after each givens_old[i] is
 * replaced by givens_new[i] (a variable of either graph). This is
 * kr_is_same_graph_with_merge(), checked as PyTensor checks it against
 * kr_equal_computations() where that applies: without givens, or when
 * each given maps a variable of one graph only to a variable of the
 * other only (those pairs become in_xs/in_ys). So `x * (y * z)` and
 * `(x * y) * z` differ; `x * x + z` and `x * y + t` (t = x * y) are the
 * same with {y: x, t: z}.
 * Shape: givens_old[0..ngivens) and givens_new as PyTensor's dict: a
 * variable given twice keeps its last replacement.
 * @param[out] out the answer. Returns: 0. Errors: those of
 * kr_is_same_graph_with_merge(); KR_ERROR when the two answers disagree
 * (PyTensor's AssertionError). Cost: a copy of both graphs and a merge.
 */
int kr_is_same_graph(bool *out, kr_variable *a, kr_variable *b,
		     size_t ngivens, kr_variable *const *givens_old,
		     kr_variable *const *givens_new);

/**
 * PyTensor's is_same_graph_with_merge(var1, var2, givens), the merge-based
 * half of kr_is_same_graph(): the two graphs and the givens are deep-copied
 * together (kr_clone_get_equiv(), inputs too); a FunctionGraph is built
 * over the two copies with their graph inputs (kr_graph_inputs()) as its
 * inputs; each given is replaced in order (kr_fgraph_replace()); a
 * MergeOptimizer runs; then each output, with the givens applied once
 * more, is compared: a and b are the same when their (merged) owners are
 * the same node, or, when neither has an owner, when they are the same
 * variable.
 * @param[out] out the answer. Returns: 0. Errors: those of the steps:
 * KR_EINVALID for a given of a type that cannot replace the variable,
 * KR_ENOTFOUND for one that needs a variable outside both graphs
 * (PyTensor's MissingInputError); *out is then unchanged.
 */
int kr_is_same_graph_with_merge(bool *out, kr_variable *a, kr_variable *b,
				size_t ngivens, kr_variable *const *givens_old,
				kr_variable *const *givens_new);

/**
 * PyTensor's get_clients_at_depth(fgraph, node, depth): the nodes reached
 * from node by going down `depth` client edges in fg. Order and
 * repetitions are the generator's: for each output of node in turn, each
 * of its clients in kr_fgraph_clients() order, recursively; at depth 0
 * (or less) a node is listed once per output it has, so a node reached
 * twice, or a node of two outputs, is listed as many times. Output
 * pseudo-clients lead nowhere (nothing is listed for them).
 * @param[out] out a new array of the nodes. @param[out] n its length.
 * Returns: 0. Errors: KR_ENOTFOUND when an output of a node it must go
 * down from is not in fg (PyTensor's KeyError of `fgraph.clients`); *out
 * is then unchanged. Cost: O(nodes listed + clients walked); no
 * recursion.
 */
int kr_get_clients_at_depth(kr_apply ***out, size_t *n, const kr_fgraph *fg,
			    kr_apply *node, int depth);

/* ------------------------------------------------------------- patterns */

/**
 * PyTensor's SubstitutionNodeRewriter: `op1(*ins) -> op2(*ins)`; tracks
 * op1; prints as `op1 -> op2`. Errors: op2 rejecting the node's inputs
 * is transform's error (op2's type error, to the walker's failure
 * callback), as PyTensor's op2.make_node raising; an op2 of another
 * number of outputs gives a list of the wrong length, which stops the
 * rewrite (kr_failure_fn).
 */
kr_node_rewriter *kr_substitution_node_rewriter_new(kr_op *op1, kr_op *op2);

/**
 * PyTensor's RemovalNodeRewriter (<= 2.32): `op(x) -> x`, each output
 * replaced by the input of the same position; tracks op; prints as
 * `op(x) -> x`. Errors: as PyTensor, its transform returns all the
 * inputs, so on a node with more or fewer inputs than outputs it is a wrong
 * number of replacements (KR_EINVALID; it stops the rewrite that runs it,
 * see kr_failure_fn).
 */
kr_node_rewriter *kr_removal_node_rewriter_new(kr_op *op);

/** An approximate equality of values (PyTensor's values_eq_approx). */
typedef bool (*kr_values_eq_approx_fn)(double a, double b);

/**
 * A constraint on the value a pattern variable may be bound to: true to
 * let it bind. A constraint that cannot decide sets an error with
 * kr_error_set() and returns false; the rewriter's transform then fails
 * with that error (so a graph rewriter reports it through its
 * failure_callback, as PyTensor's exception from a constraint).
 */
typedef bool (*kr_pattern_constraint_fn)(const kr_variable *value,
					 void *data);

/**
 * An out-pattern computed by a function, as PyTensor's callable
 * out_pattern `(fgraph, node, subs) -> Variable | None`: called on a
 * node of fg whose output matched the in-pattern, with s binding the
 * in-pattern's logic variables (to graph variables as kr_variable_term(),
 * or to op attributes an OpPattern named; read them with kr_walk()).
 * Store the replacement of the node's output in *out and return 0, or
 * leave *out NULL to reject the rewrite (PyTensor's None or False);
 * a negative error code (with kr_error_set()) fails the transform.
 */
typedef int (*kr_pattern_out_fn)(kr_variable **out, kr_fgraph *fg,
				 kr_apply *node, const kr_subst *s,
				 void *data);

/** Options of a PatternNodeRewriter. */
typedef struct kr_pattern_opts {
	/**
	 * Match even when a variable between the values bound to the
	 * pattern's logic variables and the matched node's inputs has other
	 * clients (PyTensor's allow_multiple_clients). Without it, as
	 * PyTensor 2.32 checks: a matched inner node used elsewhere, a
	 * constant or graph variable written in the pattern and used
	 * elsewhere, or any variable of a subgraph that a repeated logic
	 * variable met as an equal but distinct copy, stops the match; an
	 * inner node that is also the value of a logic variable does not.
	 */
	bool allow_multiple_clients;
	/**
	 * Match commutative ops (add, mul and the ops listed below) up to
	 * the order of their inputs (at most 4 inputs are permuted), so one
	 * pattern `x*y/y` also matches `y*x/y`. Beyond PyTensor 2.32.
	 */
	bool commutative;
	/** Further ops treated as commutative when `commutative` is set;
	 * the array is copied (as `tracks`). */
	size_t ncommutative_ops;
	kr_op *const *commutative_ops;
	/**
	 * PyTensor's skip_identities_fn: called on each graph variable
	 * below the matched node before it is matched (against an op
	 * pattern, a constant or a pattern variable); a non-NULL result is
	 * matched instead (e.g. to look through `identity`).
	 */
	kr_variable *(*skip_identities)(kr_variable *v, void *data);
	void *skip_data;
	/**
	 * PyTensor's values_eq_approx: recorded for the variables the
	 * out pattern builds (kr_pattern_values_eq_approx()); when
	 * allow_cast casts one, on the variable before the cast, as
	 * PyTensor tags it.
	 */
	kr_values_eq_approx_fn values_eq_approx;
	/** Name printed instead of `in -> out` (may be NULL). */
	const char *name;
	/**
	 * PyTensor's `tracks` and `get_nodes`: with ntracks > 0 the
	 * rewriter tracks these ops instead of in_pattern's, and get_nodes
	 * (then required, asserted) lists, for a node it is given, the
	 * nodes to try first (*nodes, a collected array of *n); the first
	 * that matches is rewritten, as a map from its output, and Output
	 * pseudo-nodes and NULLs in the list are skipped. When none
	 * matches, the node itself is tried as usual. get_nodes returns 0,
	 * or a negative KR_E* code with the error set, which is the
	 * rewriter's error (as an exception of PyTensor's get_nodes).
	 */
	size_t ntracks;
	kr_op *const *tracks;
	int (*get_nodes)(kr_apply ***nodes, size_t *n, kr_fgraph *fg,
			 kr_apply *node, void *data);
	void *get_nodes_data;
	/**
	 * PyTensor's allow_cast (default true): when the replacement's type
	 * is not a subtype of the output's and both are tensor types, the
	 * replacement is converted to the output's dtype (kr_op_cast(), as
	 * `ret.astype(dtype)`; nothing is added when the dtypes are equal)
	 * and used if its type then fits. Otherwise, or without it, a
	 * replacement whose type does not fit is no rewrite.
	 */
	bool allow_cast;
	/**
	 * With out_fn set, the out-pattern is this function, called with
	 * out_data (kr_pattern_out_fn), and the out_pattern given to the
	 * constructor must be NULL.
	 */
	kr_pattern_out_fn out_fn;
	void *out_data;
} kr_pattern_opts;

/** Defaults: as PyTensor's PatternNodeRewriter defaults. */
#define KR_PATTERN_OPTS_INIT                                                  \
	{false, false, 0, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL,  \
	 true, NULL, NULL}

/**
 * PyTensor's PatternNodeRewriter on our unify/reify: replaces a node that
 * matches in_pattern by out_pattern with the pattern variables reified.
 *
 * Shape: a pattern is a term. An etuple or proper list whose head is an
 * op atom (kr_op_term()) matches a variable computed by a node of an equal
 * op whose inputs match the other elements; a logic variable (kr_var_new,
 * printed `~name`) matches anything, the same variable the same subgraph
 * (structurally, as unification does); an integer or real matches a
 * Constant of that value; a variable atom (kr_variable_term()) matches
 * that variable, or, for a Constant, any constant of equal type and value.
 * in_pattern must be an op pattern, whose op the rewriter tracks.
 * out_pattern is reified with the bindings and evaluated with
 * kr_term_eval(), or is NULL when opts->out_fn computes the replacement;
 * a result whose type does not fit the output's is cast (allow_cast) or
 * is no rewrite. Errors: when the evaluation fails (a node the op's
 * make_node refuses), or out_fn fails, the transform fails with that
 * error, as PyTensor's raises out of transform: the walker hands it to
 * its failure_callback, or stops with it. Prints as PyTensor: `e(true_div,
 * e(mul, ~x, ~y), ~y) -> ~x`, and `... -> <function>` for an out_fn.
 * opts may be NULL for the defaults. An in_pattern that is not an etuple
 * or proper list headed by an op atom or an OpPattern, or not exactly one
 * of out_pattern and opts->out_fn, is API misuse (aborts).
 */
kr_node_rewriter *kr_pattern_node_rewriter_new(kr_term *in_pattern,
					       kr_term *out_pattern,
					       const kr_pattern_opts *opts);

/**
 * Constrain a pattern variable (PyTensor's `{"pattern": "x",
 * "constraint": fn}`): var only binds to values for which fn returns true.
 * Shape: var is a logic variable of rw's in_pattern (asserted).
 */
void kr_pattern_constrain(kr_node_rewriter *rw, kr_term *var,
			  kr_pattern_constraint_fn fn, void *data);

/**
 * The values_eq_approx recorded for a variable a PatternNodeRewriter's
 * out pattern built (the variable under the Cast when the rewriter cast
 * its result), or NULL.
 */
kr_values_eq_approx_fn kr_pattern_values_eq_approx(
	const kr_node_rewriter *rw, const kr_variable *v);

/* ------------------------------------------------------------ stack traces */

/**
 * PyTensor's copy_stack_trace(from_var, to_var): every variable of
 * to[0..nto) gets, after its own traces, the traces of from[0..nfrom) in
 * order (kr_variable_trace(), graph.h), as a rewrite hands the traces of
 * the variables it replaces to the ones that replace them.
 * Errors: none. Cost: O(nto * total traces).
 */
void kr_copy_stack_trace(size_t nfrom, kr_variable *const *from, size_t nto,
			 kr_variable *const *to);

/**
 * PyTensor's check_stack_trace(fgraph, ops_to_check, bug_print) with
 * ops_to_check a string: whether every output of the nodes checked has
 * a trace. ops_to_check "last" (also for NULL) checks the owner of each
 * graph output, "all" every node of fg.
 * bug_print (NULL: "raise") says what happens when there is no node to
 * check: "raise" fails, "warn" prints `WARNING: check_stack_trace:
 * Provided op instances/classes are not in the graph or the graph is
 * empty` to stderr and goes on, "ignore" goes on (then *out is true).
 * @param[out] out the answer.
 * Returns: 0. Errors: KR_EINVALID "The string ops_to_check is not
 * recognised", or, when nothing is to be checked, "The string bug_print
 * is not recognised"; KR_ENOTFOUND "Provided op instances/classes are
 * not in the graph or the graph is empty" (bug_print "raise");
 * KR_EINVALID when "last" meets a graph output without owner (PyTensor
 * fails there too, on None).
 */
int kr_check_stack_trace(bool *out, const kr_fgraph *fg,
			 const char *ops_to_check, const char *bug_print);

/**
 * kr_check_stack_trace() with ops_to_check a list of ops: the nodes
 * checked are those whose op is one of ops[0..nops), compared with
 * kr_op_tracked(): an op stands for itself (PyTensor's instances), an op
 * of kr_op_pattern_track() for a class (PyTensor's Op classes), which
 * also covers a node whose op's `scalar_op` (kr_op_prop()) is of it, as
 * PyTensor's Elemwise. Errors: as kr_check_stack_trace().
 */
int kr_check_stack_trace_ops(bool *out, const kr_fgraph *fg, size_t nops,
			     kr_op *const *ops, const char *bug_print);

/** A predicate on nodes (kr_check_stack_trace_fn()). */
typedef bool (*kr_apply_pred_fn)(const kr_apply *node, void *data);

/**
 * kr_check_stack_trace() with ops_to_check a function: the nodes checked
 * are those of fg for which fn(node, data) is true. Errors: as
 * kr_check_stack_trace().
 */
int kr_check_stack_trace_fn(bool *out, const kr_fgraph *fg,
			    kr_apply_pred_fn fn, void *data,
			    const char *bug_print);

/** The settings of PyTensor's `config.check_stack_trace`. */
typedef enum kr_stack_trace_mode {
	KR_STACK_TRACE_OFF,   /**< "off": nothing is checked */
	KR_STACK_TRACE_RAISE, /**< "raise": a graph without traces fails */
	KR_STACK_TRACE_WARN,  /**< "warn": fill the traces in and warn */
	KR_STACK_TRACE_LOG    /**< "log": fill the traces in */
} kr_stack_trace_mode;

/**
 * PyTensor's CheckStackTraceFeature with `config.check_stack_trace` =
 * mode (named "CheckStackTraceFeature"): on each import of a node it
 * checks every node of the graph (kr_check_stack_trace() "all"). When an
 * output lacks a trace: KR_STACK_TRACE_RAISE makes the next
 * kr_fgraph_validate() fail with KR_ERROR "Empty stack trace. The
 * rewrite that inserted this variable is REASON." (PyTensor raises in
 * the import itself; validation is where our features may refuse, so a
 * validated replacement is reverted in both); the imports of a revert
 * (reason "Revert") are not held against it. KR_STACK_TRACE_LOG gives
 * every output of the graph without a trace that sentence as its trace;
 * KR_STACK_TRACE_WARN does the same and prints `WARNING: ` and the
 * sentence to stderr. Cost: O(nodes of the graph) per import, as in
 * PyTensor (a debugging aid).
 * Returns: a new feature. Errors: none; aborts on OOM.
 */
kr_feature *kr_check_stack_trace_feature_new(kr_stack_trace_mode mode);

/**
 * PyTensor's CheckStackTraceRewriter: a graph rewriter whose
 * add_requirements attaches a kr_check_stack_trace_feature_new(mode)
 * unless a feature named "CheckStackTraceFeature" is attached already;
 * it changes nothing itself.
 */
kr_graph_rewriter *kr_check_stack_trace_rewriter_new(kr_stack_trace_mode mode);

/* ------------------------------------------------------------------ profiles */

/**
 * Print a profile in PyTensor's format for its rewriter class
 * (EquilibriumGraphRewriter, WalkingGraphRewriter, SequentialGraphRewriter
 * with nested sub-profiles sorted by time, MergeOptimizer, and a short
 * form for other rewriters), at indentation level 0.
 * Returns: 0 or KR_ERROR on a write error.
 */
int kr_profile_print(FILE *f, const kr_profile *p);

/** As kr_profile_print, indented by 4 * level spaces (nested profiles). */
int kr_profile_print_level(FILE *f, const kr_profile *p, int level);

/** Class name of the rewriter that made the profile. */
const char *kr_profile_class(const kr_profile *p);

/** Number of passes of an equilibrium profile (0 for other profiles). */
size_t kr_profile_passes(const kr_profile *p);

/** Apply node counts at start and end of the rewrite. */
void kr_profile_nodes(const kr_profile *p, size_t *start, size_t *end);

/**
 * Number of changes a rewrite made: nb_changed of a walker, replacements
 * of an equilibrium run, nb_merged of a merge, the sum over a
 * sequence. 0 for a NULL profile.
 */
size_t kr_profile_changes(const kr_profile *p);

/**
 * Node visits of a rewrite: the nodes a walking or equilibrium rewriter
 * handed to its node rewriters (each node once per time it was tried, over
 * all passes), the nodes a MergeOptimizer examined, the sum over the
 * sub-profiles of a sequence. It shows whether a rewriter rescans nodes
 * that did not change: visits per node then grow with the graph (PyTensor
 * 2.32's equilibrium rewriter revisits every node in every pass, so N
 * passes make N^2 visits). Shape: p may be NULL (0). Errors: none.
 * Cost: O(passes + sub-profiles).
 */
size_t kr_profile_visits(const kr_profile *p);

/** Total time of the rewrite in seconds. */
double kr_profile_time(const kr_profile *p);

/**
 * The sub-profiles of a SequentialGraphRewriter profile, in rewriter
 * order (NULL entries for rewriters without profile).
 * @param[out] n their number (0 for other profiles).
 */
const kr_profile *const *kr_profile_children(const kr_profile *p, size_t *n);

/* --------------------------------------------------------------- utilities */

/**
 * PyTensor's rewrite_graph for one output variable: builds a FunctionGraph
 * over `graph` (cloned first when clone is true), applies custom_rewrite
 * and returns the rewritten output in *out.
 * Returns: 0, or the error of the graph construction or of the rewrite.
 */
int kr_rewrite_graph(kr_variable **out, kr_variable *graph,
		     kr_graph_rewriter *custom_rewrite, bool clone);

/**
 * PyTensor's rewrite_graph for a list of outputs: same kind out (n
 * rewritten outputs in out[0..n)).
 * Returns: 0 or the error of the construction or the rewrite.
 */
int kr_rewrite_graphs(kr_variable **out, size_t n, kr_variable *const *graphs,
		      kr_graph_rewriter *custom_rewrite, bool clone);

/** As kr_rewrite_graph, on a FunctionGraph rewritten in place. */
int kr_rewrite_fgraph(kr_fgraph *fg, kr_graph_rewriter *custom_rewrite);

/**
 * PyTensor's `constant_folding` node rewriter (tensor/rewriting/basic.py):
 * a node whose inputs are all Constants and whose op can be evaluated
 * (`perform`, or `perform_outputs` for several outputs) is replaced by one
 * new Constant per output, holding the value its op computes, of the
 * output's type. A node with an input that is not a Constant, or an op
 * without perform, is no rewrite; a value the output's type cannot hold
 * (kr_value_fits()) is no rewrite either. It tracks every op and prints
 * as `constant_folding`.
 * Returns: a new rewriter. Errors of its transform: the op's perform
 * error, prefixed with `constant_folding:` and the node (a rewriter with
 * a failure callback reports it and goes on, as in PyTensor).
 */
kr_node_rewriter *kr_constant_folding_new(void);

/**
 * PyTensor's pre_constant_merge(fgraph, variables): merge equal
 * Constants (same type and value, kr_constant_equal()) in the graphs of
 * vars[0..n) that are not in fg, in place. Walking up from each variable
 * depth first, inputs left to right (PyTensor's order), the first
 * Constant met with a given value is kept and every later equal one
 * among the inputs of the nodes walked is replaced by it. Nodes of fg
 * are neither changed nor walked through (changing them would break fg's
 * client records); the walk also stops at graph inputs.
 * Warning, as in PyTensor: the nodes are changed in place, so they must
 * not belong to another live FunctionGraph either.
 * Unlike PyTensor 2.32, whose memo returns a Constant met a second time
 * unchanged, every occurrence of a duplicate Constant is replaced.
 * @param[out] out n variables: vars[i], or the kept Constant when vars[i]
 *             is itself a duplicate Constant (PyTensor's returned list).
 * Returns: 0. Errors: none. Cost: O(nodes and inputs walked).
 */
int kr_pre_constant_merge(kr_variable **out, kr_fgraph *fg, size_t n,
			  kr_variable *const *vars);

/**
 * PyTensor's pre_greedy_node_rewriter(fgraph, rewrites, out): apply the
 * node rewriters rws[0..nrw) once to every node of var's graph that is
 * not in fg, bottom-up (inputs first), changing the graph in place: each
 * node's inputs are first set to their rewritten variables, then each
 * rewriter in turn is tried on the node; a result replaces the previous
 * one (the last to fire wins), and one whose first variable has no owner
 * (a Constant, as constant folding gives) ends the node. Nodes of fg and
 * everything above them are left as they are. This is one greedy pass,
 * not an equilibrium: a rewrite that builds new nodes above a node does
 * not see them rewritten.
 * Shape: each rewriter must answer in the list form, one variable per
 * output (NULL keeps that output). Warning as kr_pre_constant_merge():
 * the nodes must not belong to another live FunctionGraph.
 * @param[out] out the rewritten var (var itself when its node is in fg,
 *             when it has no owner, or when nothing fired).
 * Returns: 0. Errors: KR_EINVALID when a rewriter returns a map of
 * replacements or a list of the wrong length (the message names the
 * rewriter and the node; nodes done before stay changed, as in
 * PyTensor); a rewriter's own error. Cost: one transform per rewriter
 * and node walked.
 */
int kr_pre_greedy_node_rewriter(kr_variable **out, kr_fgraph *fg,
				size_t nrw, kr_node_rewriter *const *rws,
				kr_variable *var);

#endif
