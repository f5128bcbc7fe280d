#pragma once
// `analyze` for the page: the game in hand played many times, or two readings (options) or two
// rule files compared, as a job (jobs.hpp) with progress; its result holds the text report, the
// HTML report's charts and the findings with their example games.
#include <string>
#include <vector>

#include "interpreter/web/jobs.hpp"
#include "interpreter/web/play_session.hpp"

namespace mancala::web {

struct AnalysisRequest {
  std::string path;  // the rule file's name, and its text (the text in force in the session)
  std::string text;
  std::vector<std::string> options;
  long games = 200;
  std::string agent = "random";
  std::uint64_t seed = 1;
  // A comparison: readings ("chain=driedger", several options joined by commas), each against the
  // options above; or a second rule file (under its own default options) compared with the first.
  std::vector<std::string> readings;
  std::string other_path;
  std::string other_text;
};

// Checks the request against the bounds (ApiError 400/413) and returns the work to run.
JobRunner::Work analysis_work(const SessionContext& context, AnalysisRequest request);

}  // namespace mancala::web
