// The parser: AST shape and positions, grammar analysis, to_text round trip, syntax errors.
#include <catch2/catch.hpp>

#include <tao/pegtl/contrib/analyze.hpp>

#include "lang/ast.hpp"
#include "lang/grammar.hpp"
#include "lang/parser.hpp"

using namespace mancala;

namespace {

struct Parsed {
  bool ok = false;
  Node root;
  Diagnostics diagnostics;
};

Parsed parse_text(const std::string& text, const ParseLimits& limits = {}) {
  Parsed p;
  p.ok = parse(make_source("test.lud", text), p.root, p.diagnostics, limits);
  return p;
}

// "line:col: message" of the first diagnostic.
std::string first_error(const std::string& text, const ParseLimits& limits = {}) {
  Parsed p = parse_text(text, limits);
  if (p.ok || p.diagnostics.all().empty()) return "no error";
  const auto& d = p.diagnostics.all().front();
  return std::to_string(d.position.line) + ":" + std::to_string(d.position.column) + ": " + d.message;
}

bool same_tree(const Node& a, const Node& b) {
  if (a.kind != b.kind || a.text != b.text || a.head_is_string != b.head_is_string ||
      a.integer != b.integer || a.label != b.label || a.children.size() != b.children.size())
    return false;
  for (std::size_t i = 0; i < a.children.size(); ++i)
    if (!same_tree(a.children[i], b.children[i])) return false;
  return true;
}

}  // namespace

TEST_CASE("the grammar has no PEGTL analysis issues", "[parser]") {
  CHECK(tao::pegtl::analyze<grammar::file>() == 0);
}

TEST_CASE("parse builds forms, lists and atoms with positions", "[parser]") {
  Parsed p = parse_text(
      "// a comment\n"
      "(game \"Test\" /* block\n comment */ (board 2 6)\n"
      "  (sow (direction ccw) count:-3 {1 2 3} #2 (>= hole 2) (\"Define\" x)))\n");
  REQUIRE(p.ok);
  CHECK(p.root.kind == NodeKind::list);
  CHECK(p.root.position.line == 1);
  CHECK(p.root.position.column == 1);
  REQUIRE(p.root.children.size() == 1);
  const Node& game = p.root.children[0];
  CHECK(game.kind == NodeKind::form);
  CHECK(game.text == "game");
  CHECK_FALSE(game.head_is_string);
  CHECK(game.position.line == 2);
  CHECK(game.position.column == 1);
  CHECK(game.position.offset == 13);
  REQUIRE(game.children.size() == 3);
  CHECK(game.children[0].kind == NodeKind::string);
  CHECK(game.children[0].text == "Test");
  CHECK(game.children[0].position.column == 7);

  const Node& board = game.children[1];
  CHECK(board.text == "board");
  CHECK(board.position.line == 3);
  CHECK(board.position.column == 13);
  REQUIRE(board.children.size() == 2);
  CHECK(board.children[0].kind == NodeKind::integer);
  CHECK(board.children[0].integer == 2);
  CHECK(board.children[1].integer == 6);
  CHECK(board.children[1].position.column == 22);

  const Node& sow = game.children[2];
  CHECK(sow.position.line == 4);
  CHECK(sow.position.column == 3);
  REQUIRE(sow.children.size() == 6);
  CHECK(sow.children[0].text == "direction");
  CHECK(sow.children[0].children.at(0).kind == NodeKind::identifier);
  CHECK(sow.children[0].children.at(0).text == "ccw");
  const Node& count = sow.children[1];
  CHECK(count.kind == NodeKind::integer);
  CHECK(count.integer == -3);
  CHECK(count.label == "count");
  CHECK(count.label_position.column == 24);
  CHECK(count.position.column == 30);
  const Node& list = sow.children[2];
  CHECK(list.kind == NodeKind::list);
  CHECK(list.children.size() == 3);
  CHECK(list.children[2].integer == 3);
  CHECK(sow.children[3].kind == NodeKind::parameter);
  CHECK(sow.children[3].integer == 2);
  const Node& ge = sow.children[4];
  CHECK(ge.kind == NodeKind::form);
  CHECK(ge.text == ">=");
  CHECK(ge.children.at(0).text == "hole");
  const Node& call = sow.children[5];
  CHECK(call.head_is_string);
  CHECK(call.text == "Define");
  CHECK(call.children.at(0).text == "x");
}

TEST_CASE("strings, escapes, operators and identifiers", "[parser]") {
  Parsed p = parse_text("(x \"a\\\"b\\\\c\\nd\\te\" \"caf\xc3\xa9\" - + * = != < <= > >= -7 a-b+c' _x1 label:(y))");
  REQUIRE(p.ok);
  const Node& x = p.root.children.at(0);
  REQUIRE(x.children.size() == 15);
  CHECK(x.children[0].text == "a\"b\\c\nd\te");
  CHECK(x.children[1].text == "caf\xc3\xa9");
  const char* ops[] = {"-", "+", "*", "=", "!=", "<", "<=", ">", ">="};
  for (int i = 0; i < 9; ++i) {
    CHECK(x.children[2 + i].kind == NodeKind::identifier);
    CHECK(x.children[2 + i].text == ops[i]);
  }
  CHECK(x.children[11].kind == NodeKind::integer);
  CHECK(x.children[11].integer == -7);
  CHECK(x.children[12].text == "a-b+c'");
  CHECK(x.children[13].text == "_x1");
  CHECK(x.children[14].kind == NodeKind::form);
  CHECK(x.children[14].label == "label");
}

TEST_CASE("integers at the limits of 32 bits", "[parser]") {
  Parsed p = parse_text("(x 2147483647 -2147483648 0 -0)");
  REQUIRE(p.ok);
  CHECK(p.root.children[0].children[0].integer == 2147483647);
  CHECK(p.root.children[0].children[1].integer == -2147483648LL);
  CHECK(first_error("(x 2147483648)") == "1:4: integer out of range (must lie in -2147483648..2147483647)");
  CHECK(first_error("(x\n -2147483649)") == "2:2: integer out of range (must lie in -2147483648..2147483647)");
  CHECK(first_error("(x 99999999999999999999999999999)").rfind("1:4: integer out of range", 0) == 0);
}

TEST_CASE("to_text writes a tree that parses back to the same tree", "[parser]") {
  const std::string text =
      "(game \"A \\\"quoted\\\" name\\n\" (board 2 6 stores:open) (start (fill 4))\n"
      " (sow (origin (row mover) (if (>= hole 2))) lap:{1 -2 3} (\"Call\" #1 #2)))\n"
      "(define \"X\" {})";
  Parsed p = parse_text(text);
  REQUIRE(p.ok);
  std::string written;
  for (const auto& child : p.root.children) written += to_text(child) + "\n";
  CHECK(to_text(p.root.children[1]) == "(define \"X\" {})");
  CHECK(to_text(p.root.children[0].children[1]) == "(board 2 6 stores:open)");
  Parsed again = parse_text(written);
  REQUIRE(again.ok);
  CHECK(same_tree(p.root, again.root));
  CHECK(to_text(again.root) == to_text(p.root));
}

TEST_CASE("node_kind_name", "[parser]") {
  CHECK(std::string(node_kind_name(NodeKind::form)) == "form");
  CHECK(std::string(node_kind_name(NodeKind::list)) == "list");
  CHECK(std::string(node_kind_name(NodeKind::string)) == "string");
  CHECK(std::string(node_kind_name(NodeKind::integer)) == "integer");
  CHECK(std::string(node_kind_name(NodeKind::identifier)) == "identifier");
  CHECK(std::string(node_kind_name(NodeKind::parameter)) == "parameter");
}

TEST_CASE("empty and comment-only files parse to an empty list", "[parser]") {
  for (const char* text : {"", "  \n\t", "// only a comment", "/* block */ // line\n"}) {
    Parsed p = parse_text(text);
    CHECK(p.ok);
    CHECK(p.root.children.empty());
  }
}

TEST_CASE("syntax errors are positioned at the offending token", "[parser]") {
  CHECK(first_error("(game \"x\"\n  (board 2 6)") == "2:14: missing ')' to close '(' at 1:1, found end of file");
  CHECK(first_error("(game (board 2 6})") == "1:17: missing ')' to close '(' at 1:7, found '}'");
  CHECK(first_error("(game)\n)") == "2:1: unmatched ')': no '(' to close");
  CHECK(first_error("(game {1 2)") == "1:11: missing '}' to close '{' at 1:7, found ')'");
  CHECK(first_error("}") == "1:1: unmatched '}': no '{' to close");
  CHECK(first_error("(game \"abc") == "1:7: unterminated string: missing closing '\"'");
  CHECK(first_error("(game \"abc\ndef\")") == "1:7: unterminated string: a string may not contain a raw newline");
  CHECK(first_error("(game \"a\\qb\")") == "1:10: invalid escape sequence in string: only \\\" \\\\ \\n \\t are allowed, found 'q'");
  CHECK(first_error("(game \"a\x01\")") == "1:9: unexpected character '\\x01' in string");
  CHECK(first_error("(game) /* never\n closed") == "1:8: unterminated block comment: missing '*/'");
  CHECK(first_error("(game \x01)") == "1:7: unexpected character '\\x01'");
  CHECK(first_error(std::string("(game \0)", 8)) == "1:7: unexpected character '\\x00'");
  CHECK(first_error("\xff\xfe") == "1:1: unexpected character '\\xff'");
  CHECK(first_error("(game @)") == "1:7: unexpected character '@'");
  CHECK(first_error("(game 3abc)") == "1:8: unexpected character 'a'");
  CHECK(first_error("(game abc@)") == "1:10: unexpected character '@'");
  CHECK(first_error("(game >=x)") == "1:9: an operator must be followed by a space, ')' or '}', found 'x'");
  CHECK(first_error("(game #)") == "1:8: expected a parameter number after '#', found ')'");
  CHECK(first_error("(game #0)") == "1:7: parameter numbers start at #1");
  CHECK(first_error("(game count:)") == "1:13: expected a value after 'count:', found ')'");
  CHECK(first_error("()") == "1:2: expected a ludeme name or a \"define\" name after '(', found ')'");
  CHECK(first_error("(42)") == "1:2: expected a ludeme name or a \"define\" name after '(', found '4'");
}

TEST_CASE("the limits: nesting depth and file size", "[parser]") {
  ParseLimits limits;
  limits.max_depth = 3;
  CHECK(first_error("(a (b (c 1)))", limits) == "no error");
  CHECK(first_error("(a (b {c (d)}))", limits) == "1:10: nesting deeper than 3 levels (limit max_depth)");
  limits = ParseLimits{};
  limits.max_bytes = 10;
  CHECK(first_error("(game \"long name\")", limits) == "1:1: file is larger than 10 bytes (limit max_bytes)");

  // Very deep nesting is refused at the limit, without recursing further.
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "(a ";
  CHECK(first_error(deep) == "1:769: nesting deeper than 256 levels (limit max_depth)");
  CHECK(first_error(std::string(100000, '(')) == "1:2: expected a ludeme name or a \"define\" name after '(', found '('");
  std::string deep_lists = "(x " + std::string(100000, '{');
  CHECK(first_error(deep_lists) == "1:259: nesting deeper than 256 levels (limit max_depth)");
  // Exactly at the limit is fine.
  std::string at_limit;
  for (int i = 0; i < 256; ++i) at_limit += "(a ";
  at_limit += std::string(256, ')');
  CHECK(first_error(at_limit) == "no error");
}

TEST_CASE("describe_character", "[parser]") {
  CHECK(describe_character("a", 0) == "'a'");
  CHECK(describe_character("a", 1) == "end of file");
  CHECK(describe_character(" ", 0) == "' '");
  CHECK(describe_character("\n", 0) == "'\\x0a'");
  CHECK(describe_character("\x7f", 0) == "'\\x7f'");
}
