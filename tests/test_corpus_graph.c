/* test_corpus_graph.c -- corpus: PyTensor's KanrenRelationSub, unify, utils and db tests. */
/* See the LICENSE file for copying conditions. */
#include "suites.h"

Suite *corpus_graph_suite(void)
{
	Suite *s = suite_create("corpus_graph");
	TCase *tc = tcase_create("corpus_graph");
	suite_add_tcase(s, tc);
	return s;
}
