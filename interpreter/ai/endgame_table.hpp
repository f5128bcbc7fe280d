#pragma once
// The solver's endgame table (solver.cpp): the exact value of every turn's start with at most
// `most` counters on the pits, in a game whose play never reads a store (store_blindness.hpp).
// Such a position's future depends on its pits and mover alone, so the table keys it by them and
// holds what the mover gains from there: the final margin less the stores' margin now. An entry
// also holds how many plies its longest line takes, for the turn limit. Built before the search
// (endgame_build.hpp) by threads without locks (an entry is one word; two threads working out the
// same position write the same word), then only read.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace mancala::ai {

class EndgameTable {
 public:
  static constexpr int kMaxDepth = 65534;
  static constexpr int kMaxPits = 64;  // pits a table's positions may have

  // The table for `pits` pits holding at most `most` counters between them.
  EndgameTable(int pits, int most) : pits_(pits), most_(most) {
    binomial_.assign(static_cast<std::size_t>(pits + most + 2) * (pits + 2), 0);
    for (int n = 0; n <= pits + most + 1; ++n)
      for (int k = 0; k <= std::min(n, pits + 1); ++k)
        binomial_[n * (pits + 2) + k] = k == 0 || k == n ? 1 : choose(n - 1, k - 1) + choose(n - 1, k);
    positions_ = choose(pits + most, pits);
    static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t) && std::atomic<std::uint32_t>::is_always_lock_free);
    entries_ = std::make_unique<std::atomic<std::uint32_t>[]>(2 * positions_);
  }

  // The entries a table of `pits` pits and `most` counters holds (two movers for each count), or
  // kTooMany from that many on.
  static constexpr std::uint64_t kTooMany = std::uint64_t{1} << 40;
  static std::uint64_t entries(int pits, int most) {
    std::uint64_t c = 1;  // C(most + k, k), exact at each step
    for (int k = 1; k <= pits; ++k) {
      c = c * static_cast<std::uint64_t>(most + k) / static_cast<std::uint64_t>(k);
      if (c >= kTooMany) return kTooMany;
    }
    return 2 * c;
  }

  int pits() const { return pits_; }
  int most() const { return most_; }
  std::uint64_t positions() const { return positions_; }
  // The entries as words (two a position: one for each mover), for the disk (endgame_cache.cpp).
  std::uint64_t words() const { return 2 * positions_; }
  std::uint32_t* data() { return reinterpret_cast<std::uint32_t*>(entries_.get()); }
  const std::uint32_t* data() const { return reinterpret_cast<const std::uint32_t*>(entries_.get()); }

  // The index of the pits' counts `counts` (summing to at most most()): their rank among all such.
  std::uint64_t index(const int* counts) const {
    std::uint64_t rank = 0;
    int left = most_;
    for (int i = 0; i < pits_; ++i) {
      // The counts with this prefix and a smaller count here: C(left + r, r) - C(left - c + r, r),
      // r the parts after this one (the rest of the pits and what is left unused).
      const int r = pits_ - i;
      rank += choose(left + r, r) - choose(left - counts[i] + r, r);
      left -= counts[i];
    }
    return rank;
  }

  struct Entry {
    bool known = false;
    int gain = 0;   // the mover's final margin less the stores' margin now
    int depth = 0;  // plies of the longest line to the end
  };
  Entry get(std::uint64_t index, int mover) const {
    const std::uint32_t word = entries_[2 * index + static_cast<std::uint64_t>(mover)].load(std::memory_order_relaxed);
    if (word == 0) return {};
    return {true, static_cast<int>(word >> 16) - 32768, static_cast<int>(word & 0xffff) - 1};
  }
  void put(std::uint64_t index, int mover, int gain, int depth) {
    const std::uint32_t word = static_cast<std::uint32_t>(gain + 32768) << 16 | static_cast<std::uint32_t>(std::min(depth, kMaxDepth) + 1);
    entries_[2 * index + static_cast<std::uint64_t>(mover)].store(word, std::memory_order_relaxed);
  }

 private:
  std::uint64_t choose(int n, int k) const { return binomial_[n * (pits_ + 2) + k]; }

  int pits_, most_;
  std::uint64_t positions_ = 0;
  std::vector<std::uint64_t> binomial_;
  std::unique_ptr<std::atomic<std::uint32_t>[]> entries_;
};

}  // namespace mancala::ai
