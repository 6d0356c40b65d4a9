// A bot as a child process: a command line run by /bin/sh -c once, spoken to through two
// pipes with one line each way, under a time limit per answer and a length limit per line.
// Every fault (a crash, a closed pipe, no answer in time, a line over the limit) is a value
// the caller reads, never an exception or a signal: the referee forfeits the deal and
// restarts the bot (specs/referee.md).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace conquian::serve {

struct BotLine {
  enum class Status {
    Line,     // `line` holds one line, without its newline
    Timeout,  // nothing complete within the time
    Closed,   // the bot closed its output or exited
    TooLong,  // a line longer than the limit (the rest of it is not read)
  };
  Status status = Status::Closed;
  std::string line;
};

class BotProcess {
 public:
  // `max_line`: the longest line read, in bytes, newline excluded.
  explicit BotProcess(std::string command, std::size_t max_line = std::size_t{1} << 20);
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // Starts the command (stopping a running one first). Throws std::system_error when the
  // system cannot make the pipes or the process.
  void start();
  // Closes the pipes, kills the process group and reaps it: no zombie, no open descriptor.
  void stop();
  bool running() const { return from_bot_ >= 0; }
  pid_t pid() const { return pid_; }
  const std::string& command() const { return command_; }

  // Writes `line` and a newline within `timeout_ms`; false when the bot closed its input
  // or did not read it in time.
  bool send(std::string_view line, int timeout_ms);
  // The next line within `timeout_ms` (negative: no limit).
  BotLine read_line(int timeout_ms);
  // Discards every complete line already written (and read no further).
  void drain();
  // After a fault: how the process ended ("exited with status 3", "killed by signal 11"),
  // or "" while it still runs. Reaps it when it has ended.
  std::string exit_description();

 private:
  void close_pipes();

  std::string command_;
  std::size_t max_line_;
  pid_t pid_ = -1;      // the shell, until reaped
  pid_t pgid_ = -1;     // its process group (what it started too), until stop()
  int to_bot_ = -1;     // the bot's standard input
  int from_bot_ = -1;   // the bot's standard output
  std::string buffer_;  // bytes read past the last line returned
  bool eof_ = false;
};

}  // namespace conquian::serve
