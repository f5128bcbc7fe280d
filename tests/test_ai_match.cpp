// mancala match: results do not depend on the number of threads; seats alternate; the turn
// limit's games are credited to the player ahead (G9) and counted; the Wilson interval.
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "interpreter/ai/match.hpp"
#include "interpreter/analysis/stats.hpp"
#include "support.hpp"

using namespace mancala;

TEST_CASE("a match gives the same games and results on one thread and on two", "[ai][match]") {
  auto game = test::load_game("kalah");
  ai::MatchSettings settings;
  settings.agents = {"mcts:iterations=30", "greedy"};
  settings.games = 6;
  settings.seed = 3;
  settings.jobs = 1;
  auto one = ai::play_match(*game, settings);
  settings.jobs = 2;
  auto two = ai::play_match(*game, settings);
  REQUIRE(one.games.size() == 6);
  for (std::size_t g = 0; g < one.games.size(); ++g) {
    CHECK(one.games[g].record == two.games[g].record);
    CHECK(one.games[g].result == two.games[g].result);
    // Seats alternate: the first agent is P1 in even games, P2 in odd ones.
    CHECK(one.games[g].seat_of[0] == static_cast<int>(g % 2));
  }
  for (std::size_t a = 0; a < 2; ++a) {
    CHECK(one.agents[a].wins == two.agents[a].wins);
    CHECK(one.agents[a].losses == two.agents[a].losses);
    CHECK(one.agents[a].wins + one.agents[a].draws + one.agents[a].losses + one.agents[a].unfinished == 6);
  }
  // Another match seed gives other games.
  settings.seed = 4;
  auto other = ai::play_match(*game, settings);
  bool differs = false;
  for (std::size_t g = 0; g < 6; ++g) differs = differs || other.games[g].record != one.games[g].record;
  CHECK(differs);
}

TEST_CASE("a match cut by the turn limit counts for the player ahead (G9) and says so", "[ai][match]") {
  auto game = test::load_game("okwe-ido");  // random games of Okwe practically never end (O7)
  ai::MatchSettings settings;
  settings.agents = {"random", "random"};
  settings.games = 4;
  settings.max_turns = 30;
  auto result = ai::play_match(*game, settings);
  CHECK(result.cut == 4);
  int credited = 0, unfinished = 0, wins = 0;
  for (const auto& a : result.agents) credited += a.credited, unfinished += a.unfinished, wins += a.wins;
  CHECK(credited == wins);
  CHECK(credited + unfinished / 2 == 4);  // an unfinished game counts once for each agent
  for (const auto& g : result.games) CHECK(g.result == "unfinished");
}

TEST_CASE("the 95% Wilson interval (match and analysis share it)", "[ai][match][analysis]") {
  auto i = analysis::wilson95(180, 200);
  CHECK(i.low == Approx(0.8506).margin(1e-3));
  CHECK(i.high == Approx(0.9345).margin(1e-3));
  CHECK(analysis::wilson95(0, 10).low == 0);
  CHECK(analysis::wilson95(10, 10).high == Approx(1.0));
}

TEST_CASE("mancala match and solve on the command line", "[ai][match][cli]") {
  const std::string kalah = test::game_path("kalah");
  auto run = test::run_cli("match '" + kalah + "' --p1 greedy --p2 random --games 4 --jobs 2 --seed 2");
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK(run.output.find("Kalah: 4 games, seats alternating, seed 2, turn limit 2000 plies\n") == 0);
  CHECK(run.output.find("  greedy:seed=") != std::string::npos);
  CHECK(run.output.find("95% CI") != std::string::npos);
  CHECK((run.output.find("game cut by the turn limit") != std::string::npos ||
         run.output.find("games cut by the turn limit") != std::string::npos));
  auto json = test::run_cli("match '" + kalah + "' --p1 greedy --p2 random --games 4 --json");
  CHECK(json.status == 0);
  CHECK(json.output.find("\"win_ci95\":[") != std::string::npos);
  auto bad = test::run_cli("match '" + kalah + "' --p1 greedy --p2 mcts:depth=2");
  CHECK(bad.status == 2);
  CHECK(bad.output == "mancala match: error: agent 'mcts' has no parameter 'depth' (parameters: iterations, time, memory, c, "
                      "playout, reuse, seed)\n");
  auto missing = test::run_cli("match '" + kalah + "' --p1 greedy");
  CHECK(missing.status == 2);
  CHECK(missing.output == "mancala match: error: Kalah has 2 players: give --p2\n");

  const std::string tiny = test::project_dir() + "/tests/ai/tiny-kalah.lud";
  auto solved = test::run_cli("solve '" + tiny + "' --option seeds=1");
  INFO(solved.output);
  CHECK(solved.status == 0);
  CHECK(solved.output.find("P1 to move: ") == 0);
  CHECK(solved.output.find("principal variation: ") != std::string::npos);
  // Without the endgame table, which holds this whole game (a budget this small builds it first).
  auto short_budget = test::run_cli("solve '" + tiny + "' --budget 5 --endgame 0");
  CHECK(short_budget.status == 3);
  CHECK(short_budget.output ==
        "budget ran out after 5 positions: no exact value (raise --budget)\n"
        "P1 to move: the value lies between loss by 12 and win by 12 counters\n");
  CHECK(solved.output.find("\nendgame table: not needed: solved within 100000 positions\n") != std::string::npos);
  // --endgame named: that table at once, however short the search.
  auto asked = test::run_cli("solve '" + tiny + "' --option seeds=1 --endgame 4 --endgame-cache none");
  CHECK(asked.output.find("\nendgame table: positions with at most 4 counters on the pits (420 entries), built\n") !=
        std::string::npos);
  // Stopped early: the bounds proven (the value is a win by 2) and the move that proved the lower
  // (without the endgame table, which a budget this small builds first).
  auto bounded = test::run_cli("solve '" + tiny + "' --option seeds=3 --budget 600 --json --endgame 0");
  CHECK(bounded.status == 3);
  CHECK(bounded.output.find(R"("complete":false,"positions":600,"endgame_table":"off","stopped":"budget",)"
                            R"("lower":{"result":"win","margin":2},)"
                            R"("upper":{"result":"win","margin":18},"best":"A1"})") != std::string::npos);
  // A draw is said as one, not as "draw by 0 counters": Kalah(1,1) is drawn.
  auto drawn = test::run_cli("solve '" + test::project_dir() + "/tests/ai/kalah-mn.lud' -o holes=1 -o seeds=1");
  CHECK(drawn.output.find("P1 to move: draw under perfect play (") == 0);
  auto illegal = test::run_cli("solve '" + tiny + "' --moves \"A2\"");
  CHECK(illegal.status == 2);
  CHECK(illegal.output == "mancala solve: error: 'A2' is not a legal move after 0 moves\n");
}
