/* check_kanrewrite.c -- the single Check runner for every suite. */
/* See the LICENSE file for copying conditions. */
/*
 * Debugging recipe: CK_FORK=no gdb tests/.libs/check_kanrewrite, and
 * CK_RUN_SUITE=unify (or CK_RUN_CASE=...) to run one suite or case.
 */
#include <stdlib.h>

#include "suites.h"

kr_term *t_read(const char *text)
{
	kr_term *t = NULL;
	int rc = kr_read_term(&t, text, "<test>");
	ck_assert_msg(rc == 0, "cannot read %s: %s", text,
		      kr_error_last()->message);
	return t;
}

const char *t_str(const kr_term *t) { return kr_term_to_string(t); }

int main(void)
{
	kr_init();
	SRunner *sr = srunner_create(term_suite());
	srunner_add_suite(sr, unify_suite());
	srunner_add_suite(sr, goal_suite());
	srunner_add_suite(sr, relations_suite());
	srunner_add_suite(sr, graph_suite());
	srunner_add_suite(sr, fgraph_suite());
	srunner_add_suite(sr, print_suite());
	srunner_add_suite(sr, read_suite());
	srunner_add_suite(sr, rewrite_suite());
	srunner_add_suite(sr, docs_suite());
	srunner_add_suite(sr, features_suite());
	srunner_add_suite(sr, gformat_suite());
	srunner_add_suite(sr, eval_suite());
	srunner_add_suite(sr, rewriters_suite());
	srunner_add_suite(sr, merge_suite());
	srunner_add_suite(sr, constraints_suite());
	srunner_add_suite(sr, arith_suite());
	srunner_add_suite(sr, corpus_unify_suite());
	srunner_add_suite(sr, corpus_run_suite());
	srunner_add_suite(sr, corpus_terms_suite());
	srunner_add_suite(sr, db_suite());
	srunner_add_suite(sr, mkprog_suite());
	srunner_add_suite(sr, traversal_suite());
	srunner_add_suite(sr, corpus_rewrite_suite());
	srunner_add_suite(sr, corpus_graph_suite());
	srunner_add_suite(sr, corpus_fgraph_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
