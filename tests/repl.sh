#!/bin/sh
# repl.sh -- transcript tests of the kanrewrite language and REPL.
# Each tests/repl/NN-name.scm is fed to `kanrewrite` on standard input (a
# non-interactive session: values printed, errors reported and the session
# goes on) and its output (stdout and stderr) is diffed with NN-name.out.
# Transcripts named NN-shared-*.scm need the shared folder ($SHARED_DIR)
# and are skipped without it. Then: scripts, -e, exit statuses, a Graphviz
# rendering, and a real terminal session driven through tmux when
# installed. The last line is "N passed, N failed".
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
kr=$(cd "$top_builddir" && pwd)/kanrewrite
dir=$(cd "$top_srcdir/tests/repl" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 skip=0
shared_ok=no
if [ -n "${SHARED_DIR:-}" ] && [ -f "$SHARED_DIR/bench/minikanren/programs.ss" ]; then
	shared_ok=yes
fi
export SHARED_DIR="${SHARED_DIR:-}"

ok() { echo "ok: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }

for scm in "$dir"/[0-9][0-9]-*.scm; do
	name=$(basename "$scm" .scm)
	case $name in *-shared-*)
		if [ $shared_ok = no ]; then
			echo "skip: $name (no SHARED_DIR)"; skip=$((skip + 1)); continue
		fi;;
	esac
	(cd "$dir" && "$kr" < "$scm" > "$tmp/out" 2>&1)
	if diff -u "$dir/$name.out" "$tmp/out" > "$tmp/diff"; then
		ok "$name"
	else
		bad "$name"; head -40 "$tmp/diff"
	fi
done

# Scripts: the first error ends them with FILE:LINE:COL and status 1.
printf '(define x 1)\n(display "before")\n(newline)\n  (car x)\n(display "after")\n' > "$tmp/bad.scm"
"$kr" "$tmp/bad.scm" > "$tmp/out" 2> "$tmp/err"; st=$?
if [ $st -eq 1 ] && [ "$(cat "$tmp/out")" = before ] &&
   [ "$(cat "$tmp/err")" = "kanrewrite: $tmp/bad.scm:4:3: car: not a pair: 1" ]; then
	ok "script error names file, line and column"
else
	bad "script error: status $st"; cat "$tmp/out" "$tmp/err"
fi
printf '(defrel (f x)\n  (== x 1)\n' > "$tmp/open.scm"
"$kr" "$tmp/open.scm" > "$tmp/out" 2> "$tmp/err"; st=$?
if [ $st -eq 1 ] && grep -q "^kanrewrite: $tmp/open.scm:1:1: " "$tmp/err"; then
	ok "script syntax error"
else
	bad "script syntax error: status $st"; cat "$tmp/err"
fi
# Forms nested past the compiler's bound are errors, not a crashed stack:
# a call nested 100,000 deep, and a long quasiquoted list (no nesting).
awk 'BEGIN { printf "(define (f x) x)\n"; for (i = 0; i < 100000; i++) printf "(f ";
	printf "1"; for (i = 0; i < 100000; i++) printf ")"; printf "\n" }' > "$tmp/deep.scm"
"$kr" "$tmp/deep.scm" > "$tmp/out" 2> "$tmp/err"; st=$?
if [ $st -eq 1 ] && grep -q "deep.scm:2:.*: form nested too deeply" "$tmp/err"; then
	ok "deeply nested form"
else
	bad "deeply nested form: status $st"; head -c 300 "$tmp/err"
fi
awk 'BEGIN { printf "(define y 1)\n(display (length `("; for (i = 0; i < 100000; i++)
	printf "a "; printf ",y ,@(list y y))))\n" }' > "$tmp/long.scm"
if [ "$("$kr" "$tmp/long.scm" 2>&1)" = 100003 ]; then ok "long quasiquoted list"
else bad "long quasiquoted list"; fi
# A cond or case of 20,000 clauses compiles and runs (neither nests).
awk 'BEGIN { printf "(define (f x) (cond"; for (i = 0; i < 20000; i++)
	printf " ((= x %d) %d)", i, 2 * i; printf " (else -1)))\n(define (g x) (case x";
	for (i = 0; i < 20000; i++) printf " ((%d) %d)", i, 3 * i;
	printf "))\n(display (list (f 19999) (f 0) (f 20000) (g 19999)))\n" }' > "$tmp/long.scm"
if [ "$("$kr" "$tmp/long.scm" 2>&1)" = "(39998 0 -1 59997)" ]; then ok "long cond and case"
else bad "long cond and case"; "$kr" "$tmp/long.scm" 2>&1 | head -c 300; fi
# Deep quoted data under an ellipsis in a template: an error, not a crash.
awk 'BEGIN { printf "(define-syntax m (syntax-rules () ((_ a ...) (list (cons a (quote ";
	for (i = 0; i < 300000; i++) printf "("; for (i = 0; i < 300000; i++) printf ")";
	printf ")) ...))))\n(m 1 2)\n" }' > "$tmp/deepmacro.scm"
"$kr" < "$tmp/deepmacro.scm" > "$tmp/out" 2> "$tmp/err"; st=$?
if [ $st -eq 1 ] && grep -q "form nested too deeply" "$tmp/err"; then
	ok "deep template data"
else
	bad "deep template data: status $st"; head -c 300 "$tmp/err"
fi
# time: the value on standard output, Chez's report on standard error
# (the expression with print-level and print-length 2; with collections,
# the time spent collecting and the bytes reclaimed).
out=$("$kr" -e "(time (length (run* (q) (membero q '(a b c)))))" 2> "$tmp/err")
# (A --enable-gc-stress build run with KANREWRITE_GC_STRESS collects.)
if [ "$out" = 3 ] && grep -q "^(time (length (run\* (\.\.\.) \.\.\.)))$" "$tmp/err" &&
   { [ -n "${KANREWRITE_GC_STRESS:-}" ] ||
     { grep -q "^    no collections$" "$tmp/err" &&
       grep -q "^    [0-9.]*s elapsed cpu time$" "$tmp/err" &&
       grep -q "^    [0-9]* bytes allocated$" "$tmp/err"; }; }; then ok "time"
else bad "time: $out"; cat "$tmp/err"; fi
out=$("$kr" -e "(time (let loop ((i 0)) (if (< i 10) (begin (iota 100000) (loop (+ i 1))) i)))" 2> "$tmp/err")
n='[0-9][0-9]*'; f='[0-9]*\.[0-9]\{9\}'
if [ "$out" = 10 ] && grep -q "^(time (let loop \.\.\.))$" "$tmp/err" &&
   grep -q "^    $n collections*$" "$tmp/err" &&
   grep -q "^    ${f}s elapsed cpu time, including ${f}s collecting$" "$tmp/err" &&
   grep -q "^    ${f}s elapsed real time, including ${f}s collecting$" "$tmp/err" &&
   grep -q "^    $n bytes allocated, including $n bytes reclaimed$" "$tmp/err"
then ok "time with collections"
else bad "time with collections: $out"; cat "$tmp/err"; fi
out=$("$kr" -e "(run* (q) (conde ((== q 'a)) ((== q 'b))))" -e '(+ 1 2)')
if [ "$out" = "(a b)
3" ]; then ok "-e expressions"; else bad "-e: $out"; fi
if "$kr" --version | grep -q '^kanrewrite [0-9]'; then ok "--version"; else bad "--version"; fi
if "$kr" --help | grep -q 'kanrewrite FILE'; then ok "--help"; else bad "--help"; fi
"$kr" -e '(car 1)' > /dev/null 2>&1; st=$?
if [ $st -eq 1 ]; then ok "-e error status"; else bad "-e error status $st"; fi
# (exit) ends a session with the status its end would give: 1 after an
# error; (exit N) with N.
printf '(car 1)\n(exit)\n(display "not reached")\n' | "$kr" > "$tmp/out" 2>&1; st=$?
if [ $st -eq 1 ] && ! grep -q "not reached" "$tmp/out"; then ok "(exit) after an error"
else bad "(exit) after an error: status $st"; fi
printf '(car 1)\n(exit 0)\n' | "$kr" > /dev/null 2>&1; st=$?
if [ $st -eq 0 ]; then ok "(exit 0) after an error"; else bad "(exit 0): status $st"; fi
printf '(+ 1 2)\n(exit)\n' | "$kr" > /dev/null 2>&1; st=$?
if [ $st -eq 0 ]; then ok "(exit) without an error"; else bad "(exit): status $st"; fi

# The explored rewrite space renders with Graphviz.
if [ -n "${DOT:-}" ] && command -v "$DOT" > /dev/null 2>&1 && [ -f "$dir/explore.dot.scm" ]; then
	(cd "$tmp" && "$kr" "$dir/explore.dot.scm" > /dev/null 2>&1)
	if [ -s "$tmp/explore.dot" ] && "$DOT" -Tsvg "$tmp/explore.dot" -o "$tmp/explore.svg" &&
	   grep -q '<svg' "$tmp/explore.svg"; then
		ok "exploration DOT renders with Graphviz"
	else
		bad "exploration DOT"
	fi
fi

# A real terminal: prompt, history, Ctrl-C of a divergent run*.
if command -v tmux > /dev/null 2>&1; then
	if sh "$top_srcdir/tests/repl/tmux-session.sh" "$kr" "$tmp"; then
		ok "tmux terminal session"
	else
		bad "tmux terminal session"
	fi
else
	echo "skip: tmux session (no tmux)"; skip=$((skip + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
