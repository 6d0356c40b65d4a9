// A progress line on standard error for long work, shown only when standard error is a
// terminal (scripts and CI see nothing). Cheap to tick: it redraws at most 10 times/s.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace conquian::cli {

class Progress {
 public:
  // `every`: look at the clock every this many units (a power of two; 1 for slow units).
  Progress(std::string verb, std::string unit, std::uint64_t total = 0, std::uint64_t every = 64);
  void tick(std::uint64_t n = 1);
  void done();
  // Erases the line (for results that follow on the terminal).
  void clear();

 private:
  void draw();
  std::string verb_, unit_;
  std::uint64_t total_, count_ = 0, mask_;
  bool drawn_ = false;
  bool enabled_;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace conquian::cli
