#pragma once
// The typed identities of the language: every ludeme of the registry, the categories that say
// where a ludeme may stand, and the symbols that symbol parameters accept. The checker records
// them on the nodes it checks, so that the interpreter's compiler dispatches on these
// enumerations (a switch without a default: the C++ compiler names every case a new ludeme
// still needs) and never compares a head or a symbol as a string.
#include <array>
#include <cstdint>
#include <string_view>

namespace mancala {

// One value per registry entry, in the registry's order (lang/registry.cpp). A name that is both
// a form and a bare identifier ((winner P) and winner) has one value for each.
enum class Ludeme : std::uint8_t {
  none,  // not a ludeme: a hole name, a symbol or a literal
  // top level
  game, import, define, option, range, opt, option_case, default_,
  // game clauses
  source, note, status, board, players, side, track, hole_numbers, start, opening, first_mover, sow, store_sow,
  turn_start, end, rounds, max_drops,
  // start and opening steps
  fill, put, row_pattern, mirror_start, remove_last_occupied,
  // sowing
  origin, direction, first_drop, lift, skip, on_drop, divert, before_lift, lap, again, capture, stop,
  require, prefer, may_pass, amount, take, into_store, into, chain, if_,
  // effects
  claim, mark, unmark, out_of_play, set_var, add_var, sweep,
  // turn start
  each, give,
  // end of a one-round game
  after_turn, before_move, winner_result, most, draw,
  // rounds
  round_over, tally, tie, points, match_won, resize, first_loser, round_end, round_start, collect, clear,
  place, from_store, supply, mirror, flip_choice, refill, set_up, choose, choice, alternative,
  // integers
  count, sum, score, tally_of, next_columns, plus, minus, times, div, mod, captured, laps, in_hand, amount_chosen, var, turns, number,
  // conditions
  and_, or_, not_, eq, ne, lt, le, gt, ge, odd, even, in, empty, occupied, was_empty, own,
  within, all, any, none_of, crossed, first_round, repeated_position, is, same_player, in_play, marked, sown,
  clockwise, is_store, true_, false_,
  // holes, regions, players
  hole, origin_hole, lifted, first_sown, store, opposite, next, previous, outer_of, leftmost,
  rightmost_occupied, row, inner_row, outer_row, board_region, only, board_row, reversed, holes,
  union_, stores, p1, p2, p3, p4, p5, p6, mover, opponent, winner_player, loser, owner, next_player,
#ifdef MANCALA_SCRATCH_LUDEME
  scratch,  // a throwaway ludeme: the test of docs/extending.md checks the build then fails
#endif
  count_  // the number of values above; not a ludeme
};
inline constexpr std::size_t kLudemeCount = static_cast<std::size_t>(Ludeme::count_);

// Where a ludeme may stand. A parameter of kind clause accepts a set of these.
enum class Category : std::uint8_t {
  top, option_choices, option_use, define_use, game_clause, first_mover, start_step, opening_step,
  sow_clause, decision, capture, take, destination, chain, guard, effect, turn_step, end_clause, result,
  round_clause, round_step, source, alternative, amount,
  integer, condition, hole, region, player,  // expressions
  count_
};
inline constexpr std::array<std::string_view, static_cast<std::size_t>(Category::count_)>
    kCategoryNames = {"top", "option-choices", "option-use", "define-use", "game-clause", "first-mover",
                      "start-step", "opening-step", "sow-clause", "decision", "capture", "take",
                      "destination", "chain", "guard", "effect", "turn-step", "end-clause", "result",
                      "round-clause", "round-step", "source", "alternative", "amount", "integer", "condition", "hole",
                      "region", "player"};
constexpr std::string_view category_name(Category c) {
  return kCategoryNames[static_cast<std::size_t>(c)];
}

// A set of categories (a clause parameter's accepted categories).
using CategorySet = std::uint32_t;
static_assert(static_cast<std::size_t>(Category::count_) <= 32);
constexpr CategorySet categories(Category c) { return CategorySet{1} << static_cast<unsigned>(c); }
template <typename... More>
constexpr CategorySet categories(Category c, More... more) {
  return categories(c) | categories(more...);
}
constexpr bool contains(CategorySet set, Category c) { return (set & categories(c)) != 0; }

// The identifiers that symbol parameters accept (ccw, store+row ...).
enum class Symbol : std::uint8_t {
  none,  // not a symbol
  ccw, cw, choice, loop, circuits, next, origin_unless_single, landing, following, same, reverse,
  forward, backward, one, all, store, store_row, draw, replay, difference, yes, no, no_stores,
  open, concealed, origin, nothing, keep, last, ends_left_first, faithful, partial,
  count_
};
inline constexpr std::array<std::string_view, static_cast<std::size_t>(Symbol::count_)>
    kSymbolNames = {"",        "ccw",      "cw",       "choice", "loop",      "circuits",
                    "next",    "origin-unless-single", "landing", "following", "same",
                    "reverse", "forward",  "backward", "one",    "all",       "store",
                    "store+row", "draw",   "replay",   "difference", "yes",   "no",
                    "none",    "open",     "concealed", "origin", "nothing", "keep", "last",
                    "ends-left-first", "faithful", "partial"};
constexpr std::string_view symbol_name(Symbol s) { return kSymbolNames[static_cast<std::size_t>(s)]; }

}  // namespace mancala
