// The game's clauses other than sowing and rounds: board, start, opening, turn start, end.
#include <fmt/format.h>

#include <algorithm>

#include "interpreter/compile/compiler.hpp"

namespace mancala::compiler {

void Compiler::game(const Node& form) {
  rules.name = arg(form, "name")->text;
  rules.used_clauses.add_tree(form);
  // The players and the board first: players and hole names in every other clause are resolved
  // against them.
  const Node* board_clause = nullptr;
  for (const Node* clause : args(form, "clause"))
    if (clause->ludeme == Ludeme::players) this->form(*clause, {});
  for (const Node* clause : args(form, "clause")) {
    if (clause->ludeme != Ludeme::board) continue;
    if (board_clause) error(*clause, "a game has one (board ...)");
    board_clause = clause;
    this->form(*clause, {});
  }
  if (!board_clause) error(form, "the game has no (board ...) clause");
  for (const Node* clause : args(form, "clause"))
    if (clause->ludeme != Ludeme::board && clause->ludeme != Ludeme::players) this->form(*clause, {});
  if (rules.sowings.empty() && !rules.store_sow) error(form, "the game has no moves: add a (sow ...) clause");
  resolve_sow_names();
  check_set_up();
}

void Compiler::status(const Node& form) {
  if (rules.fidelity != Fidelity::unstated) return error(form, "a game has one (status ...)");
  rules.fidelity = symbol(arg(form, "level"), Fidelity::faithful,
                          {{Symbol::faithful, Fidelity::faithful}, {Symbol::partial, Fidelity::partial}});
  for (const Node* gap : args(form, "gap")) rules.gaps.push_back(gap->text);
  if (rules.fidelity == Fidelity::partial && rules.gaps.empty())
    error(form, "(status partial ...) names each rule of the text the file approximates or drops: "
                "(status partial \"RULE: what the file does instead\" ...)");
  if (rules.fidelity == Fidelity::faithful && !rules.gaps.empty())
    error(form, "(status faithful) takes no text; a file that leaves rules out is (status partial \"...\")");
}

void Compiler::players(const Node& form) {
  int n = constant(*arg(form, "count")).value_or(2);
  if (n < 2 || n > kMaxPlayers) error(form, fmt::format("a game has 2 to {} players, not {}", kMaxPlayers, n));
  else rules.players = n;
}

void Compiler::side(const Node& form) {
  BoardSpec::Side side;
  side.player = constant_player(*arg(form, "player"));
  for (const BoardSpec::Side& other : rules.board.sides)
    if (other.player == side.player) error(form, fmt::format("P{} has a (side ...) already", side.player + 1));
  for (const Node* holes : args(form, "holes")) {
    auto runs = hole_runs(*holes);
    side.holes.insert(side.holes.end(), runs.begin(), runs.end());
  }
  rules.board.sides.push_back(std::move(side));
}

void Compiler::track(const Node& form) {
  BoardSpec::Track track;
  if (const Node* player = arg(form, "player")) track.owner = constant_player(*player);
  for (const Node* holes : args(form, "holes")) {
    auto runs = hole_runs(*holes);
    track.holes.insert(track.holes.end(), runs.begin(), runs.end());
  }
  rules.board.tracks.push_back(std::move(track));
}

void Compiler::hole_numbers(const Node& form) {
  if (!rules.board.numbered.empty()) return error(form, "a game has one (hole-numbers ...)");
  rules.board.first_number = constant(*arg(form, "first")).value_or(1);
  if (rules.board.first_number < 0) error(form, "hole numbers start at 0 or more");
  for (const Node* holes : args(form, "holes")) {
    auto runs = hole_runs(*holes);
    rules.board.numbered.insert(rules.board.numbered.end(), runs.begin(), runs.end());
  }
}

void Compiler::board(const Node& form) {
  board_node = &form;
  auto r = constant(*arg(form, "rows"));
  auto c = constant(*arg(form, "columns"));
  if (!r || !c) return;
  if (*r < 1 || *r > kMaxRows) error(*arg(form, "rows"), fmt::format("a board has 1 to {} rows, not {}", kMaxRows, *r));
  else rows = *r;
  if (*c < 1 || *c > kMaxColumns)
    error(*arg(form, "columns"), fmt::format("{} columns: a board has 1 to {} columns (limit max-columns)",
                                             *c, kMaxColumns));
  else columns = *c;
  rules.stores = symbol(arg(form, "stores"), StoreKind::none,
                        {{Symbol::no_stores, StoreKind::none}, {Symbol::open, StoreKind::open},
                         {Symbol::concealed, StoreKind::concealed}});
  // Every player keeps what they capture: with stores:none the store is off the drawn board.
  rules.board.stores_per_player = 1;
  if (const Node* count = arg(form, "store-count")) {
    int n = constant(*count).value_or(1);
    if (n < 1 || n > 4) error(*count, fmt::format("a player has 1 to 4 stores, not {}", n));
    else rules.board.stores_per_player = n;
  }
}

void Compiler::start_step(const Node& step, StartKind kind) {
  StartStep s;
  s.kind = kind;
  switch (kind) {
    case StartKind::fill:
      s.count = constant(*arg(step, "count")).value_or(0);
      if (const Node* holes = arg(step, "region")) s.region = region(*holes);
      break;
    case StartKind::put:
      s.count = constant(*arg(step, "count")).value_or(0);
      for (const Node* hole : args(step, "hole")) s.holes.push_back(expr(*hole));
      break;
    case StartKind::row_pattern:
      for (const Node& item : arg(step, "pattern")->children)
        s.pattern.push_back(static_cast<int>(item.integer));
      break;
    case StartKind::mirror: break;
  }
  auto negative = [](int v) { return v < 0; };
  auto too_many = [](int v) { return v > kMaxCounters; };
  if (s.count < 0 || std::any_of(s.pattern.begin(), s.pattern.end(), negative))
    error(step, "a hole cannot hold a negative number of counters");
  else if (s.count > kMaxCounters || std::any_of(s.pattern.begin(), s.pattern.end(), too_many))
    error(step, fmt::format("a hole holds at most {} counters (limit max-counters)", kMaxCounters));
  rules.start.push_back(std::move(s));
}

void Compiler::removal(const Node& step) {
  Removal removal;
  removal.clause = clause(step);
  removal.by = constant_player(*arg(step, "by"));
  removal.count = constant(*arg(step, "count")).value_or(0);
  if (const Node* leave = arg(step, "leave-last")) removal.leave_last = constant(*leave).value_or(0);
  rules.opening.push_back(removal);
}

void Compiler::max_drops(const Node& form) {
  const Node& count = *arg(form, "count");
  int n = constant(count).value_or(1);
  if (n < 1) error(count, fmt::format("a move must be allowed to drop at least 1 counter, not {}", n));
  else rules.max_drops = rules.max_drops == 0 ? n : std::min<long>(rules.max_drops, n);
}

void Compiler::game_first_mover(const Node& form) {
  rules.first_mover = constant_player(*arg(form, "player"));
}

void Compiler::store_sow(const Node& form) {
  rules.store_sow = true;
  rules.store_sow_clause = clause(form);
  if (const Node* from = arg(form, "from")) rules.store_sow_from = expr(*from);
  if (const Node* along = arg(form, "along")) rules.store_sow_along = region(*along);
  if (const Node* amount = arg(form, "amount")) {  // read here: no sow rule holds it
    rules.store_sow_amount_clause = clause(*amount);
    rules.store_sow_least = expr(*arg(*amount, "least"));
    rules.store_sow_most = expr(*arg(*amount, "most"));
  }
}

// A turn step, or the same written as a step of (round-start ...) or (set-up ...): run once as the
// round is set up; or a step of (round-end ...).
void Compiler::turn_step(TurnStep step, Target t) {
  if (t.round_end) {
    t.rounds->end_steps.push_back(std::move(step));
    return;
  }
  if (!t.steps) {
    rules.turn_start.push_back(std::move(step));
    return;
  }
  RoundStep s;
  s.kind = RoundStepKind::turn_step;
  s.clause = step.clause;
  s.turn_step = static_cast<int>(t.steps->turn_steps.size());
  t.steps->turn_steps.push_back(std::move(step));
  t.steps->start.push_back(s);
}

void Compiler::each(const Node& step, Target where) {
  TurnStep t;
  t.kind = TurnStepKind::each;
  t.clause = clause(step);
  t.region = region(*arg(step, "region"));
  Target target;
  target.captures = &t.captures;
  clauses(step, "capture", target);
  turn_step(std::move(t), where);
}

void Compiler::give(const Node& step, Target where) {
  TurnStep t;
  t.kind = TurnStepKind::give;
  t.clause = clause(step);
  t.guard = guard(step);
  t.store_player = expr(*arg(step, "store"));
  t.else_hole = expr(*arg(step, "else"));
  t.to_hole = expr(*arg(step, "to"));
  turn_step(std::move(t), where);
}

void Compiler::end_rule(const Node& clause_node, bool before_move) {
  EndRule e;
  e.clause = clause(clause_node);
  e.before_move = before_move;
  e.guard = guard(clause_node);
  Target target;
  target.end_rule = &e;
  target.effects = &e.effects;
  form(*arg(clause_node, "result"), target);
  clauses(clause_node, "effect", target);
  rules.end.push_back(e);
}

void Compiler::result(const Node& node, EndRule& rule, ResultKind kind) {
  rule.result.kind = kind;
  switch (kind) {
    case ResultKind::winner: rule.result.player = expr(*arg(node, "player")); break;
    case ResultKind::most:
      rule.result.tally = symbol(arg(node, "tally"), TallyRule::store_and_row,
                                 {{Symbol::store, TallyRule::store}, {Symbol::store_row, TallyRule::store_and_row}});
      break;
    case ResultKind::draw: break;
  }
}

}  // namespace mancala::compiler
