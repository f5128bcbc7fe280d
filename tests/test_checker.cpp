// The checker pipeline: imports, options, defines, validation, limits.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "lang/checker.hpp"
#include "support.hpp"

using namespace mancala;
namespace fs = std::filesystem;

namespace {

std::string first_error(const Diagnostics& diagnostics) {
  for (const auto& d : diagnostics.all()) {
    if (d.severity != Severity::error) continue;
    return std::to_string(d.position.line) + ":" + std::to_string(d.position.column) + ": " +
           d.message;
  }
  return "no error";
}

struct Run {
  bool ok = false;
  CheckedGame game;
  Diagnostics diagnostics;
  std::string error() const { return first_error(diagnostics); }
};

Run check(const std::string& text, const std::vector<std::string>& options = {},
          CheckSettings settings = {}) {
  Run run;
  std::vector<OptionChoice> choices;
  for (const auto& o : options) choices.push_back(parse_option_argument(o, run.diagnostics));
  run.ok = check_source(make_source("test.lud", text), choices, settings, run.game, run.diagnostics);
  return run;
}

// A temporary directory, removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() /
           ("mancala-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream out(path / name, std::ios::binary);
    out << text;
    return (path / name).string();
  }
};

const char* const minimal_game = "(game \"G\" (board 2 6) (start (fill 4)))";

}  // namespace

TEST_CASE("a minimal game checks", "[checker]") {
  Run run = check(minimal_game);
  INFO(run.diagnostics.str());
  REQUIRE(run.ok);
  CHECK(run.game.name == "G");
  CHECK(run.game.game.text == "game");
  CHECK(run.game.files == std::vector<std::string>{"test.lud"});
  CHECK(to_text(run.game.game) == "(game \"G\" (board 2 6) (start (fill 4)))");
}

TEST_CASE("options: default, chosen, range, errors", "[checker]") {
  const std::string text =
      "(option \"holes\" 6 (range 5 10))\n"
      "(option \"seeds\" 4 {3 4 5})\n"
      "(option \"style\" \"even\" {\"even\" \"odd\"})\n"
      "(option \"step\" 10 (range 10 20 step:2))\n"
      "(game \"G\" (board 2 (opt \"holes\")) (start (fill (opt \"seeds\"))))";
  SECTION("defaults") {
    Run run = check(text);
    INFO(run.diagnostics.str());
    REQUIRE(run.ok);
    CHECK(to_text(run.game.game) == "(game \"G\" (board 2 6) (start (fill 4)))");
    REQUIRE(run.game.options.size() == 4);
    CHECK(run.game.options[0].name == "holes");
    CHECK(run.game.options[0].choices.size() == 6);
    CHECK(run.game.options[0].chosen.integer == 6);
    CHECK(run.game.options[2].chosen.text == "even");
    CHECK(run.game.options[3].choices.size() == 6);
    CHECK(run.game.options[3].choices.back().integer == 20);
    // The substituted value keeps the position of the (opt ...) form.
    const Node& columns = run.game.game.children[1].children[1];
    CHECK(columns.position.line == 5);
    CHECK(columns.position.column == 20);
  }
  SECTION("chosen on the command line") {
    Run run = check(text, {"holes=8", "style=odd", "seeds=5"});
    INFO(run.diagnostics.str());
    REQUIRE(run.ok);
    CHECK(to_text(run.game.game) == "(game \"G\" (board 2 8) (start (fill 5)))");
    CHECK(run.game.options[0].chosen.integer == 8);
    CHECK(run.game.options[2].chosen.text == "odd");
  }
  SECTION("bad choices") {
    CHECK(check(text, {"holes=11"}).error() ==
          "1:7: option 'holes' has no choice '11' (choices: 5, 6, 7, 8, 9, 10)");
    CHECK(check(text, {"holes=six"}).error() ==
          "1:7: option 'holes' has no choice 'six' (choices: 5, 6, 7, 8, 9, 10)");
    CHECK(check(text, {"style=\"odd\""}).error() ==
          "1:7: option 'style' has no choice '\"odd\"' (choices: even, odd)");
    CHECK(check(text, {"step=11"}).error() ==
          "1:6: option 'step' has no choice '11' (choices: 10, 12, 14, 16, 18, 20)");
    CHECK(check(text, {"hole=6"}).error() ==
          "1:1: unknown option 'hole' (did you mean 'holes'?) (declared options: holes, seeds, style, step)");
    CHECK(check(text, {"holes=6", "holes=7"}).error() == "1:1: option 'holes' is chosen twice");
    CHECK(check(minimal_game, {"x=1"}).error() == "1:1: unknown option 'x' (this game declares no options)");
    Diagnostics d;
    parse_option_argument("holes", d);
    CHECK(first_error(d) == "1:1: expected name=value in --option 'holes'");
    REQUIRE(!d.all().empty());
    CHECK(d.all()[0].position.source->name == "--option");
  }
  SECTION("bad declarations") {
    CHECK(check("(option \"a\" 7 {1 2})").error() == "1:13: the default 7 of option 'a' is not one of its choices (1, 2)");
    CHECK(check("(option \"a\" 1 {})").error() == "1:15: option 'a' has no choices");
    CHECK(check("(option \"a\" 1 {1 \"x\"})").error() == "1:18: option 'a' mixes integer and string choices");
    CHECK(check("(option \"a\" 1 {1 1})").error() == "1:18: choice 1 of option 'a' is listed twice");
    CHECK(check("(option \"a\" 1 (range 3 1))").error() == "1:15: option 'a' has no choices");
    CHECK(check("(option \"a\" 1 (range 1 2000000000))").error() == "1:15: range has more than 10000 values");
    CHECK(check("(option \"a\" 1 {1})\n(option \"a\" 1 {1})").error() == "2:9: option 'a' is declared twice");
    CHECK(check("(option \"a\" 1)").error() ==
          "1:1: 'option' is missing its argument choices (usage: (option name default choices))");
    CHECK(check(std::string("(option \"a\" 1 {1})") + minimal_game + "(opt \"b\")").error() ==
          "1:63: unknown option 'b' (did you mean 'a'?) (declared options: a)");
  }
}

TEST_CASE("option-case picks a case and splices lists", "[checker]") {
  const std::string text =
      "(option \"start\" \"four\" {\"four\" \"pattern\" \"none\"})\n"
      "(game \"G\" (board 2 6)\n"
      "  (start (option-case \"start\" four:(fill 4) pattern:{(fill 1) (put 2 A1 B1)} otherwise:{}))\n"
      "  (sow (direction (option-case \"start\" four:cw otherwise:ccw))))";
  Run a = check(text);
  INFO(a.diagnostics.str());
  REQUIRE(a.ok);
  CHECK(to_text(a.game.game) == "(game \"G\" (board 2 6) (start (fill 4)) (sow (direction cw)))");
  Run b = check(text, {"start=pattern"});
  INFO(b.diagnostics.str());
  REQUIRE(b.ok);
  CHECK(to_text(b.game.game) ==
        "(game \"G\" (board 2 6) (start (fill 1) (put 2 A1 B1)) (sow (direction ccw)))");
  Run c = check(text, {"start=none"});
  REQUIRE(c.ok);
  CHECK(to_text(c.game.game) == "(game \"G\" (board 2 6) (start) (sow (direction ccw)))");

  CHECK(check("(option \"s\" \"a\" {\"a\" \"b\"})(game \"G\" (board 2 (option-case \"s\" a:6)))").error() ==
        "1:46: option-case for 's' has no case for choice 'b' and no otherwise:");
  CHECK(check("(option \"s\" \"a\" {\"a\" \"b\"})(game \"G\" (board 2 (option-case \"s\" a:6 c:4 b:5)))").error() ==
        "1:67: 'c' is not a choice of option 's' (choices: a, b)");
  CHECK(check("(option \"n\" 1 {1 2})(game \"G\" (board 2 (option-case \"n\" a:6)))").error() ==
        "1:53: option-case needs an option with string choices; 'n' has integer choices");
  CHECK(check("(option \"s\" \"a\" {\"a\"})(game \"G\" (board 2 (option-case \"t\" a:6)))").error() ==
        "1:55: unknown option 't' (did you mean 's'?) (declared options: s)");
}

TEST_CASE("defines with parameters", "[checker]") {
  const std::string text =
      "(define \"Fill\" (fill #1 #2))\n"
      "(define \"Seeds\" 4)\n"
      "(define \"Both\" (start (\"Fill\" #1 (row P1)) (\"Fill\" #1 (row P2))))\n"
      "(define \"Dir\" (direction #1))\n"
      "(game \"G\" (board 2 6) (\"Both\" (\"Seeds\"))\n"
      "  (sow (origin (row mover) (if (>= hole 2))) (\"Dir\" cw)))";
  Run run = check(text);
  INFO(run.diagnostics.str());
  REQUIRE(run.ok);
  CHECK(to_text(run.game.game) ==
        "(game \"G\" (board 2 6) (start (fill 4 (row P1)) (fill 4 (row P2))) "
        "(sow (origin (row mover) (if (>= hole 2))) (direction cw)))");

  // A call keeps its label.
  Run labelled = check("(define \"S\" open)(game \"G\" (board 2 6 stores:(\"S\")))");
  INFO(labelled.diagnostics.str());
  REQUIRE(labelled.ok);
  CHECK(to_text(labelled.game.game) == "(game \"G\" (board 2 6 stores:open))");

  // Options inside define bodies are resolved.
  Run opt = check("(option \"n\" 5 {5 6})(define \"B\" (board 2 (opt \"n\")))(game \"G\" (\"B\"))", {"n=6"});
  REQUIRE(opt.ok);
  CHECK(to_text(opt.game.game) == "(game \"G\" (board 2 6))");

  CHECK(check("(define \"A\" (fill #3))(game \"G\" (start (\"A\" 1 2)))").error() ==
        "1:40: define \"A\" uses #3 but the call gives 2 arguments");
  CHECK(check("(define \"A\" 1)(define \"A\" 2)").error() == "1:23: define \"A\" is defined twice");
  CHECK(check("(define \"Abc\" 1)(game \"G\" (board 2 (\"Abd\")))").error() ==
        "1:36: undefined define \"Abd\" (did you mean 'Abc'?)");
  CHECK(check("(define \"A\" (x (\"A\")))(game \"G\" (\"A\"))").error() ==
        "1:16: recursive define: A -> A");
  CHECK(check("(define \"A\" (\"B\"))(define \"B\" (\"A\"))(game \"G\" (\"A\"))").error() ==
        "1:31: recursive define: A -> B -> A");
  CHECK(check("(define \"A\" 1)(game \"G\" (board 2 (\"A\" x:1)))").error() ==
        "1:39: a define call takes no named arguments, found 'x:'");
  CHECK(check("(game \"G\" (board 2 #1))").error() == "1:20: #1 outside a define body");
}

TEST_CASE("a define of several clauses is spliced where its call stands", "[checker]") {
  const std::string text =
      "(define \"Captures\" (capture (if (in hole {2 3}))) (capture (if (= hole 4))))\n"
      "(define \"Sowing\" (origin (row mover)) (\"Captures\"))\n"
      "(game \"G\" (board 2 6) (sow (\"Sowing\") (direction cw)))";
  Run run = check(text);
  INFO(run.diagnostics.str());
  REQUIRE(run.ok);
  CHECK(to_text(run.game.game) ==
        "(game \"G\" (board 2 6) (sow (origin (row mover)) (capture (if (in hole {2 3}))) "
        "(capture (if (= hole 4))) (direction cw)))");

  // An error of the expansion inside one of the values points at it, with a note at the call.
  Run bad = check("(define \"Two\" (capture) (\"Nope\"))\n(game \"G\" (board 2 6) (sow (\"Two\")))");
  CHECK(bad.error() == "1:25: undefined define \"Nope\"");
  CHECK(bad.diagnostics.str().find("test.lud:2:28: note: in the expansion of \"Two\" called here") !=
        std::string::npos);
  CHECK(check("(define \"Two\" 1 2)(game \"G\" (board 2 6 stores:(\"Two\")))").error() ==
        "1:40: define \"Two\" has 2 values, spliced where the call stands: its call takes no "
        "label, found 'stores:'");
  CHECK(check("(define \"Nothing\")").error() ==
        "1:1: define \"Nothing\" has no body (usage: (define name body...))");
}

TEST_CASE("an option's value names a symbol, players are compared with same-player", "[checker]") {
  const std::string text =
      "(option \"dir\" \"ccw\" {\"ccw\" \"cw\" \"up\"})\n"
      "(game \"G\" (board 2 6) (sow (origin (row mover)) (direction (opt \"dir\"))))";
  Run chosen = check(text, {"dir=cw"});
  INFO(chosen.diagnostics.str());
  REQUIRE(chosen.ok);
  CHECK(chosen.game.game.children[2].children[1].children[0].symbol == Symbol::cw);
  CHECK(check(text, {"dir=up"}).error() ==
        "2:60: 'direction' expects one of ccw, cw, choice as argument 1 (direction), found the "
        "option's value \"up\"");
  // A string written as such is no symbol.
  CHECK(check("(game \"G\" (board 2 6) (sow (direction \"cw\")))").error() ==
        "1:39: 'direction' expects one of ccw, cw, choice as argument 1 (direction), found a string");

  CHECK(check("(game \"G\" (board 2 6) (sow (origin (row mover) (if (is mover P1)))))").error() ==
        "1:56: 'is' expects a hole as argument 1 (a), found 'mover', a player (to compare players: "
        "(same-player A B))");
  CHECK(check("(game \"G\" (board 2 6) (sow (origin (row mover) (if (!= 1 (owner hole))))))").error() ==
        "1:58: '!=' expects an integer as argument 2 (b), found (owner ...), a player (to compare "
        "players: (not (same-player A B)))");
  CHECK(check("(game \"G\" (board 2 6) (sow (origin (row mover) (if (same-player mover (owner hole))))))").ok);
}

TEST_CASE("a define's optional argument: (default #k VALUE)", "[checker]") {
  const std::string text =
      "(define \"Fill\" (fill (default #2 4) #1))\n"
      "(define \"Board\" (board 2 6 stores:(default #1 open)))\n"
      "(game \"G\" (\"Board\") (start (\"Fill\" (row P1)) (\"Fill\" (row P2) 3)))";
  Run run = check(text);
  INFO(run.diagnostics.str());
  REQUIRE(run.ok);
  CHECK(to_text(run.game.game) ==
        "(game \"G\" (board 2 6 stores:open) (start (fill 4 (row P1)) (fill 3 (row P2))))");
  CHECK(check("(define \"F\" (fill (default 2 4)))(game \"G\" (board 2 6) (start (\"F\")))").error() ==
        "1:28: 'default' expects a parameter #k as argument 1, found an integer");
  CHECK(check("(game \"G\" (board 2 6) (start (fill (default 2 4))))").error() ==
        "1:36: 'default' is only allowed in a define body");
}

TEST_CASE("define limits", "[checker]") {
  CheckSettings settings;
  settings.max_define_depth = 3;
  // ("E") stands inside the bodies of A, B, C and D: 4 levels.
  std::string chain =
      "(define \"A\" (\"B\"))(define \"B\" (\"C\"))(define \"C\" (\"D\"))(define \"D\" (\"E\"))"
      "(define \"E\" 6)(game \"G\" (board 2 (\"A\")))";
  CHECK(check(chain, {}, settings).error() ==
        "1:67: define expansion deeper than 3 levels (limit max_define_depth)");
  settings.max_define_depth = 4;
  CHECK(check(chain, {}, settings).ok);

  // Exponential growth is cut off by max_expanded_nodes.
  std::string text = "(define \"D0\" (x 1 1))\n";
  for (int i = 1; i <= 30; ++i)
    text += "(define \"D" + std::to_string(i) + "\" (x (\"D" + std::to_string(i - 1) + "\") (\"D" +
            std::to_string(i - 1) + "\")))\n";
  text += "(game \"G\" (\"D30\"))";
  Run run = check(text);
  CHECK(run.error().find("define expansion makes more than 1000000 nodes (limit max_expanded_nodes)") !=
        std::string::npos);

  // Expansion may not nest deeper than max_depth.
  settings = CheckSettings{};
  settings.parse_limits.max_depth = 20;
  std::string deep = "(define \"N0\" (x))\n";
  for (int i = 1; i <= 10; ++i)
    deep += "(define \"N" + std::to_string(i) + "\" (x (x (\"N" + std::to_string(i - 1) + "\"))))\n";
  deep += "(game \"G\" (\"N10\"))";
  CHECK(check(deep, {}, settings).error().find("define expansion nests deeper than 20 levels (limit max_depth)") !=
        std::string::npos);
}

TEST_CASE("imports from a stdlib directory", "[checker]") {
  TempDir first, second;
  first.write("lib.lud", "(import \"more\")\n(define \"Seeds\" 4)\n(import \"lib\")");
  second.write("more.lud", "(import \"lib\")(define \"Columns\" 6)");
  second.write("lib.lud", "(define \"Shadowed\" 1)");
  CheckSettings settings;
  settings.stdlib_dirs = {first.path.string(), second.path.string()};
  TempDir dir;
  std::string game = dir.write("game.lud",
                               "(import \"lib\")\n(import \"lib\")\n"
                               "(game \"G\" (board 2 (\"Columns\")) (start (fill (\"Seeds\"))))");
  CheckedGame out;
  Diagnostics diagnostics;
  bool ok = check_file(game, {}, settings, out, diagnostics);
  INFO(diagnostics.str());
  REQUIRE(ok);
  CHECK(to_text(out.game) == "(game \"G\" (board 2 6) (start (fill 4)))");
  REQUIRE(out.files.size() == 3);
  CHECK(out.files[0] == game);
  CHECK(out.files[1] == (first.path / "lib.lud").string());
  CHECK(out.files[2] == (second.path / "more.lud").string());

  Run missing = check("(import \"nothing\")", {}, settings);
  CHECK(missing.error() == "1:9: cannot find import \"nothing\" (looked in: " + first.path.string() +
                               ", " + second.path.string() + ")");
  CHECK(check("(import \"../x\")", {}, settings).error() ==
        "1:9: invalid import name \"../x\": use only letters, digits, '_' and '-'");
  first.write("bad.lud", "(game \"x\")");
  CHECK(check("(import \"bad\")", {}, settings).error() ==
        "1:1: only define and import forms are allowed in an imported file, found (game ...)");
  first.write("broken.lud", "(define \"x\"");
  Run broken = check("(import \"broken\")", {}, settings);
  CHECK(broken.error() == "1:12: missing ')' to close '(' at 1:1, found end of file");
  CHECK(broken.diagnostics.all()[0].position.source->name == (first.path / "broken.lud").string());
}

TEST_CASE("check_file reports a missing file", "[checker]") {
  CheckedGame out;
  Diagnostics diagnostics;
  CHECK_FALSE(check_file("/nonexistent/game.lud", {}, CheckSettings{}, out, diagnostics));
  CHECK(first_error(diagnostics) == "0:0: cannot open '/nonexistent/game.lud'");
}

TEST_CASE("validation against the registry", "[checker]") {
  auto error_of = [](const std::string& body) {
    return check("(game \"G\" " + body + ")").error();
  };
  CHECK(error_of("(board 2 6) (start (fill 4))") == "no error");
  CHECK(error_of("(bord 2 6)") == "1:11: unknown ludeme 'bord' (did you mean 'board'?)");
  CHECK(error_of("(qqqqqqq)") == "1:11: unknown ludeme 'qqqqqqq'");
  CHECK(error_of("(board \"2\" 6)") ==
        "1:18: 'board' expects an integer as argument 1 (rows), found a string");
  CHECK(error_of("(board 2)") == "1:11: 'board' is missing its argument columns (usage: (board rows columns [stores:...] [store-count:...]))");
  CHECK(error_of("(board 2 6 7)") == "1:22: too many arguments for 'board' (usage: (board rows columns [stores:...] [store-count:...]))");
  CHECK(error_of("(board 2 6 store:open)") ==
        "1:22: unknown label 'store:' for 'board' (accepted: stores:, store-count:)");
  CHECK(error_of("(board 2 6 stores:open stores:none)") == "1:34: label 'stores:' is given twice");
  CHECK(error_of("(board 2 6 stores:closed)") ==
        "1:29: 'board' expects one of none, open, concealed for stores:, found 'closed'");
  CHECK(error_of("(start (fill {4}))") == "1:24: 'fill' expects an integer as argument 1 (count), found a list");
  CHECK(error_of("(start (fill 4 mover))") == "1:26: 'fill' expects a region as argument 2 (region), found 'mover', a player");
  CHECK(error_of("(start (put 4 A0))") == "1:25: malformed hole name 'A0': a hole is a column letter A-Z and a row number from 1, like A1");
  CHECK(error_of("(start (put 4 A1 (row P1)))") == "1:28: 'put' expects a hole as argument 3 (hole), found (row ...), a region");
  CHECK(error_of("(start (fill 4 board) (sow))") == "1:33: 'start' expects a start-step as argument 2 (step), found (sow ...), a game-clause");
  CHECK(error_of("(sow (origin board (if crossed (crossed))))") == "1:42: 'crossed' is written without parentheses: crossed");
  CHECK(error_of("(sow (origin board (if sow)))") == "1:34: 'sow' must be written as a form: (sow ...)");
  CHECK(error_of("(sow (origin board (if mover)))") == "1:34: 'if' expects a condition as argument 1 (condition), found 'mover', a player");
  CHECK(error_of("(sow (origin board (if (>= hole A1))))") == "no error");
  CHECK(error_of("(sow (origin board (if (>= (count A1) P1))))") == "1:49: '>=' expects an integer as argument 2 (b), found 'P1', a player");
  CHECK(error_of("(sow (capture (take hole)) (capture (if crossed) (take hole) (into-store)))") == "no error");
  CHECK(error_of("(define \"x\" 1)") == "1:11: 'define' is only allowed at the top level of a file");
  CHECK(error_of("(sow (origin board (if mver)))") == "1:34: unknown name 'mver' (did you mean 'mover'?)");
  CHECK(error_of("(start (row-pattern {1 x}))") == "1:34: 'row-pattern' expects a list of integers as argument 1 (pattern), found 'x' in the list");

  CHECK(check("(game \"A\")(game \"B\")").error() == "1:11: a file has only one (game ...) form");
  CHECK(check("(define \"A\" 1)").error() == "1:1: no (game ...) form");
  CHECK(check("").error() == "1:1: empty file: expected a (game ...) form");
  CHECK(check("// nothing").error() == "1:1: empty file: expected a (game ...) form");
  CHECK(check("(game \"A\") 42").error() == "1:12: only import, define, option and game forms may stand at the top level, found an integer");
  CHECK(check("x:(game \"A\")").error() == "1:1: unexpected label 'x:' on a top-level item");
}

TEST_CASE("the games and the stdlib check", "[checker]") {
  CheckSettings settings;
  settings.stdlib_dirs = {std::string(MANCALA_TESTS_DIR) + "/../stdlib"};
  std::size_t count = 0;
  for (const std::string& path : mancala::test::game_files()) {
    ++count;
    CheckedGame out;
    Diagnostics diagnostics;
    bool ok = check_file(path, {}, settings, out, diagnostics);
    INFO(path << "\n" << diagnostics.str());
    CHECK(ok);
    CHECK(!out.name.empty());
  }
  CHECK(count > 0);
}

TEST_CASE("default_stdlib_dirs finds the source tree's stdlib", "[checker]") {
  auto dirs = default_stdlib_dirs("/nonexistent/bin/mancala");
  REQUIRE_FALSE(dirs.empty());
  CHECK(fs::equivalent(dirs.back(), std::string(MANCALA_TESTS_DIR) + "/../stdlib"));
}

TEST_CASE("pathological input stays cheap and readable", "[checker]") {
  // A very long unknown name: no edit-distance search, a shortened message.
  std::string name(200000, 'q');
  Run run = check("(game \"G\" (" + name + "))");
  CHECK(run.error() == "1:11: unknown ludeme '" + std::string(57, 'q') + "...'");

  // Errors are capped per pass.
  std::string calls;
  for (int i = 0; i < 1000; ++i) calls += " (\"Missing\")";
  Run many = check("(game \"G\" (start" + calls + "))");
  CHECK(many.diagnostics.error_count() == 100);

  std::string forms;
  for (int i = 0; i < 1000; ++i) forms += " (nothing)";
  Run unknown = check("(game \"G\"" + forms + ")");
  CHECK(unknown.diagnostics.error_count() == 100);

  CheckedGame out;
  Diagnostics diagnostics;
  CHECK_FALSE(check_file(MANCALA_TESTS_DIR, {}, CheckSettings{}, out, diagnostics));
  CHECK(first_error(diagnostics) ==
        std::string("0:0: '") + MANCALA_TESTS_DIR + "' is a directory, not a rule file");
}

TEST_CASE("nesting up to the limit goes through every pass", "[checker]") {
  std::string nots;
  for (int i = 0; i < 251; ++i) nots += "(not ";
  const std::string close(251, ')');
  // game, sow, origin, if, 251 nots and the call: 256 levels.
  Run run = check("(define \"C\" crossed)(game \"G\" (board 2 6) (sow (origin board (if " + nots +
                  "(\"C\")" + close + "))))");
  INFO(run.diagnostics.str());
  CHECK(run.ok);
  // One level more is refused by the parser...
  Run deeper = check("(game \"G\" (board 2 6) (sow (origin board (if " + nots + "(not (not crossed))" +
                     close + "))))");
  CHECK(deeper.error().find("nesting deeper than 256 levels (limit max_depth)") != std::string::npos);
  // ... and so is a define expansion that makes the tree deeper than max_depth.
  Run expanded = check("(define \"C\" (not (not crossed)))(game \"G\" (board 2 6) (sow (origin board (if " +
                       nots + "(\"C\")" + close + "))))");
  CHECK(expanded.error().find("define expansion nests deeper than 256 levels (limit max_depth)") !=
        std::string::npos);
}
