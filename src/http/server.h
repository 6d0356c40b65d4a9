// The board's HTTP server (cpp-httplib): the page at /, the API of http/board_api.h under
// /api/. Every request must carry the token (header X-Conquian-Token, or ?token= in the URL
// the command prints), else 403. Limits (specs/serve.md): bodies up to kMaxBodyBytes (413
// past it, refused before it is read), a read that waits longer than the read timeout cuts
// the connection, and a fixed pool of connection threads, which run below the priority of the
// threads that solve.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "http/board_api.h"

namespace conquian::http {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8765;         // 0: any free port
  int read_timeout_s = 5;  // a client silent this long in the middle of a request is cut off
  int connection_threads = 64;
  // How many steps of `nice` the connection threads run below the threads that solve
  // (LoweredConnectionThreads in server.cpp); 0 leaves them at the process's priority.
  int connection_nice = 10;
  // HTTPS (cpp-httplib's OpenSSL server) when both are given: the certificate chain and its
  // private key, PEM files. Empty: plain HTTP.
  std::string cert_file, key_file;
  bool https() const { return !cert_file.empty(); }
};

class BoardServer {
 public:
  BoardServer(BoardApi& api, std::string token, const ServerOptions& options);
  ~BoardServer();
  // Binds the host and port; the port bound (the one given, or a free one for 0). Throws
  // std::runtime_error naming the address when it cannot be bound (and, for HTTPS, naming the
  // files when the certificate or the key cannot be read or do not match).
  int bind();
  // Serves until stop() (from another thread or a signal).
  void serve();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The host names that mean this machine only.
bool is_loopback_host(const std::string& host);

}  // namespace conquian::http
