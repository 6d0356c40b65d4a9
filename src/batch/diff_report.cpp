#include "batch/diff_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "batch/match.h"
#include "replay/game_of.h"

namespace conquian::batch {
namespace {

constexpr double kAlpha = 0.05;

// Counts of one ruleset's deals.
struct Tally {
  std::uint64_t deals = 0, draws = 0, unfinished = 0;
  std::vector<std::uint64_t> seat_wins, order_wins;  // by seat; by order of play
  std::vector<int> moves, turned;
  std::uint64_t forces = 0, decline_forces = 0, offer_forces = 0, hits = 0;
  std::uint64_t deals_with_force = 0, forced_won = 0, forcer_won = 0, forced_drawn = 0;
  MatchSummary matches;
  Summary moves_summary, turned_summary;
  // Panguingue: by seat and by order of play, each deal's net chips and the drops; the ends,
  // the conditions paid and the pots.
  int seats = 0;
  std::vector<std::vector<int>> seat_chips, order_chips;
  std::vector<std::int64_t> seat_chips_total;
  std::vector<std::uint64_t> seat_drops, order_drops;
  std::uint64_t went_out = 0, last_in = 0;
  std::vector<int> conditions, pots, pots_taken;
};

Tally tally(const Ruleset& r, int seats, const std::vector<DealSummary>& deals) {
  Tally t;
  t.deals = deals.size();
  t.seats = seats;
  t.seat_wins.assign(static_cast<std::size_t>(seats), 0);
  t.order_wins.assign(static_cast<std::size_t>(seats), 0);
  const bool chips = game_facts(r).settles_in_chips;
  if (chips) {
    t.seat_chips.assign(static_cast<std::size_t>(seats), {});
    t.order_chips.assign(static_cast<std::size_t>(seats), {});
    t.seat_chips_total.assign(static_cast<std::size_t>(seats), 0);
    t.seat_drops.assign(static_cast<std::size_t>(seats), 0);
    t.order_drops.assign(static_cast<std::size_t>(seats), 0);
  }
  std::vector<ScoredDeal> scored;
  scored.reserve(deals.size());
  for (const DealSummary& d : deals) {
    if (d.winner >= 0) {
      t.seat_wins[static_cast<std::size_t>(d.winner)]++;
      t.order_wins[static_cast<std::size_t>((d.winner - d.dealer - 1 + 2 * seats) % seats)]++;
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
    if (chips) {
      for (int s = 0; s < seats; ++s) {
        const auto seat = static_cast<std::size_t>(s);
        const auto order = static_cast<std::size_t>((s - d.dealer - 1 + 2 * seats) % seats);
        const std::uint64_t dropped = (d.dropped >> s) & 1;
        t.seat_chips[seat].push_back(d.chips[s]);
        t.seat_chips_total[seat] += d.chips[s];
        t.seat_drops[seat] += dropped;
        t.order_chips[order].push_back(d.chips[s]);
        t.order_drops[order] += dropped;
      }
      t.went_out += d.went_out != 0;
      t.last_in += d.winner >= 0 && d.went_out == 0;
      t.conditions.push_back(d.conditions);
      t.pots.push_back(d.pot);
      if (d.winner >= 0) t.pots_taken.push_back(d.pot_taken);
    }
  }
  if (game_facts(r).plays_matches) t.matches = score_matches(scored, r.scoring, seats);
  t.moves_summary = summarize(t.moves);
  t.turned_summary = summarize(t.turned);
  return t;
}

double ratio(std::uint64_t x, std::uint64_t n) { return n ? static_cast<double>(x) / static_cast<double>(n) : 0.0; }

Rate rate(std::uint64_t count, std::uint64_t of) { return {count, of, ratio(count, of), wilson(count, of)}; }

Histogram histogram(const std::vector<int>& values, int width, int bins) {
  Histogram h{width, std::vector<std::uint64_t>(static_cast<std::size_t>(bins), 0)};
  for (int v : values) h.counts[static_cast<std::size_t>(std::min(bins - 1, v / width))]++;
  return h;
}

MatchFigures match_figures(const Tally& t) {
  const MatchSummary& m = t.matches;
  MatchFigures f;
  f.matches = m.matches;
  f.drawn_matches = m.drawn_matches;
  for (std::size_t s = 0; s < m.match_wins.size(); ++s) {
    f.wins.push_back(rate(m.match_wins[s], m.matches));
    f.points.push_back({m.points[s], t.deals ? static_cast<double>(m.points[s]) / static_cast<double>(t.deals) : 0.0});
  }
  f.deals_per_match = m.deals_per_match;
  f.unfinished_deals = m.unfinished_deals;
  f.largest_multiplier = m.largest_multiplier;
  return f;
}

ForcingFigures forcing_figures(const Tally& t) {
  std::uint64_t events = t.forces + t.hits;
  return {t.forces,
          t.decline_forces,
          t.offer_forces,
          t.hits,
          ratio(events, t.deals),
          rate(t.deals_with_force, t.deals),
          events,
          rate(t.forced_won, events),
          rate(t.forcer_won, events),
          rate(t.forced_drawn, events)};
}

RulesetFigures ruleset_figures(const std::shared_ptr<const Ruleset>& rules, const Tally& t, int width, int bins) {
  RulesetFigures f;
  f.rules = rules;
  f.deals = t.deals;
  f.draws = rate(t.draws, t.deals);
  f.unfinished = t.unfinished;
  f.seats = t.seats;
  for (int s = 0; s < t.seats; ++s) {
    f.seat_wins.push_back(rate(t.seat_wins[static_cast<std::size_t>(s)], t.deals));
    f.order_wins.push_back(rate(t.order_wins[static_cast<std::size_t>(s)], t.deals));
  }
  std::uint64_t drops = 0;
  for (std::size_t k = 0; k < t.order_chips.size(); ++k) {
    f.seat_chips.push_back(summarize(t.seat_chips[k]));
    f.seat_chips_total.push_back(t.seat_chips_total[k]);
    f.seat_drops.push_back(rate(t.seat_drops[k], t.deals));
    f.order_chips.push_back(summarize(t.order_chips[k]));
    f.order_drops.push_back(rate(t.order_drops[k], t.deals));
    drops += t.order_drops[k];
  }
  if (game_facts(*rules).settles_in_chips) {
    f.drops = rate(drops, t.deals * static_cast<std::uint64_t>(t.seats));
    f.went_out = rate(t.went_out, t.deals);
    f.last_in = rate(t.last_in, t.deals);
    f.conditions = summarize(t.conditions);
    f.pot = summarize(t.pots);
    f.pot_taken = summarize(t.pots_taken);
  }
  f.moves = t.moves_summary;
  f.turned = t.turned_summary;
  f.moves_histogram = histogram(t.moves, width, bins);
  f.forcing = forcing_figures(t);
  if (game_facts(*rules).plays_matches) f.match = match_figures(t);
  return f;
}

Test test_of(std::string measure, const ZTest& z, double a, double b) {
  return {std::move(measure), a, b, z, z.p < kAlpha};
}

Test proportion_test(std::string measure, std::uint64_t x1, std::uint64_t n1, std::uint64_t x2, std::uint64_t n2) {
  return test_of(std::move(measure), two_proportion(x1, n1, x2, n2), ratio(x1, n1), ratio(x2, n2));
}

GamesComparison games_comparison(const GamesCheck& g, std::size_t a, std::size_t b) {
  GamesComparison out{g.games.size(), {}};
  for (const GameVerdicts& gv : g.games) {
    const auto& va = gv.under[a];
    const auto& vb = gv.under[b];
    if (verdicts_differ(va, vb)) out.differing.push_back({gv.id, va, vb, first_diverging_move(va, vb)});
  }
  return out;
}

// Panguingue's tests: how many seats drop and how deals end, what conditions and the pot move,
// each seat's chips, drops and wins, and the deal's length. No forcing or match tests: a
// Panguingue deal is settled in chips on its own.
std::vector<Test> pan_tests_of(const Tally& ta, const RulesetFigures& fa, const Tally& tb, const RulesetFigures& fb) {
  std::vector<Test> tests;
  tests.push_back(proportion_test("drop_rate", fa.drops.count, fa.drops.of, fb.drops.count, fb.drops.of));
  tests.push_back(proportion_test("going_out_rate", ta.went_out, ta.deals, tb.went_out, tb.deals));
  tests.push_back(proportion_test("draw_rate", ta.draws, ta.deals, tb.draws, tb.deals));
  tests.push_back(
      test_of("conditions_per_deal", two_means(fa.conditions, fb.conditions), fa.conditions.mean, fb.conditions.mean));
  tests.push_back(test_of("pot_taken", two_means(fa.pot_taken, fb.pot_taken), fa.pot_taken.mean, fb.pot_taken.mean));
  tests.push_back(proportion_test("first_to_play_win_rate", ta.order_wins[0], ta.deals, tb.order_wins[0], tb.deals));
  const int common = std::min(fa.seats, fb.seats);
  const auto key = [](int s, const char* what) { return "seat_" + std::to_string(s) + what; };
  for (int s = 0; s < common; ++s) {
    auto i = static_cast<std::size_t>(s);
    tests.push_back(test_of(key(s, "_chips_per_deal"), two_means(fa.seat_chips[i], fb.seat_chips[i]),
                            fa.seat_chips[i].mean, fb.seat_chips[i].mean));
  }
  for (int s = 0; s < common; ++s) {
    auto i = static_cast<std::size_t>(s);
    tests.push_back(proportion_test(key(s, "_drop_rate"), ta.seat_drops[i], ta.deals, tb.seat_drops[i], tb.deals));
  }
  for (int s = 0; s < common; ++s) {
    auto i = static_cast<std::size_t>(s);
    tests.push_back(proportion_test(key(s, "_win_rate"), ta.seat_wins[i], ta.deals, tb.seat_wins[i], tb.deals));
  }
  tests.push_back(test_of("deal_length_moves", two_means(fa.moves, fb.moves), fa.moves.mean, fb.moves.mean));
  return tests;
}

std::vector<Test> tests_of(const Tally& ta, const RulesetFigures& fa, const Tally& tb, const RulesetFigures& fb) {
  if (game_facts(*fa.rules).settles_in_chips) return pan_tests_of(ta, fa, tb, fb);
  std::vector<Test> tests;
  tests.push_back(proportion_test("draw_rate", ta.draws, ta.deals, tb.draws, tb.deals));
  tests.push_back(proportion_test("first_to_play_win_rate", ta.order_wins[0], ta.deals, tb.order_wins[0], tb.deals));
  const int common = std::min(fa.seats, fb.seats);
  for (int s = 0; s < common; ++s) {
    auto i = static_cast<std::size_t>(s);
    tests.push_back(proportion_test("seat_" + std::to_string(s) + "_win_rate", ta.seat_wins[i], ta.deals,
                                    tb.seat_wins[i], tb.deals));
  }
  tests.push_back(proportion_test("deals_with_force", ta.deals_with_force, ta.deals, tb.deals_with_force, tb.deals));
  tests.push_back(test_of("deal_length_moves", two_means(fa.moves, fb.moves), fa.moves.mean, fb.moves.mean));
  // Matches are compared by each seat's share of the matches somebody won: a one-deal
  // match can be drawn, a match to 3 cannot, so shares of all matches would not compare.
  std::uint64_t won_a = ta.matches.matches - ta.matches.drawn_matches;
  std::uint64_t won_b = tb.matches.matches - tb.matches.drawn_matches;
  for (int s = 0; s < common; ++s) {
    auto i = static_cast<std::size_t>(s);
    tests.push_back(proportion_test("seat_" + std::to_string(s) + "_match_share", ta.matches.match_wins[i], won_a,
                                    tb.matches.match_wins[i], won_b));
  }
  return tests;
}

using ValuesByRuleset = std::map<std::string, prove::PropertyValues>;

PropertyVerdicts property_verdicts(const ValuesByRuleset* values, const std::string& a, const std::string& b) {
  if (!values) return {false, {}, "not computed (--no-properties)"};
  std::vector<std::string> ids;  // the properties of the rulesets' game
  for (const std::string& id : prove::property_ids())
    if (values->at(a).contains(id)) ids.push_back(id);
  PropertyVerdicts v{true, prove::differing_properties(ids, values->at(a), values->at(b)), ""};
  std::string words;
  for (const auto& d : v.differ)
    words += fmt::format("{}{} ({} {}, {} {})", words.empty() ? "" : "; ", d.property, a, d.a.value, b, d.b.value);
  v.note = v.differ.empty() ? fmt::format("none of the {} properties of conquian prove differs", ids.size())
                            : fmt::format("{} of {} differ: {}", v.differ.size(), ids.size(), words);
  return v;
}

std::vector<std::string> notes_of(const DiffPlan& plan) {
  std::vector<std::string> notes;
  if (plan.pan()) {
    notes.push_back(
        "Panguingue: each deal shuffles the union of the packs compared (each card as often as the most "
        "any ruleset holds it), and each ruleset's pack keeps every card's first copies, as many as it "
        "holds, in the shuffled order (specs/diff-report.md). The deal passes round the table: in deal i "
        "seat i mod seats deals, and the seat after it declares and plays first.");
    return notes;
  }
  int seats = plan.rules.front()->seats, size = plan.rules.front()->deck.size();
  bool same_seats = true, same_size = true, same_deck = true;
  for (const auto& r : plan.rules) {
    same_seats &= r->seats == seats;
    same_size &= r->deck.size() == size;
    same_deck &= r->deck == plan.rules.front()->deck;
  }
  if (!same_deck && same_size)
    notes.push_back(
        "The decks differ but have the same size: card index k of one deck stands for card index k of "
        "the other (suit by suit, ranks in sequence order), so every deal holds the same positions.");
  if (!same_size)
    notes.push_back(
        "The decks differ in size: each deal shuffles the positions of the largest deck, and a smaller "
        "deck keeps the positions it has, in the shuffled order (specs/diff-report.md).");
  if (!same_seats)
    notes.push_back(
        "The rulesets have different seat counts: seat win rates are compared only for the seats both "
        "have, and a seat's share is smaller with more seats.");
  return notes;
}

}  // namespace

std::vector<std::string> Comparison::significant() const {
  std::vector<std::string> out;
  for (const Test& t : tests)
    if (t.significant) out.push_back(t.measure);
  return out;
}

DiffReport build_diff_report(const ReportInput& in) {
  const DiffPlan& plan = *in.plan;
  DiffReport report;
  report.command = in.command;
  report.deals = plan.deals;
  report.seed = plan.seed;
  report.alpha = kAlpha;
  report.notes = notes_of(plan);
  int most_seats = 0;
  for (const auto& r : plan.rules) most_seats = std::max(most_seats, plan.seats_of(*r));
  for (int s = 0; s < most_seats; ++s) report.players.push_back(plan.player_of(s));

  std::vector<Tally> tallies;
  int longest = 0;
  for (std::size_t r = 0; r < plan.rules.size(); ++r) {
    tallies.push_back(tally(*plan.rules[r], plan.seats_of(*plan.rules[r]), (*in.deals)[r]));
    longest = std::max(longest, tallies.back().moves_summary.max);
  }
  const int max_bins = 40;
  int width = std::max(1, (longest + max_bins) / max_bins);
  int bins = longest / width + 1;
  for (std::size_t r = 0; r < plan.rules.size(); ++r)
    report.rulesets.push_back(ruleset_figures(plan.rules[r], tallies[r], width, bins));

  // Property values by ruleset name, as the comparisons name the rulesets.
  std::optional<ValuesByRuleset> values;
  if (in.properties) {
    values.emplace();
    for (const auto& rules : plan.rules) {
      (*values)[rules->name] = prove::evaluate_all(*rules);
      if (in.property_done) in.property_done();
    }
  }
  for (std::size_t a = 0; a < tallies.size(); ++a)
    for (std::size_t b = a + 1; b < tallies.size(); ++b) {
      const RulesetFigures &fa = report.rulesets[a], &fb = report.rulesets[b];
      Comparison c;
      c.a = fa.rules->name;
      c.b = fb.rules->name;
      c.tests = tests_of(tallies[a], fa, tallies[b], fb);
      if (fa.seats != fb.seats) c.note = "the seat counts differ: only the seats both have are compared";
      c.properties = property_verdicts(values ? &*values : nullptr, c.a, c.b);
      if (in.games) c.games = games_comparison(*in.games, a, b);
      report.comparisons.push_back(std::move(c));
    }
  if (in.games) report.games = GamesFile{in.games->file, in.games->games.size(), in.games->unreadable};
  return report;
}

}  // namespace conquian::batch
