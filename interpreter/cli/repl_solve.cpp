// The REPL's solve and hint: each legal move's value under perfect play, within a budget of
// positions a move (ai/move_values.hpp), for a person deciding what to play.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "interpreter/ai/agent.hpp"
#include "interpreter/ai/move_values.hpp"
#include "interpreter/cli/repl_session.hpp"

namespace mancala::cli {

namespace {

constexpr long kSolveBudget = 1'000'000;  // positions a move, for solve
constexpr long kHintBudget = 100'000;     // for hint: an answer within a second or so

// "solve 5000" -> 5000; `fallback` when no number is given; false for anything else.
bool budget_of(const std::string& arguments, long fallback, long& budget) {
  const auto b = arguments.find_first_not_of(" \t"), e = arguments.find_last_not_of(" \t");
  if (b == std::string::npos) {
    budget = fallback;
    return true;
  }
  auto [end, ec] = std::from_chars(arguments.data() + b, arguments.data() + e + 1, budget);
  return ec == std::errc() && end == arguments.data() + e + 1 && budget > 0;
}

}  // namespace

std::optional<std::vector<ai::MoveValue>> Session::value_moves(long budget) {
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
  ai::SolveControl control;
  control.cancel = cancel;
  try {
    auto values = ai::value_moves(game, state_, settings, &control);
    if (cancel && cancel->load()) {
      interrupted();
      out_ << "stopped (Ctrl-C)\n";
      return std::nullopt;
    }
    return values;
  } catch (const std::invalid_argument& e) {
    error(e.what());
    return std::nullopt;
  }
}

void Session::solve_command(const std::string& arguments) {
  if (!has_game()) return;
  long budget;
  if (!budget_of(arguments, kSolveBudget, budget)) return error("solve takes a number of positions a move: solve 200000");
  const auto values = value_moves(budget);
  if (!values) return;
  const Game& game = *rules_.game;
  const auto best = ai::best_moves(*values);
  std::size_t width = 0;
  for (const auto& v : *values) width = std::max(width, game.move_text(state_, v.move).size());
  out_ << fmt::format("P{} to move; each move's value under perfect play (at most {} positions a move):\n",
                      game.mover(state_) + 1, budget);
  for (const auto& v : *values) {
    const bool is_best = std::find(best.begin(), best.end(), &v) != best.end();
    const std::string value = v.complete ? ai::value_text(v.value)
                                         : fmt::format("between {} and {} (not proven)", ai::value_text(v.lower),
                                                       ai::value_text(v.upper));
    out_ << fmt::format("  {:<{}}  {}{}\n", game.move_text(state_, v.move), width, value, is_best ? "  best" : "");
  }
}

void Session::hint_command(const std::string& arguments) {
  if (!has_game()) return;
  long budget;
  if (!budget_of(arguments, kHintBudget, budget)) return error("hint takes a number of positions a move: hint 200000");
  const auto values = value_moves(budget);
  if (!values) return;
  const Game& game = *rules_.game;
  const auto best = ai::best_moves(*values);
  if (!best.empty()) {
    std::string moves;
    for (const auto* v : best) moves += (moves.empty() ? "" : " or ") + game.move_text(state_, v->move);
    out_ << fmt::format("hint: {} ({} under perfect play)\n", moves, ai::value_text(best.front()->value));
    return;
  }
  try {
    const Move move = agent("alphabeta").choose(state_);
    out_ << fmt::format("hint: {} (alphabeta's choice: no move's value is proven within {} positions a move)\n",
                        game.move_text(state_, move), budget);
  } catch (const ai::Cancelled&) {
    interrupted();
    out_ << "stopped (Ctrl-C)\n";
  } catch (const std::invalid_argument& e) {
    error(e.what());
  }
}

}  // namespace mancala::cli
