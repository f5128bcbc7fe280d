// Every ruling id cited in the repository is defined in docs/rulings.md, so that a reader who
// meets "K5" in a rule file, a test or a comment can look it up.
//
// What counts as a definition: a line of docs/rulings.md that starts with "- **ID Title.**",
// where ID is one to three capital letters followed by a number without a leading zero (G6, K11,
// or KL1 for a new game). A line that starts with "- **" and such an ID but breaks that form is
// reported, so that a slip in the format cannot silently drop a ruling.
//
// What counts as a citation, in the files listed by cited_files():
// - a token (a maximal run of letters, digits and '_') made of one to three capital letters and
//   a number, whose letters are the prefix of some defined id (today G, K, S, O, L). Other tokens
//   of that shape are not ruling ids: fuzz findings (F1, H1, T1), hole names of columns whose
//   letter is no prefix (B4), names such as CLI11;
// - except when the token follows a '-' that starts a word: a command-line flag such as -O2 is
//   not a citation, while both ends of a range such as K1-K13 are.
// Hole names of the ruling prefixes' columns (G1 on 7 columns, K2, S1, O3, L4 on wide boards)
// are tokens of the same shape. They are accepted because ids 1 to 4 of every one-letter group
// are defined: rows run from 1 to 4 (columns A-Z, interpreter/layout.hpp), so no hole name can
// read as an undefined one-letter id. New groups use prefixes of two letters or more
// (docs/rulings.md), which no hole name has.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support.hpp"

namespace {

namespace fs = std::filesystem;

const char* const kRulingsDoc = "docs/rulings.md";

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

struct IdParts {
  std::string prefix;
  int number = 0;
};

// "K11" -> {"K", 11}; false unless one to three capitals then a number without a leading zero.
bool split_id(const std::string& token, IdParts& parts) {
  std::size_t letters = 0;
  while (letters < token.size() && token[letters] >= 'A' && token[letters] <= 'Z') ++letters;
  if (letters < 1 || letters > 3 || letters == token.size() || token[letters] == '0') return false;
  for (std::size_t i = letters; i < token.size(); ++i)
    if (token[i] < '0' || token[i] > '9') return false;
  if (token.size() - letters > 6) return false;  // not an id: too long a number
  parts.prefix = token.substr(0, letters);
  parts.number = std::stoi(token.substr(letters));
  return true;
}

struct Definitions {
  std::map<std::string, int> ids;       // id -> line of its definition
  std::set<std::string> prefixes;       // the groups' letters
  std::vector<std::string> problems;    // malformed or duplicate definitions, "line N: ..."
};

Definitions parse_definitions(const std::string& text) {
  static const std::regex definition(R"(^- \*\*([A-Z]{1,3}[1-9][0-9]*) [^*]+\.\*\*( |$))");
  static const std::regex looks_like_one(R"(^- \*\*[A-Z]{1,3}[0-9])");
  Definitions out;
  auto lines = lines_of(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    const int number = static_cast<int>(i) + 1;
    std::smatch match;
    if (std::regex_search(line, match, definition)) {
      std::string id = match[1];
      if (!out.ids.emplace(id, number).second)
        out.problems.push_back("line " + std::to_string(number) + ": " + id + " is defined twice");
      IdParts parts;
      split_id(id, parts);
      out.prefixes.insert(parts.prefix);
    } else if (std::regex_search(line, looks_like_one)) {
      out.problems.push_back("line " + std::to_string(number) +
                             ": not of the form \"- **ID Title.** text\": " + line);
    }
  }
  return out;
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

struct Citation {
  std::string id;
  int line;
};

// The ruling ids `text` cites: see the header comment.
std::vector<Citation> find_citations(const std::string& text,
                                     const std::set<std::string>& prefixes) {
  std::vector<Citation> out;
  auto lines = lines_of(text);
  for (std::size_t n = 0; n < lines.size(); ++n) {
    const std::string& line = lines[n];
    for (std::size_t i = 0; i < line.size();) {
      if (!is_word_char(line[i])) {
        ++i;
        continue;
      }
      std::size_t end = i;
      while (end < line.size() && is_word_char(line[end])) ++end;
      std::string token = line.substr(i, end - i);
      bool flag = i >= 1 && line[i - 1] == '-' && (i == 1 || !is_word_char(line[i - 2]));
      IdParts parts;
      if (!flag && split_id(token, parts) && prefixes.count(parts.prefix))
        out.push_back({token, static_cast<int>(n) + 1});
      i = end;
    }
  }
  return out;
}

bool has_extension(const fs::path& path, const std::set<std::string>& extensions) {
  return extensions.empty() || extensions.count(path.extension().string()) > 0;
}

// Regular text files under root/dir with one of `extensions` (all when empty), as paths
// relative to root.
void add_files(const fs::path& root, const std::string& dir, bool recursive,
               const std::set<std::string>& extensions, std::vector<fs::path>& out) {
  std::error_code ec;
  if (!fs::is_directory(root / dir, ec)) return;
  auto add = [&](const fs::directory_entry& entry) {
    if (entry.is_regular_file() && has_extension(entry.path(), extensions))
      out.push_back(fs::relative(entry.path(), root));
  };
  if (recursive) {
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) add(entry);
  } else {
    for (const auto& entry : fs::directory_iterator(root / dir)) add(entry);
  }
}

// The files whose citations must be defined: rule files, tests, sources, scripts and documents.
// tests/examples/ (records: hole names only) and fuzz/seeds/ (generated) are left out.
std::vector<fs::path> cited_files(const fs::path& root) {
  std::vector<fs::path> files;
  add_files(root, "games", true, {".lud", ".md"}, files);
  add_files(root, "stdlib", false, {".lud"}, files);
  add_files(root, "lang", false, {}, files);
  add_files(root, "interpreter", true, {}, files);
  add_files(root, "tests", false, {".cpp", ".hpp", ".cmake", ".txt"}, files);
  add_files(root, "tests/reference", false, {".py", ".md", ".sh"}, files);
  add_files(root, "tests/scenarios", false, {".scn"}, files);
  add_files(root, "tests/fuzz-regressions", true, {".lud", ".md"}, files);
  add_files(root, "fuzz", false, {".cpp", ".hpp", ".py", ".txt"}, files);
  add_files(root, "scripts", false, {}, files);
  add_files(root, "docs", false, {".md"}, files);
  files.push_back("README.md");
  std::sort(files.begin(), files.end());
  return files;
}

fs::path project_root() { return fs::path(mancala::test::project_dir()).lexically_normal(); }

Definitions project_definitions() {
  return parse_definitions(read_text(project_root() / kRulingsDoc));
}

}  // namespace

TEST_CASE("docs/rulings.md defines each ruling once, in the form the citation check reads",
          "[citations]") {
  Definitions defined = project_definitions();
  for (const auto& problem : defined.problems) FAIL_CHECK(kRulingsDoc << ", " << problem);
  // The groups of the four first games have one letter; every later group two or more, so that
  // its ids are never read as hole names.
  for (const char* first : {"G", "K", "L", "O", "S"}) CHECK(defined.prefixes.count(first) == 1);
  for (const auto& prefix : defined.prefixes) {
    INFO("group " << prefix);
    CHECK((prefix.size() >= 2 || std::string("GKLOS").find(prefix) != std::string::npos));
  }
  // Each group is numbered from 1 without a gap, so that a lost definition shows.
  std::map<std::string, std::set<int>> numbers;
  for (const auto& [id, line] : defined.ids) {
    IdParts parts;
    REQUIRE(split_id(id, parts));
    numbers[parts.prefix].insert(parts.number);
  }
  for (const auto& [prefix, used] : numbers) {
    INFO("group " << prefix);
    CHECK(*used.begin() == 1);
    CHECK(*used.rbegin() == static_cast<int>(used.size()));
  }
  CHECK(defined.ids.size() >= 47);  // G1-G10, K1-K13, S1-S8, O1-O7, L1-L9, and the later games'
}

TEST_CASE("the citation check flags an undefined id and accepts defined ones", "[citations]") {
  Definitions defined = project_definitions();
  REQUIRE(defined.ids.count("K4"));
  // Built at run time, so that this file does not itself cite an undefined id.
  std::string undefined = "K";
  undefined += std::to_string(99);
  REQUIRE(!defined.ids.count(undefined));

  const std::string text = "// K4: laps\n(lap ...)  // see " + undefined +
                           " and K1-K13\n"
                           "F1 and H1 are fuzz findings, B4 a hole, CLI11 a library; -O2 -g\n";
  auto found = find_citations(text, defined.prefixes);
  std::vector<std::string> ids;
  for (const auto& c : found) ids.push_back(c.id + "@" + std::to_string(c.line));
  CHECK(ids == std::vector<std::string>{"K4@1", undefined + "@2", "K1@2", "K13@2"});

  Definitions sample = parse_definitions(
      "## K. Kiuthi\n- **K4 Laps.** text\n  more\n- **KL1 Two letters.**\n- **K5** no title\n"
      "- **Tests**: not a ruling\n- **K4 Again.** twice\n");
  CHECK(sample.ids.size() == 2);
  CHECK(sample.ids.count("KL1"));
  CHECK(sample.prefixes == std::set<std::string>{"K", "KL"});
  CHECK(sample.problems.size() == 2);  // K5's form, K4 twice
}

TEST_CASE("every ruling id cited by a rule file, test, source or document is defined",
          "[citations]") {
  const fs::path root = project_root();
  Definitions defined = project_definitions();
  REQUIRE(defined.ids.size() >= 40);
  auto files = cited_files(root);
  CHECK(files.size() >= 80);  // guards against scanning nothing after a move of the tree

  std::size_t total = 0;
  std::map<std::string, std::size_t> per_game_file;
  std::set<std::string> library;
  for (const std::string& line : lines_of(read_text(root / "games" / "library-index.tsv")))
    if (!line.empty() && line[0] != '#') library.insert(line.substr(0, line.find('\t')));
  REQUIRE(library.size() == 163);
  for (const fs::path& relative : files) {
    std::string text = read_text(root / relative);
    if (text.find('\0') != std::string::npos) continue;  // not a text file
    auto citations = find_citations(text, defined.prefixes);
    total += citations.size();
    if (*relative.begin() == "games" && relative.extension() == ".lud" &&
        !library.count(relative.stem().string()))
      per_game_file[relative.string()] = citations.size();
    for (const Citation& c : citations)
      if (!defined.ids.count(c.id))
        FAIL_CHECK(relative.string() << ":" << c.line << ": cites " << c.id << ", which "
                                     << kRulingsDoc << " does not define");
  }
  CHECK(total >= 500);
  CHECK(per_game_file.size() >= 17);
  // Every shipped rule file cites rulings (a game that needs none still names its group in its
  // header); the scan sees them, so it cannot pass by reading nothing. The library's files
  // (games/library-index.tsv) cite their text instead and need no ruling of their own.
  for (const auto& [file, count] : per_game_file) {
    INFO(file << " cites " << count << " ruling ids");
    CHECK(count >= 1);
  }
}
