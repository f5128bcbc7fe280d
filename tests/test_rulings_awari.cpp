// Scenario tests of Awari (games/awari.lud; docs/rulings.md AW1-AW2). Every expected board is
// worked out by hand from the text of the Ludii page (quoted in docs/language.md, section 12),
// not taken from the interpreter. Directions (G3) on 2x6: ccw runs A1..F1, F2..A2, back to A1,
// so the hole "behind" a hole of row 2 (against the sowing) is the one to its right.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("Awari capture: the last hole and the 2s and 3s behind it; the origin is skipped",
          "[rulings][awari]") {
  auto game = load_game("awari");
  State s = drawn(*game, R"(
    P2 store 0 | 2 0 1 1 0 0 |
               | 0 3 0 0 0 14 | P1 store 0
    mover P1
  )");
  // F1, 14 counters, anticlockwise: F2 E2 D2 C2 B2 A2 (6), A1 B1 C1 D1 E1 (11), F1 is passed
  // over ("The hole from which sowing begins must remain empty"), F2 E2 D2 (14).
  // Row 2 before the captures: A2 2+1=3, B2 0+1=1, C2 1+1=2, D2 1+2=3, E2 0+2=2, F2 0+2=2.
  // Row 1: A1 1, B1 3+1=4, C1 1, D1 1, E1 1, F1 0.
  // The last counter fell into D2, the opponent's row, making 3: D2 is captured (3). Behind it
  // (against the sowing) E2 holds 2 and F2 2, both sown this move: captured (2 + 2). The next
  // hole behind is F1, the mover's own: the series ends. C2 (2) and A2 (3) lie ahead of D2: not
  // captured. P1's store: 3 + 2 + 2 = 7. Counters: 21 before, 14 on the board + 7 after.
  play(*game, s, "F1");
  expect_board(*game, s, R"(
    P2 store 0 | 3 1 2 0 0 0 |
               | 1 4 1 1 1 0 | P1 store 7
    mover P2
  )");
}

TEST_CASE("Awari must feed: a player whose opponent has no counters must sow into their row",
          "[rulings][awari]") {
  auto game = load_game("awari");
  State s = drawn(*game, R"(
    P2 store 0 | 0 0 0 0 0 0 |
               | 1 0 0 3 0 1 | P1 store 0
    mover P1
  )");
  // "If a player has no counters in their holes, the opponent must play to place seeds in their
  // row, if possible": A1 (1 -> B1) stays in P1's row; D1 (3 -> E1 F1 F2) and F1 (1 -> F2)
  // reach row 2. Only those two are legal.
  CHECK(legal(*game, s) == sorted({"D1", "F1"}));
  // F1: F2 0 -> 1, in the opponent's row but making 1: no capture. D1 still holds 3, so the
  // game goes on ("holes with only empty and single counters" is not yet the case).
  play(*game, s, "F1");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 0 0 0 1 |
               | 1 0 0 3 0 0 | P1 store 0
    mover P2
  )");
}

TEST_CASE("AW1 no move: when no move can feed the opponent, any move is legal; the opponent "
          "then passes", "[rulings][AW1]") {
  auto game = load_game("awari");
  State s = drawn(*game, R"(
    P2 store 0 | 0 0 0 0 0 0 |
               | 2 2 0 0 0 0 | P1 store 0
    mover P1
  )");
  // A1 (2 -> B1 C1) and B1 (2 -> C1 D1) both stay in P1's row: no move feeds, so "if possible"
  // leaves both legal.
  CHECK(legal(*game, s) == sorted({"A1", "B1"}));
  // A1: B1 2 -> 3, C1 0 -> 1. B1 holds 3, so the game does not end. P2 has no counters: their
  // only move is to pass (G7), and P1 moves again.
  play(*game, s, "A1");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 0 0 0 0 |
               | 0 3 1 0 0 0 | P1 store 0
    mover P2
  )");
  CHECK(legal(*game, s) == std::vector<std::string>{"pass"});
  play(*game, s, "pass");
  CHECK(legal(*game, s) == sorted({"B1", "C1"}));
}
