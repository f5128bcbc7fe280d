// The events of a move, for tools that explain it: they must account for every counter moved.
#include <catch2/catch.hpp>

#include <random>

#include "interpreter/trace.hpp"
#include "support.hpp"

using namespace mancala;

TEST_CASE("events account for every counter lifted, dropped and captured", "[events]") {
  for (const char* name : {"kiuthi", "kisolo", "okwe-ido", "lib-al-ghashim"}) {
    auto game = test::load_game(name);
    std::mt19937_64 rng(99);
    std::vector<Move> legal;
    for (int g = 0; g < 20; ++g) {
      State s = game->initial_state();
      while (!game->is_over(s) && s.ply < 300) {
        game->legal_moves(s, legal);
        Move m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        std::vector<Event> events;
        game->apply(s, m, &events);
        long lifted = 0, dropped = 0;
        bool ended_turn = false;
        for (const Event& e : events) {
          if (e.kind == EventKind::lift || e.kind == EventKind::lap) lifted += e.count;
          if (e.kind == EventKind::drop) dropped += e.count;
          ended_turn |= e.kind == EventKind::turn_end;
        }
        INFO(name << " game " << g << " ply " << s.ply);
        CHECK(lifted == dropped);  // every counter lifted is dropped somewhere
        if (m.kind == MoveKind::sow && !s.continuing && !game->is_over(s)) CHECK(ended_turn);
      }
    }
  }
}

TEST_CASE("a traced move lists its drops, captures and the turn's end", "[events]") {
  auto game = test::load_game("lib-al-ghashim");
  TraceRequest request;
  request.moves = split_moves("A1=13, B1=8, C1=4, D1=4, E1=10, F1=7, F2=6, E2=4, D2=4, C2=4, B2=4, "
                              "A2=4, keep, F1");
  request.events = true;
  std::ostringstream out;
  REQUIRE(write_trace(*game, request, out).exit_code == 0);
  std::string text = out.str();
  // F1 (7) sows F2..A2 and A1: A1 then holds 14, even: A1 and A2 (opposite) are captured (L5).
  CHECK(text.find(R"({"event":"lift","player":"P1","hole":"F1","count":7})") != std::string::npos);
  CHECK(text.find(R"({"event":"capture","player":"P1","hole":"A1","count":14,"into":"store"})") !=
        std::string::npos);
  CHECK(text.find(R"({"event":"capture","player":"P1","hole":"A2","count":5,"into":"store"})") !=
        std::string::npos);
}
