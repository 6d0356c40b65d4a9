// GameSession::solve: the position (or one seat's view) handed to the solvers of `conquian
// solve`, with the caller's stop flag polled where the node budget is checked, and the
// movetime turning it true.
#include <fmt/format.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "replay/position_setup.h"
#include "serve/game_session.h"
#include "serve/protocol_moves.h"
#include "serve/solve_json.h"
#include "solve/answer.h"
#include "solve/pimc.h"

namespace conquian::serve {
namespace {

using Clock = std::chrono::steady_clock;

// The search polls the caller's stop flag itself (where it checks its node budget, every
// 1,024 nodes), so a stop reaches it with no thread in between. This watch, on a thread of
// its own, sleeps until the movetime's deadline and then turns the flag true, and reports
// progress four times a second, the first time at once (on the caller's thread, so that even
// a search that ends at once has reported), with the nodes and the best root move the search
// published in `report` (written in words against `root`).
class Watch {
 public:
  Watch(std::atomic<bool>& stop, std::uint64_t movetime_ms, const std::function<void(const SolveProgress&)>& progress,
        const Position& root)
      : stop_(stop), progress_(progress), root_(root) {
    const auto start = Clock::now();
    const auto deadline = movetime_ms ? start + std::chrono::milliseconds(movetime_ms) : Clock::time_point::max();
    if (progress_) progress_(SolveProgress{});
    thread_ = std::thread([this, start, deadline] {
      auto next_report = progress_ ? start + kReportEvery : Clock::time_point::max();
      std::unique_lock<std::mutex> lock(mutex_);
      while (!done_) {
        const auto now = Clock::now();
        if (now >= deadline && !stop_.load()) stop_.store(true);
        if (now >= next_report) {
          lock.unlock();
          progress_(current());
          lock.lock();
          next_report = now + kReportEvery;
        }
        const auto wake = std::min(next_report, now >= deadline ? Clock::time_point::max() : deadline);
        if (wake == Clock::time_point::max()) wake_.wait(lock, [&] { return done_; });
        else wake_.wait_until(lock, wake);
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
  // Whether the search was cut short by a stop or the movetime (the flag is true).
  bool stopped() const { return stop_.load(); }

  std::atomic<std::uint64_t> worlds{0};
  solve::SearchProgress report;

 private:
  static constexpr auto kReportEvery = std::chrono::milliseconds(250);
  SolveProgress current() const {
    SolveProgress p{report.nodes.load(std::memory_order_relaxed), worlds.load(), nullptr};
    if (std::optional<Move> m = report.best())
      p.best = m->kind == MoveKind::Waive ? protocol_move(root_, *m) : choice_json(root_, *m);
    return p;
  }

  std::atomic<bool>& stop_;
  const std::function<void(const SolveProgress&)>& progress_;
  const Position& root_;
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
    Watch watch(stop, req.movetime_ms, progress, v.pos);
    o.stop = &stop;
    o.report = &watch.report;
    solve::PimcResult r =
        solve::PimcSolver(o).solve(v, [&](std::uint64_t done, std::uint64_t) { watch.worlds = done; });
    const bool stopped = watch.stopped();  // now: the movetime may pass while the answer is written
    if (r.worlds == 0) return unsolved(r.nodes, stopped, "no world was solved within the budgets");
    nlohmann::json j = nlohmann::json::parse(view_answer_json(v, r).dump());
    j["stopped"] = stopped;
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
  Watch watch(stop, req.movetime_ms, progress, p);
  q.search.stop = &stop;
  q.search.report = &watch.report;
  solve::Answer a = solve::answer(p, q);
  const bool stopped = watch.stopped();
  if (!a.solved()) {
    const bool chance = a.kind == solve::Answer::Kind::Chance;
    nlohmann::json j = unsolved(chance ? a.chance.nodes : a.exact.nodes, stopped,
                                stopped ? "stopped before the position was solved"
                                        : fmt::format("not solved within {} nodes", q.search.max_nodes));
    // The stock unknown: the interval the stopped search proves, as `solve --json` gives it.
    if (chance) j.update(interval_json(proved_interval(a.chance)));
    return j;
  }
  nlohmann::json j = answer_json(p, a, false, false);
  j["stopped"] = stopped;
  return j;
}

}  // namespace conquian::serve
