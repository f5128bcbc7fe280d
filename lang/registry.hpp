#pragma once
// The one registry of ludemes: name, arguments and their kinds. The checker validates every form
// against it, docs/language.md documents every entry (a test keeps the two in step), and the
// interpreter's compiler trusts the shapes it guarantees.
#include <string>
#include <string_view>
#include <vector>

namespace mancala {

// What an argument (or a ludeme's result) is.
enum class Kind {
  integer,    // 3, (count hole), a hole (its count), (sum ...), (opt "holes") resolved to an int
  condition,  // (>= hole 2), crossed, (and ...)
  hole,       // A1, hole, origin, (opposite hole)
  region,     // (row mover), board
  player,     // P1, P2, mover, opponent, winner, loser
  string,     // "text"
  symbol,     // one identifier of ParamSpec::symbols (ccw, cw, choice ...)
  int_list,   // {1 3 5}
  clause,     // a form whose ludeme has category ParamSpec::category
  any,        // anything (define bodies, option values)
};

struct ParamSpec {
  std::string name;                  // for named parameters, the label; else a doc name
  Kind kind = Kind::any;
  std::string category;              // Kind::clause: accepted ludeme category
  std::vector<std::string> symbols;  // Kind::symbol: accepted identifiers
  bool named = false;                // written label:value
  bool optional = false;
  bool repeated = false;             // positional and last: takes all remaining arguments
  std::string doc;                   // one line for docs/language.md
};

struct LudemeSpec {
  std::string name;
  // What the ludeme is, and so where it may stand: "top", "game-clause", "start-step", "sow-clause",
  // ..., or an expression kind: "integer", "condition", "hole", "region", "player".
  std::string category;
  std::vector<ParamSpec> params;
  bool bare = false;  // written as a bare identifier (crossed, mover, board) rather than a form
  std::string summary;
};

const std::vector<LudemeSpec>& ludeme_registry();
const LudemeSpec* find_ludeme(std::string_view name);

// The result kind of a ludeme category ("integer" -> Kind::integer, ...); Kind::clause otherwise.
Kind category_kind(std::string_view category);

// Closest registered names to `name` (edit distance), for "did you mean".
std::string closest_ludeme(std::string_view name);

}  // namespace mancala
