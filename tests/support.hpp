#pragma once
// Shared by the tests: load a game of games/ with options, from the project tree alone.
#include <filesystem>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "interpreter/game.hpp"
#include "lang/checker.hpp"
#include "lang/game_files.hpp"

namespace mancala::test {

// The project's tree: the one the tests were built from, or MANCALA_PROJECT_DIR's (an author of
// rule files runs a built test binary against the games and scenarios of another checkout:
// docs/writing-games.md).
inline std::string project_dir() {
  const char* other = std::getenv("MANCALA_PROJECT_DIR");
  return other && *other ? std::string(other) : std::string(MANCALA_TESTS_DIR) + "/..";
}

inline CheckSettings settings() {
  CheckSettings s;
  s.stdlib_dirs = {project_dir() + "/stdlib"};
  return s;
}

// Checks rule text (a file, or text written in a test) with options "name=value" and compiles
// it; throws with the diagnostics on failure.
inline std::unique_ptr<Game> check_and_compile(const std::shared_ptr<const Source>& source,
                                               const std::vector<std::string>& options) {
  Diagnostics diagnostics;
  std::vector<OptionChoice> choices;
  for (const auto& text : options) choices.push_back(parse_option_argument(text, diagnostics));
  CheckedGame checked;
  if (!check_source(source, choices, settings(), checked, diagnostics))
    throw std::runtime_error(diagnostics.str());
  auto game = Game::compile(checked, diagnostics);
  if (!game) throw std::runtime_error(diagnostics.str());
  return game;
}

inline std::string games_dir() { return project_dir() + "/games"; }

// The path of games/**/NAME.lud, resolved as the command line resolves a bare game name
// (lang/game_files.hpp); throws if there is no such file or more than one.
inline std::string game_path(const std::string& name) {
  GameLookup lookup = find_game(name, {games_dir()});
  if (!lookup.error.empty()) throw std::runtime_error(lookup.error);
  return lookup.path;
}

// Every rule file of games/, at any depth, sorted by path.
inline std::vector<std::string> game_files() { return rule_files(games_dir()); }

// For the unit tests that loop over every game in one process: every file, or with
// MANCALA_GAME_SAMPLE=N every Nth (the sanitizer run of scripts/test.sh, whose per-game
// random-play and contract tests still play every file).
inline std::vector<std::string> sampled_game_files() {
  std::vector<std::string> files = game_files();
  const char* every = std::getenv("MANCALA_GAME_SAMPLE");
  const std::size_t n = every ? static_cast<std::size_t>(std::max(1, std::atoi(every))) : 1;
  std::vector<std::string> out;
  for (std::size_t i = 0; i < files.size(); i += n) out.push_back(files[i]);
  return out;
}

// The name of a rule file: games/two-row/kalah.lud -> kalah.
inline std::string game_name(const std::string& path) { return std::filesystem::path(path).stem().string(); }

// Loads games/**/NAME.lud.
inline std::unique_ptr<Game> load_game(const std::string& name,
                                       const std::vector<std::string>& options = {}) {
  std::string error;
  auto source = read_source(game_path(name), error);
  if (!source) throw std::runtime_error(error);
  return check_and_compile(source, options);
}

// The same for rule text written in a test.
inline std::unique_ptr<Game> load_text(const std::string& text,
                                       const std::vector<std::string>& options = {}) {
  return check_and_compile(make_source("test.lud", text), options);
}

// Every configuration: the defaults, then each value of each option with the others at default.
inline std::vector<std::vector<std::string>> configurations(const std::string& path) {
  Diagnostics diagnostics;
  CheckedGame checked;
  if (!check_file(path, {}, settings(), checked, diagnostics))
    throw std::runtime_error(path + " does not check");
  std::vector<std::vector<std::string>> out{{}};
  for (const OptionInfo& option : checked.options)
    for (const Node& choice : option.choices) {
      std::string value = choice.kind == NodeKind::string ? choice.text : std::to_string(choice.integer);
      std::string chosen = option.chosen.kind == NodeKind::string ? option.chosen.text
                                                                  : std::to_string(option.chosen.integer);
      if (value != chosen) out.push_back({option.name + "=" + value});
    }
  return out;
}

// The value of expression `text` in `s` as the REPL's `eval` prints it ("7", "true", "C1"), or
// the diagnostics, the expression named <repl>, when it does not check or compile.
inline std::string value_of(const Game& game, const CheckedGame& checked, const State& s, const std::string& text) {
  Diagnostics diagnostics;
  Node node;
  std::string value;
  if (!check_expression(make_source("<repl>", text), checked, settings(), node, diagnostics) ||
      !game.evaluate(s, node, value, diagnostics))
    return diagnostics.str();
  return value;
}

}  // namespace mancala::test
