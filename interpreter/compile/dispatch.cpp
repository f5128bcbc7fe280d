// The one dispatch on the ludeme a node matched. The switch has no default and this file is
// compiled with -Werror=switch: a ludeme added to enum Ludeme without a case here fails the
// build, naming it (docs/extending.md). Each case is one line: the handler, or an expression's
// operation.
#include "interpreter/compile/compiler.hpp"

namespace mancala::compiler {

ExprId Compiler::form(const Node& n, Target t) {
  using L = Ludeme;
  switch (n.ludeme) {
    case L::none: throw InternalError(n, "a node the checker did not resolve");
    // Resolved by the checker's passes: they never reach the compiler.
    case L::import:
    case L::define:
    case L::option:
    case L::range:
    case L::opt:
    case L::option_case:
    case L::default_: throw InternalError(n, "'" + n.text + "' should have been resolved");

    // ---- game clauses ----------------------------------------------------------------------
    case L::game: game(n); return kNoExpr;
    case L::source: rules.sources.push_back(arg(n, "text")->text); return kNoExpr;
    case L::note: rules.notes.push_back(arg(n, "text")->text); return kNoExpr;
    case L::status: status(n); return kNoExpr;
    case L::board: board(n); return kNoExpr;
    case L::players: players(n); return kNoExpr;
    case L::side: side(n); return kNoExpr;
    case L::track: track(n); return kNoExpr;
    case L::hole_numbers: hole_numbers(n); return kNoExpr;
    case L::start: clauses(n, "step", {}); return kNoExpr;
    case L::opening: clauses(n, "step", {}); return kNoExpr;
    case L::first_mover:
      if (t.steps) round_first_mover(n, *t.steps);
      else game_first_mover(n);
      return kNoExpr;
    case L::sow: sow(n); return kNoExpr;
    case L::store_sow: store_sow(n); return kNoExpr;
    case L::turn_start: clauses(n, "step", {}); return kNoExpr;
    case L::end: clauses(n, "clause", {}); return kNoExpr;
    case L::rounds: rounds(n); return kNoExpr;
    case L::max_drops: max_drops(n); return kNoExpr;

    // ---- start and opening steps -------------------------------------------------------------
    case L::fill: start_step(n, StartKind::fill); return kNoExpr;
    case L::put: start_step(n, StartKind::put); return kNoExpr;
    case L::row_pattern: start_step(n, StartKind::row_pattern); return kNoExpr;
    case L::mirror_start: start_step(n, StartKind::mirror); return kNoExpr;
    case L::remove_last_occupied: removal(n); return kNoExpr;

    // ---- sowing ------------------------------------------------------------------------------
    case L::origin: origin(n, need(t.sowing, n)); return kNoExpr;
    case L::direction:
      need(t.sowing, n).direction = symbol(arg(n, "direction"), DirRule::ccw,
          {{Symbol::ccw, DirRule::ccw}, {Symbol::cw, DirRule::cw}, {Symbol::choice, DirRule::choice}});
      t.sowing->direction_clause = clause(n);
      return kNoExpr;
    case L::first_drop:
      need(t.sowing, n).first_drop = symbol(arg(n, "where"), FirstDrop::next,
          {{Symbol::next, FirstDrop::next}, {Symbol::origin_unless_single, FirstDrop::origin_unless_single},
           {Symbol::origin, FirstDrop::origin}});
      t.sowing->first_drop_clause = clause(n);
      return kNoExpr;
    case L::lift: lift(n, need(t.sowing, n)); return kNoExpr;
    case L::skip: skip(n, need(t.sowing, n)); return kNoExpr;
    case L::on_drop: on_drop(n, need(t.sowing, n)); return kNoExpr;
    case L::divert: divert(n, need(t.sowing, n)); return kNoExpr;
    case L::stop: stop(n, need(t.sowing, n)); return kNoExpr;
    case L::require: filter(n, need(t.sowing, n), false); return kNoExpr;
    case L::prefer: filter(n, need(t.sowing, n), true); return kNoExpr;
    case L::may_pass: need(t.sowing, n).optional = true; return kNoExpr;
    case L::amount: amount(n, need(t.sowing, n)); return kNoExpr;
    case L::before_lift: before_lift(n, need(t.sowing, n)); return kNoExpr;
    case L::lap: lap(n, need(t.sowing, n)); return kNoExpr;
    case L::again: again(n, need(t.sowing, n)); return kNoExpr;
    case L::capture: need(t.captures, n); capture(n, t); return kNoExpr;
    case L::take: {
      ExprId count = arg(n, "count") ? expr(*arg(n, "count")) : kNoExpr;
      if (t.chain) t.chain->take = take(n), t.chain->take_count = count;
      else need(t.capture, n).take = take(n), t.capture->take_count = count;
      return kNoExpr;
    }
    case L::into_store: need(t.capture, n).into = kNoExpr; return kNoExpr;
    case L::into: need(t.capture, n).into = expr(*arg(n, "hole")); return kNoExpr;
    case L::chain: chain(n, need(t.capture, n)); return kNoExpr;
    case L::if_: return operation(n, Op::all_of);

    // ---- effects -----------------------------------------------------------------------------
    case L::claim: effect(n, Effect::Kind::claim, need(t.effects, n)); return kNoExpr;
    case L::mark: effect(n, Effect::Kind::mark, need(t.effects, n)); return kNoExpr;
    case L::unmark: effect(n, Effect::Kind::unmark, need(t.effects, n)); return kNoExpr;
    case L::out_of_play: effect(n, Effect::Kind::out_of_play, need(t.effects, n)); return kNoExpr;
    case L::set_var: effect(n, Effect::Kind::set_var, need(t.effects, n)); return kNoExpr;
    case L::add_var: effect(n, Effect::Kind::add_var, need(t.effects, n)); return kNoExpr;
    case L::sweep: effect(n, Effect::Kind::sweep, need(t.effects, n)); return kNoExpr;

    // ---- turn start, end ---------------------------------------------------------------------
    case L::each: each(n, t); return kNoExpr;
    case L::give: give(n, t); return kNoExpr;
    case L::after_turn: end_rule(n, false); return kNoExpr;
    case L::before_move: end_rule(n, true); return kNoExpr;
    case L::winner_result: result(n, need(t.end_rule, n), ResultKind::winner); return kNoExpr;
    case L::most: result(n, need(t.end_rule, n), ResultKind::most); return kNoExpr;
    case L::draw: result(n, need(t.end_rule, n), ResultKind::draw); return kNoExpr;

    // ---- rounds ------------------------------------------------------------------------------
    case L::round_over:
      need(t.rounds, n).over = guard(n);
      t.rounds->over_clause = clause(n);
      return kNoExpr;
    case L::tally: round_clause_tally(n, need(t.rounds, n)); return kNoExpr;
    case L::tie:
      need(t.rounds, n).tie_draws = symbol(arg(n, "then"), true,
          {{Symbol::draw, true}, {Symbol::replay, false}});
      t.rounds->tie_clause = clause(n);
      return kNoExpr;
    case L::points: need(t.rounds, n).points = true; return kNoExpr;
    case L::match_won: need(t.rounds, n).match_won.push_back({guard(n), clause(n)}); return kNoExpr;
    case L::resize: resize(n, need(t.rounds, n)); return kNoExpr;
    case L::first_loser:
      need(t.rounds, n).first_loser = constant_player(*arg(n, "player"));
      return kNoExpr;
    case L::round_end: round_end(n, need(t.rounds, n)); return kNoExpr;
    case L::round_start: round_start(n, need(t.rounds, n)); return kNoExpr;
    case L::collect: round_step(n, need(t.steps, n), RoundStepKind::collect); return kNoExpr;
    case L::clear: round_step(n, need(t.steps, n), RoundStepKind::clear); return kNoExpr;
    case L::place: place(n, need(t.steps, n)); return kNoExpr;
    case L::from_store: {
      RoundStep& step = need(t.round_step, n);
      step.from_store = true;
      step.source = expr(*arg(n, "player"));
      return kNoExpr;
    }
    case L::supply: {  // counted when the game is loaded (limit max-counters)
      RoundStep& step = need(t.round_step, n);
      int supply = constant(*arg(n, "count")).value_or(0);
      if (supply < 0) error(n, "a supply cannot be negative");
      step.source = leaf(Op::constant, supply);
      return kNoExpr;
    }
    case L::mirror: mirror(n, need(t.steps, n)); return kNoExpr;
    case L::flip_choice: round_step(n, need(t.steps, n), RoundStepKind::flip_choice); return kNoExpr;
    case L::refill: refill(n, need(t.steps, n)); return kNoExpr;
    case L::set_up: set_up(n); return kNoExpr;
    case L::choose: choose(n, need(t.steps, n)); return kNoExpr;
    case L::choice: choice(n, need(t.steps, n)); return kNoExpr;
    case L::alternative: error(n, "(alternative ...) stands only in (choice ...)"); return kNoExpr;

    // ---- integers ----------------------------------------------------------------------------
    case L::count: return operation(n, Op::count);
    case L::sum: return operation(n, Op::sum);
    case L::score: return operation(n, Op::score);
    case L::tally_of: return operation(n, Op::tally);
    case L::next_columns: return leaf(Op::next_columns);
    case L::plus: return operation(n, Op::add);
    case L::minus: return operation(n, Op::subtract);
    case L::times: return operation(n, Op::multiply);
    case L::div: return operation(n, Op::divide);
    case L::mod: return operation(n, Op::modulo);
    case L::captured: return leaf(Op::captured);
    case L::laps: return leaf(Op::laps);
    case L::amount_chosen: return leaf(Op::amount);
    case L::in_hand:
      if (per_drop_clauses == 0)
        error(n, "in-hand is the counters still in hand as one falls: it stands only in (skip ...), "
                 "(on-drop ...) and (divert ...)");
      return leaf(Op::in_hand);
    case L::var: {
      const Node* player = arg(n, "player");
      ExprNode v;
      v.op = player ? Op::var_player : Op::var_game;
      v.value = var_index(*arg(n, "name"), player != nullptr);
      if (player) v.args.push_back(expr(*player));
      return exprs().add(std::move(v));
    }
    case L::turns: return operation(n, Op::turns);
    case L::number: return operation(n, Op::number);

    // ---- conditions --------------------------------------------------------------------------
    case L::and_: return operation(n, Op::all_of);
    case L::or_: return operation(n, Op::any_of);
    case L::not_: return operation(n, Op::negate);
    case L::eq: return operation(n, Op::eq);
    case L::ne: return operation(n, Op::ne);
    case L::lt: return operation(n, Op::lt);
    case L::le: return operation(n, Op::le);
    case L::gt: return operation(n, Op::gt);
    case L::ge: return operation(n, Op::ge);
    case L::odd: return operation(n, Op::odd);
    case L::even: return operation(n, Op::even);
    case L::in: return operation(n, Op::in_set);
    case L::empty: return operation(n, Op::empty);
    case L::occupied: return operation(n, Op::occupied);
    case L::was_empty: return operation(n, Op::was_empty);
    case L::own: return operation(n, Op::own);
    case L::within: return operation(n, Op::within);
    case L::all: return operation(n, Op::region_all);
    case L::any: return operation(n, Op::region_any);
    case L::none_of: return operation(n, Op::region_none);
    case L::crossed: return leaf(Op::crossed);
    case L::first_round: return leaf(Op::first_round);
    case L::repeated_position:
      rules.uses_repetition = true;  // the round's positions are kept only when asked for
      return leaf(Op::repeated_position);
    case L::is: return operation(n, Op::same_hole);
    case L::same_player: return operation(n, Op::same_player);
    case L::in_play: return operation(n, Op::in_play);
    case L::marked: {
      ExprNode m;
      m.op = Op::marked;
      m.value = mark_index(*arg(n, "mark"));
      m.args.push_back(expr(*arg(n, "hole")));
      return exprs().add(std::move(m));
    }
    case L::sown: return operation(n, Op::sown);
    case L::clockwise: return leaf(Op::clockwise);
    case L::is_store: return operation(n, Op::is_store);
    case L::true_: return leaf(Op::constant, 1);
    case L::false_: return leaf(Op::constant, 0);

    // ---- holes, regions, players -------------------------------------------------------------
    case L::hole: return leaf(Op::subject);
    case L::origin_hole: return leaf(Op::origin);
    case L::lifted: return leaf(Op::lifted);
    case L::first_sown: return leaf(Op::first_sown);
    case L::store: return operation(n, Op::store_hole);
    case L::opposite: return operation(n, Op::opposite);
    case L::next: return operation(n, Op::next);
    case L::previous: return operation(n, Op::previous);
    case L::outer_of: return operation(n, Op::outer_of);
    case L::leftmost: return operation(n, Op::leftmost);
    case L::rightmost_occupied: return operation(n, Op::rightmost_occupied);
    case L::row: return region_of(n, RegionKind::row);
    case L::inner_row: return region_of(n, RegionKind::inner_row);
    case L::outer_row: return region_of(n, RegionKind::outer_row);
    case L::board_region: return leaf(Op::region, static_cast<int>(RegionKind::board));
    case L::only: return operation(n, Op::only);
    case L::board_row:
    case L::reversed:
    case L::holes:
    case L::union_: return static_region(n);
    case L::stores: return operation(n, Op::stores);
    case L::p1: return player_leaf(n, 0);
    case L::p2: return player_leaf(n, 1);
    case L::p3: return player_leaf(n, 2);
    case L::p4: return player_leaf(n, 3);
    case L::p5: return player_leaf(n, 4);
    case L::p6: return player_leaf(n, 5);
    case L::mover: return leaf(Op::mover);
    case L::opponent: return leaf(Op::opponent);
    case L::winner_player: return leaf(Op::winner);
    case L::loser: return leaf(Op::loser);
    case L::owner: return operation(n, Op::owner_of);
    case L::next_player: return operation(n, Op::next_player);

    case L::count_: break;
  }
  throw InternalError(n, "a ludeme id out of range");
}

}  // namespace mancala::compiler
