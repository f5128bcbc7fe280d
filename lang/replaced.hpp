#pragma once
// The forms of the language that were removed or moved, each with what replaced it: a rule file
// written for an older language gets, where it uses one, a positioned error naming the
// replacement. The table is data (lang/replaced.cpp); docs/changes.md explains every entry and
// tests/old-forms/ keeps one file written the old way per entry, with its expected error.
#include <string>
#include <string_view>
#include <vector>

namespace mancala {

struct ReplacedForm {
  enum class Kind {
    ludeme,            // (OLD ...): a ludeme that is gone
    argument,          // (WITHIN OLD): a name a ludeme's argument took
    placement,         // (WITHIN ... (OLD ...)): a ludeme that no longer stands in WITHIN
    define_arguments,  // ("OLD" ...) with ARGUMENTS arguments: a define of stdlib/WITHIN.lud
  };
  std::string key;          // the entry's name: tests/old-forms/KEY.lud
  Kind kind = Kind::ludeme;
  std::string old_name;     // the ludeme, name or define the old file writes
  std::string within;       // argument, placement: the ludeme around it; define_arguments: the library
  int arguments = 0;        // define_arguments: the count the old calls give
  std::string old_form;     // how the old file wrote it, as docs/changes.md heads its entry
  std::string replacement;  // what to write instead
  std::string date;         // when it changed (the commit on main)
  std::string commit;
};

const std::vector<ReplacedForm>& replaced_forms();

// The entry for what a file writes, or nullptr.
const ReplacedForm* replaced_ludeme(std::string_view name);
const ReplacedForm* replaced_argument(std::string_view within, std::string_view name);
const ReplacedForm* replaced_placement(std::string_view within, std::string_view name);
const ReplacedForm* replaced_define_arguments(std::string_view library, std::string_view name, int arguments);

// "(skip-origin) was replaced on 2026-11-23 by ... (docs/changes.md)".
std::string replacement_message(const ReplacedForm& entry);

}  // namespace mancala
