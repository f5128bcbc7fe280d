#pragma once
// Shared by the tests: load a game of games/ with options, without ../shared beside the project.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "interpreter/game.hpp"
#include "lang/checker.hpp"

namespace mancala::test {

inline std::string project_dir() { return std::string(MANCALA_TESTS_DIR) + "/.."; }

inline CheckSettings settings() {
  CheckSettings s;
  s.stdlib_dirs = {project_dir() + "/stdlib"};
  return s;
}

// Loads games/NAME.lud with options "name=value"; throws with the diagnostics on failure.
inline std::unique_ptr<Game> load_game(const std::string& name,
                                       const std::vector<std::string>& options = {}) {
  Diagnostics diagnostics;
  std::vector<OptionChoice> choices;
  for (const auto& text : options) choices.push_back(parse_option_argument(text, diagnostics));
  CheckedGame checked;
  std::string path = project_dir() + "/games/" + name + ".lud";
  if (!check_file(path, choices, settings(), checked, diagnostics))
    throw std::runtime_error(diagnostics.str());
  auto game = Game::compile(checked, diagnostics);
  if (!game) throw std::runtime_error(diagnostics.str());
  return game;
}

// The same for rule text written in a test.
inline std::unique_ptr<Game> load_text(const std::string& text,
                                       const std::vector<std::string>& options = {}) {
  Diagnostics diagnostics;
  std::vector<OptionChoice> choices;
  for (const auto& o : options) choices.push_back(parse_option_argument(o, diagnostics));
  CheckedGame checked;
  if (!check_source(make_source("test.lud", text), choices, settings(), checked, diagnostics))
    throw std::runtime_error(diagnostics.str());
  auto game = Game::compile(checked, diagnostics);
  if (!game) throw std::runtime_error(diagnostics.str());
  return game;
}

}  // namespace mancala::test
