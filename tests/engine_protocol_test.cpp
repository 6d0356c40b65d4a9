// `conquian engine` through a real pipe (tests/engine_pipe.h): the example session of
// specs/protocol.md replayed byte for byte, every command, every error code, stop during a
// search, undo, and a game played to its end whose record `check` finds legal. Order and
// content only, never the clock: `conquian_bench engine` measures the times.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_run.h"
#include "engine_pipe.h"
#include "solve_answers.h"

namespace fs = std::filesystem;
using conquian::testing::EnginePipe;
using nlohmann::json;

namespace {

json ask(EnginePipe& e, const json& request) {
  REQUIRE(e.send(request.dump()));
  auto line = e.read_line();
  REQUIRE(line.has_value());
  return json::parse(*line);
}

std::string error_code(const json& answer) {
  CHECK(answer["ok"] == false);
  return answer["error"]["code"].get<std::string>();
}

// The example session of specs/protocol.md: "> " lines are sent, "< " lines expected.
std::vector<std::pair<char, std::string>> spec_session() {
  std::ifstream in(std::string(CONQUIAN_SOURCE_DIR) + "/specs/protocol.md");
  std::vector<std::pair<char, std::string>> lines;
  bool inside = false;
  for (std::string l; std::getline(in, l);) {
    if (l == "```session") inside = true;
    else if (inside && l == "```") break;
    else if (inside && l.size() >= 2 && (l[0] == '>' || l[0] == '<') && l[1] == ' ')
      lines.emplace_back(l[0], l.substr(2));
  }
  return lines;
}

}  // namespace

TEST_CASE("engine: the example session of specs/protocol.md, byte for byte through a pipe") {
  auto session = spec_session();
  REQUIRE(session.size() >= 20);
  EnginePipe e(CONQUIAN_BINARY);
  for (const auto& [dir, text] : session) {
    if (dir == '>') {
      REQUIRE(e.send(text));
    } else {
      auto line = e.read_line();
      REQUIRE(line.has_value());
      CHECK(*line == text);
    }
  }
  e.close_input();
  CHECK(e.read_line(2000) == std::nullopt);  // nothing more than the spec shows
  CHECK(e.wait_exit() == 0);
}

TEST_CASE("engine: every error is an answer with a code, and the next line is read") {
  EnginePipe e(CONQUIAN_BINARY);
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"state","id":1})"))) == "no-game");
  REQUIRE(e.send("this is not json"));
  CHECK(error_code(json::parse(*e.read_line())) == "not-json");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"fly","id":2})"))) == "unknown-command");
  CHECK(error_code(ask(e, json::parse(R"({"id":3})"))) == "missing-field");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":7})"))) == "bad-field");
  CHECK(error_code(ask(e, json::parse(R"([1,2])"))) == "bad-request");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"new","ruleset":"american"})"))) == "missing-field");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"new","ruleset":"american","seed":"x"})"))) == "bad-field");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"new","ruleset":"no-such-ruleset","seed":1})"))) == "bad-ruleset");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"new","ruleset":"american","deal":{"hands":[["Ac"]]}})"))) ==
        "bad-deal");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"new","record":"format: nonsense"})"))) == "bad-record");
  // A line of 100 MB: refused without the session ending.
  {
    std::string huge(100u << 20, 'x');
    REQUIRE(e.write_raw(huge + "\n"));
    auto line = e.read_line(60000);
    REQUIRE(line.has_value());
    CHECK(error_code(json::parse(*line)) == "line-too-long");
  }
  json a = ask(e, json::parse(R"({"cmd":"new","ruleset":"american","seed":5,"id":"n"})"));
  CHECK(a["ok"] == true);
  CHECK(a["id"] == "n");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"view","seat":"zero"})"))) == "bad-field");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"view"})"))) == "missing-field");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"view","seat":3})"))) == "bad-seat");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"play"})"))) == "missing-field");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"play","move":{"seat":0}})"))) == "bad-field");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"undo"})"))) == "nothing-to-undo");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"solve","mode":"guess"})"))) == "bad-field");
  CHECK(error_code(ask(e, json::parse(R"({"cmd":"solve","nodes":-4})"))) == "bad-field");
  CHECK(ask(e, json::parse(R"({"cmd":"hello"})"))["protocol"] == 1);
  REQUIRE(e.send(R"({"cmd":"quit","id":9})"));
  CHECK(json::parse(*e.read_line())["id"] == 9);
  CHECK(e.wait_exit() == 0);
}

TEST_CASE("engine: play judges as check does; a refused move changes nothing; undo takes a move back") {
  EnginePipe e(CONQUIAN_BINARY);
  json start = ask(e, json::parse(R"({"cmd":"new","ruleset":"american","seed":11})"))["state"];
  json legal = ask(e, json::parse(R"({"cmd":"legal"})"));
  REQUIRE(legal["moves"].size() >= 1);
  const int seat = legal["seat"].get<int>();
  // A move for the wrong seat: check's not-your-turn, and the state as it was.
  json wrong = legal["moves"][0];
  wrong["seat"] = 1 - seat;
  json refused = ask(e, {{"cmd", "play"}, {"move", wrong}});
  CHECK(refused["ok"] == true);
  CHECK(refused["legal"] == false);
  CHECK(refused["code"] == "not-your-turn");
  CHECK(!refused["reason"].get<std::string>().empty());
  CHECK(ask(e, json::parse(R"({"cmd":"state"})"))["state"] == start);
  json played = ask(e, {{"cmd", "play"}, {"move", legal["moves"][0]}});
  CHECK(played["legal"] == true);
  CHECK(played["state"] != start);
  json undone = ask(e, json::parse(R"({"cmd":"undo"})"));
  CHECK(undone["state"] == start);
  // view: the seat's own hand, the other hand's count only.
  json view = ask(e, json::parse(R"({"cmd":"view","seat":0})"))["view"];
  CHECK(view["hand"] == start["hands"][0]);
  CHECK(view["hand_counts"][1] == start["hands"][1].size());
  CHECK(view["stock"] == start["stock"].size());
  for (const auto& card : start["hands"][1])
    CHECK(view.dump().find("\"" + card.get<std::string>() + "\"") == std::string::npos);
}

TEST_CASE("engine: a game played to its end; its record is legal to check") {
  EnginePipe e(CONQUIAN_BINARY);
  ask(e, json::parse(R"({"cmd":"new","ruleset":"american","seed":3,"dealer":1})"));
  int moves = 0;
  for (; moves < 2000; ++moves) {
    json legal = ask(e, json::parse(R"({"cmd":"legal"})"));
    if (legal["moves"].empty()) break;
    json m = legal["moves"][static_cast<std::size_t>(moves * 7919) % legal["moves"].size()];
    REQUIRE(ask(e, {{"cmd", "play"}, {"move", m}})["legal"] == true);
  }
  json state = ask(e, json::parse(R"({"cmd":"state"})"))["state"];
  CHECK(!state["outcome"].is_null());
  CHECK(moves > 5);
  json rec = ask(e, json::parse(R"({"cmd":"record"})"));
  REQUIRE(rec["ok"] == true);
  fs::path file = fs::temp_directory_path() / ("conquian-engine-test-" + std::to_string(getpid()) + ".yaml");
  std::ofstream(file) << rec["record"].get<std::string>();
  auto checked = conquian::testing::run_cli("check " + file.string());
  CHECK(checked.status == 0);
  // The same record read back by new: the same final state.
  json again = ask(e, {{"cmd", "new"}, {"record", rec["record"]}});
  CHECK(again["state"] == state);
  fs::remove(file);
}

TEST_CASE("engine: stop during a solve: the search's answer first, stopped, with a best move; hello meanwhile") {
  EnginePipe e(CONQUIAN_BINARY);
  ask(e, json::parse(R"({"cmd":"new","ruleset":"american","seed":1})"));
  REQUIRE(e.send(R"({"cmd":"solve","mode":"stock_unknown","nodes":0,"id":"s"})"));
  auto info = e.read_line();
  REQUIRE(info.has_value());
  CHECK(json::parse(*info).contains("info"));
  usleep(300'000);
  REQUIRE(e.send(R"({"cmd":"hello","id":"h"})"));
  json hello;
  for (;;) {  // info lines may come first
    hello = json::parse(*e.read_line());
    if (!hello.contains("info")) break;
    CHECK(hello["id"] == "s");
  }
  CHECK(hello["id"] == "h");
  REQUIRE(e.send(R"({"cmd":"stop","id":"t"})"));
  json answer;
  for (;;) {
    auto line = e.read_line(60000);
    REQUIRE(line.has_value());
    answer = json::parse(*line);
    if (!answer.contains("info")) break;
    CHECK(answer["id"] == "s");
  }
  // The solve's answer, then the stop's: in that order, each with its id.
  CHECK(answer["id"] == "s");
  CHECK(answer["stopped"] == true);
  // Not solved: the interval what it searched proves (specs/protocol.md), as solve --json's,
  // and a best move all the same: proved so far, or (here, a whole deal) the first in the
  // search's order, the estimate having had no time after the stop.
  CHECK(answer["solved"] == false);
  CHECK(answer["exact"] == false);
  REQUIRE(answer["interval"].size() == 2);
  CHECK(answer["interval"][0].get<double>() <= answer["interval"][1].get<double>());
  CHECK(answer["fractions"].size() == 2);
  CHECK(answer["best"]["seat"] == 1);
  CHECK((answer["basis"] == "interval" || answer["basis"] == "estimate"));
  CHECK(json::parse(*e.read_line())["id"] == "t");
}

TEST_CASE("engine: solve with a movetime is cut short by it: stopped, with a best move; solve --json's answer") {
  EnginePipe e(CONQUIAN_BINARY);
  ask(e, json::parse(R"({"cmd":"new","ruleset":"tiny","seed":2})"));
  REQUIRE(e.send(R"({"cmd":"solve","id":1})"));
  json a;
  do a = json::parse(*e.read_line());
  while (a.contains("info"));
  CHECK(a["ok"] == true);
  CHECK(a["stopped"] == false);
  CHECK(a["basis"] == "exact");
  CHECK(a.contains("value"));
  CHECK(a.contains("best"));
  ask(e, json::parse(R"({"cmd":"new","ruleset":"american","seed":1})"));
  REQUIRE(e.send(R"({"cmd":"solve","mode":"stock_unknown","movetime":200})"));
  do a = json::parse(*e.read_line(60000));
  while (a.contains("info"));
  // A whole deal is not solved in 200 ms: the movetime stopped it, and every move is estimated.
  CHECK(a["stopped"] == true);
  CHECK(a["solved"] == false);
  CHECK(a["best"]["seat"] == 1);
  REQUIRE(a.contains("estimate"));
  CHECK(a["estimate"]["method"] == "stock orders");
  CHECK(!a["estimate"]["moves"].empty());
  CHECK(a["estimate"]["moves"][0]["move"] == a["best"]);
  json v = ask(e, json::parse(R"({"cmd":"solve","mode":"view","worlds":4,"nodes":2000,"movetime":5000})"));
  while (v.contains("info")) v = json::parse(*e.read_line());
  CHECK(v["ok"] == true);
  CHECK(v.contains("moves"));
  CHECK(v["stopped"].is_boolean());
  CHECK(v["best"].is_object());
}

TEST_CASE("engine: act answers the referee's request with one of the legal moves") {
  EnginePipe e(CONQUIAN_BINARY, {"engine", "--player", "greedy"});
  ask(e, json::parse(R"({"cmd":"new","ruleset":"american","seed":8})"));
  int acts = 0;
  for (int i = 0; i < 30; ++i) {
    json legal = ask(e, json::parse(R"({"cmd":"legal"})"));
    if (legal["moves"].empty()) break;
    const int seat = legal["seat"].get<int>();
    json view = ask(e, {{"cmd", "view"}, {"seat", seat}})["view"];
    // The referee's list: in a force window it offers not forcing too (serve/protocol_moves.h).
    json offered = legal["moves"];
    if (view["phase"] == "force-window") offered.push_back({{"seat", seat}, {"waive", true}});
    json act = ask(e, {{"cmd", "act"}, {"deal", 1}, {"view", view}, {"legal", offered}, {"time_ms", 1000}});
    REQUIRE(act.contains("move"));
    bool listed = false;
    for (const auto& m : offered) listed = listed || m == act["move"];
    CHECK(listed);
    if (act["move"].contains("waive")) continue;  // the session's `play` reads record moves: the next one declines
    REQUIRE(ask(e, {{"cmd", "play"}, {"move", act["move"]}})["legal"] == true);
    // The same view with a list that lacks the player's choice: an error, never another move in
    // its place (a bad list or view must not play as "the first move").
    json others = json::array();
    for (const auto& m : offered)
      if (m != act["move"] && !(act["move"].contains("turn") && m.contains("turn"))) others.push_back(m);
    if (others.empty()) continue;
    json refused = ask(e, {{"cmd", "act"}, {"deal", 1}, {"view", view}, {"legal", others}, {"time_ms", 1000}});
    CHECK(!refused.contains("move"));
    CHECK(error_code(refused) == "bad-field");
    ++acts;
  }
  CHECK(acts > 0);  // decisions with more than one move were asked the wrong list
  // A view with no position outside the swap: refused, not answered with the first move.
  json view = ask(e, json::parse(R"({"cmd":"view","seat":0})"))["view"];
  view.erase("position");
  json legal = ask(e, json::parse(R"({"cmd":"legal"})"));
  if (!legal["moves"].empty())
    CHECK(error_code(ask(e, {{"cmd", "act"}, {"deal", 1}, {"view", view}, {"legal", legal["moves"]}})) == "bad-field");
  // start, observe and end get no answer: the next answer is hello's.
  REQUIRE(e.send(R"({"cmd":"observe","deal":1,"move":{"seat":0,"turn":"5h"}})"));
  CHECK(ask(e, json::parse(R"({"cmd":"hello","id":"after"})"))["id"] == "after");
}

namespace {

// The lines a `solve` sends: its info lines, then its answer.
struct SolveLines {
  std::vector<json> infos;
  json answer;
};

SolveLines solve_lines(EnginePipe& e, const std::string& request) {
  SolveLines out;
  REQUIRE(e.send(request));
  for (;;) {
    auto line = e.read_line(60000);
    REQUIRE(line.has_value());
    json j = json::parse(*line);
    if (!j.contains("info")) {
      out.answer = j;
      return out;
    }
    out.infos.push_back(j);
  }
}

}  // namespace

TEST_CASE("engine: a solve's info lines: before the answer, each with nodes and a legal best move so far") {
  EnginePipe e(CONQUIAN_BINARY);
  // Seat 1's decision after the first turn (take the card or pass it), the whole deal
  // ahead: the searches run until their movetime. What the best move so far is, and that it
  // ends as the answer's, pimc_test.cpp checks ("search progress").
  ask(e, json::parse(R"({"cmd":"new","ruleset":"american","seed":1})"));
  json legal = ask(e, json::parse(R"({"cmd":"legal"})"));
  REQUIRE(ask(e, {{"cmd", "play"}, {"move", legal["moves"][0]}})["legal"] == true);
  legal = ask(e, json::parse(R"({"cmd":"legal"})"));
  for (const char* request : {R"({"cmd":"solve","mode":"view","worlds":100000,"nodes":3000,"movetime":1200,"id":"v"})",
                              R"({"cmd":"solve","mode":"stock_unknown","movetime":600,"id":"c"})"}) {
    CAPTURE(request);
    SolveLines s = solve_lines(e, request);
    CHECK(s.answer["ok"] == true);
    CHECK(s.answer["stopped"] == true);
    REQUIRE(!s.infos.empty());
    for (const json& i : s.infos) {
      CHECK(i["id"] == s.answer["id"]);
      CHECK(i["info"]["nodes"].is_number_unsigned());
      CHECK(i["info"]["worlds"].is_number_unsigned());
      CHECK(i["info"]["ms"].is_number_unsigned());
      // From the first line on: the first move in the search's order, then the best so far.
      REQUIRE(i["info"]["best"].is_object());
      CHECK(i["info"]["best"]["seat"] == 1);
      bool listed = false;
      for (const auto& m : legal["moves"]) listed = listed || m == i["info"]["best"];
      CHECK_MESSAGE((listed || i["info"]["best"] == json{{"seat", 1}, {"turn", nullptr}}), i.dump());
    }
    // The times the engine reports go forward.
    for (std::size_t i = 1; i < s.infos.size(); ++i)
      CHECK(s.infos[i]["info"]["ms"].get<double>() >= s.infos[i - 1]["info"]["ms"].get<double>());
  }
}

TEST_CASE("engine: a panguingue game at six seats played to its end; its record, with its chips, is legal to check") {
  EnginePipe e(CONQUIAN_BINARY);
  json started = ask(e, json::parse(R"({"cmd":"new","ruleset":"panguingue","seed":5,"seats":6,"dealer":2})"));
  REQUIRE(started["ok"] == true);
  CHECK(started["state"]["game"] == "panguingue");
  CHECK(started["state"]["hands"].size() == 6);
  CHECK(started["state"]["phase"] == "declare");
  CHECK(started["state"]["to_act"] == 3);  // the eldest, after the dealer
  int moves = 0;
  for (; moves < 5000; ++moves) {
    json legal = ask(e, json::parse(R"({"cmd":"legal"})"));
    if (legal["moves"].empty()) break;
    // Everyone plays (a drop would end many deals at once), then any legal move.
    json m = legal["moves"][0];
    if (!m.contains("play")) m = legal["moves"][static_cast<std::size_t>(moves * 7919) % legal["moves"].size()];
    if (moves % 37 == 0) {
      // The seat to act's moves, each with its chips estimated from its view and a 95%
      // interval, said to be no more than that; the best among them a legal move. The
      // seat's-view solve without a seat answers the seat to act's.
      const char* ask = moves % 2 ? R"({"cmd":"solve","movetime":50})" : R"({"cmd":"solve","mode":"view","worlds":4})";
      const auto reply = conquian::testing::ask_solve(e, json::parse(ask), -1, 60000);
      const json& hint = reply.answer;
      REQUIRE_MESSAGE(hint["ok"] == true, hint.dump());
      REQUIRE(!reply.infos.empty());
      CHECK(reply.infos.back()["info"]["best"] == hint["best"]);
      CHECK(hint["basis"] == "estimate");
      CHECK(hint["proved"] == false);
      CHECK(hint["view"] == hint["to_act"]);
      CHECK(hint["worlds"].get<int>() >= 4);
      REQUIRE(hint["moves"].size() == legal["moves"].size());
      for (const auto& entry : hint["moves"]) CHECK(entry["ci95"][0].get<double>() <= entry["ci95"][1].get<double>());
      bool listed = false;
      for (const auto& l : legal["moves"]) listed = listed || l == hint["best"];
      CHECK_MESSAGE(listed, hint.dump());
    }
    REQUIRE(ask(e, {{"cmd", "play"}, {"move", m}})["legal"] == true);
  }
  const json state = ask(e, json::parse(R"({"cmd":"state"})"))["state"];
  REQUIRE(!state["outcome"].is_null());
  std::int64_t sum = state["pot"].get<std::int64_t>();
  for (const auto& c : state["chips"]) sum += c.get<std::int64_t>();
  CHECK(sum == 0);
  // A seat's view holds its own hand and every hand's size, never another hand.
  const json view = ask(e, json::parse(R"({"cmd":"view","seat":1})"))["view"];
  CHECK(view["hand"] == state["hands"][1]);
  CHECK(!view.contains("hands"));
  CHECK(view["stock"].is_number());
  // The record carries the settlement, and check finds it legal with the same chips.
  json rec = ask(e, json::parse(R"({"cmd":"record"})"));
  REQUIRE(rec["ok"] == true);
  CHECK(rec["record"].get<std::string>().find("chips: [") != std::string::npos);
  fs::path file = fs::temp_directory_path() / ("conquian-engine-pan-" + std::to_string(getpid()) + ".yaml");
  std::ofstream(file) << rec["record"].get<std::string>();
  auto checked = conquian::testing::run_cli("check --json " + file.string());
  CHECK(checked.status == 0);
  const json verdict = json::parse(checked.out)["games"][0];
  CHECK(verdict["chips"] == state["chips"]);
  CHECK(verdict["pot"] == state["pot"]);
  // Illegal moves are refused with check's code; a solve after the end has no move to name.
  json refused = ask(e, {{"cmd", "play"}, {"move", {{"seat", 0}, {"drop", true}}}});
  CHECK(refused["legal"] == false);
  const json solved = conquian::testing::ask_solve(e, json::parse(R"({"cmd":"solve"})"), -1, 60000).answer;
  CHECK(solved["ok"] == true);
  CHECK(solved["over"] == true);
  CHECK(solved["best"].is_null());
  fs::remove(file);
}
