#!/bin/sh
# show.sh -- transcript tests of `kanrewrite show`: every --format, the
# input forms (file, standard input, shorthand, full format) and the
# one-line error messages with their exit status.
# See the LICENSE file for copying conditions.
set -u
: "${top_builddir:=.}"
kr="$top_builddir/kanrewrite"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/krshow.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0

# check NAME STATUS EXPECTED-FILE COMMAND...: status and stdout match.
check() {
	name=$1 want=$2 exp=$3; shift 3
	"$@" > "$tmp/out" 2> "$tmp/err"; got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL: $name: exit $got, wanted $want"; cat "$tmp/err"
		fail=$((fail + 1)); return
	fi
	if ! diff -u "$exp" "$tmp/out"; then
		echo "FAIL: $name: output differs"; fail=$((fail + 1)); return
	fi
	echo "ok: $name"; pass=$((pass + 1))
}

# check_err NAME STATUS MESSAGE COMMAND...: one stderr line, no stdout.
check_err() {
	name=$1 want=$2 msg=$3; shift 3
	"$@" > "$tmp/out" 2> "$tmp/err"; got=$?
	if [ "$got" -ne "$want" ] || [ "$(cat "$tmp/err")" != "$msg" ] ||
	   [ "$(wc -l < "$tmp/err")" -ne 1 ] || [ -s "$tmp/out" ]; then
		echo "FAIL: $name: exit $got (wanted $want), stderr:"
		cat "$tmp/err"; fail=$((fail + 1)); return
	fi
	echo "ok: $name"; pass=$((pass + 1))
}

# The documents' second graph, in the shorthand.
cat > "$tmp/g.sexp" <<'END'
(scalar x y z)
(true_div (mul (add y z) x) (add y z))
END

cat > "$tmp/sexp" <<'END'
; kanrewrite-graph 1 | 4 apply nodes
(input x (scalar float64))
(input y (scalar float64))
(input z (scalar float64))
(output 0 out_0 (scalar float64) (ps.true_div (ps.mul (ps.add y z) x) (ps.add y z)))
END
check "sexp is the default" 0 "$tmp/sexp" "$kr" show "$tmp/g.sexp"
check "--format sexp" 0 "$tmp/sexp" "$kr" show --format sexp "$tmp/g.sexp"
check "standard input" 0 "$tmp/sexp" sh -c "\"$kr\" show < \"$tmp/g.sexp\""
check "- is standard input" 0 "$tmp/sexp" \
	sh -c "\"$kr\" show --format=sexp - < \"$tmp/g.sexp\""

echo 'FunctionGraph(true_div(mul(add(y, z), x), add(y, z)))' > "$tmp/repr"
check "--format repr" 0 "$tmp/repr" "$kr" show --format repr "$tmp/g.sexp"
check "--format=repr" 0 "$tmp/repr" "$kr" show --format=repr "$tmp/g.sexp"

echo '(((y + z) * x) / (y + z))' > "$tmp/pprint"
check "--format pprint" 0 "$tmp/pprint" "$kr" show --format pprint "$tmp/g.sexp"

cat > "$tmp/dprint" <<'END'
true_div [id A] 3
 ├─ mul [id B] 2
 │  ├─ add [id C] 1
 │  │  ├─ y [id D]
 │  │  └─ z [id E]
 │  └─ x [id F]
 └─ add [id G] 0
    ├─ y [id D]
    └─ z [id E]
END
check "--format dprint" 0 "$tmp/dprint" "$kr" show --format dprint "$tmp/g.sexp"

cat > "$tmp/dot" <<'END'
digraph FunctionGraph {
  rankdir=TB;
  n1 [label="add", shape=box];
  v5 [label="y", shape=ellipse, style=filled, fillcolor=palegreen];
  v5 -> n1 [label="0"];
  v6 [label="z", shape=ellipse, style=filled, fillcolor=palegreen];
  v6 -> n1 [label="1"];
  n2 [label="add", shape=box];
  v5 -> n2 [label="0"];
  v6 -> n2 [label="1"];
  n3 [label="mul", shape=box];
  n2 -> n3 [label="0"];
  v7 [label="x", shape=ellipse, style=filled, fillcolor=palegreen];
  v7 -> n3 [label="1"];
  n4 [label="true_div", shape=box];
  n3 -> n4 [label="0"];
  n1 -> n4 [label="1"];
  out0 [label="output 0", shape=ellipse, style=filled, fillcolor=lightblue];
  n4 -> out0;
}
END
check "--format dot" 0 "$tmp/dot" "$kr" show --format dot "$tmp/g.sexp"
if command -v dot >/dev/null 2>&1; then
	if "$kr" show --format dot "$tmp/g.sexp" | dot -Tpng -o "$tmp/g.png" &&
	   [ -s "$tmp/g.png" ]; then
		echo "ok: dot renders the DOT export"; pass=$((pass + 1))
	else
		echo "FAIL: dot cannot render the DOT export"; fail=$((fail + 1))
	fi
fi

# The full format, with a shared node, a constant and pow: sexp prints
# the text back; pprint uses PyTensor's `**`.
cat > "$tmp/full.sexp" <<'END'
; a graph
(input x (tensor float64 ?))
(constant $1 (tensor float64) 2.0)
(output 0 y (tensor float64 ?) (add #1=(pow x $1) (exp #1#)))
(output 1 z (tensor float64 ?) (neg x))
END
"$kr" show "$tmp/full.sexp" | sed 1d > "$tmp/full.got"
sed 1d "$tmp/full.sexp" > "$tmp/full.want"
if diff -u "$tmp/full.want" "$tmp/full.got"; then
	echo "ok: full format prints back"; pass=$((pass + 1))
else
	echo "FAIL: full format prints back"; fail=$((fail + 1))
fi
printf '%s\n' '((x ** 2.0) + Exp((x ** 2.0)))' '(-x)' > "$tmp/full.pp"
check "pprint of pow and of two outputs" 0 "$tmp/full.pp" \
	"$kr" show --format pprint "$tmp/full.sexp"
echo 'FunctionGraph(Add(*1 -> Pow(x, 2.0), Exp(*1)), Neg(x))' > "$tmp/full.repr"
check "repr of a shared node" 0 "$tmp/full.repr" \
	"$kr" show --format repr "$tmp/full.sexp"

# Usage and errors: one line on stderr, exit 2 for usage, 1 for input.
"$kr" show --help > "$tmp/help" 2>&1; got=$?
if [ "$got" -eq 0 ] && grep -q '^usage: kanrewrite show' "$tmp/help"; then
	echo "ok: --help"; pass=$((pass + 1))
else
	echo "FAIL: --help (exit $got)"; fail=$((fail + 1))
fi
check_err "unknown format" 2 \
	"kanrewrite: show: unknown format 'bogus' (sexp, repr, pprint, dprint or dot)" \
	"$kr" show --format=bogus "$tmp/g.sexp"
check_err "unknown option" 2 "kanrewrite: show: unknown option '--frob'" \
	"$kr" show --frob "$tmp/g.sexp"
check_err "format without a value" 2 \
	"kanrewrite: show: --format needs a FORMAT (sexp, repr, pprint, dprint or dot)" \
	"$kr" show "$tmp/g.sexp" --format
check_err "two files" 2 "kanrewrite: show: more than one FILE" \
	"$kr" show "$tmp/g.sexp" "$tmp/g.sexp"
check_err "missing file" 1 \
	"kanrewrite: $tmp/nope.sexp: cannot open: No such file or directory" \
	"$kr" show "$tmp/nope.sexp"
printf '(scalar x)\n(add x q)\n' > "$tmp/undeclared.sexp"
check_err "undeclared name" 1 \
	"kanrewrite: $tmp/undeclared.sexp:2:8: undeclared name q" \
	"$kr" show "$tmp/undeclared.sexp"
check_err "undeclared name on stdin" 1 \
	"kanrewrite: <stdin>:2:8: undeclared name q" \
	sh -c "\"$kr\" show < \"$tmp/undeclared.sexp\""
printf '(scalar x)\n(add x (neg x)\n' > "$tmp/open.sexp"
"$kr" show "$tmp/open.sexp" > "$tmp/out" 2> "$tmp/err"; got=$?
if [ "$got" -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
   grep -q "^kanrewrite: $tmp/open.sexp:[0-9]*:[0-9]*: " "$tmp/err"; then
	echo "ok: unclosed list names file, line and column"; pass=$((pass + 1))
else
	echo "FAIL: unclosed list (exit $got):"; cat "$tmp/err"; fail=$((fail + 1))
fi
printf '(input x (tensor float64 ?))\n(output 0 y (tensor float64 ? ?) (neg x))\n' \
	> "$tmp/badtype.sexp"
"$kr" show "$tmp/badtype.sexp" > "$tmp/out" 2> "$tmp/err"; got=$?
if [ "$got" -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
   grep -q "^kanrewrite: $tmp/badtype.sexp:2:[0-9]*: " "$tmp/err"; then
	echo "ok: a contradicted output type is an error"; pass=$((pass + 1))
else
	echo "FAIL: contradicted output type (exit $got):"; cat "$tmp/err"
	fail=$((fail + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
