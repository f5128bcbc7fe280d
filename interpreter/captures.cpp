// Captures and the effects of rules: taking counters (chains included) into a store or a hole,
// and what a rule does to the position besides (claims, marks, holes out of play, variables,
// sweeps).
#include <algorithm>

#include "interpreter/game.hpp"

namespace mancala {

namespace {

void emit_capture(std::vector<Event>* ev, const EvalContext& ctx, ClauseId clause, ClauseId within, int hole,
                  int count, int into) {
  if (ev) ev->push_back(Event{ctx.mover, clause, CaptureEvent{hole, count, into}, within});
}

// Takes the counters of the holes `take` names (each once; at most `limit` from each, if not
// kNoExpr) and returns how many they were. `within`: the capture a chain's takes are part of.
int take_holes(StateCore& s, const ExprPool& exprs, const std::vector<ExprId>& take, ExprId limit,
               const EvalContext& ctx, std::vector<Event>* ev, ClauseId clause, ClauseId within, int into) {
  int taken[kMaxHoles];
  int n = 0, total = 0;
  const int most = limit == kNoExpr ? kMaxCounters : exprs.integer(limit, ctx);
  for (ExprId id : take) {
    int h = exprs.hole(id, ctx);
    if (h == kNoHole || h == into || std::find(taken, taken + n, h) != taken + n) continue;
    taken[n++] = h;
    int count = std::clamp(static_cast<int>(s.holes[h]), 0, std::max(most, 0));
    if (count > 0) emit_capture(ev, ctx, clause, within, h, count, into);
    total += count;
    s.holes[h] = static_cast<Count>(s.holes[h] - count);
  }
  return total;
}

}  // namespace

int Game::make_capture(StateCore& s, const Capture& c, EvalContext& ctx,
                       std::vector<Event>* ev) const {
  const ExprPool& exprs = rules_.exprs;
  int into = c.into == kNoExpr ? store_hole(ctx.mover) : exprs.hole(c.into, ctx);
  if (into == kNoHole) return 0;  // (into HOLE) names no hole here: the capture is not made
  int event_into = c.into == kNoExpr ? kIntoStore : into;
  int total = take_holes(s, exprs, c.take, c.take_count, ctx, ev, c.clause, kNoClause, event_into);
  if (c.chain) {
    const Layout& l = *ctx.layout;
    const Chain& chain = *c.chain;
    Dir d = chain.step == ChainStep::forward ? ctx.dir : reverse(ctx.dir);
    const std::uint8_t* next = l.next_for[ctx.mover][static_cast<int>(d)].data();
    EvalContext link = ctx;
    int start = ctx.subject;
    int at = start;
    for (int i = 0; i < l.size; ++i) {
      // A step passes over holes out of play; it ends back round at the capturing hole.
      for (int k = 0; k < chain.stride && at != kNoHole && !(k > 0 && at == start); ++k)
        at = next_in_play(next, s.flags, at);
      if (at == start || at == kNoHole) break;
      link.subject = at;
      if (!exprs.condition(chain.guard, link)) break;
      total += take_holes(s, exprs, chain.take, chain.take_count, link, ev, chain.clause, c.clause, event_into);
      if (!chain.all) break;
    }
  }
  s.holes[into] = static_cast<Count>(s.holes[into] + total);
  for (const Effect& e : c.effects) apply_effect(s, e, ctx, ev, c.clause);
  return total;
}

void Game::apply_effect(StateCore& s, const Effect& e, const EvalContext& ctx, std::vector<Event>* ev,
                        ClauseId within) const {
  const ExprPool& exprs = rules_.exprs;
  auto each_hole = [&](auto&& f) {
    for (ExprId id : e.holes)
      if (int h = exprs.hole(id, ctx); h != kNoHole) f(h);
  };
  // Every effect tells what it did, naming its clause and the one it is part of.
  auto tell = [&](int player, EventData data) {
    if (ev) ev->push_back(Event{player, e.clause, data, within});
  };
  switch (e.kind) {
    case Effect::Kind::claim: {
      int by = e.player == kNoExpr ? ctx.mover : exprs.player(e.player, ctx);
      each_hole([&](int h) {
        s.owner[h] = static_cast<std::uint8_t>(by);
        tell(by, ClaimEvent{h});
      });
      return;
    }
    case Effect::Kind::mark:
      each_hole([&](int h) {
        s.flags[h] = static_cast<std::uint8_t>(s.flags[h] | 1u << e.index);
        tell(ctx.mover, MarkEvent{h, e.index});
      });
      return;
    case Effect::Kind::unmark:
      each_hole([&](int h) {
        s.flags[h] = static_cast<std::uint8_t>(s.flags[h] & ~(1u << e.index));
        tell(ctx.mover, UnmarkEvent{h, e.index});
      });
      return;
    case Effect::Kind::out_of_play:
      each_hole([&](int h) {
        s.flags[h] = static_cast<std::uint8_t>(s.flags[h] | kOutOfPlay);
        tell(ctx.mover, OutOfPlayEvent{h});
      });
      return;
    case Effect::Kind::sweep: {  // every pit's counters to its owner's store
      const Layout& l = *ctx.layout;
      for (int h = l.first_pit(); h < l.size; ++h) {
        if (s.holes[h] == 0) continue;
        tell(s.owner[h], CaptureEvent{h, s.holes[h], kIntoStore});
        add_to_store(s, s.owner[h], s.holes[h]);
        s.holes[h] = 0;
      }
      return;
    }
    case Effect::Kind::set_var:
    case Effect::Kind::add_var: {
      const int of = e.per_player ? exprs.player(e.player, ctx) : -1;
      const std::size_t slot = e.per_player ? exprs.player_variable(of, e.index) : static_cast<std::size_t>(e.index);
      std::int32_t value = exprs.integer(e.value, ctx);
      s.vars[slot] = e.kind == Effect::Kind::set_var ? value : s.vars[slot] + value;
      if (e.kind == Effect::Kind::set_var) tell(ctx.mover, SetVarEvent{e.index, of, value});
      else tell(ctx.mover, AddVarEvent{e.index, of, value, s.vars[slot]});
      return;
    }
  }
}

}  // namespace mancala
