#include "lang/form_shape.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "lang/checker.hpp"

namespace mancala::passes {

namespace {

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string with_article(std::string_view noun) {
  if (noun.empty()) return std::string(noun);
  bool vowel = std::string_view("aeiou").find(noun[0]) != std::string_view::npos;
  return (vowel ? "an " : "a ") + std::string(noun);
}

std::string join(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

// Whether an expression or clause of `category` may stand for parameter `p`.
bool accepts(Category category, const ParamSpec& p) {
  switch (p.kind) {
    case Kind::integer: return category == Category::integer || category == Category::hole;
    case Kind::condition: return category == Category::condition;
    case Kind::hole: return category == Category::hole;
    case Kind::region: return category == Category::region || category == Category::hole;
    case Kind::player: return category == Category::player;
    case Kind::clause: return contains(p.accepts, category);
    case Kind::any: return true;
    case Kind::string:
    case Kind::symbol:
    case Kind::int_list: return false;
  }
  return false;
}

}  // namespace

bool is_hole_name(const std::string& text) {
  std::size_t letters = 0;
  while (letters < text.size() && is_upper(text[letters])) ++letters;
  if (letters < 1 || letters > 2 || text.size() < letters + 1 || text.size() > letters + 4) return false;
  if (text[letters] < '1' || text[letters] > '9') return false;
  return std::all_of(text.begin() + static_cast<long>(letters) + 1, text.end(), is_digit);
}

bool looks_like_hole_name(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size() && ((text[i] >= 'A' && text[i] <= 'Z') || (text[i] >= 'a' && text[i] <= 'z'))) ++i;
  if (i == 0 || i == text.size()) return false;
  return std::all_of(text.begin() + static_cast<long>(i), text.end(), is_digit);
}

bool names_a_hole(const Node& node, const ParamSpec& p) {
  if (node.kind != NodeKind::identifier || !is_hole_name(node.text)) return false;
  return p.kind == Kind::hole || p.kind == Kind::region ||
         (p.kind == Kind::integer && !find_bare(node.text));
}

std::string expected(const ParamSpec& p) {
  switch (p.kind) {
    case Kind::integer: return "an integer";
    case Kind::condition: return "a condition";
    case Kind::hole: return "a hole";
    case Kind::region: return "a region";
    case Kind::player: return "a player";
    case Kind::string: return "a string";
    case Kind::symbol: {
      std::vector<std::string> names;
      for (Symbol s : p.symbols) names.emplace_back(symbol_name(s));
      return "one of " + join(names, ", ");
    }
    case Kind::int_list: return "a list of integers {...}";
    case Kind::clause: {
      std::vector<std::string> alternatives;
      for (std::size_t c = 0; c < static_cast<std::size_t>(Category::count_); ++c)
        if (contains(p.accepts, static_cast<Category>(c)))
          alternatives.push_back(with_article(category_name(static_cast<Category>(c))));
      return join(alternatives, " or ");
    }
    case Kind::any: return "a value";
  }
  return "a value";
}

std::string found(const Node& node) {
  if (node.kind == NodeKind::form && !node.head_is_string) {
    if (const LudemeSpec* spec = find_form(node.text))
      return fmt::format("{}, {}", describe(node), with_article(category_name(spec->category)));
  }
  if (node.kind == NodeKind::identifier) {
    if (const LudemeSpec* spec = find_bare(node.text))
      return fmt::format("{}, {}", describe(node), with_article(category_name(spec->category)));
    if (is_hole_name(node.text)) return fmt::format("the hole {}", node.text);
  }
  if (node.kind == NodeKind::string && node.from_option)
    return fmt::format("the option's value \"{}\"", shown(node.text));
  return describe(node);
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

bool fits(const Node& node, const ParamSpec& p) {
  switch (node.kind) {
    case NodeKind::integer: return p.kind == Kind::integer || p.kind == Kind::any;
    case NodeKind::string:  // an option's value may name a symbol
      return p.kind == Kind::string || p.kind == Kind::any ||
             (node.from_option && p.kind == Kind::symbol && find_symbol(p, node.text) != Symbol::none);
    case NodeKind::list: return p.kind == Kind::int_list || p.kind == Kind::any;
    case NodeKind::parameter: return false;
    case NodeKind::identifier: {
      if (p.kind == Kind::symbol) return find_symbol(p, node.text) != Symbol::none;
      if (names_a_hole(node, p)) return true;
      if (const LudemeSpec* spec = find_bare(node.text)) return accepts(spec->category, p);
      return false;
    }
    case NodeKind::form: {
      if (node.head_is_string) return false;
      if (const LudemeSpec* spec = find_form(node.text)) return accepts(spec->category, p);
      return false;
    }
  }
  return false;
}

std::vector<int> match_arguments(const Node& form, const LudemeSpec& spec, CheckContext& context,
                                 bool shallow_strings) {
  std::vector<int> matched(form.children.size(), -1);
  auto check_string = [&](std::size_t arg, std::size_t param, const std::string& where) {
    const ParamSpec& p = spec.params[param];
    const Node& node = form.children[arg];
    if (shallow_strings && p.kind == Kind::string && node.kind != NodeKind::string)
      context.error(node.position, fmt::format("'{}' expects {} {}, found {}", spec.name,
                                               expected(p), where, found(node)));
  };

  std::vector<std::size_t> positional;  // indices into spec.params
  for (std::size_t k = 0; k < spec.params.size(); ++k)
    if (!spec.params[k].named) positional.push_back(k);
  std::vector<std::size_t> args;  // indices of positional arguments
  std::vector<std::pair<std::size_t, std::size_t>> named_given;  // (param, argument)
  for (std::size_t i = 0; i < form.children.size(); ++i) {
    const Node& arg = form.children[i];
    if (arg.label.empty()) {
      args.push_back(i);
      continue;
    }
    int param = -1;
    std::vector<std::string> accepted;
    for (std::size_t k = 0; k < spec.params.size(); ++k) {
      const ParamSpec& p = spec.params[k];
      if (!p.named) continue;
      accepted.push_back(p.name + ":");
      if (p.name == arg.label || p.any_label) param = static_cast<int>(k);
    }
    if (param < 0) {
      if (accepted.empty())
        context.error(arg.label_position, fmt::format("'{}' takes no named arguments, found '{}:'",
                                                      spec.name, shown(arg.label)));
      else
        context.error(arg.label_position, fmt::format("unknown label '{}:' for '{}' (accepted: {})",
                                                      shown(arg.label), spec.name, join(accepted, ", ")));
      continue;
    }
    bool twice = false;
    for (const auto& [p, index] : named_given) {
      if (p == static_cast<std::size_t>(param) && !spec.params[p].repeated) {
        context.error(arg.label_position, fmt::format("label '{}:' is given twice", arg.label));
        context.note(form.children[index].label_position, "first given here");
        twice = true;
        break;
      }
    }
    named_given.emplace_back(static_cast<std::size_t>(param), i);
    if (twice) continue;
    matched[i] = param;
    check_string(i, static_cast<std::size_t>(param), fmt::format("for {}:", arg.label));
  }
  for (std::size_t k = 0; k < spec.params.size(); ++k) {
    const ParamSpec& p = spec.params[k];
    if (!p.named || p.optional || p.repeated) continue;
    bool given = std::any_of(named_given.begin(), named_given.end(),
                             [k](const auto& g) { return g.first == k; });
    if (!given)
      context.error(form.position, fmt::format("'{}' is missing its named argument {}: (usage: {})",
                                               spec.name, p.name, usage(spec)));
  }

  auto where = [&](std::size_t index, const ParamSpec& p) {
    return fmt::format("as argument {} ({})", index + 1, p.name);
  };
  auto take = [&](std::size_t arg, std::size_t param) {
    matched[arg] = static_cast<int>(param);
    check_string(arg, param, where(arg, spec.params[param]));
  };
  std::size_t i = 0;
  const std::size_t n = args.size();
  for (std::size_t k = 0; k < positional.size(); ++k) {
    const ParamSpec& p = spec.params[positional[k]];
    if (p.repeated) {
      for (; i < n; ++i) take(args[i], positional[k]);
      break;
    }
    std::size_t required_after = 0;
    for (std::size_t j = k + 1; j < positional.size(); ++j)
      required_after += !spec.params[positional[j]].optional && !spec.params[positional[j]].repeated;
    if (p.optional) {
      if (i < n && n - i > required_after) {
        const Node& arg = form.children[args[i]];
        bool later = false;
        for (std::size_t j = k + 1; j < positional.size(); ++j)
          later = later || fits(arg, spec.params[positional[j]]);
        if (fits(arg, p) || !later) take(args[i++], positional[k]);
      }
      continue;
    }
    if (i < n) {
      take(args[i++], positional[k]);
    } else {
      context.error(form.position, fmt::format("'{}' is missing its argument {} (usage: {})",
                                               spec.name, p.name, usage(spec)));
      return matched;
    }
  }
  if (i < n)
    context.error(form.children[args[i]].position,
                  fmt::format("too many arguments for '{}' (usage: {})", spec.name, usage(spec)));
  return matched;
}

}  // namespace mancala::passes
