#include "interpreter/trace.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ostream>
#include <random>

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

std::string record_line(const Game& game, const State& s, bool unfinished, const std::string* move) {
  const Layout& l = game.layout(s.columns);
  bool over = game.is_over(s) || unfinished;
  std::string out = fmt::format("{{\"ply\":{},\"state\":{{\"round\":{},\"mover\":", s.ply, s.round);
  out += over ? "null" : (s.mover == 0 ? "\"P1\"" : "\"P2\"");
  out += fmt::format(",\"columns\":{},\"holes\":{{", s.columns);
  for (int h = 0; h < l.size; ++h)
    out += fmt::format("{}\"{}\":{}", h ? "," : "", l.names[h], s.holes[h]);
  out += fmt::format("}},\"stores\":{{\"P1\":{},\"P2\":{}}},\"scores\":{{\"P1\":{},\"P2\":{}}},"
                     "\"result\":",
                     s.stores[0], s.stores[1], s.scores[0], s.scores[1]);
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
  static const char* const names[] = {"lift", "drop",     "lap",      "capture",   "again",
                                      "pass", "gift",     "placement", "flip",     "turn-end",
                                      "round-end", "game-end"};
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Event& e : events) {
    nlohmann::ordered_json item = {{"event", names[static_cast<int>(e.kind)]},
                                   {"player", e.player == 0 ? "P1" : "P2"}};
    if (e.hole != kNoHole && e.hole < game.layout(columns).size)
      item["hole"] = game.layout(columns).names[e.hole];
    item["count"] = e.count;
    if (e.kind == EventKind::capture)
      item["into"] = e.detail < 0 ? std::string("store") : game.layout(columns).names[e.detail];
    if (e.kind == EventKind::lap || e.kind == EventKind::again)
      item["direction"] = e.detail == static_cast<int>(Dir::ccw) ? "ccw" : "cw";
    if (e.kind == EventKind::round_end) {
      item.erase("player");
      item.erase("count");
      item["tallies"] = {e.count, e.detail};
    }
    if (e.kind == EventKind::game_end) {
      item.erase("player");
      item.erase("count");
      item["result"] = outcome_name(static_cast<Outcome>(e.count));
    }
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
  State s = game.initial_state();
  std::mt19937_64 rng(request.seed);
  std::vector<Move> legal;
  std::size_t next = 0;
  for (;;) {
    bool cut = !game.is_over(s) && s.ply >= request.max_turns;
    if (game.is_over(s) || cut) {
      out << record_line(game, s, cut, nullptr) << '\n';
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
        out << record_line(game, s, false, nullptr) << '\n';
        return result;
      }
      text = (*request.moves)[next++];
      if (!game.find_move(s, text, m)) {
        out << record_line(game, s, false, nullptr) << '\n';
        out << illegal_move_line(text, s.ply) << '\n';
        result.exit_code = 2;
        return result;
      }
    } else {
      game.legal_moves(s, legal);
      m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
      text = game.move_text(s, m);
    }
    std::string line = record_line(game, s, false, &text);
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
