// Scenario tests of the Li'b al-Ghashim rulings (docs/rulings.md L1-L9). Expected boards are worked
// out by hand from the rulings (reasoning in the comments). Sowing is anticlockwise: A1..F1, up
// to F2, F2..A2, down to A1; the hole "before" a hole (L6) is its clockwise neighbour.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

std::vector<std::string> placements(const std::string& hole, std::vector<int> counts) {
  std::vector<std::string> out;
  for (int n : counts) out.push_back(hole + "=" + std::to_string(n));
  return sorted(out);
}

// The start of a round: empty board, empty stores, the distributor to place.
std::string dealing(const std::string& distributor, int round, int p1_score, int p2_score) {
  return R"(
    P2 store 0 | 0 0 0 0 0 0 |
               | 0 0 0 0 0 0 | P1 store 0
    mover )" + distributor + "\nphase place\nround " + std::to_string(round) + "\nscores " +
         std::to_string(p1_score) + " " + std::to_string(p2_score) + "\n";
}

}  // namespace

TEST_CASE("L1 board: 2 rows of 6, 72 counters to deal, stores", "[rulings][L1]") {
  auto game = load_game("lib-al-ghashim");
  State s = game->initial_state();
  expect_board(*game, s, dealing("P2", 1, 0, 0));
  CHECK(game->total_counters(s) == 72);
  // 72 counters, at least 4 in each of 12 holes: the first hole takes 4 .. 72 - 44 = 28.
  CHECK(legal(*game, s) == placements("A1", 4, 28));
  play(*game, s, "A1=10");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 0 0 0 0 |
               | 10 0 0 0 0 0 | P1 store 0
    mover P2
    phase place
  )");
  CHECK(legal(*game, s) == placements("B1", 4, 22));  // 62 left, 10 holes after B1
}

TEST_CASE("L2 distribution: A1..F1 then F2..A2, at least 4, not all equal", "[rulings][L2]") {
  auto game = load_game("lib-al-ghashim");
  State s = game->initial_state();
  play_all(*game, s, "A1=6, B1=6, C1=6, D1=6, E1=6, F1=6, F2=6, E2=6, D2=6");
  // 18 left for C2, B2, A2: C2 = 6 is still fine (e.g. B2 5, A2 7).
  CHECK(legal(*game, s) == placements("C2", 4, 10));
  play(*game, s, "C2=6");
  // Ten holes of 6, 12 left: B2 4..8, but B2 = 6 would force A2 = 6: all twelve equal.
  CHECK(legal(*game, s) == placements("B2", {4, 5, 7, 8}));
  play(*game, s, "B2=7");
  CHECK(legal(*game, s) == std::vector<std::string>{"A2=5"});  // forced, still a move
  play(*game, s, "A2=5");
  expect_board(*game, s, R"(
    P2 store 0 | 5 7 6 6 6 6 |
               | 6 6 6 6 6 6 | P1 store 0
    mover P1
    phase flip
  )");
}

TEST_CASE("L3 flip or keep, then the same player moves first", "[rulings][L3]") {
  auto game = load_game("lib-al-ghashim");
  State s = game->initial_state();
  play_all(*game, s, "A1=4, B1=5, C1=6, D1=7, E1=8, F1=9, F2=4, E2=4, D2=4, C2=4, B2=4, A2=13");
  CHECK(legal(*game, s) == sorted({"flip", "keep"}));
  SECTION("flip: each hole to the one diagonally across (A1 <-> F2 ...)") {
    play(*game, s, "flip");
    // New A1..F1 = old F2, E2, D2, C2, B2, A2 = 4 4 4 4 4 13; new A2..F2 = old F1..A1.
    expect_board(*game, s, R"(
      P2 store 0 | 9 8 7 6 5 4 |
                 | 4 4 4 4 4 13 | P1 store 0
      mover P1
      phase play
    )");
    CHECK(legal(*game, s) == std::vector<std::string>{"F1"});
  }
  SECTION("keep") {
    play(*game, s, "keep");
    expect_board(*game, s, R"(
      P2 store 0 | 13 4 4 4 4 4 |
                 |  4 5 6 7 8 9 | P1 store 0
      mover P1
      phase play
    )");
  }
}

TEST_CASE("L4 forced origin: the rightmost hole, else the next occupied to the left",
          "[rulings][L4]") {
  auto game = load_game("lib-al-ghashim");
  SECTION("P1: F1 and E1 empty, so D1") {
    State s = drawn(*game, R"(
      P2 store 0 | 2 2 2 2 2 0 |
                 | 4 2 0 3 0 0 | P1 store 0
      mover P1
    )");
    CHECK(legal(*game, s) == std::vector<std::string>{"D1"});
    // D1, 3: E1 1, F1 1, F2 0->1: the last fell into an empty hole: the turn ends.
    play(*game, s, "D1");
    expect_board(*game, s, R"(
      P2 store 0 | 2 2 2 2 2 1 |
                 | 4 2 0 0 1 1 | P1 store 0
      mover P2
    )");
    CHECK(legal(*game, s) == std::vector<std::string>{"A2"});  // P2's rightmost hole
  }
  SECTION("P2: A2 and B2 empty, so C2") {
    State s = drawn(*game, R"(
      P2 store 0 | 0 0 3 1 1 1 |
                 | 1 1 1 1 1 1 | P1 store 0
      mover P2
    )");
    CHECK(legal(*game, s) == std::vector<std::string>{"C2"});
    // C2, 3: B2 1, A2 1, A1 1->2: even: A1 (2) and its opposite A2 (1) to P2's store (3). L6:
    // the hole before A1 is A2, now empty: nothing more.
    play(*game, s, "C2");
    expect_board(*game, s, R"(
      P2 store 3 | 0 1 0 1 1 1 |
                 | 0 1 1 1 1 1 | P1 store 0
      mover P1
    )");
    CHECK(legal(*game, s) == std::vector<std::string>{"F1"});
  }
}

TEST_CASE("L5 laps: empty ends, odd goes on, even captures with the opposite hole",
          "[rulings][L5]") {
  auto game = load_game("lib-al-ghashim");
  State s = drawn(*game, R"(
    P2 store 0 | 3 0 0 2 4 2 |
               | 2 1 0 0 0 3 | P1 store 0
    mover P1
  )");
  // F1, 3: F2 3, E2 5, D2 2->3: odd: lift 3, C2 0->1, B2 0->1, A2 3->4: even: A2 (4) and A1 (2)
  // to P1's store (6). L6: the hole before A2 is B2, holding 1 (odd): nothing more.
  play(*game, s, "F1");
  expect_board(*game, s, R"(
    P2 store 0 | 0 1 1 0 5 3 |
               | 0 1 0 0 0 0 | P1 store 6
    mover P2
  )");
}

TEST_CASE("L5 a hole filled earlier in the same sowing was not empty", "[rulings][L5]") {
  auto game = load_game("lib-al-ghashim");
  State s = drawn(*game, R"(
    P2 store 0 | 1 1 1 1 1 0 |
               | 1 1 1 1 1 13 | P1 store 0
    mover P1
  )");
  // F1, 13: F2 0->1, E2..A2 2, A1..E1 2, F1 (emptied origin) 1, and the 13th into F2 again: it
  // held 1, now 2: even: F2 (2) and F1 (1) to the store (3). Before F2 is F1, now empty.
  play(*game, s, "F1");
  expect_board(*game, s, R"(
    P2 store 0 | 2 2 2 2 2 0 |
               | 2 2 2 2 2 0 | P1 store 3
    mover P2
  )");
}

TEST_CASE("L6 previous hole: one further capture by default", "[rulings][L6]") {
  auto game = load_game("lib-al-ghashim");
  State s = drawn(*game, R"(
    P2 store 0 | 1 1 1 3 1 2 |
               | 1 2 1 2 3 4 | P1 store 0
    mover P1
  )");
  // F1, 4: F2 3, E2 2, D2 4, C2 1->2: even: C2 (2) + C1 (1). Before C2 is D2 (4, even):
  // D2 + D1 (2): store 9. Only that one hole: E2 (2) stays.
  play(*game, s, "F1");
  expect_board(*game, s, R"(
    P2 store 0 | 1 1 0 0 2 3 |
               | 1 2 0 0 3 0 | P1 store 9
    mover P2
  )");
}

TEST_CASE("L6 previous hole with chain=all: backwards while even and non-zero",
          "[rulings][L6]") {
  auto game = load_game("lib-al-ghashim", {"chain=all"});
  State s = drawn(*game, R"(
    P2 store 0 | 1 1 1 3 1 2 |
               | 1 2 1 2 3 4 | P1 store 0
    mover P1
  )");
  // As above, then E2 (2, even) + E1 (3): store 14; F2 holds 3 (odd): stop.
  play(*game, s, "F1");
  expect_board(*game, s, R"(
    P2 store 0 | 1 1 0 0 0 3 |
               | 1 2 0 0 0 0 | P1 store 14
    mover P2
  )");
}

TEST_CASE("L7 empty row: the opponent gives one counter, which is the forced move",
          "[rulings][L7]") {
  auto game = load_game("lib-al-ghashim");
  SECTION("from the opponent's store, into P2's leftmost hole F2") {
    State s = drawn(*game, R"(
      P2 store 20 | 0 0 0 0 0 1 |
                  | 1 2 0 0 0 1 | P1 store 10
      mover P1
    )");
    // F1, 1: F2 1->2: even: F2 + F1 (0): P1's store 12. P2's row is empty: P1 gives one from its
    // store (11) into F2.
    play(*game, s, "F1");
    expect_board(*game, s, R"(
      P2 store 20 | 0 0 0 0 0 1 |
                  | 1 2 0 0 0 0 | P1 store 11
      mover P2
    )");
    CHECK(legal(*game, s) == std::vector<std::string>{"F2"});
    // F2, 1: E2 0->1 (empty): the turn ends.
    play(*game, s, "F2");
    expect_board(*game, s, R"(
      P2 store 20 | 0 0 0 0 1 0 |
                  | 1 2 0 0 0 0 | P1 store 11
      mover P1
    )");
  }
  SECTION("from the opponent's rightmost occupied hole when its store is empty") {
    State s = drawn(*game, R"(
      P2 store 0 | 0 0 1 0 3 0 |
                 | 0 0 0 0 0 0 | P1 store 10
      mover P2
    )");
    // P2's origin: A2, B2 empty: C2, 1: B2 0->1 (empty): ends. P1's row is empty, P2's store
    // is empty: P2's rightmost occupied hole, B2, gives its counter to A1.
    play(*game, s, "C2");
    expect_board(*game, s, R"(
      P2 store 0 | 0 0 0 0 3 0 |
                 | 1 0 0 0 0 0 | P1 store 10
      mover P1
    )");
    CHECK(legal(*game, s) == std::vector<std::string>{"A1"});
  }
}

TEST_CASE("L8 round end: fewer than 2 counters on the board, the difference is scored",
          "[rulings][L8]") {
  auto game = load_game("lib-al-ghashim");
  State s = drawn(*game, R"(
    P2 store 29 | 0 0 0 0 0 1 |
                | 1 0 0 0 0 1 | P1 store 40
    mover P1
  )");
  // F1, 1: F2 2 (even): F2 + F1 (0): store 42. One counter left (A1): the round ends, it belongs
  // to no one. P1 42, P2 29: P1 scores 13. P2 lost: P2 deals round 2 (L2).
  play(*game, s, "F1");
  expect_board(*game, s, dealing("P2", 2, 13, 0));
  CHECK(legal(*game, s) == placements("A1", 4, 28));
}

TEST_CASE("L8 round end: a position coming back", "[rulings][L8]") {
  auto game = load_game("lib-al-ghashim");
  State s = drawn(*game, R"(
    P2 store 30 | 1 0 0 0 0 0 |
                | 0 0 0 0 0 1 | P1 store 40
    mover P1
  )");
  // Each turn moves one lone counter one hole on, into an empty hole: P1 F1->F2, P2 A2->A1,
  // P1 A1->B1, P2 F2->E2, B1->C1, E2->D2, C1->D1, D2->C2, D1->E1, C2->B2, E1->F1, B2->A2: after
  // twelve turns F1 and A2 hold 1 with P1 to move again: the round's first position. No capture,
  // no empty row at a turn's start.
  play_all(*game, s, "F1, A2, A1, F2, B1, E2, C1, D2, D1, C2, E1");
  expect_board(*game, s, R"(
    P2 store 30 | 0 1 0 0 0 0 |
                | 0 0 0 0 0 1 | P1 store 40
    mover P2
  )");
  play(*game, s, "B2");
  // P1 40, P2 30: P1 scores 10; P2 deals.
  expect_board(*game, s, dealing("P2", 2, 10, 0));
}

TEST_CASE("L8 equal captures: no score, the same player deals again", "[rulings][L8]") {
  auto game = load_game("lib-al-ghashim");
  State s = drawn(*game, R"(
    P2 store 36 | 0 0 0 0 0 1 |
                | 0 0 0 0 2 0 | P1 store 33
    mover P1
    round 3
    scores 20 30
  )");
  s.loser = 0;  // P1 dealt this round
  s.winner = 1;
  // F1 is empty: E1, 2: F1 1, F2 1->2 (even): F2 (2) + F1 (1): store 36. The board is empty:
  // round over, 36 = 36: nothing scored, P1 deals again.
  play(*game, s, "E1");
  expect_board(*game, s, dealing("P1", 4, 20, 30));
}

TEST_CASE("L9 match: the first to 60 points wins", "[rulings][L9]") {
  auto game = load_game("lib-al-ghashim");
  const char* position = R"(
    P2 store 29 | 0 0 0 0 0 1 |
                | 1 0 0 0 0 1 | P1 store 40
    mover P1
    scores %d 0
  )";
  auto at = [&](int score) {
    std::string text = position;
    text.replace(text.find("%d"), 2, std::to_string(score));
    return drawn(*game, text);
  };
  SECTION("47 + 13 = 60: P1 wins, the last position stays") {
    State s = at(47);
    play(*game, s, "F1");  // as in L8: P1 scores 13
    expect_board(*game, s, R"(
      P2 store 29 | 0 0 0 0 0 0 |
                  | 1 0 0 0 0 0 | P1 store 42
      result P1
      scores 60 0
    )");
  }
  SECTION("46 + 13 = 59: another round") {
    State s = at(46);
    play(*game, s, "F1");
    expect_board(*game, s, dealing("P2", 2, 59, 0));
  }
}
