// The laps of a sowing move (`laps`) and the hole a lap lifts with lift:following, which passes
// over the holes the sowing passes over. Directions (G3) on 2x4: ccw runs A1..D1, D2..A2.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

TEST_CASE("laps counts the laps of a sowing move: 0 at the end of its first handful",
          "[core][laps]") {
  // The last hole of the second handful (one lap made) is taken; a handful ending on counters is
  // otherwise relayed.
  auto game = load_text(R"((import "mancala")
    (game "Laps"
    (board 2 4 stores:open)
    (start (fill 2))
    (sow (origin (row mover) (if (occupied hole)))
      (capture (if (= laps 1)) (take hole))
      (lap ("LandedOnOccupied"))))
  )");
  State s = game->initial_state();
  // A1, 2: B1 3, C1 3. No lap yet (laps 0): no capture; C1 held counters: its 3 are lifted (laps
  // 1): D1 3, D2 3, C2 3. The capture now holds: C2's 3 go to P1's store.
  play(*game, s, "A1");
  expect_board(*game, s, R"(
    P2 store 0 | 2 2 0 3 |
               | 0 3 0 3 | P1 store 3
    mover P2
  )");
}

TEST_CASE("lift:following lifts the next hole sowing would fill, passing over skipped holes",
          "[core][laps]") {
  // The first handful is relayed from the hole after its last (one lap only); C1 is never sown.
  auto game = load_text(R"((import "mancala")
    (game "Follow"
    (board 2 4 stores:open)
    (start (fill 1))
    (sow (origin (row mover) (if (occupied hole)))
      (skip (is hole C1))
      (lap (= laps 0) lift:following)))
  )");
  State s = game->initial_state();
  // A1, 1: B1 2. The hole after B1 is C1, which sowing passes over: D1 is lifted (1) and sown
  // into D2 (2). C1 keeps its counter.
  play(*game, s, "A1");
  expect_board(*game, s, R"(
    P2 store 0 | 1 1 1 2 |
               | 0 2 1 0 | P1 store 0
    mover P2
  )");
}

TEST_CASE("a lap:following whose next hole is empty leaves the landing hole to the rules after it",
          "[core][laps]") {
  // The lap does not apply (nothing to lift), so the capture after it is looked at with `hole` =
  // the hole where the last counter fell, not the empty hole the lap would have lifted.
  auto game = load_text(R"((import "mancala")
    (game "Follow nothing"
    (board 2 4 stores:open)
    (start (fill 1) (put 0 C1))
    (sow (origin (row mover) (if (occupied hole)))
      (lap (occupied hole) lift:following direction:reverse)
      (capture (if (own hole)) (take hole))))
  )");
  State s = game->initial_state();
  // A1, 1: B1 2. The lap would lift C1, which is empty: it does not apply; the capture takes B1's
  // 2 (the landing hole, P1's own).
  play(*game, s, "A1");
  expect_board(*game, s, R"(
    P2 store 0 | 1 1 1 1 |
               | 0 0 0 1 | P1 store 2
    mover P2
  )");
}
