#!/usr/bin/env bash
# `mancala repl` in a real terminal, driven through tmux (send-keys, capture-pane): tab completion
# of a move, line editing, history recall, Ctrl-C cancelling a line and stopping a long move of the
# computer, a colour board, Ctrl-D leaving
# and the history file written. Each step waits (with a timeout) until the screen shows its result.
# Usage: tmux_repl.sh MANCALA GAME_FILE. Exits 77 (CTest: skipped) when tmux is missing.
set -euo pipefail
mancala=$1
game=$2
pane=repl
wait_steps=200
source "$(dirname "$0")/tmux_harness.sh"

# The shell around the REPL records its exit status (it ignores Ctrl-C itself; the REPL sets its
# own handler).
start_session -s repl -x 120 -y 60 \
  "trap '' INT; env -u NO_COLOR TERM=xterm-256color MANCALA_HISTORY='$work/history' '$mancala' repl '$game';
   echo \$? > '$work/status'; sleep 60"
wait_for "kiuthi P1>"

# Tab completes a legal move: "E1 cc" becomes "E1 ccw".
t send-keys -t repl "E1 cc" Tab
wait_for "kiuthi P1> E1 ccw"
t send-keys -t repl Enter
wait_for "move 1, P1: E1 ccw"

# The board is in colour, the holes the move sowed highlighted (yellow).
t capture-pane -e -p -t repl | grep -qP '\x1b\[[0-9;]*33m' || fail "no colour on the board"

# Line editing: the cursor goes back to the start of the line (Ctrl-A) to insert a letter.
t send-keys -t repl "oves" C-a "m" Enter
wait_for "10 moves legal: A2 ccw"

# Ctrl-C cancels the line being typed; the session goes on.
t send-keys -t repl "nonsense"
wait_for "kiuthi P2> nonsense"
t send-keys -t repl C-c
wait_for "kiuthi P2> nonsense^C"
t send-keys -t repl "undo" Enter
wait_for "undid 1 move: E1 ccw"

# History: three lines up is "E1 ccw" (then "moves", then "undo").
t send-keys -t repl Up Up Up
wait_for "kiuthi P1> E1 ccw"
t send-keys -t repl Enter
wait_for "move 1, P1: E1 ccw" 2
wait_for "kiuthi P2>" 4
t capture-pane -p -t repl | grep -qF "neither a command" && fail "the cancelled line was run"

# Ctrl-C stops one long move of the computer: the search polls a cancel flag, the REPL returns to
# its prompt with the game as it was (one move played), and the session goes on.
t send-keys -t repl "ai 1 mcts:iterations=2000000" Enter
wait_for "kiuthi P2> ai 1 mcts:iterations=2000000"
sleep 1
t send-keys -t repl C-c
wait_for "stopped (Ctrl-C) while mcts:iterations=2000000 searched: no move played; the game is as it was"
t send-keys -t repl "history" Enter
wait_for "move 1, P1: E1 ccw" 3
t capture-pane -p -t repl -S -200 | grep -qF "move 2," && fail "a move was played after Ctrl-C"

# Ctrl-D leaves, with status 0; the history is kept in the file.
t send-keys -t repl C-d
for _ in $(seq 1 200); do
  [[ -s "$work/status" ]] && break
  sleep 0.05
done
[[ -s "$work/status" ]] || fail "Ctrl-D did not end the session"
[[ $(cat "$work/status") == 0 ]] || fail "the session ended with status $(cat "$work/status")"
grep -qF 'E1\040ccw' "$work/history" || fail "the history file does not hold the move: $(cat "$work/history" 2>/dev/null)"

# With NO_COLOR set, a terminal gets plain text (a second session on its own server).
t kill-server
socket="$work/tmux-plain"
start_session -s repl -x 120 -y 60 \
  "NO_COLOR=1 MANCALA_HISTORY= '$mancala' repl '$game'; sleep 60"
wait_for "kiuthi P1>"
t send-keys -t repl "E1 ccw" Enter
wait_for "move 1, P1: E1 ccw"
t capture-pane -e -p -t repl | grep -qP '\x1b\[[0-9;]*3[0-9]m' && fail "colour despite NO_COLOR"
echo "PASSED: completion, line editing, Ctrl-C (a line, an AI move), history recall, colour, Ctrl-D, NO_COLOR"
