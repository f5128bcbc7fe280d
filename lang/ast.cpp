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

std::string expansion_note(const Position& call) {
  // The call is written ("Name" ...): its name is read back from the source at the call.
  std::string name;
  if (call.source) {
    const std::string& text = call.source->text;
    std::size_t at = text.find('"', call.offset);
    std::size_t end = at == std::string::npos ? at : text.find('"', at + 1);
    if (end != std::string::npos && text.find_first_not_of(" \t\r\n(", call.offset) == at)
      name = text.substr(at + 1, end - at - 1);
  }
  return fmt::format("in the expansion of \"{}\" called here", name);
}

}  // namespace mancala
