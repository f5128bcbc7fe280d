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

#include "board_drawing.hpp"
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

// ---- choose and choice: decisions of the set-up that are not placements ----------------------

namespace {

// P1 chooses `count` holes of their row but B1 before play; a move may not start from a chosen hole.
std::unique_ptr<Game> choosing_game(const std::string& count) {
  return test::load_text(
      "(game \"Choosing\" (board 2 3) (start (fill 2))"
      " (set-up (choose by:P1 (row P1) (if (not (is hole B1))) count:" + count + " mark:\"picked\"))"
      " (sow (origin (row mover) (if (occupied hole) (not (marked \"picked\" hole))))))");
}

// P2 chooses to empty A1 ("left") or C1 ("right") into P1's store; "never" is never offered; B1
// is emptied into P2's store after the choice whatever it was.
std::unique_ptr<Game> choice_game(const std::string& right_guard) {
  return test::load_text(
      "(game \"Choice\" (board 2 3 stores:open) (start (fill 2))"
      " (set-up (choice by:P2"
      "   (alternative \"left\" (each (only A1) (capture (take hole) (into (store P1)))))"
      "   (alternative \"right\" " + right_guard + " (each (only C1) (capture (take hole) (into (store P1)))))"
      "   (alternative \"never\" (if (> (count A1) 5)) (each (only A1) (capture (take hole) (into (store P2))))))"
      "  (each (only B1) (capture (take hole) (into (store P2)))))"
      " (sow (origin (row mover) (if (occupied hole)))))");
}

}  // namespace

TEST_CASE("a choose step: one decision a hole of its region that passes its guard, each marked", "[setup-choices]") {
  auto game = choosing_game("2");
  State s = game->initial_state();
  CHECK(game->phase(s) == Phase::choose);
  CHECK(game->mover(s) == 0);
  CHECK(test::legal(*game, s) == std::vector<std::string>{"choose A1", "choose C1"});  // B1 fails the guard
  std::vector<Event> events;
  test::play(*game, s, "choose C1", &events);
  REQUIRE(events.size() == 1);
  CHECK(events[0].kind() == EventKind::mark);
  CHECK(test::legal(*game, s) == std::vector<std::string>{"choose A1"});  // C1 is chosen already
  test::play(*game, s, "a1");  // a hole alone is read as choosing it
  CHECK(game->phase(s) == Phase::play);
  CHECK(test::legal(*game, s) == std::vector<std::string>{"B1"});  // the chosen holes bear the mark
  CHECK(game->why_not(s, "choose B1").reason == "that is a move of a round's set-up, not of play");
}

TEST_CASE("a choose step asks for no more holes than may be chosen, and none for a count of 0", "[setup-choices]") {
  auto more = choosing_game("5");
  State s = more->initial_state();
  test::play(*more, s, "choose A1");
  test::play(*more, s, "choose C1");
  CHECK(more->phase(s) == Phase::play);  // two of five: no hole is left to choose
  auto none = choosing_game("(- 1 1)");
  CHECK(none->phase(none->initial_state()) == Phase::play);
}

TEST_CASE("a choice step offers the alternatives whose guard holds, the chosen one's steps run, then the steps after it", "[setup-choices]") {
  auto game = choice_game("");
  const State start = game->initial_state();
  CHECK(game->phase(start) == Phase::choice);
  CHECK(game->mover(start) == 1);
  CHECK(test::legal(*game, start) == std::vector<std::string>{"left", "right"});
  CHECK_FALSE(game->why_not(start, "never").reason.empty());
  State s = start;
  std::vector<Event> events;
  test::play(*game, s, "right", &events);
  REQUIRE_FALSE(events.empty());
  CHECK(events[0].kind() == EventKind::choice);
  CHECK(game->phase(s) == Phase::play);
  const Layout& l = game->layout_of(s);
  auto count = [&](const State& at, const char* name) {
    return at.holes[static_cast<std::size_t>(std::find(l.names.begin(), l.names.end(), name) - l.names.begin())];
  };
  CHECK(count(s, "A1") == 2);
  CHECK(count(s, "C1") == 0);   // the alternative chosen
  CHECK(count(s, "B1") == 0);   // the step after the choice
  CHECK(game->store(s, 0) == 2);
  CHECK(game->store(s, 1) == 2);
  State other = start;
  test::play(*game, other, "LEFT");  // any case
  CHECK(count(other, "A1") == 0);
  CHECK(count(other, "C1") == 2);
  CHECK(game->hash(other) != game->hash(s));
}

TEST_CASE("a choice step with one alternative offered takes it with no decision", "[setup-choices]") {
  auto game = choice_game("(if (> (count C1) 5))");
  State s = game->initial_state();
  CHECK(game->phase(s) == Phase::play);  // only "left" was offered
  CHECK(game->store(s, 0) == 2);          // A1's two, by the alternative "left"
}

TEST_CASE("set-up steps are checked: alternatives' names, and one set-up of round 1", "[setup-choices]") {
  CHECK_THROWS_WITH(test::load_text("(game \"Bad\" (board 2 3) (start (fill 2))"
                                    " (set-up (choice by:P1 (alternative \"pass\") (alternative \"go\")))"
                                    " (sow (origin (row mover) (if (occupied hole)))))"),
                    Catch::Contains("an alternative's name is its move"));
  CHECK_THROWS_WITH(test::load_text("(game \"Bad\" (board 2 3) (start (fill 2))"
                                    " (set-up (first-mover P2))"
                                    " (sow (origin (row mover) (if (occupied hole))))"
                                    " (rounds (round-over (if (< (sum board) 2))) (round-start (first-mover P1))))"),
                    Catch::Contains("both set up the first round"));
}
