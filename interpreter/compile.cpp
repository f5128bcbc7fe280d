// Game::compile: the compiler pass (compile/) turns a checked game into Rules; then the boards
// of every size the game can have are laid out and the counters are checked to fit.
#include <fmt/format.h>

#include <algorithm>

#include "interpreter/compile/compiler.hpp"
#include "interpreter/game.hpp"
#include "interpreter/limits.hpp"
#include "interpreter/store_growth.hpp"

namespace mancala {

std::unique_ptr<Game> Game::compile(const CheckedGame& checked, Diagnostics& diagnostics) {
  std::unique_ptr<Game> game(new Game());
  std::size_t errors_before = diagnostics.error_count();
  compiler::Compiler compiler{diagnostics, game->rules_};
  try {
    compiler.form(checked.game, {});
  } catch (const LimitExceeded& e) {  // max-expression-nodes: report where the pool ran out
    diagnostics.error(compiler.at ? compiler.at->position : checked.game.position, e.what());
    return nullptr;
  } catch (const compiler::InternalError& e) {
    diagnostics.error(e.position, fmt::format("internal error: {}", e.what()));
    return nullptr;
  }
  if (diagnostics.error_count() > errors_before) return nullptr;
  Rules& rules = game->rules_;
  rules.exprs.set_variables(static_cast<int>(rules.game_vars.size()), static_cast<int>(rules.player_vars.size()));
  for (Sowing& rule : rules.sowings) game->plan_sowing(rule);
  auto leaves_out = [&](FastRoutine r) { return rules.used_clauses.within(supported_clauses(r)); };
  game->hashed_.owners = !leaves_out(FastRoutine::hash_without_owners);
  game->hashed_.flags = !leaves_out(FastRoutine::hash_without_flags);
  game->hashed_.turns = !leaves_out(FastRoutine::hash_without_turns);
  game->hashed_.rounds = !leaves_out(FastRoutine::hash_without_rounds);
  game->has_again_ = rules.has_again();
  game->stores_only_grow_ = mancala::stores_only_grow(rules);
  if (std::none_of(rules.sowings.begin(), rules.sowings.end(), [](const Sowing& r) { return r.when != kNoExpr; }))
    for (std::size_t i = 0; i < rules.sowings.size() && game->ordinary_rule_ == kNoRule; ++i)
      if (rules.sowings[i].name.empty()) game->ordinary_rule_ = static_cast<std::uint8_t>(i);
  rules.rows = rules.board.rows = compiler.rows;
  rules.columns = rules.board.columns = compiler.columns;
  rules.board.players = rules.players;
  game->initial_columns_ = compiler.columns;
  // A layout for every size the board can take: the first, and those a resize may give.
  int smallest = compiler.columns;
  if (rules.rounds && !rules.rounds->reductions.empty())
    smallest = std::clamp(rules.rounds->min_columns, 1, compiler.columns);
  game->layouts_.resize(static_cast<std::size_t>(compiler.columns) + 1);
  for (int c = smallest; c <= compiler.columns; ++c) {
    try {
      game->layouts_[static_cast<std::size_t>(c)] = make_layout(rules.board, c);
    } catch (const std::invalid_argument& e) {
      diagnostics.error(compiler.board_node ? compiler.board_node->position : checked.game.position,
                        c == compiler.columns ? e.what()
                                              : fmt::format("on {} columns (resize): {}", c, e.what()));
      return nullptr;
    }
  }

  // The counters must fit: every hole's count is a Count.
  State s = game->initial_state();
  long total = game->total_counters(s);
  long supply = 0;
  auto largest_supply = [&](const SetUpSteps& steps) {
    for (const RoundStep& step : steps.start)
      if (step.kind == RoundStepKind::place && !step.from_store)
        supply = std::max<long>(supply, game->rules_.exprs[step.source].value);
  };
  if (game->rules_.rounds) largest_supply(*game->rules_.rounds);
  largest_supply(game->rules_.set_up);
  if (total > kMaxCounters || supply > kMaxCounters) {
    diagnostics.error(checked.game.position,
                      fmt::format("the game has {} counters: at most {} (limit max-counters)",
                                  std::max(total, supply), kMaxCounters));
    return nullptr;
  }
  for (int p = 0; p < rules.players; ++p) game->initial_side_[p] = game->side_total(s, p);
  return game;
}

}  // namespace mancala
