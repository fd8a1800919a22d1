/* kanrewrite/program.h -- reading a file of typed declarations and graphs. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_PROGRAM_H
#define KANREWRITE_PROGRAM_H

#include "fgraph.h"

/**
 * @file kanrewrite/program.h
 * The input language of `kanrewrite rewrite`: a sequence of S-expressions,
 * each either a typed input declaration or a graph expression.
 *
 *   (matrix A B x y z w)                  ; declares six float64 matrices
 *   (vector v) (scalar s)                 ; float64 vectors, scalars
 *   (dot A (add x (add y (dot B (add z w)))))
 *
 * A graph expression is a declared name, a number (a float64 scalar
 * constant) or `(op arg ...)` with an op of the op library (kr_op_lookup).
 * Names must be declared before use and at most once.
 *
 * A file that has an `(input ...)`, `(constant ...)` or `(output ...)`
 * form at top level is in the full graph format of FORMAT.md instead (see
 * gformat.h, which also accepts the shorthand forms mixed in): it is read
 * by kr_gformat_read() and its graphs are the outputs of that graph, in
 * order.
 */

/**
 * A program read by kr_program_read() (opaque): its graphs in order, where
 * each starts, and its declared inputs by name.
 */
typedef struct kr_program kr_program;

/**
 * Read a program from text.
 * Returns: 0 and *out set; KR_ESYNTAX for malformed text, KR_ENOTFOUND for
 * an undeclared name or unknown op, KR_EINVALID for a type or arity error
 * or a bad declaration; in the full format, the errors of
 * kr_gformat_read(). The message starts with "NAME:LINE:COL: " naming
 * the place of the offending subterm.
 */
int kr_program_read(kr_program **out, const char *text, const char *name);

/**
 * The FunctionGraph of a file in the full format (its outputs are the
 * program's graphs, its inputs the declared names), or NULL for the
 * shorthand. Borrowed.
 */
kr_fgraph *kr_program_fgraph(const kr_program *p);

/** Number of graph expressions in the program. */
size_t kr_program_count(const kr_program *p);

/**
 * Output variable of graph expression i (in order of appearance).
 * Asserts i < kr_program_count(p).
 */
kr_variable *kr_program_graph(const kr_program *p, size_t i);

/**
 * Where graph expression i starts (line and column from 1): in the full
 * format, the `(output ...)` form (or bare expression) giving output i.
 * Asserts i < kr_program_count(p).
 */
void kr_program_position(const kr_program *p, size_t i, int *line, int *col);

/** The declared input of that name, or NULL. */
kr_variable *kr_program_lookup(const kr_program *p, const char *name);

#endif
