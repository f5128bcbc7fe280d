// greedy: the move with the best immediate gain in match points, stores and counters in reach
// (evaluation.hpp), a move that wins at once first; ties broken at random. Each decision of a
// turn of several (K5) is weighed on its own.
#include <fmt/format.h>

#include <limits>
#include <random>

#include "interpreter/ai/agents.hpp"
#include "interpreter/ai/evaluation.hpp"
#include "interpreter/ai/observation.hpp"

namespace mancala::ai {

namespace {

class GreedyAgent : public Agent {
 public:
  GreedyAgent(const Game& game, std::uint64_t seed) : game_(game), observer_(game), seed_(seed), rng_(seed) {}

  Move choose(const State& state) override {
    const int me = game_.mover(state);
    State seen = observer_.observe(state, me, rng_);
    game_.expand(seen, children_);
    double best = -std::numeric_limits<double>::infinity();
    best_.clear();
    for (std::size_t i = 0; i < children_.size(); ++i) {
      const State& after = children_[i].state;
      ++weighed_;
      double value = advantage(game_, after, me, weights_);
      if (game_.is_over(after)) value += game_.winner(after) == me ? kWin : game_.winner(after) >= 0 ? -kWin : 0;
      if (value > best) best = value, best_.clear();
      if (value == best) best_.push_back(i);
    }
    return children_[best_[std::uniform_int_distribution<std::size_t>(0, best_.size() - 1)(rng_)]].move;
  }
  std::string describe() const override { return fmt::format("greedy:seed={}", seed_); }
  long effort() const override { return weighed_; }

 private:
  static constexpr double kWin = 1e9;
  const Game& game_;
  Observer observer_;
  Weights weights_;
  std::uint64_t seed_;
  std::mt19937_64 rng_;
  std::vector<Game::Child> children_;
  std::vector<std::size_t> best_;
  long weighed_ = 0;
};

}  // namespace

std::unique_ptr<Agent> make_greedy(const Spec& spec, const Game& game, std::uint64_t seed) {
  spec.allow_only({"seed"});
  return std::make_unique<GreedyAgent>(game, spec.integer("seed", seed));
}

}  // namespace mancala::ai
