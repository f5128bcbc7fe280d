#!/usr/bin/env bash
# The HTML report of mancala analyze in headless Chromium: no console error, the SVG charts drawn
# in the DOM as the browser built it (a report, and a comparison of two readings), a screenshot
# written. A control page with a console error
# proves the check can fail. Exits 77 (skipped) when Chromium is not installed.
# Usage: browser_report.sh MANCALA GAME_FILE
set -euo pipefail
mancala=$1
game=$2
chromium=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $chromium ]]; then
  echo "chromium is not installed: skipped"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

browse() {  # browse PAGE ARGS...: the dumped DOM on stdout, Chromium's log in $dir/log
  local page=$1
  shift
  timeout 120 "$chromium" --headless --disable-gpu --no-sandbox --enable-logging=stderr --v=0 \
    --user-data-dir="$dir/profile" "$@" "file://$page" 2>"$dir/log"
}
console_errors() {  # the console errors Chromium logged
  grep -E 'CONSOLE|Uncaught' "$dir/log" | grep -iE 'error|uncaught' || true
}

# The control: a page whose script fails must be caught.
printf '<!DOCTYPE html><html><body><script>console.error("control error"); undefined_function();</script></body></html>\n' \
  >"$dir/control.html"
browse "$dir/control.html" --dump-dom >/dev/null
if [[ -z $(console_errors) ]]; then
  echo "FAIL: the console error of the control page was not seen; the check cannot work"
  cat "$dir/log"
  exit 1
fi

"$mancala" analyze "$game" --games 200 --jobs 2 --html "$dir/report.html" >/dev/null
browse "$dir/report.html" --dump-dom >"$dir/dom.html"
errors=$(console_errors)
if [[ -n $errors ]]; then
  echo "FAIL: console errors:"
  echo "$errors"
  exit 1
fi
fail=0
expect() {  # expect DESCRIPTION MINIMUM PATTERN: at least MINIMUM matches in the DOM
  local n
  n=$( (grep -oE "$3" "$dir/dom.html" || true) | wc -l)
  if ((n < $2)); then
    echo "FAIL: $1: $n found, at least $2 expected"
    fail=1
  else
    echo "ok: $1 ($n)"
  fi
}
expect "the length histogram" 1 '<svg[^>]*id="length-histogram"'
expect "its bars" 5 '<rect x="[0-9.]+" y="[0-9.]+" width="[0-9.]+" height="[0-9.]+" fill="#4a7fb5"'
expect "the balance chart" 1 '<svg[^>]*id="balance"'
expect "balance bars" 3 '<rect class="bar"'
expect "their intervals" 3 '<line class="interval"'
expect "the capture board" 1 '<svg[^>]*id="capture-board"'
expect "its holes" 12 '<circle class="hole"'
expect "the coverage list" 1 '<table class="coverage"'
expect "links to the clause text" 5 'href="#reading-1-clause-'
((fail == 0)) || exit 1

# A comparison of two readings: charts (the lengths overlaid, results and clauses as paired bars)
# and a table, not monospace text.
"$mancala" analyze "$game" --games 200 --jobs 2 --compare chain=leakey chain=driedger --html "$dir/compare.html" >/dev/null
browse "$dir/compare.html" --dump-dom >"$dir/dom.html"
errors=$(console_errors)
if [[ -n $errors ]]; then
  echo "FAIL: console errors in the comparison:"
  echo "$errors"
  exit 1
fi
expect "the lengths overlaid" 1 '<svg[^>]*id="compare-lengths"'
expect "their bars, each reading's" 10 '<rect class="overlay"'
expect "the results side by side" 1 '<svg[^>]*id="compare-results"'
expect "paired bars of results" 8 '<rect class="paired"'
expect "the clauses that changed most" 1 '<svg[^>]*id="compare-clauses"'
expect "the comparison table" 1 '<table class="comparison"'
# (The comparison is what comes before the first reading's own report.)
n=$(awk '{ i = index($0, "<h2>Reading "); if (i) { print substr($0, 1, i - 1); exit } print }' "$dir/dom.html" |
  grep -c '<pre' || true)
if ((n > 0)); then
  echo "FAIL: the comparison is shown as monospace text ($n <pre> blocks)"
  fail=1
else
  echo "ok: no monospace text in the comparison"
fi
((fail == 0)) || exit 1

browse "$dir/report.html" --screenshot="$dir/report.png" --window-size=1200,3000 >/dev/null
if [[ ! -s $dir/report.png ]]; then
  echo "FAIL: no screenshot written"
  exit 1
fi
echo "ok: screenshot $(stat -c %s "$dir/report.png") bytes"
