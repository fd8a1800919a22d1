/* kanrewrite/print.h -- printing terms as S-expressions. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_PRINT_H
#define KANREWRITE_PRINT_H

#include <stdio.h>

#include "term.h"

/**
 * @file kanrewrite/print.h
 * Terms print as S-expressions the way faster-miniKanren prints answers:
 * proper lists `(a b c)`, improper ones `(a b . c)`, symbols by name,
 * strings in double quotes, reals always with a dot or exponent (`1.0`).
 * Etuples print as the list of their elements; unbound variables as `~name`
 * or `~_ID` (reify first for miniKanren's `_.0` names); foreign atoms with
 * their type's printer (graph Variables and Ops by name).
 */

/**
 * The printed form of t, a collected string.
 * Cost: O(size of t). Errors: none; aborts on OOM.
 */
char *kr_term_to_string(const kr_term *t);

/** Flags of kr_term_to_string_ex(). */
enum {
	/**
	 * Abbreviate a two-element list headed by `quote`, `quasiquote`,
	 * `unquote` or `unquote-splicing` as `'x`, `` `x ``, `,x`, `,@x`, as
	 * the Chez Scheme REPL prints faster-miniKanren's answers (its
	 * `write` does not).
	 */
	KR_PRINT_QUOTE = 1u << 0,
	/**
	 * Strings as their characters, without quotes or escapes, anywhere
	 * in the term: Scheme's `display` (the default is `write`).
	 */
	KR_PRINT_DISPLAY = 1u << 1,
	/**
	 * Reals as Chez Scheme's `write` prints them, as faster-miniKanren's
	 * answers show: positional when 10^-3 <= |x| < 10^10 (`0.001`,
	 * `123456.5`), else scientific without `+` or padding (`1e21`,
	 * `1.23e-4`), with the digits of Burger and Dybvig's free-format
	 * algorithm (a tie in the last place goes up), a subnormal with
	 * its bits of precision (`5e-324|1`). The default is Python's repr
	 * (`1e+21`, `0.000123`), as PyTensor and kanren print.
	 */
	KR_PRINT_SCHEME = 1u << 2,
	/**
	 * With KR_PRINT_QUOTE: a list whose tail is a two-element list
	 * headed by `unquote` ends in `. ,x` (`(a . ,b)` for
	 * `(a unquote b)`), as Chez Scheme's pretty-print, and so its REPL,
	 * prints it; its `display` and `write` do not, nor does it shorten
	 * the other three forms in a tail.
	 */
	KR_PRINT_PRETTY = 1u << 3
};

/**
 * kr_term_to_string with printing options: `flags` is a set of KR_PRINT_*
 * (0 prints as kr_term_to_string does).
 * Cost: O(size of t). Errors: none; aborts on OOM.
 */
char *kr_term_to_string_ex(const kr_term *t, unsigned flags);

/**
 * kr_term_to_string_ex with Chez Scheme's print-level and print-length:
 * a list nested deeper than `level` lists prints as `(...)`, and a list
 * of more than `length` elements shows the first `length` and then
 * `...` (its dotted tail too is then left out). A negative limit is no
 * limit. Chez's `time` prints its expression with both at 2:
 * `(f (g 1 ...))`. Shape: any term; etuples print as lists.
 * Cost: O(size of the printed part).
 * Errors: none; aborts on OOM.
 */
char *kr_term_to_string_limited(const kr_term *t, unsigned flags,
				long level, long length);

/** Print t to a stdio stream. Returns: 0 or KR_ERROR on a write error. */
int kr_term_fprint(FILE *f, const kr_term *t);

#endif
