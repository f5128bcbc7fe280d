// The engine's one hash of a position (Game::hash), and the hash of the counts and the mover that
// the histories of G6 and L8 key their positions by (Game::position_hash).
#include <cstring>

#include "interpreter/game.hpp"

namespace mancala {

namespace {

constexpr std::uint64_t kWeight = 0x9e3779b97f4a7c15ull;

// A word scrambled with a constant of its place: MurmurHash3's finalizer, a bijection in which
// every bit of the word moves every bit of the result. (A sum of words times constants was linear:
// positions with counters moved in step had the same hash, and the solver took one for the other;
// tests/test_position_hash.cpp.)
std::uint64_t scrambled(std::uint64_t word, std::uint64_t weight) {
  word ^= weight;
  word ^= word >> 33;
  word *= 0xff51afd7ed558ccdull;
  word ^= word >> 33;
  word *= 0xc4ceb9fe1a85ec53ull;
  return word ^ (word >> 33);
}

// `bytes` bytes from `data` read eight at a time, each word scrambled with a constant of its own
// and the results summed (multiplications that do not wait on each other); a last part-word is
// read as the word ending there, or byte pairs below eight bytes.
std::uint64_t word_sum(const unsigned char* data, std::size_t bytes, std::uint64_t h) {
  auto word_at = [data](std::size_t i) {
    std::uint64_t word;
    std::memcpy(&word, data + i, 8);
    return word;
  };
  std::uint64_t weight = kWeight;
  std::size_t i = 0;
  for (; i + 8 <= bytes; i += 8, weight += 2 * kWeight) h += scrambled(word_at(i), weight);
  if (i < bytes) {
    if (bytes >= 8) {
      h += scrambled(word_at(bytes - 8), weight);
    } else {
      for (; i < bytes; ++i, weight += 2 * kWeight) h += scrambled(data[i], weight);
    }
  }
  return h;
}

std::uint64_t finish(std::uint64_t h) {
  h ^= h >> 31;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 29;
  return h;
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
  return finish(word_sum(counts, bytes, static_cast<std::uint64_t>(mover) + 1u));
}

std::uint64_t Game::hash(const State& s) const {
  std::uint64_t h = position_hash(s, s.mover);
  const auto size = static_cast<std::size_t>(layouts_[s.columns].size);
  if (hashed_.owners) h = fold(h, finish(word_sum(s.owner.data(), size, 1)));
  if (hashed_.flags) h = fold(h, finish(word_sum(s.flags.data(), size, 2)));
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
