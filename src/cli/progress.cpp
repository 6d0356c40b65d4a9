#include "cli/progress.h"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace conquian::cli {

Progress::Progress(std::string verb, std::string unit, std::uint64_t total, bool quiet)
    : verb_(std::move(verb)), unit_(std::move(unit)), total_(total), enabled_(!quiet && isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()), last_(start_) {}

void Progress::tick(std::uint64_t n) {
  count_ += n;
  unchecked_ += n;
  // The clock is read once per 64 units at most (per unit when there are few in all).
  if (!enabled_ || unchecked_ < (total_ > 0 && total_ < 1000 ? 1 : 64)) return;
  unchecked_ = 0;
  auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(100) && count_ != total_) return;
  last_ = now;
  draw();
}

void Progress::draw() {
  shown_ = true;
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  double rate = secs > 0 ? static_cast<double>(count_) / secs : 0;
  if (total_ > 0) {
    int width = 30;
    int filled = static_cast<int>(static_cast<double>(width) * static_cast<double>(count_) / static_cast<double>(total_));
    double left = rate > 0 ? static_cast<double>(total_ - std::min(count_, total_)) / rate : 0;
    fmt::print(stderr, "\r[{}{}] {} {}/{} {} ({:.0f}/s, {:.0f} s left)\033[K", std::string(filled, '#'),
               std::string(width - filled, ' '), verb_, count_, total_, unit_, rate, left);
  } else {
    fmt::print(stderr, "\r{} {} {} ({:.0f}/s)\033[K", verb_, count_, unit_, rate);
  }
}

void Progress::clear() {
  if (!shown_) return;
  fmt::print(stderr, "\r\033[K");  // back to the line's start, erase to its end
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace conquian::cli
