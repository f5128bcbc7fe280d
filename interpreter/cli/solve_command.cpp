// mancala solve FILE [--moves "..."]: the exact value of a position under perfect play, with
// the principal variation (interpreter/ai/solver.hpp), or a word that the budget ran out.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "interpreter/ai/agent.hpp"
#include "interpreter/ai/solver.hpp"
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
  bool json = false;
};

const char* result_word(int result) { return result > 0 ? "win" : result < 0 ? "loss" : "draw"; }

// (Named apart from the other commands': the build may put their files in one unit.)
std::atomic<bool> solve_interrupted{false};
extern "C" void on_solve_interrupt(int) { solve_interrupted.store(true); }

// The search's progress on a terminal, redrawn in place at most five times a second: positions
// searched, their rate, and the time until the budget runs out at that rate (an upper bound: the
// value may be known before).
class SolveProgress {
 public:
  explicit SolveProgress(long budget) : budget_(budget), start_(std::chrono::steady_clock::now()) {}
  void operator()(long positions) {
    const auto now = std::chrono::steady_clock::now();
    if (now - shown_ < std::chrono::milliseconds(200)) return;
    shown_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate = elapsed > 0 ? static_cast<double>(positions) / elapsed : 0;
    std::string left = budget_ == 0 ? std::string("no budget: no estimate")
                       : rate > 0   ? fmt::format("at most {:.0f}s left (the budget of {} positions)",
                                                  static_cast<double>(budget_ - positions) / rate, budget_)
                                    : std::string("estimating the time left");
    std::cerr << fmt::format("\rsolve: {} positions searched, {:.0f}/s, {}   ", positions, rate, left) << std::flush;
    drawn_ = true;
  }
  ~SolveProgress() {
    if (drawn_) std::cerr << "\r\033[K" << std::flush;
  }

 private:
  long budget_;
  std::chrono::steady_clock::time_point start_, shown_{};
  bool drawn_ = false;
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
  ai::Solution solution;
  // Ctrl-C stops the search (status 130); on a terminal the progress shows on stderr.
  solve_interrupted = false;
  auto previous = std::signal(SIGINT, on_solve_interrupt);
  struct Restore {
    decltype(previous) handler;
    ~Restore() { std::signal(SIGINT, handler); }
  } restore{previous};
  ai::SolveControl control;
  control.cancel = &solve_interrupted;
  std::optional<SolveProgress> progress;
  if (isatty(STDERR_FILENO)) {
    progress.emplace(args.budget);
    control.progress = std::ref(*progress);
  }
  try {
    solution = ai::solve(game, state, args.budget, args.max_turns, &control);
    progress.reset();
  } catch (const ai::Cancelled&) {
    progress.reset();
    std::cout << "stopped (Ctrl-C): no exact value\n";
    return 130;
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
                                  {"complete", solution.complete}, {"positions", solution.positions}};
    if (solution.complete) {
      out["result"] = result_word(solution.value.result);
      out["margin"] = solution.value.margin;
      out["line"] = line;
      out["turn_limit_reached"] = solution.reached_limit;
    }
    std::cout << out.dump() << "\n";
    return solution.complete ? 0 : 3;
  }
  if (!solution.complete) {
    std::cout << fmt::format("budget ran out after {} positions: no exact value (raise --budget)\n", solution.positions);
    return 3;
  }
  std::cout << fmt::format("P{} to move: {} by {} counters under perfect play ({} positions searched)\n", mover + 1,
                           result_word(solution.value.result), solution.value.margin, solution.positions);
  std::string joined;
  for (const auto& m : line) joined += (joined.empty() ? "" : ", ") + m;
  std::cout << "principal variation: " << joined << "\n";
  if (solution.reached_limit)
    std::cout << fmt::format("some lines reach the turn limit of {} plies and count as drawn (G9)\n", args.max_turns);
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
  sub->add_flag("--json", args->json, "one JSON object instead of sentences");
  add_common_flags(sub, common);
  out.push_back({sub, [&common, args] { return solve(common, *args); }});
}

}  // namespace mancala::cli
