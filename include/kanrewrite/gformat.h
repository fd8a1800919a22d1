/* kanrewrite/gformat.h -- the graph text format: reading and writing. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_GFORMAT_H
#define KANREWRITE_GFORMAT_H

#include "fgraph.h"

/**
 * @file kanrewrite/gformat.h
 * FunctionGraphs as text, in the format of the shared graphs' FORMAT.md
 * (version 1): one comment line, then `(input NAME TYPE)` lines in input
 * order, `(constant NAME TYPE VALUE)` lines in name order and
 * `(output K NAME TYPE EXPR)` lines, where EXPR is a name or
 * `(TOKEN EXPR ...)`, a node referenced twice or more is written
 * `#n=(...)` first and `#n#` afterwards, output k of a node of several
 * outputs is `(...)::k` or `#n#::k`, and TYPE is
 * `(tensor DTYPE DIM ...)` (DIM `?` or a length) or `(scalar DTYPE)`.
 * PyTensor's NoneConst (kr_none_const(), the free entries of a
 * SpecifyShape) is written `None` in an EXPR and not declared; the reader
 * takes an undeclared `None` as it (an extension of FORMAT.md, whose
 * graphs have no NoneConst).
 *
 * The reader also accepts the shorthand of `kanrewrite rewrite`:
 * declarations `(matrix A B)`, `(vector v)`, `(scalar s)` (float64) and
 * bare expressions, each of which becomes an output; numbers in
 * expressions are float64 scalar constants. Both forms may be mixed.
 *
 * Op tokens: `Dot` is kr_op_dot(); an elementwise op of our library is
 * written by its name (`add`), or `ps.add` when applied to ScalarTypes;
 * a registered op is found by name (kr_op_lookup()); any other token
 * loads as kr_op_opaque(token).
 */

/**
 * Read a graph from text.
 *
 * @param[out] out the FunctionGraph: inputs in declaration order, outputs
 * in order with their labels (kr_fgraph_output_name()); constants keep
 * their names for the writer; every declared constant is a distinct
 * object, even when equal to another.
 * @param[out] comment (may be NULL) the first comment line without its
 * `; `, or NULL when there is none.
 * Shape: `name` names the text in messages.
 * Returns: 0. Errors: KR_ESYNTAX for malformed text (a value not written
 * as its dtype's values are, one that does not fit its dtype or an
 * integer beyond 2^53, which the double of an element cannot hold
 * exactly, included) or an empty text (no form, no comment),
 * KR_ENOTFOUND for an undeclared name, label or dtype, KR_EEXISTS for a
 * name declared twice,
 * KR_EINVALID for a type error of a node or a declared output type that
 * the expression's type contradicts; the message starts with
 * "NAME:LINE:COL: ". Lines may end with LF, CR LF or CR.
 * Cost: O(length of the text); no recursion on the nesting depth.
 */
int kr_gformat_read(kr_fgraph **out, char **comment, const char *text,
		    const char *name);

/**
 * Write a graph in the format, exactly as the shared graphs are written:
 * `comment` (NULL: a default naming the node count) as the first line
 * after `; `, then the input, constant and output lines, each ending with
 * a newline. Inputs and constants never share a name, so the text reads
 * back as the same graph: constants read from text keep their names;
 * other constants are named `$k` (k by first occurrence in the
 * depth-first, left-to-right walk of the outputs), or `$nk` in a graph
 * that was read from text (a rewrite's new constants, as FORMAT.md names
 * them). Unnamed inputs are written `_k` (k their position), an input
 * whose name an earlier one has `name_2` ..., and unlabelled outputs by
 * the output variable's name, else `out_k`. The format
 * (version 1) has no form for a nominal variable (kr_nominal_new()): it
 * is written as kr_variable_to_string() prints it (`*1-x`), which
 * kr_gformat_read() rejects (an undeclared name, or a syntax error).
 * Returns: a collected string. Errors: none; aborts on OOM.
 * Cost: O(size of the graph + output); no recursion.
 */
char *kr_gformat_write(const kr_fgraph *fg, const char *comment);

/**
 * The token of an op in the format for a node whose output has type
 * `out_type` (see above). Returns: a collected string.
 */
char *kr_op_token(const kr_op *op, const kr_type *out_type);

/** The op of a token (see above; unknown tokens give opaque ops). */
kr_op *kr_op_from_token(const char *token);

/**
 * A type in the format: `(tensor float64 ? ?)`, `(scalar int64)`;
 * kr_type_none() gives `(none)`, which the reader does not take (its one
 * constant, NoneConst, is written `None` and never declared).
 * Returns: a collected string.
 */
char *kr_type_to_sexp(const kr_type *t);

#endif
