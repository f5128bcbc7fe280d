// Sow rules and what they hold: origin, direction, lifting, skipping, diverting, the rules of every drop and
// of the end of each handful (laps, further decisions, captures, stops), legality filters, and
// the effects of captures.
#include <fmt/format.h>

#include <algorithm>

#include "interpreter/compile/compiler.hpp"

namespace mancala::compiler {

namespace {
// While a clause asked as each counter falls is compiled, in-hand may stand in it.
struct PerDropClause {
  explicit PerDropClause(int& open) : open(open) { ++open; }
  ~PerDropClause() { --open; }
  int& open;
};
}  // namespace

void Compiler::sow(const Node& form) {
  Sowing s;
  s.clause = clause(form);
  if (const Node* name = arg(form, "name")) {
    s.name = name->text;
    for (const Sowing& other : rules.sowings)
      if (other.name == s.name) error(*name, fmt::format("a sow rule is named \"{}\" already", s.name));
  }
  if (const Node* when = arg(form, "when")) s.when = expr(*when);
  Target target;
  target.sowing = &s;
  target.captures = &s.captures;  // the captures at the end of a handful
  target.handful = &s.handful;
  clauses(form, "clause", target);
  fold_origin_minimum(s);
  if (s.origin_region == kNoExpr) {
    error(form, "(sow ...) needs an (origin ...) clause: where a move may start");
    s.origin_region = leaf(Op::region, static_cast<int>(RegionKind::board));
  }
  if (s.handful.size() > 255) error(form, "a sow rule has at most 255 rules for the end of a handful");
  rules.sowings.push_back(std::move(s));
}

void Compiler::origin(const Node& clause_node, Sowing& s) {
  s.origin_clause = clause(clause_node);
  s.origin_region = region(*arg(clause_node, "region"));
  s.origin_guard = guard(clause_node);
}

// The least count a hole must hold to be chosen, tested directly in the hot loop: one counter when
// the move lifts from it, more if the origin's guard only asks for a least count (the guard is
// then dropped). Done once the whole rule is read, since `lift` may follow `origin`.
void Compiler::fold_origin_minimum(Sowing& s) {
  s.origin_minimum = s.lift_from == LiftFrom::origin ? 1 : 0;
  if (s.origin_guard == kNoExpr) return;
  if (std::int32_t minimum = exprs().subject_minimum(s.origin_guard); minimum > 0) {
    s.origin_minimum = std::max(s.origin_minimum, minimum);
    s.origin_guard = kNoExpr;
  }
}

void Compiler::lift(const Node& clause_node, Sowing& s) {
  s.lift_from = symbol(arg(clause_node, "from"), LiftFrom::origin,
                       {{Symbol::origin, LiftFrom::origin}, {Symbol::store, LiftFrom::store},
                        {Symbol::nothing, LiftFrom::none}});
  if (const Node* count = arg(clause_node, "count")) s.lift_count = expr(*count);
}

void Compiler::amount(const Node& clause_node, Sowing& s) {
  s.amount_clause = clause(clause_node);
  s.amount_least = expr(*arg(clause_node, "least"));
  s.amount_most = expr(*arg(clause_node, "most"));
}

void Compiler::skip(const Node& clause_node, Sowing& s) {
  PerDropClause per_drop(per_drop_clauses);
  s.skip_clause = clause(clause_node);
  ExprId condition = expr(*arg(clause_node, "condition"));
  const ExprNode& n = exprs()[condition];
  // (skip (is hole lifted)): the handful skips the hole it came from, tested without a call.
  if (n.op == Op::same_hole && exprs()[n.args[0]].op == Op::subject && exprs()[n.args[1]].op == Op::lifted)
    s.skip_lifted = true;
  else
    s.skip = s.skip == kNoExpr ? condition : [&] {
      ExprNode any;
      any.op = Op::any_of;
      any.args = {s.skip, condition};
      return exprs().add(std::move(any));
    }();
}

void Compiler::filter(const Node& clause_node, Sowing& s, bool prefer) {
  Filter f;
  f.clause = clause(clause_node);
  f.prefer = prefer;
  f.condition = expr(*arg(clause_node, "condition"));
  if (const Node* when = arg(clause_node, "when")) f.when = expr(*when);
  s.filters.push_back(f);
}

void Compiler::before_lift(const Node& clause_node, Sowing& s) {
  Target target;
  target.captures = &s.before_lift;
  clauses(clause_node, "capture", target);
}

void Compiler::on_drop(const Node& clause_node, Sowing& s) {
  PerDropClause per_drop(per_drop_clauses);
  Target target;
  target.captures = &s.on_drop;
  clauses(clause_node, "capture", target);
}

void Compiler::divert(const Node& clause_node, Sowing& s) {
  PerDropClause per_drop(per_drop_clauses);
  Divert d;
  d.clause = clause(clause_node);
  d.when = expr(*arg(clause_node, "when"));
  d.to = expr(*arg(clause_node, "to"));
  s.diverts.push_back(d);
}

void Compiler::lap(const Node& clause_node, Sowing& s) {
  Lap lap;
  lap.clause = clause(clause_node);
  lap.when = expr(*arg(clause_node, "when"));
  lap.lift = symbol(arg(clause_node, "lift"), LiftRule::landing,
                    {{Symbol::landing, LiftRule::landing}, {Symbol::following, LiftRule::following}});
  for (const Node* taken : args(clause_node, "take")) {  // several take: add up, each with its count:
    if (arg(clause_node, "lift")) error(*taken, "a lap lifts a hole (lift:) or takes holes (take:), not both");
    const Node* count = arg(*taken, "count");
    const ExprId most = count ? expr(*count) : kNoExpr;
    for (ExprId hole : take(*taken)) {
      lap.take.push_back(hole);
      lap.take_counts.push_back(most);
    }
  }
  if (const Node* start = arg(clause_node, "start")) lap.start = expr(*start);
  lap.turn = symbol(arg(clause_node, "direction"), DirectionChange::same,
                    {{Symbol::same, DirectionChange::same}, {Symbol::reverse, DirectionChange::reverse}});
  Target target;
  target.captures = &lap.captures;
  clauses(clause_node, "capture", target);
  s.handful.push_back({HandfulRule::Kind::lap, static_cast<std::uint8_t>(s.laps.size())});
  s.laps.push_back(std::move(lap));
}

Again Compiler::again_rule(const Node& clause_node) {
  Again again;
  again.clause = clause(clause_node);
  again.guard = guard(clause_node);
  again.turn = symbol(arg(clause_node, "direction"), DirectionChange::choice,
                      {{Symbol::same, DirectionChange::same},
                       {Symbol::reverse, DirectionChange::reverse},
                       {Symbol::choice, DirectionChange::choice}});
  if (const Node* origin = arg(clause_node, "origin")) again.origin = region(*origin);
  if (const Node* with = arg(clause_node, "with")) {
    again.with = with->text;
    again.with_position = with->position;
  }
  return again;
}

void Compiler::again(const Node& clause_node, Sowing& s) {
  s.handful.push_back({HandfulRule::Kind::again, static_cast<std::uint8_t>(s.agains.size())});
  s.agains.push_back(again_rule(clause_node));
}

void Compiler::stop(const Node& clause_node, Sowing& s) {
  Stop stop;
  stop.clause = clause(clause_node);
  stop.when = expr(*arg(clause_node, "when"));
  s.handful.push_back({HandfulRule::Kind::stop, static_cast<std::uint8_t>(s.stops.size())});
  s.stops.push_back(stop);
}

void Compiler::capture(const Node& form, Target target) {
  Capture c;
  c.clause = clause(form);
  c.guard = guard(form);
  Target parts;
  parts.capture = &c;
  parts.effects = &c.effects;
  for (const char* part : {"take", "into", "chain"})
    if (const Node* node = arg(form, part)) this->form(*node, parts);
  clauses(form, "effect", parts);
  if (const Node* then = arg(form, "then")) {
    if (then->ludeme != Ludeme::again) error(*then, "then: takes an (again ...): the further decision");
    else c.then = again_rule(*then);
  }
  if (target.handful && target.captures)
    target.handful->push_back({HandfulRule::Kind::capture, static_cast<std::uint8_t>(target.captures->size())});
  target.captures->push_back(std::move(c));
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
  if (const Node* stride = arg(form, "stride")) {
    int n = constant(*stride).value_or(1);
    if (n < 1 || n > kMaxHoles)
      error(*stride, fmt::format("a chain steps 1 to {} holes at a time, not {}", kMaxHoles, n));
    else chain.stride = n;
  }
  c.chain = std::move(chain);
}

void Compiler::resolve_sow_names() {
  auto resolve = [this](Again& again) {
    if (again.with.empty()) return;
    for (std::size_t i = 0; i < rules.sowings.size(); ++i)
      if (rules.sowings[i].name == again.with) again.rule = static_cast<int>(i);
    if (again.rule < 0)
      diagnostics.error(again.with_position, fmt::format("no sow rule is named \"{}\"", again.with));
  };
  for (Sowing& s : rules.sowings) {
    for (Again& a : s.agains) resolve(a);
    for (Capture& c : s.captures)
      if (c.then) resolve(*c.then);
  }
}

// ---- Effects ------------------------------------------------------------------------------------

void Compiler::effect(const Node& node, Effect::Kind kind, std::vector<Effect>& out) {
  Effect e;
  e.clause = clause(node);
  e.kind = kind;
  switch (kind) {
    case Effect::Kind::claim:
      if (const Node* by = arg(node, "by")) e.player = expr(*by);
      for (const Node* hole : args(node, "hole")) e.holes.push_back(expr(*hole));
      break;
    case Effect::Kind::out_of_play:
      for (const Node* hole : args(node, "hole")) e.holes.push_back(expr(*hole));
      break;
    case Effect::Kind::mark:
    case Effect::Kind::unmark:
      e.index = mark_index(*arg(node, "mark"));
      for (const Node* hole : args(node, "hole")) e.holes.push_back(expr(*hole));
      break;
    case Effect::Kind::set_var:
    case Effect::Kind::add_var: {
      const Node* of = arg(node, "of");
      e.per_player = of != nullptr;
      if (of) e.player = expr(*of);
      e.index = var_index(*arg(node, "name"), e.per_player);
      e.value = expr(*arg(node, "value"));
      break;
    }
    case Effect::Kind::sweep: break;
  }
  out.push_back(std::move(e));
}

int Compiler::mark_index(const Node& name) {
  auto& marks = rules.marks;
  auto it = std::find(marks.begin(), marks.end(), name.text);
  if (it != marks.end()) return static_cast<int>(it - marks.begin()) + 1;
  if (marks.size() >= 7) {
    error(name, "a game uses at most 7 marks");
    return 1;
  }
  marks.push_back(name.text);
  return static_cast<int>(marks.size());  // bit 0 is kOutOfPlay
}

int Compiler::var_index(const Node& name, bool per_player) {
  auto& names = per_player ? rules.player_vars : rules.game_vars;
  auto it = std::find(names.begin(), names.end(), name.text);
  if (it != names.end()) return static_cast<int>(it - names.begin());
  if (names.size() >= 16) {
    error(name, "a game uses at most 16 variables of each kind");
    return 0;
  }
  names.push_back(name.text);
  return static_cast<int>(names.size() - 1);
}

}  // namespace mancala::compiler
