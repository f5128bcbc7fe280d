// Matches of rounds: when a round ends, how it is scored, and how the next one is set up.
#include <fmt/format.h>

#include <algorithm>

#include "interpreter/compile/compiler.hpp"

namespace mancala::compiler {

void Compiler::rounds(const Node& form) {
  if (rules.rounds) error(form, "a game has one (rounds ...) clause");
  Rounds r;
  resize_clause = nullptr;
  Target target;
  target.rounds = &r;
  clauses(form, "clause", target);
  finish_rounds(form, r);
  rules.rounds = std::move(r);
}

void Compiler::round_clause_tally(const Node& clause_node, Rounds& r) {
  r.tally = symbol(arg(clause_node, "tally"), TallyRule::store,
                   {{Symbol::store, TallyRule::store}, {Symbol::store_row, TallyRule::store_and_row}});
}

void Compiler::resize(const Node& clause_node, Rounds& r) {
  resize_clause = &clause_node;
  for (const Node& item : arg(clause_node, "reductions")->children)
    r.reductions.push_back(static_cast<int>(item.integer));
  if (const Node* min = arg(clause_node, "min")) r.min_columns = constant(*min).value_or(1);
  if (const Node* shares = arg(clause_node, "shares")) {
    r.shares.clear();
    for (const Node& item : shares->children) {
      if (item.integer < 1) error(item, "a share divides T: it is at least 1");
      r.shares.push_back(static_cast<int>(std::max<std::int64_t>(item.integer, 1)));
    }
  }
  if (r.reductions.empty()) error(clause_node, "(resize ...) needs at least one reduction");
}

void Compiler::round_end(const Node& clause_node, Rounds& r) {
  Target target;
  target.rounds = &r;
  target.round_end = true;
  clauses(clause_node, "step", target);
}

void Compiler::round_start(const Node& clause_node, Rounds& r) {
  if (const Node* from = arg(clause_node, "from")) r.start_from = constant(*from).value_or(1);
  Target target;
  target.steps = &r;
  clauses(clause_node, "step", target);
}

void Compiler::round_step(const Node& step, SetUpSteps& r, RoundStepKind kind) {
  RoundStep s;
  s.kind = kind;
  s.clause = clause(step);
  if (kind == RoundStepKind::flip_choice) s.player = expr(*arg(step, "by"));
  if (kind == RoundStepKind::collect) s.store = store_number(arg(step, "store"));
  r.start.push_back(s);
}

int Compiler::store_number(const Node* node) {
  if (!node) return 0;
  int n = constant(*node).value_or(1);
  if (n < 1 || n > rules.board.stores_per_player)
    error(*node, fmt::format("a player has stores 1 to {}, not {}", rules.board.stores_per_player, n));
  return std::clamp(n, 1, std::max(1, rules.board.stores_per_player)) - 1;
}

void Compiler::refill(const Node& step, SetUpSteps& r) {
  RoundStep s;
  s.kind = RoundStepKind::refill;
  s.clause = clause(step);
  s.player = expr(*arg(step, "by"));
  s.region = region(*arg(step, "holes"));
  s.count = expr(*arg(step, "count"));
  s.store = store_number(arg(step, "from"));
  if (const Node* limit = arg(step, "limit")) s.limit = expr(*limit);
  s.rest_in_next = symbol(arg(step, "rest"), false, {{Symbol::keep, false}, {Symbol::last, true}});
  r.start.push_back(s);
}

void Compiler::round_first_mover(const Node& step, SetUpSteps& r) {
  RoundStep s;
  s.kind = RoundStepKind::first_mover;
  s.clause = clause(step);
  s.player = expr(*arg(step, "player"));
  r.start.push_back(s);
}

void Compiler::place(const Node& step, SetUpSteps& r) {
  RoundStep s;
  s.kind = RoundStepKind::place;
  s.clause = clause(step);
  s.player = expr(*arg(step, "by"));
  s.region = region(*arg(step, "holes"));
  Target target;
  target.round_step = &s;
  form(*arg(step, "source"), target);
  const Node* min = arg(step, "min");
  s.min = constant(*min).value_or(0);
  if (s.min < 0) error(*min, "min must not be negative");
  s.uneven = symbol(arg(step, "uneven"), false, {{Symbol::yes, true}, {Symbol::no, false}});
  r.start.push_back(s);
}

void Compiler::mirror(const Node& step, SetUpSteps& r) {
  RoundStep s;
  s.kind = RoundStepKind::mirror;
  s.clause = clause(step);
  s.player = expr(*arg(step, "by"));
  // The last placement before it is the one it matches.
  for (int i = static_cast<int>(r.start.size()) - 1; i >= 0 && s.place_step < 0; --i)
    if (r.start[static_cast<std::size_t>(i)].kind == RoundStepKind::place) s.place_step = i;
  if (s.place_step < 0) error(step, "(mirror ...) matches a placement: it needs a (place ...) step before it");
  r.start.push_back(s);
}

void Compiler::set_up(const Node& form) {
  if (set_up_node) error(form, "a game has one (set-up ...) clause");
  set_up_node = &form;
  Target target;
  target.steps = &rules.set_up;
  clauses(form, "step", target);
}

void Compiler::choose(const Node& step, SetUpSteps& r) {
  RoundStep s;
  s.kind = RoundStepKind::choose;
  s.clause = clause(step);
  s.player = expr(*arg(step, "by"));
  s.region = region(*arg(step, "holes"));
  s.guard = guard(step);
  s.count = expr(*arg(step, "count"));
  s.mark = mark_index(*arg(step, "mark"));
  r.start.push_back(s);
}

// The choice step, then each alternative's steps and a jump past the last: the steps stay one
// list, so that the step being set up is still one index (State::setup_step).
void Compiler::choice(const Node& step, SetUpSteps& r) {
  const std::size_t at = r.start.size();
  RoundStep s;
  s.kind = RoundStepKind::choice;
  s.clause = clause(step);
  s.player = expr(*arg(step, "by"));
  r.start.push_back(s);
  std::vector<std::size_t> jumps;
  static const std::vector<std::string> reserved = {"pass", "flip", "keep", "store", "choose"};
  for (const Node* node : args(step, "alternative")) {
    Alternative a;
    const Node& name = *arg(*node, "name");
    a.name = name.text;
    auto word = [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; };
    if (a.name.empty() || !std::all_of(a.name.begin(), a.name.end(), word) ||
        std::find(reserved.begin(), reserved.end(), a.name) != reserved.end())
      error(name, fmt::format("an alternative's name is its move: a lowercase word (letters and -) that "
                              "is no other move (pass, flip, keep, store, choose), not \"{}\"", a.name));
    for (const Alternative& other : r.start[at].alternatives)
      if (other.name == a.name) error(name, fmt::format("two alternatives of one choice are named \"{}\"", a.name));
    a.guard = guard(*node);
    a.first = static_cast<int>(r.start.size());
    a.id = static_cast<int>(rules.alternatives.size());
    rules.alternatives.push_back(a.name);
    Target target;
    target.steps = &r;
    clauses(*node, "step", target);
    RoundStep jump;
    jump.kind = RoundStepKind::jump;
    jumps.push_back(r.start.size());
    r.start.push_back(jump);
    r.start[at].alternatives.push_back(a);
  }
  if (r.start[at].alternatives.size() < 2) error(step, "(choice ...) needs two alternatives or more");
  for (std::size_t j : jumps) r.start[j].target = static_cast<int>(r.start.size());
  r.start[at].target = static_cast<int>(r.start.size());
  if (r.start.size() > 250) error(step, "the set-up steps, alternatives' steps included, are at most 250");
}

void Compiler::check_set_up() {
  if (set_up_node && rules.rounds && rules.rounds->start_from <= 1 && !rules.rounds->start.empty())
    error(*set_up_node, "(set-up ...) and (round-start ...) both set up the first round: give round-start from:2");
}

void Compiler::finish_rounds(const Node& form, Rounds& r) {
  if (r.over == kNoExpr) error(form, "(rounds ...) needs a (round-over ...) clause");
  bool empties = std::any_of(r.start.begin(), r.start.end(), [](const RoundStep& s) {
    return s.kind == RoundStepKind::collect || s.kind == RoundStepKind::clear;
  });
  if (resize_clause && !empties)
    error(*resize_clause, "(resize ...) needs a (collect) or (clear) step in (round-start ...): "
                          "the board can only change size when it is empty");
}

}  // namespace mancala::compiler
