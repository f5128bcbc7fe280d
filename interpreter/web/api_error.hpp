#pragma once
// A request the server refuses: its HTTP status and a message for the page.
#include <stdexcept>
#include <string>

namespace mancala::web {

struct ApiError : std::runtime_error {
  ApiError(int status, const std::string& message) : std::runtime_error(message), status(status) {}
  int status;
};

}  // namespace mancala::web
