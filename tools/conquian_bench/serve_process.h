// `conquian serve` started as its own process for a load benchmark: its port and token read
// from the address it prints, its resident memory and CPU time read from /proc, killed when
// the benchmark ends (or fails).
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace conquian::bench {

class ServeProcess {
 public:
  // Starts `bin serve --port 0 FILES...` and waits for the line with its address; throws
  // std::runtime_error when it cannot be started or prints no address.
  ServeProcess(const std::string& bin, const std::vector<std::string>& files);
  ~ServeProcess();
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  int port() const { return port_; }
  const std::string& token() const { return token_; }
  pid_t pid() const { return pid_; }
  // Its resident memory (VmRSS), KiB.
  long rss_kib() const;
  // Its CPU time so far (user + system), seconds.
  double cpu_seconds() const;

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::string token_;
};

}  // namespace conquian::bench
