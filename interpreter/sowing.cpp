// The sowing machine: lifting, dropping along the mover's track (skipping holes a rule passes
// over), the rules of every drop, the end of each handful (laps, further decisions, captures,
// stops: the first that applies, in the order written), endless sowings (G6), and the effects
// of captures.
#include <algorithm>
#include <cstring>
#include <span>
#include <stdexcept>

#include "interpreter/cycle_watch.hpp"
#include "interpreter/game.hpp"
#include "interpreter/limits.hpp"
#include "interpreter/packed_circuit.hpp"

namespace mancala {

namespace {

// A configuration at a lift, for CycleWatch (G6): the counts, and the lift's key (lift_key:
// the hole lifted, the direction, whether the sowing crossed over, which rules may ask), compared
// first.
inline int lift_key(int at, Dir d, bool crossed) {
  return at | static_cast<int>(d) << 8 | static_cast<int>(crossed) << 9;
}
// (A plain array, not a small vector: every sowing builds two and most never use them, and the
// small vector's destructor test was a tenth of Li'b al-Ghashim's sowing samples.)
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

// A handful of a reversible sowing (Sowing::reversible): `hand` counters dropped one by one
// after `lifted`, in direction `dir`.
struct LoggedHandful {
  std::uint8_t lifted;
  Dir dir;
  std::int32_t hand;
};
// Handfuls logged before the position before is rebuilt: as many as CycleWatch leaves unwatched,
// so that a sowing G6 cannot find endless never rebuilds it.
constexpr int kLoggedHandfuls = CycleWatch<LiftConfiguration>::kUnwatchedLifts;

// Writes to `before` the counts of `s` before the logged handfuls and `in_hand` counters lifted
// from `lifted` and not yet sown: each handful taken back, the last first.
void rebuild_before(const StateCore& s, StateCore& before, const Layout& l, int mover,
                    const LoggedHandful* log, int logged, int lifted, int in_hand) {
  copy_same_size(before.holes, s.holes);
  Count* counts = before.holes.data();
  counts[lifted] = static_cast<Count>(counts[lifted] + in_hand);
  for (int i = logged; i-- > 0;) {
    const std::uint8_t* next = l.next_for[mover][static_cast<int>(log[i].dir)].data();
    int at = log[i].lifted;
    for (int k = 0; k < log[i].hand; ++k) {
      at = next[at];
      --counts[at];
    }
    counts[log[i].lifted] = static_cast<Count>(counts[log[i].lifted] + log[i].hand);
  }
}

// The relay shortcut: once a sowing has lapped a few times, the laps of a long relay are run in
// a tight loop, as hand-written code would, when nothing but the lap can happen: the first rule
// at the end of a handful is a lap whose condition is one count test, lifting a hole where none
// of its captures can fire (below). The loop leaves at the first handful where that is not so,
// back to the general rules, so the result is the same move for move
// (tests/test_relay_shortcut.cpp).
// Drops `hand` counters one by one along `along` after `at`, no hole passed over and no rule per
// drop (the hot loop of playouts and of the relay shortcut); returns the last hole, and notes in
// `crossed` a drop into a hole not the mover's.
inline int drop_along(Count* counts, const std::uint8_t* owners, const std::uint8_t* along, int at,
                      int hand, int mover, bool& crossed) {
  for (; hand > 0; --hand) {
    at = along[at];
    ++counts[at];
    crossed |= owners[at] != mover;
  }
  return at;
}

// The same, where every hole the drops reach is the mover's (nothing to note).
inline int drop_along_own(Count* counts, const std::uint8_t* along, int at, int hand) {
  for (; hand > 0; --hand) {
    at = along[at];
    ++counts[at];
  }
  return at;
}

// Whether every hole the mover's tracks reach from `h` (either way) is the mover's own: then no
// drop of a relay from there crosses over.
bool own_tracks_from(const Layout& l, const StateCore& s, int mover, int h) {
  for (int d = 0; d < 2; ++d) {
    const std::uint8_t* along = l.next_for[mover][d].data();
    int at = h;
    for (int i = 0; i <= l.size && at != kNoHole; ++i) {
      if (s.owner[at] != mover) return false;
      at = along[at];
    }
  }
  return true;
}

// Laps a relay runs before it asks whether its track is all the mover's (most relays end before).
constexpr int kLapsBeforeOwnTrack = 32;

constexpr int kLapsBeforeShortcut = 4;  // most sowings end before: they never pay for the check
// Laps a relay runs in the shortcut before it tries to pack its track (packed_circuit.hpp).
constexpr int kLapsBeforePacking = 24;

LapTest lap_test_of(const ExprPool& exprs, ExprId when, int& least) {
  if (when == kNoExpr) return LapTest::none;
  const ExprNode& n = exprs[when];
  least = n.value;
  switch (n.op) {
    case Op::subject_was_occupied: return LapTest::landed_occupied;
    case Op::subject_at_least: return LapTest::landing_at_least;
    case Op::next_at_least: return LapTest::next_at_least;
    default: return LapTest::none;
  }
}

// Whether capture `c`, made at a lap's lifted hole `h`, cannot fire there while only the holes of
// `track` (those the sowing can add to) gain counters: some term of its guard is false at `h` and
// stays so, either a region test ((within hole R), fixed by the board) or a count of the opposite
// hole that is off the track and short of what the guard needs (captures only take from holes).
bool cannot_fire_at(const ExprPool& exprs, const Capture& c, const StateCore& s, const Layout& l,
                    const HoleSet& track, int h, EvalContext& ctx) {
  if (c.guard == kNoExpr) return false;
  const ExprNode& guard = exprs[c.guard];
  std::span<const ExprId> terms = guard.op == Op::all_of ? std::span<const ExprId>(guard.args)
                                                         : std::span<const ExprId>(&c.guard, 1);
  for (ExprId term : terms) {
    const ExprNode& n = exprs[term];
    if (n.op == Op::opposite_at_least) {
      int o = l.opposite[h];
      if (o == kNoHole || (!track.contains(o) && s.holes[o] < n.value)) return true;
    } else if (n.op == Op::subject_within ||
               (n.op == Op::within && exprs[n.args[0]].op == Op::subject &&
                (exprs[n.args[1]].op == Op::region || exprs[n.args[1]].op == Op::static_region))) {
      ctx.subject = h;
      if (!exprs.condition(term, ctx)) return true;
    }
  }
  return false;
}

}  // namespace

void Game::plan_sowing(Sowing& rule) const {
  auto counts_only = [](const std::vector<Capture>& captures) {
    return std::all_of(captures.begin(), captures.end(), [](const Capture& c) {
      return std::all_of(c.effects.begin(), c.effects.end(),
                         [](const Effect& e) { return e.kind == Effect::Kind::sweep; });
    });
  };
  rule.changes_counts_only = counts_only(rule.before_lift) && counts_only(rule.on_drop) && counts_only(rule.captures) &&
                             std::all_of(rule.laps.begin(), rule.laps.end(), [&](const Lap& lap) { return counts_only(lap.captures); });
  const ExprPool& exprs = rules_.exprs;
  const ExprNode& origin = exprs[rule.origin_region];
  rule.origin_rightmost_occupied =
      origin.op == Op::only && exprs[origin.a0].op == Op::rightmost_occupied ? origin.a0 : kNoExpr;
  rule.plain = rule.skip == kNoExpr && !rule.skip_lifted && rule.on_drop.empty() && !rules_.uses_sown &&
               !rules_.uses_out_of_play;
  plan_relay(rule);
  rule.reversible = rule.changes_counts_only && rule.plain && rule.relay_lap < 0 &&
                    rule.lift_from == LiftFrom::origin && rule.first_drop == FirstDrop::next &&
                    rule.before_lift.empty() &&
                    std::all_of(rule.laps.begin(), rule.laps.end(), [](const Lap& lap) {
                      return lap.captures.empty() && lap.take.empty() && lap.start == kNoExpr;
                    });
}

void Game::plan_relay(Sowing& rule) const {
  const ExprPool& exprs = rules_.exprs;
  rule.relay_lap = -1;
  if (!rule.plain || rule.handful.empty() || rule.handful[0].kind != HandfulRule::Kind::lap) return;
  const Lap& lap = rule.laps[rule.handful[0].index];
  rule.relay_test = lap_test_of(exprs, lap.when, rule.relay_least);
  if (rule.relay_test != LapTest::none && lap.take.empty() && lap.start == kNoExpr)
    rule.relay_lap = rule.handful[0].index;
}

Game::SowOutcome Game::sow_move(StateCore& s, const Sowing& rule, const Move& m,
                                std::vector<Event>* ev, StateCore* undo) const {
  const Layout& l = layout(s.columns);
  const ExprPool& exprs = rules_.exprs;
  const int mover = s.mover;
  SowOutcome out;
  HoleSet sown;
  EvalContext ctx = context(s);
  ctx.origin = m.hole;
  ctx.dir = m.dir;
  ctx.subject = m.hole;
  ctx.sown = &sown;
  for (const Capture& c : rule.before_lift) out.captured += apply_capture(s, c, ctx, ev);

  // The first handful.
  Dir dir = m.dir;
  const std::uint8_t* next = l.next_for[mover][static_cast<int>(dir)].data();
  int pos = m.hole;
  int lifted = pos;
  int hand = 0;
  switch (rule.lift_from) {
    case LiftFrom::origin:
      hand = s.holes[pos];
      if (rule.lift_count != kNoExpr) hand = std::clamp(exprs.integer(rule.lift_count, ctx), 0, hand);
      s.holes[pos] = static_cast<Count>(s.holes[pos] - hand);
      emit(ev, mover, rule.clause, LiftEvent{pos, hand});
      break;
    case LiftFrom::store: {
      int store = store_hole(mover);
      hand = std::clamp(rule.lift_count == kNoExpr ? s.holes[store] : exprs.integer(rule.lift_count, ctx),
                        0, static_cast<int>(s.holes[store]));
      s.holes[store] = static_cast<Count>(s.holes[store] - hand);
      emit(ev, mover, rule.clause, LiftEvent{kNoHole, hand});
      break;
    }
    case LiftFrom::none: break;
  }
  // The hole the next counter falls into when it is not the following one.
  int first = kNoHole;
  if (rule.first_drop == FirstDrop::origin ||
      (rule.first_drop == FirstDrop::origin_unless_single && hand > 1))  // O4
    first = pos;
  const bool plain = rule.plain;
  bool crossed = false;
  long drops = 0;
  int first_sown = kNoHole;  // of the current handful
  CycleWatch<LiftConfiguration> watch;
  const long drop_limit_of_move = drop_limit();  // read once, not at every handful
  // A reversible sowing logs its first handfuls instead of a copy of the position before it, and
  // rebuilds that position into `undo` only where it may yet be excluded as endless.
  LoggedHandful log[kLoggedHandfuls];
  int logged = 0;
  bool before_kept = !(undo && rule.reversible && !ev);  // nothing to rebuild, or rebuilt
  // The relay shortcut's lap, if this rule has one that qualifies (plan_sowing).
  const Lap* quick_lap = !ev && relay_shortcut && rule.relay_lap >= 0 ? &rule.laps[rule.relay_lap] : nullptr;
  const int quick_least = rule.relay_least;
  const LapTest quick_test = rule.relay_test;
  // The holes where one of the shortcut lap's captures may fire (a lap lifting there leaves the
  // shortcut), found again only when a capture has changed the board (out.captured).
  HoleSet live;
  int live_at_captured = -1;
  // Nowhere to sow (every hole passed over, or a hole on no track): the rest of the handful stays
  // where it was lifted.
  auto nowhere_to_sow = [&] {
    s.holes[lifted] = static_cast<Count>(s.holes[lifted] + hand);
    hand = 0;
  };
  // Holes out of play, and those a rule passes over, are not sown into (nor lifted by a lap's
  // lift:following).
  auto passed_over = [&](int h) {
    ctx.lifted = lifted;
    return (s.flags[h] & kOutOfPlay) || (rule.skip_lifted && h == lifted) ||
           (rule.skip != kNoExpr && (ctx.subject = h, exprs.condition(rule.skip, ctx)));
  };
  for (;;) {
    drops += hand;
    if (drops > drop_limit_of_move) {  // excluded as endless: the limit is a finding
      if (!before_kept) rebuild_before(s, *undo, l, mover, log, logged, lifted, hand);
      out.end = SowEnd::endless;
      out.drop_limit = true;
      return out;
    }
    first_sown = kNoHole;
    if (plain && !ev) {  // the hot loop of playouts
      if (first != kNoHole && hand > 0) {  // the first counter falls into the origin (O4)
        pos = first_sown = first;
        first = kNoHole;
        ++s.holes[pos];
        crossed |= s.owner[pos] != mover;
        --hand;
      }
      if (hand > 0 && next[pos] == kNoHole) nowhere_to_sow();  // a hole on no track (a store)
      if (hand > 0 && first_sown == kNoHole) first_sown = next[pos];
      if (!before_kept) {  // (a reversible sowing's handful starts at the hole it lifted)
        if (logged < kLoggedHandfuls) {
          log[logged++] = {static_cast<std::uint8_t>(lifted), dir, hand};
        } else {
          rebuild_before(s, *undo, l, mover, log, logged, lifted, hand);
          before_kept = true;
        }
      }
      pos = drop_along(s.holes.data(), s.owner.data(), next, pos, hand, mover, crossed);
      hand = 0;
    }
    for (; hand > 0; --hand) {
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
      if (first_sown == kNoHole) first_sown = pos;
      ++s.holes[pos];
      crossed |= s.owner[pos] != mover;
      sown.insert(pos);
      emit(ev, mover, clause, DropEvent{pos});
      if (!rule.on_drop.empty()) {
        ctx.subject = ctx.landing = pos;
        ctx.dir = dir;
        ctx.crossed = crossed;
        ctx.captured = out.captured;
        for (const Capture& c : rule.on_drop) out.captured += apply_capture(s, c, ctx, ev);
      }
    }

    // A lap without captures needs no check: its relays are shortcut from the first lap.
    if (quick_lap && ctx.laps >= (quick_lap->captures.empty() ? 0 : kLapsBeforeShortcut) &&
        first == kNoHole) {
      // (The shortcut's machinery is built here, where it runs: lambdas capturing this many
      // locals cost a closure's worth of stores on every sowing that defined them.)
      auto find_live = [&] {
        live = HoleSet{};
        if (quick_lap->captures.empty()) return;
        // The track: every hole reachable from here along the directions the laps take.
        HoleSet track;
        std::uint8_t holes[kMaxHoles + 1];
        int count = 0;
        track.insert(pos);
        holes[count++] = static_cast<std::uint8_t>(pos);
        for (int i = 0; i < count; ++i)
          for (int d = 0; d < 2; ++d) {
            if (d == 1 && quick_lap->turn != DirectionChange::reverse) break;
            int h = l.next_for[mover][static_cast<int>(d == 0 ? dir : reverse(dir))][holes[i]];
            if (h == kNoHole || track.contains(h)) continue;
            track.insert(h);
            holes[count++] = static_cast<std::uint8_t>(h);
          }
        EvalContext at = ctx;
        for (int i = 0; i < count; ++i)
          for (const Capture& c : quick_lap->captures)
            if (!cannot_fire_at(exprs, c, s, l, track, holes[i], at)) {
              live.insert(holes[i]);
              break;
            }
      };
      // Runs laps while the shortcut's lap holds and its lifted hole is not empty; leaves `pos`,
      // `first_sown` and the rest as the general loop would at the end of the last handful sown.
      // True when the sowing is found endless (G6) or reaches the drop limit. Compiled once for each
      // kind of lap test, lifted hole and turn, so that the loop tests nothing the lap fixes.
      auto relay_loop = [&]<LapTest kTest, bool kFollowing, bool kReverse>() {
        // The loop's state in locals (written back on leaving), the counts through raw pointers.
        Count* counts = s.holes.data();
        const std::uint8_t* owners = s.owner.data();
        int at = pos, from = lifted;
        Dir d = dir;
        const std::uint8_t* along = next;
        bool over = crossed;
        long dropped = drops;
        int laps = ctx.laps;
        const int least = quick_least;
        bool endless = false;
        bool own_track = false;  // every drop is into the mover's holes: `over` stays as it is
        int until_own_check = kLapsBeforeOwnTrack;
        int until_packing = relay_packing ? kLapsBeforePacking : 0;
        for (;;) {
          // A long relay: on a packed track, if it qualifies.
          if (until_packing > 0 && --until_packing == 0 && !kReverse) {
            PackedCircuit circuit;
            if (circuit.pack(counts, owners, along, at, mover, over)) {
              int at_index = 0, from_index = -1;
              const auto end = circuit.run<kTest, kFollowing>(at_index, from_index, dropped, laps, drop_limit_of_move,
                                                              least, circuit.indices_of(live));
              circuit.unpack(counts);
              at = circuit.hole(at_index);
              if (from_index >= 0) {  // it ran laps
                from = circuit.hole(from_index);
                packed_.fetch_add(1, std::memory_order_relaxed);
              }
              if (end != PackedCircuit::End::lap_ended) {
                out.end = SowEnd::endless;
                out.drop_limit = end == PackedCircuit::End::drop_limit;
                endless = true;
              }
              break;
            }
          }
          // (Read once: a write through `counts` may alias the byte arrays, so the compiler rereads.)
          const int following = along[at];
          bool holds;
          if constexpr (kTest == LapTest::landed_occupied) holds = counts[at] > 1;  // was occupied before the drop
          else if constexpr (kTest == LapTest::landing_at_least) holds = counts[at] >= least;
          else holds = following != kNoHole && counts[following] >= least;
          if (!holds) break;
          const int lift = kFollowing ? following : at;
          // The general rules decide a lap that lifts nothing, or where a capture may fire.
          if (lift == kNoHole || counts[lift] == 0 || live.contains(lift)) break;
          const Dir new_dir = kReverse ? reverse(d) : d;
          if (watch.repeats(s, lift_key(lift, new_dir, over))) {  // G6
            out.end = SowEnd::endless;
            endless = true;
            break;
          }
          int hand = counts[lift];
          counts[lift] = 0;
          at = from = lift;
          ++laps;
          if constexpr (kReverse) {
            d = new_dir;
            along = l.next_for[mover][static_cast<int>(d)].data();
          }
          dropped += hand;
          if (dropped > drop_limit_of_move) {
            out.end = SowEnd::endless;
            out.drop_limit = true;
            endless = true;
            break;
          }
          if (!own_track && !over && --until_own_check == 0) own_track = own_tracks_from(l, s, mover, at);
          at = own_track || over ? drop_along_own(counts, along, at, hand)
                                 : drop_along(counts, owners, along, at, hand, mover, over);
        }
        if (laps > ctx.laps) first_sown = along[from];  // plain drops: the hole after the lifted one
        pos = at;
        lifted = from;
        dir = d;
        next = along;
        crossed = over;
        drops = dropped;
        ctx.laps = laps;
        return endless;
      };
      auto relay = [&] {
        const bool following = quick_lap->lift == LiftRule::following;
        const bool reverses = quick_lap->turn == DirectionChange::reverse;
        auto with_test = [&]<LapTest kTest>() {
          if (following)
            return reverses ? relay_loop.template operator()<kTest, true, true>()
                            : relay_loop.template operator()<kTest, true, false>();
          return reverses ? relay_loop.template operator()<kTest, false, true>()
                          : relay_loop.template operator()<kTest, false, false>();
        };
        switch (quick_test) {
          case LapTest::landed_occupied: return with_test.template operator()<LapTest::landed_occupied>();
          case LapTest::landing_at_least: return with_test.template operator()<LapTest::landing_at_least>();
          case LapTest::next_at_least: return with_test.template operator()<LapTest::next_at_least>();
          case LapTest::none: break;
        }
        return false;
      };
      if (live_at_captured != out.captured) {
        find_live();
        live_at_captured = out.captured;
      }
      const int laps_before = ctx.laps;
      const bool endless = relay();
      if (ctx.laps > laps_before) shortcuts_.fetch_add(1, std::memory_order_relaxed);
      if (endless) return out;
    }

    // The end of the handful: the first rule that applies decides.
    ctx.subject = ctx.landing = pos;
    ctx.dir = dir;
    ctx.crossed = out.crossed = crossed;
    ctx.lifted = lifted;
    ctx.first_sown = first_sown;
    ctx.captured = out.captured;
    out.landing = static_cast<std::uint8_t>(pos);
    bool lapped = false;
    for (const HandfulRule& r : rule.handful) {
      if (r.kind == HandfulRule::Kind::stop) {
        if (exprs.condition(rule.stops[r.index].when, ctx)) return out;
        continue;
      }
      if (r.kind == HandfulRule::Kind::again) {
        const Again& a = rule.agains[r.index];
        if (a.guard != kNoExpr && !exprs.condition(a.guard, ctx)) continue;
        decide_again(s, a, rule, pos, dir, ev);
        out.end = SowEnd::again;
        return out;
      }
      if (r.kind == HandfulRule::Kind::capture) {
        const Capture& c = rule.captures[r.index];
        if (c.guard != kNoExpr && !exprs.condition(c.guard, ctx)) continue;
        out.captured += apply_capture(s, c, ctx, ev);
        if (c.then && (c.then->guard == kNoExpr || exprs.condition(c.then->guard, ctx))) {
          // a further decision after the capture
          decide_again(s, *c.then, rule, pos, dir, ev);
          out.end = SowEnd::again;
        }
        return out;
      }
      const Lap& lap = rule.laps[r.index];
      if (!exprs.condition(lap.when, ctx)) continue;
      Dir new_dir = lap.turn == DirectionChange::reverse ? reverse(dir) : dir;
      int lift = pos;
      if (lap.take.empty() && lap.lift == LiftRule::following) {  // the next hole sowing would fill
        lift = next[pos];
        for (int tries = 0; tries < l.size && passed_over(lift); ++tries) lift = next[lift];
        if (passed_over(lift)) continue;  // every hole is passed over: none to lift, the next rules decide
      }
      ctx.subject = lift;
      ctx.landing = kNoHole;
      ctx.dir = new_dir;
      for (const Capture& c : lap.captures) out.captured += apply_capture(s, c, ctx, ev);
      if (watch.repeats(s, lift_key(lift, new_dir, crossed))) {  // G6
        if (!before_kept) rebuild_before(s, *undo, l, mover, log, logged, lifted, 0);
        out.end = SowEnd::endless;
        return out;
      }
      if (lap.take.empty()) {
        hand = s.holes[lift];
        s.holes[lift] = 0;
      } else {  // the taken holes make the new handful (captured counters sown on)
        ctx.subject = pos;
        int taken[kMaxHoles];
        int n = 0;
        for (ExprId id : lap.take) {
          int h = exprs.hole(id, ctx);
          if (h == kNoHole || std::find(taken, taken + n, h) != taken + n || s.holes[h] == 0) continue;
          taken[n++] = h;
          emit(ev, mover, lap.clause, CaptureEvent{h, s.holes[h], kIntoHand});
          hand += s.holes[h];
          out.captured += s.holes[h];
          s.holes[h] = 0;
        }
      }
      if (hand == 0) continue;  // nothing to sow on: the next rules decide
      if (lap.start != kNoExpr) {
        ctx.subject = pos;
        first = exprs.hole(lap.start, ctx);
      }
      if (first == kNoHole) pos = lift;
      emit(ev, mover, lap.clause, LapEvent{lift, hand, new_dir});
      lifted = lift;
      ++ctx.laps;
      dir = new_dir;
      next = l.next_for[mover][static_cast<int>(dir)].data();
      lapped = true;
      break;
    }
    if (!lapped) return out;
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

namespace {

void emit_capture(std::vector<Event>* ev, int player, ClauseId clause, int hole, int count, int into) {
  if (ev) ev->push_back(Event{player, clause, CaptureEvent{hole, count, into}});
}

// Takes the counters of the holes `take` names (each once; at most `limit` from each, if not
// kNoExpr) and returns how many they were.
int take_holes(StateCore& s, const ExprPool& exprs, const std::vector<ExprId>& take, ExprId limit,
               const EvalContext& ctx, std::vector<Event>* ev, ClauseId clause, int into) {
  int taken[kMaxHoles];
  int n = 0, total = 0;
  const int most = limit == kNoExpr ? kMaxCounters : exprs.integer(limit, ctx);
  for (ExprId id : take) {
    int h = exprs.hole(id, ctx);
    if (h == kNoHole || h == into || std::find(taken, taken + n, h) != taken + n) continue;
    taken[n++] = h;
    int count = std::clamp(static_cast<int>(s.holes[h]), 0, std::max(most, 0));
    if (count > 0) emit_capture(ev, ctx.mover, clause, h, count, into);
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
  int total = take_holes(s, exprs, c.take, c.take_count, ctx, ev, c.clause, event_into);
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
      total += take_holes(s, exprs, chain.take, chain.take_count, link, ev, chain.clause, event_into);
      if (!chain.all) break;
    }
  }
  s.holes[into] = static_cast<Count>(s.holes[into] + total);
  for (const Effect& e : c.effects) apply_effect(s, e, ctx, ev);
  return total;
}

void Game::apply_effect(StateCore& s, const Effect& e, const EvalContext& ctx,
                        std::vector<Event>* ev) const {
  const ExprPool& exprs = rules_.exprs;
  auto each_hole = [&](auto&& f) {
    for (ExprId id : e.holes)
      if (int h = exprs.hole(id, ctx); h != kNoHole) f(h);
  };
  switch (e.kind) {
    case Effect::Kind::claim: {
      int by = e.player == kNoExpr ? ctx.mover : exprs.player(e.player, ctx);
      each_hole([&](int h) {
        s.owner[h] = static_cast<std::uint8_t>(by);
        emit(ev, by, e.clause, ClaimEvent{h});
      });
      return;
    }
    case Effect::Kind::mark:
      each_hole([&](int h) { s.flags[h] = static_cast<std::uint8_t>(s.flags[h] | 1u << e.index); });
      return;
    case Effect::Kind::unmark:
      each_hole([&](int h) { s.flags[h] = static_cast<std::uint8_t>(s.flags[h] & ~(1u << e.index)); });
      return;
    case Effect::Kind::out_of_play:
      each_hole([&](int h) { s.flags[h] = static_cast<std::uint8_t>(s.flags[h] | kOutOfPlay); });
      return;
    case Effect::Kind::sweep: {  // every pit's counters to its owner's store
      const Layout& l = *ctx.layout;
      for (int h = l.first_pit(); h < l.size; ++h) {
        if (s.holes[h] == 0) continue;
        emit(ev, s.owner[h], e.clause, CaptureEvent{h, s.holes[h], kIntoStore});
        add_to_store(s, s.owner[h], s.holes[h]);
        s.holes[h] = 0;
      }
      return;
    }
    case Effect::Kind::set_var:
    case Effect::Kind::add_var: {
      const std::size_t slot = e.per_player ? exprs.player_variable(exprs.player(e.player, ctx), e.index)
                                            : static_cast<std::size_t>(e.index);
      std::int32_t value = exprs.integer(e.value, ctx);
      s.vars[slot] = e.kind == Effect::Kind::set_var ? value : s.vars[slot] + value;
      return;
    }
  }
}

}  // namespace mancala
