// Scenario tests of Tchela (games/tchela.lud; docs/rulings.md TC1-TC7). Every expected board is
// worked out by hand from the text of the Ludii page (after Siva 1995), not taken from the
// interpreter. Drawings show rows 4, 3, 2, 1 from the top: P2's outer and inner rows, then P1's
// inner and outer rows; columns A..H left to right. P1's circuit, anticlockwise: A1..H1, P1's
// store #2 (on the right, TC3), H2..A2 (with two stores, P1's store #3 between E2 and D2). P2's:
// A3..H3, H4..A4, P2's store #2. A store #1 holds its player's captures, off the board.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// A drawn position of the main phase: both players have made their opening move (TC5).
State main_phase(const Game& game, const std::string& text) {
  State s = drawn(game, text);
  s.turns[0] = s.turns[1] = 1;
  game.prepare(s);
  return s;
}

}  // namespace

TEST_CASE("Tchela opening: pairs made round the circuit, the last pair sown normally",
          "[rulings][tchela][TC4]") {
  // "One counter in each hole except the stores." "Player sows from any one of their holes, thus
  // making a pair. They then take the counter in the next hole and sow it, making another pair.
  // This continues until the last pair is made. When the last pair is made, the player sows
  // this pair normally." Stores "are not used during the opening play".
  // P1 plays A1: its counter makes B1 2; C1's counter makes D1 2; E1's F1 2; G1's H1 2; the
  // store after H1 is passed over, H2's counter makes G2 2; F2's E2 2 (with two stores, the
  // central store after E2 is passed over: the same); D2's C2 2; B2's A2 2. The hole after A2 is
  // A1, now empty: A2 was the last pair. It is sown normally: A1 1, B1 3; B1 held counters, so
  // its 3 are lifted: C1 1, D1 3, E1 1. E1 was empty: the turn ends; E1 is in the outer row, so
  // nothing is captured. P2's rows are untouched.
  const char* const after = R"(
    | 1 1 1 1 1 1 1 1 |
    | 1 1 1 1 1 1 1 1 |
    | 0 0 2 0 2 0 2 0 |
    | 1 0 1 3 1 2 0 2 |
    mover P2
  )";
  SECTION("one store each (TC1 default)") {
    auto game = load_game("tchela");
    State s = game->initial_state();
    play(*game, s, "A1");
    expect_board(*game, s, after);
  }
  SECTION("two stores each") {
    auto game = load_game("tchela", {"stores=two"});
    State s = game->initial_state();
    play(*game, s, "A1");
    expect_board(*game, s, after);
  }
}

TEST_CASE("Tchela capture: the inner hole opposite, and the outer hole behind it",
          "[rulings][tchela][TC3]") {
  auto game = load_game("tchela");
  State s = main_phase(*game, R"(
    | 0 0 0 0 0 0 1 3 |
    | 1 0 0 0 0 0 1 2 |
    | 0 0 0 0 0 0 0 0 |
    | 1 0 0 0 0 0 3 0 |
    mover P1
  )");
  // G1, 3 counters, anticlockwise: H1 1, P1's store (empty: it takes one, TC2 when-empty), H2 1.
  // H2 was empty: the turn ends there. "When this empty hole is in the inner row, the counters
  // in the opponent's hole opposite are captured": H3 (2). "If the opponent's inner row hole are
  // occupied, then any contents in the outer row opposite are also captured": H4 (3). 5 counters
  // to P1's captures (store #1).
  play(*game, s, "G1");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 1 0 |
    | 1 0 0 0 0 0 1 0 |
    | 0 0 0 0 0 0 0 1 |
    | 1 0 0 0 0 0 0 1 |
    P1 store 5
    P1 store 1 #2
    mover P2
  )");
}

TEST_CASE("Tchela store: one counter at a time, passed over when full or not sown into",
          "[rulings][tchela][TC2]") {
  // G1, 3 counters. "They may only hold one counter at a time": P1's store holds one, so it is
  // passed over: H1 1, H2 1, G2 1. G2 was empty and is in the inner row: G3 (1) and G4 (1) are
  // captured.
  const char* const before = R"(
    | 0 0 0 0 0 0 1 3 |
    | 1 0 0 0 0 0 1 2 |
    | 0 0 0 0 0 0 0 0 |
    | 1 0 0 0 0 0 3 0 |
    P1 store 1 #2
    mover P1
  )";
  const char* const after = R"(
    | 0 0 0 0 0 0 0 3 |
    | 1 0 0 0 0 0 0 2 |
    | 0 0 0 0 0 0 1 1 |
    | 1 0 0 0 0 0 0 1 |
    P1 store 2
    P1 store 1 #2
    mover P2
  )";
  SECTION("a full store is passed over") {
    auto game = load_game("tchela");
    State s = main_phase(*game, before);
    play(*game, s, "G1");
    expect_board(*game, s, after);
  }
  SECTION("store-sowing=never: an empty store is passed over too") {
    auto game = load_game("tchela", {"store-sowing=never"});
    std::string empty_store = before;
    empty_store.replace(empty_store.find("P1 store 1 #2"), 13, "");
    State s = main_phase(*game, empty_store);
    play(*game, s, "G1");
    std::string expected = after;
    expected.replace(expected.find("P1 store 1 #2"), 13, "");
    expect_board(*game, s, expected);
  }
}

TEST_CASE("Tchela relay; an empty inner hole opposite captures nothing, not even the outer one",
          "[rulings][tchela]") {
  auto game = load_game("tchela");
  State s = main_phase(*game, R"(
    | 0 0 0 4 0 0 0 0 |
    | 0 0 0 0 0 0 0 1 |
    | 0 0 0 0 0 0 0 0 |
    | 0 0 0 0 0 0 1 4 |
    P1 store 1 #2
    mover P1
  )");
  // G1, 1: H1 4 -> 5. "When the final counter falls into an occupied hole, these are picked up
  // and sowing continues": H1's 5, the full store passed over: H2, G2, F2, E2, D2 1 each. D2 was
  // empty: the turn ends. D3 is empty, so nothing is captured (the outer D4 is taken only with
  // an occupied D3).
  play(*game, s, "G1");
  expect_board(*game, s, R"(
    | 0 0 0 4 0 0 0 0 |
    | 0 0 0 0 0 0 0 1 |
    | 0 0 0 1 1 1 1 1 |
    | 0 0 0 0 0 0 0 0 |
    P1 store 1 #2
    mover P2
  )");
}

TEST_CASE("Tchela end: a player with no counter in their holes loses", "[rulings][tchela][TC7]") {
  auto game = load_game("tchela");
  State s = main_phase(*game, R"(
    | 0 0 0 0 0 0 0 3 |
    | 0 0 0 0 0 0 0 2 |
    | 0 0 0 0 0 0 0 0 |
    | 1 0 0 0 0 0 3 0 |
    P2 store 1 #2
    mover P1
  )");
  // G1, 3: H1 1, P1's store 1, H2 1: H3 (2) and H4 (3) are captured. P2's holes are all empty
  // (the counter in P2's store is not sown from, TC6): P2 cannot move and loses.
  play(*game, s, "G1");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 0 0 |
    | 0 0 0 0 0 0 0 0 |
    | 0 0 0 0 0 0 0 1 |
    | 1 0 0 0 0 0 0 1 |
    P1 store 5
    P1 store 1 #2
    P2 store 1 #2
    result P1
  )");
}
