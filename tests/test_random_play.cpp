// One generic test over every rule file of games/ (every folder) under every option value
// (OpenSpiel's habit): random games conserve counters after every move, always end (a result, or
// "unfinished" at the turn limit), and their records replay to themselves through the move
// notation. Each configuration plays to a budget of plies, so that the suite's time grows with
// the number of files, not with their games' lengths: by default at least 2 games and 4,000
// plies (a few seconds for every file at once on two cores); the opt-in label random-play-long
// (tests/CMakeLists.txt) plays at least 20 games and 400,000 plies.
#include <catch2/catch.hpp>

#include <random>

#include "interpreter/trace.hpp"
#include "support.hpp"

namespace {

using namespace mancala;

// CTest runs one game file per process (MANCALA_RANDOM_GAME=name), so that files run in parallel.
bool selected(const std::string& name) {
  const char* only = std::getenv("MANCALA_RANDOM_GAME");
  return !only || name == only;
}

int games_per_configuration() {
  const char* env = std::getenv("MANCALA_RANDOM_GAMES");
  return env ? std::max(1, std::atoi(env)) : 1000;
}

// A configuration stops once its games have played this many plies and it has played at least
// min_games_per_configuration() games: a game of long random games (Okwe's reach the turn
// limit) plays fewer of them.
long plies_per_configuration() {
  const char* env = std::getenv("MANCALA_RANDOM_PLIES");
  return env ? std::max(1L, std::atol(env)) : 4'000;
}

int min_games_per_configuration() {
  const char* env = std::getenv("MANCALA_RANDOM_MIN_GAMES");
  return env ? std::max(1, std::atoi(env)) : 2;
}


}  // namespace

TEST_CASE("random games of every rule file, under every option value", "[.][random-play]") {
  const int games = games_per_configuration();
  const int min_games = std::min(games, min_games_per_configuration());
  const int max_turns = 2000;
  std::vector<std::string> files;
  for (const std::string& path : test::game_files())
    if (selected(test::game_name(path))) files.push_back(path);
  REQUIRE(!files.empty());
  for (const std::string& path : files) {
    const std::string name = test::game_name(path);
    for (const auto& options : test::configurations(path)) {
      std::string label = name + (options.empty() ? "" : " " + options[0]);
      DYNAMIC_SECTION(label) {
        auto game = test::load_game(name, options);
        std::mt19937_64 rng(12345);
        std::vector<Move> legal;
        long ended = 0, plies = 0;
        int played = 0;
        for (int g = 0; g < games && (g < min_games || plies < plies_per_configuration()); ++g, ++played) {
          State s = game->initial_state();
          long counters = game->total_counters(s);
          std::vector<std::string> record, moves;
          while (!game->is_over(s) && s.ply < max_turns) {
            game->legal_moves(s, legal);
            REQUIRE(!legal.empty());
            const Move m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
            std::string text = game->move_text(s, m);
            record.push_back(record_line(*game, s, false, &text));
            moves.push_back(text);
            game->apply(s, m);
            INFO(label << " game " << g << " ply " << s.ply << " after " << text);
            REQUIRE(game->total_counters(s) == counters);
            // Every hole, stores included, holds a count of at least 0.
            for (int h = 0; h < game->layout(s.columns).size; ++h) REQUIRE(s.holes[h] >= 0);
          }
          bool cut = !game->is_over(s);
          ended += !cut;
          plies += s.ply;
          if (!cut) REQUIRE(s.outcome != Outcome::none);
          record.push_back(record_line(*game, s, cut, nullptr));

          // The record replays to itself through --moves.
          TraceRequest replay;
          replay.moves = moves;
          replay.max_turns = max_turns;
          std::ostringstream out;
          REQUIRE(write_trace(*game, replay, out).exit_code == 0);
          std::istringstream lines(out.str());
          std::size_t i = 0;
          for (std::string line; std::getline(lines, line); ++i) {
            REQUIRE(i < record.size());
            REQUIRE(line == record[i]);
          }
          REQUIRE(i == record.size());
        }
        // Okwe's end (O7) is almost never reached: games ending is not required, only ending
        // in a result or "unfinished". Report how many ended for the record.
        WARN(label << ": " << ended << " of " << played << " games ended before " << max_turns
                   << " plies (" << plies << " plies in all)");
      }
    }
  }
}
