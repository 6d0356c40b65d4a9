// tools/conquian_bench: one program, one benchmark per file. Each file registers a function with
// BENCHMARK_ENTRY; `conquian_bench NAME [args]` runs one, `conquian_bench` lists them.
// Speed goals are shown here, never in a timed test; tools/bench runs them and writes specs/benchmarks.md.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace conquian::bench {

using Args = std::vector<std::string>;
using Entry = std::function<int(const Args&)>;

struct Registry {
  static std::map<std::string, std::pair<std::string, Entry>>& all() {
    static std::map<std::string, std::pair<std::string, Entry>> entries;
    return entries;
  }
  Registry(const std::string& name, const std::string& help, Entry fn) { all()[name] = {help, std::move(fn)}; }
};

#define BENCHMARK_ENTRY(name, help, fn) static ::conquian::bench::Registry bench_registry_##fn(name, help, fn)

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The median of `v` (0 when empty).
inline double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// The value of `--key V` in args, or `fallback`.
inline std::string arg(const Args& args, const std::string& key, const std::string& fallback) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == key) return args[i + 1];
  return fallback;
}

}  // namespace conquian::bench
