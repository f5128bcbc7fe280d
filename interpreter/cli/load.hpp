#pragma once
// Loading a rule file for a command: check it with the command line's options, compile it, and
// print any diagnostics to stderr.
#include <memory>
#include <string>

#include "interpreter/cli/commands.hpp"
#include "interpreter/game.hpp"
#include "lang/checker.hpp"

namespace mancala::cli {

struct Loaded {
  std::string path;  // the rule file read: the argument, or the file a bare game name names
  CheckedGame checked;
  std::unique_ptr<Game> game;
};

// `file` is a path or a bare game name (lang/game_files.hpp: find_game). False (diagnostics
// printed) if it names no single file, or the file does not check or compile.
bool load(const Common& common, const std::string& file, Loaded& out);

// An option's value as the command line writes it: 4, standard.
std::string option_text(const Node& value);

}  // namespace mancala::cli
