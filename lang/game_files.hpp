#pragma once
// Finding rule files. games/ is grouped in folders (by board: two-row/, three-row/, four-row/,
// other/), so tools list its files at any depth, and a command given a bare game name
// (`mancala play kalah`) takes the one file NAME.lud found under the games directory, which is
// looked for as stdlib/ is (the installation, then the source tree).
#include <string>
#include <vector>

namespace mancala {

// Where a bare game name is looked up, best first, existing directories only: $MANCALA_GAMES
// (':'-separated), <exe dir>/../games, <exe dir>/games, MANCALA_SOURCE_DIR "/games".
std::vector<std::string> default_games_dirs(const char* argv0);

// Every rule file (*.lud) under `dir`, at any depth, sorted by path; empty if `dir` is not a
// directory.
std::vector<std::string> rule_files(const std::string& dir);

// What a command's rule-file argument names. An argument that names an existing file, holds a
// '/' or ends in ".lud" is a path, kept as given (reading it reports what is wrong). Otherwise it
// is a game's name: the file NAME.lud at any depth under the first of `games_dirs` that has one.
// `error` is set, and `path` empty, when no directory has it (the closest name is suggested) or
// when that directory has several (they are listed).
struct GameLookup {
  std::string path;
  std::string error;
};
GameLookup find_game(const std::string& argument, const std::vector<std::string>& games_dirs);

}  // namespace mancala
