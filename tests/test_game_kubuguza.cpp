// Scenario tests of Kubuguza (games/kubuguza.lud; docs/rulings.md KB1-KB5). Every expected board
// is worked out by hand from the text of the Ludii page (after Merriam 1953), not taken from the
// interpreter. Drawings show rows 4, 3, 2, 1 from the top: P2's outer and inner rows, then P1's
// inner and outer rows; columns A..H left to right. P1's circuit anticlockwise: A1..H1, H2..A2,
// back to A1; clockwise the reverse (A1 A2 B2 .. H2 H1 G1 ..). Every move is written with its
// direction (G8).
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// A drawn position is at the start of the game (no turn ended); "Captures cannot be made on the
// first move" (KB2), so the tests of captures start after each player's first move.
void after_the_first_moves(State& s) { s.turns[0] = s.turns[1] = 1; }

}  // namespace

TEST_CASE("Kubuguza start: four in each inner-row hole; the first move sows anticlockwise",
          "[rulings][kubuguza][KB1]") {
  auto game = load_game("kubuguza");
  State s = game->initial_state();
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 0 0 |
    | 4 4 4 4 4 4 4 4 |
    | 4 4 4 4 4 4 4 4 |
    | 0 0 0 0 0 0 0 0 |
    mover P1
  )");
  // B2 and G2 ("the second from the right and second from the left holes in the inner row") may
  // be sown clockwise "only if it will allow a capture", and no capture is allowed on the first
  // move (KB2): every legal move is anticlockwise.
  CHECK(legal(*game, s) == sorted({"A2 ccw", "B2 ccw", "C2 ccw", "D2 ccw", "E2 ccw", "F2 ccw",
                                   "G2 ccw", "H2 ccw"}));
}

TEST_CASE("KB4 a capture is sown on from the hole after the one last lifted",
          "[rulings][kubuguza][KB4]") {
  auto game = load_game("kubuguza");
  const char* position = R"(
    | 1 0 0 0 0 0 0 2 |
    | 2 0 0 0 0 0 0 2 |
    | 0 0 0 0 0 0 0 1 |
    | 0 0 0 0 0 3 0 0 |
    mover P1
  )";
  SECTION("after each player's first move") {
    State s = drawn(*game, position);
    after_the_first_moves(s);
    // H2 holds a single counter: not sown. F1 is not one of the four clockwise holes.
    CHECK(legal(*game, s) == std::vector<std::string>{"F1 ccw"});
    // F1 (3): G1 1, H1 1, H2 2. H2 was occupied and is in P1's inner row; H3 (2) and H4 (2) both
    // hold counters: captured (4). "the player sows these beginning with the next hole after the
    // last one on the player's side from which they picked up": F1 was, so from G1: G1 2, H1 2,
    // H2 3, G2 1. G2 was empty: the turn ends.
    play(*game, s, "F1 ccw");
    expect_board(*game, s, R"(
      | 1 0 0 0 0 0 0 0 |
      | 2 0 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 1 3 |
      | 0 0 0 0 0 0 2 2 |
      mover P2
    )");
  }
  SECTION("KB2 on a player's first move, no capture: the hole is lifted") {
    State s = drawn(*game, position);
    s.turns[0] = 0;  // P1's first move (P2 has moved)
    s.turns[1] = 1;
    // F1 (3): G1 1, H1 1, H2 2: no capture on the first move, so H2's 2 are picked up: G2 1,
    // F2 1, which was empty.
    play(*game, s, "F1 ccw");
    expect_board(*game, s, R"(
      | 1 0 0 0 0 0 0 2 |
      | 2 0 0 0 0 0 0 2 |
      | 0 0 0 0 0 1 1 0 |
      | 0 0 0 0 0 0 1 1 |
      mover P2
    )");
  }
}

TEST_CASE("KB1 clockwise from the four holes only if it captures", "[rulings][kubuguza][KB1]") {
  auto game = load_game("kubuguza");
  State s = drawn(*game, R"(
    | 0 1 0 0 0 0 0 0 |
    | 0 2 0 0 2 0 0 0 |
    | 0 1 0 0 0 0 0 0 |
    | 2 0 0 0 0 0 0 2 |
    mover P1
  )");
  after_the_first_moves(s);
  // A1 and H1 are "the rightmost and leftmost holes of the outer row". A1 cw (2): A2 1, B2 2:
  // B2 is in the inner row and B3, B4 are full: a capture, so A1 cw is legal. H1 cw (2): G1 1,
  // F1 1, which was empty: no capture, not legal. B2 holds a single counter.
  CHECK(legal(*game, s) == sorted({"A1 ccw", "A1 cw", "H1 ccw"}));
  // A1 cw: A2 1, B2 2; B3 (2) and B4 (1) captured and sown from the hole after A1, clockwise:
  // A2 2, B2 3, C2 1, which was empty.
  play(*game, s, "A1 cw");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 0 0 |
    | 0 0 0 0 2 0 0 0 |
    | 2 3 1 0 0 0 0 0 |
    | 0 0 0 0 0 0 0 2 |
    mover P2
  )");
}

TEST_CASE("KB3 a sowing that ends on one of the four holes may go on clockwise if that captures",
          "[rulings][kubuguza][KB3]") {
  auto game = load_game("kubuguza");
  State s = drawn(*game, R"(
    | 0 0 0 0 1 0 0 0 |
    | 0 0 0 0 2 0 0 2 |
    | 0 2 0 2 1 0 0 0 |
    | 0 0 0 0 0 0 0 0 |
    mover P1
  )");
  after_the_first_moves(s);
  // B2 cw (2): C2 1, D2 3, occupied, no capture (D3 empty): relay clockwise, D2 (3): E2 2, F2 1,
  // G2 1, which was empty: no capture, so B2 cw is not legal. B2 ccw and D2 ccw are.
  CHECK(legal(*game, s) == sorted({"B2 ccw", "D2 ccw"}));
  // D2 ccw (2): C2 1, B2 3. B2 was occupied, B3 is empty (no capture), and B2 is one of the
  // four holes: "Direction can be changed in the middle of a turn if the final counter lands in
  // one of these holes and a clockwise move will result in a capture".
  play(*game, s, "D2 ccw");
  expect_board(*game, s, R"(
    | 0 0 0 0 1 0 0 0 |
    | 0 0 0 0 2 0 0 2 |
    | 0 3 1 0 1 0 0 0 |
    | 0 0 0 0 0 0 0 0 |
    mover P1
  )");
  CHECK(legal(*game, s) == sorted({"B2 ccw", "B2 cw"}));
  SECTION("clockwise") {
    // B2 cw (3): C2 2, D2 1, E2 2. E2 was occupied; E3 (2) and E4 (1) captured and sown from the
    // hole after B2, clockwise: C2 3, D2 2, E2 3. E2 occupied, E3 now empty: relay, E2 (3):
    // F2 1, G2 1, H2 1, which was empty.
    play(*game, s, "B2 cw");
    expect_board(*game, s, R"(
      | 0 0 0 0 0 0 0 0 |
      | 0 0 0 0 0 0 0 2 |
      | 0 0 3 2 0 1 1 1 |
      | 0 0 0 0 0 0 0 0 |
      mover P2
    )");
  }
  SECTION("anticlockwise") {
    // B2 ccw (3): A2 1, A1 1, B1 1, which was empty.
    play(*game, s, "B2 ccw");
    expect_board(*game, s, R"(
      | 0 0 0 0 1 0 0 0 |
      | 0 0 0 0 2 0 0 2 |
      | 1 0 1 0 1 0 0 0 |
      | 1 1 0 0 0 0 0 0 |
      mover P2
    )");
  }
}

TEST_CASE("KB5 a player who cannot sow loses", "[rulings][kubuguza][KB5]") {
  auto game = load_game("kubuguza");
  State s = drawn(*game, R"(
    | 0 0 0 0 0 0 0 0 |
    | 2 0 0 0 0 0 0 0 |
    | 0 1 0 0 0 0 0 0 |
    | 1 0 0 0 0 0 0 0 |
    mover P2
  )");
  after_the_first_moves(s);
  // A3 ccw (2): B3 1, C3 1, which was empty. P1 holds only single counters ("Single counters
  // cannot be sown"): P1 cannot move and loses.
  play(*game, s, "A3 ccw");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 0 0 |
    | 0 1 1 0 0 0 0 0 |
    | 0 1 0 0 0 0 0 0 |
    | 1 0 0 0 0 0 0 0 |
    result P2
  )");
}
