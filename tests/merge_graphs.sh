#!/bin/sh
# merge_graphs.sh -- `kanrewrite rewrite --merge` gives PyTensor's merge.
# See the LICENSE file for copying conditions.
#
# For every graph of $SHARED_DIR/graphs (a .sexp file and its
# .expected.json), `kanrewrite rewrite --merge --format sexp --stats
# --profile FILE` must print:
#  - the graph PyTensor's MergeOptimizer gave (merge.sexp_lines), line for
#    line except the comment line, whose node count must be
#    merge.apply_nodes;
#  - the stats line '; graph 1: RAW -> MERGED apply nodes' with
#    raw.apply_nodes and merge.apply_nodes;
#  - on standard error, MergeOptimizer's profile with PyTensor's nb_fail,
#    nb_merged and nb_atomic (merge.stats).
# Exit 77 (skip) when the shared folder is absent.

top_builddir=${top_builddir:-.}
KR="$top_builddir/kanrewrite"
dir="${SHARED_DIR:-}/graphs"
if [ -z "${SHARED_DIR:-}" ] || [ ! -d "$dir" ]; then
	echo "merge_graphs.sh: no shared graphs folder (SHARED_DIR); skipped"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/krmerge.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The JSON field $2 (a dotted path) of file $1: a number, or lines.
json() {
	if command -v python3 >/dev/null 2>&1; then
		python3 -c 'import json, sys
v = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."):
    v = v[k]
print("\n".join(v) if isinstance(v, list) else v)' "$1" "$2"
	elif command -v jq >/dev/null 2>&1; then
		jq -r ".$2 | if type == \"array\" then .[] else . end" "$1"
	else
		return 1
	fi
}

if ! json "$dir/logreg.expected.json" raw.apply_nodes >/dev/null 2>&1; then
	echo "merge_graphs.sh: neither python3 nor jq to read JSON; skipped"
	exit 77
fi

# check_one MODEL: 1 when every check of the graph passes.
check_one() {
	m=$1
	exp="$dir/$m.expected.json"
	if ! "$KR" rewrite --merge --format sexp --stats --profile \
		"$dir/$m.sexp" >"$tmp/out" 2>"$tmp/err"; then
		bad "$m: exit status $?: $(cat "$tmp/err")"
		return
	fi
	raw=$(json "$exp" raw.apply_nodes)
	merged=$(json "$exp" merge.apply_nodes)
	json "$exp" merge.sexp_lines | tail -n +2 >"$tmp/want"
	grep -v '^; graph ' "$tmp/out" | tail -n +2 >"$tmp/got"
	if ! cmp -s "$tmp/want" "$tmp/got"; then
		bad "$m: merged graph differs from PyTensor's:"
		diff "$tmp/want" "$tmp/got" | head -n 10
		return
	fi
	if ! head -n 1 "$tmp/out" | grep -q "^; kanrewrite-graph 1 | $m | after MergeOptimizer().rewrite(fg).* | $merged apply nodes | "; then
		bad "$m: comment line: $(head -n 1 "$tmp/out")"
		return
	fi
	stats=$(grep '^; graph ' "$tmp/out")
	if [ "$stats" != "; graph 1: $raw -> $merged apply nodes" ]; then
		bad "$m: stats line '$stats', wanted $raw -> $merged"
		return
	fi
	want=$(printf 'nb fail=%5d merged=%5d atomic=%5d' \
		"$(json "$exp" merge.stats.nb_fail)" \
		"$(json "$exp" merge.stats.nb_merged)" \
		"$(json "$exp" merge.stats.nb_atomic)")
	if ! grep -q -F "$want" "$tmp/err"; then
		bad "$m: MergeOptimizer profile, wanted '$want':"
		grep -F 'nb fail=' "$tmp/err"
		return
	fi
	pass=$((pass + 1))
	echo "ok: $m: $raw -> $merged apply nodes, same graph and stats as PyTensor"
}

for f in "$dir"/*.sexp; do
	[ -e "$f" ] || continue
	m=$(basename "$f" .sexp)
	[ -e "$dir/$m.expected.json" ] || continue
	check_one "$m"
done

echo "$pass passed, $fail failed"
[ "$pass" -gt 0 ] && [ "$fail" -eq 0 ]
