#pragma once
// An analysis in words (`mancala analyze`, `mancala merge`), and readings side by side
// (`mancala analyze --compare`).
#include <string>
#include <vector>

#include "interpreter/analysis/analysis.hpp"

namespace mancala::analysis {

// The shell command that shows an example's position: `mancala trace` with the game's seed when
// the agent is the default random one, else "" (the moves replay it: mancala replay).
std::string example_command(const Analysis& analysis, const Example& example);

// The per-hole share of captured counters (percent, rounded) drawn on the starting board.
std::string capture_board(const Game& game, const Tally& tally);

std::string text_report(const Game& game, const Analysis& analysis);

// Whether some games of the tally repeat an earlier one (the same moves): statistics that assume
// independent games do not hold.
bool repeats(const Tally& tally);
// The finding that says so, with what to do: "only 1 distinct game of 20: ...".
std::string repeat_warning(const Analysis& analysis);

// One analysis per reading, the first being the baseline each other is tested against.
struct Reading {
  std::string label;  // "chain=driedger"
  Analysis analysis;
};

// How a clause's coverage changed from reading (or file) a to b, where it differs: its events per
// game differ significantly (Welch's t; only between readings whose games do not repeat), or it
// fired in one only.
struct ClauseChange {
  std::string text;              // the clause's line
  std::string where_a, where_b;  // where each writes it; "" where it is absent
  double share_a = 0, share_b = 0;        // its share of the reading's events
  double per_game_a = 0, per_game_b = 0;  // its events per game
  double fired_a = 0, fired_b = 0;        // the share of games in which it fired
  bool one_only = false;
  double change = 0;  // |log| of the ratio of the shares; infinite when it fired in one only
};

// The clauses whose coverage differs, the one whose share of the events changed most first.
// Clauses are matched by where they are written, or (`by_text`, two rule files) by their text.
std::vector<ClauseChange> coverage_changes(const Analysis& a, const Analysis& b, bool by_text);

// Where the clause whose share changed most is written (in a, else in b), or "".
std::string most_changed_clause(const Analysis& a, const Analysis& b);

// A row of the readings side by side: its name, a cell per reading, and whether the cell differs
// from the first reading's significantly at 5%.
struct CompareRow {
  std::string name;
  std::vector<std::string> cells;
  std::vector<bool> significant;
};
std::vector<CompareRow> compare_rows(const std::vector<Reading>& readings);

// The readings side by side; `*` marks a difference from the first reading significant at 5%
// (two-proportion z-test for shares of games, Welch's t-test for means per game) between
// readings whose games do not repeat; per-decision and per-turn rows and counts say "(not
// tested)". Then, for each other reading, the clauses whose share of the events changed most.
// `by_text`: the readings are different rule files (mancala analyze --compare-file).
std::string compare_report(const std::vector<Reading>& readings, bool by_text = false);

}  // namespace mancala::analysis
