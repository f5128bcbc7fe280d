#include "interpreter/ai/solver.hpp"

#include <stdexcept>
#include <unordered_map>

#include "interpreter/ai/agent.hpp"
#include "interpreter/ai/evaluation.hpp"

namespace mancala::ai {

namespace {

// Values ordered as one integer: the result first, then the margin (|margin| <= kMaxCounters).
constexpr int kResultWeight = 4 * kMaxCounters;
int packed(const SolvedValue& v) { return v.result * kResultWeight + v.margin; }
SolvedValue unpacked(int v) {
  int result = v > kResultWeight / 2 ? 1 : v < -kResultWeight / 2 ? -1 : 0;
  return {result, v - result * kResultWeight};
}

enum class TableBound : std::uint8_t { exact, lower, upper };

struct TableEntry {
  int value;
  TableBound bound;
  int best;  // index of the best move found
};

struct BudgetOut {};

class Solver {
 public:
  Solver(const Game& game, long budget, int max_turns, const SolveControl* control)
      : game_(game), budget_(budget), max_turns_(max_turns), control_(control) {}

  // Negamax from the mover's view; the sign changes only where the mover changes (K5).
  int search(const State& s, int alpha, int beta) {
    if (game_.is_over(s) || game_.ply(s) >= max_turns_) {
      if (!game_.is_over(s)) reached_limit = true;
      return packed(final_value(game_, s, game_.mover(s)));
    }
    if (budget_ && positions >= budget_) throw BudgetOut{};
    if (control_ && (positions & 4095) == 0) {  // every few thousand positions: Ctrl-C, progress
      if (control_->cancel && control_->cancel->load(std::memory_order_relaxed)) throw Cancelled();
      if (control_->progress) control_->progress(positions);
    }
    ++positions;
    // The turn limit makes the ply part of a position here (the hash leaves it out).
    const std::uint64_t key = game_.hash(s) ^ (static_cast<std::uint64_t>(game_.ply(s)) * 0x9e3779b97f4a7c15ull);
    int first = -1;
    if (auto it = table_.find(key); it != table_.end()) {
      const TableEntry& e = it->second;
      if (e.bound == TableBound::exact) return e.value;
      if (e.bound == TableBound::lower && e.value >= beta) return e.value;
      if (e.bound == TableBound::upper && e.value <= alpha) return e.value;
      first = e.best;
    }
    std::vector<Move> moves;
    game_.legal_moves(s, moves);
    const int alpha0 = alpha;
    int best = -2 * kResultWeight, best_index = 0;
    for (int k = 0; k < static_cast<int>(moves.size()); ++k) {
      int i = first < 0 ? k : k == 0 ? first : k <= first ? k - 1 : k;
      State child = s;
      game_.apply(child, moves[i]);
      const bool same = game_.mover(child) == game_.mover(s);
      int value = same ? search(child, alpha, beta) : -search(child, -beta, -alpha);
      if (value > best) best = value, best_index = i;
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
    table_[key] = TableEntry{best, best <= alpha0 ? TableBound::upper : best >= beta ? TableBound::lower : TableBound::exact, best_index};
    return best;
  }

  // The value of `s` exactly (a full window).
  int exact(const State& s) { return search(s, -2 * kResultWeight, 2 * kResultWeight); }

  long positions = 0;
  bool reached_limit = false;

 private:
  const Game& game_;
  long budget_;
  int max_turns_;
  const SolveControl* control_;
  std::unordered_map<std::uint64_t, TableEntry> table_;
};

}  // namespace

SolvedValue final_value(const Game& game, const State& state, int player) {
  const int other = 1 - player;
  SolvedValue v;
  const int w = game.is_over(state) ? game.winner(state) : -1;  // cut by the turn limit: drawn
  v.result = w < 0 ? 0 : w == player ? 1 : -1;
  v.margin = w < 0 && !game.is_over(state) ? 0 : holding(game, state, player) - holding(game, state, other);
  return v;
}

Solution solve(const Game& game, const State& state, long budget, int max_turns, const SolveControl* control) {
  if (game.players() != 2)
    throw std::invalid_argument("solve handles games of two players; this one has " + std::to_string(game.players()));
  Solution out;
  Solver solver(game, budget, max_turns, control);
  try {
    const int value = solver.exact(state);
    out.value = unpacked(value);
    // The principal variation: at each position, the first move whose value is the position's.
    State s = state;
    int target = value;
    while (!game.is_over(s) && game.ply(s) < max_turns) {
      std::vector<Move> moves;
      game.legal_moves(s, moves);
      bool found = false;
      for (const Move& m : moves) {
        State child = s;
        game.apply(child, m);
        const bool same = game.mover(child) == game.mover(s);
        const int v = solver.exact(child);
        if ((same ? v : -v) == target) {
          out.line.push_back(m);
          target = v;  // the child's value, from its own mover's view
          s = std::move(child);
          found = true;
          break;
        }
      }
      if (!found) throw std::logic_error("solve: no move keeps the position's value");
    }
    out.complete = true;
  } catch (const BudgetOut&) {
    out.complete = false;
  }
  out.positions = solver.positions;
  out.reached_limit = solver.reached_limit;
  return out;
}

}  // namespace mancala::ai
