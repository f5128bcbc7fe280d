#pragma once
// Limits a user can see and set; exceeding one is an error that names it, never a crash or hang.
#include <stdexcept>
#include <string>

namespace mancala {

class LimitExceeded : public std::runtime_error {
 public:
  LimitExceeded(const std::string& name, long value)
      : std::runtime_error("limit " + name + " (" + std::to_string(value) + ") exceeded"),
        name_(name) {}
  const std::string& name() const { return name_; }

 private:
  std::string name_;
};

}  // namespace mancala
