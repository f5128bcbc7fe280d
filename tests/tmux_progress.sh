#!/usr/bin/env bash
# Long work a person can see and stop, in a real terminal (tmux): `mancala solve` and `mancala
# analyze` with an agent show their progress (analyze with the time left), and Ctrl-C stops them
# (status 130), the search polling its cancel flag; solve then prints the bounds it proved.
# Usage: tmux_progress.sh MANCALA GAMES_DIR. Exits 77 (CTest: skipped) when tmux is missing.
set -euo pipefail
mancala=$1
games=$2
pane=work
wait_steps=300
source "$(dirname "$0")/tmux_harness.sh"

# A session that outlives the runs: killing a run's session must not end the tmux server, or the
# next run's new-session races the server's exit ("server exited unexpectedly").
start_session -s hold "sleep 600"

# Runs a command in a terminal of its own; its exit status goes to $work/status.
run() {
  rm -f "$work/status"
  t kill-session -t work 2>/dev/null || true
  start_session -s work -x 160 -y 20 "trap '' INT; $1; echo \$? > '$work/status'; sleep 60"
}
status_is() {
  for _ in $(seq 1 200); do
    [[ -s "$work/status" ]] && break
    sleep 0.05
  done
  [[ -s "$work/status" ]] || fail "$2 did not end after Ctrl-C"
  [[ $(cat "$work/status") == "$1" ]] || fail "$2 ended with status $(cat "$work/status"), not $1"
}

# solve: positions searched, their rate and the time spent; Ctrl-C stops it with the bounds found.
run "'$mancala' solve '$games/two-row/kalah.lud' --budget 500000000 --endgame 0"
wait_for "solving: "
wait_for "/s, "
t send-keys -t work C-c
wait_for "interrupted after "
wait_for "the value lies between"
status_is 130 "solve"

# solve building its endgame table (once the search proves long): the level reached; Ctrl-C stops
# it too.
run "'$mancala' solve '$games/two-row/kalah.lud' --budget 0 --endgame-cache none"
wait_for "building the endgame table: "
t send-keys -t work C-c
wait_for "interrupted after "
wait_for "the value lies between"
status_is 130 "solve building its table"

# analyze with an agent: the games are long; the plies played so far show progress meanwhile,
# and the time left once a game is done.
run "'$mancala' analyze '$games/two-row/kalah.lud' --agent alphabeta:nodes=20000 --games 40 --jobs 1"
wait_for " plies, "
wait_for "s left"
t send-keys -t work C-c
wait_for "stopped early"
status_is 130 "analyze"

echo "PASSED: solve and analyze show their progress; Ctrl-C stops them (solve with its bounds)"
