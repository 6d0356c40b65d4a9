#include "http/table_match.h"

#include "record/record_writer.h"

namespace conquian::http {

void score_match_deal(TableMatch& match, const Scoring& scoring, record::GameRecord rec, int winner, int loser_points) {
  std::lock_guard<std::mutex> lock(match.mutex);
  const std::int64_t played_at = match.state.multiplier;
  score_deal(match.state, scoring, match.target, winner, loser_points);
  rec.score.present = true;
  rec.score.multiplier = played_at;
  rec.score.total = match.state.total;
  rec.score.match_winner = match.state.winner;
  match.deals.push_back(std::move(rec));
}

nlohmann::json match_json(TableMatch& match) {
  std::lock_guard<std::mutex> lock(match.mutex);
  const MatchState& m = match.state;
  return {{"target", match.target},
          {"total", m.total},
          {"deals", match.deals.size()},
          {"multiplier", m.multiplier},
          {"winner", m.over() ? nlohmann::json(m.winner) : nlohmann::json(nullptr)},
          {"over", m.over()}};
}

std::string match_record(TableMatch& match) {
  std::lock_guard<std::mutex> lock(match.mutex);
  if (match.deals.empty()) return "";
  // The match document names the ruleset its deals were dealt under; each deal then names none.
  const record::GameRecord& first = match.deals.front();
  record::MatchHeader header;
  header.ruleset = first.ruleset;
  header.ruleset_inline = first.ruleset_inline;
  header.players = first.players;
  header.seats = static_cast<int>(first.hands.size());
  header.target = match.target;
  std::string out = record::write_match_header(header);
  for (record::GameRecord rec : match.deals) {
    rec.ruleset.clear();
    rec.ruleset_inline.clear();
    out += "---\n" + record::write_record(rec);
  }
  return out;
}

}  // namespace conquian::http
