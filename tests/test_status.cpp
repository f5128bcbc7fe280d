// The (status ...) clause (docs/language.md): how faithfully a rule file encodes its text, read by
// the catalogue and printed by mancala check. It never changes play.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "cli_run.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

std::string game_with(const std::string& clauses) {
  return "(game \"G\" " + clauses + " (board 2 3) (start (fill 2)) (sow (origin (row mover))))";
}

}  // namespace

TEST_CASE("status: faithful, or partial with each rule it leaves out", "[status]") {
  CHECK(load_text(game_with(""))->rules().fidelity == Fidelity::unstated);
  auto faithful = load_text(game_with("(status faithful)"));
  CHECK(faithful->rules().fidelity == Fidelity::faithful);
  CHECK(faithful->rules().gaps.empty());
  auto partial = load_text(game_with("(status partial \"the opening, played at once, is played in turns\" "
                                     "\"the finger game: P1 moves first\")"));
  CHECK(partial->rules().fidelity == Fidelity::partial);
  CHECK(partial->rules().gaps == std::vector<std::string>{"the opening, played at once, is played in turns",
                                                          "the finger game: P1 moves first"});
  // It changes nothing of play.
  CHECK(legal(*partial, partial->initial_state()) == legal(*faithful, faithful->initial_state()));
}

TEST_CASE("status: a partial file names what it leaves out, a faithful one nothing, and a game has one",
          "[status]") {
  CHECK_THROWS_WITH(load_text(game_with("(status partial)")),
                    Catch::Contains("1:11: error: (status partial ...) names each rule of the text the file "
                                    "approximates or drops"));
  CHECK_THROWS_WITH(load_text(game_with("(status faithful \"the board\")")),
                    Catch::Contains("(status faithful) takes no text"));
  CHECK_THROWS_WITH(load_text(game_with("(status faithful) (status faithful)")),
                    Catch::Contains("1:29: error: a game has one (status ...)"));
  CHECK_THROWS_WITH(load_text(game_with("(status fair)")),
                    Catch::Contains("'status' expects one of faithful, partial as argument 1 (level), found 'fair'"));
}

TEST_CASE("mancala check prints what a partial file leaves out", "[status][cli]") {
  auto run = run_cli("check ryakati");
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK(run.output.find("  partial: the opening, \"played simultaneously by both players\", is played in turns: "
                        "P1's, then P2's (needs simultaneous decisions) (RY1)\n") != std::string::npos);
  CHECK(run_cli("check awari").output.find("partial") == std::string::npos);
}
