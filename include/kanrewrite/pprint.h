/* kanrewrite/pprint.h -- printing graphs as PyTensor prints them. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_PPRINT_H
#define KANREWRITE_PPRINT_H

#include <stdio.h>

#include "fgraph.h"

/**
 * @file kanrewrite/pprint.h
 * Graph printers with PyTensor's output: the infix pretty printer
 * `pytensor.pprint` and the `FunctionGraph(...)` repr (`graph.basic.
 * as_string`). Both walk graphs with an explicit stack, so any depth is
 * fine; the output of a graph that shares subexpressions lists a shared
 * subexpression at each use (pprint) or once (repr).
 */

/**
 * A variable as an expression, as PyTensor's `pprint(var)`.
 *
 * Shape: a variable whose owner's op has an operator printer
 * (kr_pprint_assign()) prints as `(a OP b OP c)` with parentheses always
 * (`(OPa)` with one input); one with a pattern or function printer as
 * kr_pprint_assign_pattern() or kr_pprint_assign_function() say; other
 * nodes print as `op(a, b)`, op as PyTensor's str() of it (`Exp(x)` for
 * an op computing a tensor, as its Elemwise prints; `exp(x)` on scalar
 * types); a constant as its value, without its name (PyTensor's
 * ConstantPrinter); other leaves as kr_variable_to_string() (a nominal
 * variable `*1-x`). Defaults: add `+`, mul `*`, sub `-`, true_div `/`,
 * neg `-`, dot `@` (the PyTensor doc's OperatorPrinter("@", -1,
 * "left")). E.g. `(A @ (x + (y + (B @ (z + w)))))`.
 * Returns: a collected string. Errors: none; aborts on OOM.
 * Cost: O(length of the output).
 */
char *kr_pprint(const kr_variable *v);

/**
 * Assign an operator printer to every op equal to `op`, as PyTensor's
 * `pprint.assign(op, OperatorPrinter(symbol, precedence, assoc))`; a later
 * assignment wins. `symbol` NULL removes the op's printer, whichever
 * kind (the op prints as `name(args)` again).
 * Shape: `assoc` is "left", "right" or "either" (asserted); precedence and
 * assoc are recorded (the output is fully parenthesised anyway).
 */
void kr_pprint_assign(const kr_op *op, const char *symbol, int precedence,
		      const char *assoc);

/**
 * Assign a pattern printer to every op equal to `op`, as PyTensor's
 * `pprint.assign(op, PatternPrinter(pattern0, pattern1, ...))`; it
 * replaces the op's printer (a later assignment wins; kr_pprint_assign()
 * with symbol NULL removes it).
 *
 * Shape: n >= 1 patterns, one per output of the op (pattern k prints
 * output k), each a Python %-format over the mapping {"0": input 0, "1":
 * input 1, ...} of the inputs' expressions: `%(N)s` is input N, `%%` a
 * `%`, anything else literal. E.g. "|%(0)s - %(1)s|" prints op1(x, y) as
 * `|x - y|`; an input may appear several times or not at all. PyTensor's
 * per-input precedences are not taken: no printer reads them (operator
 * printers parenthesise fully). A node whose output has no pattern
 * (PyTensor's IndexError) or that lacks an input its pattern names
 * (KeyError) prints with the default printer, `op(a, b)`.
 * Returns: 0. Errors: KR_EINVALID for a conversion other than `%(N)s`
 * and `%%` (width, flags, other letters, an unkeyed `%s`), a key that is
 * not an input number in decimal (`%(x)s`, `%(01)s`), or a key past the
 * op's most inputs (kr_op_desc.max_inputs); nothing is assigned then.
 * Cost: O(length of the patterns).
 */
int kr_pprint_assign_pattern(const kr_op *op, size_t n,
			     const char *const *patterns);

/**
 * Assign a function printer to every op equal to `op`, as PyTensor's
 * `pprint.assign(op, FunctionPrinter(names))`: output k of a node prints
 * as `names[k](a, b)` with its inputs' expressions (`f()` without
 * inputs); as kr_pprint_assign_pattern() it replaces the op's printer,
 * and a node whose output has no name prints with the default printer.
 * FunctionPrinter's `keywords` (op attributes as `kw=value`) are not
 * offered.
 * Shape: n >= 1 names (copied). Errors: none; aborts on OOM.
 */
void kr_pprint_assign_function(const kr_op *op, size_t n,
			       const char *const *names);

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

/**
 * The outputs' part of that repr for any variables, as PyTensor's
 * `graph.basic.as_string(graph_inputs(outputs), outputs)` joined by `, `:
 * `true_div(mul(*1 -> add(y, z), x), *1)`.
 * Returns: a collected string.
 */
char *kr_graph_repr(size_t n, kr_variable *const *outputs);

/**
 * How kr_as_string() prints a leaf (PyTensor's `leaf_formatter`, default
 * `str`): a collected string for v, which is one of the inputs or an
 * ownerless variable. `ud` is kr_as_string()'s.
 */
typedef char *(*kr_leaf_formatter_fn)(const kr_variable *v, void *ud);

/**
 * How kr_as_string() prints a node (PyTensor's `node_formatter`, default
 * `op(arg, ...)`): a collected string for node given the strings of its
 * nargs inputs, in order.
 */
typedef char *(*kr_node_formatter_fn)(const kr_apply *node, size_t nargs,
				      char *const *args, void *ud);

/**
 * The graph between explicit inputs and the outputs as strings, one per
 * output, as PyTensor's `graph.basic.as_string(inputs, outputs,
 * leaf_formatter, node_formatter)`: the walk stops at the inputs, which
 * need not be graph inputs and print as leaves even when they have an
 * owner. For c = MyOp(a, a) with a = MyOp(r1, r2): ["MyOp(a, a)"] with
 * inputs [a], ["MyOp(*1 -> MyOp(r1, r2), *1)"] with inputs [r1, r2].
 *
 * Shape: ins[0..nins) and outs[0..nouts) are variables; leaf and node may
 * be NULL for PyTensor's defaults (kr_variable_to_string() and `op(args)`
 * as kr_graph_repr() prints them). Sharing is counted as PyTensor counts
 * it: a node is shared when two outputs are its outputs, or when it owns
 * an input of the nodes of applys_between(inputs, outputs) twice, a node
 * being counted once per output of it that vars_between meets (PyTensor
 * 2.32's applys_between repeats a node of several outputs, so the owner
 * of an input of such a node is shared even when used once; kr_graph_repr()
 * counts each node once). A shared node prints `*n -> ...` where first
 * met (numbered in that order) and `*n`, with `::i` for output i of a
 * node of several outputs, afterwards.
 * Returns: a new array of nouts collected strings. Errors: none; aborts
 * on OOM. Cost: O(size of the graph + output), plus the formatters.
 * The formatters may run any walk (this one keeps no state in the graph).
 */
char **kr_as_string(size_t nins, kr_variable *const *ins, size_t nouts,
		    kr_variable *const *outs, kr_leaf_formatter_fn leaf,
		    kr_node_formatter_fn node, void *ud);

/**
 * A node as PyTensor's str(node): `op(arg, ...)` with each input printed
 * by kr_variable_to_string(), e.g. `add(z, mul.0)` (one level only).
 * Returns: a collected string.
 */
char *kr_apply_to_string(const kr_apply *node);

/**
 * A graph as PyTensor's `pytensor.dprint(fgraph)` prints it (the current
 * box-drawing format): one line per variable, `op [id A] N` for a node
 * output, where A is an id in base-26 capitals given in printing order
 * and N the node's index in kr_fgraph_toposort(); `name [id B]` for a
 * leaf; children prefixed ` ├─ ` / ` └─ ` with ` │  ` continuation; a
 * node printed before is shown again as its head line followed by
 * `└─ ···`. A named node output gets ` 'name'` after its id. Outputs are
 * printed one after the other with shared ids.
 * Returns: a collected string, every line ending with a newline.
 * Cost: O(size of the output); no recursion.
 */
char *kr_fgraph_dprint(const kr_fgraph *fg);

/**
 * Variables as `pytensor.dprint(var)` prints them: as kr_fgraph_dprint()
 * without toposort indices.
 */
char *kr_dprint(size_t n, kr_variable *const *vars);

/** The id style of debugprint (PyTensor's id_type). */
typedef enum {
	KR_DPRINT_ID_CHAR, /**< `[id A]`, `[id B]`, ... (id_type="CHAR") */
	KR_DPRINT_ID_INT,  /**< `[id 0]`, `[id 1]`, ... (id_type="int") */
	KR_DPRINT_ID_NONE  /**< no id at all (id_type="") */
} kr_dprint_ids;

/** Options of debugprint, as pytensor.dprint's keyword arguments. */
typedef struct kr_dprint_opts {
	/** Levels printed below and including each root; -1: all. */
	int depth;
	/** The id style. */
	kr_dprint_ids ids;
	/** Each line also gets ` <type>` after its id (print_type). */
	bool print_type;
	/** A named node output is not expanded: `└─ ···` (stop_on_name). */
	bool stop_on_name;
} kr_dprint_opts;

/** PyTensor's defaults: all levels, letter ids, no types. */
#define KR_DPRINT_OPTS_INIT {-1, KR_DPRINT_ID_CHAR, false, false}

/**
 * kr_dprint() with options (NULL: the defaults), as pytensor.dprint(var,
 * depth=..., id_type=..., print_type=..., stop_on_name=...): e.g.
 * print_type gives `Add [id A] <Matrix(float64, shape=(?, ?))>`; a node
 * whose depth is exhausted prints its line only, as PyTensor's.
 * Returns: a collected string, every line ending with a newline.
 * Errors: none. Cost: O(size of the output); no recursion.
 */
char *kr_dprint_ex(size_t n, kr_variable *const *vars,
		   const kr_dprint_opts *opts);

/**
 * kr_fgraph_dprint() with options (NULL: the defaults): the toposort
 * indices as there, the options as kr_dprint_ex().
 * Returns: a collected string. Errors: none. Cost: as kr_fgraph_dprint().
 */
char *kr_fgraph_dprint_ex(const kr_fgraph *fg, const kr_dprint_opts *opts);

/**
 * kr_dprint_ex() written to the stream f as it is made, as
 * pytensor.dprint(var, file=f) prints: the text of a deep chain is
 * quadratic in its depth (each line is indented by its level), so it is
 * never held whole; memory is O(size of the graph).
 * Shape: f an open stream, written from its position and flushed;
 * vars[0..n) and opts as kr_dprint_ex().
 * Returns: 0, or KR_ERROR when writing to f failed (f's error flag is
 * set). Errors: none other. Cost: as kr_dprint_ex().
 */
int kr_dprint_file(FILE *f, size_t n, kr_variable *const *vars,
		   const kr_dprint_opts *opts);

/**
 * kr_fgraph_dprint_ex() written to the stream f as it is made, as
 * pytensor.dprint(fgraph, file=f); see kr_dprint_file().
 * Returns: 0, or KR_ERROR when writing to f failed.
 */
int kr_fgraph_dprint_file(FILE *f, const kr_fgraph *fg,
			  const kr_dprint_opts *opts);

/**
 * A Graphviz DOT digraph of a graph (PyTensor's pydotprint without
 * pydot): Apply nodes are boxes labelled with their op, inputs green
 * ellipses, constants grey boxes, outputs blue ellipses labelled with
 * their output labels; edges go from each variable to its users, labelled
 * with the input position when a node has several inputs.
 * Returns: a collected string (render with `dot -Tpng`).
 */
char *kr_fgraph_dot(const kr_fgraph *fg);

#endif
