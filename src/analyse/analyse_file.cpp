#include "analyse/analyse_file.h"

#include <fmt/format.h>

#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#include "check/check_file.h"
#include "record/input_error.h"

namespace conquian::analyse {
namespace {

bool chosen(const check::GameVerdict& v, const Selection& which) {
  if (which.game > 0 && v.index != which.game) return false;
  if (!which.id.empty() && v.id != which.id) return false;
  return true;
}

}  // namespace

std::vector<GameResult> analyse_file(const std::string& path, const Selection& which, const AnalyseOptions& options,
                                     int threads, const AnalyseProgress& progress) {
  std::vector<GameResult> results;
  std::vector<check::CheckedGame> legal;  // with the index of its result
  std::vector<std::size_t> slot;
  int documents = 0;
  check::check_file_keeping(path, [&](check::CheckedGame&& g) {
    documents = std::max(documents, g.verdict.index);
    if (!chosen(g.verdict, which)) return;
    if (g.verdict.judgement == check::Judgement::Legal) {
      slot.push_back(results.size());
      legal.push_back(g);
    }
    results.push_back({std::move(g.verdict), std::nullopt});
  });
  if (results.empty() && (which.game > 0 || !which.id.empty())) {
    std::string what = which.game > 0 ? fmt::format("--game {}", which.game) : fmt::format("--id {}", which.id);
    throw record::InputError(
        path, {},
        fmt::format("{}: no such game (the file holds {} game{})", what, documents, documents == 1 ? "" : "s"));
  }

  if (threads < 1) threads = int(std::max(1u, std::thread::hardware_concurrency()));
  threads = std::min<int>(threads, int(std::max<std::size_t>(1, legal.size())));
  std::atomic<std::size_t> next{0};
  std::mutex progress_lock;
  std::size_t analysed = 0;
  if (progress) progress(0, legal.size());
  std::exception_ptr failure;
  std::atomic<bool> failed{false};
  auto work = [&] {
    try {
      auto evaluations = make_evaluations(options.budgets);
      for (std::size_t k; (k = next++) < legal.size() && !failed;) {
        results[slot[k]].analysis = analyse_game(*legal[k].record, legal[k].rules, evaluations, options);
        if (!progress) continue;
        std::lock_guard<std::mutex> hold(progress_lock);
        progress(++analysed, legal.size());
      }
    } catch (...) {
      if (!failed.exchange(true)) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return results;
}

}  // namespace conquian::analyse
