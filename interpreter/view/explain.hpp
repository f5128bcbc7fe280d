#pragma once
// Moves that explain themselves: what a move did, step by step in words a player understands,
// each step citing the clause of the rule file that caused it ("(kiuthi.lud:21, K4)"), so that
// a user can check a move against the source text; and why a move is not legal.
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/events.hpp"
#include "interpreter/game.hpp"

namespace mancala::view {

struct Explanation {
  std::vector<std::string> steps;  // one line per step
  std::vector<ClauseId> clauses;   // the clauses the steps cite, in the order first cited
  // By step: the index of the event it starts at, and the clauses it cites (a page animating the
  // events shows each step as its events are played).
  std::vector<std::size_t> step_events;
  std::vector<std::vector<ClauseId>> step_clauses;
};

// The events a move produced (Game::apply), told from the position before it. Drops are grouped
// by handful ("P1 lifted 6 from E1 and sowed them anticlockwise: F1 F2 E2 D2 C2 B2").
Explanation explain_move(const Game& game, const State& before, const Move& move,
                         const std::vector<Event>& events);

// Only the end of a round and of the game among a move's events: worth a line after any move.
Explanation explain_ends(const Game& game, const State& before, const Move& move,
                         const std::vector<Event>& events);

// The explanation as printed: a step per line, indented, then the clauses cited with their text.
std::string explanation_text(const Game& game, const Explanation& explanation);

// Why `text` is not a legal move in `state`, with the clause or ruling that decides and the
// clause's text; or that it is legal.
std::vector<std::string> explain_refusal(const Game& game, const State& state, std::string_view text);

}  // namespace mancala::view
