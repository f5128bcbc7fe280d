// docs/language.md, the ludeme registry and the shipped rule files cannot drift apart:
// - every ludeme of mancala::ludeme_registry() has exactly one "### `name`" entry in the
//   language reference, and every such entry names a registered ludeme;
// - each entry states its ludeme's category and mentions each of its parameters;
// - every form head and bare name used in games/**/*.lud and stdlib/*.lud is registered (or is a
//   symbol some parameter accepts, or a hole name), and every game checks under every value of
//   each of its options (so that an option-case branch not taken by default is checked too).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "lang/checker.hpp"
#include "lang/game_files.hpp"
#include "lang/parser.hpp"
#include "lang/registry.hpp"
#include "support.hpp"

namespace {

using namespace mancala;
namespace fs = std::filesystem;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::string docs_path() { return std::string(MANCALA_TESTS_DIR) + "/../docs/language.md"; }

// The entries of the reference: "### `name`" -> the text up to the next heading of level <= 3.
std::map<std::string, std::string> doc_entries(const std::string& text,
                                               std::vector<std::string>& duplicates) {
  std::map<std::string, std::string> entries;
  std::istringstream in(text);
  std::string line, current;
  bool in_entry = false, in_code = false;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("```", 0) == 0) in_code = !in_code;
    if (!in_code && line.rfind("#", 0) == 0) {
      std::size_t level = line.find_first_not_of('#');
      if (level != std::string::npos && level <= 3 && line[level] == ' ') {
        in_entry = false;
        const std::string prefix = "### `";
        if (level == 3 && line.rfind(prefix, 0) == 0 && line.size() > prefix.size() + 1 &&
            line.back() == '`') {
          current = line.substr(prefix.size(), line.size() - prefix.size() - 1);
          if (entries.count(current)) duplicates.push_back(current);
          entries[current];
          in_entry = true;
          continue;
        }
      }
    }
    if (in_entry) entries[current] += line + "\n";
  }
  return entries;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string join(const std::set<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "(none)" : out;
}

// The rule files under the project's `dir`, at any depth (games/ is grouped in folders).
std::vector<std::string> lud_files(const std::string& dir) { return rule_files(test::project_dir() + "/" + dir); }

bool is_hole_name(const std::string& t) {
  if (t.size() < 2 || t[0] < 'A' || t[0] > 'Z' || t[1] < '1' || t[1] > '9') return false;
  return std::all_of(t.begin() + 2, t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Every form head and identifier in `node` that the registry does not know.
void unknown_names(const Node& node, const std::set<std::string>& forms,
                   const std::set<std::string>& bare, const std::set<std::string>& symbols,
                   std::set<std::string>& out) {
  if (node.kind == NodeKind::form && !node.head_is_string && !forms.count(node.text))
    out.insert("(" + node.text + " ...)");
  if (node.kind == NodeKind::identifier && !bare.count(node.text) && !symbols.count(node.text) &&
      !is_hole_name(node.text))
    out.insert(node.text);
  for (const auto& child : node.children) unknown_names(child, forms, bare, symbols, out);
}

std::string value_text(const Node& n) {
  return n.kind == NodeKind::string ? n.text : std::to_string(n.integer);
}

}  // namespace

TEST_CASE("docs/language.md has one entry for every ludeme of the registry", "[docs]") {
  std::string text = read_text(docs_path());
  REQUIRE(!text.empty());
  std::vector<std::string> duplicates;
  auto entries = doc_entries(text, duplicates);

  std::set<std::string> documented, registered;
  for (const auto& [name, body] : entries) documented.insert(name);
  for (const auto& spec : ludeme_registry()) registered.insert(spec.name);

  std::set<std::string> missing, extra;
  std::set_difference(registered.begin(), registered.end(), documented.begin(), documented.end(),
                      std::inserter(missing, missing.end()));
  std::set_difference(documented.begin(), documented.end(), registered.begin(), registered.end(),
                      std::inserter(extra, extra.end()));
  INFO("registered but not documented: " << join(missing));
  INFO("documented but not registered: " << join(extra));
  CHECK(missing.empty());
  CHECK(extra.empty());
  INFO("documented twice: " << join({duplicates.begin(), duplicates.end()}));
  CHECK(duplicates.empty());
  CHECK(documented == registered);
}

TEST_CASE("each entry of docs/language.md states its category and its parameters", "[docs]") {
  std::vector<std::string> duplicates;
  auto entries = doc_entries(read_text(docs_path()), duplicates);
  for (const auto& spec : ludeme_registry()) {
    auto found = entries.find(spec.name);
    if (found == entries.end()) continue;  // reported by the test above
    const std::string& body = found->second;
    INFO("entry ### `" << spec.name << "`");
    CHECK(body.find("`" + std::string(category_name(spec.category)) + "`") != std::string::npos);
    std::string lowered = lower(body);
    for (const auto& p : spec.params) {
      INFO("parameter " << p.name);
      CHECK(lowered.find(lower(p.name)) != std::string::npos);
      for (Symbol symbol : p.symbols) {
        INFO("symbol " << symbol_name(symbol));
        CHECK(body.find(symbol_name(symbol)) != std::string::npos);
      }
    }
  }
}

TEST_CASE("the complete examples of docs/language.md (```lud blocks) check and compile", "[docs]") {
  std::istringstream in(read_text(docs_path()));
  std::string line, block;
  bool in_block = false;
  int line_number = 0, block_line = 0, blocks = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (!in_block && line == "```lud") {
      in_block = true;
      block.clear();
      block_line = line_number + 1;
      continue;
    }
    if (in_block && line.rfind("```", 0) == 0) {
      in_block = false;
      ++blocks;
      INFO("docs/language.md, the ```lud block starting at line " << block_line);
      Diagnostics diagnostics;
      CheckedGame checked;
      bool ok = check_source(make_source("language.md example", block), {}, test::settings(),
                             checked, diagnostics) &&
                Game::compile(checked, diagnostics) != nullptr;
      INFO(diagnostics.str());
      CHECK(ok);
      continue;
    }
    if (in_block) block += line + "\n";
  }
  CHECK(blocks >= 1);
}

TEST_CASE("games/ and stdlib/ use only registered ludemes", "[docs]") {
  std::set<std::string> forms, bare, symbols;
  for (const auto& spec : ludeme_registry()) {
    (spec.bare ? bare : forms).insert(spec.name);
    for (const auto& p : spec.params)
      for (Symbol symbol : p.symbols) symbols.insert(std::string(symbol_name(symbol)));
  }
  auto files = lud_files("games");
  REQUIRE(files.size() >= 4);
  auto stdlib = lud_files("stdlib");
  REQUIRE(!stdlib.empty());
  files.insert(files.end(), stdlib.begin(), stdlib.end());
  for (const auto& path : files) {
    INFO(path);
    std::string error;
    auto source = read_source(path, error);
    REQUIRE(source);
    Node top;
    Diagnostics diagnostics;
    REQUIRE(parse(source, top, diagnostics));
    std::set<std::string> unknown;
    unknown_names(top, forms, bare, symbols, unknown);
    INFO("names not in the registry: " << join(unknown));
    CHECK(unknown.empty());
  }
}

TEST_CASE("every game checks and compiles under every value of every option", "[docs]") {
  for (const auto& path : lud_files("games")) {
    Diagnostics diagnostics;
    CheckedGame checked;
    INFO(path);
    REQUIRE(check_file(path, {}, test::settings(), checked, diagnostics));
    CHECK(Game::compile(checked, diagnostics) != nullptr);
    INFO(diagnostics.str());
    CHECK(!diagnostics.has_errors());
    for (const OptionInfo& option : checked.options) {
      for (const Node& choice : option.choices) {
        std::string text = option.name + "=" + value_text(choice);
        INFO("--option " << text);
        Diagnostics d;
        std::vector<OptionChoice> choices{parse_option_argument(text, d)};
        CheckedGame with_option;
        bool ok = check_file(path, choices, test::settings(), with_option, d) &&
                  Game::compile(with_option, d) != nullptr;
        INFO(d.str());
        CHECK(ok);
      }
    }
  }
}

TEST_CASE("docs/language.md section 4 lists every library of stdlib/", "[docs]") {
  const std::string docs = read_text(docs_path());
  const auto section = docs.substr(docs.find("## 4. Files"), docs.find("## 5. Options") - docs.find("## 4. Files"));
  for (const auto& path : lud_files("stdlib")) {
    const std::string name = "`stdlib/" + std::filesystem::path(path).filename().string() + "`";
    INFO(name << " is a library of stdlib/ that section 4 does not list");
    CHECK(section.find(name) != std::string::npos);
  }
}
