// What every `solve` answer of `conquian engine` must be (specs/protocol.md, "solve"), held
// to random positions through a real pipe: the unit test (tests/engine_answers_test.cpp) and
// `conquian_bench engine` (which also times them) share it.
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/rng.h"
#include "engine_pipe.h"

namespace conquian::testing {

using Clock = std::chrono::steady_clock;

// One `solve` through the pipe: its info lines and its answer, timed from the request.
struct SolveReply {
  std::vector<nlohmann::json> infos;
  nlohmann::json answer;
  double ms = 0;        // request to answer
  double stop_ms = -1;  // `stop` to answer, when one was sent
};

inline double ms_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

// The next line as JSON ({} when none came within `timeout_ms`, or it was not JSON).
inline nlohmann::json next_json(EnginePipe& e, int timeout_ms) {
  auto line = e.read_line(timeout_ms);
  if (!line) return nlohmann::json::object();
  return nlohmann::json::parse(*line, nullptr, false);
}

// Sends `request` (a solve); with `stop_after_ms` >= 0 also a `stop` that long after it.
// Reads the info lines and the answer (which must come within `timeout_ms`), then the stop's
// own answer.
inline SolveReply ask_solve(EnginePipe& e, const nlohmann::json& request, int stop_after_ms, int timeout_ms) {
  SolveReply r;
  const auto t0 = Clock::now();
  e.send(request.dump());
  Clock::time_point stopped{};
  if (stop_after_ms >= 0) {
    usleep(static_cast<useconds_t>(stop_after_ms) * 1000);
    stopped = Clock::now();
    e.send(R"({"cmd":"stop","id":"stop"})");
  }
  for (;;) {
    nlohmann::json j = next_json(e, timeout_ms);
    if (j.is_discarded() || j.empty()) {
      r.answer = nlohmann::json::object();  // none: the checks below say so
      break;
    }
    if (!j.contains("info")) {
      r.answer = j;
      break;
    }
    r.infos.push_back(j);
  }
  const auto now = Clock::now();
  r.ms = ms_between(t0, now);
  if (stop_after_ms >= 0) {
    r.stop_ms = ms_between(stopped, now);
    next_json(e, timeout_ms);  // the stop's own answer
  }
  return r;
}

// Starts deal `seed` of `ruleset` and plays up to `plies` random legal moves (fewer when the
// deal ends first, or a decision of the swap, which the solvers refuse, would be next).
// Returns the session's `legal` answer at the position reached.
inline nlohmann::json random_position(EnginePipe& e, const std::string& ruleset, std::uint64_t seed, int plies,
                                      Rng& rng) {
  e.send(nlohmann::json{{"cmd", "new"}, {"ruleset", ruleset}, {"seed", seed}}.dump());
  next_json(e, 60000);
  nlohmann::json legal;
  for (int i = 0;; ++i) {
    e.send(R"({"cmd":"legal"})");
    legal = next_json(e, 60000);
    if (i >= plies || legal["moves"].empty()) break;
    const nlohmann::json& move = legal["moves"][rng.below(legal["moves"].size())];
    e.send(nlohmann::json{{"cmd", "play"}, {"move", move}}.dump());
    next_json(e, 60000);
  }
  return legal;
}

// "" when `best` is a legal choice at the session's decision (`legal`: its `legal` answer,
// `state`: its state): one of the listed moves (in a force window they include the moves
// that follow not forcing, which a solved answer's `best` may be: force_declined), a turn
// whose card is not named when a turn from the unknown stock is legal (`blind_turn`: modes
// stock_unknown and view; every card known, a turn names its card), or not forcing in a
// force window by the seat that may force.
inline std::string why_not_legal_best(const nlohmann::json& best, const nlohmann::json& legal,
                                      const nlohmann::json& state, bool blind_turn) {
  if (!best.is_object()) return "no best move: " + best.dump();
  for (const auto& m : legal["moves"])
    if (m == best) return "";
  if (blind_turn && best.size() == 2 && best.contains("turn") && best["turn"].is_null()) {
    for (const auto& m : legal["moves"])
      if (m.contains("turn") && m["seat"] == best["seat"]) return "";
    return "a turn, when no turn is legal: " + best.dump();
  }
  if (best.size() == 2 && best.contains("waive") && best["waive"] == true) {
    if (state["phase"] == "force-window" && state["to_act"] == best["seat"]) return "";
    return "not forcing, outside a force window or by another seat: " + best.dump();
  }
  return "not a legal move here: " + best.dump() + " (legal: " + legal["moves"].dump() + ")";
}

// "" when a solve's lines are as specs/protocol.md says: at least one info line, each with
// the request's id and a legal best; the answer `ok`, with the id, a `basis`, `stopped`, and a
// legal best (null only when the deal is over).
inline std::string why_not_good_answer(const SolveReply& r, const nlohmann::json& id, const nlohmann::json& legal,
                                       const nlohmann::json& state, const std::string& mode) {
  const bool blind_turn = mode != "exact";
  const bool over = legal["moves"].empty();
  if (r.infos.empty()) return "no info line before the answer";
  for (const auto& i : r.infos) {
    if (i["id"] != id) return "an info line without the request's id: " + i.dump();
    if (!i["info"].contains("best")) return "an info line without best: " + i.dump();
    if (!over)
      if (std::string why = why_not_legal_best(i["info"]["best"], legal, state, blind_turn); !why.empty())
        return "info line: " + why;
  }
  const nlohmann::json& a = r.answer;
  if (a.empty()) return "no answer";
  if (a["ok"] != true) return "not ok: " + a.dump();
  if (a["id"] != id) return "the answer has not the request's id: " + a.dump();
  if (!a["stopped"].is_boolean()) return "no 'stopped': " + a.dump();
  if (over) return a["best"].is_null() ? "" : "a best move in a deal that is over: " + a.dump();
  const std::string basis = a.value("basis", "");
  if (basis != "exact" && basis != "interval" && basis != "estimate") return "no basis: " + a.dump();
  if (basis == "estimate" && !a.contains("estimate") && !a.contains("moves"))
    return "an estimate without its values: " + a.dump();
  if (std::string why = why_not_legal_best(a["best"], legal, state, blind_turn); !why.empty()) return "answer: " + why;
  return "";
}

}  // namespace conquian::testing
