// Scenario tests of the common rulings (docs/rulings.md G1-G10). Expected boards are worked out by
// hand from the rulings (reasoning in the comments).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <sstream>

#include "board_drawing.hpp"
#include "interpreter/trace.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// The lines of a record (docs/records.md) written with the given moves and turn limit.
std::vector<nlohmann::json> trace_lines(const Game& game, std::vector<std::string> moves,
                                        int max_turns) {
  TraceRequest request;
  request.moves = std::move(moves);
  request.max_turns = max_turns;
  std::ostringstream out;
  write_trace(game, request, out);
  std::vector<nlohmann::json> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

// The state object of a trace line as a StateCore, to compare it with a drawing.
StateCore recorded(const Game& game, const nlohmann::json& state) {
  StateCore s = game.empty_state(state["columns"].get<int>());
  const Layout& l = game.layout(s.columns);
  REQUIRE(state["holes"].size() == static_cast<std::size_t>(l.size - l.stores));
  for (int h = l.first_pit(); h < l.size; ++h)
    s.holes[h] = static_cast<Count>(state["holes"][l.names[h]].get<int>());
  for (int p = 0; p < 2; ++p)
    if (game.store_hole(p) != kNoHole)
      s.holes[game.store_hole(p)] = static_cast<Count>(state["stores"][player_name(p)].get<int>());
  s.scores = {state["scores"]["P1"].get<int>(), state["scores"]["P2"].get<int>()};
  s.round = state["round"].get<int>();
  if (state["result"].is_null()) {
    s.phase = Phase::play;
    s.mover = state["mover"] == "P1" ? 0 : 1;
  } else {
    CHECK(state["mover"].is_null());
    s.phase = Phase::over;
    std::string r = state["result"];
    s.outcome = r == "P1" ? Outcome::p1 : r == "P2" ? Outcome::p2 : r == "draw" ? Outcome::draw
                                                                               : Outcome::unfinished;
  }
  return s;
}

}  // namespace

TEST_CASE("G1 P1 moves first", "[rulings][G1]") {
  CHECK(load_game("kiuthi")->initial_state().mover == 0);
  CHECK(load_game("okwe-ido")->initial_state().mover == 0);
  SECTION("Kisolo: P1's first move, then P2") {
    auto game = load_game("kisolo");
    State s = game->initial_state();
    // S2: 3 in every outer-row hole; inner rows empty, so no capture at the start (S5).
    expect_board(*game, s, R"(
      | 3 3 3 3 3 3 3 |   <- row 4 (P2 outer)
      | 0 0 0 0 0 0 0 |   <- row 3 (P2 inner)
      | 0 0 0 0 0 0 0 |   <- row 2 (P1 inner)
      | 3 3 3 3 3 3 3 |   <- row 1 (P1 outer)
      mover P1
    )");
    // G1, 3: P1's circuit goes up from G1 to G2, then along row 2 towards A: G2, F2, E2. The
    // following hole D2 is empty: the turn ends (S4). P2's inner row is empty: no capture.
    play(*game, s, "G1");
    expect_board(*game, s, R"(
      | 3 3 3 3 3 3 3 |
      | 0 0 0 0 0 0 0 |
      | 0 0 0 0 1 1 1 |
      | 3 3 3 3 3 3 0 |
      mover P2
    )");
  }
  SECTION("Li'b al-Ghashim: P2 distributes (L2), P1 makes the first sowing move (L3)") {
    auto game = load_game("lib-al-ghashim");
    State s = game->initial_state();
    CHECK(s.mover == 1);
    CHECK(s.phase == Phase::place);
    play_all(*game, s, "A1=4, B1=4, C1=4, D1=4, E1=4, F1=4, F2=4, E2=4, D2=4, C2=4, B2=4, A2=28");
    CHECK(s.mover == 0);
    CHECK(s.phase == Phase::flip);
    play(*game, s, "keep");
    expect_board(*game, s, R"(
      P2 store 0 | 28 4 4 4 4 4 |
                 |  4 4 4 4 4 4 | P1 store 0
      mover P1
      phase play
    )");
  }
}

TEST_CASE("G2 hole names: rows from P1's side, columns from P1's left", "[rulings][G2]") {
  auto game = load_game("kiuthi");
  const Layout& l = game->layout(6);
  CHECK(l.names[l.pit(1, 0)] == "A1");
  CHECK(l.names[l.pit(1, 5)] == "F1");
  CHECK(l.names[l.pit(2, 0)] == "A2");
  CHECK(l.names[l.pit(2, 5)] == "F2");
  State s = drawn(*game, R"(
    P2 store 0 | 0 0 0 0 0 3 |
               | 1 1 2 1 1 1 | P1 store 0
    mover P2
  )");
  // P2's own leftmost hole is F2 (top right as drawn).
  CHECK(legal(*game, s) == sorted({"F2 ccw", "F2 cw"}));
  // F2 ccw: along row 2 towards A: E2, D2, C2 (0->1). C2 was empty and nothing was dropped in
  // P1's row: no crossing (K5); P2 has no hole of 2 left, so the turn ends.
  play(*game, s, "F2 ccw");
  expect_board(*game, s, R"(
    P2 store 0 | 0 0 1 1 1 0 |
               | 1 1 2 1 1 1 | P1 store 0
    mover P1
  )");
  SECTION("4-row board") {
    auto kisolo = load_game("kisolo");
    const Layout& k = kisolo->layout(7);
    CHECK(k.names[k.pit(3, 0)] == "A3");
    CHECK(k.names[k.pit(4, 6)] == "G4");
    CHECK(legal(*kisolo, kisolo->initial_state()) ==
          sorted({"A1", "B1", "C1", "D1", "E1", "F1", "G1"}));
  }
}

TEST_CASE("G3 directions: ccw along row 1 from A, up, back along row 2, cw the reverse",
          "[rulings][G3]") {
  auto game = load_game("kiuthi");
  const char* start = R"(
    P2 store 0 | 1 0 1 0 1 1 |
               | 2 0 0 0 0 3 | P1 store 0
    mover P1
  )";
  SECTION("F1 ccw goes up to F2, then towards A") {
    State s = drawn(*game, start);
    // F1 ccw, 3: F2 1->2, E2 1->2, D2 0->1 (empty): crossed, ends in P2's row.
    play(*game, s, "F1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 1 0 1 1 2 2 |
                 | 2 0 0 0 0 0 | P1 store 0
      mover P2
    )");
  }
  SECTION("A1 cw goes up to A2, then towards F") {
    State s = drawn(*game, start);
    // A1 cw, 2: A2 1->2, B2 0->1 (empty): crossed, ends in P2's row.
    play(*game, s, "A1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 1 1 0 1 1 |
                 | 0 0 0 0 0 3 | P1 store 0
      mover P2
    )");
  }
  SECTION("F1 cw goes along row 1 towards A") {
    State s = drawn(*game, start);
    // F1 cw, 3: E1, D1, C1 (0->1 each); C1 was empty, not crossed: P1 again, ccw only (K5).
    play(*game, s, "F1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 1 0 1 0 1 1 |
                 | 2 0 1 1 1 0 | P1 store 0
      mover P1
    )");
    CHECK(legal(*game, s) == std::vector<std::string>{"A1 ccw"});
  }
  SECTION("4-row board: P2's circuit is row 3 A to G, then row 4 G to A") {
    auto kisolo = load_game("kisolo");
    State s = drawn(*kisolo, R"(
      | 0 0 0 0 0 1 0 |
      | 0 0 0 0 0 3 0 |
      | 0 0 0 0 0 0 0 |
      | 1 1 1 1 1 1 1 |
      mover P2
    )");
    // F3, 3: G3 0->1, G4 0->1, F4 1->2. The following hole E4 is empty: the turn ends.
    play(*kisolo, s, "F3");
    expect_board(*kisolo, s, R"(
      | 0 0 0 0 0 2 1 |
      | 0 0 0 0 0 0 1 |
      | 0 0 0 0 0 0 0 |
      | 1 1 1 1 1 1 1 |
      mover P1
    )");
  }
}

TEST_CASE("G4 opposite: the hole in the same column", "[rulings][G4]") {
  SECTION("2 rows: E1 captures from E2, not from the turned-round B2") {
    auto game = load_game("kiuthi");
    State s = drawn(*game, R"(
      P2 store 0 | 0 5 0 0 3 0 |
                 | 2 0 0 0 0 1 | P1 store 0
      mover P1
    )");
    // A1 cw, 2: A2 0->1, B2 5->6 (lap, ccw) 6 from B2: A2 2, A1 1, B1 1, C1 1, D1 1, E1 0->1.
    // E1 was empty: crossed, own row; opposite is E2 (3): E2 + 1 -> store 4. F1 occupied: no
    // chain (K7).
    play(*game, s, "A1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 0 0 0 0 0 |
                 | 1 1 1 1 0 1 | P1 store 4
      mover P2
    )");
  }
  SECTION("4 rows: the inner rows face each other") {
    auto game = load_game("kisolo");
    const Layout& l = game->layout(7);
    for (int c = 0; c < 7; ++c) {
      CHECK(l.opposite[l.pit(2, c)] == l.pit(3, c));
      CHECK(l.opposite[l.pit(3, c)] == l.pit(2, c));
    }
  }
}

TEST_CASE("G5 sowing: stores are never sown into, the origin is not skipped", "[rulings][G5]") {
  auto game = load_game("kiuthi");
  State s = drawn(*game, R"(
    P2 store 4 | 1 0 2 0 1 0 |
               | 12 0 0 0 0 0 | P1 store 2
    mover P1
  )");
  // A1 ccw, 12: B1..F1 (5), F2..A2 (6), and the 12th back into A1 itself (emptied when lifted,
  // so it was empty: the sowing ends). Crossed, own row: opposite A2 (1 + 1 = 2) and the capturing
  // counter go to P1's store: 2 + 3 = 5. K7: B1 is not empty: no chain. P2's store unchanged.
  play(*game, s, "A1 ccw");
  expect_board(*game, s, R"(
    P2 store 4 | 0 1 3 1 2 1 |
               | 0 1 1 1 1 1 | P1 store 5
    mover P2
  )");
}

TEST_CASE("G6 endless sowings are not legal", "[rulings][G6]") {
  SECTION("Kisolo: a sowing from A1 would circle for ever") {
    auto game = load_game("kisolo");
    State s = drawn(*game, R"(
      | 3 3 3 3 3 3 3 |
      | 0 0 0 0 0 0 0 |
      | 1 0 1 0 1 0 1 |
      | 2 1 0 1 0 1 0 |
      mover P1
    )");
    // P1's circuit from A1: A1 B1 C1 D1 E1 F1 G1 G2 F2 E2 D2 C2 B2 A2 holds
    // 2 1 0 1 0 1 0 1 0 1 0 1 0 1. From A1 (2): B1 2, C1 1; following D1 (1): lift, E1 1;
    // following F1: lift, G1 1; G2: lift, F2 1; E2: lift, D2 1; C2: lift, B2 1; A2: lift, A1 1;
    // following B1 (2) is lifted next. Read from B1 the circuit is again 2 1 0 1 0 1 ... 0 1:
    // the same configuration turned by one hole, so the sowing repeats with a shift of one hole
    // every 7 laps and comes back to an earlier configuration: endless. No captures can
    // interfere: P2's inner row is empty. Every other hole ends (e.g. B1 below).
    long excluded_before = game->excluded_moves();
    CHECK(legal(*game, s) == sorted({"B1", "D1", "F1", "G2", "E2", "C2", "A2"}));
    CHECK(game->excluded_moves() > excluded_before);  // reported (G6: tools report it)
    // B1, 1: C1 1; following D1: lift, E1 1; F1: lift, G1 1; G2: lift, F2 1; E2: lift, D2 1;
    // C2: lift, B2 1; A2: lift, A1 2->3; following B1 was emptied: the turn ends.
    play(*game, s, "B1");
    expect_board(*game, s, R"(
      | 3 3 3 3 3 3 3 |
      | 0 0 0 0 0 0 0 |
      | 0 1 0 1 0 1 0 |
      | 3 0 1 0 1 0 1 |
      mover P2
    )");
  }
  SECTION("Kiuthi: a further move (K5) may not bring back a position of the turn") {
    auto game = load_game("kiuthi");
    State s = drawn(*game, R"(
      P2 store 0 | 2 2 2 2 0 2 |
                 | 1 3 0 0 1 2 | P1 store 0
      mover P1
    )");
    // B1 ccw, 3: C1 1, D1 1, E1 1->2 (lap, cw) 2 from E1: D1 2, C1 1->2 (lap, ccw) 2 from C1:
    // D1 3, E1 0->1 (emptied: ends). Not crossed: P1 again, cw (last handful ccw).
    play(*game, s, "B1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 2 2 2 0 2 |
                 | 1 0 0 3 1 2 | P1 store 0
      mover P1
    )");
    // D1 cw, 3: C1 1, B1 1, A1 1->2 (lap, ccw) 2 from A1: B1 2, C1 1->2 (lap, cw) 2 from C1:
    // B1 3, A1 0->1 (ends): 1 3 0 0 1 2, the position the turn started from: not legal.
    // F1 cw, 2: E1 2, D1 3->4 (lap, ccw) 4 from D1: E1 3, F1 1, F2 3, E2 0->1 (ends, crossed).
    CHECK(legal(*game, s) == std::vector<std::string>{"F1 cw"});
    play(*game, s, "F1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 2 2 2 1 3 |
                 | 1 0 0 0 3 1 | P1 store 0
      mover P2
    )");
  }
  SECTION("Kiuthi: nor a position reached after an earlier move of the turn") {
    auto game = load_game("kiuthi");
    State s = drawn(*game, R"(
      P2 store 0 | 1 1 1 1 1 2 |
                 | 1 0 2 2 0 0 | P1 store 0
      mover P1
    )");
    // C1 ccw, 2: D1 3, E1 0->1 (ends, not crossed): 1 0 0 3 1 0 (position X). Next cw.
    play(*game, s, "C1 ccw");
    CHECK(legal(*game, s) == std::vector<std::string>{"D1 cw"});
    // D1 cw, 3: C1 1, B1 1, A1 1->2 (lap, ccw) 2 from A1: B1 2, C1 1->2 (lap, cw) 2 from C1:
    // B1 3, A1 0->1 (ends): 1 3 0 0 1 0. Next ccw: only B1 (3): B1 ccw: C1 1, D1 1,
    // E1 1->2 (lap, cw) 2 from E1: D1 2, C1 1->2 (lap, ccw) 2 from C1: D1 3, E1 0->1: X again,
    // so not legal: no move is left and the turn ends.
    play(*game, s, "D1 cw");
    expect_board(*game, s, R"(
      P2 store 0 | 1 1 1 1 1 2 |
                 | 1 3 0 0 1 0 | P1 store 0
      mover P2
    )");
  }
  SECTION("Kiuthi: every further move excluded: the turn ends automatically") {
    auto game = load_game("kiuthi");
    State s = drawn(*game, R"(
      P2 store 0 | 2 2 2 2 0 2 |
                 | 1 3 0 0 1 0 | P1 store 0
      mover P1
    )");
    // As above without F1: after B1 ccw the only further move, D1 cw, would bring back the
    // starting position: no move is left, P2's turn, no move recorded.
    play(*game, s, "B1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 2 2 2 2 0 2 |
                 | 1 0 0 3 1 0 | P1 store 0
      mover P2
    )");
  }
}

TEST_CASE("G7 a player with no legal move passes", "[rulings][G7]") {
  auto game = load_game("kiuthi");
  State s = drawn(*game, R"(
    P2 store 0 | 0 2 0 1 0 0 |
               | 1 0 1 0 1 0 | P1 store 0
    mover P1
  )");
  CHECK(legal(*game, s) == std::vector<std::string>{"pass"});
  play(*game, s, "pass");
  // Nothing moves; P2 still has a hole of 2, so the round goes on (K9).
  expect_board(*game, s, R"(
    P2 store 0 | 0 2 0 1 0 0 |
               | 1 0 1 0 1 0 | P1 store 0
    mover P2
  )");
}

TEST_CASE("G8 move notation", "[rulings][G8]") {
  SECTION("direction of choice: written") {
    auto game = load_game("kiuthi");
    State s = drawn(*game, R"(
      P2 store 0 | 1 1 2 1 1 1 |
                 | 1 0 2 0 0 0 | P1 store 0
      mover P1
    )");
    CHECK(legal(*game, s) == sorted({"C1 ccw", "C1 cw"}));
    Move m;
    CHECK_FALSE(game->find_move(s, "C1", m));
    CHECK_FALSE(game->find_move(s, "A1 ccw", m));
    // C1 ccw: D1 1, E1 1: ends, not crossed; no hole of 2: P2's turn.
    play(*game, s, "C1 ccw");
    expect_board(*game, s, R"(
      P2 store 0 | 1 1 2 1 1 1 |
                 | 1 0 0 1 1 0 | P1 store 0
      mover P2
    )");
  }
  SECTION("fixed direction: the hole alone") {
    auto game = load_game("kisolo");
    State s = game->initial_state();
    Move m;
    CHECK(game->find_move(s, "C1", m));
    CHECK_FALSE(game->find_move(s, "C1 ccw", m));
  }
  SECTION("store moves, placements, flip, keep") {
    auto okwe = load_game("okwe-ido");
    State s = okwe->initial_state();
    Move m;
    CHECK(okwe->find_move(s, "store 8", m));
    CHECK(okwe->move_text(s, m) == "store 8");
    CHECK_FALSE(okwe->find_move(s, "store 9", m));
    auto lib = load_game("lib-al-ghashim");
    State t = lib->initial_state();
    CHECK(lib->find_move(t, "A1=5", m));
    CHECK(lib->move_text(t, m) == "A1=5");
  }
  SECTION("read as a person types it: any case, spaces around =; written one way") {
    auto game = load_game("kiuthi");
    State s = game->initial_state();
    Move m;
    for (const char* typed : {"c1 ccw", "C1 CCW", "  c1   Ccw "}) {
      INFO(typed);
      REQUIRE(game->find_move(s, typed, m));
      CHECK(game->move_text(s, m) == "C1 ccw");
    }
    CHECK_FALSE(game->find_move(s, "c1 sideways", m));
    auto lib = load_game("lib-al-ghashim");
    State t = lib->initial_state();
    for (const char* typed : {"A1 = 5", "a1=5", "a1 =5"}) {
      INFO(typed);
      REQUIRE(lib->find_move(t, typed, m));
      CHECK(lib->move_text(t, m) == "A1=5");
    }
    auto okwe = load_game("okwe-ido");
    State o = okwe->initial_state();
    REQUIRE(okwe->find_move(o, "Store 8", m));
    CHECK(okwe->move_text(o, m) == "store 8");
  }
}

TEST_CASE("G9 turn limit: a game cut by the limit ends unfinished", "[rulings][G9]") {
  auto game = load_game("kisolo");
  SECTION("limit 1: the position after the first move is the last line") {
    // A second move is given but lies past the limit: it is illegal, the game being over
    // (docs/records.md): the record ends with the error line.
    auto lines = trace_lines(*game, {"G1", "A4"}, 1);
    REQUIRE(lines.size() == 3);
    CHECK(lines[2] == nlohmann::json::parse(R"({"error":"illegal move A4","ply":1})"));
    CHECK(lines[0]["ply"] == 0);
    CHECK(lines[0]["move"] == "G1");
    CHECK(lines[1]["ply"] == 1);
    CHECK_FALSE(lines[1].contains("move"));
    CHECK(lines[1]["legal"].empty());
    CHECK(lines[1]["state"]["result"] == "unfinished");
    // G1 as in G1: G2, F2, E2; following D2 empty.
    expect_board(*game, recorded(*game, lines[1]["state"]), R"(
      | 3 3 3 3 3 3 3 |
      | 0 0 0 0 0 0 0 |
      | 0 0 0 0 1 1 1 |
      | 3 3 3 3 3 3 0 |
      result unfinished
    )");
  }
  SECTION("limit 0: the starting position only") {
    auto kiuthi = load_game("kiuthi");
    auto lines = trace_lines(*kiuthi, {}, 0);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0]["legal"].empty());
    expect_board(*kiuthi, recorded(*kiuthi, lines[0]["state"]), R"(
      P2 store 0 | 6 6 6 6 6 6 |
                 | 6 6 6 6 6 6 | P1 store 0
      result unfinished
    )");
  }
}

TEST_CASE("G10 automatic steps are done before the position is shown", "[rulings][G10]") {
  SECTION("Okwe: the opening removals are in the record's first position (O3)") {
    auto game = load_game("okwe-ido");
    auto lines = trace_lines(*game, {}, 100);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0]["ply"] == 0);
    expect_board(*game, recorded(*game, lines[0]["state"]), R"(
      P2 store 7 | 0 0 0 0 0 0 0 0 5 5 |
                 | 5 5 0 0 0 1 0 0 0 0 | P1 store 8
      mover P1
    )");
    std::vector<std::string> expected{"A1", "B1", "F1"};
    for (int n = 1; n <= 8; ++n) expected.push_back("store " + std::to_string(n));
    CHECK(lines[0]["legal"].get<std::vector<std::string>>() == sorted(expected));
  }
  SECTION("Kisolo start=townshend1: the capture of S5 is made at ply 0") {
    auto game = load_game("kisolo", {"start=townshend1"});
    auto lines = trace_lines(*game, {}, 100);
    REQUIRE(lines.size() == 1);
    // P1: G1 15, A1 C1 E1 B2 D2 F2 1; P2 turned round: A4 15, G4 E4 C4 1, F3 D3 B3 1. P1's
    // inner B2, D2, F2 face P2's B3, D3, F3: each is captured (B4, D4, F4 are empty) into B1,
    // D1, F1.
    expect_board(*game, recorded(*game, lines[0]["state"]), R"(
      | 15 0 1 0 1 0 1 |
      |  0 0 0 0 0 0 0 |
      |  0 1 0 1 0 1 0 |
      |  1 1 1 1 1 1 15 |
      mover P1
    )");
  }
  SECTION("Li'b al-Ghashim: the gift of L7 is in the position the receiver decides in") {
    auto game = load_game("lib-al-ghashim");
    State s = drawn(*game, R"(
      P2 store 20 | 0 0 0 0 0 1 |
                  | 1 2 0 0 0 1 | P1 store 10
      mover P1
    )");
    // F1, 1: F2 1->2, even: F2 (2) and F1 (0) captured: P1's store 12. P2's row is empty: P1
    // gives one counter from its store (11) into P2's leftmost hole, F2.
    play(*game, s, "F1");
    expect_board(*game, s, R"(
      P2 store 20 | 0 0 0 0 0 1 |
                  | 1 2 0 0 0 0 | P1 store 11
      mover P2
    )");
  }
}
