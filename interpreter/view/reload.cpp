#include "interpreter/view/reload.hpp"

#include <fmt/format.h>

#include "interpreter/view/board_view.hpp"
#include "interpreter/view/explain.hpp"

namespace mancala::view {

namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

}  // namespace

Reloaded replay_under(const Game& old_game, const State& old_start, const std::vector<PlayedMove>& played,
                      const State& old_state, const Game& new_game) {
  Reloaded out;
  out.start = new_game.initial_state();
  State s = out.start;
  if (auto differences = position_differences(old_game, old_start, new_game, s); !differences.empty())
    out.disagreement.push_back("the starting position differs: " + joined(differences));
  std::size_t kept = 0;
  for (; kept < played.size(); ++kept) {
    const PlayedMove& old = played[kept];
    Move move;
    if (!new_game.find_move(s, old.text, move)) {
      if (out.disagreement.empty()) {
        out.disagreement.push_back(fmt::format("move {} is no longer legal:", kept + 1));
        for (const auto& line : explain_refusal(new_game, s, old.text)) out.disagreement.push_back("  " + line);
        out.disagreeing_move = static_cast<int>(kept + 1);
      }
      break;
    }
    PlayedMove again{old.text, move, s, {}, old.by};
    new_game.apply(s, move, &again.events);
    out.replayed.push_back(std::move(again));
    const State& old_after = kept + 1 < played.size() ? played[kept + 1].before : old_state;
    if (out.disagreement.empty())
      if (auto differences = position_differences(old_game, old_after, new_game, s); !differences.empty()) {
        out.disagreement.push_back(
            fmt::format("after move {} ({}) the position differs: {}", kept + 1, old.text, joined(differences)));
        out.disagreeing_move = static_cast<int>(kept + 1);
      }
  }
  for (std::size_t i = played.size(); i > kept; --i) out.left_over.push_back(played[i - 1].text);
  out.state = s;
  return out;
}

}  // namespace mancala::view
