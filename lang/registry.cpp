#include "lang/registry.hpp"

#include "lang/checker.hpp"

#include <algorithm>
#include <limits>

namespace mancala {

namespace {

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
ParamSpec clause(std::string name, std::string category, std::string doc) {
  ParamSpec p = pos(std::move(name), Kind::clause, std::move(doc));
  p.category = std::move(category);
  return p;
}
ParamSpec symbol(std::string name, std::vector<std::string> symbols, std::string doc) {
  ParamSpec p = pos(std::move(name), Kind::symbol, std::move(doc));
  p.symbols = std::move(symbols);
  return p;
}
LudemeSpec form(std::string name, std::string category, std::vector<ParamSpec> params,
                std::string summary) {
  return LudemeSpec{std::move(name), std::move(category), std::move(params), false,
                    std::move(summary)};
}
LudemeSpec bare(std::string name, std::string category, std::string summary) {
  return LudemeSpec{std::move(name), std::move(category), {}, true, std::move(summary)};
}

std::vector<LudemeSpec> build_registry() {
  const auto I = Kind::integer;
  const auto C = Kind::condition;
  const auto H = Kind::hole;
  const auto R = Kind::region;
  const auto P = Kind::player;
  const auto S = Kind::string;
  const auto A = Kind::any;
  return {
      // ---- Top level: files, options, defines -------------------------------------------------
      form("game", "top",
           {pos("name", S, "the game's name"),
            many(clause("clause", "game-clause|first-mover", "the game's clauses, in any order"))},
           "The game: its name and its clauses."),
      form("import", "top", {pos("library", S, "a file of stdlib/, without .lud")},
           "Makes the defines of stdlib/LIBRARY.lud available."),
      form("define", "top",
           {pos("name", S, "the define's name"),
            pos("body", A, "any expression; #1, #2 ... stand for the call's arguments")},
           "A named piece of rule text, used as (\"name\" arg ...)."),
      form("option", "top",
           {pos("name", S, "the option's name, chosen with --option name=value"),
            pos("default", A, "the value used when none is chosen (an integer or a string)"),
            pos("choices", A, "a list {...} of the allowed values, or (range LO HI)")},
           "An option: one reading of the rules that a tool selects by name."),
      form("range", "option-choices",
           {pos("low", I, "first value"), pos("high", I, "last value (inclusive)"),
            opt(named(pos("step", I, "distance between values (default 1)")))},
           "The integers LOW..HIGH, as an option's choices."),
      form("opt", "option-use", {pos("name", S, "an option's name")},
           "The chosen value of an option, substituted where it stands."),
      form("option-case", "option-use",
           {pos("name", S, "a string option's name"),
            many(named(pos("value", A,
                           "one labelled case per choice (label = choice); otherwise: "
                           "is the fallback; a list {...} is spliced into the parent")))},
           "The case whose label is the option's chosen value."),

      // ---- Game clauses -------------------------------------------------------------------------
      form("source", "game-clause", {pos("text", S, "a reference")},
           "A source the rules come from, kept with the game."),
      form("note", "game-clause", {pos("text", S, "a finding about the description")},
           "A caveat tools print with the game (for instance: a clause that is a ruling)."),
      form("board", "game-clause",
           {pos("rows", I, "2 (one row each) or 4 (two rows each: outer and inner)"),
            pos("columns", I, "holes per row"),
            opt(named(symbol("stores", {"none", "open", "concealed"},
                             "each player's store off the board (default none)")))},
           "The board: rows, columns and stores (G2)."),
      form("start", "game-clause",
           {many(clause("step", "start-step", "steps filling the empty board, in order"))},
           "The board at the start of the game."),
      form("opening", "game-clause",
           {many(clause("step", "opening-step", "automatic steps before the first move"))},
           "Automatic steps done before the first move (G10)."),
      form("first-mover", "first-mover", {pos("player", P, "who moves first")},
           "Who makes the first move of the game (default P1, G1); in round-start, of the round."),
      form("sow", "game-clause",
           {many(clause("clause", "sow-clause|capture",
                        "how the sowing move goes; its captures end the sowing"))},
           "A sowing move: lift all counters of a hole and sow them one by one (G5)."),
      form("store-sow", "game-clause", {},
           "Store move `store N`: sow N counters of the mover's store from their leftmost hole "
           "rightwards, wrapping within their own row; nothing follows it (O6)."),
      form("turn-start", "game-clause",
           {many(clause("step", "turn-step", "automatic steps, in order"))},
           "Automatic steps at the start of every turn, before the mover decides (G10)."),
      form("end", "game-clause",
           {many(clause("clause", "end-clause", "conditions that end the game"))},
           "How a game of one round ends."),
      form("rounds", "game-clause",
           {many(clause("clause", "round-clause", "how rounds end, score and follow"))},
           "A match of rounds."),

      // ---- Start and opening steps --------------------------------------------------------------
      form("fill", "start-step",
           {pos("count", I, "counters per hole"),
            opt(pos("region", R, "the holes to fill (default: the whole board)"))},
           "Sets every hole of REGION to COUNT counters."),
      form("put", "start-step",
           {pos("count", I, "counters per hole"), many(pos("hole", H, "holes by name (G2)"))},
           "Sets each named hole to COUNT counters."),
      form("row-pattern", "start-step",
           {pos("pattern", Kind::int_list, "counts from a player's own leftmost hole")},
           "Fills each player's row from their own leftmost hole with PATTERN, removing holes from "
           "its two ends in turn, left end first, until it has the board's length (O2)."),
      form("mirror-start", "start-step", {},
           "Gives P2 the same holes as P1, turned round (G1<->A4 on 4 rows, A1<->F2 on 2)."),
      form("remove-last-occupied", "opening-step",
           {named(pos("by", P, "the player who removes")),
            pos("count", I, "how many holes"),
            opt(named(pos("leave-last", I, "how many of those holes, counted from the last, keep "
                                           "their counters (default 0)")))},
           "BY takes into their store the counters of the last COUNT occupied holes of the "
           "opponent's row, in that row's owner's left-to-right order (O3)."),

      // ---- Sowing -------------------------------------------------------------------------------
      form("origin", "sow-clause",
           {pos("region", R, "the holes a move may start from"),
            opt(clause("guard", "guard", "what such a hole must satisfy (hole = the hole)"))},
           "Where a sowing move may start."),
      form("direction", "sow-clause",
           {symbol("direction", {"ccw", "cw", "choice"},
                   "anticlockwise, clockwise, or the mover's choice (written C1 ccw) (G3)")},
           "The direction of sowing (default ccw)."),
      form("track", "sow-clause",
           {symbol("track", {"loop", "circuits"},
                   "loop: every hole in one circle; circuits: each player's own rows (G3)")},
           "The circle the counters follow (default loop)."),
      form("first-drop", "sow-clause",
           {symbol("where", {"next", "origin-unless-single"},
                   "the next hole (G5), or back into the origin unless it held one counter (O4)")},
           "Where the first counter of a move is dropped (default next)."),
      form("skip-origin", "sow-clause", {},
           "A handful that goes all the way round skips the hole it was lifted from."),
      form("before-lift", "sow-clause",
           {many(clause("capture", "capture", "captures with hole = the chosen hole"))},
           "Captures made after the hole is chosen and before it is lifted (S5 capture=origin)."),
      form("lap", "sow-clause",
           {pos("when", C, "when the sowing continues (hole = where the last counter fell)"),
            opt(named(symbol("lift", {"landing", "following"},
                             "lift the hole where the last counter fell, or the hole after it"))),
            opt(named(symbol("direction", {"same", "reverse"},
                             "direction of the new handful (default same)"))),
            many(opt(clause("capture", "capture",
                            "captures before the lift (hole = the hole to be lifted)")))},
           "Relay sowing: a new handful is lifted and sown from the hole after it."),
      form("again", "sow-clause",
           {clause("guard", "guard", "when the same player must move again (hole = landing)"),
            opt(named(symbol("direction", {"same", "reverse", "choice"},
                             "the direction the further move must take (default choice)")))},
           "The turn goes on with another decision of the same player, instead of any capture "
           "(K5); a further move that repeats a position of the turn is excluded (G6)."),
      form("capture", "capture",
           {opt(clause("guard", "guard", "when the capture is made")),
            clause("take", "take", "the holes emptied"),
            opt(clause("into", "destination", "where the counters go (default the mover's store)")),
            opt(clause("chain", "chain", "further captures from the captured hole"))},
           "A capture: at the end of the sowing (hole = where the last counter fell), before a "
           "lift (hole = the hole to be lifted), or in (each ...) at the start of a turn."),
      form("take", "take", {many(pos("hole", H, "a hole whose counters are taken"))},
           "The holes a capture empties (each once)."),
      form("into-store", "destination", {}, "Captured counters go to the mover's store."),
      form("into", "destination", {pos("hole", H, "a hole on the board")},
           "Captured counters go into HOLE."),
      form("chain", "chain",
           {symbol("step", {"forward", "backward"},
                   "along the direction of the last handful, or against it"),
            clause("guard", "guard", "what the next hole must satisfy (hole = that hole)"),
            clause("take", "take", "the holes taken for it"),
            opt(named(symbol("count", {"one", "all"},
                             "one further hole, or as long as the guard holds (default all)")))},
           "Captures continuing hole after hole from the capturing hole."),
      form("if", "guard", {many(pos("condition", C, "conditions that must all hold"))},
           "A guard: all its conditions hold."),

      // ---- Turn start ---------------------------------------------------------------------------
      form("each", "turn-step",
           {pos("region", R, "holes"),
            many(clause("capture", "capture", "captures tried with hole = each hole, in order"))},
           "Captures tried at every hole of REGION (S5)."),
      form("give", "turn-step",
           {clause("guard", "guard", "when a counter is given"),
            named(pos("store", P, "whose store gives the counter if it has any")),
            named(pos("else", H, "the hole it comes from otherwise")),
            named(pos("to", H, "the hole that receives it"))},
           "A gift of one counter (L7)."),

      // ---- End of a one-round game ---------------------------------------------------------------
      form("after-turn", "end-clause",
           {clause("guard", "guard", "checked after every turn (mover = who just moved)"),
            clause("result", "result", "the result if it holds")},
           "The game ends after a turn when the guard holds."),
      form("before-move", "end-clause",
           {clause("guard", "guard", "checked at the start of every turn, before the mover decides"),
            clause("result", "result", "the result if it holds")},
           "The game ends before a decision when the guard holds."),
      form("winner", "result", {pos("player", P, "who wins")}, "PLAYER wins."),
      form("most", "result",
           {symbol("tally", {"store", "store+row"}, "what each player counts")},
           "The player with the larger tally wins; equal tallies draw."),
      bare("draw", "result", "The game is drawn."),

      // ---- Rounds -------------------------------------------------------------------------------
      form("round-over", "round-clause",
           {clause("guard", "guard", "checked after every turn (mover = who just moved)")},
           "When a round ends."),
      form("tally", "round-clause",
           {symbol("tally", {"store", "store+row"},
                   "each player's count at the end of a round: store, or store plus own row")},
           "What decides a round: the player with the smaller tally loses it."),
      form("tie", "round-clause",
           {symbol("then", {"draw", "replay"},
                   "equal tallies end the match drawn, or score nothing and keep the roles")},
           "What equal tallies do."),
      form("points", "round-clause",
           {symbol("points", {"difference"}, "the winner scores the difference of the tallies")},
           "Match points for the round's winner."),
      form("match-won", "round-clause",
           {clause("guard", "guard", "checked after a round is decided")},
           "The round's winner wins the match when the guard holds."),
      form("resize", "round-clause",
           {pos("reductions", Kind::int_list,
                "holes removed when the loser has >= T/2, >= T/4, >= T/8, < T/8 of T"),
            opt(named(pos("min", I, "never fewer columns than this (default 1)")))},
           "Next round's columns: the first round's columns minus a reduction chosen by the "
           "loser's tally against T, the counters in P1's row at the start (K11)."),
      form("first-loser", "round-clause", {pos("player", P, "the loser before any round")},
           "Who counts as the loser (and the other as the winner) before the first result."),
      form("round-start", "round-clause",
           {opt(named(pos("from", I, "first round these steps apply to (default 1)"))),
            many(clause("step", "round-step|first-mover", "steps setting up the round, in order"))},
           "How a round is set up."),
      form("collect", "round-step", {},
           "Every counter on the board goes to its owner's store; the board is emptied (K12)."),
      form("clear", "round-step", {},
           "The board and the stores are emptied (counters are dealt anew)."),
      form("place", "round-step",
           {named(pos("by", P, "who places")), pos("holes", R, "the holes filled, in order"),
            clause("source", "source", "where the counters come from"),
            named(pos("min", I, "counters each hole must get at least")),
            opt(named(symbol("uneven", {"yes", "no"}, "the holes may not all be equal")))},
           "Placement moves `X1=n`: every counter of SOURCE is placed, hole by hole; the last "
           "hole takes the rest (K12, L2)."),
      form("from-store", "source", {pos("player", P, "whose store")},
           "All the counters of PLAYER's store."),
      form("supply", "source", {pos("count", I, "counters")}, "COUNT counters from outside."),
      form("mirror", "round-step", {named(pos("by", P, "who matches"))},
           "BY fills the hole opposite each of the other player's holes with the same number, from "
           "their store (K12)."),
      form("flip-choice", "round-step", {named(pos("by", P, "who chooses"))},
           "BY chooses `keep` or `flip` (turn the board round: A1<->F2) (L3)."),

      // ---- Expressions: integers ----------------------------------------------------------------
      form("count", "integer", {pos("hole", H, "a hole")}, "The counters in HOLE."),
      form("sum", "integer", {pos("region", R, "holes")}, "The counters in REGION."),
      form("store", "integer", {pos("player", P, "a player")}, "The counters in PLAYER's store."),
      form("score", "integer", {pos("player", P, "a player")}, "PLAYER's match points."),
      form("tally-of", "integer", {pos("player", P, "a player")},
           "PLAYER's tally of the round just ended (see tally)."),
      bare("next-columns", "integer", "The columns the next round would have (see resize)."),
      form("+", "integer", {many(pos("term", I, "integers"))}, "The sum of the terms."),
      form("-", "integer", {pos("a", I, "an integer"), pos("b", I, "an integer")}, "A minus B."),

      // ---- Expressions: conditions --------------------------------------------------------------
      form("and", "condition", {many(pos("condition", C, "conditions"))}, "All hold."),
      form("or", "condition", {many(pos("condition", C, "conditions"))}, "At least one holds."),
      form("not", "condition", {pos("condition", C, "a condition")}, "It does not hold."),
      form("=", "condition", {pos("a", I, ""), pos("b", I, "")}, "A equals B."),
      form("!=", "condition", {pos("a", I, ""), pos("b", I, "")}, "A differs from B."),
      form("<", "condition", {pos("a", I, ""), pos("b", I, "")}, "A is less than B."),
      form("<=", "condition", {pos("a", I, ""), pos("b", I, "")}, "A is at most B."),
      form(">", "condition", {pos("a", I, ""), pos("b", I, "")}, "A is more than B."),
      form(">=", "condition", {pos("a", I, ""), pos("b", I, "")}, "A is at least B."),
      form("odd", "condition", {pos("value", I, "an integer")}, "VALUE is odd."),
      form("even", "condition", {pos("value", I, "an integer")}, "VALUE is even."),
      form("in", "condition",
           {pos("value", I, "an integer"), pos("set", Kind::int_list, "the values")},
           "VALUE is one of SET."),
      form("empty", "condition", {pos("hole", H, "a hole")}, "HOLE holds no counter."),
      form("occupied", "condition", {pos("hole", H, "a hole")}, "HOLE holds counters."),
      form("was-empty", "condition", {pos("hole", H, "a hole")},
           "HOLE was empty before the last counter fell (for other holes: is empty)."),
      form("own", "condition", {pos("hole", H, "a hole")}, "HOLE belongs to the mover."),
      form("within", "condition", {pos("hole", H, "a hole"), pos("region", R, "holes")},
           "HOLE is one of REGION."),
      form("all", "condition",
           {pos("region", R, "holes"), pos("condition", C, "checked with hole = each hole")},
           "CONDITION holds for every hole of REGION."),
      form("any", "condition",
           {pos("region", R, "holes"), pos("condition", C, "checked with hole = each hole")},
           "CONDITION holds for some hole of REGION."),
      form("none", "condition",
           {pos("region", R, "holes"), pos("condition", C, "checked with hole = each hole")},
           "CONDITION holds for no hole of REGION."),
      bare("crossed", "condition",
           "A counter of this sowing was dropped in the opponent's row (K5)."),
      bare("first-round", "condition", "This is the first round."),
      bare("repeated-position", "condition",
           "The position (board, stores, mover) after this turn was already reached in the round, "
           "counting the one where its first sowing move was made (L8)."),

      // ---- Expressions: holes, regions, players -------------------------------------------------
      bare("hole", "hole", "The hole in question (see each clause)."),
      bare("origin", "hole", "The hole the sowing move started from."),
      form("opposite", "hole", {pos("hole", H, "a hole")},
           "The hole across, same column: on 2 rows the other row; on 4 rows inner faces inner "
           "and outer faces outer (G4)."),
      form("next", "hole", {pos("hole", H, "a hole")},
           "The following hole in the direction of the last handful."),
      form("previous", "hole", {pos("hole", H, "a hole")},
           "The hole before, against the direction of the last handful."),
      form("outer-of", "hole", {pos("hole", H, "a hole")},
           "The outer-row hole of the same column on the same side (4-row boards)."),
      form("leftmost", "hole", {pos("region", R, "a row")},
           "The first hole of REGION (a player's own leftmost)."),
      form("rightmost-occupied", "hole", {pos("region", R, "a row")},
           "The last occupied hole of REGION in its owner's left-to-right order; none if empty."),
      form("row", "region", {pos("player", P, "a player")},
           "PLAYER's row in their own left-to-right order (2 rows); on 4 rows both their rows, "
           "in the order of their anticlockwise circuit from A (P1: A1..G1 G2..A2)."),
      form("inner-row", "region", {pos("player", P, "a player")}, "PLAYER's inner row."),
      form("outer-row", "region", {pos("player", P, "a player")}, "PLAYER's outer row."),
      bare("board", "region", "Every hole: P1's then P2's, each in their own order."),
      form("only", "region", {pos("hole", H, "a hole")},
           "The region of HOLE alone (empty if there is no such hole)."),
      bare("P1", "player", "The first player (South, row 1)."),
      bare("P2", "player", "The second player (North)."),
      bare("mover", "player", "The player whose turn it is (or who just moved)."),
      bare("opponent", "player", "The mover's opponent."),
      bare("winner", "player", "The winner of the last round."),
      bare("loser", "player", "The loser of the last round."),
  };
}

}  // namespace

const std::vector<LudemeSpec>& ludeme_registry() {
  static const std::vector<LudemeSpec> registry = build_registry();
  return registry;
}

const LudemeSpec* find_ludeme(std::string_view name) {
  for (const auto& spec : ludeme_registry())
    if (spec.name == name) return &spec;
  return nullptr;
}

Kind category_kind(std::string_view category) {
  if (category == "integer") return Kind::integer;
  if (category == "condition") return Kind::condition;
  if (category == "hole") return Kind::hole;
  if (category == "region") return Kind::region;
  if (category == "player") return Kind::player;
  return Kind::clause;
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
