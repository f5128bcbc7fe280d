#include "interpreter/view/board_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <type_traits>

#include "interpreter/view/terminal.hpp"

namespace mancala::view {

std::string player_name(int player) { return fmt::format("P{}", player + 1); }

namespace {

// Where each hole lies on the table, read once from the Layout.
struct Geometry {
  int rows = 0;
  int columns = 0;
  std::vector<std::string> column_labels;  // "A", "B", ...: a hole's name without its row
  std::vector<std::vector<int>> grid;      // grid[row - 1][column]: the hole there, or -1
  std::vector<int> row_owner;              // by row - 1
  std::vector<char> row_arrow;             // by row - 1: '>', '<', or 0 when not fixed
};

std::string without_row_number(std::string name) {
  while (!name.empty() && name.back() >= '0' && name.back() <= '9') name.pop_back();
  return name;
}

// Which way counters travel along each row, when the game fixes the sowing direction (G3).
void add_arrows(const Game& game, const Layout& l, Geometry& g) {
  const auto& sowing = game.rules().sowing;
  if (!sowing || sowing->direction == DirRule::choice) return;
  const int dir = static_cast<int>(sowing->direction == DirRule::cw ? Dir::cw : Dir::ccw);
  const auto& next = l.next[static_cast<int>(sowing->track)][dir];
  for (int h = 0; h < l.size; ++h) {
    int n = next[h];
    if (n >= l.size || l.row[n] != l.row[h]) continue;
    g.row_arrow[l.row[h] - 1] = l.column[n] > l.column[h] ? '>' : '<';
  }
}

Geometry geometry(const Game& game, const State& s) {
  const Layout& l = game.layout_of(s);
  Geometry g;
  g.rows = l.rows;
  g.columns = l.columns;
  g.column_labels.assign(static_cast<std::size_t>(l.columns), "");
  g.grid.assign(static_cast<std::size_t>(l.rows), std::vector<int>(static_cast<std::size_t>(l.columns), -1));
  g.row_owner.assign(static_cast<std::size_t>(l.rows), 0);
  g.row_arrow.assign(static_cast<std::size_t>(l.rows), 0);
  for (int h = 0; h < l.size; ++h) {
    g.grid[l.row[h] - 1][l.column[h]] = h;
    g.row_owner[l.row[h] - 1] = l.owner[h];
    g.column_labels[l.column[h]] = without_row_number(l.names[h]);
  }
  add_arrows(game, l, g);
  return g;
}

bool has_stores(const Game& game) { return game.rules().stores != StoreKind::none; }
bool keeps_points(const Game& game) { return game.rules().rounds && game.rules().rounds->points; }

std::string pad_left(const std::string& text, std::size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

// The colour of a hole's count: what the last move did to it, or dim when empty.
std::string_view hole_colour(const Touched& t, int hole, int count) {
  if (t.captured.count(hole)) return ansi::red;
  if (t.sown.count(hole)) return ansi::yellow;
  if (t.lifted.count(hole)) return ansi::cyan;
  return count == 0 ? ansi::dim : std::string_view();
}

std::string legend(const Touched& t) {
  std::vector<std::string> parts;
  if (!t.sown.empty()) parts.push_back(paint("sown", ansi::yellow, true));
  if (!t.lifted.empty()) parts.push_back(paint("lifted", ansi::cyan, true));
  if (!t.captured.empty() || !t.stores.empty()) parts.push_back(paint("captured", ansi::red, true));
  if (parts.empty()) return {};
  std::string out = "last move:";
  for (const auto& p : parts) out += " " + p;
  return out + "\n";
}

}  // namespace

Touched touched_by(const std::vector<Event>& events) {
  // A hole is shown by what last happened to it: sown into after it was lifted, it holds what
  // the sowing left there.
  std::map<int, std::set<int> Touched::*> last;
  Touched t;
  for (const Event& e : events) {
    std::visit(
        [&](const auto& d) {
          using T = std::decay_t<decltype(d)>;
          if constexpr (std::is_same_v<T, LiftEvent>) {
            if (d.hole != kNoHole) last[d.hole] = &Touched::lifted;
          } else if constexpr (std::is_same_v<T, LapEvent>) {
            last[d.hole] = &Touched::lifted;
          } else if constexpr (std::is_same_v<T, DropEvent> || std::is_same_v<T, PlacementEvent>) {
            last[d.hole] = &Touched::sown;
          } else if constexpr (std::is_same_v<T, GiftEvent>) {
            last[d.hole] = &Touched::sown;
            if (d.from != kNoHole) last[d.from] = &Touched::lifted;
          } else if constexpr (std::is_same_v<T, CaptureEvent>) {
            last[d.hole] = &Touched::captured;
            if (d.into == kIntoStore) t.stores.insert(e.player);
            else last[d.into] = &Touched::sown;
          }
        },
        e.data);
  }
  for (auto [hole, kind] : last) (t.*kind).insert(hole);
  return t;
}

std::string draw_board(const Game& game, const State& s, const DrawStyle& style) {
  const Geometry g = geometry(game, s);
  const bool colour = style.colour;
  const bool stores = has_stores(game);
  const bool over = game.is_over(s) || style.unfinished;
  const int mover = over ? -1 : game.mover(s);

  std::size_t cell = 3;
  for (const auto& label : g.column_labels) cell = std::max(cell, label.size() + 1);
  for (const auto& row : g.grid)
    for (int h : row)
      if (h >= 0) cell = std::max(cell, std::to_string(game.count(s, h)).size() + 1);
  const std::size_t row_label = std::to_string(g.rows).size();

  auto store_text = [&](int player) {
    bool hidden = game.stores_concealed() && style.concealed_from >= 0 && style.concealed_from != player;
    return fmt::format("{} store {}", player_name(player), hidden ? std::string("?") : std::to_string(game.store(s, player)));
  };
  auto paint_store = [&](int player) {
    return paint(store_text(player), style.touched.stores.count(player) ? ansi::red : std::string_view(), colour);
  };
  // Left of the first row of each player's half: the top player's store where the game has
  // stores (the bottom player's stands at the other end), else the player's name.
  struct Label {
    std::string text;
    int store_of = -1;
  };
  const int top_player = g.row_owner.back();
  const int bottom_player = g.row_owner.front();
  std::vector<Label> left(static_cast<std::size_t>(g.rows));
  for (int row = g.rows; row >= 1; --row) {
    if (row != g.rows && g.row_owner[row] == g.row_owner[row - 1]) continue;
    if (!stores) left[row - 1] = {player_name(g.row_owner[row - 1])};
    else if (row == g.rows) left[row - 1] = {store_text(top_player), top_player};
  }
  std::size_t left_width = 0;
  for (const auto& label : left) left_width = std::max(left_width, label.text.size());
  const bool rows_per_player = g.rows > game.players();

  auto caption = [&] {
    std::string line(left_width + (left_width ? 2 : 0) + row_label + 2, ' ');
    std::string letters;
    for (const auto& label : g.column_labels) letters += pad_left(label, cell);
    return line + paint(letters, ansi::dim, colour) + "\n";
  };

  std::string out = caption();
  for (int row = g.rows; row >= 1; --row) {
    const int owner = g.row_owner[row - 1];
    if (rows_per_player && row < g.rows && owner != g.row_owner[row]) out += "\n";
    std::string number = pad_left(std::to_string(row), row_label);
    std::string_view label_colour = owner == mover ? ansi::green : ansi::dim;
    const Label& label = left[row - 1];
    out += label.store_of >= 0 ? paint_store(label.store_of) : paint(label.text, label_colour, colour);
    out += std::string(left_width - label.text.size() + (left_width ? 2 : 0), ' ');
    out += paint(number, label_colour, colour) + " |";
    for (int h : g.grid[row - 1]) {
      int count = h >= 0 ? game.count(s, h) : 0;
      std::string text = pad_left(h >= 0 ? std::to_string(count) : std::string("-"), cell);
      std::size_t digits = text.find_first_not_of(' ');
      out += text.substr(0, digits) + paint(text.substr(digits), h >= 0 ? hole_colour(style.touched, h, count) : ansi::dim, colour);
    }
    out += " | " + paint(number, label_colour, colour);
    if (char arrow = g.row_arrow[row - 1]) out += fmt::format(" {}", paint(std::string(1, arrow), ansi::dim, colour));
    if (stores && row == 1) out += "  " + paint_store(bottom_player);
    out += "\n";
  }
  out += caption();

  if (over) {
    std::string result = style.unfinished ? std::string("unfinished") : game.result_text(s);
    out += paint("result " + result, ansi::bold, colour) + "\n";
  } else {
    out += paint("mover " + player_name(mover), ansi::green, colour) + "\n";
    if (game.phase(s) == Phase::place) out += "phase place\n";
    if (game.phase(s) == Phase::flip) out += "phase flip\n";
  }
  if (game.rules().rounds) out += fmt::format("round {}\n", game.round(s));
  if (keeps_points(game)) out += fmt::format("scores {} {}\n", game.score(s, 0), game.score(s, 1));
  if (colour) out += legend(style.touched);
  return out;
}

std::string hole_name(const Game& game, const State& s, int hole) {
  const auto& names = game.layout_of(s).names;
  return hole >= 0 && hole < static_cast<int>(names.size()) ? names[static_cast<std::size_t>(hole)] : "?";
}

std::vector<std::string> hole_names(const Game& game, const State& s) { return game.layout_of(s).names; }

std::vector<std::string> position_differences(const Game& old_game, const State& old_state,
                                              const Game& new_game, const State& new_state) {
  std::vector<std::string> out;
  auto counts = [](const Game& game, const State& s) {
    std::map<std::string, int> by_name;
    const auto& names = game.layout_of(s).names;
    for (std::size_t h = 0; h < names.size(); ++h) by_name[names[h]] = game.count(s, static_cast<int>(h));
    return by_name;
  };
  auto changed = [&out](const std::string& what, const std::string& now, const std::string& was) {
    if (now != was) out.push_back(fmt::format("{} {} (was {})", what, now, was));
  };
  auto before = counts(old_game, old_state), after = counts(new_game, new_state);
  if (before.size() != after.size())
    out.push_back(fmt::format("the board has {} holes (was {})", after.size(), before.size()));
  for (const auto& [name, count] : after) {
    auto it = before.find(name);
    changed(name, std::to_string(count), it == before.end() ? std::string("not on the board") : std::to_string(it->second));
  }
  for (const auto& [name, count] : before)
    if (!after.count(name)) out.push_back(fmt::format("{} is not on the board (was {})", name, count));
  for (int p = 0; p < std::min(old_game.players(), new_game.players()); ++p) {
    changed(player_name(p) + " store", std::to_string(new_game.store(new_state, p)), std::to_string(old_game.store(old_state, p)));
    changed(player_name(p) + " score", std::to_string(new_game.score(new_state, p)), std::to_string(old_game.score(old_state, p)));
  }
  auto mover = [](const Game& game, const State& s) {
    return game.is_over(s) ? std::string("none (the game is over)") : player_name(game.mover(s));
  };
  changed("mover", mover(new_game, new_state), mover(old_game, old_state));
  changed("round", std::to_string(new_game.round(new_state)), std::to_string(old_game.round(old_state)));
  auto result = [](const Game& game, const State& s) {
    std::string text = game.result_text(s);
    return text.empty() ? std::string("none") : text;
  };
  changed("result", result(new_game, new_state), result(old_game, old_state));
  return out;
}

}  // namespace mancala::view
