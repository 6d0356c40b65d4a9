// `conquian engine` through a pipe, as another program meets it (specs/protocol.md):
//   conquian_bench engine [--pairs 50000] [--runs 20] [--binary build/conquian]
// - legal + play round trips a second: `legal`, then `play` of one of its moves, each answer
//   read before the next request is written (a new deal when one ends); goal >= 20,000/s on
//   one core: run with the client and the engine pinned to one CPU, then again unpinned;
// - solve with movetime 200 (american, stock unknown, a fresh deal each run): the time from
//   the request to the answer, median and worst of --runs; goal <= 250 ms;
// - stop: a solve without budget, stopped 100 ms after it began: the time from `stop` to the
//   answer, median and worst of --runs; goal <= 50 ms.
#include <fmt/core.h>

#include <sched.h>
#include <simdjson.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <vector>

#include "../../tests/engine_pipe.h"
#include "bench.h"

namespace conquian::bench {
namespace {

using nlohmann::json;

json final_answer(testing::EnginePipe& e) {
  for (;;) {
    auto line = e.read_line(60000);
    if (!line) throw std::runtime_error("the engine did not answer");
    json j = json::parse(*line);
    if (!j.contains("info")) return j;
  }
}

json ask(testing::EnginePipe& e, const std::string& request) {
  if (!e.send(request)) throw std::runtime_error("the engine closed its input");
  return final_answer(e);
}

// The answer line to a request that streams no info lines (legal, play).
std::string answer_line(testing::EnginePipe& e, const std::string& request) {
  if (!e.send(request)) throw std::runtime_error("the engine closed its input");
  auto line = e.read_line(60000);
  if (!line) throw std::runtime_error("the engine did not answer");
  return *line;
}

void report(const char* what, std::vector<double> ms, double goal) {
  if (ms.empty()) return;  // --runs 0: round trips only
  std::sort(ms.begin(), ms.end());
  fmt::print("{}: median {:.1f} ms, worst {:.1f} ms of {} (goal: at most {:.0f} ms)\n", what, ms[ms.size() / 2],
             ms.back(), ms.size(), goal);
}

double ms_since(std::chrono::steady_clock::time_point t0) { return seconds_since(t0) * 1000; }

// `legal` then `play` of one of its moves, `pairs` times, each answer read before the next
// request; a new deal when one ends. Answers round trips a second.
double round_trips(const std::string& binary, long pairs) {
  testing::EnginePipe e(binary);
  // The client reads each answer with simdjson's On-Demand parser, as a program that wants
  // the engine's speed would: the round trips measure the engine and the pipe, not a JSON
  // tree built by the client (with nlohmann's here, the client took about a third of the time).
  simdjson::ondemand::parser parser;
  std::uint64_t seed = 1;
  ask(e, R"({"cmd":"new","ruleset":"american","seed":1})");
  long done = 0;
  std::string request;
  const auto t0 = std::chrono::steady_clock::now();
  while (done < pairs) {
    const simdjson::padded_string legal(answer_line(e, R"({"cmd":"legal"})"));
    simdjson::ondemand::document doc = parser.iterate(legal);
    simdjson::ondemand::array moves = doc["moves"].get_array();
    const std::size_t count = moves.count_elements();
    if (count == 0) {
      ask(e, fmt::format(R"({{"cmd":"new","ruleset":"american","seed":{}}})", ++seed));
      continue;
    }
    std::size_t i = 0;
    for (auto m : moves) {
      if (i++ != static_cast<std::size_t>(done) % count) continue;
      request = R"({"cmd":"play","move":)";
      simdjson::ondemand::object move = m.get_object();
      request += std::string_view(move.raw_json().value());
      request += '}';
      break;
    }
    const simdjson::padded_string played(answer_line(e, request));
    simdjson::ondemand::document answer = parser.iterate(played);
    if (!answer["legal"].get_bool().value())
      throw std::runtime_error("a listed move was refused: " + std::string(played.data(), played.size()));
    ++done;
  }
  const double rate = static_cast<double>(done) / seconds_since(t0);
  ask(e, R"({"cmd":"quit"})");
  return rate;
}

int bench_engine(const Args& args) {
  const std::string binary = arg(args, "--binary", CONQUIAN_BINARY);
  const long pairs = std::stol(arg(args, "--pairs", "50000"));
  const int runs = std::stoi(arg(args, "--runs", "20"));
  {
    // The goal is a rate on one core: the client and the engine pinned to the same CPU (the
    // engine inherits the client's affinity at spawn), so each request hands the core over
    // rather than waking the other process on the other core. Unpinned, the two sit on two
    // cores and every request also pays a cross-core wake-up; both are printed.
    cpu_set_t all, one;
    sched_getaffinity(0, sizeof all, &all);
    int first = 0;
    while (first < CPU_SETSIZE && !CPU_ISSET(first, &all)) ++first;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    // A pin refused (a container's CPU policy) would print an unpinned rate as one core's.
    if (sched_setaffinity(0, sizeof one, &one) != 0) throw std::runtime_error("could not pin the bench to one CPU");
    const double pinned = round_trips(binary, pairs);
    if (sched_setaffinity(0, sizeof all, &all) != 0) throw std::runtime_error("could not unpin the bench");
    const double unpinned = round_trips(binary, pairs);
    fmt::print("legal + play round trips, client and engine on one core (CPU {}): {:.0f}/s (goal: at least 20,000/s)\n",
               first, pinned);
    fmt::print("legal + play round trips, client and engine free to use {} cores: {:.0f}/s\n", CPU_COUNT(&all),
               unpinned);
  }
  testing::EnginePipe e(binary);
  std::vector<double> movetime, stop;
  for (int i = 0; i < runs; ++i) {
    ask(e, fmt::format(R"({{"cmd":"new","ruleset":"american","seed":{}}})", 100 + i));
    auto t0 = std::chrono::steady_clock::now();
    json a = ask(e, R"({"cmd":"solve","mode":"stock_unknown","movetime":200})");
    movetime.push_back(ms_since(t0));
    if (!a.contains("stopped")) throw std::runtime_error("no answer to solve: " + a.dump());
    e.send(R"({"cmd":"solve","mode":"stock_unknown","id":"s"})");
    usleep(100'000);
    t0 = std::chrono::steady_clock::now();
    e.send(R"({"cmd":"stop","id":"t"})");
    json s = final_answer(e);
    stop.push_back(ms_since(t0));
    if (s["id"] != "s") throw std::runtime_error("unexpected answer to solve: " + s.dump());
    final_answer(e);  // stop's own answer
  }
  report("solve with movetime 200, request to answer", movetime, 250);
  report("stop during a solve, stop to answer", stop, 50);
  fmt::print("(a shared machine: other processes compete for the cores)\n");
  ask(e, R"({"cmd":"quit"})");
  return 0;
}

}  // namespace

BENCHMARK_ENTRY("engine", "conquian engine through a pipe: legal+play round trips, movetime and stop latency",
                bench_engine);

}  // namespace conquian::bench
