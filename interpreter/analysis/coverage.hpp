#pragma once
// Rule coverage: the clauses of a rule file grouped by the line that writes them (a site), in the
// file's order, each with how often it caused an event (interpreter/events.hpp).
#include <array>
#include <string>
#include <vector>

#include "interpreter/game.hpp"

namespace mancala::analysis {

struct Site {
  std::string where;    // "kiuthi.lud:24"
  std::string text;     // the clause's source line, trimmed
  std::string rulings;  // the ruling ids its comment cites: "K4"
  // Its clauses act through events (sowing, capture, effects, round end...). Clauses that only
  // shape what is legal or when a sowing stops (origin, direction, skip, require, prefer, stop),
  // or hold captures that name themselves (each), cause none, so that their count says nothing:
  // they are listed apart, not as never fired.
  bool measured = false;
  friend bool operator==(const Site&, const Site&) = default;
};

struct Coverage {
  std::vector<Site> sites;
  std::vector<int> site_of_clause;  // by ClauseId
};

Coverage coverage_sites(const Game& game);

// The sites an event counts for: its clause's, and that of the clause it is part of (a capture
// whose chain or effect acted fired too), each once; -1 for none.
std::array<int, 2> event_sites(const Coverage& coverage, const Event& event);

// The order of sites: the lines of the rule file `own` ("kiuthi.lud") first, by line, then those
// of imported files.
bool site_order(const Site& a, const Site& b, const std::string& own);
// The file part of a site's where: "kiuthi.lud".
std::string site_file(const Site& site);

}  // namespace mancala::analysis
