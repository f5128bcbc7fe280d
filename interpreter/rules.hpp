#pragma once
// The rules of a game compiled from its (game ...) form: plain data the engine walks.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/expr.hpp"
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
enum class FirstDrop : std::uint8_t { next, origin_unless_single };
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
  bool all = true;
};

struct Capture {
  ClauseId clause = kNoClause;
  ExprId guard = kNoExpr;  // kNoExpr: always
  std::vector<ExprId> take;
  ExprId into = kNoExpr;   // kNoExpr: the mover's store
  std::optional<Chain> chain;
};

struct Lap {
  ClauseId clause = kNoClause;
  ExprId when = kNoExpr;
  LiftRule lift = LiftRule::landing;
  DirectionChange turn = DirectionChange::same;
  std::vector<Capture> captures;  // before the lift
};

struct Again {
  ClauseId clause = kNoClause;
  ExprId guard = kNoExpr;
  DirectionChange turn = DirectionChange::choice;
};

struct Sowing {
  ClauseId clause = kNoClause;             // the (sow ...) clause: lifts and drops
  ClauseId first_drop_clause = kNoClause;  // the drop back into the origin (O4)
  ClauseId origin_clause = kNoClause;      // where a move may start
  ClauseId direction_clause = kNoClause;
  ExprId origin_region = kNoExpr;
  ExprId origin_guard = kNoExpr;  // kNoExpr when it is only a least count:
  std::int32_t origin_minimum = 1;  // holes with fewer counters cannot be chosen
  DirRule direction = DirRule::ccw;
  FirstDrop first_drop = FirstDrop::next;
  bool skip_origin = false;
  std::vector<Capture> before_lift;
  std::optional<Lap> lap;
  std::optional<Again> again;
  std::vector<Capture> captures;  // at the end of the sowing
};

enum class StartKind : std::uint8_t { fill, put, row_pattern, mirror };
struct StartStep {
  StartKind kind = StartKind::fill;
  std::int32_t count = 0;
  ExprId region = kNoExpr;                       // fill
  std::vector<std::pair<int, int>> holes;        // put: (row, column)
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
  ExprId guard = kNoExpr;
  ResultRule result;
};

enum class RoundStepKind : std::uint8_t { collect, clear, place, mirror, flip_choice, first_mover };
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
};

struct Rounds {
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
  int min_columns = 1;
  int first_loser = 1;
  int start_from = 1;
  std::vector<RoundStep> start;
};

struct Rules {
  std::string name;
  std::vector<std::string> sources;
  std::vector<std::string> notes;
  int rows = 2;
  int columns = 6;
  int players = 2;
  StoreKind stores = StoreKind::none;
  BoardSpec board;  // sides, stores and tracks, laid out for every board size
  int first_mover = 0;
  std::vector<StartStep> start;
  std::vector<Removal> opening;
  std::optional<Sowing> sowing;
  bool store_sow = false;
  ClauseId store_sow_clause = kNoClause;
  std::vector<TurnStep> turn_start;
  std::vector<EndRule> end;
  std::optional<Rounds> rounds;
  bool uses_repetition = false;  // repeated-position appears: keep the round's positions
  ExprPool exprs;
  std::vector<ClauseInfo> clauses;  // indexed by ClauseId
};

}  // namespace mancala
