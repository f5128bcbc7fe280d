#pragma once
// Matching a form's arguments to its ludeme's parameters, and the words every checker message
// uses for what was expected and what was found. Shared by the validation pass and by the passes
// that check top-level forms (import, option, range, define, opt, option-case), so that all of
// them report in one style.
#include <string>
#include <vector>

#include "lang/ast.hpp"
#include "lang/check_context.hpp"
#include "lang/registry.hpp"

namespace mancala::passes {

// [A-Z][A-Z]?[1-9][0-9]*: column letters (A..Z, then AA..AX past 26 columns), a row from 1.
bool is_hole_name(const std::string& text);
// Letters then digits, meant as a hole name but not a well-formed one (a1, A0).
bool looks_like_hole_name(const std::string& text);

// Whether `node` is a hole name where `p` wants a hole (or an integer, a hole's count). On a board
// of 16 columns or more, P1 is both a hole and a player: where a hole is wanted it is the hole
// (where an integer is, the player: write (count P1) for the hole's count).
bool names_a_hole(const Node& node, const ParamSpec& p);

// "an integer", "a condition", "one of ccw, cw, choice", "a start-step or a first-mover".
std::string expected(const ParamSpec& p);
// "(sow ...), a game-clause", "'mover', a player", "the hole A1", "an integer".
std::string found(const Node& node);
// "(board rows columns [stores:...])".
std::string usage(const LudemeSpec& spec);
// Whether `node` could be meant for `p` at a glance (used to match optional parameters).
bool fits(const Node& node, const ParamSpec& p);

// For each argument of `form`, the index in spec.params of the parameter it matches, or -1.
// Reports (through `context`) unknown and repeated labels, missing and surplus arguments. With
// `shallow_strings`, also reports an argument of a string parameter that is not a string (the
// top-level forms check nothing deeper).
std::vector<int> match_arguments(const Node& form, const LudemeSpec& spec, CheckContext& context,
                                 bool shallow_strings = false);

}  // namespace mancala::passes
