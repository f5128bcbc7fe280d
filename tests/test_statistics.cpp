// Statistics a researcher can trust (issue 24, section 3): repeated games are counted and warned
// of, samples made independent (a seed per game for every agent, random opening plies),
// comparisons say which rows are not tested and which clause changed most, two rule files can be
// compared, the HTML shows comparisons as charts, per-game data for notebooks, the final score.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "interpreter/analysis/analysis.hpp"
#include "interpreter/analysis/html.hpp"
#include "interpreter/analysis/json.hpp"
#include "interpreter/analysis/report.hpp"
#include "tests/cli_run.hpp"
#include "tests/repl_script.hpp"
#include "tests/support.hpp"

namespace mancala::test {

namespace {

// The number of distinct games the report's first line gives: "... 20 games (7 distinct), ...".
long distinct_of(const std::string& report) {
  std::smatch m;
  REQUIRE(std::regex_search(report, m, std::regex(R"(\d+ games \((\d+) distinct\))")));
  return std::stol(m[1]);
}

analysis::Analysis run(const Game& game, const std::string& file, const std::vector<std::string>& options, long games) {
  analysis::RunSpec spec{file, options, "random", 1, games, 2000};
  analysis::RunControl control;
  control.jobs = 2;
  return analysis::analyze(game, spec, {0, games}, control);
}

}  // namespace

TEST_CASE("games that repeat are counted and warned of, and given no intervals", "[statistics]") {
  // A seed written in the spec wins over the game's: every game is the same.
  CliRun run = run_cli("analyze '" + game_path("awari") + "' --games 20 --jobs 2 --agent alphabeta:nodes=300,seed=5");
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK(distinct_of(run.output) == 1);
  check_contains(run.output, "! games repeat: only 1 distinct game of 20; intervals and tests assume independent games");
  check_contains(run.output, "balance (of 20 finished games; no intervals: only 1 of the 20 games are distinct)\n");
  CHECK_FALSE(std::regex_search(run.output, std::regex(R"(P2 wins .*\[)")));
}

TEST_CASE("every agent plays with the game's seed: alpha-beta's games differ", "[statistics]") {
  CliRun run = run_cli("analyze '" + game_path("awari") + "' --games 20 --jobs 2 --agent alphabeta:nodes=300");
  INFO(run.output);
  REQUIRE(run.status == 0);
  CHECK(distinct_of(run.output) >= 10);
  CHECK(run.output.find("games repeat") == std::string::npos);
}

TEST_CASE("random opening plies make a deterministic agent's games independent", "[statistics]") {
  CliRun run = run_cli("analyze '" + game_path("awari") + "' --games 20 --jobs 2 --agent alphabeta:nodes=300,seed=5 "
                       "--opening-plies 6 --json");
  INFO(run.output);
  REQUIRE(run.status == 0);
  auto j = nlohmann::json::parse(run.output);
  CHECK(j.at("opening_plies") == 6);
  CHECK(j.at("distinct_games").get<long>() >= 10);
  // Shards of different opening plies are not one study.
  auto a = analysis::analysis_from_json(j);
  auto b = a;
  b.spec.opening_plies = 0;
  b.slices = {{20, 40}};
  CHECK_THROWS_WITH(analysis::merge(a, b), Catch::Contains("opening plies"));
}

TEST_CASE("a comparison says which rows are not tested, and tests no reading whose games repeat",
          "[statistics]") {
  CliRun run = run_cli("analyze '" + game_path("kiuthi") + "' --games 3 --jobs 2 --max-turns 200 "
                       "--agent alphabeta:nodes=100,seed=3 --compare chain=leakey chain=driedger");
  INFO(run.output);
  REQUIRE(run.status == 0);
  for (const char* row : {"legal moves per decision (not tested)", "forced moves (not tested)", "passes (not tested)",
                          "captured per turn (not tested)", "moves excluded, G6 (not tested)"})
    check_contains(run.output, row);
  check_contains(run.output, "! chain=driedger: games repeat: only 1 distinct game of 3");
  CHECK(run.output.find(" *") == std::string::npos);  // nothing starred
}

TEST_CASE("the clause named first is the one whose share of the events changed most, not the sow line",
          "[statistics]") {
  // Driedger's chain (K7) takes more holes than Leakey's: the chain clause changes most; the sow
  // line changes too (games are shorter), but its share hardly moves.
  auto leakey = load_game("kiuthi", {"chain=leakey"});
  auto driedger = load_game("kiuthi", {"chain=driedger"});
  auto a = run(*leakey, "kiuthi", {"chain=leakey"}, 300);
  auto b = run(*driedger, "kiuthi", {"chain=driedger"}, 300);
  CHECK(analysis::most_changed_clause(a, b) == "kiuthi.lud:28");
}

TEST_CASE("two rule files compared with the same tests, naming the clauses that differ", "[statistics]") {
  std::ifstream in(game_path("awari"));
  std::stringstream text;
  text << in.rdbuf();
  std::string variant = text.str();
  // The variant leaves out the chain of captures (the "continuous series" of awari.lud).
  const std::size_t chain = variant.find("      (chain backward");
  const std::size_t end = variant.find("(take hole))))", chain);
  REQUIRE(chain != std::string::npos);
  variant = variant.substr(0, chain) + "      ))" + variant.substr(end + std::string("(take hole))))").size());
  TempFile b(variant, "awari-without-chain");
  CliRun run = run_cli("analyze '" + game_path("awari") + "' --compare-file '" + b.path() + "' --games 200 --jobs 2");
  INFO(run.output);
  REQUIRE(run.status == 0);
  check_contains(run.output, "2 rule files compared, 200 games each");
  check_contains(run.output, "clauses whose share of the events changed most from the first file");
  check_contains(run.output, "awari.lud:24 / (absent) 0.0% of the events, 0.00 per game");
  check_contains(run.output, "(chain backward");
}

TEST_CASE("the HTML comparison draws charts and a table, not monospace text", "[statistics]") {
  auto leakey = load_game("kiuthi", {"chain=leakey"});
  auto driedger = load_game("kiuthi", {"chain=driedger"});
  std::vector<analysis::Reading> readings = {
      {"chain=leakey", run(*leakey, game_path("kiuthi"), {"chain=leakey"}, 60)},
      {"chain=driedger", run(*driedger, game_path("kiuthi"), {"chain=driedger"}, 60)}};
  std::vector<analysis::HtmlSection> sections = {{leakey.get(), &readings[0].analysis},
                                                 {driedger.get(), &readings[1].analysis}};
  const std::string page = analysis::html_comparison(readings, sections);
  const std::string comparison = page.substr(0, page.find("<h2>Reading "));
  CHECK_THAT(comparison, Catch::Contains("<svg class=\"chart\" id=\"compare-lengths\""));
  CHECK_THAT(comparison, Catch::Contains("<svg class=\"chart\" id=\"compare-results\""));
  CHECK_THAT(comparison, Catch::Contains("<svg class=\"chart\" id=\"compare-clauses\""));
  CHECK_THAT(comparison, Catch::Contains("<table class=\"comparison\">"));
  CHECK_THAT(comparison, !Catch::Contains("<pre"));
  CHECK_THAT(page, !Catch::Contains("<script"));
}

TEST_CASE("per-game data for notebooks: --games-out writes CSV or JSON Lines", "[statistics]") {
  TextFile csv("", "games.csv");
  CliRun run = run_cli("analyze '" + game_path("kalah") + "' --games 12 --jobs 2 --games-out '" + csv.path() + "'");
  INFO(run.output);
  REQUIRE(run.status == 0);
  std::istringstream lines(csv.read());
  std::string line;
  std::getline(lines, line);
  CHECK(line == "game,seed,reading,plies,turns,rounds,result,store_P1,store_P2,score_P1,score_P2,captured_P1,captured_P2,captures");
  long n = 0;
  for (; std::getline(lines, line); ++n) {
    INFO(line);
    // One line per game, in order, with the seed of its agents; Kalah ends with every counter
    // in a store.
    std::vector<std::string> fields;
    std::stringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
    REQUIRE(fields.size() == 14);
    CHECK(fields[0] == std::to_string(n));
    CHECK(fields[1] == std::to_string(analysis::game_seed(1, n)));
    CHECK(fields[2] == "\"\"");
    CHECK(std::stol(fields[7]) + std::stol(fields[8]) == 48);
  }
  CHECK(n == 12);

  TextFile jsonl("", "games.jsonl");
  run = run_cli("analyze '" + game_path("kiuthi") + "' --games 4 --jobs 2 --compare chain=leakey chain=driedger "
                "--games-out '" + jsonl.path() + "'");
  REQUIRE(run.status == 0);
  std::istringstream json_lines(jsonl.read());
  std::vector<nlohmann::json> games;
  for (std::string l; std::getline(json_lines, l);) games.push_back(nlohmann::json::parse(l));
  REQUIRE(games.size() == 8);
  CHECK(games[0].at("reading") == "chain=leakey");
  CHECK(games[7].at("reading") == "chain=driedger");
  CHECK(games[7].at("game") == 3);
  for (const char* key : {"seed", "plies", "turns", "rounds", "result", "stores", "scores", "captured", "captures"})
    CHECK(games[0].contains(key));

  CliRun bad = run_cli("analyze '" + game_path("kalah") + "' --games 2 --games-out '" + csv.path() + ".txt'");
  CHECK(bad.status == 1);
  check_contains(bad.output, "name a .csv or a .jsonl file");
}

TEST_CASE("play and the REPL's ai end print the final score", "[statistics]") {
  CliRun play = run_cli("play '" + game_path("kalah") + "' --p1 random --p2 random --seed 3");
  INFO(play.output);
  std::smatch m;
  REQUIRE(std::regex_search(play.output, m, std::regex(R"(final score: P1 (\d+), P2 (\d+) \(counters in stores\)\n$)")));
  CHECK(std::stol(m[1]) + std::stol(m[2]) == 48);
  std::string repl = repl_session("kalah", "ai end\n");
  CHECK(std::regex_search(repl, std::regex(R"(  final score: P1 \d+, P2 \d+ \(counters in stores\)\n)")));
}

}  // namespace mancala::test
