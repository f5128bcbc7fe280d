#!/usr/bin/env bash
# Every test: install what is missing, build, run the whole suite; then build it again with
# AddressSanitizer + UndefinedBehaviorSanitizer and run it again, plus each fuzz target for a
# short, bounded time. (The random-play tests play a budget of plies per configuration in both
# builds; the long sweep, ctest -C long -L random-play-long, is left out.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs=$(nproc)

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
(cd build && ctest --output-on-failure -j"$jobs")

# The sanitizer build keeps assert() (no -DNDEBUG): Game::apply checks its invariants after every
# move (docs/robustness.md). At -O1 -g1 (line tables: reports still name file and line) it
# compiles in half the CPU time of -O2 -g, the build being most of this script's time.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMANCALA_SANITIZE=ON \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" >/dev/null
cmake --build build-asan
# (The differential test is left to the Release run: under the sanitizers it would mostly time
# the Python reference. The sanitizers look for memory errors, which a game's first moves find as
# well as its thousandth: the per-game tests play a smaller budget there.)
(cd build-asan && MANCALA_RANDOM_PLIES=500 MANCALA_RANDOM_MIN_GAMES=1 MANCALA_CONTRACT_WHOLE_GAMES=2 \
  MANCALA_CONTRACT_GAMES=1 MANCALA_GAME_SAMPLE=6 MANCALA_COVERAGE_GAMES=1 \
  ctest --output-on-failure -j"$jobs" -LE differential)

# The libFuzzer targets (clang): each runs MANCALA_FUZZ_SECONDS (20) on its seeds and the
# regression inputs of tests/fuzz-regressions/.
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DMANCALA_FUZZ=ON >/dev/null
cmake --build build-fuzz --target fuzz_all
(cd build-fuzz && ctest -L fuzz --output-on-failure -j"$jobs")
