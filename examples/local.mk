## examples: small programs using <kanrewrite.h> only, built by make check.
check_PROGRAMS += examples/dot_distribute
TESTS += examples/dot_distribute
examples_dot_distribute_SOURCES = examples/dot_distribute.c
examples_dot_distribute_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -I$(top_srcdir)/include
examples_dot_distribute_LDADD = libkanrewrite.la
