// The REPL's commands: the table that help, dispatch and completion share, and one handler each.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <limits>
#include <stdexcept>

#include "interpreter/cli/load.hpp"
#include "interpreter/cli/repl_session.hpp"
#include "interpreter/cli/repl_text.hpp"
#include "interpreter/trace.hpp"
#include "interpreter/view/board_view.hpp"
#include "interpreter/view/decision.hpp"
#include "interpreter/view/explain.hpp"
#include "interpreter/view/reload.hpp"

namespace mancala::cli {

namespace {

std::string moves_word(std::size_t n) { return n == 1 ? "1 move" : fmt::format("{} moves", n); }

}  // namespace

const std::vector<Session::Command>& Session::commands() {
  using C = Completes;
  static const std::vector<Command> table = {
      {"help", {}, "[COMMAND]", "list the commands, or describe one", "", C::command, &Session::help_command},
      {"board", {"show"}, "", "show the board", "", C::nothing, &Session::board_command},
      {"moves", {"legal"}, "", "list the legal moves", "", C::nothing, &Session::moves_command},
      {"undo", {"back"}, "[N]", "take back the last move, or the last N",
       "Undone moves can be played again with redo.", C::nothing, &Session::undo_command},
      {"redo", {"next"}, "[N]", "play again the last move undone, or N of them",
       "After replay FILE, redo steps through the file's moves.", C::nothing, &Session::redo_command},
      {"history", {}, "", "the moves played, and those undone", "", C::nothing, &Session::history_command},
      {"restart", {}, "", "start the game over (the moves played can be redone)", "", C::nothing,
       &Session::restart_command},
      {"explain", {}, "[N]", "what the last move (or move N) did, step by step, with the clauses",
       "Each step cites the clause of the rule file that caused it, as file:line and the rulings its\n"
       "comment cites (docs/rulings.md); the clauses follow with their text, to check the move\n"
       "against the source.",
       C::nothing, &Session::explain_command},
      {"why", {"why-not", "whynot"}, "MOVE", "why a move is not legal here: the clause or ruling that decides",
       "", C::hole, &Session::why_command},
      {"ai", {"computer"}, "[N|end] [AGENT]", "let the computer play the next move, N moves, or to the end",
       "AGENT is a spec NAME or NAME:key=value,... (default random); the repl's --seed is the\n"
       "default seed of agents that draw at random. Ctrl-C stops a long run.",
       C::agent, &Session::ai_command},
      {"solve", {}, "[N]", "each legal move's value under perfect play: win, draw or loss, and by how much",
       "Each move's position is solved exactly (two players; docs/ai.md), within N positions a move\n"
       "(default 1000000); a move not proven within it shows the bounds proven. The best moves are\n"
       "marked. Ctrl-C stops it.",
       C::nothing, &Session::solve_command},
      {"hint", {}, "[N]", "a best move: the solver's within N positions a move (default 100000), else alphabeta's",
       "", C::nothing, &Session::hint_command},
      {"eval", {}, "EXPR", "evaluate an expression of the language in this position",
       "As the mover sees it: (sum (row mover)), (occupied (opposite C1)), (\"Cleared\" (row P1)).\n"
       "Errors are reported as check reports them, at <repl>:line:column.",
       C::nothing, &Session::eval_command},
      {"load", {}, "FILE [NAME=VALUE]...", "load a rule file, with options, and start a game", "", C::file,
       &Session::load_command},
      {"reload", {}, "", "read the rule file again, replay the moves, say where the new rules first disagree",
       "The moves are replayed under the new rules; the first move that is no longer legal, or\n"
       "that leads to a different position, is reported. Moves that cannot be replayed are kept\n"
       "to redo. If the file no longer checks, its errors are shown and the old rules stay.",
       C::nothing, &Session::reload_command},
      {"options", {}, "", "the game's options and their values in force", "", C::nothing, &Session::options_command},
      {"set", {"option"}, "NAME=VALUE...", "choose an option's value and start the game over", "", C::option,
       &Session::set_command},
      {"info", {}, "", "the game: name, board, sources, notes, options", "", C::nothing, &Session::info_command},
      {"save", {}, "FILE", "save the game as a record (docs/records.md)", "", C::file, &Session::save_command},
      {"replay", {}, "FILE", "read a record or a move list, then step through it with redo",
       "A record (docs/records.md, one JSON object per line) gives its moves; any other file is read\n"
       "as moves separated by commas or lines (a line starting with # is a comment).",
       C::file, &Session::replay_command},
      {"quit", {"exit"}, "", "leave (Ctrl-D too)", "", C::nothing, nullptr},
  };
  return table;
}

bool Session::run(const std::string& raw) {
  std::string line = trim(raw);
  if (line.empty() || line[0] == '#') return true;
  std::string name = line.substr(0, line.find_first_of(" \t,"));
  std::string arguments = trim(std::string_view(line).substr(name.size()));
  for (const Command& command : commands()) {
    if (name != command.name && std::find(command.aliases.begin(), command.aliases.end(), name) == command.aliases.end())
      continue;
    if (!command.run) return false;  // quit
    (this->*command.run)(arguments);
    return true;
  }
  // A lowercase word that begins no move of G8 (a1 is one, G8 reading holes in any case) was
  // meant as a command.
  static const std::vector<std::string> move_words = {"pass", "flip", "keep", "store"};
  Move first_move;
  const bool a_move = rules_.game && rules_.game->parse_move(state_, line.substr(0, line.find(',')), first_move);
  if (!a_move && std::islower(static_cast<unsigned char>(name[0])) &&
      std::find(move_words.begin(), move_words.end(), name) == move_words.end()) {
    std::vector<std::string> names;
    for (const auto& c : commands()) names.emplace_back(c.name);
    error(fmt::format("'{}' is neither a command nor a move{}: help lists the commands", name,
                      passes::did_you_mean(passes::closest_name(name, names))));
    return true;
  }
  play_moves(line);
  return true;
}

void Session::help_command(const std::string& arguments) {
  if (!arguments.empty()) {
    for (const Command& c : commands()) {
      if (arguments != c.name && std::find(c.aliases.begin(), c.aliases.end(), arguments) == c.aliases.end()) continue;
      out_ << fmt::format("{}{}{}: {}\n", c.name, c.arguments.empty() ? "" : " ", c.arguments, c.summary);
      if (!c.details.empty()) out_ << c.details << "\n";
      if (!c.aliases.empty()) {
        std::vector<std::string> aliases(c.aliases.begin(), c.aliases.end());
        out_ << "also written: " << joined(aliases) << "\n";
      }
      return;
    }
    error(fmt::format("no command '{}' (help lists them)", arguments));
    return;
  }
  out_ << "Type a move to play it, in the notation of docs/rulings.md G8: a hole (C1), a hole and a\n"
          "direction (C1 ccw), a hole and the amount chosen (C1 x3, C1 ccw x3), a placement (A1=5),\n"
          "store N, flip, keep, a chosen hole (choose A1), an alternative's name or pass. Moves separated\n"
          "by commas are played in turn. The commands:\n";
  for (const Command& c : commands()) {
    std::string usage = fmt::format("{}{}{}", c.name, c.arguments.empty() ? "" : " ", c.arguments);
    std::string aliases;
    for (auto a : c.aliases) aliases += fmt::format("{}{}", aliases.empty() ? " (also " : ", ", a);
    out_ << fmt::format("  {:<26}{}{}\n", usage, c.summary, aliases.empty() ? "" : aliases + ")");
  }
  out_ << "help COMMAND says more about one. Tab completes commands, moves and file names.\n";
}

void Session::board_command(const std::string&) {
  if (has_game()) show_board();
}

void Session::moves_command(const std::string&) {
  if (!has_game()) return;
  auto legal = view::legal_move_list(*rules_.game, state_);
  if (legal.empty()) out_ << "the game is over: no move is legal\n";
  else out_ << fmt::format("{} legal: {}\n", moves_word(legal.size()), joined(legal));
}

void Session::undo_command(const std::string& arguments) {
  if (!has_game()) return;
  long n = 1;
  if (!arguments.empty() && !positive(arguments, n)) return error("undo takes a number of moves");
  if (played_.empty()) return error("no move to undo");
  std::vector<std::string> undone;
  for (; n > 0 && !played_.empty(); --n) {
    state_ = played_.back().before;
    redo_.push_back(played_.back().text);
    undone.push_back(played_.back().text);
    played_.pop_back();
  }
  out_ << fmt::format("undid {}: {}\n", moves_word(undone.size()), joined(undone));
  show_board();
}

void Session::redo_command(const std::string& arguments) {
  if (!has_game()) return;
  long n = 1;
  if (!arguments.empty() && !positive(arguments, n)) return error("redo takes a number of moves");
  if (redo_.empty()) return error("no move to redo");
  bool any = false;
  for (; n > 0 && !redo_.empty(); --n) {
    std::string text = redo_.back();
    if (!play(text)) break;
    redo_.pop_back();
    any = true;
  }
  if (any) show_board();
}

void Session::history_command(const std::string&) {
  if (!has_game()) return;
  if (played_.empty()) out_ << "no move played yet\n";
  for (std::size_t i = 0; i < played_.size(); ++i) out_ << heading(i) << "\n";
  if (!redo_.empty()) {
    std::vector<std::string> next(redo_.rbegin(), redo_.rend());
    out_ << fmt::format("to redo: {}\n", joined(next));
  }
}

void Session::restart_command(const std::string&) {
  if (!has_game()) return;
  for (auto it = played_.rbegin(); it != played_.rend(); ++it) redo_.push_back(it->text);
  played_.clear();
  state_ = start_;
  out_ << "started over" << (redo_.empty() ? "" : ": redo plays the moves again") << "\n";
  show_board();
}

void Session::explain_command(const std::string& arguments) {
  if (!has_game()) return;
  if (played_.empty()) return error("no move to explain yet");
  long n = static_cast<long>(played_.size());
  if (!arguments.empty() && (!positive(arguments, n) || n > static_cast<long>(played_.size())))
    return error(fmt::format("explain takes a move number from 1 to {}", played_.size()));
  show_move(static_cast<std::size_t>(n - 1));
}

void Session::why_command(const std::string& arguments) {
  if (!has_game()) return;
  if (arguments.empty()) return error("why takes a move: why A1 cw");
  for (const auto& line : view::explain_refusal(*rules_.game, state_, arguments)) out_ << line << "\n";
}

void Session::ai_command(const std::string& arguments) {
  if (!has_game()) return;
  long count = 1;
  std::string spec = "random";
  for (const auto& word : words(arguments)) {
    if (word == "end") count = std::numeric_limits<long>::max();
    else if (!positive(word, count)) spec = word;
  }
  ai::Agent* chooser;
  try {
    chooser = &agent(spec);
  } catch (const std::invalid_argument& e) {
    return error(e.what());
  }
  const Game& game = *rules_.game;
  if (game.is_over(state_)) return error("the game is over");
  if (cancel) cancel->store(false);
  interrupted();  // a Ctrl-C of before does not stop this
  long played = 0;
  for (; played < count && !game.is_over(state_); ++played) {
    if (game.ply(state_) >= settings_.max_turns) {
      out_ << fmt::format("stopped at the turn limit of {} plies (G9; the repl's --max-turns)\n", settings_.max_turns);
      out_ << view::final_score(game, state_) << "\n";
      break;
    }
    if (interrupted()) {
      out_ << "stopped (Ctrl-C)\n";
      break;
    }
    Move move;
    try {
      move = chooser->choose(state_);
    } catch (const ai::Cancelled&) {  // Ctrl-C during the search: nothing was played
      interrupted();
      out_ << fmt::format("stopped (Ctrl-C) while {} searched: {}; the game is as it was\n", spec,
                          played == 0 ? std::string("no move played") : moves_word(static_cast<std::size_t>(played)) + " played");
      break;
    }
    redo_.clear();
    apply(move, game.move_text(state_, move), spec);
  }
  if (played > 0) show_board();
}

void Session::eval_command(const std::string& arguments) {
  if (!has_game()) return;
  if (arguments.empty()) return error("eval takes an expression: eval (sum (row mover))");
  Diagnostics diagnostics;
  Node node;
  std::string value;
  CheckSettings check;
  check.stdlib_dirs = settings_.stdlib_dirs;
  if (check_expression(make_source("<repl>", arguments), rules_.checked, check, node, diagnostics) &&
      rules_.game->evaluate(state_, node, value, diagnostics))
    out_ << value << "\n";
  else
    out_ << diagnostics.str();
}

void Session::load_command(const std::string& arguments) {
  auto given = words(arguments);
  if (given.empty()) return error("load takes a rule file: load games/two-row/kiuthi.lud");
  load(given[0], std::vector<std::string>(given.begin() + 1, given.end()));
}

void Session::reload_command(const std::string&) {
  if (file_.empty()) return error("no rule file to reload: load FILE");
  if (!rules_.game) {
    load(file_, options_);
    return;
  }
  Rules fresh;
  if (!compile(file_, options_, fresh)) return error("the file does not check: the rules in force are unchanged");
  view::Reloaded reloaded = view::replay_under(*rules_.game, start_, played_, state_, *fresh.game);
  std::vector<std::string> redo = redo_;
  redo.insert(redo.end(), reloaded.left_over.begin(), reloaded.left_over.end());
  adopt(std::move(fresh), file_, options_);
  start_ = reloaded.start;
  state_ = reloaded.state;
  played_ = std::move(reloaded.replayed);
  redo_ = std::move(redo);
  const auto& left_over = reloaded.left_over;
  const auto& disagreement = reloaded.disagreement;

  out_ << fmt::format("reloaded {}: {} of {} replayed\n", file_, moves_word(played_.size()), played_.size() + left_over.size());
  if (disagreement.empty()) out_ << "the new rules agree with the old at every move\n";
  else out_ << "the new rules first disagree: " << joined(disagreement, "\n") << "\n";
  if (!left_over.empty()) out_ << fmt::format("kept to redo: {}\n", moves_word(left_over.size()));
  show_board();
}

void Session::options_command(const std::string&) {
  if (!has_game()) return;
  if (rules_.checked.options.empty()) out_ << "this game has no options\n";
  for (const OptionInfo& option : rules_.checked.options) {
    std::vector<std::string> choices;
    for (const Node& choice : option.choices) choices.push_back(option_text(choice));
    out_ << fmt::format("{}={}  (one of: {})\n", option.name, option_text(option.chosen), joined(choices, " "));
  }
}

void Session::set_command(const std::string& arguments) {
  if (!has_game()) return;
  auto given = words(arguments);
  if (given.empty()) return error("set takes NAME=VALUE: set holes=7 (options lists them)");
  std::vector<std::string> options = options_;
  for (const auto& choice : given) {
    std::string name = choice.substr(0, choice.find('='));
    options.erase(std::remove_if(options.begin(), options.end(),
                                 [&name](const std::string& o) { return o.substr(0, o.find('=')) == name; }),
                  options.end());
    options.push_back(choice);
  }
  load(file_, options);
}

void Session::info_command(const std::string&) {
  if (!has_game()) return;
  const mancala::Rules& rules = rules_.game->rules();
  std::string stores = rules.stores == StoreKind::none   ? ""
                       : rules.stores == StoreKind::open ? " with stores"
                                                         : " with concealed stores";
  std::vector<std::string> options;
  for (const OptionInfo& option : rules_.checked.options)
    options.push_back(fmt::format("{}={}", option.name, option_text(option.chosen)));
  out_ << fmt::format("{} ({}): board {}x{}{}; options: {}\n", rules.name, file_, rules.rows, rules.columns, stores,
                      options.empty() ? std::string("none") : joined(options, " "));
  for (const auto& source : rules.sources) out_ << "  source: " << source << "\n";
  for (const auto& note : rules.notes) out_ << "  note: " << note << "\n";
}

void Session::save_command(const std::string& arguments) {
  if (!has_game()) return;
  if (arguments.empty()) return error("save takes a file name: save game.jsonl");
  std::ofstream file(arguments);
  if (!file) return error(fmt::format("cannot write {}", arguments));
  TraceRequest request;
  request.moves = played_texts();
  request.max_turns = std::numeric_limits<int>::max();
  write_trace(*rules_.game, request, file);
  out_ << fmt::format("saved the record of {} to {}\n", moves_word(played_.size()), arguments);
}

void Session::replay_command(const std::string& arguments) {
  if (!has_game()) return;
  if (arguments.empty()) return error("replay takes a file: a record, or moves separated by commas");
  std::ifstream file(arguments);
  if (!file) return error(fmt::format("cannot read {}", arguments));
  std::vector<std::string> moves;
  for (std::string line; std::getline(file, line);) {
    std::string text = trim(line);
    if (text.empty() || text[0] == '#') continue;
    if (text[0] == '{') {  // a line of a record: its move, if it has one
      auto object = nlohmann::json::parse(text, nullptr, false);
      if (object.is_object() && object.contains("move") && object["move"].is_string())
        moves.push_back(object["move"].get<std::string>());
      continue;
    }
    for (auto& move : split_moves(text))
      if (!move.empty()) moves.push_back(move);
  }
  played_.clear();
  state_ = start_;
  redo_.assign(moves.rbegin(), moves.rend());
  out_ << fmt::format("read {} from {}; redo (or next) steps through them\n", moves_word(moves.size()), arguments);
  show_board();
}

void Session::play_moves(const std::string& line) {
  if (!has_game()) return;
  auto moves = split_moves(line);
  bool any = false;
  for (const auto& text : moves) {
    if (text.empty()) continue;
    if (rules_.game->is_over(state_)) {
      error(fmt::format("the game is over: {} is not played", text));
      break;
    }
    const bool next_to_redo = !redo_.empty() && redo_.back() == text;
    if (!play(text)) break;
    // A move that is the next to redo keeps the rest of what was undone; any other forgets it.
    if (next_to_redo) redo_.pop_back();
    else redo_.clear();
    any = true;
  }
  if (any) show_board();
}

}  // namespace mancala::cli
