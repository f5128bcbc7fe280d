// libFuzzer target: the bytes are a move list or a record for a shipped game (see fuzz/targets.hpp).
#include <cstddef>
#include <cstdint>

#include "fuzz/targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mancala::fuzz::moves(data, size);
  return 0;
}
