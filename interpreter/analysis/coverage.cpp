#include "interpreter/analysis/coverage.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "interpreter/citation.hpp"

namespace mancala::analysis {

namespace {

// Ludemes whose clauses emit no event of their own (every other clause that acts names itself
// in an event, events.hpp): they decide what is legal or when a sowing stops, or (each) hold
// captures whose events name the captures.
bool emits_events(Ludeme l) {
  switch (l) {
    case Ludeme::origin: case Ludeme::direction: case Ludeme::skip: case Ludeme::require:
    case Ludeme::prefer: case Ludeme::stop: case Ludeme::each:
      return false;
    default:
      return true;
  }
}

// "kiuthi.lud:24" -> ("kiuthi.lud", 24), for the file's order.
std::pair<std::string, int> split_where(const std::string& where) {
  auto colon = where.rfind(':');
  if (colon == std::string::npos) return {where, 0};
  return {where.substr(0, colon), std::atoi(where.c_str() + colon + 1)};
}

}  // namespace

bool site_order(const Site& a, const Site& b, const std::string& own) {
  auto [fa, la] = split_where(a.where);
  auto [fb, lb] = split_where(b.where);
  return std::make_tuple(fa != own, fa, la) < std::make_tuple(fb != own, fb, lb);
}

std::string site_file(const Site& site) { return split_where(site.where).first; }

Coverage coverage_sites(const Game& game) {
  const auto& clauses = game.rules().clauses;
  std::map<std::string, int> index;
  std::vector<std::pair<Site, ClauseId>> found;  // each site with its first clause
  std::vector<std::string> where_of(clauses.size());
  for (std::size_t c = 0; c < clauses.size(); ++c) {
    Citation cited = cite(clauses[c]);
    where_of[c] = cited.where;
    auto [it, fresh] = index.emplace(cited.where, static_cast<int>(found.size()));
    if (fresh) found.push_back({Site{cited.where, cited.text, cited.rulings, false}, static_cast<ClauseId>(c)});
    found[static_cast<std::size_t>(it->second)].first.measured |= emits_events(clauses[c].ludeme);
  }
  // The rule file's own lines first (where its first clause is), then imported files.
  std::string own = found.empty() ? "" : split_where(found.front().first.where).first;
  std::vector<std::size_t> order(found.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return site_order(found[a].first, found[b].first, own); });
  Coverage out;
  std::vector<int> rank(found.size());
  for (std::size_t r = 0; r < order.size(); ++r) {
    rank[order[r]] = static_cast<int>(r);
    out.sites.push_back(found[order[r]].first);
  }
  for (std::size_t c = 0; c < clauses.size(); ++c)
    out.site_of_clause.push_back(rank[static_cast<std::size_t>(index[where_of[c]])]);
  return out;
}

std::array<int, 2> event_sites(const Coverage& coverage, const Event& event) {
  std::array<int, 2> sites{-1, -1};
  if (event.clause != kNoClause) sites[0] = coverage.site_of_clause[event.clause];
  if (event.within != kNoClause) {
    int within = coverage.site_of_clause[event.within];
    if (within != sites[0]) sites[1] = within;
  }
  return sites;
}

}  // namespace mancala::analysis
