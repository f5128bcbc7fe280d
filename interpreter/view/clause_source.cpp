#include "interpreter/view/clause_source.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "interpreter/citation.hpp"

namespace mancala::view {

namespace {

std::string base_name(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The text after the line's `//` (outside strings), or npos.
std::size_t comment_start(std::string_view line) {
  bool in_string = false;
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    if (line[i] == '\\' && in_string) ++i;
    else if (line[i] == '"') in_string = !in_string;
    else if (!in_string && line[i] == '/' && line[i + 1] == '/') return i + 2;
  }
  return std::string_view::npos;
}
bool has_comment(std::string_view line) { return comment_start(line) != std::string_view::npos; }
// Rule files continue a comment on the next line indented past the `//` (citation.hpp).
bool continues_comment(std::string_view line) {
  std::size_t c = comment_start(line);
  return c != std::string_view::npos && line.substr(c, 2) == "  ";
}
constexpr std::size_t kMaxContext = 4;  // lines of a comment shown above or below its clause

}  // namespace

std::vector<std::string> clause_source(const Game& game, ClauseId clause) {
  if (clause == kNoClause || clause >= game.rules().clauses.size()) return {};
  const ClauseInfo& info = game.rules().clauses[clause];
  if (!info.position.source) return {};
  // cite() reads the comment at the clause, or else at the define call: show that line.
  const Citation cited = cite(info);
  const bool at_call = info.call.source && info.call.line &&
                       cited.where == fmt::format("{}:{}", base_name(info.call.source->name), info.call.line);
  const Position& at = at_call ? info.call : info.position;
  const std::vector<std::string_view> lines = lines_of(at.source->text);
  const std::size_t anchor = at.line - 1;
  if (anchor >= lines.size()) return {};
  // A comment continued from the lines above, or on the lines below, is part of the citation.
  std::size_t first = anchor, last = anchor;
  while (first > 0 && first + kMaxContext > anchor && continues_comment(lines[first]) && has_comment(lines[first - 1])) --first;
  while (last + 1 < lines.size() && last < anchor + kMaxContext && continues_comment(lines[last + 1])) ++last;
  std::size_t indent = std::string_view::npos;
  for (std::size_t i = first; i <= last; ++i) indent = std::min(indent, lines[i].find_first_not_of(' '));
  std::vector<std::string> out;
  for (std::size_t i = first; i <= last; ++i) {
    std::string_view text = lines[i].substr(std::min(indent, lines[i].size()));
    while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.remove_suffix(1);
    out.push_back(fmt::format("{}:{}  {}", base_name(at.source->name), i + 1, text));
  }
  return out;
}

}  // namespace mancala::view
