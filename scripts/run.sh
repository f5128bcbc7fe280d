#!/usr/bin/env bash
# The main job: install what is missing, build, check every shipped game, play one game of
# Kiuthi at random and print its record, and measure random playouts of each game.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build
build/mancala check games/*/*.lud
build/mancala trace games/two-row/kiuthi.lud --random --seed 1 --max-turns 10
for game in games/*/*.lud; do build/mancala bench "$game" --playouts 200 --runs 3; done
# Last, what a game looks like: its first moves as boards, each explained clause by clause.
build/mancala play games/two-row/kiuthi.lud --p1 random --p2 random --seed 1 --max-turns 3 --explain
echo
echo "To see the board in a browser, click to play, watch a sowing and edit the rules: the web"
echo "playground, build/mancala serve --workspace DIR, then open the address it prints (docs/web.md)."
