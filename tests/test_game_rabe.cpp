// Rab'e (games/rabe.lud): the circle of three rows, captures of any hole made four, relays, and
// the rounds that lay the counters out again (rulings RB1-RB5, docs/rulings.md).
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

// Drawings list row 3 (P2's full row), row 2 (the shared middle row), row 1 (P1's), columns A..F.
// Both players sow round one circle (RB1): A1..F1, F2 E2 D2, F3..A3, A2 B2 C2, back to A1.

TEST_CASE("Rab'e: every hole made four is captured as the sowing passes; a last counter on "
          "counters relays", "[rulings][rabe][RB1]") {
  auto game = load_game("rabe");
  State s = drawn(*game, R"(
    P2 store 0 | 0 0 0 0 0 3 |
               | 0 0 1 0 3 2 |
               | 1 0 0 0 2 3 | P1 store 0
    mover P1
  )");
  // E1's 2 counters: F1 (3 -> 4: "if a hole is made to contain four counters, these are
  // captured", 4 to P1), F2 (2 -> 3). The last fell on counters: "the counters are picked up and
  // sowing continues": F2's 3 go on along the middle row, right to left for P1: E2 (3 -> 4,
  // P1's own hole: captured, "regardless of who the hole belongs to"), D2 (0 -> 1), then into
  // P2's full row at F3 (3 -> 4: captured). That last counter caused a capture: "the turn ends",
  // although F3 held counters. P1's store: 4 + 4 + 4. Counters: 15 before, 3 + 12 after.
  play(*game, s, "E1");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 0 0 0 0 |
               | 0 0 1 1 0 0 |
               | 1 0 0 0 0 0 | P1 store 12
    mover P2
  )");
}

TEST_CASE("Rab'e: both players go round the same circle", "[rulings][rabe][RB1]") {
  auto game = load_game("rabe");
  SECTION("P1: from the end of their middle-row holes into P2's full row at F3") {
    State s = drawn(*game, R"(
      P2 store 0 | 1 0 0 0 0 0 |
                 | 0 0 0 2 0 0 |
                 | 1 0 0 0 0 0 | P1 store 0
      mover P1
    )");
    // D2 is the last of P1's middle-row holes (F2 E2 D2); "then right to left in the opponent's
    // full row": F3, E3. E3 was empty: the turn ends.
    play(*game, s, "D2");
    expect_board(*game, s, R"(
      P2 store 0 | 1 0 0 0 1 1 |
                 | 0 0 0 0 0 0 |
                 | 1 0 0 0 0 0 | P1 store 0
      mover P2
    )");
  }
  SECTION("P2: from their middle-row holes into P1's full row at A1") {
    State s = drawn(*game, R"(
      P2 store 0 | 1 0 0 0 0 0 |
                 | 0 0 2 0 0 0 |
                 | 0 0 0 0 0 1 | P1 store 0
      mover P2
    )");
    // P2's side in their direction of play: F3..A3, then A2 B2 C2. From C2, "right to left in
    // the opponent's full row" as P2 sees it: A1, B1. B1 was empty: the turn ends.
    play(*game, s, "C2");
    expect_board(*game, s, R"(
      P2 store 0 | 1 0 0 0 0 0 |
                 | 0 0 0 0 0 0 |
                 | 1 1 0 0 0 1 | P1 store 0
      mover P1
    )");
  }
}

TEST_CASE("Rab'e: the round ends when a side is empty; the poorer lays out all, the richer as "
          "many holes, the rest out of play", "[rulings][rabe][RB2][RB3][RB4]") {
  auto game = load_game("rabe");
  State s = drawn(*game, R"(
    P2 store 18 | 0 0 0 0 0 3 |
                | 0 0 0 1 0 0 |
                | 7 3 0 0 0 0 | P1 store 40
    mover P1
  )");
  // D2's counter falls into F3 (3 -> 4): captured, and the turn ends. P2 has "no counters in
  // their holes": the round ends. P1 has 40 + 4 in store and 7 + 3 in their holes, 54 ("The
  // opponent then captures the remaining counters"); P2 has 18.
  // Round 2: P2, the poorer, lays out all 18 from their leftmost hole in their direction of
  // play: F3 E3 D3 C3 take 4 each, B3 the last 2 ("even if they cannot place four in the final
  // hole"). That is 5 holes: P1 fills 5 holes with 4, A1..E1, and keeps 54 - 20 = 34 (their
  // "winnings"). The holes left empty are out of play (RB3). The poorer, P2, moves first (RB4).
  play(*game, s, "D2");
  expect_board(*game, s, R"(
    P2 store 0 | 0 2 4 4 4 4 |
               | 0 0 0 0 0 0 |
               | 4 4 4 4 4 0 | P1 store 34
    A3 out
    A2 out
    B2 out
    C2 out
    D2 out
    E2 out
    F2 out
    F1 out
    mover P2
    round 2
  )");
  // P2 sows B3's 2 along the circle, passing over the holes out of play: A3, A2, B2, C2 are
  // passed, A1 (4 -> 5), B1 (4 -> 5). B1 held counters: its 5 go on: C1, D1, E1 (5 each), F1,
  // F2, E2, D2 passed, F3 (5), E3 (5). E3 held counters: its 5 go on: D3 (5), C3 (5), B3
  // (0 -> 1), A3 A2 B2 C2 passed, A1 (6), B1 (0 -> 1). B1 was empty: the turn ends. No hole was
  // made four. Counters: 38 on the board + 34 = 72.
  play(*game, s, "B3");
  expect_board(*game, s, R"(
    P2 store 0 | 0 1 5 5 0 5 |
               | 0 0 0 0 0 0 |
               | 6 1 5 5 5 0 | P1 store 34
    A3 out
    A2 out
    B2 out
    C2 out
    D2 out
    E2 out
    F2 out
    F1 out
    mover P1
    round 2
  )");
}
