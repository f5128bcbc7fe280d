// (hole-numbers FIRST HOLES...): a game transcribed from a source that numbers its holes replays
// as the source writes it (docs/records.md, "A game in a source's numbering"). Run through the
// command line, as a person uses it.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

#include "tests/cli_run.hpp"

using namespace mancala::test;

namespace {

const std::string dir = std::string(MANCALA_TESTS_DIR) + "/hole-numbers";
const std::string rules = dir + "/numbered.lud";

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The moves of a move list file (docs/records.md), joined for --moves.
std::string moves_of(const std::string& path) {
  std::string text = std::regex_replace(read(path), std::regex("#[^\n]*"), "");
  text = std::regex_replace(text, std::regex("\\s*\n\\s*"), ", ");
  return std::regex_replace(text, std::regex("^[, ]+|[, ]+$"), "");
}

}  // namespace

TEST_CASE("a game in the source's hole numbers replays as written, to the position of its named moves",
          "[hole-numbers][cli]") {
  CliRun printed = run_cli("replay '" + rules + "' '" + dir + "/as-printed.txt'");
  CliRun named = run_cli("replay '" + rules + "' '" + dir + "/as-named.txt'");
  INFO(printed.output);
  CHECK(printed.status == 0);
  CHECK(named.status == 0);
  CHECK(printed.output.find("the rule file agrees with the record: 24 moves replayed") != std::string::npos);
  // The same game: trace writes both as the same record, names and positions, line for line.
  CliRun printed_trace = run_cli("trace '" + rules + "' --moves '" + moves_of(dir + "/as-printed.txt") + "'");
  CliRun named_trace = run_cli("trace '" + rules + "' --moves '" + moves_of(dir + "/as-named.txt") + "'");
  CHECK(printed_trace.status == 0);
  CHECK(printed_trace.output == named_trace.output);
  CHECK(printed_trace.output.find("\"move\":\"F2\"") != std::string::npos);  // 7, written by name
}

TEST_CASE("a number that names no hole is a notation error naming the numbers", "[hole-numbers][cli]") {
  TempFile record("1\n13\n", "moves");
  CliRun run = run_cli("replay '" + rules + "' '" + record.path() + "'");
  INFO(run.output);
  CHECK(run.status != 0);
  CHECK(run.output.find(":2: ply 1: notation error: '13' is not a move: write a hole (C1, or by its "
                        "number 1 to 12 (hole-numbers))") != std::string::npos);
}

TEST_CASE("without (hole-numbers ...) a hole's number is not a move", "[hole-numbers][cli]") {
  std::string text = std::regex_replace(read(rules), std::regex("\\(hole-numbers[^\n]*"), "");
  TempFile plain(text, "plain");
  TempFile record("1\n", "moves");
  CliRun run = run_cli("replay '" + plain.path() + "' '" + record.path() + "'");
  INFO(run.output);
  CHECK(run.output.find("notation error: '1' is not a move: write a hole (C1), ") != std::string::npos);
}

TEST_CASE("a hole numbered twice is an error at load", "[hole-numbers][cli]") {
  std::string text = std::regex_replace(read(rules), std::regex("\\(reversed \\(board-row 2\\)\\)"), "(board-row 1)");
  TempFile twice(text, "twice");
  CliRun run = run_cli("check '" + twice.path() + "'");
  INFO(run.output);
  CHECK(run.status != 0);
  CHECK(run.output.find("A1 is numbered twice by (hole-numbers ...)") != std::string::npos);
}
