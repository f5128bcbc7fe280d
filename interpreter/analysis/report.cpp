#include "interpreter/analysis/report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "interpreter/analysis/stats.hpp"
#include "interpreter/view/board_view.hpp"

namespace mancala::analysis {

namespace {

double share(long part, long whole) { return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0; }

std::string options_text(const RunSpec& spec) {
  std::string out;
  for (const auto& o : spec.options) out += fmt::format(" --option {}", o);
  return out;
}

std::string opening_text(const RunSpec& spec) {
  return spec.opening_plies > 0 ? fmt::format(" after {} random opening plies", spec.opening_plies) : "";
}

std::string finding_title(FindingKind kind, long count) {
  switch (kind) {
    case FindingKind::excluded_endless:
      return fmt::format("{} moves left out as endless (G6)", count);
    case FindingKind::excluded_repeat:
      return fmt::format("{} further moves left out as repeating a position of their turn (G6)", count);
    case FindingKind::round_repetition:
      return fmt::format("{} rounds ended by a repeated position", count);
    case FindingKind::unfinished_cycling:
      return fmt::format("{} games never end: cut at the turn limit in a cycle of positions (G9)", count);
    case FindingKind::unfinished_changing:
      return fmt::format("{} games cut at the turn limit while the position still changed (G9)", count);
    case FindingKind::count_: break;
  }
  return "";
}

std::string moves_line(const std::vector<std::string>& moves) {
  std::string out;
  for (const auto& m : moves) out += (out.empty() ? "" : ", ") + m;
  return out;
}

void histogram_row(std::string& out, const char* name, const Histogram& h) {
  out += fmt::format("  {:<17}{:>9.1f}{:>8}{:>8}{:>8}{:>8}\n", name, h.mean(), h.percentile(0.5),
                     h.percentile(0.05), h.percentile(0.95), h.max());
}

}  // namespace

std::string example_command(const Analysis& a, const Example& e) {
  if (a.spec.agent != "random" || a.spec.opening_plies > 0) return "";
  return fmt::format("mancala trace {}{} --random --seed {} --max-turns {}", a.spec.file,
                     options_text(a.spec), e.seed, e.ply);
}

std::string capture_board(const Game& game, const Tally& t) {
  const State s = game.initial_state();
  const Layout& l = game.layout_of(s);
  long total = 0;
  for (const auto& [hole, n] : t.captured_from) total += n;
  auto percent = [&](int h) {
    auto it = t.captured_from.find(l.names[static_cast<std::size_t>(h)]);
    return std::lround(share(it == t.captured_from.end() ? 0 : it->second, total));
  };
  // Each row labelled by the players whose sides it holds: "P1 P2" for a row the sides share (a
  // middle row, a ring), never one player's name for holes that are not all theirs.
  std::vector<std::string> labels(static_cast<std::size_t>(l.rows));
  std::size_t label_width = 0, cell = 3;
  for (int r = 1; r <= l.rows; ++r) {
    std::vector<bool> owns(static_cast<std::size_t>(game.players()));
    for (int h = l.first_pit(); h < l.size; ++h)
      if (l.row[h] == r) owns[l.owner[h]] = true;
    std::string& label = labels[static_cast<std::size_t>(r - 1)];
    for (int p = 0; p < game.players(); ++p)
      if (owns[static_cast<std::size_t>(p)]) label += (label.empty() ? "" : " ") + player_name(p);
    label_width = std::max(label_width, label.size());
  }
  std::string letters;
  for (int c = 0; c < l.columns; ++c) letters += fmt::format("{:>{}}", column_name(c), cell);
  const std::string row_digits = std::to_string(l.rows);
  const std::string caption = std::string(label_width + 2 + row_digits.size() + 2, ' ') + letters + "\n";
  std::string out = caption;
  for (int r = l.rows; r >= 1; --r) {
    std::string line = fmt::format("{:<{}}  {:>{}} |", labels[static_cast<std::size_t>(r - 1)], label_width, r,
                                   row_digits.size());
    for (int c = 0; c < l.columns; ++c) {
      int h = l.pit(r, c);
      line += fmt::format("{:>{}}", h >= 0 && h < l.size ? std::to_string(percent(h)) : std::string("-"), cell);
    }
    out += line + " |\n";
  }
  out += caption;
  std::string stores;
  for (int h = 0; h < l.size; ++h)
    if (!l.is_pit(h) && percent(h) > 0) stores += fmt::format("{}{} {}", stores.empty() ? "" : ", ", l.names[static_cast<std::size_t>(h)], percent(h));
  if (!stores.empty()) out += "  from stores: " + stores + "\n";
  return out;
}

bool repeats(const Tally& t) { return t.distinct() < t.games; }

std::string repeat_warning(const Analysis& a) {
  const Tally& t = a.tally;
  return fmt::format("games repeat: only {} distinct game{} of {}; intervals and tests assume independent games, so "
                     "none are given. The agent {} plays the same game again from the same position: play "
                     "the first plies at random (--opening-plies N), or use agents that draw",
                     t.distinct(), t.distinct() == 1 ? "" : "s", t.games, a.spec.agent);
}

std::string text_report(const Game& game, const Analysis& a) {
  const Tally& t = a.tally;
  std::string out = fmt::format("{} ({}{}): {} games ({} distinct), agent {}{}, seed {}, turn limit {} plies\n",
                                game.name(), a.spec.file, options_text(a.spec), t.games, t.distinct(),
                                a.spec.agent, opening_text(a.spec), a.spec.seed, a.spec.max_turns);
  if (a.interrupted)
    out += fmt::format("stopped early: {} of {} games played\n",
                       t.games, [&] { long n = 0; for (auto [b, e] : a.slices) n += e - b; return n; }());

  out += "\nfindings\n";
  int shown = 0;
  if (repeats(t)) {
    ++shown;
    out += fmt::format("  ! {}\n", repeat_warning(a));
  }
  for (std::size_t k = 0; k < kFindingKinds; ++k) {
    const Finding& f = t.findings[k];
    if (f.count == 0) continue;
    ++shown;
    out += fmt::format("  ! {}\n", finding_title(static_cast<FindingKind>(k), f.count));
    const Example& e = f.example;
    out += fmt::format("    first in game {} at ply {}: {}\n", e.game, e.ply, e.detail);
    std::string command = example_command(a, e);
    if (!command.empty()) out += fmt::format("    position: {}\n", command);
    if (e.moves.size() <= 30) out += fmt::format("    moves: {}\n", e.moves.empty() ? "(none: the start)" : moves_line(e.moves));
    else out += fmt::format("    moves: {} (all {} in the --json and --html reports)\n",
                            moves_line({e.moves.begin(), e.moves.begin() + 10}) + ", ...", e.moves.size());
  }
  const std::vector<std::size_t> never = never_fired(a.sites, t);
  if (!never.empty()) {
    ++shown;
    out += fmt::format("  ! {} clauses never fired:\n", never.size());
    for (std::size_t i : never) out += fmt::format("      {:<18} {}\n", a.sites[i].where, a.sites[i].text);
  }
  if (shown == 0) out += "  none\n";

  const long unfinished = t.unfinished();
  out += fmt::format("\ncompletion\n  finished {} ({:.1f}%), unfinished {} ({:.1f}%): cycling {}, still changing {}\n",
                     t.finished, share(t.finished, t.games), unfinished, share(unfinished, t.games),
                     t.finding(FindingKind::unfinished_cycling).count,
                     t.finding(FindingKind::unfinished_changing).count);

  out += fmt::format("\nlength              mean  median      p5     p95     max\n");
  histogram_row(out, "plies", t.plies);
  histogram_row(out, "turns", t.turns);
  histogram_row(out, "rounds per match", t.rounds);
  histogram_row(out, "drops per move", t.drops);

  // Intervals assume independent games: none are given when games repeat.
  const bool intervals = !repeats(t);
  out += intervals ? fmt::format("\nbalance (of {} finished games, 95% Wilson intervals)\n", t.finished)
                     : fmt::format("\nbalance (of {} finished games; no intervals: only {} of the {} games are distinct)\n",
                                   t.finished, t.distinct(), t.games);
  auto balance_row = [&](const std::string& name, long n) {
    Interval ci = wilson95(n, t.finished);
    out += fmt::format("  {:<8}{:>8} {:>6.1f}%{}\n", name, n, share(n, t.finished),
                       intervals ? fmt::format("  [{:.1f}%, {:.1f}%]", 100 * ci.low, 100 * ci.high) : "");
  };
  for (std::size_t p = 0; p < t.wins.size(); ++p) balance_row(fmt::format("P{} wins", p + 1), t.wins[p]);
  balance_row("draws", t.draws);

  const long decisions = t.branching.total();
  out += fmt::format("\ndecisions ({})\n  legal moves per decision: mean {:.2f}, median {}, p5 {}, p95 {}, max {}\n"
                     "  forced (one legal move) {:.1f}%, passes {:.1f}%\n",
                     decisions, t.branching.mean(), t.branching.percentile(0.5), t.branching.percentile(0.05),
                     t.branching.percentile(0.95), t.branching.max(), share(t.forced, decisions),
                     share(t.passes, decisions));

  const long turns = t.captured_per_turn.total();
  long capturing = turns - (t.captured_per_turn.counts().count(0) ? t.captured_per_turn.counts().at(0) : 0);
  out += fmt::format("\ncaptures\n  {} captures; counters captured per turn: mean {:.2f}, p95 {}; turns with a capture {:.1f}%\n",
                     t.captures, t.captured_per_turn.mean(), t.captured_per_turn.percentile(0.95),
                     share(capturing, turns));
  out += "  share of captured counters taken from each hole (%):\n";
  out += capture_board(game, t);

  out += "\nrule coverage (events caused; share of games in which it fired)\n";
  auto site_row = [&](std::size_t i) {
    return fmt::format("  {:<18}{:>10} {:>6.1f}%  {}\n", a.sites[i].where, t.site_events[i],
                       share(t.site_games[i], t.games), a.sites[i].text);
  };
  for (std::size_t i : never) out += site_row(i);
  for (std::size_t i = 0; i < a.sites.size(); ++i)
    if (a.sites[i].measured && t.site_events[i] > 0) out += site_row(i);
  out += "  shaping what is legal or when a sowing stops, or holding captures counted on their own lines;\n"
         "  without events of their own (not counted):\n";
  for (std::size_t i = 0; i < a.sites.size(); ++i)
    if (!a.sites[i].measured) out += fmt::format("  {:<18}{:>10} {:>7}  {}\n", a.sites[i].where, "-", "", a.sites[i].text);
  return out;
}

namespace {

// A site's coverage in one reading: events per game (mean, variance), games it fired in, and its
// share of the reading's events.
struct SiteCount {
  std::string where;  // "" when the reading has no such clause
  long games = 0;
  double mean = 0, variance = 0;
  double share = 0;  // of all the events of the reading's counted clauses
};

SiteCount count_of(const Analysis& a, std::size_t i) {
  const long n = a.tally.games;
  long total = 0;
  for (std::size_t k = 0; k < a.sites.size(); ++k)
    if (a.sites[k].measured) total += a.tally.site_events[k];
  SiteCount c;
  c.where = a.sites[i].where;
  c.games = a.tally.site_games[i];
  if (n > 0) {
    c.mean = static_cast<double>(a.tally.site_events[i]) / static_cast<double>(n);
    double squares = static_cast<double>(a.tally.site_squares[i]);
    c.variance = n > 1 ? std::max(0.0, (squares - static_cast<double>(n) * c.mean * c.mean) / static_cast<double>(n - 1)) : 0;
  }
  c.share = total ? static_cast<double>(a.tally.site_events[i]) / static_cast<double>(total) : 0;
  return c;
}

// The key a clause is matched by across readings: where it is written (readings of one file),
// or its text and how many lines of that text come before it (two files).
std::vector<std::string> site_keys(const Analysis& a, bool by_text) {
  std::vector<std::string> keys;
  std::map<std::string, int> seen;
  for (const Site& site : a.sites)
    keys.push_back(by_text ? fmt::format("{}#{}", site.text, seen[site.text]++) : site.where);
  return keys;
}

// A reading's games are independent draws (none repeats another).
bool independent(const Tally& t) { return !repeats(t); }

}  // namespace

std::vector<ClauseChange> coverage_changes(const Analysis& a, const Analysis& b, bool by_text) {
  const auto keys_a = site_keys(a, by_text), keys_b = site_keys(b, by_text);
  std::vector<ClauseChange> out;
  auto add = [&](const Site& site, const SiteCount& ca, const SiteCount& cb) {
    if (!site.measured) return;
    ClauseChange c;
    c.text = site.text;
    c.where_a = ca.where;
    c.where_b = cb.where;
    c.share_a = ca.share;
    c.share_b = cb.share;
    c.per_game_a = ca.mean;
    c.per_game_b = cb.mean;
    c.fired_a = a.tally.games ? static_cast<double>(ca.games) / static_cast<double>(a.tally.games) : 0;
    c.fired_b = b.tally.games ? static_cast<double>(cb.games) / static_cast<double>(b.tally.games) : 0;
    c.one_only = (ca.games == 0) != (cb.games == 0);
    const bool tested = independent(a.tally) && independent(b.tally);
    const bool differs = c.one_only || (tested && std::fabs(welch_t(ca.mean, ca.variance, a.tally.games, cb.mean,
                                                                        cb.variance, b.tally.games)) > kCritical95);
    if (!differs) return;
    // How much its share of the events changed, as a ratio (a clause of a longer game fires more
    // often without mattering more); one that fired in one reading only first.
    constexpr double kFloor = 1e-6;
    c.change = c.one_only ? std::numeric_limits<double>::infinity()
                          : std::fabs(std::log((c.share_b + kFloor) / (c.share_a + kFloor)));
    out.push_back(c);
  };
  for (std::size_t i = 0; i < a.sites.size(); ++i) {
    auto j = std::find(keys_b.begin(), keys_b.end(), keys_a[i]);
    add(a.sites[i], count_of(a, i), j == keys_b.end() ? SiteCount{} : count_of(b, static_cast<std::size_t>(j - keys_b.begin())));
  }
  for (std::size_t j = 0; j < b.sites.size(); ++j)
    if (std::find(keys_a.begin(), keys_a.end(), keys_b[j]) == keys_a.end()) add(b.sites[j], SiteCount{}, count_of(b, j));
  std::stable_sort(out.begin(), out.end(), [](const ClauseChange& x, const ClauseChange& y) { return x.change > y.change; });
  return out;
}

std::string most_changed_clause(const Analysis& a, const Analysis& b) {
  auto changes = coverage_changes(a, b, false);
  if (changes.empty()) return "";
  return changes.front().where_a.empty() ? changes.front().where_b : changes.front().where_a;
}

std::vector<CompareRow> compare_rows(const std::vector<Reading>& readings) {
  const Tally& b = readings.front().analysis.tally;
  std::vector<CompareRow> rows;
  using Cell = std::pair<std::string, bool>;  // text, significant
  auto row = [&](const std::string& name, auto cell) {
    CompareRow r{name, {}, {}};
    for (std::size_t i = 0; i < readings.size(); ++i) {
      Cell c = cell(readings[i].analysis.tally);
      r.cells.push_back(c.first);
      r.significant.push_back(i > 0 && c.second);
    }
    rows.push_back(std::move(r));
  };
  // Tests compare independent games only: with repeated games in either reading, nothing is
  // marked (the report's warnings say why).
  auto testable = [&](const Tally& t) { return independent(t) && independent(b); };
  auto proportion = [&](auto part, auto whole) {
    return [=, &b](const Tally& t) {
      long x = part(t), n = whole(t);
      bool sig = testable(t) && std::fabs(two_proportion_z(x, n, part(b), whole(b))) > kCritical95;
      return Cell{fmt::format("{:.1f}%", share(x, n)), sig};
    };
  };
  auto mean = [&](auto histogram) {
    return [=, &b](const Tally& t) {
      const Histogram& h = histogram(t);
      const Histogram& hb = histogram(b);
      bool sig = testable(t) &&
                 std::fabs(welch_t(h.mean(), h.variance(), h.total(), hb.mean(), hb.variance(), hb.total())) > kCritical95;
      return Cell{fmt::format("{:.2f}", h.mean()), sig};
    };
  };
  auto games = [](const Tally& t) { return t.games; };
  auto finished = [](const Tally& t) { return t.finished; };
  auto decisions = [](const Tally& t) { return t.branching.total(); };
  row("distinct games (not tested)", [](const Tally& t) { return Cell{fmt::format("{} of {}", t.distinct(), t.games), false}; });
  row("unfinished", proportion([](const Tally& t) { return t.unfinished(); }, games));
  row("  of them cycling", proportion([](const Tally& t) { return t.finding(FindingKind::unfinished_cycling).count; }, games));
  row("plies (mean)", mean([](const Tally& t) -> const Histogram& { return t.plies; }));
  row("plies (median, not tested)", [](const Tally& t) { return Cell{std::to_string(t.plies.percentile(0.5)), false}; });
  row("turns (mean)", mean([](const Tally& t) -> const Histogram& { return t.turns; }));
  row("rounds per match (mean)", mean([](const Tally& t) -> const Histogram& { return t.rounds; }));
  for (std::size_t p = 0; p < b.wins.size(); ++p) {
    std::string name = fmt::format("P{} wins", p + 1);
    row(name, proportion([p](const Tally& t) { return p < t.wins.size() ? t.wins[p] : 0L; }, finished));
  }
  row("draws", proportion([](const Tally& t) { return t.draws; }, finished));
  // Decisions and turns are not independent within a game: their rows are not tested.
  auto plain = [](auto value) { return [=](const Tally& t) { return Cell{value(t), false}; }; };
  row("legal moves per decision (not tested)", plain([](const Tally& t) { return fmt::format("{:.2f}", t.branching.mean()); }));
  row("forced moves (not tested)", plain([&](const Tally& t) { return fmt::format("{:.1f}%", share(t.forced, decisions(t))); }));
  row("passes (not tested)", plain([&](const Tally& t) { return fmt::format("{:.1f}%", share(t.passes, decisions(t))); }));
  row("captured per turn (not tested)", plain([](const Tally& t) { return fmt::format("{:.2f}", t.captured_per_turn.mean()); }));
  row("moves excluded, G6 (not tested)", [](const Tally& t) {
    return Cell{std::to_string(t.finding(FindingKind::excluded_endless).count +
                               t.finding(FindingKind::excluded_repeat).count), false};
  });
  row("rounds ended by repetition (not tested)", [](const Tally& t) {
    return Cell{std::to_string(t.finding(FindingKind::round_repetition).count), false};
  });
  CompareRow never{"clauses never fired (not tested)", {}, {}};
  for (const auto& r : readings) {
    never.cells.push_back(std::to_string(never_fired(r.analysis.sites, r.analysis.tally).size()));
    never.significant.push_back(false);
  }
  rows.push_back(std::move(never));
  return rows;
}

std::string compare_report(const std::vector<Reading>& readings, bool by_text) {
  const Analysis& base = readings.front().analysis;
  std::string files = base.spec.file;
  if (by_text)
    for (std::size_t r = 1; r < readings.size(); ++r) files += " and " + readings[r].analysis.spec.file;
  std::string out = fmt::format("{}: {} {} compared, {} games each, agent {}{}, seed {}\n"
                                "(* differs from the first, significant at 5%; rows marked (not tested) hold per-decision or\n"
                                " per-turn values or counts, whose units are not independent games)\n\n",
                                files, readings.size(), by_text ? "rule files" : "readings", base.tally.games,
                                base.spec.agent, opening_text(base.spec), base.spec.seed);
  constexpr int kNameWidth = 42;
  out += fmt::format("{:<{}}", "", kNameWidth);
  for (const auto& r : readings) out += fmt::format("{:>22}", r.label);
  out += "\n";
  for (const CompareRow& row : compare_rows(readings)) {
    out += fmt::format("{:<{}}", row.name, kNameWidth);
    for (std::size_t i = 0; i < row.cells.size(); ++i) out += fmt::format("{:>22}", row.cells[i] + (row.significant[i] ? " *" : "  "));
    out += "\n";
  }
  for (const auto& r : readings)
    if (repeats(r.analysis.tally)) out += fmt::format("! {}: {}\n", r.label, repeat_warning(r.analysis));

  out += fmt::format("\nclauses whose share of the events changed most from the first {} (among those whose events per "
                     "game differ, Welch, or that fired in one only):\n",
                     by_text ? "file" : "reading");
  constexpr std::size_t kShown = 3;
  for (std::size_t r = 1; r < readings.size(); ++r) {
    const Analysis& a = readings[r].analysis;
    auto changes = coverage_changes(base, a, by_text);
    if (changes.empty()) {
      out += fmt::format("  {}: none\n", readings[r].label);
      continue;
    }
    for (std::size_t k = 0; k < std::min(kShown, changes.size()); ++k) {
      const ClauseChange& c = changes[k];
      std::string where = by_text ? fmt::format("{} / {}", c.where_a.empty() ? "(absent)" : c.where_a,
                                                c.where_b.empty() ? "(absent)" : c.where_b)
                                  : (c.where_a.empty() ? c.where_b : c.where_a);
      out += fmt::format("  {}: {} {:.1f}% of the events, {:.2f} per game, fired in {:.1f}% of games; against "
                         "{:.1f}%, {:.2f} and {:.1f}%: {}\n",
                         readings[r].label, where, 100 * c.share_b, c.per_game_b, 100 * c.fired_b, 100 * c.share_a,
                         c.per_game_a, 100 * c.fired_a, c.text);
    }
    if (changes.size() > kShown) out += fmt::format("  {}: and {} more\n", readings[r].label, changes.size() - kShown);
  }
  return out;
}

}  // namespace mancala::analysis
