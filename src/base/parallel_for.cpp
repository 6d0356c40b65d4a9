#include "base/parallel_for.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace conquian {

int default_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

int pool_threads(std::size_t n, int threads) {
  if (threads <= 0) threads = default_threads();
  // No more threads than pieces: a thread without work would only be woken.
  return static_cast<int>(std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(threads), n)));
}

void parallel_for(std::size_t n, int threads, const std::function<void(std::size_t)>& body) {
  parallel_for(n, threads, [&body](std::size_t i, int) { body(i); });
}

namespace {

// One call's indices, handed out from one counter to the caller (worker 0) and to the pool's
// threads that join it (workers 1 to seats).
struct Job {
  std::size_t n = 0;
  const std::function<void(std::size_t, int)>* body = nullptr;
  int seats = 0;    // helpers that may join
  int joined = 0;   // helpers that have (the pool's lock)
  int running = 0;  // helpers still inside work() (the pool's lock)
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex first_lock;
  std::exception_ptr first;
};

void work(Job& job, int worker) {
  for (;;) {
    if (job.failed.load(std::memory_order_acquire)) return;
    const std::size_t i = job.next.fetch_add(1, std::memory_order_relaxed);
    if (i >= job.n) return;
    try {
      (*job.body)(i, worker);
    } catch (...) {
      std::lock_guard<std::mutex> hold(job.first_lock);
      if (!job.first) job.first = std::current_exception();
      job.failed.store(true, std::memory_order_release);
      return;
    }
  }
}

// Threads started once and kept, asleep between calls. Started anew for every call (as they
// were), each thread came with an empty malloc cache: in a JSON Lines check, whose passes
// each read 64 records, the helper's allocations then all took malloc's slow path, and two
// threads spent 1.3 to 1.6 times one thread's CPU (perf: _int_malloc 4x).
//
// A helper joins a job only while it is idle, and the caller works on its own job and waits
// only for the helpers inside it: a body that calls parallel_for itself (from a helper or
// not) finishes even when every helper is busy, on its own thread at worst.
class Pool {
 public:
  explicit Pool(Pool* before) : before_(before) {}
  void run(Job& job) {
    std::unique_lock<std::mutex> hold(lock_);
    start_helpers(job.seats);
    open_.push_back(&job);
    hold.unlock();
    if (job.seats == 1) wake_.notify_one();
    else wake_.notify_all();
    work(job, 0);
    hold.lock();
    // No helper may join once the caller is done: the job lives on the caller's stack.
    if (const auto at = std::find(open_.begin(), open_.end(), &job); at != open_.end()) open_.erase(at);
    finished_.wait(hold, [&job] { return job.running == 0; });
  }

  // The job's one index run by a helper while the caller sleeps: an idle helper takes it, or
  // one started for it when every helper is taken (by idle helpers and the free seats of the
  // jobs before it).
  void hand_over(Job& job) {
    std::unique_lock<std::mutex> hold(lock_);
    int free_seats = 0;
    for (const Job* open : open_) free_seats += open->seats - open->joined;
    if (idle_ <= free_seats) {
      const int wanted = static_cast<int>(threads_.size()) + 1;
      start_helpers(wanted);
      if (static_cast<int>(threads_.size()) < wanted) {  // the system refused a thread: the caller runs it
        hold.unlock();
        work(job, 0);
        return;
      }
    }
    open_.push_back(&job);
    hold.unlock();
    wake_.notify_all();
    hold.lock();
    finished_.wait(hold, [&job] { return job.joined == job.seats && job.running == 0; });
  }

  void start(int threads) {
    std::lock_guard<std::mutex> hold(lock_);
    start_helpers(threads);
  }

 private:
  // Helpers up to `wanted` in all; a thread the system refuses leaves fewer (the caller and
  // the helpers there are do the work).
  void start_helpers(int wanted) {
    while (static_cast<int>(threads_.size()) < wanted) {
      try {
        threads_.emplace_back([this] { serve(); });
      } catch (const std::system_error&) { return; }
    }
  }

  void serve() {
    std::unique_lock<std::mutex> hold(lock_);
    for (;;) {
      ++idle_;
      wake_.wait(hold, [this] { return !open_.empty(); });
      --idle_;
      Job& job = *open_.front();
      const int worker = ++job.joined;
      if (job.joined >= job.seats) open_.pop_front();
      ++job.running;
      hold.unlock();
      work(job, worker);
      hold.lock();
      if (--job.running == 0) finished_.notify_all();
    }
  }

  std::mutex lock_;
  std::condition_variable wake_;      // a job has a seat free
  std::condition_variable finished_;  // a helper left a job
  std::deque<Job*> open_;             // jobs with seats free, oldest first
  std::vector<std::thread> threads_;  // never joined: the pool lives as long as the process
  int idle_ = 0;                      // helpers waiting for a job
  Pool* before_;                      // a forked child's parent's pool, kept reachable (no leak reported)
};

// The process's one pool, never destroyed: its threads sleep until the process ends (a pool
// destroyed at exit could be waited on by a thread still inside a body). A child of fork()
// has none of the parent's threads, nor a lock it can trust: it gets a new pool.
Pool* the_pool = nullptr;
std::once_flag pool_made;

Pool& pool() {
  std::call_once(pool_made, [] {
    the_pool = new Pool(nullptr);
    pthread_atfork(nullptr, nullptr, [] { the_pool = new Pool(the_pool); });
  });
  return *the_pool;
}

}  // namespace

void parallel_for(std::size_t n, int threads, const std::function<void(std::size_t i, int worker)>& body) {
  if (n == 0) return;
  Job job;
  job.n = n;
  job.body = &body;
  job.seats = pool_threads(n, threads) - 1;
  if (job.seats == 0) work(job, 0);
  else pool().run(job);
  if (job.first) std::rethrow_exception(job.first);
}

void run_on_pool(const std::function<void()>& body) {
  const std::function<void(std::size_t, int)> once = [&body](std::size_t, int) { body(); };
  Job job;
  job.n = 1;
  job.body = &once;
  job.seats = 1;
  pool().hand_over(job);
  if (job.first) std::rethrow_exception(job.first);
}

void start_pool_threads(int threads) { pool().start(threads); }

}  // namespace conquian
