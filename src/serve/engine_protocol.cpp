#include "serve/engine_protocol.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <limits>

#include "batch/players.h"
#include "engine/position.h"
#include "pan/position.h"
#include "record/json_text.h"
#include "record/record_writer.h"
#include "record/text_quote.h"
#include "replay/record_moves.h"
#include "serve/bot_move.h"
#include "serve/game_session.h"
#include "serve/sessions.h"
#include "serve/state_json.h"

namespace conquian::serve {
namespace {

const char* const kCommands[] = {"hello", "new",    "state", "view", "legal", "play",
                                 "undo",  "record", "solve", "stop", "quit",  "act"};

[[noreturn]] void missing(const std::string& cmd, const std::string& key, const std::string& what) {
  throw SessionError("missing-field", fmt::format("{}: no '{}' ({})", cmd, key, what));
}

[[noreturn]] void mistyped(const std::string& cmd, const std::string& key, const std::string& what,
                           const nlohmann::json& value) {
  throw SessionError("bad-field", fmt::format("{}: '{}' must be {}, not {}", cmd, key, what, value.dump()));
}

// A non-negative integer field; `fallback` when absent (nullopt: required).
std::uint64_t count_field(const nlohmann::json& r, const std::string& cmd, const std::string& key,
                          std::optional<std::uint64_t> fallback) {
  if (!r.contains(key) || r[key].is_null()) {
    if (!fallback) missing(cmd, key, "a number");
    return *fallback;
  }
  const auto& v = r[key];
  if (!v.is_number_integer() || (v.is_number_integer() && !v.is_number_unsigned() && v.get<long long>() < 0))
    mistyped(cmd, key, "a whole number, 0 or more", v);
  return v.get<std::uint64_t>();
}

// The most seats any game of the family seats: a seat or a count past it is refused before a
// session is asked (which then holds it to its ruleset's own number).
constexpr int kMostSeats = std::max(kMaxSeats, pan::kMaxSeats);

int seat_field(const nlohmann::json& r, const std::string& cmd, std::optional<int> fallback) {
  if (!r.contains("seat") || r["seat"].is_null()) {
    if (!fallback) missing(cmd, "seat", "a seat number");
    return *fallback;
  }
  if (!r["seat"].is_number_integer()) mistyped(cmd, "seat", "a seat number", r["seat"]);
  const long long s = r["seat"].get<long long>();
  if (s < 0 || s >= kMostSeats)
    throw SessionError("bad-seat", fmt::format("{}: 'seat' {}: there is no such seat", cmd, s));
  return static_cast<int>(s);
}

std::string text_field(const nlohmann::json& r, const std::string& cmd, const std::string& key) {
  if (!r[key].is_string()) mistyped(cmd, key, "a string (the file's text)", r[key]);
  return r[key].get<std::string>();
}

nlohmann::json error_answer(const std::string& code, const std::string& message) {
  return {{"ok", false}, {"error", {{"code", code}, {"message", message}}}};
}

}  // namespace

EngineProtocol::EngineProtocol(std::function<void(const std::string&)> emit, std::string version, std::string player)
    : emit_(std::move(emit)), version_(std::move(version)), player_(std::move(player)) {
  worker_ = std::thread([this] { work(); });
}

EngineProtocol::~EngineProtocol() { finish(); }

void EngineProtocol::emit(const nlohmann::json& line) {
  std::string text = record::json_dump(line);
  std::lock_guard<std::mutex> lock(emit_mutex_);
  emit_(text);
}

bool EngineProtocol::submit(std::string_view line) {
  Request r;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  try {
    r.parsed = nlohmann::json::parse(line.begin(), line.end());
  } catch (const nlohmann::json::parse_error& e) {
    r.parse_error = record::json_syntax_problem(line, e.byte);
  } catch (const nlohmann::json::exception&) {  // out_of_range: a number past a double's range
    r.parse_error = record::kJsonNumberTooLarge;
  }
  std::string cmd;
  if (r.parsed && r.parsed->is_object() && r.parsed->contains("cmd") && (*r.parsed)["cmd"].is_string())
    cmd = (*r.parsed)["cmd"].get<std::string>();
  std::unique_lock<std::mutex> lock(mutex_);
  // While a search runs (or waits its turn), these three are seen here, at once.
  if (solves_ > 0 && cmd == "hello") {
    nlohmann::json a = hello();
    if (r.parsed->contains("id")) a["id"] = (*r.parsed)["id"];
    emit(a);
    return true;
  }
  if (cmd == "stop" && solves_ > 0) stop_.store(true), halt_.store(true);
  if (cmd == "quit") {
    quitting_.store(true);
    stop_.store(true);
    halt_.store(true);
  }
  if (cmd == "solve") ++solves_;
  // Nothing before it waits and it is no search: answered here, on the reading thread. A
  // round trip then costs no wake-up of the worker (two thread switches a request, most of
  // a `legal` or `play` answer's time through a pipe; tools/conquian_bench/bench_engine.cpp). Order
  // is kept: the worker is idle and only this thread gives it work.
  if (cmd != "solve" && !busy_ && queue_.empty()) {
    busy_ = true;
    lock.unlock();
    answer(r);
    lock.lock();
    busy_ = false;
    return cmd != "quit";
  }
  queue_.push_back(std::move(r));
  wake_.notify_all();
  return cmd != "quit";
}

void EngineProtocol::submit_too_long(std::size_t bytes) {
  Request r;
  r.too_long = bytes;
  std::lock_guard<std::mutex> lock(mutex_);
  queue_.push_back(std::move(r));
  wake_.notify_all();
}

void EngineProtocol::finish() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void EngineProtocol::work() {
  for (;;) {
    Request r;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return !queue_.empty() || closing_; });
      if (queue_.empty()) return;
      r = std::move(queue_.front());
      queue_.pop_front();
      busy_ = true;
    }
    answer(r);
    std::lock_guard<std::mutex> lock(mutex_);
    busy_ = false;
  }
}

void EngineProtocol::answer(const Request& r) {
  if (r.too_long) {
    emit(error_answer("line-too-long",
                      fmt::format("a request line of more than {} bytes was refused unread (at most {})", r.too_long,
                                  kMaxLineBytes)));
    return;
  }
  if (!r.parsed) {
    emit(error_answer("not-json", "the line is not JSON: " + r.parse_error));
    return;
  }
  const nlohmann::json& req = *r.parsed;
  nlohmann::json a;
  try {
    if (answer_as_text(req)) return;
    a = run(req);
  } catch (const SessionError& e) { a = error_answer(e.code, e.what()); } catch (const nlohmann::json::exception&) {
    // The library's own text names its internals, not the request: a sentence instead.
    a = error_answer("internal",
                     "the request could not be answered: a JSON value inside it was not of the kind "
                     "expected (a fault of the engine; the session goes on)");
  } catch (const std::bad_alloc&) {
    a = error_answer("internal", "the request could not be answered: out of memory (the session goes on)");
  } catch (const std::exception& e) { a = error_answer("internal", e.what()); }
  if (req.is_object() && req.contains("cmd") && req["cmd"] == "solve") {
    std::lock_guard<std::mutex> lock(mutex_);
    if (--solves_ == 0 && !quitting_) stop_.store(false);
  }
  if (a.is_null()) return;  // observe, end, start: no answer
  if (req.is_object() && req.contains("id")) a["id"] = req["id"];
  emit(a);
}

nlohmann::json EngineProtocol::hello() const {
  nlohmann::json commands = nlohmann::json::array();
  for (const char* c : kCommands) commands.push_back(c);
  return {{"ok", true},
          {"name", "conquian"},
          {"version", version_},
          {"protocol", kProtocolVersion},
          {"commands", commands}};
}

void EngineProtocol::start_game(const nlohmann::json& req) {
  const std::string cmd = "new";
  std::shared_ptr<const Ruleset> rules;
  if (req.contains("ruleset")) rules = ruleset_from_json(req["ruleset"]);
  int given = 0;
  for (const char* k : {"seed", "deal", "position", "record"}) given += req.contains(k);
  if (given == 0) missing(cmd, "seed", "new takes one of seed, deal, position or record");
  if (given > 1) throw SessionError("bad-field", "new: give one of seed, deal, position or record, not several");
  if (req.contains("seed") || req.contains("deal")) {
    if (!rules) missing(cmd, "ruleset", "a name, a path or a mapping");
    if (req.contains("seed")) {
      const std::uint64_t seed = count_field(req, cmd, "seed", std::nullopt);
      const std::uint64_t dealer = count_field(req, cmd, "dealer", 0);
      const std::uint64_t seats = count_field(req, cmd, "seats", 0);
      if (dealer >= static_cast<std::uint64_t>(kMostSeats))
        throw SessionError("bad-seat", fmt::format("new: 'dealer' {}: there is no such seat", dealer));
      if (seats > static_cast<std::uint64_t>(kMostSeats))
        throw SessionError("bad-field", fmt::format("new: 'seats' {}: no game seats more than {}", seats, kMostSeats));
      session_ = session_from_seed(rules, seed, static_cast<int>(dealer), static_cast<int>(seats));
    } else {
      session_ = session_from_deal(rules, req["deal"]);
    }
  } else if (req.contains("position")) {
    session_ = session_from_position(text_field(req, cmd, "position"), rules);
  } else {
    const std::uint64_t after = count_field(req, cmd, "after", std::numeric_limits<std::uint64_t>::max());
    const std::uint64_t game = count_field(req, cmd, "game", 1);
    if (game == 0 || game > 1'000'000'000) mistyped(cmd, "game", "a game number, 1 or more", req["game"]);
    session_ = session_from_record(text_field(req, cmd, "record"), after, static_cast<int>(game), rules);
  }
}

// The answers of a game played move by move (new, state, legal, play, undo) are most of a
// session's traffic: written as text straight into one buffer, with the bytes nlohmann's
// dump() of the same object gives (keys sorted: record/json_text.h), rather than built as a
// tree of values and dumped (most of a round trip's time was that: malloc and free). False:
// another command, or no game yet (run() answers, with the error).
bool EngineProtocol::answer_as_text(const nlohmann::json& req) {
  if (!req.is_object()) return false;
  const auto c = req.find("cmd");
  if (c == req.end() || !c->is_string()) return false;
  const std::string& cmd = c->get_ref<const std::string&>();
  if (cmd != "new" && cmd != "state" && cmd != "legal" && cmd != "play" && cmd != "undo") return false;
  if (cmd != "new" && !session_) return false;
  std::string id;  // `"id":ID,` or nothing
  if (const auto i = req.find("id"); i != req.end()) {
    id = "\"id\":";
    id += record::json_dump(*i);
    id += ',';
  }
  std::string& out = answer_text_;
  out.clear();
  auto state_answer = [&] {
    out += '{';
    out += id;
    out += "\"ok\":true,\"state\":";
    session_->append_state_json(out);
    out += '}';
  };
  if (cmd == "new") {
    start_game(req);
    state_answer();
  } else if (cmd == "state") {
    state_answer();
  } else if (cmd == "undo") {
    if (!session_->undo()) throw SessionError("nothing-to-undo", "undo: no move was played since the game began");
    state_answer();
  } else if (cmd == "legal") {
    out += '{';
    out += id;
    out += "\"moves\":";
    // A waive is never listed (the session plays through it): every move has words.
    session_->append_legal_json(out);
    out += ",\"ok\":true,\"seat\":";
    if (session_->over()) out += "null";
    else record::append_json_int(out, session_->to_act());
    out += '}';
  } else {  // play
    const auto move = req.find("move");
    if (move == req.end()) missing(cmd, "move", "a move as records write it in JSON");
    const PlayVerdict v = session_->play(*move);
    if (v.legal) {
      out += '{';
      out += id;
      out += "\"legal\":true,\"ok\":true,\"state\":";
      session_->append_state_json(out);
      out += '}';
    } else {
      out += "{\"code\":";
      record::append_json_string(out, v.code);
      out += ',';
      out += id;
      out += "\"legal\":false,\"ok\":true,\"reason\":";
      record::append_json_string(out, v.reason);
      out += '}';
    }
  }
  std::lock_guard<std::mutex> lock(emit_mutex_);
  emit_(out);
  return true;
}

nlohmann::json EngineProtocol::run(const nlohmann::json& req) {
  if (!req.is_object()) throw SessionError("bad-request", "a request is a JSON object such as {\"cmd\": \"hello\"}");
  if (!req.contains("cmd")) throw SessionError("missing-field", "the request has no 'cmd'");
  if (!req["cmd"].is_string()) mistyped("request", "cmd", "a command name (a string)", req["cmd"]);
  const std::string cmd = req["cmd"].get<std::string>();
  if (cmd == "hello") return hello();
  if (cmd == "quit" || cmd == "stop") return {{"ok", true}};
  // The bot side of the protocol (the referee's requests).
  if (cmd == "start" || cmd == "observe" || cmd == "end") return nullptr;
  if (cmd == "act") return run_act(req);
  const bool known = std::find(std::begin(kCommands), std::end(kCommands), cmd) != std::end(kCommands);
  if (!known) throw SessionError("unknown-command", fmt::format("unknown command '{}'", cmd));
  if (!session_) throw SessionError("no-game", fmt::format("{}: no game yet: start one with new", cmd));
  Session& s = *session_;
  // new, state, legal, play and undo are answered as text (answer_as_text).
  if (cmd == "view") {
    const int seat = seat_field(req, cmd, std::nullopt);
    return {{"ok", true}, {"view", s.view(seat)}};
  }
  if (cmd == "record") return {{"ok", true}, {"record", s.record()}};
  return run_solve(req);
}

nlohmann::json EngineProtocol::run_solve(const nlohmann::json& req) {
  SolveRequest sr;
  if (req.contains("mode")) {
    if (!req["mode"].is_string()) mistyped("solve", "mode", "exact, stock_unknown or view", req["mode"]);
    sr.mode = req["mode"].get<std::string>();
  }
  if (sr.mode == "view") sr.seat = seat_field(req, "solve", session_->to_act());
  sr.nodes = count_field(req, "solve", "nodes", 0);
  sr.worlds = count_field(req, "solve", "worlds", 0);
  sr.movetime_ms = count_field(req, "solve", "movetime", 0);
  const nlohmann::json id = req.contains("id") ? req["id"] : nlohmann::json();
  const auto start = std::chrono::steady_clock::now();
  auto info = [&](const SolveProgress& p) {
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    nlohmann::json line = {{"info", {{"nodes", p.nodes}, {"worlds", p.worlds}, {"best", p.best}, {"ms", ms}}}};
    if (!id.is_null()) line["id"] = id;
    emit(line);
  };
  // The search's own flag: the stops asked so far, not a movetime of the search before.
  halt_.store(stop_.load());
  nlohmann::json answer = session_->solve(sr, halt_, info);
  answer["ok"] = true;
  return answer;
}

nlohmann::json EngineProtocol::run_act(const nlohmann::json& req) {
  if (!req.contains("view")) missing("act", "view", "the seat's view, as view gives it");
  if (!req.contains("legal")) missing("act", "legal", "the legal moves");
  if (!req["legal"].is_array() || req["legal"].empty()) mistyped("act", "legal", "a list of moves", req["legal"]);
  return {{"move", bot_move(req["view"], req["legal"], player_)}};
}

}  // namespace conquian::serve
