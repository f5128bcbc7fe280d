// Players compared, and regions whose player play decides or that join holes of several rows,
// in rule texts written here: what the legal moves become.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

using Moves = std::vector<std::string>;

TEST_CASE("same-player compares two players", "[core]") {
  // "South may start anywhere; North only from their leftmost hole."
  auto game = load_text(R"((game "Same"
    (board 2 3)
    (start (fill 2))
    (sow (origin (row mover) (if (or (same-player mover P1) (is hole (leftmost (row mover)))))))))");
  State s = game->initial_state();
  CHECK(legal(*game, s) == Moves{"A1", "B1", "C1"});
  play(*game, s, "A1");
  CHECK(legal(*game, s) == Moves{"C2"});  // P2's own leftmost hole
}

TEST_CASE("reversed takes a region whose player play decides", "[core]") {
  // "Each player sows from the last hole of their row": the first of it turned round.
  auto game = load_text(R"((game "Last"
    (board 2 3)
    (start (fill 2))
    (sow (origin (only (leftmost (reversed (row mover))))))))");
  State s = game->initial_state();
  CHECK(legal(*game, s) == Moves{"C1"});
  play(*game, s, "C1");
  CHECK(legal(*game, s) == Moves{"A2"});  // P2's row is C2 B2 A2
}

TEST_CASE("union joins holes of several rows, each hole once", "[core]") {
  // Moves start from C1, A2 or B2, while the union A1 A1 B1 C1 has three occupied holes (A1 once).
  auto game = load_text(R"((game "Union"
    (board 2 3)
    (start (fill 2))
    (sow (origin (union C1 (holes A2 B2) C1)
                 (if (= (number (union A1 A1 (holes B1 C1)) (occupied hole)) 3))))))");
  State s = game->initial_state();
  CHECK(legal(*game, s) == Moves{"A2", "B2", "C1"});

  // (holes FROM TO) runs along one row; its error names union.
  try {
    load_text("(game \"G\" (board 2 3) (start (fill 2)) (sow (origin (holes A1 A2))))");
    FAIL("(holes A1 A2) was accepted");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find("FROM and TO must share it (holes of several rows: (union "
                                     "(holes ...) (holes ...)), or (union A1 B2 ...))") !=
          std::string::npos);
  }
}
