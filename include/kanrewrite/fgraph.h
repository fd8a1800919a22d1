/* kanrewrite/fgraph.h -- FunctionGraph: a mutable graph with clients. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_FGRAPH_H
#define KANREWRITE_FGRAPH_H

#include <stdio.h>

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
 * Every operation costs O(1) per node or client touched, and no function
 * recurses on the graph depth, so graphs of 10^6 nodes and any depth are
 * fine. The per-graph data of a node or variable sits in the object itself
 * for the first graph that holds it (no hashing); a second graph holding
 * the same objects (kr_fgraph_new() with clone false over shared nodes)
 * keeps its data in hash maps: correct, somewhat slower. Traversals mark
 * nodes in place, so two threads must not walk graphs that share nodes at
 * the same time. Arrays borrowed from a graph are valid until its next
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
 * An extra ordering constraint, as an entry of PyTensor's
 * `Feature.orderings(fgraph)` dict: `before` must come before `node` in
 * kr_fgraph_toposort().
 */
typedef struct kr_ordering {
	kr_apply *node;   /**< the node that must wait */
	kr_apply *before; /**< a node that must come first */
} kr_ordering;

/** Flags of the `_ex` functions (PyTensor's keyword arguments). */
enum {
	/**
	 * `import_missing=True`: an ownerless non-atomic variable (not a
	 * constant, not a nominal variable) that is not an input becomes
	 * one (appended) instead of an error.
	 */
	KR_IMPORT_MISSING = 1u << 0,
	/** `check=False` of change_node_input: no type check. */
	KR_NO_TYPE_CHECK = 1u << 1
};

/** The old-to-new map of a clone (opaque); see kr_fgraph_clone_get_equiv(). */
typedef struct kr_equiv kr_equiv;

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
	/**
	 * Extra ordering constraints for kr_fgraph_toposort(), as PyTensor's
	 * `Feature.orderings` (DestroyHandler's hook): set *out to an array
	 * of *n constraints (a collected array the graph does not keep).
	 * Returns 0 or an error code (kr_fgraph_toposort() then fails).
	 */
	int (*orderings)(kr_feature *f, kr_fgraph *fg, kr_ordering **out,
			 size_t *n);
	/**
	 * A feature to attach to a copy of the graph, as PyTensor's
	 * `Feature.clone()` (kr_fgraph_clone_get_equiv() with
	 * attach_features); NULL (hook or result): nothing is attached.
	 */
	kr_feature *(*clone)(kr_feature *f);
};

/**
 * A new FunctionGraph, as PyTensor's `FunctionGraph(inputs, outputs, clone)`.
 *
 * Shape: `inputs` NULL means infer them: the ownerless ancestors of the
 * outputs that are not atomic (kr_variable_is_atomic(): constants and
 * nominal variables are not inputs), in the order a depth-first search from the
 * last output to the first meets them (PyTensor's `graph_inputs`);
 * otherwise nin variables without owner (a repeated one stays repeated
 * in the inputs list, as PyTensor 2.32's constructor keeps it).
 * `clone` true copies the graph between inputs and outputs first (inputs
 * are copied, constants and nominal variables shared), so the original
 * nodes are never changed.
 * @param[out] out the graph.
 * Returns: 0. Errors: KR_EINVALID for an input with an owner;
 * KR_ENOTFOUND when an output depends on an ownerless non-atomic
 * variable that is not an input (PyTensor's MissingInputError); *out is
 * then unchanged.
 * Cost: O(size of the graph).
 */
int kr_fgraph_new(kr_fgraph **out, size_t nin, kr_variable *const *inputs,
		  size_t nout, kr_variable *const *outputs, bool clone);

/**
 * A copy of a graph, as PyTensor's `fgraph.clone()`: same inputs and
 * outputs structure (and output labels), new variables and nodes
 * (constants and nominal variables are shared), and a clone of each
 * feature that has one attached to the copy (kr_fgraph_clone_get_equiv()
 * with attach_features).
 * Errors: as kr_fgraph_new() (none for a consistent graph), or a cloned
 * feature's on_attach.
 * Cost: O(size of the graph), no hashing.
 */
int kr_fgraph_clone(kr_fgraph **out, const kr_fgraph *fg);

/**
 * A copy of a graph and the map from its variables and nodes to their
 * copies, as PyTensor's `fgraph.clone_get_equiv(attach_feature=...)`.
 * @param[out] out the copy. @param[out] equiv (may be NULL) the map: every
 * input, node, node output and other ownerless variable of the graph
 * between inputs and outputs has an entry (a constant or nominal
 * variable maps to itself).
 * Shape: with attach_features, every feature of fg whose clone hook gives
 * one is attached to the copy, in order (the standard features of
 * features.h can be cloned).
 * Returns: 0. Errors: as kr_fgraph_clone(), or a feature's on_attach.
 */
int kr_fgraph_clone_get_equiv(kr_fgraph **out, kr_equiv **equiv,
			      const kr_fgraph *fg, bool attach_features);

/** The copy of variable v in a clone's map, or NULL when v had none. */
kr_variable *kr_equiv_variable(const kr_equiv *e, const kr_variable *v);

/** The copy of node in a clone's map, or NULL when it had none. */
kr_apply *kr_equiv_apply(const kr_equiv *e, const kr_apply *node);

/**
 * A new empty old-to-new map, as the `memo={}` dict a caller hands to
 * PyTensor's `clone_get_equiv` (kr_clone_get_equiv()) to fill or to
 * pre-fill with replacements.
 * Returns: the map. Errors: none; aborts on OOM.
 */
kr_equiv *kr_equiv_new(void);

/**
 * Map variable `old` to `new_var` in e (replacing what it mapped to), as
 * `memo[old] = new_var`. Errors: none; aborts on OOM.
 */
void kr_equiv_set_variable(kr_equiv *e, const kr_variable *old,
			   kr_variable *new_var);

/** The number of entries of e (variables and nodes), as `len(memo)`. */
size_t kr_equiv_size(const kr_equiv *e);

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

/**
 * The graph's Apply nodes, as PyTensor's `fgraph.apply_nodes` (a set: the
 * order is unspecified and changes when nodes leave).
 * @param[out] n their number. Returns: a borrowed array, valid until the
 * next mutation.
 */
kr_apply *const *kr_fgraph_apply_nodes(const kr_fgraph *fg, size_t *n);

/**
 * Number of the graph's variables, as `len(fgraph.variables)`: outputs of
 * its nodes (used or not) and the inputs and atomic variables in use.
 */
size_t kr_fgraph_nvariables(const kr_fgraph *fg);

/** True when node is one of the graph's Apply nodes (not an Output). */
bool kr_fgraph_has_node(const kr_fgraph *fg, const kr_apply *node);

/**
 * True when v is one of the graph's variables, as PyTensor's `v in fgraph`:
 * outputs of its nodes (used or not) and the inputs and atomic variables
 * (constants, nominal variables) that some node or output uses.
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
 * Record (node, i) as a client of var again, as PyTensor's
 * `fgraph.add_client(var, (node, i))`: for features that took a client
 * away with kr_fgraph_remove_client(). The entry goes last in var's
 * clients.
 * Returns: 0. Errors: KR_EINVALID when node (an Apply node or an Output
 * pseudo-node) is not in the graph, its input i is not var, var is not a
 * variable of the graph, or (node, i) is already recorded; nothing
 * changes then. Cost: O(1) amortised.
 */
int kr_fgraph_add_client(kr_fgraph *fg, kr_variable *var, kr_apply *node,
			 int i);

/**
 * Take (node, i) out of var's clients, as PyTensor's
 * `fgraph.remove_client(var, (node, i), reason)`; a pair that is not
 * recorded is ignored. When var has no client left it leaves the graph
 * as after a replacement: an ownerless var leaves the variables (an input
 * stays an input); a var whose node has no used output has that node
 * pruned (its outputs leave the graph, on_prune fires with reason) and
 * its inputs lose the node as a client in turn, recursively. node still
 * lists var as its input i, so the graph fails
 * kr_fgraph_check_integrity() until the client is added back or the
 * input changed.
 * Returns: 0. Errors: KR_ENOTFOUND when var is not in the graph (as
 * PyTensor's KeyError). Cost: O(what is pruned).
 */
int kr_fgraph_remove_client(kr_fgraph *fg, kr_variable *var, kr_apply *node,
			    int i, const char *reason);

/**
 * The Output client of output i, as PyTensor's `get_output_client(i)`:
 * the pair (Output pseudo-node, 0).
 * Returns: 0. Errors: KR_ENOTFOUND when there is no output i (PyTensor's
 * LookupError).
 */
int kr_fgraph_get_output_client(kr_client *out, const kr_fgraph *fg,
				size_t i);

/**
 * The Apply nodes in PyTensor 2.32's `io_toposort` order: an iterative
 * depth-first search from the outputs that pushes a node's input owners
 * in order and pops the last first, so the rightmost subtree comes first.
 * Only nodes the outputs depend on are listed (a graph of one node lists
 * it, as PyTensor does). With orderings from the features
 * (kr_fgraph_orderings(): a DestroyHandler's, say), as in PyTensor 2.32
 * the order is kr_general_toposort()'s over the outputs, where a
 * variable depends on its owner unless it is an input of the graph, and
 * a node on its inputs, then on its prerequisites.
 * @param[out] out a new array of the nodes. @param[out] n its length.
 * Returns: 0. Errors: KR_EINVALID when the graph (with the orderings) has
 * a cycle; an orderings hook's error.
 * Cost: O(nodes + edges), no recursion; hashing only with orderings.
 */
int kr_fgraph_toposort(kr_apply ***out, size_t *n, const kr_fgraph *fg);

/**
 * The merged orderings of the attached features, as PyTensor's
 * `fgraph.orderings()`: every feature's constraints in attach order,
 * without repeated pairs.
 * @param[out] out a new array. @param[out] n its length.
 * Returns: 0. Errors: the first error an orderings hook returns.
 */
int kr_fgraph_orderings(kr_ordering **out, size_t *n, kr_fgraph *fg);

/**
 * PyTensor's `config.optimizer_verbose`: with a stream set, every
 * kr_fgraph_replace() first writes
 * `rewriting: rewrite REASON replaces VAR of OWNER with NEW of OWNER`
 * (a missing reason or owner prints as `None`, as Python prints it);
 * kr_fgraph_replace_all_validate() (features.h, which rewriters use)
 * replaces without those lines and, as PyTensor's ReplaceValidate,
 * writes that line once for its last pair when the result validates, or
 * `rewriting: validate failed on node VAR.` and ` Reason: REASON, MSG`
 * when it does not; a SequentialNodeRewriter writes
 * `rewriting: rewrite RW replaces node NODE with [NEW, ...]` (a map-form
 * result as `{OLD: NEW, ...}`) for each of its rewriters that applies.
 * Shape: stream NULL turns the trace off (the default). The setting is
 * global to the process, as PyTensor's config. Errors: none.
 */
void kr_set_optimizer_verbose(FILE *stream);

/** The stream set by kr_set_optimizer_verbose(), or NULL. */
FILE *kr_optimizer_verbose(void);

/**
 * Replace var by new_var everywhere in the graph, as PyTensor's
 * `fgraph.replace`: every client of var (Output pseudo-clients included,
 * so an output can be replaced) is changed with
 * kr_fgraph_change_node_input(); the nodes new_var needs are imported
 * first; nodes left unused are pruned.
 *
 * new_var is first filtered through var's type, as PyTensor's
 * `var.type.filter_variable(new_var, allow_convert=True)`: a variable of
 * a type as specific as var's is taken as it is; a less specific tensor
 * of the same dtype and ndim is wrapped in a SpecifyShape of var's static
 * shape (kr_convert_variable()), so the clients keep their types.
 *
 * Shape: `reason` (may be NULL) is passed to the features.
 * Returns: 0, also when var is not in the graph (nothing happens).
 * Errors: KR_EINVALID when new_var cannot be converted (another kind,
 * dtype or ndim), also when var is not in the graph, or when var has
 * clients and their static lengths conflict (the SpecifyShape keeps
 * new_var's, which kr_type_is_super() refuses, as PyTensor's
 * change_node_input); KR_ENOTFOUND when new_var depends on a variable
 * that is not an input. On error the graph is unchanged (unlike
 * PyTensor, which may leave it half-changed on a missing input).
 */
int kr_fgraph_replace(kr_fgraph *fg, kr_variable *var, kr_variable *new_var,
		      const char *reason);

/**
 * kr_fgraph_replace() with flags: KR_IMPORT_MISSING makes the missing
 * inputs new_var needs graph inputs (PyTensor's `import_missing=True`).
 */
int kr_fgraph_replace_ex(kr_fgraph *fg, kr_variable *var,
			 kr_variable *new_var, const char *reason,
			 unsigned flags);

/** kr_fgraph_replace_all() with flags (see kr_fgraph_replace_ex()). */
int kr_fgraph_replace_all_ex(kr_fgraph *fg, size_t n,
			     kr_variable *const *olds,
			     kr_variable *const *news, const char *reason,
			     unsigned flags);

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
 * is already that input. Unlike kr_fgraph_replace() it converts nothing,
 * as PyTensor's.
 * Returns: 0. Errors: KR_EINVALID when node is not in the graph, or the
 * types are incompatible (kr_type_is_super(): new_var must be as
 * specific as the input); KR_ENOTFOUND for a missing input. On error the
 * graph is unchanged. Asserts i is in range.
 */
int kr_fgraph_change_node_input(kr_fgraph *fg, kr_apply *node, int i,
				kr_variable *new_var, const char *reason);

/**
 * kr_fgraph_change_node_input() with flags: KR_IMPORT_MISSING (see
 * kr_fgraph_replace_ex()) and KR_NO_TYPE_CHECK (PyTensor's `check=False`).
 */
int kr_fgraph_change_node_input_ex(kr_fgraph *fg, kr_apply *node, int i,
				   kr_variable *new_var, const char *reason,
				   unsigned flags);

/**
 * Import a variable, as PyTensor's `fgraph.import_var(var, reason,
 * import_missing)`: import its owner (and what that needs) if it is not
 * in the graph yet, and make v one of the graph's variables.
 * Returns: 0. Errors: KR_ENOTFOUND when v, or a variable its owner needs,
 * is ownerless, not atomic and not an input (PyTensor's
 * MissingInputError), unless flags has KR_IMPORT_MISSING: then it becomes
 * an input. On error nothing changes.
 */
int kr_fgraph_import_var(kr_fgraph *fg, kr_variable *v, const char *reason,
			 unsigned flags);

/** kr_fgraph_import_node() with flags (KR_IMPORT_MISSING). */
int kr_fgraph_import_node_ex(kr_fgraph *fg, kr_apply *node,
			     const char *reason, unsigned flags);

/**
 * Import node and every node it depends on that is not in the graph yet,
 * as PyTensor's `fgraph.import_node`, firing on_import for each new node
 * in topological order. Imported nodes stay even when nothing uses them.
 * Returns: 0. Errors: KR_ENOTFOUND when they depend on an ownerless
 * non-atomic variable that is not an input (nothing is imported then).
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

/** kr_fgraph_add_output() with flags (KR_IMPORT_MISSING). */
int kr_fgraph_add_output_ex(kr_fgraph *fg, kr_variable *v, const char *reason,
			    unsigned flags);

/**
 * Remove a node and everything that depends on it, as PyTensor's
 * `fgraph.remove_node`: every client of its outputs is removed in turn
 * (a graph output it computes is removed as by kr_fgraph_remove_output());
 * then its arrows from its inputs: an input left without clients leaves
 * the graph's variables (an ownerless one stays in the inputs list), and
 * a node none of whose other outputs is still in the graph is removed
 * too. on_prune fires for each removed node after its removal
 * (downstream nodes first). Nothing happens when node is not in the graph.
 * Returns: 0. Errors: none. Cost: O(removed nodes + their edges); no
 * recursion.
 */
int kr_fgraph_remove_node(kr_fgraph *fg, kr_apply *node, const char *reason);

/**
 * Remove input i, as PyTensor's `fgraph.remove_input`: it leaves the
 * inputs list (another place of a repeated input stays) and every node
 * using it is removed (kr_fgraph_remove_node()).
 * A graph output that is that very input stays (as in PyTensor; the graph
 * then fails kr_fgraph_check_integrity()).
 * Returns: 0. Errors: KR_ENOTFOUND when there is no input i.
 */
int kr_fgraph_remove_input(kr_fgraph *fg, size_t i, const char *reason);

/**
 * Remove output i, as PyTensor's `fgraph.remove_output`: later outputs
 * move down one place (their Output pseudo-nodes are renumbered in
 * place, their labels move with them) and what only that output used is
 * pruned (on_prune fires).
 * Returns: 0. Errors: KR_ENOTFOUND when there is no output i.
 */
int kr_fgraph_remove_output(kr_fgraph *fg, size_t i, const char *reason);

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
 * Check the graph's bookkeeping against a fresh walk from the outputs, as
 * PyTensor's `check_integrity` (a debugging aid): every node and variable
 * the outputs need is in the graph and no other (nodes imported but
 * unused count as excess, as in PyTensor), every ownerless non-atomic
 * variable needed is an input, every input of a node records the node as
 * a client, every recorded client uses the variable, and the Output
 * clients agree with the outputs.
 * Returns: 0. Errors: KR_ERROR with a message "inconsistent graph: ..."
 * describing the first inconsistency, after PyTensor's words for its kind
 * ("The following nodes are inappropriately cached", "The following
 * variables are inappropriately cached", "Inconsistent clients list",
 * "Undeclared input", "Client not in FunctionGraph"). Cost: O(size of
 * the graph).
 */
int kr_fgraph_check_integrity(const kr_fgraph *fg);

/**
 * The repr of a graph, as PyTensor's `repr(fgraph)`:
 * `FunctionGraph(add(z, mul(x, true_div(z, x))))`. Nodes are printed
 * `op(arg, ...)` and leaves with kr_variable_to_string(); a node used more
 * than once is printed `*n -> op(...)` where first met and `*n` after,
 * numbered in the order they are first met (PyTensor numbers them in an
 * unspecified order, the same when only one node is shared); several
 * outputs are separated by `, `.
 * Returns: a collected string. Cost: O(size of the graph + output).
 */
char *kr_fgraph_repr(const kr_fgraph *fg);

#endif
