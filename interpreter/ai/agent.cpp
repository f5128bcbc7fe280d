#include "interpreter/ai/agent.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "interpreter/ai/agents.hpp"

namespace mancala::ai {

namespace {

using Factory = std::unique_ptr<Agent> (*)(const Spec&, const Game&, std::uint64_t);

struct Entry {
  const char* name;
  Factory make;
};

constexpr Entry kAgents[] = {
    {"random", make_random}, {"greedy", make_greedy}, {"alphabeta", make_alphabeta}, {"mcts", make_mcts}};

}  // namespace

std::unique_ptr<Agent> make_agent(const std::string& text, const Game& game, std::uint64_t seed) {
  Spec spec = parse_spec(text);
  for (const Entry& entry : kAgents)
    if (spec.name == entry.name) return entry.make(spec, game, seed);
  std::string known;
  for (const auto& name : agent_names()) known += (known.empty() ? "" : ", ") + name;
  throw std::invalid_argument(fmt::format("unknown agent '{}' (agents: {})", spec.name, known));
}

std::vector<std::string> agent_names() {
  std::vector<std::string> names;
  for (const Entry& entry : kAgents) names.emplace_back(entry.name);
  return names;
}

}  // namespace mancala::ai
