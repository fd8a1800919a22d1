/* kanrewrite/read.h -- reading terms from S-expression text. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_READ_H
#define KANREWRITE_READ_H

#include "term.h"

/**
 * @file kanrewrite/read.h
 * The S-expression reader, as Scheme's `read`: lists `( ... )` or
 * `[ ... ]`, dotted pairs `(a . b)`, symbols, integers (64 bits; a
 * larger literal is a syntax error), reals, ratios `n/d` (read as the
 * real n / d, or the integer when d divides n; `n/0` is a syntax error),
 * strings
 * with R6RS escapes (`\n \t \a \b \v \f \r \\ \"`, `\x41;`, and a
 * backslash ending a line, which drops the line end and the blanks around
 * it; any other escape is a syntax error, as in Chez Scheme), `#t`/`#f`
 * (read as the symbols `#t` and `#f`), quote forms `'x` `` `x `` `,x`
 * `,@x` (read as `(quote x)`, `(quasiquote x)`, `(unquote x)`,
 * `(unquote-splicing x)`), and comments `;`, `#| |#`, `#;`.
 * Every list cell read remembers where its element started, so that later
 * errors can name the line and column of a subterm.
 */

/**
 * A reader (opaque): a cursor over borrowed text, with the positions of the
 * list cells it read.
 */
typedef struct kr_reader kr_reader;

/**
 * A reader over text (not copied: it must stay unchanged while reading).
 * Shape: `name` is the file name used in messages ("<stdin>" ...); it is
 * copied, and NULL names the text "<input>" in messages and in
 * kr_reader_name().
 */
kr_reader *kr_reader_new(const char *text, const char *name);

/**
 * Read the next form.
 * Returns: 0 and *out set; KR_EOF at the end of the text; KR_ESYNTAX with
 * kr_error_last() saying "NAME:LINE:COL: what" for malformed text (the
 * reader then skips to the end of the text, unless kr_reader_recover()
 * is called).
 */
int kr_reader_next(kr_term **out, kr_reader *r);

/**
 * After kr_reader_next() failed on malformed text, drop the rest of the
 * top-level form it was reading (counting its open lists and skipping
 * strings and comments), so that the next call reads the form after it,
 * as a Scheme REPL goes on after a reader error.
 * Returns: 0 (also when nothing failed); KR_EOF when the text ends first,
 * or a string or comment in the rest is unterminated (the reader then
 * stays at the end). Cost: O(length of the dropped text).
 */
int kr_reader_recover(kr_reader *r);

/** Line and column (both from 1) where the last form read started. */
void kr_reader_form_position(const kr_reader *r, int *line, int *col);

/**
 * Where the element held by a list cell read by r started.
 * Returns: true and the position, or false for a cell r did not read.
 */
bool kr_reader_cell_position(const kr_reader *r, const kr_term *cell,
			     int *line, int *col);

/** Name given to kr_reader_new() ("<input>" for NULL). */
const char *kr_reader_name(const kr_reader *r);

/**
 * Read exactly one term from text.
 * Returns: 0 and *out set; KR_ESYNTAX for malformed text, for an empty
 * text, or for text left after the first form.
 */
int kr_read_term(kr_term **out, const char *text, const char *name);

#endif
