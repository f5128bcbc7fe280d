// Pass 4: (define "Name" BODY ...) at the top level; every call ("Name" arg ...) is replaced by
// the BODY values with #k replaced by the k-th argument: a body of several values is spliced in
// place of the call, as an option-case list is. Arguments are expanded first (in the caller's
// context), then the substituted body is expanded in turn.
#include <fmt/format.h>

#include <filesystem>
#include <map>

#include "lang/checker.hpp"
#include "lang/form_shape.hpp"
#include "lang/replaced.hpp"

namespace mancala::passes {

namespace {

struct Define {
  std::string name;
  const Node* form = nullptr;  // the (define ...) form
  std::vector<const Node*> body;  // one value, or several spliced where the call stands
};

// Thrown when a limit of define expansion is reached: the pass stops there.
struct LimitReached {};

struct Expander {
  const CheckSettings& settings;
  CheckContext& context;
  std::map<std::string, Define> defines;
  std::vector<std::string> stack;  // defines being expanded, outermost first
  std::size_t created = 0;          // nodes created by expansion

  void error(const Position& position, std::string message) {
    context.error(position, std::move(message));
  }

  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& [name, define] : defines) out.push_back(name);
    return out;
  }

  void count(std::size_t n, const Position& at) {
    created += n;
    if (created > settings.max_expanded_nodes) {
      error(at, fmt::format("define expansion makes more than {} nodes (limit max_expanded_nodes)",
                            settings.max_expanded_nodes));
      throw LimitReached{};
    }
  }

  // The file a define comes from, without folder and .lud: a library of stdlib/ by its import name.
  std::string library_of(const std::string& name) const {
    auto it = defines.find(name);
    if (it == defines.end() || !it->second.form || !it->second.form->position.source) return {};
    return std::filesystem::path(it->second.form->position.source->name).stem().string();
  }

  static std::size_t size(const Node& node) {
    std::size_t n = 1;
    for (const auto& child : node.children) n += size(child);
    return n;
  }

  // Copies `body` with each #k replaced by args[k-1]. Reports a #k beyond the arguments.
  Node substitute(const Node& body, const std::vector<Node>& args, const Node& call,
                  const std::string& name, bool& good) {
    if (is_form(body, "default")) return substitute_default(body, args, call, name, good);
    if (body.kind == NodeKind::parameter) {
      auto k = static_cast<std::size_t>(body.integer);
      if (k < 1 || k > args.size()) {
        if (good) {
          std::string message = fmt::format("define \"{}\" uses #{} but the call gives {} argument{}", name, k,
                                            args.size(), args.size() == 1 ? "" : "s");
          if (const ReplacedForm* old = replaced_define_arguments(library_of(name), name, static_cast<int>(args.size())))
            message += ": " + replacement_message(*old);
          error(call.position, std::move(message));
          context.note(body.position, fmt::format("#{} is used here", k));
        }
        good = false;
        return body;
      }
      Node value = args[k - 1];
      count(size(value), call.position);
      if (!body.label.empty()) {
        value.label = body.label;
        value.label_position = body.label_position;
      }
      return value;
    }
    count(1, call.position);
    Node copy;
    copy.kind = body.kind;
    copy.position = body.position;
    copy.text = body.text;
    copy.head_is_string = body.head_is_string;
    copy.integer = body.integer;
    copy.from_option = body.from_option;
    copy.label = body.label;
    copy.label_position = body.label_position;
    copy.children.reserve(body.children.size());
    for (const auto& child : body.children)
      copy.children.push_back(substitute(child, args, call, name, good));
    return copy;
  }

  // (default #k VALUE): the k-th argument if the call gives it, else VALUE (substituted in turn).
  Node substitute_default(const Node& form, const std::vector<Node>& args, const Node& call,
                          const std::string& name, bool& good) {
    PassErrors errors(context);
    match_arguments(form, spec_of(Ludeme::default_), context);
    if (errors.ok() && form.children[0].kind != NodeKind::parameter)
      error(form.children[0].position, fmt::format("'default' expects a parameter #k as argument 1, "
                                                   "found {}", found(form.children[0])));
    if (!errors.ok()) {
      good = false;
      return form;
    }
    const Node& parameter = form.children[0];
    bool given = parameter.integer >= 1 && static_cast<std::size_t>(parameter.integer) <= args.size();
    Node value = substitute(given ? parameter : form.children[1], args, call, name, good);
    if (!form.label.empty()) {
      value.label = form.label;
      value.label_position = form.label_position;
    }
    return value;
  }

  // Expands the calls in `node`, which stands `depth` levels deep in the resulting tree.
  void expand(Node& node, std::size_t depth) {
    // Like the parser, count the ( ) and { } levels: atoms do not nest.
    bool nests = node.kind == NodeKind::form || node.kind == NodeKind::list;
    if (nests && depth > settings.parse_limits.max_depth) {
      error(node.position, fmt::format("define expansion nests deeper than {} levels (limit max_depth)",
                                       settings.parse_limits.max_depth));
      throw LimitReached{};
    }
    expand_children(node, depth + 1);
  }

  static bool is_call(const Node& node) { return node.kind == NodeKind::form && node.head_is_string; }

  // Expands `node`'s children, which stand `depth` levels deep, splicing each call of a define
  // of several values into their place.
  void expand_children(Node& node, std::size_t depth) {
    bool calls = false;
    for (const auto& child : node.children) calls = calls || is_call(child);
    if (!calls) {
      for (auto& child : node.children) expand(child, depth);
      return;
    }
    std::vector<Node> children = std::move(node.children);
    node.children.clear();
    for (auto& child : children) {
      if (!is_call(child)) {
        expand(child, depth);
        node.children.push_back(std::move(child));
        continue;
      }
      std::vector<Node> values = expand_call(std::move(child), depth);
      for (auto& value : values) node.children.push_back(std::move(value));
    }
  }

  // Expands the top-level items of a file (or an expression): a call there may splice too.
  void expand_top(std::vector<Node>& items) {
    Node top;
    top.kind = NodeKind::list;
    top.children = std::move(items);
    expand_children(top, 1);
    items = std::move(top.children);
  }

  // The values a call stands for, expanded: the call itself, unexpanded, after an error.
  std::vector<Node> expand_call(Node call, std::size_t depth) {
    std::vector<Node> values;
    auto found = defines.find(call.text);
    if (found == defines.end()) {
      error(call.position, fmt::format("undefined define \"{}\"{}", shown(call.text),
                                       did_you_mean(closest_name(call.text, names()))));
      values.push_back(std::move(call));
      return values;
    }
    const Define& define = found->second;
    for (std::size_t i = 0; i < stack.size(); ++i) {
      if (stack[i] == define.name) {
        std::string cycle;
        for (std::size_t j = i; j < stack.size(); ++j) cycle += stack[j] + " -> ";
        error(call.position, fmt::format("recursive define: {}{}", cycle, define.name));
        values.push_back(std::move(call));
        return values;
      }
    }
    // The call stands inside stack.size() define bodies.
    if (stack.size() > settings.max_define_depth) {
      error(call.position, fmt::format("define expansion deeper than {} levels (limit max_define_depth)",
                                       settings.max_define_depth));
      throw LimitReached{};
    }
    bool good = true;
    for (const auto& arg : call.children) {
      if (!arg.label.empty()) {
        error(arg.label_position, fmt::format("a define call takes no named arguments, found '{}:'",
                                              arg.label));
        good = false;
      }
    }
    if (good && !call.label.empty() && define.body.size() > 1) {
      error(call.label_position,
            fmt::format("define \"{}\" has {} values, spliced where the call stands: its call "
                        "takes no label, found '{}:'",
                        define.name, define.body.size(), call.label));
      good = false;
    }
    if (!good) {
      values.push_back(std::move(call));
      return values;
    }
    expand_children(call, depth + 1);
    Node result;  // the substituted values, as the children of a list
    result.kind = NodeKind::list;
    for (const Node* body : define.body)
      result.children.push_back(substitute(*body, call.children, call, define.name, good));
    if (!good) {
      values.push_back(std::move(call));
      return values;
    }
    if (!call.label.empty()) {
      result.children[0].label = call.label;
      result.children[0].label_position = call.label_position;
    }
    stack.push_back(define.name);
    std::size_t errors = context.error_count();
    expand_children(result, depth);
    stack.pop_back();
    if (context.error_count() != errors) {
      context.note(call.position, fmt::format("in the expansion of \"{}\" called here", define.name));
    }
    for (auto& value : result.children) {
      if (stack.empty()) stamp(value, call.position);
      values.push_back(std::move(value));
    }
    return values;
  }

  // Marks every node of an outermost expansion with the call it came from.
  static void stamp(Node& node, const Position& call) {
    if (node.expanded_from.line == 0) node.expanded_from = call;
    for (auto& child : node.children) stamp(child, call);
  }

  // Reports every #k in `node` (outside any define body).
  void check_no_parameters(const Node& node) {
    if (node.kind == NodeKind::parameter) {
      error(node.position, fmt::format("#{} outside a define body", node.integer));
      return;
    }
    for (const auto& child : node.children) check_no_parameters(child);
  }
};

}  // namespace

bool expand_defines(Program& program, const CheckSettings& settings, CheckContext& context) {
  PassErrors errors(context);
  Expander expander{settings, context, {}, {}, 0};
  std::vector<Node> defines;
  std::vector<Node> rest;
  for (auto& item : program.top.children) {
    if (is_form(item, "define"))
      defines.push_back(std::move(item));
    else
      rest.push_back(std::move(item));
  }
  try {
    for (const auto& form : defines) {
      PassErrors form_errors(context);
      match_arguments(form, spec_of(Ludeme::define), context, /*shallow_strings=*/true);
      if (!form_errors.ok()) continue;
      const auto& args = form.children;
      if (args.size() < 2) {
        expander.error(form.position, fmt::format("define \"{}\" has no body (usage: {})",
                                                  shown(args[0].text), usage(spec_of(Ludeme::define))));
        continue;
      }
      Define define{args[0].text, &form, {}};
      for (std::size_t i = 1; i < args.size(); ++i) define.body.push_back(&args[i]);
      auto [it, inserted] = expander.defines.emplace(args[0].text, std::move(define));
      if (!inserted) {
        expander.error(args[0].position,
                       fmt::format("define \"{}\" is defined twice", shown(args[0].text)));
        context.note(it->second.form->children[0].position, "first defined here");
      }
    }
    for (const auto& item : rest) expander.check_no_parameters(item);
    if (errors.ok()) expander.expand_top(rest);
  } catch (const LimitReached&) {
  }
  program.top.children = std::move(rest);
  return errors.ok();
}

}  // namespace mancala::passes
