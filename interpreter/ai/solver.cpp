#include "interpreter/ai/solver.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "interpreter/ai/busy_positions.hpp"
#include "interpreter/ai/endgame_build.hpp"
#include "interpreter/ai/endgame_cache.hpp"
#include "interpreter/ai/evaluation.hpp"
#include "interpreter/ai/solver_table.hpp"
#include "interpreter/store_blindness.hpp"

namespace mancala::ai {

namespace {

// Values ordered as one integer: the result first, then the margin (|margin| <= kMaxCounters).
constexpr int kResultWeight = 4 * kMaxCounters;
static_assert(kResultWeight + kMaxCounters < SolverTable::kNoBound);
int packed(const SolvedValue& v) { return v.result * kResultWeight + v.margin; }
SolvedValue unpacked(int v) {
  int result = v > kResultWeight / 2 ? 1 : v < -kResultWeight / 2 ? -1 : 0;
  return {result, v - result * kResultWeight};
}

constexpr int kNoBound = SolverTable::kNoBound;
constexpr std::uint64_t kPlyWeight = 0x9e3779b97f4a7c15ull;

// Thrown through the search when the budget runs out or the solve is stopped.
struct Stop {};

// What the threads of one solve share.
struct Shared {
  Shared(std::size_t table_bytes, long budget, const SolveControl* control)
      : table(table_bytes), budget(budget), control(control) {}
  SolverTable table;
  long budget;
  const SolveControl* control;
  std::atomic<long> positions{0};  // summed by the threads every kPoll positions
  std::atomic<bool> stop{false};   // the main thread is done (or out of budget): the helpers stop
  std::atomic<bool> limit_seen{false};
  std::atomic<bool> budget_out{false};
  std::atomic<bool> cancelled{false};
  // A helper that ends its own MTD(f) first has the value: it is kept here and the main thread
  // stops, rather than finish its own search alone.
  std::atomic<bool> helper_solved{false};
  std::mutex helper_mutex;
  int helper_value = 0;
  bool helper_has_best = false;
  Move helper_best;
  std::shared_ptr<const EndgameTable> endgame;  // none where the game is not eligible or the table is off
  std::unique_ptr<BusyPositions> busy;  // where several threads search
};

constexpr long kPoll = 4096;

// A null-window search's answer, fail-soft: a bound on the value, and what the lines behind it
// depend on (how deep they went; whether one was cut by the turn limit, which ties it to the ply).
struct Searched {
  int value;
  int reach;
  bool cut;
};

class Searcher {
 public:
  // `total`: the counters of the position solved (a game whose stores only grow never adds any).
  Searcher(const Game& game, Shared& shared, const SolveSettings& settings, int variant, int total)
      : game_(game), shared_(shared), max_turns_(settings.max_turns), variant_(variant),
        store_bound_(settings.store_bound && game.stores_only_grow()), busy_(shared.busy.get()), total_(total) {}

  // Whether `s` is a leaf (over, or cut by the turn limit), with its value for `player`.
  bool leaf(const State& s, int player, Searched& out) {
    if (game_.is_over(s)) {
      out = {packed(final_value(game_, s, player)), 0, false};
      return true;
    }
    if (game_.ply(s) >= max_turns_) {
      reached_limit = true;
      shared_.limit_seen.store(true, std::memory_order_relaxed);
      out = {0, 0, true};
      return true;
    }
    return false;
  }

  // Whether the value of `s` (not a leaf) is at least `beta`: a lower bound >= beta if so, else an
  // upper bound < beta, from the mover's view.
  Searched search(const State& s, std::uint64_t key, int height, int beta) {
    if (store_bound_ && height > 0) {  // decided by the stores alone: nothing to search (the root names a move)
      const Range r = store_range(s, game_.mover(s));
      if (r.lower >= beta) return {r.lower, 0, false};
      if (r.upper < beta) return {r.upper, 0, false};
    }
    if (height > 0) {  // the endgame table's exact value, where it holds the position
      if (const Exact x = known_in_table(s); x.depth >= 0 && game_.ply(s) + x.depth < max_turns_)
        return {packed_margin(x.margin), x.depth, false};
    }
    count();
    const long before = positions_;
    const int ply = game_.ply(s);
    const bool limit_seen = shared_.limit_seen.load(std::memory_order_relaxed);
    const std::uint64_t cut_key = key ^ (static_cast<std::uint64_t>(ply) + 1) * kPlyWeight;
    int table_best = -1;
    {
      const SolverTable::Found e = shared_.table.probe(key);
      if (e.hit && usable(e, ply)) {
        if (e.lower >= beta) return {e.lower, e.reach, false};
        if (e.upper < beta) return {e.upper, e.reach, false};
        table_best = e.best;
      }
      if (limit_seen) {
        const SolverTable::Found c = shared_.table.probe(cut_key);
        if (c.hit) {
          if (c.lower >= beta) return {c.lower, 0, true};
          if (c.upper < beta) return {c.upper, 0, true};
          if (table_best < 0) table_best = c.best;
        }
      }
    }
    Frame& f = frame(height);
    game_.expand(s, f.children);
    const int n = static_cast<int>(f.children.size());
    const int mover = game_.mover(s);
    const int store_before = game_.store(s, mover);
    f.keys.resize(n);
    f.same.resize(n);
    f.terminal.resize(n);
    f.score.resize(n);
    f.order.resize(n);
    for (int i = 0; i < n; ++i) {
      const State& child = f.children[i].state;
      f.same[i] = game_.mover(child) == mover;
      f.terminal[i].reach = -1;
      if (leaf(child, mover, f.terminal[i])) continue;
      f.keys[i] = game_.hash(child);
      shared_.table.prefetch(f.keys[i]);  // the children's entries load while the others hash
    }
    // Enhanced transposition cut-off: a child whose table entry (or end, or stores) already proves
    // the value >= beta ends the search before any child is searched.
    auto cut_by = [&](int i, Searched r) {
      if (height == 0) root_best = f.children[i].move;
      return finish(key, cut_key, beta, r, i, before);
    };
    for (int i = 0; i < n; ++i) {
      const State& child = f.children[i].state;
      const bool same = f.same[i];
      if (f.terminal[i].reach >= 0) {
        const Searched& end = f.terminal[i];
        if (end.value >= beta) return cut_by(i, {end.value, 1, end.cut});
      } else {
        if (store_bound_) {
          const Range r = store_range(child, game_.mover(child));
          const int bound = same ? r.lower : -r.upper;
          if (bound >= beta) return cut_by(i, {bound, 1, false});
        }
        if (const Exact x = known_in_table(child); x.depth >= 0 && ply + 1 + x.depth < max_turns_) {
          const int value = same ? packed_margin(x.margin) : -packed_margin(x.margin);
          if (value >= beta) return cut_by(i, {value, x.depth + 1, false});
        }
        const SolverTable::Found e = shared_.table.probe(f.keys[i]);
        if (e.hit && usable(e, ply + 1)) {
          const int bound = same ? e.lower : -e.upper;
          if (bound >= beta) return cut_by(i, {bound, e.reach + 1, false});
        }
      }
      // Move ordering: the table's move, then a further turn (K5), then what the move puts in
      // the mover's store (captures), then the history heuristic.
      const int gain = std::clamp(game_.store(child, mover) - store_before, 0, 127);
      const int history = std::min(history_[mover][f.children[i].move.hole], (1 << 20) - 1);
      f.score[i] = (i == table_best ? 1 << 30 : 0) + (same && !game_.is_over(child) ? 1 << 28 : 0) + (gain << 20) +
                   (variant_ ? (i * 7919 + variant_ * 104729) % (1 << 20) : history);
      f.order[i] = i;
    }
    for (int i = 1; i < n; ++i)  // few children: insertion sort, best score first
      for (int j = i; j > 0 && f.score[f.order[j]] > f.score[f.order[j - 1]]; --j) std::swap(f.order[j], f.order[j - 1]);
    Searched best{-kNoBound, 0, false};
    int best_index = -1;
    // The moves in order, then those put off (ABDADA, busy_positions.hpp): past the first move, a
    // position another thread is searching waits until the others are searched, by when it is
    // often in the table. One loop, not a helper function: the recursion is one frame a ply (a
    // line may run to the turn limit, 2,000 plies by default). `f` stays valid: frames are kept by
    // height, and deeper searches use deeper frames.
    f.deferred.clear();
    for (int k = 0;; ++k) {
      int i;
      if (k < n) {
        i = f.order[k];
        if (k > 0 && busy_ && f.terminal[i].reach < 0 && busy_->busy(f.keys[i])) {
          f.deferred.push_back(i);
          continue;
        }
      } else if (k - n < static_cast<int>(f.deferred.size())) {
        i = f.deferred[k - n];
      } else {
        break;
      }
      Searched r;
      if (f.terminal[i].reach >= 0) {
        r = f.terminal[i];
      } else {
        const Busy mark(busy_, f.keys[i]);
        if (f.same[i]) {
          r = search(f.children[i].state, f.keys[i], height + 1, beta);
        } else {
          r = search(f.children[i].state, f.keys[i], height + 1, 1 - beta);
          r.value = -r.value;
        }
      }
      best.reach = std::max(best.reach, r.reach + 1);
      best.cut = best.cut || r.cut;
      if (r.value > best.value) best.value = r.value, best_index = i;
      if (best.value >= beta) {
        history_[mover][f.children[i].move.hole] += std::bit_width(static_cast<unsigned long>(positions_ - before + 1));
        break;
      }
    }
    if (height == 0) root_best = best_index >= 0 ? f.children[best_index].move : Move{};
    return finish(key, cut_key, beta, best, best_index, before);
  }

  // The value of `s` (not a leaf) >= beta? From a node reached by the principal variation.
  Searched test(const State& s, int beta) { return search(s, game_.hash(s), 1, beta); }

  // Adds the positions searched since the last poll to the shared count; stops when the budget is
  // spent, the solve is cancelled or the main thread is done.
  void poll() {
    const long total = shared_.positions.fetch_add(positions_ - polled_, std::memory_order_relaxed) + positions_ - polled_;
    polled_ = positions_;
    if (variant_ != 0 && shared_.stop.load(std::memory_order_relaxed)) throw Stop{};
    if (variant_ == 0 && shared_.helper_solved.load(std::memory_order_relaxed)) throw Stop{};
    if (shared_.control) {
      if (shared_.control->cancel && shared_.control->cancel->load(std::memory_order_relaxed)) {
        shared_.cancelled.store(true);
        throw Stop{};
      }
      if (variant_ == 0 && shared_.control->progress) shared_.control->progress(total);
    }
    if (shared_.budget && total >= shared_.budget) {
      shared_.budget_out.store(true);
      throw Stop{};
    }
  }

  long positions() const { return positions_; }
  bool reached_limit = false;
  Move root_best;

 private:
  // ---- The endgame table (endgame_table.hpp).
  struct Exact {
    int margin;  // the final margin of the mover
    int depth;   // plies of the longest line to the end
  };

  // Packed, the value of a final margin: the game is won by the most counters held.
  static int packed_margin(int margin) { return packed({margin > 0 ? 1 : margin < 0 ? -1 : 0, margin}); }

  // Whether `s` is a position the table holds (a turn's start, few enough counters on the pits), and its index.
  bool in_table(const State& s, std::uint64_t& index) {
    if (game_.phase(s) != Phase::play || game_.continuing(s)) return false;
    const Layout& layout = game_.layout_of(s);
    const int pits = layout.size - layout.stores;
    if (pits > EndgameTable::kMaxPits) return false;
    int counts[EndgameTable::kMaxPits];
    int on_pits = 0;
    for (int i = 0; i < pits; ++i) on_pits += counts[i] = game_.count(s, layout.stores + i);
    if (on_pits > shared_.endgame->most()) return false;
    index = shared_.endgame->index(counts);
    return true;
  }

  // The value of `s` where the table holds it already, else depth -1.
  Exact known_in_table(const State& s) {
    std::uint64_t index;
    if (!shared_.endgame || !in_table(s, index)) return {0, -1};
    const int mover = game_.mover(s);
    const EndgameTable::Entry e = shared_.endgame->get(index, mover);
    return e.known ? Exact{stores_margin(s, mover) + e.gain, e.depth} : Exact{0, -1};
  }

  int stores_margin(const State& s, int player) const { return game_.store(s, player) - game_.store(s, 1 - player); }

  struct Frame {
    std::vector<Game::Child> children;
    std::vector<std::uint64_t> keys;
    std::vector<std::uint8_t> same;
    std::vector<Searched> terminal;  // a leaf's value; reach -1 for a child to search
    std::vector<int> score;
    std::vector<int> order;
    std::vector<int> deferred;  // moves put off while another thread searches them
  };

  // Marks a position as searched by this thread for the time of its search (where threads share
  // the work).
  struct Busy {
    Busy(BusyPositions* busy, std::uint64_t key) : busy(busy), key(key) {
      if (busy) busy->mark(key);
    }
    ~Busy() {
      if (busy) busy->clear(key);
    }
    Busy(const Busy&) = delete;
    Busy& operator=(const Busy&) = delete;
    BusyPositions* busy;
    std::uint64_t key;
  };

  // The store bound, where the game's stores only grow (Game::stores_only_grow): each player ends
  // holding at least their stores now and at most the counters not in the other's store, so the
  // final margin of `player` lies within their store less the other's, plus or minus the counters
  // in neither; a player holding more than half the counters has won. A line cut by the turn limit
  // counts 0 whatever the stores, so the range holds 0 too, and it holds at any ply.
  struct Range {
    int lower, upper;
  };
  Range store_range(const State& s, int player) const {
    const int mine = game_.store(s, player), theirs = game_.store(s, 1 - player);
    const int least_result = 2 * mine > total_ ? 1 : 2 * mine == total_ ? 0 : -1;
    const int most_result = 2 * theirs > total_ ? -1 : 2 * theirs == total_ ? 0 : 1;
    const int lower = least_result * kResultWeight + 2 * mine - total_;
    const int upper = most_result * kResultWeight + total_ - 2 * theirs;
    return {std::min(lower, 0), std::max(upper, 0)};
  }

  Frame& frame(int height) {
    while (static_cast<int>(frames_.size()) <= height) frames_.push_back(std::make_unique<Frame>());
    return *frames_[height];
  }

  // An entry without a cut line holds at `ply` when its lines end before the turn limit.
  bool usable(const SolverTable::Found& e, int ply) const {
    return e.reach < SolverTable::kMaxReach && ply + e.reach < max_turns_;
  }

  void count() {
    ++positions_;
    if (shared_.budget && shared_.budget <= kPoll && positions_ > shared_.budget) {  // a small budget, exactly
      --positions_;
      shared_.budget_out.store(true);
      throw Stop{};
    }
    if (positions_ - polled_ >= kPoll) poll();
  }

  Searched finish(std::uint64_t key, std::uint64_t cut_key, int beta, Searched result, int best_index, long before) {
    const long work = positions_ - before + 1;
    const int lower = result.value >= beta ? result.value : -kNoBound;
    const int upper = result.value < beta ? result.value : kNoBound;
    const int log_work = std::bit_width(static_cast<unsigned long>(work));
    if (result.cut)  // tied to this ply by a line the turn limit cut
      shared_.table.store(cut_key, lower, upper, best_index, 0, log_work);
    else
      shared_.table.store(key, lower, upper, best_index, result.reach, log_work);
    return result;
  }

  const Game& game_;
  Shared& shared_;
  int max_turns_;
  int variant_;  // 0: the main thread; a helper orders the moves its own way (lazy SMP)
  bool store_bound_;
  BusyPositions* busy_;  // null with one thread
  int total_;
  long positions_ = 0;
  long polled_ = 0;
  int history_[2][256] = {};
  std::vector<std::unique_ptr<Frame>> frames_;
};

// MTD(f): null-window searches, each moving the lower or the upper bound to the value it returns,
// until they meet. `lower`/`upper` are updated as they are proven, so that a search stopped
// midway leaves the bounds known; `best` is the move that proved the lower bound.
struct Driver {
  int lower = -kNoBound;
  int upper = kNoBound;
  bool has_best = false;
  Move best;

  void run(Searcher& searcher, const State& root, std::uint64_t key, int guess) {
    int g = guess;
    while (lower < upper) {
      const int beta = g <= lower ? lower + 1 : g > upper ? upper : g;
      const Searched r = searcher.search(root, key, 0, beta);
      if (r.value >= beta) {
        lower = r.value;
        best = searcher.root_best;
        has_best = true;
      } else {
        upper = r.value;
        if (!has_best) best = searcher.root_best, has_best = true;
      }
      g = r.value;
    }
  }
};

}  // namespace

int counters_on_pits(const Game& game, const State& state) {
  const Layout& layout = game.layout_of(state);
  int on_pits = 0;
  for (int h = layout.stores; h < layout.size; ++h) on_pits += game.count(state, h);
  return on_pits;
}

namespace {

// The counters of the largest table a solve of `state` asks for.
int largest_table(const Game& game, const State& state, const SolveSettings& settings) {
  return std::min(settings.endgame_counters, counters_on_pits(game, state));
}

// The table of positions with at most `most` counters on the pits, kept on disk only if `keep`.
std::shared_ptr<EndgameBuild> endgame_table_of(const Game& game, const State& state, const SolveSettings& settings,
                                               const SolveControl* control, int most, bool keep) {
  EndgameSetup setup;
  setup.most = most;
  setup.threads = settings.threads;
  if (keep) {
    setup.cache_dir = settings.endgame_cache_dir;
    setup.rules_key = settings.endgame_rules_key;
  }
  setup.cancel = control ? control->cancel : nullptr;
  if (control && control->building)
    setup.on_level = [control, most](int level) { control->building(level, most); };
  auto built = std::make_shared<EndgameBuild>(endgame_table(game, state, setup));
  if (settings.endgame_counters > 0 && most == 0 && !built->table) built->said = "off";
  return built;
}

// The endgame table grown with a solve (where the caller gives none): none for the first
// SolveSettings::before_table positions, then, each time the search has spent eight times as many
// positions as a larger table has entries, the largest such table, up to endgame_counters. What a
// table saves is not known before it is built (a ski rental): each costs about a quarter of what
// the search has cost so far, so a short solve builds a small table and all of them together cost
// at most about half of the search. A table kept on disk costs little to read: the largest kept
// (endgame_cache.hpp) is read at the first step, even above endgame_counters (a later solve
// profits from an earlier one's table), and each table larger than it is kept in its place.
class TableGrowth {
 public:
  TableGrowth(const Game& game, const State& state, const SolveSettings& settings)
      : most_(largest_table(game, state, settings)) {
    const Layout& layout = game.layout_of(state);
    pits_ = layout.size - layout.stores;
    if (!settings.endgame_built && settings.endgame_rules_key && !settings.endgame_cache_dir.empty() &&
        pits_ <= EndgameTable::kMaxPits) {  // (a table given: the cache is not asked)
      const int kept = largest_kept_endgame_table(settings.endgame_cache_dir, settings.endgame_rules_key, pits_);
      if (kept <= counters_on_pits(game, state)) kept_ = kept;  // none larger than the position needs
    }
  }

  // The counters of the table to build after `positions` searched: the largest within the rule
  // above, at least the one kept; `level()` or less: none to build.
  int level_after(long positions) const {
    int level = std::max(level_, kept_);
    while (level < most_ && kPositionsPerEntry * EndgameTable::entries(pits_, level + 1) <= static_cast<std::uint64_t>(positions))
      ++level;
    return level;
  }
  // The positions after which the table outgrows `level()` (0: it is the largest).
  long next_growth() const {
    return level_ >= most_ ? 0 : static_cast<long>(std::min<std::uint64_t>(kPositionsPerEntry * EndgameTable::entries(pits_, level_ + 1),
                                                                         EndgameTable::kTooMany));
  }
  int most() const { return most_; }
  int level() const { return level_; }
  // Whether the table of `level` counters goes through the cache: read from it where it is the one
  // kept, else kept there, as the largest.
  bool cached(int level) const { return level >= kept_; }
  void grown_to(int level) {
    level_ = level;
    kept_ = std::max(kept_, level);
  }

 private:
  // An entry's build costs about two positions' search: a table of E entries is built once the
  // search has spent 8E positions, so that it costs about a quarter of what the search has so far.
  static constexpr std::uint64_t kPositionsPerEntry = 8;
  int most_;
  int pits_ = 0;
  int kept_ = 0;   // the counters of the table kept on disk; 0: none
  int level_ = 0;  // the counters of the table in use; 0: none yet
};

}  // namespace

std::shared_ptr<const EndgameBuild> build_endgame_table(const Game& game, const State& state, const SolveSettings& settings,
                                                        const SolveControl* control) {
  return endgame_table_of(game, state, settings, control, largest_table(game, state, settings), true);
}

SolvedValue final_value(const Game& game, const State& state, int player) {
  const int other = 1 - player;
  SolvedValue v;
  const int w = game.is_over(state) ? game.winner(state) : -1;  // cut by the turn limit: drawn
  v.result = w < 0 ? 0 : w == player ? 1 : -1;
  v.margin = w < 0 && !game.is_over(state) ? 0 : holding(game, state, player) - holding(game, state, other);
  return v;
}

Solution solve(const Game& game, const State& state, long budget, int max_turns, const SolveControl* control) {
  SolveSettings settings;
  settings.budget = budget;
  settings.max_turns = max_turns;
  return solve(game, state, settings, control);
}

Solution solve(const Game& game, const State& state, const SolveSettings& settings, const SolveControl* control) {
  if (game.players() != 2)
    throw std::invalid_argument("solve handles games of two players; this one has " + std::to_string(game.players()));
  Solution out;
  const int mover = game.mover(state);
  const int total = static_cast<int>(game.total_counters(state));
  auto bound_value = [&](int v) {  // a bound, the trivial ones (no bound proven) as counters
    if (v <= -kNoBound) return SolvedValue{-1, -total};
    if (v >= kNoBound) return SolvedValue{1, total};
    return unpacked(v);
  };
  Shared shared(settings.table_bytes, settings.budget, control);
  // A short solve does not pay for the endgame table: where the caller gives none, the search
  // goes first without it, within SolveSettings::before_table positions, and the table grows with
  // the search from there (TableGrowth), each step keeping what the search proved.
  std::shared_ptr<const EndgameBuild> built = settings.endgame_built;
  const long before = settings.before_table;
  TableGrowth growth(game, state, settings);
  bool growing = !built && settings.endgame_counters > 0 && before > 0 && endgame_table_pays(settings) &&
                 store_reading(game.rules()).empty();  // else the table's absence is said at once
  // The search's budget until the next table, within the caller's.
  auto budget_until = [&](long growth_at) {
    return growth_at == 0 ? settings.budget : settings.budget == 0 ? growth_at : std::min(settings.budget, growth_at);
  };
  auto take_table = [&](int level) {
    if (!built || growing) built = endgame_table_of(game, state, settings, control, level, growth.cached(level));
    out.endgame = built->said;
    shared.endgame = built->table;
  };
  const bool small_budget = !built && settings.endgame_counters > 0 && !endgame_table_pays(settings);
  if (small_budget) {  // a table costs more than such a search: none
    out.endgame = "not built: a budget of at most " + std::to_string(before) + " positions";
  } else if (growing) {
    shared.budget = budget_until(before);
    out.endgame = "not needed: solved within " + std::to_string(before) + " positions";
  } else {
    take_table(growth.most());
  }
  // A small budget is counted exactly, by one thread (threads add their counts every kPoll).
  const int threads = settings.budget && settings.budget <= kPoll ? 1 : settings.threads;
  if (threads > 1) shared.busy = std::make_unique<BusyPositions>();
  Searcher main(game, shared, settings, 0, total);
  Searched end;
  if (main.leaf(state, mover, end)) {
    out.complete = true;
    out.value = out.lower = out.upper = unpacked(end.value);
    out.reached_limit = main.reached_limit;
    return out;
  }
  const std::uint64_t key = game.hash(state);
  Driver driver;
  if ((built && built->cancelled) || (control && control->cancel && control->cancel->load())) {  // stopped before it starts
    out.cancelled = true;
    out.lower = bound_value(-kNoBound);
    out.upper = bound_value(kNoBound);
    return out;
  }
  // Helpers search the same positions in their own move order, filling the shared table.
  std::vector<std::thread> helpers;
  std::vector<std::unique_ptr<Searcher>> helper_searchers;
  for (int t = 1; t < threads; ++t) helper_searchers.push_back(std::make_unique<Searcher>(game, shared, settings, t, total));
  auto start_helpers = [&] {
    for (const auto& helper : helper_searchers)
      helpers.emplace_back([&, searcher = helper.get()] {
        Driver own;
        try {
          own.run(*searcher, state, key, 0);
          const std::lock_guard lock(shared.helper_mutex);
          if (!shared.helper_solved.load()) {
            shared.helper_value = own.lower;
            shared.helper_has_best = own.has_best;
            shared.helper_best = own.best;
            shared.helper_solved.store(true);
          }
        } catch (...) {  // stopped, or an error the main search meets too
        }
      });
  };
  struct Join {  // the helpers stop and are joined however the main search ends
    Shared& shared;
    std::vector<std::thread>& helpers;
    void operator()() {
      shared.stop.store(true);
      for (auto& h : helpers) h.join();
      helpers.clear();
    }
    ~Join() { (*this)(); }
  } join{shared, helpers};
  try {
    for (;;) {
      start_helpers();
      try {
        driver.run(main, state, key, 0);
        break;
      } catch (const Stop&) {
        join();
        if (shared.helper_solved.load()) {  // a helper has the value: the main thread's bounds meet there
          driver.lower = driver.upper = shared.helper_value;
          driver.has_best = shared.helper_has_best;
          driver.best = shared.helper_best;
          break;
        }
        // At least the budget that stopped it (a small one is counted by the thread, not the sum).
        const long searched = std::max(shared.positions.load(), shared.budget);
        if (!growing || !shared.budget_out.load() || shared.cancelled.load() ||
            (settings.budget && searched >= settings.budget))
          throw;
        // The search is long: a larger table from here, within the caller's budget.
        if (const int level = growth.level_after(searched); level > growth.level()) {
          growth.grown_to(level);
          take_table(level);
          if (built->cancelled) {
            shared.cancelled.store(true);
            throw;
          }
          if (!built->table) growth.grown_to(growth.most());  // not eligible, or given up: no larger one either
        }
        growing = growth.next_growth() != 0;
        shared.budget = budget_until(growth.next_growth());
        shared.budget_out.store(false);
        shared.stop.store(false);
      }
    }
    join();
    shared.helper_solved.store(false);  // the principal variation's searches are the main thread's alone
    out.complete = true;
    // The value is known: the principal variation is worked out whatever the budget.
    shared.budget = 0;
    shared.control = nullptr;
    out.value = unpacked(driver.lower);
    // The principal variation: at each position, the first move whose value is the position's,
    // proven by a null-window test against the table: the table's best move, then the others in
    // expand's order.
    State s = state;
    int target = driver.lower;
    std::vector<Game::Child> children;
    while (!game.is_over(s) && game.ply(s) < settings.max_turns) {
      game.expand(s, children);
      // The table's best move first: it is usually the one, and the others' tests cost searches.
      if (const SolverTable::Found e = shared.table.probe(game.hash(s)); e.hit && e.best > 0 &&
                                                                         e.best < static_cast<int>(children.size()))
        std::rotate(children.begin(), children.begin() + e.best, children.begin() + e.best + 1);
      bool found = false;
      for (Game::Child& child : children) {
        const bool same = game.mover(child.state) == game.mover(s);
        Searched r;
        if (!main.leaf(child.state, game.mover(s), r)) {
          if (same) {
            r = main.test(child.state, target);
          } else {
            r = main.test(child.state, 1 - target);
            r.value = -r.value;
          }
        }
        if (r.value >= target) {  // at least the position's value, so exactly it
          out.line.push_back(child.move);
          target = same ? target : -target;
          s = std::move(child.state);
          found = true;
          break;
        }
      }
      if (!found) throw std::logic_error("solve: no move keeps the position's value");
    }
  } catch (const Stop&) {
    join();
    out.complete = false;
    out.cancelled = shared.cancelled.load();
  }
  out.lower = out.complete ? out.value : bound_value(driver.lower);
  out.upper = out.complete ? out.value : bound_value(driver.upper);
  out.has_best = driver.has_best;
  if (out.has_best) out.best = driver.best;
  if (out.complete && !out.line.empty()) out.best = out.line.front(), out.has_best = true;
  out.positions = main.positions();
  for (const auto& h : helper_searchers) out.positions += h->positions();
  out.reached_limit = main.reached_limit;
  for (const auto& h : helper_searchers) out.reached_limit = out.reached_limit || h->reached_limit;
  return out;
}

}  // namespace mancala::ai
