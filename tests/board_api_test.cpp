// The board's API (http/board_api.h) without sockets, as the server calls it: the library,
// open, play, goto, solve, analysis; the card table dealt to its end with its seal, the page's
// seat offered only its own moves and no card before it may see it; every error status.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "http/board_api.h"
#include "test_scale.h"

namespace {

using conquian::http::ApiReply;
using conquian::http::BoardApi;
using conquian::http::Library;
using nlohmann::json;

const std::string kCorpus = std::string(CONQUIAN_SOURCE_DIR) + "/corpus/legal/";

BoardApi board_api() {
  return BoardApi(Library({kCorpus + "american-win.yaml", kCorpus + "american-melds.yaml"}), 64, 2);
}

ApiReply call(BoardApi& api, const std::string& method, const std::string& path, const json& body = json::object()) {
  ApiReply r = api.handle(method, path, method == "GET" || method == "DELETE" ? std::string() : body.dump());
  INFO(method << " " << path << " " << body.dump() << " -> " << r.status << " " << r.body.dump().substr(0, 400));
  CHECK(r.body.is_object());
  return r;
}

std::string session_path(const json& state, const std::string& what = "") {
  return "/api/session/" + std::to_string(state["session"].get<std::uint64_t>()) + (what.empty() ? "" : "/" + what);
}

// What the card table shows the page's seat: only its own moves, no card it may not see yet.
struct TableWatch {
  int human = 0;
  int seats = 2;
  int declined = 0;  // forcing offers the page declined (a waive played)
  int windows = 0;   // states that offered the page a waive
  int offers = 0;    // waives the policy was offered when choosing a move
  int swaps_shown = 0;

  void state(const json& st) {
    CAPTURE(st.dump().substr(0, 600));
    if (st["over"].get<bool>()) return;
    // Another seat's hand: its size only.
    const json& hands = st["table"]["cards"]["hands"];
    for (std::size_t s = 0; s < hands.size(); ++s)
      if (static_cast<int>(s) != human) CHECK(hands[s].empty());
    for (const json& entry : st["legal"]) {
      const json& m = entry["move"];
      CHECK(m["seat"] == human);
      if (m.contains("turn")) CHECK(m["turn"].is_null());  // the stock's next card is face down
      if (m.contains("waive")) ++windows;
    }
    if (!st["legal"].empty()) CHECK(st["to_act"] == human);
  }
  // The moves an answer says were played, as the page's seat saw them.
  void played(const json& answer) {
    if (!answer.contains("played")) return;
    for (const json& e : answer["played"]) {
      const json& m = e["move"];
      if (!m.contains("swap") || m["seat"] == human || m["swap"].is_null()) continue;
      // Another seat's swap card: only to its receiver, and only once the swap is over.
      ++swaps_shown;
      CHECK((m["seat"].get<int>() + 1) % seats == human);
      const std::string next = answer["table"]["cards"]["next"].get<std::string>();
      CHECK(next.find("to choose a card to swap") == std::string::npos);
    }
  }
};

// Plays a card-table deal to its end with a simple policy (a forcing offer declined every other
// time), watching every answer; returns the final state.
json play_table(BoardApi& api, json st, TableWatch& watch, std::uint64_t& pick) {
  watch.played(st);
  watch.state(st);
  for (int guard = 0; guard < 2000 && !st["over"].get<bool>(); ++guard) {
    REQUIRE(!st["legal"].empty());
    pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
    const json& legal = st["legal"];
    json move = legal[static_cast<std::size_t>((pick >> 33) % legal.size())]["move"];
    // Every other forcing offer is declined, counted rather than drawn, so that a run with
    // few deals (the sanitized builds scale counts down) still declines one when offered one.
    for (const json& entry : legal)
      if (entry["move"].contains("waive") && watch.offers++ % 2 == 0) move = entry["move"];
    if (move.contains("waive")) ++watch.declined;
    const ApiReply r = call(api, "POST", session_path(st, "play"), {{"move", move}});
    REQUIRE(r.status == 200);
    st = r.body;
    watch.played(st);
    watch.state(st);
  }
  return st;
}

}  // namespace

TEST_CASE("board api: the card table shows the page's seat only its own moves and no card before it may see it") {
  BoardApi api = board_api();
  std::uint64_t pick = 7;
  int declined = 0, windows = 0, swaps_shown = 0, deals = 0;
  // One deal played to its end, every answer watched.
  const auto play_deal = [&](const char* ruleset, int d) {
    CAPTURE(ruleset);
    CAPTURE(d);
    TableWatch watch;
    const ApiReply dealt = call(api, "POST", "/api/new", {{"ruleset", ruleset}, {"player", "random"}, {"seat", d % 2}});
    REQUIRE(dealt.status == 201);
    watch.human = d % 2;
    watch.seats = dealt.body["seats"].get<int>();
    CHECK(dealt.body["card_table"]["seat"] == watch.human);
    const json end = play_table(api, dealt.body, watch, pick);
    REQUIRE(end["over"] == true);
    // The sealed record, once over: the seal verifies and every move is legal.
    const ApiReply rec = call(api, "GET", session_path(end, "record"));
    REQUIRE(rec.status == 200);
    CHECK(rec.body["sealed"] == true);
    const auto games = Library::judge_text(rec.body["record"].get<std::string>(), "yaml");
    REQUIRE(games.size() == 1);
    CHECK_MESSAGE(games[0].verdict.judgement == conquian::check::Judgement::Legal, games[0].verdict.message);
    declined += watch.declined, windows += watch.windows, swaps_shown += watch.swaps_shown;
    ++deals;
    CHECK(call(api, "DELETE", session_path(end)).status == 200);
  };
  const int per_ruleset = conquian::testing::scaled(12) + 1;
  for (const char* ruleset : {"nine-card", "spanish", "three-seat-swap", "american"})
    for (int d = 0; d < per_ruleset; ++d) play_deal(ruleset, d);
  CHECK(deals == 4 * per_ruleset);
  // The table deals at random, so a few deals may offer no forcing decision, or show no other
  // seat's swap to the page's seat: more deals, of the rulesets that have them, until both
  // were watched (the bound is far past what chance needs).
  for (int extra = 0; extra < 200 && (windows == 0 || swaps_shown == 0); ++extra)
    play_deal(windows == 0 ? "american" : "three-seat-swap", extra);
  CHECK(windows > 0);   // the page was offered forcing decisions
  CHECK(declined > 0);  // and declined some
  CHECK(swaps_shown > 0);
}

TEST_CASE("board api: a seat's refused answers: another seat's move, a card it cannot see; the deal goes on") {
  BoardApi api = board_api();
  const ApiReply dealt = call(api, "POST", "/api/new", {{"ruleset", "american"}, {"player", "random"}, {"seat", 1}});
  REQUIRE(dealt.status == 201);
  json st = dealt.body;
  // Seat 1 turns first at american (dealer 0) or answers the bot's first card: find a turn.
  std::uint64_t pick = 3;
  TableWatch watch;
  watch.human = 1;
  for (int guard = 0; guard < 200 && !st["over"].get<bool>(); ++guard) {
    bool turn = false;
    for (const json& e : st["legal"]) turn = turn || e["move"].contains("turn");
    if (turn) break;
    pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
    const json move = st["legal"][static_cast<std::size_t>((pick >> 33) % st["legal"].size())]["move"];
    st = call(api, "POST", session_path(st, "play"), {{"move", move}}).body;
  }
  REQUIRE(!st["over"].get<bool>());
  const std::uint64_t ply = st["ply"].get<std::uint64_t>();
  // Naming the card: refused whatever card it names (here every card of the deck is tried
  // until one is refused for the right reason: none is accepted).
  for (const char* card : {"Ac", "7h", "Ks"}) {
    const ApiReply named = call(api, "POST", session_path(st, "play"), {{"move", {{"seat", 1}, {"turn", card}}}});
    CHECK(named.status == 422);
    CHECK(named.body["error"].get<std::string>().find("cannot see the stock's next card") != std::string::npos);
  }
  // Another seat's move.
  const ApiReply other = call(api, "POST", session_path(st, "play"), {{"move", {{"seat", 0}, {"turn", nullptr}}}});
  CHECK(other.status == 422);
  CHECK(other.body["error"].get<std::string>().find("not-your-turn") != std::string::npos);
  // Nothing changed, and the turn as offered plays.
  const ApiReply again = call(api, "GET", session_path(st));
  CHECK(again.body["ply"] == ply);
  const ApiReply turned = call(api, "POST", session_path(st, "play"), {{"move", {{"seat", 1}, {"turn", nullptr}}}});
  CHECK(turned.status == 200);
  CHECK(turned.body["ply"].get<std::uint64_t>() > ply);
  // The turned card is seen once turned.
  REQUIRE(!turned.body["played"].empty());
  CHECK(turned.body["played"][0]["move"]["turn"].is_string());
}

TEST_CASE("board api: the library, open, play, goto, solve and analysis of a recorded game") {
  BoardApi api = board_api();
  const ApiReply lib = call(api, "GET", "/api/library");
  REQUIRE(lib.status == 200);
  REQUIRE(lib.body["games"].size() >= 2);
  CHECK(!lib.body["table_rulesets"].empty());
  const ApiReply opened = call(api, "POST", "/api/open", {{"game", 0}, {"ply", 2}});
  REQUIRE(opened.status == 201);
  const json& st = opened.body;
  CHECK(st["ply"] == 2);
  REQUIRE(!st["main_line"].empty());
  REQUIRE(!st["legal"].empty());
  for (const json& e : st["legal"]) CHECK(e["move"]["seat"] == st["to_act"]);
  // Play a legal move; goto replays a line from the deal.
  const json move = st["legal"][0]["move"];
  const ApiReply played = call(api, "POST", session_path(st, "play"), {{"move", move}});
  CHECK(played.status == 200);
  CHECK(played.body["ply"] == 3);
  json line = json::array();
  for (std::size_t i = 0; i < 3 && i < st["main_line"].size(); ++i) line.push_back(st["main_line"][i]["move"]);
  const ApiReply went = call(api, "POST", session_path(st, "goto"), {{"moves", line}});
  CHECK(went.status == 200);
  CHECK(went.body["ply"] == line.size());
  // Solve: every card known; a best move the list offers, in words.
  const ApiReply solved = call(api, "POST", session_path(st, "solve"), {{"mode", "exact"}, {"movetime", 2000}});
  REQUIRE(solved.status == 200);
  bool listed = false;
  for (const json& e : went.body["legal"]) listed = listed || e["move"] == solved.body["best"];
  CHECK_MESSAGE(listed, solved.body.dump());
  CHECK(solved.body.contains("best_words"));
  // The seat's view.
  const ApiReply view = call(api, "POST", session_path(st, "solve"),
                             {{"mode", "view"}, {"seat", went.body["to_act"]}, {"movetime", 300}});
  CHECK(view.status == 200);
  // Analysis of the recorded game.
  const ApiReply analysed = call(api, "POST", session_path(st, "analysis"));
  CHECK(analysed.status == 200);
  CHECK(analysed.body.contains("chart"));
  CHECK(call(api, "GET", session_path(st, "record")).status == 200);
}

TEST_CASE("board api: every error status, each with a sentence") {
  BoardApi api = board_api();
  auto says = [](const ApiReply& r, int status) {
    CHECK(r.status == status);
    REQUIRE(r.body.contains("error"));
    CHECK(!r.body["error"].get<std::string>().empty());
  };
  says(call(api, "GET", "/nothing"), 404);
  says(call(api, "GET", "/api/none"), 404);
  says(call(api, "POST", "/api/library"), 405);
  says(call(api, "GET", "/api/session/999"), 404);
  says(call(api, "GET", "/api/session/abc"), 404);
  says(api.handle("POST", "/api/open", "{not json"), 400);
  says(api.handle("POST", "/api/open", "[1, 2]"), 400);
  // A number past a double's range is the body's fault, named as such (not a field's type).
  const ApiReply huge = api.handle("POST", "/api/new", "{\"seat\": 1e400}");
  says(huge, 400);
  CHECK(huge.body["error"] == "the request is not JSON: a number in it is too large to read (past a double's range)");
  says(call(api, "POST", "/api/open", {{"game", 99}}), 404);
  says(call(api, "POST", "/api/new", {{"ruleset", "no-such"}}), 400);
  says(call(api, "POST", "/api/new", {{"ruleset", "panguingue"}}), 400);
  says(call(api, "POST", "/api/new", {{"ruleset", "american"}, {"player", "nobody"}}), 400);
  says(call(api, "POST", "/api/new", {{"ruleset", "american"}, {"seat", 3}}), 400);
  says(call(api, "POST", "/api/new", {{"ruleset", "american"}, {"match", 4}}), 400);
  const ApiReply dealt = call(api, "POST", "/api/new", {{"ruleset", "american"}, {"player", "random"}});
  REQUIRE(dealt.status == 201);
  // The record of a deal in play would reveal its cards; goto is no card-table call.
  says(call(api, "GET", session_path(dealt.body, "record")), 409);
  says(call(api, "POST", session_path(dealt.body, "goto"), {{"moves", json::array()}}), 409);
  says(call(api, "POST", session_path(dealt.body, "play"), {{"move", "not a move"}}), 400);
  says(call(api, "POST", session_path(dealt.body, "play"), {{"move", {{"seat", 0}, {"take", "1x"}}}}), 422);
  says(call(api, "POST", "/api/new", {{"next", dealt.body["session"]}}), 409);
  says(call(api, "POST", session_path(dealt.body, "fly")), 404);
  CHECK(call(api, "DELETE", session_path(dealt.body)).status == 200);
  says(call(api, "GET", session_path(dealt.body)), 404);
}
