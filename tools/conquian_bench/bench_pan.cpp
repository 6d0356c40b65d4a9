// Panguingue's speed goals, side by side with Conquian's in one run:
//   - `check` on simulated 8-seat Pan deals judges at least half as many moves a second as on
//     american deals (both in memory as YAML text, one thread, rounds interleaved);
//   - `simulate` of 8-seat Pan deals with greedy players: at least 2,000 deals a second on one core;
//   - the peak resident memory of `conquian check --threads 2` on 1 GB of Pan JSON Lines: under 100 MB.
// `conquian_bench pan [--deals N] [--runs R] [--big-gb G]` (G = 0 skips the memory run).
#include <fmt/core.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "base/rng.h"
#include "batch/pan_simulate.h"
#include "batch/simulate.h"
#include "bench.h"
#include "check/check_file.h"
#include "record/record_json_writer.h"
#include "record/record_writer.h"
#include "rules/ruleset.h"

namespace {

using namespace conquian;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// CPU seconds of this process (user + system), for a one-core rate on a shared machine.
double cpu_seconds() {
  struct rusage u {};
  ::getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

struct Deals {
  std::string yaml;
  std::uint64_t moves = 0;
};

// `n` simulated deals of `ruleset` (greedy players) as one YAML file's text.
Deals simulated(const std::string& ruleset, std::uint64_t n, int seats) {
  auto rules = load_ruleset(ruleset);
  Deals d;
  for (std::uint64_t i = 0; i < n; ++i) {
    auto deal = batch::simulate_deal(*rules, ruleset, 7, i, {}, seats);
    d.moves += deal.record.moves.size();
    if (i) d.yaml += "---\n";
    d.yaml += record::write_record(deal.record);
  }
  return d;
}

// CPU seconds of checking `text` on one thread; every game must be legal.
double check_seconds(const std::string& text) {
  std::uint64_t legal = 0, games = 0;
  const double t0 = cpu_seconds();
  check::CheckFileOptions one;
  one.threads = 1;
  check::check_text(
      text, "bench.yaml",
      [&](const check::GameVerdict& v) {
        ++games;
        legal += v.judgement == check::Judgement::Legal;
      },
      one);
  const double s = cpu_seconds() - t0;
  if (legal != games)
    throw std::runtime_error(fmt::format("{} of {} simulated games are not legal", games - legal, games));
  return s;
}

// The peak resident memory (MiB) of `conquian check --threads 2 --quiet FILE`.
double child_peak_mib(const std::string& conquian, const std::string& file) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl(conquian.c_str(), conquian.c_str(), "check", "--quiet", "--threads", "2", file.c_str(),
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  struct rusage use {};
  ::wait4(pid, &status, 0, &use);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error(fmt::format("conquian check on {} did not pass (status {})", file, status));
  return static_cast<double>(use.ru_maxrss) / 1024.0;
}

int bench_pan(const bench::Args& args) {
  const std::uint64_t deals = std::stoull(bench::arg(args, "--deals", "2000"));
  const int runs = std::stoi(bench::arg(args, "--runs", "5"));
  const double big_gb = std::stod(bench::arg(args, "--big-gb", "1"));

  fmt::print("simulating {} american deals and {} panguingue deals at 8 seats ...\n", deals, deals);
  const Deals conquian_deals = simulated("american", deals, 0);
  const Deals pan_deals = simulated("panguingue", deals, 8);

  std::vector<double> c_rate, p_rate, ratio;
  for (int r = 0; r < runs; ++r) {
    const double c = check_seconds(conquian_deals.yaml);
    const double p = check_seconds(pan_deals.yaml);
    c_rate.push_back(static_cast<double>(conquian_deals.moves) / c);
    p_rate.push_back(static_cast<double>(pan_deals.moves) / p);
    ratio.push_back(p_rate.back() / c_rate.back());
  }
  fmt::print("check, one thread, moves judged a second (median of {} rounds, CPU time):\n", runs);
  fmt::print("  american, 2 seats       {:>12.0f}  ({} moves)\n", bench::median(c_rate), conquian_deals.moves);
  fmt::print("  panguingue, 8 seats     {:>12.0f}  ({} moves)\n", bench::median(p_rate), pan_deals.moves);
  fmt::print("  panguingue / american   {:>12.2f}  (rounds {:.2f}-{:.2f}; goal >= 0.5)\n", bench::median(ratio),
             *std::min_element(ratio.begin(), ratio.end()), *std::max_element(ratio.begin(), ratio.end()));

  auto pan = load_ruleset("panguingue");
  std::vector<double> sim_rate;
  for (int r = 0; r < runs; ++r) {
    const double t0 = cpu_seconds();
    const std::uint64_t n = 1000;
    for (std::uint64_t i = 0; i < n; ++i) (void)batch::simulate_deal(*pan, "panguingue", 11 + r, i, {"greedy"}, 8);
    sim_rate.push_back(static_cast<double>(n) / (cpu_seconds() - t0));
  }
  fmt::print(
      "simulate, 8 seats, greedy, one core: {:.0f} deals a second (median of {} rounds of 1,000; goal >= "
      "2,000)\n",
      bench::median(sim_rate), runs);

  if (big_gb > 0) {
    const fs::path file = fs::temp_directory_path() / fmt::format("conquian-bench-pan-{}.jsonl", ::getpid());
    {
      std::ofstream out(file);
      std::string lines;
      for (std::uint64_t i = 0; i < 200; ++i) {
        auto deal = batch::simulate_deal(*pan, "panguingue", 13, i, {}, 8);
        lines += record::write_record_json(deal.record) + "\n";
      }
      const auto want = static_cast<std::uintmax_t>(big_gb * 1e9);
      std::uintmax_t written = 0;
      while (written < want) {
        out << lines;
        written += lines.size();
      }
    }
    const std::string conquian = (fs::read_symlink("/proc/self/exe").parent_path() / "conquian").string();
    const auto t0 = Clock::now();
    const double peak = child_peak_mib(conquian, file.string());
    fmt::print(
        "check --threads 2 on {:.2f} GB of panguingue JSON Lines: peak resident {:.1f} MB, {:.1f} s (goal < 100 "
        "MB)\n",
        static_cast<double>(fs::file_size(file)) / 1e9, peak * 1.048576, bench::seconds_since(t0));
    fs::remove(file);
  }
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("pan", "Panguingue: check against american, simulate at 8 seats, memory on 1 GB", bench_pan);
