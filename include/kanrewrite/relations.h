/* kanrewrite/relations.h -- the relation library. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_RELATIONS_H
#define KANREWRITE_RELATIONS_H

#include "stream.h"

/**
 * @file kanrewrite/relations.h
 * Relations written with the public API only (source in relations/).
 * "Fully relational" means every argument may be fresh; each doc comment
 * says in which modes the relation terminates.
 */

/* ------------------------------------------------------------ list relations */

/**
 * `(conso a d l)`: l is the pair (a . d). Fully relational, always
 * terminates (one answer or none). With an etuple or a graph Variable as l,
 * a is its operator and d its arguments (an etuple).
 */
kr_goal *kr_conso(kr_term *a, kr_term *d, kr_term *l);

/** `(heado h l)`: h is the first element of l. As kr_conso. */
kr_goal *kr_heado(kr_term *h, kr_term *l);

/** `(tailo t l)`: t is the rest of l. As kr_conso. */
kr_goal *kr_tailo(kr_term *t, kr_term *l);

/** `(nullo x)`: x is the empty list (or the empty etuple). Always terminates. */
kr_goal *kr_nullo(kr_term *x);

/**
 * `(membero x l)`: x is an element of l, one answer per occurrence, in
 * order. Terminates when l is a proper list; with a fresh l it enumerates
 * lists holding x forever.
 */
kr_goal *kr_membero(kr_term *x, kr_term *l);

/**
 * `(appendo l s out)`: out is l followed by s. Fully relational; run* terminates when l or
 * out is a proper list (all splits of out when l and s are fresh).
 */
kr_goal *kr_appendo(kr_term *l, kr_term *s, kr_term *out);

/**
 * `(mapo rel a b)`: a and b have the same length and rel relates their
 * elements pairwise (kanren's `mapo`, relation first). rel has arity 2.
 * Terminates when a or b is a proper list.
 */
kr_goal *kr_mapo(const kr_rel *rel, kr_term *a, kr_term *b);

/* ---------------------------------------------------------------- fact tables */

/**
 * A table of facts (kanren's `Relation`): a relation of fixed arity whose
 * answers are the facts that unify with its arguments, in the order they
 * were added. Facts are indexed by their ground arguments, so a call with a
 * ground argument only tries the facts with an equal argument there.
 */
typedef struct kr_facts kr_facts;

/** A new, empty fact table. */
kr_facts *kr_facts_new(const char *name, int arity);

/**
 * Add a fact (kanren's `fact`). Shape: args holds the table's arity ground
 * terms. Adding an existing fact again does nothing (a table is a set).
 * Returns: 0, or KR_EINVALID (message set) for a non-ground fact.
 */
int kr_fact(kr_facts *f, kr_term *const *args);

/** `KR_FACT(table, a, b)`: kr_fact() with the arguments. */
#define KR_FACT(f, ...) kr_fact((f), (kr_term *[]){__VA_ARGS__})

/** Number of facts in a table. */
size_t kr_facts_count(const kr_facts *f);

/**
 * The goal of calling the table on args: one answer per unifying fact, in
 * insertion order. Always terminates.
 */
kr_goal *kr_facts_goal(const kr_facts *f, kr_term *const *args);

/** The table as a kr_rel, to pass to higher-order relations. */
const kr_rel *kr_facts_rel(const kr_facts *f);

/** True when the ground tuple args is a fact of f (no search). */
bool kr_facts_has(const kr_facts *f, kr_term *const *args);

/* -------------------------------------------------- associativity, commutativity */

/**
 * The global unary fact table `associative` (kanren.assoccomm): declare an
 * operator associative with `KR_FACT(kr_associative(), op)`.
 */
kr_facts *kr_associative(void);

/** The global unary fact table `commutative`. */
kr_facts *kr_commutative(void);

/**
 * `(assoc_flatten a a_flat)` with kanren's semantics: not fully relational.
 * If a, walked through the state, is a proper list or etuple whose operator
 * is associative, a_flat is a with every nested application of the same
 * operator spliced into the argument list (recursively); otherwise a_flat
 * is a itself (also when a is fresh, an improper pair, or a graph Variable:
 * kanren never flattens those, which is why PyTensor's dot distribution
 * distributes one `add` level per match). One answer; terminates.
 */
kr_goal *kr_assoc_flatten(kr_term *a, kr_term *a_flat);

/* ------------------------------------------------------------ graph algebra */

/**
 * `(dot_distributeo in out)`: `A @ (x + y + ...)` relates to
 * `(A @ x) + (A @ y) + ...`, written exactly as PyTensor's documentation
 * writes it (==, heado, assoc_flatten, tailo, conso, mapo) over the op
 * library's `dot` and `add`, with `add` declared associative. Run forward
 * (in ground) it gives one answer; run backward (out ground) it gathers a
 * sum of products by the same matrix. Terminates in both modes.
 */
kr_goal *kr_dot_distributeo(kr_term *in, kr_term *out);

/** dot_distributeo as a kr_rel of arity 2. */
const kr_rel *kr_dot_distributeo_rel(void);

#endif
