#pragma once
// The compiler pass: a checked (game ...) tree becomes Rules. The checker recorded on every node
// the registry entry it matched (Node::ludeme, Node::symbol, Node::param); dispatch.cpp switches
// on that id, once, and calls the handler of each ludeme. Handlers live by area: game.cpp
// (board, start, opening, turn start, end), sow.cpp (sowing, captures), rounds.cpp, expr.cpp.
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/rules.hpp"
#include "interpreter/state.hpp"
#include "lang/ast.hpp"
#include "lang/registry.hpp"

namespace mancala::compiler {

// A form reached a handler that cannot take it: the checker and the compiler disagree. Reported
// as "internal error" at the form, never a silent fall-through.
struct InternalError : std::runtime_error {
  InternalError(const Node& node, const std::string& what)
      : std::runtime_error(what), position(node.position) {}
  Position position;
};

// What a clause adds to: the structure its parent is building. A handler takes the member it
// needs (need() reports an internal error if its parent did not provide it).
struct Target {
  std::vector<Capture>* captures = nullptr;  // a capture clause
  std::vector<HandfulRule>* handful = nullptr;  // a capture at the end of a handful: its place
  std::vector<Effect>* effects = nullptr;    // an effect
  Capture* capture = nullptr;                // a capture's guard, take, destination, chain
  Chain* chain = nullptr;                    // a chain's guard, take
  Sowing* sowing = nullptr;                  // a sow clause
  EndRule* end_rule = nullptr;               // an end clause's guard and result
  Rounds* rounds = nullptr;                  // a round clause
  bool round_end = false;                    // with rounds: a step of round-end
  SetUpSteps* steps = nullptr;               // a round-start or set-up step
  RoundStep* round_step = nullptr;           // a placement's source
};


struct Compiler {
  Diagnostics& diagnostics;
  Rules& rules;
  int rows = 2;
  int columns = 6;
  const Node* at = nullptr;  // the expression being compiled, for a limit's error
  int per_drop_clauses = 0;  // open skip, on-drop and divert clauses: where in-hand may stand

  // ---- dispatch.cpp: the one switch over Ludeme --------------------------------------------
  // Compiles `node` (a form or a bare ludeme): an expression returns its ExprId, a clause adds
  // itself to `target` and returns kNoExpr.
  ExprId form(const Node& node, Target target);

  // ---- helpers (compiler.cpp) -----------------------------------------------------------------
  void error(const Node& node, std::string message);
  ClauseId clause(const Node& node);  // records the clause's position for events
  // The argument given for parameter `name` of `form`'s ludeme (nullptr if not given), or all of
  // them for a repeated parameter.
  static const Node* arg(const Node& form, std::string_view name);
  static std::vector<const Node*> args(const Node& form, std::string_view name);
  template <typename T>
  static T& need(T* member, const Node& node) {
    if (!member) throw InternalError(node, "'" + spec_of(node.ludeme).name + "' cannot stand here");
    return *member;
  }
  // A symbol argument as the enumeration `table` maps it to; `fallback` when not given.
  template <typename E>
  static E symbol(const Node* node, E fallback, std::initializer_list<std::pair<Symbol, E>> table) {
    if (!node) return fallback;
    for (const auto& [symbol, value] : table)
      if (node->symbol == symbol) return value;
    throw InternalError(*node, "unexpected symbol '" + node->text + "'");
  }
  std::optional<int> constant(const Node& node);
  int constant_player(const Node& node);
  ExprId player_leaf(const Node& node, int player);
  void clauses(const Node& form, std::string_view param, Target target);

  // ---- expr.cpp -----------------------------------------------------------------------------
  ExprPool& exprs() { return rules.exprs; }
  ExprId expr(const Node& node);                 // any expression
  ExprId leaf(Op op, std::int32_t value = 0);
  ExprId hole_name(const Node& node);
  ExprId operation(const Node& node, Op op);     // (op args...) with args by their parameters
  ExprId region_of(const Node& node, RegionKind kind);
  // A region argument: a region expression, or a hole standing for the region of itself.
  ExprId region(const Node& node);
  // The holes of a region written without reference to play, as runs laid out for each board
  // size (sides, tracks, (reversed ...), (holes A2 C2)).
  std::vector<HoleRun> hole_runs(const Node& node);
  // A region of hole_runs; where its runs name players that only play decides ((row loser)), it
  // is laid out once for each player each may be, and chosen by their values.
  ExprId static_region(const Node& node);
  int run_player(const Node& node);  // a player of hole_runs: named, or bound by static_region
  std::vector<std::pair<std::string, int>> player_binding = {};  // (the expression's text, its player)
  ExprId fuse(ExprNode n);
  ExprId guard(const Node& form);                // its (if ...) argument, or kNoExpr

  // ---- game.cpp -----------------------------------------------------------------------------
  void game(const Node& form);
  void board(const Node& form);
  void status(const Node& form);
  void players(const Node& form);
  void side(const Node& form);
  void track(const Node& form);
  void hole_numbers(const Node& form);
  void start_step(const Node& step, StartKind kind);
  void removal(const Node& step);
  void game_first_mover(const Node& form);
  void store_sow(const Node& form);
  void max_drops(const Node& form);
  void each(const Node& step, Target where);
  void give(const Node& step, Target where);
  void turn_step(TurnStep step, Target t);
  void end_rule(const Node& clause, bool before_move);
  void result(const Node& node, EndRule& rule, ResultKind kind);

  // ---- sow.cpp ------------------------------------------------------------------------------
  void sow(const Node& form);
  void origin(const Node& clause, Sowing& s);
  void fold_origin_minimum(Sowing& s);
  void lift(const Node& clause, Sowing& s);
  void amount(const Node& clause, Sowing& s);
  void skip(const Node& clause, Sowing& s);
  void filter(const Node& clause, Sowing& s, bool prefer);
  void before_lift(const Node& clause, Sowing& s);
  void on_drop(const Node& clause, Sowing& s);
  void divert(const Node& clause, Sowing& s);
  void lap(const Node& clause, Sowing& s);
  void again(const Node& clause, Sowing& s);
  Again again_rule(const Node& clause);
  void stop(const Node& clause, Sowing& s);
  void capture(const Node& form, Target target);
  std::vector<ExprId> take(const Node& form);
  void chain(const Node& form, Capture& c);
  void resolve_sow_names();  // (again ... with:"name") to the rule's index

  // ---- effects (sow.cpp) --------------------------------------------------------------------
  void effect(const Node& node, Effect::Kind kind, std::vector<Effect>& out);
  int mark_index(const Node& name);
  int var_index(const Node& name, bool per_player);

  // ---- rounds.cpp ---------------------------------------------------------------------------
  void rounds(const Node& form);
  void round_clause_tally(const Node& clause, Rounds& r);
  void resize(const Node& clause, Rounds& r);
  void round_end(const Node& clause, Rounds& r);
  void round_start(const Node& clause, Rounds& r);
  void round_step(const Node& step, SetUpSteps& r, RoundStepKind kind);
  void round_first_mover(const Node& step, SetUpSteps& r);
  void place(const Node& step, SetUpSteps& r);
  void mirror(const Node& step, SetUpSteps& r);
  void refill(const Node& step, SetUpSteps& r);
  void set_up(const Node& form);
  void choose(const Node& step, SetUpSteps& r);
  void choice(const Node& step, SetUpSteps& r);
  void check_set_up();  // set-up and round-start do not both set up round 1
  int store_number(const Node* node);  // a 1-based store number argument, from 0
  void finish_rounds(const Node& form, Rounds& r);

  const Node* resize_clause = nullptr;
  const Node* set_up_node = nullptr;
  const Node* board_node = nullptr;  // the (board ...) clause, where layout errors are reported
};

}  // namespace mancala::compiler
