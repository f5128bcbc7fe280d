#include "interpreter/fast_paths.hpp"

#include <array>
#include <stdexcept>

#include "lang/registry.hpp"

namespace mancala {

namespace {

// Where each ludeme's bits start: the ludeme itself, then one bit per parameter.
const std::vector<std::size_t>& offsets() {
  static const std::vector<std::size_t> table = [] {
    std::vector<std::size_t> out(kLudemeCount + 1, 0);
    std::size_t at = 0;
    for (std::size_t i = 1; i < kLudemeCount; ++i) {
      out[i] = at;
      at += 1 + spec_of(static_cast<Ludeme>(i)).params.size();
    }
    if (at > ClauseSet::kCapacity) throw std::logic_error("ClauseSet::kCapacity is too small for the registry");
    out[kLudemeCount] = at;
    return out;
  }();
  return table;
}

std::size_t bit_of(Ludeme ludeme, std::uint8_t param) {
  return offsets()[static_cast<std::size_t>(ludeme)] + (param == Node::kNoParam ? 0 : 1u + param);
}

// The clauses every fast routine was checked against when the routines were last reviewed, with
// the parameters each ludeme had then (the registry of 2026-11-27). Each routine supports these
// but those it names as unsupported (supported_clauses). Never regenerate this list from the
// registry: a clause is added here, or to one routine's list, only once the routines that take it
// have been checked against it (tests/test_contracts.cpp plays every game both ways).
constexpr std::string_view kReviewed[] = {
    "game name clause",
    "import library",
    "define name body",
    "option name default choices",
    "range low high step",
    "opt name",
    "option-case name value",
    "source text",
    "note text",
    "status level gap",  // metadata for the catalogue: compiled into Rules' fields, never played
    "board rows columns stores store-count",
    "players count",
    "side player holes",
    "track player holes",
    "start step",
    "opening step",
    "first-mover player",
    "sow name when clause",
    "store-sow from along",
    "turn-start step",
    "end clause",
    "rounds clause",
    "max-drops count",
    "fill count region",
    "put count hole",
    "row-pattern pattern trim",
    "mirror-start",
    "remove-last-occupied by count leave-last",
    "origin region guard",
    "direction direction",
    "first-drop where",
    "lift from count",
    "skip condition",
    "on-drop capture",
    "before-lift capture",
    "lap when lift take start direction capture",
    "again guard direction origin with",
    "capture guard take into chain effect then",
    "stop when",
    "require condition when",
    "prefer condition when",
    "may-pass",
    "take hole count",
    "into-store",
    "into hole",
    "chain step guard take count stride",
    "if condition",
    "claim hole by",
    "mark mark hole",
    "unmark mark hole",
    "out-of-play hole",
    "set-var name value of",
    "add-var name value of",
    "sweep",
    "each region capture",
    "give guard store else to",
    "after-turn guard result effect",
    "before-move guard result effect",
    "winner player",
    "most tally",
    "draw",
    "round-over guard",
    "tally tally",
    "tie then",
    "points points",
    "match-won guard",
    "resize reductions shares min",
    "first-loser player",
    "round-end step",  // each and give between turns, as round-start's: no routine looks at them
    "round-start from step",
    "collect store",
    "clear",
    "place by holes source min uneven",
    "from-store player",
    "supply count",
    "mirror by",
    "flip-choice by",
    "refill by holes count from limit rest",
    "count hole",
    "sum region",
    "score player",
    "tally-of player",
    "next-columns",
    "+ term",
    "- a b",
    "* a b",
    "div a b",
    "mod a b",
    "captured",
    "laps",
    "var name player",
    "turns player",
    "number region condition",
    "and condition",
    "or condition",
    "not condition",
    "= a b",
    "!= a b",
    "< a b",
    "<= a b",
    "> a b",
    ">= a b",
    "odd value",
    "even value",
    "in value set",
    "empty hole",
    "occupied hole",
    "was-empty hole",
    "own hole",
    "within hole region",
    "all region condition",
    "any region condition",
    "none region condition",
    "crossed",
    "first-round",
    "repeated-position",
    "is a b",
    "in-play hole",
    "marked mark hole",
    "sown hole",
    "clockwise",
    "is-store hole",
    "true",
    "false",
    "hole",
    "origin",
    "lifted",
    "first-sown",
    "store player number",
    "opposite hole",
    "next hole",
    "previous hole",
    "outer-of hole",
    "leftmost region",
    "rightmost-occupied region",
    "row player",
    "inner-row player",
    "outer-row player",
    "board",
    "only hole",
    "board-row row",
    "reversed region",
    "holes from to",
    "stores player",
    "P1",
    "P2",
    "P3",
    "P4",
    "P5",
    "P6",
    "mover",
    "opponent",
    "winner",
    "loser",
    "owner hole",
    "next-player player",
};

}  // namespace

void ClauseSet::add(Ludeme ludeme, std::uint8_t param) {
  if (ludeme != Ludeme::none) bits_.set(bit_of(ludeme, param));
}

void ClauseSet::add_tree(const Node& node) {
  add(node.ludeme);
  for (const Node& child : node.children) {
    if (node.ludeme != Ludeme::none && child.param != Node::kNoParam) add(node.ludeme, child.param);
    add_tree(child);
  }
}

std::vector<std::string> ClauseSet::missing_from(const ClauseSet& supported) const {
  std::vector<std::string> out;
  for (std::size_t i = 1; i < kLudemeCount; ++i) {
    const LudemeSpec& spec = spec_of(static_cast<Ludeme>(i));
    for (std::size_t p = 0; p <= spec.params.size(); ++p) {
      const std::size_t bit = offsets()[i] + p;
      if (bits_.test(bit) && !supported.bits_.test(bit))
        out.push_back(p == 0 ? spec.name : spec.name + " " + spec.params[p - 1].name + ":");
    }
  }
  return out;
}

std::vector<Ludeme> ClauseSet::ludemes() const {
  std::vector<Ludeme> out;
  for (std::size_t i = 1; i < kLudemeCount; ++i)
    if (bits_.test(offsets()[i])) out.push_back(static_cast<Ludeme>(i));
  return out;
}

ClauseSet ClauseSet::of(std::span<const std::string_view> entries) {
  ClauseSet set;
  for (std::string_view entry : entries) {
    std::vector<std::string_view> words;
    for (std::size_t at = 0; at < entry.size();) {
      std::size_t end = entry.find(' ', at);
      if (end == std::string_view::npos) end = entry.size();
      words.push_back(entry.substr(at, end - at));
      at = end + 1;
    }
    // A name may be both a form and a bare identifier ((board ...) and board): an entry names
    // each registered ludeme of that name that has the parameters listed.
    bool found = false;
    for (const LudemeSpec& spec : ludeme_registry()) {
      if (spec.name != words.front()) continue;
      std::vector<std::uint8_t> params;
      for (std::size_t w = 1; w < words.size(); ++w) {
        std::size_t p = 0;
        while (p < spec.params.size() && spec.params[p].name != words[w]) ++p;
        if (p < spec.params.size()) params.push_back(static_cast<std::uint8_t>(p));
      }
      if (params.size() + 1 != words.size()) continue;
      found = true;
      set.add(spec.id);
      for (std::uint8_t p : params) set.add(spec.id, p);
    }
    if (!found) throw std::logic_error("fast routines: no ludeme '" + std::string(entry) + "' in the registry");
  }
  return set;
}

ClauseSet ClauseSet::without(std::initializer_list<std::string_view> ludemes) const {
  ClauseSet out = *this;
  for (std::string_view name : ludemes) {
    bool found = false;
    for (const LudemeSpec& spec : ludeme_registry()) {
      if (spec.name != name) continue;
      found = true;
      const std::size_t i = static_cast<std::size_t>(spec.id);
      for (std::size_t bit = offsets()[i]; bit < offsets()[i + 1]; ++bit) out.bits_.reset(bit);
    }
    if (!found) throw std::logic_error("fast routines: no ludeme '" + std::string(name) + "'");
  }
  return out;
}

const char* fast_routine_name(FastRoutine routine) {
  switch (routine) {
    case FastRoutine::plain_drops: return "plain drops";
    case FastRoutine::unjudged_candidates: return "unjudged candidates";
    case FastRoutine::counts_only: return "counts only";
    case FastRoutine::hash_without_owners: return "hash without owners";
    case FastRoutine::hash_without_flags: return "hash without flags";
    case FastRoutine::hash_without_turns: return "hash without turn counts";
    case FastRoutine::hash_without_rounds: return "hash without the round";
    case FastRoutine::count_: break;
  }
  return "?";
}

const ClauseSet& supported_clauses(FastRoutine routine) {
  static const std::array<ClauseSet, static_cast<std::size_t>(FastRoutine::count_)> lists = [] {
    const ClauseSet reviewed = ClauseSet::of(kReviewed);
    std::array<ClauseSet, static_cast<std::size_t>(FastRoutine::count_)> out;
    // Holes passed over (skip, and holes out of play), rules of each drop, and the holes a move
    // sowed into are what the tight loop does not look at.
    out[static_cast<std::size_t>(FastRoutine::plain_drops)] =
        reviewed.without({"skip", "on-drop", "sown", "out-of-play", "refill"});
    // What can exclude a move: a lap (G6: endless), a filter, the drop limit (max-drops).
    out[static_cast<std::size_t>(FastRoutine::unjudged_candidates)] =
        reviewed.without({"lap", "require", "prefer", "max-drops"});
    // Effects that change owners, flags or variables.
    out[static_cast<std::size_t>(FastRoutine::counts_only)] =
        reviewed.without({"claim", "mark", "unmark", "out-of-play", "set-var", "add-var"});
    // What changes owners, flags, or reads turn counts; the rounds clause (the round's fields).
    out[static_cast<std::size_t>(FastRoutine::hash_without_owners)] = reviewed.without({"claim"});
    out[static_cast<std::size_t>(FastRoutine::hash_without_flags)] =
        reviewed.without({"mark", "unmark", "out-of-play", "refill"});
    out[static_cast<std::size_t>(FastRoutine::hash_without_turns)] = reviewed.without({"turns"});
    out[static_cast<std::size_t>(FastRoutine::hash_without_rounds)] = reviewed.without({"rounds"});
    return out;
  }();
  return lists[static_cast<std::size_t>(routine)];
}

}  // namespace mancala
