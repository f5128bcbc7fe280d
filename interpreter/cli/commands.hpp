#pragma once
// The subcommands of `mancala`. Each lives in its own file and registers itself on the
// application with add_*_command; main.cpp only lists them.
#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mancala::cli {

// Flags every command that loads a rule file shares.
struct Common {
  std::vector<std::string> options;  // name=value
  std::vector<std::string> stdlib_dirs;
  std::vector<std::string> games_dirs;  // where a bare game name is looked up (lang/game_files.hpp)
  long max_drops = 0;  // --max-drops: the limit max-drops-per-move (0: the default)
};

// A registered subcommand and what running it does (returns the process's exit status).
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

// Adds --option, --stdlib and --max-drops to a subcommand.
void add_common_flags(CLI::App* sub, Common& common);

void add_check_command(CLI::App& app, Common& common, std::vector<Command>& out);
void add_trace_command(CLI::App& app, Common& common, std::vector<Command>& out);
void add_bench_command(CLI::App& app, Common& common, std::vector<Command>& out);
void add_repl_command(CLI::App& app, Common& common, std::vector<Command>& out);
void add_analyze_command(CLI::App& app, Common& common, std::vector<Command>& out);  // and merge
void add_replay_command(CLI::App& app, Common& common, std::vector<Command>& out);
void add_play_command(CLI::App& app, Common& common, std::vector<Command>& out);
void add_match_command(CLI::App& app, Common& common, std::vector<Command>& out);
void add_solve_command(CLI::App& app, Common& common, std::vector<Command>& out);
void add_catalogue_command(CLI::App& app, Common& common, std::vector<Command>& out);
void add_serve_command(CLI::App& app, Common& common, std::vector<Command>& out);

}  // namespace mancala::cli
