// How the core steps from hole to hole when holes are out of play (next, previous, a lap's
// following hole, a chain), a chain that steps over every other hole (stride:), and round tallies
// that count the holes a player owns now.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("next and previous holes and a lap's following hole pass over holes out of play", "[core]") {
  auto game = load_text(R"((game "Steps"
    (board 2 4 stores:open)
    (start (fill 1))
    (sow (origin (row mover) (if (occupied hole)))
         (on-drop (capture (if (>= hole 9)) (out-of-play hole)))  // how holes leave play
         (lap (occupied (next hole)) lift:following)
         (capture (if (empty (next hole))) (take (previous hole))))))");
  // The circle, anticlockwise: A1 B1 C1 D1 D2 C2 B2 A2. D2 and A2 are out of play. (No hole
  // reaches 9 here.)
  State s = drawn(*game, R"(
    P2 store 0 | 0 0 2 0 |
               | 3 0 1 0 | P1 store 0
    D2 out
    A2 out
    mover P1
  )");
  // C1's counter falls into D1 (0 -> 1). The next hole in play after D1 is C2 (D2 is passed
  // over), which holds 2: the lap lifts C2, not D2. Its 2 counters: B2 (0 -> 1), then A2 is
  // passed over, A1 (3 -> 4). Next after A1: B1, empty: no lap; the capture takes the hole
  // before A1, which is B2 (A2 passed over): 1 counter. Counters: 6 before, 4 + 1 + 1 after.
  play(*game, s, "C1");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 0 0 |
               | 4 0 0 1 | P1 store 1
    D2 out
    A2 out
    mover P2
  )");
}

TEST_CASE("a chain with stride:2 takes every other hole, passing over holes out of play", "[core]") {
  auto game = load_text(R"((game "Alternate"
    (board 2 4 stores:open)
    (start (fill 1))
    (sow (origin (row mover) (if (occupied hole)))
         (on-drop (capture (if (>= hole 9)) (out-of-play hole)))  // how holes leave play
         (capture (if (empty (next hole)))
           (chain forward (if (empty (previous hole)) (occupied hole)) (take hole) stride:2)))))");
  // The circle: A1 B1 C1 D1 D2 C2 B2 A2.
  SECTION("every other hole while each is full after an empty one") {
    State s = drawn(*game, R"(
      P2 store 0 | 4 1 3 0 |
                 | 1 0 0 2 | P1 store 0
      mover P1
    )");
    // A1's counter falls into B1. Next, C1, is empty: the capture (which takes nothing itself)
    // chains from B1 two holes at a time. D1: C1 before it empty, D1 full: taken (2). C2: D2
    // before it empty, C2 full: taken (3). A2: B2 before it is full: the chain stops there.
    play(*game, s, "A1");
    expect_board(*game, s, R"(
      P2 store 0 | 4 1 0 0 |
                 | 0 1 0 0 | P1 store 5
      mover P2
    )");
  }
  SECTION("holes out of play are not counted") {
    State s = drawn(*game, R"(
      P2 store 0 | 0 2 0 3 |
                 | 1 0 0 0 | P1 store 0
      C1 out
      mover P1
    )");
    // A1's counter falls into B1. The next hole in play is D1 (C1 is passed over), empty: the
    // capture chains from B1 over the holes in play B1 D1 D2 C2 B2 A2 A1. D2: D1 before it
    // empty, D2 full: taken (3). B2: C2 before it empty, B2 full: taken (2). A1: A2 before it
    // empty, but A1 is empty (it was lifted): the chain stops.
    play(*game, s, "A1");
    expect_board(*game, s, R"(
      P2 store 0 | 0 0 0 0 |
                 | 0 1 0 0 | P1 store 5
      C1 out
      mover P2
    )");
  }
}

TEST_CASE("a tally of store+row counts the holes a player owns now", "[core]") {
  auto game = load_text(R"((game "Claimed"
    (board 2 3 stores:open)
    (start (fill 2))
    (sow (origin (row mover) (if (occupied hole)))
         (capture (if (not (own hole)) (= hole 3)) (claim hole)))
    (rounds (round-over (if true)) (tally store+row) (match-won (if true)))))");
  State s = game->initial_state();
  // C1's 2 counters: C2 (2 -> 3), B2 (2 -> 3). The last makes B2, P2's, hold 3: P1 claims it.
  // The round ends after the turn. P1 owns A1 2, B1 2, C1 0 and B2 3: 7; P2 owns A2 2, C2 3: 5.
  // P1 wins the round, and the match. (Counted by sides as laid out, P1 would have 4 and P2 8.)
  play(*game, s, "C1");
  expect_board(*game, s, R"(
    P2 store 0 | 2 3 3 |
               | 2 2 0 | P1 store 0
    B2 = P1
    result P1
  )");
}
