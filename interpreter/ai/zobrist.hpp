#pragma once
// A Zobrist hash of a whole position: every field of State that can change what follows, so
// that two positions with the same hash may share a search result (transposition tables, MCTS
// tree reuse). Each (field, index, value) has its own 64-bit key and the hash is the XOR of the
// keys present; the keys are derived from their triple by a fixed mixing function rather than
// read from a table, since counts range up to kMaxCounters.
#include <cstdint>

#include "interpreter/state.hpp"

namespace mancala::ai {

std::uint64_t zobrist(const State& state);

}  // namespace mancala::ai
