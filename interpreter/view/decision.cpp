#include "interpreter/view/decision.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/trace.hpp"
#include "interpreter/view/board_view.hpp"

namespace mancala::view {

std::string describe_decision(const Game& game, const State& state) {
  if (game.is_over(state)) return {};
  const std::string who = player_name(game.mover(state));
  switch (game.phase(state)) {
    case Phase::flip: return who + " chooses: flip (turn the board round) or keep";
    case Phase::choose:
    case Phase::choice: {
      std::vector<Move> moves;
      game.legal_moves(state, moves);
      std::string offered;
      for (const Move& m : moves) offered += (offered.empty() ? "" : ", ") + game.move_text(state, m);
      return fmt::format("{} chooses {}: {}", who, game.phase(state) == Phase::choose ? "a hole" : "one of", offered);
    }
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

namespace {

// Text order with each run of digits compared as a number.
bool numbers_in_order(const std::string& a, const std::string& b) {
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ei = i, ej = j;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      const std::string_view na = std::string_view(a).substr(i, ei - i), nb = std::string_view(b).substr(j, ej - j);
      if (na.size() != nb.size()) return na.size() < nb.size();  // (no leading zeros in notation)
      if (na != nb) return na < nb;
      i = ei, j = ej;
      continue;
    }
    if (a[i] != b[j]) return a[i] < b[j];
    ++i, ++j;
  }
  return a.size() - i < b.size() - j;
}

}  // namespace

std::vector<std::string> legal_move_list(const Game& game, const State& state) {
  std::vector<std::string> texts = legal_texts(game, state);
  std::stable_sort(texts.begin(), texts.end(), numbers_in_order);
  return texts;
}

}  // namespace mancala::view
