/* kanrewrite/relations.h -- the relation library. */
/* See the LICENSE file for copying conditions. */
#ifndef KANREWRITE_RELATIONS_H
#define KANREWRITE_RELATIONS_H

#include "stream.h"
#include "constraints.h"

/**
 * @file kanrewrite/relations.h
 * Relations written with the public API only (source in relations/).
 * "Fully relational" means every argument may be fresh; each doc comment
 * says in which modes the relation terminates.
 */

/* ------------------------------------------------------------ list relations */

/**
 * The kind of an empty sequence a relation makes when none of its
 * arguments decides it: kanren's `null_type`, `default_ConsNull` and
 * `ctor` arguments (Python's `list` or etuples' `etuple`). A sequence
 * already known keeps its own kind: a list or an etuple.
 */
typedef enum kr_seq_kind {
	KR_SEQ_LIST,	/**< a proper list, `()` when empty */
	KR_SEQ_ETUPLE	/**< an etuple, `(etuple)` when empty */
} kr_seq_kind;

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
 * kanren's `nullo(*args)`: every one of xs[0..n) is the empty sequence,
 * all of one kind: the empty etuple when one of them (walked) is already
 * an empty etuple, else the empty list; so that two sequences walked in
 * step end together and keep their kind. An empty list and an empty
 * etuple among them are two kinds, and no answer, as kanren's two null
 * types (`nullo(q, [], ())` fails); that is also why kr_mapo() and
 * kr_map_anyo() relate no list to an etuple. n == 0 succeeds. One answer
 * or none; always terminates.
 */
kr_goal *kr_nullo_n(size_t n, kr_term *const *xs);

/**
 * kanren's `nullo(*args, default_ConsNull=kind)`: kr_nullo_n(), with the
 * empty sequences of kind dflt when none of xs is already one, so that
 * `nullo(q, a, default_ConsNull=tuple)` makes two empty etuples.
 * Errors: none; aborts on OOM. Cost: as kr_nullo_n().
 */
kr_goal *kr_nullo_kind(size_t n, kr_term *const *xs, kr_seq_kind dflt);

/**
 * `(itero l)`: l is a proper list (kanren's itero, TRS2's listo): the
 * empty list first, then a pair whose rest is one. Shape: l is any term.
 * Fully relational; terminates when l is a proper list (one answer) or
 * not a list (none), and enumerates lists of length 0, 1, 2 ... (of
 * fresh elements) when l or its tail is fresh. Errors: none; aborts on
 * OOM. Cost: one step per cell.
 */
kr_goal *kr_itero(kr_term *l);

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
 * kanren's `appendo` (Byrd's thesis, p. 247), three clauses in kanren's
 * answer order (kr_lany_kanren()): l, s and out all empty; l empty and s
 * = out a pair; or a step. Unlike kr_appendo() it does not give a fresh s
 * for an empty l in one answer: `(appendo-kanren '(3 4) q r)` has two
 * answers, q = () and q a pair, as kanren's test_appendo expects. The
 * empty l it makes is of the kind of s and out (kanren's nullo with
 * refs): `(appendo-kanren q y (etuple 1))` gives q = `(etuple)` first. Fully
 * relational; terminates in the modes of kr_appendo(). Errors: none;
 * aborts on OOM. Cost: one step per element of l, as kr_appendo().
 */
kr_goal *kr_appendo_kanren(kr_term *l, kr_term *s, kr_term *out);

/**
 * `(mapo rel a b)`: a and b have the same length and rel relates their
 * elements pairwise (kanren's `mapo`, relation first). rel has arity 2
 * (else API misuse, aborts). The kind is kept as kanren's nullo keeps it:
 * when a or b is an etuple, a fresh other side becomes an etuple.
 * Terminates when a or b is a proper list and rel terminates on each
 * pair of elements.
 */
kr_goal *kr_mapo(const kr_rel *rel, kr_term *a, kr_term *b);

/**
 * kanren's `mapo(relation, a, b)` (kanren.graph), in kanren's answer
 * order: kr_mapo()'s answers, each choice giving one *answer* of each
 * branch in turn (as kr_map_anyo()), so with both sides fresh the
 * sequences of one element come before those of two whatever the number
 * of rel's clauses: for rel relating 1, 2 and 3 to x, y and z, `run 5`
 * gives `(() ())`, `((1) (x))`, `((2) (y))`, `((3) (z))`, `((1 1) (x x))`.
 * kr_mapo() follows faster-miniKanren's order instead. rel has arity 2
 * (else API misuse, aborts); the kind is kept as kr_mapo() keeps it.
 * Terminates when a or b is a proper list and rel terminates on its
 * elements. Errors: none; aborts on OOM. Cost: a nested run per branch
 * point of each element, as kr_map_anyo().
 */
kr_goal *kr_mapo_kanren(const kr_rel *rel, kr_term *a, kr_term *b);

/** `(caro l a)`: a is the first element of l (TRS2's argument order). As kr_conso. */
kr_goal *kr_caro(kr_term *l, kr_term *a);

/** `(cdro l d)`: d is the rest of l (TRS2's argument order). As kr_conso. */
kr_goal *kr_cdro(kr_term *l, kr_term *d);

/** `(pairo p)`: p is a pair (or a non-empty etuple). Always terminates. */
kr_goal *kr_pairo(kr_term *p);

/**
 * kanren's `eq_length(u, v)`: u and v are lists (or etuples) of the same
 * length, whatever their elements: kr_mapo() of a relation that always
 * succeeds. Fully relational; terminates when u or v is a proper list,
 * and enumerates pairs of lists of fresh elements by length when both are
 * fresh. Errors: none; aborts on OOM. Cost: O(length) per answer, as
 * kr_mapo().
 */
kr_goal *kr_eq_length(kr_term *u, kr_term *v);

/**
 * kanren's `eq_length(u, v, default_ConsNull=kind)`: kr_eq_length(), the
 * fresh sequences it makes ending in the empty sequence of kind dflt
 * unless u or v already decides it; so with both fresh the answers are
 * etuples for KR_SEQ_ETUPLE. Errors: none; aborts on OOM. Cost: as
 * kr_eq_length().
 */
kr_goal *kr_eq_length_kind(kr_term *u, kr_term *v, kr_seq_kind dflt);

/**
 * kanren's `applyo(rator, rands, obj)`: obj is the application of rator
 * to the argument sequence rands, through the term protocol (etuples and
 * graph Variables decompose into operator and arguments): kr_conso() with
 * rands required to be a sequence, so that kanren's `applyo(1, 2, q)`
 * fails here too. As kanren's (through etuples' `apply`), when obj is
 * fresh, rator is callable (kr_is_callable) and rands a ground proper
 * list or etuple, obj is the result of the call instead: applyo(add,
 * (1 2), c) gives c = 3. With an etuple of arguments, as etuples' apply,
 * the value is that of the etuple (rator . rands) (kr_etuple_eval()):
 * the cached value of the etuple whose head and tail they are, if any.
 * A call that fails (kanren lets the exception
 * through: TypeError, ZeroDivisionError) fails the goal with the call's
 * error left as kr_error_last(), for the caller of the run to report (the
 * prompt does). Fully relational; always terminates (one answer at
 * most). Errors: none of its own; aborts on OOM. Cost: one walk of rands
 * and one unification, or one call.
 */
kr_goal *kr_applyo(kr_term *rator, kr_term *rands, kr_term *obj);

/**
 * kanren's `ground_order(in, out)`: out unifies with the elements of the
 * list (or etuple) in, walked in the current substitution and stably
 * sorted from most to least ground: ground terms first, then partially
 * ground sequences, then pairs with a fresh tail, then fresh variables
 * (kanren's ground_order_key). Used to put the ground arguments of a goal
 * first. Not relational (depends on what is bound when it runs); fails
 * when in is not a proper sequence. Always terminates; one answer at most.
 * Errors: none; aborts on OOM. Cost: O(size of in after walking).
 */
kr_goal *kr_ground_order(kr_term *in, kr_term *out);

/**
 * kanren's `ground_order_seqs(in, out)` (its newer core): in is a list
 * of sequences of one length n > 0; their columns (the i-th elements of
 * all of them) are stably sorted by kanren's shallow_ground_order_key of
 * the column (10 for a variable; for the column as a list, 1 when its
 * first element is a variable plus the share of variables among the
 * others; 0 when ground at the top), and out unifies with the sequences
 * rebuilt as lists in that order: `((a b) (b 2))` gives `((b a) (2 b))`.
 * When in is not such a list, out unifies with in itself. Not
 * relational, one answer at most, always terminates. Cost: O(size of in)
 * plus a sort of the n columns.
 */
kr_goal *kr_ground_order_seqs(kr_term *in, kr_term *out);

/**
 * `(rembero x l out)` (kanren): out is l without the first element equal
 * to x; l itself when x is absent. Uses kr_neq(), so it is relational for
 * a proper list l (x may be fresh: one answer per distinct choice, plus
 * the answer where x is none of them, with its =/= constraints). The
 * empty l and out end together, of one kind (kanren's nullo(l, out)), so
 * an etuple l gives an etuple out. Terminates when l is a proper list.
 */
kr_goal *kr_rembero(kr_term *x, kr_term *l, kr_term *out);

/**
 * `(permuteo a b)` (kanren): b is a permutation of a (proper lists or
 * etuples of the same length, of one kind: as kanren's `type(a) !=
 * type(b)`, a list is no permutation of an etuple). Fully relational on
 * one proper list: with a (or b) a proper list and the other fresh,
 * enumerates the n! permutations (with duplicates for repeated elements),
 * in the order of taking each element of the list first in turn. With
 * both proper lists, as kanren: when every element is hashable in
 * kanren's sense (not a list, which is a pair here, nor an etuple holding
 * one), elements equal on both sides (kr_equal on the walked terms, its
 * Counter difference) cancel first, so two permutations of each other
 * give one answer; what is left of a is permuted against what is left of
 * b (kanren reduces only when some distinct element cancelled
 * completely), one answer per permutation. With a list element nothing
 * cancels: two ground sequences give one answer or none, others one
 * answer per matching permutation, so `(permuteo (1 (o) a) ((o) a 1))`
 * gives a = 1, a, (o) in that order. With neither side a proper list,
 * as kanren's itero of a: a's open tail takes 0, 1, 2, ... fresh
 * elements (a fresh a of length 0 makes b empty too), and each length
 * gives all the permutations of a, in the order above, unified with b,
 * before the next length; each answer and each length is a step of the
 * search. Terminates when a or b is a proper list; with neither, it
 * enumerates without end, unless a is improper or b ends in an atom
 * other than `()` (not a term that decomposes as a pair): then there is
 * no answer, at once.
 */
kr_goal *kr_permuteo(kr_term *a, kr_term *b);

/**
 * kanren's `permuteo(a, b, no_ident=True)`: as kr_permuteo(), without the
 * identity permutation: two equal sequences fail, and a fresh b is never
 * given a itself (first of the n! - 1 others). As in kanren, once
 * elements common to a and b have cancelled, the rest is permuted in
 * full (so `(1 2 3)` against `(1 x y)` still gives x = 2, y = 3).
 * Terminates as kr_permuteo().
 */
kr_goal *kr_permuteo_no_ident(kr_term *a, kr_term *b);

/** The keyword arguments of kanren's permuteo (kr_permuteo_ex()). */
typedef struct kr_permuteo_opts {
	/** `inner_eq`: relates b (or a fresh a) to each permutation; arity
	 * 2, NULL for `eq` (==). */
	const kr_rel *inner_eq;
	/** `default_ConsNull`: the kind of both sides when neither is a
	 * sequence yet. */
	kr_seq_kind default_null;
	/** `no_ident`: never the identity permutation. */
	bool no_ident;
} kr_permuteo_opts;

/** kanren's defaults: `permuteo(a, b, inner_eq=eq,
 * default_ConsNull=list, no_ident=False)`. */
#define KR_PERMUTEO_OPTS_INIT {NULL, KR_SEQ_LIST, false}

/**
 * kanren's `permuteo(a, b, inner_eq, default_ConsNull, no_ident)` with its
 * keyword arguments; opts NULL is KR_PERMUTEO_OPTS_INIT (kr_permuteo()),
 * and no_ident alone is kr_permuteo_no_ident(). With an inner_eq, as
 * kanren: elements equal on both sides still cancel first (its Counter
 * difference, so inner_eq must hold between equal terms), two ground
 * sequences are not compared at once, and each permutation p of the list
 * side gives the goal `(inner_eq other p)`, other the other side (what is
 * left of it after cancelling), these goals' answers combined in
 * kanren's order (kr_lany_kanren(): one answer of each in turn), so that
 * with kanren's eq_permute (== or permuteo of each pair of elements)
 * `(1 [2 3])` against `([3 2] 1)` ([..]: etuples) is one answer. With
 * neither side a sequence, lengths are enumerated as kr_permuteo() does,
 * a's open tail ending in default_null's kind (`(etuple)` first for
 * KR_SEQ_ETUPLE), each length's answers before the next length's.
 * Shape: a, b any terms; inner_eq of arity 2 or NULL (else API misuse,
 * aborts). Terminates when a or b is a proper sequence and inner_eq
 * terminates. Errors: none; aborts on OOM. Cost: as kr_permuteo(), plus a
 * nested run per permutation reached with an inner_eq (kanren's order).
 */
kr_goal *kr_permuteo_ex(kr_term *a, kr_term *b, const kr_permuteo_opts *opts);

/**
 * `(map_anyo rel a b)` (kanren.graph): a and b have the same length, each
 * pair of elements is either related by rel or equal, and at least one
 * pair is related by rel (duplicates as in kanren: a pair that rel relates
 * and that is also equal counts both ways). rel has arity 2 (else API
 * misuse, aborts). The kind of the sequences is kept as in kr_mapo().
 * Order: kanren's, as for kr_reduceo() (each choice gives one *answer* of
 * each branch in turn, the rel branch first), so the first answer relates
 * every pair that rel relates: with one_to_threeo relating 1 to 3,
 * `(1 2 4 1)` gives `(3 2 4 3)` first. rel's own answers come in the
 * engine's order, and so do the choices past 200 nested levels (each
 * level of kanren's order is a nested run: the stack and the cost per
 * step bound it). Terminates when a or b is a proper list and rel
 * terminates on its elements.
 */
kr_goal *kr_map_anyo(const kr_rel *rel, kr_term *a, kr_term *b);

/** The keyword arguments of kanren's map_anyo (kr_map_anyo_ex()). */
typedef struct kr_map_anyo_opts {
	/** `null_type`: the kind of two empty sequences when neither side
	 * decides it. */
	kr_seq_kind null_type;
	/** `null_res`: two empty sequences are related too (no pair need
	 * be related then); longer ones still need one related pair. */
	bool null_res;
} kr_map_anyo_opts;

/** kanren's defaults: `map_anyo(relation, a, b, null_type=list,
 * null_res=False)`. */
#define KR_MAP_ANYO_OPTS_INIT {KR_SEQ_LIST, false}

/**
 * kanren's `map_anyo(relation, a, b, null_type, null_res)`: kr_map_anyo()
 * with its keyword arguments; opts NULL is KR_MAP_ANYO_OPTS_INIT (then
 * this is kr_map_anyo()). With null_res, `(map_anyo rel () q)` gives
 * `q = ()` (`(etuple)` with KR_SEQ_ETUPLE, or when a is one), the first
 * answer when both sides are fresh. Shape: rel of arity 2 (else API
 * misuse, aborts); a, b any terms. Order, termination and cost as
 * kr_map_anyo(). Errors: none; aborts on OOM.
 */
kr_goal *kr_map_anyo_ex(const kr_rel *rel, kr_term *a, kr_term *b,
			const kr_map_anyo_opts *opts);

/**
 * `(reduceo rel in out)` (kanren.graph): out is obtained from in by one or
 * more applications of rel (arity 2, else API misuse, aborts); at least
 * one application is needed (an irreducible in has no answer), as in
 * kanren. Forward (in not a
 * variable): `(lall (rel in t) (conde ((reduceo t out)) ((== t out))))`;
 * backward (in fresh): `(lall (conde ((== t out)) ((reduceo t out)))
 * (rel in t))`. Order: reduceo combines its own branches as kanren does
 * (toolz interleave: one *answer* of each branch in turn), not at each
 * suspension as the engine does, so forward the fully reduced term comes
 * first: with facts a->b->c, `(c b)`; a->b->c->d, `(d b c)`; a->b, a->x,
 * b->c, `(c x b)`. rel's own answers come in the engine's order. Every
 * suspension inside counts as a step of the run. Terminates when rel's
 * chains from in are finite; backward, an infinite stream (`run n`).
 */
kr_goal *kr_reduceo(const kr_rel *rel, kr_term *in, kr_term *out);

/**
 * `(walko rel in out)` (kanren.graph, without rator_goal): either
 * `(rel in out)`, or in and out are sequences (lists or etuples, graph
 * Variables via their owner) of the same length whose elements are related
 * by walko itself, at least one of them differently (kr_map_anyo). Gives
 * every rewrite of one or more subterms; an etuple gives etuples (kanren's
 * `null_type=etuple`), a list lists. As kanren's walko, two empty
 * sequences are related (map_anyo's null_res=True). Order: kanren's (see
 * kr_map_anyo()), so the first answer rewrites every subterm rel rewrites
 * (what KanrenRelationSub, which takes the first answer, then applies);
 * `(run 2 (q) (walko == q q))` is `(_.0 ())`. Terminates when in is
 * ground and rel terminates. Shape: rel of arity 2 (else API misuse,
 * aborts); in, out any terms. Errors: none; aborts on OOM.
 */
kr_goal *kr_walko(const kr_rel *rel, kr_term *in, kr_term *out);

/**
 * `(walko rel in out rator_rel)`: kanren's walko with `rator_goal`, which
 * walks term graphs by operator and arguments: either `(rel in out)`, or
 * in is `(op . args)` and out `(op2 . args2)` (lists, etuples or graph
 * Variables via their owner, kanren's applyo) with `(rator_rel op op2)`
 * (arity 2; `==` keeps the operator) and the arguments related as by
 * kr_walko_rator() itself through kr_map_anyo() (at least one pair
 * related differently). rel is never applied to the operator itself, so
 * backward, `(walko math-reduceo q (etuple 'mul 2 5) ==)` gives `(add 5
 * 5)` (a rewrite at the root), then `(mul (log (exp 2)) (log (exp 5)))`
 * (rewrites in the arguments), as kanren. rator_rel NULL is kr_walko().
 * Order: kanren's, as kr_walko(). Terminates when in is ground, rel and
 * rator_rel terminate; backward, as rel does. Shape: rel and rator_rel
 * of arity 2 (rator_rel may be NULL), in and out any terms. Errors: none;
 * aborts on OOM. Cost: a nested run per choice point (kr_map_anyo()).
 */
kr_goal *kr_walko_rator(const kr_rel *rel, const kr_rel *rator_rel,
			kr_term *in, kr_term *out);

/**
 * kanren's walko `map_rel`: the goal relating the sequences a and b
 * (walko's arguments, or the operands of two nodes with a rator relation)
 * through rel, walko itself (arity 2), making empty sequences of kind
 * null_type when neither side decides it; env is the one given in
 * kr_walko_opts. Must not return NULL.
 */
typedef kr_goal *(*kr_map_rel_fn)(const kr_rel *rel, kr_term *a,
				  kr_term *b, kr_seq_kind null_type,
				  void *env);

/** The keyword arguments of kanren's walko (kr_walko_ex()). */
typedef struct kr_walko_opts {
	/** `rator_goal`: arity 2, NULL for None (kr_walko_rator()). */
	const kr_rel *rator;
	/** `null_type`, passed on to map_rel. kanren's default is etuple;
	 * KR_WALKO_OPTS_INIT keeps kr_walko()'s list. The kinds differ only
	 * where both sides are fresh: `(walko == q q)` gives `()` or
	 * `(etuple)`, printed alike. */
	kr_seq_kind null_type;
	/** `map_rel`: NULL for kanren's `partial(map_anyo, null_res=True)`
	 * (kr_map_anyo_ex() with null_res). */
	kr_map_rel_fn map_rel;
	/** Passed to map_rel. */
	void *map_env;
} kr_walko_opts;

/** kr_walko()'s behaviour: no rator relation, lists, map_anyo with
 * null_res=True. */
#define KR_WALKO_OPTS_INIT {NULL, KR_SEQ_LIST, NULL, NULL}

/**
 * kanren's `walko(goal, graph_in, graph_out, rator_goal, null_type,
 * map_rel)` with its keyword arguments: `(conde ((rel in out)) (walk))`
 * in kanren's order, walk being map_rel(walko, in, out, null_type)
 * without a rator relation, and with one the operators related by it and
 * map_rel(walko, in_rands, out_rands, null_type). opts NULL is
 * KR_WALKO_OPTS_INIT (kr_walko()). kanren's test_graph.py walks term
 * graphs with rator `==`, KR_SEQ_ETUPLE and a map_rel of map_anyo with
 * null_res=False: `(run 4 (q r) ...)` over its math_reduceo then gives
 * `((add x x) (mul 2 x))`, `((y (add x x)) (y (mul 2 x)))`,
 * `((log (exp (add x x))) (mul 2 x))`, `((y z (add x x)) (y z (mul 2
 * x)))`, in that order, as kanren (no operator-only node: the default
 * map_rel gives `((y) (y))` second). Shape: rel of arity 2, opts->rator
 * of arity 2 or NULL (else API misuse, aborts); in, out any terms.
 * Order, termination and cost: as kr_walko_rator() with the default
 * map_rel; with another, as that map_rel. Errors: none; aborts on OOM.
 */
kr_goal *kr_walko_ex(const kr_rel *rel, kr_term *in, kr_term *out,
		     const kr_walko_opts *opts);

/**
 * `(term_walko rator_rel rands_rel a b)` (kanren.graph): b is a with zero
 * or more nodes rewritten by rands_rel. At a node `(op . args)` (list or
 * etuple) with `(rator_rel op)` succeeding (arity 1) and at least one
 * argument, rands_rel (arity 3: `(rands_rel args new_args op)`) may
 * rewrite the arguments; the walk also goes into the elements (as
 * kr_map_anyo()) and may then apply rands_rel at the rebuilt node. As
 * kanren's: `(conde ((step a b)) ((== a b)))`, each step (and each
 * application at a node) first orders its two terms with kanren's
 * ground_order (the ground one first, a bare variable last), so either
 * side may be the ground one. Order: kanren's, as kr_reduceo() (the
 * conde and conjunctions of the definition give one *answer* of each
 * branch in turn): the first rewrite, then the identity b = a, then the
 * other rewrites; a rewrite at a node comes before one inside its
 * elements, and the walk over the elements of a node is kanren's
 * map_anyo. rands_rel's own answers come in its own order (the engine's
 * for a relation of ours). Not fully relational: terminates
 * when one side is ground and rands_rel terminates; with both sides
 * fresh, an infinite stream when rator_rel accepts a fresh operator.
 * Other arities than those above are API misuse (aborts).
 * Cost: each choice point is a nested run (see kr_map_anyo()); a search
 * of every answer is exponential in the depth of the term, as kanren's.
 */
kr_goal *kr_term_walko(const kr_rel *rator_rel, const kr_rel *rands_rel,
		       kr_term *a, kr_term *b);

/** The keyword arguments of kanren's term_walko (kr_term_walko_ex()). */
typedef struct kr_term_walko_opts {
	/** `null_type`, for the walk into the elements of a node: the kind
	 * of the sequences made when both sides are fresh. kanren's default
	 * is etuple; KR_TERM_WALKO_OPTS_INIT keeps kr_term_walko()'s list
	 * (printed alike). */
	kr_seq_kind null_type;
	/** `no_ident`: leave out the top-level identity b = a. */
	bool no_ident;
	/** `format_step`: arity 2, NULL for None; relates the ground side of
	 * each step to the term the step then walks (eq_assoccomm's
	 * assoc_flatten). */
	const kr_rel *format_step;
} kr_term_walko_opts;

/** kr_term_walko()'s behaviour. */
#define KR_TERM_WALKO_OPTS_INIT {KR_SEQ_LIST, false, NULL}

/**
 * kanren's `term_walko(rator_goal, rands_goal, a, b, null_type, no_ident,
 * format_step)`: kr_term_walko() with its keyword arguments; opts NULL is
 * KR_TERM_WALKO_OPTS_INIT. With no_ident, `a` itself is no answer (as
 * kanren, a rewrite that gives a back is); format_step is applied to the
 * ground side before each step. kanren's further keyword arguments,
 * passed on to rands_goal, have no counterpart: a C rands_rel closes over
 * what it needs. Shape: rator_rel of arity 1, rands_rel of arity 3,
 * format_step of arity 2 or NULL (else API misuse, aborts). Order,
 * termination and cost as kr_term_walko(). Errors: none; aborts on OOM.
 */
kr_goal *kr_term_walko_ex(const kr_rel *rator_rel, const kr_rel *rands_rel,
			  kr_term *a, kr_term *b,
			  const kr_term_walko_opts *opts);

/* ------------------------------------------------------- kanren's answer order */

/**
 * kanren's `lany` (`ldisj`) in kanren's answer order: the goals' streams
 * in a ring, one *answer* taken from each in turn (toolz's interleave), so
 * `(lany (lany a1 a2) (lany b1 b2) (lany c1 c2))` gives a1 b1 c1 a2 b2 c2.
 * kr_lany() interleaves at every suspension instead (faster-miniKanren),
 * which gives the same answers in another order once there are three
 * goals or more. Shape: n goals, n may be 0 (succeeds, as kanren's). A
 * goal of it nested in more than 200 others of this family (a deep
 * recursion) falls back to kr_lany()'s order, instead of exhausting the
 * C stack: every branch is a nested run. Errors: none; aborts on OOM.
 * Cost: a lazy run per goal per state it is applied to; fair, and bounded
 * by the outer run's step limit.
 */
kr_goal *kr_lany_kanren(size_t n, kr_goal *const *goals);

/**
 * kanren's `lall` (`lconj`) in kanren's answer order: bind as toolz's
 * interleave of the streams of the next goal over every answer of the
 * goals before it, taken one answer of each in turn, so that
 * `(lall (lany q1 q2 q3) (lany ra rb))` gives (1 a) (2 a) (3 a) (1 b)
 * (2 b) (3 b). Shape: n goals, n may be 0 (succeeds). Errors, cost and
 * the fallback past 200 nested goals: as kr_lany_kanren().
 */
kr_goal *kr_lall_kanren(size_t n, kr_goal *const *goals);

/**
 * A suggestion function of kr_condp(): called with the values of its
 * arguments (each walked deeply through the state, unbound variables left
 * in place: the paper's partial reification), it returns a proper list of
 * clause labels, holding the symbol `use-maybe` to let the next
 * suggestion add its own; NULL stops the goal with no answer (after
 * setting the error, for callers that report it).
 */
typedef kr_term *(*kr_suggest_fn)(kr_term *const *vals, size_t n,
				  void *env);

/** One suggestion of kr_condp(): fn applied to the values of args. */
typedef struct kr_suggestion {
	kr_suggest_fn fn;
	void *env;
	size_t nargs;
	kr_term *const *args;
} kr_suggestion;

/**
 * kanren's `condp(suggestions, clauses)` (Boskin, Ma, Christiansen and
 * Friedman, "A Surprisingly Competitive Conditional Operator"): a conde
 * that tries only the clauses suggested. When applied to a state, the
 * suggestions are called in order, each adding its labels, until one
 * gives a list without `use-maybe`; then clause i runs when labels[i]
 * (compared with kr_equal()) was given, the chosen clauses combined as
 * kr_lany_kanren() in clause order. No label chosen: no answer.
 * Shape: nsug suggestions, nclause labels and goals (each clause one
 * goal: a conjunction of its goals); the arrays are copied. Relational as
 * far as the suggestions are sound (they name every clause that could
 * succeed); sound suggestions give the answers of the conde, minus the
 * clauses they prune. Errors: none from the goal itself; a suggestion's
 * NULL is no answer. Cost: the suggestions' calls and one deep walk of
 * their arguments per application.
 */
kr_goal *kr_condp(size_t nsug, const kr_suggestion *sugs, size_t nclause,
		  kr_term *const *labels, kr_goal *const *clauses);

/**
 * A clause's suggestion function of kr_condpseq(): called with n entries,
 * labels[i] and vals[i], one per clause that ran before it and gave an
 * answer, in clause order: the label, and the suggestion's term walked
 * deeply through that clause's first answer (unbound variables left in
 * place), as kanren's dict of branch labels to reified terms. When no
 * clause did, n is 1: the clause's own label and the term's value in the
 * state the goal was applied to. Returns a proper list of labels (all
 * are kept, `use-maybe` has no special meaning); NULL stops the goal
 * (after setting the error, for callers that report it).
 */
typedef kr_term *(*kr_seq_suggest_fn)(kr_term *const *labels,
				      kr_term *const *vals, size_t n,
				      void *env);

/**
 * The suggestion of one clause of kr_condpseq(): fn applied to the values
 * of the term arg (kanren's pair `(f, args)`); fn NULL for none (kanren's
 * None: the clause always runs).
 */
typedef struct kr_seq_suggestion {
	kr_seq_suggest_fn fn;
	void *env;
	kr_term *arg;
} kr_seq_suggestion;

/**
 * kanren's `condpseq(branches)`, the experimental sequential kr_condp():
 * each clause has its own suggestion, called in clause order just before
 * the clause would run, on the first answers of the clauses run before it
 * (kr_seq_suggest_fn). Clause i runs when it has no suggestion, or when
 * labels[i] (kr_equal()) was among the labels that its own or any earlier
 * suggestion gave. The clauses' answers are interleaved as
 * kr_lany_kanren(), one answer of each in turn, and each clause is only
 * considered once the one run before it has given its first answer (or
 * none), so the order of the clauses decides what each suggestion sees.
 * Where kanren raises instead (a suggestion after a clause passed over,
 * or after one without answers), those clauses are left out of the
 * entries. No clause run: no answer.
 * Shape: n labels, suggestions and goals (each clause one goal: a
 * conjunction of its goals); the arrays are copied. Not relational.
 * Errors: a suggestion's NULL ends the goal's answers; applied inside
 * more than 200 nested runs of this family (kr_lany_kanren(): a deep
 * recursion, as kanren's RecursionError), the goal has no answer and sets
 * KR_ELIMIT. Cost: a nested run per clause run; each suggestion call
 * walks its term once per clause run before it.
 */
kr_goal *kr_condpseq(size_t n, kr_term *const *labels,
		     const kr_seq_suggestion *sugs, kr_goal *const *clauses);

/* ---------------------------------------------------------------- fact tables */

/**
 * A table of facts (kanren's `Relation`): a relation of fixed arity whose
 * answers are the facts that unify with its arguments, in the order they
 * were added. Facts are indexed by their ground arguments, so a call with a
 * ground argument only tries the facts with an equal argument there;
 * unless it has none and the argument holds a foreign atom (a graph
 * Variable unifies with the etuple of its owner, to which it is not
 * equal): that argument then narrows nothing, as kanren skips a key its
 * index lacks, and unification decides.
 */
typedef struct kr_facts kr_facts;

/**
 * A new, empty fact table. Shape: name (copied) not NULL, arity >= 0 (else
 * API misuse, aborts). Errors: none; aborts on OOM.
 */
kr_facts *kr_facts_new(const char *name, int arity);

/**
 * Add a fact (kanren's `fact`). Shape: args holds the table's arity ground
 * terms. Adding an existing fact again does nothing (a table is a set).
 * Returns: 0, or KR_EINVALID (message set) for a non-ground fact.
 */
int kr_fact(kr_facts *f, kr_term *const *args);

/** `KR_FACT(table, a, b)`: kr_fact() with the arguments. */
#define KR_FACT(f, ...) kr_fact((f), (kr_term *[]){__VA_ARGS__})

/**
 * Add n facts (kanren's `facts`). Shape: rows holds n * arity ground terms,
 * row after row. Returns: 0, or KR_EINVALID at the first non-ground fact
 * (the rows before it are added).
 */
int kr_facts_add(kr_facts *f, size_t n, kr_term *const *rows);

/** Number of facts in a table. */
size_t kr_facts_count(const kr_facts *f);

/**
 * The goal of calling the table on args: one answer per unifying fact, in
 * insertion order. Always terminates. Shape: args holds the table's arity
 * terms, any terms (the array is copied; NULL allowed when the arity is
 * 0).
 */
kr_goal *kr_facts_goal(const kr_facts *f, kr_term *const *args);

/** The table as a kr_rel, to pass to higher-order relations. */
const kr_rel *kr_facts_rel(const kr_facts *f);

/** True when the ground tuple args is a fact of f (no search). */
bool kr_facts_has(const kr_facts *f, kr_term *const *args);

/* -------------------------------------------------- associativity, commutativity */

/**
 * The global unary fact table `associative` (kanren.assoccomm): declare an
 * operator associative with `KR_FACT(kr_associative(), op)`. Empty at
 * start, as kanren's; the graph relations that need it declare their ops
 * when they first run (kr_flatteno(): add and mul; kr_dot_distributeo():
 * add).
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
 * distributes one `add` level per match). An argument that is a graph
 * Variable is not spliced either, as in kanren (a Variable is no
 * ConsPair); kr_flatteno() does splice them. One answer; terminates.
 */
kr_goal *kr_assoc_flatten(kr_term *a, kr_term *a_flat);

/**
 * kr_assoc_flatten() that also splices the arguments that are foreign
 * atoms (graph Variables) expanding to applications of the same
 * operator, which kanren leaves alone: the graph algebra's kr_flatteno()
 * flattens a graph node this way. One answer; terminates.
 */
kr_goal *kr_assoc_flatten_deep(kr_term *a, kr_term *a_flat);

/**
 * `(eq_comm u v)` (kanren.assoccomm): u and v are equal up to reordering the
 * arguments of commutative operators (facts of kr_commutative()) anywhere
 * in the terms, the identity included (term_walko with the non-identity
 * permutations of the arguments, kanren's permuteo_unique, so argument
 * lists of two kinds, a list and an etuple, are no permutation). Modes:
 * either side ground, the other fresh or partly ground (every commuted
 * form, each once per permutation); both fresh, an infinite stream of
 * argument lists of growing length (kanren's itero). Terminates when u or
 * v is ground. Answer order: kanren's, see kr_term_walko(): `(add 1 2)`
 * with a fresh side gives `(add 2 1)`, then `(add 1 2)`; both fresh, the
 * first forms are `((add x y) (add y x))`, `(x x)`,
 * `(((add x y)) ((add y x)))`. The sequences it makes where no side gives
 * their kind are etuples, as kanren's null_type=etuple (in the forms just
 * shown, every one).
 */
kr_goal *kr_eq_comm(kr_term *u, kr_term *v);

/**
 * `(eq_assoc u v)` (kanren.assoccomm): u and v are equal up to regrouping
 * the arguments of associative operators anywhere in the terms
 * (`(add a b c)` = `(add (add a b) c)` = `(add a (add b c))`), the identity
 * included. At a node both argument lists are flattened when both are
 * known (kanren's eq_assoc_args), so `(cat (cat 1 2) 3)` = `(cat 1 (cat 2
 * 3))`; with one known, its flattened arguments are regrouped by one
 * window of 2 .. n-1 consecutive ones (and further by walking into the
 * result), so generation gives kanren's forms, not every bracketing.
 * Modes and order as kr_eq_comm(): `(cat 1 2 3)` with a fresh side gives
 * `(cat (cat 1 2) 3)`, `(cat 1 2 3)`, `(cat 1 (cat 2 3))`, as kanren.
 * Terminates when u or v is ground.
 */
kr_goal *kr_eq_assoc(kr_term *u, kr_term *v);

/**
 * kanren's `eq_assoc(u, v, n=n)`: kr_eq_assoc() itself. kanren accepts n
 * but its term_walko hands it to a rands relation that drops it, so
 * `eq_assoc((op, 1, 2, 3, 4), x, n=2)` gives all six regroupings, windows
 * of three included; windows of exactly n are kr_eq_assoc_args()'s n.
 * Kept so that ports of kanren's calls read as they do there. Errors:
 * none; aborts on OOM.
 */
kr_goal *kr_eq_assoc_n(kr_term *u, kr_term *v, long n);

/**
 * A predicate on terms (kanren's `op_predicate` of flatten_assoc_args):
 * true for the operators whose applications are spliced.
 */
typedef bool (*kr_term_pred_fn)(kr_term *t, void *env);

/**
 * kanren's `flatten_assoc_args(op_predicate, items)`: the elements of
 * items in order, except that an element that is a list or etuple (a
 * non-empty sequence) whose head satisfies pred and that has arguments is
 * replaced by its arguments, flattened in turn; a head alone, `(op)`, and
 * an improper pair stay as they are. pred is called with a head only when
 * that element is such a sequence. `(add 1 2 (add))` stays itself;
 * `((add 1 2 (add)))` gives `(1 2 (add))`.
 * @param[out] out a proper list (kanren's generator, as a list).
 * Shape: items a proper list or etuple; pred not NULL (else API misuse,
 * aborts). Returns 0, or KR_EINVALID (message set) when items is not a
 * proper sequence. Cost: O(size of what is spliced); nesting depth is
 * not bounded by the C stack.
 */
int kr_flatten_assoc_args(kr_term **out, kr_term_pred_fn pred, void *env,
			  kr_term *items);

/**
 * kanren's `assoc_args(rator, rands, n)`: every grouping of n consecutive
 * elements of rands into the application `(rator . group)`, windows left
 * to right, each grouping a sequence of the kind of rands (kanren's
 * `ctor=type(rands)`; convert rands first for another); n equal to the
 * length of rands gives rands itself, once; n larger, none. `(assoc-args
 * 'op '(1 2 3) 2)` is `(((op 1 2) 3) (1 (op 2 3)))`. Unlike kanren's
 * `term`, a callable rator is not called: the group stays a term, which
 * unifies with the node it would make (the term bridge).
 * @param[out] out a proper list of the groupings.
 * Shape: rands a proper list or etuple, n > 0. Returns 0, or KR_EINVALID
 * (message set) for another rands or n < 1 (kanren's assertion). Cost:
 * O(n_rands^2) for the n_rands - n + 1 groupings.
 */
int kr_assoc_args(kr_term **out, kr_term *rator, kr_term *rands, long n);

/** The keyword arguments of kanren's eq_assoc_args. */
typedef struct kr_eq_assoc_args_opts {
	/** `n`: the size of the groups made from a known side; 0 for None
	 * (every size from 2); ignored when both sides are known. */
	long n;
	/** `inner_eq`: arity 2, NULL for `eq` (==). */
	const kr_rel *inner_eq;
	/** `no_ident`: the two argument lists must differ (do not unify). */
	bool no_ident;
	/** `null_type`: the kind of both lists when neither is known. */
	kr_seq_kind null_type;
} kr_eq_assoc_args_opts;

/** kanren's defaults: `eq_assoc_args(op, a, b, n=None, inner_eq=eq,
 * no_ident=False, null_type=etuple)`. */
#define KR_EQ_ASSOC_ARGS_OPTS_INIT {0, NULL, false, KR_SEQ_ETUPLE}

/**
 * kanren's `eq_assoc_args(op, a_args, b_args, ...)`: the argument lists
 * a_args and b_args of two applications of the associative op are equal
 * up to regrouping. Not relational, as kanren's: the more ground list is
 * taken first (kanren's ground_order) and made a proper sequence
 * (kanren's itero: lengths enumerated when it is not one, its empty tail
 * of the kind of the other list, else null_type; lists of two kinds
 * fail). Then, when both are sequences: of two kinds, no answer; with
 * no_ident, none when they unify; both are flattened (applications of op,
 * walked, spliced: kr_flatten_assoc_args()) and related by inner_eq when
 * of one length, else the longer is grouped by one window of (difference
 * + 1) consecutive arguments (kr_assoc_args()) to match the shorter: `(1
 * x 4)` and `(1 2 3 4)` give x = `(op 2 3)`. When only one is known, of
 * length 1: related to the other as it is (unless no_ident, or n > 1);
 * longer: the other is related to each grouping of its flattened
 * arguments by n, or by 2, 3 ... up to its length (the last the flattened
 * list itself, left out with no_ident, as is any grouping equal to the
 * known list): `(1 2 3)` gives `((op 1 2) 3)`, `(1 (op 2 3))`, `(1 2 3)`.
 * The groupings' goals combine in kanren's order (kr_lany_kanren()).
 * Shape: op and the lists any terms; opts NULL is
 * KR_EQ_ASSOC_ARGS_OPTS_INIT; n >= 0 and inner_eq of arity 2 or NULL
 * (else API misuse, aborts). Terminates when a_args or b_args is a proper
 * sequence and inner_eq terminates; both fresh: an infinite stream, by
 * length (none of length 0). Errors: none; aborts on OOM. Cost: O(n^2)
 * groupings of n arguments, each made when the search reaches it.
 */
kr_goal *kr_eq_assoc_args(kr_term *op, kr_term *a_args, kr_term *b_args,
			  const kr_eq_assoc_args_opts *opts);

/**
 * `(eq_assoccomm u v)` (kanren.assoccomm): AC equality, as kanren writes
 * it: term_walko over every operator whose step optionally permutes the
 * arguments (commutative operator) and then optionally regroups them
 * (associative operator), with the ground side flattened by
 * assoc_flatten before *each* step (kanren's format_step). Either side
 * may be the ground one: `(add 1 (add 2 3))` with a fresh side gives the
 * 18 AC forms of 1+2+3 (19 answers, the identity twice, as kanren);
 * a ground pair gives an answer for each way the search finds them equal:
 * one for `(add 1 (add 2 3))` and `(add (add 1 2) 3)`, two for `(add 1
 * 2)` and itself (the identity twice again). Both fresh: an infinite
 * stream. Terminates when u or v is ground.
 * Answer order: kanren's, see kr_term_walko().
 */
kr_goal *kr_eq_assoccomm(kr_term *u, kr_term *v);

/* -------------------------------------------------------- relational arithmetic */

/*
 * The relations of The Reasoned Schemer (2nd ed.), chapters 7 and 8 (TRS2
 * below), with the clause and goal order of faster-miniKanren's
 * numbers.scm, so that answers come in its order. kr_logo() is the
 * exception: it follows a later numbers.scm, whose logo differs from the
 * book's (kr_logo_trs2()).
 */

/**
 * TRS2's numerals (faster-miniKanren's numbers.scm): the little-endian bit
 * list of n >= 0, `()` for 0, `(1)` for 1, `(0 1)` for 2, ... with no
 * trailing 0. Shape: returns a ground proper list of the integers 0 and 1.
 */
kr_term *kr_build_num(uint64_t n);

/**
 * The value of a ground numeral, or -1 when t is not one (or does not fit
 * in 63 bits).
 */
int64_t kr_num_value(const kr_term *t);

/**
 * `(zeroo n)`: n is the numeral 0, `()`; as faster-miniKanren's
 * numbers.scm zeroo, whose body is the one goal `(== '() n)`, so the call
 * does not suspend. Always terminates. Errors: none; aborts on OOM.
 */
kr_goal *kr_zeroo(kr_term *n);

/** `(poso n)`: n is a positive numeral (a pair). Always terminates. */
kr_goal *kr_poso(kr_term *n);

/**
 * `(>1o n)`: n is a numeral greater than 1 (a list of two or more).
 * Always terminates.
 */
kr_goal *kr_gt1o(kr_term *n);

/**
 * `(pluso n m k)`: n + m = k on numerals. Fully relational; run*
 * terminates when k is ground, or when n and m are ground.
 */
kr_goal *kr_pluso(kr_term *n, kr_term *m, kr_term *k);

/**
 * `(minuso n m k)`: n - m = k, i.e. (pluso m k n). Fully relational; run*
 * terminates when n is ground, or when m and k are ground.
 */
kr_goal *kr_minuso(kr_term *n, kr_term *m, kr_term *k);

/**
 * `(*o n m p)`: n * m = p. Fully relational; run* terminates when p is
 * ground, or n and m are ground.
 */
kr_goal *kr_mulo(kr_term *n, kr_term *m, kr_term *p);

/**
 * `(/o n m q r)`: n = m * q + r with r < m. Fully relational; run*
 * terminates when n and m are ground.
 */
kr_goal *kr_divo(kr_term *n, kr_term *m, kr_term *q, kr_term *r);

/**
 * `(logo n b q r)`: n = b^q + r with r < b^(q+1) - b^q: the logo of
 * faster-miniKanren's numbers.scm (6f8faa), clauses and answer order.
 * `(logo 2 2 q r)` gives q = 1, r = 0 only, and `(logo 1 b q r)` gives
 * q = r = 0 for any positive b. run* terminates when n is ground.
 */
kr_goal *kr_logo(kr_term *n, kr_term *b, kr_term *q, kr_term *r);

/**
 * TRS2's logo, as faster-miniKanren's numbers.scm had it up to a25c702,
 * whose answers the benchmark anchors record (logo at 20: 34 answers,
 * where kr_logo() gives 33). Its first clause, `((== '() q) (<=o n b)
 * (pluso r '(1) n))`, also takes n = b with q = 0: `(logo 2 2 q r)` gives
 * q = 0, r = 1 too, which breaks r < b^(q+1) - b^q, and n = 1 only for
 * b = 1. Kept for those anchors and for readers of the book; prefer
 * kr_logo(). run* terminates when n is ground.
 */
kr_goal *kr_logo_trs2(kr_term *n, kr_term *b, kr_term *q, kr_term *r);

/**
 * `(expo b q n)`: n = b^q (numbers.scm's expo: kr_logo() with r = 0).
 * run* terminates when n is ground, as kr_logo()'s.
 */
kr_goal *kr_expo(kr_term *b, kr_term *q, kr_term *n);

/** `(<o n m)`: n < m on numerals. Terminates when n or m is ground. */
kr_goal *kr_lto(kr_term *n, kr_term *m);

/** `(<=o n m)`: n <= m on numerals. Terminates when n or m is ground. */
kr_goal *kr_leo(kr_term *n, kr_term *m);

/* ------------------------------------------------------- distribution */

/**
 * `(distributeo mul add in out)`: the distributive law of `mul` over
 * `add`, `mul(A, x + y + ...)` = `mul(A, x) + mul(A, y) + ...`, written
 * exactly as PyTensor's documentation writes its dot distribution (==,
 * heado, assoc_flatten, tailo, conso, mapo), with the two operators as
 * arguments. Shape: mul and add are operator terms (ground: symbols, op
 * atoms); in and out are sequences (etuples, lists, or graph Variables,
 * which expand to etuples) headed by them. `add` is flattened with
 * kr_assoc_flatten(), so only an operator declared associative
 * (kr_associative()) has its nested sums spliced. Run forward (in ground)
 * it gives one answer; run backward (out ground) it gathers a sum of
 * products by the same A. Terminates in both modes. The graph algebra's
 * kr_dot_distributeo() (algebra.h) is this over the op library's `dot`
 * and `add`.
 * Cost: on a term whose heads already rule it out (in not a `mul` of an
 * `add`, or out not an `add`: most nodes a rewriter tries) it fails in
 * O(1), before making its variables or goals.
 */
kr_goal *kr_distributeo(kr_term *mul, kr_term *add, kr_term *in,
			kr_term *out);

/** distributeo as a kr_rel of arity 4 (mul add in out), in its modes. */
const kr_rel *kr_distributeo_rel(void);

/**
 * The body of distributeo run in line on st, for a relation of fixed
 * operators written as kr_rel_new_fresh() (kr_dot_distributeo_rel() is):
 * its stream, or NULL when it fails. Call it only from a kr_fresh_run_fn
 * or kr_clause_fn, on the state that function was given (it binds its
 * variables in place, as kr_clause_eq()). Same answers, order and steps
 * as the goal kr_distributeo() after its one suspension. Errors: none;
 * aborts on OOM. Cost: as kr_distributeo().
 */
kr_stream *kr_clause_distributeo(const kr_state *st, kr_term *mul,
				 kr_term *add, kr_term *in, kr_term *out);

#endif
