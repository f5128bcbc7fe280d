#pragma once
// Long work started by a request (analyses): each job runs on its own thread, reports its
// progress, and stops when cancelled; the request that started it returns at once, so that one
// client's analysis never holds up another's moves. At most `max_running` run at once.
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

namespace mancala::web {

struct JobProgress {
  std::atomic<long> done{0};
  std::atomic<long> total{0};
  std::atomic<bool> stop{false};  // set by cancel(): the work returns early
};

class JobRunner {
 public:
  using Work = std::function<nlohmann::json(JobProgress&)>;
  explicit JobRunner(int max_running) : max_running_(max_running) {}
  ~JobRunner();  // cancels every job and waits for them

  // Starts `work` and returns the job's id. Throws ApiError (429) when `max_running` jobs run.
  std::string start(Work work);
  // {"state": "running"|"done"|"cancelled"|"failed", "done", "total", "result" or "error"}.
  // Throws ApiError (404) for an unknown id.
  nlohmann::json status(const std::string& id);
  void cancel(const std::string& id);
  int running() const;

 private:
  struct Job {
    JobProgress progress;
    std::string state = "running";
    nlohmann::json result;
    std::string error;
    std::thread thread;
  };
  void forget_old_jobs();  // keeps the last finished ones; the caller holds mutex_

  const int max_running_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Job>> jobs_;
  std::vector<std::string> finished_;  // ids, oldest first
  long next_id_ = 1;
};

}  // namespace mancala::web
