// The REPL's game and moves: loading a rule file, playing, and showing what a move did.
#include "interpreter/cli/repl_session.hpp"

#include <fmt/format.h>

#include "interpreter/view/board_view.hpp"
#include "interpreter/view/decision.hpp"
#include "interpreter/view/explain.hpp"
#include "lang/game_files.hpp"

namespace mancala::cli {

namespace {

std::string base_name(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string stem(const std::string& path) {
  std::string name = base_name(path);
  std::size_t dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

}  // namespace

Session::Session(SessionSettings settings, std::ostream& out) : settings_(std::move(settings)), out_(out) {}

// Agents hold a reference to the game: they go first.
Session::~Session() { agents_.clear(); }

bool Session::compile(const std::string& file, const std::vector<std::string>& options, Rules& out) {
  Diagnostics diagnostics;
  std::vector<OptionChoice> choices;
  for (const std::string& text : options) choices.push_back(parse_option_argument(text, diagnostics));
  CheckSettings check;
  check.stdlib_dirs = settings_.stdlib_dirs;
  if (!diagnostics.has_errors() && check_file(file, choices, check, out.checked, diagnostics))
    out.game = Game::compile(out.checked, diagnostics);
  out_ << diagnostics.str();
  return out.game != nullptr;
}

void Session::adopt(Rules&& rules, const std::string& file, const std::vector<std::string>& options) {
  agents_.clear();
  endgame_.reset();
  rules_ = std::move(rules);
  file_ = file;
  options_ = options;
  start_ = state_ = rules_.game->initial_state();
  played_.clear();
  redo_.clear();
}

bool Session::load(const std::string& given, const std::vector<std::string>& options) {
  GameLookup lookup = find_game(given, settings_.games_dirs);
  if (!lookup.error.empty()) {
    error(lookup.error);
    return false;
  }
  const std::string& file = lookup.path;
  Rules rules;
  if (!compile(file, options, rules)) {
    if (rules_.game) {  // the game in force, and its file, stay
      error(fmt::format("the rules in force are unchanged: those of {}", file_));
      return false;
    }
    file_ = file;  // no game yet: `reload` tries this file again after a fix
    options_ = options;
    error("no game loaded: fix the file and reload");
    return false;
  }
  adopt(std::move(rules), file, options);
  info_command("");
  show_board();
  return true;
}

bool Session::has_game() {
  if (rules_.game) return true;
  error("no game loaded: load FILE");
  return false;
}

void Session::error(const std::string& message) { out_ << "error: " << message << "\n"; }

std::string Session::prompt() const {
  if (!rules_.game) return "mancala> ";
  const Game& game = *rules_.game;
  return fmt::format("{} {}> ", stem(file_), game.is_over(state_) ? std::string("over") : player_name(game.mover(state_)));
}

std::vector<std::string> Session::played_texts() const {
  std::vector<std::string> texts;
  for (const Played& p : played_) texts.push_back(p.text);
  return texts;
}

bool Session::play(const std::string& text, const std::string& by) {
  const Game& game = *rules_.game;
  Move move;
  if (!game.find_move(state_, text, move)) {
    for (const auto& line : view::explain_refusal(game, state_, text)) out_ << line << "\n";
    return false;
  }
  apply(move, game.move_text(state_, move), by);  // as the tools write it (a1 = 5 is A1=5)
  return true;
}

void Session::apply(const Move& move, const std::string& text, const std::string& by) {
  Played p{text, move, state_, {}, by};
  State next = state_;  // a move stopped by a limit of play (docs/robustness.md) changes nothing
  rules_.game->apply(next, move, &p.events);
  state_ = std::move(next);
  played_.push_back(std::move(p));
  const Played& last = played_.back();
  out_ << heading(played_.size() - 1) << "\n";
  auto said = view::explain_ends(*rules_.game, last.before, last.move, last.events);
  for (const auto& step : said.steps) out_ << "  " << step << "\n";
  if (rules_.game->is_over(state_)) out_ << "  " << view::final_score(*rules_.game, state_) << "\n";
}

void Session::show_board() {
  const Game& game = *rules_.game;
  view::DrawStyle style;
  style.colour = settings_.colour;
  if (!played_.empty()) style.touched = view::touched_by(played_.back().events);
  out_ << view::draw_board(game, state_, style);
  if (!game.is_over(state_) && (game.phase(state_) != Phase::play || game.continuing(state_)))
    out_ << view::describe_decision(game, state_) << "\n";
}

std::string Session::heading(std::size_t index) const {
  const Played& p = played_[index];
  return fmt::format("move {}, {}{}: {}", index + 1, player_name(rules_.game->mover(p.before)),
                     p.by.empty() ? std::string() : fmt::format(" ({})", p.by), p.text);
}

void Session::show_move(std::size_t index) {
  const Played& p = played_[index];
  out_ << heading(index) << "\n";
  out_ << view::explanation_text(*rules_.game, view::explain_move(*rules_.game, p.before, p.move, p.events));
}

ai::Agent& Session::agent(const std::string& spec) {
  auto it = agents_.find(spec);
  if (it == agents_.end()) {
    it = agents_.emplace(spec, ai::make_agent(spec, *rules_.game, settings_.seed)).first;
    it->second->set_cancel(cancel);
  }
  return *it->second;
}

}  // namespace mancala::cli
