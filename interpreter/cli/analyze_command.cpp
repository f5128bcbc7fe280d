// mancala analyze FILE: many games tallied (docs/analysis.md); --compare sets readings side by
// side. mancala merge A.json B.json ...: shards combined into the report of the whole run.
#include <fmt/format.h>
#include <unistd.h>

#include <csignal>
#include <chrono>
#include <fstream>
#include <iostream>
#include <thread>

#include "interpreter/analysis/html.hpp"
#include "interpreter/analysis/json.hpp"
#include "interpreter/analysis/report.hpp"
#include "interpreter/cli/load.hpp"

namespace mancala::cli {

namespace {

std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) { interrupted.store(true); }

struct AnalyzeArgs {
  std::string file;
  long games = 1000;
  std::string agent = "random";
  int jobs = 0;  // 0: every core
  std::uint64_t seed = 1;
  int max_turns = 2000;
  bool json = false;
  std::string html;
  std::string shard;
  std::vector<std::string> compare;
};

// "K/N" with 1 <= K <= N.
bool parse_shard(const std::string& text, int& k, int& n) {
  char slash = 0;
  std::size_t used = 0;
  try {
    k = std::stoi(text, &used);
    if (used >= text.size()) return false;
    slash = text[used];
    std::size_t more = 0;
    n = std::stoi(text.substr(used + 1), &more);
    if (used + 1 + more != text.size()) return false;
  } catch (const std::exception&) {
    return false;
  }
  return slash == '/' && k >= 1 && n >= 1 && k <= n;
}

// A progress bar with the time left, redrawn in place on a terminal.
class Progress {
 public:
  explicit Progress(std::string label) : label_(std::move(label)), start_(std::chrono::steady_clock::now()) {}
  void operator()(long done, long total) {
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    int width = 30, filled = total ? static_cast<int>(width * done / total) : width;
    std::string left = done > 0 ? fmt::format("{:.0f}s left", elapsed * static_cast<double>(total - done) / static_cast<double>(done)) : "";
    std::cerr << fmt::format("\r{} [{}{}] {}/{} games {}   ", label_, std::string(static_cast<std::size_t>(filled), '#'),
                             std::string(static_cast<std::size_t>(width - filled), '.'), done, total, left)
              << std::flush;
  }
  ~Progress() { std::cerr << "\r\033[K" << std::flush; }

 private:
  std::string label_;
  std::chrono::steady_clock::time_point start_;
};

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) {
    std::cerr << fmt::format("mancala: error: cannot write {}\n", path);
    return false;
  }
  return true;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return parts;
    start = comma + 1;
  }
}

// Loads the file under `options` and plays the slice; nullopt after printing an error.
std::optional<analysis::Analysis> run_one(const Common& common, const AnalyzeArgs& args,
                                          const std::vector<std::string>& options,
                                          std::pair<long, long> slice, Loaded& loaded) {
  Common with = common;
  with.options = options;
  if (!load(with, args.file, loaded)) return std::nullopt;
  analysis::RunSpec spec{loaded.path, options, args.agent, args.seed, args.games, args.max_turns};
  analysis::RunControl control;
  control.jobs = args.jobs > 0 ? args.jobs : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  control.stop = &interrupted;
  std::optional<Progress> bar;
  if (isatty(STDERR_FILENO)) {
    std::string label = options.empty() ? loaded.game->name() : loaded.game->name() + " " + fmt::format("{}", fmt::join(options, ","));
    bar.emplace(label);
    control.progress = std::ref(*bar);
  }
  try {
    return analysis::analyze(*loaded.game, spec, slice, control);
  } catch (const std::invalid_argument& e) {  // a bad --agent
    std::cerr << fmt::format("mancala analyze: error: {}\n", e.what());
  } catch (const std::runtime_error& e) {  // PlayError names the ply, the move and the position
    std::cerr << fmt::format("{}: error: {}\n", args.file, e.what());
  }
  return std::nullopt;
}

int analyze(const Common& common, const AnalyzeArgs& args) {
  int k = 1, n = 1;
  if (!args.shard.empty() && !parse_shard(args.shard, k, n)) {
    std::cerr << fmt::format("mancala analyze: error: --shard {}: expected K/N with 1 <= K <= N\n", args.shard);
    return 2;
  }
  const auto slice = analysis::shard_slice(args.games, k, n);
  auto previous = std::signal(SIGINT, on_interrupt);
  struct Restore {
    decltype(previous) handler;
    ~Restore() { std::signal(SIGINT, handler); }
  } restore{previous};

  if (args.compare.empty()) {
    Loaded loaded;
    auto result = run_one(common, args, common.options, slice, loaded);
    if (!result) return 1;
    if (!args.html.empty() && !write_file(args.html, analysis::html_report(*loaded.game, *result))) return 1;
    if (args.json) std::cout << analysis::to_json(*result).dump(1) << "\n";
    else std::cout << analysis::text_report(*loaded.game, *result);
    return interrupted ? 130 : 0;
  }
  std::vector<analysis::Reading> readings;
  std::vector<std::unique_ptr<Loaded>> games;
  for (const std::string& set : args.compare) {
    std::vector<std::string> options = common.options;
    for (const std::string& o : split_commas(set)) options.push_back(o);
    games.push_back(std::make_unique<Loaded>());
    auto result = run_one(common, args, options, slice, *games.back());
    if (!result) return 1;
    readings.push_back({set, std::move(*result)});
    if (interrupted) break;
  }
  if (!args.html.empty()) {
    std::vector<analysis::HtmlSection> sections;
    for (std::size_t i = 0; i < readings.size(); ++i) sections.push_back({games[i]->game.get(), &readings[i].analysis});
    if (!write_file(args.html, analysis::html_comparison(readings, sections))) return 1;
  }
  if (args.json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& r : readings) list.push_back({{"reading", r.label}, {"analysis", analysis::to_json(r.analysis)}});
    std::cout << list.dump(1) << "\n";
  } else {
    std::cout << analysis::compare_report(readings);
  }
  return interrupted ? 130 : 0;
}

struct MergeArgs {
  std::vector<std::string> files;
  bool json = false;
  std::string html;
};

int merge(const Common& common, const MergeArgs& args) {
  std::optional<analysis::Analysis> merged;
  for (const std::string& path : args.files) {
    std::ifstream in(path);
    if (!in) {
      std::cerr << fmt::format("mancala merge: error: cannot read {}\n", path);
      return 1;
    }
    try {
      analysis::Analysis part = analysis::analysis_from_json(nlohmann::json::parse(in));
      if (!merged) merged = std::move(part);
      else analysis::merge(*merged, part);
    } catch (const std::exception& e) {
      std::cerr << fmt::format("{}: error: {}\n", path, e.what());
      return 1;
    }
  }
  // The report draws the board and reads the clauses: the rule file the runs name.
  Common with = common;
  with.options = merged->spec.options;
  Loaded loaded;
  if (!load(with, merged->spec.file, loaded)) return 1;
  if (analysis::coverage_sites(*loaded.game).sites != merged->sites) {
    std::cerr << fmt::format("mancala merge: error: {} has changed since the runs\n", merged->spec.file);
    return 1;
  }
  if (!args.html.empty() && !write_file(args.html, analysis::html_report(*loaded.game, *merged))) return 1;
  if (args.json) std::cout << analysis::to_json(*merged).dump(1) << "\n";
  else std::cout << analysis::text_report(*loaded.game, *merged);
  return 0;
}

}  // namespace

void add_analyze_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<AnalyzeArgs>();
  auto* sub = app.add_subcommand("analyze", "play many games and report on the rules (docs/analysis.md)");
  sub->add_option("file", args->file, "rule file")->required();
  sub->add_option("--games", args->games, "games to play (default 1000)")->check(CLI::Range(1L, 1'000'000'000L));
  sub->add_option("--agent", args->agent, "the agent of every player (default random)");
  sub->add_option("--jobs,-j", args->jobs, "threads (default: every core)")->check(CLI::Range(1, 1024));
  sub->add_option("--seed", args->seed, "seed of the study (default 1)");
  sub->add_option("--max-turns", args->max_turns, "turn limit in plies (default 2000)")
      ->check(CLI::Range(1, 100'000'000));
  sub->add_flag("--json", args->json, "print the analysis as JSON (mancala merge reads it)");
  sub->add_option("--html", args->html, "also write a self-contained HTML report to this file");
  sub->add_option("--shard", args->shard, "play the K-th of N equal slices of the games: K/N");
  sub->add_option("--compare", args->compare,
                  "readings to compare, each name=value or several joined by commas: "
                  "--compare chain=leakey chain=driedger")
      ->expected(1, -1);
  add_common_flags(sub, common);
  out.push_back({sub, [&common, args] { return analyze(common, *args); }});

  auto margs = std::make_shared<MergeArgs>();
  auto* msub = app.add_subcommand("merge", "combine the --json analyses of shards into one report");
  msub->add_option("files", margs->files, "analyses (mancala analyze --shard K/N --json)")->required();
  msub->add_flag("--json", margs->json, "print the merged analysis as JSON");
  msub->add_option("--html", margs->html, "also write a self-contained HTML report to this file");
  msub->add_option("--stdlib", common.stdlib_dirs, "where (import ...) looks first (repeatable)")
      ->allow_extra_args(false);
  out.push_back({msub, [&common, margs] { return merge(common, *margs); }});
}

}  // namespace mancala::cli
