// serve/: the game session and the protocol without a process (engine_protocol_test.cpp runs
// the binary through a pipe).
#include <doctest/doctest.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <vector>

#include "cards/shuffle.h"
#include "record/json_text.h"
#include "record/position_file.h"
#include "record/record_writer.h"
#include "replay/move_words.h"
#include "replay/position_setup.h"
#include "replay/record_moves.h"
#include "replay/view_setup.h"
#include "rules/ruleset.h"
#include "serve/bot_move.h"
#include "serve/engine_protocol.h"
#include "serve/game_session.h"
#include "serve/move_from_json.h"
#include "serve/state_json.h"
#include "solve/chance_reference.h"
#include "test_scale.h"
#include "test_util.h"

using conquian::serve::EngineProtocol;
using conquian::serve::GameSession;
using conquian::serve::SessionError;
using nlohmann::json;

TEST_CASE("serve: a session's legal moves are the engine's; each plays; a copy is a clone") {
  auto rules = conquian::load_ruleset("american");
  GameSession s = GameSession::from_seed(rules, 4, 0);
  for (int step = 0; step < 200 && !s.over(); ++step) {
    auto moves = s.legal();
    REQUIRE(!moves.empty());
    GameSession copy = s;
    for (const auto& m : moves) {
      GameSession t = s;
      CHECK(t.play(m).legal);
    }
    CHECK(copy.state() == s.state());
    REQUIRE(s.play(moves[static_cast<std::size_t>(step) % moves.size()]).legal);
  }
  CHECK(s.over());
  // Undo to the start, and the deal is the one the seed dealt.
  while (s.undo()) {}
  CHECK(s.state() == GameSession::from_seed(rules, 4, 0).state());
}

TEST_CASE("serve: a move that is not a move is bad-field; an unknown card is check's unknown-card") {
  auto rules = conquian::load_ruleset("american");
  GameSession s = GameSession::from_seed(rules, 4, 0);
  for (const char* bad : {R"([1])", R"({"turn":"5h"})", R"({"seat":0})", R"({"seat":0,"turn":"5h","pass":"5h"})",
                          R"({"seat":0,"turn":5})", R"({"seat":"0","turn":"5h"})", R"({"seat":0,"fly":1,"turn":"5h"})",
                          R"({"seat":0,"pass":"5h","discard":"5h"})"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(s.play(json::parse(bad)), SessionError);
  }
  auto v = s.play(json::parse(R"({"seat":0,"turn":"Zz"})"));
  CHECK(!v.legal);
  CHECK(v.code == "unknown-card");
  CHECK(s.moves_played() == 0);
}

TEST_CASE("serve: a swap view with nothing to pass is refused in words, not read past its end") {
  const json swap_view = {{"phase", "swap"}, {"seat", 0}};
  for (const json& legal : {json::array(), json::object(), json("5h")}) {
    try {
      conquian::serve::bot_move(swap_view, legal, "greedy");
      FAIL("bot_move took a swap view whose 'legal' lists nothing: " << legal.dump());
    } catch (const SessionError& e) {
      CHECK(e.code == "bad-field");
      CHECK(std::string(e.what()).find("swap") != std::string::npos);
    }
  }
  const json one = json::array({json{{"seat", 0}, {"swap", "5h"}}});
  CHECK(conquian::serve::bot_move(swap_view, one, "greedy") == one[0]);
}

namespace {

// The protocol fed `lines` in order (submit's answer for each in `accepted`), and every line
// it answered, once it has finished.
std::vector<std::string> protocol_answers(const std::vector<std::string>& lines,
                                          std::vector<bool>* accepted = nullptr) {
  std::vector<std::string> out;
  std::mutex m;
  {
    EngineProtocol p(
        [&](const std::string& line) {
          std::lock_guard<std::mutex> lock(m);
          out.push_back(line);
        },
        "test");
    for (const std::string& line : lines) {
      const bool more = p.submit(line);
      if (accepted) accepted->push_back(more);
    }
    p.finish();
  }
  return out;
}

}  // namespace

TEST_CASE("serve: the protocol answers in order, with ids, and survives bad lines") {
  std::vector<bool> accepted;
  const std::vector<std::string> out =
      protocol_answers({R"({"cmd":"legal","id":1})", "{", R"({"cmd":"new","ruleset":"tiny","seed":3,"id":2})",
                        R"({"cmd":"legal","id":3})", R"({"cmd":"quit","id":4})"},
                       &accepted);
  CHECK(accepted == std::vector<bool>{true, true, true, true, false});
  REQUIRE(out.size() == 5);
  CHECK(json::parse(out[0])["error"]["code"] == "no-game");
  CHECK(json::parse(out[1])["error"]["code"] == "not-json");
  CHECK(json::parse(out[2])["id"] == 2);
  CHECK(json::parse(out[3])["moves"].size() >= 1);
  CHECK(json::parse(out[4]) == json::parse(R"({"id":4,"ok":true})"));
}

TEST_CASE("serve: a seat, a dealer or a seat count past every game's seats is refused in words naming it") {
  std::vector<bool> accepted;
  const std::vector<std::string> out =
      protocol_answers({R"({"cmd":"new","ruleset":"panguingue","seed":3,"seats":100,"id":1})",
                        R"({"cmd":"new","ruleset":"panguingue","seed":3,"dealer":99,"id":2})",
                        R"({"cmd":"new","ruleset":"panguingue","seed":3,"seats":15,"id":3})",
                        R"({"cmd":"view","seat":40,"id":4})", R"({"cmd":"view","seat":14,"id":5})"},
                       &accepted);
  CHECK(accepted == std::vector<bool>(5, true));
  REQUIRE(out.size() == 5);
  const json seats = json::parse(out[0]), dealer = json::parse(out[1]), fifteen = json::parse(out[2]);
  CHECK(seats["error"]["code"] == "bad-field");
  CHECK(seats["error"]["message"].get<std::string>().find("100") != std::string::npos);
  CHECK(dealer["error"]["code"] == "bad-seat");
  CHECK(dealer["error"]["message"].get<std::string>().find("99") != std::string::npos);
  CHECK_MESSAGE(!fifteen.contains("error"), out[2]);
  CHECK(json::parse(out[3])["error"]["code"] == "bad-seat");
  CHECK_MESSAGE(!json::parse(out[4]).contains("error"), out[4]);
}

TEST_CASE("serve: every decision's view reads back as a position file, the same seat to act") {
  // The view's `position` is what `conquian engine` answers a bot's `act` from: it must read
  // in every phase (a force window lists the refuser the engine has not yet counted).
  auto rules = conquian::load_ruleset("american");
  int windows = 0, checked = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto game = conquian::serve::GameSession::from_seed(rules, seed, 0);
    std::uint64_t pick = seed;
    while (!game.over()) {
      const int seat = game.to_act();
      const nlohmann::json view = game.view(seat);
      CAPTURE(seed);
      CAPTURE(view.dump());
      if (game.position().phase == conquian::Phase::ForceWindow) ++windows;
      if (!view["position"].is_null()) {
        // Read as bot_move reads it (serve/bot_move.cpp).
        const conquian::SeatView back = conquian::view_from_file(
            conquian::record::read_position_text(view["position"].get<std::string>(), "<view>"), *rules);
        CHECK(conquian::to_act(back.pos) == seat);
        CHECK(back.pos.phase == game.position().phase);
        ++checked;
      }
      const auto moves = game.legal();
      REQUIRE(!moves.empty());
      pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
      CHECK(game.play(moves[(pick >> 33) % moves.size()]).legal);
    }
  }
  MESSAGE(checked << " views read back, " << windows << " in a force window");
  CHECK(windows > 0);
}

TEST_CASE("serve: engine moves played typed (waives too) make the record the same words make; undo takes each back") {
  // The referee's road (serve/referee.cpp): engine moves, a force window's waive included,
  // played into the session; the record must be the one the moves' words make when played
  // as JSON (where the next move implies the waive), and undo must take a waive back
  // without taking a record move.
  auto rules = conquian::load_ruleset("american");
  int waives = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    CAPTURE(seed);
    GameSession typed = GameSession::from_seed(rules, seed, 0), words = typed;
    std::uint64_t pick = seed;
    while (!typed.over()) {
      const std::vector<conquian::Move> moves = typed.own_moves();
      REQUIRE(!moves.empty());
      pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
      const conquian::Move m = moves[(pick >> 33) % moves.size()];
      const conquian::Position before = typed.position();
      const std::size_t recorded = typed.game_record().moves.size();
      REQUIRE(typed.play(m).legal);
      if (m.kind == conquian::MoveKind::Waive) {
        ++waives;
        CHECK(typed.game_record().moves.size() == recorded);
        REQUIRE(typed.undo());
        CHECK(typed.state() == GameSession::from_world(rules, before).state());
        CHECK(typed.game_record().moves.size() == recorded);
        REQUIRE(typed.play(m).legal);
      } else {
        CHECK(typed.game_record().moves.size() == recorded + 1);
        REQUIRE(words.play(typed.moves_json().back()).legal);
      }
    }
    CHECK(typed.moves_json() == words.moves_json());
    // A waive that ends the deal (the stock ran out) has no words: the words' game is not over.
    if (words.over()) CHECK(typed.record() == words.record());
  }
  CHECK(waives > 0);
  // A move for the wrong seat is refused with check's code, and nothing changes.
  GameSession s = GameSession::from_seed(rules, 3, 0);
  conquian::Move wrong = s.own_moves().front();
  wrong.seat = static_cast<std::uint8_t>(1 - wrong.seat);
  const auto v = s.play(wrong);
  CHECK(!v.legal);
  CHECK(v.code == "not-your-turn");
  CHECK(s.moves_played() == 0);
}

namespace {

// Random playouts of every shipped ruleset through the session's typed road, a state at a
// time (the Python module's and the protocol's hot paths).
template <class Visit>
void serve_playouts(int deals_per_ruleset, Visit visit) {
  for (const std::string& name : conquian::testing::conquian_ruleset_names()) {
    auto rules = conquian::load_ruleset(name);
    for (int d = 0; d < deals_per_ruleset; ++d) {
      GameSession s = GameSession::from_seed(rules, static_cast<std::uint64_t>(d) + 1, d % rules->seats);
      std::uint64_t pick = static_cast<std::uint64_t>(d) * 7919 + 1;
      std::vector<GameSession::LegalMove> moves;
      for (;;) {
        visit(name, s);
        s.legal_moves(moves);
        if (moves.empty()) break;
        pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
        REQUIRE(s.play(moves[(pick >> 33) % moves.size()]).legal);
      }
    }
  }
}

// A tiny deal played at random by the session itself until at most `unseen` cards are unseen;
// nullopt when the deal ends first.
std::optional<GameSession> session_near_end(std::uint64_t seed, int unseen) {
  GameSession s = GameSession::from_seed(conquian::testing::shared_ruleset("tiny"), seed, int(seed % 2));
  conquian::Rng rng(seed);
  while (!s.over() && s.position().stock_left() > unseen) {
    auto moves = s.legal();
    REQUIRE(s.play(moves[rng.below(moves.size())]).legal);
  }
  if (s.over()) return std::nullopt;
  return s;
}

double session_expected_exact(const GameSession& s) {
  const conquian::Position p = conquian::forget_stock(s.position());
  const conquian::solve::ExactChances e = conquian::solve::PlainExpectimax().value(p);
  return conquian::solve::to_double(e.expected, e.denominator);
}

}  // namespace

TEST_CASE("serve: the state, view and move texts are the bytes nlohmann writes of the same values") {
  // The protocol writes its hot answers as text (record/json_text.h); the values the rest of
  // the code reads are parsed from that text. dump() of the parsed value must give the text
  // back: keys out of nlohmann's (sorted) order, a space or a wrong escape would differ.
  std::size_t states = 0, moves_seen = 0;
  serve_playouts(3, [&](const std::string& name, const GameSession& s) {
    CAPTURE(name);
    std::string text;
    conquian::serve::append_state_json(text, s.position());
    CHECK(s.state().dump() == text);
    for (int seat = 0; seat < s.rules().seats; ++seat) {
      text.clear();
      conquian::serve::append_view_json(text, s.seat_view(seat));
      CHECK(s.view(seat).dump() == text);
    }
    for (const auto& m : s.legal_moves()) {
      if (m.move.kind == conquian::MoveKind::Waive) continue;  // no record words
      text.clear();
      conquian::record::append_move_json(text, *conquian::to_record_move(m.before, m.move));
      CHECK(conquian::move_json(m.before, m.move).dump() == text);
      ++moves_seen;
    }
    ++states;
  });
  CHECK(states > 500);
  CHECK(moves_seen > states);
  // Strings that are not plain ASCII are written by nlohmann itself: escapes, bytes that are
  // not UTF-8 (replaced), and text that is.
  for (const std::string& odd : std::vector<std::string>{"a\"b", "back\\slash", "tab\there", std::string("nul\0x", 5),
                                                         "\x7f", "caf\xc3\xa9", "bad \xff byte", ""}) {
    std::string text;
    conquian::record::append_json_string(text, odd);
    CHECK(text == json(odd).dump(-1, ' ', false, json::error_handler_t::replace));
  }
}

TEST_CASE("serve: the words of moves played typed are written when the record is read, in order, undo included") {
  // GameSession writes a typed move's words late (a playout never reads its record); mixed
  // with moves played as words and with undos, the record must be the one that the same
  // moves played as words make.
  auto rules = conquian::load_ruleset("american");
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    CAPTURE(seed);
    GameSession typed = GameSession::from_seed(rules, seed, 1), words = typed;
    std::uint64_t pick = seed;
    std::vector<GameSession::LegalMove> moves;
    for (int step = 0;; ++step) {
      typed.legal_moves(moves);
      if (moves.empty()) break;
      pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
      const auto& m = moves[(pick >> 33) % moves.size()];
      const json m_words = GameSession::protocol_words(m.before, m.move);
      if (step % 5 == 3) {
        REQUIRE(typed.play(m_words).legal);  // as words, between typed ones
      } else {
        REQUIRE(typed.play(m).legal);
      }
      REQUIRE(words.play(m_words).legal);
      if (step % 7 == 6) {  // taken back and played again, unread in between
        REQUIRE(typed.undo());
        REQUIRE(typed.play(m).legal);
      }
    }
    CHECK(typed.moves_played() == words.moves_played());
    CHECK(typed.moves_json() == words.moves_json());
    CHECK(typed.record() == words.record());
  }
}

// Past its node budget, or stopped, a stock-unknown solve answers the interval it proved, as
// `solve --stock unknown --json` does; the exact value (plain expectimax) lies in it.
TEST_CASE("serve: a stock-unknown solve past its budget or stopped answers a proved interval") {
  int bounded = 0, narrower = 0, stopped = 0, tried = 0;
  for (std::uint64_t seed = 1; tried < conquian::testing::scaled(20) && seed < 2000; ++seed) {
    auto s = session_near_end(seed, 7);
    if (!s || s->position().result.over()) continue;
    ++tried;
    const double exact = session_expected_exact(*s);
    CAPTURE(seed);
    CAPTURE(exact);
    for (std::uint64_t nodes : {20u, 200u, 2000u, 0u}) {
      std::atomic<bool> stop{nodes == 0};  // 0: stopped before it begins (the budget left at its default)
      conquian::serve::SolveRequest req;
      req.mode = "stock_unknown";
      req.nodes = nodes;
      json a = s->solve(req, stop, {});
      CAPTURE(a.dump());
      if (a.value("solved", true)) {                 // finished before the budget or the flag was looked at
        CHECK(a["exact"]["expected0"].is_string());  // the exact answer, no interval
        continue;
      }
      REQUIRE(a["interval"].is_array());
      CHECK(a["stopped"] == (nodes == 0));
      const double lo = a["interval"][0], hi = a["interval"][1];
      CHECK(a["exact"] == (lo == hi));  // the table may prove the value though the search stopped
      CHECK(lo <= exact + 1e-12);
      CHECK(exact <= hi + 1e-12);
      CHECK(a["fractions"].size() == 2);
      ++bounded;
      narrower += hi - lo < 2;
      stopped += nodes == 0;
    }
  }
  CHECK(tried >= conquian::testing::scaled(20));
  CHECK(bounded > 0);
  CHECK(stopped > 0);
  CHECK(narrower > 0);  // some interval says more than [-1, 1]
}
