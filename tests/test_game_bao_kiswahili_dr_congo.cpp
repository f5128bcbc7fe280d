// Scenario tests of Bao Kiswahili (DR Congo) (games/bao-kiswahili-dr-congo.lud; docs/rulings.md
// BK1-BK8). Every expected board is worked out by hand from the text of the Ludii page (after
// Townshend 1977), not taken from the interpreter. Drawings show rows 4, 3, 2, 1 from the top:
// P2's outer and inner rows, then P1's inner and outer rows; columns A..H left to right. P1's
// circuit, anticlockwise: A1..H1, H2..A2; P2's: A3..H3, H4..A4. P1's inner row from P1's left is
// A2..H2, P2's is H3..A3. Each player's store is their hand (BK2). Along the inner row,
// clockwise runs from the player's leftmost hole (A2, H3), anticlockwise from the rightmost
// (H2, A3).
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("Bao Kiswahili start: one counter in each inner hole, 24 in each hand; every "
          "placement captures, the end forced near the ends", "[rulings][bao-kiswahili-dr-congo][BK4]") {
  auto game = load_game("bao-kiswahili-dr-congo");
  State s = game->initial_state();
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 0 0 |
    | 1 1 1 1 1 1 1 1 |
    | 1 1 1 1 1 1 1 1 |
    | 0 0 0 0 0 0 0 0 |
    P1 store 24
    P2 store 24
    mover P1
  )");
  // Every inner hole of P1's faces a counter: every placement captures. From A2, B2 the captured
  // counters go to the leftmost hole (clockwise), from G2, H2 to the rightmost (anticlockwise);
  // from C2..F2 the player chooses (either direction).
  CHECK(legal(*game, s) == sorted({"A2 cw", "B2 cw", "C2 ccw", "C2 cw", "D2 ccw", "D2 cw",
                                   "E2 ccw", "E2 cw", "F2 ccw", "F2 cw", "G2 ccw", "H2 ccw"}));
  // E2 ccw: E2 1 -> 2; E3 (1) is captured and, E2 being central, sown from the rightmost hole
  // anticlockwise: H2 1 -> 2. H2 held counters and H3 (1) faces it: captured, and from the
  // rightmost hole (H2 is at the right end): H2 3. H3 is now empty: H2's 3 are lifted and sown
  // on anticlockwise: G2 2, F2 2, E2 3. E3 is empty: E2's 3 are lifted: D2 2, C2 2, B2 2. B3 (1)
  // faces B2: captured, and from the left end (B2 is next to it), turning clockwise: A2 2. A3
  // (1) faces A2: captured, from the leftmost hole: A2 3. A3 is empty: A2's 3 are lifted,
  // clockwise: B2 3, C2 3, D2 3. D3 (1) faces D2: captured; D2 is central and the handful runs
  // clockwise, so from the leftmost hole: A2 0 -> 1. A2 was empty: the turn ends.
  // P1: 9 + 4 captured = 13 on the board, 23 in hand; P2: 8 - 4 = 4.
  play(*game, s, "E2 ccw");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 0 0 |
    | 0 0 1 0 0 1 1 0 |
    | 1 3 3 3 0 2 2 0 |
    | 0 0 0 0 0 0 0 0 |
    P1 store 23
    P2 store 24
    mover P2
  )");
}

TEST_CASE("Bao Kiswahili compulsory placement capture; clearing the opponent's inner row wins",
          "[rulings][bao-kiswahili-dr-congo]") {
  auto game = load_game("bao-kiswahili-dr-congo");
  const char* const before = R"(
    | 0 3 0 0 0 0 0 0 |
    | 0 0 0 0 0 2 0 0 |
    | 0 1 0 0 0 0 0 0 |
    | 0 0 0 0 0 0 0 0 |
    P1 store 5
    P2 store 5
    mover P1
  )";
  State s = drawn(*game, before);
  // "The player must capture if possible": only F2 faces counters (F3); F2 is central, so both
  // ends may be chosen.
  CHECK(legal(*game, s) == sorted({"F2 ccw", "F2 cw"}));
  SECTION("from the left end") {
    // F2 0 -> 1; F3 (2) captured, sown clockwise from the leftmost hole: A2 1, B2 2. B2 held a
    // counter, but B3 is empty: B2's 2 are lifted: C2 1, D2 1. D2 was empty: the turn ends.
    // P2's inner row is empty: "If during this phase, the opponent's inner row is cleared of
    // counters, the player wins" (P2's outer row does not count).
    play(*game, s, "F2 cw");
    expect_board(*game, s, R"(
      | 0 3 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 0 0 |
      | 1 0 1 1 0 1 0 0 |
      | 0 0 0 0 0 0 0 0 |
      P1 store 4
      P2 store 5
      result P1
    )");
  }
  SECTION("from the right end") {
    // F2 0 -> 1; F3 (2) sown anticlockwise from the rightmost hole: H2 1, G2 1. G2 was empty.
    play(*game, s, "F2 ccw");
    expect_board(*game, s, R"(
      | 0 3 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 0 0 |
      | 0 1 0 0 0 1 1 1 |
      | 0 0 0 0 0 0 0 0 |
      P1 store 4
      P2 store 5
      result P1
    )");
  }
}

TEST_CASE("Bao Kiswahili placement without capture: the hole's counters are sown either way",
          "[rulings][bao-kiswahili-dr-congo][BK3]") {
  // With placement-capture=occupied, D2 (empty) facing D3 does not capture: no placement can.
  auto game = load_game("bao-kiswahili-dr-congo", {"placement-capture=occupied"});
  State s = drawn(*game, R"(
    | 0 0 0 0 0 0 0 0 |
    | 0 0 0 1 0 0 0 0 |
    | 0 0 2 0 0 0 0 0 |
    | 0 0 0 0 0 0 0 0 |
    P1 store 3
    P2 store 3
    mover P1
  )");
  CHECK(legal(*game, s).size() == 16);  // any inner hole, either direction
  SECTION("into an occupied hole") {
    // "they place a counter into any of the holes in their inner row, pick up the contents of
    // that hole, and sow in either direction": C2 3, lifted, clockwise: D2, E2, F2 1 each. F2
    // was empty: the turn ends.
    play(*game, s, "C2 cw");
    expect_board(*game, s, R"(
      | 0 0 0 0 0 0 0 0 |
      | 0 0 0 1 0 0 0 0 |
      | 0 0 0 1 1 1 0 0 |
      | 0 0 0 0 0 0 0 0 |
      P1 store 2
      P2 store 3
      mover P2
    )");
  }
  SECTION("into an empty hole: its one counter is sown on") {
    // E2 0 -> 1, lifted, anticlockwise: D2 1. D2 was empty: the turn ends.
    play(*game, s, "E2 ccw");
    expect_board(*game, s, R"(
      | 0 0 0 0 0 0 0 0 |
      | 0 0 0 1 0 0 0 0 |
      | 0 0 2 1 0 0 0 0 |
      | 0 0 0 0 0 0 0 0 |
      P1 store 2
      P2 store 3
      mover P2
    )");
  }
}

TEST_CASE("Bao Kiswahili second phase: later handfuls capture only after a first capture",
          "[rulings][bao-kiswahili-dr-congo][BK6]") {
  auto game = load_game("bao-kiswahili-dr-congo");
  SECTION("the first handful does not capture: later ones relay") {
    State s = drawn(*game, R"(
      | 0 0 0 0 0 0 0 0 |
      | 0 0 3 0 0 0 0 0 |
      | 0 0 1 0 1 0 2 0 |
      | 0 0 0 0 0 0 0 0 |
      mover P1
    )");
    // No move captures (checked one by one: G2 ccw below; G2 cw ends in H1; E2 and C2 end in an
    // empty neighbour), so every move is legal.
    CHECK(legal(*game, s) == sorted({"C2 ccw", "C2 cw", "E2 ccw", "E2 cw", "G2 ccw", "G2 cw"}));
    // G2, 2, anticlockwise: F2 1, E2 2. E3 is empty: E2's 2 are lifted: D2 1, C2 2. C3 (3) faces
    // C2, but "Captures, however, can only be made on subsequent sowings if there was a capture
    // in the first round of a sowing": C2's 2 are lifted: B2 1, A2 1. A2 was empty: the end.
    play(*game, s, "G2 ccw");
    expect_board(*game, s, R"(
      | 0 0 0 0 0 0 0 0 |
      | 0 0 3 0 0 0 0 0 |
      | 1 1 0 1 0 1 0 0 |
      | 0 0 0 0 0 0 0 0 |
      mover P2
    )");
  }
  SECTION("the first handful captures: later ones may too; a capture is compulsory (BK7)") {
    State s = drawn(*game, R"(
      | 0 0 0 0 0 0 0 0 |
      | 1 0 0 0 1 0 0 2 |
      | 0 0 0 0 1 0 2 1 |
      | 0 0 0 0 0 0 0 0 |
      mover P1
    )");
    // G2 ccw captures (below). The others capture nothing: G2 cw (H2 2, H1 1: H1 was empty), E2
    // (D2 or F2, empty), H2 ccw (G2 3, G3 empty: relayed, F2 E2 D2, D2 empty), H2 cw (H1). "The
    // player must capture if possible": G2 ccw is the only move.
    CHECK(legal(*game, s) == std::vector<std::string>{"G2 ccw"});
    // G2, 2, anticlockwise: F2 1, E2 2. E3 (1) faces it: captured; E2 is central and the handful
    // ran anticlockwise: from the rightmost hole: H2 2. H3 (2) faces it: captured (the first
    // handful captured), from the rightmost hole again: H2 3, G2 1. G2 was empty: the end.
    play(*game, s, "G2 ccw");
    expect_board(*game, s, R"(
      | 0 0 0 0 0 0 0 0 |
      | 1 0 0 0 0 0 0 0 |
      | 0 0 0 0 2 1 1 3 |
      | 0 0 0 0 0 0 0 0 |
      mover P2
    )");
  }
}
