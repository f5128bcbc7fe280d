// PackedCircuit (interpreter/packed_circuit.hpp) against the plain relay, which drops counters
// one by one and remembers every configuration: on random circuits of 1 to 16 holes laid out
// anywhere on a board, with random counts (up to the byte's 255), lap tests, lifts and holes a
// capture may fire at, both must end the same way (the lap's test fails, a hole is not lifted,
// endless, the drop limit) and, unless endless, leave the same board, landing, lifted hole, laps
// and drops. Packing must refuse a track that is no circuit, too long, too full, or the
// opponent's before the sowing crossed over.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "interpreter/packed_circuit.hpp"

using namespace mancala;

namespace {

constexpr int kBoard = 40;  // holes on the board; the circuit is some of them, in any order

struct Relay {
  std::vector<Count> counts = std::vector<Count>(kBoard, 0);
  std::vector<std::uint8_t> along = std::vector<std::uint8_t>(kBoard, kNoHole);
  std::vector<std::uint8_t> owners = std::vector<std::uint8_t>(kBoard, 0);
  HoleSet live;
  int start = 0;
};

struct Ending {
  PackedCircuit::End end = PackedCircuit::End::lap_ended;
  std::vector<Count> counts;
  int at = kNoHole, from = kNoHole, laps = 0;
  long dropped = 0;
};

// The relay as sowing.cpp's general loop runs it: a drop at a time, every configuration kept.
template <LapTest kTest, bool kFollowing>
Ending plain(Relay r, int least, long limit) {
  Ending e;
  int at = r.start, from = kNoHole;
  std::set<std::pair<std::vector<Count>, int>> seen;
  for (;;) {
    const int following = r.along[at];
    bool holds;
    if constexpr (kTest == LapTest::landed_occupied) holds = r.counts[at] > 1;
    else if constexpr (kTest == LapTest::landing_at_least) holds = r.counts[at] >= least;
    else holds = r.counts[following] >= least;
    if (!holds) break;
    const int lift = kFollowing ? following : at;
    const int hand = r.counts[lift];
    if (hand == 0 || r.live.contains(lift)) break;
    if (!seen.insert({r.counts, lift}).second) {
      e.end = PackedCircuit::End::endless;
      break;
    }
    r.counts[lift] = 0;
    at = from = lift;
    ++e.laps;
    if ((e.dropped += hand) > limit) {
      e.end = PackedCircuit::End::drop_limit;
      break;
    }
    for (int i = 0; i < hand; ++i) ++r.counts[at = r.along[at]];
  }
  e.counts = r.counts;
  e.at = at;
  e.from = from;
  return e;
}

template <LapTest kTest, bool kFollowing>
Ending packed(Relay r, int least, long limit) {
  PackedCircuit circuit;
  REQUIRE(circuit.pack(r.counts.data(), r.owners.data(), r.along.data(), r.start, 0, false));
  Ending e;
  int at = 0, from = -1;
  e.end = circuit.run<kTest, kFollowing>(at, from, e.dropped, e.laps, limit, least, circuit.indices_of(r.live));
  circuit.unpack(r.counts.data());
  e.counts = r.counts;
  e.at = circuit.hole(at);
  e.from = from < 0 ? kNoHole : circuit.hole(from);
  return e;
}

// A circuit of `k` holes picked at random on the board, with `total` counters spread at random.
Relay random_relay(std::mt19937_64& rng, int k, int total, bool with_live) {
  Relay r;
  std::vector<int> holes(kBoard);
  std::iota(holes.begin(), holes.end(), 0);
  std::shuffle(holes.begin(), holes.end(), rng);
  holes.resize(static_cast<std::size_t>(k));
  for (int i = 0; i < k; ++i) r.along[holes[i]] = static_cast<std::uint8_t>(holes[(i + 1) % k]);
  for (int c = 0; c < total; ++c) ++r.counts[holes[rng() % static_cast<unsigned>(k)]];
  r.start = holes[rng() % static_cast<unsigned>(k)];
  if (with_live) r.live.insert(holes[rng() % static_cast<unsigned>(k)]);
  return r;
}

template <LapTest kTest, bool kFollowing>
void compare(std::mt19937_64& rng, int trials, long& endless, long& laps) {
  for (int trial = 0; trial < trials; ++trial) {
    const int k = 1 + static_cast<int>(rng() % PackedCircuit::kMaxTrack);
    const int total = static_cast<int>(rng() % (trial % 3 == 0 ? 3 * k : PackedCircuit::kMaxTrackCounters + 1));
    const Relay r = random_relay(rng, k, total, trial % 4 == 0);
    const int least = kTest == LapTest::next_at_least ? 1 + static_cast<int>(rng() % 2) : 2;
    const long limit = trial % 5 == 0 ? static_cast<long>(rng() % 200) : 200000;
    const Ending want = plain<kTest, kFollowing>(r, least, limit);
    const Ending got = packed<kTest, kFollowing>(r, least, limit);
    INFO("trial " << trial << ", " << k << " holes, " << total << " counters, drop limit " << limit);
    const bool want_endless = want.end != PackedCircuit::End::lap_ended;
    REQUIRE((got.end != PackedCircuit::End::lap_ended) == want_endless);
    if (want_endless) {
      // Found at different lifts (the plain method at the first repeat); the drop limit may come
      // first in either.
      ++endless;
      continue;
    }
    CHECK(got.counts == want.counts);
    CHECK(got.at == want.at);
    CHECK(got.from == want.from);
    CHECK(got.laps == want.laps);
    CHECK(got.dropped == want.dropped);
    laps += got.laps;
  }
}

}  // namespace

TEST_CASE("a packed relay ends as the plain relay does", "[relay-shortcut]") {
  std::mt19937_64 rng(29);
  long endless = 0, laps = 0;
  compare<LapTest::next_at_least, true>(rng, 1500, endless, laps);    // Kisolo's: lift the next hole
  compare<LapTest::landed_occupied, false>(rng, 1500, endless, laps); // the common relay
  compare<LapTest::landing_at_least, false>(rng, 1500, endless, laps);
  CHECK(endless > 100);  // endless relays and drop limits were met ...
  CHECK(laps > 10000);   // ... and long relays that end
}

TEST_CASE("a track that is no small circuit, or too full, is not packed", "[relay-shortcut]") {
  std::mt19937_64 rng(3);
  PackedCircuit circuit;
  Relay r = random_relay(rng, PackedCircuit::kMaxTrack, PackedCircuit::kMaxTrackCounters, false);
  CHECK(circuit.pack(r.counts.data(), r.owners.data(), r.along.data(), r.start, 0, false));
  ++r.counts[r.along[r.start]];  // 256 counters: a byte a hole could carry into the next
  CHECK_FALSE(circuit.pack(r.counts.data(), r.owners.data(), r.along.data(), r.start, 0, false));

  Relay longer = random_relay(rng, PackedCircuit::kMaxTrack + 1, 10, false);
  CHECK_FALSE(circuit.pack(longer.counts.data(), longer.owners.data(), longer.along.data(), longer.start, 0, false));

  Relay open = random_relay(rng, 8, 10, false);  // a track that ends (a store off it, say)
  open.along[open.start] = kNoHole;
  CHECK_FALSE(circuit.pack(open.counts.data(), open.owners.data(), open.along.data(), open.start, 0, false));

  Relay shared = random_relay(rng, 8, 10, false);  // one hole the opponent's: a drop there crosses over
  shared.owners[shared.along[shared.start]] = 1;
  CHECK_FALSE(circuit.pack(shared.counts.data(), shared.owners.data(), shared.along.data(), shared.start, 0, false));
  CHECK(circuit.pack(shared.counts.data(), shared.owners.data(), shared.along.data(), shared.start, 0, true));
}
