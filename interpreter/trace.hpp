#pragma once
// Game records in the format of docs/records.md (JSON Lines, one object per position).
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/game.hpp"

namespace mancala {

// One record line without its trailing newline. `unfinished` marks the turn-limit cut (G9).
std::string record_line(const Game& game, const State& state, bool unfinished,
                        const std::string* move);

// The legal moves of `state` in notation, sorted by byte value (docs/records.md).
std::vector<std::string> legal_texts(const Game& game, const State& state);

struct TraceRequest {
  std::optional<std::vector<std::string>> moves;  // replay these, else play at random
  std::uint64_t seed = 1;
  int max_turns = 2000;
  bool events = false;  // add what each move did under the key "events" (docs/records.md)
};

struct TraceResult {
  int exit_code = 0;  // 0, or 2 after an illegal move
  std::vector<std::string> moves_played;
};

// Writes the record of one game to `out`, a line per position.
TraceResult write_trace(const Game& game, const TraceRequest& request, std::ostream& out);

// The events of one move as a JSON array: [{"event":"drop","player":"P1","hole":"C1","count":1},...]
std::string events_json(const Game& game, int columns, const std::vector<Event>& events);

// Splits "M1, M2, ..." into trimmed moves (an empty string gives none).
std::vector<std::string> split_moves(const std::string& list);

}  // namespace mancala
