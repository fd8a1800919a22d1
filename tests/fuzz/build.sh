#!/bin/sh
# build.sh [OUTDIR] -- build the libFuzzer targets: fuzz_repl (the REPL's
# reader and evaluator: the library sources, the language of src/cli/
# without the command's main and REPL loop, and tests/fuzz/fuzz_repl.c)
# and fuzz_gformat (the graph text format readers, tests/fuzz/
# fuzz_gformat.c), all compiled with clang -fsanitize=fuzzer,address,
# undefined. Then run, e.g.:
#   OUTDIR/fuzz_repl -max_total_time=1900 -timeout=10 -rss_limit_mb=4096 \
#     -dict=tests/fuzz/repl.dict OUTDIR/corpus tests/fuzz/corpus
#   OUTDIR/fuzz_gformat -max_total_time=600 -timeout=10 OUTDIR/gcorpus \
#     ../shared/graphs
# (new inputs go to the first corpus directory). Merge the findings into
# the kept corpus with `fuzz_repl -merge=1 tests/fuzz/corpus OUTDIR/corpus`.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
out=${1:-/tmp/kanrewrite-fuzz}
CC=${CC:-clang}
mkdir -p "$out/obj" "$out/corpus"
# The library needs only the standard headers from config.h.
cat > "$out/config.h" <<'H'
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define PACKAGE_VERSION "fuzz"
#define VERSION "fuzz"
H
flags="-g -O1 -std=c11 -fsanitize=fuzzer-no-link,address,undefined \
 -fno-sanitize-recover=undefined -D_POSIX_C_SOURCE=200809L \
 -DKR_PKGDATADIR=\"/nonexistent\" -I$out -I$src/include -I$src/src -I$src/src/cli \
 $(pkg-config --cflags bdw-gc)"
# The newest header: every object older than it is rebuilt.
newest_h=$(ls -t "$src"/include/*.h "$src"/include/kanrewrite/*.h \
	"$src"/src/*/*.h "$src"/relations/*.h | head -n 1)
objs= cliobjs=
for f in "$src"/src/*.c "$src"/src/core/*.c "$src"/src/term/*.c \
	 "$src"/src/goal/*.c "$src"/src/graph/*.c "$src"/src/rewrite/*.c \
	 "$src"/src/db/*.c "$src"/src/io/*.c "$src"/relations/*.c \
	 "$src"/src/cli/*.c "$here/fuzz_repl.c" "$here/fuzz_gformat.c"; do
	case $(basename "$f") in
	main.c|repl.c|cmd_*.c) continue;;
	esac
	o="$out/obj/$(echo "$f" | sed "s|^$src/||; s|/|_|g; s|\.c$|.o|")"
	if [ ! -f "$o" ] || [ "$f" -nt "$o" ] || [ "$newest_h" -nt "$o" ]; then
		$CC $flags -c "$f" -o "$o"
	fi
	case $f in
	*/fuzz_*.c) ;;
	*/src/cli/*) cliobjs="$cliobjs $o";;
	*) objs="$objs $o";;
	esac
done
# fuzz_repl has the language too; fuzz_gformat only the library.
link() {
	$CC -fsanitize=fuzzer,address,undefined "$@" \
		$(pkg-config --libs bdw-gc) -lm
}
link $objs $cliobjs "$out/obj/tests_fuzz_fuzz_repl.o" -o "$out/fuzz_repl"
link $objs "$out/obj/tests_fuzz_fuzz_gformat.o" -o "$out/fuzz_gformat"
echo "built $out/fuzz_repl $out/fuzz_gformat"
