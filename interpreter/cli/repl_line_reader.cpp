#include "interpreter/cli/repl_line_reader.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include <editline/readline.h>

namespace mancala::cli {

namespace {

volatile std::sig_atomic_t interrupt_pending = 0;
// Set with it, for searches that poll (a lock-free atomic: safe to store from a signal handler).
std::atomic<bool> cancel_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free);

void on_line_interrupt(int) {
  interrupt_pending = 1;
  cancel_requested.store(true, std::memory_order_relaxed);
}

// Reads standard input as it comes (a file, a pipe).
class StreamReader : public LineReader {
 public:
  explicit StreamReader(bool echo) : echo_(echo) {}
  std::optional<std::string> read(const std::string& prompt) override {
    std::cout.flush();
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (echo_) std::cout << prompt << line << "\n";
    return line;
  }
  bool interrupted() override { return false; }

 private:
  bool echo_;
};

// libedit's readline interface calls plain functions: they reach the reader through this.
class EditReader;
EditReader* active_reader = nullptr;

class EditReader : public LineReader {
 public:
  explicit EditReader(Completer completer) : completer_(std::move(completer)), history_(history_path()) {
    active_reader = this;
    // Ctrl-C interrupts the read (no SA_RESTART): readline returns with the flag set.
    struct sigaction action {};
    action.sa_handler = on_line_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    rl_readline_name = "mancala";
    rl_attempted_completion_function = &EditReader::complete;
    static char breaks[] = " \t,";
    rl_completer_word_break_characters = breaks;
    using_history();
    stifle_history(1000);
    if (!history_.empty()) read_history(history_.c_str());
  }
  ~EditReader() override {
    active_reader = nullptr;
    std::signal(SIGINT, SIG_DFL);
  }

  std::optional<std::string> read(const std::string& prompt) override {
    std::cout.flush();
    interrupt_pending = 0;
    char* raw = readline(prompt.c_str());
    if (!raw) {
      if (!interrupt_pending) {
        std::cout << "\n";
        return std::nullopt;  // Ctrl-D
      }
      interrupt_pending = 0;
      std::cout << "^C\n";
      return std::string();
    }
    std::string line = raw;
    std::free(raw);
    remember(line);
    return line;
  }

  bool interrupted() override {
    bool was = interrupt_pending != 0;
    interrupt_pending = 0;
    return was;
  }
  std::atomic<bool>* cancel_flag() override { return &cancel_requested; }

 private:
  void remember(std::string line) {
    line.erase(line.find_last_not_of(" \t") + 1);  // completion leaves a space after a word
    if (line.find_first_not_of(" \t") == std::string::npos || line == last_) return;
    last_ = line;
    add_history(line.c_str());
    if (!history_.empty()) write_history(history_.c_str());
  }

  static char* next_candidate(const char* text, int state) {
    static std::size_t index;
    if (state == 0) index = 0;
    const auto& words = active_reader->candidates_;
    std::size_t length = std::strlen(text);
    while (index < words.size()) {
      const std::string& word = words[index++];
      if (word.compare(0, length, text) == 0) return strdup(word.c_str());
    }
    return nullptr;
  }

  static char** complete(const char* text, int, int end) {
    rl_attempted_completion_over = 1;  // no file names unless asked for
    if (!active_reader) return nullptr;
    std::string line(rl_line_buffer, std::min<std::size_t>(static_cast<std::size_t>(end), std::strlen(rl_line_buffer)));
    Completion completion = active_reader->completer_(line);
    if (completion.files) return rl_completion_matches(text, rl_filename_completion_function);
    active_reader->candidates_ = std::move(completion.words);
    // "holes=" wants its value next, without a space.
    bool open_ended = !active_reader->candidates_.empty();
    for (const auto& word : active_reader->candidates_) open_ended = open_ended && word.back() == '=';
    rl_completion_append_character = open_ended ? '\0' : ' ';
    return rl_completion_matches(text, &EditReader::next_candidate);
  }

  Completer completer_;
  std::string history_;
  std::string last_;
  std::vector<std::string> candidates_;
};

}  // namespace

std::string history_path() {
  if (const char* path = std::getenv("MANCALA_HISTORY")) return path;
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state) return std::string(state) + "/mancala_history";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.mancala_history";
  return {};
}

std::unique_ptr<LineReader> make_line_reader(Completer completer, bool echo) {
  if (::isatty(STDIN_FILENO) == 1) return std::make_unique<EditReader>(std::move(completer));
  return std::make_unique<StreamReader>(echo);
}

}  // namespace mancala::cli
