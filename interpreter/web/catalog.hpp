#pragma once
// The library: every rule file under games/ (subfolders too) with what the page lists and filters
// on, read from the checked game: name, sources, board, players, stores, rounds, options; or the
// first error of a file that does not check. A file is checked again only when it changes.
#include <filesystem>
#include <map>
#include <mutex>

#include "interpreter/web/play_session.hpp"

namespace mancala::web {

class GameCatalog {
 public:
  explicit GameCatalog(const SessionContext& context) : context_(context) {}
  Json list();

 private:
  struct Entry {
    std::filesystem::file_time_type modified;
    Json summary;
  };
  const SessionContext& context_;
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;  // by path
};

}  // namespace mancala::web
