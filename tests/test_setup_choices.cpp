// A set-up decision's moves are a count and the move at each index (Game::setup_choices), so
// that a playout draws one without listing them. They must be exactly the placements L2's rule
// allows (each count from the minimum up that leaves the later holes their minimum; with
// uneven:yes, none that would force every hole equal; all that is left when nothing else can
// be), checked here against that rule written plainly, over whole placement phases of many
// supplies and minimums; and a playout's draw must be uniform over them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

#include "support.hpp"

using namespace mancala;

namespace {

// L2 as the rule says it, one count at a time: the placements of a hole with `later` holes after
// it, `left` counters to place, and `placed` the counts of the holes placed before it.
std::vector<std::int32_t> allowed(long left, int later, const std::vector<int>& placed, int min, bool uneven,
                                  long& excluded) {
  if (later == 0) return {static_cast<std::int32_t>(left)};
  bool all_equal = true;
  for (std::size_t i = 1; i < placed.size(); ++i) all_equal &= placed[i] == placed[0];
  std::vector<std::int32_t> out;
  for (long n = min; n <= left - static_cast<long>(min) * later; ++n) {
    if (uneven && all_equal && (placed.empty() || n == placed[0])) {
      const long rest = left - n;
      if (later == 1 ? rest == n : (rest == later * n && n == min)) {
        ++excluded;
        continue;
      }
    }
    out.push_back(static_cast<std::int32_t>(n));
  }
  if (out.empty()) out.push_back(static_cast<std::int32_t>(left));
  return out;
}

std::unique_ptr<Game> placing_game(int columns, int supply, int min, bool uneven) {
  return test::load_text("(game \"Placing\" (board 2 " + std::to_string(columns) +
                         " stores:open) (sow (origin (row mover) (if (occupied hole)))) (rounds (round-start "
                         "(clear) (place by:loser board (supply " + std::to_string(supply) +
                         ") min:" + std::to_string(min) + (uneven ? " uneven:yes" : "") +
                         ")) (round-over (if (< (sum board) 2))) (tally store)))");
}

}  // namespace

TEST_CASE("a set-up decision's moves are the placements L2 allows", "[placement]") {
  std::mt19937_64 rng(23);
  long compared = 0, with_excluded = 0;
  for (int columns : {2, 3})
    for (int supply : {3, 4, 8, 12, 13, 24})
      for (int min : {0, 1, 2, 4})
        for (bool uneven : {false, true}) {
          auto game = placing_game(columns, supply, min, uneven);
          const int holes = 2 * columns;
          for (int walk = 0; walk < 15; ++walk) {
            State s = game->initial_state();
            std::vector<int> placed;
            long left = supply;
            while (s.phase == Phase::place) {
              std::vector<Move> moves;
              game->legal_moves(s, moves);
              std::vector<std::int32_t> counts;
              for (const Move& m : moves) counts.push_back(m.count);
              std::sort(counts.begin(), counts.end());
              const auto want = allowed(left, holes - 1 - static_cast<int>(placed.size()), placed, min, uneven, with_excluded);
              INFO(columns << " columns, supply " << supply << ", min " << min << (uneven ? ", uneven" : "")
                           << ", hole " << placed.size());
              REQUIRE(counts == want);
              ++compared;
              const Move m = moves[rng() % moves.size()];
              placed.push_back(m.count);
              left -= m.count;
              game->apply(s, m);
            }
          }
        }
  CHECK(compared > 1000);
  CHECK(with_excluded > 10);  // L2's exclusion came up
}

TEST_CASE("a playout draws a set-up decision uniformly among its moves", "[placement]") {
  auto game = placing_game(3, 24, 2, true);
  const State start = game->initial_state();
  std::vector<Move> moves;
  game->legal_moves(start, moves);
  REQUIRE(moves.size() == 13);  // 2 .. 14 for the first of six holes (the five others need 2 each)
  std::map<std::int32_t, int> seen;
  PlayoutRng rng(5);
  const int draws = 13000;
  for (int i = 0; i < draws; ++i) {
    State s = start;
    const Move m = game->apply_random(s, rng);
    REQUIRE(std::find(moves.begin(), moves.end(), m) != moves.end());
    ++seen[m.count];
  }
  REQUIRE(seen.size() == moves.size());
  for (const auto& [count, times] : seen) {
    INFO("placing " << count);
    CHECK(times > 800);  // 1,000 expected each
    CHECK(times < 1200);
  }
}
