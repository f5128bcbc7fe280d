#pragma once
// Source text and positions: every AST node keeps a Position so that every later error points
// at file:line:col (the habit of taocpp/config).
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace mancala {

struct Source {
  std::string name;  // file path as given, or a pseudo-name such as "--option"
  std::string text;
};

struct Position {
  std::shared_ptr<const Source> source;
  std::uint32_t line = 0;    // 1-based; 0 means "no position"
  std::uint32_t column = 0;  // 1-based, in bytes
  std::size_t offset = 0;    // byte offset into source->text
};

enum class Severity { error, warning, note };

struct Diagnostic {
  Severity severity = Severity::error;
  Position position;
  std::string message;
};

// "file:line:col: error: message", then the source line and a caret under the column.
std::string format_diagnostic(const Diagnostic& diagnostic);

class Diagnostics {
 public:
  void error(const Position& position, std::string message);
  void note(const Position& position, std::string message);
  void warning(const Position& position, std::string message);
  bool has_errors() const;
  std::size_t error_count() const;
  const std::vector<Diagnostic>& all() const { return list_; }
  void print(std::ostream& out) const;
  std::string str() const;

 private:
  std::vector<Diagnostic> list_;
};

std::shared_ptr<const Source> make_source(std::string name, std::string text);

// Reads a file into a Source; returns nullptr (and reports why in `error`) if it cannot.
std::shared_ptr<const Source> read_source(const std::string& path, std::string& error);

}  // namespace mancala
