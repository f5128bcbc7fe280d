// The REPL's solve and hint: each legal move's value under perfect play, within a budget of
// positions a move (ai/move_values.hpp), for a person deciding what to play.
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "interpreter/ai/agent.hpp"
#include "interpreter/ai/endgame_build.hpp"
#include "interpreter/ai/move_values.hpp"
#include "interpreter/cli/endgame_cache_key.hpp"
#include "interpreter/cli/repl_session.hpp"
#include "interpreter/cli/repl_text.hpp"

namespace mancala::cli {

namespace {

constexpr long kSolveBudget = 1'000'000;  // positions a move, for solve
constexpr long kHintBudget = 100'000;     // for hint: an answer within a second or so
// The endgame table's positions (counters on the pits at most): built at the first solve or hint
// (under a second for standard Kalah), then kept on disk.
constexpr int kEndgameCounters = 8;

}  // namespace

std::optional<Session::MoveValues> Session::value_moves(std::string_view command, const std::string& arguments,
                                                        long default_budget) {
  if (!has_game()) return std::nullopt;
  long budget = default_budget;
  if (!trim(arguments).empty() && !positive(trim(arguments), budget)) {
    error(fmt::format("{0} takes a number of positions a move: {0} 200000", command));
    return std::nullopt;
  }
  const Game& game = *rules_.game;
  if (game.is_over(state_)) {
    error("the game is over");
    return std::nullopt;
  }
  if (cancel) cancel->store(false);
  interrupted();  // a Ctrl-C of before does not stop this
  ai::SolveSettings settings;
  settings.budget = budget;
  settings.max_turns = settings_.max_turns;
  settings.endgame_counters = kEndgameCounters;
  settings.endgame_cache_dir = endgame_cache_dir();
  settings.endgame_rules_key = endgame_rules_key(rules_.checked);
  ai::SolveControl control;
  control.cancel = cancel;
  try {
    if (!endgame_) {
      auto built = ai::build_endgame_table(game, state_, settings, &control);
      if (!built->cancelled) endgame_ = built;
    }
    settings.endgame_built = endgame_;
    MoveValues out{budget, ai::value_moves(game, state_, settings, &control)};
    if (cancel && cancel->load()) {
      interrupted();
      out_ << "stopped (Ctrl-C)\n";
      return std::nullopt;
    }
    return out;
  } catch (const std::invalid_argument& e) {
    error(e.what());
    return std::nullopt;
  }
}

void Session::solve_command(const std::string& arguments) {
  const auto valued = value_moves("solve", arguments, kSolveBudget);
  if (!valued) return;
  const Game& game = *rules_.game;
  const auto best = ai::best_moves(valued->values);
  std::size_t width = 0;
  for (const auto& v : valued->values) width = std::max(width, game.move_text(state_, v.move).size());
  out_ << fmt::format("P{} to move; each move's value under perfect play (at most {} positions a move):\n",
                      game.mover(state_) + 1, valued->budget);
  for (const auto& v : valued->values) {
    const bool is_best = std::find(best.begin(), best.end(), &v) != best.end();
    out_ << fmt::format("  {:<{}}  {}{}\n", game.move_text(state_, v.move), width, ai::value_text(v), is_best ? "  best" : "");
  }
}

void Session::hint_command(const std::string& arguments) {
  const auto valued = value_moves("hint", arguments, kHintBudget);
  if (!valued) return;
  const Game& game = *rules_.game;
  const auto best = ai::best_moves(valued->values);
  if (!best.empty()) {
    std::vector<std::string> moves;
    for (const auto* v : best) moves.push_back(game.move_text(state_, v->move));
    out_ << fmt::format("hint: {} ({} under perfect play)\n", joined(moves, " or "), ai::value_text(best.front()->value));
    return;
  }
  try {
    const Move move = agent("alphabeta").choose(state_);
    out_ << fmt::format("hint: {} (alphabeta's choice: no move's value is proven within {} positions a move)\n",
                        game.move_text(state_, move), valued->budget);
  } catch (const ai::Cancelled&) {
    interrupted();
    out_ << "stopped (Ctrl-C)\n";
  } catch (const std::invalid_argument& e) {
    error(e.what());
  }
}

}  // namespace mancala::cli
