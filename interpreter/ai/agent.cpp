#include "interpreter/ai/agent.hpp"

#include <fmt/format.h>

#include <map>
#include <random>
#include <stdexcept>

namespace mancala::ai {

namespace {

// "name:key=value,key=value" -> name and parameters. Rejects empty keys and repeated keys.
struct Spec {
  std::string name;
  std::map<std::string, std::string> params;
};

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

std::uint64_t seed_param(const Spec& spec, std::uint64_t fallback) {
  auto it = spec.params.find("seed");
  if (it == spec.params.end()) return fallback;
  try {
    std::size_t used = 0;
    unsigned long long v = std::stoull(it->second, &used);
    if (used == it->second.size() && it->second[0] != '-') return v;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument(fmt::format("agent '{}': seed must be a non-negative integer, found '{}'",
                                          spec.name, it->second));
}

void reject_unknown(const Spec& spec, std::initializer_list<const char*> known) {
  for (const auto& [key, value] : spec.params) {
    bool ok = false;
    for (const char* k : known) ok = ok || key == k;
    if (!ok) throw std::invalid_argument(fmt::format("agent '{}' has no parameter '{}'", spec.name, key));
  }
}

// Uniform over the legal moves.
class RandomAgent : public Agent {
 public:
  RandomAgent(const Game& game, std::uint64_t seed) : game_(game), seed_(seed), rng_(seed) {}
  Move choose(const State& state) override {
    game_.legal_moves(state, moves_);
    return moves_[std::uniform_int_distribution<std::size_t>(0, moves_.size() - 1)(rng_)];
  }
  std::string describe() const override { return fmt::format("random:seed={}", seed_); }

 private:
  const Game& game_;
  std::uint64_t seed_;
  std::mt19937_64 rng_;
  std::vector<Move> moves_;
};

}  // namespace

std::unique_ptr<Agent> make_agent(const std::string& text, const Game& game, std::uint64_t seed) {
  Spec spec = parse_spec(text);
  if (spec.name == "random") {
    reject_unknown(spec, {"seed"});
    return std::make_unique<RandomAgent>(game, seed_param(spec, seed));
  }
  std::string known;
  for (const auto& name : agent_names()) known += (known.empty() ? "" : ", ") + name;
  throw std::invalid_argument(fmt::format("unknown agent '{}' (agents: {})", spec.name, known));
}

std::vector<std::string> agent_names() { return {"random"}; }

}  // namespace mancala::ai
