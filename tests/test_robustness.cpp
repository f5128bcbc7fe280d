// Bad input as a user gives it to the command line (docs/robustness.md): each gives an error
// message and a failing exit status, never a crash. The rule-file classes are proved by the
// bad-file corpus (test_bad_files.cpp), the limits by test_limits.cpp.
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "support.hpp"

using mancala::test::run_cli;
using mancala::test::TempFile;

namespace {

// A game file's path, quoted for the shell of run_cli.
std::string quoted_game_file(const std::string& name) {
  return "'" + mancala::test::game_path(name) + "'";
}

// The first line of the output.
std::string first_line(const std::string& output) { return output.substr(0, output.find('\n')); }

// The last line of the output.
std::string last_line(std::string output) {
  while (!output.empty() && output.back() == '\n') output.pop_back();
  auto newline = output.rfind('\n');
  return newline == std::string::npos ? output : output.substr(newline + 1);
}

}  // namespace

TEST_CASE("command line: files that cannot be read", "[cli][robustness]") {
  auto run = run_cli("check /nonexistent/rules.lud");
  CHECK(run.status == 1);
  CHECK(run.output == "mancala: error: cannot open '/nonexistent/rules.lud'\n");
  run = run_cli("check /tmp");
  CHECK(run.status == 1);
  CHECK(run.output == "mancala: error: '/tmp' is a directory, not a rule file\n");
  run = run_cli("trace /nonexistent/rules.lud --random");
  CHECK(run.status == 1);
  CHECK(run.output == "mancala: error: cannot open '/nonexistent/rules.lud'\n");
  // A binary file: the first byte that cannot start anything, shown escaped; the source line is
  // shown with control bytes as '?'.
  TempFile binary(std::string("\x7f" "ELF\x02\x01\x01\x00\x00", 9), "binary");
  run = run_cli("check '" + binary.path() + "'");
  CHECK(run.status == 1);
  CHECK(first_line(run.output) == binary.path() + ":1:1: error: unexpected character '\\x7f'");
}

TEST_CASE("command line: subcommands, flags and arguments", "[cli][robustness]") {
  auto run = run_cli("");
  CHECK(run.status == 106);
  CHECK(first_line(run.output) == "A subcommand is required");
  run = run_cli("frobnicate");
  CHECK(run.status != 0);
  CHECK(run.status < 128);
  run = run_cli("check");
  CHECK(run.status == 106);
  CHECK(first_line(run.output) == "files is required");
  run = run_cli("check --frob " + quoted_game_file("kiuthi"));
  CHECK(run.status == 109);
  CHECK(first_line(run.output) == "The following argument was not expected: --frob");
  run = run_cli("trace " + quoted_game_file("kiuthi"));
  CHECK(run.status == 2);
  CHECK(run.output == "mancala trace: give --moves \"M1, M2, ...\" or --random\n");
  run = run_cli("trace " + quoted_game_file("kiuthi") + " --random --moves 'A1 ccw'");
  CHECK(run.status == 108);
  CHECK(first_line(run.output) == "--moves excludes --random");
  run = run_cli("trace " + quoted_game_file("kiuthi") + " --random --max-turns abc");
  CHECK(run.status == 105);
  CHECK(first_line(run.output).rfind("--max-turns: ", 0) == 0);
  run = run_cli("trace " + quoted_game_file("kiuthi") + " --random --max-turns -5");
  CHECK(run.status == 105);
  CHECK(first_line(run.output) == "--max-turns: Value -5 not in range 0 to 100000000");
  run = run_cli("bench " + quoted_game_file("kiuthi") + " --playouts 0");
  CHECK(run.status == 105);
  CHECK(first_line(run.output) == "--playouts: Value 0 not in range 1 to 100000000");
}

TEST_CASE("command line: bad --option", "[cli][robustness]") {
  const std::string kiuthi = quoted_game_file("kiuthi");
  auto run = run_cli("check -o holes " + kiuthi);
  CHECK(run.status == 1);
  CHECK(run.output == "--option:1:1: error: expected name=value in --option 'holes'\nholes\n^\n");
  run = run_cli("check -o =5 " + kiuthi);
  CHECK(run.status == 1);
  CHECK(first_line(run.output) == "--option:1:1: error: expected an option name before '=' in --option");
  run = run_cli("check -o holes=99 " + kiuthi);
  CHECK(run.status == 1);
  CHECK(run.output == "--option:1:7: error: option 'holes' has no choice '99' (choices: 5, 6, 7, 8, 9, "
                      "10)\nholes=99\n      ^\n");
  run = run_cli("check -o holes=six " + kiuthi);
  CHECK(run.status == 1);
  CHECK(first_line(run.output) == "--option:1:7: error: option 'holes' has no choice 'six' (choices: 5, 6, 7, 8, 9, 10)");
  run = run_cli("check -o colour=red " + kiuthi);
  CHECK(run.status == 1);
  CHECK(first_line(run.output) ==
        "--option:1:1: error: unknown option 'colour' (declared options: holes, counters, chain, "
        "shrink, opener)");
  run = run_cli("check -o chian=leakey " + kiuthi);
  CHECK(run.status == 1);
  CHECK(first_line(run.output).find("unknown option 'chian' (did you mean 'chain'?)") != std::string::npos);
}

TEST_CASE("command line: illegal moves and malformed move lists", "[cli][robustness]") {
  const std::string kiuthi = quoted_game_file("kiuthi");
  auto run = run_cli("trace " + kiuthi + " --moves 'Z9'");
  CHECK(run.status == 2);
  CHECK(last_line(run.output) == R"({"error":"illegal move Z9","ply":0})");
  // An empty item of the list is an illegal (empty) move at its place.
  run = run_cli("trace " + kiuthi + " --moves 'A1 ccw,, B1'");
  CHECK(run.status == 2);
  CHECK(last_line(run.output) == R"({"error":"illegal move ","ply":1})");
  // Moves are read as a person types them (G8): any case, inner spaces; recorded as the tools
  // write them. A word that is no move stays an illegal move.
  run = run_cli("trace " + kiuthi + " --moves 'a1 CCW,  b2   cw'");
  CHECK(run.status == 0);
  CHECK(run.output.find(R"("move":"A1 ccw")") != std::string::npos);
  CHECK(run.output.find(R"("move":"B2 cw")") != std::string::npos);
  run = run_cli("trace " + kiuthi + " --moves 'A1 sideways'");
  CHECK(last_line(run.output) == R"({"error":"illegal move A1 sideways","ply":0})");
  // Spaces around a move are trimmed; an empty list replays nothing.
  run = run_cli("trace " + kiuthi + " --moves '  A1 ccw  '");
  CHECK(run.status == 0);
  run = run_cli("trace " + kiuthi + " --moves ''");
  CHECK(run.status == 0);
  // Bytes that are not UTF-8 are replaced in the error line, which stays valid JSON.
  run = run_cli("trace " + kiuthi + " --moves \"$(printf '\\377\\376')\"");
  CHECK(run.status == 2);
  CHECK(last_line(run.output) == "{\"error\":\"illegal move \xEF\xBF\xBD\xEF\xBF\xBD\",\"ply\":0}");
  // A quote or a backslash in a move stays inside the JSON string.
  run = run_cli("trace " + kiuthi + " --moves '\"x\\'");
  CHECK(run.status == 2);
  CHECK(last_line(run.output) == R"({"error":"illegal move \"x\\","ply":0})");
}

TEST_CASE("rule files that check but cannot be played", "[cli][robustness]") {
  // A hole beyond the board is refused by the compiler, where it is written.
  TempFile hole("(game \"G\" (board 2 6) (start (put 3 G1)) (sow (origin (row mover))))", "hole");
  auto run = run_cli("check '" + hole.path() + "'");
  CHECK(run.status == 1);
  CHECK(first_line(run.output) == hole.path() + ":1:37: error: hole G1 is not on a 2x6 board");
  // A game without a sowing has no moves.
  TempFile nosow("(game \"G\" (board 2 6))", "nosow");
  run = run_cli("check '" + nosow.path() + "'");
  CHECK(run.status == 1);
  CHECK(first_line(run.output) == nosow.path() + ":1:1: error: the game has no moves: add a (sow ...) clause");
  // A capture into a hole that does not exist where it is made (F2): no capture, no crash.
  TempFile into("(game \"G\" (board 2 3) (start (fill 2))\n"
                " (turn-start (each board (capture (take hole) (into origin))))\n"
                " (sow (origin (row mover))))",
                "into");
  run = run_cli("trace '" + into.path() + "' --random --max-turns 4");
  CHECK(run.status == 0);
  CHECK(run.output.find("\"holes\":{\"A1\":2,\"B1\":2,\"C1\":2,\"A2\":2,\"B2\":2,\"C2\":2}") != std::string::npos);
}

TEST_CASE("an error while playing names the ply, the move and the position", "[robustness]") {
  using namespace mancala;
  auto game = test::load_game("kalah");
  State s = game->initial_state();
  std::vector<Move> moves;
  while (!game->is_over(s)) {
    game->legal_moves(s, moves);
    game->apply(s, moves.front());
  }
  Move sow{MoveKind::sow, static_cast<std::uint8_t>(game->layout_of(s).first_pit()), Dir::ccw, false, 0};
  std::string message;
  try {
    game->apply(s, sow);
  } catch (const PlayError& e) {
    message = e.what();
  }
  CHECK(message.rfind("ply " + std::to_string(s.ply) + ": playing A1 (the position as left: over; A1 ", 0) == 0);
  CHECK(message.find("store P1 ") != std::string::npos);
  CHECK(message.find(": the game is over") != std::string::npos);
}

TEST_CASE("the command line: each --option and --stdlib takes one value, before or after the file", "[robustness]") {
  auto run = run_cli("trace --option holes=5 -o counters=4 " + quoted_game_file("kiuthi") + " --random --max-turns 1");
  CHECK(run.status == 0);
  CHECK(run.output.find("\"columns\":5,\"holes\":{\"A1\":4,") != std::string::npos);
  run = run_cli("trace --stdlib '" + mancala::test::project_dir() + "/stdlib' " + quoted_game_file("kiuthi") +
                " --random --max-turns 1");
  CHECK(run.status == 0);
}
