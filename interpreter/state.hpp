#pragma once
// A position of a game in progress: a small copyable value (OpenSpiel's State), read and changed
// only through the Game.
#include <array>
#include <cstdint>
#include <vector>

#include "interpreter/layout.hpp"

namespace mancala {

using Count = std::int16_t;

enum class Phase : std::uint8_t { play, place, flip, over };
enum class Outcome : std::uint8_t { none, p1, p2, draw, unfinished };

enum class MoveKind : std::uint8_t { sow, store, place, flip, keep, pass };

struct Move {
  MoveKind kind = MoveKind::pass;
  std::uint8_t hole = kNoHole;
  Dir dir = Dir::ccw;
  bool has_dir = false;  // the direction is the mover's choice, so it is written (G8)
  std::int32_t count = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// What G6 and L8 compare: board, stores and mover.
struct Snapshot {
  std::uint64_t hash = 0;
  std::array<Count, kMaxHoles> holes{};
  std::array<std::int32_t, 2> stores{};
  std::uint8_t mover = 0;
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

// Everything but the position histories: what a simulated sowing copies.
struct StateCore {
  std::array<Count, kMaxHoles> holes{};  // holes past the board's size stay 0
  std::array<std::int32_t, 2> stores{};
  std::array<std::int32_t, 2> scores{};
  std::array<std::int32_t, 2> tallies{};  // of the last round
  std::int32_t round = 1;
  std::int32_t ply = 0;
  std::uint8_t columns = 0;
  std::uint8_t next_columns = 0;
  std::uint8_t mover = 0;
  Phase phase = Phase::play;
  Outcome outcome = Outcome::none;
  // A turn of several decisions (K5): the direction a further move must take.
  bool continuing = false;
  Dir forced_dir = Dir::ccw;
  // Round roles and set-up progress.
  std::uint8_t winner = 0;
  std::uint8_t loser = 1;
  std::uint8_t setup_step = 0;
  std::uint8_t place_index = 0;
  std::int32_t place_left = 0;

  friend bool operator==(const StateCore&, const StateCore&) = default;
};

struct State : StateCore {
  std::vector<Snapshot> turn_positions;   // G6, within a turn of several decisions
  std::vector<Snapshot> round_positions;  // L8 repetition
};

}  // namespace mancala
