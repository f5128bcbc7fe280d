#pragma once
// The board drawing, used by every command that shows a position (repl, play). This module is the
// only presentation code that reads the board's geometry (Layout): when boards generalise (more
// rows, more players, longer hole names), it is the one place to adapt.
//
// The plain drawing is the format of tests/board_drawing.hpp, so that a position printed by the
// REPL can be pasted into a scenario test:
//
//                A  B  C  D  E  F
//   P2 store 0 2 |  6  6  6  6  6  6 | 2
//              1 |  6  6  6  6  6  6 | 1  P1 store 0
//                A  B  C  D  E  F
//   mover P1
//   round 1
//
// P2's side is on top (G1), columns are lettered from P1's left and rows numbered from P1's side
// (G2); `<` and `>` beside a row show which way counters travel along it when the game fixes the
// direction (G3), and a blank line parts the players' halves of a 4-row board.
#include <set>
#include <string>
#include <vector>

#include "interpreter/events.hpp"
#include "interpreter/game.hpp"

namespace mancala::view {

// The holes the last move changed, for the highlight on a terminal.
struct Touched {
  std::set<int> sown;      // received counters (drops, placements, gifts, captures into a hole)
  std::set<int> lifted;    // emptied by a lift or a lap
  std::set<int> captured;  // emptied by a capture
  std::set<int> stores;    // players whose store received captures
};
Touched touched_by(const std::vector<Event>& events);

struct DrawStyle {
  bool colour = false;     // ANSI colours: only on a terminal (terminal.hpp)
  int concealed_from = -1; // a player who may not see the opponent's concealed store (O1)
  Touched touched;         // highlighted in colour
  bool unfinished = false; // the turn limit cut the game (G9): drawn as its result
};

// Where each hole lies on the table, read once from the Layout: what the terminal drawing and the
// web page's board (interpreter/web/) both draw.
struct BoardGeometry {
  int rows = 0;
  int columns = 0;
  std::vector<std::string> column_labels;  // "A", "B", ... "AA" (G2)
  std::vector<std::vector<int>> grid;      // grid[row - 1][column]: the pit there, or -1
  std::vector<int> row_owner;              // by row - 1: the player whose side the row is
  std::vector<char> row_arrow;             // by row - 1: '>', '<', or 0 when not fixed
  std::vector<std::vector<int>> stores;    // by player: their store holes
  bool stores_at_ends = true;              // drawn at the board's ends, else below when not empty
};
BoardGeometry board_geometry(const Game& game, const State& state);

// The position as the plain or coloured drawing above, ending with a newline.
std::string draw_board(const Game& game, const State& state, const DrawStyle& style = {});

// The score at the end of a game (or where it was cut): "final score: P1 30, P2 18 (counters
// captured)", and the match points of a game that keeps them.
std::string final_score(const Game& game, const State& state);

// Hole names (G2) of the board `state` is played on.
std::string hole_name(const Game& game, const State& state, int hole);
std::vector<std::string> hole_names(const Game& game, const State& state);

// How two positions differ, item by item ("B1 4 (was 3)", "store P1 2 (was 0)", "mover P2 (was
// P1)"); empty when they are the same. The games may differ (a rule file reloaded after an edit).
std::vector<std::string> position_differences(const Game& old_game, const State& old_state,
                                              const Game& new_game, const State& new_state);

}  // namespace mancala::view
