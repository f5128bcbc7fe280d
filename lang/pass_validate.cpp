// Pass 5: the resolved file against the ludeme registry: one (game ...) form at the top level,
// every form a registered ludeme standing where its category is accepted, its arguments matched
// to the ludeme's parameters and of the kinds they need. Each checked node records what it
// matched (Node::ludeme, Node::symbol, Node::param) for the interpreter's compiler.
#include <fmt/format.h>

#include <algorithm>

#include "lang/checker.hpp"
#include "lang/form_shape.hpp"
#include "lang/registry.hpp"
#include "lang/replaced.hpp"

namespace mancala::passes {

namespace {

// A registered name close to `name`, if it is short enough to be a typo.
std::string suggest_ludeme(const std::string& name) {
  return name.size() > 64 ? std::string() : closest_ludeme(name);
}

// Where a comparison of holes or integers is given a player: the form that compares players.
std::string comparison_hint(const Node& arg, const LudemeSpec& owner) {
  bool compares = owner.id == Ludeme::is || owner.id == Ludeme::eq || owner.id == Ludeme::ne;
  bool player = arg.ludeme != Ludeme::none && spec_of(arg.ludeme).category == Category::player;
  if (!compares || !player) return {};
  return owner.id == Ludeme::ne ? " (to compare players: (not (same-player A B)))"
                                : " (to compare players: (same-player A B))";
}

struct Validator {
  CheckContext& context;

  // While a node expanded from a define call is checked, errors get the note of its call.
  struct InExpansion {
    CheckContext& context;
    const Position* saved;
    InExpansion(CheckContext& c, const Node& node) : context(c), saved(c.expansion) {
      if (node.expanded_from.line) context.expansion = &node.expanded_from;
    }
    ~InExpansion() { context.expansion = saved; }
  };

  void error(const Position& position, std::string message) {
    context.error(position, std::move(message));
  }

  // Reports a form that is not a ludeme usable inside a game; returns its spec if it is one.
  const LudemeSpec* lookup_form(const Node& form) {
    if (form.head_is_string) {
      error(form.position, fmt::format("undefined define \"{}\"", shown(form.text)));
      return nullptr;
    }
    const LudemeSpec* spec = find_form(form.text);
    if (!spec) {
      if (const ReplacedForm* old = replaced_ludeme(form.text))
        error(form.position, replacement_message(*old));
      else if (find_bare(form.text))
        error(form.position, fmt::format("'{}' is written without parentheses: {}", form.text, form.text));
      else
        error(form.position, fmt::format("unknown ludeme '{}'{}", shown(form.text),
                                         did_you_mean(suggest_ludeme(form.text))));
      return nullptr;
    }
    switch (spec->category) {
      case Category::top:
        error(form.position, fmt::format("'{}' is only allowed at the top level of a file", form.text));
        return nullptr;
      case Category::option_choices:
        error(form.position, fmt::format("'{}' is only allowed as the choices of an option", form.text));
        return nullptr;
      case Category::option_use:  // resolved by the options pass; cannot remain
        error(form.position, fmt::format("'{}' could not be resolved", form.text));
        return nullptr;
      case Category::define_use:  // resolved by the defines pass, inside define bodies
        error(form.position, fmt::format("'{}' is only allowed in a define body", form.text));
        return nullptr;
      default: return spec;
    }
  }

  // Reports a bare identifier that is neither a bare ludeme nor a hole name (an argument of
  // `owner`, if given).
  void bad_identifier(const Node& node, const LudemeSpec* owner = nullptr) {
    const ReplacedForm* old = owner ? replaced_argument(owner->name, node.text) : nullptr;
    if (old) {
      error(node.position, replacement_message(*old));
    } else if (find_form(node.text)) {
      error(node.position, fmt::format("'{}' must be written as a form: ({} ...)", node.text, node.text));
    } else if (looks_like_hole_name(node.text)) {
      error(node.position, fmt::format("malformed hole name '{}': a hole is a column letter A-Z and "
                                       "a row number from 1, like A1",
                                       shown(node.text)));
    } else {
      error(node.position, fmt::format("unknown name '{}'{}", shown(node.text),
                                       did_you_mean(suggest_ludeme(node.text))));
    }
  }

  void check_argument(Node& arg, const ParamSpec& p, const LudemeSpec& owner,
                      const std::string& where) {
    InExpansion in(context, arg);
    auto mismatch = [&] {
      error(arg.position, fmt::format("'{}' expects {} {}, found {}{}", owner.name, expected(p), where,
                                      found(arg), comparison_hint(arg, owner)));
    };
    if (arg.kind == NodeKind::parameter) {
      error(arg.position, fmt::format("#{} outside a define body", arg.integer));
      return;
    }
    switch (p.kind) {
      case Kind::any: check_any(arg); return;
      case Kind::string:
        if (arg.kind != NodeKind::string) mismatch();
        return;
      case Kind::symbol:  // an identifier, or an option's value naming one
        if (arg.kind == NodeKind::identifier || (arg.kind == NodeKind::string && arg.from_option))
          arg.symbol = find_symbol(p, arg.text);
        if (arg.symbol == Symbol::none) mismatch();
        return;
      case Kind::int_list:
        if (arg.kind != NodeKind::list) {
          mismatch();
          return;
        }
        for (const auto& item : arg.children) {
          if (!item.label.empty())
            error(item.label_position, fmt::format("unexpected label '{}:' in a list", item.label));
          else if (item.kind != NodeKind::integer)
            error(item.position, fmt::format("'{}' expects a list of integers {}, found {} in the list",
                                             owner.name, where, found(item)));
        }
        return;
      case Kind::integer:
      case Kind::condition:
      case Kind::hole:
      case Kind::region:
      case Kind::player:
      case Kind::clause: break;
    }
    switch (arg.kind) {
      case NodeKind::integer:
        if (p.kind != Kind::integer) mismatch();
        return;
      case NodeKind::identifier:
        if (names_a_hole(arg, p)) {
          arg.ludeme = Ludeme::none;
        } else if (const LudemeSpec* spec = find_bare(arg.text)) {
          arg.ludeme = spec->id;
          if (!fits(arg, p)) mismatch();
        } else if (is_hole_name(arg.text)) {
          if (p.kind != Kind::hole && p.kind != Kind::integer && p.kind != Kind::region) mismatch();
        } else {
          bad_identifier(arg, &owner);
        }
        return;
      case NodeKind::form: {
        const LudemeSpec* spec = lookup_form(arg);
        if (!spec) return;
        arg.ludeme = spec->id;
        if (!fits(arg, p)) {
          if (const ReplacedForm* old = replaced_placement(owner.name, spec->name))
            error(arg.position, replacement_message(*old));
          else
            mismatch();
        }
        check_arguments(arg, *spec);
        return;
      }
      default: mismatch(); return;
    }
  }

  void check_any(Node& node) {
    InExpansion in(context, node);
    switch (node.kind) {
      case NodeKind::form:
        if (const LudemeSpec* spec = lookup_form(node)) {
          node.ludeme = spec->id;
          check_arguments(node, *spec);
        }
        return;
      case NodeKind::list:
        for (auto& item : node.children) {
          if (!item.label.empty())
            error(item.label_position, fmt::format("unexpected label '{}:' in a list", item.label));
          check_any(item);
        }
        return;
      case NodeKind::identifier:
        if (const LudemeSpec* spec = find_bare(node.text)) node.ludeme = spec->id;
        else if (!is_hole_name(node.text)) bad_identifier(node);
        return;
      case NodeKind::parameter:
        error(node.position, fmt::format("#{} outside a define body", node.integer));
        return;
      default: return;
    }
  }

  // Matches the arguments of `form` to the parameters of `spec` and checks each.
  void check_arguments(Node& form, const LudemeSpec& spec) {
    InExpansion in(context, form);
    std::vector<int> matched = match_arguments(form, spec, context);
    for (std::size_t i = 0; i < form.children.size(); ++i) {
      Node& arg = form.children[i];
      if (matched[i] < 0) {  // reported by the matcher; still check what it holds
        check_any(arg);
        continue;
      }
      const ParamSpec& p = spec.params[static_cast<std::size_t>(matched[i])];
      arg.param = static_cast<std::uint8_t>(matched[i]);
      std::string where = arg.label.empty() ? fmt::format("as argument {} ({})", i + 1, p.name)
                                            : fmt::format("for {}:", arg.label);
      check_argument(arg, p, spec, where);
    }
  }

  void check_top(const Program& program, CheckedGame& out) {
    PassErrors errors(context);
    const Node* game = nullptr;
    for (const auto& item : program.top.children) {
      if (!is_form(item, "game")) {
        error(item.position, fmt::format("only import, define, option and game forms may stand at "
                                         "the top level, found {}",
                                         describe(item)));
        continue;
      }
      if (game) {
        error(item.position, "a file has only one (game ...) form");
        context.note(game->position, "the first (game ...) form is here");
        continue;
      }
      game = &item;
    }
    if (!game) {
      if (errors.ok()) error(program.top.position, "no (game ...) form");
      return;
    }
    out.game = *game;
    out.game.ludeme = Ludeme::game;
    check_arguments(out.game, spec_of(Ludeme::game));
    if (!out.game.children.empty() && out.game.children[0].kind == NodeKind::string)
      out.name = out.game.children[0].text;
  }
};

}  // namespace

bool validate_expression(Node& node, CheckContext& context) {
  PassErrors errors(context);
  if (!node.label.empty()) {
    context.error(node.label_position, fmt::format("unexpected label '{}:' before an expression", node.label));
    return false;
  }
  Validator{context}.check_any(node);
  if (!errors.ok()) return false;
  bool expression = node.kind == NodeKind::integer ||
                    (node.kind == NodeKind::identifier && node.ludeme == Ludeme::none) ||
                    (node.ludeme != Ludeme::none && category_kind(spec_of(node.ludeme).category) != Kind::clause);
  if (!expression)
    context.error(node.position, fmt::format("expected an expression (an integer, condition, hole, "
                                             "region or player), found {}", found(node)));
  return errors.ok();
}

bool validate(const Program& program, CheckedGame& out, CheckContext& context) {
  PassErrors errors(context);
  Validator{context}.check_top(program, out);
  return errors.ok();
}

}  // namespace mancala::passes
