#pragma once
// An immutable game (OpenSpiel's Game): rules and boards resolved once at load. All play goes
// through it: legal moves, apply, result, and the events of a move for tools that explain it.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/events.hpp"
#include "interpreter/rules.hpp"
#include "interpreter/state.hpp"
#include "lang/checker.hpp"

namespace mancala {

// Limits a user can see and set (docs/robustness.md).
struct PlayLimits {
  long max_drops_per_move = 1'000'000'000;  // a longer sowing is an error, not run on
};

class Game {
 public:
  // Compiles a checked game; reports positioned errors and returns nullptr on failure.
  static std::unique_ptr<Game> compile(const CheckedGame& checked, Diagnostics& diagnostics);

  const Rules& rules() const { return rules_; }
  const std::string& name() const { return rules_.name; }
  const Layout& layout(int columns) const { return layouts_[columns]; }

  State initial_state() const;
  // Makes a position set up by hand (tests, tools) the start of its mover's turn: the histories
  // of the turn (G6) and of the round (L8) begin with it. No automatic step is applied.
  void prepare(State& state) const;
  // Legal moves in `state`, in a fixed order (not sorted by notation). Empty when over.
  void legal_moves(const State& state, std::vector<Move>& moves) const;
  // Plays a legal move. `events`, if given, receives what happened.
  void apply(State& state, const Move& move, std::vector<Event>* events = nullptr) const;
  bool is_over(const State& state) const { return state.phase == Phase::over; }

  // For playouts: the legal moves, each with its outcome when finding it legal took a simulated
  // sowing (G6), so that playing it does not sow it a second time.
  struct Expansion;
  void legal_expanded(const State& state, Expansion& expansion) const;
  void apply_expanded(State& state, const Expansion& expansion, std::size_t index) const;

  // G8 notation.
  std::string move_text(const StateCore& state, const Move& move) const;
  // Reads G8 notation against the moves legal in `state`; false if it names none of them.
  bool find_move(const State& state, std::string_view text, Move& move) const;

  // ---- What tools read of a position (REPL, agents, analysis). Tools use these rather than
  // State's fields, which the engine may reorganise.
  int players() const { return 2; }
  int mover(const State& state) const { return state.mover; }
  const Layout& layout_of(const State& state) const { return layouts_[state.columns]; }
  int count(const State& state, int hole) const { return state.holes[hole]; }
  int store(const State& state, int player) const { return state.stores[player]; }
  int score(const State& state, int player) const { return state.scores[player]; }
  // The counters in the holes of the player's own row(s).
  int side_total(const State& state, int player) const;
  // The stores are concealed from the opponent (Okwe, O1).
  bool stores_concealed() const { return rules_.stores == StoreKind::concealed; }
  // The winner's index, or -1 (not over, drawn or unfinished).
  int winner(const State& state) const;
  // Per player: +1 won, -1 lost, 0 drawn, unfinished or not over (OpenSpiel's returns).
  std::vector<double> returns(const State& state) const;
  // "P1", "P2", "draw", "unfinished", or "" while the game goes on.
  std::string result_text(const State& state) const;
  // The round of a match, from 1, and the moves played since the start (the record's ply).
  int round(const State& state) const { return state.round; }
  int ply(const State& state) const { return state.ply; }
  // What the mover decides: a move of play, a placement or the flip of a round's set-up.
  Phase phase(const State& state) const { return state.phase; }
  // The mover decides again within the same turn (K5).
  bool continuing(const State& state) const { return state.continuing; }

  // ---- Inspection, for tools that explain play (inspect.cpp).
  // Why `text` (G8 notation) is not a legal move in `state`, in words, with the clause of the
  // rule file or the built-in ruling that decides. `reason` is empty when the move is legal.
  struct Refusal {
    std::string reason;
    ClauseId clause = kNoClause;  // the clause that rules the move out, if one does
    std::string ruling;           // else the built-in ruling (G6, G7), if one does
  };
  Refusal why_not(const State& state, std::string_view text) const;
  // The value of an expression checked by check_expression (lang/checker.hpp), in `state` as its
  // mover sees it: "7", "true", "C1", "{A1 B1}", "P2". False, with diagnostics, if it cannot be
  // compiled for this board.
  bool evaluate(const State& state, const Node& expression, std::string& value,
                Diagnostics& diagnostics) const;
  // Reads G8 notation into a move, legal or not; false if the text is not a move at all.
  bool parse_move(const State& state, std::string_view text, Move& move) const;

  // The counters of `state` (board and stores), for conservation checks.
  long total_counters(const State& state) const;
  long excluded_moves() const { return excluded_; }

  PlayLimits limits;

 private:
  Game() = default;

  enum class SowEnd { done, again, endless };
  // The sowing moves of `s`; those excluded by G6 are left out (and reported to `ev`).
  void sow_candidates(const State& s, std::vector<Move>& out, Expansion* expansion,
                      std::vector<Event>* ev = nullptr) const;
  // The moves of play: sowings, store moves (O6), or pass when there is none (G7).
  void play_moves(const State& s, std::vector<Move>& out, Expansion* expansion) const;
  void finish_sowing(State& s, SowEnd end, std::vector<Event>* ev) const;

  // turns.cpp
  void start_turn(State& s, std::vector<Event>* ev) const;
  void end_turn(State& s, std::vector<Event>* ev) const;
  void game_over(StateCore& s, Outcome outcome, ClauseId clause, std::vector<Event>* ev) const;
  Outcome result_of(const StateCore& s, const ResultRule& rule, const EvalContext& ctx) const;
  // sowing.cpp
  SowEnd sow_move(StateCore& s, const Move& m, std::vector<Event>* ev) const;
  void store_move(StateCore& s, int count, std::vector<Event>* ev) const;
  void apply_capture(StateCore& s, const Capture& c, EvalContext& ctx,
                     std::vector<Event>* ev) const;
  // rounds.cpp
  void begin_round(State& s, std::vector<Event>* ev) const;
  void run_round_steps(State& s, std::vector<Event>* ev) const;
  void finish_round(State& s, std::vector<Event>* ev) const;
  void setup_moves(const State& s, std::vector<Move>& out) const;
  void apply_setup_move(State& s, const Move& m, std::vector<Event>* ev) const;

  EvalContext context(const StateCore& s) const;
  static void emit(std::vector<Event>* ev, int player, ClauseId clause, EventData data) {
    if (ev) ev->push_back(Event{player, clause, data});
  }
  Snapshot snapshot(const StateCore& s, int mover) const;
  std::int32_t tally(const StateCore& s, TallyRule rule, int player) const;

  Rules rules_;
  std::vector<Layout> layouts_;  // by number of columns
  int initial_columns_ = 0;
  std::array<long, 2> initial_side_{};  // each player's own row at the start: T of K11
  mutable long excluded_ = 0;
};

struct Game::Expansion {
  std::vector<Move> moves;
  std::vector<int> outcome;    // per move: index into ends/afters, or -1 if not simulated
  std::vector<SowEnd> ends;
  std::vector<StateCore> afters;
};

const char* outcome_name(Outcome outcome);

}  // namespace mancala
