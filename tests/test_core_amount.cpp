// A chosen amount, (amount LEAST MOST): the mover chooses how many counters a move lifts, one
// move per amount, written `C1 x3` (G8); in store-sow, the store moves allowed; the bare `amount`
// reads the amount chosen. Directions (G3) on 2x3: ccw runs A1..C1, C2..A2.
#include <catch2/catch.hpp>

#include "board_drawing.hpp"
#include "interpreter/view/explain.hpp"
#include "interpreter/web/game_json.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// Any number of a hole's counters may be sown, but one must stay (Okwe (Achalla)'s rule).
std::string leave_one(const std::string& more = "") {
  return R"((import "mancala")
    (game "Leave one"
    (board 2 3 stores:open)
    (start (fill 4))
    (sow (origin (row mover)) (amount 1 (- hole 1)) )" + more + R"()
    (end (before-move (if ("Cleared" (row mover))) (most store+row))))
  )";
}

const char* kPosition = R"(
    P2 store 0 | 1 1 1 |
               | 3 1 0 | P1 store 0
    mover P1
)";

}  // namespace

TEST_CASE("amount: one move per amount the mover may choose", "[core][amount]") {
  auto game = load_text(leave_one());
  State s = drawn(*game, kPosition);
  // A1 (3) may sow 1 or 2; B1 (1) cannot sow and leave one: no move; C1 is empty.
  CHECK(legal(*game, s) == sorted({"A1 x1", "A1 x2"}));
  std::vector<Game::Child> children;
  game->expand(s, children);
  REQUIRE(children.size() == 2);
  CHECK(game->move_text(s, children[1].move) == "A1 x2");

  SECTION("the move lifts the amount chosen") {
    // A1 x2: A1 keeps 1, B1 2, C1 1.
    std::vector<Event> events;
    play(*game, s, "A1 x2");
    expect_board(*game, s, R"(
        P2 store 0 | 1 1 1 |
                   | 1 2 1 | P1 store 0
        mover P2
    )");
    State again = drawn(*game, kPosition);
    game->apply(again, children[0].move, &events);
    REQUIRE(!events.empty());
    REQUIRE(events.front().kind() == EventKind::lift);
    CHECK(events.front().as<LiftEvent>().count == 1);
  }
  SECTION("apply refuses an amount outside the range, and a move without one") {
    const auto a1 = static_cast<std::uint8_t>(drawing_detail::hole_by_name(game->layout_of(s), "A1"));
    const auto b1 = static_cast<std::uint8_t>(drawing_detail::hole_by_name(game->layout_of(s), "B1"));
    State copy = s;
    CHECK_NOTHROW(game->apply(copy, Move{MoveKind::sow, a1, Dir::ccw, false, 2}));
    CHECK_THROWS_WITH(game->apply(s, Move{MoveKind::sow, a1, Dir::ccw, false, 3}), Catch::Contains("not a candidate"));
    CHECK_THROWS_WITH(game->apply(s, Move{MoveKind::sow, a1, Dir::ccw, false, 0}), Catch::Contains("not a candidate"));
    CHECK_THROWS_WITH(game->apply(s, Move{MoveKind::sow, b1, Dir::ccw, false, 1}), Catch::Contains("not a candidate"));
  }
  SECTION("random play draws among the amounts") {
    PlayoutRng rng(7);
    bool seen[3] = {false, false, false};
    for (int i = 0; i < 40; ++i) {
      State t = s;
      const Move m = game->apply_random(t, rng);
      REQUIRE(m.kind == MoveKind::sow);
      REQUIRE((m.count == 1 || m.count == 2));
      seen[m.count] = true;
    }
    CHECK(seen[1]);
    CHECK(seen[2]);
  }
}

TEST_CASE("amount: the notation, read as a person types it", "[core][amount]") {
  auto game = load_text(leave_one("(direction choice)"));
  State s = drawn(*game, kPosition);
  CHECK(legal(*game, s) == sorted({"A1 ccw x1", "A1 ccw x2", "A1 cw x1", "A1 cw x2"}));
  Move m;
  REQUIRE(game->find_move(s, "a1 X2 CW", m));
  CHECK(m == Move{MoveKind::sow, static_cast<std::uint8_t>(drawing_detail::hole_by_name(game->layout_of(s), "A1")), Dir::cw, true, 2});
  REQUIRE(game->find_move(s, "A1  cw  x1", m));
  CHECK(m.count == 1);
  CHECK_FALSE(game->parse_move(s, "A1 x0", m));
  CHECK_FALSE(game->parse_move(s, "A1 x2 x1", m));
  CHECK_FALSE(game->parse_move(s, "A1 x", m));
  // The web page's moves carry the amount.
  const auto moves = web::legal_json(*game, s);
  REQUIRE(moves.size() == 4);
  CHECK(moves[0]["text"] == "A1 ccw x1");
  CHECK(moves[0]["count"] == 1);
}

TEST_CASE("amount: why a move is refused", "[core][amount]") {
  auto game = load_text(leave_one());
  State s = drawn(*game, kPosition);
  CHECK(game->why_not(s, "A1").reason == "the mover chooses how many counters to lift, 1 to 2: write A1 x1");
  CHECK(game->why_not(s, "A1 x3").reason == "A1 lifts 1 to 2 counters here, not 3");
  CHECK(game->why_not(s, "B1 x1").reason == "no amount may be lifted from B1 now (it holds 1)");
  CHECK(game->why_not(s, "A1 x2").reason.empty());
  auto plain = load_text(R"((import "mancala")
    (game "Plain" (board 2 3) (start (fill 4)) (sow (origin (row mover)))
      (end (before-move (if ("Cleared" (row mover))) (most store+row)))))");
  State p = plain->initial_state();
  CHECK(plain->why_not(p, "A1 x2").reason == "the amount is not a choice here: write A1");
}

TEST_CASE("amount: the bare amount reads the amount chosen", "[core][amount]") {
  // Each counter chosen sows two: the lift's count: reads the amount.
  auto game = load_text(leave_one("(lift count:(* 2 amount))"));
  State s = drawn(*game, R"(
      P2 store 0 | 1 1 1 |
                 | 5 0 0 | P1 store 0
      mover P1
  )");
  // The amount is not the handful: 1 to 4 whatever the lift takes. A1 x2 lifts 4: B1 C1 C2 B2.
  CHECK(legal(*game, s) == sorted({"A1 x1", "A1 x2", "A1 x3", "A1 x4"}));
  play(*game, s, "A1 x2");
  expect_board(*game, s, R"(
      P2 store 0 | 1 2 2 |
                 | 1 1 1 | P1 store 0
      mover P2
  )");
}

TEST_CASE("amount: a store move of the amounts store-sow allows", "[core][amount]") {
  auto game = load_text(R"((import "mancala")
    (game "All of the store"
    (board 2 3 stores:open)
    (start (fill 1) (put 3 (store P1)))
    (sow (origin (row mover)))
    (store-sow (amount (store mover) (store mover)))
    (end (before-move (if ("Cleared" (row mover))) (most store+row)))))");
  State s = game->initial_state();
  // Only all of the store: store 3, from A1 along the row, round again into A1.
  CHECK(legal(*game, s) == sorted({"A1", "B1", "C1", "store 3"}));
  CHECK(game->why_not(s, "store 2").reason == "a store move sows exactly 3 counters now: the store holds 3");
  CHECK_THROWS_AS(game->apply(s, Move{MoveKind::store, kNoHole, Dir::ccw, false, 2}), PlayError);
  std::vector<Event> events;
  State t = s;
  game->apply(t, Move{MoveKind::store, kNoHole, Dir::ccw, false, 3}, &events);
  expect_board(*game, t, R"(
      P2 store 0 | 1 1 1 |
                 | 2 2 2 | P1 store 0
      mover P2
  )");
  PlayoutRng rng(3);
  for (int i = 0; i < 30; ++i) {
    State u = s;
    const Move m = game->apply_random(u, rng);
    CHECK((m.kind == MoveKind::sow || m.count == 3));
  }
}

TEST_CASE("amount: the explanation says the amount was chosen", "[core][amount]") {
  auto game = load_text(leave_one());
  State s = drawn(*game, kPosition);
  const Move m{MoveKind::sow, static_cast<std::uint8_t>(drawing_detail::hole_by_name(game->layout_of(s), "A1")), Dir::ccw, false, 2};
  std::vector<Event> events;
  State after = s;
  game->apply(after, m, &events);
  const std::string text = view::explanation_text(*game, view::explain_move(*game, s, m, events));
  CHECK_THAT(text, Catch::Contains("P1 chose to lift 2 counters of the 3 in A1 and sowed them"));
  CHECK_THAT(text, Catch::Contains("(amount 1 (- hole 1))"));
}
