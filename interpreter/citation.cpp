#include "interpreter/citation.hpp"

#include <fmt/format.h>

#include <cctype>
#include <string_view>

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

// Ruling ids a comment leads with ("K4: ...", "S5, S7: ...") or names in parentheses ("(G10)").
std::string rulings_in(std::string_view comment) {
  std::string out;
  auto add = [&out](std::string_view id) {
    if (out.find(std::string(id)) == std::string::npos) out += (out.empty() ? "" : ", ") + std::string(id);
  };
  std::size_t colon = comment.find(':');
  if (colon != std::string_view::npos) {
    std::string_view lead = comment.substr(0, colon);
    std::size_t i = 0;
    bool all_ids = true;
    std::vector<std::string_view> ids;
    while (i < lead.size()) {
      while (i < lead.size() && (lead[i] == ' ' || lead[i] == ',')) ++i;
      std::size_t j = i;
      while (j < lead.size() && lead[j] != ' ' && lead[j] != ',') ++j;
      if (j > i) {
        std::string_view word = lead.substr(i, j - i);
        if (is_ruling_id(word)) ids.push_back(word);
        else if (word != "and") all_ids = false;
      }
      i = j;
    }
    if (all_ids)
      for (auto id : ids) add(id);
  }
  for (std::size_t open = comment.find('('); open != std::string_view::npos;
       open = comment.find('(', open + 1)) {
    std::size_t close = comment.find(')', open);
    if (close == std::string_view::npos) break;
    std::string_view inside = comment.substr(open + 1, close - open - 1);
    if (is_ruling_id(inside)) add(inside);
  }
  return out;
}

// The comment on `line` of `source` and its continuation lines (comments indented past `//`).
std::string comment_at(const Source& source, std::uint32_t line) {
  std::string_view comment;
  if (!comment_of(line_of(source.text, line), comment)) return {};
  std::string out = trim(comment);
  for (std::uint32_t next = line + 1;; ++next) {
    std::string_view more;
    std::string_view text = line_of(source.text, next);
    if (text.empty() || !comment_of(text, more) || more.size() < 2 || more[0] != ' ' || more[1] != ' ')
      break;
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
  c.comment = comment_at(*at->source, at->line);
  if (c.comment.empty() && clause.call.source && clause.call.line) {
    at = &clause.call;
    c.comment = comment_at(*at->source, at->line);
  }
  c.where = fmt::format("{}:{}", base_name(at->source->name), at->line);
  c.rulings = rulings_in(c.comment);
  std::string_view line = line_of(clause.position.source->text, clause.position.line);
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
