// The leak scan over every shipped ruleset: through the referee, each seat's bot reads nothing of
// another seat's hand or of the stock's order, at any moment. Every line sent to a seat is
// matched against the cards hidden from it when the line was sent (the deal replayed from its
// record, waives included), so a card shown before its time (the stock's next card in a legal
// list, a swap card before every seat has chosen) counts as a leak, not only a card never shown.
// Built-in players at every seat count the rulesets' seats, three and four included, with no
// forfeit; every record is legal.
#include <doctest/doctest.h>

#include <cctype>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "check/check_file.h"
#include "engine/seat_view.h"
#include "json_words.h"
#include "record/record_writer.h"
#include "replay/game_of.h"
#include "replay/replay.h"
#include "rules/ruleset.h"
#include "rules/shipped_rulesets.h"
#include "serve/game_session.h"
#include "serve/referee.h"
#include "serve/seat_player.h"
#include "test_scale.h"

using namespace conquian;
using namespace conquian::serve;

namespace {

// The cards hidden from `seat` at `p`: the other hands' cards it does not know are there (its
// view: a card it passed in a completed swap it knows), and the stock's.
CardSet hidden_from(const Position& p, int seat) {
  const SeatView v = view_of(p, seat);
  CardSet hidden;
  for (int s = 0; s < p.seats(); ++s)
    if (s != seat) hidden |= p.hand[s] - v.known(s);
  for (int i = p.stock_top; i < p.stock_end; ++i) hidden.insert(p.stock[static_cast<std::size_t>(i)]);
  return hidden;
}

// The positions of a deal, before each move played and at its end: the record's deal replayed
// with the moves as their movers were told of them (a mover's own observe shows its whole
// move; a waive, which records leave out, included).
std::vector<Position> plies_of(const record::GameRecord& rec, const std::shared_ptr<const Ruleset>& rules,
                               const std::vector<std::vector<std::string>>& sent) {
  GameSession game = GameSession::from_record(rec, 0, rules);
  std::vector<std::vector<nlohmann::json>> observed(sent.size());
  for (std::size_t s = 0; s < sent.size(); ++s)
    for (const std::string& line : sent[s]) {
      const nlohmann::json j = nlohmann::json::parse(line);
      if (j["cmd"] == "observe") observed[s].push_back(j["move"]);
    }
  std::vector<Position> out{game.position()};
  for (std::size_t k = 0; k < observed[0].size(); ++k) {
    const auto mover = observed[0][k]["seat"].get<std::size_t>();
    REQUIRE(k < observed[mover].size());
    REQUIRE(game.play(observed[mover][k]).legal);
    out.push_back(game.position());
  }
  CHECK(game.over());
  return out;
}

// Lines sent to one seat, in order, and the scan of them against the replayed deal.
std::uint64_t leaks_in(const std::vector<std::string>& lines, const std::vector<Position>& plies, int seat,
                       const Deck& deck, std::uint64_t& hidden_seen) {
  std::uint64_t leaks = 0;
  std::size_t ply = 0;  // moves the seat has been told of
  for (const std::string& line : lines) {
    if (line.find("\"cmd\":\"start\"") != std::string::npos) continue;  // the ruleset and players: public
    if (line.find("\"cmd\":\"observe\"") != std::string::npos) ++ply;
    REQUIRE(ply < plies.size());
    const CardSet hidden = hidden_from(plies[ply], seat);
    const std::set<std::string> words = testing::json_words(line);
    for (Card c : hidden) {
      ++hidden_seen;
      if (words.count(deck.token(c))) {
        ++leaks;
        FAIL_CHECK("seat " << seat << " was sent " << deck.token(c)
                           << " while hidden from it: " << line.substr(0, 300));
      }
    }
  }
  return leaks;
}

std::vector<std::string> conquian_rulesets() {
  std::vector<std::string> out;
  for (const auto& [name, text] : shipped_ruleset_texts()) {
    (void)text;
    if (game_facts(*load_ruleset(name)).name == std::string(ConquianGame::kName)) out.push_back(name);
  }
  return out;
}

}  // namespace

TEST_CASE("leak scan: the scan counts a card sent before its time") {
  // Its own check: the stock's next card, named in a legal list before it is turned, is hidden
  // from the seat and found in the line.
  auto rules = load_ruleset("american");
  std::vector<Card> order(static_cast<std::size_t>(rules->deck.size()));
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<Card>(i);
  const Position p = deal(*rules, order, 0);
  const Card next = p.stock[p.stock_top];
  const std::string line = R"({"cmd":"act","legal":[{"seat":1,"turn":")" + rules->deck.token(next) + R"("}]})";
  const CardSet hidden = hidden_from(p, 1);
  CHECK(hidden.has(next));
  CHECK(hidden.has(*p.hand[0].begin()));  // the other hand's cards too
  CHECK(!hidden.has(*p.hand[1].begin()));
  const std::set<std::string> words = testing::json_words(line);
  int found = 0;
  for (Card c : hidden) found += static_cast<int>(words.count(rules->deck.token(c)));
  CHECK(found == 1);
}

TEST_CASE("leak scan: every shipped Conquian ruleset, every seat count, at every moment of the deal") {
  const std::vector<std::string> names = conquian_rulesets();
  REQUIRE(names.size() >= 20);
  const std::uint64_t deals = static_cast<std::uint64_t>(conquian::testing::scaled(24)) + 2;
  std::uint64_t hidden_seen = 0, leaks = 0, lines_seen = 0;
  std::set<int> seat_counts;
  for (const std::string& name : names) {
    CAPTURE(name);
    auto rules = load_ruleset(name);
    RefereeSetup setup;
    setup.rules = rules.get();
    setup.ruleset_name = name;
    setup.seed = 11;
    setup.move_time_ms = 5000;
    std::vector<std::vector<std::string>> sent(static_cast<std::size_t>(rules->seats));
    setup.observer = [&](int seat, std::string_view line) { sent[static_cast<std::size_t>(seat)].emplace_back(line); };
    std::vector<std::unique_ptr<SeatPlayer>> owned;
    std::vector<SeatPlayer*> seats;
    for (int s = 0; s < rules->seats; ++s) {
      owned.push_back(make_seat_player(s % 2 ? "random" : "greedy", 1 << 20, *rules));
      seats.push_back(owned.back().get());
    }
    seat_counts.insert(rules->seats);
    Referee referee(setup, seats);
    std::string text;
    for (std::uint64_t i = 0; i < deals; ++i) {
      for (auto& s : sent) s.clear();
      const RefereeDeal d = referee.play(i);
      REQUIRE(d.forfeit_seat == -1);
      const std::vector<Position> plies = plies_of(d.record, rules, sent);
      for (int seat = 0; seat < rules->seats; ++seat) {
        lines_seen += sent[static_cast<std::size_t>(seat)].size();
        leaks += leaks_in(sent[static_cast<std::size_t>(seat)], plies, seat, rules->deck, hidden_seen);
      }
      text += (text.empty() ? "" : "---\n") + record::write_record(d.record);
    }
    referee.quit();
    std::uint64_t legal = 0, games = 0;
    check::check_text(text, name + ".yaml", [&](check::GameVerdict&& v) {
      ++games;
      if (v.judgement == check::Judgement::Legal) ++legal;
      else FAIL_CHECK(v.id << ": " << v.message);
    });
    CHECK(games == deals);
    CHECK(legal == games);
  }
  CHECK(leaks == 0);
  CHECK(seat_counts == std::set<int>{2, 3, 4});
  CHECK(hidden_seen > lines_seen);  // the scan looked at cards that were hidden
}
