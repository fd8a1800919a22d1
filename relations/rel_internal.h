/* rel_internal.h -- helpers shared by the files of relations/. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_REL_INTERNAL_H
#define KRI_REL_INTERNAL_H

#include <stdio.h>
#include <stdlib.h>

#include <kanrewrite/relations.h>

/* API misuse in the relation constructor fn: abort with `what` required. */
_Noreturn static inline void kri_rel_misuse(const char *fn, const char *what)
{
	fprintf(stderr, "kanrewrite: API misuse in %s: %s\n", fn, what);
	abort();
}

/*
 * The disjunction of `other == p` over the permutations p of the n items,
 * in lexicographic order of the positions, each built with the kind of
 * `like` (an etuple when it is one, else a list); without the identity
 * permutation when no_ident (kanren's permuteo(no_ident=True)). With an
 * inner relation (arity 2), `(inner other p)` instead, in kanren's order
 * (kri_rel_kcall_each).
 */
kr_goal *kri_rel_perms(kr_term **items, long n, kr_term *like, kr_term *other,
		       bool no_ident, const kr_rel *inner);

/*
 * A lazy enumeration of terms: next(it, s) advances the iterator `it` and
 * returns its next term (s: the substitution of the state the search is
 * in), or NULL at the end; copy(it) is a fresh copy of it.
 */
typedef struct kri_rel_enum {
	kr_term *(*next)(void *it, const kr_subst *s);
	void *(*copy)(const void *it);
} kri_rel_enum;

/*
 * The disjunction of `other == t` over the terms t that `it` enumerates,
 * right-nested as kr_disj() nests it (same answers, same order), but each
 * t made only when the search reaches it: a run that stops early builds
 * only the terms it reached (permuteo's n! permutations, eq_assoc's
 * O(n^2) groupings). `it` is copied before it advances, so the goal may
 * be applied to several states.
 */
kr_goal *kri_rel_eq_each(kr_term *other, const kri_rel_enum *e, void *it);

/*
 * kri_rel_eq_each with `(rel other t)` (rel of arity 2) for `other == t`:
 * the engine's order.
 */
kr_goal *kri_rel_call_each(const kr_rel *rel, kr_term *other,
			   const kri_rel_enum *e, void *it);

/*
 * kri_rel_call_each in kanren's order (korder.c): its lany over a
 * generator of goals, each branch made when the ring's first pass
 * reaches it; inside more than 200 nested branch runs, the engine's order.
 */
kr_goal *kri_rel_kcall_each(const kr_rel *rel, kr_term *other,
			    const kri_rel_enum *e, void *it);

/*
 * The n elements of a proper list or etuple t, walked through s (only the
 * spine is walked); NULL with *n = -1 when t is not one.
 */
kr_term **kri_rel_elements(kr_term *t, const kr_subst *s, long *n);

/*
 * kanren's answer order (korder.c): the disjunction of n goals as kanren's
 * lany/conde (toolz interleave: one answer of each branch in turn), and
 * the conjunction of a then b as kanren's lall (b's streams over a's
 * answers interleaved the same way). Every suspension inside is one
 * suspension of the resulting stream.
 */
kr_goal *kri_rel_kany(size_t n, kr_goal *const *goals);
kr_goal *kri_rel_kall(kr_goal *a, kr_goal *b);

/*
 * The next branch of a kri_rel_kseq: first is the first answer of the
 * branch it gave before (NULL for the first call, or when that branch
 * ended without one). Returns 1 with *g the branch's goal, 0 when there
 * are no more branches, -1 to end the whole stream (an error).
 */
typedef int (*kri_rel_next_branch)(void *env, const kr_state *first,
				   const kr_goal **g);

/*
 * kanren's interleave over branches made one at a time (condpseq): the
 * stream of kri_rel_kany's ring on st, whose next branch is asked of next
 * when the ring's first pass reaches its end, that is once the branch
 * before it has given its first answer or ended. Applied inside more than
 * 200 nested branch runs (see korder.c): NULL with KR_ELIMIT set, `who`
 * naming the goal.
 */
kr_stream *kri_rel_kseq(const kr_state *st, const char *who,
			kri_rel_next_branch next, void *env);

/*
 * Every answer of g on st, then the stream then(env): one after the
 * other, without interleaving, as a Python generator that yields from
 * one generator and then goes on (kanren's permuteo over itero's
 * lengths). g runs as a branch run: each suspension inside it is one
 * suspension of the stream. Past the nesting bound of korder.c, the
 * engine's mplus of the two instead (the same answers, interleaved).
 */
kr_stream *kri_rel_kthen(const kr_goal *g, const kr_state *st,
			 kr_stream *(*then)(void *env), void *env);

/*
 * `(nullo a b)` with kanren's null type: a and b are both empty, of the
 * kind of whichever of them (walked) is already an empty sequence (an
 * etuple stays an etuple), else the empty list.
 */
kr_goal *kri_rel_nullo2(kr_term *a, kr_term *b);

/*
 * kri_rel_nullo2 with kanren's default_ConsNull: when neither a nor b is
 * already an empty sequence, the empty sequence of kind `dflt`.
 */
kr_goal *kri_rel_nullo2_kind(kr_term *a, kr_term *b, kr_seq_kind dflt);

/*
 * The kind of sequence t is under s, as kanren's nullo reads the type of
 * its arguments: KR_SEQ_LIST for a proper list (or ()), KR_SEQ_ETUPLE for
 * an etuple (or a pair chain ending in one), -1 for anything else (an
 * unknown or improper tail, an atom).
 */
int kri_rel_seq_kind(kr_term *t, const kr_subst *s);

/* A growable array (or stack) of terms in collected memory. */
struct kri_rel_terms {
	kr_term **v;
	size_t len, cap;
};

void kri_rel_terms_push(struct kri_rel_terms *t, kr_term *x);

/*
 * The one answer of kr_assoc_flatten(a, a_flat) on st, or NULL: the goal
 * is a function of the state that never branches, so a relation written
 * as a clause function may run it in line (the goal only adds a new
 * scope, and it binds nothing in place).
 */
const kr_state *kri_rel_assoc_flatten(const kr_state *st, kr_term *a,
				      kr_term *a_flat);

/* kr_mapo() whose empty sequences are of kind dflt when not decided. */
kr_goal *kri_rel_mapo_kind(const kr_rel *rel, kr_term *a, kr_term *b,
			   kr_seq_kind dflt);

/*
 * kanren's term_walko with its keyword arguments: format (NULL or a
 * relation of arity 2, kanren's format_step) rewrites the ground side of
 * each step before it is walked; no_ident leaves out the top-level
 * identity; null is the null_type of the walk into the elements.
 */
kr_goal *kri_term_walko(const kr_rel *rator, const kr_rel *rands,
			const kr_rel *format, bool no_ident, kr_seq_kind null,
			kr_term *a, kr_term *b);

#endif
