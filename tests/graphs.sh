#!/bin/sh
# graphs.sh -- the shared real-model graphs load and print back exactly.
# See the LICENSE file for copying conditions.
#
# For every graph of $SHARED_DIR/graphs (a .sexp file, and the graphs
# recorded in each .expected.json as merge.sexp_lines and
# canonicalize.sexp_lines): `kanrewrite show --format sexp` prints the
# graph's own text line for line except the first (comment) line, and
# the loaded graph has the apply-node count the .expected.json records.
# With $DOT set (Graphviz), the DOT export of each .sexp of at most 200
# nodes renders to PNG (Graphviz's layout of the 1,000-node RNN takes
# minutes).
# Exit 77 (skip) when the shared folder is absent.

top_builddir=${top_builddir:-.}
KR="$top_builddir/kanrewrite"
dir="${SHARED_DIR:-}/graphs"
if [ -z "${SHARED_DIR:-}" ] || [ ! -d "$dir" ]; then
	echo "graphs.sh: no shared graphs folder (SHARED_DIR); skipped"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/krgraphs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# Nodes of a graph: the distinct toposort indices that end dprint lines.
count_nodes() {
	"$KR" show --format dprint "$1" | sed -n 's/.* \([0-9][0-9]*\)$/\1/p' |
		sort -u | wc -l | tr -d ' '
}

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

# check_graph FILE EXPECTED-COUNT LABEL
check_graph() {
	if ! "$KR" show --format sexp "$1" >"$tmp/out" 2>"$tmp/err"; then
		bad "$3: does not load: $(cat "$tmp/err")"
		return
	fi
	tail -n +2 "$1" >"$tmp/want"
	tail -n +2 "$tmp/out" >"$tmp/got"
	if cmp -s "$tmp/want" "$tmp/got"; then ok; else
		bad "$3: show --format sexp differs:"
		diff "$tmp/want" "$tmp/got" | head -5
	fi
	n=$(count_nodes "$1")
	if [ "$n" = "$2" ]; then ok; else
		bad "$3: $n apply nodes, expected $2"
	fi
}

# render FILE LABEL: the DOT export renders to a PNG with Graphviz.
render() {
	if ! "$KR" show --format dot "$1" >"$tmp/g.dot" ||
		! "$DOT" -Tpng -o "$tmp/g.png" "$tmp/g.dot" 2>"$tmp/err"; then
		bad "$2: dot -Tpng failed: $(head -3 "$tmp/err")"
		return
	fi
	magic=$(od -An -c -N4 "$tmp/g.png" | tr -d ' ')
	if [ "$magic" = "211PNG" ]; then ok; else bad "$2: not a PNG"; fi
}

for f in "$dir"/*.sexp; do
	model=$(basename "$f" .sexp)
	exp="$dir/$model.expected.json"
	want=$(json "$exp" raw.apply_nodes 2>/dev/null) ||
		want=$(sed -n '1s/.*| \([0-9][0-9]*\) apply nodes.*/\1/p' "$f")
	check_graph "$f" "$want" "$model"
	if [ -n "${DOT:-}" ] && [ "$want" -le 200 ]; then
		render "$f" "$model"
	fi
	for stage in merge canonicalize; do
		if ! json "$exp" "$stage.sexp_lines" >"$tmp/$stage.sexp" 2>/dev/null; then
			echo "graphs.sh: no python3 or jq to read $exp; skipped"
			continue
		fi
		n=$(json "$exp" "$stage.apply_nodes")
		check_graph "$tmp/$stage.sexp" "$n" "$model/$stage"
	done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
