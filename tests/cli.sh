#!/bin/sh
# cli.sh -- transcript tests of the kanrewrite command: expected output,
# exit status and one-line error messages naming file, line and column.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
kr="$top_builddir/kanrewrite"
data="$top_srcdir/tests/data"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

check() { # name expected-status expected-stdout-file command...
	name=$1 want=$2 out=$3; shift 3
	"$@" > "$tmp/out" 2> "$tmp/err"; got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL: $name: exit $got, wanted $want"; cat "$tmp/err"
		fail=$((fail + 1)); return
	fi
	if [ -n "$out" ] && ! diff -u "$out" "$tmp/out"; then
		echo "FAIL: $name: output differs"; fail=$((fail + 1)); return
	fi
	echo "ok: $name"; pass=$((pass + 1))
}

check_err() { # name expected-message command... (exit status must be non-zero)
	name=$1 msg=$2; shift 2
	"$@" > "$tmp/out" 2> "$tmp/err"; got=$?
	if [ "$got" -eq 0 ] || [ "$(cat "$tmp/err")" != "$msg" ] ||
	   [ "$(wc -l < "$tmp/err")" -ne 1 ]; then
		echo "FAIL: $name: exit $got, stderr:"; cat "$tmp/err"
		echo "wanted: $msg"; fail=$((fail + 1)); return
	fi
	echo "ok: $name"; pass=$((pass + 1))
}

check "default input, forward" 0 "$data/forward.out" "$kr" rewrite
check "bundled file, forward" 0 "$data/forward.out" \
	"$kr" rewrite "$top_srcdir/data/dot_distribute.sexp"
check "backward on the forward results" 0 "$data/backward.out" \
	"$kr" rewrite --reverse "$data/distributed.sexp"
check "standard input" 0 "$data/forward.out" \
	sh -c "\"$kr\" rewrite --relation dot_distributeo - < \"$top_srcdir/data/dot_distribute.sexp\""
printf '(matrix A x)\n(add x x)\n' > "$tmp/plain.sexp"
printf '(x + x) => (x + x)\n' > "$tmp/plain.out"
check "nothing to rewrite" 0 "$tmp/plain.out" "$kr" rewrite "$tmp/plain.sexp"
check "help" 0 "" "$kr" --help
check "rewrite help" 0 "" "$kr" rewrite --help
check "version" 0 "" "$kr" --version

printf '(matrix A x)\n(dot A (add x q))\n' > "$tmp/undeclared.sexp"
check_err "undeclared name" \
	"kanrewrite: $tmp/undeclared.sexp:2:15: undeclared name q" \
	"$kr" rewrite "$tmp/undeclared.sexp"
printf '(matrix A x)\n(dot A\n  (add x x)\n' > "$tmp/unclosed.sexp"
check_err "malformed expression" \
	"kanrewrite: $tmp/unclosed.sexp:2:1: unclosed list" \
	"$kr" rewrite "$tmp/unclosed.sexp"
printf '(matrix A) (vector v)\n(dot A (dot v v))\n' > "$tmp/type.sexp"
"$kr" rewrite "$tmp/type.sexp" > /dev/null 2> "$tmp/err"; st=$?
if [ $st -ne 0 ] && grep -q "^kanrewrite: $tmp/type.sexp:2:1: " "$tmp/err" &&
   [ "$(wc -l < "$tmp/err")" -eq 1 ]; then
	echo "ok: type error names the place"; pass=$((pass + 1))
else
	echo "FAIL: type error"; cat "$tmp/err"; fail=$((fail + 1))
fi
check_err "unknown relation" "kanrewrite: unknown relation 'nope'" \
	"$kr" rewrite --relation nope
check_err "missing file" \
	"kanrewrite: $tmp/none.sexp: cannot open: No such file or directory" \
	"$kr" rewrite "$tmp/none.sexp"
check_err "bad ratio" \
	"kanrewrite: --max-use-ratio needs a positive number, not 'x'" \
	"$kr" rewrite --max-use-ratio x
check_err "unknown option" "kanrewrite: rewrite: unknown option '--frob'" \
	"$kr" rewrite --frob
check_err "unknown command" \
	"kanrewrite: unknown command 'frob' (see kanrewrite --help)" "$kr" frob

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
