#include "serve/bot_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <system_error>

namespace conquian::serve {
namespace {

using Clock = std::chrono::steady_clock;

// A write to a bot that has gone must be an error return, not SIGPIPE killing the referee.
void ignore_sigpipe() {
  static const bool done = [] {
    struct sigaction sa {};
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, nullptr);
    return true;
  }();
  (void)done;
}

// Milliseconds left until `deadline` (negative timeout: wait for ever).
int left_ms(Clock::time_point deadline, bool unlimited) {
  if (unlimited) return -1;
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left < 0 ? 0 : static_cast<int>(left);
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

BotProcess::BotProcess(std::string command, std::size_t max_line) : command_(std::move(command)), max_line_(max_line) {}

BotProcess::~BotProcess() { stop(); }

void BotProcess::start() {
  stop();
  ignore_sigpipe();
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  if (pipe2(out, O_CLOEXEC) != 0) {
    int e = errno;
    ::close(in[0]);
    ::close(in[1]);
    throw std::system_error(e, std::generic_category(), "pipe");
  }
  pid_t pid = fork();
  if (pid < 0) {
    int e = errno;
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    throw std::system_error(e, std::generic_category(), "fork");
  }
  if (pid == 0) {
    // The child: its own process group, so that stop() kills what the shell started too.
    setpgid(0, 0);
    struct sigaction sa {};
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, nullptr);
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    // Every other descriptor of the referee is close-on-exec (pipe2 with O_CLOEXEC).
    execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);  // also from the parent: no race with the kill in stop()
  ::close(in[0]);
  ::close(out[1]);
  to_bot_ = in[1];
  from_bot_ = out[0];
  fcntl(to_bot_, F_SETFL, fcntl(to_bot_, F_GETFL) | O_NONBLOCK);
  fcntl(from_bot_, F_SETFL, fcntl(from_bot_, F_GETFL) | O_NONBLOCK);
  pid_ = pid;
  pgid_ = pid;
  buffer_.clear();
  eof_ = false;
}

void BotProcess::close_pipes() {
  close_fd(to_bot_);
  close_fd(from_bot_);
}

void BotProcess::stop() {
  close_pipes();
  // Its input closed, a well-behaved bot ends by itself; a moment's grace, then the kill.
  for (int i = 0; i < 20 && pid_ > 0; ++i) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) pid_ = -1;
    else ::usleep(5000);
  }
  if (pgid_ > 0) ::kill(-pgid_, SIGKILL);
  pgid_ = -1;
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {}
  }
  pid_ = -1;
  buffer_.clear();
  eof_ = false;
}

bool BotProcess::send(std::string_view line, int timeout_ms) {
  if (to_bot_ < 0) return false;
  std::string data(line);
  data += '\n';
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms < 0 ? 0 : timeout_ms);
  std::size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(to_bot_, data.data() + done, data.size() - done);
    if (n > 0) {
      done += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return false;  // EPIPE: the bot is gone
    pollfd p{to_bot_, POLLOUT, 0};
    int r = ::poll(&p, 1, left_ms(deadline, timeout_ms < 0));
    if (r == 0) return false;  // the bot does not read its input
    if (r < 0 && errno != EINTR) return false;
    if (r > 0 && (p.revents & (POLLERR | POLLHUP)) != 0 && (p.revents & POLLOUT) == 0) return false;
  }
  return true;
}

BotLine BotProcess::read_line(int timeout_ms) {
  const bool unlimited = timeout_ms < 0;
  const auto deadline = Clock::now() + std::chrono::milliseconds(unlimited ? 0 : timeout_ms);
  char chunk[4096];
  for (;;) {
    if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
      if (nl > max_line_) return {BotLine::Status::TooLong, {}};
      BotLine out{BotLine::Status::Line, buffer_.substr(0, nl)};
      buffer_.erase(0, nl + 1);
      return out;
    }
    if (buffer_.size() > max_line_) return {BotLine::Status::TooLong, {}};
    if (eof_ || from_bot_ < 0) return {BotLine::Status::Closed, {}};
    ssize_t n = ::read(from_bot_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<std::size_t>(n));
      continue;
    }
    if (n == 0) {
      eof_ = true;
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      eof_ = true;
      continue;
    }
    pollfd p{from_bot_, POLLIN, 0};
    int r = ::poll(&p, 1, left_ms(deadline, unlimited));
    if (r == 0) return {BotLine::Status::Timeout, {}};
    if (r < 0 && errno != EINTR) {
      eof_ = true;
      continue;
    }
  }
}

void BotProcess::drain() {
  for (;;) {
    BotLine l = read_line(0);
    if (l.status != BotLine::Status::Line) return;
  }
}

std::string BotProcess::exit_description() {
  if (pid_ <= 0) return "ended";
  int status = 0;
  pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == 0) {
    // Its output closed: it is ending; give it a moment to be reaped with its status.
    for (int i = 0; i < 20 && r == 0; ++i) {
      ::usleep(5000);
      r = waitpid(pid_, &status, WNOHANG);
    }
    if (r == 0) return "";
  }
  if (r < 0) return "";
  pid_ = -1;  // reaped: stop() kills nothing more than the group
  close_pipes();
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "ended";
}

}  // namespace conquian::serve
