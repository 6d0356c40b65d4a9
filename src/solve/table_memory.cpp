#include "solve/table_memory.h"

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

namespace conquian::solve {
namespace {

// MemAvailable in bytes, 0 when unknown (not Linux, or an old kernel).
std::uint64_t memory_available() {
  std::ifstream in("/proc/meminfo");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    std::uint64_t kib = 0;
    if (fields >> name >> kib && name == "MemAvailable:") return kib * 1024;
  }
  return 0;
}

}  // namespace

int affordable_table_bits(int min_bits, int max_bits) {
  const std::uint64_t budget = memory_available() / 2;
  int bits = min_bits;
  // entries of 64 bytes, and the outcome pass's quarter as many (of a similar size)
  while (bits < max_bits && ((std::uint64_t{1} << (bits + 1)) * 64 * 5 / 4) <= budget) ++bits;
  return bits;
}

}  // namespace conquian::solve
