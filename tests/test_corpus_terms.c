/* test_corpus_terms.c -- corpus: cons protocol, etuples, assoccomm, walkers. */
/* See the LICENSE file for copying conditions. */
#include <stdlib.h>
#include <string.h>

#include "suites.h"

/*
 * Behaviour ported from the test suites of Python's `cons`
 * (tests/test_cons.py), `etuples` (tests/test_core.py, test_dispatch.py)
 * and kanren (tests/test_assoccomm.py, test_graph.py, test_term.py).
 * Terms are written as in test_corpus_unify.c: `(etuple a ...)` is an
 * etuple, and results print etuples the same way. Programs use the
 * miniKanren interpreter of test_corpus_run.c (its functions are declared
 * below: suites.h, which would declare them, is not this file's).
 *
 * Deliberate differences from Python, tested as our documented behaviour:
 * C has no tuples, dicts, OrderedDicts or iterators, so cons/car/cdr cases
 * on those are dropped (a Python list or tuple is our proper list, a
 * ConsPair our pair); strings are atoms (never cons-able, as in Python);
 * answers are reified `_.0`; where kanren's answer order follows its
 * interleaving the cases compare sets (SET) or sets without duplicates
 * (USET, when the number of duplicates is an engine artefact).
 */

typedef struct corpus_interp corpus_interp;
corpus_interp *corpus_new(void);
void corpus_bind(corpus_interp *ip, const char *name, kr_term *value);
kr_term *corpus_eval(corpus_interp *ip, const char *program);
const char *corpus_show(const kr_term *t);

/* The term of a text, `(etuple ...)` read as an etuple. */
static kr_term *conv(kr_term *t)
{
	if (kr_term_kind(t) != KR_CONS)
		return t;
	if (kr_car(t) == kr_sym("etuple")) {
		kr_term *items[64];
		size_t n = 0;
		for (kr_term *l = kr_cdr(t); kr_term_kind(l) == KR_CONS;
		     l = kr_cdr(l))
			items[n++] = conv(kr_car(l));
		return kr_etuple(n, items);
	}
	return kr_cons(conv(kr_car(t)), conv(kr_cdr(t)));
}

static kr_term *rd(const char *text) { return conv(t_read(text)); }

static const char *show(const kr_term *t) { return corpus_show(t); }

/* ------------------------------------------------------------ car / cdr */

typedef struct pcase {
	const char *t, *car, *cdr;
} pcase;

static const pcase pcases[] = {
	{"(1 2 3)", "1", "(2 3)"},
	{"(1)", "1", "()"},
	{"(1 . 2)", "1", "2"},
	{"(1 2 . 3)", "1", "(2 . 3)"},
	{"((a) b)", "(a)", "(b)"},
	{"(\"s\" . \"t\")", "\"s\"", "\"t\""},
	{"(etuple f 1 2)", "f", "(etuple 1 2)"},
	{"(etuple f)", "f", "(etuple)"},
	{"(etuple (etuple g) 1)", "(etuple g)", "(etuple 1)"},
	{"(etuple f (g 1))", "f", "(etuple (g 1))"},
	{"((etuple f 1) 2)", "(etuple f 1)", "(2)"},
	{"(() ())", "()", "(())"},
};

START_TEST(car_cdr_case)
{
	const pcase *c = &pcases[_i];
	kr_term *t = rd(c->t);
	ck_assert(kr_is_pair(t));
	ck_assert(!kr_is_null(t));
	ck_assert_str_eq(show(kr_car(t)), c->car);
	ck_assert_str_eq(show(kr_cdr(t)), c->cdr);
	/* cons(car(z), cdr(z)) == z, the same object for etuples */
	kr_term *again = kr_cons(kr_car(t), kr_cdr(t));
	ck_assert(kr_equal(again, t));
	ck_assert_str_eq(show(again), show(t));
	if (kr_term_kind(t) == KR_ETUPLE)
		ck_assert_ptr_eq(again, t);
}
END_TEST

/* kr_is_pair / kr_is_null (cons's ConsPair and ConsNull checks) */
static const struct {
	const char *t;
	bool pair, null;
} kind_cases[] = {
	{"()", false, true},   {"(etuple)", false, true},
	{"(1)", true, false},  {"(etuple 1)", true, false},
	{"(1 . 2)", true, false}, {"1", false, false},
	{"\"ab\"", false, false}, {"ab", false, false},
	{"1.5", false, false}, {"(())", true, false},
};

START_TEST(kind_case)
{
	kr_term *t = rd(kind_cases[_i].t);
	ck_assert_int_eq(kr_is_pair(t), kind_cases[_i].pair);
	ck_assert_int_eq(kr_is_null(t), kind_cases[_i].null);
}
END_TEST

/* cons(a, d): merging into lists and etuples, pairs otherwise */
static const struct {
	const char *a, *d, *want;
} cons_cases[] = {
	{"1", "(2 3)", "(1 2 3)"},
	{"1", "()", "(1)"},
	{"1", "2", "(1 . 2)"},
	{"1", "\"ab\"", "(1 . \"ab\")"},
	{"op", "(etuple 1 2)", "(etuple op 1 2)"},
	{"1", "(etuple)", "(etuple 1)"},
	{"(etuple f)", "()", "((etuple f))"},
	{"(1 2)", "(3)", "((1 2) 3)"},
	{"a", "(b . c)", "(a b . c)"},
	{"()", "()", "(())"},
	{"f", "(etuple (etuple g 1))", "(etuple f (etuple g 1))"},
};

START_TEST(cons_case)
{
	kr_term *r = kr_cons(rd(cons_cases[_i].a), rd(cons_cases[_i].d));
	ck_assert_str_eq(show(r), cons_cases[_i].want);
	ck_assert(kr_equal(kr_car(r), rd(cons_cases[_i].a)));
	ck_assert(kr_equal(kr_cdr(r), rd(cons_cases[_i].d)));
}
END_TEST

/* list lengths and kr_as_etuple (etuple(*seq)) */
static const struct {
	const char *t;
	long len;
	const char *as_etuple; /* NULL when not a sequence */
} seq_cases[] = {
	{"()", 0, "(etuple)"},
	{"(1 2 3)", 3, "(etuple 1 2 3)"},
	{"(etuple f 1)", 2, "(etuple f 1)"},
	{"(1 . 2)", -1, NULL},
	{"a", -1, NULL},
	{"((1 2) (etuple 3))", 2, "(etuple (1 2) (etuple 3))"},
};

START_TEST(seq_case)
{
	kr_term *t = rd(seq_cases[_i].t);
	ck_assert_int_eq(kr_list_length(t), seq_cases[_i].len);
	kr_term *e = kr_as_etuple(t);
	if (!seq_cases[_i].as_etuple) {
		ck_assert_ptr_null(e);
		return;
	}
	ck_assert_str_eq(show(e), seq_cases[_i].as_etuple);
	if (kr_term_kind(t) == KR_ETUPLE)
		ck_assert_ptr_eq(e, t);
}
END_TEST

/* ------------------------------------------------------------ etuple cache */

/* The evaluated object survives decomposition: cons(car(e), cdr(e)) is e,
 * also through several cdrs (etuples' `_parent`). */
START_TEST(etuple_cache_survives)
{
	kr_term *e = rd("(etuple add 1 (etuple mul 2 3) 4)");
	kr_etuple_set_evaled(e, kr_sym("value"));
	kr_term *d1 = kr_cdr(e), *d2 = kr_cdr(d1);
	ck_assert_ptr_eq(kr_cons(kr_car(d1), d2), kr_cons(kr_car(d1), d2));
	ck_assert_ptr_eq(kr_cons(kr_car(e), kr_cons(kr_car(d1), d2)), e);
	ck_assert_ptr_eq(kr_etuple_evaled(kr_cons(kr_car(e), d1)),
			 kr_sym("value"));
	/* a different head makes a new etuple without the cache */
	kr_term *other = kr_cons(kr_sym("sub"), d1);
	ck_assert_ptr_null(kr_etuple_evaled(other));
	ck_assert_str_eq(show(other), "(etuple sub 1 (etuple mul 2 3) 4)");
	/* a nested etuple keeps its own cache through its parent */
	kr_term *inner = kr_etuple_ref(e, 2);
	kr_etuple_set_evaled(inner, kr_sym("six"));
	ck_assert_ptr_eq(kr_etuple_evaled(kr_car(kr_cdr(d1))), kr_sym("six"));
	/* unification through a conso keeps the object (kanren's conso) */
	kr_term *a = kr_var_new("a"), *d = kr_var_new("d");
	const kr_subst *s = kr_unify(kr_cons(a, d), e, kr_subst_empty());
	ck_assert_ptr_eq(kr_walk_star(kr_cons(a, d), s), e);
}
END_TEST

/* ------------------------------------------------------------ graph terms */

typedef struct graph {
	kr_variable *x, *y, *a, *z, *w, *c;
} graph;

/* x, y, A matrices; z = x + y; w = A @ z; c = constant 2 */
static graph make_graph(void)
{
	graph g;
	g.x = kr_variable_new(kr_type_matrix(), "x");
	g.y = kr_variable_new(kr_type_matrix(), "y");
	g.a = kr_variable_new(kr_type_matrix(), "A");
	ck_assert_int_eq(KR_OP_CALL(&g.z, kr_op_add(), g.x, g.y), 0);
	ck_assert_int_eq(KR_OP_CALL(&g.w, kr_op_dot(), g.a, g.z), 0);
	g.c = kr_constant_new(2.0, NULL);
	return g;
}

static corpus_interp *graph_interp(graph *g)
{
	corpus_interp *ip = corpus_new();
	corpus_bind(ip, "x", kr_variable_term(g->x));
	corpus_bind(ip, "y", kr_variable_term(g->y));
	corpus_bind(ip, "A", kr_variable_term(g->a));
	corpus_bind(ip, "z", kr_variable_term(g->z));
	corpus_bind(ip, "w", kr_variable_term(g->w));
	corpus_bind(ip, "c", kr_variable_term(g->c));
	corpus_bind(ip, "add", kr_op_term(kr_op_add()));
	corpus_bind(ip, "dot", kr_op_term(kr_op_dot()));
	return ip;
}

/* Relations over graph Variables, as kanren runs them on PyTensor graphs
 * (the variable atom unifies as its owner's etuple, one level at a time). */
static const struct {
	const char *prog, *want;
} graph_cases[] = {
	{"(run* (o a) (conso o a z))", "((add (x y)))"},
	{"(run* (q) (heado q w))", "(dot)"},
	{"(run* (q) (tailo q w))", "((A Add.0))"},
	{"(run* (q) (fresh (t) (tailo t w) (heado q t)))", "(A)"},
	{"(run* (q) (fresh (t u) (tailo t w) (tailo u t) (heado q u)))", "(Add.0)"},
	{"(run* (q) (fresh (b) (== w (dot A b)) (== b (add q y))))", "(x)"},
	{"(run* (q) (== w (dot A (add x q))))", "(y)"},
	{"(run* (q) (== z (add y x)))", "()"},
	{"(run* (q) (heado q x))", "()"},
	{"(run* (q) (conso q (etuple) c))", "()"},
	{"(run* (q) (== x x))", "(_.0)"},
	{"(run* (q) (== x y))", "()"},
	{"(run* (q) (membero q z))", "(add x y)"},
	{"(run* (q) (membero x z))", "(_.0)"},
	{"(run* (q) (== q z))", "(Add.0)"},
	{"(run* (q) (fresh (o a b) (== z (o a b)) (== q (o b a))))", "((add y x))"},
	{"(run* (q) (mapo == z q))", "((add x y))"},
	{"(run* (q) (pairo z))", "(_.0)"},
	{"(run* (q) (pairo x))", "()"},
};

START_TEST(graph_case)
{
	graph g = make_graph();
	kr_term *got = corpus_eval(graph_interp(&g), graph_cases[_i].prog);
	ck_assert_msg(strcmp(t_str(got), graph_cases[_i].want) == 0,
		      "%s\n  got  %s\n  want %s", graph_cases[_i].prog,
		      t_str(got), graph_cases[_i].want);
}
END_TEST

/* etuplize(var, shallow=True) and evaluation back to the same variable */
START_TEST(graph_etuplize)
{
	graph g = make_graph();
	kr_term *e = kr_etuplize(g.w);
	ck_assert_int_eq(kr_term_kind(e), KR_ETUPLE);
	ck_assert_uint_eq(kr_etuple_len(e), 3);
	ck_assert_ptr_eq(kr_etuple_evaled(e), kr_variable_term(g.w));
	ck_assert_ptr_eq(kr_term_variable(kr_etuple_ref(e, 2)), g.z);
	ck_assert_ptr_eq(kr_etuplize(g.x), kr_variable_term(g.x));
	/* car/cdr of the atom decompose it; cons rebuilds the cached etuple */
	kr_term *t = kr_variable_term(g.w);
	ck_assert(kr_is_pair(t));
	ck_assert_ptr_eq(kr_term_op(kr_car(t)), kr_op_dot());
	ck_assert_int_eq(kr_term_kind(kr_cdr(t)), KR_ETUPLE);
	kr_term *back = kr_cons(kr_car(t), kr_cdr(t));
	kr_variable *v = NULL;
	ck_assert_int_eq(kr_term_eval(&v, back), 0);
	ck_assert_ptr_eq(v, g.w);
	ck_assert(!kr_is_pair(kr_variable_term(g.x)));
	/* an etuple rebuilt with other arguments evaluates to a new node */
	kr_term *swapped = KR_ETUPLE(kr_op_term(kr_op_add()),
				     kr_variable_term(g.y), kr_variable_term(g.x));
	ck_assert_int_eq(kr_term_eval(&v, swapped), 0);
	ck_assert_ptr_ne(v, g.z);
	kr_variable *v2 = NULL;
	ck_assert_int_eq(kr_term_eval(&v2, swapped), 0);
	ck_assert_ptr_eq(v2, v);
}
END_TEST

/* kanren's typeo/isinstanceo on graph Variables (foreign atoms) */
START_TEST(graph_typeo)
{
	graph g = make_graph();
	kr_term *xt = kr_variable_term(g.x), *zt = kr_variable_term(g.z);
	const kr_foreign_type *vt = kr_foreign_type_of(xt);
	const kr_foreign_type *ot =
		kr_foreign_type_of(kr_op_term(kr_op_add()));
	kr_term *q = kr_var_new("q");
	ck_assert_str_eq(t_str(kr_run(-1, q, KR_ALL(kr_foreigno(q, vt),
						    kr_eq(q, xt)))), "(x)");
	ck_assert_str_eq(t_str(kr_run(-1, q, KR_ALL(kr_eq(q, zt),
						    kr_foreigno(q, vt)))),
			 "(Add.0)");
	ck_assert_str_eq(t_str(kr_run(-1, q, KR_ALL(kr_foreigno(q, vt),
						    kr_eq(q, kr_int(1))))), "()");
	ck_assert_str_eq(t_str(kr_run(-1, q, KR_ALL(kr_foreigno(q, ot),
						    kr_eq(q, xt)))), "()");
	kr_term *one = kr_run(-1, q, kr_foreigno(q, vt));
	ck_assert_int_eq(kr_list_length(one), 1);
	ck_assert_str_eq(t_str(kr_car(one)),
			 kr_strfmt("(_.0 (%s _.0))", vt->name));
}
END_TEST

/* ------------------------------------------------------------ relations */

enum { ORDER, SET, USET };

typedef struct rcase {
	const char *prog, *want;
	int how;
} rcase;

/* add is associative and commutative, cat associative, mul commutative */
static void declare_ops(void)
{
	kr_term *add = kr_sym("add"), *cat = kr_sym("cat"), *mul = kr_sym("mul");
	ck_assert_int_eq(kr_fact(kr_associative(), &add), 0);
	ck_assert_int_eq(kr_fact(kr_commutative(), &add), 0);
	ck_assert_int_eq(kr_fact(kr_associative(), &cat), 0);
	ck_assert_int_eq(kr_fact(kr_commutative(), &mul), 0);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The answers, printed, sorted, without duplicates when unique. */
static const char *answer_set(kr_term *answers, bool unique)
{
	long n = kr_list_length(answers);
	ck_assert_int_ge(n, 0);
	const char **s = kr_alloc(((size_t)n + 1) * sizeof *s);
	for (long i = 0; i < n; i++, answers = kr_cdr(answers))
		s[i] = show(kr_car(answers));
	qsort(s, (size_t)n, sizeof *s, cmp_str);
	char *out = kr_strdup("");
	for (long i = 0; i < n; i++)
		if (!unique || i == 0 || strcmp(s[i], s[i - 1]) != 0)
			out = kr_strfmt("%s%s%s", out, i ? " | " : "", s[i]);
	return out;
}

static void check_rcase(const rcase *c)
{
	declare_ops();
	kr_term *got = corpus_eval(corpus_new(), c->prog);
	const char *g = c->how == ORDER ? show(got)
					: answer_set(got, c->how == USET);
	const char *w = c->how == ORDER ? c->want
					: answer_set(rd(c->want), c->how == USET);
	ck_assert_msg(strcmp(g, w) == 0, "%s\n  got  %s\n  want %s", c->prog,
		      show(got), c->want);
}

/* assoc_flatten (kanren.assoccomm): splices nested applications of the
 * same associative operator, never anything else. */
static const rcase flatten_cases[] = {
	{"(run* (q) (assoc_flatten (etuple add 1 (etuple add 2 3)) q))",
	 "((etuple add 1 2 3))", ORDER},
	{"(run* (q) (assoc_flatten (add 1 (add 2 3)) q))", "((add 1 2 3))", ORDER},
	{"(run* (q) (assoc_flatten (add (add 1 2) (add 3 (add 4 5)) 6) q))",
	 "((add 1 2 3 4 5 6))", ORDER},
	{"(run* (q) (assoc_flatten (add 1 (mul 2 (add 3 4))) q))",
	 "((add 1 (mul 2 (add 3 4))))", ORDER},
	{"(run* (q) (assoc_flatten (mul 1 (mul 2 3)) q))", "((mul 1 (mul 2 3)))",
	 ORDER},
	{"(run* (q) (assoc_flatten (cat (cat a b) c) q))", "((cat a b c))", ORDER},
	{"(run* (q) (assoc_flatten (cat (add 1 2) c) q))", "((cat (add 1 2) c))",
	 ORDER},
	{"(run* (q) (fresh (a) (assoc_flatten a q)))", "(_.0)", ORDER},
	{"(run* (q) (fresh (x) (assoc_flatten (add 1 . x) q)))", "((add 1 . _.0))",
	 ORDER},
	{"(run* (q) (assoc_flatten (add) q))", "((add))", ORDER},
	{"(run* (q) (assoc_flatten (add 1) q))", "((add 1))", ORDER},
	{"(run* (q) (assoc_flatten (add (add) 1) q))", "((add (add) 1))", ORDER},
	{"(run* (q) (fresh (x) (assoc_flatten (add x (add 1 2)) q)))",
	 "((add _.0 1 2))", ORDER},
	{"(run* (q) (fresh (o) (== o 'add) (assoc_flatten (o 1 (add 2 3)) q)))",
	 "((add 1 2 3))", ORDER},
	{"(run* (q) (assoc_flatten 5 q))", "(5)", ORDER},
	{"(run* (q) (assoc_flatten (add 1 (add 2 3)) (add 1 2 3)))", "(_.0)",
	 ORDER},
	{"(run* (q) (assoc_flatten (add 1 (add 2 3)) (add 1 (add 2 3))))", "()",
	 ORDER},
};

/* eq_comm, eq_assoc, eq_assoccomm (kanren's test_assoccomm) */
static const rcase ac_cases[] = {
	{"(run* (q) (eq_comm 1 1))", "(_.0)", ORDER},
	{"(run* (q) (eq_comm 1 2))", "()", ORDER},
	{"(run* (q) (eq_comm (mul 1 2) (mul 2 1)))", "(_.0)", USET},
	{"(run* (q) (eq_comm (mul 1 2) (mul 1 2)))", "(_.0)", USET},
	{"(run* (q) (eq_comm (cat 1 2) (cat 2 1)))", "()", ORDER},
	{"(run* (q) (eq_comm (mul 1 2) q))", "((mul 1 2) (mul 2 1))", USET},
	{"(run* (q) (eq_comm (mul 1 2 3) q))",
	 "((mul 1 2 3) (mul 1 3 2) (mul 2 1 3) (mul 2 3 1) (mul 3 1 2) "
	 "(mul 3 2 1))", USET},
	{"(run* (q) (eq_comm (mul 1 (mul 2 3)) q))",
	 "((mul 1 (mul 2 3)) (mul 1 (mul 3 2)) (mul (mul 2 3) 1) "
	 "(mul (mul 3 2) 1))", USET},
	{"(run* (q) (eq_comm (f (mul 1 2)) q))", "((f (mul 1 2)) (f (mul 2 1)))",
	 USET},
	/* kanren's permuteo: a list is no permutation of an etuple */
	{"(run* (q) (eq_comm (etuple mul 1 2) (mul 2 1)))", "()", ORDER},
	{"(run* (q) (eq_comm (etuple mul 1 2) (etuple mul 2 1)))", "(_.0)",
	 USET},
	{"(run* (q) (eq_comm (mul 1 2) (mul 2 q)))", "(1)", USET},
	{"(run* (q) (eq_assoc 1 1))", "(_.0)", ORDER},
	{"(run* (q) (eq_assoc (cat 1 2 3) (cat (cat 1 2) 3)))", "(_.0)", USET},
	{"(run* (q) (eq_assoc (cat 1 2) (cat 2 1)))", "()", ORDER},
	/* both sides flattened (kanren's eq_assoc_args), at the root too */
	{"(run* (q) (eq_assoc (cat (cat 1 2) 3) (cat 1 (cat 2 3))))", "(_.0)",
	 ORDER},
	{"(run* (q) (eq_assoc (cat 1 2 3 4) (cat (cat 1 2) (cat 3 4))))",
	 "(_.0)", ORDER},
	{"(run* (q) (eq_assoc (etuple cat (etuple cat 1 2) 3) "
	 "(etuple cat 1 (etuple cat 2 3))))", "(_.0)", ORDER},
	{"(run* (q) (eq_assoc (etuple cat 1 2 3 4) "
	 "(etuple cat (etuple cat 1 2) (etuple cat 3 4))))", "(_.0)", ORDER},
	/* a list is no regrouping of an etuple (kanren: a tuple of one) */
	{"(run* (q) (eq_assoc (cat (cat 1 2) 3) (etuple cat 1 (etuple cat 2 3))))",
	 "()", ORDER},
	{"(run* (q) (eq_assoc (cat (cat 1 2) 3) (cat 1 (cat 2 q))))", "(3)",
	 ORDER},
	{"(run* (q) (eq_assoc (cat 1 (cat 2 q)) (cat (cat 1 2) 3)))", "(3)",
	 ORDER},
	{"(run* (q) (eq_assoc (add (add 1 2) 3) (add 1 (add 2 3))))", "(_.0)",
	 ORDER},
	{"(run* (q) (eq_assoc (mul 1 2 3) (mul (mul 1 2) 3)))", "()", ORDER},
	{"(run* (q) (eq_assoc (cat 1 2 3) q))",
	 "((cat (cat 1 2) 3) (cat 1 2 3) (cat 1 (cat 2 3)))", ORDER},
	{"(run* (q) (eq_assoc (f (cat 1 2 3)) (f (cat (cat 1 2) 3))))", "(_.0)",
	 USET},
	{"(run* (q) (eq_assoccomm 1 1))", "(_.0)", USET},
	{"(run* (q) (eq_assoccomm 1 2))", "()", ORDER},
	{"(run* (q) (eq_assoccomm (add 1 2) (add 2 1)))", "(_.0)", USET},
	{"(run* (q) (eq_assoccomm (add 1 2) (mul 1 2)))", "()", ORDER},
	{"(run* (q) (eq_assoccomm (add 1 (add 2 3)) (add (add 3 1) 2)))",
	 "(_.0)", USET},
	{"(run* (q) (eq_assoccomm (add 1 (add 2 3)) (add (add 1 2) 4)))", "()",
	 ORDER},
	{"(run* (q) (eq_assoccomm (f (add 1 2)) (f (add 2 1))))", "(_.0)", USET},
	{"(run* (q) (eq_assoccomm (etuple add 1 2) (add 2 1)))", "(_.0)", USET},
	{"(run* (q) (eq_assoccomm (add 1 2) (add 2 q)))", "(1)", USET},
	{"(run* (q) (eq_assoccomm (add 1 2 3) q))",
	 "((add 1 2 3) (add 1 3 2) (add 2 1 3) (add 2 3 1) (add 3 1 2) "
	 "(add 3 2 1) (add (add 1 2) 3) (add (add 2 1) 3) (add (add 1 3) 2) "
	 "(add (add 3 1) 2) (add (add 2 3) 1) (add (add 3 2) 1) "
	 "(add 3 (add 1 2)) (add 3 (add 2 1)) (add 2 (add 1 3)) "
	 "(add 2 (add 3 1)) (add 1 (add 2 3)) (add 1 (add 3 2)))", USET},
};

#define AC18 "((add 1 3 2) (add 1 2 3) (add 2 1 3) (add 2 3 1) (add 3 1 2) " \
	"(add 3 2 1) (add 1 (add 2 3)) (add 1 (add 3 2)) (add 2 (add 1 3)) " \
	"(add 2 (add 3 1)) (add 3 (add 1 2)) (add 3 (add 2 1)) " \
	"(add (add 2 3) 1) (add (add 3 2) 1) (add (add 1 3) 2) " \
	"(add (add 3 1) 2) (add (add 1 2) 3) (add (add 2 1) 3))"

/* kanren's test_assoccomm: exact answer lists where kanren's are exact */
static const rcase kanren_ac_cases[] = {
	{"(run* (q) (eq_comm (mul 1 2 3) (mul 1 2 3)))", "(_.0)", ORDER},
	{"(run* (q) (eq_comm (mul 3 2 1) (mul 1 2 3)))", "(_.0)", ORDER},
	{"(run* (y) (eq_comm (mul 3 y 1) (mul 1 2 3)))", "(2)", ORDER},
	{"(run* (x y) (eq_comm (mul x y 1) (mul 1 2 3)))", "((2 3) (3 2))",
	 ORDER},
	{"(run* (x y) (eq_comm (mul 2 3 1) (mul 1 x y)))", "((2 3) (3 2))",
	 ORDER},
	{"(run* (q) (eq_comm (op 3 2 1) (op 1 2 3)))", "()", ORDER},
	{"(run* (q) (eq_comm (3 mul 2 1) (mul 1 2 3)))", "()", ORDER},
	{"(run* (q) (eq_comm (mul 1 2 1) (mul 1 2 3)))", "()", ORDER},
	{"(run* (q) (eq_comm (op 1 2 3) (mul 1 2 3)))", "()", ORDER},
	{"(run* (x) (eq_comm (mul 1 2 3) (mul 2 x 1)))", "(3)", ORDER},
	{"(run* (x) (eq_comm (div 1 (mul 1 2 3)) (div 1 (mul 2 x 1))))", "(3)",
	 ORDER},
	{"(run* (x) (eq_comm (div 1 (div 1 2 3)) (div 1 (div 2 x 1))))", "()",
	 ORDER},
	{"(run* (x y z) (eq_comm (mul 1 2 3) (mul x y z)))",
	 "((1 2 3) (1 3 2) (2 1 3) (2 3 1) (3 1 2) (3 2 1))", SET},
	{"(run* (x y z) (eq_comm (mul x y z) (mul 1 2 3)))",
	 "((1 2 3) (1 3 2) (2 1 3) (2 3 1) (3 1 2) (3 2 1))", SET},
	{"(run* (x y z) (eq_comm (div 1 (mul 1 2 3)) (div 1 (mul x y z))))",
	 "((1 2 3) (1 3 2) (2 1 3) (2 3 1) (3 1 2) (3 2 1))", SET},
	{"(run* (x y) (eq_comm (mul (mul 1 x) y) (mul 2 (mul 3 1))))", "((3 2))",
	 ORDER},
	{"(run* (x) (eq_comm ((mul 3 1)) ((mul 1 x))))", "(3)", ORDER},
	{"(run* (x y) (eq_comm (2 (mul 3 1)) (y (mul 1 x))))", "((3 2))", ORDER},
	/* both sides fresh: kanren's forms, kinds and order (a step at the
	 * root, the identity, a step inside a one-element etuple); the
	 * sequences made are etuples, kanren's null_type */
	{"(run 3 (x y) (eq_comm x y))",
	 "(((etuple add _.0 _.1) (etuple add _.1 _.0)) (_.0 _.0) "
	 "((etuple (etuple add _.0 _.1)) (etuple (etuple add _.1 _.0))))",
	 ORDER},
	{"(run* (q) (eq_assoc (cat 1 2 3) (cat 1 2 3)))", "(_.0)", ORDER},
	{"(run* (q) (eq_assoc (cat 3 2 1) (cat 1 2 3)))", "()", ORDER},
	{"(run* (q) (eq_assoc (cat (cat 1 2) 3) (cat 1 2 3)))", "(_.0)", ORDER},
	{"(run* (q) (eq_assoc (cat 1 2 3) (cat (cat 1 2) 3)))", "(_.0)", ORDER},
	{"(run* (q) (eq_assoc (op 1 2 3) (op (op 1 2) 3)))", "()", ORDER},
	{"(run* (q) (eq_assoc q (cat 1 2 3)))",
	 "((cat (cat 1 2) 3) (cat 1 2 3) (cat 1 (cat 2 3)))", ORDER},
	{"(run* (x y) (eq_assoc (x . y) (cat 1 2 3)))",
	 "((cat ((cat 1 2) 3)) (cat (1 2 3)) (cat (1 (cat 2 3))))", ORDER},
	{"(run* (x) (eq_assoc (cat 1 2 (cat x 5 6)) (cat (cat 1 2) 3 4 5 6)))",
	 "((cat 3 4))", ORDER},
	{"(run 3 (x y) (eq_assoc x y))",
	 "(((etuple add _.0 _.1 _.2) (etuple add (etuple add _.0 _.1) _.2)) "
	 "(_.0 _.0) ((etuple (etuple add _.0 _.1 _.2)) "
	 "(etuple (etuple add (etuple add _.0 _.1) _.2))))", ORDER},
	/* both fresh: kanren's four forms, in its order */
	{"(run 4 (x y) (eq_assoccomm x y))",
	 "(((etuple add _.0 _.1) (etuple add _.1 _.0)) (_.0 _.0) "
	 "((etuple (etuple add _.0 _.1)) (etuple (etuple add _.1 _.0))) "
	 "((etuple add _.0 _.1 _.2) (etuple add (etuple add _.0 _.1) _.2)))",
	 ORDER},
	/* the argument step is kanren's permuteo(no_ident=True): equal
	 * argument lists are no permutation, and known ones cancel their
	 * common items first, then may permute to themselves */
	{"(run* (q) (eq_comm (etuple add 2 2) (etuple add 2 2)))", "(_.0)",
	 ORDER},
	{"(run* (q) (eq_comm (etuple add 1 2 1) (etuple add 1 1 2)))",
	 "(_.0)", ORDER},
	{"(run* (x) (eq_comm (etuple add x 1) (etuple add 2 1)))", "(2 2)",
	 ORDER},
	{"(run 3 (x) (eq_comm (etuple x 2 2) (etuple x 2 2)))",
	 "((etuple add _.0 _.0) _.0 (etuple (etuple add _.0 _.0)))", ORDER},
	/* two subterms rewrite: kanren's order, as its conde and lall
	 * interleave one answer of each branch in turn */
	{"(run* (q) (eq_comm (f (add 1 2) (add 3 4)) q))",
	 "((f (add 2 1) (add 4 3)) (f (add 1 2) (add 3 4)) "
	 "(f (add 1 2) (add 4 3)) (f (add 2 1) (add 3 4)))", ORDER},
	{"(run* (q) (eq_assoccomm (f (add 1 2) (add 3 4)) q))",
	 "((f (add 1 2) (add 3 4)) (f (add 1 2) (add 3 4)) "
	 "(f (add 2 1) (add 4 3)) (f (add 1 2) (add 4 3)) "
	 "(f (add 1 2) (add 4 3)) (f (add 1 2) (add 3 4)) "
	 "(f (add 2 1) (add 3 4)) (f (add 1 2) (add 3 4)) "
	 "(f (add 2 1) (add 3 4)) (f (add 1 2) (add 3 4)) "
	 "(f (add 2 1) (add 4 3)) (f (add 1 2) (add 4 3)) "
	 "(f (add 1 2) (add 4 3)) (f (add 1 2) (add 3 4)) "
	 "(f (add 2 1) (add 3 4)) (f (add 1 2) (add 3 4)) "
	 "(f (add 2 1) (add 3 4)) (f (add 1 2) (add 3 4)))", ORDER},
	{"(run* (q) (eq_assoccomm (1) (1)))", "(_.0)", ORDER},
	{"(run* (q) (fresh (x) (eq_assoccomm x (1))))", "(_.0)", ORDER},
	{"(run* (q) (fresh (x) (eq_assoccomm (1) x)))", "(_.0)", ORDER},
	{"(run* (q) (eq_assoccomm (add 1 (add 2 3)) (add (add 1 2) 3)))",
	 "(_.0)", ORDER},
	{"(run* (q) (eq_assoccomm (add 1 (add 2 3)) (add (add 3 2) 1)))",
	 "(_.0)", ORDER},
	{"(run* (q) (eq_assoccomm (add 1 (add 3 2)) (add (add 1 2) 3)))",
	 "(_.0)", ORDER},
	{"(run* (q) (eq_assoccomm (add 1 (add 2 3)) q))", AC18, USET},
	{"(run* (q) (eq_assoccomm (add 1 3 2) q))", AC18, USET},
	{"(run* (q) (eq_assoccomm (add 2 (add 3 1)) q))", AC18, USET},
	{"(run* (q) (eq_assoccomm q (add 1 (add 2 3))))", AC18, USET},
	{"(run* (x y) (eq_assoccomm (add (add 1 x) y) (add 2 (add 3 1))))",
	 "((2 3) (3 2))", ORDER},
	{"(run* (q) (eq_assoccomm (add (add 1 2) 3) (add 1 2 3)))", "(_.0)",
	 ORDER},
	{"(run* (q) (eq_assoccomm (add 3 (add 1 2)) (add 1 2 3)))", "(_.0)",
	 ORDER},
	{"(run* (q) (eq_assoccomm (add 1 1) (other 1 1)))", "()", ORDER},
	{"(run* (x) (eq_assoccomm (add 3 (add 1 2)) (add 1 x 3)))", "(2)",
	 ORDER},
	{"(run* (x y) (eq_assoccomm (mul (add 1 x) y) (mul 2 (add 3 1))))",
	 "((3 2))", ORDER},
	/* the 18 forms of 1+2+3, the identity once more (kanren's duplicates) */
	{"(run* (q) (eq_assoccomm (add 1 2 3) q))",
	 "((add 1 2 3) (add (add 1 3) 2) (add 1 3 2) (add (add 1 2) 3) "
	 "(add 1 (add 3 2)) (add 1 2 3) (add (add 2 1) 3) (add 1 (add 2 3)) "
	 "(add 2 1 3) (add (add 2 3) 1) (add 2 (add 1 3)) (add 2 3 1) "
	 "(add (add 3 1) 2) (add 2 (add 3 1)) (add (add 3 2) 1) (add 3 1 2) "
	 "(add 3 2 1) (add 3 (add 1 2)) (add 3 (add 2 1)))", SET},
};

/* map_anyo, reduceo, walko, term_walko (kanren.graph) */
#define STEPO "(facts stepo (a b) (b c)) "
/* term_walko's relations: rator_rel of arity 1, rands_rel (args new op) */
#define SWAPO "(defrel (swapo args new op) (fresh (x y) (== args (x y)) " \
	      "(== new (y x)))) (facts okop (add)) "
/* kanren's test_graph.py math_reduceo: (add x x) -> (mul 2 x),
 * (log (exp x)) -> x, and its fixed points */
#define MATHO "(defrel (smr e r) (fresh (x) (conde " \
	      "((== e (etuple add x x)) (== r (etuple mul 2 x))) " \
	      "((== e (etuple log (etuple exp x))) (== r x))))) " \
	      "(defrel (mr a b) (reduceo smr a b)) "
static const rcase walk_cases[] = {
	{"(run* (q) (map_anyo == (1 2 3) (1 2 3)))",
	 "(_.0 _.0 _.0 _.0 _.0 _.0 _.0)", ORDER},
	{STEPO "(run* (q) (map_anyo stepo (a x b) q))",
	 "((b x b) (a x c) (b x c))", SET},
	{STEPO "(run* (q) (map_anyo stepo (x) q))", "()", ORDER},
	{STEPO "(run* (q) (map_anyo stepo () q))", "()", ORDER},
	{STEPO "(run* (q) (map_anyo stepo (a a) (b a)))", "(_.0)", ORDER},
	{STEPO "(run* (q) (map_anyo stepo q (b c)))",
	 "((a c) (b b) (a b))", SET},
	{STEPO "(run* (q) (reduceo stepo b q))", "(c)", ORDER},
	{STEPO "(run* (q) (reduceo stepo c q))", "()", ORDER},
	/* kanren's order: the fully reduced term first */
	{STEPO "(run* (q) (reduceo stepo a q))", "(c b)", ORDER},
	{"(facts stepo (a b) (b c) (c d)) (run* (q) (reduceo stepo a q))",
	 "(d b c)", ORDER},
	{"(facts stepo (a b) (a x) (b c)) (run* (q) (reduceo stepo a q))",
	 "(c x b)", ORDER},
	{STEPO "(run 2 (q) (reduceo stepo q c))", "(b a)", ORDER},
	{"(run* (q) (mapo == (etuple f 1) q))", "((etuple f 1))", ORDER},
	{"(run* (q) (mapo == (f 1) q))", "((f 1))", ORDER},
	{STEPO "(run* (q) (map_anyo stepo (etuple a a) q))",
	 "((etuple b a) (etuple a b) (etuple b b))", SET},
	{STEPO "(run* (q) (walko stepo (etuple f a) q))", "((etuple f b))", ORDER},
	{STEPO "(run* (q) (reduceo stepo a c))", "(_.0)", ORDER},
	{STEPO "(run* (q) (walko stepo a q))", "(b)", ORDER},
	{STEPO "(run* (q) (walko stepo x q))", "()", ORDER},
	{STEPO "(run* (q) (walko stepo (a (b a)) q))",
	 "((b (b a)) (a (c a)) (a (b b)) (a (c b)) (b (c a)) (b (b b)) "
	 "(b (c b)))", USET},
	{SWAPO "(run* (q) (term_walko okop swapo (add 1 2) q))",
	 "((add 2 1) (add 1 2))", USET},
	{SWAPO "(run* (q) (term_walko okop swapo (add (add 1 2) 3) q))",
	 "((add 3 (add 1 2)) (add (add 2 1) 3) (add 3 (add 2 1)) "
	 "(add (add 1 2) 3))", USET},
	{SWAPO "(run* (q) (term_walko okop swapo (mul 1 2) q))", "((mul 1 2))",
	 ORDER},
	{SWAPO "(run* (q) (term_walko okop swapo 1 q))", "(1)", ORDER},
	/* walko with rator_goal (kanren's test_walko_reverse, walko_misc) */
	{MATHO "(run 2 (q) (walko mr q 5 ==))",
	 "((etuple log (etuple exp 5)) "
	 "(etuple log (etuple exp (etuple log (etuple exp 5)))))", ORDER},
	{MATHO "(run 2 (q) (walko mr q (etuple mul 2 5) ==))",
	 "((etuple add 5 5) "
	 "(etuple mul (etuple log (etuple exp 2)) (etuple log (etuple exp 5))))",
	 ORDER},
	{MATHO "(run* (q) (walko mr (etuple mul 2 5) q ==))", "()", ORDER},
	{MATHO "(run* (q) (walko mr (etuple f (etuple add 1 1) 7) q ==))",
	 "((etuple f (etuple mul 2 1) 7))", ORDER},
	/* the rator relation decides where the walk goes in */
	{"(facts one3 (1 3)) (facts addo (add add)) "
	 "(run 1 (q) (walko one3 (etuple add 1 (etuple mul (etuple add 1 2) 1) "
	 "(etuple add (etuple add 1 2) 2)) q addo))",
	 "((etuple add 3 (etuple mul (etuple add 1 2) 1) "
	 "(etuple add (etuple add 3 2) 2)))", ORDER},
	/* without a rator relation the operator is an element like others */
	{MATHO "(run 2 (q) (walko mr q (etuple mul 2 5)))",
	 "((etuple add 5 5) (etuple (etuple log (etuple exp mul)) "
	 "(etuple log (etuple exp 2)) (etuple log (etuple exp 5))))", ORDER},
};

#define CASE_TEST(name, table)                                                \
	START_TEST(name) { check_rcase(&table[_i]); }                         \
	END_TEST
#define ADD_LOOP(tc, name, table)                                             \
	tcase_add_loop_test(tc, name, 0, (int)(sizeof table / sizeof *table))

CASE_TEST(flatten_case, flatten_cases)
CASE_TEST(ac_case, ac_cases)
/* kanren's rembero and appendo, with etuples (kanren's test_goals) */
static const rcase null_kind_cases[] = {
	/* kanren's nullo: empty sequences of the kind the others have */
	{"(run* (q) (rembero 'a (etuple 1 3) q))", "((etuple 1 3))", ORDER},
	{"(run* (q) (rembero 1 (etuple) q))", "((etuple))", ORDER},
	{"(run 3 (q) (rembero 'a q (etuple 2 1)))",
	 "((etuple a 2 1) (etuple 2 a 1) (etuple 2 1))", ORDER},
	{"(run* (q y) (appendo_kanren q y (etuple 1)))",
	 "(((etuple) (etuple 1)) ((etuple 1) (etuple)))", ORDER},
	{"(run* (q y) (appendo_kanren q y (1 2)))",
	 "((() (1 2)) ((1) (2)) ((1 2) ()))", ORDER},
};

CASE_TEST(kanren_ac_case, kanren_ac_cases)
CASE_TEST(walk_case, walk_cases)
CASE_TEST(null_kind_case, null_kind_cases)

Suite *corpus_terms_suite(void)
{
	Suite *s = suite_create("corpus_terms");
	TCase *tc = tcase_create("cons");
	ADD_LOOP(tc, car_cdr_case, pcases);
	ADD_LOOP(tc, kind_case, kind_cases);
	ADD_LOOP(tc, cons_case, cons_cases);
	ADD_LOOP(tc, seq_case, seq_cases);
	tcase_add_test(tc, etuple_cache_survives);
	suite_add_tcase(s, tc);
	tc = tcase_create("graph");
	ADD_LOOP(tc, graph_case, graph_cases);
	tcase_add_test(tc, graph_etuplize);
	tcase_add_test(tc, graph_typeo);
	suite_add_tcase(s, tc);
	tc = tcase_create("assoccomm");
	ADD_LOOP(tc, flatten_case, flatten_cases);
	ADD_LOOP(tc, ac_case, ac_cases);
	ADD_LOOP(tc, kanren_ac_case, kanren_ac_cases);
	suite_add_tcase(s, tc);
	tc = tcase_create("walk");
	ADD_LOOP(tc, walk_case, walk_cases);
	ADD_LOOP(tc, null_kind_case, null_kind_cases);
	suite_add_tcase(s, tc);
	return s;
}
