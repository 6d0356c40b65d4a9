#include "analyse/analyse_file.h"

#include <fmt/format.h>

#include <memory>
#include <mutex>
#include <optional>

#include "base/parallel_for.h"
#include "check/check_file.h"
#include "record/input_error.h"
#include "replay/game_of.h"

namespace conquian::analyse {
namespace {

bool chosen(const check::GameVerdict& v, const Selection& which) {
  if (which.game > 0 && v.index != which.game) return false;
  if (!which.id.empty() && v.id != which.id) return false;
  return true;
}

// The games `check_keeping` gives (a file's or a text's, named `path`) analysed.
std::vector<GameResult> analyse_checked(const std::function<void(const check::CheckedSink&)>& check_keeping,
                                        const std::string& path, const Selection& which, const AnalyseOptions& options,
                                        int threads, const AnalyseProgress& progress) {
  std::vector<GameResult> results;
  std::vector<check::CheckedGame> legal;  // with the index of its result
  std::vector<std::size_t> slot;
  int documents = 0;
  check_keeping([&](check::CheckedGame&& g) {
    documents = std::max(documents, g.verdict.index);
    if (!chosen(g.verdict, which)) return;
    if (g.verdict.judgement == check::Judgement::Legal && g.rules && !game_facts(*g.rules).solved) {
      // Every decision of a game is solved here; a Pan deal of several seats and hundreds of
      // unseen cards is not (specs/panguingue.md, "What is not solved"): said, not guessed.
      results.push_back({std::move(g.verdict), std::nullopt,
                         "a panguingue deal is not analysed: its decisions, with many seats and hundreds of cards "
                         "unseen, are past the solvers, and a guess is no analysis"});
      return;
    }
    if (g.verdict.judgement == check::Judgement::Legal) {
      slot.push_back(results.size());
      legal.push_back(g);
    }
    results.push_back({std::move(g.verdict), std::nullopt, {}});
  });
  if (results.empty() && (which.game > 0 || !which.id.empty())) {
    std::string what = which.game > 0 ? fmt::format("--game {}", which.game) : fmt::format("--id {}", which.id);
    throw record::InputError(
        path, {},
        fmt::format("{}: no such game (the file holds {} game{})", what, documents, documents == 1 ? "" : "s"));
  }

  std::mutex progress_lock;
  std::size_t analysed = 0;
  if (progress) progress(0, legal.size());
  // Each thread its own evaluations (their tables are not shared), made at its first game.
  std::vector<std::optional<std::vector<std::unique_ptr<Evaluation>>>> evaluations(
      static_cast<std::size_t>(pool_threads(legal.size(), threads)));
  parallel_for(legal.size(), threads, [&](std::size_t k, int thread) {
    auto& mine = evaluations[static_cast<std::size_t>(thread)];
    if (!mine) mine = make_evaluations(options.budgets);
    results[slot[k]].analysis = analyse_game(*legal[k].record, legal[k].rules, *mine, options);
    if (!progress) return;
    std::lock_guard<std::mutex> hold(progress_lock);
    progress(++analysed, legal.size());
  });
  return results;
}

}  // namespace

std::vector<GameResult> analyse_file(const std::string& path, const Selection& which, const AnalyseOptions& options,
                                     int threads, const AnalyseProgress& progress) {
  check::CheckFileOptions how;
  how.threads = threads;  // the file read and judged on the threads that analyse its games
  return analyse_checked([&](const check::CheckedSink& sink) { check::check_file_keeping(path, sink, how); }, path,
                         which, options, threads, progress);
}

std::vector<GameResult> analyse_text(std::string_view text, const std::string& name, record::RecordFormat format,
                                     const Selection& which, const AnalyseOptions& options, int threads,
                                     const AnalyseProgress& progress) {
  check::CheckFileOptions how;
  how.threads = threads;
  return analyse_checked(
      [&](const check::CheckedSink& sink) { check::check_text_keeping(text, name, sink, how, format); }, name, which,
      options, threads, progress);
}

}  // namespace conquian::analyse
