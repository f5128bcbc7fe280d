#pragma once
// Reading a command's arguments and writing lists, for the REPL's command files
// (repl_commands.cpp, repl_completion.cpp, repl_solve.cpp).
#include <charconv>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::cli {

inline std::string trim(std::string_view s) {
  std::size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  std::size_t e = s.find_last_not_of(" \t");
  return std::string(s.substr(b, e - b + 1));
}

inline std::vector<std::string> words(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// "3" -> 3; false for anything but a positive integer.
inline bool positive(const std::string& text, long& n) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  return ec == std::errc() && end == text.data() + text.size() && n > 0;
}

inline std::string joined(const std::vector<std::string>& items, std::string_view separator = ", ") {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : std::string(separator)) + item;
  return out;
}

}  // namespace mancala::cli
