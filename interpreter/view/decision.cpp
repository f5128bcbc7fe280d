#include "interpreter/view/decision.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/view/board_view.hpp"

namespace mancala::view {

std::string describe_decision(const Game& game, const State& state) {
  if (game.is_over(state)) return {};
  const std::string who = player_name(game.mover(state));
  switch (game.phase(state)) {
    case Phase::flip: return who + " chooses: flip (turn the board round) or keep";
    case Phase::place: {
      std::vector<Move> moves;
      game.legal_moves(state, moves);
      auto [low, high] = std::minmax_element(moves.begin(), moves.end(),
                                             [](const Move& a, const Move& b) { return a.count < b.count; });
      std::string hole = hole_name(game, state, low->hole);
      if (low->count == high->count)
        return fmt::format("{} places the {} counters left in {}: {}", who, low->count, hole, game.move_text(state, *low));
      return fmt::format("{} places counters in {}: {} to {}", who, hole, game.move_text(state, *low),
                         game.move_text(state, *high));
    }
    case Phase::play:
    case Phase::over: break;
  }
  return game.continuing(state) ? who + " moves again, in the same turn" : who + " to move";
}

}  // namespace mancala::view
