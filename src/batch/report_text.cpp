#include "batch/report_text.h"

#include <fmt/format.h>

#include <cmath>

#include "pan/engine.h"
#include "replay/chips_words.h"
#include "replay/game_of.h"

namespace conquian::batch::text {

std::string percent(double rate) { return fmt::format("{:.1f} %", 100 * rate); }

std::string rate_with_ci(const Rate& r) {
  return fmt::format("{:.1f} % ({:.1f}–{:.1f})", 100 * r.rate, 100 * r.ci95.low, 100 * r.ci95.high);
}

std::string p_value(double p) { return p < 0.001 ? "< 0.001" : fmt::format("{:.3f}", p); }

std::string points_diff(double diff) { return fmt::format("{:+.1f} pp", 100 * diff); }

std::string order_name(int order) {
  static const char* names[] = {"first",    "second",  "third",      "fourth",     "fifth",
                                "sixth",    "seventh", "eighth",     "ninth",      "tenth",
                                "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth"};
  return std::string(order >= 0 && order < 15 ? names[order] : "later") + " to play";
}

std::string forcing_rules(const Ruleset& r) {
  std::string out;
  for (auto [allowed, name] :
       {std::pair{r.forcing.decline, "decline"}, {r.forcing.offer, "offer"}, {r.forcing.hit, "hit"}})
    if (allowed) out += (out.empty() ? "" : ", ") + std::string(name);
  return out.empty() ? "none" : out;
}

std::string scoring_words(const Ruleset& r) {
  const Scoring& s = r.scoring;
  std::string out = s.method == ScoringMethod::HandPoints ? "loser's hand points" : fmt::format("stake {}", s.stake);
  if (s.after_draw > 1) out += fmt::format(", ×{} after a draw", s.after_draw);
  out += s.match_target > 0 ? fmt::format(", match to {}", s.match_target) : ", each deal a match";
  return out;
}

std::string pan_terms_words(const Ruleset& r) {
  const PanTerms& t = r.pan;
  const int cards = pan::pack(r).size();
  return fmt::format("{} packs ({} cards), ante {}, drop forfeit {}, going out {} a seat", t.packs, cards, t.ante,
                     t.drop_forfeit, t.go_out_per_seat);
}

std::string test_name(const std::string& key) {
  if (key == "draw_rate") return "draw rate";
  if (key == "first_to_play_win_rate") return "first to play wins";
  if (key == "deals_with_force") return "deals with a force or hit";
  if (key == "deal_length_moves") return "deal length (moves)";
  if (key.starts_with("seat_") && key.ends_with("_match_share"))
    return "seat " + key.substr(5, key.size() - 5 - 12) + "'s share of won matches";
  if (key.starts_with("seat_") && key.ends_with("_win_rate"))
    return "seat " + key.substr(5, key.size() - 5 - 9) + " wins";
  if (key == "drop_rate") return "seats that drop";
  if (key == "going_out_rate") return "deals won by going out";
  if (key == "conditions_per_deal") return "chips paid for conditions a deal";
  if (key == "pot_taken") return "pot taken by the winner";
  if (key.starts_with("seat_") && key.ends_with("_chips_per_deal"))
    return "seat " + key.substr(5, key.size() - 5 - 15) + ": chips a deal";
  if (key.starts_with("seat_") && key.ends_with("_drop_rate"))
    return "seat " + key.substr(5, key.size() - 5 - 10) + " drops";
  return key;
}

bool test_of_means(const std::string& key) {
  return key == "deal_length_moves" || key == "conditions_per_deal" || key == "pot_taken" ||
         key.ends_with("_chips_per_deal");
}

std::string test_value(const std::string& key, double v) {
  if (key == "deal_length_moves") return fmt::format("{:.1f}", v);
  if (key == "conditions_per_deal" || key == "pot_taken") return fmt::format("{:.2f}", v);
  return test_of_means(key) ? chips_a_deal(v) : percent(v);
}

std::string test_difference(const std::string& key, double diff, double low, double high) {
  if (test_of_means(key)) return fmt::format("{:+.2f} ({:+.2f} to {:+.2f})", diff, low, high);
  return fmt::format("{} ({} to {})", points_diff(diff), points_diff(low), points_diff(high));
}

std::string chips_a_deal(double chips) { return fmt::format("{:+.2f}", chips); }

bool pan_report(const DiffReport& report) {
  return !report.rulesets.empty() && game_facts(*report.rulesets.front().rules).settles_in_chips;
}

std::string report_title(const DiffReport& report) {
  return pan_report(report) ? "Panguingue rulesets compared" : "Conquian rulesets compared";
}

std::string players_words(const DiffReport& report) {
  std::string out;
  for (std::size_t s = 0; s < report.players.size(); ++s)
    out += fmt::format("{}seat {} {}", s ? ", " : "", s, report.players[s]);
  return out;
}

std::string pan_force_words(const Ruleset& r) { return r.forcing.decline ? "on a pass" : "none"; }

std::string chips_with_ci(const Summary& c) {
  // The mean's 95 % interval by the normal approximation (thousands of deals).
  const double half = c.n > 1 ? 1.96 * c.sd / std::sqrt(static_cast<double>(c.n)) : 0.0;
  return fmt::format("{:+.2f} ({:+.2f} to {:+.2f})", c.mean, c.mean - half, c.mean + half);
}

std::string verdict_words(const check::GameVerdict& v) {
  std::string s = check::judgement_name(v.judgement);
  if (v.judgement != check::Judgement::Legal) s += fmt::format(" at move {}", v.move);
  if (v.judgement == check::Judgement::Illegal) s += fmt::format(" ({})", code_name(v.code));
  return s;
}

}  // namespace conquian::batch::text

namespace conquian::batch::text {

std::vector<std::string> glance(const DiffReport& report) {
  std::vector<std::string> out;
  if (report.rulesets.size() < 2) return out;
  const std::string& base = report.rulesets[0].rules->name;
  for (const Comparison& c : report.comparisons) {
    if (c.a != base) continue;
    std::string parts;
    for (const Test& t : c.tests) {
      if (!t.significant) continue;
      const std::string& m = t.measure;
      // Read from the other ruleset's side: its value first, then the baseline's.
      std::string part;
      if (m == "deal_length_moves") part = fmt::format("deals run {:.1f} moves on average against {:.1f}", t.b, t.a);
      else if (m == "draw_rate") part = fmt::format("{} of deals are drawn against {}", percent(t.b), percent(t.a));
      else if (m == "first_to_play_win_rate")
        part = fmt::format("the first to play wins {} of deals against {}", percent(t.b), percent(t.a));
      else if (m == "deals_with_force")
        part = fmt::format("forcing happens in {} of deals against {}", percent(t.b), percent(t.a));
      else if (m == "drop_rate") part = fmt::format("{} of seats drop against {}", percent(t.b), percent(t.a));
      else if (m == "going_out_rate")
        part = fmt::format("a seat goes out in {} of deals against {}", percent(t.b), percent(t.a));
      else part = fmt::format("{} {} against {}", test_name(m), test_value(m, t.b), test_value(m, t.a));
      part += fmt::format(" (p {})", p_value(t.z.p));
      parts += (parts.empty() ? "" : "; ") + part;
    }
    out.push_back(parts.empty() ? fmt::format("{}: no significant difference from {} at these deal counts.", c.b, base)
                                : fmt::format("{} compared with {}: {}.", c.b, base, parts));
  }
  return out;
}

std::vector<std::string> pan_summary(const DiffReport& report) {
  std::vector<std::string> out;
  out.push_back(fmt::format("{}: {} deals (seed {})", report_title(report), report.deals, report.seed));
  out.push_back("players: " + players_words(report));
  for (const RulesetFigures& r : report.rulesets) {
    out.push_back(fmt::format(
        "{}, {} seats: seats that drop {}; a seat goes out in {}; drawn {}; conditions paid {:.2f} chips a deal; "
        "pot taken {:.2f}",
        r.rules->name, r.seats, rate_with_ci(r.drops), rate_with_ci(r.went_out), rate_with_ci(r.draws),
        r.conditions.mean, r.pot_taken.mean));
    std::string mean;
    for (std::size_t s = 0; s < r.seat_chips.size(); ++s)
      mean += fmt::format("{}seat {} {}", s ? ", " : "", s, chips_a_deal(r.seat_chips[s].mean));
    out.push_back("  chips a deal: " + mean);
    out.push_back("  chips in all: " + chips_words(r.seat_chips_total));
  }
  for (const Comparison& c : report.comparisons) {
    std::string line = c.a + " vs " + c.b + ": ";
    for (const Test& t : c.tests)
      if (t.measure == "drop_rate")
        line += fmt::format("seats that drop {}, p {}; ",
                            test_difference(t.measure, t.z.diff, t.z.diff_ci.low, t.z.diff_ci.high), p_value(t.z.p));
    std::string sig;
    for (const auto& k : c.significant()) sig += (sig.empty() ? "" : ", ") + test_name(k);
    out.push_back(line + (sig.empty() ? "no significant difference" : "differ in " + sig));
  }
  return out;
}

}  // namespace conquian::batch::text
