#pragma once
// The REPL's session: a rule file and its options, the game compiled from it, the moves played
// with what each did, the moves undone (to redo), and the computer players asked for.
// repl_session.cpp keeps the game and the moves; repl_commands.cpp reads a line and runs its
// command; repl_completion.cpp says what may complete a line.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/ai/agent.hpp"
#include "interpreter/ai/move_values.hpp"
#include "interpreter/cli/repl_line_reader.hpp"
#include "interpreter/game.hpp"
#include "interpreter/view/reload.hpp"
#include "lang/checker.hpp"

namespace mancala::cli {

struct SessionSettings {
  std::vector<std::string> stdlib_dirs;
  std::vector<std::string> games_dirs;  // where `load NAME` looks for a bare game name
  std::uint64_t seed = 1;  // the default seed of computer players
  int max_turns = 2000;    // where `ai end` stops (G9)
  bool colour = false;     // boards in colour, with the last move's holes highlighted
};

class Session {
 public:
  Session(SessionSettings settings, std::ostream& out);
  ~Session();

  // Loads a rule file (a path or a bare game name) with options "name=value" and starts a game;
  // prints what it loaded and the board, or the diagnostics (the game in force, if any, stays).
  bool load(const std::string& file, const std::vector<std::string>& options);
  // Runs one line: a command, or moves in G8 notation separated by commas. False after `quit`.
  bool run(const std::string& line);
  std::string prompt() const;
  // What may complete the last word of `line` (the line up to the cursor).
  Completion complete(std::string_view line) const;
  // Polled by long work (`ai end`) so that Ctrl-C stops it.
  std::function<bool()> interrupted = [] { return false; };
  // Set by Ctrl-C while an agent searches (null: never); agents poll it and stop, leaving the
  // game as it was before their move.
  std::atomic<bool>* cancel = nullptr;

  // A command of the REPL, for dispatch, help and completion.
  enum class Completes { nothing, file, command, agent, option, hole };
  struct Command {
    std::string_view name;
    std::vector<std::string_view> aliases;
    std::string_view arguments;  // as help shows them: "[N]"
    std::string_view summary;
    std::string_view details;    // for `help NAME`
    Completes completes;
    void (Session::*run)(const std::string& arguments);
  };
  static const std::vector<Command>& commands();

 private:
  struct Rules {
    CheckedGame checked;
    std::unique_ptr<Game> game;
  };
  using Played = view::PlayedMove;

  // ---- The game and its moves (repl_session.cpp).
  bool compile(const std::string& file, const std::vector<std::string>& options, Rules& out);
  void adopt(Rules&& rules, const std::string& file, const std::vector<std::string>& options);
  bool has_game();  // else says so
  // Plays `text` if legal and prints it; else explains why not. False if not played.
  bool play(const std::string& text, const std::string& by = {});
  void apply(const Move& move, const std::string& text, const std::string& by);
  void show_board();
  void show_move(std::size_t index);      // what move `index` (from 0) did, explained
  std::string heading(std::size_t index) const;  // "move 3, P1 (random): E1 ccw"
  ai::Agent& agent(const std::string& spec);
  std::vector<std::string> played_texts() const;
  // Each legal move's value within the budget `arguments` gives (positions a move, else
  // `default_budget`), for `command` (solve, hint: repl_solve.cpp); nothing, said why, when no
  // game is loaded, the budget is not a number, the game is over, it has more than two players
  // or Ctrl-C stopped it.
  struct MoveValues {
    long budget;
    std::vector<ai::MoveValue> values;
  };
  std::optional<MoveValues> value_moves(std::string_view command, const std::string& arguments, long default_budget);
  void error(const std::string& message);

  // ---- The commands (repl_commands.cpp), one per command of the table.
  void help_command(const std::string& arguments);
  void board_command(const std::string& arguments);
  void moves_command(const std::string& arguments);
  void undo_command(const std::string& arguments);
  void redo_command(const std::string& arguments);
  void history_command(const std::string& arguments);
  void restart_command(const std::string& arguments);
  void explain_command(const std::string& arguments);
  void why_command(const std::string& arguments);
  void ai_command(const std::string& arguments);
  void solve_command(const std::string& arguments);  // repl_solve.cpp, with hint
  void hint_command(const std::string& arguments);
  void eval_command(const std::string& arguments);
  void load_command(const std::string& arguments);
  void reload_command(const std::string& arguments);
  void options_command(const std::string& arguments);
  void set_command(const std::string& arguments);
  void info_command(const std::string& arguments);
  void save_command(const std::string& arguments);
  void replay_command(const std::string& arguments);
  void play_moves(const std::string& line);

  SessionSettings settings_;
  std::ostream& out_;
  std::string file_;                  // the rule file, once one was given
  std::vector<std::string> options_;  // name=value, as given
  Rules rules_;                       // rules_.game is null until a file loads
  // The solver's endgame table for this game, built (or read from the disk cache) by the first
  // solve or hint and kept for the next ones (repl_solve.cpp).
  std::shared_ptr<const ai::EndgameBuild> endgame_;
  State start_;
  State state_;
  std::vector<Played> played_;
  std::vector<std::string> redo_;     // the next move to redo last
  std::map<std::string, std::unique_ptr<ai::Agent>> agents_;  // by spec
};

}  // namespace mancala::cli
