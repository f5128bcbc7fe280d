// A rule file's own limit of drops per move, (max-drops N): a sowing that would drop
// more is excluded as endless (G6); the file can lower the program's limit, never raise it.
// Directions (G3) on 2x3: ccw runs A1..C1, C2..A2.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// Relay sowing: a handful ending on counters is lifted and sown on.
std::string relay_game(const std::string& limit) {
  return R"((import "mancala")
    (game "Relay"
    (board 2 3 stores:open)
    )" + limit + R"(
    (start (fill 1))
    (sow (origin (row mover) (if (occupied hole)))
      (lap ("LandedOnOccupied"))))
  )";
}

}  // namespace

TEST_CASE("max-drops: a longer sowing is not legal", "[core][max-drops]") {
  // At the start (1 in every hole) every move drops 7 counters: A1 drops 1 (B1 2); B1's 2 (C1 2,
  // C2 2); C2's 2 (B2 2, A2 2); A2's 2 (A1 1, B1 1), B1 empty before: the end. B1 and C1 alike,
  // one hole further round.
  SECTION("without the clause, every move is legal") {
    auto game = load_text(relay_game(""));
    State s = game->initial_state();
    CHECK(legal(*game, s) == sorted({"A1", "B1", "C1"}));
  }
  SECTION("with a limit of 7, every move still is") {
    auto game = load_text(relay_game("(max-drops 7)"));
    CHECK(game->drop_limit() == 7);
    State s = game->initial_state();
    CHECK(legal(*game, s) == sorted({"A1", "B1", "C1"}));
  }
  SECTION("with a limit of 6, no move is: the player passes (G7)") {
    auto game = load_text(relay_game("(max-drops 6)"));
    State s = game->initial_state();
    CHECK(legal(*game, s) == std::vector<std::string>{"pass"});
    CHECK(game->why_not(s, "A1").reason ==
          "its sowing reaches the limit max-drops-per-move (6): taken as endless");
  }
  SECTION("the file cannot raise the program's limit") {
    auto game = load_text(relay_game("(max-drops 2000000000)"));
    CHECK(game->drop_limit() == PlayLimits::kDefaultMaxDrops);
  }
}

TEST_CASE("max-drops is at least 1", "[core][max-drops]") {
  CHECK_THROWS_WITH(load_text(relay_game("(max-drops 0)")),
                    Catch::Contains("a move must be allowed to drop at least 1 counter, not 0"));
}
