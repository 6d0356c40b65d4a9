#include "batch/report_json.h"

#include <algorithm>
#include <cmath>

#include "batch/match.h"
#include "batch/stats.h"

namespace conquian::batch {
namespace {

using nlohmann::json;

constexpr double kAlpha = 0.05;

// Counts of one ruleset's deals.
struct Tally {
  const Ruleset* rules = nullptr;
  std::uint64_t deals = 0, draws = 0, unfinished = 0;
  std::vector<std::uint64_t> seat_wins, order_wins;     // by seat; by order of play
  std::vector<int> moves, turned;
  std::uint64_t forces = 0, decline_forces = 0, offer_forces = 0, hits = 0;
  std::uint64_t deals_with_force = 0, forced_won = 0, forcer_won = 0, forced_drawn = 0;
  MatchSummary matches;
  Summary moves_summary, turned_summary;
};

Tally tally(const Ruleset& r, const std::vector<DealSummary>& deals) {
  Tally t;
  t.rules = &r;
  t.deals = deals.size();
  t.seat_wins.assign(static_cast<std::size_t>(r.seats), 0);
  t.order_wins.assign(static_cast<std::size_t>(r.seats), 0);
  std::vector<ScoredDeal> scored;
  scored.reserve(deals.size());
  for (const DealSummary& d : deals) {
    if (d.winner >= 0) {
      t.seat_wins[static_cast<std::size_t>(d.winner)]++;
      t.order_wins[static_cast<std::size_t>((d.winner - d.dealer - 1 + 2 * r.seats) % r.seats)]++;
    } else if (d.winner == -1) {
      t.draws++;
    } else {
      t.unfinished++;
    }
    t.moves.push_back(d.moves);
    t.turned.push_back(d.turned);
    t.forces += static_cast<std::uint64_t>(d.forces);
    t.decline_forces += static_cast<std::uint64_t>(d.decline_forces);
    t.offer_forces += static_cast<std::uint64_t>(d.offer_forces);
    t.hits += static_cast<std::uint64_t>(d.hits);
    t.deals_with_force += d.forces + d.hits > 0;
    t.forced_won += static_cast<std::uint64_t>(d.forced_won);
    t.forcer_won += static_cast<std::uint64_t>(d.forcer_won);
    t.forced_drawn += static_cast<std::uint64_t>(d.forced_drawn);
    scored.push_back({d.winner >= 0 ? d.winner : -1, d.loser_points});
  }
  t.matches = score_matches(scored, r.scoring, r.seats);
  t.moves_summary = summarize(t.moves);
  t.turned_summary = summarize(t.turned);
  return t;
}

json rate(std::uint64_t count, std::uint64_t of) {
  Interval ci = wilson(count, of);
  return {{"count", count},
          {"of", of},
          {"rate", of ? static_cast<double>(count) / static_cast<double>(of) : 0.0},
          {"ci95", {ci.low, ci.high}}};
}

json summary_json(const Summary& s) {
  return {{"n", s.n}, {"mean", s.mean}, {"sd", s.sd}, {"min", s.min}, {"p10", s.p10},
          {"median", s.median}, {"p90", s.p90}, {"max", s.max}};
}

json histogram(const std::vector<int>& values, int width, int bins) {
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(bins), 0);
  for (int v : values) counts[static_cast<std::size_t>(std::min(bins - 1, v / width))]++;
  return {{"bin_width", width}, {"counts", counts}};
}

const char* method_name(ScoringMethod m) { return m == ScoringMethod::HandPoints ? "hand_points" : "stake"; }

json ruleset_facts(const Ruleset& r) {
  json run_max = r.melds.run_max > 0 ? json(r.melds.run_max) : json(nullptr);
  return {{"name", r.name},
          {"description", r.description},
          {"deck", r.deck.name()},
          {"deck_size", r.deck.size()},
          {"seats", r.seats},
          {"hand", r.hand},
          {"target", r.target},
          {"swap", r.swap},
          {"wild", r.melds.wild.size()},
          {"run_max", run_max},
          {"forcing", {{"decline", r.forcing.decline}, {"offer", r.forcing.offer}, {"hit", r.forcing.hit}}},
          {"scoring",
           {{"method", method_name(r.scoring.method)},
            {"stake", r.scoring.stake},
            {"after_draw", r.scoring.after_draw},
            {"match_target", r.scoring.match_target}}}};
}

json matches_json(const Tally& t) {
  const MatchSummary& m = t.matches;
  json wins = json::array(), points = json::array();
  for (std::size_t s = 0; s < m.match_wins.size(); ++s) {
    json w = rate(m.match_wins[s], m.matches);
    w["seat"] = s;
    wins.push_back(w);
    points.push_back({{"seat", s},
                      {"points", m.points[s]},
                      {"per_deal", t.deals ? static_cast<double>(m.points[s]) / static_cast<double>(t.deals) : 0.0}});
  }
  return {{"matches", m.matches},
          {"drawn_matches", m.drawn_matches},
          {"wins", wins},
          {"points", points},
          {"deals_per_match", summary_json(m.deals_per_match)},
          {"unfinished_deals", m.unfinished_deals},
          {"largest_multiplier", m.largest_multiplier}};
}

json forcing_json(const Tally& t) {
  std::uint64_t events = t.forces + t.hits;
  return {{"forces", t.forces},
          {"decline_forces", t.decline_forces},
          {"offer_forces", t.offer_forces},
          {"hits", t.hits},
          {"per_deal", t.deals ? static_cast<double>(events) / static_cast<double>(t.deals) : 0.0},
          {"deals_with_force", rate(t.deals_with_force, t.deals)},
          {"effect",
           {{"events", events},
            {"forced_seat_won", rate(t.forced_won, events)},
            {"forcing_seat_won", rate(t.forcer_won, events)},
            {"drawn", rate(t.forced_drawn, events)}}}};
}

json ruleset_json(const Tally& t, const DiffPlan& plan, int width, int bins) {
  const Ruleset& r = *t.rules;
  json seats = json::array(), orders = json::array();
  for (int s = 0; s < r.seats; ++s) {
    json w = rate(t.seat_wins[static_cast<std::size_t>(s)], t.deals);
    w["seat"] = s;
    w["player"] = plan.player_of(s);
    seats.push_back(w);
    json o = rate(t.order_wins[static_cast<std::size_t>(s)], t.deals);
    o["order"] = s;
    orders.push_back(o);
  }
  return {{"ruleset", ruleset_facts(r)},
          {"deals", t.deals},
          {"draws", rate(t.draws, t.deals)},
          {"unfinished", t.unfinished},
          {"seat_wins", seats},
          {"order_wins", orders},
          {"deal_length",
           {{"moves", summary_json(t.moves_summary)},
            {"turned", summary_json(t.turned_summary)},
            {"moves_histogram", histogram(t.moves, width, bins)}}},
          {"forcing", forcing_json(t)},
          {"match", matches_json(t)}};
}

json test_json(const ZTest& z, double a, double b) {
  return {{"a", a}, {"b", b}, {"diff", z.diff}, {"ci95", {z.diff_ci.low, z.diff_ci.high}},
          {"z", z.z}, {"p", z.p}, {"significant", z.p < kAlpha}};
}

double ratio(std::uint64_t x, std::uint64_t n) { return n ? static_cast<double>(x) / static_cast<double>(n) : 0.0; }

json proportion_test(std::uint64_t x1, std::uint64_t n1, std::uint64_t x2, std::uint64_t n2) {
  return test_json(two_proportion(x1, n1, x2, n2), ratio(x1, n1), ratio(x2, n2));
}

json games_json(const GamesCheck& g, std::size_t a, std::size_t b) {
  json list = json::array();
  for (const GameVerdicts& gv : g.games) {
    const auto& va = gv.under[a];
    const auto& vb = gv.under[b];
    if (!verdicts_differ(va, vb)) continue;
    auto side = [](const check::GameVerdict& v) {
      json j = {{"verdict", check::judgement_name(v.judgement)}};
      if (v.judgement != check::Judgement::Legal) {
        j["move"] = v.move;
        if (v.judgement == check::Judgement::Illegal) j["code"] = code_name(v.code);
        j["message"] = v.message;
      }
      return j;
    };
    list.push_back({{"id", gv.id}, {"a", side(va)}, {"b", side(vb)}, {"first_diverging_move", first_diverging_move(va, vb)}});
  }
  return {{"checked", g.games.size()}, {"differing", list}};
}

json comparison_json(const Tally& ta, const Tally& tb, std::size_t a, std::size_t b, const ReportInput& in) {
  json c = {{"a", ta.rules->name}, {"b", tb.rules->name}};
  json tests = json::array();
  auto add = [&](const std::string& measure, json t) {
    t["measure"] = measure;
    tests.push_back(std::move(t));
  };
  add("draw_rate", proportion_test(ta.draws, ta.deals, tb.draws, tb.deals));
  add("first_to_play_win_rate", proportion_test(ta.order_wins[0], ta.deals, tb.order_wins[0], tb.deals));
  int common = std::min(ta.rules->seats, tb.rules->seats);
  for (int s = 0; s < common; ++s) {
    auto i = static_cast<std::size_t>(s);
    add("seat_" + std::to_string(s) + "_win_rate", proportion_test(ta.seat_wins[i], ta.deals, tb.seat_wins[i], tb.deals));
  }
  add("deals_with_force", proportion_test(ta.deals_with_force, ta.deals, tb.deals_with_force, tb.deals));
  add("deal_length_moves", test_json(two_means(ta.moves_summary, tb.moves_summary), ta.moves_summary.mean, tb.moves_summary.mean));
  // Matches are compared by each seat's share of the matches somebody won: a one-deal
  // match can be drawn, a match to 3 cannot, so shares of all matches would not compare.
  std::uint64_t won_a = ta.matches.matches - ta.matches.drawn_matches;
  std::uint64_t won_b = tb.matches.matches - tb.matches.drawn_matches;
  for (int s = 0; s < common; ++s) {
    auto i = static_cast<std::size_t>(s);
    add("seat_" + std::to_string(s) + "_match_share",
        proportion_test(ta.matches.match_wins[i], won_a, tb.matches.match_wins[i], won_b));
  }
  c["tests"] = tests;
  json significant = json::array();
  for (const json& t : tests)
    if (t["significant"].get<bool>()) significant.push_back(t["measure"]);
  c["significant"] = significant;
  if (ta.rules->seats != tb.rules->seats) c["note"] = "the seat counts differ: only the seats both have are compared";
  c["properties"] = {{"available", false},  // filled in by `conquian diff` unless --no-properties
                     {"note", "not computed (--no-properties)"}};
  if (in.games) c["games"] = games_json(*in.games, a, b);
  return c;
}

json notes_json(const DiffPlan& plan) {
  json notes = json::array();
  int seats = plan.rules.front()->seats, size = plan.rules.front()->deck.size();
  bool same_seats = true, same_size = true, same_deck = true;
  for (const auto& r : plan.rules) {
    same_seats &= r->seats == seats;
    same_size &= r->deck.size() == size;
    same_deck &= r->deck == plan.rules.front()->deck;
  }
  if (!same_deck && same_size)
    notes.push_back("The decks differ but have the same size: card index k of one deck stands for card index k of "
                    "the other (suit by suit, ranks in sequence order), so every deal holds the same positions.");
  if (!same_size)
    notes.push_back("The decks differ in size: each deal shuffles the positions of the largest deck, and a smaller "
                    "deck keeps the positions it has, in the shuffled order (specs/diff-report.md).");
  if (!same_seats)
    notes.push_back("The rulesets have different seat counts: seat win rates are compared only for the seats both "
                    "have, and a seat's share is smaller with more seats.");
  return notes;
}

}  // namespace

json diff_report_json(const ReportInput& in) {
  const DiffPlan& plan = *in.plan;
  std::vector<Tally> tallies;
  int longest = 0;
  for (std::size_t r = 0; r < plan.rules.size(); ++r) {
    tallies.push_back(tally(*plan.rules[r], (*in.deals)[r]));
    longest = std::max(longest, tallies.back().moves_summary.max);
  }
  const int max_bins = 40;
  int width = std::max(1, (longest + max_bins) / max_bins);
  int bins = longest / width + 1;

  json players = json::array();
  int most_seats = 0;
  for (const auto& r : plan.rules) most_seats = std::max(most_seats, r->seats);
  for (int s = 0; s < most_seats; ++s) players.push_back(plan.player_of(s));

  json report = {{"format", "conquian-diff/1"},
                 {"command", in.command},
                 {"deals", plan.deals},
                 {"seed", plan.seed},
                 {"players", players},
                 {"alpha", kAlpha},
                 {"notes", notes_json(plan)}};
  json rulesets = json::array();
  for (const Tally& t : tallies) rulesets.push_back(ruleset_json(t, plan, width, bins));
  report["rulesets"] = rulesets;
  json comparisons = json::array();
  for (std::size_t a = 0; a < tallies.size(); ++a)
    for (std::size_t b = a + 1; b < tallies.size(); ++b)
      comparisons.push_back(comparison_json(tallies[a], tallies[b], a, b, in));
  report["comparisons"] = comparisons;
  if (in.games) {
    json unreadable = in.games->unreadable;
    report["games"] = {{"file", in.games->file}, {"records", in.games->games.size()}, {"unreadable", unreadable}};
  }
  return report;
}

}  // namespace conquian::batch
