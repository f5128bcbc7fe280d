#include "interpreter/web/game_json.hpp"

#include <algorithm>

#include "interpreter/citation.hpp"
#include "interpreter/view/board_view.hpp"
#include "interpreter/view/clause_source.hpp"
#include "interpreter/view/decision.hpp"
#include "interpreter/view/explain.hpp"
#include "interpreter/trace.hpp"

namespace mancala::web {

namespace {

const char* move_kind_name(MoveKind kind) {
  switch (kind) {
    case MoveKind::sow: return "sow";
    case MoveKind::store: return "store";
    case MoveKind::place: return "place";
    case MoveKind::flip: return "flip";
    case MoveKind::keep: return "keep";
    case MoveKind::choose: return "choose";
    case MoveKind::choice: return "choice";
    case MoveKind::pass: return "pass";
  }
  return "pass";
}

// The hole counts after each event, from the position before the move: what the page animates.
// It follows the events as the explanation does (view/explain.cpp); the page ends on the position
// after the move, which also covers what events do not tell (a round's new board).
Json event_frames(const Game& game, const State& before, const std::vector<Event>& events) {
  const int holes = static_cast<int>(view::hole_names(game, before).size());
  std::vector<int> counts;
  for (int h = 0; h < holes; ++h) counts.push_back(game.count(before, h));
  auto at = [&counts](int hole) -> int* {
    return hole >= 0 && hole < static_cast<int>(counts.size()) ? &counts[static_cast<std::size_t>(hole)] : nullptr;
  };
  auto add = [&at](int hole, int n) {
    if (int* c = at(hole)) *c += n;
  };
  Json frames = Json::array();
  for (const Event& e : events) {
    std::visit(
        [&](const auto& d) {
          using T = std::decay_t<decltype(d)>;
          if constexpr (std::is_same_v<T, LiftEvent>) {
            add(d.hole == kNoHole ? game.store_hole(e.player) : d.hole, -d.count);
          } else if constexpr (std::is_same_v<T, LapEvent>) {
            add(d.hole, -d.count);
          } else if constexpr (std::is_same_v<T, DropEvent>) {
            add(d.hole, 1);
          } else if constexpr (std::is_same_v<T, CaptureEvent>) {
            add(d.hole, -d.count);
            if (d.into >= 0) add(d.into, d.count);
            if (d.into == kIntoStore) add(game.store_hole(e.player), d.count);
          } else if constexpr (std::is_same_v<T, GiftEvent>) {
            add(d.from == kNoHole ? game.store_hole(e.player) : d.from, -1);
            add(d.hole, 1);
          } else if constexpr (std::is_same_v<T, PlacementEvent>) {
            add(d.hole, d.count);
          }
        },
        e.data);
    frames.push_back(counts);
  }
  return frames;
}

// "kalah.lud:24" -> {"file": "kalah.lud", "line": 24}.
void split_where(const std::string& where, Json& into) {
  std::size_t colon = where.rfind(':');
  into["file"] = colon == std::string::npos ? where : where.substr(0, colon);
  into["line"] = colon == std::string::npos ? 0 : std::atoi(where.c_str() + colon + 1);
}

Json solved_value_json(const ai::SolvedValue& v) { return {{"result", ai::result_word(v.result)}, {"margin", v.margin}}; }

}  // namespace

Json position_json(const Game& game, const State& s, int concealed_from) {
  const view::BoardGeometry g = view::board_geometry(game, s);
  const Layout& l = game.layout_of(s);
  Json board;
  board["rows"] = g.rows;
  board["columns"] = g.columns;
  board["column_labels"] = g.column_labels;
  board["grid"] = g.grid;
  board["row_owner"] = g.row_owner;
  Json arrows = Json::array();
  for (char a : g.row_arrow) arrows.push_back(a ? std::string(1, a) : std::string());
  board["row_arrow"] = arrows;
  board["stores"] = g.stores;
  board["stores_at_ends"] = g.stores_at_ends;
  const auto& marks = game.rules().marks;
  Json holes = Json::array();
  for (int h = 0; h < l.size; ++h) {
    const bool store = l.role[h] == Role::store;
    const bool hidden = store && game.stores_concealed() && concealed_from >= 0 && l.owner[h] != concealed_from;
    Json hole = {{"name", l.names[h]}, {"store", store}, {"side", l.owner[h]}, {"owner", game.owner(s, h)},
                 {"in_play", game.in_play(s, h)}};
    hole["count"] = hidden ? Json(nullptr) : Json(game.count(s, h));
    Json on = Json::array();
    for (std::size_t m = 0; m < marks.size(); ++m)
      if (game.marked(s, h, static_cast<int>(m))) on.push_back(marks[m]);
    hole["marks"] = on;
    holes.push_back(std::move(hole));
  }
  board["holes"] = holes;

  Json out;
  out["board"] = board;
  out["players"] = game.players();
  out["over"] = game.is_over(s);
  out["mover"] = game.is_over(s) ? -1 : game.mover(s);
  out["phase"] = phase_name(game.phase(s));
  out["continuing"] = game.continuing(s);
  out["decision"] = view::describe_decision(game, s);
  out["result"] = game.result_text(s);
  out["winner"] = game.winner(s);
  out["ply"] = game.ply(s);
  out["round"] = game.round(s);
  out["rounds"] = game.rules().rounds.has_value();
  Json scores = Json::array(), stores = Json::array();
  for (int p = 0; p < game.players(); ++p) {
    scores.push_back(game.score(s, p));
    const bool hidden = game.stores_concealed() && concealed_from >= 0 && p != concealed_from;
    stores.push_back(hidden ? Json(nullptr) : Json(game.store(s, p)));
  }
  out["scores"] = scores;
  out["store_totals"] = stores;
  out["points"] = game.rules().rounds && game.rules().rounds->points;
  out["legal"] = legal_json(game, s);
  return out;
}

Json legal_json(const Game& game, const State& s) {
  Json out = Json::array();
  if (game.is_over(s)) return out;
  std::vector<Move> moves;
  game.legal_moves(s, moves);
  for (const Move& m : moves) {
    Json move = {{"text", game.move_text(s, m)}, {"kind", move_kind_name(m.kind)},
                 {"hole", m.hole == kNoHole ? -1 : static_cast<int>(m.hole)}};
    if (m.has_dir) move["dir"] = m.dir == Dir::cw ? "cw" : "ccw";
    if (m.kind == MoveKind::place || m.kind == MoveKind::store || m.count > 0) move["count"] = m.count;
    out.push_back(std::move(move));
  }
  std::sort(out.begin(), out.end(), [](const Json& a, const Json& b) { return a["text"] < b["text"]; });
  return out;
}

Json move_json(const Game& game, const view::PlayedMove& move, std::size_t number) {
  const view::Explanation said = view::explain_move(game, move.before, move.move, move.events);
  Json steps = Json::array();
  for (std::size_t i = 0; i < said.steps.size(); ++i) {
    Json clauses = Json::array();
    for (ClauseId c : said.step_clauses[i]) clauses.push_back(c);
    steps.push_back({{"text", said.steps[i]}, {"event", said.step_events[i]}, {"clauses", clauses}});
  }
  Json clauses = Json::object();
  for (ClauseId c : said.clauses) clauses[std::to_string(c)] = clause_json(game, c);
  Json events = Json::parse(events_json(game, game.layout_of(move.before).columns, move.events));
  Json holes = Json::array();  // each event's hole as an index, for the animation
  for (const Event& e : move.events)
    std::visit(
        [&holes, &e, &game](const auto& d) {
          using T = std::decay_t<decltype(d)>;
          int hole = -1;
          if constexpr (requires { d.hole; }) hole = d.hole == kNoHole ? -1 : static_cast<int>(d.hole);
          if constexpr (std::is_same_v<T, LiftEvent>)
            if (d.hole == kNoHole) hole = game.store_hole(e.player);
          holes.push_back(hole);
        },
        e.data);
  return {{"number", number},
          {"text", move.text},
          {"player", game.mover(move.before)},
          {"by", move.by},
          {"steps", steps},
          {"clauses", clauses},
          {"events", events},
          {"event_holes", holes},
          {"frames", event_frames(game, move.before, move.events)}};
}

Json clause_json(const Game& game, ClauseId clause) {
  const Citation c = cite(game.rules().clauses[clause]);
  Json out = {{"where", c.where}, {"rulings", c.rulings}, {"comment", c.comment}, {"text", c.text},
              {"source", view::clause_source(game, clause)}};
  split_where(c.where, out);
  return out;
}

Json diagnostics_json(const Diagnostics& diagnostics) {
  Json out = Json::array();
  for (const Diagnostic& d : diagnostics.all()) {
    Json item = {{"severity", d.severity == Severity::error ? "error" : "note"},
                 {"message", d.message},
                 {"line", d.position.line},
                 {"column", d.position.column},
                 {"file", d.position.source ? d.position.source->name : std::string()},
                 {"text", format_diagnostic(d)}};
    out.push_back(std::move(item));
  }
  return out;
}

Json move_values_json(const Game& game, const State& state, const std::vector<ai::MoveValue>& values, long budget) {
  std::vector<Move> legal;
  game.legal_moves(state, legal);
  // Moves left out (the solve was stopped) might beat any valued: then none is called best.
  Json unvalued = Json::array();
  for (std::size_t k = values.size(); k < legal.size(); ++k) unvalued.push_back(game.move_text(state, legal[k]));
  const auto best = unvalued.empty() ? ai::best_moves(values) : std::vector<const ai::MoveValue*>{};
  Json moves = Json::array(), best_texts = Json::array();
  long positions = 0;
  for (const ai::MoveValue& v : values) {
    const bool is_best = std::find(best.begin(), best.end(), &v) != best.end();
    Json move = {{"move", game.move_text(state, v.move)},
                 {"complete", v.complete},
                 {"text", ai::value_text(v)},
                 {"lower", solved_value_json(v.lower)},
                 {"upper", solved_value_json(v.upper)},
                 {"best", is_best},
                 {"positions", v.positions}};
    if (v.complete) move.update(solved_value_json(v.value));
    if (is_best) best_texts.push_back(move["move"]);
    positions += v.positions;
    moves.push_back(std::move(move));
  }
  return {{"mover", game.mover(state)}, {"budget", budget}, {"moves", moves},
          {"best", best_texts}, {"unvalued", unvalued}, {"positions", positions}};
}

Json game_summary_json(const CheckedGame& checked, const Game& game) {
  const Rules& rules = game.rules();
  Json options = Json::array();
  for (const OptionInfo& option : checked.options) {
    Json values = Json::array();
    auto text = [](const Node& v) { return v.kind == NodeKind::string ? v.text : std::to_string(v.integer); };
    for (const Node& choice : option.choices) values.push_back(text(choice));
    options.push_back({{"name", option.name}, {"values", values}, {"chosen", text(option.chosen)}});
  }
  return {{"name", rules.name},
          {"sources", rules.sources},
          {"notes", rules.notes},
          {"rows", rules.rows},
          {"columns", rules.columns},
          {"players", rules.players},
          {"stores", rules.stores == StoreKind::none ? "none" : rules.stores == StoreKind::open ? "open" : "concealed"},
          {"rounds", rules.rounds.has_value()},
          {"fidelity", rules.fidelity == Fidelity::faithful  ? "faithful"
                       : rules.fidelity == Fidelity::partial ? "partial"
                                                             : "unstated"},
          {"gaps", rules.gaps},
          {"options", options}};
}

}  // namespace mancala::web
