#include "lang/game_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "lang/checker.hpp"

namespace mancala {

namespace fs = std::filesystem;

std::vector<std::string> default_games_dirs(const char* argv0) {
  return resource_dirs(argv0, "MANCALA_GAMES", "games");
}

std::vector<std::string> rule_files(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    if (it->path().extension() == ".lud" && it->is_regular_file(ec)) files.push_back(it->path().string());
  std::sort(files.begin(), files.end());
  return files;
}

GameLookup find_game(const std::string& argument, const std::vector<std::string>& games_dirs) {
  std::error_code ec;
  bool is_path = fs::exists(argument, ec) || argument.find('/') != std::string::npos ||
                 (argument.size() > 4 && argument.compare(argument.size() - 4, 4, ".lud") == 0);
  if (is_path || argument.empty()) return {argument, ""};
  std::vector<std::string> names;
  for (const std::string& dir : games_dirs) {
    std::vector<std::string> matches;
    for (const std::string& file : rule_files(dir)) {
      std::string stem = fs::path(file).stem().string();
      if (stem == argument) matches.push_back(file);
      names.push_back(stem);
    }
    if (matches.size() == 1) return {matches[0], ""};
    if (matches.size() > 1) {
      std::string list;
      for (const std::string& m : matches) list += (list.empty() ? "" : ", ") + m;
      return {"", fmt::format("'{}' names {} rule files: {}; give the file's path", argument,
                              matches.size(), list)};
    }
  }
  if (games_dirs.empty())
    return {"", fmt::format("no rule file '{}', and no games directory to look for a game of that name "
                            "(set MANCALA_GAMES)", argument)};
  std::string where;
  for (const std::string& dir : games_dirs) where += (where.empty() ? "" : ", ") + dir;
  return {"", fmt::format("no rule file '{}', and no game of that name in {}{}", argument, where,
                          passes::did_you_mean(passes::closest_name(argument, names)))};
}

}  // namespace mancala
