#pragma once
// The catalogue of games: one entry per rule file of a games directory, read from the files
// themselves (name, sources, board, players, options, rounds, and the (status ...) clause), plus
// one entry per text of the directory's library-index.tsv that has no rule file yet ("missing").
// `mancala catalogue` prints it; docs/catalogue.md is its markdown (scripts/catalogue.sh).
#include <string>
#include <vector>

#include "lang/checker.hpp"

namespace mancala {

struct CatalogueEntry {
  std::string group;  // the folder under the games directory: two-row, three-row, four-row, other
  std::string stem;   // the file's name without .lud
  std::string file;   // relative to the games directory (group/stem.lud), also for a missing one
  std::string name;
  std::vector<std::string> sources;
  std::string board;  // "2x6", "2x6, stores", "2x4, 2 stores each", "4x8, concealed stores"
  int rows = 0, columns = 0;
  int players = 0;
  struct Option {
    std::string name, chosen;  // chosen: the default
    std::vector<std::string> values;
    std::string choices;       // the values as printed: "5..10", "10..20 by 2", "own, opponent"
    std::string text() const;  // "holes=6 (5..10)", "capture=own (own, opponent)"
  };
  std::vector<Option> options;
  bool rounds = false;
  std::string status;  // faithful, partial, unstated (no status clause), missing (no file yet), error
  std::vector<std::string> gaps;  // partial: what the file approximates or drops
  bool library = false;           // a text of library-index.tsv
  std::vector<Ludeme> ludemes;    // every ludeme the checked game uses (defines and imports expanded)
};

struct Catalogue {
  std::vector<CatalogueEntry> entries;  // by group (two-row, three-row, four-row, other, others), then file
  // Files that do not check, library files in another folder than the index's: each a line.
  std::vector<std::string> problems;
};

// Reads every rule file under `games_dir` (checked with its defaults) and, if it exists,
// `games_dir`/library-index.tsv.
Catalogue build_catalogue(const std::string& games_dir, const CheckSettings& settings);

std::string catalogue_markdown(const Catalogue& catalogue);
std::string catalogue_tsv(const Catalogue& catalogue);
std::string catalogue_json(const Catalogue& catalogue);
// How general the vocabulary is: for each rule-level ludeme of the registry (not the file's
// top-level forms, options or metadata), how many rule files use it, and the share used by a
// single file (issue 25's measure; docs/catalogue.md).
std::string catalogue_vocabulary(const Catalogue& catalogue);

}  // namespace mancala
