// Scenario tests of Ceelkoqyuqkoqiji (games/ceelkoqyuqkoqiji.lud; docs/rulings.md CQ1-CQ5), the
// playable core. Every expected board is worked out by hand from the text of the Ludii page, not
// taken from the interpreter. The track (CQ2), anticlockwise: A1 .. E1, P1's store, E2 .. A2,
// P2's store, back to A1; both stores are sown into and "considered to be empty".
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("Ceelkoqyuqkoqiji capture: across the empty hole after the last, then along every "
          "other hole while empty and occupied holes alternate", "[rulings][CQ2][ceelkoqyuqkoqiji]") {
  auto game = load_game("ceelkoqyuqkoqiji");
  State s = drawn(*game, R"(
    | 2 0 3 0 0 |
    | 1 1 1 1 2 |
    mover P1
  )");
  // E1 (2) anticlockwise: P1's store (sown into), E2 0 -> 1, the last counter. The next hole D2
  // is empty: "the counters in the hole following this empty hole are captured": C2 (3). "If
  // there is an empty hole following the captured hole (B2), and then an occupied hole
  // immediately after it (A2), the counters in the occupied hole are also captured": A2 (2).
  // After A2 comes P2's store, "considered to be empty", and then A1, occupied: captured too
  // (the page does not keep the chain in the opponent's row). After A1, B1 is occupied: "two
  // occupied ... holes in a row" end it. P1's store: 1 + 3 + 2 + 1.
  play(*game, s, "E1 ccw");
  expect_board(*game, s, R"(
    | 0 0 0 0 1 |
    | 0 1 1 1 0 |
    P1 store 7
    mover P2
  )");
  State t = drawn(*game, R"(
    | 2 1 3 0 0 |
    | 1 1 1 1 2 |
    mover P1
  )");
  // The same with B2 occupied: C2 is taken, but after it B2 and A2 are "two occupied ... holes in
  // a row": the capture stops.
  play(*game, t, "E1 ccw");
  expect_board(*game, t, R"(
    | 2 1 0 0 1 |
    | 1 1 1 1 0 |
    P1 store 4
    mover P2
  )");
}

TEST_CASE("Ceelkoqyuqkoqiji relay: the counters of the next hole are lifted; a store counts as "
          "empty", "[rulings][CQ2][ceelkoqyuqkoqiji]") {
  auto game = load_game("ceelkoqyuqkoqiji");
  State s = drawn(*game, R"(
    | 5 0 0 0 0 |
    | 1 0 2 0 0 |
    P1 store 7
    mover P1
  )");
  // A1 (1): B1 0 -> 1, the last counter. The next hole C1 holds 2: "sowing continues by picking
  // up the counters in the next hole": C1's 2 go to D1 and E1. After E1 comes P1's store, which
  // holds 7 but "Stores are considered to be empty": no relay; the hole after it, E2, is empty,
  // so nothing is captured and the turn ends.
  play(*game, s, "A1 ccw");
  expect_board(*game, s, R"(
    | 5 0 0 0 0 |
    | 0 1 0 1 1 |
    P1 store 7
    mover P2
  )");
  // P2 sows A2 (5) anticlockwise: P2's store 0 -> 1, A1 0 -> 1, B1 1 -> 2, C1 0 -> 1, D1 1 -> 2
  // with the last counter. The next hole E1 holds 1: lifted, into P1's store (7 -> 8). After the
  // store comes E2, empty, and D2 after it is empty too: nothing is captured.
  play(*game, s, "A2 ccw");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 |
    | 1 2 1 2 0 |
    P1 store 8 P2 store 1
    mover P1
  )");
}

TEST_CASE("CQ4 huelshe: a player whose holes are empty places one counter of their store in "
          "each hole from their leftmost, while the store lasts", "[rulings][CQ4][ceelkoqyuqkoqiji]") {
  auto game = load_game("ceelkoqyuqkoqiji");
  State s = drawn(*game, R"(
    P2 store 3 | 0 0 0 0 0 |
               | 1 0 0 0 0 | P1 store 4
    mover P1
  )");
  // P1 sows A1 (1) into B1; C1 after it is empty and so is D1: nothing is captured. P2's holes
  // are empty at the start of their turn and their store holds 3: one each into E2, D2 and C2
  // (P2's leftmost first: P2 sits across the board), "a continuous sequence".
  play(*game, s, "A1 ccw");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 1 1 1 |
               | 0 1 0 0 0 | P1 store 4
    mover P2
  )");
}

TEST_CASE("CQ4 CQ5 no huelshe: the opponent takes the board; the next round the poorer borrows "
          "up to the original count, and a debt of 25 loses", "[rulings][CQ4][CQ5][ceelkoqyuqkoqiji]") {
  auto game = load_game("ceelkoqyuqkoqiji");
  State s = drawn(*game, R"(
    P2 store 0 | 0 0 0 0 0 |
               | 1 2 3 4 5 | P1 store 15
    mover P1
  )");
  // P1 sows A1 (1): B1 2 -> 3; the next hole C1 (3) is lifted: D1 5, E1 6, P1's store 16 with
  // the last counter; after it E2 and D2 are empty: no capture. P2's holes and store are empty:
  // no huelshe; "the opponent takes all the remaining stones on the board": P1 16 + 14 = 30. P2
  // can only pass.
  play(*game, s, "A1 ccw");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 0 0 0 |
               | 0 0 0 0 0 | P1 store 30
    mover P2
  )");
  CHECK(legal(*game, s) == std::vector<std::string>{"pass"});
  // The pass ends the round (the board is empty): P1 30, P2 0. Round 2: "The player that has
  // fewer than the original number of counters must borrow counters from the opponent": P2
  // borrows 25 (debt 25), P1 keeps 5. Five per hole: P1 fills A1 (B1 .. E1 out of play), P2 all
  // five. P2, the loser, moves first (CQ3), but a debt of 25 ends the match (CQ5): P1 wins.
  play(*game, s, "pass");
  expect_board(*game, s, R"(
    | 5 5 5 5 5 |
    | 5 0 0 0 0 |
    B1 out
    C1 out
    D1 out
    E1 out
    round 2
    result P1
  )");
}
