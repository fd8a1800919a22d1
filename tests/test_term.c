/* test_term.c -- terms and persistent substitutions. */
/* See the LICENSE file for copying conditions. */
#include "config.h"

#include <gc/gc.h>
#include <unistd.h>

#include "suites.h"

START_TEST(kinds_and_atoms)
{
	ck_assert_int_eq(kr_term_kind(kr_var_new(NULL)), KR_VAR);
	ck_assert_int_eq(kr_term_kind(kr_sym("a")), KR_SYM);
	ck_assert_ptr_eq(kr_sym("abc"), kr_sym("abc"));
	ck_assert_ptr_ne(kr_sym("abc"), kr_sym("abd"));
	ck_assert_int_eq(kr_int_value(kr_int(-42)), -42);
	ck_assert(kr_real_value(kr_real(0.5)) == 0.5);
	ck_assert_str_eq(kr_str_value(kr_str("hi")), "hi");
	ck_assert_str_eq(kr_kind_name(KR_ETUPLE), "etuple");
	ck_assert(kr_is_null(kr_nil()));
	ck_assert(!kr_is_pair(kr_nil()));
	kr_term *v = kr_var_new("x"), *w = kr_var_new(NULL);
	ck_assert(kr_var_id(w) > kr_var_id(v));
	ck_assert_str_eq(kr_var_name(v), "x");
}
END_TEST

START_TEST(ground_flags)
{
	kr_term *x = kr_var_new(NULL);
	ck_assert(kr_is_ground(KR_LIST(kr_int(1), kr_sym("a"))));
	ck_assert(!kr_is_ground(KR_LIST(kr_int(1), x)));
	ck_assert(!kr_is_ground(kr_cons(x, kr_nil())));
	ck_assert(!kr_is_ground(KR_ETUPLE(kr_sym("f"), x)));
	ck_assert(kr_is_ground(KR_ETUPLE(kr_sym("f"), kr_int(2))));
	ck_assert(!kr_is_ground(x));
	/* the tails of an etuple, and etuples consed onto one */
	kr_term *a = kr_sym("a"), *one = kr_int(1);
	kr_term *e = KR_ETUPLE(x, a, one, x, one);
	bool tails[] = {false, false, false, false, true};
	for (int i = 0; i < 5; i++, e = kr_cdr(e))
		ck_assert_int_eq(kr_is_ground(e), tails[i]);
	ck_assert(kr_is_null(e) && kr_is_ground(e));
	e = KR_ETUPLE(a, one);
	ck_assert(kr_is_ground(kr_cdr(e)));
	ck_assert(kr_is_ground(kr_cons(one, e)));
	ck_assert(!kr_is_ground(kr_cons(x, e)));
	ck_assert(!kr_is_ground(kr_cons(one, KR_ETUPLE(a, x))));
	ck_assert(kr_is_ground(kr_cdr(KR_ETUPLE(x, a))));
}
END_TEST

START_TEST(lists_and_pairs)
{
	kr_term *l = KR_LIST(kr_int(1), kr_int(2), kr_int(3));
	ck_assert_int_eq(kr_list_length(l), 3);
	ck_assert_int_eq(kr_int_value(kr_car(kr_cdr(l))), 2);
	ck_assert_int_eq(kr_list_length(kr_cons(kr_int(0), kr_int(1))), -1);
	ck_assert_int_eq(kr_list_length(kr_nil()), 0);
	ck_assert_str_eq(t_str(kr_cons(kr_int(1), kr_int(2))), "(1 . 2)");
}
END_TEST

START_TEST(etuple_protocol)
{
	kr_term *f = kr_sym("f");
	kr_term *e = KR_ETUPLE(f, kr_int(1), kr_int(2));
	ck_assert_uint_eq(kr_etuple_len(e), 3);
	kr_term *d = kr_cdr(e);
	ck_assert_int_eq(kr_term_kind(d), KR_ETUPLE);
	ck_assert_uint_eq(kr_etuple_len(d), 2);
	/* cons(car(e), cdr(e)) is e itself: the cache survives. */
	kr_etuple_set_evaled(e, kr_sym("value"));
	ck_assert_ptr_eq(kr_cons(kr_car(e), kr_cdr(e)), e);
	ck_assert_ptr_eq(kr_etuple_evaled(kr_cons(kr_car(e), d)),
			 kr_sym("value"));
	/* an equal head made anew gives e back too, deeper as well
	 * (etuples: `(add, 1) + e0[-1:] is e0`) */
	kr_term *two = kr_int(2);
	ck_assert_ptr_eq(kr_cons(f, kr_cons(kr_int(1),
					     kr_cons(two, kr_cdr(kr_cdr(d))))),
			 e);
	kr_term *h = kr_cdr(KR_ETUPLE(f, KR_LIST(kr_str("s")), kr_int(3)));
	ck_assert_ptr_eq(kr_cons(KR_LIST(kr_str("s")), kr_cdr(h)), h);
	/* cons onto an etuple with another head is a new etuple. */
	kr_term *g = kr_cons(kr_sym("g"), d);
	ck_assert_int_eq(kr_term_kind(g), KR_ETUPLE);
	ck_assert_ptr_ne(g, e);
	ck_assert_ptr_null(kr_etuple_evaled(g));
	ck_assert_str_eq(t_str(g), "(g 1 2)");
	/* the empty tail */
	kr_term *last = kr_cdr(kr_cdr(d));
	ck_assert(kr_is_null(last));
	ck_assert(!kr_is_pair(last));
	ck_assert(kr_equal(last, kr_nil()));
}
END_TEST

START_TEST(equality_and_hash)
{
	kr_term *a = t_read("(f (1 2.5 \"s\") x)");
	kr_term *b = t_read("(f (1 2.5 \"s\") x)");
	ck_assert(kr_equal(a, b));
	ck_assert_uint_eq(kr_hash(a), kr_hash(b));
	ck_assert(!kr_equal(a, t_read("(f (1 2.5 \"t\") x)")));
	kr_term *e = KR_ETUPLE(kr_sym("f"), kr_int(1));
	kr_term *l = KR_LIST(kr_sym("f"), kr_int(1));
	ck_assert(kr_equal(e, l));
	ck_assert_uint_eq(kr_hash(e), kr_hash(l));
	ck_assert(!kr_equal(kr_int(1), kr_real(1.0)));
	kr_term *v = kr_var_new(NULL);
	ck_assert(kr_equal(v, v));
	ck_assert(!kr_equal(v, kr_var_new(NULL)));
	ck_assert(!kr_equal(t_read("(1 2)"), t_read("(1 2 3)")));
	ck_assert(!kr_equal(t_read("(1 . 2)"), t_read("(1 2)")));
}
END_TEST

static int cmp_ptr(const void *a, const void *b) { return a == b; }

START_TEST(foreign_atoms)
{
	static const kr_foreign_type ty = {.name = "thing"};
	int x = 0, y = 0;
	kr_term *a = kr_foreign(&ty, &x), *b = kr_foreign(&ty, &x);
	ck_assert(kr_equal(a, b));
	ck_assert(!kr_equal(a, kr_foreign(&ty, &y)));
	ck_assert(kr_is_foreign_of(a, &ty));
	ck_assert_ptr_eq(kr_foreign_ptr(a), &x);
	ck_assert(!kr_is_pair(a));
	ck_assert(strncmp(t_str(a), "#<thing ", 8) == 0);
	(void)cmp_ptr;
}
END_TEST

/* Every binding of a 20,000-entry substitution is found; old ones persist. */
START_TEST(subst_many)
{
	enum { N = 20000 };
	kr_term **vars = kr_alloc(N * sizeof *vars);
	const kr_subst *s = kr_subst_empty(), *half = NULL;
	for (int i = 0; i < N; i++) {
		vars[i] = kr_var_new(NULL);
		s = kr_subst_extend(s, vars[i], kr_int(i));
		if (i == N / 2)
			half = s;
	}
	ck_assert_uint_eq(kr_subst_size(s), N);
	for (int i = 0; i < N; i++)
		ck_assert_int_eq(kr_int_value(kr_subst_lookup(s, vars[i])), i);
	ck_assert_uint_eq(kr_subst_size(half), N / 2 + 1);
	ck_assert_ptr_null(kr_subst_lookup(half, vars[N - 1]));
	ck_assert_ptr_null(kr_subst_lookup(kr_subst_empty(), vars[0]));
	/* rebinding replaces without growing */
	const kr_subst *t = kr_subst_extend(s, vars[5], kr_sym("z"));
	ck_assert_uint_eq(kr_subst_size(t), N);
	ck_assert_ptr_eq(kr_subst_lookup(t, vars[5]), kr_sym("z"));
	ck_assert_int_eq(kr_int_value(kr_subst_lookup(s, vars[5])), 5);
}
END_TEST

static bool count_binding(kr_term *v, kr_term *t, void *data)
{
	(void)v, (void)t;
	++*(size_t *)data;
	return true;
}

START_TEST(subst_walk_and_foreach)
{
	kr_term *x = kr_var_new(NULL), *y = kr_var_new(NULL),
		*z = kr_var_new(NULL);
	const kr_subst *s = kr_subst_extend(kr_subst_empty(), x, y);
	s = kr_subst_extend(s, y, z);
	ck_assert_ptr_eq(kr_walk(x, s), z);
	s = kr_subst_extend(s, z, kr_int(7));
	ck_assert_int_eq(kr_int_value(kr_walk(x, s)), 7);
	ck_assert_ptr_eq(kr_walk(kr_sym("a"), s), kr_sym("a"));
	size_t n = 0;
	kr_subst_foreach(s, count_binding, &n);
	ck_assert_uint_eq(n, 3);
}
END_TEST

/* The collector's figures follow what is allocated. */
START_TEST(memory_stats)
{
	kr_memory_stats a, b;
	kr_memory_stats_get(&a);
	ck_assert_uint_gt(a.heap, 0);
	for (int i = 0; i < 64; i++)
		ck_assert_ptr_nonnull(kr_alloc(1 << 16));
	kr_memory_stats_get(&b);
	ck_assert_uint_ge(b.allocated - a.allocated, 64u << 16);
	ck_assert_uint_ge(b.collections, a.collections);
	ck_assert_uint_ge(b.heap, 1u << 16);
	/* 256 MiB of garbage: the collector runs, and its time is counted */
	for (int i = 0; i < 4096; i++)
		ck_assert_ptr_nonnull(kr_alloc(1 << 16));
	kr_memory_stats_get(&a);
	ck_assert_uint_gt(a.collections, b.collections);
#ifdef HAVE_GC_SET_ON_COLLECTION_EVENT
	ck_assert(a.gc_seconds > b.gc_seconds);
#endif
	ck_assert(a.gc_seconds >= b.gc_seconds && b.gc_seconds >= 0);
}
END_TEST

static void on_growth(size_t heap, void *data)
{
	size_t *seen = data;
	seen[0]++;
	seen[1] = heap;
}

/* The growth hook hears of every heap growth, with the new size. */
START_TEST(memory_growth_hook)
{
	size_t seen[2] = {0, 0};
	if (!kr_memory_on_growth(on_growth, seen))
		return; /* a collector without the hook: nothing to test */
	enum { N = 1024 };
	void **keep = kr_alloc(N * sizeof *keep);
	for (int i = 0; i < N; i++) /* 64 MiB kept alive */
		keep[i] = kr_alloc(1 << 16);
	kr_memory_stats st;
	kr_memory_stats_get(&st);
	ck_assert_uint_gt(seen[0], 0);
	ck_assert_uint_ge(seen[1], (size_t)N << 16);
	ck_assert_uint_eq(seen[1], st.heap);
	size_t calls = seen[0];
	ck_assert(kr_memory_on_growth(NULL, NULL));
	void **more = kr_alloc(N * sizeof *more);
	for (int i = 0; i < N; i++)
		more[i] = kr_alloc(1 << 16);
	ck_assert_uint_eq(seen[0], calls);
	ck_assert_ptr_nonnull(keep[N - 1]);
	ck_assert_ptr_nonnull(more[N - 1]);
}
END_TEST

/* Starts and ends seen by the collection hook, and whether they paired. */
typedef struct gc_events {
	size_t starts, ends;
	bool inside, nested;
} gc_events;

static void on_collection(bool start, void *data)
{
	gc_events *e = data;
	if (start) {
		e->nested |= e->inside;
		e->starts++;
	} else {
		e->nested |= !e->inside;
		e->ends++;
	}
	e->inside = start;
}

/* The collection hook hears each collection start and end, in pairs. */
START_TEST(memory_collection_hook)
{
	gc_events e = {0, 0, false, false};
	if (!kr_memory_on_collection(on_collection, &e))
		return; /* a collector without events: nothing to test */
	kr_memory_stats a, b;
	kr_memory_stats_get(&a);
	for (int i = 0; i < 1 << 16; i++) /* 64 MiB of garbage */
		ck_assert_ptr_nonnull(kr_alloc(1024));
	kr_memory_stats_get(&b);
	ck_assert(kr_memory_on_collection(NULL, NULL));
	ck_assert_uint_gt(b.collections, a.collections);
	ck_assert_uint_eq(e.starts, b.collections - a.collections);
	ck_assert_uint_eq(e.ends, e.starts);
	ck_assert(!e.inside && !e.nested);
	size_t seen = e.starts;
	for (int i = 0; i < 1 << 16; i++)
		ck_assert_ptr_nonnull(kr_alloc(1024));
	ck_assert_uint_eq(e.starts, seen);
}
END_TEST

/*
 * What the collector's warning procedure (installed by kr_init) writes to
 * standard error for msg, read back through a temporary file.
 */
static char *warning_output(const char *msg)
{
	static char buf[256];
	char text[256];
	snprintf(text, sizeof text, "%s", msg);
	FILE *tmp = tmpfile();
	ck_assert_ptr_nonnull(tmp);
	fflush(stderr);
	int saved = dup(STDERR_FILENO);
	ck_assert_int_ge(saved, 0);
	ck_assert_int_ge(dup2(fileno(tmp), STDERR_FILENO), 0);
	GC_get_warn_proc()(text, 12345);
	fflush(stderr);
	ck_assert_int_ge(dup2(saved, STDERR_FILENO), 0);
	close(saved);
	rewind(tmp);
	size_t n = fread(buf, 1, sizeof buf - 1, tmp);
	buf[n] = 0;
	fclose(tmp);
	return buf;
}

/*
 * The collector's advice about repeated large blocks, which big graphs
 * cause in the normal course, is dropped; its other warnings still show.
 */
START_TEST(collector_warnings)
{
	ck_assert_str_eq(warning_output("GC Warning: Repeated allocation of "
					"very large block (appr. size %ld):\n"
					"\tMay lead to memory leak and poor "
					"performance\n"),
			 "");
	ck_assert_ptr_nonnull(strstr(warning_output("GC Warning: Out of "
						    "Memory! Heap size: "
						    "%lu MiB.\n"),
				     "Out of Memory! Heap size: "));
}
END_TEST

/*
 * etuples' test_ExpressionTuple/test_etuple: evaluation calls the
 * operator on the evaluated arguments, caches, and refuses an empty
 * etuple or an operator that cannot be called.
 */
START_TEST(etuple_eval_callable)
{
	kr_term *add = t_add_callable(), *out;
	ck_assert(kr_is_callable(add));
	ck_assert(!kr_is_callable(kr_sym("add")));
	kr_term *inner = KR_ETUPLE(add, kr_int(1), kr_int(2));
	kr_term *e = KR_ETUPLE(add, inner, kr_int(3));
	t_add_calls = 0;
	ck_assert_int_eq(kr_etuple_eval(&out, e), 0);
	ck_assert_int_eq(kr_int_value(out), 6);
	ck_assert_int_eq(t_add_calls, 2);
	ck_assert_ptr_eq(kr_etuple_evaled(e), out);
	ck_assert_int_eq(kr_int_value(kr_etuple_evaled(inner)), 3);
	ck_assert_int_eq(kr_etuple_eval(&out, e), 0); /* cached */
	ck_assert_int_eq(t_add_calls, 2);
	/* not an etuple: itself; an operator is evaluated too (here to 1,
	 * which cannot be called) */
	ck_assert_int_eq(kr_etuple_eval(&out, kr_int(4)), 0);
	ck_assert(kr_equal(out, kr_int(4)));
	kr_term *opop = KR_ETUPLE(KR_ETUPLE(add, kr_int(1)), kr_int(2));
	ck_assert_int_eq(kr_etuple_eval(&out, opop), KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "(int)"));
	/* 200 deep, as etuples' test_reify_recursion_limit */
	kr_term *chain = kr_int(0);
	for (int i = 0; i < 200; i++)
		chain = KR_ETUPLE(add, chain, kr_int(1));
	ck_assert_int_eq(kr_etuple_eval(&out, chain), 0);
	ck_assert_int_eq(kr_int_value(out), 200);
	/* errors */
	ck_assert_int_eq(kr_etuple_eval(&out, kr_etuple(0, NULL)), KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "empty"));
	ck_assert_int_eq(kr_etuple_eval(&out, KR_ETUPLE(kr_sym("f"),
							kr_int(1))),
			 KR_EINVALID);
	ck_assert_ptr_nonnull(strstr(kr_error_last()->message, "symbol f"));
	ck_assert_int_eq(kr_etuple_eval(&out, KR_ETUPLE(add, kr_sym("x"))),
			 KR_EINVALID);
	ck_assert_str_eq(kr_error_last()->message, "add: not an integer");
	ck_assert_int_eq(kr_term_call(&out, add, 2,
				      (kr_term *[]){kr_int(2), kr_int(5)}), 0);
	ck_assert_int_eq(kr_int_value(out), 7);
	ck_assert_int_eq(kr_term_call(&out, kr_int(1), 0, NULL), KR_EINVALID);
}
END_TEST

Suite *term_suite(void)
{
	Suite *s = suite_create("term");
	TCase *tc = tcase_create("terms");
	tcase_add_test(tc, kinds_and_atoms);
	tcase_add_test(tc, ground_flags);
	tcase_add_test(tc, lists_and_pairs);
	tcase_add_test(tc, etuple_protocol);
	tcase_add_test(tc, equality_and_hash);
	tcase_add_test(tc, foreign_atoms);
	tcase_add_test(tc, etuple_eval_callable);
	tcase_add_test(tc, memory_stats);
	tcase_add_test(tc, memory_growth_hook);
	tcase_add_test(tc, memory_collection_hook);
	tcase_add_test(tc, collector_warnings);
	suite_add_tcase(s, tc);
	tc = tcase_create("subst");
	tcase_add_test(tc, subst_many);
	tcase_add_test(tc, subst_walk_and_foreach);
	suite_add_tcase(s, tc);
	return s;
}
