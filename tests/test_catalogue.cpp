// The catalogue (mancala catalogue, interpreter/analysis/catalogue.hpp): generated from the rule files and
// games/library-index.tsv, never written by hand. docs/catalogue.md is its markdown and must be
// regenerated (scripts/catalogue.sh) whenever a rule file's name, source, board, options or status
// changes.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "cli_run.hpp"
#include "support.hpp"

using namespace mancala;
namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string quoted(const std::string& path) { return "'" + path + "'"; }

}  // namespace

TEST_CASE("docs/catalogue.md is the catalogue of games/ as mancala catalogue prints it", "[catalogue]") {
  auto run = test::run_cli("catalogue --format md " + quoted(test::games_dir()));
  REQUIRE(run.status == 0);
  std::string written = read_text(fs::path(test::project_dir()) / "docs" / "catalogue.md");
  if (written != run.output) {
    // The first line that differs, rather than both files whole.
    std::istringstream a(written), b(run.output);
    std::string line_a, line_b;
    int line = 1;
    for (;; ++line) {
      bool more_a = static_cast<bool>(std::getline(a, line_a)), more_b = static_cast<bool>(std::getline(b, line_b));
      if (!more_a) line_a = "(the end of the file)";
      if (!more_b) line_b = "(the end of the catalogue)";
      if (line_a != line_b || (!more_a && !more_b)) break;
    }
    FAIL_CHECK("docs/catalogue.md is stale: regenerate it with scripts/catalogue.sh (build/mancala catalogue "
               "--format md games > docs/catalogue.md). Line "
               << line << " is\n  " << line_a << "\nand the catalogue of games/ has\n  " << line_b);
  }
}

TEST_CASE("the catalogue lists every library text and every rule file, each with its status", "[catalogue]") {
  auto run = test::run_cli("catalogue --format json " + quoted(test::games_dir()));
  REQUIRE(run.status == 0);
  auto entries = nlohmann::ordered_json::parse(run.output);
  std::set<std::string> files, library;
  int shipped = 0;
  for (const auto& e : entries) {
    std::string file = e.at("file");
    INFO(file);
    CHECK(files.insert(file).second);  // listed once
    if (e.at("library").get<bool>()) library.insert(file);
    std::string status = e.at("status");
    // Every rule file states its status (a file without one is "unstated"); a partial one names
    // what it leaves out.
    CHECK((status == "faithful" || status == "partial" || status == "missing"));
    if (status == "partial") CHECK(!e.at("gaps").empty());
    if (status != "missing") CHECK(fs::exists(fs::path(test::games_dir()) / file));
    if (!e.at("library").get<bool>()) ++shipped;
  }
  CHECK(library.size() == 163);
  CHECK(shipped >= 17);
  CHECK(files.size() == library.size() + shipped);
  auto awari = std::find_if(entries.begin(), entries.end(), [](const auto& e) { return e.at("file") == "two-row/awari.lud"; });
  REQUIRE(awari != entries.end());
  CHECK(awari->dump() ==
        R"j({"group":"two-row","file":"two-row/awari.lud","game":"Awari","sources":["Herskovits 1932: 29-30 (Ludii: Awari)"],)j"
        R"j("status":"faithful","library":false,"board":{"rows":2,"columns":6,"text":"2x6"},"players":2,"options":[],)j"
        R"j("rounds":false,"gaps":[]})j");
}

TEST_CASE("mancala catalogue: the tsv format, and what it reports on stderr", "[catalogue][cli]") {
  auto tsv = test::run_cli("catalogue --format tsv " + quoted(test::games_dir()));
  REQUIRE(tsv.status == 0);
  CHECK(tsv.output.rfind("group\tfile\tgame\tsources\tboard\tplayers\toptions\trounds\tstatus\tgaps\n", 0) == 0);
  CHECK(tsv.output.find("\ntwo-row\ttwo-row/kiuthi.lud\tKiuthi\tMurray 7.6.10; Leakey 1936: 165-173 (seeds 000, "
                        "002); Driedger 1972, Mila 3(1): 7-19 (seed 002)\t2x6, stores\t2\tholes=6 (5..10); "
                        "counters=6 (4..9); chain=leakey (leakey, driedger); shrink=summary (summary, leakey); "
                        "opener=winner (winner, loser)\tyes\tpartial\t") != std::string::npos);

  // A library file in another folder than the index's, and a file that does not check: both
  // reported, the exit status 1, the catalogue printed all the same.
  fs::path dir = fs::temp_directory_path() / ("mancala-catalogue-" + std::to_string(::getpid()));
  fs::create_directories(dir / "two-row");
  std::ofstream(dir / "library-index.tsv") << "# stem\tgame\tsource\tgroup\nkatro\tKatro\tde Voogt 1999\tother\n"
                                              "adi\tAdi\tKlose 1906: 75.\ttwo-row\n";
  fs::copy_file(test::game_path("awari"), dir / "two-row" / "katro.lud");
  std::ofstream(dir / "two-row" / "broken.lud") << "(game \"Broken\" (board 2 6)\n";
  // A text of the index without its file is listed as missing.
  auto missing = test::run_cli("catalogue --format tsv " + quoted(dir.string()));
  CHECK(missing.output.find("\ntwo-row\ttwo-row/adi.lud\tAdi\tKlose 1906: 75.\t\t\t\t\tmissing\t\n") != std::string::npos);
  auto run = test::run_cli("catalogue " + quoted(dir.string()));
  fs::remove_all(dir);
  INFO(run.output);
  CHECK(run.status == 1);
  CHECK(run.output.find("two-row/katro.lud: the library index puts katro in other/ (games/library-index.tsv): "
                        "move the file there\n") != std::string::npos);
  CHECK(run.output.find("broken.lud:2:1: error: missing ')' to close '(' at 1:1") != std::string::npos);
  CHECK(run.output.find("| broken | `two-row/broken.lud` |") != std::string::npos);
  CHECK(run.output.find("| error |") != std::string::npos);
}

TEST_CASE("mancala catalogue --vocabulary counts the files using each rule-level ludeme", "[catalogue][cli]") {
  fs::path dir = fs::temp_directory_path() / ("mancala-vocabulary-" + std::to_string(::getpid()));
  fs::create_directories(dir / "two-row");
  fs::create_directories(dir / "other");
  fs::copy_file(test::game_path("awari"), dir / "two-row" / "awari.lud");
  fs::copy_file(test::game_path("pic"), dir / "other" / "pic.lud");
  auto run = test::run_cli("catalogue --vocabulary " + quoted(dir.string()));
  fs::remove_all(dir);
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK(run.output.rfind("ludeme\tcategory\tfiles\tthe one file\n", 0) == 0);
  CHECK(run.output.find("\nsow\tgame-clause\t2\t\n") != std::string::npos);   // both files sow
  CHECK(run.output.find("\nclaim\teffect\t1\tpic\n") != std::string::npos);  // only Pic claims
  CHECK(run.output.find("\nsource\t") == std::string::npos);                  // metadata is not a rule
  CHECK(run.output.find("vocabulary: 2 rule files; ") != std::string::npos);
}
