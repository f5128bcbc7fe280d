// What the web page reads of a move (interpreter/web/game_json.cpp): the counts after each event,
// which the page animates, end on the position the move leads to; each step of the explanation
// starts at an event of the move, in order, and cites the clauses its text cites. Each legal move's
// value under perfect play, with the best marked, or its bounds when the budget ran out.
#include <catch2/catch.hpp>

#include "interpreter/ai/move_values.hpp"
#include "interpreter/web/game_json.hpp"
#include "support.hpp"

using namespace mancala;
using namespace mancala::test;

namespace {

// Plays `moves` and returns the JSON of the last.
web::Json last_move(const Game& game, const std::vector<std::string>& moves, State& s) {
  view::PlayedMove played;
  for (const auto& text : moves) {
    Move move;
    REQUIRE(game.find_move(s, text, move));
    played = {text, move, s, {}, ""};
    game.apply(s, move, &played.events);
  }
  return web::move_json(game, played, moves.size());
}

std::vector<int> counts(const Game& game, const State& s) {
  std::vector<int> out;
  const web::Json position = web::position_json(game, s, -1);
  for (const auto& hole : position["board"]["holes"]) out.push_back(hole["count"]);
  return out;
}

}  // namespace

TEST_CASE("web json: a move's frames end on the position it leads to", "[web]") {
  // Kalah: a sowing into the store, then a capture (TakeBoth) from the opposite hole.
  auto game = load_game("kalah", {});
  State s = game->initial_state();
  for (const std::vector<std::string>& moves : {std::vector<std::string>{"C1"}, {"C1", "F1", "A2"}, {"C1", "F1", "A2", "A1"}}) {
    s = game->initial_state();
    web::Json move = last_move(*game, moves, s);
    INFO(moves.back());
    REQUIRE(move["frames"].size() == move["events"].size());
    if (moves.size() == 4) CHECK(move["events"].dump().find("\"capture\"") != std::string::npos);
    CHECK(move["frames"].back().get<std::vector<int>>() == counts(*game, s));
    std::size_t previous = 0;
    for (const auto& step : move["steps"]) {
      std::size_t event = step["event"];
      CHECK(event < move["events"].size());
      CHECK(event >= previous);
      previous = event;
      for (const auto& clause : step["clauses"])
        CHECK_THAT(step["text"].get<std::string>(), Catch::Contains(move["clauses"][std::to_string(clause.get<int>())]["where"].get<std::string>()));
    }
  }
}

TEST_CASE("web json: a concealed store shows no count to the one who may not see it", "[web]") {
  auto game = load_game("okwe-ido", {});
  State s = game->initial_state();
  web::Json seen_by_p1 = web::position_json(*game, s, 0);
  const auto& holes = seen_by_p1["board"]["holes"];
  for (const auto& hole : holes)
    if (hole["store"] == true) CHECK(hole["count"].is_null() == (hole["side"] != 0));
  CHECK(seen_by_p1["store_totals"][1].is_null());
  CHECK_FALSE(web::position_json(*game, s, -1)["store_totals"][1].is_null());
}

TEST_CASE("web json: each legal move's value under perfect play, the best marked", "[web][solver]") {
  // Kalah(3,2), as the REPL's solve test: A1 loses by 8, B1 wins by 4 (the best), C1 draws.
  std::string error;
  auto source = read_source(project_dir() + "/tests/ai/kalah-mn.lud", error);
  REQUIRE(source);
  auto game = check_and_compile(source, {"holes=3", "seeds=2"});
  const State s = game->initial_state();
  ai::SolveSettings settings;
  settings.budget = 100'000;
  web::Json solved = web::move_values_json(*game, s, ai::value_moves(*game, s, settings), settings.budget);
  CHECK(solved["mover"] == 0);
  CHECK(solved["budget"] == 100'000);
  CHECK(solved["best"] == web::Json{"B1"});
  REQUIRE(solved["moves"].size() == 3);
  const std::vector<std::tuple<std::string, std::string, int, std::string, bool>> expected = {
      {"A1", "loss", -8, "loss by 8", false}, {"B1", "win", 4, "win by 4", true}, {"C1", "draw", 0, "draw", false}};
  long positions = 0;
  for (std::size_t k = 0; k < expected.size(); ++k) {
    const auto& [text, result, margin, words, best] = expected[k];
    const web::Json& move = solved["moves"][k];
    INFO(move.dump());
    CHECK(move["move"] == text);
    CHECK(move["complete"] == true);
    CHECK(move["result"] == result);
    CHECK(move["margin"] == margin);
    CHECK(move["text"] == words);
    CHECK(move["best"] == best);
    CHECK(move["lower"] == web::Json{{"result", result}, {"margin", margin}});
    CHECK(move["upper"] == move["lower"]);
    positions += move["positions"].get<long>();
  }
  CHECK(solved["positions"] == positions);

  // Five positions a move prove nothing: each move has only its bounds, and none is called best.
  settings.budget = 5;
  solved = web::move_values_json(*game, s, ai::value_moves(*game, s, settings), settings.budget);
  CHECK(solved["best"].empty());
  const web::Json& a1 = solved["moves"][0];
  CHECK(a1["complete"] == false);
  CHECK_FALSE(a1.contains("result"));
  CHECK(a1["lower"] == web::Json{{"result", "loss"}, {"margin", -12}});
  CHECK(a1["upper"] == web::Json{{"result", "win"}, {"margin", 12}});
  CHECK(a1["text"] == "between loss by 12 and win by 12 (not proven)");
}
