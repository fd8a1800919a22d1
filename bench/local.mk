## bench: benchmark programs (make bench), never timed unit tests.
EXTRA_PROGRAMS = bench/bench_skeleton
bench_bench_skeleton_SOURCES = bench/bench_skeleton.c bench/bench.h
bench_bench_skeleton_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -I$(top_srcdir)/include
bench_bench_skeleton_LDADD = libkanrewrite.la
CLEANFILES += $(EXTRA_PROGRAMS)

bench: $(EXTRA_PROGRAMS)
	./bench/bench_skeleton
.PHONY: bench
