// Pass 5: the resolved file against the ludeme registry: one (game ...) form at the top level,
// every form a registered ludeme standing where its category is accepted, its arguments matched
// to the ludeme's parameters and of the kinds they need.
#include <fmt/format.h>

#include <algorithm>

#include "lang/checker.hpp"
#include "lang/registry.hpp"

namespace mancala::passes {

namespace {

constexpr std::size_t max_errors = 100;

struct TooManyErrors {};

const LudemeSpec* form_spec(std::string_view name) {
  for (const auto& spec : ludeme_registry())
    if (!spec.bare && spec.name == name) return &spec;
  return nullptr;
}

const LudemeSpec* bare_spec(std::string_view name) {
  for (const auto& spec : ludeme_registry())
    if (spec.bare && spec.name == name) return &spec;
  return nullptr;
}

// [A-Z][1-9][0-9]*: column letter, row number from 1.
bool is_hole_name(const std::string& text) {
  if (text.size() < 2 || text.size() > 6 || text[0] < 'A' || text[0] > 'Z') return false;
  if (text[1] < '1' || text[1] > '9') return false;
  for (std::size_t i = 2; i < text.size(); ++i)
    if (text[i] < '0' || text[i] > '9') return false;
  return true;
}

// Letters then digits: meant as a hole name, but not a well-formed one.
bool looks_like_hole_name(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size() && ((text[i] >= 'A' && text[i] <= 'Z') || (text[i] >= 'a' && text[i] <= 'z'))) ++i;
  if (i == 0 || i == text.size()) return false;
  for (std::size_t j = i; j < text.size(); ++j)
    if (text[j] < '0' || text[j] > '9') return false;
  return true;
}

std::vector<std::string> split_categories(const std::string& category) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    std::size_t bar = category.find('|', start);
    out.push_back(category.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
    if (bar == std::string::npos) break;
    start = bar + 1;
  }
  return out;
}

std::string with_article(const std::string& noun) {
  if (noun.empty()) return noun;
  bool vowel = std::string_view("aeiou").find(noun[0]) != std::string_view::npos;
  return (vowel ? "an " : "a ") + noun;
}

std::string join(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

std::string expected(const ParamSpec& p) {
  switch (p.kind) {
    case Kind::integer: return "an integer";
    case Kind::condition: return "a condition";
    case Kind::hole: return "a hole";
    case Kind::region: return "a region";
    case Kind::player: return "a player";
    case Kind::string: return "a string";
    case Kind::symbol: return "one of " + join(p.symbols, ", ");
    case Kind::int_list: return "a list of integers {...}";
    case Kind::clause: {
      std::vector<std::string> alternatives;
      for (const auto& c : split_categories(p.category)) alternatives.push_back(with_article(c));
      return join(alternatives, " or ");
    }
    case Kind::any: return "a value";
  }
  return "a value";
}

bool accepts(const std::string& category, const ParamSpec& p) {
  switch (p.kind) {
    case Kind::integer: return category == "integer" || category == "hole";
    case Kind::condition: return category == "condition";
    case Kind::hole: return category == "hole";
    case Kind::region: return category == "region";
    case Kind::player: return category == "player";
    case Kind::clause:
      for (const auto& c : split_categories(p.category))
        if (c == category) return true;
      return false;
    case Kind::any: return true;
    default: return false;
  }
}

// Whether `node` could be meant for `p` (shallow; used to match optional parameters).
bool fits(const Node& node, const ParamSpec& p) {
  switch (node.kind) {
    case NodeKind::integer: return p.kind == Kind::integer || p.kind == Kind::any;
    case NodeKind::string: return p.kind == Kind::string || p.kind == Kind::any;
    case NodeKind::list: return p.kind == Kind::int_list || p.kind == Kind::any;
    case NodeKind::parameter: return false;
    case NodeKind::identifier: {
      if (p.kind == Kind::symbol)
        return std::find(p.symbols.begin(), p.symbols.end(), node.text) != p.symbols.end();
      if (const LudemeSpec* spec = bare_spec(node.text)) return accepts(spec->category, p);
      if (is_hole_name(node.text)) return p.kind == Kind::hole || p.kind == Kind::integer;
      return false;
    }
    case NodeKind::form: {
      if (node.head_is_string) return false;
      if (const LudemeSpec* spec = form_spec(node.text)) return accepts(spec->category, p);
      return false;
    }
  }
  return false;
}

// A registered name close to `name`, if it is short enough to be a typo.
std::string suggest_ludeme(const std::string& name) {
  return name.size() > 64 ? std::string() : closest_ludeme(name);
}

std::string usage(const LudemeSpec& spec) {
  std::string out = "(" + spec.name;
  for (const auto& p : spec.params) {
    std::string item = p.named ? p.name + ":..." : p.name;
    if (p.repeated) item += "...";
    if (p.optional) item = "[" + item + "]";
    out += " " + item;
  }
  return out + ")";
}

struct Validator {
  Diagnostics& diagnostics;
  std::size_t errors_before = diagnostics.error_count();
  bool ok = true;

  void error(const Position& position, std::string message) {
    diagnostics.error(position, std::move(message));
    ok = false;
    if (diagnostics.error_count() - errors_before >= max_errors) throw TooManyErrors{};
  }

  // "(sow ...), a game-clause" / "'mover', a player" / "an integer".
  std::string found(const Node& node) {
    if (node.kind == NodeKind::form && !node.head_is_string) {
      if (const LudemeSpec* spec = form_spec(node.text))
        return fmt::format("{}, {}", describe(node), with_article(spec->category));
    }
    if (node.kind == NodeKind::identifier) {
      if (const LudemeSpec* spec = bare_spec(node.text))
        return fmt::format("{}, {}", describe(node), with_article(spec->category));
      if (is_hole_name(node.text)) return fmt::format("the hole {}", node.text);
    }
    return describe(node);
  }

  // Reports a form that is not a ludeme usable inside a game; returns its spec if it is one.
  const LudemeSpec* lookup_form(const Node& form) {
    if (form.head_is_string) {
      error(form.position, fmt::format("undefined define \"{}\"", shown(form.text)));
      return nullptr;
    }
    const LudemeSpec* spec = form_spec(form.text);
    if (!spec) {
      if (bare_spec(form.text)) {
        error(form.position, fmt::format("'{}' is written without parentheses: {}", form.text, form.text));
      } else {
        error(form.position, fmt::format("unknown ludeme '{}'{}", shown(form.text),
                                         did_you_mean(suggest_ludeme(form.text))));
      }
      return nullptr;
    }
    if (spec->category == "top") {
      error(form.position, fmt::format("'{}' is only allowed at the top level of a file", form.text));
      return nullptr;
    }
    if (spec->category == "option-choices") {
      error(form.position, fmt::format("'{}' is only allowed as the choices of an option", form.text));
      return nullptr;
    }
    if (spec->category == "option-use") {  // resolved by the options pass; cannot remain
      error(form.position, fmt::format("'{}' could not be resolved", form.text));
      return nullptr;
    }
    return spec;
  }

  // Reports a bare identifier that is neither a bare ludeme nor a hole name.
  void bad_identifier(const Node& node) {
    if (form_spec(node.text)) {
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

  void check_argument(const Node& arg, const ParamSpec& p, const LudemeSpec& owner,
                      const std::string& where) {
    auto mismatch = [&] {
      error(arg.position, fmt::format("'{}' expects {} {}, found {}", owner.name, expected(p), where,
                                      found(arg)));
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
      case Kind::symbol:
        if (arg.kind != NodeKind::identifier ||
            std::find(p.symbols.begin(), p.symbols.end(), arg.text) == p.symbols.end())
          mismatch();
        return;
      case Kind::int_list:
        if (arg.kind != NodeKind::list) {
          mismatch();
          return;
        }
        for (const auto& item : arg.children) {
          if (!item.label.empty()) {
            error(item.label_position, fmt::format("unexpected label '{}:' in a list", item.label));
          } else if (item.kind != NodeKind::integer) {
            error(item.position, fmt::format("'{}' expects a list of integers {}, found {} in the list",
                                             owner.name, where, found(item)));
          }
        }
        return;
      default: break;
    }
    // integer, condition, hole, region, player, clause.
    switch (arg.kind) {
      case NodeKind::integer:
        if (p.kind != Kind::integer) mismatch();
        return;
      case NodeKind::identifier:
        if (const LudemeSpec* spec = bare_spec(arg.text)) {
          if (!accepts(spec->category, p)) mismatch();
        } else if (is_hole_name(arg.text)) {
          if (p.kind != Kind::hole && p.kind != Kind::integer) mismatch();
        } else {
          bad_identifier(arg);
        }
        return;
      case NodeKind::form: {
        const LudemeSpec* spec = lookup_form(arg);
        if (!spec) return;
        if (!accepts(spec->category, p)) mismatch();
        check_arguments(arg, *spec);
        return;
      }
      default: mismatch(); return;
    }
  }

  void check_any(const Node& node) {
    switch (node.kind) {
      case NodeKind::form:
        if (const LudemeSpec* spec = lookup_form(node)) check_arguments(node, *spec);
        return;
      case NodeKind::list:
        for (const auto& item : node.children) {
          if (!item.label.empty())
            error(item.label_position, fmt::format("unexpected label '{}:' in a list", item.label));
          check_any(item);
        }
        return;
      case NodeKind::identifier:
        if (!bare_spec(node.text) && !is_hole_name(node.text)) bad_identifier(node);
        return;
      case NodeKind::parameter:
        error(node.position, fmt::format("#{} outside a define body", node.integer));
        return;
      default: return;
    }
  }

  // Matches the arguments of `form` to the parameters of `spec` and checks each.
  void check_arguments(const Node& form, const LudemeSpec& spec) {
    std::vector<const ParamSpec*> positional;
    for (const auto& p : spec.params)
      if (!p.named) positional.push_back(&p);
    std::vector<std::size_t> args;  // indices of positional arguments
    std::vector<std::pair<const ParamSpec*, std::size_t>> named_given;
    for (std::size_t i = 0; i < form.children.size(); ++i) {
      const Node& arg = form.children[i];
      if (arg.label.empty()) {
        args.push_back(i);
        continue;
      }
      const ParamSpec* param = nullptr;
      std::vector<std::string> accepted;
      for (const auto& p : spec.params) {
        if (!p.named) continue;
        accepted.push_back(p.name + ":");
        if (p.name == arg.label || p.repeated) param = &p;
      }
      if (!param) {
        if (accepted.empty())
          error(arg.label_position, fmt::format("'{}' takes no named arguments, found '{}:'", spec.name, shown(arg.label)));
        else
          error(arg.label_position, fmt::format("unknown label '{}:' for '{}' (accepted: {})", shown(arg.label),
                                                spec.name, join(accepted, ", ")));
        check_any(arg);
        continue;
      }
      bool twice = false;
      for (const auto& [p, index] : named_given) {
        if (p == param && !param->repeated) {
          error(arg.label_position, fmt::format("label '{}:' is given twice", arg.label));
          diagnostics.note(form.children[index].label_position, "first given here");
          twice = true;
          break;
        }
      }
      named_given.emplace_back(param, i);
      if (!twice) check_argument(arg, *param, spec, fmt::format("for {}:", arg.label));
    }
    for (const auto& p : spec.params) {
      if (!p.named || p.optional || p.repeated) continue;
      bool given = false;
      for (const auto& [param, index] : named_given) given = given || param == &p;
      if (!given)
        error(form.position, fmt::format("'{}' is missing its named argument {}: (usage: {})", spec.name,
                                         p.name, usage(spec)));
    }

    auto where = [&](std::size_t index, const ParamSpec& p) {
      return fmt::format("as argument {} ({})", index + 1, p.name);
    };
    std::size_t i = 0;
    const std::size_t n = args.size();
    for (std::size_t k = 0; k < positional.size(); ++k) {
      const ParamSpec& p = *positional[k];
      if (p.repeated) {
        for (; i < n; ++i) check_argument(form.children[args[i]], p, spec, where(args[i], p));
        break;
      }
      std::size_t required_after = 0;
      for (std::size_t j = k + 1; j < positional.size(); ++j)
        required_after += !positional[j]->optional && !positional[j]->repeated;
      if (p.optional) {
        if (i < n && n - i > required_after) {
          const Node& arg = form.children[args[i]];
          bool later = false;
          for (std::size_t j = k + 1; j < positional.size(); ++j) later = later || fits(arg, *positional[j]);
          if (fits(arg, p) || !later) {
            check_argument(arg, p, spec, where(args[i], p));
            ++i;
          }
        }
        continue;
      }
      if (i < n) {
        check_argument(form.children[args[i]], p, spec, where(args[i], p));
        ++i;
      } else {
        error(form.position, fmt::format("'{}' is missing its argument {} (usage: {})", spec.name, p.name, usage(spec)));
        return;
      }
    }
    if (i < n) {
      error(form.children[args[i]].position,
            fmt::format("too many arguments for '{}' (usage: {})", spec.name, usage(spec)));
    }
  }

  void check_top(const Program& program, CheckedGame& out) {
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
        diagnostics.note(game->position, "the first (game ...) form is here");
        continue;
      }
      game = &item;
    }
    if (!game) {
      if (ok) error(program.top.position, "no (game ...) form");
      return;
    }
    const LudemeSpec* spec = form_spec("game");
    if (!spec) {
      error(game->position, "the registry has no 'game' ludeme");
      return;
    }
    check_arguments(*game, *spec);
    if (!game->children.empty() && game->children[0].kind == NodeKind::string)
      out.name = game->children[0].text;
    out.game = *game;
  }
};

}  // namespace

bool validate(const Program& program, CheckedGame& out, Diagnostics& diagnostics) {
  Validator validator{diagnostics, diagnostics.error_count(), true};
  try {
    validator.check_top(program, out);
  } catch (const TooManyErrors&) {
  }
  return validator.ok;
}

}  // namespace mancala::passes
