// libFuzzer target: the bytes drive a generator of rule files from the ludeme registry (see fuzz/targets.hpp).
#include <cstddef>
#include <cstdint>

#include "fuzz/targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  mancala::fuzz::interpreter(data, size);
  return 0;
}
