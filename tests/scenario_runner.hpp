#pragma once
// Scenario files (tests/scenarios/GAME.scn, described in docs/scenarios.md): a game's scenarios
// written as data. Each scenario names the sentence of the rules text it checks, starts from the
// game's initial position or a drawn one (tests/board_drawing.hpp, the format the REPL's board
// view prints), plays moves in G8 notation and checks the position after them, the events of a
// move, the legal moves, why a move is refused, or the value of an expression.
//
// parse_file reads a file (a syntax error throws ScenarioSyntaxError, "file:line: message");
// run_scenario plays one scenario and returns its failures, each "file:line: ..." with the boards
// drawn, so that one driver (tests/test_scenarios.cpp) serves every game.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "board_drawing.hpp"
#include "interpreter/trace.hpp"
#include "interpreter/view/board_view.hpp"
#include "support.hpp"

namespace mancala::test::scenario {

struct ScenarioSyntaxError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class StepKind { start, position, play, events, expect, legal, illegal, eval, branch };

struct Step {
  StepKind kind;
  int line = 0;
  std::string text;  // the argument; continuation lines follow it, each after a '\n'
};

struct Scenario {
  std::string title;
  int line = 0;
  std::vector<std::string> sentences;  // `text`: the sentences of the rules text it checks
  std::vector<std::string> rulings;    // `rulings`: ids of docs/rulings.md, for the reader
  std::vector<std::string> options;    // name=value
  std::vector<Step> steps;
};

struct File {
  std::string path;  // as shown in messages: relative to the project when inside it
  std::string game;  // the stem of the file, unless a `game NAME` line names another
  std::vector<Scenario> scenarios;
};

namespace detail {

inline std::string trim(const std::string& s) { return drawing_detail::trim(s); }

inline std::string without_comment(const std::string& line) {
  auto c = line.find("//");
  return c == std::string::npos ? line : line.substr(0, c);
}

// A list written with commas, on one line or over continuation lines: "A1 cw, B2" -> {A1 cw, B2}.
inline std::vector<std::string> items(const std::string& text) {
  std::vector<std::string> out;
  std::string normal = text;
  std::replace(normal.begin(), normal.end(), '\n', ',');
  std::istringstream in(normal);
  for (std::string item; std::getline(in, item, ',');) {
    std::istringstream words(item);
    std::string joined;
    for (std::string w; words >> w;) joined += (joined.empty() ? "" : " ") + w;
    if (!joined.empty()) out.push_back(joined);
  }
  return out;
}

inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

inline std::string list_text(const std::vector<std::string>& list) {
  std::string out;
  for (const auto& item : list) out += (out.empty() ? "" : ", ") + item;
  return out.empty() ? "(none)" : out;
}

// `text`'s non-blank lines, their common indentation replaced by `margin`.
inline std::string indented(const std::string& text, const std::string& margin = "    ") {
  std::vector<std::string> lines;
  std::size_t common = std::string::npos;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (trim(line).empty()) continue;
    common = std::min(common, line.find_first_not_of(" \t"));
    lines.push_back(line);
  }
  std::string out;
  for (const auto& line : lines) out += margin + line.substr(common) + "\n";
  return out;
}

// The kinds of step, by their keyword.
inline const std::vector<std::pair<std::string, StepKind>>& step_keywords() {
  static const std::vector<std::pair<std::string, StepKind>> keywords = {
      {"start", StepKind::start},   {"position", StepKind::position}, {"play", StepKind::play},
      {"events", StepKind::events}, {"expect", StepKind::expect},     {"legal", StepKind::legal},
      {"illegal", StepKind::illegal}, {"eval", StepKind::eval},       {"branch", StepKind::branch}};
  return keywords;
}

// An event as a scenario file writes it: its kind, its player, then its other fields in the order
// of `mancala trace --events` (docs/records.md), `into` and `from` with their key, a true flag as
// its key: "capture P1 D2 3 into store", "lap P1 B1 7 cw", "round-end 30 0".
inline std::vector<std::string> event_texts(const Game& game, int columns, const std::vector<Event>& events) {
  std::vector<std::string> out;
  for (const auto& item : nlohmann::ordered_json::parse(events_json(game, columns, events))) {
    std::string text;
    auto add = [&text](const std::string& word) { text += (text.empty() ? "" : " ") + word; };
    for (const auto& [key, value] : item.items()) {
      if (key == "clause" || key == "rulings" || key == "within") continue;  // citations
      if (key == "into" || key == "from") add(key);
      if (value.is_boolean()) {
        if (value.get<bool>()) add(key);
      } else if (value.is_array()) {
        for (const auto& v : value) add(v.dump());
      } else {
        add(value.is_string() ? value.get<std::string>() : value.dump());
      }
    }
    out.push_back(text);
  }
  return out;
}

}  // namespace detail

inline File parse_file(const std::string& path) {
  using namespace detail;
  File file;
  namespace fs = std::filesystem;
  fs::path shown = fs::path(path).lexically_normal();
  fs::path relative = shown.lexically_relative(fs::path(project_dir()).lexically_normal());
  file.path = !relative.empty() && *relative.begin() != ".." ? relative.string() : shown.string();
  file.game = fs::path(path).stem().string();
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ScenarioSyntaxError(file.path + ": cannot read the file");
  auto fail = [&file](int line, const std::string& message) {
    throw ScenarioSyntaxError(file.path + ":" + std::to_string(line) + ": " + message);
  };

  Scenario* scenario = nullptr;
  std::string* continued = nullptr;   // where an indented line goes
  bool continues_text = false;        // `text` joins its lines with spaces
  auto finish = [&](Scenario* s) {
    if (!s) return;
    if (s->sentences.empty())
      fail(s->line, "scenario \"" + s->title + "\" names no sentence of the text it checks: add a line "
                    "`text \"...\"` quoting it");
    if (s->steps.empty() || (s->steps[0].kind != StepKind::start && s->steps[0].kind != StepKind::position))
      fail(s->steps.empty() ? s->line : s->steps[0].line,
           "a scenario begins at `start` (the game's initial position) or a drawn `position`");
    bool checks = false, played = false;
    for (const Step& step : s->steps) {
      switch (step.kind) {
        case StepKind::start:
        case StepKind::position: played = false; break;
        case StepKind::play: played = true; break;
        case StepKind::branch: played = false; break;
        case StepKind::events:
          if (!played) fail(step.line, "`events` checks the last move played: play one first");
          checks = true;
          break;
        default: checks = true;
      }
      if (step.kind == StepKind::branch && trim(step.text).empty()) fail(step.line, "a branch needs a title");
    }
    if (!checks)
      fail(s->line, "scenario \"" + s->title + "\" checks nothing: add `expect`, `legal`, `illegal`, `events` "
                    "or `eval`");
  };

  std::string raw;
  for (int number = 1; std::getline(in, raw); ++number) {
    if (!raw.empty() && raw.back() == '\r') raw.pop_back();
    if (trim(without_comment(raw)).empty()) continue;
    if (raw[0] == ' ' || raw[0] == '\t') {
      if (!continued) fail(number, "an indented line continues the line above it, and nothing here takes one");
      *continued += continues_text ? " " + trim(without_comment(raw)) : "\n" + raw;
      continue;
    }
    std::string line = trim(without_comment(raw));
    std::string keyword = line.substr(0, line.find(' '));
    std::string rest = keyword.size() < line.size() ? trim(line.substr(keyword.size())) : "";
    continued = nullptr;
    continues_text = false;
    if (keyword == "game") {
      if (scenario) fail(number, "`game NAME` comes before the first scenario");
      if (rest.empty()) fail(number, "`game` needs the game's name");
      file.game = rest;
      continue;
    }
    if (keyword == "scenario") {
      if (rest.empty()) fail(number, "a scenario needs a title: `scenario WHAT IT SHOWS`");
      finish(scenario);
      file.scenarios.push_back({});
      scenario = &file.scenarios.back();
      scenario->title = rest;
      scenario->line = number;
      continue;
    }
    if (!scenario) fail(number, "`" + keyword + "` before the first `scenario TITLE` line");
    if (keyword == "text") {
      scenario->sentences.push_back(rest);
      continued = &scenario->sentences.back();
      continues_text = true;
    } else if (keyword == "rulings") {
      std::istringstream words(rest);
      for (std::string w; words >> w;) scenario->rulings.push_back(w);
    } else if (keyword == "options") {
      if (!scenario->steps.empty()) fail(number, "options come before the scenario's `start` or `position`");
      std::istringstream words(rest);
      for (std::string w; words >> w;) {
        if (w.find('=') == std::string::npos) fail(number, "an option is written name=value, not `" + w + "`");
        scenario->options.push_back(w);
      }
    } else {
      const auto& keywords = step_keywords();
      auto it = std::find_if(keywords.begin(), keywords.end(), [&](const auto& k) { return k.first == keyword; });
      if (it == keywords.end()) {
        std::vector<std::string> known = {"game", "scenario", "text", "rulings", "options"};
        for (const auto& k : keywords) known.push_back(k.first);
        fail(number, "unknown line `" + keyword + "`" + passes::did_you_mean(passes::closest_name(keyword, known)) +
                         "; a line starts with one of: " + list_text(known));
      }
      bool needs_argument = it->second == StepKind::play || it->second == StepKind::illegal ||
                            it->second == StepKind::eval || it->second == StepKind::branch;
      bool takes_none = it->second == StepKind::start;
      if (needs_argument && rest.empty()) fail(number, "`" + keyword + "` needs an argument (docs/scenarios.md)");
      if (takes_none && !rest.empty()) fail(number, "`start` takes no argument: it is the game's initial position");
      if (it->second == StepKind::illegal && rest.find(':') == std::string::npos)
        fail(number, "write `illegal MOVE: WORDS`, WORDS being part of why the move is refused");
      if (it->second == StepKind::eval && rest.rfind(" = ") == std::string::npos)
        fail(number, "write `eval EXPRESSION = VALUE`");
      scenario->steps.push_back({it->second, number, rest});
      continued = &scenario->steps.back().text;
    }
  }
  finish(scenario);
  if (file.scenarios.empty()) throw ScenarioSyntaxError(file.path + ": no scenario (a scenario starts with `scenario TITLE`)");
  return file;
}

// Plays `scenario` of `file`; returns its failures (none when it plays as written).
inline std::vector<std::string> run_scenario(const File& file, const Scenario& scenario) {
  using namespace detail;
  std::vector<std::string> failures;
  auto at = [&](int line) {
    return file.path + ":" + std::to_string(line) + ": scenario \"" + scenario.title + "\": ";
  };

  CheckedGame checked;
  std::unique_ptr<Game> game;
  {
    Diagnostics diagnostics;
    std::string path;
    try {
      path = game_path(file.game);
    } catch (const std::exception& e) {
      return {at(scenario.line) + e.what()};
    }
    std::vector<OptionChoice> choices;
    for (const auto& o : scenario.options) choices.push_back(parse_option_argument(o, diagnostics));
    if (!diagnostics.has_errors() && check_file(path, choices, settings(), checked, diagnostics))
      game = Game::compile(checked, diagnostics);
    if (!game)
      return {at(scenario.line) + "the game does not load with options " + list_text(scenario.options) + ":\n" +
              diagnostics.str()};
  }
  auto board = [&game](const State& s) { return indented(view::draw_board(*game, s)); };

  State s;
  std::optional<State> fork;  // the position at the first `branch`, where every branch starts
  std::vector<Event> events;  // of the last move played
  std::string moves;          // played since the position, for messages
  std::string last_move;
  bool stopped = false;       // a step failed that later steps of this branch depend on
  for (const Step& step : scenario.steps) {
    if (step.kind == StepKind::branch) {
      if (!fork) fork = s;
      else s = *fork;
      stopped = false;
      moves.clear();
      continue;
    }
    if (stopped) continue;
    std::string where = at(step.line);
    std::string after = moves.empty() ? "in the position" : "after " + moves;
    switch (step.kind) {
      case StepKind::start:
        s = game->initial_state();
        moves.clear();
        break;
      case StepKind::position:
        try {
          s = drawn(*game, step.text);
        } catch (const std::exception& e) {
          failures.push_back(where + e.what());
          stopped = true;
        }
        moves.clear();
        break;
      case StepKind::play:
        for (const std::string& text : items(step.text)) {
          Move m;
          if (game->is_over(s) || !game->find_move(s, text, m)) {
            Game::Refusal refusal = game->why_not(s, text);
            failures.push_back(where + text + " cannot be played " + after + ": " +
                               (refusal.reason.empty() ? std::string("the game is over") : refusal.reason) +
                               "\nlegal moves: " + list_text(legal(*game, s)) + "\nthe position:\n" + board(s));
            stopped = true;
            break;
          }
          events.clear();
          try {
            game->apply(s, m, &events);
          } catch (const std::exception& e) {
            failures.push_back(where + "playing " + text + ": " + e.what());
            stopped = true;
            break;
          }
          moves += (moves.empty() ? "" : ", ") + text;
          last_move = text;
        }
        break;
      case StepKind::events: {
        // "no KIND" names a kind of which the move made none.
        std::vector<std::string> written = items(step.text), expected, kinds, actual;
        for (const auto& e : written) {
          bool none = e.rfind("no ", 0) == 0;
          std::string event = none ? e.substr(3) : e;
          kinds.push_back(event.substr(0, event.find(' ')));
          if (!none) expected.push_back(event);
        }
        std::vector<std::string> all = event_texts(*game, s.columns, events);
        for (const auto& e : all)
          if (std::find(kinds.begin(), kinds.end(), e.substr(0, e.find(' '))) != kinds.end()) actual.push_back(e);
        if (actual != expected) {
          std::string message = where + "the events of " + last_move + " (of the kinds written) are not as written\nexpected:\n";
          for (const auto& e : expected) message += "    " + e + "\n";
          message += "found:\n";
          for (const auto& e : actual) message += "    " + e + "\n";
          message += "all the events of the move:\n";
          for (const auto& e : all) message += "    " + e + "\n";
          failures.push_back(message);
        }
        break;
      }
      case StepKind::expect: {
        std::vector<std::string> differences;
        try {
          differences = board_differences(*game, s, parse_drawing(step.text));
        } catch (const std::exception& e) {
          failures.push_back(where + e.what());
          break;
        }
        if (!differences.empty()) {
          std::string message = where + "the position " + after + " is not as drawn:\n";
          for (const auto& d : differences) message += "  " + d + "\n";
          message += "expected (as drawn at line " + std::to_string(step.line) + "):\n" + indented(step.text) +
                     "found (as the REPL draws it):\n" + board(s);
          failures.push_back(message);
        }
        break;
      }
      case StepKind::legal: {
        std::vector<std::string> expected = items(step.text);
        if (expected == std::vector<std::string>{"none"}) expected.clear();
        std::sort(expected.begin(), expected.end());
        std::vector<std::string> found = game->is_over(s) ? std::vector<std::string>{} : legal(*game, s);
        if (found != expected) {
          std::vector<std::string> missing, extra;
          std::set_difference(expected.begin(), expected.end(), found.begin(), found.end(), std::back_inserter(missing));
          std::set_difference(found.begin(), found.end(), expected.begin(), expected.end(), std::back_inserter(extra));
          failures.push_back(where + "the legal moves " + after + " are not as written\n  written but not legal: " +
                             list_text(missing) + "\n  legal but not written: " + list_text(extra) +
                             "\nthe position:\n" + board(s));
        }
        break;
      }
      case StepKind::illegal: {
        std::string move = trim(step.text.substr(0, step.text.find(':')));
        std::string words = trim(step.text.substr(step.text.find(':') + 1));
        std::replace(words.begin(), words.end(), '\n', ' ');
        Move m;
        if (!game->is_over(s) && game->find_move(s, move, m)) {
          failures.push_back(where + move + " is legal " + after + "\nthe position:\n" + board(s));
          break;
        }
        std::string reason = game->is_over(s) ? std::string("the game is over") : game->why_not(s, move).reason;
        if (lower(reason).find(lower(words)) == std::string::npos)
          failures.push_back(where + "why " + move + " is refused does not say \"" + words + "\": " + reason);
        break;
      }
      case StepKind::eval: {
        std::size_t eq = step.text.rfind(" = ");
        std::string expression = trim(step.text.substr(0, eq)), expected = trim(step.text.substr(eq + 3));
        std::string value = value_of(*game, checked, s, expression);
        if (value != expected)
          failures.push_back(where + expression + " is " + value + " " + after + ", not " + expected);
        break;
      }
      case StepKind::branch: break;
    }
  }
  return failures;
}

// Every scenario file of `dir` (*.scn), sorted.
inline std::vector<std::string> scenario_files(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".scn") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace mancala::test::scenario
