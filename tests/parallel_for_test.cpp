// The one thread pool (base/parallel_for.h): every index once, the caller's thread alone at
// threads=1, the first exception rethrown with the rest of the indices cancelled, and a body
// handed to a pool thread at the pool's priority.
#include "base/parallel_for.h"

#include <doctest/doctest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace conquian;

TEST_CASE("default_threads is one per core, at least one") {
  int cores = static_cast<int>(std::thread::hardware_concurrency());
  CHECK(default_threads() == (cores > 0 ? cores : 1));
}

TEST_CASE("parallel_for runs every index exactly once") {
  for (int threads : {0, 1, 2, 3, 8}) {
    CAPTURE(threads);
    constexpr std::size_t n = 1000;
    std::vector<std::atomic<int>> runs(n);
    parallel_for(n, threads, [&](std::size_t i) { runs[i].fetch_add(1); });
    for (std::size_t i = 0; i < n; ++i) REQUIRE(runs[i].load() == 1);
  }
}

TEST_CASE("parallel_for with more threads than indices runs each once") {
  std::vector<std::atomic<int>> runs(3);
  parallel_for(3, 16, [&](std::size_t i) { runs[i].fetch_add(1); });
  for (auto& r : runs) CHECK(r.load() == 1);
}

TEST_CASE("parallel_for of no indices calls nothing") {
  bool called = false;
  parallel_for(0, 4, [&](std::size_t) { called = true; });
  parallel_for(0, 1, [&](std::size_t) { called = true; });
  CHECK_FALSE(called);
}

TEST_CASE("parallel_for at threads=1 runs in order on the caller's thread") {
  std::vector<std::size_t> order;
  std::vector<std::thread::id> ids;
  parallel_for(50, 1, [&](std::size_t i) {
    order.push_back(i);
    ids.push_back(std::this_thread::get_id());
  });
  REQUIRE(order.size() == 50);
  for (std::size_t i = 0; i < order.size(); ++i) {
    CHECK(order[i] == i);
    CHECK(ids[i] == std::this_thread::get_id());
  }
}

TEST_CASE("parallel_for hands indices out in increasing order") {
  // Each thread sees its own indices increase (they come from one counter).
  std::mutex lock;
  std::vector<std::pair<std::thread::id, std::size_t>> seen;
  parallel_for(500, 4, [&](std::size_t i) {
    std::lock_guard<std::mutex> hold(lock);
    seen.emplace_back(std::this_thread::get_id(), i);
  });
  REQUIRE(seen.size() == 500);
  for (std::size_t a = 0; a < seen.size(); ++a)
    for (std::size_t b = a + 1; b < seen.size(); ++b)
      if (seen[a].first == seen[b].first) CHECK(seen[a].second < seen[b].second);
}

TEST_CASE("parallel_for rethrows a body's exception in the caller and cancels the rest") {
  SUBCASE("one thread: nothing after the throwing index starts") {
    std::vector<std::size_t> started;
    auto run = [&] {
      parallel_for(100, 1, [&](std::size_t i) {
        started.push_back(i);
        if (i == 10) throw std::runtime_error("index 10");
      });
    };
    CHECK_THROWS_WITH_AS(run(), "index 10", std::runtime_error);
    REQUIRE(started.size() == 11);
    CHECK(started.back() == 10);
  }
  SUBCASE("several threads: the exception reaches the caller, and few indices start after it") {
    constexpr std::size_t n = 100000;
    constexpr int threads = 4;
    std::atomic<std::size_t> started{0};
    auto run = [&] {
      parallel_for(n, threads, [&](std::size_t i) {
        started.fetch_add(1);
        if (i == 5) throw std::logic_error("index 5");
        std::this_thread::sleep_for(std::chrono::microseconds(10));
      });
    };
    CHECK_THROWS_WITH_AS(run(), "index 5", std::logic_error);
    // After the throw each other thread finishes at most the index it holds and the one it took
    // before it saw the failure: far from all of them.
    CHECK(started.load() < 1000);
  }
  SUBCASE("the first exception wins when several bodies throw") {
    std::atomic<int> thrown{0};
    try {
      parallel_for(1000, 1, [&](std::size_t i) {
        thrown.fetch_add(1);
        throw std::runtime_error("first " + std::to_string(i));
      });
      FAIL("no exception");
    } catch (const std::runtime_error& e) { CHECK(std::string(e.what()) == "first 0"); }
    CHECK(thrown.load() == 1);
  }
}

TEST_CASE("parallel_for's worker numbers: one thread each, the caller's is 0") {
  CHECK(pool_threads(0, 4) == 1);
  CHECK(pool_threads(3, 8) == 3);
  CHECK(pool_threads(100, 2) == 2);
  CHECK(pool_threads(100, 0) == std::min(100, default_threads()));
  constexpr std::size_t n = 400;
  const int threads = pool_threads(n, 3);
  std::mutex lock;
  std::vector<std::thread::id> id_of(static_cast<std::size_t>(threads));
  std::vector<std::atomic<int>> runs(n);
  bool consistent = true;
  const std::thread::id caller = std::this_thread::get_id();
  parallel_for(n, 3, [&](std::size_t i, int worker) {
    runs[i].fetch_add(1);
    std::lock_guard<std::mutex> hold(lock);
    if (worker < 0 || worker >= threads) {
      consistent = false;
      return;
    }
    auto& id = id_of[static_cast<std::size_t>(worker)];
    if (id == std::thread::id{}) id = std::this_thread::get_id();
    if (id != std::this_thread::get_id()) consistent = false;
    if ((worker == 0) != (std::this_thread::get_id() == caller)) consistent = false;
  });
  CHECK(consistent);
  for (auto& r : runs) CHECK(r.load() == 1);
}

TEST_CASE("parallel_for keeps its threads from one call to the next") {
  // A thread's own counter lives as long as the thread: a helper started anew for each call
  // would never count more than one call's indices.
  static thread_local int bodies_here = 0;
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> most_by_a_helper{0};
  constexpr std::size_t n = 64;
  for (int call = 0; call < 50; ++call)
    parallel_for(n, 3, [&](std::size_t) {
      std::this_thread::sleep_for(std::chrono::microseconds(20));
      if (std::this_thread::get_id() == caller) return;
      const int seen = ++bodies_here;
      int most = most_by_a_helper.load();
      while (seen > most && !most_by_a_helper.compare_exchange_weak(most, seen)) {}
    });
  CHECK(most_by_a_helper.load() > static_cast<int>(n));
}

TEST_CASE("a body may call parallel_for itself, on every thread at once") {
  constexpr std::size_t outer = 16, inner = 200;
  std::vector<std::atomic<int>> runs(outer * inner);
  parallel_for(outer, 4, [&](std::size_t o) {
    parallel_for(inner, 4, [&](std::size_t i, int worker) {
      CHECK_LT(worker, 4);
      runs[o * inner + i].fetch_add(1);
    });
  });
  for (auto& r : runs) REQUIRE(r.load() == 1);
}

TEST_CASE("parallel_for from several threads at once") {
  // Callers that are no helper share the pool: every call gets each of its indices once.
  constexpr std::size_t n = 500;
  std::vector<std::vector<std::atomic<int>>> runs(4);
  for (auto& r : runs) r = std::vector<std::atomic<int>>(n);
  std::vector<std::thread> callers;
  for (std::size_t c = 0; c < runs.size(); ++c)
    callers.emplace_back([&, c] {
      for (int rep = 0; rep < 5; ++rep) parallel_for(n, 3, [&](std::size_t i) { runs[c][i].fetch_add(1); });
    });
  for (auto& t : callers) t.join();
  for (auto& r : runs)
    for (auto& x : r) REQUIRE(x.load() == 5);
}

TEST_CASE("run_on_pool runs the body once on a pool thread, and rethrows what it threw") {
  const std::thread::id caller = std::this_thread::get_id();
  std::thread::id ran_on;
  int runs = 0;
  run_on_pool([&] {
    ran_on = std::this_thread::get_id();
    ++runs;
  });
  CHECK(runs == 1);
  CHECK(ran_on != caller);
  CHECK_THROWS_WITH(run_on_pool([] { throw std::runtime_error("from the pool"); }), "from the pool");
}

TEST_CASE("run_on_pool from many threads at once, each body calling parallel_for") {
  // More callers than the pool has idle threads: each is given one, started for it if need be.
  constexpr std::size_t callers = 6, n = 300;
  std::vector<std::vector<std::atomic<int>>> runs(callers);
  for (auto& r : runs) r = std::vector<std::atomic<int>>(n);
  std::vector<std::thread> threads;
  for (std::size_t c = 0; c < callers; ++c)
    threads.emplace_back([&, c] {
      for (int rep = 0; rep < 3; ++rep)
        run_on_pool([&] { parallel_for(n, 2, [&](std::size_t i) { runs[c][i].fetch_add(1); }); });
    });
  for (auto& t : threads) t.join();
  for (auto& r : runs)
    for (auto& x : r) REQUIRE(x.load() == 3);
}

TEST_CASE("a caller that lowered its priority hands run_on_pool's body to a thread at the pool's") {
  // The pool's threads started here, at this thread's priority; the caller then runs 5 lower,
  // as a connection thread of `conquian serve` does, and cannot raise itself back.
  start_pool_threads(2);
  errno = 0;
  const int pool_nice = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
  REQUIRE(errno == 0);
  int caller_nice = 0, body_nice = 0;
  std::thread lowered([&] {
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), std::min(19, pool_nice + 5));
    caller_nice = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
    run_on_pool([&] { body_nice = getpriority(PRIO_PROCESS, static_cast<id_t>(gettid())); });
  });
  lowered.join();
  CHECK(caller_nice > pool_nice);
  CHECK(body_nice == pool_nice);
}
