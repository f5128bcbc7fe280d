#include "interpreter/expr.hpp"

#include <algorithm>
#include <stdexcept>

#include "interpreter/limits.hpp"
#include "interpreter/state.hpp"

namespace mancala {

namespace {

// (none R (>= hole K)), and the like with all and any: the commonest region tests ("Cleared",
// round-over conditions), a count compared at each hole without a call per hole or a dispatch on
// the op. `kFound` is the answer once a hole's comparison comes out `kWanted`.
template <bool kWanted, bool kFound>
bool region_counts_test(const ExprPool& p, const ExprNode& n, const EvalContext& ctx) {
  const std::int32_t least = n.value;  // (>= hole K)'s K (ExprPool::add)
  for (auto h : p.operand_region(n, ctx))
    if ((ctx.counts[h] >= least) == kWanted) return kFound;
  return !kFound;
}

// An `and` of tests of the count of `hole`, folded (ExprNode::CountTests): one call instead of one
// for the `and` and one for each operand.
bool subject_count_tests(const ExprPool&, const ExprNode& n, const EvalContext& ctx) {
  const ExprNode::CountTests& t = n.count_tests;
  if (ctx.subject == kNoHole) return t.without_hole;
  const int count = ctx.counts[ctx.subject];
  return count >= t.least && !(t.odd && count % 2 == 0) && !(t.even && count % 2 != 0) &&
         !(t.was_occupied && count - (ctx.subject == ctx.landing ? 1 : 0) <= 0);
}

// Whether every operand of `node` tests the count of `hole`; if so, fills node.count_tests.
bool fold_count_tests(const std::vector<ExprNode>& nodes, ExprNode& node) {
  ExprNode::CountTests t;
  t.without_hole = true;
  for (ExprId a : node.args) {
    const ExprNode& operand = nodes[a];
    if (operand.op == Op::subject_even) {
      t.even = true;  // holds without a hole (a count of 0)
      continue;
    }
    if (operand.op == Op::subject_at_least) t.least = std::max(t.least, operand.value);
    else if (operand.op == Op::subject_odd) t.odd = true;
    else if (operand.op == Op::subject_was_occupied) t.was_occupied = true;
    else return false;
    t.without_hole = false;
  }
  node.count_tests = t;
  return true;
}

}  // namespace

ExprId ExprPool::add(ExprNode node) {
  if (nodes_.size() >= kNoExpr) throw LimitExceeded("max-expression-nodes", kNoExpr);
  if (node.op == Op::in_set) {
    node.set_is_small = std::all_of(node.set.begin(), node.set.end(), [](std::int32_t v) { return v >= 0 && v < 64; });
    for (auto v : node.set)
      if (node.set_is_small) node.small_set |= std::uint64_t{1} << v;
  }
  if (!node.args.empty()) node.a0 = node.args[0];
  if (node.args.size() > 1) node.a1 = node.args[1];
  if (node.a0 != kNoExpr && nodes_[node.a0].op == Op::region) {
    const ExprNode& region = nodes_[node.a0];
    node.a0_region_kind = static_cast<RegionKind>(region.value);
    if (node.a0_region_kind == RegionKind::board) {
      node.a0_region_player = 0;  // Layout::region's; the board's node has no player operand
    } else if (const ExprNode& player = nodes_[region.a0]; player.op == Op::mover) {
      node.a0_region_player = kMoversRegion;
    } else if (player.op == Op::player_n) {
      node.a0_region_player = static_cast<std::uint8_t>(player.value);
    }
  }
  // An and/or of two or three operands tests each from a call site of its own, which a processor
  // predicts far better than the one call of a loop whose target changes at every operand.
  if (node.op == Op::all_of && node.args.size() >= 2 && fold_count_tests(nodes_, node))
    node.test = subject_count_tests;
  else if ((node.op == Op::all_of || node.op == Op::any_of) && (node.args.size() == 2 || node.args.size() == 3))
    node.test = test_of(node.op == Op::all_of ? (node.args.size() == 2 ? Op::all_of2 : Op::all_of3)
                                              : (node.args.size() == 2 ? Op::any_of2 : Op::any_of3));
  else if ((node.op == Op::region_all || node.op == Op::region_any || node.op == Op::region_none) &&
           nodes_[node.a1].op == Op::subject_at_least) {
    node.value = nodes_[node.a1].value;  // K, kept here: one load fewer on the scan's path
    node.test = node.op == Op::region_any    ? region_counts_test<true, true>
                : node.op == Op::region_none ? region_counts_test<true, false>
                                             : region_counts_test<false, false>;  // all: a hole short of it
  } else
    node.test = test_of(node.op);
  nodes_.push_back(std::move(node));
  return static_cast<ExprId>(nodes_.size() - 1);
}

namespace {
int count_at(const EvalContext& ctx, int hole) {
  return hole == kNoHole ? 0 : ctx.counts[hole];
}
}  // namespace

// The hole in question, and the one opposite it, are by far the commonest operands: answered
// without a call.
[[gnu::always_inline]] inline bool ExprPool::is_opposite_of_subject(const ExprNode& n) const {
  return n.op == Op::opposite && nodes_[n.a0].op == Op::subject;
}
[[gnu::always_inline]] inline int ExprPool::operand_hole(ExprId id, const EvalContext& ctx) const {
  const ExprNode& n = nodes_[id];
  if (n.op == Op::subject) return ctx.subject;
  if (is_opposite_of_subject(n)) return ctx.subject == kNoHole ? kNoHole : ctx.layout->opposite[ctx.subject];
  return hole(id, ctx);
}

// Likewise a constant, the count of such a hole and that of a player's (first) store, among
// integers.
[[gnu::always_inline]] inline std::int32_t ExprPool::operand_integer(ExprId id, const EvalContext& ctx) const {
  const ExprNode& n = nodes_[id];
  if (n.op == Op::constant) return n.value;
  if (n.op == Op::count) return count_at(ctx, operand_hole(n.a0, ctx));
  if (n.op == Op::subject || is_opposite_of_subject(n))  // a hole stands for its count
    return count_at(ctx, operand_hole(id, ctx));
  if (n.op == Op::store_hole && n.a1 == kNoExpr) {  // (store P): Layout::store_of(P, 0)'s count,
    // read without passing through kNoHole (that round trip measured 1.3% of Okwe's playouts)
    const auto& stores = ctx.layout->stores_of[operand_player(n.a0, ctx)];
    return stores.empty() ? 0 : ctx.counts[stores[0]];
  }
  return integer(id, ctx);
}

bool ExprPool::region_test(Op op, ExprId region_id, ExprId test_id, const EvalContext& ctx) const {
  // Stops at the first hole that decides: any/none at one that holds, all at one that not.
  // (A test of a least count, the commonest, never comes here: ExprPool::add gives those nodes
  // region_counts_test.)
  const bool wanted = op != Op::region_all;
  bool found = false;
  EvalContext inner = ctx;
  for (auto h : region(region_id, ctx)) {
    inner.subject = h;
    if (condition(test_id, inner) == wanted) {
      found = true;
      break;
    }
  }
  if (op == Op::region_any) return found;
  return !found;  // all: no hole failed; none: no hole held
}

std::int32_t ExprPool::integer(ExprId id, const EvalContext& ctx) const {
  const ExprNode& n = nodes_[id];
  switch (n.op) {
    case Op::constant: return n.value;
    case Op::count: return count_at(ctx, operand_hole(n.a0, ctx));
    case Op::sum: {
      std::int32_t total = 0;
      for (auto h : operand_region(n, ctx)) total += ctx.counts[h];
      return total;
    }
    case Op::score: return ctx.state->scores[operand_player(n.a0, ctx)];
    case Op::tally: return ctx.state->tallies[operand_player(n.a0, ctx)];
    case Op::next_columns: return ctx.state->next_columns;
    case Op::captured: return ctx.captured;
    case Op::laps: return ctx.laps;
    case Op::in_hand: return ctx.in_hand;
    case Op::amount: return ctx.amount;
    case Op::var_game: return ctx.state->vars[static_cast<std::size_t>(n.value)];
    case Op::var_player:
      return ctx.state->vars[player_variable(operand_player(n.a0, ctx), n.value)];
    case Op::turns: return ctx.state->turns[operand_player(n.a0, ctx)];
    case Op::number: {
      EvalContext inner = ctx;
      std::int32_t holes = 0;
      for (auto h : region(n.a0, ctx)) {
        inner.subject = h;
        holes += condition(n.a1, inner);
      }
      return holes;
    }
    case Op::add: {
      std::int32_t total = 0;
      for (auto a : n.args) total += integer(a, ctx);
      return total;
    }
    case Op::subtract: return integer(n.a0, ctx) - integer(n.a1, ctx);
    case Op::multiply: return integer(n.a0, ctx) * integer(n.a1, ctx);
    case Op::divide:
    case Op::modulo: {  // floored, so that a remainder is never negative; by 0: 0
      std::int32_t a = integer(n.a0, ctx), b = integer(n.a1, ctx);
      if (b == 0) return 0;
      std::int32_t q = a / b, r = a % b;
      if (r != 0 && ((r < 0) != (b < 0))) --q, r += b;
      return n.op == Op::divide ? q : r;
    }
    MANCALA_HOLE_OPS(MANCALA_OP_CASE) return count_at(ctx, hole(id, ctx));  // a hole stands for its count
    MANCALA_CONDITION_OPS(MANCALA_OP_CASE) MANCALA_REGION_OPS(MANCALA_OP_CASE) MANCALA_PLAYER_OPS(MANCALA_OP_CASE) break;
  }
  throw std::logic_error("an expression that is not an integer was evaluated as one");
}

ConditionTest ExprPool::test_of(Op op) {
  // Each a captureless lambda, so a plain function; `p` is the pool, `n` the node.
#define MANCALA_TEST(body) [](const ExprPool& p, const ExprNode& n, const EvalContext& ctx) -> bool { body }
  switch (op) {
    case Op::all_of:
      return MANCALA_TEST(for (auto a : n.args) if (!p.condition(a, ctx)) return false; return true;);
    case Op::any_of:
      return MANCALA_TEST(for (auto a : n.args) if (p.condition(a, ctx)) return true; return false;);
    case Op::all_of2: return MANCALA_TEST(return p.condition(n.a0, ctx) && p.condition(n.a1, ctx););
    case Op::all_of3:
      return MANCALA_TEST(return p.condition(n.a0, ctx) && p.condition(n.a1, ctx) && p.condition(n.args[2], ctx););
    case Op::any_of2: return MANCALA_TEST(return p.condition(n.a0, ctx) || p.condition(n.a1, ctx););
    case Op::any_of3:
      return MANCALA_TEST(return p.condition(n.a0, ctx) || p.condition(n.a1, ctx) || p.condition(n.args[2], ctx););
    case Op::negate: return MANCALA_TEST(return !p.condition(n.a0, ctx););
    case Op::eq: return MANCALA_TEST(return p.operand_integer(n.a0, ctx) == p.operand_integer(n.a1, ctx););
    case Op::ne: return MANCALA_TEST(return p.operand_integer(n.a0, ctx) != p.operand_integer(n.a1, ctx););
    case Op::lt: return MANCALA_TEST(return p.operand_integer(n.a0, ctx) < p.operand_integer(n.a1, ctx););
    case Op::le: return MANCALA_TEST(return p.operand_integer(n.a0, ctx) <= p.operand_integer(n.a1, ctx););
    case Op::gt: return MANCALA_TEST(return p.operand_integer(n.a0, ctx) > p.operand_integer(n.a1, ctx););
    case Op::ge: return MANCALA_TEST(return p.operand_integer(n.a0, ctx) >= p.operand_integer(n.a1, ctx););
    case Op::odd: return MANCALA_TEST(return p.operand_integer(n.a0, ctx) % 2 != 0;);
    case Op::even: return MANCALA_TEST(return p.operand_integer(n.a0, ctx) % 2 == 0;);
    case Op::in_set:
      return MANCALA_TEST(
        std::int32_t v = p.operand_integer(n.a0, ctx);
        if (n.set_is_small) return v >= 0 && v < 64 && (n.small_set >> v & 1);
        return std::find(n.set.begin(), n.set.end(), v) != n.set.end(););
    case Op::empty:
      return MANCALA_TEST(int h = p.operand_hole(n.a0, ctx); return h != kNoHole && ctx.counts[h] == 0;);
    case Op::occupied: return MANCALA_TEST(return count_at(ctx, p.operand_hole(n.a0, ctx)) > 0;);
    case Op::was_empty:
      return MANCALA_TEST(
        int h = p.operand_hole(n.a0, ctx);
        // <= 0: a capture made as the last counter fell may have emptied the landing hole.
        return h != kNoHole && ctx.counts[h] - (h == ctx.landing ? 1 : 0) <= 0;);
    case Op::crossed: return MANCALA_TEST((void)p; (void)n; return ctx.crossed;);
    case Op::own:
      return MANCALA_TEST(int h = p.operand_hole(n.a0, ctx); return h != kNoHole && ctx.state->owner[h] == ctx.mover;);
    case Op::subject_at_least:
      return MANCALA_TEST((void)p; return ctx.subject != kNoHole && ctx.counts[ctx.subject] >= n.value;);
    case Op::opposite_at_least:
      return MANCALA_TEST(
        (void)p;
        if (ctx.subject == kNoHole) return false;
        int h = ctx.layout->opposite[ctx.subject];
        return h != kNoHole && ctx.counts[h] >= n.value;);
    case Op::subject_odd:
      return MANCALA_TEST((void)p; (void)n; return ctx.subject != kNoHole && ctx.counts[ctx.subject] % 2 != 0;);
    case Op::subject_even:
      return MANCALA_TEST((void)p; (void)n; return ctx.subject == kNoHole || ctx.counts[ctx.subject] % 2 == 0;);
    case Op::subject_was_occupied:
      return MANCALA_TEST(
        (void)p; (void)n;
        return ctx.subject != kNoHole && ctx.counts[ctx.subject] - (ctx.subject == ctx.landing ? 1 : 0) > 0;);
    case Op::repeated_position: return MANCALA_TEST((void)p; (void)n; return ctx.repeated;);
    case Op::region_all:
    case Op::region_any:
    case Op::region_none: return MANCALA_TEST(return p.region_test(n.op, n.a0, n.a1, ctx););
    case Op::within:
      return MANCALA_TEST(
        int h = p.operand_hole(n.a0, ctx);
        if (h == kNoHole) return false;
        if (const ExprNode& r = p.nodes_[n.a1]; r.op == Op::region) {
          int player = r.value == static_cast<int>(RegionKind::board) ? 0 : p.operand_player(r.a0, ctx);
          return ctx.layout->masks[r.value][player].contains(h);
        }
        auto r = p.region(n.a1, ctx);
        return std::find(r.begin(), r.end(), h) != r.end(););
    case Op::subject_within:  // (within hole (row P)) and the like: a bit of the region's mask
      return MANCALA_TEST(
        if (ctx.subject == kNoHole) return false;
        int player = n.value == static_cast<int>(RegionKind::board) ? 0 : p.operand_player(n.a0, ctx);
        return ctx.layout->masks[n.value][player].contains(ctx.subject););
    case Op::sum_below:
      return MANCALA_TEST(
        std::int32_t total = 0;
        for (auto h : p.operand_region(n, ctx))
          if ((total += ctx.counts[h]) >= n.value) return false;
        return total < n.value;);
    case Op::next_at_least:
      return MANCALA_TEST(
        (void)p;
        if (ctx.subject == kNoHole) return false;
        int h = next_in_play(ctx.layout->next_for[ctx.mover][static_cast<int>(ctx.dir)].data(),
                             ctx.state->flags, ctx.subject);
        return h != kNoHole && ctx.counts[h] >= n.value;);
    case Op::same_hole: return MANCALA_TEST(return p.operand_hole(n.a0, ctx) == p.operand_hole(n.a1, ctx););
    case Op::same_player:
      return MANCALA_TEST(return p.operand_player(n.a0, ctx) == p.operand_player(n.a1, ctx););
    case Op::in_play:
      return MANCALA_TEST(int h = p.operand_hole(n.a0, ctx); return h != kNoHole && !(ctx.state->flags[h] & kOutOfPlay););
    case Op::marked:
      return MANCALA_TEST(int h = p.operand_hole(n.a0, ctx); return h != kNoHole && (ctx.state->flags[h] >> n.value & 1););
    case Op::sown:
      return MANCALA_TEST(int h = p.operand_hole(n.a0, ctx); return h != kNoHole && ctx.sown && ctx.sown->contains(h););
    case Op::is_store:
      return MANCALA_TEST(int h = p.operand_hole(n.a0, ctx); return h != kNoHole && ctx.layout->role[h] == Role::store;);
    case Op::clockwise: return MANCALA_TEST((void)p; (void)n; return ctx.dir == Dir::cw;);
    case Op::first_round: return MANCALA_TEST((void)p; (void)n; return ctx.state->round == 1;);
    MANCALA_INTEGER_OPS(MANCALA_OP_CASE) MANCALA_HOLE_OPS(MANCALA_OP_CASE)  // a value: true unless 0
      return MANCALA_TEST(return p.integer(static_cast<ExprId>(&n - p.nodes_.data()), ctx) != 0;);
    MANCALA_REGION_OPS(MANCALA_OP_CASE) MANCALA_PLAYER_OPS(MANCALA_OP_CASE)  // (every node gets a test)
      return MANCALA_TEST((void)p; (void)n; (void)ctx;
                          throw std::logic_error("a region or a player was evaluated as a condition"););
  }
#undef MANCALA_TEST
  return nullptr;  // (every op returned above)
}

std::int32_t ExprPool::subject_minimum(ExprId id) const {
  const ExprNode& n = nodes_[id];
  auto is_subject = [this](ExprId a) { return nodes_[a].op == Op::subject; };
  if (n.op == Op::subject_at_least) return n.value;
  if (n.op == Op::occupied && is_subject(n.a0)) return 1;
  if (n.op == Op::ge && is_subject(n.a0) && nodes_[n.a1].op == Op::constant)
    return nodes_[n.a1].value;
  return 0;
}

int ExprPool::hole(ExprId id, const EvalContext& ctx) const {
  const ExprNode& n = nodes_[id];
  const Layout& l = *ctx.layout;
  switch (n.op) {
    case Op::hole_named: {
      int row = n.value / 256, column = n.value % 256;
      if (row < 1 || row > l.rows || column >= l.columns) return kNoHole;
      return l.pit(row, column);
    }
    case Op::subject: return ctx.subject;
    case Op::origin: return ctx.origin;
    case Op::opposite: {
      int h = operand_hole(n.a0, ctx);
      return h == kNoHole ? kNoHole : l.opposite[h];
    }
    case Op::next:
    case Op::previous: {
      int h = operand_hole(n.a0, ctx);
      if (h == kNoHole) return kNoHole;
      Dir d = n.op == Op::next ? ctx.dir : reverse(ctx.dir);
      return next_in_play(l.next_for[ctx.mover][static_cast<int>(d)].data(), ctx.state->flags, h);
    }
    case Op::outer_of: {
      int h = operand_hole(n.a0, ctx);
      return h == kNoHole ? kNoHole : l.outer_of[h];
    }
    case Op::leftmost: {
      auto r = operand_region(n, ctx);
      return r.empty() ? kNoHole : r.front();
    }
    case Op::lifted: return ctx.lifted;
    case Op::first_sown: return ctx.first_sown;
    case Op::store_hole:
      return l.store_of(operand_player(n.a0, ctx),
                        n.a1 == kNoExpr ? 0 : static_cast<std::size_t>(integer(n.a1, ctx) - 1));
    case Op::rightmost_occupied: return rightmost_occupied(n, ctx);
    MANCALA_INTEGER_OPS(MANCALA_OP_CASE) MANCALA_CONDITION_OPS(MANCALA_OP_CASE) MANCALA_REGION_OPS(MANCALA_OP_CASE)
    MANCALA_PLAYER_OPS(MANCALA_OP_CASE) break;
  }
  throw std::logic_error("an expression that is not a hole was evaluated as one");
}

int ExprPool::player(ExprId id, const EvalContext& ctx) const {
  switch (nodes_[id].op) {
    case Op::mover: return ctx.mover;
    case Op::opponent: return player_after(ctx.mover, ctx.layout->players);  // the next to move
    case Op::player_n: return nodes_[id].value;
    case Op::owner_of: {
      int h = operand_hole(nodes_[id].a0, ctx);
      return h == kNoHole ? ctx.mover : ctx.state->owner[h];
    }
    case Op::next_player: return player_after(player(nodes_[id].a0, ctx), ctx.layout->players);
    case Op::winner: return ctx.state->winner;
    case Op::loser: return ctx.state->loser;
    MANCALA_INTEGER_OPS(MANCALA_OP_CASE) MANCALA_CONDITION_OPS(MANCALA_OP_CASE) MANCALA_HOLE_OPS(MANCALA_OP_CASE)
    MANCALA_REGION_OPS(MANCALA_OP_CASE) break;
  }
  throw std::logic_error("an expression that is not a player was evaluated as one");
}

std::span<const std::uint8_t> ExprPool::other_region(ExprId id, const EvalContext& ctx) const {
  const ExprNode& n = nodes_[id];
  switch (n.op) {
    case Op::only: {
      return ctx.layout->only(hole(n.a0, ctx));
    }
    case Op::static_region: {
      const auto& holes = ctx.layout->static_regions[static_cast<std::size_t>(n.value)];
      return {holes.data(), holes.size()};
    }
    case Op::player_region: {  // laid out for each player its operands may be (Compiler::static_region)
      std::size_t index = static_cast<std::size_t>(n.value), scale = 1;
      for (auto a : n.args) {
        index += static_cast<std::size_t>(operand_player(a, ctx)) * scale;
        scale *= static_cast<std::size_t>(ctx.layout->players);
      }
      const auto& holes = ctx.layout->static_regions[index];
      return {holes.data(), holes.size()};
    }
    case Op::stores: {
      const auto& holes = ctx.layout->stores_of[operand_player(n.a0, ctx)];
      return {holes.data(), holes.size()};
    }
    case Op::region: return region(id, ctx);
    MANCALA_INTEGER_OPS(MANCALA_OP_CASE) MANCALA_CONDITION_OPS(MANCALA_OP_CASE) MANCALA_HOLE_OPS(MANCALA_OP_CASE)
    MANCALA_PLAYER_OPS(MANCALA_OP_CASE) break;
  }
  throw std::logic_error("an expression that is not a region was evaluated as one");
}

}  // namespace mancala
