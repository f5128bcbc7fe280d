#include "interpreter/ai/spec.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace mancala::ai {

Spec parse_spec(const std::string& text) {
  Spec spec;
  std::size_t colon = text.find(':');
  spec.name = text.substr(0, colon);
  if (spec.name.empty()) throw std::invalid_argument(fmt::format("agent '{}': no name", text));
  if (colon == std::string::npos) return spec;
  std::string rest = text.substr(colon + 1);
  std::size_t start = 0;
  while (start <= rest.size()) {
    std::size_t comma = rest.find(',', start);
    std::string item = rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::size_t equals = item.find('=');
    if (equals == std::string::npos || equals == 0)
      throw std::invalid_argument(fmt::format("agent '{}': expected key=value, found '{}'", text, item));
    if (!spec.params.emplace(item.substr(0, equals), item.substr(equals + 1)).second)
      throw std::invalid_argument(fmt::format("agent '{}': '{}' is given twice", text, item.substr(0, equals)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return spec;
}

void Spec::allow_only(std::initializer_list<const char*> known) const {
  for (const auto& [key, value] : params) {
    bool ok = false;
    for (const char* k : known) ok = ok || key == k;
    if (ok) continue;
    std::string names;
    for (const char* k : known) names += (names.empty() ? "" : ", ") + std::string(k);
    throw std::invalid_argument(
        fmt::format("agent '{}' has no parameter '{}' (parameters: {})", name, key, names));
  }
}

std::uint64_t Spec::integer(const std::string& key, std::uint64_t fallback) const {
  auto it = params.find(key);
  if (it == params.end()) return fallback;
  try {
    std::size_t used = 0;
    unsigned long long v = std::stoull(it->second, &used);
    if (used == it->second.size() && it->second[0] != '-') return v;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument(
      fmt::format("agent '{}': {} must be a non-negative integer, found '{}'", name, key, it->second));
}

double Spec::decimal(const std::string& key, double fallback) const {
  auto it = params.find(key);
  if (it == params.end()) return fallback;
  try {
    std::size_t used = 0;
    double v = std::stod(it->second, &used);
    if (used == it->second.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument(
      fmt::format("agent '{}': {} must be a non-negative number, found '{}'", name, key, it->second));
}

}  // namespace mancala::ai
