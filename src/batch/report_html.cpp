#include "batch/report_html.h"

#include <fmt/format.h>

#include "batch/report_text.h"
#include "batch/svg_chart.h"
#include "record/html_escape.h"
#include "replay/chips_words.h"
#include "replay/game_of.h"

namespace conquian::batch {
namespace {

using namespace text;
using svg::escape;

const char* kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};
const char* kOrderColors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd"};
const char* kDrawColor = "#7f7f7f";

const char* kStyle = R"(
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; max-width: 1060px; margin: 24px auto;
       padding: 0 16px; color: #222; line-height: 1.45; }
h1 { font-size: 26px; margin-bottom: 4px; } h2 { font-size: 20px; margin-top: 34px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
h3 { font-size: 16px; margin-top: 22px; }
table { border-collapse: collapse; margin: 10px 0 16px; font-size: 13.5px; }
th, td { border: 1px solid #d6d6d6; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f3f5f7; } td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.sig td { background: #fff6d6; } td code { white-space: nowrap; } .sub { color: #555; } code { background: #f2f2f2; padding: 0 3px; border-radius: 3px; }
.note { border-left: 4px solid #e0a800; background: #fffbea; padding: 6px 10px; margin: 8px 0; }
.chart { display: block; margin: 8px 0 4px; max-width: 100%; height: auto; } .caption { color: #555; font-size: 13px; }
.swatch { display: inline-block; width: 11px; height: 11px; margin-right: 4px; vertical-align: -1px; }
td.name { white-space: nowrap; }
)";

// The style: kStyle, and a swatch class for each colour of kPalette.
std::string page_style() {
  std::string style = kStyle;
  for (std::size_t i = 0; i < 8; ++i) style += fmt::format(".swatch-{} {{ background: {}; }}\n", i, kPalette[i]);
  return style;
}

const std::string& name_of(const RulesetFigures& r) { return r.rules->name; }

std::string td(const std::string& text, bool num = false) {
  return fmt::format("<td{}>{}</td>", num ? " class=\"num\"" : "", text);
}

std::string rate_cell(const Rate& r) { return td(escape(rate_with_ci(r)), true); }

svg::Bar bar(std::string label, const Rate& r, std::string color) {
  return {std::move(label), r.rate, r.ci95.low, r.ci95.high, std::move(color)};
}

void intro(std::string& h, const DiffReport& report) {
  std::string names;
  for (const auto& r : report.rulesets)
    names += (names.empty() ? "" : ", ") + fmt::format("<code>{}</code>", escape(name_of(r)));
  std::string players;
  for (std::size_t s = 0; s < report.players.size(); ++s)
    players += (players.empty() ? "" : ", ") + fmt::format("seat {} {}", s, escape(report.players[s]));
  h += "<h1>" + report_title(report) + "</h1>\n";
  h += fmt::format(
      "<p class=\"sub\">{} played on the same {} shuffled decks (seed {}), the same players in every ruleset: {}. "
      "The deal passes round the table: in deal <i>i</i> seat <i>i</i> mod seats deals.</p>\n",
      names, report.deals, report.seed, players);
  h += fmt::format("<p class=\"sub\">Command: <code>{}</code></p>\n", escape(report.command));
  for (const auto& n : report.notes) h += "<div class=\"note\">" + escape(n) + "</div>\n";
  h += "<p class=\"sub\">Every rate carries its 95&nbsp;% Wilson interval (in parentheses, and as whiskers in the "
       "charts).</p>\n";
  auto lines = glance(report);
  if (lines.empty()) return;
  h += "<h2>At a glance</h2>\n<ul>\n";
  for (const auto& l : lines) h += "<li>" + escape(l) + "</li>\n";
  h += "</ul>\n";
}

void rulesets_table(std::string& h, const DiffReport& report) {
  h += "<h2>The rulesets</h2>\n<table><tr><th>ruleset</th><th>what it is</th><th>deck</th><th>seats</th><th>hand</th>"
       "<th>target</th><th>swap</th><th>forcing</th><th>scoring</th></tr>\n";
  std::size_t i = 0;
  for (const auto& r : report.rulesets) {
    const Ruleset& f = *r.rules;
    // A class per colour, not a style attribute: the page's policy allows its one <style> only.
    h += fmt::format("<tr><td class=\"name\"><span class=\"swatch swatch-{}\"></span><code>{}</code></td>", i++ % 8,
                     escape(name_of(r))) +
         td(escape(f.description)) + td(escape(f.deck.name())) + td(std::to_string(r.seats), true) +
         td(std::to_string(f.hand), true) + td(std::to_string(f.target), true) + td(f.swap ? "yes" : "no") +
         td(escape(forcing_rules(f))) +
         td(escape(game_facts(f).settles_in_chips ? pan_terms_words(f) : scoring_words(f))) + "</tr>\n";
  }
  h += "</table>\n";
}

void outcomes(std::string& h, const DiffReport& report) {
  h += "<h2>Who wins a deal, and how often it is drawn</h2>\n";
  std::vector<svg::BarGroup> groups;
  for (const auto& r : report.rulesets) {
    svg::BarGroup g{name_of(r), {}};
    for (std::size_t k = 0; k < r.order_wins.size(); ++k)
      g.bars.push_back(bar(order_name(static_cast<int>(k)) + " wins", r.order_wins[k], kOrderColors[k % 4]));
    g.bars.push_back(bar("drawn (tablas)", r.draws, kDrawColor));
    groups.push_back(std::move(g));
  }
  h += svg::bar_chart(groups);
  h += "<p class=\"caption\">Share of all deals won by the seat that plays first (the seat after the dealer), second, "
       "..., "
       "and share drawn because the stock ran out. Whiskers: 95&nbsp;% intervals.</p>\n";
  h += "<table><tr><th>ruleset</th><th>deals</th><th>first to play wins</th><th>second to play wins</th><th>drawn</th>"
       "<th>wins by seat (player)</th></tr>\n";
  for (const auto& r : report.rulesets) {
    std::string seats;
    for (std::size_t s = 0; s < r.seat_wins.size(); ++s)
      seats += fmt::format("{}seat {} ({}): {}", seats.empty() ? "" : "<br>", s, escape(report.players[s]),
                           escape(rate_with_ci(r.seat_wins[s])));
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(std::to_string(r.deals), true) +
         rate_cell(r.order_wins[0]) + rate_cell(r.order_wins[1]) + rate_cell(r.draws) + td(seats, true) + "</tr>\n";
  }
  h += "</table>\n";
}

void lengths(std::string& h, const DiffReport& report) {
  h += "<h2>How long a deal runs</h2>\n";
  std::vector<svg::Series> series;
  int width = 1;
  std::size_t i = 0;
  for (const auto& r : report.rulesets) {
    const Histogram& hist = r.moves_histogram;
    width = hist.bin_width;
    double n = std::max(1.0, static_cast<double>(r.deals));
    svg::Series se{name_of(r), kPalette[i++ % 8], {}};
    for (std::uint64_t c : hist.counts) se.shares.push_back(static_cast<double>(c) / n);
    series.push_back(std::move(se));
  }
  h += svg::distribution_chart(series, width, fmt::format("moves in the deal (bins of {})", width));
  h += pan_report(report) ? "<p class=\"caption\">Distribution of deal length in record moves (declarations, turns, "
                            "takes, passes, forces). Drawn deals run the stock out and sit at the long end.</p>\n"
                          : "<p class=\"caption\">Distribution of deal length in record moves (turns, takes, passes, "
                            "forces, swaps). Drawn deals run the stock out and sit at the long end.</p>\n";
  // Panguingue has no forcing table: its forces a deal stand here.
  const bool pan = pan_report(report);
  h += "<table><tr><th>ruleset</th><th>moves: mean</th><th>sd</th><th>median</th><th>10th–90th percentile</th>"
       "<th>min–max</th><th>cards turned: mean</th>";
  h += pan ? "<th>forces a deal</th></tr>\n" : "</tr>\n";
  for (const auto& r : report.rulesets) {
    const Summary& m = r.moves;
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(fmt::format("{:.1f}", m.mean), true) +
         td(fmt::format("{:.1f}", m.sd), true) + td(std::to_string(m.median), true) +
         td(fmt::format("{}–{}", m.p10, m.p90), true) + td(fmt::format("{}–{}", m.min, m.max), true) +
         td(fmt::format("{:.1f}", r.turned.mean), true);
    h += pan ? td(fmt::format("{:.3f}", r.forcing.per_deal), true) + "</tr>\n" : "</tr>\n";
  }
  h += "</table>\n";
}

void forcing(std::string& h, const DiffReport& report) {
  h += "<h2>How often forcing bites, and what it does</h2>\n";
  std::vector<svg::BarGroup> groups;
  std::size_t i = 0;
  for (const auto& r : report.rulesets) {
    const ForcingFigures& f = r.forcing;
    svg::BarGroup g{name_of(r) + " (forcing: " + forcing_rules(*r.rules) + ")", {}};
    g.bars.push_back(bar("deals with a force", f.deals_with_force, kPalette[i++ % 8]));
    if (f.events > 0) g.bars.push_back(bar("forced seat won", f.forced_seat_won, "#bbbbbb"));
    groups.push_back(std::move(g));
  }
  h += svg::bar_chart(groups);
  h += "<p class=\"caption\">A force event is a force (rule decline or offer) or a hit. \"Forced seat won\": the share "
       "of "
       "events after which the seat forced (or hit) went on to win the deal.</p>\n";
  h += "<table><tr><th>ruleset</th><th>allowed</th><th>deals with an event</th><th>events per deal</th><th>decline</th>"
       "<th>offer</th><th>hit</th><th>forced seat won</th><th>forcing seat won</th><th>drawn</th></tr>\n";
  for (const auto& r : report.rulesets) {
    const ForcingFigures& f = r.forcing;
    auto eff = [&](const Rate& rate) { return f.events > 0 ? rate_cell(rate) : td("–"); };
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(escape(forcing_rules(*r.rules))) +
         rate_cell(f.deals_with_force) + td(fmt::format("{:.3f}", f.per_deal), true) +
         td(std::to_string(f.decline_forces), true) + td(std::to_string(f.offer_forces), true) +
         td(std::to_string(f.hits), true) + eff(f.forced_seat_won) + eff(f.forcing_seat_won) + eff(f.drawn) + "</tr>\n";
  }
  h += "</table>\n";
}

void matches(std::string& h, const DiffReport& report) {
  h += "<h2>Matches under each ruleset's scoring</h2>\n";
  std::vector<svg::BarGroup> groups;
  for (const auto& r : report.rulesets) {
    svg::BarGroup g{name_of(r) + " (" + scoring_words(*r.rules) + ")", {}};
    for (std::size_t s = 0; s < r.match.wins.size(); ++s)
      g.bars.push_back(bar(fmt::format("seat {} wins the match", s), r.match.wins[s], kOrderColors[s % 4]));
    groups.push_back(std::move(g));
  }
  h += svg::bar_chart(groups);
  h +=
      "<p class=\"caption\">Consecutive deals form matches: a won deal scores the stake (or the loser's hand points), "
      "multiplied after draws as the ruleset says; a seat reaching the match target wins and a new match starts.</p>\n";
  h += "<table><tr><th>ruleset</th><th>scoring</th><th>matches</th><th>match wins by seat</th><th>points per deal by "
       "seat</th>"
       "<th>deals per match</th><th>largest multiplier</th><th>deals left over</th></tr>\n";
  for (const auto& r : report.rulesets) {
    const MatchFigures& m = r.match;
    std::string wins, points;
    for (std::size_t s = 0; s < m.wins.size(); ++s)
      wins += fmt::format("{}seat {}: {}", wins.empty() ? "" : "<br>", s, escape(rate_with_ci(m.wins[s])));
    for (std::size_t s = 0; s < m.points.size(); ++s)
      points += fmt::format("{}seat {}: {:.2f}", points.empty() ? "" : "<br>", s, m.points[s].per_deal);
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(escape(scoring_words(*r.rules))) +
         td(std::to_string(m.matches), true) + td(wins, true) + td(points, true) +
         td(fmt::format("{:.2f}", m.deals_per_match.mean), true) + td(std::to_string(m.largest_multiplier), true) +
         td(std::to_string(m.unfinished_deals), true) + "</tr>\n";
  }
  h += "</table>\n";
}

// With the reason, which the Markdown table leaves out.
std::string verdict_with_reason(const check::GameVerdict& v) {
  std::string s = verdict_words(v);
  if (v.judgement != check::Judgement::Legal) s += ": " + v.message;
  return escape(s);
}

void games_table(std::string& h, const Comparison& c) {
  const GamesComparison& g = *c.games;
  h += fmt::format("<p>Recorded games: {} checked under both, {} judged differently.</p>\n", g.checked,
                   g.differing.size());
  if (g.differing.empty()) return;
  h += fmt::format(
      "<table><tr><th>game</th><th>under <code>{}</code></th><th>under <code>{}</code></th>"
      "<th>first diverging move</th></tr>\n",
      escape(c.a), escape(c.b));
  for (const auto& d : g.differing)
    h += "<tr>" + td(escape(d.id)) + td(verdict_with_reason(d.a)) + td(verdict_with_reason(d.b)) +
         td(std::to_string(d.first_diverging_move), true) + "</tr>\n";
  h += "</table>\n";
}

void comparison(std::string& h, const Comparison& c) {
  h += fmt::format("<h3><code>{}</code> vs <code>{}</code></h3>\n", escape(c.a), escape(c.b));
  if (c.note) h += "<div class=\"note\">" + escape(*c.note) + "</div>\n";
  h += fmt::format(
      "<table><tr><th>measure</th><th><code>{}</code></th><th><code>{}</code></th><th>difference (95&nbsp;% CI)</th>"
      "<th>z</th><th>p</th></tr>\n",
      escape(c.a), escape(c.b));
  for (const Test& t : c.tests) {
    auto val = [&](double v) { return test_value(t.measure, v); };
    const std::string diff = test_difference(t.measure, t.z.diff, t.z.diff_ci.low, t.z.diff_ci.high);
    h += fmt::format("<tr{}>", t.significant ? " class=\"sig\"" : "") + td(escape(test_name(t.measure))) +
         td(val(t.a), true) + td(val(t.b), true) + td(escape(diff), true) + td(fmt::format("{:.2f}", t.z.z), true) +
         td(escape(p_value(t.z.p)), true) + "</tr>\n";
  }
  h += "</table>\n";
  h += "<p class=\"sub\">Property verdicts: " + escape(c.properties.note) + ".</p>\n";
  if (c.games) games_table(h, c);
}

void comparisons(std::string& h, const DiffReport& report) {
  h += "<h2>Differences between the rulesets</h2>\n";
  h += fmt::format(
      "<p class=\"sub\">Rates: two-proportion z-test (pooled); {}: Welch's z on the means. "
      "Highlighted rows: p &lt; {}. With many rows some small p-values arise by chance.</p>\n",
      pan_report(report) ? "deal length and chips" : "deal length", report.alpha);
  for (const Comparison& c : report.comparisons) comparison(h, c);
}

// Panguingue's page: the house rules' money, the drops, how deals end, each seat's chips.

void pan_intro(std::string& h, const DiffReport& report) {
  std::string names;
  for (const auto& r : report.rulesets)
    names += (names.empty() ? "" : ", ") + fmt::format("<code>{}</code>", escape(name_of(r)));
  h += "<h1>" + report_title(report) + "</h1>\n";
  h += fmt::format(
      "<p class=\"sub\">{} played on the same {} shuffled packs (seed {}), the same players in every ruleset: "
      "{}.</p>\n",
      names, report.deals, report.seed, escape(players_words(report)));
  h += fmt::format("<p class=\"sub\">Command: <code>{}</code></p>\n", escape(report.command));
  for (const auto& n : report.notes) h += "<div class=\"note\">" + escape(n) + "</div>\n";
  h += "<p class=\"sub\">Every rate carries its 95&nbsp;% Wilson interval (in parentheses, and as whiskers in the "
       "charts). Chips are a seat's net chips (the ante, conditions collected and paid, the drop forfeit, going "
       "out): + won, - paid.</p>\n";
  auto lines = glance(report);
  if (lines.empty()) return;
  h += "<h2>At a glance</h2>\n<ul>\n";
  for (const auto& l : lines) h += "<li>" + escape(l) + "</li>\n";
  h += "</ul>\n";
}

void pan_rulesets_html(std::string& h, const DiffReport& report) {
  h += "<h2>The rulesets</h2>\n<table><tr><th>ruleset</th><th>what it is</th><th>seats</th><th>hand</th>"
       "<th>target</th><th>force</th><th>packs and chips</th></tr>\n";
  std::size_t i = 0;
  for (const auto& r : report.rulesets) {
    const Ruleset& f = *r.rules;
    h += fmt::format("<tr><td class=\"name\"><span class=\"swatch swatch-{}\"></span><code>{}</code></td>", i++ % 8,
                     escape(name_of(r))) +
         td(escape(f.description)) + td(std::to_string(r.seats), true) + td(std::to_string(f.hand), true) +
         td(std::to_string(f.target), true) + td(escape(pan_force_words(f))) + td(escape(pan_terms_words(f))) +
         "</tr>\n";
  }
  h += "</table>\n";
}

void pan_ends(std::string& h, const DiffReport& report) {
  h += "<h2>How a deal ends</h2>\n";
  std::vector<svg::BarGroup> groups;
  for (const auto& r : report.rulesets) {
    svg::BarGroup g{name_of(r), {}};
    g.bars.push_back(bar("a seat goes out", r.went_out, kOrderColors[0]));
    g.bars.push_back(bar("every other seat dropped", r.last_in, kOrderColors[1]));
    g.bars.push_back(bar("drawn", r.draws, kDrawColor));
    groups.push_back(std::move(g));
  }
  h += svg::bar_chart(groups);
  h += "<p class=\"caption\">Share of deals a seat wins by going out (its table reaches the target), won by the one "
       "seat left when every other seat drops, and drawn (the stock ran out, or every seat dropped). Whiskers: "
       "95&nbsp;% intervals.</p>\n";
  h += "<table><tr><th>ruleset</th><th>deals</th><th>a seat goes out</th><th>every other seat dropped</th>"
       "<th>drawn</th><th>first to play wins</th></tr>\n";
  for (const auto& r : report.rulesets)
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(std::to_string(r.deals), true) +
         rate_cell(r.went_out) + rate_cell(r.last_in) + rate_cell(r.draws) + rate_cell(r.order_wins[0]) + "</tr>\n";
  h += "</table>\n";
}

void pan_drops(std::string& h, const DiffReport& report) {
  h += "<h2>Drops</h2>\n";
  std::vector<svg::BarGroup> groups;
  for (const auto& r : report.rulesets) {
    svg::BarGroup g{name_of(r), {}};
    g.bars.push_back(bar("every seat", r.drops, kDrawColor));
    for (std::size_t s = 0; s < r.seat_drops.size(); ++s)
      g.bars.push_back(bar(fmt::format("seat {} drops", s), r.seat_drops[s], kOrderColors[s % 4]));
    groups.push_back(std::move(g));
  }
  h += svg::bar_chart(groups);
  h += "<p class=\"caption\">How often a seat drops (pays the forfeit into the pot and takes no part): of every "
       "seat's deals, and seat by seat. Whiskers: 95&nbsp;% intervals.</p>\n";
  h += "<table><tr><th>ruleset</th><th>seats that drop</th><th>drops</th><th>seats' deals</th></tr>\n";
  for (const auto& r : report.rulesets)
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + rate_cell(r.drops) +
         td(std::to_string(r.drops.count), true) + td(std::to_string(r.drops.of), true) + "</tr>\n";
  h += "</table>\n";
}

void pan_seats(std::string& h, const DiffReport& report) {
  h += "<h2>Chips by seat</h2>\n";
  h += "<p class=\"caption\">Each seat's net chips a deal with the 95&nbsp;% interval of the mean, and over every "
       "deal; the deal passes round the table, so every seat deals in turn.</p>\n";
  h += "<table><tr><th>ruleset</th><th>seat</th><th>player</th><th>chips a deal</th><th>chips in all</th>"
       "<th>drops</th><th>wins</th></tr>\n";
  for (const auto& r : report.rulesets)
    for (std::size_t s = 0; s < r.seat_chips.size(); ++s)
      h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(fmt::format("seat {}", s)) +
           td(escape(report.players[s])) + td(escape(chips_with_ci(r.seat_chips[s])), true) +
           td(signed_chips(r.seat_chips_total[s]), true) + rate_cell(r.seat_drops[s]) + rate_cell(r.seat_wins[s]) +
           "</tr>\n";
  h += "</table>\n";
}

void pan_money(std::string& h, const DiffReport& report) {
  h += "<h2>Conditions and the pot</h2>\n";
  h += "<p class=\"caption\">Conditions paid: the chips every take's conditions collect, from every seat that pays "
       "them, a deal. The pot: the antes and drop forfeits the winner takes; a drawn deal leaves it.</p>\n";
  h += "<table><tr><th>ruleset</th><th>conditions paid a deal: mean</th><th>sd</th><th>median</th>"
       "<th>90th percentile</th><th>max</th><th>pot taken by the winner: mean</th><th>pot left: mean a deal</th>"
       "</tr>\n";
  for (const auto& r : report.rulesets) {
    const Summary& c = r.conditions;
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(fmt::format("{:.2f}", c.mean), true) +
         td(fmt::format("{:.2f}", c.sd), true) + td(std::to_string(c.median), true) + td(std::to_string(c.p90), true) +
         td(std::to_string(c.max), true) + td(fmt::format("{:.2f}", r.pot_taken.mean), true) +
         td(fmt::format("{:.2f}", r.pot.mean), true) + "</tr>\n";
  }
  h += "</table>\n";
}

}  // namespace

std::string diff_report_html(const DiffReport& report) {
  // No script at all, and only its own style: a ruleset's name or description cannot run,
  // load or style anything.
  const std::string style = page_style();
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n" +
                  record::html::csp_meta({}, {style}) + "\n<title>Rulesets compared</title>\n<style>";
  h += style;
  h += "</style></head><body>\n";
  if (pan_report(report)) {
    pan_intro(h, report);
    pan_rulesets_html(h, report);
    pan_ends(h, report);
    pan_drops(h, report);
    pan_seats(h, report);
    pan_money(h, report);
    lengths(h, report);
  } else {
    intro(h, report);
    rulesets_table(h, report);
    outcomes(h, report);
    lengths(h, report);
    forcing(h, report);
    matches(h, report);
  }
  comparisons(h, report);
  h += "<p class=\"sub\">The full numbers are in report.json beside this page (format: specs/diff-report.md).</p>\n";
  h += "</body></html>\n";
  return h;
}

}  // namespace conquian::batch
