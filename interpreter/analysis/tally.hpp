#pragma once
// What `mancala analyze` counts over many games (docs/analysis.md). Every field is a sum, a
// histogram or the example of the lowest game index, so that tallies of disjoint sets of games
// merge into exactly the tally of their union, in any order: the threads of one run, the shards
// of a study (mancala merge).
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "interpreter/analysis/histogram.hpp"

namespace mancala::analysis {

// Findings: what a researcher should look at first.
enum class FindingKind : std::uint8_t {
  excluded_endless,     // G6: a move left out as endless (or reaching max-drops-per-move)
  excluded_repeat,      // G6: a further move left out as repeating a position of its turn
  round_repetition,     // a round ended while its position repeated (L8's repeated-position)
  unfinished_cycling,   // the turn limit cut a game whose position had occurred before
  unfinished_changing,  // the turn limit cut a game whose position was new
  count_
};
inline constexpr std::size_t kFindingKinds = static_cast<std::size_t>(FindingKind::count_);
inline constexpr std::array<const char*, kFindingKinds> kFindingKeys = {
    "excluded-endless", "excluded-repeat", "round-repetition", "unfinished-cycling",
    "unfinished-changing"};

// One position where a finding showed, as a record that replays it: the moves from the start.
struct Example {
  long game = -1;  // the game's index in the run; -1: no example yet
  std::uint64_t seed = 0;  // the seed the game's agents were given (analysis.hpp: game_seed)
  int ply = 0;     // the position's ply
  std::vector<std::string> moves;  // G8 notation, from the start to the position
  std::string detail;  // what happened there, in words
  // The example kept is the first of the lowest game index: the same whatever the threads.
  bool before(const Example& other) const {
    return other.game < 0 || game < other.game || (game == other.game && ply < other.ply);
  }
  friend bool operator==(const Example&, const Example&) = default;
};

struct Finding {
  long count = 0;
  Example example;
  friend bool operator==(const Finding&, const Finding&) = default;
};

struct Tally {
  long games = 0;
  long finished = 0;  // ended with a result; the others were cut by the turn limit (G9)
  std::vector<long> wins;  // per player, of finished games
  long draws = 0;
  Histogram plies;   // per game
  Histogram turns;   // per game: turns ended
  Histogram rounds;  // per game: the round it ended in
  Histogram branching;          // per decision: legal moves
  Histogram captured_per_turn;  // per turn: counters captured
  Histogram drops;              // per move: counters dropped (its sowing's length)
  long forced = 0;  // decisions with one legal move, not a pass
  long passes = 0;  // decisions where the move played was a pass
  long captures = 0;  // capture events
  std::map<std::string, long> captured_from;  // hole name -> counters captured from it
  std::vector<long> site_events;  // per coverage site (coverage.hpp): events it caused
  std::vector<long> site_games;   // per coverage site: games in which it caused one
  std::vector<long> site_squares; // per coverage site: the sum over games of (its events in the game)^2
  std::array<Finding, kFindingKinds> findings;
  // Each game's fingerprint (its moves, hashed) and how many games played it: games repeat when
  // the agents play the same game again (a deterministic agent, no random opening).
  std::map<std::uint64_t, long> fingerprints;
  long distinct() const { return static_cast<long>(fingerprints.size()); }

  explicit Tally(int players = 2, std::size_t sites = 0)
      : wins(static_cast<std::size_t>(players)), site_events(sites), site_games(sites), site_squares(sites) {}
  Finding& finding(FindingKind kind) { return findings[static_cast<std::size_t>(kind)]; }
  const Finding& finding(FindingKind kind) const { return findings[static_cast<std::size_t>(kind)]; }
  long unfinished() const {
    return finding(FindingKind::unfinished_cycling).count + finding(FindingKind::unfinished_changing).count;
  }
  // Adds `other`, a tally of other games of the same rule file.
  void merge(const Tally& other);
  // Whether an example at (game, ply) would replace the one kept (building one replays the game).
  bool wants(FindingKind kind, long game, int ply) const {
    const Example& kept = finding(kind).example;
    return kept.game < 0 || game < kept.game || (game == kept.game && ply < kept.ply);
  }
  // Counts a finding, keeping `example` if it comes before the one kept.
  void note(FindingKind kind, Example example);
  friend bool operator==(const Tally&, const Tally&) = default;
};

}  // namespace mancala::analysis
