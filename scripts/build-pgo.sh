#!/usr/bin/env bash
# Builds build-pgo/mancala with profile-guided optimisation (GCC): an instrumented build plays
# random games of every rule file of games/ (the training), then the same build directory is
# compiled again using that profile. For long studies and benchmarks: the generic interpreter
# runs about 5-15% faster (docs/performance.md); behaviour is the same as build/mancala's.
#   scripts/build-pgo.sh [--playouts N]   (training playouts per game, default 300)
set -euo pipefail
cd "$(dirname "$0")/.."
playouts=300
if [[ "${1:-}" == "--playouts" ]]; then playouts="$2"; fi
if echo | "${CXX:-c++}" -dM -E -x c++ - | grep -q __clang__; then
  echo "scripts/build-pgo.sh: needs GCC (its -fprofile-generate/-fprofile-use); CXX is ${CXX:-c++}" >&2
  exit 1
fi
profile="$PWD/build-pgo/profile"
rm -rf build-pgo
mkdir -p "$profile"
# ccache is left out: the two compilations of each file differ only by the profile they read.
configure() {
  cmake -S . -B build-pgo -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
        -DCMAKE_CXX_COMPILER_LAUNCHER= -DCMAKE_CXX_FLAGS="$1" >/dev/null
}
configure "-fprofile-generate=$profile -fprofile-update=single"
cmake --build build-pgo --target mancala
for game in games/*/*.lud; do build-pgo/mancala bench "$game" --playouts "$playouts" --runs 1 >/dev/null; done
configure "-fprofile-use=$profile -fprofile-partial-training -Wno-missing-profile"
cmake --build build-pgo --target clean >/dev/null
cmake --build build-pgo --target mancala
echo "built build-pgo/mancala (profile-guided; trained on $(ls games/*/*.lud | wc -l) games x $playouts playouts)"
