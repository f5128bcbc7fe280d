// Pass 2: (import "name") at the top level loads <stdlib dir>/name.lud; its defines (and further
// imports) join the file's top-level items, in place of the import. Each file is read once.
#include <fmt/format.h>

#include <filesystem>
#include <set>
#include <system_error>

#include "lang/checker.hpp"
#include "lang/form_shape.hpp"

namespace mancala::passes {

namespace fs = std::filesystem;

namespace {

bool valid_import_name(const std::string& name) {
  if (name.empty() || name.size() > 100) return false;
  for (char c : name) {
    bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

struct Importer {
  const CheckSettings& settings;
  CheckContext& context;
  Program& program;
  std::set<std::string> loaded;  // canonical paths of the files read

  void error(const Position& position, std::string message) {
    context.error(position, std::move(message));
  }

  // Appends `items` to `out`, replacing each import by the imported file's items.
  void splice(std::vector<Node>& items, std::vector<Node>& out, bool imported_file,
              std::size_t depth) {
    for (Node& item : items) {
      if (!item.label.empty()) {
        error(item.label_position,
              fmt::format("unexpected label '{}:' on a top-level item", item.label));
        continue;
      }
      if (is_form(item, "import")) {
        import(item, out, depth);
        continue;
      }
      if (imported_file && !is_form(item, "define")) {
        error(item.position,
              fmt::format("only define and import forms are allowed in an imported file, found {}",
                          describe(item)));
        continue;
      }
      out.push_back(std::move(item));
    }
  }

  void import(const Node& form, std::vector<Node>& out, std::size_t depth) {
    PassErrors errors(context);
    match_arguments(form, spec_of(Ludeme::import), context, /*shallow_strings=*/true);
    if (!errors.ok()) return;
    const Node& name_node = form.children[0];
    const std::string& name = name_node.text;
    if (!valid_import_name(name)) {
      error(name_node.position,
            fmt::format("invalid import name \"{}\": use only letters, digits, '_' and '-'", name));
      return;
    }
    if (depth > 64) {
      error(name_node.position, "imports nested more than 64 files deep");
      return;
    }
    std::error_code ec;
    fs::path found;
    for (const auto& dir : settings.stdlib_dirs) {
      fs::path candidate = fs::path(dir) / (name + ".lud");
      if (fs::is_regular_file(candidate, ec)) {
        found = candidate;
        break;
      }
    }
    if (found.empty()) {
      std::string dirs;
      for (const auto& dir : settings.stdlib_dirs) dirs += (dirs.empty() ? "" : ", ") + dir;
      if (dirs.empty()) dirs = "no stdlib directory";
      error(name_node.position,
            fmt::format("cannot find import \"{}\" (looked in: {})", name, dirs));
      return;
    }
    fs::path canonical = fs::weakly_canonical(found, ec);
    std::string key = ec ? found.string() : canonical.string();
    if (!loaded.insert(key).second) return;  // already imported: cycles are harmless
    std::string read_error;
    auto source = read_source(found.string(), read_error);
    if (!source) {
      error(name_node.position, fmt::format("cannot import \"{}\": {}", name, read_error));
      return;
    }
    program.files.push_back(found.string());
    Node file;
    if (!parse(source, file, context.diagnostics(), settings.parse_limits)) {
      context.note(name_node.position, "imported here");
      return;
    }
    splice(file.children, out, true, depth + 1);
  }
};

}  // namespace

bool resolve_imports(Program& program, const CheckSettings& settings, CheckContext& context) {
  PassErrors errors(context);
  Importer importer{settings, context, program, {}};
  std::vector<Node> items = std::move(program.top.children);
  std::vector<Node> out;
  importer.splice(items, out, false, 0);
  program.top.children = std::move(out);
  return errors.ok();
}

}  // namespace mancala::passes
