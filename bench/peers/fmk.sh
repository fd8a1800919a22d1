#!/bin/sh
# fmk.sh -- time the miniKanren benchmark programs in faster-miniKanren.
# See the LICENSE file for copying conditions.
#
# usage: FASTER_MK=DIR bench/peers/fmk.sh [--no-occurs-check] [RUNS [NAME...]]
#
# DIR is a faster-miniKanren checkout (mk-vicare.scm, mk.scm, numbers.scm).
# Builds it, the programs' relations (programs.ss of SHARED_DIR, default
# ../shared/bench/minikanren beside the source tree) and fmk.ss into one
# Chez Scheme program at optimize-level 3 -- the fastest way to run
# faster-miniKanren, the anchors' "whole-program build" -- and prints
# fmk.ss's lines: name, median processor seconds, answers, digest.
# --no-occurs-check builds a copy whose ext-s-check binds without the
# occurs check, the strongest faster-miniKanren issue #5 compares with.
# Needs Chez Scheme (`scheme`; Debian's chezscheme). Exit status 2 on a
# usage error or a missing file. The anchors (../shared/bench/minikanren)
# were measured at faster-miniKanren a25c702, whose numbers.scm has the
# TRS2 logo that bench_mk implements; with another numbers.scm (6f8faa's,
# for one) logo may give other answers (33 instead of 34).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
noocc=false
if [ "${1:-}" = --no-occurs-check ]; then
	noocc=true
	shift
fi
fmk=${FASTER_MK:-}
shared=${SHARED_DIR:-$here/../../../shared}
programs=$shared/bench/minikanren/programs.ss
die() { echo "fmk.sh: $*" >&2; exit 2; }
[ -n "$fmk" ] || die "set FASTER_MK to a faster-miniKanren checkout"
for f in mk-vicare.scm mk.scm numbers.scm; do
	[ -f "$fmk/$f" ] || die "$fmk/$f: no such file"
done
[ -f "$programs" ] || die "$programs: no such file (set SHARED_DIR)"
command -v scheme >/dev/null || die "Chez Scheme (scheme) is not installed"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fmk.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp "$fmk/mk-vicare.scm" "$fmk/mk.scm" "$fmk/numbers.scm" "$tmp/"
if $noocc; then
	# (if (occurs-check x v S) (values #f #f) (values ...)) -> (if #f ...)
	sed 's/(if (occurs-check x v S)/(if #f/' "$fmk/mk.scm" >"$tmp/mk.scm"
	cmp -s "$fmk/mk.scm" "$tmp/mk.scm" &&
		die "$fmk/mk.scm: ext-s-check's occurs check not found"
fi
# Chez's own `subst` would clash with mk.scm's; numbers.scm goes in a
# module, as it defines helpers with common names.
cat >"$tmp/bench.ss" <<EOF
(import (except (chezscheme) subst))
(include "$tmp/mk-vicare.scm")
(include "$tmp/mk.scm")
(module arith (build-num pluso *o /o logo)
  (include "$tmp/numbers.scm"))
(import arith)
(include "$programs")
(include "$here/fmk.ss")
EOF
echo "(compile-program \"$tmp/bench.ss\" \"$tmp/bench.so\")" |
	scheme -q --optimize-level 3 >/dev/null
scheme --program "$tmp/bench.so" "$@"
