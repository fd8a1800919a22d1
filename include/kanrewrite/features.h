/* kanrewrite/features.h -- the standard FunctionGraph features. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_FEATURES_H
#define KANREWRITE_FEATURES_H

#include <stdio.h>

#include "fgraph.h"

/**
 * @file kanrewrite/features.h
 * The features of PyTensor's `graph.features`: validated replacement with
 * rollback (ReplaceValidate = History + Validator), full history, node
 * finding, a printing listener and name preservation.
 *
 * As in PyTensor, every kr_fgraph made by kr_fgraph_new() already has a
 * ReplaceValidate feature attached (named "ReplaceValidate"), so
 * kr_fgraph_replace_validate() and kr_fgraph_checkpoint() work on any graph
 * unless that feature was removed. A feature that keeps state of its
 * graph (History, FullHistory, ReplaceValidate, NodeFinder) follows one
 * graph at a time: attaching it to a second graph fails with KR_EINVALID.
 * The stateless ones (Validator, PrintListener, PreserveVariableAttributes)
 * may serve several graphs, as in PyTensor. Each one's clone hook makes a
 * fresh one of the same kind (same settings) for
 * kr_fgraph_clone_get_equiv().
 */

/* -------------------------------------------------------- ReplaceValidate */

/**
 * A new History feature, as PyTensor's `History`: it records every input
 * change since the last checkpoint so that kr_fgraph_revert() can undo
 * them. Only one level: a checkpoint forgets older changes.
 * Attaching it where a History or ReplaceValidate is already attached does
 * nothing (PyTensor's AlreadyThere). Errors: none; aborts on OOM.
 */
kr_feature *kr_history_new(void);

/**
 * A new ReplaceValidate feature (History + Validator), as PyTensor's
 * `ReplaceValidate`; kr_fgraph_new() attaches one to every graph.
 * It also remembers the variables a kr_fgraph_replace_all_validate_remove()
 * wanted removed: re-importing their nodes makes the next validation fail
 * with KR_EINCONSISTENT ("Trying to reintroduce a removed node").
 */
kr_feature *kr_replace_validate_new(void);

/**
 * Start a new checkpoint, as `fgraph.checkpoint()`: forget the recorded
 * changes and return a new counter value in *out (1, 2, ...).
 * Returns: 0. Errors: KR_ENOTFOUND when no History feature is attached.
 */
int kr_fgraph_checkpoint(kr_fgraph *fg, unsigned long *out);

/**
 * Undo every change since the checkpoint chk, most recent first, as
 * `fgraph.revert(chk)` (through change_node_input without the type check;
 * the reason given to features is "Revert").
 * Returns: 0. Errors: KR_ENOTFOUND without History; KR_EINVALID when chk
 * is not the latest checkpoint (nothing is undone then).
 */
int kr_fgraph_revert(kr_fgraph *fg, unsigned long chk);

/**
 * Replace and validate, as `fgraph.replace_validate(r, new_r, reason)`:
 * kr_fgraph_replace_all_validate() of one pair.
 */
int kr_fgraph_replace_validate(kr_fgraph *fg, kr_variable *var,
			       kr_variable *new_var, const char *reason);

/**
 * Replace each pair in order, then validate, as PyTensor's
 * `replace_all_validate`: a checkpoint is taken first; when a replacement
 * fails (incompatible type, missing input) or a validate hook refuses the
 * result, every change is reverted and the graph is as before.
 * Returns: 0. Errors: the failing step's code (KR_EINVALID for a type
 * error, KR_ENOTFOUND for a missing input, the validate hook's code), with
 * a message "replace_validate: ..." naming the pair and the cause;
 * KR_ENOTFOUND without a ReplaceValidate/History feature.
 */
int kr_fgraph_replace_all_validate(kr_fgraph *fg, size_t n,
				   kr_variable *const *olds,
				   kr_variable *const *news,
				   const char *reason);

/**
 * As kr_fgraph_replace_all_validate(), then check that every variable of
 * `remove` left the graph, as PyTensor's `replace_all_validate_remove`;
 * otherwise revert and fail. To require that a node disappears, pass one
 * of its outputs (a node is in the graph exactly when its outputs are).
 * Returns: 0. Errors: as kr_fgraph_replace_all_validate(); KR_EINVALID
 * with "replacement did not remove X" (PyTensor's
 * ReplacementDidNotRemoveError), the graph reverted.
 */
int kr_fgraph_replace_all_validate_remove(kr_fgraph *fg, size_t n,
					  kr_variable *const *olds,
					  kr_variable *const *news,
					  size_t nremove,
					  kr_variable *const *remove,
					  const char *reason);

/* -------------------------------------------------------------- Validator */

/**
 * A new Validator feature, as PyTensor's `Validator` (ReplaceValidate
 * includes one; kr_fgraph_validate() works without it as well).
 */
kr_feature *kr_validator_new(void);

/** True when kr_fgraph_validate() succeeds, as `fgraph.consistent()`. */
bool kr_fgraph_consistent(kr_fgraph *fg);

/* ------------------------------------------------------------ FullHistory */

/**
 * A new FullHistory feature, as PyTensor's `FullHistory(callback)`: every
 * input change is recorded so that the graph can go to any step, back and
 * forth. `callback` (may be NULL) is called with `data` after each
 * recorded change.
 */
kr_feature *kr_full_history_new(void (*callback)(void *data), void *data);

/** Number of recorded changes. */
size_t kr_full_history_len(const kr_feature *h);

/**
 * Current step: the number of recorded changes now applied (0 = start).
 * PyTensor's `pointer + 1`.
 */
size_t kr_full_history_step(const kr_feature *h);

/**
 * Go to step k (0 <= k <= kr_full_history_len()), undoing or redoing
 * changes, as `FullHistory.goto(k)`. The moves are not recorded.
 * Returns: 0. Errors: KR_EINVALID for a step out of range or a history
 * that is not attached; the error of an input change that fails while
 * undoing or redoing.
 */
int kr_full_history_goto(kr_feature *h, size_t k);

/**
 * Step back once (nothing at the start), as `FullHistory.prev()`.
 * Returns: 0 (also at step 0); otherwise as kr_full_history_goto()
 * (KR_EINVALID when the history is not attached, or an input-change error
 * while undoing).
 */
int kr_full_history_prev(kr_feature *h);

/**
 * Step forward once (nothing at the end), as `FullHistory.next()`.
 * Returns: 0 (also at the last step); otherwise as kr_full_history_goto().
 */
int kr_full_history_next(kr_feature *h);

/**
 * Go to step 0, as `FullHistory.start()`.
 * Returns: as kr_full_history_goto(h, 0): KR_EINVALID when the history is
 * not attached, even with nothing to undo.
 */
int kr_full_history_start(kr_feature *h);

/**
 * Go to the last step, as `FullHistory.end()`.
 * Returns: as kr_full_history_goto(h, kr_full_history_len(h)).
 */
int kr_full_history_end(kr_feature *h);

/* ------------------------------------------------------------- NodeFinder */

/**
 * A new NodeFinder feature, as PyTensor's `NodeFinder` (a Bookkeeper): on
 * attach it records every node of the graph, then follows imports and
 * prunes. Attaching a second NodeFinder to a graph does nothing.
 */
kr_feature *kr_node_finder_new(void);

/**
 * The nodes whose op equals op (kr_op_equal()), as `fgraph.get_nodes(op)`,
 * in the order they were recorded.
 * @param[out] n the number of nodes.
 * Returns: a new array (NULL when n is 0), or NULL with n = 0 when no
 * NodeFinder is attached. Cost: O(nodes with that op).
 */
kr_apply **kr_fgraph_get_nodes(const kr_fgraph *fg, const kr_op *op,
			       size_t *n);

/* ------------------------------------------------------- PrintListener etc */

/**
 * A new PrintListener, as PyTensor's `PrintListener(active)`: prints
 * `-- attaching to:  G`, `-- detaching from:  G`,
 * `-- importing: NODE, reason: R`, `-- pruning: NODE, reason: R` and
 * `-- changing (NODE.inputs[i]) from OLD to NEW` lines to `out` (stdout
 * when NULL) while `active`.
 */
kr_feature *kr_print_listener_new(FILE *out, bool active);

/** Turn a PrintListener on or off. */
void kr_print_listener_set_active(kr_feature *f, bool active);

/**
 * A new PreserveVariableAttributes feature, as PyTensor's: when an input
 * changed from a named node output to an unnamed variable, the new
 * variable takes the old name.
 */
kr_feature *kr_preserve_variable_attributes_new(void);

#endif
