// The compiler folds the commonest conditions on `hole` into single nodes (interpreter/compile/
// expr.cpp, Compiler::fuse): each folded form must answer as the form it stands for. Counted over
// every hole of a four-row board, so that each region kind and each player is asked.
#include <catch2/catch.hpp>

#include <random>

#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("(within hole REGION), folded into a mask test, holds exactly at the region's holes", "[core]") {
  auto game = load_game("kisolo");  // 4 x 7: outer and inner rows of two players
  Diagnostics diagnostics;
  CheckedGame checked;
  REQUIRE(check_file(game_path("kisolo"), {}, settings(), checked, diagnostics));
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

TEST_CASE("region tests of a least count answer as the general region test does", "[core]") {
  // (all|any|none R (>= hole K)) and (occupied hole) are tested by one loop over R's counts;
  // (not (< hole K)) says the same through the general path (a call per hole). Random boards of
  // Kisolo's four rows, every region kind, K from 0 to 3.
  auto game = load_game("kisolo");
  Diagnostics diagnostics;
  CheckedGame checked;
  REQUIRE(check_file(game_path("kisolo"), {}, settings(), checked, diagnostics));
  std::mt19937_64 rng(17);
  long held = 0, asked = 0;
  for (int trial = 0; trial < 40; ++trial) {
    State s = game->empty_state(7);
    for (int h = 0; h < static_cast<int>(s.holes.size()); ++h)
      s.holes[h] = static_cast<Count>(rng() % 4 == 0 ? 0 : rng() % (1 + trial % 4));
    for (const char* region : {"(row P1)", "(inner-row P2)", "(outer-row mover)", "board"})
      for (const char* quantifier : {"all", "any", "none"})
        for (int k = 0; k <= 3; ++k) {
          const std::string fast = std::string("(") + quantifier + " " + region + " (>= hole " + std::to_string(k) + "))";
          const std::string slow = std::string("(") + quantifier + " " + region + " (not (< hole " + std::to_string(k) + ")))";
          INFO(fast << " on " << game->position_text(s));
          const std::string value = value_of(*game, checked, s, fast);
          CHECK(value == value_of(*game, checked, s, slow));
          held += value == "true";
          ++asked;
        }
  }
  CHECK(held > asked / 5);  // both answers came up often
  CHECK(held < asked * 4 / 5);
}

TEST_CASE("an and of tests of the hole's count, folded into one test, answers as its operands do", "[core]") {
  // (and (odd hole) (>= hole K) ...) is tested by one function (ExprNode::CountTests); the same
  // operands under (not (or (not A) (not B) ...)) are tested one by one. Counted over every hole of
  // random boards (the hole in question is each in turn), and with no hole in question.
  auto game = load_game("kisolo");
  Diagnostics diagnostics;
  CheckedGame checked;
  REQUIRE(check_file(game_path("kisolo"), {}, settings(), checked, diagnostics));
  const std::vector<std::string> tests = {"(odd hole)", "(even hole)", "(>= hole 2)", "(>= hole 3)",
                                          "(occupied hole)", "(not (was-empty hole))"};
  std::mt19937_64 rng(23);
  long held = 0, asked = 0;
  for (int trial = 0; trial < 30; ++trial) {
    State s = game->empty_state(7);
    for (int h = 0; h < static_cast<int>(s.holes.size()); ++h) s.holes[h] = static_cast<Count>(rng() % 6);
    for (std::size_t a = 0; a < tests.size(); ++a)
      for (std::size_t b = 0; b < tests.size(); ++b) {
        const std::string& third = tests[(a + b + static_cast<std::size_t>(trial)) % tests.size()];
        for (const bool three : {false, true}) {
          const std::string fast = "(and " + tests[a] + " " + tests[b] + (three ? " " + third : "") + ")";
          const std::string slow = "(not (or (not " + tests[a] + ") (not " + tests[b] + ")" +
                                   (three ? " (not " + third + ")" : "") + "))";
          INFO(fast << " on " << game->position_text(s));
          const std::string count = value_of(*game, checked, s, "(number board " + fast + ")");
          CHECK(count == value_of(*game, checked, s, "(number board " + slow + ")"));
          CHECK(value_of(*game, checked, s, fast) == value_of(*game, checked, s, slow));  // no hole in question
          held += count != "0";
          ++asked;
        }
      }
  }
  CHECK(held > asked / 3);  // the conjunctions held at some holes often
}
