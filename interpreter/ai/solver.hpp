#pragma once
// The exact value of a position of a two-player game under perfect play (mancala solve): each
// player prefers a win to a draw to a loss, then the largest final margin of counters held
// (stores plus own rows, evaluation.hpp). A game cut by the turn limit (G9) counts as a draw
// with margin 0, never as a win. Alpha-beta over the whole tree with a transposition table of
// exact values and bounds; tests/test_ai_solver.cpp checks it against plain minimax.
#include <atomic>
#include <functional>
#include <vector>

#include "interpreter/game.hpp"

namespace mancala::ai {

// A value from one player's view: result +1 won, 0 drawn, -1 lost, then the margin.
struct SolvedValue {
  int result = 0;
  int margin = 0;
  friend bool operator==(const SolvedValue&, const SolvedValue&) = default;
};

struct Solution {
  bool complete = false;  // false: the budget ran out before the value was known
  SolvedValue value;      // for the mover of the position solved
  std::vector<Move> line; // the principal variation, to the end of the game
  long positions = 0;     // positions searched
  bool reached_limit = false;  // some line was cut by the turn limit (counted as drawn)
};

// What a long solve reports and polls: `progress` is called every few thousand positions with
// the positions searched so far; when `cancel` is set, the search stops (ai::Cancelled).
struct SolveControl {
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(long positions)> progress;
};

// `budget`: positions to search at most (0: no limit); `max_turns`: the turn limit (G9).
// Throws std::invalid_argument for a game of more than two players, ai::Cancelled (agent.hpp)
// when `control`'s cancel flag stops it.
Solution solve(const Game& game, const State& state, long budget, int max_turns,
               const SolveControl* control = nullptr);

// The value of a finished (or cut) position for `player`, as solve counts it.
SolvedValue final_value(const Game& game, const State& state, int player);

}  // namespace mancala::ai
