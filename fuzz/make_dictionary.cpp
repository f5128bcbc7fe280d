// Writes fuzz_checker's dictionary (fuzz::ludeme_dictionary) to standard output; the build runs
// it, so the dictionary always holds every ludeme of the registry.
#include <iostream>

#include "fuzz/targets.hpp"

int main() {
  std::cout << mancala::fuzz::ludeme_dictionary();
  return 0;
}
