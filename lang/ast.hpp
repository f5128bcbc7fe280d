#pragma once
// The owned syntax tree of a rule file. Every node keeps its Position.
#include <cstdint>
#include <string>
#include <vector>

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
};

const char* node_kind_name(NodeKind kind);

// Writes the node back as text (for messages, define expansion dumps and tests).
std::string to_text(const Node& node);

}  // namespace mancala
