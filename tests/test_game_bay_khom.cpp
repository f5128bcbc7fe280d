// Bay Khom (games/bay-khom.lud): stores on the circle, relays from the next hole, the capture
// across an empty hole along alternating holes, and rounds refilled five and four (rulings
// BY1-BY7, docs/rulings.md).
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

// The circle, anticlockwise: A1 B1 C1 D1, P1's store (#1, on P1's right), D2 C2 B2 A2, P2's
// store (#1, on P2's right), back to A1. Each player's store #2 keeps their captures (BY1).

TEST_CASE("Bay Khom: either direction, the stores sown into, relays from the next hole, a capture "
          "across an empty hole", "[rulings][bay-khom][BY1][BY2][BY4]") {
  auto game = load_game("bay-khom");
  State s = drawn(*game, R"(
    P2 store 5 | 1 0 2 0 |
               | 0 2 0 1 | P1 store 5
    mover P1
  )");
  // "Players sow in the direction of their choosing": B1 clockwise, 2 counters: A1 (0 -> 1), P2's
  // store (5 -> 6: "sowing also into the stores"). The next hole, A2, holds 1: "these are picked
  // up and sowing continues": B2 (0 -> 1). Next, C2, holds 2: picked up: D2 (0 -> 1), P1's store
  // (5 -> 6). Next, D1, holds 1: picked up (BY2: the store before it was sown into, the hole
  // after is lifted): C1 (0 -> 1). Next, B1, is empty (it was lifted): "the counters in the next
  // hole after that are captured": A1 (1) into P1's store #2. The hole after A1 is P2's store,
  // full: two full holes in a row end the series. Counters: 16 before, 3 + 12 + 1 after.
  play(*game, s, "B1 cw");
  expect_board(*game, s, R"(
    P2 store 6 | 0 1 0 1 |
               | 0 0 1 0 | P1 store 6
    P1 store 1 #2
    mover P2
  )");
}

TEST_CASE("Bay Khom: a series of alternating empty and full holes is captured until two full "
          "holes", "[rulings][bay-khom][BY4][BY2]") {
  auto game = load_game("bay-khom");
  State s = drawn(*game, R"(
    P2 store 4 | 3 1 2 0 |
               | 0 1 0 0 | P1 store 2
    mover P1
  )");
  // B1 anticlockwise: C1 (0 -> 1). The next hole, D1, is empty: the hole after it, P1's store
  // (2), is captured (BY2: a store is a hole of the circle). Then the series: D2 empty, C2 full:
  // captured (2); B2 full after it: "two ... full holes", the series ends. A2 is not taken.
  // P1's store #2: 2 + 2.
  play(*game, s, "B1 ccw");
  expect_board(*game, s, R"(
    P2 store 4 | 3 1 0 0 |
               | 0 0 1 0 | P1 store 0
    P1 store 4 #2
    mover P2
  )");
}

TEST_CASE("Bay Khom: a new game: the stores five, the holes four, the rest set aside or out of "
          "play", "[rulings][bay-khom][BY3][BY6][BY7]") {
  auto game = load_game("bay-khom");
  State s = drawn(*game, R"(
    P2 store 3 | 0 0 0 1 |
               | 7 0 1 0 | P1 store 0
    P2 store 10 #2
    P1 store 20 #2
    mover P1
  )");
  // C1 anticlockwise: D1 (0 -> 1). Next, P1's store, is empty: the hole after it, D2 (1), is
  // captured; C2 after it is empty and B2 too: the series ends. P2 now has no counters in their
  // row: play cannot continue (BY3). "the players claim the counters in their holes": P1 21 + 7
  // + 1 = 29, P2 3 + 10 = 13.
  // The new game: P1 puts 5 in their store and 4 in A1..D1, and sets 29 - 21 = 8 aside. P2 puts
  // 5 in their store, 4 in D2 and C2 (their holes from their left), and has none left: B2 and
  // A2 are out of play (BY7). The loser, P2, moves first (BY6). Counters: 42 before and after.
  play(*game, s, "C1 ccw");
  expect_board(*game, s, R"(
    P2 store 5 | 0 0 4 4 |
               | 4 4 4 4 | P1 store 5
    P1 store 8 #2
    A2 out
    B2 out
    mover P2
    round 2
  )");
}

TEST_CASE("Bay Khom: the match ends when the loser cannot fill any hole", "[rulings][bay-khom][BY7]") {
  auto game = load_game("bay-khom");
  // As above, D2 is captured and the round ends; P2 has what is in their second store.
  SECTION("3 counters: not enough for a hole of four") {
    State s = drawn(*game, R"(
      P2 store 0 | 0 0 0 1 |
                 | 7 0 1 0 | P1 store 0
      P2 store 3 #2
      P1 store 30 #2
      mover P1
    )");
    // "the other player cannot fill any holes": P1 wins the match.
    play(*game, s, "C1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 0 0 0 0 |
                 | 7 0 0 1 | P1 store 0
      P2 store 3 #2
      P1 store 31 #2
      result P1
    )");
  }
  SECTION("7 counters: the store takes 5, 2 are left for the holes") {
    State s = drawn(*game, R"(
      P2 store 0 | 0 0 0 1 |
                 | 7 0 1 0 | P1 store 0
      P2 store 7 #2
      P1 store 26 #2
      mover P1
    )");
    play(*game, s, "C1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 0 0 0 0 |
                 | 7 0 0 1 | P1 store 0
      P2 store 7 #2
      P1 store 27 #2
      result P1
    )");
  }
}
