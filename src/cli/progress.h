// A progress line on standard error for long work, shown only when standard error is a
// terminal (scripts and CI see nothing) and the user did not ask for quiet. Cheap to tick:
// it redraws at most 10 times/s. With a total it shows a bar (and, when asked, an estimate
// of the time left). clear() wipes the line before a result prints, done() wipes it for
// good, so that progress never tangles with the output.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace conquian::cli {

class Progress {
 public:
  // `every`: look at the clock every this many units (a power of two; 1 for slow units).
  // `quiet`: never draw (-q, --json, or not the MPI root).
  Progress(std::string verb, std::string unit, std::uint64_t total, std::uint64_t every, bool quiet);
  Progress(std::string verb, std::string unit, std::uint64_t total = 0, std::uint64_t every = 64)
      : Progress(std::move(verb), std::move(unit), total, every, false) {}
  void tick(std::uint64_t n = 1);
  // The count so far (instead of ticks), and the total once known (0: none).
  void set(std::uint64_t count);
  void set_total(std::uint64_t total) { total_ = total; }
  // Also an estimate of the time left, at the rate so far (when the total is the work).
  void show_time_left() { time_left_ = true; }
  // Erases the line, so that results print on a clean line.
  void clear();
  // The work is over: the line is wiped for good.
  void done() { clear(); }

 private:
  void draw();
  std::string verb_, unit_;
  std::uint64_t total_, count_ = 0, mask_;
  bool enabled_;
  bool drawn_ = false, time_left_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace conquian::cli
