#pragma once
// What a player may see of a position (docs/ai.md, "Hidden information"). Only concealed stores
// (Okwe, O1) hide anything: the other players' concealed stores are replaced by what the viewer
// can know of them. Counters are conserved within a round and every move is seen, so the hidden
// counters are the round's counters less those in sight: with one hidden store (two players)
// this deduces it exactly; with several, their sum is known and its split among them is drawn
// at random.
#include <random>

#include "interpreter/game.hpp"

namespace mancala::ai {

class Observer {
 public:
  explicit Observer(const Game& game);
  // `state` as `viewer` may know it. Unchanged when nothing is concealed from the viewer.
  State observe(const State& state, int viewer, std::mt19937_64& rng) const;

 private:
  const Game& game_;
  long first_round_total_ = 0;  // the counters of round 1, which conservation keeps
};

}  // namespace mancala::ai
