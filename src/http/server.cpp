#include "http/server.h"

#include <fmt/format.h>
#include <httplib.h>
#include <sys/socket.h>

#include <stdexcept>

#include "http/board_page.h"
#include "http/json_body.h"
#include "http/thread_priority.h"
#include "http/token.h"

namespace conquian::http {
namespace {

const char* const kJson = "application/json; charset=utf-8";

void put_json(httplib::Response& res, int status, const nlohmann::json& body) {
  res.status = status;
  res.set_content(body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), kJson);
}

// The sentence of a status the library answers itself, before any handler.
std::string library_status_sentence(int status) {
  switch (status) {
    case 413: return fmt::format("the request's body is larger than {} bytes, the most the board reads", kMaxBodyBytes);
    case 400: return "the request is not HTTP the server can read";
    case 404: return "no such path";
    case 408: return "the request did not arrive in time";
    default: return fmt::format("HTTP status {}", status);
  }
}

// The library's fixed pool of connection threads, each lowered `nice` steps below the
// process's priority at its first request. A solve is handed to the one pool of
// base/parallel_for.h (run_on_pool), whose threads `conquian serve` starts first, at the
// process's priority: among many clients' plays, each a fraction of a millisecond of CPU, a
// solve then still gets its core and answers within its movetime, where at equal priority it
// had one share among fifty and came a second late (specs/benchmarks.md, "serve").
class LoweredConnectionThreads : public httplib::TaskQueue {
 public:
  LoweredConnectionThreads(std::size_t threads, int nice) : pool_(threads), nice_(nice) {}
  void enqueue(std::function<void()> fn) override {
    pool_.enqueue([fn = std::move(fn), nice = nice_] {
      lower_once(nice);
      fn();
    });
  }
  void shutdown() override { pool_.shutdown(); }

 private:
  static void lower_once(int nice) {
    thread_local bool lowered = false;
    if (lowered) return;
    lowered = true;
    http::lower_this_thread(nice);
  }

  httplib::ThreadPool pool_;
  int nice_;
};

}  // namespace

struct BoardServer::Impl {
  BoardApi& api;
  std::string token;
  ServerOptions options;
  // cpp-httplib's SSLServer is its Server over TLS: one set of handlers serves either.
  std::unique_ptr<httplib::Server> owned;
  httplib::Server& server;
  int listening = -1;  // the socket bound, once bound
  Impl(BoardApi& a, std::string t, const ServerOptions& o)
      : api(a), token(std::move(t)), options(o), owned(make_server(o)), server(*owned) {}

  static std::unique_ptr<httplib::Server> make_server(const ServerOptions& o) {
    if (!o.https()) return std::make_unique<httplib::Server>();
    auto s = std::make_unique<httplib::SSLServer>(o.cert_file.c_str(), o.key_file.c_str());
    if (!s->is_valid())
      throw std::runtime_error(fmt::format(
          "--cert {} --key {}: cannot serve HTTPS: a file is missing or not PEM, or the key is not the certificate's",
          o.cert_file, o.key_file));
    return s;
  }
};

bool is_loopback_host(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

BoardServer::BoardServer(BoardApi& api, std::string token, const ServerOptions& options)
    : impl_(std::make_unique<Impl>(api, std::move(token), options)) {
  httplib::Server& s = impl_->server;
  const int threads = options.connection_threads;
  const int nice = options.connection_nice;
  s.new_task_queue = [threads, nice] { return new LoweredConnectionThreads(static_cast<std::size_t>(threads), nice); };
  s.set_payload_max_length(kMaxBodyBytes);
  s.set_read_timeout(options.read_timeout_s, 0);
  s.set_write_timeout(options.read_timeout_s, 0);
  s.set_keep_alive_timeout(options.read_timeout_s);
  s.set_keep_alive_max_count(100'000);
  // An answer is written as its headers, then its body: with Nagle's algorithm the body waited
  // for the client's delayed acknowledgement of the headers, 40 ms a request on Linux.
  s.set_tcp_nodelay(true);
  Impl* impl = impl_.get();
  s.set_socket_options([impl](socket_t sock) {
    httplib::default_socket_options(sock);
    impl->listening = sock;
  });
  // Pages of other sites may not frame, sniff or read what the board answers; the token in
  // the page's address goes to no other site.
  s.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                         {"Referrer-Policy", "no-referrer"},
                         {"X-Frame-Options", "DENY"},
                         {"Cache-Control", "no-store"}});
  s.set_pre_routing_handler([impl](const httplib::Request& req, httplib::Response& res) {
    std::string given = req.get_header_value("X-Conquian-Token");
    if (given.empty() && req.has_param("token")) given = req.get_param_value("token");
    if (!token_matches(given, impl->token)) {
      put_json(res, 403,
               {{"error",
                 "this request carries no token or the wrong one: open the address `conquian serve` "
                 "printed, with its ?token="}});
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  s.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) put_json(res, res.status, {{"error", library_status_sentence(res.status)}});
  });
  s.Get("/", [](const httplib::Request&, httplib::Response& res) {
    res.set_header("Content-Security-Policy", board_page_policy());
    res.set_content(board_page(), "text/html; charset=utf-8");
  });
  auto api_call = [impl](const httplib::Request& req, httplib::Response& res) {
    const ApiReply reply = impl->api.handle(req.method, req.path, req.body);
    put_json(res, reply.status, reply.body);
  };
  s.Get(R"(/api/.*)", api_call);
  s.Post(R"(/api/.*)", api_call);
  s.Delete(R"(/api/.*)", api_call);
}

BoardServer::~BoardServer() = default;

namespace {

// The library listens with a queue of 5 connections not yet accepted: 50 clients connecting
// at once overflowed it, and the kernel answered the rest with SYN cookies, on which a
// client's first request could be lost (a connection reset). Listening again on the bound
// socket sets the queue to the system's most.
void widen_accept_queue(int listening) {
  if (listening >= 0) ::listen(listening, SOMAXCONN);
}

}  // namespace

int BoardServer::bind() {
  httplib::Server& s = impl_->server;
  const ServerOptions& o = impl_->options;
  if (o.port == 0) {
    const int port = s.bind_to_any_port(o.host);
    if (port <= 0) throw std::runtime_error(fmt::format("cannot listen on {} (any port)", o.host));
    widen_accept_queue(impl_->listening);
    return port;
  }
  if (!s.bind_to_port(o.host, o.port))
    throw std::runtime_error(
        fmt::format("cannot listen on {} port {}: in use, or not an address of this machine "
                    "(--port 0 takes any free port)",
                    o.host, o.port));
  widen_accept_queue(impl_->listening);
  return o.port;
}

void BoardServer::serve() { impl_->server.listen_after_bind(); }

void BoardServer::stop() { impl_->server.stop(); }

}  // namespace conquian::http
