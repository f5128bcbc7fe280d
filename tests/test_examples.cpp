// The twenty example records of tests/examples/ (docs/records.md), made by an independent
// implementation of docs/rulings.md: replayed move by move, every position must agree.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "interpreter/trace.hpp"
#include "support.hpp"

using nlohmann::json;

namespace {

struct Example {
  std::string name, game;
  std::vector<std::string> options;
};

std::vector<Example> examples() {
  std::ifstream index(std::string(MANCALA_TESTS_DIR) + "/examples/INDEX.tsv");
  std::vector<Example> out;
  std::string line;
  while (std::getline(index, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Example e;
    std::getline(fields, e.name, '\t');
    std::getline(fields, e.game, '\t');
    std::string options;
    std::getline(fields, options);
    std::istringstream words(options);
    for (std::string o; words >> o;) e.options.push_back(o);
    out.push_back(e);
  }
  return out;
}

json without_events(json line) {
  line.erase("events");
  line.erase("start-events");
  return line;
}

}  // namespace

TEST_CASE("the example records replay position by position", "[examples]") {
  auto all = examples();
  REQUIRE(all.size() == 20);
  for (const Example& e : all) {
    DYNAMIC_SECTION(e.name) {
      std::ifstream file(std::string(MANCALA_TESTS_DIR) + "/examples/" + e.name + ".jsonl");
      std::vector<json> expected;
      std::vector<std::string> moves;
      for (std::string line; std::getline(file, line);) {
        if (line.empty()) continue;
        expected.push_back(json::parse(line));
        if (expected.back().contains("move")) moves.push_back(expected.back()["move"]);
      }
      auto game = mancala::test::load_game(e.game, e.options);
      mancala::TraceRequest request;
      request.moves = moves;
      std::ostringstream out;
      auto result = mancala::write_trace(*game, request, out);
      CHECK(result.exit_code == 0);
      std::istringstream lines(out.str());
      std::size_t i = 0;
      for (std::string line; std::getline(lines, line); ++i) {
        INFO("line " << i + 1);
        REQUIRE(i < expected.size());
        REQUIRE(json::parse(line) == without_events(expected[i]));
      }
      CHECK(i == expected.size());
    }
  }
}
