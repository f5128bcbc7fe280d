// The endgame table built bottom-up (endgame_build.hpp).
#include "interpreter/ai/endgame_build.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <random>
#include <thread>
#include <vector>

#include "interpreter/ai/endgame_cache.hpp"
#include "interpreter/ai/evaluation.hpp"
#include "interpreter/ai/solver.hpp"
#include "interpreter/store_blindness.hpp"

namespace mancala::ai {

namespace {

constexpr std::uint64_t kMaxEntries = std::uint64_t{1} << 28;  // a GiB
constexpr int kMaxTableLine = 10000;
constexpr int kNoMargin = -1000000;

// Building showed the game is not one the table can hold after all.
struct NotForEndgameTable {
  const char* why;
};
struct BuildCancelled {};

// Works out the positions of one thread's share of a level, reading lower levels from the table.
class Builder {
 public:
  // `like`: a turn's start of play of each mover, whose pits and stores are set to each position's.
  Builder(const Game& game, EndgameTable& table, const std::array<State, 2>& like, const std::atomic<bool>* cancel)
      : game_(game), table_(table), like_(like), cancel_(cancel) {
    const Layout& layout = game.layout_of(like[0]);
    first_pit_ = layout.stores;
    pits_ = layout.size - layout.stores;
  }

  // Works out the turn's start with pits `counts` and `mover`, unless held already; one whose
  // mover has no move (the game would have ended before it) is left out.
  void fill(const int* counts, int mover) {
    const std::uint64_t index = table_.index(counts);
    if (table_.get(index, mover).known) return;
    const State s = position(counts, mover);
    stack_.clear();
    value_at(s, index, 0, true);
  }

  // Whether the table's entry for `counts` and `mover` is what its children give: a read table's check.
  bool agrees(const int* counts, int mover) {
    const std::uint64_t index = table_.index(counts);
    const EndgameTable::Entry e = table_.get(index, mover);
    stack_.clear();
    const State s = position(counts, mover);
    const Exact x = exact(s, on_pits(s), 0, true);
    if (x.depth < 0) return !e.known;
    return e.known && e.gain == x.margin && e.depth == x.depth;
  }

  long positions = 0;

 private:
  struct Exact {
    int margin;  // the mover's final margin (at a level's position, whose stores are empty, the gain)
    int depth;   // plies of the longest line to the end; -1: no move
  };

  State position(const int* counts, int mover) const {
    State s = like_[static_cast<std::size_t>(mover)];
    for (int h = 0; h < first_pit_; ++h) game_.set_count(s, h, 0);
    for (int i = 0; i < pits_; ++i) game_.set_count(s, first_pit_ + i, counts[i]);
    game_.prepare(s);
    return s;
  }

  int on_pits(const State& s) const {
    int n = 0;
    for (int i = 0; i < pits_; ++i) n += game_.count(s, first_pit_ + i);
    return n;
  }
  int stores_margin(const State& s, int player) const { return game_.store(s, player) - game_.store(s, 1 - player); }

  // The value of the turn's start `s` at `index`: read, or worked out (its children at `depth`) and kept.
  Exact value_at(const State& s, std::uint64_t index, int depth, bool top) {
    const int mover = game_.mover(s);
    const EndgameTable::Entry e = table_.get(index, mover);
    if (e.known) return {stores_margin(s, mover) + e.gain, e.depth};
    const std::uint64_t at = index * 2 + static_cast<std::uint64_t>(mover);
    if (std::find(stack_.begin(), stack_.end(), at) != stack_.end()) throw NotForEndgameTable{"a position came back"};
    stack_.push_back(at);
    const Exact x = exact(s, on_pits(s), depth, top);
    stack_.pop_back();
    if (x.depth >= 0) table_.put(index, mover, x.margin - stores_margin(s, mover), x.depth);
    return x;
  }

  // The exact final margin of the mover of `s` (in play), each child expanded once: a turn's
  // start from the table (worked out first if it has as many counters on the pits), the rest of
  // a turn followed. Its children are kept at `depth`, the lines below at deeper frames.
  Exact exact(const State& s, int pits_now, int depth, bool top) {
    if (++positions % 4096 == 0 && cancel_ && cancel_->load(std::memory_order_relaxed)) throw BuildCancelled{};
    if (depth > kMaxTableLine) throw NotForEndgameTable{"a line of more than 10000 plies"};
    while (static_cast<int>(frames_.size()) <= depth) frames_.emplace_back();  // a deque: earlier frames stay put
    std::vector<Game::Child>& children = frames_[static_cast<std::size_t>(depth)];
    game_.expand(s, children);
    if (children.empty()) {
      if (top) return {0, -1};
      throw NotForEndgameTable{"a position in play has no move"};
    }
    const int mover = game_.mover(s);
    Exact best{kNoMargin, 0};
    for (const Game::Child& child : children) {
      const State& c = child.state;
      Exact x;
      if (game_.is_over(c)) {
        x = {holding(game_, c, game_.mover(c)) - holding(game_, c, 1 - game_.mover(c)), 0};
        for (const EndRule& rule : game_.rules().end)
          for (int p = 0; p < 2; ++p)
            if (game_.tally_by(c, rule.result.tally, p) != holding(game_, c, p))
              throw NotForEndgameTable{"an end is not reckoned by the counters held"};
        if (final_value(game_, c, game_.mover(c)) != SolvedValue{x.margin > 0 ? 1 : x.margin < 0 ? -1 : 0, x.margin})
          throw NotForEndgameTable{"an end is not reckoned by the counters held"};
      } else {
        const int child_pits = on_pits(c);
        if (child_pits > pits_now) throw NotForEndgameTable{"counters came back onto the pits"};
        if (game_.phase(c) == Phase::play && !game_.continuing(c)) {
          int counts[EndgameTable::kMaxPits];
          for (int i = 0; i < pits_; ++i) counts[i] = game_.count(c, first_pit_ + i);
          x = value_at(c, table_.index(counts), depth + 1, false);
        } else {
          x = exact(c, child_pits, depth + 1, false);
        }
      }
      const int margin = game_.mover(c) == mover ? x.margin : -x.margin;
      best.margin = std::max(best.margin, margin);
      best.depth = std::max(best.depth, x.depth + 1);
    }
    return best;
  }

  const Game& game_;
  EndgameTable& table_;
  const std::array<State, 2>& like_;
  const std::atomic<bool>* cancel_;
  int first_pit_ = 0, pits_ = 0;
  std::vector<std::uint64_t> stack_;  // the turn starts being worked out (one coming back is a cycle)
  std::deque<std::vector<Game::Child>> frames_;
};

// Calls f(counts) for every way of putting `total` counters on `pits` pits.
template <class F>
void for_each_count(int pits, int total, F&& f) {
  std::vector<int> counts(static_cast<std::size_t>(pits), 0);
  auto place = [&](auto& self, int i, int left) -> void {
    if (i == pits - 1) {
      counts[i] = left;
      f(counts.data());
      return;
    }
    for (int c = 0; c <= left; ++c) {
      counts[i] = c;
      self(self, i + 1, left - c);
    }
  };
  if (pits > 0) place(place, 0, total);
}

// Every level from 0 to the table's most, each shared among the threads (every `threads`th
// position); a level starts when the one below is complete.
void build(const Game& game, EndgameTable& table, const std::array<State, 2>& like, const EndgameSetup& setup, long& positions) {
  const int pits = game.layout_of(like[0]).size - game.layout_of(like[0]).stores;
  const int threads = std::max(1, setup.threads);
  std::vector<std::unique_ptr<Builder>> builders;
  for (int t = 0; t < threads; ++t) builders.push_back(std::make_unique<Builder>(game, table, like, setup.cancel));
  for (int level = 0; level <= table.most(); ++level) {
    if (setup.on_level) setup.on_level(level);
    std::vector<std::thread> workers;
    std::vector<std::exception_ptr> failures(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        try {
          long n = 0;
          for_each_count(pits, level, [&](const int* counts) {
            if (n++ % threads != t) return;
            for (int mover = 0; mover < 2; ++mover) builders[t]->fill(counts, mover);
          });
        } catch (...) {
          failures[t] = std::current_exception();
        }
      });
    for (auto& w : workers) w.join();
    for (auto& failure : failures)
      if (failure) {
        for (auto& b : builders) positions += b->positions;
        std::rethrow_exception(failure);
      }
  }
  for (auto& b : builders) positions += b->positions;
}

// A read table checks where a sample of its entries, spread over the levels, are what their
// children give under these rules.
bool sample_agrees(const Game& game, EndgameTable& table, const std::array<State, 2>& like, long& positions) {
  const int pits = game.layout_of(like[0]).size - game.layout_of(like[0]).stores;
  Builder checker(game, table, like, nullptr);
  std::mt19937_64 rng(table.positions());
  std::vector<int> counts(static_cast<std::size_t>(pits));
  for (int i = 0; i < 2000; ++i) {
    // A random count of each level: `level` counters dropped on random pits.
    const int level = static_cast<int>(rng() % static_cast<std::uint64_t>(table.most() + 1));
    std::fill(counts.begin(), counts.end(), 0);
    for (int c = 0; c < level; ++c) ++counts[rng() % static_cast<std::uint64_t>(pits)];
    if (!checker.agrees(counts.data(), static_cast<int>(rng() % 2))) {
      positions += checker.positions;
      return false;
    }
  }
  positions += checker.positions;
  return true;
}

// A turn's start of play of each player on the board of `from`, found by following the game from
// it (breadth-first, a few thousand positions at most): the positions the table's are made from
// (the engine sets a position's counts by hand, not its mover).
bool turn_starts(const Game& game, const State& from, std::array<State, 2>& out) {
  bool found[2] = {false, false};
  std::vector<State> queue{from};
  std::vector<Game::Child> children;
  for (std::size_t next = 0; next < queue.size() && next < 4096 && !(found[0] && found[1]); ++next) {
    const State s = queue[next];
    if (game.is_over(s)) continue;
    const int mover = game.mover(s);
    if (game.phase(s) == Phase::play && !game.continuing(s) && !found[mover] &&
        game.layout_of(s).size == game.layout_of(from).size) {
      out[static_cast<std::size_t>(mover)] = s;
      found[mover] = true;
    }
    game.expand(s, children);
    for (Game::Child& c : children) queue.push_back(std::move(c.state));
  }
  return found[0] && found[1];
}

}  // namespace

EndgameBuild endgame_table(const Game& game, const State& like, const EndgameSetup& setup) {
  EndgameBuild out;
  if (setup.most <= 0) return out.said = "off", out;
  if (game.players() != 2) return out.said = "none: not a game of two players", out;
  if (const std::string why = store_reading(game.rules()); !why.empty()) return out.said = "none: " + why, out;
  std::array<State, 2> starts;
  if (!turn_starts(game, like, starts)) return out.said = "none: no turn's start of each player found in play", out;
  const Layout& layout = game.layout_of(like);
  const int pits = layout.size - layout.stores;
  if (pits > EndgameTable::kMaxPits)
    return out.said = "none: more than " + std::to_string(EndgameTable::kMaxPits) + " pits", out;
  if (EndgameTable::entries(pits, setup.most) > kMaxEntries) return out.said = "none: too many positions for the table", out;
  auto table = std::make_shared<EndgameTable>(pits, setup.most);
  const std::string holds = "positions with at most " + std::to_string(setup.most) + " counters on the pits (" +
                            std::to_string(EndgameTable::entries(pits, setup.most)) + " entries)";
  const std::string file = setup.rules_key && !setup.cache_dir.empty()
                               ? endgame_cache_file(setup.cache_dir, setup.rules_key, pits, setup.most) : "";
  try {
    if (!file.empty() && read_endgame_table(file, setup.rules_key, *table)) {
      if (sample_agrees(game, *table, starts, out.positions)) {
        out.table = table;
        out.said = holds + ", read from " + file;
        return out;
      }
      table = std::make_shared<EndgameTable>(pits, setup.most);  // built under other rules: rebuilt
    }
    build(game, *table, starts, setup, out.positions);
  } catch (const NotForEndgameTable& reason) {
    out.said = std::string("given up: ") + reason.why;
    return out;
  } catch (const BuildCancelled&) {
    out.cancelled = true;
    out.said = "cancelled while it was built";
    return out;
  }
  out.said = holds + ", built";
  if (!file.empty()) {
    if (write_endgame_table(file, setup.rules_key, *table)) {
      out.said += " and kept in " + file;
      remove_endgame_tables_below(setup.cache_dir, setup.rules_key, pits, setup.most);
    } else {
      out.said += " (could not be kept in " + file + ")";
    }
  }
  out.table = table;
  return out;
}

}  // namespace mancala::ai
