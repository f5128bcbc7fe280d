// libFuzzer target: the bytes are a rule file (see fuzz/targets.hpp).
#include <cstddef>
#include <cstdint>

#include "fuzz/targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mancala::fuzz::check_and_play(data, size);
  return 0;
}
