// Google Benchmark harness for the interpreter's hot paths (built with -DMANCALA_BENCHMARKS=ON;
// run build/tests/mancala_bench). Timings live here and in `mancala bench`, never in a test.
#include <benchmark/benchmark.h>

#include <random>

#include "support.hpp"

namespace {

using namespace mancala;

// Positions met in random play, so that each benchmark measures typical work.
std::vector<State> sample_positions(const Game& game, int count) {
  std::mt19937_64 rng(7);
  std::vector<State> positions;
  std::vector<Move> legal;
  while (static_cast<int>(positions.size()) < count) {
    State s = game.initial_state();
    while (!game.is_over(s) && s.ply < 400 && static_cast<int>(positions.size()) < count) {
      game.legal_moves(s, legal);
      if (s.phase == Phase::play) positions.push_back(s);
      game.apply(s, legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
    }
  }
  return positions;
}

void legal_moves(benchmark::State& bench, const char* name) {
  auto game = test::load_game(name);
  auto positions = sample_positions(*game, 256);
  std::vector<Move> moves;
  std::size_t i = 0;
  for (auto _ : bench) {
    game->legal_moves(positions[i++ % positions.size()], moves);
    benchmark::DoNotOptimize(moves.data());
  }
}

void apply_move(benchmark::State& bench, const char* name) {
  auto game = test::load_game(name);
  auto positions = sample_positions(*game, 256);
  std::vector<std::pair<State, Move>> cases;
  std::vector<Move> moves;
  for (const State& s : positions) {
    game->legal_moves(s, moves);
    cases.emplace_back(s, moves.front());
  }
  std::size_t i = 0;
  for (auto _ : bench) {
    const auto& [position, move] = cases[i++ % cases.size()];
    State s = position;
    game->apply(s, move);
    benchmark::DoNotOptimize(s.holes.data());
  }
}

void playout(benchmark::State& bench, const char* name) {
  auto game = test::load_game(name);
  std::mt19937_64 rng(1);
  std::vector<Game::Child> children;
  for (auto _ : bench) {
    State s = game->initial_state();
    while (!game->is_over(s) && s.ply < 2000) {
      game->expand(s, children);
      s = children[std::uniform_int_distribution<std::size_t>(0, children.size() - 1)(rng)].state;
    }
    benchmark::DoNotOptimize(s.ply);
  }
}

}  // namespace

#define GAME_BENCHMARKS(fn)                                        \
  BENCHMARK_CAPTURE(fn, kiuthi, "kiuthi");                         \
  BENCHMARK_CAPTURE(fn, kisolo, "kisolo");                         \
  BENCHMARK_CAPTURE(fn, okwe_ido, "okwe-ido");                     \
  BENCHMARK_CAPTURE(fn, lib_al_ghashim, "lib-al-ghashim")

GAME_BENCHMARKS(legal_moves);
GAME_BENCHMARKS(apply_move);
GAME_BENCHMARKS(playout);

BENCHMARK_MAIN();
