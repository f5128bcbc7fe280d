#pragma once
// The code behind the fuzz targets (fuzz/fuzz_*.cpp), shared with the regression test
// (tests/test_fuzz_regressions.cpp) so that a crash input found by libFuzzer replays as a plain
// Catch2 test. Each entry returns normally on any input the program handles as it should; it
// throws fuzz::Failure when an invariant breaks (libFuzzer then reports a crash: the exception
// is not caught), and lets any other exception escape for the same reason.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace mancala::fuzz {

struct Failure : std::logic_error {
  using std::logic_error::logic_error;
};

// fuzz_checker: the bytes are a rule file. check_source (parser and every pass, imports from
// stdlib/); if it checks, Game::compile; if that succeeds, a few random moves with the play
// invariants checked after each.
void check_and_play(const std::uint8_t* data, std::size_t size);

// fuzz_moves: byte 0 picks a shipped game and options (one of the example records'
// configurations), byte 1 the reader: even, a move list "M1, M2, ..." as `trace --moves` takes
// it (split_moves, then find_move through write_trace); odd, a JSON Lines record whose "move"
// fields are replayed (the way tests/test_examples.cpp reads records). Every line written must be
// valid JSON.
void moves(const std::uint8_t* data, std::size_t size);

// fuzz_interpreter: the bytes drive a generator that writes a small, well-formed rule file from
// the ludeme registry (lang/registry.hpp); it is checked, compiled and played with the bytes left
// choosing the moves; counters are conserved and no count is negative after every move.
void interpreter(const std::uint8_t* data, std::size_t size);

// The libFuzzer dictionary of fuzz_checker, generated from the ludeme registry at build time
// (fuzz/make_dictionary): every ludeme, label and symbol, and the grammar's tokens.
std::string ludeme_dictionary();

// The rule file fuzz_interpreter writes for `data` (for debugging: fuzz/show_generated).
std::string generated_rule_file(const std::uint8_t* data, std::size_t size);

// Statistics of the fuzz_interpreter generator (how many files checked and compiled), printed by
// fuzz/show_generated to tune the generator.
struct GeneratorStats {
  long generated = 0, checked = 0, compiled = 0, plies = 0;
};
GeneratorStats& generator_stats();

}  // namespace mancala::fuzz
