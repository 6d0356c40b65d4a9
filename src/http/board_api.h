// The board's JSON API (specs/serve.md), apart from HTTP: a method, a path and a body in, a
// status and a JSON answer out, so that the server (http/server.h) only wires it to sockets
// and the tests can call it directly. Every question goes to serve::Session (the engine's one
// game session), to check's reader and verdicts and to analyse's own analysis; nothing about
// the game is decided here.
#pragma once

#include <atomic>
#include <nlohmann/json.hpp>
#include <string>

#include "http/library.h"
#include "http/session_table.h"

namespace conquian::http {

inline constexpr std::uint64_t kMaxMovetimeMs = 30'000;

struct ApiReply {
  int status = 200;
  nlohmann::json body;
};

class BoardApi {
 public:
  // `solves`: how many solves or analyses may run at once (more are refused with 503).
  BoardApi(Library library, std::size_t max_sessions, int solves);

  // GET /api/library, POST /api/open, POST /api/new, GET|DELETE /api/session/ID,
  // POST /api/session/ID/{play,goto,solve,stop,analysis}, GET /api/session/ID/{progress,record}.
  // Never throws: a refusal is its status and {"error": sentence}.
  ApiReply handle(const std::string& method, const std::string& path, const std::string& body);

  std::size_t open_sessions() const { return sessions_.size(); }

 private:
  nlohmann::json route(const std::string& method, const std::string& path, const std::string& body, int& status);
  nlohmann::json open(const nlohmann::json& request);
  nlohmann::json new_deal(const nlohmann::json& request);
  nlohmann::json state(std::uint64_t id, BoardSession& board);
  nlohmann::json session_call(const std::string& id, const std::string& what, const std::string& method,
                              const nlohmann::json& request);
  nlohmann::json solve(BoardSession& board, const nlohmann::json& request);
  nlohmann::json analysis(BoardSession& board);

  Library library_;
  SessionTable sessions_;
  int max_solves_;
  std::atomic<int> solving_{0};
};

}  // namespace conquian::http
