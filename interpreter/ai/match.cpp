#include "interpreter/ai/match.hpp"

#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "interpreter/ai/agent.hpp"
#include "interpreter/ai/evaluation.hpp"

namespace mancala::ai {

namespace {

// A game's seed from the match's: SplitMix64, so that neighbouring games draw unrelated seeds.
std::uint64_t game_seed(std::uint64_t seed, int index) {
  std::uint64_t x = seed + 0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(index + 1);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

MatchGame play_one(const Game& game, const MatchSettings& settings, int index) {
  const int n = game.players();
  MatchGame out;
  out.seat_of.resize(n);
  out.seconds.assign(n, 0.0);
  out.moves.assign(n, 0);
  std::vector<int> agent_at(n);
  std::vector<std::unique_ptr<Agent>> agents(n);
  const std::uint64_t seed = game_seed(settings.seed, index);
  for (int a = 0; a < n; ++a) {
    out.seat_of[a] = (a + index) % n;
    agent_at[out.seat_of[a]] = a;
    agents[a] = make_agent(settings.agents[a], game, seed + static_cast<std::uint64_t>(a));
  }
  State state = game.initial_state();
  while (!game.is_over(state) && game.ply(state) < settings.max_turns) {
    const int a = agent_at[game.mover(state)];
    const auto start = std::chrono::steady_clock::now();
    Move move = agents[a]->choose(state);
    out.seconds[a] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ++out.moves[a];
    out.record.push_back(move);
    game.apply(state, move);
  }
  out.plies = game.ply(state);
  out.cut = !game.is_over(state);
  out.result = out.cut ? "unfinished" : game.result_text(state);
  const int winner = out.cut ? player_ahead(game, state) : game.winner(state);
  out.winner_agent = winner >= 0 ? agent_at[winner] : -1;
  return out;
}

}  // namespace

MatchResult play_match(const Game& game, const MatchSettings& settings) {
  const int n = game.players();
  if (static_cast<int>(settings.agents.size()) != n)
    throw std::invalid_argument("the game has " + std::to_string(n) + " players: give one agent each");
  for (int a = 0; a < n; ++a) make_agent(settings.agents[a], game, 0);  // a bad spec fails here, once
  MatchResult result;
  result.games.resize(static_cast<std::size_t>(settings.games));
  std::atomic<int> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&] {
    for (int g; (g = next++) < settings.games;) {
      try {
        result.games[static_cast<std::size_t>(g)] = play_one(game, settings, g);
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = settings.games;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < std::max(1, settings.jobs); ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);

  result.agents.resize(n);
  for (int a = 0; a < n; ++a) {
    result.agents[a].spec = settings.agents[a];
    result.agents[a].described = make_agent(settings.agents[a], game, settings.seed)->describe();
  }
  for (const MatchGame& g : result.games) {
    result.cut += g.cut;
    for (int a = 0; a < n; ++a) {
      AgentResult& r = result.agents[a];
      r.seconds += g.seconds[a];
      r.moves += g.moves[a];
      if (g.winner_agent == a) {
        ++r.wins;
        r.credited += g.cut;
      } else if (g.winner_agent >= 0) {
        ++r.losses;
      } else if (g.cut) {
        ++r.unfinished;
      } else {
        ++r.draws;
      }
    }
  }
  return result;
}

}  // namespace mancala::ai
