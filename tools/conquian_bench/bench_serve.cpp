// `conquian_bench serve`: load on `conquian serve` over HTTP on loopback from a lean client, so
// that the client's own cost does not set the latency it reports (a client of Python threads
// shares the two cores with the server under one interpreter lock). CLIENTS threads at once,
// each on its own keep-alive connection, each opening a game of the library at its deal,
// playing random legal moves taken from the server's answer to its end and closing it, until
// GAMES games are played; one more client asks for a hint (the seat's view, MOVETIME ms) every
// half second meanwhile. Prints the play round trip's p50 and p99, the hint's lateness past its
// movetime, the server's resident memory after a tenth of the games and at the end, and the
// CPU time of server and client.
//
// --ask trivial: the same clients and connections, each round trip a session's progress (the
// token checked, the path routed, the session found, a small answer written) instead of a
// play: the round trip this server and machine give with next to no work per request.
#include <fmt/format.h>
#include <httplib.h>
#include <sys/resource.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>

#include "bench.h"
#include "http/server.h"
#include "http/thread_priority.h"
#include "serve_process.h"

namespace conquian::bench {
namespace {

using Clock = std::chrono::steady_clock;

class ApiClient {
 public:
  ApiClient(int port, const std::string& token) : http_("127.0.0.1", port) {
    http_.set_keep_alive(true);
    http_.set_tcp_nodelay(true);
    http_.set_read_timeout(60, 0);
    headers_ = {{"X-Conquian-Token", token}};
  }
  nlohmann::json call(const std::string& method, const std::string& path, const nlohmann::json& body = nullptr) {
    httplib::Result res = method == "GET"      ? http_.Get(path.c_str(), headers_)
                          : method == "DELETE" ? http_.Delete(path.c_str(), headers_)
                                               : http_.Post(path.c_str(), headers_, body.dump(), "application/json");
    if (!res) throw std::runtime_error(fmt::format("{} {}: {}", method, path, httplib::to_string(res.error())));
    if (res->status >= 300) throw std::runtime_error(fmt::format("{} {}: {} {}", method, path, res->status, res->body));
    return nlohmann::json::parse(res->body);
  }

 private:
  httplib::Client http_;
  httplib::Headers headers_;
};

double percentile_ms(std::vector<double> xs, double p) {
  if (xs.empty()) return 0;
  std::sort(xs.begin(), xs.end());
  return 1000 * xs[std::min(xs.size() - 1, static_cast<std::size_t>(p / 100 * static_cast<double>(xs.size())))];
}

double client_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return s(u.ru_utime) + s(u.ru_stime);
}

struct Load {
  int games = 2000;
  int movetime = 200;
  bool trivial = false;
  int trivial_per_game = 30;
  std::atomic<int> started{0}, done{0};
  std::mutex mutex;
  std::vector<double> trips, hints;
  // Of each hint: the solve's own time past the movetime (as the answer reports it), and the
  // round trip's time around the solve (the request read, the position copied, the answer
  // worded and written).
  std::vector<double> hint_solving, hint_around;
  long rss_tenth = 0;
  std::string failure;  // the first request that failed: the run stops and says so
};

void play_games(Load& load, const ServeProcess& server, unsigned seed) try {
  // The players stand for browsers on other machines, which take none of the server's CPU:
  // here they share its cores, and run at its connection threads' priority (http/server.h),
  // so that they take no larger share of them than the threads that answer them. The hint's
  // client stays at the process's priority, as the server's solves do.
  http::lower_this_thread(http::ServerOptions{}.connection_nice);
  std::mt19937_64 rng(seed);
  ApiClient c(server.port(), server.token());
  std::vector<double> local;
  while (load.started.fetch_add(1) < load.games) {
    nlohmann::json st = c.call("POST", "/api/open", {{"game", 0}});
    const std::string base = fmt::format("/api/session/{}", st["session"].get<std::uint64_t>());
    if (load.trivial) {
      for (int i = 0; i < load.trivial_per_game; ++i) {
        const auto t = Clock::now();
        c.call("GET", base + "/progress");
        local.push_back(seconds_since(t));
      }
    } else {
      while (!st["over"].get<bool>() && !st["legal"].empty()) {
        const nlohmann::json& legal = st["legal"];
        nlohmann::json body = {{"move", legal[rng() % legal.size()]["move"]}};
        const auto t = Clock::now();
        st = c.call("POST", base + "/play", body);
        local.push_back(seconds_since(t));
      }
    }
    c.call("DELETE", base);
    if (load.done.fetch_add(1) + 1 == std::max(1, load.games / 10)) {
      std::lock_guard<std::mutex> lock(load.mutex);
      load.rss_tenth = server.rss_kib();
    }
  }
  std::lock_guard<std::mutex> lock(load.mutex);
  load.trips.insert(load.trips.end(), local.begin(), local.end());
} catch (const std::exception& e) {
  std::lock_guard<std::mutex> lock(load.mutex);
  if (load.failure.empty()) load.failure = e.what();
  load.started = load.games;  // the others stop after their game
}

int serve_bench(const Args& args) {
  Load load;
  load.games = std::stoi(arg(args, "--games", "2000"));
  load.movetime = std::stoi(arg(args, "--movetime", "200"));
  load.trivial = arg(args, "--ask", "play") == "trivial";
  const int clients = std::stoi(arg(args, "--clients", "50"));
  const std::string record = arg(args, "--record", CONQUIAN_SOURCE_DIR "/corpus/legal/american-win.yaml");
  ServeProcess server(arg(args, "--bin", CONQUIAN_BINARY), {record});

  std::mutex stop_mutex;
  std::condition_variable stop_cv;
  bool stopped = false;
  std::thread hinter([&] {
    try {
      ApiClient c(server.port(), server.token());
      const nlohmann::json st = c.call("POST", "/api/open", {{"game", 0}, {"ply", 2}});
      const std::string path = fmt::format("/api/session/{}/solve", st["session"].get<std::uint64_t>());
      std::unique_lock<std::mutex> lock(stop_mutex);
      while (!stopped) {
        lock.unlock();
        const auto t = Clock::now();
        const nlohmann::json answer = c.call("POST", path, {{"mode", "view"}, {"movetime", load.movetime}});
        const double trip = seconds_since(t), solving = answer.value("seconds", 0.0);
        lock.lock();
        load.hints.push_back(trip - load.movetime / 1000.0);
        load.hint_solving.push_back(solving - load.movetime / 1000.0);
        load.hint_around.push_back(trip - solving);
        stop_cv.wait_for(lock, std::chrono::milliseconds(500), [&] { return stopped; });
      }
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(load.mutex);
      if (load.failure.empty()) load.failure = std::string("hint: ") + e.what();
    }
  });
  const double server_cpu0 = server.cpu_seconds(), client_cpu0 = client_cpu_seconds();
  const auto t0 = Clock::now();
  std::vector<std::thread> players;
  for (int i = 0; i < clients; ++i) players.emplace_back(play_games, std::ref(load), std::cref(server), i + 1u);
  for (std::thread& t : players) t.join();
  {
    std::lock_guard<std::mutex> lock(stop_mutex);
    stopped = true;
  }
  stop_cv.notify_all();
  hinter.join();
  const double wall = seconds_since(t0);
  const double server_cpu = server.cpu_seconds() - server_cpu0, client_cpu = client_cpu_seconds() - client_cpu0;
  const long rss_end = server.rss_kib();
  if (!load.failure.empty()) {
    fmt::print(stderr, "conquian_bench serve: {}\n", load.failure);
    return 1;
  }

  const double n = static_cast<double>(load.trips.size());
  const char* what = load.trivial ? "trivial round trips (a session's progress)" : "plays";
  fmt::print("{} games, {:.0f} {} by {} clients in {:.1f} s ({:.0f} a second)\n", load.games, n, what, clients, wall,
             n / wall);
  fmt::print("{}: p50 {:.2f} ms, p99 {:.2f} ms, worst {:.2f} ms\n",
             load.trivial ? "trivial round trip" : "play round trip", percentile_ms(load.trips, 50),
             percentile_ms(load.trips, 99), percentile_ms(load.trips, 100));
  std::vector<double> hints, solving, around;
  {
    std::lock_guard<std::mutex> lock(stop_mutex);
    hints = load.hints, solving = load.hint_solving, around = load.hint_around;
  }
  fmt::print("hint (view, movetime {} ms) past its movetime under load: worst {:.1f} ms, median {:.1f} ms, {} hints\n",
             load.movetime, percentile_ms(hints, 100), percentile_ms(hints, 50), hints.size());
  fmt::print(
      "hint: the solve past its movetime as it reports: worst {:.1f} ms; the round trip around it: worst {:.1f} ms\n",
      percentile_ms(solving, 100), percentile_ms(around, 100));
  fmt::print("server memory (RSS): {:.1f} MiB after {} games, {:.1f} MiB after {}\n",
             static_cast<double>(load.rss_tenth) / 1024, std::max(1, load.games / 10),
             static_cast<double>(rss_end) / 1024, load.games);
  fmt::print("CPU: server {:.1f} s ({:.0f} us a round trip), client {:.1f} s ({:.0f} us a round trip), {:.1f} s wall\n",
             server_cpu, 1e6 * server_cpu / n, client_cpu, 1e6 * client_cpu / n, wall);
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("serve",
                "conquian serve under load over HTTP: --clients 50 --games 2000 --movetime 200 [--ask trivial] "
                "[--bin conquian] [--record FILE]",
                serve_bench);

}  // namespace conquian::bench
