// Scenario tests of Ryakati (games/ryakati.lud; docs/rulings.md RY1-RY4). Every expected board is
// worked out by hand from the text of the Ludii page (after Beaton 1939), not taken from the
// interpreter. Drawings show rows 4, 3, 2, 1 from the top: P2's outer and inner rows, then P1's
// inner and outer rows; columns A..H left to right. P1's circuit (anticlockwise): A1..H1,
// H2..A2, back to A1; P2's: A3..H3, H4..A4, back to A3. P1's right is column H, P2's column A.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// A drawn position is at the start of the game (no turn ended); these tests of the main phase
// start after both players' opening moves.
void after_the_openings(State& s) { s.turns[0] = s.turns[1] = 1; }

}  // namespace

TEST_CASE("RY1 the opening: from the second hole from the right of the outer row, two captures "
          "sown from the rightmost hole, then relays; P1's, then P2's", "[rulings][ryakati][RY1]") {
  auto game = load_game("ryakati");
  State s = game->initial_state();
  // "The first move must begin from the second hole from the right in the player's outer row":
  // P1's outer row is row 1, its right end H1, so G1.
  CHECK(legal(*game, s) == std::vector<std::string>{"G1"});
  // "sow the two counters from that first hole": H1 3, H2 3. "capture the counters in the
  // opponent's two opposite holes" H3 and H4 (4) "and sow them, starting in the rightmost hole
  // in the outer row": H1 4, H2 4, G2 3, F2 3. "capture from the opposite two holes on the
  // opponent's side" F3 and F4 (4) "and sow them again from the same hole": H1 5, H2 5, G2 4,
  // F2 4. "When the final counter falls in an occupied hole, those counters are picked up and
  // sowing continues" (no more captures, although B3 and B4 are full when B2 is reached):
  //   F2 (4): E2 3, D2 3, C2 3, B2 3;  B2 (3): A2 3, A1 3, B1 3;  B1 (3): C1 3, D1 3, E1 3;
  //   E1 (3): F1 3, G1 1, H1 6;  H1 (6): H2 6, G2 5, F2 1, E2 4, D2 4, C2 4;
  //   C2 (4): B2 1, A2 4, A1 4, B1 1, which was empty: "The opening move ends".
  play(*game, s, "G1");
  expect_board(*game, s, R"(
    | 2 2 2 2 2 0 2 0 |
    | 2 2 2 2 2 0 2 0 |
    | 4 1 0 4 4 1 5 6 |
    | 4 1 3 3 0 3 1 0 |
    mover P2
  )");
  // P2's outer row is row 4 seen from the other side: its right end is A4, so B4.
  CHECK(legal(*game, s) == std::vector<std::string>{"B4"});
  // B4 (2): A4 3, A3 3. A3 (P2's inner row) faces A2 (4) and A1 (4): captured (8) and sown from
  // the rightmost outer hole A4: A4 4, A3 4, B3 3, C3 3, D3 3, E3 3, F3 1, G3 3. G3 faces G2 (5)
  // and G1 (1): captured (6), sown from A4 again: A4 5, A3 5, B3 4, C3 4, D3 4, E3 4. E3 was
  // occupied, two captures made: relay, E3 (4): F3 2, G3 4, H3 1, H4 1, which was empty.
  play(*game, s, "B4");
  expect_board(*game, s, R"(
    | 5 0 2 2 2 0 2 1 |
    | 5 4 4 4 0 2 4 1 |
    | 0 1 0 4 4 1 0 6 |
    | 0 1 3 3 0 3 0 0 |
    mover P1
  )");
  // "The main phase then begins": any hole of 2 or more.
  CHECK(legal(*game, s) == sorted({"C1", "D1", "F1", "D2", "E2", "H2"}));
}

TEST_CASE("RY2 a capture is sown from the first hole the capturing sowing sowed",
          "[rulings][ryakati][RY2]") {
  auto game = load_game("ryakati");
  State s = drawn(*game, R"(
    | 0 0 0 0 0 0 0 2 |
    | 2 0 0 0 0 0 0 3 |
    | 0 0 0 0 0 0 0 1 |
    | 0 0 0 0 0 0 2 0 |
    mover P1
  )");
  after_the_openings(s);
  // G1 (2): H1 1, H2 2. H2 was occupied, is in P1's inner row, and H3 (3) and H4 (2) are both
  // occupied: the 5 are captured "and sown beginning in the first hole that was sown into to
  // begin the sowing that caused the capture", H1: H1 2, H2 3, G2 1, F2 1, E2 1. E2 was empty:
  // the turn ends. Nothing goes to a store: the captured counters are sown.
  play(*game, s, "G1");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 0 0 |
    | 2 0 0 0 0 0 0 0 |
    | 0 0 0 0 1 1 1 3 |
    | 0 0 0 0 0 0 0 2 |
    mover P2
  )");
}

TEST_CASE("RY2 no capture unless both opposite holes are occupied: the hole is lifted instead",
          "[rulings][ryakati][RY2]") {
  auto game = load_game("ryakati");
  State s = drawn(*game, R"(
    | 0 0 0 0 0 0 0 0 |
    | 2 0 0 0 0 0 0 3 |
    | 0 0 0 0 0 0 0 1 |
    | 0 0 0 0 0 0 2 0 |
    mover P1
  )");
  after_the_openings(s);
  // G1 (2): H1 1, H2 2. H4 is empty: "a capture is not possible, the contents of the hole are
  // picked up and sowing continues": H2 (2): G2 1, F2 1, which was empty.
  play(*game, s, "G1");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 0 0 |
    | 2 0 0 0 0 0 0 3 |
    | 0 0 0 0 0 1 1 0 |
    | 0 0 0 0 0 0 0 1 |
    mover P2
  )");
}

TEST_CASE("RY3 singletons are not sown; RY4 a player with none of 2 or more loses",
          "[rulings][ryakati][RY4]") {
  const char* position = R"(
    | 0 0 0 0 0 0 0 0 |
    | 2 0 0 0 0 0 0 0 |
    | 0 1 0 0 0 0 0 0 |
    | 1 0 0 0 0 0 0 0 |
    mover P2
  )";
  // A3 (2): B3 1, C3 1, which was empty. P1 then holds only single counters: "Players cannot
  // sow from a hole containing a single counter", so P1 cannot move and loses.
  auto game = load_game("ryakati");
  State s = drawn(*game, position);
  after_the_openings(s);
  CHECK(legal(*game, s) == std::vector<std::string>{"A3"});
  play(*game, s, "A3");
  expect_board(*game, s, R"(
    | 0 0 0 0 0 0 0 0 |
    | 0 1 1 0 0 0 0 0 |
    | 0 1 0 0 0 0 0 0 |
    | 1 0 0 0 0 0 0 0 |
    result P2
  )");
}
