#pragma once
// Drives `mancala repl` and `mancala play` as a file does (scripted use: standard input is not a
// terminal, so they read one line at a time and print plain text).
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "cli_run.hpp"
#include "support.hpp"

namespace mancala::test {

inline std::string game_file(const std::string& name) { return game_path(name); }

// A text file named `name` in a directory of its own in the temporary directory, removed with the
// object.
class TextFile {
 public:
  explicit TextFile(const std::string& text, const std::string& name = "input.txt") {
    static int counter = 0;
    directory_ = std::filesystem::temp_directory_path() /
                 ("mancala-test-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    std::filesystem::create_directories(directory_);
    path_ = directory_ / name;
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TextFile() {
    std::error_code ec;
    std::filesystem::remove_all(directory_, ec);
  }
  TextFile(const TextFile&) = delete;
  TextFile& operator=(const TextFile&) = delete;
  std::string path() const { return path_.string(); }
  std::string read() const {
    std::ifstream in(path_, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
  }

 private:
  std::filesystem::path directory_, path_;
};

// `mancala ARGS` with `input` on standard input; stdout and stderr together.
inline CliRun run_with_input(const std::string& args, const std::string& input) {
  TextFile script(input, "script.txt");
  return run_cli(args + " < '" + script.path() + "'");
}

// The transcript of a REPL session on games/NAME.lud (`repl_args` after the file).
inline std::string repl_session(const std::string& name, const std::string& input, const std::string& repl_args = "") {
  CliRun run = run_with_input("repl '" + game_file(name) + "' " + repl_args, input);
  INFO(run.output);
  CHECK(run.status == 0);
  return run.output;
}

// CHECKs that `text` holds `part` (reporting both when not).
inline void check_contains(const std::string& text, const std::string& part) {
  INFO("expected to find:\n" << part << "\nin:\n" << text);
  CHECK(text.find(part) != std::string::npos);
}

// Waits until the file at `path` holds `marker` (a process writing it in the background).
inline bool wait_for(const TextFile& file, const std::string& marker, double seconds = 20) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    if (file.read().find(marker) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace mancala::test
