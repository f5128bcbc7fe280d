// The bad-file corpus: every file in tests/bad/ must give exactly the first diagnostic listed for
// it in tests/bad/expected.txt ("name.lud<TAB>line:col: message"). A file whose first line is
// "// options: name=value ..." is checked with those command-line choices. In messages, the
// stdlib directory is written <stdlib>.
//
// To see what every file gives now: MANCALA_BAD_DUMP=1 mancala_tests "[bad]"
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "lang/checker.hpp"

using namespace mancala;
namespace fs = std::filesystem;

namespace {

const std::string bad_dir = std::string(MANCALA_TESTS_DIR) + "/bad";
const std::string stdlib_dir = std::string(MANCALA_TESTS_DIR) + "/../stdlib";

std::map<std::string, std::string> read_expectations() {
  std::map<std::string, std::string> expected;
  std::ifstream in(bad_dir + "/expected.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    expected[line.substr(0, tab)] = line.substr(tab + 1);
  }
  return expected;
}

std::vector<OptionChoice> options_of(const std::string& path, Diagnostics& diagnostics) {
  std::ifstream in(path, std::ios::binary);
  std::string first;
  std::getline(in, first);
  const std::string marker = "// options:";
  std::vector<OptionChoice> choices;
  if (first.rfind(marker, 0) != 0) return choices;
  std::istringstream words(first.substr(marker.size()));
  std::string word;
  while (words >> word) choices.push_back(parse_option_argument(word, diagnostics));
  return choices;
}

// "line:col: message" of the first error the checker gives for `path`.
std::string first_error(const std::string& path, CheckSettings settings = {}) {
  settings.stdlib_dirs = {stdlib_dir};
  Diagnostics diagnostics;
  auto choices = options_of(path, diagnostics);
  CheckedGame out;
  bool ok = check_file(path, choices, settings, out, diagnostics);
  for (const auto& d : diagnostics.all()) {
    if (d.severity != Severity::error) continue;
    std::string message = d.message;
    for (auto at = message.find(stdlib_dir); at != std::string::npos; at = message.find(stdlib_dir))
      message.replace(at, stdlib_dir.size(), "<stdlib>");
    // Formatting every diagnostic must not fail either.
    (void)diagnostics.str();
    return std::to_string(d.position.line) + ":" + std::to_string(d.position.column) + ": " + message;
  }
  return ok ? "no error" : "failed without an error";
}

std::vector<std::string> corpus() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(bad_dir))
    if (entry.path().extension() == ".lud") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("every bad file gives its expected first diagnostic", "[bad]") {
  auto expected = read_expectations();
  const bool dump = std::getenv("MANCALA_BAD_DUMP") != nullptr;
  for (const auto& name : corpus()) {
    std::string actual = first_error(bad_dir + "/" + name);
    if (dump) std::cout << name << '\t' << actual << '\n';
    auto it = expected.find(name);
    if (it == expected.end()) continue;  // reported by the next test
    INFO(name);
    CHECK(actual == it->second);
  }
}

TEST_CASE("the bad-file corpus and its expectations match one to one", "[bad]") {
  auto expected = read_expectations();
  auto names = corpus();
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
