#pragma once
// What a move did, step by step, for tools that explain it (trace --events, the REPL's explain,
// rule coverage). Each kind of event carries its own typed fields; kEventNames holds the names
// printed in records, one per kind, checked against the variant at compile time. Every event
// names the rule-file clause that caused it (an index into Rules::clauses) or, for behaviour
// the engine itself rules on (passing, endless sowings), kNoClause and the ruling in its kind.
#include <array>
#include <cstdint>
#include <string_view>
#include <variant>

#include "interpreter/layout.hpp"
#include "interpreter/rules.hpp"
#include "interpreter/state.hpp"

namespace mancala {

constexpr int kIntoStore = -1;  // CaptureEvent::into: the capturer's store
constexpr int kIntoHand = -2;   // CaptureEvent::into: the hand, sown on (a lap of captured counters)

struct LiftEvent { int hole; int count; };  // hole kNoHole: from the mover's store (O6)
struct DropEvent { int hole; };
struct LapEvent { int hole; int count; Dir direction; };  // a further handful lifted (relay)
struct CaptureEvent { int hole; int count; int into; };  // into: a hole, or kIntoStore
struct AgainEvent { int hole; Dir direction; };  // the same player decides again (K5)
// G6: a further move excluded as endless (or reaching max-drops-per-move), or as repeating a
// position of the turn.
struct ExcludedEvent { Move move; bool endless; };
struct PassEvent {};                              // G7
struct GiftEvent { int from; int hole; };  // a counter given to the mover (L7); from kNoHole: the giver's store
struct PlacementEvent { int hole; int count; };
struct FlipEvent { bool flipped; };
struct TurnEndEvent {};
// repeated: the position of the turn's end had been seen in the round (L8's repeated-position).
struct RoundEndEvent { std::array<std::int32_t, kMaxPlayers> tallies; int players; bool repeated; };
struct GameEndEvent { Outcome outcome; };
struct ClaimEvent { int hole; };  // the hole becomes the player's

using EventData = std::variant<LiftEvent, DropEvent, LapEvent, CaptureEvent, AgainEvent,
                               ExcludedEvent, PassEvent, GiftEvent, PlacementEvent, FlipEvent,
                               TurnEndEvent, RoundEndEvent, GameEndEvent, ClaimEvent>;

// In the variant's order.
enum class EventKind : std::uint8_t {
  lift, drop, lap, capture, again, excluded, pass, gift, placement, flip, turn_end, round_end,
  game_end, claim
};
inline constexpr std::array<std::string_view, 14> kEventNames = {
    "lift", "drop", "lap", "capture", "again", "excluded", "pass", "gift", "placement", "flip",
    "turn-end", "round-end", "game-end", "claim"};
static_assert(kEventNames.size() == std::variant_size_v<EventData>,
              "every kind of event needs its name in kEventNames");
static_assert(static_cast<std::size_t>(EventKind::claim) + 1 == kEventNames.size());

struct Event {
  int player = 0;  // who acted: the mover; for a gift, the giver
  ClauseId clause = kNoClause;
  EventData data;

  EventKind kind() const { return static_cast<EventKind>(data.index()); }
  std::string_view name() const { return kEventNames[data.index()]; }
  template <typename T>
  const T& as() const { return std::get<T>(data); }
};

}  // namespace mancala
