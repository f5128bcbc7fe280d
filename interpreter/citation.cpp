#include "interpreter/citation.hpp"

#include <fmt/format.h>

#include <cctype>
#include <string_view>
#include <vector>

namespace mancala {

namespace {

std::string_view line_of(const std::string& text, std::uint32_t line) {
  std::size_t start = 0;
  for (std::uint32_t l = 1; l < line; ++l) {
    start = text.find('\n', start);
    if (start == std::string::npos) return {};
    ++start;
  }
  std::size_t end = text.find('\n', start);
  return std::string_view(text).substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

// The text after `//` on the line (outside strings), or nullopt-like empty with found = false.
bool comment_of(std::string_view line, std::string_view& comment) {
  bool in_string = false;
  for (std::size_t i = 0; i + 1 < line.size(); ++i) {
    char c = line[i];
    if (c == '\\' && in_string) {
      ++i;
      continue;
    }
    if (c == '"') in_string = !in_string;
    if (!in_string && c == '/' && line[i + 1] == '/') {
      comment = line.substr(i + 2);
      return true;
    }
  }
  return false;
}

bool is_ruling_id(std::string_view word) {
  std::size_t letters = 0;
  while (letters < word.size() && word[letters] >= 'A' && word[letters] <= 'Z') ++letters;
  if (letters < 1 || letters > 3 || letters == word.size() || word.size() > letters + 2) return false;
  for (std::size_t i = letters; i < word.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(word[i]))) return false;
  return true;
}

// Ruling ids a piece of comment leads with ("K4: ...", "S5, S7: ...").
void leading_ids(std::string_view segment, std::vector<std::string_view>& out) {
  std::size_t colon = segment.find(':');
  if (colon == std::string_view::npos) return;
  std::string_view lead = segment.substr(0, colon);
  std::vector<std::string_view> ids;
  for (std::size_t i = 0; i < lead.size();) {
    while (i < lead.size() && (lead[i] == ' ' || lead[i] == ',')) ++i;
    std::size_t j = i;
    while (j < lead.size() && lead[j] != ' ' && lead[j] != ',') ++j;
    std::string_view word = lead.substr(i, j - i);
    if (is_ruling_id(word)) ids.push_back(word);
    else if (!word.empty() && word != "and") return;  // prose, not a list of ids
    i = j;
  }
  out.insert(out.end(), ids.begin(), ids.end());
}

// Ruling ids a comment cites: those leading it or one of its ';'-separated parts ("K4: ...",
// "... picked up"; S6: ..."), and those named in parentheses ("(G10)").
std::string rulings_in(std::string_view comment) {
  std::vector<std::string_view> ids;
  for (std::size_t start = 0; start <= comment.size();) {
    std::size_t semicolon = comment.find(';', start);
    std::string_view segment = comment.substr(start, semicolon == std::string_view::npos ? std::string_view::npos : semicolon - start);
    while (!segment.empty() && segment.front() == ' ') segment.remove_prefix(1);
    leading_ids(segment, ids);
    if (semicolon == std::string_view::npos) break;
    start = semicolon + 1;
  }
  for (std::size_t open = comment.find('('); open != std::string_view::npos;
       open = comment.find('(', open + 1)) {
    std::size_t close = comment.find(')', open);
    if (close == std::string_view::npos) break;
    std::string_view inside = comment.substr(open + 1, close - open - 1);
    if (is_ruling_id(inside)) ids.push_back(inside);
  }
  std::string out;
  for (auto id : ids)
    if (out.find(std::string(id)) == std::string::npos) out += (out.empty() ? "" : ", ") + std::string(id);
  return out;
}

bool is_continuation(std::string_view comment) {
  return comment.size() >= 2 && comment[0] == ' ' && comment[1] == ' ';
}

// The comment block a clause's line belongs to: from the line where it begins (a comment not
// indented past `//`) through its continuation lines (indented). `own` receives the clause
// line's own part.
std::string comment_at(const Source& source, std::uint32_t line, std::string& own) {
  std::string_view comment;
  if (!comment_of(line_of(source.text, line), comment)) return {};
  own = trim(comment);
  for (std::string_view above; is_continuation(comment) && line > 1 &&
                               comment_of(line_of(source.text, line - 1), above);) {
    --line;
    comment = above;
  }
  std::string out = trim(comment);
  for (std::uint32_t next = line + 1;; ++next) {
    std::string_view more;
    std::string_view text = line_of(source.text, next);
    if (text.empty() || !comment_of(text, more) || !is_continuation(more)) break;
    out += " " + trim(more);
  }
  return out;
}

std::string base_name(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

Citation cite(const ClauseInfo& clause) {
  Citation c;
  const Position* at = &clause.position;
  if (!at->source) return c;
  std::string own;
  c.comment = comment_at(*at->source, at->line, own);
  if (c.comment.empty() && clause.call.source && clause.call.line) {
    at = &clause.call;
    c.comment = comment_at(*at->source, at->line, own);
  }
  c.where = fmt::format("{}:{}", base_name(at->source->name), at->line);
  // The ids the clause's own line names; else those of the comment it continues.
  c.rulings = rulings_in(own);
  if (c.rulings.empty()) c.rulings = rulings_in(c.comment);
  // The text of the line cited: the define call's, when the citation is there.
  std::string_view line = line_of(at->source->text, at->line);
  std::string_view code = line;
  std::string_view ignored;
  if (comment_of(line, ignored)) code = line.substr(0, line.size() - ignored.size() - 2);
  c.text = trim(code);
  return c;
}

std::string short_citation(const Rules& rules, ClauseId clause) {
  if (clause == kNoClause || clause >= rules.clauses.size()) return {};
  Citation c = cite(rules.clauses[clause]);
  if (c.where.empty()) return {};
  return c.rulings.empty() ? fmt::format("({})", c.where) : fmt::format("({}, {})", c.where, c.rulings);
}

}  // namespace mancala
