// GameSession::solve: the position (or one seat's view) handed to the answers of `conquian
// solve` (solve/answer.h), with the caller's stop flag polled where the node budget is
// checked and the movetime as the answer's time budget; progress reported for `info` lines.
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

// Reports progress on a thread of its own: at once (on the caller's thread, so that even an
// answer given at once has reported), then four times a second, and as soon as the best move
// the search or the estimate published in `report` changes (looked at every 20 ms), with the
// nodes and the best move so far (written in words against `root`). The first best is the
// first choice in the search's own order, so every line carries one.
class Watch {
 public:
  Watch(const std::function<void(const SolveProgress&)>& progress, const Position& root)
      : progress_(progress), root_(root) {
    if (!progress_) return;
    if (std::optional<Move> first = solve::first_choice(root)) report.publish_best(*first, 0, false);
    last_ = current();
    progress_(last_);
    thread_ = std::thread([this] {
      auto next_report = Clock::now() + kReportEvery;
      std::unique_lock<std::mutex> lock(mutex_);
      while (!done_) {
        const auto now = Clock::now();
        SolveProgress p = current();
        if (now >= next_report || p.best != last_.best) {
          lock.unlock();
          progress_(p);
          lock.lock();
          last_ = std::move(p);
          next_report = now + kReportEvery;
        }
        wake_.wait_until(lock, std::min(next_report, now + kLookEvery), [&] { return done_; });
      }
    });
  }
  ~Watch() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }

  solve::SearchProgress report;

 private:
  static constexpr auto kReportEvery = std::chrono::milliseconds(250);
  static constexpr auto kLookEvery = std::chrono::milliseconds(20);
  SolveProgress current() const {
    SolveProgress p{report.nodes.load(std::memory_order_relaxed), report.worlds.load(std::memory_order_relaxed),
                    nullptr};
    if (std::optional<solve::SearchProgress::Best> b = report.best()) {
      Move m = b->move;
      // The estimate sets a known stock's order aside: its turn is the card the stock shows.
      if (solve::is_blind_turn(m) && root_.stock_known) m.card = root_.stock[root_.stock_top];
      p.best = choice_json(root_, m);
    }
    return p;
  }

  const std::function<void(const SolveProgress&)>& progress_;
  const Position& root_;
  SolveProgress last_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace

nlohmann::json GameSession::solve(const SolveRequest& req, std::atomic<bool>& stop,
                                  const std::function<void(const SolveProgress&)>& progress) const {
  const double seconds = static_cast<double>(req.movetime_ms) / 1000.0;
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
    o.threads = std::max(1u, req.threads);
    Watch watch(progress, v.pos);
    o.stop = &stop;
    o.report = &watch.report;
    const solve::ViewAnswer a = solve::answer_view(v, o, seconds, solve::EstimateOptions{});
    nlohmann::json j = nlohmann::json::parse(view_answer_json(v, a).dump());
    j["stopped"] = a.interrupted;
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
  // A table of at most 2^18 entries (16 MiB) every card known, and with a movetime with the
  // stock unknown too, rather than the command line's 2^20: it is made at every request, and
  // 64 MiB (allocated, or grown into, while the clock runs) took a good part of a short
  // movetime. The stock unknown with no movetime keeps 2^20: its budget is 50 million nodes.
  if (p.stock_known || req.movetime_ms > 0) q.search.table_bits = 18;
  q.seconds = seconds;
  q.all_moves = req.all_moves;
  Watch watch(progress, p);
  q.search.stop = &stop;
  q.search.report = &watch.report;
  const solve::Answer a = solve::answer(p, q);
  nlohmann::json j = answer_json(p, a, req.all_moves, false);
  j["stopped"] = a.interrupted;
  if (!a.solved())
    j["reason"] = a.interrupted ? std::string("stopped before the position was solved")
                                : fmt::format("not solved within {} nodes", q.search.max_nodes);
  return j;
}

}  // namespace conquian::serve
