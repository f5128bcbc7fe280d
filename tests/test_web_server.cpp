// The web playground's server over HTTP (docs/web.md, "Safe by default"): every request is held to
// its bounds with a clear error, the API answers only JSON from this machine's page, and one
// session's analysis does not hold up another's moves.
#include <catch2/catch.hpp>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <thread>

#include "interpreter/web/play_session.hpp"
#include "interpreter/web/server.hpp"

using namespace mancala::web;
using nlohmann::json;

namespace {

const std::string project = std::string(MANCALA_TESTS_DIR) + "/..";

// A server on a free port of 127.0.0.1, serving on a thread of its own.
struct Running {
  Server server;
  httplib::Client client;
  std::thread thread;
  explicit Running(Bounds bounds)
      : server(config(bounds)), client("127.0.0.1", port()), thread([this] { server.run(); }) {}
  ~Running() {
    server.stop();
    thread.join();
  }
  static ServerConfig config(const Bounds& bounds) {
    ServerConfig c;
    c.port = 0;
    c.games_dir = project + "/games";
    c.stdlib_dirs = {project + "/stdlib"};
    c.bounds = bounds;
    return c;
  }
  int port() {
    std::string error;
    REQUIRE(server.bind(error));
    return server.port();
  }
  httplib::Result post(const std::string& path, const json& body) {
    return client.Post(path.c_str(), body.dump(), "application/json");
  }
  std::string session() {
    auto r = post("/api/sessions", json::object());
    REQUIRE(r);
    REQUIRE(r->status == 200);
    return json::parse(r->body)["session"];
  }
  json job_state(const std::string& job) {
    auto r = client.Get(("/api/jobs/" + job).c_str());
    REQUIRE(r);
    return json::parse(r->body);
  }
};

std::string error_of(const httplib::Result& r) { return json::parse(r->body).value("error", ""); }

}  // namespace

TEST_CASE("web server: a body past the bound is refused with a clear error", "[web]") {
  Bounds bounds;
  bounds.max_body = 4096;
  Running s(bounds);
  std::string id = s.session();
  auto r = s.post("/api/sessions/" + id + "/check", {{"text", std::string(10000, ' ')}});
  REQUIRE(r);
  CHECK(r->status == 413);
  CHECK_THAT(error_of(r), Catch::Contains("larger than 4096 bytes"));
  // The server goes on answering.
  CHECK(s.post("/api/sessions/" + id + "/check", {{"text", "(game \"x\")"}})->status == 200);
}

TEST_CASE("web server: rule files, analyses and moves are held to their bounds", "[web]") {
  Bounds bounds;
  bounds.max_rule_file = 3000;
  bounds.max_analysis_games = 500;
  Running s(bounds);
  std::string id = s.session();
  auto r = s.post("/api/sessions/" + id + "/check", {{"text", std::string(4000, ' ')}});
  CHECK(r->status == 413);
  CHECK_THAT(error_of(r), Catch::Contains("the bound is 3000"));
  r = s.post("/api/sessions/" + id + "/load", {{"path", "games/four-row/bao-kiswahili-dr-congo.lud"}});  // 9 kB
  CHECK(r->status == 413);
  CHECK_THAT(error_of(r), Catch::Contains("larger than 3000 bytes"));
  // Kalah's file is under 3000 bytes.
  REQUIRE(s.post("/api/sessions/" + id + "/load", {{"path", "games/two-row/kalah.lud"}})->status == 200);
  r = s.post("/api/sessions/" + id + "/analyze", {{"games", 501}});
  CHECK(r->status == 400);
  CHECK_THAT(error_of(r), Catch::Contains("from 1 to 500"));
  r = s.post("/api/sessions/" + id + "/steps", {{"moves", json::array()}, {"label", 7}});
  CHECK(r->status == 400);
  // A computer player's thinking time is held to the bound, whatever the spec asks.
  CHECK(bounded_agent_spec("mcts:time=100000", 2000) == "mcts:time=2000");
  CHECK(bounded_agent_spec("alphabeta:depth=9", 2000) == "alphabeta:depth=9,time=2000");
  CHECK(bounded_agent_spec("mcts:time=50", 2000) == "mcts:time=50");
  CHECK(bounded_agent_spec("random", 2000) == "random");
}

TEST_CASE("web server: solve and the solver's hint are held to their bounds, more than two players refused", "[web][solver]") {
  Bounds bounds;
  bounds.max_solve_positions = 600;  // Kalah's six moves: 100 positions each at most
  Running s(bounds);
  std::string id = s.session();
  REQUIRE(s.post("/api/sessions/" + id + "/load", {{"path", "games/two-row/kalah.lud"}})->status == 200);
  auto r = s.post("/api/sessions/" + id + "/solve", {{"budget", 601}});
  CHECK(r->status == 400);
  CHECK_THAT(error_of(r), Catch::Contains("from 1 to 600"));
  // Asked for 600 a move, each of the six moves gets 100: nothing is proven, each move has bounds.
  r = s.post("/api/sessions/" + id + "/solve", {{"budget", 600}});
  REQUIRE(r->status == 200);
  json solved = json::parse(r->body);
  CHECK(solved["budget"] == 100);
  REQUIRE(solved["moves"].size() == 6);
  CHECK(solved["moves"][0]["move"] == "A1");
  CHECK(solved["moves"][0]["complete"] == false);
  CHECK(solved["best"].empty());
  for (const auto& move : solved["moves"]) CHECK(move["positions"].get<long>() <= 100);
  // With no value proven, the hint is the agent's, saying why.
  r = s.post("/api/sessions/" + id + "/hint", {{"agent", "greedy"}, {"solve", 600}});
  REQUIRE(r->status == 200);
  json hint = json::parse(r->body);
  CHECK(hint["by"] == "agent");
  CHECK(hint["agent"] == "greedy");
  CHECK(hint["why_agent"] == "no move's value is proven within 100 positions a move");
  // Three players: solve is refused with the reason; the hint is the agent's, saying why.
  REQUIRE(s.post("/api/sessions/" + id + "/load", {{"path", "games/other/pic.lud"}, {"options", {"players=3"}}})->status == 200);
  r = s.post("/api/sessions/" + id + "/solve", json::object());
  CHECK(r->status == 409);
  CHECK(error_of(r) == "solve handles games of two players; this one has 3");
  r = s.post("/api/sessions/" + id + "/hint", {{"solve", 600}});
  REQUIRE(r->status == 200);
  CHECK(json::parse(r->body)["why_agent"] == "solve handles games of two players; this one has 3");
}

TEST_CASE("web server: a solve stops at the bound of thinking time, and solves at once are bounded", "[web][solver]") {
  // A millisecond: the first move's solve is stopped (the time is read every 4096 positions), the
  // moves not reached are listed as unvalued, and none is called best.
  Bounds quick;
  quick.max_ai_ms = 1;
  Running s(quick);
  std::string id = s.session();
  REQUIRE(s.post("/api/sessions/" + id + "/load", {{"path", "games/two-row/kalah.lud"}})->status == 200);
  auto r = s.post("/api/sessions/" + id + "/solve", json::object());
  REQUIRE(r->status == 200);
  json solved = json::parse(r->body);
  CHECK(solved["budget"] == 100'000);
  CHECK(solved["moves"].size() + solved["unvalued"].size() == 6);
  REQUIRE_FALSE(solved["unvalued"].empty());
  CHECK(solved["unvalued"].back() == "F1");
  CHECK(solved["best"].empty());
  r = s.post("/api/sessions/" + id + "/hint", {{"solve", 100'000}});
  REQUIRE(r->status == 200);
  CHECK(json::parse(r->body)["why_agent"] == "the solver ran out of its 1 ms before it valued every move");
  // No solve may run past the bound of solves at once.
  Bounds none;
  none.max_solves = 0;
  Running t(none);
  std::string other = t.session();
  REQUIRE(t.post("/api/sessions/" + other + "/load", {{"path", "games/two-row/kalah.lud"}})->status == 200);
  r = t.post("/api/sessions/" + other + "/solve", json::object());
  CHECK(r->status == 429);
  CHECK_THAT(error_of(r), Catch::Contains("0 solves are running, the most at once"));
  CHECK(t.post("/api/sessions/" + other + "/hint", {{"solve", 1000}})->status == 429);
  CHECK(t.post("/api/sessions/" + other + "/hint", json::object())->status == 200);  // the agent's alone
}

TEST_CASE("web server: too many analyses at once are refused, and one session's does not block another's moves", "[web]") {
  Bounds bounds;
  bounds.max_jobs = 1;
  Running s(bounds);
  std::string first = s.session(), second = s.session();
  for (const auto& id : {first, second})
    REQUIRE(s.post("/api/sessions/" + id + "/load", {{"path", "games/two-row/kiuthi.lud"}})->status == 200);
  auto r = s.post("/api/sessions/" + first + "/analyze", {{"games", 20000}});
  REQUIRE(r->status == 200);
  std::string job = json::parse(r->body)["job"];
  r = s.post("/api/sessions/" + second + "/analyze", {{"games", 10}});
  CHECK(r->status == 429);
  CHECK_THAT(error_of(r), Catch::Contains("the most at once"));
  // The other session plays while the analysis runs.
  r = s.post("/api/sessions/" + second + "/play", {{"move", "A1 cw"}});
  REQUIRE(r->status == 200);
  CHECK(json::parse(r->body)["played"] == true);
  CHECK(s.job_state(job)["state"] == "running");
  REQUIRE(s.client.Post(("/api/jobs/" + job + "/cancel").c_str(), "{}", "application/json")->status == 200);
  json state;
  for (int i = 0; i < 200 && (state = s.job_state(job))["state"] == "running"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(state["state"] == "cancelled");
  CHECK(state["done"].get<long>() < 20000);
  // Once it stopped, an analysis may start again.
  CHECK(s.post("/api/sessions/" + second + "/analyze", {{"games", 5}})->status == 200);
}

TEST_CASE("web server: only JSON from this machine's page, and no path outside the sandbox", "[web]") {
  Running s(Bounds{});
  std::string id = s.session();
  auto r = s.client.Post(("/api/sessions/" + id + "/load").c_str(), R"({"path":"games/two-row/kalah.lud"})", "text/plain");
  CHECK(r->status == 415);
  httplib::Headers other_host = {{"Host", "evil.example:80"}};
  r = s.client.Get("/api/games", other_host);
  CHECK(r->status == 403);
  r = s.post("/api/sessions/0123456789abcdef0123456789abcdef/play", {{"move", "A1"}});
  CHECK(r->status == 404);
  for (const char* path : {"../README.md", "/etc/passwd", "games/../README.md", "games/%2e%2e/README.md"}) {
    INFO(path);
    r = s.post("/api/sessions/" + id + "/load", {{"path", path}});
    CHECK(r->status == 403);
  }
  // A query's %2e%2e is decoded before the sandbox sees it, and refused there.
  r = s.client.Get("/api/file?path=games%2F%2e%2e%2FREADME.md");
  CHECK(r->status == 403);
  CHECK_THAT(error_of(r), Catch::Contains("'..'"));
  r = s.client.Get("/api/file?path=games%2Ftwo-row%2Fkalah.lud");
  CHECK(r->status == 200);
  // Without a workspace nothing is saved.
  r = s.post("/api/sessions/" + id + "/save", {{"path", "workspace/x.lud"}, {"text", "x"}});
  CHECK(r->status == 403);
  CHECK_THAT(error_of(r), Catch::Contains("--workspace"));
}
