// mancala match FILE --p1 AGENT --p2 AGENT [--pN AGENT]: agents play each other N games,
// seats rotated, on J threads (interpreter/ai/match.hpp); wins, draws and losses per agent with
// 95% Wilson intervals, plies per game and time per move.
#include <fmt/format.h>

#include <array>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "interpreter/ai/match.hpp"
#include "interpreter/analysis/stats.hpp"
#include "interpreter/cli/load.hpp"
#include "interpreter/limits.hpp"

namespace mancala::cli {

namespace {

struct MatchArgs {
  std::string file;
  std::array<std::string, kMaxPlayers> players;
  int games = 100;
  int jobs = 1;
  std::uint64_t seed = 1;
  int max_turns = 2000;
  bool json = false;
};

int match(const Common& common, const MatchArgs& args) {
  Loaded loaded;
  if (!load(common, args.file, loaded)) return 1;
  const Game& game = *loaded.game;
  ai::MatchSettings settings;
  settings.games = args.games;
  settings.jobs = args.jobs;
  settings.seed = args.seed;
  settings.max_turns = args.max_turns;
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (p < game.players() && args.players[p].empty()) {
      std::cerr << fmt::format("mancala match: error: {} has {} players: give --p{}\n", game.name(), game.players(), p + 1);
      return 2;
    }
    if (p >= game.players() && !args.players[p].empty()) {
      std::cerr << fmt::format("mancala match: error: {} has {} players: --p{} has no seat\n", game.name(),
                               game.players(), p + 1);
      return 2;
    }
    if (p < game.players()) settings.agents.push_back(args.players[p]);
  }
  ai::MatchResult result;
  try {
    result = ai::play_match(game, settings);
  } catch (const std::invalid_argument& e) {
    std::cerr << fmt::format("mancala match: error: {}\n", e.what());
    return 2;
  } catch (const std::runtime_error& e) {  // PlayError, LimitExceeded
    std::cerr << fmt::format("{}: error: {}\n", args.file, e.what());
    return 1;
  }
  long plies = 0;
  for (const auto& g : result.games) plies += g.plies;
  const double mean_plies = static_cast<double>(plies) / args.games;
  if (args.json) {
    nlohmann::ordered_json agents = nlohmann::ordered_json::array();
    for (const auto& a : result.agents) {
      auto ci = analysis::wilson95(a.wins, args.games);
      agents.push_back({{"spec", a.spec}, {"agent", a.described}, {"wins", a.wins}, {"draws", a.draws},
                        {"losses", a.losses}, {"unfinished", a.unfinished}, {"credited_g9", a.credited},
                        {"win_rate", static_cast<double>(a.wins) / args.games}, {"win_ci95", {ci.low, ci.high}},
                        {"ms_per_move", a.moves ? 1000 * a.seconds / a.moves : 0.0}});
    }
    nlohmann::ordered_json out = {{"game", game.name()}, {"file", args.file}, {"options", common.options},
                                  {"games", args.games}, {"seed", args.seed}, {"max_turns", args.max_turns},
                                  {"agents", agents}, {"plies_per_game", mean_plies}, {"cut", result.cut}};
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << fmt::format("{}: {} games, seats alternating, seed {}, turn limit {} plies\n", game.name(), args.games,
                           args.seed, args.max_turns);
  for (std::size_t a = 0; a < result.agents.size(); ++a) {
    const auto& r = result.agents[a];
    auto ci = analysis::wilson95(r.wins, args.games);
    std::cout << fmt::format(
        "  {:<40} wins {:>4} ({:5.1f}%, 95% CI {:5.1f}-{:5.1f}%)  draws {:>4}  losses {:>4}  unfinished {:>4}  "
        "{:.2f} ms/move\n",
        r.described, r.wins, 100.0 * r.wins / args.games, 100 * ci.low, 100 * ci.high, r.draws, r.losses, r.unfinished,
        r.moves ? 1000 * r.seconds / r.moves : 0.0);
  }
  int credited = 0;
  for (const auto& r : result.agents) credited += r.credited;
  std::cout << fmt::format("  {:.1f} plies per game; {} game{} cut by the turn limit, {} of them counted for the "
                           "player ahead (G9), the others unfinished\n",
                           mean_plies, result.cut, result.cut == 1 ? "" : "s", credited);
  return 0;
}

}  // namespace

void add_match_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<MatchArgs>();
  auto* sub = app.add_subcommand("match", "agents play each other: wins, draws, losses with 95% intervals");
  sub->add_option("file", args->file, "rule file")->required();
  for (int p = 0; p < kMaxPlayers; ++p)
    sub->add_option(fmt::format("--p{}", p + 1), args->players[p],
                    fmt::format("agent spec of the {} agent (random, greedy, alphabeta, mcts; docs/ai.md)",
                                p == 0 ? "first" : p == 1 ? "second" : fmt::format("{}th", p + 1)));
  sub->add_option("--games", args->games, "games (default 100)")->check(CLI::Range(1, 10'000'000));
  sub->add_option("--jobs", args->jobs, "threads (default 1); results do not depend on it")->check(CLI::Range(1, 256));
  sub->add_option("--seed", args->seed, "match seed (default 1)");
  sub->add_option("--max-turns", args->max_turns, "turn limit in plies (default 2000; G9)")
      ->check(CLI::Range(1, 100'000'000));
  sub->add_flag("--json", args->json, "one JSON object instead of a table");
  add_common_flags(sub, common);
  out.push_back({sub, [&common, args] { return match(common, *args); }});
}

}  // namespace mancala::cli
