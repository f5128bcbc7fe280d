#pragma once
// Matches between agents (mancala match): N games with the seats rotated from game to game,
// played on J threads. Every game builds its agents afresh from seeds derived from the match
// seed and the game's index, so the results do not depend on J nor on the order games finish.
#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/game.hpp"

namespace mancala::ai {

struct MatchSettings {
  std::vector<std::string> agents;  // one spec per player; agent i plays seat (i + g) % N in game g
  int games = 100;
  int jobs = 1;
  std::uint64_t seed = 1;
  int max_turns = 2000;  // G9
};

// One game of a match.
struct MatchGame {
  std::vector<int> seat_of;  // per agent, the player it played
  std::string result;        // "P1".. "P6", "draw", or "unfinished" when cut (G9)
  int winner_agent = -1;     // the agent credited with the win, G9 credit included; -1 for none
  bool cut = false;          // stopped at the turn limit
  int plies = 0;
  std::vector<double> seconds;  // per agent, thinking time
  std::vector<int> moves;       // per agent, decisions taken
  std::vector<Move> record;     // the moves, in order
};

struct AgentResult {
  std::string spec;
  std::string described;  // every parameter written out
  int wins = 0, draws = 0, losses = 0;
  int unfinished = 0;  // cut by the turn limit with no player ahead
  int credited = 0;    // wins by G9 credit (cut, this agent's player ahead), included in wins
  double seconds = 0;
  long moves = 0;
};

struct MatchResult {
  std::vector<MatchGame> games;
  std::vector<AgentResult> agents;
  int cut = 0;  // games stopped at the turn limit
};

// Throws std::invalid_argument for a bad agent spec, and what the game throws (PlayError,
// LimitExceeded) for a game that cannot go on.
MatchResult play_match(const Game& game, const MatchSettings& settings);

}  // namespace mancala::ai
