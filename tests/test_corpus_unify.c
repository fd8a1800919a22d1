/* test_corpus_unify.c -- corpus: unify, walk*, reify, occurs check. */
/* See the LICENSE file for copying conditions. */
#include <string.h>

#include "suites.h"

/*
 * Behaviour ported from the test suites of Python's `unification`
 * (tests/test_core.py, test_more.py), `cons` (its unification support) and
 * `etuples` (its unify/reify registrations), rewritten as one-line cases.
 *
 * Notation of a case text: a symbol `?name` is a logic variable (the same
 * name is the same variable within a case), `(etuple a b ...)` is the
 * etuple of its elements, everything else is read as it is printed.
 * Results are printed with the same notation, so an etuple shows as
 * `(etuple ...)` and a list as `(...)`.
 *
 * Deliberate differences from Python, tested as our documented behaviour:
 *  - answers are reified miniKanren-style (`_.0`, `_.1` in order of first
 *    appearance) instead of keeping Python's `~_12` variables; kr_walk_star
 *    is Python's `reify` and keeps them (printed `~name`);
 *  - C has no tuples, dicts, sets, slices or iterators: those cases are
 *    dropped; a Python tuple or list is our proper list; `ConsPair` is our
 *    pair, and a pair whose cdr is `()` is a proper list by construction
 *    (Python collapses it at reification);
 *  - Python never checks occurs; kr_unify() does not either (so a cyclic
 *    binding is accepted, as in Python), kr_unify_check() does (the
 *    faster-miniKanren behaviour), and cases marked "#oc" show both.
 */

/* ------------------------------------------------------------ notation */

typedef struct vmap {
	int n;
	const char *names[32];
	kr_term *vars[32];
} vmap;

static kr_term *var_of(vmap *m, const char *name)
{
	for (int i = 0; i < m->n; i++)
		if (strcmp(m->names[i], name) == 0)
			return m->vars[i];
	ck_assert_int_lt(m->n, 32);
	m->names[m->n] = name;
	m->vars[m->n] = kr_var_new(name + 1);
	return m->vars[m->n++];
}

/* The term of a read text: ?x variables and (etuple ...) etuples. */
static kr_term *conv(kr_term *t, vmap *m)
{
	if (kr_term_kind(t) == KR_SYM && kr_sym_name(t)[0] == '?')
		return var_of(m, kr_sym_name(t));
	if (kr_term_kind(t) != KR_CONS)
		return t;
	if (kr_car(t) == kr_sym("etuple")) {
		kr_term *items[64];
		size_t n = 0;
		for (kr_term *l = kr_cdr(t); kr_term_kind(l) == KR_CONS;
		     l = kr_cdr(l)) {
			ck_assert_uint_lt(n, 64);
			items[n++] = conv(kr_car(l), m);
		}
		return kr_etuple(n, items);
	}
	return kr_cons(conv(kr_car(t), m), conv(kr_cdr(t), m));
}

static kr_term *term_of(const char *text, vmap *m)
{
	return conv(t_read(text), m);
}

static void show_into(char **buf, const kr_term *t);

static void show_seq(char **buf, const kr_term *t)
{
	bool first = true;
	while (kr_term_kind(t) == KR_CONS) {
		*buf = kr_strfmt("%s%s", *buf, first ? "" : " ");
		show_into(buf, kr_car(t));
		first = false;
		t = kr_cdr(t);
	}
	if (kr_term_kind(t) != KR_NIL) {
		*buf = kr_strfmt("%s . ", *buf);
		show_into(buf, t);
	}
}

static void show_into(char **buf, const kr_term *t)
{
	switch (kr_term_kind(t)) {
	case KR_CONS:
		*buf = kr_strfmt("%s(", *buf);
		show_seq(buf, t);
		*buf = kr_strfmt("%s)", *buf);
		break;
	case KR_ETUPLE:
		*buf = kr_strfmt("%s(etuple", *buf);
		for (size_t i = 0; i < kr_etuple_len(t); i++) {
			*buf = kr_strfmt("%s ", *buf);
			show_into(buf, kr_etuple_ref(t, i));
		}
		*buf = kr_strfmt("%s)", *buf);
		break;
	default:
		*buf = kr_strfmt("%s%s", *buf, t_str(t));
	}
}

/* Printed form with etuples marked, as the case texts write them. */
static const char *show(const kr_term *t)
{
	char *buf = kr_strdup("");
	show_into(&buf, t);
	return buf;
}

/* ------------------------------------------------------------ unify table */

typedef struct ucase {
	const char *u, *v;
	/* reify(u) after unifying, "#f" for no unifier, "#oc" for a unifier
	 * that only exists without the occurs check */
	const char *want;
} ucase;

static const ucase ucases[] = {
	/* atoms: equal atoms unify, nothing else does (Python `==`) */
	{"1", "1", "1"},
	{"1", "2", "#f"},
	{"-7", "-7", "-7"},
	{"a", "a", "a"},
	{"a", "b", "#f"},
	{"\"s\"", "\"s\"", "\"s\""},
	{"\"s\"", "\"t\"", "#f"},
	{"\"s\"", "s", "#f"},
	{"1", "1.0", "#f"},
	{"1.5", "1.5", "1.5"},
	{"1.5", "2.5", "#f"},
	{"()", "()", "()"},
	{"()", "(1)", "#f"},
	{"()", "0", "#f"},
	{"a", "(a)", "#f"},
	{"\"ab\"", "(a b)", "#f"},
	/* variables bind either side, and to each other */
	{"?x", "2", "2"},
	{"2", "?x", "2"},
	{"?x", "?x", "_.0"},
	{"?x", "?y", "_.0"},
	{"?x", "()", "()"},
	{"?x", "(1 ?y)", "(1 _.0)"},
	{"(?x ?y)", "?z", "(_.0 _.1)"},
	{"(?x ?y)", "(?y ?x)", "(_.0 _.0)"},
	{"(?x ?y)", "(?y 1)", "(1 1)"},
	{"(?x ?x)", "(1 2)", "#f"},
	{"(?x ?x)", "(1 1)", "(1 1)"},
	{"(?x ?x)", "(?y 3)", "(3 3)"},
	{"(?x ?y ?x)", "(1 2 ?y)", "#f"},
	{"(?x ?y ?x)", "(?y 2 ?z)", "(2 2 2)"},
	{"(?x ?y ?z)", "(?y ?z ?x)", "(_.0 _.0 _.0)"},
	{"(?x ?y ?z)", "(?y ?z 3)", "(3 3 3)"},
	{"(?x ?y ?z)", "(1 ?x ?y)", "(1 1 1)"},
	{"(?x ?y)", "(?z ?z)", "(_.0 _.0)"},
	{"(?x ?y ?x ?y)", "(1 2 ?y ?x)", "#f"},
	{"(?x ?y ?x ?y)", "(1 ?x ?y 1)", "(1 1 1 1)"},
	/* proper lists, element-wise, left to right; lengths must agree */
	{"(1 2)", "(1 2)", "(1 2)"},
	{"(1 2)", "(1 2 3)", "#f"},
	{"(1 2 3)", "(1 2)", "#f"},
	{"(1 2)", "(2 1)", "#f"},
	{"(1 (2 3))", "(1 (2 ?x))", "(1 (2 3))"},
	{"((1 2) ?x)", "(?y 3)", "((1 2) 3)"},
	{"(f ?x)", "(g ?x)", "#f"},
	{"(f ?x (g ?y))", "(f (g ?y) ?x)", "(f (g _.0) (g _.0))"},
	{"(((((?x)))))", "(((((5)))))", "(((((5)))))"},
	{"(a \"b\" 1.5 ?x)", "(a \"b\" 1.5 c)", "(a \"b\" 1.5 c)"},
	{"(?x ?x)", "((1 ?y) (?z 2))", "((1 2) (1 2))"},
	{"(?x ?x)", "((1 ?y) (2 ?z))", "#f"},
	{"(() ?x)", "(?x ())", "(() ())"},
	{"(1 ?x 3)", "(?y 2 ?z)", "(1 2 3)"},
	/* pairs (cons): car with car, cdr with cdr; a list is a pair chain */
	{"(?x . ?y)", "(1 2 3)", "(1 2 3)"},
	{"(?x . ?y)", "(1)", "(1)"},
	{"(?x . ?y)", "()", "#f"},
	{"(?x ?y . ?z)", "(1)", "#f"},
	{"(?x ?y . ?z)", "(1 2)", "(1 2)"},
	{"(1 . 2)", "(1 . 2)", "(1 . 2)"},
	{"(1 . 2)", "(1 2)", "#f"},
	{"(1 . ?x)", "(1 . 2)", "(1 . 2)"},
	{"(1 . ?x)", "(2 . 2)", "#f"},
	{"(?x . ?x)", "((1) 1)", "((1) 1)"},
	{"(?x . ?x)", "(1 1)", "#f"},
	{"(?a ?b . ?c)", "(?c ?a . ?b)", "(_.0 _.0 . _.0)"},
	{"(1 2 . ?t)", "(1 2 3 4)", "(1 2 3 4)"},
	{"(1 2 . ?t)", "(1 2)", "(1 2)"},
	{"(?x 2 . ?t)", "(?y ?y . ?y)", "(2 2 . 2)"},
	{"(?a . ?b)", "(?c . ?d)", "(_.0 . _.1)"},
	{"(?a . ?b)", "(1 . ?a)", "(1 . 1)"},
	{"(1 . (2 . (3 . ())))", "(1 2 3)", "(1 2 3)"},
	{"(a . \"s\")", "(?x . ?y)", "(a . \"s\")"},
	/* occurs check: kr_unify accepts the cycle (as Python), the checked
	 * unifier refuses it (as faster-miniKanren) */
	{"?x", "(1 ?x)", "#oc"},
	{"?x", "(?x)", "#oc"},
	{"?x", "(1 . ?x)", "#oc"},
	{"(?x ?y)", "(?y (f ?x))", "#oc"},
	{"(?x ?x)", "(?y (?y))", "#oc"},
	{"(?x . ?x)", "(?y ?y)", "#oc"},
	{"(?x ?y)", "((?y) (?z))", "(((_.0)) (_.0))"},
	{"?x", "(etuple f ?x)", "#oc"},
	{"(?x ?y ?z)", "(?y ?z (g ?x))", "#oc"},
	{"(?x ?y)", "((a ?z) ?z)", "((a _.0) _.0)"},
	{"(?x ?x)", "(?y ?y)", "(_.0 _.0)"},
	/* etuples unify like the proper list of their elements */
	{"(etuple add 1 2)", "(etuple add 1 2)", "(etuple add 1 2)"},
	{"(etuple add ?x 2)", "(etuple add 1 ?y)", "(etuple add 1 2)"},
	{"(etuple add 1 2)", "(etuple add 1 2 3)", "#f"},
	{"(etuple add 1 2)", "(etuple mul 1 2)", "#f"},
	{"(etuple add 1 2)", "(add 1 2)", "(etuple add 1 2)"},
	{"(add ?x 2)", "(etuple add 1 2)", "(add 1 2)"},
	{"(etuple add 1 2)", "(add 1 2 3)", "#f"},
	{"(etuple)", "()", "(etuple)"},
	{"(etuple)", "(etuple)", "(etuple)"},
	{"(etuple)", "(etuple 1)", "#f"},
	{"(etuple ?x)", "(1 2)", "#f"},
	{"(etuple f 1 2)", "(f 1 . 2)", "#f"},
	{"(etuple ?op ?a ?b)", "(etuple add x y)", "(etuple add x y)"},
	{"(etuple f ?x)", "(etuple f (etuple g ?y))",
	 "(etuple f (etuple g _.0))"},
	{"(1 (etuple g 2))", "(?x (g ?y))", "(1 (etuple g 2))"},
	{"(etuple f (g ?x))", "(f (etuple g 3))", "(etuple f (g 3))"},
	/* cons onto an etuple is an etuple (Python's cons merging rule) */
	{"(?x . ?y)", "(etuple add 1 2)", "(etuple add 1 2)"},
	{"(add . ?y)", "(etuple add 1 2)", "(etuple add 1 2)"},
	{"(?x . ?y)", "(etuple add)", "(etuple add)"},
	{"(?op . ?args)", "(etuple)", "#f"},
	{"(?x ?y)", "(etuple f 1)", "(f 1)"},
	{"(etuple add ?x)", "(add . ?t)", "(etuple add _.0)"},
	{"(?a ?b . ?c)", "(etuple f 1 2 3)", "(etuple f 1 2 3)"},
	{"(etuple ?x ?x)", "(etuple 1 ?y)", "(etuple 1 1)"},
	{"(etuple ?x ?x)", "(etuple (etuple f) (f))", "(etuple (etuple f) (etuple f))"},
};

START_TEST(unify_case)
{
	const ucase *c = &ucases[_i];
	vmap m = {0};
	kr_term *u = term_of(c->u, &m), *v = term_of(c->v, &m);
	const kr_subst *s = kr_unify_check(u, v, kr_subst_empty());
	const kr_subst *s_nc = kr_unify(u, v, kr_subst_empty());
	if (strcmp(c->want, "#f") == 0) {
		ck_assert_msg(!s && !s_nc, "%s = %s should fail", c->u, c->v);
		ck_assert_ptr_null(kr_unify(v, u, kr_subst_empty()));
		return;
	}
	if (strcmp(c->want, "#oc") == 0) {
		ck_assert_msg(s_nc && !s, "%s = %s: occurs check", c->u, c->v);
		ck_assert_ptr_null(kr_unify_check(v, u, kr_subst_empty()));
		return;
	}
	ck_assert_msg(s && s_nc, "%s = %s should unify", c->u, c->v);
	ck_assert_str_eq(show(kr_reify(u, s)), c->want);
	ck_assert_str_eq(show(kr_reify(u, s_nc)), c->want);
	ck_assert(kr_equal(kr_walk_star(u, s), kr_walk_star(v, s)));
	/* mgus are equal up to renaming, whichever side binds */
	const kr_subst *r = kr_unify_check(v, u, kr_subst_empty());
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(show(kr_reify(u, r)), c->want);
	/* unifying again under the unifier binds nothing more */
	ck_assert_ptr_eq(kr_unify(u, v, s), s);
}
END_TEST

/* ------------------------------------------------------------ reify table */

typedef struct rcase {
	const char *t;
	const char *binds; /* ((?v . value) ...) added in order, unchecked */
	const char *walked; /* kr_walk_star: unbound variables stay */
	const char *reified; /* kr_reify: unbound variables become _.N */
} rcase;

static const rcase rcases[] = {
	{"1", "((?x . 2))", "1", "1"},
	{"\"s\"", "()", "\"s\"", "\"s\""},
	{"?x", "()", "~x", "_.0"},
	{"?x", "((?x . 1))", "1", "1"},
	{"(1 ?y)", "((?y . 2))", "(1 2)", "(1 2)"},
	{"(?x ?y)", "((?x . 1))", "(1 ~y)", "(1 _.0)"},
	{"(?x ?y ?x)", "()", "(~x ~y ~x)", "(_.0 _.1 _.0)"},
	{"(?y ?x)", "()", "(~y ~x)", "(_.0 _.1)"},
	{"(?x (?y) ?y ?z ?x)", "()", "(~x (~y) ~y ~z ~x)",
	 "(_.0 (_.1) _.1 _.2 _.0)"},
	{"?x", "((?x . ?y) (?y . 2))", "2", "2"},
	{"?x", "((?x . ?y) (?y . ?z))", "~z", "_.0"},
	{"?x", "((?x . ?y) (?y . (1 ?z)))", "(1 ~z)", "(1 _.0)"},
	{"?x", "((?x . (?y ?z)) (?y . (a ?z)) (?z . b))", "((a b) b)",
	 "((a b) b)"},
	{"(?a (?b ?c) . ?d)", "((?b . ?a) (?d . (?c)))", "(~a (~a ~c) ~c)",
	 "(_.0 (_.0 _.1) _.1)"},
	{"(?x ?y)", "((?x . (?y ?y)))", "((~y ~y) ~y)", "((_.0 _.0) _.0)"},
	{"(?z ?x ?y)", "((?x . (?y ?z)))", "(~z (~y ~z) ~y)",
	 "(_.0 (_.1 _.0) _.1)"},
	/* a tail bound to () makes a proper list (cons's collapse rule) */
	{"(?x . ?t)", "((?t . ()))", "(~x)", "(_.0)"},
	{"(1 2 . ?t)", "((?t . (3 . ?u)) (?u . ()))", "(1 2 3)", "(1 2 3)"},
	{"(1 . ?t)", "((?t . 2))", "(1 . 2)", "(1 . 2)"},
	/* etuples stay etuples; a tail bound to an etuple merges into one */
	{"(etuple f ?x)", "((?x . 1))", "(etuple f 1)", "(etuple f 1)"},
	{"(etuple f ?x)", "()", "(etuple f ~x)", "(etuple f _.0)"},
	{"(etuple f (etuple g ?x) ?y)", "((?x . ?y))",
	 "(etuple f (etuple g ~y) ~y)", "(etuple f (etuple g _.0) _.0)"},
	{"(?x . ?t)", "((?t . (etuple 2 3)) (?x . 1))", "(etuple 1 2 3)",
	 "(etuple 1 2 3)"},
	{"(?op . ?args)", "((?op . add) (?args . (etuple ?a 1)))",
	 "(etuple add ~a 1)", "(etuple add _.0 1)"},
	{"(?x . ?t)", "((?t . (etuple)))", "(etuple ~x)", "(etuple _.0)"},
	{"(g ?e)", "((?e . (etuple f ?x)) (?x . 2))", "(g (etuple f 2))",
	 "(g (etuple f 2))"},
	{"(?a ?b ?a)", "((?b . (etuple f ?a)))", "(~a (etuple f ~a) ~a)",
	 "(_.0 (etuple f _.0) _.0)"},
	/* the names _.N count variables, not positions */
	{"(?a ?b ?c ?d ?e ?f ?g ?h ?i ?j ?k ?l)", "((?b . ?a) (?d . ?c))",
	 "(~a ~a ~c ~c ~e ~f ~g ~h ~i ~j ~k ~l)",
	 "(_.0 _.0 _.1 _.1 _.2 _.3 _.4 _.5 _.6 _.7 _.8 _.9)"},
};

static const kr_subst *subst_of(const char *text, vmap *m)
{
	const kr_subst *s = kr_subst_empty();
	for (kr_term *l = term_of(text, m); kr_term_kind(l) == KR_CONS;
	     l = kr_cdr(l))
		s = kr_subst_extend(s, kr_car(kr_car(l)), kr_cdr(kr_car(l)));
	return s;
}

START_TEST(reify_case)
{
	const rcase *c = &rcases[_i];
	vmap m = {0};
	kr_term *t = term_of(c->t, &m);
	const kr_subst *s = subst_of(c->binds, &m);
	kr_term *w = kr_walk_star(t, s);
	ck_assert_str_eq(show(w), c->walked);
	ck_assert_str_eq(show(kr_reify(t, s)), c->reified);
	/* walk* is idempotent and reify of the walked term is the same */
	ck_assert_ptr_eq(kr_walk_star(w, s), w);
	ck_assert_str_eq(show(kr_reify(w, s)), c->reified);
	ck_assert_str_eq(show(kr_reify(w, kr_subst_empty())), c->reified);
}
END_TEST

/* ------------------------------------------------------------ walk, occurs */

typedef struct wcase {
	const char *t, *binds, *want; /* kr_walk: one level, chains only */
} wcase;

static const wcase wcases[] = {
	{"?x", "()", "~x"},
	{"?x", "((?x . 1))", "1"},
	{"?x", "((?x . ?y))", "~y"},
	{"?x", "((?x . ?y) (?y . ?z))", "~z"},
	{"?x", "((?x . ?y) (?y . ?z) (?z . 5))", "5"},
	{"?x", "((?x . (?y)) (?y . 1))", "(~y)"},
	{"(?x)", "((?x . 1))", "(~x)"},
	{"?y", "((?x . 1))", "~y"},
	{"a", "((?x . 1))", "a"},
	{"?x", "((?x . (etuple f ?y)) (?y . 2))", "(etuple f ~y)"},
};

START_TEST(walk_case)
{
	const wcase *c = &wcases[_i];
	vmap m = {0};
	kr_term *t = term_of(c->t, &m);
	ck_assert_str_eq(show(kr_walk(t, subst_of(c->binds, &m))), c->want);
}
END_TEST

typedef struct ocase {
	const char *x, *t, *binds;
	bool occurs;
} ocase;

static const ocase ocases[] = {
	{"?x", "?x", "()", true},
	{"?x", "?y", "()", false},
	{"?x", "(1 ?x)", "()", true},
	{"?x", "(1 (2 (3 ?x)))", "()", true},
	{"?x", "(1 2 3)", "()", false},
	{"?x", "?y", "((?y . (a ?x)))", true},
	{"?x", "?y", "((?y . ?z) (?z . ?x))", true},
	{"?x", "(?y . ?y)", "((?y . (b)))", false},
	{"?x", "(etuple f ?x)", "()", true},
	{"?x", "(etuple f ?y)", "((?y . (g ?x)))", true},
	{"?x", "(f . ?x)", "()", true},
	{"?x", "(etuple f 1 2)", "()", false},
};

START_TEST(occurs_case)
{
	const ocase *c = &ocases[_i];
	vmap m = {0};
	kr_term *x = term_of(c->x, &m), *t = term_of(c->t, &m);
	const kr_subst *s = subst_of(c->binds, &m);
	ck_assert_int_eq(kr_occurs(x, t, s), c->occurs);
	/* binding x to t passes the checked unifier iff x does not occur
	 * (x == t itself is the trivial, binding-free case) */
	if (kr_walk(t, s) != x)
		ck_assert_int_eq(kr_unify_check(x, t, s) == NULL, c->occurs);
}
END_TEST

/* ------------------------------------------------------------ identities */

/* Unifying what is already equal returns the input substitution itself
 * (Python: `u is v` returns s unchanged). */
static const char *const same_pairs[][2] = {
	{"1", "1"},
	{"?x", "?x"},
	{"(1 ?x)", "(1 ?x)"},
	{"(etuple f ?x)", "(f ?x)"},
	{"?x", "1"},         /* ?x is bound to 1 by the base substitution */
	{"(?x ?x)", "(1 1)"},
	{"()", "(etuple)"},
};

START_TEST(unify_returns_same_subst)
{
	vmap m = {0};
	kr_term *x = var_of(&m, "?x");
	const kr_subst *s0 = kr_subst_extend(kr_subst_empty(), x, kr_int(1));
	kr_term *u = term_of(same_pairs[_i][0], &m);
	kr_term *v = term_of(same_pairs[_i][1], &m);
	ck_assert_ptr_eq(kr_unify(u, v, s0), s0);
	ck_assert_ptr_eq(kr_unify_check(u, v, s0), s0);
}
END_TEST

/* The input substitution is persistent: failing or extending it leaves it
 * as it was (Python's assoc copies). */
START_TEST(subst_persistent)
{
	vmap m = {0};
	kr_term *x = var_of(&m, "?x"), *y = var_of(&m, "?y");
	const kr_subst *s0 = kr_subst_extend(kr_subst_empty(), x, kr_int(1));
	ck_assert_ptr_null(kr_unify(x, kr_int(2), s0));
	const kr_subst *s1 = kr_unify(KR_LIST(x, y), t_read("(1 2)"), s0);
	ck_assert_ptr_nonnull(s1);
	ck_assert_uint_eq(kr_subst_size(s0), 1);
	ck_assert_uint_eq(kr_subst_size(s1), 2);
	ck_assert_ptr_null(kr_subst_lookup(s0, y));
	ck_assert_int_eq(kr_int_value(kr_subst_lookup(s1, y)), 2);
	/* a failed unification after partial bindings leaves nothing */
	ck_assert_ptr_null(kr_unify(KR_LIST(y, x), t_read("(3 4)"), s0));
	ck_assert_ptr_null(kr_subst_lookup(s0, y));
}
END_TEST

/* Bindings are stored triangular, not walked (Python stores values
 * un-walked): x -> y stays a variable binding. */
START_TEST(triangular_bindings)
{
	vmap m = {0};
	kr_term *x = var_of(&m, "?x"), *y = var_of(&m, "?y");
	const kr_subst *s = kr_unify(x, KR_LIST(y), kr_subst_empty());
	s = kr_unify(y, kr_int(3), s);
	ck_assert_str_eq(show(kr_subst_lookup(s, x)), "(~y)");
	ck_assert_str_eq(show(kr_walk_star(x, s)), "(3)");
}
END_TEST

/* walk* and reify give back the very same term when nothing changes, so
 * an etuple keeps its evaluated object (etuples' reify identity). */
START_TEST(reify_identity)
{
	vmap m = {0};
	kr_term *x = var_of(&m, "?x");
	kr_term *e = term_of("(etuple f ?x (etuple g 1))", &m);
	kr_etuple_set_evaled(e, kr_sym("obj"));
	const kr_subst *other = kr_subst_extend(kr_subst_empty(),
						var_of(&m, "?z"), kr_int(1));
	ck_assert_ptr_eq(kr_walk_star(e, kr_subst_empty()), e);
	ck_assert_ptr_eq(kr_walk_star(e, other), e);
	kr_term *g = term_of("(etuple g 1)", &m);
	kr_etuple_set_evaled(g, kr_sym("gobj"));
	ck_assert_ptr_eq(kr_reify(g, other), g);
	kr_term *e2 = kr_walk_star(e, kr_subst_extend(other, x, kr_int(5)));
	ck_assert_ptr_ne(e2, e);
	ck_assert_int_eq(kr_term_kind(e2), KR_ETUPLE);
	ck_assert_ptr_null(kr_etuple_evaled(e2));
	ck_assert_str_eq(show(e2), "(etuple f 5 (etuple g 1))");
	kr_term *l = t_read("(a (b c) \"d\")");
	ck_assert_ptr_eq(kr_walk_star(l, other), l);
	ck_assert_ptr_eq(kr_reify(l, other), l);
}
END_TEST

/* Reification names start where asked (constraint reification). */
START_TEST(reify_names_offset)
{
	vmap m = {0};
	kr_term *t = term_of("(?a ?b ?a ?c)", &m);
	const kr_subst *s = kr_subst_extend(kr_subst_empty(),
					    var_of(&m, "?b"), kr_int(0));
	const kr_subst *r = kr_reify_names(t, s, 3);
	ck_assert_str_eq(show(kr_walk_star(t, r)), "(_.3 0 _.3 _.4)");
	ck_assert_str_eq(show(kr_walk_star(t, kr_reify_names(t, s, 0))),
			 show(kr_reify(t, s)));
}
END_TEST

/* Python's trampolined unify/reify handle 5000-deep nests; our unifier
 * uses an explicit stack (unify.h), so nests of 100000 levels unify;
 * walk*, reify and kr_occurs recurse on the C stack, so they are tested
 * at Python's depth. */
static kr_term *nest(int depth, kr_term *leaf)
{
	kr_term *t = leaf;
	for (int i = 0; i < depth; i++)
		t = KR_LIST(kr_sym("f"), t, kr_int(i));
	return t;
}

static kr_term *enest(int depth, kr_term *leaf, bool etuple)
{
	kr_term *t = leaf;
	for (int i = 0; i < depth; i++)
		t = etuple ? KR_ETUPLE(kr_sym("g"), t) : KR_LIST(kr_sym("g"), t);
	return t;
}

START_TEST(deep_unify)
{
	enum { D = 100000 };
	kr_term *x = kr_var_new("x"), *y = kr_var_new("y");
	kr_term *a = nest(D, x), *b = nest(D, kr_sym("leaf"));
	const kr_subst *s = kr_unify_check(a, b, kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(show(kr_walk(x, s)), "leaf");
	ck_assert_ptr_null(kr_unify(nest(D, kr_int(1)), b, kr_subst_empty()));
	ck_assert_ptr_nonnull(kr_unify_check(y, b, kr_subst_empty()));
	s = kr_unify_check(enest(D, x, true), enest(D, kr_int(7), false),
			   kr_subst_empty());
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(kr_int_value(kr_walk(x, s)), 7);
}
END_TEST

START_TEST(deep_reify)
{
	enum { D = 5000 };
	kr_term *x = kr_var_new("x");
	kr_term *a = nest(D, x), *b = nest(D, kr_sym("leaf"));
	const kr_subst *s = kr_unify_check(a, b, kr_subst_empty());
	ck_assert(kr_equal(kr_reify(a, s), b));
	ck_assert(kr_equal(kr_walk_star(a, s), b));
	ck_assert_ptr_null(kr_unify_check(x, a, kr_subst_empty()));
	ck_assert(kr_occurs(x, a, kr_subst_empty()));
	ck_assert(!kr_occurs(kr_var_new("y"), a, kr_subst_empty()));
	kr_term *e = enest(D, x, true);
	s = kr_unify_check(e, enest(D, kr_int(7), false), kr_subst_empty());
	ck_assert_int_eq(kr_term_kind(kr_reify(e, s)), KR_ETUPLE);
}
END_TEST

/* An occurs check against a large ground term is not a traversal of it:
 * many bindings to one big ground term stay fast (the ground flag). */
START_TEST(occurs_ground_fast)
{
	enum { N = 200000, K = 20000 };
	kr_term **items = kr_alloc(N * sizeof *items);
	for (int i = 0; i < N; i++)
		items[i] = kr_int(i);
	kr_term *big = kr_list(N, items);
	const kr_subst *s = kr_subst_empty();
	for (int i = 0; i < K; i++) {
		s = kr_unify_check(kr_var_new(NULL), big, s);
		ck_assert_ptr_nonnull(s);
	}
	ck_assert_uint_eq(kr_subst_size(s), K);
}
END_TEST

Suite *corpus_unify_suite(void)
{
	Suite *s = suite_create("corpus_unify");
	TCase *tc = tcase_create("unify");
	tcase_add_loop_test(tc, unify_case, 0, sizeof ucases / sizeof *ucases);
	tcase_add_loop_test(tc, unify_returns_same_subst, 0,
			    sizeof same_pairs / sizeof *same_pairs);
	tcase_add_test(tc, subst_persistent);
	tcase_add_test(tc, triangular_bindings);
	suite_add_tcase(s, tc);
	tc = tcase_create("reify");
	tcase_add_loop_test(tc, reify_case, 0, sizeof rcases / sizeof *rcases);
	tcase_add_loop_test(tc, walk_case, 0, sizeof wcases / sizeof *wcases);
	tcase_add_test(tc, reify_identity);
	tcase_add_test(tc, reify_names_offset);
	suite_add_tcase(s, tc);
	tc = tcase_create("occurs");
	tcase_add_loop_test(tc, occurs_case, 0, sizeof ocases / sizeof *ocases);
	tcase_add_test(tc, deep_unify);
	tcase_add_test(tc, deep_reify);
	tcase_add_test(tc, occurs_ground_fast);
	suite_add_tcase(s, tc);
	return s;
}
