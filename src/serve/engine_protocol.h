// The engine protocol (specs/protocol.md): JSON Lines requests in, JSON Lines answers out,
// over one GameSession. A line in, lines out, with no process or file descriptor: the command
// line (cli/engine_command.cpp) feeds it standard input and prints what it emits; the tests
// feed it strings.
//
// Requests run one after another on a worker thread, in the order they came, so that a
// `solve` does not block reading: while it searches, `stop` (the search ends at once with
// what it has), `hello` (answered at once) and `quit` are seen by the reading thread; any
// other request waits its turn.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "serve/session.h"

namespace conquian::serve {

// The longest request line read (longer ones are refused with line-too-long, unread).
inline constexpr std::size_t kMaxLineBytes = std::size_t{16} << 20;  // 16 MiB
inline constexpr int kProtocolVersion = 1;

class EngineProtocol {
 public:
  // `emit` gets each answer line, without its newline, one call at a time (from either
  // thread). `player`: the built-in player that answers the bot side's `act`.
  EngineProtocol(std::function<void(const std::string&)> emit, std::string version, std::string player = "strong");
  // Waits for the requests already given (finish()).
  ~EngineProtocol();
  EngineProtocol(const EngineProtocol&) = delete;
  EngineProtocol& operator=(const EngineProtocol&) = delete;

  // One line of input, without its newline (read at once: the caller may reuse its buffer).
  // False once `quit` was read: read no more.
  bool submit(std::string_view line);
  // A line of `bytes` bytes (at least) was read past kMaxLineBytes and discarded.
  void submit_too_long(std::size_t bytes);
  // Waits until every request given so far is answered (end of input).
  void finish();

 private:
  struct Request {
    std::optional<nlohmann::json> parsed;  // none: not JSON
    std::string parse_error;
    std::size_t too_long = 0;  // > 0: the line was refused unread
  };
  void work();
  void answer(const Request& r);
  bool answer_as_text(const nlohmann::json& request);
  void start_game(const nlohmann::json& request);
  nlohmann::json run(const nlohmann::json& request);
  nlohmann::json run_solve(const nlohmann::json& request);
  nlohmann::json run_act(const nlohmann::json& request);
  nlohmann::json hello() const;
  void emit(const nlohmann::json& line);

  std::function<void(const std::string&)> emit_;
  std::mutex emit_mutex_;
  std::string version_;
  std::string player_;
  std::unique_ptr<Session> session_;
  // Reused by answer_as_text, which one thread at a time runs (the request's: see busy_).
  std::string answer_text_;

  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<Request> queue_;
  bool busy_ = false;              // the worker is running a request
  bool closing_ = false;           // no more requests: the worker ends when the queue is empty
  int solves_ = 0;                 // solve requests queued or running (under mutex_)
  std::atomic<bool> stop_{false};  // a stop (or quit) was read while solves are queued or running
  std::atomic<bool> halt_{false};  // the flag the running search polls: stop_, or its movetime ran out
  std::atomic<bool> quitting_{false};
  std::thread worker_;
};

}  // namespace conquian::serve
