// The sowing machine's reference routine: each counter dropped into the next hole not passed
// over (or where a divert sends it), with every rule of a drop, then the rules of the end of the
// handful (Game::Sower). Every sow rule has this one meaning; the fast routine (sowing_fast.cpp)
// reaches the same result for the rules whose every clause it supports (fast_paths.hpp). Also:
// further decisions, store moves (O6).
#include <algorithm>
#include <span>

#include "interpreter/sower.hpp"

namespace mancala {

void Sower::drop_each() {
  for (; hand > 0; --hand) {
    ctx.in_hand = hand - 1;  // in-hand: the counters that will fall after this one
    ClauseId clause = rule.clause;
    if (first != kNoHole) {
      pos = first;
      first = kNoHole;
      if (lifted == m.hole && first_sown == kNoHole) clause = rule.first_drop_clause;  // O4
    } else {
      if (next[pos] == kNoHole) {  // a hole on no track (a store)
        nowhere_to_sow();
        break;
      }
      pos = next[pos];
      for (int tries = 0; passed_over(pos); ++tries) {
        if (tries > l.size) {
          nowhere_to_sow();
          break;
        }
        pos = next[pos];
      }
      if (hand == 0) break;
    }
    if (!rule.diverts.empty()) pos = diverted(pos, clause);
    if (first_sown == kNoHole) first_sown = pos;
    ++s.holes[pos];
    crossed |= s.owner[pos] != mover;
    sown.insert(pos);
    Game::emit(ev, mover, clause, DropEvent{pos});
    if (!rule.on_drop.empty()) {
      ctx.subject = ctx.landing = pos;
      ctx.dir = dir;
      ctx.crossed = crossed;
      ctx.captured = out.captured;
      for (const Capture& c : rule.on_drop) out.captured += game.apply_capture(s, c, ctx, ev);
    }
  }
  ctx.in_hand = 0;  // none in hand while the handful's end is looked at (a lap's lift:following)
}

int Sower::diverted(int would_fall, ClauseId& clause) {
  ctx.subject = would_fall;
  ctx.lifted = lifted;
  ctx.dir = dir;
  ctx.crossed = crossed;
  ctx.captured = out.captured;
  for (const Divert& d : rule.diverts) {
    if (!exprs.condition(d.when, ctx)) continue;
    const int to = exprs.hole(d.to, ctx);
    if (to == kNoHole || (s.flags[to] & kOutOfPlay)) return would_fall;
    clause = d.clause;
    return to;
  }
  return would_fall;
}

Game::SowOutcome Game::sow_reference(StateCore& s, const Sowing& rule, const Move& m, std::vector<Event>* ev) const {
  Sower w(*this, s, rule, m, ev);
  w.lift_first();
  for (;;) {
    if (w.over_drop_limit()) return w.out;
    w.first_sown = kNoHole;
    w.drop_each();
    if (w.end_of_handful() == Sower::HandfulEnd::ended) return w.out;
  }
}

void Game::decide_again(StateCore& s, const Again& a, const Sowing& rule, int landing, Dir dir,
                        std::vector<Event>* ev) const {
  s.direction_forced = a.turn != DirectionChange::choice;
  s.forced_dir = a.turn == DirectionChange::reverse ? reverse(dir) : dir;
  s.decision_rule = static_cast<std::uint8_t>(a.rule >= 0 ? a.rule : &rule - rules_.sowings.data());
  s.again_origin = a.origin;
  s.landing = static_cast<std::uint8_t>(landing);
  s.again_clause = a.clause;
  emit(ev, s.mover, a.clause, AgainEvent{landing, s.forced_dir});
}

void Game::store_move(StateCore& s, int count, std::vector<Event>* ev) const {  // O6
  EvalContext ctx = context(s);
  const ExprPool& exprs = rules_.exprs;
  auto along = rules_.store_sow_along == kNoExpr ? std::span<const std::uint8_t>(layout(s.columns).region(RegionKind::row, s.mover))
                                                 : exprs.region(rules_.store_sow_along, ctx);
  if (along.empty()) return;
  std::size_t start = 0;
  if (rules_.store_sow_from != kNoExpr) {
    int from = exprs.hole(rules_.store_sow_from, ctx);
    auto it = std::find(along.begin(), along.end(), from);
    if (it != along.end()) start = static_cast<std::size_t>(it - along.begin());
  }
  add_to_store(s, s.mover, -count);
  emit(ev, s.mover, rules_.store_sow_clause, LiftEvent{kNoHole, count});
  std::size_t at = start;
  for (int i = 0; i < count; ++i) {
    // Holes out of play are passed over; with none in play the counters stay in the store.
    std::size_t tries = 0;
    while ((s.flags[along[at % along.size()]] & kOutOfPlay) && tries++ < along.size()) ++at;
    if (tries > along.size()) {
      add_to_store(s, s.mover, count - i);
      return;
    }
    int h = along[at++ % along.size()];
    ++s.holes[h];
    emit(ev, s.mover, rules_.store_sow_clause, DropEvent{h});
  }
}

}  // namespace mancala
