/* test_corpus_fgraph.c -- corpus: PyTensor's FunctionGraph, features and graph-utility tests. */
/* See the LICENSE file for copying conditions. */
#include "suites.h"

Suite *corpus_fgraph_suite(void)
{
	Suite *s = suite_create("corpus_fgraph");
	TCase *tc = tcase_create("corpus_fgraph");
	suite_add_tcase(s, tc);
	return s;
}
