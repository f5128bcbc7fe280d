#pragma once
// The subcommands of `mancala`. Each returns the process's exit status.
#include <cstdint>
#include <string>
#include <vector>

namespace mancala::cli {

struct Common {
  std::vector<std::string> options;  // name=value
  std::vector<std::string> stdlib_dirs;
};

int check(const Common& common, const std::vector<std::string>& files);

struct TraceArgs {
  std::string file;
  bool has_moves = false;
  std::string moves;
  bool random = false;
  std::uint64_t seed = 1;
  int max_turns = 2000;
  bool events = false;
};
int trace(const Common& common, const TraceArgs& args);

struct BenchArgs {
  std::string file;
  long playouts = 1000;
  std::uint64_t seed = 1;
  int max_turns = 2000;
  int runs = 5;
};
int bench(const Common& common, const BenchArgs& args);

}  // namespace mancala::cli
