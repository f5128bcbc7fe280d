#pragma once
// Runs the mancala binary as a user does (tests of error messages and exit statuses).
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace mancala::test {

struct CliRun {
  int status = -1;     // exit status, or 128 + signal when killed by one
  std::string output;  // stdout and stderr together
};

// `args` are passed to the shell as written (quote them there); `environment`, if given, is
// written before the command ("NAME='value' ...").
inline CliRun run_cli(const std::string& args, const std::string& environment = "") {
  CliRun run;
  std::string command = environment + (environment.empty() ? "'" : " '") + MANCALA_BINARY + "' " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) run.output.append(buffer, n);
  int status = pclose(pipe);
  if (WIFEXITED(status)) run.status = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) run.status = 128 + WTERMSIG(status);
  return run;
}

// A rule file with `text` in the temporary directory, removed with the object.
class TempFile {
 public:
  explicit TempFile(const std::string& text, const std::string& stem = "rules") {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("mancala-test-" + std::to_string(::getpid()) + "-" + std::to_string(++counter) + "-" + stem + ".lud");
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TempFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace mancala::test
