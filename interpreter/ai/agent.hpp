#pragma once
// Computer players. An agent chooses moves through the Game interface only (legal_moves, apply,
// the read accessors), so it plays any rule file, including files written after it.
#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "interpreter/game.hpp"

namespace mancala::ai {

// Thrown by a search that its cancel flag stopped (Agent::set_cancel, solve's SolveControl): the
// position it was given is untouched.
struct Cancelled : std::runtime_error {
  Cancelled() : std::runtime_error("stopped") {}
};

class Agent {
 public:
  virtual ~Agent() = default;
  // A legal move for the mover of `state`, which is not over. Throws Cancelled when the cancel
  // flag is set while it searches.
  virtual Move choose(const State& state) = 0;
  // The flag every search polls (set by a signal handler, or another thread); null: never
  // cancelled.
  virtual void set_cancel(const std::atomic<bool>* flag) { cancel_ = flag; }
  // The memory the agent's search keeps (MCTS's tree, alpha-beta's table), in bytes.
  virtual std::size_t memory_used() const { return 0; }
  // The agent as a spec with every parameter written out: "random:seed=7".
  virtual std::string describe() const = 0;
  // The work done so far, for benchmarks: positions searched (alphabeta), iterations (mcts),
  // moves weighed (greedy, random).
  virtual long effort() const = 0;

 protected:
  // Throws Cancelled if the cancel flag is set.
  void poll_cancel() const {
    if (cancel_ && cancel_->load(std::memory_order_relaxed)) throw Cancelled();
  }

 private:
  const std::atomic<bool>* cancel_ = nullptr;
};

// Builds an agent from a spec NAME or NAME:key=value,... (docs/ai.md): random, greedy,
// alphabeta, mcts. `seed` is the default
// seed of agents that draw at random (a spec's own seed=... wins). Throws std::invalid_argument
// with a message that names the bad part of the spec.
std::unique_ptr<Agent> make_agent(const std::string& spec, const Game& game, std::uint64_t seed);

// The agent names make_agent knows, for help texts and completion.
std::vector<std::string> agent_names();

}  // namespace mancala::ai
