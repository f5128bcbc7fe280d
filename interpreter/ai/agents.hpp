#pragma once
// The agents' constructors, one file each, for make_agent (agent.cpp).
#include <cstdint>
#include <memory>

#include "interpreter/ai/agent.hpp"
#include "interpreter/ai/spec.hpp"

namespace mancala::ai {

std::unique_ptr<Agent> make_random(const Spec& spec, const Game& game, std::uint64_t seed);
std::unique_ptr<Agent> make_greedy(const Spec& spec, const Game& game, std::uint64_t seed);
std::unique_ptr<Agent> make_alphabeta(const Spec& spec, const Game& game, std::uint64_t seed);
std::unique_ptr<Agent> make_mcts(const Spec& spec, const Game& game, std::uint64_t seed);

}  // namespace mancala::ai
