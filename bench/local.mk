## bench: benchmark programs (make bench), never timed unit tests.
## Each prints a table of median seconds; BENCH_RUNS=N sets the runs.
BENCHES = bench/bench_skeleton bench/bench_graph bench/bench_rewrite \
	bench/bench_mk bench/bench_optdb
EXTRA_PROGRAMS = $(BENCHES)
EXTRA_DIST += bench/optdb_graphs.sh bench/peers/fmk.sh bench/peers/fmk.ss \
	bench/peers/compare-mk.sh
BENCH_CPPFLAGS = -D_DEFAULT_SOURCE -I$(top_srcdir)/include
bench_bench_skeleton_SOURCES = bench/bench_skeleton.c bench/bench.h
bench_bench_graph_SOURCES = bench/bench_graph.c bench/bench.h
bench_bench_rewrite_SOURCES = bench/bench_rewrite.c bench/bench.h
bench_bench_mk_SOURCES = bench/bench_mk.c bench/bench.h bench/mk_programs.c \
	bench/mk_programs.h
bench_bench_optdb_SOURCES = bench/bench_optdb.c bench/bench.h
bench_bench_skeleton_CPPFLAGS = $(BENCH_CPPFLAGS)
bench_bench_graph_CPPFLAGS = $(BENCH_CPPFLAGS)
bench_bench_rewrite_CPPFLAGS = $(BENCH_CPPFLAGS)
bench_bench_mk_CPPFLAGS = $(BENCH_CPPFLAGS)
bench_bench_optdb_CPPFLAGS = $(BENCH_CPPFLAGS)
CLEANFILES += $(EXTRA_PROGRAMS)

bench: $(BENCHES)
	@for b in $(BENCHES); do echo "== $$b"; ./$$b || exit 1; done
.PHONY: bench
