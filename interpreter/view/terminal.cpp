#include "interpreter/view/terminal.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace mancala::view {

bool is_terminal(int fd) { return ::isatty(fd) == 1; }

bool colour_wanted(int input_fd, int output_fd) {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return is_terminal(input_fd) && is_terminal(output_fd);
}

std::string paint(std::string_view text, std::string_view code, bool colour) {
  if (!colour || text.empty() || code.empty()) return std::string(text);
  return "\033[" + std::string(code) + "m" + std::string(text) + "\033[0m";
}

}  // namespace mancala::view
