#include "batch/report_markdown.h"

#include <fmt/format.h>

#include "batch/report_text.h"
#include "replay/chips_words.h"
#include "replay/game_of.h"

namespace conquian::batch {
namespace {

using namespace text;

void header(std::string& md, const DiffReport& report) {
  md += "# Conquian rulesets compared\n\n";
  std::string names;
  for (const auto& r : report.rulesets) names += (names.empty() ? "" : ", ") + fmt::format("`{}`", r.rules->name);
  std::string players;
  for (const auto& p : report.players) players += (players.empty() ? "" : ", ") + p;
  md += fmt::format("{} played on the same {} shuffled decks (seed {}); players by seat: {}.\n\n", names, report.deals,
                    report.seed, players);
  md += fmt::format("Command: `{}`\n\n", report.command);
  for (const auto& n : report.notes) md += "> " + n + "\n\n";
  md += "Rates are shown with their 95 % Wilson interval in parentheses.\n\n";
  auto lines = glance(report);
  if (lines.empty()) return;
  md += "## At a glance\n\n";
  for (const auto& l : lines) md += "- " + l + "\n";
  md += "\n";
}

void markdown_rulesets_table(std::string& md, const DiffReport& report) {
  md +=
      "## The rulesets\n\n| ruleset | deck | seats | hand | target | swap | forcing | scoring "
      "|\n|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : report.rulesets) {
    const Ruleset& f = *r.rules;
    md += fmt::format("| `{}` | {} | {} | {} | {} | {} | {} | {} |\n", f.name, f.deck.name(), r.seats, f.hand, f.target,
                      f.swap ? "yes" : "no", forcing_rules(f),
                      game_facts(f).settles_in_chips ? pan_terms_words(f) : scoring_words(f));
  }
  md += "\n";
}

void outcomes_table(std::string& md, const DiffReport& report) {
  md +=
      "## Who wins a deal\n\n| ruleset | deals | first to play wins | second to play wins | draws (tablas) | by seat "
      "|\n|---|---|---|---|---|---|\n";
  for (const auto& r : report.rulesets) {
    std::string seats;
    for (std::size_t s = 0; s < r.seat_wins.size(); ++s)
      seats += (seats.empty() ? "" : "; ") +
               fmt::format("seat {} ({}): {}", s, report.players[s], rate_with_ci(r.seat_wins[s]));
    md += fmt::format("| `{}` | {} | {} | {} | {} | {} |\n", r.rules->name, r.deals, rate_with_ci(r.order_wins[0]),
                      rate_with_ci(r.order_wins[1]), rate_with_ci(r.draws), seats);
  }
  md += "\n";
}

void length_table(std::string& md, const DiffReport& report) {
  md +=
      "## How long a deal runs\n\nMoves are record moves (turns, takes, passes, forces, ...); cards turned are cards "
      "taken from the stock.\n\n";
  md +=
      "| ruleset | moves: mean (sd) | median | 10th–90th percentile | min–max | cards turned: mean "
      "|\n|---|---|---|---|---|---|\n";
  for (const auto& r : report.rulesets) {
    const Summary& m = r.moves;
    md += fmt::format("| `{}` | {:.1f} ({:.1f}) | {} | {}–{} | {}–{} | {:.1f} |\n", r.rules->name, m.mean, m.sd,
                      m.median, m.p10, m.p90, m.min, m.max, r.turned.mean);
  }
  md += "\n";
}

void forcing_table(std::string& md, const DiffReport& report) {
  md += "## Forcing\n\nAn event is a force (or a hit); its effect is who won that deal.\n\n";
  md +=
      "| ruleset | allowed | deals with an event | events per deal | decline / offer / hit | forced seat won | forcing "
      "seat won | drawn |\n|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : report.rulesets) {
    const ForcingFigures& f = r.forcing;
    auto eff = [&](const Rate& rate) { return f.events > 0 ? rate_with_ci(rate) : std::string("–"); };
    md += fmt::format("| `{}` | {} | {} | {:.3f} | {} / {} / {} | {} | {} | {} |\n", r.rules->name,
                      forcing_rules(*r.rules), rate_with_ci(f.deals_with_force), f.per_deal, f.decline_forces,
                      f.offer_forces, f.hits, eff(f.forced_seat_won), eff(f.forcing_seat_won), eff(f.drawn));
  }
  md += "\n";
}

void match_table(std::string& md, const DiffReport& report) {
  md +=
      "## Matches under each ruleset's scoring\n\nConsecutive deals (the deal passing round the table) form matches; "
      "see specs/diff-report.md.\n\n";
  md +=
      "| ruleset | scoring | matches | match wins by seat | points per deal by seat | deals per match (mean) | largest "
      "multiplier | deals left over |\n|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : report.rulesets) {
    const MatchFigures& m = r.match;
    std::string wins, points;
    for (std::size_t s = 0; s < m.wins.size(); ++s)
      wins += (wins.empty() ? "" : "; ") + fmt::format("{}: {}", s, rate_with_ci(m.wins[s]));
    for (std::size_t s = 0; s < m.points.size(); ++s)
      points += (points.empty() ? "" : "; ") + fmt::format("{}: {:.2f}", s, m.points[s].per_deal);
    md += fmt::format("| `{}` | {} | {} | {} | {} | {:.2f} | {} | {} |\n", r.rules->name, scoring_words(*r.rules),
                      m.matches, wins, points, m.deals_per_match.mean, m.largest_multiplier, m.unfinished_deals);
  }
  md += "\n";
}

void markdown_games_table(std::string& md, const Comparison& c) {
  const GamesComparison& g = *c.games;
  md += fmt::format("Recorded games: {} checked, {} judged differently.\n\n", g.checked, g.differing.size());
  if (g.differing.empty()) return;
  md += fmt::format("| game | under `{}` | under `{}` | first diverging move |\n|---|---|---|---|\n", c.a, c.b);
  for (const auto& d : g.differing)
    md += fmt::format("| {} | {} | {} | {} |\n", d.id, verdict_words(d.a), verdict_words(d.b), d.first_diverging_move);
  md += "\n";
}

void markdown_comparisons(std::string& md, const DiffReport& report) {
  md += fmt::format("## Differences\n\nTwo-proportion z-tests for rates, Welch's z for mean {}; **bold**: p < {}.\n\n",
                    pan_report(report) ? "lengths and chips" : "lengths", report.alpha);
  for (const Comparison& c : report.comparisons) {
    md += fmt::format("### `{}` vs `{}`\n\n", c.a, c.b);
    if (c.note) md += "> " + *c.note + "\n\n";
    md +=
        fmt::format("| measure | `{}` | `{}` | difference (95 % CI) | z | p |\n|---|---|---|---|---|---|\n", c.a, c.b);
    for (const Test& t : c.tests) {
      auto val = [&](double v) { return test_value(t.measure, v); };
      const std::string diff = test_difference(t.measure, t.z.diff, t.z.diff_ci.low, t.z.diff_ci.high);
      std::string p = p_value(t.z.p);
      if (t.significant) p = "**" + p + "**";
      md += fmt::format("| {} | {} | {} | {} | {:.2f} | {} |\n", test_name(t.measure), val(t.a), val(t.b), diff, t.z.z,
                        p);
    }
    md += "\n";
    md += "Property verdicts: " + c.properties.note + ".\n\n";
    if (c.games) markdown_games_table(md, c);
  }
}

// Panguingue's report: the house rules' money, the drops, how deals end, each seat's chips.

void pan_header(std::string& md, const DiffReport& report) {
  md += "# " + report_title(report) + "\n\n";
  std::string names;
  for (const auto& r : report.rulesets) names += (names.empty() ? "" : ", ") + fmt::format("`{}`", r.rules->name);
  md += fmt::format("{} played on the same {} shuffled packs (seed {}) by the same players: {}.\n\n", names,
                    report.deals, report.seed, players_words(report));
  md += fmt::format("Command: `{}`\n\n", report.command);
  for (const auto& n : report.notes) md += "> " + n + "\n\n";
  md +=
      "Rates are shown with their 95 % Wilson interval in parentheses. Chips are a seat's net chips (the ante, "
      "conditions collected and paid, the drop forfeit, going out): + won, - paid.\n\n";
  auto lines = glance(report);
  if (lines.empty()) return;
  md += "## At a glance\n\n";
  for (const auto& l : lines) md += "- " + l + "\n";
  md += "\n";
}

void pan_rulesets_markdown(std::string& md, const DiffReport& report) {
  md += "## The rulesets\n\n| ruleset | seats | hand | target | force | packs and chips |\n|---|---|---|---|---|---|\n";
  for (const auto& r : report.rulesets) {
    const Ruleset& f = *r.rules;
    md += fmt::format("| `{}` | {} | {} | {} | {} | {} |\n", f.name, r.seats, f.hand, f.target, pan_force_words(f),
                      pan_terms_words(f));
  }
  md += "\n";
}

void pan_ends_table(std::string& md, const DiffReport& report) {
  md +=
      "## How a deal ends\n\nA seat goes out when its table reaches the target; a deal is also won by the one seat "
      "left when every other seat drops, and drawn when the stock runs out (or every seat drops).\n\n"
      "| ruleset | deals | a seat goes out | every other seat dropped | drawn | first to play wins |\n"
      "|---|---|---|---|---|---|\n";
  for (const auto& r : report.rulesets)
    md += fmt::format("| `{}` | {} | {} | {} | {} | {} |\n", r.rules->name, r.deals, rate_with_ci(r.went_out),
                      rate_with_ci(r.last_in), rate_with_ci(r.draws), rate_with_ci(r.order_wins[0]));
  md += "\n";
}

void pan_drops_table(std::string& md, const DiffReport& report) {
  md +=
      "## Drops\n\nOf every seat's deals, how often the seat drops (pays the forfeit into the pot and takes no "
      "part).\n\n| ruleset | seats that drop | drops | seats' deals |\n|---|---|---|---|\n";
  for (const auto& r : report.rulesets)
    md += fmt::format("| `{}` | {} | {} | {} |\n", r.rules->name, rate_with_ci(r.drops), r.drops.count, r.drops.of);
  md += "\n";
}

void pan_seats_table(std::string& md, const DiffReport& report) {
  md +=
      "## Chips by seat\n\nEach seat's net chips a deal with the 95 % interval of the mean, and over every deal; "
      "the deal passes round the table, so every seat deals in turn.\n\n"
      "| ruleset | seat | player | chips a deal | chips in all | drops | wins |\n|---|---|---|---|---|---|---|\n";
  for (const auto& r : report.rulesets)
    for (std::size_t s = 0; s < r.seat_chips.size(); ++s)
      md += fmt::format("| `{}` | seat {} | {} | {} | {} | {} | {} |\n", r.rules->name, s, report.players[s],
                        chips_with_ci(r.seat_chips[s]), signed_chips(r.seat_chips_total[s]),
                        rate_with_ci(r.seat_drops[s]), rate_with_ci(r.seat_wins[s]));
  md += "\n";
}

void pan_money_table(std::string& md, const DiffReport& report) {
  md +=
      "## Conditions and the pot\n\nConditions paid: the chips every take's conditions collect, from every seat "
      "that pays them, a deal. The pot: the antes and drop forfeits the winner takes; a drawn deal leaves it.\n\n"
      "| ruleset | conditions paid a deal: mean (sd) | median | 90th percentile | max | pot taken by the winner: "
      "mean | pot left: mean a deal |\n|---|---|---|---|---|---|---|\n";
  for (const auto& r : report.rulesets) {
    const Summary& c = r.conditions;
    md += fmt::format("| `{}` | {:.2f} ({:.2f}) | {} | {} | {} | {:.2f} | {:.2f} |\n", r.rules->name, c.mean, c.sd,
                      c.median, c.p90, c.max, r.pot_taken.mean, r.pot.mean);
  }
  md += "\n";
}

void pan_length_table(std::string& md, const DiffReport& report) {
  md +=
      "## How long a deal runs\n\nMoves are record moves (declarations, turns, takes, passes, forces); cards "
      "turned are cards taken from the stock.\n\n"
      "| ruleset | moves: mean (sd) | median | 10th–90th percentile | min–max | cards turned: mean | forces a deal "
      "|\n|---|---|---|---|---|---|---|\n";
  for (const auto& r : report.rulesets) {
    const Summary& m = r.moves;
    md += fmt::format("| `{}` | {:.1f} ({:.1f}) | {} | {}–{} | {}–{} | {:.1f} | {:.3f} |\n", r.rules->name, m.mean,
                      m.sd, m.median, m.p10, m.p90, m.min, m.max, r.turned.mean, r.forcing.per_deal);
  }
  md += "\n";
}

}  // namespace

std::string diff_report_markdown(const DiffReport& report) {
  std::string md;
  if (pan_report(report)) {
    pan_header(md, report);
    pan_rulesets_markdown(md, report);
    pan_ends_table(md, report);
    pan_drops_table(md, report);
    pan_seats_table(md, report);
    pan_money_table(md, report);
    pan_length_table(md, report);
    markdown_comparisons(md, report);
    return md;
  }
  header(md, report);
  markdown_rulesets_table(md, report);
  outcomes_table(md, report);
  length_table(md, report);
  forcing_table(md, report);
  match_table(md, report);
  markdown_comparisons(md, report);
  return md;
}

}  // namespace conquian::batch
