// The bad-file corpus: every file in tests/bad/ must give exactly the first diagnostic listed for
// it in tests/bad/expected.txt (the format of tests/bad_corpus.hpp).
//
// To see what every file gives now: MANCALA_BAD_DUMP=1 mancala_tests "[bad]"
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "tests/bad_corpus.hpp"

using namespace mancala;
using namespace mancala::bad_corpus;
namespace fs = std::filesystem;

namespace {

const std::string bad_dir = std::string(MANCALA_TESTS_DIR) + "/bad";

}  // namespace

TEST_CASE("every bad file gives its expected first diagnostic", "[bad]") {
  auto expected = read_expectations(bad_dir);
  const bool dump = std::getenv("MANCALA_BAD_DUMP") != nullptr;
  for (const auto& name : corpus(bad_dir)) {
    std::string actual = first_error(bad_dir + "/" + name);
    if (dump) std::cout << name << '\t' << actual << '\n';
    auto it = expected.find(name);
    if (it == expected.end()) continue;  // reported by the next test
    INFO(name);
    CHECK(actual == it->second);
  }
}

TEST_CASE("the bad-file corpus and its expectations match one to one", "[bad]") {
  auto expected = read_expectations(bad_dir);
  auto names = corpus(bad_dir);
  CHECK(names.size() >= 45);
  for (const auto& name : names) {
    INFO("no expectation in tests/bad/expected.txt for " << name);
    CHECK(expected.count(name) == 1);
  }
  for (const auto& [name, message] : expected) {
    INFO("expectation for a file that does not exist: " << name);
    CHECK(fs::exists(bad_dir + "/" + name));
  }
}

TEST_CASE("a file nested 100000 levels deep is refused at the limit", "[bad]") {
  fs::path path = fs::temp_directory_path() / ("mancala-deep-" + std::to_string(::getpid()) + ".lud");
  {
    std::ofstream out(path, std::ios::binary);
    out << "(game \"Deep\"\n";
    for (int i = 0; i < 100000; ++i) out << "(and ";
    for (int i = 0; i < 100000; ++i) out << ")";
    out << ")\n";
  }
  std::string error = first_error(path.string());
  fs::remove(path);
  // Line 2: the game form is level 1, so the 256th "(and " is the one too deep.
  CHECK(error == "2:1276: nesting deeper than 256 levels (limit max_depth)");
}

TEST_CASE("a file over max_bytes is refused at 1:1", "[bad]") {
  CheckSettings settings;
  settings.parse_limits.max_bytes = 16;
  CHECK(first_error(bad_dir + "/two_games.lud", settings) ==
        "1:1: file is larger than 16 bytes (limit max_bytes)");
}
