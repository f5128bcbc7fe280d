#pragma once
// The exact value of a position of a two-player game under perfect play (mancala solve): each
// player prefers a win to a draw to a loss, then the largest final margin of counters held
// (stores plus own rows, evaluation.hpp). A game cut by the turn limit (G9) counts as a draw
// with margin 0, never as a win. MTD(f): null-window alpha-beta searches on the value, each
// proving a bound, over a fixed-size transposition table shared by the threads (docs/ai.md);
// tests/test_ai_solver.cpp checks it against plain minimax and the published values of Kalah.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/game.hpp"

namespace mancala::ai {

struct EndgameBuild;  // endgame_build.hpp

// A value from one player's view: result +1 won, 0 drawn, -1 lost, then the margin.
struct SolvedValue {
  int result = 0;
  int margin = 0;
  friend bool operator==(const SolvedValue&, const SolvedValue&) = default;
};

// Control of a running solve from outside: `cancel` (set by another thread, e.g. on Ctrl-C) stops
// it, and it returns the bounds proven so far; `progress` is told the positions searched. Both
// are polled every 4096 positions.
struct SolveControl {
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(long positions)> progress;
  // Told each level of the endgame table (counters on the pits) as its building begins.
  std::function<void(int level, int most)> building;
};

struct Solution {
  bool complete = false;   // the value is known; false: the budget ran out or the solve was cancelled
  bool cancelled = false;  // stopped by SolveControl::cancel
  SolvedValue value;       // for the mover of the position solved, when complete
  // The bounds proven on the value (lower <= value <= upper; both the value when complete): a
  // null-window search proves one of them at each step.
  SolvedValue lower, upper;
  bool has_best = false;   // a best move is known: the one proving `lower`, else the best tried
  Move best;
  std::vector<Move> line;  // the principal variation to the end of the game, when complete
  long positions = 0;      // positions searched (expanded)
  bool reached_limit = false;  // some line was cut by the turn limit (counted as drawn)
  std::string endgame;  // what the endgame table held, or why there was none (SolveSettings::endgame_counters)
};

struct SolveSettings {
  long budget = 0;      // positions to search at most (0: no limit)
  int max_turns = 2000; // the turn limit (G9)
  std::size_t table_bytes = std::size_t{64} << 20;  // the transposition table's size
  int threads = 1;      // threads searching the same table (lazy SMP)
  // The store bound, where the game's stores only grow (Game::stores_only_grow): on by default;
  // off only to prove it changes no value, and to measure what it saves.
  bool store_bound = true;
  // The endgame table (endgame_table.hpp), where play never reads a store (store_blindness.hpp):
  // the exact values of positions at a turn's start with at most this many counters on the pits,
  // built bottom-up (endgame_build.hpp). 0: no table.
  int endgame_counters = 10;
  // Positions searched without the table (0: the largest built first): a solve that ends within
  // them does not pay for it; from there the table grows with the search, up to endgame_counters
  // (solver.cpp, TableGrowth).
  long before_table = 100'000;
  // Where the table is kept between solves: a directory and the key of the rules (0: not kept;
  // the command line gives its checked game's).
  std::string endgame_cache_dir;
  std::uint64_t endgame_rules_key = 0;
  // A table built already for positions of this game (build_endgame_table), for several solves;
  // null: solve builds its own.
  std::shared_ptr<const EndgameBuild> endgame_built;
};

// `budget`: positions to search at most (0: no limit); `max_turns`: the turn limit (G9).
// Throws std::invalid_argument for a game of more than two players.
Solution solve(const Game& game, const State& state, long budget, int max_turns, const SolveControl* control = nullptr);
Solution solve(const Game& game, const State& state, const SolveSettings& settings,
               const SolveControl* control = nullptr);

// Whether a solve under `settings` is long enough for the endgame table: no budget, or one above
// before_table (a shorter search costs less than the table's build).
inline bool endgame_table_pays(const SolveSettings& settings) {
  return settings.budget == 0 || settings.budget > settings.before_table;
}

// The endgame table `settings` ask for, for positions of `state`'s game with at most as many
// counters on the pits as it has: built (or read from the cache), or why there is none.
std::shared_ptr<const EndgameBuild> build_endgame_table(const Game& game, const State& state, const SolveSettings& settings,
                                                        const SolveControl* control = nullptr);

// The counters on the pits of `state`, its stores left out: the most an endgame table for it needs,
// since counters never come back onto the pits.
int counters_on_pits(const Game& game, const State& state);

// The value of a finished (or cut) position for `player`, as solve counts it.
SolvedValue final_value(const Game& game, const State& state, int player);

}  // namespace mancala::ai
