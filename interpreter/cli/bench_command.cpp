// mancala bench FILE: random playouts per second (median of several runs); with --agent, the
// agent's work per second of thinking: alpha-beta positions, MCTS iterations (docs/ai.md).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "interpreter/ai/agent.hpp"
#include "interpreter/cli/load.hpp"
#include "interpreter/limits.hpp"

namespace mancala::cli {

namespace {

// The fast routines the game's clauses allow, and what keeps the others out (docs/extending.md).
std::string routines_text(const Game& game) {
  std::string used, unused;
  for (const Game::RoutineUse& use : game.fast_routines()) {
    if (use.kept_out_by.empty()) {
      used += fmt::format("{}{}", used.empty() ? "" : ", ", fast_routine_name(use.routine));
    } else {
      std::string clauses;
      for (const std::string& c : use.kept_out_by) clauses += (clauses.empty() ? "" : ", ") + c;
      unused += fmt::format("\n  not {} (because of {})", fast_routine_name(use.routine), clauses);
    }
  }
  return fmt::format("fast routines: {}{}\n", used.empty() ? "none" : used, unused);
}

nlohmann::ordered_json routines_json(const Game& game) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const Game::RoutineUse& use : game.fast_routines())
    out[fast_routine_name(use.routine)] = use.kept_out_by.empty() ? nlohmann::ordered_json(true)
                                                                   : nlohmann::ordered_json(use.kept_out_by);
  return out;
}

struct BenchArgs {
  std::string file;
  long playouts = 1000;
  std::uint64_t seed = 1;
  int max_turns = 2000;
  int runs = 5;
  bool json = false;
  std::string agent;  // empty: random playouts
  int decisions = 20;  // per run, with --agent
};

// Each run: a game of the agent against itself from the start, `decisions` decisions (or to the
// end); the rate is the agent's work over its thinking time.
int bench_agent(const Game& game, const Common& common, const BenchArgs& args) {
  std::vector<double> rates;
  long work = 0, decided = 0;
  double seconds = 0;
  std::string described;
  try {
    for (int run = 0; run < args.runs; ++run) {
      auto agent = ai::make_agent(args.agent, game, args.seed + static_cast<std::uint64_t>(run));
      described = agent->describe();
      State s = game.initial_state();
      double spent = 0;
      for (int d = 0; d < args.decisions && !game.is_over(s) && game.ply(s) < args.max_turns; ++d) {
        auto start = std::chrono::steady_clock::now();
        Move move = agent->choose(s);
        spent += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        game.apply(s, move);
        ++decided;
      }
      work += agent->effort();
      seconds += spent;
      rates.push_back(static_cast<double>(agent->effort()) / std::max(spent, 1e-9));
    }
  } catch (const std::invalid_argument& e) {
    std::cerr << fmt::format("mancala bench: error: --agent: {}\n", e.what());
    return 2;
  } catch (const std::runtime_error& e) {
    std::cerr << fmt::format("{}: error: {}\n", args.file, e.what());
    return 1;
  }
  std::sort(rates.begin(), rates.end());
  const double median = rates[rates.size() / 2];
  const char* unit = args.agent.rfind("mcts", 0) == 0 ? "iterations" : args.agent.rfind("alphabeta", 0) == 0 ? "positions" : "moves weighed";
  if (args.json) {
    nlohmann::ordered_json out = {{"game", game.name()}, {"file", args.file}, {"options", common.options},
                                  {"agent", described}, {"unit", unit}, {"runs", args.runs},
                                  {"decisions", args.decisions}, {"seed", args.seed},
                                  {"per_sec", {{"median", median}, {"min", rates.front()}, {"max", rates.back()}}},
                                  {"ms_per_decision", 1000 * seconds / static_cast<double>(decided)}};
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << fmt::format("{}: {}: {} runs of {} decisions: median {:.0f} {}/s (min {:.0f}, max {:.0f}); {:.0f} {} per "
                           "decision\n",
                           game.name(), described, args.runs, args.decisions, median, unit, rates.front(),
                           rates.back(), static_cast<double>(work) / static_cast<double>(decided), unit);
  return 0;
}

int bench(const Common& common, const BenchArgs& args) {
  Loaded loaded;
  if (!load(common, args.file, loaded)) return 1;
  const Game& game = *loaded.game;
  if (!args.agent.empty()) return bench_agent(game, common, args);
  std::vector<double> rates;
  long plies = 0, games = 0, unfinished = 0;
  try {
    for (int run = 0; run < args.runs; ++run) {
      PlayoutRng rng(args.seed + static_cast<std::uint64_t>(run));
      auto start = std::chrono::steady_clock::now();
      for (long i = 0; i < args.playouts; ++i) {
        State s = game.initial_state();
        game.playout(s, rng, args.max_turns);
        plies += game.ply(s);
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
        {"max_turns", args.max_turns},  {"excluded_g6", game.excluded_moves()},
        {"fast_routines", routines_json(game)}};
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << fmt::format(
      "{}: {} playouts x {} runs: median {:.0f} playouts/s (min {:.0f}, max {:.0f}); "
      "{:.1f} plies per game; {} unfinished at {} plies; {} moves excluded by G6 (endless, or "
      "repeating the turn; counted each time they are drawn or listed)\n",
      game.name(), args.playouts, args.runs, median, rates.front(), rates.back(), plies_per_game,
      unfinished, args.max_turns, game.excluded_moves());
  std::cout << routines_text(game);
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<BenchArgs>();
  auto* sub = app.add_subcommand("bench", "random playouts per second, or an agent's search speed (--agent)");
  sub->add_option("file", args->file, "rule file")->required();
  sub->add_option("--playouts", args->playouts, "playouts per run (default 1000)")
      ->check(CLI::Range(1L, 100'000'000L));
  sub->add_option("--seed", args->seed, "seed (default 1)");
  sub->add_option("--runs", args->runs, "runs; the median is reported (default 5)")
      ->check(CLI::Range(1, 1000));
  sub->add_option("--max-turns", args->max_turns, "turn limit in plies (default 2000)")
      ->check(CLI::Range(1, 100'000'000));
  sub->add_flag("--json", args->json, "one JSON object instead of a sentence");
  sub->add_option("--agent", args->agent,
                  "measure this agent instead (alphabeta: positions/s, mcts: iterations/s; docs/ai.md)");
  sub->add_option("--decisions", args->decisions, "with --agent: decisions per run (default 20)")
      ->check(CLI::Range(1, 100'000));
  add_common_flags(sub, common);
  out.push_back({sub, [&common, args] { return bench(common, *args); }});
}

}  // namespace mancala::cli
