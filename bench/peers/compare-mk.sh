#!/bin/sh
# compare-mk.sh -- bench_mk beside faster-miniKanren, as issue #5 reports it.
# See the LICENSE file for copying conditions.
#
# usage: FASTER_MK=DIR bench/peers/compare-mk.sh BENCH_MK [ROUNDS [NAME...]]
#
# BENCH_MK is the bench_mk program of a build (make bench/bench_mk). Runs
# ROUNDS rounds (default 2), each timing the programs three ways one after
# the other -- bench_mk, faster-miniKanren (fmk.sh) and faster-miniKanren
# without its occurs check -- with 5 timed runs each (BENCH_RUNS), so that
# a change in the machine's speed falls on all three. Prints a Markdown
# table: the median over the rounds of each engine's median processor
# seconds, our speed-up over each (their time / ours), our peak resident
# size, and whether the answer counts and digests agree. Needs what fmk.sh
# needs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: $0 BENCH_MK [ROUNDS [NAME...]]" >&2; exit 2; }
ours=$1
shift
rounds=${1:-2}
[ $# -ge 1 ] && shift
[ -x "$ours" ] || { echo "compare-mk.sh: $ours: not a program" >&2; exit 2; }
runs=${BENCH_RUNS:-5}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare-mk.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
r=1
while [ "$r" -le "$rounds" ]; do
	echo "round $r of $rounds" >&2
	# bench_mk: name size seconds "s" answers "answers" digest "digest" MiB
	BENCH_RUNS=$runs "$ours" "$@" |
		awk -v r="$r" '{print "ours", r, $1, $3, $5, $7, $9}' >>"$tmp/t"
	"$here/fmk.sh" "$runs" "$@" |
		awk -v r="$r" '{print "stock", r, $1, $2, $3, $4, 0}' >>"$tmp/t"
	"$here/fmk.sh" --no-occurs-check "$runs" "$@" |
		awk -v r="$r" '{print "noocc", r, $1, $2, $3, $4, 0}' >>"$tmp/t"
	r=$((r + 1))
done
awk '
function median(list,   a, n, i, j, t) {
	n = split(list, a, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
	if (!($3 in seen)) { seen[$3] = 1; order[++n] = $3 }
	s[$1, $3] = s[$1, $3] " " $4
	ans[$1, $3] = $5 " " $6
	if ($1 == "ours" && $7 > mib[$3]) mib[$3] = $7
}
END {
	print "| program | fmk s | fmk no-occurs s | ours s | vs fmk | vs no-occurs | our peak RSS MiB | same answers |"
	print "| --- | --- | --- | --- | --- | --- | --- | --- |"
	for (i = 1; i <= n; i++) {
		p = order[i]
		o = median(s["ours", p]); f = median(s["stock", p])
		g = median(s["noocc", p])
		same = ans["ours", p] == ans["stock", p] && \
			ans["ours", p] == ans["noocc", p] ? "yes" : \
			"no: " ans["ours", p] " / " ans["stock", p]
		printf "| %s | %.3f | %.3f | %.4f | %.2fx | %.2fx | %.1f | %s |\n",
			p, f, g, o, f / o, g / o, mib[p], same
	}
}' "$tmp/t"
