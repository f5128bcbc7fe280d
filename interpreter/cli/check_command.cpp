// mancala check FILE...: a summary line per rule file (its notes, and what a partial file leaves
// out), or its diagnostics.
#include <fmt/format.h>

#include <iostream>

#include "interpreter/cli/load.hpp"

namespace mancala::cli {

namespace {

// A game that nothing ends but the turn limit: no (end ...) clause and no (match-won ...). It
// checks, but a rule file rarely means it (docs/language.md, section 9).
void warn_if_endless(const Loaded& loaded) {
  const Rules& rules = loaded.game->rules();
  if (!rules.end.empty() || (rules.rounds && !rules.rounds->match_won.empty())) return;
  const bool ties_end = rules.rounds && rules.rounds->tie_draws;
  Diagnostics diagnostics;
  diagnostics.warning(loaded.checked.game.position,
                      fmt::format("the game has no end clause: no (end ...){}; it ends only {}at the turn limit (G9)",
                                  rules.rounds ? " and no (match-won ...)" : "",
                                  ties_end ? "when a round is tied (tie draw) or " : ""));
  std::cerr << diagnostics.str();
}

int check(const Common& common, const std::vector<std::string>& files) {
  int status = 0;
  for (const std::string& file : files) {
    Loaded loaded;
    if (!load(common, file, loaded)) {
      status = 1;
      continue;
    }
    warn_if_endless(loaded);
    const Rules& rules = loaded.game->rules();
    std::string options;
    for (const OptionInfo& option : loaded.checked.options)
      options += fmt::format(" {}={}", option.name, option_text(option.chosen));
    std::cout << fmt::format("{}: {}, board {}x{}{}, options:{}\n", loaded.path, rules.name, rules.rows,
                             rules.columns,
                             rules.stores == StoreKind::none ? ""
                             : rules.stores == StoreKind::open ? " with stores"
                                                               : " with concealed stores",
                             options.empty() ? " none" : options);
    for (const std::string& note : rules.notes) std::cout << fmt::format("  note: {}\n", note);
    for (const std::string& gap : rules.gaps) std::cout << fmt::format("  partial: {}\n", gap);
  }
  return status;
}

}  // namespace

void add_check_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto* sub = app.add_subcommand("check", "parse and check rule files; print a summary of each");
  sub->add_option("files", *files, "rule files")->required();
  add_common_flags(sub, common);
  out.push_back({sub, [&common, files] { return check(common, *files); }});
}

}  // namespace mancala::cli
