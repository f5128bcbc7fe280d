// `mancala repl` driven by scripts (standard input not a terminal): every command, with the text
// it prints. The moves that reach each position were found by random play (seeds of 1 to 300).
#include <catch2/catch.hpp>

#include "repl_script.hpp"

using namespace mancala::test;

namespace {

const std::string kiuthi_start =
    "                 A  B  C  D  E  F\n"
    "P2 store 0  2 |  6  6  6  6  6  6 | 2\n"
    "            1 |  6  6  6  6  6  6 | 1  P1 store 0\n"
    "                 A  B  C  D  E  F\n"
    "mover P1\n"
    "round 1\n";

const std::string kiuthi_after_e1 =
    "                 A  B  C  D  E  F\n"
    "P2 store 0  2 |  6  1  9  9  9  9 | 2\n"
    "            1 |  6  6  6  0  2  9 | 1  P1 store 0\n"
    "                 A  B  C  D  E  F\n"
    "mover P2\n"
    "round 1\n";

}  // namespace

TEST_CASE("repl: loading a file prints the game and its board, in plain text", "[repl]") {
  std::string out = repl_session("kiuthi", "");
  CHECK(out == "Kiuthi (" + game_file("kiuthi") + "): board 2x6 with stores; options: holes=6 counters=6 "
               "chain=leakey shrink=summary opener=winner\n"
               "  source: Murray 7.6.10; Leakey 1936: 165-173 (seeds 000, 002)\n"
               "  source: Driedger 1972, Mila 3(1): 7-19 (seed 002)\n" + kiuthi_start);
  CHECK(out.find('\033') == std::string::npos);
}

TEST_CASE("repl: help lists every command", "[repl]") {
  std::string out = repl_session("kiuthi", "help\nhelp reload\nhelp nothing\n");
  for (const char* command : {"help", "board", "moves", "undo", "redo", "history", "restart", "explain", "why",
                              "ai", "solve", "hint", "eval", "load", "reload", "options", "set", "info", "save", "replay", "quit"})
    check_contains(out, std::string("\n  ") + command);
  check_contains(out, "reload: read the rule file again, replay the moves, say where the new rules first disagree\n"
                      "The moves are replayed under the new rules;");
  check_contains(out, "error: no command 'nothing' (help lists them)\n");
}

TEST_CASE("repl: moves, board, undo, redo, history, restart", "[repl]") {
  std::string out = repl_session("kiuthi", "moves\nE1 ccw\nboard\nhistory\nundo\nhistory\nredo\nrestart\nhistory\nredo 5\n");
  check_contains(out, "12 moves legal: A1 ccw, A1 cw, B1 ccw, B1 cw, C1 ccw, C1 cw, D1 ccw, D1 cw, E1 ccw, E1 cw, "
                      "F1 ccw, F1 cw\n");
  check_contains(out, "move 1, P1: E1 ccw\n" + kiuthi_after_e1 + kiuthi_after_e1 + "move 1, P1: E1 ccw\n");
  check_contains(out, "undid 1 move: E1 ccw\n" + kiuthi_start + "no move played yet\nto redo: E1 ccw\n");
  check_contains(out, "started over: redo plays the moves again\n" + kiuthi_start +
                          "no move played yet\nto redo: E1 ccw\nmove 1, P1: E1 ccw\n" + kiuthi_after_e1);
  std::string nothing = repl_session("kiuthi", "undo\nredo\nundo x\n");
  check_contains(nothing, "error: no move to undo\nerror: no move to redo\nerror: undo takes a number of moves\n");
}

TEST_CASE("repl: a move list plays moves in turn, and stops at an illegal one", "[repl]") {
  std::string out = repl_session("kiuthi", "E1 ccw, A1 cw, C2 cw\nhistory\n");
  check_contains(out, "move 1, P1: E1 ccw\n"
                      "A1 cw is not legal: a move may not start from A1 (A1 is P1's hole) (kiuthi.lud:19, K3)\n"
                      "  kiuthi.lud:19  (origin (row mover) (if (\"AtLeast\" 2)))   // K3: \"not permitted to start "
                      "with a single stone\"\n" + kiuthi_after_e1 + "move 1, P1: E1 ccw\n");
}

TEST_CASE("repl: explain a lap, a capture and its chain, and a further move (Kiuthi)", "[repl]") {
  std::string laps = repl_session("kiuthi", "E1 ccw\nexplain\n");
  check_contains(laps,
                 "move 1, P1: E1 ccw\n"
                 "  P1 lifted 6 counters from E1 and sowed them anticlockwise: F1 F2 E2 D2 C2 B2 (kiuthi.lud:18)\n"
                 "  the last fell into B2, which held 6\n"
                 "  lap (kiuthi.lud:21, K4): P1 lifted 7 counters from B2 and sowed them clockwise: C2 D2 E2 F2 F1 E1 D1\n"
                 "  the last fell into D1, which held 6\n"
                 "  lap (kiuthi.lud:21, K4): P1 lifted 7 counters from D1 and sowed them anticlockwise: E1 F1 F2 E2 D2 C2 B2\n"
                 "  the last fell into B2, which was empty: the sowing ends\n"
                 "  P1's turn ends\n"
                 "clauses cited:\n"
                 "  kiuthi.lud:18  (sow\n"
                 "  kiuthi.lud:21  (lap (\"LandedOnOccupied\")                 // K4: \"If the last counter is sown in a loaded hole,\n"
                 "  kiuthi.lud:22       lift:landing direction:reverse)      //      the contents are lifted ... opposite direction\"\n");

  std::string capture = repl_session("kiuthi", "D1 ccw, F2 cw\nexplain\n");
  check_contains(capture,
                 "  the last fell into E2, which was empty: the sowing ends\n"
                 "  P2 captured 15 counters: 1 from E2 and 14 from E1, into P2's store (kiuthi.lud:25, K6)\n"
                 "  P2 captured 2 from D1, into P2's store (kiuthi.lud:28, K7)\n"
                 "  P2's turn ends\n"
                 "clauses cited:\n");
  check_contains(capture, "  kiuthi.lud:25  (capture                                  // K6: empty hole of the own row, opposite occupied:\n"
                          "  kiuthi.lud:28  (chain forward                          // K7: Leakey: \"As the hole on his side next to the\n");

  std::string again = repl_session("kiuthi", "B1 cw, B2 ccw, B1 ccw\nexplain\n");
  check_contains(again,
                 "P1 moves again, in the same turn\n"
                 "move 3, P1: B1 ccw\n"
                 "  P1 lifted 2 counters from B1 and sowed them anticlockwise: C1 D1 (kiuthi.lud:18)\n"
                 "  the last fell into D1, which was empty: the sowing ends\n"
                 "  P1 moves again, in the same turn: the next sowing goes clockwise (kiuthi.lud:23, K5)\n"
                 "clauses cited:\n"
                 "  kiuthi.lud:18  (sow\n"
                 "  kiuthi.lud:23  (again (if (not crossed)) direction:reverse)  // K5: \"a second move from a loaded hole in the\n"
                 "  kiuthi.lud:24                                                //      opposite direction\" until it crosses\n");
}

TEST_CASE("repl: explain a relay of the following hole and the captures of a turn (Kisolo)", "[repl]") {
  std::string lap = repl_session("kisolo", "A1\nexplain\n");
  check_contains(lap,
                 "move 1, P1: A1\n"
                 "  P1 lifted 3 counters from A1 and sowed them anticlockwise: B1 C1 D1 (kisolo.lud:32)\n"
                 "  the last fell into D1, which held 3\n"
                 "  lap (kisolo.lud:39, S4): P1 lifted 3 counters from E1, the hole after D1, and sowed them anticlockwise: F1 G1 G2\n"
                 "  the last fell into G2, which was empty: the sowing ends\n"
                 "  P1's turn ends\n");
  // S6: a capture before a lap, by the mover; S5: the next player's capture as the turn begins.
  std::string captures = repl_session("kisolo", "E1, A4, B1, E4, A1\nC4\nexplain\n");
  check_contains(captures,
                 "  the last fell into D3, which held 1\n"
                 "  P2 captured 2 from E2, into E4 (kisolo.lud:40, S6)\n"
                 "  lap (kisolo.lud:39, S4): P2 lifted 1 counter from E3, the hole after D3, and sowed it anticlockwise: F3\n");
  check_contains(captures,
                 "  P2's turn ends\n"
                 "  P1 captured 7 counters: 2 from D3 and 5 from D4, into D1 (kisolo.lud:30, S5)\n"
                 "  P1 captured 2 from F3, into F1 (kisolo.lud:30, S5)\n"
                 "clauses cited:\n"
                 "  kisolo.lud:32  (sow\n"
                 "  kisolo.lud:39  (lap (occupied (next hole)) lift:following       // S4: \"the counters in the following hole are\n"
                 "  kisolo.lud:40    (\"ColumnCapture\")))                            //      picked up\"; S6: capture before that lap\n"
                 "  kisolo.lud:29  (turn-start (option-case \"capture\"                 // S5: \"Captures are made from the player's\n"
                 "  kisolo.lud:30    turn:(each (inner-row mover) (\"ColumnCapture\"))  //  inner row at the beginning of a turn\"\n");
}

TEST_CASE("repl: explain the first counter back in its hole, a capture and a store move (Okwe)", "[repl]") {
  std::string capture = repl_session("okwe-ido", "A1, J2, store 3, store 2, A1, J2, store 4, G2, A1, J2\nB1\nexplain\n");
  // O4: the first counter goes back into B1, as the first-drop clause says.
  check_contains(capture,
                 "move 11, P1: B1\n"
                 "  P1 lifted 10 counters from B1 and sowed them anticlockwise: B1 C1 D1 E1 F1 G1 H1 I1 J1 J2 "
                 "(okwe-ido.lud:25) (okwe-ido.lud:28, O4)\n"
                 "  the last fell into J2, which was empty: the sowing ends\n"
                 "  P1 captured 1 from J1, into P1's store (okwe-ido.lud:30, O5)\n"
                 "  P1's turn ends\n"
                 "clauses cited:\n"
                 "  okwe-ido.lud:25  (sow\n"
                 "  okwe-ido.lud:28  (first-drop origin-unless-single)               // O4: \"the first counter is dropped into the\n"
                 "  okwe-ido.lud:29                                                  //      hole from which it just came\"\n"
                 "  okwe-ido.lud:30  (capture (option-case \"capture\"                 // O5: last counter in the opponent's row,\n");
  std::string store = repl_session("okwe-ido", "store 7\nexplain\n");
  check_contains(store,
                 "move 1, P1: store 7\n"
                 "  P1 took 7 counters from P1's store and sowed them: A1 B1 C1 D1 E1 F1 G1 (okwe-ido.lud:35, O6)\n"
                 "  P1's turn ends\n");
}

TEST_CASE("repl: placements are listed in numeric order, and typed as a person writes them", "[repl]") {
  std::string out = repl_session("lib-al-ghashim", "moves\na1 = 26\nhistory\n");
  check_contains(out, "25 moves legal: A1=4, A1=5, A1=6, A1=7, A1=8, A1=9, A1=10, A1=11,");
  check_contains(out, "A1=27, A1=28\n");
  check_contains(out, "move 1, P2: A1=26\n");
}

TEST_CASE("repl: explain the distribution, the flip, laps, a capture chain and a gift (Li'b al-Ghashim)", "[repl]") {
  const std::string distribution = "A1=26, B1=6, C1=4, D1=4, E1=4, F1=4, F2=4, E2=4, D2=4, C2=4, B2=4, A2=4\n";
  std::string out = repl_session("lib-al-ghashim", distribution + "explain 1\nkeep\nexplain\nF1\nexplain\n");
  check_contains(out, "P2 places counters in A1: A1=4 to A1=28\n");
  check_contains(out, "move 1, P2: A1=26\n  P2 placed 26 counters in A1 (lib-al-ghashim.lud:36, L2)\n");
  check_contains(out, "P1 chooses: flip (turn the board round) or keep\n");
  check_contains(out, "move 13, P1: keep\n  P1 kept the board as it is (lib-al-ghashim.lud:38, L3)\n");
  check_contains(out,
                 "move 14, P1: F1\n"
                 "  P1 lifted 4 counters from F1 and sowed them anticlockwise: F2 E2 D2 C2 (lib-al-ghashim.lud:12)\n"
                 "  the last fell into C2, which held 4\n"
                 "  lap (lib-al-ghashim.lud:16, L5): P1 lifted 5 counters from C2 and sowed them anticlockwise: B2 A2 A1 B1 C1\n"
                 "  the last fell into C1, which held 4\n"
                 "  lap (lib-al-ghashim.lud:16, L5): P1 lifted 5 counters from C1 and sowed them anticlockwise: D1 E1 F1 F2 E2\n"
                 "  the last fell into E2, which held 5: the sowing ends\n"
                 "  P1 captured 11 counters: 6 from E2 and 5 from E1, into P1's store (lib-al-ghashim.lud:18, L5)\n"
                 "  P1 captured 7 counters: 6 from F2 and 1 from F1, into P1's store (lib-al-ghashim.lud:21, L6)\n"
                 "  P1's turn ends\n");
  std::string gift = repl_session(
      "lib-al-ghashim", "A1=15, B1=13, C1=7, D1=4, E1=4, F1=5, F2=4, E2=4, D2=4, C2=4, B2=4, A2=4, flip, F1, A2\n"
                        "explain 13\nF1\nexplain\n");
  check_contains(gift, "move 13, P1: flip\n  P1 turned the board round (lib-al-ghashim.lud:38, L3)\n");
  check_contains(gift, "  P1's turn ends\n"
                       "  P1 gives a counter from P1's store, into F2 (lib-al-ghashim.lud:27, L7)\n");
}

TEST_CASE("repl: why a move is not legal", "[repl]") {
  std::string endless = repl_session("kisolo",
                                     "G1, F4, B1, D4, D1, B4, G2, E4, C1, D4, G1, G4, E2, F4, G2, E4, F2, C4\n"
                                     "why E2\nwhy A1\nwhy A4\nwhy A1 ccw\nwhy Z9\nwhy\n");
  check_contains(endless,
                 "E2 is not legal: its sowing would never end: it comes back to a configuration it was already in (G6)\n"
                 "A1 is legal\n"
                 "A4 is not legal: a move may not start from A4 (A4 is P2's hole) (kisolo.lud:33, S3)\n"
                 "  kisolo.lud:33  (origin (row mover) (if (occupied hole)))        // S3: \"Holes with single counters can be\n"
                 "  kisolo.lud:34                                                   //      chosen\"\n"
                 "A1 ccw is not legal: the direction is not a choice here: write A1 (kisolo.lud:35, S3)\n"
                 "  kisolo.lud:35  (direction ccw)                                  // S3: \"anti-clockwise\"\n");
  check_contains(endless, "'Z9' is not a move: write a hole (C1), a hole and a direction (C1 ccw), a hole and an "
                          "amount (C1 x3), a placement (A1=5), store N, flip, keep, a chosen hole (choose A1), an "
                          "alternative's name or pass (G8)\n"
                          "error: why takes a move: why A1 cw\n");
  // K5 and G6: a further move of the turn that would bring back one of its positions.
  std::string repeat = repl_session("kiuthi",
                                    "D1 cw, A2 ccw, E1 ccw, A2 ccw, D1 cw, A2 cw, A1 ccw, F2 cw, E1 ccw, B2 cw, E1 cw, "
                                    "F1 ccw, A2 ccw, A1 ccw, E1 ccw, F2 ccw, D2 ccw, E2 ccw, D2 cw\n"
                                    "why C2 cw\nwhy E2 ccw\nmoves\nexplain\n");
  check_contains(repeat, "C2 cw is not legal: it would bring back a position already reached in this turn (G6)\n"
                         "E2 ccw is not legal: the further move must be sown cw (kiuthi.lud:23, K5)\n");
  check_contains(repeat, "1 move legal: E2 cw\n");
  check_contains(repeat, "  P2's further move C2 cw is excluded: it would bring back a position of this turn (G6)\n");
}

TEST_CASE("repl: the computer plays a move, several, or to the end", "[repl]") {
  std::string out = repl_session("kiuthi", "ai\nai 2\nai nobody\nhistory\n", "--seed 3");
  check_contains(out, "error: unknown agent 'nobody' (agents: random, greedy, alphabeta, mcts)\n");
  check_contains(out, "move 1, P1 (random): ");
  check_contains(out, "move 3, P1 (random): ");
  CHECK(out == repl_session("kiuthi", "ai\nai 2\nai nobody\nhistory\n", "--seed 3"));  // seeded
  CHECK(out != repl_session("kiuthi", "ai\nai 2\nai nobody\nhistory\n", "--seed 4"));
  std::string end = repl_session("kisolo", "ai end\nai\n");
  check_contains(end, "result P");
  check_contains(end, "error: the game is over\n");
  std::string cut = repl_session("okwe-ido", "ai end random:seed=2\n", "--max-turns 30");
  check_contains(cut, "move 30, P2 (random:seed=2): ");
  check_contains(cut, "stopped at the turn limit of 30 plies (G9; the repl's --max-turns)\n");
}

TEST_CASE("repl: evaluate an expression in the current position", "[repl]") {
  std::string out = repl_session("kiuthi", "E1 ccw\neval (sum (row mover))\neval (occupied (opposite D2))\n"
                                           "eval (\"Cleared\" (row P1))\neval (sum mover)\neval\n");
  check_contains(out, "43\nfalse\nfalse\n"
                      "<repl>:1:6: error: 'sum' expects a region as argument 1 (region), found 'mover', a player\n"
                      "(sum mover)\n"
                      "     ^\n"
                      "error: eval takes an expression: eval (sum (row mover))\n");
}

TEST_CASE("repl: options, set, info, load", "[repl]") {
  std::string out = repl_session("kiuthi", "options\nset holes=5 counters=4\ninfo\nset holes=11\nboard\nload nowhere.lud\n"
                                           "load " + game_file("kisolo") + " start=townshend2\n");
  check_contains(out, "holes=6  (one of: 5 6 7 8 9 10)\ncounters=6  (one of: 4 5 6 7 8 9)\n"
                      "chain=leakey  (one of: leakey driedger)\n");
  check_contains(out, "board 2x5 with stores; options: holes=5 counters=4 chain=leakey");
  check_contains(out, "                 A  B  C  D  E\n"
                      "P2 store 0  2 |  4  4  4  4  4 | 2\n");
  check_contains(out, "--option:1:7: error: option 'holes' has no choice '11' (choices: 5, 6, 7, 8, 9, 10)\n");
  check_contains(out, "error: the rules in force are unchanged: those of " + game_file("kiuthi") + "\n                 A  B  C  D  E\n");
  check_contains(out, "mancala: error: cannot open 'nowhere.lud'");
  check_contains(out, "Kisolo (" + game_file("kisolo") + "): board 4x7; options: start=townshend2 capture=turn\n");
  // S2's townshend2 start, and S5's capture before the first move (G10).
  check_contains(out, "P1  2 |  0  1  0  1  0  1  0 | 2 <\n    1 |  9  1  0  1  0  1  9 | 1 >\n");
}

TEST_CASE("repl: save a record, replay it and step through it", "[repl]") {
  TextFile record("", "saved.jsonl");
  std::string saved = repl_session("kiuthi", "E1 ccw, C2 cw\nsave " + record.path() + "\n");
  check_contains(saved, "saved the record of 2 moves to " + record.path() + "\n");
  std::string text = record.read();
  CHECK(text.rfind("{\"ply\":0,", 0) == 0);
  check_contains(text, "\"move\":\"E1 ccw\"");
  check_contains(text, "{\"ply\":2,");
  std::string replayed = repl_session("kiuthi", "replay " + record.path() + "\nhistory\nnext\nredo\nredo\n");
  check_contains(replayed, "read 2 moves from " + record.path() + "; redo (or next) steps through them\n" + kiuthi_start +
                               "no move played yet\nto redo: E1 ccw, C2 cw\nmove 1, P1: E1 ccw\n" + kiuthi_after_e1 +
                               "move 2, P2: C2 cw\n");
  check_contains(replayed, "error: no move to redo\n");
  // An example record (docs/records.md) steps to its end.
  std::string example = repl_session("kisolo", "replay " + project_dir() + "/tests/examples/kisolo-seed1.jsonl\nredo 100\n");
  check_contains(example, "read 26 moves from ");
  check_contains(example, "move 26, P2: ");
  check_contains(example, "    1 |  1  0  2  0  2  2  0 | 1 >\n         A  B  C  D  E  F  G\nresult P1\n");
  TextFile list("# a move list\nE1 ccw,\nC2 cw\n", "moves.txt");
  check_contains(repl_session("kiuthi", "replay " + list.path() + "\nhistory\n"), "to redo: E1 ccw, C2 cw\n");
}

TEST_CASE("repl: solve values every legal move and hint names a best one", "[repl][solver]") {
  // Kalah(3,2): P1's B1 wins by 4, A1 loses by 8, C1 draws (`mancala solve tests/ai/kalah-mn.lud
  // --option holes=3 --option seeds=2 --moves A1` says P2 then wins by 8; C1: a draw).
  const std::string load = "load " + project_dir() + "/tests/ai/kalah-mn.lud holes=3 seeds=2\n";
  std::string out = repl_session("kiuthi", load + "solve\nhint\nsolve 5\nB1\nhint 3\nsolve x\n");
  check_contains(out, "P1 to move; each move's value under perfect play (at most 1000000 positions a move):\n"
                      "  A1  loss by 8\n"
                      "  B1  win by 4  best\n"
                      "  C1  draw\n"
                      "hint: B1 (win by 4 under perfect play)\n");
  // Too small a budget: the bounds, and no move called best.
  check_contains(out, "(at most 5 positions a move):\n  A1  between loss by 12 and win by 12 (not proven)\n");
  // After B1 (a further move) the values stay P1's; with no value proven, hint asks alpha-beta.
  check_contains(out, "P1 moves again, in the same turn\nhint: ");
  check_contains(out, " (alphabeta's choice: no move's value is proven within 3 positions a move)\n");
  check_contains(out, "error: solve takes a number of positions a move: solve 200000\n");
  // A game of more than two players is refused with the reason.
  std::string three = repl_session("kiuthi", "load " + games_dir() + "/other/pic.lud players=3\nsolve\nhint\n");
  check_contains(three, "error: solve handles games of two players; this one has 3\n"
                        "error: solve handles games of two players; this one has 3\n");
}

TEST_CASE("repl: errors are explained and never end the session", "[repl]") {
  std::string out = repl_session("kiuthi", "histroy\nfoo bar\nZ9\nA1\nexplain\nexplain 3\nboard\n");
  check_contains(out, "error: 'histroy' is neither a command nor a move (did you mean 'history'?): help lists the commands\n"
                      "error: 'foo' is neither a command nor a move: help lists the commands\n"
                      "'Z9' is not a move:");
  check_contains(out, "A1 is not legal: the direction is the mover's choice: write A1 ccw or A1 cw (kiuthi.lud:20, K3)\n");
  check_contains(out, "error: no move to explain yet\n");
  check_contains(out, "error: no move to explain yet\n" + kiuthi_start);
  std::string none = run_with_input("repl", "board\nE1 ccw\nreload\nquit\nboard\n").output;
  CHECK(none == "error: no game loaded: load FILE\nerror: no game loaded: load FILE\n"
                "error: no rule file to reload: load FILE\n");
}

TEST_CASE("repl: --echo prints each prompt and line read, for transcripts", "[repl]") {
  std::string out = repl_session("kiuthi", "E1 ccw\nmoves\n", "--echo");
  check_contains(out, "kiuthi P1> E1 ccw\nmove 1, P1: E1 ccw\n");
  check_contains(out, "kiuthi P2> moves\n10 moves legal:");
}

TEST_CASE("repl: reload after an edit replays the moves and says where the rules first disagree", "[repl]") {
  std::string rules;
  {
    std::ifstream in(game_file("kiuthi"));
    std::ostringstream text;
    text << in.rdbuf();
    rules = text.str();
  }
  TextFile file(rules, "kiuthi.lud");
  TextFile output("", "transcript.txt");
  // The session runs in the background while the test edits its rule file.
  std::string command =
      std::string("'") + MANCALA_BINARY + "' repl '" + file.path() + "' > '" + output.path() + "' 2>&1";
  FILE* repl = popen(command.c_str(), "w");
  REQUIRE(repl);
  auto send = [repl](const std::string& line) {
    fputs((line + "\n").c_str(), repl);
    fflush(repl);
  };
  auto edit = [&file, &rules](const std::string& from, const std::string& to) {
    std::size_t at = rules.find(from);
    REQUIRE(at != std::string::npos);
    rules.replace(at, from.size(), to);
    std::ofstream(file.path(), std::ios::binary) << rules;
  };
  send("E1 ccw, C2 cw, A1 cw");
  REQUIRE(wait_for(output, "move 3, P1: A1 cw\n"));
  // K4 read as one reversal only: a lap keeps the direction. Every move stays legal; the first
  // one now leads elsewhere.
  edit("lift:landing direction:reverse", "lift:landing direction:same");
  send("reload");
  REQUIRE(wait_for(output, "reloaded"));
  // K3 without the choice of direction: "E1 ccw" is no longer a legal move.
  edit("(direction choice)", "(direction ccw)");
  send("reload");
  send("history");
  REQUIRE(wait_for(output, "to redo: "));
  // A file that no longer checks leaves the rules in force.
  std::ofstream(file.path(), std::ios::binary) << "(game \"Broken\"";
  send("reload");
  send("history");
  pclose(repl);  // the end of input ends the session
  std::string out = output.read();
  check_contains(out, "reloaded " + file.path() + ": 3 moves of 3 replayed\n"
                      "the new rules first disagree: after move 1 (E1 ccw) the position differs: A1 12 (was 6), "
                      "A2 12 (was 6), B1 4 (was 6), B2 5 (was 1), C1 12 (was 6), C2 3 (was 9), D1 12 (was 0), "
                      "D2 1 (was 9), E2 1 (was 9), F1 5 (was 9), F2 3 (was 9)\n");
  check_contains(out, "reloaded " + file.path() + ": 0 moves of 3 replayed\n"
                      "the new rules first disagree: move 1 is no longer legal:\n"
                      "  E1 ccw is not legal: the direction is not a choice here: write E1 (kiuthi.lud:20, K3)\n"
                      "    kiuthi.lud:20  (direction ccw) ");
  check_contains(out, "// K3: \"counters can be sown in either direction\"\nkept to redo: 3 moves\n");
  check_contains(out, "no move played yet\nto redo: E1 ccw, C2 cw, A1 cw\n");
  check_contains(out, "kiuthi.lud:1:15: error: missing ')' to close '(' at 1:1, found end of file\n");
  check_contains(out, "error: the file does not check: the rules in force are unchanged\n"
                      "no move played yet\nto redo: E1 ccw, C2 cw, A1 cw\n");
}

TEST_CASE("repl: the session of docs/repl.md is what the REPL prints", "[repl]") {
  std::ifstream in(project_dir() + "/docs/repl.md");
  std::ostringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  // The first two ```text blocks after the heading: the commands, then the transcript.
  auto block = [&doc](std::size_t& from) {
    std::size_t start = doc.find("```text\n", from);
    REQUIRE(start != std::string::npos);
    start += 8;
    std::size_t end = doc.find("```\n", start);
    from = end + 4;
    return doc.substr(start, end - start);
  };
  std::size_t at = doc.find("## A session");
  REQUIRE(at != std::string::npos);
  std::string commands = block(at);
  std::string transcript = block(at);
  std::string relative = "(games/two-row/kiuthi.lud)";
  transcript.replace(transcript.find(relative), relative.size(), "(" + game_file("kiuthi") + ")");
  CHECK(repl_session("kiuthi", commands, "--seed 27 --echo") == transcript);
}
