// `conquian engine` through a pipe, as another program meets it (specs/protocol.md):
//   conquian_bench engine [--pairs 50000] [--positions 200] [--modes exact,stock_unknown,view]
//                         [--seed 1] [--binary build/conquian]
// - legal + play round trips a second: `legal`, then `play` of one of its moves, each answer
//   read before the next request is written (a new deal when one ends); goal >= 20,000/s on
//   one core: run with the client and the engine pinned to one CPU, then again unpinned;
// - every solve answer on time and with a legal best move: --positions random positions of
//   `american` deals per mode (exact, stock_unknown, view), each asked with movetime 50, 200
//   and 1000, and once more with no movetime, stopped at a random time within 300 ms. For each
//   movetime, the worst and the median of (answer time - movetime) (goal: the worst at most
//   50 ms) and the answers' bases; for the stops, the worst and the median of stop to answer
//   (goal: at most 50 ms); and the answers that broke the protocol's rules (no legal best, no
//   basis, an info line without a legal best: tests/solve_answers.h), which must be none.
#include <fmt/core.h>

#include <sched.h>
#include <simdjson.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <vector>

#include "../../tests/engine_pipe.h"
#include "../../tests/solve_answers.h"
#include "base/rng.h"
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

// Worst and median of `ms`, with how many.
std::string spread(std::vector<double> ms) {
  if (ms.empty()) return "none";
  std::sort(ms.begin(), ms.end());
  return fmt::format("worst {:+.1f} ms, median {:+.1f} ms of {}", ms.back(), ms[ms.size() / 2], ms.size());
}

// Every solve answer of `mode` on `positions` random positions: on time, and by the rules.
// Returns the number of answers that broke the rules.
int answers(const std::string& binary, const std::string& mode, int positions, std::uint64_t seed) {
  testing::EnginePipe e(binary);
  Rng rng(seed);
  const std::vector<int> movetimes = {50, 200, 1000};
  std::map<int, std::vector<double>> late;  // movetime -> answer time - movetime
  std::map<int, std::map<std::string, int>> bases;
  std::vector<double> stops;
  int broken = 0, asked = 0;
  for (int k = 0; k < positions;) {
    // Plies from the deal: a quarter at its start (the whole deal ahead), the rest anywhere.
    const int plies = static_cast<int>(rng.below(k % 4 == 0 ? 4 : 50));
    const json legal = testing::random_position(e, "american", 1 + rng.below(1'000'000), plies, rng);
    if (legal["moves"].empty()) continue;
    ++k;
    e.send(R"({"cmd":"state"})");
    const json state = testing::next_json(e, 60000)["state"];
    for (int movetime : movetimes) {
      const auto r =
          testing::ask_solve(e, {{"cmd", "solve"}, {"mode", mode}, {"movetime", movetime}, {"id", k}}, -1, 60000);
      ++asked;
      late[movetime].push_back(r.ms - movetime);
      ++bases[movetime][r.answer.value("basis", "none")];
      if (std::string why = testing::why_not_good_answer(r, k, legal, state, mode); !why.empty()) {
        ++broken;
        fmt::print("  {} movetime {}: {}\n", mode, movetime, why);
      }
    }
    const int stop_after = static_cast<int>(rng.below(300));
    const auto r = testing::ask_solve(e, {{"cmd", "solve"}, {"mode", mode}, {"id", k}}, stop_after, 60000);
    ++asked;
    // A solve that answered before its stop was sent has no stop latency to show.
    if (r.ms > stop_after) stops.push_back(r.stop_ms);
    if (std::string why = testing::why_not_good_answer(r, k, legal, state, mode); !why.empty()) {
      ++broken;
      fmt::print("  {} stopped after {} ms: {}\n", mode, stop_after, why);
    }
  }
  for (int movetime : movetimes) {
    std::string b;
    for (const auto& [basis, n] : bases[movetime]) b += fmt::format("{}{} {}", b.empty() ? "" : ", ", basis, n);
    fmt::print("{} movetime {}: answer - movetime {} (goal: worst at most +50 ms); bases: {}\n", mode, movetime,
               spread(late[movetime]), b);
  }
  fmt::print("{} stop at a random time within 300 ms: stop to answer {} (goal: at most 50 ms)\n", mode, spread(stops));
  fmt::print("{}: {} answers, {} broke the protocol's rules (goal: none)\n", mode, asked, broken);
  e.send(R"({"cmd":"quit"})");
  return broken;
}

int bench_engine(const Args& args) {
  const std::string binary = arg(args, "--binary", CONQUIAN_BINARY);
  const long pairs = std::stol(arg(args, "--pairs", "50000"));
  const int positions = std::stoi(arg(args, "--positions", "200"));
  const std::uint64_t seed = std::stoull(arg(args, "--seed", "1"));
  const std::string modes = arg(args, "--modes", "exact,stock_unknown,view");
  if (pairs > 0) {
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
  int broken = 0;
  for (std::size_t from = 0; positions > 0 && from < modes.size();) {
    std::size_t comma = modes.find(',', from);
    if (comma == std::string::npos) comma = modes.size();
    broken += answers(binary, modes.substr(from, comma - from), positions, seed);
    from = comma + 1;
  }
  fmt::print("(a shared machine: other processes compete for the cores)\n");
  return broken == 0 ? 0 : 1;
}

}  // namespace

BENCHMARK_ENTRY("engine",
                "conquian engine through a pipe: legal+play round trips; every solve answer's best move, time and stop "
                "latency",
                bench_engine);

}  // namespace conquian::bench
