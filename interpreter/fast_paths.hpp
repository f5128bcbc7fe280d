#pragma once
// The engine's fast routines and the clauses each supports. A move has one meaning: the reference
// routines' (Game::sow_reference for a sowing, Game::judge for its legality). A fast routine is a
// quicker way to the same result that holds for some rules only, so each declares the clauses it
// supports, as ludemes and the parameters of each; a sow rule uses it only if every clause of its
// game (but the game's other sow rules) is supported. A clause added to the language later is on
// no routine's list, so a rule using it is played by the reference routines: correct by default,
// merely slower until someone checks a fast routine against it and adds it to that routine's list
// (docs/extending.md, "Fast routines").
#include <bitset>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lang/ast.hpp"

namespace mancala {

// A set of clauses: ludemes, and for each the parameters that were given.
class ClauseSet {
 public:
  static constexpr std::size_t kCapacity = 1024;  // ludemes and their parameters, in all

  void add(Ludeme ludeme, std::uint8_t param = Node::kNoParam);
  // Every ludeme and argument of the checked tree `node` (the checker recorded Node::ludeme and
  // Node::param on each).
  void add_tree(const Node& node);
  ClauseSet& operator|=(const ClauseSet& other) {
    bits_ |= other.bits_;
    return *this;
  }
  bool within(const ClauseSet& supported) const { return (bits_ & ~supported.bits_).none(); }
  // The clauses of this set that `supported` lacks, written "lap" or "lap take:" (messages, tests).
  std::vector<std::string> missing_from(const ClauseSet& supported) const;
  // Entries "ludeme param param ...", each naming a registered ludeme and parameters of it (a
  // name the registry does not know throws std::logic_error: a list out of step with the registry
  // stops every program, as the registry's own check does).
  static ClauseSet of(std::span<const std::string_view> entries);
  // The ludemes of the set (whatever their parameters), in the registry's order.
  std::vector<Ludeme> ludemes() const;
  // The same set but `ludemes` (every parameter of each).
  ClauseSet without(std::initializer_list<std::string_view> ludemes) const;

 private:
  std::bitset<kCapacity> bits_;
};

enum class FastRoutine : std::uint8_t {
  // Counters dropped one by one in a tight loop, without asking at each drop whether the hole is
  // passed over or in play, what rules apply to a drop, or noting the holes sown (sowing_fast.cpp;
  // the relay shortcut, the packed circuit and the undo log of reversible sowings build on it).
  plain_drops,
  // Candidates legal without being sown to find out (only laps, filters, a further decision of
  // the turn and a drop limit can exclude a move: Game::needs_judging).
  unjudged_candidates,
  // A sowing that changes only counts and the per-turn scalars: a playout keeps only those of
  // the position before it, to put back a candidate found illegal (Game::random_ply).
  counts_only,
  // The position's hash (Game::hash) leaves out the owners, the flags, the turn counts, or the
  // round's fields (round, board size, match points, tallies, winner and loser), where no clause
  // of the game changes or reads them: the same board reached with other such fields is then
  // found as the same position (agents' and the solver's transposition tables).
  hash_without_owners,
  hash_without_flags,
  hash_without_turns,
  hash_without_rounds,
  count_
};
const char* fast_routine_name(FastRoutine routine);
const ClauseSet& supported_clauses(FastRoutine routine);

}  // namespace mancala
