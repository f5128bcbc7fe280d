#include "lang/checker.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <system_error>

namespace mancala {

namespace fs = std::filesystem;

namespace passes {

bool is_form(const Node& node, const char* head) {
  return node.kind == NodeKind::form && !node.head_is_string && node.text == head;
}

namespace {
std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment distance: rows i-2, i-1 and i.
  std::vector<std::size_t> row(b.size() + 1), previous, before;
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  previous = row;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      // A transposition of two neighbours counts as one edit.
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        row[j] = std::min(row[j], before[j - 2] + 1);
      diagonal = above;
    }
    before = previous;
    previous = row;
  }
  return row[b.size()];
}
}  // namespace

std::string closest_name(std::string_view name, const std::vector<std::string>& candidates) {
  if (name.size() > 200) return {};  // no typo of anything we know
  std::string best;
  std::size_t best_distance = std::numeric_limits<std::size_t>::max();
  for (const auto& candidate : candidates) {
    if (candidate.size() > 200) continue;
    std::size_t d = edit_distance(name, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  std::size_t allowed = std::max<std::size_t>(1, name.size() / 3);
  return best_distance <= allowed ? best : std::string();
}

std::string did_you_mean(const std::string& suggestion) {
  return suggestion.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", suggestion);
}

std::string shown(std::string_view name) {
  if (name.size() <= 60) return std::string(name);
  return std::string(name.substr(0, 57)) + "...";
}

std::string describe(const Node& node) {
  switch (node.kind) {
    case NodeKind::form:
      if (node.head_is_string) return fmt::format("(\"{}\" ...)", shown(node.text));
      return fmt::format("({} ...)", shown(node.text));
    case NodeKind::list: return "a list";
    case NodeKind::string: return "a string";
    case NodeKind::integer: return "an integer";
    case NodeKind::identifier: return fmt::format("'{}'", shown(node.text));
    case NodeKind::parameter: return fmt::format("the parameter #{}", node.integer);
  }
  return "something";
}

}  // namespace passes

OptionChoice parse_option_argument(const std::string& text, Diagnostics& diagnostics) {
  OptionChoice choice;
  auto source = make_source("--option", text);
  choice.position = Position{source, 1, 1, 0};
  std::size_t equals = text.find('=');
  if (equals == std::string::npos) {
    diagnostics.error(choice.position,
                      fmt::format("expected name=value in --option '{}'", text));
    choice.name = text;
    return choice;
  }
  choice.name = text.substr(0, equals);
  choice.value = text.substr(equals + 1);
  if (choice.name.empty())
    diagnostics.error(choice.position, "expected an option name before '=' in --option");
  return choice;
}

bool check_source(std::shared_ptr<const Source> source, const std::vector<OptionChoice>& choices,
                  const CheckSettings& settings, CheckedGame& out, Diagnostics& diagnostics) {
  out = CheckedGame{};
  passes::Program program;
  program.main = source;
  if (source) program.files.push_back(source->name);
  if (!parse(source, program.top, diagnostics, settings.parse_limits)) return false;
  if (program.top.children.empty()) {
    diagnostics.error(program.top.position, "empty file: expected a (game ...) form");
    return false;
  }
  CheckContext context(diagnostics);
  bool ok = false;
  try {
    ok = passes::resolve_imports(program, settings, context);
    out.files = program.files;
    ok = ok && passes::apply_options(program, choices, context);
    out.options = program.options;
    for (const Node& item : program.top.children)
      if (passes::is_form(item, "define")) out.defines.push_back(item);
    ok = ok && passes::expand_defines(program, settings, context) &&
         passes::validate(program, out, context);
  } catch (const CheckContext::ErrorLimit&) {
    ok = false;
  }
  out.files = program.files;
  out.options = program.options;
  return ok && !diagnostics.has_errors();
}

bool check_expression(std::shared_ptr<const Source> source, const CheckedGame& game,
                      const CheckSettings& settings, Node& out, Diagnostics& diagnostics) {
  passes::Program program;
  program.main = source;
  if (!parse(source, program.top, diagnostics, settings.parse_limits)) return false;
  if (program.top.children.size() != 1) {
    const Position& at = program.top.children.empty() ? program.top.position
                                                       : program.top.children[1].position;
    diagnostics.error(at, program.top.children.empty() ? "expected an expression"
                                                       : "expected one expression, found more");
    return false;
  }
  Node expression = std::move(program.top.children[0]);
  program.top.children = game.defines;
  program.top.children.push_back(std::move(expression));
  CheckContext context(diagnostics);
  try {
    if (!passes::expand_defines(program, settings, context)) return false;
    if (program.top.children.size() != 1) {  // a define of several values, spliced
      diagnostics.error(program.top.children[1].position, "expected one expression, found more");
      return false;
    }
    out = std::move(program.top.children.back());
    return passes::validate_expression(out, context);
  } catch (const CheckContext::ErrorLimit&) {
    return false;
  }
}

bool check_file(const std::string& path, const std::vector<OptionChoice>& choices,
                const CheckSettings& settings, CheckedGame& out, Diagnostics& diagnostics) {
  std::string error;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    out = CheckedGame{};
    diagnostics.error(Position{}, fmt::format("'{}' is a directory, not a rule file", path));
    return false;
  }
  auto source = read_source(path, error);
  if (!source) {
    out = CheckedGame{};
    diagnostics.error(Position{}, error);
    return false;
  }
  return check_source(source, choices, settings, out, diagnostics);
}

std::vector<std::string> default_stdlib_dirs(const char* argv0) {
  return resource_dirs(argv0, "MANCALA_STDLIB", "stdlib");
}

std::vector<std::string> resource_dirs(const char* argv0, const char* variable, const std::string& name) {
  std::vector<std::string> candidates;
  if (const char* env = std::getenv(variable); env && *env) {
    std::string list = env;
    std::size_t start = 0;
    while (start <= list.size()) {
      std::size_t end = list.find(':', start);
      if (end == std::string::npos) end = list.size();
      if (end > start) candidates.push_back(list.substr(start, end - start));
      start = end + 1;
    }
  }
  std::error_code ec;
  fs::path exe;
  if (argv0 && std::string_view(argv0).find('/') != std::string_view::npos) exe = argv0;
  if (exe.empty()) exe = fs::read_symlink("/proc/self/exe", ec);
  if (!exe.empty()) {
    fs::path dir = exe.parent_path();
    candidates.push_back((dir / ".." / name).string());
    candidates.push_back((dir / name).string());
  }
#ifdef MANCALA_SOURCE_DIR
  candidates.push_back(std::string(MANCALA_SOURCE_DIR) + "/" + name);
#endif
  std::vector<std::string> dirs;
  std::vector<fs::path> seen;
  for (const auto& candidate : candidates) {
    if (!fs::is_directory(candidate, ec)) continue;
    fs::path canonical = fs::weakly_canonical(candidate, ec);
    if (ec) canonical = candidate;
    if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) continue;
    seen.push_back(canonical);
    dirs.push_back(canonical.string());
  }
  return dirs;
}

}  // namespace mancala
