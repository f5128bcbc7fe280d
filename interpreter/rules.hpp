#pragma once
// The rules of a game compiled from its (game ...) form: plain data the engine walks.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/expr.hpp"
#include "interpreter/fast_paths.hpp"
#include "interpreter/layout.hpp"
#include "lang/ludeme.hpp"
#include "lang/source.hpp"

namespace mancala {

// A clause of the rule file that play can point at (events name the clause that caused them).
using ClauseId = std::uint16_t;
constexpr ClauseId kNoClause = 0xffff;

struct ClauseInfo {
  Ludeme ludeme = Ludeme::none;
  Position position;  // where the clause is written
  Position call;      // the define call in the rule file it was expanded from (line 0: none)
};

enum class StoreKind : std::uint8_t { none, open, concealed };
enum class DirRule : std::uint8_t { ccw, cw, choice };
// Where the first counter of a move falls: the next hole (G5); back into the origin unless it
// held one counter (O4); into the origin itself (a counter entered from the hand).
enum class FirstDrop : std::uint8_t { next, origin_unless_single, origin };
// Where a move's first handful comes from: the origin's counters, the mover's store, or nothing
// (a move that only chooses a hole, for captures of the player's choice).
enum class LiftFrom : std::uint8_t { origin, store, none };
enum class LiftRule : std::uint8_t { landing, following };
// The direction of a new handful, or of a further decision, relative to the last handful.
enum class DirectionChange : std::uint8_t { same, reverse, choice };
enum class ChainStep : std::uint8_t { forward, backward };
enum class TallyRule : std::uint8_t { store, store_and_row };

struct Chain {
  ClauseId clause = kNoClause;
  ChainStep step = ChainStep::forward;
  ExprId guard = kNoExpr;
  std::vector<ExprId> take;
  ExprId take_count = kNoExpr;  // at most this many from each hole (kNoExpr: all)
  bool all = true;
  int stride = 1;  // holes in play stepped at each step (2: every other hole)
};

// What a rule does to the position besides taking counters.
struct Effect {
  enum class Kind : std::uint8_t { claim, mark, unmark, out_of_play, set_var, add_var, sweep };
  ClauseId clause = kNoClause;
  Kind kind = Kind::claim;
  std::vector<ExprId> holes;  // claim, mark, unmark, out_of_play
  ExprId player = kNoExpr;    // claim: the new owner (default the mover); a player var: whose
  int index = 0;              // mark: the flag bit; vars: the variable
  bool per_player = false;    // a player's variable, else the game's
  ExprId value = kNoExpr;     // vars
};

struct Again {
  ClauseId clause = kNoClause;
  ExprId guard = kNoExpr;
  DirectionChange turn = DirectionChange::choice;
  ExprId origin = kNoExpr;  // a region the further move must start in (hole = where it ended)
  int rule = -1;            // the sow rule of the further decision; -1: the same
  std::string with;         // its name as written (resolved to `rule` once every rule is known)
  Position with_position;
};

struct Capture {
  ClauseId clause = kNoClause;
  ExprId guard = kNoExpr;  // kNoExpr: always
  std::vector<ExprId> take;
  ExprId take_count = kNoExpr;  // at most this many from each hole (kNoExpr: all)
  ExprId into = kNoExpr;   // kNoExpr: the mover's store
  std::optional<Chain> chain;
  std::vector<Effect> effects;   // after the take
  std::optional<Again> then;     // the mover decides again after it (a capture of choice)
};

// A lap's condition when it is one count test, which the relay shortcut runs without the
// general rules (sowing.cpp): the landing hole was occupied before the drop, the landing hole
// holds at least N, or the hole after it holds at least N.
enum class LapTest : std::uint8_t { none, landed_occupied, landing_at_least, next_at_least };

struct Lap {
  ClauseId clause = kNoClause;
  ExprId when = kNoExpr;
  LiftRule lift = LiftRule::landing;
  std::vector<ExprId> take;  // the holes whose counters make the new handful, instead of `lift`
  std::vector<ExprId> take_counts;  // for each hole of `take`, its take:'s count: (kNoExpr: all)
  ExprId start = kNoExpr;    // the hole its first counter falls into (default: after the lifted)
  DirectionChange turn = DirectionChange::same;
  std::vector<Capture> captures;  // before the lift
};

// A counter about to fall into a hole where `when` holds falls into `to` instead (both asked with
// `hole` = the hole it would fall into).
struct Divert {
  ClauseId clause = kNoClause;
  ExprId when = kNoExpr;
  ExprId to = kNoExpr;
};

struct Stop {
  ClauseId clause = kNoClause;
  ExprId when = kNoExpr;
};

// The rules looked at when the last counter of a handful falls, in the order written: the first
// whose condition holds decides.
struct HandfulRule {
  enum class Kind : std::uint8_t { lap, again, capture, stop };
  Kind kind = Kind::lap;
  std::uint8_t index = 0;  // into Sowing::laps, agains, captures or stops
};

// Legality by consequence: a move is legal only if (require) `condition` holds after it, or
// (prefer) only if it does for some legal move. Applies while `when` holds before the move.
struct Filter {
  ClauseId clause = kNoClause;
  bool prefer = false;
  ExprId condition = kNoExpr;
  ExprId when = kNoExpr;
};

struct Sowing {
  std::string name;         // "": a rule of ordinary turns; else named by (again ... with:)
  ExprId when = kNoExpr;    // an ordinary turn's rule while this holds (the first such rule)
  ClauseId clause = kNoClause;             // the (sow ...) clause: lifts and drops
  ClauseId first_drop_clause = kNoClause;  // the drop back into the origin (O4)
  ClauseId origin_clause = kNoClause;      // where a move may start
  ClauseId direction_clause = kNoClause;
  ClauseId skip_clause = kNoClause;
  ExprId origin_region = kNoExpr;
  ExprId origin_guard = kNoExpr;  // kNoExpr when it is only a least count:
  std::int32_t origin_minimum = 1;  // holes with fewer counters cannot be chosen
  DirRule direction = DirRule::ccw;
  FirstDrop first_drop = FirstDrop::next;
  LiftFrom lift_from = LiftFrom::origin;
  ExprId lift_count = kNoExpr;  // kNoExpr: all of them, or the amount chosen
  // (amount LEAST MOST): the mover chooses how many counters the move lifts (Move::count).
  ClauseId amount_clause = kNoClause;
  ExprId amount_least = kNoExpr;
  ExprId amount_most = kNoExpr;
  bool chooses_amount() const { return amount_least != kNoExpr; }
  ExprId skip = kNoExpr;        // holes where it holds are passed over
  bool skip_lifted = false;     // the fused form of (skip (is hole lifted))
  bool optional = false;        // the mover may decline the decision (pass)
  std::vector<Capture> before_lift;
  std::vector<Capture> on_drop;  // after every counter that falls (hole = where it fell)
  std::vector<Divert> diverts;   // before every counter falls: the first that holds sends it elsewhere
  std::vector<Lap> laps;
  std::vector<Again> agains;
  std::vector<Capture> captures;
  std::vector<Stop> stops;
  std::vector<HandfulRule> handful;
  std::vector<Filter> filters;
  // Worked out once the game is compiled (Game::plan_sowing), not at every move:
  bool fast_drops = false;  // the fast routine sows it (FastRoutine::plain_drops)
  bool unjudged = false;    // its candidates are legal unsown (FastRoutine::unjudged_candidates)
  int relay_lap = -1;  // the lap (index in laps) the relay shortcut runs, if one qualifies
  LapTest relay_test = LapTest::none;
  std::int32_t relay_least = 0;
  // A sowing changes counts and scalars only (FastRoutine::counts_only; no effect but a sweep).
  bool changes_counts_only = false;
  // Until its last handful a sowing only lifts and drops plainly, each handful from the hole it
  // lifted (no capture, no taking, no first drop elsewhere, no relay shortcut): undone by sowing
  // its handfuls back, so a playout keeps no copy of the position before it (Game::sow_move).
  bool reversible = false;
  // The origin is (only (rightmost-occupied R)): that rightmost-occupied, scanned where the
  // origins are asked for.
  ExprId origin_rightmost_occupied = kNoExpr;
  bool may_continue() const { return !laps.empty(); }  // a handful may be followed by another
  // Some filter prefers: the legal moves then depend on each other, and are listed together.
  bool prefers() const {
    return std::any_of(filters.begin(), filters.end(), [](const Filter& f) { return f.prefer; });
  }
};

enum class StartKind : std::uint8_t { fill, put, row_pattern, mirror };
struct StartStep {
  StartKind kind = StartKind::fill;
  std::int32_t count = 0;
  ExprId region = kNoExpr;                       // fill
  std::vector<ExprId> holes;                     // put
  std::vector<std::int32_t> pattern;             // row-pattern
};

struct Removal {  // O3
  ClauseId clause = kNoClause;
  int by = 0;
  int count = 0;
  int leave_last = 0;
};

enum class TurnStepKind : std::uint8_t { each, give };
struct TurnStep {
  ClauseId clause = kNoClause;
  TurnStepKind kind = TurnStepKind::each;
  ExprId region = kNoExpr;  // each
  std::vector<Capture> captures;
  ExprId guard = kNoExpr;   // give
  ExprId store_player = kNoExpr;
  ExprId else_hole = kNoExpr;
  ExprId to_hole = kNoExpr;
};

enum class ResultKind : std::uint8_t { winner, most, draw };
struct ResultRule {
  ResultKind kind = ResultKind::draw;
  ExprId player = kNoExpr;
  TallyRule tally = TallyRule::store_and_row;
};

struct EndRule {
  ClauseId clause = kNoClause;
  bool before_move = false;  // else after the turn
  std::vector<Effect> effects;  // made before the result is reckoned
  ExprId guard = kNoExpr;
  ResultRule result;
};

enum class RoundStepKind : std::uint8_t {
  collect, clear, place, mirror, flip_choice, first_mover, refill, turn_step, choose, choice, jump
};
// One alternative of a (choice ...) step: its name (the move, G8), the guard that offers it, and
// where its steps begin in the step list (they end with a jump past the choice's last step).
struct Alternative {
  int id = 0;  // its index in Rules::alternatives (Move::count of the move choosing it)
  std::string name;
  ExprId guard = kNoExpr;
  int first = -1;
};
struct RoundStep {
  ClauseId clause = kNoClause;
  RoundStepKind kind = RoundStepKind::collect;
  ExprId player = kNoExpr;  // by / first-mover
  ExprId region = kNoExpr;  // place
  bool from_store = false;  // place: counters from the player's store, else supply
  ExprId source = kNoExpr;  // place: store owner, or supply count
  int min = 0;
  bool uneven = false;
  int place_step = -1;      // mirror: the place step it matches
  int store = 0;            // collect, refill: which of the player's stores (from 0)
  ExprId count = kNoExpr;   // refill: counters per hole
  ExprId limit = kNoExpr;   // refill: at most this many holes
  bool rest_in_next = false;  // refill: fewer than count left go into the next hole
  int turn_step = -1;       // turn_step: an `each` or `give` of Rounds::turn_steps
  ExprId guard = kNoExpr;   // choose: what a hole must satisfy to be chosen
  int mark = 0;             // choose: the mark the chosen holes get (Rules::marks, from 1)
  std::vector<Alternative> alternatives;  // choice
  int target = -1;          // jump, choice: the step after the choice's last alternative
};

// Steps that set a round up: (round-start ...) of a match, or (set-up ...) of the game's start.
struct SetUpSteps {
  std::vector<RoundStep> start;
  std::vector<TurnStep> turn_steps;  // `each` and `give` written as set-up steps
};

struct Rounds : SetUpSteps {
  ClauseId over_clause = kNoClause;
  ExprId over = kNoExpr;
  TallyRule tally = TallyRule::store;
  bool tie_draws = true;  // else replay
  ClauseId tie_clause = kNoClause;
  bool points = false;
  struct MatchWon {
    ExprId guard = kNoExpr;
    ClauseId clause = kNoClause;
  };
  std::vector<MatchWon> match_won;
  std::vector<int> reductions;  // resize
  std::vector<int> shares{2, 4, 8};  // resize: the thresholds T/2, T/4, T/8
  int min_columns = 1;
  int first_loser = 1;
  int start_from = 1;
  std::vector<TurnStep> end_steps;   // round-end's steps, run before the tallies
};

// (status ...): how faithfully a rule file encodes its text (the catalogue, docs/catalogue.md).
enum class Fidelity : std::uint8_t { unstated, faithful, partial };

struct Rules {
  std::string name;
  std::vector<std::string> sources;
  std::vector<std::string> notes;
  Fidelity fidelity = Fidelity::unstated;
  std::vector<std::string> gaps;  // partial: each rule of the text approximated or dropped
  int rows = 2;
  int columns = 6;
  int players = 2;
  StoreKind stores = StoreKind::none;
  BoardSpec board;  // sides, stores and tracks, laid out for every board size
  int first_mover = 0;
  std::vector<StartStep> start;
  std::vector<Removal> opening;
  std::vector<Sowing> sowings;  // ordinary turns' rules, then those named by further decisions
  long max_drops = 0;  // (max-drops N): this game's lower limit on the counters a move drops; 0: none
  bool store_sow = false;
  ClauseId store_sow_clause = kNoClause;
  ExprId store_sow_from = kNoExpr;   // the hole the first counter falls into (default the leftmost)
  ExprId store_sow_along = kNoExpr;  // the holes sown round and round (default the mover's row)
  // The amounts a store move may take (default 1 to the counters in the store).
  ClauseId store_sow_amount_clause = kNoClause;
  ExprId store_sow_least = kNoExpr;
  ExprId store_sow_most = kNoExpr;
  std::vector<TurnStep> turn_start;
  std::vector<EndRule> end;
  std::optional<Rounds> rounds;
  SetUpSteps set_up;  // (set-up ...): steps run once, before the first turn of the game
  std::vector<std::string> alternatives;  // the names of every choice step's alternatives, by id
  bool uses_repetition = false;  // repeated-position appears: keep the round's positions
  // Every clause of the (game ...) form as checked: which fast routines the game may use.
  ClauseSet used_clauses;
  // A rule may give a further decision in the turn (again, or a capture's then:).
  bool has_again() const {
    for (const Sowing& s : sowings) {
      if (!s.agains.empty()) return true;
      for (const Capture& c : s.captures)
        if (c.then) return true;
    }
    return false;
  }
  std::vector<std::string> marks;        // the names of hole marks, bit 1 upwards of State::flags
  std::vector<std::string> game_vars;    // names of the game's variables
  std::vector<std::string> player_vars;  // names of each player's variables
  ExprPool exprs;
  std::vector<ClauseInfo> clauses;  // indexed by ClauseId
};

}  // namespace mancala
