// The counters still in hand during a sowing: `in-hand` (0 for the last counter of a handful),
// read in on-drop and skip, an error anywhere else; and `divert`, which sends a counter about to
// fall into a hole elsewhere (docs/language.md, `in-hand`, `divert`). Directions (G3) on 2x3:
// ccw runs A1..C1, C2..A2; the top row of a drawing is A2..C2.
#include <catch2/catch.hpp>

#include <string>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

std::string game_with(const std::string& clauses) {
  return R"((game "Hand"
  (board 2 3 stores:open)
  (start (fill 1))
  (sow (origin (row mover) (if (occupied hole)))
    )" + clauses + R"()))";
}

State played(const Game& game, const std::string& position, const std::string& move) {
  State s = drawn(game, position);
  play(game, s, move);
  return s;
}

}  // namespace

TEST_CASE("in-hand tells the last counter from the others in on-drop", "[core][in-hand]") {
  // "A hole made to contain two goes to its owner, except the final counter's, which goes to the
  // sower."
  auto game = load_text(game_with(R"((on-drop (capture (if (= hole 2) (> in-hand 0))
                                                 (take hole) (into (store (owner hole)))))
                                     (capture (if (= hole 2)) (take hole)))"));
  // A1's 4: B1 1, C1 1, C2 2 (two more to drop: to C2's owner, P2), B2 2 (the last: to P1).
  State s = played(*game, R"(
    P2 store 0 | 0 1 1 |
               | 4 0 0 | P1 store 0
    mover P1
  )", "A1");
  expect_board(*game, s, R"(
    P2 store 2 | 0 0 0 |
               | 0 1 1 | P1 store 2
    mover P2
  )");
}

TEST_CASE("in-hand in skip passes over holes for the last counter only", "[core][in-hand]") {
  // "The final counter does not fall into an empty hole: it goes on to the next."
  auto game = load_text(game_with("(skip (and (= in-hand 0) (empty hole)))"));
  // A1's 2: B1 (empty, but one more to drop) 1; the last passes over C1 (empty) into C2.
  State s = played(*game, R"(
    P2 store 0 | 0 0 1 |
               | 2 0 0 | P1 store 0
    mover P1
  )", "A1");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 2 |
               | 0 1 0 | P1 store 0
    mover P2
  )");
}

TEST_CASE("divert sends a counter elsewhere and sowing goes on from there", "[core][divert]") {
  // A counter due in B1 falls into the hole across, B2; the next falls after B2, into A2.
  auto game = load_text(game_with("(divert (is hole B1) (opposite hole))"));
  State s = played(*game, R"(
    P2 store 0 | 0 0 0 |
               | 3 0 0 | P1 store 0
    mover P1
  )", "A1");
  expect_board(*game, s, R"(
    P2 store 0 | 1 1 0 |
               | 1 0 0 | P1 store 0
    mover P2
  )");
}

TEST_CASE("a diverted last counter lands where it was sent", "[core][divert]") {
  // "If the final counter is about to fall in the player's own row, it is placed in the first
  // hole of the opponent's row"; the end of the handful takes the hole it landed in.
  auto game = load_text(game_with(R"((divert (and (= in-hand 0) (own hole)) (leftmost (row opponent)))
                                     (capture (take hole)))"));
  // A1's 2: B1 1; the last, due in C1, falls into C2 (P2's leftmost as P2 sees it): 1 + 1, taken.
  State s = played(*game, R"(
    P2 store 0 | 0 0 1 |
               | 2 0 0 | P1 store 0
    mover P1
  )", "A1");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 0 |
               | 0 1 0 | P1 store 2
    mover P2
  )");
  // A target that is no hole (the rightmost occupied of an empty region): the counter falls where
  // it would have.
  auto nowhere = load_text(game_with("(divert (is hole B1) (rightmost-occupied (row opponent)))"));
  State t = played(*nowhere, R"(
    P2 store 0 | 0 0 0 |
               | 2 0 0 | P1 store 0
    mover P1
  )", "A1");
  expect_board(*nowhere, t, R"(
    P2 store 0 | 0 0 0 |
               | 0 1 1 | P1 store 0
    mover P2
  )");
}

TEST_CASE("in-hand outside skip, on-drop and divert is an error at its position", "[core][in-hand]") {
  CHECK_THROWS_WITH(load_text(game_with("(stop (= in-hand 0))")),
                    Catch::Contains("test.lud:5:14: error: in-hand is the counters still in hand as one falls"));
  CHECK_THROWS_WITH(load_text(game_with("(require (> in-hand 0))")),
                    Catch::Contains("stands only in (skip ...), (on-drop ...) and (divert ...)"));
}
