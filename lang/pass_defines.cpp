// Pass 4: (define "Name" BODY) at the top level; every call ("Name" arg ...) is replaced by BODY
// with #k replaced by the k-th argument. Arguments are expanded first (in the caller's context),
// then the substituted body is expanded in turn.
#include <fmt/format.h>

#include <map>

#include "lang/checker.hpp"
#include "lang/form_shape.hpp"

namespace mancala::passes {

namespace {

struct Define {
  std::string name;
  const Node* form = nullptr;  // the (define ...) form
  const Node* body = nullptr;
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

  static std::size_t size(const Node& node) {
    std::size_t n = 1;
    for (const auto& child : node.children) n += size(child);
    return n;
  }

  // Copies `body` with each #k replaced by args[k-1]. Reports a #k beyond the arguments.
  Node substitute(const Node& body, const std::vector<Node>& args, const Node& call,
                  const std::string& name, bool& good) {
    if (body.kind == NodeKind::parameter) {
      auto k = static_cast<std::size_t>(body.integer);
      if (k < 1 || k > args.size()) {
        if (good) {
          error(call.position, fmt::format("define \"{}\" uses #{} but the call gives {} argument{}",
                                           name, k, args.size(), args.size() == 1 ? "" : "s"));
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
    copy.label = body.label;
    copy.label_position = body.label_position;
    copy.children.reserve(body.children.size());
    for (const auto& child : body.children)
      copy.children.push_back(substitute(child, args, call, name, good));
    return copy;
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
    if (node.kind == NodeKind::form && node.head_is_string) {
      expand_call(node, depth);
      return;
    }
    for (auto& child : node.children) expand(child, depth + 1);
  }

  void expand_call(Node& call, std::size_t depth) {
    auto found = defines.find(call.text);
    if (found == defines.end()) {
      error(call.position, fmt::format("undefined define \"{}\"{}", shown(call.text),
                                       did_you_mean(closest_name(call.text, names()))));
      return;
    }
    const Define& define = found->second;
    for (std::size_t i = 0; i < stack.size(); ++i) {
      if (stack[i] == define.name) {
        std::string cycle;
        for (std::size_t j = i; j < stack.size(); ++j) cycle += stack[j] + " -> ";
        error(call.position, fmt::format("recursive define: {}{}", cycle, define.name));
        return;
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
    if (!good) return;
    for (auto& arg : call.children) expand(arg, depth + 1);
    Node result = substitute(*define.body, call.children, call, define.name, good);
    if (!good) return;
    if (!call.label.empty()) {
      result.label = call.label;
      result.label_position = call.label_position;
    }
    stack.push_back(define.name);
    std::size_t errors = context.error_count();
    expand(result, depth);
    stack.pop_back();
    if (context.error_count() != errors) {
      context.note(call.position, fmt::format("in the expansion of \"{}\" called here", define.name));
    }
    if (stack.empty()) stamp(result, call.position);
    call = std::move(result);
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
      auto [it, inserted] =
          expander.defines.emplace(args[0].text, Define{args[0].text, &form, &args[1]});
      if (!inserted) {
        expander.error(args[0].position,
                       fmt::format("define \"{}\" is defined twice", shown(args[0].text)));
        context.note(it->second.form->children[0].position, "first defined here");
      }
    }
    for (const auto& item : rest) expander.check_no_parameters(item);
    if (errors.ok()) {
      for (auto& item : rest) expander.expand(item, 1);
    }
  } catch (const LimitReached&) {
  }
  program.top.children = std::move(rest);
  return errors.ok();
}

}  // namespace mancala::passes
