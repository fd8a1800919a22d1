/* kanrewrite/error.h -- error codes and the last error message. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_ERROR_H
#define KANREWRITE_ERROR_H

/**
 * @file kanrewrite/error.h
 * Error codes of fallible operations (libgit2's convention).
 *
 * kanrewrite has three error lanes:
 *  1. logical failure is a result, not an error: kr_unify() returns NULL when
 *     there is no unifier, a stream ends with NULL, a node rewriter returns
 *     NULL when it does not apply;
 *  2. fallible operations (reading, type checking, graph replacement, I/O)
 *     return an int: 0 on success or one of the negative codes below, with
 *     the output parameter first; the message is in kr_error_last();
 *  3. misuse of the API (a NULL term, the car of an atom) is caught by an
 *     assertion that aborts with a message naming the function.
 *
 * Running out of memory is in no lane: it aborts the process with a message
 * on stderr ("kanrewrite: out of memory"), so constructors never return NULL
 * for lack of memory. A function whose comment names no error can fail only
 * this way or by misuse.
 */

/** Error codes returned by fallible operations (always negative). */
typedef enum {
	KR_OK = 0,         /**< success */
	KR_ERROR = -1,     /**< generic failure */
	KR_EOF = -2,       /**< end of input */
	KR_ESYNTAX = -3,   /**< malformed text */
	KR_ENOTFOUND = -4, /**< a name, tag or file that does not exist */
	KR_EINVALID = -5,  /**< a value of the wrong type or shape */
	KR_ELIMIT = -6,    /**< a step, size or use limit was reached */
	KR_EEXISTS = -7,   /**< a name that is already taken */
	/**
	 * a graph that cannot be run as it stands, as PyTensor's
	 * InconsistencyError: a variable destroyed twice or read after it
	 * is destroyed (DestroyHandler), a removed node brought back
	 */
	KR_EINCONSISTENT = -8
} kr_error_code;

/** The last error of this thread. */
typedef struct kr_error {
	int code;            /**< a kr_error_code */
	const char *message; /**< a one-line message, never NULL */
} kr_error;

/**
 * The last error set in this thread.
 *
 * Returns: a pointer to a thread-local record that stays valid until the
 * next fallible call in this thread; code KR_OK and message "no error" when
 * nothing failed yet.
 * Errors: none.
 */
const kr_error *kr_error_last(void);

/**
 * Record an error for kr_error_last() and return its code.
 *
 * Shape: printf-style format; an argument may be kr_error_last()->message
 * itself, to report an error again with context. Used by the library and
 * by extensions (user ops, user rewriters) that report errors through the
 * same lane. A message is cut at 2047 bytes.
 * Returns: code, so that `return kr_error_set(KR_EINVALID, ...)` reads well.
 * Errors: none (it never allocates: the message is copied into a fixed
 * per-thread buffer).
 */
int kr_error_set(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/**
 * Forget the last error: kr_error_last() reports KR_OK again.
 * Errors: none.
 */
void kr_error_clear(void);

/** Name of an error code ("KR_ESYNTAX" ...); "KR_?" for an unknown code. */
const char *kr_error_name(int code);

#endif
