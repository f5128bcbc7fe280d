// Long work a person can see and stop (issue 24, section 4): every search polls a cancel flag,
// MCTS keeps its tree within a memory bound and takes time= as its budget, output paths are
// checked before a study starts, every move has a drop budget that no shipped file reaches in
// random play, and the REPL's exit status and file in force tell the truth. (Ctrl-C in the REPL
// and the progress of solve and analyze on a terminal: tests/tmux_repl.sh, tests/tmux_progress.sh.)
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <thread>

#include "interpreter/ai/agent.hpp"
#include "interpreter/ai/solver.hpp"
#include "interpreter/analysis/analysis.hpp"
#include "tests/cli_run.hpp"
#include "tests/repl_script.hpp"
#include "tests/support.hpp"

namespace mancala::test {

TEST_CASE("every search stops when its cancel flag is set, leaving the position as it was", "[long-work]") {
  auto game = load_game("kalah");
  const State s = game->initial_state();
  std::atomic<bool> cancel{true};
  for (const char* spec : {"alphabeta:nodes=0,depth=60", "mcts:iterations=0,time=100000", "greedy", "random"}) {
    INFO(spec);
    auto agent = ai::make_agent(spec, *game, 1);
    agent->set_cancel(&cancel);
    const State before = s;
    if (std::string(spec).rfind("alphabeta", 0) == 0 || std::string(spec).rfind("mcts", 0) == 0)
      CHECK_THROWS_AS(agent->choose(s), ai::Cancelled);
    else
      CHECK_NOTHROW(agent->choose(s));  // nothing long to stop
    CHECK(static_cast<const StateCore&>(s) == before);
  }
  ai::SolveControl control;
  control.cancel = &cancel;
  // A stopped solve returns what it proved so far (issue 27): bounds, not an exception.
  const ai::Solution stopped = ai::solve(*game, s, 0, 2000, &control);
  CHECK(stopped.cancelled);
  CHECK(!stopped.complete);
}

TEST_CASE("an analysis stopped in the middle of an agent's game counts only the games played", "[long-work]") {
  auto game = load_game("kalah");
  const analysis::RunSpec spec{"kalah", {}, "alphabeta:nodes=0,time=200", 1, 1000, 2000};
  std::atomic<bool> stop{false};
  analysis::RunControl control;
  control.jobs = 2;
  control.stop = &stop;
  std::thread stopper([&stop] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    stop = true;
  });
  analysis::Analysis a = analysis::analyze(*game, spec, {0, 1000}, control);
  stopper.join();
  CHECK(a.interrupted);
  CHECK(a.tally.games < 1000);
  // No game stopped half-way left its plies or decisions behind.
  long plies = 0;
  for (auto [value, times] : a.tally.plies.counts()) plies += value * times;
  CHECK(a.tally.branching.total() == plies);
  CHECK(a.tally.plies.total() == a.tally.games);
}

TEST_CASE("MCTS keeps its tree within its memory bound", "[long-work]") {
  auto game = load_game("kalah");
  auto agent = ai::make_agent("mcts:iterations=30000,memory=1", *game, 1);
  State s = game->initial_state();
  agent->choose(s);
  CHECK(agent->effort() == 30000);        // every iteration ran
  CHECK(agent->memory_used() > 0);
  CHECK(agent->memory_used() <= 1024 * 1024 + 4096);  // at most one node past the bound
  CHECK_THROWS_WITH(ai::make_agent("mcts:memory=0", *game, 1), Catch::Contains("memory must be a positive number"));
}

TEST_CASE("a time budget given alone is the budget: mcts:time= and alphabeta:time=", "[long-work]") {
  auto game = load_game("kalah");
  CHECK_THAT(ai::make_agent("mcts:time=1500", *game, 1)->describe(), Catch::StartsWith("mcts:iterations=0,time=1500,"));
  CHECK_THAT(ai::make_agent("mcts:time=1500,iterations=50", *game, 1)->describe(),
             Catch::StartsWith("mcts:iterations=50,time=1500,"));
  CHECK_THAT(ai::make_agent("alphabeta:time=500", *game, 1)->describe(), Catch::StartsWith("alphabeta:depth=64,nodes=0,time=500,"));
  CHECK_THAT(ai::make_agent("mcts", *game, 1)->describe(), Catch::StartsWith("mcts:iterations=200,time=0,"));
}

TEST_CASE("the --html and --games-out paths are checked before the study starts", "[long-work]") {
  const std::string kalah = "'" + game_path("kalah") + "'";
  for (const char* flag : {"--html", "--games-out"}) {
    CliRun run = run_cli("analyze " + kalah + " --games 50 " + flag + " /nonexistent-directory/out.csv");
    INFO(run.output);
    CHECK(run.status == 2);
    check_contains(run.output, std::string(flag) + " /nonexistent-directory/out.csv: cannot write there");
    CHECK(run.output.find("completion") == std::string::npos);  // no game was played
  }
}

TEST_CASE("the default drop budget per move is well below 10^9 and changes no move of any file in random play",
          "[long-work]") {
  CHECK(PlayLimits{}.max_drops_per_move == PlayLimits::kDefaultMaxDrops);
  CHECK(PlayLimits::kDefaultMaxDrops == 1'000'000);
  // Every file of games/ under every option value: random games play the same moves to the same
  // positions under the default budget as under ten times it, so no sowing of them is longer.
  for (const auto& entry : std::filesystem::recursive_directory_iterator(games_dir())) {
    if (entry.path().extension() != ".lud") continue;
    for (const auto& options : configurations(entry.path().string())) {
      std::string error;
      auto source = read_source(entry.path().string(), error);
      auto budget = check_and_compile(source, options), wider = check_and_compile(source, options);
      wider->limits.max_drops_per_move = 10 * PlayLimits::kDefaultMaxDrops;
      for (unsigned g = 0; g < 4; ++g) {
        PlayoutRng rng_a(700 + g), rng_b(700 + g);
        State a = budget->initial_state(), b = wider->initial_state();
        while (!budget->is_over(a) && a.ply < 200) {
          INFO(entry.path().filename().string() << " " << (options.empty() ? "" : options[0]) << " game " << g
                                                << " ply " << a.ply);
          REQUIRE(budget->apply_random(a, rng_a) == wider->apply_random(b, rng_b));
          REQUIRE(static_cast<const StateCore&>(a) == static_cast<const StateCore&>(b));
        }
      }
    }
  }
}

TEST_CASE("a script's REPL exits with status 1 when its rule file does not load", "[long-work]") {
  CliRun missing = run_with_input("repl nowhere.lud", "board\n");
  CHECK(missing.status == 1);
  check_contains(missing.output, "cannot open 'nowhere.lud'");
  CliRun option = run_with_input("repl '" + game_file("kiuthi") + "' --option holes=99", "board\n");
  CHECK(option.status == 1);
  CHECK(option.output.find("error: no game loaded: load FILE") == std::string::npos);  // the script did not run
}

TEST_CASE("after a failed load the REPL names the file still in force", "[long-work]") {
  std::string out = repl_session("kalah", "load nowhere.lud\ninfo\n");
  check_contains(out, "error: the rules in force are unchanged: those of " + game_file("kalah") + "\n");
  check_contains(out, "Kalah (" + game_file("kalah") + "): board 2x6");
  CHECK(out.find("(nowhere.lud)") == std::string::npos);
}

}  // namespace mancala::test
