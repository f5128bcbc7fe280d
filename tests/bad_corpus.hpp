#pragma once
// Corpora of bad rule files with their expected first diagnostics: a folder of NAME.lud files and
// its expected.txt ("name.lud<TAB>line:col: message"). A file whose first line is
// "// options: name=value ..." is checked with those command-line choices. In messages, the
// stdlib directory is written <stdlib>. Used by tests/test_bad_files.cpp (tests/bad/) and
// tests/test_old_forms.cpp (tests/old-forms/).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "lang/checker.hpp"

namespace mancala::bad_corpus {

inline const std::string stdlib_dir = std::string(MANCALA_TESTS_DIR) + "/../stdlib";

inline std::map<std::string, std::string> read_expectations(const std::string& dir) {
  std::map<std::string, std::string> expected;
  std::ifstream in(dir + "/expected.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    expected[line.substr(0, tab)] = line.substr(tab + 1);
  }
  return expected;
}

inline std::vector<OptionChoice> options_of(const std::string& path, Diagnostics& diagnostics) {
  std::ifstream in(path, std::ios::binary);
  std::string first;
  std::getline(in, first);
  const std::string marker = "// options:";
  std::vector<OptionChoice> choices;
  if (first.rfind(marker, 0) != 0) return choices;
  std::istringstream words(first.substr(marker.size()));
  std::string word;
  while (words >> word) choices.push_back(parse_option_argument(word, diagnostics));
  return choices;
}

// "line:col: message" of the first error the checker gives for `path`.
inline std::string first_error(const std::string& path, CheckSettings settings = {}) {
  settings.stdlib_dirs = {stdlib_dir};
  Diagnostics diagnostics;
  auto choices = options_of(path, diagnostics);
  CheckedGame out;
  bool ok = check_file(path, choices, settings, out, diagnostics);
  for (const auto& d : diagnostics.all()) {
    if (d.severity != Severity::error) continue;
    std::string message = d.message;
    for (auto at = message.find(stdlib_dir); at != std::string::npos; at = message.find(stdlib_dir))
      message.replace(at, stdlib_dir.size(), "<stdlib>");
    // Formatting every diagnostic must not fail either.
    (void)diagnostics.str();
    return std::to_string(d.position.line) + ":" + std::to_string(d.position.column) + ": " + message;
  }
  return ok ? "no error" : "failed without an error";
}

// The .lud files of `dir`, sorted.
inline std::vector<std::string> corpus(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".lud") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace mancala::bad_corpus
