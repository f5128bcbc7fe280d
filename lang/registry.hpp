#pragma once
// The one registry of ludemes: typed id, name, category, arguments and their kinds. The checker
// validates every form against it and records the entry on the node (Node::ludeme);
// docs/language.md documents every entry and the fuzz dictionary is generated from it (tests
// keep them in step); the interpreter's compiler dispatches on the ids (docs/extending.md).
#include <string>
#include <string_view>
#include <vector>

#include "lang/ludeme.hpp"

namespace mancala {

// What an argument (or a ludeme's result) is.
enum class Kind {
  integer,    // 3, (count hole), a hole (its count), (sum ...), (opt "holes") resolved to an int
  condition,  // (>= hole 2), crossed, (and ...)
  hole,       // A1, hole, origin, (opposite hole)
  region,     // (row mover), board
  player,     // P1, P2, mover, opponent, winner, loser
  string,     // "text"
  symbol,     // one of ParamSpec::symbols (ccw, cw, choice ...)
  int_list,   // {1 3 5}
  clause,     // a form whose ludeme's category is in ParamSpec::accepts
  any,        // anything (define bodies, option values)
};

struct ParamSpec {
  std::string name;              // for named parameters, the label; else a doc name
  Kind kind = Kind::any;
  CategorySet accepts = 0;       // Kind::clause: the categories accepted
  std::vector<Symbol> symbols;   // Kind::symbol: the identifiers accepted
  bool named = false;            // written label:value
  bool optional = false;
  bool repeated = false;         // positional and last: takes all remaining arguments; named:
                                 //  its label may be given several times
  bool any_label = false;        // named and repeated: takes every label (option-case's cases)
  std::string doc;               // one line for docs/language.md
};

struct LudemeSpec {
  Ludeme id = Ludeme::none;
  std::string name;
  Category category = Category::top;  // what it is, and so where it may stand
  std::vector<ParamSpec> params;
  bool bare = false;  // written as a bare identifier (crossed, mover, board) rather than a form
  std::string summary;
};

// Every entry, in the order of Ludeme (registry[i].id == Ludeme(i + 1)).
const std::vector<LudemeSpec>& ludeme_registry();
const LudemeSpec& spec_of(Ludeme id);  // id != none
const LudemeSpec* find_form(std::string_view name);  // written (name ...)
const LudemeSpec* find_bare(std::string_view name);  // written name
// The symbol `name` if parameter `p` accepts it, else Symbol::none.
Symbol find_symbol(const ParamSpec& p, std::string_view name);

// The result kind of an expression category (integer -> Kind::integer ...); Kind::clause otherwise.
Kind category_kind(Category category);

// The closest registered name to `name` (edit distance), for "did you mean".
std::string closest_ludeme(std::string_view name);

}  // namespace mancala
