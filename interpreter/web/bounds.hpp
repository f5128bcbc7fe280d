#pragma once
// What one request may ask of the server (docs/web.md, "Safe by default"): a request past a bound
// gets a clear error, never a hung or crashed server.
#include <cstddef>

namespace mancala::web {

struct Bounds {
  std::size_t max_body = 1 << 20;         // bytes of a request's body
  std::size_t max_rule_file = 256 << 10;  // bytes of a rule file read, checked or saved
  long max_analysis_games = 20'000;       // games of one analysis (each reading of a comparison)
  int max_ai_ms = 2'000;                  // thinking time of a computer move, hint or solve
  long max_solve_positions = 1'000'000;  // positions a solve (or a hint's solve) searches, over all the moves
  int max_solves = 2;                     // solves running at once, over every session
  int max_jobs = 2;                       // analyses running at once, over every session
  int max_sessions = 256;                 // sessions kept; the least recently used goes first
  int max_moves = 5'000;                  // moves one session keeps (a game cut at the turn limit is shorter)
  int max_turns = 2'000;                  // plies of an analysis's games (G9)
};

}  // namespace mancala::web
