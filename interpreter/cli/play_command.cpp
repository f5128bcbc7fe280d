// mancala play FILE: a whole game or match in the terminal between humans and computer players,
// the board after every move. Humans type moves at a prompt (or, from a file or pipe, one per
// line); computer players are agents (interpreter/ai/agent.hpp).
#include <unistd.h>

#include <fmt/format.h>

#include <array>
#include <iostream>
#include <stdexcept>

#include "interpreter/ai/agent.hpp"
#include "interpreter/cli/load.hpp"
#include "interpreter/cli/repl_line_reader.hpp"
#include "interpreter/limits.hpp"
#include "interpreter/trace.hpp"
#include "interpreter/view/board_view.hpp"
#include "interpreter/view/decision.hpp"
#include "interpreter/view/explain.hpp"
#include "interpreter/view/terminal.hpp"

namespace mancala::cli {

namespace {

struct PlayArgs {
  std::string file;
  std::array<std::string, 2> players{"human", "random"};
  std::uint64_t seed = 1;
  int max_turns = 2000;
  bool explain = false;
};

class Play {
 public:
  Play(const Game& game, const PlayArgs& args) : game_(game), args_(args), state_(game.initial_state()) {
    colour_ = view::colour_wanted(STDIN_FILENO, STDOUT_FILENO);
    interactive_ = view::is_terminal(STDIN_FILENO);
  }

  // Builds the computer players; false (with a message) for a bad agent spec.
  bool seat_players() {
    for (int p = 0; p < game_.players(); ++p) {
      if (args_.players[p] == "human") continue;
      try {
        // Each seat draws from its own seed, so that two random players do not mirror each other.
        agents_[p] = ai::make_agent(args_.players[p], game_, args_.seed + static_cast<std::uint64_t>(p));
      } catch (const std::invalid_argument& e) {
        std::cerr << fmt::format("mancala play: error: --p{}: {}\n", p + 1, e.what());
        return false;
      }
    }
    return true;
  }

  int run() {
    // Only a human needs a reader: without one, Ctrl-C ends a game between computers at once.
    if (has_human())
      reader_ = make_line_reader([this](std::string_view) { return Completion{legal_texts(game_, state_), false}; }, false);
    std::cout << fmt::format("{}: P1 {}, P2 {}\n", game_.name(), args_.players[0], args_.players[1]);
    show_board();
    while (!game_.is_over(state_)) {
      if (game_.ply(state_) >= args_.max_turns) {
        std::cout << fmt::format("stopped at the turn limit of {} plies: the game is unfinished (G9)\n", args_.max_turns);
        cut_ = true;
        show_board();
        std::cout << view::final_score(game_, state_) << "\n";
        return 0;
      }
      if (reader_ && reader_->interrupted()) {
        std::cout << "stopped (Ctrl-C): the game is unfinished\n";
        return 0;
      }
      const int mover = game_.mover(state_);
      Move move;
      if (agents_[mover]) {
        move = agents_[mover]->choose(state_);
      } else if (!ask(mover, move)) {
        std::cout << fmt::format("{} left: the game is unfinished\n", player_name(mover));
        return 0;
      }
      play(move);
    }
    std::cout << result_line() << "\n" << view::final_score(game_, state_) << "\n";
    return 0;
  }

 private:
  // The player who may see the board now: the only human, or with two, the one to decide next.
  bool has_human() const {
    for (int p = 0; p < game_.players(); ++p)
      if (!agents_[p]) return true;
    return false;
  }

  int viewer() const {
    if (game_.is_over(state_)) return -1;
    int humans = 0, human = -1;
    for (int p = 0; p < game_.players(); ++p)
      if (!agents_[p]) ++humans, human = p;
    if (humans == 0) return -1;
    return humans == 1 ? human : game_.mover(state_);
  }

  void show_board() {
    view::DrawStyle style;
    style.colour = colour_;
    style.touched = view::touched_by(last_events_);
    style.concealed_from = viewer();
    style.unfinished = cut_;
    std::cout << view::draw_board(game_, state_, style);
  }

  void play(const Move& move) {
    const int mover = game_.mover(state_);
    const std::string text = game_.move_text(state_, move);
    State before = state_;
    last_events_.clear();
    game_.apply(state_, move, &last_events_);
    std::cout << fmt::format("move {}, {}{}: {}\n", game_.ply(state_), player_name(mover),
                             agents_[mover] ? fmt::format(" ({})", args_.players[mover]) : std::string(), text);
    if (args_.explain) {
      std::cout << view::explanation_text(game_, view::explain_move(game_, before, move, last_events_));
    } else {
      for (const auto& step : view::explain_ends(game_, before, move, last_events_).steps) std::cout << "  " << step << "\n";
    }
    show_board();
  }

  // A human's decision; false when they leave (quit, or the end of input).
  bool ask(int mover, Move& move) {
    for (;;) {
      if (interactive_) std::cout << view::describe_decision(game_, state_) << " (help, moves, board, quit)\n";
      auto line = reader_->read(player_name(mover) + "> ");
      if (!line) return false;
      std::string text = line->substr(0, line->find_last_not_of(" \t") + 1);
      text.erase(0, text.find_first_not_of(" \t"));
      if (text.empty() || text[0] == '#') continue;
      if (text == "quit" || text == "exit") return false;
      if (text == "moves" || text == "?") {
        std::cout << fmt::format("legal moves: {}\n", fmt::join(view::legal_move_list(game_, state_), ", "));
      } else if (text == "board") {
        show_board();
      } else if (text == "help") {
        std::cout << "type a move in the notation of docs/rulings.md G8 (C1, C1 ccw, C1 x3, A1=5, store 3, flip, keep, "
                     "choose A1, an alternative's name, pass); moves lists the legal ones, board shows the board, quit leaves\n";
      } else if (game_.find_move(state_, text, move)) {
        return true;
      } else {
        for (const auto& refusal : view::explain_refusal(game_, state_, text)) std::cout << refusal << "\n";
        std::cout << fmt::format("legal moves: {}\n", fmt::join(view::legal_move_list(game_, state_), ", "));
      }
    }
  }

  std::string result_line() const {
    std::string result = game_.result_text(state_);
    std::string what = game_.rules().rounds ? fmt::format("match over after {} round{}", game_.round(state_),
                                                          game_.round(state_) == 1 ? "" : "s")
                                            : std::string("game over");
    return result == "draw" ? what + ": a draw" : fmt::format("{}: {} wins", what, result);
  }

  const Game& game_;
  const PlayArgs& args_;
  State state_;
  std::array<std::unique_ptr<ai::Agent>, 2> agents_;
  std::unique_ptr<LineReader> reader_;
  std::vector<Event> last_events_;
  bool colour_ = false;
  bool interactive_ = false;
  bool cut_ = false;
};

int play(const Common& common, const PlayArgs& args) {
  Loaded loaded;
  if (!load(common, args.file, loaded)) return 1;
  Play play(*loaded.game, args);
  if (!play.seat_players()) return 2;
  try {
    return play.run();
  } catch (const LimitExceeded& e) {
    std::cout.flush();
    std::cerr << fmt::format("{}: error: {}\n", args.file, e.what());
    return 1;
  }
}

}  // namespace

void add_play_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<PlayArgs>();
  std::string agents;
  for (const auto& name : ai::agent_names()) agents += (agents.empty() ? "" : ", ") + name;
  auto* sub = app.add_subcommand("play", "play a game or match in the terminal, humans and/or computer players");
  sub->add_option("file", args->file, "rule file")->required();
  sub->add_option("--p1", args->players[0], "human, or an agent spec (" + agents + "); default human");
  sub->add_option("--p2", args->players[1], "human, or an agent spec (" + agents + "); default random");
  sub->add_option("--seed", args->seed, "seed of computer players: P1's, P2's is one more (default 1)");
  sub->add_option("--max-turns", args->max_turns, "turn limit in plies (default 2000; G9)")
      ->check(CLI::Range(0, 100'000'000));
  sub->add_flag("--explain", args->explain, "explain every move, step by step with its clauses");
  add_common_flags(sub, common);
  out.push_back({sub, [&common, args] { return play(common, *args); }});
}

}  // namespace mancala::cli
