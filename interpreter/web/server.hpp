#pragma once
// The playground's server (`mancala serve`): the page (assets.hpp) and the JSON API of
// docs/web.md over sessions (play_session.hpp), the library (catalog.hpp) and analysis jobs
// (jobs.hpp). Listens on 127.0.0.1 unless told otherwise; every request is held to Bounds.
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/web/bounds.hpp"

namespace mancala::web {

struct ServerConfig {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  std::filesystem::path games_dir;
  std::filesystem::path workspace_dir;  // empty: nothing can be saved
  std::vector<std::string> stdlib_dirs;
  Bounds bounds;
  std::uint64_t seed = 1;
  int threads = 24;  // requests served at once
};

class Server {
 public:
  // Throws SandboxError when the games folder or the workspace cannot be used.
  explicit Server(const ServerConfig& config);
  ~Server();
  // Binds the port (false, with the reason in `error`, if it cannot); then port() is known.
  bool bind(std::string& error);
  int port() const;
  // Serves until stop() (from another thread or a signal's watcher).
  void run();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Whether `host` is a loopback address, which needs no explicit consent to listen on.
bool is_loopback(const std::string& host);

}  // namespace mancala::web
