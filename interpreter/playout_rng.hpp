#pragma once
// The generator of random playouts (Game::apply_random): xoshiro256** (Blackman and Vigna 2018),
// seeded through SplitMix64. A playout draws at every move, and std::mt19937_64 cost about 5% of
// a playout (its state refill); this one is a few instructions a draw, and of a quality that
// uniform draws over a few dozen moves cannot tell apart. Agents and records draw with
// std::mt19937_64 as before.
#include <cstddef>
#include <cstdint>
#include <limits>

namespace mancala {

class PlayoutRng {
 public:
  using result_type = std::uint64_t;
  explicit PlayoutRng(std::uint64_t seed = 1) {
    for (auto& word : state_) {  // SplitMix64: never an all-zero state
      seed += 0x9e3779b97f4a7c15ull;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      word = z ^ (z >> 31);
    }
  }
  // A uniform draw in [0, n), n > 0, by Lemire's multiply-and-reject (exact, and without the
  // division std::uniform_int_distribution makes at every draw).
  std::size_t below(std::size_t n) {
    __extension__ using Wide = unsigned __int128;
    const std::uint64_t range = n;
    Wide product = static_cast<Wide>((*this)()) * range;
    if (static_cast<std::uint64_t>(product) < range) {
      const std::uint64_t threshold = -range % range;
      while (static_cast<std::uint64_t>(product) < threshold)
        product = static_cast<Wide>((*this)()) * range;
    }
    return static_cast<std::size_t>(product >> 64);
  }
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
  result_type operator()() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t state_[4];
};

}  // namespace mancala
