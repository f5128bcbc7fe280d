#include "interpreter/layout.hpp"

namespace mancala {

std::string hole_name(int row1, int column0) {
  return std::string(1, static_cast<char>('A' + column0)) + std::to_string(row1);
}

namespace {

// Links a cycle of holes so that next[ccw] follows it and next[cw] runs it backwards.
void link(Layout& layout, Track track, const std::vector<std::uint8_t>& cycle) {
  auto& forward = layout.next[static_cast<int>(track)][static_cast<int>(Dir::ccw)];
  auto& backward = layout.next[static_cast<int>(track)][static_cast<int>(Dir::cw)];
  for (std::size_t i = 0; i < cycle.size(); ++i) {
    std::uint8_t from = cycle[i];
    std::uint8_t to = cycle[(i + 1) % cycle.size()];
    forward[from] = to;
    backward[to] = from;
  }
}

std::vector<std::uint8_t> row_left_to_right(const Layout& l, int row1) {
  std::vector<std::uint8_t> holes;
  for (int c = 0; c < l.columns; ++c) holes.push_back(static_cast<std::uint8_t>(l.index(row1, c)));
  return holes;
}

std::vector<std::uint8_t> reversed(std::vector<std::uint8_t> v) { return {v.rbegin(), v.rend()}; }

std::vector<std::uint8_t> concat(std::vector<std::uint8_t> a, const std::vector<std::uint8_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

Layout make_layout(int rows, int columns) {
  Layout l;
  l.rows = rows;
  l.columns = columns;
  l.size = rows * columns;
  l.opposite.fill(kNoHole);
  l.outer_of.fill(kNoHole);
  for (int r = 1; r <= rows; ++r)
    for (int c = 0; c < columns; ++c) {
      int i = l.index(r, c);
      l.row[i] = static_cast<std::uint8_t>(r);
      l.column[i] = static_cast<std::uint8_t>(c);
      l.owner[i] = r <= rows / 2 ? 0 : 1;
      l.names.push_back(hole_name(r, c));
      l.identity[i] = static_cast<std::uint8_t>(i);
      l.rotated[i] = static_cast<std::uint8_t>(l.index(rows + 1 - r, columns - 1 - c));
      l.opposite[i] = static_cast<std::uint8_t>(l.index(rows + 1 - r, c));
      int outer_row = l.owner[i] == 0 ? 1 : rows;
      l.outer_of[i] = static_cast<std::uint8_t>(l.index(outer_row, c));
    }
  if (rows == 4)  // G4: an inner-row hole faces the opponent's inner row
    for (int c = 0; c < columns; ++c) {
      l.opposite[l.index(2, c)] = static_cast<std::uint8_t>(l.index(3, c));
      l.opposite[l.index(3, c)] = static_cast<std::uint8_t>(l.index(2, c));
    }

  // Own left-to-right order: P1 from column A, P2 from the last column (G2).
  auto p1_row = [&](int r) { return row_left_to_right(l, r); };
  auto p2_row = [&](int r) { return reversed(row_left_to_right(l, r)); };
  auto& rg = l.regions;
  const int outer = static_cast<int>(RegionKind::outer_row);
  const int inner = static_cast<int>(RegionKind::inner_row);
  const int row = static_cast<int>(RegionKind::row);
  rg[outer][0] = p1_row(1);
  rg[outer][1] = p2_row(rows);
  rg[inner][0] = p1_row(rows / 2);
  rg[inner][1] = p2_row(rows / 2 + 1);
  if (rows == 2) {
    rg[row][0] = rg[outer][0];
    rg[row][1] = rg[outer][1];
  } else {  // a player's circuit, anticlockwise (G3)
    rg[row][0] = concat(p1_row(1), reversed(p1_row(2)));
    rg[row][1] = concat(p1_row(3), reversed(p1_row(4)));
  }
  l.board = concat(rg[row][0], rg[row][1]);
  for (int kind = 0; kind < 4; ++kind)
    for (int p = 0; p < 2; ++p)
      for (auto h : l.region(static_cast<RegionKind>(kind), p)) l.masks[kind][p] |= std::uint64_t{1} << h;

  // G3: the loop runs row 1 from A, then back along the top row; circuits are each player's own.
  if (rows == 2) link(l, Track::loop, concat(p1_row(1), reversed(p1_row(2))));
  else link(l, Track::loop, concat(concat(p1_row(1), reversed(p1_row(2))),
                                   concat(p1_row(3), reversed(p1_row(4)))));
  link(l, Track::circuits, rg[row][0]);
  link(l, Track::circuits, rg[row][1]);
  return l;
}

}  // namespace mancala
