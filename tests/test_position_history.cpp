// PositionHistory, the positions G6 (a turn's) and L8 (a round's) compare with: a position is
// found only when its counts, owners and mover all match, whatever the hashes say (two positions
// may share a hash), and the history holds as many positions as a round brings; copies share a
// history until one of them changes it; and a position is copied whole (StateCore::operator=),
// whatever its width.
#include <catch2/catch.hpp>

#include "interpreter/state.hpp"

using namespace mancala;

namespace {

StateCore position(int width, int seed) {
  StateCore s;
  s.holes.assign(static_cast<std::size_t>(width), 0);
  s.owner.assign(static_cast<std::size_t>(width), 0);
  for (int h = 0; h < width; ++h) {
    s.holes[static_cast<std::size_t>(h)] = static_cast<Count>((seed * 7 + h * 3) % 11);
    s.owner[static_cast<std::size_t>(h)] = static_cast<std::uint8_t>(h < width / 2 ? 0 : 1);
  }
  s.holes[0] = static_cast<Count>(seed);  // one position for each seed
  return s;
}

void add(PositionHistory& history, std::uint64_t hash, const StateCore& s, int mover) {
  history.add(hash, s.holes.data(), s.owner.data(), s.holes.size(), mover);
}
bool contains(const PositionHistory& history, std::uint64_t hash, const StateCore& s, int mover) {
  return history.contains(hash, s.holes.data(), s.owner.data(), s.holes.size(), mover);
}

}  // namespace

TEST_CASE("a position history finds a position only when counts, owners and mover match", "[history]") {
  PositionHistory history;
  const StateCore a = position(14, 1);
  add(history, 42, a, 0);
  CHECK(contains(history, 42, a, 0));
  CHECK_FALSE(contains(history, 43, a, 0));  // another hash: another position
  CHECK_FALSE(contains(history, 42, a, 1));  // the other player to move

  StateCore counts_differ = a;  // the same hash (a collision), other counts
  ++counts_differ.holes[3];
  CHECK_FALSE(contains(history, 42, counts_differ, 0));

  StateCore owners_differ = a;  // a hole changed hands (a claim)
  owners_differ.owner[2] = 1;
  CHECK_FALSE(contains(history, 42, owners_differ, 0));
}

TEST_CASE("a position history holds a long round, and clearing starts a new one", "[history]") {
  PositionHistory history;
  for (int i = 0; i < 500; ++i) add(history, static_cast<std::uint64_t>(i % 50), position(20, i), i % 2);
  REQUIRE(history.size() == 500);
  for (int i = 0; i < 500; i += 37) CHECK(contains(history, static_cast<std::uint64_t>(i % 50), position(20, i), i % 2));
  CHECK_FALSE(contains(history, 7, position(20, 1000), 1));

  history.clear();
  CHECK(history.empty());
  CHECK_FALSE(contains(history, 0, position(20, 0), 0));
  add(history, 5, position(20, 3), 1);
  CHECK(contains(history, 5, position(20, 3), 1));
  CHECK(std::vector<std::uint64_t>(history.hashes().begin(), history.hashes().end()) == std::vector<std::uint64_t>{5});
}

TEST_CASE("two histories are equal when they hold the same positions, whatever room they keep", "[history]") {
  PositionHistory grown, fresh;
  for (int i = 0; i < 100; ++i) add(grown, static_cast<std::uint64_t>(i), position(14, i), 0);
  grown.clear();  // keeps the room of 100 positions
  add(grown, 9, position(14, 9), 1);
  add(fresh, 9, position(14, 9), 1);
  CHECK(grown == fresh);
  add(fresh, 10, position(14, 10), 0);
  CHECK_FALSE(grown == fresh);
}

TEST_CASE("a position copied onto one of the same width is copied whole, whatever the width", "[history]") {
  // StateCore's copy moves each row as one block of bytes (copy_bytes: blocks of 16, overlapping
  // halves below): every width from one hole to past the inline room of a row.
  for (int width = 1; width <= 80; ++width) {
    INFO("width " << width);
    const StateCore from = position(width, width);
    StateCore to = position(width, width + 1);
    to.flags.assign(static_cast<std::size_t>(width), 1);
    StateCore flagged = from;
    flagged.flags.assign(static_cast<std::size_t>(width), 0);
    flagged.flags[static_cast<std::size_t>(width - 1)] = 2;
    to = flagged;
    CHECK(to == flagged);
    to = from;
    CHECK(to == from);
  }
}

TEST_CASE("a history takes the width of its first position, and refuses another", "[history]") {
  PositionHistory history;
  for (int i = 0; i < 70; ++i) add(history, static_cast<std::uint64_t>(i), position(14, i), 0);  // past the first room
  CHECK(contains(history, 69, position(14, 69), 0));
  CHECK_FALSE(contains(history, 69, position(20, 69), 0));
  CHECK_THROWS_AS(add(history, 1, position(20, 1), 0), std::logic_error);
  history.clear();  // a new round on a resized board: the new width
  add(history, 3, position(20, 3), 1);
  CHECK(contains(history, 3, position(20, 3), 1));
  CHECK(history.size() == 1);
}

TEST_CASE("a history finds every position it holds, whatever the top bits of their hashes", "[history]") {
  // The filter that spares most scans is indexed by a hash's top bits: hashes spread over them
  // all, some positions sharing a hash with another position.
  PositionHistory history;
  auto hash = [](int i) { return static_cast<std::uint64_t>(i / 2) * 0x9e3779b97f4a7c15ull; };
  for (int i = 0; i < 3000; ++i) add(history, hash(i), position(12, i), i % 2);
  for (int i = 0; i < 3000; ++i) REQUIRE(contains(history, hash(i), position(12, i), i % 2));
  int found = 0;
  for (int i = 3000; i < 6000; ++i) found += contains(history, hash(i), position(12, i), i % 2);
  CHECK(found == 0);
  CHECK_FALSE(contains(history, hash(7), position(12, 6), 1));  // the hash of one, the position of another
}

TEST_CASE("copies of a history share it until one of them adds or clears", "[history]") {
  PositionHistory original;
  for (int i = 0; i < 5; ++i) add(original, static_cast<std::uint64_t>(i), position(14, i), 0);
  PositionHistory copy = original;
  CHECK(copy == original);
  add(copy, 99, position(14, 99), 1);  // the copy takes its own positions first
  CHECK(contains(copy, 99, position(14, 99), 1));
  CHECK_FALSE(contains(original, 99, position(14, 99), 1));
  CHECK(original.size() == 5);
  CHECK(copy.size() == 6);
  PositionHistory cleared = original;
  cleared.clear();  // the original keeps its positions
  CHECK(cleared.empty());
  CHECK(contains(original, 4, position(14, 4), 0));
  add(original, 7, position(14, 7), 0);  // the original, no longer shared, adds in place
  CHECK(contains(original, 7, position(14, 7), 0));
  CHECK_FALSE(contains(copy, 7, position(14, 7), 0));
}

TEST_CASE("a history's members hash is that of its set of positions, whatever their order", "[history]") {
  PositionHistory forward, backward;
  for (int i = 0; i < 6; ++i) add(forward, static_cast<std::uint64_t>(i * 977), position(10, i), 0);
  for (int i = 6; i-- > 0;) add(backward, static_cast<std::uint64_t>(i * 977), position(10, i), 0);
  CHECK(forward.members() == backward.members());
  add(backward, 12345, position(10, 40), 1);
  CHECK(forward.members() != backward.members());
  backward.clear();
  CHECK(backward.members() == 0);
}
