// Rule coverage read from events (issue 24, section 1): every clause that acts emits an event that
// names it (interpreter/events.hpp), so that `mancala analyze` reports a clause as never fired
// exactly when no game shows an event of it; and what counters a take moves within the mover's
// own side is not counted as captured.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "interpreter/analysis/analysis.hpp"
#include "interpreter/analysis/report.hpp"
#include "interpreter/trace.hpp"
#include "tests/support.hpp"

namespace mancala::test {

namespace {

using nlohmann::json;

// The sites ("file:line") that events name, as clause or as the clause they are part of, in
// the records of `games` games traced one by one with the seeds the analysis gives them.
std::set<std::string> traced_sites(const Game& game, const analysis::RunSpec& spec) {
  std::set<std::string> seen;
  for (long i = 0; i < spec.games; ++i) {
    TraceRequest request;
    request.seed = analysis::game_seed(spec.seed, i);
    request.max_turns = spec.max_turns;
    request.events = true;
    std::ostringstream record;
    write_trace(game, request, record);
    std::istringstream lines(record.str());
    for (std::string line; std::getline(lines, line);) {
      json item = json::parse(line);
      for (const char* key : {"start-events", "events"})
        if (item.contains(key))
          for (const json& e : item.at(key))
            for (const char* name : {"clause", "within"})
              if (e.contains(name)) seen.insert(e.at(name).get<std::string>());
    }
  }
  return seen;
}

struct Study {
  analysis::Coverage coverage;
  analysis::Tally tally;
  std::set<std::string> never;     // reported never fired
  std::set<std::string> measured;  // sites counted
  std::set<std::string> shaping;   // sites listed apart, without events of their own
};

Study study(const Game& game, const analysis::RunSpec& spec) {
  Study out{analysis::coverage_sites(game), analysis::Tally(game.players(), 0), {}, {}, {}};
  out.tally = analysis::Tally(game.players(), out.coverage.sites.size());
  for (long i = 0; i < spec.games; ++i) analysis::play_game(game, out.coverage, spec, i, out.tally);
  for (std::size_t i : analysis::never_fired(out.coverage.sites, out.tally)) out.never.insert(out.coverage.sites[i].where);
  for (const auto& site : out.coverage.sites) (site.measured ? out.measured : out.shaping).insert(site.where);
  return out;
}

// The where of the site whose text starts with `text`.
std::string site_of(const Study& s, const std::string& text) {
  for (const auto& site : s.coverage.sites)
    if (site.text.rfind(text, 0) == 0) return site.where;
  FAIL("no site starts with " << text);
  return {};
}

void check_consistent(const Game& game, const analysis::RunSpec& spec, const std::string& name) {
  const Study s = study(game, spec);
  const std::set<std::string> seen = traced_sites(game, spec);
  INFO(name);
  // Never fired exactly when no event names it.
  std::set<std::string> silent;
  for (const auto& where : s.measured)
    if (!seen.count(where)) silent.insert(where);
  CHECK(s.never == silent);
  // Clauses listed apart emit no event.
  for (const auto& where : seen) {
    INFO(where);
    CHECK_FALSE(s.shaping.count(where));
  }
}

// A 2x6 board, 4 counters a hole, sowing anticlockwise from an occupied hole of the mover's row,
// ending when the mover's row is empty; `sow_rules` holds the rest of the sow rule, `more` the
// game's other clauses.
std::string game_text(const std::string& sow_rules, const std::string& more = "") {
  return "(import \"mancala\")\n(game \"T\"\n  (board 2 6 stores:open)\n  (start (fill 4))\n  (sow\n"
         "    (origin (row mover) (if (occupied hole)))\n    (direction ccw)\n" +
         sow_rules + ")\n" + more + "  (end (after-turn (if (= (sum (row mover)) 0)) (most store))))\n";
}

const analysis::RunSpec kSpec{"test.lud", {}, "random", 5, 20, 200};

}  // namespace

// The rule files the sweep covers: every file of games/, or the one MANCALA_COVERAGE_GAME names
// (the opt-in per-file tests coverage_long.NAME, tests/CMakeLists.txt).
std::vector<std::filesystem::path> coverage_files() {
  namespace fs = std::filesystem;
  const char* only = std::getenv("MANCALA_COVERAGE_GAME");
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(project_dir() + "/games"))
    if (entry.is_regular_file() && entry.path().extension() == ".lud" &&
        (!only || entry.path().stem() == only))
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

long env_or(const char* name, long fallback) {
  const char* value = std::getenv(name);
  return value ? std::atol(value) : fallback;
}

TEST_CASE("for every file of games/, a clause is reported never fired exactly when no event of it "
          "appears in the same games traced one by one",
          "[coverage]") {
  // In every run: 4 games of at most 400 plies a file. The opt-in sweep (ctest -C long -L
  // coverage-long) sets MANCALA_COVERAGE_GAMES=200 and 2000 plies, as `mancala analyze --games
  // 200` plays.
  const auto files = coverage_files();
  REQUIRE(files.size() >= (std::getenv("MANCALA_COVERAGE_GAME") ? 1u : 17u));
  const long games = env_or("MANCALA_COVERAGE_GAMES", 4);
  const int plies = static_cast<int>(env_or("MANCALA_COVERAGE_PLIES", 400));
  for (const auto& path : files) {
    std::string error;
    auto source = read_source(path.string(), error);
    REQUIRE(source);
    auto game = check_and_compile(source, {});
    const analysis::RunSpec spec{path.string(), {}, "random", 11, games, plies};
    check_consistent(*game, spec, path.string());
  }
}

TEST_CASE("Li'b al-Ghashim: a tied round played again fires (tie replay)", "[coverage]") {
  // 60 games of at most 600 plies: some round ends tied (round-end tallies equal, no game end).
  auto game = load_game("lib-al-ghashim");
  const analysis::RunSpec spec{"lib-al-ghashim", {}, "random", 1, 60, 600};
  const Study s = study(*game, spec);
  const std::string tie = site_of(s, "(tie replay)");
  CHECK_FALSE(s.never.count(tie));
  CHECK(s.measured.count(tie));
}

TEST_CASE("a capture whose effects are only claim and mark fires, and so do its effects", "[coverage]") {
  auto game = load_text(game_text("    (capture (if (not (own hole)) (= hole 2))\n"
                                  "      (claim hole)\n"
                                  "      (mark \"m\" hole))\n"));
  const Study s = study(*game, kSpec);
  for (const char* text : {"(capture", "(claim hole)", "(mark \"m\" hole)"}) {
    INFO(text);
    CHECK(s.measured.count(site_of(s, text)));
    CHECK_FALSE(s.never.count(site_of(s, text)));
  }
  check_consistent(*game, kSpec, "claim and mark");
}

TEST_CASE("set-var and add-var are effects that fire, not clauses shaping what is legal", "[coverage]") {
  auto game = load_text(game_text("    (capture (if (= hole 1))\n"
                                  "      (set-var \"s\" 1 of:mover)\n"
                                  "      (add-var \"a\" 2))\n"));
  const Study s = study(*game, kSpec);
  for (const char* text : {"(capture", "(set-var", "(add-var"}) {
    INFO(text);
    CHECK(s.measured.count(site_of(s, text)));
    CHECK_FALSE(s.never.count(site_of(s, text)));
  }
  check_consistent(*game, kSpec, "variables");
}

TEST_CASE("mark, unmark and out-of-play made as counters fall fire", "[coverage]") {
  auto game = load_text(game_text("    (on-drop\n"
                                  "      (capture (if (= hole 3)) (mark \"m\" hole))\n"
                                  "      (capture (if (= hole 5) (marked \"m\" hole))\n"
                                  "        (unmark \"m\" hole))\n"
                                  "      (capture (if (= hole 9) (within hole (row P2)))\n"
                                  "        (out-of-play hole)))\n"));
  const Study s = study(*game, kSpec);
  for (const char* text : {"(unmark \"m\" hole))", "(out-of-play hole)))"}) {
    INFO(text);
    CHECK(s.measured.count(site_of(s, text)));
    CHECK_FALSE(s.never.count(site_of(s, text)));
  }
  check_consistent(*game, kSpec, "marks");
}

TEST_CASE("a capture whose takes are all made by its chain fires", "[coverage]") {
  // The capture takes nothing itself: the chain, from the landing hole on, takes the holes.
  auto game = load_text(game_text("    (capture (if (not (own hole)))\n"
                                  "      (chain forward\n"
                                  "        (if (in hole {1 2 3}))\n"
                                  "        (take hole)))\n"));
  const Study s = study(*game, kSpec);
  REQUIRE(s.tally.captures > 0);
  CHECK_FALSE(s.never.count(site_of(s, "(capture")));
  check_consistent(*game, kSpec, "chain");
}

TEST_CASE("a sow rule that lifts nothing fires when its move is played", "[coverage]") {
  // A move only chooses an occupied hole of the opponent and captures it.
  auto game = load_text("(game \"Choose\"\n  (board 2 6 stores:open)\n  (start (fill 4))\n"
                        "  (sow\n    (origin (row opponent) (if (occupied hole)))\n    (lift from:nothing)\n"
                        "    (before-lift (capture (take hole))))\n"
                        "  (end (after-turn (if (= (sum board) 0)) (most store))))\n");
  const Study s = study(*game, kSpec);
  CHECK_FALSE(s.never.count(site_of(s, "(sow")));
  check_consistent(*game, kSpec, "lift from:nothing");
}

TEST_CASE("the turn-start steps of the game's first turn fire: their events come before ply 0",
          "[coverage]") {
  // The capture can act only once: at the start of the first turn, while A2 holds 4 exactly.
  auto game = load_text(game_text("    (capture (if (= hole 1)) (take hole))\n",
                                  "  (turn-start (each (only A2)\n"
                                  "    (capture (if (= hole 4) (= (var \"done\") 0))\n"
                                  "      (take hole) (set-var \"done\" 1))))\n"));
  const Study s = study(*game, kSpec);
  CHECK_FALSE(s.never.count(site_of(s, "(capture (if (= hole 4)")));
  CHECK(s.tally.captures > 0);
  TraceRequest request;
  request.moves = std::vector<std::string>{};
  request.events = true;
  std::ostringstream record;
  write_trace(*game, request, record);
  json first = json::parse(record.str().substr(0, record.str().find('\n')));
  REQUIRE(first.contains("start-events"));
  CHECK(first.at("start-events").at(0).at("event") == "capture");
  CHECK(first.at("start-events").at(0).at("hole") == "A2");
  // The record shows the variable the step set.
  CHECK(first.at("state").at("variables") == json{{"done", 1}});
}

TEST_CASE("a round's steps fire: collect, refill, first-mover, a tied round replayed, holes back in play",
          "[coverage]") {
  auto game = load_text(
      "(game \"Rounds\"\n  (board 2 4 stores:open)\n  (start (fill 3))\n"
      "  (sow\n    (origin (row mover) (if (occupied hole)))\n    (direction ccw)\n"
      "    (capture (if (not (own hole)) (in hole {2 3})) (take hole)))\n"
      "  (rounds\n"
      "    (round-over (if (< (sum board) 6)))\n"
      "    (tally store)\n"
      "    (tie replay)\n"
      "    (match-won (if (< (tally-of loser) 3)))\n"
      "    (round-start from:2\n"
      "      (collect)\n"
      "      (refill by:P1 (row P1) count:3)\n"
      "      (refill by:P2 (row P2) count:3)\n"
      "      (first-mover loser))))\n");
  const analysis::RunSpec spec{"rounds", {}, "random", 3, 60, 400};
  const Study s = study(*game, spec);
  for (const char* text : {"(collect)", "(refill by:P1", "(first-mover loser)", "(tie replay)"}) {
    INFO(text);
    CHECK(s.measured.count(site_of(s, text)));
    CHECK_FALSE(s.never.count(site_of(s, text)));
  }
  check_consistent(*game, spec, "rounds");
  // Holes the refill left out of play come back when collect lays the board out anew.
  bool in_play = false;
  for (long i = 0; i < spec.games && !in_play; ++i) {
    TraceRequest request;
    request.seed = analysis::game_seed(spec.seed, i);
    request.max_turns = spec.max_turns;
    request.events = true;
    std::ostringstream record;
    write_trace(*game, request, record);
    in_play = record.str().find(R"("event":"in-play")") != std::string::npos;
  }
  CHECK(in_play);
}

TEST_CASE("what a lap's take: or a before-lift capture moves within the mover's side is a transfer, "
          "not a capture",
          "[coverage]") {
  // The lap sows on the counters of the landing hole's neighbour when it is the mover's; the
  // before-lift capture gathers the next hole into the chosen one.
  auto game = load_text(game_text("    (before-lift (capture (if (within (next hole) (row mover)))\n"
                                  "      (take (next hole)) (into hole)))\n"
                                  "    (lap (and (own hole) (< laps 3) (occupied (next hole)) (own (next hole)))\n"
                                  "      take:(take (next hole)))\n"));
  const Study s = study(*game, kSpec);
  CHECK(s.tally.captures == 0);
  CHECK(s.tally.captured_from.empty());
  TraceRequest request;
  request.seed = analysis::game_seed(kSpec.seed, 0);
  request.max_turns = 40;
  request.events = true;
  std::ostringstream record;
  write_trace(*game, request, record);
  CHECK(record.str().find(R"("event":"transfer")") != std::string::npos);
  CHECK(record.str().find(R"("event":"capture")") == std::string::npos);
}

TEST_CASE("a clause written in a define is shown with the line of its call, where it is cited",
          "[coverage]") {
  auto game = load_text("(import \"mancala\")\n"
                        "(define \"Grab\"\n  (capture (if (= hole 2)) (take hole)))\n"
                        "(game \"T\"\n  (board 2 6 stores:open)\n  (start (fill 4))\n  (sow\n"
                        "    (origin (row mover) (if (occupied hole)))\n"
                        "    (\"Grab\"))  // the call, cited\n"
                        "  (end (after-turn (if (= (sum board) 0)) (most store))))\n");
  const auto coverage = analysis::coverage_sites(*game);
  bool found = false;
  for (const auto& site : coverage.sites)
    if (site.where == "test.lud:9") {
      found = true;
      CHECK(site.text == "(\"Grab\"))");
    }
  CHECK(found);
}

TEST_CASE("the capture map labels a row the sides share with every player it holds", "[coverage]") {
  for (const auto& [name, options, shared] :
       std::vector<std::tuple<std::string, std::vector<std::string>, std::string>>{
           {"rabe", {}, "P1 P2  2 |"}, {"pic", {"players=3"}, "P1 P2 P3  1 |"}}) {
    auto game = load_game(name, options);
    analysis::Tally tally(game->players(), 0);
    const std::string map = analysis::capture_board(*game, tally);
    INFO(map);
    CHECK(map.find(shared) != std::string::npos);
  }
}

}  // namespace mancala::test
