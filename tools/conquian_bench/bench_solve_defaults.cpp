// `conquian solve` as a user first meets it: every position file of corpus/positions with the
// command's default settings (specs/solve.md, "Every answer has a best move"):
//   conquian_bench solve-defaults [--dir corpus/positions] [--args "..."] [--binary build/conquian]
// For each file: the wall time of the whole command (process start to exit), its exit status,
// the answer's basis, whether it proved anything, its best move and what it proved. Goal: an
// answer with a best move for every position a solver takes, within the default time (5 s)
// and a second.
#include <fmt/core.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

#include "bench.h"

namespace conquian::bench {
namespace {

struct Run {
  int status = -1;
  std::string out;
  double seconds = 0;
};

Run run(const std::string& command) {
  Run r;
  const auto t0 = std::chrono::steady_clock::now();
  FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot run " + command);
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) r.out.append(buf, n);
  const int status = pclose(pipe);
  r.seconds = seconds_since(t0);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

int bench_solve_defaults(const Args& args) {
  const std::string binary = arg(args, "--binary", CONQUIAN_BINARY);
  const std::string dir = arg(args, "--dir", std::string(CONQUIAN_SOURCE_DIR) + "/corpus/positions");
  const std::string extra = arg(args, "--args", "");
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().string().ends_with(".position.yml")) files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  fmt::print("conquian solve FILE --json {}(defaults otherwise), {} files of {}\n", extra.empty() ? "" : extra + " ",
             files.size(), dir);
  int missing = 0;
  double worst = 0;
  for (const std::string& f : files) {
    // --ruleset-dir: kept-melds-grow names a ruleset file beside the corpus.
    const Run r = run(binary + " solve '" + f + "' --ruleset-dir '" + dir + "/../rulesets' --json " + extra);
    const std::string name = std::filesystem::path(f).filename().string();
    const nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
    if (r.status == 2) {  // refused (three seats): no answer is due
      fmt::print("  {:<38} {:6.2f} s  exit 2 (refused)\n", name, r.seconds);
      continue;
    }
    worst = std::max(worst, r.seconds);
    if (j.is_discarded() || !j.contains("best") || j["best"].is_null()) {
      ++missing;
      fmt::print("  {:<38} {:6.2f} s  exit {}: NO BEST MOVE: {}\n", name, r.seconds, r.status, r.out.substr(0, 200));
      continue;
    }
    std::string proved = "exact";
    if (j.contains("interval"))
      proved = fmt::format("[{:+.3f}, {:+.3f}]", j["interval"][0].get<double>(), j["interval"][1].get<double>());
    std::string estimate;
    if (j.contains("estimate") && !j["estimate"]["moves"].empty()) {
      const auto& m = j["estimate"]["moves"][0];
      estimate = m["expected"].is_null() ? " estimate: no order finished"
                                         : fmt::format(" estimate {:+.3f} [{:+.3f}, {:+.3f}] over {} orders",
                                                       m["expected"].get<double>(), m["ci95"][0].get<double>(),
                                                       m["ci95"][1].get<double>(), j["estimate"]["worlds"].get<int>());
    }
    fmt::print("  {:<38} {:6.2f} s  exit {}  basis {:<8} proved {}{}  best {}\n", name, r.seconds, r.status,
               j.value("basis", "?"), proved, estimate, j["best"].dump());
  }
  fmt::print("worst wall time {:.2f} s; answers without a best move: {} (goal: none)\n", worst, missing);
  return missing == 0 ? 0 : 1;
}

}  // namespace

BENCHMARK_ENTRY("solve-defaults",
                "conquian solve with its default settings on every corpus position: time, basis, best",
                bench_solve_defaults);

}  // namespace conquian::bench
