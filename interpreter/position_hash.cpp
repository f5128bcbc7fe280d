// The engine's one hash of a position (Game::hash), and the hash of the counts and the mover that
// the histories of G6 and L8 key their positions by (Game::position_hash).
#include <cstring>

#include "interpreter/game.hpp"

namespace mancala {

namespace {

// wyhash's mixing step (Wang Yi's public-domain hash): the 128-bit product of two words, folded
// to 64 bits. Two words a multiplication: half the work of scrambling each word on its own (an
// earlier sum of words times constants was linear, so positions with counters moved in step
// collided and the solver took one for the other; tests/test_position_hash.cpp).
__extension__ typedef unsigned __int128 Wide;  // GCC's and Clang's 128-bit integer

std::uint64_t mum(std::uint64_t a, std::uint64_t b) {
  const Wide product = static_cast<Wide>(a) * b;
  return static_cast<std::uint64_t>(product) ^ static_cast<std::uint64_t>(product >> 64);
}

constexpr std::uint64_t kSecret[4] = {0xa0761d6478bd642full, 0xe7037ed1a0b428dbull, 0x8ebc6af09c88c6e3ull,
                                      0x589965cc75374cc3ull};

// The hash of `bytes` bytes from `data`, sixteen at a time, then the last sixteen (or, below
// sixteen, the bytes zero-padded); a layout's positions all have the same length, folded in too.
std::uint64_t bytes_hash(const unsigned char* data, std::size_t bytes, std::uint64_t seed) {
  auto word_at = [data](std::size_t i) {
    std::uint64_t word;
    std::memcpy(&word, data + i, 8);
    return word;
  };
  std::uint64_t h = seed ^ kSecret[0];
  std::size_t i = 0;
  for (; i + 16 <= bytes; i += 16) h = mum(word_at(i) ^ kSecret[1], word_at(i + 8) ^ h);
  if (i < bytes && bytes >= 16) {  // the last sixteen bytes, overlapping the ones before
    h = mum(word_at(bytes - 16) ^ kSecret[1], word_at(bytes - 8) ^ h);
  } else if (i < bytes) {
    std::uint64_t a = 0, b = 0;
    std::memcpy(&a, data, bytes < 8 ? bytes : 8);
    if (bytes > 8) std::memcpy(&b, data + 8, bytes - 8);
    h = mum(a ^ kSecret[1], b ^ h);
  }
  return mum(h ^ kSecret[2], bytes ^ kSecret[3]);
}

// Folds one more value into a hash.
std::uint64_t fold(std::uint64_t h, std::uint64_t value) {
  h = (h ^ value) * 0xff51afd7ed558ccdull;
  return h ^ (h >> 32);
}

}  // namespace

std::uint64_t Game::position_hash(const StateCore& s, int mover) const {
  // Owners are left to the comparison that follows a matching hash.
  const auto* counts = reinterpret_cast<const unsigned char*>(s.holes.data());
  const std::size_t bytes = static_cast<std::size_t>(layouts_[s.columns].size) * sizeof(Count);
  return bytes_hash(counts, bytes, static_cast<std::uint64_t>(mover) + 1u);
}

std::uint64_t Game::hash(const State& s) const {
  std::uint64_t h = position_hash(s, s.mover);
  const auto size = static_cast<std::size_t>(layouts_[s.columns].size);
  if (hashed_.owners) h = fold(h, bytes_hash(s.owner.data(), size, 1));
  if (hashed_.flags) h = fold(h, bytes_hash(s.flags.data(), size, 2));
  // The decision being made: its phase, and a set-up's progress, a further decision's rule,
  // direction and origins, or the result once over.
  h = fold(h, static_cast<std::uint64_t>(s.phase) | static_cast<std::uint64_t>(s.outcome) << 8 |
                  static_cast<std::uint64_t>(s.setup_step) << 16 | static_cast<std::uint64_t>(s.place_index) << 24 |
                  static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.place_left)) << 32);
  if (s.continuing)
    h = fold(fold(h, 1u | static_cast<std::uint64_t>(s.direction_forced) << 1 |
                         static_cast<std::uint64_t>(s.forced_dir) << 2 | static_cast<std::uint64_t>(s.decision_rule) << 8 |
                         static_cast<std::uint64_t>(s.again_origin) << 16 | static_cast<std::uint64_t>(s.landing) << 32 |
                         static_cast<std::uint64_t>(s.again_clause) << 40),
             s.turn_positions.members());
  if (hashed_.rounds) {
    h = fold(h, static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.round)) | static_cast<std::uint64_t>(s.columns) << 32 |
                    static_cast<std::uint64_t>(s.next_columns) << 40 | static_cast<std::uint64_t>(s.winner) << 48 |
                    static_cast<std::uint64_t>(s.loser) << 56);
    for (int p = 0; p < rules_.players; ++p)
      h = fold(h, static_cast<std::uint32_t>(s.scores[p]) | static_cast<std::uint64_t>(static_cast<std::uint32_t>(s.tallies[p])) << 32);
  }
  if (hashed_.turns)
    for (int p = 0; p < rules_.players; ++p) h = fold(h, static_cast<std::uint16_t>(s.turns[p]) | static_cast<std::uint64_t>(p) << 16);
  for (std::int32_t v : s.vars) h = fold(h, static_cast<std::uint32_t>(v));
  if (rules_.uses_repetition) h = fold(h, s.round_positions.members());
  return h;
}

}  // namespace mancala
