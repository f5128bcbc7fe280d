#include "lang/source.hpp"

#include <fmt/format.h>

#include <fstream>
#include <ostream>
#include <sstream>

namespace mancala {

namespace {

std::string source_line(const Source& source, std::size_t offset, std::uint32_t column) {
  const std::string& text = source.text;
  if (offset > text.size()) offset = text.size();
  std::size_t begin = offset >= column - 1 ? offset - (column - 1) : 0;
  std::size_t end = text.find('\n', begin);
  if (end == std::string::npos) end = text.size();
  std::string line = text.substr(begin, end - begin);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  // Control bytes (binary input) would garble a terminal: show them as '?'.
  for (char& c : line) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\t') c = '?';
    if (u == 0x7f) c = '?';
  }
  if (line.size() > 200) line = line.substr(0, 200) + "...";
  return line;
}

}  // namespace

std::string format_diagnostic(const Diagnostic& d) {
  const char* kind = d.severity == Severity::error ? "error" : d.severity == Severity::warning ? "warning" : "note";
  if (!d.position.source || d.position.line == 0) {
    std::string name = d.position.source ? d.position.source->name : "mancala";
    return fmt::format("{}: {}: {}\n", name, kind, d.message);
  }
  const Source& source = *d.position.source;
  std::string line = source_line(source, d.position.offset, d.position.column);
  std::string caret;
  for (std::uint32_t i = 1; i < d.position.column && i <= line.size(); ++i)
    caret += line[i - 1] == '\t' ? '\t' : ' ';
  caret += '^';
  return fmt::format("{}:{}:{}: {}: {}\n{}\n{}\n", source.name, d.position.line, d.position.column,
                     kind, d.message, line, caret);
}

void Diagnostics::error(const Position& position, std::string message) {
  list_.push_back({Severity::error, position, std::move(message)});
}

void Diagnostics::note(const Position& position, std::string message) {
  list_.push_back({Severity::note, position, std::move(message)});
}

void Diagnostics::warning(const Position& position, std::string message) {
  list_.push_back({Severity::warning, position, std::move(message)});
}

bool Diagnostics::has_errors() const { return error_count() > 0; }

std::size_t Diagnostics::error_count() const {
  std::size_t n = 0;
  for (const auto& d : list_) n += d.severity == Severity::error;
  return n;
}

void Diagnostics::print(std::ostream& out) const { out << str(); }

std::string Diagnostics::str() const {
  std::string all;
  for (const auto& d : list_) all += format_diagnostic(d);
  return all;
}

std::shared_ptr<const Source> make_source(std::string name, std::string text) {
  return std::make_shared<const Source>(Source{std::move(name), std::move(text)});
}

std::shared_ptr<const Source> read_source(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = fmt::format("cannot open '{}'", path);
    return nullptr;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) {
    error = fmt::format("cannot read '{}'", path);
    return nullptr;
  }
  return make_source(path, buffer.str());
}

}  // namespace mancala
