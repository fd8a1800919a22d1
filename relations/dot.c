/* dot.c -- distributeo, the documents' relation A.(x+y) = A.x + A.y. */
/* See the LICENSE file for copying conditions. */
/*
 * The documents' dot_distributeo with its two operators as arguments, so
 * that it needs no op library: the graph algebra (src/db/algebra.c) gives
 * it the op library's `dot` and `add`.
 */
#include "rel_internal.h"

/*
 * (x, y): y is `mul(A, x)`, i.e. (conso mul (A x) y), with mul and A
 * from env. The cons of mul onto the etuple (A x) is the etuple (mul A
 * x): it is built as that at once, without the two-element one.
 */
static kr_goal *mul_term(kr_term *const *a, void *env)
{
	kr_term *const *mA = env;
	return kr_eq(KR_ETUPLE(mA[0], mA[1], a[0]), a[1]);
}

/*
 * The etuple whose items t's are: t itself, or the expansion of a
 * foreign atom such as a graph variable (an owner's op and inputs); NULL
 * for anything else. Reading the items in place makes no term per tail,
 * as kr_cdr() makes a new window of an etuple each time.
 */
static kr_term *items_of(kr_term *t)
{
	if (kr_term_kind(t) == KR_FOREIGN && kr_foreign_type_of(t)->expand)
		t = kr_foreign_type_of(t)->expand(kr_foreign_ptr(t));
	return t && kr_term_kind(t) == KR_ETUPLE ? t : NULL;
}

/*
 * True when t (walked in s) cannot be a sequence headed by op: it is not
 * a var and has no head (an atom, ()) or a head that is neither a var
 * nor op.
 */
static bool head_is_not(const kr_subst *s, kr_term *t, kr_term *op)
{
	t = kr_walk(t, s);
	if (kr_is_var(t))
		return false;
	if (!kr_is_pair(t))
		return true;
	kr_term *head = kr_walk(kr_car(t), s);
	return !kr_is_var(head) && !kr_equal(head, op);
}

/*
 * True when an element of t's spine (t and its tails walked in s) at
 * an index in [k, end) cannot be a sequence headed by op. Only the spine
 * as far as it is pairs is seen: a var or an improper tail ends it.
 */
static bool some_head_is_not(const kr_subst *s, kr_term *t, size_t k,
			     size_t end, kr_term *op)
{
	for (size_t i = 0; i < end; i++, t = kr_cdr(t)) {
		t = kr_walk(t, s);
		kr_term *e = items_of(t);
		if (e) {
			size_t n = kr_etuple_len(e);
			for (size_t j = 0; i + j < end && j < n; j++)
				if (i + j >= k &&
				    head_is_not(s, kr_etuple_ref(e, j), op))
					return true;
			return false;
		}
		if (kr_term_kind(t) != KR_CONS)
			return false;
		if (i >= k && head_is_not(s, kr_car(t), op))
			return true;
	}
	return false;
}

/*
 * True when the goal has no answer whatever A and t: in is not a `mul`,
 * or its second argument is not an `add` ((== in (mul A t)) and
 * (heado add t) fail), or out is not an `add` ((conso add _ out) fails),
 * or one of out's arguments is not a `mul`: mapo reaches every element
 * of out's spine in turn, and (mul_term x y) fails on that one. This is
 * the gather's common case, where the rewriter tries each new `add` of
 * the inputs (x_i + ...). A shape this cannot see through (an improper
 * tail, a var) gives false and the goals decide.
 */
static bool cannot_match(const kr_subst *s, kr_term *mul, kr_term *add,
			 kr_term *in, kr_term *out)
{
	in = kr_walk(in, s);
	out = kr_walk(out, s);
	if (head_is_not(s, in, mul) || head_is_not(s, out, add))
		return true;
	if (!kr_is_var(in) && some_head_is_not(s, in, 2, 3, add))
		return true;
	return !kr_is_var(out) && some_head_is_not(s, out, 1, SIZE_MAX, mul);
}

/*
 * Exactly the documents' goal: in is `mul(A, t)` with t an `add`, t is
 * flattened, and out is the `add` of `mul(A, x)` for each argument x.
 * It runs as the body of a relation that is a fresh of its own
 * (kr_rel_new_fresh), so that on the many nodes that are not a `mul` (a
 * rewriter tries the relation on each) it fails before making its
 * variables or building the other goals. Everything before mapo is run
 * in line: the ==s of heado, tailo and conso with kr_clause_eq,
 * assoc_flatten (a function of the state that never branches) with
 * kri_rel_assoc_flatten; none of them suspends, so the answers, their
 * order and the steps are those of the conjunction, without its goals,
 * and the fresh variables are bound in place instead of in the
 * substitution's trie.
 */
kr_stream *kr_clause_distributeo(const kr_state *st, kr_term *mul,
				 kr_term *add, kr_term *in, kr_term *out)
{
	const kr_subst *s = kr_state_subst(st);
	mul = kr_walk(mul, s);
	add = kr_walk(add, s);
	if (!kr_is_var(mul) && !kr_is_var(add) &&
	    cannot_match(s, mul, add, in, out))
		return NULL;
	kr_term *w[5];
	kr_fresh(5, w);
	kr_term *A = w[0], *add_t = w[1], *add_cdr = w[2], *mul_cdr = w[3],
		*add_flat = w[4];
	st = kr_clause_eq(st, in, KR_ETUPLE(mul, A, add_t));
	if (st) /* (heado add add_t) */
		st = kr_clause_eq(st, kr_cons(add, kr_var_new(NULL)), add_t);
	if (st)
		st = kri_rel_assoc_flatten(st, add_t, add_flat);
	if (st) /* (tailo add_cdr add_flat) */
		st = kr_clause_eq(st, kr_cons(kr_var_new(NULL), add_cdr),
				  add_flat);
	if (st) /* (conso add mul_cdr out) */
		st = kr_clause_eq(st, kr_cons(add, mul_cdr), out);
	if (!st)
		return NULL;
	kr_term **mA = kr_alloc(2 * sizeof *mA);
	mA[0] = mul;
	mA[1] = A;
	kr_rel *each = kr_rel_new("mul_term", 2, mul_term, mA);
	return KR_THEN(st, kr_mapo(each, add_cdr, mul_cdr));
}

/* The body of distributeo: its arguments are (mul add in out). */
static kr_stream *distributeo_run(const kr_state *st, kr_term *const *v,
				  void *env)
{
	(void)v;
	kr_term *const *a = env;
	return kr_clause_distributeo(st, a[0], a[1], a[2], a[3]);
}

const kr_rel *kr_distributeo_rel(void)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new_fresh("distributeo", 4, 0, distributeo_run);
	return rel;
}

kr_goal *kr_distributeo(kr_term *mul, kr_term *add, kr_term *in,
			kr_term *out)
{
	return KR_CALL(kr_distributeo_rel(), mul, add, in, out);
}
