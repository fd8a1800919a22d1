/* kanrewrite/pprint.h -- printing graphs as PyTensor prints them. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_PPRINT_H
#define KANREWRITE_PPRINT_H

#include <stdio.h>

#include "fgraph.h"

/**
 * @file kanrewrite/pprint.h
 * Graph printers with PyTensor's output: the infix pretty printer
 * `pytensor.pprint` with the printers assigned to ops, `pytensor.dprint`,
 * and Graphviz DOT. They walk graphs with an explicit stack, so any depth
 * is fine; pprint lists a shared subexpression at each use. The string
 * forms PyTensor defines with the graph itself -- str(node), the
 * `FunctionGraph(...)` repr and `graph.basic.as_string` -- are in graph.h
 * and fgraph.h (kr_apply_to_string(), kr_fgraph_repr(), kr_as_string()).
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
