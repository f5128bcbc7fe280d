// The engine's contracts (interpreter/game.hpp: one generator, expand, and its views), checked on
// every file of games/ under every option value, at every position of a few random games:
// - legal_moves lists the moves of expand, in its order;
// - expand with events gives the same children as without (the reference sowing routine, which
//   every move asking for events takes, against the fast routines), and so does apply over whole
//   random games;
// - apply of each legal move, on a copy, leaves the child's position and events;
// - apply_random plays a legal move and leaves that move's child; a playout of two plies (which
//   draws a further move ahead, K5) ends in a grandchild;
// - why_not explains every move that is not legal by a rule, never by the fallback "not among
//   the legal moves" (which would mean the generator and why_not disagree);
// - the position hash is a function of the position, and the same for a copy.
// CTest runs one game file per process (MANCALA_CONTRACT_GAME=name), so that files run in
// parallel.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "interpreter/trace.hpp"
#include "support.hpp"

namespace {

using namespace mancala;

bool same_position(const State& a, const State& b) {
  return static_cast<const StateCore&>(a) == static_cast<const StateCore&>(b) &&
         a.turn_positions == b.turn_positions && a.round_positions == b.round_positions;
}

// Texts a player might try in `s`: every hole, with each direction and without, pass, stores.
std::vector<std::string> probes(const Game& game, const State& s) {
  std::vector<std::string> out{"pass", "store 1", "store 2", "flip", "keep"};
  for (const std::string& name : game.layout(s.columns).names) {
    if (name.rfind("store", 0) == 0) continue;
    out.push_back(name);
    out.push_back(name + " ccw");
    out.push_back(name + " cw");
  }
  return out;
}

// Every contract at position `s` (not over).
void check_position(const Game& game, const State& s, PlayoutRng& rng) {
  std::vector<Move> legal;
  game.legal_moves(s, legal);
  std::vector<Game::Child> children;
  game.expand(s, children);
  // Reused from position to position, as a search reuses them: expand writes over an earlier
  // position's children (their events, their pending marks).
  static thread_local std::vector<Game::Child> with_events, deferred;
  game.expand(s, with_events, true);
  game.expand_deferred(s, deferred);
  REQUIRE(children.size() == legal.size());
  REQUIRE(with_events.size() == legal.size());
  REQUIRE(deferred.size() == legal.size());
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const std::string text = game.move_text(s, legal[i]);
    INFO("move " << text);
    REQUIRE(children[i].move == legal[i]);
    REQUIRE(with_events[i].move == legal[i]);
    REQUIRE(same_position(children[i].state, with_events[i].state));
    REQUIRE(deferred[i].move == legal[i]);
    REQUIRE(same_position(children[i].state, game.child_state(s, deferred[i])));
    State applied = s;
    std::vector<Event> events;
    game.apply(applied, legal[i], &events);
    REQUIRE(same_position(applied, children[i].state));
    REQUIRE(events_json(game, s.columns, events) == events_json(game, s.columns, with_events[i].events));
    REQUIRE(game.why_not(s, text).reason.empty());
    REQUIRE(game.hash(children[i].state) == game.hash(applied));
  }
  for (const std::string& text : probes(game, s)) {
    Move m;
    if (game.find_move(s, text, m)) continue;
    INFO("refused " << text);
    REQUIRE(game.why_not(s, text).reason != "it is not among the legal moves");
  }
  // apply_random: a legal move, leaving its child.
  State drawn = s;
  const Move m = game.apply_random(drawn, rng);
  auto child = std::find_if(children.begin(), children.end(), [&](const Game::Child& c) { return c.move == m; });
  REQUIRE(child != children.end());
  REQUIRE(same_position(drawn, child->state));
  // A playout of two plies ends in a grandchild (or a child, if the game ends after one).
  State played = s;
  game.playout(played, rng, s.ply + 2);
  bool found = false;
  for (const Game::Child& c : children) {
    if (same_position(played, c.state)) found = true;
    if (found || game.is_over(c.state)) continue;
    std::vector<Game::Child> grandchildren;
    game.expand(c.state, grandchildren);
    for (const Game::Child& g : grandchildren) found = found || same_position(played, g.state);
  }
  REQUIRE(found);
}

bool selected(const std::string& name) {
  const char* only = std::getenv("MANCALA_CONTRACT_GAME");
  return !only || name == only;
}

}  // namespace

TEST_CASE("the engine's contracts hold on every rule file, under every option value", "[.][contracts]") {
  // The sanitizer run of scripts/test.sh plays fewer games (MANCALA_CONTRACT_WHOLE_GAMES,
  // MANCALA_CONTRACT_GAMES): it looks for memory errors, which the first games find as well as
  // the twentieth.
  auto from_env = [](const char* name, int otherwise) {
    const char* value = std::getenv(name);
    return value ? std::max(1, std::atoi(value)) : otherwise;
  };
  const int games = from_env("MANCALA_CONTRACT_GAMES", 3), plies = 120;
  const int whole_games = from_env("MANCALA_CONTRACT_WHOLE_GAMES", 20);
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(test::project_dir() + "/games"))
    if (entry.path().extension() == ".lud" && selected(entry.path().stem().string()))
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  REQUIRE(!files.empty());
  for (const std::string& file : files) {
    for (const auto& options : test::configurations(file)) {
      const std::string label = std::filesystem::path(file).stem().string() + (options.empty() ? "" : " " + options[0]);
      DYNAMIC_SECTION(label) {
        std::string error;
        auto game = test::check_and_compile(read_source(file, error), options);
        // An endless sowing is excluded alike on every path whatever the limit; at the default
        // (a million drops) a position of Katro with several endless moves cost 22 s here.
        game->limits.max_drops_per_move = 20'000;
        std::mt19937_64 choose(7);
        PlayoutRng rng(11);
        // The fast routines against the reference (a move asking for events) over whole games:
        // long relays, captures in mid-relay and the like are rare in any one position.
        for (int g = 0; g < whole_games; ++g) {
          State s = game->initial_state();
          std::vector<Move> legal;
          std::vector<Event> events;
          while (!game->is_over(s) && s.ply < 600) {
            game->legal_moves(s, legal);
            const Move m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(choose)];
            INFO(label << " whole game " << g << " ply " << s.ply << ": " << game->move_text(s, m));
            State reference = s;
            events.clear();
            game->apply(reference, m, &events);
            game->apply(s, m);
            REQUIRE(same_position(s, reference));
          }
        }
        for (int g = 0; g < games; ++g) {
          State s = game->initial_state();
          std::vector<Move> legal;
          while (!game->is_over(s) && s.ply < plies) {
            INFO(label << " game " << g << " ply " << s.ply << ": " << game->position_text(s));
            check_position(*game, s, rng);
            game->legal_moves(s, legal);
            game->apply(s, legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(choose)]);
          }
        }
      }
    }
  }
}
