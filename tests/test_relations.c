/* test_relations.c -- tests of the relation library (relations/). */
/* See the LICENSE file for copying conditions. */
#include <string.h>

#include "suites.h"

/* ------------------------------------------------------------------ helpers */

static kr_term *sym(const char *s) { return kr_sym(s); }

static kr_term *num(int64_t i) { return kr_int(i); }

static const char *run_str(long n, kr_term *q, kr_goal *g)
{
	return t_str(kr_run(n, q, g));
}

static kr_term *var(void) { return kr_var_new(NULL); }

/* (1 2 ... n) */
static kr_term *iota1(size_t n)
{
	kr_term *l = kr_nil();
	for (size_t i = n; i > 0; i--)
		l = kr_cons(num((int64_t)i), l);
	return l;
}

/* (defrel (dupo x y) (== y (list x x))) */
static kr_goal *dupo_body(kr_term *const *args, void *env)
{
	(void)env;
	return kr_eq(args[1], KR_LIST(args[0], args[0]));
}

static const kr_rel *dupo(void)
{
	static kr_rel *rel;
	if (!rel)
		rel = kr_rel_new("dupo", 2, dupo_body, NULL);
	return rel;
}

/* --------------------------------------------------------- conso, heado ... */

START_TEST(test_conso)
{
	kr_term *q = var(), *a = var(), *d = var();
	ck_assert_str_eq(run_str(-1, q, kr_conso(num(1), t_read("(2 3)"), q)),
			 "((1 2 3))");
	ck_assert_str_eq(run_str(-1, q, kr_conso(q, t_read("(2)"),
						 t_read("(1 2)"))),
			 "(1)");
	kr_goal *g = KR_ALL(kr_conso(a, d, t_read("(1 2 3)")),
			    kr_eq(q, KR_LIST(a, d)));
	ck_assert_str_eq(run_str(-1, q, g), "((1 (2 3)))");
	ck_assert_str_eq(run_str(-1, q, kr_conso(a, q, kr_nil())), "()");
	ck_assert_str_eq(run_str(-1, q, kr_conso(num(1), num(2), q)),
			 "((1 . 2))");
}
END_TEST

START_TEST(test_conso_etuple)
{
	kr_term *add = sym("add"), *q = var(), *a = var(), *d = var();
	/* cons onto an etuple is an etuple */
	kr_term *ans = kr_car(kr_run(-1, q, kr_conso(add, KR_ETUPLE(num(1),
								   num(2)),
						     q)));
	ck_assert_int_eq(kr_term_kind(ans), KR_ETUPLE);
	ck_assert_str_eq(t_str(ans), "(add 1 2)");
	/* decomposing an etuple: the head and an etuple of the arguments */
	kr_term *e = KR_ETUPLE(add, num(1), num(2));
	kr_goal *g = KR_ALL(kr_conso(a, d, e), kr_eq(q, KR_LIST(a, d)));
	ans = kr_car(kr_run(-1, q, g));
	ck_assert_str_eq(t_str(ans), "(add (1 2))");
	ck_assert_int_eq(kr_term_kind(kr_car(kr_cdr(ans))), KR_ETUPLE);
	/* an etuple unifies with the list of its elements */
	ck_assert_str_eq(run_str(-1, q, kr_conso(q, t_read("(1 2)"), e)),
			 "(add)");
}
END_TEST

START_TEST(test_heado_tailo_nullo)
{
	kr_term *q = var();
	ck_assert_str_eq(run_str(-1, q, kr_heado(q, t_read("(a b)"))), "(a)");
	ck_assert_str_eq(run_str(-1, q, kr_tailo(q, t_read("(a b)"))),
			 "((b))");
	ck_assert_str_eq(run_str(-1, q, kr_heado(q, kr_nil())), "()");
	ck_assert_str_eq(run_str(-1, q, kr_heado(num(1), q)), "((1 . _.0))");
	ck_assert_str_eq(run_str(-1, q, kr_tailo(num(1), q)), "((_.0 . 1))");
	ck_assert_str_eq(run_str(-1, q, kr_nullo(q)), "(())");
	ck_assert_str_eq(run_str(-1, q, kr_nullo(t_read("(1)"))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_nullo(kr_etuple(0, NULL))),
			 "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_nullo(sym("a"))), "()");
	/* kanren's nullo(*args): all empty, of the kind one of them has */
	kr_term *r = var();
	ck_assert_str_eq(run_str(-1, q, kr_nullo_n(2, (kr_term *[]){q, q})),
			 "(())");
	ck_assert_str_eq(run_str(-1, q, kr_nullo_n(0, NULL)), "(_.0)");
	kr_term *ans = kr_car(kr_run(-1, KR_LIST(q, r),
				     kr_nullo_n(3, (kr_term *[]){
						     q, kr_etuple(0, NULL), r})));
	ck_assert_int_eq(kr_term_kind(kr_car(ans)), KR_ETUPLE);
	ck_assert_int_eq(kr_term_kind(kr_car(kr_cdr(ans))), KR_ETUPLE);
	ck_assert_str_eq(run_str(-1, q, kr_nullo_n(2, (kr_term *[]){
						     q, t_read("(1)")})),
			 "()");
}
END_TEST

/* itero in each mode of its doc comment: ground, improper, fresh */
START_TEST(test_itero)
{
	kr_term *q = var(), *x = var();
	ck_assert_str_eq(run_str(-1, q, kr_itero(t_read("(a b c)"))), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_itero(kr_nil())), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_itero(t_read("(a . b)"))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_itero(sym("a"))), "()");
	ck_assert_str_eq(run_str(3, q, kr_itero(q)), "(() (_.0) (_.0 _.1))");
	/* a partial list: its fresh tail is enumerated */
	ck_assert_str_eq(run_str(2, q, KR_ALL(kr_eq(q, kr_cons(num(1), x)),
					     kr_itero(q))),
			 "((1) (1 _.0))");
}
END_TEST

/* ------------------------------------------------------------------ membero */

START_TEST(test_membero)
{
	kr_term *q = var(), *r = var();
	ck_assert_str_eq(run_str(-1, q, kr_membero(q, t_read("(a b c)"))),
			 "(a b c)");
	ck_assert_str_eq(run_str(3, q, kr_membero(sym("a"), q)),
			 "((a . _.0) (_.0 a . _.1) (_.0 _.1 a . _.2))");
	/* one answer per occurrence */
	ck_assert_str_eq(run_str(-1, q, kr_membero(sym("b"),
						   t_read("(a b c b)"))),
			 "(_.0 _.0)");
	ck_assert_str_eq(run_str(-1, q, kr_membero(sym("z"),
						   t_read("(a b c)"))),
			 "()");
	kr_goal *g = KR_ALL(kr_membero(q, t_read("(1 2)")),
			    kr_membero(r, t_read("(a b)")));
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r), g),
			 "((1 a) (1 b) (2 a) (2 b))");
	g = KR_ALL(kr_membero(num(1), q), kr_membero(num(2), q));
	ck_assert_str_eq(run_str(4, q, g),
			 "((1 2 . _.0) (2 1 . _.0) (1 _.0 2 . _.1) "
			 "(1 _.0 _.1 2 . _.2))");
	/* a long list: all members, in order */
	kr_term *all = kr_run(-1, q, kr_membero(q, iota1(5000)));
	ck_assert_int_eq(kr_list_length(all), 5000);
	ck_assert(kr_equal(all, iota1(5000)));
}
END_TEST

/* ------------------------------------------------------------------ appendo */

START_TEST(test_appendo_splits)
{
	kr_term *q = var(), *r = var();
	ck_assert_str_eq(run_str(5, KR_LIST(q, r),
				 kr_appendo(q, r, t_read("(1 2 3 4)"))),
			 "((() (1 2 3 4)) ((1) (2 3 4)) ((1 2) (3 4)) "
			 "((1 2 3) (4)) ((1 2 3 4) ()))");
	ck_assert_str_eq(run_str(-1, q, kr_appendo(t_read("(1 2)"),
						   t_read("(3)"), q)),
			 "((1 2 3))");
	ck_assert_str_eq(run_str(-1, q, kr_appendo(q, t_read("(4 5)"),
						   t_read("(1 2 3 4 5)"))),
			 "((1 2 3))");
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r),
				 kr_appendo(KR_LIST(num(1), q), r,
					    t_read("(1 2 3)"))),
			 "((2 (3)))");
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r),
				 kr_appendo(kr_cons(num(1), q), r,
					    t_read("(1 2 3)"))),
			 "((() (2 3)) ((2) (3)) ((2 3) ()))");
	ck_assert_str_eq(run_str(-1, q, kr_appendo(t_read("(1)"), q,
						   t_read("(2 3)"))),
			 "()");
}
END_TEST

START_TEST(test_appendo_generate)
{
	/* the same six answers, in the same order, as faster-miniKanren */
	kr_term *l = var(), *s = var(), *o = var();
	ck_assert_str_eq(run_str(6, KR_LIST(l, s, o), kr_appendo(l, s, o)),
			 "((() _.0 _.0) "
			 "((_.0) _.1 (_.0 . _.1)) "
			 "((_.0 _.1) _.2 (_.0 _.1 . _.2)) "
			 "((_.0 _.1 _.2) _.3 (_.0 _.1 _.2 . _.3)) "
			 "((_.0 _.1 _.2 _.3) _.4 (_.0 _.1 _.2 _.3 . _.4)) "
			 "((_.0 _.1 _.2 _.3 _.4) _.5 "
			 "(_.0 _.1 _.2 _.3 _.4 . _.5)))");
}
END_TEST

/* kanren's test_goals.py test_appendo, against its three-clause appendo */
START_TEST(test_appendo_kanren)
{
	kr_term *q = var(), *r = var(), *s = var();
	ck_assert_str_eq(run_str(-1, q, kr_appendo_kanren(kr_nil(),
							  t_read("(1 2)"),
							  t_read("(1 2)"))),
			 "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_appendo_kanren(kr_nil(),
							  t_read("(1 2)"),
							  num(1))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_appendo_kanren(kr_nil(),
							  t_read("(1 2)"),
							  t_read("(1)"))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_appendo_kanren(t_read("(1 2)"),
							  t_read("(3 4)"),
							  t_read("(1 2 3 4)"))),
			 "(_.0)");
	ck_assert_str_eq(run_str(5, q, kr_appendo_kanren(
					      t_read("(1 2 3)"), q,
					      t_read("(1 2 3 4 5)"))),
			 "((4 5))");
	ck_assert_str_eq(run_str(5, q, kr_appendo_kanren(
					      q, t_read("(4 5)"),
					      t_read("(1 2 3 4 5)"))),
			 "((1 2 3))");
	ck_assert_str_eq(run_str(5, q, kr_appendo_kanren(t_read("(1 2 3)"),
							 t_read("(4 5)"), q)),
			 "((1 2 3 4 5))");
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r),
				 kr_appendo_kanren(q, r, t_read("(1 2 3 4)"))),
			 "((() (1 2 3 4)) ((1) (2 3 4)) ((1 2) (3 4)) "
			 "((1 2 3) (4)) ((1 2 3 4) ()))");
	/* two answers where kr_appendo gives one: s empty, or s a pair */
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r),
				 kr_appendo_kanren(t_read("(3 4)"), q, r)),
			 "((() (3 4)) ((_.0 . _.1) (3 4 _.0 . _.1)))");
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r),
				 kr_appendo(t_read("(3 4)"), q, r)),
			 "((_.0 (3 4 . _.0)))");
	ck_assert_str_eq(run_str(4, KR_LIST(q, r, s),
				 kr_appendo_kanren(q, r, s)),
			 "((() () ()) (() (_.0 . _.1) (_.0 . _.1)) "
			 "((_.0) () (_.0)) "
			 "((_.0) (_.1 . _.2) (_.0 _.1 . _.2)))");
}
END_TEST

/* ------------------------------------------------------------------ condp */

static bool is_var(kr_term *t) { return kr_term_kind(t) == KR_VAR; }

static kr_term *ls_keys(kr_term *const *v, size_t n, void *env)
{
	(void)n, (void)env;
	if (is_var(v[0]))
		return KR_LIST(kr_sym("use-maybe"));
	if (kr_term_kind(v[0]) == KR_NIL)
		return KR_LIST(kr_sym("BASE"));
	if (kr_is_pair(v[0]))
		return KR_LIST(kr_sym("KEEP"), kr_sym("SWAP"));
	return kr_nil();
}

static kr_term *o_keys(kr_term *const *v, size_t n, void *env)
{
	(void)n, (void)env;
	kr_term *o = v[0];
	if (is_var(o))
		return KR_LIST(kr_sym("BASE"), kr_sym("KEEP"), kr_sym("SWAP"));
	if (kr_term_kind(o) == KR_NIL)
		return KR_LIST(kr_sym("BASE"));
	if (!kr_is_pair(o))
		return kr_nil();
	if (is_var(kr_car(o)) || kr_equal(kr_car(o), kr_sym("novel")))
		return KR_LIST(kr_sym("KEEP"), kr_sym("SWAP"));
	return KR_LIST(kr_sym("KEEP"));
}

/* kanren's test_condp: swap_somep of the condp paper */
static kr_goal *swap_somep(kr_term *const *args, void *env)
{
	kr_rel *self = *(kr_rel **)env;
	kr_term *ls = args[0], *o = args[1];
	kr_term *v[3];
	kr_fresh(3, v);
	kr_term *a = v[0], *d = v[1], *res = v[2];
	kr_suggestion sugs[] = {{ls_keys, NULL, 1, &args[0]},
				{o_keys, NULL, 1, &args[1]}};
	kr_term *labels[] = {kr_sym("BASE"), kr_sym("KEEP"), kr_sym("SWAP")};
	kr_goal *clauses[] = {
		KR_ALL(kr_nullo(ls), kr_nullo(o)),
		KR_ALL(kr_eq(kr_cons(a, d), ls), kr_eq(kr_cons(a, res), o),
		       KR_CALL(self, d, res)),
		KR_ALL(kr_eq(kr_cons(a, d), ls),
		       kr_eq(kr_cons(kr_sym("novel"), res), o),
		       KR_CALL(self, d, res)),
	};
	return kr_condp(2, sugs, 3, labels, clauses);
}

static int calls;

static kr_term *count_keys(kr_term *const *v, size_t n, void *env)
{
	(void)v, (void)n;
	calls++;
	return env;
}

START_TEST(test_condp)
{
	static kr_rel *rel;
	rel = kr_rel_new("swap-somep", 2, swap_somep, &rel);
	kr_term *q = var(), *r = var();
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r),
				 KR_CALL(rel, q, KR_LIST(kr_sym("novel"), r))),
			 "(((novel _.0) _.0) ((_.0 _.1) _.1) "
			 "((novel _.0) novel) ((_.0 _.1) novel))");
	ck_assert_str_eq(run_str(-1, q, KR_CALL(rel, t_read("(1 2)"), q)),
			 "((1 2) (novel 2) (1 novel) (novel novel))");
	/* use-maybe lets the next suggestion speak; any other list ends */
	kr_term *arg[] = {q};
	kr_term *labels[] = {kr_sym("A"), kr_sym("B"), kr_sym("B")};
	kr_goal *clauses[] = {kr_eq(q, num(1)), kr_eq(q, num(2)),
			      kr_eq(q, num(3))};
	kr_suggestion s1[] = {
		{count_keys, KR_LIST(kr_sym("use-maybe")), 1, arg},
		{count_keys, KR_LIST(kr_sym("B")), 1, arg},
		{count_keys, KR_LIST(kr_sym("A")), 1, arg}};
	calls = 0;
	ck_assert_str_eq(run_str(-1, q, kr_condp(3, s1, 3, labels, clauses)),
			 "(2 3)");
	ck_assert_int_eq(calls, 2);
	kr_suggestion s2[] = {
		{count_keys, KR_LIST(kr_sym("use-maybe"), kr_sym("A")), 1, arg},
		{count_keys, KR_LIST(kr_sym("B")), 1, arg}};
	ck_assert_str_eq(run_str(-1, q, kr_condp(2, s2, 3, labels, clauses)),
			 "(1 2 3)");
	/* no label, no suggestion: no answer */
	ck_assert_str_eq(run_str(-1, q, kr_condp(0, NULL, 3, labels, clauses)),
			 "()");
	kr_suggestion s3[] = {{count_keys, KR_LIST(kr_sym("C")), 1, arg}};
	ck_assert_str_eq(run_str(-1, q, kr_condp(1, s3, 3, labels, clauses)),
			 "()");
}
END_TEST

/* --------------------------------------------------------------- condpseq */

/* kanren's test_condpseq: base_sug reads BRANCH1's first answer */
static kr_term *base_sug(kr_term *const *labels, kr_term *const *vals,
			 size_t n, void *env)
{
	(void)env;
	for (size_t i = 0; i < n; i++)
		if (kr_equal(labels[i], sym("BRANCH1")) &&
		    kr_equal(vals[i], num(1)))
			return KR_LIST(sym("BRANCH3"));
	return KR_LIST(sym("BRANCH2"), sym("BRANCH3"));
}

static kr_goal *test_rel(kr_term *a, int first)
{
	kr_term *labels[] = {sym("BRANCH1"), sym("BRANCH2"), sym("BRANCH3")};
	kr_seq_suggestion sugs[] = {{0}, {base_sug, NULL, a}, {0}};
	kr_goal *clauses[] = {kr_eq(a, num(first)), kr_eq(a, num(2)),
			      kr_eq(a, num(3))};
	return kr_condpseq(3, labels, sugs, clauses);
}

/* What the suggestions were given, one alist per call ("?": unbound). */
static kr_term *seen;

static kr_term *record_keys(kr_term *const *labels, kr_term *const *vals,
			    size_t n, void *env)
{
	kr_term *m = kr_nil();
	for (size_t i = n; i-- > 0;)
		m = kr_cons(kr_cons(labels[i], kr_term_kind(vals[i]) == KR_VAR
					       ? sym("?") : vals[i]), m);
	seen = kr_cons(m, seen);
	return env;
}

static kr_term *count_seq_keys(kr_term *const *labels, kr_term *const *vals,
			       size_t n, void *env)
{
	(void)labels, (void)vals, (void)n;
	calls++;
	return env;
}

static const char *seen_str(void)
{
	kr_term *l = kr_nil();
	for (; kr_is_pair(seen); seen = kr_cdr(seen))
		l = kr_cons(kr_car(seen), l);
	return t_str(l);
}

static kr_goal *loopo_body(kr_term *const *args, void *env)
{
	kr_rel *self = *(kr_rel **)env;
	kr_term *labels[] = {sym("A")};
	kr_seq_suggestion sugs[] = {{0}};
	kr_goal *clauses[] = {KR_CALL(self, args[0])};
	return kr_condpseq(1, labels, sugs, clauses);
}

static kr_goal *nevero_body(kr_term *const *args, void *env)
{
	(void)args;
	return kr_suspend(KR_CALL(*(kr_rel **)env));
}

START_TEST(test_condpseq)
{
	kr_term *q = var();
	ck_assert_str_eq(run_str(-1, q, test_rel(q, 1)), "(1 3)");
	ck_assert_str_eq(run_str(-1, q, test_rel(q, 5)), "(5 2 3)");
	/* a clause passed over (B) or without answer (D) is not seen; the
	 * labels of every suggestion count (B names C) */
	kr_term *labels[] = {sym("A"), sym("B"), sym("C"), sym("D"), sym("E")};
	kr_seq_suggestion sugs[] = {
		{0},
		{record_keys, KR_LIST(sym("C")), q},
		{record_keys, kr_nil(), q},
		{record_keys, KR_LIST(sym("D")), q},
		{record_keys, KR_LIST(sym("E"), sym("use-maybe")), q}};
	kr_goal *clauses[] = {KR_ANY(kr_eq(q, num(1)), kr_eq(q, num(2))),
			      kr_eq(q, num(9)), kr_eq(q, num(3)), kr_fail(),
			      kr_eq(q, num(4))};
	seen = kr_nil();
	ck_assert_str_eq(run_str(-1, q, kr_condpseq(5, labels, sugs, clauses)),
			 "(1 3 4 2)");
	ck_assert_str_eq(seen_str(), "(((A . 1)) ((A . 1)) "
			 "((A . 1) (C . 3)) ((A . 1) (C . 3)))");
	/* before any clause ran: the own label, the value on entry */
	seen = kr_nil();
	ck_assert_str_eq(run_str(-1, q, kr_condpseq(2, &labels[1], &sugs[1],
						     &clauses[1])),
			 "(3)");
	ck_assert_str_eq(seen_str(), "(((B . ?)) ((C . ?)))");
	ck_assert_str_eq(run_str(-1, q, kr_condpseq(0, NULL, NULL, NULL)),
			 "()");
}
END_TEST

START_TEST(test_condpseq_lazy)
{
	static kr_rel *nevero, *loopo;
	nevero = kr_rel_new("nevero", 0, nevero_body, &nevero);
	loopo = kr_rel_new("loopo", 1, loopo_body, &loopo);
	kr_term *q = var();
	kr_term *labels[] = {sym("A"), sym("B")};
	kr_seq_suggestion sugs[] = {
		{0}, {count_seq_keys, KR_LIST(sym("B")), q}};
	/* a clause is only considered once the one before it answered */
	kr_goal *clauses[] = {KR_ANY(kr_eq(q, num(1)), kr_eq(q, num(2))),
			      KR_CALL(nevero)};
	calls = 0;
	ck_assert_str_eq(run_str(1, q, kr_condpseq(2, labels, sugs, clauses)),
			 "(1)");
	ck_assert_int_eq(calls, 0);
	clauses[1] = kr_eq(q, num(7));
	ck_assert_str_eq(run_str(-1, q, kr_condpseq(2, labels, sugs, clauses)),
			 "(1 7 2)");
	ck_assert_int_eq(calls, 1);
	/* a suggestion's NULL ends the answers */
	sugs[1].env = NULL;
	ck_assert_str_eq(run_str(-1, q, kr_condpseq(2, labels, sugs, clauses)),
			 "(1)");
	/* a recursion through condpseq stops past 200 nested runs */
	kr_error_clear();
	ck_assert_str_eq(run_str(-1, q, KR_CALL(loopo, q)), "()");
	ck_assert_int_eq(kr_error_last()->code, KR_ELIMIT);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "condpseq"));
}
END_TEST

static void condpseq_no_labels(void)
{
	kr_seq_suggestion sugs[] = {{0}};
	kr_goal *clauses[] = {kr_succeed()};
	kr_condpseq(1, NULL, sugs, clauses);
}

static void condpseq_no_term(void)
{
	kr_term *labels[] = {sym("A")};
	kr_seq_suggestion sugs[] = {{count_seq_keys, NULL, NULL}};
	kr_goal *clauses[] = {kr_succeed()};
	kr_condpseq(1, labels, sugs, clauses);
}

static void condpseq_no_goal(void)
{
	kr_term *labels[] = {sym("A")};
	kr_seq_suggestion sugs[] = {{0}};
	kr_goal *clauses[] = {NULL};
	kr_condpseq(1, labels, sugs, clauses);
}

START_TEST(test_condpseq_misuse)
{
	ck_assert_str_eq(t_abort_message(condpseq_no_labels),
			 "kanrewrite: API misuse in kr_condpseq: an array "
			 "for every count > 0\n");
	ck_assert_str_eq(t_abort_message(condpseq_no_term),
			 "kanrewrite: API misuse in kr_condpseq: a term for "
			 "every suggestion function\n");
	ck_assert_str_eq(t_abort_message(condpseq_no_goal),
			 "kanrewrite: API misuse in kr_condpseq: a label and "
			 "a goal per clause\n");
}
END_TEST

START_TEST(test_appendo_long)
{
	enum { N = 1000 };
	kr_term *q = var(), *r = var(), *l = iota1(N);
	kr_term *all = kr_run(-1, KR_LIST(q, r), kr_appendo(q, r, l));
	ck_assert_int_eq(kr_list_length(all), N + 1);
	/* first (() L), last (L ()), and every split in order */
	size_t i = 0;
	for (kr_term *t = all; kr_is_pair(t); t = kr_cdr(t), i++) {
		kr_term *ans = kr_car(t);
		ck_assert_int_eq(kr_list_length(kr_car(ans)), (long)i);
		ck_assert_int_eq(kr_list_length(kr_car(kr_cdr(ans))),
				 (long)(N - i));
	}
	ck_assert(kr_equal(kr_car(all), KR_LIST(kr_nil(), l)));
	/* forward: a 1000 + 1000 append, one answer */
	all = kr_run(-1, q, kr_appendo(l, l, q));
	ck_assert_int_eq(kr_list_length(all), 1);
	ck_assert_int_eq(kr_list_length(kr_car(all)), 2 * N);
}
END_TEST

/* --------------------------------------------------------------------- mapo */

START_TEST(test_mapo)
{
	kr_term *q = var(), *r = var();
	ck_assert_str_eq(run_str(-1, q, kr_mapo(dupo(), t_read("(a b)"), q)),
			 "(((a a) (b b)))");
	ck_assert_str_eq(run_str(-1, q, kr_mapo(dupo(), q,
						t_read("((1 1) (2 2))"))),
			 "((1 2))");
	ck_assert_str_eq(run_str(-1, q, kr_mapo(dupo(), q,
						t_read("((1 1) (2 3))"))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_mapo(dupo(), kr_nil(), q)),
			 "(())");
	ck_assert_str_eq(run_str(-1, q, kr_mapo(dupo(), t_read("(a)"),
						t_read("()"))),
			 "()");
	ck_assert_str_eq(run_str(3, KR_LIST(q, r), kr_mapo(dupo(), q, r)),
			 "((() ()) ((_.0) ((_.0 _.0))) "
			 "((_.0 _.1) ((_.0 _.0) (_.1 _.1))))");
	/* mapo with a fact table as the relation */
	kr_facts *dbl = kr_facts_new("double", 2);
	for (int i = 1; i <= 5; i++)
		ck_assert_int_eq(KR_FACT(dbl, num(i), num(2 * i)), 0);
	ck_assert_str_eq(run_str(-1, q, kr_mapo(kr_facts_rel(dbl),
						t_read("(1 2 3)"), q)),
			 "((2 4 6))");
	ck_assert_str_eq(run_str(-1, q, kr_mapo(kr_facts_rel(dbl), q,
						t_read("(10 4)"))),
			 "((5 2))");
	/* mapo over an etuple: the fresh side becomes an etuple too */
	kr_term *all = kr_run(-1, q, kr_mapo(kr_facts_rel(dbl),
					     KR_ETUPLE(num(3), num(4)), q));
	ck_assert_str_eq(t_str(all), "((6 8))");
	ck_assert_int_eq(kr_term_kind(kr_car(all)), KR_ETUPLE);
}
END_TEST

/* -------------------------------------------------------------- fact tables */

static kr_facts *simpsons(void)
{
	kr_facts *f = kr_facts_new("parent", 2);
	ck_assert_int_eq(KR_FACT(f, sym("abe"), sym("homer")), 0);
	ck_assert_int_eq(KR_FACT(f, sym("homer"), sym("bart")), 0);
	ck_assert_int_eq(KR_FACT(f, sym("homer"), sym("lisa")), 0);
	ck_assert_int_eq(KR_FACT(f, sym("marge"), sym("bart")), 0);
	ck_assert_int_eq(KR_FACT(f, sym("homer"), sym("maggie")), 0);
	ck_assert_int_eq(KR_FACT(f, sym("marge"), sym("lisa")), 0);
	return f;
}

START_TEST(test_facts_basic)
{
	kr_facts *f = simpsons();
	ck_assert_uint_eq(kr_facts_count(f), 6);
	ck_assert_int_eq(KR_FACT(f, sym("homer"), sym("lisa")), 0);
	ck_assert_uint_eq(kr_facts_count(f), 6);
	kr_term *q = var(), *r = var();
	kr_term *args[2] = {sym("homer"), q};
	ck_assert_str_eq(run_str(-1, q, kr_facts_goal(f, args)),
			 "(bart lisa maggie)");
	args[0] = q;
	args[1] = sym("bart");
	ck_assert_str_eq(run_str(-1, q, kr_facts_goal(f, args)),
			 "(homer marge)");
	args[0] = q;
	args[1] = r;
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r), kr_facts_goal(f, args)),
			 "((abe homer) (homer bart) (homer lisa) (marge bart) "
			 "(homer maggie) (marge lisa))");
	args[0] = sym("marge");
	args[1] = sym("lisa");
	ck_assert_str_eq(run_str(-1, q, kr_facts_goal(f, args)), "(_.0)");
	ck_assert(kr_facts_has(f, args));
	args[0] = sym("lisa");
	ck_assert_str_eq(run_str(-1, q, kr_facts_goal(f, args)), "()");
	ck_assert(!kr_facts_has(f, args));
	args[0] = q;
	ck_assert(!kr_facts_has(f, args));
	/* the same variable twice: only facts with equal arguments */
	ck_assert_int_eq(KR_FACT(f, sym("narcissus"), sym("narcissus")), 0);
	args[0] = q;
	args[1] = q;
	ck_assert_str_eq(run_str(-1, q, kr_facts_goal(f, args)),
			 "(narcissus)");
}
END_TEST

START_TEST(test_facts_conj)
{
	/* grandparents: a join through the index of the first argument */
	kr_facts *f = simpsons();
	kr_term *g = var(), *p = var(), *c = var();
	const kr_rel *parent = kr_facts_rel(f);
	ck_assert_str_eq(kr_rel_name(parent), "parent");
	ck_assert_int_eq(kr_rel_arity(parent), 2);
	kr_goal *goal = KR_ALL(KR_CALL(parent, g, p), KR_CALL(parent, p, c));
	ck_assert_str_eq(run_str(-1, KR_LIST(g, c), goal),
			 "((abe bart) (abe lisa) (abe maggie))");
	/* a call through the kr_rel runs its single-goal body directly */
	kr_runner *r = kr_run_start(c, KR_CALL(parent, sym("abe"), c));
	kr_term *a;
	ck_assert_int_eq(kr_run_next(&a, r), 0);
	ck_assert_str_eq(t_str(a), "homer");
	ck_assert_uint_eq(kr_run_steps(r), 0);
}
END_TEST

START_TEST(test_facts_errors)
{
	kr_facts *f = kr_facts_new("edge", 2);
	kr_error_clear();
	ck_assert_int_eq(KR_FACT(f, num(1), var()), KR_EINVALID);
	ck_assert_int_eq(kr_error_last()->code, KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "not ground"));
	ck_assert_int_eq(KR_FACT(f, KR_LIST(num(1), var()), num(2)),
			 KR_EINVALID);
	ck_assert_uint_eq(kr_facts_count(f), 0);
	/* an etuple and the list of its elements are the same fact */
	ck_assert_int_eq(KR_FACT(f, t_read("(add 1 2)"), num(3)), 0);
	ck_assert_int_eq(KR_FACT(f, KR_ETUPLE(sym("add"), num(1), num(2)),
			 num(3)), 0);
	ck_assert_uint_eq(kr_facts_count(f), 1);
	/* nullary and unary tables */
	kr_facts *z = kr_facts_new("truth", 0);
	kr_term *q = var();
	ck_assert_str_eq(run_str(-1, q, kr_facts_goal(z, NULL)), "()");
	ck_assert_int_eq(kr_fact(z, NULL), 0);
	ck_assert_int_eq(kr_fact(z, NULL), 0);
	ck_assert_uint_eq(kr_facts_count(z), 1);
	ck_assert_str_eq(run_str(-1, q, kr_facts_goal(z, NULL)), "(_.0)");
}
END_TEST

/* A foreign atom whose equality counts its calls. */
static long equal_calls;

static bool counted_equal(const void *a, const void *b)
{
	equal_calls++;
	return *(const int *)a == *(const int *)b;
}

static uint64_t counted_hash(const void *p)
{
	return (uint64_t)*(const int *)p;
}

static const kr_foreign_type counted_type = {
	.name = "counted", .equal = counted_equal, .hash = counted_hash,
};

static kr_term *counted(int i)
{
	int *p = kr_alloc(sizeof *p);
	*p = i;
	return kr_foreign(&counted_type, p);
}

START_TEST(test_facts_index)
{
	enum { N = 2000 };
	kr_facts *f = kr_facts_new("big", 2);
	for (int i = 0; i < N; i++)
		ck_assert_int_eq(KR_FACT(f, counted(i), num(i % 7)), 0);
	ck_assert_uint_eq(kr_facts_count(f), N);
	kr_term *q = var();
	kr_term *args[2] = {counted(1234), q};
	equal_calls = 0;
	ck_assert_str_eq(run_str(-1, q, kr_facts_goal(f, args)), "(2)");
	/* the index found the one fact: no scan of the table */
	ck_assert_int_lt(equal_calls, 10);
	/* a ground second argument: only the facts with i % 7 == 3 */
	kr_term *p = var();
	args[0] = p;
	args[1] = num(3);
	kr_term *all = kr_run(-1, p, kr_facts_goal(f, args));
	ck_assert_int_eq(kr_list_length(all), (N - 3 + 6) / 7);
	/* both ground: the shortest index list is used */
	args[0] = counted(10);
	args[1] = num(3);
	equal_calls = 0;
	ck_assert_str_eq(run_str(-1, q, kr_facts_goal(f, args)), "(_.0)");
	ck_assert_int_lt(equal_calls, 10);
	args[1] = num(4);
	ck_assert_str_eq(run_str(-1, q, kr_facts_goal(f, args)), "()");
	/* a ground argument bound through the state */
	args[0] = p;
	args[1] = q;
	equal_calls = 0;
	kr_goal *g = KR_ALL(kr_eq(p, counted(77)), kr_facts_goal(f, args));
	ck_assert_str_eq(run_str(-1, q, g), "(0)");
	ck_assert_int_lt(equal_calls, 10);
}
END_TEST

START_TEST(test_facts_large)
{
	enum { N = 100000 };
	kr_facts *f = kr_facts_new("num", 1);
	for (int i = 0; i < N; i++)
		ck_assert_int_eq(kr_fact(f, (kr_term *[]){num(i)}), 0);
	kr_term *q = var(), *r = var();
	kr_term *all = kr_run(-1, q, kr_facts_goal(f, &q));
	ck_assert_int_eq(kr_list_length(all), N);
	ck_assert(kr_equal(kr_car(kr_cdr(all)), num(1)));
	/* a conjunction over the 10^5 answers */
	kr_goal *g = KR_ALL(kr_facts_goal(f, &q), kr_eq(r, KR_LIST(q)));
	all = kr_run(-1, r, g);
	ck_assert_int_eq(kr_list_length(all), N);
	/* 10^5 ground queries stay fast thanks to the index */
	long found = 0;
	for (int i = 0; i < N; i += 1)
		found += kr_facts_has(f, (kr_term *[]){num(i)});
	ck_assert_int_eq(found, N);
}
END_TEST

START_TEST(test_assoc_commutative_tables)
{
	ck_assert_ptr_eq(kr_associative(), kr_associative());
	ck_assert_ptr_eq(kr_commutative(), kr_commutative());
	ck_assert_ptr_ne(kr_associative(), kr_commutative());
	kr_term *op = sym("test-op");
	ck_assert(!kr_facts_has(kr_commutative(), &op));
	ck_assert_int_eq(kr_fact(kr_commutative(), &op), 0);
	ck_assert(kr_facts_has(kr_commutative(), &op));
	ck_assert(!kr_facts_has(kr_associative(), &op));
}
END_TEST

/* ------------------------------------------------------------ assoc_flatten */

/* A foreign atom that expands to the etuple given at construction. */
static kr_term *fake_expand(const void *p) { return (kr_term *)p; }

static const kr_foreign_type fake_var_type = {
	.name = "fake-variable", .expand = fake_expand,
};

static void declare_add(void)
{
	kr_term *add = sym("add");
	ck_assert_int_eq(kr_fact(kr_associative(), &add), 0);
}

/* The flattened form of a, read through the answer of goal. */
static kr_term *flat(kr_term *a)
{
	kr_term *q = var();
	kr_term *all = kr_run(-1, q, kr_assoc_flatten(a, q));
	ck_assert_int_eq(kr_list_length(all), 1);
	return kr_car(all);
}

START_TEST(test_assoc_flatten_etuple)
{
	declare_add();
	kr_term *add = sym("add");
	kr_term *in = KR_ETUPLE(add, num(1), KR_ETUPLE(add, num(2), num(3)));
	kr_term *out = flat(in);
	ck_assert_str_eq(t_str(out), "(add 1 2 3)");
	ck_assert_int_eq(kr_term_kind(out), KR_ETUPLE);
	in = KR_ETUPLE(add, KR_ETUPLE(add, num(1), num(2)),
		       KR_ETUPLE(add, num(3), KR_ETUPLE(add, num(4), num(5))),
		       num(6));
	out = flat(in);
	ck_assert_str_eq(t_str(out), "(add 1 2 3 4 5 6)");
	ck_assert_int_eq(kr_term_kind(out), KR_ETUPLE);
	/* other operators inside are not spliced, nor searched into */
	in = KR_ETUPLE(add, num(1),
		       KR_ETUPLE(sym("mul"), KR_ETUPLE(add, num(2), num(3)),
				 num(4)));
	ck_assert_str_eq(t_str(flat(in)), "(add 1 (mul (add 2 3) 4))");
	/* an application without arguments stays as it is */
	in = KR_ETUPLE(add, num(1), KR_ETUPLE(add));
	ck_assert_str_eq(t_str(flat(in)), "(add 1 (add))");
	/* a list argument with the same head is spliced into the etuple */
	in = KR_ETUPLE(add, num(1), t_read("(add 2 3)"));
	out = flat(in);
	ck_assert_str_eq(t_str(out), "(add 1 2 3)");
	ck_assert_int_eq(kr_term_kind(out), KR_ETUPLE);
}
END_TEST

/* assoc_flatten on lists read from text, with `add` associative. */
static const struct {
	const char *in, *out;
} flatten_cases[] = {
	{"(add 1 (add 2 3))", "(add 1 2 3)"},
	{"(add (add (add 1 2) 3) 4)", "(add 1 2 3 4)"},
	{"(add (add 1 2))", "(add 1 2)"},
	{"(add (x (add 1 2)) (add y))", "(add (x (add 1 2)) y)"},
	{"(add 1 (mul 2 (add 3 4)))", "(add 1 (mul 2 (add 3 4)))"},
	{"(mul 1 (mul 2 3))", "(mul 1 (mul 2 3))"},
	{"(add 1 (add))", "(add 1 (add))"},
	{"(add)", "(add)"},
	{"(1 add (add 2))", "(1 add (add 2))"},
	{"5", "5"},
	{"()", "()"},
};

START_TEST(test_assoc_flatten_table)
{
	declare_add();
	kr_term *out = flat(t_read(flatten_cases[_i].in));
	ck_assert_str_eq(t_str(out), flatten_cases[_i].out);
	ck_assert_int_eq(kr_term_kind(out),
			 kr_term_kind(t_read(flatten_cases[_i].in)));
}
END_TEST

START_TEST(test_assoc_flatten_list)
{
	declare_add();
	/* an improper pair is left alone */
	kr_term *z = var();
	kr_term *q = var();
	kr_term *imp = kr_cons(sym("add"), kr_cons(num(1), z));
	kr_goal *g = KR_ALL(kr_assoc_flatten(imp, q), kr_eq(z, num(9)));
	ck_assert_str_eq(run_str(-1, q, g), "((add 1 . 9))");
	/* an improper argument with the same head is not spliced */
	imp = KR_LIST(sym("add"), num(1),
		      kr_cons(sym("add"), kr_cons(num(2), num(3))));
	ck_assert_str_eq(t_str(flat(imp)), "(add 1 (add 2 . 3))");
	/* a deep left-nested chain, without C recursion */
	kr_term *t = num(0);
	for (int i = 1; i <= 20000; i++)
		t = KR_LIST(sym("add"), t, num(i));
	kr_term *out = flat(t);
	ck_assert_int_eq(kr_list_length(out), 20002);
	ck_assert(kr_equal(kr_car(kr_cdr(out)), num(0)));
	ck_assert_int_eq(kr_term_kind(out), KR_CONS);
}
END_TEST

START_TEST(test_assoc_flatten_vars)
{
	declare_add();
	kr_term *q = var(), *x = var(), *y = var();
	/* a fresh term: a_flat is a itself */
	kr_goal *g = KR_ALL(kr_assoc_flatten(x, q), kr_eq(x, num(5)));
	ck_assert_str_eq(run_str(-1, q, g), "(5)");
	ck_assert_str_eq(run_str(-1, KR_LIST(q, x),
				 kr_assoc_flatten(x, q)),
			 "((_.0 _.0))");
	/* bindings made before are read through the state */
	g = KR_ALL(kr_eq(x, t_read("(add 2 3)")), kr_eq(y, sym("add")),
		   kr_assoc_flatten(KR_ETUPLE(y, num(1), x), q));
	ck_assert_str_eq(run_str(-1, q, g), "((add 1 2 3))");
	/* a fresh operator: not flattened */
	g = kr_assoc_flatten(KR_LIST(y, num(1), KR_LIST(y, num(2))), q);
	ck_assert_str_eq(run_str(-1, q, g), "((_.0 1 (_.0 2)))");
	/* a_flat given: the goal checks it */
	g = kr_assoc_flatten(t_read("(add 1 (add 2 3))"),
			     t_read("(add 1 2 3)"));
	ck_assert_str_eq(run_str(-1, q, g), "(_.0)");
	g = kr_assoc_flatten(t_read("(add 1 (add 2 3))"),
			     t_read("(add 1 (add 2 3))"));
	ck_assert_str_eq(run_str(-1, q, g), "()");
	/* a_flat partly fresh */
	g = kr_assoc_flatten(t_read("(add 1 (add 2 3))"),
			     KR_LIST(sym("add"), num(1), x, q));
	ck_assert_str_eq(run_str(-1, KR_LIST(x, q), g), "((2 3))");
}
END_TEST

START_TEST(test_assoc_flatten_foreign)
{
	declare_add();
	kr_term *add = sym("add");
	/* a "graph Variable" that is the output of (add 2 3) */
	kr_term *e = KR_ETUPLE(add, num(2), num(3));
	kr_term *v = kr_foreign(&fake_var_type, e);
	kr_etuple_set_evaled(e, v);
	ck_assert(kr_is_pair(v));
	/* as an argument it is left alone, as kanren, whose
	 * flatten_assoc_args splices ConsPairs only (a Variable has no
	 * length, so it is none) */
	kr_term *out = flat(KR_ETUPLE(add, num(1), v));
	ck_assert_int_eq(kr_term_kind(out), KR_ETUPLE);
	ck_assert_int_eq(kr_list_length(out), 3);
	ck_assert_ptr_eq(kr_etuple_ref(out, 2), v);
	/* at the top it is not flattened: a_flat is v itself */
	e = KR_ETUPLE(add, num(1), v);
	kr_term *w = kr_foreign(&fake_var_type, e);
	kr_etuple_set_evaled(e, w);
	ck_assert_ptr_eq(flat(w), w);
}
END_TEST

/* kr_assoc_flatten_deep splices an argument that expands to the op too. */
START_TEST(test_assoc_flatten_deep)
{
	declare_add();
	kr_term *add = sym("add");
	kr_term *e = KR_ETUPLE(add, num(2), num(3));
	kr_term *v = kr_foreign(&fake_var_type, e);
	kr_etuple_set_evaled(e, v);
	kr_term *q = var();
	ck_assert_str_eq(run_str(-1, q, kr_assoc_flatten_deep(
					       KR_ETUPLE(add, num(1), v), q)),
			 "((add 1 2 3))");
	/* an operator not declared associative is left alone */
	ck_assert_str_eq(run_str(-1, q, kr_assoc_flatten_deep(
					       t_read("(sub 1 (sub 2 3))"), q)),
			 "((sub 1 (sub 2 3)))");
}
END_TEST

/* ------------------------------------------------------------ distributeo */

/*
 * The distributive law for any two operators: forward (one answer, the
 * associative sum flattened first), backward (the gather), and nothing
 * for a term of other heads; with `+` not associative, a nested sum
 * stays one argument.
 */
START_TEST(test_distributeo)
{
	kr_term *q = var(), *mul = sym("*"), *plus = sym("+");
	kr_term *ex = sym("^"); /* not declared associative */
	ck_assert_int_eq(kr_fact(kr_associative(), &plus), 0);
	ck_assert_str_eq(run_str(-1, q, kr_distributeo(mul, plus,
			 t_read("(* A (+ x (+ y z)))"), q)),
			 "((+ (* A x) (* A y) (* A z)))");
	ck_assert_str_eq(run_str(-1, q, kr_distributeo(mul, plus, q,
			 t_read("(+ (* B x) (* B y))"))),
			 "((* B (+ x y)))");
	ck_assert_str_eq(run_str(-1, q, kr_distributeo(mul, plus, q,
			 t_read("(+ (* B x) (* C y))"))), "()");
	ck_assert_str_eq(run_str(-1, q, kr_distributeo(mul, plus,
			 t_read("(* A x)"), q)), "()");
	ck_assert_str_eq(run_str(-1, q, kr_distributeo(mul, ex,
			 t_read("(* A (^ x (^ y z)))"), q)),
			 "((^ (* A x) (* A (^ y z))))");
	/* operators left fresh are found from the term */
	kr_term *m = var(), *a = var();
	ck_assert_str_eq(run_str(-1, KR_LIST(q, m, a), kr_distributeo(m, a,
			 t_read("(* A (+ x y))"), q)),
			 "(((+ (* A x) (* A y)) * +))");
}
END_TEST

/* ------------------------------------------------ more list relations */

START_TEST(test_caro_cdro_pairo)
{
	kr_term *q = kr_var_new("q");
	ck_assert_str_eq(run_str(-1, q, kr_caro(t_read("(a b)"), q)), "(a)");
	ck_assert_str_eq(run_str(-1, q, kr_cdro(t_read("(a b)"), q)), "((b))");
	ck_assert_str_eq(run_str(-1, q, kr_caro(q, sym("a"))),
			 "((a . _.0))");
	ck_assert_str_eq(run_str(-1, q, kr_pairo(q)), "((_.0 . _.1))");
	ck_assert_str_eq(run_str(-1, q, kr_pairo(kr_nil())), "()");
	ck_assert_str_eq(run_str(-1, q, kr_pairo(KR_ETUPLE(sym("f")))),
			 "(_.0)");
}
END_TEST

/* kanren's core extras: ifa, eq_length, applyo, ground_order */
START_TEST(test_kanren_extras)
{
	kr_term *q = kr_var_new("q"), *a = var(), *b = var(), *c = var();
	/* ifa: all of g1's answers, else g2 on the original state */
	kr_goal *two = KR_CONDE(kr_eq(q, num(1)), kr_eq(q, num(3)));
	ck_assert_str_eq(run_str(-1, q, kr_ifa(two, kr_eq(q, num(2)))),
			 "(1 3)");
	ck_assert_str_eq(run_str(-1, q, kr_ifa(kr_fail(), kr_eq(q, num(2)))),
			 "(2)");
	/* eq_length: both directions, and enumeration */
	ck_assert_str_eq(run_str(-1, q, kr_eq_length(t_read("(1 2)"), q)),
			 "((_.0 _.1))");
	ck_assert_str_eq(run_str(-1, q, kr_eq_length(q, KR_ETUPLE(num(1)))),
			 "((_.0))");
	ck_assert_str_eq(run_str(-1, q, kr_eq_length(t_read("(1)"),
						     t_read("(1 2)"))),
			 "()");
	ck_assert_str_eq(run_str(3, KR_LIST(a, b), kr_eq_length(a, b)),
			 "((() ()) ((_.0) (_.1)) ((_.0 _.1) (_.2 _.3)))");
	/* applyo: decompose, build, and no non-sequence arguments */
	ck_assert_str_eq(run_str(-1, KR_LIST(a, b),
				 kr_applyo(a, b, t_read("(add 1 2)"))),
			 "((add (1 2)))");
	ck_assert_str_eq(run_str(-1, q, kr_applyo(sym("add"),
						  KR_ETUPLE(num(1)), q)),
			 "((add 1))");
	ck_assert_str_eq(run_str(-1, q, kr_applyo(num(1), num(2), q)), "()");
	/* a callable operator is called, as kanren's term(add, (1, 2)) */
	kr_term *add = t_add_callable();
	ck_assert_str_eq(run_str(-1, q, kr_applyo(add, t_read("(1 2)"), q)),
			 "(3)");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(a, num(2)), kr_applyo(
				 add, KR_ETUPLE(num(1), a), q))), "(3)");
	ck_assert_str_eq(run_str(-1, q, kr_applyo(add, t_read("(1 x)"), q)),
			 "()"); /* the call fails: no answer */
	ck_assert_str_eq(run_str(-1, b, kr_applyo(add, b, KR_LIST(add,
						  num(1)))), "((1))");
	ck_assert_str_eq(run_str(-1, KR_LIST(b, c), kr_applyo(sym("f"), b, c)),
			 "((_.0 (f . _.0)))");
	/* ground_order: ground, partial sequence, open pair, fresh */
	kr_term *in = KR_LIST(a, num(1), kr_cons(b, c), KR_LIST(num(2), c),
			      sym("s"));
	ck_assert_str_eq(run_str(-1, q, kr_ground_order(in, q)),
			 "((1 s (2 _.0) (_.1 . _.0) _.2))");
	ck_assert_str_eq(run_str(-1, q, KR_ALL(kr_eq(a, num(7)),
					       kr_ground_order(in, q))),
			 "((7 1 s (2 _.0) (_.1 . _.0)))");
	ck_assert_str_eq(run_str(-1, q, kr_ground_order(num(5), q)), "()");
	/* kanren's ground_order_seqs docstring: ((a b) (b 2)) */
	kr_term *x = var(), *y = var();
	ck_assert_str_eq(run_str(-1, KR_LIST(x, y, b, a),
				 kr_ground_order_seqs(
					 KR_LIST(KR_LIST(a, b),
						 KR_LIST(b, num(2))),
					 KR_LIST(x, y))),
			 "(((_.0 _.1) (2 _.0) _.0 _.1))");
	/* columns: (a 5) keys 1, (1 6) and ((2 . a) 7) 0, kept in order */
	ck_assert_str_eq(run_str(-1, q, kr_ground_order_seqs(
				 KR_LIST(KR_LIST(a, num(1),
						 kr_cons(num(2), a)),
					 KR_LIST(num(5), num(6), num(7))),
				 q)),
			 "(((1 (2 . _.0) _.0) (6 7 5)))");
	/* sequences of different lengths: out is in */
	ck_assert_str_eq(run_str(-1, q, kr_ground_order_seqs(
				 t_read("((1 2) (3))"), q)),
			 "(((1 2) (3)))");
}
END_TEST

START_TEST(test_rembero)
{
	kr_term *q = kr_var_new("q"), *x = kr_var_new("x");
	ck_assert_str_eq(run_str(-1, q, kr_rembero(sym("b"),
						   t_read("(a b c b)"), q)),
			 "((a c b))");
	ck_assert_str_eq(run_str(-1, q, kr_rembero(sym("z"),
						   t_read("(a b)"), q)),
			 "((a b))");
	/* x fresh: each element, then "none of them" with its =/= */
	ck_assert_str_eq(run_str(-1, KR_LIST(x, q),
				 kr_rembero(x, t_read("(a b)"), q)),
			 "((a (b)) (b (a)) ((_.0 (a b)) (=/= ((_.0 a)) "
			 "((_.0 b)))))");
}
END_TEST

/* test_permuteo's no_ident cases, and kanren's full permutation after a
 * reduction */
START_TEST(test_permuteo_no_ident)
{
	kr_term *q = var(), *x = var(), *y = var();
	ck_assert_str_eq(run_str(-1, q, kr_permuteo_no_ident(
						t_read("(1 2)"), t_read("(1 2)"))),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_permuteo_no_ident(
						t_read("(1 2)"), t_read("(2 1)"))),
			 "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_permuteo_no_ident(
						t_read("(1 2 3)"), q)),
			 "((1 3 2) (2 1 3) (2 3 1) (3 1 2) (3 2 1))");
	ck_assert_str_eq(run_str(-1, q, kr_permuteo_no_ident(
						q, t_read("(a b)"))),
			 "((b a))");
	ck_assert_str_eq(run_str(-1, KR_LIST(x, y), kr_permuteo_no_ident(
				     t_read("(1 2 3)"), KR_LIST(num(1), x, y))),
			 "((2 3) (3 2))");
	/* both fresh: never the same sequence twice over */
	ck_assert_str_eq(run_str(2, KR_LIST(x, y), kr_permuteo_no_ident(x, y)),
			 "(((_.0 _.1) (_.1 _.0)) "
			 "((_.0 _.1 _.2) (_.0 _.2 _.1)))");
}
END_TEST

/*
 * kanren's lany/lall answer order (test_core's interleaving): one answer
 * of each stream in turn, bind over every answer of the goals before;
 * the engine's own disj gives the same answers in its order.
 */
START_TEST(test_kanren_order)
{
	kr_term *q = var(), *r = var();
	kr_goal *pairs[3];
	for (int i = 0; i < 3; i++)
		pairs[i] = kr_lany_kanren(2, (kr_goal *[]){
			kr_eq(q, num(2 * i + 1)), kr_eq(q, num(2 * i + 2))});
	ck_assert_str_eq(run_str(-1, q, kr_lany_kanren(3, pairs)),
			 "(1 3 5 2 4 6)");
	ck_assert_str_eq(run_str(-1, q, kr_disj(3, pairs)), "(1 3 2 5 4 6)");
	kr_goal *qs = kr_lany_kanren(3, (kr_goal *[]){kr_eq(q, num(1)),
				     kr_eq(q, num(2)), kr_eq(q, num(3))});
	kr_goal *rs = kr_lany_kanren(2, (kr_goal *[]){kr_eq(r, kr_sym("a")),
				     kr_eq(r, kr_sym("b"))});
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r),
				 kr_lall_kanren(2, (kr_goal *[]){qs, rs})),
			 "((1 a) (2 a) (3 a) (1 b) (2 b) (3 b))");
	kr_goal *qd = KR_ANY(kr_eq(q, num(1)), kr_eq(q, num(2)),
			     kr_eq(q, num(3)));
	kr_goal *rd = KR_ANY(kr_eq(r, kr_sym("a")), kr_eq(r, kr_sym("b")));
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r), KR_ALL(qd, rd)),
			 "((1 a) (2 a) (1 b) (3 a) (2 b) (3 b))");
	/* three goals fold left; none succeed; one is itself */
	kr_goal *three = kr_lall_kanren(3, (kr_goal *[]){qs, rs,
					kr_neq(q, num(2))});
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r), three),
			 "((1 a) (3 a) (1 b) (3 b))");
	ck_assert_str_eq(run_str(-1, q, kr_lall_kanren(0, NULL)), "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_lany_kanren(0, NULL)), "(_.0)");
	ck_assert_ptr_eq(kr_lany_kanren(1, &qs), qs);
}
END_TEST

START_TEST(test_permuteo)
{
	kr_term *q = kr_var_new("q");
	ck_assert_str_eq(run_str(-1, q, kr_permuteo(t_read("(1 2 3)"), q)),
			 "((1 2 3) (1 3 2) (2 1 3) (2 3 1) (3 1 2) (3 2 1))");
	ck_assert_str_eq(run_str(-1, q, kr_permuteo(q, t_read("(a b)"))),
			 "((a b) (b a))");
	ck_assert_str_eq(run_str(-1, q, kr_permuteo(t_read("(a b)"),
						    t_read("(b a)"))),
			 "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_permuteo(t_read("(a b)"),
						    t_read("(b c)"))),
			 "()");
	/* the permutations are made as the search reaches them: run 1 over
	 * 12 elements does not build the 479,001,600 goals of all of them */
	ck_assert_str_eq(run_str(2, q, kr_permuteo(t_read("(1 2 3 4 5 6 7 8 9 "
							  "10 11 12)"),
						   q)),
			 "((1 2 3 4 5 6 7 8 9 10 11 12) "
			 "(1 2 3 4 5 6 7 8 9 10 12 11))");
	/* whether an element can be hashed is found without recursion:
	 * an etuple nested 200,000 deep */
	kr_term *deep = num(1);
	for (int i = 0; i < 200000; i++)
		deep = kr_etuple(1, &deep);
	ck_assert_str_eq(run_str(-1, q, kr_permuteo(KR_LIST(num(1), deep, q),
						    KR_LIST(deep, num(1),
							    num(2)))),
			 "(2)");
	/* neither side a list: lengths are enumerated */
	kr_term *r = kr_var_new("r");
	ck_assert_str_eq(run_str(2, KR_LIST(q, r), kr_permuteo(q, r)),
			 "((() ()) ((_.0) (_.0)))");
}
END_TEST

static kr_facts *steps(void)
{
	kr_facts *f = kr_facts_new("stepo", 2);
	KR_FACT(f, sym("a"), sym("b"));
	KR_FACT(f, sym("b"), sym("c"));
	return f;
}

START_TEST(test_graph_relations)
{
	kr_term *q = kr_var_new("q");
	const kr_rel *st = kr_facts_rel(steps());
	ck_assert_str_eq(run_str(-1, q, kr_map_anyo(st, t_read("(a x b)"), q)),
			 "((b x c) (a x c) (b x b))");
	ck_assert_str_eq(run_str(-1, q, kr_map_anyo(st, t_read("(x)"), q)),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_reduceo(st, sym("a"), q)),
			 "(c b)");
	ck_assert_str_eq(run_str(-1, q, kr_reduceo(st, sym("c"), q)), "()");
	ck_assert_str_eq(run_str(-1, q, kr_walko(st, t_read("(f a)"), q)),
			 "((f b))");
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, kr_walko(
					    st, t_read("(a (b a))"), q))),
			 7);
}
END_TEST

static kr_goal *eqo_body(kr_term *const *a, void *env)
{
	(void)env;
	return kr_eq(a[0], a[1]);
}

/* kanren's test_map_anyo_misc and test_walko_misc: kanren's order. */
START_TEST(test_graph_relations_korder)
{
	kr_term *q = kr_var_new("q");
	kr_facts *f = kr_facts_new("one_to_threeo", 2);
	KR_FACT(f, num(1), num(3));
	const kr_rel *o = kr_facts_rel(f);
	const kr_rel *eqo = kr_rel_new("eqo", 2, eqo_body, NULL);
	kr_term *all = kr_run(-1, q, kr_map_anyo(o, t_read("(1 2 4 1 4 1 1)"),
						 q));
	ck_assert_int_eq(kr_list_length(all), 15);
	ck_assert_str_eq(t_str(kr_car(all)), "(3 2 4 3 4 3 3)");
	ck_assert_str_eq(run_str(1, q, kr_walko(o, t_read("(1 (1 2 4) 2 "
							   "((4 1 1)) 1)"),
						 q)),
			 "((3 (3 2 4) 2 ((4 3 3)) 3))");
	ck_assert_str_eq(run_str(2, q, kr_walko(eqo, q, q)),
			 "(_.0 ())");
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, kr_map_anyo(
					    eqo, t_read("(1 2 3)"),
					    t_read("(1 2 3)")))),
			 7);
	/* deeper than the nested runs of kanren's order go: the engine's
	 * order below 200 levels, no stack overflow (found by fuzzing) */
	kr_term **ones = kr_alloc(2500 * sizeof *ones);
	for (int i = 0; i < 2500; i++)
		ones[i] = num(1);
	ck_assert_int_eq(kr_list_length(kr_car(kr_run(
				 1, q, kr_map_anyo(eqo, kr_list(2500, ones), q)))),
			 2500);
}
END_TEST

/*
 * A search in kanren's order that never ends nests branch runs inside
 * one step of the driving run; their steps and work count as that
 * run's, so its step limit stops it (eq_comm(q, q) with no commutative
 * facts recurses for ever, as in kanren).
 */
START_TEST(test_korder_step_limit)
{
	kr_term *q = kr_var_new("q"), *a;
	kr_runner *r = kr_run_start(q, kr_eq_comm(q, q));
	kr_run_set_step_limit(r, 200);
	ck_assert_int_eq(kr_run_next(&a, r), KR_ELIMIT);
	ck_assert_uint_ge(kr_run_steps(r), 200);
	ck_assert_uint_lt(kr_run_steps(r), 2000);
	/* a branch run shares the step: the driving run counts its steps */
	kr_runner *outer = kr_run_start(q, kr_lany_kanren(2, (kr_goal *[]){
		kr_eq_comm(q, q), kr_eq(q, num(1))}));
	kr_run_set_step_limit(outer, 300);
	int rc;
	while ((rc = kr_run_next(&a, outer)) == 0)
		ck_assert_str_eq(t_str(a), "1");
	ck_assert_int_eq(rc, KR_ELIMIT);
}
END_TEST

/* The modes each doc comment of relations.h claims, one by one. */
START_TEST(test_modes_lists)
{
	kr_term *q = kr_var_new("q"), *r = kr_var_new("r");
	/* appendo: l proper, s and out fresh: one answer, run* ends */
	ck_assert_str_eq(run_str(-1, KR_LIST(q, r),
				 kr_appendo(t_read("(1 2)"), q, r)),
			 "((_.0 (1 2 . _.0)))");
	/* appendo: out proper, l fresh, s given */
	ck_assert_str_eq(run_str(-1, q, kr_appendo(q, t_read("(3)"),
						   t_read("(1 2 3)"))),
			 "((1 2))");
	/* permuteo on etuples keeps the kind */
	kr_term *p = kr_car(kr_run(1, q, kr_permuteo(KR_ETUPLE(num(1), num(2)),
						     q)));
	ck_assert_int_eq(kr_term_kind(p), KR_ETUPLE);
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, kr_permuteo(
					   KR_ETUPLE(num(1), num(2), num(3)), q))),
			 6);
	/* so does a pair onto an etuple, an etuple as cons(1, et) is, on
	 * either side, also when the other side has items to cancel */
	kr_term *t = kr_var_new("t"), *x = kr_var_new("x");
	kr_goal *bind_t = kr_eq(t, KR_ETUPLE(num(2), num(3)));
	kr_term *one_t = kr_cons(num(1), t);
	kr_term *perms = kr_run(-1, q, KR_ALL(bind_t, kr_permuteo(one_t, q)));
	ck_assert_int_eq(kr_list_length(perms), 6);
	ck_assert_int_eq(kr_term_kind(kr_car(kr_cdr(perms))), KR_ETUPLE);
	perms = kr_run(-1, q, KR_ALL(bind_t, kr_permuteo(q, one_t)));
	ck_assert_int_eq(kr_term_kind(kr_car(kr_cdr(perms))), KR_ETUPLE);
	kr_term *three = KR_ETUPLE(num(3), x, num(1));
	perms = kr_run(-1, x, KR_ALL(bind_t, kr_permuteo(one_t, three)));
	ck_assert_str_eq(t_str(perms), "(2)");
	/* rembero with out given, l proper: x is found */
	ck_assert_str_eq(run_str(-1, q, kr_rembero(q, t_read("(a b)"),
						   t_read("(a)"))),
			 "(b)");
	/* mapo keeps an etuple an etuple */
	p = kr_car(kr_run(1, q, kr_mapo(dupo(), KR_ETUPLE(sym("a")), q)));
	ck_assert_int_eq(kr_term_kind(p), KR_ETUPLE);
}
END_TEST

/* term_walko's test relations: the operator tw_op, and (swap a b tw_op)
 * swapping the two arguments (1 2) and (2 1). */
static kr_facts *tw_ops(void)
{
	kr_facts *f = kr_facts_new("okop", 1);
	KR_FACT(f, sym("tw_op"));
	return f;
}

static kr_facts *tw_swaps(void)
{
	kr_term *ops = sym("tw_op");
	kr_facts *f = kr_facts_new("swap", 3);
	KR_FACT(f, KR_LIST(num(1), num(2)), KR_LIST(num(2), num(1)), ops);
	KR_FACT(f, KR_LIST(num(2), num(1)), KR_LIST(num(1), num(2)), ops);
	return f;
}

START_TEST(test_modes_graph)
{
	kr_term *q = kr_var_new("q");
	const kr_rel *st = kr_facts_rel(steps());
	/* map_anyo with b proper and a fresh */
	ck_assert_str_eq(run_str(-1, q, kr_map_anyo(st, q, t_read("(b c)"))),
			 "((a b) (b b) (a c))");
	/* reduceo backward: an infinite stream, run n */
	ck_assert_str_eq(run_str(2, q, kr_reduceo(st, q, sym("c"))), "(b a)");
	ck_assert_str_eq(run_str(-1, q, kr_reduceo(st, sym("a"), sym("c"))),
			 "(_.0)");
	/* walko keeps an etuple an etuple */
	kr_term *w = kr_car(kr_run(1, q, kr_walko(st, KR_ETUPLE(sym("f"),
								sym("a")),
						  q)));
	ck_assert_int_eq(kr_term_kind(w), KR_ETUPLE);
	ck_assert_str_eq(t_str(w), "(f b)");
	/* term_walko with only b ground: the roles are swapped */
	kr_term *ops = sym("tw_op");
	kr_facts *okop = tw_ops(), *sw = tw_swaps();
	ck_assert_str_eq(run_str(-1, q, kr_term_walko(kr_facts_rel(okop),
						      kr_facts_rel(sw), q,
						      KR_LIST(ops, num(1),
							      num(2)))),
			 "((tw_op 2 1) (tw_op 1 2))");
	ck_assert_str_eq(run_str(-1, q, kr_term_walko(kr_facts_rel(okop),
						      kr_facts_rel(sw),
						      KR_LIST(ops, num(1),
							      num(2)),
						      q)),
			 "((tw_op 2 1) (tw_op 1 2))");
}
END_TEST

/*
 * The remaining modes the doc comments claim: relations run with every
 * argument fresh, on an etuple or a graph Variable (a foreign atom that
 * expands to its etuple), with the kind decided by one side, and the
 * keyword-argument forms run backward.
 */
START_TEST(test_modes_claimed)
{
	kr_term *q = kr_var_new("q"), *x = var(), *y = var();
	/* caro and cdro with all fresh, as conso */
	ck_assert_str_eq(run_str(-1, KR_LIST(x, y), kr_caro(x, y)),
			 "(((_.0 . _.1) _.0))");
	ck_assert_str_eq(run_str(-1, KR_LIST(x, y), kr_cdro(x, y)),
			 "(((_.0 . _.1) _.1))");
	/* on an etuple and a graph Variable: its head and its arguments */
	kr_term *e = KR_ETUPLE(sym("f"), num(1), num(2));
	ck_assert_str_eq(run_str(-1, q, kr_caro(e, q)), "(f)");
	kr_term *d = kr_car(kr_run(-1, q, kr_cdro(e, q)));
	ck_assert_int_eq(kr_term_kind(d), KR_ETUPLE);
	ck_assert_str_eq(t_str(d), "(1 2)");
	kr_term *add = KR_ETUPLE(sym("add"), num(2), num(3));
	kr_term *v = kr_foreign(&fake_var_type, add);
	kr_etuple_set_evaled(add, v);
	ck_assert_str_eq(run_str(-1, q, kr_caro(v, q)), "(add)");
	ck_assert_str_eq(run_str(-1, q, kr_cdro(v, q)), "((2 3))");
	/* nullo_kind: a side that is already empty decides the kind */
	kr_term *l = kr_car(kr_run(-1, q, kr_nullo_kind(
			2, (kr_term *[]){q, kr_etuple(0, NULL)}, KR_SEQ_LIST)));
	ck_assert_int_eq(kr_term_kind(l), KR_ETUPLE);
	l = kr_car(kr_run(-1, q, kr_nullo_kind(2, (kr_term *[]){q, kr_nil()},
					       KR_SEQ_ETUPLE)));
	ck_assert_int_eq(kr_term_kind(l), KR_NIL);
	/* eq_length_kind: the proper side decides, not the default */
	l = kr_car(kr_run(-1, q, kr_eq_length_kind(t_read("(1 2)"), q,
						   KR_SEQ_ETUPLE)));
	ck_assert_int_eq(kr_term_kind(l), KR_CONS);
	ck_assert_str_eq(t_str(kr_reify(l, kr_subst_empty())), "(_.0 _.1)");
	l = kr_car(kr_run(-1, q, kr_eq_length_kind(
			q, KR_ETUPLE(num(1), num(2)), KR_SEQ_LIST)));
	ck_assert_int_eq(kr_term_kind(l), KR_ETUPLE);
	/* permuteo_ex with an inner_eq, one side proper, the other fresh */
	const kr_rel *same = kr_rel_new("same", 2, eqo_body, NULL);
	kr_permuteo_opts po = KR_PERMUTEO_OPTS_INIT;
	po.inner_eq = same;
	ck_assert_str_eq(run_str(-1, q, kr_permuteo_ex(t_read("(1 2 3)"), q,
						       &po)),
			 "((1 2 3) (1 3 2) (2 1 3) (2 3 1) (3 1 2) (3 2 1))");
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, kr_permuteo_ex(
			 q, t_read("(1 2 3)"), &po))), 6);
	po.no_ident = true;
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, kr_permuteo_ex(
			 t_read("(1 2 3)"), q, &po))), 5);
	/* map_anyo_ex with b proper and a fresh */
	kr_map_anyo_opts mo = {KR_SEQ_LIST, true};
	ck_assert_str_eq(run_str(-1, q, kr_map_anyo_ex(kr_facts_rel(steps()),
						       q, t_read("(b c)"),
						       &mo)),
			 "((a b) (b b) (a c))");
	/* term_walko_ex with only b ground, without the identity */
	kr_term *ops = sym("tw_op");
	kr_facts *okop = tw_ops(), *sw = tw_swaps();
	kr_term_walko_opts to = {KR_SEQ_LIST, true, NULL};
	ck_assert_str_eq(run_str(-1, q, kr_term_walko_ex(
			 kr_facts_rel(okop), kr_facts_rel(sw), q,
			 KR_LIST(ops, num(1), num(2)), &to)),
			 "((tw_op 2 1))");
	/* assoc_flatten_deep of a fresh term is the term, as assoc_flatten */
	ck_assert_str_eq(run_str(-1, KR_LIST(x, y),
				 kr_assoc_flatten_deep(x, y)),
			 "((_.0 _.0))");
	/* distributeo as a relation, both ways */
	kr_term *plus = sym("+");
	ck_assert_int_eq(kr_fact(kr_associative(), &plus), 0);
	ck_assert_str_eq(run_str(-1, q, KR_CALL(kr_distributeo_rel(), sym("*"),
						plus,
						t_read("(* A (+ x y))"), q)),
			 "((+ (* A x) (* A y)))");
	ck_assert_str_eq(run_str(-1, q, KR_CALL(kr_distributeo_rel(), sym("*"),
						plus, q,
						t_read("(+ (* A x) (* A y))"))),
			 "((* A (+ x y)))");
}
END_TEST

START_TEST(test_modes_assoccomm)
{
	kr_term *q = kr_var_new("q"), *r = kr_var_new("r");
	kr_term *add = sym("add_m"), *mul = sym("mul_m");
	KR_FACT(kr_commutative(), add);
	KR_FACT(kr_associative(), add);
	KR_FACT(kr_commutative(), mul);
	kr_term *t = KR_LIST(mul, num(1), num(2));
	/* u fresh, v ground: swapped (kanren's ground_order) */
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, kr_eq_comm(q, t))), 2);
	kr_term *t3 = KR_LIST(add, num(1), num(2), num(3));
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, kr_eq_assoc(q, t3))), 3);
	/* eq_assoccomm: 18 forms from either side */
	kr_term *n3 = KR_LIST(add, num(1), KR_LIST(add, num(2), num(3)));
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, kr_eq_assoccomm(q, n3))),
			 19);
	ck_assert_int_eq(kr_list_length(kr_run(-1, q, kr_eq_assoccomm(n3, q))),
			 19);
	/* both fresh: every answer relates its two terms */
	kr_term *all = kr_run(4, KR_LIST(q, r), kr_eq_comm(q, r));
	ck_assert_int_eq(kr_list_length(all), 4);
	for (; !kr_is_null(all); all = kr_cdr(all)) {
		kr_term *a = kr_car(kr_car(all)), *b = kr_car(kr_cdr(kr_car(all)));
		ck_assert_int_eq(kr_list_length(kr_run(1, q, kr_eq_comm(a, b))),
				 1);
	}
	ck_assert_int_eq(kr_list_length(kr_run(3, KR_LIST(q, r),
					       kr_eq_assoc(q, r))), 3);
	ck_assert_int_eq(kr_list_length(kr_run(3, KR_LIST(q, r),
					       kr_eq_assoccomm(q, r))), 3);
}
END_TEST

START_TEST(test_assoccomm_eqs)
{
	kr_term *q = kr_var_new("q");
	kr_term *add = sym("add_ac"), *mul = sym("mul_c");
	KR_FACT(kr_commutative(), add);
	KR_FACT(kr_associative(), add);
	KR_FACT(kr_commutative(), mul);
	kr_term *t = KR_LIST(add, num(1), num(2));
	/* kanren's order: a step first, then the identity */
	ck_assert_str_eq(run_str(-1, q, kr_eq_comm(t, q)),
			 "((add_ac 2 1) (add_ac 1 2))");
	ck_assert_str_eq(run_str(-1, q, kr_eq_comm(t, KR_LIST(add, num(2),
							     num(1)))),
			 "(_.0)");
	kr_term *t3 = KR_LIST(add, num(1), num(2), num(3));
	ck_assert_str_eq(run_str(-1, q, kr_eq_assoc(t3, q)),
			 "((add_ac (add_ac 1 2) 3) (add_ac 1 2 3) "
			 "(add_ac 1 (add_ac 2 3)))");
	ck_assert_str_eq(run_str(-1, q, kr_eq_assoc(
				 KR_LIST(add, KR_LIST(add, num(1), num(2)), num(3)),
				 KR_LIST(add, num(1), KR_LIST(add, num(2), num(3))))),
			 "(_.0)");
	ck_assert_str_eq(run_str(-1, q, kr_eq_assoc(KR_LIST(mul, num(1), num(2),
							   num(3)),
						   KR_LIST(mul, KR_LIST(mul, num(1),
									num(2)),
							   num(3)))),
			 "()");
	/* kanren's eq_assoc(u, v, n=2) (test_eq_assoc); kanren drops n, so
	 * four arguments give all six regroupings in its order, both ways */
	ck_assert_str_eq(run_str(-1, q, kr_eq_assoc_n(t3, q, 2)),
			 "((add_ac (add_ac 1 2) 3) (add_ac 1 2 3) "
			 "(add_ac 1 (add_ac 2 3)))");
	kr_term *t4 = KR_LIST(add, num(1), num(2), num(3), num(4));
	const char *six =
		"((add_ac (add_ac 1 2) 3 4) (add_ac 1 2 3 4) "
		"(add_ac 1 (add_ac 2 3) 4) (add_ac 1 2 (add_ac 3 4)) "
		"(add_ac (add_ac 1 2 3) 4) (add_ac 1 (add_ac 2 3 4)))";
	ck_assert_str_eq(run_str(-1, q, kr_eq_assoc(t4, q)), six);
	ck_assert_str_eq(run_str(-1, q, kr_eq_assoc_n(t4, q, 2)), six);
	ck_assert_str_eq(run_str(-1, q, kr_eq_assoc_n(q, t4, 3)), six);
	/* both argument lists known: a group of all of them is the list
	 * itself (kanren's assoc_args), so (add_ac x) is no regrouping of
	 * three arguments */
	ck_assert_str_eq(run_str(-1, q, kr_eq_assoc(KR_LIST(add, q), t3)),
			 "()");
	ck_assert_str_eq(run_str(-1, q, kr_eq_assoc(t3, KR_LIST(add, q))),
			 "()");
	/* the groupings of a node are made as the search reaches them, and
	 * a node nested 100,000 deep is flattened without recursion: the
	 * first regrouping of (add_ac 1 (add_ac 2 ... )) comes at once (it
	 * used to build all O(n^2) groupings of the 100,001 arguments) */
	kr_term *deep = num(0);
	for (int i = 100000; i > 0; i--)
		deep = KR_LIST(add, num(i), deep);
	kr_term *first = kr_run(1, q, kr_eq_assoc(q, deep));
	ck_assert_int_eq(kr_list_length(first), 1);
	kr_term *top = kr_car(first);
	ck_assert_str_eq(t_str(kr_car(top)), "add_ac");
	ck_assert_str_eq(t_str(kr_car(kr_cdr(top))), "(add_ac 1 2)");
	kr_term *all = kr_run(-1, q, kr_eq_assoccomm(t3, q));
	ck_assert_int_ge(kr_list_length(all), 18);
	ck_assert_str_eq(run_str(1, q, kr_eq_assoccomm(t3, KR_LIST(
						   add, num(3),
						   KR_LIST(add, num(2), num(1))))),
			 "(_.0)");
}
END_TEST

Suite *relations_suite(void)
{
	Suite *s = suite_create("relations");
	struct {
		const char *name;
		const TTest *test;
	} cases[] = {
		{"conso", test_conso},
		{"conso_etuple", test_conso_etuple},
		{"heado_tailo_nullo", test_heado_tailo_nullo},
		{"itero", test_itero},
		{"membero", test_membero},
		{"appendo_splits", test_appendo_splits},
		{"appendo_generate", test_appendo_generate},
		{"appendo_long", test_appendo_long},
		{"appendo_kanren", test_appendo_kanren},
		{"condp", test_condp},
		{"condpseq", test_condpseq},
		{"condpseq_lazy", test_condpseq_lazy},
		{"condpseq_misuse", test_condpseq_misuse},
		{"mapo", test_mapo},
		{"facts_basic", test_facts_basic},
		{"facts_conj", test_facts_conj},
		{"facts_errors", test_facts_errors},
		{"facts_index", test_facts_index},
		{"facts_large", test_facts_large},
		{"assoc_comm_tables", test_assoc_commutative_tables},
		{"assoc_flatten_etuple", test_assoc_flatten_etuple},
		{"assoc_flatten_list", test_assoc_flatten_list},
		{"assoc_flatten_vars", test_assoc_flatten_vars},
		{"assoc_flatten_foreign", test_assoc_flatten_foreign},
		{"assoc_flatten_deep", test_assoc_flatten_deep},
		{"distributeo", test_distributeo},
		{"caro_cdro_pairo", test_caro_cdro_pairo},
		{"rembero", test_rembero},
		{"kanren_extras", test_kanren_extras},
		{"permuteo", test_permuteo},
		{"permuteo_no_ident", test_permuteo_no_ident},
		{"kanren_order", test_kanren_order},
		{"graph_relations", test_graph_relations},
		{"graph_relations_korder", test_graph_relations_korder},
		{"korder_step_limit", test_korder_step_limit},
		{"assoccomm_eqs", test_assoccomm_eqs},
		{"modes_lists", test_modes_lists},
		{"modes_graph", test_modes_graph},
		{"modes_assoccomm", test_modes_assoccomm},
		{"modes_claimed", test_modes_claimed},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		TCase *tc = tcase_create(cases[i].name);
		tcase_add_test(tc, cases[i].test);
		suite_add_tcase(s, tc);
	}
	TCase *tc = tcase_create("assoc_flatten_table");
	tcase_add_loop_test(tc, test_assoc_flatten_table, 0,
			    (int)(sizeof flatten_cases / sizeof flatten_cases[0]));
	suite_add_tcase(s, tc);
	return s;
}
