#pragma once
// Whether play never reads a store: the solver's endgame table (ai/endgame_table.hpp) keys a
// position by its pits and mover alone, which holds only where what follows a turn's start does
// not depend on what the stores hold.
#include <string>

#include "interpreter/rules.hpp"

namespace mancala {

// "" when, in a game whose stores only grow (store_growth.hpp), no clause reads a store's count
// or any state besides the counts, the owners and the marks that no clause changes: then the
// moves, captures and ends that follow a turn's start are the same whatever the stores hold, and
// what each player gains from there is a function of the pits and the mover. Else why not, in
// words. Conservative: a condition it cannot tell reads only pits counts as reading a store.
std::string store_reading(const Rules& rules);

}  // namespace mancala
