// mancala repl [FILE]: explore a game interactively (docs/repl.md). At a terminal: line editing,
// history and completion (libedit), colour; from a file or pipe: one command per line, plain text.
#include <unistd.h>

#include <fmt/format.h>

#include <iostream>
#include <stdexcept>

#include "interpreter/cli/commands.hpp"
#include "interpreter/cli/repl_session.hpp"
#include "interpreter/view/terminal.hpp"

namespace mancala::cli {

namespace {

struct ReplArgs {
  std::string file;
  std::uint64_t seed = 1;
  int max_turns = 2000;
  bool echo = false;
};

int repl(const Common& common, const ReplArgs& args) {
  if (args.file.empty() && !common.options.empty()) {
    std::cerr << "mancala repl: error: --option needs a rule file\n";
    return 2;
  }
  SessionSettings settings;
  settings.stdlib_dirs = common.stdlib_dirs;
  settings.games_dirs = common.games_dirs;
  settings.seed = args.seed;
  settings.max_turns = args.max_turns;
  settings.colour = view::colour_wanted(STDIN_FILENO, STDOUT_FILENO);
  Session session(settings, std::cout);
  auto reader = make_line_reader([&session](std::string_view line) { return session.complete(line); }, args.echo);
  session.interrupted = [&reader] { return reader->interrupted(); };
  session.cancel = reader->cancel_flag();
  if (view::is_terminal(STDIN_FILENO))
    std::cout << "mancala repl: type a move or a command; help lists them, Tab completes, Ctrl-D leaves.\n";
  // A rule file of the command line that does not load ends a script at once (status 1): every
  // line after would meet no game. At a terminal the session stays, to fix the file and reload.
  if (!args.file.empty() && !session.load(args.file, common.options) && !view::is_terminal(STDIN_FILENO)) return 1;
  while (auto line = reader->read(session.prompt())) {
    try {
      if (!session.run(*line)) break;
    } catch (const std::exception& e) {  // a limit of play (docs/robustness.md): the session goes on
      std::cout << fmt::format("error: {}\n", e.what());
    }
    std::cout.flush();
  }
  return 0;
}

}  // namespace

void add_repl_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<ReplArgs>();
  auto* sub = app.add_subcommand("repl", "explore a game: play, undo, explain moves, evaluate expressions (docs/repl.md)");
  sub->add_option("file", args->file, "rule file to load");
  sub->add_option("--seed", args->seed, "default seed of computer players (default 1)");
  sub->add_option("--max-turns", args->max_turns, "where `ai end` stops, in plies (default 2000)")
      ->check(CLI::Range(1, 100'000'000));
  sub->add_flag("--echo", args->echo, "when reading a file or pipe, print each prompt and line read");
  add_common_flags(sub, common);
  out.push_back({sub, [&common, args] { return repl(common, *args); }});
}

}  // namespace mancala::cli
