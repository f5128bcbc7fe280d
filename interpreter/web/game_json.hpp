#pragma once
// A game and a position as the web page reads them (JSON): the board from the view model the
// terminal drawing uses (view::board_geometry), every hole with its count, owner, marks and
// whether it is in play, the decision, the legal moves, and what a move did, event by event,
// with the explanation's steps and the clauses they cite.
#include <nlohmann/json.hpp>

#include "interpreter/ai/move_values.hpp"
#include "interpreter/game.hpp"
#include "interpreter/view/reload.hpp"
#include "lang/checker.hpp"
#include "lang/source.hpp"

namespace mancala::web {

using Json = nlohmann::json;

// The board and the position: rows, columns, grid, stores, holes, mover, result... A concealed
// store (O1) shows no count to `concealed_from` (-1: to no one).
Json position_json(const Game& game, const State& state, int concealed_from);

// The legal moves: text (G8), kind, origin hole (-1 for none), direction when it is written.
Json legal_json(const Game& game, const State& state);

// Move `number` (from 1): its heading, the explanation's steps (each with the event it starts at
// and the clauses it cites), the events, and the hole counts after each event, for the animation.
Json move_json(const Game& game, const view::PlayedMove& move, std::size_t number);

// A clause: where it is written ("kalah.lud:24"), its rulings, and its lines in the rule file
// with their comments (the source sentence).
Json clause_json(const Game& game, ClauseId clause);

// Each legal move's value under perfect play (ai::value_moves of `state`, each move solved within
// `budget` positions), from the mover's view: the move's text, whether the value is proven, the
// result and margin when it is, the proven bounds, the REPL's words for it, and whether it is
// among the best (ai::best_moves). `values` may stop short of the legal moves (a solve stopped):
// the rest are listed as "unvalued", and then no move is called best.
Json move_values_json(const Game& game, const State& state, const std::vector<ai::MoveValue>& values, long budget);

// Diagnostics with their line and column, for the editor.
Json diagnostics_json(const Diagnostics& diagnostics);

// The game's name, sources, notes, board and options, as a summary.
Json game_summary_json(const CheckedGame& checked, const Game& game);

}  // namespace mancala::web
