#pragma once
// Replaying a record from a source against a rule file (`mancala replay`): a move list, or a game
// record of docs/records.md (JSON Lines). The first move where the file disagrees, an illegal
// move or a position different from the record's, is reported with the position drawn, the legal
// moves and the clause that decided.
#include <string>
#include <vector>

#include "interpreter/game.hpp"

namespace mancala::analysis {

struct RecordMove {
  std::string text;
  int line = 0;  // in the record file
};

// What a record file holds: moves, and for a JSON Lines record each position as recorded
// (state and legal; one more than the moves when the record ends on a position).
struct SourceRecord {
  std::vector<RecordMove> moves;
  std::vector<std::string> positions;  // JSON text of {"state":...,"legal":...}; empty for a move list
  std::vector<int> position_lines;
};

// Reads a move list (one move per line or several separated by commas, `#` to the end of a line
// a comment) or, when its first character that is not blank is `{`, a JSON Lines record (a line
// {"error":...} ends it). Throws std::invalid_argument "line N: ..." on a malformed record.
SourceRecord read_record(const std::string& text);

struct ReplayResult {
  bool agrees = true;
  int moves_replayed = 0;
  std::string report;  // what the user reads, ending with a newline
};

ReplayResult replay(const Game& game, const SourceRecord& record, const std::string& record_name);

}  // namespace mancala::analysis
