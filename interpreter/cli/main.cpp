// mancala: check rule files, play and record games, measure the interpreter.
#include <CLI/CLI.hpp>

#include <iostream>

#include "interpreter/cli/commands.hpp"
#include "lang/checker.hpp"

int main(int argc, char** argv) {
  using namespace mancala::cli;
  CLI::App app{"mancala: an interpreter for rule files of mancala games"};
  app.require_subcommand(1);
  Common common;
  auto add_common = [&common](CLI::App* sub) {
    sub->add_option("--option,-o", common.options, "choose a reading: name=value (repeatable)");
    sub->add_option("--stdlib", common.stdlib_dirs, "where (import ...) looks first");
  };

  std::vector<std::string> files;
  auto* check_cmd = app.add_subcommand("check", "parse and check rule files; print a summary of each");
  check_cmd->add_option("files", files, "rule files")->required();
  add_common(check_cmd);

  TraceArgs trace_args;
  auto* trace_cmd = app.add_subcommand("trace", "print the record of a game (shared TRACE.md format)");
  trace_cmd->add_option("file", trace_args.file, "rule file")->required();
  auto* moves = trace_cmd->add_option("--moves", trace_args.moves, "moves to replay: \"M1, M2, ...\"");
  auto* random = trace_cmd->add_flag("--random", trace_args.random, "play uniformly random moves");
  moves->excludes(random);
  trace_cmd->add_option("--seed", trace_args.seed, "seed of --random (default 1)");
  trace_cmd->add_option("--max-turns", trace_args.max_turns, "turn limit in plies (default 2000)")
      ->check(CLI::Range(0, 100'000'000));
  trace_cmd->add_flag("--events", trace_args.events,
                      "add what each move did (drops, laps, captures...) under \"events\"");
  add_common(trace_cmd);

  BenchArgs bench_args;
  auto* bench_cmd = app.add_subcommand("bench", "random playouts per second");
  bench_cmd->add_option("file", bench_args.file, "rule file")->required();
  bench_cmd->add_option("--playouts", bench_args.playouts, "playouts per run (default 1000)")
      ->check(CLI::Range(1L, 100'000'000L));
  bench_cmd->add_option("--seed", bench_args.seed, "seed (default 1)");
  bench_cmd->add_option("--runs", bench_args.runs, "runs; the median is reported (default 5)")
      ->check(CLI::Range(1, 1000));
  bench_cmd->add_option("--max-turns", bench_args.max_turns, "turn limit in plies (default 2000)")
      ->check(CLI::Range(1, 100'000'000));
  add_common(bench_cmd);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (common.stdlib_dirs.empty()) common.stdlib_dirs = mancala::default_stdlib_dirs(argv[0]);
  else {
    auto defaults = mancala::default_stdlib_dirs(argv[0]);
    common.stdlib_dirs.insert(common.stdlib_dirs.end(), defaults.begin(), defaults.end());
  }
  if (check_cmd->parsed()) return check(common, files);
  if (trace_cmd->parsed()) {
    trace_args.has_moves = moves->count() > 0;
    if (!trace_args.has_moves && !trace_args.random) {
      std::cerr << "mancala trace: give --moves \"M1, M2, ...\" or --random\n";
      return 2;
    }
    return trace(common, trace_args);
  }
  if (bench_cmd->parsed()) return bench(common, bench_args);
  return 2;
}
