#include "interpreter/ai/evaluation.hpp"

namespace mancala::ai {

double material(const Game& game, const State& state, int player, const Weights& weights) {
  double row = weights.row >= 0 ? weights.row : (game.store_hole(player) == kNoHole ? 1.0 : 0.5);
  return weights.points * game.score(state, player) + weights.store * game.store(state, player) +
         row * game.side_total(state, player);
}

double advantage(const Game& game, const State& state, int player, const Weights& weights) {
  const int n = game.players();
  double others = 0;
  for (int p = 0; p < n; ++p)
    if (p != player) others += material(game, state, p, weights);
  return material(game, state, player, weights) - others / (n - 1);
}

int holding(const Game& game, const State& state, int player) {
  return game.store(state, player) + game.side_total(state, player);
}

int player_ahead(const Game& game, const State& state) {
  int best = -1;
  bool shared = false;
  auto better = [&](int p, int q) {  // p ahead of q
    if (game.score(state, p) != game.score(state, q)) return game.score(state, p) > game.score(state, q);
    return holding(game, state, p) > holding(game, state, q);
  };
  for (int p = 0; p < game.players(); ++p) {
    if (best < 0 || better(p, best)) {
      best = p;
      shared = false;
    } else if (!better(best, p)) {
      shared = true;
    }
  }
  return shared ? -1 : best;
}

std::vector<double> rewards(const Game& game, const State& state) {
  const int n = game.players();
  std::vector<double> out(static_cast<std::size_t>(n), 0.0);
  int winner = game.is_over(state) ? game.winner(state) : player_ahead(game, state);
  if (game.is_over(state) && state.outcome == Outcome::unfinished) winner = player_ahead(game, state);
  if (winner < 0) {
    for (double& r : out) r = 1.0 / n;
  } else {
    out[static_cast<std::size_t>(winner)] = 1.0;
  }
  return out;
}

}  // namespace mancala::ai
