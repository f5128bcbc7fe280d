// mcts: UCT (Kocsis and Szepesvari 2006) with uniformly random playouts (Game::playout).
// Every node keeps a reward per player and a move is chosen by the player who makes it, so a
// turn of several decisions (K5) and any number of players need nothing special. A playout
// longer than its limit stops and is credited as G9 credits a game cut by the turn limit (the
// player ahead wins). The tree is kept between moves: the next search starts from the node of
// the position it is given, if the tree holds it. For a seed and an iteration budget (no time
// budget) the agent's choices are reproducible. The tree is bounded in memory (memory=MB): once
// it holds that much, iterations go on from its leaves without adding nodes.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <deque>
#include <random>

#include "interpreter/ai/agents.hpp"
#include "interpreter/ai/evaluation.hpp"
#include "interpreter/ai/observation.hpp"

namespace mancala::ai {

namespace {

struct Settings {
  long iterations = 200;   // per move; 0: no limit (then time must be set)
  double time_ms = 0;      // per move; 0: no limit
  double memory_mb = 512;  // the most the tree may hold
  double exploration = 1.0;
  int playout = 50;        // plies of a playout before it is cut and credited (G9)
  bool reuse = true;       // keep the tree between moves
};

struct Node {
  State state;
  std::uint64_t hash = 0;
  std::vector<Move> moves;          // shuffled at creation; children follow this order
  std::vector<std::int32_t> children;  // one per expanded move
  std::array<double, kMaxPlayers> reward{};  // per player: read by whichever player chose the node
  long visits = 0;
};

class MctsAgent : public Agent {
 public:
  MctsAgent(const Game& game, const Settings& settings, std::uint64_t seed)
      : game_(game), observer_(game), settings_(settings), seed_(seed), rng_(seed), playout_rng_(seed) {}

  Move choose(const State& state) override {
    State seen = observer_.observe(state, game_.mover(state), rng_);
    reroot(seen);
    const auto start = std::chrono::steady_clock::now();
    const Node& root = nodes_[0];
    if (root.moves.size() == 1) return root.moves.front();
    for (long i = 0; settings_.iterations == 0 || i < settings_.iterations; ++i) {
      if ((i & 15) == 0) {
        poll_cancel();
        std::chrono::duration<double, std::milli> spent = std::chrono::steady_clock::now() - start;
        if (settings_.time_ms > 0 && spent.count() >= settings_.time_ms) break;
      }
      iterate();
    }
    const Node& top = nodes_[0];
    std::size_t best = 0;
    for (std::size_t k = 1; k < top.children.size(); ++k)
      if (nodes_[top.children[k]].visits > nodes_[top.children[best]].visits) best = k;
    return top.moves[best];
  }

  std::string describe() const override {
    return fmt::format("mcts:iterations={},time={},memory={},c={},playout={},reuse={},seed={}", settings_.iterations,
                       settings_.time_ms, settings_.memory_mb, settings_.exploration, settings_.playout,
                       settings_.reuse ? 1 : 0, seed_);
  }
  long effort() const override { return iterations_; }
  std::size_t memory_used() const override { return bytes_; }

 private:
  std::int32_t add_node(State state) {
    Node node;
    node.hash = game_.hash(state);
    if (!game_.is_over(state)) {
      game_.legal_moves(state, node.moves);
      std::shuffle(node.moves.begin(), node.moves.end(), rng_);
    }
    node.state = std::move(state);
    bytes_ += node_bytes(node);
    nodes_.push_back(std::move(node));
    return static_cast<std::int32_t>(nodes_.size() - 1);
  }

  // What a node holds, its own bytes and those its vectors point to (the estimate the memory
  // bound is kept by).
  static std::size_t node_bytes(const Node& node) {
    const State& s = node.state;
    return sizeof(Node) + node.moves.capacity() * sizeof(Move) + node.children.capacity() * sizeof(std::int32_t) +
           s.holes.capacity() * sizeof(Count) + s.owner.capacity() + s.flags.capacity() +
           s.vars.capacity() * sizeof(std::int32_t) +
           (s.turn_positions.size() + s.round_positions.size()) * (sizeof(std::uint64_t) + 1 + s.holes.size() * (sizeof(Count) + 1));
  }
  bool tree_full() const { return static_cast<double>(bytes_) >= settings_.memory_mb * 1024 * 1024; }

  // Makes the node of `state` the root, keeping its subtree; a new tree if none holds it.
  void reroot(const State& state) {
    const std::uint64_t hash = game_.hash(state);
    std::int32_t found = -1;
    if (settings_.reuse && !nodes_.empty()) {
      // Breadth-first from the old root: the position is a few decisions below it.
      std::deque<std::int32_t> queue{0};
      while (!queue.empty() && found < 0) {
        std::int32_t n = queue.front();
        queue.pop_front();
        if (nodes_[n].hash == hash && static_cast<const StateCore&>(nodes_[n].state) == state) found = n;
        for (std::int32_t c : nodes_[n].children) queue.push_back(c);
      }
    }
    if (found < 0) {
      nodes_.clear();
      bytes_ = 0;
      add_node(state);
      return;
    }
    // Copy the subtree into a fresh pool, the new root first.
    std::vector<Node> kept;
    std::vector<std::int32_t> order{found};
    for (std::size_t i = 0; i < order.size(); ++i)
      for (std::int32_t c : nodes_[order[i]].children) order.push_back(c);
    std::vector<std::int32_t> index(nodes_.size(), -1);
    for (std::size_t i = 0; i < order.size(); ++i) index[order[i]] = static_cast<std::int32_t>(i);
    kept.reserve(order.size());
    for (std::int32_t n : order) {
      kept.push_back(std::move(nodes_[n]));
      for (std::int32_t& c : kept.back().children) c = index[c];
    }
    nodes_ = std::move(kept);
    bytes_ = 0;
    for (const Node& node : nodes_) bytes_ += node_bytes(node);
  }

  double ucb(const Node& parent, const Node& child, int player) const {
    return child.reward[player] / child.visits +
           settings_.exploration * std::sqrt(std::log(static_cast<double>(parent.visits)) / child.visits);
  }

  void iterate() {
    ++iterations_;
    path_.clear();
    std::int32_t n = 0;
    path_.push_back(n);
    // Selection: down fully expanded nodes by UCB1, each from its mover's view.
    while (!nodes_[n].moves.empty() && nodes_[n].children.size() == nodes_[n].moves.size()) {
      const Node& node = nodes_[n];
      const int player = game_.mover(node.state);
      std::int32_t best = node.children.front();
      double best_value = -1;
      for (std::int32_t c : node.children) {
        double value = ucb(node, nodes_[c], player);
        if (value > best_value) best_value = value, best = c;
      }
      n = best;
      path_.push_back(n);
    }
    // Expansion: the next untried move, while the tree has room; else the playout starts from
    // the node reached, through that move.
    State s = nodes_[n].state;
    if (!nodes_[n].moves.empty()) {
      State child = nodes_[n].state;
      game_.apply(child, nodes_[n].moves[nodes_[n].children.size()]);
      if (tree_full()) {
        s = std::move(child);
      } else {
        std::int32_t c = add_node(std::move(child));
        nodes_[n].children.push_back(c);
        n = c;
        path_.push_back(n);
        s = nodes_[n].state;
      }
    }
    // Playout.
    game_.playout(s, playout_rng_, s.ply + settings_.playout);
    const std::vector<double> reward = rewards(game_, s);
    for (std::int32_t k : path_) {
      Node& node = nodes_[k];
      ++node.visits;
      for (std::size_t p = 0; p < reward.size(); ++p) node.reward[p] += reward[p];
    }
  }

  const Game& game_;
  Observer observer_;
  Settings settings_;
  std::uint64_t seed_;
  std::mt19937_64 rng_;
  PlayoutRng playout_rng_;  // the playouts' draws
  std::vector<Node> nodes_;  // nodes_[0] is the root
  std::vector<std::int32_t> path_;
  long iterations_ = 0;
  std::size_t bytes_ = 0;  // what the tree holds (node_bytes)
};

}  // namespace

std::unique_ptr<Agent> make_mcts(const Spec& spec, const Game& game, std::uint64_t seed) {
  spec.allow_only({"iterations", "time", "memory", "c", "playout", "reuse", "seed"});
  Settings settings;
  settings.time_ms = spec.decimal("time", settings.time_ms);
  // A time budget given alone is the budget: the default iteration budget does not cut it short.
  settings.iterations =
      static_cast<long>(spec.integer("iterations", settings.time_ms > 0 ? 0 : settings.iterations));
  settings.memory_mb = spec.decimal("memory", settings.memory_mb);
  if (settings.memory_mb <= 0) throw std::invalid_argument("agent 'mcts': memory must be a positive number of megabytes");
  settings.exploration = spec.decimal("c", settings.exploration);
  settings.playout = static_cast<int>(std::min<std::uint64_t>(spec.integer("playout", settings.playout), 1'000'000));
  const std::uint64_t reuse = spec.integer("reuse", 1);
  if (reuse > 1) throw std::invalid_argument("agent 'mcts': reuse must be 0 or 1");
  settings.reuse = reuse == 1;
  if (settings.iterations == 0 && settings.time_ms == 0)
    throw std::invalid_argument("agent 'mcts': iterations=0 needs a time budget (time=MS)");
  return std::make_unique<MctsAgent>(game, settings, spec.integer("seed", seed));
}

}  // namespace mancala::ai
