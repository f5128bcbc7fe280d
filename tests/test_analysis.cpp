// mancala analyze, merge and replay (docs/analysis.md): the tallies add up, coverage counts the
// events a trace shows, the report does not depend on threads or shards, records replay.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "interpreter/analysis/analysis.hpp"
#include "interpreter/analysis/html.hpp"
#include "interpreter/analysis/report.hpp"
#include "interpreter/analysis/json.hpp"
#include "interpreter/analysis/replay.hpp"
#include "interpreter/trace.hpp"
#include "tests/cli_run.hpp"
#include "tests/support.hpp"

namespace mancala::test {

namespace {

using analysis::Analysis;
using analysis::RunSpec;
using nlohmann::json;

const std::vector<std::pair<std::string, std::vector<std::string>>> kReadings = {
    {"kiuthi", {}}, {"kiuthi", {"chain=driedger"}}, {"kiuthi", {"shrink=leakey"}},
    {"kisolo", {}}, {"kisolo", {"capture=origin"}}, {"okwe-ido", {}},
    {"okwe-ido", {"capture=landing"}}, {"lib-al-ghashim", {}}};

Analysis run(const Game& game, const std::string& name, const std::vector<std::string>& options,
             long games, std::pair<long, long> slice, int jobs, int max_turns = 2000) {
  RunSpec spec{name, options, "random", 7, games, max_turns};
  analysis::RunControl control;
  control.jobs = jobs;
  return analysis::analyze(game, spec, slice, control);
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `games` games were played: each finished or unfinished, each finished one won or drawn, and
// one length recorded per game.
void check_results_add_up(const analysis::Tally& t, long games) {
  CHECK(t.games == games);
  CHECK(t.finished + t.unfinished() == t.games);
  long wins = t.draws;
  for (long w : t.wins) wins += w;
  CHECK(wins == t.finished);
  CHECK(t.plies.total() == t.games);
}

}  // namespace

TEST_CASE("an analysis conserves its totals", "[analysis]") {
  for (const auto& [name, options] : kReadings) {
    auto game = load_game(name, options);
    Analysis a = run(*game, name, options, 60, {0, 60}, 2);
    const analysis::Tally& t = a.tally;
    INFO(name << " " << options.size());
    check_results_add_up(t, 60);
    // One decision per ply.
    long plies = 0;
    for (auto [value, times] : t.plies.counts()) plies += value * times;
    CHECK(t.branching.total() == plies);
    CHECK(t.forced + t.passes <= t.branching.total());
    // One entry of captures per turn for every turn ended.
    long turns = 0;
    for (auto [value, times] : t.turns.counts()) turns += value * times;
    CHECK(t.captured_per_turn.total() == turns);
    long captured = 0, per_turn = 0;
    for (const auto& [hole, n] : t.captured_from) captured += n;
    for (auto [value, times] : t.captured_per_turn.counts()) per_turn += value * times;
    CHECK(captured >= per_turn);  // a turn cut by the limit leaves its captures out of per-turn
    for (std::size_t i = 0; i < a.sites.size(); ++i) CHECK(t.site_games[i] <= t.games);
  }
}

TEST_CASE("analyze runs on every file of games/ under every option value", "[analysis]") {
  // A few short games each (the turn limit cut low): every game ends or is counted unfinished,
  // and every result is a win of one player or a draw.
  for (const std::string& path : test::sampled_game_files()) {
    for (const auto& options : configurations(path)) {
      auto game = load_game(game_name(path), options);
      Analysis a = run(*game, path, options, 4, {0, 4}, 2, 200);
      const analysis::Tally& t = a.tally;
      INFO(path << " " << (options.empty() ? "defaults" : options[0]));
      check_results_add_up(t, 4);
    }
  }
}

TEST_CASE("analysis agrees with mancala trace, game by game: length, result, coverage", "[analysis]") {
  for (const auto& [name, options] : kReadings) {
    auto game = load_game(name, options);
    const RunSpec spec{name, options, "random", 3, 12, 2000};
    auto coverage = analysis::coverage_sites(*game);
    analysis::Tally tally(game->players(), coverage.sites.size());
    std::map<std::string, long> traced;  // events per clause, from trace --events
    long traced_plies = 0, traced_finished = 0;
    for (long i = 0; i < spec.games; ++i) {
      analysis::play_game(*game, coverage, spec, i, tally);
      TraceRequest request;
      request.seed = analysis::game_seed(spec.seed, i);
      request.events = true;
      std::ostringstream record;
      write_trace(*game, request, record);
      std::istringstream lines(record.str());
      json last;
      for (std::string line; std::getline(lines, line);) {
        last = json::parse(line);
        for (const char* key : {"start-events", "events"})
          if (last.contains(key))
            for (const json& e : last.at(key)) {
              // An event counts for its clause and for the clause it is part of.
              if (e.contains("clause")) ++traced[e.at("clause").get<std::string>()];
              if (e.contains("within") && e.at("within") != e.value("clause", json()))
                ++traced[e.at("within").get<std::string>()];
            }
      }
      traced_plies += last.at("ply").get<long>();
      traced_finished += last.at("state").at("result") != "unfinished";
    }
    INFO(name << " " << options.size());
    long plies = 0;
    for (auto [value, times] : tally.plies.counts()) plies += value * times;
    CHECK(plies == traced_plies);
    CHECK(tally.finished == traced_finished);
    std::map<std::string, long> counted;
    for (std::size_t i = 0; i < coverage.sites.size(); ++i)
      if (tally.site_events[i]) counted[coverage.sites[i].where] = tally.site_events[i];
    CHECK(counted == traced);
  }
}

TEST_CASE("the report does not depend on threads, and merged shards are the whole run", "[analysis]") {
  auto game = load_game("kiuthi");
  Analysis one = run(*game, "kiuthi", {}, 40, {0, 40}, 1);
  Analysis two = run(*game, "kiuthi", {}, 40, {0, 40}, 2);
  CHECK(analysis::to_json(one).dump() == analysis::to_json(two).dump());

  Analysis first = run(*game, "kiuthi", {}, 40, analysis::shard_slice(40, 1, 3), 2);
  Analysis second = run(*game, "kiuthi", {}, 40, analysis::shard_slice(40, 2, 3), 1);
  Analysis third = run(*game, "kiuthi", {}, 40, analysis::shard_slice(40, 3, 3), 2);
  // Through JSON, as mancala merge reads them, in any order.
  Analysis merged = analysis::analysis_from_json(json::parse(analysis::to_json(third).dump()));
  analysis::merge(merged, analysis::analysis_from_json(json::parse(analysis::to_json(first).dump())));
  analysis::merge(merged, analysis::analysis_from_json(json::parse(analysis::to_json(second).dump())));
  CHECK(analysis::to_json(merged).dump() == analysis::to_json(one).dump());
  CHECK_THROWS_WITH(analysis::merge(merged, first), Catch::Contains("overlap"));
}

TEST_CASE("readings compared: significant differences marked, the first clause that differs named", "[analysis]") {
  // Kisolo's capture=origin has no capture at the start of the turn (kisolo.lud:30), and its
  // games last about twice as long.
  auto turn = load_game("kisolo", {"capture=turn"});
  auto origin = load_game("kisolo", {"capture=origin"});
  std::vector<analysis::Reading> readings = {
      {"capture=turn", run(*turn, "kisolo", {"capture=turn"}, 100, {0, 100}, 2)},
      {"capture=origin", run(*origin, "kisolo", {"capture=origin"}, 100, {0, 100}, 2)}};
  CHECK(analysis::most_changed_clause(readings[0].analysis, readings[1].analysis) == "kisolo.lud:30");
  std::string report = analysis::compare_report(readings);
  std::istringstream lines(report);
  std::string plies, wins;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("plies (mean)", 0) == 0) plies = line;
    if (line.rfind("rounds per match", 0) == 0) wins = line;
  }
  CHECK_THAT(plies, Catch::EndsWith(" *"));
  CHECK_THAT(wins, !Catch::Contains("*"));  // one round each: no difference
  CHECK_THAT(report, Catch::Contains("capture=origin: kisolo.lud:30 0.0% of the events, 0.00 per game"));
  // The same reading against itself differs nowhere.
  CHECK(analysis::most_changed_clause(readings[0].analysis, readings[0].analysis).empty());
}

TEST_CASE("the HTML report stands alone: no script, nothing fetched", "[analysis]") {
  auto game = load_game("kiuthi");
  Analysis a = run(*game, game_path("kiuthi"), {}, 20, {0, 20}, 2);
  std::string page = analysis::html_report(*game, a);
  CHECK_THAT(page, Catch::StartsWith("<!DOCTYPE html>"));
  CHECK_THAT(page, !Catch::Contains("<script"));
  CHECK_THAT(page, !Catch::Contains("src="));
  CHECK_THAT(page, !Catch::Contains("href=\"http"));
  CHECK_THAT(page, Catch::Contains("<span id=\"reading-1-clause-kiuthi-lud-28\">"));  // the file's lines, linked
  CHECK_THAT(page, Catch::Contains("<a href=\"#reading-1-clause-kiuthi-lud-28\">kiuthi.lud:28</a>"));
}

TEST_CASE("findings come with an example that replays to their position", "[analysis]") {
  // Li'b al-Ghashim ends rounds by repetition (L8); a short turn limit leaves games unfinished.
  auto game = load_game("lib-al-ghashim");
  Analysis a = run(*game, "lib-al-ghashim", {}, 40, {0, 40}, 2, 60);
  REQUIRE(a.tally.unfinished() > 0);
  for (const auto& f : a.tally.findings) {
    if (f.count == 0) continue;
    const auto& e = f.example;
    std::string list;
    for (const auto& m : e.moves) list += m + "\n";
    auto result = analysis::replay(*game, analysis::read_record(list), "example");
    CHECK(result.agrees);
    CHECK(result.moves_replayed == e.ply);
  }
}

TEST_CASE("mancala replay agrees with the shipped example records", "[analysis][replay]") {
  std::ifstream index(std::string(MANCALA_TESTS_DIR) + "/examples/INDEX.tsv");
  int checked = 0;
  for (std::string line; std::getline(index, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string example, name, words;
    std::getline(fields, example, '\t');
    std::getline(fields, name, '\t');
    std::getline(fields, words);
    std::vector<std::string> options;
    std::istringstream split(words);
    for (std::string o; split >> o;) options.push_back(o);
    auto game = load_game(name, options);
    auto record = analysis::read_record(read(std::string(MANCALA_TESTS_DIR) + "/examples/" + example + ".jsonl"));
    auto result = analysis::replay(*game, record, example);
    INFO(example << "\n" << result.report);
    CHECK(result.agrees);
    CHECK(result.moves_replayed == static_cast<int>(record.moves.size()));
    ++checked;
  }
  CHECK(checked == 20);
}

TEST_CASE("mancala replay reports the first move where a doctored record disagrees", "[analysis][replay]") {
  auto game = load_game("kiuthi");
  std::string text = read(std::string(MANCALA_TESTS_DIR) + "/examples/kiuthi-seed1.jsonl");
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() > 6);

  SECTION("a position different from the record's") {
    json doctored = json::parse(lines[4]);  // ply 4
    doctored["state"]["holes"]["C1"] = doctored["state"]["holes"]["C1"].get<int>() + 1;
    lines[4] = doctored.dump();
    std::string joined;
    for (const auto& l : lines) joined += l + "\n";
    auto result = analysis::replay(*game, analysis::read_record(joined), "doctored.jsonl");
    CHECK_FALSE(result.agrees);
    CHECK(result.moves_replayed == 4);
    CHECK_THAT(result.report, Catch::StartsWith("doctored.jsonl:5: ply 4: the rule file disagrees: the position differs"));
    CHECK_THAT(result.report, Catch::Contains("C1: the file gives 8, the record 9"));
    CHECK_THAT(result.report, Catch::Contains("legal moves: "));
    CHECK_THAT(result.report, Catch::Contains("kiuthi.lud:"));  // the clauses of the last move
  }
  SECTION("an illegal move in a move list") {
    // E1 ccw and C2 ccw as in the record, then P1 sows the hole C2 of the opponent.
    auto result = analysis::replay(*game, analysis::read_record("E1 ccw  # P1\nC2 ccw, C2 cw\nA1 ccw\n"), "moves.txt");
    CHECK_FALSE(result.agrees);
    CHECK(result.moves_replayed == 2);
    CHECK_THAT(result.report, Catch::StartsWith("moves.txt:2: ply 2: the rule file disagrees: C2 cw is not a legal move"));
    CHECK_THAT(result.report, Catch::Contains("legal moves: A1 ccw, A1 cw"));
    CHECK_THAT(result.report, Catch::Contains("kiuthi.lud:"));  // the clause that rules it out
  }
  SECTION("a move written in no notation is the record's error, not a disagreement") {
    auto result = analysis::replay(*game, analysis::read_record("e1 CCW\nC2 sideways\n"), "moves.txt");
    CHECK_FALSE(result.agrees);
    CHECK(result.moves_replayed == 1);  // e1 CCW is E1 ccw, read in any case
    CHECK_THAT(result.report, Catch::StartsWith("moves.txt:2: ply 1: notation error: 'C2 sideways' is not a move"));
    CHECK_THAT(result.report, !Catch::Contains("disagrees"));
  }
}

TEST_CASE("mancala analyze, merge and replay on the command line", "[analysis][cli]") {
  const std::string kiuthi = "'" + game_path("kiuthi") + "'";
  SECTION("bad input is an error, not a crash") {
    auto shard = run_cli("analyze " + kiuthi + " --games 10 --shard 3/2");
    CHECK(shard.status == 2);
    CHECK_THAT(shard.output, Catch::Contains("--shard 3/2: expected K/N"));
    auto agent = run_cli("analyze " + kiuthi + " --games 10 --agent nobody");
    CHECK(agent.status == 1);
    CHECK_THAT(agent.output, Catch::Contains("unknown agent 'nobody'"));
    auto option = run_cli("analyze " + kiuthi + " --games 10 --compare chain=nowhere");
    CHECK(option.status == 1);
    CHECK_THAT(option.output, Catch::Contains("error:"));
    TempFile junk("not json", "junk");
    auto merge = run_cli("merge '" + junk.path() + "'");
    CHECK(merge.status == 1);
    CHECK_THAT(merge.output, Catch::Contains(junk.path() + ": error:"));
    auto missing = run_cli("replay " + kiuthi + " /nonexistent/record.txt");
    CHECK(missing.status == 2);
    CHECK_THAT(missing.output, Catch::Contains("cannot read /nonexistent/record.txt"));
  }
  SECTION("merge of shards prints exactly the unsharded report") {
    TempFile a("", "shard1"), b("", "shard2");
    auto whole = run_cli("analyze " + kiuthi + " --games 30 --jobs 2 --json");
    REQUIRE(whole.status == 0);
    auto first = run_cli("analyze " + kiuthi + " --games 30 --jobs 1 --shard 1/2 --json > '" + a.path() + "'");
    auto second = run_cli("analyze " + kiuthi + " --games 30 --jobs 2 --shard 2/2 --json > '" + b.path() + "'");
    REQUIRE(first.status == 0);
    REQUIRE(second.status == 0);
    auto merged = run_cli("merge --json '" + b.path() + "' '" + a.path() + "'");
    CHECK(merged.status == 0);
    CHECK(merged.output == whole.output);
    auto text = run_cli("merge '" + a.path() + "' '" + b.path() + "'");
    auto unsharded = run_cli("analyze " + kiuthi + " --games 30");
    CHECK(text.output == unsharded.output);
  }
  SECTION("replay exits non-zero at a disagreement") {
    TempFile moves("E1 ccw, C2 ccw\nC2 cw\n", "moves");
    auto run = run_cli("replay " + kiuthi + " '" + moves.path() + "'");
    CHECK(run.status == 1);
    CHECK_THAT(run.output, Catch::Contains(":2: ply 2: the rule file disagrees: C2 cw is not a legal move"));
  }
}

}  // namespace mancala::test
