// Finding rule files (lang/game_files.hpp): games/ grouped in folders is read at any depth, and a
// bare game name given where a command takes a rule file names the one file NAME.lud.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "cli_run.hpp"
#include "lang/game_files.hpp"
#include "support.hpp"

using namespace mancala;
namespace fs = std::filesystem;

namespace {

// A games directory of its own: two-row/kalah.lud, two-row/awari.lud, four-row/awari.lud.
struct Library {
  fs::path dir = fs::temp_directory_path() / ("mancala-games-" + std::to_string(::getpid()));
  Library() {
    for (const char* file : {"two-row/kalah.lud", "two-row/awari.lud", "four-row/awari.lud"}) {
      fs::create_directories((dir / file).parent_path());
      std::ofstream(dir / file) << "(game \"G\")\n";
    }
  }
  ~Library() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

}  // namespace

TEST_CASE("rule_files lists the rule files of every folder, sorted", "[game-files]") {
  Library library;
  auto files = rule_files(library.dir.string());
  REQUIRE(files.size() == 3);
  CHECK(files[0] == (library.dir / "four-row/awari.lud").string());
  CHECK(files[2] == (library.dir / "two-row/kalah.lud").string());
  CHECK(rule_files((library.dir / "none").string()).empty());
  // The project's games: 17 shipped, each in its board's folder.
  auto shipped = test::game_files();
  CHECK(shipped.size() >= 17);
  for (const auto& path : shipped) {
    std::string folder = fs::path(path).parent_path().filename().string();
    INFO(path);
    CHECK((folder == "two-row" || folder == "three-row" || folder == "four-row" || folder == "other"));
  }
}

TEST_CASE("find_game: a path is kept, a bare name is looked up", "[game-files]") {
  Library library;
  const std::vector<std::string> dirs = {library.dir.string()};
  CHECK(find_game("kalah", dirs).path == (library.dir / "two-row/kalah.lud").string());
  CHECK(find_game("kalah", dirs).error.empty());
  // Paths, existing or not, are the caller's to read.
  CHECK(find_game("games/two-row/kalah.lud", dirs).path == "games/two-row/kalah.lud");
  CHECK(find_game("nothing.lud", dirs).path == "nothing.lud");
  // Not found: the closest name is suggested.
  GameLookup missing = find_game("kalha", dirs);
  CHECK(missing.path.empty());
  CHECK(missing.error == "no rule file 'kalha', and no game of that name in " + library.dir.string() +
                             " (did you mean 'kalah'?)");
  // Two files of that name: both listed.
  GameLookup ambiguous = find_game("awari", dirs);
  CHECK(ambiguous.path.empty());
  CHECK(ambiguous.error == "'awari' names 2 rule files: " + (library.dir / "four-row/awari.lud").string() + ", " +
                               (library.dir / "two-row/awari.lud").string() + "; give the file's path");
  // The first directory that has the name wins.
  CHECK(find_game("kalah", {test::games_dir(), library.dir.string()}).path == test::game_path("kalah"));
}

TEST_CASE("the command line takes a bare game name wherever it takes a rule file", "[game-files][cli]") {
  auto check = test::run_cli("check kalah");
  CHECK(check.status == 0);
  CHECK(check.output.find("/games/two-row/kalah.lud: Kalah, board 2x6 with stores") != std::string::npos);
  auto trace = test::run_cli("trace awari --moves \"A1\"");
  CHECK(trace.status == 0);
  CHECK(trace.output.find("\"move\":\"A1\"") != std::string::npos);
  auto unknown = test::run_cli("check kalha");
  CHECK(unknown.status == 1);
  CHECK(unknown.output.find("error: no rule file 'kalha', and no game of that name in ") != std::string::npos);
  CHECK(unknown.output.find("(did you mean 'kalah'?)") != std::string::npos);
  // MANCALA_GAMES is searched first.
  Library library;
  auto ambiguous = test::run_cli("check awari", "MANCALA_GAMES='" + library.dir.string() + "'");
  CHECK(ambiguous.status == 1);
  CHECK(ambiguous.output.find("'awari' names 2 rule files") != std::string::npos);
}

TEST_CASE("load_game finds a game in any folder of games/", "[game-files]") {
  CHECK(test::load_game("rabe")->name() == "Rab'e");
  CHECK(test::load_game("pic")->name() == "Pic");
  CHECK_THROWS_WITH(test::load_game("rab"), Catch::Contains("did you mean 'rabe'?"));
}
