// alphabeta: negamax with alpha-beta pruning, iterative deepening, a transposition table keyed
// by the Zobrist hash of the whole position, and the previous iteration's best move searched
// first. A turn of several decisions (K5) is searched as the same player: the sign of a value
// changes only where the side to move changes. With more than two players the search is
// paranoid: the agent's player against the others as one side, which plays to minimise the
// agent's advantage (evaluation.hpp). Depth counts decisions, not turns. The root's moves are
// searched in an order drawn from the agent's seed, so that among moves of equal value the one
// played depends on the seed: games seeded apart differ (mancala analyze gives each game its seed).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>

#include "interpreter/ai/agents.hpp"
#include "interpreter/ai/evaluation.hpp"
#include "interpreter/ai/observation.hpp"

namespace mancala::ai {

namespace {

struct Budget {
  int depth = 64;        // deepest iteration
  long nodes = 5000;     // positions searched per move; 0: no limit
  double time_ms = 0;    // per move; 0: no limit
  std::size_t table = 1 << 18;  // transposition table entries
};

enum class Bound : std::uint8_t { exact, lower, upper };

struct Entry {
  std::uint64_t key = 0;
  double value = 0;
  std::int16_t depth = -1;
  std::int16_t best = -1;  // index of the best move in the position's fixed move order
  Bound bound = Bound::exact;
};

class AlphaBetaAgent : public Agent {
 public:
  AlphaBetaAgent(const Game& game, const Budget& budget, std::uint64_t seed)
      : game_(game), observer_(game), budget_(budget), seed_(seed), rng_(seed), table_(budget.table) {}

  Move choose(const State& state) override {
    root_ = game_.mover(state);
    State seen = observer_.observe(state, root_, rng_);
    // Values are the root player's side's: entries of an earlier move may belong to another root.
    std::fill(table_.begin(), table_.end(), Entry{});
    start_ = std::chrono::steady_clock::now();
    move_nodes_ = 0;
    stopped_ = false;
    std::vector<Move> moves;  // in expand's order: search's `found` indexes them
    game_.legal_moves(seen, moves);
    if (moves.size() == 1) return moves.front();
    root_order_.resize(moves.size());
    std::iota(root_order_.begin(), root_order_.end(), std::size_t{0});
    std::shuffle(root_order_.begin(), root_order_.end(), rng_);
    std::size_t best = 0;
    for (int depth = 1; depth <= budget_.depth; ++depth) {
      std::size_t found = 0;
      search(seen, depth, -kInfinity, kInfinity, 0, &found);
      if (stopped_) break;  // an unfinished iteration's choice is not trusted
      best = found;
      if (complete_) break;  // the whole tree was seen: deeper adds nothing
    }
    return moves[best];
  }
  std::string describe() const override {
    return fmt::format("alphabeta:depth={},nodes={},time={},table={},seed={}", budget_.depth, budget_.nodes,
                       budget_.time_ms, budget_.table, seed_);
  }
  long effort() const override { return nodes_; }
  std::size_t memory_used() const override { return table_.size() * sizeof(Entry); }

 private:
  static constexpr double kInfinity = std::numeric_limits<double>::infinity();
  static constexpr double kWin = 1e7;

  bool side(const State& s) const { return game_.mover(s) == root_; }

  // The value of a position from the side to move's view.
  double evaluate(const State& s, int ply) const {
    double value = advantage(game_, s, root_, weights_);
    if (game_.is_over(s) && game_.winner(s) >= 0)
      value += game_.winner(s) == root_ ? kWin - ply : -(kWin - ply);  // sooner wins, later losses
    return side(s) ? value : -value;
  }

  bool out_of_budget() {
    if ((move_nodes_ & 255) == 0) poll_cancel();
    if (budget_.nodes && move_nodes_ >= budget_.nodes) return true;
    if (budget_.time_ms > 0 && (move_nodes_ & 255) == 0) {
      std::chrono::duration<double, std::milli> spent = std::chrono::steady_clock::now() - start_;
      if (spent.count() >= budget_.time_ms) return true;
    }
    return false;
  }

  // Negamax; `found` receives the index of the best move at the root.
  double search(const State& s, int depth, double alpha, double beta, int ply, std::size_t* found) {
    if (ply == 0) complete_ = true;
    if (game_.is_over(s)) return evaluate(s, ply);
    if (depth == 0) {
      complete_ = false;
      return evaluate(s, ply);
    }
    if (out_of_budget()) {
      stopped_ = true;
      return 0;
    }
    ++nodes_;
    ++move_nodes_;
    const std::uint64_t key = game_.hash(s);
    const Entry& entry = table_[key % table_.size()];
    int first = -1;
    if (entry.key == key) {
      first = entry.best;
      if (ply > 0 && entry.depth >= depth) {
        complete_ = false;  // what lies below a stored value is not known to be the whole tree
        if (entry.bound == Bound::exact) return entry.value;
        if (entry.bound == Bound::lower && entry.value >= beta) return entry.value;
        if (entry.bound == Bound::upper && entry.value <= alpha) return entry.value;
      }
    }
    // (An inner vector keeps its elements where they are when the outer one grows: a child
    // searched below stays put.)
    if (children_.size() <= static_cast<std::size_t>(ply)) children_.resize(ply + 1);
    game_.expand_deferred(s, children_[ply]);  // a child cut off unplayed costs nothing
    const std::size_t n = children_[ply].size();
    // An entry of another position with the same hash may name a move this one lacks.
    if (first >= static_cast<int>(n)) first = -1;
    const double alpha0 = alpha;
    double best = -kInfinity;
    std::size_t best_index = 0;
    if (ply == 0) {  // the previous iteration's best first, then the order drawn
      root_search_.clear();
      if (first >= 0) root_search_.push_back(static_cast<std::size_t>(first));
      for (std::size_t r : root_order_)
        if (first < 0 || r != static_cast<std::size_t>(first)) root_search_.push_back(r);
    }
    for (std::size_t k = 0; k < n; ++k) {
      // The previous iteration's best first, then the fixed order (at the root, the drawn one).
      const std::size_t i = ply == 0 ? root_search_[k]
                            : first < 0 ? k
                            : k == 0    ? static_cast<std::size_t>(first)
                            : k <= static_cast<std::size_t>(first) ? k - 1 : k;
      const State& child = game_.child_state(s, children_[ply][i]);
      const bool same = side(child) == side(s);
      double value = same ? search(child, depth - 1, alpha, beta, ply + 1, nullptr)
                          : -search(child, depth - 1, -beta, -alpha, ply + 1, nullptr);
      if (stopped_) return 0;
      if (value > best) best = value, best_index = i;
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
    table_[key % table_.size()] = Entry{key, best, static_cast<std::int16_t>(depth), static_cast<std::int16_t>(best_index),
                 best <= alpha0 ? Bound::upper : best >= beta ? Bound::lower : Bound::exact};
    if (found) *found = best_index;
    return best;
  }

  const Game& game_;
  Observer observer_;
  Budget budget_;
  Weights weights_;
  std::uint64_t seed_;
  std::mt19937_64 rng_;
  std::vector<Entry> table_;
  std::vector<std::vector<Game::Child>> children_;  // per ply of the search
  std::vector<std::size_t> root_order_;      // the order drawn for the root's moves
  std::vector<std::size_t> root_search_;     // the root's moves in the order searched
  std::chrono::steady_clock::time_point start_;
  int root_ = 0;
  long nodes_ = 0;
  long move_nodes_ = 0;
  bool stopped_ = false;
  bool complete_ = true;
};

}  // namespace

std::unique_ptr<Agent> make_alphabeta(const Spec& spec, const Game& game, std::uint64_t seed) {
  spec.allow_only({"depth", "nodes", "time", "table", "seed"});
  Budget budget;
  budget.depth = static_cast<int>(std::min<std::uint64_t>(spec.integer("depth", budget.depth), 1000));
  if (budget.depth < 1) throw std::invalid_argument("agent 'alphabeta': depth must be at least 1");
  budget.time_ms = spec.decimal("time", budget.time_ms);
  // A time budget given alone is the budget: the default node budget does not cut it short.
  budget.nodes = static_cast<long>(spec.integer("nodes", budget.time_ms > 0 ? 0 : budget.nodes));
  budget.table = std::max<std::size_t>(1, spec.integer("table", budget.table));
  return std::make_unique<AlphaBetaAgent>(game, budget, spec.integer("seed", seed));
}

}  // namespace mancala::ai
