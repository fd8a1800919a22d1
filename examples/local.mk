## examples: small programs using <kanrewrite.h> only, built and run by
## make check (each exits non-zero if its output is not the documents').
EXAMPLES = examples/dot_distribute examples/simplify examples/local_simplify \
	examples/node_rewriters examples/merge
check_PROGRAMS += $(EXAMPLES)
TESTS += $(EXAMPLES)
examples_dot_distribute_SOURCES = examples/dot_distribute.c
examples_simplify_SOURCES = examples/simplify.c
examples_local_simplify_SOURCES = examples/local_simplify.c
examples_node_rewriters_SOURCES = examples/node_rewriters.c
examples_merge_SOURCES = examples/merge.c
EXAMPLE_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -I$(top_srcdir)/include
examples_dot_distribute_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_simplify_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_local_simplify_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_node_rewriters_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_merge_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
LDADD = libkanrewrite.la
