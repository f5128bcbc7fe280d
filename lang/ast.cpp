#include "lang/ast.hpp"

#include <fmt/format.h>

namespace mancala {

const char* node_kind_name(NodeKind kind) {
  switch (kind) {
    case NodeKind::form: return "form";
    case NodeKind::list: return "list";
    case NodeKind::string: return "string";
    case NodeKind::integer: return "integer";
    case NodeKind::identifier: return "identifier";
    case NodeKind::parameter: return "parameter";
  }
  return "node";
}

namespace {

void quote(std::string& out, const std::string& text) {
  out += '"';
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default: out += c; break;
    }
  }
  out += '"';
}

void write(std::string& out, const Node& node) {
  if (!node.label.empty()) {
    out += node.label;
    out += ':';
  }
  switch (node.kind) {
    case NodeKind::form:
      out += '(';
      if (node.head_is_string)
        quote(out, node.text);
      else
        out += node.text;
      for (const Node& child : node.children) {
        out += ' ';
        write(out, child);
      }
      out += ')';
      break;
    case NodeKind::list: {
      out += '{';
      bool first = true;
      for (const Node& child : node.children) {
        if (!first) out += ' ';
        first = false;
        write(out, child);
      }
      out += '}';
      break;
    }
    case NodeKind::string: quote(out, node.text); break;
    case NodeKind::integer: out += fmt::format("{}", node.integer); break;
    case NodeKind::identifier: out += node.text; break;
    case NodeKind::parameter: out += fmt::format("#{}", node.integer); break;
  }
}

}  // namespace

std::string to_text(const Node& node) {
  std::string out;
  write(out, node);
  return out;
}

}  // namespace mancala
