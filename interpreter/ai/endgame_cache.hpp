#pragma once
// The endgame table kept on disk (endgame_build.hpp): one file a table, named by the rules' key,
// the pits and the most counters, holding them again with the entries and a checksum, so that a
// file of another table, cut short or changed is refused whole. The cache keeps the largest table
// built of each game and board: a larger one answers every position a smaller one does.
#include <cstdint>
#include <string>

#include "interpreter/ai/endgame_table.hpp"

namespace mancala::ai {

// The file of the table under `dir`.
std::string endgame_cache_file(const std::string& dir, std::uint64_t rules_key, int pits, int most);
// The most counters of the table kept under `dir` for `rules_key` and `pits`, the largest where
// there are several; 0 where there is none.
int largest_kept_endgame_table(const std::string& dir, std::uint64_t rules_key, int pits);
// Removes the tables kept under `dir` for `rules_key` and `pits` smaller than `most`.
void remove_endgame_tables_below(const std::string& dir, std::uint64_t rules_key, int pits, int most);
// Fills `table` from `file`; false (the table as it was) where the file is missing, of another
// key or size, or fails its checksum.
bool read_endgame_table(const std::string& file, std::uint64_t rules_key, EndgameTable& table);
// Writes the table to `file` (through a temporary file renamed, so that a reader never sees half
// of one), creating its directory; false where it cannot.
bool write_endgame_table(const std::string& file, std::uint64_t rules_key, const EndgameTable& table);

}  // namespace mancala::ai
