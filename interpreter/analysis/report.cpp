#include "interpreter/analysis/report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

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
  if (a.spec.agent != "random") return "";
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

std::string text_report(const Game& game, const Analysis& a) {
  const Tally& t = a.tally;
  std::string out = fmt::format("{} ({}{}): {} games, agent {}, seed {}, turn limit {} plies\n",
                                game.name(), a.spec.file, options_text(a.spec), t.games,
                                a.spec.agent, a.spec.seed, a.spec.max_turns);
  if (a.interrupted)
    out += fmt::format("stopped early: {} of {} games played\n",
                       t.games, [&] { long n = 0; for (auto [b, e] : a.slices) n += e - b; return n; }());

  out += "\nfindings\n";
  int shown = 0;
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

  out += fmt::format("\nbalance (of {} finished games, 95% Wilson intervals)\n", t.finished);
  for (std::size_t p = 0; p < t.wins.size(); ++p) {
    Interval ci = wilson95(t.wins[p], t.finished);
    out += fmt::format("  P{} wins {:>8} {:>6.1f}%  [{:.1f}%, {:.1f}%]\n", p + 1, t.wins[p],
                       share(t.wins[p], t.finished), 100 * ci.low, 100 * ci.high);
  }
  Interval dci = wilson95(t.draws, t.finished);
  out += fmt::format("  draws   {:>8} {:>6.1f}%  [{:.1f}%, {:.1f}%]\n", t.draws, share(t.draws, t.finished),
                     100 * dci.low, 100 * dci.high);

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

// The coverage of the site written at `where`; zeros when the reading has no such site (an
// option-case branch it does not take).
struct SiteCount {
  long games = 0;  // in which it fired
  double mean = 0, variance = 0;  // its events per game
};
SiteCount count_at(const Analysis& a, const std::string& where) {
  const long n = a.tally.games;
  for (std::size_t i = 0; i < a.sites.size(); ++i) {
    if (a.sites[i].where != where || n == 0) continue;
    double mean = static_cast<double>(a.tally.site_events[i]) / static_cast<double>(n);
    double squares = static_cast<double>(a.tally.site_squares[i]);
    double variance = n > 1 ? (squares - static_cast<double>(n) * mean * mean) / static_cast<double>(n - 1) : 0;
    return {a.tally.site_games[i], mean, std::max(0.0, variance)};
  }
  return {};
}

}  // namespace

std::string first_coverage_difference(const Analysis& a, const Analysis& b) {
  // Sites are compared by where they are written, in the file's order: the readings share the
  // file, but each has only the clauses of the option-case branches it takes.
  std::vector<const Site*> sites;
  for (const Site& s : a.sites) sites.push_back(&s);
  for (const Site& s : b.sites)
    if (std::none_of(a.sites.begin(), a.sites.end(), [&](const Site& o) { return o.where == s.where; }))
      sites.push_back(&s);
  const std::string own = a.sites.empty() ? "" : site_file(a.sites.front());
  std::stable_sort(sites.begin(), sites.end(),
                   [&](const Site* x, const Site* y) { return site_order(*x, *y, own); });
  for (const Site* s : sites) {
    if (!s->measured) continue;
    SiteCount ca = count_at(a, s->where), cb = count_at(b, s->where);
    bool one_only = (ca.games == 0) != (cb.games == 0);
    if (one_only ||
        std::fabs(welch_t(ca.mean, ca.variance, a.tally.games, cb.mean, cb.variance, b.tally.games)) > kCritical95)
      return s->where;
  }
  return "";
}

std::string compare_report(const std::vector<Reading>& readings) {
  const Analysis& base = readings.front().analysis;
  std::string out = fmt::format("{}: {} readings compared, {} games each, agent {}, seed {}\n"
                                "(* differs from the first reading, significant at 5%)\n\n",
                                base.spec.file, readings.size(), base.tally.games, base.spec.agent,
                                base.spec.seed);
  out += fmt::format("{:<26}", "");
  for (const auto& r : readings) out += fmt::format("{:>22}", r.label);
  out += "\n";
  using Cell = std::pair<std::string, bool>;  // text, significant
  auto row = [&](const char* name, auto cell) {
    out += fmt::format("{:<26}", name);
    for (std::size_t i = 0; i < readings.size(); ++i) {
      Cell c = cell(readings[i].analysis.tally);
      out += fmt::format("{:>22}", c.first + (i > 0 && c.second ? " *" : "  "));
    }
    out += "\n";
  };
  const Tally& b = base.tally;
  auto proportion = [&](auto part, auto whole) {
    return [=, &b](const Tally& t) {
      long x = part(t), n = whole(t);
      bool sig = std::fabs(two_proportion_z(x, n, part(b), whole(b))) > kCritical95;
      return Cell{fmt::format("{:.1f}%", share(x, n)), sig};
    };
  };
  auto mean = [&](auto histogram) {
    return [=, &b](const Tally& t) {
      const Histogram& h = histogram(t);
      const Histogram& hb = histogram(b);
      bool sig = std::fabs(welch_t(h.mean(), h.variance(), h.total(), hb.mean(), hb.variance(), hb.total())) > kCritical95;
      return Cell{fmt::format("{:.2f}", h.mean()), sig};
    };
  };
  auto games = [](const Tally& t) { return t.games; };
  auto finished = [](const Tally& t) { return t.finished; };
  auto decisions = [](const Tally& t) { return t.branching.total(); };
  row("unfinished", proportion([](const Tally& t) { return t.unfinished(); }, games));
  row("  of them cycling", proportion([](const Tally& t) { return t.finding(FindingKind::unfinished_cycling).count; }, games));
  row("plies (mean)", mean([](const Tally& t) -> const Histogram& { return t.plies; }));
  row("plies (median)", [](const Tally& t) { return Cell{std::to_string(t.plies.percentile(0.5)), false}; });
  row("turns (mean)", mean([](const Tally& t) -> const Histogram& { return t.turns; }));
  row("rounds per match (mean)", mean([](const Tally& t) -> const Histogram& { return t.rounds; }));
  for (std::size_t p = 0; p < b.wins.size(); ++p) {
    std::string name = fmt::format("P{} wins", p + 1);
    row(name.c_str(), proportion([p](const Tally& t) { return t.wins[p]; }, finished));
  }
  row("draws", proportion([](const Tally& t) { return t.draws; }, finished));
  // Decisions and turns are not independent within a game: their rows are not tested.
  auto plain = [](auto value) { return [=](const Tally& t) { return Cell{value(t), false}; }; };
  row("legal moves per decision", plain([](const Tally& t) { return fmt::format("{:.2f}", t.branching.mean()); }));
  row("forced moves", plain([&](const Tally& t) { return fmt::format("{:.1f}%", share(t.forced, decisions(t))); }));
  row("passes", plain([&](const Tally& t) { return fmt::format("{:.1f}%", share(t.passes, decisions(t))); }));
  row("captured per turn", plain([](const Tally& t) { return fmt::format("{:.2f}", t.captured_per_turn.mean()); }));
  row("moves excluded (G6)", [](const Tally& t) {
    return Cell{std::to_string(t.finding(FindingKind::excluded_endless).count +
                               t.finding(FindingKind::excluded_repeat).count), false};
  });
  row("rounds ended by repetition", [](const Tally& t) {
    return Cell{std::to_string(t.finding(FindingKind::round_repetition).count), false};
  });
  std::vector<std::string> never;
  for (const auto& r : readings) {
    never.push_back(std::to_string(never_fired(r.analysis.sites, r.analysis.tally).size()));
  }
  out += fmt::format("{:<26}", "clauses never fired");
  for (const auto& n : never) out += fmt::format("{:>22}", n + "  ");
  out += "\n\nfirst clause whose coverage differs from the first reading's (events per game, Welch; or fired in one only):\n";
  for (std::size_t r = 1; r < readings.size(); ++r) {
    const Analysis& a = readings[r].analysis;
    std::string where = first_coverage_difference(base, a);
    if (where.empty()) {
      out += fmt::format("  {}: none\n", readings[r].label);
      continue;
    }
    std::string text;
    for (const Analysis* x : {&base, &a})
      for (const Site& s : x->sites)
        if (s.where == where && text.empty()) text = s.text;
    SiteCount ca = count_at(a, where), cb = count_at(base, where);
    out += fmt::format("  {}: {} {:.2f} events per game, fired in {:.1f}% of games; against {:.2f} and {:.1f}%: {}\n",
                       readings[r].label, where, ca.mean, share(ca.games, a.tally.games), cb.mean,
                       share(cb.games, b.games), text);
  }
  return out;
}

}  // namespace mancala::analysis
