// Expressions: a checked expression tree becomes nodes of the flat ExprPool (interpreter/expr.hpp).
// The commonest conditions on `hole` are fused into single nodes (fuse()).
#include <fmt/format.h>

#include <algorithm>

#include "interpreter/compile/compiler.hpp"
#include "lang/form_shape.hpp"

namespace mancala::compiler {

ExprId Compiler::leaf(Op op, std::int32_t value) {
  ExprNode n;
  n.op = op;
  n.value = value;
  return exprs().add(std::move(n));
}

ExprId Compiler::hole_name(const Node& node) {
  const std::string& t = node.text;  // column letters (A..Z, AA..), then the row (G2)
  std::size_t letters = t.size() > 1 && t[1] >= 'A' && t[1] <= 'Z' ? 2 : 1;
  int column = letters == 1 ? t[0] - 'A' : (t[0] - 'A' + 1) * 26 + (t[1] - 'A');
  int row = std::atoi(t.c_str() + letters);
  if (column < 0 || column >= columns || row < 1 || row > rows) {
    error(node, fmt::format("hole {} is not on a {}x{} board", t, rows, columns));
    return leaf(Op::constant, 0);
  }
  return leaf(Op::hole_named, row * 256 + column);
}

ExprId Compiler::expr(const Node& node) {
  at = &node;
  switch (node.kind) {
    case NodeKind::integer:
      if (node.integer < -kMaxCounters || node.integer > kMaxCounters)
        error(node, fmt::format("integer {} out of range (limit {})", node.integer, kMaxCounters));
      return leaf(Op::constant, static_cast<std::int32_t>(node.integer));
    case NodeKind::identifier:
      if (node.ludeme == Ludeme::none) {
        if (!passes::is_hole_name(node.text)) throw InternalError(node, "an unresolved name");
        return hole_name(node);
      }
      return form(node, {});
    case NodeKind::form: {
      ExprId id = form(node, {});
      if (id == kNoExpr) throw InternalError(node, "a clause where an expression is expected");
      return id;
    }
    case NodeKind::list:
    case NodeKind::string:
    case NodeKind::parameter: break;
  }
  throw InternalError(node, fmt::format("unexpected {} in an expression", node_kind_name(node.kind)));
}

ExprId Compiler::operation(const Node& node, Op op) {
  ExprNode n;
  n.op = op;
  const auto& params = spec_of(node.ludeme).params;
  for (const Node& arg : node.children) {
    if (arg.param >= params.size()) throw InternalError(arg, "an argument without a parameter");
    switch (params[arg.param].kind) {
      case Kind::int_list:
        for (const Node& item : arg.children) n.set.push_back(static_cast<std::int32_t>(item.integer));
        break;
      case Kind::region: n.args.push_back(region(arg)); break;
      default: n.args.push_back(expr(arg)); break;
    }
  }
  if (n.op == Op::all_of && n.args.size() == 1) return n.args[0];
  return fuse(std::move(n));
}

ExprId Compiler::region(const Node& node) {
  bool is_hole = node.ludeme == Ludeme::none ||
                 category_kind(spec_of(node.ludeme).category) == Kind::hole;
  if (node.kind == NodeKind::identifier && node.ludeme == Ludeme::none) is_hole = true;
  if (!is_hole) return expr(node);
  ExprNode only;  // a hole where a region is wanted: the region of itself
  only.op = Op::only;
  only.args.push_back(expr(node));
  return exprs().add(std::move(only));
}

std::vector<HoleRun> Compiler::hole_runs(const Node& node) {
  using K = HoleRun::Kind;
  auto player = [&](const char* param) { return run_player(*arg(node, param)); };
  if (node.kind == NodeKind::identifier && node.ludeme == Ludeme::none) {
    int v = exprs()[hole_name(node)].value;
    return {{K::hole, v / 256, v % 256}};
  }
  switch (node.ludeme) {
    case Ludeme::board_row: return {{K::board_row, constant(*arg(node, "row")).value_or(1)}};
    case Ludeme::reversed: {
      std::vector<HoleRun> runs = hole_runs(*arg(node, "region"));
      std::reverse(runs.begin(), runs.end());
      for (HoleRun& run : runs) run.reversed = !run.reversed;
      return runs;
    }
    case Ludeme::holes: {
      int from = exprs()[hole_name(*arg(node, "from"))].value, to = exprs()[hole_name(*arg(node, "to"))].value;
      if (from / 256 != to / 256)
        error(node, "(holes FROM TO) runs along one row: FROM and TO must share it (holes of several "
                    "rows: (union (holes ...) (holes ...)), or (union A1 B2 ...))");
      return {{.kind = K::span, .a = from / 256, .b = from % 256, .c = to % 256}};
    }
    case Ludeme::store: {
      const Node* number = arg(node, "number");
      return {{K::store, player("player"), number ? constant(*number).value_or(1) - 1 : 0}};
    }
    case Ludeme::stores: {
      std::vector<HoleRun> runs;
      for (int k = 0; k < rules.board.stores_per_player; ++k) runs.push_back({K::store, player("player"), k});
      return runs;
    }
    case Ludeme::row: return {{K::side, player("player")}};
    case Ludeme::inner_row: return {{K::inner_row, player("player")}};
    case Ludeme::outer_row: return {{K::outer_row, player("player")}};
    case Ludeme::only: return hole_runs(*arg(node, "hole"));
    case Ludeme::union_: {
      std::vector<HoleRun> runs;
      for (const Node* region : args(node, "region")) {
        std::vector<HoleRun> more = hole_runs(*region);
        runs.insert(runs.end(), more.begin(), more.end());
      }
      return runs;
    }
    default:
      error(node, fmt::format("{} depends on play: sides, tracks, (reversed ...) and (union ...) are "
                              "written with hole names, (holes A1 F1), (board-row N), (row PLAYER), "
                              "(inner-row PLAYER), (outer-row PLAYER), (store PLAYER), (stores PLAYER), "
                              "(reversed ...) and (union ...)", to_text(node)));
      return {};
  }
}

int Compiler::run_player(const Node& node) {
  for (const auto& [text, player] : player_binding)
    if (text == to_text(node)) return player;
  return constant_player(node);
}

namespace {
// The players of `node`'s runs that only play decides ((row loser), (store (owner origin))),
// each once, by its text.
void players_of_runs(const Node& node, std::vector<const Node*>& out) {
  static const Ludeme named[] = {Ludeme::p1, Ludeme::p2, Ludeme::p3, Ludeme::p4, Ludeme::p5, Ludeme::p6};
  bool is_player = node.ludeme != Ludeme::none && spec_of(node.ludeme).category == Category::player;
  if (is_player) {
    if (std::find(std::begin(named), std::end(named), node.ludeme) != std::end(named)) return;
    for (const Node* seen : out)
      if (to_text(*seen) == to_text(node)) return;
    out.push_back(&node);
    return;
  }
  for (const Node& child : node.children) players_of_runs(child, out);
}
}  // namespace

ExprId Compiler::static_region(const Node& node) {
  std::vector<const Node*> players;
  players_of_runs(node, players);
  if (players.empty()) {
    rules.board.static_regions.push_back(hole_runs(node));
    return leaf(Op::static_region, static_cast<int>(rules.board.static_regions.size() - 1));
  }
  if (players.size() > 2) {
    error(node, fmt::format("{} depends on {} players that play decides: at most 2", to_text(node),
                            players.size()));
    return leaf(Op::static_region, 0);
  }
  // One layout for each value of the players, the first varying fastest (ExprPool::other_region).
  ExprNode n;
  n.op = Op::player_region;
  n.value = static_cast<std::int32_t>(rules.board.static_regions.size());
  for (const Node* player : players) n.args.push_back(expr(*player));
  std::size_t tables = players.size() == 1 ? rules.players : rules.players * rules.players;
  const std::size_t errors = diagnostics.error_count();
  for (std::size_t index = 0; index < tables && diagnostics.error_count() == errors; ++index) {
    player_binding.clear();
    std::size_t rest = index;
    for (const Node* player : players) {
      player_binding.emplace_back(to_text(*player), static_cast<int>(rest % rules.players));
      rest /= rules.players;
    }
    rules.board.static_regions.push_back(hole_runs(node));
  }
  player_binding.clear();
  return exprs().add(std::move(n));
}

ExprId Compiler::region_of(const Node& node, RegionKind kind) {
  ExprNode n;
  n.op = Op::region;
  n.value = static_cast<int>(kind);
  n.args.push_back(expr(*arg(node, "player")));
  return exprs().add(std::move(n));
}

// Peephole: the commonest conditions on `hole` become one node each, so that the hot loops test
// a count instead of walking a tree.
ExprId Compiler::fuse(ExprNode n) {
  auto op_of = [this](ExprId id) { return exprs()[id].op; };
  bool on_subject = !n.args.empty() && op_of(n.args[0]) == Op::subject;
  if (on_subject && n.op == Op::occupied) return leaf(Op::subject_at_least, 1);
  if (n.op == Op::occupied) {  // (occupied (opposite hole)), (occupied (next hole))
    const ExprNode& target = exprs()[n.args[0]];
    bool of_subject = !target.args.empty() && op_of(target.args[0]) == Op::subject;
    if (of_subject && target.op == Op::opposite) return leaf(Op::opposite_at_least, 1);
    if (of_subject && target.op == Op::next) return leaf(Op::next_at_least, 1);
  }
  if (on_subject && n.op == Op::ge && op_of(n.args[1]) == Op::constant)
    return leaf(Op::subject_at_least, exprs()[n.args[1]].value);
  if (n.op == Op::negate) {
    const ExprNode& inner = exprs()[n.args[0]];
    if (inner.op == Op::was_empty && op_of(inner.args[0]) == Op::subject)
      return leaf(Op::subject_was_occupied);
  }
  if (on_subject && (n.op == Op::odd || n.op == Op::even))  // a count's parity
    return leaf(n.op == Op::odd ? Op::subject_odd : Op::subject_even);
  if (on_subject && n.op == Op::within && op_of(n.args[1]) == Op::region) {  // (within hole (row P))
    const ExprNode& region = exprs()[n.args[1]];
    ExprNode within;
    within.op = Op::subject_within;
    within.value = region.value;
    if (!region.args.empty()) within.args = {region.args[0]};  // the player; none for the board
    return exprs().add(std::move(within));
  }
  // Totals compared with a constant stop at the hole that decides: (= (sum R) 0) is "no hole of R
  // is occupied" (counts are never negative), (< (sum R) K) and (>= (sum R) K) stop once K is
  // reached.
  bool sum_to_constant = (n.op == Op::eq || n.op == Op::lt || n.op == Op::ge) &&
                         op_of(n.args[0]) == Op::sum && op_of(n.args[1]) == Op::constant;
  if (sum_to_constant) {
    ExprId region = exprs()[n.args[0]].args[0];
    std::int32_t k = exprs()[n.args[1]].value;
    if (n.op == Op::eq && k == 0) {
      ExprNode none;
      none.op = Op::region_none;
      none.args = {region, leaf(Op::subject_at_least, 1)};
      return exprs().add(std::move(none));
    }
    if (n.op != Op::eq) {
      ExprNode below;
      below.op = Op::sum_below;
      below.value = k;
      below.args = {region};
      ExprId id = exprs().add(std::move(below));
      if (n.op == Op::lt) return id;
      ExprNode negate;
      negate.op = Op::negate;
      negate.args = {id};
      return exprs().add(std::move(negate));
    }
  }
  return exprs().add(std::move(n));
}

ExprId Compiler::guard(const Node& form) {
  const Node* g = arg(form, "guard");
  return g ? expr(*g) : kNoExpr;
}

}  // namespace mancala::compiler
