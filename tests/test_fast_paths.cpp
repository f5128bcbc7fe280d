// The fast routines are opt-in (interpreter/fast_paths.hpp, docs/extending.md): a game uses one
// only if the routine supports every clause the game has, and `mancala bench` says which.
#include <catch2/catch.hpp>

#include <algorithm>

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
