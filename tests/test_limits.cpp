// Every limit of docs/robustness.md (issue 4, part 3): exceeding one gives an error that names the
// limit, positioned in the rule file where a place in it is to blame, never a crash or a hang.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli_run.hpp"
#include "interpreter/limits.hpp"
#include "interpreter/trace.hpp"
#include "support.hpp"

using namespace mancala;

namespace {

struct Loaded {
  bool checked = false;
  std::unique_ptr<Game> game;
  std::string first;  // "line:col: message" of the first error, or "no error"
  std::string all;
};

Loaded load(const std::string& text, CheckSettings settings = test::settings()) {
  Loaded out;
  Diagnostics diagnostics;
  CheckedGame checked;
  out.checked = check_source(make_source("limits.lud", text), {}, settings, checked, diagnostics);
  if (out.checked) out.game = Game::compile(checked, diagnostics);
  out.first = "no error";
  for (const auto& d : diagnostics.all())
    if (d.severity == Severity::error) {
      out.first = std::to_string(d.position.line) + ":" + std::to_string(d.position.column) + ": " + d.message;
      break;
    }
  out.all = diagnostics.str();
  return out;
}

const std::string kSow = " (sow (origin (row mover)))";

std::string repeat(const std::string& text, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += text;
  return out;
}

}  // namespace

TEST_CASE("nesting depth: max_depth (256)", "[limits]") {
  const std::string head = "(game \"G\" (board 2 6)" + kSow + " (end (after-turn (if ";
  const std::string tail = ") draw)))";  // closes if, after-turn, end and game
  // game, end, after-turn, if: 4 levels; 252 nots reach 256; the 253rd is one too deep.
  Loaded ok = load(head + repeat("(not ", 252) + "crossed" + std::string(252, ')') + tail);
  INFO(ok.all);
  CHECK(ok.first == "no error");
  Loaded deep = load(head + repeat("(not ", 300) + "crossed" + std::string(300, ')') + tail);
  std::size_t column = head.size() + 252 * 5 + 1;
  CHECK(deep.first == "1:" + std::to_string(column) + ": nesting deeper than 256 levels (limit max_depth)");
  // A user of the library sets it.
  CheckSettings settings = test::settings();
  settings.parse_limits.max_depth = 5;
  CHECK(load(head + "(not (not crossed))" + tail, settings).first ==
        "1:" + std::to_string(head.size() + 6) + ": nesting deeper than 5 levels (limit max_depth)");
}

TEST_CASE("file size: max_bytes (8 MiB)", "[limits]") {
  std::string big = "// " + std::string(8u << 20, 'x') + "\n(game \"G\" (board 2 6)" + kSow + ")";
  CHECK(load(big).first == "1:1: file is larger than 8388608 bytes (limit max_bytes)");
  CheckSettings settings = test::settings();
  settings.parse_limits.max_bytes = 20;
  CHECK(load("(game \"G\" (board 2 6)" + kSow + ")", settings).first ==
        "1:1: file is larger than 20 bytes (limit max_bytes)");
  // An imported file is held to the same limit, and the error says where it was imported.
  settings = test::settings();
  settings.parse_limits.max_bytes = 200;  // stdlib/mancala.lud is larger
  Loaded imported = load("(import \"mancala\")\n(game \"G\" (board 2 6)" + kSow + ")", settings);
  CHECK(imported.first == "1:1: file is larger than 200 bytes (limit max_bytes)");
  CHECK(imported.all.find("mancala.lud:1:1: error: file is larger than 200 bytes") != std::string::npos);
  CHECK(imported.all.find("limits.lud:1:9: note: imported here") != std::string::npos);
}

TEST_CASE("define expansion depth: max_define_depth (64)", "[limits]") {
  // D0 is crossed; Dk calls D(k-1): a call of D70 nests 71 expansions.
  std::string text = "(define \"D0\" crossed)\n";
  for (int k = 1; k <= 70; ++k)
    text += "(define \"D" + std::to_string(k) + "\" (\"D" + std::to_string(k - 1) + "\"))\n";
  Loaded deep = load(text + "(game \"G\" (board 2 6)" + kSow + " (end (after-turn (if (\"D70\")) draw)))");
  // Positioned at the call one level too deep: ("D5") in the body of D6, line 7.
  CHECK(deep.first == "7:14: define expansion deeper than 64 levels (limit max_define_depth)");
  Loaded ok = load(text + "(game \"G\" (board 2 6)" + kSow + " (end (after-turn (if (\"D60\")) draw)))");
  INFO(ok.all);
  CHECK(ok.first == "no error");
}

TEST_CASE("define expansion size: max_expanded_nodes (1000000)", "[limits]") {
  // Each define doubles the one before: D20 would make millions of nodes.
  std::string text = "(define \"D0\" (= 1 1))\n";
  for (int k = 1; k <= 20; ++k)
    text += "(define \"D" + std::to_string(k) + "\" (and (\"D" + std::to_string(k - 1) + "\") (\"D" +
            std::to_string(k - 1) + "\")))\n";
  Loaded big = load(text + "(game \"G\" (board 2 6)" + kSow + " (end (after-turn (if (\"D20\")) draw)))");
  CHECK(big.first.find(": define expansion makes more than 1000000 nodes (limit max_expanded_nodes)") !=
        std::string::npos);
  CHECK(big.first.rfind("0:", 0) != 0);  // positioned
  CheckSettings settings = test::settings();
  settings.max_expanded_nodes = 100;
  CHECK(load(text + "(game \"G\" (board 2 6)" + kSow + " (end (after-turn (if (\"D5\")) draw)))", settings)
            .first.find("define expansion makes more than 100 nodes (limit max_expanded_nodes)") !=
        std::string::npos);
}

TEST_CASE("rows and columns: 1 to 4 rows, max-columns (50)", "[limits]") {
  CHECK(load("(game \"G\" (board 2 51)" + kSow + ")").first ==
        "1:20: 51 columns: a board has 1 to 50 columns (limit max-columns)");
  CHECK(load("(game \"G\" (board 2 0)" + kSow + ")").first ==
        "1:20: 0 columns: a board has 1 to 50 columns (limit max-columns)");
  CHECK(load("(game \"G\" (board 2 2147483647)" + kSow + ")").first.find("(limit max-columns)") !=
        std::string::npos);
  CHECK(load("(game \"G\" (board 5 6)" + kSow + ")").first == "1:18: a board has 1 to 4 rows, not 5");
  CHECK(load("(game \"G\" (board 2 50)" + kSow + ")").game);
  CHECK(load("(game \"G\" (board 4 50)" + kSow + ")").game);  // 200 pits and two stores
  CHECK(load("(game \"G\" (board 3 6)" + kSow + ")").first ==
        "1:11: a board of 3 rows needs a (side ...) for every player");
}

TEST_CASE("counters: max-counters (30000)", "[limits]") {
  // In all: 12 holes of 2501 are 30012.
  CHECK(load("(game \"G\" (board 2 6) (start (fill 2501))" + kSow + ")").first ==
        "1:1: the game has 30012 counters: at most 30000 (limit max-counters)");
  CHECK(load("(game \"G\" (board 2 6) (start (fill 2500))" + kSow + ")").game);
  // In one hole: a count that does not fit a hole is refused at its step, not wrapped round.
  CHECK(load("(game \"G\" (board 2 1) (start (fill 40000))" + kSow + ")").first ==
        "1:30: a hole holds at most 30000 counters (limit max-counters)");
  CHECK(load("(game \"G\" (board 2 1) (start (fill 65536))" + kSow + ")").first ==
        "1:30: a hole holds at most 30000 counters (limit max-counters)");
  CHECK(load("(game \"G\" (board 2 2) (start (row-pattern {40000 1}))" + kSow + ")").first ==
        "1:30: a hole holds at most 30000 counters (limit max-counters)");
  CHECK(load("(game \"G\" (board 2 1) (start (put 2147483647 A1))" + kSow + ")").first ==
        "1:30: a hole holds at most 30000 counters (limit max-counters)");
  // A supply dealt at the start of a round.
  CHECK(load("(game \"G\" (board 2 6)" + kSow +
             " (rounds (round-over (if crossed)) (round-start (clear) "
             "(place by:P1 board (supply 30001) min:0))))")
            .first == "1:1: the game has 30001 counters: at most 30000 (limit max-counters)");
  // Counters on the board and a supply: each fits, not together.
  CHECK(load("(game \"G\" (board 2 6) (start (fill 2000))" + kSow +
             " (rounds (round-over (if crossed)) (round-start (place by:P1 board (supply 7000) min:0))))")
            .first == "1:1: the game has 31000 counters: at most 30000 (limit max-counters)");
}

TEST_CASE("expression nodes: max-expression-nodes (65535)", "[limits]") {
  Loaded many = load("(game \"G\" (board 2 3) (start (fill 2))" + kSow +
                     "\n (end (after-turn (if (or " + repeat("(= 1 1) ", 25000) + ")) draw)))");
  INFO(many.all);
  REQUIRE(many.checked);
  CHECK(!many.game);
  CHECK(many.first.rfind("2:", 0) == 0);  // at the expression where the pool ran out
  CHECK(many.first.find(": limit max-expression-nodes (65535) exceeded") != std::string::npos);
}

TEST_CASE("drops per move: max-drops-per-move", "[limits]") {
  // A sowing that reaches the limit is excluded as endless (G6) and reported, never an abort.
  auto game = test::load_game("kiuthi");
  game->limits.max_drops_per_move = 5;  // every first move of Kiuthi sows 6 or more
  State s = game->initial_state();
  std::vector<Move> moves;
  long excluded = game->excluded_moves();
  game->legal_moves(s, moves);  // Kiuthi's laps make finding the legal moves simulate them
  CHECK(moves.size() == 1);     // every sowing excluded: the player passes (G7)
  CHECK(game->move_text(s, moves[0]) == "pass");
  CHECK(game->excluded_moves() - excluded == 12);
  CHECK(game->why_not(s, "A1 ccw").reason ==
        "its sowing reaches the limit max-drops-per-move (5): taken as endless");
  // Through a record: the move is illegal, the record up to there is written.
  TraceRequest request;
  request.moves = std::vector<std::string>{"A1 ccw"};
  std::ostringstream out;
  CHECK(write_trace(*game, request, out).exit_code == 2);
  CHECK(out.str().find("{\"error\":\"illegal move A1 ccw\",\"ply\":0}") != std::string::npos);
  // The default is far above any sowing of the shipped games.
  auto fresh = test::load_game("kiuthi");
  CHECK(fresh->limits.max_drops_per_move == PlayLimits::kDefaultMaxDrops);
}

TEST_CASE("max-drops in the rule file and on the command line", "[limits]") {
  // Every move relays for ever (F5): the rule file gives up on sowings past 50 counters.
  const std::string text =
      "(game \"G\" (board 2 6) (start (fill 2)) (max-drops 50)\n"
      " (sow (origin (row mover)) (lap (occupied hole))))";
  auto game = test::load_text(text);
  State s = game->initial_state();
  std::vector<Move> moves;
  game->legal_moves(s, moves);
  REQUIRE(moves.size() == 1);  // every sowing excluded: the player passes (G7)
  CHECK(game->move_text(s, moves[0]) == "pass");
  CHECK(game->drop_limit() == 50);
  CHECK(game->why_not(s, "A1").reason == "its sowing reaches the limit max-drops-per-move (50): taken as endless");
  // A program's lower limit wins over the file's.
  game->limits.max_drops_per_move = 20;
  CHECK(game->drop_limit() == 20);
  CHECK(game->why_not(s, "A1").reason == "its sowing reaches the limit max-drops-per-move (20): taken as endless");
  // A game without relays: a handful larger than the limit is excluded all the same.
  auto plain = test::load_text("(game \"G\" (board 2 6) (start (fill 4)) (max-drops 3) (sow (origin (row mover))))");
  State start = plain->initial_state();
  plain->legal_moves(start, moves);
  REQUIRE(moves.size() == 1);
  CHECK(plain->move_text(start, moves[0]) == "pass");
  // A limit below 1 is an error at the clause.
  CHECK_THROWS_WITH(test::load_text("(game \"G\" (board 2 6) (max-drops 0) (sow (origin (row mover))))"),
                    Catch::Contains("1:34: error: a move must be allowed to drop at least 1 counter, not 0"));
  // --max-drops: a Kiuthi whose first moves all sow 6 or more counters passes.
  auto run = test::run_cli("trace '" + test::game_path("kiuthi") + "' --moves pass --max-drops 5");
  CHECK(run.status == 0);
  CHECK(run.output.find("\"legal\":[\"pass\"]") != std::string::npos);
  CHECK(test::run_cli("bench '" + test::game_path("kiuthi") + "' --max-drops 0").status != 0);
}

TEST_CASE("plies per game: --max-turns", "[limits]") {
  auto game = test::load_game("kisolo");
  TraceRequest request;
  request.max_turns = 3;
  std::ostringstream out;
  CHECK(write_trace(*game, request, out).exit_code == 0);
  std::istringstream lines(out.str());
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) all.push_back(line);
  REQUIRE(all.size() == 4);  // plies 0, 1, 2 and the cut at 3
  CHECK(all.back().find("\"ply\":3,") != std::string::npos);
  CHECK(all.back().find("\"result\":\"unfinished\"") != std::string::npos);

  // On the command line: the cut is a result (G9), the bounds of the flag are errors.
  std::string kisolo = "'" + test::game_path("kisolo") + "'";
  auto run = test::run_cli("trace " + kisolo + " --random --max-turns 3");
  CHECK(run.status == 0);
  CHECK(run.output.find("\"ply\":3,\"state\"") != std::string::npos);
  CHECK(run.output.find("\"result\":\"unfinished\"") != std::string::npos);
  run = test::run_cli("trace " + kisolo + " --random --max-turns 100000001");
  CHECK(run.status != 0);
  CHECK(run.output.find("--max-turns: Value 100000001 not in range 0 to 100000000") != std::string::npos);
  run = test::run_cli("bench " + kisolo + " --max-turns 0");
  CHECK(run.status != 0);
  CHECK(run.output.find("--max-turns: Value 0 not in range 1 to 100000000") != std::string::npos);
}

TEST_CASE("the command line shows a limit's error positioned in the file", "[limits]") {
  test::TempFile file("(game \"G\"\n  (board 2 60)\n  (sow (origin (row mover))))\n", "wide");
  auto run = test::run_cli("check '" + file.path() + "'");
  CHECK(run.status == 1);
  CHECK(run.output == file.path() + ":2:12: error: 60 columns: a board has 1 to 50 columns "
                                    "(limit max-columns)\n  (board 2 60)\n           ^\n");
}
