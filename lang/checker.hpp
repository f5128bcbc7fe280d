#pragma once
// The checker: parse -> imports -> options -> defines -> validate. The result is one fully
// resolved (game ...) node that the interpreter's compiler can trust: every form is a registered
// ludeme with arguments of the kinds lang/registry.hpp gives for it.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "lang/ast.hpp"
#include "lang/check_context.hpp"
#include "lang/parser.hpp"
#include "lang/source.hpp"

namespace mancala {

// One --option name=value from the command line. `position` points into a pseudo-Source named
// "--option" whose text is "name=value" (at its first column).
struct OptionChoice {
  std::string name, value;
  Position position;
};

// An option of the game, as declared by (option "name" DEFAULT CHOICES), and the value in force.
struct OptionInfo {
  std::string name;
  std::vector<Node> choices;  // integer or string literals
  Node chosen;                // one of `choices` (the default unless chosen on the command line)
  Position position;          // of the (option ...) form
};

struct CheckedGame {
  std::string name;                // the game's first argument
  Node game;                       // the fully resolved (game ...) form
  std::vector<OptionInfo> options;
  std::vector<std::string> files;  // the file checked (or the Source's name), then every import
  std::vector<Node> defines;       // the (define ...) forms in force, for check_expression
};

struct CheckSettings {
  std::vector<std::string> stdlib_dirs;  // searched in order by (import "name")
  ParseLimits parse_limits;              // for every file parsed
  std::size_t max_define_depth = 64;     // nested define expansions
  std::size_t max_expanded_nodes = 1'000'000;  // nodes created by define expansion
};

// "name=value" (as given to --option). Reports an error (positioned in a pseudo-Source named
// "--option") if there is no '=' or no name.
OptionChoice parse_option_argument(const std::string& text, Diagnostics& diagnostics);

// Checks the game file at `path`. Returns true and fills `out` if it has no errors.
bool check_file(const std::string& path, const std::vector<OptionChoice>& choices,
                const CheckSettings& settings, CheckedGame& out, Diagnostics& diagnostics);

// The same for text already in memory (tests, fuzzing).
bool check_source(std::shared_ptr<const Source> source, const std::vector<OptionChoice>& choices,
                  const CheckSettings& settings, CheckedGame& out, Diagnostics& diagnostics);

// Checks the text of `source` as one expression (an integer, condition, hole, region or player,
// as in a rule file) in the context of a checked game, whose defines it may call. Fills `out`
// with the resolved node (annotated as validate() annotates a game).
bool check_expression(std::shared_ptr<const Source> source, const CheckedGame& game,
                      const CheckSettings& settings, Node& out, Diagnostics& diagnostics);

// Where (import ...) looks, best first, existing directories only: $MANCALA_STDLIB (':'-separated),
// <exe dir>/../stdlib, <exe dir>/stdlib, MANCALA_SOURCE_DIR "/stdlib".
std::vector<std::string> default_stdlib_dirs(const char* argv0);
// The same search for any directory of the installation or the source tree: $VARIABLE
// (':'-separated), <exe dir>/../NAME, <exe dir>/NAME, MANCALA_SOURCE_DIR "/NAME".
std::vector<std::string> resource_dirs(const char* argv0, const char* variable, const std::string& name);

// ---- The passes (one .cpp each), for the pipeline and for tests --------------------------------
namespace passes {

struct Program {
  std::shared_ptr<const Source> main;  // the game file
  Node top;                            // top-level items: the file's, imported defines spliced in
  std::vector<std::string> files;
  std::vector<OptionInfo> options;
};

// Each returns false if it reported errors. All report through one CheckContext (one error
// cap: past it, CheckContext::ErrorLimit ends the pipeline).
bool resolve_imports(Program& program, const CheckSettings& settings, CheckContext& context);
bool apply_options(Program& program, const std::vector<OptionChoice>& choices,
                   CheckContext& context);
bool expand_defines(Program& program, const CheckSettings& settings, CheckContext& context);
bool validate(const Program& program, CheckedGame& out, CheckContext& context);
// Validates one expression in place (check_expression).
bool validate_expression(Node& node, CheckContext& context);

// Helpers shared by the passes (checker.cpp).
bool is_form(const Node& node, const char* head);  // (head ...) with an identifier head
std::string closest_name(std::string_view name, const std::vector<std::string>& candidates);
std::string did_you_mean(const std::string& suggestion);  // " (did you mean 'x'?)" or ""
std::string describe(const Node& node);  // "an integer", "a string", "a list", "'cw'", "(sow ...)"
std::string shown(std::string_view name);  // `name`, cut to 60 characters for messages

}  // namespace passes

}  // namespace mancala
