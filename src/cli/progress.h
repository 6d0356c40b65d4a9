// A progress line on standard error for long work, shown only when standard error is a
// terminal (scripts and CI see nothing) and the user did not ask for quiet. Cheap to tick:
// it redraws at most 10 times/s. clear() wipes the line before a result prints, done()
// wipes it for good, so that progress never tangles with the output.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace conquian::cli {

class Progress {
 public:
  Progress(std::string verb, std::string unit, std::uint64_t total = 0, bool quiet = false);
  void tick(std::uint64_t n = 1);
  void set_total(std::uint64_t total) { total_ = total; }
  void clear();
  void done() { clear(); }

 private:
  void draw();
  std::string verb_, unit_;
  std::uint64_t total_, count_ = 0, unchecked_ = 0;
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace conquian::cli
