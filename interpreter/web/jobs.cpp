#include "interpreter/web/jobs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "interpreter/web/api_error.hpp"

namespace mancala::web {

namespace {
constexpr std::size_t kFinishedKept = 32;
}

JobRunner::~JobRunner() {
  std::map<std::string, std::shared_ptr<Job>> jobs;
  {
    std::lock_guard lock(mutex_);
    jobs = jobs_;
  }
  for (auto& [id, job] : jobs) job->progress.stop = true;
  for (auto& [id, job] : jobs)
    if (job->thread.joinable()) job->thread.join();
}

int JobRunner::running() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(std::count_if(jobs_.begin(), jobs_.end(), [](const auto& j) { return j.second->state == "running"; }));
}

std::string JobRunner::start(Work work) {
  std::lock_guard lock(mutex_);
  int running = static_cast<int>(std::count_if(jobs_.begin(), jobs_.end(), [](const auto& j) { return j.second->state == "running"; }));
  if (running >= max_running_)
    throw ApiError(429, fmt::format("{} analyses are running, the most at once: wait for one or cancel it", running));
  // Ids are not guessable, so that a client cannot read or cancel another's job.
  static thread_local std::mt19937_64 random{std::random_device{}()};
  const std::string id = fmt::format("{}-{:016x}", next_id_++, random());
  auto job = std::make_shared<Job>();
  jobs_[id] = job;
  job->thread = std::thread([this, job, id, work = std::move(work)] {
    nlohmann::json result;
    std::string error;
    try {
      result = work(job->progress);
    } catch (const std::exception& e) {
      error = e.what();
    }
    std::lock_guard lock(mutex_);
    job->result = std::move(result);
    job->error = std::move(error);
    job->state = !job->error.empty() ? "failed" : job->progress.stop ? "cancelled" : "done";
    finished_.push_back(id);
  });
  return id;
}

void JobRunner::forget_old_jobs() {
  while (finished_.size() > kFinishedKept) {
    auto it = jobs_.find(finished_.front());
    if (it != jobs_.end()) {
      if (it->second->thread.joinable()) it->second->thread.join();
      jobs_.erase(it);
    }
    finished_.erase(finished_.begin());
  }
}

nlohmann::json JobRunner::status(const std::string& id) {
  std::lock_guard lock(mutex_);
  forget_old_jobs();
  auto it = jobs_.find(id);
  if (it == jobs_.end()) throw ApiError(404, "no such analysis (finished analyses are kept a while, not for ever)");
  const Job& job = *it->second;
  nlohmann::json out = {{"state", job.state}, {"done", job.progress.done.load()}, {"total", job.progress.total.load()}};
  if (job.state == "failed") out["error"] = job.error;
  if (job.state == "done" || job.state == "cancelled") out["result"] = job.result;
  return out;
}

void JobRunner::cancel(const std::string& id) {
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(id);
  if (it == jobs_.end()) throw ApiError(404, "no such analysis");
  it->second->progress.stop = true;
}

}  // namespace mancala::web
