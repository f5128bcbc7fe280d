#pragma once
// The board of one size, resolved once: names, owners, tracks, opposites and regions as index
// arrays, so that play touches only small fixed arrays.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mancala {

constexpr int kMaxHoles = 64;
constexpr int kMaxColumns = 26;
constexpr std::uint8_t kNoHole = 0xff;

enum class Dir : std::uint8_t { ccw = 0, cw = 1 };
inline Dir reverse(Dir d) { return d == Dir::ccw ? Dir::cw : Dir::ccw; }

enum class Track : std::uint8_t { loop = 0, circuits = 1 };

enum class RegionKind : std::uint8_t { row, inner_row, outer_row, board };

struct Layout {
  int rows = 2;
  int columns = 0;
  int size = 0;
  std::array<std::uint8_t, kMaxHoles> owner{};     // 0 = P1, 1 = P2
  std::array<std::uint8_t, kMaxHoles> row{};       // 1-based, from P1's side
  std::array<std::uint8_t, kMaxHoles> column{};    // 0-based, from P1's left
  std::array<std::uint8_t, kMaxHoles> opposite{};  // G4
  std::array<std::uint8_t, kMaxHoles> outer_of{};  // same column, own outer row
  std::array<std::uint8_t, kMaxHoles> rotated{};   // turned round (flip, mirror-start)
  // next[track][direction][hole]: the following hole along a track.
  std::array<std::array<std::array<std::uint8_t, kMaxHoles>, 2>, 2> next{};
  // regions[kind][player]: holes in the player's own left-to-right order.
  std::array<std::array<std::vector<std::uint8_t>, 2>, 4> regions;
  std::vector<std::uint8_t> board;  // P1's holes then P2's, each in own order
  // masks[kind][player]: bit h set when hole h is in that region (board: every hole).
  std::array<std::array<std::uint64_t, 2>, 4> masks{};
  std::vector<std::string> names;   // "A1" ... in index order
  std::array<std::uint8_t, kMaxHoles> identity{};  // identity[h] == h: one-hole regions

  const std::vector<std::uint8_t>& region(RegionKind kind, int player) const {
    return kind == RegionKind::board ? board : regions[static_cast<int>(kind)][player];
  }
  int index(int row1, int column0) const { return (row1 - 1) * columns + column0; }
};

// rows is 2 or 4; columns 1..kMaxColumns with rows * columns <= kMaxHoles.
Layout make_layout(int rows, int columns);

std::string hole_name(int row1, int column0);

}  // namespace mancala
