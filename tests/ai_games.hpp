#pragma once
// Rule text for the agents' tests: a game of three players (docs/language.md's "Ring").
namespace mancala::test {

inline constexpr const char* kRing = R"((import "mancala")
(game "Ring"
  (players 3)
  (board 1 12)
  (start (fill 3))
  (sow
    (origin (row mover) (if (occupied hole)))
    (capture (if (not (own hole)) (in hole {2 3})) (take hole)))
  (end
    (after-turn (if ("Cleared" (row (next-player mover)))) (most store)))))";

}  // namespace mancala::test
