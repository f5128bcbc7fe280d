#pragma once
// A position of a game in progress: a small copyable value (OpenSpiel's State), read and changed
// only through the Game. Per-hole data lives in small vectors sized to the board (stores
// included, Layout), stored inline for boards of up to 64 holes so that copying a position
// costs what its holes cost.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "interpreter/layout.hpp"

namespace mancala {

using Count = std::int16_t;
constexpr int kMaxCounters = 30000;  // in a game, and so in a hole: a count fits in a Count
using HoleCounts = boost::container::small_vector<Count, 64>;
using HoleBytes = boost::container::small_vector<std::uint8_t, 64>;

// Per-hole flags (State::flags).
constexpr std::uint8_t kOutOfPlay = 1;  // not sown into, not sown from, not counted as on the board

// The hole after `h` along a track's `next` array, passing over holes out of play; kNoHole if
// the track has none after `h` in play (or `h` is off the track).
inline int next_in_play(const std::uint8_t* next, const HoleBytes& flags, int h) {
  if (h == kNoHole) return kNoHole;
  int at = next[h];
  for (int i = 0; at != kNoHole && (flags[at] & kOutOfPlay) && i < kMaxHoles; ++i) at = next[at];
  return at != kNoHole && (flags[at] & kOutOfPlay) ? kNoHole : at;
}

// The player after `player` in turn order, of `players` (without a division: it is asked at
// every turn).
inline int player_after(int player, int players) { return player + 1 == players ? 0 : player + 1; }

enum class Phase : std::uint8_t { play, place, flip, over };
// A game's result: a draw, unfinished (G9), or the winner (p1 + player index).
enum class Outcome : std::uint8_t { none, draw, unfinished, p1, p2, p3, p4, p5, p6 };
inline Outcome win_for(int player) {
  return static_cast<Outcome>(static_cast<int>(Outcome::p1) + player);
}
// The winner of an outcome, or -1.
inline int winner_of(Outcome o) {
  return o >= Outcome::p1 ? static_cast<int>(o) - static_cast<int>(Outcome::p1) : -1;
}

enum class MoveKind : std::uint8_t { sow, store, place, flip, keep, pass };

struct Move {
  MoveKind kind = MoveKind::pass;
  std::uint8_t hole = kNoHole;
  Dir dir = Dir::ccw;
  bool has_dir = false;  // the direction is the mover's choice, so it is written (G8)
  std::int32_t count = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

// The per-turn scalars of a position: trivially copyable, so copied as one block.
struct StateScalars {
  std::array<std::int32_t, kMaxPlayers> scores{};
  std::array<std::int32_t, kMaxPlayers> tallies{};  // of the last round
  std::int32_t round = 1;
  std::int32_t ply = 0;
  std::uint8_t columns = 0;
  std::uint8_t next_columns = 0;
  std::uint8_t mover = 0;
  Phase phase = Phase::play;
  Outcome outcome = Outcome::none;
  // A turn of several decisions (K5): the rule, direction and origins of the further move.
  bool continuing = false;
  bool direction_forced = false;
  Dir forced_dir = Dir::ccw;
  std::uint8_t decision_rule = 0xff;   // the sow rule of the further decision (Rules::sowings)
  std::uint16_t again_origin = 0xffff; // the again clause's origin region (an ExprId), if any
  std::uint8_t landing = kNoHole;      // where the last sowing ended (`hole` for again_origin)
  std::uint16_t again_clause = 0xffff; // the clause that gave the further decision (a ClauseId)
  std::array<std::int16_t, kMaxPlayers> turns{};  // turns each player has ended in the round
  // Round roles and set-up progress.
  std::uint8_t winner = 0;
  std::uint8_t loser = 1;
  std::uint8_t setup_step = 0;
  std::uint8_t place_index = 0;
  std::int32_t place_left = 0;

  friend bool operator==(const StateScalars&, const StateScalars&) = default;
};

// Copies `n` bytes between buffers that do not overlap, inline: a position's rows are a few dozen
// bytes, and memcpy's dispatch on the size mispredicted often. Blocks of 16 bytes, the last one
// overlapping the one before; below 16, two overlapping halves.
inline void copy_bytes(void* to, const void* from, std::size_t n) {
  auto* d = static_cast<unsigned char*>(to);
  const auto* s = static_cast<const unsigned char*>(from);
  if (n >= 16) {
    for (std::size_t i = 0; i + 16 < n; i += 16) __builtin_memcpy(d + i, s + i, 16);
    __builtin_memcpy(d + n - 16, s + n - 16, 16);
  } else if (n >= 8) {
    __builtin_memcpy(d, s, 8);
    __builtin_memcpy(d + n - 8, s + n - 8, 8);
  } else if (n >= 4) {
    __builtin_memcpy(d, s, 4);
    __builtin_memcpy(d + n - 4, s + n - 4, 4);
  } else {
    for (std::size_t i = 0; i < n; ++i) d[i] = s[i];
  }
}

// Copies a small vector onto one of the same size (a position's, within a game) as one block of
// bytes: a playout copies positions at every judged move, and the element-wise copy cost more
// than the sowing.
template <class SmallVector>
inline void copy_same_size(SmallVector& to, const SmallVector& from) {
  if (to.size() == from.size())
    copy_bytes(to.data(), from.data(), from.size() * sizeof(typename SmallVector::value_type));
  else
    to = from;
}

// Everything but the position histories: what a simulated sowing copies.
struct StateCore : StateScalars {
  HoleCounts holes;  // the counters of every hole of the largest board; holes off a smaller one stay 0
  HoleBytes owner;   // each hole's player now (a hole may change hands)
  HoleBytes flags;   // kOutOfPlay
  boost::container::small_vector<std::int32_t, 8> vars;  // the game's, then each player's

  StateCore() = default;
  StateCore(const StateCore&) = default;
  StateCore(StateCore&&) = default;
  StateCore& operator=(StateCore&&) = default;
  StateCore& operator=(const StateCore& other) {
    static_cast<StateScalars&>(*this) = other;
    copy_same_size(holes, other.holes);
    copy_same_size(owner, other.owner);
    copy_same_size(flags, other.flags);
    copy_same_size(vars, other.vars);
    return *this;
  }
  friend bool operator==(const StateCore&, const StateCore&) = default;
};

// The positions a turn (G6) or a round (L8) has been through, as G6 and L8 compare them: every
// hole (stores included), the owners and the player to move. Kept end to end in flat arrays that
// grow together (one check of room per position added), so that adding one appends and looking
// one up scans hashes (Game::position_hash); a filter of 4,096 bits, one per value of a hash's
// top 12 bits, answers most lookups of a new position (nearly all) without the scan.
class PositionHistory {
 public:
  void clear() {
    if (size_ == 0) return;  // nothing added since the last clear: the filter is empty already
    size_ = 0;
    filter_ = {};
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::span<const std::uint64_t> hashes() const { return {hashes_.data(), size_}; }

  // (Always inline: it runs at every turn's end under L8, and the call was a fifth of its cost.)
  [[gnu::always_inline]] void add(std::uint64_t hash, const StateCore& s, int mover) {
    if (size_ == hashes_.size() || s.holes.size() != width_) grow(s.holes.size());
    const std::size_t at = size_ * width_;
    hashes_[size_] = hash;
    movers_[size_] = static_cast<std::uint8_t>(mover);
    ++size_;
    filter_[filter_word(hash)] |= filter_bit(hash);
    copy_bytes(&counts_[at], s.holes.data(), width_ * sizeof(Count));
    copy_bytes(&owners_[at], s.owner.data(), width_);
  }
  // Whether the position of `s` with `mover` to move, whose hash is `hash`, is here.
  bool contains(std::uint64_t hash, const StateCore& s, int mover) const {
    if (!(filter_[filter_word(hash)] & filter_bit(hash))) return false;  // no hash with these top bits
    if (s.holes.size() != width_) return false;
    for (std::size_t i = 0; i < size_; ++i)
      if (hashes_[i] == hash && movers_[i] == mover &&
          std::memcmp(&counts_[i * width_], s.holes.data(), width_ * sizeof(Count)) == 0 &&
          std::memcmp(&owners_[i * width_], s.owner.data(), width_) == 0)
        return true;
    return false;
  }
  friend bool operator==(const PositionHistory& a, const PositionHistory& b) {
    if (a.size_ != b.size_) return false;
    if (a.size_ == 0) return true;
    const auto used = static_cast<std::ptrdiff_t>(a.size_ * a.width_);
    const auto n = static_cast<std::ptrdiff_t>(a.size_);
    return a.width_ == b.width_ && std::equal(a.hashes_.begin(), a.hashes_.begin() + n, b.hashes_.begin()) &&
           std::equal(a.movers_.begin(), a.movers_.begin() + n, b.movers_.begin()) &&
           std::equal(a.counts_.begin(), a.counts_.begin() + used, b.counts_.begin()) &&
           std::equal(a.owners_.begin(), a.owners_.begin() + used, b.owners_.begin());
  }

 private:
  static constexpr std::size_t kFirstRoom = 64;  // positions
  // The filter has a bit for each value of a hash's top kFilterBits bits: enough that a round of
  // a few hundred positions leaves most bits clear (with 256 bits, half were set, and the test
  // that skips the scan mispredicted half the time).
  static constexpr int kFilterBits = 12;
  // A hash's bit of the filter: the word of its top kFilterBits bits, and the bit in that word.
  static std::size_t filter_word(std::uint64_t hash) { return hash >> (64 - kFilterBits + 6); }
  static std::uint64_t filter_bit(std::uint64_t hash) { return std::uint64_t{1} << (hash >> (64 - kFilterBits) & 63); }
  // Room for more positions (twice as many, or the first room), or for positions of a new width
  // (a game's positions all have one width: a history takes it from its first position).
  void grow(std::size_t width) {
    if (size_ > 0 && width != width_) throw std::logic_error("positions of one history differ in width");
    width_ = width;
    const std::size_t room = size_ < hashes_.size() ? hashes_.size() : std::max(kFirstRoom, 2 * hashes_.size());
    hashes_.resize(room);
    movers_.resize(room);
    counts_.resize(room * width_);
    owners_.resize(room * width_);
  }

  std::size_t size_ = 0;
  std::vector<std::uint64_t> hashes_;  // room for hashes_.size() positions; the first size_ are used
  std::vector<std::uint8_t> movers_;
  std::vector<Count> counts_;         // each position's holes, one after another
  std::vector<std::uint8_t> owners_;  // each position's owners, likewise
  std::size_t width_ = 0;             // holes in a position
  std::array<std::uint64_t, (1 << kFilterBits) / 64> filter_{};  // bit b: some hash's top bits are b
};

struct State : StateCore {
  PositionHistory turn_positions;   // G6, within a turn of several decisions
  PositionHistory round_positions;  // L8 repetition
};

}  // namespace mancala
