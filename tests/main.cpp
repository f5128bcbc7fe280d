#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

// The tests keep the solver's endgame tables (docs/ai.md) in a directory of their own, not in the
// user's cache; the commands they run inherit it.
int main(int argc, char* argv[]) {
  const std::filesystem::path cache = std::filesystem::temp_directory_path() / "mancala-tests-cache";
  setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  return Catch::Session().run(argc, argv);
}
