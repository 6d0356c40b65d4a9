// `analyse` on every game of corpus/legal/ with the default budgets (goal:
// <= 60 s), files shared out over --threads (default: one per core). Prints per file the
// games, decisions, and how many decisions each evaluation left unsolved.
// --max-nodes, --chance-nodes, --seat-nodes, --seat-worlds, --seat-world-nodes and
// --no-seat-view as for `conquian analyse`: `--max-nodes 1 --chance-nodes 1` leaves the seat
// view's own cost (the others give up at once), `--no-seat-view` the cost without it.
#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "analyse/analyse_file.h"
#include "base/parallel_for.h"
#include "bench.h"

namespace {

int bench_analyse(const conquian::bench::Args& args) {
  using namespace conquian;
  const std::string dir = conquian::bench::arg(args, "--dir", std::string(CONQUIAN_SOURCE_DIR) + "/corpus/legal");
  const int threads = std::stoi(conquian::bench::arg(args, "--threads", "0"));
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".yaml") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  analyse::AnalyseOptions options;
  analyse::Budgets& b = options.budgets;
  b.exact_nodes = std::stoull(conquian::bench::arg(args, "--max-nodes", std::to_string(b.exact_nodes)));
  b.chance_nodes = std::stoull(conquian::bench::arg(args, "--chance-nodes", std::to_string(b.chance_nodes)));
  b.seat_nodes = std::stoull(conquian::bench::arg(args, "--seat-nodes", std::to_string(b.seat_nodes)));
  b.seat_world_nodes =
      std::stoull(conquian::bench::arg(args, "--seat-world-nodes", std::to_string(b.seat_world_nodes)));
  b.seat_worlds = std::stoi(conquian::bench::arg(args, "--seat-worlds", std::to_string(b.seat_worlds)));
  b.seat_view = std::find(args.begin(), args.end(), "--no-seat-view") == args.end();
  // Files are shared out to the threads (as an archive would be analysed: `conquian analyse`
  // on several files at once), and each file's games run in parallel too (--threads), so
  // that one slow file late in the list does not leave the other cores idle.
  const int n_threads = threads > 0 ? threads : conquian::default_threads();
  std::vector<std::string> lines(files.size());
  std::atomic<int> games{0}, refused{0};
  auto t0 = std::chrono::steady_clock::now();
  conquian::parallel_for(files.size(), n_threads, [&](std::size_t i) {
    const std::string& file = files[i];
    auto f0 = std::chrono::steady_clock::now();
    auto results = analyse::analyse_file(file, {}, options, n_threads);
    int decisions = 0, unsolved = 0;
    std::vector<int> open;  // per evaluation: decisions it judged no value for
    std::vector<std::string> keys;
    for (const auto& r : results) {
      if (!r.analysis) {
        ++refused;
        continue;
      }
      ++games;
      const analyse::Analysis& a = *r.analysis;
      open.resize(a.keys.size());
      keys = a.keys;
      for (const analyse::Row& row : a.rows) {
        if (!row.decision) continue;
        ++decisions;
        unsolved += row.cls == analyse::Class::Unsolved;
        for (std::size_t e = 0; e < row.judged.size(); ++e) open[e] += !row.judged[e].a.solved;
      }
    }
    std::string per;
    for (std::size_t e = 0; e < open.size(); ++e) per += fmt::format("  {} {}", keys[e], open[e]);
    lines[i] = fmt::format("{:42} {:3} games {:5} decisions {:5} unsolved{}  {:6.2f} s\n",
                           std::filesystem::path(file).filename().string(), results.size(), decisions, unsolved, per,
                           conquian::bench::seconds_since(f0));
  });
  for (const auto& line : lines) fmt::print("{}", line);
  const double total = conquian::bench::seconds_since(t0);
  fmt::print("{} games analysed ({} refused) in {:.1f} s on {} threads (goal <= 60 s)\n", games.load(), refused.load(),
             total, n_threads);
  return refused.load() == 0 ? 0 : 1;
}

}  // namespace

BENCHMARK_ENTRY("analyse", "analyse on every game of corpus/legal/ (goal <= 60 s)", bench_analyse);
