#pragma once
// The value of each legal move of a position under perfect play, for a person deciding what to
// play (the REPL's solve and hint): each move's position is solved within a budget, and the value
// is said from the mover's view, whoever moves next (a further move keeps the mover).
#include <string>
#include <vector>

#include "interpreter/ai/solver.hpp"

namespace mancala::ai {

struct MoveValue {
  Move move;
  bool complete = false;     // the value is proven; else only the bounds
  SolvedValue value;         // for the mover of the position asked about, when complete
  SolvedValue lower, upper;  // proven bounds, from the same view
  long positions = 0;
};

// Every legal move of `state` with its value, in the order of Game::legal_moves; `settings.budget`
// bounds each move's solve. Stops early (the moves not reached left out) when `control` cancels.
// Throws std::invalid_argument for a game of more than two players, as solve does.
std::vector<MoveValue> value_moves(const Game& game, const State& state, const SolveSettings& settings,
                                   const SolveControl* control = nullptr);

// The moves whose proven value no other move can beat (every other move's upper bound is no
// better); empty when the budget left it open.
std::vector<const MoveValue*> best_moves(const std::vector<MoveValue>& values);

// "win", "draw", "loss".
const char* result_word(int result);
// "win by 4", "loss by 2" (the margin as counters, whoever is ahead), "draw".
std::string value_text(const SolvedValue& value);
// A move's value as value_text says it, or its bounds: "between loss by 2 and draw (not proven)".
std::string value_text(const MoveValue& value);

}  // namespace mancala::ai
