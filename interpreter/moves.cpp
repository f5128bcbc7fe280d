// The moves of a decision and what they lead to: the candidates a sow rule allows (origins and
// directions), their legality (G6, legality filters), the generator of children (expand), the
// legal moves, and apply. Every way of advancing a game goes through these (game.hpp's
// contracts); the playout's draw (playout.cpp) and why_not (inspect.cpp) use the same steps.
#include <algorithm>
#include <cassert>
#include <stdexcept>

#include <fmt/format.h>

#include "interpreter/game.hpp"

namespace mancala {

const Sowing* Game::sowing_of(const StateCore& s) const {
  if (s.continuing) return &rules_.sowings[s.decision_rule];
  if (ordinary_rule_ != kNoRule) return &rules_.sowings[ordinary_rule_];
  EvalContext ctx = context(s);
  for (const Sowing& rule : rules_.sowings) {
    if (!rule.name.empty() && rule.when == kNoExpr) continue;  // only for further decisions
    if (rule.when == kNoExpr || rules_.exprs.condition(rule.when, ctx)) return &rule;
  }
  return nullptr;
}

Game::Origins Game::origins_of(const StateCore& s, const Sowing& rule, const EvalContext& ctx) const {
  const ExprPool& exprs = rules_.exprs;
  Origins o;
  o.written = rule.direction == DirRule::choice;
  if (s.continuing && s.direction_forced) {
    o.dirs[o.ndirs++] = s.forced_dir;
  } else if (rule.direction == DirRule::choice) {
    o.dirs[o.ndirs++] = Dir::ccw;
    o.dirs[o.ndirs++] = Dir::cw;
  } else {
    o.dirs[o.ndirs++] = rule.direction == DirRule::cw ? Dir::cw : Dir::ccw;
  }
  // A further move may be held to a region of the again clause (hole = where the sowing ended).
  o.restricted = s.continuing && s.again_origin != kNoExpr;
  if (o.restricted) o.allowed = exprs.region(s.again_origin, context_at(s, s.landing));
  if (rule.origin_rightmost_occupied != kNoExpr) {  // one hole, found here without a call per node
    o.holes = ctx.layout->only(exprs.rightmost_occupied(exprs[rule.origin_rightmost_occupied], ctx));
  } else {
    o.holes = exprs.region(rule.origin_region, ctx);
  }
  return o;
}

Game::OriginCheck Game::check_origin(const StateCore& s, const Sowing& rule, const Origins& o, int h, Dir dir,
                                     EvalContext& ctx) const {
  if (std::find(o.holes.begin(), o.holes.end(), h) == o.holes.end()) return OriginCheck::outside_region;
  if (s.flags[h] & kOutOfPlay) return OriginCheck::out_of_play;
  if (o.restricted && std::find(o.allowed.begin(), o.allowed.end(), h) == o.allowed.end())
    return OriginCheck::outside_further;
  if (!origin_counts(s, rule, h)) return OriginCheck::condition;
  if (rule.origin_guard != kNoExpr) {
    ctx.subject = ctx.origin = h;
    ctx.dir = dir;  // the guard may ask for the direction (clockwise)
    if (!rules_.exprs.condition(rule.origin_guard, ctx)) return OriginCheck::condition;
  }
  if (std::find(o.dirs, o.dirs + o.ndirs, dir) == o.dirs + o.ndirs) return OriginCheck::direction;
  return OriginCheck::ok;
}

bool Game::origin_allowed(const StateCore& s, const Sowing& rule, const Origins& o, int h, Dir dir,
                          EvalContext& ctx) const {
  // check_origin's tests for a hole of the origin region, the cheap common one first.
  if (!origin_counts(s, rule, h)) return false;
  if (o.restricted && std::find(o.allowed.begin(), o.allowed.end(), h) == o.allowed.end()) return false;
  if (rule.origin_guard == kNoExpr) return true;
  ctx.subject = ctx.origin = h;
  ctx.dir = dir;
  return rules_.exprs.condition(rule.origin_guard, ctx);
}

Game::Amounts Game::amounts_of(const StateCore& s, const Sowing& rule, int h, Dir dir) const {
  if (!rule.chooses_amount()) return {0, 0};
  EvalContext ctx = context_at(s, h);
  ctx.origin = h;
  ctx.dir = dir;
  // No more than a game can hold: the moves of a decision stay few enough to list.
  Amounts a{std::max(1, rules_.exprs.integer(rule.amount_least, ctx)),
            std::min(kMaxCounters, rules_.exprs.integer(rule.amount_most, ctx))};
  if (rule.lift_count == kNoExpr && rule.lift_from != LiftFrom::none)  // the amount is the handful:
    a.most = std::min(a.most, rule.lift_from == LiftFrom::store ? first_store(s, s.mover) : s.holes[h]);  // no more than there is
  return a;
}

Game::Amounts Game::store_amounts(const StateCore& s) const {
  const int held = first_store(s, s.mover);
  if (rules_.store_sow_least == kNoExpr) return {1, held};
  const EvalContext ctx = context(s);
  return {std::max(1, rules_.exprs.integer(rules_.store_sow_least, ctx)),
          std::min(held, rules_.exprs.integer(rules_.store_sow_most, ctx))};
}

void Game::sow_origins(const State& s, const Sowing& rule, std::vector<Move>& out) const {
  EvalContext ctx = context(s);
  const Origins o = origins_of(s, rule, ctx);
  for (auto h : o.holes)
    for (int d = 0; d < o.ndirs; ++d) {
      if (!origin_allowed(s, rule, o, h, o.dirs[d], ctx)) continue;
      const Amounts a = amounts_of(s, rule, h, o.dirs[d]);  // one move per amount the mover may choose
      for (int n = a.least; n <= a.most; ++n) out.push_back(Move{MoveKind::sow, h, o.dirs[d], o.written, n});
    }
}

bool Game::needs_judging(const State& s, const Sowing& rule) const {
  // Unjudged candidates are a fast routine (fast_paths.hpp): a rule without laps or filters sows
  // one handful, and a handful drops at most every counter of the game, so only a drop limit
  // below that, or G6 in a further decision of the turn, can exclude it.
  return !rule.unjudged || s.continuing || drop_limit() < kMaxCounters;
}

Game::Verdict Game::judge(const State& s, const Sowing& rule, const Move& m, StateCore& scratch,
                          std::vector<Event>* ev) const {
  scratch = s;
  const SowOutcome outcome = sow_move(scratch, rule, m, nullptr);
  return verdict(s, s.turn_positions, rule, m, scratch, outcome, ev);
}

void Game::note_exclusion(const StateCore& s, const Move& m, SowEnd end, std::vector<Event>* ev,
                          bool at_budget) const {
  excluded_.fetch_add(1, std::memory_order_relaxed);
  emit(ev, s.mover, kNoClause, ExcludedEvent{m, end == SowEnd::endless, at_budget});
}

void Game::apply_filters(const StateCore& before, const Sowing& rule, const Move& m, const StateCore& after,
                         const SowOutcome& outcome, Verdict& v) const {
  // Legality by consequence: the filters that apply before the move, on its outcome.
  const ExprPool& exprs = rules_.exprs;
  EvalContext was = context_at(before, m.hole);
  was.origin = m.hole;
  was.dir = m.dir;
  was.amount = m.count;
  EvalContext now = context(after);
  now.amount = m.count;
  now.mover = before.mover;
  now.origin = m.hole;
  now.subject = now.landing = outcome.landing;
  now.dir = m.dir;
  now.crossed = outcome.crossed;
  now.captured = outcome.captured;
  for (const Filter& f : rule.filters) {
    if (f.when != kNoExpr && !exprs.condition(f.when, was)) continue;
    if (exprs.condition(f.condition, now)) continue;
    if (f.prefer) {
      v.preferred = false;
    } else {
      v.legal = false;
    }
    if (v.why == Refused::none) {  // the first filter that refuses it names why
      v.why = f.prefer ? Refused::preferred : Refused::required;
      v.clause = f.clause;
    }
  }
}

void Game::sow_candidates(const State& s, std::vector<Move>& out, std::vector<Event>* ev) const {
  const Sowing* found = sowing_of(s);
  if (!found) return;
  const Sowing& rule = *found;
  const std::size_t first = out.size();
  sow_origins(s, rule, out);
  if (needs_judging(s, rule)) {  // laps, filters, a further decision: each candidate played out
    thread_local std::vector<std::uint8_t> preferred;
    thread_local StateCore scratch;
    preferred.clear();
    std::size_t kept = first;
    for (std::size_t i = first; i < out.size(); ++i) {
      const Verdict v = judge(s, rule, out[i], scratch, ev);
      if (!v.legal) continue;
      out[kept++] = out[i];
      preferred.push_back(v.preferred);
    }
    out.resize(keep_preferred(out, first, kept, preferred));
  }
  if (rule.optional) out.push_back(Move{MoveKind::pass, kNoHole, Dir::ccw, false, 0});
}

template <class T>
std::size_t Game::keep_preferred(std::vector<T>& items, std::size_t first, std::size_t end,
                                 const std::vector<std::uint8_t>& preferred) {
  // Prefer filters: if some legal move meets them, only those are legal.
  if (std::find(preferred.begin(), preferred.end(), 1) == preferred.end() ||
      std::find(preferred.begin(), preferred.end(), 0) == preferred.end())
    return end;
  std::size_t kept = first;
  for (std::size_t i = 0; i < preferred.size(); ++i)
    if (preferred[i]) {
      if (kept != first + i) std::swap(items[kept], items[first + i]);
      ++kept;
    }
  return kept;
}

bool Game::has_sow_move(const State& s) const {
  const Sowing* rule = sowing_of(s);
  if (!rule) return false;
  if (rule->optional) return true;
  EvalContext ctx = context(s);
  const Origins o = origins_of(s, *rule, ctx);
  const bool judged = needs_judging(s, *rule);
  thread_local StateCore scratch;
  for (auto h : o.holes)
    for (int d = 0; d < o.ndirs; ++d) {
      if (!origin_allowed(s, *rule, o, h, o.dirs[d], ctx)) continue;
      const Amounts a = amounts_of(s, *rule, h, o.dirs[d]);
      for (int n = a.least; n <= a.most; ++n)
        if (!judged || judge(s, *rule, Move{MoveKind::sow, h, o.dirs[d], o.written, n}, scratch, nullptr).legal)
          return true;
    }
  return false;
}

void Game::legal_moves(const State& s, std::vector<Move>& out) const { legal_moves(s, out, nullptr); }

void Game::legal_moves(const State& s, std::vector<Move>& out, std::vector<Event>* excluded) const {
  out.clear();
  switch (s.phase) {
    case Phase::over: return;
    case Phase::place:
    case Phase::flip:
    case Phase::choose:
    case Phase::choice: setup_moves(s, out); return;
    case Phase::play: break;
  }
  sow_candidates(s, out, excluded);
  if (rules_.store_sow && !s.continuing)
    for (Amounts a = store_amounts(s); a.least <= a.most; ++a.least)
      out.push_back({MoveKind::store, kNoHole, Dir::ccw, false, a.least});
  if (out.empty()) out.push_back({MoveKind::pass, kNoHole, Dir::ccw, false, 0});  // G7
}

void Game::expand(const State& s, std::vector<Child>& out, bool events) const { expand(s, out, events, false); }

void Game::expand_deferred(const State& s, std::vector<Child>& out) const { expand(s, out, false, true); }

void Game::expand(const State& s, std::vector<Child>& out, bool events, bool defer) const {
  ChildSlots slots{out};
  switch (s.phase) {
    case Phase::over: break;
    case Phase::place:
    case Phase::flip:
    case Phase::choose:
    case Phase::choice: {
      thread_local std::vector<Move> moves;
      moves.clear();
      setup_moves(s, moves);
      for (const Move& m : moves) add_child(s, m, slots, events, defer);
      break;
    }
    case Phase::play: {
      const Sowing* rule = sowing_of(s);
      if (rule) {
        expand_sowings(s, *rule, slots, events, defer);
        if (rule->optional) add_child(s, Move{MoveKind::pass, kNoHole, Dir::ccw, false, 0}, slots, events, defer);
      }
      if (rules_.store_sow && !s.continuing)
        for (Amounts a = store_amounts(s); a.least <= a.most; ++a.least)
          add_child(s, Move{MoveKind::store, kNoHole, Dir::ccw, false, a.least}, slots, events, defer);
      if (slots.used == 0)
        add_child(s, Move{MoveKind::pass, kNoHole, Dir::ccw, false, 0}, slots, events, defer);  // G7
      break;
    }
  }
  out.resize(slots.used);
}

void Game::expand_sowings(const State& s, const Sowing& rule, ChildSlots& out, bool events, bool defer) const {
  thread_local std::vector<Move> candidates;
  thread_local std::vector<std::uint8_t> preferred;
  candidates.clear();
  preferred.clear();
  sow_origins(s, rule, candidates);
  const bool judged = needs_judging(s, rule);
  const std::size_t first = out.used;
  for (const Move& m : candidates) {  // each candidate sown once, into its child
    Child& child = out.next();
    child.move = m;
    child.state = s;
    const SowOutcome outcome = sow_move(child.state, rule, m, events ? &child.events : nullptr);
    bool is_preferred = true;
    if (judged) {
      const Verdict v = verdict(s, s.turn_positions, rule, m, child.state, outcome, nullptr);
      if (!v.legal) {
        --out.used;  // the slot is written again by the next candidate
        continue;
      }
      is_preferred = v.preferred;
    }
    if (outcome.end == SowEnd::endless) throw std::logic_error("an endless sowing is not legal (G6)");
    preferred.push_back(is_preferred);
    child.pending = outcome.end == SowEnd::again ? Child::Pending::sown_again : Child::Pending::sown_done;
  }
  out.used = keep_preferred(out.out, first, out.used, preferred);
  if (!defer)
    for (std::size_t i = first; i < out.used; ++i) finish_child(s, out.out[i], events);
}

void Game::add_child(const State& s, const Move& m, ChildSlots& out, bool events, bool defer) const {
  Child& child = out.next();
  child.move = m;
  child.pending = Child::Pending::unplayed;
  if (!defer) finish_child(s, child, events);
}

void Game::finish_child(const State& parent, Child& child, bool events) const {
  std::vector<Event>* ev = events ? &child.events : nullptr;
  const Child::Pending pending = child.pending;
  child.pending = Child::Pending::none;
  if (pending == Child::Pending::unplayed) {
    child.state = parent;
    apply(child.state, child.move, ev);
    return;
  }
  MANCALA_DEBUG_ONLY(const MoveCheck check = move_check(parent));
  finish_sown(child.state, parent, pending == Child::Pending::sown_again ? SowEnd::again : SowEnd::done, ev, nullptr);
  MANCALA_DEBUG_ONLY(check_move(child.state, check));
}

void Game::apply(State& s, const Move& m, std::vector<Event>* ev) const { apply(s, m, ev, nullptr); }

void Game::apply(State& s, const Move& m, std::vector<Event>* ev, FurtherDraw* ahead) const {
  const std::int32_t ply = s.ply;
  try {
    MANCALA_DEBUG_ONLY(const MoveCheck check = move_check(s));
    play(s, m, ev, ahead);
    MANCALA_DEBUG_ONLY(check_move(s, check));
  } catch (const std::exception& e) {
    throw_play_error(s, m, ply, e);
  }
}

void Game::throw_play_error(const State& s, const Move& m, std::int32_t ply, const std::exception& e) const {
  if (dynamic_cast<const PlayError*>(&e)) throw PlayError(e.what());
  throw PlayError(fmt::format("ply {}: playing {} (the position as left: {}): {}", ply, move_text(s, m),
                              position_text(s), e.what()));
}

void Game::play(State& s, const Move& m, std::vector<Event>* ev, FurtherDraw* ahead) const {
  if (s.phase == Phase::over) throw std::logic_error("the game is over");
  if (s.phase != Phase::play) {
    ++s.ply;
    apply_setup_move(s, m, ev);
  } else if (m.kind == MoveKind::pass) {
    ++s.ply;
    emit(ev, s.mover, kNoClause, PassEvent{});
    end_turn(s, ev);
  } else if (m.kind == MoveKind::store) {
    if (!rules_.store_sow || s.continuing || !store_amounts(s).contains(m.count))
      throw std::logic_error("not a store move the rules allow");
    ++s.ply;
    store_move(s, m.count, ev);
    end_turn(s, ev);
  } else if (m.kind == MoveKind::sow) {
    play_sowing(s, m, ev, ahead);
  } else {
    throw std::logic_error("not a move of play");
  }
}

void Game::play_sowing(State& s, const Move& m, std::vector<Event>* ev, FurtherDraw* ahead) const {
  const Sowing* rule = sowing_of(s);
  if (!rule) throw std::logic_error("no sowing rule is in force");
  EvalContext ctx = context(s);
  if (check_origin(s, *rule, origins_of(s, *rule, ctx), m.hole, m.dir, ctx) != OriginCheck::ok ||
      !amounts_of(s, *rule, m.hole, m.dir).contains(m.count))
    throw std::logic_error("not a candidate of the sow rule in force");
  play_candidate(s, *rule, m, ev, ahead);
}

void Game::play_candidate(State& s, const Sowing& rule, const Move& m, std::vector<Event>* ev,
                          FurtherDraw* ahead) const {
  // The position before the sowing, where the move's legality (G6, filters) or the turn's first
  // position (G6 compares further moves with it) asks for it.
  const bool judged = needs_judging(s, rule);
  thread_local StateCore start;
  if (judged || (has_again_ && !s.continuing)) start = s;
  const SowOutcome outcome = sow_move(s, rule, m, ev);
  if (judged) {
    const Verdict v = verdict(start, s.turn_positions, rule, m, s, outcome, nullptr);
    if (!v.legal) throw std::logic_error(refusal_text(v));
  }
  finish_sown(s, start, outcome.end, ev, ahead);
}

void Game::keep_turn_start(State& s, const StateCore& start, SowEnd end) const {
  if (end == SowEnd::again && !start.continuing) remember(s.turn_positions, start, start.mover);
}

void Game::finish_sown(State& s, const StateCore& start, SowEnd end, std::vector<Event>* ev, FurtherDraw* ahead) const {
  keep_turn_start(s, start, end);
  ++s.ply;
  finish_sowing(s, end, ev, ahead);
}

void Game::finish_sowing(State& s, SowEnd end, std::vector<Event>* ev, FurtherDraw* ahead) const {
  if (end == SowEnd::endless) throw std::logic_error("an endless sowing is not legal (G6)");
  if (end == SowEnd::done) {
    end_turn(s, ev);
    return;
  }
  // K5: the same player decides again, unless no further move is possible (G6).
  s.continuing = true;
  remember(s.turn_positions, s, s.mover);
  if (ev) {  // every candidate judged, so that the G6 exclusions are reported
    thread_local std::vector<Move> further;
    further.clear();
    sow_candidates(s, further, ev);
    if (further.empty()) end_turn(s, ev);
  } else if (ahead ? !draw_further(s, *ahead) : !has_sow_move(s)) {
    end_turn(s, ev);
  }
}

std::string Game::refusal_text(const Verdict& v) const {
  switch (v.why) {
    case Refused::endless: return "its sowing would never end: it comes back to a configuration it was already in";
    case Refused::drop_limit:
      return fmt::format("its sowing reaches the limit max-drops-per-move ({}): taken as endless", drop_limit());
    case Refused::repeats_turn: return "it would bring back a position already reached in this turn";
    case Refused::required: return "it does not meet what the rule requires of a move";
    case Refused::preferred: return "another move meets what the rule prefers, and this one does not";
    case Refused::none: break;
  }
  return "it is not among the legal moves";
}

#ifndef NDEBUG
// Debug builds check after every move (issue 4): no count is negative, holes off the board (after
// a resize) are empty, a move of play conserves the counters unless it ends the round (a new
// round, or the set-up steps that follow a placement or flip, may clear the board or deal a
// supply), and a game is over exactly when it has a result.
Game::MoveCheck Game::move_check(const State& s) const {
  return MoveCheck{total_counters(s), s.round, s.phase == Phase::play};
}

void Game::check_move(const State& s, const MoveCheck& before) const {
  const int size = layout(s.columns).size;
  for (std::size_t h = 0; h < s.holes.size(); ++h) {
    assert(s.holes[h] >= 0 && "a hole holds a negative count");
    assert((static_cast<int>(h) < size || s.holes[h] == 0) && "a hole off the board holds counters");
  }
  assert((!before.of_play || s.round != before.round || total_counters(s) == before.counters) &&
         "counters are not conserved");
  assert(is_over(s) == (s.outcome != Outcome::none) && "over without a result, or the reverse");
  (void)before;
  (void)size;
}
#endif

}  // namespace mancala
