#include "batch/report_text.h"

#include <fmt/format.h>

namespace conquian::batch::text {

std::string percent(double rate) { return fmt::format("{:.1f} %", 100 * rate); }

std::string rate_with_ci(const nlohmann::json& r) {
  return fmt::format("{:.1f} % ({:.1f}–{:.1f})", 100 * r["rate"].get<double>(), 100 * r["ci95"][0].get<double>(),
                     100 * r["ci95"][1].get<double>());
}

std::string p_value(double p) { return p < 0.001 ? "< 0.001" : fmt::format("{:.3f}", p); }

std::string points_diff(double diff) { return fmt::format("{:+.1f} pp", 100 * diff); }

std::string order_name(int order) {
  static const char* names[] = {"first", "second", "third", "fourth"};
  return std::string(order >= 0 && order < 4 ? names[order] : "later") + " to play";
}

std::string forcing_rules(const nlohmann::json& r) {
  std::string out;
  for (const char* k : {"decline", "offer", "hit"})
    if (r["forcing"][k].get<bool>()) out += (out.empty() ? "" : ", ") + std::string(k);
  return out.empty() ? "none" : out;
}

std::string scoring_words(const nlohmann::json& r) {
  const auto& s = r["scoring"];
  std::string out = s["method"] == "hand_points" ? "loser's hand points" : fmt::format("stake {}", s["stake"].get<int>());
  if (s["after_draw"].get<int>() > 1) out += fmt::format(", ×{} after a draw", s["after_draw"].get<int>());
  int target = s["match_target"].get<int>();
  out += target > 0 ? fmt::format(", match to {}", target) : ", each deal a match";
  return out;
}

std::string test_name(const std::string& key) {
  if (key == "draw_rate") return "draw rate";
  if (key == "first_to_play_win_rate") return "first to play wins";
  if (key == "deals_with_force") return "deals with a force or hit";
  if (key == "deal_length_moves") return "deal length (moves)";
  if (key.starts_with("seat_") && key.ends_with("_match_share"))
    return "seat " + key.substr(5, key.size() - 5 - 12) + "'s share of won matches";
  if (key.starts_with("seat_") && key.ends_with("_win_rate")) return "seat " + key.substr(5, key.size() - 5 - 9) + " wins";
  return key;
}

}  // namespace conquian::batch::text

namespace conquian::batch::text {

std::vector<std::string> glance(const nlohmann::json& report) {
  std::vector<std::string> out;
  const auto& rulesets = report["rulesets"];
  if (rulesets.size() < 2) return out;
  std::string base = rulesets[0]["ruleset"]["name"].get<std::string>();
  for (const auto& c : report["comparisons"]) {
    if (c["a"] != base) continue;
    std::string other = c["b"].get<std::string>();
    std::string parts;
    for (const auto& t : c["tests"]) {
      if (!t["significant"].get<bool>()) continue;
      std::string m = t["measure"].get<std::string>();
      // Read from the other ruleset's side: its value first, then the baseline's.
      double a = t["a"].get<double>(), b = t["b"].get<double>();
      std::string part;
      if (m == "deal_length_moves")
        part = fmt::format("deals run {:.1f} moves on average against {:.1f}", b, a);
      else if (m == "draw_rate")
        part = fmt::format("{} of deals are drawn against {}", percent(b), percent(a));
      else if (m == "first_to_play_win_rate")
        part = fmt::format("the first to play wins {} of deals against {}", percent(b), percent(a));
      else if (m == "deals_with_force")
        part = fmt::format("forcing happens in {} of deals against {}", percent(b), percent(a));
      else
        part = fmt::format("{} {} against {}", test_name(m), percent(b), percent(a));
      part += fmt::format(" (p {})", p_value(t["p"].get<double>()));
      parts += (parts.empty() ? "" : "; ") + part;
    }
    out.push_back(parts.empty() ? fmt::format("{}: no significant difference from {} at these deal counts.", other, base)
                                : fmt::format("{} compared with {}: {}.", other, base, parts));
  }
  return out;
}

}  // namespace conquian::batch::text
