// GameSession::solve: the position (or one seat's view) handed to the solvers of `conquian
// solve`, with the session's stop flag and movetime where the node budget is checked.
#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "replay/position_setup.h"
#include "serve/game_session.h"
#include "serve/solve_json.h"
#include "solve/answer.h"
#include "solve/pimc.h"

namespace conquian::serve {
namespace {

using Clock = std::chrono::steady_clock;

// Watches the caller's stop flag and the movetime on a thread of its own, and turns `halt`
// (the flag the search polls) true when either says so; reports progress four times a second.
class Watch {
 public:
  Watch(std::atomic<bool>& stop, std::uint64_t movetime_ms, const std::function<void(const SolveProgress&)>& progress)
      : stop_(stop), progress_(progress) {
    const auto start = Clock::now();
    const auto deadline = movetime_ms ? start + std::chrono::milliseconds(movetime_ms) : Clock::time_point::max();
    thread_ = std::thread([this, start, deadline] {
      auto next_report = start;
      std::unique_lock<std::mutex> lock(mutex_);
      while (!done_) {
        const auto now = Clock::now();
        if (!halt.load() && (stop_.load() || now >= deadline)) halt.store(true);
        if (progress_ && now >= next_report) {
          lock.unlock();
          progress_(SolveProgress{nodes.load(), worlds.load()});
          lock.lock();
          next_report = now + std::chrono::milliseconds(250);
        }
        // A stop is seen within 2 ms.
        wake_.wait_for(lock, std::chrono::milliseconds(2));
      }
    });
  }
  ~Watch() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  // Whether the search was cut short by a stop or the movetime.
  bool stopped() const { return halt.load(); }

  std::atomic<bool> halt{false};
  std::atomic<std::uint64_t> nodes{0}, worlds{0};

 private:
  std::atomic<bool>& stop_;
  const std::function<void(const SolveProgress&)>& progress_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

nlohmann::json unsolved(std::uint64_t nodes, bool stopped, const std::string& why) {
  return {{"solved", false}, {"best", nullptr}, {"nodes", nodes}, {"stopped", stopped}, {"reason", why}};
}

}  // namespace

nlohmann::json GameSession::solve(const SolveRequest& req, std::atomic<bool>& stop,
                                  const std::function<void(const SolveProgress&)>& progress) const {
  if (req.mode == "view") {
    const int seat = req.seat < 0 ? to_act() : req.seat;
    SeatView v = seat_view(seat);
    if (std::string why = solve::why_not_pimc(v); !why.empty()) throw SessionError("unsolvable", why);
    solve::PimcOptions o;
    if (req.worlds) {
      o.max_worlds = req.worlds;
      o.samples = static_cast<int>(std::min<std::uint64_t>(req.worlds, 100'000'000));
    }
    if (req.nodes) o.world_nodes = req.nodes;
    Watch watch(stop, req.movetime_ms, progress);
    o.stop = &watch.halt;
    solve::PimcResult r =
        solve::PimcSolver(o).solve(v, [&](std::uint64_t done, std::uint64_t) { watch.worlds = done; });
    if (r.worlds == 0) return unsolved(r.nodes, watch.stopped(), "no world was solved within the budgets");
    nlohmann::json j = nlohmann::json::parse(view_answer_json(v, r).dump());
    j["stopped"] = watch.stopped();
    return j;
  }
  if (req.mode != "exact" && req.mode != "stock_unknown")
    throw SessionError("bad-field", fmt::format("'mode' {}: one of exact, stock_unknown, view", req.mode));
  const Position p = req.mode == "stock_unknown" ? forget_stock(pos_) : pos_;
  if (!p.result.over())
    if (std::string why = solve::why_unsolvable(p); !why.empty()) throw SessionError("unsolvable", why);
  solve::Question q;
  if (req.nodes) q.search.max_nodes = req.nodes;
  q.search.threads = 1;
  Watch watch(stop, req.movetime_ms, progress);
  q.search.stop = &watch.halt;
  q.progress = [&](std::uint64_t done) { watch.nodes = done; };
  solve::Answer a = solve::answer(p, q);
  if (!a.solved()) {
    const std::uint64_t nodes = a.kind == solve::Answer::Kind::Chance ? a.chance.nodes : a.exact.nodes;
    return unsolved(nodes, watch.stopped(),
                    watch.stopped() ? "stopped before the position was solved"
                                    : fmt::format("not solved within {} nodes", q.search.max_nodes));
  }
  nlohmann::json j = answer_json(p, a, false, false);
  j["stopped"] = watch.stopped();
  return j;
}

}  // namespace conquian::serve
