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

// One analysis per reading, the first being the baseline each other is tested against.
struct Reading {
  std::string label;  // "chain=driedger"
  Analysis analysis;
};

// The readings side by side; `*` marks a difference from the first reading significant at 5%
// (two-proportion z-test for shares of games, Welch's t-test for means per game; per-decision
// and per-turn rows are not tested, their units not being independent); then, for each other
// reading, the first clause (in the file's order) whose events per game differ significantly
// from the first reading's (Welch), or that fired in one and never in the other.
std::string compare_report(const std::vector<Reading>& readings);

// Where the first clause whose coverage differs between a and b is written (see
// compare_report), or "".
std::string first_coverage_difference(const Analysis& a, const Analysis& b);

}  // namespace mancala::analysis
