#pragma once
// What the player to move decides now, in words: for prompts and for the line under a board.
#include <string>

#include "interpreter/game.hpp"

namespace mancala::view {

// "P1 to move", "P1 moves again, in the same turn", "P2 places counters in A1: A1=4 to A1=28",
// "P1 chooses: flip (turn the board round) or keep"; "" once the game is over.
std::string describe_decision(const Game& game, const State& state);

}  // namespace mancala::view
