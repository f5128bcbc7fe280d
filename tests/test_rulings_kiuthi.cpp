// Scenario tests of Kiuthi (docs/rulings.md K1-K13). Every expected board is worked out by
// hand from the ruling text (the reasoning is in the comments), not taken from the interpreter.
// Directions (G3) on a 6-hole board: ccw runs A1..F1, F2..A2, back to A1; cw the reverse, so cw
// from A1 is A2 and cw from F2 is F1.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// K9-K11: P1 sows its last two counters from F1 into P2's row (F2, E2, both empty: the turn
// ends); P1's row is then empty, so the round ends (K9) with P1's total = P1's store = L, and P2
// holding the other 72 - L. P1 is the loser.
State p1_empties_row(const Game& game, int loser_total) {
  return drawn(game, "P2 store " + std::to_string(58 - loser_total) + R"( | 3 3 3 3 0 0 |
                       | 0 0 0 0 0 2 | P1 store )" + std::to_string(loser_total) + R"(
      mover P1
  )");
}

std::string empty_board(int columns, int p1_store, int p2_store, int round) {
  std::string zeros;
  for (int c = 0; c < columns; ++c) zeros += " 0";
  return "P2 store " + std::to_string(p2_store) + " |" + zeros + " |\n|" + zeros + " | P1 store " +
         std::to_string(p1_store) + "\nmover P1\nphase place\nround " + std::to_string(round) + "\n";
}

}  // namespace

TEST_CASE("K1 board: 2 rows of N holes, option holes, stores are off the sowing loop",
          "[rulings][K1]") {
  SECTION("holes=10: the initial board has 10 columns") {
    auto game = load_game("kiuthi", {"holes=10"});
    State s = game->initial_state();
    expect_board(*game, s, R"(
      P2 store 0 | 6 6 6 6 6 6 6 6 6 6 |
                 | 6 6 6 6 6 6 6 6 6 6 | P1 store 0
      mover P1
      phase play
    )");
  }
  SECTION("holes=5: from E1 anticlockwise the next hole is E2 (no store in between)") {
    auto game = load_game("kiuthi", {"holes=5"});
    State s = drawn(*game, R"(
      P2 store 0 | 1 1 0 1 1 |
                 | 1 2 0 0 3 | P1 store 0
      mover P1
    )");
    // E1 ccw, 3 counters: E2 (1->2), D2 (1->2), C2 (0->1). C2 was empty: the sowing ends in the
    // opponent's row, the move crossed: the turn ends (K6). B1 still holds 2, so no round end.
    play(*game, s, "E1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 1 1 1 2 2 |
                 | 1 2 0 0 0 | P1 store 0
      mover P2
    )");
  }
}

TEST_CASE("K2 start: 6 counters per hole, option counters", "[rulings][K2]") {
  SECTION("default") {
    auto game = load_game("kiuthi");
    expect_board(*game, game->initial_state(), R"(
      P2 store 0 | 6 6 6 6 6 6 |
                 | 6 6 6 6 6 6 | P1 store 0
      mover P1
      phase play
    )");
  }
  SECTION("counters=4, then A1 ccw from the start") {
    auto game = load_game("kiuthi", {"counters=4"});
    State s = game->initial_state();
    expect_board(*game, s, R"(
      P2 store 0 | 4 4 4 4 4 4 |
                 | 4 4 4 4 4 4 | P1 store 0
      mover P1
    )");
    // A1 ccw, 4: B1 C1 D1 E1 -> 5 each; E1 held 4: lap, reversed (cw), 5 from E1: D1 6, C1 6,
    // B1 6, A1 0->1, A2 4->5; A2 held 4: lap, ccw, 5 from A2: A1 2, B1 7, C1 7, D1 7, E1 0->1.
    // E1 was empty: the sowing ends; it crossed (A2), so K6: own row, opposite E2 holds 4 ->
    // E2 (4) and the capturing counter (1) go to the store (5). K7 (Leakey): next hole ccw is F1,
    // not empty: no chain.
    play(*game, s, "A1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 0 4 4 4 0 4 |
                 | 2 7 7 7 0 4 | P1 store 5
      mover P2
    )");
  }
}

TEST_CASE("K3 a move: an own hole of at least 2, sown either way, singles cannot be moved",
          "[rulings][K3]") {
  auto game = load_game("kiuthi");
  State s = drawn(*game, R"(
    P2 store 0 | 1 1 1 1 1 1 |
               | 1 2 0 3 1 0 | P1 store 0
    mover P1
  )");
  // A1 and E1 hold 1: never legal; B1 and D1 in both directions.
  CHECK(legal(*game, s) == sorted({"B1 ccw", "B1 cw", "D1 ccw", "D1 cw"}));
  // B1 ccw, 2: C1 0->1, D1 3->4 (held counters: lap, cw) 4 from D1: C1 2, B1 0->1, A1 2,
  // A2 1->2 (lap, ccw) 2 from A2: A1 3, B1 2 (held 1: lap, cw) 2 from B1: A1 4, A2 0->1. A2 was
  // empty: the sowing ends in the opponent's row after crossing: the turn ends.
  play(*game, s, "B1 ccw");
  expect_board(*game, s, R"(
    P2 store 0 | 1 1 1 1 1 1 |
               | 4 0 2 0 1 0 | P1 store 0
    mover P2
  )");
}

TEST_CASE("K4 laps reverse direction with every new handful", "[rulings][K4]") {
  auto game = load_game("kiuthi");
  State s = drawn(*game, R"(
    P2 store 0 | 2 0 1 0 0 1 |
               | 2 0 0 3 0 0 | P1 store 0
    mover P1
  )");
  // D1 ccw, 3: E1 0->1, F1 0->1, F2 1->2. F2 held a counter: lap, now cw: 2 from F2: F1 1->2,
  // E1 1->2. E1 held one: lap, now ccw: 2 from E1: F1 2->3, F2 0->1. F2 was emptied: the sowing
  // ends, in the opponent's row after crossing: no capture, the turn ends.
  play(*game, s, "D1 ccw");
  expect_board(*game, s, R"(
    P2 store 0 | 2 0 1 0 0 1 |
               | 2 0 0 0 0 3 | P1 store 0
    mover P2
  )");
}

TEST_CASE("K4 a hole filled earlier in the same handful held counters before the last one",
          "[rulings][K4]") {
  auto game = load_game("kiuthi");
  State s = drawn(*game, R"(
    P2 store 0 | 0 0 2 0 0 0 |
               | 13 0 0 0 0 0 | P1 store 0
    mover P1
  )");
  // A1 ccw, 13: B1..F1 1 each, F2 1, E2 1, D2 1, C2 3, B2 1, A2 1, A1 (the emptied origin) 1,
  // and the 13th into B1, which got 1 from this handful: it held counters: lap, cw, 2 from B1:
  // A1 2, A2 1->2 (lap, ccw) 2 from A2: A1 3, B1 0->1 (emptied): ends. Crossed: B2 (1) and
  // the capturing counter -> store 2. K7: C1 holds 1: no chain.
  play(*game, s, "A1 ccw");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 3 1 1 1 |
               | 3 0 1 1 1 1 | P1 store 2
    mover P2
  )");
}

TEST_CASE("K5 a sowing that has not crossed gives a further move in the reverse direction",
          "[rulings][K5]") {
  auto game = load_game("kiuthi");
  SECTION("further moves until one crosses") {
    State s = drawn(*game, R"(
      P2 store 0 | 1 1 1 1 0 1 |
                 | 0 0 0 3 0 2 | P1 store 0
      mover P1
    )");
    CHECK(legal(*game, s) == sorted({"D1 ccw", "D1 cw", "F1 ccw", "F1 cw"}));
    // D1 cw, 3: C1, B1, A1 (0->1 each); A1 was empty: the sowing ends without crossing. No
    // capture, P1 moves again: last handful cw, so only ccw; only F1 holds 2.
    play(*game, s, "D1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 1 1 1 1 0 1 |
                 | 1 1 1 0 0 2 | P1 store 0
      mover P1
    )");
    CHECK(legal(*game, s) == std::vector<std::string>{"F1 ccw"});
    // F1 ccw, 2: F2 1->2, E2 0->1. E2 was empty: crossed, ends in the opponent's row.
    play(*game, s, "F1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 1 1 1 1 1 2 |
                 | 1 1 1 0 0 0 | P1 store 0
      mover P2
    )");
  }
  SECTION("no hole of 2 left: the turn ends without capture") {
    State s = drawn(*game, R"(
      P2 store 0 | 1 1 2 1 1 1 |
                 | 0 0 2 0 0 0 | P1 store 0
      mover P1
    )");
    // C1 cw, 2: B1 0->1, A1 0->1: ends, not crossed; P1 has no hole of 2: P2's turn.
    play(*game, s, "C1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 1 1 2 1 1 1 |
                 | 1 1 0 0 0 0 | P1 store 0
      mover P2
    )");
  }
  SECTION("the first move sets the reverse direction of the next from its LAST handful") {
    State s = drawn(*game, R"(
      P2 store 0 | 1 1 1 1 1 1 |
                 | 0 3 0 0 2 0 | P1 store 0
      mover P1
    )");
    // B1 ccw, 3: C1 1, D1 1, E1 2->3 (lap, cw) 3 from E1: D1 2, C1 2, B1 0->1 (was emptied):
    // the sowing ends, not crossed. Its last handful was cw, so the next move is ccw, from C1 or
    // D1 (2 each).
    play(*game, s, "B1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 1 1 1 1 1 1 |
                 | 0 1 2 2 0 0 | P1 store 0
      mover P1
    )");
    CHECK(legal(*game, s) == sorted({"C1 ccw", "D1 ccw"}));
  }
}

TEST_CASE("K6 after crossing: capture in the own row with the capturing counter, empty "
          "opposite captures nothing", "[rulings][K6]") {
  auto game = load_game("kiuthi");
  SECTION("opposite occupied: captured with the capturing counter") {
    State s = drawn(*game, R"(
      P2 store 0 | 0 3 2 1 1 1 |
                 | 2 0 0 1 1 1 | P1 store 0
      mover P1
    )");
    // A1 cw, 2: A2 0->1, B2 3->4 (lap, ccw) 4 from B2: A2 2, A1 0->1, B1 0->1, C1 0->1. C1 was
    // empty: ends, crossed, own row; opposite C2 holds 2: C2 (2) + the counter in C1 (1) -> 3.
    // K7: next hole ccw, D1, is occupied: no chain.
    play(*game, s, "A1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 0 0 1 1 1 |
                 | 1 1 0 1 1 1 | P1 store 3
      mover P2
    )");
  }
  SECTION("opposite empty: nothing captured (and so no chain, K7)") {
    State s = drawn(*game, R"(
      P2 store 0 | 0 2 1 1 1 1 |
                 | 2 0 0 1 1 1 | P1 store 0
      mover P1
    )");
    // A1 cw: A2 1, B2 2->3 (lap, ccw) 3 from B2: A2 2, A1 1, B1 0->1: ends in own row after
    // crossing; the opposite hole B2 was just emptied: no capture, the counter stays. No capture,
    // so no chain: C1 is empty and C2 occupied, but C2 stays.
    play(*game, s, "A1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 0 1 1 1 1 |
                 | 1 1 0 1 1 1 | P1 store 0
      mover P2
    )");
  }
}

TEST_CASE("K7 capture chain: one further hole by default (Leakey)", "[rulings][K7]") {
  auto game = load_game("kiuthi");
  SECTION("anticlockwise") {
    State s = drawn(*game, R"(
      P2 store 0 | 0 3 2 2 2 2 |
                 | 2 0 0 0 0 0 | P1 store 0
      mover P1
    )");
    // A1 cw: A2 1, B2 3->4 (lap, ccw) 4 from B2: A2 2, A1 1, B1 1, C1 1 (empty): capture C2 (2)
    // + 1. Chain ccw: D1 empty, D2 holds 2 -> captured (store 5). Leakey: only that one hole,
    // although E1/E2 and F1/F2 would qualify.
    play(*game, s, "A1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 0 0 0 2 2 |
                 | 1 1 0 0 0 0 | P1 store 5
      mover P2
    )");
  }
  SECTION("clockwise: the chain follows the last handful's direction") {
    State s = drawn(*game, R"(
      P2 store 0 | 2 2 2 2 3 0 |
                 | 0 0 0 0 0 2 | P1 store 0
      mover P1
    )");
    // F1 ccw, 2: F2 0->1, E2 3->4 (lap, cw) 4 from E2: F2 2, F1 1, E1 1, D1 0->1: ends, crossed;
    // capture D2 (2) + 1 = 3. Chain cw (towards A): C1 empty, C2 holds 2 -> store 5. Stop.
    play(*game, s, "F1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 2 0 0 0 2 |
                 | 0 0 0 0 1 1 | P1 store 5
      mover P2
    )");
  }
}

TEST_CASE("K7 capture chain with chain=driedger: hole after hole to the end of the row",
          "[rulings][K7]") {
  auto game = load_game("kiuthi", {"chain=driedger"});
  SECTION("anticlockwise, to F1") {
    State s = drawn(*game, R"(
      P2 store 0 | 0 3 2 2 2 2 |
                 | 2 0 0 0 0 0 | P1 store 0
      mover P1
    )");
    // As in the Leakey case: C2 + 1 (3), D2 (2); then E1 empty / E2 2, F1 empty / F2 2: all
    // captured (store 9). F1 ends P1's row: the chain stops (nothing taken from row 2 beyond).
    play(*game, s, "A1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 0 0 0 0 0 |
                 | 1 1 0 0 0 0 | P1 store 9
      mover P2
    )");
  }
  SECTION("clockwise, to A1") {
    State s = drawn(*game, R"(
      P2 store 0 | 2 2 2 2 3 0 |
                 | 0 0 0 0 0 2 | P1 store 0
      mover P1
    )");
    // D2 + 1 (3), then cw: C2 (2), B2 (2), A2 (2): store 9; A1 ends the row: stop.
    play(*game, s, "F1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 0 0 0 0 0 2 |
                 | 0 0 0 0 1 1 | P1 store 9
      mover P2
    )");
  }
  SECTION("an empty opposite hole breaks the chain") {
    State s = drawn(*game, R"(
      P2 store 0 | 0 3 2 2 0 2 |
                 | 2 0 0 0 0 0 | P1 store 0
      mover P1
    )");
    // C2 + 1 (3), D2 (2) -> 5; E1 is empty but E2 too: the chain stops; F2 stays.
    play(*game, s, "A1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 0 0 0 0 2 |
                 | 1 1 0 0 0 0 | P1 store 5
      mover P2
    )");
  }
}

TEST_CASE("K8 a player with no hole of 2 passes: pass is the only move", "[rulings][K8]") {
  auto game = load_game("kiuthi");
  State s = drawn(*game, R"(
    P2 store 0 | 2 0 0 0 0 2 |
               | 0 0 1 0 1 0 | P1 store 0
    mover P2
  )");
  // A2 ccw, 2: A1 0->1, B1 0->1 (empty): crossed, ends in P1's row: the turn ends. P1 has only
  // single counters, P2 still has F2 = 2: the round goes on (K9) and P1 must pass.
  play(*game, s, "A2 ccw");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 0 0 0 2 |
               | 1 1 1 0 1 0 | P1 store 0
    mover P1
  )");
  CHECK(legal(*game, s) == std::vector<std::string>{"pass"});
  play(*game, s, "pass");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 0 0 0 2 |
               | 1 1 1 0 1 0 | P1 store 0
    mover P2
  )");
  CHECK(legal(*game, s) == sorted({"F2 ccw", "F2 cw"}));
}

TEST_CASE("K9 round end: no hole of 2 on either side, or an empty row, rows go to their owners",
          "[rulings][K9]") {
  auto game = load_game("kiuthi");
  SECTION("neither player has a hole of 2") {
    State s = drawn(*game, R"(
      P2 store 37 | 1 0 1 0 0 0 |
                  | 1 0 0 0 0 2 | P1 store 30
      mover P1
    )");
    // F1 ccw: F2 0->1, E2 0->1: ends. Now every hole holds 0 or 1: the round ends (P2 does not
    // pass, G7). Totals: P1 30 + 1 = 31, P2 37 + 4 = 41. P1 lost; L = 31 >= T/2 = 18: next round
    // on 6 holes (K11); K12: everything to the owners' stores, P1 places first.
    play(*game, s, "F1 ccw");
    expect_board(*game, s, R"(
      P2 store 41 | 0 0 0 0 0 0 |
                  | 0 0 0 0 0 0 | P1 store 31
      mover P1
      phase place
      round 2
    )");
    CHECK(legal(*game, s) == placements("A1", 1, 26));
  }
  SECTION("one player's row is empty") {
    State s = p1_empties_row(*game, 30);
    // F1 ccw: F2 1, E2 1; P1's row is empty: the round ends although P2 has holes of 3.
    // P1 30, P2 28 + 14 = 42.
    play(*game, s, "F1 ccw");
    expect_board(*game, s, empty_board(6, 30, 42, 2));
  }
}

TEST_CASE("K10 round result: draw, all counters, or a loser too poor to play", "[rulings][K10]") {
  auto game = load_game("kiuthi");
  SECTION("equal totals: the match is drawn, counters stay") {
    State s = drawn(*game, R"(
      P2 store 32 | 1 0 1 0 0 0 |
                  | 1 0 0 0 0 2 | P1 store 35
      mover P1
    )");
    // F1 ccw: F2 1, E2 1: no hole of 2 anywhere. P1 35 + 1 = 36, P2 32 + 4 = 36: draw.
    play(*game, s, "F1 ccw");
    expect_board(*game, s, R"(
      P2 store 32 | 1 0 1 0 1 1 |
                  | 1 0 0 0 0 0 | P1 store 35
      result draw
    )");
  }
  SECTION("a player holding every counter wins the match") {
    State s = drawn(*game, R"(
      P2 store 0 | 1 1 0 0 0 0 |
                 | 1 2 0 0 0 0 | P1 store 67
      mover P1
    )");
    // B1 cw, 2: A1 1->2, A2 1->2 (lap, ccw) 2 from A2: A1 3, B1 0->1 (emptied): ends, crossed;
    // capture B2 (1) + 1 -> store 69. Chain: C1 empty but C2 empty: none. P2's row is empty:
    // round over; P1 72, P2 0: P1 wins the match, the counters stay where they are.
    play(*game, s, "B1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 0 0 0 0 0 0 |
                 | 3 0 0 0 0 0 | P1 store 69
      result P1
    )");
  }
  SECTION("loser's total not more than the next round's holes: the other player wins") {
    State s = p1_empties_row(*game, 3);
    // L = 3 < T/8 = 4.5: next round would have 6 - 3 = 3 holes; 3 <= 3: P2 wins the match.
    play(*game, s, "F1 ccw");
    expect_board(*game, s, R"(
      P2 store 55 | 3 3 3 3 1 1 |
                  | 0 0 0 0 0 0 | P1 store 3
      result P2
    )");
  }
}

TEST_CASE("K11 next round's board size by the loser's share (summary)", "[rulings][K11]") {
  auto game = load_game("kiuthi");
  // T = 6 holes x 6 = 36: L >= 18 -> 6; 9 <= L < 18 -> 5; 4.5 <= L < 9 -> 4; L < 4.5 -> 3.
  struct Case { int loser_total, columns; };
  for (Case c : {Case{18, 6}, Case{17, 5}, Case{9, 5}, Case{8, 4}, Case{5, 4}, Case{4, 3}}) {
    DYNAMIC_SECTION("L = " << c.loser_total << " -> " << c.columns << " holes") {
      State s = p1_empties_row(*game, c.loser_total);
      play(*game, s, "F1 ccw");
      expect_board(*game, s, empty_board(c.columns, c.loser_total, 72 - c.loser_total, 2));
      // K12: at least 1 per hole, at most what is left minus one for each later hole.
      CHECK(legal(*game, s) == placements("A1", 1, c.loser_total - (c.columns - 1)));
    }
  }
  SECTION("a reduced board grows back: it depends on L only") {
    State s = drawn(*game, R"(
      P2 store 44 | 3 3 0 0 |
                  | 0 0 0 2 | P1 store 20
      mover P1
      round 2
    )");
    // D1 ccw: D2 1, C2 1; P1's row empty: P1 20, P2 44 + 8 = 52. L = 20 >= 18: 6 holes again.
    play(*game, s, "D1 ccw");
    expect_board(*game, s, empty_board(6, 20, 52, 3));
  }
}

TEST_CASE("K11 thresholds are fractions of T: holes=5, counters=5 (T = 25)", "[rulings][K11]") {
  auto game = load_game("kiuthi", {"holes=5", "counters=5"});
  // T/2 = 12.5, T/4 = 6.25, T/8 = 3.125: L 13 -> 5 holes; 12 and 7 -> 4; 6 and 4 -> 3;
  // 3 -> 2 (and 3 > 2: the match goes on).
  struct Case { int loser_total, columns; };
  for (Case c : {Case{13, 5}, Case{12, 4}, Case{7, 4}, Case{6, 3}, Case{4, 3}, Case{3, 2}}) {
    DYNAMIC_SECTION("L = " << c.loser_total << " -> " << c.columns << " holes") {
      // E1 ccw: E2 1, D2 1 (empty): ends; P1's row is empty: P1 = L, P2 = 50 - L.
      State s = drawn(*game, "P2 store " + std::to_string(39 - c.loser_total) + R"( | 3 3 3 0 0 |
                         | 0 0 0 0 2 | P1 store )" + std::to_string(c.loser_total) + R"(
        mover P1
      )");
      play(*game, s, "E1 ccw");
      expect_board(*game, s, empty_board(c.columns, c.loser_total, 50 - c.loser_total, 2));
    }
  }
}

TEST_CASE("K11 next round's board size with shrink=leakey: N-2, N-3, N-4, never below 2",
          "[rulings][K11]") {
  auto game = load_game("kiuthi", {"shrink=leakey"});
  struct Case { int loser_total, columns; };
  for (Case c : {Case{18, 6}, Case{17, 4}, Case{9, 4}, Case{8, 3}, Case{5, 3}, Case{4, 2}}) {
    DYNAMIC_SECTION("L = " << c.loser_total << " -> " << c.columns << " holes") {
      State s = p1_empties_row(*game, c.loser_total);
      play(*game, s, "F1 ccw");
      expect_board(*game, s, empty_board(c.columns, c.loser_total, 72 - c.loser_total, 2));
    }
  }
  SECTION("holes=5: N-4 would be 1 hole, the minimum is 2") {
    auto five = load_game("kiuthi", {"holes=5", "shrink=leakey"});
    // T = 30; L = 3 < 30/8: 5 - 4 = 1 -> 2 holes; 3 > 2: the match goes on.
    State s = drawn(*five, R"(
      P2 store 46 | 3 3 3 0 0 |
                  | 0 0 0 0 2 | P1 store 3
      mover P1
    )");
    play(*five, s, "E1 ccw");  // E2 1, D2 1; P1's row empty
    expect_board(*five, s, empty_board(2, 3, 57, 2));
    CHECK(legal(*five, s) == placements("A1", 1, 2));
  }
}

TEST_CASE("K12 next round: the loser places from their store, the winner mirrors",
          "[rulings][K12]") {
  auto game = load_game("kiuthi");
  State s = drawn(*game, R"(
    P2 store 16 | 2 0 0 0 0 0 |
                | 0 0 3 3 3 3 | P1 store 42
    mover P2
  )");
  // A2 ccw, 2: A1 0->1, B1 0->1: crossed, ends in P1's row. P2's row is empty: round over.
  // P2 16 (L), P1 42 + 14 = 56. 9 <= 16 < 18: 5 holes. P2 places in P2's own left-to-right
  // order: E2, D2, C2, B2, A2; the first gets 1 .. 16 - 4.
  play(*game, s, "A2 ccw");
  expect_board(*game, s, R"(
    P2 store 16 | 0 0 0 0 0 |
                | 0 0 0 0 0 | P1 store 56
    mover P2
    phase place
    round 2
  )");
  CHECK(legal(*game, s) == placements("E2", 1, 12));
  play(*game, s, "E2=2");  // taken from P2's store
  expect_board(*game, s, R"(
    P2 store 14 | 0 0 0 0 2 |
                | 0 0 0 0 0 | P1 store 56
    mover P2
    phase place
  )");
  CHECK(legal(*game, s) == placements("D2", 1, 11));
  play(*game, s, "D2=3");
  CHECK(legal(*game, s) == placements("C2", 1, 9));
  play(*game, s, "C2=1");
  CHECK(legal(*game, s) == placements("B2", 1, 9));
  play(*game, s, "B2=6");
  // 4 left for the last hole: a forced placement, still a move.
  CHECK(legal(*game, s) == std::vector<std::string>{"A2=4"});
  play(*game, s, "A2=4");
  // P1 puts the same numbers opposite from its store (56 - 16 = 40 stay there); K13: the
  // winner, P1, moves first.
  expect_board(*game, s, R"(
    P2 store 0 | 4 6 1 3 2 |
               | 4 6 1 3 2 | P1 store 40
    mover P1
    phase play
    round 2
  )");
}

TEST_CASE("K13 next round's opener: the winner (Leakey) by default", "[rulings][K13]") {
  auto game = load_game("kiuthi");
  State s = p1_empties_row(*game, 8);
  // L = 8: 4 holes. P1 places 2, 1, 3 and the forced 2; P2 mirrors from 64: 56 stay.
  play(*game, s, "F1 ccw");
  play_all(*game, s, "A1=2, B1=1, C1=3");
  CHECK(legal(*game, s) == std::vector<std::string>{"D1=2"});
  play(*game, s, "D1=2");
  expect_board(*game, s, R"(
    P2 store 56 | 2 1 3 2 |
                | 2 1 3 2 | P1 store 0
    mover P2
    phase play
    round 2
  )");
}

TEST_CASE("K13 next round's opener with opener=loser (Driedger)", "[rulings][K13]") {
  auto game = load_game("kiuthi", {"opener=loser"});
  State s = p1_empties_row(*game, 8);
  play(*game, s, "F1 ccw");
  play_all(*game, s, "A1=2, B1=1, C1=3, D1=2");
  expect_board(*game, s, R"(
    P2 store 56 | 2 1 3 2 |
                | 2 1 3 2 | P1 store 0
    mover P1
    phase play
    round 2
  )");
}
