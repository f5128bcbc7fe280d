// Google Benchmark entries for the exact solver (built with -DMANCALA_BENCHMARKS=ON; run
// build/tests/mancala_bench --benchmark_filter=solve): the time of each Kalah(m,n) of "Solving
// Kalah" that the tests check, and the positions searched per second, with the store bound (bound:1)
// and without (bound:0; Kalah(6,4) only with it: without, it takes far too long).
// --benchmark_filter='solve_kalah/holes:[456]/seeds:[23]' leaves out the long ones.
#include <benchmark/benchmark.h>

#include <thread>

#include "interpreter/ai/solver.hpp"
#include "support.hpp"

namespace {

using namespace mancala;

// range(2): 0 searches without the store bound (what it saves).
void solve_kalah(benchmark::State& bench) {
  const int holes = static_cast<int>(bench.range(0)), seeds = static_cast<int>(bench.range(1));
  std::string error;
  auto source = read_source(std::string(MANCALA_TESTS_DIR) + "/ai/kalah-mn.lud", error);
  auto game = test::check_and_compile(source, {"holes=" + std::to_string(holes), "seeds=" + std::to_string(seeds)});
  ai::SolveSettings settings;
  settings.threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  settings.table_bytes = std::size_t{256} << 20;
  settings.store_bound = bench.range(2) != 0;
  long positions = 0;
  int margin = 0;
  for (auto _ : bench) {
    const ai::Solution solution = ai::solve(*game, game->initial_state(), settings);
    positions += solution.positions;
    margin = solution.value.margin;
  }
  bench.counters["positions/s"] = benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate);
  bench.counters["margin"] = margin;
}

}  // namespace

BENCHMARK(solve_kalah)->ArgNames({"holes", "seeds", "bound"})
    ->Args({4, 3, 1})->Args({6, 2, 1})->Args({5, 4, 1})->Args({6, 4, 1})
    ->Args({4, 3, 0})->Args({6, 2, 0})->Args({5, 4, 0})
    ->Unit(benchmark::kMillisecond)->UseRealTime();
