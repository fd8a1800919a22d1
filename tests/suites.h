/* suites.h -- the Check suites of kanrewrite, one per area. */
/* See the LICENSE file for copying conditions. */
#ifndef KR_TEST_SUITES_H
#define KR_TEST_SUITES_H

#include <check.h>
#include <kanrewrite.h>

Suite *term_suite(void);
Suite *unify_suite(void);
Suite *goal_suite(void);
Suite *relations_suite(void);
Suite *kanren_opts_suite(void);
Suite *graph_suite(void);
Suite *fgraph_suite(void);
Suite *print_suite(void);
Suite *read_suite(void);
Suite *rewrite_suite(void);
Suite *docs_suite(void);
Suite *features_suite(void);
Suite *gformat_suite(void);
Suite *eval_suite(void);
Suite *rewriters_suite(void);
Suite *merge_suite(void);
Suite *constraints_suite(void);
Suite *arith_suite(void);
Suite *corpus_unify_suite(void);
Suite *corpus_run_suite(void);
Suite *corpus_terms_suite(void);
Suite *db_suite(void);
Suite *mkprog_suite(void);
Suite *traversal_suite(void);
Suite *corpus_rewrite_suite(void);
Suite *corpus_graph_suite(void);
Suite *corpus_fgraph_suite(void);
Suite *destroy_suite(void);
Suite *corpus_peers_suite(void);
Suite *corpus_peers_terms_suite(void);
Suite *contracts_suite(void);

/* Parse a term from text for tests; aborts the test on a syntax error. */
kr_term *t_read(const char *text);
/* Print a term to a collected string. */
const char *t_str(const kr_term *t);

/* The printed list of the first n answers of g for q (all when n < 0). */
const char *t_run_str(long n, kr_term *q, kr_goal *g);

/* Is t an etuple? */
bool t_is_etuple(const kr_term *t);

/* kanren's `eq` as a binary relation value. */
const kr_rel *t_eqo(void);
/*
 * A callable foreign atom (kr_foreign_type.call) adding its integer
 * arguments; KR_EINVALID for any other argument. Counts its calls in
 * t_add_calls.
 */
kr_term *t_add_callable(void);
extern int t_add_calls;
/*
 * The infer hook of PyTensor's test MyOp on float64 scalars: one float64
 * scalar output; an input of another type is "OP: Error 1" (KR_EINVALID).
 */
int t_my_infer(const kr_type **out, const kr_op *op, size_t nin,
	       const kr_type *const *in);
/*
 * The message misuse() writes to standard error when it aborts (a
 * kr_check or relation misuse), run in a child process so that the test
 * goes on; "" when it does not abort.
 */
const char *t_abort_message(void (*misuse)(void));
/*
 * Check that two graphs with the same inputs compute the same outputs
 * (relative 1e-12) on three sets of random inputs in [0.5, 2].
 */
void t_same_values(const kr_fgraph *before, const kr_fgraph *after);
/*
 * A FunctionGraph of these inputs and outputs (kr_fgraph_new), failing
 * the test with the library's message when it cannot be made.
 */
kr_fgraph *t_fgraph(size_t nin, kr_variable *const *in, size_t nout,
		    kr_variable *const *out, bool clone);
/*
 * Rewrite fg with rw, check the graph's integrity and that it computes
 * what it computed before (t_same_values). Returns rw's code.
 */
int t_rewrite_checked(kr_graph_rewriter *rw, kr_fgraph *fg, kr_profile **prof);

#endif
