#pragma once
// What agents count in a position, read through the Game only: match points, stores, and the
// counters of a player's own rows (counters in reach). Shared by greedy, alphabeta, mcts,
// match statistics and the solver.
#include <vector>

#include "interpreter/game.hpp"

namespace mancala::ai {

// Weights of the heuristic evaluation (docs/ai.md).
struct Weights {
  double points = 2;  // per match point (Game::score)
  double store = 1;   // per counter in the player's stores
  double row = -1;    // per counter in the player's own rows; <0: 0.5 with stores, 1 without
};

// A player's material under `weights`.
double material(const Game& game, const State& state, int player, const Weights& weights);

// `player`'s material minus the mean material of the others: > 0 when ahead.
double advantage(const Game& game, const State& state, int player, const Weights& weights);

// The counters a player holds at the end: their stores and their own rows (the final margin).
int holding(const Game& game, const State& state, int player);

// The player ahead, as G9 credits a game cut by the turn limit: more match points, else more
// counters held (store plus own holes); -1 when two or more players share the lead.
int player_ahead(const Game& game, const State& state);

// Per player, in [0, 1]: 1 for the winner and 0 for the others, 1/N each for a draw. A game not
// over (a playout cut short, G9) is credited to the player ahead, or drawn if none is.
std::vector<double> rewards(const Game& game, const State& state);

}  // namespace mancala::ai
