#include "solve/chance_interval.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "solve/chance_search.h"

namespace conquian::solve {
namespace {

// The middle of [lower, upper] rounded towards zero; within (lower, upper] so that each test
// halves what is left (t = upper when the two are neighbours).
Int128 middle(Int128 lower, Int128 upper) {
  const Int128 t = lower + (upper - lower + 1) / 2;
  return std::clamp(t, lower + 1, upper);
}

// The threads of the tests: the helpers share the main search's table and go through the
// cards of each turn in the other order (chance.h, "Threads"); each test is answered by the
// first thread to finish it, which stops the others. max_nodes is shared out equally, and the
// first thread to spend its share stops them all, as in ChanceSolver's exact search.
class TestThreads {
 public:
  TestThreads(ChanceSearch& main, const Options& o, int threads, const Position& pos, bool split) : main_(main) {
    if (threads <= 1) return;
    main_.table()->share();
    for (int i = 1; i < threads; ++i) {
      helpers_.push_back(std::make_unique<ChanceSearch>(o, main_.table()));
      ChanceSearch& h = *helpers_.back();
      h.set_reverse(true);
      h.set_threshold_split(split);
      h.start(pos);
      h.stop_when(&stop_);
      roots_.emplace_back();
      h.prepare(roots_.back(), pos);
    }
    main_.stop_when(&stop_);
  }
  ~TestThreads() { main_.stop_when(nullptr); }

  // The fail-soft answer of the null-window test (t - 1, t); throws BudgetExceeded when no
  // thread finished it.
  Int128 test(ChanceSearch::Node& root, Int128 t) {
    if (helpers_.empty()) return main_.search_node(root, t - 1, t);
    stop_.store(false);
    std::optional<Int128> value;
    std::mutex mutex;
    std::exception_ptr failure;
    auto run = [&](ChanceSearch& s, ChanceSearch::Node& n) {
      try {
        const Int128 v = s.search_node(n, t - 1, t);
        std::lock_guard<std::mutex> lock(mutex);
        if (!value) value = v;
      } catch (const BudgetExceeded&) {
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!failure) failure = std::current_exception();
      }
      stop_.store(true);
    };
    std::vector<std::thread> pool;
    for (std::size_t i = 0; i < helpers_.size(); ++i) pool.emplace_back([&, i] { run(*helpers_[i], roots_[i]); });
    run(main_, root);
    for (auto& th : pool) th.join();
    if (failure) std::rethrow_exception(failure);
    if (!value) throw BudgetExceeded{};
    return *value;
  }

  std::uint64_t helper_nodes() const {
    std::uint64_t n = 0;
    for (const auto& h : helpers_) n += h->nodes();
    return n;
  }

 private:
  ChanceSearch& main_;
  std::atomic<bool> stop_{false};
  std::vector<std::unique_ptr<ChanceSearch>> helpers_;
  std::deque<ChanceSearch::Node> roots_;  // the helpers' own copies of the root
};

}  // namespace

ChanceInterval prove_interval(const Position& pos, const Options& options, const IntervalRequest& request) {
  const auto t0 = std::chrono::steady_clock::now();
  Options o = options;
  const int threads = std::max(1, o.transposition ? o.threads : 1);  // without a table nothing is shared
  o.threads = 1;
  o.max_nodes = request.max_nodes ? std::max<std::uint64_t>(1, request.max_nodes / threads) : 0;
  ChanceSearch search(o);
  search.set_threshold_split(request.split);
  search.start(pos);
  TestThreads pool(search, o, threads, pos, request.split);
  if (request.seconds > 0)
    search.on_progress([&](std::uint64_t) {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < request.seconds;
    });
  ChanceInterval r;
  r.denominator = factorial(pos.stock_left());
  ChanceSearch::Node root;
  search.prepare(root, pos);
  root.bounds(r.denominator, r.lower, r.upper);  // a finished deal: its value, below
  if (root.pos.result.over()) r.lower = r.upper = search.exact(root);
  const Int128 goal = static_cast<Int128>(request.width * static_cast<double>(r.denominator));
  try {
    while (r.lower < r.upper && r.upper - r.lower > goal) {
      const Int128 t = middle(r.lower, r.upper);
      const Int128 v = pool.test(root, t);  // fail-soft: a bound past t - 1 or t
      if (v >= t) r.lower = std::max(r.lower, v);
      else r.upper = std::min(r.upper, v);
      ++r.tests;
    }
  } catch (const BudgetExceeded&) {
    // What the stopped test left in the table may narrow the interval a little more.
    Int128 lo = r.lower, hi = r.upper;
    search.proved_bounds(pos, 4, lo, hi);
    r.lower = std::max(r.lower, lo), r.upper = std::min(r.upper, hi);
  }
  r.nodes = search.nodes() + pool.helper_nodes();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

bool prove_threshold(const Position& pos, const Options& options, Int128 t, bool at_least, std::uint64_t& nodes,
                     bool split) {
  Options o = options;
  o.threads = 1;
  ChanceSearch search(o);
  search.set_threshold_split(split);
  search.start(pos);
  bool proved = false;
  try {
    proved = search.reaches(pos, t, at_least);
  } catch (const BudgetExceeded&) { proved = false; }
  nodes = search.nodes();
  return proved;
}

}  // namespace conquian::solve
