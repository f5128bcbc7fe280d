// The compiler pass: a checked (game ...) form becomes Rules and an immutable Game. Names, holes,
// tracks and regions are resolved here, once; errors point at the rule file.
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "interpreter/game.hpp"
#include "interpreter/limits.hpp"
#include "lang/registry.hpp"

namespace mancala {

namespace {
constexpr long kMaxCounters = 30000;  // a hole's count must fit in a Count
}

struct GameCompiler {
  Diagnostics& diagnostics;
  Rules& rules;
  int rows = 2;
  int columns = 6;
  const Node* at = nullptr;  // the expression being compiled, for a limit's error

  ExprPool& exprs() { return rules.exprs; }

  void error(const Node& node, std::string message) {
    diagnostics.error(node.position, std::move(message));
  }

  static std::vector<const Node*> positional(const Node& form) {
    std::vector<const Node*> out;
    for (const Node& child : form.children)
      if (child.label.empty()) out.push_back(&child);
    return out;
  }
  static const Node* named(const Node& form, std::string_view label) {
    for (const Node& child : form.children)
      if (child.label == label) return &child;
    return nullptr;
  }
  static bool is(const Node& node, std::string_view head) {
    return node.kind == NodeKind::form && node.text == head;
  }

  std::optional<int> constant(const Node& node) {
    if (node.kind == NodeKind::integer) return static_cast<int>(node.integer);
    if (is(node, "+") || is(node, "-")) {
      long total = 0;
      for (std::size_t i = 0; i < node.children.size(); ++i) {
        auto v = constant(node.children[i]);
        if (!v) return std::nullopt;
        total += (is(node, "-") && i > 0) ? -*v : *v;
      }
      if (total < -kMaxCounters || total > kMaxCounters) {
        error(node, "integer out of range");
        return std::nullopt;
      }
      return static_cast<int>(total);
    }
    error(node, fmt::format("expected a constant integer here, found {}", to_text(node)));
    return std::nullopt;
  }

  int constant_player(const Node& node) {
    if (node.kind == NodeKind::identifier && (node.text == "P1" || node.text == "P2"))
      return node.text == "P1" ? 0 : 1;
    error(node, fmt::format("expected P1 or P2 here, found {}", to_text(node)));
    return 0;
  }

  std::string symbol(const Node* node, std::string fallback) {
    return node ? node->text : std::move(fallback);
  }

  ExprId leaf(Op op, std::int32_t value = 0) {
    ExprNode n;
    n.op = op;
    n.value = value;
    return exprs().add(std::move(n));
  }

  ExprId hole_name(const Node& node) {
    const std::string& t = node.text;
    int column = t[0] - 'A';
    int row = std::atoi(t.c_str() + 1);
    if (column < 0 || column >= columns || row < 1 || row > rows) {
      error(node, fmt::format("hole {} is not on a {}x{} board", t, rows, columns));
      return leaf(Op::constant, 0);
    }
    return leaf(Op::hole_named, row * 256 + column);
  }

  ExprId identifier(const Node& node, Kind want) {
    const std::string& t = node.text;
    if (want == Kind::player) {
      static const std::pair<const char*, Op> players[] = {
          {"P1", Op::player_p1}, {"P2", Op::player_p2}, {"mover", Op::mover},
          {"opponent", Op::opponent}, {"winner", Op::winner}, {"loser", Op::loser}};
      for (auto [name, op] : players)
        if (t == name) return leaf(op);
    }
    if (t == "board") return leaf(Op::region, static_cast<int>(RegionKind::board));
    if (t == "crossed") return leaf(Op::crossed);
    if (t == "first-round") return leaf(Op::first_round);
    if (t == "repeated-position") {
      rules.uses_repetition = true;
      return leaf(Op::repeated_position);
    }
    if (t == "next-columns") return leaf(Op::next_columns);
    if (t == "hole") return leaf(Op::subject);
    if (t == "origin") return leaf(Op::origin);
    if (t.size() >= 2 && t[0] >= 'A' && t[0] <= 'Z') return hole_name(node);
    error(node, fmt::format("'{}' cannot stand here", t));
    return leaf(Op::constant, 0);
  }

  ExprId expr(const Node& node, Kind want) {
    at = &node;
    if (node.kind == NodeKind::integer) {
      if (node.integer < -kMaxCounters || node.integer > kMaxCounters)
        error(node, fmt::format("integer {} out of range (limit {})", node.integer, kMaxCounters));
      return leaf(Op::constant, static_cast<std::int32_t>(node.integer));
    }
    if (node.kind == NodeKind::identifier) return identifier(node, want);
    if (node.kind != NodeKind::form) {
      error(node, fmt::format("unexpected {} here", node_kind_name(node.kind)));
      return leaf(Op::constant, 0);
    }
    static const std::pair<const char*, Op> ops[] = {
        {"count", Op::count}, {"sum", Op::sum}, {"store", Op::store}, {"score", Op::score},
        {"tally-of", Op::tally}, {"+", Op::add}, {"-", Op::subtract}, {"and", Op::all_of},
        {"if", Op::all_of}, {"or", Op::any_of}, {"not", Op::negate}, {"=", Op::eq},
        {"!=", Op::ne}, {"<", Op::lt}, {"<=", Op::le}, {">", Op::gt}, {">=", Op::ge},
        {"odd", Op::odd}, {"even", Op::even}, {"in", Op::in_set}, {"empty", Op::empty},
        {"occupied", Op::occupied}, {"was-empty", Op::was_empty}, {"own", Op::own},
        {"within", Op::within}, {"all", Op::region_all}, {"any", Op::region_any},
        {"none", Op::region_none}, {"opposite", Op::opposite}, {"next", Op::next},
        {"previous", Op::previous}, {"outer-of", Op::outer_of}, {"leftmost", Op::leftmost},
        {"rightmost-occupied", Op::rightmost_occupied}, {"only", Op::only}};
    ExprNode n;
    const LudemeSpec* spec = find_ludeme(node.text);
    bool found = false;
    for (auto [name, op] : ops)
      if (node.text == name) {
        n.op = op;
        found = true;
      }
    if (node.text == "row" || node.text == "inner-row" || node.text == "outer-row") {
      n.op = Op::region;
      n.value = static_cast<int>(node.text == "row"         ? RegionKind::row
                                 : node.text == "inner-row" ? RegionKind::inner_row
                                                            : RegionKind::outer_row);
      if (rows == 2 && node.text != "row") {
        // On two rows a player's only row is both their inner and outer row.
      }
      found = true;
    }
    if (!found || !spec) {
      error(node, fmt::format("'{}' is not an expression", node.text));
      return leaf(Op::constant, 0);
    }
    for (std::size_t i = 0; i < node.children.size(); ++i) {
      const Node& arg = node.children[i];
      const ParamSpec& param = spec->params[std::min(i, spec->params.size() - 1)];
      if (param.kind == Kind::int_list) {
        for (const Node& item : arg.children) n.set.push_back(static_cast<std::int32_t>(item.integer));
        continue;
      }
      n.args.push_back(expr(arg, param.kind));
    }
    if (n.op == Op::all_of && n.args.size() == 1) return n.args[0];
    return fuse(std::move(n));
  }

  // Peephole: the commonest conditions on `hole` become one node each, so that the hot loops
  // test a count instead of walking a tree.
  ExprId fuse(ExprNode n) {
    auto op_of = [this](ExprId id) { return exprs()[id].op; };
    bool on_subject = !n.args.empty() && op_of(n.args[0]) == Op::subject;
    if (on_subject && n.op == Op::occupied) return leaf(Op::subject_at_least, 1);
    if (n.op == Op::occupied) {  // (occupied (opposite hole)), (occupied (next hole))
      const ExprNode& target = exprs()[n.args[0]];
      bool of_subject = !target.args.empty() && op_of(target.args[0]) == Op::subject;
      if (of_subject && target.op == Op::opposite) return leaf(Op::opposite_at_least, 1);
      if (of_subject && target.op == Op::next) return leaf(Op::next_at_least, 1);
    }
    if (on_subject && n.op == Op::ge && op_of(n.args[1]) == Op::constant)
      return leaf(Op::subject_at_least, exprs()[n.args[1]].value);
    if (n.op == Op::negate) {
      const ExprNode& inner = exprs()[n.args[0]];
      if (inner.op == Op::was_empty && op_of(inner.args[0]) == Op::subject)
        return leaf(Op::subject_was_occupied);
    }
    return exprs().add(std::move(n));
  }

  ExprId guard(const Node& form) {
    for (const Node& child : form.children)
      if (is(child, "if")) return expr(child, Kind::condition);
    return kNoExpr;
  }

  std::vector<ExprId> take(const Node& form) {
    std::vector<ExprId> out;
    for (const Node& child : form.children)
      if (is(child, "take"))
        for (const Node& hole : child.children) out.push_back(expr(hole, Kind::hole));
    return out;
  }

  Capture capture(const Node& form) {
    Capture c;
    c.guard = guard(form);
    c.take = take(form);
    for (const Node& child : form.children) {
      if (is(child, "into")) c.into = expr(child.children.at(0), Kind::hole);
      if (is(child, "chain")) {
        Chain chain;
        auto args = positional(child);
        chain.step = args.at(0)->text == "backward" ? ChainStep::backward : ChainStep::forward;
        chain.guard = guard(child);
        chain.take = take(child);
        chain.all = symbol(named(child, "count"), "all") == "all";
        c.chain = chain;
      }
    }
    return c;
  }

  void board(const Node& form) {
    auto args = positional(form);
    auto r = constant(*args.at(0));
    auto c = constant(*args.at(1));
    if (!r || !c) return;
    if (*r != 2 && *r != 4) error(*args[0], fmt::format("a board has 2 or 4 rows, not {}", *r));
    else rows = *r;
    if (*c < 1 || *c > kMaxColumns || *c * rows > kMaxHoles)
      error(*args[1], fmt::format("{} columns: a board has 1 to {} columns and at most {} holes "
                                  "(limit max-holes)", *c, kMaxColumns, kMaxHoles));
    else columns = *c;
    std::string stores = symbol(named(form, "stores"), "none");
    rules.stores = stores == "open" ? StoreKind::open
                   : stores == "concealed" ? StoreKind::concealed : StoreKind::none;
  }

  void start(const Node& form) {
    for (const Node& step : form.children) {
      StartStep s;
      auto args = positional(step);
      if (is(step, "fill")) {
        s.kind = StartKind::fill;
        s.count = constant(*args.at(0)).value_or(0);
        if (args.size() > 1) s.region = expr(*args[1], Kind::region);
      } else if (is(step, "put")) {
        s.kind = StartKind::put;
        s.count = constant(*args.at(0)).value_or(0);
        for (std::size_t i = 1; i < args.size(); ++i) {
          ExprId id = hole_name(*args[i]);
          int v = exprs()[id].value;
          s.holes.emplace_back(v / 256, v % 256);
        }
      } else if (is(step, "row-pattern")) {
        s.kind = StartKind::row_pattern;
        for (const Node& item : args.at(0)->children) s.pattern.push_back(static_cast<int>(item.integer));
      } else if (is(step, "mirror-start")) {
        s.kind = StartKind::mirror;
      }
      if (s.count < 0 || std::any_of(s.pattern.begin(), s.pattern.end(), [](int v) { return v < 0; }))
        error(step, "a hole cannot hold a negative number of counters");
      else if (s.count > kMaxCounters ||
               std::any_of(s.pattern.begin(), s.pattern.end(), [](int v) { return v > kMaxCounters; }))
        error(step, fmt::format("a hole holds at most {} counters (limit max-counters)", kMaxCounters));
      rules.start.push_back(std::move(s));
    }
  }

  void sow(const Node& form) {
    Sowing s;
    for (const Node& clause : form.children) {
      auto args = positional(clause);
      const std::string& head = clause.text;
      if (head == "origin") {
        s.origin_region = expr(*args.at(0), Kind::region);
        s.origin_guard = guard(clause);
        // A guard that only asks for a least count is tested directly in the hot loop.
        if (s.origin_guard != kNoExpr) {
          if (std::int32_t minimum = exprs().subject_minimum(s.origin_guard); minimum > 0) {
            s.origin_minimum = minimum;
            s.origin_guard = kNoExpr;
          }
        }
      } else if (head == "direction") {
        const std::string& d = args.at(0)->text;
        s.direction = d == "cw" ? DirRule::cw : d == "choice" ? DirRule::choice : DirRule::ccw;
      } else if (head == "track") {
        s.track = args.at(0)->text == "circuits" ? Track::circuits : Track::loop;
      } else if (head == "first-drop") {
        s.first_drop = args.at(0)->text == "next" ? FirstDrop::next : FirstDrop::origin_unless_single;
      } else if (head == "skip-origin") {
        s.skip_origin = true;
      } else if (head == "before-lift") {
        for (const Node& c : clause.children) s.before_lift.push_back(capture(c));
      } else if (head == "lap") {
        Lap lap;
        lap.when = expr(*args.at(0), Kind::condition);
        lap.lift = symbol(named(clause, "lift"), "landing") == "following" ? LiftRule::following
                                                                           : LiftRule::landing;
        lap.turn = symbol(named(clause, "direction"), "same") == "reverse" ? Turn::reverse : Turn::same;
        for (std::size_t i = 1; i < args.size(); ++i) lap.captures.push_back(capture(*args[i]));
        s.lap = lap;
      } else if (head == "again") {
        Again again;
        again.guard = guard(clause);
        std::string turn = symbol(named(clause, "direction"), "choice");
        again.turn = turn == "reverse" ? Turn::reverse : turn == "same" ? Turn::same : Turn::choice;
        s.again = again;
      } else if (head == "capture") {
        s.captures.push_back(capture(clause));
      }
    }
    if (s.origin_region == kNoExpr) {
      error(form, "(sow ...) needs an (origin ...) clause: where a move may start");
      s.origin_region = leaf(Op::region, static_cast<int>(RegionKind::board));
    }
    rules.sowing = std::move(s);
  }

  ResultRule result(const Node& node) {
    ResultRule r;
    if (is(node, "winner")) {
      r.kind = ResultKind::winner;
      r.player = expr(node.children.at(0), Kind::player);
    } else if (is(node, "most")) {
      r.kind = ResultKind::most;
      r.tally = node.children.at(0).text == "store" ? TallyRule::store : TallyRule::store_and_row;
    }
    return r;
  }

  void end(const Node& form) {
    for (const Node& clause : form.children) {
      EndRule e;
      e.before_move = is(clause, "before-move");
      e.guard = guard(clause);
      for (const Node& child : clause.children)
        if (!is(child, "if")) e.result = result(child);
      rules.end.push_back(e);
    }
  }

  void turn_start(const Node& form) {
    for (const Node& step : form.children) {
      TurnStep t;
      if (is(step, "each")) {
        t.kind = TurnStepKind::each;
        t.region = expr(step.children.at(0), Kind::region);
        for (std::size_t i = 1; i < step.children.size(); ++i)
          t.captures.push_back(capture(step.children[i]));
      } else {
        t.kind = TurnStepKind::give;
        t.guard = guard(step);
        t.store_player = expr(*named(step, "store"), Kind::player);
        t.else_hole = expr(*named(step, "else"), Kind::hole);
        t.to_hole = expr(*named(step, "to"), Kind::hole);
      }
      rules.turn_start.push_back(std::move(t));
    }
  }

  void rounds(const Node& form) {
    Rounds r;
    const Node* resize = nullptr;
    for (const Node& clause : form.children) {
      auto args = positional(clause);
      const std::string& head = clause.text;
      if (head == "round-over") r.over = guard(clause);
      else if (head == "tally") r.tally = args.at(0)->text == "store" ? TallyRule::store : TallyRule::store_and_row;
      else if (head == "tie") r.tie_draws = args.at(0)->text == "draw";
      else if (head == "points") r.points = true;
      else if (head == "match-won") r.match_won.push_back(guard(clause));
      else if (head == "first-loser") r.first_loser = constant_player(*args.at(0));
      else if (head == "resize") {
        resize = &clause;
        for (const Node& item : args.at(0)->children) r.reductions.push_back(static_cast<int>(item.integer));
        if (const Node* min = named(clause, "min")) r.min_columns = constant(*min).value_or(1);
        if (r.reductions.empty()) error(clause, "(resize ...) needs at least one reduction");
      } else if (head == "round-start") {
        if (const Node* from = named(clause, "from")) r.start_from = constant(*from).value_or(1);
        round_steps(args, r);
      }
    }
    if (r.over == kNoExpr) error(form, "(rounds ...) needs a (round-over ...) clause");
    bool empties = std::any_of(r.start.begin(), r.start.end(), [](const RoundStep& s) {
      return s.kind == RoundStepKind::collect || s.kind == RoundStepKind::clear;
    });
    if (resize && !empties)
      error(*resize, "(resize ...) needs a (collect) or (clear) step in (round-start ...): the "
                     "board can only change size when it is empty");
    rules.rounds = std::move(r);
  }

  void round_steps(const std::vector<const Node*>& steps, Rounds& r) {
    int last_place = -1;
    for (const Node* step : steps) {
      RoundStep s;
      const std::string& head = step->text;
      auto args = positional(*step);
      if (head == "collect") s.kind = RoundStepKind::collect;
      else if (head == "clear") s.kind = RoundStepKind::clear;
      else if (head == "first-mover") {
        s.kind = RoundStepKind::first_mover;
        s.player = expr(*args.at(0), Kind::player);
      } else if (head == "flip-choice") {
        s.kind = RoundStepKind::flip_choice;
        s.player = expr(*named(*step, "by"), Kind::player);
      } else if (head == "mirror") {
        s.kind = RoundStepKind::mirror;
        s.player = expr(*named(*step, "by"), Kind::player);
        s.place_step = last_place;
        if (last_place < 0) error(*step, "(mirror ...) matches a placement: it needs a (place ...) step before it");
      } else if (head == "place") {
        s.kind = RoundStepKind::place;
        s.player = expr(*named(*step, "by"), Kind::player);
        s.region = expr(*args.at(0), Kind::region);
        const Node& source = *args.at(1);
        s.from_store = is(source, "from-store");
        if (s.from_store) {
          s.source = expr(source.children.at(0), Kind::player);
        } else {  // a supply is counted when the game is loaded (limit max-counters)
          int supply = constant(source.children.at(0)).value_or(0);
          if (supply < 0) error(source, "a supply cannot be negative");
          s.source = leaf(Op::constant, supply);
        }
        s.min = constant(*named(*step, "min")).value_or(0);
        s.uneven = symbol(named(*step, "uneven"), "no") == "yes";
        if (s.min < 0) error(*named(*step, "min"), "min must not be negative");
        last_place = static_cast<int>(r.start.size());
      }
      r.start.push_back(s);
    }
  }

  void game(const Node& form) {
    rules.name = form.children.at(0).text;
    bool has_board = false;
    for (const Node& clause : form.children)
      if (is(clause, "board")) {
        if (has_board) error(clause, "a game has one (board ...)");
        has_board = true;
        board(clause);
      }
    if (!has_board) error(form, "the game has no (board ...) clause");
    for (std::size_t i = 1; i < form.children.size(); ++i) {
      const Node& clause = form.children[i];
      const std::string& head = clause.text;
      if (head == "source") rules.sources.push_back(clause.children.at(0).text);
      else if (head == "note") rules.notes.push_back(clause.children.at(0).text);
      else if (head == "start") start(clause);
      else if (head == "opening") {
        for (const Node& step : clause.children) {
          Removal removal;
          removal.by = constant_player(*named(step, "by"));
          removal.count = constant(*positional(step).at(0)).value_or(0);
          if (const Node* leave = named(step, "leave-last")) removal.leave_last = constant(*leave).value_or(0);
          rules.opening.push_back(removal);
        }
      } else if (head == "first-mover") rules.first_mover = constant_player(clause.children.at(0));
      else if (head == "sow") {
        if (rules.sowing) error(clause, "a game has one (sow ...) clause");
        sow(clause);
      } else if (head == "store-sow") {
        rules.store_sow = true;
        if (rules.stores == StoreKind::none)
          error(clause, "(store-sow) sows from a store: the board needs stores:open or stores:concealed");
      } else if (head == "turn-start") turn_start(clause);
      else if (head == "end") end(clause);
      else if (head == "rounds") {
        if (rules.rounds) error(clause, "a game has one (rounds ...) clause");
        rounds(clause);
      }
    }
    if (!rules.sowing && !rules.store_sow) error(form, "the game has no moves: add a (sow ...) clause");
  }
};

std::unique_ptr<Game> Game::compile(const CheckedGame& checked, Diagnostics& diagnostics) {
  std::unique_ptr<Game> game(new Game());
  std::size_t errors_before = diagnostics.error_count();
  GameCompiler compiler{diagnostics, game->rules_};
  try {
    compiler.game(checked.game);
  } catch (const LimitExceeded& e) {  // max-expression-nodes: report where the pool ran out
    diagnostics.error(compiler.at ? compiler.at->position : checked.game.position, e.what());
    return nullptr;
  }
  if (diagnostics.error_count() > errors_before) return nullptr;
  game->rules_.rows = compiler.rows;
  game->rules_.columns = compiler.columns;
  game->initial_columns_ = compiler.columns;
  game->layouts_.resize(compiler.columns + 1);
  for (int c = 1; c <= compiler.columns; ++c) game->layouts_[c] = make_layout(compiler.rows, c);

  // The counters must fit: every hole's count is a Count.
  State s = game->initial_state();
  long total = game->total_counters(s);
  long supply = 0;
  if (game->rules_.rounds)
    for (const RoundStep& step : game->rules_.rounds->start)
      if (step.kind == RoundStepKind::place && !step.from_store)
        supply = std::max<long>(supply, game->rules_.exprs[step.source].value);
  if (total > kMaxCounters || supply > kMaxCounters) {
    diagnostics.error(checked.game.position,
                      fmt::format("the game has {} counters: at most {} (limit max-counters)",
                                  std::max(total, supply), kMaxCounters));
    return nullptr;
  }
  for (int p = 0; p < 2; ++p)
    for (auto h : game->layouts_[compiler.columns].region(RegionKind::row, p))
      if (p == 0) game->initial_per_player_ += s.holes[h];
  return game;
}

}  // namespace mancala
