/* kanrewrite/fgraph.h -- FunctionGraph: a mutable graph with clients. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_FGRAPH_H
#define KANREWRITE_FGRAPH_H

#include "graph.h"

/**
 * @file kanrewrite/fgraph.h
 * A FunctionGraph, as PyTensor's `graph.fg.FunctionGraph`: the subgraph
 * between a list of inputs and a list of outputs, with the set of its Apply
 * nodes and variables and, for each variable, its clients (the (node, i)
 * pairs using it). Every graph output has one more client: an Output
 * pseudo-node (kr_apply_is_output()) that is not counted among the nodes.
 *
 * Rewriters change a graph only through kr_fgraph_replace() and
 * kr_fgraph_change_node_input(); nodes that are no longer used are pruned,
 * and attached features (kr_feature) are told of every import, prune and
 * input change, in attach order.
 *
 * Every operation costs O(1) per node or client touched (hash maps), and
 * no function recurses on the graph depth, so graphs of 10^6 nodes and any
 * depth are fine. Arrays borrowed from a graph are valid until its next
 * mutation.
 */

/** A FunctionGraph (opaque, mutable). */
typedef struct kr_fgraph kr_fgraph;

/** A client of a variable: `node` uses it as its input number `index`. */
typedef struct kr_client {
	kr_apply *node; /**< an Apply node or an Output pseudo-node */
	int index;      /**< position among the node's inputs */
} kr_client;

/** See struct kr_feature. */
typedef struct kr_feature kr_feature;

/**
 * A feature, as PyTensor's `graph.features.Feature`: callbacks a user
 * implements to follow (or veto) the changes of a graph. Every hook may be
 * NULL. `data` is for the user. Callbacks run in attach order, after the
 * change they report; they must not mutate the graph.
 */
struct kr_feature {
	/** Name, for kr_fgraph_feature() and messages (may be NULL). */
	const char *name;
	/** User data. */
	void *data;
	/**
	 * Called by kr_fgraph_attach_feature(): return 0 to be attached,
	 * KR_EEXISTS to be silently not attached (PyTensor's AlreadyThere),
	 * or another error code to fail the attach.
	 */
	int (*on_attach)(kr_feature *f, kr_fgraph *fg);
	/** Called by kr_fgraph_remove_feature(). */
	void (*on_detach)(kr_feature *f, kr_fgraph *fg);
	/** A node was imported (not called for the graph's initial nodes). */
	void (*on_import)(kr_feature *f, kr_fgraph *fg, kr_apply *node,
			  const char *reason);
	/** A node was pruned, after it was disconnected. */
	void (*on_prune)(kr_feature *f, kr_fgraph *fg, kr_apply *node,
			 const char *reason);
	/** Input i of node changed from old_var to new_var. */
	void (*on_change_input)(kr_feature *f, kr_fgraph *fg, kr_apply *node,
				int i, kr_variable *old_var,
				kr_variable *new_var, const char *reason);
	/** Called by kr_fgraph_validate(): 0 or an error code. */
	int (*validate)(kr_feature *f, kr_fgraph *fg);
};

/**
 * A new FunctionGraph, as PyTensor's `FunctionGraph(inputs, outputs, clone)`.
 *
 * Shape: `inputs` NULL means infer them: the ownerless non-constant
 * ancestors of the outputs, in the order a depth-first search from the
 * last output to the first meets them (PyTensor's `graph_inputs`);
 * otherwise nin distinct variables without owner. `clone` true copies the
 * graph between inputs and outputs first (inputs are copied, constants
 * shared), so the original nodes are never changed.
 * @param[out] out the graph.
 * Returns: 0. Errors: KR_EINVALID for an input with an owner or a repeated
 * input; KR_ENOTFOUND when an output depends on an ownerless non-constant
 * variable that is not an input (PyTensor's MissingInputError); *out is
 * then unchanged.
 * Cost: O(size of the graph).
 */
int kr_fgraph_new(kr_fgraph **out, size_t nin, kr_variable *const *inputs,
		  size_t nout, kr_variable *const *outputs, bool clone);

/**
 * A copy of a graph, as PyTensor's `fgraph.clone()`: same inputs and
 * outputs structure, new variables and nodes; features are not copied.
 * Errors: as kr_fgraph_new() (none for a consistent graph).
 */
int kr_fgraph_clone(kr_fgraph **out, const kr_fgraph *fg);

/** Number of inputs. */
size_t kr_fgraph_ninputs(const kr_fgraph *fg);

/** Input i. Asserts i < kr_fgraph_ninputs(fg). */
kr_variable *kr_fgraph_input(const kr_fgraph *fg, size_t i);

/** Number of outputs. */
size_t kr_fgraph_noutputs(const kr_fgraph *fg);

/** Output i. Asserts i < kr_fgraph_noutputs(fg). */
kr_variable *kr_fgraph_output(const kr_fgraph *fg, size_t i);

/**
 * The label of output i (as `loss` or `dloss/dw` in the graph text
 * format), or NULL. Labels belong to output positions: they survive
 * replacements of the output and are copied by kr_fgraph_clone().
 */
const char *kr_fgraph_output_name(const kr_fgraph *fg, size_t i);

/** Set (copy) or clear (NULL) the label of output i. */
void kr_fgraph_set_output_name(kr_fgraph *fg, size_t i, const char *name);

/** Number of Apply nodes (Output pseudo-nodes not counted). */
size_t kr_fgraph_nnodes(const kr_fgraph *fg);

/** True when node is one of the graph's Apply nodes (not an Output). */
bool kr_fgraph_has_node(const kr_fgraph *fg, const kr_apply *node);

/**
 * True when v is one of the graph's variables, as PyTensor's `v in fgraph`:
 * outputs of its nodes (used or not) and the inputs and constants that
 * some node or output uses.
 */
bool kr_fgraph_has_variable(const kr_fgraph *fg, const kr_variable *v);

/**
 * The clients of v, as PyTensor's `fgraph.clients[v]`, in the order they
 * were added.
 * @param[out] n the number of clients (0 when v is not in the graph).
 * Returns: a borrowed array, valid until the next mutation, or NULL when n
 * is 0. Cost: O(1) amortised.
 */
const kr_client *kr_fgraph_clients(const kr_fgraph *fg, const kr_variable *v,
				   size_t *n);

/**
 * The Apply nodes in PyTensor 2.32's `io_toposort` order: an iterative
 * depth-first search from the outputs that pushes a node's input owners
 * in order and pops the last first, so the rightmost subtree comes first.
 * Only nodes the outputs depend on are listed (a graph of one node lists
 * it, as PyTensor does).
 * @param[out] out a new array of the nodes. @param[out] n its length.
 * Returns: 0. Errors: KR_EINVALID when the graph has a cycle.
 * Cost: O(nodes + edges), no recursion.
 */
int kr_fgraph_toposort(kr_apply ***out, size_t *n, const kr_fgraph *fg);

/**
 * Replace var by new_var everywhere in the graph, as PyTensor's
 * `fgraph.replace`: every client of var (Output pseudo-clients included,
 * so an output can be replaced) is changed with
 * kr_fgraph_change_node_input(); the nodes new_var needs are imported
 * first; nodes left unused are pruned.
 *
 * Shape: `reason` (may be NULL) is passed to the features.
 * Returns: 0, also when var is not in the graph (nothing happens).
 * Errors: KR_EINVALID when kr_type_is_super(var's type, new_var's type)
 * does not hold; KR_ENOTFOUND when new_var depends on a variable that is
 * not an input. On error the graph is unchanged (unlike PyTensor, which
 * may leave it half-changed on a missing input).
 */
int kr_fgraph_replace(kr_fgraph *fg, kr_variable *var, kr_variable *new_var,
		      const char *reason);

/**
 * kr_fgraph_replace() of each pair in order, as PyTensor's `replace_all`.
 * Returns: 0 or the first error (earlier pairs stay replaced).
 */
int kr_fgraph_replace_all(kr_fgraph *fg, size_t n, kr_variable *const *olds,
			  kr_variable *const *news, const char *reason);

/**
 * Make node use new_var as its input i, as PyTensor's
 * `fgraph.change_node_input`. On an Output pseudo-node this changes the
 * graph output. Imports what new_var needs, moves the client, prunes what
 * is left unused, then fires on_change_input. Nothing happens when new_var
 * is already that input.
 * Returns: 0. Errors: KR_EINVALID when node is not in the graph, or the
 * types are incompatible (kr_type_is_super()); KR_ENOTFOUND for a missing
 * input. On error the graph is unchanged. Asserts i is in range.
 */
int kr_fgraph_change_node_input(kr_fgraph *fg, kr_apply *node, int i,
				kr_variable *new_var, const char *reason);

/**
 * Import node and every node it depends on that is not in the graph yet,
 * as PyTensor's `fgraph.import_node`, firing on_import for each new node
 * in topological order. Imported nodes stay even when nothing uses them.
 * Returns: 0. Errors: KR_ENOTFOUND when they depend on an ownerless
 * non-constant variable that is not an input (nothing is imported then).
 */
int kr_fgraph_import_node(kr_fgraph *fg, kr_apply *node, const char *reason);

/**
 * Append an input, as PyTensor's `fgraph.add_input` (nothing happens when
 * v already is one). Errors: KR_EINVALID when v has an owner.
 */
int kr_fgraph_add_input(kr_fgraph *fg, kr_variable *v);

/**
 * Append an output, as PyTensor's `fgraph.add_output`, importing what it
 * needs. Errors: KR_ENOTFOUND for a missing input (graph unchanged).
 */
int kr_fgraph_add_output(kr_fgraph *fg, kr_variable *v, const char *reason);

/**
 * Attach a feature, as PyTensor's `attach_feature`: nothing happens when
 * it is attached already; otherwise its on_attach runs first (see
 * kr_feature). Returns: 0. Errors: what on_attach returns (not KR_EEXISTS).
 */
int kr_fgraph_attach_feature(kr_fgraph *fg, kr_feature *f);

/** Detach a feature and call its on_detach; nothing if not attached. */
void kr_fgraph_remove_feature(kr_fgraph *fg, kr_feature *f);

/** The first attached feature with that name, or NULL. */
kr_feature *kr_fgraph_feature(const kr_fgraph *fg, const char *name);

/**
 * Run the validate hook of every feature in attach order, as PyTensor's
 * `fgraph.validate()`. Returns: 0 or the first error returned.
 */
int kr_fgraph_validate(kr_fgraph *fg);

/**
 * Check the graph's bookkeeping against a fresh traversal, as PyTensor's
 * `check_integrity` (a debugging aid): clients agree with node inputs, and
 * every node the outputs depend on is in the graph.
 * Returns: 0. Errors: KR_ERROR with a message describing the first
 * inconsistency. Cost: O(size of the graph).
 */
int kr_fgraph_check_integrity(const kr_fgraph *fg);

#endif
