#pragma once
// Agent specs: "NAME" or "NAME:key=value,key=value" (docs/ai.md). Each agent reads its own
// parameters with the typed getters, which name the bad part of the spec in their errors.
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>

namespace mancala::ai {

struct Spec {
  std::string name;
  std::map<std::string, std::string> params;

  // Throws std::invalid_argument for a parameter not in `known`.
  void allow_only(std::initializer_list<const char*> known) const;
  // A non-negative integer parameter, or `fallback` when the spec does not give it.
  std::uint64_t integer(const std::string& key, std::uint64_t fallback) const;
  // A non-negative decimal parameter, or `fallback`.
  double decimal(const std::string& key, double fallback) const;
};

// Throws std::invalid_argument for an empty name, an item without '=', or a repeated key.
Spec parse_spec(const std::string& text);

}  // namespace mancala::ai
