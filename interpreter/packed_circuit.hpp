#pragma once
// The relay shortcut's packed form (sowing.cpp, docs/performance.md). A long relay that goes
// round a closed track of at most 16 holes, holding at most 255 counters, whose drops cannot
// change whether the sowing crossed over, is run on the track's counts packed into one 128-bit
// word, one byte a hole in track order: a lap clears the lifted hole's byte and adds the whole
// hand at once from a table (one counter in each of the holes after the lifted one, round the
// track), instead of one drop per counter, and G6 compares words. Only the track changes during
// a relay, so a repeated word at the same lift is a repeated configuration: no false alarm.
// Hand-written engines do this for Kisolo's 14-hole circuits; here any relay whose track
// qualifies gets it (tests/test_packed_circuit.cpp compares its laps with a plain relay's,
// tests/test_relay_shortcut.cpp whole games and positions with packing on and off).
#include <array>
#include <cstdint>
#include <vector>

#include "interpreter/cycle_watch.hpp"
#include "interpreter/layout.hpp"
#include "interpreter/rules.hpp"
#include "interpreter/state.hpp"

namespace mancala {

class PackedCircuit {
 public:
  static constexpr int kMaxTrack = 16;
  static constexpr int kMaxTrackCounters = 255;  // a byte a hole, and no carry from one to the next
  enum class End : std::uint8_t { lap_ended, endless, drop_limit };

  // Packs the track that `along` takes from `start`, true if it qualifies: it comes back to
  // `start` within 16 holes, holds at most 255 counters, and every hole is the mover's unless the
  // sowing has already crossed over. `start` is then index 0.
  bool pack(const Count* counts, const std::uint8_t* owners, const std::uint8_t* along, int start,
            int mover, bool crossed) {
    int total = 0;
    size_ = 0;
    for (int at = start;;) {
      if (size_ == kMaxTrack || at == kNoHole || (!crossed && owners[at] != mover)) return false;
      if ((total += counts[at]) > kMaxTrackCounters) return false;
      hole_[size_++] = static_cast<std::uint8_t>(at);
      at = along[at];
      if (at == start) break;
    }
    counts_ = 0;
    for (int i = 0; i < size_; ++i)
      counts_ |= static_cast<PackedWord>(static_cast<std::uint8_t>(counts[hole_[i]])) << (8 * i);
    spread_ = spread_table().data() + size_ * kMaxTrack * kMaxTrack;
    return true;
  }

  // The holes of `set` as a bit per index.
  std::uint32_t indices_of(const HoleSet& set) const {
    std::uint32_t bits = 0;
    for (int i = 0; i < size_; ++i) bits |= static_cast<std::uint32_t>(set.contains(hole_[i])) << i;
    return bits;
  }

  // Runs laps as sowing.cpp's relay loop does, from index `at` (where the last handful ended),
  // until the lap's test fails or it would lift an empty hole or one of `live` (then `at` and
  // `from` are the last handful's landing and lifted indices), or the sowing is found endless.
  // `dropped` and `laps` go on counting.
  template <LapTest kTest, bool kFollowing>
  End run(int& at, int& from, long& dropped, int& laps, long drop_limit, int least, std::uint32_t live) {
    CycleWatch<Configuration> watch;
    const int k = size_;
    PackedWord c = counts_;
    End end = End::lap_ended;
    for (;;) {
      const int following = at + 1 == k ? 0 : at + 1;
      bool holds;
      if constexpr (kTest == LapTest::landed_occupied) holds = byte(c, at) > 1;  // was occupied before the drop
      else if constexpr (kTest == LapTest::landing_at_least) holds = byte(c, at) >= least;
      else holds = byte(c, following) >= least;
      if (!holds) break;
      const int lift = kFollowing ? following : at;
      const int hand = byte(c, lift);
      if (hand == 0 || (live >> lift & 1)) break;
      if (watch.repeats(c, lift)) {  // G6
        end = End::endless;
        break;
      }
      c &= ~(PackedWord{0xff} << (8 * lift));
      at = from = lift;
      ++laps;
      if ((dropped += hand) > drop_limit) {
        end = End::drop_limit;
        break;
      }
      int rest = hand;
      if (rest >= k) {  // whole rounds of the track: a counter in every hole for each
        c += ones(k) * static_cast<unsigned>(rest / k);
        rest %= k;
      }
      c += spread_[lift * kMaxTrack + rest];
      at = lift + rest >= k ? lift + rest - k : lift + rest;
    }
    counts_ = c;
    return end;
  }

  // Writes the packed counts back to the board.
  void unpack(Count* counts) const {
    for (int i = 0; i < size_; ++i) counts[hole_[i]] = byte(counts_, i);
  }
  int hole(int index) const { return hole_[index]; }

 private:
  __extension__ using PackedWord = unsigned __int128;  // GCC and Clang, on 64-bit targets

  struct Configuration {  // for CycleWatch: the packed counts at a lift, and the index lifted
    PackedWord counts = 0;
    int lift = -1;
    bool same(PackedWord c, int l) const { return l == lift && c == counts; }
    void take(PackedWord c, int l) { counts = c, lift = l; }
  };

  static int byte(PackedWord c, int index) { return static_cast<std::uint8_t>(c >> (8 * index)); }
  // A one in each of the first `n` bytes.
  static PackedWord ones(int n) {
    PackedWord w = 0;
    for (int i = 0; i < n; ++i) w |= PackedWord{1} << (8 * i);
    return w;
  }
  // For each track size k, lifted index j and hand r < k: a one in each of the r bytes after j,
  // round the track. Built once (17 x 16 x 16 words, 68 KiB; a relay touches its own k's 4 KiB).
  static const std::vector<PackedWord>& spread_table() {
    static const std::vector<PackedWord> table = [] {
      std::vector<PackedWord> t((kMaxTrack + 1) * kMaxTrack * kMaxTrack, 0);
      for (int k = 1; k <= kMaxTrack; ++k)
        for (int j = 0; j < k; ++j)
          for (int r = 0; r < k; ++r) {
            PackedWord& w = t[(k * kMaxTrack + j) * kMaxTrack + r];
            for (int i = 1; i <= r; ++i) w |= PackedWord{1} << (8 * ((j + i) % k));
          }
      return t;
    }();
    return table;
  }

  PackedWord counts_ = 0;
  const PackedWord* spread_ = nullptr;  // this size's part of spread_table()
  std::array<std::uint8_t, kMaxTrack> hole_{};
  int size_ = 0;
};

}  // namespace mancala
