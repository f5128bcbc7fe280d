#include "interpreter/view/explain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdlib>

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

// Kinds that may come between two drops of one handful: what an on-drop capture does.
bool acts_while_sowing(EventKind kind) {
  switch (kind) {
    case EventKind::capture: case EventKind::transfer: case EventKind::claim: case EventKind::mark:
    case EventKind::unmark: case EventKind::out_of_play: case EventKind::set_var: case EventKind::add_var:
      return true;
    default:
      return false;
  }
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
    chosen_ = move.kind == MoveKind::sow ? move.count : 0;
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

  // The drops that follow a lift or a lap: their holes, the clauses that made them, and the holes
  // the sowing passed over on the way.
  struct Handful {
    std::vector<std::string> holes;
    std::vector<ClauseId> clauses;
    std::vector<std::string> passed;  // holes out of play, or where a skip clause holds
    int last = -1;
    int held = 0;  // what the last hole held before the last counter
  };
  // Drops from `from` (the hole lifted, or the last drop; -1: not along the track, as a store
  // move sows its row); `h` gathers them.
  void drops(Handful& h, int from) {
    const bool along_track = from != kAlongRow;
    const Layout& l = game_.layout_of(before_);
    while (next_ < events_.size() && events_[next_].kind() == EventKind::drop) {
      const Event& e = events_[next_++];
      int hole = e.as<DropEvent>().hole;
      // The holes between the last one sown and this one along the track were passed over (the
      // first counter of O4 falls back into the origin: nothing between).
      const auto& along = l.next_for[e.player][static_cast<int>(direction_)];
      if (along_track && from >= 0 && hole != from && static_cast<std::size_t>(from) < along.size()) {
        int at = along[static_cast<std::size_t>(from)];
        for (int k = 0; at != kNoHole && at != hole && k < l.size; ++k) {
          h.passed.push_back(name(at));
          at = along[static_cast<std::size_t>(at)];
        }
      }
      if (along_track) from = hole;
      h.holes.push_back(name(hole));
      h.clauses.push_back(e.clause);
      h.last = hole;
      h.held = count(hole)++;
    }
  }
  int& count(int hole) {
    return hole >= 0 && hole < static_cast<int>(counts_.size()) ? counts_[static_cast<std::size_t>(hole)] : off_board_;
  }

  // Whether what comes next is the doing of an on-drop capture after which the handful goes on.
  bool sowing_goes_on() const {
    std::size_t ahead = next_;
    while (ahead < events_.size() && acts_while_sowing(events_[ahead].kind())) ++ahead;
    return ahead > next_ && ahead < events_.size() && events_[ahead].kind() == EventKind::drop;
  }

  // A handful told: `intro` and its holes, then, where on-drop captures come between drops, what
  // they did and the holes sown on; then where the last counter fell.
  // `cite_drops`: the drops' clauses are cited (a lap's drops cite the sowing clause, already cited
  // with the first handful).
  void sow(const std::string& intro, int from, std::vector<ClauseId> clauses, bool cite_drops = true) {
    Handful h;
    drops(h, from);
    std::vector<ClauseId> cited = clauses;
    if (cite_drops) cited.insert(cited.end(), h.clauses.begin(), h.clauses.end());
    say(intro + hole_list(h.holes) + passed_text(h), cited);
    while (sowing_goes_on()) {
      while (next_ < events_.size() && events_[next_].kind() != EventKind::drop) step(events_[next_++]);
      Handful more;
      drops(more, h.last);
      say(fmt::format("the sowing goes on: {}{}", hole_list(more.holes), passed_text(more)));
      h.last = more.last;
      h.held = more.held;
    }
    landing(h);
  }
  std::string passed_text(const Handful& h) const {
    if (h.passed.empty()) return {};
    return fmt::format(" (passing over {}{})", hole_list(h.passed), skip_citation_);
  }

  // Where the last counter of a handful fell; the sowing ends there unless a lap follows (the
  // captures made before a lap, S6, may come between).
  void landing(const Handful& h) {
    if (h.last < 0) return;
    std::size_t ahead = next_;
    while (ahead < events_.size() && acts_while_sowing(events_[ahead].kind())) ++ahead;
    bool lap_follows = ahead < events_.size() && events_[ahead].kind() == EventKind::lap;
    say(fmt::format("the last fell into {}, which {}{}", name(h.last),
                    h.held == 0 ? std::string("was empty") : "held " + std::to_string(h.held),
                    lap_follows ? "" : ": the sowing ends"));
    last_landing_ = h.last;
  }

  // The skip clause of the sow rule whose clause is `sow`, cited where holes are passed over.
  void note_skip(ClauseId sow) {
    skip_citation_.clear();
    for (const Sowing& rule : game_.rules().sowings)
      if (rule.clause == sow && rule.skip_clause != kNoClause) skip_citation_ = ", " + short_citation(game_.rules(), rule.skip_clause);
  }

  // The (amount ...) clause of the sow rule whose (sow ...) clause is `sow`.
  ClauseId amount_clause(ClauseId sow) const {
    for (const Sowing& rule : game_.rules().sowings)
      if (rule.clause == sow) return rule.amount_clause;
    return kNoClause;
  }

  void step(const Event& e) {
    const std::string who = player_name(e.player);
    switch (e.kind()) {
      case EventKind::lift: {
        const auto& d = e.as<LiftEvent>();
        note_skip(e.clause);
        if (d.hole == kNoHole && e.clause == game_.rules().store_sow_clause) {  // a store move (O6): along the row
          count(game_.store_hole(e.player)) -= d.count;
          Handful h;
          drops(h, kAlongRow);
          h.clauses.insert(h.clauses.begin(), {e.clause, game_.rules().store_sow_amount_clause});
          say(fmt::format("{} took {} from {}'s store and sowed {}: {}", who, counters(d.count), who, them(d.count),
                          hole_list(h.holes)),
              h.clauses);
          last_landing_ = h.last;
        } else if (d.hole == kNoHole) {  // a sow rule lifting from the store: sown along the track
          count(game_.store_hole(e.player)) -= d.count;
          sow(fmt::format("{} took {} from {}'s store and sowed {} {}: ", who, counters(d.count), who, them(d.count),
                          direction_word(direction_)),
              -1, {e.clause});
        } else if (d.count == 0) {  // lift from:nothing: the move chooses a hole
          say(fmt::format("{} chose {} (the move lifts nothing)", who, name(d.hole)), {e.clause});
          last_landing_ = d.hole;
        } else if (chosen_ > 0) {  // (amount ...): some of the hole's counters, as many as the mover chose
          const int held = count(d.hole);
          count(d.hole) -= d.count;
          sow(fmt::format("{} chose to lift {} of the {} in {} and sowed {} {}: ", who, counters(d.count), held,
                          name(d.hole), them(d.count), direction_word(direction_)),
              d.hole, {e.clause, amount_clause(e.clause)});
        } else {
          count(d.hole) -= d.count;
          sow(fmt::format("{} lifted {} from {} and sowed {} {}: ", who, counters(d.count), name(d.hole), them(d.count),
                          direction_word(direction_)),
              d.hole, {e.clause});
        }
        return;
      }
      case EventKind::lap: {
        const auto& d = e.as<LapEvent>();
        direction_ = d.direction;
        if (d.taken) {  // the counters a take: took, sown on from where start: says
          sow(fmt::format("lap{}: {} sowed the {} taken, {}: ", cite({e.clause}), who, counters(d.count),
                          direction_word(d.direction)),
              -1, {}, false);
          return;
        }
        count(d.hole) -= d.count;
        std::string where = d.hole == last_landing_ || last_landing_ < 0
                                ? std::string()
                                : fmt::format(", the hole after {},", name(last_landing_));
        sow(fmt::format("lap{}: {} lifted {} from {}{} and sowed {} {}: ", cite({e.clause}), who, counters(d.count),
                        name(d.hole), where, them(d.count), direction_word(d.direction)),
            d.hole, {}, false);
        return;
      }
      case EventKind::drop: {  // not after a lift: reported alone
        const auto& d = e.as<DropEvent>();
        ++count(d.hole);
        say(fmt::format("a counter fell into {}", name(d.hole)), {e.clause});
        return;
      }
      case EventKind::capture: capture(e, "captured"); return;
      case EventKind::transfer: capture(e, "moved"); return;
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
      case EventKind::choice:
        say(fmt::format("{} chose {}", who, game_.rules().alternatives.at(static_cast<std::size_t>(e.as<ChoiceEvent>().alternative))),
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
      case EventKind::mark: {
        const auto& d = e.as<MarkEvent>();
        say(fmt::format("{} is marked \"{}\"", name(d.hole), mark_name(d.mark)), {e.clause});
        return;
      }
      case EventKind::unmark: {
        const auto& d = e.as<UnmarkEvent>();
        say(fmt::format("{} is no longer marked \"{}\"", name(d.hole), mark_name(d.mark)), {e.clause});
        return;
      }
      case EventKind::out_of_play:
        say(fmt::format("{} is out of play", name(e.as<OutOfPlayEvent>().hole)), {e.clause});
        return;
      case EventKind::in_play:
        say(fmt::format("{} is in play again", name(e.as<InPlayEvent>().hole)), {e.clause});
        return;
      case EventKind::set_var: {
        const auto& d = e.as<SetVarEvent>();
        say(fmt::format("{} is set to {}", variable_text(d.variable, d.of), d.value), {e.clause});
        return;
      }
      case EventKind::add_var: {
        const auto& d = e.as<AddVarEvent>();
        say(fmt::format("{} {} {}, to {}", variable_text(d.variable, d.of), d.amount < 0 ? "falls by" : "grows by",
                        std::abs(d.amount), d.value),
            {e.clause});
        return;
      }
      case EventKind::new_board:
        say(fmt::format("the board is laid out anew, on {} columns", e.as<NewBoardEvent>().columns), {e.clause});
        return;
      case EventKind::round_replayed: say("the tied round is played again", {e.clause}); return;
      case EventKind::first_mover: say(fmt::format("{} moves first in the round", who), {e.clause}); return;
      case EventKind::game_end: {
        Outcome o = e.as<GameEndEvent>().outcome;
        say(o == Outcome::draw ? std::string("the game ends in a draw")
                               : fmt::format("the game ends: {} wins", outcome_name(o)),
            {e.clause});
        return;
      }
    }
  }

  std::string mark_name(int mark) const {
    const auto& marks = game_.rules().marks;
    return mark >= 1 && static_cast<std::size_t>(mark) <= marks.size() ? marks[static_cast<std::size_t>(mark - 1)] : "?";
  }
  // "P1's debt", or "the variable count" of the game.
  std::string variable_text(int index, int of) const {
    const auto& names = of >= 0 ? game_.rules().player_vars : game_.rules().game_vars;
    std::string name = index >= 0 && static_cast<std::size_t>(index) < names.size() ? names[static_cast<std::size_t>(index)] : "?";
    return of >= 0 ? fmt::format("{}'s variable \"{}\"", player_name(of), name) : fmt::format("the variable \"{}\"", name);
  }

  // Consecutive captures (or transfers) by one clause into one place are one step: "P1 captured
  // 6: 1 from D1 and 5 from D2, into P1's store". `verb`: "captured", or "moved" for counters
  // moved without a capture (events.hpp, TransferEvent).
  void capture(const Event& first, const char* verb) {
    const EventKind kind = first.kind();
    auto fields = [](const Event& e) {
      return e.kind() == EventKind::capture ? std::array<int, 3>{e.as<CaptureEvent>().hole, e.as<CaptureEvent>().count, e.as<CaptureEvent>().into}
                                            : std::array<int, 3>{e.as<TransferEvent>().hole, e.as<TransferEvent>().count, e.as<TransferEvent>().into};
    };
    const auto d = fields(first);
    const int into_place = d[2];
    std::vector<std::pair<int, int>> holes{{d[0], d[1]}};
    while (next_ < events_.size() && events_[next_].kind() == kind && events_[next_].clause == first.clause &&
           events_[next_].player == first.player && fields(events_[next_])[2] == into_place) {
      const auto more = fields(events_[next_++]);
      holes.emplace_back(more[0], more[1]);
    }
    int total = 0;
    std::string parts;
    for (auto [hole, n] : holes) {
      total += n;
      count(hole) -= n;
      parts += fmt::format("{}{} from {}", parts.empty() ? "" : " and ", n, name(hole));
    }
    std::string who = player_name(first.player);
    std::string into = into_place == kIntoStore  ? who + "'s store"
                       : into_place == kIntoHand ? std::string("the hand, to be sown on")
                                                 : name(into_place);
    if (into_place >= 0) count(into_place) += total;
    if (into_place == kIntoStore) count(game_.store_hole(first.player)) += total;
    std::string what = holes.size() == 1 ? parts : fmt::format("{}: {}", counters(total), parts);
    std::string why = kind == EventKind::transfer ? " (not a capture)" : "";
    say(fmt::format("{} {} {}, into {}{}", who, verb, what, into, why), {first.clause});
  }

  static constexpr int kAlongRow = -2;  // drops() of a store move (O6): along its row, not the track

  const Game& game_;
  const State& before_;
  const std::vector<Event>& events_;
  std::size_t next_ = 0;
  std::size_t step_start_ = 0;         // the event the step being told starts at
  std::vector<ClauseId> step_clauses_;  // the clauses it cites so far
  std::vector<int> counts_;
  int off_board_ = 0;  // what count() gives for a hole not on the board
  Dir direction_ = Dir::ccw;
  int chosen_ = 0;  // the amount the mover chose for a sowing move (0: no choice)
  int last_landing_ = -1;
  std::string skip_citation_;  // ", (file:line)" of the sow rule's skip clause, if it has one
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
