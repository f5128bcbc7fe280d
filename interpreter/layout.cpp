#include "interpreter/layout.hpp"

#include <algorithm>
#include <stdexcept>

namespace mancala {

std::string column_name(int column0) {
  std::string name;
  if (column0 >= 26) name += static_cast<char>('A' + column0 / 26 - 1);
  name += static_cast<char>('A' + column0 % 26);
  return name;
}

std::string hole_name(int row1, int column0) { return column_name(column0) + std::to_string(row1); }

std::string player_name(int player) { return "P" + std::to_string(player + 1); }

std::string store_name(int player, int number, int stores_per_player) {
  std::string name = "store " + player_name(player);
  if (stores_per_player > 1) name += " #" + std::to_string(number + 1);
  return name;
}

namespace {

using Holes = std::vector<std::uint8_t>;

[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument(message); }

Holes reversed(Holes v) { return {v.rbegin(), v.rend()}; }

Holes concat(Holes a, const Holes& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The holes of a run on this layout (sides must be known for side runs).
Holes resolve(const Layout& l, const HoleRun& run, bool sides_known) {
  Holes out;
  switch (run.kind) {
    case HoleRun::Kind::hole:
      if (run.a < 1 || run.a > l.rows || run.b < 0 || run.b >= l.columns)
        fail("hole " + hole_name(run.a, run.b) + " is not on a " + std::to_string(l.rows) + "x" +
             std::to_string(l.columns) + " board");
      out.push_back(static_cast<std::uint8_t>(l.pit(run.a, run.b)));
      break;
    case HoleRun::Kind::store:
      if (run.a >= l.players || run.b >= static_cast<int>(l.stores_of[run.a].size()))
        fail("P" + std::to_string(run.a + 1) + " has no store " + std::to_string(run.b + 1));
      out.push_back(l.stores_of[run.a][run.b]);
      break;
    case HoleRun::Kind::span: {
      if (run.a < 1 || run.a > l.rows || std::max(run.b, run.c) >= l.columns)
        fail("the run " + hole_name(run.a, run.b) + " to " + hole_name(run.a, run.c) +
             " is not on a " + std::to_string(l.rows) + "x" + std::to_string(l.columns) + " board");
      int step = run.c >= run.b ? 1 : -1;
      for (int c = run.b;; c += step) {
        out.push_back(static_cast<std::uint8_t>(l.pit(run.a, c)));
        if (c == run.c) break;
      }
      break;
    }
    case HoleRun::Kind::board_row:
      if (run.a < 1 || run.a > l.rows)
        fail("the board has no row " + std::to_string(run.a) + " (rows 1 to " + std::to_string(l.rows) + ")");
      out = l.board_rows[run.a - 1];
      break;
    case HoleRun::Kind::side:
    case HoleRun::Kind::inner_row:
    case HoleRun::Kind::outer_row: {
      if (!sides_known) fail("a side cannot be written with the sides of the players");
      if (run.a >= l.players) fail("the game has no player P" + std::to_string(run.a + 1));
      RegionKind kind = run.kind == HoleRun::Kind::side        ? RegionKind::row
                        : run.kind == HoleRun::Kind::inner_row ? RegionKind::inner_row
                                                               : RegionKind::outer_row;
      out = l.region(kind, run.a);
      break;
    }
  }
  return run.reversed ? reversed(out) : out;
}

Holes resolve_all(const Layout& l, const std::vector<HoleRun>& runs, bool sides_known) {
  Holes out;
  for (const HoleRun& run : runs) out = concat(out, resolve(l, run, sides_known));
  return out;
}

// The sides when the rule file gives none (docs/language.md, `side`).
std::vector<Holes> default_sides(const Layout& l) {
  auto row = [&l](int r) { return l.board_rows[r - 1]; };
  switch (l.rows) {
    case 1: {  // a ring: consecutive runs of equal length, P1's first
      if (l.columns % l.players != 0)
        fail(std::to_string(l.columns) + " holes cannot be shared equally by " +
             std::to_string(l.players) + " players: give each player's (side ...)");
      std::vector<Holes> sides(static_cast<std::size_t>(l.players));
      int run = l.columns / l.players;
      for (int c = 0; c < l.columns; ++c) sides[static_cast<std::size_t>(c / run)].push_back(row(1)[c]);
      return sides;
    }
    case 2:
    case 4:
      if (l.players != 2)
        fail("a board of " + std::to_string(l.rows) + " rows has sides for 2 players: give each "
             "player's (side ...)");
      if (l.rows == 2) return {row(1), reversed(row(2))};  // G2
      return {concat(row(1), reversed(row(2))), concat(row(3), reversed(row(4)))};  // G3
    default: fail("a board of 3 rows needs a (side ...) for every player");
  }
}

// The tracks when the rule file gives none: one circle of every pit on 1 and 2 rows (G3), each
// player's own side on 4 rows.
std::vector<BoardSpec::Track> default_tracks(const Layout& l) {
  using K = HoleRun::Kind;
  switch (l.rows) {
    case 1: return {{-1, {{K::board_row, 1}}}};
    case 2: return {{-1, {{.kind = K::board_row, .a = 1}, {.kind = K::board_row, .a = 2, .reversed = true}}}};
    case 4: {
      std::vector<BoardSpec::Track> tracks;
      for (int p = 0; p < l.players; ++p) tracks.push_back({p, {{K::side, p}}});
      return tracks;
    }
    default: fail("a board of 3 rows needs a (track ...)");
  }
}

void link_track(Layout& l, const Holes& cycle) {
  std::array<Holes, 2> next{Holes(static_cast<std::size_t>(l.size), kNoHole),
                            Holes(static_cast<std::size_t>(l.size), kNoHole)};
  std::vector<bool> seen(static_cast<std::size_t>(l.size));
  for (std::size_t i = 0; i < cycle.size(); ++i) {
    std::uint8_t from = cycle[i], to = cycle[(i + 1) % cycle.size()];
    if (seen[from]) fail("a track passes through " + l.names[from] + " twice");
    seen[from] = true;
    next[static_cast<int>(Dir::ccw)][from] = to;
    next[static_cast<int>(Dir::cw)][to] = from;
  }
  l.track_next.push_back(std::move(next));
  l.track_holes.push_back(cycle);
}

}  // namespace

Layout make_layout(const BoardSpec& spec, int columns) {
  Layout l;
  l.rows = spec.rows;
  l.columns = columns;
  l.players = spec.players;
  l.stores = spec.players * spec.stores_per_player;
  l.size = l.stores + l.rows * columns;
  if (l.size > kMaxHoles) fail("the board has more than " + std::to_string(kMaxHoles) + " holes (limit max-holes)");
  const auto n = static_cast<std::size_t>(l.size);
  l.owner.assign(n, 0);
  l.role.assign(n, Role::pit);
  l.row.assign(n, 0);
  l.column.assign(n, 0);
  l.opposite.assign(n, kNoHole);
  l.outer_of.assign(n, kNoHole);
  l.rotated.assign(n, kNoHole);
  l.identity.assign(n, 0);
  l.names.resize(n);
  for (int h = 0; h < l.size; ++h) l.identity[h] = static_cast<std::uint8_t>(h);
  for (int p = 0; p < l.players; ++p)
    for (int k = 0; k < spec.stores_per_player; ++k) {
      int h = p * spec.stores_per_player + k;
      l.owner[h] = static_cast<std::uint8_t>(p);
      l.role[h] = Role::store;
      l.column[h] = static_cast<std::uint8_t>(k);
      l.rotated[h] = static_cast<std::uint8_t>(h);
      l.outer_of[h] = static_cast<std::uint8_t>(h);
      l.names[h] = store_name(p, k, spec.stores_per_player);
      l.stores_of[p].push_back(static_cast<std::uint8_t>(h));
    }
  l.board_rows.resize(static_cast<std::size_t>(l.rows));
  for (int r = 1; r <= l.rows; ++r)
    for (int c = 0; c < columns; ++c) {
      int h = l.pit(r, c);
      l.row[h] = static_cast<std::uint8_t>(r);
      l.column[h] = static_cast<std::uint8_t>(c);
      l.names[h] = hole_name(r, c);
      l.rotated[h] = static_cast<std::uint8_t>(l.pit(l.rows + 1 - r, columns - 1 - c));
      l.board_rows[r - 1].push_back(static_cast<std::uint8_t>(h));
      int across = l.rows == 4 ? (r == 1 ? 4 : r == 2 ? 3 : r == 3 ? 2 : 1)  // G4
                   : l.rows == 1 || (l.rows == 3 && r == 2) ? 0
                                                            : l.rows + 1 - r;
      if (across) l.opposite[h] = static_cast<std::uint8_t>(l.pit(across, c));
    }

  // Sides: who owns each pit at the start, and each player's own order.
  std::vector<Holes> sides(static_cast<std::size_t>(l.players));
  if (spec.sides.empty()) {
    sides = default_sides(l);
  } else {
    for (const auto& side : spec.sides) sides[static_cast<std::size_t>(side.player)] = resolve_all(l, side.holes, false);
  }
  std::vector<int> side_of(n, -1);
  for (int p = 0; p < l.players; ++p) {
    for (auto h : sides[static_cast<std::size_t>(p)]) {
      if (l.role[h] != Role::pit) fail("a side holds pits only, not " + l.names[h]);
      if (side_of[h] >= 0) fail(l.names[h] + " is on two sides (P" + std::to_string(side_of[h] + 1) +
                                " and P" + std::to_string(p + 1) + ")");
      side_of[h] = p;
      l.owner[h] = static_cast<std::uint8_t>(p);
    }
  }
  for (int h = l.stores; h < l.size; ++h)
    if (side_of[h] < 0) fail(l.names[h] + " is on no player's side: give it to a (side ...)");
  auto& rg = l.regions;
  const int row = static_cast<int>(RegionKind::row), inner = static_cast<int>(RegionKind::inner_row),
            outer = static_cast<int>(RegionKind::outer_row), board = static_cast<int>(RegionKind::board);
  for (int p = 0; p < l.players; ++p) {
    rg[row][p] = sides[static_cast<std::size_t>(p)];
    rg[inner][p] = rg[outer][p] = rg[row][p];
    rg[board][0] = concat(rg[board][0], rg[row][p]);
  }
  if (l.rows == 4 && spec.sides.empty()) {  // each player's outer and inner row, own order
    rg[outer][0] = l.board_rows[0];
    rg[inner][0] = l.board_rows[1];
    rg[inner][1] = reversed(l.board_rows[2]);
    rg[outer][1] = reversed(l.board_rows[3]);
  }
  for (int h = l.stores; h < l.size; ++h) {
    int outer_row = l.rows == 4 ? (l.owner[h] == 0 ? 1 : 4) : l.row[h];
    l.outer_of[h] = static_cast<std::uint8_t>(l.pit(outer_row, l.column[h]));
  }
  for (int kind = 0; kind < 4; ++kind)
    for (int p = 0; p < l.players; ++p)
      for (auto h : rg[kind][p]) l.masks[kind][p].insert(h);

  for (const auto& region : spec.static_regions) {  // a hole named twice ((union ...)) once, first
    Holes holes;
    for (auto h : resolve_all(l, region, true))
      if (std::find(holes.begin(), holes.end(), h) == holes.end()) holes.push_back(h);
    l.static_regions.push_back(std::move(holes));
  }

  l.first_number = spec.first_number;
  for (auto h : resolve_all(l, spec.numbered, true)) {
    if (std::find(l.numbered.begin(), l.numbered.end(), h) != l.numbered.end())
      fail(l.names[h] + " is numbered twice by (hole-numbers ...)");
    l.numbered.push_back(h);
  }

  // Tracks, and what each player sows along.
  std::vector<BoardSpec::Track> tracks = spec.tracks.empty() ? default_tracks(l) : spec.tracks;
  std::vector<int> owners;
  for (const auto& track : tracks) {
    Holes cycle = resolve_all(l, track.holes, true);
    if (cycle.empty()) fail("a track needs at least one hole");
    link_track(l, cycle);
    owners.push_back(track.owner);
  }
  for (int p = 0; p < l.players; ++p) {
    int shared = -1, own = -1;
    for (std::size_t t = 0; t < owners.size(); ++t) {
      if (owners[t] == p && own < 0) own = static_cast<int>(t);
      if (owners[t] < 0 && shared < 0) shared = static_cast<int>(t);
    }
    l.track_of[p] = own >= 0 ? own : shared;
    if (l.track_of[p] < 0) fail("P" + std::to_string(p + 1) + " has no track to sow along");
  }
  for (int h = l.stores; h < l.size; ++h) {
    bool on_a_track = false;
    for (const auto& next : l.track_next) on_a_track = on_a_track || next[0][h] != kNoHole;
    if (!on_a_track) fail(l.names[h] + " is on no track: add it to a (track ...)");
  }
  for (int p = 0; p < l.players; ++p)
    for (int d = 0; d < 2; ++d) {
      Holes& next = l.next_for[p][d];
      next = l.track_next[static_cast<std::size_t>(l.track_of[p])][d];
      for (int h = 0; h < l.size; ++h) {
        if (next[h] != kNoHole) continue;
        // Off the player's track: along the track of the hole's side, else any track through it.
        next[h] = l.track_next[static_cast<std::size_t>(l.track_of[l.owner[h]])][d][h];
        for (std::size_t t = 0; t < l.track_next.size() && next[h] == kNoHole; ++t)
          next[h] = l.track_next[t][d][h];
      }
    }
  return l;
}

}  // namespace mancala
