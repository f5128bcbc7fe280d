#!/bin/bash
# Replays every example record (examples/INDEX.tsv) through reference.py and compares the result
# with the record, position by position (compare_traces.py).  Run from anywhere.
set -u
here=$(cd "$(dirname "$0")" && pwd)
agree=0 total=0
while IFS=$'\t' read -r example game options; do
  [[ -z $example || $example == \#* ]] && continue
  [[ -f $here/../examples/$example.jsonl ]] || { echo "$example: record missing (skipped)"; continue; }
  total=$((total + 1))
  args=(); for o in $options; do args+=(--option "$o"); done
  moves=$(python3 -c "import json,sys; print(', '.join(json.loads(l)['move'] for l in open(sys.argv[1]) if '\"move\"' in l))" "$here/../examples/$example.jsonl")
  actual=$(mktemp)
  python3 "$here/reference.py" "$game" "${args[@]}" --moves "$moves" --max-turns 2000 >"$actual"
  if report=$(python3 "$here/compare_traces.py" "$here/../examples/$example.jsonl" "$actual"); then
    agree=$((agree + 1))
  else
    echo "$example: $report"
  fi
  rm -f "$actual"
done <"$here/../examples/INDEX.tsv"
echo "$agree passed, $((total - agree)) failed"
((agree == total))
