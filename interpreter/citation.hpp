#pragma once
// Where a clause of a rule file is and what it cites: the comment on the clause's line (rule
// files cite the ruling id or the source sentence each clause encodes there, continued on the
// following lines by comments indented past the `//`). For tools that explain play.
#include <string>

#include "interpreter/rules.hpp"

namespace mancala {

struct Citation {
  std::string where;    // "kiuthi.lud:24" (the file's name without its directories)
  std::string rulings;  // the ruling ids the comment leads with or names in parentheses: "K4"
  std::string comment;  // the comment's text, continuation lines joined
  std::string text;     // the source line at `where`, trimmed (the define call's, if cited there)
};

// A clause written inside a define is cited where its own line has a comment, otherwise at the
// define call in the rule file.
Citation cite(const ClauseInfo& clause);

// "(kiuthi.lud:24, K4)", or "(kiuthi.lud:24)" without a ruling; "" for kNoClause.
std::string short_citation(const Rules& rules, ClauseId clause);

}  // namespace mancala
