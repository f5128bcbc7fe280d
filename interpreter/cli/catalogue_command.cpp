// mancala catalogue [DIR] [--format md|tsv|json] [--vocabulary]: the games of a games directory, read from the
// rule files (interpreter/analysis/catalogue.hpp). Exit status 1 if a file does not check or a library
// file is in the wrong folder (each reported on stderr); the catalogue is printed all the same.
#include <fmt/format.h>

#include <iostream>

#include "interpreter/analysis/catalogue.hpp"
#include "interpreter/cli/commands.hpp"

namespace mancala::cli {

namespace {

struct CatalogueArgs {
  std::string dir;
  std::string format = "md";
  bool vocabulary = false;
};

int catalogue(const Common& common, const CatalogueArgs& args) {
  std::string dir = args.dir;
  if (dir.empty()) {
    if (common.games_dirs.empty()) {
      std::cerr << "mancala catalogue: error: no games directory found: give one\n";
      return 2;
    }
    dir = common.games_dirs.front();
  }
  CheckSettings settings;
  settings.stdlib_dirs = common.stdlib_dirs;
  Catalogue c = build_catalogue(dir, settings);
  if (c.entries.empty()) {
    std::cerr << fmt::format("mancala catalogue: error: no rule file under '{}'\n", dir);
    return 2;
  }
  if (args.vocabulary) std::cout << catalogue_vocabulary(c);
  else
    std::cout << (args.format == "json" ? catalogue_json(c) : args.format == "tsv" ? catalogue_tsv(c)
                                                                                  : catalogue_markdown(c));
  for (const std::string& problem : c.problems) std::cerr << problem;
  return c.problems.empty() ? 0 : 1;
}

}  // namespace

void add_catalogue_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<CatalogueArgs>();
  auto* sub = app.add_subcommand(
      "catalogue", "list the games of a games directory: source, board, options, status (docs/catalogue.md)");
  sub->add_option("dir", args->dir, "the games directory (default: the one bare game names are found in)");
  sub->add_option("--format", args->format, "md (default), tsv or json")
      ->check(CLI::IsMember({"md", "tsv", "json"}));
  sub->add_flag("--vocabulary", args->vocabulary,
                "instead: each rule-level ludeme with the number of files using it, and the share used by one file");
  sub->add_option("--stdlib", common.stdlib_dirs, "where (import ...) looks first (repeatable)")
      ->allow_extra_args(false);
  out.push_back({sub, [&common, args] { return catalogue(common, *args); }});
}

}  // namespace mancala::cli
