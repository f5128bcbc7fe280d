// Prints the rule file fuzz_interpreter generates for each input file given, or, with
// `--stats N`, how many of N random inputs give files that check, compile and play (to keep the
// generator in step with the registry).
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "fuzz/targets.hpp"

int main(int argc, char** argv) {
  using namespace mancala::fuzz;
  if (argc == 3 && std::string(argv[1]) == "--stats") {
    long n = std::atol(argv[2]);
    std::mt19937_64 rng(1);
    for (long i = 0; i < n; ++i) {
      std::vector<std::uint8_t> bytes(64 + rng() % 512);
      for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
      interpreter(bytes.data(), bytes.size());
    }
    const auto& s = generator_stats();
    std::cout << s.generated << " generated, " << s.checked << " checked, " << s.compiled
              << " compiled, " << s.plies << " plies\n";
    return 0;
  }
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::cout << ";; " << argv[i] << "\n" << generated_rule_file(bytes.data(), bytes.size());
  }
  return 0;
}
