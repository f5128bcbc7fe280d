// The fast routines are opt-in (interpreter/fast_paths.hpp, docs/extending.md): a game uses one
// only if the routine supports every clause the game has, and `mancala bench` says which.
#include <catch2/catch.hpp>

#include <algorithm>

#include "board_drawing.hpp"
#include "cli_run.hpp"
#include "interpreter/fast_paths.hpp"
#include "support.hpp"

using namespace mancala;

namespace {

std::vector<std::string> kept_out(const Game& game, FastRoutine routine) {
  for (const Game::RoutineUse& use : game.fast_routines())
    if (use.routine == routine) return use.kept_out_by;
  FAIL("no such routine");
  return {};
}

}  // namespace

TEST_CASE("a game of plain clauses may use every fast routine", "[fast-paths]") {
  auto game = test::load_game("kalah");
  for (const Game::RoutineUse& use : game->fast_routines()) {
    INFO(fast_routine_name(use.routine));
    CHECK(use.kept_out_by.empty());
  }
}

TEST_CASE("a clause a routine does not support keeps that routine out, and only that one", "[fast-paths]") {
  // Pic claims and marks captured holes: owners and flags change, so a playout may not keep only
  // the counts, and the hash must cover owners and flags; it never reads turn counts.
  auto game = test::load_game("pic");
  CHECK(kept_out(*game, FastRoutine::counts_only) == std::vector<std::string>{"claim", "mark"});
  CHECK(kept_out(*game, FastRoutine::hash_without_owners) == std::vector<std::string>{"claim"});
  CHECK(kept_out(*game, FastRoutine::hash_without_flags) == std::vector<std::string>{"mark"});
  CHECK(kept_out(*game, FastRoutine::hash_without_turns).empty());
}

TEST_CASE("a rule of each drop keeps the tight drop loop out", "[fast-paths]") {
  // Rabe captures at any drop that makes four (on-drop): the tight loop never asks.
  auto game = test::load_game("rabe");
  auto plain = kept_out(*game, FastRoutine::plain_drops);
  CHECK(std::count(plain.begin(), plain.end(), "on-drop") == 1);
  CHECK(kept_out(*game, FastRoutine::hash_without_turns).empty());
}

TEST_CASE("the reviewed list names only clauses of the registry", "[fast-paths]") {
  const std::string_view unknown[] = {"no-such-ludeme"};
  CHECK_THROWS_AS(ClauseSet::of(unknown), std::logic_error);
  const std::string_view bad_param[] = {"lap no-such-param"};
  CHECK_THROWS_AS(ClauseSet::of(bad_param), std::logic_error);
}

TEST_CASE("mancala bench says which fast routines a game uses and what keeps the others out", "[fast-paths]") {
  auto run = test::run_cli("bench " + test::game_path("pic") + " --playouts 5 --runs 1");
  REQUIRE(run.status == 0);
  CHECK_THAT(run.output, Catch::Contains("fast routines: unjudged candidates, hash without turn counts"));
  CHECK_THAT(run.output, Catch::Contains("not plain drops (because of on-drop)"));
  CHECK_THAT(run.output, Catch::Contains("not hash without owners (because of claim)"));
}

// The newcomer's case of issue 23: a sowing clause added after the fast routines were written
// (here `divert`, which none of them lists) must be obeyed on every path, not only by apply and
// trace --events. The position has one legal move, so apply, expand (with and without events),
// apply_random, a playout and plain `trace` must all land on the board the clause makes, which
// differs from the board of the same game without it.
TEST_CASE("a clause no fast routine knows is obeyed on every path", "[fast-paths]") {
  const std::string base = R"((game "Newcomer"
  (board 2 3 stores:open)
  (start (fill 1))
  (sow (origin (row mover) (if (occupied hole)))
    )";
  // "The final counter never falls into an empty hole of the mover's row: it goes to the store."
  const std::string divert = "(divert (and (= in-hand 0) (empty hole) (within hole (row mover))) (store mover))";
  auto plain = test::load_text(base + "))");
  auto game = test::load_text(base + divert + "))");
  REQUIRE(kept_out(*game, FastRoutine::plain_drops) == std::vector<std::string>{"divert", "in-hand"});
  const std::string position = R"(
    P2 store 0 | 1 1 1 |
               | 2 0 0 | P1 store 0
    mover P1
  )";
  // A1's 2: B1 1, then the last counter, due in C1 (empty, the mover's row), goes to the store.
  const std::string diverted = R"(
    P2 store 0 | 1 1 1 |
               | 0 1 0 | P1 store 1
    mover P2
  )";
  const std::string not_diverted = R"(
    P2 store 0 | 1 1 1 |
               | 0 1 1 | P1 store 0
    mover P2
  )";
  State start = test::drawn(*game, position);
  REQUIRE(test::legal(*game, start) == std::vector<std::string>{"A1"});

  SECTION("apply") {
    State s = start;
    test::play(*game, s, "A1");
    test::expect_board(*game, s, diverted);
    State p = test::drawn(*plain, position);
    test::play(*plain, p, "A1");
    test::expect_board(*plain, p, not_diverted);
  }
  SECTION("expand, with and without events") {
    for (bool events : {false, true}) {
      std::vector<Game::Child> children;
      game->expand(start, children, events);
      REQUIRE(children.size() == 1);
      test::expect_board(*game, children[0].state, diverted);
    }
  }
  SECTION("apply_random and a playout") {
    State s = start;
    PlayoutRng rng(3);
    game->apply_random(s, rng);
    test::expect_board(*game, s, diverted);
    State t = start;
    game->playout(t, rng, t.ply + 1);
    test::expect_board(*game, t, diverted);
  }
}
