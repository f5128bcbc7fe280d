#include "lang/parser.hpp"

#include <fmt/format.h>

#include <charconv>
#include <limits>
#include <string>
#include <tao/pegtl.hpp>
#include <utility>
#include <vector>

#include "lang/errors.hpp"
#include "lang/grammar.hpp"

namespace mancala {

namespace pegtl = tao::pegtl;

namespace {

struct ParseState {
  std::shared_ptr<const Source> source;
  std::size_t max_depth = 256;
  std::vector<Node> stack;  // stack.front() is the file's list; one more per open ( or {
  bool has_label = false;
  std::string label;
  Position label_position;
};

Position to_position(const std::shared_ptr<const Source>& source, const pegtl::position& p) {
  Position position;
  position.source = source;
  position.line = static_cast<std::uint32_t>(p.line);
  position.column = static_cast<std::uint32_t>(p.column);
  position.offset = p.byte;
  return position;
}

template <typename ActionInput>
Position position_of(const ParseState& state, const ActionInput& in) {
  return to_position(state.source, in.position());
}

// Starts a node at the input's position and gives it the pending label, if any.
template <typename ActionInput>
Node make_node(ParseState& state, const ActionInput& in, NodeKind kind) {
  Node node;
  node.kind = kind;
  node.position = position_of(state, in);
  if (state.has_label) {
    node.label = std::move(state.label);
    node.label_position = state.label_position;
    state.has_label = false;
    state.label.clear();
  }
  return node;
}

void append(ParseState& state, Node node) { state.stack.back().children.push_back(std::move(node)); }

// The text of a string literal (with its quotes), escapes resolved. The grammar has already
// checked the escapes.
std::string unescape(std::string_view quoted) {
  std::string out;
  out.reserve(quoted.size());
  for (std::size_t i = 1; i + 1 < quoted.size(); ++i) {
    char c = quoted[i];
    if (c == '\\' && i + 2 < quoted.size()) {
      char e = quoted[++i];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        default: out += e; break;  // \" and \\ .
      }
    } else {
      out += c;
    }
  }
  return out;
}

template <typename ActionInput>
void open_nesting(ParseState& state, const ActionInput& in, NodeKind kind) {
  // stack.size() - 1 levels are open; this one would be level stack.size().
  if (state.stack.size() > state.max_depth) {
    throw pegtl::parse_error(
        fmt::format("nesting deeper than {} levels (limit max_depth)", state.max_depth), in);
  }
  state.stack.push_back(make_node(state, in, kind));
}

template <typename ActionInput>
void close_nesting(ParseState& state, const ActionInput&) {
  Node node = std::move(state.stack.back());
  state.stack.pop_back();
  append(state, std::move(node));
}

template <typename Rule>
struct action : pegtl::nothing<Rule> {};

template <>
struct action<grammar::label> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    std::string text = in.string();
    text.pop_back();  // the ':'
    state.has_label = true;
    state.label = std::move(text);
    state.label_position = position_of(state, in);
  }
};

template <>
struct action<grammar::open_paren> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    open_nesting(state, in, NodeKind::form);
  }
};

template <>
struct action<grammar::close_paren> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    close_nesting(state, in);
  }
};

template <>
struct action<grammar::open_brace> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    open_nesting(state, in, NodeKind::list);
  }
};

template <>
struct action<grammar::close_brace> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    close_nesting(state, in);
  }
};

template <>
struct action<grammar::head_string> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    state.stack.back().text = unescape(in.string_view());
    state.stack.back().head_is_string = true;
  }
};

struct head_name_action {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    state.stack.back().text = in.string();
  }
};
template <>
struct action<grammar::head_identifier> : head_name_action {};
template <>
struct action<grammar::head_operator> : head_name_action {};

struct identifier_action {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    Node node = make_node(state, in, NodeKind::identifier);
    node.text = in.string();
    append(state, std::move(node));
  }
};
template <>
struct action<grammar::identifier> : identifier_action {};
template <>
struct action<grammar::operator_name> : identifier_action {};

template <>
struct action<grammar::string_literal> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    Node node = make_node(state, in, NodeKind::string);
    node.text = unescape(in.string_view());
    append(state, std::move(node));
  }
};

// Parses [-]digits into a 32-bit int; false if out of range.
bool to_int32(std::string_view text, std::int64_t& value) {
  std::int32_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size()) return false;
  value = v;
  return true;
}

template <>
struct action<grammar::integer> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    Node node = make_node(state, in, NodeKind::integer);
    node.text = in.string();
    if (!to_int32(node.text, node.integer)) {
      throw pegtl::parse_error(fmt::format("integer out of range (must lie in {}..{})",
                                           std::numeric_limits<std::int32_t>::min(),
                                           std::numeric_limits<std::int32_t>::max()),
                               in);
    }
    append(state, std::move(node));
  }
};

template <>
struct action<grammar::parameter> {
  template <typename ActionInput>
  static void apply(const ActionInput& in, ParseState& state) {
    Node node = make_node(state, in, NodeKind::parameter);
    node.text = in.string();
    if (!to_int32(std::string_view(node.text).substr(1), node.integer) || node.integer > 9999) {
      throw pegtl::parse_error("parameter number out of range (at most #9999)", in);
    }
    if (node.integer == 0) throw pegtl::parse_error("parameter numbers start at #1", in);
    append(state, std::move(node));
  }
};

void replace_all(std::string& text, std::string_view from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

}  // namespace

std::string describe_character(const std::string& text, std::size_t offset) {
  if (offset >= text.size()) return "end of file";
  auto c = static_cast<unsigned char>(text[offset]);
  if (c > 0x20 && c < 0x7f) return fmt::format("'{}'", static_cast<char>(c));
  if (c == ' ') return "' '";
  return fmt::format("'\\x{:02x}'", c);
}

bool parse(std::shared_ptr<const Source> source, Node& out, Diagnostics& diagnostics,
           const ParseLimits& limits) {
  out = Node{};
  out.kind = NodeKind::list;
  out.position = Position{source, 1, 1, 0};
  if (!source) {
    diagnostics.error(Position{}, "no source to parse");
    return false;
  }
  if (source->text.size() > limits.max_bytes) {
    diagnostics.error(out.position, fmt::format("file is larger than {} bytes (limit max_bytes)",
                                                limits.max_bytes));
    return false;
  }
  ParseState state;
  state.source = source;
  state.max_depth = limits.max_depth;
  state.stack.push_back(out);
  pegtl::memory_input<pegtl::tracking_mode::eager, pegtl::eol::lf_crlf> in(
      source->text.data(), source->text.size(), source->name);
  try {
    if (!pegtl::parse<grammar::file, action, grammar::error_control>(in, state)) {
      diagnostics.error(out.position, "cannot parse the file");  // unreachable: the grammar uses must<>
      return false;
    }
  } catch (const pegtl::parse_error& e) {
    Position position = e.positions().empty() ? out.position : to_position(source, e.positions().front());
    std::string message(e.message());
    replace_all(message, "{found}", describe_character(source->text, position.offset));
    if (message.find("{open}") != std::string::npos) {
      const Node& open = state.stack.back();
      replace_all(message, "{open}", fmt::format("{}:{}", open.position.line, open.position.column));
    }
    replace_all(message, "{label}", state.label.size() > 60 ? state.label.substr(0, 57) + "..." : state.label);
    diagnostics.error(position, std::move(message));
    return false;
  }
  out = std::move(state.stack.front());
  return true;
}

}  // namespace mancala
