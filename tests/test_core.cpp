// Behaviours of the core that no shipped game shows on its own: holes out of play on every path
// of play, the guard of a capture's further decision, a round starting from the board as laid
// out.
#include <catch2/catch.hpp>

#include <sstream>

#include "board_drawing.hpp"
#include "interpreter/trace.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

std::string record(const Game& game, const std::string& moves, bool events) {
  TraceRequest request;
  request.moves = split_moves(moves);
  request.events = events;
  std::ostringstream out;
  write_trace(game, request, out);
  std::string text;  // without the "events" keys, which records compare without
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);) {
    auto at = line.find(",\"events\":");
    text += (at == std::string::npos ? line : line.substr(0, at) + "}") + "\n";
  }
  return text;
}

// A capture puts A1 and B1 out of play; store moves sow along P1's row.
const char* const kOutOfPlayGame = R"((game "Out"
  (board 2 3 stores:open)
  (start (fill 1))
  (sow (origin (row mover))
       (capture (if (not (own hole))) (take hole) (out-of-play A1 B1)))
  (store-sow))
)";

}  // namespace

TEST_CASE("holes out of play are passed over, whichever path plays the move", "[core]") {
  auto game = load_text(kOutOfPlayGame);
  // P1: C1 (1) falls into C2 (P2's), which then holds 2: taken into P1's store, and A1, B1 go
  // out of play (their counters stay). P2: A2 (1) passes over A1 and B1 and falls into C1 (P1's,
  // 0 -> 1): taken into P2's store.
  CHECK(record(*game, "C1, A2", false) == record(*game, "C1, A2", true));
  State s = game->initial_state();
  play(*game, s, "C1");
  play(*game, s, "A2");
  expect_board(*game, s, R"(
             | 0 1 0 |
             | 1 1 0 |
    P1 store 2
    P2 store 1
    A1 out
    B1 out
    mover P1
  )");
  // A store move passes over them too: from A1, along P1's row, both counters fall into C1.
  play(*game, s, "store 2");
  expect_board(*game, s, R"(
             | 0 1 0 |
             | 1 1 2 |
    P2 store 1
    A1 out
    B1 out
    mover P2
  )");
}

TEST_CASE("a capture's further decision asks its own guard", "[core]") {
  auto game = load_text(R"((game "Then"
    (board 2 2 stores:open)
    (start (fill 2))
    (sow (origin (row mover))
         (capture (if (not (own hole))) (take hole) then:(again (if false))))))");
  State s = game->initial_state();
  play(*game, s, "B1");  // B1 (2): A2 3, B2 3 — P2's: taken, and no further decision
  CHECK(s.mover == 1);
  CHECK(!s.continuing);
}

TEST_CASE("a round starts from the board as laid out, no turn taken", "[core]") {
  auto game = load_text(R"((game "Rounds"
    (board 2 2 stores:open)
    (start (fill 1))
    (sow (origin (row mover))
         (capture (if (own hole)) (claim (opposite hole))))
    (rounds (round-over (if (= (turns P1) 1)))
            (tally store)
            (tie replay)
            (round-start from:2 (clear) (place by:loser board (supply 4) min:1)))))");
  State s = game->initial_state();
  // A1 (1) falls into B1, P1's own: P1 claims B2 across. P1 has ended a turn: the round ends,
  // no one captured anything (a tie: replay), and round 2 is set up.
  play(*game, s, "A1");
  REQUIRE(s.round == 2);
  REQUIRE(s.phase == Phase::place);
  const Layout& l = game->layout_of(s);
  CHECK(s.owner[l.pit(2, 1)] == 1);  // B2 is P2's again
  CHECK(s.turns[0] == 0);
}
