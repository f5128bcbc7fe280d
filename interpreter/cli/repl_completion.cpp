// Tab completion in the REPL: commands, the legal moves word by word, file names, agents,
// options and holes, from what the line holds up to the cursor.
#include <algorithm>

#include "interpreter/cli/load.hpp"
#include "interpreter/cli/repl_session.hpp"
#include "interpreter/cli/repl_text.hpp"
#include "interpreter/trace.hpp"
#include "interpreter/view/board_view.hpp"

namespace mancala::cli {

namespace {

// The next word of each move that begins with the words already typed (`typed`, whole words).
void next_words(const std::vector<std::string>& moves, const std::vector<std::string>& typed,
                std::vector<std::string>& out) {
  for (const auto& move : moves) {
    auto parts = words(move);
    if (parts.size() > typed.size() && std::equal(typed.begin(), typed.end(), parts.begin()))
      out.push_back(parts[typed.size()]);
  }
}

}  // namespace

Completion Session::complete(std::string_view line) const {
  Completion c;
  const std::size_t word_start = line.find_last_of(" \t,") + 1;  // npos + 1 == 0
  const auto earlier = words(line.substr(0, word_start));
  // The move being typed follows the last comma.
  const std::size_t comma = line.substr(0, word_start).rfind(',');
  const auto typed = words(line.substr(comma == std::string_view::npos ? 0 : comma + 1, word_start - (comma == std::string_view::npos ? 0 : comma + 1)));
  std::vector<std::string> legal;
  if (rules_.game) legal = legal_texts(*rules_.game, state_);

  if (earlier.empty()) {
    for (const Command& command : commands()) c.words.emplace_back(command.name);
    next_words(legal, typed, c.words);
    return c;
  }
  const Command* command = nullptr;
  for (const Command& candidate : commands()) {
    if (earlier[0] == candidate.name) command = &candidate;
    for (auto alias : candidate.aliases)
      if (earlier[0] == alias) command = &candidate;
  }
  if (!command) {  // moves separated by commas
    next_words(legal, typed, c.words);
    return c;
  }
  switch (command->completes) {
    case Completes::file: c.files = earlier.size() == 1; break;  // the file is the first argument
    case Completes::command:
      for (const Command& other : commands()) c.words.emplace_back(other.name);
      break;
    case Completes::agent:
      c.words = ai::agent_names();
      c.words.push_back("end");
      break;
    case Completes::option:
      for (const OptionInfo& option : rules_.checked.options)
        for (const Node& choice : option.choices) c.words.push_back(option.name + "=" + option_text(choice));
      break;
    case Completes::hole:
      if (!rules_.game) break;
      if (earlier.size() == 1) {
        c.words = view::hole_names(*rules_.game, state_);
        for (const char* word : {"pass", "flip", "keep", "store", "choose"}) c.words.emplace_back(word);
        for (const std::string& alternative : rules_.game->rules().alternatives) c.words.push_back(alternative);
      } else if (earlier.size() == 2 && earlier[1] == "choose") {
        c.words = view::hole_names(*rules_.game, state_);
      } else {  // after the hole: a direction, and the words the legal moves from it go on with (x3)
        if (earlier.size() == 2) c.words = {"ccw", "cw"};
        std::vector<std::string> next;
        next_words(legal, std::vector<std::string>(earlier.begin() + 1, earlier.end()), next);
        for (auto& word : next)
          if (std::find(c.words.begin(), c.words.end(), word) == c.words.end()) c.words.push_back(std::move(word));
      }
      break;
    case Completes::nothing: break;
  }
  return c;
}

}  // namespace mancala::cli
