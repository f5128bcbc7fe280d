#pragma once
// A position of a game in progress: a small copyable value (OpenSpiel's State), read and changed
// only through the Game. Per-hole data lives in small vectors sized to the board (stores
// included, Layout), stored inline for boards of up to 64 holes so that copying a position
// costs what its holes cost.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "interpreter/layout.hpp"
#include "interpreter/position_history.hpp"

namespace mancala {

constexpr int kMaxCounters = 30000;  // in a game, and so in a hole: a count fits in a Count
using HoleCounts = boost::container::small_vector<Count, 64>;
using HoleBytes = boost::container::small_vector<std::uint8_t, 64>;

// Per-hole flags (State::flags).
constexpr std::uint8_t kOutOfPlay = 1;  // not sown into, not sown from, not counted as on the board

// The hole after `h` along a track's `next` array, passing over holes out of play; kNoHole if
// the track has none after `h` in play (or `h` is off the track).
inline int next_in_play(const std::uint8_t* next, const HoleBytes& flags, int h) {
  if (h == kNoHole) return kNoHole;
  int at = next[h];
  for (int i = 0; at != kNoHole && (flags[at] & kOutOfPlay) && i < kMaxHoles; ++i) at = next[at];
  return at != kNoHole && (flags[at] & kOutOfPlay) ? kNoHole : at;
}

// The player after `player` in turn order, of `players` (without a division: it is asked at
// every turn).
inline int player_after(int player, int players) { return player + 1 == players ? 0 : player + 1; }

// choose: a set-up step's holes are being chosen; choice: one of a step's alternatives.
enum class Phase : std::uint8_t { play, place, flip, over, choose, choice };
// A game's result: a draw, unfinished (G9), or the winner (p1 + player index).
enum class Outcome : std::uint8_t { none, draw, unfinished, p1, p2, p3, p4, p5, p6 };
inline Outcome win_for(int player) {
  return static_cast<Outcome>(static_cast<int>(Outcome::p1) + player);
}
// The winner of an outcome, or -1.
inline int winner_of(Outcome o) {
  return o >= Outcome::p1 ? static_cast<int>(o) - static_cast<int>(Outcome::p1) : -1;
}

// choose: `hole` is chosen (a choose step); choice: alternative `count` of a choice step.
enum class MoveKind : std::uint8_t { sow, store, place, flip, keep, pass, choose, choice };

struct Move {
  MoveKind kind = MoveKind::pass;
  std::uint8_t hole = kNoHole;
  Dir dir = Dir::ccw;
  bool has_dir = false;  // the direction is the mover's choice, so it is written (G8)
  std::int32_t count = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// The per-turn scalars of a position: trivially copyable, so copied as one block.
struct StateScalars {
  std::array<std::int32_t, kMaxPlayers> scores{};
  std::array<std::int32_t, kMaxPlayers> tallies{};  // of the last round
  std::int32_t round = 1;
  std::int32_t ply = 0;
  std::uint8_t columns = 0;
  std::uint8_t next_columns = 0;
  std::uint8_t mover = 0;
  Phase phase = Phase::play;
  Outcome outcome = Outcome::none;
  // A turn of several decisions (K5): the rule, direction and origins of the further move.
  bool continuing = false;
  bool direction_forced = false;
  Dir forced_dir = Dir::ccw;
  std::uint8_t decision_rule = 0xff;   // the sow rule of the further decision (Rules::sowings)
  std::uint16_t again_origin = 0xffff; // the again clause's origin region (an ExprId), if any
  std::uint8_t landing = kNoHole;      // where the last sowing ended (`hole` for again_origin)
  std::uint16_t again_clause = 0xffff; // the clause that gave the further decision (a ClauseId)
  std::array<std::int16_t, kMaxPlayers> turns{};  // turns each player has ended in the round
  // Round roles and set-up progress.
  std::uint8_t winner = 0;
  std::uint8_t loser = 1;
  std::uint8_t setup_step = 0;
  std::uint8_t place_index = 0;
  std::int32_t place_left = 0;  // place: counters left to place; choose: holes left to choose

  friend bool operator==(const StateScalars&, const StateScalars&) = default;
};

// Copies a small vector onto one of the same size (a position's, within a game) as one block of
// bytes: a playout copies positions at every judged move, and the element-wise copy cost more
// than the sowing.
template <class SmallVector>
inline void copy_same_size(SmallVector& to, const SmallVector& from) {
  if (to.size() == from.size())
    copy_bytes(to.data(), from.data(), from.size() * sizeof(typename SmallVector::value_type));
  else
    to = from;
}

// Everything but the position histories: what a simulated sowing copies.
struct StateCore : StateScalars {
  HoleCounts holes;  // the counters of every hole of the largest board; holes off a smaller one stay 0
  HoleBytes owner;   // each hole's player now (a hole may change hands)
  HoleBytes flags;   // kOutOfPlay
  boost::container::small_vector<std::int32_t, 8> vars;  // the game's, then each player's

  StateCore() = default;
  StateCore(const StateCore&) = default;
  StateCore(StateCore&&) = default;
  StateCore& operator=(StateCore&&) = default;
  StateCore& operator=(const StateCore& other) {
    static_cast<StateScalars&>(*this) = other;
    copy_same_size(holes, other.holes);
    copy_same_size(owner, other.owner);
    copy_same_size(flags, other.flags);
    copy_same_size(vars, other.vars);
    return *this;
  }
  friend bool operator==(const StateCore&, const StateCore&) = default;
};

struct State : StateCore {
  PositionHistory turn_positions{4};     // G6, within a turn of several decisions
  PositionHistory round_positions;       // L8 repetition
};

}  // namespace mancala
