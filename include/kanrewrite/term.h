/* kanrewrite/term.h -- immutable terms: variables, atoms, pairs, etuples. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_TERM_H
#define KANREWRITE_TERM_H

#include "common.h"

/**
 * @file kanrewrite/term.h
 * Terms are what unification, goals and relations work on. A term is one
 * pointer to an immutable, collected node of one of the kinds below.
 *
 *  - logic variables (`kr_var_new`);
 *  - atoms: interned symbols (compared by pointer), 64-bit integers, doubles,
 *    strings, the empty list `()`;
 *  - cons pairs, proper or improper lists;
 *  - expression tuples (etuples, as Python's `etuples`): an operator followed
 *    by its arguments. They unify like the proper list of their elements and
 *    carry a cache for the object they evaluate to (a graph Variable once
 *    evaluated by the graph layer);
 *  - foreign atoms: any user pointer described by a kr_foreign_type (name,
 *    equality, hash, printing). Ops and graph Variables enter terms this way;
 *    a foreign type may also "expand" an object into an etuple, which is how
 *    a graph Variable produced by an Apply node unifies as `(op input ...)`
 *    (PyTensor's `etuplize`, built lazily, one level at a time).
 *
 * The term protocol (as Python's `cons` package): kr_car()/kr_cdr() work on
 * cons pairs, non-empty etuples and expandable foreign atoms; kr_cons() of an
 * element onto an etuple is an etuple, and `kr_cons(kr_car(e), kr_cdr(e))` is
 * `e` itself, so the evaluated-object cache survives decomposition.
 */

/** A term (opaque, immutable, collected; see the file comment). */
typedef struct kr_term kr_term;

/** The kinds of term. */
typedef enum {
	KR_VAR,    /**< logic variable */
	KR_SYM,    /**< interned symbol */
	KR_INT,    /**< signed 64-bit integer */
	KR_REAL,   /**< double */
	KR_STR,    /**< string */
	KR_NIL,    /**< the empty list */
	KR_CONS,   /**< pair */
	KR_ETUPLE, /**< expression tuple */
	KR_FOREIGN /**< foreign atom */
} kr_kind;

/**
 * Descriptor of a foreign atom's type, as a Lua metatable for userdata.
 * Only `name` is required; NULL hooks take the default named beside them.
 */
typedef struct kr_foreign_type {
	/** Type name, shown in messages and the default printing. */
	const char *name;
	/** Equality of two objects of this type (default: same pointer). */
	bool (*equal)(const void *a, const void *b);
	/** Hash consistent with `equal` (default: hash of the pointer). */
	uint64_t (*hash)(const void *p);
	/** Printed form, a collected string (default: "#<name 0x...>"). */
	char *(*to_string)(const void *p);
	/**
	 * The etuple this object unifies as, non-empty, or NULL when it is
	 * atomic (default: always atomic); any other result is API misuse,
	 * which aborts naming the type. Called lazily by kr_car(), kr_cdr() and
	 * unification; the result's evaluated-object cache must be the object
	 * itself, so that rebuilding it evaluates to the same object.
	 */
	kr_term *(*expand)(const void *p);
	/**
	 * Unification of a pattern object with a term it is not equal to,
	 * as a `_unify` dispatch on a Python class (PyTensor's OpPattern
	 * against an Op): `other` is walked and is not a logic variable.
	 * Return false when they cannot unify; else true, with the *n pairs
	 * of terms that must unify in turn in (*pairs)[0..2n) (a collected
	 * array; *n may be 0). NULL: equality, then expansion. Logic
	 * variables inside the object are not seen by reification or the
	 * occurs check: they are bound through these pairs only.
	 */
	bool (*unify)(const void *p, kr_term *other, kr_term ***pairs,
		      size_t *n);
	/**
	 * Application of a callable object, a procedure of the host
	 * language (what a Python callable is as an etuple's operator):
	 * *out = the object applied to args[0..n). Returns 0, or a negative
	 * KR_E* code with the error set (kr_error_set). NULL: not callable.
	 * Used by kr_etuple_eval() and by kanren's applyo (relations.h).
	 * An op's atom (kr_op_term()) is callable: on graph variables and
	 * numbers it gives its output, or the list of its outputs.
	 */
	int (*call)(const void *p, size_t n, kr_term *const *args,
		    kr_term **out);
} kr_foreign_type;

/** Kind of a term. Errors: none (asserts t != NULL). */
kr_kind kr_term_kind(const kr_term *t);

/** Name of a kind ("var", "symbol", "int", "real", "string", "nil", "pair", "etuple", "foreign"). */
const char *kr_kind_name(kr_kind k);

/* ---------------------------------------------------------------- atoms */

/**
 * A new logic variable, distinct from every other.
 * Shape: `name` (may be NULL) is only used for printing (`~name`).
 * Cost: O(1). Errors: none; aborts on OOM.
 */
kr_term *kr_var_new(const char *name);

/** Unique id of a variable (increasing in creation order). Asserts kind. */
uint64_t kr_var_id(const kr_term *v);

/** Name given to kr_var_new(), or NULL. Asserts kind. */
const char *kr_var_name(const kr_term *v);

/** The interned symbol of that name: equal names give the same pointer. */
kr_term *kr_sym(const char *name);

/** Name of a symbol. Asserts kind. */
const char *kr_sym_name(const kr_term *s);

/** An integer atom. */
kr_term *kr_int(int64_t i);

/** Value of an integer atom. Asserts kind. */
int64_t kr_int_value(const kr_term *t);

/** A double atom. */
kr_term *kr_real(double d);

/** Value of a double atom. Asserts kind. */
double kr_real_value(const kr_term *t);

/** A string atom (the bytes are copied; may contain no NUL). */
kr_term *kr_str(const char *s);

/** Bytes of a string atom, NUL-terminated. Asserts kind. */
const char *kr_str_value(const kr_term *t);

/** The empty list `()` (a single shared term). */
kr_term *kr_nil(void);

/**
 * A foreign atom wrapping `ptr`.
 * Shape: `type` must outlive the term (usually static).
 * Errors: none; aborts on OOM.
 */
kr_term *kr_foreign(const kr_foreign_type *type, const void *ptr);

/** The pointer wrapped by a foreign atom. Asserts kind. */
void *kr_foreign_ptr(const kr_term *t);

/** The type of a foreign atom. Asserts kind. */
const kr_foreign_type *kr_foreign_type_of(const kr_term *t);

/** True when t is a foreign atom of exactly that type. */
bool kr_is_foreign_of(const kr_term *t, const kr_foreign_type *type);

/* ------------------------------------------------------ pairs and lists */

/**
 * The pair (a . d).
 * Shape: when `d` is an etuple the result is the etuple with `a` in front
 * (Python's cons merging rule); when `d` is the tail of an etuple `e` and
 * `a` equals the head of `e` (kr_equal()), the result is `e` itself, with
 * its evaluated object (etuples' `(add, 1) + e[-1:] is e`).
 * Cost: O(1) for pairs, O(len d) when a new etuple is built, plus the
 * kr_equal() of `a` and the head of `e` on the tail of an etuple.
 */
kr_term *kr_cons(kr_term *a, kr_term *d);

/**
 * First element of a pair, non-empty etuple or expandable foreign atom.
 * Asserts kr_is_pair(t).
 */
kr_term *kr_car(const kr_term *t);

/**
 * Rest of a pair, non-empty etuple (an etuple sharing the elements) or
 * expandable foreign atom. Asserts kr_is_pair(t).
 */
kr_term *kr_cdr(const kr_term *t);

/** True for a cons pair, a non-empty etuple, or a foreign atom that expands. */
bool kr_is_pair(const kr_term *t);

/** True for `()` and the empty etuple. */
bool kr_is_null(const kr_term *t);

/** The proper list of n terms. Cost: O(n). */
kr_term *kr_list(size_t n, kr_term *const *items);

/** The proper list of the arguments: `KR_LIST(a, b, c)`. */
#define KR_LIST(...) \
	kr_list(sizeof((kr_term *[]){__VA_ARGS__}) / sizeof(kr_term *), \
		(kr_term *[]){__VA_ARGS__})

/**
 * Length of a proper list or etuple (without expanding foreign atoms).
 * Returns: the length, or -1 for an improper list or a non-list.
 */
long kr_list_length(const kr_term *t);

/* ---------------------------------------------------------------- etuples */

/**
 * The etuple of n terms (operator first). The elements are copied.
 * Cost: O(n). Errors: none; aborts on OOM.
 */
kr_term *kr_etuple(size_t n, kr_term *const *items);

/** The etuple of the arguments: `KR_ETUPLE(op, x, y)`. */
#define KR_ETUPLE(...) \
	kr_etuple(sizeof((kr_term *[]){__VA_ARGS__}) / sizeof(kr_term *), \
		  (kr_term *[]){__VA_ARGS__})

/** Number of elements of an etuple. Asserts kind. */
size_t kr_etuple_len(const kr_term *e);

/** Element i of an etuple (0 is the operator). Asserts kind and bounds. */
kr_term *kr_etuple_ref(const kr_term *e, size_t i);

/**
 * The cached evaluated object of an etuple, or NULL if it was never
 * evaluated. The graph layer stores the graph Variable (as a foreign term).
 */
kr_term *kr_etuple_evaled(const kr_term *e);

/** True when t is a foreign atom whose type has a `call` hook. */
bool kr_is_callable(const kr_term *t);

/**
 * Call a callable foreign atom f (kr_is_callable) with args[0..n), as
 * etuples' `apply(f, args)` on a Python callable: its type's `call` hook.
 * @param[out] out the result. Returns: 0, or what the hook returns (a
 * negative KR_E* code, the error set); KR_EINVALID when f is not callable.
 */
int kr_term_call(kr_term **out, kr_term *f, size_t n, kr_term *const *args);

/**
 * Evaluate a term as etuples' `evaled_obj` (and `eval_if_etuple`): a term
 * that is not an etuple is its own value; an etuple's value is its
 * operator's value called (kr_foreign_type.call) with its arguments'
 * values, the etuples among them evaluated first, so that
 * `(etuple add (etuple add 1 2) 3)` with a callable `add` gives 6. The
 * value is cached in the etuple (kr_etuple_set_evaled) and a cached value
 * is returned as it is, so an etuple the graph layer evaluated
 * (kr_term_eval) gives its graph Variable.
 * @param[out] out the value.
 * Returns: 0. Errors: KR_EINVALID for an empty etuple or an operator that
 * is not callable (naming it); what a call returns; KR_ELIMIT past 10000
 * nested etuples. Cost: one call per etuple not yet evaluated.
 */
int kr_etuple_eval(kr_term **out, kr_term *t);

/**
 * Fill the evaluated-object cache of an etuple. The cache is the one
 * mutable slot of a term: it only memoises a pure evaluation. Asserts kind.
 */
void kr_etuple_set_evaled(kr_term *e, kr_term *obj);

/**
 * The etuple with the elements of a proper list or etuple `t`, or NULL when
 * `t` is neither. An etuple is returned as is. Cost: O(length).
 */
kr_term *kr_as_etuple(kr_term *t);

/* ------------------------------------------------------------- properties */

/** True for a logic variable. */
bool kr_is_var(const kr_term *t);

/**
 * True for a boolean: the symbols `#t` and `#f` (as the reader reads
 * `#t`/`#true` and `#f`/`#false`). Booleans are not symbols for
 * `symbolo` (Scheme's symbol?), and reified constraints order them after
 * the symbols, `#f` before `#t`, as faster-miniKanren does. Cost: O(1).
 */
bool kr_is_boolean(const kr_term *t);

/**
 * True when t contains no logic variable (syntactically, under the empty
 * substitution). Cost: O(1): a flag computed at construction.
 */
bool kr_is_ground(const kr_term *t);

/**
 * Structural equality: same kind and equal parts; an etuple equals the proper
 * list of its elements; foreign atoms compare with their type's `equal`.
 * Variables are equal only to themselves. Expandable foreign atoms are
 * compared as atoms (no expansion). Cost: O(size).
 */
bool kr_equal(const kr_term *a, const kr_term *b);

/** A hash consistent with kr_equal(). Cost: O(size). */
uint64_t kr_hash(const kr_term *t);

#endif
