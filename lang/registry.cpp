#include "lang/registry.hpp"

#include <stdexcept>

#include "lang/checker.hpp"

namespace mancala {

namespace {

using L = Ludeme;
using C = Category;
using S = Symbol;

// Short constructors keep the table below readable as a table.
ParamSpec pos(std::string name, Kind kind, std::string doc) {
  ParamSpec p;
  p.name = std::move(name);
  p.kind = kind;
  p.doc = std::move(doc);
  return p;
}
ParamSpec opt(ParamSpec p) { p.optional = true; return p; }
ParamSpec many(ParamSpec p) { p.repeated = true; return p; }
ParamSpec named(ParamSpec p) { p.named = true; return p; }
ParamSpec any_label(ParamSpec p) { p.any_label = true; return p; }
ParamSpec clause(std::string name, CategorySet accepts, std::string doc) {
  ParamSpec p = pos(std::move(name), Kind::clause, std::move(doc));
  p.accepts = accepts;
  return p;
}
ParamSpec symbol(std::string name, std::vector<Symbol> symbols, std::string doc) {
  ParamSpec p = pos(std::move(name), Kind::symbol, std::move(doc));
  p.symbols = std::move(symbols);
  return p;
}
LudemeSpec form(Ludeme id, std::string name, Category category, std::vector<ParamSpec> params,
                std::string summary) {
  return LudemeSpec{id, std::move(name), category, std::move(params), false, std::move(summary)};
}
LudemeSpec bare(Ludeme id, std::string name, Category category, std::string summary) {
  return LudemeSpec{id, std::move(name), category, {}, true, std::move(summary)};
}

std::vector<LudemeSpec> build_registry() {
  const auto I = Kind::integer;
  const auto Co = Kind::condition;
  const auto H = Kind::hole;
  const auto R = Kind::region;
  const auto P = Kind::player;
  const auto St = Kind::string;
  const auto A = Kind::any;
  return {
      // ---- Top level: files, options, defines -------------------------------------------------
      form(L::game, "game", C::top,
           {pos("name", St, "the game's name"),
            many(clause("clause", categories(C::game_clause, C::first_mover), "the game's clauses, in any order"))},
           "The game: its name and its clauses."),
      form(L::import, "import", C::top, {pos("library", St, "a file of stdlib/, without .lud")},
           "Makes the defines of stdlib/LIBRARY.lud available."),
      form(L::define, "define", C::top,
           {pos("name", St, "the define's name"),
            many(pos("body", A, "any expression; #1, #2 ... stand for the call's arguments; "
                                "several are spliced where the call stands"))},
           "A named piece of rule text, used as (\"name\" arg ...)."),
      form(L::option, "option", C::top,
           {pos("name", St, "the option's name, chosen with --option name=value"),
            pos("default", A, "the value used when none is chosen (an integer or a string)"),
            pos("choices", A, "a list {...} of the allowed values, or (range LO HI)")},
           "An option: one reading of the rules that a tool selects by name."),
      form(L::range, "range", C::option_choices,
           {pos("low", I, "first value"), pos("high", I, "last value (inclusive)"),
            opt(named(pos("step", I, "distance between values (default 1)")))},
           "The integers LOW..HIGH, as an option's choices."),
      form(L::opt, "opt", C::option_use, {pos("name", St, "an option's name")},
           "The chosen value of an option, substituted where it stands."),
      form(L::option_case, "option-case", C::option_use,
           {pos("name", St, "a string option's name"),
            any_label(many(named(pos("value", A,
                           "one labelled case per choice (label = choice); otherwise: "
                           "is the fallback; a list {...} is spliced into the parent"))))},
           "The case whose label is the option's chosen value."),
      form(L::default_, "default", C::define_use,
           {pos("parameter", A, "a parameter #k of the define body it stands in"),
            pos("value", A, "what stands for it when the call gives fewer than k arguments")},
           "A define's parameter #k, or VALUE when the call does not give it: an optional "
           "argument."),

      // ---- Game clauses -------------------------------------------------------------------------
      form(L::source, "source", C::game_clause, {pos("text", St, "a reference")},
           "A source the rules come from, kept with the game."),
      form(L::note, "note", C::game_clause, {pos("text", St, "a finding about the description")},
           "A caveat tools print with the game (for instance: a clause that is a ruling)."),
      form(L::status, "status", C::game_clause,
           {symbol("level", {S::faithful, S::partial},
                   "faithful: every rule of the text is encoded; partial: some are approximated or "
                   "dropped"),
            many(pos("gap", St, "partial only: one rule of the text that the file approximates or "
                                "drops, and the concept it would need"))},
           "How faithfully the file encodes its text, for the catalogue (mancala catalogue)."),
      form(L::board, "board", C::game_clause,
           {pos("rows", I, "1 (a ring), 2 (one row each), 3 (with (side ...) clauses) or 4 "
                           "(two rows each: outer and inner)"),
            pos("columns", I, "holes per row, 1 to 50"),
            opt(named(symbol("stores", {S::no_stores, S::open, S::concealed},
                             "how each player's stores are shown: not on the board (none, the "
                             "default: captures are still kept), open, or concealed from the "
                             "opponent"))),
            opt(named(pos("store-count", I, "stores per player (default 1)")))},
           "The board: rows, columns and stores (G2)."),
      form(L::players, "players", C::game_clause, {pos("count", I, "2 to 6 (default 2)")},
           "How many players take turns, P1 first, then P2, P3 ... (G1)."),
      form(L::side, "side", C::game_clause,
           {pos("player", P, "P1 ... P6"),
            many(pos("holes", R, "the player's holes in their own left-to-right order"))},
           "The holes a player owns at the start, in their own order (their row)."),
      form(L::track, "track", C::game_clause,
           {opt(pos("player", P, "whose track (default: every player's)")),
            many(pos("holes", R, "the holes in anticlockwise order, a circle"))},
           "The circle of holes a player sows along; stores on it are sown into."),
      form(L::hole_numbers, "hole-numbers", C::game_clause,
           {pos("first", I, "the number of the first hole listed (a source's 1 or 0)"),
            many(pos("holes", R, "the holes in the order the source numbers them"))},
           "The numbers a source gives the holes, so that moves may be written with them (G8)."),
      form(L::start, "start", C::game_clause,
           {many(clause("step", categories(C::start_step), "steps filling the empty board, in order"))},
           "The board at the start of the game."),
      form(L::opening, "opening", C::game_clause,
           {many(clause("step", categories(C::opening_step), "automatic steps before the first move"))},
           "Automatic steps done before the first move (G10)."),
      form(L::first_mover, "first-mover", C::first_mover, {pos("player", P, "who moves first")},
           "Who makes the first move of the game (default P1, G1); in round-start, of the round."),
      form(L::sow, "sow", C::game_clause,
           {opt(named(pos("name", St, "a name by which (again ... with:) asks for this rule"))),
            opt(named(pos("when", Co, "an ordinary turn uses the first sow rule whose when holds"))),
            many(clause("clause", categories(C::sow_clause, C::decision, C::capture, C::amount),
                        "how the sowing move goes; its captures end the sowing"))},
           "A sowing move: lift all counters of a hole and sow them one by one (G5)."),
      form(L::store_sow, "store-sow", C::game_clause,
           {opt(named(pos("from", H, "the hole the first counter falls into (default the mover's "
                                     "leftmost hole)"))),
            opt(named(pos("along", R, "the holes sown, in order, round and round (default the "
                                      "mover's row)"))),
            opt(clause("amount", categories(C::amount),
                       "the amounts the mover may choose (default (amount 1 (store mover))))"))},
           "Store move `store N`: sow N counters of the mover's store from FROM along ALONG, "
           "wrapping round; nothing follows it (O6)."),
      form(L::turn_start, "turn-start", C::game_clause,
           {many(clause("step", categories(C::turn_step), "automatic steps, in order"))},
           "Automatic steps at the start of every turn, before the mover decides (G10)."),
      form(L::end, "end", C::game_clause,
           {many(clause("clause", categories(C::end_clause), "conditions that end the game"))},
           "How a game of one round ends."),
      form(L::rounds, "rounds", C::game_clause,
           {many(clause("clause", categories(C::round_clause), "how rounds end, score and follow"))},
           "A match of rounds."),
      form(L::max_drops, "max-drops", C::game_clause,
           {pos("count", I, "counters one move may drop, at most (a constant, at least 1)")},
           "A sowing that drops more counters than COUNT in one move is excluded as endless (G6): "
           "this game's max-drops-per-move, when lower than the program's."),

      // ---- Start and opening steps --------------------------------------------------------------
      form(L::fill, "fill", C::start_step,
           {pos("count", I, "counters per hole"),
            opt(pos("region", R, "the holes to fill (default: every pit)"))},
           "Sets every hole of REGION to COUNT counters."),
      form(L::put, "put", C::start_step,
           {pos("count", I, "counters per hole"), many(pos("hole", H, "holes (A1, (store P1) ...)"))},
           "Sets each hole to COUNT counters."),
      form(L::row_pattern, "row-pattern", C::start_step,
           {pos("pattern", Kind::int_list, "counts from a player's own leftmost hole"),
            opt(named(symbol("trim", {S::ends_left_first},
                             "how a long pattern is cut to the row: one hole from each end in "
                             "turn, the left end first (the only way, written for the reader)")))},
           "Fills each player's row from their own leftmost hole with PATTERN, removing holes from "
           "its two ends in turn, left end first, until it has the board's length (O2)."),
      form(L::mirror_start, "mirror-start", C::start_step, {},
           "Gives P2 the same holes as P1, turned round (G1<->A4 on 4 rows, A1<->F2 on 2)."),
      form(L::remove_last_occupied, "remove-last-occupied", C::opening_step,
           {named(pos("by", P, "the player who removes")),
            pos("count", I, "how many holes"),
            opt(named(pos("leave-last", I, "how many of those holes, counted from the last, keep "
                                           "their counters (default 0)")))},
           "BY takes into their store the counters of the last COUNT occupied holes of the "
           "opponent's row, in that row's owner's left-to-right order (O3)."),

      // ---- Sowing -------------------------------------------------------------------------------
      form(L::origin, "origin", C::sow_clause,
           {pos("region", R, "the holes a move may start from"),
            opt(clause("guard", categories(C::guard), "what such a hole must satisfy (hole = the hole)"))},
           "Where a sowing move may start."),
      form(L::direction, "direction", C::sow_clause,
           {symbol("direction", {S::ccw, S::cw, S::choice},
                   "anticlockwise, clockwise, or the mover's choice (written C1 ccw) (G3)")},
           "The direction of sowing (default ccw)."),
      form(L::first_drop, "first-drop", C::sow_clause,
           {symbol("where", {S::next, S::origin_unless_single, S::origin},
                   "the next hole (G5); back into the origin unless it held one counter (O4); "
                   "into the origin itself")},
           "Where the first counter of a move is dropped (default next)."),
      form(L::lift, "lift", C::sow_clause,
           {opt(named(symbol("from", {S::origin, S::store, S::nothing},
                             "the origin's counters (default), the mover's store, or nothing (a "
                             "move that only chooses a hole)"))),
            opt(named(pos("count", I, "how many (default all)")))},
           "Where the first handful comes from."),
      form(L::skip, "skip", C::sow_clause,
           {pos("condition", Co, "holes where it holds are not sown into (hole = the hole; lifted "
                                 "= where the handful was lifted)")},
           "Holes passed over when sowing; holes out of play always are."),
      form(L::on_drop, "on-drop", C::sow_clause,
           {many(clause("capture", categories(C::capture),
                        "captures tried after every counter (hole = where it fell)"))},
           "Captures made during the sowing, as each counter falls."),
      form(L::divert, "divert", C::sow_clause,
           {pos("when", Co, "asked before each counter falls (hole = the hole it would fall into)"),
            pos("to", H, "the hole it falls into instead (hole = the hole it would fall into)")},
           "A counter about to fall into a hole where WHEN holds falls into TO instead, and sowing "
           "goes on from there."),
      form(L::before_lift, "before-lift", C::sow_clause,
           {many(clause("capture", categories(C::capture), "captures with hole = the chosen hole"))},
           "Captures made after the hole is chosen and before it is lifted (S5 capture=origin)."),
      form(L::lap, "lap", C::sow_clause,
           {pos("when", Co, "when the sowing continues (hole = where the last counter fell)"),
            opt(named(symbol("lift", {S::landing, S::following},
                             "lift the hole where the last counter fell, or the hole after it"))),
            opt(many(named(clause("take", categories(C::take),
                                  "instead: the holes whose counters make the new handful (several "
                                  "take: add up, each with its count:)")))),
            opt(named(pos("start", H, "the hole its first counter falls into (default: the one "
                                      "after the hole lifted)"))),
            opt(named(symbol("direction", {S::same, S::reverse},
                             "direction of the new handful (default same)"))),
            many(opt(clause("capture", categories(C::capture),
                            "captures before the lift (hole = the hole to be lifted)")))},
           "Relay sowing: a new handful is lifted and sown on."),
      form(L::again, "again", C::decision,
           {opt(clause("guard", categories(C::guard), "when the same player decides again (hole = "
                                                      "where the last counter fell)")),
            opt(named(symbol("direction", {S::same, S::reverse, S::choice},
                             "the direction the further move must take (default choice)"))),
            opt(named(pos("origin", R, "the holes the further move must start from (default: "
                                       "any the rule allows; hole = where the sowing ended)"))),
            opt(named(pos("with", St, "the name of the sow rule of the further move (default "
                                      "this one)")))},
           "The turn goes on with another decision of the same player; no later rule of the "
           "handful applies, so no capture (K5). A further move that would bring the turn back to "
           "one of its positions (and so give yet another decision there) is excluded, and with "
           "no further move the turn ends by itself (G6)."),
      form(L::capture, "capture", C::capture,
           {opt(clause("guard", categories(C::guard), "when the capture is made")),
            opt(clause("take", categories(C::take), "the holes emptied")),
            opt(clause("into", categories(C::destination), "where the counters go (default the "
                                                           "mover's store)")),
            opt(clause("chain", categories(C::chain), "further captures from the captured hole")),
            many(opt(clause("effect", categories(C::effect), "what else it does, after the take"))),
            opt(named(clause("then", categories(C::decision), "the mover decides again after it")))},
           "A capture: at the end of a handful (hole = where the last counter fell), as a "
           "counter falls (on-drop), before a lift, or in (each ...) at the start of a turn."),
      form(L::stop, "stop", C::sow_clause, {pos("when", Co, "hole = where the last counter fell")},
           "The sowing ends here when WHEN holds: no later rule of the handful applies."),
      form(L::require, "require", C::sow_clause,
           {pos("condition", Co, "checked after the move (hole = where its last counter fell, "
                                 "captured = what it took)"),
            opt(named(pos("when", Co, "the filter applies when this holds before the move "
                                      "(origin, clockwise known)")))},
           "Legality by consequence: a move is legal only if CONDITION holds after it."),
      form(L::prefer, "prefer", C::sow_clause,
           {pos("condition", Co, "checked after the move, as for require"),
            opt(named(pos("when", Co, "the filter applies when this holds before the move")))},
           "Legality by consequence: if some legal move makes CONDITION hold, only such moves are "
           "legal (must capture, must feed)."),
      form(L::may_pass, "may-pass", C::sow_clause, {},
           "The mover may decline this decision (the move `pass`), as with a capture of choice."),
      form(L::amount, "amount", C::amount,
           {pos("least", I, "the fewest counters the mover may choose (hole = origin = the candidate)"),
            pos("most", I, "the most (hole = origin = the candidate); no move where it is below "
                           "LEAST or 1")},
           "The mover chooses how many counters the move lifts, from LEAST to MOST: one move per "
           "amount, written C1 x3 (in store-sow: store 3)."),
      form(L::take, "take", C::take,
           {many(pos("hole", H, "a hole whose counters are taken")),
            opt(named(pos("count", I, "at most this many from each hole (default all)")))},
           "The holes a capture empties (each once)."),
      form(L::into_store, "into-store", C::destination, {}, "Captured counters go to the mover's store."),
      form(L::into, "into", C::destination, {pos("hole", H, "a hole, or a store")},
           "Captured counters go into HOLE."),
      form(L::chain, "chain", C::chain,
           {symbol("step", {S::forward, S::backward},
                   "along the direction of the last handful, or against it"),
            clause("guard", categories(C::guard), "what the next hole must satisfy (hole = that hole)"),
            clause("take", categories(C::take), "the holes taken for it"),
            opt(named(symbol("count", {S::one, S::all},
                             "one further hole, or as long as the guard holds (default all)"))),
            opt(named(pos("stride", I, "holes stepped over at each step, a constant (default 1; "
                                       "2: every other hole)")))},
           "Captures continuing hole after hole (or every STRIDE-th hole) from the capturing hole."),
      form(L::if_, "if", C::guard, {many(pos("condition", Co, "conditions that must all hold"))},
           "A guard: all its conditions hold."),

      // ---- Effects ------------------------------------------------------------------------------
      form(L::claim, "claim", C::effect,
           {many(pos("hole", H, "holes that change hands")),
            opt(named(pos("by", P, "the new owner (default the mover)")))},
           "The holes become BY's: (own hole) and (owner hole) say so from now on (a rule that "
           "keeps the former owner from sowing them asks (own hole) in its origin)."),
      form(L::mark, "mark", C::effect,
           {pos("mark", St, "the mark's name"), many(pos("hole", H, "holes"))},
           "Marks the holes (see marked)."),
      form(L::unmark, "unmark", C::effect,
           {pos("mark", St, "the mark's name"), many(pos("hole", H, "holes"))},
           "Removes the mark from the holes."),
      form(L::out_of_play, "out-of-play", C::effect, {many(pos("hole", H, "holes"))},
           "The holes are out of play until the board is laid out anew: not sown into nor from."),
      form(L::set_var, "set-var", C::effect,
           {pos("name", St, "the variable"), pos("value", I, "its new value"),
            opt(named(pos("of", P, "whose (default: the game's own variable)")))},
           "Sets a variable of the game, or of a player (see var)."),
      form(L::add_var, "add-var", C::effect,
           {pos("name", St, "the variable"), pos("value", I, "what to add"),
            opt(named(pos("of", P, "whose (default: the game's own variable)")))},
           "Adds to a variable of the game, or of a player."),
      form(L::sweep, "sweep", C::effect, {},
           "Every pit's counters go to its owner's store."),

      // ---- Turn start ---------------------------------------------------------------------------
      form(L::each, "each", C::turn_step,
           {pos("region", R, "holes"),
            many(clause("capture", categories(C::capture), "captures tried with hole = each hole, in order"))},
           "Captures tried at every hole of REGION (S5)."),
      form(L::give, "give", C::turn_step,
           {clause("guard", categories(C::guard), "when a counter is given"),
            named(pos("store", P, "whose store gives the counter if it has any")),
            named(pos("else", H, "the hole it comes from otherwise")),
            named(pos("to", H, "the hole that receives it"))},
           "A gift of one counter (L7)."),

      // ---- End of a one-round game ---------------------------------------------------------------
      form(L::after_turn, "after-turn", C::end_clause,
           {clause("guard", categories(C::guard), "checked after every turn (mover = who just moved)"),
            clause("result", categories(C::result), "the result if it holds"),
            many(opt(clause("effect", categories(C::effect), "made first, before the result is "
                                                             "reckoned (sweep)")))},
           "The game ends after a turn when the guard holds."),
      form(L::before_move, "before-move", C::end_clause,
           {clause("guard", categories(C::guard), "checked at the start of every turn, before the mover decides"),
            clause("result", categories(C::result), "the result if it holds"),
            many(opt(clause("effect", categories(C::effect), "made first, before the result is "
                                                             "reckoned (sweep)")))},
           "The game ends before a decision when the guard holds."),
      form(L::winner_result, "winner", C::result, {pos("player", P, "who wins")}, "PLAYER wins."),
      form(L::most, "most", C::result,
           {symbol("tally", {S::store, S::store_row}, "what each player counts")},
           "The player with the larger tally wins; equal tallies draw."),
      bare(L::draw, "draw", C::result, "The game is drawn."),

      // ---- Rounds -------------------------------------------------------------------------------
      form(L::round_over, "round-over", C::round_clause,
           {clause("guard", categories(C::guard), "checked after every turn (mover = who just moved)")},
           "When a round ends."),
      form(L::tally, "tally", C::round_clause,
           {symbol("tally", {S::store, S::store_row},
                   "each player's count at the end of a round: store, or store plus own row")},
           "What decides a round: the player with the smaller tally loses it."),
      form(L::tie, "tie", C::round_clause,
           {symbol("then", {S::draw, S::replay},
                   "equal tallies end the match drawn, or score nothing and keep the roles")},
           "What equal tallies do."),
      form(L::points, "points", C::round_clause,
           {symbol("points", {S::difference}, "the winner scores the difference of the tallies")},
           "Match points for the round's winner."),
      form(L::match_won, "match-won", C::round_clause,
           {clause("guard", categories(C::guard), "checked after a round is decided")},
           "The round's winner wins the match when the guard holds."),
      form(L::resize, "resize", C::round_clause,
           {pos("reductions", Kind::int_list,
                "columns removed from the first round's: the first when the loser has at least "
                "T/s1, the next when at least T/s2, ..., the last below every threshold"),
            opt(named(pos("shares", Kind::int_list,
                          "the divisors s1 s2 ... of the thresholds (default {2 4 8})"))),
            opt(named(pos("min", I, "never fewer columns than this (default 1)")))},
           "Next round's columns: the first round's columns minus a reduction chosen by the "
           "loser's tally L against T, the counters in the loser's own row at the start (K11)."),
      form(L::first_loser, "first-loser", C::round_clause, {pos("player", P, "the loser before any round")},
           "Who counts as the loser (and the other as the winner) before the first result."),
      form(L::round_end, "round-end", C::round_clause,
           {many(clause("step", categories(C::turn_step),
                        "turn steps (each, give) run once, in order, as the round ends"))},
           "Steps at a round's end, before its tallies: captures of each hole of a region, gifts."),
      form(L::round_start, "round-start", C::round_clause,
           {opt(named(pos("from", I, "first round these steps apply to (default 1)"))),
            many(clause("step", categories(C::round_step, C::first_mover, C::turn_step),
                        "steps setting up the round, in order (turn steps included: each, give)"))},
           "How a round is set up."),
      form(L::collect, "collect", C::round_step,
           {opt(named(pos("store", I, "which of the owner's stores receives them (default 1)")))},
           "Every counter on the board, and in the owner's other stores, goes to its owner's "
           "store; the board is emptied and laid out for the round (K12)."),
      form(L::clear, "clear", C::round_step, {},
           "The board and the stores are emptied (counters are dealt anew)."),
      form(L::place, "place", C::round_step,
           {named(pos("by", P, "who places")), pos("holes", R, "the holes filled, in order"),
            clause("source", categories(C::source), "where the counters come from"),
            named(pos("min", I, "counters each hole must get at least")),
            opt(named(symbol("uneven", {S::yes, S::no}, "the holes may not all be equal")))},
           "Placement moves `X1=n`: every counter of SOURCE is placed, hole by hole; the last "
           "hole takes the rest (K12, L2)."),
      form(L::from_store, "from-store", C::source, {pos("player", P, "whose store")},
           "All the counters of PLAYER's store."),
      form(L::supply, "supply", C::source, {pos("count", I, "counters")}, "COUNT counters from outside."),
      form(L::mirror, "mirror", C::round_step, {named(pos("by", P, "who matches"))},
           "BY fills the hole opposite each of the other player's holes with the same number, from "
           "their store (K12)."),
      form(L::flip_choice, "flip-choice", C::round_step, {named(pos("by", P, "who chooses"))},
           "BY chooses `keep` or `flip` (turn the board round: A1<->F2) (L3)."),
      form(L::refill, "refill", C::round_step,
           {named(pos("by", P, "who refills, from their store")), pos("holes", R, "the holes, in order"),
            named(pos("count", I, "counters per hole")),
            opt(named(pos("from", I, "which of BY's stores gives them (default 1)"))),
            opt(named(pos("limit", I, "fill at most this many holes (default all)"))),
            opt(named(symbol("rest", {S::keep, S::last},
                             "fewer than COUNT left: keep them in the store (default), or put them "
                             "in the next hole")))},
           "BY fills HOLES with COUNT counters each from their store while it has COUNT; the holes "
           "left empty are out of play for the round, and what is left stays in the store."),
      form(L::set_up, "set-up", C::game_clause,
           {many(clause("step", categories(C::round_step, C::first_mover, C::turn_step),
                        "steps setting up the game, in order, as round-start's"))},
           "How the game is set up before its first turn (round 1 of a match whose round-start "
           "begins later)."),
      form(L::choose, "choose", C::round_step,
           {named(pos("by", P, "who chooses")), pos("holes", R, "the holes to choose from"),
            opt(clause("guard", categories(C::guard), "what a chosen hole must satisfy (hole = the hole)")),
            named(pos("count", I, "how many holes BY chooses (fewer if fewer can be)")),
            named(pos("mark", St, "the mark the chosen holes get (see marked)"))},
           "BY chooses COUNT holes of HOLES, one move `choose X1` each; each gets MARK."),
      form(L::choice, "choice", C::round_step,
           {named(pos("by", P, "who chooses")),
            many(clause("alternative", categories(C::alternative), "the alternatives, each a move"))},
           "BY chooses one of the alternatives offered (a move: its name); its steps run. With one "
           "offered it runs with no decision; with none, none runs."),
      form(L::alternative, "alternative", C::alternative,
           {pos("name", St, "the move that chooses it"),
            opt(clause("guard", categories(C::guard), "when it is offered (default always)")),
            many(clause("step", categories(C::round_step, C::first_mover, C::turn_step),
                        "the steps it runs, in order"))},
           "One alternative of a choice step."),

      // ---- Expressions: integers ----------------------------------------------------------------
      form(L::count, "count", C::integer, {pos("hole", H, "a hole")}, "The counters in HOLE."),
      form(L::sum, "sum", C::integer, {pos("region", R, "holes")}, "The counters in REGION."),
      form(L::score, "score", C::integer, {pos("player", P, "a player")}, "PLAYER's match points."),
      form(L::tally_of, "tally-of", C::integer, {pos("player", P, "a player")},
           "PLAYER's tally of the round just ended (see tally)."),
      bare(L::next_columns, "next-columns", C::integer, "The columns the next round would have (see resize)."),
      form(L::plus, "+", C::integer, {many(pos("term", I, "integers"))}, "The sum of the terms."),
      form(L::minus, "-", C::integer, {pos("a", I, "an integer"), pos("b", I, "an integer")}, "A minus B."),
      form(L::times, "*", C::integer, {pos("a", I, "an integer"), pos("b", I, "an integer")}, "A times B."),
      form(L::div, "div", C::integer, {pos("a", I, "an integer"), pos("b", I, "an integer")},
           "A divided by B, rounded down (0 if B is 0)."),
      form(L::mod, "mod", C::integer, {pos("a", I, "an integer"), pos("b", I, "an integer")},
           "What is left of A after taking out B as often as it goes, from 0 up to B - 1 (0 if B is 0)."),
      bare(L::captured, "captured", C::integer,
           "The counters this move's captures have taken so far (in require and prefer: in all)."),
      bare(L::laps, "laps", C::integer,
           "The laps this sowing move has made so far: 0 while its first handful is sown and at that "
           "handful's end, 1 after the first lap, ...; 0 outside a sowing."),
      bare(L::in_hand, "in-hand", C::integer,
           "The counters still in hand after the one falling now (0 for the last counter of a "
           "handful); only in skip, on-drop and divert."),
      bare(L::amount_chosen, "amount", C::integer,
           "The amount the mover chose for this move (amount); 0 when the rule offers no choice."),
      form(L::var, "var", C::integer,
           {pos("name", St, "a variable set by set-var or add-var"),
            opt(pos("player", P, "whose (default: the game's own)"))},
           "The value of a variable (0 until set)."),
      form(L::turns, "turns", C::integer, {pos("player", P, "a player")},
           "The turns PLAYER has ended in this round."),
      form(L::number, "number", C::integer,
           {pos("region", R, "holes"), pos("condition", Co, "checked with hole = each hole")},
           "How many holes of REGION meet CONDITION."),

      // ---- Expressions: conditions --------------------------------------------------------------
      form(L::and_, "and", C::condition, {many(pos("condition", Co, "conditions"))}, "All hold."),
      form(L::or_, "or", C::condition, {many(pos("condition", Co, "conditions"))}, "At least one holds."),
      form(L::not_, "not", C::condition, {pos("condition", Co, "a condition")}, "It does not hold."),
      form(L::eq, "=", C::condition, {pos("a", I, ""), pos("b", I, "")}, "A equals B."),
      form(L::ne, "!=", C::condition, {pos("a", I, ""), pos("b", I, "")}, "A differs from B."),
      form(L::lt, "<", C::condition, {pos("a", I, ""), pos("b", I, "")}, "A is less than B."),
      form(L::le, "<=", C::condition, {pos("a", I, ""), pos("b", I, "")}, "A is at most B."),
      form(L::gt, ">", C::condition, {pos("a", I, ""), pos("b", I, "")}, "A is more than B."),
      form(L::ge, ">=", C::condition, {pos("a", I, ""), pos("b", I, "")}, "A is at least B."),
      form(L::odd, "odd", C::condition, {pos("value", I, "an integer")}, "VALUE is odd."),
      form(L::even, "even", C::condition, {pos("value", I, "an integer")}, "VALUE is even."),
      form(L::in, "in", C::condition,
           {pos("value", I, "an integer"), pos("set", Kind::int_list, "the values")},
           "VALUE is one of SET."),
      form(L::empty, "empty", C::condition, {pos("hole", H, "a hole")}, "HOLE holds no counter."),
      form(L::occupied, "occupied", C::condition, {pos("hole", H, "a hole")}, "HOLE holds counters."),
      form(L::was_empty, "was-empty", C::condition, {pos("hole", H, "a hole")},
           "HOLE was empty before the last counter fell (for other holes: is empty)."),
      form(L::own, "own", C::condition, {pos("hole", H, "a hole")}, "HOLE belongs to the mover now."),
      form(L::within, "within", C::condition, {pos("hole", H, "a hole"), pos("region", R, "holes")},
           "HOLE is one of REGION."),
      form(L::all, "all", C::condition,
           {pos("region", R, "holes"), pos("condition", Co, "checked with hole = each hole")},
           "CONDITION holds for every hole of REGION."),
      form(L::any, "any", C::condition,
           {pos("region", R, "holes"), pos("condition", Co, "checked with hole = each hole")},
           "CONDITION holds for some hole of REGION."),
      form(L::none_of, "none", C::condition,
           {pos("region", R, "holes"), pos("condition", Co, "checked with hole = each hole")},
           "CONDITION holds for no hole of REGION."),
      bare(L::crossed, "crossed", C::condition,
           "A counter of this sowing was dropped in a hole that is not the mover's (K5)."),
      bare(L::first_round, "first-round", C::condition, "This is the first round."),
      bare(L::repeated_position, "repeated-position", C::condition,
           "The position (board, stores, mover) after this turn was already reached in the round, "
           "counting the one where its first sowing move was made (L8)."),
      form(L::is, "is", C::condition, {pos("a", H, "a hole"), pos("b", H, "a hole")},
           "A and B are the same hole."),
      form(L::same_player, "same-player", C::condition, {pos("a", P, "a player"), pos("b", P, "a player")},
           "A and B are the same player."),
      form(L::in_play, "in-play", C::condition, {pos("hole", H, "a hole")},
           "HOLE is not out of play (see out-of-play)."),
      form(L::marked, "marked", C::condition, {pos("mark", St, "a mark's name"), pos("hole", H, "a hole")},
           "HOLE bears the mark (see mark)."),
      form(L::sown, "sown", C::condition, {pos("hole", H, "a hole")},
           "This move dropped a counter into HOLE."),
      bare(L::clockwise, "clockwise", C::condition, "The handful is sown clockwise (cw)."),
      form(L::is_store, "is-store", C::condition, {pos("hole", H, "a hole")}, "HOLE is a store."),
      bare(L::true_, "true", C::condition, "Always holds."),
      bare(L::false_, "false", C::condition, "Never holds."),

      // ---- Expressions: holes, regions, players -------------------------------------------------
      bare(L::hole, "hole", C::hole, "The hole in question (see each clause)."),
      bare(L::origin_hole, "origin", C::hole, "The hole the sowing move started from."),
      bare(L::lifted, "lifted", C::hole, "The hole the current handful was lifted from."),
      bare(L::first_sown, "first-sown", C::hole,
           "The first hole the current handful's counters fell into."),
      form(L::store, "store", C::hole,
           {pos("player", P, "a player"), opt(pos("number", I, "which store (default 1)"))},
           "PLAYER's store (as an integer: the counters in it)."),
      form(L::opposite, "opposite", C::hole, {pos("hole", H, "a hole")},
           "The hole across, same column: on 2 rows the other row; on 4 rows inner faces inner "
           "and outer faces outer (G4); on 3 rows row 1 faces row 3."),
      form(L::next, "next", C::hole, {pos("hole", H, "a hole")},
           "The following hole along the mover's track in the direction of the last handful."),
      form(L::previous, "previous", C::hole, {pos("hole", H, "a hole")},
           "The hole before, against the direction of the last handful."),
      form(L::outer_of, "outer-of", C::hole, {pos("hole", H, "a hole")},
           "The outer-row hole of the same column on the same side (4-row boards)."),
      form(L::leftmost, "leftmost", C::hole, {pos("region", R, "a row")},
           "The first hole of REGION (a player's own leftmost)."),
      form(L::rightmost_occupied, "rightmost-occupied", C::hole, {pos("region", R, "a row")},
           "The last occupied hole of REGION in its owner's left-to-right order; none if empty."),
      form(L::row, "row", C::region, {pos("player", P, "a player")},
           "PLAYER's side in their own left-to-right order: on 2 rows their row; on 4 rows both "
           "their rows, in the order of their anticlockwise circuit from A (P1: A1..G1 G2..A2); "
           "else as their (side ...) lists it."),
      form(L::inner_row, "inner-row", C::region, {pos("player", P, "a player")}, "PLAYER's inner row."),
      form(L::outer_row, "outer-row", C::region, {pos("player", P, "a player")}, "PLAYER's outer row."),
      bare(L::board_region, "board", C::region, "Every pit: P1's side then P2's ..., each in their own order."),
      form(L::only, "only", C::region, {pos("hole", H, "a hole")},
           "The region of HOLE alone (empty if there is no such hole)."),
      form(L::board_row, "board-row", C::region, {pos("row", I, "1 to the board's rows")},
           "Row ROW of the board from column A (as P1 sees it) to the last."),
      form(L::reversed, "reversed", C::region,
           {pos("region", R, "holes whose place does not depend on play (their player may)")},
           "REGION in the opposite order."),
      form(L::holes, "holes", C::region, {pos("from", H, "a hole"), pos("to", H, "a hole of the same row")},
           "The holes of one row from FROM to TO, either way."),
      form(L::union_, "union", C::region,
           {many(pos("region", R, "holes whose place does not depend on play (their player may)"))},
           "The holes of each REGION in turn, a hole in several listed once, at its first place."),
      form(L::stores, "stores", C::region, {pos("player", P, "a player")}, "PLAYER's stores."),
      bare(L::p1, "P1", C::player, "The first player (South, row 1)."),
      bare(L::p2, "P2", C::player, "The second player (North)."),
      bare(L::p3, "P3", C::player, "The third player."),
      bare(L::p4, "P4", C::player, "The fourth player."),
      bare(L::p5, "P5", C::player, "The fifth player."),
      bare(L::p6, "P6", C::player, "The sixth player."),
      bare(L::mover, "mover", C::player, "The player whose turn it is (or who just moved)."),
      bare(L::opponent, "opponent", C::player, "The player who moves after the mover (with two "
                                                "players, the other one)."),
      bare(L::winner_player, "winner", C::player, "The winner of the last round."),
      bare(L::loser, "loser", C::player, "The loser of the last round."),
      form(L::owner, "owner", C::player, {pos("hole", H, "a hole")}, "Whose HOLE is now."),
      form(L::next_player, "next-player", C::player, {pos("player", P, "a player")},
           "The player who moves after PLAYER."),
  };
}

// The table, checked once: one entry per Ludeme, in order.
std::vector<LudemeSpec> checked_registry() {
  std::vector<LudemeSpec> registry = build_registry();
  if (registry.size() != kLudemeCount - 1)
    throw std::logic_error("the ludeme registry and enum Ludeme differ in size");
  for (std::size_t i = 0; i < registry.size(); ++i)
    if (registry[i].id != static_cast<Ludeme>(i + 1))
      throw std::logic_error("registry entry '" + registry[i].name + "' is out of Ludeme's order");
  return registry;
}

}  // namespace

const std::vector<LudemeSpec>& ludeme_registry() {
  static const std::vector<LudemeSpec> registry = checked_registry();
  return registry;
}

const LudemeSpec& spec_of(Ludeme id) {
  return ludeme_registry()[static_cast<std::size_t>(id) - 1];
}

const LudemeSpec* find_form(std::string_view name) {
  for (const auto& spec : ludeme_registry())
    if (!spec.bare && spec.name == name) return &spec;
  return nullptr;
}

const LudemeSpec* find_bare(std::string_view name) {
  for (const auto& spec : ludeme_registry())
    if (spec.bare && spec.name == name) return &spec;
  return nullptr;
}

Symbol find_symbol(const ParamSpec& p, std::string_view name) {
  for (Symbol s : p.symbols)
    if (symbol_name(s) == name) return s;
  return Symbol::none;
}

Kind category_kind(Category category) {
  switch (category) {
    case Category::integer: return Kind::integer;
    case Category::condition: return Kind::condition;
    case Category::hole: return Kind::hole;
    case Category::region: return Kind::region;
    case Category::player: return Kind::player;
    default: return Kind::clause;
  }
}

std::string closest_ludeme(std::string_view name) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const auto& spec : ludeme_registry()) all.push_back(spec.name);
    return all;
  }();
  return passes::closest_name(name, names);
}

}  // namespace mancala
