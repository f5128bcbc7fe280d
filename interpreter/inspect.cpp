// Inspection for tools that explain play: why a move is not legal, and the value of an
// expression of the language in a position.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>

#include "interpreter/compile/compiler.hpp"
#include "interpreter/game.hpp"

namespace mancala {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return lower(x) == lower(y); });
}

bool parse_int(std::string_view text, std::int32_t& value) {
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc() && ptr == text.data() + text.size();
}

std::string amount_range(int least, int most) {
  return least == most ? fmt::format("exactly {}", least) : fmt::format("{} to {}", least, most);
}

}  // namespace

bool Game::parse_move(const State& s, std::string_view text, Move& move) const {
  text = trimmed(text);
  move = Move{};
  // Words in any case (PASS, Store 2, C1 CCW); a hole's name too where no other hole's name
  // differs from it only in case (a1 for A1).
  if (same_ignoring_case(text, "pass")) return move.kind = MoveKind::pass, true;
  if (same_ignoring_case(text, "flip")) return move.kind = MoveKind::flip, true;
  if (same_ignoring_case(text, "keep")) return move.kind = MoveKind::keep, true;
  for (std::size_t i = 0; i < rules_.alternatives.size(); ++i)  // a choice step's alternative
    if (same_ignoring_case(text, rules_.alternatives[i]))
      return move.kind = MoveKind::choice, move.count = static_cast<std::int32_t>(i), true;
  // "store 2" sows two counters from the store; "store P2 ccw" sows from the hole named "store P2".
  if (std::int32_t count = 0;
      text.size() > 6 && same_ignoring_case(text.substr(0, 6), "store ") && parse_int(trimmed(text.substr(6)), count)) {
    move.kind = MoveKind::store;
    move.count = count;
    return true;
  }
  const Layout& l = layout(s.columns);
  auto hole_index = [&l](std::string_view name) {
    auto it = std::find(l.names.begin(), l.names.end(), name);
    if (it != l.names.end()) return static_cast<int>(it - l.names.begin());
    int found = -1;
    for (std::size_t h = 0; h < l.names.size(); ++h) {
      if (!same_ignoring_case(l.names[h], name)) continue;
      if (found >= 0) return -1;  // ambiguous: write it exactly
      found = static_cast<int>(h);
    }
    // The rule file's source numbering (hole-numbers): no hole's name is all digits.
    std::int32_t number = 0;
    if (found < 0 && !l.numbered.empty() && parse_int(name, number) && number >= l.first_number &&
        number - l.first_number < static_cast<std::int32_t>(l.numbered.size()))
      found = l.numbered[static_cast<std::size_t>(number - l.first_number)];
    return found;
  };
  if (std::size_t eq = text.find('='); eq != std::string_view::npos) {
    int h = hole_index(trimmed(text.substr(0, eq)));
    move.kind = MoveKind::place;
    move.hole = static_cast<std::uint8_t>(h < 0 ? kNoHole : h);
    return h >= 0 && parse_int(trimmed(text.substr(eq + 1)), move.count);
  }
  if (text.size() > 7 && same_ignoring_case(text.substr(0, 7), "choose ")) {
    int h = hole_index(trimmed(text.substr(7)));
    move.kind = MoveKind::choose;
    move.hole = static_cast<std::uint8_t>(h < 0 ? kNoHole : h);
    return h >= 0;
  }
  // The hole's name: the text's first word, or a longer name holding spaces that the text begins
  // with (a store's, "store P2").
  std::size_t space = text.find(' ');
  for (const std::string& name : l.names)
    if (space != std::string_view::npos && name.size() > space && text.size() >= name.size() &&
        same_ignoring_case(text.substr(0, name.size()), name) && (text.size() == name.size() || text[name.size()] == ' '))
      space = text.size() == name.size() ? std::string_view::npos : name.size();
  int h = hole_index(text.substr(0, space));
  if (h < 0) return false;
  move.kind = s.phase == Phase::choose ? MoveKind::choose : MoveKind::sow;  // A1 for choose A1
  move.hole = static_cast<std::uint8_t>(h);
  if (move.kind == MoveKind::choose) return space == std::string_view::npos;
  // Then, in either order, at most one direction (ccw, cw) and one amount (x3).
  bool amount = false;
  for (std::string_view rest = space == std::string_view::npos ? "" : trimmed(text.substr(space)); !rest.empty();) {
    space = rest.find(' ');
    const std::string_view word = rest.substr(0, space);
    rest = space == std::string_view::npos ? "" : trimmed(rest.substr(space));
    if (!move.has_dir && (same_ignoring_case(word, "ccw") || same_ignoring_case(word, "cw"))) {
      move.has_dir = true;
      move.dir = word.size() == 3 ? Dir::ccw : Dir::cw;
    } else if (!amount && word.size() > 1 && lower(word[0]) == 'x' && parse_int(word.substr(1), move.count) &&
               move.count > 0) {
      amount = true;
    } else {
      return false;
    }
  }
  return true;
}

Game::Refusal Game::why_not(const State& s, std::string_view text) const {
  Move found;
  if (find_move(s, text, found)) return {};
  if (is_over(s)) return {"the game is over", kNoClause, {}};
  Move m;
  const Layout& l = layout(s.columns);
  if (!parse_move(s, text, m))
    return {fmt::format("'{}' is not a move: {}", std::string(trimmed(text)), notation_help(s)),
            kNoClause, "G8"};
  std::vector<Move> legal;
  legal_moves(s, legal);
  if (s.phase == Phase::flip)
    return {"the decision now is whether to turn the board round: flip or keep", setup_step(s).clause, {}};
  if (s.phase == Phase::choose || s.phase == Phase::choice) {
    std::string offered;
    for (const Move& move : legal) offered += (offered.empty() ? "" : ", ") + move_text(s, move);
    return {fmt::format("the round is being set up: {} chooses {}: {}", player_name(s.mover),
                        s.phase == Phase::choose ? "a hole" : "one of", offered),
            setup_step(s).clause, {}};
  }
  if (s.phase == Phase::place) {
    const RoundStep& step = setup_step(s);
    if (m.kind != MoveKind::place)
      return {fmt::format("the round is being set up: {} places counters, as {}",
                          player_name(s.mover), move_text(s, legal.front())),
              step.clause, {}};
    if (m.hole != legal.front().hole)
      return {fmt::format("the next hole to fill is {}", l.names[legal.front().hole]), step.clause, {}};
    auto [low, high] = std::minmax_element(legal.begin(), legal.end(), [](const Move& a, const Move& b) {
      return a.count < b.count;
    });
    std::string range = low->count == high->count ? fmt::format("exactly {}", low->count)
                                                   : fmt::format("{} to {}", low->count, high->count);
    return {fmt::format("{} takes {} counters here ({} left to place)", l.names[m.hole], range,
                        s.place_left),
            step.clause, {}};
  }
  switch (m.kind) {
    case MoveKind::flip:
    case MoveKind::keep:
    case MoveKind::choose:
    case MoveKind::choice:
    case MoveKind::place: return {"that is a move of a round's set-up, not of play", kNoClause, {}};
    case MoveKind::pass:
      return {"pass is legal only when there is no other move", kNoClause, "G7"};
    case MoveKind::store:
      if (!rules_.store_sow) return {"this game has no store moves", kNoClause, {}};
      if (s.continuing) return {"a further move of the turn must be a sowing", s.again_clause, {}};
      {
        const Amounts a = store_amounts(s);
        const ClauseId by = rules_.store_sow_least == kNoExpr ? rules_.store_sow_clause : rules_.store_sow_amount_clause;
        if (a.least > a.most)
          return {fmt::format("no store move is allowed now: the store holds {}", first_store(s, s.mover)), by, {}};
        return {fmt::format("a store move sows {} counters now: the store holds {}", amount_range(a.least, a.most),
                            first_store(s, s.mover)),
                by, {}};
      }
    case MoveKind::sow: break;
  }
  const Sowing* in_force = sowing_of(s);
  if (!in_force) return {"no sowing rule is in force here", kNoClause, {}};
  const Sowing& rule = *in_force;
  const std::string& name = l.names[m.hole];
  EvalContext ctx = context(s);
  const Origins o = origins_of(s, rule, ctx);
  const bool choice = rule.direction == DirRule::choice;
  if (!m.has_dir) m.dir = rule.direction == DirRule::cw ? Dir::cw : Dir::ccw;
  // The candidate's tests, in check_origin's order, then the notation of its direction (G8).
  switch (check_origin(s, rule, o, m.hole, m.dir, ctx)) {
    case OriginCheck::outside_region: {
      std::string whose = s.owner[m.hole] != s.mover ? fmt::format(" ({} is {}'s hole)", name, player_name(s.owner[m.hole])) : "";
      return {fmt::format("a move may not start from {}{}", name, whose), rule.origin_clause, {}};
    }
    case OriginCheck::out_of_play: return {fmt::format("{} is out of play", name), kNoClause, {}};
    case OriginCheck::outside_further:
      return {fmt::format("the further move may not start from {}", name), s.again_clause, {}};
    case OriginCheck::condition:
      return {fmt::format("{} holds {} counter{}: the origin's condition does not hold", name, s.holes[m.hole],
                          s.holes[m.hole] == 1 ? "" : "s"),
              rule.origin_clause, {}};
    case OriginCheck::direction:
    case OriginCheck::ok: break;
  }
  if (choice && !m.has_dir)
    return {fmt::format("the direction is the mover's choice: write {} ccw or {} cw", name, name),
            rule.direction_clause, "G8"};
  if (!choice && m.has_dir)
    return {fmt::format("the direction is not a choice here: write {}", name), rule.direction_clause, "G8"};
  if (check_origin(s, rule, o, m.hole, m.dir, ctx) == OriginCheck::direction)
    return {fmt::format("the further move must be sown {}", s.forced_dir == Dir::ccw ? "ccw" : "cw"),
            s.again_clause, {}};
  if (const Amounts a = amounts_of(s, rule, m.hole, m.dir); !a.contains(m.count)) {
    const std::string move = move_text(s, Move{MoveKind::sow, m.hole, m.dir, m.has_dir, 0});
    if (!rule.chooses_amount())
      return {fmt::format("the amount is not a choice here: write {}", move), rule.clause, "G8"};
    if (a.least > a.most)
      return {fmt::format("no amount may be lifted from {} now (it holds {})", name, s.holes[m.hole]),
              rule.amount_clause, {}};
    if (m.count == 0)
      return {fmt::format("the mover chooses how many counters to lift, {}: write {} x{}", amount_range(a.least, a.most), move,
                          a.least),
              rule.amount_clause, "G8"};
    return {fmt::format("{} lifts {} counters here, not {}", move, amount_range(a.least, a.most), m.count), rule.amount_clause, {}};
  }
  // A candidate: so G6 or a legality filter refuses it, as its verdict says.
  StateCore scratch;
  const Verdict v = judge(s, rule, m, scratch, nullptr);
  const bool by_g6 = v.why == Refused::endless || v.why == Refused::drop_limit || v.why == Refused::repeats_turn;
  return {refusal_text(v), v.clause, by_g6 ? "G6" : ""};
}

bool Game::evaluate(const State& s, const Node& expression, std::string& value,
                    Diagnostics& diagnostics) const {
  Rules scratch = rules_;  // the expression's nodes join a copy of the pool
  compiler::Compiler compiler{diagnostics, scratch};
  compiler.rows = rules_.rows;
  compiler.columns = s.columns;
  ExprId id;
  std::size_t errors = diagnostics.error_count();
  try {
    id = compiler.expr(expression);
  } catch (const compiler::InternalError& e) {
    diagnostics.error(e.position, fmt::format("internal error: {}", e.what()));
    return false;
  }
  if (diagnostics.error_count() != errors) return false;
  EvalContext ctx = context(s);
  // Regions laid out when compiled ((union ...), (reversed ...)) joined the copy's board: the
  // expression reads them from a layout of that board.
  std::optional<Layout> laid_out;
  if (scratch.board.static_regions.size() != rules_.board.static_regions.size())
    laid_out = make_layout(scratch.board, s.columns);
  const Layout& l = laid_out ? *laid_out : layout(s.columns);
  ctx.layout = &l;
  Kind kind = Kind::integer;
  if (expression.kind == NodeKind::identifier && expression.ludeme == Ludeme::none) kind = Kind::hole;
  else if (expression.ludeme != Ludeme::none) kind = category_kind(spec_of(expression.ludeme).category);
  switch (kind) {
    case Kind::condition: value = scratch.exprs.condition(id, ctx) ? "true" : "false"; return true;
    case Kind::hole: {
      int h = scratch.exprs.hole(id, ctx);
      value = h == kNoHole ? std::string("no hole") : fmt::format("{} ({})", l.names[h], s.holes[h]);
      return true;
    }
    case Kind::region: {
      value = "{";
      for (auto h : scratch.exprs.region(id, ctx)) value += (value.size() > 1 ? " " : "") + l.names[h];
      value += "}";
      return true;
    }
    case Kind::player: value = player_name(scratch.exprs.player(id, ctx)); return true;
    default: value = std::to_string(scratch.exprs.integer(id, ctx)); return true;
  }
}

}  // namespace mancala
