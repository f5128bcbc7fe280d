// Placements whose rules cannot be met, and placements from another player's store: rule files
// written by users must never leave a position without a move or lose counters.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using test::legal;  // the legal moves in notation, sorted

TEST_CASE("a supply too small for the minimum still leaves one placement per hole", "[placement]") {
  auto game = test::load_text(R"(
    (game "Short supply"
      (board 2 2 stores:open)
      (sow (origin (row mover) (if (occupied hole))))
      (rounds
        (round-start (clear) (place by:loser board (supply 3) min:2))
        (round-over (if (< (sum board) 2)))
        (tally store)))
  )");
  State s = game->initial_state();
  REQUIRE(s.phase == Phase::place);
  // Four holes, three counters, at least two each: impossible, so everything goes in A1 ...
  CHECK(legal(*game, s) == std::vector<std::string>{"A1=3"});
  Move m;
  REQUIRE(game->find_move(s, "A1=3", m));
  game->apply(s, m);
  // ... and the holes after it get nothing: counters are conserved, play goes on.
  CHECK(legal(*game, s) == std::vector<std::string>{"B1=0"});
  REQUIRE(game->find_move(s, "B1=0", m));
  game->apply(s, m);
  CHECK(game->total_counters(s) == 3);
}

TEST_CASE("placing from another player's store takes from that store", "[placement]") {
  // A1 (3) sows B1, B2, A2: P1's row holds 2, P2's 4, and the round ends after every turn: P1
  // loses. The winner P2 then places the loser's two counters, from the loser's store.
  auto game = test::load_text(R"(
    (game "Lend"
      (board 2 2 stores:open)
      (start (fill 1) (put 3 A1))
      (sow (origin (row mover) (if (occupied hole))))
      (rounds
        (round-start from:2 (collect) (place by:winner (row winner) (from-store loser) min:0))
        (round-over (if (>= (sum board) 0)))
        (tally store+row)))
  )");
  State s = game->initial_state();
  Move m;
  REQUIRE(game->find_move(s, "A1", m));
  game->apply(s, m);
  REQUIRE(s.phase == Phase::place);
  CHECK(s.mover == 1);
  CHECK(game->store(s, 0) == 2);
  CHECK(game->store(s, 1) == 4);
  CHECK(legal(*game, s) == std::vector<std::string>{"B2=0", "B2=1", "B2=2"});
  REQUIRE(game->find_move(s, "B2=2", m));
  game->apply(s, m);
  CHECK(game->store(s, 0) == 0);  // taken from the loser's store, not the placer's
  CHECK(game->store(s, 1) == 4);
  CHECK(game->total_counters(s) == 6);
}
