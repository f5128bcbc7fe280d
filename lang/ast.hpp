#pragma once
// The owned syntax tree of a rule file. Every node keeps its Position.
#include <cstdint>
#include <string>
#include <vector>

#include "lang/ludeme.hpp"
#include "lang/source.hpp"

namespace mancala {

enum class NodeKind {
  form,        // (head arg ...): a ludeme, or a define call when head_is_string
  list,        // {item ...}
  string,      // "text"
  integer,     // 42, -3
  identifier,  // ccw, A1, mover, >=
  parameter,   // #1, #2 ... inside a define body
};

struct Node {
  NodeKind kind = NodeKind::identifier;
  Position position;
  std::string text;            // form head, string value or identifier name
  bool head_is_string = false; // form: ("Name" args...) calls a define
  std::int64_t integer = 0;    // integer value, or parameter number
  std::string label;           // non-empty for a named argument `label:value`
  Position label_position;     // where the label starts
  std::vector<Node> children;  // form arguments or list items
  // Recorded by the options pass: the value of an (opt ...), which may stand where a symbol is
  // expected (direction:(opt "dir")) though an option's choices are strings.
  bool from_option = false;

  // Recorded by the checker's validation pass on the (game ...) tree it hands on:
  Ludeme ludeme = Ludeme::none;  // the registry entry a form or bare identifier matched
  Symbol symbol = Symbol::none;  // the symbol an identifier stands for as a symbol argument
  std::uint8_t param = kNoParam;  // index, in the parent's LudemeSpec::params, of the parameter
                                  // this argument matched
  // Recorded by the defines pass: the outermost define call this node was expanded from (line 0
  // if it was written where it stands), so that tools can point at the call in the game file.
  Position expanded_from;

  static constexpr std::uint8_t kNoParam = 0xff;
};

const char* node_kind_name(NodeKind kind);

// Writes the node back as text (for messages, define expansion dumps and tests).
std::string to_text(const Node& node);

// The note that follows an error inside a define's expansion, at the call `call` (a position
// where a define call ("Name" ...) is written): "in the expansion of "Name" called here".
std::string expansion_note(const Position& call);

}  // namespace mancala
