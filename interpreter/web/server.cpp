#include "interpreter/web/server.hpp"

#include <httplib.h>
#include <fmt/format.h>

#include <atomic>
#include <map>
#include <random>

#include "interpreter/web/analysis_job.hpp"
#include "interpreter/web/api_error.hpp"
#include "interpreter/web/assets.hpp"
#include "interpreter/web/catalog.hpp"
#include "interpreter/web/jobs.hpp"
#include "interpreter/web/play_session.hpp"
#include "interpreter/web/sandbox.hpp"

namespace mancala::web {

namespace {

constexpr const char* kJson = "application/json";
// The page loads only its own files: nothing from another origin, no inline script.
constexpr const char* kContentPolicy =
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'none'";

std::string dump(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace); }

// The request's body as a JSON object ({} when empty).
Json body_of(const httplib::Request& request) {
  if (request.body.empty()) return Json::object();
  Json body = Json::parse(request.body, nullptr, false);
  if (body.is_discarded() || !body.is_object()) throw ApiError(400, "the body is not a JSON object");
  return body;
}

std::string text_field(const Json& body, const char* key, const std::string& fallback = {}, bool required = true) {
  auto it = body.find(key);
  if (it == body.end()) {
    if (required) throw ApiError(400, fmt::format("the request needs \"{}\"", key));
    return fallback;
  }
  if (!it->is_string()) throw ApiError(400, fmt::format("\"{}\" must be a string", key));
  return it->get<std::string>();
}

long number_field(const Json& body, const char* key, long fallback, long low, long high) {
  auto it = body.find(key);
  if (it == body.end()) return fallback;
  if (!it->is_number_integer() || it->get<long>() < low || it->get<long>() > high)
    throw ApiError(400, fmt::format("\"{}\" must be a whole number from {} to {}", key, low, high));
  return it->get<long>();
}

std::vector<std::string> list_field(const Json& body, const char* key, std::size_t most) {
  std::vector<std::string> out;
  auto it = body.find(key);
  if (it == body.end()) return out;
  if (!it->is_array() || it->size() > most) throw ApiError(400, fmt::format("\"{}\" must be a list of at most {} strings", key, most));
  for (const Json& item : *it) {
    if (!item.is_string()) throw ApiError(400, fmt::format("\"{}\" must be a list of strings", key));
    out.push_back(item.get<std::string>());
  }
  return out;
}

// Positions a move of a solve, unless the request says: the REPL's hint's, an answer within a
// second or so for Kalah's six moves.
constexpr long kSolveBudget = 100'000;

// A solve runs within the request (held to Bounds::max_solve_positions and max_ai_ms: about a
// second for Kalah, 2 s at most), so that its answer belongs to the position on the page, with no
// job to poll; at most `most` run at once over all the sessions, so that the others' moves are
// still served on a machine of few cores.
class SolveSlot {
 public:
  SolveSlot(std::atomic<int>& running, int most) : running_(running) {
    if (running_.fetch_add(1) >= most) {
      running_.fetch_sub(1);
      throw ApiError(429, fmt::format("{} solves are running, the most at once: try again in a moment", most));
    }
  }
  ~SolveSlot() { running_.fetch_sub(1); }
  SolveSlot(const SolveSlot&) = delete;
  SolveSlot& operator=(const SolveSlot&) = delete;

 private:
  std::atomic<int>& running_;
};

}  // namespace

// Sessions by id, the least recently used dropped past the bound (one busy with a request stays).
class SessionStore {
 public:
  explicit SessionStore(const SessionContext& context) : context_(context) {}

  std::string create() {
    std::lock_guard lock(mutex_);
    if (static_cast<int>(sessions_.size()) >= context_.bounds.max_sessions) drop_least_recent();
    std::string id = fmt::format("{:016x}{:016x}", random_(), random_());
    sessions_[id] = std::make_shared<PlaySession>(context_);
    return id;
  }

  std::shared_ptr<PlaySession> get(const std::string& id) {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(id);
    if (it == sessions_.end()) throw ApiError(404, "no such session (it may have been dropped): reload the page");
    return it->second;
  }

 private:
  void drop_least_recent() {
    auto oldest = sessions_.end();
    for (auto it = sessions_.begin(); it != sessions_.end(); ++it) {
      std::unique_lock busy(it->second->mutex, std::try_to_lock);
      if (busy && (oldest == sessions_.end() || it->second->last_used < oldest->second->last_used)) oldest = it;
    }
    if (oldest == sessions_.end()) throw ApiError(503, "every session is busy: try again in a moment");
    sessions_.erase(oldest);
  }

  const SessionContext& context_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<PlaySession>> sessions_;
  std::mt19937_64 random_{std::random_device{}()};
};

bool is_loopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

struct Server::Impl {
  explicit Impl(const ServerConfig& c)
      : config(c), files(c.games_dir, c.workspace_dir), context{&files, c.bounds, c.stdlib_dirs, c.seed},
        catalog(context), jobs(c.bounds.max_jobs), sessions(context) {}

  ServerConfig config;
  FileSandbox files;
  SessionContext context;
  GameCatalog catalog;
  JobRunner jobs;
  SessionStore sessions;
  std::atomic<int> solves_running{0};
  httplib::Server http;
  int port = 0;

  // Runs `handler` and answers its JSON, or the error it raised.
  static void answer(httplib::Response& response, const std::function<Json()>& handler) {
    int status = 200;
    Json out;
    try {
      out = handler();
    } catch (const ApiError& e) {
      status = e.status;
      out = {{"error", e.what()}};
    } catch (const FileTooLarge& e) {
      status = 413;
      out = {{"error", e.what()}};
    } catch (const SandboxError& e) {
      status = 403;
      out = {{"error", e.what()}};
    } catch (const std::exception& e) {
      status = 500;
      out = {{"error", fmt::format("internal error: {}", e.what())}};
    }
    response.status = status;
    response.set_content(dump(out), kJson);
  }

  // The Host a browser sends must name this server: a page elsewhere cannot reach it through a
  // name that resolves to 127.0.0.1 (DNS rebinding).
  bool host_allowed(const httplib::Request& request) const {
    if (!is_loopback(config.host)) return true;
    const std::string host = request.get_header_value("Host");
    for (const char* name : {"127.0.0.1", "localhost", "[::1]"})
      if (host == fmt::format("{}:{}", name, port)) return true;
    return false;
  }

  Json session_action(PlaySession& s, const std::string& action, const Json& body) {
    const Bounds& b = config.bounds;
    if (action == "load") return s.load(text_field(body, "path"), list_field(body, "options", 32));
    if (action == "seats") return s.seats(list_field(body, "seats", 6));
    if (action == "play") return s.play(text_field(body, "move"));
    if (action == "why") return s.why(text_field(body, "move"));
    if (action == "undo") return s.undo(static_cast<int>(number_field(body, "count", 1, 1, b.max_moves)));
    if (action == "redo") return s.redo(static_cast<int>(number_field(body, "count", 1, 1, b.max_moves)));
    if (action == "restart") return s.restart();
    if (action == "computer") return s.computer();
    if (action == "hint") {
      const long budget = number_field(body, "solve", 0, 0, b.max_solve_positions);
      if (budget == 0) return s.hint(text_field(body, "agent", "greedy", false), 0);
      SolveSlot slot(solves_running, b.max_solves);
      return s.hint(text_field(body, "agent", "greedy", false), budget);
    }
    if (action == "solve") {
      const long budget = number_field(body, "budget", kSolveBudget, 1, b.max_solve_positions);
      SolveSlot slot(solves_running, b.max_solves);
      return s.solve(budget);
    }
    if (action == "check") return s.check(text_field(body, "text"));
    if (action == "reload") return s.reload(text_field(body, "text"));
    if (action == "save") return s.save(text_field(body, "path"), text_field(body, "text"));
    if (action == "steps")
      return s.step_through(list_field(body, "moves", static_cast<std::size_t>(b.max_moves)), text_field(body, "label", "", false));
    if (action == "replay") return s.replay(text_field(body, "path"));
    if (action == "record") return {{"text", s.record()}};
    if (action == "analyze") {
      AnalysisRequest r;
      if (!s.loaded()) throw ApiError(409, "no game loaded: choose a game first");
      r.path = s.path();
      r.text = s.text();
      r.options = s.options();
      r.games = number_field(body, "games", 200, 1, b.max_analysis_games);
      r.agent = text_field(body, "agent", "random", false);
      r.seed = static_cast<std::uint64_t>(number_field(body, "seed", 1, 0, 1'000'000'000));
      r.readings = list_field(body, "readings", 4);
      r.other_path = text_field(body, "other", "", false);
      if (!r.other_path.empty()) r.other_text = files.read(r.other_path, b.max_rule_file);
      return {{"job", jobs.start(analysis_work(context, std::move(r)))}};
    }
    throw ApiError(404, fmt::format("no action '{}'", action));
  }

  void routes() {
    http.set_payload_max_length(config.bounds.max_body);
    // Headers and body go out in two writes: without this, Nagle's algorithm and delayed
    // acknowledgements hold each answer back some 40 ms.
    http.set_tcp_nodelay(true);
    http.set_read_timeout(10, 0);
    http.set_write_timeout(10, 0);
    const int threads = config.threads;
    http.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
    http.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                              {"Content-Security-Policy", kContentPolicy},
                              {"Cache-Control", "no-store"}});

    http.set_pre_routing_handler([this](const httplib::Request& request, httplib::Response& response) {
      // Nothing is compressed: on this machine's loopback it only costs time (Debian's library
      // answers a browser's "br" at Brotli's slowest quality: 1.6 s for CodeMirror's 400 kB). The
      // library has no switch for it and hands this handler its own, non-const request.
      const_cast<httplib::Request&>(request).headers.erase("Accept-Encoding");
      if (!host_allowed(request)) {
        response.status = 403;
        response.set_content(dump({{"error", "this server answers only to the address it printed"}}), kJson);
        return httplib::Server::HandlerResponse::Handled;
      }
      // A JSON content type makes a browser ask before another site's page may post here.
      if (request.method == "POST" && request.get_header_value("Content-Type").rfind(kJson, 0) != 0) {
        response.status = 415;
        response.set_content(dump({{"error", "requests to the API are JSON (Content-Type: application/json)"}}), kJson);
        return httplib::Server::HandlerResponse::Handled;
      }
      return httplib::Server::HandlerResponse::Unhandled;
    });
    http.set_error_handler([this](const httplib::Request&, httplib::Response& response) {
      if (!response.body.empty()) return;
      std::string message = response.status == 413 ? fmt::format("the request's body is larger than {} bytes, the bound", config.bounds.max_body)
                            : response.status == 404 ? std::string("not found")
                                                     : fmt::format("HTTP status {}", response.status);
      response.set_content(dump({{"error", message}}), kJson);
    });
    http.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
      response.status = 500;
      response.set_content(dump({{"error", "internal error"}}), kJson);
    });

    http.Get("/api/games", [this](const httplib::Request&, httplib::Response& res) {
      answer(res, [this] { return Json{{"games", catalog.list()}}; });
    });
    http.Get("/api/files", [this](const httplib::Request&, httplib::Response& res) {
      answer(res, [this] {
        Json records = files.list("games", ".jsonl");
        for (const auto& r : files.list("workspace", ".jsonl")) records.push_back(r);
        return Json{{"rules", files.list("workspace", ".lud")}, {"records", records}, {"writable", files.writable()}};
      });
    });
    http.Get("/api/file", [this](const httplib::Request& req, httplib::Response& res) {
      answer(res, [this, &req] {
        std::string path = req.get_param_value("path");
        return Json{{"path", path}, {"text", files.read(path, config.bounds.max_rule_file)}};
      });
    });
    http.Post("/api/sessions", [this](const httplib::Request&, httplib::Response& res) {
      answer(res, [this] { return Json{{"session", sessions.create()}}; });
    });
    http.Get(R"(/api/sessions/([0-9a-f]{32}))", [this](const httplib::Request& req, httplib::Response& res) {
      answer(res, [this, &req] {
        auto session = sessions.get(req.matches[1]);
        std::lock_guard lock(session->mutex);
        session->last_used = std::chrono::steady_clock::now();
        return session->state();
      });
    });
    http.Post(R"(/api/sessions/([0-9a-f]{32})/([a-z]+))", [this](const httplib::Request& req, httplib::Response& res) {
      answer(res, [this, &req] {
        Json body = body_of(req);
        auto session = sessions.get(req.matches[1]);
        std::lock_guard lock(session->mutex);
        session->last_used = std::chrono::steady_clock::now();
        return session_action(*session, req.matches[2], body);
      });
    });
    http.Get(R"(/api/jobs/([0-9a-f-]+))", [this](const httplib::Request& req, httplib::Response& res) {
      answer(res, [this, &req] { return jobs.status(req.matches[1]); });
    });
    http.Post(R"(/api/jobs/([0-9a-f-]+)/cancel)", [this](const httplib::Request& req, httplib::Response& res) {
      answer(res, [this, &req] {
        jobs.cancel(req.matches[1]);
        return Json{{"cancelled", true}};
      });
    });
    http.Get(R"(/[A-Za-z0-9_./-]*)", [](const httplib::Request& req, httplib::Response& res) {
      const Asset* asset = find_asset(req.path);
      if (!asset) {
        res.status = 404;
        return;
      }
      res.set_content(std::string(asset->body), std::string(asset->content_type).c_str());
    });
  }
};

Server::Server(const ServerConfig& config) : impl_(std::make_unique<Impl>(config)) { impl_->routes(); }

Server::~Server() { stop(); }

bool Server::bind(std::string& error) {
  int port = impl_->config.port == 0 ? impl_->http.bind_to_any_port(impl_->config.host)
                                     : (impl_->http.bind_to_port(impl_->config.host, impl_->config.port) ? impl_->config.port : -1);
  if (port <= 0) {
    error = fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)", impl_->config.host,
                        impl_->config.port);
    return false;
  }
  impl_->port = port;
  return true;
}

int Server::port() const { return impl_->port; }

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() {
  if (impl_) impl_->http.stop();
}

}  // namespace mancala::web
