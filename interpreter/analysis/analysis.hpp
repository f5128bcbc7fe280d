#pragma once
// Plays many games of a rule file and tallies them (docs/analysis.md): completion, length,
// balance, decisions, findings with replayable examples, rule coverage, captures per hole.
// Game i is played with agents seeded by game_seed(seed, i), so a report depends on the seed
// and the games, never on the number of threads or on how a study is split into shards.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/analysis/coverage.hpp"
#include "interpreter/analysis/tally.hpp"
#include "interpreter/game.hpp"

namespace mancala::analysis {

// What a run plays: the same for every shard of a study.
struct RunSpec {
  std::string file;                  // the rule file as given
  std::vector<std::string> options;  // name=value, as given
  std::string agent = "random";      // ai::make_agent spec, for every player
  std::uint64_t seed = 1;
  long games = 1000;  // of the whole study
  int max_turns = 2000;  // plies (G9), as in mancala trace
  // The first plies of every game are played uniformly at random (with the game's seed), so that
  // deterministic agents play different games, as tournaments start from varied openings.
  int opening_plies = 0;
  friend bool operator==(const RunSpec&, const RunSpec&) = default;
};

// One game of a study, for per-game data (mancala analyze --games-out).
struct GameSummary {
  long index = 0;
  std::uint64_t seed = 0;  // game_seed(spec.seed, index): its agents' seed
  int plies = 0;
  long turns = 0;
  int rounds = 0;
  std::string result;                 // "P1", "P2", ..., "draw", "unfinished"
  std::vector<long> stores;           // per player: the counters in their stores at the end
  std::vector<long> scores;           // per player: match points
  long captures = 0;                  // capture events
  std::vector<long> captured;         // per player: counters captured
  std::uint64_t fingerprint = 0;      // its moves, hashed (Tally::fingerprints)
};

// Game slices [begin, end) of a study, sorted and disjoint.
using Slices = std::vector<std::pair<long, long>>;

struct Analysis {
  RunSpec spec;
  Slices slices;             // the games this analysis covers
  bool interrupted = false;  // stopped early (Ctrl-C): some games of the slices were not played
  std::vector<Site> sites;
  Tally tally;
};

// The seed of game `index` (splitmix64 of seed and index): `mancala trace --random --seed` with
// it replays a game of the random agent.
std::uint64_t game_seed(std::uint64_t seed, long index);

// The K-th (1-based) of N equal slices of `games`.
std::pair<long, long> shard_slice(long games, int k, int n);

struct RunControl {
  int jobs = 1;
  const std::atomic<bool>* stop = nullptr;  // set (by a signal handler) to stop early
  // Called on the calling thread about 5 times a second, with games done and to do, and the plies
  // played so far in the games under way (an agent's game may take long).
  std::function<void(long done, long total, long plies)> progress;
  // Called for every game played, one call at a time (from any thread), in no set order.
  std::function<void(const GameSummary&)> on_game;
};

// Plays games [begin, end) of `spec`. Throws PlayError (a game that breaks the engine's
// contract) and std::invalid_argument (a bad agent spec).
Analysis analyze(const Game& game, const RunSpec& spec, std::pair<long, long> slice,
                 const RunControl& control);

// Plays one game and adds it to `tally` (the runner's unit; tests use it to compare with trace);
// returns what the game was. `stop`, if given, is polled by the game's agents and between plies:
// a game stopped early throws ai::Cancelled and adds nothing. `plies`, if given, counts the
// plies played (progress).
GameSummary play_game(const Game& game, const Coverage& coverage, const RunSpec& spec, long index,
                      Tally& tally, const std::atomic<bool>* stop = nullptr,
                      std::atomic<long>* plies = nullptr);

// The sites (indexes into sites) that act through events but caused none: the clauses reported
// as never fired.
std::vector<std::size_t> never_fired(const std::vector<Site>& sites, const Tally& tally);

// Adds `other` to `into`: the same spec and sites, disjoint slices. Throws std::invalid_argument
// naming what differs.
void merge(Analysis& into, const Analysis& other);

}  // namespace mancala::analysis
