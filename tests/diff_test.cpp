// `conquian diff`: statistics against hand-computed values, match scoring on scripted
// deal sequences, a small diff run whose JSON must add up, and determinism.
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <unistd.h>

#include <bit>
#include <set>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "batch/diff_games.h"
#include "batch/diff_play.h"
#include "batch/diff_report.h"
#include "batch/match.h"
#include "batch/pan_simulate.h"
#include "batch/report_html.h"
#include "batch/report_json.h"
#include "batch/report_markdown.h"
#include "batch/report_text.h"
#include "batch/simulate.h"
#include "batch/stats.h"
#include "cards/shuffle.h"
#include "pan/engine.h"
#include "record/record_writer.h"
#include "replay/chips_words.h"
#include "test_scale.h"

using namespace conquian;
using namespace conquian::batch;
using doctest::Approx;

TEST_CASE("stats: Wilson intervals") {
  // 81 of 263: the textbook example, (0.2553, 0.3662).
  Interval a = wilson(81, 263);
  CHECK(a.low == Approx(0.2552876).epsilon(1e-6));
  CHECK(a.high == Approx(0.3662107).epsilon(1e-6));
  // 50 of 100: symmetric about one half.
  Interval b = wilson(50, 100);
  CHECK(b.low == Approx(0.4038298).epsilon(1e-6));
  CHECK(b.high == Approx(0.5961702).epsilon(1e-6));
  // None of 10: starts at 0, never below.
  Interval c = wilson(0, 10);
  CHECK(c.low == 0.0);
  CHECK(c.high == Approx(0.2775402).epsilon(1e-6));
  Interval none = wilson(0, 0);
  CHECK(none.low == 0.0);
  CHECK(none.high == 1.0);
}

TEST_CASE("stats: two-proportion z-test") {
  // 60/100 vs 45/100: pooled 0.525, se 0.0706222, z 2.12398, p 0.033672.
  ZTest t = two_proportion(60, 100, 45, 100);
  CHECK(t.diff == Approx(0.15));
  CHECK(t.z == Approx(2.1239770).epsilon(1e-6));
  CHECK(t.p == Approx(0.0336721).epsilon(1e-5));
  // 12 % vs 10 % of 1000: z 1.42930, p 0.15292: not significant.
  ZTest u = two_proportion(120, 1000, 100, 1000);
  CHECK(u.z == Approx(1.4293008).epsilon(1e-6));
  CHECK(u.p == Approx(0.1529178).epsilon(1e-5));
  // Identical zero rates: no evidence of a difference.
  ZTest z = two_proportion(0, 500, 0, 500);
  CHECK(z.z == 0.0);
  CHECK(z.p == 1.0);
  CHECK(normal_cdf(0) == Approx(0.5));
  CHECK(two_sided_p(1.959964) == Approx(0.05).epsilon(1e-5));
}

TEST_CASE("stats: summaries and Welch's test") {
  Summary s = summarize({5, 1, 3, 2, 4});
  CHECK(s.n == 5);
  CHECK(s.mean == Approx(3.0));
  CHECK(s.sd == Approx(1.5811388));
  CHECK(s.median == 3);
  CHECK(s.min == 1);
  CHECK(s.max == 5);
  Summary t = summarize({5, 1, 3, 2, 4});
  ZTest w = two_means(s, t);
  CHECK(w.diff == 0.0);
  CHECK(w.p == Approx(1.0));
}

TEST_CASE("match scoring: a draw doubles the next stake under nine-card") {
  auto rules = load_ruleset("nine-card");  // stake 1, after_draw 2, match to 3
  // draw, seat 0 wins (2 points: 2-0), seat 1 wins (1: 2-1), draw, draw, seat 1 wins
  // (4 points: 2-5): seat 1 wins the match on the sixth deal, at multiplier 4.
  std::vector<ScoredDeal> deals = {{-1, 0}, {0, 0}, {1, 0}, {-1, 0}, {-1, 0}, {1, 0}};
  MatchSummary m = score_matches(deals, rules->scoring, 2);
  CHECK(m.matches == 1);
  CHECK(m.match_wins == std::vector<std::uint64_t>{0, 1});
  CHECK(m.points == std::vector<std::int64_t>{2, 5});
  CHECK(m.largest_multiplier == 4);
  CHECK(m.unfinished_deals == 0);
  CHECK(m.deals_per_match.mean == Approx(6.0));
  // Two more wins for seat 0 (1 + 1) leave the next match undecided at 2-0.
  deals.push_back({0, 0});
  deals.push_back({0, 0});
  m = score_matches(deals, rules->scoring, 2);
  CHECK(m.matches == 1);
  CHECK(m.unfinished_deals == 2);
  CHECK(deal_points({0, 17}, rules->scoring, 4) == 4);
}

TEST_CASE("match scoring: the multiplier stops at scoring.max_multiplier (004: 1, 2, 4)") {
  auto rules = load_ruleset("nine-card");  // after_draw 2, max_multiplier 4, match to 3
  // Three draws: the fourth deal is played at 4 (1, 2, 4, then 4 again, not 8).
  std::vector<ScoredDeal> deals = {{-1, 0}, {-1, 0}, {-1, 0}, {0, 0}};
  MatchSummary m = score_matches(deals, rules->scoring, 2);
  CHECK(m.largest_multiplier == 4);
  CHECK(m.points == std::vector<std::int64_t>{4, 0});
  CHECK(m.match_wins == std::vector<std::uint64_t>{1, 0});
  // A house cap of 8 lets the same deal count 8.
  auto house = load_ruleset_text("base: nine-card\nscoring: {max_multiplier: 8}\n", "house", "house.yaml");
  m = score_matches(deals, house->scoring, 2);
  CHECK(m.largest_multiplier == 8);
  CHECK(m.points == std::vector<std::int64_t>{8, 0});
}

TEST_CASE("match scoring: hand points under american-points") {
  auto rules = load_ruleset("american-points");  // hand_points, match to 100
  // Seat 0 scores 40, seat 1 70, seat 0 65 (105: the match), then seat 1 30 (unfinished).
  std::vector<ScoredDeal> deals = {{0, 40}, {1, 70}, {0, 65}, {1, 30}};
  MatchSummary m = score_matches(deals, rules->scoring, 2);
  CHECK(m.matches == 1);
  CHECK(m.match_wins == std::vector<std::uint64_t>{1, 0});
  CHECK(m.points == std::vector<std::int64_t>{105, 100});
  CHECK(m.unfinished_deals == 1);
  CHECK(deal_points({1, 30}, rules->scoring, 1) == 30);
}

TEST_CASE("match scoring: american, every deal a match") {
  auto rules = load_ruleset("american");
  std::vector<ScoredDeal> deals = {{0, 9}, {-1, 0}, {1, 9}};
  MatchSummary m = score_matches(deals, rules->scoring, 2);
  CHECK(m.matches == 3);
  CHECK(m.drawn_matches == 1);
  CHECK(m.match_wins == std::vector<std::uint64_t>{1, 1});
  CHECK(m.points == std::vector<std::int64_t>{1, 1});
}

namespace {

DiffPlan plan_of(const std::vector<std::string>& names, std::uint64_t deals, std::uint64_t seed) {
  DiffPlan plan;
  for (const auto& n : names) plan.rules.push_back(load_ruleset(n));
  plan.deals = deals;
  plan.seed = seed;
  return plan;
}

bool same(const DealTable& a, const DealTable& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t r = 0; r < a.size(); ++r) {
    if (a[r].size() != b[r].size()) return false;
    for (std::size_t i = 0; i < a[r].size(); ++i)
      if (std::memcmp(&a[r][i], &b[r][i], sizeof(DealSummary)) != 0) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("diff: the same decks: a deal under one ruleset is the deal `simulate` plays") {
  DiffPlan plan = plan_of({"american", "american-noforce"}, 20, 7);
  DealTable t = play_deals(plan, 0, 20, 1, {});
  for (std::uint64_t i = 0; i < 20; ++i) {
    SimulatedDeal d = simulate_deal(*plan.rules[0], "american", 7, i, {"greedy"});
    CAPTURE(i);
    CHECK(t[0][i].moves == d.stats.moves);
    CHECK(t[0][i].winner == (d.stats.outcome.kind == Outcome::Kind::Win ? d.stats.outcome.winner : -1));
  }
  // Decks of other sizes keep the shuffled order of the positions they have.
  std::vector<Card> big = {45, 3, 51, 0, 39, 40, 12};
  CHECK(mapped_deck(big, 40) == std::vector<Card>{3, 0, 39, 12});
}

TEST_CASE("diff: deterministic across thread counts") {
  DiffPlan plan = plan_of({"american", "nine-card"}, 150, 11);
  DealTable one = play_deals(plan, 0, 150, 1, {});
  DealTable three = play_deals(plan, 0, 150, 3, {});
  CHECK(same(one, three));
  // Blocks played apart (as MPI ranks play them) join into the same table.
  DealTable first = play_deals(plan, 0, 70, 2, {}), second = play_deals(plan, 70, 150, 2, {});
  for (std::size_t r = 0; r < first.size(); ++r) first[r].insert(first[r].end(), second[r].begin(), second[r].end());
  CHECK(same(one, first));
  ReportInput a{&plan, &one, nullptr, "x"}, b{&plan, &three, nullptr, "x"};
  CHECK(diff_report_json(build_diff_report(a)).dump() == diff_report_json(build_diff_report(b)).dump());
}

TEST_CASE("diff: a small run's JSON adds up; forcing only where allowed") {
  DiffPlan plan = plan_of({"american", "american-noforce"}, 200, 3);
  std::uint64_t ticks = 0;
  DealTable deals = play_deals(plan, 0, 200, 2, [&](std::uint64_t n) { ticks += n; });
  CHECK(ticks == 200);
  ReportInput in{&plan, &deals, nullptr, "conquian diff american american-noforce --deals 200 --seed 3"};
  DiffReport report = build_diff_report(in);
  nlohmann::json j = diff_report_json(report);
  REQUIRE(j["rulesets"].size() == 2);
  for (const auto& r : j["rulesets"]) {
    CAPTURE(r["ruleset"]["name"]);
    std::uint64_t n = r["deals"];
    CHECK(n == 200);
    std::uint64_t wins = 0, order = 0;
    for (const auto& s : r["seat_wins"]) wins += s["count"].get<std::uint64_t>();
    for (const auto& o : r["order_wins"]) order += o["count"].get<std::uint64_t>();
    CHECK(wins == order);
    CHECK(wins + r["draws"]["count"].get<std::uint64_t>() + r["unfinished"].get<std::uint64_t>() == n);
    std::uint64_t binned = 0;
    for (const auto& c : r["deal_length"]["moves_histogram"]["counts"]) binned += c.get<std::uint64_t>();
    CHECK(binned == n);
    const auto& f = r["forcing"];
    CHECK(f["forces"].get<std::uint64_t>() ==
          f["decline_forces"].get<std::uint64_t>() + f["offer_forces"].get<std::uint64_t>());
    CHECK(f["offer_forces"] == 0);  // neither ruleset has forcing by offer
    CHECK(f["hits"] == 0);
    const auto& e = f["effect"];
    CHECK(e["forced_seat_won"]["count"].get<std::uint64_t>() + e["forcing_seat_won"]["count"].get<std::uint64_t>() +
              e["drawn"]["count"].get<std::uint64_t>() ==
          e["events"].get<std::uint64_t>());
    const auto& m = r["match"];
    std::uint64_t match_wins = 0;
    for (const auto& w : m["wins"]) match_wins += w["count"].get<std::uint64_t>();
    CHECK(match_wins + m["drawn_matches"].get<std::uint64_t>() == m["matches"].get<std::uint64_t>());
    CHECK(m["matches"] == n);  // american: every deal is a match
  }
  CHECK(j["rulesets"][1]["forcing"]["forces"] == 0);                      // american-noforce never forces
  CHECK(j["rulesets"][0]["forcing"]["forces"].get<std::uint64_t>() > 0);  // the greedy player declines, and is forced
  REQUIRE(j["comparisons"].size() == 1);
  const auto& c = j["comparisons"][0];
  CHECK(c["a"] == "american");
  CHECK(c["b"] == "american-noforce");
  for (const auto& t : c["tests"]) {
    CHECK(t["p"].get<double>() >= 0.0);
    CHECK(t["p"].get<double>() <= 1.0);
  }
  // The pages are rendered from the same report and name what was compared.
  std::string md = diff_report_markdown(report), html = diff_report_html(report);
  CHECK(md.find("`american-noforce`") != std::string::npos);
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));  // nothing fetched
}

TEST_CASE("diff: the variants beside the rulesets they vary") {
  // The lists `conquian diff` is run on for these variants (specs/rulesets.md); each group
  // shares its seat count. Every deal of each ruleset is played, and what a variant switches
  // off does not happen.
  const std::vector<std::vector<std::string>> groups = {
      {"nine-card", "nine-card-plain", "nine-card-five", "nine-card-french"},
      {"american", "american-noextra", "spanish", "spanish-wild-two", "hit", "hit-own"},
      {"three-seat", "three-seat-swap", "me-sirve"},
      {"four-seat", "four-seat-swap"}};
  const auto deals = static_cast<std::uint64_t>(conquian::testing::scaled(40));
  for (const auto& names : groups) {
    DiffPlan plan = plan_of(names, deals, 21);
    DealTable table = play_deals(plan, 0, deals, 2, {});
    ReportInput in{&plan, &table, nullptr, "diff"};
    nlohmann::json j = diff_report_json(build_diff_report(in));
    REQUIRE(j["rulesets"].size() == names.size());
    for (const auto& r : j["rulesets"]) {
      const std::string name = r["ruleset"]["name"];
      CAPTURE(name);
      CHECK(r["deals"] == deals);
      CHECK(r["seat_wins"].size() == load_ruleset(name)->seats);
      if (name == "nine-card-plain") CHECK(r["forcing"]["forces"] == 0);  // 004: forcing switched off
      if (name != "hit" && name != "hit-own") CHECK(r["forcing"]["hits"] == 0);
    }
  }
}

TEST_CASE("diff --games: a game with a force is legal under american, not under american-noforce") {
  auto american = load_ruleset("american");
  std::optional<SimulatedDeal> forced;
  for (std::uint64_t i = 0; i < 2000 && !forced; ++i) {
    SimulatedDeal d = simulate_deal(*american, "american", 5, i, {"greedy"});
    if (d.stats.forces > 0) forced = std::move(d);
  }
  REQUIRE(forced.has_value());
  int force_move = 0;
  for (std::size_t k = 0; k < forced->record.moves.size() && !force_move; ++k)
    if (forced->record.moves[k].kind == record::MoveKind::Force) force_move = static_cast<int>(k) + 1;
  auto path = std::filesystem::temp_directory_path() / ("conquian-diff-games-" + std::to_string(getpid()) + ".yaml");
  std::ofstream(path) << record::write_record(forced->record);
  GamesCheck g = check_games(path.string(), {american, load_ruleset("american-noforce")});
  std::filesystem::remove(path);
  REQUIRE(g.games.size() == 1);
  const auto& a = g.games[0].under[0];
  const auto& b = g.games[0].under[1];
  CHECK(a.judgement == check::Judgement::Legal);
  CHECK(b.judgement == check::Judgement::Illegal);
  CHECK(verdicts_differ(a, b));
  CHECK(first_diverging_move(a, b) == force_move);
  CHECK(code_name(b.code) == std::string("not-allowed"));
}

TEST_CASE("diff, panguingue: each pack's order is the union's shuffle with the copies it lacks taken out") {
  DiffPlan plan = plan_of({"panguingue", "panguingue-five-packs", "panguingue-club"}, 1, 5);
  const CardCounts all = union_pack(plan.rules);
  CHECK(all == pan::pack(*plan.rules[0]));  // eight packs hold every card the others hold
  Rng rng = deal_rng(5, 0);
  std::vector<Card> shuffled = pan::listed(all);
  shuffle_cards(shuffled, rng);
  for (const auto& r : plan.rules) {
    CAPTURE(r->name);
    const CardCounts pack = pan::pack(*r);
    const std::vector<Card> order = pack_order(shuffled, pack);
    CardCounts held;
    for (Card c : order) held.add(c);
    CHECK(held == pack);  // the ruleset's whole pack, no card more
    // A subsequence of the shuffle that keeps, for each card, its first copies.
    std::size_t at = 0;
    CardCounts seen;
    for (Card c : shuffled) {
      if (seen.count(c) < pack.count(c)) {
        REQUIRE(at < order.size());
        CHECK(order[at++] == c);
      }
      seen.add(c);
    }
    CHECK(at == order.size());
  }
  // One pack size: the very order `conquian simulate` deals.
  Rng again = deal_rng(5, 0);
  CHECK(pack_order(shuffled, pan::pack(*plan.rules[0])) == shuffled_pack(*plan.rules[0], again));
}

TEST_CASE("diff, panguingue: chips and pot add up, drops counted by seat, the same with any threads") {
  DiffPlan plan = plan_of({"panguingue", "panguingue-no-forfeit", "panguingue-out-two"}, 0, 9);
  plan.pan_seats = 5;
  const auto deals = static_cast<std::uint64_t>(conquian::testing::scaled(60));
  plan.deals = deals;
  DealTable one = play_deals(plan, 0, deals, 1, {});
  DealTable two = play_deals(plan, 0, deals, 2, {});
  CHECK(same(one, two));
  for (std::size_t r = 0; r < one.size(); ++r)
    for (const DealSummary& d : one[r]) {
      CHECK(d.seats == 5);
      std::int64_t sum = d.pot;
      for (int s = 0; s < d.seats; ++s) sum += d.chips[s];
      CHECK(sum == 0);  // every chip is a seat's or the pot's
    }
  ReportInput in{&plan, &one, nullptr, "conquian diff panguingue panguingue-no-forfeit panguingue-out-two"};
  DiffReport report = build_diff_report(in);
  nlohmann::json j = diff_report_json(report);
  REQUIRE(j["rulesets"].size() == 3);
  for (const auto& r : j["rulesets"]) {
    CAPTURE(r["ruleset"]["name"]);
    CHECK(r["seats"] == 5);
    REQUIRE(r["chips"]["by_order"].size() == 5);
    double chips = r["chips"]["pot"]["mean"].get<double>();
    std::uint64_t drops = 0;
    for (const auto& k : r["chips"]["by_order"]) {
      chips += k["chips"]["mean"].get<double>();
      drops += k["drops"]["count"].get<std::uint64_t>();
    }
    CHECK(chips == Approx(0.0).epsilon(1e-9));
    CHECK(drops == r["chips"]["drops"]["count"].get<std::uint64_t>());
    CHECK(r["chips"]["drops"]["of"].get<std::uint64_t>() == 5 * deals);
    CHECK(r["match"]["matches"] == 0);  // no matches in Panguingue
  }
  const auto& c = j["comparisons"][0];
  bool chips_test = false, match_test = false;
  for (const auto& t : c["tests"]) {
    chips_test |= t["measure"] == "seat_0_chips_per_deal";
    match_test |= t["measure"].get<std::string>().ends_with("_match_share");
  }
  CHECK(chips_test);
  CHECK_FALSE(match_test);
  const std::string md = diff_report_markdown(report), html = diff_report_html(report);
  CHECK(md.find("## Chips by seat") != std::string::npos);
  CHECK(html.find("<h2>Chips by seat</h2>") != std::string::npos);
  CHECK(md.find("seat 0: chips a deal") != std::string::npos);
}

namespace {

// A Panguingue plan at six seats whose `random` seats drop now and then (the random player
// declares play or drop at even odds), so that the drop figures are not all zero.
DiffPlan pan_plan_with_drops(std::uint64_t deals) {
  DiffPlan plan = plan_of({"panguingue", "panguingue-no-forfeit"}, deals, 3);
  plan.pan_seats = 6;
  plan.players = {"random", "greedy"};
  return plan;
}

}  // namespace

TEST_CASE("diff, panguingue: each deal's ends, conditions and pot taken, as the deal played them") {
  const auto deals = static_cast<std::uint64_t>(conquian::testing::scaled(40));
  // Then four seats of random players, where every other seat drops now and then: the last
  // seat in takes the pot with the forfeit of the drop that left it alone.
  for (const bool all_random : {false, true}) {
    CAPTURE(all_random);
    DiffPlan plan = pan_plan_with_drops(deals);
    if (all_random) {
      plan.pan_seats = 4;
      plan.players = {"random"};
    }
    DealTable t = play_deals(plan, 0, deals, 1, {});
    int drops = 0, went_out = 0, last_in = 0, conditions = 0;
    for (std::size_t r = 0; r < t.size(); ++r) {
      const PanTerms& terms = plan.rules[r]->pan;
      for (std::uint64_t i = 0; i < deals; ++i) {
        const DealSummary& d = t[r][i];
        CAPTURE(r);
        CAPTURE(i);
        const int dropped = std::popcount(static_cast<unsigned>(d.dropped));
        drops += dropped;
        went_out += d.went_out;
        conditions += d.conditions;
        CHECK(d.conditions >= 0);
        if (d.winner >= 0) {
          // The pot is the antes and the drop forfeits until the winner takes it all.
          CHECK(d.pot_taken == terms.ante * d.seats + terms.drop_forfeit * dropped);
          CHECK(d.pot == 0);
          // Won by the last seat in: every other seat dropped.
          if (!d.went_out) CHECK(dropped == d.seats - 1);
          last_in += !d.went_out;
        } else {
          CHECK(d.pot_taken == 0);
          CHECK(d.went_out == 0);
        }
      }
    }
    CHECK(drops > 0);       // the random seats drop
    CHECK(went_out > 0);    // and deals end by going out
    CHECK(conditions > 0);  // with conditions paid on the way
    if (all_random) CHECK(last_in > 0);
  }
}

TEST_CASE("diff, panguingue: the report speaks Panguingue: drops, ends, chips by seat, conditions, pot") {
  const auto deals = static_cast<std::uint64_t>(conquian::testing::scaled(60));
  DiffPlan plan = pan_plan_with_drops(deals);
  DealTable t = play_deals(plan, 0, deals, 1, {});
  ReportInput in{&plan, &t, nullptr, "conquian diff panguingue panguingue-no-forfeit"};
  DiffReport report = build_diff_report(in);
  const RulesetFigures& f = report.rulesets[0];
  // Every figure from the deals: the ends add up, drops and chips by seat add up to the whole.
  CHECK(f.went_out.count + f.last_in.count + f.draws.count == deals);
  CHECK(f.drops.count > 0);
  std::uint64_t seat_drops = 0;
  std::int64_t total = 0, pot_left = 0, conditions = 0;
  for (std::size_t s = 0; s < 6; ++s) {
    seat_drops += f.seat_drops[s].count;
    total += f.seat_chips_total[s];
    std::int64_t sum = 0;
    for (const DealSummary& d : t[0]) sum += d.chips[s];
    CHECK(f.seat_chips_total[s] == sum);
    CHECK(f.seat_chips[s].mean == Approx(static_cast<double>(sum) / static_cast<double>(deals)));
  }
  for (const DealSummary& d : t[0]) {
    pot_left += d.pot;
    conditions += d.conditions;
  }
  CHECK(seat_drops == f.drops.count);
  CHECK(total + pot_left == 0);
  CHECK(f.conditions.mean == Approx(static_cast<double>(conditions) / static_cast<double>(deals)));

  const std::string md = diff_report_markdown(report), html = diff_report_html(report);
  for (const std::string* page : {&md, &html}) {
    const std::string& text = *page;
    CHECK(text.find("Panguingue rulesets compared") != std::string::npos);
    CHECK(text.find("Conquian") == std::string::npos);
    for (const char* word : {"tabla", "forcing", "place", "Matches", "swap"}) {
      CAPTURE(word);
      CHECK(text.find(word) == std::string::npos);
    }
    for (const char* table : {"How a deal ends", "Drops", "Chips by seat", "Conditions and the pot", "seats that drop",
                              "a seat goes out", "pot taken by the winner", "chips paid for conditions a deal",
                              "seat 5: chips a deal", "seat 0 drops", "forces a deal"}) {
      CAPTURE(table);
      CHECK(text.find(table) != std::string::npos);
    }
    // Which players played, seat by seat.
    CHECK(text.find("seat 0 random, seat 1 greedy, seat 2 random") != std::string::npos);
  }
  // Chips signed, by named seat: the seat's row holds its chips a deal and in all, each with its sign.
  const std::string row = fmt::format("| `panguingue` | seat 0 | random | {} | {} |",
                                      text::chips_with_ci(f.seat_chips[0]), signed_chips(f.seat_chips_total[0]));
  CHECK(md.find(row) != std::string::npos);
  CHECK((row.find("| +") != std::string::npos || row.find("| -") != std::string::npos));
  CHECK(signed_chips(29) == "+29");
  CHECK(text::chips_a_deal(0.58) == "+0.58");
  CHECK(text::chips_a_deal(-1.5) == "-1.50");

  // The standard output's summary says the same.
  std::string summary;
  for (const auto& line : text::pan_summary(report)) summary += line + "\n";
  CHECK(summary.starts_with("Panguingue rulesets compared: "));
  CHECK(summary.find("players: seat 0 random, seat 1 greedy") != std::string::npos);
  CHECK(summary.find(fmt::format("seats that drop {}", text::rate_with_ci(f.drops))) != std::string::npos);
  CHECK(summary.find(fmt::format("  chips in all: seat 0 {}", signed_chips(f.seat_chips_total[0]))) !=
        std::string::npos);
  CHECK(summary.find("panguingue vs panguingue-no-forfeit: seats that drop ") != std::string::npos);
  CHECK(summary.find("place") == std::string::npos);

  // The JSON keeps numbers as numbers.
  nlohmann::json j = diff_report_json(report);
  const auto& chips = j["rulesets"][0]["chips"];
  REQUIRE(chips["by_seat"].size() == 6);
  CHECK(chips["by_seat"][0]["player"] == "random");
  CHECK(chips["by_seat"][0]["total"] == f.seat_chips_total[0]);
  CHECK(chips["by_seat"][0]["total"].is_number_integer());
  CHECK(chips["by_seat"][0]["chips"]["mean"].is_number());
  CHECK(chips["drops"]["count"] == f.drops.count);
  CHECK(chips["went_out"]["count"] == f.went_out.count);
  CHECK(chips["last_in"]["count"] == f.last_in.count);
  CHECK(chips["conditions"]["mean"].get<double>() == Approx(f.conditions.mean));
  CHECK(chips["pot_taken"]["mean"].get<double>() == Approx(f.pot_taken.mean));
  std::set<std::string> measures;
  for (const auto& test : j["comparisons"][0]["tests"]) measures.insert(test["measure"].get<std::string>());
  for (const char* m : {"drop_rate", "going_out_rate", "draw_rate", "conditions_per_deal", "pot_taken",
                        "seat_0_chips_per_deal", "seat_5_drop_rate", "seat_5_win_rate", "deal_length_moves"}) {
    CAPTURE(m);
    CHECK(measures.contains(m));
  }
  CHECK_FALSE(measures.contains("deals_with_force"));
  // The drop rate's difference with its interval, from the two rulesets' counts.
  const auto& drop = j["comparisons"][0]["tests"][0];
  CHECK(drop["measure"] == "drop_rate");
  const ZTest z =
      two_proportion(f.drops.count, f.drops.of, report.rulesets[1].drops.count, report.rulesets[1].drops.of);
  CHECK(drop["diff"].get<double>() == Approx(z.diff));
  CHECK(drop["ci95"][0].get<double>() == Approx(z.diff_ci.low));
}

TEST_CASE("diff: a Conquian report keeps Conquian's tables") {
  DiffPlan plan = plan_of({"american", "nine-card"}, 30, 1);
  DealTable t = play_deals(plan, 0, 30, 1, {});
  ReportInput in{&plan, &t, nullptr, "conquian diff american nine-card"};
  DiffReport report = build_diff_report(in);
  const std::string md = diff_report_markdown(report), html = diff_report_html(report);
  CHECK(md.starts_with("# Conquian rulesets compared\n"));
  CHECK(html.find("<h1>Conquian rulesets compared</h1>") != std::string::npos);
  for (const char* table : {"## Who wins a deal", "draws (tablas)", "## Forcing", "## Matches under"}) {
    CAPTURE(table);
    CHECK(md.find(table) != std::string::npos);
  }
  CHECK(md.find("Panguingue") == std::string::npos);
  CHECK(diff_report_json(report)["rulesets"][0]["chips"].is_null());
}
