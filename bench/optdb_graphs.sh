#!/bin/sh
# optdb_graphs.sh -- `kanrewrite rewrite --include fast_run --stats` on every
# graph of the shared folder, beside PyTensor's node counts for the same
# graph (raw, after canonicalize, after fast_run) from its .expected.json.
# Usage: bench/optdb_graphs.sh [SHARED_DIR]   (run from the build directory)
set -eu
shared=${1:-${SHARED_DIR:-../shared}}
kr=${KANREWRITE:-./kanrewrite}
printf '%-20s %6s %10s %10s %14s %10s\n' graph raw ours:fast_run \
	pt:canon pt:fast_run seconds
for f in "$shared"/graphs/*.sexp; do
	name=$(basename "$f" .sexp)
	t0=$(date +%s.%N)
	stats=$("$kr" rewrite --include fast_run --stats "$f" | grep '^; graph ')
	t1=$(date +%s.%N)
	before=$(echo "$stats" | awk '{print $4}')
	after=$(echo "$stats" | awk '{print $6}')
	pt=$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
runs = sorted({r["apply_nodes"] for r in d["fast_run"]["runs"]})
print(d["canonicalize"]["apply_nodes"], "-".join(map(str, [runs[0], runs[-1]])) if len(runs) > 1 else runs[0])' \
		"$shared/graphs/$name.expected.json")
	printf '%-20s %6s %10s %10s %14s %10.3f\n' "$name" "$before" "$after" \
		$pt "$(echo "$t1 - $t0" | bc)"
done
