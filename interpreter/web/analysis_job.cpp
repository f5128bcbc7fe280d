#include "interpreter/web/analysis_job.hpp"

#include <fmt/format.h>

#include "interpreter/analysis/html.hpp"
#include "interpreter/analysis/report.hpp"
#include "interpreter/web/api_error.hpp"

namespace mancala::web {

namespace {

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    std::size_t comma = text.find(',', start);
    std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!part.empty()) parts.push_back(part);
    if (comma == std::string::npos) return parts;
    start = comma + 1;
  }
}

// A reading to play: its label, and the rules it is played under.
struct Planned {
  std::string label;
  std::string path;
  std::vector<std::string> options;
  CompiledRules rules;
};

Json findings_json(const std::string& label, const analysis::Analysis& a) {
  Json out = Json::array();
  for (std::size_t k = 0; k < analysis::kFindingKinds; ++k) {
    const analysis::Finding& f = a.tally.findings[k];
    if (f.count == 0) continue;
    Json item = {{"reading", label}, {"kind", analysis::kFindingKeys[k]}, {"count", f.count}};
    if (f.example.game >= 0)
      item["example"] = {{"game", f.example.game}, {"ply", f.example.ply}, {"moves", f.example.moves}, {"detail", f.example.detail}};
    out.push_back(std::move(item));
  }
  return out;
}

}  // namespace

JobRunner::Work analysis_work(const SessionContext& context, AnalysisRequest request) {
  if (request.games < 1 || request.games > context.bounds.max_analysis_games)
    throw ApiError(400, fmt::format("an analysis plays 1 to {} games (each reading)", context.bounds.max_analysis_games));
  if (request.readings.size() > 4) throw ApiError(400, "a comparison sets at most 4 readings side by side");
  request.agent = bounded_agent_spec(request.agent, context.bounds.max_ai_ms);
  std::vector<Planned> plans;
  auto plan = [&](std::string label, const std::string& path, const std::string& text, std::vector<std::string> options) {
    Planned p{std::move(label), path, options, compile_rules(context, path, text, options)};
    if (!p.rules.game) throw ApiError(422, fmt::format("{} does not check:\n{}", path, p.rules.diagnostics.str()));
    plans.push_back(std::move(p));
  };
  if (!request.other_path.empty()) {
    plan(request.path, request.path, request.text, request.options);
    plan(request.other_path, request.other_path, request.other_text, {});  // its own defaults
  } else if (!request.readings.empty()) {
    for (const std::string& reading : request.readings) {
      std::vector<std::string> options = request.options;
      for (const std::string& o : split_commas(reading)) options.push_back(o);
      plan(reading, request.path, request.text, options);
    }
  } else {
    plan("", request.path, request.text, request.options);
  }
  // A bad agent spec is refused now, not when the job runs.
  try {
    ai::make_agent(request.agent, *plans.front().rules.game, 1);
  } catch (const std::invalid_argument& e) {
    throw ApiError(400, e.what());
  }
  auto shared = std::make_shared<std::vector<Planned>>(std::move(plans));
  return [shared, request, max_turns = context.bounds.max_turns](JobProgress& progress) -> Json {
    auto& plans = *shared;
    progress.total = request.games * static_cast<long>(plans.size());
    std::vector<analysis::Reading> readings;
    Json findings = Json::array();
    for (std::size_t i = 0; i < plans.size() && !progress.stop; ++i) {
      analysis::RunSpec spec{plans[i].path, plans[i].options, request.agent, request.seed, request.games, max_turns};
      analysis::RunControl control;
      control.jobs = 1;
      control.stop = &progress.stop;
      const long offset = request.games * static_cast<long>(i);
      control.progress = [&progress, offset](long done, long, long) { progress.done = offset + done; };
      readings.push_back({plans[i].label, analysis::analyze(*plans[i].rules.game, spec, {0, request.games}, control)});
      for (auto& f : findings_json(plans[i].label, readings.back().analysis)) findings.push_back(f);
    }
    if (readings.empty()) return Json::object();
    if (plans.size() == 1)
      return {{"text", analysis::text_report(*plans[0].rules.game, readings[0].analysis)},
              {"html", analysis::html_report(*plans[0].rules.game, readings[0].analysis)},
              {"findings", findings}};
    std::vector<analysis::HtmlSection> sections;
    for (std::size_t i = 0; i < readings.size(); ++i) sections.push_back({plans[i].rules.game.get(), &readings[i].analysis});
    return {{"text", analysis::compare_report(readings)},
            {"html", analysis::html_comparison(readings, sections)},
            {"findings", findings}};
  };
}

}  // namespace mancala::web
