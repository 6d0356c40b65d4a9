// The one thread pool: every command and search that spreads independent pieces of work over
// the cores (simulate's and diff's deals, PIMC's worlds, analyse's games, prove's properties,
// the chance search's root moves) hands them to parallel_for, so that the thread count, the
// order of the pieces and what an exception does are decided once, here.
#pragma once

#include <cstddef>
#include <functional>

namespace conquian {

// One per core (std::thread::hardware_concurrency(), at least 1).
int default_threads();

// Runs body(i) for every i in [0, n) on up to `threads` threads (the caller's thread is one of them;
// threads <= 0 means default_threads()). Indices are handed out in increasing order from a shared
// counter. The first exception a body throws is rethrown in the caller once every thread has stopped;
// after it, no new index is started (the rest are cancelled).
void parallel_for(std::size_t n, int threads, const std::function<void(std::size_t)>& body);

// How many threads parallel_for(n, threads, ...) runs on: `threads` (default_threads() when
// <= 0), no more than n, at least 1.
int pool_threads(std::size_t n, int threads);

// parallel_for, with the number of the thread that runs each body: `worker` is in
// [0, pool_threads(n, threads)), and 0 is the caller's thread. For what each thread keeps of
// its own (a search's tables, a seat's players) and for what only the caller may do (report
// progress).
void parallel_for(std::size_t n, int threads, const std::function<void(std::size_t i, int worker)>& body);

// Runs body on one of the pool's threads, never the caller's, and returns once it has run
// (rethrowing what it threw). A thread takes the priority of the thread that starts it, and
// may lower its own but not raise it again: work that must think at the pool's priority while
// the caller runs lower (`conquian serve`'s connection threads, http/server.cpp, whose solves
// must answer within their movetime under load) is handed here. When no pool thread is idle,
// one is started for it, by the caller and so at the caller's priority: start_pool_threads
// beforehand for as many as may be wanted at once. A body that calls parallel_for is joined
// by the pool's idle threads as any caller is.
void run_on_pool(const std::function<void()>& body);

// Starts the pool's threads, up to `threads` in all, now and from this thread, so that they
// take its priority rather than that of whichever thread first needs them.
void start_pool_threads(int threads);

}  // namespace conquian
