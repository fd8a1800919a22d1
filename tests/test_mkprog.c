/* test_mkprog.c -- the benchmark programs give faster-miniKanren's answers. */
/* See the LICENSE file for copying conditions. */
#include <string.h>

#include "mk_programs.h"
#include "suites.h"

/*
 * Every program of bench/mk_programs.c runs at the check size of
 * ../shared/bench/minikanren/expected/ and must give exactly the answers
 * listed there, in the same order (faster-miniKanren's order: for the
 * `run n` programs the order is what is tested), and the same digest as
 * the sorted expected answers.
 */

typedef struct expect {
	const char *name;
	const char *answers; /* one per line */
} expect;

static const expect expected[] = {
	{"appendo-backward",
	 "(1 2 3)\n"},
	{"appendo-generate",
	 "(() _.0 _.0)\n"
	 "((_.0) _.1 (_.0 . _.1))\n"
	 "((_.0 _.1) _.2 (_.0 _.1 . _.2))\n"
	 "((_.0 _.1 _.2) _.3 (_.0 _.1 _.2 . _.3))\n"
	 "((_.0 _.1 _.2 _.3) _.4 (_.0 _.1 _.2 _.3 . _.4))\n"
	 "((_.0 _.1 _.2 _.3 _.4) _.5 (_.0 _.1 _.2 _.3 _.4 . _.5))\n"},
	{"appendo-splits",
	 "(() (1 2 3 4 5 6))\n"
	 "((1) (2 3 4 5 6))\n"
	 "((1 2) (3 4 5 6))\n"
	 "((1 2 3) (4 5 6))\n"
	 "((1 2 3 4) (5 6))\n"
	 "((1 2 3 4 5) (6))\n"
	 "((1 2 3 4 5 6) ())\n"},
	{"dist-nary-backward",
	 "(dot (x 0) (add (x 1) (x 2) (x 3) (x 4)))\n"},
	{"dist-nary-forward",
	 "(add (dot (x 0) (x 1)) (dot (x 0) (x 2)) (dot (x 0) (x 3)) (dot (x 0) (x 4)))\n"},
	{"dist-tree-backward",
	 "(dot (x 0) (add (x 1) (add (x 2) (add (x 3) (x 4)))))\n"},
	{"dist-tree-forward",
	 "(add (dot (x 0) (x 1)) (add (dot (x 0) (x 2)) (add (dot (x 0) (x 3)) (dot (x 0) (x 4)))))\n"},
	{"divide",
	 "((1) ())\n"},
	{"factor",
	 "((1) (0 0 0 1 1))\n"
	 "((0 0 0 1 1) (1))\n"
	 "((0 1) (0 0 1 1))\n"
	 "((0 0 1) (0 1 1))\n"
	 "((0 0 0 1) (1 1))\n"
	 "((1 1) (0 0 0 1))\n"
	 "((0 1 1) (0 0 1))\n"
	 "((0 0 1 1) (0 1))\n"},
	{"logo",
	 "(() (_.0 . _.1) (0 1 1 1))\n"
	 "((0 1 1 1) (1) ())\n"
	 "((0 1 1 1) () (1 0 1 1))\n"
	 "((1 0 1 1) (1) (1))\n"
	 "((_.0 _.1 _.2 _.3 _.4 . _.5) () (1 0 1 1))\n"
	 "((1) (_.0 . _.1) (1 0 1 1))\n"
	 "((0 0 1 1) (1) (0 1))\n"
	 "((1 1 1 1) () (1 0 1 1))\n"
	 "((1 1 0 1) (1) (1 1))\n"
	 "((0 0 0 1) (1) (0 1 1))\n"
	 "((0 1 0 1) (1) (0 0 1))\n"
	 "((1 0 0 1) (1) (1 0 1))\n"
	 "((0 1) (1 1) (0 1 1))\n"
	 "((0 0 1) (1) (0 1 0 1))\n"
	 "((1 1) (0 1) (1 0 1))\n"
	 "((1 0 1) (1) (1 0 0 1))\n"
	 "((0 1 1) (1) (0 0 0 1))\n"
	 "((1 1 1) (1) (1 1 1))\n"},
	{"membero-all",
	 "1\n"
	 "2\n"
	 "3\n"
	 "4\n"
	 "5\n"
	 "6\n"},
	{"membero-intersect",
	 "4\n"
	 "5\n"
	 "6\n"},
	{"mul-forward",
	 "(1 0 0 1 0 1 0 1)\n"},
	{"pluso-backward",
	 "((0 0 0 1) ())\n"
	 "(() (0 0 0 1))\n"
	 "((1) (1 1 1))\n"
	 "((1 1 1) (1))\n"
	 "((0 1) (0 1 1))\n"
	 "((1 1) (1 0 1))\n"
	 "((0 0 1) (0 0 1))\n"
	 "((0 1 1) (0 1))\n"
	 "((1 0 1) (1 1))\n"},
	{"reverso-backward",
	 "(6 5 4 3 2 1)\n"},
	{"reverso-forward",
	 "(6 5 4 3 2 1)\n"},
	{"rewrite-1step-backward",
	 "(add (dot (add (x 5) (x 6)) (add (x 7) (x 8))) (dot (add (x 1) (x 2)) (add (x 3) (x 4))))\n"
	 "(add (dot (add (x 3) (x 4)) (add (x 1) (x 2))) (dot (add (x 5) (x 6)) (add (x 7) (x 8))))\n"
	 "(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) (dot (add (x 7) (x 8)) (add (x 5) (x 6))))\n"
	 "(add (dot (add (x 2) (x 1)) (add (x 3) (x 4))) (dot (add (x 5) (x 6)) (add (x 7) (x 8))))\n"
	 "(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) (dot (add (x 6) (x 5)) (add (x 7) (x 8))))\n"
	 "(add (dot (add (x 1) (x 2)) (add (x 4) (x 3))) (dot (add (x 5) (x 6)) (add (x 7) (x 8))))\n"
	 "(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) (dot (add (x 5) (x 6)) (add (x 8) (x 7))))\n"},
	{"rewrite-1step",
	 "(add (dot (add (x 5) (x 6)) (add (x 7) (x 8))) (dot (add (x 1) (x 2)) (add (x 3) (x 4))))\n"
	 "(add (dot (add (x 3) (x 4)) (add (x 1) (x 2))) (dot (add (x 5) (x 6)) (add (x 7) (x 8))))\n"
	 "(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) (dot (add (x 7) (x 8)) (add (x 5) (x 6))))\n"
	 "(add (add (dot (add (x 1) (x 2)) (x 3)) (dot (add (x 1) (x 2)) (x 4))) (dot (add (x 5) (x 6)) (add (x 7) (x 8))))\n"
	 "(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) (add (dot (add (x 5) (x 6)) (x 7)) (dot (add (x 5) (x 6)) (x 8))))\n"
	 "(add (dot (add (x 2) (x 1)) (add (x 3) (x 4))) (dot (add (x 5) (x 6)) (add (x 7) (x 8))))\n"
	 "(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) (dot (add (x 6) (x 5)) (add (x 7) (x 8))))\n"
	 "(add (dot (add (x 1) (x 2)) (add (x 4) (x 3))) (dot (add (x 5) (x 6)) (add (x 7) (x 8))))\n"
	 "(add (dot (add (x 1) (x 2)) (add (x 3) (x 4))) (dot (add (x 5) (x 6)) (add (x 8) (x 7))))\n"},
	{"rewrite-2step",
	 "(dot (add (x 1) (x 2)) (add (x 3) (x 4)))\n"
	 "(add (dot (add (x 3) (x 4)) (x 1)) (dot (add (x 3) (x 4)) (x 2)))\n"
	 "(add (dot (add (x 1) (x 2)) (x 4)) (dot (add (x 1) (x 2)) (x 3)))\n"
	 "(dot (add (x 4) (x 3)) (add (x 1) (x 2)))\n"
	 "(dot (add (x 3) (x 4)) (add (x 2) (x 1)))\n"
	 "(add (dot (x 3) (add (x 1) (x 2))) (dot (add (x 1) (x 2)) (x 4)))\n"
	 "(add (dot (add (x 1) (x 2)) (x 3)) (dot (x 4) (add (x 1) (x 2))))\n"
	 "(dot (add (x 3) (x 4)) (add (x 2) (x 1)))\n"
	 "(add (dot (add (x 2) (x 1)) (x 3)) (dot (add (x 2) (x 1)) (x 4)))\n"
	 "(dot (add (x 4) (x 3)) (add (x 1) (x 2)))\n"
	 "(add (dot (add (x 2) (x 1)) (x 3)) (dot (add (x 1) (x 2)) (x 4)))\n"
	 "(add (dot (add (x 1) (x 2)) (x 3)) (dot (add (x 2) (x 1)) (x 4)))\n"
	 "(dot (add (x 1) (x 2)) (add (x 3) (x 4)))\n"
	 "(dot (add (x 2) (x 1)) (add (x 4) (x 3)))\n"
	 "(add (dot (add (x 1) (x 2)) (x 4)) (dot (add (x 1) (x 2)) (x 3)))\n"
	 "(dot (add (x 2) (x 1)) (add (x 4) (x 3)))\n"
	 "(dot (add (x 1) (x 2)) (add (x 3) (x 4)))\n"},
	{"zebra",
	 "((norwegian kools _.0 fox yellow) (ukrainian chesterfields tea horse blue) (englishman oldgolds milk snails red) (spaniard lucky-strikes oj dog ivory) (japanese parliaments coffee _.1 green))\n"},
};

/* Join answers, each followed by a newline. */
static char *joined(char **answers, size_t n)
{
	size_t len = 1;
	for (size_t i = 0; i < n; i++)
		len += strlen(answers[i]) + 1;
	char *s = kr_alloc(len), *p = s;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(answers[i]);
		memcpy(p, answers[i], k);
		p[k] = '\n';
		p += k + 1;
	}
	*p = '\0';
	return s;
}

/* Split the expected text into its lines. */
static char **lines_of(const char *text, size_t *n)
{
	size_t cnt = 0;
	for (const char *p = text; *p; p++)
		cnt += *p == '\n';
	char **v = kr_alloc((cnt ? cnt : 1) * sizeof *v);
	const char *p = text;
	for (size_t i = 0; i < cnt; i++) {
		const char *e = strchr(p, '\n');
		char *l = kr_alloc((size_t)(e - p) + 1);
		memcpy(l, p, (size_t)(e - p));
		v[i] = l;
		p = e + 1;
	}
	*n = cnt;
	return v;
}

START_TEST(test_check_size)
{
	const expect *e = &expected[_i];
	const mk_program *p = mk_program_find(e->name);
	ck_assert_msg(p != NULL, "no program %s", e->name);
	mk_query q = p->build(p->check_size);
	char **answers;
	size_t n = mk_run(&q, &answers);
	ck_assert_str_eq(joined(answers, n), e->answers);
	size_t m;
	char **want = lines_of(e->answers, &m);
	ck_assert_uint_eq(n, m);
	ck_assert_uint_eq(mk_digest(answers, n), mk_digest(want, m));
}
END_TEST

/* Cheap programs at their benchmark size: the anchors' answer digests. */
static const struct {
	const char *name;
	size_t answers;
	uint32_t digest;
} anchors[] = {
	{"appendo-backward", 1, 184129032u},
	{"appendo-generate", 400, 1901280480u},
	{"membero-all", 10000, 590481872u},
	{"zebra", 1, 887651975u},
	{"dist-nary-forward", 1, 4241812853u},
	{"dist-nary-backward", 1, 777843880u},
	{"dist-tree-forward", 1, 4056416163u},
	{"dist-tree-backward", 1, 2276545004u},
	{"divide", 1, 957360430u},
};

START_TEST(test_table_size)
{
	const mk_program *p = mk_program_find(anchors[_i].name);
	ck_assert_ptr_nonnull(p);
	mk_query q = p->build(p->size_is_reps ? 1 : p->size);
	char **answers;
	size_t n = mk_run(&q, &answers);
	ck_assert_uint_eq(n, anchors[_i].answers);
	ck_assert_uint_eq(mk_digest(answers, n), anchors[_i].digest);
}
END_TEST

START_TEST(test_digest)
{
	/* FNV-1a 32 over sorted lines: order does not matter */
	char sa[] = "a", sb[] = "b";
	char *a[] = {sb, sa}, *b[] = {sa, sb};
	ck_assert_uint_eq(mk_digest(a, 2), mk_digest(b, 2));
	ck_assert_uint_eq(mk_digest(NULL, 0), 2166136261u);
	char *one[] = {sa};
	/* ((2166136261 ^ 'a') * p ^ '\n') * p, mod 2^32 */
	uint32_t h = (2166136261u ^ 'a') * 16777619u;
	h = (h ^ '\n') * 16777619u;
	ck_assert_uint_eq(mk_digest(one, 1), h);
	ck_assert_uint_eq(mk_programs_count, 20);
	ck_assert_ptr_null(mk_program_find("nope"));
}
END_TEST

Suite *mkprog_suite(void)
{
	Suite *s = suite_create("mkprog");
	TCase *tc = tcase_create("check_size");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_check_size, 0,
			    (int)(sizeof expected / sizeof *expected));
	suite_add_tcase(s, tc);
	tc = tcase_create("table_size");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_table_size, 0,
			    (int)(sizeof anchors / sizeof *anchors));
	suite_add_tcase(s, tc);
	tc = tcase_create("digest");
	tcase_add_test(tc, test_digest);
	suite_add_tcase(s, tc);
	return s;
}
