// mancala solve FILE [--moves "..."]: the exact value of a position under perfect play, with
// the principal variation (interpreter/ai/solver.hpp); when the budget runs out or Ctrl-C stops
// it, the bounds proven and the best move found.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <chrono>
#include <csignal>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <thread>

#include "interpreter/ai/move_values.hpp"
#include "interpreter/ai/solver.hpp"
#include "interpreter/cli/endgame_cache_key.hpp"
#include "interpreter/cli/load.hpp"
#include "interpreter/limits.hpp"
#include "interpreter/trace.hpp"

namespace mancala::cli {

namespace {

struct SolveArgs {
  std::string file;
  std::string moves;
  long budget = 10'000'000;
  int max_turns = 2000;
  long table_mb = 64;
  int threads = 0;  // 0: every core
  int endgame = 14;  // counters on the pits at most in the endgame table; 0: none
  bool endgame_given = false;  // --endgame named: that table at once, not grown with the search
  std::string endgame_cache = endgame_cache_dir();  // where the endgame tables are kept; "none": not kept
  bool json = false;
};


std::atomic<bool> solve_interrupted{false};
extern "C" void on_solve_interrupt(int) { solve_interrupted.store(true); }

// Positions searched and their rate, on one line of a terminal's stderr, redrawn at most every
// quarter second and cleared at the end.
class SolveProgress {
 public:
  void operator()(long positions) {
    const auto now = std::chrono::steady_clock::now();
    if (now - shown_ < std::chrono::milliseconds(250)) return;
    shown_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    std::cerr << fmt::format("\r\033[Ksolving: {} positions, {:.0f}/s, {:.1f} s (Ctrl-C: stop with the bounds)", positions,
                             seconds > 0 ? positions / seconds : 0.0, seconds)
              << std::flush;
  }
  void building(int level, int most) {
    std::cerr << fmt::format("\r\033[Kbuilding the endgame table: {} counters of {} (Ctrl-C: stop)", level, most)
              << std::flush;
  }
  ~SolveProgress() { std::cerr << "\r\033[K" << std::flush; }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point shown_{};
};

int solve(const Common& common, const SolveArgs& args) {
  Loaded loaded;
  if (!load(common, args.file, loaded)) return 1;
  const Game& game = *loaded.game;
  State state = game.initial_state();
  for (const std::string& text : split_moves(args.moves)) {
    Move move;
    if (game.is_over(state) || !game.find_move(state, text, move)) {
      std::cerr << fmt::format("mancala solve: error: '{}' is not a legal move after {} moves\n", text, game.ply(state));
      return 2;
    }
    game.apply(state, move);
  }
  if (game.is_over(state)) {
    std::cerr << "mancala solve: error: the game is over after these moves\n";
    return 2;
  }
  ai::SolveSettings settings;
  settings.budget = args.budget;
  settings.max_turns = args.max_turns;
  settings.table_bytes = static_cast<std::size_t>(args.table_mb) << 20;
  settings.endgame_counters = args.endgame;
  if (args.endgame_given) settings.before_table = 0;
  if (!args.endgame_cache.empty() && args.endgame_cache != "none") {
    settings.endgame_cache_dir = args.endgame_cache;
    settings.endgame_rules_key = endgame_rules_key(loaded.checked);
  }
  settings.threads = args.threads > 0 ? args.threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  ai::SolveControl control;
  control.cancel = &solve_interrupted;
  std::optional<SolveProgress> bar;
  if (isatty(STDERR_FILENO)) {
    bar.emplace();
    control.progress = std::ref(*bar);
    control.building = [&bar](int level, int most) { bar->building(level, most); };
  }
  auto previous = std::signal(SIGINT, on_solve_interrupt);
  struct Restore {
    decltype(previous) handler;
    ~Restore() { std::signal(SIGINT, handler); }
  } restore{previous};
  ai::Solution solution;
  try {
    solution = ai::solve(game, state, settings, &control);
    bar.reset();
  } catch (const std::invalid_argument& e) {
    std::cerr << fmt::format("mancala solve: error: {}\n", e.what());
    return 2;
  } catch (const std::runtime_error& e) {  // PlayError, LimitExceeded
    std::cerr << fmt::format("{}: error: {}\n", args.file, e.what());
    return 1;
  }
  const int mover = game.mover(state);
  std::vector<std::string> line;
  {
    State s = state;
    for (const Move& m : solution.line) {
      line.push_back(game.move_text(s, m));
      game.apply(s, m);
    }
  }
  if (args.json) {
    nlohmann::ordered_json out = {{"game", game.name()}, {"file", args.file}, {"options", common.options},
                                  {"moves", split_moves(args.moves)}, {"mover", fmt::format("P{}", mover + 1)},
                                  {"complete", solution.complete}, {"positions", solution.positions},
                                  {"endgame_table", solution.endgame}};
    if (solution.complete) {
      out["result"] = ai::result_word(solution.value.result);
      out["margin"] = solution.value.margin;
      out["line"] = line;
      out["turn_limit_reached"] = solution.reached_limit;
    } else {
      out["stopped"] = solution.cancelled ? "interrupted" : "budget";
      out["lower"] = {{"result", ai::result_word(solution.lower.result)}, {"margin", solution.lower.margin}};
      out["upper"] = {{"result", ai::result_word(solution.upper.result)}, {"margin", solution.upper.margin}};
      if (solution.has_best) out["best"] = game.move_text(state, solution.best);
    }
    std::cout << out.dump() << "\n";
    return solution.complete ? 0 : solution.cancelled ? 130 : 3;
  }
  if (!solution.complete) {
    std::cout << fmt::format("{} after {} positions: no exact value{}\n", solution.cancelled ? "interrupted" : "budget ran out",
                             solution.positions, solution.cancelled ? "" : " (raise --budget)");
    std::cout << fmt::format("P{} to move: the value lies between {} and {} counters\n", mover + 1,
                             ai::value_text(solution.lower), ai::value_text(solution.upper));
    if (solution.has_best) std::cout << fmt::format("best move found: {}\n", game.move_text(state, solution.best));
    return solution.cancelled ? 130 : 3;
  }
  // "draw", not "draw by 0 counters".
  std::cout << fmt::format("P{} to move: {}{} under perfect play ({} positions searched)\n", mover + 1,
                           ai::value_text(solution.value), solution.value.margin == 0 ? "" : " counters",
                           solution.positions);
  std::string joined;
  for (const auto& m : line) joined += (joined.empty() ? "" : ", ") + m;
  std::cout << "principal variation: " << joined << "\n";
  if (solution.reached_limit)
    std::cout << fmt::format("some lines reach the turn limit of {} plies and count as drawn (G9)\n", args.max_turns);
  std::cout << "endgame table: " << solution.endgame << "\n";
  return 0;
}

}  // namespace

void add_solve_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<SolveArgs>();
  auto* sub = app.add_subcommand("solve", "the exact value of a small position under perfect play");
  sub->add_option("file", args->file, "rule file")->required();
  sub->add_option("--moves", args->moves, "the moves leading to the position: \"M1, M2, ...\" (default: the start)");
  sub->add_option("--budget", args->budget, "positions to search at most (default 10000000; 0: no limit)")
      ->check(CLI::Range(0L, 1'000'000'000'000L));
  sub->add_option("--max-turns", args->max_turns, "turn limit in plies; a line cut there counts as drawn (default 2000)")
      ->check(CLI::Range(1, 100'000'000));
  sub->add_option("--table", args->table_mb, "the transposition table's size in MiB (default 64)")
      ->check(CLI::Range(1L, 1L << 20));
  sub->add_option_function<int>(
         "--endgame",
         [args](int most) {
           args->endgame = most;
           args->endgame_given = true;
         },
         "the endgame table: positions with at most N counters on the pits, built (or read from the cache) at once "
         "(default: grown with the search up to 14 counters, or the largest kept in the cache; 0: no table)")
      ->check(CLI::Range(0, 200));
  sub->add_option("--endgame-cache", args->endgame_cache,
                  "the directory the endgame tables are kept in, read again by later solves (default $XDG_CACHE_HOME/mancala "
                  "or ~/.cache/mancala; none: not kept)");
  sub->add_option("--threads", args->threads, "threads searching (default: every core)")->check(CLI::Range(0, 256));
  sub->add_flag("--json", args->json, "one JSON object instead of sentences");
  add_common_flags(sub, common);
  out.push_back({sub, [&common, args] { return solve(common, *args); }});
}

}  // namespace mancala::cli
