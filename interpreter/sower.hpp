#pragma once
// One sowing move in progress (Sower): the position, the hand, where the sowing stands, and
// the steps that every sowing routine shares: the first lift, the end of a handful (laps, further
// decisions, captures, stops: the first that applies, in the order written), a lap's lift, G6's
// watch and the drop limit. The reference routine (sowing.cpp) drops each counter asking every
// rule that may apply to a drop; the fast routine (sowing_fast.cpp) drops them in a tight loop,
// for the rules whose every clause it supports (fast_paths.hpp). Included by those two files only.
#include <algorithm>
#include <array>
#include <cstring>

#include "interpreter/cycle_watch.hpp"
#include "interpreter/game.hpp"

namespace mancala {

// A configuration at a lift, for CycleWatch (G6): the counts, and the lift's key (lift_key: the
// hole lifted, the direction, whether the sowing crossed over, which rules may ask), compared
// first. (A plain array, not a small vector: every sowing builds two and most never use them.)
struct LiftConfiguration {
  std::array<Count, kMaxHoles> holes;
  int key = -1;  // no configuration taken yet

  bool same(const StateCore& s, int k) const {
    return k == key && std::memcmp(s.holes.data(), holes.data(), s.holes.size() * sizeof(Count)) == 0;
  }
  void take(const StateCore& s, int k) {
    copy_bytes(holes.data(), s.holes.data(), s.holes.size() * sizeof(Count));
    key = k;
  }
};

inline int lift_key(int at, Dir d, bool crossed) {
  return at | static_cast<int>(d) << 8 | static_cast<int>(crossed) << 9;
}

// A before-lift capture, or a lap's take:, that only moves the mover's own counters (from holes
// of their side as laid out into their store, a hole of their side or the hand) captures nothing:
// its capture events, from `first` on, become transfers (events.hpp). A claimed hole was captured:
// the sides as laid out decide.
inline void own_side_takes_are_transfers(std::vector<Event>* ev, std::size_t first, const Layout& l, int mover) {
  if (!ev) return;
  auto own = [&](int hole) { return hole < 0 || l.owner[static_cast<std::size_t>(hole)] == mover; };
  bool any = false;
  for (std::size_t i = first; i < ev->size(); ++i) {
    if ((*ev)[i].kind() != EventKind::capture) continue;
    const auto& d = (*ev)[i].as<CaptureEvent>();
    if (!own(d.hole) || !own(d.into)) return;
    any = true;
  }
  if (!any) return;
  for (std::size_t i = first; i < ev->size(); ++i)
    if ((*ev)[i].kind() == EventKind::capture) {
      const auto d = (*ev)[i].as<CaptureEvent>();
      (*ev)[i].data = TransferEvent{d.hole, d.count, d.into};
    }
}

struct Sower {
  using SowEnd = Game::SowEnd;
  using SowOutcome = Game::SowOutcome;

  Sower(const Game& game, StateCore& s, const Sowing& rule, const Move& m, std::vector<Event>* ev)
      : game(game), exprs(game.rules_.exprs), l(game.layout(s.columns)), rule(rule), s(s), m(m), ev(ev),
        mover(s.mover), ctx(game.context(s)), dir(m.dir), next(l.next_for[mover][static_cast<int>(m.dir)].data()),
        pos(m.hole), lifted(m.hole), drop_limit(game.drop_limit()) {
    ctx.origin = m.hole;
    ctx.dir = m.dir;
    ctx.subject = m.hole;
    ctx.amount = m.count;
    ctx.sown = &sown;
  }

  const Game& game;
  const ExprPool& exprs;
  const Layout& l;
  const Sowing& rule;
  StateCore& s;
  const Move& m;
  std::vector<Event>* ev;
  const int mover;
  SowOutcome out;
  HoleSet sown;  // the holes sown into (asked by `sown`; the reference routine notes them)
  EvalContext ctx;
  Dir dir;                    // of the current handful
  const std::uint8_t* next;   // the mover's track in that direction
  int pos;                    // where the last counter fell (before the first drop: the origin)
  int lifted;                 // the hole the current handful was lifted from
  int hand = 0;               // counters in hand
  int first = kNoHole;        // where the next counter falls when not the following hole (O4, start:)
  bool crossed = false;
  long drops = 0;
  int first_sown = kNoHole;   // the first hole the current handful fell into
  const long drop_limit;
  CycleWatch<LiftConfiguration> watch;

  // The captures before the lift, then the first handful (lifted from the origin, the mover's
  // store, or nothing), and where its first counter falls.
  [[gnu::always_inline]] void lift_first() {
    for (const Capture& c : rule.before_lift) {  // a gather of the mover's own counters is no capture
      const std::size_t first_event = ev ? ev->size() : 0;
      out.captured += game.apply_capture(s, c, ctx, ev);
      own_side_takes_are_transfers(ev, first_event, l, mover);
    }
    switch (rule.lift_from) {
      case LiftFrom::origin:
        hand = s.holes[pos];
        if (rule.lift_count != kNoExpr) hand = std::clamp(exprs.integer(rule.lift_count, ctx), 0, hand);
        else if (rule.chooses_amount()) hand = std::min(m.count, hand);
        s.holes[pos] = static_cast<Count>(s.holes[pos] - hand);
        Game::emit(ev, mover, rule.clause, LiftEvent{pos, hand});
        break;
      case LiftFrom::store: {
        const int store = game.store_hole(mover);
        hand = std::clamp(rule.lift_count != kNoExpr ? exprs.integer(rule.lift_count, ctx)
                          : rule.chooses_amount()      ? m.count
                                                       : s.holes[store],
                          0, static_cast<int>(s.holes[store]));
        s.holes[store] = static_cast<Count>(s.holes[store] - hand);
        Game::emit(ev, mover, rule.clause, LiftEvent{kNoHole, hand});
        break;
      }
      case LiftFrom::none:  // the move only chooses a hole: the sow rule acts all the same
        Game::emit(ev, mover, rule.clause, LiftEvent{pos, 0});
        break;
    }
    if (rule.first_drop == FirstDrop::origin || (rule.first_drop == FirstDrop::origin_unless_single && hand > 1))
      first = pos;  // O4
  }

  // Counts the handful's drops; true (the sowing excluded as endless) past the drop limit.
  bool over_drop_limit() {
    drops += hand;
    if (drops <= drop_limit) return false;
    out.end = SowEnd::endless;
    out.drop_limit = true;
    return true;
  }

  // The reference routine's drops (sowing.cpp): each counter into the next hole not passed over,
  // noted, reported, and followed by the rules of a drop.
  void drop_each();
  // Where a counter about to fall into `would_fall` falls: the first divert whose condition holds
  // sends it to its hole (`clause` becomes the divert's), unless that is no hole or out of play.
  int diverted(int would_fall, ClauseId& clause);

  // Nowhere to sow (every hole passed over, or a hole on no track): the rest of the handful stays
  // where it was lifted.
  void nowhere_to_sow() {
    s.holes[lifted] = static_cast<Count>(s.holes[lifted] + hand);
    hand = 0;
  }

  // Holes out of play, and those a rule passes over, are not sown into (nor lifted by a lap's
  // lift:following).
  bool passed_over(int h) {
    ctx.lifted = lifted;
    return (s.flags[h] & kOutOfPlay) || (rule.skip_lifted && h == lifted) ||
           (rule.skip != kNoExpr && (ctx.subject = h, exprs.condition(rule.skip, ctx)));
  }

  // The context of the rules of the end of a handful: `hole` is where its last counter fell.
  void at_landing() {
    ctx.subject = ctx.landing = pos;
    ctx.dir = dir;
    ctx.crossed = out.crossed = crossed;
    ctx.lifted = lifted;
    ctx.first_sown = first_sown;
    ctx.captured = out.captured;
  }

  enum class HandfulEnd : std::uint8_t { lapped, ended };
  // The end of the handful: the first rule that applies decides. `lapped`: a lap lifted a new
  // handful (in hand, `dir` and `next` set); `ended`: the sowing is over, as `out.end` says.
  [[gnu::always_inline]] HandfulEnd end_of_handful() {
    at_landing();
    out.landing = static_cast<std::uint8_t>(pos);
    for (const HandfulRule& r : rule.handful) {
      switch (r.kind) {
        case HandfulRule::Kind::stop:
          if (exprs.condition(rule.stops[r.index].when, ctx)) return HandfulEnd::ended;
          continue;
        case HandfulRule::Kind::again: {
          const Again& a = rule.agains[r.index];
          if (a.guard != kNoExpr && !exprs.condition(a.guard, ctx)) continue;
          game.decide_again(s, a, rule, pos, dir, ev);
          out.end = SowEnd::again;
          return HandfulEnd::ended;
        }
        case HandfulRule::Kind::capture: {
          const Capture& c = rule.captures[r.index];
          if (c.guard != kNoExpr && !exprs.condition(c.guard, ctx)) continue;
          out.captured += game.apply_capture(s, c, ctx, ev);
          if (c.then && (c.then->guard == kNoExpr || exprs.condition(c.then->guard, ctx))) {
            game.decide_again(s, *c.then, rule, pos, dir, ev);  // a further decision after the capture
            out.end = SowEnd::again;
          }
          return HandfulEnd::ended;
        }
        case HandfulRule::Kind::lap:
          switch (lap(rule.laps[r.index])) {
            case LapStep::lifted: return HandfulEnd::lapped;
            case LapStep::endless: return HandfulEnd::ended;
            case LapStep::unmet: continue;  // nothing changed: the context stands
            case LapStep::passes:  // the lap may have moved `hole` and the direction on
              at_landing();
              continue;
          }
      }
    }
    return HandfulEnd::ended;
  }

  enum class LapStep : std::uint8_t { lifted, unmet, passes, endless };
  // A lap, if its condition holds: its captures, G6's watch, and the new handful (the hole lifted,
  // or the holes it takes). `unmet` when its condition does not hold, `passes` when it leaves
  // nothing to lift or in hand: the next rules decide.
  LapStep lap(const Lap& lap) {
    if (!exprs.condition(lap.when, ctx)) return LapStep::unmet;
    const Dir new_dir = lap.turn == DirectionChange::reverse ? reverse(dir) : dir;
    int lift = pos;
    if (lap.take.empty() && lap.lift == LiftRule::following) {  // the next hole sowing would fill
      lift = next[pos];
      for (int tries = 0; tries < l.size && passed_over(lift); ++tries) lift = next[lift];
      if (passed_over(lift)) return LapStep::passes;  // every hole is passed over: none to lift
    }
    ctx.subject = lift;
    ctx.landing = kNoHole;
    ctx.dir = new_dir;
    for (const Capture& c : lap.captures) out.captured += game.apply_capture(s, c, ctx, ev);
    if (watch.repeats(s, lift_key(lift, new_dir, crossed))) {  // G6
      out.end = SowEnd::endless;
      return LapStep::endless;
    }
    if (lap.take.empty()) {
      hand = s.holes[lift];
      s.holes[lift] = 0;
    } else {
      take_into_hand(lap);
    }
    if (hand == 0) return LapStep::passes;  // nothing to sow on: the next rules decide
    if (lap.start != kNoExpr) {
      ctx.subject = pos;
      first = exprs.hole(lap.start, ctx);
    }
    if (first == kNoHole) pos = lift;
    Game::emit(ev, mover, lap.clause, LapEvent{lift, hand, new_dir, !lap.take.empty()});
    lifted = lift;
    ++ctx.laps;
    dir = new_dir;
    next = l.next_for[mover][static_cast<int>(dir)].data();
    return LapStep::lifted;
  }

  // The relay shortcut (relay_shortcut.hpp): laps run in a tight loop while only the rule's relay
  // lap can happen. True when the sowing is found endless or reaches the drop limit.
  bool run_relay_shortcut(const HoleSet& live);
  template <LapTest kTest, bool kFollowing, bool kReverse>
  bool relay_laps(const HoleSet& live);

  // A lap's take: the holes it names make the new handful (captured counters sown on).
  void take_into_hand(const Lap& lap) {
    ctx.subject = pos;
    int taken[kMaxHoles];
    int n = 0;
    const std::size_t first_event = ev ? ev->size() : 0;
    for (std::size_t i = 0; i < lap.take.size(); ++i) {
      const int h = exprs.hole(lap.take[i], ctx);
      if (h == kNoHole || std::find(taken, taken + n, h) != taken + n || s.holes[h] == 0) continue;
      taken[n++] = h;
      const ExprId limit = lap.take_counts[i];
      const int most = limit == kNoExpr ? kMaxCounters : std::max(0, exprs.integer(limit, ctx));
      const int count = std::min(static_cast<int>(s.holes[h]), most);  // count: at most this many
      if (count == 0) continue;
      Game::emit(ev, mover, lap.clause, CaptureEvent{h, count, kIntoHand});
      hand += count;
      out.captured += count;
      s.holes[h] = static_cast<Count>(s.holes[h] - count);
    }
    own_side_takes_are_transfers(ev, first_event, l, mover);
  }
};

}  // namespace mancala
