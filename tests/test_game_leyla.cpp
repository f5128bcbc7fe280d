// Scenario tests of Leyla (games/leyla.lud; docs/rulings.md LY1-LY6). Every expected board is
// worked out by hand from the text of the Ludii page, not taken from the interpreter. Sowing is
// clockwise (G3): on 2x6, clockwise runs F1 E1 ... A1, then A2 B2 ... F2, then F1. P1's row is
// row 1 (their leftmost A1), P2's row 2 (their leftmost F2).
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

std::string evaluate(const std::string& text, const Game& game, const State& s) {
  Diagnostics diagnostics;
  CheckedGame checked;
  REQUIRE(check_file(project_dir() + "/games/leyla.lud", {}, settings(), checked, diagnostics));
  return value_of(game, checked, s, text);
}

}  // namespace

TEST_CASE("Leyla: a hole of the opponent's made four by the final counter is captured with its "
          "opposite; their counters stay, and nobody sows from them", "[rulings][leyla]") {
  auto game = load_game("leyla");
  State s = drawn(*game, R"(
    | 3 1 1 1 1 1 |
    | 0 2 1 1 1 1 |
    mover P1
  )");
  // B1 (2), clockwise: A1 0 -> 1, then A2 3 -> 4 with the final counter. A2 is in the opponent's
  // row and "is made to contain four with the final counter": "this hole and the one opposite it
  // are captured, the counters remaining in the holes": A2 and A1 are P1's captured holes.
  play(*game, s, "B1");
  expect_board(*game, s, R"(
    | 4 1 1 1 1 1 |
    | 1 0 1 1 1 1 |
    A2 = P1
    mover P2
  )");
  // "Players may not sow from these holes": P2 not from A2 (captured away), nor would P1 from A1.
  CHECK(legal(*game, s) == sorted({"B2", "C2", "D2", "E2", "F2"}));
  // P2 sows F2 (1): clockwise F2 -> F1 (1 -> 2), occupied: lifted and sown on: E1 2, D1 2 (the
  // final counter on 1: occupied), lifted: C1 2, B1 0 -> 1: empty, the turn ends.
  play(*game, s, "F2");
  expect_board(*game, s, R"(
    | 4 1 1 1 1 0 |
    | 1 1 2 0 2 0 |
    A2 = P1
    mover P1
  )");
  CHECK(legal(*game, s) == sorted({"B1", "C1", "E1"}));  // not A1, P1's captured hole
}

TEST_CASE("Leyla: a final counter in the opponent's captured hole takes one counter of it and "
          "itself; in the sower's own captured hole it ends the turn (LY2)",
          "[rulings][LY2][leyla]") {
  auto game = load_game("leyla");
  State s = drawn(*game, R"(
    | 0 0 0 0 2 0 |
    | 6 0 0 0 0 3 |
    mover P2
  )");
  // P2 sows E2 (2): F2 0 -> 1, F1 3 -> 4 with the final counter, in P1's row: F1 and F2 become
  // P2's captured holes.
  play(*game, s, "E2");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 1 |
    | 6 0 0 0 0 4 |
    F1 = P2
    mover P1
  )");
  CHECK(legal(*game, s) == std::vector<std::string>{"A1"});
  // P1 sows A1 (6): A2 .. E2 one each, the final counter into F2, "an opponent's captured hole":
  // "one counter from the hole is captured, as well as the final counter": 2 to P1's store.
  play(*game, s, "A1");
  expect_board(*game, s, R"(
    | 1 1 1 1 1 0 |
    | 0 0 0 0 0 4 |
    P1 store 2
    F1 = P2
    mover P2
  )");
  // P2 sows D2 (1): E2 1 -> 2, occupied: lifted, F2 0 -> 1, F1 4 -> 5 with the final counter:
  // P2's own captured hole, so the turn ends there (LY2), no relay from it.
  play(*game, s, "D2");
  // P1 now has no counter in a free hole: "Play continues until one of the players can no
  // longer move, the opponent taking any remaining counters in free holes on their side of the
  // board and each player taking the counters in their captured holes": A2 B2 C2 (3) and P2's
  // captured F2 (1) and F1 (5) go to P2 (0 + 9). P1 can only pass.
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 |
    | 0 0 0 0 0 0 |
    P1 store 2 P2 store 9
    F1 = P2
    mover P1
  )");
  CHECK(legal(*game, s) == std::vector<std::string>{"pass"});
  // The pass ends the round. Round 2 (this position has 11 counters, not 48): P2 has one extra
  // counter over 8, "it is surrendered to the opponent": P1 3, P2 8. P1 cannot fill a hole of
  // four: "Play continues until one player cannot fill any holes" (LY6): the match is over, P2
  // with more counters wins.
  play(*game, s, "pass");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 |
    | 0 0 0 0 0 0 |
    P1 store 3 P2 store 8
    A1 out
    B1 out
    C1 out
    D1 out
    E1 out
    F1 out
    A2 out
    B2 out
    C2 out
    D2 out
    E2 out
    F2 out
    round 2
    result P2
  )");
}

TEST_CASE("LY4 a new round: one extra counter surrendered, the richer fills only as many holes "
          "as the poorer", "[rulings][LY4][leyla]") {
  auto game = load_game("leyla");
  State s = drawn(*game, R"(
    | 1 0 4 0 0 0 |
    | 0 0 0 0 0 0 |
    P1 store 21 P2 store 22
    mover P2
  )");
  // P2 sows A2 (1): B2 0 -> 1, empty: the turn ends. P1 has no counter in a free hole: the rest
  // goes to its owners (P2: 1 + 4, 27) and P1 passes: the round is over, P1 21, P2 27.
  play_all(*game, s, "A2, pass");
  // Round 2: "If a player has one extra counter, it is surrendered to the opponent": P1 20, P2
  // 28. P1 fills five holes (A1 .. E1); "The player with more counter would only fill as many
  // hole as the opponent is able to fill, retaining their extra counters": P2 fills five, from
  // their leftmost F2, and keeps 8. The unfilled holes are out of the round. The loser (P1)
  // moves first (LY5).
  expect_board(*game, s, R"(
    | 0 4 4 4 4 4 |
    | 4 4 4 4 4 0 |
    P2 store 8
    F1 out
    A2 out
    mover P1
    round 2
  )");
}

TEST_CASE("LY4 two extra counters each: the richer lends them, and the loan is recorded",
          "[rulings][LY4][leyla]") {
  auto game = load_game("leyla");
  State s = drawn(*game, R"(
    | 1 0 4 0 0 0 |
    | 0 0 0 0 0 0 |
    P1 store 22 P2 store 21
    mover P2
  )");
  // As above, the round ends with P1 22, P2 26: two extra counters each. P2, the richer, lends
  // two to P1 ("to be repaid when they can in a subsequent round"): 24 each, six holes each.
  play_all(*game, s, "A2, pass");
  expect_board(*game, s, R"(
    | 4 4 4 4 4 4 |
    | 4 4 4 4 4 4 |
    mover P1
    round 2
  )");
  CHECK(evaluate("(var \"debt\" P1)", *game, s) == "2");
  CHECK(evaluate("(var \"debt\" P2)", *game, s) == "0");
}
