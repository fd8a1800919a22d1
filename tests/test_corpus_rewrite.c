/* test_corpus_rewrite.c -- corpus: PyTensor's rewriter tests (tests/graph/rewriting/test_basic.py). */
/* See the LICENSE file for copying conditions. */
#include "suites.h"

Suite *corpus_rewrite_suite(void)
{
	Suite *s = suite_create("corpus_rewrite");
	TCase *tc = tcase_create("corpus_rewrite");
	suite_add_tcase(s, tc);
	return s;
}
