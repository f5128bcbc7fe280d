// Play that never reads a store (store_blindness.hpp). Every node of the game's expressions is
// looked at, whatever clause holds it: a node reading a store, a hole that may be one, or state
// the endgame table leaves out makes the answer no. `hole` (the subject) may be a store where a
// clause asks about the hole a counter falls into or passes (captures, chains, agains, laps,
// diverts, stops, skips) and within a test over a region that may hold one; there a read of its
// count makes the answer no unless an (and ...) above it rules a store out ((not (is-store
// hole)), (within hole R)). Elsewhere the subject is an origin (a pit, where stores only grow),
// a pit of a region of pits, or none.
#include "interpreter/store_blindness.hpp"

#include <algorithm>
#include <functional>

#include "interpreter/store_growth.hpp"

namespace mancala {

namespace {

bool is_region_of_pits(const ExprPool& exprs, ExprId id) { return id != kNoExpr && exprs[id].op == Op::region; }

// A hole that is a pit or none whatever the position: a pit by name, an opposite (stores have
// none), the origin or the hole lifted (pits where stores only grow: no lap lifts again).
bool names_pit(const ExprPool& exprs, ExprId id) {
  switch (exprs[id].op) {
    case Op::hole_named:
    case Op::opposite:
    case Op::origin:
    case Op::lifted: return true;
    default: return false;
  }
}

enum class Reads : std::uint8_t { nothing, subject, store };

bool is_hole_op(Op op) {
  switch (op) {
#define MANCALA_HOLE_CASE(name) case Op::name:
    MANCALA_HOLE_OPS(MANCALA_HOLE_CASE)
#undef MANCALA_HOLE_CASE
    return true;
    default: return false;
  }
}

// What a hole standing for its count among an integer's operands reads ((store P), `hole`, ...).
Reads count_of(const ExprPool& exprs, ExprId id) {
  if (exprs[id].op == Op::subject) return Reads::subject;
  return names_pit(exprs, id) ? Reads::nothing : Reads::store;
}

// What node `n` reads of the position besides pits: the subject's count, or a store (or other
// state the table's key leaves out).
Reads reads(const ExprPool& exprs, const ExprNode& n) {
  switch (n.op) {
    case Op::count:
    case Op::empty:
    case Op::occupied:
    case Op::was_empty: return count_of(exprs, n.a0);
    case Op::eq:
    case Op::ne:
    case Op::lt:
    case Op::le:
    case Op::gt:
    case Op::ge:
    case Op::odd:
    case Op::even:
    case Op::in_set:
    case Op::add:
    case Op::subtract:
    case Op::multiply:
    case Op::divide:
    case Op::modulo: {  // an operand that is a hole stands for its count
      Reads most = Reads::nothing;
      for (ExprId a : {n.a0, n.a1})
        if (a != kNoExpr && is_hole_op(exprs[a].op)) most = std::max(most, count_of(exprs, a));
      for (ExprId a : n.args)
        if (is_hole_op(exprs[a].op)) most = std::max(most, count_of(exprs, a));
      return most;
    }
    case Op::subject_at_least:
    case Op::subject_odd:
    case Op::subject_even:
    case Op::subject_was_occupied: return Reads::subject;
    case Op::all_of: {  // an (and ...) of count tests on `hole`, tested as one
      const auto& t = n.count_tests;
      return t.least > 0 || t.odd || t.even || t.was_occupied ? Reads::subject : Reads::nothing;
    }
    case Op::next_at_least: return Reads::store;  // the hole after a pit may be a store
    case Op::sum:
    case Op::sum_below:
    case Op::rightmost_occupied: return is_region_of_pits(exprs, n.a0) ? Reads::nothing : Reads::store;
    case Op::score:
    case Op::tally:
    case Op::next_columns:
    case Op::var_game:
    case Op::var_player:
    case Op::turns:
    case Op::repeated_position:
    case Op::first_round: return Reads::store;
    // Read no count of their own (a hole, region or player operand is read by the op above it,
    // looked at on its own), or only what a move carries or a clause cannot change.
    case Op::constant:
    case Op::captured:
    case Op::laps:
    case Op::in_hand:
    case Op::amount:
    case Op::number:
    case Op::any_of:
    case Op::negate:
    case Op::own:
    case Op::within:
    case Op::region_all:
    case Op::region_any:
    case Op::region_none:
    case Op::crossed:
    case Op::same_hole:
    case Op::same_player:
    case Op::in_play:
    case Op::marked:
    case Op::sown:
    case Op::clockwise:
    case Op::is_store:
    case Op::opposite_at_least:  // an opposite is a pit: stores have none
    case Op::subject_within:
    case Op::all_of2:
    case Op::all_of3:
    case Op::any_of2:
    case Op::any_of3:
    case Op::hole_named:
    case Op::subject:
    case Op::origin:
    case Op::opposite:
    case Op::next:
    case Op::previous:
    case Op::outer_of:
    case Op::leftmost:
    case Op::lifted:
    case Op::first_sown:
    case Op::store_hole:
#define MANCALA_READS_NOTHING(name) case Op::name:
      MANCALA_REGION_OPS(MANCALA_READS_NOTHING) MANCALA_PLAYER_OPS(MANCALA_READS_NOTHING)
#undef MANCALA_READS_NOTHING
      return Reads::nothing;
  }
  return Reads::nothing;  // not reached: every op has its case (-Werror=switch, CMakeLists.txt)
}

// The negation of (is-store hole), or (within hole R) of a region of pits, among the operands of
// an (and ...): the conjunction is false when the subject is a store.
bool rules_out_store(const ExprPool& exprs, const ExprNode& n) {
  if (n.op != Op::all_of) return false;
  for (ExprId a : n.args) {
    const ExprNode& operand = exprs[a];
    if (operand.op == Op::subject_within) return true;
    if (operand.op == Op::negate && exprs[operand.a0].op == Op::is_store && exprs[exprs[operand.a0].a0].op == Op::subject)
      return true;
  }
  return false;
}

}  // namespace

std::string store_reading(const Rules& rules) {
  if (!stores_only_grow(rules)) return "its stores may lose counters, counters may come into play, or an end is not decided by the most counters";
  if (rules.uses_repetition) return "it reads the positions of the round (repeated-position)";
  for (const Sowing& s : rules.sowings)
    for (const auto* captures : {&s.before_lift, &s.on_drop, &s.captures})
      for (const Capture& c : *captures)
        if (!c.effects.empty()) return "a capture changes owners, marks or variables";
  for (const EndRule& e : rules.end)
    for (const Effect& effect : e.effects)
      if (effect.kind != Effect::Kind::sweep) return "an end changes owners, marks or variables";
  const ExprPool& exprs = rules.exprs;
  // Whether condition `id`, asked with a subject that may be a store, reads the subject's count.
  std::function<bool(ExprId)> reads_subject = [&](ExprId id) {
    if (id == kNoExpr) return false;
    const ExprNode& n = exprs[id];
    if (rules_out_store(exprs, n)) return false;
    if (reads(exprs, n) == Reads::subject) return true;
    if (n.op == Op::region_all || n.op == Op::region_any || n.op == Op::region_none)
      return false;  // the subject is the region's holes: looked at below, for every such node
    return std::any_of(n.args.begin(), n.args.end(), reads_subject) || (n.args.empty() && (reads_subject(n.a0) || reads_subject(n.a1)));
  };
  for (std::size_t i = 0; i < exprs.size(); ++i) {
    const ExprNode& n = exprs[static_cast<ExprId>(i)];
    if (reads(exprs, n) == Reads::store) return "a condition or value reads a store, or state besides the counts";
    const bool over_region = n.op == Op::region_all || n.op == Op::region_any || n.op == Op::region_none;
    if (over_region && !is_region_of_pits(exprs, n.a0) && reads_subject(n.a1))
      return "a condition reads the counts of a region that may hold a store";
  }
  // The clauses asked about the hole a counter falls into or passes (`hole`, which may be a store).
  std::vector<ExprId> asked_of_any_hole;
  auto add_captures = [&](const std::vector<Capture>& captures) {
    for (const Capture& c : captures) {
      asked_of_any_hole.push_back(c.guard);
      if (c.chain) asked_of_any_hole.push_back(c.chain->guard);
      if (c.then) asked_of_any_hole.push_back(c.then->guard);
    }
  };
  for (const Sowing& s : rules.sowings) {
    asked_of_any_hole.push_back(s.skip);
    for (const auto* captures : {&s.before_lift, &s.on_drop, &s.captures}) add_captures(*captures);
    for (const Lap& lap : s.laps) asked_of_any_hole.push_back(lap.when), add_captures(lap.captures);
    for (const Again& again : s.agains) asked_of_any_hole.push_back(again.guard);
    for (const Divert& divert : s.diverts) asked_of_any_hole.push_back(divert.when);
    for (const Stop& stop : s.stops) asked_of_any_hole.push_back(stop.when);
  }
  for (ExprId id : asked_of_any_hole)
    if (reads_subject(id)) return "a condition reads the count of the hole a counter falls into, which may be a store";
  return "";
}

}  // namespace mancala
