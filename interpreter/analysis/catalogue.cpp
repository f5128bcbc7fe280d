#include "interpreter/analysis/catalogue.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "interpreter/game.hpp"
#include "lang/game_files.hpp"
#include "lang/registry.hpp"

namespace mancala {

namespace {

namespace fs = std::filesystem;

// The board folders of games/, in the catalogue's order, with their headings.
const std::vector<std::pair<std::string, std::string>> kGroups = {
    {"two-row", "Two rows"},
    {"three-row", "Three rows"},
    {"four-row", "Four rows"},
    {"other", "Other boards: one-row rings and irregular boards"},
};

int group_rank(const std::string& group) {
  for (std::size_t i = 0; i < kGroups.size(); ++i)
    if (kGroups[i].first == group) return static_cast<int>(i);
  return static_cast<int>(kGroups.size());
}

std::string heading_of(const std::string& group) {
  for (const auto& [folder, heading] : kGroups)
    if (folder == group) return heading;
  return group.empty() ? "At the top of the games directory" : "In " + group + "/";
}

struct IndexedText {
  std::string stem, name, source, group;
};

// games_dir/library-index.tsv: stem, game, source, group, one text a line; '#' starts a comment.
std::vector<IndexedText> read_index(const std::string& games_dir) {
  std::vector<IndexedText> texts;
  std::ifstream in(fs::path(games_dir) / "library-index.tsv");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, '\t');) fields.push_back(cell);
    if (fields.size() == 4) texts.push_back({fields[0], fields[1], fields[2], fields[3]});
  }
  return texts;
}

std::string value_text(const Node& value) {
  return value.kind == NodeKind::string ? value.text : std::to_string(value.integer);
}

// Integer choices LO, LO+D, ... HI as "LO..HI" (D = 1) or "LO..HI by D"; others listed.
std::string choices_text(const std::vector<Node>& choices) {
  bool integers = choices.size() >= 3 &&
                  std::all_of(choices.begin(), choices.end(), [](const Node& n) { return n.kind == NodeKind::integer; });
  if (integers) {
    long step = choices[1].integer - choices[0].integer;
    bool progression = step > 0;
    for (std::size_t i = 1; i < choices.size(); ++i)
      progression = progression && choices[i].integer - choices[i - 1].integer == step;
    if (progression)
      return fmt::format("{}..{}{}", choices.front().integer, choices.back().integer,
                         step == 1 ? std::string() : fmt::format(" by {}", step));
  }
  std::string out;
  for (const Node& choice : choices) out += (out.empty() ? "" : ", ") + value_text(choice);
  return out;
}

std::string board_text(const Rules& rules) {
  std::string board = fmt::format("{}x{}", rules.rows, rules.columns);
  if (rules.stores == StoreKind::concealed) return board + ", concealed stores";
  if (rules.stores == StoreKind::none) return board;
  int each = rules.board.stores_per_player;
  return board + (each > 1 ? fmt::format(", {} stores each", each) : ", stores");
}

CatalogueEntry entry_of(const std::string& games_dir, const std::string& path, const CheckSettings& settings,
                        std::vector<std::string>& problems) {
  CatalogueEntry e;
  fs::path relative = fs::path(path).lexically_relative(games_dir);
  e.file = relative.generic_string();
  e.group = relative.parent_path().generic_string();
  e.stem = relative.stem().string();
  Diagnostics diagnostics;
  CheckedGame checked;
  std::unique_ptr<Game> game;
  if (check_file(path, {}, settings, checked, diagnostics)) game = Game::compile(checked, diagnostics);
  if (!game) {
    e.name = e.stem;
    e.status = "error";
    problems.push_back(diagnostics.str());
    return e;
  }
  const Rules& rules = game->rules();
  e.name = rules.name;
  e.sources = rules.sources;
  e.board = board_text(rules);
  e.rows = rules.rows;
  e.columns = rules.columns;
  e.players = rules.players;
  for (const OptionInfo& option : checked.options) {
    CatalogueEntry::Option o{option.name, value_text(option.chosen), {}, choices_text(option.choices)};
    for (const Node& choice : option.choices) o.values.push_back(value_text(choice));
    e.options.push_back(std::move(o));
  }
  e.rounds = rules.rounds.has_value();
  e.status = rules.fidelity == Fidelity::faithful  ? "faithful"
             : rules.fidelity == Fidelity::partial ? "partial"
                                                   : "unstated";
  e.gaps = rules.gaps;
  e.ludemes = rules.used_clauses.ludemes();
  return e;
}

std::string cell(std::string text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

std::string options_text(const CatalogueEntry& e) {
  std::vector<std::string> texts;
  for (const auto& option : e.options) texts.push_back(option.text());
  return joined(texts, "; ");
}

}  // namespace

std::string CatalogueEntry::Option::text() const { return fmt::format("{}={} ({})", name, chosen, choices); }

Catalogue build_catalogue(const std::string& games_dir, const CheckSettings& settings) {
  Catalogue catalogue;
  std::map<std::string, const IndexedText*> indexed;
  std::vector<IndexedText> texts = read_index(games_dir);
  for (const IndexedText& text : texts) indexed[text.stem] = &text;
  std::map<std::string, bool> present;
  for (const std::string& path : rule_files(games_dir)) {
    CatalogueEntry e = entry_of(games_dir, path, settings, catalogue.problems);
    if (auto it = indexed.find(e.stem); it != indexed.end()) {
      e.library = true;
      if (e.group != it->second->group)
        catalogue.problems.push_back(fmt::format(
            "{}: the library index puts {} in {}/ (games/library-index.tsv): move the file there\n", e.file,
            e.stem, it->second->group));
    }
    present[e.stem] = true;
    catalogue.entries.push_back(std::move(e));
  }
  for (const IndexedText& text : texts) {
    if (present.count(text.stem)) continue;
    CatalogueEntry e;
    e.group = text.group;
    e.stem = text.stem;
    e.file = text.group + "/" + text.stem + ".lud";
    e.name = text.name;
    e.sources = {text.source};
    e.status = "missing";
    e.library = true;
    catalogue.entries.push_back(std::move(e));
  }
  std::stable_sort(catalogue.entries.begin(), catalogue.entries.end(),
                   [](const CatalogueEntry& a, const CatalogueEntry& b) {
                     int ra = group_rank(a.group), rb = group_rank(b.group);
                     if (ra != rb) return ra < rb;
                     if (a.group != b.group) return a.group < b.group;
                     return a.file < b.file;
                   });
  return catalogue;
}

std::string catalogue_markdown(const Catalogue& catalogue) {
  std::map<std::string, int> count;
  for (const auto& e : catalogue.entries) ++count[e.status];
  int files = static_cast<int>(catalogue.entries.size()) - count["missing"];
  std::string out =
      "# The catalogue of games\n\n"
      "Generated from the rule files by `scripts/catalogue.sh` (`mancala catalogue --format md games`):\n"
      "do not edit it by hand; `tests/test_catalogue.cpp` fails when it is stale. Each rule file states\n"
      "its status in a `(status ...)` clause (docs/language.md): **faithful** (every rule of its text is\n"
      "encoded; where the text is silent or ambiguous, a note or an option says what the file chose)\n"
      "or **partial** (the rules it approximates or drops are listed at the end). A text of the library\n"
      "(`games/library-index.tsv`) without a rule file yet is **missing**; its file is named where it\n"
      "will go. The board is the default one (rows x columns), and the options are written\n"
      "`name=default (values)`.\n\n";
  out += fmt::format("{} games: {} rule files ({} faithful, {} partial", catalogue.entries.size(), files,
                     count["faithful"], count["partial"]);
  if (count["unstated"]) out += fmt::format(", {} without a status", count["unstated"]);
  if (count["error"]) out += fmt::format(", {} that do not check", count["error"]);
  out += fmt::format("), {} missing.\n", count["missing"]);
  std::string group;
  bool first = true;
  for (std::size_t i = 0; i < catalogue.entries.size(); ++i) {
    const CatalogueEntry& e = catalogue.entries[i];
    if (first || e.group != group) {
      first = false;
      group = e.group;
      int in_group = 0, missing = 0;
      for (const auto& other : catalogue.entries)
        if (other.group == group) ++in_group, missing += other.status == "missing";
      int files_in_group = in_group - missing;
      out += fmt::format("\n## {} ({}: {} rule file{}, {} missing)\n\n", heading_of(group), in_group,
                         files_in_group, files_in_group == 1 ? "" : "s", missing);
      out += "| game | file | source | board | players | options | rounds | status |\n";
      out += "|---|---|---|---|---|---|---|---|\n";
    }
    bool missing = e.status == "missing" || e.status == "error";  // nothing read from the file
    out += fmt::format("| {} | `{}` | {} | {} | {} | {} | {} | {} |\n", cell(e.name), e.file,
                       cell(joined(e.sources, "; ")), e.board, missing ? "" : std::to_string(e.players),
                       cell(options_text(e)), missing ? "" : e.rounds ? "yes" : "no", e.status);
  }
  if (count["partial"]) {
    out += "\n## What the partial files leave out\n";
    for (const auto& e : catalogue.entries) {
      if (e.status != "partial") continue;
      out += fmt::format("\n- **{}** (`{}`):\n", e.name, e.file);
      for (const auto& gap : e.gaps) out += fmt::format("  - {}\n", gap);
    }
  }
  return out;
}

std::string catalogue_tsv(const Catalogue& catalogue) {
  std::string out = "group\tfile\tgame\tsources\tboard\tplayers\toptions\trounds\tstatus\tgaps\n";
  for (const auto& e : catalogue.entries) {
    bool missing = e.status == "missing" || e.status == "error";
    out += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", e.group, e.file, e.name, joined(e.sources, "; "),
                       e.board, missing ? "" : std::to_string(e.players), options_text(e),
                       missing ? "" : e.rounds ? "yes" : "no", e.status, joined(e.gaps, " | "));
  }
  return out;
}

std::string catalogue_json(const Catalogue& catalogue) {
  using nlohmann::ordered_json;
  ordered_json list = ordered_json::array();
  for (const auto& e : catalogue.entries) {
    ordered_json item = {{"group", e.group}, {"file", e.file}, {"game", e.name}, {"sources", e.sources},
                         {"status", e.status}, {"library", e.library}};
    if (e.status != "missing" && e.status != "error") {
      item["board"] = {{"rows", e.rows}, {"columns", e.columns}, {"text", e.board}};
      item["players"] = e.players;
      ordered_json options = ordered_json::array();
      for (const auto& o : e.options) options.push_back({{"name", o.name}, {"default", o.chosen}, {"values", o.values}});
      item["options"] = options;
      item["rounds"] = e.rounds;
      item["gaps"] = e.gaps;
    }
    list.push_back(item);
  }
  return list.dump(1) + "\n";
}

namespace {

// Not a rule: the file's top-level forms, options, and what names and describes the game.
bool rule_level(const LudemeSpec& spec) {
  const bool file_form = spec.category == Category::top || spec.category == Category::option_choices ||
                         spec.category == Category::option_use;
  const bool metadata = spec.id == Ludeme::game || spec.id == Ludeme::source || spec.id == Ludeme::note ||
                        spec.id == Ludeme::status;
  return !file_form && !metadata;
}

}  // namespace

std::string catalogue_vocabulary(const Catalogue& catalogue) {
  std::vector<std::vector<std::string>> users(kLudemeCount);
  int files = 0;
  for (const CatalogueEntry& e : catalogue.entries) {
    if (e.status == "missing" || e.status == "error") continue;
    ++files;
    for (Ludeme l : e.ludemes) users[static_cast<std::size_t>(l)].push_back(e.stem);
  }
  struct Row {
    std::string name, category;
    std::size_t files;
    std::string only;
  };
  std::vector<Row> rows;
  for (const LudemeSpec& spec : ludeme_registry()) {
    if (!rule_level(spec)) continue;
    const auto& u = users[static_cast<std::size_t>(spec.id)];
    rows.push_back({spec.name, std::string(kCategoryNames[static_cast<std::size_t>(spec.category)]), u.size(),
                    u.size() == 1 ? u.front() : ""});
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.files > b.files; });
  std::size_t used = 0, single = 0, unused = 0;
  std::string table = "ludeme\tcategory\tfiles\tthe one file\n";
  for (const Row& r : rows) {
    used += r.files > 0;
    single += r.files == 1;
    unused += r.files == 0;
    table += fmt::format("{}\t{}\t{}\t{}\n", r.name, r.category, r.files, r.only);
  }
  auto percent = [](std::size_t part, std::size_t whole) { return whole ? 100.0 * part / whole : 0.0; };
  return table + fmt::format(
      "vocabulary: {} rule files; {} rule-level ludemes in the registry, {} used by some file, {} by none; "
      "{} used by a single file ({:.1f}% of the registry's, {:.1f}% of those used)\n",
      files, rows.size(), used, unused, single, percent(single, rows.size()), percent(single, used));
}

}  // namespace mancala
