// random: uniform over the legal moves, seeded.
#include <fmt/format.h>

#include <random>

#include "interpreter/ai/agents.hpp"

namespace mancala::ai {

namespace {

class RandomAgent : public Agent {
 public:
  RandomAgent(const Game& game, std::uint64_t seed) : game_(game), seed_(seed), rng_(seed) {}
  Move choose(const State& state) override {
    game_.legal_moves(state, moves_);  // what the referee allows: a uniform choice reads nothing else
    ++chosen_;
    return moves_[std::uniform_int_distribution<std::size_t>(0, moves_.size() - 1)(rng_)];
  }
  std::string describe() const override { return fmt::format("random:seed={}", seed_); }
  long effort() const override { return chosen_; }

 private:
  const Game& game_;
  std::uint64_t seed_;
  std::mt19937_64 rng_;
  std::vector<Move> moves_;
  long chosen_ = 0;
};

}  // namespace

std::unique_ptr<Agent> make_random(const Spec& spec, const Game& game, std::uint64_t seed) {
  spec.allow_only({"seed"});
  return std::make_unique<RandomAgent>(game, spec.integer("seed", seed));
}

}  // namespace mancala::ai
