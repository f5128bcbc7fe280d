// Every input the fuzzers found a failure with (tests/fuzz-regressions/<target>/) replays through
// the same entry code as the fuzz target (fuzz/targets.cpp), as plain C++: no libFuzzer needed.
// The seed corpora replay too, and the fuzzers' inputs stay in step with the ludeme registry.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <sstream>

#include "cli_run.hpp"
#include "fuzz/targets.hpp"
#include "lang/registry.hpp"
#include "support.hpp"

namespace fs = std::filesystem;

namespace {

using Entry = void (*)(const std::uint8_t*, std::size_t);

std::vector<std::uint8_t> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The regular files of `dir` (not its README), sorted; none if it does not exist.
std::vector<fs::path> inputs(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().filename() != "README.md") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

void replay(const std::vector<fs::path>& files, Entry entry) {
  for (const fs::path& path : files) {
    auto bytes = read_bytes(path);
    INFO(path.string());
    CHECK_NOTHROW(entry(bytes.data(), bytes.size()));
  }
}

const fs::path regressions = fs::path(MANCALA_TESTS_DIR) / "fuzz-regressions";
const fs::path project = fs::path(MANCALA_TESTS_DIR) / "..";

}  // namespace

TEST_CASE("fuzz regression inputs replay without a failure", "[fuzz]") {
  replay(inputs(regressions / "checker"), mancala::fuzz::check_and_play);
  replay(inputs(regressions / "moves"), mancala::fuzz::moves);
  replay(inputs(regressions / "interpreter"), mancala::fuzz::interpreter);
  CHECK(inputs(regressions / "checker").size() >= 1);
}

TEST_CASE("the fuzz seed corpora replay without a failure", "[fuzz]") {
  const auto games = mancala::test::game_files();  // games/ is grouped in folders
  replay({games.begin(), games.end()}, mancala::fuzz::check_and_play);
  replay(inputs(project / "stdlib"), mancala::fuzz::check_and_play);
  replay(inputs(project / "tests" / "bad"), mancala::fuzz::check_and_play);
  replay(inputs(project / "fuzz" / "seeds" / "moves"), mancala::fuzz::moves);
  replay(inputs(project / "fuzz" / "seeds" / "interpreter"), mancala::fuzz::interpreter);
  CHECK(inputs(project / "fuzz" / "seeds" / "moves").size() == 40);
}

TEST_CASE("the generated fuzz dictionary is well formed and names every ludeme", "[fuzz]") {
  std::istringstream in(mancala::fuzz::ludeme_dictionary());
  std::set<std::string> entries;
  int lines = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    ++lines;
    // name="value", the value's quotes and backslashes escaped (libFuzzer's syntax)
    auto quote = line.find('"');
    INFO(line);
    REQUIRE(quote != std::string::npos);
    REQUIRE(line.back() == '"');
    REQUIRE(line[quote - 1] == '=');
    std::string value = line.substr(quote + 1, line.size() - quote - 2);
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (value[i] == '\\') ++i;
      else CHECK(value[i] != '"');
    }
    entries.insert(line.substr(0, quote - 1) + ":" + value);
  }
  for (const auto& spec : mancala::ludeme_registry()) {
    INFO("the dictionary lacks " << spec.name);
    CHECK(entries.count("ludeme:" + spec.name) == 1);
    for (const auto& p : spec.params)
      if (p.named) CHECK(entries.count("label:" + p.name + ":") == 1);
  }
  CHECK(entries.count("symbol:store+row") == 1);
  CHECK(entries.count("token:(") == 1);
  CHECK(lines > static_cast<int>(mancala::ludeme_registry().size()));
}

TEST_CASE("the interpreter fuzzer's generator writes files that check and compile", "[fuzz]") {
  auto before = mancala::fuzz::generator_stats();
  std::mt19937_64 rng(7);
  const int n = 200;
  for (int i = 0; i < n; ++i) {
    std::vector<std::uint8_t> bytes(64 + rng() % 256);
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
    REQUIRE_NOTHROW(mancala::fuzz::interpreter(bytes.data(), bytes.size()));
  }
  const auto& after = mancala::fuzz::generator_stats();
  CHECK(after.generated - before.generated == n);
  // Well-formed by construction: all of them check; many compile (the compiler refuses some
  // combinations the registry allows, such as (store-sow) without stores, or values the
  // registry's kinds allow but a form does not, such as (max-drops 0) or stride:0).
  CHECK(after.checked - before.checked == n);
  CHECK(after.compiled - before.compiled >= n / 4);
  CHECK(after.plies - before.plies > 0);
}

// Finding F1 (docs/robustness.md): a placement that cannot give every hole its min: left the
// player without a legal move, and `trace --random` crashed. Now the placement takes what is left.
TEST_CASE("F1: a placement that cannot be made still leaves a move", "[fuzz]") {
  std::string text;
  {
    std::ifstream in(regressions / "checker" / "F1-supply-below-min.lud");
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  auto game = mancala::test::load_text(text);
  mancala::State s = game->initial_state();
  std::vector<mancala::Move> moves;
  game->legal_moves(s, moves);
  CHECK((game->is_over(s) || !moves.empty()));
  mancala::test::TempFile file(text, "f1");
  auto run = mancala::test::run_cli("trace '" + file.path() + "' --random --max-turns 3");
  CHECK(run.status < 128);  // not killed by a signal
}
