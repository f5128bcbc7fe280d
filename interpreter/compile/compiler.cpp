// Helpers every handler of the compiler uses: errors, clause records, arguments by parameter,
// constants.
#include <fmt/format.h>

#include "interpreter/compile/compiler.hpp"

namespace mancala::compiler {

namespace {

// The index of parameter `name` in the parameters of `form`'s ludeme.
std::uint8_t param_index(const Node& form, std::string_view name) {
  if (form.ludeme == Ludeme::none) throw InternalError(form, "arguments of a node without a ludeme");
  const auto& params = spec_of(form.ludeme).params;
  for (std::size_t i = 0; i < params.size(); ++i)
    if (params[i].name == name) return static_cast<std::uint8_t>(i);
  throw InternalError(form, fmt::format("'{}' has no parameter '{}'", spec_of(form.ludeme).name, name));
}

}  // namespace

void Compiler::error(const Node& node, std::string message) {
  diagnostics.error(node.position, std::move(message));
  if (node.expanded_from.line) diagnostics.note(node.expanded_from, expansion_note(node.expanded_from));
}

ClauseId Compiler::clause(const Node& node) {
  if (rules.clauses.size() >= kNoClause) throw InternalError(node, "too many clauses");
  rules.clauses.push_back({node.ludeme, node.position, node.expanded_from});
  return static_cast<ClauseId>(rules.clauses.size() - 1);
}

const Node* Compiler::arg(const Node& form, std::string_view name) {
  std::uint8_t index = param_index(form, name);
  for (const Node& child : form.children)
    if (child.param == index) return &child;
  return nullptr;
}

std::vector<const Node*> Compiler::args(const Node& form, std::string_view name) {
  std::uint8_t index = param_index(form, name);
  std::vector<const Node*> out;
  for (const Node& child : form.children)
    if (child.param == index) out.push_back(&child);
  return out;
}

void Compiler::clauses(const Node& form, std::string_view param, Target target) {
  for (const Node* child : args(form, param)) this->form(*child, target);
}

std::optional<int> Compiler::constant(const Node& node) {
  if (node.kind == NodeKind::integer) return static_cast<int>(node.integer);
  if (node.ludeme == Ludeme::plus || node.ludeme == Ludeme::minus || node.ludeme == Ludeme::times) {
    long total = node.ludeme == Ludeme::times ? 1 : 0;
    for (std::size_t i = 0; i < node.children.size(); ++i) {
      auto v = constant(node.children[i]);
      if (!v) return std::nullopt;
      if (node.ludeme == Ludeme::times) total *= *v;
      else total += (node.ludeme == Ludeme::minus && i > 0) ? -*v : *v;
    }
    if (total < -kMaxCounters || total > kMaxCounters) {
      error(node, "integer out of range");
      return std::nullopt;
    }
    return static_cast<int>(total);
  }
  error(node, fmt::format("expected a constant integer here, found {}", to_text(node)));
  return std::nullopt;
}

int Compiler::constant_player(const Node& node) {
  static const Ludeme players[] = {Ludeme::p1, Ludeme::p2, Ludeme::p3, Ludeme::p4, Ludeme::p5, Ludeme::p6};
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (node.ludeme != players[p]) continue;
    if (p >= rules.players)
      error(node, fmt::format("the game has {} players: there is no {}", rules.players, node.text));
    return p;
  }
  error(node, fmt::format("expected a player named P1 ... P{} here, found {}", rules.players, to_text(node)));
  return 0;
}

ExprId Compiler::player_leaf(const Node& node, int player) {
  if (player >= rules.players) {
    error(node, fmt::format("the game has {} players: there is no P{}", rules.players, player + 1));
    player = 0;
  }
  return leaf(Op::player_n, player);
}

}  // namespace mancala::compiler
