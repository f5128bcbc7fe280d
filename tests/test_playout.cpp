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

TEST_CASE("apply_random plays a legal move, as apply would, in every game", "[playout]") {
  for (const auto& entry : std::filesystem::directory_iterator(test::project_dir() + "/games")) {
    if (entry.path().extension() != ".lud") continue;
    std::string name = entry.path().stem().string();
    auto game = test::load_game(name);
    PlayoutRng rng(3);
    std::vector<Move> legal;
    for (int g = 0; g < 10; ++g) {
      State s = game->initial_state();
      while (!game->is_over(s) && s.ply < 300) {
        game->legal_moves(s, legal);
        State expected = s;
        Move m = game->apply_random(s, rng);
        INFO(name << " game " << g << " ply " << expected.ply << " move " << game->move_text(expected, m));
        REQUIRE(std::find(legal.begin(), legal.end(), m) != legal.end());
        game->apply(expected, m);
        REQUIRE(static_cast<const StateCore&>(s) == static_cast<const StateCore&>(expected));
      }
    }
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
