#include "interpreter/analysis/tally.hpp"

#include <stdexcept>

namespace mancala::analysis {

void Tally::merge(const Tally& o) {
  if (o.wins.size() != wins.size() || o.site_events.size() != site_events.size())
    throw std::invalid_argument("tallies of different games cannot be merged");
  games += o.games;
  finished += o.finished;
  for (std::size_t p = 0; p < wins.size(); ++p) wins[p] += o.wins[p];
  draws += o.draws;
  plies.merge(o.plies);
  turns.merge(o.turns);
  rounds.merge(o.rounds);
  branching.merge(o.branching);
  captured_per_turn.merge(o.captured_per_turn);
  drops.merge(o.drops);
  forced += o.forced;
  passes += o.passes;
  captures += o.captures;
  for (const auto& [hole, n] : o.captured_from) captured_from[hole] += n;
  for (const auto& [fingerprint, n] : o.fingerprints) fingerprints[fingerprint] += n;
  for (std::size_t i = 0; i < site_events.size(); ++i) {
    site_events[i] += o.site_events[i];
    site_games[i] += o.site_games[i];
    site_squares[i] += o.site_squares[i];
  }
  for (std::size_t k = 0; k < kFindingKinds; ++k) {
    findings[k].count += o.findings[k].count;
    if (o.findings[k].example.game >= 0 && o.findings[k].example.before(findings[k].example))
      findings[k].example = o.findings[k].example;
  }
}

void Tally::note(FindingKind kind, Example example) {
  Finding& f = finding(kind);
  ++f.count;
  if (example.before(f.example)) f.example = std::move(example);
}

}  // namespace mancala::analysis
