// `check` on the same generated games as YAML and as JSON Lines, side by side (and its
// goals): JSON Lines against YAML on one thread (goal >= 5x), 2 threads against 1 (goal >= 1.8x), the JSON reader's
// share of the JSON Lines check (goal <= 1/4) beside the judging alone (what the share is measured against) and
// simdjson's own full parse of the file (the ceiling of any reader on it), and the peak resident memory of `conquian
// check --threads 2` on a 1 GB JSON Lines file and on a 1 GB YAML file (goal < 100 MB), made in the temporary folder
// and removed. Then `conquian check` as whole processes, the file cut into documents that its threads read and judge
// (record/found_document.h): 2 threads against 1 beside the machine's own ceiling for two, two 1-thread processes at
// once, measured in the same rounds (goal: at least 0.9 of it, YAML and JSON Lines); the default threads against one
// on the bench's files and on every file of the corpus (goal: never slower); and a file of one long record, which
// cannot be cut, read cut and whole (goal: no dearer than the whole parse).
#include <fcntl.h>
#include <fmt/core.h>
#include <malloc.h>
#include <simdjson.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yaml.h>

#include <algorithm>
#include <cstring>
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
#include "record/record_files.h"
#include "record/record_json_writer.h"
#include "record/record_reader.h"
#include "record/record_writer.h"
#include "record/yaml_stretch.h"

namespace {

using namespace conquian;
namespace fs = std::filesystem;

// Every value of one On-Demand value visited, as any reader of the records must: each key
// and string unescaped, each number converted (no key compared: less than a reader does).
// What it counts (the scalars) keeps the compiler from dropping the walk; false on any error.
bool walk_value(simdjson::ondemand::value v, std::size_t& scalars) {
  using namespace simdjson;
  ondemand::json_type type;
  if (v.type().get(type) != SUCCESS) return false;
  switch (type) {
    case ondemand::json_type::object: {
      ondemand::object object;
      if (v.get_object().get(object) != SUCCESS) return false;
      for (auto field : object) {
        std::string_view key;
        if (field.unescaped_key().get(key) != SUCCESS) return false;
        scalars += key.size() & 1;
        if (!walk_value(field.value(), scalars)) return false;
      }
      return true;
    }
    case ondemand::json_type::array: {
      ondemand::array array;
      if (v.get_array().get(array) != SUCCESS) return false;
      for (auto element : array) {
        ondemand::value e;
        if (element.get(e) != SUCCESS || !walk_value(e, scalars)) return false;
      }
      return true;
    }
    case ondemand::json_type::string: {
      std::string_view text;
      if (v.get_string().get(text) != SUCCESS) return false;
      scalars += 1 + (text.size() & 1);
      return true;
    }
    case ondemand::json_type::number: {
      double d = 0;
      if (v.get_double().get(d) != SUCCESS) return false;
      scalars += d > 0;
      return true;
    }
    case ondemand::json_type::boolean: {
      bool b = false;
      if (v.get_bool().get(b) != SUCCESS) return false;
      scalars += b;
      return true;
    }
    case ondemand::json_type::null: return v.is_null().value_unsafe();
    default: return false;
  }
}

// libyaml's parser alone on a YAML text: every event pulled and dropped, no schema and no
// record built: the floor of any reader on libyaml's event API. The events, 0 on an error.
std::size_t libyaml_events(const std::string& text) {
  yaml_parser_t parser;
  if (yaml_parser_initialize(&parser) == 0) return 0;
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  std::size_t events = 0;
  for (bool end = false; !end; ++events) {
    yaml_event_t event;
    if (yaml_parser_parse(&parser, &event) == 0) {
      events = 0;
      break;
    }
    end = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
  }
  yaml_parser_delete(&parser);
  return events;
}

// simdjson's complete On-Demand walk of a JSON Lines text in memory (padded): each line parsed
// on its own, as `check` parses it (record/json_record_reader.cpp), and every value of it
// visited (walk_value). The documents walked whole.
std::size_t walk_lines(std::string_view text, std::size_t room, simdjson::ondemand::parser& parser,
                       std::size_t& scalars) {
  std::size_t walked = 0;
  const char* p = text.data();
  const char* end = text.data() + text.size();
  while (p < end) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
    if (nl == nullptr) nl = end;
    if (nl > p) {
      simdjson::ondemand::document doc;
      const simdjson::padded_string_view line(p, static_cast<std::size_t>(nl - p),
                                              room - static_cast<std::size_t>(p - text.data()));
      simdjson::ondemand::value root;
      walked += parser.iterate(line).get(doc) == simdjson::SUCCESS && doc.get_value().get(root) == simdjson::SUCCESS &&
                walk_value(root, scalars);
    }
    p = nl + 1;
  }
  return walked;
}

// The same walk over a file, read as `check` reads JSON Lines: in blocks of 4 MB into one
// reused buffer, a line that straddles two blocks carried over. The documents walked whole.
std::size_t walk_file(const std::string& path, simdjson::ondemand::parser& parser, std::size_t& scalars) {
  constexpr std::size_t kBlock = std::size_t{4} << 20;
  std::vector<char> buffer(2 * kBlock + simdjson::SIMDJSON_PADDING);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  std::size_t walked = 0, held = 0;
  for (;;) {
    if (held + kBlock > buffer.size() - simdjson::SIMDJSON_PADDING)
      buffer.resize(held + kBlock + simdjson::SIMDJSON_PADDING);  // a line longer than a block
    const ssize_t n = ::read(fd, buffer.data() + held, kBlock);
    if (n < 0) break;
    held += static_cast<std::size_t>(n);
    // The whole lines held (all of them at the end of the file).
    const char* last = static_cast<const char*>(memrchr(buffer.data(), '\n', held));
    const std::size_t whole = n == 0 ? held : last == nullptr ? 0 : static_cast<std::size_t>(last - buffer.data()) + 1;
    std::memset(buffer.data() + held, 0, simdjson::SIMDJSON_PADDING);
    walked += walk_lines(std::string_view(buffer.data(), whole), buffer.size(), parser, scalars);
    std::memmove(buffer.data(), buffer.data() + whole, held - whole);
    held -= whole;
    if (n == 0) break;
  }
  ::close(fd);
  return walked;
}

// `conquian_bench walk FILE`: the walk as a process, the floor of `conquian check` on a JSON
// Lines file (tools/bench times the two side by side with hyperfine). --repeat N walks it N
// times in the one process and prints each walk's CPU time.
int bench_walk(const bench::Args& args) {
  if (args.empty()) {
    fmt::print(stderr, "usage: conquian_bench walk FILE.jsonl [--repeat N]\n");
    return 2;
  }
  const int repeat = std::stoi(bench::arg(args, "--repeat", "1"));
  simdjson::ondemand::parser parser;
  std::size_t walked = 0, scalars = 0;
  for (int r = 0; r < repeat; ++r) {
    timespec t0{}, t1{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    walked = walk_file(args[0], parser, scalars);
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    if (repeat > 1)
      fmt::print("walk {}: {:.3f} s CPU\n", r + 1,
                 static_cast<double>(t1.tv_sec - t0.tv_sec) + static_cast<double>(t1.tv_nsec - t0.tv_nsec) * 1e-9);
  }
  fmt::print("{} documents walked, {} values\n", walked, scalars);
  return walked > 0 ? 0 : 1;
}

// `conquian_bench read FILE`: `check`'s reader alone as a process, on one thread: every record
// of the file read, none judged.
int bench_read(const bench::Args& args) {
  if (args.empty()) {
    fmt::print(stderr, "usage: conquian_bench read FILE\n");
    return 2;
  }
  std::size_t records = 0, errors = 0;
  record::read_record_file(args[0], [&](record::ReadItem&& item) {
    records += item.record.has_value();
    errors += item.error.has_value();
  });
  fmt::print("{} records read, {} errors\n", records, errors);
  return records > 0 ? 0 : 1;
}

// Judging alone: check_record (what `check` does past the reader) on records in memory, the
// legal ones counted. Kept out of line, under its own name, so that a profiler can count it
// alone: `valgrind --tool=callgrind --toggle-collect='*judge_records*'`.
[[gnu::noinline]] int judge_records(const std::vector<record::GameRecord>& records, const Ruleset& rules) {
  int legal = 0;
  for (const record::GameRecord& rec : records)
    legal += check::check_record(rec, rules).judgement == check::Judgement::Legal;
  return legal;
}

// The games `conquian_bench check` times, made the same way: `games` deals of `ruleset` played
// by the greedy player (seed 99, deals 0, 1, ...), written as JSON Lines to `path`.
std::size_t write_bench_games(const Ruleset& rules, const std::string& ruleset, int games, const std::string& path,
                              std::string* yaml_path, std::string& lines) {
  std::size_t total_moves = 0;
  std::ofstream y;
  if (yaml_path) y.open(*yaml_path);
  for (int i = 0; i < games; ++i) {
    auto deal = batch::simulate_deal(rules, ruleset, 99, static_cast<std::uint64_t>(i), {"greedy"});
    total_moves += deal.record.moves.size();
    if (yaml_path) y << (i ? "---\n" : "") << record::write_record(deal.record);
    lines += record::write_record_json(deal.record) + "\n";
  }
  std::ofstream(path) << lines;
  return total_moves;
}

// `conquian_bench yaml-events FILE`: libyaml's event parse of a YAML file as a process (the
// file read whole, as `check` reads YAML), the floor of `conquian check` on it.
int bench_yaml_events(const bench::Args& args) {
  if (args.empty()) {
    fmt::print(stderr, "usage: conquian_bench yaml-events FILE.yaml\n");
    return 2;
  }
  std::ifstream in(args[0], std::ios::binary);
  std::ostringstream all;
  all << in.rdbuf();
  const std::size_t events = libyaml_events(all.str());
  fmt::print("{} events\n", events);
  return events > 0 ? 0 : 1;
}

// Wall and CPU seconds (the process's user + system time, every thread's) of one timed run.
// On a machine that others share, a one-thread part's CPU time stands while its wall time
// stretches with the load; two threads' gain shows only in wall time.
struct Timing {
  double wall = 0;
  double cpu = 0;
};

double process_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

template <typename Part>
Timing time_once(Part&& part) {
  const double cpu0 = process_cpu_seconds();
  const auto t0 = std::chrono::steady_clock::now();
  part();
  return {bench::seconds_since(t0), process_cpu_seconds() - cpu0};
}

// One part's runs, one a round: every round runs every part once, in turn, so that a ratio
// is taken between runs made seconds apart. This machine's speed drifts by a third within a
// minute (a hypervisor's cores): parts timed one after another, each the best of its own runs,
// gave 3.5x and 5.8x for the same ratio in two calls a minute apart.
struct Runs {
  std::vector<Timing> each;
  double median_wall() const { return median(&Timing::wall); }
  double median_cpu() const { return median(&Timing::cpu); }
  double median(double Timing::*field) const {
    std::vector<double> v;
    for (const Timing& t : each) v.push_back(t.*field);
    return bench::median(v);
  }
};

// A ratio taken round by round: its median, smallest and largest.
struct Ratio {
  double median = 0, low = 0, high = 0;
};
template <typename Of>
Ratio ratio_by_round(std::size_t rounds, Of of) {
  std::vector<double> v;
  for (std::size_t r = 0; r < rounds; ++r) v.push_back(of(r));
  return {bench::median(v), *std::min_element(v.begin(), v.end()), *std::max_element(v.begin(), v.end())};
}

// `check_file` on `path` on `threads` threads; returns the legal games.
int check_legal(const std::string& path, int threads) {
  check::CheckFileOptions how;
  how.threads = threads;
  int legal = 0;
  check::check_file(
      path, [&](check::GameVerdict&& v) { legal += v.judgement == check::Judgement::Legal; }, how);
  return legal;
}

// The peak resident memory (MB) of `conquian check --quiet --threads 2 FILE`, and its exit status.
double peak_rss_of_check(const std::string& conquian, const std::string& file, int& status) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl(conquian.c_str(), conquian.c_str(), "check", "--quiet", "--threads", "2", file.c_str(),
            static_cast<char*>(nullptr));
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

// ---------------------------------------------------------------------------------------
// `conquian check` as whole processes, the file cut into documents that the threads read and
// judge (record/found_document.h): 2 threads against 1 beside the machine's own ceiling for
// two, measured in the same rounds (two 1-thread processes at once against one); the default
// threads against one, on the bench's files and on every corpus file; a file of one long
// record, which cannot be cut, against its whole parse.

// Wall seconds from starting every command at once, each a process of its own, with its
// output thrown away, to the end of the last; `statuses` gets their exit statuses (-1: not run).
double run_processes(const std::vector<std::vector<std::string>>& commands, std::vector<int>& statuses) {
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<pid_t> pids;
  for (const auto& command : commands) {
    std::vector<char*> argv;
    for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t quiet;
    ::posix_spawn_file_actions_init(&quiet);
    ::posix_spawn_file_actions_addopen(&quiet, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    ::posix_spawn_file_actions_addopen(&quiet, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    if (::posix_spawn(&pid, argv[0], &quiet, nullptr, argv.data(), environ) != 0) pid = -1;
    ::posix_spawn_file_actions_destroy(&quiet);
    pids.push_back(pid);
  }
  statuses.assign(pids.size(), -1);
  for (std::size_t i = 0; i < pids.size(); ++i) {
    int wstatus = 0;
    if (pids[i] > 0 && ::waitpid(pids[i], &wstatus, 0) == pids[i] && WIFEXITED(wstatus))
      statuses[i] = WEXITSTATUS(wstatus);
  }
  return bench::seconds_since(t0);
}

std::vector<std::string> check_command(const std::string& conquian, const std::string& file, int threads) {
  std::vector<std::string> c{conquian, "check", "--quiet"};
  if (threads > 0) c.insert(c.end(), {"--threads", std::to_string(threads)});
  c.push_back(file);
  return c;
}

// One file's processes, round by round: 1 thread, 2 threads, the default, two 1-thread at once.
struct ProcessRounds {
  std::vector<double> one, two, default_threads, pair;
  bool ok = true;  // every check exited 0
};

void time_processes_round(const std::string& conquian, const std::string& file, ProcessRounds& r) {
  std::vector<int> st;
  const auto timed = [&](const std::vector<std::vector<std::string>>& commands) {
    const double s = run_processes(commands, st);
    for (const int e : st) r.ok = r.ok && e == 0;
    return s;
  };
  r.one.push_back(timed({check_command(conquian, file, 1)}));
  r.two.push_back(timed({check_command(conquian, file, 2)}));
  r.default_threads.push_back(timed({check_command(conquian, file, 0)}));
  r.pair.push_back(timed({check_command(conquian, file, 1), check_command(conquian, file, 1)}));
}

Ratio ratio_of(const std::vector<double>& num, const std::vector<double>& den, double factor = 1) {
  return ratio_by_round(num.size(), [&](std::size_t i) { return factor * num[i] / den[i]; });
}

void print_process_ratios(const char* what, const ProcessRounds& r) {
  const auto print = [](const std::string& label, const Ratio& x, const char* note) {
    fmt::print("{:<38} {:5.2f}x  (rounds {:.2f} to {:.2f}) {}\n", label, x.median, x.low, x.high, note);
  };
  print(std::string(what) + ", 2 threads / 1, processes", ratio_of(r.one, r.two), "");
  print("  the machine's ceiling: two at once", ratio_of(r.one, r.pair, 2),
        "2 x (1 thread) / (two 1-thread processes at once)");
  print("  2 threads / 1, share of the ceiling", ratio_of(r.pair, r.two, 0.5), "goal >= 0.9");
  print(std::string(what) + ", default / 1 thread, processes", ratio_of(r.one, r.default_threads),
        "goal >= 1 (the default never slower)");
}

// The record files of the corpus (record::record_files: every .yaml, .json and .jsonl, no
// verdict file) checked with the default threads and with one, `runs` times each, in turn.
// Prints the default's speed against one thread's (median over the runs) for the file where
// it is lowest, and the median over the files. Returns the files checked.
std::size_t default_on_corpus(const std::string& conquian, int runs) {
  std::vector<std::string> files;
  for (const char* folder : {"legal", "illegal", "malformed", "analyse"})
    for (const std::string& f : record::record_files({std::string(CONQUIAN_SOURCE_DIR "/corpus/") + folder}))
      files.push_back(f);
  std::vector<double> ratios;
  std::string worst;
  double lowest = 1e9;
  std::vector<int> st;
  for (const std::string& file : files) {
    std::vector<double> one, dflt;
    for (int r = 0; r < runs; ++r) {
      one.push_back(run_processes({check_command(conquian, file, 1)}, st));
      dflt.push_back(run_processes({check_command(conquian, file, 0)}, st));
    }
    const double ratio = bench::median(one) / bench::median(dflt);
    ratios.push_back(ratio);
    if (ratio < lowest) {
      lowest = ratio;
      worst = fs::path(file).filename().string();
    }
  }
  fmt::print(
      "corpus, default / 1 thread, processes: median {:.2f}x over {} files, lowest {:.2f}x ({}), medians of {} runs "
      "each, goal >= 1 within the runs' noise\n",
      bench::median(ratios), files.size(), lowest, worst, runs);
  return files.size();
}

// One record of `moves` moves, written in YAML: no split, one stretch.
std::string one_long_record(const record::GameRecord& base, std::size_t moves) {
  record::GameRecord rec = base;
  rec.moves.clear();
  while (rec.moves.size() < moves) rec.moves.push_back(base.moves[rec.moves.size() % base.moves.size()]);
  return record::write_record(rec);
}

int bench_check_split(const std::string& conquian, const std::string& yaml, const std::string& jsonl, int games,
                      int runs, const record::GameRecord& sample) {
  ProcessRounds y, j, l;
  const std::string long_yaml = (fs::temp_directory_path() / "conquian-bench-check-long.yaml").string();
  const std::string long_text = one_long_record(sample, 100'000);
  std::ofstream(long_yaml) << long_text;
  Runs cut, whole;
  std::size_t moves_cut = 0, moves_whole = 0;
  // The anchors as processes, in the same rounds: simdjson's walk of the JSON Lines file and
  // libyaml's parse of the YAML file (this program's `walk` and `yaml-events`).
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  std::vector<double> walk_process, libyaml_process;
  bool anchors_ok = true;
  for (int r = 0; r < runs; ++r) {
    std::vector<int> st;
    walk_process.push_back(run_processes({{self, "walk", jsonl}}, st));
    anchors_ok = anchors_ok && st[0] == 0;
    libyaml_process.push_back(run_processes({{self, "yaml-events", yaml}}, st));
    anchors_ok = anchors_ok && st[0] == 0;
    time_processes_round(conquian, yaml, y);
    time_processes_round(conquian, jsonl, j);
    time_processes_round(conquian, long_yaml, l);
    // The long record read as the readers read it (cut, one stretch), and whole, as before the cut.
    cut.each.push_back(time_once([&] {
      record::read_record_file(
          long_yaml, [&](record::ReadItem&& item) { moves_cut = item.record ? item.record->moves.size() : 0; });
    }));
    whole.each.push_back(time_once([&] {
      std::ifstream in(long_yaml, std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      record::detail::read_yaml_whole(text.str(), long_yaml, [&](record::ReadItem&& item) {
        moves_whole = item.record ? item.record->moves.size() : 0;
      });
    }));
  }
  fmt::print("check as processes, {} games ({} rounds, wall medians)    1 thread 2 threads   default  two at once\n",
             games, runs);
  const auto row = [](const char* what, const ProcessRounds& r) {
    fmt::print("  {:<46} {:7.3f} s {:7.3f} s {:7.3f} s {:7.3f} s\n", what, bench::median(r.one), bench::median(r.two),
               bench::median(r.default_threads), bench::median(r.pair));
  };
  row("YAML", y);
  row("JSON Lines", j);
  row("YAML, one record of 100,000 moves (no split)", l);
  fmt::print("  {:<46} {:7.3f} s\n", "libyaml's event parse of the YAML (yaml-events)", bench::median(libyaml_process));
  fmt::print("  {:<46} {:7.3f} s\n", "simdjson's walk of the JSON Lines (walk)", bench::median(walk_process));
  fmt::print("ratios taken round by round, median of {} rounds:\n", runs);
  fmt::print("{:<38} {:5.2f}x  (rounds {:.2f} to {:.2f}) goal <= 2x\n", "JSON Lines check, 1 thread / the walk",
             ratio_of(j.one, walk_process).median, ratio_of(j.one, walk_process).low,
             ratio_of(j.one, walk_process).high);
  fmt::print("{:<38} {:5.2f}x  (rounds {:.2f} to {:.2f}) goal <= 1.25x\n", "YAML check, 1 thread / libyaml",
             ratio_of(y.one, libyaml_process).median, ratio_of(y.one, libyaml_process).low,
             ratio_of(y.one, libyaml_process).high);
  print_process_ratios("YAML check", y);
  print_process_ratios("JSON Lines check", j);
  print_process_ratios("one long record", l);
  fmt::print(
      "one record of 100,000 moves ({:.1f} MB of YAML) read, CPU medians: cut {:.3f} s, whole (as before the cut) "
      "{:.3f} s, cut / whole {:.2f}\n",
      static_cast<double>(long_text.size()) / 1e6, cut.median_cpu(), whole.median_cpu(),
      cut.median_cpu() / whole.median_cpu());
  default_on_corpus(conquian, std::max(runs, 5));
  fs::remove(long_yaml);
  const bool read_all = moves_cut == 100'000 && moves_whole == 100'000;
  if (!read_all) fmt::print(stderr, "bench check: the long record read {} and {} moves\n", moves_cut, moves_whole);
  if (!anchors_ok) fmt::print(stderr, "bench check: the walk or libyaml's parse failed as a process\n");
  return y.ok && j.ok && read_all && anchors_ok ? 0 : 1;
}

// A 1 GB YAML file (the bench's YAML file over and over), checked by the command in a process
// of its own on 2 threads: its peak resident memory. Returns the check's exit status.
int peak_rss_of_big_yaml(const std::string& conquian, const std::string& yaml, const fs::path& tmp,
                         std::uintmax_t want) {
  std::string text;
  {
    std::ifstream in(yaml, std::ios::binary);
    std::ostringstream all;
    all << in.rdbuf();
    text = "---\n" + all.str();
  }
  const std::string big = (tmp / "conquian-bench-check-big.yaml").string();
  {
    std::ofstream out(big);
    out << text.substr(4);
    for (std::uintmax_t written = text.size() - 4; written < want; written += text.size()) out << text;
  }
  std::string().swap(text);
  ::malloc_trim(0);
  int status = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const double mb = peak_rss_of_check(conquian, big, status);
  fmt::print(
      "conquian check on a {:.2f} GB YAML file: peak resident {:.1f} MB (goal < 100 MB), {:.1f} s, exit {}, "
      "2 threads\n",
      static_cast<double>(fs::file_size(big)) / 1e9, mb, bench::seconds_since(t0), status);
  fs::remove(big);
  return status;
}

int bench_check(const bench::Args& args) {
  const int games = std::stoi(bench::arg(args, "--games", "10000"));
  const int runs = std::stoi(bench::arg(args, "--runs", "5"));
  if (runs < 1) {
    fmt::print(stderr, "bench check: --runs must be at least 1 (the rounds each part is timed in)\n");
    return 2;
  }
  const std::string ruleset = bench::arg(args, "--ruleset", "american");
  const double big_gb = std::stod(bench::arg(args, "--big-gb", "1"));
  const fs::path tmp = fs::temp_directory_path();
  const std::string yaml = (tmp / "conquian-bench-check.yaml").string();
  const std::string jsonl = (tmp / "conquian-bench-check.jsonl").string();
  auto rules = load_ruleset(ruleset);
  std::string lines;
  std::string yaml_path = yaml;
  const std::size_t total_moves = write_bench_games(*rules, ruleset, games, jsonl, &yaml_path, lines);
  fmt::print("{} games of {}, {:.1f} moves/game: YAML {:.1f} MB, JSON Lines {:.1f} MB ({} rounds)\n", games, ruleset,
             double(total_moves) / games, static_cast<double>(fs::file_size(yaml)) / 1e6,
             static_cast<double>(fs::file_size(jsonl)) / 1e6, runs);

  const std::string load_before = load_average();
  // What the parts work on, made before any is timed: the JSON Lines records in memory (for
  // judging alone) and the file's text padded for simdjson.
  std::vector<record::GameRecord> records;
  record::read_record_file(jsonl, [&](record::ReadItem&& item) {
    if (item.record) records.push_back(std::move(*item.record));
  });
  simdjson::padded_string padded;
  if (simdjson::padded_string::load(jsonl).get(padded) != simdjson::SUCCESS) return 1;
  std::string yaml_text;
  {
    std::ifstream in(yaml, std::ios::binary);
    std::ostringstream all;
    all << in.rdbuf();
    yaml_text = all.str();
  }
  simdjson::dom::parser parser;
  simdjson::ondemand::parser walker;

  int legal_yaml = 0, legal_1 = 0, legal_2 = 0, legal_judged = 0, legal_a = 0, legal_b = 0;
  std::size_t read_yaml = 0, read_json = 0, docs = 0, walked = 0, scalars = 0, events = 0;
  Runs yaml_events, yaml_read, yaml_1, raw, walk, json_read, judging, json_1, json_2, pair;
  for (int r = 0; r < runs; ++r) {
    yaml_events.each.push_back(time_once([&] { events = libyaml_events(yaml_text); }));
    // The reader alone: every record of the file read, none judged.
    yaml_read.each.push_back(time_once([&] {
      read_yaml = 0;
      record::read_record_file(yaml, [&](record::ReadItem&& item) { read_yaml += item.record.has_value(); });
    }));
    yaml_1.each.push_back(time_once([&] { legal_yaml = check_legal(yaml, 1); }));
    // simdjson's DOM parser on every document of the file (a full parse, no schema).
    raw.each.push_back(time_once([&] {
      docs = 0;
      simdjson::dom::document_stream stream;
      if (parser.parse_many(padded).get(stream) != simdjson::SUCCESS) return;
      for (auto doc : stream) docs += doc.error() == simdjson::SUCCESS;
    }));
    // simdjson On-Demand, the reader's own API, visiting every value of every document with
    // no schema, a parse a line as the reader parses them: the floor of a reader built on it.
    // The same code as `conquian_bench walk`, the process the command is timed against.
    walk.each.push_back(time_once([&] {
      scalars = 0;
      walked = walk_lines(std::string_view(padded.data(), padded.size()), padded.size() + simdjson::SIMDJSON_PADDING,
                          walker, scalars);
    }));
    json_read.each.push_back(time_once([&] {
      read_json = 0;
      record::read_record_file(jsonl, [&](record::ReadItem&& item) { read_json += item.record.has_value(); });
    }));
    // Judging alone: check_record (what `check` does past the reader) on the records kept.
    judging.each.push_back(time_once([&] { legal_judged = judge_records(records, *rules); }));
    json_1.each.push_back(time_once([&] { legal_1 = check_legal(jsonl, 1); }));
    json_2.each.push_back(time_once([&] { legal_2 = check_legal(jsonl, 2); }));
    // Two one-thread checks of the file at once, on two threads that share nothing but the
    // process: what the machine gives two threads when the code adds no cost of its own. Its
    // ratio, 2 x (one check alone) / (the two at once), is the ceiling of `2 threads / 1`; on
    // cores that a hypervisor shares with other machines it is well under 2.
    pair.each.push_back(time_once([&] {
      std::thread other([&] { legal_b = check_legal(jsonl, 1); });
      legal_a = check_legal(jsonl, 1);
      other.join();
    }));
  }
  // A walk or parse that stopped early would time less than the whole file: both must have
  // gone through every record the reader read.
  if (events == 0) {
    fmt::print(stderr, "bench check: libyaml could not parse the YAML file\n");
    return 1;
  }
  if (docs != read_json || walked != read_json) {
    fmt::print(stderr, "bench check: simdjson went through {} (DOM) and {} (On-Demand) of the {} records read\n", docs,
               walked, read_json);
    return 1;
  }
  const auto rounds = static_cast<std::size_t>(runs);
  fmt::print("{:<46} {:>9} {:>9} {:>12}\n", "(medians)", "wall", "CPU", "games/s wall");
  const auto line = [&](const char* what, const Runs& t, std::size_t n) {
    fmt::print("{:<46} {:7.3f} s {:7.3f} s {:12.0f}\n", what, t.median_wall(), t.median_cpu(),
               static_cast<double>(n) / t.median_wall());
  };
  line("libyaml events alone (no schema)", yaml_events, static_cast<std::size_t>(games));
  line("YAML read (libyaml events + schema)", yaml_read, read_yaml);
  line("YAML check, 1 thread", yaml_1, games);
  line("simdjson parse_many, DOM (the ceiling)", raw, docs);
  line("simdjson On-Demand, every value visited", walk, walked);
  line("JSON Lines read (simdjson On-Demand + schema)", json_read, read_json);
  line("judging alone (check_record, records in memory)", judging, static_cast<std::size_t>(games));
  line("JSON Lines check, 1 thread", json_1, games);
  line("JSON Lines check, 2 threads", json_2, games);
  line("two 1-thread JSON Lines checks at once", pair, 2 * static_cast<std::size_t>(games));
  const std::string load_after = load_average();
  const auto print_ratio = [](const char* what, const Ratio& r, const char* goal) {
    fmt::print("{:<38} {:5.2f}x  (rounds {:.2f} to {:.2f}) {}\n", what, r.median, r.low, r.high, goal);
  };
  fmt::print("ratios taken round by round, median of {} rounds:\n", runs);
  // Each ratio on wall time; one thread's on CPU time beside it, where that means the same.
  print_ratio("JSON Lines / YAML check, 1 thread, wall",
              ratio_by_round(rounds, [&](std::size_t r) { return yaml_1.each[r].wall / json_1.each[r].wall; }),
              "goal >= 5x");
  print_ratio("JSON Lines / YAML check, 1 thread, CPU",
              ratio_by_round(rounds, [&](std::size_t r) { return yaml_1.each[r].cpu / json_1.each[r].cpu; }), "");
  print_ratio("JSON Lines check, 2 threads / 1, wall",
              ratio_by_round(rounds, [&](std::size_t r) { return json_1.each[r].wall / json_2.each[r].wall; }),
              "goal >= 1.8x (CPU time cannot show it)");
  print_ratio("  the machine's ceiling: two at once",
              ratio_by_round(rounds, [&](std::size_t r) { return 2 * json_1.each[r].wall / pair.each[r].wall; }),
              "2 x (1 thread) / (two 1-thread checks at once)");
  print_ratio("JSON Lines read / On-Demand walk, CPU",
              ratio_by_round(rounds, [&](std::size_t r) { return json_read.each[r].cpu / walk.each[r].cpu; }),
              "goal <= 3x");
  print_ratio("JSON Lines check, 1 thread / the walk, CPU",
              ratio_by_round(rounds, [&](std::size_t r) { return json_1.each[r].cpu / walk.each[r].cpu; }),
              "(as processes: below)");
  // The check is the read and the judging, so no reader brings it under the judging alone.
  print_ratio("  its floor: judging alone / the walk, CPU",
              ratio_by_round(rounds, [&](std::size_t r) { return judging.each[r].cpu / walk.each[r].cpu; }),
              "(a reader that cost nothing)");
  print_ratio("YAML read / libyaml events, CPU",
              ratio_by_round(rounds, [&](std::size_t r) { return yaml_read.each[r].cpu / yaml_events.each[r].cpu; }),
              "");
  print_ratio("YAML check, 1 thread / libyaml events, CPU",
              ratio_by_round(rounds, [&](std::size_t r) { return yaml_1.each[r].cpu / yaml_events.each[r].cpu; }),
              "goal <= 1.25x (as processes: below)");
  const Ratio share = ratio_by_round(rounds, [&](std::size_t r) { return json_read.each[r].cpu / json_1.each[r].cpu; });
  fmt::print(
      "reader's share of the JSON Lines check, CPU: {:.2f} (rounds {:.2f} to {:.2f}), goal <= 0.25; "
      "simdjson's parse alone {:.2f}\n",
      share.median, share.low, share.high, raw.median_cpu() / json_1.median_cpu());
  // The check is the read and the judging: a share of a quarter needs the read at most a third of the judging.
  fmt::print(
      "  the arithmetic, CPU medians: read {:.3f} s + judging alone {:.3f} s = {:.3f} s (the check took {:.3f} s); a "
      "share of 0.25 needs the read <= judging / 3 = {:.3f} s, simdjson's parse alone is {:.3f} s (DOM), {:.3f} s "
      "(On-Demand, every value)\n",
      json_read.median_cpu(), judging.median_cpu(), json_read.median_cpu() + judging.median_cpu(), json_1.median_cpu(),
      judging.median_cpu() / 3, raw.median_cpu(), walk.median_cpu());
  fmt::print("load average (1 min) before and after: {} {} on {} cores\n", load_before, load_after,
             std::thread::hardware_concurrency());
  const std::string conquian = (fs::read_symlink("/proc/self/exe").parent_path() / "conquian").string();
  const int split_status = bench_check_split(conquian, yaml, jsonl, games, runs, records.front());
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
    // The child's peak counts what this process held when it forked (Linux keeps the larger
    // of the two across exec): the records kept for the judging part were 230 MB of it. Free
    // them, and give the heap back, first.
    std::vector<record::GameRecord>().swap(records);
    padded = simdjson::padded_string();
    std::string().swap(lines);
    std::string().swap(yaml_text);
    ::malloc_trim(0);
    const auto t0 = std::chrono::steady_clock::now();
    const double mb = peak_rss_of_check(conquian, big, status);
    fmt::print(
        "conquian check on a {:.2f} GB JSON Lines file: peak resident {:.1f} MB (goal < 100 MB), {:.1f} s, "
        "exit {}, 2 threads\n",
        static_cast<double>(fs::file_size(big)) / 1e9, mb, bench::seconds_since(t0), status);
    fs::remove(big);
    status = std::max(status, peak_rss_of_big_yaml(conquian, yaml, tmp, want));
  }
  fs::remove(yaml);
  fs::remove(jsonl);
  const bool same = legal_yaml == games && legal_1 == games && legal_2 == games && legal_judged == games &&
                    legal_a == games && legal_b == games && docs == std::size_t(games);
  return same && status == 0 && split_status == 0 ? 0 : 1;
}

// `conquian_bench judge [--games N] [--runs R] [--ruleset NAME]`: the `judging alone` part of
// `conquian_bench check` by itself, on the same games read back from the same JSON Lines file:
// R rounds of judging every record, each round's CPU time, and the median. For a profile of the
// judging alone: `valgrind --tool=callgrind --toggle-collect='*judge_records*' build/conquian_bench
// judge --games 2000 --runs 1`.
int bench_judge(const bench::Args& args) {
  const int games = std::stoi(bench::arg(args, "--games", "10000"));
  const int runs = std::stoi(bench::arg(args, "--runs", "5"));
  if (games < 1 || runs < 1) {
    fmt::print(stderr, "bench judge: --games and --runs must be at least 1\n");
    return 2;
  }
  const std::string ruleset = bench::arg(args, "--ruleset", "american");
  const std::string jsonl = (fs::temp_directory_path() / "conquian-bench-judge.jsonl").string();
  auto rules = load_ruleset(ruleset);
  std::string lines;
  const std::size_t total_moves = write_bench_games(*rules, ruleset, games, jsonl, nullptr, lines);
  std::vector<record::GameRecord> records;
  record::read_record_file(jsonl, [&](record::ReadItem&& item) {
    if (item.record) records.push_back(std::move(*item.record));
  });
  fs::remove(jsonl);
  int legal = 0;
  Runs judging;
  for (int r = 0; r < runs; ++r) {
    judging.each.push_back(time_once([&] { legal = judge_records(records, *rules); }));
    fmt::print("round {}: {:.4f} s CPU, {:.4f} s wall\n", r + 1, judging.each.back().cpu, judging.each.back().wall);
  }
  fmt::print(
      "{} games of {} ({} moves), {} legal: judging alone {:.4f} s CPU median ({:.2f} us a game, {:.3f} us a move)\n",
      records.size(), ruleset, total_moves, legal, judging.median_cpu(), judging.median_cpu() * 1e6 / games,
      judging.median_cpu() * 1e6 / static_cast<double>(total_moves));
  return legal == games ? 0 : 1;
}

}  // namespace

BENCHMARK_ENTRY("walk", "simdjson's On-Demand walk of every value of a JSON Lines file, as a process (check's floor)",
                bench_walk);
BENCHMARK_ENTRY("read", "check's reader alone on a record file, one thread, as a process", bench_read);
BENCHMARK_ENTRY("yaml-events", "libyaml's event parse of a YAML file, as a process (check's floor)", bench_yaml_events);
BENCHMARK_ENTRY("check",
                "check on YAML and on JSON Lines; the JSON reader's share; 2 threads against the machine's ceiling; "
                "peak memory on 1 GB of JSON Lines and of YAML",
                bench_check);
BENCHMARK_ENTRY("judge", "check's judging alone (check_record) on the games of `check`, records in memory",
                bench_judge);
