#pragma once
// The positions a turn (G6) or a round (L8) has been through, as G6 and L8 compare them: every
// hole (stores included), the owners and the player to move. Outside the copied value of a
// position: copies of a State share one history, and the first to add a position to a shared
// history takes its own copy first (copy on write), so that copying a position allocates nothing
// and a playout that owns its history appends in place. A history is looked up by hash
// (Game::position_hash) with an exact comparison on a match; a filter of 4,096 bits, one per
// value of a hash's top 12 bits, answers most lookups of a new position without the scan.
//
// Copies that share a history must not add to it from two threads at once (a copy made for
// another thread is used by that thread alone, as analysis and matches do).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

#include "interpreter/layout.hpp"

namespace mancala {

using Count = std::int16_t;

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

class PositionHistory {
 public:
  // `first_room`: the positions the history makes room for when it starts (then twice as many
  // each time it is full). A turn's history holds a position or two and starts at most nodes of a
  // search; a round's holds hundreds.
  explicit PositionHistory(std::uint32_t first_room = 64) : first_room_(first_room) {}
  PositionHistory(const PositionHistory&) = default;
  PositionHistory(PositionHistory&&) = default;
  PositionHistory& operator=(PositionHistory&&) = default;
  // An empty history copied over one that owns its positions keeps them, emptied, for the next
  // positions: a search copies a turn's start (its turn history empty) into the same child slots
  // over and over, and sharing the start's history would cost an allocation at each further turn
  // (K5), when the child adds to it.
  PositionHistory& operator=(const PositionHistory& other) {
    if (other.size_ == 0 && shared_ && shared_.use_count() == 1) {
      clear();  // owned: kept, emptied
    } else {
      shared_ = other.shared_;
      size_ = other.size_;
      members_ = other.members_;
    }
    first_room_ = other.first_room_;
    return *this;
  }
  void clear() {
    if (size_ == 0) return;
    if (shared_.use_count() == 1) shared_->clear();  // kept for the next positions
    else shared_.reset();
    size_ = 0;
    members_ = 0;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::span<const std::uint64_t> hashes() const { return size_ ? std::span(shared_->hashes.data(), size_) : std::span<const std::uint64_t>(); }
  // A hash of the set of positions held, whatever their order: the sum of their hashes (each
  // already mixed); 0 when empty. The state's hash covers a history through it.
  std::uint64_t members() const { return members_; }

  // (Always inline: it runs at every turn's end under L8, and the call was a fifth of its cost.)
  [[gnu::always_inline]] void add(std::uint64_t hash, const Count* counts, const std::uint8_t* owners,
                                  std::size_t width, int mover) {
    if (!shared_ || shared_.use_count() != 1) own();
    shared_->add(hash, counts, owners, width, mover, first_room_);
    ++size_;
    members_ += hash;
  }
  // Whether the position with these counts and owners, `mover` to move, whose hash is `hash`, is here.
  bool contains(std::uint64_t hash, const Count* counts, const std::uint8_t* owners, std::size_t width,
                int mover) const {
    return size_ > 0 && shared_->contains(hash, counts, owners, width, mover);
  }
  friend bool operator==(const PositionHistory& a, const PositionHistory& b) {
    if (a.size_ != b.size_ || a.members_ != b.members_) return false;
    return a.size_ == 0 || a.shared_ == b.shared_ || *a.shared_ == *b.shared_;
  }

 private:
  // The positions, end to end in flat arrays that grow together (one check of room per position).
  struct Positions {
    std::size_t size = 0;
    std::size_t width = 0;  // holes in a position: a history takes it from its first position
    std::vector<std::uint64_t> hashes;  // room for hashes.size() positions; the first `size` are used
    std::vector<std::uint8_t> movers;
    std::vector<Count> counts;          // each position's holes, one after another
    std::vector<std::uint8_t> owners;   // each position's owners, likewise
    std::array<std::uint64_t, (1 << 12) / 64> filter{};  // bit b: some hash's top 12 bits are b

    static std::size_t filter_word(std::uint64_t hash) { return hash >> (64 - 12 + 6); }
    static std::uint64_t filter_bit(std::uint64_t hash) { return std::uint64_t{1} << (hash >> (64 - 12) & 63); }
    void clear() {
      size = 0;
      filter = {};
    }
    [[gnu::always_inline]] void add(std::uint64_t hash, const Count* c, const std::uint8_t* o, std::size_t w, int mover,
                                    std::size_t first_room) {
      if (size == hashes.size() || w != width) grow(w, first_room);
      const std::size_t at = size * width;
      hashes[size] = hash;
      movers[size] = static_cast<std::uint8_t>(mover);
      ++size;
      filter[filter_word(hash)] |= filter_bit(hash);
      copy_bytes(&counts[at], c, width * sizeof(Count));
      copy_bytes(&owners[at], o, width);
    }
    bool contains(std::uint64_t hash, const Count* c, const std::uint8_t* o, std::size_t w, int mover) const {
      if (!(filter[filter_word(hash)] & filter_bit(hash))) return false;  // no hash with these top bits
      if (w != width) return false;
      for (std::size_t i = 0; i < size; ++i)
        if (hashes[i] == hash && movers[i] == mover && std::memcmp(&counts[i * width], c, width * sizeof(Count)) == 0 &&
            std::memcmp(&owners[i * width], o, width) == 0)
          return true;
      return false;
    }
    // Room for more positions (twice as many, or `first_room`), or for positions of a new width.
    void grow(std::size_t w, std::size_t first_room) {
      if (size > 0 && w != width) throw std::logic_error("positions of one history differ in width");
      width = w;
      const std::size_t room = size < hashes.size() ? hashes.size() : std::max<std::size_t>(first_room, 2 * hashes.size());
      hashes.resize(room);
      movers.resize(room);
      counts.resize(room * width);
      owners.resize(room * width);
    }
    friend bool operator==(const Positions& a, const Positions& b) {
      const auto n = static_cast<std::ptrdiff_t>(a.size), used = static_cast<std::ptrdiff_t>(a.size * a.width);
      return a.size == b.size && a.width == b.width &&
             std::equal(a.hashes.begin(), a.hashes.begin() + n, b.hashes.begin()) &&
             std::equal(a.movers.begin(), a.movers.begin() + n, b.movers.begin()) &&
             std::equal(a.counts.begin(), a.counts.begin() + used, b.counts.begin()) &&
             std::equal(a.owners.begin(), a.owners.begin() + used, b.owners.begin());
    }
  };

  // A history of its own before it changes: a copy of the shared one's positions, or a new one.
  void own() {
    auto mine = shared_ ? std::make_shared<Positions>(*shared_) : std::make_shared<Positions>();
    shared_ = std::move(mine);
  }

  std::shared_ptr<Positions> shared_;
  std::uint32_t first_room_;
  std::size_t size_ = 0;
  std::uint64_t members_ = 0;
};

}  // namespace mancala
