// The solver is exact: on tiny Kalah boards (tests/ai/tiny-kalah.lud) its value equals plain
// minimax's, which visits every line to its end without pruning or tables, at the start and at
// positions along random games; its principal variation reaches the value it claims.
#include <catch2/catch.hpp>

#include <random>

#include "ai_games.hpp"
#include "interpreter/ai/solver.hpp"
#include "support.hpp"

using namespace mancala;

namespace {

std::unique_ptr<Game> tiny(int seeds) {
  std::string error;
  auto source = read_source(test::project_dir() + "/tests/ai/tiny-kalah.lud", error);
  REQUIRE(source);
  return test::check_and_compile(source, {"seeds=" + std::to_string(seeds)});
}

// Lexicographic order of (result, margin), the order the solver claims to maximise.
bool better(const ai::SolvedValue& a, const ai::SolvedValue& b) {
  return a.result != b.result ? a.result > b.result : a.margin > b.margin;
}

// Plain minimax from the mover's view: every line to its end, the same player deciding again
// after a further decision (K5).
ai::SolvedValue minimax(const Game& game, const State& s, int max_turns, long& positions) {
  if (game.is_over(s) || game.ply(s) >= max_turns) return ai::final_value(game, s, game.mover(s));
  ++positions;
  std::vector<Move> moves;
  game.legal_moves(s, moves);
  ai::SolvedValue best{-2, 0};
  for (const Move& m : moves) {
    State child = s;
    game.apply(child, m);
    ai::SolvedValue v = minimax(game, child, max_turns, positions);
    if (game.mover(child) != game.mover(s)) v = {-v.result, -v.margin};
    if (best.result == -2 || better(v, best)) best = v;
  }
  return best;
}

}  // namespace

TEST_CASE("solve equals exhaustive minimax on tiny boards", "[ai][solve]") {
  for (int seeds : {1, 2}) {
    auto game = tiny(seeds);
    PlayoutRng rng(static_cast<std::uint64_t>(seeds));
    std::vector<State> positions{game->initial_state()};
    for (int g = 0; g < 6; ++g) {
      State s = game->initial_state();
      while (!game->is_over(s)) {
        if (rng() % 3 == 0) positions.push_back(s);
        game->apply_random(s, rng);
      }
    }
    int compared = 0;
    for (const State& s : positions) {
      long enumerated = 0;
      const ai::SolvedValue expected = minimax(*game, s, 2000, enumerated);
      if (enumerated > 3'000'000) continue;  // too many lines for plain minimax in a unit test
      ai::Solution solution = ai::solve(*game, s, 0, 2000);
      INFO("seeds " << seeds << ", " << game->position_text(s) << ": minimax " << expected.result << "/"
                    << expected.margin << " over " << enumerated << " positions");
      REQUIRE(solution.complete);
      CHECK(solution.value == expected);
      // The principal variation ends where the value says.
      State end = s;
      for (const Move& m : solution.line) game->apply(end, m);
      CHECK(game->is_over(end));
      CHECK(ai::final_value(*game, end, game->mover(s)) == solution.value);
      ++compared;
    }
    CHECK(compared >= 5);
  }
}

TEST_CASE("solve: a line cut by the turn limit counts as drawn, and a short budget says so", "[ai][solve]") {
  auto game = tiny(2);
  State start = game->initial_state();
  long enumerated = 0;
  ai::Solution cut = ai::solve(*game, start, 0, 4);
  REQUIRE(cut.complete);
  CHECK(cut.reached_limit);
  CHECK(cut.value == minimax(*game, start, 4, enumerated));
  ai::Solution out_of_budget = ai::solve(*game, start, 10, 2000);
  CHECK_FALSE(out_of_budget.complete);
  CHECK(out_of_budget.positions == 10);
  auto three = test::load_text(test::kRing);
  CHECK_THROWS_WITH(ai::solve(*three, three->initial_state(), 0, 100),
                    "solve handles games of two players; this one has 3");
}
