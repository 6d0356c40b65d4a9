// Panguingue's settlement as a card room reads it: every chip a deal moves logged with its
// reason (pan/chip_log.h) and broken down seat by seat (replay/settlement.h), each breakdown
// adding up to the seat's chips; a take's words naming every meld its collection came from;
// and a record of one game checked under a ruleset of the other told apart in words.
#include <doctest/doctest.h>

#include <algorithm>
#include <regex>

#include "batch/pan_simulate.h"
#include "check/check_file.h"
#include "check/check_record.h"
#include "pan/chip_log.h"
#include "pan/engine.h"
#include "pan/melds.h"
#include "record/record_writer.h"
#include "replay/game_words.h"
#include "replay/move_notation.h"
#include "replay/replay.h"
#include "replay/settlement.h"
#include "test_scale.h"
#include "test_util.h"

using namespace conquian;
using conquian::testing::scaled;

namespace {

std::shared_ptr<const Ruleset> settle_rules(const std::string& extra) {
  return load_ruleset_text("base: panguingue\n" + extra, "pan-test", "pan-test.yaml");
}

// One deal played by random players (who drop now and then) and greedy ones, as a record.
record::GameRecord settle_deal(const Ruleset& r, int seats, std::uint64_t seed) {
  Rng rng = deal_rng(seed, 0);
  const std::vector<Card> order = batch::shuffled_pack(r, rng);
  std::vector<std::unique_ptr<batch::PanPlayer>> owned;
  std::vector<batch::PanPlayer*> players;
  for (int s = 0; s < seats; ++s) {
    owned.push_back(batch::make_pan_player(s % 2 == 0 ? "random" : "greedy"));
    players.push_back(owned.back().get());
  }
  record::GameRecord rec;
  rec.ruleset = r.name;
  rec.id = "settle-" + std::to_string(seed);
  batch::play_pan_deal(r, seats, order, static_cast<int>(seed % seats), rng, players, &rec);
  return rec;
}

const std::vector<std::string> kSettleVariants = {
    "",
    "ante: 2\ndrop_forfeit: 3\ngo_out_per_seat: 2\n",
    "go_out_conditions_again: false\ncondition_payers: seated\n",
    "drop_forfeit: 0\n",
};

}  // namespace

TEST_CASE("pan settlement: every seat's lines add up to its chips, and every chip has a reason") {
  int deals = 0, drops = 0, conditions = 0, going_out = 0;
  for (std::size_t v = 0; v < kSettleVariants.size(); ++v) {
    auto r = settle_rules(kSettleVariants[v]);
    CAPTURE(kSettleVariants[v]);
    for (int k = 0; k < scaled(10); ++k) {
      const int seats = 2 + k % 5;
      const record::GameRecord rec = settle_deal(*r, seats, 100 * v + static_cast<std::uint64_t>(k));
      const check::GameVerdict verdict = check::check_record_settled(rec, *r);
      CAPTURE(verdict.message);
      REQUIRE(verdict.judgement == check::Judgement::Legal);
      if (!verdict.has_chips) continue;
      ++deals;
      const pan::ChipLog log = chip_log_of(rec, *r, rec.moves.size());
      CHECK(log.nets(seats) == verdict.chips);
      CHECK(log.pot() == verdict.pot);
      const auto settled = seat_settlements(log, seats);
      REQUIRE(settled.size() == static_cast<std::size_t>(seats));
      for (const SeatSettlement& s : settled) {
        std::int64_t sum = 0;
        for (const SettlementLine& l : s.lines) {
          sum += l.chips;
          if (l.reason == pan::ChipReason::Ante) CHECK(l.chips == -r->pan.ante);
          if (l.reason == pan::ChipReason::Drop) {
            CHECK(l.chips == -r->pan.drop_forfeit);
            ++drops;
          }
          if (l.reason == pan::ChipReason::GoingOut && l.chips > 0) ++going_out;
          // One line a move and reason for the seat: going out's two reasons stay apart.
          CHECK(std::count_if(s.lines.begin(), s.lines.end(), [&](const SettlementLine& o) {
                  return o.move == l.move && o.reason == l.reason && (o.chips > 0) == (l.chips > 0);
                }) == 1);
          if (l.reason == pan::ChipReason::Condition) {
            ++conditions;
            // The melds named pay at least what was collected (less only where a condition
            // was broken and formed again), and every one of them carries a condition.
            REQUIRE(!l.melds.empty());
            std::int64_t named = 0;
            for (const pan::Meld& m : l.melds) {
              const std::int64_t value = pan::condition_value(*r, m.counts());
              CHECK(value > 0);
              named += value;
            }
            CHECK(named >= l.each);
            CHECK(l.chips == (l.chips > 0 ? 1 : -1) * l.each * static_cast<std::int64_t>(l.others.size()));
          }
        }
        CHECK(sum == s.chips);
        CHECK(s.chips == verdict.chips[static_cast<std::size_t>(s.seat)]);
      }
      // The JSON carries the same lines; the text a block a seat.
      REQUIRE(verdict.settlement.is_array());
      CHECK(verdict.settlement.size() == static_cast<std::size_t>(seats));
      for (const auto& s : verdict.settlement) {
        std::int64_t sum = 0;
        for (const auto& l : s["lines"]) sum += l["chips"].get<std::int64_t>();
        CHECK(sum == s["chips"].get<std::int64_t>());
      }
      CHECK(verdict.settlement_text.find("settlement:\n  seat 0 ") == 0);
    }
  }
  CHECK(going_out <= deals);  // at most one seat goes out in a deal
  MESSAGE(deals << " deals settled: " << drops << " drops, " << conditions << " condition lines, " << going_out
                << " going out");
  CHECK(drops > 0);
  CHECK(conditions > 0);
  CHECK(going_out > 0);
}

TEST_CASE("pan take words: every meld a collection came from is named with what it pays") {
  auto r = settle_rules("");
  const std::regex pays(R"(pays (\d+))"), before(R"((\d+) collected before)"), collects(R"(collects (\d+) \()");
  int takes = 0, laid_beside = 0;
  // Not scaled down: a paying meld laid beside the taken card's arises in a dozen deals, and a
  // deal of greedy and random play takes milliseconds even under the sanitizers.
  for (int k = 0; k < 12; ++k) {
    const record::GameRecord rec = settle_deal(*r, 6, 500 + static_cast<std::uint64_t>(k));
    replay_game<PanGame>(rec, *r, rec.moves.size(), [&](const pan::Position& p, const pan::Move& m) {
      if (m.kind != pan::MoveKind::Take) return;
      const std::int64_t collect = pan::take_collect(p, m.seat, m.table);
      const std::string words = move_words(p, m);
      CAPTURE(words);
      if (collect == 0) {
        CHECK(words.find("collects") == std::string::npos);
        return;
      }
      ++takes;
      std::smatch got;
      REQUIRE(std::regex_search(words, got, collects));
      CHECK(std::stoll(got[1]) == collect);
      // What the named melds pay, less what was collected before, is the collection.
      std::int64_t named = 0;
      for (auto it = std::sregex_iterator(words.begin(), words.end(), pays); it != std::sregex_iterator(); ++it)
        named += std::stoll((*it)[1]);
      if (std::regex_search(words, got, before)) named -= std::stoll(got[1]);
      CHECK(named == collect);
      // A paying meld laid from the hand beside the meld of the taken card is named too.
      const std::string taken = r->deck.token(m.card);
      for (const pan::Meld& meld : pan::paying_melds(*r, p.table[m.seat], m.table)) {
        bool holds_taken = false;
        for (int i = 0; i < meld.size; ++i) holds_taken |= r->deck.token(meld.cards[i]) == taken;
        if (!holds_taken) ++laid_beside;
      }
    });
  }
  MESSAGE(takes << " collecting takes, " << laid_beside << " paying melds laid beside the taken card's");
  CHECK(takes > 0);
  CHECK(laid_beside > 0);
}

TEST_CASE("check --ruleset of the other game: the record's game is told apart in words") {
  auto pan = load_ruleset("panguingue");
  auto american = load_ruleset("american");
  record::GameRecord rec = settle_deal(*pan, 4, 9);
  rec.ruleset = "panguingue";
  std::vector<check::GameVerdict> seen;
  auto keep = [&](check::GameVerdict&& v) { seen.push_back(std::move(v)); };
  check::CheckFileOptions under;
  under.under = {american, pan};
  check::check_text(record::write_record(rec), "pan.yaml", keep, under);
  REQUIRE(seen.size() == 2);
  CHECK(seen[0].judgement == check::Judgement::Illegal);
  CHECK(seen[0].code == Code::BadDeal);
  CHECK(seen[0].message == "this is a Panguingue record (its ruleset panguingue); ruleset american plays Conquian");
  CHECK(seen[1].judgement == check::Judgement::Legal);  // its own game's ruleset judges it as ever
}
