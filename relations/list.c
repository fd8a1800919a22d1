/* list.c -- list relations: conso, heado, tailo, nullo, membero, appendo... */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include "rel_internal.h"

/*
 * Written with the public API only. The recursive relations are kr_rels
 * called through kr_rel_call(), which build their body (and its fresh
 * variables) per call; `conde` and KR_FRESH suspend as faster-mk's do.
 */

kr_goal *kr_conso(kr_term *a, kr_term *d, kr_term *l)
{
	return kr_eq(kr_cons(a, d), l);
}

kr_goal *kr_heado(kr_term *h, kr_term *l)
{
	return kr_eq(kr_cons(h, kr_var_new(NULL)), l);
}

kr_goal *kr_tailo(kr_term *t, kr_term *l)
{
	return kr_eq(kr_cons(kr_var_new(NULL), t), l);
}

kr_goal *kr_nullo(kr_term *x) { return kr_eq(x, kr_nil()); }

static bool empty_etuple(kr_term *t, const kr_subst *s)
{
	t = kr_walk(t, s);
	return kr_term_kind(t) == KR_ETUPLE && kr_etuple_len(t) == 0;
}

/*
 * xs[0..n) all empty, of the kind one of them has, else of kind dflt: the
 * body of nullo. An empty list and an etuple among them are two kinds
 * (kanren's two null types): no answer.
 */
static kr_stream *all_null_kind(const kr_state *st, size_t n,
				kr_term *const *xs, kr_seq_kind dflt)
{
	const kr_subst *s = kr_state_subst(st);
	bool et = false, nil = false;
	for (size_t i = 0; i < n; i++) {
		et = et || empty_etuple(xs[i], s);
		nil = nil || kr_term_kind(kr_walk(xs[i], s)) == KR_NIL;
	}
	if (et && nil)
		return NULL;
	if (!et && !nil && dflt == KR_SEQ_ETUPLE)
		et = true;
	kr_term *null = et ? kr_etuple(0, NULL) : kr_nil();
	for (size_t i = 0; i < n && st; i++)
		st = kr_state_unify(st, xs[i], null);
	return st ? kr_stream_unit(st) : NULL;
}

static kr_stream *all_null(const kr_state *st, size_t n, kr_term *const *xs)
{
	return all_null_kind(st, n, xs, KR_SEQ_LIST);
}

struct nullo_env {
	size_t n;
	kr_term *xs[]; /* n terms */
};

static kr_stream *nullo_fn(const kr_state *st, void *env)
{
	const struct nullo_env *e = env;
	return all_null(st, e->n, e->xs);
}

static kr_stream *nullo_etuple_fn(const kr_state *st, void *env)
{
	const struct nullo_env *e = env;
	return all_null_kind(st, e->n, e->xs, KR_SEQ_ETUPLE);
}

kr_goal *kr_nullo_kind(size_t n, kr_term *const *xs, kr_seq_kind dflt)
{
	struct nullo_env *e = kr_alloc(sizeof *e + n * sizeof *e->xs);
	e->n = n;
	for (size_t i = 0; i < n; i++)
		e->xs[i] = xs[i];
	return kr_goal_new(dflt == KR_SEQ_ETUPLE ? nullo_etuple_fn : nullo_fn,
			   e);
}

kr_goal *kr_nullo_n(size_t n, kr_term *const *xs)
{
	return kr_nullo_kind(n, xs, KR_SEQ_LIST);
}

/* The two-term case the walkers build at every step: a 16-byte env. */
static kr_stream *nullo2_fn(const kr_state *st, void *env)
{
	return all_null(st, 2, env);
}

kr_goal *kri_rel_nullo2(kr_term *a, kr_term *b)
{
	kr_term **e = kr_alloc(2 * sizeof *e);
	e[0] = a;
	e[1] = b;
	return kr_goal_new(nullo2_fn, e);
}

/* Two terms, empty etuples unless one of them is already (); the list
 * kind is kri_rel_nullo2. */
static kr_stream *nullo2_etuple_fn(const kr_state *st, void *env)
{
	return all_null_kind(st, 2, env, KR_SEQ_ETUPLE);
}

kr_goal *kri_rel_nullo2_kind(kr_term *a, kr_term *b, kr_seq_kind dflt)
{
	if (dflt == KR_SEQ_LIST)
		return kri_rel_nullo2(a, b);
	kr_term **e = kr_alloc(2 * sizeof *e);
	e[0] = a;
	e[1] = b;
	return kr_goal_new(nullo2_etuple_fn, e);
}

/* ------------------------------------------------------------------ membero */

/*
 * The recursive relations are written as faster-miniKanren's programs
 * write them (bench/minikanren/programs.ss), so that `run n` gives its
 * answers in its order:
 *
 * (defrel (membero x l)
 *   (fresh (a d) (conso a d l) (conde ((== a x)) ((membero x d)))))
 */
/*
 * The env of the conde: {a, x, d}, so that its last two are the
 * arguments of the recursive call.
 */
enum { M_A, M_X, M_D };

static kr_stream *membero_run(const kr_state *st, kr_term *const *v,
			      void *env);

/*
 * (conde ((== a x)) ((membero x d))), run a clause at a time; the call
 * is the stream applying (membero x d) gives, without making the goal.
 */
static kr_stream *membero_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *m = env;
	if (i == 1)
		return kr_clause_fresh_run(st, 0, membero_run,
					   (void *)(m + M_X));
	st = kr_clause_eq(st, m[M_A], m[M_X]);
	return st ? kr_stream_unit(st) : NULL;
}

/*
 * The fresh body over (a d), written with clause functions: the same
 * steps as the goals above, without building them when (conso a d l)
 * fails (zebra: 12-15% less time), and without making a and d when l is
 * a pair (kr_clause_conso).
 */
static kr_stream *membero_run(const kr_state *st, kr_term *const *v,
			      void *env)
{
	kr_term *const *args = env;
	kr_term *a = NULL, *d = NULL;
	(void)v;
	if (!(st = kr_clause_conso(st, &a, &d, args[1])))
		return NULL;
	kr_term *m[] = {[M_A] = a, [M_X] = args[0], [M_D] = d};
	return kr_clause_conde(st, 2, membero_clause, 3, m);
}

static kr_rel *membero_rel(void)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new_fresh("membero", 2, 0, membero_run);
	return rel;
}

kr_goal *kr_membero(kr_term *x, kr_term *l)
{
	return KR_CALL(membero_rel(), x, l);
}

/* ------------------------------------------------------------------ appendo */

/*
 * (defrel (appendo l s out)
 *   (conde ((== '() l) (== s out))
 *          ((fresh (a d res)
 *             (conso a d l) (conso a res out) (appendo d s res)))))
 * written with clause functions as membero is: the same answers, order
 * and steps, without building a clause before the search reaches it or
 * making a and d when l is a pair (logo's exp2 calls it on every step
 * of its search).
 */
static kr_stream *appendo_pair(const kr_state *st, kr_term *const *v,
			       void *env)
{
	kr_term *const *args = env;
	kr_term *a = NULL, *d = NULL, *res = NULL;
	(void)v;
	if (!(st = kr_clause_conso(st, &a, &d, args[0])) ||
	    !(st = kr_clause_conso(st, &a, &res, args[2])))
		return NULL;
	return KR_THEN(st, kr_appendo(d, args[1], res));
}

static kr_stream *appendo_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *args = env;
	if (i == 1)
		return kr_clause_fresh_run(st, 0, appendo_pair, env);
	if (!(st = kr_clause_eq(st, args[0], kr_nil())) ||
	    !(st = kr_clause_eq(st, args[1], args[2])))
		return NULL;
	return kr_stream_unit(st);
}

static kr_rel *appendo_rel(void)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new_conde("appendo", 3, 2, appendo_clause);
	return rel;
}

kr_goal *kr_appendo(kr_term *l, kr_term *s, kr_term *out)
{
	return KR_CALL(appendo_rel(), l, s, out);
}

/* The kind of sequence t is (rel_internal.h). */
int kri_rel_seq_kind(kr_term *t, const kr_subst *s)
{
	t = kr_walk(t, s);
	while (kr_term_kind(t) == KR_CONS)
		t = kr_walk(kr_cdr(t), s);
	if (kr_term_kind(t) == KR_NIL)
		return KR_SEQ_LIST;
	return kr_term_kind(t) == KR_ETUPLE ? KR_SEQ_ETUPLE : -1;
}

/*
 * kanren's nullo(l, refs=(a, b)): l is the empty sequence of the kind
 * that l, a and b have (no answer when two of them disagree), else the
 * empty list. env: l a b.
 */
static kr_stream *nullo_refs_fn(const kr_state *st, void *env)
{
	kr_term **e = env;
	const kr_subst *s = kr_state_subst(st);
	int kind = -1;
	for (int i = 0; i < 3; i++) {
		int k = kri_rel_seq_kind(e[i], s);
		if (k >= 0 && kind >= 0 && k != kind)
			return NULL;
		if (k >= 0)
			kind = k;
	}
	kr_term *null = kind == KR_SEQ_ETUPLE ? kr_etuple(0, NULL) : kr_nil();
	st = kr_state_unify(st, e[0], null);
	return st ? kr_stream_unit(st) : NULL;
}

/*
 * kanren's appendo (Byrd's thesis, p. 247), its conde taken in kanren's
 * order:
 *   (conde ((nullo s l out))
 *          ((fresh (a d) (conso a d out) (== s out)
 *             (nullo l :refs (s out))))
 *          ((fresh (a d res)
 *             (conso a d l) (conso a res out) (appendo d s res))))
 */
static kr_goal *appendo_kanren_body(kr_term *const *args, void *env)
{
	kr_rel *self = *(kr_rel **)env;
	kr_term *l = args[0], *s = args[1], *out = args[2];
	kr_term *v[5];
	kr_fresh(5, v);
	kr_goal *all_empty = kr_nullo_n(3, (kr_term *[]){s, l, out});
	kr_term **refs = kr_alloc(3 * sizeof *refs);
	refs[0] = l;
	refs[1] = s;
	refs[2] = out;
	kr_goal *l_empty = kr_lall_kanren(3, (kr_goal *[]){
		kr_conso(v[0], v[1], out), kr_eq(s, out),
		kr_goal_new(nullo_refs_fn, refs)});
	kr_goal *step = kr_lall_kanren(3, (kr_goal *[]){
		kr_conso(v[2], v[3], l), kr_conso(v[2], v[4], out),
		KR_CALL(self, v[3], s, v[4])});
	return kr_lany_kanren(3, (kr_goal *[]){all_empty, l_empty, step});
}

static kr_rel *appendo_kanren_rel(void)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("appendo-kanren", 3, appendo_kanren_body,
				 &rel);
	return rel;
}

kr_goal *kr_appendo_kanren(kr_term *l, kr_term *s, kr_term *out)
{
	return KR_CALL(appendo_kanren_rel(), l, s, out);
}

/* --------------------------------------------------------------------- mapo */

/*
 * (defrel (mapo rel a b)
 *   (conde ((nullo a) (nullo b))
 *          ((fresh (x xs y ys)
 *             (conso x xs a) (conso y ys b) (rel x y) (mapo rel xs ys)))))
 * The relation argument is not a term, so it travels as a foreign atom
 * (with kanren's null_type) in a first argument of mapo's own: mapo is
 * then one kr_rel_new_conde relation, whose calls are one object each.
 *
 * The clauses are clause functions (same answers, order and steps as
 * the conde of goals): a call builds neither clause before the search
 * reaches it, and the second clause's variables are made in its own
 * scope, so its two conso bind them in place (or take the parts of
 * pairs, kr_clause_conso). mapo runs once per element
 * of a list (KanrenRelationSub's dot_distributeo runs it on every
 * rewrite), and building both clauses eagerly was most of what the
 * rewriter allocated.
 */
struct mapo_env {
	const kr_rel *rel;
	kr_seq_kind null; /* kanren's null_type */
};

static const kr_foreign_type mapo_env_type = {.name = "mapo relation"};

static const kr_rel *mapo_rel(void);

/*
 * args: the mapo_env atom, a and b.
 * (fresh (x xs y ys) (conso x xs a) (conso y ys b) (rel x y) (mapo ...))
 */
static kr_stream *mapo_pair(const kr_state *st, kr_term *const *v, void *env)
{
	kr_term *const *args = env;
	const struct mapo_env *e = kr_foreign_ptr(args[0]);
	kr_term *x = NULL, *xs = NULL, *y = NULL, *ys = NULL;
	(void)v;
	if (!(st = kr_clause_conso(st, &x, &xs, args[1])) ||
	    !(st = kr_clause_conso(st, &y, &ys, args[2])))
		return NULL;
	return KR_THEN(st, KR_CALL(e->rel, x, y),
		       KR_CALL(mapo_rel(), args[0], xs, ys));
}

/*
 * Clause 0 is nullo's own body run on st: the goal would give it a new
 * scope, which only matters to in-place bindings, and nullo binds none.
 */
static kr_stream *mapo_clause(const kr_state *st, int i, void *env)
{
	kr_term *const *args = env;
	const struct mapo_env *e = kr_foreign_ptr(args[0]);
	if (i == 0)
		return all_null_kind(st, 2, args + 1, e->null);
	return kr_clause_fresh_run(st, 0, mapo_pair, env);
}

static const kr_rel *mapo_rel(void)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new_conde("mapo", 3, 2, mapo_clause);
	return rel;
}

kr_goal *kri_rel_mapo_kind(const kr_rel *rel, kr_term *a, kr_term *b,
			   kr_seq_kind dflt)
{
	struct mapo_env *e = kr_alloc(sizeof *e);
	e->rel = rel;
	e->null = dflt;
	return KR_CALL(mapo_rel(), kr_foreign(&mapo_env_type, e), a, b);
}

kr_goal *kr_mapo(const kr_rel *rel, kr_term *a, kr_term *b)
{
	if (!rel || kr_rel_arity(rel) != 2)
		kri_rel_misuse(__func__, "the relation must have arity 2");
	return kri_rel_mapo_kind(rel, a, b, KR_SEQ_LIST);
}
