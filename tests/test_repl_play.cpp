// `mancala play`: whole matches between computer players, and with a human whose moves come
// from a script (standard input not a terminal).
#include <catch2/catch.hpp>

#include <regex>

#include "repl_script.hpp"

using namespace mancala::test;

namespace {

// The moves P1's random player made in `transcript`, one per line: a script for a human P1.
std::string p1_moves(const std::string& transcript) {
  static const std::regex move(R"(move \d+, P1 \(random\): (.*))");
  std::string script;
  std::istringstream in(transcript);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, move)) script += m[1].str() + "\n";
  }
  return script;
}

// The transcript as it reads when P1 is a human instead of the random player.
std::string with_human_p1(std::string transcript) {
  transcript = std::regex_replace(transcript, std::regex(R"((move \d+, P1) \(random\))"), "$1");
  return std::regex_replace(transcript, std::regex(R"(: P1 random, P2)"), ": P1 human, P2");
}

CliRun play(const std::string& name, const std::string& args, const std::string& input = "") {
  return run_with_input("play '" + game_file(name) + "' " + args, input);
}

}  // namespace

TEST_CASE("play: two computer players play a whole match of each game", "[repl][play]") {
  for (const char* name : {"kiuthi", "kisolo", "lib-al-ghashim", "kalah", "awari"}) {
    CliRun run = play(name, "--p1 random --p2 random --seed 1");
    INFO(name << "\n" << run.output.substr(run.output.size() > 3000 ? run.output.size() - 3000 : 0));
    CHECK(run.status == 0);
    CHECK(std::regex_search(run.output, std::regex(R"(\n(game|match) over.*: P[12] wins\nfinal score: P1 \d+, P2 \d+ \(counters in stores( and own holes)?\)(; match points: P1 \d+, P2 \d+)?\n$)")));
    CHECK(run.output.find('\033') == std::string::npos);
  }
  CliRun kiuthi = play("kiuthi", "--p1 random --p2 random --seed 1");
  check_contains(kiuthi.output, "  round 1 ends: P1 has 28, P2 44: P2 wins the round (kiuthi.lud:37, K9)\n");
  check_contains(kiuthi.output, "phase place\nround 2\n");
  check_contains(kiuthi.output, "  the game ends: P2 wins (kiuthi.lud:42, K10)\n");
  check_contains(kiuthi.output, "result P2\nround 3\nmatch over after 3 rounds: P2 wins\n");
  // Okwe's end (O7) is practically never reached at random: the turn limit cuts the game (G9).
  CliRun okwe = play("okwe-ido", "--p1 random --p2 random --seed 1 --max-turns 40");
  CHECK(okwe.status == 0);
  check_contains(okwe.output, "move 40, P2 (random): ");
  check_contains(okwe.output, "stopped at the turn limit of 40 plies: the game is unfinished (G9)\n");
  check_contains(okwe.output, "result unfinished\n");
}

TEST_CASE("play: a scripted human plays placements, the distribution and the flip", "[repl][play]") {
  for (const char* name : {"kiuthi", "lib-al-ghashim", "kisolo"}) {
    CliRun computers = play(name, "--p1 random --p2 random --seed 1");
    std::string script = p1_moves(computers.output);
    CliRun human = play(name, "--p1 human --p2 random --seed 1", script);
    INFO(name);
    CHECK(human.status == 0);
    CHECK(human.output == with_human_p1(computers.output));
  }
  // Kiuthi's loser places counters (K12); in Li'b al-Ghashim P1 distributes (L2) and flips (L3).
  check_contains(p1_moves(play("kiuthi", "--p1 random --p2 random --seed 1").output), "A1=");
  std::string lib = p1_moves(play("lib-al-ghashim", "--p1 random --p2 random --seed 1").output);
  check_contains(lib, "A1=");
  CHECK(std::regex_search(lib, std::regex("\n(flip|keep)\n")));
}

TEST_CASE("play: bad input is rejected with the legal moves, the human may leave", "[repl][play]") {
  CliRun run = play("kiuthi", "--p2 random", "Z9\nA1\nmoves\nE1 ccw\n");
  CHECK(run.status == 0);
  check_contains(run.output, "Kiuthi: P1 human, P2 random\n");
  check_contains(run.output,
                 "'Z9' is not a move: write a hole (C1), a hole and a direction (C1 ccw), a hole and an amount (C1 x3), "
                 "a placement (A1=5), store N, flip, keep, a chosen hole (choose A1), an alternative's name or pass (G8)\n"
                 "legal moves: A1 ccw, A1 cw, B1 ccw, B1 cw, C1 ccw, C1 cw, D1 ccw, D1 cw, E1 ccw, E1 cw, F1 ccw, F1 cw\n"
                 "A1 is not legal: the direction is the mover's choice: write A1 ccw or A1 cw (kiuthi.lud:20, K3)\n");
  check_contains(run.output, "move 1, P1: E1 ccw\n");
  check_contains(run.output, "move 2, P2 (random): ");
  check_contains(run.output, "P1 left: the game is unfinished\n");
}

TEST_CASE("play: a concealed store is hidden from the human who may not see it", "[repl][play]") {
  CliRun human = play("okwe-ido", "--p1 human --p2 random --max-turns 2", "store 2\n");
  check_contains(human.output, "P2 store ?  2 |");
  check_contains(human.output, "P1 store 8\n");
  CliRun computers = play("okwe-ido", "--p1 random --p2 random --max-turns 2");
  check_contains(computers.output, "P2 store 7  2 |");
}

TEST_CASE("play: --explain tells every move, bad players are command-line errors", "[repl][play]") {
  CliRun explained = play("kiuthi", "--p1 random --p2 random --max-turns 1 --explain");
  check_contains(explained.output, "  P1's turn ends\nclauses cited:\n  kiuthi.lud:18  (sow\n");
  CliRun bad = play("kiuthi", "--p1 nobody");
  CHECK(bad.status == 2);
  check_contains(bad.output, "mancala play: error: --p1: unknown agent 'nobody' (agents: random, greedy, alphabeta, mcts)\n");
}
