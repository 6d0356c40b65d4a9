#include "batch/report_markdown.h"

#include <fmt/format.h>

#include "batch/report_text.h"

namespace conquian::batch {
namespace {

using nlohmann::json;
using namespace text;

void header(std::string& md, const json& report) {
  md += "# Conquian rulesets compared\n\n";
  std::string names;
  for (const auto& r : report["rulesets"]) names += (names.empty() ? "" : ", ") + fmt::format("`{}`", r["ruleset"]["name"].get<std::string>());
  std::string players;
  for (const auto& p : report["players"]) players += (players.empty() ? "" : ", ") + p.get<std::string>();
  md += fmt::format("{} played on the same {} shuffled decks (seed {}); players by seat: {}.\n\n", names,
                    report["deals"].get<std::uint64_t>(), report["seed"].get<std::uint64_t>(), players);
  md += fmt::format("Command: `{}`\n\n", report["command"].get<std::string>());
  for (const auto& n : report["notes"]) md += "> " + n.get<std::string>() + "\n\n";
  md += "Rates are shown with their 95 % Wilson interval in parentheses.\n\n";
  auto lines = glance(report);
  if (lines.empty()) return;
  md += "## At a glance\n\n";
  for (const auto& l : lines) md += "- " + l + "\n";
  md += "\n";
}

void markdown_rulesets_table(std::string& md, const json& report) {
  md += "## The rulesets\n\n| ruleset | deck | seats | hand | target | swap | forcing | scoring |\n|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : report["rulesets"]) {
    const json& f = r["ruleset"];
    md += fmt::format("| `{}` | {} | {} | {} | {} | {} | {} | {} |\n", f["name"].get<std::string>(),
                      f["deck"].get<std::string>(), f["seats"].get<int>(), f["hand"].get<int>(), f["target"].get<int>(),
                      f["swap"].get<bool>() ? "yes" : "no", forcing_rules(f), scoring_words(f));
  }
  md += "\n";
}

void outcomes_table(std::string& md, const json& report) {
  md += "## Who wins a deal\n\n| ruleset | deals | first to play wins | second to play wins | draws (tablas) | by seat |\n|---|---|---|---|---|---|\n";
  for (const auto& r : report["rulesets"]) {
    std::string seats;
    for (const auto& s : r["seat_wins"])
      seats += (seats.empty() ? "" : "; ") + fmt::format("seat {} ({}): {}", s["seat"].get<int>(), s["player"].get<std::string>(), rate_with_ci(s));
    md += fmt::format("| `{}` | {} | {} | {} | {} | {} |\n", r["ruleset"]["name"].get<std::string>(),
                      r["deals"].get<std::uint64_t>(), rate_with_ci(r["order_wins"][0]), rate_with_ci(r["order_wins"][1]),
                      rate_with_ci(r["draws"]), seats);
  }
  md += "\n";
}

void length_table(std::string& md, const json& report) {
  md += "## How long a deal runs\n\nMoves are record moves (turns, takes, passes, forces, ...); cards turned are cards taken from the stock.\n\n";
  md += "| ruleset | moves: mean (sd) | median | 10th–90th percentile | min–max | cards turned: mean |\n|---|---|---|---|---|---|\n";
  for (const auto& r : report["rulesets"]) {
    const json& m = r["deal_length"]["moves"];
    md += fmt::format("| `{}` | {:.1f} ({:.1f}) | {} | {}–{} | {}–{} | {:.1f} |\n", r["ruleset"]["name"].get<std::string>(),
                      m["mean"].get<double>(), m["sd"].get<double>(), m["median"].get<int>(), m["p10"].get<int>(),
                      m["p90"].get<int>(), m["min"].get<int>(), m["max"].get<int>(),
                      r["deal_length"]["turned"]["mean"].get<double>());
  }
  md += "\n";
}

void forcing_table(std::string& md, const json& report) {
  md += "## Forcing\n\nAn event is a force (or a hit); its effect is who won that deal.\n\n";
  md += "| ruleset | allowed | deals with an event | events per deal | decline / offer / hit | forced seat won | forcing seat won | drawn |\n|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : report["rulesets"]) {
    const json& f = r["forcing"];
    bool any = f["effect"]["events"].get<std::uint64_t>() > 0;
    auto eff = [&](const char* k) { return any ? rate_with_ci(f["effect"][k]) : std::string("–"); };
    md += fmt::format("| `{}` | {} | {} | {:.3f} | {} / {} / {} | {} | {} | {} |\n", r["ruleset"]["name"].get<std::string>(),
                      forcing_rules(r["ruleset"]), rate_with_ci(f["deals_with_force"]), f["per_deal"].get<double>(),
                      f["decline_forces"].get<std::uint64_t>(), f["offer_forces"].get<std::uint64_t>(),
                      f["hits"].get<std::uint64_t>(), eff("forced_seat_won"), eff("forcing_seat_won"), eff("drawn"));
  }
  md += "\n";
}

void match_table(std::string& md, const json& report) {
  md += "## Matches under each ruleset's scoring\n\nConsecutive deals (the deal passing round the table) form matches; see specs/diff-report.md.\n\n";
  md += "| ruleset | scoring | matches | match wins by seat | points per deal by seat | deals per match (mean) | largest multiplier | deals left over |\n|---|---|---|---|---|---|---|---|\n";
  for (const auto& r : report["rulesets"]) {
    const json& m = r["match"];
    std::string wins, points;
    for (const auto& w : m["wins"]) wins += (wins.empty() ? "" : "; ") + fmt::format("{}: {}", w["seat"].get<int>(), rate_with_ci(w));
    for (const auto& p : m["points"])
      points += (points.empty() ? "" : "; ") + fmt::format("{}: {:.2f}", p["seat"].get<int>(), p["per_deal"].get<double>());
    md += fmt::format("| `{}` | {} | {} | {} | {} | {:.2f} | {} | {} |\n", r["ruleset"]["name"].get<std::string>(),
                      scoring_words(r["ruleset"]), m["matches"].get<std::uint64_t>(), wins, points,
                      m["deals_per_match"]["mean"].get<double>(), m["largest_multiplier"].get<std::int64_t>(),
                      m["unfinished_deals"].get<std::uint64_t>());
  }
  md += "\n";
}

void markdown_comparisons(std::string& md, const json& report) {
  md += fmt::format("## Differences\n\nTwo-proportion z-tests for rates, Welch's z for mean lengths; **bold**: p < {}.\n\n",
                    report["alpha"].get<double>());
  for (const auto& c : report["comparisons"]) {
    md += fmt::format("### `{}` vs `{}`\n\n", c["a"].get<std::string>(), c["b"].get<std::string>());
    if (c.contains("note")) md += "> " + c["note"].get<std::string>() + "\n\n";
    md += fmt::format("| measure | `{}` | `{}` | difference (95 % CI) | z | p |\n|---|---|---|---|---|---|\n",
                      c["a"].get<std::string>(), c["b"].get<std::string>());
    for (const json& t : c["tests"]) {
      const std::string measure = t["measure"].get<std::string>();
      bool length = measure == "deal_length_moves";
      auto val = [&](double v) { return length ? fmt::format("{:.1f}", v) : percent(v); };
      std::string diff = length ? fmt::format("{:+.1f} ({:+.1f} to {:+.1f})", t["diff"].get<double>(), t["ci95"][0].get<double>(), t["ci95"][1].get<double>())
                                : fmt::format("{} ({} to {})", points_diff(t["diff"].get<double>()), points_diff(t["ci95"][0].get<double>()),
                                              points_diff(t["ci95"][1].get<double>()));
      std::string p = p_value(t["p"].get<double>());
      if (t["significant"].get<bool>()) p = "**" + p + "**";
      md += fmt::format("| {} | {} | {} | {} | {:.2f} | {} |\n", test_name(measure), val(t["a"].get<double>()),
                        val(t["b"].get<double>()), diff, t["z"].get<double>(), p);
    }
    md += "\n";
    md += "Property verdicts: " + c["properties"]["note"].get<std::string>() + ".\n\n";
    if (c.contains("games")) {
      const json& g = c["games"];
      md += fmt::format("Recorded games: {} checked, {} judged differently.\n\n", g["checked"].get<std::size_t>(), g["differing"].size());
      if (!g["differing"].empty()) {
        md += fmt::format("| game | under `{}` | under `{}` | first diverging move |\n|---|---|---|---|\n", c["a"].get<std::string>(),
                          c["b"].get<std::string>());
        auto side = [](const json& v) {
          std::string s = v["verdict"].get<std::string>();
          if (v.contains("move")) s += fmt::format(" at move {}", v["move"].get<int>());
          if (v.contains("code")) s += fmt::format(" ({})", v["code"].get<std::string>());
          return s;
        };
        for (const auto& d : g["differing"])
          md += fmt::format("| {} | {} | {} | {} |\n", d["id"].get<std::string>(), side(d["a"]), side(d["b"]),
                            d["first_diverging_move"].get<int>());
        md += "\n";
      }
    }
  }
}

}  // namespace

std::string diff_report_markdown(const json& report) {
  std::string md;
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
