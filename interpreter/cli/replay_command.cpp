// mancala replay FILE RECORD: does a game recorded in a source replay under the rule file?
// Exit status 0 when it does, 1 at the first disagreement, 2 on a file or record it cannot read.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "interpreter/analysis/replay.hpp"
#include "interpreter/cli/load.hpp"

namespace mancala::cli {

namespace {

struct ReplayArgs {
  std::string file;
  std::string record;
};

int replay(const Common& common, const ReplayArgs& args) {
  std::ifstream in(args.record, std::ios::binary);
  if (!in) {
    std::cerr << fmt::format("mancala replay: error: cannot read {}\n", args.record);
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  analysis::SourceRecord record;
  try {
    record = analysis::read_record(text.str());
  } catch (const std::invalid_argument& e) {
    std::cerr << fmt::format("{}: error: {}\n", args.record, e.what());
    return 2;
  }
  Loaded loaded;
  if (!load(common, args.file, loaded)) return 2;
  try {
    auto result = analysis::replay(*loaded.game, record, args.record);
    std::cout << result.report;
    return result.agrees ? 0 : 1;
  } catch (const std::runtime_error& e) {  // PlayError names the ply, the move and the position
    std::cerr << fmt::format("{}: error: {}\n", args.file, e.what());
    return 2;
  }
}

}  // namespace

void add_replay_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<ReplayArgs>();
  auto* sub = app.add_subcommand("replay", "replay a recorded game and report where the rule file disagrees");
  sub->add_option("file", args->file, "rule file")->required();
  sub->add_option("record", args->record,
                  "a move list (one per line or comma-separated, # comments) or a record (docs/records.md)")
      ->required();
  add_common_flags(sub, common);
  out.push_back({sub, [&common, args] { return replay(common, *args); }});
}

}  // namespace mancala::cli
