#pragma once
// G6: a sowing is endless when the configuration at a lift (the counters, the hole lifted, the
// direction, whether the sowing crossed over) repeats, for the next lifts are then the same
// again. CycleWatch says when one repeats, exactly (no false alarm) and with O(1) memory: the
// first lifts are not watched (most sowings end before); then each configuration is compared
// with the first one watched, which catches at once the common sowing that comes back to where
// it began, and with Brent's checkpoint, moved at each power of two, which catches a cycle
// entered later. `Configuration` holds one configuration: `same(args...)` compares, `take(args...)`
// stores (tests/test_cycle_watch.cpp drives it with plain integers).

namespace mancala {

template <class Configuration>
class CycleWatch {
 public:
  static constexpr long kUnwatchedLifts = 16;

  // True when the configuration given repeats one seen at an earlier (watched) lift.
  template <class... Args>
  [[gnu::always_inline]] bool repeats(const Args&... configuration) {  // in the relay's hot loop
    if (watching_) {  // the common case first: one countdown to the next checkpoint
      if (first_.same(configuration...) || checkpoint_.same(configuration...)) return true;
      if (--until_checkpoint_ == 0) {
        power_ *= 2;
        until_checkpoint_ = power_;
        checkpoint_.take(configuration...);
      }
      return false;
    }
    if (++lifts_ <= kUnwatchedLifts) return false;
    watching_ = true;
    first_.take(configuration...);
    checkpoint_.take(configuration...);
    return false;
  }

 private:
  Configuration first_;
  Configuration checkpoint_;
  bool watching_ = false;
  long lifts_ = 0;
  long power_ = 1;
  long until_checkpoint_ = 1;  // lifts until the checkpoint moves (Brent: at each power of two)
};

}  // namespace mancala
