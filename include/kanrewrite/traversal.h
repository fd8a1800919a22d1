/* kanrewrite/traversal.h -- walks, sorts and substitutions on plain graphs. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_TRAVERSAL_H
#define KANREWRITE_TRAVERSAL_H

#include "fgraph.h"

/**
 * @file kanrewrite/traversal.h
 * Graph utilities that work on plain graphs of variables and Apply nodes,
 * without a kr_fgraph, as the functions of PyTensor 2.32's `graph.basic`
 * and `graph.replace`. Every result has PyTensor 2.32's order: the order
 * is part of the contract, and the tests check it.
 *
 * A graph is given by arrays of variables (none NULL). Results are new
 * arrays in collected memory (never NULL, even when empty) with their
 * length in an out-parameter; they are not affected by later changes of
 * the graph. Every function is iterative (any depth of graph is fine) and
 * runs in time linear in the part of the graph it visits, unless its Cost
 * says otherwise.
 *
 * Two kinds of walk. The fixed walks (kr_ancestors() ... kr_clone()) keep
 * their state in the variables and nodes themselves (a fresh traversal
 * epoch each), so they neither allocate per visited object nor hash; no
 * callback runs during one of them. The generic walks, kr_graph_walk() and
 * kr_general_toposort(), run a user callback for each object met and keep
 * their state in hash maps of their own, never in the objects: a callback
 * may start any other walk, a nested generic walk included, without
 * disturbing the one that called it.
 *
 * Only kr_io_toposort(), kr_clone_replace(), kr_graph_replace(),
 * kr_clone(), kr_general_toposort() and kr_equal_computations() sort or
 * pair nodes in order and so can meet a cycle (a
 * graph a kr_fgraph was made to rewire into one, or a deps callback that
 * makes one): they then fail with KR_EINVALID instead of looping (PyTensor
 * loops in io_toposort, and raises "graph contains cycles" in
 * general_toposort). The other walks stop at objects already seen, so they
 * terminate on any graph.
 */

/**
 * The variables the graphs depend on, themselves included, as PyTensor's
 * `ancestors(graphs, blockers)`.
 *
 * Shape: graphs[0..n) and blockers[0..nblockers) (blockers may be NULL
 * when nblockers is 0) are variables. Returns the variables in the order
 * of a depth-first walk whose stack starts with the graphs (the last one
 * on top) and pushes an owner's inputs reversed, so the first input is
 * visited first; each variable once. A blocker is listed when met but its
 * owner is not entered.
 * @param[out] count the length of the result.
 * Returns: a new array. Errors: none; aborts on OOM.
 */
kr_variable **kr_ancestors(size_t *count, size_t n, kr_variable *const *graphs,
			   size_t nblockers, kr_variable *const *blockers);

/**
 * The Apply nodes the graphs depend on, their owners included, as
 * PyTensor >= 2.34's `apply_ancestors(graphs, blockers)` (the queue of
 * its `dfs_rewriter`).
 *
 * Shape: graphs[0..n) and blockers[0..nblockers) (blockers may be NULL
 * when nblockers is 0) are variables. Order: 2.34's right-recursive
 * depth-first walk, unlike kr_ancestors()'s 2.32 one: the stack starts
 * with the graphs (the last one on top) and pushes an owner's inputs in
 * order, so the last input is visited first; a node is listed when the
 * first of its outputs is met, once, and a blocker's owner is listed but
 * not entered. For `add(mul(x, y), exp(x))`: add, exp, mul.
 * @param[out] count the length of the result.
 * Returns: a new array. Errors: none; aborts on OOM.
 */
kr_apply **kr_apply_ancestors(size_t *count, size_t n,
			      kr_variable *const *graphs, size_t nblockers,
			      kr_variable *const *blockers);

/**
 * The number of Apply nodes of the graphs written out as trees: a node
 * is counted once for every path to it from graphs[0..n), as PyTensor's
 * pprint writes a shared subexpression at each use and as the term view
 * (etuplize) unfolds it. `add(s, s)` with s = `mul(x, y)` counts 3.
 * Sharing makes this exponential in the depth, so the count saturates:
 * Returns: the count, or cap when it is cap or more (a cap of SIZE_MAX
 * acts as SIZE_MAX - 1). Errors: none.
 * Cost: O(number of distinct nodes and edges), whatever the count; no
 * recursion.
 */
size_t kr_graph_tree_size(size_t n, kr_variable *const *graphs, size_t cap);

/**
 * The variables named `name` among those the graphs depend on, as
 * PyTensor's `get_var_by_name(graphs, name)` (which also matches auto
 * names; variables here have none).
 * Order: the right-recursive walk of kr_apply_ancestors(), each variable
 * once. @param[out] count the length of the result.
 * Returns: a new array (empty when none has that name). Errors: none.
 */
kr_variable **kr_get_var_by_name(size_t *count, size_t n,
				 kr_variable *const *graphs, const char *name);

/**
 * The ownerless variables the graphs depend on, as PyTensor's
 * `graph_inputs(graphs, blockers)`: kr_ancestors() without the variables
 * that have an owner. Constants are listed (PyTensor lists them too; a
 * kr_fgraph built without inputs leaves them out). A blocker with an owner
 * is not listed.
 * @param[out] count the length of the result.
 * Returns: a new array, in kr_ancestors() order. Errors: none.
 */
kr_variable **kr_graph_inputs(size_t *count, size_t n,
			      kr_variable *const *graphs, size_t nblockers,
			      kr_variable *const *blockers);

/**
 * PyTensor's `explicit_graph_inputs(graphs)`: the inputs a user must
 * provide, kr_graph_inputs() without the Constants (PyTensor also leaves
 * out its shared variables, which we do not have); nominal variables
 * stay. For `sum(x + y + z)` with y a constant, `[x]` when z is shared.
 * @param[out] count the length of the result.
 * Returns: a new array, in kr_graph_inputs() order. Errors: none.
 */
kr_variable **kr_explicit_graph_inputs(size_t *count, size_t n,
				       kr_variable *const *graphs);

/**
 * The variables between ins and outs, as PyTensor's `vars_between`: the
 * outputs, every variable met going up from them (all outputs of a node
 * met, also those not used), stopping at the ins and at ownerless
 * variables, and those stops themselves.
 *
 * Order: breadth first from the outputs (first output first); a variable
 * with an owner that is not in ins adds the owner's outputs reversed, then
 * its inputs reversed, to the back of the queue; each variable once.
 * @param[out] count the length of the result.
 * Returns: a new array. Errors: none.
 */
kr_variable **kr_vars_between(size_t *count, size_t nins,
			      kr_variable *const *ins, size_t nouts,
			      kr_variable *const *outs);

/**
 * The ownerless variables between ins and outs that are not ins, as
 * PyTensor's `orphans_between`: for `x + y` with ins `[x]`, `[y]`.
 * Constants count. @param[out] count the length of the result.
 * Returns: a new array, in kr_vars_between() order. Errors: none.
 */
kr_variable **kr_orphans_between(size_t *count, size_t nins,
				 kr_variable *const *ins, size_t nouts,
				 kr_variable *const *outs);

/**
 * The Apply nodes between ins and outs, as PyTensor's `applys_between`:
 * the owners of the variables of kr_vars_between() that are not ins, in
 * that order. A node of several outputs is listed once, where PyTensor
 * 2.32 repeats it for each of its outputs met (2.34's `apply_ancestors`
 * lists it once, as here).
 * @param[out] count the length of the result.
 * Returns: a new array. Errors: none.
 */
kr_apply **kr_applys_between(size_t *count, size_t nins,
			     kr_variable *const *ins, size_t nouts,
			     kr_variable *const *outs);

/**
 * The Apply nodes that compute outs from ins, in PyTensor 2.32's
 * `io_toposort(inputs, outputs)` order (kr_fgraph_toposort() without
 * orderings): a stack seeded with the outputs' owners (the first output's
 * on top); a popped node whose outputs are all computed is skipped, one
 * whose inputs are all computed is listed, otherwise it goes back under
 * the owners of its uncomputed inputs (the last input's on top). The ins
 * and ownerless variables count as computed, so nothing above an in is
 * listed even when it has an owner.
 * @param[out] out a new array of the nodes. @param[out] count its length.
 * Returns: 0. Errors: KR_EINVALID when the graph has a cycle (PyTensor
 * loops), naming a node on it; *out is then unchanged.
 */
int kr_io_toposort(kr_apply ***out, size_t *count, size_t nins,
		   kr_variable *const *ins, size_t nouts,
		   kr_variable *const *outs);

/**
 * Whether v depends on one of the given variables, v itself included, as
 * PyTensor's `variable_depends_on(v, depends_on)`: a variable of
 * depends_on is among kr_ancestors(v). Depending on one output of a node
 * of several outputs does not make its other outputs dependent.
 * Returns: the answer. Errors: none. Cost: stops at the first hit.
 */
bool kr_variable_depends_on(const kr_variable *v, size_t n,
			    kr_variable *const *depends_on);

/**
 * Whether the node or one of the nodes it depends on is among the given
 * nodes, as PyTensor's `apply_depends_on(apply, depends_on)` (which
 * replaced `is_in_ancestors(l_apply, f_apply)`: that is this function
 * with one node).
 * Returns: the answer. Errors: none. Cost: stops at the first hit.
 */
bool kr_apply_depends_on(const kr_apply *node, size_t n,
			 kr_apply *const *depends_on);

/**
 * The closest variables to the outputs that do not depend on the
 * ancestors to include, plus those ancestors the outputs meet, as
 * PyTensor's `truncated_graph_inputs(outputs, ancestors_to_include)`:
 * enough variables to compute the outputs, none computable from the
 * others.
 *
 * Shape: outs[0..n) and include[0..ninclude) are variables. Without
 * ancestors to include (ninclude 0) the result is the outputs without
 * repeats. Otherwise a stack starts with the outputs (the last on top);
 * a popped variable not seen before is either an ancestor to include
 * (listed; its inputs are pushed when it depends on another ancestor to
 * include) or a regular variable, which is dependent when it depends on an
 * ancestor to include or on a regular variable visited before it (inputs
 * pushed) and listed otherwise. Inputs are pushed in order, so the last
 * is visited first; an input already seen is not pushed.
 * @param[out] count the length of the result.
 * Returns: a new array. Errors: none.
 * Cost: linear in the graph for the first answer; a regular variable that
 * depends only on regular variables visited earlier (PyTensor's quirk)
 * costs a walk of its ancestors, so a pathological graph can cost up to
 * O(size x result).
 */
kr_variable **kr_truncated_graph_inputs(size_t *count, size_t n,
					kr_variable *const *outs,
					size_t ninclude,
					kr_variable *const *include);

/**
 * Copy the graph of the outputs with variables replaced, as PyTensor's
 * `clone_replace(outputs, replace)` (share_inputs=True).
 *
 * Shape: keys[0..nrep) and vals[0..nrep) are the pairs of the
 * replacement (a later pair with the same key wins, as in a dict). Every
 * node the outputs depend on is copied, except above a key: a key is
 * replaced by a copy of its value, and the replacement is simultaneous,
 * not recursive (with {x: x * 2}, the x inside the value stays x). The
 * values' graphs are copied too (one copy each shared subgraph), apart
 * from the outputs' copy; ownerless variables and constants are shared.
 * An output that is a key gives its value's copy; an ownerless output is
 * returned itself. Each copied node whose inputs changed type is rebuilt
 * by kr_apply_clone_with_new_inputs() (strict by default, as PyTensor's
 * rebuild_collect_shared): a more specific value makes the node anew, a
 * less specific one reaches each client through its own SpecifyShape of
 * the key's type.
 * @param[out] out a new array of n variables, the copies of the outputs.
 * Returns: 0. Errors: KR_EINVALID when, strict, a value cannot be
 * converted to its key's type (another kind, dtype or ndim:
 * kr_convert_variable()), or on a cycle; *out is then unchanged.
 */
int kr_clone_replace(kr_variable ***out, size_t n, kr_variable *const *outs,
		     size_t nrep, kr_variable *const *keys,
		     kr_variable *const *vals);

/**
 * How kr_clone_replace_opts() rebuilds, as the keywords PyTensor's
 * `clone_replace(..., **rebuild_kwds)` passes to rebuild_collect_shared.
 */
typedef struct kr_rebuild_opts {
	/**
	 * `rebuild_strict` (default true): a value must be convertible to
	 * its key's type (kr_filter_variable()). False: any value is taken,
	 * and a node one
	 * of whose inputs changed type is made anew by its op
	 * (kr_apply_clone_with_new_inputs() not strict), so output types
	 * follow (an fvector replaced by a dvector gives float64 results).
	 */
	bool rebuild_strict;
	/**
	 * `copy_inputs_over` (default true): the ownerless variables of the
	 * graph (inputs, and the values' own inputs) are shared with the
	 * copy. False: each is copied once (same type and name; constants
	 * and nominal variables are still shared), so the copy has no
	 * input of the original.
	 */
	bool copy_inputs_over;
} kr_rebuild_opts;

/** PyTensor's defaults: strict, inputs shared. */
#define KR_REBUILD_OPTS_INIT {true, true}

/**
 * kr_clone_replace() with options (NULL: KR_REBUILD_OPTS_INIT).
 * Errors: as kr_clone_replace(); when not rebuild_strict, KR_EINVALID
 * (the op's message) when an op rejects the new inputs of a node.
 */
int kr_clone_replace_opts(kr_variable ***out, size_t n,
			  kr_variable *const *outs, size_t nrep,
			  kr_variable *const *keys, kr_variable *const *vals,
			  const kr_rebuild_opts *opts);

/**
 * Replace variables in the graph of the outputs, as PyTensor's
 * `graph_replace(outputs, replace, strict)`: as kr_clone_replace(), but
 * only the nodes on a path from a key to an output are rebuilt (with
 * their new inputs); the rest of the graph, and the values' graphs, are
 * shared with the originals. An output that depends on no key is
 * returned itself. Where keys are nested, the one nearer the outputs
 * wins (PyTensor replaces in reverse topological order): a key inside the
 * replaced part of another key is not used. Each value goes through
 * kr_convert_variable() to its key's type first, as PyTensor's
 * fg.replace: a less specific one is wrapped in one SpecifyShape, which
 * every client of the key (an output that is the key included) uses.
 * @param[out] out a new array of n variables.
 * Returns: 0. Errors: KR_EINVALID when `strict` and a key is not in the
 * graph of the outputs (PyTensor's "Some replacements were not used"),
 * when a value's type cannot replace its key's even through a
 * SpecifyShape (another kind, dtype or ndim, or static lengths in
 * conflict), or on a cycle; *out is then unchanged.
 */
int kr_graph_replace(kr_variable ***out, size_t n, kr_variable *const *outs,
		     size_t nrep, kr_variable *const *keys,
		     kr_variable *const *vals, bool strict);

/**
 * Whether two lists of graphs compute the same thing, as PyTensor's
 * `equal_computations(xs, ys, in_xs, in_ys)` (strict_dtype=True).
 *
 * Shape: xs[0..nx), ys[0..ny); in_xs[0..nin_x) and in_ys[0..nin_y) pair
 * variables to be taken as equal (x and y inputs of two graphs built
 * separately). A pair of variables is equal when it is paired by
 * in_xs/in_ys, is the same variable, is two constants of equal type and
 * value (kr_constant_equal()), or is the same output of two nodes with
 * equal ops (kr_op_equal()), as many inputs and outputs, and pairwise
 * equal inputs. At the top, types must be of the same class (dtype, rank
 * and which dimensions are broadcastable) unless x is in in_xs, and an
 * ownerless x must be paired, equal or the same as y.
 * @param[out] out the answer (false when nin_x != nin_y, as PyTensor).
 * Returns: 0. Errors: KR_EINVALID when nx != ny (PyTensor's
 * ValueError), or when the walk meets a cycle (a graph a kr_fgraph was
 * made to rewire into one); *out is then unchanged.
 * Cost: linear in the two graphs (each pair of nodes compared once).
 */
int kr_equal_computations(bool *out, size_t nx, kr_variable *const *xs,
			  size_t ny, kr_variable *const *ys, size_t nin_x,
			  kr_variable *const *in_xs, size_t nin_y,
			  kr_variable *const *in_ys);

/* ------------------------------------------------------- generic walks */

/**
 * The children of an object in a kr_graph_walk() (PyTensor's `expand`) or its
 * dependencies in a kr_general_toposort() (`deps`): set *children to an
 * array of *n objects (none NULL), or *children to NULL for none
 * (PyTensor's None; *n is then ignored), and return 0; or return a
 * negative error code (with kr_error_set()), which stops the walk and is
 * what the walk returns. The array is read when the callback returns and
 * handed back as it is in kr_graph_walk_entry.items, so it should not be a
 * buffer the callback reuses. `node` is the object met, `ud` the walk's
 * user data.
 */
typedef int (*kr_graph_expand_fn)(void ***children, size_t *n, void *node,
				  void *ud);

/**
 * The identity of an object in a kr_graph_walk(), as PyTensor's `hash_fn`
 * (default `id`): two objects with the same key (a non-NULL pointer) are
 * the same to the walk, which meets only the first of them.
 */
typedef const void *(*kr_graph_key_fn)(const void *node, void *ud);

/** How kr_graph_walk() walks, as the keywords of PyTensor's `walk`. */
typedef struct kr_graph_walk_opts {
	/** `bfs` (default true): breadth first; false: depth first. */
	bool bfs;
	/** `hash_fn` (default NULL: the object's own address, `id`). */
	kr_graph_key_fn key;
} kr_graph_walk_opts;

/** PyTensor's defaults: breadth first, objects compared by address. */
#define KR_GRAPH_WALK_OPTS_INIT {true, NULL}

/**
 * An object and a list of objects: a step of kr_graph_walk_children() (the
 * object met and its children as expand gave them, PyTensor's
 * `return_children=True` pairs), or an entry of kr_general_toposort()'s
 * clients map (an object and the objects that depend on it).
 */
typedef struct kr_graph_walk_entry {
	void *node;
	void **items; /**< NULL for PyTensor's None */
	size_t n;     /**< 0 when items is NULL */
} kr_graph_walk_entry;

/** The state of a lazy kr_graph_walk() (opaque); see kr_graph_walk_start(). */
typedef struct kr_graph_walker kr_graph_walker;

/**
 * Start a walk from objects of any kind (variables, Apply nodes, or a mix,
 * through `void *`), as PyTensor's generator `walk(nodes, expand, bfs,
 * return_children, hash_fn)`; nothing runs until kr_graph_walk_next().
 *
 * Shape: nodes[0..n) (none NULL) seed a double-ended queue. Each step
 * takes an object from the front (bfs) or the back (depth first); an
 * object whose key was met before is skipped; otherwise it is met: expand
 * gives its children, which are appended to the back in their order. So
 * depth first visits the last child first. opts NULL: KR_GRAPH_WALK_OPTS_INIT;
 * it is copied. The walker keeps its own queue and seen set, so expand
 * may start other walks, and change the graph (the walk follows what
 * expand returns).
 * Returns: the walker. Errors: none; aborts on OOM.
 */
kr_graph_walker *kr_graph_walk_start(size_t n, void *const *nodes,
				     kr_graph_expand_fn expand, void *ud,
				     const kr_graph_walk_opts *opts);

/**
 * The next object met by a walk and its children.
 * @param[out] out the object and expand's result for it.
 * Returns: 0 and *out set; KR_EOF when the walk is over (also after an
 * error); the error expand returned, leaving *out unchanged.
 * Cost: one expand call, plus the objects skipped as seen before.
 */
int kr_graph_walk_next(kr_graph_walk_entry *out, kr_graph_walker *w);

/**
 * All the objects a walk meets, in order: `list(walk(nodes, expand, bfs,
 * hash_fn=...))` (see kr_graph_walk_start()). For test_basic.py's graph
 * o2 = MyOp(r3, o1), o1 = MyOp(r1, r2) with `expand` giving an owner's
 * inputs: o2, r3, o1, r1, r2 breadth first; o2, o1, r2, r1, r3 depth first.
 * @param[out] out a new array. @param[out] count its length.
 * Returns: 0. Errors: what expand returned; *out is then unchanged.
 * Cost: one expand call per object met; O(1) expected per object queued.
 */
int kr_graph_walk(void ***out, size_t *count, size_t n, void *const *nodes,
		  kr_graph_expand_fn expand, void *ud,
		  const kr_graph_walk_opts *opts);

/**
 * kr_graph_walk() with `return_children=True`: each object met with expand's
 * result for it, as (o2, [r3, o1]), (r3, None), (o1, [r1, r2]), (r1, None),
 * (r2, None) for the graph of kr_graph_walk().
 * @param[out] out a new array of *count entries.
 * Returns: 0. Errors: what expand returned; *out is then unchanged.
 */
int kr_graph_walk_children(kr_graph_walk_entry **out, size_t *count,
			   size_t n, void *const *nodes,
			   kr_graph_expand_fn expand, void *ud,
			   const kr_graph_walk_opts *opts);

/**
 * The objects the outputs depend on, themselves included, each after all
 * its dependencies, as PyTensor 2.32's `general_toposort(outputs, deps,
 * clients=...)` (the sort of io_toposort with orderings).
 *
 * Shape: outputs[0..n) are objects of any kind; deps (a
 * kr_graph_expand_fn) gives an object's dependencies, and is called once
 * per object (PyTensor's deps_cache; its compute_deps_cache/deps_cache
 * pair, a shortcut for Python, has no counterpart). The objects are found
 * by a depth-first kr_graph_walk() from the outputs with deps as expand; an
 * object without dependencies is a source, in that walk's order; then,
 * taking the sources first in first out, an object is listed and each of
 * its clients whose dependencies are now all listed joins the sources.
 * For o2 = MyOp(o, r5), o = MyOp(r1, r2) with deps giving a variable's
 * owner and a node's inputs: r5, r2, r1, o's node, o, o2's node, o2.
 * @param[out] out a new array of the objects. @param[out] count its
 * length.
 * @param[out] clients (may be NULL, with nclients) PyTensor's `clients`
 * dict: an entry per object that is a dependency, in the order the walk
 * first met it as one, listing the objects that depend on it in walk
 * order, once per time it is among their dependencies (`o` twice for
 * o = MyOp(r1, r1) as client of r1). @param[out] nclients its length.
 * Returns: 0. Errors: KR_EINVALID "graph contains cycles" when the
 * dependencies make a cycle (fewer objects listed than met; PyTensor's
 * ValueError); what deps returned. The outputs are then unchanged.
 * Cost: linear in the objects and dependencies met (one hash per object).
 */
int kr_general_toposort(void ***out, size_t *count,
			kr_graph_walk_entry **clients, size_t *nclients,
			size_t n, void *const *outputs, kr_graph_expand_fn deps,
			void *ud);

/* ------------------------------------------------------------- cloning */

/**
 * Copy the graph between inputs and outputs into memo, the map from each
 * original to its copy, as PyTensor's `clone_get_equiv(inputs, outputs,
 * copy_inputs, copy_orphans, memo)`.
 *
 * Shape: memo NULL starts an empty map; otherwise memo (kr_equiv_new(),
 * maybe pre-filled: kr_equiv_set_variable()) is filled in place, and the
 * entry a variable already has is used, not replaced (a node's entry is
 * replaced when the node is copied). In order: each input gets
 * an entry, a fresh ownerless copy (same type and name) with copy_inputs,
 * itself without it or when it is atomic (kr_variable_is_atomic()); then
 * the nodes of
 * kr_io_toposort(inputs, outputs), in that order: an input of the node
 * without an entry (an orphan) gets a copy with copy_orphans (atomic ones:
 * themselves), itself otherwise; then, unless every output of the node
 * already has an entry (its copy is not needed: with memo {a: z}, the
 * owner of a is not copied and gets no entry), the node is copied over
 * its inputs' entries (kr_apply_clone_with_new_inputs(), strict) and
 * gets an entry, and so do its outputs that had none. Last, an output
 * still without an entry gets a fresh copy (PyTensor's `output.clone()`,
 * also when copy_orphans is false; an atomic one is its own copy).
 * @param[out] out memo, or the new map.
 * Returns: 0. Errors: KR_EINVALID on a cycle, or when a memo entry's type
 * cannot stand for the variable it replaces (a node copy rejects it);
 * *out is then unchanged and memo partly filled.
 * Cost: linear in the graph (one hash per variable and node).
 */
int kr_clone_get_equiv(kr_equiv **out, kr_equiv *memo, size_t nin,
		       kr_variable *const *inputs, size_t nout,
		       kr_variable *const *outputs, bool copy_inputs,
		       bool copy_orphans);

/**
 * Copy the graph between inputs and outputs, as PyTensor's `clone(inputs,
 * outputs, copy_inputs, copy_orphans)`: kr_clone_get_equiv() with an
 * empty map, giving the copies of the inputs and of the outputs.
 * PyTensor's copy_orphans=None (its default) is copy_inputs: pass the
 * same value twice. Constants and nominal variables are never copied:
 * clone([c], [c]) is
 * ([c], [c]) whatever the flags.
 * @param[out] new_inputs (may be NULL) a new array of nin variables.
 * @param[out] new_outputs (may be NULL) a new array of nout variables.
 * Returns: 0. Errors: as kr_clone_get_equiv(); the outputs are then
 * unchanged.
 */
int kr_clone(kr_variable ***new_inputs, kr_variable ***new_outputs,
	     size_t nin, kr_variable *const *inputs, size_t nout,
	     kr_variable *const *outputs, bool copy_inputs, bool copy_orphans);

#endif
