#include "interpreter/analysis/json.hpp"

#include <stdexcept>

namespace mancala::analysis {

using nlohmann::json;
using nlohmann::ordered_json;

namespace {

// A histogram as [[value, count], ...] in increasing value, with its summary for readers.
ordered_json histogram_json(const Histogram& h) {
  ordered_json counts = ordered_json::array();
  for (auto [value, times] : h.counts()) counts.push_back({value, times});
  return {{"mean", h.mean()}, {"median", h.percentile(0.5)}, {"p5", h.percentile(0.05)},
          {"p95", h.percentile(0.95)}, {"counts", counts}};
}

Histogram histogram_from(const json& j) {
  Histogram h;
  for (const json& pair : j.at("counts")) h.add(pair.at(0).get<long>(), pair.at(1).get<long>());
  return h;
}

}  // namespace

ordered_json to_json(const Analysis& a) {
  const Tally& t = a.tally;
  ordered_json slices = ordered_json::array();
  for (auto [begin, end] : a.slices) slices.push_back({begin, end});
  ordered_json findings = ordered_json::object();
  for (std::size_t k = 0; k < kFindingKinds; ++k) {
    const Finding& f = t.findings[k];
    ordered_json item = {{"count", f.count}};
    if (f.example.game >= 0)
      item["example"] = {{"game", f.example.game}, {"seed", f.example.seed}, {"ply", f.example.ply},
                         {"detail", f.example.detail}, {"moves", f.example.moves}};
    findings[kFindingKeys[k]] = item;
  }
  ordered_json fingerprints = ordered_json::array();  // [[fingerprint, games], ...]
  for (const auto& [fingerprint, n] : t.fingerprints) fingerprints.push_back({fingerprint, n});
  ordered_json coverage = ordered_json::array();
  for (std::size_t i = 0; i < a.sites.size(); ++i) {
    const Site& s = a.sites[i];
    coverage.push_back({{"clause", s.where}, {"text", s.text}, {"rulings", s.rulings},
                        {"measured", s.measured}, {"events", t.site_events[i]},
                        {"games", t.site_games[i]}, {"squares", t.site_squares[i]}});
  }
  return {
      {"analysis", 1},
      {"file", a.spec.file},
      {"options", a.spec.options},
      {"agent", a.spec.agent},
      {"seed", a.spec.seed},
      {"games_planned", a.spec.games},
      {"max_turns", a.spec.max_turns},
      {"opening_plies", a.spec.opening_plies},
      {"slices", slices},
      {"interrupted", a.interrupted},
      {"games", t.games},
      {"finished", t.finished},
      {"wins", t.wins},
      {"draws", t.draws},
      {"plies", histogram_json(t.plies)},
      {"turns", histogram_json(t.turns)},
      {"rounds", histogram_json(t.rounds)},
      {"branching", histogram_json(t.branching)},
      {"forced", t.forced},
      {"passes", t.passes},
      {"captures", t.captures},
      {"captured_per_turn", histogram_json(t.captured_per_turn)},
      {"drops", histogram_json(t.drops)},
      {"captured_from", t.captured_from},
      {"distinct_games", t.distinct()},
      {"fingerprints", fingerprints},
      {"findings", findings},
      {"coverage", coverage},
  };
}

Analysis analysis_from_json(const json& j) {
  if (!j.is_object() || !j.contains("analysis"))
    throw std::invalid_argument("not the JSON of mancala analyze --json");
  Analysis a;
  a.spec.file = j.at("file").get<std::string>();
  a.spec.options = j.at("options").get<std::vector<std::string>>();
  a.spec.agent = j.at("agent").get<std::string>();
  a.spec.seed = j.at("seed").get<std::uint64_t>();
  a.spec.games = j.at("games_planned").get<long>();
  a.spec.max_turns = j.at("max_turns").get<int>();
  a.spec.opening_plies = j.value("opening_plies", 0);
  for (const json& s : j.at("slices")) a.slices.push_back({s.at(0).get<long>(), s.at(1).get<long>()});
  a.interrupted = j.at("interrupted").get<bool>();
  for (const json& c : j.at("coverage"))
    a.sites.push_back(Site{c.at("clause").get<std::string>(), c.at("text").get<std::string>(),
                           c.at("rulings").get<std::string>(), c.at("measured").get<bool>()});
  Tally& t = a.tally;
  t = Tally(static_cast<int>(j.at("wins").size()), a.sites.size());
  t.games = j.at("games").get<long>();
  t.finished = j.at("finished").get<long>();
  t.wins = j.at("wins").get<std::vector<long>>();
  t.draws = j.at("draws").get<long>();
  t.plies = histogram_from(j.at("plies"));
  t.turns = histogram_from(j.at("turns"));
  t.rounds = histogram_from(j.at("rounds"));
  t.branching = histogram_from(j.at("branching"));
  t.forced = j.at("forced").get<long>();
  t.passes = j.at("passes").get<long>();
  t.captures = j.at("captures").get<long>();
  t.captured_per_turn = histogram_from(j.at("captured_per_turn"));
  if (j.contains("drops")) t.drops = histogram_from(j.at("drops"));
  t.captured_from = j.at("captured_from").get<std::map<std::string, long>>();
  for (const json& pair : j.value("fingerprints", json::array()))
    t.fingerprints[pair.at(0).get<std::uint64_t>()] = pair.at(1).get<long>();
  for (std::size_t k = 0; k < kFindingKinds; ++k) {
    const json& f = j.at("findings").at(kFindingKeys[k]);
    t.findings[k].count = f.at("count").get<long>();
    if (f.contains("example")) {
      const json& e = f.at("example");
      t.findings[k].example = Example{e.at("game").get<long>(), e.at("seed").get<std::uint64_t>(),
                                      e.at("ply").get<int>(), e.at("moves").get<std::vector<std::string>>(),
                                      e.at("detail").get<std::string>()};
    }
  }
  const json& coverage = j.at("coverage");
  for (std::size_t i = 0; i < a.sites.size(); ++i) {
    t.site_events[i] = coverage.at(i).at("events").get<long>();
    t.site_games[i] = coverage.at(i).at("games").get<long>();
    t.site_squares[i] = coverage.at(i).at("squares").get<long>();
  }
  return a;
}

}  // namespace mancala::analysis
