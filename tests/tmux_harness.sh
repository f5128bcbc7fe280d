# The tmux harness shared by the terminal tests (tmux_repl.sh, tmux_progress.sh): sourced after
# the script sets `pane` (the session its steps watch) and `wait_steps` (how many 0.05 s looks
# wait_for takes before it fails). Exits 77 (CTest: skipped) when tmux is missing.
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIPPED: tmux is not installed (scripts/install-deps.sh installs it)"
  exit 77
fi

work=$(mktemp -d)
socket="$work/tmux"  # a tmux server of our own, apart from the user's, gone with $work
t() { tmux -S "$socket" "$@"; }
cleanup() {
  t kill-server 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# Starts a detached session (tmux new-session's arguments). A loaded machine can lose a server as
# it starts or stops ("server exited unexpectedly"); that is the harness's trouble, not the
# program's, so the start is tried three times.
start_session() {
  for attempt in 1 2 3; do
    if t new-session -d "$@"; then return 0; fi
    sleep 0.5
  done
  fail "tmux could not start a session"
}

fail() {
  echo "FAILED: $1"
  echo "--- screen:"
  t capture-pane -p -t "$pane" 2>/dev/null || true
  exit 1
}

# Waits until the screen shows `text` (a fixed string) `count` times (default 1).
wait_for() {
  local text=$1 count=${2:-1}
  for _ in $(seq 1 "$wait_steps"); do
    if [[ $(t capture-pane -p -t "$pane" -S -200 | grep -cF -- "$text" || true) -ge $count ]]; then return 0; fi
    sleep 0.05
  done
  fail "the screen never showed '$text' ($count times)"
}
