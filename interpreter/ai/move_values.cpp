// Each legal move's value under perfect play (move_values.hpp).
#include "interpreter/ai/move_values.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <utility>

namespace mancala::ai {

namespace {

auto order(const SolvedValue& v) { return std::pair(v.result, v.margin); }
SolvedValue negated(const SolvedValue& v) { return {-v.result, -v.margin}; }

}  // namespace

std::vector<MoveValue> value_moves(const Game& game, const State& state, const SolveSettings& settings,
                                   const SolveControl* control) {
  if (game.players() != 2)
    throw std::invalid_argument("solve handles games of two players; this one has " + std::to_string(game.players()));
  std::vector<Move> legal;
  game.legal_moves(state, legal);
  std::vector<MoveValue> out;
  SolveSettings each = settings;  // one endgame table for every move's solve
  if (!each.endgame_built && endgame_table_pays(settings))
    each.endgame_built = build_endgame_table(game, state, settings, control);
  for (const Move& move : legal) {
    if (control && control->cancel && control->cancel->load()) break;
    State child = state;
    game.apply(child, move);
    const Solution solved = solve(game, child, each, control);
    if (solved.cancelled) break;
    MoveValue v{move, solved.complete, solved.value, solved.lower, solved.upper, solved.positions};
    if (game.mover(child) != game.mover(state)) {  // solved from the other player's view
      v.value = negated(solved.value);
      v.lower = negated(solved.upper);
      v.upper = negated(solved.lower);
    }
    out.push_back(v);
  }
  return out;
}

std::vector<const MoveValue*> best_moves(const std::vector<MoveValue>& values) {
  std::vector<const MoveValue*> best;
  for (const MoveValue& candidate : values) {
    if (!candidate.complete) continue;
    bool beaten = false;
    for (const MoveValue& other : values)
      if (order(other.upper) > order(candidate.value)) beaten = true;
    if (!beaten) best.push_back(&candidate);
  }
  return best;
}

const char* result_word(int result) { return result > 0 ? "win" : result < 0 ? "loss" : "draw"; }

std::string value_text(const SolvedValue& v) {
  return v.result == 0 && v.margin == 0 ? "draw" : fmt::format("{} by {}", result_word(v.result), std::abs(v.margin));
}

std::string value_text(const MoveValue& v) {
  return v.complete ? value_text(v.value)
                    : fmt::format("between {} and {} (not proven)", value_text(v.lower), value_text(v.upper));
}

}  // namespace mancala::ai
