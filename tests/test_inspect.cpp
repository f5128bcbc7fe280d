// Inspection for tools: why a move is not legal (with the clause or ruling that decides), and
// the value of an expression of the language in a position.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "interpreter/citation.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// The refusal's reason and what it cites: "(kiuthi.lud:17, K3)" or the built-in ruling.
std::string refusal(const Game& game, const State& s, const std::string& move) {
  Game::Refusal r = game.why_not(s, move);
  std::string cited = r.clause != kNoClause ? short_citation(game.rules(), r.clause)
                      : r.ruling.empty()    ? std::string()
                                            : "(" + r.ruling + ")";
  return r.reason + (cited.empty() ? "" : " " + cited);
}

CheckedGame checked_game(const std::string& name) {
  Diagnostics diagnostics;
  CheckedGame checked;
  REQUIRE(check_file(game_path(name), {}, settings(), checked, diagnostics));
  return checked;
}

}  // namespace

TEST_CASE("why not: the clause that rules a move out", "[inspect]") {
  auto game = load_game("kiuthi");
  State s = drawn(*game, R"(
    P2 store 0 | 2 2 2 2 0 2 |
               | 1 3 0 0 1 2 | P1 store 0
    mover P1
  )");
  CHECK(game->why_not(s, "B1 ccw").reason.empty());  // legal
  CHECK(refusal(*game, s, "B2 ccw") == "a move may not start from B2 (B2 is P2's hole) (kiuthi.lud:19, K3)");
  CHECK(refusal(*game, s, "A1 ccw") == "A1 holds 1 counter: the origin's condition does not hold (kiuthi.lud:19, K3)");
  CHECK(refusal(*game, s, "B1") == "the direction is the mover's choice: write B1 ccw or B1 cw (kiuthi.lud:20, K3)");
  CHECK(refusal(*game, s, "pass") == "pass is legal only when there is no other move (G7)");
  CHECK(refusal(*game, s, "Z9") .rfind("'Z9' is not a move", 0) == 0);
  CHECK(refusal(*game, s, "store 2") == "this game has no store moves");
  // K5: after B1 ccw the sowing did not cross; the further move must go cw.
  std::vector<Move> moves;
  Move m;
  REQUIRE(game->find_move(s, "B1 ccw", m));
  game->apply(s, m);
  REQUIRE(s.continuing);
  CHECK(refusal(*game, s, "D1 ccw") == "the further move must be sown cw (kiuthi.lud:23, K5)");
}

TEST_CASE("why not: an endless sowing (G6)", "[inspect]") {
  auto game = load_game("kisolo");
  State s = drawn(*game, R"(
    | 3 3 3 3 3 3 3 |
    | 0 0 0 0 0 0 0 |
    | 1 0 1 0 1 0 1 |
    | 2 1 0 1 0 1 0 |
    mover P1
  )");
  CHECK(refusal(*game, s, "A1") ==
        "its sowing would never end: it comes back to a configuration it was already in (G6)");
}

TEST_CASE("why not: placements and the flip", "[inspect]") {
  auto game = load_game("lib-al-ghashim");
  State s = game->initial_state();
  CHECK(refusal(*game, s, "B1=4").rfind("the next hole to fill is A1", 0) == 0);
  CHECK(refusal(*game, s, "A1=2") .rfind("A1 takes 4 to 28 counters here (72 left to place)", 0) == 0);
  CHECK(refusal(*game, s, "F1").rfind("the round is being set up: P2 places counters, as A1=", 0) == 0);
}

TEST_CASE("evaluate: expressions of the language in a position", "[inspect]") {
  auto game = load_game("kiuthi");
  CheckedGame checked = checked_game("kiuthi");
  State s = drawn(*game, R"(
    P2 store 4 | 2 2 2 2 0 2 |
               | 1 3 0 0 1 2 | P1 store 0
    mover P1
  )");
  CHECK(value_of(*game, checked, s, "(sum (row mover))") == "7");
  CHECK(value_of(*game, checked, s, "(store opponent)") == "store P2 (4)");
  CHECK(value_of(*game, checked, s, "(count (store opponent))") == "4");
  CHECK(value_of(*game, checked, s, "(occupied (opposite C1))") == "true");
  CHECK(value_of(*game, checked, s, "(opposite E1)") == "E2 (0)");
  CHECK(value_of(*game, checked, s, "(row P2)") == "{F2 E2 D2 C2 B2 A2}");
  CHECK(value_of(*game, checked, s, "opponent") == "P2");
  CHECK(value_of(*game, checked, s, "(\"Cleared\" (row P1))") == "false");  // a define of stdlib
  CHECK(value_of(*game, checked, s, "B1") == "B1 (3)");
  // Regions laid out when compiled (union, reversed) are laid out for the typed expression too.
  CHECK(value_of(*game, checked, s, "(union (row P1) A2)") == "{A1 B1 C1 D1 E1 F1 A2}");
  CHECK(value_of(*game, checked, s, "(reversed (row P1))") == "{F1 E1 D1 C1 B1 A1}");
  CHECK(value_of(*game, checked, s, "(sum (reversed (row mover)))") == "7");
  // The messages of `check`, positioned in the typed text.
  CHECK(value_of(*game, checked, s, "(sum mover)").find("<repl>:1:6: error: 'sum' expects a region as argument 1 (region), found 'mover', a player") != std::string::npos);
  CHECK(value_of(*game, checked, s, "(sow)").find("<repl>:1:1: error: expected an expression") != std::string::npos);
  CHECK(value_of(*game, checked, s, "(count H1)").find("hole H1 is not on a 2x6 board") != std::string::npos);
  CHECK(value_of(*game, checked, s, "1 2").find("expected one expression, found more") != std::string::npos);
}
