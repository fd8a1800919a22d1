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
printf 'FunctionGraph(Add(x, x)) => FunctionGraph(Add(x, x))\n' > "$tmp/plain.repr"
check "option values after =" 0 "$tmp/plain.repr" \
	"$kr" rewrite --format=repr --relation=neg_nego "$tmp/plain.sexp"
# every relation of the algebra (kr_relation_names) is known by name
printf '(scalar x)\n(neg (neg x))\n(mul x x)\n' > "$tmp/alg.sexp"
printf '(-(-x)) => x\n(x * x) => (x * x)\n' > "$tmp/negneg.out"
check "relation by name" 0 "$tmp/negneg.out" \
	"$kr" rewrite --relation neg_nego "$tmp/alg.sexp"
printf '(-(-x)) => (-(-x))\n(x * x) => sqr(x)\n' > "$tmp/sqr.out"
check "another relation by name" 0 "$tmp/sqr.out" \
	"$kr" rewrite --relation mul_sqro "$tmp/alg.sexp"
# Nesting 10^5 deep: the graph is built and rewritten without running
# off the C stack (neg_nego removes every pair of negations).
awk 'BEGIN { n = 100000; printf "(matrix x)\n";
	for (i = 0; i < n; i++) printf "(neg "; printf "x";
	for (i = 0; i < n; i++) printf ")"; printf "\n" }' > "$tmp/deep.sexp"
check "a program nested 10^5 deep" 0 "" \
	"$kr" rewrite --relation neg_nego "$tmp/deep.sexp"
if [ "$(sed 's/.* => //' "$tmp/out")" = "x" ]; then
	echo "ok: deep program rewritten"; pass=$((pass + 1))
else
	echo "FAIL: deep program rewritten"; fail=$((fail + 1))
fi
# A relation run backwards can triple the graph at every pass within the
# use budget: the memory limit ends it with an error.
printf '(matrix x y)\n(add x y)\n' > "$tmp/addxy.sexp"
check_err "memory limit of rewrite" \
	"kanrewrite: $tmp/addxy.sexp:2:1: rewrite: memory limit of 64 MiB reached" \
	"$kr" rewrite --relation neg_nego --reverse --memory-limit 64 \
	"$tmp/addxy.sexp"
# A form stopped at the memory limit leaves the heap full of its garbage:
# the next form, which needs a fraction of the limit, must not meet it.
cat > "$tmp/refill.scm" <<'EOF'
(set-memory-limit! 128)
(length (run* (a b c) (appendo `(1 ,c . ,c) c `(1 ,b . ,a))))
(length (run 2000 (a b c) (pluso c `(0 1 . ,c) a)))
EOF
printf '2000\n' > "$tmp/refill.out"
check "the heap a memory stop filled is reused" 1 "$tmp/refill.out" \
	sh -c "\"$kr\" < \"$tmp/refill.scm\""
if [ "$(grep -c 'memory limit of 128 MiB reached' "$tmp/err")" = 1 ]; then
	echo "ok: one form stopped at the memory limit"; pass=$((pass + 1))
else
	echo "FAIL: one form stopped at the memory limit"; cat "$tmp/err"
	fail=$((fail + 1))
fi
check_err "memory limit needs MiB" \
	"kanrewrite: --memory-limit needs a number of MiB, not 'lots'" \
	"$kr" rewrite --memory-limit lots
# Output lost to a full disk is an error even past the first buffer.
if [ -w /dev/full ]; then
	check_err "write error past the first buffer" \
		"kanrewrite: cannot write the standard output" \
		sh -c "\"$kr\" -e '(iota 5000)' > /dev/full"
	check_err "write error before exit" \
		"kanrewrite: cannot write the standard output" \
		sh -c "\"$kr\" -e '(iota 5000)' -e '(exit)' > /dev/full"
fi
check_err "reverse without the relation" \
	"kanrewrite: rewrite: --reverse applies to the relation: add --relation NAME to run one after the query" \
	"$kr" rewrite --reverse --include canonicalize
check_err "an infinite use ratio" \
	"kanrewrite: --max-use-ratio needs a positive number, not 'inf'" \
	"$kr" rewrite --max-use-ratio inf
# Over its max_use_ratio the relation's rewriter stops with PyTensor's
# message on stderr (on_opt_error "warn"), and the graph it has become
# is printed: exit 0.
printf '(scalar x y)\n(add x y)\n' > "$tmp/grow.sexp"
printf '(x + y) => (-(-(-(-(-(-(-(-(x + y)))))))))\n' > "$tmp/grow.out"
check "max'ed out: a warning, the graph kept" 0 "$tmp/grow.out" \
	"$kr" rewrite --relation neg_nego --reverse --max-use-ratio 1 \
	"$tmp/grow.sexp"
if grep -q "^WARNING: .* max'ed out by KanrenRelationSub(neg_nego, reverse)\." \
	"$tmp/err"; then
	echo "ok: max'ed out: the warning"; pass=$((pass + 1))
else
	echo "FAIL: max'ed out: the warning"; cat "$tmp/err"; fail=$((fail + 1))
fi
# A graph file cut at a line end reads, with a warning from its header.
printf '; kanrewrite-graph 1 | t | raw | test | 3 apply nodes | d\n(input x (tensor float64))\n(output 0 a (tensor float64) (neg (exp x)))\n' > "$tmp/cut.sexp"
printf '; kanrewrite-graph 1 | t | raw | test | 3 apply nodes | d\n(input x (tensor float64))\n(output 0 a (tensor float64) (neg (exp x)))\n' > "$tmp/cut.out"
check "a cut graph file still reads" 0 "$tmp/cut.out" "$kr" show "$tmp/cut.sexp"
if [ "$(cat "$tmp/err")" = "kanrewrite: warning: $tmp/cut.sexp: the graph has 2 apply nodes where its header says 3: is the file cut short?" ]; then
	echo "ok: a cut graph file is named"; pass=$((pass + 1))
else
	echo "FAIL: a cut graph file is named:"; cat "$tmp/err"; fail=$((fail + 1))
fi
sed 's/3 apply nodes/2 apply nodes/' "$tmp/cut.sexp" > "$tmp/whole.sexp"
check "its count mended, no warning" 0 "$tmp/whole.sexp" "$kr" show "$tmp/whole.sexp"
if [ -s "$tmp/err" ]; then
	echo "FAIL: a whole graph file warns:"; cat "$tmp/err"; fail=$((fail + 1))
fi
# 40 doublings: pprint would write 2^40 - 1 nodes; refused at once.
{
	echo '(input x (tensor float64))'
	printf '(output 0 a (tensor float64) '
	i=1
	while [ $i -lt 40 ]; do printf '#%d=(add ' $i; i=$((i + 1)); done
	printf '#40=(add x x)'
	i=39
	while [ $i -ge 1 ]; do printf ' #%d#)' $((i + 1)); i=$((i - 1)); done
	echo ')'
} > "$tmp/doubling.sexp"
check_err "pprint of a doubling graph" \
	"kanrewrite: show: pprint: the text would hold 2097152 nodes or more (shared subexpressions are written at each use); use --format repr or dprint" \
	"$kr" show --format pprint --memory-limit 64 "$tmp/doubling.sexp"
check_err "rewrite of a doubling graph as pprint" \
	"kanrewrite: $tmp/doubling.sexp: rewrite: the text would hold 2097152 nodes or more (shared subexpressions are written at each use); use --format repr" \
	"$kr" rewrite --memory-limit 64 --format pprint "$tmp/doubling.sexp"
check "repr of a doubling graph" 0 "" "$kr" show --format repr "$tmp/doubling.sexp"
check "show --memory-limit=0" 0 "" \
	"$kr" show --format pprint --memory-limit=0 "$tmp/cut.sexp"
check_err "show: a bad memory limit" \
	"kanrewrite: --memory-limit needs a number of MiB, not ''" \
	"$kr" show --memory-limit
# Standard input is <stdin> in every command's messages.
check_err "rewrite names standard input" \
	"kanrewrite: <stdin>:2:8: undeclared name y" \
	sh -c "printf '(matrix x)\n(add x y)\n' | \"$kr\" rewrite -"
# A UTF-8 byte order mark before the text is not part of it.
printf '\357\273\277(matrix x)\n(add x x)\n' > "$tmp/bom.sexp"
check "a byte order mark" 0 "$tmp/plain.out" "$kr" rewrite "$tmp/bom.sexp"
printf '\357\273\277(display (+ 1 2))\n' > "$tmp/bom.scm"
printf '3' > "$tmp/bom.out"
check "a script with a byte order mark" 0 "$tmp/bom.out" "$kr" "$tmp/bom.scm"
# A script shows what it writes, not its forms' values (Chez's --script);
# -e and a session print them.
printf '(+ 1 2)\n(display "x")\n(newline)\n(equal? 1 1)\n' > "$tmp/quiet.scm"
printf 'x\n' > "$tmp/quiet.out"
check "a script prints no values" 0 "$tmp/quiet.out" "$kr" "$tmp/quiet.scm"
printf '3\nx\n#t\n' > "$tmp/loud.out"
check "a session prints them" 0 "$tmp/loud.out" \
	sh -c "\"$kr\" < \"$tmp/quiet.scm\""
check "help" 0 "" "$kr" --help
check "rewrite help" 0 "" "$kr" rewrite --help
check "version" 0 "" "$kr" --version

# --merge, --format, --stats, --profile (issue 4)
printf '(scalar x y z)\n(true_div (mul (add y z) x) (add y z))\n' > "$tmp/simp.sexp"
printf '%s => %s\n' 'FunctionGraph(true_div(mul(add(y, z), x), add(y, z)))' \
	'FunctionGraph(true_div(mul(*1 -> add(y, z), x), *1))' > "$tmp/simp.out"
check "merge, repr" 0 "$tmp/simp.out" \
	"$kr" rewrite --merge --format repr "$tmp/simp.sexp"
printf '%s => %s\n; graph 1: 4 -> 4 apply nodes\n' \
	'(true_div (mul (add y z) x) (add y z))' \
	'(true_div (mul (add y z) x) (add y z))' > "$tmp/simp-sexp.out"
check "program as sexp, stats" 0 "$tmp/simp-sexp.out" \
	"$kr" rewrite --format sexp --stats "$tmp/simp.sexp"
check "graph format: merge, written back with its stage" 0 \
	"$data/merge_small.out" sh -c "\"$kr\" rewrite --merge --format sexp \
	--stats \"$data/merge_small.sexp\" |
	sed 's/| kanrewrite [^|]* |/| kanrewrite VERSION |/'"
check "graph format: sexp is the default format" 0 \
	"$data/merge_small.out" sh -c "\"$kr\" rewrite --stats --merge \
	\"$data/merge_small.sexp\" |
	sed 's/| kanrewrite [^|]* |/| kanrewrite VERSION |/'"
"$kr" rewrite --merge --profile "$data/merge_small.sexp" > /dev/null \
	2> "$tmp/err"; st=$?
if [ $st -eq 0 ] && grep -q '^ SequentialGraphRewriter ' "$tmp/err" &&
   grep -q 'nb fail=    0 merged=    3 atomic=    1' "$tmp/err"; then
	echo "ok: profile on standard error"; pass=$((pass + 1))
else
	echo "FAIL: profile"; cat "$tmp/err"; fail=$((fail + 1))
fi

# --include/--exclude/--require: the optdb query (issue 6)
printf '(matrix A x y)\n(dot A (add x y))\n(add (dot A x) (dot A y))\n' \
	> "$tmp/q.sexp"
cat > "$tmp/q-gather.out" <<'OUT'
(A @ (x + y)) => (A @ (x + y))
; graph 1: 2 -> 2 apply nodes
((A @ x) + (A @ y)) => (A @ (x + y))
; graph 2: 3 -> 2 apply nodes
OUT
check "query only: no relation" 0 "$tmp/q-gather.out" \
	"$kr" rewrite --include canonicalize --include dot_gather \
	--exclude dot_distribute --stats "$tmp/q.sexp"
cat > "$tmp/q-rel.out" <<'OUT'
(A @ (x + y)) => ((A @ x) + (A @ y))
((A @ x) + (A @ y)) => ((A @ x) + (A @ y))
OUT
check "query, then the relation given" 0 "$tmp/q-rel.out" \
	"$kr" rewrite --include canonicalize --relation dot_distributeo \
	"$tmp/q.sexp"
cat > "$tmp/q-none.out" <<'OUT'
(A @ (x + y)) => (A @ (x + y))
((A @ x) + (A @ y)) => ((A @ x) + (A @ y))
OUT
check "require excludes everything" 0 "$tmp/q-none.out" \
	"$kr" rewrite --include dot_gather --require no_such_tag "$tmp/q.sexp"
printf '(matrix x)\n(neg (neg x))\n' > "$tmp/negneg.sexp"
printf '(-(-x)) => x\n' > "$tmp/negneg.out"
check "exclude alone queries canonicalize" 0 "$tmp/negneg.out" \
	"$kr" rewrite --exclude dot_gather "$tmp/negneg.sexp"
printf '(-(-x)) => (-(-x))\n' > "$tmp/negneg-ex.out"
check "exclude one rewrite by name" 0 "$tmp/negneg-ex.out" \
	"$kr" rewrite --include canonicalize --exclude local_neg_neg \
	"$tmp/negneg.sexp"
"$kr" rewrite --include fast_run --stats --format sexp \
	"$data/merge_small.sexp" > "$tmp/out" 2> "$tmp/err"; st=$?
if [ $st -eq 0 ] && head -n 1 "$tmp/out" | grep -q \
	"| after rewrite_graph(fg, include=('fast_run',)) | kanrewrite " &&
   grep -q '^; graph 1: 7 -> [0-9]* apply nodes$' "$tmp/out"; then
	echo "ok: fast_run on a graph file"; pass=$((pass + 1))
else
	echo "FAIL: fast_run on a graph file"; cat "$tmp/out" "$tmp/err"
	fail=$((fail + 1))
fi
check_err "include without tag" "kanrewrite: --include needs a tag" \
	"$kr" rewrite --include
check_err "relation without name" "kanrewrite: --relation needs a NAME" \
	"$kr" rewrite --relation
check_err "bad format" \
	"kanrewrite: --format needs sexp, pprint or repr, not 'xml'" \
	"$kr" rewrite --format xml
printf '(input x (tensor float64 ? ?))\n(output 0 o (tensor float64 ? ?) (add x q))\n' \
	> "$tmp/badgraph.sexp"
"$kr" rewrite --merge "$tmp/badgraph.sexp" > /dev/null 2> "$tmp/err"; st=$?
if [ $st -ne 0 ] && grep -q "^kanrewrite: $tmp/badgraph.sexp:2:" "$tmp/err" &&
   [ "$(wc -l < "$tmp/err")" -eq 1 ]; then
	echo "ok: graph-format error names the place"; pass=$((pass + 1))
else
	echo "FAIL: graph-format error"; cat "$tmp/err"; fail=$((fail + 1))
fi

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
printf '(input x (tensor float64))\n(out\000put)\n' > "$tmp/nul.sexp"
check_err "a NUL byte, named by its place" \
	"kanrewrite: $tmp/nul.sexp:2:5: a NUL byte, so not a text file" \
	"$kr" show "$tmp/nul.sexp"
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

# A script killed while running keeps what it printed before.
printf '(printf "before\\n")\n(load "%s/loop.scm")\n' "$tmp" > "$tmp/killed.scm"
printf '(printf "loaded\\n")\n(define (spin) (spin))\n(spin)\n' > "$tmp/loop.scm"
printf 'before\nloaded\n' > "$tmp/killed.out"
krabs=$(cd "$top_builddir" && pwd)/kanrewrite
(cd "$tmp" && timeout -s KILL 2 "$krabs" killed.scm > out2 2>&1) 2> /dev/null
if diff -u "$tmp/killed.out" "$tmp/out2"; then
	echo "ok: output of a killed script"; pass=$((pass + 1))
else
	echo "FAIL: output of a killed script"; fail=$((fail + 1))
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
