#include "serve_process.h"

#include <fmt/format.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace conquian::bench {

ServeProcess::ServeProcess(const std::string& bin, const std::vector<std::string>& files) {
  int out[2];
  if (pipe(out) != 0) throw std::runtime_error("cannot make a pipe for the server's output");
  std::vector<std::string> words = {bin, "serve", "--port", "0"};
  words.insert(words.end(), files.begin(), files.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  const int err = posix_spawn(&pid_, bin.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  if (err != 0) {
    close(out[0]);
    throw std::runtime_error(fmt::format("cannot start {}: error {}", bin, err));
  }
  // The address line: "http://127.0.0.1:PORT/?token=HEX", within the first lines printed.
  FILE* f = fdopen(out[0], "r");
  const std::regex address(R"(:(\d+)/\?token=([0-9a-f]+))");
  char line[4096];
  while (port_ == 0 && std::fgets(line, sizeof line, f)) {
    std::cmatch m;
    if (std::regex_search(line, m, address)) {
      port_ = std::stoi(m[1].str());
      token_ = m[2].str();
    }
  }
  // The server writes nothing more that matters; its pipe is left open so that a late line
  // does not kill it with SIGPIPE (closed with the process at the end).
  if (port_ == 0) {
    std::fclose(f);
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    throw std::runtime_error(fmt::format("{} serve printed no address with a token", bin));
  }
}

ServeProcess::~ServeProcess() {
  if (pid_ <= 0) return;
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
}

long ServeProcess::rss_kib() const {
  std::ifstream in(fmt::format("/proc/{}/status", pid_));
  long value = 0;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmRSS:", 0) == 0) std::istringstream(line.substr(6)) >> value;
  return value;
}

double ServeProcess::cpu_seconds() const {
  std::ifstream in(fmt::format("/proc/{}/stat", pid_));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The fields after the command's name (in parentheses, which may hold spaces): state is the
  // 3rd field, utime the 14th, stime the 15th.
  std::istringstream rest(text.substr(text.rfind(')') + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i)
    if (i >= 14) ticks += std::stod(field);
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

}  // namespace conquian::bench
