#include "interpreter/cli/commands.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <random>

#include "interpreter/game.hpp"
#include "interpreter/limits.hpp"
#include "interpreter/trace.hpp"
#include "lang/checker.hpp"

namespace mancala::cli {

namespace {

struct Loaded {
  CheckedGame checked;
  std::unique_ptr<Game> game;
};

// Checks and compiles one file; prints diagnostics to stderr.
bool load(const Common& common, const std::string& file, Loaded& out) {
  Diagnostics diagnostics;
  std::vector<OptionChoice> choices;
  for (const std::string& text : common.options) choices.push_back(parse_option_argument(text, diagnostics));
  CheckSettings settings;
  settings.stdlib_dirs = common.stdlib_dirs;
  bool ok = !diagnostics.has_errors() &&
            check_file(file, choices, settings, out.checked, diagnostics);
  if (ok) out.game = Game::compile(out.checked, diagnostics);
  std::cerr << diagnostics.str();
  return ok && out.game;
}

std::string option_text(const Node& value) {
  return value.kind == NodeKind::string ? value.text : std::to_string(value.integer);
}

}  // namespace

int check(const Common& common, const std::vector<std::string>& files) {
  int status = 0;
  for (const std::string& file : files) {
    Loaded loaded;
    if (!load(common, file, loaded)) {
      status = 1;
      continue;
    }
    const Rules& rules = loaded.game->rules();
    std::string options;
    for (const OptionInfo& option : loaded.checked.options)
      options += fmt::format(" {}={}", option.name, option_text(option.chosen));
    std::cout << fmt::format("{}: {}, board {}x{}{}, options:{}\n", file, rules.name, rules.rows,
                             rules.columns,
                             rules.stores == StoreKind::none ? ""
                             : rules.stores == StoreKind::open ? " with stores"
                                                               : " with concealed stores",
                             options.empty() ? " none" : options);
    for (const std::string& note : rules.notes) std::cout << fmt::format("  note: {}\n", note);
  }
  return status;
}

int trace(const Common& common, const TraceArgs& args) {
  Loaded loaded;
  if (!load(common, args.file, loaded)) return 1;
  TraceRequest request;
  if (args.has_moves) request.moves = split_moves(args.moves);
  request.seed = args.seed;
  request.max_turns = args.max_turns;
  request.events = args.events;
  try {
    return write_trace(*loaded.game, request, std::cout).exit_code;
  } catch (const LimitExceeded& e) {
    std::cout.flush();
    std::cerr << fmt::format("{}: error: {}\n", args.file, e.what());
    return 1;
  }
}

int bench(const Common& common, const BenchArgs& args) {
  Loaded loaded;
  if (!load(common, args.file, loaded)) return 1;
  const Game& game = *loaded.game;
  std::vector<double> rates;
  long plies = 0, games = 0, unfinished = 0;
  Game::Expansion legal;
  try {
    for (int run = 0; run < args.runs; ++run) {
      std::mt19937_64 rng(args.seed + static_cast<std::uint64_t>(run));
      auto start = std::chrono::steady_clock::now();
      for (long i = 0; i < args.playouts; ++i) {
        State s = game.initial_state();
        while (!game.is_over(s) && s.ply < args.max_turns) {
          game.legal_expanded(s, legal);
          game.apply_expanded(s, legal, std::uniform_int_distribution<std::size_t>(0, legal.moves.size() - 1)(rng));
        }
        plies += s.ply;
        unfinished += !game.is_over(s);
        ++games;
      }
      std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
      rates.push_back(static_cast<double>(args.playouts) / elapsed.count());
    }
  } catch (const LimitExceeded& e) {
    std::cerr << fmt::format("{}: error: {}\n", args.file, e.what());
    return 1;
  }
  std::sort(rates.begin(), rates.end());
  std::cout << fmt::format(
      "{}: {} playouts x {} runs: median {:.0f} playouts/s (min {:.0f}, max {:.0f}); "
      "{:.1f} plies per game; {} unfinished at {} plies; {} moves excluded by G6 (endless, or "
      "repeating the turn; counted each time legal moves are listed)\n",
      game.name(), args.playouts, args.runs, rates[rates.size() / 2], rates.front(),
      rates.back(), static_cast<double>(plies) / static_cast<double>(games), unfinished,
      args.max_turns, game.excluded_moves());
  return 0;
}

}  // namespace mancala::cli
