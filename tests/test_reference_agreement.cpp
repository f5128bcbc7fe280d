// Where the code contradicted docs/language.md (issue 24, section 2): each scenario plays what a
// rule text means by the reference and checks the position, the explanation or the diagnostics.
#include <catch2/catch.hpp>

#include <random>

#include "board_drawing.hpp"
#include "interpreter/analysis/analysis.hpp"
#include "interpreter/view/explain.hpp"
#include "cli_run.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// The explanation of `move` played from `s` (which it then holds), as the REPL's explain prints
// it.
std::string explained(const Game& game, State& s, const std::string& move) {
  Move m;
  REQUIRE(game.find_move(s, move, m));
  const State before = s;
  std::vector<Event> events;
  game.apply(s, m, &events);
  return view::explanation_text(game, view::explain_move(game, before, m, events));
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("collect gives a claimed hole's counters to its captor, whose tally counted them", "[language]") {
  auto game = load_text(R"((game "Claims"
  (board 2 3 stores:open)
  (start (fill 2))
  (sow (origin (row mover) (if (occupied hole))) (direction ccw))
  (rounds
    (round-over (if true))
    (tally store+row)
    (round-start from:2 (collect) (first-mover P1)))))");
  State s = drawn(*game, R"(
    P2 store 0 | 0 0 5 |
               | 1 0 0 | P1 store 0
    C2 = P1
    mover P1
  )");
  // A1 sows B1; the round ends: P1's tally is 1 (B1) + 5 (C2, claimed), P2's 0. The next round's
  // collect gives C2's 5 to P1, who captured the hole, then lays the board out anew.
  play(*game, s, "A1");
  CHECK(game->store(s, 0) == 6);
  CHECK(game->store(s, 1) == 0);
  CHECK(game->owner(s, game->layout_of(s).pit(2, 2)) == 1);
}

TEST_CASE("count: in a lap's take: takes at most that many", "[language]") {
  auto game = load_text(R"((game "Relay"
  (board 2 4 stores:open)
  (start (fill 2))
  (sow (origin (row mover) (if (occupied hole))) (direction ccw)
    (lap (and (< laps 1) (occupied (opposite hole)))
      take:(take (opposite hole) count:1)))
  (end (after-turn (if (= (sum board) 0)) (most store)))))");
  State s = drawn(*game, R"(
    | 0 0 5 0 |
    | 2 0 0 0 |
    mover P1
  )");
  // A1: B1, C1; C2 across holds 5: one is taken and sown on from the hole after C1, D1.
  const std::string text = explained(*game, s, "A1");
  expect_board(*game, s, R"(
    | 0 0 4 0 |
    | 0 1 1 1 |
    mover P2
  )");
  // Told as a lap sowing the counter taken, not as a handful lifted from the landing hole.
  INFO(text);
  CHECK(has(text, "P1 captured 1 from C2, into the hand, to be sown on"));
  CHECK(has(text, "P1 sowed the 1 counter taken, anticlockwise: D1"));
  CHECK_FALSE(has(text, "lifted 1 counter from C1"));
}

TEST_CASE("was-empty holds at a landing hole a capture emptied as the last counter fell", "[language]") {
  auto game = load_text(R"((game "Empty"
  (board 2 4 stores:open)
  (start (fill 2))
  (sow (origin (row mover) (if (occupied hole))) (direction ccw)
    (on-drop (capture (if (= hole 3)) (take hole)))
    (capture (if (was-empty hole)) (take (opposite hole))))
  (end (after-turn (if (= (sum board) 0)) (most store)))))");
  State s = drawn(*game, R"(
    | 0 0 4 0 |
    | 2 0 2 0 | P1 store 0
    mover P1
  )");
  // A1: B1 1, C1 3: taken as it falls (3). C1 is then empty: the capture across takes C2 (4).
  play(*game, s, "A1");
  expect_board(*game, s, R"(
    | 0 0 0 0 |
    | 0 1 0 0 | P1 store 7
    mover P2
  )");
}

TEST_CASE("explain: an on-drop capture in the middle of a handful does not end the sowing", "[language]") {
  auto game = load_text(R"((game "Fours"
  (board 2 4 stores:open)
  (start (fill 2))
  (sow (origin (row mover) (if (occupied hole))) (direction ccw)
    (on-drop (capture (if (= hole 4)) (take hole))))
  (end (after-turn (if (= (sum board) 0)) (most store)))))");
  State s = drawn(*game, R"(
    | 0 0 0 0 |
    | 3 3 0 0 |
    mover P1
  )");
  const std::string text = explained(*game, s, "A1");
  INFO(text);
  CHECK(has(text, "  P1 lifted 3 counters from A1 and sowed them anticlockwise: B1 (test.lud:4)\n"
                  "  P1 captured 4 from B1, into P1's store (test.lud:5)\n"
                  "  the sowing goes on: C1 D1\n"
                  "  the last fell into D1, which was empty: the sowing ends\n"));
  CHECK_FALSE(has(text, "which held 3: the sowing ends"));
}

TEST_CASE("explain: a first lap after a lift from the store says where the handful fell", "[language]") {
  auto game = load_text(R"((game "Store"
  (board 2 4 stores:open)
  (start (fill 2))
  (sow (origin (row mover)) (direction ccw) (lift from:store count:2)
    (lap (and (not (was-empty hole)) (< laps 1)) lift:landing))
  (end (after-turn (if (= (sum board) 0)) (most store)))))");
  State s = drawn(*game, R"(
    | 0 0 0 0 |
    | 0 0 0 1 | P1 store 3
    mover P1
  )");
  // B1: two counters from the store into C1 and D1; D1 held 1: lifted and sown on.
  const std::string text = explained(*game, s, "B1");
  INFO(text);
  CHECK(has(text, "P1 took 2 counters from P1's store and sowed them anticlockwise: C1 D1"));
  CHECK(has(text, "the last fell into D1, which held 1\n"));
  CHECK(has(text, "P1 lifted 2 counters from D1 and sowed them anticlockwise: D2 C2"));
  CHECK_FALSE(has(text, "?"));
}

TEST_CASE("explain: the holes a sowing passes over are named, with the skip clause", "[language]") {
  auto game = load_game("awari");
  State s = drawn(*game, R"(
    | 1 1 1 1 1 1 |
    | 12 1 1 1 1 1 |
    mover P1
  )");
  // Twelve counters from A1 go round the board and pass over A1 ("SkipOrigin") into B1.
  const std::string text = explained(*game, s, "A1");
  INFO(text);
  CHECK(has(text, "B1 C1 D1 E1 F1 F2 E2 D2 C2 B2 A2 B1 (passing over A1, (awari.lud:15))"));
}

TEST_CASE("explain never gives a negative count nor an unknown hole, over random games of every file",
          "[language]") {
  for (const char* name : {"kubuguza", "ryakati", "bao-kiswahili-dr-congo", "kisolo", "rabe", "tchela",
                           "ceelkoqyuqkoqiji", "okwe-ido"}) {
    auto game = load_game(name);
    std::mt19937_64 rng(5);
    std::vector<Move> legal;
    for (int g = 0; g < 6; ++g) {
      State s = game->initial_state();
      while (!game->is_over(s) && game->ply(s) < 150) {
        game->legal_moves(s, legal);
        const Move m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        const State before = s;
        std::vector<Event> events;
        game->apply(s, m, &events);
        const auto steps = view::explain_move(*game, before, m, events).steps;
        for (const auto& step : steps) {
          INFO(name << " ply " << game->ply(before) << ": " << step);
          CHECK_FALSE(has(step, "held -"));
          CHECK_FALSE(has(step, "?"));
          CHECK_FALSE(has(step, "a counter fell into"));  // a drop told apart from its handful
        }
      }
    }
  }
}

TEST_CASE("a G6 exclusion among a move's further moves names that move's player", "[language]") {
  // Kiuthi, seed 1, game 0 (analyze games/kiuthi.lud): at ply 113 P1 plays D1 cw, whose further
  // move B1 ccw would repeat a position of the turn; the turn ends and P2 is to move at ply 114.
  auto game = load_game("kiuthi");
  const analysis::RunSpec spec{"kiuthi", {}, "random", 1, 1, 2000};
  auto coverage = analysis::coverage_sites(*game);
  analysis::Tally tally(game->players(), coverage.sites.size());
  analysis::play_game(*game, coverage, spec, 0, tally);
  const auto& example = tally.finding(analysis::FindingKind::excluded_repeat).example;
  REQUIRE(example.game == 0);
  CHECK(example.ply == 114);
  CHECK(example.detail ==
        "after P1 played D1 cw at ply 113, P1's further move B1 ccw is left out as repeating a position "
        "of the turn (G6)");
}

TEST_CASE("an error inside a define's expansion is followed by a note at the call", "[language]") {
  Diagnostics diagnostics;
  CheckedGame checked;
  auto source = make_source("test.lud", R"((import "mancala")
(define "Bad" (capture (take (opposite hole)) (into 7)))
(game "T"
  (board 2 6 stores:open)
  (start (fill 4))
  (sow
    (origin (row mover) (if (occupied hole)))
    ("Bad"))
  (end (after-turn (if ("Cleared" board)) (most store))))
)");
  CHECK_FALSE(check_source(source, {}, settings(), checked, diagnostics));
  const std::string text = diagnostics.str();
  INFO(text);
  CHECK(has(text, "test.lud:2:53: error: 'into' expects a hole as argument 1 (hole), found an integer\n"));
  CHECK(has(text, "test.lud:8:5: note: in the expansion of \"Bad\" called here\n"));
}

TEST_CASE("check warns of a game that nothing ends but the turn limit", "[language]") {
  TempFile endless(R"((game "Endless"
  (board 2 4)
  (start (fill 2))
  (sow (origin (row mover) (if (occupied hole))) (direction ccw)))
)");
  CliRun run = run_cli("check '" + endless.path() + "'");
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK(has(run.output, ":1:1: warning: the game has no end clause: no (end ...); it ends only at the turn limit (G9)"));
  CliRun kalah = run_cli("check '" + game_path("kalah") + "'");
  CHECK_FALSE(has(kalah.output, "warning"));
}
