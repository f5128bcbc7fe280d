// The origin's guard of a rule that lifts nothing (a move that only chooses a hole) or lifts from
// the store still applies, whichever order the rule writes `origin` and `lift` in: docs/language.md,
// `lift` ("the origin's guard can still ask for counters").
#include <catch2/catch.hpp>

#include <string>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// P1 chooses a hole of P2's to take; the origin's guard asks for counters.
std::string choosing_game(const std::string& lift_then_origin) {
  return R"((game "Pick"
  (board 2 3 stores:open)
  (start (fill 1))
  (sow )" + lift_then_origin + R"(
       (capture (take hole))))
)";
}

}  // namespace

TEST_CASE("an origin guard asking for counters holds with (lift from:nothing), in either order",
          "[core]") {
  const char* position = R"(
    P2 store 0 | 0 3 0 |
               | 1 1 1 | P1 store 0
    mover P1
  )";
  for (const std::string rule : {"(origin (row opponent) (if (occupied hole))) (lift from:nothing)",
                                 "(lift from:nothing) (origin (row opponent) (if (occupied hole)))"}) {
    INFO(rule);
    auto game = load_text(choosing_game(rule));
    State s = drawn(*game, position);
    // Only B2 holds counters; A2 and C2 are empty and the guard rules them out.
    CHECK(legal(*game, s) == std::vector<std::string>{"B2"});
    CHECK(game->why_not(s, "A2").reason.find("the origin's condition does not hold") != std::string::npos);
  }
  // Without a guard, an empty hole may be chosen when nothing is lifted.
  auto game = load_text(choosing_game("(origin (row opponent)) (lift from:nothing)"));
  State s = drawn(*game, position);
  CHECK(legal(*game, s) == sorted({"A2", "B2", "C2"}));
}
