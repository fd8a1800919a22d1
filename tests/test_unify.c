/* test_unify.c -- unification, walk*, reification. */
/* See the LICENSE file for copying conditions. */
#include <string.h>

#include "suites.h"

/* Unify two texts where the symbols listed in vars stand for variables. */
static kr_term *with_vars(kr_term *t, kr_term **syms, kr_term **vars, int n)
{
	if (kr_term_kind(t) == KR_SYM) {
		for (int i = 0; i < n; i++)
			if (t == syms[i])
				return vars[i];
		return t;
	}
	if (kr_term_kind(t) == KR_CONS)
		return kr_cons(with_vars(kr_car(t), syms, vars, n),
			       with_vars(kr_cdr(t), syms, vars, n));
	return t;
}

typedef struct ucase {
	const char *u, *v;
	const char *result; /* reified (?a ?b ?c) or NULL for failure */
} ucase;

static const ucase cases[] = {
	{"?a", "1", "(1 _.0 _.1)"},
	{"(f ?a ?b)", "(f 1 2)", "(1 2 _.0)"},
	{"(f ?a ?a)", "(f 1 2)", NULL},
	{"(f ?a ?a)", "(f 1 1)", "(1 _.0 _.1)"},
	{"(?a . ?b)", "(1 2 3)", "(1 (2 3) _.0)"},
	{"(?a ?b . ?c)", "(1)", NULL},
	{"(1 2)", "(1 2 3)", NULL},
	{"()", "()", "(_.0 _.1 _.2)"},
	{"(?a)", "()", NULL},
	{"?a", "?b", "(_.0 _.0 _.1)"},
	{"(?a ?b)", "(?b 3)", "(3 3 _.0)"},
	{"(g (h ?a) ?c)", "(g (h 2.5) \"s\")", "(2.5 _.0 \"s\")"},
	{"x", "y", NULL},
	{"1", "1.0", NULL},
	{"(1 . ?a)", "(1 . 2)", "(2 _.0 _.1)"},
	/* atoms meet only their equals, whatever their kinds */
	{"\"a\"", "a", NULL},
	{"\"s\"", "\"s\"", "(_.0 _.1 _.2)"},
	{"2.5", "2.5", "(_.0 _.1 _.2)"},
	{"()", "0", NULL},
	{"?a", "?a", "(_.0 _.1 _.2)"},
	{"(?a ?b)", "(?b ?a)", "(_.0 _.0 _.1)"},
	/* a pair never meets an atom, on either side, at the top or below */
	{"(?a . ?b)", "()", NULL},
	{"()", "(?a . ?b)", NULL},
	{"x", "(x)", NULL},
	{"(1 2)", "2", NULL},
	{"(1 . 2)", "(1 2)", NULL},
	/* integers are equal by value, whichever objects hold them */
	{"7", "7", "(_.0 _.1 _.2)"},
	{"(7 ?a)", "(7 -8)", "(-8 _.0 _.1)"},
	{"(7 ?a)", "(8 ?a)", NULL},
};

START_TEST(unify_table)
{
	const ucase *c = &cases[_i];
	kr_term *syms[3] = {kr_sym("?a"), kr_sym("?b"), kr_sym("?c")};
	kr_term *vars[3] = {kr_var_new("a"), kr_var_new("b"), kr_var_new("c")};
	kr_term *u = with_vars(t_read(c->u), syms, vars, 3);
	kr_term *v = with_vars(t_read(c->v), syms, vars, 3);
	const kr_subst *s = kr_unify(u, v, kr_subst_empty());
	if (!c->result) {
		ck_assert_msg(s == NULL, "%s = %s should fail", c->u, c->v);
		return;
	}
	ck_assert_msg(s != NULL, "%s = %s should unify", c->u, c->v);
	kr_term *q = KR_LIST(vars[0], vars[1], vars[2]);
	ck_assert_str_eq(t_str(kr_reify(q, s)), c->result);
	/* symmetric */
	ck_assert_ptr_nonnull(kr_unify(v, u, kr_subst_empty()));
}
END_TEST

START_TEST(unify_etuples_and_lists)
{
	kr_term *x = kr_var_new(NULL), *y = kr_var_new(NULL);
	kr_term *e = KR_ETUPLE(kr_sym("add"), kr_int(1), kr_int(2));
	const kr_subst *s = kr_unify(kr_cons(x, y), e, kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_eq(kr_walk(x, s), kr_sym("add"));
	kr_term *rest = kr_walk(y, s);
	ck_assert_int_eq(kr_term_kind(rest), KR_ETUPLE);
	ck_assert_str_eq(t_str(rest), "(1 2)");
	ck_assert_ptr_nonnull(kr_unify(e, t_read("(add 1 2)"), kr_subst_empty()));
	ck_assert_ptr_null(kr_unify(e, t_read("(add 1 2 3)"), kr_subst_empty()));
	ck_assert_ptr_nonnull(
		kr_unify(kr_cdr(kr_cdr(kr_cdr(e))), kr_nil(), kr_subst_empty()));
	/* the input substitution is never changed */
	const kr_subst *s0 = kr_subst_extend(kr_subst_empty(), x, kr_int(1));
	ck_assert_ptr_null(kr_unify(x, kr_int(2), s0));
	ck_assert_uint_eq(kr_subst_size(s0), 1);
	ck_assert_ptr_eq(kr_unify(x, kr_int(1), s0), s0);
}
END_TEST

START_TEST(occurs_check)
{
	kr_term *x = kr_var_new(NULL), *y = kr_var_new(NULL);
	kr_term *t = KR_LIST(kr_int(1), x);
	ck_assert_ptr_nonnull(kr_unify(x, t, kr_subst_empty()));
	ck_assert_ptr_null(kr_unify_check(x, t, kr_subst_empty()));
	const kr_subst *s = kr_unify_check(y, t, kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_null(kr_unify_check(x, y, s));
	ck_assert(kr_occurs(x, y, s));
	ck_assert(!kr_occurs(x, kr_sym("a"), s));
	ck_assert_ptr_nonnull(kr_unify_check(x, x, kr_subst_empty()));
}
END_TEST

/*
 * A binding made without the occurs check can make a term cyclic: walks
 * of it stop with an error instead of never ending, and a large finite
 * term sharing one subterm many times (no cycle) is walked whole.
 */
START_TEST(cyclic_terms)
{
	kr_term *x = kr_var_new(NULL), *y = kr_var_new(NULL);
	const kr_subst *s =
		kr_unify(x, KR_LIST(kr_int(1), x), kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	kr_error_clear();
	ck_assert_ptr_eq(kr_walk_star(x, s), kr_subst_lookup(s, x));
	ck_assert_int_eq(kr_error_last()->code, KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "cyclic"));
	kr_error_clear();
	ck_assert(kr_is_ground_in(x, s));
	ck_assert_int_eq(kr_error_last()->code, KR_EINVALID);
	kr_error_clear();
	/* a cycle through a list's tail, and one with unbound variables */
	s = kr_unify(x, kr_cons(y, x), kr_subst_empty());
	ck_assert_str_eq(t_str(kr_unground_vars(x, s)), t_str(KR_LIST(y)));
	ck_assert_int_eq(kr_error_last()->code, KR_EINVALID);
	kr_error_clear();
	kr_term *r = kr_reify(x, s);
	ck_assert_int_eq(kr_error_last()->code, KR_EINVALID);
	ck_assert_int_eq(kr_term_kind(r), KR_CONS);
	/* a run gives the error for the cyclic answer, then goes on */
	bool old = kr_set_occurs_check(false);
	kr_term *q = kr_var_new("q"), *a;
	kr_runner *run = kr_run_start(
		q, kr_disj(2, (kr_goal *[]){kr_eq(q, KR_LIST(q)),
					    kr_eq(q, kr_int(5))}));
	ck_assert_int_eq(kr_run_next(&a, run), KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message,
				     "run: the answer is a cyclic term"));
	ck_assert_int_eq(kr_run_next(&a, run), 0);
	ck_assert_str_eq(t_str(a), "5");
	kr_set_occurs_check(old);
	/* 2^17 leaves through one shared variable per level: no cycle */
	kr_term *v[18];
	s = kr_subst_empty();
	v[0] = kr_var_new(NULL);
	s = kr_unify(v[0], kr_sym("a"), s);
	for (int i = 1; i < 18; i++) {
		v[i] = kr_var_new(NULL);
		s = kr_unify(v[i], KR_LIST(v[i - 1], v[i - 1]), s);
	}
	kr_error_clear();
	kr_term *w = kr_walk_star(v[17], s);
	ck_assert_int_eq(kr_error_last()->code, KR_OK);
	ck_assert(kr_is_ground(w));
	for (int i = 0; i < 17; i++)
		w = kr_car(w);
	ck_assert_str_eq(t_str(w), "a");
}
END_TEST

/* t_{k+1} = (t_k . t_k) (or an etuple of two), n times: 2^n leaves. */
static kr_term *doubled(kr_term *t, int n, bool et)
{
	for (int k = 0; k < n; k++)
		t = et ? kr_etuple(2, (kr_term *[]){t, t}) : kr_cons(t, t);
	return t;
}

/*
 * The occurs check on a term whose tree is exponentially bigger than its
 * graph: 2^64 leaves through sharing. Each answer needs the whole graph
 * searched (the variable sought is last or absent), which a traversal of
 * the tree would never finish.
 */
START_TEST(occurs_shared)
{
	bool et = _i == 1;
	kr_term *x = kr_var_new("x"), *v = kr_var_new("v");
	kr_term *q = kr_var_new("q"), *y = kr_var_new("y");
	kr_term *t = doubled(KR_LIST(v), 64, et);
	kr_term *last = KR_LIST(t, y);
	/* x unreferenced: only the structure of the term is searched */
	ck_assert(!kr_occurs(x, t, kr_subst_empty()));
	ck_assert(kr_occurs(y, last, kr_subst_empty()));
	/* x referenced by a binding: bindings are followed too */
	const kr_subst *s = kr_unify(q, KR_LIST(x, kr_int(1)), kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert(!kr_occurs(x, t, s));
	ck_assert(kr_occurs(x, KR_LIST(t, q), s));
	ck_assert_ptr_null(kr_unify_check(x, KR_LIST(t, q), s));
	ck_assert_ptr_nonnull(kr_unify_check(x, KR_LIST(t, y), s));
	/* shared copies of a list too long for the check's table of recent
	 * nodes to see them repeat: 2^40 copies of 1000 cells */
	kr_term *cells[1000];
	for (size_t i = 0; i < 1000; i++)
		cells[i] = i % 2 ? v : kr_int((long)i);
	kr_term *big = doubled(kr_list(1000, cells), 40, et);
	ck_assert(!kr_occurs(x, big, kr_subst_empty()));
	ck_assert(!kr_occurs(x, big, s));
	ck_assert(kr_occurs(y, KR_LIST(big, y), kr_subst_empty()));
}
END_TEST

/*
 * Sharing through bindings: v[i] is bound to (c . c) with c a chain of
 * three variables leading to v[i+1], so the term of v[0] has 2^64 leaves
 * and 4 * 64 variables. The check must open each variable and each pair
 * once, and still see x at the bottom.
 */
START_TEST(occurs_through_bindings)
{
	enum { DEPTH = 64 };
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_term *v[DEPTH + 1], *c[3];
	kr_fresh(DEPTH + 1, v);
	const kr_subst *s = kr_subst_empty();
	for (int i = 0; i < DEPTH; i++) {
		kr_fresh(3, c);
		s = kr_subst_extend(s, c[2], v[i + 1]);
		s = kr_subst_extend(s, c[1], c[2]);
		s = kr_subst_extend(s, c[0], c[1]);
		s = kr_subst_extend(s, v[i], kr_cons(c[0], c[0]));
	}
	/* x at the end of the last cdr: found after the whole graph */
	s = kr_subst_extend(s, v[DEPTH], kr_cons(kr_int(1), x));
	ck_assert(kr_occurs(x, v[0], s));
	ck_assert(!kr_occurs(y, v[0], s));
	ck_assert_ptr_null(kr_unify_check(x, KR_LIST(v[0]), s));
	ck_assert_ptr_nonnull(kr_unify_check(y, KR_LIST(v[0]), s));
}
END_TEST

/* Unification of two terms that share their structure (2^64 leaves). */
START_TEST(unify_shared)
{
	bool et = _i == 1;
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_term *a = doubled(KR_LIST(x, kr_int(1)), 64, et);
	kr_term *b = doubled(KR_LIST(kr_int(2), y), 64, et);
	const kr_subst *s = kr_unify_check(a, b, kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(kr_subst_size(s), 2);
	ck_assert(kr_equal(kr_walk(x, s), kr_int(2)));
	ck_assert(kr_equal(kr_walk(y, s), kr_int(1)));
	/* a mismatch after the whole of both: (a 1) against (b 2) */
	ck_assert_ptr_null(kr_unify(KR_LIST(a, kr_int(1)), KR_LIST(b, kr_int(2)),
				    kr_subst_empty()));
	/* a variable met again deep inside: x = 2 and x = 3 */
	kr_term *c = doubled(KR_LIST(kr_int(3), y), 64, et);
	ck_assert_ptr_null(kr_unify(KR_LIST(a, a), KR_LIST(b, c),
				    kr_subst_empty()));
}
END_TEST

/* Lists of 10^5 elements unify and reify without deep recursion. */
START_TEST(long_lists)
{
	enum { N = 100000 };
	kr_term **a = kr_alloc(N * sizeof *a), **b = kr_alloc(N * sizeof *b);
	kr_term *vars[16];
	kr_fresh(16, vars);
	for (int i = 0; i < N; i++) {
		a[i] = i % 1000 == 0 && i / 1000 < 16 ? vars[i / 1000] : kr_int(i);
		b[i] = kr_int(i);
	}
	kr_term *la = kr_list(N, a), *lb = kr_list(N, b);
	const kr_subst *s = kr_unify(la, lb, kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(kr_subst_size(s), 16);
	ck_assert(kr_equal(kr_walk_star(la, s), lb));
	ck_assert(kr_equal(kr_reify(la, s), lb));
	ck_assert_ptr_null(kr_unify(la, kr_cdr(lb), kr_subst_empty()));
}
END_TEST

/*
 * A unification that binds several variables at once extends the trie in
 * one batch, writing into the nodes it has just made: each result must
 * hold exactly its bindings, and every substitution it started from must
 * stay as it was (the branches of a search share them). Random batches
 * of 1 to 40 variables (past the 32 a unification holds back) over
 * substitutions picked among the earlier ones, checked against a model.
 */
START_TEST(batch_bindings)
{
	enum { NV = 600, NS = 48, ROUNDS = 400 };
	kr_term **vars = kr_alloc(NV * sizeof *vars);
	kr_fresh(NV, vars);
	const kr_subst **subs = kr_alloc(NS * sizeof *subs);
	int(*model)[NV] = kr_alloc(NS * sizeof *model); /* 0: unbound */
	size_t *sizes = kr_alloc(NS * sizeof *sizes);
	int nsubs = 1, value = 0;
	subs[0] = kr_subst_empty();
	uint32_t seed = 12345;
#define NEXT() (seed = seed * 1103515245u + 12345u, (seed >> 8) % 65536u)
	for (int round = 0; round < ROUNDS; round++) {
		int from = (int)(NEXT() % (unsigned)nsubs);
		int to = nsubs < NS ? nsubs++ : 1 + (int)(NEXT() % (NS - 1));
		if (to == from)
			continue;
		size_t k = 1 + NEXT() % 40;
		kr_term *l = kr_nil(), *r = kr_nil();
		int next[NV];
		memcpy(next, model[from], sizeof next);
		size_t size = sizes[from];
		for (size_t i = 0; i < k; i++) {
			int v = (int)(NEXT() % NV);
			if (next[v])
				continue;
			next[v] = ++value;
			size++;
			l = kr_cons(vars[v], l);
			r = kr_cons(kr_int(value), r);
		}
		const kr_subst *s = kr_unify(l, r, subs[from]);
		ck_assert_ptr_nonnull(s);
		subs[to] = s;
		memcpy(model[to], next, sizeof next);
		sizes[to] = size;
		/* (one assertion per round: Check reports each one) */
		int wrong = 0;
		for (int j = 0; j < nsubs; j++) {
			wrong += kr_subst_size(subs[j]) != sizes[j];
			for (int v = 0; v < NV; v++) {
				kr_term *t = kr_subst_lookup(subs[j], vars[v]);
				wrong += model[j][v] ? !t || kr_int_value(t) !=
								     model[j][v]
						     : t != NULL;
			}
		}
		ck_assert_int_eq(wrong, 0);
	}
#undef NEXT
}
END_TEST

/* unification's test_unground_lvars, with lists and etuples */
START_TEST(unground_vars)
{
	kr_term *a = kr_var_new("a"), *b = kr_var_new("b");
	const kr_subst *e = kr_subst_empty();
	for (int etuple = 0; etuple < 2; etuple++) {
		kr_term *inner = KR_LIST(a, KR_LIST(b, kr_int(2)), kr_int(3));
		kr_term *t = etuple ? KR_ETUPLE(kr_int(1), inner) :
				      KR_LIST(kr_int(1), inner);
		kr_term *flat = etuple ? KR_ETUPLE(kr_int(1), kr_int(2)) :
					 KR_LIST(kr_int(1), kr_int(2));
		ck_assert_str_eq(t_str(kr_unground_vars(flat, e)), "()");
		kr_term *vs = kr_unground_vars(t, e);
		ck_assert_int_eq(kr_list_length(vs), 2);
		ck_assert_ptr_eq(kr_car(vs), a);
		ck_assert_ptr_eq(kr_car(kr_cdr(vs)), b);
		const kr_subst *s = kr_subst_extend(e, a, kr_int(4));
		vs = kr_unground_vars(t, s);
		ck_assert_int_eq(kr_list_length(vs), 1);
		ck_assert_ptr_eq(kr_car(vs), b);
		ck_assert(!kr_is_ground_in(t, s));
		s = kr_subst_extend(s, b, kr_int(5));
		ck_assert_str_eq(t_str(kr_unground_vars(t, s)), "()");
		ck_assert(kr_is_ground_in(t, s));
		ck_assert(kr_is_ground_in(flat, e));
		/* through a chain of variables */
		s = kr_subst_extend(kr_subst_extend(e, a, b), b, kr_int(1));
		ck_assert(kr_is_ground_in(t, s));
		ck_assert(!kr_is_ground_in(KR_LIST(a, b), e));
	}
	/* each variable once, in order of first appearance */
	kr_term *vs = kr_unground_vars(KR_LIST(b, a, kr_cons(b, a)), e);
	ck_assert_int_eq(kr_list_length(vs), 2);
	ck_assert_ptr_eq(kr_car(vs), b);
	/* a variable bound to another unbound one counts as that one */
	vs = kr_unground_vars(KR_LIST(a, b), kr_subst_extend(e, a, b));
	ck_assert_int_eq(kr_list_length(vs), 1);
	ck_assert_ptr_eq(kr_car(vs), b);
}
END_TEST

START_TEST(walk_star_and_reify)
{
	kr_term *x = kr_var_new(NULL), *y = kr_var_new(NULL),
		*z = kr_var_new(NULL);
	kr_term *t = KR_LIST(x, y, x, z);
	const kr_subst *s = kr_subst_extend(kr_subst_empty(), y,
					    KR_LIST(kr_int(1), z));
	ck_assert_str_eq(t_str(kr_reify(t, s)), "(_.0 (1 _.1) _.0 _.1)");
	kr_term *g = t_read("(a (b c))");
	ck_assert_ptr_eq(kr_walk_star(g, s), g);
	kr_term *e = KR_ETUPLE(kr_sym("f"), y);
	kr_etuple_set_evaled(e, kr_sym("cached"));
	ck_assert_ptr_eq(kr_walk_star(e, kr_subst_empty()), e);
	kr_term *e2 = kr_walk_star(e, s);
	ck_assert_int_eq(kr_term_kind(e2), KR_ETUPLE);
	ck_assert_str_eq(t_str(kr_reify(e2, s)), "(f (1 _.0))");
	/* a tail bound to an etuple collapses into an etuple */
	kr_term *d = kr_var_new(NULL);
	const kr_subst *s2 = kr_subst_extend(
		kr_subst_empty(), d, KR_ETUPLE(kr_int(2), kr_int(3)));
	kr_term *r = kr_walk_star(kr_cons(kr_int(1), d), s2);
	ck_assert_int_eq(kr_term_kind(r), KR_ETUPLE);
	ck_assert_uint_eq(kr_etuple_len(r), 3);
	const kr_subst *names = kr_reify_names(t, s, 5);
	ck_assert_str_eq(t_str(kr_walk_star(x, names)), "_.5");
}
END_TEST

/* (f (f ... (f x))) nested `depth` deep, as a list or as an etuple nest. */
static kr_term *nest(int depth, kr_term *x, bool etuple)
{
	kr_term *t = x, *f = kr_sym("f");
	for (int i = 0; i < depth; i++)
		t = etuple ? KR_ETUPLE(f, t) : KR_LIST(f, t);
	return t;
}

/* walk*, reify and the occurs check on 10^5-deep nests: no C recursion. */
START_TEST(deep_nests)
{
	enum { D = 100000 };
	bool et = _i == 1;
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_term *t = nest(D, x, et);
	const kr_subst *s = kr_subst_extend(kr_subst_empty(), x,
					    KR_LIST(kr_int(7), y));
	kr_term *w = kr_walk_star(t, s);
	ck_assert(!kr_is_ground(w));
	ck_assert(kr_equal(w, nest(D, KR_LIST(kr_int(7), y), et)));
	ck_assert_int_eq(kr_term_kind(w), et ? KR_ETUPLE : KR_CONS);
	ck_assert_ptr_eq(kr_walk_star(t, kr_subst_empty()), t);
	/* equality and hashing see a list nest and an etuple nest alike */
	ck_assert(kr_equal(t, nest(D, x, !et)));
	ck_assert(kr_hash(t) == kr_hash(nest(D, x, !et)));
	ck_assert(!kr_equal(t, nest(D, y, !et)));
	ck_assert(!kr_equal(t, nest(D - 1, x, et)));
	kr_term *r = kr_reify(t, s);
	ck_assert(kr_is_ground(r));
	ck_assert(kr_equal(r, nest(D, KR_LIST(kr_int(7), kr_sym("_.0")), et)));
	ck_assert(kr_occurs(y, t, s));
	ck_assert(!kr_occurs(y, t, kr_subst_empty()));
	ck_assert(kr_occurs(x, t, kr_subst_empty()));
	ck_assert_ptr_null(kr_unify_check(y, t, s));
	ck_assert_ptr_nonnull(kr_unify(y, t, s));
	/* the names follow the order of first appearance, depth first */
	kr_term *two = KR_LIST(nest(D, y, et), nest(3, x, et), y);
	ck_assert_str_eq(t_str(kr_walk_star(KR_LIST(x, y), kr_reify_names(
				   two, kr_subst_empty(), 0))),
			 "(_.1 _.0)");
}
END_TEST

/* A list whose tail is an etuple, and etuples holding lists, walk* deeply. */
START_TEST(walk_star_mixed)
{
	kr_term *x = kr_var_new(NULL), *y = kr_var_new(NULL),
		*z = kr_var_new(NULL);
	kr_term *t = kr_cons(x, KR_ETUPLE(y, KR_LIST(z, z)));
	const kr_subst *s = kr_subst_extend(kr_subst_empty(), x, kr_int(1));
	s = kr_subst_extend(s, z, KR_LIST(y, kr_int(2)));
	ck_assert_str_eq(t_str(kr_reify(t, s)),
			 "(1 _.0 ((_.0 2) (_.0 2)))");
	s = kr_subst_extend(s, y, kr_sym("a"));
	kr_term *w = kr_walk_star(t, s);
	ck_assert(kr_is_ground(w));
	ck_assert_int_eq(kr_term_kind(w), KR_ETUPLE);
	ck_assert_str_eq(t_str(w), "(1 a ((a 2) (a 2)))");
	kr_term *u = KR_LIST(kr_int(1), KR_LIST(kr_int(2)), kr_int(3));
	ck_assert_ptr_eq(kr_walk_star(u, s), u);
}
END_TEST

/* A constraint: the value is a string atom; counts its calls. */
static int str_calls;
static bool is_str(kr_term *value, const kr_subst *s, void *env)
{
	(void)s;
	ck_assert_ptr_eq(env, &str_calls);
	ck_assert_int_ne(kr_term_kind(value), KR_VAR);
	str_calls++;
	return kr_term_kind(value) == KR_STR;
}

/* A constraint: the value is a positive integer. */
static bool is_pos(kr_term *value, const kr_subst *s, void *env)
{
	(void)s;
	(void)env;
	return kr_term_kind(value) == KR_INT && kr_int_value(value) > 0;
}

/*
 * PyTensor's test_ConstrainedVar (rewriting/test_unify.py): a constrained
 * variable binds only to values its constraint accepts, on either side,
 * directly or through a variable bound before or after.
 */
START_TEST(constrained_var)
{
	const kr_subst *e = kr_subst_empty(), *s;
	kr_term *c = kr_constrained_var_new("c", is_str, &str_calls);
	kr_term *x = kr_var_new("x"), *hi = kr_str("hi");
	ck_assert(kr_is_var(c) && kr_var_is_constrained(c));
	ck_assert(!kr_var_is_constrained(x));
	ck_assert_str_eq(t_str(c), "~c");
	ck_assert_ptr_null(kr_unify(c, kr_int(1), e));
	ck_assert_ptr_null(kr_unify(kr_int(1), c, e));
	ck_assert_ptr_nonnull(s = kr_unify(c, hi, e));
	ck_assert_ptr_eq(kr_walk(c, s), hi);
	ck_assert_ptr_nonnull(s = kr_unify(hi, c, e));
	ck_assert_ptr_eq(kr_walk(c, s), hi);
	/* against a variable: always, and the constraint stays */
	ck_assert_ptr_nonnull(s = kr_unify(c, x, e));
	ck_assert_ptr_eq(kr_walk(x, s), kr_walk(c, s));
	ck_assert_ptr_null(kr_unify(x, kr_int(5), s));
	ck_assert_ptr_nonnull(kr_unify(x, hi, s));
	ck_assert_ptr_nonnull(s = kr_unify(x, c, e)); /* other side */
	ck_assert_ptr_null(kr_unify(kr_int(5), x, s));
	/* the variable already bound */
	const kr_subst *sx = kr_unify(x, hi, e);
	ck_assert_ptr_eq(kr_walk(c, kr_unify(c, x, sx)), hi);
	ck_assert_ptr_eq(kr_walk(c, kr_unify(x, c, sx)), hi);
	ck_assert_ptr_null(kr_unify(c, x, kr_unify(x, kr_int(7), e)));
	const kr_subst *both = kr_unify(c, hi, sx);
	ck_assert_ptr_eq(kr_unify(x, c, both), both); /* nothing new */
	ck_assert_ptr_null(kr_unify(x, c, kr_unify(c, hi, kr_unify(x,
			   kr_str("bye"), e))));
	/* inside structures, and inside etuples */
	ck_assert_ptr_null(kr_unify(KR_LIST(c, c), KR_LIST(hi, kr_int(1)), e));
	s = kr_unify(KR_ETUPLE(kr_sym("f"), c), KR_ETUPLE(kr_sym("f"), hi), e);
	ck_assert_ptr_eq(kr_walk(c, s), hi);
	ck_assert_str_eq(t_str(kr_reify(KR_ETUPLE(kr_sym("f"), c), s)),
			 "(f \"hi\")");
	/* the constraint sees the value, never a variable */
	str_calls = 0;
	ck_assert_ptr_null(kr_unify(c, KR_LIST(x), e));
	ck_assert_int_eq(str_calls, 1);
}
END_TEST

/*
 * Two constrained variables that meet keep both constraints, whichever is
 * bound first; a disequality against a value the constraint refuses
 * holds; the goal engine's == (in-place bindings) sees the constraints.
 */
START_TEST(constrained_var_meet)
{
	const kr_subst *e = kr_subst_empty();
	kr_term *c = kr_constrained_var_new("c", is_str, &str_calls);
	kr_term *p = kr_constrained_var_new("p", is_pos, NULL);
	kr_term *q = kr_constrained_var_new("q", is_pos, NULL);
	const kr_subst *s = kr_unify(c, p, e);
	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_null(kr_unify(p, kr_int(1), s));
	ck_assert_ptr_null(kr_unify(c, kr_str("a"), s));
	s = kr_unify(q, p, e);
	ck_assert_ptr_nonnull(kr_unify(q, kr_int(3), s));
	ck_assert_ptr_null(kr_unify(p, kr_int(-3), s));
	/* through the engine */
	kr_term *v = kr_var_new("v");
	kr_goal *vals = KR_CONDE(kr_eq(v, kr_int(1)), kr_eq(v, kr_str("s")),
				 kr_eq(v, kr_int(-1)), kr_eq(v, kr_int(2)));
	ck_assert_str_eq(t_str(kr_run(-1, v, KR_ALL(kr_eq(v, p), vals))),
			 "(1 2)");
	ck_assert_str_eq(t_str(kr_run(-1, v, KR_ALL(vals, kr_eq(p, v)))),
			 "(1 2)");
	ck_assert_str_eq(t_str(kr_run(-1, v, KR_ALL(kr_eq(c, p), kr_eq(v, p),
						    vals))), "()");
	ck_assert_str_eq(t_str(kr_run(-1, p, kr_membero(p, t_read(
			 "(0 \"a\" 4 -2 9)")))), "(4 9)");
	ck_assert_str_eq(t_str(kr_run(-1, p, kr_neq(p, kr_int(-5)))),
			 "(_.0)");
	ck_assert_str_eq(t_str(kr_run(-1, p, kr_neq(p, kr_int(5)))),
			 "((_.0 (=/= ((_.0 5)))))");
}
END_TEST

Suite *unify_suite(void)
{
	Suite *s = suite_create("unify");
	TCase *tc = tcase_create("unify");
	tcase_add_loop_test(tc, unify_table, 0, sizeof cases / sizeof *cases);
	tcase_add_test(tc, unify_etuples_and_lists);
	tcase_add_test(tc, occurs_check);
	tcase_add_test(tc, cyclic_terms);
	tcase_add_loop_test(tc, occurs_shared, 0, 2);
	tcase_add_loop_test(tc, unify_shared, 0, 2);
	tcase_add_test(tc, long_lists);
	tcase_add_test(tc, batch_bindings);
	tcase_add_test(tc, occurs_through_bindings);
	tcase_add_test(tc, constrained_var);
	tcase_add_test(tc, constrained_var_meet);
	suite_add_tcase(s, tc);
	tc = tcase_create("reify");
	tcase_add_test(tc, walk_star_and_reify);
	tcase_add_test(tc, unground_vars);
	tcase_add_test(tc, walk_star_mixed);
	tcase_add_loop_test(tc, deep_nests, 0, 2);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
