// Scenario tests of Pic (games/pic.lud; docs/rulings.md PC1-PC5). Every expected board is worked
// out by hand from the text of the Ludii page, not taken from the interpreter. The heaps lie in a
// ring (PC1), drawn as one row: A1 B1 C1 are P1's, D1 E1 F1 P2's (with three players G1 H1 I1
// P3's); anticlockwise runs A1 -> B1 -> ... -> the last heap -> A1.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("Pic start: three heaps of twelve per player, for two to five players",
          "[rulings][pic]") {
  // "Played by two to five players. Each player has three heaps of counters, with twelve
  // counters per heap."
  for (int players = 2; players <= 5; ++players) {
    auto game = load_game("pic", {"players=" + std::to_string(players)});
    REQUIRE(game->players() == players);
    State s = game->initial_state();
    std::string row = "|";
    for (int i = 0; i < 3 * players; ++i) row += " 12";
    expect_board(*game, s, row + " |\n mover P1");
    // P1 may sow from each of their own three heaps, and from nothing else.
    CHECK(legal(*game, s) == sorted({"A1", "B1", "C1"}));
  }
}

TEST_CASE("PC2 circling: the last counter making three in an opponent's heap captures it, and "
          "every counter later sown into it goes to the circler", "[rulings][PC2][PC5][pic]") {
  auto game = load_game("pic");
  State s = drawn(*game, R"(
    | 0 0 2 1 2 0 |
    mover P1
  )");
  // C1 (2), anticlockwise: D1 1 -> 2, E1 2 -> 3 (the last counter). E1 is P2's heap made three:
  // "a circle is drawn around the heap and the player captures the counters in it": the 3 go to
  // P1 and E1 is now P1's circled heap.
  play(*game, s, "C1");
  expect_board(*game, s, R"(
    | 0 0 0 2 0 0 |
    P1 store 3
    E1 = P1
    mover P2
  )");
  // P2 sows D1 (2): E1 gets one, which P1 captures at once ("every counter sown into it for the
  // rest of the game"); F1 gets the last one (P2's own heap: no capture).
  play(*game, s, "D1");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 1 |
    P1 store 4
    E1 = P1
    mover P1
  )");
  // P1 has no counters in their own heaps: they pass (PC3, G7).
  CHECK(legal(*game, s) == std::vector<std::string>{"pass"});
}

TEST_CASE("PC2 only the last counter circles; three in the sower's own heap is no capture",
          "[rulings][PC2][pic]") {
  auto game = load_game("pic");
  State s = drawn(*game, R"(
    | 0 4 0 2 2 2 |
    mover P1
  )");
  // B1 (4): C1 0 -> 1, D1 2 -> 3 (not the last counter: no circle, PC2), E1 2 -> 3 (not the
  // last), F1 2 -> 3 with the last counter: P2's heap made three, circled and captured.
  play(*game, s, "B1");
  expect_board(*game, s, R"(
    | 0 0 1 3 3 0 |
    P1 store 3
    F1 = P1
    mover P2
  )");
  State t = drawn(*game, R"(
    | 0 0 0 1 2 0 |
    mover P2
  )");
  // P2 sows D1 (1): E1 2 -> 3, but E1 is P2's own heap: no capture.
  play(*game, t, "D1");
  expect_board(*game, t, R"(
    | 0 0 0 0 3 0 |
    mover P1
  )");
}

TEST_CASE("PC3 a heap circled away from its player is not theirs to sow from",
          "[rulings][PC3][pic]") {
  auto game = load_game("pic");
  // E1 was circled by P1 earlier (drawn as P1's). A circled heap is emptied by every counter
  // that reaches it, but as drawn it holds counters: P2 still may not sow from it.
  State s = drawn(*game, R"(
    | 1 0 0 1 2 0 |
    E1 = P1
    mover P2
  )");
  CHECK(legal(*game, s) == std::vector<std::string>{"D1"});
}

TEST_CASE("PC4 three players: any other player's heap can be circled, round the ring; the game "
          "ends when no heap holds counters, the most counters winning", "[rulings][PC4][pic]") {
  auto game = load_game("pic", {"players=3"});
  State s = drawn(*game, R"(
    | 2 0 0 0 0 0 0 0 1 |
    P1 store 40 P2 store 30 P3 store 35
    mover P3
  )");
  // P3 sows I1 (1): the ring goes on from I1 to A1, P1's heap, made 2 -> 3 by the last counter:
  // circled and captured by P3 (35 + 3 = 38). "When there are no heaps left" (PC4: no counter
  // on the board), "the player with the most counters wins": P1 with 40.
  play(*game, s, "I1");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 0 0 0 |
    P1 store 40 P2 store 30 P3 store 38
    A1 = P3
    result P1
  )");
}

TEST_CASE("Pic with three players: turns go P1, P2, P3", "[rulings][pic]") {
  auto game = load_game("pic", {"players=3"});
  State s = game->initial_state();
  // P1 sows A1 (12): B1 .. I1 get one each (8 counters), then A1 B1 C1 D1 (12). The last
  // counter makes D1 12 + 1 + 1 = 14: no capture.
  play(*game, s, "A1");
  expect_board(*game, s, R"(
    | 1 14 14 14 13 13 13 13 13 |
    mover P2
  )");
  play(*game, s, "D1");
  // D1 (14): E1 .. I1 (5), then A1 B1 C1, D1 itself (G5: a sowing round the whole ring drops
  // into its origin like any heap) and E1 .. I1 again (14). E1 .. I1 13 + 2 = 15, A1 1 + 1 = 2,
  // B1 C1 14 + 1 = 15, D1 0 + 1 = 1. The last counter falls in I1, P3's heap: an opponent's
  // heap for P2, but 15 is not three.
  expect_board(*game, s, R"(
    | 2 15 15 1 15 15 15 15 15 |
    mover P3
  )");
}
