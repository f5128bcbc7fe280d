// The playout path (Game::apply_random: draw a candidate, keep it if legal) plays only legal
// moves, each as apply would, and draws them uniformly.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <sstream>

#include "support.hpp"

using namespace mancala;

namespace {
// Plays `games` games of `game` by apply_random, up to `plies` plies each, and checks every ply:
// a legal move, leaving the position apply leaves (an excluded candidate undone exactly).
void check_apply_random(const Game& game, const std::string& name, std::uint64_t seed, int games, int plies) {
  PlayoutRng rng(seed);
  std::vector<Move> legal;
  for (int g = 0; g < games; ++g) {
    State s = game.initial_state();
    while (!game.is_over(s) && s.ply < plies) {
      game.legal_moves(s, legal);
      State expected = s;
      Move m = game.apply_random(s, rng);
      INFO(name << " game " << g << " ply " << expected.ply << ": " << game.position_text(expected) << " move "
                << game.move_text(expected, m));
      REQUIRE(std::find(legal.begin(), legal.end(), m) != legal.end());
      game.apply(expected, m);
      REQUIRE(static_cast<const StateCore&>(s) == static_cast<const StateCore&>(expected));
    }
  }
}
}  // namespace

TEST_CASE("apply_random plays a legal move, as apply would, in every game", "[playout]") {
  for (const std::string& path : test::sampled_game_files()) {
    std::string name = test::game_name(path);
    check_apply_random(*test::load_game(name), name, 3, 10, 300);
  }
}

TEST_CASE("apply_random draws the legal moves uniformly, excluded ones never", "[playout]") {
  // Kisolo (G6): from this position A1 is endless and excluded; the other seven moves are legal.
  auto game = test::load_game("kisolo");
  std::vector<std::string> rows = {"3 3 3 3 3 3 3", "0 0 0 0 0 0 0", "1 0 1 0 1 0 1", "2 1 0 1 0 1 0"};
  std::map<std::string, int> drawn;
  PlayoutRng rng(11);
  const int n = 7000;
  for (int i = 0; i < n; ++i) {
    State s = game->empty_state(7);
    const Layout& l = game->layout_of(s);
    for (int r = 0; r < 4; ++r) {
      std::istringstream counts(rows[static_cast<std::size_t>(r)]);
      for (int c = 0; c < 7; ++c) {
        int v;
        counts >> v;
        s.holes[l.pit(4 - r, c)] = static_cast<Count>(v);
      }
    }
    game->prepare(s);
    State before = s;
    ++drawn[game->move_text(before, game->apply_random(s, rng))];
  }
  CHECK(drawn.count("A1") == 0);
  CHECK(drawn.size() == 7);
  for (const auto& [move, count] : drawn) {
    INFO(move << " drawn " << count << " times of " << n);
    CHECK(count > n / 7 - 150);  // 1000 expected; a spread of ~30 (binomial)
    CHECK(count < n / 7 + 150);
  }
}

namespace {
// The position `game->playout` reaches from `start` after `plies` plies, drawing from `seed`.
State played_out(const Game& game, const State& start, std::uint64_t seed, int plies) {
  State s = start;
  PlayoutRng rng(seed);
  game.playout(s, rng, start.ply + plies);
  return s;
}
}  // namespace

TEST_CASE("a playout plays only legal moves, a turn's further ones (K5) drawn ahead included", "[playout]") {
  // A playout stopped after k + 1 plies has gone through the position it reaches after k (the
  // same draws): each ply must be a legal move of that position, played as apply plays it.
  std::vector<Move> legal;
  int further = 0;
  for (const std::string& path : test::sampled_game_files()) {
    std::string name = test::game_name(path);
    auto game = test::load_game(name);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const State start = game->initial_state();
      State s = start;
      for (int k = 0; k < 80 && !game->is_over(s); ++k) {
        State next = played_out(*game, start, seed, k + 1);
        INFO(name << " seed " << seed << " ply " << s.ply << ": " << game->position_text(s));
        REQUIRE(next.ply == s.ply + 1);
        game->legal_moves(s, legal);
        bool reached = false;
        for (const Move& m : legal) {
          State t = s;
          game->apply(t, m);
          reached |= static_cast<const StateCore&>(t) == static_cast<const StateCore&>(next);
        }
        REQUIRE(reached);
        further += game->continuing(s);
        s = next;
      }
    }
  }
  CHECK(further > 50);  // the further moves drawn ahead were played, not only first ones
}

TEST_CASE("a playout draws a turn's further move (K5) uniformly", "[playout]") {
  // Kalah: A1's six counters end in P1's store, so P1 moves again, from one of B1..F1 (one
  // counter each), each as likely.
  auto game = test::load_game("kalah");
  State s = game->empty_state(6);
  const Layout& l = game->layout_of(s);
  s.holes[l.pit(1, 0)] = 6;
  for (int c = 0; c < 6; ++c) s.holes[l.pit(2, c)] = 4;
  game->prepare(s);
  std::vector<Move> legal;
  game->legal_moves(s, legal);
  REQUIRE(legal.size() == 1);
  State after_first = s;
  game->apply(after_first, legal[0]);
  REQUIRE(game->continuing(after_first));
  game->legal_moves(after_first, legal);
  REQUIRE(legal.size() == 5);
  std::map<std::string, int> reached;  // the position after two plies, as text
  const int n = 5000;
  for (int i = 0; i < n; ++i) ++reached[game->position_text(played_out(*game, s, 100 + static_cast<std::uint64_t>(i), 2))];
  CHECK(reached.size() == 5);
  for (const auto& [position, count] : reached) {
    INFO(position << " reached " << count << " times of " << n);
    CHECK(count > n / 5 - 150);  // 1000 expected; a spread of ~28 (binomial)
    CHECK(count < n / 5 + 150);
  }
}

TEST_CASE("a reversible sowing a playout excludes is taken back exactly", "[playout]") {
  // Sowings that only lift and drop until their last handful keep no copy of the position before
  // them: an excluded one is sown back from its log of handfuls (Sowing::reversible). On 2x3 with
  // four counters a hole, a handful ending in an occupied hole is lifted again and many sowings
  // are endless, found by G6's watch (past the logged handfuls) or by a limit of drops (within
  // them). (The lap's test is written so that the relay shortcut does not take it.)
  auto relay = [](const std::string& limit) {
    return R"((import "mancala")
      (game "Even relay" (board 2 3 stores:open) )" + limit + R"(
        (start (fill 4))
        (sow (origin (row mover) (if (occupied hole)))
          (lap (and (>= (count hole) 0) (not (was-empty hole)))))))";
  };
  for (const std::string limit : {"", "(max-drops 9)", "(max-drops 40)"}) {
    auto game = test::load_text(relay(limit));
    REQUIRE(game->rules().sowings[0].reversible);
    check_apply_random(*game, "relay " + limit, 5, 40, 150);
    INFO(limit);
    CHECK(game->excluded_moves() > 100);  // candidates excluded and taken back
  }
}
