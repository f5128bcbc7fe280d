// Mawkar Katiya (games/mawkar-katiya.lud): clockwise relays from the next hole, the capture across
// an empty next hole, and the later rounds: the short hole and the capture numbers (rulings
// MK1-MK7, docs/rulings.md).
#include <catch2/catch.hpp>

#include <algorithm>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

// Clockwise, seen from above with P1 at the bottom: along row 1 from G1 towards A1, up to A2,
// along row 2 from A2 to G2, down to G1.

TEST_CASE("Mawkar Katiya: relays from the next hole, and a capture across the empty next hole",
          "[rulings][mawkar-katiya]") {
  auto game = load_game("mawkar-katiya");
  State s = drawn(*game, R"(
    P2 store 0 | 0 0 3 0 0 0 2 |
               | 0 3 0 0 0 0 0 | P1 store 0
    mover P1
  )");
  // B1's 3, clockwise: A1, A2, B2 (each 0 -> 1). "the contents of the next hole are picked up
  // and sowing continues": C2's 3: D2, E2, F2. Then G2's 2: G1, F1. The next hole, E1, is empty:
  // "the contents of the hole in the opposite row of the empty hole are captured": E2 (1).
  play(*game, s, "B1");
  expect_board(*game, s, R"(
    P2 store 0 | 1 1 0 1 0 1 0 |
               | 1 0 0 0 0 1 1 | P1 store 1
    mover P2
  )");
}

TEST_CASE("Mawkar Katiya: a later round: the holes refilled with five, the short hole, the "
          "capture numbers", "[rulings][mawkar-katiya][MK3][MK4][MK7]") {
  auto game = load_game("mawkar-katiya");
  State s = drawn(*game, R"(
    P2 store 34 | 0 0 0 0 0 0 0 |
                | 0 1 0 0 0 0 0 | P1 store 35
    mover P1
  )");
  // B1's counter falls into A1; the next hole, A2, is empty: its opposite, A1, is captured (1).
  // The board is empty: the round ends, P1 36, P2 34.
  // "The players fill their holes with five counters in each, starting from their left": P1
  // fills A1..G1 and "puts the extra counters aside": 1, their number for the round (MK3). P2,
  // from their left (G2), fills G2..B2 and "places the remainder in the next empty hole": 4 in
  // A2, their number. A2 is P1's for the round (MK4). P2, the poorer, moves first (MK7).
  play(*game, s, "B1");
  expect_board(*game, s, R"(
    P2 store 0 | 4 5 5 5 5 5 5 |
               | 5 5 5 5 5 5 5 | P1 store 1
    A2 = P1
    mover P2
    round 2
  )");
  // "The opponent cannot sow in this hole" (MK4): P2 may not start from A2.
  std::vector<std::string> moves;
  std::vector<Move> legal;
  game->legal_moves(s, legal);
  for (const Move& m : legal) moves.push_back(game->move_text(s, m));
  std::sort(moves.begin(), moves.end());
  CHECK(moves == std::vector<std::string>{"B2", "C2", "D2", "E2", "F2", "G2"});
  // P2 sows B2's 5: C2, D2, E2, F2, G2 (6 each). The next, G1, holds 5: picked up: F1, E1, D1,
  // C1, B1 (6 each). The next, A1, holds 5: picked up: A2 (the short hole, 4 -> 5: P2 drops into
  // it, which captures nothing), B2 (0 -> 1: made 1, P1's number, during P1's opponent's turn:
  // P1 captures it), C2, D2, E2 (7 each). The next, F2 (6), is picked up: G2 (7), G1 (0 -> 1:
  // captured by P1), F1, E1, D1, C1 (7 each). The next, B1 (6), is picked up: A1 (0 -> 1:
  // captured by P1), A2 (6), B2 (0 -> 1: captured by P1), C2, D2, E2 (8 each). The next, F2, is
  // empty: its opposite, F1 (7), is captured by P2. No hole was made P2's own number, 4, and it
  // does not count on P2's own turn. P1's store: 1 + 4. Counters: 70 before and after.
  play(*game, s, "B2");
  expect_board(*game, s, R"(
    P2 store 7 | 6 0 8 8 8 0 7 |
               | 0 0 7 7 7 0 0 | P1 store 5
    A2 = P1
    mover P1
    round 2
  )");
  // P1 sows C1's 7: B1, A1 (0 -> 1 each), A2 (6 -> 7: "The player who could fill their holes
  // will capture one counter each time that player sows into the hole": back to 6), B2 (0 -> 1),
  // C2, D2, E2 (9 each). No hole was made 4, P2's number. The next, F2, is empty: its opposite,
  // F1, holds nothing. P1's store: 5 + 1.
  play(*game, s, "C1");
  expect_board(*game, s, R"(
    P2 store 7 | 6 1 9 9 9 0 7 |
               | 1 1 0 7 7 0 0 | P1 store 6
    A2 = P1
    mover P2
    round 2
  )");
}
