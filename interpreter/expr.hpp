#pragma once
// Compiled conditions and values: a flat array of nodes. A condition node carries the function
// that tests it, chosen by its op when the node is added, so that a test is one indirect call to
// a small function (a tree walk through one large switch paid that function's whole prologue at
// every node); values are walked by a switch. Built once when a game is loaded; evaluation looks
// nothing up by name.
#include <cstdint>
#include <span>
#include <vector>

#include "interpreter/layout.hpp"

namespace mancala {

struct StateCore;

// Every op, listed once by what it evaluates to. Each evaluator (expr.cpp) names its own kind's ops
// one by one and the other kinds through these lists, in a switch without a default compiled with
// -Werror=switch: an op added here without its case in its evaluator fails the build
// (docs/extending.md; tests/CMakeLists.txt proves it with MANCALA_SCRATCH_OP).
#define MANCALA_INTEGER_OPS(X)                                                                       \
  X(constant) X(count) X(sum) X(score) X(tally) X(next_columns) X(add) X(subtract) X(multiply)       \
  X(divide) X(modulo) X(captured) X(laps) X(in_hand) X(amount) X(var_game) X(var_player) X(turns) X(number)
#ifdef MANCALA_SCRATCH_OP
#define MANCALA_SCRATCH_CONDITION_OP(X) X(scratch)
#else
#define MANCALA_SCRATCH_CONDITION_OP(X)
#endif
// Conditions, then the fused forms of the commonest conditions on `hole` (built by the compiler's
// peephole), then forms that exist only as test functions (ExprPool::add; nodes keep
// all_of/any_of).
#define MANCALA_CONDITION_OPS(X)                                                                     \
  X(all_of) X(any_of) X(negate) X(eq) X(ne) X(lt) X(le) X(gt) X(ge) X(odd) X(even) X(in_set)        \
  X(empty) X(occupied) X(was_empty) X(own) X(within) X(region_all) X(region_any) X(region_none)     \
  X(crossed) X(first_round) X(repeated_position) X(same_hole) X(same_player) X(in_play) X(marked) X(sown)           \
  X(clockwise) X(is_store)                                                                          \
  X(subject_at_least) X(subject_was_occupied) X(opposite_at_least) X(next_at_least) X(subject_odd)  \
  X(subject_even) X(sum_below) X(subject_within)                                                    \
  X(all_of2) X(all_of3) X(any_of2) X(any_of3) MANCALA_SCRATCH_CONDITION_OP(X)
// Holes: an index into the layout, or kNoHole.
#define MANCALA_HOLE_OPS(X)                                                                          \
  X(hole_named) X(subject) X(origin) X(opposite) X(next) X(previous) X(outer_of) X(leftmost)        \
  X(rightmost_occupied) X(lifted) X(first_sown) X(store_hole)
#define MANCALA_REGION_OPS(X) X(region) X(only) X(stores) X(static_region) X(player_region)
#define MANCALA_PLAYER_OPS(X) X(player_n) X(mover) X(opponent) X(winner) X(loser) X(owner_of) X(next_player)

#define MANCALA_OP_ENUMERATOR(name) name,
enum class Op : std::uint8_t {
  MANCALA_INTEGER_OPS(MANCALA_OP_ENUMERATOR) MANCALA_CONDITION_OPS(MANCALA_OP_ENUMERATOR)
  MANCALA_HOLE_OPS(MANCALA_OP_ENUMERATOR) MANCALA_REGION_OPS(MANCALA_OP_ENUMERATOR)
  MANCALA_PLAYER_OPS(MANCALA_OP_ENUMERATOR)
};
#undef MANCALA_OP_ENUMERATOR
// `case Op::name:` for each op of a list, where an evaluator handles another kind's ops together.
#define MANCALA_OP_CASE(name) case Op::name:

using ExprId = std::uint16_t;
constexpr ExprId kNoExpr = 0xffff;
// ExprNode::a0_region_player: no region resolved; the mover's.
constexpr std::uint8_t kNoOperandRegion = 0xff;
constexpr std::uint8_t kMoversRegion = 0xfe;

class ExprPool;
struct ExprNode;
struct EvalContext;
using ConditionTest = bool (*)(const ExprPool&, const ExprNode&, const EvalContext&);

struct ExprNode {
  Op op = Op::constant;
  std::int32_t value = 0;  // constant; hole_named: row * 256 + column; region, subject_within: RegionKind
  // The first two operands again (kNoExpr if absent), beside the op: evaluation reads them
  // without going through `args` (set by ExprPool::add).
  ExprId a0 = kNoExpr, a1 = kNoExpr;
  std::vector<ExprId> args;      // operands
  std::vector<std::int32_t> set; // in_set values
  std::uint64_t small_set = 0;   // in_set: bit v for each value 0..63 (when all are)
  bool set_is_small = false;
  ConditionTest test = nullptr;  // set by ExprPool::add
  // A first operand that is a side or the board of the mover or of a player named (the commonest
  // regions), resolved by ExprPool::add: its kind and player (kMoversRegion: the mover's;
  // kNoOperandRegion: a0 is no such region). Evaluation then reads the layout's region without
  // visiting a0's nodes, a chain of loads that sat on every scan's path.
  RegionKind a0_region_kind = RegionKind::board;
  std::uint8_t a0_region_player = kNoOperandRegion;
  // An `and` whose operands all test the count of `hole` (at least K, odd, even, was occupied)
  // is tested as one (ExprPool::add): what they ask together.
  struct CountTests {
    std::int32_t least = 0;  // the largest K (0: none asked; counts are never negative)
    bool odd = false, even = false, was_occupied = false;
    bool without_hole = false;  // the answer when there is no hole in question (only `even` holds then)
  } count_tests;
};

// What a condition may ask about besides the state.
struct EvalContext {
  const StateCore* state = nullptr;
  const std::int16_t* counts = nullptr;  // state->holes.data(): a count is one load from here, not two
  const Layout* layout = nullptr;
  int mover = 0;
  int subject = kNoHole;  // `hole`
  int origin = kNoHole;
  int landing = kNoHole;  // for was-empty
  Dir dir = Dir::ccw;     // direction of the last handful
  bool crossed = false;
  bool repeated = false;
  int lifted = kNoHole;      // the hole the current handful was lifted from
  int first_sown = kNoHole;  // the first hole the current handful's counters fell into
  int captured = 0;          // counters this move's captures took so far
  int laps = 0;              // laps this sowing move has made so far
  int in_hand = 0;           // counters still in hand after the one falling now (in-hand)
  int amount = 0;            // the amount the mover chose for this move (0: no choice)
  const HoleSet* sown = nullptr;  // the holes this move sowed into
};

class ExprPool {
 public:
  ExprId add(ExprNode node);
  // Where a player's variables are in StateCore::vars: after the game's, `player_vars` each.
  void set_variables(int game_vars, int player_vars) { game_vars_ = game_vars, player_vars_ = player_vars; }
  std::size_t player_variable(int player, int index) const {
    return static_cast<std::size_t>(game_vars_ + player * player_vars_ + index);
  }
  const ExprNode& operator[](ExprId id) const { return nodes_[id]; }
  std::size_t size() const { return nodes_.size(); }  // for analyses that read every node (store_blindness.cpp)

  std::int32_t integer(ExprId id, const EvalContext& ctx) const;
  bool condition(ExprId id, const EvalContext& ctx) const {
    const ExprNode& n = nodes_[id];
    return n.test(*this, n, ctx);
  }
  int hole(ExprId id, const EvalContext& ctx) const;
  int player(ExprId id, const EvalContext& ctx) const;
  // A region's holes. The commonest form, a side or the board of a player named or moving, is
  // answered here, inline, by every hot loop that asks for one (origins, conditions).
  std::span<const std::uint8_t> region(ExprId id, const EvalContext& ctx) const {
    const ExprNode& n = nodes_[id];
    if (n.op != Op::region) return other_region(id, ctx);
    const auto kind = static_cast<RegionKind>(n.value);
    const auto& holes = ctx.layout->region(kind, kind == RegionKind::board ? 0 : operand_player(n.a0, ctx));
    return {holes.data(), holes.size()};
  }

  // Operand a0 of `n`, a region: read from the layout directly when ExprPool::add resolved it.
  [[gnu::always_inline]] std::span<const std::uint8_t> operand_region(const ExprNode& n, const EvalContext& ctx) const {
    if (n.a0_region_player == kNoOperandRegion) return region(n.a0, ctx);
    const auto& holes = ctx.layout->regions[static_cast<int>(n.a0_region_kind)]
                                           [n.a0_region_player == kMoversRegion ? ctx.mover : n.a0_region_player];
    return {holes.data(), holes.size()};
  }

  // For a node (rightmost-occupied R): the last hole of R that holds counters, or kNoHole.
  // (Inline: it is the origin of some games, asked at every move.)
  int rightmost_occupied(const ExprNode& n, const EvalContext& ctx) const {
    const auto holes = operand_region(n, ctx);
    for (std::size_t i = holes.size(); i-- > 0;)
      if (ctx.counts[holes[i]] > 0) return holes[i];
    return kNoHole;
  }

  // The least count a hole must hold for `id`, if `id` is exactly (>= hole K) or (occupied hole)
  // (then the caller may test counts directly); 0 otherwise.
  std::int32_t subject_minimum(ExprId id) const;

 private:
  bool is_opposite_of_subject(const ExprNode& n) const;  // (opposite hole)
  int operand_hole(ExprId id, const EvalContext& ctx) const;
  std::int32_t operand_integer(ExprId id, const EvalContext& ctx) const;
  // The mover and a player named are by far the commonest players: answered without a call.
  [[gnu::always_inline]] int operand_player(ExprId id, const EvalContext& ctx) const {
    const ExprNode& n = nodes_[id];
    return n.op == Op::mover ? ctx.mover : n.op == Op::player_n ? n.value : player(id, ctx);
  }
  std::span<const std::uint8_t> other_region(ExprId id, const EvalContext& ctx) const;
  // Whether the holes of `region` all hold (all), any holds (any) or none holds (none) `test`.
  bool region_test(Op op, ExprId region, ExprId test, const EvalContext& ctx) const;
  // The function that tests a condition node of this op.
  static ConditionTest test_of(Op op);
  std::vector<ExprNode> nodes_;
  int game_vars_ = 0, player_vars_ = 0;
};

}  // namespace mancala
