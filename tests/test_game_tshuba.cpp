// Scenario tests of Tshuba (games/tshuba.lud; docs/rulings.md TS1-TS4). Every expected board is
// worked out by hand from the text of the Ludii page (after Junod 1912), not taken from the
// interpreter. Drawings show rows 4, 3, 2, 1 from the top: P2's outer and inner rows, then P1's
// inner and outer rows; columns A.. left to right. P1's circuit (anticlockwise) on 4x4:
// A1 B1 C1 D1, D2 C2 B2 A2, back to A1; P2's: A3 B3 C3 D3, D4 C4 B4 A4. The stores are not
// drawn on the board; they hold what each player has captured.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("Tshuba capture: the opposite inner and outer holes, then one more hole of the "
          "capturer's choice", "[rulings][tshuba][TS3]") {
  auto game = load_game("tshuba");
  State s = drawn(*game, R"(
    | 1 0 3 1 |
    | 2 0 0 2 |
    | 0 0 0 0 |
    | 0 0 2 0 |
    mover P1
  )");
  // C1, 2 counters: D1 0 -> 1, D2 0 -> 1. The last fell into an empty hole of P1's inner row:
  // "the contents of the opponent's hole in the inner row opposite it are captured" (D3, 2),
  // "and if there are counters also in the corresponding outer row hole, these are also
  // captured" (D4, 1): 3 into P1's store.
  play(*game, s, "C1");
  expect_board(*game, s, R"(
    | 1 0 3 0 |
    | 2 0 0 0 |
    | 0 0 0 1 |
    | 0 0 0 1 |
    P1 store 3
    mover P1
  )");
  // "The player may also capture from another hole from the opponent's side of the board of
  // their choosing": any hole of P2's that holds counters, or decline (TS3).
  CHECK(legal(*game, s) == sorted({"A3", "A4", "C4", "pass"}));

  SECTION("taking C4") {
    play(*game, s, "C4");  // C4's 3 counters: P1's store 3 + 3 = 6; "The turn ends."
    expect_board(*game, s, R"(
      | 1 0 0 0 |
      | 2 0 0 0 |
      | 0 0 0 1 |
      | 0 0 0 1 |
      P1 store 6
      mover P2
    )");
  }
  SECTION("declining") {
    play(*game, s, "pass");
    expect_board(*game, s, R"(
      | 1 0 3 0 |
      | 2 0 0 0 |
      | 0 0 0 1 |
      | 0 0 0 1 |
      P1 store 3
      mover P2
    )");
  }
}

TEST_CASE("TS2 no capture when the opposite inner hole is empty, even if the outer one is not",
          "[rulings][tshuba][TS2]") {
  auto game = load_game("tshuba");
  State s = drawn(*game, R"(
    | 0 0 0 2 |
    | 2 0 0 0 |
    | 0 0 0 0 |
    | 0 0 2 0 |
    mover P1
  )");
  // C1: D1 1, D2 1 (empty, inner row). D3 is empty: the outer hole D4 is captured only "also",
  // with the inner one, so nothing is taken, no hole of choice follows, the turn ends.
  play(*game, s, "C1");
  expect_board(*game, s, R"(
    | 0 0 0 2 |
    | 2 0 0 0 |
    | 0 0 0 1 |
    | 0 0 0 1 |
    mover P2
  )");
}

TEST_CASE("Tshuba relay: a last counter in an occupied hole lifts it; an empty outer-row hole "
          "ends the turn", "[rulings][tshuba]") {
  auto game = load_game("tshuba");
  State s = drawn(*game, R"(
    | 0 0 0 0 |
    | 2 0 0 2 |
    | 0 0 0 0 |
    | 3 0 1 0 |
    mover P1
  )");
  // A1, 3: B1 1, C1 2, D1 1. D1 was empty and is in the outer row: "If the final counter lands
  // in an empty hole in the player's outer row, the turn ends" (no capture, although D3 is
  // full).
  SECTION("ending in the outer row") {
    play(*game, s, "A1");
    expect_board(*game, s, R"(
      | 0 0 0 0 |
      | 2 0 0 2 |
      | 0 0 0 0 |
      | 0 1 2 1 |
      mover P2
    )");
  }
  // C1, 1: D1 1, empty, outer row: the turn ends at once.
  SECTION("a single counter may be sown (TS4)") {
    CHECK(legal(*game, s) == sorted({"A1", "C1"}));
    play(*game, s, "C1");
    expect_board(*game, s, R"(
      | 0 0 0 0 |
      | 2 0 0 2 |
      | 0 0 0 0 |
      | 3 0 0 1 |
      mover P2
    )");
  }
}

TEST_CASE("Tshuba relay into a capture, and the capture of the opponent's last counters",
          "[rulings][tshuba]") {
  auto game = load_game("tshuba");
  State t = drawn(*game, R"(
    | 0 1 0 0 |
    | 2 3 0 0 |
    | 0 0 0 1 |
    | 0 0 2 0 |
    mover P1
  )");
  // C1, 2: D1 0 -> 1, D2 1 -> 2: occupied, so D2's 2 are lifted and sown on: C2 1, B2 1. B2 was
  // empty and is in P1's inner row: B3 (3) and B4 (1) are captured, 4 into P1's store; then the
  // hole of choice: A3 (2), P2's last counters, or pass.
  play(*game, t, "C1");
  expect_board(*game, t, R"(
    | 0 0 0 0 |
    | 2 0 0 0 |
    | 0 1 1 0 |
    | 0 0 0 1 |
    P1 store 4
    mover P1
  )");
  CHECK(legal(*game, t) == sorted({"A3", "pass"}));
  // Taking A3 takes all of P2's counters: "Play continues until one player captures all of the
  // opponent's counters, thus winning."
  play(*game, t, "A3");
  expect_board(*game, t, R"(
    | 0 0 0 0 |
    | 0 0 0 0 |
    | 0 1 1 0 |
    | 0 0 0 1 |
    P1 store 6
    result P1
  )");
}

TEST_CASE("Tshuba end: a capture that takes the opponent's last counters wins at once, with no "
          "hole of choice", "[rulings][tshuba][TS3]") {
  auto game = load_game("tshuba");
  State s = drawn(*game, R"(
    | 0 0 0 1 |
    | 0 0 0 2 |
    | 0 0 0 0 |
    | 0 0 2 0 |
    mover P1
  )");
  // C1: D1 1, D2 1; D3 (2) and D4 (1) captured: P2 has nothing left, so there is no hole to
  // choose, and P1 "captures all of the opponent's counters, thus winning".
  play(*game, s, "C1");
  expect_board(*game, s, R"(
    | 0 0 0 0 |
    | 0 0 0 0 |
    | 0 0 0 1 |
    | 0 0 0 1 |
    P1 store 3
    result P1
  )");
}

TEST_CASE("TS1 board sizes: 4x22 has 88 holes, two counters each", "[rulings][tshuba][TS1]") {
  auto game = load_game("tshuba", {"columns=22"});
  State s = game->initial_state();
  CHECK(s.columns == 22);
  int total = 0;
  for (int row = 1; row <= 4; ++row)
    for (int c = 0; c < 22; ++c) total += s.holes[game->layout(22).pit(row, c)];
  CHECK(total == 176);
  CHECK(legal(*game, s).size() == 44);  // P1's two rows: A1..V1, A2..V2
  State t = drawn(*game, R"(
    | 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 |
    | 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 |
    | 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 |
    | 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 0 |
    mover P1
  )");
  // U1, 2: V1 1, V2 1 (empty, inner row, the board's 22nd column): V3 (2) and V4 (1) captured.
  play(*game, t, "U1");
  CHECK(t.holes[game->layout(22).pit(3, 21)] == 0);
  CHECK(t.holes[game->layout(22).pit(4, 21)] == 0);
  CHECK(legal(*game, t) == sorted({"A3", "pass"}));
  play(*game, t, "A3");
  CHECK(game->is_over(t));
}
