#include "lang/replaced.hpp"

#include <fmt/format.h>

namespace mancala {

using K = ReplacedForm::Kind;

// Newest first, as docs/changes.md lists them.
const std::vector<ReplacedForm>& replaced_forms() {
  static const std::vector<ReplacedForm> table = {
      {"count-rounds-one-argument", K::define_arguments, "CountRounds", "gabata", 1,
       "(\"CountRounds\" REMAINDER)",
       "(\"CountRounds\" 4 REMAINDER 1): the counters each hole takes at a round's set-up, the "
       "remainder rule, and the most counters a round's loser may have for the match to end",
       "2026-11-27", "d92c039"},
      {"max-drops-per-move", K::ludeme, "max-drops-per-move", "", 0, "(max-drops-per-move N)",
       "(max-drops N)", "2026-11-25", "b39f3d3"},
      {"skip-origin", K::ludeme, "skip-origin", "", 0, "(skip-origin)",
       "(skip (is hole lifted)), which stdlib/mancala.lud names (\"SkipOrigin\")", "2026-11-23",
       "2e9d324"},
      {"track-in-sow", K::placement, "track", "sow", 0, "(sow ... (track ...))",
       "(track REGION ...) as a clause of the game, beside (sow ...)", "2026-11-23", "2e9d324"},
      {"track-loop", K::argument, "loop", "track", 0, "(track loop)",
       "nothing: it is the default track of a 2-row board (written out: (\"Loop\") or "
       "(track (board-row 1) (reversed (board-row 2))))",
       "2026-11-23", "2e9d324"},
      {"track-circuits", K::argument, "circuits", "track", 0, "(track circuits)",
       "nothing: they are the default tracks of a 4-row board (written out: (\"Circuit\" P1 1 2) "
       "(\"Circuit\" P2 3 4))",
       "2026-11-23", "2e9d324"},
  };
  return table;
}

namespace {

const ReplacedForm* find(K kind, std::string_view within, std::string_view name, int arguments = 0) {
  for (const ReplacedForm& entry : replaced_forms())
    if (entry.kind == kind && entry.old_name == name && entry.within == within && entry.arguments == arguments)
      return &entry;
  return nullptr;
}

}  // namespace

const ReplacedForm* replaced_ludeme(std::string_view name) { return find(K::ludeme, "", name); }
const ReplacedForm* replaced_argument(std::string_view within, std::string_view name) {
  return find(K::argument, within, name);
}
const ReplacedForm* replaced_placement(std::string_view within, std::string_view name) {
  return find(K::placement, within, name);
}
const ReplacedForm* replaced_define_arguments(std::string_view library, std::string_view name, int arguments) {
  return find(K::define_arguments, library, name, arguments);
}

std::string replacement_message(const ReplacedForm& entry) {
  return fmt::format("{} was replaced on {} by {} (docs/changes.md)", entry.old_form, entry.date,
                     entry.replacement);
}

}  // namespace mancala
