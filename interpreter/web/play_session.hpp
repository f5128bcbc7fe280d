#pragma once
// One page's game (a web session): the rule file in force and its text, the game compiled from
// it, the moves played with what each did, the moves to redo, and who plays each seat. What the
// REPL's session does, answered in JSON (game_json.hpp). Not thread-safe: the server holds
// `mutex` while it runs a request on the session.
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "interpreter/ai/agent.hpp"
#include "interpreter/game.hpp"
#include "interpreter/view/reload.hpp"
#include "interpreter/web/bounds.hpp"
#include "interpreter/web/game_json.hpp"
#include "interpreter/web/sandbox.hpp"
#include "lang/checker.hpp"

namespace mancala::web {

// What every session reads: the files, the bounds, where imports are found.
struct SessionContext {
  const FileSandbox* files = nullptr;
  Bounds bounds;
  std::vector<std::string> stdlib_dirs;
  std::uint64_t seed = 1;  // the default seed of computer players
};

// A rule text checked and compiled, or the diagnostics that stopped it.
struct CompiledRules {
  CheckedGame checked;
  std::unique_ptr<Game> game;
  Diagnostics diagnostics;
};
// Checks and compiles `text` as the file `path` (its name in diagnostics) with options
// "name=value". Throws ApiError (413) for a text past the bound of a rule file.
CompiledRules compile_rules(const SessionContext& context, const std::string& path, const std::string& text,
                            const std::vector<std::string>& options);

// An agent spec with its thinking time held to the bound: alphabeta and mcts get time=max_ms (or
// less if asked). Throws ApiError (400) for a spec make_agent refuses.
std::string bounded_agent_spec(const std::string& spec, int max_ms);

class PlaySession {
 public:
  explicit PlaySession(const SessionContext& context) : context_(context) {}
  ~PlaySession();

  std::mutex mutex;
  std::chrono::steady_clock::time_point last_used = std::chrono::steady_clock::now();

  // Each returns what the page shows next; the actions that play moves add them under "moves".
  Json load(const std::string& path, const std::vector<std::string>& options);
  Json state() const;
  Json seats(const std::vector<std::string>& seats);  // "human" or an agent spec, by player
  Json play(const std::string& move);
  Json why(const std::string& move) const;
  Json undo(int count);
  Json redo(int count);
  Json restart();
  Json computer();  // the mover's seat plays one move
  // Each legal move's value under perfect play (move_values_json), each move solved within `budget`
  // positions, held to Bounds::max_solve_positions over all the moves and to Bounds::max_ai_ms of
  // thinking. ApiError (409) for a game over or of more than two players.
  Json solve(long budget) const;
  // The agent's choice; with `solve_budget` > 0, a best move first when the solver proves one
  // within that budget a move (the agent when it does not, or cannot: more than two players).
  Json hint(const std::string& spec, long solve_budget) const;
  Json check(const std::string& text) const;  // diagnostics only; nothing changes
  Json reload(const std::string& text);       // the edited rules, replayed under the moves
  Json save(const std::string& path, const std::string& text);
  Json step_through(const std::vector<std::string>& moves, const std::string& label);
  Json replay(const std::string& path);  // a record file: its first disagreement, then step through it
  std::string record() const;            // the game's record (docs/records.md)

  bool loaded() const { return rules_.game != nullptr; }
  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  const std::vector<std::string>& options() const { return options_; }

 private:
  void require_game() const;
  void adopt(CompiledRules&& rules);
  void apply(const Move& move, const std::string& text, const std::string& by, Json& moves);
  ai::Agent& agent(const std::string& spec);
  int viewer() const;  // the one human seat, who may not see a concealed store; else -1
  // ai::value_moves of the position, `budget` a move lowered to keep within the bound of positions,
  // stopped at the bound of thinking time (the moves not reached left out); throws
  // std::invalid_argument for a game of more than two players.
  std::vector<ai::MoveValue> value_moves(long& budget) const;
  std::size_t legal_count() const;

  const SessionContext& context_;
  std::string path_;   // "games/kalah.lud"
  std::string text_;   // the rule text in force
  std::vector<std::string> options_;
  CompiledRules rules_;
  State start_;
  State state_;
  std::vector<view::PlayedMove> played_;
  std::vector<std::string> redo_;  // the next to redo last
  std::vector<std::string> seats_;
  std::string stepping_;  // what the moves to redo come from ("record games/x.jsonl"), if any
  std::map<std::string, std::unique_ptr<ai::Agent>> agents_;
};

}  // namespace mancala::web
