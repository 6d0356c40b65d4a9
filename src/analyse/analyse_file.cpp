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

// A game whose decisions are solved: every evaluation asked (the thread's own, made at its
// first game).
void analyse_one(GameTag<ConquianGame>, const check::CheckedGame& g, const AnalyseOptions& options,
                 std::optional<std::vector<std::unique_ptr<Evaluation>>>& mine, GameResult& out) {
  if (!mine) mine = make_evaluations(options.budgets);
  out.analysis = analyse_game(*g.record, g.rules, *mine, options);
}

// A Pan deal of several seats and hundreds of unseen cards is past the solvers
// (specs/panguingue.md): each decision estimated from the seat's own view instead, said so.
void analyse_one(GameTag<PanGame>, const check::CheckedGame& g, const AnalyseOptions& options,
                 std::optional<std::vector<std::unique_ptr<Evaluation>>>&, GameResult& out) {
  PanAnalyseOptions how;
  how.worlds = static_cast<std::size_t>(options.pan_worlds);
  how.seconds = options.seconds;
  how.threshold = options.threshold;
  out.pan_analysis = analyse_pan_game(*g.record, g.rules, how);
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
    if (g.verdict.judgement == check::Judgement::Legal) {
      slot.push_back(results.size());
      legal.push_back(g);
    }
    results.push_back({std::move(g.verdict), std::nullopt, std::nullopt});
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
    visit_game(*legal[k].rules, [&](auto tag) { analyse_one(tag, legal[k], options, mine, results[slot[k]]); });
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
