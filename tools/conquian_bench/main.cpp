#include <fmt/core.h>

#include "base/heap_tuning.h"
#include "bench.h"

int main(int argc, char** argv) {
  conquian::hold_freed_heap();  // as the command does (cli/main.cpp)
  using namespace conquian::bench;
  auto& all = Registry::all();
  if (argc < 2 || all.find(argv[1]) == all.end()) {
    fmt::print("usage: conquian_bench NAME [--key value ...]\n\nbenchmarks:\n");
    for (const auto& [name, entry] : all) fmt::print("  {:<12} {}\n", name, entry.first);
    return argc < 2 ? 0 : 2;
  }
  Args args(argv + 2, argv + argc);
  return all[argv[1]].second(args);
}
