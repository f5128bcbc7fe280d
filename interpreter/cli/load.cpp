#include "interpreter/cli/load.hpp"

#include <fmt/format.h>

#include <iostream>

#include "lang/game_files.hpp"

namespace mancala::cli {

void add_common_flags(CLI::App* sub, Common& common) {
  // One value per occurrence, so that a rule file after the flag stays the rule file.
  sub->add_option("--option,-o", common.options, "choose a reading: name=value (repeatable)")
      ->allow_extra_args(false);
  sub->add_option("--stdlib", common.stdlib_dirs, "where (import ...) looks first (repeatable)")
      ->allow_extra_args(false);
  sub->add_option("--max-drops", common.max_drops,
                  fmt::format("counters one move may drop before it is excluded as endless (G6; default {}; "
                              "raise it for a game of longer sowings)", PlayLimits::kDefaultMaxDrops))
      ->check(CLI::Range(1L, 1'000'000'000'000L));
}

bool load(const Common& common, const std::string& file, Loaded& out) {
  Diagnostics diagnostics;
  std::vector<OptionChoice> choices;
  for (const std::string& text : common.options)
    choices.push_back(parse_option_argument(text, diagnostics));
  CheckSettings settings;
  settings.stdlib_dirs = common.stdlib_dirs;
  GameLookup lookup = find_game(file, common.games_dirs);
  if (!lookup.error.empty()) diagnostics.error(Position{}, lookup.error);
  out.path = lookup.path;
  bool ok = !diagnostics.has_errors() && check_file(lookup.path, choices, settings, out.checked, diagnostics);
  if (ok) out.game = Game::compile(out.checked, diagnostics);
  if (out.game && common.max_drops > 0) out.game->limits.max_drops_per_move = common.max_drops;
  std::cerr << diagnostics.str();
  return ok && out.game;
}

std::string option_text(const Node& value) {
  return value.kind == NodeKind::string ? value.text : std::to_string(value.integer);
}

}  // namespace mancala::cli
