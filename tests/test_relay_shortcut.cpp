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

// Plays 12 random games of every game of games/ under every option with both of `games`' builds
// (`packing_only` as Pair takes it), move for move the same; returns what `used` counts in the
// first build over all of them, after checking that the second build never did it.
long play_every_game_both_ways(bool packing_only, unsigned first_seed, long (Game::*used)() const) {
  long total = 0;
  for (const std::string& path : test::sampled_game_files()) {
    const std::string name = test::game_name(path);
    for (const auto& options : test::configurations(path)) {
      Pair games([&] { return test::load_game(name, options); }, packing_only);
      for (unsigned g = 0; g < 12; ++g) {
        PlayoutRng rng_on(first_seed + g), rng_off(first_seed + g);
        State a = games.on->initial_state(), b = games.off->initial_state();
        while (!games.on->is_over(a) && a.ply < 300) {
          Move m = games.on->apply_random(a, rng_on);
          Move n = games.off->apply_random(b, rng_off);
          INFO(name << " " << (options.empty() ? "" : options[0]) << " game " << g << " ply " << a.ply);
          REQUIRE(m == n);
          REQUIRE(same(a, b));
        }
      }
      total += ((*games.on).*used)();
      CHECK(((*games.off).*used)() == 0);
    }
  }
  return total;
}

// Random Kisolo positions, `trials` of them (at most `most(trial)` counters a hole; P2's inner
// row empty when `inner_empty(trial)`): both builds of `games` list the same legal moves, and
// each move leaves the same position.
template <class Most, class InnerEmpty>
void compare_on_kisolo_positions(Pair& games, unsigned seed, int trials, Most most, InnerEmpty inner_empty) {
  std::mt19937_64 rng(seed);
  std::vector<Move> on_moves, off_moves;
  for (int trial = 0; trial < trials; ++trial) {
    State s = games.on->empty_state(7);
    const Layout& l = games.on->layout_of(s);
    for (int row = 1; row <= 4; ++row)
      for (int c = 0; c < 7; ++c) {
        const int here = row == 3 && inner_empty(trial) ? 0 : most(trial);
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
}

}  // namespace

TEST_CASE("the relay shortcut changes no move of any game", "[relay-shortcut]") {
  // The comparison means something: the shortcut was taken.
  CHECK(play_every_game_both_ways(false, 100, &Game::relay_shortcuts) > 100);
}

TEST_CASE("the relay shortcut: random Kisolo positions end the same by every legal move", "[relay-shortcut]") {
  // Kisolo relays are long; with P2's inner row empty its captures cannot fire and the shortcut
  // runs from the fifth lap, with it occupied they stay alive and the general rules run.
  Pair games([] { return test::load_game("kisolo"); });
  compare_on_kisolo_positions(games, 5, 600, [](int) { return 5; }, [](int trial) { return trial % 2 == 0; });
  CHECK(games.on->relay_shortcuts() > 100);
  CHECK(games.off->relay_shortcuts() == 0);
}

TEST_CASE("the packed track changes no move of any game", "[relay-shortcut]") {
  // Tracks were packed in play (the Kisolo positions below pack far more).
  CHECK(play_every_game_both_ways(true, 300, &Game::packed_relays) > 0);
}

TEST_CASE("the packed track: random Kisolo positions end the same by every legal move", "[relay-shortcut]") {
  // Up to 5 counters a hole: the mover's 14-hole circuit always packs; up to 40: often more
  // than a byte's 255 counters on it, and the plain loop runs. P2's inner row empty in half the
  // trials, so that no capture interrupts the relay.
  Pair games([] { return test::load_game("kisolo"); }, /*packing_only=*/true);
  compare_on_kisolo_positions(games, 11, 800, [](int trial) { return trial % 4 < 2 ? 5 : 40; },
                              [](int trial) { return trial % 2 == 0; });
  CHECK(games.on->packed_relays() > 100);
  CHECK(games.off->packed_relays() == 0);
}
