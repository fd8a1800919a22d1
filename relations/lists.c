/* lists.c -- more list relations: caro, cdro, pairo, rembero, permuteo. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <string.h>

#include "rel_internal.h"

/*
 * Written with the public API only. rembero is kanren's (three clauses,
 * with =/=); permuteo walks its arguments and, like kanren, enumerates the
 * permutations of whichever side is a proper list in C (lexicographic
 * order of the element positions), so it terminates in every mode where
 * one side is a proper list; with neither, it first enumerates lengths.
 */

kr_goal *kr_caro(kr_term *l, kr_term *a) { return kr_heado(a, l); }

kr_goal *kr_cdro(kr_term *l, kr_term *d) { return kr_tailo(d, l); }

kr_goal *kr_pairo(kr_term *p)
{
	return kr_eq(kr_cons(kr_var_new(NULL), kr_var_new(NULL)), p);
}

/* ------------------------------------------------------------------ rembero */

/*
 * (defrel (rembero x l out)
 *   (conde ((== '() l) (== '() out))
 *          ((fresh (a d) (conso a d l) (== x a) (== d out)))
 *          ((fresh (a d res) (conso a d l) (=/= x a) (conso a res out)
 *             (rembero x d res)))))
 */
static kr_goal *rembero_body(kr_term *const *args, void *env)
{
	kr_rel *self = *(kr_rel **)env;
	kr_term *x = args[0], *l = args[1], *out = args[2];
	kr_term *v[5];
	kr_fresh(5, v);
	return KR_CONDE(KR_ALL(kr_nullo(l), kr_nullo(out)),
			KR_FRESH(kr_conso(v[0], v[1], l), kr_eq(x, v[0]),
				 kr_eq(v[1], out)),
			KR_FRESH(kr_conso(v[2], v[3], l), kr_neq(x, v[2]),
				 kr_conso(v[2], v[4], out),
				 KR_CALL(self, x, v[3], v[4])));
}

kr_goal *kr_rembero(kr_term *x, kr_term *l, kr_term *out)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("rembero", 3, rembero_body, &rel);
	return KR_CALL(rel, x, l, out);
}

/* ----------------------------------------------------------------- permuteo */

kr_term **kri_rel_elements(kr_term *t, const kr_subst *s, long *n)
{
	t = kr_walk(t, s);
	long len = 0;
	kr_term *p = t;
	while (kr_term_kind(p) == KR_CONS) {
		len++;
		p = kr_walk(kr_cdr(p), s);
	}
	if (kr_term_kind(p) == KR_ETUPLE)
		len += (long)kr_etuple_len(p);
	else if (kr_term_kind(p) != KR_NIL) {
		*n = -1;
		return NULL;
	}
	kr_term **v = kr_alloc((size_t)(len ? len : 1) * sizeof *v);
	long i = 0;
	for (p = t; kr_term_kind(p) == KR_CONS; p = kr_walk(kr_cdr(p), s))
		v[i++] = kr_car(p);
	for (size_t j = 0; kr_term_kind(p) == KR_ETUPLE && j < kr_etuple_len(p);
	     j++)
		v[i++] = kr_etuple_ref(p, j);
	*n = len;
	return v;
}

/* Next permutation of idx[0..n-1] in lexicographic order; false at the end. */
static bool next_perm(size_t *idx, size_t n)
{
	if (n < 2)
		return false;
	size_t i = n - 1;
	while (i > 0 && idx[i - 1] >= idx[i])
		i--;
	if (i == 0)
		return false;
	size_t j = n - 1;
	while (idx[j] <= idx[i - 1])
		j--;
	size_t t = idx[i - 1];
	idx[i - 1] = idx[j];
	idx[j] = t;
	for (size_t a = i, b = n - 1; a < b; a++, b--) {
		t = idx[a];
		idx[a] = idx[b];
		idx[b] = t;
	}
	return true;
}

kr_goal *kri_rel_perms(kr_term **items, long n, kr_term *like, kr_term *other,
		       bool no_ident)
{
	size_t *idx = kr_alloc_atomic((size_t)(n ? n : 1) * sizeof *idx);
	for (long i = 0; i < n; i++)
		idx[i] = (size_t)i;
	bool et = kr_term_kind(like) == KR_ETUPLE;
	kr_term **perm = kr_alloc((size_t)(n ? n : 1) * sizeof *perm);
	size_t cap = 16, k = 0;
	kr_goal **gs = kr_alloc(cap * sizeof *gs);
	bool first = true;
	do {
		if (first && no_ident) {
			first = false;
			continue;
		}
		first = false;
		for (long i = 0; i < n; i++)
			perm[i] = items[idx[i]];
		kr_term *p = et ? kr_etuple((size_t)n, perm)
				: kr_list((size_t)n, perm);
		if (k == cap) {
			kr_goal **g2 = kr_alloc(2 * cap * sizeof *g2);
			memcpy(g2, gs, cap * sizeof *g2);
			gs = g2;
			cap *= 2;
		}
		gs[k++] = kr_eq(other, p);
	} while (next_perm(idx, (size_t)n));
	return kr_disj(k, gs);
}

static kr_goal *succeed2(kr_term *const *a, void *env)
{
	(void)a;
	(void)env;
	return kr_succeed();
}

struct perm_env {
	kr_term *a, *b;
};

static kr_stream *permuteo_fn(const kr_state *st, void *env)
{
	struct perm_env *e = env;
	const kr_subst *s = kr_state_subst(st);
	long n;
	kr_term **items = kri_rel_elements(e->a, s, &n);
	kr_term *side = e->a, *other = e->b;
	if (n < 0) {
		items = kri_rel_elements(e->b, s, &n);
		side = e->b;
		other = e->a;
	}
	if (n < 0) {
		static kr_rel *same_len;
		if (!same_len)
			same_len = kr_rel_new("succeed", 2, succeed2, NULL);
		return kr_goal_apply(KR_ALL(kr_mapo(same_len, e->a, e->b),
					    kr_permuteo(e->a, e->b)),
				     st);
	}
	kr_term *like = kr_walk(side, s);
	return kr_goal_apply(kri_rel_perms(items, n, like, other, false), st);
}

kr_goal *kr_permuteo(kr_term *a, kr_term *b)
{
	struct perm_env *e = kr_alloc(sizeof *e);
	e->a = a;
	e->b = b;
	return kr_goal_new(permuteo_fn, e);
}
