// mancala bench FILE: random playouts per second (median of several runs).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>

#include "interpreter/cli/load.hpp"
#include "interpreter/limits.hpp"

namespace mancala::cli {

namespace {

struct BenchArgs {
  std::string file;
  long playouts = 1000;
  std::uint64_t seed = 1;
  int max_turns = 2000;
  int runs = 5;
  bool json = false;
};

int bench(const Common& common, const BenchArgs& args) {
  Loaded loaded;
  if (!load(common, args.file, loaded)) return 1;
  const Game& game = *loaded.game;
  std::vector<double> rates;
  long plies = 0, games = 0, unfinished = 0;
  try {
    for (int run = 0; run < args.runs; ++run) {
      std::mt19937_64 rng(args.seed + static_cast<std::uint64_t>(run));
      auto start = std::chrono::steady_clock::now();
      for (long i = 0; i < args.playouts; ++i) {
        State s = game.initial_state();
        while (!game.is_over(s) && s.ply < args.max_turns) game.apply_random(s, rng);
        plies += s.ply;
        unfinished += !game.is_over(s);
        ++games;
      }
      std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
      rates.push_back(static_cast<double>(args.playouts) / elapsed.count());
    }
  } catch (const std::runtime_error& e) {  // PlayError names the ply, the move and the position
    std::cerr << fmt::format("{}: error: {}\n", args.file, e.what());
    return 1;
  }
  std::sort(rates.begin(), rates.end());
  const double median = rates[rates.size() / 2];
  const double plies_per_game = static_cast<double>(plies) / static_cast<double>(games);
  if (args.json) {
    nlohmann::ordered_json out = {
        {"game", game.name()},          {"file", args.file},
        {"options", common.options},    {"playouts", args.playouts},
        {"runs", args.runs},            {"seed", args.seed},
        {"playouts_per_sec", {{"median", median}, {"min", rates.front()}, {"max", rates.back()}}},
        {"plies_per_game", plies_per_game}, {"unfinished", unfinished},
        {"max_turns", args.max_turns},  {"excluded_g6", game.excluded_moves()}};
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << fmt::format(
      "{}: {} playouts x {} runs: median {:.0f} playouts/s (min {:.0f}, max {:.0f}); "
      "{:.1f} plies per game; {} unfinished at {} plies; {} moves excluded by G6 (endless, or "
      "repeating the turn; counted each time they are drawn or listed)\n",
      game.name(), args.playouts, args.runs, median, rates.front(), rates.back(), plies_per_game,
      unfinished, args.max_turns, game.excluded_moves());
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<BenchArgs>();
  auto* sub = app.add_subcommand("bench", "random playouts per second");
  sub->add_option("file", args->file, "rule file")->required();
  sub->add_option("--playouts", args->playouts, "playouts per run (default 1000)")
      ->check(CLI::Range(1L, 100'000'000L));
  sub->add_option("--seed", args->seed, "seed (default 1)");
  sub->add_option("--runs", args->runs, "runs; the median is reported (default 5)")
      ->check(CLI::Range(1, 1000));
  sub->add_option("--max-turns", args->max_turns, "turn limit in plies (default 2000)")
      ->check(CLI::Range(1, 100'000'000));
  sub->add_flag("--json", args->json, "one JSON object instead of a sentence");
  add_common_flags(sub, common);
  out.push_back({sub, [&common, args] { return bench(common, *args); }});
}

}  // namespace mancala::cli
