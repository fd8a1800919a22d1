## tests: one Check runner over every layer's suite, the command's
## transcript tests, and a compile test of each public header on its own.
if HAVE_CHECK
check_PROGRAMS += tests/check_kanrewrite
TESTS += tests/check_kanrewrite
endif
TESTS += tests/headers.sh tests/cli.sh tests/graphs.sh tests/repl.sh tests/merge_graphs.sh tests/show.sh \
	tests/optdb.sh
EXTRA_DIST += tests/headers.sh tests/cli.sh tests/graphs.sh tests/repl.sh \
	tests/merge_graphs.sh tests/optdb.sh tests/show.sh \
	tests/data tests/repl tests/fuzz
AM_TESTS_ENVIRONMENT = top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	CC='$(CC)' DOT='$(DOT)' SHARED_DIR='$(abs_top_srcdir)/../shared' \
	CK_DEFAULT_TIMEOUT=120; \
	export top_srcdir top_builddir CC DOT SHARED_DIR CK_DEFAULT_TIMEOUT;

tests_check_kanrewrite_SOURCES = tests/check_kanrewrite.c tests/suites.h \
	tests/test_term.c tests/test_unify.c tests/test_goal.c \
	tests/test_relations.c tests/test_kanren_opts.c \
	tests/test_graph.c tests/test_fgraph.c \
	tests/test_print.c tests/test_read.c tests/test_rewrite.c \
	tests/test_docs.c tests/test_features.c tests/test_gformat.c \
	tests/test_eval.c tests/test_rewriters.c tests/test_merge.c \
	tests/test_constraints.c tests/test_arith.c tests/test_corpus_unify.c \
	tests/test_corpus_run.c tests/test_corpus_terms.c tests/test_db.c \
	tests/test_mkprog.c tests/test_traversal.c tests/test_corpus_rewrite.c \
	tests/test_corpus_graph.c tests/test_corpus_fgraph.c \
	tests/test_destroy.c tests/test_corpus_peers.c \
	tests/test_corpus_peers_terms.c tests/test_contracts.c \
	bench/mk_programs.c bench/mk_programs.h
tests_check_kanrewrite_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(BDW_GC_CFLAGS)
tests_check_kanrewrite_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/bench
tests_check_kanrewrite_LDADD = libkanrewrite.la $(CHECK_LIBS) $(BDW_GC_LIBS)
