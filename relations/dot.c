/* dot.c -- dot_distributeo, the documents' relation A.(x+y) = A.x + A.y. */
/* See the LICENSE file for copying conditions. */
/*
 * This is the one file of relations/ that also uses the graph layer's op
 * library (for the operators `dot` and `add`); like the others it uses only
 * the public API.
 */
#include <kanrewrite.h>

/* (x, y): y is `dot(A, x)`, i.e. (conso dot (A x) y), with A from env. */
static kr_goal *dot_term(kr_term *const *a, void *env)
{
	kr_term *A = env;
	return kr_conso(kr_op_term(kr_op_dot()), KR_ETUPLE(A, a[0]), a[1]);
}

static kr_term *add_term(void)
{
	static kr_term *add;
	if (!add) {
		add = kr_op_term(kr_op_add());
		/* Tell the relation library that `add` is associative. */
		KR_FACT(kr_associative(), add);
	}
	return add;
}

/*
 * Exactly the documents' goal: in is `dot(A, t)` with t an `add`, t is
 * flattened, and out is the `add` of `dot(A, x)` for each argument x.
 * Written as a clause function, so that on the many nodes that are not
 * a `dot` (a rewriter tries the relation on each) the first == fails
 * before the other goals are built; the answers and their order are
 * those of the conjunction.
 */
static kr_stream *dot_distributeo_run(const kr_state *st, kr_term *const *v,
				      void *env)
{
	kr_term *const *a = env;
	kr_term *in = a[0], *out = a[1];
	kr_term *A = v[0], *add_t = v[1], *add_cdr = v[2], *dot_cdr = v[3],
		*add_flat = v[4];
	st = kr_clause_eq(st, in, KR_ETUPLE(kr_op_term(kr_op_dot()), A, add_t));
	if (!st)
		return NULL;
	kr_term *add = add_term();
	kr_rel *each = kr_rel_new("dot_term", 2, dot_term, A);
	return KR_THEN(st, kr_heado(add, add_t),
		       kr_assoc_flatten(add_t, add_flat),
		       kr_tailo(add_cdr, add_flat), kr_conso(add, dot_cdr, out),
		       kr_mapo(each, add_cdr, dot_cdr));
}

static kr_goal *dot_distributeo_body(kr_term *const *a, void *env)
{
	(void)env;
	return kr_fresh_run(5, dot_distributeo_run, (void *)a);
}

const kr_rel *kr_dot_distributeo_rel(void)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("dot_distributeo", 2, dot_distributeo_body,
				 NULL);
	return rel;
}

kr_goal *kr_dot_distributeo(kr_term *in, kr_term *out)
{
	return KR_CALL(kr_dot_distributeo_rel(), in, out);
}
