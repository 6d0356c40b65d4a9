#include "batch/report_html.h"

#include <fmt/format.h>

#include "batch/report_text.h"
#include "batch/svg_chart.h"

namespace conquian::batch {
namespace {

using nlohmann::json;
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
)";

std::string name_of(const json& r) { return r["ruleset"]["name"].get<std::string>(); }

std::string td(const std::string& text, bool num = false) {
  return fmt::format("<td{}>{}</td>", num ? " class=\"num\"" : "", text);
}

std::string rate_cell(const json& r) { return td(escape(rate_with_ci(r)), true); }

void intro(std::string& h, const json& report) {
  std::string names;
  for (const auto& r : report["rulesets"]) names += (names.empty() ? "" : ", ") + fmt::format("<code>{}</code>", escape(name_of(r)));
  std::string players;
  for (std::size_t s = 0; s < report["players"].size(); ++s)
    players += (players.empty() ? "" : ", ") + fmt::format("seat {} {}", s, escape(report["players"][s].get<std::string>()));
  h += "<h1>Conquian rulesets compared</h1>\n";
  h += fmt::format("<p class=\"sub\">{} played on the same {} shuffled decks (seed {}), the same players in every ruleset: {}. "
                   "The deal passes round the table: in deal <i>i</i> seat <i>i</i> mod seats deals.</p>\n",
                   names, report["deals"].get<std::uint64_t>(), report["seed"].get<std::uint64_t>(), players);
  h += fmt::format("<p class=\"sub\">Command: <code>{}</code></p>\n", escape(report["command"].get<std::string>()));
  for (const auto& n : report["notes"]) h += "<div class=\"note\">" + escape(n.get<std::string>()) + "</div>\n";
  h += "<p class=\"sub\">Every rate carries its 95&nbsp;% Wilson interval (in parentheses, and as whiskers in the charts).</p>\n";
  auto lines = glance(report);
  if (lines.empty()) return;
  h += "<h2>At a glance</h2>\n<ul>\n";
  for (const auto& l : lines) h += "<li>" + escape(l) + "</li>\n";
  h += "</ul>\n";
}

void rulesets_table(std::string& h, const json& report) {
  h += "<h2>The rulesets</h2>\n<table><tr><th>ruleset</th><th>what it is</th><th>deck</th><th>seats</th><th>hand</th>"
       "<th>target</th><th>swap</th><th>forcing</th><th>scoring</th></tr>\n";
  std::size_t i = 0;
  for (const auto& r : report["rulesets"]) {
    const json& f = r["ruleset"];
    h += fmt::format("<tr><td style=\"white-space:nowrap\"><span class=\"swatch\" style=\"background:{}\"></span><code>{}</code></td>",
                     kPalette[i++ % 8], escape(name_of(r))) +
         td(escape(f["description"].get<std::string>())) + td(escape(f["deck"].get<std::string>())) +
         td(std::to_string(f["seats"].get<int>()), true) + td(std::to_string(f["hand"].get<int>()), true) +
         td(std::to_string(f["target"].get<int>()), true) + td(f["swap"].get<bool>() ? "yes" : "no") +
         td(escape(forcing_rules(f))) + td(escape(scoring_words(f))) + "</tr>\n";
  }
  h += "</table>\n";
}

void outcomes(std::string& h, const json& report) {
  h += "<h2>Who wins a deal, and how often it is drawn</h2>\n";
  std::vector<svg::BarGroup> groups;
  for (const auto& r : report["rulesets"]) {
    svg::BarGroup g{name_of(r), {}};
    for (const auto& o : r["order_wins"]) {
      int k = o["order"].get<int>();
      g.bars.push_back({order_name(k) + " wins", o["rate"], o["ci95"][0], o["ci95"][1], kOrderColors[k % 4]});
    }
    const json& d = r["draws"];
    g.bars.push_back({"drawn (tablas)", d["rate"], d["ci95"][0], d["ci95"][1], kDrawColor});
    groups.push_back(std::move(g));
  }
  h += svg::bar_chart(groups);
  h += "<p class=\"caption\">Share of all deals won by the seat that plays first (the seat after the dealer), second, ..., "
       "and share drawn because the stock ran out. Whiskers: 95&nbsp;% intervals.</p>\n";
  h += "<table><tr><th>ruleset</th><th>deals</th><th>first to play wins</th><th>second to play wins</th><th>drawn</th>"
       "<th>wins by seat (player)</th></tr>\n";
  for (const auto& r : report["rulesets"]) {
    std::string seats;
    for (const auto& s : r["seat_wins"])
      seats += fmt::format("{}seat {} ({}): {}", seats.empty() ? "" : "<br>", s["seat"].get<int>(),
                           escape(s["player"].get<std::string>()), escape(rate_with_ci(s)));
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(std::to_string(r["deals"].get<std::uint64_t>()), true) +
         rate_cell(r["order_wins"][0]) + rate_cell(r["order_wins"][1]) + rate_cell(r["draws"]) + td(seats, true) + "</tr>\n";
  }
  h += "</table>\n";
}

void lengths(std::string& h, const json& report) {
  h += "<h2>How long a deal runs</h2>\n";
  std::vector<svg::Series> series;
  int width = 1;
  std::size_t i = 0;
  for (const auto& r : report["rulesets"]) {
    const json& hist = r["deal_length"]["moves_histogram"];
    width = hist["bin_width"].get<int>();
    double n = std::max(1.0, static_cast<double>(r["deals"].get<std::uint64_t>()));
    svg::Series se{name_of(r), kPalette[i++ % 8], {}};
    for (const auto& c : hist["counts"]) se.shares.push_back(static_cast<double>(c.get<std::uint64_t>()) / n);
    series.push_back(std::move(se));
  }
  h += svg::distribution_chart(series, width, fmt::format("moves in the deal (bins of {})", width));
  h += "<p class=\"caption\">Distribution of deal length in record moves (turns, takes, passes, forces, swaps). "
       "Drawn deals run the stock out and sit at the long end.</p>\n";
  h += "<table><tr><th>ruleset</th><th>moves: mean</th><th>sd</th><th>median</th><th>10th–90th percentile</th>"
       "<th>min–max</th><th>cards turned: mean</th></tr>\n";
  for (const auto& r : report["rulesets"]) {
    const json& m = r["deal_length"]["moves"];
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(fmt::format("{:.1f}", m["mean"].get<double>()), true) +
         td(fmt::format("{:.1f}", m["sd"].get<double>()), true) + td(std::to_string(m["median"].get<int>()), true) +
         td(fmt::format("{}–{}", m["p10"].get<int>(), m["p90"].get<int>()), true) +
         td(fmt::format("{}–{}", m["min"].get<int>(), m["max"].get<int>()), true) +
         td(fmt::format("{:.1f}", r["deal_length"]["turned"]["mean"].get<double>()), true) + "</tr>\n";
  }
  h += "</table>\n";
}

void forcing(std::string& h, const json& report) {
  h += "<h2>How often forcing bites, and what it does</h2>\n";
  std::vector<svg::BarGroup> groups;
  std::size_t i = 0;
  for (const auto& r : report["rulesets"]) {
    const json& f = r["forcing"];
    svg::BarGroup g{name_of(r) + " (forcing: " + forcing_rules(r["ruleset"]) + ")", {}};
    const json& d = f["deals_with_force"];
    g.bars.push_back({"deals with a force", d["rate"], d["ci95"][0], d["ci95"][1], kPalette[i++ % 8]});
    if (f["effect"]["events"].get<std::uint64_t>() > 0) {
      const json& w = f["effect"]["forced_seat_won"];
      g.bars.push_back({"forced seat won", w["rate"], w["ci95"][0], w["ci95"][1], "#bbbbbb"});
    }
    groups.push_back(std::move(g));
  }
  h += svg::bar_chart(groups);
  h += "<p class=\"caption\">A force event is a force (rule decline or offer) or a hit. \"Forced seat won\": the share of "
       "events after which the seat forced (or hit) went on to win the deal.</p>\n";
  h += "<table><tr><th>ruleset</th><th>allowed</th><th>deals with an event</th><th>events per deal</th><th>decline</th>"
       "<th>offer</th><th>hit</th><th>forced seat won</th><th>forcing seat won</th><th>drawn</th></tr>\n";
  for (const auto& r : report["rulesets"]) {
    const json& f = r["forcing"];
    bool any = f["effect"]["events"].get<std::uint64_t>() > 0;
    auto eff = [&](const char* k) { return any ? rate_cell(f["effect"][k]) : td("–"); };
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(escape(forcing_rules(r["ruleset"]))) +
         rate_cell(f["deals_with_force"]) + td(fmt::format("{:.3f}", f["per_deal"].get<double>()), true) +
         td(std::to_string(f["decline_forces"].get<std::uint64_t>()), true) +
         td(std::to_string(f["offer_forces"].get<std::uint64_t>()), true) +
         td(std::to_string(f["hits"].get<std::uint64_t>()), true) + eff("forced_seat_won") + eff("forcing_seat_won") +
         eff("drawn") + "</tr>\n";
  }
  h += "</table>\n";
}

void matches(std::string& h, const json& report) {
  h += "<h2>Matches under each ruleset's scoring</h2>\n";
  std::vector<svg::BarGroup> groups;
  for (const auto& r : report["rulesets"]) {
    svg::BarGroup g{name_of(r) + " (" + scoring_words(r["ruleset"]) + ")", {}};
    for (const auto& w : r["match"]["wins"])
      g.bars.push_back({fmt::format("seat {} wins the match", w["seat"].get<int>()), w["rate"], w["ci95"][0], w["ci95"][1],
                        kOrderColors[w["seat"].get<int>() % 4]});
    groups.push_back(std::move(g));
  }
  h += svg::bar_chart(groups);
  h += "<p class=\"caption\">Consecutive deals form matches: a won deal scores the stake (or the loser's hand points), "
       "multiplied after draws as the ruleset says; a seat reaching the match target wins and a new match starts.</p>\n";
  h += "<table><tr><th>ruleset</th><th>scoring</th><th>matches</th><th>match wins by seat</th><th>points per deal by seat</th>"
       "<th>deals per match</th><th>largest multiplier</th><th>deals left over</th></tr>\n";
  for (const auto& r : report["rulesets"]) {
    const json& m = r["match"];
    std::string wins, points;
    for (const auto& w : m["wins"]) wins += fmt::format("{}seat {}: {}", wins.empty() ? "" : "<br>", w["seat"].get<int>(), escape(rate_with_ci(w)));
    for (const auto& p : m["points"])
      points += fmt::format("{}seat {}: {:.2f}", points.empty() ? "" : "<br>", p["seat"].get<int>(), p["per_deal"].get<double>());
    h += "<tr>" + td("<code>" + escape(name_of(r)) + "</code>") + td(escape(scoring_words(r["ruleset"]))) +
         td(std::to_string(m["matches"].get<std::uint64_t>()), true) + td(wins, true) + td(points, true) +
         td(fmt::format("{:.2f}", m["deals_per_match"]["mean"].get<double>()), true) +
         td(std::to_string(m["largest_multiplier"].get<std::int64_t>()), true) +
         td(std::to_string(m["unfinished_deals"].get<std::uint64_t>()), true) + "</tr>\n";
  }
  h += "</table>\n";
}

std::string verdict_words(const json& v) {
  std::string s = v["verdict"].get<std::string>();
  if (v.contains("move")) s += fmt::format(" at move {}", v["move"].get<int>());
  if (v.contains("code")) s += fmt::format(" ({})", v["code"].get<std::string>());
  if (v.contains("message")) s += ": " + v["message"].get<std::string>();
  return escape(s);
}

void comparison(std::string& h, const json& c, double alpha) {
  std::string a = c["a"].get<std::string>(), b = c["b"].get<std::string>();
  h += fmt::format("<h3><code>{}</code> vs <code>{}</code></h3>\n", escape(a), escape(b));
  if (c.contains("note")) h += "<div class=\"note\">" + escape(c["note"].get<std::string>()) + "</div>\n";
  h += fmt::format("<table><tr><th>measure</th><th><code>{}</code></th><th><code>{}</code></th><th>difference (95&nbsp;% CI)</th>"
                   "<th>z</th><th>p</th></tr>\n", escape(a), escape(b));
  for (const json& t : c["tests"]) {
    const std::string measure = t["measure"].get<std::string>();
    bool length = measure == "deal_length_moves";
    auto val = [&](double v) { return length ? fmt::format("{:.1f}", v) : percent(v); };
    std::string diff = length ? fmt::format("{:+.1f} ({:+.1f} to {:+.1f})", t["diff"].get<double>(), t["ci95"][0].get<double>(), t["ci95"][1].get<double>())
                              : fmt::format("{} ({} to {})", points_diff(t["diff"].get<double>()),
                                            points_diff(t["ci95"][0].get<double>()), points_diff(t["ci95"][1].get<double>()));
    h += fmt::format("<tr{}>", t["significant"].get<bool>() ? " class=\"sig\"" : "") + td(escape(test_name(measure))) +
         td(val(t["a"].get<double>()), true) + td(val(t["b"].get<double>()), true) + td(escape(diff), true) +
         td(fmt::format("{:.2f}", t["z"].get<double>()), true) + td(escape(p_value(t["p"].get<double>())), true) + "</tr>\n";
  }
  h += "</table>\n";
  (void)alpha;
  h += "<p class=\"sub\">Property verdicts: " + escape(c["properties"]["note"].get<std::string>()) + ".</p>\n";
  if (!c.contains("games")) return;
  const json& g = c["games"];
  h += fmt::format("<p>Recorded games: {} checked under both, {} judged differently.</p>\n", g["checked"].get<std::size_t>(),
                   g["differing"].size());
  if (g["differing"].empty()) return;
  h += fmt::format("<table><tr><th>game</th><th>under <code>{}</code></th><th>under <code>{}</code></th>"
                   "<th>first diverging move</th></tr>\n", escape(a), escape(b));
  for (const auto& d : g["differing"])
    h += "<tr>" + td(escape(d["id"].get<std::string>())) + td(verdict_words(d["a"])) + td(verdict_words(d["b"])) +
         td(std::to_string(d["first_diverging_move"].get<int>()), true) + "</tr>\n";
  h += "</table>\n";
}

void comparisons(std::string& h, const json& report) {
  double alpha = report["alpha"].get<double>();
  h += "<h2>Differences between the rulesets</h2>\n";
  h += fmt::format("<p class=\"sub\">Rates: two-proportion z-test (pooled); deal length: Welch's z on the means. "
                   "Highlighted rows: p &lt; {}. With many rows some small p-values arise by chance.</p>\n", alpha);
  for (const auto& c : report["comparisons"]) comparison(h, c, alpha);
}

}  // namespace

std::string diff_report_html(const json& report) {
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Conquian rulesets compared</title>\n<style>";
  h += kStyle;
  h += "</style></head><body>\n";
  intro(h, report);
  rulesets_table(h, report);
  outcomes(h, report);
  lengths(h, report);
  forcing(h, report);
  matches(h, report);
  comparisons(h, report);
  h += "<p class=\"sub\">The full numbers are in report.json beside this page (format: specs/diff-report.md).</p>\n";
  h += "</body></html>\n";
  return h;
}

}  // namespace conquian::batch
