#pragma once
// An analysis as JSON (`mancala analyze --json`), which `mancala merge` reads back: every count
// and histogram is kept, so that merged shards give exactly the report of the whole run.
#include <nlohmann/json.hpp>

#include "interpreter/analysis/analysis.hpp"

namespace mancala::analysis {

nlohmann::ordered_json to_json(const Analysis& analysis);
// Throws std::invalid_argument (or nlohmann's errors) on a document that is not an analysis.
Analysis analysis_from_json(const nlohmann::json& document);

}  // namespace mancala::analysis
