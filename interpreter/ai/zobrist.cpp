#include "interpreter/ai/zobrist.hpp"

namespace mancala::ai {

namespace {

// SplitMix64's finaliser: a bijection whose outputs look independent for nearby inputs.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// The fields, each with its own key space.
enum Field : std::uint64_t {
  hole, owner, flag, score, tally, turns, var, round, ply, columns, next_columns, mover, phase,
  outcome, continuing, direction_forced, forced_dir, decision_rule, again_origin, landing,
  again_clause, winner, loser, setup_step, place_index, place_left, turn_position, round_position
};

std::uint64_t key(Field field, std::uint64_t index, std::uint64_t value) {
  return mix((field << 56) ^ (index << 40) ^ (value & 0xffffffffffull));
}

}  // namespace

std::uint64_t zobrist(const State& s) {
  std::uint64_t h = 0;
  for (std::size_t i = 0; i < s.holes.size(); ++i) {
    h ^= key(hole, i, static_cast<std::uint16_t>(s.holes[i]));
    h ^= key(owner, i, s.owner[i]);
    h ^= key(flag, i, s.flags[i]);
  }
  for (std::size_t p = 0; p < s.scores.size(); ++p) {
    h ^= key(score, p, static_cast<std::uint32_t>(s.scores[p]));
    h ^= key(tally, p, static_cast<std::uint32_t>(s.tallies[p]));
    h ^= key(turns, p, static_cast<std::uint16_t>(s.turns[p]));
  }
  for (std::size_t i = 0; i < s.vars.size(); ++i) h ^= key(var, i, static_cast<std::uint32_t>(s.vars[i]));
  // The ply counts: the turn limit (G9) makes the same board at another ply a different future.
  h ^= key(round, 0, static_cast<std::uint32_t>(s.round)) ^ key(ply, 0, static_cast<std::uint32_t>(s.ply));
  h ^= key(columns, 0, s.columns) ^ key(next_columns, 0, s.next_columns) ^ key(mover, 0, s.mover);
  h ^= key(phase, 0, static_cast<std::uint8_t>(s.phase)) ^ key(outcome, 0, static_cast<std::uint8_t>(s.outcome));
  h ^= key(continuing, 0, s.continuing) ^ key(direction_forced, 0, s.direction_forced);
  h ^= key(forced_dir, 0, static_cast<std::uint8_t>(s.forced_dir)) ^ key(decision_rule, 0, s.decision_rule);
  h ^= key(again_origin, 0, s.again_origin) ^ key(landing, 0, s.landing) ^ key(again_clause, 0, s.again_clause);
  h ^= key(winner, 0, s.winner) ^ key(loser, 0, s.loser) ^ key(setup_step, 0, s.setup_step);
  h ^= key(place_index, 0, s.place_index) ^ key(place_left, 0, static_cast<std::uint32_t>(s.place_left));
  // The histories decide legality (G6) and the end of a round (L8): what matters is which
  // positions they hold, so each is hashed as a set of its positions' own hashes.
  for (std::uint64_t seen : s.turn_positions.hashes()) h ^= key(turn_position, 0, mix(seen));
  for (std::uint64_t seen : s.round_positions.hashes()) h ^= key(round_position, 0, mix(seen));
  return h;
}

}  // namespace mancala::ai
