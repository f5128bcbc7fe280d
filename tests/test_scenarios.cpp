// The one driver of the scenario files (docs/scenarios.md): every file of tests/scenarios/ plays
// as written. CTest runs it once per file (scenarios.NAME, MANCALA_SCENARIOS=NAME), so that files
// run in parallel; by hand, `build/tests/mancala_tests "[scenario-files]"` runs them all. The
// control files of tests/scenarios-bad/ are written wrong on purpose: the driver must fail on
// each, with the file, the line and what differs.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <set>

#include "scenario_runner.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

const std::string kScenarios = test::project_dir() + "/tests/scenarios";
const std::string kBadScenarios = std::string(MANCALA_TESTS_DIR) + "/scenarios-bad";

// The failures of a whole file: its syntax error, or every scenario's.
std::vector<std::string> failures_of(const std::string& path, std::size_t* scenarios = nullptr) {
  try {
    scenario::File file = scenario::parse_file(path);
    if (scenarios) *scenarios = file.scenarios.size();
    std::vector<std::string> out;
    for (const auto& s : file.scenarios)
      for (auto& failure : scenario::run_scenario(file, s)) out.push_back(std::move(failure));
    return out;
  } catch (const scenario::ScenarioSyntaxError& e) {
    return {e.what()};
  }
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("every scenario file of tests/scenarios plays as written", "[.][scenario-files]") {
  auto files = scenario::scenario_files(kScenarios);
  REQUIRE(files.size() >= 13);
  const char* only = std::getenv("MANCALA_SCENARIOS");  // a file's name without .scn
  if (only) {
    files.erase(std::remove_if(files.begin(), files.end(), [only](const std::string& f) { return game_name(f) != only; }),
                files.end());
    INFO("MANCALA_SCENARIOS=" << only << ": no tests/scenarios/" << only << ".scn");
    REQUIRE(files.size() == 1);
  }
  for (const std::string& path : files) {
    DYNAMIC_SECTION(game_name(path)) {
      std::size_t scenarios = 0;
      for (const std::string& failure : failures_of(path, &scenarios)) FAIL_CHECK(failure);
      CHECK(scenarios >= 1);
    }
  }
}

TEST_CASE("every rule file of the library has a scenario file, and every scenario file a game",
          "[scenarios]") {
  // The four original games, tested by tests/test_rulings_*.cpp instead (their rulings' scenarios
  // in C++).
  const std::set<std::string> rulings_tests = {"kisolo", "kiuthi", "lib-al-ghashim", "okwe-ido"};
  std::set<std::string> with_scenarios;
  for (const std::string& path : scenario::scenario_files(kScenarios)) {
    std::string game = scenario::parse_file(path).game;
    INFO(path);
    CHECK_NOTHROW(game_path(game));
    with_scenarios.insert(game);
  }
  for (const std::string& path : game_files()) {
    if (rulings_tests.count(game_name(path))) continue;
    INFO(path << " has no scenario file tests/scenarios/" << game_name(path) << ".scn (docs/scenarios.md)");
    CHECK(with_scenarios.count(game_name(path)) == 1);
  }
}

TEST_CASE("a scenario file written wrong fails with its file, its line and what differs", "[scenarios]") {
  // The control: tests/scenarios-bad/wrong-awari.scn plays Awari with a wrong board, wrong legal
  // moves, a wrong refusal, wrong events, a wrong value and an illegal move, one per scenario.
  auto failures = failures_of(kBadScenarios + "/wrong-awari.scn");
  REQUIRE(failures.size() == 6);
  const std::string file = "tests/scenarios-bad/wrong-awari.scn:";
  for (const auto& failure : failures) CHECK(failure.rfind(file, 0) == 0);
  // A board: the line of the drawing, what differs, both boards drawn.
  CHECK(failures[0].find(file + "13: scenario \"a wrong board\": the position after F1 is not as drawn:\n"
                         "  hole D2: drawn 3, found 0\n"
                         "  P1 store: drawn 4, found 7\n"
                         "expected (as drawn at line 13):\n") == 0);
  CHECK(failures[0].find("found (as the REPL draws it):\n") != std::string::npos);
  CHECK(failures[0].find("|  1  4  1  1  1  0 |") != std::string::npos);
  CHECK(failures[1] == file + "24: scenario \"wrong legal moves\": the legal moves in the position are not as "
                              "written\n  written but not legal: A1\n  legal but not written: F1\nthe position:\n" +
                           failures[1].substr(failures[1].find("the position:\n") + 14));
  CHECK(failures[2].rfind(file + "32: scenario \"a wrong refusal\": why A1 is refused does not say \"empty\": ", 0) == 0);
  CHECK(failures[3].rfind(file + "41: scenario \"wrong events\": the events of F1 (of the kinds written) are not "
                                 "as written\nexpected:\n    capture P1 D2 2 into store\nfound:\n"
                                 "    capture P1 D2 3 into store\n",
                          0) == 0);
  CHECK(failures[4] == file + "49: scenario \"a wrong value\": (sum (row P1)) is 7 in the position, not 8");
  CHECK(failures[5].rfind(file + "57: scenario \"an illegal move\": A2 cannot be played in the position: ", 0) == 0);
  CHECK(failures[5].find("legal moves: A1, B1, D1, F1") != std::string::npos);
}

TEST_CASE("a scenario file with a syntax error names its line", "[scenarios]") {
  auto failures = failures_of(kBadScenarios + "/no-sentence.scn");
  CHECK(failures == std::vector<std::string>{
                        "tests/scenarios-bad/no-sentence.scn:4: scenario \"a scenario that does not say what it "
                        "checks\" names no sentence of the text it checks: add a line `text \"...\"` quoting it"});
  failures = failures_of(kBadScenarios + "/unknown-line.scn");
  CHECK(failures == std::vector<std::string>{
                        "tests/scenarios-bad/unknown-line.scn:9: unknown line `expected` (did you mean 'expect'?); a "
                        "line starts with one of: game, scenario, text, rulings, options, start, position, play, "
                        "events, expect, legal, illegal, eval, branch"});
}

TEST_CASE("docs/scenarios.md's complete example is a scenario file that plays", "[scenarios][docs]") {
  // The first ```scn block of the document, written to a file and run like the others.
  std::string doc = read_text(std::string(MANCALA_TESTS_DIR) + "/../docs/scenarios.md");
  std::size_t start = doc.find("```scn\n");
  REQUIRE(start != std::string::npos);
  start += 7;
  std::string example = doc.substr(start, doc.find("```\n", start) - start);
  // Named awari.scn, as it would be in tests/scenarios/, in a folder of its own.
  auto dir = std::filesystem::temp_directory_path() / ("mancala-scenarios-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "awari.scn", std::ios::binary) << example;
  std::size_t scenarios = 0;
  for (const std::string& failure : failures_of((dir / "awari.scn").string(), &scenarios)) FAIL_CHECK(failure);
  CHECK(scenarios >= 2);
  std::filesystem::remove_all(dir);
}
