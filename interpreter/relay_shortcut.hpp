#pragma once
// The relay shortcut, part of the fast routine (sowing_fast.cpp): once a sowing has lapped a few
// times, the laps of a long relay are run in a tight loop, as hand-written code would, while
// nothing but the lap can happen: the first rule at the end of a handful is a lap whose condition
// is one count test (Sowing::relay_test), lifting a hole where none of its captures can fire. The
// loop leaves at the first handful where that is not so, back to the shared rules of the end of a
// handful, so the result is the same move for move (tests/test_relay_shortcut.cpp). A long relay
// on a small closed track runs on a packed track (packed_circuit.hpp). Included by
// sowing_fast.cpp only.
#include <span>

#include "interpreter/packed_circuit.hpp"
#include "interpreter/sower.hpp"

namespace mancala {

namespace relay {

// Laps a relay runs before it asks whether its track is all the mover's (most relays end before).
constexpr int kLapsBeforeOwnTrack = 32;
// Laps before a lap with captures is shortcut: most sowings end before, never paying for the
// check of where its captures may fire.
constexpr int kLapsBeforeShortcut = 4;
// Laps a relay runs in the shortcut before it tries to pack its track.
constexpr int kLapsBeforePacking = 24;

// Drops `hand` counters one by one along `along` after `at`, no hole passed over and no rule per
// drop; returns the last hole, and notes in `crossed` a drop into a hole not the mover's.
inline int drop_along(Count* counts, const std::uint8_t* owners, const std::uint8_t* along, int at, int hand,
                      int mover, bool& crossed) {
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
inline bool own_tracks_from(const Layout& l, const StateCore& s, int mover, int h) {
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

// Whether capture `c`, made at a lap's lifted hole `h`, cannot fire there while only the holes of
// `track` (those the sowing can add to) gain counters: some term of its guard is false at `h` and
// stays so, either a region test ((within hole R), fixed by the board) or a count of the opposite
// hole that is off the track and short of what the guard needs (captures only take from holes).
inline bool cannot_fire_at(const ExprPool& exprs, const Capture& c, const StateCore& s, const Layout& l,
                           const HoleSet& track, int h, EvalContext& ctx) {
  if (c.guard == kNoExpr) return false;
  const ExprNode& guard = exprs[c.guard];
  std::span<const ExprId> terms =
      guard.op == Op::all_of ? std::span<const ExprId>(guard.args) : std::span<const ExprId>(&c.guard, 1);
  for (ExprId term : terms) {
    const ExprNode& n = exprs[term];
    if (n.op == Op::opposite_at_least) {
      const int o = l.opposite[h];
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

// The holes where one of `lap`'s captures may fire: every hole reachable from `w.pos` along the
// directions the laps take, but those where cannot_fire_at rules each capture out.
inline HoleSet live_holes(const Sower& w, const Lap& lap) {
  HoleSet live;
  if (lap.captures.empty()) return live;
  HoleSet track;
  std::uint8_t holes[kMaxHoles + 1];
  int count = 0;
  track.insert(w.pos);
  holes[count++] = static_cast<std::uint8_t>(w.pos);
  for (int i = 0; i < count; ++i)
    for (int d = 0; d < 2; ++d) {
      if (d == 1 && lap.turn != DirectionChange::reverse) break;
      const int h = w.l.next_for[w.mover][static_cast<int>(d == 0 ? w.dir : reverse(w.dir))][holes[i]];
      if (h == kNoHole || track.contains(h)) continue;
      track.insert(h);
      holes[count++] = static_cast<std::uint8_t>(h);
    }
  EvalContext at = w.ctx;
  for (int i = 0; i < count; ++i)
    for (const Capture& c : lap.captures)
      if (!cannot_fire_at(w.exprs, c, w.s, w.l, track, holes[i], at)) {
        live.insert(holes[i]);
        break;
      }
  return live;
}

}  // namespace relay

// Runs laps while the shortcut's lap holds and its lifted hole is not empty (nor `live`); leaves
// the sowing as the shared rules would at the end of the last handful sown. True when the sowing
// is found endless (G6) or reaches the drop limit. Compiled once for each kind of lap test, lifted
// hole and turn, so that the loop tests nothing the lap fixes.
template <LapTest kTest, bool kFollowing, bool kReverse>
bool Sower::relay_laps(const HoleSet& live) {
  Sower& w = *this;
  // The loop's state in locals (written back on leaving), the counts through raw pointers.
  Count* counts = w.s.holes.data();
  const std::uint8_t* owners = w.s.owner.data();
  const int mover = w.mover;
  int at = w.pos, from = w.lifted;
  Dir d = w.dir;
  const std::uint8_t* along = w.next;
  bool over = w.crossed;
  long dropped = w.drops;
  int laps = w.ctx.laps;
  const int least = w.rule.relay_least;
  bool endless = false;
  bool own_track = false;  // every drop is into the mover's holes: `over` stays as it is
  int until_own_check = relay::kLapsBeforeOwnTrack;
  int until_packing = game.relay_packing ? relay::kLapsBeforePacking : 0;
  for (;;) {
    if (until_packing > 0 && --until_packing == 0 && !kReverse) {  // a long relay: on a packed track?
      PackedCircuit circuit;
      if (circuit.pack(counts, owners, along, at, mover, over)) {
        int at_index = 0, from_index = -1;
        const auto end = circuit.run<kTest, kFollowing>(at_index, from_index, dropped, laps, w.drop_limit, least,
                                                        circuit.indices_of(live));
        circuit.unpack(counts);
        at = circuit.hole(at_index);
        if (from_index >= 0) {  // it ran laps
          from = circuit.hole(from_index);
          game.packed_.fetch_add(1, std::memory_order_relaxed);
        }
        if (end != PackedCircuit::End::lap_ended) {
          w.out.end = SowEnd::endless;
          w.out.drop_limit = end == PackedCircuit::End::drop_limit;
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
    // The shared rules decide a lap that lifts nothing, or where a capture may fire.
    if (lift == kNoHole || counts[lift] == 0 || live.contains(lift)) break;
    const Dir new_dir = kReverse ? reverse(d) : d;
    if (w.watch.repeats(w.s, lift_key(lift, new_dir, over))) {  // G6
      w.out.end = SowEnd::endless;
      endless = true;
      break;
    }
    const int hand = counts[lift];
    counts[lift] = 0;
    at = from = lift;
    ++laps;
    if constexpr (kReverse) {
      d = new_dir;
      along = w.l.next_for[mover][static_cast<int>(d)].data();
    }
    dropped += hand;
    if (dropped > w.drop_limit) {
      w.out.end = SowEnd::endless;
      w.out.drop_limit = true;
      endless = true;
      break;
    }
    if (!own_track && !over && --until_own_check == 0) own_track = relay::own_tracks_from(w.l, w.s, mover, at);
    at = own_track || over ? relay::drop_along_own(counts, along, at, hand)
                           : relay::drop_along(counts, owners, along, at, hand, mover, over);
  }
  if (laps > w.ctx.laps) w.first_sown = along[from];  // plain drops: the hole after the lifted one
  w.pos = at;
  w.lifted = from;
  w.dir = d;
  w.next = along;
  w.crossed = over;
  w.drops = dropped;
  w.ctx.laps = laps;
  return endless;
}

}  // namespace mancala
