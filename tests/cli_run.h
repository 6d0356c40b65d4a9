// Running the built `conquian` binary from a test: its exit status and what it printed.
#pragma once

#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdio>
#include <nlohmann/json.hpp>
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

// Runs `args`: the exit status is `status` and standard error holds `says`.
inline void check_stderr_says(const std::string& args, int status, const std::string& says) {
  INFO("conquian " << args);
  CliRun err = run_cli(args, true);
  CHECK(err.status == status);
  CHECK_MESSAGE(err.out.find(says) != std::string::npos, err.out);
}

// Runs `args` (which hold --json) and checks the error form of specs/check-output.md:
// standard output is one JSON value, {"error": {...}} and nothing else, with the command,
// a message holding `says` and `status` (also the exit status); standard error says
// `conquian COMMAND: MESSAGE`. Returns the error object.
inline nlohmann::json check_json_error(const std::string& args, int status, const std::string& command,
                                       const std::string& says) {
  INFO("conquian " << args);
  CliRun out = run_cli(args);
  CHECK(out.status == status);
  nlohmann::json j = nlohmann::json::parse(out.out, nullptr, false);
  REQUIRE_MESSAGE(!j.is_discarded(), "standard output is not one JSON value: " << out.out);
  REQUIRE(j.is_object());
  CHECK(j.size() == 1);
  REQUIRE(j.contains("error"));
  const nlohmann::json& e = j["error"];
  CHECK(e["command"] == command);
  CHECK(e["status"] == status);
  const std::string message = e["message"].get<std::string>();
  CHECK_MESSAGE(message.find(says) != std::string::npos, message);
  CliRun err = run_cli(args, true);
  CHECK(err.status == status);
  CHECK_MESSAGE(err.out.find("conquian " + command + ": " + message + "\n") != std::string::npos, err.out);
  return e;
}

}  // namespace conquian::testing
