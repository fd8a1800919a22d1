#!/bin/sh
# headers.sh -- every public header compiles on its own, warning-free,
# with -pedantic (libgit2's headertest, one header at a time).
set -eu
: "${top_srcdir:=.}" "${CC:=cc}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for h in "$top_srcdir"/include/kanrewrite.h "$top_srcdir"/include/kanrewrite/*.h; do
	name=${h#"$top_srcdir"/include/}
	printf '#include <%s>\n#include <%s>\nint main(void) { return 0; }\n' \
		"$name" "$name" > "$tmp/t.c"
	if ! $CC -std=c11 -pedantic -Wall -Wextra -Werror -I"$top_srcdir/include" \
		-c "$tmp/t.c" -o "$tmp/t.o" 2> "$tmp/err"; then
		echo "FAIL: $name"; cat "$tmp/err"; status=1
	else
		echo "ok: $name"
	fi
done
exit $status
