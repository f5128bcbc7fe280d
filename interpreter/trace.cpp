#include "interpreter/trace.hpp"

#include "interpreter/citation.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ostream>
#include <random>
#include <type_traits>

namespace mancala {

std::vector<std::string> legal_texts(const Game& game, const State& state) {
  std::vector<Move> moves;
  game.legal_moves(state, moves);
  std::vector<std::string> texts;
  texts.reserve(moves.size());
  for (const Move& m : moves) texts.push_back(game.move_text(state, m));
  std::sort(texts.begin(), texts.end());  // byte order, as LC_ALL=C
  return texts;
}

namespace {

// What the position holds besides counts, where it differs from the board as laid out (keys
// absent otherwise, docs/records.md): owners that changed, holes out of play, marks, the game's
// and the players' variables that are not 0.
std::string changed_from_layout(const Game& game, const State& s) {
  using nlohmann::ordered_json;
  const Layout& l = game.layout_of(s);
  const Rules& rules = game.rules();
  ordered_json owners = ordered_json::object(), marks = ordered_json::object(), out = ordered_json::array();
  for (int h = 0; h < l.size; ++h) {
    if (game.owner(s, h) != l.owner[h]) owners[l.names[h]] = player_name(game.owner(s, h));
    if (!game.in_play(s, h)) out.push_back(l.names[h]);
    ordered_json names = ordered_json::array();
    for (std::size_t m = 0; m < rules.marks.size(); ++m)
      if (game.marked(s, h, static_cast<int>(m))) names.push_back(rules.marks[m]);
    if (!names.empty()) marks[l.names[h]] = names;
  }
  ordered_json variables = ordered_json::object(), player_variables = ordered_json::object();
  for (std::size_t v = 0; v < rules.game_vars.size(); ++v)
    if (std::int32_t value = game.variable(s, static_cast<int>(v), -1)) variables[rules.game_vars[v]] = value;
  for (int p = 0; p < game.players(); ++p)
    for (std::size_t v = 0; v < rules.player_vars.size(); ++v)
      if (std::int32_t value = game.variable(s, static_cast<int>(v), p))
        player_variables[player_name(p)][rules.player_vars[v]] = value;
  std::string text;
  if (!owners.empty()) text += ",\"owners\":" + owners.dump();
  if (!out.empty()) text += ",\"out\":" + out.dump();
  if (!marks.empty()) text += ",\"marks\":" + marks.dump();
  if (!variables.empty()) text += ",\"variables\":" + variables.dump();
  if (!player_variables.empty()) text += ",\"player-variables\":" + player_variables.dump();
  return text;
}

}  // namespace

std::string record_line(const Game& game, const State& s, bool unfinished, const std::string* move) {
  const Layout& l = game.layout(s.columns);
  bool over = game.is_over(s) || unfinished;
  std::string out = fmt::format("{{\"ply\":{},\"state\":{{\"round\":{},\"mover\":", s.ply, s.round);
  out += over ? std::string("null") : "\"" + player_name(s.mover) + "\"";
  out += fmt::format(",\"columns\":{},\"holes\":{{", s.columns);
  for (int h = l.first_pit(); h < l.size; ++h)
    out += fmt::format("{}\"{}\":{}", h > l.first_pit() ? "," : "", l.names[h], s.holes[h]);
  // One key per player, each player's stores added up (0 without stores).
  auto per_player = [&](const char* key, auto value) {
    out += fmt::format("}},\"{}\":{{", key);
    for (int p = 0; p < game.players(); ++p) out += fmt::format("{}\"P{}\":{}", p ? "," : "", p + 1, value(p));
  };
  per_player("stores", [&](int p) { return game.store(s, p); });
  per_player("scores", [&](int p) { return s.scores[p]; });
  out += "}";
  out += changed_from_layout(game, s);
  out += ",\"result\":";
  if (unfinished) out += "\"unfinished\"";
  else if (game.is_over(s)) out += fmt::format("\"{}\"", outcome_name(s.outcome));
  else out += "null";
  out += "},\"legal\":[";
  if (!over) {
    auto legal = legal_texts(game, s);
    for (std::size_t i = 0; i < legal.size(); ++i) out += fmt::format("{}\"{}\"", i ? "," : "", legal[i]);
  }
  out += "]";
  if (move) out += fmt::format(",\"move\":\"{}\"", *move);
  out += "}";
  return out;
}

std::vector<std::string> split_moves(const std::string& list) {
  std::vector<std::string> moves;
  std::size_t start = 0;
  auto trim = [](std::string s) {
    auto blank = [](unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!s.empty() && blank(s.front())) s.erase(s.begin());
    while (!s.empty() && blank(s.back())) s.pop_back();
    return s;
  };
  if (trim(list).empty()) return moves;
  for (;;) {
    std::size_t comma = list.find(',', start);
    moves.push_back(trim(list.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return moves;
}

std::string events_json(const Game& game, int columns, const std::vector<Event>& events) {
  using nlohmann::ordered_json;
  const Layout& l = game.layout(columns);
  StateCore board;  // move_text reads only the board's size
  board.columns = static_cast<std::uint8_t>(columns);
  auto name = [&l](int hole) { return hole >= 0 && hole < l.size ? l.names[hole] : std::string("?"); };
  auto direction = [](Dir d) { return d == Dir::ccw ? "ccw" : "cw"; };
  const Rules& rules = game.rules();
  auto mark_name = [&rules](int mark) {
    return mark >= 1 && static_cast<std::size_t>(mark) <= rules.marks.size() ? rules.marks[static_cast<std::size_t>(mark - 1)] : std::string("?");
  };
  auto variable_name = [&rules](int index, int of) {
    const auto& names = of >= 0 ? rules.player_vars : rules.game_vars;
    return index >= 0 && static_cast<std::size_t>(index) < names.size() ? names[static_cast<std::size_t>(index)] : std::string("?");
  };
  ordered_json list = ordered_json::array();
  for (const Event& e : events) {
    ordered_json item = {{"event", std::string(e.name())}, {"player", player_name(e.player)}};
    std::visit(
        [&](const auto& d) {
          using T = std::decay_t<decltype(d)>;
          if constexpr (std::is_same_v<T, LiftEvent>) {
            if (d.hole == kNoHole) item["from"] = "store";
            else item["hole"] = name(d.hole);
            item["count"] = d.count;
          } else if constexpr (std::is_same_v<T, DropEvent> || std::is_same_v<T, ClaimEvent> ||
                               std::is_same_v<T, OutOfPlayEvent> || std::is_same_v<T, InPlayEvent>) {
            item["hole"] = name(d.hole);
          } else if constexpr (std::is_same_v<T, MarkEvent> || std::is_same_v<T, UnmarkEvent>) {
            item["hole"] = name(d.hole);
            item["mark"] = mark_name(d.mark);
          } else if constexpr (std::is_same_v<T, SetVarEvent> || std::is_same_v<T, AddVarEvent>) {
            item["variable"] = variable_name(d.variable, d.of);
            if (d.of >= 0) item["of"] = player_name(d.of);
            if constexpr (std::is_same_v<T, AddVarEvent>) item["amount"] = d.amount;
            item["value"] = d.value;
          } else if constexpr (std::is_same_v<T, NewBoardEvent>) {
            item["columns"] = d.columns;
          } else if constexpr (std::is_same_v<T, GiftEvent>) {
            item["from"] = d.from == kNoHole ? std::string("store") : name(d.from);
            item["hole"] = name(d.hole);
          } else if constexpr (std::is_same_v<T, LapEvent>) {
            item["hole"] = name(d.hole);
            item["count"] = d.count;
            item["direction"] = direction(d.direction);
          } else if constexpr (std::is_same_v<T, CaptureEvent> || std::is_same_v<T, TransferEvent>) {
            item["hole"] = name(d.hole);
            item["count"] = d.count;
            item["into"] = d.into == kIntoStore ? std::string("store")
                           : d.into == kIntoHand ? std::string("hand")
                                                 : name(d.into);
          } else if constexpr (std::is_same_v<T, AgainEvent>) {
            item["hole"] = name(d.hole);
            item["direction"] = direction(d.direction);
          } else if constexpr (std::is_same_v<T, ExcludedEvent>) {
            item["move"] = game.move_text(board, d.move);
            item["reason"] = d.at_budget ? "endless: reaches the drop limit"
                             : d.endless ? "endless" : "repeats a position of the turn";
          } else if constexpr (std::is_same_v<T, PlacementEvent>) {
            item["hole"] = name(d.hole);
            item["count"] = d.count;
          } else if constexpr (std::is_same_v<T, FlipEvent>) {
            item["flipped"] = d.flipped;
          } else if constexpr (std::is_same_v<T, ChoiceEvent>) {
            item["alternative"] = rules.alternatives.at(static_cast<std::size_t>(d.alternative));
          } else if constexpr (std::is_same_v<T, RoundEndEvent>) {
            item.erase("player");
            item["tallies"] = std::vector<int>(d.tallies.begin(), d.tallies.begin() + d.players);
            if (d.repeated) item["repeated"] = true;
          } else if constexpr (std::is_same_v<T, GameEndEvent>) {
            item.erase("player");
            item["result"] = outcome_name(d.outcome);
          } else {
            static_assert(std::is_same_v<T, PassEvent> || std::is_same_v<T, TurnEndEvent> ||
                              std::is_same_v<T, RoundReplayedEvent> || std::is_same_v<T, FirstMoverEvent>,
                          "an event kind without its fields in the record");
          }
        },
        e.data);
    if (e.clause != kNoClause) {
      Citation c = cite(game.rules().clauses[e.clause]);
      item["clause"] = c.where;
      if (!c.rulings.empty()) item["rulings"] = c.rulings;
    }
    if (e.within != kNoClause) item["within"] = cite(game.rules().clauses[e.within]).where;
    list.push_back(item);
  }
  return list.dump();
}

namespace {

std::string illegal_move_line(const std::string& move, int ply) {
  nlohmann::ordered_json error = {{"error", "illegal move " + move}, {"ply", ply}};
  return error.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

TraceResult write_trace(const Game& game, const TraceRequest& request, std::ostream& out) {
  TraceResult result;
  std::vector<Event> start_events;  // the automatic steps before the first decision
  State s = game.initial_state(request.events ? &start_events : nullptr);
  // The first line written carries them (docs/records.md: "start-events").
  auto with_start = [&](std::string line) {
    if (start_events.empty()) return line;
    line.pop_back();  // the closing brace
    line += ",\"start-events\":" + events_json(game, s.columns, start_events) + "}";
    start_events.clear();
    return line;
  };
  std::mt19937_64 rng(request.seed);
  std::vector<Move> legal;
  std::size_t next = 0;
  for (;;) {
    bool cut = !game.is_over(s) && s.ply >= request.max_turns;
    if (game.is_over(s) || cut) {
      out << with_start(record_line(game, s, cut, nullptr)) << '\n';
      if (request.moves && next < request.moves->size()) {  // docs/records.md: the game is over
        out << illegal_move_line((*request.moves)[next], s.ply) << '\n';
        result.exit_code = 2;
      }
      return result;
    }
    Move m;
    std::string text;
    if (request.moves) {
      if (next >= request.moves->size()) {  // the given moves ran out
        out << with_start(record_line(game, s, false, nullptr)) << '\n';
        return result;
      }
      text = (*request.moves)[next++];
      if (!game.find_move(s, text, m)) {
        out << with_start(record_line(game, s, false, nullptr)) << '\n';
        out << illegal_move_line(text, s.ply) << '\n';
        result.exit_code = 2;
        return result;
      }
      text = game.move_text(s, m);  // recorded as the tools write it (a1 ccw is A1 ccw)
    } else {
      game.legal_moves(s, legal);
      m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      text = game.move_text(s, m);
    }
    std::string line = with_start(record_line(game, s, false, &text));
    result.moves_played.push_back(text);
    if (request.events) {
      std::vector<Event> events;
      int columns = s.columns;
      game.apply(s, m, &events);
      line.pop_back();  // the closing brace
      line += ",\"events\":" + events_json(game, columns, events) + "}";
    } else {
      game.apply(s, m);
    }
    out << line << '\n';
  }
}

}  // namespace mancala
