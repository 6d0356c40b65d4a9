// `conquian engine [--player NAME]`: the engine protocol (specs/protocol.md) on standard input
// and output. Only the wiring lives here: lines read in bounded chunks (a line past the limit
// is refused without being held whole) are handed to serve::EngineProtocol, and its answers
// are written one per line.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "batch/players.h"
#include "cli/command_error.h"
#include "cli/commands.h"
#include "serve/engine_protocol.h"

namespace conquian::cli {
namespace {

int run_engine(const std::string& player) {
  if (!batch::make_player(player)) throw CommandError("--player " + player + ": no such built-in player");
  serve::EngineProtocol protocol(
      [](const std::string& line) {
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
      },
      CONQUIAN_VERSION, player);
  std::string line;
  std::size_t dropped = 0;  // > 0: bytes of an overlong line discarded so far
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (const char* p = buf; p < buf + n;) {
      const char* end = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(buf + n - p)));
      const std::size_t len = static_cast<std::size_t>((end ? end : buf + n) - p);
      if (dropped) dropped += len;
      else if (line.size() + len > serve::kMaxLineBytes) {
        dropped = line.size() + len;
        line.clear();
        line.shrink_to_fit();
      } else {
        line.append(p, len);
      }
      if (!end) break;
      p = end + 1;
      if (dropped) {
        protocol.submit_too_long(dropped);
        dropped = 0;
      } else if (!protocol.submit(line)) {
        protocol.finish();
        return kExitOk;
      }
      line.clear();
    }
  }
  if (dropped) protocol.submit_too_long(dropped);
  else if (!line.empty()) protocol.submit(line);
  protocol.finish();
  return kExitOk;
}

}  // namespace

void register_engine(CLI::App& app, Runner& run) {
  static std::string player = "strong";
  auto* cmd =
      app.add_subcommand("engine",
                         "A game session for other programs over standard input and output. For a GUI, a game "
                         "server, a bot harness: one JSON request a line on standard input, one JSON answer a line "
                         "out, until quit or the end of input "
                         "(specs/protocol.md). Also answers a referee's act requests as a bot.\n\n"
                         "Exit status: 0 (a bad request is answered, and the session goes on); 2 a bad option.");
  cmd->add_option("--player", player, "The built-in player that answers act (default strong)");
  cmd->callback([&run] { run = [] { return run_engine(player); }; });
}

}  // namespace conquian::cli
