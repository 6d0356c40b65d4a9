// `conquian serve [FILE|DIR...]`: the analysis board and the card table in a browser
// (specs/serve.md). The options, the check of the host, the address printed with its token;
// the server itself is http/server.h and its API http/board_api.h.
#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>

#include <thread>

#include "base/parallel_for.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "cli/input_files.h"
#include "http/board_api.h"
#include "http/server.h"
#include "http/token.h"

extern char** environ;

namespace conquian::cli {
namespace {

struct ServeArgs {
  std::vector<std::string> inputs;
  std::string host = "127.0.0.1";
  int port = 8765;
  bool is_public = false;
  bool open = false;
  int read_timeout = 5;
  std::string cert, key;  // HTTPS: both, or neither
};

// Asks the desktop to open the address (xdg-open); says so when it cannot.
void open_browser(const std::string& url) {
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  pid_t pid = 0;
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ) != 0)
    fmt::print(stderr, "conquian serve: could not run xdg-open: open the address above yourself\n");
}

int run_serve(const ServeArgs& a) {
  if (!http::is_loopback_host(a.host) && !a.is_public)
    throw CommandError(
        fmt::format("--host {}: not this machine alone; anyone who can reach it and learns the "
                    "token drives the server: give --public too to mean it",
                    a.host));
  refuse_if(a.cert.empty() != a.key.empty(), "--cert and --key go together: the certificate and its private key");
  if (!http::is_loopback_host(a.host))
    fmt::print(stderr,
               "conquian serve: warning: listening on {} (--public): every machine that reaches it may connect; "
               "the token is the only guard{}\n",
               a.host,
               a.cert.empty() ? " and travels in clear over plain HTTP: give --cert and --key to serve HTTPS"
                              : " (over HTTPS)");
  http::Library library(expand_inputs(a.inputs));
  const std::size_t games = library.games().size();
  const int solves = static_cast<int>(std::max(2u, std::thread::hardware_concurrency()));
  http::BoardApi api(std::move(library), http::kMaxSessions, solves);
  http::ServerOptions o;
  o.host = a.host;
  o.port = a.port;
  o.read_timeout_s = a.read_timeout;
  o.cert_file = a.cert;
  o.key_file = a.key;
  const std::string token = http::random_token();
  // The pool's threads, started here at the command's priority before any connection thread
  // lowers its own: one for each solve the server runs at once, and helpers for what they spread.
  start_pool_threads(solves * default_threads());
  std::unique_ptr<http::BoardServer> server;
  int port = 0;
  try {
    server = std::make_unique<http::BoardServer>(api, token, o);
    port = server->bind();
  } catch (const std::runtime_error& e) { throw CommandError(e.what()); }
  const std::string shown = a.host.find(':') != std::string::npos ? "[" + a.host + "]" : a.host;
  const std::string url = fmt::format("{}://{}:{}/?token={}", o.https() ? "https" : "http", shown, port, token);
  fmt::print("conquian serve: {} game{} in the library; open\n    {}\n", games, games == 1 ? "" : "s", url);
  std::fflush(stdout);
  if (a.open) open_browser(url);
  server->serve();
  return kExitOk;
}

}  // namespace

void register_serve(CLI::App& app, Runner& run) {
  static ServeArgs a;
  auto* cmd = app.add_subcommand(
      "serve",
      "The analysis board and the card table in a browser. From the files given (specs/serve.md): the games of the "
      "files given, "
      "each with check's verdict, move by move with the legal moves in words and their values, lines tried as a "
      "tree, analyse's chart; a new sealed deal against a built-in player. Listens on 127.0.0.1 and prints the "
      "address with its token, which every request must carry. Only the files named here are read.\n\n"
      "Exit status: 0 when stopped; 2 unusable input or options (another host without --public).");
  cmd->add_option("FILE", a.inputs, "Record files or folders: the library");
  cmd->add_option("--port", a.port, "The port (default 8765; 0: any free port)");
  cmd->add_option("--host", a.host, "The address to listen on (default 127.0.0.1)");
  cmd->add_flag("--public", a.is_public, "Allow a --host other than this machine");
  cmd->add_flag("--open", a.open, "Open the address in the desktop's browser");
  cmd->add_option("--cert", a.cert, "HTTPS: the certificate chain, a PEM file (with --key)");
  cmd->add_option("--key", a.key, "HTTPS: the certificate's private key, a PEM file (with --cert)");
  cmd->add_option("--read-timeout", a.read_timeout, "Seconds a client may pause inside a request (default 5)")
      ->check(CLI::Range(1, 300));
  cmd->callback([&run] { run = [] { return run_serve(a); }; });
}

}  // namespace conquian::cli
