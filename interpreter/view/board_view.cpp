#include "interpreter/view/board_view.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <type_traits>

#include "interpreter/view/terminal.hpp"

namespace mancala::view {

namespace {

// Which way counters travel along each row, when the game fixes the sowing direction (G3): along
// the track of the row's owner, in the direction of the ordinary turns' first rule.
void add_arrows(const Game& game, const Layout& l, BoardGeometry& g) {
  const auto& sowings = game.rules().sowings;
  if (sowings.empty() || sowings.front().direction == DirRule::choice) return;
  const int dir = static_cast<int>(sowings.front().direction == DirRule::cw ? Dir::cw : Dir::ccw);
  for (int h = l.first_pit(); h < l.size; ++h) {
    const auto& next = l.next_for[l.owner[h]][dir];
    if (static_cast<std::size_t>(h) >= next.size()) continue;
    int n = next[h];
    if (!l.is_pit(n) || l.row[n] != l.row[h]) continue;
    g.row_arrow[l.row[h] - 1] = l.column[n] > l.column[h] ? '>' : '<';
  }
}

}  // namespace

BoardGeometry board_geometry(const Game& game, const State& s) {
  const Layout& l = game.layout_of(s);
  BoardGeometry g;
  g.rows = l.rows;
  g.columns = l.columns;
  for (int c = 0; c < l.columns; ++c) g.column_labels.push_back(column_name(c));
  g.grid.assign(static_cast<std::size_t>(l.rows), std::vector<int>(static_cast<std::size_t>(l.columns), -1));
  g.row_owner.assign(static_cast<std::size_t>(l.rows), 0);
  g.row_arrow.assign(static_cast<std::size_t>(l.rows), 0);
  for (int h = l.first_pit(); h < l.size; ++h) {
    g.grid[l.row[h] - 1][l.column[h]] = h;
    g.row_owner[l.row[h] - 1] = l.owner[h];
  }
  for (int p = 0; p < game.players(); ++p) g.stores.emplace_back(l.stores_of[p].begin(), l.stores_of[p].end());
  // A game without stores (stores:none) keeps what it captures off the board.
  g.stores_at_ends = game.rules().stores != StoreKind::none;
  add_arrows(game, l, g);
  return g;
}

namespace {

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
          } else if constexpr (std::is_same_v<T, CaptureEvent> || std::is_same_v<T, TransferEvent>) {
            last[d.hole] = &Touched::captured;
            if (d.into == kIntoStore) t.stores.insert(e.player);
            else if (d.into >= 0) last[d.into] = &Touched::sown;
          }
        },
        e.data);
  }
  for (auto [hole, kind] : last) (t.*kind).insert(hole);
  return t;
}

namespace {

// One drawing: its widths are computed once, then the lines are written from the top.
class Drawing {
 public:
  Drawing(const Game& game, const State& s, const DrawStyle& style)
      : game_(game), s_(s), style_(style), g_(board_geometry(game, s)), over_(game.is_over(s) || style.unfinished),
        mover_(over_ ? -1 : game.mover(s)) {
    for (const auto& label : g_.column_labels) cell_ = std::max(cell_, label.size() + 1);
    for (const auto& row : g_.grid)
      for (int h : row)
        if (h >= 0) cell_ = std::max(cell_, std::to_string(game.count(s, h)).size() + 1);
    row_label_ = std::to_string(g_.rows).size();
    // Left of the first row of each player's half: the top player's first store, if they have
    // one (the bottom player's stands at the other end), else the player's name.
    left_.resize(static_cast<std::size_t>(g_.rows));
    for (int row = g_.rows; row >= 1; --row) {
      if (row != g_.rows && g_.row_owner[row] == g_.row_owner[row - 1]) continue;
      const int owner = g_.row_owner[row - 1];
      if (!g_.stores_at_ends) left_[row - 1] = {player_name(owner)};
      else if (row == g_.rows && !g_.stores[owner].empty()) left_[row - 1] = {store_text(g_.stores[owner].front()), g_.stores[owner].front()};
    }
    for (const auto& label : left_) left_width_ = std::max(left_width_, label.text.size());
  }

  std::string text() const {
    std::string out = caption();
    for (int row = g_.rows; row >= 1; --row) {
      // A blank line parts the players' halves when each has more than one row.
      if (g_.rows > game_.players() && row < g_.rows && g_.row_owner[row - 1] != g_.row_owner[row]) out += "\n";
      out += row_line(row);
    }
    return out + caption() + other_stores() + status();
  }

 private:
  struct Label {
    std::string text;
    int store = -1;  // the store hole it shows, if it is one
  };

  int top_player() const { return g_.row_owner.back(); }
  int bottom_player() const { return g_.row_owner.front(); }
  // The bottom player's first store, drawn right of row 1 unless it is drawn on the left already.
  int bottom_store() const {
    const auto& holes = g_.stores[bottom_player()];
    return !g_.stores_at_ends || holes.empty() || bottom_player() == top_player() ? -1 : holes.front();
  }
  std::string paint(std::string_view text, std::string_view code) const { return view::paint(text, code, style_.colour); }
  std::string margin() const { return std::string(left_width_ + (left_width_ ? 2 : 0), ' '); }

  // "P1 store 5", "P1 store 2 #2" for a player's second store, "P2 store ?" when concealed.
  std::string store_text(int hole) const {
    for (int p = 0; p < static_cast<int>(g_.stores.size()); ++p) {
      const auto& holes = g_.stores[p];
      auto it = std::find(holes.begin(), holes.end(), hole);
      if (it == holes.end()) continue;
      bool hidden = game_.stores_concealed() && style_.concealed_from >= 0 && style_.concealed_from != p;
      std::size_t number = static_cast<std::size_t>(it - holes.begin());
      return fmt::format("{} store {}{}", player_name(p), hidden ? std::string("?") : std::to_string(game_.count(s_, hole)),
                         number ? fmt::format(" #{}", number + 1) : std::string());
    }
    return {};
  }
  std::string painted_store(int hole) const {
    const int owner = game_.layout_of(s_).owner[hole];
    std::string_view colour = style_.touched.stores.count(owner) || style_.touched.captured.count(hole) ? ansi::red
                              : style_.touched.sown.count(hole)                                         ? ansi::yellow
                                                                                                         : std::string_view();
    return paint(store_text(hole), colour);
  }

  std::string caption() const {
    std::string letters;
    for (const auto& label : g_.column_labels) letters += pad_left(label, cell_);
    return margin() + std::string(row_label_ + 2, ' ') + paint(letters, ansi::dim) + "\n";
  }

  std::string row_line(int row) const {
    const std::string number = pad_left(std::to_string(row), row_label_);
    const std::string_view label_colour = g_.row_owner[row - 1] == mover_ ? ansi::green : ansi::dim;
    const Label& label = left_[row - 1];
    std::string out = label.store >= 0 ? painted_store(label.store) : paint(label.text, label_colour);
    out += margin().substr(label.text.size()) + paint(number, label_colour) + " |";
    for (int h : g_.grid[row - 1]) {
      int count = h >= 0 ? game_.count(s_, h) : 0;
      std::string text = pad_left(h >= 0 ? std::to_string(count) : std::string("-"), cell_);
      std::size_t digits = text.find_first_not_of(' ');
      out += text.substr(0, digits) + paint(text.substr(digits), h >= 0 ? hole_colour(style_.touched, h, count) : ansi::dim);
    }
    out += " | " + paint(number, label_colour);
    if (char arrow = g_.row_arrow[row - 1]) out += fmt::format(" {}", paint(std::string(1, arrow), ansi::dim));
    if (row == 1 && bottom_store() >= 0) out += "  " + painted_store(bottom_store());
    return out + "\n";
  }

  // The stores not drawn at the ends of the board, a line each: of more players, second stores,
  // and in a game without stores those that hold captured counters.
  std::string other_stores() const {
    std::string out;
    for (const auto& holes : g_.stores)
      for (int hole : holes)
        if (hole != bottom_store() && hole != left_.back().store && (g_.stores_at_ends || game_.count(s_, hole) > 0))
          out += painted_store(hole) + "\n";
    return out;
  }

  // The lines under the board, in the keys of tests/board_drawing.hpp.
  std::string status() const {
    std::string out;
    if (over_) {
      std::string result = style_.unfinished ? std::string("unfinished") : game_.result_text(s_);
      out += paint("result " + result, ansi::bold) + "\n";
    } else {
      out += paint("mover " + player_name(mover_), ansi::green) + "\n";
      // A decision of the set-up (a placement, flip, choose or choice) is named; play is not.
      if (const Phase phase = game_.phase(s_); phase != Phase::play && phase != Phase::over)
        out += std::string("phase ") + phase_name(phase) + "\n";
    }
    // Holes that changed hands or are out of play, in the keys of tests/board_drawing.hpp.
    const Layout& l = game_.layout_of(s_);
    for (int h = l.first_pit(); h < l.size; ++h) {
      if (game_.owner(s_, h) != l.owner[h]) out += fmt::format("{} = {}\n", l.names[h], player_name(game_.owner(s_, h)));
      if (!game_.in_play(s_, h)) out += fmt::format("{} out\n", l.names[h]);
    }
    if (game_.rules().rounds) out += fmt::format("round {}\n", game_.round(s_));
    if (keeps_points(game_)) {
      std::string scores = "scores";
      for (int p = 0; p < game_.players(); ++p) scores += fmt::format(" {}", game_.score(s_, p));
      out += scores + "\n";
    }
    if (style_.colour) out += legend(style_.touched);
    return out;
  }

  const Game& game_;
  const State& s_;
  const DrawStyle& style_;
  const BoardGeometry g_;
  const bool over_;
  const int mover_;
  std::size_t cell_ = 3;  // the width of a hole's column
  std::size_t row_label_ = 1;
  std::vector<Label> left_;
  std::size_t left_width_ = 0;
};

}  // namespace

std::string draw_board(const Game& game, const State& s, const DrawStyle& style) {
  return Drawing(game, s, style).text();
}

std::string final_score(const Game& game, const State& s) {
  // What the game's result counts: the rounds' tally, a (most ...) end's; without either, the
  // stores, or the stores and own rows in a game without stores (Kisolo keeps its captures there).
  const Rules& rules = game.rules();
  TallyRule rule = rules.stores == StoreKind::none ? TallyRule::store_and_row : TallyRule::store;
  if (rules.rounds) {
    rule = rules.rounds->tally;
  } else {
    for (const EndRule& end : rules.end)
      if (end.result.kind == ResultKind::most) {
        rule = end.result.tally;
        break;
      }
  }
  std::string counted, points;
  for (int p = 0; p < game.players(); ++p) {
    counted += fmt::format("{}{} {}", p ? ", " : "", player_name(p), game.tally_by(s, rule, p));
    points += fmt::format("{}{} {}", p ? ", " : "", player_name(p), game.score(s, p));
  }
  return fmt::format("final score: {} (counters in {}){}", counted,
                     rule == TallyRule::store ? "stores" : "stores and own holes",
                     keeps_points(game) ? fmt::format("; match points: {}", points) : std::string());
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
  for (int p = 0; p < std::min(old_game.players(), new_game.players()); ++p)
    changed(player_name(p) + " score", std::to_string(new_game.score(new_state, p)), std::to_string(old_game.score(old_state, p)));
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
