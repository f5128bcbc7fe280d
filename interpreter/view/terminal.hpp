#pragma once
// Colour on a terminal: ANSI escapes, used only when both ends of the session are a terminal and
// NO_COLOR (https://no-color.org) is not set, so that files and pipes get plain text.
#include <string>
#include <string_view>

namespace mancala::view {

bool is_terminal(int fd);
// True when a session reading `input_fd` and writing `output_fd` should be coloured.
bool colour_wanted(int input_fd, int output_fd);

namespace ansi {
inline constexpr std::string_view bold = "1";
inline constexpr std::string_view dim = "2";
inline constexpr std::string_view red = "1;31";
inline constexpr std::string_view green = "1;32";
inline constexpr std::string_view yellow = "1;33";
inline constexpr std::string_view cyan = "1;36";
}  // namespace ansi

// `text` in the colour `code` (an ansi:: constant), or unchanged when colour is off.
std::string paint(std::string_view text, std::string_view code, bool colour);

}  // namespace mancala::view
