#include "interpreter/analysis/replay.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>

#include "interpreter/citation.hpp"
#include "interpreter/trace.hpp"
#include "interpreter/view/board_view.hpp"
#include "interpreter/view/decision.hpp"
#include "interpreter/view/explain.hpp"

namespace mancala::analysis {

using nlohmann::json;

namespace {

std::string trim(const std::string& s) {
  auto blank = [](unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  std::size_t b = 0, e = s.size();
  while (b < e && blank(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && blank(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// How the engine's position differs from the record's, item by item.
std::vector<std::string> differences(const json& engine, const json& recorded) {
  std::vector<std::string> out;
  const json& es = engine.at("state");
  const json& rs = recorded.at("state");
  for (const char* key : {"round", "mover", "columns", "result"})
    if (es.value(key, json()) != rs.value(key, json()))
      out.push_back(fmt::format("{}: the file gives {}, the record {}", key, es.value(key, json()).dump(),
                                rs.value(key, json()).dump()));
  for (const char* group : {"holes", "stores", "scores"}) {
    const json& eg = es.value(group, json::object());
    const json& rg = rs.value(group, json::object());
    std::set<std::string> keys;
    for (const auto& [k, v] : eg.items()) keys.insert(k);
    for (const auto& [k, v] : rg.items()) keys.insert(k);
    for (const std::string& k : keys) {
      json a = eg.value(k, json()), b = rg.value(k, json());
      if (a != b)
        out.push_back(fmt::format("{}{}: the file gives {}, the record {}", group == std::string("holes") ? "" : std::string(group) + " ",
                                  k, a.dump(), b.dump()));
    }
  }
  // What a position holds besides counts, present only where it differs from the layout.
  for (const char* key : {"owners", "out", "marks", "variables", "player-variables"})
    if (es.value(key, json()) != rs.value(key, json()))
      out.push_back(fmt::format("{}: the file gives {}, the record {}", key,
                                es.value(key, json()).dump(), rs.value(key, json()).dump()));
  if (engine.at("legal") != recorded.value("legal", json::array()))
    out.push_back(fmt::format("legal moves: the file gives {}, the record {}", engine.at("legal").dump(),
                              recorded.value("legal", json::array()).dump()));
  return out;
}

std::string legal_line(const Game& game, const State& s) {
  std::string out;
  for (const auto& m : view::legal_move_list(game, s)) out += (out.empty() ? "" : ", ") + m;
  return out.empty() ? "(none: the game is over)" : out;
}

}  // namespace

SourceRecord read_record(const std::string& text) {
  SourceRecord record;
  std::istringstream in(text);
  std::string line;
  const std::string start = trim(text);
  const bool jsonl = !start.empty() && start.front() == '{';
  for (int n = 1; std::getline(in, line); ++n) {
    if (jsonl) {
      if (trim(line).empty()) continue;
      json item;
      try {
        item = json::parse(line);
      } catch (const json::exception& e) {
        throw std::invalid_argument(fmt::format("line {}: not JSON: {}", n, e.what()));
      }
      if (item.contains("error")) break;  // the record's own illegal-move line ends it
      if (!item.is_object() || !item.contains("state"))
        throw std::invalid_argument(fmt::format("line {}: a record line needs \"state\" (docs/records.md)", n));
      record.positions.push_back(json{{"state", item.at("state")}, {"legal", item.value("legal", json::array())}}.dump());
      record.position_lines.push_back(n);
      if (item.contains("move")) record.moves.push_back({item.at("move").get<std::string>(), n});
      continue;
    }
    std::string body = line.substr(0, line.find('#'));
    std::size_t from = 0;
    for (;;) {
      std::size_t comma = body.find(',', from);
      std::string move = trim(body.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
      if (!move.empty()) record.moves.push_back({move, n});
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
  }
  return record;
}

ReplayResult replay(const Game& game, const SourceRecord& record, const std::string& name) {
  ReplayResult result;
  State s = game.initial_state();
  State before = s;
  Move last{};
  std::vector<Event> last_events;
  bool has_last = false;
  auto disagree = [&](int line, std::string what) {
    result.agrees = false;
    result.report += fmt::format("{}:{}: ply {}: the rule file disagrees: {}\n", name, line, game.ply(s), what);
  };
  auto show = [&] {
    result.report += view::draw_board(game, s);
    result.report += fmt::format("legal moves: {}\n", legal_line(game, s));
  };
  for (std::size_t i = 0;; ++i) {
    if (i < record.positions.size()) {
      json recorded = json::parse(record.positions[i]);
      bool unfinished = recorded.at("state").value("result", json()) == "unfinished";
      json engine = json::parse(record_line(game, s, unfinished, nullptr));
      auto diff = differences(engine, recorded);
      if (!diff.empty()) {
        disagree(record.position_lines[i], "the position differs from the record's");
        for (const auto& d : diff) result.report += "  " + d + "\n";
        result.report += "the position the rule file gives:\n";
        show();
        if (has_last) {
          result.report += fmt::format("what the last move did, by the rule file:\n");
          result.report += view::explanation_text(game, view::explain_move(game, before, last, last_events));
        }
        return result;
      }
    }
    if (i >= record.moves.size()) break;
    const RecordMove& m = record.moves[i];
    Move move;
    if (!game.parse_move(s, m.text, move)) {  // the record's notation is at fault, not the rules
      result.agrees = false;
      result.report += fmt::format("{}:{}: ply {}: notation error: '{}' is not a move: {} (G8)\n", name, m.line,
                                   game.ply(s), m.text, game.notation_help(s));
      return result;
    }
    if (!game.find_move(s, m.text, move)) {
      disagree(m.line, fmt::format("{} is not a legal move", m.text));
      show();
      for (const auto& line : view::explain_refusal(game, s, m.text)) result.report += line + "\n";
      return result;
    }
    before = s;
    last = move;
    last_events.clear();
    game.apply(s, move, &last_events);
    has_last = true;
    ++result.moves_replayed;
  }
  result.report += fmt::format("{}: the rule file agrees with the record: {} moves replayed; {}\n", name,
                               result.moves_replayed,
                               game.is_over(s) ? "result " + game.result_text(s) : fmt::format("the game goes on at ply {}", game.ply(s)));
  return result;
}

}  // namespace mancala::analysis
