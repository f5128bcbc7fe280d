// Stores that only grow (store_growth.hpp). What can take counters out of a store, clause by
// clause: a sowing from a store (store-sow, lift from:store), a sowing whose origin region may
// name a store, a lap (it lifts the landing hole, which may be a store, or holes it names), a take
// that may name a store (captures, chains), the steps of a turn's start (give takes from a store)
// and of rounds (collect, clear, place from a store; supply and refill bring counters in). Each
// is recognised here or the answer is false; a clause added to the language later reaches one of
// the structures tested below or none, and then changes no count.
#include "interpreter/store_growth.hpp"

#include <algorithm>

namespace mancala {

namespace {

// Regions that hold pits only: a player's rows and the board (Layout's regions are laid out from
// the sides, which hold pits only).
bool region_of_pits(const ExprPool& exprs, ExprId id) {
  return id != kNoExpr && exprs[id].op == Op::region;
}

// Whether condition `guard` holds only when `hole` (the subject) is a pit: it is, or is an `and`
// with, (not (is-store hole)) or (within hole REGION) of a region of pits.
bool guard_rules_out_stores(const ExprPool& exprs, ExprId guard) {
  if (guard == kNoExpr) return false;
  const ExprNode& n = exprs[guard];
  switch (n.op) {
    case Op::all_of:
      return std::any_of(n.args.begin(), n.args.end(), [&](ExprId a) { return guard_rules_out_stores(exprs, a); });
    case Op::negate: {
      const ExprNode& inner = exprs[n.a0];
      return inner.op == Op::is_store && exprs[inner.a0].op == Op::subject;
    }
    case Op::subject_within: return true;  // (within hole (row P)), fused: a region of pits
    default: return false;
  }
}

// Whether hole expression `id` names a pit or no hole, never a store. `subject_is_pit`: the
// guard it is evaluated under rules out a store as `hole`. The origin and the hole lifted are
// pits where every origin region holds pits only and no lap lifts again (stores_only_grow).
bool names_no_store(const ExprPool& exprs, ExprId id, bool subject_is_pit) {
  const ExprNode& n = exprs[id];
  switch (n.op) {
    case Op::hole_named:  // a pit by its name
    case Op::opposite:    // stores have no opposite
    case Op::origin:
    case Op::lifted: return true;
    case Op::subject: return subject_is_pit;
    case Op::leftmost:
    case Op::rightmost_occupied: return region_of_pits(exprs, n.a0);
    default: return false;  // next, previous, outer-of (a store's is itself), first-sown, store
  }
}

bool takes_no_store(const ExprPool& exprs, const std::vector<ExprId>& take, ExprId guard) {
  const bool subject_is_pit = guard_rules_out_stores(exprs, guard);
  return std::all_of(take.begin(), take.end(), [&](ExprId h) { return names_no_store(exprs, h, subject_is_pit); });
}

bool capture_takes_no_store(const ExprPool& exprs, const Capture& c) {
  if (!takes_no_store(exprs, c.take, c.guard)) return false;
  // A chain's links are other holes: its own guard must rule out stores.
  return !c.chain || takes_no_store(exprs, c.chain->take, c.chain->guard);
}

bool sowing_keeps_stores(const ExprPool& exprs, const Sowing& rule) {
  if (rule.lift_from == LiftFrom::store || !rule.laps.empty()) return false;
  if (rule.origin_region == kNoExpr) return false;
  // A region of pits, or (only H) of a hole that is a pit (not the origin itself).
  const ExprNode& origin = exprs[rule.origin_region];
  const bool origin_is_pit =
      region_of_pits(exprs, rule.origin_region) ||
      (origin.op == Op::only && exprs[origin.a0].op != Op::origin && exprs[origin.a0].op != Op::lifted &&
       names_no_store(exprs, origin.a0, false));
  if (!origin_is_pit) return false;
  for (const auto* captures : {&rule.before_lift, &rule.on_drop, &rule.captures})
    for (const Capture& c : *captures)
      if (!capture_takes_no_store(exprs, c)) return false;
  return true;
}

}  // namespace

bool stores_only_grow(const Rules& rules) {
  if (rules.store_sow || rules.rounds || !rules.turn_start.empty()) return false;
  for (const Sowing& rule : rules.sowings)
    if (!sowing_keeps_stores(rules.exprs, rule)) return false;
  // The end's effects change no count but by sweeping pits into stores; the result must be the
  // largest tally.
  return std::all_of(rules.end.begin(), rules.end.end(),
                     [](const EndRule& e) { return e.result.kind == ResultKind::most; });
}

}  // namespace mancala
