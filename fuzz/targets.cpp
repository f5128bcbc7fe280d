#include "fuzz/targets.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string_view>
#include <vector>

#include "interpreter/game.hpp"
#include "interpreter/limits.hpp"
#include "interpreter/trace.hpp"
#include "lang/checker.hpp"
#include "lang/game_files.hpp"
#include "lang/registry.hpp"

namespace mancala::fuzz {

namespace {

// Play is bounded so that one input takes milliseconds: a sowing of more drops than this is a
// LimitExceeded (an error the program reports), not a hang. (Finding an endless sowing's cycle
// can take far longer than any real sowing: see finding F5 in docs/robustness.md.)
constexpr long kFuzzMaxDrops = 2'000;

CheckSettings fuzz_settings() {
  CheckSettings settings;
  settings.stdlib_dirs = {std::string(MANCALA_SOURCE_DIR) + "/stdlib"};
  return settings;
}

[[noreturn]] void fail(const std::string& what) { throw Failure(what); }

std::string describe_state(const Game& game, const State& s) {
  return record_line(game, s, false, nullptr);
}

// Where the next move comes from: the fuzzer's bytes while they last, then a generator seeded
// from the input.
class Chooser {
 public:
  Chooser(const std::uint8_t* data, std::size_t size, std::uint64_t seed)
      : data_(data), size_(size), rng_(seed) {}
  std::size_t below(std::size_t n) {
    if (n <= 1) return 0;
    if (size_ >= 2) {
      std::size_t v = static_cast<std::size_t>(data_[0]) << 8 | data_[1];
      data_ += 2;
      size_ -= 2;
      return v % n;
    }
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::mt19937_64 rng_;
};

// The state is valid: counts never negative, holes off the board empty, players and columns in
// range, a finished game has a result.
void check_state(const Game& game, const State& s, const char* when) {
  auto bad = [&](const std::string& what) {
    fail(fmt::format("{} {}: {}", when, what, describe_state(game, s)));
  };
  if (s.columns < 1 || s.columns > game.rules().columns) bad(fmt::format("columns {}", s.columns));
  int size = game.layout(s.columns).size;
  for (int h = 0; h < static_cast<int>(s.holes.size()); ++h) {  // stores included
    if (s.holes[h] < 0) bad(fmt::format("hole {} holds {}", h, s.holes[h]));
    if (h >= size && s.holes[h] != 0) bad(fmt::format("hole {} off the board holds {}", h, s.holes[h]));
  }
  const int players = game.players();
  if (s.mover >= players || s.winner >= players || s.loser >= players) bad("player out of range");
  if (game.is_over(s) && s.outcome == Outcome::none) bad("over without a result");
  if (!game.is_over(s) && s.outcome != Outcome::none) bad("a result while not over");
}

struct PlayOptions {
  int max_plies = 64;
  bool check_records = false;  // every record line must be valid JSON
};

// Plays up to `max_plies` moves chosen by `chooser`, checking after every move that the state is
// valid, that counters are conserved within a round, that every legal move's notation reads back
// to it, and that a move's outcome is the same through apply and through expand (game.hpp).
long play(const Game& game, Chooser& chooser, const PlayOptions& options) {
  State s = game.initial_state();
  check_state(game, s, "at the start");
  std::vector<Move> legal;
  std::vector<Game::Child> children;
  long plies = 0;
  for (; plies < options.max_plies && !game.is_over(s); ++plies) {
    game.legal_moves(s, legal);
    if (legal.empty()) fail("no legal move in a game that is not over: " + describe_state(game, s));
    std::set<std::string> texts;
    for (const Move& m : legal) {
      std::string text = game.move_text(s, m);
      if (!texts.insert(text).second) fail("two legal moves are both written " + text);
      Move found;
      if (!game.find_move(s, text, found) || !(found == m))
        fail("the notation " + text + " does not read back to its move");
    }
    if (options.check_records) {
      std::string line = record_line(game, s, false, nullptr);
      if (!nlohmann::json::accept(line)) fail("record line is not JSON: " + line);
    }
    std::size_t index = chooser.below(legal.size());
    const Move move = legal[index];
    long before = game.total_counters(s);
    int round = s.round;
    bool of_play = s.phase == Phase::play;

    // The same move through the generator (expand) must agree.
    game.expand(s, children);
    if (children.size() != legal.size()) fail("expand and legal_moves disagree: " + describe_state(game, s));
    for (std::size_t i = 0; i < legal.size(); ++i)
      if (!(children[i].move == legal[i])) fail("expand and legal_moves disagree: " + describe_state(game, s));
    const State& expanded = children[index].state;

    std::string text = game.move_text(s, move);
    game.apply(s, move);
    if (!(static_cast<const StateCore&>(s) == static_cast<const StateCore&>(expanded)))
      fail("apply and expand disagree after " + text + ": " + describe_state(game, s) +
           " vs " + describe_state(game, expanded));
    check_state(game, s, ("after " + text).c_str());
    // A move of play conserves the counters unless it ends the round (a new round, or the set-up
    // steps after a placement or a flip, may clear the board or deal a supply).
    if (of_play && s.round == round && game.total_counters(s) != before)
      fail(fmt::format("after {}: {} counters, {} before: {}", text, game.total_counters(s), before,
                       describe_state(game, s)));
  }
  return plies;
}

// Plays, treating a LimitExceeded (an endless or over-long sowing) as the error it is meant to be.
long play_bounded(Game& game, Chooser& chooser, const PlayOptions& options) {
  game.limits.max_drops_per_move = kFuzzMaxDrops;
  try {
    return play(game, chooser, options);
  } catch (const LimitExceeded&) {
    return 0;
  }
}

std::uint64_t hash_bytes(const std::uint8_t* data, std::size_t size) {
  std::uint64_t h = 1469598103934665603ull;
  for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 1099511628211ull;
  return h;
}

}  // namespace

// ---- fuzz_checker ------------------------------------------------------------------------------

void check_and_play(const std::uint8_t* data, std::size_t size) {
  static const CheckSettings settings = fuzz_settings();
  auto source = make_source("fuzz.lud", std::string(reinterpret_cast<const char*>(data), size));
  Diagnostics diagnostics;
  CheckedGame checked;
  bool ok = check_source(source, {}, settings, checked, diagnostics);
  // Every diagnostic must format (the source line and caret are cut from the text).
  std::string text = diagnostics.str();
  if (!ok && !diagnostics.has_errors()) fail("the check failed without an error");
  if (ok && diagnostics.has_errors()) fail("the check passed with errors: " + text);
  for (const Diagnostic& d : diagnostics.all())
    if (d.severity == Severity::error && d.message.empty()) fail("an error without a message");
  if (!ok) return;
  auto game = Game::compile(checked, diagnostics);
  if (!game) {
    if (!diagnostics.has_errors()) fail("compile failed without an error");
    (void)diagnostics.str();
    return;
  }
  Chooser chooser(nullptr, 0, hash_bytes(data, size));
  PlayOptions options;
  options.max_plies = 48;
  play_bounded(*game, chooser, options);
}

// ---- fuzz_moves --------------------------------------------------------------------------------

namespace {

struct Configuration {
  const char* game;
  std::vector<std::string> options;
};

// The configurations of the example records (tests/examples/INDEX.tsv).
const std::vector<Configuration>& configurations() {
  static const std::vector<Configuration> all = {
      {"kiuthi", {}},
      {"kiuthi", {"chain=driedger"}},
      {"kiuthi", {"shrink=leakey", "opener=loser"}},
      {"kiuthi", {"holes=5", "counters=4"}},
      {"kisolo", {}},
      {"kisolo", {"start=townshend1"}},
      {"kisolo", {"start=townshend2", "capture=origin"}},
      {"okwe-ido", {}},
      {"okwe-ido", {"capture=landing"}},
      {"okwe-ido", {"holes=14"}},
      {"lib-al-ghashim", {}},
      {"lib-al-ghashim", {"chain=all"}},
  };
  return all;
}

Game& shipped_game(std::size_t index) {
  static std::map<std::size_t, std::unique_ptr<Game>> loaded;
  auto& slot = loaded[index];
  if (!slot) {
    const Configuration& c = configurations()[index];
    Diagnostics diagnostics;
    std::vector<OptionChoice> choices;
    for (const auto& o : c.options) choices.push_back(parse_option_argument(o, diagnostics));
    CheckedGame checked;
    std::string path = find_game(c.game, {std::string(MANCALA_SOURCE_DIR) + "/games"}).path;
    if (!check_file(path, choices, fuzz_settings(), checked, diagnostics) ||
        !(slot = Game::compile(checked, diagnostics)))
      fail("cannot load " + path + ": " + diagnostics.str());
  }
  return *slot;
}

// The "move" fields of a JSON Lines record, in order; lines that are not JSON objects with a
// string "move" are skipped, as a reader of hand-typed records must.
std::vector<std::string> record_moves(const std::string& text) {
  std::vector<std::string> moves;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    auto value = nlohmann::json::parse(line, nullptr, false);
    if (value.is_discarded() || !value.is_object()) continue;
    auto it = value.find("move");
    if (it != value.end() && it->is_string()) moves.push_back(it->get<std::string>());
  }
  return moves;
}

}  // namespace

void moves(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return;
  Game& game = shipped_game(data[0] % configurations().size());
  const bool record = data[1] & 1;
  std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
  TraceRequest request;
  request.moves = record ? record_moves(text) : split_moves(text);
  request.max_turns = 400;
  for (const std::string& m : *request.moves) {
    if (!record && (m.find(',') != std::string::npos))
      fail("split_moves left a comma in '" + m + "'");
  }
  // The shipped games' sowings are short: a budget well above them, so no record is cut short.
  game.limits.max_drops_per_move = 1'000'000;
  std::ostringstream out;
  TraceResult result;
  try {
    result = write_trace(game, request, out);
  } catch (const LimitExceeded&) {
    return;
  }
  std::istringstream lines(out.str());
  std::size_t count = 0;
  std::string last;
  for (std::string line; std::getline(lines, line); ++count) {
    if (!nlohmann::json::accept(line)) fail("record line is not JSON: " + line);
    last = line;
  }
  if (count == 0) fail("write_trace wrote nothing");
  if (result.exit_code != 0 && result.exit_code != 2) fail("unexpected exit code");
  if (result.exit_code == 2 && last.rfind("{\"error\":\"illegal move ", 0) != 0)
    fail("an illegal move without its error line: " + last);
  if (result.moves_played.size() > request.moves->size()) fail("played more moves than given");
}

// ---- fuzz_interpreter --------------------------------------------------------------------------

namespace {

// Reads the generator's choices from the fuzzer's bytes; 0 once they run out, and choice 0 is
// always the shortest, so that every file ends.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t byte() {
    if (size_ == 0) return 0;
    --size_;
    return *data_++;
  }
  int below(int n) { return n <= 1 ? 0 : byte() % n; }
  bool coin() { return byte() & 1; }
  const std::uint8_t* rest() const { return data_; }
  std::size_t left() const { return size_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
};

struct Generator {
  explicit Generator(Bytes& bytes) : in(bytes) {}
  Bytes& in;
  int rows = 2;
  int columns = 6;
  int max_depth = 5;
  std::string out;

  static std::vector<const LudemeSpec*> of_categories(CategorySet set) {
    std::vector<const LudemeSpec*> out;
    for (const auto& spec : ludeme_registry()) {
      // The generated games have two players: P3 .. P6 would only be refused.
      bool more_players = spec.id >= Ludeme::p3 && spec.id <= Ludeme::p6;
      if (contains(set, spec.category) && !more_players) out.push_back(&spec);
    }
    return out;
  }

  // A bare ludeme of the categories if there is one (the leaves of the tree), else any.
  const LudemeSpec* pick(CategorySet set, int depth) {
    const auto all = of_categories(set);
    if (all.empty()) return nullptr;
    if (depth >= max_depth) {
      std::vector<const LudemeSpec*> bare;
      for (auto* s : all)
        if (s->bare) bare.push_back(s);
      if (!bare.empty()) return bare[in.below(static_cast<int>(bare.size()))];
    }
    return all[in.below(static_cast<int>(all.size()))];
  }
  const LudemeSpec* pick(Category category, int depth) { return pick(categories(category), depth); }

  void integer_literal() {
    static const int special[] = {-1, 12, 64, 100, 30000, 30001, 32768, 65536, 2147483647, -2147483647};
    if (in.below(16) == 15) out += std::to_string(special[in.below(std::size(special))]);
    else out += std::to_string(in.below(8));
  }

  void hole_literal() {
    // Mostly on the board; now and then one column or row past it.
    int column = in.below(columns + (in.below(8) == 7));
    int row = 1 + in.below(rows + (in.below(8) == 7));
    out += static_cast<char>('A' + std::min(column, 25));
    out += std::to_string(row);
  }

  void value(const ParamSpec& p, int depth) {
    bool leaf = depth >= max_depth;
    switch (p.kind) {
      case Kind::integer: {
        int r = leaf ? in.below(2) : in.below(8);
        if (r <= 3) integer_literal();
        else if (r == 4) hole_literal();
        else ludeme(*pick(r == 5 ? Category::hole : Category::integer, depth), depth);
        return;
      }
      case Kind::condition: ludeme(*pick(Category::condition, depth), depth); return;
      case Kind::hole:
        if (leaf || in.coin()) hole_literal();
        else ludeme(*pick(Category::hole, depth), depth);
        return;
      case Kind::region: ludeme(*pick(Category::region, depth), depth); return;
      case Kind::player: ludeme(*pick(Category::player, depth), depth); return;
      case Kind::string: out += "\"s\""; return;
      case Kind::symbol: out += symbol_name(p.symbols[in.below(static_cast<int>(p.symbols.size()))]); return;
      case Kind::int_list: {
        out += "{";
        int n = in.below(6);
        for (int i = 0; i < n; ++i) {
          if (i) out += " ";
          integer_literal();
        }
        out += "}";
        return;
      }
      case Kind::clause:
        if (const LudemeSpec* spec = pick(p.accepts, depth)) ludeme(*spec, depth);
        return;
      case Kind::any: out += "0"; return;
    }
  }

  void ludeme(const LudemeSpec& spec, int depth) {
    if (spec.bare) {
      out += spec.name;
      return;
    }
    out += "(" + spec.name;
    for (const ParamSpec& p : spec.params) {
      int n = 1;
      if (p.repeated) n = depth >= max_depth ? 0 : in.below(4);
      // Optional labelled arguments are given now and then (names of other rules never).
      else if (p.optional) n = p.kind == Kind::string ? 0 : p.named ? in.below(3) == 0 : in.coin();
      for (int i = 0; i < n; ++i) {
        out += " ";
        if (p.named) out += p.name + ":";
        value(p, depth + 1);
      }
    }
    out += ")";
  }

  void clause(const char* name, int depth) { ludeme(*find_form(name), depth); }

  std::string game() {
    rows = in.coin() ? 4 : 2;
    columns = 1 + in.below(rows == 2 ? 12 : 8);
    static const char* stores[] = {"", " stores:open", " stores:concealed"};
    out = fmt::format("(game \"Fuzz\"\n  (board {} {}{})\n", rows, columns, stores[in.below(3)]);
    // The start: mostly a few counters everywhere, else generated steps.
    if (in.below(4) != 3) {
      out += fmt::format("  (start (fill {}))\n", 1 + in.below(5));
    } else {
      out += "  ";
      clause("start", 1);
      out += "\n";
    }
    // The sowing: an origin first (a game needs one), then generated clauses.
    out += "  (sow (origin ";
    ludeme(*pick(Category::region, 2), 2);
    if (in.coin()) {
      out += " ";
      clause("if", 2);
    }
    out += ")";
    int n = in.below(5);
    for (int i = 0; i < n; ++i) {
      out += "\n    ";
      ludeme(*pick(categories(Category::sow_clause, Category::decision, Category::capture), 2), 2);
    }
    out += ")\n";
    // Further clauses of the game, from the registry (a second board or sow is left out: the
    // compiler refuses it, which fuzz_checker covers).
    int extra = in.below(5);
    bool rounds = false;
    for (int i = 0; i < extra; ++i) {
      const LudemeSpec* spec = pick(categories(Category::game_clause, Category::first_mover), 1);
      // A second board or sow is refused by the compiler, which fuzz_checker covers; sides and
      // tracks written at random seldom describe a board.
      if (spec->id == Ludeme::board || spec->id == Ludeme::sow || spec->id == Ludeme::start ||
          spec->id == Ludeme::players || spec->id == Ludeme::side || spec->id == Ludeme::track)
        continue;
      if (spec->id == Ludeme::rounds) {
        if (rounds) continue;
        rounds = true;
        out += "  (rounds (round-over ";
        clause("if", 3);
        out += ")";
        int k = in.below(5);
        for (int j = 0; j < k; ++j) {
          out += "\n    ";
          ludeme(*pick(Category::round_clause, 2), 2);
        }
        out += ")\n";
        continue;
      }
      out += "  ";
      ludeme(*spec, 1);
      out += "\n";
    }
    out += ")\n";
    return out;
  }
};

}  // namespace

GeneratorStats& generator_stats() {
  static GeneratorStats stats;
  return stats;
}

std::string generated_rule_file(const std::uint8_t* data, std::size_t size) {
  Bytes in(data, size);
  Generator generator{in};
  return generator.game();
}

void interpreter(const std::uint8_t* data, std::size_t size) {
  static const CheckSettings settings = fuzz_settings();
  Bytes in(data, size);
  Generator generator{in};
  std::string text = generator.game();
  auto& stats = generator_stats();
  ++stats.generated;
  Diagnostics diagnostics;
  CheckedGame checked;
  if (!check_source(make_source("generated.lud", text), {}, settings, checked, diagnostics)) {
    (void)diagnostics.str();
    return;
  }
  ++stats.checked;
  auto game = Game::compile(checked, diagnostics);
  if (!game) return;
  ++stats.compiled;
  Chooser chooser(in.rest(), in.left(), hash_bytes(data, size));
  PlayOptions options;
  options.max_plies = 100;
  options.check_records = true;
  stats.plies += play_bounded(*game, chooser, options);
}

std::string ludeme_dictionary() {
  // A libFuzzer dictionary entry: name="value" with \ and " escaped.
  auto entry = [](const char* kind, std::string_view value) {
    std::string out = std::string(kind) + "=\"";
    for (char c : value) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out + "\"\n";
  };
  std::string out = "# Generated from the ludeme registry (lang/registry.cpp) by fuzz/make_dictionary.\n";
  std::set<std::string> labels, symbols;
  for (const auto& spec : ludeme_registry()) {
    out += entry("ludeme", spec.name);
    for (const auto& p : spec.params) {
      if (p.named) labels.insert(p.name + ":");
      for (Symbol s : p.symbols) symbols.insert(std::string(symbol_name(s)));
    }
  }
  for (const auto& label : labels) out += entry("label", label);
  for (const auto& symbol : symbols) out += entry("symbol", symbol);
  // The grammar's tokens and a few fragments of well-formed files, already in dictionary syntax.
  static const char* const tokens[] = {
      R"tok(()tok",
      R"tok())tok",
      R"tok({)tok",
      R"tok(})tok",
      R"tok(\")tok",
      R"tok(//)tok",
      R"tok(/*)tok",
      R"tok(*/)tok",
      R"tok(#1)tok",
      R"tok(#2)tok",
      R"tok(\\n)tok",
      R"tok(\\\")tok",
      R"tok( )tok",
      R"tok(\x0A)tok",
      R"tok((game \"G\" )tok",
      R"tok((board 2 6))tok",
      R"tok((sow (origin (row mover))))tok",
      R"tok((define \"D\" )tok",
      R"tok((\"D\"))tok",
      R"tok((import \"mancala\"))tok",
      R"tok((option \"o\" 1 {1 2}))tok",
      R"tok((opt \"o\"))tok",
      R"tok((option-case \"o\" a:1 otherwise:2))tok",
      R"tok((range 1 9 step:2))tok",
      R"tok(otherwise:)tok",
      R"tok(A1)tok",
      R"tok(F2)tok",
      R"tok(Z9)tok",
      R"tok(-1)tok",
      R"tok(2147483648)tok",
      R"tok(30001)tok",
      R"tok(65536)tok",
      R"tok((\"AtLeast\" 2))tok",
      R"tok((\"Cleared\" (row P1)))tok"};
  for (const char* token : tokens) out += std::string("token=\"") + token + "\"\n";
  return out;
}

}  // namespace mancala::fuzz
