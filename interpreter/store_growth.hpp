#pragma once
// Whether a game's stores only grow (Game::stores_only_grow): read once from the compiled rules.
#include "interpreter/rules.hpp"

namespace mancala {

// True when no clause of `rules` can take counters out of a store or bring counters into play,
// and every end of the game is decided by `most` (the largest tally of store, or store and own
// pits). False whenever that cannot be read from the rules for sure: a clause the test does not
// know, or a hole it cannot tell is a pit.
bool stores_only_grow(const Rules& rules);

}  // namespace mancala
