// Move notation (docs/rulings.md G8).
#include <fmt/format.h>

#include "interpreter/game.hpp"

namespace mancala {

std::string Game::move_text(const StateCore& s, const Move& m) const {
  const auto& names = layout(s.columns).names;
  switch (m.kind) {
    case MoveKind::sow: {
      std::string text = names[m.hole];
      if (m.has_dir) text += m.dir == Dir::ccw ? " ccw" : " cw";
      return text;
    }
    case MoveKind::store: return fmt::format("store {}", m.count);
    case MoveKind::place: return fmt::format("{}={}", names[m.hole], m.count);
    case MoveKind::flip: return "flip";
    case MoveKind::keep: return "keep";
    case MoveKind::pass: return "pass";
  }
  return "?";
}

bool Game::find_move(const State& s, std::string_view text, Move& move) const {
  std::vector<Move> moves;
  legal_moves(s, moves);
  for (const Move& m : moves)
    if (move_text(s, m) == text) {
      move = m;
      return true;
    }
  return false;
}

}  // namespace mancala
