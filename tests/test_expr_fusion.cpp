// The compiler folds the commonest conditions on `hole` into single nodes (interpreter/compile/
// expr.cpp, Compiler::fuse): each folded form must answer as the form it stands for. Counted over
// every hole of a four-row board, so that each region kind and each player is asked.
#include <catch2/catch.hpp>

#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("(within hole REGION), folded into a mask test, holds exactly at the region's holes", "[core]") {
  auto game = load_game("kisolo");  // 4 x 7: outer and inner rows of two players
  Diagnostics diagnostics;
  CheckedGame checked;
  REQUIRE(check_file(project_dir() + "/games/kisolo.lud", {}, settings(), checked, diagnostics));
  const State s = game->initial_state();
  // (number R C) asks C with hole = each hole of R: counting the board's holes that are within R
  // must give R's own count of holes.
  for (const char* region : {"(row P1)", "(row P2)", "(row mover)", "(row opponent)", "(inner-row P1)",
                             "(inner-row P2)", "(outer-row P1)", "(outer-row opponent)", "board"}) {
    INFO(region);
    const std::string holes = value_of(*game, checked, s, std::string("(number ") + region + " true)");
    CHECK(value_of(*game, checked, s, std::string("(number board (within hole ") + region + "))") == holes);
    CHECK(value_of(*game, checked, s, std::string("(number ") + region + " (within hole " + region + "))") == holes);
  }
  CHECK(value_of(*game, checked, s, "(number board (within hole (row P1)))") == "14");
  CHECK(value_of(*game, checked, s, "(number board (within hole (inner-row P2)))") == "7");
  CHECK(value_of(*game, checked, s, "(number (row P1) (within hole (row P2)))") == "0");
  CHECK(value_of(*game, checked, s, "(number (inner-row P1) (within hole (outer-row P1)))") == "0");
}
