#!/usr/bin/env bash
# The drop budget (docs/robustness.md): for every file of games/ (found recursively) under every
# option value (one changed at a time), random games with mancala analyze: the longest sowing of a
# move played, and the moves left out as endless (G6) under the default budget and under 10^9.
# The two counts are equal when no sowing of these games is longer than the budget.
# Usage: scripts/drop_budget.sh [MANCALA [GAMES]]   (default build/mancala, 1000 games)
set -euo pipefail
bin=${1:-build/mancala}
games=${2:-1000}
endless() {
  local n
  n=$(grep "moves left out as endless" | awk '{print $2}' || true)
  echo "${n:-0}"
}
printf "%-34s %-30s %10s %12s %12s %8s\n" file option longest "endless" "endless 1e9" seconds
for f in $(find games -name '*.lud' | sort); do
  configs=("")
  # The options and their values, as the REPL's `options` lists them: "holes=6  (one of: 5 6 7)".
  while read -r line; do
    name=${line%%=*}
    chosen=${line#*=}
    chosen=${chosen%%  *}
    for v in $(echo "$line" | sed 's/.*(one of: \(.*\))/\1/'); do
      [[ $v != "$chosen" ]] && configs+=("$name=$v")
    done
  done < <(echo options | "$bin" repl "$f" 2>/dev/null | grep "one of:" || true)
  for c in "${configs[@]}"; do
    option=()
    [[ -n $c ]] && option=(--option "$c")
    start=$(date +%s.%N)
    out=$("$bin" analyze "$f" "${option[@]}" --games "$games" --jobs 2)
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    wide=$("$bin" analyze "$f" "${option[@]}" --games "$games" --jobs 2 --max-drops 1000000000 | endless)
    longest=$(echo "$out" | grep "drops per move" | awk '{print $NF}')
    printf "%-34s %-30s %10s %12s %12s %8.1f\n" "$f" "${c:--}" "$longest" "$(echo "$out" | endless)" "$wide" "$seconds"
  done
done
