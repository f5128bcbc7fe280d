// Turns: start and end of a turn, legal moves, applying a move (docs/rulings.md G6, G7, G10, K5).
#include <algorithm>
#include <cassert>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

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
  ctx.counts = s.holes.data();
  ctx.layout = &layouts_[s.columns];
  ctx.mover = s.mover;
  return ctx;
}

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

std::uint64_t Game::position_hash(const StateCore& s, int mover) const {
  // The counts are read eight bytes at a time, each word multiplied by a constant of its own and
  // the products summed (multiplications that do not wait on each other), then mixed once; a last
  // part-word is read as the word ending there. Owners are left to the comparison that follows a
  // matching hash.
  constexpr std::uint64_t kWeight = 0x9e3779b97f4a7c15ull;
  const auto* counts = reinterpret_cast<const unsigned char*>(s.holes.data());
  const std::size_t bytes = static_cast<std::size_t>(layouts_[s.columns].size) * sizeof(Count);
  std::uint64_t h = static_cast<std::uint64_t>(mover) + 1u;
  auto word_at = [counts](std::size_t i) {
    std::uint64_t word;
    std::memcpy(&word, counts + i, 8);
    return word;
  };
  std::uint64_t weight = kWeight;
  std::size_t i = 0;
  for (; i + 8 <= bytes; i += 8, weight += 2 * kWeight) h += word_at(i) * weight;
  if (i < bytes) {
    if (bytes >= 8) {
      h += word_at(bytes - 8) * weight;
    } else {
      for (; i < bytes; i += 2, weight += 2 * kWeight) h += static_cast<std::uint16_t>(s.holes[i / 2]) * weight;
    }
  }
  h ^= h >> 31;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 29;
  return h;
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
    for (const Effect& e : rule.effects) apply_effect(s, e, ctx, ev);
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
    for (const Effect& e : rule.effects) apply_effect(s, e, ctx, ev);
    game_over(s, result_of(s, rule.result, ctx), rule.clause, ev);
    return;
  }
  if (rules_.rounds) {
    if (rules_.uses_repetition) {  // L8: compared at the end of every turn
      const int next = player_after(s.mover, rules_.players);
      const std::uint64_t hash = position_hash(s, next);
      ctx.repeated = s.round_positions.contains(hash, s, next);
      s.round_positions.add(hash, s, next);
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
  if (o.restricted) {
    EvalContext at = ctx;
    at.subject = s.landing;
    o.allowed = exprs.region(s.again_origin, at);
  }
  if (rule.origin_rightmost_occupied != kNoExpr) {  // one hole, found here without a call per node
    o.holes = ctx.layout->only(exprs.rightmost_occupied(exprs[rule.origin_rightmost_occupied], ctx));
  } else {
    o.holes = exprs.region(rule.origin_region, ctx);
  }
  return o;
}

bool Game::origin_allowed(const StateCore& s, const Sowing& rule, const Origins& o, int h, Dir dir,
                          EvalContext& ctx) const {
  if (!origin_counts(s, rule, h)) return false;
  if (o.restricted && std::find(o.allowed.begin(), o.allowed.end(), h) == o.allowed.end()) return false;
  if (rule.origin_guard == kNoExpr) return true;
  ctx.subject = ctx.origin = h;
  ctx.dir = dir;  // the guard may ask for the direction (clockwise)
  return rules_.exprs.condition(rule.origin_guard, ctx);
}

void Game::sow_origins(const State& s, const Sowing& rule, std::vector<Move>& out) const {
  EvalContext ctx = context(s);
  const Origins o = origins_of(s, rule, ctx);
  for (auto h : o.holes)
    for (int d = 0; d < o.ndirs; ++d)
      if (origin_allowed(s, rule, o, h, o.dirs[d], ctx)) out.push_back(Move{MoveKind::sow, h, o.dirs[d], o.written, 0});
}

Game::Verdict Game::judge(const State& s, const Sowing& rule, const Move& m, StateCore& scratch,
                          std::vector<Event>* ev) const {
  scratch = s;
  SowOutcome outcome = sow_move(scratch, rule, m, nullptr);
  return verdict(s, s.turn_positions, rule, m, scratch, outcome, ev);
}

void Game::note_exclusion(const StateCore& s, const Move& m, SowEnd end, std::vector<Event>* ev) const {
  excluded_.fetch_add(1, std::memory_order_relaxed);
  emit(ev, s.mover, kNoClause, ExcludedEvent{m, end == SowEnd::endless});
}

Game::Verdict Game::verdict(const StateCore& s, const PositionHistory& turn_positions,
                            const Sowing& rule, const Move& m, const StateCore& scratch,
                            const SowOutcome& outcome, std::vector<Event>* ev) const {
  Verdict verdict;
  verdict.outcome = outcome;
  if (excluded_by_g6(s, turn_positions, m, scratch, outcome.end, ev)) return verdict;
  verdict.legal = true;
  apply_filters(s, rule, m, scratch, outcome, verdict);
  return verdict;
}

void Game::apply_filters(const StateCore& s, const Sowing& rule, const Move& m, const StateCore& scratch,
                         const SowOutcome& outcome, Verdict& verdict) const {
  // Legality by consequence: the filters that apply before the move, on its outcome.
  const ExprPool& exprs = rules_.exprs;
  for (const Filter& f : rule.filters) {
    EvalContext before = context(s);
    before.subject = before.origin = m.hole;
    before.dir = m.dir;
    if (f.when != kNoExpr && !exprs.condition(f.when, before)) continue;
    EvalContext after = context(scratch);
    after.mover = s.mover;
    after.origin = m.hole;
    after.subject = after.landing = outcome.landing;
    after.dir = m.dir;
    after.crossed = outcome.crossed;
    after.captured = outcome.captured;
    bool holds = exprs.condition(f.condition, after);
    (f.prefer ? verdict.preferred : verdict.legal) &= holds;
  }
}

void Game::sow_candidates(const State& s, std::vector<Move>& out, Expansion* expansion,
                          std::vector<Event>* ev) const {
  const Sowing* found = sowing_of(s);
  if (!found) return;
  const Sowing& rule = *found;
  const std::size_t first_move = out.size();
  sow_origins(s, rule, out);
  if (!needs_judging(s, rule)) {
    if (expansion) expansion->outcome.resize(out.size(), -1);
  } else {
    // Sowings that may relay, repeat a turn's position or meet a filter are played out first.
    std::vector<std::uint8_t> preferred;  // per legal candidate: meets every prefer filter
    StateCore scratch;
    std::size_t kept = first_move;
    for (std::size_t i = first_move; i < out.size(); ++i) {
      Move m = out[i];
      Verdict verdict = judge(s, rule, m, scratch, ev);
      if (!verdict.legal) continue;
      out[kept++] = m;
      preferred.push_back(verdict.preferred);
      if (expansion) {
        expansion->outcome.push_back(static_cast<int>(expansion->afters.size()));
        expansion->ends.push_back(verdict.outcome.end);
        expansion->afters.push_back(scratch);
      }
    }
    out.resize(kept);
    // Prefer filters: if some move meets them, only those are legal.
    if (std::find(preferred.begin(), preferred.end(), 1) != preferred.end() &&
        std::find(preferred.begin(), preferred.end(), 0) != preferred.end()) {
      kept = first_move;
      std::size_t base = expansion ? expansion->outcome.size() - preferred.size() : 0;
      for (std::size_t i = 0; i < preferred.size(); ++i) {
        if (!preferred[i]) continue;
        out[kept] = out[first_move + i];
        if (expansion) expansion->outcome[base + kept - first_move] = expansion->outcome[base + i];
        ++kept;
      }
      out.resize(kept);
      if (expansion) expansion->outcome.resize(base + kept - first_move);
    }
  }
  if (rule.optional) {
    out.push_back({MoveKind::pass, kNoHole, Dir::ccw, false, 0});
    if (expansion) expansion->outcome.push_back(-1);
  }
}

bool Game::needs_judging(const State& s, const Sowing& rule) const {
  // Unjudged candidates are a fast routine (fast_paths.hpp): a rule without laps or filters sows
  // one handful, and a handful drops at most every counter of the game, so only a drop limit
  // below that, or G6 in a further decision of the turn, can exclude it.
  return !rule.unjudged || s.continuing || drop_limit() < kMaxCounters;
}

template <class Keep>
[[gnu::always_inline]] inline Game::Draw Game::draw_candidate(const State& s, const Sowing& rule,
                                                              std::size_t others, PlayoutRng& rng,
                                                              Keep&& keep) const {
  EvalContext ctx = context(s);
  const Origins o = origins_of(s, rule, ctx);
  // The candidates as codes (hole * 2 + which of the directions), on the stack.
  std::uint16_t codes[2 * kMaxHoles];
  std::size_t count = 0;
  auto candidate = [&](std::size_t i) {
    return Move{MoveKind::sow, static_cast<std::uint8_t>(codes[i] >> 1), o.dirs[codes[i] & 1], o.written, 0};
  };
  // First, draw an origin hole and direction and test only that one: a draw that is not a
  // candidate is drawn again, or all candidates are listed and one is drawn among them, which
  // keeps the draw uniform over the candidates (tests/test_playout.cpp). Most draws hit.
  const bool count_only = rule.origin_guard == kNoExpr && !o.restricted;  // a least count, in play
  const std::size_t slots = o.holes.size() * static_cast<std::size_t>(o.ndirs);
  const int draws = count_only ? 2 : 8;  // listing costs a few draws; testing a guard, more
  for (int draw = 0; draw < draws && slots + others > 0; ++draw) {
    std::size_t i = slots + others == 1 ? 0 : rng.below(slots + others);  // one choice: nothing to draw
    if (i >= slots) return {Draw::Kind::other, {}, i - slots};
    const bool both = o.ndirs == 2;
    int h = o.holes[both ? i >> 1 : i];
    Dir d = o.dirs[both ? i & 1 : 0];
    if (count_only ? !origin_counts(s, rule, h) : !origin_allowed(s, rule, o, h, d, ctx)) continue;
    Move m{MoveKind::sow, static_cast<std::uint8_t>(h), d, o.written, 0};
    if (keep(m)) return {Draw::Kind::kept, m, 0};
    break;
  }
  if (count_only && o.holes.size() <= kMaxHoles) {
    // Every candidate listed in one tight pass, without a branch.
    for (auto h : o.holes) {
      const bool allowed = origin_counts(s, rule, h);
      codes[count] = static_cast<std::uint16_t>(h << 1);
      codes[count + 1] = static_cast<std::uint16_t>(h << 1 | 1);
      count += allowed ? static_cast<std::size_t>(o.ndirs) : 0;
    }
  } else {
    thread_local std::vector<Move> all;
    all.clear();
    sow_origins(s, rule, all);
    for (const Move& m : all)
      if (count < std::size(codes)) codes[count++] = static_cast<std::uint16_t>(m.hole << 1 | (m.dir == o.dirs[0] ? 0 : 1));
  }
  while (count > 0 || others > 0) {
    std::size_t i = rng.below(count + others);
    if (i >= count) return {Draw::Kind::other, {}, i - count};
    Move m = candidate(i);
    if (keep(m)) return {Draw::Kind::kept, m, 0};
    codes[i] = codes[--count];
  }
  return {Draw::Kind::none, {}, 0};
}

Move Game::apply_random(State& s, PlayoutRng& rng) const { return random_ply(s, rng, nullptr); }

void Game::playout(State& s, PlayoutRng& rng, std::int32_t last_ply) const {
  thread_local FurtherDraw ahead;
  ahead.rng = &rng;
  ahead.ready = false;
  while (!is_over(s) && s.ply < last_ply) random_ply(s, rng, &ahead);
}

Move Game::random_ply(State& s, PlayoutRng& rng, FurtherDraw* ahead) const {
  if (ahead && ahead->ready) {  // the further decision drawn when its existence was checked
    ahead->ready = false;
    const Move m = ahead->move;
    play_sown(s, ahead->after, ahead->end, ahead);
    return m;
  }
  if (s.phase == Phase::place || s.phase == Phase::flip) {  // a set-up decision: drawn, not listed
    const SetupChoices choices = setup_choices(s);
    if (choices.count > 0) {
      const Move m = setup_move_at(choices, rng.below(choices.count));
      apply(s, m);
      return m;
    }
  }
  const Sowing* rule = s.phase == Phase::play ? sowing_of(s) : nullptr;
  if (!rule || rule->prefers()) {  // the legal moves depend on each other: list them all
    thread_local Expansion expansion;
    legal_expanded(s, expansion);
    std::size_t i = rng.below(expansion.moves.size());
    Move m = expansion.moves[i];
    apply_expanded(s, expansion, i);
    return m;
  }
  // Draw a candidate and keep it if it is legal: uniform over the legal moves, and a move is
  // sown once, not once to list it and once to play it. Store moves (store 1 .. store N) and a
  // pass the rule allows are always legal: they are counted, not listed.
  const std::size_t others = (rules_.store_sow && !s.continuing ? first_store(s, s.mover) : 0) +
                             (rule->optional ? 1 : 0);
  auto other_move = [&](std::size_t k) {  // the k-th of the others
    return rule->optional && k + 1 == others ? Move{MoveKind::pass, kNoHole, Dir::ccw, false, 0}
                                             : Move{MoveKind::store, kNoHole, Dir::ccw, false,
                                                    static_cast<std::int32_t>(k) + 1};
  };
  const bool judged = needs_judging(s, *rule);
  thread_local StateCore before;
  // Plays a candidate if it is legal; false (the position unchanged) if G6 excludes it.
  auto try_sowing = [&](const Move& m) {
    if (!judged) {
      apply(s, m, nullptr, ahead);
      return true;
    }
    // Sown in place, the position before kept: one copy, and a second only to undo an
    // excluded candidate.
#ifndef NDEBUG
    const long counters = total_counters(s);
    const std::int32_t round = s.round;
#endif
    // Where nothing but the counts and scalars can change and nothing asks for the rest of the
    // position before (filters, a further decision's G6), only those are kept.
    const bool counts_only = rule->changes_counts_only && rule->filters.empty() && !has_again_;
    // A reversible one keeps nothing: sow_move rebuilds the counts before it, into `before`,
    // once it may yet be excluded (as endless: nothing else excludes a counts-only sowing).
    const bool reversible = counts_only && rule->reversible;
    if (counts_only && !reversible) {
      static_cast<StateScalars&>(before) = s;
      copy_same_size(before.holes, s.holes);
    } else if (!counts_only) {
      before = s;
    }
    SowOutcome outcome = sow_move(s, *rule, m, nullptr, reversible ? &before : nullptr);
    // A counts-only sowing leaves the scalars as they were: `s` answers for them then.
    const StateCore& start = reversible ? static_cast<const StateCore&>(s) : before;
    // G6, then the filters if there are any, asked here: a whole Verdict built to be returned
    // stalled on its own bytes at every move.
    auto filters_allow = [&] {
      Verdict filtered;
      filtered.legal = true;
      apply_filters(before, *rule, m, s, outcome, filtered);
      return filtered.legal;
    };
    if (excluded_by_g6(start, s.turn_positions, m, s, outcome.end, nullptr) ||
        (!rule->filters.empty() && !filters_allow())) {
      if (counts_only) {
        if (!reversible) static_cast<StateScalars&>(s) = before;
        copy_same_size(s.holes, before.holes);
      } else {
        static_cast<StateCore&>(s) = before;
      }
      return false;
    }
    keep_turn_start(s, start, outcome.end);
    ++s.ply;
    finish_sowing(s, outcome.end, nullptr, ahead);
#ifndef NDEBUG
    check_invariants(*this, s, counters, round, true);
#endif
    return true;
  };
  const Draw drawn = draw_candidate(s, *rule, others, rng, try_sowing);
  if (drawn.kind == Draw::Kind::kept) return drawn.move;
  Move m = drawn.kind == Draw::Kind::other ? other_move(drawn.other)
                                           : Move{MoveKind::pass, kNoHole, Dir::ccw, false, 0};  // G7
  apply(s, m);
  return m;
}

void Game::legal_moves(const State& s, std::vector<Move>& out) const {
  legal_moves(s, out, nullptr);
}

void Game::legal_moves(const State& s, std::vector<Move>& out, std::vector<Event>* excluded) const {
  out.clear();
  switch (s.phase) {
    case Phase::over: return;
    case Phase::place:
    case Phase::flip: setup_moves(s, out); return;
    case Phase::play: break;
  }
  play_moves(s, out, nullptr, excluded);
}

void Game::play_moves(const State& s, std::vector<Move>& out, Expansion* expansion,
                      std::vector<Event>* ev) const {
  sow_candidates(s, out, expansion, ev);
  if (rules_.store_sow && !s.continuing)
    for (int n = 1; n <= first_store(s, s.mover); ++n) out.push_back({MoveKind::store, kNoHole, Dir::ccw, false, n});
  if (out.empty()) out.push_back({MoveKind::pass, kNoHole, Dir::ccw, false, 0});  // G7
}

void Game::apply(State& s, const Move& m, std::vector<Event>* ev) const { apply(s, m, ev, nullptr); }

void Game::apply(State& s, const Move& m, std::vector<Event>* ev, FurtherDraw* ahead) const {
  const std::int32_t ply = s.ply;
  try {
    play(s, m, ev, ahead);
  } catch (const PlayError&) {
    throw;
  } catch (const std::exception& e) {
    throw PlayError(fmt::format("ply {}: playing {} (the position as left: {}): {}", ply,
                                move_text(s, m), position_text(s), e.what()));
  }
}

void Game::play(State& s, const Move& m, std::vector<Event>* ev, FurtherDraw* ahead) const {
  if (s.phase == Phase::over) throw std::logic_error("the game is over");
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
    const Sowing* rule = sowing_of(s);
    if (!rule) throw std::logic_error("no sowing rule is in force");
    // G6 compares further moves with the turn's positions, its first one included.
    SowEnd end;
    if (has_again_ && !s.continuing) {
      thread_local StateCore start;
      start = s;
      end = sow_move(s, *rule, m, ev).end;
      keep_turn_start(s, start, end);
    } else {
      end = sow_move(s, *rule, m, ev).end;
    }
    finish_sowing(s, end, ev, ahead);
  } else {
    throw std::logic_error("not a move of play");
  }
#ifndef NDEBUG
  check_invariants(*this, s, counters, round, of_play);
#endif
}

void Game::keep_turn_start(State& s, const StateCore& start, SowEnd end) const {
  if (end == SowEnd::again && !start.continuing) remember(s.turn_positions, start, start.mover);
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
    std::vector<Move> further;
    sow_candidates(s, further, nullptr, ev);
    if (further.empty()) end_turn(s, ev);
  } else if (ahead ? !draw_further(s, *ahead) : !has_sow_move(s)) {
    end_turn(s, ev);
  }
}

bool Game::draw_further(const State& s, FurtherDraw& ahead) const {
  const Sowing* rule = sowing_of(s);
  if (!rule || rule->optional || rule->prefers()) return has_sow_move(s);  // nothing to draw ahead
  // The same draw as random_ply's, each candidate judged on the position kept for the next ply.
  const Draw drawn = draw_candidate(s, *rule, 0, *ahead.rng, [&](const Move& m) {
    const Verdict verdict = judge(s, *rule, m, ahead.after, nullptr);
    ahead.end = verdict.outcome.end;
    return verdict.legal;
  });
  ahead.ready = drawn.kind == Draw::Kind::kept;
  ahead.move = drawn.move;
  return ahead.ready;
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
      if (!judged || judge(s, *rule, Move{MoveKind::sow, h, o.dirs[d], o.written, 0}, scratch, nullptr).legal)
        return true;
    }
  return false;
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
  play_sown(s, e.afters[k], e.ends[k], nullptr);
}

void Game::play_sown(State& s, const StateCore& after, SowEnd end, FurtherDraw* ahead) const {
#ifndef NDEBUG
  const long counters = total_counters(s);
  const std::int32_t round = s.round;
#endif
  keep_turn_start(s, s, end);
  static_cast<StateCore&>(s) = after;  // sown from this position: the same ply
  ++s.ply;
  finish_sowing(s, end, nullptr, ahead);
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
