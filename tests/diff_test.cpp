// `conquian diff`: statistics against hand-computed values, match scoring on scripted
// deal sequences, a small diff run whose JSON must add up, and determinism.
#include <doctest/doctest.h>
#include <unistd.h>

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
#include "batch/simulate.h"
#include "batch/stats.h"
#include "cards/shuffle.h"
#include "pan/engine.h"
#include "record/record_writer.h"
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

TEST_CASE("diff, panguingue: chips and pot add up, drops counted by place, the same with any threads") {
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
    chips_test |= t["measure"] == "order_0_chips_per_deal";
    match_test |= t["measure"].get<std::string>().ends_with("_match_share");
  }
  CHECK(chips_test);
  CHECK_FALSE(match_test);
  const std::string md = diff_report_markdown(report), html = diff_report_html(report);
  CHECK(md.find("## Chips") != std::string::npos);
  CHECK(html.find("<h2>Chips</h2>") != std::string::npos);
  CHECK(md.find("first to play: chips a deal") != std::string::npos);
}
