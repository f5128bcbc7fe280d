// The sowing move and its captures: origin, direction, laps, further decisions, captures, chains.
#include <fmt/format.h>

#include "interpreter/compile/compiler.hpp"

namespace mancala::compiler {

void Compiler::sow(const Node& form) {
  if (rules.sowing) error(form, "a game has one (sow ...) clause");
  Sowing s;
  s.clause = clause(form);
  Target target;
  target.sowing = &s;
  target.captures = &s.captures;  // the captures at the end of the sowing
  clauses(form, "clause", target);
  if (s.origin_region == kNoExpr) {
    error(form, "(sow ...) needs an (origin ...) clause: where a move may start");
    s.origin_region = leaf(Op::region, static_cast<int>(RegionKind::board));
  }
  rules.sowing = std::move(s);
}

void Compiler::origin(const Node& clause_node, Sowing& s) {
  s.origin_clause = clause(clause_node);
  s.origin_region = expr(*arg(clause_node, "region"));
  s.origin_guard = guard(clause_node);
  // A guard that only asks for a least count is tested directly in the hot loop.
  if (s.origin_guard != kNoExpr) {
    if (std::int32_t minimum = exprs().subject_minimum(s.origin_guard); minimum > 0) {
      s.origin_minimum = minimum;
      s.origin_guard = kNoExpr;
    }
  }
}

void Compiler::sow_track(const Node& clause_node) {
  using K = HoleRun::Kind;
  auto& tracks = rules.board.tracks;
  tracks.clear();
  if (symbol(arg(clause_node, "track"), true, {{Symbol::loop, true}, {Symbol::circuits, false}})) {
    BoardSpec::Track loop;  // every row, anticlockwise: odd rows from A, even rows back to A (G3)
    for (int r = 1; r <= rows; ++r) loop.holes.push_back({K::board_row, r, 0, r % 2 == 0});
    tracks.push_back(loop);
  } else {
    for (int p = 0; p < rules.players; ++p) tracks.push_back({p, {{K::side, p}}});
  }
}

void Compiler::before_lift(const Node& clause_node, Sowing& s) {
  Target target;
  target.captures = &s.before_lift;
  clauses(clause_node, "capture", target);
}

void Compiler::lap(const Node& clause_node, Sowing& s) {
  Lap lap;
  lap.clause = clause(clause_node);
  lap.when = expr(*arg(clause_node, "when"));
  lap.lift = symbol(arg(clause_node, "lift"), LiftRule::landing,
                    {{Symbol::landing, LiftRule::landing}, {Symbol::following, LiftRule::following}});
  lap.turn = symbol(arg(clause_node, "direction"), DirectionChange::same,
                    {{Symbol::same, DirectionChange::same}, {Symbol::reverse, DirectionChange::reverse}});
  Target target;
  target.captures = &lap.captures;
  clauses(clause_node, "capture", target);
  s.lap = std::move(lap);
}

void Compiler::again(const Node& clause_node, Sowing& s) {
  Again again;
  again.clause = clause(clause_node);
  again.guard = guard(clause_node);
  again.turn = symbol(arg(clause_node, "direction"), DirectionChange::choice,
                      {{Symbol::same, DirectionChange::same},
                       {Symbol::reverse, DirectionChange::reverse},
                       {Symbol::choice, DirectionChange::choice}});
  s.again = again;
}

void Compiler::capture(const Node& form, std::vector<Capture>& out) {
  Capture c;
  c.clause = clause(form);
  c.guard = guard(form);
  Target target;
  target.capture = &c;
  for (const char* part : {"take", "into", "chain"})
    if (const Node* node = arg(form, part)) this->form(*node, target);
  out.push_back(std::move(c));
}

std::vector<ExprId> Compiler::take(const Node& form) {
  std::vector<ExprId> out;
  for (const Node* hole : args(form, "hole")) out.push_back(expr(*hole));
  return out;
}

void Compiler::chain(const Node& form, Capture& c) {
  Chain chain;
  chain.clause = clause(form);
  chain.step = symbol(arg(form, "step"), ChainStep::forward,
                      {{Symbol::forward, ChainStep::forward}, {Symbol::backward, ChainStep::backward}});
  chain.guard = guard(form);
  Target target;
  target.chain = &chain;
  this->form(*arg(form, "take"), target);
  chain.all = symbol(arg(form, "count"), true, {{Symbol::one, false}, {Symbol::all, true}});
  c.chain = std::move(chain);
}

}  // namespace mancala::compiler
