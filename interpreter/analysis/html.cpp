#include "interpreter/analysis/html.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <sstream>

#include "interpreter/analysis/stats.hpp"

namespace mancala::analysis {

namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

double pct(long part, long whole) { return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0; }

const char* kStyle = R"(<style>
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ccc;margin-top:1.6em}
table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right}td.l,th.l{text-align:left}
tr:nth-child(even){background:#f4f4f4}.finding{background:#fff4e0;border-left:4px solid #e69500;padding:4px 10px;margin:6px 0}
.never{color:#b00000}code,pre{font-family:ui-monospace,monospace;font-size:90%}pre.src{background:#f8f8f8;padding:6px;overflow-x:auto}
pre.src span:target{background:#ffe27a}.muted{color:#777}td.significant{font-weight:bold}
</style>)";

// Bars of the length histogram: the values grouped in at most 40 equal bins.
std::string length_svg(const Histogram& h) {
  const int width = 640, height = 200, left = 40, bottom = 24;
  std::string out = fmt::format("<svg class=\"chart\" id=\"length-histogram\" width=\"{}\" height=\"{}\" "
                                "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"game length\">",
                                width, height + bottom);
  if (h.total() == 0) return out + "</svg>";
  long lo = h.counts().begin()->first, hi = h.max();
  long bins = std::min<long>(40, hi - lo + 1), bin_width = (hi - lo + bins) / bins;
  std::vector<long> counts(static_cast<std::size_t>(bins));
  for (auto [value, times] : h.counts()) counts[static_cast<std::size_t>(std::min(bins - 1, (value - lo) / bin_width))] += times;
  long top = *std::max_element(counts.begin(), counts.end());
  double bar = static_cast<double>(width - left) / static_cast<double>(bins);
  for (long b = 0; b < bins; ++b) {
    double hgt = static_cast<double>(height - 10) * static_cast<double>(counts[static_cast<std::size_t>(b)]) / static_cast<double>(top);
    out += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#4a7fb5\">"
                       "<title>plies {}-{}: {} games</title></rect>",
                       left + b * bar, height - hgt, std::max(1.0, bar - 1), hgt, lo + b * bin_width,
                       lo + (b + 1) * bin_width - 1, counts[static_cast<std::size_t>(b)]);
  }
  out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#333\"/>", left, height, width, height);
  out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\">{}</text>", left, height + 16, lo);
  out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{} plies</text>", width, height + 16, hi);
  out += fmt::format("<text x=\"0\" y=\"12\" font-size=\"11\">{}</text>", top);
  return out + "</svg>";
}

// A bar per result with its 95% Wilson interval as a whisker.
std::string balance_svg(const Tally& t) {
  std::vector<std::pair<std::string, long>> rows;
  for (std::size_t p = 0; p < t.wins.size(); ++p) rows.push_back({fmt::format("P{} wins", p + 1), t.wins[p]});
  rows.push_back({"draws", t.draws});
  const int width = 640, row_height = 28, left = 80, span = width - left - 60;
  std::string out = fmt::format("<svg class=\"chart\" id=\"balance\" width=\"{}\" height=\"{}\" "
                                "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"balance\">",
                                width, row_height * static_cast<int>(rows.size()) + 20);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    double y = 6 + static_cast<double>(i) * row_height;
    double share = pct(rows[i].second, t.finished);
    Interval ci = wilson95(rows[i].second, t.finished);
    out += fmt::format("<text x=\"0\" y=\"{:.0f}\" font-size=\"12\">{}</text>", y + 14, rows[i].first);
    out += fmt::format("<rect class=\"bar\" x=\"{}\" y=\"{:.0f}\" width=\"{:.1f}\" height=\"18\" fill=\"#6aa84f\"><title>{:.1f}%</title></rect>",
                       left, y, span * share / 100, share);
    out += fmt::format("<line class=\"interval\" x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.0f}\" y2=\"{:.0f}\" stroke=\"#000\" stroke-width=\"2\"/>",
                       left + span * ci.low, left + span * ci.high, y + 9, y + 9);
    out += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" font-size=\"12\">{:.1f}%</text>", left + span * ci.high + 6, y + 14, share);
  }
  out += fmt::format("<line x1=\"{0}\" x2=\"{0}\" y1=\"0\" y2=\"{1}\" stroke=\"#999\"/><line x1=\"{2}\" x2=\"{2}\" y1=\"0\" y2=\"{1}\" "
                     "stroke=\"#999\" stroke-dasharray=\"3\"/>",
                     left, row_height * static_cast<int>(rows.size()) + 6, left + span / 2);
  return out + "</svg>";
}

// The starting board, each pit coloured by its share of the captured counters.
std::string board_svg(const Game& game, const Tally& t) {
  State s = game.initial_state();
  const Layout& l = game.layout_of(s);
  long total = 0, most = 0;
  for (const auto& [hole, n] : t.captured_from) {
    total += n;
    most = std::max(most, n);
  }
  const int cell = 56;
  std::string out = fmt::format("<svg class=\"chart\" id=\"capture-board\" width=\"{}\" height=\"{}\" "
                                "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"captures per hole\">",
                                cell * l.columns + 20, cell * l.rows + 20);
  for (int h = l.first_pit(); h < l.size; ++h) {
    const std::string& name = l.names[static_cast<std::size_t>(h)];
    auto it = t.captured_from.find(name);
    long n = it == t.captured_from.end() ? 0 : it->second;
    double x = 10 + cell * l.column[h] + cell / 2.0, y = 10 + cell * (l.rows - l.row[h]) + cell / 2.0;  // P2 on top (G1)
    double heat = most ? static_cast<double>(n) / static_cast<double>(most) : 0;
    int red = 255, green = static_cast<int>(255 - 170 * heat), blue = static_cast<int>(255 - 230 * heat);
    out += fmt::format("<circle class=\"hole\" cx=\"{:.0f}\" cy=\"{:.0f}\" r=\"24\" fill=\"rgb({},{},{})\" stroke=\"#555\">"
                       "<title>{}: {} counters, {:.1f}%</title></circle>",
                       x, y, red, green, blue, name, n, pct(n, total));
    out += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" font-size=\"10\" text-anchor=\"middle\">{}</text>", x, y - 4, name);
    out += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" font-size=\"12\" text-anchor=\"middle\">{:.1f}%</text>", x, y + 11, pct(n, total));
  }
  return out + "</svg>";
}

// The id of a rule-file line in the section `id` (a comparison has a section per reading).
std::string anchor(const std::string& id, const std::string& where) {
  std::string out = id + "-clause-";
  for (char c : where) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  return out;
}

// The rule file's lines, each with an anchor the coverage list links to.
std::string source_listing(const std::string& id, const std::string& file, std::string& base) {
  std::ifstream in(file);
  base = file.substr(file.find_last_of('/') == std::string::npos ? 0 : file.find_last_of('/') + 1);
  if (!in) return "";
  std::string out = "<pre class=\"src\">", line;
  for (int n = 1; std::getline(in, line); ++n)
    out += fmt::format("<span id=\"{}\">{:>4}  {}</span>\n", anchor(id, fmt::format("{}:{}", base, n)), n, escape(line));
  return out + "</pre>";
}

std::string section(const Game& game, const Analysis& a, const std::string& id) {
  const Tally& t = a.tally;
  std::string out;
  std::string base;
  std::string listing = source_listing(id, a.spec.file, base);
  auto link = [&](const std::string& where) {
    bool own = where.rfind(base + ":", 0) == 0 && !listing.empty();
    return own ? fmt::format("<a href=\"#{}\">{}</a>", anchor(id, where), escape(where)) : escape(where);
  };
  out += fmt::format("<section id=\"{}\"><p>{} games of <code>{}</code>{}, agent <code>{}</code>, seed {}, turn limit {} plies{}</p>",
                     id, t.games, escape(a.spec.file),
                     a.spec.options.empty() ? "" : fmt::format(" with <code>{}</code>", escape(fmt::format("{}", fmt::join(a.spec.options, " ")))),
                     escape(a.spec.agent), a.spec.seed, a.spec.max_turns, a.interrupted ? " (stopped early)" : "");
  out += "<h2>Findings</h2>";
  int shown = 0;
  static const char* titles[] = {"moves left out as endless (G6)", "further moves left out as repeating a position of their turn (G6)",
                                 "rounds ended by a repeated position", "games that never end: cut at the turn limit in a cycle (G9)",
                                 "games cut at the turn limit while the position still changed (G9)"};
  for (std::size_t k = 0; k < kFindingKinds; ++k) {
    const Finding& f = t.findings[k];
    if (f.count == 0) continue;
    ++shown;
    const Example& e = f.example;
    std::string moves;
    for (const auto& m : e.moves) moves += (moves.empty() ? "" : ", ") + m;
    std::string command = example_command(a, e);
    out += fmt::format("<div class=\"finding\"><b>{} {}</b><br>first in game {} at ply {}: {}{}"
                       "<details><summary>the example record: {} moves</summary><pre>{}</pre></details></div>",
                       f.count, titles[k], e.game, e.ply, escape(e.detail),
                       command.empty() ? "" : fmt::format("<br>position: <code>{}</code>", escape(command)),
                       e.moves.size(), escape(moves));
  }
  std::string never;
  for (std::size_t i : never_fired(a.sites, t))
    never += fmt::format("<li>{} <code>{}</code></li>", link(a.sites[i].where), escape(a.sites[i].text));
  if (!never.empty()) {
    ++shown;
    out += fmt::format("<div class=\"finding\"><b>clauses that never fired</b><ul>{}</ul></div>", never);
  }
  if (!shown) out += "<p>none</p>";

  out += "<h2>Completion and length</h2>";
  out += fmt::format("<p>finished {} ({:.1f}%), unfinished {}: cycling {}, still changing {}</p>", t.finished,
                     pct(t.finished, t.games), t.unfinished(), t.finding(FindingKind::unfinished_cycling).count,
                     t.finding(FindingKind::unfinished_changing).count);
  out += "<table><tr><th class=\"l\"></th><th>mean</th><th>median</th><th>p5</th><th>p95</th><th>max</th></tr>";
  auto row = [&](const char* name, const Histogram& h) {
    out += fmt::format("<tr><td class=\"l\">{}</td><td>{:.1f}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>", name,
                       h.mean(), h.percentile(0.5), h.percentile(0.05), h.percentile(0.95), h.max());
  };
  row("plies", t.plies);
  row("turns", t.turns);
  row("rounds per match", t.rounds);
  out += "</table><p>Plies per game:</p>" + length_svg(t.plies);

  out += fmt::format("<h2>Balance</h2><p>Of {} finished games; the black line is the 95% Wilson interval, the dashed line 50%.</p>", t.finished);
  out += balance_svg(t);

  const long decisions = t.branching.total();
  out += fmt::format("<h2>Decisions</h2><p>{} decisions; legal moves per decision: mean {:.2f}, median {}, p95 {}; "
                     "forced {:.1f}%, passes {:.1f}%</p>",
                     decisions, t.branching.mean(), t.branching.percentile(0.5), t.branching.percentile(0.95),
                     pct(t.forced, decisions), pct(t.passes, decisions));

  out += fmt::format("<h2>Captures</h2><p>{} captures; counters captured per turn: mean {:.2f}. The share of captured "
                     "counters taken from each hole:</p>",
                     t.captures, t.captured_per_turn.mean());
  out += board_svg(game, t);

  out += "<h2>Rule coverage</h2><p>Events each clause caused, and the share of games in which it fired; never fired first.</p>"
         "<table class=\"coverage\"><tr><th class=\"l\">clause</th><th>events</th><th>games</th><th class=\"l\">text</th></tr>";
  auto site_row = [&](std::size_t i, bool counted) {
    out += fmt::format("<tr{}><td class=\"l\">{}</td><td>{}</td><td>{}</td><td class=\"l\"><code>{}</code></td></tr>",
                       counted && t.site_events[i] == 0 ? " class=\"never\"" : "", link(a.sites[i].where),
                       counted ? std::to_string(t.site_events[i]) : "-",
                       counted ? fmt::format("{:.1f}%", pct(t.site_games[i], t.games)) : "-", escape(a.sites[i].text));
  };
  for (std::size_t i : never_fired(a.sites, t)) site_row(i, true);
  for (std::size_t i = 0; i < a.sites.size(); ++i)
    if (a.sites[i].measured && t.site_events[i] > 0) site_row(i, true);
  for (std::size_t i = 0; i < a.sites.size(); ++i)
    if (!a.sites[i].measured) site_row(i, false);
  out += "</table><p class=\"muted\">Rows with - shape what is legal or when a sowing stops, or hold captures counted on their own lines: they cause no event of their own.</p>";
  if (!listing.empty()) out += fmt::format("<h2>The rule file</h2>{}", listing);
  return out + "</section>";
}

std::string page(const std::string& title, const std::string& body) {
  return fmt::format("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{0}</title>{1}</head>"
                     "<body><h1>{0}</h1>{2}</body></html>\n",
                     escape(title), kStyle, body);
}

}  // namespace

std::string html_report(const Game& game, const Analysis& analysis) {
  return page("Analysis of " + game.name(), section(game, analysis, "reading-1"));
}

namespace {

// One colour per reading, the first (the baseline) blue.
const char* const kReadingColours[] = {"#4a7fb5", "#e69500", "#6aa84f", "#b04a9e", "#888888", "#c0392b"};
const char* reading_colour(std::size_t i) { return kReadingColours[i % std::size(kReadingColours)]; }

std::string legend_svg(const std::vector<Reading>& readings, int y) {
  std::string out;
  for (std::size_t i = 0; i < readings.size(); ++i) {
    const int x = 60 + static_cast<int>(i) * 150;
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\" fill-opacity=\"0.6\"/>"
                       "<text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text>",
                       x, y, reading_colour(i), x + 16, y + 11, escape(readings[i].label));
  }
  return out;
}

// The readings' game lengths overlaid: each a share of its games per bin, on the same bins.
std::string overlaid_lengths_svg(const std::vector<Reading>& readings) {
  const int width = 680, height = 220, left = 50, bottom = 40;
  long lo = std::numeric_limits<long>::max(), hi = 0;
  for (const auto& r : readings) {
    const Histogram& h = r.analysis.tally.plies;
    if (h.total() == 0) continue;
    lo = std::min(lo, h.counts().begin()->first);
    hi = std::max(hi, h.max());
  }
  std::string out = fmt::format("<svg class=\"chart\" id=\"compare-lengths\" width=\"{}\" height=\"{}\" "
                                "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"game lengths overlaid\">",
                                width, height + bottom);
  if (hi < lo) return out + "</svg>";
  const long bins = std::min<long>(40, hi - lo + 1), bin_width = (hi - lo + bins) / bins;
  std::vector<std::vector<double>> shares;
  double top = 0;
  for (const auto& r : readings) {
    const Histogram& h = r.analysis.tally.plies;
    std::vector<double> bin(static_cast<std::size_t>(bins));
    for (auto [value, times] : h.counts())
      bin[static_cast<std::size_t>(std::min(bins - 1, (value - lo) / bin_width))] += static_cast<double>(times);
    for (double& b : bin) b = h.total() ? b / static_cast<double>(h.total()) : 0;
    top = std::max(top, *std::max_element(bin.begin(), bin.end()));
    shares.push_back(std::move(bin));
  }
  const double bar = static_cast<double>(width - left) / static_cast<double>(bins);
  for (std::size_t i = 0; i < shares.size(); ++i)
    for (long b = 0; b < bins; ++b) {
      double hgt = top > 0 ? static_cast<double>(height - 10) * shares[i][static_cast<std::size_t>(b)] / top : 0;
      out += fmt::format("<rect class=\"overlay\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" "
                         "fill-opacity=\"0.45\"><title>{}: plies {}-{}: {:.1f}% of games</title></rect>",
                         left + b * bar, height - hgt, std::max(1.0, bar - 1), hgt, reading_colour(i),
                         escape(readings[i].label), lo + b * bin_width, lo + (b + 1) * bin_width - 1,
                         100 * shares[i][static_cast<std::size_t>(b)]);
    }
  out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#333\"/>", left, height, width, height);
  out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\">{}</text>", left, height + 14, lo);
  out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{} plies</text>", width, height + 14, hi);
  out += fmt::format("<text x=\"0\" y=\"12\" font-size=\"11\">{:.0f}%</text>", 100 * top);
  return out + legend_svg(readings, height + 22) + "</svg>";
}

// Results side by side: for each outcome, a bar per reading with its 95% Wilson interval (when the
// reading's games do not repeat).
std::string paired_results_svg(const std::vector<Reading>& readings) {
  struct Outcome {
    std::string name;
    std::function<long(const Tally&)> count;
    std::function<long(const Tally&)> of;
  };
  std::vector<Outcome> outcomes;
  const std::size_t players = readings.front().analysis.tally.wins.size();
  for (std::size_t p = 0; p < players; ++p)
    outcomes.push_back({fmt::format("P{} wins", p + 1), [p](const Tally& t) { return p < t.wins.size() ? t.wins[p] : 0L; },
                        [](const Tally& t) { return t.finished; }});
  outcomes.push_back({"draws", [](const Tally& t) { return t.draws; }, [](const Tally& t) { return t.finished; }});
  outcomes.push_back({"unfinished", [](const Tally& t) { return t.unfinished(); }, [](const Tally& t) { return t.games; }});
  const int group = 24 * static_cast<int>(readings.size()) + 14, left = 90, span = 520;
  const int height = group * static_cast<int>(outcomes.size()) + 40;
  std::string out = fmt::format("<svg class=\"chart\" id=\"compare-results\" width=\"{}\" height=\"{}\" "
                                "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"results side by side\">",
                                left + span + 80, height);
  for (std::size_t k = 0; k < outcomes.size(); ++k) {
    const int y0 = static_cast<int>(k) * group;
    out += fmt::format("<text x=\"0\" y=\"{}\" font-size=\"12\">{}</text>", y0 + 16, outcomes[k].name);
    for (std::size_t i = 0; i < readings.size(); ++i) {
      const Tally& t = readings[i].analysis.tally;
      const long x = outcomes[k].count(t), n = outcomes[k].of(t);
      const double value = pct(x, n);
      const int y = y0 + static_cast<int>(i) * 24;
      out += fmt::format("<rect class=\"paired\" x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"18\" fill=\"{}\" fill-opacity=\"0.8\">"
                         "<title>{}: {:.1f}% ({} of {})</title></rect>",
                         left, y + 4, span * value / 100, reading_colour(i), escape(readings[i].label), value, x, n);
      if (!repeats(t)) {
        Interval ci = wilson95(x, n);
        out += fmt::format("<line class=\"interval\" x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{}\" y2=\"{}\" stroke=\"#000\" stroke-width=\"2\"/>",
                           left + span * ci.low, left + span * ci.high, y + 13, y + 13);
      }
      out += fmt::format("<text x=\"{:.0f}\" y=\"{}\" font-size=\"11\">{:.1f}%</text>", left + span * value / 100 + 6, y + 17, value);
    }
  }
  return out + legend_svg(readings, height - 20) + "</svg>";
}

// The clauses whose share of the events changed most from the first reading: for each, a bar per
// reading (its share of that reading's events).
std::string paired_clauses_svg(const std::vector<Reading>& readings, bool by_text) {
  struct Bars {
    std::string label;
    std::vector<double> shares;  // per reading, in percent
  };
  std::vector<Bars> clauses;
  for (std::size_t r = 1; r < readings.size(); ++r) {
    auto changes = coverage_changes(readings.front().analysis, readings[r].analysis, by_text);
    for (std::size_t k = 0; k < std::min<std::size_t>(3, changes.size()); ++k) {
      const ClauseChange& c = changes[k];
      Bars b{(c.where_a.empty() ? c.where_b : c.where_a) + "  " + c.text, std::vector<double>(readings.size(), 0)};
      b.shares[0] = 100 * c.share_a;
      b.shares[r] = 100 * c.share_b;
      clauses.push_back(std::move(b));
    }
  }
  if (clauses.empty()) return "<p>No clause's coverage differs from the first's.</p>";
  double top = 0;
  for (const auto& c : clauses) top = std::max(top, *std::max_element(c.shares.begin(), c.shares.end()));
  const int group = 20 * static_cast<int>(readings.size()) + 26, left = 20, span = 600;
  const int height = group * static_cast<int>(clauses.size()) + 40;
  std::string out = fmt::format("<svg class=\"chart\" id=\"compare-clauses\" width=\"{}\" height=\"{}\" "
                                "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"clauses that changed most\">",
                                left + span + 80, height);
  for (std::size_t k = 0; k < clauses.size(); ++k) {
    const int y0 = static_cast<int>(k) * group;
    out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text>", left, y0 + 14, escape(clauses[k].label));
    for (std::size_t i = 0; i < readings.size(); ++i) {
      const double value = clauses[k].shares[i];
      const int y = y0 + 20 + static_cast<int>(i) * 20;
      const double w = top > 0 ? span * value / top : 0;
      out += fmt::format("<rect class=\"paired\" x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"15\" fill=\"{}\" fill-opacity=\"0.8\">"
                         "<title>{}: {:.2f}% of the events</title></rect>"
                         "<text x=\"{:.0f}\" y=\"{}\" font-size=\"11\">{:.2f}%</text>",
                         left, y, w, reading_colour(i), escape(readings[i].label), value, left + w + 6, y + 12, value);
    }
  }
  return out + legend_svg(readings, height - 20) + "</svg>";
}

std::string comparison_table(const std::vector<Reading>& readings) {
  std::string out = "<table class=\"comparison\"><tr><th class=\"l\"></th>";
  for (const auto& r : readings) out += fmt::format("<th>{}</th>", escape(r.label));
  out += "</tr>";
  for (const CompareRow& row : compare_rows(readings)) {
    out += fmt::format("<tr><td class=\"l\">{}</td>", escape(row.name));
    for (std::size_t i = 0; i < row.cells.size(); ++i)
      out += fmt::format("<td{}>{}{}</td>", row.significant[i] ? " class=\"significant\"" : "", escape(row.cells[i]),
                         row.significant[i] ? " *" : "");
    out += "</tr>";
  }
  return out + "</table>";
}

}  // namespace

std::string html_comparison(const std::vector<Reading>& readings, const std::vector<HtmlSection>& sections,
                            bool by_text) {
  const Analysis& base = readings.front().analysis;
  std::string body = fmt::format(
      "<h2>{} compared</h2><p>{} games each, agent <code>{}</code>, seed {}. Bars and shades: one colour per {}; "
      "* marks a difference from the first significant at 5% (two-proportion z-test for shares of games, "
      "Welch's t-test for means per game), between readings whose games do not repeat; rows marked (not tested) "
      "are per-decision or per-turn values or counts.</p>",
      by_text ? "Rule files" : "Readings", base.tally.games, escape(base.spec.agent), base.spec.seed,
      by_text ? "file" : "reading");
  for (const auto& r : readings)
    if (repeats(r.analysis.tally))
      body += fmt::format("<div class=\"finding\">{}: {}</div>", escape(r.label), escape(repeat_warning(r.analysis)));
  body += "<h3>Game length (share of games per length, overlaid)</h3>" + overlaid_lengths_svg(readings);
  body += "<h3>Results (with 95% Wilson intervals)</h3>" + paired_results_svg(readings);
  body += "<h3>Clauses whose share of the events changed most</h3>" + paired_clauses_svg(readings, by_text);
  body += "<h3>All values</h3>" + comparison_table(readings);
  for (std::size_t i = 0; i < sections.size(); ++i)
    body += fmt::format("<h2>{} {}</h2>", by_text ? "File" : "Reading", escape(readings[i].label)) +
            section(*sections[i].game, *sections[i].analysis, fmt::format("reading-{}", i + 1));
  return page(fmt::format("{} of {} compared", by_text ? "Rule files" : "Readings", sections.front().game->name()), body);
}

}  // namespace mancala::analysis
