#pragma once
// A clause of a rule file as the file writes it, for users who check a move against the source.
#include <string>
#include <vector>

#include "interpreter/game.hpp"

namespace mancala::view {

// The lines of the rule file that cite a clause, as the file writes them: the clause's line (or
// the define call it was expanded from, where the comment is) and the lines its comment runs
// over, each after "file:line": "kiuthi.lud:21  (lap ("LandedOnOccupied")  // K4: ...".
std::vector<std::string> clause_source(const Game& game, ClauseId clause);

}  // namespace mancala::view
