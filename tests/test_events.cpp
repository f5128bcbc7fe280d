// The events of a move, for tools that explain it: they must account for every counter moved,
// and each names the clause of the rule file that caused it.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "interpreter/citation.hpp"
#include "interpreter/trace.hpp"
#include "support.hpp"

using namespace mancala;

namespace {

// Kinds that a clause of the rule file causes, and those the engine rules on itself (G6, G7).
bool caused_by_a_clause(EventKind kind) {
  switch (kind) {
    case EventKind::excluded:
    case EventKind::pass:
    case EventKind::turn_end: return false;
    default: return true;
  }
}

}  // namespace

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
        State before = s;
        game->apply(s, m, &events);
        long lifted = 0, dropped = 0, captured_to_store = 0;
        bool ended_turn = false;
        for (const Event& e : events) {
          if (e.kind() == EventKind::lift) lifted += e.as<LiftEvent>().count;
          if (e.kind() == EventKind::lap) lifted += e.as<LapEvent>().count;
          if (e.kind() == EventKind::drop) ++dropped;
          if (e.kind() == EventKind::capture && e.as<CaptureEvent>().into == kIntoStore)
            captured_to_store += e.as<CaptureEvent>().count;
          if (e.kind() == EventKind::transfer && e.as<TransferEvent>().into == kIntoStore)
            captured_to_store += e.as<TransferEvent>().count;
          if (e.kind() == EventKind::gift && e.as<GiftEvent>().from == kNoHole && e.player == before.mover)
            --captured_to_store;  // L7: the next player's gift came out of this store
          ended_turn |= e.kind() == EventKind::turn_end;
          INFO(name << " ply " << s.ply << " event " << e.name());
          CHECK((e.clause != kNoClause) == caused_by_a_clause(e.kind()));
        }
        INFO(name << " game " << g << " ply " << s.ply);
        CHECK(lifted == dropped);  // every counter lifted is dropped somewhere
        if (m.kind == MoveKind::sow && !s.continuing && !game->is_over(s)) {
          CHECK(ended_turn);
          // Within one round, the stores change by what the capture and gift events say.
          if (s.round == before.round)
            CHECK(game->store(s, before.mover) - game->store(before, before.mover) == captured_to_store);
        }
      }
    }
  }
}

TEST_CASE("a traced move lists its drops, captures and the turn's end, with their clauses",
          "[events]") {
  auto game = test::load_game("lib-al-ghashim");
  TraceRequest request;
  request.moves = split_moves("A1=13, B1=8, C1=4, D1=4, E1=10, F1=7, F2=6, E2=4, D2=4, C2=4, B2=4, "
                              "A2=4, keep, F1");
  request.events = true;
  std::ostringstream out;
  REQUIRE(write_trace(*game, request, out).exit_code == 0);
  std::string text = out.str();
  // F1 (7) sows F2..A2 and A1: A1 then holds 14, even: A1 and A2 (opposite) are captured (L5),
  // by the capture clause on line 18 of the rule file.
  CHECK(text.find(R"({"event":"lift","player":"P1","hole":"F1","count":7,"clause":"lib-al-ghashim.lud:12")") !=
        std::string::npos);
  CHECK(text.find(R"({"event":"capture","player":"P1","hole":"A1","count":14,"into":"store","clause":"lib-al-ghashim.lud:18","rulings":"L5"})") !=
        std::string::npos);
  CHECK(text.find(R"({"event":"capture","player":"P1","hole":"A2","count":5,"into":"store","clause":"lib-al-ghashim.lud:18","rulings":"L5"})") !=
        std::string::npos);
  CHECK(text.find(R"({"event":"turn-end","player":"P1"})") != std::string::npos);
}

TEST_CASE("a clause is cited by the ruling ids its comment leads with", "[events]") {
  auto game = test::load_game("kiuthi");
  const Rules& rules = game->rules();
  std::set<std::string> cited;
  for (std::size_t i = 0; i < rules.clauses.size(); ++i) {
    Citation c = cite(rules.clauses[i]);
    CHECK(c.where.rfind("kiuthi.lud:", 0) == 0);
    cited.insert(c.rulings);
  }
  CHECK(cited.count("K4"));  // the lap clause
  CHECK(cited.count("K5"));  // again
  CHECK(cited.count("K7"));  // the chain
  CHECK(short_citation(rules, kNoClause).empty());
}
