// Sowing, laps, endless-sowing detection (G6 of docs/rulings.md) and captures.
#include <algorithm>
#include <stdexcept>

#include "interpreter/game.hpp"
#include "interpreter/limits.hpp"

namespace mancala {

namespace {

// Brent's cycle detection over the configurations at each lift: exact, and O(1) memory.
struct CycleWatch {
  HoleCounts holes;
  int position = -1;
  Dir dir = Dir::ccw;
  bool crossed = false;  // part of the configuration if a rule asks for it
  long power = 1;
  long steps = 0;

  // True when (s, position, dir) repeats a configuration seen at an earlier lift.
  bool repeats(const StateCore& s, int at, Dir d, bool c) {
    if (position >= 0) {
      ++steps;
      if (at == position && d == dir && c == crossed && s.holes == holes) return true;
      if (steps < power) return false;
      power *= 2;
      steps = 0;
    }
    holes = s.holes;
    position = at;
    dir = d;
    crossed = c;
    return false;
  }
};

}  // namespace

Game::SowEnd Game::sow_move(StateCore& s, const Move& m, std::vector<Event>* ev) const {
  const Sowing& rule = *rules_.sowing;
  const Layout& l = layout(s.columns);
  const int mover = s.mover;
  EvalContext ctx = context(s);
  ctx.origin = m.hole;
  ctx.dir = m.dir;
  ctx.subject = m.hole;
  for (const Capture& c : rule.before_lift) apply_capture(s, c, ctx, ev);

  Dir dir = m.dir;
  const std::uint8_t* next = l.next_for[mover][static_cast<int>(dir)].data();
  int pos = m.hole;
  int lifted = pos;
  int hand = s.holes[pos];
  s.holes[pos] = 0;
  emit(ev, mover, rule.clause, LiftEvent{pos, hand});
  if (rule.first_drop == FirstDrop::origin_unless_single && hand > 1) {  // O4
    ++s.holes[pos];
    --hand;
    emit(ev, mover, rule.first_drop_clause, DropEvent{pos});
  }
  bool crossed = false;
  long drops = 0;
  CycleWatch watch;
  for (;;) {
    drops += hand;
    if (drops > limits.max_drops_per_move)
      throw LimitExceeded("max-drops-per-move", limits.max_drops_per_move);
    if (!rule.skip_origin && !ev) {  // the hot loop of playouts
      for (; hand > 0; --hand) {
        pos = next[pos];
        ++s.holes[pos];
        crossed |= s.owner[pos] != mover;
      }
    }
    for (; hand > 0; --hand) {
      pos = next[pos];
      if (rule.skip_origin && pos == lifted) pos = next[pos];
      ++s.holes[pos];
      crossed |= s.owner[pos] != mover;
      emit(ev, mover, rule.clause, DropEvent{pos});
    }
    if (!rule.lap) break;
    const Lap& lap = *rule.lap;
    ctx.subject = ctx.landing = pos;
    ctx.dir = dir;
    ctx.crossed = crossed;
    if (!rules_.exprs.condition(lap.when, ctx)) break;
    int lift = lap.lift == LiftRule::landing ? pos : next[pos];
    if (lap.turn == DirectionChange::reverse) {
      dir = reverse(dir);
      next = l.next_for[mover][static_cast<int>(dir)].data();
    }
    ctx.subject = lift;
    ctx.landing = kNoHole;
    ctx.dir = dir;
    for (const Capture& c : lap.captures) apply_capture(s, c, ctx, ev);
    if (watch.repeats(s, lift, dir, crossed)) return SowEnd::endless;  // G6
    hand = s.holes[lift];
    if (hand == 0) break;
    s.holes[lift] = 0;
    pos = lifted = lift;
    emit(ev, mover, lap.clause, LapEvent{lift, hand, dir});
  }

  ctx.subject = ctx.landing = pos;
  ctx.dir = dir;
  ctx.crossed = crossed;
  if (rule.again && rules_.exprs.condition(rule.again->guard, ctx)) {  // K5
    s.forced_dir = rule.again->turn == DirectionChange::reverse ? reverse(dir) : dir;
    emit(ev, mover, rule.again->clause, AgainEvent{pos, s.forced_dir});
    return SowEnd::again;
  }
  for (const Capture& c : rule.captures) {
    ctx.subject = pos;
    apply_capture(s, c, ctx, ev);
  }
  return SowEnd::done;
}

void Game::store_move(StateCore& s, int count, std::vector<Event>* ev) const {  // O6
  const Layout& l = layout(s.columns);
  const auto& row = l.region(RegionKind::row, s.mover);
  add_to_store(s, s.mover, -count);
  emit(ev, s.mover, rules_.store_sow_clause, LiftEvent{kNoHole, count});
  for (int i = 0; i < count; ++i) {
    int h = row[static_cast<std::size_t>(i) % row.size()];
    ++s.holes[h];
    emit(ev, s.mover, rules_.store_sow_clause, DropEvent{h});
  }
}

namespace {

// Empties the holes `take` names (each once) and returns how many counters they held.
int take_holes(StateCore& s, const ExprPool& exprs, const std::vector<ExprId>& take,
               const EvalContext& ctx, std::vector<Event>* ev, ClauseId clause, int into) {
  int taken[kMaxHoles];
  int n = 0, total = 0;
  for (ExprId id : take) {
    int h = exprs.hole(id, ctx);
    if (h == kNoHole || std::find(taken, taken + n, h) != taken + n) continue;
    taken[n++] = h;
    if (ev && s.holes[h] > 0) ev->push_back(Event{ctx.mover, clause, CaptureEvent{h, s.holes[h], into}});
    total += s.holes[h];
    s.holes[h] = 0;
  }
  return total;
}

}  // namespace

void Game::apply_capture(StateCore& s, const Capture& c, EvalContext& ctx,
                         std::vector<Event>* ev) const {
  const ExprPool& exprs = rules_.exprs;
  ctx.state = &s;
  if (c.guard != kNoExpr && !exprs.condition(c.guard, ctx)) return;
  int into = c.into == kNoExpr ? kIntoStore : exprs.hole(c.into, ctx);
  if (into == kNoHole) return;  // (into HOLE) names no hole here: the capture is not made
  int total = take_holes(s, exprs, c.take, ctx, ev, c.clause, into);
  if (c.chain) {
    const Layout& l = *ctx.layout;
    const Chain& chain = *c.chain;
    Dir d = chain.step == ChainStep::forward ? ctx.dir : reverse(ctx.dir);
    const auto& next = l.next_for[ctx.mover][static_cast<int>(d)];
    EvalContext link = ctx;
    int start = ctx.subject;
    int at = start;
    for (int i = 0; i < l.size; ++i) {
      at = next[at];
      if (at == start || at == kNoHole) break;
      link.subject = at;
      if (!exprs.condition(chain.guard, link)) break;
      total += take_holes(s, exprs, chain.take, link, ev, chain.clause, into);
      if (!chain.all) break;
    }
  }
  if (into == kIntoStore) add_to_store(s, ctx.mover, total);
  else s.holes[into] = static_cast<Count>(s.holes[into] + total);
}

}  // namespace mancala
