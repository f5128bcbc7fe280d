#include "interpreter/ai/observation.hpp"

#include <vector>

namespace mancala::ai {

Observer::Observer(const Game& game) : game_(game) {
  if (game.stores_concealed()) first_round_total_ = game.total_counters(game.initial_state());
}

State Observer::observe(const State& state, int viewer, std::mt19937_64& rng) const {
  if (!game_.stores_concealed() || game_.is_over(state)) return state;
  State seen = state;
  std::vector<int> hidden;
  for (int p = 0; p < game_.players(); ++p)
    for (int h : game_.layout_of(state).stores_of[p])
      if (p != viewer) hidden.push_back(h);
  if (hidden.empty()) return seen;
  for (int h : hidden) game_.set_count(seen, h, 0);  // from here on, nothing read of a hidden store
  // In round 1 every counter's moves were seen; in a later round the round's total is not known
  // to this observer, which then assumes round 1's (documented).
  long unseen = first_round_total_ - game_.total_counters(seen);
  if (unseen < 0) unseen = 0;
  if (hidden.size() == 1) {
    game_.set_count(seen, hidden.front(), static_cast<int>(unseen));
    return seen;
  }
  std::uniform_int_distribution<std::size_t> pick(0, hidden.size() - 1);
  for (long c = 0; c < unseen; ++c) {
    int h = hidden[pick(rng)];
    game_.set_count(seen, h, game_.count(seen, h) + 1);
  }
  return seen;
}

}  // namespace mancala::ai
