// The endgame table's cache directory and key (endgame_cache_key.hpp).
#include "interpreter/cli/endgame_cache_key.hpp"

#include <cstdlib>
#include <filesystem>

namespace mancala::cli {

namespace {

struct Mixer {
  std::uint64_t h = 0x84222325cbf29ce4ull;
  void add(std::uint64_t v) { h = (h ^ v) * 0x100000001b3ull ^ (h >> 29); }
  void add(const std::string& text) {
    add(text.size());
    for (unsigned char c : text) add(c);
  }
  // Everything the compiler reads of a node; not where it was written.
  void add(const Node& node) {
    add(static_cast<std::uint64_t>(node.kind));
    add(node.text);
    add(static_cast<std::uint64_t>(node.head_is_string));
    add(static_cast<std::uint64_t>(node.integer));
    add(node.label);
    add(static_cast<std::uint64_t>(node.from_option));
    add(static_cast<std::uint64_t>(node.ludeme));
    add(static_cast<std::uint64_t>(node.symbol));
    add(static_cast<std::uint64_t>(node.param));
    add(node.children.size());
    for (const Node& child : node.children) add(child);
  }
};

}  // namespace

std::string endgame_cache_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/mancala";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/mancala";
  return "";
}

std::uint64_t endgame_rules_key(const CheckedGame& checked) {
  Mixer m;
  m.add(checked.game);
  for (const OptionInfo& option : checked.options) {
    m.add(option.name);
    m.add(option.chosen);
  }
  std::error_code error;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    m.add(std::filesystem::file_size(program, error));
    m.add(static_cast<std::uint64_t>(std::filesystem::last_write_time(program, error).time_since_epoch().count()));
  }
  return m.h | 1;  // never 0, which means no cache
}

}  // namespace mancala::cli
