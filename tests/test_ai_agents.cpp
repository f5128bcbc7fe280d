// Computer players on every rule file of games/ (read at run time, so files added later are
// covered): only legal moves, setup decisions and further decisions (K5) included; a fixed seed
// reproduces a game; what an agent may see of a concealed store.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <random>

#include "ai_games.hpp"
#include "interpreter/ai/agent.hpp"
#include "interpreter/ai/observation.hpp"
#include "support.hpp"

using namespace mancala;

namespace {

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const std::string& path : test::sampled_game_files()) names.push_back(test::game_name(path));
  std::sort(names.begin(), names.end());
  return names;
}

// Small budgets: the test is about legality, not strength.
const std::vector<std::string> kAgents = {"random", "greedy", "alphabeta:nodes=300", "mcts:iterations=40,playout=60",
                                          "greedy:setup=random"};

bool legal(const Game& game, const State& state, const Move& move) {
  std::vector<Move> moves;
  game.legal_moves(state, moves);
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

// Positions of random games: every setup decision and further decision, and every 7th other.
std::vector<State> sample_positions(const Game& game, int games, int max_plies, std::uint64_t seed) {
  PlayoutRng rng(seed);
  std::vector<State> out;
  for (int g = 0; g < games; ++g) {
    State s = game.initial_state();
    while (!game.is_over(s) && game.ply(s) < max_plies) {
      if (game.phase(s) != Phase::play || game.continuing(s) || game.ply(s) % 7 == 0) out.push_back(s);
      game.apply_random(s, rng);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("every agent plays only legal moves in every game, setup and further decisions included", "[ai]") {
  const auto names = game_names();
  REQUIRE(names.size() >= 4);
  for (const auto& name : names) {
    auto game = test::load_game(name);
    auto positions = sample_positions(*game, 2, 150, 11);
    int setups = 0, further = 0;
    for (const State& s : positions) setups += game->phase(s) != Phase::play, further += game->continuing(s);
    INFO(name << ": " << positions.size() << " positions, " << setups << " setup decisions, " << further
              << " further decisions");
    for (const auto& spec : kAgents) {
      auto agent = ai::make_agent(spec, *game, 3);
      for (const State& s : positions) {
        Move m = agent->choose(s);
        INFO(spec << " at ply " << s.ply << ": " << game->position_text(s));
        REQUIRE(legal(*game, s, m));
      }
    }
  }
}

TEST_CASE("agents play games of three players to the end", "[ai]") {
  auto game = test::load_text(test::kRing);
  for (const auto& spec : kAgents) {
    std::vector<std::unique_ptr<ai::Agent>> agents;
    for (int p = 0; p < 3; ++p) agents.push_back(ai::make_agent(p == 0 ? spec : "random", *game, 5 + p));
    State s = game->initial_state();
    while (!game->is_over(s) && game->ply(s) < 300) {
      Move m = agents[static_cast<std::size_t>(game->mover(s))]->choose(s);
      INFO(spec << " at ply " << s.ply << ": " << game->position_text(s));
      REQUIRE(legal(*game, s, m));
      game->apply(s, m);
    }
  }
}

TEST_CASE("the setup phases and further decisions are among the positions tried", "[ai]") {
  // Kiuthi and Li'b al-Ghashim deal counters before play; Kalah's store landing gives another
  // decision (K5-like again): the legality test above must meet these.
  auto count = [](const std::string& name, auto predicate) {
    auto game = test::load_game(name);
    int n = 0;
    for (const State& s : sample_positions(*game, 2, 150, 11)) n += predicate(*game, s);
    return n;
  };
  CHECK(count("lib-al-ghashim", [](const Game& g, const State& s) { return g.phase(s) == Phase::place; }) > 0);
  CHECK(count("kalah", [](const Game& g, const State& s) { return g.continuing(s); }) > 0);
}

TEST_CASE("a fixed seed reproduces a game between agents", "[ai]") {
  auto game = test::load_game("kiuthi");
  auto play = [&](const std::string& p1, const std::string& p2, std::uint64_t seed) {
    auto a = ai::make_agent(p1, *game, seed), b = ai::make_agent(p2, *game, seed + 1);
    State s = game->initial_state();
    std::vector<std::string> record;
    while (!game->is_over(s) && game->ply(s) < 120) {
      Move m = (game->mover(s) == 0 ? a : b)->choose(s);
      record.push_back(game->move_text(s, m));
      game->apply(s, m);
    }
    return record;
  };
  for (const auto& [p1, p2] : std::vector<std::pair<std::string, std::string>>{
           {"mcts:iterations=60", "greedy"}, {"alphabeta:nodes=500", "random"}, {"random", "mcts:iterations=30,reuse=0"}}) {
    INFO(p1 << " vs " << p2);
    auto first = play(p1, p2, 7);
    CHECK(first == play(p1, p2, 7));
    CHECK(first.size() > 20);
  }
  // Another seed changes a random agent's game.
  CHECK(play("random", "random", 7) != play("random", "random", 8));
}

TEST_CASE("agent specs: parameters are checked and written out", "[ai]") {
  auto game = test::load_game("kalah");
  CHECK(ai::make_agent("mcts", *game, 4)->describe() == "mcts:iterations=200,time=0,memory=512,c=1,playout=50,reuse=1,seed=4");
  CHECK(ai::make_agent("alphabeta:depth=3", *game, 4)->describe() ==
        "alphabeta:depth=3,nodes=5000,time=0,table=262144,seed=4");
  CHECK(ai::make_agent("greedy:seed=9", *game, 4)->describe() == "greedy:seed=9");
  CHECK(ai::make_agent("greedy:setup=random", *game, 4)->describe() == "greedy:seed=4,setup=random");
  CHECK_THROWS_WITH(ai::make_agent("greedy:setup=best", *game, 1),
                    "agent 'greedy': setup must be random or own, found 'best'");
  CHECK_THROWS_WITH(ai::make_agent("mcts:depth=3", *game, 1),
                    "agent 'mcts' has no parameter 'depth' (parameters: iterations, time, memory, c, playout, reuse, seed)");
  CHECK_THROWS_WITH(ai::make_agent("alphabeta:nodes=-1", *game, 1),
                    "agent 'alphabeta': nodes must be a non-negative integer, found '-1'");
  CHECK_THROWS_WITH(ai::make_agent("mcts:iterations=0", *game, 1),
                    "agent 'mcts': iterations=0 needs a time budget (time=MS)");
  CHECK_THROWS_WITH(ai::make_agent("minimax", *game, 1), "unknown agent 'minimax' (agents: random, greedy, alphabeta, mcts)");
}

TEST_CASE("alphabeta and greedy take the capture that wins the game", "[ai]") {
  // Kalah, P1 to move: A1's single counter lands in the empty B1 and takes the 20 opposite
  // (B2), which ends the game in P1's favour; D1 takes only itself and leaves the 20 to P2.
  auto game = test::load_game("kalah");
  State s = game->empty_state(6);
  auto hole = [&](const char* text) {
    Move m;
    REQUIRE(game->parse_move(s, text, m));
    return static_cast<int>(m.hole);
  };
  s.holes[hole("A1")] = 1;
  s.holes[hole("D1")] = 1;
  s.holes[hole("B2")] = 20;
  s.holes[game->store_hole(0)] = 10;
  s.holes[game->store_hole(1)] = 16;
  game->prepare(s);
  for (const char* spec : {"alphabeta:depth=2", "greedy"}) {
    Move m = ai::make_agent(spec, *game, 1)->choose(s);
    CHECK(game->move_text(s, m) == "A1");
  }
}

TEST_CASE("a concealed store: the agent deduces it from conservation and reads nothing of it", "[ai]") {
  auto game = test::load_game("okwe-ido");
  REQUIRE(game->stores_concealed());
  ai::Observer observer(*game);
  std::mt19937_64 rng(1);
  int checked = 0;
  for (const State& s : sample_positions(*game, 2, 300, 5)) {
    const int viewer = game->mover(s);
    const int other = 1 - viewer;
    // Two players: one hidden store, which conservation gives exactly.
    State seen = observer.observe(s, viewer, rng);
    CHECK(game->store(seen, other) == game->store(s, other));
    CHECK(game->store(seen, viewer) == game->store(s, viewer));
    // A different hidden count (an impossible position) is not seen: the view is the same.
    State altered = s;
    altered.holes[game->store_hole(other)] = static_cast<Count>(altered.holes[game->store_hole(other)] + 5);
    CHECK(static_cast<const StateCore&>(observer.observe(altered, viewer, rng)) == static_cast<const StateCore&>(seen));
    // So every agent decides alike on both.
    for (const char* spec : {"greedy:seed=1", "alphabeta:nodes=200", "mcts:iterations=30,playout=40,seed=2"}) {
      if (checked % 10 != 0) break;
      Move a = ai::make_agent(spec, *game, 1)->choose(s);
      Move b = ai::make_agent(spec, *game, 1)->choose(altered);
      CHECK(a == b);
    }
    ++checked;
  }
  CHECK(checked > 40);
}
