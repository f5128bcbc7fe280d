#include "interpreter/web/catalog.hpp"

namespace mancala::web {

Json GameCatalog::list() {
  std::lock_guard lock(mutex_);
  Json out = Json::array();
  std::map<std::string, Entry> current;
  for (const std::string& path : context_.files->list("games", ".lud")) {
    std::error_code ec;
    auto modified = std::filesystem::last_write_time(context_.files->resolve(path, false), ec);
    auto it = entries_.find(path);
    if (it == entries_.end() || it->second.modified != modified) {
      Json summary = {{"path", path}};
      try {
        CompiledRules rules = compile_rules(context_, path, context_.files->read(path, context_.bounds.max_rule_file), {});
        if (rules.game) {
          summary.update(game_summary_json(rules.checked, *rules.game));
          summary["status"] = "ok";
        } else {
          summary["status"] = "error";
          summary["message"] = rules.diagnostics.all().empty() ? std::string("does not check") : rules.diagnostics.all().front().message;
        }
      } catch (const std::exception& e) {
        summary["status"] = "error";
        summary["message"] = e.what();
      }
      it = entries_.insert_or_assign(path, Entry{modified, summary}).first;
    }
    current.insert(*it);
    out.push_back(it->second.summary);
  }
  entries_ = std::move(current);
  return out;
}

}  // namespace mancala::web
