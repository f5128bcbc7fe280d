#include "interpreter/view/explain.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/citation.hpp"
#include "interpreter/view/board_view.hpp"
#include "interpreter/view/clause_source.hpp"

namespace mancala::view {

namespace {

std::string direction_word(Dir d) { return d == Dir::ccw ? "anticlockwise" : "clockwise"; }

std::string them(int n) { return n == 1 ? "it" : "them"; }

std::string counters(int n) { return fmt::format("{} counter{}", n, n == 1 ? "" : "s"); }

// Long handfuls are shortened to their first and last holes.
std::string hole_list(const std::vector<std::string>& holes) {
  constexpr std::size_t shown = 12, ends = 5;
  std::string out;
  auto add = [&out](const std::string& name) { out += (out.empty() ? "" : " ") + name; };
  if (holes.size() <= shown) {
    for (const auto& h : holes) add(h);
    return out;
  }
  for (std::size_t i = 0; i < ends; ++i) add(holes[i]);
  add("...");
  for (std::size_t i = holes.size() - ends; i < holes.size(); ++i) add(holes[i]);
  return out + fmt::format(" ({} holes)", holes.size());
}

// Walks the events of one move, keeping the board's counts up to date so that each step can say
// what a hole held.
class Narrator {
 public:
  Narrator(const Game& game, const State& before, const Move& move, const std::vector<Event>& events)
      : game_(game), before_(before), events_(events) {
    const int holes = static_cast<int>(hole_names(game, before).size());
    for (int h = 0; h < holes; ++h) counts_.push_back(game.count(before, h));
    direction_ = move.dir;
  }

  Explanation run() {
    while (next_ < events_.size()) {
      step_start_ = next_;
      step(events_[next_++]);
    }
    return std::move(out_);
  }

 private:
  std::string name(int hole) const { return hole_name(game_, before_, hole); }

  // " (kiuthi.lud:21, K4)" for each distinct clause, noting them for the list of clauses.
  std::string cite(std::vector<ClauseId> clauses) {
    std::string text;
    for (ClauseId c : clauses) {
      if (c == kNoClause) continue;
      std::string shown = short_citation(game_.rules(), c);
      if (shown.empty() || text.find(shown) != std::string::npos) continue;
      text += " " + shown;
      step_clauses_.push_back(c);
      if (std::find(out_.clauses.begin(), out_.clauses.end(), c) == out_.clauses.end()) out_.clauses.push_back(c);
    }
    return text;
  }
  void say(std::string line, std::vector<ClauseId> clauses = {}) {
    out_.steps.push_back(line + cite(std::move(clauses)));
    out_.step_events.push_back(step_start_);
    out_.step_clauses.push_back(std::move(step_clauses_));
    step_clauses_.clear();
  }

  // The drops that follow a lift or a lap: their holes, and the clauses that made them.
  struct Handful {
    std::vector<std::string> holes;
    std::vector<ClauseId> clauses;
    int last = -1;
    int held = 0;  // what the last hole held before the last counter
  };
  Handful drops() {
    Handful h;
    while (next_ < events_.size() && events_[next_].kind() == EventKind::drop) {
      const Event& e = events_[next_++];
      int hole = e.as<DropEvent>().hole;
      h.holes.push_back(name(hole));
      h.clauses.push_back(e.clause);
      h.last = hole;
      h.held = count(hole)++;
    }
    return h;
  }
  int& count(int hole) {
    return hole >= 0 && hole < static_cast<int>(counts_.size()) ? counts_[static_cast<std::size_t>(hole)] : off_board_;
  }

  // Where the last counter of a handful fell; the sowing ends there unless a lap follows (the
  // captures made before a lap, S6, may come between).
  void landing(const Handful& h) {
    if (h.last < 0) return;
    std::size_t ahead = next_;
    while (ahead < events_.size() && events_[ahead].kind() == EventKind::capture) ++ahead;
    bool lap_follows = ahead < events_.size() && events_[ahead].kind() == EventKind::lap;
    say(fmt::format("the last fell into {}, which {}{}", name(h.last),
                    h.held == 0 ? std::string("was empty") : "held " + std::to_string(h.held),
                    lap_follows ? "" : ": the sowing ends"));
    last_landing_ = h.last;
  }

  void step(const Event& e) {
    const std::string who = player_name(e.player);
    switch (e.kind()) {
      case EventKind::lift: {
        const auto& d = e.as<LiftEvent>();
        Handful h = drops();
        h.clauses.insert(h.clauses.begin(), e.clause);
        if (d.hole == kNoHole) {  // a store move (O6)
          count(game_.store_hole(e.player)) -= d.count;
          say(fmt::format("{} took {} from {}'s store and sowed {}: {}", who, counters(d.count), who, them(d.count),
                          hole_list(h.holes)),
              h.clauses);
        } else {
          count(d.hole) -= d.count;
          say(fmt::format("{} lifted {} from {} and sowed {} {}: {}", who, counters(d.count), name(d.hole),
                          them(d.count), direction_word(direction_), hole_list(h.holes)),
              h.clauses);
          landing(h);
        }
        return;
      }
      case EventKind::lap: {
        const auto& d = e.as<LapEvent>();
        direction_ = d.direction;
        count(d.hole) -= d.count;
        std::string where = d.hole == last_landing_ ? std::string() : fmt::format(", the hole after {},", name(last_landing_));
        Handful h = drops();
        // The drops cite the sowing clause, already cited with the first handful.
        say(fmt::format("lap{}: {} lifted {} from {}{} and sowed {} {}: {}", cite({e.clause}), who,
                        counters(d.count), name(d.hole), where, them(d.count), direction_word(d.direction),
                        hole_list(h.holes)));
        landing(h);
        return;
      }
      case EventKind::drop: {  // not after a lift: reported alone
        const auto& d = e.as<DropEvent>();
        ++count(d.hole);
        say(fmt::format("a counter fell into {}", name(d.hole)), {e.clause});
        return;
      }
      case EventKind::capture: capture(e); return;
      case EventKind::again:
        say(fmt::format("{} moves again, in the same turn: the next sowing goes {}", who,
                        direction_word(e.as<AgainEvent>().direction)),
            {e.clause});
        return;
      case EventKind::excluded: {
        const auto& d = e.as<ExcludedEvent>();
        say(fmt::format("{}'s further move {} is excluded: {} (G6)", who, game_.move_text(before_, d.move),
                        d.endless ? "its sowing would never end" : "it would bring back a position of this turn"));
        return;
      }
      case EventKind::pass: say(fmt::format("{} passes: no other move is legal (G7)", who)); return;
      case EventKind::gift: {
        const auto& d = e.as<GiftEvent>();
        const int from = d.from == kNoHole ? game_.store_hole(e.player) : d.from;
        --count(from);
        ++count(d.hole);
        say(fmt::format("{} gives a counter from {}, into {}", who,
                        d.from == kNoHole ? who + "'s store" : name(d.from), name(d.hole)),
            {e.clause});
        return;
      }
      case EventKind::placement: {
        const auto& d = e.as<PlacementEvent>();
        count(d.hole) += d.count;
        say(fmt::format("{} placed {} in {}", who, counters(d.count), name(d.hole)), {e.clause});
        return;
      }
      case EventKind::flip:
        say(e.as<FlipEvent>().flipped ? who + " turned the board round" : who + " kept the board as it is",
            {e.clause});
        return;
      case EventKind::turn_end: say(who + "'s turn ends"); return;
      case EventKind::round_end: {
        const auto& d = e.as<RoundEndEvent>();
        std::string tallies;
        for (int p = 0; p < d.players; ++p)
          tallies += fmt::format("{}{} {}{}", p ? ", " : "", player_name(p), p ? "" : "has ", d.tallies[p]);
        auto best = std::max_element(d.tallies.begin(), d.tallies.begin() + d.players);
        bool alone = std::count(d.tallies.begin(), d.tallies.begin() + d.players, *best) == 1;
        std::string verdict = alone ? player_name(static_cast<int>(best - d.tallies.begin())) + " wins the round" : "a tie";
        say(fmt::format("round {} ends: {}: {}", game_.round(before_), tallies, verdict), {e.clause});
        return;
      }
      case EventKind::claim:
        say(fmt::format("{} claims {}", who, name(e.as<ClaimEvent>().hole)), {e.clause});
        return;
      case EventKind::game_end: {
        Outcome o = e.as<GameEndEvent>().outcome;
        say(o == Outcome::draw ? std::string("the game ends in a draw")
                               : fmt::format("the game ends: {} wins", outcome_name(o)),
            {e.clause});
        return;
      }
    }
  }

  // Consecutive captures by one clause into one place are one step: "P1 captured 6: 1 from D1
  // and 5 from D2, into P1's store".
  void capture(const Event& first) {
    const auto& d = first.as<CaptureEvent>();
    std::vector<std::pair<int, int>> holes{{d.hole, d.count}};
    while (next_ < events_.size() && events_[next_].kind() == EventKind::capture &&
           events_[next_].clause == first.clause && events_[next_].player == first.player &&
           events_[next_].as<CaptureEvent>().into == d.into) {
      const auto& more = events_[next_++].as<CaptureEvent>();
      holes.emplace_back(more.hole, more.count);
    }
    int total = 0;
    std::string parts;
    for (auto [hole, n] : holes) {
      total += n;
      count(hole) -= n;
      parts += fmt::format("{}{} from {}", parts.empty() ? "" : " and ", n, name(hole));
    }
    std::string who = player_name(first.player);
    std::string into = d.into == kIntoStore  ? who + "'s store"
                       : d.into == kIntoHand ? std::string("the hand, to be sown on")
                                             : name(d.into);
    if (d.into >= 0) count(d.into) += total;
    if (d.into == kIntoStore) count(game_.store_hole(first.player)) += total;
    std::string what = holes.size() == 1 ? parts : fmt::format("{}: {}", counters(total), parts);
    say(fmt::format("{} captured {}, into {}", who, what, into), {first.clause});
  }

  const Game& game_;
  const State& before_;
  const std::vector<Event>& events_;
  std::size_t next_ = 0;
  std::size_t step_start_ = 0;         // the event the step being told starts at
  std::vector<ClauseId> step_clauses_;  // the clauses it cites so far
  std::vector<int> counts_;
  int off_board_ = 0;  // what count() gives for a hole not on the board
  Dir direction_ = Dir::ccw;
  int last_landing_ = -1;
  Explanation out_;
};

}  // namespace

Explanation explain_move(const Game& game, const State& before, const Move& move,
                         const std::vector<Event>& events) {
  return Narrator(game, before, move, events).run();
}

Explanation explain_ends(const Game& game, const State& before, const Move& move,
                         const std::vector<Event>& events) {
  std::vector<Event> ends;
  for (const Event& e : events)
    if (e.kind() == EventKind::round_end || e.kind() == EventKind::game_end) ends.push_back(e);
  return explain_move(game, before, move, ends);
}

std::string explanation_text(const Game& game, const Explanation& explanation) {
  std::string out;
  for (const auto& step : explanation.steps) out += "  " + step + "\n";
  if (!explanation.clauses.empty()) out += "clauses cited:\n";
  std::vector<std::string> shown;  // two clauses may share lines (a define called in a clause)
  for (ClauseId clause : explanation.clauses)
    for (const auto& line : clause_source(game, clause))
      if (std::find(shown.begin(), shown.end(), line) == shown.end()) {
        shown.push_back(line);
        out += "  " + line + "\n";
      }
  return out;
}

std::vector<std::string> explain_refusal(const Game& game, const State& state, std::string_view text) {
  Game::Refusal r = game.why_not(state, text);
  if (r.reason.empty()) return {fmt::format("{} is legal", text)};
  std::string cited = r.clause != kNoClause ? fmt::format(" {}", short_citation(game.rules(), r.clause))
                      : r.ruling.empty()    ? std::string()
                                            : fmt::format(" ({})", r.ruling);
  Move move;
  if (!game.parse_move(state, text, move)) return {r.reason + cited};  // not a move at all (G8)
  std::vector<std::string> lines{fmt::format("{} is not legal: {}{}", text, r.reason, cited)};
  for (const auto& line : clause_source(game, r.clause)) lines.push_back("  " + line);
  return lines;
}

}  // namespace mancala::view
