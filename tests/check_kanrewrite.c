/* check_kanrewrite.c -- the single Check runner for every suite. */
/* See the LICENSE file for copying conditions. */
/*
 * Debugging recipe: CK_FORK=no gdb tests/.libs/check_kanrewrite, and
 * CK_RUN_SUITE=unify (or CK_RUN_CASE=...) to run one suite or case.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

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

const char *t_run_str(long n, kr_term *q, kr_goal *g)
{
	return t_str(kr_run(n, q, g));
}

bool t_is_etuple(const kr_term *t) { return kr_term_kind(t) == KR_ETUPLE; }

static kr_goal *eqo_body(kr_term *const *a, void *env)
{
	(void)env;
	return kr_eq(a[0], a[1]);
}

const kr_rel *t_eqo(void)
{
	static kr_rel *r;
	if (!r)
		r = kr_rel_new("eq", 2, eqo_body, NULL);
	return r;
}

int t_add_calls;

static int add_call(const void *p, size_t n, kr_term *const *args,
		    kr_term **out)
{
	(void)p;
	int64_t sum = 0;
	t_add_calls++;
	for (size_t i = 0; i < n; i++) {
		if (kr_term_kind(args[i]) != KR_INT)
			return kr_error_set(KR_EINVALID, "add: not an integer");
		sum += kr_int_value(args[i]);
	}
	*out = kr_int(sum);
	return 0;
}

kr_term *t_add_callable(void)
{
	static const kr_foreign_type add_type = {.name = "add",
						 .call = add_call};
	static int tag;
	return kr_foreign(&add_type, &tag);
}

kr_fgraph *t_fgraph(size_t nin, kr_variable *const *in, size_t nout,
		    kr_variable *const *out, bool clone)
{
	kr_fgraph *fg = NULL;
	int rc = kr_fgraph_new(&fg, nin, in, nout, out, clone);
	ck_assert_msg(rc == 0, "kr_fgraph_new: %s", kr_error_last()->message);
	return fg;
}

const char *t_abort_message(void (*misuse)(void))
{
	static char buf[256];
	int fd[2];
	ck_assert_int_eq(pipe(fd), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		dup2(fd[1], 2);
		misuse();
		_exit(0);
	}
	close(fd[1]);
	ssize_t len = read(fd[0], buf, sizeof buf - 1);
	close(fd[0]);
	int st;
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	buf[len > 0 ? len : 0] = '\0';
	return WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT ? buf : "";
}

int t_my_infer(const kr_type **out, const kr_op *op, size_t nin,
	       const kr_type *const *in)
{
	for (size_t i = 0; i < nin; i++)
		if (!kr_type_equal(in[i], kr_type_scalar(KR_FLOAT64)))
			return kr_error_set(KR_EINVALID, "%s: Error 1",
					    kr_op_name(op));
	*out = kr_type_scalar(KR_FLOAT64);
	return 0;
}

void t_same_values(const kr_fgraph *before, const kr_fgraph *after)
{
	uint64_t seed = 12345;
	size_t n = kr_fgraph_ninputs(after), m = kr_fgraph_noutputs(after);
	ck_assert_uint_eq(kr_fgraph_ninputs(before), n);
	ck_assert_uint_eq(kr_fgraph_noutputs(before), m);
	for (int trial = 0; trial < 3; trial++) {
		const kr_value **vals = kr_alloc((n + 1) * sizeof *vals);
		for (size_t i = 0; i < n; i++)
			vals[i] = kr_value_random(
				kr_variable_type(kr_fgraph_input(after, i)), 3,
				0.5, 2.0, &seed);
		kr_value **a = kr_alloc((m + 1) * sizeof *a);
		kr_value **b = kr_alloc((m + 1) * sizeof *b);
		ck_assert_int_eq(kr_fgraph_eval(a, before, vals), 0);
		ck_assert_int_eq(kr_fgraph_eval(b, after, vals), 0);
		for (size_t i = 0; i < m; i++)
			ck_assert_msg(kr_value_allclose(a[i], b[i], 1e-12, 0),
				      "output %zu: %s != %s", i,
				      kr_value_to_string(a[i]),
				      kr_value_to_string(b[i]));
	}
}

int t_rewrite_checked(kr_graph_rewriter *rw, kr_fgraph *fg, kr_profile **prof)
{
	kr_fgraph *before;
	ck_assert_int_eq(kr_fgraph_clone(&before, fg), 0);
	int rc = kr_graph_rewriter_rewrite(rw, fg, prof);
	ck_assert_int_eq(kr_fgraph_check_integrity(fg), 0);
	t_same_values(before, fg);
	return rc;
}

int main(void)
{
	kr_init();
	SRunner *sr = srunner_create(term_suite());
	srunner_add_suite(sr, unify_suite());
	srunner_add_suite(sr, goal_suite());
	srunner_add_suite(sr, relations_suite());
	srunner_add_suite(sr, kanren_opts_suite());
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
	srunner_add_suite(sr, destroy_suite());
	srunner_add_suite(sr, corpus_peers_suite());
	srunner_add_suite(sr, corpus_peers_terms_suite());
	srunner_add_suite(sr, contracts_suite());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
