// Scenario tests of Okwe (Ido) (docs/rulings.md O1-O7). Expected boards are worked out by
// hand from the rulings (reasoning in the comments). The concealed stores are drawn as stores.
// Sowing is anticlockwise: A1..J1, up to J2, J2..A2, down to A1.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

std::vector<std::string> with_stores(std::vector<std::string> moves, int store) {
  for (int n = 1; n <= store; ++n) moves.push_back("store " + std::to_string(n));
  return sorted(moves);
}

// The default start after the opening removals (O2, O3).
const char* kStart = R"(
  P2 store 7 | 0 0 0 0 0 0 0 0 5 5 |
             | 5 5 0 0 0 1 0 0 0 0 | P1 store 8
  mover P1
)";

}  // namespace

TEST_CASE("O1 board: 2 rows of 10 holes, option holes (even, 10 to 20)", "[rulings][O1]") {
  SECTION("default: 10") {
    auto game = load_game("okwe-ido");
    CHECK(game->initial_state().columns == 10);
  }
  SECTION("holes=14") {
    auto game = load_game("okwe-ido", {"holes=14"});
    State s = game->initial_state();
    // O2 on 14 holes: 3 holes off each end: 5 5 5 5 1 1 5 1 0 0 0 0 0 0. O3: P1 takes P2's
    // last four occupied (own order N2 M2 L2 K2 J2 I2 H2 G2 -> J2 I2 H2 G2: 1+1+5+1 = 8); P2
    // takes P1's E1 F1 G1 (1+1+5 = 7), leaving H1.
    expect_board(*game, s, R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 0 0 5 5 5 5 |
                 | 5 5 5 5 0 0 0 1 0 0 0 0 0 0 | P1 store 8
      mover P1
    )");
    // D1, 5: the first back into D1, then E1, F1, G1, H1 (1 -> 2): own row, no capture.
    play(*game, s, "D1");
    expect_board(*game, s, R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 0 0 5 5 5 5 |
                 | 5 5 5 1 1 1 1 2 0 0 0 0 0 0 | P1 store 8
      mover P2
    )");
  }
}

TEST_CASE("O2 start: the pattern trimmed at both ends to the board's length", "[rulings][O2]") {
  SECTION("10 holes: 5-5-1-1-5-1-0-0-0-0 (then O3)") {
    auto game = load_game("okwe-ido");
    expect_board(*game, game->initial_state(), kStart);
  }
  SECTION("16 holes: 5-5-5-5-5-1-1-5-1-0-0-0-0-0-0-0 (then O3)") {
    auto game = load_game("okwe-ido", {"holes=16"});
    // O3: P1 takes P2's K2 J2 I2 H2 (1+1+5+1 = 8); P2 takes P1's F1 G1 H1 (7), leaving I1.
    expect_board(*game, game->initial_state(), R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 0 0 0 5 5 5 5 5 |
                 | 5 5 5 5 5 0 0 0 1 0 0 0 0 0 0 0 | P1 store 8
      mover P1
    )");
  }
}

TEST_CASE("O3 opening removals are automatic: P1 takes E2-H2, P2 takes C1-E1", "[rulings][O3]") {
  auto game = load_game("okwe-ido");
  State s = game->initial_state();
  // Before: both rows 5 5 1 1 5 1 0 0 0 0 from their owner's left (P2: J2 5, I2 5, H2 1, G2 1,
  // F2 5, E2 1). P1 takes H2 G2 F2 E2 (8); P2 takes C1 D1 E1 (7) and leaves F1.
  expect_board(*game, s, kStart);
  CHECK(s.ply == 0);
  CHECK(legal(*game, s) == with_stores({"A1", "B1", "F1"}, 8));
}

TEST_CASE("O4 sowing: the first counter back into the origin unless single, no laps",
          "[rulings][O4]") {
  auto game = load_game("okwe-ido");
  SECTION("five counters") {
    State s = drawn(*game, kStart);
    // B1, 5: B1 (back) 1, C1 1, D1 1, E1 1, F1 1 -> 2. F1 was occupied: no lap (own row: no
    // capture either).
    play(*game, s, "B1");
    expect_board(*game, s, R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 5 5 |
                 | 5 1 1 1 1 2 0 0 0 0 | P1 store 8
      mover P2
    )");
  }
  SECTION("a single counter goes to the next hole") {
    State s = drawn(*game, kStart);
    play(*game, s, "F1");  // F1 -> G1
    expect_board(*game, s, R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 5 5 |
                 | 5 5 0 0 0 0 1 0 0 0 | P1 store 8
      mover P2
    )");
  }
  SECTION("a handful going all the way round passes the origin again") {
    State s = drawn(*game, R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 5 5 |
                 | 21 0 0 0 0 0 0 0 0 1 | P1 store 8
      mover P1
    )");
    // A1, 21: A1 (back) 1, B1..J1, J2..A2 (19 more holes), the 21st into A1 again (G5: not
    // skipped): A1 2. Own row: no capture.
    play(*game, s, "A1");
    expect_board(*game, s, R"(
      P2 store 7 | 1 1 1 1 1 1 1 1 6 6 |
                 | 2 1 1 1 1 1 1 1 1 2 | P1 store 8
      mover P2
    )");
  }
  SECTION("P2 sows along row 2 towards A") {
    State s = drawn(*game, R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 5 5 |
                 | 5 1 1 1 1 2 0 0 0 0 | P1 store 8
      mover P2
    )");
    // J2, 5: J2 (back) 1, I2 6, H2 1, G2 1, F2 1: own row, no capture.
    play(*game, s, "J2");
    expect_board(*game, s, R"(
      P2 store 7 | 0 0 0 0 0 1 1 1 6 1 |
                 | 5 1 1 1 1 2 0 0 0 0 | P1 store 8
      mover P1
    )");
  }
}

TEST_CASE("O5 capture: last counter in the opponent's row, the opposite hole holds 1, 3 or 5",
          "[rulings][O5]") {
  auto game = load_game("okwe-ido");
  SECTION("opposite holds 3: taken") {
    State s = drawn(*game, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 2 4 |
                 | 1 0 0 0 0 0 0 0 3 3 | P1 store 8
      mover P1
    )");
    // J1, 3: J1 (back) 1, J2 5, I2 3. Last in P2's row; opposite I1 holds 3: into P1's store.
    play(*game, s, "J1");
    expect_board(*game, s, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 3 5 |
                 | 1 0 0 0 0 0 0 0 0 1 | P1 store 11
      mover P2
    )");
  }
  SECTION("opposite holds 5: taken") {
    State s = drawn(*game, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 2 4 |
                 | 1 0 0 0 0 0 0 0 5 3 | P1 store 8
      mover P1
    )");
    play(*game, s, "J1");
    expect_board(*game, s, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 3 5 |
                 | 1 0 0 0 0 0 0 0 0 1 | P1 store 13
      mover P2
    )");
  }
  SECTION("the opposite hole is counted after the sowing (it may have received one)") {
    State s = drawn(*game, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 0 0 |
                 | 1 0 0 0 0 0 0 4 0 2 | P1 store 8
      mover P1
    )");
    // H1, 4: H1 (back) 1, I1 1, J1 2->3, J2 0->1. Last in P2's row; opposite J1 now holds 3.
    play(*game, s, "H1");
    expect_board(*game, s, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 0 1 |
                 | 1 0 0 0 0 0 0 1 1 0 | P1 store 11
      mover P2
    )");
  }
  SECTION("opposite holds 4: nothing") {
    State s = drawn(*game, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 2 4 |
                 | 1 0 0 0 0 0 0 0 4 3 | P1 store 8
      mover P1
    )");
    play(*game, s, "J1");
    expect_board(*game, s, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 3 5 |
                 | 1 0 0 0 0 0 0 0 4 1 | P1 store 8
      mover P2
    )");
  }
}

TEST_CASE("O5 capture=landing: the landing hole is checked and taken", "[rulings][O5]") {
  auto game = load_game("okwe-ido", {"capture=landing"});
  SECTION("landing hole now 3: taken") {
    State s = drawn(*game, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 2 4 |
                 | 1 0 0 0 0 0 0 0 3 3 | P1 store 8
      mover P1
    )");
    // J1, 3: J1 1, J2 5, I2 2->3: I2 holds 3: taken (I1 stays).
    play(*game, s, "J1");
    expect_board(*game, s, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 0 5 |
                 | 1 0 0 0 0 0 0 0 3 1 | P1 store 11
      mover P2
    )");
  }
  SECTION("landing hole now 2: nothing, although the opposite holds 3") {
    State s = drawn(*game, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 1 4 |
                 | 1 0 0 0 0 0 0 0 3 3 | P1 store 8
      mover P1
    )");
    play(*game, s, "J1");
    expect_board(*game, s, R"(
      P2 store 7 | 1 0 0 0 0 0 0 0 2 5 |
                 | 1 0 0 0 0 0 0 0 3 1 | P1 store 8
      mover P2
    )");
  }
}

TEST_CASE("O6 store move: sow N from the concealed store, from the own leftmost hole, "
          "wrapping in the own row", "[rulings][O6]") {
  auto game = load_game("okwe-ido");
  SECTION("P1") {
    State s = drawn(*game, R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 5 5 |
                 | 5 5 0 0 0 1 0 0 0 0 | P1 store 12
      mover P1
    )");
    CHECK(legal(*game, s) == with_stores({"A1", "B1", "F1"}, 12));
    // store 12: A1..J1 one each (10), then back to A1 and B1.
    play(*game, s, "store 12");
    expect_board(*game, s, R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 5 5 |
                 | 7 7 1 1 1 2 1 1 1 1 | P1 store 0
      mover P2
    )");
  }
  SECTION("P2: from J2 towards A2, wrapping to J2") {
    State s = drawn(*game, R"(
      P2 store 12 | 0 0 0 0 0 0 0 0 5 5 |
                  | 5 5 0 0 0 1 0 0 0 0 | P1 store 8
      mover P2
    )");
    CHECK(legal(*game, s) == with_stores({"I2", "J2"}, 12));
    play(*game, s, "store 12");
    expect_board(*game, s, R"(
      P2 store 0 | 1 1 1 1 1 1 1 1 7 7 |
                 | 5 5 0 0 0 1 0 0 0 0 | P1 store 8
      mover P1
    )");
  }
  SECTION("a small store move") {
    State s = drawn(*game, kStart);
    play(*game, s, "store 3");  // A1, B1, C1
    expect_board(*game, s, R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 5 5 |
                 | 6 6 1 0 0 1 0 0 0 0 | P1 store 5
      mover P2
    )");
  }
}

TEST_CASE("O7 end: the player to move has nothing in row and store, the larger total wins",
          "[rulings][O7]") {
  SECTION("P2 is left with nothing") {
    auto game = load_game("okwe-ido");
    State s = drawn(*game, R"(
      P2 store 0 | 0 0 0 0 0 0 0 0 0 0 |
                 | 2 0 0 0 0 0 0 0 0 0 | P1 store 5
      mover P1
    )");
    // A1, 2: A1 (back) 1, B1 1. P2 to move: empty row, empty store: the game ends; P1 7, P2 0.
    play(*game, s, "A1");
    expect_board(*game, s, R"(
      P2 store 0 | 0 0 0 0 0 0 0 0 0 0 |
                 | 1 1 0 0 0 0 0 0 0 0 | P1 store 5
      result P1
    )");
  }
  SECTION("capture=landing takes P2's last counters") {
    auto game = load_game("okwe-ido", {"capture=landing"});
    State s = drawn(*game, R"(
      P2 store 0 | 0 0 0 0 0 0 0 0 0 2 |
                 | 0 0 0 0 0 0 0 0 0 2 | P1 store 5
      mover P1
    )");
    // J1, 2: J1 (back) 1, J2 2->3: taken (landing): P1's store 8. P2 has nothing: P1 wins 9-0.
    play(*game, s, "J1");
    expect_board(*game, s, R"(
      P2 store 0 | 0 0 0 0 0 0 0 0 0 0 |
                 | 0 0 0 0 0 0 0 0 0 1 | P1 store 8
      result P1
    )");
  }
  SECTION("an empty row with a store is not the end: only store moves") {
    auto game = load_game("okwe-ido");
    State s = drawn(*game, R"(
      P2 store 0 | 0 0 0 0 0 0 0 0 0 2 |
                 | 0 0 0 0 0 0 0 0 0 2 | P1 store 5
      mover P1
    )");
    // Default capture: J1, 2: J1 1, J2 3; opposite J1 holds 1: taken (store 6). P1's row is
    // empty, P2 moves; P2 has a counter row, the game goes on.
    play(*game, s, "J1");
    expect_board(*game, s, R"(
      P2 store 0 | 0 0 0 0 0 0 0 0 0 3 |
                 | 0 0 0 0 0 0 0 0 0 0 | P1 store 6
      mover P2
    )");
    // J2, 3: J2 (back) 1, I2 1, H2 1: own row. P1 to move with an empty row but 6 in store.
    play(*game, s, "J2");
    expect_board(*game, s, R"(
      P2 store 0 | 0 0 0 0 0 0 0 1 1 1 |
                 | 0 0 0 0 0 0 0 0 0 0 | P1 store 6
      mover P1
    )");
    CHECK(legal(*game, s) == with_stores({}, 6));
  }
}
