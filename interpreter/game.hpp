#pragma once
// An immutable game (OpenSpiel's Game): rules and boards resolved once at load. All play goes
// through it: legal moves, apply, result, and the events of a move for tools that explain it.
#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/events.hpp"
#include "interpreter/playout_rng.hpp"
#include "interpreter/rules.hpp"
#include "interpreter/state.hpp"
#include "lang/checker.hpp"

namespace mancala {

// An error raised while playing a move: its message names the ply, the move and the position.
struct PlayError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Limits a user can see and set (docs/robustness.md).
struct PlayLimits {
  // A sowing that drops more counters in one move is excluded as endless (G6), not run on: far
  // above any finite sowing of the shipped files in random play, and reached in well under a
  // second (docs/robustness.md measures both). --max-drops raises it.
  static constexpr long kDefaultMaxDrops = 1'000'000;
  long max_drops_per_move = kDefaultMaxDrops;
};

class Game {
 public:
  // Compiles a checked game; reports positioned errors and returns nullptr on failure.
  static std::unique_ptr<Game> compile(const CheckedGame& checked, Diagnostics& diagnostics);

  const Rules& rules() const { return rules_; }
  const std::string& name() const { return rules_.name; }
  const Layout& layout(int columns) const { return layouts_[columns]; }

  State initial_state() const;
  // The same; `events` receives the automatic steps made before the first decision (opening
  // removals, the round's set-up steps, the first turn's turn-start steps).
  State initial_state(std::vector<Event>* events) const;
  // A position with every hole empty on a board of `columns` columns (for positions set up by
  // hand: tests, tools); its mover P1, in play.
  State empty_state(int columns) const;
  // Makes a position set up by hand (tests, tools) the start of its mover's turn: the histories
  // of the turn (G6) and of the round (L8) begin with it. No automatic step is applied.
  void prepare(State& state) const;
  bool is_over(const State& state) const { return state.phase == Phase::over; }

  // ---- Advancing a game. One generator, expand, gives every legal move with the position it
  // leads to; every other way the engine advances a game is a view of it and agrees with it
  // (OpenSpiel's spiel.h habit). tests/test_contracts.cpp checks each contract on every file of
  // games/ under every option value, at every position of random games.
  //
  // - expand(s) gives each legal move of `s` with the position after it, in legal_moves(s)'s
  //   order; with events, the same children, each with what its move did. Nothing when over.
  // - legal_moves(s) lists the moves of expand(s).
  // - apply(s, m), for m among legal_moves(s), leaves `s` as m's child of expand(s) (and its
  //   events). A move that is not a candidate at all is refused (PlayError).
  // - apply_random(s, rng) plays one of legal_moves(s), each as likely, as apply would.
  // - playout(s, rng, last) plays as apply_random does until over or the ply reaches `last`.
  // - why_not(s, text) is empty exactly when `text` names a move of legal_moves(s).
  // - hash(s) is the same for positions whose futures are the same under the rules (below).
  // - expand_deferred(s) gives expand(s)'s children in its order, each finished only when
  //   child_state(s, child) first asks for its position, which is then expand's: a sowing is sown
  //   (its legality may depend on it) but its turn's end (captures at the turn's end, the end of
  //   the game, the next mover) is left until then; a move legal unplayed (a store sowing, a pass,
  //   a set-up move) is left unplayed. For searches that may cut off before they reach a child
  //   (alpha-beta, the solver): what a cut-off skips is never done.
  struct Child {
    Move move;
    State state;                // the position the move leads to (read it through child_state)
    std::vector<Event> events;  // what the move did, when asked for
    // expand_deferred's part left to do: none, the whole move, or the turn after a sowing that
    // ended (done) or gave a further decision (again).
    enum class Pending : std::uint8_t { none, unplayed, sown_done, sown_again } pending = Pending::none;
  };
  void expand(const State& state, std::vector<Child>& children, bool events = false) const;
  void expand_deferred(const State& state, std::vector<Child>& children) const;
  const State& child_state(const State& parent, Child& child) const {
    if (child.pending != Child::Pending::none) finish_child(parent, child, false);
    return child.state;
  }
  // The position's hash, the same for positions whose futures under the rules are the same, so
  // that agents and the solver may take one for the other (position_hash.cpp). It covers what the
  // rules can read: the counts, the player to move and the decision being made (its phase, a
  // set-up's progress, a further decision's rule, direction and origins, the turn's positions,
  // G6); variables; the owners, the flags, the turn counts and the round's fields (round, board
  // size, match points, tallies) unless no clause of the game changes or reads them; the round's
  // positions where repetition ends a round (L8). Not the ply: a turn limit (G9) is the caller's.
  std::uint64_t hash(const State& state) const;
  // Legal moves in `state`, in a fixed order (not sorted by notation). Empty when over.
  void legal_moves(const State& state, std::vector<Move>& moves) const;
  // The same, and the moves G6 excludes, as ExcludedEvent, into `excluded` (rule coverage).
  void legal_moves(const State& state, std::vector<Move>& moves, std::vector<Event>* excluded) const;
  // Plays a legal move. `events`, if given, receives what happened.
  void apply(State& state, const Move& move, std::vector<Event>* events = nullptr) const;
  // Plays a legal move drawn uniformly at random and returns it: a candidate is drawn and kept
  // if it is legal, so that a playout sows each move once (falls back to listing every move
  // where the legal moves depend on each other, as with prefer filters).
  Move apply_random(State& state, PlayoutRng& rng) const;
  // Plays moves as apply_random does until the game is over or the ply count reaches
  // `last_ply`. When a turn goes on (K5), the check that a further move exists draws that move
  // (uniformly, as apply_random would) and keeps the position it leaves, so that the next ply
  // plays it without sowing it again. For whole playouts (bench, MCTS); apply_random plays one
  // move at a time.
  void playout(State& state, PlayoutRng& rng, std::int32_t last_ply) const;

  // G8 notation.
  std::string move_text(const StateCore& state, const Move& move) const;
  // The position in one line, for messages: "P1 to move; A1 4, B1 4, ...; stores P1 0, P2 0".
  std::string position_text(const StateCore& state) const;
  // Reads G8 notation (as parse_move reads it) against the moves legal in `state`; false if it
  // names none of them.
  bool find_move(const State& state, std::string_view text, Move& move) const;

  // ---- What tools read of a position (REPL, agents, analysis). Tools use these rather than
  // State's fields, which the engine may reorganise.
  int players() const { return rules_.players; }
  int mover(const State& state) const { return state.mover; }
  const Layout& layout_of(const State& state) const { return layouts_[state.columns]; }
  int count(const State& state, int hole) const { return state.holes[hole]; }
  // A count changed by hand (an observer's guess at a hidden store, a map of shares): the total
  // and everything the rules derive from counts are the caller's business; never used in play.
  void set_count(State& state, int hole, int count) const { state.holes[hole] = static_cast<Count>(count); }
  // Whose the hole is now (a claimed hole changes hands), and whether it is in play.
  int owner(const State& state, int hole) const { return state.owner[hole]; }
  bool in_play(const State& state, int hole) const { return !(state.flags[hole] & kOutOfPlay); }
  // Whether the hole bears the rule file's mark number `mark` (an index into Rules::marks).
  bool marked(const State& state, int hole, int mark) const { return state.flags[hole] >> (mark + 1) & 1; }
  // A variable's value: the game's (`player` -1) or the player's; `index` into Rules::game_vars
  // or Rules::player_vars.
  std::int32_t variable(const State& state, int index, int player) const {
    return state.vars[player < 0 ? static_cast<std::size_t>(index) : rules_.exprs.player_variable(player, index)];
  }
  // The player's (first) store hole, or kNoHole in a game without stores.
  int store_hole(int player) const {
    const auto& stores = layouts_[initial_columns_].stores_of[player];
    return stores.empty() ? kNoHole : stores.front();
  }
  // The counters in the player's stores (0 in a game without stores).
  int store(const StateCore& state, int player) const;
  // The counters in the player's first store: what store moves and placements take from.
  int first_store(const StateCore& state, int player) const {
    int h = store_hole(player);
    return h == kNoHole ? 0 : state.holes[h];
  }
  // Stores only grow (store_growth.hpp): no clause takes counters out of a store or brings
  // counters into play, and the game ends only by the most counters held. Then from any position
  // each player ends holding at least their stores and at most what the others' stores do not
  // hold: the solver's store bound (ai/solver.cpp).
  bool stores_only_grow() const { return stores_only_grow_; }
  int score(const State& state, int player) const { return state.scores[player]; }
  // What the player counts by `rule` now: their stores, or their stores and the pits they own.
  std::int32_t tally_by(const State& state, TallyRule rule, int player) const { return tally(state, rule, player); }
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
  // Reads G8 notation into a move, legal or not; false if the text is not a move at all. Words,
  // directions and (where unambiguous) hole names in any case; spaces around '=' allowed.
  bool parse_move(const State& state, std::string_view text, Move& move) const;
  // How a move is written (G8), for the messages that refuse a text that is no move: "write a
  // hole (C1), ... or pass", with ", or by its number 1 to 12 (hole-numbers)" after C1 where the
  // rule file numbers the holes as a source does.
  std::string notation_help(const State& state) const;

  // Which fast routines the game's clauses allow (fast_paths.hpp), and for each it may not use,
  // the clauses that keep it out ("lap take:"): what `mancala bench` prints.
  struct RoutineUse {
    FastRoutine routine;
    std::vector<std::string> kept_out_by;  // empty: the routine may be used
  };
  std::vector<RoutineUse> fast_routines() const;

  // The counters of `state` (board and stores), for conservation checks.
  long total_counters(const State& state) const;
  long excluded_moves() const { return excluded_.load(std::memory_order_relaxed); }
  // The most counters a move may drop before it is excluded as endless (G6): the program's
  // limit, or the rule file's (max-drops N) if lower.
  long drop_limit() const {
    return rules_.max_drops > 0 ? std::min(limits.max_drops_per_move, rules_.max_drops) : limits.max_drops_per_move;
  }

  PlayLimits limits;
  // The relay shortcut (sowing.cpp): on by default; off only to prove it changes nothing.
  bool relay_shortcut = true;
  // How many times a sowing went into the relay shortcut (tests read it to know it was used).
  long relay_shortcuts() const { return shortcuts_.load(std::memory_order_relaxed); }
  // The relay shortcut's packed track (packed_circuit.hpp): on by default; off only to prove it
  // changes nothing. How many relays ran laps on one.
  bool relay_packing = true;
  long packed_relays() const { return packed_.load(std::memory_order_relaxed); }

 private:
  Game() = default;

  enum class SowEnd : std::uint8_t { done, again, endless };
  // What a sowing did, for legality by consequence and for playouts.
  struct SowOutcome {
    SowEnd end = SowEnd::done;
    bool drop_limit = false;  // endless because it reached max-drops-per-move
    std::uint8_t landing = kNoHole;  // where the last counter fell
    bool crossed = false;
    std::int32_t captured = 0;  // counters its captures took
  };
  // ---- moves.cpp: the candidates of a decision, their legality, the generator and apply.
  // The sow rule of the decision in `s`: a further decision's, else the first rule of ordinary
  // turns whose `when` holds; nullptr when none applies.
  const Sowing* sowing_of(const StateCore& s) const;
  // What a rule's candidates range over: the origin region, the directions, and the region a
  // further move is held to.
  struct Origins {
    std::span<const std::uint8_t> holes;
    Dir dirs[2] = {Dir::ccw, Dir::ccw};
    int ndirs = 0;
    bool written = false;  // the direction is the mover's choice (G8)
    bool restricted = false;
    std::span<const std::uint8_t> allowed;
  };
  Origins origins_of(const StateCore& s, const Sowing& rule, const EvalContext& ctx) const;
  // Why hole `h` sown in `dir` is not a candidate of `rule` (before G6 and the legality filters).
  enum class OriginCheck : std::uint8_t { ok, outside_region, out_of_play, outside_further, condition, direction };
  OriginCheck check_origin(const StateCore& s, const Sowing& rule, const Origins& o, int h, Dir dir,
                           EvalContext& ctx) const;
  // The part of an origin's test every rule has: hole `h` holds the least count and is in play.
  // (`&`, not `&&`: both reads are cheap, and a branch on the count mispredicts when candidates
  // are listed.)
  static bool origin_counts(const StateCore& s, const Sowing& rule, int h) {
    return static_cast<int>(s.holes[h] >= rule.origin_minimum) & static_cast<int>((s.flags[h] & kOutOfPlay) == 0);
  }
  // check_origin(...) == ok for a hole `h` of o.holes and a direction of o.dirs (the hot loops').
  bool origin_allowed(const StateCore& s, const Sowing& rule, const Origins& o, int h, Dir dir,
                      EvalContext& ctx) const;
  // The amounts the mover may choose (Move::count), LEAST to MOST: for a sowing from `h` in `dir`
  // under `rule` ({0, 0}: the rule offers no choice), or for a store move.
  struct Amounts {
    int least = 0, most = 0;
    bool contains(int n) const { return least <= n && n <= most; }
  };
  Amounts amounts_of(const StateCore& s, const Sowing& rule, int h, Dir dir) const;
  Amounts store_amounts(const StateCore& s) const;
  // The candidate sowing moves of `s` under `rule`, in order (holes of the origin region, each
  // direction, each amount): check_origin's, before G6 and the legality filters.
  void sow_origins(const State& s, const Sowing& rule, std::vector<Move>& out) const;
  // Whether a candidate must be played out to know if it is legal (G6, filters).
  bool needs_judging(const State& s, const Sowing& rule) const;
  // Why a sown candidate is not legal (G6, a require filter), or not preferred (a prefer filter).
  enum class Refused : std::uint8_t { none, endless, drop_limit, repeats_turn, required, preferred };
  struct Verdict {
    bool legal = false;
    bool preferred = true;  // meets every prefer filter that applies
    Refused why = Refused::none;
    ClauseId clause = kNoClause;  // the filter that refuses it
    SowOutcome outcome;
  };
  // Plays a candidate out on `scratch` (a copy of `s`) and judges it.
  Verdict judge(const State& s, const Sowing& rule, const Move& m, StateCore& scratch, std::vector<Event>* ev) const;
  // Judges a candidate sown from `before` (whose turn's positions are `turn_positions`) into
  // `after` with `outcome`: G6, then the legality filters. The one judgement of every path (inline
  // below: the playout asks only whether a move is legal, and the rest folds away).
  [[gnu::always_inline]] Verdict verdict(const StateCore& before, const PositionHistory& turn_positions, const Sowing& rule,
                  const Move& m, const StateCore& after, const SowOutcome& outcome, std::vector<Event>* ev) const;
  // Counts an exclusion by G6 (a built-in ruling, no clause of the file) and reports it to `ev`.
  // `at_budget`: the sowing reached the drop limit (reported so).
  void note_exclusion(const StateCore& before, const Move& m, SowEnd end, std::vector<Event>* ev,
                      bool at_budget = false) const;
  // The filters' part of a verdict.
  void apply_filters(const StateCore& before, const Sowing& rule, const Move& m, const StateCore& after,
                     const SowOutcome& outcome, Verdict& verdict) const;
  std::string refusal_text(const Verdict& verdict) const;
  // Keeps, of items[first..end), those whose `preferred` is 1 when some are and some are not, at
  // the front (swapped, so that no item's buffers are freed); returns the new end.
  template <class T>
  static std::size_t keep_preferred(std::vector<T>& items, std::size_t first, std::size_t end,
                                    const std::vector<std::uint8_t>& preferred);
  // Whether the mover has a sowing move in `s`: stops at the first legal one.
  bool has_sow_move(const State& s) const;
  // The legal sowing moves of `s` (and a pass the rule allows); G6 exclusions reported to `ev`.
  void sow_candidates(const State& s, std::vector<Move>& out, std::vector<Event>* ev) const;
  // expand's part for the candidates of `rule`: each sown once, into its child.
  // expand's output. Its slots are reused from one call to the next, a child's buffers kept (a
  // search expands a position per node); `out` is cut to the children written at the end.
  struct ChildSlots {
    std::vector<Child>& out;
    std::size_t used = 0;
    Child& next() {
      if (used == out.size()) out.emplace_back();
      Child& child = out[used++];
      child.events.clear();
      child.pending = Child::Pending::none;
      return child;
    }
  };
  void expand(const State& s, std::vector<Child>& out, bool events, bool defer) const;
  void expand_sowings(const State& s, const Sowing& rule, ChildSlots& out, bool events, bool defer) const;
  // Does what is left of a child (its `pending`), `events` into its events.
  void finish_child(const State& parent, Child& child, bool events) const;
  // A child whose move is legal unplayed: played now, or left pending when `defer`.
  void add_child(const State& s, const Move& m, ChildSlots& out, bool events, bool defer) const;
  // The further move of a turn (K5) in a playout, drawn when finish_sowing checks that one
  // exists, with the position it leaves (sown from the position before it).
  struct FurtherDraw {
    PlayoutRng* rng = nullptr;
    bool ready = false;
    Move move;
    SowEnd end = SowEnd::done;
    StateCore after;
  };
  void apply(State& s, const Move& m, std::vector<Event>* ev, FurtherDraw* ahead) const;
  [[noreturn]] void throw_play_error(const State& s, const Move& m, std::int32_t ply, const std::exception& e) const;
  void play(State& s, const Move& m, std::vector<Event>* ev, FurtherDraw* ahead) const;
  // A sowing move: refused unless a candidate, then played as play_candidate does.
  void play_sowing(State& s, const Move& m, std::vector<Event>* ev, FurtherDraw* ahead) const;
  // Sows candidate `m` of `rule` in place, judges it where it must be (refused if illegal), and
  // finishes it.
  void play_candidate(State& s, const Sowing& rule, const Move& m, std::vector<Event>* ev, FurtherDraw* ahead) const;
  // After a sowing from `start` (the position before it) ending as `end`: the turn's first
  // position kept, the ply counted, the turn ended or the mover's further decision set up.
  void finish_sown(State& s, const StateCore& start, SowEnd end, std::vector<Event>* ev, FurtherDraw* ahead) const;
  void finish_sowing(State& s, SowEnd end, std::vector<Event>* ev, FurtherDraw* ahead = nullptr) const;
  // When a sowing from `start` (the position before it) gave the turn's first further decision:
  // `start` is the turn's first position, which G6 compares further moves with.
  void keep_turn_start(State& s, const StateCore& start, SowEnd end) const;
#ifndef NDEBUG
  // Debug builds check every move's result (moves.cpp): what is kept of the position before.
  struct MoveCheck {
    long counters;
    std::int32_t round;
    bool of_play;
  };
  MoveCheck move_check(const State& s) const;
  void check_move(const State& s, const MoveCheck& before) const;
#define MANCALA_DEBUG_ONLY(statement) statement
#else
#define MANCALA_DEBUG_ONLY(statement)
#endif

  // ---- playout.cpp: random play.
  // How a draw among a sowing rule's candidates ended: a candidate kept, one of the other moves
  // (store moves, pass) drawn, or nothing legal.
  struct Draw {
    enum class Kind : std::uint8_t { kept, other, none } kind;
    Move move;
    std::size_t other = 0;  // which of the others
  };
  // Draws among the candidates of `rule` in `s`, and `others` moves that are always legal
  // (counted, not listed), uniformly and each candidate at most once, until `keep` (given a
  // candidate, returns whether it is legal, having played or kept it) keeps one or an other is
  // drawn.
  template <class Keep>
  Draw draw_candidate(const State& s, const Sowing& rule, std::size_t others, PlayoutRng& rng, Keep&& keep) const;
  // One ply of apply_random; with `ahead`, a drawn further move is played, and one is drawn
  // when a turn goes on.
  Move random_ply(State& s, PlayoutRng& rng, FurtherDraw* ahead) const;
  // Plays candidate `m` in place if it is legal (judged as verdict judges); false, the position
  // unchanged, if not.
  bool try_sowing(State& s, const Sowing& rule, const Move& m, FurtherDraw* ahead) const;
  // Whether the mover has a further move in `s`, found by drawing candidates until one is
  // legal; that one is kept in `ahead`.
  bool draw_further(const State& s, FurtherDraw& ahead) const;

  // turns.cpp
  void start_turn(State& s, std::vector<Event>* ev) const;
  void start_turn(State& s, EvalContext& ctx, std::vector<Event>* ev) const;  // `ctx`: context(s)
  void run_turn_step(StateCore& s, const TurnStep& step, EvalContext& ctx,
                     std::vector<Event>* ev) const;
  void end_turn(State& s, std::vector<Event>* ev) const;
  void game_over(StateCore& s, Outcome outcome, ClauseId clause, std::vector<Event>* ev) const;
  Outcome result_of(const StateCore& s, const ResultRule& rule, const EvalContext& ctx) const;
  // sowing.cpp, sowing_fast.cpp
  friend struct Sower;
  // Sows move `m` of `rule`: the reference routine when events are asked for or the rule has a
  // clause the fast routine does not support (Sowing::fast_drops), else the fast routine. With
  // `undo`, a reversible sowing (Sowing::reversible) that may yet be found endless writes there
  // the counts before it (the sowing changes nothing else); one that cannot, nothing. (Inline:
  // a playout's every move passes here, and the call was a level of its own.)
  SowOutcome sow_move(StateCore& s, const Sowing& rule, const Move& m, std::vector<Event>* ev,
                      StateCore* undo = nullptr) const {
    if (ev || !rule.fast_drops) return sow_reference(s, rule, m, ev);
    return sow_fast(s, rule, m, undo);
  }
  // The one meaning of a sowing: every clause, every drop.
  SowOutcome sow_reference(StateCore& s, const Sowing& rule, const Move& m, std::vector<Event>* ev) const;
  // The same result for rules whose every clause it supports (FastRoutine::plain_drops).
  SowOutcome sow_fast(StateCore& s, const Sowing& rule, const Move& m, StateCore* undo) const;
  void store_move(StateCore& s, int count, std::vector<Event>* ev) const;
  // sowing_plan.cpp: works out what sow_move would ask of `rule` at every move (the fast routines
  // it may use, whether it is reversible, the origin's fast path, the relay lap).
  void plan_sowing(Sowing& rule) const;
  void plan_relay(Sowing& rule) const;  // the lap the relay shortcut runs, if one qualifies
  // Makes the capture if its guard holds; returns the counters it took. The guard is tested here,
  // inline: most captures asked are not made, and a call for each cost more than the test.
  int apply_capture(StateCore& s, const Capture& c, EvalContext& ctx, std::vector<Event>* ev) const {
    ctx.state = &s;
    ctx.counts = s.holes.data();
    if (c.guard != kNoExpr && !rules_.exprs.condition(c.guard, ctx)) return 0;
    return make_capture(s, c, ctx, ev);
  }
  // Makes capture `c`, whose guard holds; returns the counters it took.
  int make_capture(StateCore& s, const Capture& c, EvalContext& ctx, std::vector<Event>* ev) const;
  // `within`: the clause the effect is part of (a capture, an end rule), named by its events.
  void apply_effect(StateCore& s, const Effect& e, const EvalContext& ctx, std::vector<Event>* ev,
                    ClauseId within) const;
  // Ends a sowing with a further decision of the same player (K5).
  void decide_again(StateCore& s, const Again& a, const Sowing& rule, int landing, Dir dir,
                    std::vector<Event>* ev) const;
  // rounds.cpp
  // The board emptied of counters (stores keep theirs) and laid out anew on `columns` columns.
  void new_board(StateCore& s, int columns) const;
  // The board laid out anew by a round's collect or clear step (`clause`), holes out of play
  // back in play.
  void lay_out_anew(StateCore& s, int columns, ClauseId clause, std::vector<Event>* ev) const;
  void begin_round(State& s, std::vector<Event>* ev) const;
  // The steps that set up the round of `s`: round-start's, set-up's (round 1), or none.
  // (These two inline: every placement of a set-up (L2) asks them, from rounds.cpp and turns.cpp.)
  const SetUpSteps* set_up_steps(const StateScalars& s) const {
    if (rules_.rounds && s.round >= rules_.rounds->start_from) return &*rules_.rounds;
    if (s.round == 1 && !rules_.set_up.start.empty()) return &rules_.set_up;
    return nullptr;
  }
  const RoundStep& setup_step(const StateScalars& s) const {  // the step deciding now
    return set_up_steps(s)->start[s.setup_step];
  }
  std::vector<std::uint8_t> choosable(const State& s, const RoundStep& step) const;
  std::vector<std::uint8_t> offered(const State& s, const RoundStep& step) const;
  void run_round_steps(State& s, std::vector<Event>* ev) const;
  void finish_round(State& s, bool repeated, std::vector<Event>* ev) const;
  // The moves of a set-up decision (placing counters, flipping the board): `count` of them, the
  // i-th given by setup_move_at. Placements are the counts from `least` up, but `excluded` (L2).
  struct SetupChoices {
    static constexpr long kNone = std::numeric_limits<long>::min();
    std::size_t count = 0;
    bool flip = false;
    MoveKind kind = MoveKind::place;     // choose, choice: the moves are `options`
    std::vector<std::uint8_t> options;   // the holes to choose, or the alternatives' ids
    bool only_rest = false;  // the one move places all that is left (`rest`)
    std::uint8_t hole = kNoHole;
    std::int32_t rest = 0;
    long least = 0;
    long excluded = kNone;
  };
  SetupChoices setup_choices(const State& s) const;
  Move setup_move_at(const SetupChoices& c, std::size_t i) const;
  void setup_moves(const State& s, std::vector<Move>& out) const;
  void apply_setup_move(State& s, const Move& m, std::vector<Event>* ev) const;

  // (Defined here, not in a source file: the set-up decisions (rounds.cpp), the sowing and the
  // turns ask for it at every ply, and a call from another unity batch is not inlined.)
  EvalContext context(const StateCore& s) const {
    EvalContext ctx;
    ctx.state = &s;
    ctx.counts = s.holes.data();
    ctx.layout = &layouts_[s.columns];
    ctx.mover = s.mover;
    return ctx;
  }
  // The same, `hole` in question.
  EvalContext context_at(const StateCore& s, int hole) const {
    EvalContext ctx = context(s);
    ctx.subject = hole;
    return ctx;
  }
  static void emit(std::vector<Event>* ev, int player, ClauseId clause, EventData data) {
    if (ev) ev->push_back(Event{player, clause, data});
  }
  std::uint64_t position_hash(const StateCore& s, int mover) const;
  // Adds the position of `s` with `mover` to move to `history`.
  void remember(PositionHistory& history, const StateCore& s, int mover) const {
    remember(history, s, mover, position_hash(s, mover));
  }
  [[gnu::always_inline]] void remember(PositionHistory& history, const StateCore& s, int mover,
                                       std::uint64_t hash) const {
    history.add(hash, s.holes.data(), s.owner.data(), s.holes.size(), mover);
  }
  bool seen_in(const PositionHistory& history, const StateCore& s, int mover) const {
    return seen_in(history, s, mover, position_hash(s, mover));
  }
  bool seen_in(const PositionHistory& history, const StateCore& s, int mover, std::uint64_t hash) const {
    return history.contains(hash, s.holes.data(), s.owner.data(), s.holes.size(), mover);
  }
  std::int32_t tally(const StateCore& s, TallyRule rule, int player) const;

  Rules rules_;
  void add_to_store(StateCore& s, int player, int count) const {
    s.holes[store_hole(player)] = static_cast<Count>(s.holes[store_hole(player)] + count);
  }

  std::vector<Layout> layouts_;  // by number of columns
  int initial_columns_ = 0;
  std::array<long, kMaxPlayers> initial_side_{};  // each player's own row at the start: T of K11
  mutable std::atomic<long> excluded_{0};  // games are played on several threads (analysis)
  mutable std::atomic<long> shortcuts_{0};
  mutable std::atomic<long> packed_{0};
  // What Game::hash covers besides what every position has (FastRoutine::hash_without_*).
  struct HashedFields {
    bool owners = true, flags = true, turns = true, rounds = true;
  } hashed_;
  bool stores_only_grow_ = false;
  bool has_again_ = false;  // a rule may give a further decision: keep the turn's positions (G6)
  std::uint8_t ordinary_rule_ = 0xff;  // the one rule of ordinary turns when no rule has when:
};


inline Game::Verdict Game::verdict(const StateCore& before, const PositionHistory& turn_positions, const Sowing& rule,
                            const Move& m, const StateCore& after, const SowOutcome& outcome,
                            std::vector<Event>* ev) const {
  Verdict v;
  v.outcome = outcome;
  if (outcome.end == SowEnd::endless) {  // G6
    v.why = outcome.drop_limit ? Refused::drop_limit : Refused::endless;
  } else if (outcome.end == SowEnd::again && before.continuing && seen_in(turn_positions, after, before.mover)) {
    v.why = Refused::repeats_turn;  // G6
  }
  if (v.why != Refused::none) {
    note_exclusion(before, m, outcome.end, ev, outcome.drop_limit);
    return v;
  }
  v.legal = true;
  if (!rule.filters.empty()) apply_filters(before, rule, m, after, outcome, v);
  return v;
}

// The index of a sow rule in Rules::sowings, as kept in a State.
constexpr std::uint8_t kNoRule = 0xff;

const char* outcome_name(Outcome outcome);
// The decision a phase asks for, as records, drawings, the board view and the page write it.
const char* phase_name(Phase phase);

}  // namespace mancala
