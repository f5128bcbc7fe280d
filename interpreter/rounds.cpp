// The start of the game, rounds, their set-up (placements, flip, choices) and their results (K9-K13, L2-L9).
#include <algorithm>
#include <stdexcept>

#include "interpreter/game.hpp"

namespace mancala {

namespace {

// O2: remove holes from the pattern's two ends in turn, left end first, until it fits.
std::vector<std::int32_t> trimmed(std::vector<std::int32_t> pattern, std::size_t length) {
  bool left = true;
  while (pattern.size() > length) {
    pattern.erase(left ? pattern.begin() : pattern.end() - 1);
    left = !left;
  }
  pattern.resize(length, 0);
  return pattern;
}

}  // namespace

State Game::empty_state(int columns) const {
  State s;
  const Layout& full = layout(initial_columns_);  // the vectors fit the largest board
  s.holes.assign(static_cast<std::size_t>(full.size), 0);
  s.owner.assign(full.owner.begin(), full.owner.end());
  s.flags.assign(static_cast<std::size_t>(full.size), 0);
  new_board(s, columns);
  s.next_columns = s.columns;
  s.vars.assign(rules_.game_vars.size() + rules_.players * rules_.player_vars.size(), 0);
  return s;
}

State Game::initial_state() const { return initial_state(nullptr); }

State Game::initial_state(std::vector<Event>* events) const {
  State s = empty_state(initial_columns_);
  s.mover = static_cast<std::uint8_t>(rules_.first_mover);
  if (rules_.rounds) {
    s.loser = static_cast<std::uint8_t>(rules_.rounds->first_loser);
    s.winner = static_cast<std::uint8_t>((s.loser + 1) % rules_.players);
  }
  const Layout& l = layout(s.columns);
  EvalContext ctx = context(s);
  for (const StartStep& step : rules_.start) {
    switch (step.kind) {
      case StartKind::fill:
        if (step.region == kNoExpr) std::fill(s.holes.begin() + l.first_pit(), s.holes.end(), step.count);
        else for (auto h : rules_.exprs.region(step.region, ctx)) s.holes[h] = static_cast<Count>(step.count);
        break;
      case StartKind::put:
        for (ExprId id : step.holes)
          if (int h = rules_.exprs.hole(id, ctx); h != kNoHole) s.holes[h] = static_cast<Count>(step.count);
        break;
      case StartKind::row_pattern:
        for (int p = 0; p < l.players; ++p) {
          const auto& row = l.region(RegionKind::row, p);
          auto counts = trimmed(step.pattern, row.size());
          for (std::size_t i = 0; i < row.size(); ++i) s.holes[row[i]] = static_cast<Count>(counts[i]);
        }
        break;
      case StartKind::mirror:
        for (int h = l.first_pit(); h < l.size; ++h)
          if (l.owner[h] == 0) s.holes[l.rotated[h]] = s.holes[h];
        break;
    }
  }
  for (const Removal& removal : rules_.opening) {  // O3, automatic (G10)
    const auto& row = l.region(RegionKind::row, (removal.by + 1) % rules_.players);  // the next player's
    std::vector<std::uint8_t> occupied;
    for (auto h : row)
      if (s.holes[h] > 0) occupied.push_back(h);
    std::size_t first = occupied.size() > static_cast<std::size_t>(removal.count)
                            ? occupied.size() - removal.count : 0;
    std::size_t last = occupied.size() - std::min<std::size_t>(removal.leave_last, occupied.size() - first);
    for (std::size_t i = first; i < last; ++i) {
      emit(events, removal.by, removal.clause, TransferEvent{occupied[i], s.holes[occupied[i]], kIntoStore});
      add_to_store(s, removal.by, s.holes[occupied[i]]);
      s.holes[occupied[i]] = 0;
    }
  }
  begin_round(s, events);
  return s;
}

void Game::new_board(StateCore& s, int columns) const {
  const Layout& l = layout(columns);
  std::fill(s.holes.begin() + l.first_pit(), s.holes.end(), 0);
  std::copy(l.owner.begin(), l.owner.end(), s.owner.begin());
  std::fill(s.flags.begin(), s.flags.end(), 0);
  s.columns = static_cast<std::uint8_t>(columns);
}

void Game::lay_out_anew(StateCore& s, int columns, ClauseId clause, std::vector<Event>* ev) const {
  const Layout& l = layout(s.columns);
  for (int h = l.first_pit(); h < l.size; ++h)
    if (s.flags[h] & kOutOfPlay) emit(ev, s.mover, clause, InPlayEvent{h});
  new_board(s, columns);
  emit(ev, s.mover, clause, NewBoardEvent{columns});
}

void Game::begin_round(State& s, std::vector<Event>* ev) const {
  // Claims, marks and holes out of play last until the board is laid out anew: at the round's
  // collect or clear step (so that collect gives a claimed hole to its captor), or here, as the
  // round begins, when it has none. No turn is taken yet.
  const SetUpSteps* steps = set_up_steps(s);
  const bool steps_run = steps != nullptr;
  const bool steps_lay_out = steps_run && std::any_of(steps->start.begin(), steps->start.end(), [](const RoundStep& step) {
    return step.kind == RoundStepKind::collect || step.kind == RoundStepKind::clear;
  });
  if (!steps_lay_out) {
    const Layout& l = layout(s.columns);
    std::copy(l.owner.begin(), l.owner.end(), s.owner.begin());
    for (int h = l.first_pit(); h < l.size; ++h)
      if (s.flags[h] & kOutOfPlay) emit(ev, s.mover, kNoClause, InPlayEvent{h});
    std::fill(s.flags.begin(), s.flags.end(), 0);
  }
  s.turns.fill(0);
  s.round_positions.clear();
  s.setup_step = 0;
  s.phase = Phase::play;
  if (steps_run) {
    run_round_steps(s, ev);
    return;
  }
  start_turn(s, ev);
}

// The holes a choose step offers now: those of its region that pass its guard and are not chosen.
std::vector<std::uint8_t> Game::choosable(const State& s, const RoundStep& step) const {
  std::vector<std::uint8_t> out;
  const std::uint8_t bit = static_cast<std::uint8_t>(1u << step.mark);
  for (auto h : rules_.exprs.region(step.region, context(s)))
    if (!(s.flags[h] & bit) && (step.guard == kNoExpr || rules_.exprs.condition(step.guard, context_at(s, h))))
      out.push_back(h);
  return out;
}

// The alternatives a choice step offers now (indices into its alternatives): those whose guard holds.
std::vector<std::uint8_t> Game::offered(const State& s, const RoundStep& step) const {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < step.alternatives.size(); ++i) {
    ExprId guard = step.alternatives[i].guard;
    if (guard == kNoExpr || rules_.exprs.condition(guard, context(s))) out.push_back(static_cast<std::uint8_t>(i));
  }
  return out;
}

void Game::run_round_steps(State& s, std::vector<Event>* ev) const {
  const SetUpSteps& set_up = *set_up_steps(s);
  const auto& steps = set_up.start;
  const ExprPool& exprs = rules_.exprs;
  while (s.setup_step < steps.size()) {
    const RoundStep& step = steps[s.setup_step];
    EvalContext ctx = context(s);
    const Layout& l = layout(s.columns);
    switch (step.kind) {
      case RoundStepKind::collect: {  // K12: every counter to its owner's store
        auto into = [&](int player) { return l.stores_of[player][static_cast<std::size_t>(step.store)]; };
        for (int h = 0; h < l.size; ++h) {
          int owner = s.owner[h];  // claimed holes are still their captor's
          if (h == into(owner) || s.holes[h] == 0) continue;
          emit(ev, owner, step.clause, TransferEvent{h, s.holes[h], into(owner)});
          s.holes[into(owner)] = static_cast<Count>(s.holes[into(owner)] + s.holes[h]);
          s.holes[h] = 0;
        }
        lay_out_anew(s, s.next_columns, step.clause, ev);
        break;
      }
      case RoundStepKind::refill: {  // a fixed count per hole from the player's store
        int by = exprs.player(step.player, ctx);
        int store = l.stores_of[by][static_cast<std::size_t>(step.store)];
        int count = exprs.integer(step.count, ctx);
        int limit = step.limit == kNoExpr ? kMaxHoles : exprs.integer(step.limit, ctx);
        int filled = 0;
        for (auto h : exprs.region(step.region, ctx)) {
          int n = filled < limit ? std::min<int>(count, s.holes[store]) : 0;
          if (n < count && !(step.rest_in_next && n > 0)) n = 0;
          if (n == 0) {
            s.flags[h] = static_cast<std::uint8_t>(s.flags[h] | kOutOfPlay);
            emit(ev, by, step.clause, OutOfPlayEvent{h});
            continue;
          }
          s.holes[h] = static_cast<Count>(s.holes[h] + n);
          s.holes[store] = static_cast<Count>(s.holes[store] - n);
          emit(ev, by, step.clause, PlacementEvent{h, n});
          ++filled;
        }
        break;
      }
      case RoundStepKind::clear:
        std::fill(s.holes.begin(), s.holes.end(), 0);
        lay_out_anew(s, s.next_columns, step.clause, ev);
        break;
      case RoundStepKind::place:
        s.phase = Phase::place;
        s.mover = static_cast<std::uint8_t>(exprs.player(step.player, ctx));
        ctx.mover = s.mover;  // the placer, as when each placement takes from the store
        s.place_index = 0;
        s.place_left = step.from_store ? first_store(s, exprs.player(step.source, ctx))
                                       : exprs.integer(step.source, ctx);
        return;  // placement moves follow
      case RoundStepKind::mirror: {  // K12: the other player's placement, matched from the store
        const RoundStep& placed = steps[static_cast<std::size_t>(step.place_step)];
        int by = exprs.player(step.player, ctx);
        for (auto h : exprs.region(placed.region, ctx)) {
          int across = l.opposite[h];
          int n = std::min<int>(s.holes[h], first_store(s, by));
          s.holes[across] = static_cast<Count>(s.holes[across] + n);
          add_to_store(s, by, -n);
          if (n > 0) emit(ev, by, step.clause, PlacementEvent{across, n});
        }
        break;
      }
      case RoundStepKind::flip_choice:
        s.phase = Phase::flip;
        s.mover = static_cast<std::uint8_t>(exprs.player(step.player, ctx));
        return;
      case RoundStepKind::first_mover:
        s.mover = static_cast<std::uint8_t>(exprs.player(step.player, ctx));
        emit(ev, s.mover, step.clause, FirstMoverEvent{});
        break;
      case RoundStepKind::turn_step:  // an `each` or a `give`, once, as the round is set up
        run_turn_step(s, set_up.turn_steps[static_cast<std::size_t>(step.turn_step)], ctx, ev);
        break;
      case RoundStepKind::choose: {  // one decision a hole, while holes are left to choose
        s.mover = static_cast<std::uint8_t>(exprs.player(step.player, ctx));
        s.place_left = std::min<std::int32_t>(exprs.integer(step.count, context(s)),
                                              static_cast<std::int32_t>(choosable(s, step).size()));
        if (s.place_left <= 0) break;
        s.phase = Phase::choose;
        return;
      }
      case RoundStepKind::choice: {
        int by = exprs.player(step.player, ctx);
        auto alternatives = offered(s, step);
        if (alternatives.size() == 1) {  // no decision: the one alternative offered runs (G10)
          s.setup_step = static_cast<std::uint8_t>(step.alternatives[alternatives.front()].first);
          continue;
        }
        if (alternatives.empty()) {  // none offered: past every alternative's steps
          s.setup_step = static_cast<std::uint8_t>(step.target);
          continue;
        }
        s.mover = static_cast<std::uint8_t>(by);
        s.phase = Phase::choice;
        return;
      }
      case RoundStepKind::jump:  // the end of an alternative's steps
        s.setup_step = static_cast<std::uint8_t>(step.target);
        continue;
    }
    ++s.setup_step;
  }
  s.phase = Phase::play;
  start_turn(s, ev);
}

// A set-up decision's moves in order, as a count and the move at each index, so that a playout
// draws one without listing them (Game::random_ply) and setup_moves lists the same ones.
Game::SetupChoices Game::setup_choices(const State& s) const {
  SetupChoices c;
  if (s.phase == Phase::flip) {
    c.flip = true;
    c.count = 2;
    return c;
  }
  const RoundStep& step = setup_step(s);
  if (s.phase == Phase::choose || s.phase == Phase::choice) {
    c.kind = s.phase == Phase::choose ? MoveKind::choose : MoveKind::choice;
    c.options = s.phase == Phase::choose ? choosable(s, step) : offered(s, step);
    if (c.kind == MoveKind::choice)
      for (auto& option : c.options) option = static_cast<std::uint8_t>(step.alternatives[option].id);
    c.count = c.options.size();
    return c;
  }
  EvalContext ctx = context(s);
  auto region = rules_.exprs.region(step.region, ctx);
  if (s.place_index >= region.size()) return c;
  c.hole = region[s.place_index];
  c.rest = s.place_left;
  int later = static_cast<int>(region.size()) - s.place_index - 1;
  if (later == 0) {  // the last hole takes the rest: a forced move, still a move (K12, L2)
    c.count = 1;
    c.only_rest = true;
    return c;
  }
  // In 64 bits: min: may be any 32-bit integer the rule file gives.
  c.least = step.min;
  const long most = s.place_left - static_cast<long>(step.min) * later;
  long count = std::max(0L, most - c.least + 1);
  // L2: with every hole placed so far equal (or none placed), a count that would force the rest
  // to be equal too is not allowed; at most one count does.
  bool all_equal = true;
  for (int i = 1; i < s.place_index; ++i) all_equal &= s.holes[region[i]] == s.holes[region[0]];
  if (step.uneven && all_equal) {
    auto forces_equal = [&](long n) {
      const long rest = s.place_left - n;
      return later == 1 ? rest == n : (rest == later * n && n == step.min);
    };
    long candidate = SetupChoices::kNone;
    if (s.place_index > 0) candidate = s.holes[region[0]];
    else if (later == 1 && s.place_left % 2 == 0) candidate = s.place_left / 2;
    else if (later > 1) candidate = step.min;
    if (candidate != SetupChoices::kNone && candidate >= c.least && candidate <= most && forces_equal(candidate)) {
      c.excluded = candidate;
      --count;
    }
  }
  // Rules whose minimum (or evenness) cannot be met leave one move: all that is left, here.
  c.count = count > 0 ? static_cast<std::size_t>(count) : 1;
  c.only_rest = count <= 0;
  return c;
}

Move Game::setup_move_at(const SetupChoices& c, std::size_t i) const {
  if (c.flip) return {i == 0 ? MoveKind::flip : MoveKind::keep, kNoHole, Dir::ccw, false, 0};
  if (c.kind == MoveKind::choose) return {MoveKind::choose, c.options[i], Dir::ccw, false, 0};
  if (c.kind == MoveKind::choice) return {MoveKind::choice, kNoHole, Dir::ccw, false, c.options[i]};
  if (c.only_rest) return {MoveKind::place, c.hole, Dir::ccw, false, c.rest};
  long n = c.least + static_cast<long>(i);
  if (c.excluded != SetupChoices::kNone && n >= c.excluded) ++n;
  return {MoveKind::place, c.hole, Dir::ccw, false, static_cast<std::int32_t>(n)};
}

void Game::setup_moves(const State& s, std::vector<Move>& out) const {
  const SetupChoices c = setup_choices(s);
  for (std::size_t i = 0; i < c.count; ++i) out.push_back(setup_move_at(c, i));
}

void Game::apply_setup_move(State& s, const Move& m, std::vector<Event>* ev) const {
  const Layout& l = layout(s.columns);
  if (s.phase == Phase::flip) {
    if (m.kind == MoveKind::flip) {  // L3: turn the board round
      auto turned = s.holes;
      for (int h = l.first_pit(); h < l.size; ++h) turned[l.rotated[h]] = s.holes[h];
      s.holes = turned;
    } else if (m.kind != MoveKind::keep) {
      throw std::logic_error("expected flip or keep");
    }
    emit(ev, s.mover, setup_step(s).clause, FlipEvent{m.kind == MoveKind::flip});
  } else if (s.phase == Phase::choose) {
    const RoundStep& step = setup_step(s);
    if (m.kind != MoveKind::choose) throw std::logic_error("expected a hole to choose");
    s.flags[m.hole] = static_cast<std::uint8_t>(s.flags[m.hole] | 1u << step.mark);
    emit(ev, s.mover, step.clause, MarkEvent{m.hole, step.mark});
    if (--s.place_left > 0 && !choosable(s, step).empty()) return;
  } else if (s.phase == Phase::choice) {
    const RoundStep& step = setup_step(s);
    if (m.kind != MoveKind::choice) throw std::logic_error("expected an alternative");
    auto chosen = std::find_if(step.alternatives.begin(), step.alternatives.end(),
                               [&](const Alternative& a) { return a.id == m.count; });
    if (chosen == step.alternatives.end()) throw std::logic_error("not an alternative of this step");
    emit(ev, s.mover, step.clause, ChoiceEvent{m.count});
    s.setup_step = static_cast<std::uint8_t>(chosen->first);
    s.phase = Phase::play;
    run_round_steps(s, ev);
    return;
  } else {
    if (m.kind != MoveKind::place) throw std::logic_error("expected a placement");
    const RoundStep& step = setup_step(s);
    s.holes[m.hole] = static_cast<Count>(s.holes[m.hole] + m.count);
    s.place_left -= m.count;
    EvalContext ctx = context(s);
    if (step.from_store) add_to_store(s, rules_.exprs.player(step.source, ctx), -m.count);
    emit(ev, s.mover, step.clause, PlacementEvent{m.hole, m.count});
    if (++s.place_index < rules_.exprs.region(step.region, ctx).size()) return;
  }
  ++s.setup_step;
  s.phase = Phase::play;
  run_round_steps(s, ev);
}

void Game::finish_round(State& s, bool repeated, std::vector<Event>* ev) const {
  const Rounds& r = *rules_.rounds;
  if (!r.end_steps.empty()) {  // round-end's steps, before the tallies (mover: who made the last move)
    EvalContext ctx = context(s);
    for (const TurnStep& step : r.end_steps) run_turn_step(s, step, ctx, ev);
  }
  for (int p = 0; p < rules_.players; ++p) s.tallies[p] = tally(s, r.tally, p);
  emit(ev, s.mover, r.over_clause, RoundEndEvent{s.tallies, rules_.players, repeated});
  // The round's winner has the largest tally, its loser the smallest; a shared lead is a tie.
  int best = 0, worst = 0;
  bool tie = false;
  for (int p = 1; p < rules_.players; ++p) {
    if (s.tallies[p] > s.tallies[best]) best = p, tie = false;
    else if (s.tallies[p] == s.tallies[best]) tie = true;
    if (s.tallies[p] < s.tallies[worst]) worst = p;
  }
  if (tie && r.tie_draws) {  // K10
    game_over(s, Outcome::draw, r.tie_clause, ev);
    return;
  }
  if (tie) emit(ev, s.mover, r.tie_clause, RoundReplayedEvent{});
  if (!tie) {
    s.winner = static_cast<std::uint8_t>(best);
    s.loser = static_cast<std::uint8_t>(worst);
    if (r.points) s.scores[s.winner] += s.tallies[s.winner] - s.tallies[s.loser];  // L8
  }
  s.next_columns = s.columns;
  if (!r.reductions.empty()) {  // K11: by the loser's share of T
    long share = s.tallies[s.loser], t = initial_side_[s.loser];
    std::size_t k = 0;  // the first threshold T/s the loser reaches
    while (k < r.shares.size() && share * r.shares[k] < t) ++k;
    k = std::min(k, r.reductions.size() - 1);
    long columns = std::max(static_cast<long>(initial_columns_) - r.reductions[k],  // any 32-bit
                            static_cast<long>(r.min_columns));                       // reduction
    s.next_columns = static_cast<std::uint8_t>(std::clamp(columns, 1L, static_cast<long>(initial_columns_)));
  }
  EvalContext ctx = context(s);
  if (!tie)
    for (const Rounds::MatchWon& won : r.match_won)
      if (rules_.exprs.condition(won.guard, ctx)) {
        game_over(s, win_for(s.winner), won.clause, ev);
        return;
      }
  ++s.round;
  begin_round(s, ev);
}

}  // namespace mancala
