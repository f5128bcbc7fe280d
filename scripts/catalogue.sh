#!/usr/bin/env bash
# Regenerates docs/catalogue.md from the rule files of games/ and games/library-index.tsv
# (mancala catalogue; tests/test_catalogue.cpp fails while it is stale). Brings build/mancala up
# to date first (nothing to do when it is).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -f build/build.ninja ]] || cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target mancala >/dev/null
build/mancala catalogue --format md games > docs/catalogue.md
echo "wrote docs/catalogue.md: $(grep -m1 '^[0-9]* games:' docs/catalogue.md)"
