// What the engine works out once a game is compiled, so that a move asks nothing of its rule that
// the rule fixes: which fast routines a sow rule may use (fast_paths.hpp), whether a sowing is
// reversible, the relay shortcut's lap, the origin's fast path.
#include <algorithm>

#include "interpreter/fast_paths.hpp"
#include "interpreter/game.hpp"

namespace mancala {

namespace {

LapTest lap_test_of(const ExprPool& exprs, ExprId when, int& least) {
  if (when == kNoExpr) return LapTest::none;
  const ExprNode& n = exprs[when];
  least = n.value;
  if (n.op == Op::subject_was_occupied) return LapTest::landed_occupied;
  if (n.op == Op::subject_at_least) return LapTest::landing_at_least;
  if (n.op == Op::next_at_least) return LapTest::next_at_least;
  return LapTest::none;
}

bool effects_change_counts_only(const std::vector<Capture>& captures) {
  return std::all_of(captures.begin(), captures.end(), [](const Capture& c) {
    return std::all_of(c.effects.begin(), c.effects.end(), [](const Effect& e) { return e.kind == Effect::Kind::sweep; });
  });
}

}  // namespace

void Game::plan_sowing(Sowing& rule) const {
  // Every clause of the game counts, not only the rule's own: a clause elsewhere may shape the
  // positions the rule sows (holes put out of play, owners, variables).
  auto supports = [&](FastRoutine r) { return rules_.used_clauses.within(supported_clauses(r)); };
  rule.fast_drops = supports(FastRoutine::plain_drops);
  rule.unjudged = supports(FastRoutine::unjudged_candidates) && rule.laps.empty() && rule.filters.empty();
  rule.changes_counts_only = supports(FastRoutine::counts_only) && effects_change_counts_only(rule.before_lift) &&
                             effects_change_counts_only(rule.on_drop) && effects_change_counts_only(rule.captures) &&
                             std::all_of(rule.laps.begin(), rule.laps.end(),
                                         [](const Lap& lap) { return effects_change_counts_only(lap.captures); });
  const ExprPool& exprs = rules_.exprs;
  const ExprNode& origin = exprs[rule.origin_region];
  rule.origin_rightmost_occupied =
      origin.op == Op::only && exprs[origin.a0].op == Op::rightmost_occupied ? origin.a0 : kNoExpr;
  plan_relay(rule);
  rule.reversible = rule.changes_counts_only && rule.fast_drops && rule.relay_lap < 0 &&
                    rule.lift_from == LiftFrom::origin && rule.first_drop == FirstDrop::next &&
                    rule.before_lift.empty() &&
                    std::all_of(rule.laps.begin(), rule.laps.end(), [](const Lap& lap) {
                      return lap.captures.empty() && lap.take.empty() && lap.start == kNoExpr;
                    });
}

void Game::plan_relay(Sowing& rule) const {
  rule.relay_lap = -1;
  if (!rule.fast_drops || rule.handful.empty() || rule.handful[0].kind != HandfulRule::Kind::lap) return;
  const Lap& lap = rule.laps[rule.handful[0].index];
  rule.relay_test = lap_test_of(rules_.exprs, lap.when, rule.relay_least);
  if (rule.relay_test != LapTest::none && lap.take.empty() && lap.start == kNoExpr)
    rule.relay_lap = rule.handful[0].index;
}

std::vector<Game::RoutineUse> Game::fast_routines() const {
  std::vector<RoutineUse> out;
  for (int r = 0; r < static_cast<int>(FastRoutine::count_); ++r) {
    auto routine = static_cast<FastRoutine>(r);
    std::vector<std::string> missing = rules_.used_clauses.missing_from(supported_clauses(routine));
    // "claim hole:" says nothing more once "claim" is listed: a parameter only where its ludeme is supported.
    std::vector<std::string> shown;
    for (const std::string& clause : missing) {
      const auto space = clause.find(' ');
      if (space == std::string::npos || std::find(missing.begin(), missing.end(), clause.substr(0, space)) == missing.end())
        shown.push_back(clause);
    }
    out.push_back({routine, shown});
  }
  return out;
}

}  // namespace mancala
