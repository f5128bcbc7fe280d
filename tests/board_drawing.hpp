#pragma once
// Positions drawn in a test, as seen from above (P1 sits at the bottom):
//
//     P2 store 3 |  1  0  4  2  0  1 |               <- row 2, columns A..F left to right
//                |  6  0  1  1  3  2 | P1 store 5    <- row 1
//     mover P1
//
// - Every line holding `|` is a row of the board; the counts between the first and the last `|`
//   are its holes, column A first. Rows are listed from the top: on a 2-row board row 2 then
//   row 1; on a 4-row board rows 4, 3, 2, 1 (1 to 4 rows). The board's number of columns is the
//   number of counts in a row (every row must have the same).
// - `P1 store N` ... `P6 store N` may stand anywhere outside the bars of a row line (or on a line
//   of its own); a store not drawn holds 0. A player with several stores: `P1 store 3 #2` for
//   the second.
// - `X = Y` on a line of its own marks hole X as owned by player Y now (claimed: P2 for
//   `C1 = P2`); `X out` marks it out of play; `X marked NAME` gives it the mark NAME (a
//   position has no other marks; an expected board's are checked where drawn only).
// - Other lines, one key each:
//     mover P1 | P2         whose decision it is (required, unless a result is given)
//     result none | P1 | P2 | draw | unfinished     (expect_board: default none = not over)
//     phase play | place | flip | choose | choice   (drawn: play; expect_board: checked if given)
//     round N                                       (checked / set if given)
//     scores A B                                    (match points of P1 and P2; checked / set)
//     turns A B                                     (turns P1 and P2 have ended in the round:
//                                                    set / checked if given; a drawing is
//                                                    otherwise a round's first turn)
//   `//` starts a comment, to the end of the line.
// - What the board drawing of the REPL adds is ignored, so that a position it prints can be pasted
//   here: lines of column letters, and row numbers, `<`, `>` and player names beside a row.
//
// drawn(game, text) makes a State of it (phase play, the start of the mover's turn:
// Game::prepare); expect_board(game, state, text) CHECKs every hole, both stores, the mover and
// whether the game is over (and its outcome), plus round, scores, turns and phase where drawn;
// board_differences lists what expect_board would fail on, a line each (the scenario files'
// driver, tests/scenario_runner.hpp, reports them so).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "interpreter/game.hpp"

namespace mancala::test {

struct Drawing {
  std::vector<std::vector<int>> rows;  // top row first, as drawn
  int columns = 0;
  std::array<std::array<int, 4>, kMaxPlayers> stores{};  // [player][store number]
  std::optional<int> mover;  // 0 .. 5
  std::optional<Outcome> result;
  std::optional<Phase> phase;
  std::optional<int> round;
  std::optional<std::vector<int>> scores;
  std::optional<std::vector<int>> turns;
  std::vector<std::pair<std::string, int>> owners;  // hole name, player
  std::vector<std::string> out_of_play;
  std::vector<std::pair<std::string, std::string>> marks;  // hole name, mark name
};

namespace drawing_detail {

inline std::string trim(const std::string& s) {
  std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  std::size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

[[noreturn]] inline void fail(const std::string& line, const std::string& why) {
  throw std::invalid_argument("board drawing: " + why + " in line `" + line + "`");
}

inline int player_of(const std::string& word, const std::string& line) {
  if (word.size() == 2 && word[0] == 'P' && word[1] >= '1' && word[1] <= '6') return word[1] - '1';
  fail(line, "expected P1 ... P6, not `" + word + "`");
}

// What the board drawing (interpreter/view/board_view.hpp) prints beside a row besides the stores:
// the row's number, `<` or `>` for the way counters travel along it, a player's name.
inline bool is_drawn_label(const std::string& word) {
  if (word == "<" || word == ">") return true;
  if (word.size() == 2 && word[0] == 'P' && word[1] >= '1' && word[1] <= '6') return true;
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// A line of column letters (`A  B  C`), as the board drawing prints above and below the rows.
inline bool is_column_caption(const std::string& line) {
  std::istringstream in(line);
  std::string word;
  bool any = false;
  while (in >> word) {
    any = true;
    for (char c : word)
      if (c < 'A' || c > 'Z') return false;
  }
  return any;
}

// Reads `P1 store N` / `P2 store N` phrases out of text outside a row's bars.
inline void read_stores(const std::string& text, const std::string& line, Drawing& d) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  for (std::size_t i = 0; i < words.size();) {
    if (i + 2 < words.size() && words[i + 1] == "store") {
      int p = player_of(words[i], line);
      int number = 0;
      if (i + 3 < words.size() && words[i + 3].size() == 2 && words[i + 3][0] == '#') {
        number = words[i + 3][1] - '1';
        if (number < 0 || number > 3) fail(line, "a store number is #1 to #4");
      }
      d.stores[p][number] = std::stoi(words[i + 2]);
      i += number || (i + 3 < words.size() && words[i + 3][0] == '#') ? 4 : 3;
    } else if (words[i] == "<-" || words[i].rfind("//", 0) == 0) {
      break;  // a remark to the end of the line
    } else if (is_drawn_label(words[i])) {
      ++i;  // a row number, a circuit mark or a player's name, as the board drawing prints them
    } else {
      fail(line, "unexpected `" + words[i] + "`");
    }
  }
}

// The flag bit of the game's mark `name` (Rules::marks, bit 1 upwards).
inline std::uint8_t mark_bit(const Game& game, const std::string& name) {
  const auto& marks = game.rules().marks;
  auto it = std::find(marks.begin(), marks.end(), name);
  if (it == marks.end()) throw std::invalid_argument("board drawing: the game has no mark \"" + name + "\"");
  return static_cast<std::uint8_t>(1u << (it - marks.begin() + 1));
}
}  // namespace drawing_detail

inline Drawing parse_drawing(const std::string& text) {
  using namespace drawing_detail;
  Drawing d;
  std::istringstream in(text);
  for (std::string raw; std::getline(in, raw);) {
    std::string line = raw;
    if (auto c = line.find("//"); c != std::string::npos) line = line.substr(0, c);
    if (auto c = line.find("<-"); c != std::string::npos) line = line.substr(0, c);
    line = trim(line);
    if (line.empty()) continue;
    auto first = line.find('|');
    if (first != std::string::npos) {
      auto last = line.rfind('|');
      if (last == first) fail(raw, "a row needs two bars");
      std::istringstream cells(line.substr(first + 1, last - first - 1));
      std::vector<int> row;
      for (std::string w; cells >> w;) {
        for (char ch : w)
          if (!std::isdigit(static_cast<unsigned char>(ch))) fail(raw, "bad count `" + w + "`");
        row.push_back(std::stoi(w));
      }
      if (row.empty()) fail(raw, "empty row");
      if (d.columns != 0 && static_cast<int>(row.size()) != d.columns)
        fail(raw, "rows of different lengths");
      d.columns = static_cast<int>(row.size());
      d.rows.push_back(row);
      read_stores(line.substr(0, first), raw, d);
      read_stores(line.substr(last + 1), raw, d);
      continue;
    }
    if (is_column_caption(line)) continue;
    std::istringstream words(line);
    std::string key, value;
    words >> key >> value;
    if (value == "store") {
      read_stores(line, raw, d);
    } else if (value == "=") {
      std::string player;
      words >> player;
      d.owners.emplace_back(key, player_of(player, raw));
    } else if (value == "out") {
      d.out_of_play.push_back(key);
    } else if (value == "marked") {
      std::string mark;
      if (!(words >> mark)) fail(raw, "`X marked NAME` needs the mark's name");
      d.marks.emplace_back(key, mark);
    } else if (key == "mover") {
      if (value == "-" || value == "none") d.mover.reset();
      else d.mover = player_of(value, raw);
    } else if (key == "result") {
      if (value == "none") d.result = Outcome::none;
      else if (value == "draw") d.result = Outcome::draw;
      else if (value == "unfinished") d.result = Outcome::unfinished;
      else d.result = win_for(player_of(value, raw));
    } else if (key == "phase") {
      if (value == "play") d.phase = Phase::play;
      else if (value == "place") d.phase = Phase::place;
      else if (value == "flip") d.phase = Phase::flip;
      else if (value == "choose") d.phase = Phase::choose;
      else if (value == "choice") d.phase = Phase::choice;
      else if (value == "over") d.phase = Phase::over;
      else fail(raw, "unknown phase");
    } else if (key == "round") {
      d.round = std::stoi(value);
    } else if (key == "scores" || key == "turns") {
      std::vector<int> numbers{std::stoi(value)};
      for (std::string more; words >> more;) numbers.push_back(std::stoi(more));
      (key == "scores" ? d.scores : d.turns) = numbers;
    } else {
      fail(raw, "unknown key `" + key + "`");
    }
  }
  if (d.rows.empty() || d.rows.size() > 4)
    throw std::invalid_argument("board drawing: 1 to 4 rows expected");
  return d;
}

// The hole index of drawn row `i` (top first), column `c`.
inline int drawn_hole(const Game& game, const Drawing& d, std::size_t i, int c) {
  int row1 = static_cast<int>(d.rows.size() - i);
  return game.layout(d.columns).pit(row1, c);
}

// A state drawn in the same format (for failure messages).
inline std::string draw(const Game& game, const StateCore& s) {
  const Layout& l = game.layout(s.columns);
  std::ostringstream out;
  out << "\n";
  for (int row1 = l.rows; row1 >= 1; --row1) {
    out << std::string(12, ' ') << "|";
    for (int c = 0; c < l.columns; ++c) {
      std::string n = std::to_string(s.holes[l.pit(row1, c)]);
      out << std::string(n.size() < 3 ? 3 - n.size() : 0, ' ') << n;
    }
    out << " |\n";
  }
  for (int p = 0; p < game.players(); ++p)
    for (std::size_t k = 0; k < l.stores_of[p].size(); ++k)
      out << "P" << p + 1 << " store " << s.holes[l.stores_of[p][k]]
          << (k ? " #" + std::to_string(k + 1) : std::string()) << "\n";
  for (int h = l.first_pit(); h < l.size; ++h) {
    if (s.owner[h] != l.owner[h]) out << l.names[h] << " = P" << int(s.owner[h]) + 1 << "\n";
    if (s.flags[h] & kOutOfPlay) out << l.names[h] << " out\n";
  }
  if (s.phase == Phase::over) {
    out << "result " << outcome_name(s.outcome) << "\n";
  } else {
    out << "mover P" << int(s.mover) + 1 << "\n";
    out << "phase " << phase_name(s.phase) << "\n";
  }
  out << "round " << s.round << "\nscores";
  for (int p = 0; p < game.players(); ++p) out << " " << s.scores[p];
  out << "\n";
  return out.str();
}

namespace drawing_detail {

inline int hole_by_name(const Layout& l, const std::string& name) {
  auto it = std::find(l.names.begin(), l.names.end(), name);
  if (it == l.names.end()) throw std::invalid_argument("board drawing: no hole " + name);
  return static_cast<int>(it - l.names.begin());
}

}  // namespace drawing_detail

// Builds the drawn position, the start of the mover's turn (no automatic step applied).
inline State drawn(const Game& game, const std::string& text) {
  Drawing d = parse_drawing(text);
  State s = game.empty_state(d.columns);
  const Layout& l = game.layout(d.columns);
  if (l.rows != static_cast<int>(d.rows.size()) || l.columns != d.columns)
    throw std::invalid_argument("board drawing: the game has no board of this shape");
  for (std::size_t i = 0; i < d.rows.size(); ++i)
    for (int c = 0; c < d.columns; ++c)
      s.holes[drawn_hole(game, d, i, c)] = static_cast<Count>(d.rows[i][c]);
  for (int p = 0; p < kMaxPlayers; ++p)
    for (std::size_t k = 0; k < d.stores[p].size(); ++k) {
      if (d.stores[p][k] == 0) continue;
      if (p >= game.players() || k >= l.stores_of[p].size())
        throw std::invalid_argument("board drawing: the game has no such store");
      s.holes[l.stores_of[p][k]] = static_cast<Count>(d.stores[p][k]);
    }
  for (const auto& [name, player] : d.owners) s.owner[drawing_detail::hole_by_name(l, name)] = static_cast<std::uint8_t>(player);
  for (const auto& name : d.out_of_play) s.flags[drawing_detail::hole_by_name(l, name)] |= kOutOfPlay;
  for (const auto& [name, mark] : d.marks) s.flags[drawing_detail::hole_by_name(l, name)] |= drawing_detail::mark_bit(game, mark);
  if (!d.mover) throw std::invalid_argument("board drawing: no mover");
  s.mover = static_cast<std::uint8_t>(*d.mover);
  s.phase = Phase::play;
  if (d.round) s.round = *d.round;
  if (d.scores)
    for (std::size_t p = 0; p < d.scores->size(); ++p) s.scores[p] = (*d.scores)[p];
  if (d.turns)
    for (std::size_t p = 0; p < d.turns->size(); ++p) s.turns[p] = static_cast<std::int16_t>((*d.turns)[p]);
  game.prepare(s);
  return s;
}

// What differs between `s` and drawing `d`, a line each ("hole D2: drawn 0, found 3"); empty when
// `s` is as drawn.
inline std::vector<std::string> board_differences(const Game& game, const StateCore& s, const Drawing& d) {
  std::vector<std::string> out;
  auto differ = [&out](const std::string& what, auto drawn, auto found) {
    if (drawn != found) {
      std::ostringstream line;
      line << what << ": drawn " << drawn << ", found " << found;
      out.push_back(line.str());
    }
  };
  const Layout& l = game.layout(s.columns);
  if (int(s.columns) != d.columns || l.rows != static_cast<int>(d.rows.size())) {
    out.push_back("board: drawn " + std::to_string(d.rows.size()) + "x" + std::to_string(d.columns) + ", found " +
                  std::to_string(l.rows) + "x" + std::to_string(int(s.columns)));
    return out;
  }
  for (std::size_t i = 0; i < d.rows.size(); ++i)
    for (int c = 0; c < d.columns; ++c) {
      int h = drawn_hole(game, d, i, c);
      differ("hole " + l.names[h], d.rows[i][c], int(s.holes[h]));
    }
  for (int p = 0; p < game.players(); ++p)
    for (std::size_t k = 0; k < l.stores_of[p].size(); ++k)
      differ("P" + std::to_string(p + 1) + " store" + (k ? " #" + std::to_string(k + 1) : std::string()),
             d.stores[p][k], int(s.holes[l.stores_of[p][k]]));
  for (int h = l.first_pit(); h < l.size; ++h) {
    int owner = l.owner[h];
    for (const auto& [name, player] : d.owners)
      if (name == l.names[h]) owner = player;
    differ("owner of " + l.names[h], "P" + std::to_string(owner + 1), "P" + std::to_string(int(s.owner[h]) + 1));
    bool out_of_play = std::find(d.out_of_play.begin(), d.out_of_play.end(), l.names[h]) != d.out_of_play.end();
    differ(l.names[h] + " out of play", out_of_play ? "yes" : "no", s.flags[h] & kOutOfPlay ? "yes" : "no");
  }
  for (const auto& [name, mark] : d.marks)
    differ(name + " marked " + mark, "yes",
           s.flags[drawing_detail::hole_by_name(l, name)] & drawing_detail::mark_bit(game, mark) ? "yes" : "no");
  Outcome result = d.result.value_or(Outcome::none);
  if (result == Outcome::none && s.phase == Phase::over)
    out.push_back(std::string("result: drawn none (the game goes on), found ") + outcome_name(s.outcome));
  else if (result != Outcome::none)
    differ("result", std::string(outcome_name(result)),
           s.phase == Phase::over ? std::string(outcome_name(s.outcome)) : std::string("none (the game goes on)"));
  if (d.mover)
    differ("mover", "P" + std::to_string(*d.mover + 1), "P" + std::to_string(int(s.mover) + 1));
  else if (result == Outcome::none)
    out.push_back("mover: none drawn for a game in progress");
  if (d.phase) differ("phase", std::string(phase_name(*d.phase)), std::string(phase_name(s.phase)));
  if (d.round) differ("round", *d.round, int(s.round));
  for (std::size_t p = 0; d.scores && p < d.scores->size(); ++p)
    differ("score of P" + std::to_string(p + 1), (*d.scores)[p], int(s.scores[p]));
  for (std::size_t p = 0; d.turns && p < d.turns->size(); ++p)
    differ("turns of P" + std::to_string(p + 1), (*d.turns)[p], int(s.turns[p]));
  return out;
}

inline void expect_board(const Game& game, const StateCore& s, const std::string& text) {
  Drawing d = parse_drawing(text);
  INFO("actual:" << draw(game, s) << "expected:\n" << text);
  for (const std::string& difference : board_differences(game, s, d)) FAIL_CHECK(difference);
}

// Plays a move given in G8 notation; REQUIREs that it is legal.
inline void play(const Game& game, State& s, const std::string& text,
                 std::vector<Event>* events = nullptr) {
  Move m;
  INFO("move " << text << " in" << draw(game, s));
  REQUIRE(game.find_move(s, text, m));
  game.apply(s, m, events);
}

// Plays a list of moves separated by commas (G8).
inline void play_all(const Game& game, State& s, const std::string& list) {
  std::istringstream in(list);
  for (std::string m; std::getline(in, m, ',');) play(game, s, drawing_detail::trim(m));
}

// The legal moves in G8 notation, sorted by byte value (as in the trace format).
inline std::vector<std::string> legal(const Game& game, const State& s) {
  std::vector<Move> moves;
  game.legal_moves(s, moves);
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(game.move_text(s, m));
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// The placement moves "HOLE=N" for N from `from` to `to`, sorted.
inline std::vector<std::string> placements(const std::string& hole, int from, int to) {
  std::vector<std::string> out;
  for (int n = from; n <= to; ++n) out.push_back(hole + "=" + std::to_string(n));
  return sorted(out);
}

}  // namespace mancala::test
