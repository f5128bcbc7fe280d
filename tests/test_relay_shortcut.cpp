// The relay shortcut (interpreter/sowing.cpp) runs the laps of a long relay in a tight loop when
// nothing but the lap can happen, and on a packed track when the track is a small circuit
// (interpreter/packed_circuit.hpp). Neither may change anything: every game of games/, under every
// option, plays the same moves to the same positions with them and without, and on random
// Kisolo positions (long relays, captures alive or not, tracks too full to pack) every legal
// move ends the same. tests/test_packed_circuit.cpp checks the packed laps alone, endless ones too.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <random>

#include "support.hpp"

using namespace mancala;

namespace {

// The same game twice: the relay shortcut on in the first, off in the second (or, with
// `packing_only`, only its packed track off).
struct Pair {
  std::unique_ptr<Game> on, off;
  Pair(const std::function<std::unique_ptr<Game>()>& load, bool packing_only = false) : on(load()), off(load()) {
    if (packing_only) off->relay_packing = false;
    else off->relay_shortcut = false;
  }
};

bool same(const State& a, const State& b) {
  return static_cast<const StateCore&>(a) == static_cast<const StateCore&>(b) &&
         a.turn_positions == b.turn_positions && a.round_positions == b.round_positions;
}

}  // namespace

TEST_CASE("the relay shortcut changes no move of any game", "[relay-shortcut]") {
  long used = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::project_dir() + "/games")) {
    if (entry.path().extension() != ".lud") continue;
    const std::string name = entry.path().stem().string();
    for (const auto& options : test::configurations(entry.path().string())) {
      Pair games([&] { return test::load_game(name, options); });
      for (int g = 0; g < 12; ++g) {
        PlayoutRng rng_on(100 + static_cast<unsigned>(g)), rng_off(100 + static_cast<unsigned>(g));
        State a = games.on->initial_state(), b = games.off->initial_state();
        while (!games.on->is_over(a) && a.ply < 300) {
          Move m = games.on->apply_random(a, rng_on);
          Move n = games.off->apply_random(b, rng_off);
          INFO(name << " " << (options.empty() ? "" : options[0]) << " game " << g << " ply " << a.ply);
          REQUIRE(m == n);
          REQUIRE(same(a, b));
        }
      }
      used += games.on->relay_shortcuts();
      CHECK(games.off->relay_shortcuts() == 0);
    }
  }
  CHECK(used > 100);  // the comparison means something: the shortcut was taken
}

TEST_CASE("the relay shortcut: random Kisolo positions end the same by every legal move", "[relay-shortcut]") {
  // Kisolo relays are long; with P2's inner row empty its captures cannot fire and the shortcut
  // runs from the fifth lap, with it occupied they stay alive and the general rules run.
  Pair games([] { return test::load_game("kisolo"); });
  std::mt19937_64 rng(5);
  std::vector<Move> on_moves, off_moves;
  for (int trial = 0; trial < 600; ++trial) {
    State s = games.on->empty_state(7);
    const Layout& l = games.on->layout_of(s);
    const bool inner_empty = trial % 2 == 0;
    for (int row = 1; row <= 4; ++row)
      for (int c = 0; c < 7; ++c) {
        int most = row == 3 && inner_empty ? 0 : 5;
        s.holes[l.pit(row, c)] = static_cast<Count>(std::uniform_int_distribution<int>(0, most)(rng));
      }
    games.on->prepare(s);
    games.on->legal_moves(s, on_moves);
    games.off->legal_moves(s, off_moves);
    INFO("trial " << trial << ": " << games.on->position_text(s));
    REQUIRE(on_moves == off_moves);
    for (const Move& m : on_moves) {
      State a = s, b = s;
      games.on->apply(a, m);
      games.off->apply(b, m);
      REQUIRE(same(a, b));
    }
  }
  CHECK(games.on->relay_shortcuts() > 100);
  CHECK(games.off->relay_shortcuts() == 0);
}

TEST_CASE("the packed track changes no move of any game", "[relay-shortcut]") {
  long packed = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::project_dir() + "/games")) {
    if (entry.path().extension() != ".lud") continue;
    const std::string name = entry.path().stem().string();
    for (const auto& options : test::configurations(entry.path().string())) {
      Pair games([&] { return test::load_game(name, options); }, /*packing_only=*/true);
      for (int g = 0; g < 12; ++g) {
        PlayoutRng rng_on(300 + static_cast<unsigned>(g)), rng_off(300 + static_cast<unsigned>(g));
        State a = games.on->initial_state(), b = games.off->initial_state();
        while (!games.on->is_over(a) && a.ply < 300) {
          Move m = games.on->apply_random(a, rng_on);
          Move n = games.off->apply_random(b, rng_off);
          INFO(name << " " << (options.empty() ? "" : options[0]) << " game " << g << " ply " << a.ply);
          REQUIRE(m == n);
          REQUIRE(same(a, b));
        }
      }
      packed += games.on->packed_relays();
      CHECK(games.off->packed_relays() == 0);
    }
  }
  CHECK(packed > 0);  // the comparison means something (the Kisolo positions below pack far more)
}

TEST_CASE("the packed track: random Kisolo positions end the same by every legal move", "[relay-shortcut]") {
  // Up to 5 counters a hole: the mover's 14-hole circuit always packs; up to 40: often more
  // than a byte's 255 counters on it, and the plain loop runs. P2's inner row empty in half the
  // trials, so that no capture interrupts the relay.
  Pair games([] { return test::load_game("kisolo"); }, /*packing_only=*/true);
  std::mt19937_64 rng(11);
  std::vector<Move> on_moves, off_moves;
  for (int trial = 0; trial < 800; ++trial) {
    State s = games.on->empty_state(7);
    const Layout& l = games.on->layout_of(s);
    const int most = trial % 4 < 2 ? 5 : 40;
    for (int row = 1; row <= 4; ++row)
      for (int c = 0; c < 7; ++c) {
        const int here = row == 3 && trial % 2 == 0 ? 0 : most;
        s.holes[l.pit(row, c)] = static_cast<Count>(std::uniform_int_distribution<int>(0, here)(rng));
      }
    games.on->prepare(s);
    games.on->legal_moves(s, on_moves);
    games.off->legal_moves(s, off_moves);
    INFO("trial " << trial << ": " << games.on->position_text(s));
    REQUIRE(on_moves == off_moves);
    for (const Move& m : on_moves) {
      State a = s, b = s;
      games.on->apply(a, m);
      games.off->apply(b, m);
      REQUIRE(same(a, b));
    }
  }
  CHECK(games.on->packed_relays() > 100);
  CHECK(games.off->packed_relays() == 0);
}
