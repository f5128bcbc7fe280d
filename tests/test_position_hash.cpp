// Game::hash: a function of the position, covering what the rules can read and nothing else, so
// that the same board reached by another move order is the same position to agents and the
// solver, while anything that shapes the future tells positions apart.
#include <catch2/catch.hpp>

#include <unordered_map>

#include "support.hpp"

using namespace mancala;

namespace {

// Whether `change`, made to a copy of `s`, changes its hash.
template <class Change>
bool changes_hash(const Game& game, const State& s, Change change) {
  State t = s;
  change(t);
  return game.hash(t) != game.hash(s);
}

}  // namespace

TEST_CASE("the position hash tells apart what shapes the future", "[hash]") {
  auto game = test::load_game("kalah");
  const State s = game->initial_state();
  CHECK(game->hash(State(s)) == game->hash(s));
  CHECK(changes_hash(*game, s, [](State& t) { ++t.holes[3]; }));
  CHECK(changes_hash(*game, s, [](State& t) { --t.holes[3], ++t.holes[4]; }));  // a counter moved on
  CHECK(changes_hash(*game, s, [](State& t) { t.mover = 1; }));
  CHECK(changes_hash(*game, s, [](State& t) { t.phase = Phase::over, t.outcome = Outcome::draw; }));
  CHECK(changes_hash(*game, s, [](State& t) { t.continuing = true; }));
  CHECK(changes_hash(*game, s, [](State& t) { t.continuing = true, t.forced_dir = Dir::cw, t.direction_forced = true; }));
}

TEST_CASE("the position hash leaves out what no clause of the game reads or changes", "[hash]") {
  // Kalah has no claims, marks, turn counts read, rounds, nor a turn limit of its own: the same
  // board at another ply, after other turns, is the same position.
  auto game = test::load_game("kalah");
  const State s = game->initial_state();
  CHECK_FALSE(changes_hash(*game, s, [](State& t) { t.ply = 17; }));
  CHECK_FALSE(changes_hash(*game, s, [](State& t) { t.turns[0] = 4, t.turns[1] = 3; }));
  CHECK_FALSE(changes_hash(*game, s, [](State& t) { t.owner[3] = 1; }));
  CHECK_FALSE(changes_hash(*game, s, [](State& t) { t.flags[3] = 2; }));
  CHECK_FALSE(changes_hash(*game, s, [](State& t) { t.scores[1] = 3, t.round = 2; }));
  // A turn of several decisions compares with its positions (G6) only while it goes on.
  CHECK_FALSE(changes_hash(*game, s, [&](State& t) { t.landing = 5; }));
}

TEST_CASE("the position hash covers owners, flags, turn counts and rounds where the game uses them",
          "[hash]") {
  auto pic = test::load_game("pic");  // holes are claimed (PC2)
  CHECK(changes_hash(*pic, pic->initial_state(), [](State& t) { t.owner[2] = 1; }));
  auto mawkar = test::load_game("mawkar-katiya");  // marks, and (turns P) read
  CHECK(changes_hash(*mawkar, mawkar->initial_state(), [](State& t) { t.flags[3] = 2; }));
  CHECK(changes_hash(*mawkar, mawkar->initial_state(), [](State& t) { t.turns[0] = 1; }));
  auto lib = test::load_game("lib-al-ghashim");  // rounds, match points, repetition (L8)
  const State s = lib->initial_state();
  CHECK(changes_hash(*lib, s, [](State& t) { t.scores[1] = 3; }));
  CHECK(changes_hash(*lib, s, [](State& t) { t.round = 2; }));
  CHECK(changes_hash(*lib, s, [&](State& t) {
    t.round_positions.add(42, t.holes.data(), t.owner.data(), t.holes.size(), 1);
  }));
}

TEST_CASE("the same board at another ply and after other turns hashes the same", "[hash]") {
  // What a transposition is to agents and the solver: Kalah reads neither the ply nor the turn
  // counts, so a position reached later, by a longer way, is the same position.
  auto game = test::load_game("kalah");
  State a = game->initial_state();
  std::vector<Move> legal;
  game->legal_moves(a, legal);
  game->apply(a, legal.front());
  State b = a;
  b.ply += 6;
  b.turns[0] += 3, b.turns[1] += 3;
  CHECK(game->hash(a) == game->hash(b));
}

TEST_CASE("different positions met in play hash apart", "[hash]") {
  // A hash linear in the counts (a sum of words times constants) gave positions met in this walk
  // the same hash (counters moved in step, so that the weighted words cancel out), and so did a
  // scrambling of each word in which a count's change reached only the bits above it; the solver
  // took one position for the other. The first 200,000 positions of a depth-first walk of Kalah(4,4).
  std::string error;
  auto source = read_source(test::project_dir() + "/tests/ai/kalah-mn.lud", error);
  REQUIRE(source);
  auto game = test::check_and_compile(source, {"holes=4", "seeds=4"});
  std::unordered_map<std::uint64_t, State> seen;
  std::vector<State> frontier{game->initial_state()};
  std::vector<Game::Child> children;
  long collisions = 0;
  while (!frontier.empty() && seen.size() < 200'000) {
    State position = std::move(frontier.back());
    frontier.pop_back();
    auto [at, fresh] = seen.try_emplace(game->hash(position), position);
    if (!fresh) {
      const State& other = at->second;
      if (other.holes != position.holes || other.mover != position.mover || other.continuing != position.continuing)
        ++collisions;
      continue;
    }
    game->expand(position, children);
    for (auto& child : children) frontier.push_back(std::move(child.state));
  }
  CHECK(seen.size() >= 200'000);
  CHECK(collisions == 0);
}
