#include "interpreter/analysis/analysis.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <mutex>
#include <random>
#include <thread>

#include "interpreter/ai/agent.hpp"

namespace mancala::analysis {

std::uint64_t game_seed(std::uint64_t seed, long index) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (static_cast<std::uint64_t>(index) + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::pair<long, long> shard_slice(long games, int k, int n) {
  return {games * (k - 1) / n, games * k / n};
}

namespace {

// A game's moves hashed (FNV-1a over each move's fields): equal for the same game played again.
std::uint64_t fingerprint(const std::vector<Move>& moves) {
  std::uint64_t h = 1469598103934665603ULL;
  auto mix = [&h](std::uint64_t v) {
    h ^= v;
    h *= 1099511628211ULL;
  };
  for (const Move& m : moves) {
    mix(static_cast<std::uint64_t>(m.kind) | static_cast<std::uint64_t>(m.hole) << 8 |
        static_cast<std::uint64_t>(m.dir) << 16 | static_cast<std::uint64_t>(m.has_dir) << 17);
    mix(static_cast<std::uint64_t>(static_cast<std::uint32_t>(m.count)));
  }
  return h;
}

// The moves of a game in notation, replayed from the start.
std::vector<std::string> move_texts(const Game& game, const std::vector<Move>& moves, std::size_t n) {
  std::vector<std::string> texts;
  State s = game.initial_state();
  for (std::size_t i = 0; i < n; ++i) {
    texts.push_back(game.move_text(s, moves[i]));
    game.apply(s, moves[i]);
  }
  return texts;
}

}  // namespace

GameSummary play_game(const Game& game, const Coverage& coverage, const RunSpec& spec, long index,
                      Tally& study, const std::atomic<bool>* stop, std::atomic<long>* plies_played) {
  const std::uint64_t seed = game_seed(spec.seed, index);
  auto agent = ai::make_agent(spec.agent, game, seed);
  agent->set_cancel(stop);
  std::mt19937_64 opening(seed ^ 0x6f70656e696e67ULL);  // the random opening plies' draws
  // The game is tallied apart and added at its end, so that a game stopped early adds nothing.
  Tally t(game.players(), coverage.sites.size());
  GameSummary summary;
  summary.index = index;
  summary.seed = seed;
  summary.captured.assign(static_cast<std::size_t>(game.players()), 0);
  thread_local std::vector<Move> legal, moves;
  thread_local std::vector<Event> events, excluded;
  thread_local std::vector<std::uint64_t> hashes;
  thread_local std::vector<long> fired;  // per site: its events in this game
  moves.clear();
  hashes.clear();
  fired.assign(coverage.sites.size(), 0);
  auto note = [&](FindingKind kind, int ply, std::string detail) {
    if (!study.wants(kind, index, ply)) {  // (building an example replays the game)
      ++t.finding(kind).count;
      return;
    }
    t.note(kind, Example{index, seed, ply, move_texts(game, moves, static_cast<std::size_t>(ply)),
                         std::move(detail)});
  };
  // The exclusions among the moves of the decision at `at`, or (`after`: the move played) among
  // the further moves of the turn that move went on with: the excluded move is the event's
  // player's, who is no longer to move at `at` when the exclusion ended their turn.
  auto note_exclusions = [&](const std::vector<Event>& list, const State& at, const std::string& after) {
    for (const Event& e : list) {
      if (e.kind() != EventKind::excluded) continue;
      const auto& d = e.as<ExcludedEvent>();
      const std::string reason = d.at_budget ? fmt::format("endless, its sowing reaching the drop limit of {} counters", game.drop_limit())
                                 : d.endless ? std::string("endless") : std::string("repeating a position of the turn");
      const std::string move = game.move_text(at, d.move);
      note(d.endless ? FindingKind::excluded_endless : FindingKind::excluded_repeat, game.ply(at),
           after.empty() ? fmt::format("{} to move: {} is left out as {} (G6)", player_name(e.player), move, reason)
                         : fmt::format("after {} played {} at ply {}, {}'s further move {} is left out as {} (G6)",
                                       player_name(e.player), after, game.ply(at) - 1, player_name(e.player), move,
                                       reason));
    }
  };
  const bool further_moves = game.rules().has_again();  // a move may go on with a further decision

  long turns = 0, captured_in_turn = 0;
  // What a move's events (or those before the first decision) add to the tally; `board`: the
  // board they were made on.
  auto count_events = [&](const std::vector<Event>& list, const Layout& board, const State& after) {
    for (const Event& e : list) {
      for (int site : event_sites(coverage, e)) {
        if (site < 0) continue;
        ++t.site_events[static_cast<std::size_t>(site)];
        ++fired[static_cast<std::size_t>(site)];
      }
      switch (e.kind()) {
        case EventKind::capture: {
          const auto& d = e.as<CaptureEvent>();
          ++t.captures;
          summary.captured[static_cast<std::size_t>(e.player)] += d.count;
          captured_in_turn += d.count;
          t.captured_from[board.names[static_cast<std::size_t>(d.hole)]] += d.count;
          break;
        }
        case EventKind::turn_end:
          ++turns;
          t.captured_per_turn.add(captured_in_turn);
          captured_in_turn = 0;
          break;
        case EventKind::round_end:
          if (e.as<RoundEndEvent>().repeated)
            note(FindingKind::round_repetition, game.ply(after),
                 "a round ends: the position after the turn had been seen in the round");
          break;
        default:
          break;
      }
    }
  };

  events.clear();
  State s = game.initial_state(&events);  // the first turn's automatic steps are counted too
  count_events(events, game.layout_of(s), s);
  while (!game.is_over(s) && game.ply(s) < spec.max_turns) {
    if (stop && stop->load(std::memory_order_relaxed)) throw ai::Cancelled();
    if (plies_played) plies_played->fetch_add(1, std::memory_order_relaxed);
    hashes.push_back(game.hash(s));
    excluded.clear();
    // A further decision's exclusions were reported by the move that gave it (below).
    game.legal_moves(s, legal, game.continuing(s) ? nullptr : &excluded);
    note_exclusions(excluded, s, "");
    t.branching.add(static_cast<long>(legal.size()));
    const Move m = game.ply(s) < spec.opening_plies
                       ? legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(opening)]
                       : agent->choose(s);
    if (m.kind == MoveKind::pass) ++t.passes;
    else if (legal.size() == 1) ++t.forced;
    moves.push_back(m);
    const Layout& board = game.layout_of(s);  // captures are on the board the move is played on
    const std::string played = further_moves ? game.move_text(s, m) : std::string();
    events.clear();
    game.apply(s, m, &events);
    count_events(events, board, s);
    t.drops.add(std::count_if(events.begin(), events.end(), [](const Event& e) { return e.kind() == EventKind::drop; }));
    note_exclusions(events, s, played);
  }
  ++t.games;
  t.plies.add(game.ply(s));
  t.turns.add(turns);
  t.rounds.add(game.round(s));
  for (std::size_t i = 0; i < fired.size(); ++i) {
    t.site_games[i] += fired[i] > 0;
    t.site_squares[i] += fired[i] * fired[i];
  }
  summary.plies = game.ply(s);
  summary.turns = turns;
  summary.rounds = game.round(s);
  summary.captures = t.captures;
  summary.result = game.is_over(s) ? game.result_text(s) : "unfinished";
  for (int p = 0; p < game.players(); ++p) {
    summary.stores.push_back(game.store(s, p));
    summary.scores.push_back(game.score(s, p));
  }
  summary.fingerprint = fingerprint(moves);
  t.fingerprints[summary.fingerprint] = 1;
  if (game.is_over(s)) {
    ++t.finished;
    int w = game.winner(s);
    if (w >= 0) ++t.wins[static_cast<std::size_t>(w)];
    else ++t.draws;
    study.merge(t);
    return summary;
  }
  const std::uint64_t last = game.hash(s);
  auto seen = std::find(hashes.rbegin(), hashes.rend(), last);
  if (seen != hashes.rend()) {
    int earlier = static_cast<int>(hashes.rend() - seen) - 1;
    note(FindingKind::unfinished_cycling, game.ply(s),
         fmt::format("cut at ply {} (G9): the position had been reached at ply {}, a cycle of {} plies",
                     game.ply(s), earlier, game.ply(s) - earlier));
  } else {
    note(FindingKind::unfinished_changing, game.ply(s),
         fmt::format("cut at ply {} (G9): the position had not occurred before in the game", game.ply(s)));
  }
  study.merge(t);
  return summary;
}

Analysis analyze(const Game& game, const RunSpec& spec, std::pair<long, long> slice,
                 const RunControl& control) {
  Coverage coverage = coverage_sites(game);
  ai::make_agent(spec.agent, game, spec.seed);  // a bad spec fails here, not in a thread
  const int jobs = std::max(1, control.jobs);
  std::atomic<long> next{slice.first}, done{0}, plies{0};
  std::mutex game_mutex;  // on_game is called one game at a time
  std::vector<Tally> tallies(static_cast<std::size_t>(jobs), Tally(game.players(), coverage.sites.size()));
  std::exception_ptr failure;
  std::mutex failure_mutex;
  std::atomic<bool> failed{false};
  auto stopped = [&] { return failed.load() || (control.stop && control.stop->load()); };
  auto work = [&](Tally& tally) {
    try {
      for (long i; !stopped() && (i = next.fetch_add(1)) < slice.second;) {
        GameSummary summary = play_game(game, coverage, spec, i, tally, control.stop, &plies);
        if (control.on_game) {
          std::lock_guard lock(game_mutex);
          control.on_game(summary);
        }
        done.fetch_add(1);
      }
    } catch (const ai::Cancelled&) {
      // Stopped in the middle of a game (Ctrl-C): the games played count, that one does not.
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(work, std::ref(tallies[static_cast<std::size_t>(j)]));
  if (control.progress) {
    // The calling thread reports progress while the workers play.
    threads.emplace_back(work, std::ref(tallies[0]));
    const long total = slice.second - slice.first;
    while (done.load() < total && !stopped()) {
      control.progress(done.load(), total, plies.load());
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    control.progress(done.load(), total, plies.load());
  } else {
    work(tallies[0]);
  }
  for (auto& thread : threads) thread.join();
  if (failure) std::rethrow_exception(failure);

  Analysis out{spec, {slice}, false, coverage.sites, Tally(game.players(), coverage.sites.size())};
  for (const Tally& t : tallies) out.tally.merge(t);
  out.interrupted = out.tally.games < slice.second - slice.first;
  return out;
}

std::vector<std::size_t> never_fired(const std::vector<Site>& sites, const Tally& tally) {
  std::vector<std::size_t> never;
  for (std::size_t i = 0; i < sites.size(); ++i)
    if (sites[i].measured && tally.site_events[i] == 0) never.push_back(i);
  return never;
}

void merge(Analysis& into, const Analysis& other) {
  if (!(into.spec == other.spec))
    throw std::invalid_argument("the runs differ in file, options, agent, seed, games, max-turns or opening plies");
  if (into.sites != other.sites)
    throw std::invalid_argument("the runs were made on different versions of the rule file");
  Slices all = into.slices;
  all.insert(all.end(), other.slices.begin(), other.slices.end());
  std::sort(all.begin(), all.end());
  Slices joined;
  for (const auto& s : all) {
    if (!joined.empty() && s.first < joined.back().second)
      throw std::invalid_argument(fmt::format("the runs overlap: games {}..{} are in both",
                                              s.first, std::min(s.second, joined.back().second) - 1));
    if (!joined.empty() && s.first == joined.back().second) joined.back().second = s.second;
    else joined.push_back(s);
  }
  into.slices = joined;
  into.interrupted = into.interrupted || other.interrupted;
  into.tally.merge(other.tally);
}

}  // namespace mancala::analysis
