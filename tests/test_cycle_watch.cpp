// CycleWatch (G6) against the plain method, which remembers every configuration: on sequences
// x, f(x), f(f(x)) ... of random functions f (every eventually periodic shape: long tails, long
// cycles, fixed points), it must never report a repeat that is not one, and must report one
// within a bounded number of steps once the sequence cycles.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <vector>

#include "interpreter/cycle_watch.hpp"

namespace {

struct Number {
  int value = -1;
  bool same(int x) const { return x == value; }
  void take(int x) { value = x; }
};

}  // namespace

TEST_CASE("CycleWatch reports a repeat exactly when the plain method does, soon after", "[g6]") {
  using Watch = mancala::CycleWatch<Number>;
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 1 + static_cast<int>(rng() % (trial < 1500 ? 50 : 5000));
    std::vector<int> f(n);
    for (int& y : f) y = static_cast<int>(rng() % n);
    if (trial % 3 == 0)  // a permutation: the sequence comes back to where it began
      for (int i = 0; i < n; ++i) f[i] = (i + 1 + static_cast<int>(trial % 7)) % n;
    int x = static_cast<int>(rng() % n);
    Watch watch;
    std::set<int> seen;
    long first_repeat = -1;  // the step at which the plain method first sees a repeat
    long reported = -1;
    for (long step = 0; step < 4 * (n + Watch::kUnwatchedLifts) + 64; ++step) {
      const bool repeat_now = !seen.insert(x).second;
      if (repeat_now && first_repeat < 0) first_repeat = step;
      if (watch.repeats(x)) {
        INFO("step " << step);
        REQUIRE(repeat_now);  // never a false alarm: this configuration was seen before
        reported = step;
        break;
      }
      x = f[x];
    }
    INFO("trial " << trial << ", " << n << " values");
    REQUIRE(first_repeat >= 0);
    REQUIRE(reported >= 0);
    // Brent's bound: within tail + 2 * cycle steps of the first watched one.
    REQUIRE(reported <= Watch::kUnwatchedLifts + 3L * n + 1);
  }
}
