#pragma once
// Builds the solver's endgame table (endgame_table.hpp) bottom-up, before the search: level by
// level of counters on the pits, from none to the most the table holds, every turn's start of a
// level is expanded once with the engine's generator; a child with fewer counters on the pits is
// in the table already, one with as many is worked out first (and kept), and the rest of a turn
// of several decisions (K5) is followed to the next turn's start. Where a disk cache is named,
// the table is read from it when it is there and checks, else built and written there.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "interpreter/ai/endgame_table.hpp"
#include "interpreter/game.hpp"

namespace mancala::ai {

struct EndgameSetup {
  int most = 0;      // counters on the pits at most
  int threads = 1;   // threads building a level
  // The cache: a directory, and the key of the rules (0: no cache). A file under another key, of
  // another size, corrupt, or whose sample of entries does not check against the rules, is
  // rebuilt, never trusted.
  std::string cache_dir;
  std::uint64_t rules_key = 0;
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(int level)> on_level;  // told each level as its building begins
};

struct EndgameBuild {
  std::shared_ptr<const EndgameTable> table;  // null: none (ineligible, given up or cancelled)
  std::string said;      // what the table holds and where it came from, or why there is none
  long positions = 0;    // positions expanded to build (or check) it
  bool cancelled = false;
};

// The table for positions of `game` laid out as `like` (its board), where play never reads a
// store (store_blindness.hpp). Says why not where the game is not eligible, and gives the table
// up where building it shows what the rules analysis cannot see (counters coming back onto the
// pits, a position coming back, an end not reckoned by the counters held, a turn's start in play
// without a move).
EndgameBuild endgame_table(const Game& game, const State& like, const EndgameSetup& setup);

}  // namespace mancala::ai
