// mancala analyze FILE: many games tallied (docs/analysis.md); --compare sets readings side by
// side. mancala merge A.json B.json ...: shards combined into the report of the whole run.
#include <fmt/format.h>
#include <unistd.h>

#include <csignal>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
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
  std::string games_out;
  std::string shard;
  int opening_plies = 0;
  std::vector<std::string> compare;
  std::vector<std::string> compare_files;
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

// A progress bar with the time left, redrawn in place on a terminal: games done, and the plies
// played so far (a game of an agent that searches may take long: the count moves meanwhile).
class Progress {
 public:
  explicit Progress(std::string label) : label_(std::move(label)), start_(std::chrono::steady_clock::now()) {}
  void operator()(long done, long total, long plies) {
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    int width = 30, filled = total ? static_cast<int>(width * done / total) : width;
    std::string left = done > 0 ? fmt::format("about {:.0f}s left", elapsed * static_cast<double>(total - done) / static_cast<double>(done))
                                : "estimating the time left";
    std::cerr << fmt::format("\r{} [{}{}] {}/{} games, {} plies, {}   ", label_, std::string(static_cast<std::size_t>(filled), '#'),
                             std::string(static_cast<std::size_t>(width - filled), '.'), done, total, plies, left)
              << std::flush;
  }
  ~Progress() { std::cerr << "\r\033[K" << std::flush; }

 private:
  std::string label_;
  std::chrono::steady_clock::time_point start_;
};

// Whether `path` can be written, asked before a study starts rather than found after it: an
// existing file writable, or a new one in a directory that is.
bool writable(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(path, ec)) return !fs::is_directory(path, ec) && ::access(path.c_str(), W_OK) == 0;
  fs::path parent = fs::path(path).parent_path();
  if (parent.empty()) parent = ".";
  return fs::is_directory(parent, ec) && ::access(parent.c_str(), W_OK) == 0;
}

// Per-game data for notebooks (--games-out): CSV or JSON Lines by the file's extension, one line
// per game in the order of the games, whatever order the threads finish them in.
class GamesOut {
 public:
  bool open(const std::string& path, int players) {
    const std::string ext = std::filesystem::path(path).extension().string();
    csv_ = ext == ".csv";
    if (!csv_ && ext != ".jsonl" && ext != ".json") {
      std::cerr << fmt::format("mancala analyze: error: --games-out {}: name a .csv or a .jsonl file\n", path);
      return false;
    }
    out_.open(path, std::ios::binary);
    if (!out_) {
      std::cerr << fmt::format("mancala analyze: error: cannot write {}\n", path);
      return false;
    }
    players_ = players;
    if (csv_) {
      out_ << "game,seed,reading,plies,turns,rounds,result";
      for (const char* column : {"store", "score", "captured"})
        for (int p = 1; p <= players; ++p) out_ << fmt::format(",{}_P{}", column, p);
      out_ << ",captures\n";
    }
    return true;
  }
  // The games of a reading come next, from game `first` on.
  void start(std::string reading, long first) {
    reading_ = std::move(reading);
    next_ = first;
    pending_.clear();
  }
  void add(const analysis::GameSummary& game) {
    std::lock_guard lock(mutex_);
    pending_.emplace(game.index, game);
    for (auto it = pending_.begin(); it != pending_.end() && it->first == next_; it = pending_.erase(it), ++next_)
      write(it->second);
  }
  // Writes what is left (a study stopped early leaves gaps).
  bool finish() {
    std::lock_guard lock(mutex_);
    for (const auto& [index, game] : pending_) write(game);
    pending_.clear();
    out_.flush();
    return static_cast<bool>(out_);
  }
  bool active() const { return out_.is_open(); }

 private:
  void write(const analysis::GameSummary& g) {
    if (csv_) {
      // A reading is name=value words: quoted, as CSV quotes a field with commas.
      out_ << fmt::format("{},{},\"{}\",{},{},{},{}", g.index, g.seed, reading_, g.plies, g.turns, g.rounds, g.result);
      for (const auto* column : {&g.stores, &g.scores, &g.captured})
        for (long v : *column) out_ << "," << v;
      out_ << "," << g.captures << "\n";
      return;
    }
    nlohmann::ordered_json line = {{"game", g.index}, {"seed", g.seed}, {"reading", reading_}, {"plies", g.plies},
                                   {"turns", g.turns}, {"rounds", g.rounds}, {"result", g.result},
                                   {"stores", g.stores}, {"scores", g.scores}, {"captured", g.captured},
                                   {"captures", g.captures}};
    out_ << line.dump() << "\n";
  }

  std::ofstream out_;
  bool csv_ = true;
  int players_ = 2;
  std::string reading_;
  long next_ = 0;
  std::map<long, analysis::GameSummary> pending_;
  std::mutex mutex_;
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

// Loads `file` under `options` and plays the slice; nullopt after printing an error. `games_out`,
// if open, receives every game as the reading `label`.
std::optional<analysis::Analysis> run_one(const Common& common, const AnalyzeArgs& args, const std::string& file,
                                          const std::vector<std::string>& options, const std::string& label,
                                          std::pair<long, long> slice, Loaded& loaded, GamesOut& games_out) {
  Common with = common;
  with.options = options;
  if (!load(with, file, loaded)) return std::nullopt;
  analysis::RunSpec spec{loaded.path, options, args.agent, args.seed, args.games, args.max_turns, args.opening_plies};
  analysis::RunControl control;
  control.jobs = args.jobs > 0 ? args.jobs : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  control.stop = &interrupted;
  if (games_out.active()) {
    games_out.start(label, slice.first);
    control.on_game = [&games_out](const analysis::GameSummary& game) { games_out.add(game); };
  }
  std::optional<Progress> bar;
  if (isatty(STDERR_FILENO)) {
    std::string label = options.empty() ? loaded.game->name() : loaded.game->name() + " " + fmt::format("{}", fmt::join(options, ","));
    bar.emplace(label);
    control.progress = std::ref(*bar);
  }
  try {
    auto result = analysis::analyze(*loaded.game, spec, slice, control);
    if (games_out.active() && !games_out.finish()) {
      std::cerr << fmt::format("mancala analyze: error: cannot write {}\n", args.games_out);
      return std::nullopt;
    }
    return result;
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
  if (!args.compare.empty() && !args.compare_files.empty()) {
    std::cerr << "mancala analyze: error: --compare and --compare-file cannot be given together\n";
    return 2;
  }
  // What is written at the end is checked before the study starts, not after it.
  if (!args.html.empty() && !writable(args.html)) {
    std::cerr << fmt::format("mancala analyze: error: --html {}: cannot write there\n", args.html);
    return 2;
  }
  if (!args.games_out.empty() && !writable(args.games_out)) {
    std::cerr << fmt::format("mancala analyze: error: --games-out {}: cannot write there\n", args.games_out);
    return 2;
  }
  GamesOut games_out;
  const auto slice = analysis::shard_slice(args.games, k, n);
  auto previous = std::signal(SIGINT, on_interrupt);
  struct Restore {
    decltype(previous) handler;
    ~Restore() { std::signal(SIGINT, handler); }
  } restore{previous};

  auto open_games_out = [&](const Loaded& loaded) {
    return args.games_out.empty() || games_out.active() || games_out.open(args.games_out, loaded.game->players());
  };
  if (args.compare.empty() && args.compare_files.empty()) {
    Loaded loaded;
    if (!args.games_out.empty()) {  // the players are known once the file is loaded
      Common with = common;
      if (!load(with, args.file, loaded) || !open_games_out(loaded)) return 1;
    }
    std::string label;
    for (const auto& o : common.options) label += (label.empty() ? "" : ",") + o;
    auto result = run_one(common, args, args.file, common.options, label, slice, loaded, games_out);
    if (!result) return 1;
    if (!args.html.empty() && !write_file(args.html, analysis::html_report(*loaded.game, *result))) return 1;
    if (args.json) std::cout << analysis::to_json(*result).dump(1) << "\n";
    else std::cout << analysis::text_report(*loaded.game, *result);
    return interrupted ? 130 : 0;
  }
  // Each reading: a set of options of the file (--compare), or another file (--compare-file).
  struct Planned {
    std::string label, file;
    std::vector<std::string> options;
  };
  std::vector<Planned> planned;
  const bool by_file = !args.compare_files.empty();
  if (by_file) {
    planned.push_back({std::filesystem::path(args.file).filename().string(), args.file, common.options});
    for (const std::string& other : args.compare_files)
      planned.push_back({std::filesystem::path(other).filename().string(), other, common.options});
  } else {
    for (const std::string& set : args.compare) {
      std::vector<std::string> options = common.options;
      for (const std::string& o : split_commas(set)) options.push_back(o);
      planned.push_back({set, args.file, options});
    }
  }
  std::vector<analysis::Reading> readings;
  std::vector<std::unique_ptr<Loaded>> games;
  for (const Planned& p : planned) {
    games.push_back(std::make_unique<Loaded>());
    if (!args.games_out.empty() && !games_out.active()) {
      Common with = common;
      with.options = p.options;
      if (!load(with, p.file, *games.back()) || !open_games_out(*games.back())) return 1;
    }
    auto result = run_one(common, args, p.file, p.options, by_file ? p.file : p.label, slice, *games.back(), games_out);
    if (!result) return 1;
    readings.push_back({p.label, std::move(*result)});
    if (interrupted) break;
  }
  if (!args.html.empty()) {
    std::vector<analysis::HtmlSection> sections;
    for (std::size_t i = 0; i < readings.size(); ++i) sections.push_back({games[i]->game.get(), &readings[i].analysis});
    if (!write_file(args.html, analysis::html_comparison(readings, sections, by_file))) return 1;
  }
  if (args.json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& r : readings) list.push_back({{"reading", r.label}, {"analysis", analysis::to_json(r.analysis)}});
    std::cout << list.dump(1) << "\n";
  } else {
    std::cout << analysis::compare_report(readings, by_file);
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
  sub->add_option("--games-out", args->games_out,
                  "also write one line per game (index, seed, reading, plies, turns, rounds, result, stores, "
                  "scores, captures) to this .csv or .jsonl file");
  sub->add_option("--opening-plies", args->opening_plies,
                  "play the first N plies of every game uniformly at random (with the game's seed), so that "
                  "deterministic agents play different games (default 0)")
      ->check(CLI::Range(0, 100'000'000));
  sub->add_option("--shard", args->shard, "play the K-th of N equal slices of the games: K/N");
  sub->add_option("--compare", args->compare,
                  "readings to compare, each name=value or several joined by commas: "
                  "--compare chain=leakey chain=driedger")
      ->expected(1, -1);
  sub->add_option("--compare-file", args->compare_files,
                  "other rule files to compare with FILE, under the same options, agent and games: "
                  "--compare-file variant.lud")
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
