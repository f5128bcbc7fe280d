// The fast sowing routine: the same moves as the reference routine (sowing.cpp), for the rules
// whose every clause it supports (Sowing::fast_drops, fast_paths.hpp), never asked for events.
// Counters are dropped in a tight loop; a long relay runs in the relay shortcut
// (relay_shortcut.hpp); a reversible sowing logs its handfuls instead of keeping a copy of the
// position before it (Sowing::reversible). The rules of the end of a handful are the shared ones
// (Game::Sower::end_of_handful).
#include "interpreter/relay_shortcut.hpp"
#include "interpreter/sower.hpp"

namespace mancala {

namespace {

// A handful of a reversible sowing: `hand` counters dropped one by one after `lifted`, in `dir`.
struct LoggedHandful {
  std::uint8_t lifted;
  Dir dir;
  std::int32_t hand;
};

// The handfuls of a reversible sowing that a playout may yet exclude, logged so that the position
// before it can be rebuilt (into `before`) only where that is needed: past the drop limit, when
// G6 finds it endless, or past the handfuls logged (as many as CycleWatch leaves unwatched, so
// that a sowing G6 cannot find endless never rebuilds it).
class UndoLog {
 public:
  static constexpr int kHandfuls = CycleWatch<LiftConfiguration>::kUnwatchedLifts;

  explicit UndoLog(StateCore* before) : before_(before) {}
  // Notes the handful about to be dropped; past the log's room, rebuilds the position before.
  void note(const Sower& w) {
    if (!before_) return;
    if (logged_ < kHandfuls) {
      log_[logged_++] = {static_cast<std::uint8_t>(w.lifted), w.dir, w.hand};
      return;
    }
    rebuild(w, w.hand);
  }
  // Writes the position before the sowing, where it may still be excluded, to `before`: the
  // counts now, with the `in_hand` counters lifted from `w.lifted` and not yet sown given back,
  // and each logged handful taken back, the last first.
  void rebuild(const Sower& w, int in_hand) {
    if (!before_) return;
    copy_same_size(before_->holes, w.s.holes);
    Count* counts = before_->holes.data();
    counts[w.lifted] = static_cast<Count>(counts[w.lifted] + in_hand);
    for (int i = logged_; i-- > 0;) {
      const std::uint8_t* next = w.l.next_for[w.mover][static_cast<int>(log_[i].dir)].data();
      int at = log_[i].lifted;
      for (int k = 0; k < log_[i].hand; ++k) {
        at = next[at];
        --counts[at];
      }
      counts[log_[i].lifted] = static_cast<Count>(counts[log_[i].lifted] + log_[i].hand);
    }
    before_ = nullptr;  // rebuilt: nothing more to note
  }

 private:
  StateCore* before_;  // nullptr: nothing to rebuild, or rebuilt
  LoggedHandful log_[kHandfuls];
  int logged_ = 0;
};

// The drops of one handful in the tight loop: the first counter into the origin (O4) if it falls
// there, the rest one by one along the track.
[[gnu::always_inline]] inline void drop_handful_plain(Sower& w, UndoLog& log) {
  if (w.first != kNoHole && w.hand > 0) {  // the first counter falls into the origin (O4)
    w.pos = w.first_sown = w.first;
    w.first = kNoHole;
    ++w.s.holes[w.pos];
    w.crossed |= w.s.owner[w.pos] != w.mover;
    --w.hand;
  }
  if (w.hand > 0 && w.next[w.pos] == kNoHole) w.nowhere_to_sow();  // a hole on no track (a store)
  if (w.hand > 0 && w.first_sown == kNoHole) w.first_sown = w.next[w.pos];
  log.note(w);  // (a reversible sowing's handful starts at the hole it lifted)
  w.pos = relay::drop_along(w.s.holes.data(), w.s.owner.data(), w.next, w.pos, w.hand, w.mover, w.crossed);
  w.hand = 0;
}

}  // namespace

bool Sower::run_relay_shortcut(const HoleSet& live) {
  const Lap& lap = rule.laps[rule.relay_lap];
  const bool following = lap.lift == LiftRule::following;
  const bool reverses = lap.turn == DirectionChange::reverse;
  auto with_test = [&]<LapTest kTest>() {
    if (following) return reverses ? relay_laps<kTest, true, true>(live) : relay_laps<kTest, true, false>(live);
    return reverses ? relay_laps<kTest, false, true>(live) : relay_laps<kTest, false, false>(live);
  };
  switch (rule.relay_test) {
    case LapTest::landed_occupied: return with_test.template operator()<LapTest::landed_occupied>();
    case LapTest::landing_at_least: return with_test.template operator()<LapTest::landing_at_least>();
    case LapTest::next_at_least: return with_test.template operator()<LapTest::next_at_least>();
    case LapTest::none: break;
  }
  return false;
}

Game::SowOutcome Game::sow_fast(StateCore& s, const Sowing& rule, const Move& m, StateCore* undo) const {
  Sower w(*this, s, rule, m, nullptr);
  w.lift_first();
  UndoLog log(undo && rule.reversible ? undo : nullptr);
  // The relay shortcut's lap, if this rule has one that qualifies (plan_relay).
  const Lap* quick_lap = relay_shortcut && rule.relay_lap >= 0 ? &rule.laps[rule.relay_lap] : nullptr;
  // The holes where one of the shortcut lap's captures may fire (a lap lifting there leaves the
  // shortcut), found again only when a capture has changed the board.
  HoleSet live;
  int live_at_captured = -1;
  for (;;) {
    if (w.over_drop_limit()) {
      log.rebuild(w, w.hand);
      return w.out;
    }
    w.first_sown = kNoHole;
    drop_handful_plain(w, log);
    // A lap without captures needs no check: its relays are shortcut from the first lap.
    if (quick_lap && w.ctx.laps >= (quick_lap->captures.empty() ? 0 : relay::kLapsBeforeShortcut) &&
        w.first == kNoHole) {
      if (live_at_captured != w.out.captured) {
        live = relay::live_holes(w, *quick_lap);
        live_at_captured = w.out.captured;
      }
      const int laps_before = w.ctx.laps;
      const bool endless = w.run_relay_shortcut(live);
      if (w.ctx.laps > laps_before) shortcuts_.fetch_add(1, std::memory_order_relaxed);
      if (endless) return w.out;
    }
    if (w.end_of_handful() == Sower::HandfulEnd::ended) {
      if (w.out.end == SowEnd::endless) log.rebuild(w, 0);
      return w.out;
    }
  }
}

}  // namespace mancala
