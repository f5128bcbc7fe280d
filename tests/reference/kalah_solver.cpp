// An independent exact solver of Kalah(m,n) (Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA
// Journal 23(3), 2000), the oracle of the project's solver on tests/ai/kalah-mn.lud. It shares no
// code with the engine: its own board, sowing, capture and end, written from the paper's rules:
//  - m holes a side, n counters in each, a store each; sowing counter-clockwise from an own hole,
//    passing over the opponent's store;
//  - a last counter in the own store gives the mover another move;
//  - a last counter in an own hole that was empty captures it and the opposite hole (even empty);
//  - the game ends when either row is empty, each player taking what is left in their own row.
// The value is the first player's final margin (stores after the sweep) under perfect play.
//
//   kalah_reference_solver M,N[=V]...
//
// prints `Kalah(M,N) = +V  (P positions, T s)` for each entry; with `=V`, exits 1 unless the value
// is V (tests/CMakeLists.txt checks it so against the published values).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr int kMaxHoles = 6;

// The board from the mover's view, so that one position and its mirror share an entry and the
// search needs no "whose turn": holes[0..m-1] the mover's, left to right in sowing order,
// holes[m] the mover's store (used only within a move), holes[m+1..2m] the opponent's, in sowing
// order. Hole i faces hole 2m - i. The stores are not part of a position: what is still to be won
// depends only on the holes, so values are the mover's future gain less the opponent's.
struct Board {
  int m = 0;
  std::array<int, 2 * kMaxHoles + 1> holes{};

  int row_sum(int first) const {
    int sum = 0;
    for (int i = first; i < first + m; ++i) sum += holes[i];
    return sum;
  }
  int mover_row() const { return row_sum(0); }
  int opponent_row() const { return row_sum(m + 1); }

  // The same position from the opponent's view.
  Board flipped() const {
    Board b{m, {}};
    for (int i = 0; i < m; ++i) {
      b.holes[i] = holes[m + 1 + i];
      b.holes[m + 1 + i] = holes[i];
    }
    return b;
  }
};

struct MoveResult {
  int gain;         // what the move put in the mover's store less the opponent's (the sweep)
  bool again;       // the last counter fell in the mover's store: the mover moves again
  bool over;        // a row is empty: the game is over, swept
};

// Sows from the mover's hole `from` (not empty) on `b`.
MoveResult play(Board& b, int from) {
  const int m = b.m, ring = 2 * m + 1;  // the opponent's store is not on the ring
  int counters = b.holes[from], at = from;
  b.holes[from] = 0;
  while (counters-- > 0) {
    at = (at + 1) % ring;
    ++b.holes[at];
  }
  if (at < m && b.holes[at] == 1) {  // it was empty before this last counter
    b.holes[m] += 1 + b.holes[2 * m - at];
    b.holes[at] = b.holes[2 * m - at] = 0;
  }
  MoveResult r{b.holes[m], at == m, false};
  b.holes[m] = 0;
  if (b.mover_row() == 0 || b.opponent_row() == 0) {
    r.gain += b.mover_row() - b.opponent_row();
    for (int i = 0; i < 2 * m + 1; ++i) b.holes[i] = 0;
    r.over = true;
  }
  return r;
}

// The transposition table: a fixed number of entries, replaced always (simple, and enough here),
// each the exact key, a lower and an upper bound on the value, and the best move found.
struct Entry {
  std::uint64_t key_low = 0, key_high = 0;  // 0/0 never occurs: a position to search has counters
  std::int8_t lower = 0, upper = 0, best = -1;
};

class Solver {
public:
  explicit Solver(int log2_entries) : table_(std::size_t{1} << log2_entries), mask_(table_.size() - 1) {}

  // The mover's future gain less the opponent's, exactly.
  int value(const Board& b) {
    const int counters = b.mover_row() + b.opponent_row();
    return search(b, -counters, counters);
  }
  std::uint64_t positions() const { return positions_; }

private:
  std::vector<Entry> table_;
  std::size_t mask_;
  std::uint64_t positions_ = 0;

  // 7 bits a hole (a board holds at most 2 * 6 * 6 = 72 counters), the mover's row in one word,
  // the opponent's in the other.
  static void key_of(const Board& b, std::uint64_t& low, std::uint64_t& high) {
    low = high = 0;
    for (int i = 0; i < b.m; ++i) {
      low = low << 7 | static_cast<std::uint64_t>(b.holes[i]);
      high = high << 7 | static_cast<std::uint64_t>(b.holes[b.m + 1 + i]);
    }
  }

  // Alpha-beta on the value (fail-soft): a result at most alpha is an upper bound, at least beta a
  // lower bound, between them exact.
  int search(const Board& b, int alpha, int beta) {
    ++positions_;
    std::uint64_t low, high;
    key_of(b, low, high);
    Entry& entry = table_[(low * 0x9E3779B97F4A7C15ULL ^ high * 0xC2B2AE3D27D4EB4FULL) >> 20 & mask_];
    const bool known = entry.key_low == low && entry.key_high == high;
    const int counters = b.mover_row() + b.opponent_row();
    int lower = -counters, upper = counters, best_move = -1;  // no one wins more than is left
    if (known) lower = entry.lower, upper = entry.upper, best_move = entry.best;
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
    if (lower == upper) return lower;
    const int alpha0 = std::max(alpha, lower), beta0 = std::min(beta, upper);
    alpha = alpha0;
    beta = beta0;

    // Move order, for the cut-offs only: the table's best move, then the moves that end in the
    // store (another move), then the rest from the store's side.
    std::array<int, kMaxHoles> order{};
    int count = 0;
    if (best_move >= 0) order[count++] = best_move;
    for (int pass = 0; pass < 2; ++pass)
      for (int i = b.m - 1; i >= 0; --i) {
        if (b.holes[i] == 0 || i == best_move) continue;
        const bool again = (i + b.holes[i]) % (2 * b.m + 1) == b.m;
        if (again == (pass == 0)) order[count++] = i;
      }

    int best = -1000, best_at = order[0];
    for (int k = 0; k < count; ++k) {
      Board child = b;
      const MoveResult r = play(child, order[k]);
      int v;
      if (r.over) v = r.gain;
      else if (r.again) v = r.gain + search(child, alpha - r.gain, beta - r.gain);
      else v = r.gain - search(child.flipped(), r.gain - beta, r.gain - alpha);
      if (v > best) best = v, best_at = order[k];
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }

    // The window searched was [alpha0, beta0]; what the result proves is relative to it.
    if (best <= alpha0) upper = best;
    else if (best >= beta0) lower = best;
    else lower = upper = best;
    entry = {low, high, static_cast<std::int8_t>(lower), static_cast<std::int8_t>(upper),
             static_cast<std::int8_t>(best_at)};
    return best;
  }
};

int usage() {
  std::fprintf(stderr, "usage: kalah_reference_solver M,N[=V]...  (1 <= M <= %d, 1 <= N, 2MN < 128)\n",
               kMaxHoles);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  bool all_expected = true;
  for (int a = 1; a < argc; ++a) {
    int m = 0, n = 0, expected = 0, read = 0;
    const std::string arg = argv[a];
    const bool checks = arg.find('=') != std::string::npos;
    const int fields = checks ? std::sscanf(arg.c_str(), "%d,%d=%d%n", &m, &n, &expected, &read)
                              : std::sscanf(arg.c_str(), "%d,%d%n", &m, &n, &read);
    if (fields != (checks ? 3 : 2) || read != static_cast<int>(arg.size()) || m < 1 || m > kMaxHoles ||
        n < 1 || 2 * m * n >= 128)
      return usage();

    Board start{m, {}};
    for (int i = 0; i < m; ++i) start.holes[i] = start.holes[m + 1 + i] = n;
    Solver solver(22);  // 4 million entries of 24 bytes: 96 MiB
    const auto began = std::chrono::steady_clock::now();
    const int value = solver.value(start);  // the stores start empty: the first player's margin
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    std::printf("Kalah(%d,%d) = %+d  (%llu positions, %.2f s)\n", m, n, value,
                static_cast<unsigned long long>(solver.positions()), seconds);
    if (checks && value != expected) {
      std::printf("  expected %+d\n", expected);
      all_expected = false;
    }
  }
  return all_expected ? 0 : 1;
}
