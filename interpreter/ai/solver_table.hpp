#pragma once
// The solver's transposition table (solver.cpp): a fixed number of buckets (a power of two), four
// entries each, shared by the threads of a solve without locks. An entry holds bounds on a
// position's value, its best move and how far below it the lines searched reached (the solver
// reuses it only where the turn limit lies beyond them); a bucket that is full gives up the entry
// with the least work below it (log2 of the positions searched), the depth of an exact search.
#include <algorithm>
#include <atomic>
#include <bit>
#include <sys/mman.h>

#include <cstdint>
#include <new>

namespace mancala::ai {

class SolverTable {
 public:
  static constexpr int kValueBits = 20;
  static constexpr int kNoBound = (1 << (kValueBits - 1)) - 1;  // no lower (-) or upper (+) bound
  static constexpr int kMaxReach = 1023;

  struct Found {
    bool hit = false;
    int lower = -kNoBound;
    int upper = kNoBound;
    int best = -1;  // index of the best move among the position's children, or -1
    int reach = 0;  // plies below the position reached by the lines searched; kMaxReach: that many or more
  };

  explicit SolverTable(std::size_t bytes) {
    const std::size_t buckets = std::bit_floor(std::max<std::size_t>(bytes / sizeof(Bucket), 1));
    // Anonymous memory is zero and mapped when first touched, so a large table costs nothing until
    // used; huge pages, where the system gives them, spare the faults and the TLB misses of a
    // table probed at random.
    bytes_ = buckets * sizeof(Bucket);
    void* memory = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    madvise(memory, bytes_, MADV_HUGEPAGE);
    buckets_ = static_cast<Bucket*>(memory);  // page-aligned, so aligned as a Bucket
    mask_ = buckets - 1;
  }
  ~SolverTable() { munmap(buckets_, bytes_); }
  SolverTable(const SolverTable&) = delete;
  SolverTable& operator=(const SolverTable&) = delete;

  // Starts loading the bucket of `key`, for a probe soon after.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(buckets_ + (key & mask_)); }

  Found probe(std::uint64_t key) const {
    const Bucket& b = buckets_[key & mask_];
    for (const Slot& slot : b.slots) {
      const std::uint64_t data = load(slot.data);
      if ((load(slot.check) ^ data) != key || work_of(data) == 0) continue;
      return unpack(data);
    }
    return {};
  }

  // Keeps what is known of `key`: merged with what the table holds of it, else in a free entry or
  // in place of the entry with the least work.
  void store(std::uint64_t key, int lower, int upper, int best, int reach, int work) {
    Bucket& b = buckets_[key & mask_];
    Slot* target = nullptr;
    int least = 1 << 30;
    for (Slot& slot : b.slots) {
      const std::uint64_t data = load(slot.data);
      if ((load(slot.check) ^ data) == key && work_of(data) != 0) {
        const Found old = unpack(data);
        lower = std::max(lower, old.lower);
        upper = std::min(upper, old.upper);
        reach = std::max(reach, old.reach);
        if (best < 0) best = old.best;
        work = std::max(work, work_of(data));
        target = &slot;
        break;
      }
      if (work_of(data) < least) least = work_of(data), target = &slot;
    }
    const std::uint64_t data = pack(lower, upper, best, reach, work);
    std::atomic_ref<std::uint64_t>(target->check).store(key ^ data, std::memory_order_relaxed);
    std::atomic_ref<std::uint64_t>(target->data).store(data, std::memory_order_relaxed);
  }

 private:
  // An entry is one word of data and the key xor the data: a read torn by another thread's write
  // fails the check and counts as a miss. All zero: empty.
  struct Slot {
    std::uint64_t check;
    std::uint64_t data;
  };
  struct alignas(64) Bucket {
    Slot slots[4];
  };
  static constexpr std::uint64_t kValueMask = (std::uint64_t{1} << kValueBits) - 1;

  static std::uint64_t load(const std::uint64_t& word) {
    return std::atomic_ref<const std::uint64_t>(word).load(std::memory_order_relaxed);
  }
  static int work_of(std::uint64_t data) { return static_cast<int>(data >> 48 & 63); }
  static std::uint64_t pack(int lower, int upper, int best, int reach, int work) {
    return (static_cast<std::uint64_t>(lower + kNoBound) & kValueMask) |
           (static_cast<std::uint64_t>(upper + kNoBound) & kValueMask) << kValueBits |
           static_cast<std::uint64_t>(best < 0 ? 255 : std::min(best, 254)) << 40 |
           static_cast<std::uint64_t>(std::clamp(work, 1, 63)) << 48 |
           static_cast<std::uint64_t>(std::min(reach, kMaxReach)) << 54;
  }
  static Found unpack(std::uint64_t data) {
    Found f;
    f.hit = true;
    f.lower = static_cast<int>(data & kValueMask) - kNoBound;
    f.upper = static_cast<int>(data >> kValueBits & kValueMask) - kNoBound;
    const int best = static_cast<int>(data >> 40 & 255);
    f.best = best == 255 ? -1 : best;
    f.reach = static_cast<int>(data >> 54);
    return f;
  }

  Bucket* buckets_ = nullptr;
  std::size_t bytes_ = 0;
  std::uint64_t mask_ = 0;
};

}  // namespace mancala::ai
