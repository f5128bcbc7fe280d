// mancala trace FILE (--moves "..." | --random): the record of a game (docs/records.md).
#include <fmt/format.h>

#include <iostream>

#include "interpreter/cli/load.hpp"
#include "interpreter/limits.hpp"
#include "interpreter/trace.hpp"

namespace mancala::cli {

namespace {

struct TraceArgs {
  std::string file;
  std::string moves;
  bool random = false;
  std::uint64_t seed = 1;
  int max_turns = 2000;
  bool events = false;
};

int trace(const Common& common, const TraceArgs& args, bool has_moves) {
  if (!has_moves && !args.random) {
    std::cerr << "mancala trace: give --moves \"M1, M2, ...\" or --random\n";
    return 2;
  }
  Loaded loaded;
  if (!load(common, args.file, loaded)) return 1;
  TraceRequest request;
  if (has_moves) request.moves = split_moves(args.moves);
  request.seed = args.seed;
  request.max_turns = args.max_turns;
  request.events = args.events;
  try {
    return write_trace(*loaded.game, request, std::cout).exit_code;
  } catch (const std::runtime_error& e) {  // PlayError names the ply, the move and the position
    std::cout.flush();
    std::cerr << fmt::format("{}: error: {}\n", args.file, e.what());
    return 1;
  }
}

}  // namespace

void add_trace_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<TraceArgs>();
  auto* sub = app.add_subcommand("trace", "print the record of a game (docs/records.md)");
  sub->add_option("file", args->file, "rule file")->required();
  auto* moves = sub->add_option("--moves", args->moves, "moves to replay: \"M1, M2, ...\"");
  auto* random = sub->add_flag("--random", args->random, "play uniformly random moves");
  moves->excludes(random);
  sub->add_option("--seed", args->seed, "seed of --random (default 1)");
  sub->add_option("--max-turns", args->max_turns, "turn limit in plies (default 2000)")
      ->check(CLI::Range(0, 100'000'000));
  sub->add_flag("--events", args->events,
                "add what each move did (drops, laps, captures...) under \"events\"");
  add_common_flags(sub, common);
  out.push_back({sub, [&common, args, moves] { return trace(common, *args, moves->count() > 0); }});
}

}  // namespace mancala::cli
