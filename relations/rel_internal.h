/* rel_internal.h -- helpers shared by the files of relations/. */
/* See the LICENSE file for copying conditions. */
#ifndef KRI_REL_INTERNAL_H
#define KRI_REL_INTERNAL_H

#include <kanrewrite/relations.h>

/*
 * The disjunction of `other == p` over the permutations p of the n items,
 * in lexicographic order of the positions, each built with the kind of
 * `like` (an etuple when it is one, else a list); without the identity
 * permutation when no_ident (kanren's permuteo(no_ident=True)).
 */
kr_goal *kri_rel_perms(kr_term **items, long n, kr_term *like, kr_term *other,
		       bool no_ident);

/*
 * The n elements of a proper list or etuple t, walked through s (only the
 * spine is walked); NULL with *n = -1 when t is not one.
 */
kr_term **kri_rel_elements(kr_term *t, const kr_subst *s, long *n);

#endif
