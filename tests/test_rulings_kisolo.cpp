// Scenario tests of Kisolo (docs/rulings.md S1-S8). Expected boards are worked out by hand
// from the rulings (reasoning in the comments). Drawings show rows 4, 3, 2, 1 from the top:
// P2's outer and inner rows, then P1's inner and outer rows; columns A..G left to right.
// P1's circuit (S3): A1..G1, G2..A2, back to A1. P2's: A3..G3, G4..A4, back to A3.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("S1 board: 4 rows of 7, two rows each, no stores", "[rulings][S1]") {
  auto game = load_game("kisolo");
  State s = game->initial_state();
  CHECK(s.columns == 7);
  CHECK(game->layout(7).rows == 4);
  CHECK(legal(*game, s) == sorted({"A1", "B1", "C1", "D1", "E1", "F1", "G1"}));
  // A1, 3: B1 4, C1 4, D1 4; following E1 (3) occupied: lift it, sow from F1: F1 4, G1 4, G2 1;
  // following F2 is empty: the turn ends. P2's inner row is empty: no capture for P2 (S5).
  play(*game, s, "A1");
  expect_board(*game, s, R"(
    | 3 3 3 3 3 3 3 |
    | 0 0 0 0 0 0 0 |
    | 0 0 0 0 0 0 1 |
    | 0 4 4 4 0 4 4 |
    mover P2
  )");
  // P2 may sow only from its own rows.
  CHECK(legal(*game, s) == sorted({"A4", "B4", "C4", "D4", "E4", "F4", "G4"}));
}

TEST_CASE("S2 start: standard, townshend1, townshend2", "[rulings][S2]") {
  SECTION("standard: 3 in each outer-row hole") {
    auto game = load_game("kisolo");
    expect_board(*game, game->initial_state(), R"(
      | 3 3 3 3 3 3 3 |
      | 0 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 0 |
      | 3 3 3 3 3 3 3 |
      mover P1
    )");
  }
  SECTION("townshend1, with the capture of S5 at ply 0") {
    auto game = load_game("kisolo", {"start=townshend1"});
    // P1: G1 15; A1 C1 E1 B2 D2 F2 1. P2 turned round (X1 <-> (G-X)4, X2 <-> (G-X)3): A4 15;
    // G4 E4 C4 1; F3 D3 B3 1. At ply 0 P1 captures in columns B, D, F (its inner hole and P2's
    // both occupied): B3, D3, F3 (B4, D4, F4 are empty) into B1, D1, F1.
    expect_board(*game, game->initial_state(), R"(
      | 15 0 1 0 1 0  1 |
      |  0 0 0 0 0 0  0 |
      |  0 1 0 1 0 1  0 |
      |  1 1 1 1 1 1 15 |
      mover P1
    )");
  }
  SECTION("townshend2, with the capture of S5 at ply 0") {
    auto game = load_game("kisolo", {"start=townshend2"});
    // P1: A1 9, G1 9; B2 D2 F2 1. P2: G4 9, A4 9; F3 D3 B3 1. Ply 0: B3, D3, F3 into B1, D1, F1.
    expect_board(*game, game->initial_state(), R"(
      | 9 0 0 0 0 0 9 |
      | 0 0 0 0 0 0 0 |
      | 0 1 0 1 0 1 0 |
      | 9 1 0 1 0 1 9 |
      mover P1
    )");
  }
  SECTION("townshend2 with capture=origin: no capture at the start") {
    auto game = load_game("kisolo", {"start=townshend2", "capture=origin"});
    State s = game->initial_state();
    expect_board(*game, s, R"(
      | 9 0 0 0 0 0 9 |
      | 0 1 0 1 0 1 0 |
      | 0 1 0 1 0 1 0 |
      | 9 0 0 0 0 0 9 |
      mover P1
    )");
    CHECK(legal(*game, s) == sorted({"A1", "G1", "B2", "D2", "F2"}));
  }
}

TEST_CASE("S3 sowing: each player round their own two rows, anticlockwise, singles may move",
          "[rulings][S3]") {
  auto game = load_game("kisolo");
  State s = drawn(*game, R"(
    | 0 4 0 0 0 0 2 |
    | 0 0 0 0 0 0 0 |
    | 0 0 0 0 0 0 0 |
    | 1 1 1 1 1 1 1 |
    mover P2
  )");
  CHECK(legal(*game, s) == sorted({"B4", "G4"}));
  // B4, 4: A4 0->1, then down to A3 (not into P1's rows), B3, C3 (0->1 each). Following D3 is
  // empty: the turn ends. P1's inner row is empty: no capture.
  play(*game, s, "B4");
  expect_board(*game, s, R"(
    | 1 0 0 0 0 0 2 |
    | 1 1 1 0 0 0 0 |
    | 0 0 0 0 0 0 0 |
    | 1 1 1 1 1 1 1 |
    mover P1
  )");
  // Every hole of P1 holds a single counter: all are legal.
  CHECK(legal(*game, s) == sorted({"A1", "B1", "C1", "D1", "E1", "F1", "G1"}));
}

TEST_CASE("S4 laps: an occupied following hole is lifted and sown from the hole after it",
          "[rulings][S4]") {
  auto game = load_game("kisolo");
  State s = drawn(*game, R"(
    | 3 3 3 3 3 3 3 |
    | 0 0 0 0 0 0 0 |
    | 0 0 0 0 2 0 1 |
    | 2 0 1 3 0 0 0 |
    mover P1
  )");
  // A1, 2: B1 0->1, C1 1->2. Following D1 (3): lift, sow from E1: E1 1, F1 1, G1 1. Following
  // G2 (1): lift (P2's G3 empty: no capture, S6), sow from F2: F2 1. Following E2 (2): lift, sow
  // from D2: D2 1, C2 1. Following B2 is empty: the turn ends.
  play(*game, s, "A1");
  expect_board(*game, s, R"(
    | 3 3 3 3 3 3 3 |
    | 0 0 0 0 0 0 0 |
    | 0 0 1 1 0 1 0 |
    | 0 1 2 0 1 1 1 |
    mover P2
  )");
}

TEST_CASE("S5 capture at the start of a turn, in every column (default)", "[rulings][S5]") {
  auto game = load_game("kisolo");
  State s = drawn(*game, R"(
    | 2 2 2 2 2 2 2 |
    | 0 0 0 0 0 0 0 |
    | 1 1 1 0 0 0 0 |
    | 1 1 1 1 1 1 1 |
    mover P2
  )");
  // P2 plays G4, 2: F4 3, E4 3; following D4 (2): lift, sow from C4: C4 3, B4 3; following A4
  // (2): lift, sow from A3: A3 0->1, B3 0->1; following C3 is empty: the turn ends.
  // P1's turn starts: column A: A2 and A3 occupied: A3 (1) into A1 (A4 was emptied); column B:
  // B3 (1) and B4 (3) into B1 (1 -> 5); column C: P2's C3 is empty: nothing, although C4 holds 3.
  play(*game, s, "G4");
  expect_board(*game, s, R"(
    | 0 0 3 0 3 3 0 |
    | 0 0 0 0 0 0 0 |
    | 1 1 1 0 0 0 0 |
    | 2 5 1 1 1 1 1 |
    mover P1
  )");
}

TEST_CASE("S5 capture=origin: only the chosen inner hole's column, before lifting",
          "[rulings][S5]") {
  auto game = load_game("kisolo", {"start=townshend2", "capture=origin"});
  State s = game->initial_state();
  // B2, 1: first the capture in column B: B3 (1) into B1 (B4 empty). Then B2 to A2 (0->1);
  // following A1 (9): lift, sow from B1: B1 2, C1 1, D1 1, E1 1, F1 1, G1 10, G2 1, F2 2, E2 1.
  // Following D2 (1) is an inner hole: S6 capture in column D: D3 (1) into D1 (2); lift D2,
  // sow from C2: C2 1. Following B2 was emptied: the turn ends. P2 makes no capture at the start
  // of its turn (F3 faces F2 but this is not the origin reading's moment).
  play(*game, s, "B2");
  expect_board(*game, s, R"(
    | 9 0 0 0 0 0 9 |
    | 0 0 0 0 0 1 0 |
    | 1 0 1 0 1 2 1 |
    | 0 2 1 2 1 1 10 |
    mover P2
  )");
}

TEST_CASE("S6 capture before a lap from an inner hole", "[rulings][S6]") {
  SECTION("default reading: the inner hole was filled during the same move") {
    auto game = load_game("kisolo");
    State s = drawn(*game, R"(
      | 1 1 1 1 3 1 1 |
      | 0 0 0 0 2 0 0 |
      | 0 0 0 12 0 0 0 |
      | 0 0 0 0 0 0 3 |
      mover P1
    )");
    // (Consistent start: P1's only inner counters, D2, face an empty D3.)
    // G1, 3: G2 1, F2 1, E2 0->1. Following D2 (12): column D, D3 empty: no capture; lift,
    // sow 12 from C2: C2 B2 A2 A1 B1 C1 D1 E1 F1 G1 (1 each), G2 2, F2 2. Following E2 (1):
    // inner, E3 occupied: E3 (2) and E4 (3) into E1 (1 -> 6); lift E2, sow D2 1. Following C2
    // (1): C3 empty; lift, B2 2. Following A2 (1): lift, A1 2. Following B1 (1): lift, C1 2.
    // Following D1 (1): lift, E1 7. Following F1 (1): lift, G1 2. Following G2 (2): G3 empty;
    // lift, F2 3, E2 1. Following D2 (1): lift, C2 1. Following B2 (2): lift, A2 1, A1 3.
    // Following B1 is empty: the turn ends.
    play(*game, s, "G1");
    expect_board(*game, s, R"(
      | 1 1 1 1 0 1 1 |
      | 0 0 0 0 0 0 0 |
      | 1 0 1 0 1 3 0 |
      | 3 0 2 0 7 0 2 |
      mover P2
    )");
  }
  SECTION("capture=origin") {
    auto game = load_game("kisolo", {"capture=origin"});
    State s = drawn(*game, R"(
      | 1 1 1 1 3 1 1 |
      | 0 0 0 0 2 0 0 |
      | 0 0 0 0 1 0 0 |
      | 0 0 0 0 0 0 2 |
      mover P1
    )");
    // G1, 2: G2 1, F2 1. Following E2 (1): inner, E3 occupied: E3 (2) and E4 (3) into E1 (5);
    // lift E2, sow D2 1. Following C2 empty: the turn ends.
    play(*game, s, "G1");
    expect_board(*game, s, R"(
      | 1 1 1 1 0 1 1 |
      | 0 0 0 0 0 0 0 |
      | 0 0 0 1 0 1 1 |
      | 0 0 0 0 5 0 0 |
      mover P2
    )");
  }
}

TEST_CASE("S7 captured counters go to the capturer's outer hole of the same column",
          "[rulings][S7]") {
  auto game = load_game("kisolo");
  State s = drawn(*game, R"(
    | 1 1 1 1 1 1 1 |
    | 0 0 2 0 0 0 0 |
    | 0 0 0 0 0 0 0 |
    | 1 0 2 0 0 0 5 |
    mover P1
  )");
  // G1, 5: G2 F2 E2 D2 C2 (0->1); following B2 empty: ends. P2's turn starts: its C3 faces
  // P1's C2 (1): C2 and C1 (2) are captured into P2's outer hole C4 (1 -> 4).
  play(*game, s, "G1");
  expect_board(*game, s, R"(
    | 1 1 4 1 1 1 1 |
    | 0 0 2 0 0 0 0 |
    | 0 0 0 1 1 1 1 |
    | 1 0 0 0 0 0 0 |
    mover P2
  )");
}

TEST_CASE("S8 end: the opponent's outer row emptied wins, the own emptied loses",
          "[rulings][S8]") {
  auto game = load_game("kisolo");
  SECTION("checked after the turn, not after the start-of-turn capture") {
    State s = drawn(*game, R"(
      | 0 0 0 0 0 0 1 |
      | 0 0 0 0 3 0 0 |
      | 0 0 0 0 0 1 1 |
      | 1 0 0 0 0 0 0 |
      mover P2
    )");
    // E3, 3: F3 1, G3 1, G4 1->2; following F4 empty: ends. P1's turn starts with captures:
    // column F: F3 (1) into F1 (F4 empty); column G: G3 (1) and G4 (2) into G1. P2's rows are
    // empty, but P1 still moves.
    play(*game, s, "E3");
    expect_board(*game, s, R"(
      | 0 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 0 |
      | 0 0 0 0 0 1 1 |
      | 1 0 0 0 0 1 3 |
      mover P1
    )");
    // A1, 1: B1 1; following C1 empty: ends. P2's outer row is empty: P1 wins.
    play(*game, s, "A1");
    expect_board(*game, s, R"(
      | 0 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 0 |
      | 0 0 0 0 0 1 1 |
      | 0 1 0 0 0 1 3 |
      result P1
    )");
  }
  SECTION("both outer rows empty after the turn: the mover wins (checked first)") {
    State s = drawn(*game, R"(
      | 0 0 0 0 0 0 1 |
      | 0 0 0 0 0 2 0 |
      | 0 0 0 0 0 0 1 |
      | 0 0 0 0 0 0 1 |
      mover P2
    )");
    // F3, 2: G3 1, G4 1->2; following F4 empty: ends. P1's turn starts: column G: G3 (1) and
    // G4 (2) into G1 (1 -> 4).
    play(*game, s, "F3");
    expect_board(*game, s, R"(
      | 0 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 1 |
      | 0 0 0 0 0 0 4 |
      mover P1
    )");
    // G1, 4: G2 2, F2 1, E2 1, D2 1; following C2 empty: ends. Both outer rows are empty: the
    // opponent's is checked first: P1 wins.
    play(*game, s, "G1");
    expect_board(*game, s, R"(
      | 0 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 0 |
      | 0 0 0 1 1 1 2 |
      | 0 0 0 0 0 0 0 |
      result P1
    )");
  }
  SECTION("the mover empties its own outer row: the mover loses") {
    State s = drawn(*game, R"(
      | 1 1 1 1 1 1 1 |
      | 0 0 0 0 0 0 0 |
      | 1 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 1 |
      mover P1
    )");
    // G1, 1: G2 1; following F2 empty: ends. P2's outer row is not empty, P1's is: P2 wins.
    play(*game, s, "G1");
    expect_board(*game, s, R"(
      | 1 1 1 1 1 1 1 |
      | 0 0 0 0 0 0 0 |
      | 1 0 0 0 0 0 1 |
      | 0 0 0 0 0 0 0 |
      result P2
    )");
  }
}
