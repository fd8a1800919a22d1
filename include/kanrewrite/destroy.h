/* kanrewrite/destroy.h -- DestroyHandler: in-place ops in a FunctionGraph. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_DESTROY_H
#define KANREWRITE_DESTROY_H

#include "fgraph.h"

/**
 * @file kanrewrite/destroy.h
 * PyTensor's `graph.destroyhandler.DestroyHandler` and the `Supervisor`
 * of `compile.function.types`: the features that keep a graph with
 * in-place ops runnable.
 *
 * An op declares with its descriptor's `destroy_map` that an output
 * overwrites an input, and with its `view_map` that an output is a view
 * of an input (op.h). Views chain: the variable a chain of views starts
 * from is the *root* (PyTensor's foundation) of every variable of the
 * chain, and destroying any of them destroys the root and all its views
 * (its *impact*). The DestroyHandler follows the graph's changes and
 * checks, on kr_fgraph_validate(), what PyTensor 2.32 checks with its
 * default `cycle_detection="regular"`:
 *
 *  - no root is destroyed twice ("Multiple destroyers of x");
 *  - no Constant and no indestructible variable
 *    (kr_variable_set_indestructible()) is destroyed, directly or
 *    through a view ("Attempting to destroy indestructible variables:
 *    [x]");
 *  - a destroyer uses no other alias of what it destroys as an input,
 *    unless its op tolerates it (`tolerate_same`: the very same variable
 *    at that input; `tolerate_aliased`: any alias there): "Input
 *    aliasing: AddInPlace(x, x) (0, 1)";
 *  - every other node reading the destroyed root or one of its views
 *    can run before the destroyer: these orderings (the hook of
 *    kr_fgraph_toposort()) and the graph's edges have no cycle
 *    ("Dependency graph contains cycles").
 *
 * Each failure is KR_EINCONSISTENT (PyTensor's InconsistencyError), so
 * kr_fgraph_replace_all_validate() reverts a replacement that breaks a
 * rule, MergeOptimizer counts it as a failed merge, and node processing
 * reports it (kr_failure_warn_inplace() ignores it). A node whose op has
 * a malformed destroy_map or view_map (an output of several inputs, an
 * index out of range) is KR_EINVALID instead, as PyTensor raises
 * NotImplementedError there: a fault of the op, reported, not ignored.
 * A graph without destroyers is always valid (nothing is checked, as in
 * PyTensor).
 * Graph inputs are not protected by the DestroyHandler: that is the
 * Supervisor's work (kr_supervisor_new()).
 */

/**
 * A new DestroyHandler feature, as PyTensor's `DestroyHandler()`. On
 * attach it records every node of the graph (in io_toposort order, then
 * the nodes no output needs), then follows imports,
 * prunes and input changes; its validate hook checks the rules above,
 * its orderings hook gives, for every destroyer, the other nodes
 * reading its destroyed root or the root's views. Attaching it where a
 * DestroyHandler is attached already does nothing (PyTensor's
 * AlreadyThere); attaching it to a second graph fails with KR_EINVALID.
 * Its clone hook makes a new one (kr_fgraph_clone()).
 * Errors: none; aborts on OOM.
 * Cost: O(1) per node imported or pruned or input changed, plus O(views
 * of the changed input); validation of a graph with destroyers costs
 * O(destroyers * impact + nodes + edges) (the cycle check walks the
 * whole graph, as PyTensor's does).
 */
kr_feature *kr_destroy_handler_new(void);

/** The DestroyHandler attached to fg, or NULL. */
kr_feature *kr_fgraph_destroy_handler(const kr_fgraph *fg);

/**
 * The node destroying v, as PyTensor's `fgraph.destroyers(v)` (a list of
 * one or none): the destroyer of v's root when v is that root or one of
 * its views.
 * Returns: the node, or NULL when nothing destroys v, when fg has no
 * DestroyHandler, or when the graph is inconsistent (a root destroyed
 * twice: PyTensor's `destroyers` swallows that error).
 * Cost: O(1) after a change of the graph rebuilds the roots
 * (O(destroyers * impact)).
 */
kr_apply *kr_fgraph_destroyer(kr_fgraph *fg, const kr_variable *v);

/**
 * Whether some variable of vars is destroyed, as PyTensor's
 * `fgraph.has_destroyers(vars)` with `cycle_detection="regular"`.
 * @param[out] out the answer.
 * Returns: 0. Errors: KR_ENOTFOUND when fg has no DestroyHandler;
 * KR_EINCONSISTENT when a root is destroyed twice ("Multiple destroyers
 * of x"), as PyTensor raises there.
 */
int kr_fgraph_has_destroyers(bool *out, kr_fgraph *fg, size_t n,
			     kr_variable *const *vars);

/**
 * The nodes of the graph whose op has a destroy_map, as PyTensor's
 * `destroy_handler.destroyers`, in the order they were recorded.
 * @param[out] n their number.
 * Returns: a new array (NULL when n is 0). Asserts dh is a DestroyHandler.
 */
kr_apply **kr_destroy_handler_destroyers(const kr_feature *dh, size_t *n);

/**
 * The variable v is a view of, as PyTensor's `destroy_handler.view_i[v]`:
 * input `input` of v's owner for a view_map entry (output of v, input).
 * Returns: that input, or NULL when v is no view (or dh is not attached).
 */
kr_variable *kr_destroy_handler_view_of(const kr_feature *dh,
					const kr_variable *v);

/**
 * The direct views of v, as PyTensor's `destroy_handler.view_o[v]`, in
 * the order they were recorded. @param[out] n their number.
 * Returns: a new array, or NULL when n is 0.
 */
kr_variable **kr_destroy_handler_views(const kr_feature *dh,
				       const kr_variable *v, size_t *n);

/**
 * A new Supervisor feature, as PyTensor's `Supervisor(protected)`: its
 * validate hook fails when a DestroyHandler of the graph reports a
 * destroyer (kr_fgraph_destroyer()) of one of the protected variables
 * or of a graph output: "Trying to destroy a protected variable: x"
 * (KR_EINCONSISTENT). A graph without DestroyHandler always passes.
 * PyTensor's compiled functions protect every input that is not
 * declared mutable this way. Attaching it where a Supervisor is already
 * attached does nothing; to a second graph, KR_EINVALID.
 * Shape: `vars` holds n variables (copied; may be NULL when n is 0).
 * Errors: none; aborts on OOM.
 */
kr_feature *kr_supervisor_new(size_t n, kr_variable *const *vars);

#endif
