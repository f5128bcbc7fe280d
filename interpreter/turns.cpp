// Turns: the start and end of a turn (docs/rulings.md G10, L7, L8), the end of the game and its
// result, and what tools read of a position. The moves of a turn are moves.cpp's.
#include <algorithm>
#include <cassert>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "interpreter/game.hpp"

namespace mancala {

const char* outcome_name(Outcome outcome) {
  static const char* const winners[] = {"P1", "P2", "P3", "P4", "P5", "P6"};
  switch (outcome) {
    case Outcome::draw: return "draw";
    case Outcome::unfinished: return "unfinished";
    case Outcome::none: return "none";
    default: return winners[winner_of(outcome)];
  }
}

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::play: return "play";
    case Phase::place: return "place";
    case Phase::flip: return "flip";
    case Phase::choose: return "choose";
    case Phase::choice: return "choice";
    case Phase::over: return "over";
  }
  return "play";
}

std::int32_t Game::tally(const StateCore& s, TallyRule rule, int player) const {
  std::int32_t total = store(s, player);
  if (rule == TallyRule::store_and_row) {  // the pits the player owns now (claimed holes change hands)
    const Layout& l = layouts_[s.columns];
    for (int h = l.first_pit(); h < l.size; ++h)
      if (s.owner[h] == player) total += s.holes[h];
  }
  return total;
}

Outcome Game::result_of(const StateCore& s, const ResultRule& rule, const EvalContext& ctx) const {
  switch (rule.kind) {
    case ResultKind::winner:
      return win_for(rules_.exprs.player(rule.player, ctx));
    case ResultKind::most: {  // the one player with the largest tally; a shared lead draws
      int best = 0;
      bool shared = false;
      for (int p = 1; p < rules_.players; ++p) {
        auto t = tally(s, rule.tally, p), lead = tally(s, rule.tally, best);
        if (t > lead) best = p, shared = false;
        else if (t == lead) shared = true;
      }
      return shared ? Outcome::draw : win_for(best);
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

void Game::run_turn_step(StateCore& s, const TurnStep& step, EvalContext& ctx,
                         std::vector<Event>* ev) const {
  const ExprPool& exprs = rules_.exprs;
  if (step.kind == TurnStepKind::each) {
    auto region = exprs.region(step.region, ctx);
    for (auto h : region)
      for (const Capture& c : step.captures) {
        ctx.subject = h;
        apply_capture(s, c, ctx, ev);
      }
    ctx.subject = kNoHole;
    return;
  }
  if (!exprs.condition(step.guard, ctx)) return;  // give (L7)
  int to = exprs.hole(step.to_hole, ctx);
  int giver = exprs.player(step.store_player, ctx);
  if (to == kNoHole) return;
  int from = kNoHole;
  if (int store = store_hole(giver); store != kNoHole && s.holes[store] > 0) {
    --s.holes[store];
  } else {
    from = exprs.hole(step.else_hole, ctx);
    if (from == kNoHole || s.holes[from] == 0) return;
    --s.holes[from];
  }
  ++s.holes[to];
  emit(ev, giver, step.clause, GiftEvent{from, to});
}

void Game::start_turn(State& s, std::vector<Event>* ev) const {
  EvalContext ctx = context(s);
  start_turn(s, ctx, ev);
}

void Game::start_turn(State& s, EvalContext& ctx, std::vector<Event>* ev) const {
  const ExprPool& exprs = rules_.exprs;
  for (const TurnStep& step : rules_.turn_start)  // G10: automatic steps come first
    run_turn_step(s, step, ctx, ev);
  for (const EndRule& rule : rules_.end) {
    if (!rule.before_move || !exprs.condition(rule.guard, ctx)) continue;
    for (const Effect& e : rule.effects) apply_effect(s, e, ctx, ev, rule.clause);
    game_over(s, result_of(s, rule.result, ctx), rule.clause, ev);
    return;
  }
  if (rules_.uses_repetition && s.round_positions.empty())  // L8: the round's first position
    remember(s.round_positions, s, s.mover);
  s.turn_positions.clear();  // the turn's first position is kept once a further decision comes
}

void Game::prepare(State& s) const {
  s.turn_positions.clear();
  s.round_positions.clear();
  if (rules_.uses_repetition) remember(s.round_positions, s, s.mover);
}

void Game::end_turn(State& s, std::vector<Event>* ev) const {
  s.continuing = false;
  s.turn_positions.clear();
  ++s.turns[s.mover];
  emit(ev, s.mover, kNoClause, TurnEndEvent{});
  EvalContext ctx = context(s);  // mover: who just moved
  const ExprPool& exprs = rules_.exprs;
  for (const EndRule& rule : rules_.end) {
    if (rule.before_move || !exprs.condition(rule.guard, ctx)) continue;
    for (const Effect& e : rule.effects) apply_effect(s, e, ctx, ev, rule.clause);
    game_over(s, result_of(s, rule.result, ctx), rule.clause, ev);
    return;
  }
  if (rules_.rounds) {
    if (rules_.uses_repetition) {  // L8: compared at the end of every turn
      const int next = player_after(s.mover, rules_.players);
      const std::uint64_t hash = position_hash(s, next);
      ctx.repeated = seen_in(s.round_positions, s, next, hash);
      remember(s.round_positions, s, next, hash);
    }
    if (exprs.condition(rules_.rounds->over, ctx)) {
      finish_round(s, ctx.repeated, ev);
      return;
    }
  }
  s.mover = static_cast<std::uint8_t>(player_after(s.mover, rules_.players));
  ctx.mover = s.mover;  // the context of the next turn: only the mover differs
  ctx.repeated = false;
  start_turn(s, ctx, ev);
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
  if (s.phase == Phase::place && !setup_step(s).from_store)
    total += s.place_left;
  return total;
}

}  // namespace mancala
