#include "interpreter/web/play_session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <sstream>
#include <stdexcept>

#include "interpreter/ai/spec.hpp"
#include "interpreter/analysis/replay.hpp"
#include "interpreter/trace.hpp"
#include "interpreter/view/explain.hpp"
#include "interpreter/web/api_error.hpp"

namespace mancala::web {

namespace {

// The transposition table of each move's solve: a solve here searches some 100,000 positions, as
// fast with 4 MiB as with the solver's default of 64 MiB, which would cost its clearing at every
// move and 64 MiB for each solve at once.
constexpr std::size_t kSolveTableBytes = std::size_t{4} << 20;

std::string base_name(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

CompiledRules compile_rules(const SessionContext& context, const std::string& path, const std::string& text,
                            const std::vector<std::string>& options) {
  if (text.size() > context.bounds.max_rule_file)
    throw ApiError(413, fmt::format("the rule file has {} bytes; the bound is {}", text.size(), context.bounds.max_rule_file));
  CompiledRules out;
  std::vector<OptionChoice> choices;
  for (const std::string& option : options) choices.push_back(parse_option_argument(option, out.diagnostics));
  CheckSettings check;
  check.stdlib_dirs = context.stdlib_dirs;
  if (!out.diagnostics.has_errors() && check_source(make_source(path, text), choices, check, out.checked, out.diagnostics))
    out.game = Game::compile(out.checked, out.diagnostics);
  return out;
}

std::string bounded_agent_spec(const std::string& text, int max_ms) {
  ai::Spec spec;
  try {
    spec = ai::parse_spec(text);
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, e.what());
  }
  if (spec.name == "alphabeta" || spec.name == "mcts") {
    long asked = 0;
    if (auto it = spec.params.find("time"); it != spec.params.end()) asked = std::atol(it->second.c_str());
    spec.params["time"] = std::to_string(asked > 0 && asked < max_ms ? asked : max_ms);
  }
  std::string out = spec.name;
  const char* separator = ":";
  for (const auto& [key, value] : spec.params) {
    out += separator + key + "=" + value;
    separator = ",";
  }
  return out;
}

PlaySession::~PlaySession() { agents_.clear(); }  // agents hold a reference to the game

void PlaySession::require_game() const {
  if (!rules_.game) throw ApiError(409, "no game loaded: choose a game first");
}

void PlaySession::adopt(CompiledRules&& rules) {
  agents_.clear();
  rules_ = std::move(rules);
  start_ = state_ = rules_.game->initial_state();
  played_.clear();
  redo_.clear();
  stepping_.clear();
  seats_.assign(static_cast<std::size_t>(rules_.game->players()), "human");
}

Json PlaySession::load(const std::string& path, const std::vector<std::string>& options) {
  std::string text = context_.files->read(path, context_.bounds.max_rule_file);
  CompiledRules rules = compile_rules(context_, path, text, options);
  if (!rules.game) return {{"ok", false}, {"diagnostics", diagnostics_json(rules.diagnostics)}, {"text", text}, {"path", path}};
  path_ = path;
  text_ = std::move(text);
  options_ = options;
  adopt(std::move(rules));
  Json out = state();
  out["ok"] = true;
  out["text"] = text_;
  return out;
}

int PlaySession::viewer() const {
  int human = -1, humans = 0;
  for (std::size_t p = 0; p < seats_.size(); ++p)
    if (seats_[p] == "human") human = static_cast<int>(p), ++humans;
  return humans == 1 ? human : -1;
}

Json PlaySession::state() const {
  if (!rules_.game) return {{"loaded", false}};
  const Game& game = *rules_.game;
  Json played = Json::array();
  for (const auto& p : played_) played.push_back({{"text", p.text}, {"by", p.by}, {"player", game.mover(p.before)}});
  Json options = Json::array();  // every option's value in force, "name=value"
  for (const OptionInfo& o : rules_.checked.options)
    options.push_back(o.name + "=" + (o.chosen.kind == NodeKind::string ? o.chosen.text : std::to_string(o.chosen.integer)));
  Json out = {{"loaded", true},
              {"path", path_},
              {"file", base_name(path_)},
              {"game", game_summary_json(rules_.checked, game)},
              {"options", options},
              {"position", position_json(game, state_, viewer())},
              {"played", played},
              {"redo", Json(std::vector<std::string>(redo_.rbegin(), redo_.rend()))},
              {"seats", seats_},
              {"stepping", stepping_},
              {"writable", context_.files->writable()}};
  if (!played_.empty()) out["last"] = move_json(game, played_.back(), played_.size());
  return out;
}

Json PlaySession::seats(const std::vector<std::string>& seats) {
  require_game();
  if (seats.size() != seats_.size())
    throw ApiError(400, fmt::format("this game has {} players: give {} seats", seats_.size(), seats_.size()));
  std::vector<std::string> checked;
  for (const std::string& seat : seats) {
    if (seat == "human") {
      checked.push_back(seat);
      continue;
    }
    std::string spec = bounded_agent_spec(seat, context_.bounds.max_ai_ms);
    try {
      agent(spec);
    } catch (const std::invalid_argument& e) {
      throw ApiError(400, e.what());
    }
    checked.push_back(spec);
  }
  seats_ = checked;
  return state();
}

void PlaySession::apply(const Move& move, const std::string& text, const std::string& by, Json& moves) {
  if (static_cast<int>(played_.size()) >= context_.bounds.max_moves)
    throw ApiError(409, fmt::format("a session keeps at most {} moves: restart or undo", context_.bounds.max_moves));
  view::PlayedMove p{text, move, state_, {}, by};
  State next = state_;  // a move stopped by a limit of play changes nothing
  try {
    rules_.game->apply(next, move, &p.events);
  } catch (const std::exception& e) {
    throw ApiError(422, e.what());
  }
  state_ = std::move(next);
  played_.push_back(std::move(p));
  moves.push_back(move_json(*rules_.game, played_.back(), played_.size()));
}

Json PlaySession::play(const std::string& text) {
  require_game();
  const Game& game = *rules_.game;
  Move move;
  if (game.is_over(state_) || !game.find_move(state_, text, move))
    return {{"played", false}, {"why", view::explain_refusal(game, state_, text)}, {"state", state()}};
  // A move that is the next to redo keeps the rest of what was undone; any other forgets it.
  if (!redo_.empty() && redo_.back() == text) redo_.pop_back();
  else redo_.clear(), stepping_.clear();
  Json moves = Json::array();
  apply(move, text, "", moves);
  return {{"played", true}, {"moves", moves}, {"state", state()}};
}

Json PlaySession::why(const std::string& text) const {
  require_game();
  return {{"why", view::explain_refusal(*rules_.game, state_, text)}};
}

Json PlaySession::undo(int count) {
  require_game();
  for (; count > 0 && !played_.empty(); --count) {
    state_ = played_.back().before;
    redo_.push_back(played_.back().text);
    played_.pop_back();
  }
  return {{"moves", Json::array()}, {"state", state()}};
}

Json PlaySession::redo(int count) {
  require_game();
  Json moves = Json::array();
  Json why = Json::array();
  for (; count > 0 && !redo_.empty(); --count) {
    Move move;
    const std::string text = redo_.back();
    if (rules_.game->is_over(state_) || !rules_.game->find_move(state_, text, move)) {
      why = view::explain_refusal(*rules_.game, state_, text);
      break;
    }
    redo_.pop_back();
    apply(move, text, "", moves);
  }
  return {{"moves", moves}, {"why", why}, {"state", state()}};
}

Json PlaySession::restart() {
  require_game();
  for (auto it = played_.rbegin(); it != played_.rend(); ++it) redo_.push_back(it->text);
  played_.clear();
  state_ = start_;
  return {{"moves", Json::array()}, {"state", state()}};
}

ai::Agent& PlaySession::agent(const std::string& spec) {
  auto it = agents_.find(spec);
  if (it == agents_.end()) it = agents_.emplace(spec, ai::make_agent(spec, *rules_.game, context_.seed)).first;
  return *it->second;
}

Json PlaySession::computer() {
  require_game();
  const Game& game = *rules_.game;
  if (game.is_over(state_)) throw ApiError(409, "the game is over");
  const std::string& seat = seats_[static_cast<std::size_t>(game.mover(state_))];
  if (seat == "human") throw ApiError(409, fmt::format("{} is played by a person", player_name(game.mover(state_))));
  Move move = agent(seat).choose(state_);
  redo_.clear();
  stepping_.clear();
  Json moves = Json::array();
  apply(move, game.move_text(state_, move), seat, moves);
  return {{"played", true}, {"moves", moves}, {"state", state()}};
}

std::size_t PlaySession::legal_count() const {
  std::vector<Move> legal;
  rules_.game->legal_moves(state_, legal);
  return legal.size();
}

std::vector<ai::MoveValue> PlaySession::value_moves(long& budget) const {
  const Game& game = *rules_.game;
  const long moves = std::max<long>(1, static_cast<long>(legal_count()));
  budget = std::max(1L, std::min(budget, context_.bounds.max_solve_positions / moves));
  ai::SolveSettings settings;
  settings.budget = budget;
  settings.max_turns = context_.bounds.max_turns;
  settings.table_bytes = kSolveTableBytes;
  // No endgame table: a request's solve is held to a few seconds, which a table's build would
  // take whole (the table serves long solves, at the command line and in the REPL).
  settings.endgame_counters = 0;
  // A position of a game whose ply costs much (Bao) takes far longer than Kalah's for the same
  // positions: the thinking time's bound stops the solve, the moves not reached left out.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(context_.bounds.max_ai_ms);
  std::atomic<bool> out_of_time{false};
  ai::SolveControl control;
  control.cancel = &out_of_time;
  control.progress = [&](long) {
    if (std::chrono::steady_clock::now() > deadline) out_of_time = true;
  };
  return ai::value_moves(game, state_, settings, &control);
}

Json PlaySession::solve(long budget) const {
  require_game();
  const Game& game = *rules_.game;
  if (game.is_over(state_)) throw ApiError(409, "the game is over");
  try {
    const auto values = value_moves(budget);
    return move_values_json(game, state_, values, budget);
  } catch (const std::invalid_argument& e) {
    throw ApiError(409, e.what());
  }
}

Json PlaySession::hint(const std::string& spec_text, long solve_budget) const {
  require_game();
  const Game& game = *rules_.game;
  if (game.is_over(state_)) throw ApiError(409, "the game is over");
  const std::string spec = bounded_agent_spec(spec_text, context_.bounds.max_ai_ms);
  std::unique_ptr<ai::Agent> adviser;
  try {
    adviser = ai::make_agent(spec, game, context_.seed);
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, e.what());
  }
  Json out = {{"agent", spec}};
  if (solve_budget > 0) {
    try {
      const auto values = value_moves(solve_budget);
      const auto best = ai::best_moves(values);
      if (values.size() < legal_count())
        out["why_agent"] = fmt::format("the solver ran out of its {} ms before it valued every move", context_.bounds.max_ai_ms);
      else if (best.empty())
        out["why_agent"] = fmt::format("no move's value is proven within {} positions a move", solve_budget);
      else {
        Json moves = Json::array();
        for (const auto* v : best) moves.push_back(game.move_text(state_, v->move));
        return {{"move", moves[0]}, {"by", "solver"}, {"moves", moves}, {"value", ai::value_text(best.front()->value)},
                {"budget", solve_budget}};
      }
    } catch (const std::invalid_argument& e) {
      out["why_agent"] = e.what();
    }
  }
  out["move"] = game.move_text(state_, adviser->choose(state_));
  out["by"] = "agent";
  return out;
}

Json PlaySession::check(const std::string& text) const {
  const std::string path = path_.empty() ? std::string("untitled.lud") : path_;
  CompiledRules rules = compile_rules(context_, path, text, options_);
  return {{"ok", rules.game != nullptr}, {"diagnostics", diagnostics_json(rules.diagnostics)}};
}

Json PlaySession::reload(const std::string& text) {
  require_game();
  CompiledRules fresh = compile_rules(context_, path_, text, options_);
  if (!fresh.game)
    return {{"reloaded", false},
            {"diagnostics", diagnostics_json(fresh.diagnostics)},
            {"message", "the rules do not check: the rules in force are unchanged"},
            {"state", state()}};
  view::Reloaded reloaded = view::replay_under(*rules_.game, start_, played_, state_, *fresh.game);
  std::vector<std::string> redo = redo_;
  redo.insert(redo.end(), reloaded.left_over.begin(), reloaded.left_over.end());
  const std::vector<std::string> seats = seats_;
  const std::string stepping = stepping_;
  adopt(std::move(fresh));
  seats_ = seats;
  stepping_ = stepping;
  text_ = text;
  start_ = reloaded.start;
  state_ = reloaded.state;
  played_ = std::move(reloaded.replayed);
  redo_ = std::move(redo);
  return {{"reloaded", true},
          {"replayed", played_.size()},
          {"kept_to_redo", reloaded.left_over.size()},
          {"disagreement", reloaded.disagreement},
          {"disagreeing_move", reloaded.disagreeing_move},
          {"diagnostics", diagnostics_json(rules_.diagnostics)},
          {"state", state()}};
}

Json PlaySession::save(const std::string& path, const std::string& text) {
  if (text.size() > context_.bounds.max_rule_file)
    throw ApiError(413, fmt::format("the file has {} bytes; the bound is {}", text.size(), context_.bounds.max_rule_file));
  context_.files->write(path, text);
  return {{"saved", path}};
}

Json PlaySession::step_through(const std::vector<std::string>& moves, const std::string& label) {
  require_game();
  if (static_cast<int>(moves.size()) > context_.bounds.max_moves)
    throw ApiError(413, fmt::format("{} moves; a session keeps at most {}", moves.size(), context_.bounds.max_moves));
  played_.clear();
  state_ = start_;
  redo_.assign(moves.rbegin(), moves.rend());
  stepping_ = label;
  return {{"moves", Json::array()}, {"state", state()}};
}

Json PlaySession::replay(const std::string& path) {
  require_game();
  const std::string text = context_.files->read(path, context_.bounds.max_body);
  analysis::SourceRecord record;
  try {
    record = analysis::read_record(text);
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, fmt::format("{}: {}", path, e.what()));
  }
  std::vector<std::string> moves;
  for (const auto& m : record.moves) moves.push_back(m.text);
  analysis::ReplayResult result = analysis::replay(*rules_.game, record, base_name(path));
  step_through(moves, "record " + path);
  Json out = redo(result.moves_replayed);
  out["report"] = result.report;
  out["agrees"] = result.agrees;
  out["moves_replayed"] = result.moves_replayed;
  out["state"] = state();
  return out;
}

std::string PlaySession::record() const {
  require_game();
  TraceRequest request;
  std::vector<std::string> texts;
  for (const auto& p : played_) texts.push_back(p.text);
  request.moves = texts;
  request.max_turns = std::numeric_limits<int>::max();
  std::ostringstream out;
  write_trace(*rules_.game, request, out);
  return out.str();
}

}  // namespace mancala::web
