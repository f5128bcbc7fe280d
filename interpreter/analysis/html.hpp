#pragma once
// The HTML report (`--html`): one self-contained page, inline CSS and SVG, no script and no
// network: findings with their example records, length histogram, balance bars with intervals,
// the board with per-hole capture shares coloured, the coverage list linked to the rule file's
// lines.
#include <string>
#include <vector>

#include "interpreter/analysis/report.hpp"

namespace mancala::analysis {

std::string html_report(const Game& game, const Analysis& analysis);

struct HtmlSection {
  const Game* game;
  const Analysis* analysis;
};
// The comparison as charts (the length histograms overlaid, the results and the clauses that
// changed most as paired bars) and a table with its significance marks, then each reading's
// report. `by_text`: the readings are different rule files (compare_report).
std::string html_comparison(const std::vector<Reading>& readings, const std::vector<HtmlSection>& sections,
                            bool by_text = false);

}  // namespace mancala::analysis
