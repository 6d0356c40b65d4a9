// `check` on the same generated games as YAML and as JSON Lines, side by side (issue 25's
// goals): JSON Lines against YAML on one thread (goal >= 5x), 2 threads against 1 (goal >= 1.8x), the JSON reader's
// share of the JSON Lines check (goal <= 1/4) beside the judging alone (what the share is measured against) and
// simdjson's own full parse of the file (the ceiling of any reader on it), and the peak resident memory of `conquian
// check` on a 1 GB JSON Lines file (goal < 100 MB), made in the temporary folder and removed.
#include <fmt/core.h>
#include <simdjson.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "batch/simulate.h"
#include "bench.h"
#include "check/check_file.h"
#include "check/check_record.h"
#include "record/record_json_writer.h"
#include "record/record_reader.h"
#include "record/record_writer.h"

namespace {

using namespace conquian;
namespace fs = std::filesystem;

// Wall and CPU seconds (the process's user + system time, every thread's) of one timed part,
// each the best of its runs. On a machine that others share, a one-thread part's CPU time
// stands while its wall time stretches with the load; two threads' gain shows only in wall time.
struct Timing {
  double wall = 1e9;
  double cpu = 1e9;
};

double process_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Times `part()` `runs` times; `part` resets and counts what it needs.
template <typename Part>
Timing best_of(int runs, Part&& part) {
  Timing best;
  for (int r = 0; r < runs; ++r) {
    const double cpu0 = process_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    part();
    best.wall = std::min(best.wall, bench::seconds_since(t0));
    best.cpu = std::min(best.cpu, process_cpu_seconds() - cpu0);
  }
  return best;
}

// `check_file` on `path` on `threads` threads; `legal` counts the legal games.
Timing time_check(const std::string& path, int threads, int runs, int& legal) {
  check::CheckFileOptions how;
  how.threads = threads;
  return best_of(runs, [&] {
    legal = 0;
    check::check_file(
        path, [&](check::GameVerdict&& v) { legal += v.judgement == check::Judgement::Legal; }, how);
  });
}

// The reader alone: every record of the file read, none judged.
Timing time_read(const std::string& path, int runs, std::size_t& read) {
  return best_of(runs, [&] {
    read = 0;
    record::read_record_file(path, [&](record::ReadItem&& item) { read += item.record.has_value(); });
  });
}

// Judging alone: every record of the file read first and kept, then each judged
// (check_record, what `check` does past the reader) under `rules`, timed.
Timing time_judging(const std::string& path, const Ruleset& rules, int runs, int& legal) {
  std::vector<record::GameRecord> records;
  record::read_record_file(path, [&](record::ReadItem&& item) {
    if (item.record) records.push_back(std::move(*item.record));
  });
  return best_of(runs, [&] {
    legal = 0;
    for (const record::GameRecord& rec : records)
      legal += check::check_record(rec, rules).judgement == check::Judgement::Legal;
  });
}

// simdjson's DOM parser on every document of the file (a full parse, no schema): the file
// loaded first, the parse alone timed.
Timing time_simdjson(const std::string& path, int runs, std::size_t& docs) {
  simdjson::padded_string text;
  if (simdjson::padded_string::load(path).get(text) != simdjson::SUCCESS) return {};
  simdjson::dom::parser parser;
  return best_of(runs, [&] {
    docs = 0;
    simdjson::dom::document_stream stream;
    if (parser.parse_many(text).get(stream) != simdjson::SUCCESS) return;
    for (auto doc : stream) docs += doc.error() == simdjson::SUCCESS;
  });
}

// The peak resident memory (MB) of `conquian check --quiet FILE`, and its exit status.
double peak_rss_of_check(const std::string& conquian, const std::string& file, int& status) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl(conquian.c_str(), conquian.c_str(), "check", "--quiet", file.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  struct rusage use {};
  int wstatus = 0;
  ::wait4(pid, &wstatus, 0, &use);
  status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
  return static_cast<double>(use.ru_maxrss) / 1024.0;  // KiB on Linux
}

// The machine's load average over the last minute (/proc/loadavg): the figures mean little
// on a machine that others share, unless the load beside them is known.
std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one;
  in >> one;
  return one.empty() ? "unknown" : one;
}

int bench_check(const bench::Args& args) {
  const int games = std::stoi(bench::arg(args, "--games", "10000"));
  const int runs = std::stoi(bench::arg(args, "--runs", "3"));
  const std::string ruleset = bench::arg(args, "--ruleset", "american");
  const double big_gb = std::stod(bench::arg(args, "--big-gb", "1"));
  const fs::path tmp = fs::temp_directory_path();
  const std::string yaml = (tmp / "conquian-bench-check.yaml").string();
  const std::string jsonl = (tmp / "conquian-bench-check.jsonl").string();
  auto rules = load_ruleset(ruleset);
  std::size_t total_moves = 0;
  std::string lines;
  {
    std::ofstream y(yaml);
    for (int i = 0; i < games; ++i) {
      auto deal = batch::simulate_deal(*rules, ruleset, 99, static_cast<std::uint64_t>(i), {"greedy"});
      total_moves += deal.record.moves.size();
      y << (i ? "---\n" : "") << record::write_record(deal.record);
      lines += record::write_record_json(deal.record) + "\n";
    }
    std::ofstream(jsonl) << lines;
  }
  fmt::print("{} games of {}, {:.1f} moves/game: YAML {:.1f} MB, JSON Lines {:.1f} MB (best of {} runs)\n", games,
             ruleset, double(total_moves) / games, static_cast<double>(fs::file_size(yaml)) / 1e6,
             static_cast<double>(fs::file_size(jsonl)) / 1e6, runs);

  const std::string load_before = load_average();
  int legal_yaml = 0, legal_1 = 0, legal_2 = 0;
  std::size_t read_yaml = 0, read_json = 0, docs = 0;
  const Timing yaml_read = time_read(yaml, runs, read_yaml);
  const Timing yaml_1 = time_check(yaml, 1, runs, legal_yaml);
  const Timing raw = time_simdjson(jsonl, runs, docs);
  const Timing json_read = time_read(jsonl, runs, read_json);
  int legal_judged = 0;
  const Timing judging = time_judging(jsonl, *rules, runs, legal_judged);
  const Timing json_1 = time_check(jsonl, 1, runs, legal_1);
  const Timing json_2 = time_check(jsonl, 2, runs, legal_2);
  fmt::print("{:<46} {:>9} {:>9} {:>12}\n", "", "wall", "CPU", "games/s wall");
  const auto line = [&](const char* what, const Timing& t, std::size_t n) {
    fmt::print("{:<46} {:7.3f} s {:7.3f} s {:12.0f}\n", what, t.wall, t.cpu, static_cast<double>(n) / t.wall);
  };
  line("YAML read (libyaml events + schema)", yaml_read, read_yaml);
  line("YAML check, 1 thread", yaml_1, games);
  line("simdjson parse_many, DOM (the ceiling)", raw, docs);
  line("JSON Lines read (simdjson On-Demand + schema)", json_read, read_json);
  line("judging alone (check_record, records in memory)", judging, static_cast<std::size_t>(games));
  line("JSON Lines check, 1 thread", json_1, games);
  line("JSON Lines check, 2 threads", json_2, games);

  const std::string load_after = load_average();
  // Each ratio on wall time, and on CPU time beside it where that means the same (one thread).
  fmt::print("JSON Lines / YAML check, 1 thread:  {:5.2f}x wall, {:5.2f}x CPU (goal >= 5x)\n",
             yaml_1.wall / json_1.wall, yaml_1.cpu / json_1.cpu);
  fmt::print("JSON Lines check, 2 threads / 1:     {:5.2f}x wall (goal >= 1.8x; CPU time cannot show it)\n",
             json_1.wall / json_2.wall);
  fmt::print(
      "reader's share of JSON Lines check: {:5.2f} wall, {:5.2f} CPU (goal <= 0.25); simdjson's parse alone {:.2f}\n",
      json_read.wall / json_1.wall, json_read.cpu / json_1.cpu, raw.cpu / json_1.cpu);
  // The check is the read and the judging: a share of a quarter needs the read at most a third of the judging.
  fmt::print(
      "  the arithmetic, CPU: read {:.3f} s + judging alone {:.3f} s = {:.3f} s (the check took {:.3f} s); a share of "
      "0.25 needs the read <= judging / 3 = {:.3f} s, simdjson's parse alone is {:.3f} s\n",
      json_read.cpu, judging.cpu, json_read.cpu + judging.cpu, json_1.cpu, judging.cpu / 3, raw.cpu);
  fmt::print("load average (1 min) before and after: {} {} on {} cores\n", load_before, load_after,
             std::thread::hardware_concurrency());
  int status = 0;
  if (big_gb > 0) {
    // A 1 GB file: the same lines over and over, checked by the command in a process of its
    // own, whose peak resident memory the kernel reports.
    const std::string big = (tmp / "conquian-bench-check-big.jsonl").string();
    const auto want = static_cast<std::uintmax_t>(big_gb * 1e9);
    {
      std::ofstream out(big);
      for (std::uintmax_t written = 0; written < want; written += lines.size()) out << lines;
    }
    const std::string conquian = (fs::read_symlink("/proc/self/exe").parent_path() / "conquian").string();
    const auto t0 = std::chrono::steady_clock::now();
    const double mb = peak_rss_of_check(conquian, big, status);
    fmt::print(
        "conquian check on a {:.2f} GB JSON Lines file: peak resident {:.1f} MB (goal < 100 MB), {:.1f} s, "
        "exit {}\n",
        static_cast<double>(fs::file_size(big)) / 1e9, mb, bench::seconds_since(t0), status);
    fs::remove(big);
  }
  fs::remove(yaml);
  fs::remove(jsonl);
  const bool same = legal_yaml == games && legal_1 == games && legal_2 == games && legal_judged == games &&
                    docs == std::size_t(games);
  return same && status == 0 ? 0 : 1;
}

}  // namespace

BENCHMARK_ENTRY("check", "check on YAML and on JSON Lines; the JSON reader's share; peak memory on 1 GB of JSON Lines",
                bench_check);
