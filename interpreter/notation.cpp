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
      if (m.count > 0) text += fmt::format(" x{}", m.count);  // the amount the mover chose
      return text;
    }
    case MoveKind::store: return fmt::format("store {}", m.count);
    case MoveKind::place: return fmt::format("{}={}", names[m.hole], m.count);
    case MoveKind::flip: return "flip";
    case MoveKind::keep: return "keep";
    case MoveKind::pass: return "pass";
    case MoveKind::choose: return "choose " + names[m.hole];
    case MoveKind::choice: return rules_.alternatives.at(static_cast<std::size_t>(m.count));
  }
  return "?";
}

std::string Game::position_text(const StateCore& s) const {
  const Layout& l = layout(s.columns);
  std::string out = s.phase == Phase::over ? std::string("over") : player_name(s.mover) + " to move";
  for (int h = l.first_pit(); h < l.size; ++h)
    out += fmt::format("{} {} {}", h == l.first_pit() ? ";" : ",", l.names[h], s.holes[h]);
  for (int p = 0; p < players(); ++p) out += fmt::format("{} store {} {}", p ? "," : ";", player_name(p), store(s, p));
  return out;
}

std::string Game::notation_help(const State& s) const {
  const Layout& l = layout(s.columns);
  const std::string numbers =
      l.numbered.empty() ? std::string()
                         : fmt::format(", or by its number {} to {} (hole-numbers)", l.first_number,
                                       l.first_number + static_cast<int>(l.numbered.size()) - 1);
  return fmt::format("write a hole (C1{}), a hole and a direction (C1 ccw), a hole and an amount (C1 x3), "
                     "a placement (A1=5), store N, flip, keep, a chosen hole (choose A1), an alternative's "
                     "name or pass",
                     numbers);
}

bool Game::find_move(const State& s, std::string_view text, Move& move) const {
  // The text as a person may write it (a1, A1 = 5, C1  CCW), read as parse_move reads it, then
  // matched in the one form move_text writes.
  Move parsed;
  if (!parse_move(s, text, parsed)) return false;
  const std::string written = move_text(s, parsed);
  std::vector<Move> moves;
  legal_moves(s, moves);
  for (const Move& m : moves)
    if (move_text(s, m) == written) {
      move = m;
      return true;
    }
  return false;
}

}  // namespace mancala
