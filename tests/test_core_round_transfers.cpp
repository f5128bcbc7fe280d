// Core: integer division and remainder (div, mod), and turn steps (each, give) written as steps
// of (round-start ...), which run once as a round is set up: what Leyla's rounds need to move
// counters between stores before the holes are refilled.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// Each round: every counter to its owner's store; P1 gives P2 what their store holds over a
// multiple of 3 (counting the gifts in a variable), then P2 gives P1 one counter; then both refill.
const char* const kTransferGame = R"((game "Transfers"
  (board 2 3 stores:open)
  (start (fill 2))
  (sow (origin (row mover) (if (occupied hole)))
       (capture (if (not (own hole))) (take hole)))
  (rounds
    (round-over (if (or (= (sum (row P1)) 0) (= (sum (row P2)) 0))))
    (tie replay)
    (round-start from:2
      (collect)
      (each (stores P1)
        (capture (if (> (mod hole 3) 0)) (take hole count:(mod hole 3)) (into (store P2))
          (add-var "given" 1 of:P1)))
      (give (if true) store:P2 else:A1 to:(store P1))
      (refill by:P1 (row P1) count:2)
      (refill by:P2 (row P2) count:2))))
)";

}  // namespace

TEST_CASE("div and mod round down, so that a remainder is never negative, by 0 both give 0",
          "[core]") {
  auto game = load_game("kalah");
  Diagnostics diagnostics;
  CheckedGame checked;
  REQUIRE(check_file(game_path("kalah"), {}, settings(), checked, diagnostics));
  State s = game->initial_state();
  CHECK(value_of(*game, checked, s, "(div 7 2)") == "3");
  CHECK(value_of(*game, checked, s, "(mod 7 2)") == "1");
  CHECK(value_of(*game, checked, s, "(div -7 4)") == "-2");  // -7 = 4 x -2 + 1
  CHECK(value_of(*game, checked, s, "(mod -7 4)") == "1");
  CHECK(value_of(*game, checked, s, "(div 7 -4)") == "-2");  // 7 = -4 x -2 - 1
  CHECK(value_of(*game, checked, s, "(mod 7 -4)") == "-1");
  CHECK(value_of(*game, checked, s, "(div 5 0)") == "0");
  CHECK(value_of(*game, checked, s, "(mod 5 0)") == "0");
  CHECK(value_of(*game, checked, s, "(div (sum (row P1)) 5)") == "4");  // 24 counters
}

TEST_CASE("each and give as round-start steps move counters between stores before the refill",
          "[core]") {
  auto game = load_text(kTransferGame);
  Diagnostics diagnostics;
  CheckedGame checked;
  REQUIRE(check_source(make_source("test.lud", kTransferGame), {}, settings(), checked, diagnostics));
  State s = drawn(*game, R"(
    P2 store 2 | 0 0 1 |
               | 0 1 0 | P1 store 3
    mover P1
  )");
  // P1 sows B1 (1) into C1: their own hole, no capture. P2 sows C2 (1) into B2 (ccw: A1 B1 C1
  // C2 B2 A2), their own. P1 sows C1 (1) into C2, P2's: captured (1). Row 1 is then empty: the
  // round is over, P1 having made its last move.
  play_all(*game, s, "B1, C2, C1");
  // At the end of the round P1's store holds 3 + 1 = 4, P2's 2 + 1 (B2 collected) = 3.
  // The each step: 4 mod 3 = 1 counter to P2 (P1 3, P2 4; P1's "given" 1); the give: one of
  // P2's to P1 (P1 4, P2 3). Refill, 2 per hole from each player's leftmost: P1 A1 B1 (0 left:
  // C1 out of play); P2 C2 (their leftmost), then 1 left: B2 and A2 out of play, 1 kept.
  expect_board(*game, s, R"(
    P2 store 1 | 0 0 2 |
               | 2 2 0 | P1 store 0
    A2 out
    B2 out
    C1 out
    mover P1
    round 2
  )");
  CHECK(value_of(*game, checked, s, "(var \"given\" P1)") == "1");
}

TEST_CASE("round-end steps run as the round ends, before its tallies", "[core]") {
  // The counters left on the board go to the player who made the round's last move; the tallies
  // count them, and the first round's winner wins the match.
  auto game = load_text(R"((game "Last mover sweeps"
    (board 2 3 stores:open)
    (start (fill 2))
    (sow (origin (row mover) (if (occupied hole)))
         (capture (if (not (own hole))) (take hole)))
    (rounds
      (round-over (if (= (sum (row P1)) 0)))
      (round-end (each board (capture (take hole) (into (store mover)))))
      (match-won (if true)))))");
  State s = drawn(*game, R"(
    P2 store 2 | 3 0 0 |
               | 0 0 1 | P1 store 0
    mover P1
  )");
  // P1 sows C1 (1) into C2, P2's: captured (1). Row 1 is empty: the round ends. The round-end
  // step sweeps A2's 3 into P1's store (4): P1's tally 4 beats P2's 2 (without the step, 1 to 2).
  play_all(*game, s, "C1");
  expect_board(*game, s, R"(
    P2 store 2 | 0 0 0 |
               | 0 0 0 | P1 store 4
    result P1
  )");
}
