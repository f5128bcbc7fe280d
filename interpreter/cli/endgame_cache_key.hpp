#pragma once
// Where `mancala solve` keeps its endgame tables (ai/endgame_build.hpp), and the key a table is
// kept under: the rules as checked (the resolved game form and the options chosen) and this
// program (its size and time), so that a changed rule file, an option or a rebuilt interpreter
// never reads a table built under others.
#include <cstdint>
#include <string>

#include "lang/checker.hpp"

namespace mancala::cli {

// $XDG_CACHE_HOME/mancala, else ~/.cache/mancala; "" where neither is set.
std::string endgame_cache_dir();
std::uint64_t endgame_rules_key(const CheckedGame& checked);

}  // namespace mancala::cli
