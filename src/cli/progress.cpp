#include "cli/progress.h"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace conquian::cli {

Progress::Progress(std::string verb, std::string unit, std::uint64_t total, std::uint64_t every, bool quiet)
    : verb_(std::move(verb)),
      unit_(std::move(unit)),
      total_(total),
      mask_(every - 1),
      enabled_(!quiet && isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void Progress::set(std::uint64_t count) {
  count_ = count;
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  if (now - last_ < std::chrono::milliseconds(100) && count_ != total_) return;
  last_ = now;
  draw();
}

void Progress::tick(std::uint64_t n) {
  if (((count_ + n) & mask_) != 0) {
    count_ += n;
    return;
  }
  set(count_ + n);
}

void Progress::draw() {
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  double rate = secs > 0 ? static_cast<double>(count_) / secs : 0;
  if (total_ > 0) {
    int width = 30;
    int filled =
        static_cast<int>(static_cast<double>(width) * static_cast<double>(count_) / static_cast<double>(total_));
    filled = std::min(filled, width);
    std::string left;
    if (time_left_ && secs >= 1 && rate > 0 && count_ < total_)
      left = fmt::format(", about {:.0f} s left", static_cast<double>(total_ - count_) / rate);
    fmt::print(stderr, "\r[{}{}] {} {}/{} {} ({:.0f}/s{})\033[K", std::string(filled, '#'),
               std::string(width - filled, ' '), verb_, count_, total_, unit_, rate, left);
  } else {
    fmt::print(stderr, "\r{} {} {} ({:.0f}/s)\033[K", verb_, count_, unit_, rate);
  }
  drawn_ = true;
}

void Progress::clear() {
  if (!enabled_ || !drawn_) return;
  fmt::print(stderr, "\r\033[K");  // back to the line's start, erase to its end
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace conquian::cli
