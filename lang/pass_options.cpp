// Pass 3: (option "name" DEFAULT CHOICES) declarations, the command line's choices, then every
// (opt "name") and (option-case "name" label:value ...) replaced by what the chosen value selects.
#include <fmt/format.h>

#include <charconv>
#include <map>

#include "lang/checker.hpp"
#include "lang/form_shape.hpp"

namespace mancala::passes {

namespace {

constexpr std::size_t max_choices = 10000;

bool same_value(const Node& a, const Node& b) {
  if (a.kind != b.kind) return false;
  if (a.kind == NodeKind::integer) return a.integer == b.integer;
  return a.text == b.text;
}

// A choice as the command line writes it: 4, standard.
std::string choice_text(const Node& node) {
  return node.kind == NodeKind::integer ? fmt::format("{}", node.integer) : node.text;
}

std::string list_choices(const std::vector<Node>& choices) {
  std::string out;
  auto add = [&](const std::string& text) { out += (out.empty() ? "" : ", ") + text; };
  if (choices.size() <= 20) {
    for (const auto& c : choices) add(choice_text(c));
  } else {
    for (std::size_t i = 0; i < 10; ++i) add(choice_text(choices[i]));
    add("...");
    add(choice_text(choices.back()));
  }
  return out;
}

bool parse_int(const std::string& text, std::int64_t& value) {
  std::int32_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) return false;
  value = v;
  return true;
}

struct Options {
  Program& program;
  CheckContext& context;

  void error(const Position& position, std::string message) {
    context.error(position, std::move(message));
  }

  // The arguments of a top-level form by parameter (nullptr where not given), checked against its
  // registry entry; false if that check reported errors.
  bool arguments(const Node& form, Ludeme id, std::vector<const Node*>& by_param) {
    PassErrors errors(context);
    const LudemeSpec& spec = spec_of(id);
    std::vector<int> matched = match_arguments(form, spec, context, /*shallow_strings=*/true);
    by_param.assign(spec.params.size(), nullptr);
    for (std::size_t i = 0; i < matched.size(); ++i)
      if (matched[i] >= 0 && !by_param[static_cast<std::size_t>(matched[i])])
        by_param[static_cast<std::size_t>(matched[i])] = &form.children[i];
    return errors.ok();
  }

  OptionInfo* find(const std::string& name) {
    for (auto& option : program.options)
      if (option.name == name) return &option;
    return nullptr;
  }

  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& option : program.options) out.push_back(option.name);
    return out;
  }

  std::string declared() const {
    if (program.options.empty()) return "this game declares no options";
    std::string out;
    for (const auto& option : program.options) out += (out.empty() ? "" : ", ") + option.name;
    return "declared options: " + out;
  }

  // (range LO HI) or (range LO HI step:S) into `choices`.
  bool expand_range(const Node& range, std::vector<Node>& choices) {
    std::vector<const Node*> args;  // low, high, step
    if (!arguments(range, Ludeme::range, args)) return false;
    const char* names[] = {"low", "high", "step"};
    for (std::size_t k = 0; k < 3; ++k) {
      if (args[k] && args[k]->kind != NodeKind::integer) {
        error(args[k]->position, fmt::format("'range' expects an integer literal {} ({}), found {}",
                                             k < 2 ? fmt::format("as argument {}", k + 1) : "for",
                                             names[k], found(*args[k])));
        return false;
      }
    }
    const Node* step = args[2];
    std::int64_t s = 1;
    if (step) {
      if (step->integer < 1) {
        error(step->position, "range's step: must be a positive integer");
        return false;
      }
      s = step->integer;
    }
    const Node* const positional[] = {args[0], args[1]};
    std::int64_t lo = positional[0]->integer, hi = positional[1]->integer;
    if (lo <= hi && (hi - lo) / s + 1 > static_cast<std::int64_t>(max_choices)) {
      error(range.position, fmt::format("range has more than {} values", max_choices));
      return false;
    }
    for (std::int64_t v = lo; v <= hi; v += s) {
      Node n;
      n.kind = NodeKind::integer;
      n.integer = v;
      n.text = fmt::format("{}", v);
      n.position = range.position;
      choices.push_back(std::move(n));
    }
    return true;
  }

  void declare(const Node& form) {
    std::vector<const Node*> args;  // name, default, choices
    if (!arguments(form, Ludeme::option, args)) return;
    const std::string& name = args[0]->text;
    if (const OptionInfo* first = find(name)) {
      error(args[0]->position, fmt::format("option '{}' is declared twice", name));
      context.note(first->position, "first declared here");
      return;
    }
    const Node& def = *args[1];
    if (def.kind != NodeKind::integer && def.kind != NodeKind::string) {
      error(def.position, fmt::format("an option's default must be an integer or a string, found {}",
                                      describe(def)));
      return;
    }
    OptionInfo info;
    info.name = name;
    info.position = form.position;
    const Node& choices = *args[2];
    if (is_form(choices, "range")) {
      if (!expand_range(choices, info.choices)) return;
    } else if (choices.kind == NodeKind::list) {
      for (const auto& item : choices.children) {
        if (!item.label.empty()) {
          error(item.label_position, fmt::format("unexpected label '{}:' in an option's choices", item.label));
          return;
        }
        if (item.kind != NodeKind::integer && item.kind != NodeKind::string) {
          error(item.position, fmt::format("an option's choices must be integers or strings, found {}",
                                           describe(item)));
          return;
        }
        if (!info.choices.empty() && item.kind != info.choices.front().kind) {
          error(item.position, fmt::format("option '{}' mixes integer and string choices", name));
          return;
        }
        for (const auto& earlier : info.choices) {
          if (same_value(earlier, item)) {
            error(item.position, fmt::format("choice {} of option '{}' is listed twice",
                                             to_text(item), name));
            return;
          }
        }
        info.choices.push_back(item);
        if (info.choices.size() > max_choices) {
          error(item.position, fmt::format("option '{}' has more than {} choices", name, max_choices));
          return;
        }
      }
    } else {
      error(choices.position,
            fmt::format("an option's choices must be a list {{...}} or (range LO HI), found {}",
                        describe(choices)));
      return;
    }
    if (info.choices.empty()) {
      error(choices.position, fmt::format("option '{}' has no choices", name));
      return;
    }
    bool found = false;
    for (const auto& c : info.choices) {
      if (same_value(c, def)) {
        info.chosen = c;
        info.chosen.position = def.position;
        found = true;
      }
    }
    if (!found) {
      error(def.position, fmt::format("the default {} of option '{}' is not one of its choices ({})",
                                      to_text(def), name, list_choices(info.choices)));
      return;
    }
    program.options.push_back(std::move(info));
  }

  void choose(const OptionChoice& choice, std::vector<std::string>& chosen) {
    OptionInfo* option = find(choice.name);
    if (!option) {
      error(choice.position, fmt::format("unknown option '{}'{} ({})", choice.name,
                                         did_you_mean(closest_name(choice.name, names())),
                                         declared()));
      return;
    }
    for (const auto& name : chosen) {
      if (name == choice.name) {
        error(choice.position, fmt::format("option '{}' is chosen twice", choice.name));
        return;
      }
    }
    chosen.push_back(choice.name);
    Position value_position = choice.position;
    if (value_position.source && choice.name.size() + 1 <= value_position.source->text.size()) {
      value_position.offset = choice.name.size() + 1;
      value_position.column = static_cast<std::uint32_t>(value_position.offset + 1);
    }
    bool integer_option = option->choices.front().kind == NodeKind::integer;
    std::int64_t value = 0;
    bool is_int = parse_int(choice.value, value);
    for (const auto& c : option->choices) {
      bool match = integer_option ? is_int && c.integer == value : c.text == choice.value;
      if (match) {
        option->chosen = c;
        option->chosen.position = value_position;
        return;
      }
    }
    error(value_position, fmt::format("option '{}' has no choice '{}' (choices: {})", option->name,
                                      choice.value, list_choices(option->choices)));
  }

  // The option named by the first argument of an (opt ...) or (option-case ...) form, whose
  // arguments are checked against its registry entry.
  OptionInfo* option_of(const Node& form, Ludeme id) {
    std::vector<const Node*> args;
    if (!arguments(form, id, args)) return nullptr;
    const Node& name = *args[0];
    OptionInfo* option = find(name.text);
    if (!option) {
      error(name.position, fmt::format("unknown option '{}'{} ({})", name.text,
                                       did_you_mean(closest_name(name.text, names())), declared()));
    }
    return option;
  }

  // Appends `node`, resolved, to `out` (several nodes if an option-case splices a list).
  void resolve_into(Node node, std::vector<Node>& out) {
    if (is_form(node, "opt")) {
      OptionInfo* option = option_of(node, Ludeme::opt);
      if (!option) return;
      Node value = option->chosen;
      value.from_option = true;
      value.position = node.position;
      value.label = node.label;
      value.label_position = node.label_position;
      out.push_back(std::move(value));
      return;
    }
    if (is_form(node, "option-case")) {
      OptionInfo* option = option_of(node, Ludeme::option_case);
      if (!option) return;
      if (option->choices.front().kind != NodeKind::string) {
        error(node.children[0].position,
              fmt::format("option-case needs an option with string choices; '{}' has integer choices",
                          option->name));
        return;
      }
      std::map<std::string, std::size_t> cases;
      bool bad = false;
      for (std::size_t i = 1; i < node.children.size(); ++i) {
        const Node& c = node.children[i];
        if (c.label.empty()) {
          error(c.position, "each case of option-case is written choice:value");
          bad = true;
          continue;
        }
        bool is_choice = c.label == "otherwise";
        for (const auto& choice : option->choices) is_choice = is_choice || choice.text == c.label;
        if (!is_choice) {
          error(c.label_position, fmt::format("'{}' is not a choice of option '{}' (choices: {})",
                                              c.label, option->name, list_choices(option->choices)));
          bad = true;
          continue;
        }
        if (!cases.emplace(c.label, i).second) {
          error(c.label_position, fmt::format("case '{}:' is given twice", c.label));
          bad = true;
        }
      }
      if (bad) return;
      if (!cases.count("otherwise")) {
        for (const auto& choice : option->choices) {
          if (!cases.count(choice.text)) {
            error(node.position, fmt::format("option-case for '{}' has no case for choice '{}' "
                                             "and no otherwise:",
                                             option->name, choice.text));
            return;
          }
        }
      }
      auto selected = cases.find(option->chosen.text);
      if (selected == cases.end()) selected = cases.find("otherwise");
      Node value = std::move(node.children[selected->second]);
      if (value.kind == NodeKind::list) {
        // Spliced: each item in place of the option-case.
        for (auto& item : value.children) resolve_into(std::move(item), out);
        return;
      }
      value.label = node.label;
      value.label_position = node.label_position;
      resolve_into(std::move(value), out);
      return;
    }
    resolve_children(node);
    out.push_back(std::move(node));
  }

  void resolve_children(Node& node) {
    if (node.kind != NodeKind::form && node.kind != NodeKind::list) return;
    bool any = false;
    for (const auto& child : node.children)
      any = any || child.kind == NodeKind::form || child.kind == NodeKind::list;
    if (!any) return;
    std::vector<Node> children = std::move(node.children);
    node.children.clear();
    for (auto& child : children) resolve_into(std::move(child), node.children);
  }
};

}  // namespace

bool apply_options(Program& program, const std::vector<OptionChoice>& choices,
                   CheckContext& context) {
  PassErrors errors(context);
  Options pass{program, context};
  std::vector<Node> rest;
  for (auto& item : program.top.children) {
    if (is_form(item, "option"))
      pass.declare(item);
    else
      rest.push_back(std::move(item));
  }
  program.top.children = std::move(rest);
  if (!errors.ok()) return false;
  std::vector<std::string> chosen;
  for (const auto& choice : choices) pass.choose(choice, chosen);
  if (!errors.ok()) return false;
  pass.resolve_children(program.top);
  return errors.ok();
}

}  // namespace mancala::passes
