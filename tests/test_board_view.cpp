// The board drawing (interpreter/view/board_view.hpp): its plain form is the format of
// board_drawing.hpp, so a position the REPL prints can be pasted into a scenario test.
#include <catch2/catch.hpp>

#include <random>

#include "board_drawing.hpp"
#include "interpreter/view/board_view.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("board view: a 2-row board with stores, P2's side on top", "[board-view]") {
  auto game = load_game("kiuthi");
  State s = game->initial_state();
  CHECK(view::draw_board(*game, s) ==
        "                 A  B  C  D  E  F\n"
        "P2 store 0  2 |  6  6  6  6  6  6 | 2\n"
        "            1 |  6  6  6  6  6  6 | 1  P1 store 0\n"
        "                 A  B  C  D  E  F\n"
        "mover P1\n"
        "round 1\n");
}

TEST_CASE("board view: a 4-row board shows each player's half and circuit", "[board-view]") {
  auto game = load_game("kisolo");
  CHECK(view::draw_board(*game, game->initial_state()) ==
        "         A  B  C  D  E  F  G\n"
        "P2  4 |  3  3  3  3  3  3  3 | 4 <\n"
        "    3 |  0  0  0  0  0  0  0 | 3 >\n"
        "\n"
        "P1  2 |  0  0  0  0  0  0  0 | 2 <\n"
        "    1 |  3  3  3  3  3  3  3 | 1 >\n"
        "         A  B  C  D  E  F  G\n"
        "mover P1\n");
}

TEST_CASE("board view: a concealed store shows as ? to the player who may not see it", "[board-view]") {
  auto game = load_game("okwe-ido");
  State s = game->initial_state();
  view::DrawStyle style;
  style.concealed_from = 0;
  std::string drawing = view::draw_board(*game, s, style);
  CHECK(drawing.find("P2 store ?") != std::string::npos);
  CHECK(drawing.find("P1 store 8") != std::string::npos);
  CHECK(view::draw_board(*game, s).find("P2 store 7") != std::string::npos);
}

TEST_CASE("board view: set-up phases, scores, results and the turn limit", "[board-view]") {
  auto game = load_game("lib-al-ghashim");
  State s = game->initial_state();
  std::string drawing = view::draw_board(*game, s);
  CHECK(drawing.find("mover P2\nphase place\nround 1\nscores 0 0\n") != std::string::npos);
  view::DrawStyle cut;
  cut.unfinished = true;
  CHECK(view::draw_board(*game, s, cut).find("result unfinished\nround 1\n") != std::string::npos);
}

TEST_CASE("board view: colour only when asked, with the last move's holes highlighted", "[board-view]") {
  auto game = load_game("kiuthi");
  State s = game->initial_state();
  std::vector<Event> events;
  play(*game, s, "E1 ccw", &events);
  view::DrawStyle style;
  style.touched = view::touched_by(events);
  CHECK(style.touched.sown.count(game->layout_of(s).pit(2, 1)) == 1);   // B2, sown last
  CHECK(style.touched.lifted.count(game->layout_of(s).pit(1, 3)) == 1); // D1, lifted by a lap
  CHECK(view::draw_board(*game, s, style).find('\033') == std::string::npos);
  style.colour = true;
  std::string coloured = view::draw_board(*game, s, style);
  CHECK(coloured.find("\033[1;33m1\033[0m") != std::string::npos);  // B2 in yellow
  CHECK(coloured.find("last move:") != std::string::npos);
}

TEST_CASE("board view: a printed position reads back as the same position", "[board-view]") {
  for (const char* name : {"kiuthi", "kisolo", "okwe-ido", "lib-al-ghashim", "kalah", "awari"}) {
    auto game = load_game(name);
    std::mt19937_64 rng(5);
    std::vector<Move> legal;
    State s = game->initial_state();
    for (int ply = 0; ply < 120 && !game->is_over(s); ++ply) {
      std::string drawing = view::draw_board(*game, s);
      INFO(name << " ply " << ply << "\n" << drawing);
      expect_board(*game, s, drawing);
      if (game->phase(s) == Phase::play) {
        State back = drawn(*game, drawing);
        CHECK(back.holes == s.holes);  // stores included
        CHECK(back.mover == s.mover);
      }
      game->legal_moves(s, legal);
      game->apply(s, legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
    }
  }
}

TEST_CASE("board view: the differences between two positions, item by item", "[board-view]") {
  auto game = load_game("kiuthi");
  auto smaller = load_game("kiuthi", {"holes=5"});
  State s = game->initial_state();
  State after = s;
  play(*game, after, "E1 ccw");
  CHECK(view::position_differences(*game, s, *game, s).empty());
  CHECK(view::position_differences(*game, s, *game, after) ==
        std::vector<std::string>{"B2 1 (was 6)", "C2 9 (was 6)", "D1 0 (was 6)", "D2 9 (was 6)",
                                 "E1 2 (was 6)", "E2 9 (was 6)", "F1 9 (was 6)", "F2 9 (was 6)",
                                 "mover P2 (was P1)"});
  auto resized = view::position_differences(*game, s, *smaller, smaller->initial_state());
  CHECK(resized.front() == "the board has 12 holes (was 14)");
  CHECK(std::find(resized.begin(), resized.end(), "F1 is not on the board (was 6)") != resized.end());
}
