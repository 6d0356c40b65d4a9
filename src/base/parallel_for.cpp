#include "base/parallel_for.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace conquian {

int default_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

int pool_threads(std::size_t n, int threads) {
  if (threads <= 0) threads = default_threads();
  // No more threads than pieces: a thread without work would only be started and joined.
  return static_cast<int>(std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(threads), n)));
}

void parallel_for(std::size_t n, int threads, const std::function<void(std::size_t)>& body) {
  parallel_for(n, threads, [&body](std::size_t i, int) { body(i); });
}

void parallel_for(std::size_t n, int threads, const std::function<void(std::size_t i, int worker)>& body) {
  if (n == 0) return;
  const int count = pool_threads(n, threads);

  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex first_lock;
  std::exception_ptr first;
  auto work = [&](int worker) {
    for (;;) {
      if (failed.load(std::memory_order_acquire)) return;
      std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
      if (i >= n) return;
      try {
        body(i, worker);
      } catch (...) {
        std::lock_guard<std::mutex> hold(first_lock);
        if (!first) first = std::current_exception();
        failed.store(true, std::memory_order_release);
        return;
      }
    }
  };

  std::vector<std::thread> helpers;
  helpers.reserve(static_cast<std::size_t>(count - 1));
  try {
    for (int t = 1; t < count; ++t) helpers.emplace_back(work, t);
  } catch (...) {
    // A thread that cannot be started (std::system_error): stop the ones that were, then report it.
    failed.store(true, std::memory_order_release);
    for (auto& h : helpers) h.join();
    throw;
  }
  work(0);  // the caller's thread is one of the workers
  for (auto& h : helpers) h.join();
  if (first) std::rethrow_exception(first);
}

}  // namespace conquian
