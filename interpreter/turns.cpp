// Turns: start and end of a turn, legal moves, applying a move (docs/rulings.md G6, G7, G10, K5).
#include <algorithm>
#include <cassert>
#include <stdexcept>

#include "interpreter/game.hpp"

namespace mancala {

namespace {

#ifndef NDEBUG
// Debug builds check after every move (issue 4): no count is negative, holes off the board (after
// a resize) are empty, a move of play conserves the counters unless it ends the round (a new
// round, or the set-up steps that follow a placement or flip, may clear the board or deal a
// supply), and a game is over exactly when it has a result.
void check_invariants(const Game& game, const State& s, long counters, std::int32_t round,
                      bool of_play) {
  const int size = game.layout(s.columns).size;
  for (std::size_t h = 0; h < s.holes.size(); ++h) {
    assert(s.holes[h] >= 0 && "a hole holds a negative count");
    assert((static_cast<int>(h) < size || s.holes[h] == 0) && "a hole off the board holds counters");
  }
  assert((!of_play || s.round != round || game.total_counters(s) == counters) &&
         "counters are not conserved");
  assert(game.is_over(s) == (s.outcome != Outcome::none) && "over without a result, or the reverse");
}
#endif

}  // namespace

const char* outcome_name(Outcome outcome) {
  static const char* const winners[] = {"P1", "P2", "P3", "P4", "P5", "P6"};
  switch (outcome) {
    case Outcome::draw: return "draw";
    case Outcome::unfinished: return "unfinished";
    case Outcome::none: return "none";
    default: return winners[winner_of(outcome)];
  }
}

EvalContext Game::context(const StateCore& s) const {
  EvalContext ctx;
  ctx.state = &s;
  ctx.layout = &layouts_[s.columns];
  ctx.mover = s.mover;
  ctx.next_columns = s.next_columns;
  ctx.tallies = s.tallies.data();
  return ctx;
}

Snapshot Game::snapshot(const StateCore& s, int mover) const {
  Snapshot snap;
  snap.holes = s.holes;
  snap.owner = s.owner;
  snap.mover = static_cast<std::uint8_t>(mover);
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  for (int i = 0; i < layouts_[s.columns].size; ++i) mix(static_cast<std::uint16_t>(s.holes[i]) | s.owner[i] << 16);
  mix(snap.mover);
  snap.hash = h;
  return snap;
}

std::int32_t Game::tally(const StateCore& s, TallyRule rule, int player) const {
  std::int32_t total = store(s, player);
  if (rule == TallyRule::store_and_row)
    for (auto h : layouts_[s.columns].region(RegionKind::row, player)) total += s.holes[h];
  return total;
}

Outcome Game::result_of(const StateCore& s, const ResultRule& rule, const EvalContext& ctx) const {
  switch (rule.kind) {
    case ResultKind::winner:
      return win_for(rules_.exprs.player(rule.player, ctx));
    case ResultKind::most: {
      auto a = tally(s, rule.tally, 0), b = tally(s, rule.tally, 1);
      return a > b ? Outcome::p1 : a < b ? Outcome::p2 : Outcome::draw;
    }
    case ResultKind::draw: break;
  }
  return Outcome::draw;
}

void Game::game_over(StateCore& s, Outcome outcome, ClauseId clause, std::vector<Event>* ev) const {
  s.phase = Phase::over;
  s.outcome = outcome;
  emit(ev, s.mover, clause, GameEndEvent{outcome});
}

void Game::start_turn(State& s, std::vector<Event>* ev) const {
  EvalContext ctx = context(s);
  const ExprPool& exprs = rules_.exprs;
  for (const TurnStep& step : rules_.turn_start) {  // G10: automatic steps come first
    if (step.kind == TurnStepKind::each) {
      auto region = exprs.region(step.region, ctx);
      for (auto h : region)
        for (const Capture& c : step.captures) {
          ctx.subject = h;
          apply_capture(s, c, ctx, ev);
        }
      continue;
    }
    if (!exprs.condition(step.guard, ctx)) continue;  // give (L7)
    int to = exprs.hole(step.to_hole, ctx);
    int giver = exprs.player(step.store_player, ctx);
    if (to == kNoHole) continue;
    int from = kNoHole;
    if (int store = store_hole(giver); store != kNoHole && s.holes[store] > 0) {
      --s.holes[store];
    } else {
      from = exprs.hole(step.else_hole, ctx);
      if (from == kNoHole || s.holes[from] == 0) continue;
      --s.holes[from];
    }
    ++s.holes[to];
    emit(ev, giver, step.clause, GiftEvent{from, to});
  }
  for (const EndRule& rule : rules_.end) {
    if (!rule.before_move || !exprs.condition(rule.guard, ctx)) continue;
    game_over(s, result_of(s, rule.result, ctx), rule.clause, ev);
    return;
  }
  if (rules_.uses_repetition && s.round_positions.empty())  // L8: the round's first position
    s.round_positions.push_back(snapshot(s, s.mover));
  s.turn_positions.clear();
  if (rules_.sowing && rules_.sowing->again) s.turn_positions.push_back(snapshot(s, s.mover));
}

void Game::prepare(State& s) const {
  s.turn_positions.clear();
  s.round_positions.clear();
  if (rules_.uses_repetition) s.round_positions.push_back(snapshot(s, s.mover));
  if (rules_.sowing && rules_.sowing->again) s.turn_positions.push_back(snapshot(s, s.mover));
}

void Game::end_turn(State& s, std::vector<Event>* ev) const {
  s.continuing = false;
  s.turn_positions.clear();
  emit(ev, s.mover, kNoClause, TurnEndEvent{});
  EvalContext ctx = context(s);  // mover: who just moved
  const ExprPool& exprs = rules_.exprs;
  for (const EndRule& rule : rules_.end) {
    if (rule.before_move || !exprs.condition(rule.guard, ctx)) continue;
    game_over(s, result_of(s, rule.result, ctx), rule.clause, ev);
    return;
  }
  if (rules_.rounds) {
    if (rules_.uses_repetition) {  // L8: compared at the end of every turn
      Snapshot snap = snapshot(s, 1 - s.mover);
      for (const Snapshot& seen : s.round_positions)
        if (seen.hash == snap.hash && seen == snap) ctx.repeated = true;
      s.round_positions.push_back(snap);
    }
    if (exprs.condition(rules_.rounds->over, ctx)) {
      finish_round(s, ev);
      return;
    }
  }
  s.mover = static_cast<std::uint8_t>(1 - s.mover);
  start_turn(s, ev);
}

void Game::sow_candidates(const State& s, std::vector<Move>& out, Expansion* expansion,
                          std::vector<Event>* ev) const {
  const Sowing& rule = *rules_.sowing;
  EvalContext ctx = context(s);
  Dir dirs[2];
  int ndirs = 0;
  bool written = rule.direction == DirRule::choice;
  if (s.continuing && rule.again->turn != DirectionChange::choice) {
    dirs[ndirs++] = s.forced_dir;
  } else if (rule.direction == DirRule::choice) {
    dirs[ndirs++] = Dir::ccw;
    dirs[ndirs++] = Dir::cw;
  } else {
    dirs[ndirs++] = rule.direction == DirRule::cw ? Dir::cw : Dir::ccw;
  }
  // Only sowings that may relay or repeat a turn's position can be excluded (G6).
  const bool simulate = rule.lap.has_value() || s.continuing;
  for (auto h : rules_.exprs.region(rule.origin_region, ctx)) {
    if (s.holes[h] < rule.origin_minimum) continue;
    ctx.subject = h;
    if (rule.origin_guard != kNoExpr && !rules_.exprs.condition(rule.origin_guard, ctx)) continue;
    for (int d = 0; d < ndirs; ++d) {
      Move m{MoveKind::sow, h, dirs[d], written, 0};
      if (simulate) {
        StateCore scratch = s;
        SowEnd end = sow_move(scratch, m, nullptr);
        bool excluded = end == SowEnd::endless;
        if (end == SowEnd::again && s.continuing) {
          Snapshot after = snapshot(scratch, s.mover);
          for (const Snapshot& seen : s.turn_positions)
            if (seen.hash == after.hash && seen == after) excluded = true;
        }
        if (excluded) {  // G6: a built-in ruling, no clause of the file
          ++excluded_;
          emit(ev, s.mover, kNoClause, ExcludedEvent{m, end == SowEnd::endless});
          continue;
        }
        if (expansion) {
          expansion->outcome.push_back(static_cast<int>(expansion->afters.size()));
          expansion->ends.push_back(end);
          expansion->afters.push_back(scratch);
        }
      } else if (expansion) {
        expansion->outcome.push_back(-1);
      }
      out.push_back(m);
    }
  }
}

void Game::legal_moves(const State& s, std::vector<Move>& out) const {
  out.clear();
  switch (s.phase) {
    case Phase::over: return;
    case Phase::place:
    case Phase::flip: setup_moves(s, out); return;
    case Phase::play: break;
  }
  play_moves(s, out, nullptr);
}

void Game::play_moves(const State& s, std::vector<Move>& out, Expansion* expansion) const {
  if (rules_.sowing) sow_candidates(s, out, expansion);
  if (rules_.store_sow && !s.continuing)
    for (int n = 1; n <= store(s, s.mover); ++n) out.push_back({MoveKind::store, kNoHole, Dir::ccw, false, n});
  if (out.empty()) out.push_back({MoveKind::pass, kNoHole, Dir::ccw, false, 0});  // G7
}

void Game::apply(State& s, const Move& m, std::vector<Event>* ev) const {
  if (s.phase == Phase::over) throw std::logic_error("apply: the game is over");
#ifndef NDEBUG
  const long counters = total_counters(s);
  const std::int32_t round = s.round;
  const bool of_play = s.phase == Phase::play;
#endif
  ++s.ply;
  if (s.phase != Phase::play) {
    apply_setup_move(s, m, ev);
  } else if (m.kind == MoveKind::pass) {
    emit(ev, s.mover, kNoClause, PassEvent{});
    end_turn(s, ev);
  } else if (m.kind == MoveKind::store) {
    store_move(s, m.count, ev);
    end_turn(s, ev);
  } else if (m.kind == MoveKind::sow) {
    finish_sowing(s, sow_move(s, m, ev), ev);
  } else {
    throw std::logic_error("apply: not a move of play");
  }
#ifndef NDEBUG
  check_invariants(*this, s, counters, round, of_play);
#endif
}

void Game::finish_sowing(State& s, SowEnd end, std::vector<Event>* ev) const {
  if (end == SowEnd::endless) throw std::logic_error("apply: an endless sowing is not legal (G6)");
  if (end == SowEnd::done) {
    end_turn(s, ev);
    return;
  }
  // K5: the same player decides again, unless no further move is possible (G6).
  s.continuing = true;
  s.turn_positions.push_back(snapshot(s, s.mover));
  std::vector<Move> further;
  sow_candidates(s, further, nullptr, ev);
  if (further.empty()) end_turn(s, ev);
}

void Game::legal_expanded(const State& s, Expansion& e) const {
  e.moves.clear();
  e.outcome.clear();
  e.ends.clear();
  e.afters.clear();
  if (s.phase == Phase::play) play_moves(s, e.moves, &e);
  else legal_moves(s, e.moves);
  e.outcome.resize(e.moves.size(), -1);
}

void Game::apply_expanded(State& s, const Expansion& e, std::size_t i) const {
  int k = e.outcome[i];
  if (k < 0) {
    apply(s, e.moves[i]);
    return;
  }
#ifndef NDEBUG
  const long counters = total_counters(s);
  const std::int32_t round = s.round;
#endif
  static_cast<StateCore&>(s) = e.afters[k];  // copied before the move: same ply
  ++s.ply;
  finish_sowing(s, e.ends[k], nullptr);
#ifndef NDEBUG
  check_invariants(*this, s, counters, round, true);
#endif
}

int Game::side_total(const State& s, int player) const {
  int total = 0;
  for (auto h : layouts_[s.columns].region(RegionKind::row, player)) total += s.holes[h];
  return total;
}

int Game::winner(const State& s) const { return winner_of(s.outcome); }

int Game::store(const StateCore& s, int player) const {
  int total = 0;
  for (auto h : layouts_[s.columns].stores_of[player]) total += s.holes[h];
  return total;
}

std::vector<double> Game::returns(const State& s) const {
  std::vector<double> out(static_cast<std::size_t>(players()), 0.0);
  if (int w = winner(s); w >= 0)
    for (int p = 0; p < players(); ++p) out[static_cast<std::size_t>(p)] = p == w ? 1.0 : -1.0;
  return out;
}

std::string Game::result_text(const State& s) const {
  return s.outcome == Outcome::none ? std::string() : std::string(outcome_name(s.outcome));
}

long Game::total_counters(const State& s) const {
  long total = 0;
  for (int i = 0; i < layouts_[s.columns].size; ++i) total += s.holes[i];
  if (s.phase == Phase::place && !rules_.rounds->start[s.setup_step].from_store)
    total += s.place_left;
  return total;
}

}  // namespace mancala
