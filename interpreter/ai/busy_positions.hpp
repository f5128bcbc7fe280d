#pragma once
// The positions the threads of a solve are searching now (solver.cpp), after ABDADA as Tom
// Kerrigan simplified it: a thread that meets a move whose position another thread is searching
// puts it off until it has searched the node's other moves, so that two threads share out an
// all-node's moves instead of searching them one after the other, both. A small table of keys,
// without locks: two keys on one slot, or a mark cleared by the wrong thread, only put off less.
#include <array>
#include <atomic>
#include <cstdint>

namespace mancala::ai {

class BusyPositions {
 public:
  bool busy(std::uint64_t key) const { return slot(key).load(std::memory_order_relaxed) == key; }
  void mark(std::uint64_t key) { slot(key).store(key, std::memory_order_relaxed); }
  void clear(std::uint64_t key) {
    std::uint64_t expected = key;
    slot(key).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr std::size_t kSlots = std::size_t{1} << 15;
  std::atomic<std::uint64_t>& slot(std::uint64_t key) { return slots_[key & (kSlots - 1)]; }
  const std::atomic<std::uint64_t>& slot(std::uint64_t key) const { return slots_[key & (kSlots - 1)]; }
  std::array<std::atomic<std::uint64_t>, kSlots> slots_{};
};

}  // namespace mancala::ai
