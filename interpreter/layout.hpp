#pragma once
// The board of one size, resolved once: hole names, sides, roles, tracks, opposites and regions
// as index arrays, so that play touches only small arrays. A game has one Layout per number of
// columns it can be played on (a round may shrink the board, K11).
//
// Holes are numbered with the stores first (the same indices in every layout of a game), then
// the pits row by row from P1's side: pit (row r, column c) is stores + (r-1)*columns + c.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace mancala {

constexpr int kMaxHoles = 255;    // hole indices are bytes; kNoHole is 0xff
constexpr int kMaxColumns = 50;
constexpr int kMaxRows = 4;
constexpr int kMaxPlayers = 6;
constexpr std::uint8_t kNoHole = 0xff;

enum class Dir : std::uint8_t { ccw = 0, cw = 1 };
inline Dir reverse(Dir d) { return d == Dir::ccw ? Dir::cw : Dir::ccw; }

enum class Role : std::uint8_t { pit, store };

// A set of holes, for fast membership tests.
struct HoleSet {
  std::array<std::uint64_t, 4> bits{};
  void insert(int h) { bits[static_cast<unsigned>(h) >> 6] |= std::uint64_t{1} << (h & 63); }
  bool contains(int h) const { return bits[static_cast<unsigned>(h) >> 6] >> (h & 63) & 1; }
};

// A run of holes named without knowing the board's size, resolved for each layout: how a rule
// file writes sides and tracks ((board-row 1), (reversed (board-row 2)), (store P1), A1).
struct HoleRun {
  enum class Kind : std::uint8_t { hole, store, board_row, side, inner_row, outer_row, span };
  Kind kind = Kind::hole;
  int a = 0;  // hole, span: row; store: player; board_row: row; side, inner_row, outer_row: player
  int b = 0;  // hole, span: column; store: the player's store number from 0
  int c = 0;  // span: the last column (a run along row a from column b to column c, either way)
  bool reversed = false;
};

// The geometry a rule file gives, from which every layout is built.
struct BoardSpec {
  int rows = 2;
  int columns = 6;
  int players = 2;
  int stores_per_player = 0;
  struct Side {
    int player = 0;
    std::vector<HoleRun> holes;  // in the player's own left-to-right order
  };
  std::vector<Side> sides;  // empty: the default sides of the board's rows (docs/language.md)
  struct Track {
    int owner = -1;  // -1: every player's
    std::vector<HoleRun> holes;  // in anticlockwise order, a cycle
  };
  std::vector<Track> tracks;  // empty: the default tracks (docs/language.md)
  // (hole-numbers FIRST HOLES...): the holes in a source's numbering, the first numbered FIRST.
  int first_number = 1;
  std::vector<HoleRun> numbered;
  // Regions a rule file writes whose holes do not depend on play ((reversed (board-row 2)),
  // (holes A2 C2)): Layout::static_regions holds them laid out.
  std::vector<std::vector<HoleRun>> static_regions;
};

enum class RegionKind : std::uint8_t { row, inner_row, outer_row, board };

struct Layout {
  int rows = 2;
  int columns = 0;
  int players = 2;
  int stores = 0;  // store holes, indices 0..stores-1
  int size = 0;    // stores + rows * columns
  std::vector<std::uint8_t> owner;     // each hole's player at the start (its side)
  std::vector<Role> role;
  std::vector<std::uint8_t> row;       // pits: 1-based, from P1's side; stores: 0
  std::vector<std::uint8_t> column;    // pits: 0-based, from P1's left; stores: the store number
  std::vector<std::uint8_t> opposite;  // G4, or kNoHole
  std::vector<std::uint8_t> outer_of;  // same column, own outer row (4 rows); the hole itself else
  std::vector<std::uint8_t> rotated;   // turned round (flip, mirror-start); stores stay
  std::vector<std::uint8_t> identity;  // identity[h] == h: one-hole regions
  std::vector<std::string> names;      // "A1" ..., "store P1"

  // Tracks: cycles of holes, anticlockwise. track_next[t][dir][h] follows track t (kNoHole off
  // it); next_for[p][dir][h] is what player p sows along: their track, or for a hole off it the
  // track of the hole's side.
  std::vector<std::array<std::vector<std::uint8_t>, 2>> track_next;
  std::vector<std::vector<std::uint8_t>> track_holes;  // each track's holes in order
  std::array<std::array<std::vector<std::uint8_t>, 2>, kMaxPlayers> next_for;
  std::array<int, kMaxPlayers> track_of{};

  // regions[kind][player]: holes in the player's own order (board: every pit, side by side).
  std::array<std::array<std::vector<std::uint8_t>, kMaxPlayers>, 4> regions;
  std::array<std::array<HoleSet, kMaxPlayers>, 4> masks;
  std::vector<std::vector<std::uint8_t>> board_rows;  // row r (1-based) at [r-1], A first
  std::array<std::vector<std::uint8_t>, kMaxPlayers> stores_of;
  std::vector<std::vector<std::uint8_t>> static_regions;  // BoardSpec::static_regions
  // A source's numbers for the holes (BoardSpec::numbered): numbered[n - first_number] is the
  // hole numbered n. Empty when the rule file declares none.
  std::vector<std::uint8_t> numbered;
  int first_number = 1;

  const std::vector<std::uint8_t>& region(RegionKind kind, int player) const {
    return regions[static_cast<int>(kind)][kind == RegionKind::board ? 0 : player];
  }
  // The region (only H): hole `h` alone, or no hole for kNoHole.
  std::span<const std::uint8_t> only(int h) const {
    return h == kNoHole ? std::span<const std::uint8_t>() : std::span<const std::uint8_t>(&identity[h], 1);
  }
  int pit(int row1, int column0) const { return stores + (row1 - 1) * columns + column0; }
  // The player's store number k (from 0), kNoHole if there is none.
  int store_of(int player, std::size_t k) const {
    const auto& holes = stores_of[player];
    return k < holes.size() ? holes[k] : kNoHole;
  }
  bool is_pit(int h) const { return h >= stores && h < size; }
  int first_pit() const { return stores; }
};

// Builds the layout of `spec` on `columns` columns. Throws std::invalid_argument, with a message
// for the rule file's author, when the spec does not describe a board (a side or track naming a
// hole off the board, a hole on two sides, a track through a hole twice ...).
Layout make_layout(const BoardSpec& spec, int columns);

// "A" .. "Z", "AA" .. for 0-based columns; "A1".
std::string column_name(int column0);
std::string hole_name(int row1, int column0);
std::string store_name(int player, int number, int stores_per_player);
std::string player_name(int player);  // "P1" for player 0

}  // namespace mancala
