// mancala: check rule files, play and record games, measure the interpreter. Each subcommand is
// in its own file (commands.hpp); this file only lists them.
#include <CLI/CLI.hpp>

#include "interpreter/cli/commands.hpp"
#include "lang/checker.hpp"
#include "lang/game_files.hpp"

int main(int argc, char** argv) {
  using namespace mancala::cli;
  CLI::App app{"mancala: an interpreter for rule files of mancala games"};
  app.require_subcommand(1);
  Common common;
  std::vector<Command> commands;
  add_check_command(app, common, commands);
  add_trace_command(app, common, commands);
  add_bench_command(app, common, commands);
  add_repl_command(app, common, commands);
  add_play_command(app, common, commands);
  add_analyze_command(app, common, commands);
  add_replay_command(app, common, commands);
  add_match_command(app, common, commands);
  add_solve_command(app, common, commands);
  add_catalogue_command(app, common, commands);
  add_serve_command(app, common, commands);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  auto defaults = mancala::default_stdlib_dirs(argv[0]);
  common.stdlib_dirs.insert(common.stdlib_dirs.end(), defaults.begin(), defaults.end());
  common.games_dirs = mancala::default_games_dirs(argv[0]);
  for (const Command& command : commands)
    if (command.app->parsed()) return command.run();
  return 2;
}
