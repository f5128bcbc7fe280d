#pragma once
// What a move did, step by step, for tools that explain it (trace --events, the REPL's explain,
// rule coverage). Each kind of event carries its own typed fields; kEventNames holds the names
// printed in records, one per kind, checked against the variant at compile time. Every event
// names the rule-file clause that caused it (an index into Rules::clauses) or, for behaviour
// the engine itself rules on (passing, endless sowings), kNoClause and the ruling in its kind.
// Every clause that acts on the position causes an event (docs/records.md lists them), so that
// rule coverage (analysis/coverage.hpp) is read from events alone.
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

// hole kNoHole: from the mover's store (O6); count 0: a move that lifts nothing (lift from:nothing)
struct LiftEvent { int hole; int count; };
struct DropEvent { int hole; };
// A further handful (relay): lifted from `hole`, or, `taken`, made of the counters a lap's take:
// took (`hole` is then where the last handful ended).
struct LapEvent { int hole; int count; Dir direction; bool taken; };
struct CaptureEvent { int hole; int count; int into; };  // into: a hole, or kIntoStore, kIntoHand
struct AgainEvent { int hole; Dir direction; };  // the same player decides again (K5)
// G6: a move excluded as endless (`at_budget`: its sowing reached max-drops-per-move), or a
// further move as repeating a position of the turn.
struct ExcludedEvent { Move move; bool endless; bool at_budget; };
struct PassEvent {};                              // G7
struct GiftEvent { int from; int hole; };  // a counter given to the mover (L7); from kNoHole: the giver's store
struct PlacementEvent { int hole; int count; };
struct FlipEvent { bool flipped; };
struct ChoiceEvent { int alternative; };  // a choice step's alternative: its id (Rules::alternatives)
struct TurnEndEvent {};
// repeated: the position of the turn's end had been seen in the round (L8's repeated-position).
struct RoundEndEvent { std::array<std::int32_t, kMaxPlayers> tallies; int players; bool repeated; };
struct GameEndEvent { Outcome outcome; };
struct ClaimEvent { int hole; };  // the hole becomes the player's
struct MarkEvent { int hole; int mark; };    // mark: the bit of Rules::marks[mark - 1]
struct UnmarkEvent { int hole; int mark; };
struct OutOfPlayEvent { int hole; };
struct InPlayEvent { int hole; };  // a hole out of play is back in play (the board laid out anew)
// A variable set or added to: `variable` indexes Rules::game_vars, or Rules::player_vars when
// `of` is a player (else -1); `value` is its value after.
struct SetVarEvent { int variable; int of; std::int32_t value; };
struct AddVarEvent { int variable; int of; std::int32_t amount; std::int32_t value; };
// Counters moved that are not a capture: taken within the mover's own side (a lap's take:, a
// before-lift take), collected into a store at a round's start, removed at the opening (O3).
struct TransferEvent { int hole; int count; int into; };  // into: as CaptureEvent's
struct NewBoardEvent { int columns; };  // the board laid out anew (collect, clear)
struct RoundReplayedEvent {};           // a tied round is played again (tie replay)
struct FirstMoverEvent {};              // the player moves first in the round

using EventData = std::variant<LiftEvent, DropEvent, LapEvent, CaptureEvent, AgainEvent,
                               ExcludedEvent, PassEvent, GiftEvent, PlacementEvent, FlipEvent,
                               TurnEndEvent, RoundEndEvent, GameEndEvent, ClaimEvent, MarkEvent,
                               UnmarkEvent, OutOfPlayEvent, InPlayEvent, SetVarEvent, AddVarEvent,
                               TransferEvent, NewBoardEvent, RoundReplayedEvent, FirstMoverEvent,
                               ChoiceEvent>;

// In the variant's order.
enum class EventKind : std::uint8_t {
  lift, drop, lap, capture, again, excluded, pass, gift, placement, flip, turn_end, round_end,
  game_end, claim, mark, unmark, out_of_play, in_play, set_var, add_var, transfer, new_board,
  round_replayed, first_mover, choice
};
inline constexpr std::array<std::string_view, 25> kEventNames = {
    "lift", "drop", "lap", "capture", "again", "excluded", "pass", "gift", "placement", "flip",
    "turn-end", "round-end", "game-end", "claim", "mark", "unmark", "out-of-play", "in-play",
    "set-var", "add-var", "transfer", "new-board", "round-replayed", "first-mover", "choice"};
static_assert(kEventNames.size() == std::variant_size_v<EventData>,
              "every kind of event needs its name in kEventNames");
static_assert(static_cast<std::size_t>(EventKind::choice) + 1 == kEventNames.size());

struct Event {
  int player = 0;  // who acted: the mover; for a gift, the giver
  ClauseId clause = kNoClause;
  EventData data;
  // The clause this one is part of, when it acts for it: a capture's chain and effects, an end
  // rule's effects. The enclosing clause fired too (rule coverage counts it).
  ClauseId within = kNoClause;

  EventKind kind() const { return static_cast<EventKind>(data.index()); }
  std::string_view name() const { return kEventNames[data.index()]; }
  template <typename T>
  const T& as() const { return std::get<T>(data); }
};

}  // namespace mancala
