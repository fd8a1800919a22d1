#!/bin/sh
# optdb.sh -- transcript tests of `kanrewrite optdb`: the database listing,
# what queries select, and the error for a malformed query.
set -u
: "${top_builddir:=.}"
kr="$top_builddir/kanrewrite"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

expect() { # name expected-status expected-output command...
	name=$1 want=$2 out=$3; shift 3
	"$@" > "$tmp/out" 2> "$tmp/err"; got=$?
	if [ -n "$out" ]; then printf '%s\n' "$out"; fi > "$tmp/want"
	if [ "$got" -ne "$want" ] || ! diff -u "$tmp/want" "$tmp/out"; then
		echo "FAIL: $name (exit $got)"; cat "$tmp/err"; fail=$((fail + 1))
	else
		echo "ok: $name"; pass=$((pass + 1))
	fi
}

expect "fast_run without inplace" 0 "0 merge1 MergeOptimizer [fast_run fast_compile merge]
1 canonicalize EquilibriumDB [fast_run fast_compile]
  constant_folding constant_folding [fast_run fast_compile canonicalize]
  local_neg_neg KanrenRelationSub [fast_run fast_compile canonicalize]
  local_mul_div KanrenRelationSub [fast_run fast_compile canonicalize]
  local_mul_one KanrenRelationSub [fast_run fast_compile canonicalize]
  local_add_zero KanrenRelationSub [fast_run fast_compile canonicalize]
  local_mul_to_sqr KanrenRelationSub [fast_run fast_compile canonicalize]
  local_flatten local_flatten [fast_run fast_compile canonicalize]
2 specialize EquilibriumDB [fast_run fast_compile]
  constant_folding constant_folding [fast_run fast_compile specialize]
  local_pow_to_sqr KanrenRelationSub [fast_run fast_compile specialize]
  local_div_to_reciprocal KanrenRelationSub [fast_run fast_compile specialize]
  local_div_by_constant KanrenRelationSub [fast_run fast_compile specialize]
49 merge2 MergeOptimizer [fast_run merge]
100 merge3 MergeOptimizer [fast_run merge]" "$kr" optdb +fast_run -inplace

expect "merges only" 0 "0 merge1 MergeOptimizer [fast_run fast_compile merge]
49 merge2 MergeOptimizer [fast_run merge]
100 merge3 MergeOptimizer [fast_run merge]" "$kr" optdb +fast_run '&merge'

expect "dot distribution, off by default" 0 "1.1 dot_distribute EquilibriumDB []
  local_dot_distribute KanrenRelationSub [dot_distribute]" \
	"$kr" optdb +dot_distribute

expect "bad query" 1 "" "$kr" optdb fast_run
if [ "$(cat "$tmp/err")" = "kanrewrite: optdb: bad query element 'fast_run': all tags must start with one of the following characters: '+', '&' or '-'" ]; then
	echo "ok: bad query message"; pass=$((pass + 1))
else
	echo "FAIL: bad query message"; cat "$tmp/err"; fail=$((fail + 1))
fi

expect "unknown option" 2 "" "$kr" optdb --query +fast_run
if [ "$(cat "$tmp/err")" = "kanrewrite: optdb: unknown option '--query' (a query is +TAG, &TAG or -TAG)" ]; then
	echo "ok: unknown option message"; pass=$((pass + 1))
else
	echo "FAIL: unknown option message"; cat "$tmp/err"; fail=$((fail + 1))
fi

"$kr" optdb > "$tmp/all" 2>&1
if grep -q '^  49.5 add_destroy_handler AddDestroyHandler \[fast_run inplace\]$' "$tmp/all" &&
   grep -q '^      local_dot_gather KanrenRelationSub \[dot_gather\]$' "$tmp/all" &&
   [ "$(head -n 1 "$tmp/all")" = "SequenceDB (id 1)" ] &&
   grep -q "^  position \[('merge1', 0), ('canonicalize', 1), ('dot_distribute', 1.1)," "$tmp/all" &&
   grep -q "^  names {'add_destroy_handler', 'canonicalize', " "$tmp/all"; then
	echo "ok: summary"; pass=$((pass + 1))
else
	echo "FAIL: summary"; cat "$tmp/all"; fail=$((fail + 1))
fi
"$kr" optdb --help > "$tmp/help" && grep -q "usage: kanrewrite optdb" "$tmp/help" &&
	{ echo "ok: help"; pass=$((pass + 1)); } || { echo "FAIL: help"; fail=$((fail + 1)); }

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
