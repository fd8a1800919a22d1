#!/bin/sh
# tmux-session.sh KANREWRITE TMPDIR -- drive the REPL through a real
# terminal: the prompt, a value, parens escaped in symbols, Ctrl-C of a
# divergent run* (the session survives), history recall with the Up
# arrow, and the history file.
set -u
kr=$1 tmp=$2
sock="$tmp/tmux.sock" sess="kr$$"
hist="$tmp/history"
t() { tmux -S "$sock" "$@"; }
screen() { t capture-pane -p -t "$sess"; }
wait_for() { # pattern: poll the screen for up to 10 s
	i=0
	while [ $i -lt 100 ]; do
		screen | grep -q -- "$1" && return 0
		sleep 0.1; i=$((i + 1))
	done
	echo "tmux: no '$1' on screen:"; screen; return 1
}
cleanup() { t kill-server 2> /dev/null; }
trap cleanup EXIT
t new-session -d -s "$sess" -x 120 -y 40 \
	"env KANREWRITE_HISTORY='$hist' TERM=xterm '$kr'" || exit 1
wait_for '^>' || exit 1
t send-keys -t "$sess" "(run* (q) (== q 'hello))" Enter
wait_for '^(hello)' || exit 1
# an escaped paren and a paren between bars open no list
t send-keys -t "$sess" "(list 'a\\( '|(|)" Enter
wait_for '^(a.x28; .x28;)' || exit 1
t send-keys -t "$sess" "(run* (q) (nevero))" Enter
sleep 1
t send-keys -t "$sess" C-c
wait_for 'interrupted' || exit 1
t send-keys -t "$sess" "(+ 40" Enter
wait_for '^\.\.\.' || exit 1
t send-keys -t "$sess" "2)" Enter
wait_for '^42' || exit 1
t send-keys -t "$sess" Up
wait_for '> (+ 40' || exit 1
t send-keys -t "$sess" C-u "(exit)" Enter
i=0
while t has-session -t "$sess" 2> /dev/null && [ $i -lt 50 ]; do
	sleep 0.1; i=$((i + 1))
done
grep -q "(run\* (q) (== q 'hello))" "$hist" || { echo "tmux: history file"; exit 1; }
exit 0
