#include "serve/tournament_report.h"

#include <fmt/format.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#include "batch/svg_chart.h"

namespace conquian::serve {
namespace {

using batch::svg::escape;

// One row of the standings table: the cells as text, in the columns' order.
std::vector<std::string> row_cells(const TournamentReport& r, std::size_t i) {
  const PlayerStanding& p = r.standings[i];
  const std::uint64_t games = p.won + p.drawn + p.lost;
  return {p.name,
          fmt::format("{}", games),
          fmt::format("{}", p.won),
          fmt::format("{}", p.drawn),
          fmt::format("{}", p.lost),
          fmt::format("{}", p.forfeits),
          fmt::format("{:.1f}", p.points),
          fmt::format("{:+.3f} [{:+.3f}, {:+.3f}]", p.dup_diff, p.dup_ci.low, p.dup_ci.high),
          fmt::format("{:+.0f} [{:+.0f}, {:+.0f}]", p.rating, p.rating_ci.low, p.rating_ci.high)};
}

const std::vector<std::string>& headers() {
  static const std::vector<std::string> h = {
      "player",         "games", "won", "drawn", "lost", "forfeits", "points", "duplicate diff per board (95% CI)",
      "rating (95% CI)"};
  return h;
}

std::string about(const TournamentReport& r) {
  return fmt::format(
      "Duplicate round robin under {}: {} deals per pairing, each played twice with the seats swapped (seed {}). "
      "Points: 1 a win, 1/2 a draw. Duplicate diff: a player's points minus its opponent's over the two games of a "
      "board (-2..2), the mean over its boards with its 95% interval. Rating: Bradley-Terry on the Elo scale (mean "
      "0), 95% interval from {} bootstrap resamples of the boards.",
      r.ruleset, r.deals, r.seed, r.bootstrap_samples);
}

std::string pair_line(const TournamentReport& r, const Pairing& pr) {
  int aw = 0, d = 0, bw = 0;
  double ap = 0;
  for (const Board& b : pr.boards) aw += b.a_wins, d += b.draws, bw += b.b_wins, ap += b.a_points;
  return fmt::format("{} - {}: {} won, {} drawn, {} lost; points {:.1f} - {:.1f}", r.players[std::size_t(pr.a)],
                     r.players[std::size_t(pr.b)], aw, d, bw, ap, 2.0 * static_cast<double>(pr.boards.size()) - ap);
}

std::string base64(const unsigned char* data, int n) {
  std::string out(static_cast<std::size_t>(4 * ((n + 2) / 3)), '\0');
  EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()), data, n);
  return out;
}

const char* kStyle =
    "body{font-family:sans-serif;max-width:1060px;margin:24px auto;padding:0 16px;color:#222}"
    "table{border-collapse:collapse;font-size:14px}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left}"
    "th{background:#f3f5f7}td.num{text-align:right;font-variant-numeric:tabular-nums}.sub{color:#555}";

}  // namespace

std::string tournament_text(const TournamentReport& r) {
  std::vector<std::vector<std::string>> rows{headers()};
  for (std::size_t i = 0; i < r.standings.size(); ++i) rows.push_back(row_cells(r, i));
  std::vector<std::size_t> width(headers().size(), 0);
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  std::string out = about(r) + "\n\n";
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c)
      line += (c ? "  " : "") +
              (c == 0 ? fmt::format("{:<{}}", row[c], width[c]) : fmt::format("{:>{}}", row[c], width[c]));
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  out += "\n";
  for (const Pairing& pr : r.pairings) out += pair_line(r, pr) + "\n";
  return out;
}

nlohmann::ordered_json tournament_json(const TournamentReport& r) {
  nlohmann::ordered_json players = nlohmann::ordered_json::array(), pairings = nlohmann::ordered_json::array();
  for (const PlayerStanding& p : r.standings)
    players.push_back({{"name", p.name},
                       {"won", p.won},
                       {"drawn", p.drawn},
                       {"lost", p.lost},
                       {"forfeits", p.forfeits},
                       {"points", p.points},
                       {"duplicate_diff", p.dup_diff},
                       {"duplicate_diff_ci95", {p.dup_ci.low, p.dup_ci.high}},
                       {"rating", p.rating},
                       {"rating_ci95", {p.rating_ci.low, p.rating_ci.high}}});
  for (const Pairing& pr : r.pairings) {
    int aw = 0, d = 0, bw = 0;
    double ap = 0;
    for (const Board& b : pr.boards) aw += b.a_wins, d += b.draws, bw += b.b_wins, ap += b.a_points;
    pairings.push_back({{"players", {r.players[std::size_t(pr.a)], r.players[std::size_t(pr.b)]}},
                        {"boards", pr.boards.size()},
                        {"won", aw},
                        {"drawn", d},
                        {"lost", bw},
                        {"points", {ap, 2.0 * static_cast<double>(pr.boards.size()) - ap}}});
  }
  return {{"ruleset", r.ruleset},
          {"deals_per_pairing", r.deals},
          {"seed", r.seed},
          {"move_time_ms", r.move_time_ms},
          {"rating", "bradley-terry, elo scale, mean 0"},
          {"bootstrap_samples", r.bootstrap_samples},
          {"players", players},
          {"pairings", pairings}};
}

std::string tournament_markdown(const TournamentReport& r) {
  // A cell's text with the characters Markdown tables give meaning to escaped.
  auto cell = [](const std::string& s) {
    std::string out;
    for (char c : s) {
      if (c == '|' || c == '\\' || c == '`' || c == '*' || c == '_' || c == '<' || c == '[') out += '\\';
      out += c == '\n' ? ' ' : c;
    }
    return out;
  };
  std::string md = "# Conquian tournament\n\n" + cell(about(r)) + "\n\n";
  if (!r.command.empty()) md += "Command: " + cell(r.command) + "\n\n";
  md += "|";
  for (const auto& h : headers()) md += " " + h + " |";
  md += "\n|";
  for (std::size_t c = 0; c < headers().size(); ++c) md += c == 0 ? "---|" : "---:|";
  md += "\n";
  for (std::size_t i = 0; i < r.standings.size(); ++i) {
    md += "|";
    for (const auto& c : row_cells(r, i)) md += " " + cell(c) + " |";
    md += "\n";
  }
  md += "\n## Pairings\n\n";
  for (const Pairing& pr : r.pairings) md += "- " + cell(pair_line(r, pr)) + "\n";
  return md;
}

std::string tournament_html(const TournamentReport& r) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(kStyle), std::char_traits<char>::length(kStyle), digest);
  const std::string csp = "default-src 'none'; style-src 'sha256-" + base64(digest, SHA256_DIGEST_LENGTH) +
                          "'; base-uri 'none'; form-action 'none'";
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
  h += "<meta http-equiv=\"Content-Security-Policy\" content=\"" + escape(csp) + "\">\n";
  h += "<title>Conquian tournament: " + escape(r.ruleset) + "</title>\n<style>" + std::string(kStyle) +
       "</style></head><body>\n";
  h += "<h1>Conquian tournament</h1>\n<p class=\"sub\">" + escape(about(r)) + "</p>\n";
  if (!r.command.empty()) h += "<p class=\"sub\">Command: <code>" + escape(r.command) + "</code></p>\n";
  h += "<table>\n<tr>";
  for (const auto& c : headers()) h += "<th>" + escape(c) + "</th>";
  h += "</tr>\n";
  for (std::size_t i = 0; i < r.standings.size(); ++i) {
    h += "<tr>";
    const auto cells = row_cells(r, i);
    for (std::size_t c = 0; c < cells.size(); ++c)
      h += (c == 0 ? "<td>" : "<td class=\"num\">") + escape(cells[c]) + "</td>";
    h += "</tr>\n";
  }
  h += "</table>\n<h2>Pairings</h2>\n<ul>\n";
  for (const Pairing& pr : r.pairings) h += "<li>" + escape(pair_line(r, pr)) + "</li>\n";
  h += "</ul>\n</body></html>\n";
  return h;
}

}  // namespace conquian::serve
