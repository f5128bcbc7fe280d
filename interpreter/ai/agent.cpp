#include "interpreter/ai/agent.hpp"

#include <fmt/format.h>

#include <random>
#include <stdexcept>

#include "interpreter/ai/agents.hpp"

namespace mancala::ai {

namespace {

using Factory = std::unique_ptr<Agent> (*)(const Spec&, const Game&, std::uint64_t);

struct AgentEntry {
  const char* name;
  Factory make;
};

constexpr AgentEntry kAgents[] = {
    {"random", make_random}, {"greedy", make_greedy}, {"alphabeta", make_alphabeta}, {"mcts", make_mcts}};

// An agent whose set-up decisions (placements, flip, choices) are uniformly random and whose moves of play
// are another agent's: what the set-up decisions are worth is a match against the agent alone.
class RandomSetup : public Agent {
 public:
  RandomSetup(std::unique_ptr<Agent> player, const Game& game, std::uint64_t seed)
      : player_(std::move(player)), game_(game), rng_(seed) {}
  Move choose(const State& state) override {
    if (game_.phase(state) == Phase::play) return player_->choose(state);
    game_.legal_moves(state, moves_);
    return moves_[std::uniform_int_distribution<std::size_t>(0, moves_.size() - 1)(rng_)];
  }
  std::string describe() const override { return player_->describe() + ",setup=random"; }
  long effort() const override { return player_->effort(); }
  void set_cancel(const std::atomic<bool>* flag) override { player_->set_cancel(flag); }
  std::size_t memory_used() const override { return player_->memory_used(); }

 private:
  std::unique_ptr<Agent> player_;
  const Game& game_;
  std::mt19937_64 rng_;
  std::vector<Move> moves_;
};

}  // namespace

std::unique_ptr<Agent> make_agent(const std::string& text, const Game& game, std::uint64_t seed) {
  Spec spec = parse_spec(text);
  // Every agent takes setup=random|own (default own): who takes the set-up decisions.
  std::string setup = "own";
  if (auto it = spec.params.find("setup"); it != spec.params.end()) {
    setup = it->second;
    spec.params.erase(it);
    if (setup != "random" && setup != "own")
      throw std::invalid_argument("agent '" + spec.name + "': setup must be random or own, found '" + setup + "'");
  }
  for (const AgentEntry& entry : kAgents) {
    if (spec.name != entry.name) continue;
    auto agent = entry.make(spec, game, seed);
    if (setup == "own") return agent;
    return std::make_unique<RandomSetup>(std::move(agent), game, seed ^ 0x5e7u);
  }
  std::string known;
  for (const auto& name : agent_names()) known += (known.empty() ? "" : ", ") + name;
  throw std::invalid_argument(fmt::format("unknown agent '{}' (agents: {})", spec.name, known));
}

std::vector<std::string> agent_names() {
  std::vector<std::string> names;
  for (const AgentEntry& entry : kAgents) names.emplace_back(entry.name);
  return names;
}

}  // namespace mancala::ai
