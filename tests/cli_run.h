// Running the built `conquian` binary from a test: its exit status and what it printed.
#pragma once

#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace conquian::testing {

struct CliRun {
  int status;
  std::string out;
};

// `args` go to the shell as written; captures standard output, or standard error instead
// when `want_stderr`.
inline CliRun run_cli(const std::string& args, bool want_stderr = false) {
  std::string cmd = std::string(CONQUIAN_BINARY) + " " + args + (want_stderr ? " 2>&1 >/dev/null" : " 2>/dev/null");
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace conquian::testing
