#pragma once
// Rules edited under a game in progress (the REPL's and the web page's reload): the moves played
// are replayed under the new rules, and the first move where the new rules disagree with the old,
// a move no longer legal or a position that differs, is told in words.
#include <string>
#include <vector>

#include "interpreter/events.hpp"
#include "interpreter/game.hpp"

namespace mancala::view {

// A move played in a session, with what it did.
struct PlayedMove {
  std::string text;  // as typed or chosen (G8)
  Move move;
  State before;
  std::vector<Event> events;
  std::string by;  // the agent that chose it; empty when a person played it
};

struct Reloaded {
  State start;                        // the new rules' starting position
  State state;                        // after the moves replayed
  std::vector<PlayedMove> replayed;   // the moves the new rules still allow, from the first
  std::vector<std::string> left_over; // the moves not replayed, the last first (a redo stack)
  // The first disagreement, a line each ("move 3 is no longer legal:", the reasons indented);
  // empty when the new rules agree with the old at every move.
  std::vector<std::string> disagreement;
  int disagreeing_move = 0;  // its move number from 1; 0 for the starting position or none
};

// Replays `played` (from `old_start`, ending at `old_state`) under `new_game`.
Reloaded replay_under(const Game& old_game, const State& old_start, const std::vector<PlayedMove>& played,
                      const State& old_state, const Game& new_game);

}  // namespace mancala::view
