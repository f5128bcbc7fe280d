// mancala serve: the web playground (docs/web.md) on 127.0.0.1 unless told otherwise.
#include <fmt/format.h>

#include <csignal>
#include <filesystem>
#include <iostream>
#include <pthread.h>
#include <thread>

#include "interpreter/cli/commands.hpp"
#include "interpreter/web/sandbox.hpp"
#include "interpreter/web/server.hpp"

namespace mancala::cli {

namespace {

namespace fs = std::filesystem;

struct ServeArgs {
  web::ServerConfig config;
  std::string games;
  std::string workspace;
};

// The shipped games beside the binary, or in the source tree it was built from.
fs::path default_games_dir() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::vector<fs::path> candidates;
  if (!ec) candidates = {exe.parent_path() / ".." / "games", exe.parent_path() / "games"};
  candidates.emplace_back(fs::path(MANCALA_SOURCE_DIR) / "games");
  for (const auto& c : candidates)
    if (fs::is_directory(c, ec)) return c;
  return candidates.back();
}

int serve(const Common& common, ServeArgs& args) {
  web::ServerConfig& config = args.config;
  config.stdlib_dirs = common.stdlib_dirs;
  config.games_dir = args.games.empty() ? default_games_dir() : fs::path(args.games);
  config.workspace_dir = args.workspace;
  // SIGINT and SIGTERM are taken by a thread of their own, which stops the server (a handler
  // may not call into it).
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::unique_ptr<web::Server> server;
  try {
    server = std::make_unique<web::Server>(config);
  } catch (const web::SandboxError& e) {
    std::cerr << fmt::format("mancala serve: error: {}\n", e.what());
    return 1;
  }
  std::string error;
  if (!server->bind(error)) {
    std::cerr << fmt::format("mancala serve: error: {}\n", error);
    return 1;
  }
  const bool local = web::is_loopback(config.host);
  const std::string host = config.host.find(':') != std::string::npos ? "[" + config.host + "]" : config.host;
  std::cout << fmt::format("mancala serve: the playground is at http://{}:{}/\n", host, server->port());
  std::cout << (local ? "listening on this machine only (--host ADDRESS to listen elsewhere)\n"
                      : fmt::format("listening on {}: other machines can reach it (the default is 127.0.0.1)\n", config.host));
  std::cout << fmt::format("games from {} (read only); {}\n", config.games_dir.string(),
                           args.workspace.empty() ? std::string("no workspace: --workspace DIR to save files")
                                                  : "files saved to " + args.workspace);
  std::cout << "Ctrl-C stops it" << std::endl;
  std::thread watcher([&server, signals] {
    int signal = 0;
    sigwait(&signals, &signal);
    server->stop();
  });
  server->run();
  // run() also returns if listening fails: wake the watcher so that it can be joined.
  pthread_kill(watcher.native_handle(), SIGTERM);
  watcher.join();
  std::cout << "mancala serve: stopped" << std::endl;
  return 0;
}

}  // namespace

void add_serve_command(CLI::App& app, Common& common, std::vector<Command>& out) {
  auto args = std::make_shared<ServeArgs>();
  auto* sub = app.add_subcommand("serve", "the web playground: board, rules editor, analysis (docs/web.md)");
  sub->add_option("--port", args->config.port, "port (default 8080; 0 picks a free one)")->check(CLI::Range(0, 65535));
  sub->add_option("--host", args->config.host, "address to listen on (default 127.0.0.1: this machine only)");
  sub->add_option("--workspace", args->workspace, "folder where the page may save rule files and records");
  sub->add_option("--games", args->games, "the library's folder, read only (default: the shipped games/)");
  sub->add_option("--seed", args->config.seed, "default seed of computer players (default 1)");
  sub->add_option("--stdlib", common.stdlib_dirs, "where (import ...) looks first (repeatable)")->allow_extra_args(false);
  out.push_back({sub, [&common, args] { return serve(common, *args); }});
}

}  // namespace mancala::cli
