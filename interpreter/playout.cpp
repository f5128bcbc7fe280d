// Random play: a move drawn uniformly among the legal moves, found by drawing candidates and
// keeping the first that is legal (judged as moves.cpp judges them), so that a playout sows each
// move once rather than once to list it and once to play it; whole playouts, where a turn that
// goes on (K5) draws its further move when it checks that one exists.
#include "interpreter/game.hpp"

namespace mancala {

template <class Keep>
[[gnu::always_inline]] inline Game::Draw Game::draw_candidate(const State& s, const Sowing& rule, std::size_t others,
                                                              PlayoutRng& rng, Keep&& keep) const {
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

bool Game::try_sowing(State& s, const Sowing& rule, const Move& m, FurtherDraw* ahead) const {
  MANCALA_DEBUG_ONLY(const MoveCheck check = move_check(s));
  if (!needs_judging(s, rule)) {
    const std::int32_t ply = s.ply;
    try {
      play_candidate(s, rule, m, nullptr, ahead);
    } catch (const std::exception& e) {
      throw_play_error(s, m, ply, e);
    }
    MANCALA_DEBUG_ONLY(check_move(s, check));
    return true;
  }
  // Sown in place, the position before kept: one copy, and a second only to undo an excluded
  // candidate. Where nothing but the counts and scalars can change and nothing asks for the rest
  // of the position before (filters, a further decision's G6), only those are kept; a reversible
  // sowing keeps nothing, and sow_move rebuilds the counts before it, into `before`, once it may
  // yet be excluded (as endless: nothing else excludes a counts-only sowing).
  thread_local StateCore before;
  const bool counts_only = rule.changes_counts_only && rule.filters.empty() && !has_again_;
  const bool reversible = counts_only && rule.reversible;
  if (counts_only && !reversible) {
    static_cast<StateScalars&>(before) = s;
    copy_same_size(before.holes, s.holes);
  } else if (!counts_only) {
    before = s;
  }
  const SowOutcome outcome = sow_move(s, rule, m, nullptr, reversible ? &before : nullptr);
  // A counts-only sowing leaves the scalars as they were: `s` answers for them then.
  const StateCore& start = reversible ? static_cast<const StateCore&>(s) : before;
  if (!verdict(start, s.turn_positions, rule, m, s, outcome, nullptr).legal) {
    if (counts_only) {
      if (!reversible) static_cast<StateScalars&>(s) = before;
      copy_same_size(s.holes, before.holes);
    } else {
      static_cast<StateCore&>(s) = before;
    }
    return false;
  }
  finish_sown(s, start, outcome.end, nullptr, ahead);
  MANCALA_DEBUG_ONLY(check_move(s, check));
  return true;
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
    MANCALA_DEBUG_ONLY(const MoveCheck check = move_check(s));
    // finish_sown, with the position before the sowing still in `s` when the turn's start is kept
    keep_turn_start(s, s, ahead->end);
    static_cast<StateCore&>(s) = ahead->after;  // sown from this position: the same ply
    ++s.ply;
    finish_sowing(s, ahead->end, nullptr, ahead);
    MANCALA_DEBUG_ONLY(check_move(s, check));
    return m;
  }
  if (s.phase != Phase::play && s.phase != Phase::over) {  // a set-up decision: drawn, not listed
    const SetupChoices choices = setup_choices(s);
    if (choices.count > 0) {
      const Move m = setup_move_at(choices, rng.below(choices.count));
      apply(s, m);
      return m;
    }
  }
  const Sowing* rule = s.phase == Phase::play ? sowing_of(s) : nullptr;
  // The legal moves depend on each other, or a hole gives several (amounts): list them all.
  if (!rule || rule->prefers() || rule->chooses_amount()) {
    thread_local std::vector<Move> legal;
    legal_moves(s, legal);
    const Move m = legal[rng.below(legal.size())];
    apply(s, m);
    return m;
  }
  // Store moves (store LEAST .. store MOST) and a pass the rule allows are always legal: they are
  // counted, not listed.
  const Amounts stored = rules_.store_sow && !s.continuing ? store_amounts(s) : Amounts{1, 0};
  const std::size_t others =
      static_cast<std::size_t>(std::max(0, stored.most - stored.least + 1)) + (rule->optional ? 1 : 0);
  const Draw drawn = draw_candidate(s, *rule, others, rng, [&](const Move& m) { return try_sowing(s, *rule, m, ahead); });
  if (drawn.kind == Draw::Kind::kept) return drawn.move;
  const Move m = drawn.kind != Draw::Kind::other        ? Move{MoveKind::pass, kNoHole, Dir::ccw, false, 0}  // G7
                 : rule->optional && drawn.other + 1 == others ? Move{MoveKind::pass, kNoHole, Dir::ccw, false, 0}
                                                               : Move{MoveKind::store, kNoHole, Dir::ccw, false,
                                                                      stored.least + static_cast<std::int32_t>(drawn.other)};
  apply(s, m);
  return m;
}

bool Game::draw_further(const State& s, FurtherDraw& ahead) const {
  const Sowing* rule = sowing_of(s);
  if (!rule || rule->optional || rule->prefers() || rule->chooses_amount()) return has_sow_move(s);  // nothing to draw ahead
  // The same draw as random_ply's, each candidate judged on the position kept for the next ply.
  const Draw drawn = draw_candidate(s, *rule, 0, *ahead.rng, [&](const Move& m) {
    const Verdict v = judge(s, *rule, m, ahead.after, nullptr);
    ahead.end = v.outcome.end;
    return v.legal;
  });
  ahead.ready = drawn.kind == Draw::Kind::kept;
  ahead.move = drawn.move;
  return ahead.ready;
}

}  // namespace mancala
