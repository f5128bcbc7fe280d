#pragma once
// Where the REPL and `play` read their lines: from a user at a terminal, through libedit (line
// editing, persistent history, tab completion; Ctrl-C cancels the line, Ctrl-D ends), or from a
// file or pipe, one line at a time with no prompt, so that scripts can drive them.
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::cli {

// What may complete the word under the cursor.
struct Completion {
  std::vector<std::string> words;  // whole words; the reader keeps those that extend the word typed
  bool files = false;              // complete a file name instead
};
// Given the line up to the cursor.
using Completer = std::function<Completion(std::string_view line)>;

class LineReader {
 public:
  virtual ~LineReader() = default;
  // The next line without its newline; nullopt at the end of input. A line cancelled with Ctrl-C
  // reads as empty.
  virtual std::optional<std::string> read(const std::string& prompt) = 0;
  // True once if Ctrl-C was pressed since the last call: long work (a computer playing many
  // moves) checks it to stop early.
  virtual bool interrupted() = 0;
  // The flag Ctrl-C sets, for searches to poll while they run (ai::Agent::set_cancel); null when
  // Ctrl-C is not caught (reading a file or pipe). The caller clears it before work begins.
  virtual std::atomic<bool>* cancel_flag() { return nullptr; }
};

// The history file: $MANCALA_HISTORY (empty: none), else $XDG_STATE_HOME/mancala_history, else
// ~/.mancala_history.
std::string history_path();

// A terminal reader when standard input is a terminal, else a plain reader of standard input;
// `echo` makes the plain reader print each prompt and line it reads (transcripts).
std::unique_ptr<LineReader> make_line_reader(Completer completer, bool echo);

}  // namespace mancala::cli
