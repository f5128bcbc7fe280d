#pragma once
// What the player to move decides now, in words: for prompts and for the line under a board.
#include <string>
#include <vector>

#include "interpreter/game.hpp"

namespace mancala::view {

// "P1 to move", "P1 moves again, in the same turn", "P2 places counters in A1: A1=4 to A1=28",
// "P1 chooses: flip (turn the board round) or keep"; "" once the game is over.
std::string describe_decision(const Game& game, const State& state);

// The legal moves in notation as people read a list of them: numbers in numeric order (A1=2
// before A1=10, store 9 before store 10), the rest as trace lists them.
std::vector<std::string> legal_move_list(const Game& game, const State& state);

}  // namespace mancala::view
